// Headings and oriented rectangles of src/engine/mech/geom2d.ts (vehicle hulls, spec
// fast-and-dirty §3.2): the Taylor-series sine against Math.sin, the rectangle's corners by hand,
// bearings against atan2 on random points, and distances between polygons by brute force.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearing, circlePolygonDistance, localFrame, normHeading, orientedRect, polygonDistance, sinCos, type Pt } from '../../src/engine/mech/geom2d.js';
import { localRng } from '../../src/engine/rng.js';

test('sinCos matches Math.sin / Math.cos to 1e-12 at every 7th hundredth of a degree, both signs', () => {
  for (let h = -36000; h <= 72000; h += 7) {
    const rad = (h * Math.PI) / 18000;
    const [s, c] = sinCos(h);
    assert.ok(Math.abs(s - Math.sin(rad)) < 1e-12, `sin ${h}`);
    assert.ok(Math.abs(c - Math.cos(rad)) < 1e-12, `cos ${h}`);
  }
  assert.deepEqual(sinCos(0), [0, 1]);
});

test('normHeading wraps into 0..35999', () => {
  assert.equal(normHeading(36000), 0);
  assert.equal(normHeading(-1), 35999);
  assert.equal(normHeading(72005), 5);
  assert.equal(normHeading(9000), 9000);
});

test('a 4" x 2" hull at (10", 10"): heading 0 faces +y, heading 90° faces +x (corners by hand)', () => {
  // front-left, front-right, rear-right, rear-left
  assert.deepEqual(orientedRect([1000, 1000], 400, 200, 0), [[900, 1200], [1100, 1200], [1100, 800], [900, 800]]);
  assert.deepEqual(orientedRect([1000, 1000], 400, 200, 9000), [[1200, 1100], [1200, 900], [800, 900], [800, 1100]]);
  assert.deepEqual(orientedRect([1000, 1000], 400, 200, 18000), [[1100, 800], [900, 800], [900, 1200], [1100, 1200]]);
  // In the hull's frame a point ahead is [0, +], one to the right is [+, 0].
  const ahead = localFrame([1000, 1000], 9000, [1500, 1000]);
  assert.ok(Math.abs(ahead[0]) < 1e-9 && Math.abs(ahead[1] - 500) < 1e-9);
  const right = localFrame([1000, 1000], 9000, [1000, 700]);
  assert.ok(Math.abs(right[0] - 300) < 1e-9 && Math.abs(right[1]) < 1e-9);
});

test('bearing agrees with atan2 to the hundredth on random points, and points the hull at its target', () => {
  const rng = localRng('bearings');
  for (let i = 0; i < 2000; i++) {
    const a: Pt = [rng.int(4800), rng.int(4800)];
    const b: Pt = [rng.int(4800), rng.int(4800)];
    if (a[0] === b[0] && a[1] === b[1]) continue;
    const want = normHeading((Math.atan2(b[0] - a[0], b[1] - a[1]) * 18000) / Math.PI);
    const got = bearing(a, b);
    const diff = Math.min(Math.abs(got - want), 36000 - Math.abs(got - want));
    assert.ok(diff <= 1, `bearing ${a} -> ${b}: ${got}, atan2 ${want}`);
    const [right, forward] = localFrame(a, got, b);
    assert.ok(forward > 0 && Math.abs(right) <= forward * 0.0002 + 1e-9, 'the target lies straight ahead');
  }
  assert.equal(bearing([5, 5], [5, 5]), 0);
});

test('polygon and circle distances against dense sampling of the edges', () => {
  const rng = localRng('poly-dist');
  const edgePoints = (p: Pt[]) => p.flatMap((q, i) => {
    const r = p[(i + 1) % p.length];
    return Array.from({ length: 200 }, (_, k) => [q[0] + ((r[0] - q[0]) * k) / 200, q[1] + ((r[1] - q[1]) * k) / 200] as Pt);
  });
  for (let i = 0; i < 60; i++) {
    const a = orientedRect([rng.int(3000), rng.int(3000)], 300 + rng.int(300), 150 + rng.int(100), rng.int(36000));
    const b = orientedRect([rng.int(3000), rng.int(3000)], 300, 200, rng.int(36000));
    const pa = edgePoints(a), pb = edgePoints(b);
    let brute = Infinity;
    for (const p of pa) for (const q of pb) brute = Math.min(brute, Math.hypot(p[0] - q[0], p[1] - q[1]));
    const d = polygonDistance(a, b);
    if (d === 0) assert.ok(brute < 3, `touching or overlapping: sampled gap ${brute}`);
    else assert.ok(Math.abs(d - brute) < 3, `polygons ${d} vs sampled ${brute}`);
    const c: Pt = [rng.int(3000), rng.int(3000)];
    const cd = circlePolygonDistance(c, 50, a);
    const cb = Math.max(0, Math.min(...pa.map((p) => Math.hypot(p[0] - c[0], p[1] - c[1]))) - 50);
    if (cd > 0) assert.ok(Math.abs(cd - cb) < 3, `circle ${cd} vs sampled ${cb}`);
  }
});
