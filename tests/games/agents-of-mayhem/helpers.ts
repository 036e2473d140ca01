// Position builders for Agents of Mayhem tests. Every position starts from a mission's setup
// and moves figures by hand; dice are scripted (face indices into data/dice.json: red d12
// 0-3 AH, 4 AH+S, 5-6 H, 7 H+S, 8-10 P, 11 S; yellow d8 0-1 AH, 2 AH+S, 3 H, 4-5 P, 6 S, 7 blank;
// white d6 0 AH, 1 H, 2 P, 3 S, 4-5 blank).
import assert from 'node:assert/strict';
import { agentsOfMayhem as rs, type Action, type S } from '../../../src/games/agents-of-mayhem/index.js';
import { localRng, scriptedRng } from '../../../src/engine/rng.js';
import { isViolation, type GameEvent, type Violation } from '../../../src/engine/types.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { missionDrones } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';

export { rs };
export function seats(n: number) { return Array.from({ length: n }, (_, index) => ({ index, name: `P${index}` })); }

export function fresh(mission = 'M1', n = 2, options: unknown = {}): S {
  const r = rs.setup({ scenario: mission, seats: seats(n), options }, { seq: 0, rng: localRng(`setup-${mission}`) });
  if (isViolation(r)) throw new Error(r.code);
  return r.state;
}

/** Only the listed units stay on the map, at the given spaces ("x,y,z"); the vehicles and drones the mission sets up (step H) go too, the drones back to the supply (a test puts its own). */
export function only(s: S, at: Record<string, string>): S {
  for (const u of Object.values(s.units)) { u.at = at[u.id] ?? null; u.entry = null; }
  const placed = new Set((CONTENT.missions[s.mission].vehicles ?? []).map((v) => v.vehicle));
  if (s.vehicles && placed.size) {
    s.vehicles = s.vehicles.filter((v) => !placed.has(v.id));
    if (!s.vehicles.length) delete s.vehicles;
  }
  if (s.traffic) s.traffic.supply = missionDrones(s.mission).filter((id) => !(s.vehicles ?? []).some((v) => v.id === id));
  return s;
}

/** It is `board`'s Side's Action Phase with `board` activated (not the first Turn of the Round). */
export function activeBoard(s: S, board: string): S {
  const side = s.boards[board].side;
  s.side = side;
  s.first = { MAYHEM: false, LEGION: false };
  s.slots = s.seats.flatMap((x, i) => (x === side ? [i] : [])).slice(0, 1).map((seat) => ({ seat, board, drawn: null, done: false, main: false, addons: [], mp: null, pool: 0, penalty: 0, fire: null, group: null }));
  s.slot = 0;
  s.phase = 'actions';
  return s;
}

export interface Stepped { s: S; ev: GameEvent[] }

/** Answers the one open decision with `a`; scripted dice values for any roll in this entry. */
export function answer(s: S, a: Action, dice: number[] = []): Stepped {
  const [d] = rs.pending(s);
  assert.ok(d, 'a decision is open');
  const r = rs.apply(s, { kind: 'answer', seat: d.seat, decision: 'x', action: a }, { seq: 1, rng: scriptedRng(dice) });
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
  return { s: r.state, ev: r.events };
}
export function refused(s: S, a: Action): Violation {
  const [d] = rs.pending(s);
  const v = rs.validate(s, d.seat, d, a);
  assert.ok(v, `expected ${JSON.stringify(a)} to be refused`);
  return v!;
}
export function kind(s: S): string { return rs.pending(s)[0]?.kind ?? 'none'; }
export function ev(st: Stepped, type: string) { return st.ev.filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>); }

/** The candidate actions of the first pending decision. */
export const cands = (s: S) => { const d = rs.pending(s)[0]; return rs.candidates(s, d.seat, d, 0, null as never).actions; };

/** Plays on (activating `boards[side]` for the Side to move and ending at once; defaults elsewhere) until `stop` holds. */
export function until(s: S, stop: (s: S) => boolean, boards: Record<string, string> = {}): Stepped {
  let st: Stepped = { s, ev: [] };
  for (let i = 0; i < 200 && !stop(st.s); i++) {
    const d = rs.pending(st.s)[0];
    const a = d.kind === 'turn' ? { type: 'end' as const }
      : d.kind === 'activate' && boards[st.s.side] ? { type: 'activate' as const, board: boards[st.s.side] } : rs.defaultAction!(st.s, d);
    const next = answer(st.s, a);
    st = { s: next.s, ev: [...st.ev, ...next.ev] };
  }
  assert.ok(stop(st.s), 'the condition was reached');
  return st;
}

/** A drone on lane `lane` with its front on `front` (its back the lane space before, facing from its back to its front). */
export function withDrone(s: S, id: string, lane: number, front: string): S {
  const l = CONTENT.missions[s.mission].compiled.lanes[lane];
  const i = l.cells.indexOf(front);
  assert.ok(i >= 1, `${front} is a lane space with one behind it`);
  (s.vehicles ??= []).push({ id, side: null, front, back: l.cells[i - 1], facing: l.dirs[i - 1], wounds: 0, driven: false, used: 0, backwards: false, since: null, lane });
  s.traffic!.supply = s.traffic!.supply.filter((x) => x !== id);
  return s;
}
/** The Side to move has drawn `cards` (one per slot, taken out of its deck). */
export function drawn(s: S, ...cards: string[]): S {
  cards.forEach((c, i) => {
    s.slots[i].drawn = c;
    const pool = s.decks[s.side].pool;
    pool.splice(pool.indexOf(c), 1);
  });
  return s;
}
