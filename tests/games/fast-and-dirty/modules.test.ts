// Checklist items #41 (Pinning, module §7.19) and #104 (option Squad-based LOS, §6.4).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, shootAt, squad, tryAct, unitOf } from './helpers.js';
import type { Feature } from '../../../src/games/fast-and-dirty/state.js';

function pinDuel(name: string, pinning = true) {
  const s = craft({ name, active: 'A1', options: { pinning }, units: [
    { id: 'A1', side: 0, spec: squad('elite', 5, { support: 'saw' }), at: row(1000, 500, 6) },
    { id: 'B1', side: 1, spec: squad('conscript', 3), at: row(1000, 1000, 3) },
  ] });
  s.options.pinning = pinning;
  return s;
}
// FE: 6 + base range 2 + Elite 2 + SAW 2 + 5 rifles 1 = 13 > Conscript tolerance 12 -> 4 hits, all missed (1+2 vs 6+1).
const pinDice = faces(6, 1, 1, 6, 1, 6, 1, 6, 1, 6);

test('#41 Pinning: an FE total above the fire tolerance pins an infantry squad, replacing Under Fire; it cannot shoot, move or assault; removed at the end of its next activation (§7.19)', () => {
  const r = act(pinDuel('pin'), shootAt('B1'), pinDice);
  assert.equal(evOf(r.events, 'shot')[0].fe, 13);
  const b = unitOf(r.s, 'B1');
  assert.equal(b.pinned, true);
  assert.equal(b.underFire, false, 'the Pinned marker replaces Under Fire');
  const k = act(r.s, { type: 'activate', unit: 'B1' }).s;
  assert.equal((tryAct(k, shootAt('A1')) as { code: string }).code, 'pinned');
  assert.equal((tryAct(k, { type: 'rush', moves: [{ fig: 'B1.1', path: [[1000, 1300]] }] }) as { code: string }).code, 'pinned');
  assert.deepEqual(fastAndDirty.candidates(k, 1, decision(k), 10, null as never).actions, [hold], 'hold is all it may do');
  const after = act(k, hold).s;
  assert.equal(unitOf(after, 'B1').pinned, false);
  const plain = act(pinDuel('no-pin', false), shootAt('B1'), pinDice);
  assert.equal(unitOf(plain.s, 'B1').pinned ?? false, false, 'only with the module');
});

test('#104 option Squad-based LOS: LOS and range from the midpoint of the squad\'s longest axis (§6.4)', () => {
  const wall: Feature = { id: 'block', kind: 'area', points: [[900, 700], [1100, 700], [1100, 800], [900, 800]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };
  const mk = (squadLos: boolean) => {
    const s = craft({ name: `squad-los-${squadLos}`, terrain: [wall], options: { squadLos }, units: [
      { id: 'A1', side: 0, spec: squad('regular', 3), at: [[1000, 500], [1220, 500], [1440, 500]] },
      { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 1500]] },
    ] });
    s.options.squadLos = squadLos;
    return fastAndDirty.query!(s, 'band', { unit: 'A1', target: 'B1' }) as { firers: string[] };
  };
  assert.deepEqual(mk(false).firers, ['A1.2', 'A1.3'], 'A1.1 is behind the block');
  assert.deepEqual(mk(true).firers, ['A1.1', 'A1.2', 'A1.3'], 'the centre (12.2", 5") sees B1');
});

/** Regular A1: 3 rifles and Rifle Grenades (blast 2", FE +1, damage +1); B1 (3) 8" north, bunched round (14", 13"). */
function grenade(name: string) {
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3, { support: 'rifleGrenades' }), at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: [[1400, 1300], [1400, 1450], [1700, 1300]] },
  ] });
}
const blastAt = (at: [number, number]) => ({ type: 'engage' as const, moves: [], target: null, fireFirst: true, blast: { fig: 'A1.4', at } });

test('#54 blast: ranging in on a Quality test, then a Strike Effect 2D6 + FE per unit in the kill zone, hits to the figures inside closest to the impact (§6.7, A20, A51)', () => {
  // Ranging in 3 (Regular 3+: on target); Strike Effect 4+4+1 = 9 -> 3 hits in the open on B1.1 and B1.2 (inside 2"), B1.3 (3" away) spared.
  const r = act(grenade('blast'), blastAt([1400, 1300]), faces(3, 4, 4, 6, 1, 6, 1, 6, 1));
  assert.equal(evOf(r.events, 'blast')[0].onTarget, true);
  assert.deepEqual(evOf(r.events, 'strike_effect')[0], { unit: 'B1', strike: 9, cover: 'none', hits: 3 });
  assert.deepEqual(evOf(r.events, 'damage').map((d) => d.figure), ['B1.1', 'B1.2', 'B1.1']);
  assert.equal(unitOf(r.s, 'B1').underFire, true);
  assert.equal(evOf(r.events, 'shot').length, 0, 'the rest of the squad does not fire');
  const miss = act(grenade('blast-miss'), blastAt([1400, 1300]), faces(2));
  assert.equal(evOf(miss.events, 'blast')[0].onTarget, false, 'a failed ranging-in test has no effect');
  assert.equal(unitOf(miss.s, 'B1').underFire, false);
  assert.equal((tryAct(grenade('blast-range'), blastAt([1400, 3300])) as { code: string }).code, 'out_of_range', 'X2 from base 4": long range 24"');
  assert.equal((tryAct(grenade('blast-both'), { ...blastAt([1400, 1300]), target: 'B1' }) as { code: string }).code, 'two_targets');
});

test('#103 option variable movement: destination declared, then Move 1D6+2 rolled; the figure stops where the roll runs out, never past it (§6.2)', () => {
  const mk = (name: string, q: 'regular' | 'elite' = 'regular') => {
    const s = craft({ name, active: 'A1', options: { variableMovement: true }, units: [
      { id: 'A1', side: 0, spec: squad(q, 1), at: [[1000, 500]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[3000, 4000]] },
    ] });
    s.options.variableMovement = true;
    return s;
  };
  const eight = { type: 'engage' as const, moves: [{ fig: 'A1.1', path: [[1000, 1300] as [number, number]] }], target: null, fireFirst: true };
  assert.ok(!('code' in tryAct(mk('vm-max'), eight, faces(6))), 'declared up to 8" (the largest roll)');
  assert.equal((tryAct(mk('vm-over'), { ...eight, moves: [{ fig: 'A1.1', path: [[1000, 1301]] }] }) as { code: string }).code, 'beyond_allowance');
  let r = act(mk('vm-3'), eight, faces(3)); // 3 + 2 = 5"
  assert.deepEqual(unitOf(r.s, 'A1').figures[0].at, [1000, 1000]);
  assert.equal(evOf(r.events, 'variable_movement')[0].allowance, 500);
  r = act(mk('vm-6'), { ...eight, moves: [{ fig: 'A1.1', path: [[1000, 1100]] }] }, faces(6)); // 8" rolled, 6" declared
  assert.deepEqual(unitOf(r.s, 'A1').figures[0].at, [1000, 1100], 'never past the destination');
  r = act(mk('vm-elite', 'elite'), eight, faces(1, 4)); // Elite: best of 1 and 4 -> 6"
  assert.deepEqual(unitOf(r.s, 'A1').figures[0].at, [1000, 1100]);
});

test('#108 option Scatter for blast shots: no ranging test; the point always scatters 1D6 (close, base counts as close) / +2 (medium) / +4 (long) in a random direction (§6.7)', () => {
  const mk = (name: string) => { const s = grenade(name); s.options.blastScatter = true; return s; };
  // 8" from A1.4 (Regular base 4", X2: close 8"): close -> 1D6 = 3"; direction (0, +1000) = north.
  const r = act(mk('scatter-close'), blastAt([1400, 1300]), [...faces(3), 1000, 2000, ...faces(1, 1)]);
  const b = evOf(r.events, 'blast')[0];
  assert.deepEqual(b.at, [1400, 1600]);
  assert.equal(b.scatter, 300);
  assert.equal(evOf(r.events, 'dice_rolled').some((d) => d.purpose === 'ranging_in'), false, 'no ranging test');
  // 12" away: medium -> 1D6 + 2 = 5"; direction (-1000, 0) = west.
  const m = act(mk('scatter-medium'), blastAt([1660, 1700]), [...faces(3), 0, 1000]);
  assert.deepEqual(evOf(m.events, 'blast')[0].at, [1160, 1700]);
});
