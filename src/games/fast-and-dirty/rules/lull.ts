// Lull in the fight (module `lull`, §7.14, checklist #69): when both initiative dice show 1, the
// fighting pauses before initiative is rolled again. Built [P]:
// 1. withdrawals, the players' decisions (`withdraw`), the sides taking turns one unit at a time, the
//    last initiative winner first: every unit with an enemy figure within 12" (edge to edge) must
//    withdraw (a side may not pass while one is left); any other unit on the table may withdraw
//    too. A withdrawal is a Move (the unit's basic Move, normal terrain and coherency rules) ending
//    farther from the nearest enemy, like a fall back; no moves asks for the automatic one, straight
//    away from the nearest enemy unit, the longest of 100 / 75 / 50 / 25% that is legal. `unit:
//    null` gives up the side's optional withdrawals. The default withdraws the first unit that must,
//    automatically, then passes (the earlier automatic behaviour);
// 2. with the module Recover Wounded, each unit's default aid teams roll to recover its untreated
//    wounded (§7.23);
// 3. stabilized wounded are moved to the rear: off the table (`exited`), no longer casualties;
// 4. each lost off-board artillery section comes back on 5+;
// 5. one roll per support weapon lost with its figure: on a 6 a surviving small-arms member takes
//    it up (while two or more small-arms figures live);
// 6. with the module Hidden movement, each side in turn (the same order) names the units that go
//    hidden with no roll (`lullHide`): units on the table outside every enemy figure's LOS, as for
//    the hide action (not an Obvious Target, not falling back or Pinned); default none.
// Then initiative is rolled again. With a card sequence (§5.1) the trigger is a 1 on 1D6 when a card
// turn ends (rules/turn.ts `cardLull`), the side of the last activated unit withdrawing first, and
// the next deck is dealt after it.
import { edgeDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type OpenDecision, type Violation } from '../../../engine/types.js';
import { fallBackProblem, moveAllowance, moveProblem } from '../legal.js';
import { inPlay, living, other, troops, type Action, type S, type Side, type Unit } from '../state.js';
import { autoFallBack } from './combat.js';
import { pausedAt } from './lucky.js';
import { checkMines, pathsOf } from './mines.js';
import { hideAtCentre, spotted } from './hidden.js';
import type { Run } from './run.js';
import { has } from './traits.js';
import { isVehicle } from './vehicles.js';
import { defaultAid, recoveryRoll, woundRules } from './wounds.js';

/** Distance within which a unit must withdraw (§7.14). */
export const LULL_RANGE = 1200;

export type WithdrawAction = Extract<Action, { type: 'withdraw' }>;
export type LullHideAction = Extract<Action, { type: 'lullHide' }>;
export interface LullState {
  stage: 'withdraw' | 'hide';
  /** Units that must still withdraw (an enemy figure within 12" when the lull began). */
  must: string[];
  /** Units that may still withdraw. */
  may: string[];
  /** Sides that gave up their optional withdrawals; in the hide stage, sides that have answered. */
  done: [boolean, boolean];
  first: Side;
}

const onTable = (u: Unit) => troops(u) && inPlay(u) && !u.hidden && !u.reserve && !u.attachedTo && !u.out && !u.embarked && living(u).length > 0;
const unitOf = (s: S, id: string) => s.units.find((u) => u.id === id)!;

function nearEnemy(s: S, u: Unit): boolean {
  return s.units.some((e) => e.side !== null && e.side !== u.side && onTable(e)
    && living(e).some((g) => living(u).some((f) => edgeDistance(f.at, f.r, g.at, g.r) <= LULL_RANGE)));
}

const mustOf = (s: S, side: Side) => (s.lull?.must ?? []).filter((id) => unitOf(s, id).side === side && inPlay(unitOf(s, id)));
const mayOf = (s: S, side: Side) => (s.lull && !s.lull.done[side] ? s.lull.may : []).filter((id) => unitOf(s, id).side === side && inPlay(unitOf(s, id)));
const hasWithdrawal = (s: S, side: Side) => mustOf(s, side).length + mayOf(s, side).length > 0;

/**
 * The lull begins: the withdrawal decisions (or the automatic steps when nobody can withdraw), the
 * `first` side first (default: the last initiative winner). Returns true while decisions are open.
 */
export function startLull(s: S, run: Run, first: Side = s.initiative?.winner ?? 0): boolean {
  run.emit('lull', { turn: s.turn });
  const units = s.units.filter((u) => u.side !== null && onTable(u) && !u.lastStand);
  const must = units.filter((u) => nearEnemy(s, u)).map((u) => u.id);
  const may = units.filter((u) => !must.includes(u.id)).map((u) => u.id);
  s.lull = { stage: 'withdraw', must, may, done: [false, false], first };
  s.phase = 'lull';
  if (hasWithdrawal(s, first)) s.toAct = first;
  else if (hasWithdrawal(s, other(first))) s.toAct = other(first);
  else return afterWithdrawals(s, run);
  s.step++;
  return true;
}

export function lullDecisions(s: S, ctx: string[]): OpenDecision[] {
  const l = s.lull!;
  if (l.stage === 'withdraw') {
    return [{ key: `withdraw:${s.step}`, seat: s.toAct, kind: 'withdraw', blocking: true, timing: 'turn', context: ctx, exposes: { must: mustOf(s, s.toAct), may: mayOf(s, s.toAct) } }];
  }
  return [{ key: `lullHide:${s.step}`, seat: s.toAct, kind: 'lullHide', blocking: true, timing: 'turn', context: ctx, exposes: { eligible: hideable(s, s.toAct).map((u) => u.id) } }];
}

/** Why this withdrawal is not allowed, or null. */
export function withdrawProblem(s: S, side: Side, a: WithdrawAction): Violation | null {
  const must = mustOf(s, side);
  if (a.unit === null) return must.length ? violation('must_withdraw', `units within 12" of the enemy must withdraw first: ${must.join(', ')} (§7.14)`) : null;
  if (!must.includes(a.unit) && !mayOf(s, side).includes(a.unit)) {
    return violation('not_withdrawing', `${a.unit} is not a unit of yours still to withdraw: ${[...must, ...mayOf(s, side)].join(', ') || 'none'} (§7.14)`);
  }
  if (!Array.isArray(a.moves) || !a.moves.length) return null;
  const u = unitOf(s, a.unit);
  if (isVehicle(u)) return violation('vehicle_withdraw', `${u.id} is a vehicle: it withdraws only by the automatic withdrawal (no moves) [P]`);
  const r = moveProblem(s, u, a.moves, { mode: 'move' });
  if ('code' in r) return r;
  const away = fallBackProblem(s, u, r.end);
  return away ? violation('withdraw_not_away', `a withdrawal ends farther from the nearest enemy (§7.14 [P]): ${away.message}`) : null;
}

/** The withdrawal (validated), then the next side's turn, or the rest of the lull. Returns true while decisions are open. */
export function applyWithdraw(s: S, run: Run, side: Side, a: WithdrawAction): boolean {
  const l = s.lull!;
  if (a.unit === null) {
    l.done[side] = true;
    run.emit('withdrawals_passed', { side });
  } else {
    const u = unitOf(s, a.unit);
    l.must = l.must.filter((id) => id !== u.id);
    l.may = l.may.filter((id) => id !== u.id);
    if (a.moves.length) {
      const r = moveProblem(s, u, a.moves, { mode: 'move' });
      const before = new Map(u.figures.map((f) => [f.id, [f.at[0], f.at[1]] as Pt]));
      if ('end' in r) for (const f of living(u)) { const p = r.end.get(f.id); if (p) f.at = [p[0], p[1]]; }
      run.emit('withdrew', { unit: u.id, moves: a.moves.length });
      // A withdrawal is a Move (§7.14): the mines its paths come within 4" of are met (§7.15).
      checkMines(s, run, u, pathsOf(u, a.moves, before), true);
    } else autoFallBack(s, run, u, moveAllowance(s, u, 'move'), true);
    // A Lucky window on the mover's save or defence die against a mine (§2.7) pauses the Lull; it
    // goes on after the answer from here (rules/turn.ts afterMineWalk, `withdrawn`), the move not made again.
    if (pausedAt(s, { at: 'mineWalk', unit: u.id, then: 'withdraw' })) return true;
  }
  return withdrawn(s, run, side);
}

/** After `side`'s withdrawal (or its pass): the next side's turn, or the rest of the lull. Returns true while decisions are open. */
export function withdrawn(s: S, run: Run, side: Side): boolean {
  // The mines ended the battle: nothing more (the caller goes no further either).
  if (s.result) return true;
  s.phase = 'lull';
  if (hasWithdrawal(s, other(side))) s.toAct = other(side);
  else if (hasWithdrawal(s, side)) s.toAct = side;
  else return afterWithdrawals(s, run);
  s.step++;
  return true;
}

/** The default withdrawal: the first unit that must withdraw, automatically; else none. */
export function defaultWithdraw(s: S, side: Side): WithdrawAction {
  const must = mustOf(s, side);
  return { type: 'withdraw', unit: must[0] ?? null, moves: [] };
}

/** Bot candidates: each unit that must withdraw, automatically; or else pass, or each optional one. */
export function withdrawCandidates(s: S, side: Side): WithdrawAction[] {
  const must = mustOf(s, side);
  if (must.length) return must.map((id) => ({ type: 'withdraw', unit: id, moves: [] }));
  return [{ type: 'withdraw', unit: null, moves: [] }, ...mayOf(s, side).slice(0, 6).map((id) => ({ type: 'withdraw' as const, unit: id, moves: [] }))];
}

/** Steps 2-5 (automatic), then the hide decisions with Hidden movement. True while decisions are open. */
function afterWithdrawals(s: S, run: Run): boolean {
  recoveries(s, run);
  const l = s.lull!;
  if (s.options.hiddenMovement) {
    l.stage = 'hide';
    l.done = [false, false];
    for (const side of [l.first, other(l.first)]) {
      if (hideable(s, side).length) { s.toAct = side; s.step++; return true; }
      l.done[side] = true;
    }
  }
  delete s.lull;
  return false;
}

/** Units of a side that may go hidden during the lull: on the table, outside every enemy figure's LOS (§7.14, §7.10). */
export function hideable(s: S, side: Side): Unit[] {
  return s.units.filter((u) => u.side === side && onTable(u) && u.kind !== 'vehicle' && !has(u, 'obviousTarget') && !u.fallingBack && !u.pinned
    && !living(u).some((f) => [f.at, ...ring(f.at, f.r)].some((p) => spotted(s, side, p))));
}
const ring = (c: Pt, r: number): Pt[] => [[c[0] + r, c[1]], [c[0] - r, c[1]], [c[0], c[1] + r], [c[0], c[1] - r]];

export function lullHideProblem(s: S, side: Side, a: LullHideAction): Violation | null {
  if (!Array.isArray(a.units)) return violation('malformed_action', 'units is a list of unit ids');
  const ok = new Set(hideable(s, side).map((u) => u.id));
  if (new Set(a.units).size !== a.units.length) return violation('malformed_action', 'a unit is named twice');
  for (const id of a.units) if (!ok.has(id)) return violation('cannot_hide', `${id} is not a unit of yours on the table out of every enemy's LOS that may hide: ${[...ok].join(', ') || 'none'} (§7.14, §7.10)`);
  return null;
}

/** The named units go hidden with no roll (3 markers at the unit's centre, as a successful hide); then the other side, or the end. True while decisions are open. */
export function applyLullHide(s: S, run: Run, side: Side, a: LullHideAction): boolean {
  const l = s.lull!;
  for (const id of a.units) hideAtCentre(s, run, unitOf(s, id), { lull: true });
  l.done[side] = true;
  const o = other(side);
  if (!l.done[o] && hideable(s, o).length) { s.toAct = o; s.step++; return true; }
  delete s.lull;
  return false;
}

function recoveries(s: S, run: Run): void {
  for (const u of s.units) {
    if (!inPlay(u) || u.reserve) continue;
    // 2. Recovery rolls of the wounded (§7.23), by the unit's default aid teams.
    if (woundRules(s)) for (const a of defaultAid(u)) {
      const f = u.figures.find((x) => x.id === a.wounded)!;
      recoveryRoll(s, run, u, f);
    }
    // 3. Stabilized wounded go to the rear.
    for (const f of u.figures) if (f.wounded === 'stabilized' && !f.exited) {
      f.exited = true;
      run.emit('wounded_to_rear', { unit: u.id, figure: f.id });
    }
  }
  // 4. Lost off-board sections.
  for (const a of s.artillery) {
    if (!a.lost) continue;
    const [d] = run.roll('lull_asset', 1, { asset: a.id });
    if (d >= 5) { a.lost = false; run.emit('asset_recovered', { asset: a.id }); }
  }
  for (const u of s.units) {
    if (!inPlay(u) || u.reserve) continue;
    // 5. Support weapons lost with their figures: one roll each, 6 recovers it.
    if (u.kind !== 'infantry') continue;
    for (const dead of u.figures.filter((f) => !f.alive && !f.wounded && f.support && !f.team && !f.character)) {
      const [d] = run.roll('lull_weapon', 1, { unit: u.id, figure: dead.id, weapon: dead.weapon });
      const bearers = living(u).filter((f) => !f.support && !f.character && !f.team && !f.leader && !f.psi);
      const riflemen = living(u).filter((f) => !f.support && !f.character && !f.team);
      if (d < 6 || !bearers.length || riflemen.length < 2) continue;
      const b = bearers[bearers.length - 1];
      // The bearer takes up the support weapon and leaves its own small arm: the weapons swap, so
      // the fallen figure no longer holds a support weapon without being its operator (§2.3).
      const own = b.weapon;
      b.weapon = dead.weapon;
      b.support = true;
      dead.weapon = own;
      dead.support = false;
      run.emit('weapon_recovered', { unit: u.id, weapon: b.weapon, from: dead.id, figure: b.id });
    }
  }
}
