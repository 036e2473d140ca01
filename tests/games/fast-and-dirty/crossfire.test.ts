// Checklist item #110 (option Crossfires, §7.19): a unit fired upon from opposite directions in
// one turn takes a Quality test on 1D6; on a failure the second attack pins it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, hold, row, shootAt, squad, unitOf } from './helpers.js';
import { opposite } from '../../../src/games/fast-and-dirty/rules/crossfire.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';

/** B1 (Conscript, Quality target 4) in the middle; A1 8" south; A2 8" north, or 8" east (`east`). */
function field(name: string, second: Pt[], crossfires = true) {
  const s = craft({ name, active: 'A1', options: { crossfires }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(2200, 1600, 3) },
    { id: 'A2', side: 0, spec: squad('regular', 3), at: second },
    { id: 'B1', side: 1, spec: squad('conscript', 3), at: row(2200, 2400, 3) },
  ] });
  s.options.crossfires = crossfires;
  return s;
}
// Each volley: FE 1 + Regular 1 + 3 rifles 1 = 3, one hit in the open; damage 1 + 2 against 6 + 1 saves it.
const miss = faces(1, 1, 1, 6);

function twoVolleys(s: ReturnType<typeof field>, crossDie: number) {
  const a = act(s, shootAt('B1'), miss);
  const b = act(act(a.s, { type: 'activate', unit: 'B1' }).s, hold).s;
  const c = act(b, { type: 'activate', unit: 'A2' }).s;
  return act(c, shootAt('B1'), [...miss, ...faces(crossDie), ...faces(1, 2)]);
}

test('#110 Crossfires: bearings at least 135° apart at the target count as opposite directions [P]', () => {
  assert.equal(opposite([0, -800], [0, 800]), true, '180°');
  assert.equal(opposite([0, -800], [800, 800]), true, '135°');
  assert.equal(opposite([0, -800], [800, 700]), false, 'just under 135°');
  assert.equal(opposite([0, -800], [800, 0]), false, '90°');
});

test('#110 Crossfires: fired upon from the opposite side in the same turn, a failed 1D6 Quality test pins the unit (§7.19)', () => {
  const r = twoVolleys(field('cross-fail', row(2200, 3200, 3)), 3);
  const cf = evOf(r.events, 'crossfire');
  assert.equal(cf.length, 1);
  assert.deepEqual(cf[0].shooters, ['A1', 'A2']);
  assert.equal(cf[0].passed, false, '3 misses the Conscript target 4');
  assert.equal(unitOf(r.s, 'B1').pinned, true);
  assert.equal(unitOf(r.s, 'B1').underFire, false, 'the Pinned marker replaces Under Fire');
});

test('#110 Crossfires: a passed test leaves the unit unpinned; fire from the side (90°) or without the option makes no test', () => {
  const pass = twoVolleys(field('cross-pass', row(2200, 3200, 3)), 4);
  assert.equal(evOf(pass.events, 'crossfire')[0].passed, true);
  assert.equal(unitOf(pass.s, 'B1').pinned ?? false, false);
  const side = twoVolleys(field('cross-side', [[3200, 2300], [3200, 2520], [3200, 2740]]), 3);
  assert.equal(evOf(side.events, 'crossfire').length, 0);
  assert.equal(unitOf(side.s, 'B1').pinned ?? false, false);
  const off = twoVolleys(field('cross-off', row(2200, 3200, 3), false), 3);
  assert.equal(evOf(off.events, 'crossfire').length, 0);
  assert.equal(unitOf(off.s, 'B1').pinned ?? false, false);
});
