// Leaving a bunker (§7.7, source p.28): "Leaving a bunker is treated the same as disembarking from a
// vehicle." Disembarking (§2.5, as built in rules/transport.ts): the unit is placed within 1"
// of the hull, coherent, and may then fire or close assault but not move further.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, fastAndDirty, squad, tryAct, unitOf } from './helpers.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
// A light bunker x 8-14", y 10-14"; A1 (2 Regulars, bases 0.5" in radius) inside; B1 to the south.
const bunker: Feature = { id: 'bunker', kind: 'area', points: [[800, 1000], [1400, 1000], [1400, 1400], [800, 1400]], move: 'difficult', cover: 'hard', los: 'clear', height: 0, fortification: 'bunkerL', status: 'intact' };
function inBunker(name: string): S {
  return craft({ name, active: 'A1', terrain: [bunker], units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: [[1000, 1200], [1200, 1200]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: [[1000, 2800], [1200, 2800]] },
  ] });
}
type Engage = Extract<Action, { type: 'engage' }>;
const exit = (y1: number, y2 = y1, more: Partial<Engage> = {}): Engage => ({ type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, y1]] }, { fig: 'A1.2', path: [[1200, y2]] }], target: null, fireFirst: false, exitBunker: 'bunker', ...more });

test('Leaving a bunker like disembarking: every figure set down within 1" of the bunker, outside it, coherent (§7.7, §2.5)', () => {
  const s = inBunker('bx-place');
  assert.equal(code(tryAct(s, exit(1460))), undefined, '0.1" from the wall');
  assert.equal(code(tryAct(s, exit(1550))), undefined, 'exactly 1" from the wall');
  assert.equal(code(tryAct(s, exit(1551))), 'not_within_1');
  assert.equal(code(tryAct(s, exit(1300))), 'not_within_1', 'still inside');
  assert.equal(code(tryAct(s, { ...exit(1460), moves: [{ fig: 'A1.1', path: [[1000, 1460]] }] } as Action)), 'not_placed', 'the whole unit leaves');
  assert.equal(code(tryAct(s, { ...exit(1460), moves: [{ fig: 'A1.1', path: [[1000, 1300], [1000, 1460]] }, { fig: 'A1.2', path: [[1200, 1460]] }] } as Action)), 'malformed_action');
  const r = act(s, exit(1460));
  assert.deepEqual(unitOf(r.s, 'A1').figures.map((f) => f.at), [[1000, 1460], [1200, 1460]]);
});

test('Leaving a bunker like disembarking: no ordinary Move or Rush out of it; a move inside it is still a move (§7.7)', () => {
  const s = inBunker('bx-move');
  const out: Action = { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1600]] }, { fig: 'A1.2', path: [[1200, 1600]] }], target: null, fireFirst: true };
  assert.equal(code(tryAct(s, out)), 'bunker_exit');
  assert.equal(code(tryAct(s, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1000, 1600]] }, { fig: 'A1.2', path: [[1200, 1600]] }] })), 'bunker_exit');
  assert.equal(code(tryAct(s, { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1300]] }], target: null, fireFirst: true })), undefined);
  const c = fastAndDirty.candidates(s, 0, decision(s), 10, null as never);
  for (const a of c.actions) assert.equal(code(tryAct(s, a)), undefined, JSON.stringify(a));
});

test('Leaving a bunker like disembarking: the unit may then fire from where it was set down, not first (§7.7, §2.5)', () => {
  const s = inBunker('bx-fire');
  assert.equal(code(tryAct(s, exit(1460, 1460, { target: 'B1', fireFirst: true }))), 'bunker_exit');
  const r = act(s, exit(1460, 1460, { target: 'B1' }), Array(20).fill(2));
  const shot = evOf(r.events, 'shot')[0];
  assert.equal(shot.distance, 2800 - 1460 - 100, 'measured from the new places');
});
