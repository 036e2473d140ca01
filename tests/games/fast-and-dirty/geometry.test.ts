// Checklist items [core] #3-#10: table units, footprints, terrain, LOS, friendly blocking,
// cover, movement paths, coherency (spec §3.2, §5.4, §6.2); brute force LOS on random layouts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { segmentBlock, positionCover, coverAgainst, pathCost, unitCover } from '../../../src/games/fast-and-dirty/geometry.js';
import { coherencyProblem, moveProblem } from '../../../src/games/fast-and-dirty/legal.js';
import { buildUnit, CONTENT } from '../../../src/games/fast-and-dirty/content.js';
import type { Feature } from '../../../src/games/fast-and-dirty/state.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import { craft, localRng, row, setup, squad, unitOf } from './helpers.js';

const rect = (id: string, x0: number, y0: number, x1: number, y1: number, o: Partial<Feature>): Feature => ({
  id, kind: 'area', points: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], move: 'open', cover: 'none', los: 'clear', height: 100, ...o,
});
const wall = (id: string, a: Pt, b: Pt, o: Partial<Feature> = {}): Feature => ({ id, kind: 'linear', points: [a, b], move: 'open', cover: 'hard', los: 'clear', height: 75, ...o });

/** Two lone figures 20" apart along y = 10", x = 5" and x = 25". */
function duel(terrain: Feature[], name: string) {
  return craft({ name, terrain, units: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[500, 1000]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[2500, 1000]] }] });
}
const opt = (s: ReturnType<typeof duel>) => ({ fire: true, observerUnit: unitOf(s, 'A1'), targetUnit: unitOf(s, 'B1') });

test('#3 table rectangle in integer hundredths of an inch; every scenario position is an integer (§3.2)', () => {
  for (const sc of CONTENT.scenarios) {
    const s = setup(sc.id);
    assert.deepEqual(s.table, { w: 4800, h: 4800 }, '48" x 48"');
    for (const u of s.units) for (const f of u.figures) assert.ok(Number.isInteger(f.at[0]) && Number.isInteger(f.at[1]) && f.at[0] > 0 && f.at[1] > 0 && f.at[0] < 4800);
  }
});

test('#4 circular footprints of 0.5": edge-to-edge distance, no ending overlapped (§3.2)', () => {
  const s = craft({ name: 'fp', units: [{ id: 'A1', side: 0, spec: squad('regular', 2), at: [[1000, 1000], [1200, 1000]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 2000]] }] });
  assert.equal(unitOf(s, 'A1').figures[0].r, 50);
  const r = moveProblem(s, unitOf(s, 'A1'), [{ fig: 'A1.1', path: [[1120, 1000]] }], { mode: 'move' });
  assert.equal('code' in r && r.code, 'overlap', 'ending 0.8" from a friendly centre overlaps its 0.5" base');
  const through = moveProblem(s, unitOf(s, 'A1'), [{ fig: 'A1.1', path: [[1400, 1000]] }], { mode: 'move' });
  assert.ok('end' in through, 'passing through a friendly figure is allowed');
  const enemy = moveProblem(s, unitOf(s, 'A1'), [{ fig: 'A1.1', path: [[1000, 2150]] }], { mode: 'rush' });
  assert.equal('code' in enemy && enemy.code, 'crosses_enemy', 'a path may not cross an enemy base');
});

test('#5 terrain polygons and polylines carry move, cover, LOS and height attributes (data/scenarios.json)', () => {
  const s = setup('firefight');
  const kinds = new Set(s.terrain.map((f) => f.kind));
  assert.ok(kinds.has('area') && kinds.has('linear') && kinds.has('hill'));
  const wood = s.terrain.find((f) => f.id === 'woods-west')!;
  assert.deepEqual([wood.move, wood.cover, wood.los], ['difficult', 'soft', 'woodsLight']);
  assert.equal(s.terrain.find((f) => f.id === 'stone-wall')!.height, 75);
});

test('#6 LOS: blocking features block; a non-enclosed feature the observer stands in does not (§3.2 item 2)', () => {
  const s = duel([rect('house', 1400, 800, 1600, 1200, { los: 'block' })], 'los-house');
  assert.equal(segmentBlock(s, [500, 1000], [2500, 1000], opt(s)), 'feature:house');
  assert.equal(segmentBlock(s, [500, 1300], [2500, 1300], opt(s)), null, 'passes above it');
  const inside = duel([rect('ruin', 400, 800, 1600, 1200, { los: 'block' })], 'los-inside');
  assert.equal(segmentBlock(inside, [500, 1000], [2500, 1000], opt(inside)), null, 'O stands inside');
});

test('#6 LOS: woods budget, light 4" and dense 2" (a/4 + b/2 > 1 blocks; §3.2)', () => {
  const light = (w: number) => duel([rect('w', 1000, 500, 1000 + w, 1500, { los: 'woodsLight' })], `light-${w}`);
  let s = light(400);
  assert.equal(segmentBlock(s, [500, 1000], [2500, 1000], opt(s)), null, 'exactly 4" of light woods: sight ends there, still seen');
  s = light(401);
  assert.equal(segmentBlock(s, [500, 1000], [2500, 1000], opt(s)), 'woods');
  s = duel([rect('d', 1000, 500, 1201, 1500, { los: 'woodsDense' })], 'dense-201');
  assert.equal(segmentBlock(s, [500, 1000], [2500, 1000], opt(s)), 'woods', 'over 2" of dense woods');
  s = duel([rect('l', 800, 500, 1000, 1500, { los: 'woodsLight' }), rect('d', 1200, 500, 1300, 1500, { los: 'woodsDense' })], 'mixed');
  assert.equal(segmentBlock(s, [500, 1000], [2500, 1000], opt(s)), null, '2" light + 1" dense = 1/2 + 1/2: not more than 1');
});

test('#6 LOS: a hill blocks sight between two figures off it; from the hill lower blocking features do not block (§3.2 item 4)', () => {
  const hill: Feature = { ...rect('hill', 1200, 600, 1800, 1400, {}), kind: 'hill', height: 300 };
  let s = duel([hill], 'hill-off');
  assert.equal(segmentBlock(s, [500, 1000], [2500, 1000], opt(s)), 'hill:hill');
  s = duel([hill, rect('hedge-block', 2000, 800, 2100, 1200, { los: 'block', height: 150 })], 'hill-on');
  assert.equal(segmentBlock(s, [1500, 1000], [2500, 1000], opt(s)), null, 'from the hill (3") over a 1.5" feature more than 1" from the target');
  assert.equal(segmentBlock(s, [1500, 1000], [2150, 1000], opt(s)), 'feature:hedge-block', 'within 1" of the lower figure it still blocks');
});

test('#7 friendly infantry blocks fire unless the gap is at least 4"; never spotting (§3.2, p.14)', () => {
  const mk = (gap: number, name: string) => craft({
    name, units: [
      { id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 500]] },
      { id: 'A2', side: 0, spec: squad('regular', 2), at: [[1000 - (gap + 100) / 2, 1000], [1000 + (gap + 100) / 2, 1000]] },
      { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 2000]] },
    ],
  });
  let s = mk(399, 'gap-399');
  const o = { fire: true, observerUnit: unitOf(s, 'A1'), targetUnit: unitOf(s, 'B1') };
  assert.equal(segmentBlock(s, [1000, 500], [1000, 2000], o), 'friendly-gap:A2', 'a gap under 4" blocks');
  assert.equal(segmentBlock(s, [1000, 500], [1000, 2000], { ...o, fire: false }), null, 'spotting is not blocked');
  s = mk(400, 'gap-400');
  assert.equal(segmentBlock(s, [1000, 500], [1000, 2000], { ...o, observerUnit: unitOf(s, 'A1'), targetUnit: unitOf(s, 'B1') }), null, 'a 4" gap lets fire through');
  s = craft({ name: 'touch', units: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 500]] }, { id: 'A2', side: 0, spec: squad('regular', 1), at: [[1030, 1000]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 2000]] }] });
  assert.equal(segmentBlock(s, [1000, 500], [1000, 2000], { fire: true, observerUnit: unitOf(s, 'A1'), targetUnit: unitOf(s, 'B1') }), 'friendly:A2', 'touching a friendly base blocks');
});

test('#8 cover: position cover, cover against a shot from a wall within 1", unit cover by majority with ties to the better (§3.2)', () => {
  const s = duel([rect('wood', 2300, 800, 2700, 1200, { cover: 'soft', los: 'woodsLight' }), wall('wall', [2000, 0], [2000, 2000])], 'cover');
  const b = unitOf(s, 'B1').figures[0];
  assert.equal(positionCover(s, b), 'soft', 'inside the wood');
  const behind = { ...b, at: [2100, 1000] as Pt };
  assert.equal(positionCover(s, behind), 'hard', 'base within 1" of the wall');
  assert.deepEqual(coverAgainst(s, [500, 1000], behind).cover, 'hard', 'the wall crosses the line of fire within 1"');
  assert.deepEqual(coverAgainst(s, [3000, 1000], behind).cover, 'none', 'fired on from the other side, the wall is behind it');
  assert.equal(unitCover(['none', 'soft', 'soft']), 'soft');
  assert.equal(unitCover(['none', 'hard']), 'hard', 'tie takes the better');
});

test('#9 movement: difficult ×2, very difficult ×3, waist-high obstacle +1", man-high +3", impassable refused (§6.2, §3.2)', () => {
  const s = duel([rect('mud', 1000, 0, 1200, 4000, { move: 'difficult' }), rect('rubble', 1200, 0, 1300, 4000, { move: 'veryDifficult' }), wall('low', [1400, 0], [1400, 4000]), wall('hedge', [1500, 0], [1500, 4000], { height: 150 }), rect('lake', 3000, 0, 3500, 4000, { move: 'impassable' })], 'move');
  assert.deepEqual(pathCost(s, [[900, 1000], [1000, 1000]]), { cost: 100 });
  assert.deepEqual(pathCost(s, [[900, 1000], [1100, 1000]]), { cost: 100 + 200 }, '1" open + 1" difficult');
  assert.deepEqual(pathCost(s, [[1100, 1000], [1300, 1000]]), { cost: 200 + 300 }, '1" difficult + 1" very difficult');
  assert.deepEqual(pathCost(s, [[1350, 1000], [1450, 1000]]), { cost: 100 + 100 }, 'waist-high wall');
  assert.deepEqual(pathCost(s, [[1450, 1000], [1550, 1000]]), { cost: 100 + 300 }, 'man-high hedge');
  assert.deepEqual(pathCost(s, [[2900, 1000], [3600, 1000]]), { blocked: 'lake' });
  const u = unitOf(s, 'A1');
  const far = moveProblem(s, u, [{ fig: 'A1.1', path: [[500, 1601]] }], { mode: 'move' });
  assert.equal('code' in far && far.code, 'beyond_allowance', '6.01" on open ground');
  assert.ok('end' in moveProblem(s, u, [{ fig: 'A1.1', path: [[500, 1600]] }], { mode: 'move' }), 'exactly 6"');
  const off = moveProblem(s, u, [{ fig: 'A1.1', path: [[30, 1000]] }], { mode: 'move' });
  assert.equal('code' in off && off.code, 'off_table');
});

test('#10 coherency: a coherent squad must end coherent; an incoherent one must reduce its groups or gap (§5.4)', () => {
  const s = craft({ name: 'coh', units: [{ id: 'A1', side: 0, spec: squad('conscript', 3), at: row(1000, 1000, 3, 400) }] });
  const u = unitOf(s, 'A1');
  const bad = moveProblem(s, u, [{ fig: 'A1.3', path: [[1801, 1000]] }], { mode: 'move' });
  assert.equal('code' in bad && bad.code, 'incoherent', 'a 3.01" gap for Conscripts (3")');
  assert.ok('end' in moveProblem(s, u, [{ fig: 'A1.3', path: [[1750, 1000]] }], { mode: 'move' }), '3" gap is coherent');
  u.figures[2].at = [2400, 1000];
  assert.ok('end' in moveProblem(s, u, [{ fig: 'A1.3', path: [[2000, 1000]] }], { mode: 'move' }), 'incoherent: moving closer (smaller joining gap) is a reform');
  const worse = moveProblem(s, u, [{ fig: 'A1.3', path: [[2500, 1000]] }], { mode: 'move' });
  assert.equal('code' in worse && worse.code, 'incoherent');
});

/** Reference LOS on terrain only: dense sampling of the segment. */
function refBlocked(terrain: Feature[], o: Pt, t: Pt): boolean | null {
  const N = 2000;
  let light = 0, dense = 0, block = false;
  const len = Math.hypot(t[0] - o[0], t[1] - o[1]);
  const ins = (x: number, y: number, f: Feature) => { const [a, b] = [f.points[0], f.points[2]]; return x > a[0] && x < b[0] && y > a[1] && y < b[1]; };
  for (const f of terrain) {
    if (f.los === 'block' && (ins(o[0], o[1], f) || ins(t[0], t[1], f))) continue;
    for (let k = 0; k < N; k++) {
      const x = o[0] + (t[0] - o[0]) * (k + 0.5) / N, y = o[1] + (t[1] - o[1]) * (k + 0.5) / N;
      if (!ins(x, y, f)) continue;
      if (f.los === 'block') block = true;
      if (f.los === 'woodsLight') light += len / N;
      if (f.los === 'woodsDense') dense += len / N;
    }
  }
  const w = light + 2 * dense;
  if (!block && Math.abs(w - 400) < len / N * 8 + 3) return null; // too close to call by sampling
  return block || w > 400;
}

test('brute force: LOS through random rectangles of blocking and woods terrain equals dense sampling (§3.2)', () => {
  const rng = localRng('fad-los-brute');
  let checked = 0;
  for (let i = 0; i < 150; i++) {
    const terrain: Feature[] = [];
    for (let k = 0; k < 4; k++) {
      const x = rng.int(4000), y = rng.int(4000), w = 100 + rng.int(600), h = 100 + rng.int(600);
      terrain.push(rect(`f${k}`, x, y, x + w, y + h, { los: (['block', 'woodsLight', 'woodsDense'] as const)[rng.int(3)] }));
    }
    const s = craft({ name: `brute-${i}`, terrain, units: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[2400, 2400]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[100, 100]] }] });
    for (let j = 0; j < 10; j++) {
      const o: Pt = [rng.int(4800), rng.int(4800)], t: Pt = [rng.int(4800), rng.int(4800)];
      const ref = refBlocked(terrain, o, t);
      if (ref === null) continue;
      const got = segmentBlock(s, o, t, { fire: false, observerUnit: unitOf(s, 'A1'), targetUnit: unitOf(s, 'B1') }) !== null;
      assert.equal(got, ref, `layout ${i} segment ${j}: ${JSON.stringify([o, t])}`);
      checked++;
    }
  }
  assert.ok(checked > 1000);
});

test('brute force: coherency verdicts of random formations equal a breadth-first search over edge gaps (§5.4)', () => {
  const rng = localRng('fad-coh-brute');
  for (let i = 0; i < 200; i++) {
    const n = 2 + rng.int(6);
    const at: Pt[] = Array.from({ length: n }, () => [1000 + rng.int(1500), 1000 + rng.int(1500)] as Pt);
    const s = craft({ name: 'coh-brute', units: [{ id: 'A1', side: 0, spec: squad('regular', n), at }] });
    const u = unitOf(s, 'A1');
    const seen = new Set([0]);
    const q = [0];
    while (q.length) { const a = q.pop()!; for (let b = 0; b < n; b++) if (!seen.has(b) && Math.hypot(at[a][0] - at[b][0], at[a][1] - at[b][1]) - 100 <= 400.5) { seen.add(b); q.push(b); } }
    const coherent = seen.size === n;
    // Moving nobody's position: a formation is accepted as coherent exactly when BFS says so.
    const r = moveProblem(s, u, [{ fig: 'A1.1', path: [at[0]] }], { mode: 'move', allowance: 0 });
    if (coherent) assert.ok('end' in r || r.code === 'overlap', `case ${i}`);
  }
});

test('#10 coherency: the incoherent message quotes the distance actually applied (powered armour, Recon, Infiltration, Quality) (§5.4, §2.6, §7.21)', () => {
  const msg = (name: string, spec: ReturnType<typeof squad>): string => {
    const u = buildUnit(spec, 'A1', 0, [1000, 1000]);
    u.figures.forEach((f, i) => { f.at = [1000 + i * 200, 1000]; });
    const p = coherencyProblem(u, new Map([[u.figures[1].id, [9000, 1000] as Pt]]));
    assert.equal(p?.code, 'incoherent', name);
    return p!.message;
  };
  assert.match(msg('powered', squad('conscript', 2, { armour: 'heavyPower' })), /\(6" for powered armour/);
  assert.match(msg('recon', { ...squad('regular', 2), traits: ['recon'] }), /\(5" for regular, \+1" Recon\)/);
  assert.match(msg('infiltrate', { ...squad('conscript', 2), traits: ['infiltrate'] }), /\(4" for conscript with Infiltration, as regular\)/);
  assert.match(msg('plain', squad('conscript', 2)), /\(3" for conscript\)/);
});
