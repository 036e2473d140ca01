// Hidden markers inside an LOS-blocking feature (§7.10, source p.31): "A marker which enters the
// uninterrupted LOS of an enemy must be revealed immediately and removed from the game. [...]
// Markers in a terrain feature which can block LOS (such as buildings or woods) are revealed if the
// enemy enters the feature and comes within 6" of the marker." Read [P] as the rule for such a
// marker in place of the LOS test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import type { Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import { markerSpotted, spotted } from '../../../src/games/fast-and-dirty/rules/hidden.js';
import { act, craft, decision, faces, row, squad, unitOf } from './helpers.js';

// A wall from x 5" to 16" at y 9-10" hides A1 (y 5") from B1 and B2 (y 20", 23"); light woods x 17-30", y 2-9".
const wall: Feature = { id: 'wall', kind: 'area', points: [[500, 900], [1600, 900], [1600, 1000], [500, 1000]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };
const woods: Feature = { id: 'woods', kind: 'area', points: [[1700, 200], [3000, 200], [3000, 900], [1700, 900]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 500 };

/** A1 hidden (3 markers at (12.2", 5")); then B2's one figure is put at `b2`. */
function hiddenNearWoods(name: string, b2: Pt): S {
  const s = craft({ name, active: 'A1', terrain: [wall, woods], options: { hiddenMovement: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
    { id: 'B2', side: 1, spec: squad('regular', 1), at: [[1000, 2300]] },
  ] });
  s.options.hiddenMovement = true;
  const h = act(s, { type: 'hide' }, faces(3)).s;
  assert.ok(unitOf(h, 'A1').hidden, 'A1 hid');
  unitOf(h, 'B2').figures[0].at = b2;
  return h;
}
const into = (s: S) => act(s, { type: 'markers', moves: [{ marker: 3, path: [[1750, 600]] }] });

test('Hidden markers in an LOS-blocking feature: not revealed by an enemy that only sees into it (§7.10)', () => {
  const s = hiddenNearWoods('hf-far', [1000, 2300]);
  const r = into(s);
  assert.ok(spotted(r.s, 0, [1750, 600]), 'B1 has an uninterrupted LOS into the edge of the light woods');
  assert.equal(markerSpotted(r.s, 0, [1750, 600]), false);
  assert.equal(decision(r.s).kind, 'activate', 'no reveal decision');
  assert.equal(unitOf(r.s, 'A1').hidden!.markers.length, 3);
});

test('Hidden markers in an LOS-blocking feature: revealed when an enemy is inside the feature within 6" of the marker (§7.10)', () => {
  const r = into(hiddenNearWoods('hf-in', [2300, 600]));
  const d = decision(r.s);
  assert.equal(d.kind, 'reveal');
  assert.deepEqual(d.exposes, { unit: 'A1', marker: 3, markers: 3 });
});

test('Hidden markers in an LOS-blocking feature: an enemy inside it beyond 6", or within 6" but outside it, does not reveal the marker (§7.10)', () => {
  const far = into(hiddenNearWoods('hf-in-far', [2450, 600]));
  assert.equal(decision(far.s).kind, 'activate', 'inside the woods, beyond 6" edge to marker');
  const out = into(hiddenNearWoods('hf-out', [1750, 1150]));
  assert.ok(spotted(out.s, 0, [1750, 600]), 'it sees the marker through less than 4" of light woods');
  assert.equal(decision(out.s).kind, 'activate', 'within 6" but not inside the woods');
});
