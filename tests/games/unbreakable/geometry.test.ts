// geometry.ts read against the spec's tables, one row at a time: stacking points (§6.5), effective
// target size (§2.4), the size matrix (§7.1), "between" (§7.4), the beam and bomb LOS checklists
// (§7.5, §7.6: each step, and that it comes before the next), the force beam's push hexes
// (§7.9.2) and the board's neighbours. Spec: shared/rules/unbreakable.md.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  adjacent, beamLos, bombLos, diceFor, hasCloud, hexDistance, hexesBetween, inDepression, load, neighboursOf, onBoard, points, pushHexes, spotOf, targetSize,
} from '../../../src/games/unbreakable/geometry.js';
import type { S } from '../../../src/games/unbreakable/state.js';
import { board, put, terrain } from './helpers.js';

const at = (hex: string, hover = false) => ({ hex, hover });
const cloud = (s: S, hex: string) => { s.map[hex].cloud = { size: 'light', turn: 1 }; };
/** A straight column 0404-0408 on clear ground: 0405-0407 are between its ends. */
function column(): S {
  const s = board();
  terrain(s, { '0403': 'clear', '0404': 'clear', '0405': 'clear', '0406': 'clear', '0407': 'clear', '0408': 'clear', '0409': 'clear' });
  return s;
}

test('§6.5 stacking points: crawler 4, walker 2 Up or Down, grounded squad 1; hovering or scattered squads and jump-jet walkers 0', () => {
  const s = board();
  assert.equal(points(put(s, 'C1', 'blue', 'crawler', '0404')), 4);
  assert.equal(points(put(s, 'W1', 'blue', 'walker', '0404')), 2);
  assert.equal(points(put(s, 'W2', 'blue', 'walker', '0404', undefined, { config: 'down' })), 2, 'Up or Down');
  assert.equal(points(put(s, 'W3', 'blue', 'walker', '0404', undefined, { jets: true })), 0, 'hovering on jump jets (§9.5)');
  assert.equal(points(put(s, 'S1', 'blue', 'squad', '0405', undefined, { config: 'ground' })), 1);
  assert.equal(points(put(s, 'S2', 'blue', 'squad', '0405', undefined, { config: 'hover' })), 0);
  assert.equal(points(put(s, 'S3', 'blue', 'squad', '0405', undefined, { config: 'ground', status: 'offline' })), 0, 'scattered');
  assert.equal(points(put(s, 'S4', 'blue', 'squad', '0405', undefined, { config: 'ground', status: 'buttoned' })), 1, 'buttoned still counts');
});

test('§6.5 a hex\'s load adds both sides\' points, leaving out the units named', () => {
  const s = board();
  put(s, 'W1', 'blue', 'walker', '0404');
  put(s, 'SA', 'yellow', 'squad', '0404', undefined, { config: 'ground' });
  put(s, 'SB', 'yellow', 'squad', '0404', undefined, { config: 'hover' });
  put(s, 'S1', 'blue', 'squad', '0405', undefined, { config: 'ground' });
  assert.equal(load(s, '0404'), 3);
  assert.equal(load(s, '0404', ['W1']), 1);
  assert.equal(load(s, '0404', ['W1', 'SA']), 0);
  assert.equal(load(s, '0404', ['S1']), 3, 'a unit elsewhere changes nothing');
  assert.equal(load(s, '0406'), 0);
});

test('§2.4 effective target size, every row', () => {
  const s = board();
  terrain(s, { '0404': 'clear', '0405': 'lake', '0406': 'woods', '0407': 'road', '0408': 'hill', '0409': 'industry', '0410': 'crater', '0411': 'lava', '0412': 'rough' });
  assert.equal(targetSize(s, put(s, 'C1', 'blue', 'crawler', '0404')), 'heavy');
  assert.equal(targetSize(s, put(s, 'C2', 'blue', 'crawler', '0405')), 'heavy', 'a crawler is heavy in a depression too');
  assert.equal(targetSize(s, put(s, 'W1', 'blue', 'walker', '0404')), 'medium', 'an Up walker');
  assert.equal(targetSize(s, put(s, 'W2', 'blue', 'walker', '0404', undefined, { config: 'down' })), 'heavy', 'a Down walker');
  assert.equal(targetSize(s, put(s, 'W3', 'blue', 'walker', '0405')), 'heavy', 'an Up walker in a lake');
  assert.equal(targetSize(s, put(s, 'W4', 'blue', 'walker', '0405', undefined, { jets: true })), 'medium', 'hovering on jets ignores the depression (A36)');
  assert.equal(targetSize(s, put(s, 'W5', 'blue', 'walker', '0404', undefined, { config: 'down', jets: true })), 'heavy', 'Down is heavy whatever else');
  assert.equal(targetSize(s, put(s, 'S1', 'blue', 'squad', '0405', undefined, { config: 'hover' })), 'light', 'a hovering squad, even over a lake');
  const ground = (hex: string) => targetSize(s, put(s, `S${hex}`, 'blue', 'squad', hex, undefined, { config: 'ground' }));
  assert.equal(ground('0404'), 'light', 'clear');
  assert.equal(ground('0407'), 'light', 'road');
  assert.equal(ground('0406'), 'medium', 'woods');
  assert.equal(ground('0408'), 'medium', 'hill');
  assert.equal(ground('0409'), 'medium', 'industry');
  assert.equal(ground('0412'), 'medium', 'rough');
  assert.equal(ground('0405'), 'heavy', 'lake');
  assert.equal(ground('0410'), 'heavy', 'crater');
  assert.equal(ground('0411'), 'heavy', 'lava');
  for (const [hex, dep] of [['0405', true], ['0410', true], ['0411', true], ['0404', false], ['0408', false]] as const) assert.equal(inDepression(s, hex), dep, hex);
});

test('§7.1 the whole weapon-vs-target matrix', () => {
  const want = {
    heavy: { heavy: [1, 1], medium: [1, 2], light: [1, 3] },
    medium: { heavy: [2, 2], medium: [1, 1], light: [1, 2] },
    light: { heavy: [3, 3], medium: [2, 2], light: [1, 1] },
  } as const;
  for (const [w, row] of Object.entries(want)) {
    for (const [t, [k, n]] of Object.entries(row)) assert.deepEqual(diceFor(w as 'heavy', t as 'heavy'), { k, n }, `${w} vs ${t}`);
  }
});

test('§7.4 between: the hexes the segment touches, never its ends, the same both ways; none between neighbours', () => {
  assert.deepEqual([...hexesBetween('0404', '0408')].sort(), ['0405', '0406', '0407']);
  assert.deepEqual([...hexesBetween('0408', '0404')].sort(), ['0405', '0406', '0407']);
  assert.deepEqual([...hexesBetween('0504', '0508')].sort(), ['0505', '0506', '0507'], 'another pair four rows apart');
  assert.deepEqual([...hexesBetween('0101', '0105')].sort(), ['0102', '0103', '0104'], 'along the first column');
  assert.deepEqual(hexesBetween('0404', '0405'), []);
  assert.deepEqual(hexesBetween('0404', '0404'), []);
  // The spec's own vertex example: 0403→0815 touches 0405, 0607, 0611 and 0813 at corners only.
  const b = hexesBetween('0403', '0815');
  for (const h of ['0405', '0607', '0611', '0813']) assert.ok(b.includes(h), h);
  assert.ok(!b.includes('0403') && !b.includes('0815'));
  assert.ok(b.every(onBoard));
  assert.equal(hexDistance('0404', '0408'), 4);
  assert.ok(adjacent('0404', '0405') && !adjacent('0404', '0406') && !adjacent('0404', '0404'));
});

test('§7.5 beam LOS: each step decides when it is the first true one', () => {
  let s = column();
  // 1: a scattered target, even in the firer's own hex.
  assert.deepEqual(beamLos(s, at('0404'), at('0404'), true), { ok: false, step: 1, reason: 'scattered_target' });
  // 2: a cloud (or a vortex) in either hex, even the same hex.
  cloud(s, '0404');
  assert.deepEqual(beamLos(s, at('0404'), at('0404')), { ok: false, step: 2, reason: 'cloud_in_hex' });
  assert.deepEqual(beamLos(s, at('0406'), at('0404', true)), { ok: false, step: 2, reason: 'cloud_in_hex' }, 'the target\'s hex');
  s = column();
  s.vortexes = [{ id: 'V1', hex: '0408', size: 'light', facing: 0 }];
  assert.ok(hasCloud(s, '0408') && !hasCloud(s, '0407'));
  assert.deepEqual(beamLos(s, at('0404'), at('0408')), { ok: false, step: 2, reason: 'cloud_in_hex' }, 'a vortex blocks like a cloud');
  // 3: the same hex, even both in a lake.
  s = column();
  terrain(s, { '0404': 'lake' });
  assert.deepEqual(beamLos(s, at('0404'), at('0404')), { ok: true, step: 3 });
  // 4: a cloud or a volcano between, even for a hovering squad on a hill.
  s = column();
  cloud(s, '0406');
  terrain(s, { '0404': 'hill' });
  assert.deepEqual(beamLos(s, at('0404', true), at('0408')), { ok: false, step: 4, reason: 'cloud_or_volcano_between' });
  s = column();
  terrain(s, { '0406': 'volcano' });
  assert.deepEqual(beamLos(s, at('0404'), at('0408', true)), { ok: false, step: 4, reason: 'cloud_or_volcano_between' });
  // 5: either unit hovering or on a hill sees over woods and out of a depression.
  s = column();
  terrain(s, { '0406': 'woods', '0404': 'lake', '0408': 'lake' });
  assert.deepEqual(beamLos(s, at('0404', true), at('0408')), { ok: true, step: 5 });
  assert.deepEqual(beamLos(s, at('0404'), at('0408', true)), { ok: true, step: 5 });
  terrain(s, { '0404': 'hill' });
  assert.deepEqual(beamLos(s, at('0404'), at('0408')), { ok: true, step: 5 });
  terrain(s, { '0404': 'lake', '0408': 'hill' });
  assert.deepEqual(beamLos(s, at('0404'), at('0408')), { ok: true, step: 5 });
  // 6: both in depressions, even adjacent.
  s = column();
  terrain(s, { '0404': 'lake', '0405': 'crater' });
  assert.deepEqual(beamLos(s, at('0404'), at('0405')), { ok: false, step: 6, reason: 'both_in_depressions' });
  // 7: adjacent, with one of them in a depression.
  terrain(s, { '0405': 'clear' });
  assert.deepEqual(beamLos(s, at('0404'), at('0405')), { ok: true, step: 7 });
  assert.deepEqual(beamLos(s, at('0405'), at('0404')), { ok: true, step: 7 });
  // 8: a hill, industry or woods hex between.
  for (const t of ['hill', 'industry', 'woods'] as const) {
    s = column();
    terrain(s, { '0406': t });
    assert.deepEqual(beamLos(s, at('0404'), at('0408')), { ok: false, step: 8, reason: 'blocked' }, t);
  }
  for (const t of ['lake', 'road', 'rough', 'crater'] as const) {
    s = column();
    terrain(s, { '0406': t });
    assert.equal(beamLos(s, at('0404'), at('0408')).ok, true, `${t} between does not block`);
  }
  // 9: one of them in a depression, not adjacent.
  s = column();
  terrain(s, { '0404': 'lava' });
  assert.deepEqual(beamLos(s, at('0404'), at('0408')), { ok: false, step: 9, reason: 'depression' });
  assert.deepEqual(beamLos(s, at('0408'), at('0404')), { ok: false, step: 9, reason: 'depression' });
  // 10: otherwise.
  assert.deepEqual(beamLos(column(), at('0404'), at('0408')), { ok: true, step: 10 });
});

test('§7.6 bomb LOS: each step decides when it is the first true one', () => {
  let s = column();
  // 1: the launcher in the target hex, whatever else.
  cloud(s, '0408');
  assert.deepEqual(bombLos(s, '0408', at('0404'), '0408'), { ok: true, step: 1 });
  // 2: a cloud in the sighter's hex or in the target hex.
  assert.deepEqual(bombLos(s, '0101', at('0404'), '0408'), { ok: false, step: 2, reason: 'cloud_in_hex' });
  s = column();
  cloud(s, '0404');
  assert.deepEqual(bombLos(s, '0101', at('0404'), '0404'), { ok: false, step: 2, reason: 'cloud_in_hex' }, 'before the sighter-in-the-hex step');
  // 3: the sighter in the target hex.
  s = column();
  terrain(s, { '0404': 'lake' });
  assert.deepEqual(bombLos(s, '0101', at('0404'), '0404'), { ok: true, step: 3 });
  // 4: a cloud or a volcano between, even onto a hill.
  s = column();
  terrain(s, { '0408': 'hill', '0406': 'volcano' });
  assert.deepEqual(bombLos(s, '0101', at('0404', true), '0408'), { ok: false, step: 4, reason: 'cloud_or_volcano_between' });
  s = column();
  cloud(s, '0405');
  assert.deepEqual(bombLos(s, '0101', at('0404'), '0408'), { ok: false, step: 4, reason: 'cloud_or_volcano_between' });
  // 5: the target hex a hill, even from a depression over woods.
  s = column();
  terrain(s, { '0404': 'lake', '0406': 'woods', '0408': 'hill' });
  assert.deepEqual(bombLos(s, '0101', at('0404'), '0408'), { ok: true, step: 5 });
  // 6: the sighter hovering or on a hill.
  terrain(s, { '0408': 'clear' });
  assert.deepEqual(bombLos(s, '0101', at('0404', true), '0408'), { ok: true, step: 6 });
  terrain(s, { '0404': 'hill' });
  assert.deepEqual(bombLos(s, '0101', at('0404'), '0408'), { ok: true, step: 6 });
  // 7: the sighter in a depression, even adjacent (the target's depression does not count).
  s = column();
  terrain(s, { '0404': 'crater' });
  assert.deepEqual(bombLos(s, '0101', at('0404'), '0405'), { ok: false, step: 7, reason: 'depression' });
  // 8: adjacent.
  s = column();
  terrain(s, { '0405': 'lake' });
  assert.deepEqual(bombLos(s, '0101', at('0404'), '0405'), { ok: true, step: 8 });
  // 9: a hill, industry or woods hex between.
  for (const t of ['hill', 'industry', 'woods'] as const) {
    s = column();
    terrain(s, { '0406': t });
    assert.deepEqual(bombLos(s, '0101', at('0404'), '0408'), { ok: false, step: 9, reason: 'blocked' }, t);
  }
  // 10: otherwise, a target in a depression included (unlike the beam's step 9).
  s = column();
  terrain(s, { '0408': 'lake' });
  assert.deepEqual(bombLos(s, '0101', at('0404'), '0408'), { ok: true, step: 10 });
});

test('a unit\'s LOS position: hovering squads and jump-jet walkers count as hovering', () => {
  const s = board();
  assert.deepEqual(spotOf(put(s, 'S1', 'blue', 'squad', '0404', undefined, { config: 'hover' })), { hex: '0404', hover: true });
  assert.deepEqual(spotOf(put(s, 'S2', 'blue', 'squad', '0404', undefined, { config: 'ground' })), { hex: '0404', hover: false });
  assert.deepEqual(spotOf(put(s, 'W1', 'blue', 'walker', '0405', undefined, { jets: true })), { hex: '0405', hover: true });
  assert.deepEqual(spotOf(put(s, 'W2', 'blue', 'walker', '0405')), { hex: '0405', hover: false });
  assert.deepEqual(spotOf(put(s, 'C1', 'blue', 'crawler', '0406')), { hex: '0406', hover: false });
});

test('§7.9.2 force beam push hexes: directly away and toward; two when the line leaves through a vertex; none off the map or in the same hex', () => {
  // Along a column: one hex each way.
  assert.deepEqual(pushHexes('0404', '0406'), { away: ['0407'], toward: ['0405'] });
  assert.deepEqual(pushHexes('0406', '0404'), { away: ['0403'], toward: ['0405'] });
  // D = (1, 1, -2): two components tie for the smallest, so two candidates each way.
  assert.deepEqual(pushHexes('0404', '0505'), { away: ['0506', '0606'], toward: ['0504', '0405'] });
  // D = (3, -1, -2): one direction each way, not the pair a wider line would give.
  assert.deepEqual(pushHexes('0404', '0704'), { away: ['0805'], toward: ['0604'] });
  // Every candidate is adjacent to the target.
  for (const [f, t] of [['0404', '0406'], ['0404', '0505'], ['0303', '0808'], ['0808', '0303']]) {
    const p = pushHexes(f, t);
    for (const h of [...p.away, ...p.toward]) assert.ok(adjacent(h, t), `${f}->${t}: ${h}`);
    for (const h of p.away) assert.ok(hexDistance(f, h) > hexDistance(f, t), `away ${h}`);
    for (const h of p.toward) assert.ok(hexDistance(f, h) < hexDistance(f, t), `toward ${h}`);
  }
  // Off the map: a target on the north edge pushed north has nowhere to go.
  assert.deepEqual(pushHexes('0103', '0101'), { away: [], toward: ['0102'] });
  assert.deepEqual(pushHexes('0404', '0404'), { away: [], toward: [] });
});

test('neighbours: the on-map hexes around, in N, NE, SE, S, SW, NW order', () => {
  assert.deepEqual(neighboursOf('0404'), ['0403', '0503', '0504', '0405', '0304', '0303']);
  assert.deepEqual(neighboursOf('0101'), ['0201', '0202', '0102']);
  for (const h of neighboursOf('0606')) assert.ok(adjacent(h, '0606'));
});
