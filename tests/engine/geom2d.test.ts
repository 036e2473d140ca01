// src/engine/mech/geom2d.ts: hand-computed cases (spec fast-and-dirty §3.2) and brute force on
// random layouts (inside length by dense sampling, coherency by breadth-first search,
// segment meeting by a float reference).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  coherency, crossesInterior, dist, edgeDistance, inContact, insideLength, inside, pathLength, perpendicularPoints,
  overlapArea, pointSegmentDistance, polygonArea, round, segmentOnBoundary, segmentsMeet, SpatialIndex, toward, type Pt,
} from '../../src/engine/mech/geom2d.js';
import { localRng } from '../../src/engine/rng.js';

const square: Pt[] = [[1000, 1000], [2000, 1000], [2000, 2000], [1000, 2000]];

test('round half up (A47): 0.5 -> 1, -0.5 -> 0, 2.4999 -> 2', () => {
  assert.equal(round(0.5), 1);
  assert.equal(round(-0.5), 0);
  assert.equal(round(2.4999), 2);
});

test('distances in hundredths: 3-4-5 triangle, edge to edge of 0.5" bases, contact at 0.05"', () => {
  assert.equal(dist([0, 0], [300, 400]), 500);
  assert.equal(edgeDistance([0, 0], 50, [300, 400], 50), 400);
  assert.equal(edgeDistance([0, 0], 50, [60, 0], 50), 0, 'overlap is 0, never negative');
  assert.ok(inContact([0, 0], 50, [105, 0], 50), '0.05" apart is contact');
  assert.ok(!inContact([0, 0], 50, [106, 0], 50), '0.06" apart is not');
  assert.equal(pointSegmentDistance([500, 300], [0, 0], [1000, 0]), 300);
  assert.equal(pointSegmentDistance([1300, 400], [0, 0], [1000, 0]), 500);
  assert.equal(pathLength([[0, 0], [300, 400], [300, 1000]]), 1100);
  assert.deepEqual(toward([0, 0], [300, 400], 250), [150, 200]);
});

test('inside length: a segment through a 10" square is 10" inside; along an edge is 0; corner to corner is 14.14"', () => {
  assert.equal(insideLength([500, 1500], [2500, 1500], square), 1000);
  assert.equal(insideLength([500, 1000], [2500, 1000], square), 0, 'running along the boundary does not cross the interior');
  assert.equal(insideLength([1000, 1000], [2000, 2000], square), 1414);
  assert.equal(insideLength([1500, 1500], [1600, 1500], square), 100, 'wholly inside');
  assert.ok(!crossesInterior([0, 0], [900, 3000], square));
  assert.ok(inside([1000, 1500], square) && inside([1500, 1500], square) && !inside([999, 1500], square));
});

test('perpendicular LOS sample points sit on the base, square to the line of sight', () => {
  const [a, b] = perpendicularPoints([1000, 0], 50, [0, 0]);
  assert.deepEqual([a, b], [[1000, 50], [1000, -50]]);
});

test('coherency: a line of figures 3" apart edge to edge is one group at 3", two groups when one gap is 3.01"', () => {
  const ps: Pt[] = [[0, 0], [400, 0], [800, 0], [1201, 0]];
  const r = [50, 50, 50, 50];
  assert.deepEqual(coherency(ps.slice(0, 3), r.slice(0, 3), 300).components, [[0, 1, 2]]);
  const c = coherency(ps, r, 300);
  assert.deepEqual(c.components, [[0, 1, 2], [3]]);
  assert.equal(c.joiningGap, 301);
});

test('spatial index returns the boxes a query meets, in insertion order', () => {
  const ix = new SpatialIndex<string>();
  ix.insert({ minX: 0, minY: 0, maxX: 100, maxY: 100 }, 'a');
  ix.insert({ minX: 500, minY: 500, maxX: 600, maxY: 600 }, 'b');
  ix.insert({ minX: 50, minY: 50, maxX: 550, maxY: 550 }, 'c');
  assert.deepEqual(ix.search({ minX: 90, minY: 90, maxX: 95, maxY: 95 }), ['a', 'c']);
  assert.deepEqual(ix.alongSegment([590, 590], [700, 700]), ['b']);
});

/** Reference: even-odd ray casting at a float point. */
function refInside(x: number, y: number, poly: Pt[]): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

function randomPoly(rng: ReturnType<typeof localRng>): Pt[] {
  // A star-shaped polygon around a centre: simple by construction (angles from a fixed table of directions).
  const cx = 1000 + rng.int(2800), cy = 1000 + rng.int(2800);
  const dirs: Pt[] = [[100, 0], [71, 71], [0, 100], [-71, 71], [-100, 0], [-71, -71], [0, -100], [71, -71]];
  return dirs.map(([dx, dy]) => { const k = 2 + rng.int(9); return [cx + dx * k, cy + dy * k] as Pt; });
}

test('brute force: inside length and interior crossing agree with dense sampling on random polygons and segments', () => {
  const rng = localRng('geom2d-inside');
  for (let i = 0; i < 300; i++) {
    const poly = randomPoly(rng);
    const a: Pt = [rng.int(4800), rng.int(4800)], b: Pt = [rng.int(4800), rng.int(4800)];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const N = 4000;
    let inn = 0;
    for (let k = 0; k < N; k++) {
      const t = (k + 0.5) / N;
      if (refInside(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, poly)) inn++;
    }
    const ref = (inn / N) * len;
    const got = insideLength(a, b, poly);
    assert.ok(Math.abs(got - ref) <= len / N * 4 + 2, `case ${i}: ${got} vs ${ref.toFixed(1)}`);
  }
});

test('brute force: coherency groups equal breadth-first search over the "edge gap ≤ maxGap" graph', () => {
  const rng = localRng('geom2d-coherency');
  for (let i = 0; i < 300; i++) {
    const n = 2 + rng.int(8);
    const ps: Pt[] = Array.from({ length: n }, () => [rng.int(2000), rng.int(2000)] as Pt);
    const r = ps.map(() => 50);
    const gap = 200 + rng.int(400);
    const seen = new Array(n).fill(-1);
    let groups = 0;
    for (let s = 0; s < n; s++) {
      if (seen[s] >= 0) continue;
      const q = [s]; seen[s] = groups;
      while (q.length) {
        const u = q.pop()!;
        for (let v = 0; v < n; v++) if (seen[v] < 0 && Math.hypot(ps[u][0] - ps[v][0], ps[u][1] - ps[v][1]) - 100 <= gap + 0.5) { seen[v] = groups; q.push(v); }
      }
      groups++;
    }
    const c = coherency(ps, r, gap);
    assert.equal(c.components.length, groups, `case ${i}`);
    assert.equal(c.joiningGap === 0, groups === 1);
  }
});

test('brute force: segments meet exactly when a float reference finds a common point', () => {
  const rng = localRng('geom2d-meet');
  for (let i = 0; i < 2000; i++) {
    const p = (): Pt => [rng.int(50), rng.int(50)];
    const a = p(), b = p(), c = p(), d = p();
    // Reference: minimum distance between the segments is 0.
    const md = Math.min(
      pointSegmentDistance(a, c, d), pointSegmentDistance(b, c, d), pointSegmentDistance(c, a, b), pointSegmentDistance(d, a, b),
    );
    const cross = (o: Pt, x: Pt, y: Pt) => (x[0] - o[0]) * (y[1] - o[1]) - (x[1] - o[1]) * (y[0] - o[0]);
    const proper = Math.sign(cross(a, b, c)) * Math.sign(cross(a, b, d)) < 0 && Math.sign(cross(c, d, a)) * Math.sign(cross(c, d, b)) < 0;
    const touching = md === 0 && (pointSegmentDistance(a, c, d) === 0 ? cross(c, d, a) === 0 : true);
    if (proper) assert.ok(segmentsMeet(a, b, c, d), `case ${i}`);
    if (!proper && md > 0) assert.ok(!segmentsMeet(a, b, c, d), `case ${i} apart`);
    void touching;
  }
});

test('areas for floor plans: a polygon\'s area whichever way round, the area two share, a segment along an edge', () => {
  assert.equal(polygonArea(square), 1_000_000);
  assert.equal(polygonArea([...square].reverse()), 1_000_000);
  const l: Pt[] = [[0, 0], [300, 0], [300, 100], [100, 100], [100, 300], [0, 300]];
  assert.equal(polygonArea(l), 50_000, 'an L: a 3" square less a 2" one, 5 square inches');
  // Half the square overlaps a shifted copy; a neighbour sharing an edge overlaps nothing; order of vertices does not matter.
  assert.equal(overlapArea(square, square.map(([x, y]) => [x + 500, y] as Pt)), 500_000);
  assert.equal(overlapArea(square, [...square.map(([x, y]) => [x + 1000, y] as Pt)].reverse()), 0);
  assert.equal(overlapArea([...square].reverse(), [[1000, 1000], [1500, 1000], [1500, 1500], [1000, 1500]]), 250_000);
  assert.equal(overlapArea(l, [[50, 50], [250, 50], [250, 250], [50, 250]]), 50 * 200 + 50 * 150 + 0, 'the L and a 2" square across its corner');
  assert.ok(segmentOnBoundary([1200, 1000], [1400, 1000], square));
  assert.ok(segmentOnBoundary([2000, 2000], [2000, 1500], square));
  assert.ok(!segmentOnBoundary([1200, 1001], [1400, 1001], square), 'a hundredth inside');
  assert.ok(!segmentOnBoundary([1800, 1000], [2100, 1000], square), 'beyond the corner');
  assert.ok(!segmentOnBoundary([1900, 1000], [2000, 1100], square), 'across the corner');
});
