// Checklist items #62 (fortifications: trench rules, §7.7) and #63 (bunkers as targets, §6.6).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, row, shootAt, squad, tryAct, unitOf } from './helpers.js';
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
