// Unbreakable as a skyeye ruleset (spec: shared/rules/unbreakable.md).
// Board: a hex map (flat-topped, labels XXYY, src/engine/mech/hex.ts) with convertible terrain.
// Chance: combat dice (☺ on odd), earthquake colour dice, d6s; an action deck of activation,
// Time Stream, Earthquake (and Opportunity) cards reshuffled whole every turn and drawn late.
// Hidden information: only the sealed setup (composition, loadout, placement) until turn 1.
// Simultaneous choices: setup and the Time Stream status changes are sealed groups.
// Interrupt windows: defensive lasers against a bomb in flight, displacement placement,
// force-beam push and continuous fire. Special Delivery's Yellow crawler and the Runaway
// crawler are run by the rules' own procedures, not by a seat.
import { render } from './render.js';
import type { Entry, OpenDecision, Result, Rng, Ruleset, Seat, Step, Violation } from '../../engine/types.js';
import { violation } from '../../engine/types.js';
import { copyJson } from '../../engine/mech/json.js';
import { CONTENT, scenarioDef } from './content.js';
import { actCandidates, actProblem, lightWeapon, moveProblem, oppCandidates, oppProblem, small, unitTurn } from './legal.js';
import { neighboursOf } from './geometry.js';
import { type Action, type Frame, type Options, type S, type Side, type Status, Run, other } from './state.js';
import { advance, applyStatus, grenadeSquads, reprogrammers, statusOptions, statusUnits } from './rules/turn.js';
import {
  flagProblem, initialState, loadoutLimitProblem, loadoutOptions, loadoutProblem, loadouts, placeOptions, placeProblem, platoonProblem, platoons, reveal, setupSides, setupUnit,
} from './rules/scenario.js';
import { pushObject, doPush, eligibleLasers, fireBeam, fireLasers, forceEffect, launchBomb, melee, offerContinue, shotWeapon, weaponOf, detonate } from './rules/combat.js';
import { combatRoll, dropObject, goOffline, removeUnit } from './rules/effects.js';
import { fireJets, launchVortex, nextRocketHexes, rocket } from './rules/chrome.js';
import { displaceTargets, enter, exitMap, finishDisplacement } from './rules/movement.js';
import { finish, matchContinues, roundRecord } from './rules/victory.js';
import { determinizeView, viewOf, type View } from './view.js';
import { actionSchema } from './action-schema.js';
import { describe, label } from './text.js';
import { evaluate } from './evaluate.js';
import { unbreakablePosition } from './position.js';

export type { Action, S, View };

type F<K extends Frame['f']> = Extract<Frame, { f: K }>;
const top = (s: S) => s.stack[s.stack.length - 1];
const seatSide = (s: S, seat: Seat): Side => (s.seatOf.blue === seat ? 'blue' : 'yellow');

// ---------------------------------------------------------------- decisions

function pending(s: S): OpenDecision[] {
  if (s.result) return [];
  if (s.phase === 'setup') {
    const step = s.setupPlan[s.setupStage];
    return setupSides(s, step).map((side) => ({
      key: `setup:${s.setupStage}:${side}`, seat: s.seatOf[side]!, kind: step.k, blocking: true, timing: 'setup' as const,
      group: { id: `setup:${s.setupStage}`, mode: 'sealed' as const }, context: ['setup'], exposes: { step },
    }));
  }
  const f = top(s);
  if (!f) return [];
  const ctx = [`turn:${s.turn}`];
  const one = (seat: Seat, kind: string, timing: 'turn' | 'reaction', exposes: unknown, key = `${kind}:${(f as { n?: number }).n ?? 0}`): OpenDecision[] =>
    [{ key, seat, kind, blocking: true, timing, context: ctx, exposes }];
  const sealed = (seats: Seat[], kind: string, exposes: unknown): OpenDecision[] => seats.map((seat) => ({
    key: `${kind}:${(f as { n: number }).n}:${seat}`, seat, kind, blocking: true, timing: 'sealed' as const, context: ctx,
    group: { id: `${kind}:${(f as { n: number }).n}`, mode: 'sealed' as const }, exposes,
  }));
  switch (f.f) {
    case 'act': return one(s.seatOf[f.side]!, 'activation', 'turn', { card: f.card, side: f.side, unit: f.utype, units: f.units }, `act:${f.n}:${s.moves}`);
    case 'laser': return f.seats.length === 1 ? one(f.seats[0], 'lasers', 'reaction', { bomb: f.bomb }) : sealed(f.seats, 'lasers', { bomb: f.bomb });
    case 'push': return one(s.seatOf[f.side as Side]!, 'push', 'turn', { target: f.target, options: f.options });
    case 'continue': return one(s.seatOf[f.side as Side]!, 'continue', 'turn', { target: f.target, size: f.size });
    case 'displace': return one(s.seatOf[displaceTurn(s, f)]!, 'displace', 'reaction', { hex: f.hex, mover: f.mover, need: f.need - f.moved.length }, `displace:${f.n}:${f.moved.length}`);
    case 'status': return sealed(f.seats, 'status', { ts: f.ts });
    case 'reprogram': return sealed(f.seats, 'reprogram', { crawler: f.crawler });
    case 'rmove': return one(s.seatOf[f.side]!, 'runaway_move', 'turn', { crawler: 'RC' });
    case 'opp': return one(s.seatOf[f.side]!, f.effect === 'clearMove' ? 'clear_move' : 'crawler_light_fire', 'turn', { units: f.units, done: f.done }, `opp:${f.n}:${s.moves}`);
    case 'rocket': return one(s.seatOf[f.side]!, 'rocket', 'turn', { unit: f.unit, hexes: f.hexes, left: f.left }, `rocket:${f.n}`);
    case 'grenades': return sealed(f.seats, 'grenades', {});
  }
  return [];
}

function displaceLeft(s: S, f: F<'displace'>, side: Side): string[] {
  return f.pool.filter((id) => !f.moved.includes(id) && s.units[id].side === side);
}
function displaceTurn(s: S, f: F<'displace'>): Side {
  return displaceLeft(s, f, f.turn).length ? f.turn : other(f.turn);
}

// ---------------------------------------------------------------- legality

function check(x: string | null, code: string): Violation | null {
  return x ? violation(code, x) : null;
}

function problem(s: S, seat: Seat, dec: OpenDecision, a: Action): Violation | null {
  const side = seatSide(s, seat);
  const want: Record<string, Action['type'][]> = {
    platoon: ['platoon'], loadout: ['loadout'], flag: ['flag'], place: ['place'], activation: ['fire', 'reload', 'jets', 'configure', 'convert', 'clearStasis', 'grab', 'drop', 'melee', 'move', 'end'], rocket: ['rocket'],
    lasers: ['lasers'], push: ['push'], continue: ['continue'], displace: ['displace'], status: ['status'], reprogram: ['reprogram'], runaway_move: ['move', 'end'],
    clear_move: ['move', 'end'], crawler_light_fire: ['fire', 'end'], grenades: ['grenades'],
  };
  if (!want[dec.kind]?.includes(a.type)) return violation('wrong_action', `answer ${dec.kind} with ${want[dec.kind]?.join(' / ')}`);
  if (s.phase === 'setup') {
    const step = s.setupPlan[s.setupStage];
    if (a.type === 'platoon') return check(platoonProblem(s, a), 'bad_platoon');
    if (a.type === 'loadout' && step.k === 'loadout') return check(loadoutProblem(setupUnit(s, side, step.i).type, a, s.options) ?? loadoutLimitProblem(s, side, step.i, a), 'bad_loadout');
    if (a.type === 'flag') return check(flagProblem(s, side, a.hex), 'bad_flag_hex');
    if (a.type === 'place' && step.k === 'place') return check(placeProblem(s, side, step.i, a.hex), 'bad_setup_hex');
    return violation('wrong_action', 'not this setup step');
  }
  const f = top(s);
  switch (a.type) {
    case 'lasers': {
      const fr = f as F<'laser'>;
      const el = eligibleLasers(s, fr.bomb, [side]);
      const seen = new Set<string>();
      for (const l of a.fire) {
        const e = el.find((x) => x.unit === l.unit && x.weapon === l.weapon);
        if (!e || !e.at.includes(l.at)) return violation('laser_not_eligible', `${l.unit}/${l.weapon} cannot fire at the ${l.at} hex (ready, loaded, range and LOS, §7.9.3)`);
        if (seen.has(l.unit + l.weapon)) return violation('duplicate', 'each laser fires once');
        seen.add(l.unit + l.weapon);
      }
      return null;
    }
    case 'push': return a.to === null || (f as F<'push'>).options.includes(a.to) ? null : violation('bad_push', 'push directly toward or away from the firer into a hex that is not over-stacked (§7.9.2)');
    case 'continue': return typeof a.go === 'boolean' ? null : violation('bad_field', 'go is true or false');
    case 'displace': {
      const fr = f as F<'displace'>;
      if (!displaceLeft(s, fr, displaceTurn(s, fr)).includes(a.unit)) return violation('not_displaceable', 'move one of your own displaced units (§6.6)');
      return displaceTargets(s, s.units[a.unit], fr.hex).includes(a.to) ? null : violation('bad_displacement', 'an adjacent hex on the map, not a volcano, not over-stacked (A16)');
    }
    case 'status': {
      const mine = statusUnits(s, side);
      for (const [id, st] of Object.entries(a.changes)) {
        if (!mine.includes(id)) return violation('not_your_unit', `${id} is not one of your non-frozen units`);
        if (!statusOptions(s, id).includes(st)) return violation('bad_status_change', `${id} cannot become ${st} (§5.4: offline/scattered → buttoned only)`);
      }
      return null;
    }
    case 'reprogram': return a.squad === null || reprogrammers(s, side).includes(a.squad) ? null : violation('cannot_reprogram', 'a ready hovering squad in the crawler\'s hex reprograms it (§9.2)');
    case 'rocket': {
      const fr = f as F<'rocket'>;
      return nextRocketHexes(s, s.units[fr.unit], fr.hexes[fr.hexes.length - 1]).includes(a.hex) ? null : violation('bad_rocket_hex', 'the next rocket goes into the same hex or an adjacent one, in the launcher\'s own LOS (§9.1.2)');
    }
  }
  if (f.f === 'opp') return oppProblem(s, f, a);
  if (a.type === 'grenades') {
    const mine = grenadeSquads(s, side);
    for (const [id, k] of Object.entries(a.changes)) {
      if (!mine.includes(id)) return violation('not_your_squad', `${id} is not one of your squads`);
      if (!['crust', 'neutron', 'nuke'].includes(k)) return violation('bad_bomb', 'crust, neutron or nuke');
      if (s.units[id].weapons.find((w) => w.id === 'bomb1')?.kind === k) return violation('no_change', `${id} already carries that bomb (omit it to keep it)`);
    }
    return null;
  }
  if (dec.kind === 'runaway_move') {
    if (a.type === 'end') return null;
    if (a.type !== 'move' || a.unit !== 'RC' || a.path.length !== 1) return violation('wrong_action', 'move the runaway crawler one hex');
    return moveProblem(s, s.units.RC, a.path);
  }
  return actProblem(s, f as F<'act'>, a);
}

function validate(s: S, seat: Seat, dec: OpenDecision, a: Action): Violation | null {
  if (typeof a !== 'object' || a === null || typeof (a as { type?: unknown }).type !== 'string') return violation('malformed_action', 'an action is an object with a string type');
  if (dec.seat !== seat) return violation('not_your_decision', `decision belongs to seat ${dec.seat}`);
  if (!pending(s).some((d) => d.key === dec.key)) return violation('decision_not_open', 'that decision is not open');
  return problem(s, seat, dec, a);
}

function product<T>(lists: T[][]): T[][] {
  let out: T[][] = [[]];
  for (const l of lists) out = out.flatMap((p) => l.map((x) => [...p, x]));
  return out;
}

const CAP = 4096;

function candidates(s: S, seat: Seat, dec: OpenDecision, n: number, rng: Rng): { actions: Action[]; all: boolean } {
  if (dec.seat !== seat) return { actions: [], all: true };
  const side = seatSide(s, seat);
  const f = top(s);
  switch (dec.kind) {
    case 'platoon': return { actions: platoons(s).map((p) => ({ type: 'platoon', ...p })), all: true };
    case 'loadout': {
      const step = s.setupPlan[s.setupStage] as { i: number };
      return { actions: loadoutOptions(s, side, step.i).map((l) => ({ type: 'loadout', ...l })), all: true };
    }
    case 'flag': return { actions: CONTENT.hexIds.filter((h) => !flagProblem(s, side, h)).map((hex) => ({ type: 'flag', hex })), all: true };
    case 'place': return { actions: placeOptions(s, side, (s.setupPlan[s.setupStage] as { i: number }).i).map((hex) => ({ type: 'place', hex })), all: true };
    case 'activation': return { actions: actCandidates(s, f as F<'act'>), all: true };
    case 'lasers': {
      const el = eligibleLasers(s, (f as F<'laser'>).bomb, [side]);
      const lists = el.map((l) => [null, ...l.at.map((at) => ({ unit: l.unit, weapon: l.weapon, at }))]);
      const size = lists.reduce((p, l) => p * l.length, 1);
      if (size > CAP) return { actions: [{ type: 'lasers', fire: [] }], all: false };
      return { actions: product(lists).map((c) => ({ type: 'lasers', fire: c.filter((x) => x !== null) as { unit: string; weapon: string; at: 'launch' | 'target' }[] })), all: true };
    }
    case 'push': return { actions: [{ type: 'push', to: null }, ...(f as F<'push'>).options.map((to) => ({ type: 'push' as const, to }))], all: true };
    case 'continue': return { actions: [{ type: 'continue', go: false }, { type: 'continue', go: true }], all: true };
    case 'displace': {
      const fr = f as F<'displace'>;
      const out: Action[] = [];
      for (const id of displaceLeft(s, fr, displaceTurn(s, fr))) for (const to of displaceTargets(s, s.units[id], fr.hex)) out.push({ type: 'displace', unit: id, to });
      return { actions: out, all: true };
    }
    case 'status': {
      const units = statusUnits(s, side);
      const lists = units.map((id) => [null, ...statusOptions(s, id)]);
      const size = lists.reduce((p, l) => p * l.length, 1);
      const mk = (c: (Status | null)[]): Action => ({ type: 'status', changes: Object.fromEntries(units.map((id, i) => [id, c[i]]).filter(([, x]) => x !== null)) as Record<string, Status> });
      if (size > CAP) {
        const out: Action[] = [mk(units.map(() => null))];
        for (let i = 0; i < n; i++) out.push(mk(lists.map((l) => l[rng.int(l.length)])));
        return { actions: out, all: false };
      }
      return { actions: product(lists).map(mk), all: true };
    }
    case 'clear_move': case 'crawler_light_fire': return { actions: oppCandidates(s, f as F<'opp'>), all: true };
    case 'grenades': {
      const squads = grenadeSquads(s, side);
      const lists = squads.map((id) => [null, ...(['crust', 'neutron', 'nuke'] as const).filter((k) => s.units[id].weapons.find((w) => w.id === 'bomb1')?.kind !== k)]);
      if (lists.reduce((p, l) => p * l.length, 1) > CAP) return { actions: [{ type: 'grenades', changes: {} }], all: false };
      return { actions: product(lists).map((c) => ({ type: 'grenades' as const, changes: Object.fromEntries(squads.map((id, i) => [id, c[i]]).filter(([, x]) => x !== null)) as Record<string, 'nuke'> })), all: true };
    }
    case 'rocket': {
      const fr = f as F<'rocket'>;
      return { actions: nextRocketHexes(s, s.units[fr.unit], fr.hexes[fr.hexes.length - 1]).map((hex) => ({ type: 'rocket' as const, hex })), all: true };
    }
    case 'reprogram': return { actions: [{ type: 'reprogram', squad: null }, ...reprogrammers(s, side).map((q) => ({ type: 'reprogram' as const, squad: q }))], all: true };
    case 'runaway_move': {
      const rc = s.units.RC;
      const paths = [...(CONTENT.edge.has(rc.at!) ? [['off']] : []), ...neighboursOf(rc.at!).map((h) => [h])];
      return { actions: [{ type: 'end' }, ...paths.filter((p) => !moveProblem(s, rc, p)).map((path) => ({ type: 'move' as const, unit: 'RC', path }))], all: true };
    }
  }
  return { actions: [], all: true };
}

function defaultAction(s: S, dec: OpenDecision): Action {
  const side = seatSide(s, dec.seat);
  const f = top(s);
  switch (dec.kind) {
    case 'platoon': { const p = platoons(s)[0]; return { type: 'platoon', ...p }; }
    case 'loadout': return { type: 'loadout', ...loadoutOptions(s, side, (s.setupPlan[s.setupStage] as { i: number }).i)[0] };
    case 'flag': return { type: 'flag', hex: CONTENT.hexIds.find((h) => !flagProblem(s, side, h))! };
    case 'place': return { type: 'place', hex: placeOptions(s, side, (s.setupPlan[s.setupStage] as { i: number }).i)[0] };
    case 'lasers': return { type: 'lasers', fire: [] };
    case 'push': return { type: 'push', to: null };
    case 'continue': return { type: 'continue', go: false };
    case 'displace': return candidates(s, dec.seat, dec, 1, null as unknown as Rng).actions[0]; // first legal hex N..NW (A38)
    case 'status': return { type: 'status', changes: {} };
    case 'reprogram': return { type: 'reprogram', squad: null };
    case 'grenades': return { type: 'grenades', changes: {} };
    case 'rocket': { const fr = f as F<'rocket'>; return { type: 'rocket', hex: fr.hexes[fr.hexes.length - 1] }; } // the same hex again
  }
  void f;
  return { type: 'end' };
}

// ---------------------------------------------------------------- apply

function apply(s0: S, e: Entry<Action>, ctx: { seq: number; rng: Rng }): Step<S> | Violation {
  if (e.kind === 'resign') return resign(s0, e.seat);
  const s = copyJson(s0);
  const run = new Run(ctx.rng);
  const open = pending(s);
  if (e.kind === 'sealed') {
    const decs = open.filter((d) => d.group?.id === e.group);
    if (!decs.length) return violation('group_not_open', e.group);
    for (const d of decs) {
      const a = e.commits[d.seat];
      if (!a) return violation('commit_missing', `seat ${d.seat}`);
      const v = validate(s, d.seat, d, a);
      if (v) return v;
    }
    applySealed(s, run, decs.map((d) => [d.seat, e.commits[d.seat]] as [Seat, Action]));
  } else {
    const d = open.find((x) => x.key === e.key) ?? (open.length === 1 ? open[0] : undefined);
    if (!d || d.group) return violation('decision_not_open', 'no open decision for this entry');
    if (e.kind === 'answer' && e.seat !== d.seat) return violation('not_your_decision', `decision belongs to seat ${d.seat}`);
    const v = validate(s, d.seat, d, e.action);
    if (v) return v;
    applyAnswer(s, run, d.seat, e.action);
  }
  if (s.phase === 'play') s.moves += 1;
  advance(s, run);
  if (s.result && matchContinues(s)) return { state: nextRound(s, run), events: run.ev };
  return { state: s, events: run.ev };
}

function applySealed(s: S, run: Run, commits: [Seat, Action][]): void {
  if (s.phase === 'setup') {
    for (const [seat, a] of commits) {
      const st = s.setup[seatSide(s, seat)];
      if (a.type === 'platoon') st.platoon = { crawler: a.crawler, walker: a.walker, squad: a.squad };
      if (a.type === 'loadout') st.loadouts.push({ beams: a.beams.slice(), bombs: a.bombs.slice() });
      if (a.type === 'flag') st.flag = a.hex;
      if (a.type === 'place') st.places.push(a.hex);
    }
    run.ev.push({ type: 'setup_committed', to: 'server', data: { stage: s.setupStage } });
    run.all('setup_step', { stage: s.setupStage });
    s.setupStage += 1;
    if (s.setupStage === s.setupPlan.length) reveal(s, run);
    return;
  }
  const f = s.stack.pop()!;
  if (f.f === 'status') {
    run.all('status_revealed', { changes: Object.fromEntries(commits.map(([seat, a]) => [seat, (a as { changes: unknown }).changes])) });
    const all: Record<string, Status> = {};
    for (const [, a] of commits) Object.assign(all, (a as { changes: Record<string, Status> }).changes);
    applyStatus(s, run, all);
  } else if (f.f === 'laser') {
    const fire = commits.flatMap(([, a]) => (a as Extract<Action, { type: 'lasers' }>).fire);
    if (!fire.length || !fireLasers(s, run, f.bomb, fire)) detonate(s, run, f.bomb);
  } else if (f.f === 'grenades') {
    // A42: a switched bomb starts unloaded.
    for (const [, a] of commits) {
      for (const [id, k] of Object.entries((a as Extract<Action, { type: 'grenades' }>).changes).sort()) {
        const w = s.units[id].weapons.find((x) => x.id === 'bomb1')!;
        w.kind = k; w.loaded = false;
        run.all('grenades_changed', { unit: id, kind: k });
      }
    }
  } else if (f.f === 'reprogram') {
    const wants = commits.filter(([, a]) => (a as { squad: string | null }).squad !== null);
    if (!wants.length) return;
    let pick = wants[0];
    if (wants.length > 1) {
      const yellowFirst = combatRoll(run, 'reprogram priority', 1) > 0; // A30
      pick = wants.find(([seat]) => seatSide(s, seat) === (yellowFirst ? 'yellow' : 'blue'))!;
    }
    s.runawayController = seatSide(s, pick[0]);
    run.all('reprogrammed', { crawler: f.crawler, by: (pick[1] as { squad: string }).squad, side: s.runawayController });
  }
}

function applyAnswer(s: S, run: Run, seat: Seat, a: Action): void {
  const f = top(s);
  switch (f.f) {
    case 'laser': {
      s.stack.pop();
      const fire = (a as Extract<Action, { type: 'lasers' }>).fire;
      if (!fire.length || !fireLasers(s, run, f.bomb, fire)) detonate(s, run, f.bomb);
      return;
    }
    case 'push': {
      s.stack.pop();
      if (s.objects[f.target]) {
        const to = (a as { to: string | null }).to;
        if (to) pushObject(s, run, f.target, to);
        const firer = s.units[f.firer];
        if (!s.result) offerContinue(s, firer, f.target, weaponOf(firer, f.weapon)!, f.size, 'force', 'normal');
        return;
      }
      const t = s.units[f.target];
      const firer = s.units[f.firer];
      const to = (a as { to: string | null }).to;
      if (to) doPush(s, run, t, to);
      if (!t.gone) forceEffect(s, run, t);
      if (!t.gone && !s.result) offerContinue(s, firer, t, weaponOf(firer, f.weapon)!, f.size, 'force', 'normal');
      return;
    }
    case 'continue': {
      s.stack.pop();
      if ((a as { go: boolean }).go) {
        const u = s.units[f.firer];
        run.all('continuous_fire', { unit: u.id, target: f.target, size: f.size });
        fireBeam(s, run, u, { ...weaponOf(u, f.weapon)!, kind: f.kind }, f.target, f.mode, f.size); // a multi-gun keeps the type it fired as
      }
      return;
    }
    case 'rocket': {
      s.stack.pop();
      const u = s.units[f.unit];
      rocket(s, run, u, weaponOf(u, f.weapon)!, [...f.hexes, (a as { hex: string }).hex]);
      return;
    }
    case 'displace': {
      const d = a as Extract<Action, { type: 'displace' }>;
      const u = s.units[d.unit];
      const from = u.at;
      u.at = d.to;
      f.moved.push(u.id);
      run.all('displaced', { unit: u.id, from, to: d.to });
      if (s.map[d.to].terrain === 'volcano') removeUnit(s, run, u, 'volcano');
      f.turn = other(displaceTurn(s, f));
      if (f.moved.length >= f.need) { s.stack.pop(); finishDisplacement(s, run, f.moved); }
      return;
    }
    case 'rmove': {
      s.stack.pop();
      if (a.type === 'move') {
        const rc = s.units.RC;
        if (a.path[0] === 'off') exitMap(s, run, rc); else enter(s, run, rc, a.path[0]);
      }
      return;
    }
    case 'act': applyActivation(s, run, f, a); return;
    case 'opp': applyOpportunity(s, run, f, a); return;
  }
  void seat;
}

function applyOpportunity(s: S, run: Run, f: F<'opp'>, a: Action): void {
  if (a.type === 'end') { s.stack.pop(); return; }
  const u = s.units[(a as { unit: string }).unit];
  f.done.push(u.id);
  if (a.type === 'move') { enter(s, run, u, a.path[0]); return; }
  if (a.type === 'fire') {
    const w = lightWeapon(a.weapon)!;
    run.all('fired', { unit: u.id, weapon: w.id, kind: w.kind, size: 'light', target: a.target, lightFire: true });
    if (w.kind === 'force' || w.kind === 'stasis') fireBeam(s, run, u, w, a.target, a.mode === 'reverse' ? 'reverse' : 'normal');
    else launchBomb(s, run, { owner: u.side, unit: u.id, weapon: w.id, kind: w.kind as 'nuke', size: 'light', launch: u.at!, target: a.target });
  }
}

function applyActivation(s: S, run: Run, f: F<'act'>, a: Action): void {
  if (a.type === 'end') { s.stack.pop(); run.all('activation_ended', { card: f.card }); return; }
  const u = s.units[(a as { unit: string }).unit];
  doAction(s, run, f, u, a);
  // §9.2 Walker Overload: after each action, 1 die; ☺ → offline at once.
  if (f.overload && !u.gone && !s.result && combatRoll(run, 'walker overload', 1, { unit: u.id }) > 0) goOffline(s, run, u);
}

function doAction(s: S, run: Run, f: F<'act'>, u: S['units'][string], a: Action): void {
  const t = unitTurn(f, u.id);
  f.turns[u.id] = t;
  if (a.type === 'fire' || a.type === 'reload' || a.type === 'jets') {
    const w = weaponOf(u, a.weapon)!;
    const kind = a.type === 'reload' ? 'reload' : 'fire';
    if (t.weapon === 'none' && small(u, w)) { t.weapon = 'partial'; t.first = w.id; t.firstWas = kind; } else t.weapon = 'done';
    if (a.type === 'reload') { w.loaded = true; run.all('reloaded', { unit: u.id, weapon: w.id }); return; }
    if (a.type === 'jets') { fireJets(s, run, u, w); return; }
    const overheated = !w.loaded;
    w.loaded = false;
    const sw = shotWeapon(w, a.as);
    run.all('fired', { unit: u.id, weapon: w.id, kind: sw.kind, size: sw.size, target: a.target, ...(a.as ? { multigun: true } : {}), ...(a.mode ? { mode: a.mode } : {}), ...(overheated ? { overheated } : {}) });
    if (overheated) s.stack.push({ f: 'overheat', unit: u.id, weapon: w.id, n: ++s.seq });
    if (sw.kind === 'rocket') rocket(s, run, u, w, [a.target]);
    else if (sw.kind === 'vortex') launchVortex(s, run, u, w, a.target);
    else if (sw.kind === 'force' || sw.kind === 'stasis') fireBeam(s, run, u, sw, a.target, a.mode === 'reverse' ? 'reverse' : 'normal');
    else launchBomb(s, run, { owner: u.side, unit: u.id, weapon: w.id, kind: sw.kind as 'nuke', size: sw.size, launch: u.at!, target: a.target });
    return;
  }
  t.weapon = 'done';
  t.physical = true;
  switch (a.type) {
    case 'configure': {
      if (u.type === 'walker') u.config = u.config === 'up' ? 'down' : 'up';
      else if (u.config === 'hover') {
        u.config = 'ground';
        // §6.3: a squad that lands where it would over-stack is scattered.
        const pts = Object.values(s.units).filter((x) => !x.gone && x.at === u.at && x.id !== u.id).reduce((n, x) => n + (x.type === 'crawler' ? 4 : x.type === 'walker' ? 2 : x.config === 'hover' || x.status === 'offline' ? 0 : 1), 0);
        if (pts + 1 > 4) { u.status = 'offline'; run.all('scattered', { unit: u.id, reason: 'landed over-stacked' }); }
      } else u.config = 'hover';
      run.all('configured', { unit: u.id, config: u.config });
      return;
    }
    case 'convert': {
      u.converted = !u.converted;
      run.all('converted', { unit: u.id, wheeled: u.converted });
      return;
    }
    case 'clearStasis': {
      if (combatRoll(run, 'clear stasis hit', u.stasis, { unit: u.id }) > 0) { u.stasis -= 1; run.all('stasis_changed', { unit: u.id, stasis: u.stasis }); }
      return;
    }
    case 'grab': {
      const o = s.objects[a.object];
      o.carriedBy = u.id; o.at = null; u.carrying = o.id;
      run.all('grabbed', { unit: u.id, object: o.id });
      return;
    }
    case 'drop': dropObject(s, run, u); return;
    case 'melee': melee(s, run, u, s.units[a.target]); return;
    case 'move': {
      for (const h of a.path) {
        if (u.gone || s.result) return;
        if (h === 'off') { exitMap(s, run, u); return; }
        enter(s, run, u, h);
        if (top(s) !== f) return; // a displacement frame opened (walkers and crawlers move 1 hex)
      }
    }
  }
}

/** Industrial Wasteland round 2: fresh map and deck, sides swapped, a new sealed setup (§4.3). */
function nextRound(s: S, run: Run): S {
  const rec = roundRecord(s, s.result!);
  const n = initialState(s.scenario, 2, s.options);
  n.round = 2;
  n.rounds = [rec];
  n.seatOf = { blue: s.seatOf.yellow, yellow: s.seatOf.blue };
  run.all('round_started', { round: 2, blue: n.seatOf.blue, yellow: n.seatOf.yellow, previous: rec });
  return n;
}

function resign(s0: S, seat: Seat): Step<S> {
  const s = copyJson(s0);
  s.resigned = true;
  const run = new Run(null);
  const side = seatSide(s, seat);
  finish(s, run, { winners: s.seatOf[other(side)] === null ? [] : [s.seatOf[other(side)]!], draw: false, reason: `resignation by ${side}` });
  return { state: s, events: run.ev };
}

// ---------------------------------------------------------------- setup

function setup(p: { scenario: string; seats: { index: number }[]; options: unknown }, ctx: { rng: Rng }): Step<S> | Violation {
  const sc = scenarioDef(p.scenario);
  if (!sc) return violation('unknown_scenario', p.scenario);
  if (p.seats.length !== sc.players) return violation('bad_player_count', `${sc.title} is for ${sc.players} player(s)`);
  const o = (p.options ?? {}) as Partial<Options>;
  const opts: Options = { platoonSize: o.platoonSize ?? 3, turnCap: o.turnCap ?? 10, opportunity: o.opportunity ?? false, rounds: o.rounds ?? 2, ...(o.meleeRequiresReady ? { meleeRequiresReady: true } : {}),
    ...(o.volcanicEarthquakes ? { volcanicEarthquakes: true } : {}), ...(o.overheatedBeams ? { overheatedBeams: true } : {}), ...(o.legacyLavaLoss ? { legacyLavaLoss: true } : {}),
    ...(o.componentLimits ? { componentLimits: true } : {}), ...(o.experimentalWeapons ? { experimentalWeapons: true } : {}), ...(o.walkerEquipment ? { walkerEquipment: true } : {}) };
  // §13 A3: with component limits each side holds 3 cards of each of the 3 beam types, one beam per unit at least.
  if (opts.componentLimits && opts.platoonSize > 3 * Math.floor(CONTENT.cards.components.weaponCardsPerType / 2)) return violation('bad_platoon_size', 'component limits: at most 9 units per platoon');
  if (sc.minWalkers + sc.minSquads > opts.platoonSize) return violation('bad_platoon_size', 'the platoon is too small for this scenario');
  const s = initialState(p.scenario, p.seats.length, opts);
  const run = new Run(ctx.rng);
  run.all('game_created', { scenario: p.scenario, options: opts, provisionalMap: CONTENT.provisional });
  return { state: s, events: run.ev };
}

export const unbreakable: Ruleset<S, Action, View> = {
  id: 'unbreakable',
  version: '0.1.0',
  title: 'Unbreakable',
  actionSchema,
  players: { min: 1, max: 2 },
  scenarios: CONTENT.scenarios.map((sc) => ({
    id: sc.id, title: sc.title, players: sc.players,
    notes: { provisionalMap: CONTENT.provisional, blue: sc.blue, yellow: sc.yellow, seats: sc.players === 1 ? '0 Blue (Yellow is run by the rules)' : '0 Blue, 1 Yellow', needsOpportunityCards: sc.opportunity },
  })),
  optionsSchema: {
    type: 'object', additionalProperties: false,
    properties: {
      platoonSize: { type: 'integer', minimum: 1, maximum: 12, default: 3, description: 'the agreed number of units per platoon (§3 step 2: equal counts)' },
      turnCap: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'turn cap (§12 resolution; the turn track runs 1-10): then a draw (Industrial Wasteland: Blue held)' },
      opportunity: { type: 'boolean', default: false, description: 'Chrome: shuffle the 8 Opportunity cards into the deck (always on in Runaway)' },
      meleeRequiresReady: { type: 'boolean', default: false, description: 'A8: the Tables page reading (melee needs Ready); off = the rules body (Ready or Buttoned)' },
      volcanicEarthquakes: { type: 'boolean', default: false, description: 'Chrome §9.4: every new volcano adds the heaviest unused Earthquake card to the discards' },
      legacyLavaLoss: { type: 'boolean', default: false, description: 'A20: the older unit-card rule, a unit knocked down or scattered in lava is lost' },
      overheatedBeams: { type: 'boolean', default: false, description: 'Chrome §9.3: beams may fire unloaded; afterwards 1 die, ☺ → that beam is lost' },
      componentLimits: { type: 'boolean', default: false, description: 'A3: component limits — per-colour pools of epicenter markers and crater/lava tiles (provisional counts), 6 weapon cards per type (3 per side)' },
      experimentalWeapons: { type: 'boolean', default: false, description: 'Chrome §9.1: multi-guns, rocket launchers and vortex generators may replace a beam or bomb set' },
      walkerEquipment: { type: 'boolean', default: false, description: 'Chrome §9.5: walkers may carry conversion mechanisms, jump jets and melee weapons' },
      rounds: { type: 'integer', minimum: 1, maximum: 2, default: 2, description: 'Industrial Wasteland: 2 plays the match of two rounds with sides swapped (§4.3), 1 a single round' },
    },
  },
  setup,
  pending,
  candidates,
  validate,
  apply,
  defaultAction,
  view: viewOf,
  render,
  result: (s): Result | null => s.result,
  determinize: (v, _seat, rng) => determinizeView(v, rng),
  evaluate,
  // Random rollouts through hundreds of mostly pointless legal actions (every bomb hex) are noise: score the tree
  // leaf, and search only the one-ply best three. Measured (capture-the-flag, 1 s, loaded machine): width 8 and width 3
  // both 0 wins 4 draws of 4 vs random, with the objective pull 0 wins 2 draws of 2; greedy 3 wins 1 draw of 4. Goal not met.
  botHints: { mcts: { rolloutDepth: 0, rootWidth: 3 } },
  resign: (s, seat) => resign(s, seat),
  label,
  describe,
  position: unbreakablePosition,
};

void launchBomb; void reprogrammers;
