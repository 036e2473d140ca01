// Movement (§6.4), stacking and displacement (§6.5, §6.6).
import { CONTENT } from '../content.js';
import { load, neighboursOf, points } from '../geometry.js';
import { type Run, type S, type Side, type Unit, sideSeat, unitsAt, vortexAt } from '../state.js';
import { combatRoll, kOfN, knockDown, removeUnit } from './effects.js';
import { checkVictory } from './victory.js';

/** Units that must leave when `mover` enters `hex`, or null when it cannot enter (§6.6 table). */
export function displacementNeed(s: S, mover: Unit, hex: string): { need: number; pool: string[] } | null {
  const here = unitsAt(s, hex).filter((u) => u.id !== mover.id);
  const total = here.reduce((n, u) => n + points(u), 0) + points(mover);
  if (total <= 4) return { need: 0, pool: [] };
  if (mover.type === 'squad') return null;
  if (here.some((u) => u.type === 'crawler')) return null;
  const counted = here.filter((u) => points(u) > 0);
  if (mover.type === 'crawler') {
    if (counted.some((u) => u.frozen)) return null; // A17
    return { need: counted.length, pool: counted.map((u) => u.id).sort() };
  }
  const walkers = counted.filter((u) => u.type === 'walker');
  const squads = counted.filter((u) => u.type === 'squad');
  if (walkers.length >= 2) return null;
  const need = walkers.length === 1 ? squads.length : squads.length - 2;
  const pool = squads.filter((u) => !u.frozen);
  if (pool.length < need) return null;
  return { need, pool: pool.map((u) => u.id).sort() };
}

/** Legal hexes for a displaced unit (A16): adjacent, on map, not a volcano, not over-stacked. */
export function displaceTargets(s: S, u: Unit, hex: string): string[] {
  return neighboursOf(hex).filter((h) => s.map[h].terrain !== 'volcano' && !vortexAt(s, h) && load(s, h) + points(u) <= 4);
}

/** Greedy check that `need` units of `pool` can all be placed (A16: refuse the move up front otherwise). */
export function displacementFeasible(s: S, hex: string, pool: string[], need: number): boolean {
  if (need === 0) return true;
  const extra: Record<string, number> = {};
  let placed = 0;
  for (const id of pool) {
    const u = s.units[id];
    const t = neighboursOf(hex).find((h) => s.map[h].terrain !== 'volcano' && !vortexAt(s, h) && load(s, h) + (extra[h] ?? 0) + points(u) <= 4);
    if (t) { extra[t] = (extra[t] ?? 0) + points(u); placed++; }
    if (placed >= need) return true;
  }
  return placed >= need;
}

/** Move one step into `to` (entry included). Returns false when the game ended. */
export function enter(s: S, run: Run, u: Unit, to: string, voluntary = true): void {
  const from = u.at;
  const d = displacementNeed(s, u, to);
  u.at = to;
  if (u.edge && from === null) u.edge = null;
  run.all('moved', { unit: u.id, from, to });
  if (s.map[to].terrain === 'volcano') { removeUnit(s, run, u, 'volcano'); return; }
  if (vortexAt(s, to)) { removeUnit(s, run, u, 'vortex'); return; } // only a program's random move gets here
  // §6.4.3 (A15): a crawler moving into industry or woods rolls [1/3] to make it Rough.
  if (voluntary && u.type === 'crawler' && ['industry', 'woods'].includes(s.map[to].terrain)) {
    if (kOfN(run, 'crawler crushes terrain', 1, 3, { unit: u.id, hex: to })) {
      const from2 = s.map[to].terrain;
      s.map[to].terrain = 'rough';
      run.all('terrain_converted', { hex: to, from: from2, to: 'rough' });
    }
  }
  checkVictory(s, run);
  if (d && d.need > 0 && !s.result) startDisplacement(s, run, u, to, d.need, d.pool);
}

export function startDisplacement(s: S, run: Run, mover: Unit, hex: string, need: number, pool: string[]): void {
  const sides = new Set(pool.map((id) => s.units[id].side));
  let turn: Side;
  if (sides.size > 1) {
    // §6.6 step 2: ☺ Yellow moves first, blank Blue.
    turn = combatRoll(run, 'displacement order', 1) ? 'yellow' : 'blue';
  } else turn = [...sides][0] as Side;
  s.stack.push({ f: 'displace', hex, mover: mover.id, from: null, need, pool, turn, moved: [], n: ++s.seq });
}

/** Finishes a displacement: one knock-down/scatter roll per displaced unit (§6.6 step 4). */
export function finishDisplacement(s: S, run: Run, moved: string[]): void {
  for (const id of moved) {
    const u = s.units[id];
    if (kOfN(run, 'displacement knock-down', 1, 1, { unit: id })) knockDown(s, run, u);
  }
}

/** A unit leaves the map from an edge hex: out of the game for good (§6.4.5). */
export function exitMap(s: S, run: Run, u: Unit): void {
  const from = u.at!;
  const edge = CONTENT.northEdge.includes(from) ? 'north' : CONTENT.southEdge.includes(from) ? 'south' : 'side';
  if (u.carrying) {
    const o = s.objects[u.carrying];
    o.gone = `exit:${edge}`;
    o.carriedBy = null;
    u.carrying = null;
    run.all('object_removed', { object: o.id, reason: `exit:${edge}`, with: u.id });
  }
  removeUnit(s, run, u, `exit:${edge}`);
}

export const seatOfUnit = (s: S, u: Unit) => sideSeat(s, u.side);
