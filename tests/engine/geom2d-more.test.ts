// src/engine/mech/geom2d.ts: the helpers the brute-force suites do not reach or cannot tell apart
// (fast-and-dirty spec §3.2): overlap, polylines, collinear segments, segments that start on an
// edge, moving toward / along, LOS sample points, centroids, boxes, the spatial index's order,
// axis-aligned bearings, circle and polygon distances, and the movement-cost pieces of a path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  along, bearing, boxOf, centroid, circlePolygonDistance, coherency, crossesInterior, insideLength, localFrame, overlaps,
  overlapArea, piecewise, perpendicularPoints, pointPolylineDistance, polygonDistance, segmentMeetsPolyline, segmentOnBoundary,
  segmentsMeet, SpatialIndex, toward, type Pt,
} from '../../src/engine/mech/geom2d.js';
import { localRng } from '../../src/engine/rng.js';

const square: Pt[] = [[0, 0], [1000, 0], [1000, 1000], [0, 1000]];

test('overlap: centres nearer than the radii less one hundredth', () => {
  assert.equal(overlaps([0, 0], 50, [100, 0], 50), false, 'bases that touch do not overlap');
  assert.equal(overlaps([0, 0], 50, [100, 0], 51), false, 'one hundredth of rounding is not an overlap');
  assert.equal(overlaps([0, 0], 51, [100, 0], 51), true);
  assert.equal(overlaps([0, 0], 50, [0, 0], 50), true);
  assert.equal(overlaps([0, 0], 10, [300, 400], 492), true);
  assert.equal(overlaps([0, 0], 10, [300, 400], 491), false);
});

test('polylines: the distance to the nearest of its segments, and whether a segment meets any', () => {
  const wall: Pt[] = [[0, 0], [1000, 0], [1000, 1000], [2000, 1000]];
  assert.equal(pointPolylineDistance([500, 300], wall), 300);
  assert.equal(pointPolylineDistance([1300, 700], wall), 300);
  assert.equal(pointPolylineDistance([1500, 1400], wall), 400, 'the last segment');
  assert.equal(pointPolylineDistance([2300, 1400], wall), 500, 'beyond its end: to the end point');
  assert.equal(segmentMeetsPolyline([1500, 500], [1500, 1500], wall), true, 'crosses the last segment');
  assert.equal(segmentMeetsPolyline([500, -100], [500, 100], wall), true, 'crosses the first');
  assert.equal(segmentMeetsPolyline([1100, 0], [1900, 900], wall), false);
  assert.equal(segmentMeetsPolyline([1100, 0], [1900, 900], [[0, 0]]), false, 'a single point is no line');
});

test('collinear segments meet exactly when they share a point', () => {
  const a: Pt = [0, 0], b: Pt = [100, 0];
  assert.equal(segmentsMeet(a, b, [50, 0], [200, 0]), true, 'c lies on ab');
  assert.equal(segmentsMeet(a, b, [-50, 0], [50, 0]), true, 'd lies on ab');
  assert.equal(segmentsMeet([20, 0], [60, 0], [-50, 0], [150, 0]), true, 'ab lies inside cd');
  assert.equal(segmentsMeet(a, b, [100, 0], [200, 0]), true, 'end to end');
  assert.equal(segmentsMeet(a, b, [-50, 0], [-1, 0]), false, 'on the same line, before a');
  assert.equal(segmentsMeet(a, b, [101, 0], [150, 0]), false, 'on the same line, after b');
  assert.equal(segmentsMeet([0, 0], [0, 100], [0, 101], [0, 150]), false, 'vertical, apart');
  assert.equal(segmentsMeet([0, 0], [0, 100], [0, 50], [0, 150]), true, 'vertical, overlapping');
});

test('a segment that leaves a square from a point of its edge has nothing inside it', () => {
  // LOS from a base standing on the edge of an area: the segment's box only touches the edge's box
  assert.equal(insideLength([1000, 500], [2000, 500], square), 0, 'out of the right edge');
  assert.equal(insideLength([0, 500], [-1000, 500], square), 0, 'out of the left edge');
  assert.equal(insideLength([500, 1000], [500, 2000], square), 0, 'out of the top');
  assert.equal(insideLength([500, 0], [500, -1000], square), 0, 'out of the bottom');
  assert.equal(crossesInterior([1000, 500], [2000, 500], square), false);
  assert.equal(insideLength([1000, 500], [0, 500], square), 1000, 'back across it: all inside');
  assert.equal(crossesInterior([1000, 500], [999, 500], square), true);
  assert.equal(crossesInterior([-100, 500], [1100, 500], square), true);
  assert.equal(crossesInterior([-100, -100], [1100, -100], square), false);
  assert.equal(insideLength([300, 300], [300, 300], square), 0, 'a point has no length');
  assert.equal(insideLength([1000, 300], [1000, 300], square), 0);
});

test('toward and along: the point at a distance on the way, never past the target', () => {
  assert.deepEqual(toward([0, 0], [300, 400], 100), [60, 80]);
  assert.deepEqual(toward([100, 100], [-200, -300], 250), [-50, -100]);
  assert.deepEqual(toward([0, 0], [300, 400], 500), [300, 400], 'exactly there');
  assert.deepEqual(toward([0, 0], [300, 400], 600), [300, 400], 'never past it');
  assert.deepEqual(toward([7, 7], [7, 7], 0), [7, 7]);
  assert.deepEqual(along([100, 100], [3, 4], 50), [130, 140]);
  assert.deepEqual(along([100, 100], [-30, 40], 100), [40, 180]);
  assert.deepEqual(along([100, 100], [0, 0], 100), [100, 100], 'no direction: stays');
});

test('LOS sample points: on the base, square to the line of sight, whichever side the viewer is', () => {
  const sorted = (ps: Pt[]) => ps.map((p) => p.join(',')).sort();
  assert.deepEqual(sorted(perpendicularPoints([1000, 1000], 100, [1000 - 300, 1000 - 400])), sorted([[1080, 940], [920, 1060]]));
  assert.deepEqual(sorted(perpendicularPoints([1000, 1000], 50, [2000, 1000])), sorted([[1000, 950], [1000, 1050]]));
  assert.deepEqual(sorted(perpendicularPoints([1000, 1000], 50, [1000, 1000])), sorted([[1050, 1000], [950, 1000]]), 'viewer at the centre');
});

test('centroid and bounding box', () => {
  assert.deepEqual(centroid([[0, 0], [100, 0], [100, 100], [0, 100]]), [50, 50]);
  assert.deepEqual(centroid([[0, 0], [1, 0], [1, 1]]), [1, 0], 'rounded half up: 2/3 -> 1, 1/3 -> 0');
  assert.deepEqual(centroid([[-10, 20]]), [-10, 20]);
  assert.deepEqual(boxOf([[-5, 10], [20, -30], [7, 7]]), { minX: -5, minY: -30, maxX: 20, maxY: 10 });
  assert.deepEqual(boxOf([[-5, -10], [-20, -30]], 3), { minX: -23, minY: -33, maxX: -2, maxY: -7 });
  assert.deepEqual(boxOf([[5, 10], [20, 30]], 2), { minX: 3, minY: 8, maxX: 22, maxY: 32 });
});

test('spatial index: many boxes, found in insertion order', () => {
  const rng = localRng('index-order');
  const idx = new SpatialIndex<number>();
  const boxes = Array.from({ length: 300 }, () => {
    const x = rng.int(5000), y = rng.int(5000);
    return { minX: x, minY: y, maxX: x + rng.int(400), maxY: y + rng.int(400) };
  });
  boxes.forEach((b, i) => idx.insert(b, i));
  const q = { minX: 1000, minY: 1000, maxX: 4000, maxY: 4000 };
  const want = boxes.flatMap((b, i) => (b.maxX >= q.minX && b.minX <= q.maxX && b.maxY >= q.minY && b.minY <= q.maxY ? [i] : []));
  assert.ok(want.length > 50);
  assert.deepEqual(idx.search(q), want);
  assert.deepEqual(idx.alongSegment([4000, 4000], [1000, 1000]), want);
});

test('coherency: the gap that would join the groups; 0 when a gap equal to the limit already joins them', () => {
  const ps: Pt[] = [[0, 0], [400, 0], [800, 0], [1600, 0]];
  const r = [50, 50, 50, 50];
  // edge gaps: 300, 300, 700
  assert.deepEqual(coherency(ps, r, 300), { components: [[0, 1, 2], [3]], joiningGap: 700 });
  assert.deepEqual(coherency(ps.slice(0, 3), r, 300), { components: [[0, 1, 2]], joiningGap: 0 });
  assert.deepEqual(coherency(ps.slice(0, 3), r, 299), { components: [[0], [1], [2]], joiningGap: 300 });
  assert.deepEqual(coherency([[0, 0], [2000, 0], [400, 0]], [50, 50, 50], 300), { components: [[0, 2], [1]], joiningGap: 1500 });
  assert.deepEqual(coherency([], [], 300), { components: [], joiningGap: 0 });
});

test('bearing along the axes and diagonals, and the frame of a hull turned 30°', () => {
  assert.equal(bearing([100, 100], [100, 500]), 0);
  assert.equal(bearing([100, 100], [500, 100]), 9000);
  assert.equal(bearing([100, 100], [100, -300]), 18000);
  assert.equal(bearing([100, 100], [-300, 100]), 27000);
  assert.equal(bearing([0, 0], [100, 100]), 4500);
  assert.equal(bearing([0, 0], [100, -100]), 13500);
  assert.equal(bearing([0, 0], [-100, -100]), 22500);
  assert.equal(bearing([0, 0], [-100, 100]), 31500);
  const [right, forward] = localFrame([0, 0], 3000, [500, 866]);
  assert.ok(Math.abs(right) < 1 && Math.abs(forward - 1000) < 1, `${right} ${forward}`);
  const [r2, f2] = localFrame([100, 100], 3000, [100 + 866, 100 - 500]);
  assert.ok(Math.abs(r2 - 1000) < 1 && Math.abs(f2) < 1, `${r2} ${f2}`);
});

test('circle to polygon: 0 when the centre is inside or the base reaches the edge; else edge to edge', () => {
  const big: Pt[] = [[0, 0], [10000, 0], [10000, 10000], [0, 10000]];
  assert.equal(circlePolygonDistance([5000, 5000], 50, big), 0, 'a small base deep inside');
  assert.equal(circlePolygonDistance([-300, 5000], 100, big), 200);
  assert.equal(circlePolygonDistance([-80, 5000], 100, big), 0, 'overlapping the edge');
});

test('polygon to polygon: 0 when one lies inside the other', () => {
  const inner: Pt[] = [[400, 400], [600, 400], [600, 600], [400, 600]];
  assert.equal(polygonDistance(inner, square), 0);
  assert.equal(polygonDistance(square, inner), 0);
  const apart: Pt[] = [[1300, 0], [1500, 0], [1500, 200], [1300, 200]];
  assert.equal(polygonDistance(square, apart), 300);
});

test('overlap area whichever way round either polygon runs', () => {
  const a: Pt[] = [[0, 0], [1000, 0], [1000, 1000], [0, 1000]];
  const b: Pt[] = [[500, 500], [1500, 500], [1500, 1500], [500, 1500]];
  const rev = (p: Pt[]) => [...p].reverse();
  for (const [x, y] of [[a, b], [rev(a), b], [a, rev(b)], [rev(a), rev(b)]]) assert.equal(overlapArea(x, y), 250000);
});

test('a segment along an edge, and ones that only share its line or one point', () => {
  assert.equal(segmentOnBoundary([200, 0], [700, 0], square), true);
  assert.equal(segmentOnBoundary([700, 0], [1000, 0], square), true);
  assert.equal(segmentOnBoundary([700, 0], [1200, 0], square), false, 'runs past the corner on the edge\'s line');
  assert.equal(segmentOnBoundary([1200, 0], [1500, 0], square), false, 'on the line, off the edge');
  assert.equal(segmentOnBoundary([500, 0], [500, 500], square), false, 'from the edge into the square');
  assert.equal(segmentOnBoundary([500, 500], [500, 0], square), false);
  assert.equal(segmentOnBoundary([500, 0], [800, 300], square), false);
  // a slanted edge: a point within the edge's box is not on it
  const tri: Pt[] = [[0, 0], [1000, 1000], [0, 1000]];
  assert.equal(segmentOnBoundary([200, 200], [700, 700], tri), true);
  assert.equal(segmentOnBoundary([200, 600], [500, 500], tri), false, 'a off the edge');
  assert.equal(segmentOnBoundary([500, 500], [200, 600], tri), false, 'b off the edge');
  assert.equal(segmentOnBoundary([300, 600], [600, 900], tri), false, 'parallel to it, inside');
});

test('piecewise: the pieces of a move by the areas strictly containing them, summing to the whole', () => {
  const wood: Pt[] = [[1000, -500], [2000, -500], [2000, 500], [1000, 500]];
  const hill: Pt[] = [[1500, -500], [3000, -500], [3000, 500], [1500, 500]];
  assert.deepEqual(piecewise([0, 0], [4000, 0], [wood, hill]), [
    { len: 1000, within: [] }, { len: 500, within: [0] }, { len: 500, within: [0, 1] }, { len: 1000, within: [1] }, { len: 1000, within: [] },
  ]);
  assert.deepEqual(piecewise([1200, 0], [1400, 0], [wood, hill]), [{ len: 200, within: [0] }], 'inside one area, no edge met');
  assert.deepEqual(piecewise([0, 0], [0, 700], [wood, hill]), [{ len: 700, within: [] }]);
  assert.deepEqual(piecewise([5, 5], [5, 5], [wood]), []);
  // along an edge is in no area; from an edge outward likewise
  assert.deepEqual(piecewise([1000, -500], [1000, 500], [wood]).map((p) => p.within), [[]]);
  assert.deepEqual(piecewise([500, 100], [3500, 100], [wood, hill]), [
    { len: 500, within: [] }, { len: 500, within: [0] }, { len: 500, within: [0, 1] }, { len: 1000, within: [1] }, { len: 500, within: [] },
  ], 'a start off the origin');
  assert.deepEqual(piecewise([3500, 100], [500, 100], [wood, hill]).map((p) => p.len), [500, 1000, 500, 500, 500], 'and backwards');
  // slanted: the pieces end where x crosses 1000, 1500, 2000 and 3000; each is the rounded running length less the earlier pieces
  const a: Pt = [100, 333], b: Pt = [3433, 10];
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const ends = [1000, 1500, 2000, 3000, b[0]].map((x) => Math.floor(((x - a[0]) / (b[0] - a[0])) * len + 0.5));
  const pieces = piecewise(a, b, [wood, hill]);
  assert.deepEqual(pieces.map((p) => p.len), ends.map((e, i) => e - (i ? ends[i - 1] : 0)));
  assert.equal(pieces.reduce((s, p) => s + p.len, 0), Math.floor(len + 0.5), 'the rounded pieces add up to the rounded length');
  assert.deepEqual(pieces.map((p) => p.within), [[], [0], [0, 1], [1], []]);
  assert.deepEqual(piecewise([1000, 500], [500, 1000], [wood]), [{ len: 707, within: [] }], 'from a corner, outward');
});
