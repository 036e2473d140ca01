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

/**
 * `s` with every secret that `seat` may not see changed (null when there is none to change): each
 * drawn Refresh card shown to it as '?' swapped with another Refresh card of that deck's pile, and
 * each other Side's Mayhem hand card swapped with another card of its pile. A seat's view (and so
 * anything made from it) must be the same for both states: that is the no-leak check.
 */
export function otherSecrets(s: S, seat: number | null): S | null {
  const t = structuredClone(s);
  const v = rs.view(s, seat);
  let changed = false;
  t.slots.forEach((sl, i) => {
    if (!sl.drawn || v.slots[i].drawn !== '?') return;
    const pool = t.decks[t.side].pool;
    const k = pool.findIndex((c) => c !== sl.drawn && !c.startsWith('event:'));
    if (k < 0) return;
    [pool[k], sl.drawn] = [sl.drawn, pool[k]];
    pool.sort();
    changed = true;
  });
  if (t.mayhem) for (const side of ['MAYHEM', 'LEGION'] as const) {
    if (seat !== null && t.seats[seat] === side) continue;
    const m: NonNullable<S['mayhem']>['MAYHEM'] = t.mayhem[side];
    const k = m.deck.pool.findIndex((c: string) => c !== m.hand[0]);
    if (!m.hand.length || k < 0) continue;
    [m.deck.pool[k], m.hand[0]] = [m.hand[0], m.deck.pool[k]];
    m.deck.pool.sort();
    changed = true;
  }
  return changed ? t : null;
}

/**
 * The position checks for 2-4 players at `s` (an activation, nothing being resolved): the
 * position round-trips (export, import into the mission's setup for as many seats, export); each
 * seat's view of the import (and a spectator's) is its view of the game; and per seat, no leak:
 * its view is the same whatever the secrets it may not see, and the position it can make from
 * its own view (determinized, as a fork of a running game) imports to a game it sees the same.
 * Returns how many seats had a secret to change.
 */
export function positionRoundTrip(s: S): number {
  // An earlier Turn's Rams are spent (only this Turn's are a position's, position.ts): left out of the comparison.
  const norm = <T extends S>(v: T): T => { if (v.rammed && v.rammed.turn !== v.turnNo) { const c = structuredClone(v); delete c.rammed; return c; } return v; };
  const pos = rs.position!;
  const n = s.seats.length;
  const p = pos.toPosition(s);
  assert.ok(!isViolation(p), (p as Violation).message);
  const back = pos.fromPosition(structuredClone(p), fresh(s.mission, n)) as S;
  assert.ok(!isViolation(back), (back as unknown as Violation).message);
  assert.deepEqual(pos.toPosition(back), p, `${n} players: export, import, export: the same position`);
  let secrets = 0;
  for (const seat of [...Array.from({ length: n }, (_, i) => i), null]) {
    const v = norm(rs.view(s, seat));
    assert.deepEqual(rs.view(back, seat), v, `${n} players: seat ${seat}'s view of the import`);
    const alt = otherSecrets(s, seat);
    if (alt) { secrets++; assert.deepEqual(norm(rs.view(alt, seat)), v, `${n} players: seat ${seat}'s view does not depend on what it may not see`); }
    const mine = pos.toPosition(rs.determinize!(structuredClone(v), seat, localRng(`pos-${seat}`)));
    assert.ok(!isViolation(mine), (mine as Violation).message);
    if (alt) assert.deepEqual(pos.toPosition(rs.determinize!(structuredClone(rs.view(alt, seat)), seat, localRng(`pos-${seat}`))), mine, `${n} players: seat ${seat}'s position is made from its view only`);
    const imported = pos.fromPosition(structuredClone(mine), fresh(s.mission, n)) as S;
    assert.ok(!isViolation(imported), (imported as unknown as Violation).message);
    assert.deepEqual(rs.view(imported, seat), v, `${n} players: seat ${seat} sees the game made from its own view as the game`);
  }
  return secrets;
}

/** Plays on by default actions until `stop` holds (any player count). */
export function playDefaultsUntil(s: S, stop: (s: S) => boolean, max = 3000): S {
  for (let i = 0; i < max && !stop(s); i++) {
    const d = rs.pending(s).find((x) => x.blocking) ?? rs.pending(s)[0];
    assert.ok(d, 'a decision is open');
    const r = rs.apply(s, { kind: 'default', decision: 'x', action: rs.defaultAction!(s, d) }, { seq: i + 1, rng: localRng(`def-${i}`) });
    if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
    s = r.state;
  }
  assert.ok(stop(s), 'the condition was reached');
  return s;
}
/** An activation with nothing being resolved: where positions are. */
export const atActivation = (s: S) => s.phase === 'activate' && !s.stack.length && !s.result;

/** Takes Mission 3's Instant attack and move gadgets (Quick Draw, Grapple Line) off every unit: for tests of other rules, where the W-paid and W-phase windows they open (L277-282) would come first. */
export function noInstantGadgets(s: S): S {
  for (const u of Object.values(s.units)) if (u.gadgets) u.gadgets = u.gadgets.filter((g) => g !== 'gadget-fortune-quickdraw' && g !== 'gadget-hardtack-grapple');
  return s;
}
