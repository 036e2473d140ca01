// Checklist item #73, the Detection trait (§2.6 p.45: "Every time this unit is activated, all hidden
// markers within 12" must be removed or revealed.") at night with the night dummies (§4.2, §7.10
// p.34, A35): the dummies within 12" are found and removed too, as when spotted, and the detecting
// side learns no more than a night spotter does (§8.1). Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as kernel from '../../../src/engine/kernel.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import type { GameEvent } from '../../../src/engine/types.js';
import type { S } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, decision, evOf, faces, fastAndDirty, row, squad, unitOf } from './helpers.js';

const rs = fastAndDirty;
const NEAR: Pt = [1000, 1700], NEAR2: Pt = [1300, 1700], FAR1: Pt = [3000, 4000], FAR2: Pt = [3500, 4000], FAR3: Pt = [4000, 4000];
/** A1 (3 Regulars, 3+, Detection) at y 5"; B1 hidden at night at the given markers (ids m1..), and side 1's dummies. */
function scene(name: string, unit: [string, Pt][], dummies: [string, Pt][], traits = ['detection']): S {
  const s = craft({ name, options: { hiddenMovement: true, night: true }, units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 3), traits }, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(3000, 4000, 3) },
  ] });
  delete s.dummiesDue;
  unitOf(s, 'B1').hidden = { markers: unit.map(([id, at], i) => ({ n: i + 1, at, id })) };
  s.markers = dummies.map(([id, at]) => ({ id, side: 1 as const, at, dummy: true as const }));
  s.markerSeq = 9;
  return s;
}
const slice = (events: GameEvent[], seat: 0 | 1 | null) => kernel.eventsFor(events, seat, false);

test('#73 Detection at night: the night dummies within 12" are found and removed as when spotted; the units\' markers by the night procedure, the detecting unit testing; then its order (§2.6, §7.10 p.34)', () => {
  // Only a dummy in range: it goes whatever the die; B1's markers, far, stay.
  const d = act(scene('dn-dummy', [['m1', FAR1], ['m2', FAR2], ['m3', FAR3]], [['m4', NEAR]]), { type: 'activate', unit: 'A1' }, faces(1));
  assert.deepEqual(d.s.markers, []);
  assert.deepEqual(evOf(d.events, 'marker_removed'), [{ marker: 'm4', dummy: true }]);
  assert.deepEqual(unitOf(d.s, 'B1').hidden!.markers.map((m) => m.id), ['m1', 'm2', 'm3']);
  assert.equal(decision(d.s).kind, 'order', 'no owner decision: the detecting unit gives its order');
  // Two of B1's markers and a dummy in range, in id order: m1 fails (2 < 3) and goes as a dummy,
  // m2 passes (4): B1 revealed there (its third marker goes with the reveal), then the dummy m5.
  const r = act(scene('dn-unit', [['m1', NEAR], ['m2', NEAR2], ['m3', FAR1]], [['m5', [700, 1700]]]), { type: 'activate', unit: 'A1' }, faces(2, 4, 6));
  assert.deepEqual(evOf(r.events, 'night_spotting').map((e) => [e.marker, e.success]), [['m1', false], ['m2', true], ['m5', true]]);
  assert.equal(evOf(r.events, 'revealed')[0].id, 'm2');
  assert.equal(evOf(r.events, 'revealed')[0].why, 'detected');
  assert.equal(unitOf(r.s, 'B1').hidden, null);
  assert.deepEqual(r.s.markers, []);
  assert.equal(decision(r.s).kind, 'order');
  // Without the trait nothing is found.
  const none = act(scene('dn-none', [['m1', NEAR], ['m2', FAR1]], [['m4', NEAR2]], []), { type: 'activate', unit: 'A1' });
  assert.equal(none.s.markers!.length, 1);
  assert.equal(unitOf(none.s, 'B1').hidden!.markers.length, 2);
});

test('#73 Detection at night, no leak: the detecting side gets the same events and view whether the marker in range was a dummy or a unit\'s marker whose test failed (§8.1)', () => {
  const x = act(scene('dl-dummy', [['m1', FAR1], ['m2', FAR2], ['m3', FAR3]], [['m4', NEAR]]), { type: 'activate', unit: 'A1' }, faces(2));
  const y = act(scene('dl-unit', [['m1', FAR1], ['m2', FAR2], ['m4', NEAR]], [['m3', FAR3]]), { type: 'activate', unit: 'A1' }, faces(2));
  assert.deepEqual(unitOf(y.s, 'B1').hidden!.markers.map((m) => m.id), ['m1', 'm2'], 'the unit\'s marker removed as a dummy');
  for (const seat of [0, null] as const) {
    assert.deepEqual(slice(x.events, seat), slice(y.events, seat), `seat ${seat}`);
    assert.deepEqual((rs.view(x.s, seat) as S).markers, (rs.view(y.s, seat) as S).markers);
    assert.deepEqual(rs.pending(x.s), rs.pending(y.s));
  }
});
