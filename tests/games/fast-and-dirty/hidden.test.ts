// Checklist items #49 and #50 (module Hidden movement, §7.10) and the view redaction of §8.1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryRng, localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import type { Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, decision, evOf, faces, fastAndDirty, row, shootAt, squad, tryAct, unitOf } from './helpers.js';

const code = (r: unknown) => (r as { code?: string }).code;
// A wall from x 5" to 16" at y 9-10" hides A1 (y 5") from B1 (y 20").
const wall: Feature = { id: 'wall', kind: 'area', points: [[500, 900], [1600, 900], [1600, 1000], [500, 1000]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };

function behindWall(name: string, ax = 1000): S {
  const s = craft({ name, active: 'A1', terrain: [wall], options: { hiddenMovement: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(ax, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
  ] });
  s.options.hiddenMovement = true;
  return s;
}
const hide = { type: 'hide' as const };
const holdMarkers = { type: 'markers' as const, moves: [] };

test('#49 hidden movement: a unit out of every enemy\'s LOS may hide on 1D6 ≥ its Quality target; it becomes 3 markers, each moving up to 6" and ending within 12" of another; it cannot be targeted (§7.10)', () => {
  assert.equal(code(tryAct(behindWall('hide-seen', 2400), hide)), 'in_enemy_los');
  const fail = act(behindWall('hide-fail'), hide, faces(2));
  assert.equal(unitOf(fail.s, 'A1').hidden ?? null, null);
  assert.equal(code(tryAct(fail.s, hide)), 'hide_tried', 'one roll per activation');
  const r = act(behindWall('hide-ok'), hide, faces(3));
  const a1 = unitOf(r.s, 'A1');
  assert.deepEqual(a1.hidden!.markers.map((m) => m.at), [[1220, 500], [1220, 500], [1220, 500]]);
  assert.equal(decision(r.s).kind, 'order', 'it starts the activation hidden');
  assert.equal(code(tryAct(r.s, shootAt('B1'))), 'hidden');
  assert.equal(code(tryAct(r.s, { type: 'markers', moves: [{ marker: 1, path: [[1821, 500]] }] })), 'beyond_allowance');
  const m = (n: number, at: [number, number]) => ({ marker: n, path: [at] });
  const apart = act(r.s, { type: 'markers', moves: [m(1, [1220, 300]), m(2, [700, 300])] }).s;
  // Next turn: marker 3 cannot end more than 12" from every other marker.
  const next = structuredClone(apart);
  next.phase = 'order'; next.active = 'A1'; unitOf(next, 'A1').activated = false;
  const spread = structuredClone(next);
  unitOf(spread, 'A1').hidden!.markers = [{ n: 1, at: [100, 100] }, { n: 2, at: [700, 100] }, { n: 3, at: [2000, 100] }];
  assert.equal(code(tryAct(spread, { type: 'markers', moves: [m(3, [2100, 100])] })), 'marker_spread');
  // B1 cannot target the hidden unit, and it counts for no fire priority.
  const b = structuredClone(apart);
  b.phase = 'order'; b.active = 'B1';
  assert.equal(code(tryAct(b, shootAt('A1'))), 'no_line_of_fire');
  assert.equal(fastAndDirty.query!(b, 'targets', { unit: 'B1' }) instanceof Object, true);
});

test('#49 hidden movement: other seats\' views show a hidden unit\'s markers, never its figures\' positions (§7.10, §8.1)', () => {
  const r = act(behindWall('hide-view'), hide, faces(3));
  const own = fastAndDirty.view(r.s, 0), theirs = fastAndDirty.view(r.s, 1), crowd = fastAndDirty.view(r.s, null);
  assert.deepEqual(unitOf(own, 'A1').figures.map((f) => f.at), row(1000, 500, 3), 'the owner sees its own figures');
  for (const v of [theirs, crowd]) {
    assert.deepEqual(unitOf(v, 'A1').figures.map((f) => f.at), [[1220, 500], [1220, 500], [1220, 500]], 'only the marker position');
    assert.equal(unitOf(v, 'A1').hidden!.markers.length, 3);
  }
  const det = fastAndDirty.determinize!(structuredClone(theirs), 1, localRng('d'));
  assert.deepEqual(fastAndDirty.view(det, 1), theirs);
});

test('#50 hidden markers: a marker in an enemy\'s LOS is revealed at once; the owner says real (the unit is placed there, the other markers go) or dummy (removed); the last marker is always real; acting otherwise reveals first (§7.10)', () => {
  const hidden = act(behindWall('reveal'), hide, faces(3)).s;
  // Marker 3 steps round the end of the wall into B1's LOS.
  const moved = act(hidden, { type: 'markers', moves: [{ marker: 3, path: [[1800, 600]] }] });
  let d = decision(moved.s);
  assert.equal(d.kind, 'reveal');
  assert.equal(d.seat, 0);
  assert.deepEqual(d.exposes, { unit: 'A1', marker: 3, markers: 3 });
  // Dummy: removed; the alternation goes on.
  const dummy = act(moved.s, { type: 'reveal', real: false });
  assert.deepEqual(unitOf(dummy.s, 'A1').hidden!.markers.map((m) => m.n), [1, 2]);
  assert.equal(decision(dummy.s).kind, 'activate');
  // Real: placed around the marker, no longer hidden.
  const real = act(moved.s, { type: 'reveal', real: true });
  const a1 = unitOf(real.s, 'A1');
  assert.equal(a1.hidden, null);
  assert.deepEqual(a1.figures.map((f) => f.at), [[1580, 600], [1800, 600], [2020, 600]]);
  assert.equal(evOf(real.events, 'revealed')[0].why, 'spotted');
  // The last marker is always real: no question asked.
  const last = structuredClone(hidden);
  unitOf(last, 'A1').hidden!.markers = [{ n: 2, at: [1220, 500] }];
  const auto = act(last, { type: 'markers', moves: [{ marker: 2, path: [[1800, 600]] }] });
  assert.equal(decision(auto.s).kind, 'activate');
  assert.equal(unitOf(auto.s, 'A1').hidden, null);
  // Acting otherwise: reveal at a chosen marker, then the order is asked again.
  const un = act(hidden, { type: 'unhide', marker: 1 });
  assert.equal(unitOf(un.s, 'A1').hidden, null);
  assert.equal(decision(un.s).kind, 'order');
  assert.equal(evOf(un.events, 'revealed')[0].why, 'acts');
  assert.equal(code(tryAct(un.s, holdMarkers)), 'not_hidden');
});

test('#49-#50 hidden movement: random play from a hidden unit keeps every seat\'s view consistent under determinize and shows no hidden figure positions to the other side', () => {
  let s = act(act(behindWall('hide-playout'), hide, faces(3)).s, holdMarkers).s;
  const rng = localRng('fad-hidden-leak');
  let hid = 0;
  for (let n = 0; n < 60 && !s.result; n++) {
    const d = fastAndDirty.pending(s)[0];
    const cands = fastAndDirty.candidates(s, d.seat, d, 50, rng as never).actions;
    const a = cands[rng.int(cands.length)];
    const r = fastAndDirty.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action: a }, { seq: n + 2, rng: entryRng('fad-hidden-leak', 'g', n + 2) });
    assert.ok(!isViolation(r), `entry ${n}: ${JSON.stringify(r).slice(0, 200)}`);
    s = (r as { state: S }).state;
    for (const seat of [0, 1]) {
      const v = fastAndDirty.view(s, seat);
      for (const u of v.units) {
        if (!u.hidden || u.side === seat) continue;
        hid++;
        assert.ok(u.figures.every((f) => f.at[0] === u.hidden!.markers[0].at[0] && f.at[1] === u.hidden!.markers[0].at[1]), `entry ${n}: seat ${seat} sees where ${u.id}'s figures are`);
      }
      const det = fastAndDirty.determinize!(structuredClone(v), seat, localRng(`det-${n}`));
      assert.deepEqual(fastAndDirty.view(det, seat), v);
    }
  }
  assert.ok(hid > 0, 'the unit stayed hidden for a while');
});
