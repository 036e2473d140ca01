// Timers and delayed actions (spec §7.8, checklist #54; aiming by timer, #53). A Timer shows a
// Side icon and sits on a holder (a figure or portrait, or a DDD tile). It comes off at the start
// of the next Refresh Phase of the Side it shows (step 2, after the due explosions), never in the
// Turn it was placed, at most one per holder in a Turn (spec 7.8 [P]). When-Removed effects fire on
// removal: a delayed Action is resolved then by its owner (who chooses the target, with positions,
// LOS and modifiers as they stand), on the other Side's Turn; a Dark Matter Bomb timer counts down.
import { violation, type Violation } from '../../../engine/types.js';
import { actionOf, footprintAt, mission, other, whenRemovedAction, whenRemovedMp, type Frame, type S, type Side, type Timer, type Unit } from '../state.js';
import type { Color, CompiledAction, Dir } from '../content.js';
import type { Status } from '../abilities.js';
import { DIRS, movesWithMp, pathTo, reachAll } from '../geometry.js';
import { say, type Ev } from './board.js';
import { altDiceChoice, checkOms, declaredDiceProblem, reactingSeat, startAttack, targetProblem } from './combat.js';
import { attackerAt } from './ddd.js';
import { checkEvents } from './events.js';
import { trafficCheck } from './traffic.js';

/**
 * An optional Until-Removed timer (spec 7.8): placed when the Action is used (`act {…, timer: true}`),
 * on the Action, showing the Side its data names; each `UNTIL REMOVED = GAIN <status>` ability gives
 * the unit a status marker held by the timer: in effect while the timer is present (a Refresh card
 * does not remove it), gone when it comes off. Several timers: each holds its own markers, so the
 * effect lasts until all are removed.
 */
export function placeUntil(s: S, u: Unit, def: CompiledAction, ev: Ev): void {
  const side = def.timer?.side === 'enemy' ? other(u.side) : u.side;
  const t = placeTimer(s, side, `action:${u.id}:${def.base ?? def.id}`, { t: 'until', unit: u.id, action: def.id }, ev);
  for (const ab of def.parsed) {
    if (!ab.conds.some((c) => c.k === 'untilRemoved')) continue;
    for (const alt of ab.effects) {
      const e = alt[0];
      if (e.k !== 'gain') continue;
      u.statuses.push({ kind: e.thing as Status, turn: s.turnNo, timer: t.n });
      say(ev, 'status_gained', { unit: u.id, status: e.thing, until: t.n });
    }
  }
}
/** The Until-Removed timer came off: the statuses it held go. */
function endUntil(s: S, t: Timer): void {
  const u = s.units[(t.effect as { unit: string }).unit];
  if (u) u.statuses = u.statuses.filter((m) => m.timer !== t.n);
}

/** Whether this Action carries a mandatory timer in this mission (Advanced rules only, spec 4.4 item 9). */
export function mandatoryTimer(s: S, def: Pick<CompiledAction, 'timer'>): boolean { return !!def.timer?.mandatory && mission(s).rules === 'advanced'; }

export function placeTimer(s: S, side: Side, holder: string, effect: Timer['effect'], ev: Ev): Timer {
  const t: Timer = { n: s.nextId++, side, holder, turn: s.turnNo, effect };
  (s.timers ??= []).push(t);
  say(ev, 'timer_placed', { timer: t.n, side, holder, ...(effect.t === 'bomb' ? { ddd: effect.ddd } : { unit: effect.unit, action: effect.action }), ...(effect.t === 'until' ? { until: true } : {}) });
  return t;
}

/**
 * The Action is paid now and delayed (spec 7.8): aiming by timer puts an enemy When-Removed timer
 * on the unit (spec 7.4); a mandatory timer shows the Side its data names (own or enemy).
 */
export function delayAction(s: S, u: Unit, def: CompiledAction, aimed: boolean, ev: Ev): void {
  const side = aimed || def.timer?.side !== 'own' ? other(u.side) : u.side;
  placeTimer(s, side, `unit:${u.id}`, { t: 'action', unit: u.id, action: def.id, aimed }, ev);
}

/**
 * An optional Delay Action timer placed (spec 7.8, L1655-1663; the Golem's Charge, L1681): the
 * Action is paid now (its Main/Add-on allowance used) and waits whole until the timer comes off;
 * the When-Removed timer goes on the Action (holder `action:<unit>:<action>`) showing the Side its
 * data names (the Golem's: MAYHEM). Its WHEN REMOVED abilities apply when it is resolved.
 */
export function delayWhenRemoved(s: S, u: Unit, def: CompiledAction, aimed: boolean, ev: Ev): void {
  const side = def.timer?.side === 'enemy' ? other(u.side) : u.side;
  placeTimer(s, side, `action:${u.id}:${def.base ?? def.id}`, { t: 'action', unit: u.id, action: def.id, aimed, whenRemoved: true }, ev);
}

/** The timers that come off now: showing the Side whose Refresh Phase begins, placed before this Turn, the first on each holder. */
export function dueTimers(s: S): Timer[] {
  const seen = new Set<string>();
  const out: Timer[] = [];
  for (const t of s.timers ?? []) {
    if (t.side !== s.side || t.turn >= s.turnNo || seen.has(t.holder)) continue;
    seen.add(t.holder);
    out.push(t);
  }
  return out;
}

/** Refresh step 2.2: removes the due timers and stacks their When-Removed effects, first placed first. */
export function removeTimers(s: S, ev: Ev, bomb: (s: S, t: Timer, ev: Ev) => void): void {
  const due = dueTimers(s);
  if (!due.length) return;
  s.timers = s.timers!.filter((t) => !due.includes(t));
  if (!s.timers.length) delete s.timers;
  const frames: Frame[] = [];
  for (const t of due) {
    say(ev, 'timer_removed', { timer: t.n, side: t.side, holder: t.holder });
    if (t.effect.t === 'bomb') bomb(s, t, ev);
    else if (t.effect.t === 'until') endUntil(s, t);
    else {
      // A unit's delayed Action, or the Hell Tower's (its timer on the DDD tile, spec 7.15): LEGION's first seat answers for a DDD.
      const u = attackerAt(s, t.effect.unit, null)!;
      const f: Extract<Frame, { t: 'delayed' }> = { t: 'delayed', seat: reactingSeat(s, u), timer: t.n, unit: u.id, action: t.effect.action, aimed: t.effect.aimed };
      // A Delay Action timer's WHEN REMOVED abilities: the MP they grant are moved first (the Golem's Charge: up to 3 MP, L1681).
      if (t.effect.whenRemoved) { f.whenRemoved = true; const mp = whenRemovedMp(actionOf(u, t.effect.action)!); if (mp) { f.mp = mp; f.ability = mp; } }
      // "The entire Action is delayed" (L1663, L1669, L1700): a unit's Weapon Action brings its own MP, before or after the attack, never split (L623).
      const weapon = s.units[u.id] ? actionOf(u, t.effect.action)!.mp ?? 0 : 0;
      if (weapon) { f.weaponMp = weapon; f.mp = (f.mp ?? 0) + weapon; }
      frames.push(f);
    }
  }
  s.stack.push(...frames.reverse());
}

/** The delayed Action as it resolves: with its WHEN REMOVED abilities in force when a Delay Action timer delayed it. */
function delayedDef(u: Unit, f: Extract<Frame, { t: 'delayed' }>): CompiledAction {
  const a = actionOf(u, f.action)!;
  return f.whenRemoved ? whenRemovedAction(a) : a;
}

/** Target spaces the delayed attack may name now (positions at resolution, spec 7.8 [P]); none when the unit is off the map. */
export function delayedTargets(s: S, f: Extract<Frame, { t: 'delayed' }>, spaces: (s: S, u: Unit) => string[]): string[] {
  const u = attackerAt(s, f.unit, null);
  if (!u?.at || u.downed || f.fired) return [];
  return spaces(s, u).filter((k) => { const v = attackerAt(s, f.unit, k)!; return !targetProblem(s, v, delayedDef(v, f), k); });
}

export function delayedProblem(s: S, f: Extract<Frame, { t: 'delayed' }>, target: string | null, dice: { dieUpgrades?: Color[]; dieDowngrades?: Color[] } = {}): Violation | null {
  if (f.fired) return target !== null || dice.dieUpgrades?.length || dice.dieDowngrades?.length ? violation('already_fired', 'the delayed attack was made: move with its weapon MP, or end with target null') : null;
  if (target === null) return dice.dieUpgrades?.length || dice.dieDowngrades?.length ? violation('dice_need_target', 'no attack, no dice to choose (spec 7.3.4)') : null;
  const u = attackerAt(s, f.unit, target);
  if (!u?.at || u.downed) return violation('not_on_map', `${f.unit} is not on the map (or destroyed): the delayed Action is lost`);
  return targetProblem(s, u, delayedDef(u, f), target) ?? declaredDiceProblem(s, u, delayedDef(u, f), target, { up: dice.dieUpgrades, down: dice.dieDowngrades });
}

/** The delayed attack at `target` with the other way to spend its Bonuses or Penalties, where that gives other dice (spec 7.3.4): for the candidates. */
export function delayedAlt(s: S, f: Extract<Frame, { t: 'delayed' }>, target: string): { dieUpgrades: Color[] } | { dieDowngrades: Color[] } | null {
  const u = attackerAt(s, f.unit, target);
  return u?.at && !u.downed ? altDiceChoice(s, u, delayedDef(u, f), target) : null;
}

/** Resolves the delayed Action: the attack (aimed if it was aimed, with its WHEN REMOVED abilities if a Delay Action timer delayed it), or nothing (forgone). */
export function resolveDelayed(s: S, f: Extract<Frame, { t: 'delayed' }>, target: string | null, ev: Ev, dice: { dieUpgrades?: Color[]; dieDowngrades?: Color[] } = {}): void {
  // After the attack, `delayed {target: null}` ends the move with its weapon MP (any left are lost).
  // Logged publicly as `delayed_ended` (the MP it leaves are public: the weapon's printed MP less the moves made, both seen).
  if (f.fired) { s.stack.splice(s.stack.indexOf(f), 1); say(ev, 'delayed_ended', { unit: f.unit, action: f.action, mpLost: f.mp ?? 0 }); return; }
  if (target === null) { s.stack.splice(s.stack.indexOf(f), 1); say(ev, 'delayed_forgone', { unit: f.unit, action: f.action }); return; }
  const u = attackerAt(s, f.unit, target)!;
  say(ev, 'delayed_resolved', { unit: u.id, action: f.action, target });
  // The weapon MP not touched before the attack (the WHEN REMOVED MP are spent first) may be moved after it (L623: not split).
  const spent = (f.ability ?? 0) + (f.weaponMp ?? 0) - (f.mp ?? 0);
  if (f.weaponMp && spent <= (f.ability ?? 0)) { f.fired = true; f.mp = f.weaponMp; } else s.stack.splice(s.stack.indexOf(f), 1);
  startAttack(s, f.seat, u, delayedDef(u, f), target, ev, f.aimed, dice);
  const a = s.stack[s.stack.length - 1];
  if (f.whenRemoved && a?.t === 'attack') a.whenRemoved = true;
}

// ---------------------------------------------------------------- the Charge's move (L1681)

/**
 * Spaces the unit may move to now with the MP its Delay Action timer's WHEN REMOVED abilities
 * granted (the Golem's Charge: "move up to 3 MP", then attack), by the rules of a move (spec 7.2;
 * a Large Unit's steps, spec 7.2.6): any number of moves while MP are left, before the target.
 */
export function delayedMoves(s: S, f: Extract<Frame, { t: 'delayed' }>): string[] {
  return movesWithMp(s, f.unit, f.mp);
}

export function delayedMoveProblem(s: S, f: Extract<Frame, { t: 'delayed' }>, a: { unit: string; to: string; facing: Dir }): Violation | null {
  if (a.unit !== f.unit) return violation('not_the_unit', `only ${f.unit} moves now, with its delayed Action's MP`);
  if (!f.mp) return violation('no_mp', f.fired ? 'the weapon MP are spent: end with target null' : 'the delayed Action grants no MP (or they are spent): name its target');
  if (!DIRS.includes(a.facing)) return violation('bad_facing', 'facing is N, E, S or W');
  if (!delayedMoves(s, f).includes(a.to)) return violation('unreachable', `${a.to} is not reachable with ${f.mp} MP (spec 2.1.3)`);
  return null;
}

/** Moves the unit along the cheapest path within the delayed Action's MP; OMs flip and Events trigger as in any move. */
export function delayedMove(s: S, f: Extract<Frame, { t: 'delayed' }>, a: { unit: string; to: string; facing: Dir }, ev: Ev): void {
  const u = s.units[f.unit];
  const all = reachAll(s, u, f.mp!);
  const path = pathTo(all, a.to);
  f.mp! -= all.get(a.to)!.cost;
  for (const k of path) for (const c of footprintAt(u, k)) checkOms(s, u, c, ev);
  const from = u.at;
  u.at = a.to; u.facing = a.facing;
  checkEvents(s, u, path, from);
  say(ev, 'moved', { unit: u.id, path, facing: a.facing, delayed: f.action, mp: f.mp });
  // Into a drone's Traffic zone (rules/traffic.ts): checked where the move ends, as a Jump's or a Dash's.
  trafficCheck(s, u, from, a.to);
}
