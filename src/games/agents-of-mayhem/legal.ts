// One "why not" function per rule; candidates filter with them and validate returns the first
// (STYLE §3), so a client's preview and the server's refusal cannot disagree.
import { violation, type Violation } from '../../engine/types.js';
import type { Status } from './abilities.js';
import { CONTENT, type Color, type CompiledAction } from './content.js';
import { DIRS, jumpLandings, reach } from './geometry.js';
import { altDiceChoice, canDash, dashAction, dashSpaces, declaredDiceProblem, maxBlocks, pushOptions, targetProblem, type Attack } from './rules/combat.js';
import { altSurcharge, free, payment, surchargeProblem, woundWells } from './rules/board.js';
import { MAYHEM } from './rules/mayhem.js';
import { explosiveObject } from './rules/explosions.js';
import { freeJump, jumpBarred } from './rules/ddd.js';
import { mandatoryTimer } from './rules/timers.js';
import { demolishes, demolishProblem, demolishTargets } from './rules/golem.js';
import { liveVehicles } from './rules/vehicles.js';
import { actsOnMap, isInstantAct, isSelfInstant } from './rules/instants.js';
import { CARD_ACTIONS, actOf, actionOf, actionsOf, weaponWithGadget, count, footprint, isElite, isFigure, map, unitKey, mission, unitAt, WELLS, type Action, type Frame, type S, type Slot, type Unit, type Well } from './state.js';

export function slotOf(s: S): Slot { return s.slots[s.slot]; }
/** The Mayhem card whose character Action this is, if it is one (spec 7.7). */
export function cardOf(u: Unit, action: string): string | undefined {
  return actionsOf(u).some((a) => a.id === action) ? undefined : CARD_ACTIONS[unitKey(u)]?.find((a) => a.id === action)?.card;
}
/** Character Actions of the cards picturing this unit that its Side holds. */
function cardActions(s: S, u: Unit): CompiledAction[] {
  const hand = s.mayhem?.[u.side].hand ?? [];
  return (CARD_ACTIONS[unitKey(u)] ?? []).filter((a) => hand.includes(a.card));
}
const addonKey = (u: Unit, a: CompiledAction) => `${unitKey(u)}:${a.base ?? a.id}`;

/** MP the unit may spend now: its current Action's MP, plus the Move Up pool for an Elite figure. */
export function mpLeft(s: S, unitId: string): number {
  const sl = slotOf(s);
  const u = s.units[unitId];
  return (sl.mp?.unit === unitId ? sl.mp.left : 0) + (isFigure(u) && u.board === sl.board ? sl.pool : 0);
}

/** May this unit enter the map now (spec §7.2.7)? */
export function entryEdge(s: S, u: Unit): string | null {
  return !u.at && !u.downed && u.entry && u.entry.round <= s.round ? u.entry.edge : null;
}

export function activateProblem(s: S, board: string): Violation | null {
  const b = s.boards[board];
  if (!b || b.side !== s.side) return violation('not_your_board', `${board} is not one of ${s.side}'s boards`);
  if (s.slots.some((x, i) => i !== s.slot && x.board === board)) return violation('board_taken', 'teammates activate different boards (L1362)');
  return null;
}

/** Main once, each Add-on once, paid in full before it resolves (spec §6.3, §7.1.1). */
export function actProblem(s: S, a: Extract<Action, { type: 'act' }>): Violation | null {
  const v = actRuleProblem(s, a);
  if (v || a.surcharge === undefined) return v;
  // The named Stunned surcharge (spec 2.2.6), beside the cost (aiming's +1 Focus too).
  const u = s.units[a.unit]; const def = actOf(u, a)!;
  return surchargeProblem(s.boards[u.board], u, def.cost + (a.aim === true ? 'Y' : ''), a.surcharge);
}

function actRuleProblem(s: S, a: Extract<Action, { type: 'act' }>): Violation | null {
  const sl = slotOf(s);
  const u = s.units[a.unit];
  // An Instant attack or move (a gadget or a card's character use): any own unit, whatever board is activated (L275).
  const instant = !!u && u.side === s.side && isInstantAct(s, a) && !isSelfInstant(s, a);
  if (!u || (u.board !== sl.board && !instant)) return violation('not_activated', 'only units of the activated board take Actions');
  if (a.gadget !== undefined && a.gadget !== false && !weaponWithGadget(u, a.action)) return violation('no_weapon_gadget', `${u.id} has no Weapon gadget to add to ${a.action}: a Weapon gadget modifies its board's Weapon Action (L1055)`);
  const def = actOf(u, a);
  if (!def) return violation('unknown_action', `${u.id} has no action ${a.action}`);
  // A Mayhem card's character use: only the pictured unit, with the card in its Side's hand (spec 7.7).
  const card = cardOf(u, def.id);
  if (card && !s.mayhem?.[u.side].hand.includes(card)) return violation('not_in_hand', `${def.name} is Mayhem card ${card}'s character use: not in ${u.side}'s hand`);
  if (def.type === 'instant' && !instant) return violation('instant', 'Dash and Block are taken as dash / block');
  // The attacker's dice (spec 7.3.4): named with an attack made now at a target space (moving first: with fire).
  if ((a.dieUpgrades?.length || a.dieDowngrades?.length) && !(def.kind === 'attack' && typeof a.target === 'string' && a.when === undefined && a.aim !== 'timer' && !a.timer && !mandatoryTimer(s, def)))
    return violation('dice_need_target', 'dieUpgrades / dieDowngrades go with an attack made now at a target space (moving first: name them with fire) (spec 7.3.4)');
  // An optional Until-Removed timer (spec 7.8): only on an Action that pictures one, in an Advanced mission.
  if (a.timer !== undefined && (a.timer !== true || !def.timer || def.timer.mandatory || mission(s).rules !== 'advanced')) return violation('no_timer', `${def.name} has no optional timer to place (spec 7.8; timers are Advanced)`);
  if (def.type === 'main' && sl.main) return violation('main_used', 'one Main Action per Turn (L269)');
  if (def.type === 'addon' && sl.addons.includes(addonKey(u, def))) return violation('addon_used', 'each Add-on once per Turn (L271)');
  if (u.downed) return violation('downed', `${u.id} is Downed`);
  if (!u.at && !(def.kind === 'move' && entryEdge(s, u))) return violation('not_on_map', `${u.id} is not on the map`);
  if (a.aim !== undefined) {
    if (!(def.weapon && def.kind === 'attack' && a.when !== 'before' && mission(s).rules === 'advanced')) return violation('cannot_aim', 'only a Weapon Action aims, in an Advanced mission (spec 7.4)');
    if (a.aim === 'timer') {
      // Aiming by timer: an enemy When-Removed timer is placed when the Action is paid; the target is chosen when it comes off (spec 7.4, 7.8).
      if (a.target !== undefined || a.mayhem !== undefined) return violation('target_later', 'aimed by timer: the target is chosen when the timer is removed (spec 7.8)');
      if (mandatoryTimer(s, def)) return violation('already_delayed', `${def.name} already carries a mandatory timer`);
      if (a.timer) return violation('already_delayed', `${def.name} is delayed by its own timer: aim it with +1 Focus (spec 7.4)`);
      if (!payment(s.boards[u.board], u, def.cost)) return violation('cannot_pay', `${def.name} costs ${def.cost}`);
      return null;
    }
    if (a.aim !== true && a.aim !== false) return violation('bad_aim', 'aim is true (+1 Focus) or "timer"');
    if (!payment(s.boards[u.board], u, def.cost + 'Y')) return violation('cannot_pay', `aiming costs ${def.cost} + Y`);
  }
  if (def.kind === 'attack' && mandatoryTimer(s, def)) {
    // A mandatory timer: paid now, resolved when the timer comes off, the target chosen then (spec 7.8).
    if (a.target !== undefined || a.when !== undefined || a.mayhem !== undefined) return violation('target_later', `${def.name} has a mandatory timer: paid now, its target chosen when the timer is removed (spec 7.8)`);
    if (!payment(s.boards[u.board], u, def.cost)) return violation('cannot_pay', `${def.name} costs ${def.cost}`);
    return null;
  }
  if (a.mayhem !== undefined) {
    if (def.kind !== 'attack' || a.when === 'before') return violation('not_an_attack', 'the extra-die Mayhem card is played when attacking (spec 7.7)');
    const m = mayhemDieProblem(s, u, def, a.mayhem);
    if (m) return m;
  }
  if (!payment(s.boards[u.board], u, def.cost)) return violation('cannot_pay', `${def.name} costs ${def.cost}${count(u, 'STUNNED') ? ' plus the Stunned surcharge' : ''}`);
  if (def.kind === 'jump' && !(sl.mp?.unit === u.id && sl.mp.left > 0)) return violation('no_mp', 'a Jump is taken during a move, with MP left (L306)');
  if (def.kind === 'jump' && jumpBarred(s, u)) return violation('gravity_dominator', `the Gravity Dominator bars ${u.side} units from Jumping (spec 7.15)`);
  if (def.kind === 'attack') {
    // An optional Delay Action timer (the Golem's Charge, L1663, L1681): paid now, the whole Action delayed until the timer comes off, its target chosen then.
    if (a.timer) return a.target !== undefined || a.when !== undefined || a.mayhem !== undefined ? violation('target_later', `${def.name} with its timer is delayed: paid now, its target chosen when the timer is removed (spec 7.8)`) : null;
    if (a.when === 'before') {
      if (!def.mp) return violation('no_mp', `${def.name} grants no MP to spend before the attack`);
      if (a.target !== undefined) return violation('target_later', 'moving first: the target is chosen with fire');
      return null;
    }
    if (typeof a.target !== 'string') return violation('no_target', 'choose a target space');
    return targetProblem(s, u, def, a.target) ?? declaredDiceProblem(s, u, def, a.target, { up: a.dieUpgrades, down: a.dieDowngrades }, a.mayhem !== undefined ? 1 : 0);
  }
  // Golem Demolish (spec 7.17): a self Action that names the building space.
  if (demolishes(def) && a.when === undefined) return demolishProblem(s, u, a.target);
  if (a.target !== undefined || a.when !== undefined) return violation('unknown_field', `${def.name} takes no target`);
  return null;
}

/** Why Mayhem card `mayhem` cannot give this attack its extra die (spec 7.7): in hand, an extra-die card, not the card this Action is the character use of. */
export function mayhemDieProblem(s: S, u: Unit, def: CompiledAction, mayhem: string): Violation | null {
  const card = cardOf(u, def.id);
  if (!s.mayhem?.[u.side].hand.includes(mayhem)) return violation('not_in_hand', `${mayhem} is not in ${u.side}'s hand`);
  // One card, one use: the card whose character use this Action is cannot also be its extra die.
  if (mayhem === card && s.mayhem[u.side].hand.filter((c) => c === card).length < 2) return violation('card_in_use', `${mayhem} is played for its character use (${def.name}): it cannot also give the extra die`);
  if (MAYHEM.cards[mayhem].use !== 'die') return violation('wrong_use', `${mayhem} does not give an extra die`);
  return null;
}

export function moveProblem(s: S, a: Extract<Action, { type: 'move' }>): Violation | null {
  const u = s.units[a.unit];
  if (!u) return violation('unknown_unit', a.unit);
  if (!DIRS.includes(a.facing)) return violation('bad_facing', 'facing is N, E, S or W');
  const mp = mpLeft(s, u.id);
  if (mp <= 0) return violation('no_mp', `${u.id} has no MP to spend (spec 7.2.1)`);
  if (!reach(s, u, mp, entryEdge(s, u)).has(a.to)) return violation('unreachable', `${a.to} is not reachable with ${mp} MP (spec 2.1.3)`);
  return null;
}

/** The Jump a moving unit may make now: its Action's, or the Gravity Dominator's unlimited one; none for the Side it bars (spec 7.15). */
export function jumpOf(s: S, unit: string): { up: number; spaces: number } | null {
  const sl = slotOf(s);
  const u = s.units[unit];
  if (!u || sl.mp?.unit !== unit || sl.mp.left <= 0 || jumpBarred(s, u)) return null;
  return freeJump(s, u, sl.mp.left) ?? sl.mp.jump;
}

export function jumpProblem(s: S, a: Extract<Action, { type: 'jump' }>): Violation | null {
  const sl = slotOf(s);
  if (!DIRS.includes(a.facing)) return violation('bad_facing', 'facing is N, E, S or W');
  const u = s.units[a.unit];
  if (u && sl.mp?.unit === a.unit && sl.mp.jump && jumpBarred(s, u)) return violation('gravity_dominator', `the Gravity Dominator bars ${u.side} units from Jumping (spec 7.15)`);
  const j = jumpOf(s, a.unit);
  if (!j) return violation('no_jump', 'no Jump available to this unit now (spec 7.2.3)');
  if (!jumpLandings(s, s.units[a.unit], j, sl.mp!.left).has(a.to)) return violation('bad_landing', `no Jump lands on ${a.to}`);
  return null;
}

export function dashProblem(s: S, unit: string, to: string, facing: string, own: boolean, surcharge?: string): Violation | null {
  const u = s.units[unit];
  if (!u || u.side !== s.seats[own ? slotOf(s).seat : 0] && own) return violation('not_your_unit', `${unit} is not yours`);
  if (!DIRS.includes(facing as 'N')) return violation('bad_facing', 'facing is N, E, S or W');
  if (!u.at) return violation('not_on_map', `${unit} is not on the map`);
  const d = dashAction(u);
  if (!d) return violation('no_dash', `${unit} has no Dash`);
  if (!payment(s.boards[u.board], u, d.cost)) return violation('cannot_pay', `Dash costs ${d.cost}`);
  if (!dashSpaces(s, u).includes(to)) return violation('bad_dash', `${to} is not one legal step away (spec 7.2.5)`);
  return surchargeProblem(s.boards[u.board], u, d.cost, surcharge);
}

export function fireProblem(s: S, target: string | null, dice: { dieUpgrades?: Color[]; dieDowngrades?: Color[] } = {}): Violation | null {
  const f = slotOf(s).fire;
  if (!f) return violation('nothing_to_fire', 'no weapon waits to fire');
  if (target === null) return dice.dieUpgrades?.length || dice.dieDowngrades?.length ? violation('dice_need_target', 'no attack, no dice to choose (spec 7.3.4)') : null;
  const u = s.units[f.unit];
  return targetProblem(s, u, actionOf(u, f.action)!, target) ?? declaredDiceProblem(s, u, actionOf(u, f.action)!, target, { up: dice.dieUpgrades, down: dice.dieDowngrades });
}

export function groupProblem(s: S, a: Extract<Action, { type: 'group' }>): Violation | null {
  const g = slotOf(s).group;
  if (!g) return violation('no_group', 'no group Action to extend');
  const u = s.units[a.unit];
  // The figures of the first one's Squad (the activated board's, or an Instant's taker's, L275 with L996).
  if (!u || u.minion !== g.minion || u.board !== s.units[g.used[0]].board) return violation('wrong_figure', `a ${g.minion} figure of this Squad performs it`);
  if (g.used.includes(u.id)) return violation('figure_used', `${u.id} already performed it`);
  if (!u.at) return violation('not_on_map', `${u.id} is not on the map`);
  const def = actionOf(u, g.action)!;
  if (def.kind === 'attack') return typeof a.target === 'string' ? targetProblem(s, u, def, a.target) ?? declaredDiceProblem(s, u, def, a.target, { up: a.dieUpgrades, down: a.dieDowngrades }) : violation('no_target', 'choose a target');
  if (a.dieUpgrades?.length || a.dieDowngrades?.length) return violation('dice_need_target', 'no attack, no dice to choose (spec 7.3.4)');
  return a.target === undefined ? null : violation('unknown_field', 'a move takes no target');
}

// ---------------------------------------------------------------- candidates

/** Spaces an attack may name: enemy units' and Targetable Explosive Objects' (spec 7.3.2, 7.6.1). */
export function enemySpaces(s: S, u: Unit): string[] {
  const objects = s.explosions ? Object.values(map(s).cells).filter((c) => c.explosive && explosiveObject(s, c.key)).map((c) => c.key) : [];
  const ddds = u.side === 'MAYHEM' ? (s.ddds ?? []).filter((d) => !d.destroyed).flatMap((d) => d.at) : [];
  const vehicles = liveVehicles(s).filter((v) => v.side !== u.side).flatMap((v) => [v.front, v.back]);
  return [...new Set([...Object.values(s.units).filter((v) => v.at && v.side !== u.side).flatMap((v) => footprint(v)), ...objects, ...ddds, ...vehicles])].sort();
}

export function turnCandidates(s: S): Action[] {
  const sl = slotOf(s);
  const out: Action[] = [{ type: 'end' }];
  // The activated board's units; any own unit with an Instant attack or move (L275), or moving with one's MP.
  const units = Object.values(s.units).filter((u) => u.board === sl.board || (u.side === s.side && (sl.mp?.unit === u.id || [...actionsOf(u), ...cardActions(s, u)].some((d) => d.type === 'instant' && actsOnMap(d))))).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const u of units) {
    for (const def of [...actionsOf(u), ...cardActions(s, u)]) {
      if (def.type === 'instant' && !(actsOnMap(def) && isInstantAct(s, { unit: u.id, action: def.id }))) continue;
      if (u.board !== sl.board && def.type !== 'instant') continue;
      if (def.kind === 'attack') {
        // A Weapon Action with a Weapon gadget: with or without its add-on, chosen at each use (L1055).
        for (const gadget of weaponWithGadget(u, def.id) ? [undefined, true] : [undefined]) {
          const g = gadget ? { gadget } : {};
          for (const t of enemySpaces(s, u)) {
            const a = { type: 'act' as const, unit: u.id, action: def.id, target: t, ...g };
            if (!actProblem(s, a)) out.push(a);
            // The other way to spend the pool's Bonuses or Penalties, where it gives other dice (spec 7.3.4).
            const alt = altDiceChoice(s, u, def, t);
            if (alt && !actProblem(s, { ...a, ...alt })) out.push({ ...a, ...alt });
            if (!actProblem(s, { ...a, aim: true })) out.push({ ...a, aim: true });
            // A Mayhem card's extra-die use (spec 7.7), one variant per distinct card.
            for (const card of [...new Set(s.mayhem?.[u.side].hand ?? [])].sort()) if (!actProblem(s, { ...a, mayhem: card })) out.push({ ...a, mayhem: card });
          }
          const b = { type: 'act' as const, unit: u.id, action: def.id, when: 'before' as const, ...g };
          if (!actProblem(s, b)) out.push(b);
          // Delayed: a mandatory timer, or aiming by timer (spec 7.8, 7.4).
          const later = { type: 'act' as const, unit: u.id, action: def.id, ...g };
          if (!actProblem(s, later)) out.push(later);
          if (!actProblem(s, { ...later, aim: 'timer' })) out.push({ ...later, aim: 'timer' });
          // An optional Delay Action timer (the Golem's Charge): placed or not, the player's choice (L1655), aimed with +1 Focus or not.
          for (const aim of [undefined, true]) { const c = { ...later, timer: true, ...(aim ? { aim } : {}) }; if (!actProblem(s, c)) out.push(c); }
        }
      } else if (demolishes(def)) {
        for (const target of demolishTargets(s, u)) { const a = { type: 'act' as const, unit: u.id, action: def.id, target }; if (!actProblem(s, a)) out.push(a); }
      } else {
        const a = { type: 'act' as const, unit: u.id, action: def.id };
        if (!actProblem(s, a)) out.push(a);
        // An optional Until-Removed timer: placed or not, the player's choice (L1655).
        if (def.timer && !def.timer.mandatory && !actProblem(s, { ...a, timer: true })) out.push({ ...a, timer: true });
      }
    }
    const mp = mpLeft(s, u.id);
    if (mp > 0 && !u.downed && (u.at || entryEdge(s, u))) {
      for (const to of [...reach(s, u, mp, entryEdge(s, u)).keys()].sort()) for (const facing of DIRS) out.push({ type: 'move', unit: u.id, to, facing });
    }
    const j = jumpOf(s, u.id);
    if (j) {
      for (const to of [...jumpLandings(s, u, j, sl.mp!.left).keys()].sort()) for (const facing of DIRS) out.push({ type: 'jump', unit: u.id, to, facing });
    }
  }
  for (const u of Object.values(s.units).filter((x) => x.side === s.side && canDash(s, x)).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    for (const to of dashSpaces(s, u)) for (const facing of DIRS) out.push({ type: 'dash', unit: u.id, to, facing });
  }
  if (sl.fire) {
    out.push({ type: 'fire', target: null });
    const u = s.units[sl.fire.unit];
    for (const t of enemySpaces(s, u)) {
      if (fireProblem(s, t)) continue;
      out.push({ type: 'fire', target: t });
      const alt = altDiceChoice(s, u, actionOf(u, sl.fire.action)!, t);
      if (alt && !fireProblem(s, t, alt)) out.push({ type: 'fire', target: t, ...alt });
    }
  }
  if (sl.group) {
    const g = sl.group;
    const squad = s.units[g.used[0]].board;
    for (const u of Object.values(s.units).filter((x) => x.board === squad).sort((a, b) => (a.id < b.id ? -1 : 1))) {
      if (u.minion !== g.minion || g.used.includes(u.id) || !u.at) continue;
      const def = actionOf(u, g.action)!;
      if (def.kind === 'attack') {
        for (const t of enemySpaces(s, u)) {
          if (groupProblem(s, { type: 'group', unit: u.id, target: t })) continue;
          out.push({ type: 'group', unit: u.id, target: t });
          const alt = altDiceChoice(s, u, def, t);
          if (alt && !groupProblem(s, { type: 'group', unit: u.id, target: t, ...alt })) out.push({ type: 'group', unit: u.id, target: t, ...alt });
        }
      }
      else out.push({ type: 'group', unit: u.id });
    }
  }
  out.push(...surchargeVariants(s, out, true));
  return out;
}

/** A Stunned unit's surcharge in other colours than the default (spec 2.2.6): one more variant of each Action, and of its first Dash. `own`: in its Side's Turn (else a window). */
export function surchargeVariants(s: S, actions: Action[], own: boolean): Action[] {
  const out: Action[] = [];
  const dashed = new Set<string>();
  for (const a of actions) {
    if ((a.type !== 'act' && a.type !== 'dash') || !count(s.units[a.unit], 'STUNNED')) continue;
    if (a.type === 'dash') { if (dashed.has(a.unit)) continue; dashed.add(a.unit); }
    const u = s.units[a.unit];
    const cost = a.type === 'dash' ? dashAction(u)?.cost : actOf(u, a) ? actOf(u, a)!.cost + (a.aim === true ? 'Y' : '') : undefined;
    const alt = cost === undefined ? null : altSurcharge(s.boards[u.board], u, cost);
    if (!alt) continue;
    const b = { ...a, surcharge: alt };
    if (b.type === 'act' ? own && !actProblem(s, b) : !dashProblem(s, b.unit, b.to, b.facing, own, alt)) out.push(b);
  }
  return out;
}

/** The refresh answer's options for one board (spec §2.2.5, §2.2.6). */
export function refreshOptions(s: S, f: Extract<Frame, { t: 'refresh' }>) {
  const b = s.boards[f.board];
  const cubes = multisets(f.cubes);
  const wound: (Well | null)[] = f.wound > 0 ? WELLS.filter((w) => b.wounds[w] > 0) : [];
  const removable = (positive: boolean): Status[] => {
    const set = new Set<Status>();
    for (const u of Object.values(s.units)) {
      if (u.board !== b.id) continue;
      // A status held by an Until-Removed timer stays while the timer is present (spec 7.8).
      for (const m of u.statuses) if (m.turn !== s.turnNo && m.timer === undefined && m.kind !== 'MAYHEM' && POSITIVE.includes(m.kind) === positive) set.add(m.kind);
    }
    return [...set].sort();
  };
  return {
    cubes,
    wound: wound.length ? wound : [null],
    positive: (f.positive && removable(true).length ? removable(true) : [null]) as (Status | null)[],
    negative: (f.negative && removable(false).length ? removable(false) : [null]) as (Status | null)[],
  };
}
export const POSITIVE: Status[] = ['ATTACK_UP', 'DEFENSE_UP', 'RANGE_UP', 'MOVE_UP'];
function multisets(n: number): string[] {
  const out: string[] = [];
  for (let g = 0; g <= n; g++) for (let y = 0; y <= n - g; y++) out.push('G'.repeat(g) + 'Y'.repeat(y) + 'B'.repeat(n - g - y));
  return out.sort();
}

export function refreshProblem(s: S, f: Extract<Frame, { t: 'refresh' }>, a: Extract<Action, { type: 'refresh' }>): Violation | null {
  const o = refreshOptions(s, f);
  if (f.reinforce > 0 ? !multisets(f.reinforce).includes(a.reinforce ?? '-') : a.reinforce !== undefined) return violation('bad_reinforce', f.reinforce ? `choose ${f.reinforce} Reinforcement cube colour(s), G, Y, B in that order` : 'no Reinforcement symbol for this board');
  if (!o.cubes.includes(a.cubes)) return violation('bad_cubes', `choose ${f.cubes} cube colours as letters G, Y, B in that order (e.g. ${o.cubes[0] || '""'})`);
  if (!o.wound.includes(a.wound)) return violation('bad_wound', 'remove a Wound from a well that has one');
  if (!o.positive.includes(a.positive)) return violation('bad_status', 'remove one Positive status where able, not one gained this Turn (spec 2.2.6)');
  if (!o.negative.includes(a.negative)) return violation('bad_status', 'remove one Negative status where able, not one gained this Turn (spec 2.2.6)');
  return null;
}
export function refreshCandidates(s: S, f: Extract<Frame, { t: 'refresh' }>): Action[] {
  const o = refreshOptions(s, f);
  const out: Action[] = [];
  const reinforce = f.reinforce > 0 ? multisets(f.reinforce) : [null];
  for (const r of reinforce) for (const cubes of o.cubes) for (const wound of o.wound) for (const positive of o.positive) for (const negative of o.negative) {
    out.push(r === null ? { type: 'refresh', cubes, wound, positive, negative } : { type: 'refresh', reinforce: r, cubes, wound, positive, negative });
  }
  return out;
}

export function blockOptions(s: S, f: Attack): number {
  const u = s.units[f.targets[f.i].unit];
  return maxBlocks(s, u, f.hits);
}
export function woundOptions(s: S, unit: string): Well[] { return woundWells(s.boards[s.units[unit].board]); }
export { pushOptions, free, unitAt, CONTENT };
