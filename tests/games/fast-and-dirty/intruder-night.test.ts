// Checklist item #72 (Intruder, §2.7 p.35) with #73 (Primitive, §2.6 p.49) at night (§7.10 p.34,
// §8.1). Primitive: "they are immune to Intruders and similar forms of hacking, as they tend not to
// have systems to hack." At night the Intruder names a marker by its id and cannot tell whose it
// is: a Primitive unit's marker must stay hidden, and the Intruder's side must not learn from the
// attempt that the marker is a Primitive unit's (the test's die reaches the marker's owner only;
// the attempt is spent with no effect, as a failed one). Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as kernel from '../../../src/engine/kernel.js';
import type { GameEvent } from '../../../src/engine/types.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, evOf, faces, fastAndDirty, row, squad, unitOf } from './helpers.js';

const rs = fastAndDirty;
const intruder = { name: 'Hackers', quality: 'regular' as const, resolve: 'steady' as const, figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['intruder'] }] };
/** A1 (3 Regulars, Primitive or not) hidden at night behind a wall (m1-m3), a dummy m4; B3 (Regular Intruder, 3+) to act. */
function scene(name: string, primitive: boolean): S {
  const wall: Feature = { id: 'wall', kind: 'area', points: [[500, 900], [1600, 900], [1600, 1000], [500, 1000]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };
  const s = craft({ name, active: 'A1', terrain: [wall], options: { hiddenMovement: true, night: true }, units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 3), ...(primitive ? { traits: ['primitive'] } : {}) }, at: row(1000, 500, 3) },
    { id: 'B3', side: 1, spec: intruder, at: row(1000, 2300, 3) },
  ] });
  delete s.dummiesDue;
  const h = act(s, { type: 'hide' }).s;
  h.markers = [{ id: 'm4', side: 0, at: [700, 500], dummy: true }];
  h.markerSeq = 4;
  Object.assign(h, { phase: 'order', active: 'B3', toAct: 1 });
  h.step++;
  return h;
}
const hack = (id: string): Action => ({ type: 'command', demolition: null, target: null, intrude: { fig: 'B3.3', marker: { id } } });
const slice = (events: GameEvent[], seat: 0 | 1 | null) => kernel.eventsFor(events, seat, false);

test('#72 #73 night Intruder vs Primitive: a Primitive unit\'s marker named by id stays hidden whatever the test; the attempt is spent with no effect (§2.6, §2.7)', () => {
  for (const d of [3, 4, 6]) {
    const r = act(scene(`pn-${d}`, true), hack('m2'), faces(d));
    assert.equal(evOf(r.events, 'revealed').length, 0, `die ${d}: nothing revealed`);
    assert.deepEqual(unitOf(r.s, 'A1').hidden!.markers.map((m) => m.id), ['m1', 'm2', 'm3']);
    assert.equal(r.s.intruded ?? null, null);
    // The owner sees the die and why it failed.
    assert.deepEqual(evOf(r.events, 'intrusion')[0], { unit: 'B3', figure: 'B3.3', die: d, target: 3, success: false, marker: { id: 'm2' }, primitive: true });
  }
  // A plain unit's marker with the same die: revealed there (the night rule, unchanged).
  const plain = act(scene('pn-plain', false), hack('m2'), faces(4));
  assert.equal(evOf(plain.events, 'revealed')[0].unit, 'A1');
  // A 1 still counter-hacks the Intruder: it is its own test.
  const one = act(scene('pn-one', true), hack('m2'), faces(1));
  assert.equal(unitOf(one.s, 'B3').figures[2].hacked, true);
});

test('#72 #73 night Intruder vs Primitive, no leak: the Intruder\'s side (and the public) gets the same events and markers whether the marker is a Primitive unit\'s that passed the test or a plain unit\'s that failed it (§8.1)', () => {
  const prim = act(scene('nl-prim', true), hack('m2'), faces(5));
  const plain = act(scene('nl-plain', false), hack('m2'), faces(2));
  for (const seat of [1, null] as const) {
    assert.deepEqual(slice(prim.events, seat), slice(plain.events, seat), `seat ${seat}`);
    const v = (s: S) => rs.view(s, seat) as S;
    assert.deepEqual(v(prim.s).markers, v(plain.s).markers);
    assert.deepEqual(unitOf(v(prim.s), 'A1').hidden, unitOf(v(plain.s), 'A1').hidden);
  }
  const seen = slice(prim.events, 1);
  assert.deepEqual(seen.filter((e) => e.type === 'intrusion'), [{ type: 'intrusion', data: { unit: 'B3', figure: 'B3.3', success: false, marker: { id: 'm2' } } }]);
  assert.equal(seen.filter((e) => e.type === 'dice_rolled' && (e.data as { purpose: string }).purpose === 'intruder').length, 0, 'the die goes to the marker\'s owner');
  assert.equal(slice(prim.events, 0).filter((e) => e.type === 'dice_rolled' && (e.data as { purpose: string }).purpose === 'intruder').length, 1);
  // A dummy's removal on a success is what the Intruder's side sees of a success.
  const dummy = act(scene('nl-dummy', true), hack('m4'), faces(5));
  assert.deepEqual(slice(dummy.events, 1).find((e) => e.type === 'intrusion')!.data, { unit: 'B3', figure: 'B3.3', success: true, marker: { id: 'm4' } });
  assert.deepEqual(dummy.s.markers, []);
});
