// Checklist item #65 (module Mines, §7.15) and the hidden information of §8.1: the placer's
// record (which marker is real, AP or AV) is in no other seat's view or event until revealed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEntry, setupGame, type KState } from '../../../src/engine/kernel.js';
import { randomEntry } from '../../../src/engine/playout.js';
import { entryRng, localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import type { Minefield, S } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, decision, evOf, faces, fastAndDirty, row, seats, setup, squad, tryAct, unitOf } from './helpers.js';

const code = (r: unknown) => (r as { code?: string }).code;
const field = (over: Partial<Minefield> = {}): Minefield => ({
  id: 'M1', owner: 1, markers: [{ n: 1, at: [1000, 2000] }, { n: 2, at: [2000, 2000] }, { n: 3, at: [3000, 2000] }], real: 2, mine: 'ap', revealed: false, ...over,
});

test('#65 mines: each side places its minefields before the first turn as 3 markers with a secret record; other seats and spectators never see which is real or its type (§7.15, §8.1)', () => {
  let s = setup('firefight', { minefields: { 0: 1, 1: 1 } });
  let d = decision(s);
  assert.equal(d.kind, 'minefield');
  assert.equal(d.seat, 0);
  assert.equal(d.timing, 'setup');
  assert.equal(code(tryAct(s, { type: 'minefield', markers: [[1000, 2400], [2000, 2400], [19000, 2400]], real: 1, mine: 'ap' })), 'off_table');
  assert.equal(code(tryAct(s, { type: 'minefield', markers: [[1000, 2400], [2000, 2000], [3000, 2400]], real: 1, mine: 'ap' })), 'impassable', 'not inside the farmhouse');
  const placed = act(s, { type: 'minefield', markers: [[1000, 2400], [2000, 2400], [3000, 2400]], real: 2, mine: 'av' });
  s = placed.s;
  const ev = placed.events.find((e) => e.type === 'minefield_placed')!;
  assert.deepEqual(ev.to, { seats: [0] }, 'the record goes to the placer only');
  assert.deepEqual(ev.others, { id: 'M1', side: 0, markers: [[1000, 2400], [2000, 2400], [3000, 2400]] });
  assert.equal(fastAndDirty.view(s, 0).minefields[0].real, 2);
  assert.equal(fastAndDirty.view(s, 0).minefields[0].mine, 'av');
  for (const seat of [1, null]) {
    const v = fastAndDirty.view(s, seat);
    assert.equal(v.minefields[0].real, null);
    assert.equal(v.minefields[0].mine, null);
    assert.ok(!JSON.stringify(v).includes('"av"'), 'no trace of the type');
    assert.equal(v.minefields[0].markers.length, 3, 'the markers are public');
  }
  d = decision(s);
  assert.equal(d.seat, 1);
  s = act(s, { type: 'minefield', markers: [[1000, 2800], [2000, 2800], [3000, 2800]], real: 3, mine: 'ap' }).s;
  assert.equal(s.phase, 'initiative');
  assert.equal(fastAndDirty.view(s, 0).minefields[1].real, null);
});

function minedRoad(name: string, f: Minefield = field()): S {
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1800, 1300, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[4500, 4500]] },
  ] });
  s.minefields = [f];
  return s;
}
/** A1 walks 3" north to y = 16": A1.2 at (20.2", 16") ends 3.5" (edge) from marker 2 at (20", 20"). */
const north = { type: 'engage' as const, moves: [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1800 + i * 220, 1600]] as [number, number][] })), target: null, fireFirst: true };

test('#65 mines: a unit coming within 4" of a marker rolls 1D6: 5+ passes; otherwise a dummy is removed, a real anti-personnel field hits 1D3 figures closest to it (damage +3) and is revealed (§7.15, A38)', () => {
  // Marker 1 is a dummy: the check fails (4), it is removed; the unit finishes its move.
  let r = act(minedRoad('mine-dummy', field({ markers: [{ n: 1, at: [2000, 2000] }, { n: 2, at: [4000, 800] }, { n: 3, at: [300, 800] }], real: 2 })), north, faces(4));
  assert.deepEqual(evOf(r.events, 'mine_dummy')[0], { unit: 'A1', minefield: 'M1', marker: 1 });
  assert.deepEqual(r.s.minefields[0].markers.map((m) => m.n), [2, 3]);
  assert.deepEqual(unitOf(r.s, 'A1').figures[0].at, [1800, 1600]);
  assert.equal(r.s.minefields[0].revealed, false);
  // 5+ passes safely: nothing removed, nothing revealed.
  r = act(minedRoad('mine-pass'), north, faces(5));
  assert.equal(evOf(r.events, 'mine_passed').length, 1);
  assert.equal(r.s.minefields[0].markers.length, 3);
  // The real field (marker 2): check 1, 1D3 = ⌈6/2⌉ = 3 hits on the figures closest to it; 1+3 >= 1+1 kills.
  r = act(minedRoad('mine-real'), north, faces(1, 6, 1, 1, 1, 1, 1, 6));
  assert.deepEqual(evOf(r.events, 'mine_real')[0], { unit: 'A1', minefield: 'M1', marker: 2, mine: 'ap' });
  assert.deepEqual(evOf(r.events, 'damage').map((d) => [d.figure, d.killed]), [['A1.2', true], ['A1.1', true], ['A1.3', false]]);
  assert.equal(r.s.minefields[0].revealed, true);
  assert.deepEqual(r.s.minefields[0].markers.map((m) => m.n), [2], 'the other markers are known dummies');
  assert.equal(fastAndDirty.view(r.s, 0).minefields[0].mine, 'ap', 'a revealed record is public');
  // An anti-vehicle field does not affect infantry.
  r = act(minedRoad('mine-av', field({ mine: 'av' })), north, faces(1));
  assert.equal(evOf(r.events, 'mine_real').length, 1);
  assert.equal(evOf(r.events, 'damage').length, 0);
  // Moving away from a marker it starts within 4" of does not trigger.
  const near = minedRoad('mine-start');
  near.minefields[0].markers[1].at = [2000, 1600];
  const away = { ...north, moves: north.moves.map((m) => ({ ...m, path: [[m.path[0][0], 1000]] as [number, number][] })) };
  r = act(near, away);
  assert.equal(evOf(r.events, 'dice_rolled').length, 0);
});

test('#65 mines: random playouts with minefields never show a seat the other side\'s unrevealed record (§8.1), and determinize keeps the seat\'s view', () => {
  const seed = 'fad-mines-leak';
  const made = setupGame(fastAndDirty, { scenario: 'firefight', seats, options: { minefields: { 0: 2, 1: 2 } } }, entryRng(seed, seed, 0));
  assert.ok(!isViolation(made));
  let k: KState<S> = (made as { k: KState<S> }).k;
  const rng = localRng(seed);
  for (let n = 0; n < 120 && !k.s.result; n++) {
    const e = randomEntry(fastAndDirty, k, rng);
    const r = applyEntry(fastAndDirty, k, e, entryRng(seed, seed, k.seq + 1));
    assert.ok(!isViolation(r));
    k = (r as { k: KState<S> }).k;
    for (const seat of [0, 1]) {
      const v = fastAndDirty.view(k.s, seat);
      for (const m of v.minefields) if (m.owner !== seat && !m.revealed) assert.ok(m.real === null && m.mine === null, `entry ${n}: seat ${seat} sees ${m.id}'s record`);
      const det = fastAndDirty.determinize!(structuredClone(v), seat, localRng(`${seed}-${n}`));
      assert.deepEqual(fastAndDirty.view(det, seat), v);
    }
  }
  assert.equal(k.s.minefields.length, 4);
});
