// Checklist items #62 (fortifications: trench rules, §7.7) and #63 (bunkers as targets, §6.6).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, row, shootAt, squad, tryAct, unitOf } from './helpers.js';
import type { Feature, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
const trench: Feature = { id: 'trench', kind: 'area', points: [[400, 1600], [2000, 1600], [2000, 2000], [400, 2000]], move: 'open', cover: 'hard', los: 'clear', height: 0, fortification: 'trench' };

/** A1 (one Regular rifle) and B1 (one figure in the trench at y = 18") `edge` hundredths apart, edge to edge. */
function dugIn(name: string, edge: number, active = 'A1'): S {
  return craft({ name, active, terrain: [trench], units: [
    { id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 1800 - 100 - edge]] },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 1800]] },
  ] });
}

test('#62 trench: troops in a trench that have not moved or fired this turn cannot be fired upon beyond 12" (§7.7, A37)', () => {
  assert.equal(code(tryAct(dugIn('t-12', 1200), shootAt('B1'))), undefined, 'exactly 12"');
  assert.equal(code(tryAct(dugIn('t-12x', 1201), shootAt('B1'))), 'no_line_of_fire', 'beyond 12"');
  // B1 fires first this turn: from then on it may be fired upon at any range.
  const s = dugIn('t-fired', 1201, 'B1');
  const r = act(s, shootAt('A1'), [0, 0, 0, 0, 0, 0]);
  assert.equal(unitOf(r.s, 'B1').actedTurn, r.s.turn);
  const k = act(r.s, { type: 'activate', unit: 'A1' }).s;
  assert.equal(decision(k).kind, 'order');
  assert.equal(code(tryAct(k, shootAt('B1'))), undefined);
  // The next turn it is still again.
  const next = structuredClone(r.s);
  next.turn += 1;
  next.phase = 'order'; next.active = 'A1'; next.toAct = 0;
  unitOf(next, 'A1').activated = false;
  assert.equal(code(tryAct(next, shootAt('B1'))), 'no_line_of_fire');
});

test('#62 trench: leaving a trench costs 3" of the move; moving inside it does not (§7.7)', () => {
  const s = dugIn('t-leave', 3000, 'B1');
  const move = (to: [number, number]) => code(tryAct(s, { type: 'engage', moves: [{ fig: 'B1.1', path: [to] }], target: null, fireFirst: false }));
  assert.equal(move([1000, 2100]), undefined, '3" out + 3" = 6"');
  assert.equal(move([1000, 2101]), 'beyond_allowance');
  assert.equal(move([1600, 1800]), undefined, '6" along the trench');
  assert.equal(move([1601, 1800]), 'beyond_allowance');
  const moved = act(s, { type: 'engage', moves: [{ fig: 'B1.1', path: [[1600, 1800]] }], target: null, fireFirst: false }).s;
  assert.equal(unitOf(moved, 'B1').actedTurn, moved.turn, 'a move counts');
});

const bunker = (y: number, kind: 'bunkerL' | 'bunkerM' | 'bunkerH' = 'bunkerL'): Feature => ({ id: 'bunker', kind: 'area', points: [[800, y], [1400, y], [1400, y + 400], [800, y + 400]], move: 'difficult', cover: 'hard', los: 'clear', height: 0, fortification: kind, status: 'intact' });
/** A1 (Regular: a rifle and a support weapon 2.2" east) at y = `ay`; B1 (2 figures) inside a bunker whose south wall is at y = `by`. */
function bunkered(name: string, support: string, ay: number, by: number, occupied = true): S {
  return craft({ name, active: 'A1', terrain: [bunker(by)], units: [
    { id: 'A1', side: 0, spec: squad('regular', 1, { support }), at: row(1000, ay, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: occupied ? row(1000, by + 200, 2) : row(1000, by + 1000, 2) },
  ] });
}
const atBunker = { type: 'engage' as const, moves: [], target: null, fireFirst: true, bunker: 'bunker' };

test('#63 bunker as a target: only AT-capable weapons fire, within their long range (fusion gun X2: 24") and LOS; it must hold a figure of a priority target (§6.6)', () => {
  assert.equal(code(tryAct(bunkered('bk-24', 'fusionGun', 550, 3000), atBunker)), undefined, 'the wall exactly 24" from the gunner\'s base');
  assert.equal(code(tryAct(bunkered('bk-24x', 'fusionGun', 549, 3000), atBunker)), 'no_at_weapon', '24.01"');
  assert.equal(code(tryAct(bunkered('bk-noat', 'saw', 550, 1400), atBunker)), 'no_at_weapon', 'a SAW has no AT rating');
  assert.equal(code(tryAct(bunkered('bk-empty', 'amaw', 550, 1400, false), atBunker)), 'fire_priority', 'an empty bunker is no target');
  assert.equal(code(tryAct(bunkered('bk-two', 'amaw', 550, 1400), { ...atBunker, target: 'B1' })), 'two_targets');
});

test('#63 bunker: hits by hard cover (5 per hit), 1D6 + AT against the Armour Value (Light 7), any penetration destroys it; occupants die on 3+, survivors are Pinned (§6.6, §7.7)', () => {
  // FE 6 + Regular 1 (close band, AMAW FE 0) = 7 -> 1 hit; AMAW AT 4 + 2 = 6 < 7: no penetration.
  const miss = act(bunkered('bk-miss', 'amaw', 550, 1400), atBunker, faces(6, 1, 2));
  const shot = evOf(miss.events, 'bunker_shot')[0];
  assert.equal(shot.fe, 7);
  assert.equal(shot.hits, 1);
  assert.deepEqual(evOf(miss.events, 'penetration').map((p) => [p.total, p.armour, p.penetrated]), [[6, 7, false]]);
  assert.equal(miss.s.terrain[0].status, 'intact');
  assert.equal(unitOf(miss.s, 'A1').actedTurn, miss.s.turn, 'firing at a bunker is firing');
  // 4 + 3 = 7 >= 7: destroyed; the occupants roll 2 (survives) and 3 (killed).
  const hit = act(bunkered('bk-hit', 'amaw', 550, 1400), atBunker, faces(6, 1, 3, 2, 3));
  assert.equal(hit.s.terrain[0].status, 'destroyed');
  assert.deepEqual(evOf(hit.events, 'bunker_occupant').map((o) => [o.figure, o.killed]), [['B1.1', false], ['B1.2', true]]);
  const b = unitOf(hit.s, 'B1');
  assert.equal(b.pinned, true, 'survivors are Pinned');
  // FE 4 + 1 = 5: exactly one hit; FE 3 + 1 = 4: none.
  assert.equal(evOf(act(bunkered('bk-5', 'amaw', 550, 1400), atBunker, faces(4, 1, 1)).events, 'bunker_shot')[0].hits, 1);
  assert.equal(evOf(act(bunkered('bk-4', 'amaw', 550, 1400), atBunker, faces(3, 1)).events, 'bunker_shot')[0].hits, 0);
});
