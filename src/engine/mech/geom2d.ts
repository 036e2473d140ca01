// Planar geometry for games on a continuous table (Fast and Dirty, spec §3.2): a small wrapper
// over @flatten-js/core (segments, polygons, intersections) and rbush (spatial index).
// Integer hundredths of an inch go in and come out: every float the library computes is rounded
// half up before it is returned, so rule code compares exact integers and replay is identical on
// every machine. The library's tolerance is set once, here. No trigonometry is used: directions
// come from vectors and square roots only (IEEE-exact), never Math.sin/cos/atan2.
import Flatten from '@flatten-js/core';
import RBush from 'rbush';

/** The library compares with this tolerance (in hundredths of an inch): far below one unit. */
Flatten.Utils.setTolerance(1e-6);

/** A point in integer hundredths of an inch, [x, y]. */
export type Pt = readonly [number, number];
/** A simple polygon (vertices in order, not repeated at the end). */
export type Poly = readonly Pt[];

/** Round half up (spec §3.2, A47). */
export function round(x: number): number {
  return Math.floor(x + 0.5);
}

const P = (p: Pt) => Flatten.point(p[0], p[1]);
const polyCache = new WeakMap<Poly, Flatten.Polygon>();
function fpoly(poly: Poly): Flatten.Polygon {
  let f = polyCache.get(poly);
  if (!f) {
    f = new Flatten.Polygon(poly.map((p) => [p[0], p[1]] as [number, number]));
    polyCache.set(poly, f);
  }
  return f;
}

/** Centre-to-centre distance, rounded. */
export function dist(a: Pt, b: Pt): number {
  return round(Math.hypot(b[0] - a[0], b[1] - a[1]));
}

/** Edge-to-edge distance of two circular footprints, never negative (§3.2 "Distance"). */
export function edgeDistance(a: Pt, ra: number, b: Pt, rb: number): number {
  return Math.max(0, dist(a, b) - ra - rb);
}

/** Base contact: edge-to-edge distance ≤ 0.05" (§3.2). */
export const CONTACT = 5;
export function inContact(a: Pt, ra: number, b: Pt, rb: number): boolean {
  return edgeDistance(a, ra, b, rb) <= CONTACT;
}

/** Two footprints overlap (their interiors intersect by more than rounding). */
export function overlaps(a: Pt, ra: number, b: Pt, rb: number): boolean {
  return dist(a, b) < ra + rb - 1;
}

/** Point inside or on the boundary of a polygon. */
export function inside(p: Pt, poly: Poly): boolean {
  return fpoly(poly).contains(P(p));
}

/** Distance from a point to a polygon's boundary (0 on it), rounded. */
export function distanceToBoundary(p: Pt, poly: Poly): number {
  const f = fpoly(poly);
  let best = Infinity;
  for (const e of f.edges) best = Math.min(best, P(p).distanceTo((e as Flatten.PolygonEdge).shape as Flatten.Segment)[0]);
  return round(best);
}

/** Distance from a point to a segment, rounded. */
export function pointSegmentDistance(p: Pt, a: Pt, b: Pt): number {
  if (a[0] === b[0] && a[1] === b[1]) return dist(p, a);
  return round(P(p).distanceTo(Flatten.segment(P(a), P(b)))[0]);
}

/** Distance from a point to a polyline, rounded. */
export function pointPolylineDistance(p: Pt, line: Poly): number {
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++) best = Math.min(best, pointSegmentDistance(p, line[i], line[i + 1]));
  return best;
}

/** Whether two closed segments share a point (touching counts). */
function orient(p: Pt, q: Pt, r: Pt): number {
  return Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
}
function onSeg(p: Pt, q: Pt, r: Pt): boolean {
  return Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);
}
export function segmentsMeet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o = orient, on = onSeg;
  // Integer inputs: the orientation products are exact integers.
  const o1 = o(a, b, c), o2 = o(a, b, d), o3 = o(c, d, a), o4 = o(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && on(a, c, b)) return true;
  if (o2 === 0 && on(a, d, b)) return true;
  if (o3 === 0 && on(c, a, d)) return true;
  if (o4 === 0 && on(c, b, d)) return true;
  return false;
}

/** Whether a segment meets a polyline. */
export function segmentMeetsPolyline(a: Pt, b: Pt, line: Poly): boolean {
  for (let i = 0; i + 1 < line.length; i++) if (segmentsMeet(a, b, line[i], line[i + 1])) return true;
  return false;
}

/**
 * Length of the segment a→b strictly inside a polygon (runs along its boundary excluded),
 * rounded. The segment is split at the library's intersection points and each piece is
 * tested at its midpoint.
 */
export function insideLength(a: Pt, b: Pt, poly: Poly): number {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len === 0) return 0;
  // Fast path (exact integer tests): a segment meeting no edge is wholly inside or wholly outside.
  if (!meetsBoundary(a, b, poly)) return inside(a, poly) ? round(len) : 0;
  const f = fpoly(poly);
  const seg = Flatten.segment(P(a), P(b));
  const ts = [0, 1];
  for (const q of f.intersect(seg)) ts.push(((q.x - a[0]) * (b[0] - a[0]) + (q.y - a[1]) * (b[1] - a[1])) / (len * len));
  ts.sort((x, y) => x - y);
  let total = 0;
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = Math.max(0, ts[i]), t1 = Math.min(1, ts[i + 1]);
    if (t1 - t0 <= 1e-9) continue;
    const tm = (t0 + t1) / 2;
    const m = Flatten.point(a[0] + (b[0] - a[0]) * tm, a[1] + (b[1] - a[1]) * tm);
    if (!f.contains(m)) continue;
    let onEdge = false;
    for (const e of f.edges) if (m.distanceTo((e as Flatten.PolygonEdge).shape as Flatten.Segment)[0] < 1e-6) { onEdge = true; break; }
    if (!onEdge) total += (t1 - t0) * len;
  }
  return round(total);
}

function meetsBoundary(a: Pt, b: Pt, poly: Poly): boolean {
  const minX = Math.min(a[0], b[0]), maxX = Math.max(a[0], b[0]), minY = Math.min(a[1], b[1]), maxY = Math.max(a[1], b[1]);
  for (let i = 0; i < poly.length; i++) {
    const c = poly[i], d = poly[(i + 1) % poly.length];
    if (Math.max(c[0], d[0]) < minX || Math.min(c[0], d[0]) > maxX || Math.max(c[1], d[1]) < minY || Math.min(c[1], d[1]) > maxY) continue;
    if (segmentsMeet(a, b, c, d)) return true;
  }
  return false;
}

/** The segment crosses the polygon's interior by at least one hundredth. */
export function crossesInterior(a: Pt, b: Pt, poly: Poly): boolean {
  return insideLength(a, b, poly) > 0;
}

/** The point at `len` from a toward b (b itself if nearer), rounded. */
export function toward(a: Pt, b: Pt, len: number): Pt {
  const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (d <= len || d === 0) return [b[0], b[1]];
  return [round(a[0] + (b[0] - a[0]) * len / d), round(a[1] + (b[1] - a[1]) * len / d)];
}

/** a moved by `len` along the direction of v (v need not be unit length), rounded. */
export function along(a: Pt, v: Pt, len: number): Pt {
  const d = Math.hypot(v[0], v[1]);
  if (d === 0) return [a[0], a[1]];
  return [round(a[0] + v[0] * len / d), round(a[1] + v[1] * len / d)];
}

/**
 * The two points of a circular base of radius r at `c` perpendicular to the line from `from`
 * (LOS sample points, §3.2 item 1), rounded.
 */
export function perpendicularPoints(c: Pt, r: number, from: Pt): [Pt, Pt] {
  const dx = c[0] - from[0], dy = c[1] - from[1];
  const d = Math.hypot(dx, dy);
  if (d === 0) return [[c[0] + r, c[1]], [c[0] - r, c[1]]];
  const px = -dy / d * r, py = dx / d * r;
  return [[round(c[0] + px), round(c[1] + py)], [round(c[0] - px), round(c[1] - py)]];
}

/** Length of a polyline, rounded once at the end. */
export function pathLength(path: Poly): number {
  let t = 0;
  for (let i = 0; i + 1 < path.length; i++) t += Math.hypot(path[i + 1][0] - path[i][0], path[i + 1][1] - path[i][1]);
  return round(t);
}

/** Centroid of points (mean), rounded. */
export function centroid(ps: readonly Pt[]): Pt {
  let x = 0, y = 0;
  for (const p of ps) { x += p[0]; y += p[1]; }
  return [round(x / ps.length), round(y / ps.length)];
}

export interface Coherency {
  /** Connected groups (indices into the input), each sorted, ordered by first index. */
  components: number[][];
  /** The smallest gap that would join every group (the bottleneck of a minimum spanning tree); 0 if one group. */
  joiningGap: number;
}

/**
 * The coherency graph of circular footprints (§5.4): two figures are joined when their
 * edge-to-edge distance ≤ maxGap.
 */
export function coherency(ps: readonly Pt[], radii: readonly number[], maxGap: number): Coherency {
  const n = ps.length;
  const parent = ps.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([edgeDistance(ps[i], radii[i], ps[j], radii[j]), i, j]);
  edges.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  let joiningGap = 0;
  for (const [d, i, j] of edges) {
    const a = find(i), b = find(j);
    if (a === b) continue;
    parent[Math.max(a, b)] = Math.min(a, b);
    if (d > maxGap) joiningGap = Math.max(joiningGap, d);
  }
  // Components under maxGap only.
  const p2 = ps.map((_, i) => i);
  const f2 = (i: number): number => (p2[i] === i ? i : (p2[i] = f2(p2[i])));
  for (const [d, i, j] of edges) if (d <= maxGap) { const a = f2(i), b = f2(j); if (a !== b) p2[Math.max(a, b)] = Math.min(a, b); }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) { const r = f2(i); if (!groups.has(r)) groups.set(r, []); groups.get(r)!.push(i); }
  return { components: [...groups.values()], joiningGap };
}

/** Bounding box of points, in hundredths. */
export interface Box { minX: number; minY: number; maxX: number; maxY: number }
export function boxOf(ps: readonly Pt[], pad = 0): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of ps) { minX = Math.min(minX, p[0]); minY = Math.min(minY, p[1]); maxX = Math.max(maxX, p[0]); maxY = Math.max(maxY, p[1]); }
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

/** A spatial index of items by bounding box (rbush); `search` returns them in insertion order. */
export class SpatialIndex<T> {
  private tree = new RBush<Box & { item: T; order: number }>();
  private n = 0;
  insert(box: Box, item: T): void {
    this.tree.insert({ ...box, item, order: this.n++ });
  }
  search(box: Box): T[] {
    return this.tree.search(box).sort((a, b) => a.order - b.order).map((e) => e.item);
  }
  /** Items whose box meets the segment's box. */
  alongSegment(a: Pt, b: Pt, pad = 0): T[] {
    return this.search(boxOf([a, b], pad));
  }
}

/**
 * The segment a→b split where it crosses any of the polygons' boundaries: each piece's rounded
 * length and the indices of the polygons strictly containing it (movement costs by terrain,
 * where the highest multiplier of overlapping areas applies).
 */
export function piecewise(a: Pt, b: Pt, polys: readonly Poly[]): { len: number; within: number[] }[] {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len === 0) return [];
  if (!polys.some((q) => meetsBoundary(a, b, q))) {
    const within: number[] = [];
    polys.forEach((q, k) => { if (inside(a, q)) within.push(k); });
    return [{ len: round(len), within }];
  }
  const seg = Flatten.segment(P(a), P(b));
  const ts = [0, 1];
  const fs = polys.map(fpoly);
  for (const f of fs) for (const q of f.intersect(seg)) ts.push(((q.x - a[0]) * (b[0] - a[0]) + (q.y - a[1]) * (b[1] - a[1])) / (len * len));
  ts.sort((x, y) => x - y);
  const out: { len: number; within: number[] }[] = [];
  let acc = 0, done = 0;
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = Math.max(0, ts[i]), t1 = Math.min(1, ts[i + 1]);
    if (t1 - t0 <= 1e-9) continue;
    const tm = (t0 + t1) / 2;
    const m = Flatten.point(a[0] + (b[0] - a[0]) * tm, a[1] + (b[1] - a[1]) * tm);
    const within: number[] = [];
    fs.forEach((f, k) => {
      if (!f.contains(m)) return;
      for (const e of f.edges) if (m.distanceTo((e as Flatten.PolygonEdge).shape as Flatten.Segment)[0] < 1e-6) return;
      within.push(k);
    });
    // Rounded so that the pieces sum to the rounded whole.
    acc += (t1 - t0) * len;
    const r = round(acc) - done;
    done += r;
    out.push({ len: r, within });
  }
  return out;
}

// ---------------------------------------------------------------- headings and oriented rectangles
// Headings are integer hundredths of a degree, 0 = facing +y, increasing clockwise (90° = +x),
// as for vehicle hulls (§3.2). The sine is a Taylor series (only + − × ÷, IEEE-exact), not
// Math.sin, so every machine computes the same corners.

function sinQuarter(x: number): number {
  // x in radians, 0..π/2: the series to x^19 is exact to far below a hundredth of an inch.
  const x2 = x * x;
  let term = x, sum = x;
  for (let n = 1; n < 10; n++) { term = -term * x2 / ((2 * n) * (2 * n + 1)); sum += term; }
  return sum;
}

/** [sin, cos] of a heading in hundredths of a degree. */
export function sinCos(h: number): [number, number] {
  const a = ((Math.round(h) % 36000) + 36000) % 36000;
  const q = Math.floor(a / 9000), rest = a - q * 9000;
  const s = sinQuarter(rest * Math.PI / 18000), c = sinQuarter((9000 - rest) * Math.PI / 18000);
  return q === 0 ? [s, c] : q === 1 ? [c, -s] : q === 2 ? [-s, -c] : [-c, s];
}

/** Normalise a heading to 0..35999 hundredths of a degree. */
export const normHeading = (h: number): number => ((Math.round(h) % 36000) + 36000) % 36000;

/**
 * The corners of a `length × width` rectangle centred on c, its long axis along heading h
 * (hundredths of a degree, 0 = +y, clockwise), rounded: front-left, front-right, rear-right, rear-left.
 */
export function orientedRect(c: Pt, length: number, width: number, h: number): Pt[] {
  const [s, co] = sinCos(h);
  const f: [number, number] = [s * length / 2, co * length / 2];
  const r: [number, number] = [co * width / 2, -s * width / 2];
  return [
    [round(c[0] + f[0] - r[0]), round(c[1] + f[1] - r[1])],
    [round(c[0] + f[0] + r[0]), round(c[1] + f[1] + r[1])],
    [round(c[0] - f[0] + r[0]), round(c[1] - f[1] + r[1])],
    [round(c[0] - f[0] - r[0]), round(c[1] - f[1] - r[1])],
  ];
}

/** p in the frame of a hull at c with heading h: [rightward, forward], unrounded. */
export function localFrame(c: Pt, h: number, p: Pt): [number, number] {
  const [s, co] = sinCos(h);
  const dx = p[0] - c[0], dy = p[1] - c[1];
  return [dx * co - dy * s, dx * s + dy * co];
}

/** The heading (hundredths of a degree, 0 = +y, clockwise) from a to b, found by bisection on sinCos; 0 when a = b. */
export function bearing(a: Pt, b: Pt): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  if (dx === 0 && dy === 0) return 0;
  // The angle whose forward vector best matches (dx, dy): bisect on the lateral component.
  let lo = 0, hi = 36000;
  const quarter = dy >= 0 ? (dx >= 0 ? 0 : 3) : (dx >= 0 ? 1 : 2);
  lo = quarter * 9000; hi = lo + 9000;
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    const [s, c] = sinCos(mid);
    // lateral of (dx, dy) in the frame of heading mid: positive means the target is to the right, turn clockwise.
    if (dx * c - dy * s > 0) lo = mid; else hi = mid;
  }
  // The whole hundredth whose direction is closest.
  const r = Math.round((lo + hi) / 2);
  const off = (h: number) => { const [s, c] = sinCos(h); return Math.abs(dx * c - dy * s); };
  return normHeading([r - 1, r, r + 1].reduce((b, h) => (off(h) < off(b) ? h : b), r));
}

/** Edge-to-edge distance from a circle to a polygon: 0 when they overlap, rounded. */
export function circlePolygonDistance(c: Pt, r: number, poly: Poly): number {
  if (inside(c, poly)) return 0;
  return Math.max(0, distanceToBoundary(c, poly) - r);
}

/** Edge-to-edge distance of two polygons: 0 when they meet (separating edges tested corner to edge). */
export function polygonDistance(a: Poly, b: Poly): number {
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) {
    if (segmentsMeet(a[i], a[(i + 1) % a.length], b[j], b[(j + 1) % b.length])) return 0;
  }
  if (inside(a[0], b) || inside(b[0], a)) return 0;
  let best = Infinity;
  for (const p of a) best = Math.min(best, distanceToBoundary(p, b));
  for (const p of b) best = Math.min(best, distanceToBoundary(p, a));
  return best;
}

// ---------------------------------------------------------------- areas (floor plans)

/** Twice the signed area of a polygon (shoelace, exact on integers): positive counter-clockwise. */
function area2(poly: Poly): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) { const p = poly[i], q = poly[(i + 1) % poly.length]; s += p[0] * q[1] - q[0] * p[1]; }
  return s;
}

/** A polygon's area in square hundredths, rounded. */
export function polygonArea(poly: Poly): number {
  return round(Math.abs(area2(poly)) / 2);
}

/** The area two polygons share, rounded (the library's intersection wants both counter-clockwise). */
export function overlapArea(a: Poly, b: Poly): number {
  const ccw = (p: Poly) => new Flatten.Polygon((area2(p) < 0 ? [...p].reverse() : p).map((q) => [q[0], q[1]] as [number, number]));
  return round(Flatten.BooleanOperations.intersect(ccw(a), ccw(b)).area());
}

/** Whether the segment a→b lies along one edge of the polygon (exact on integers). */
export function segmentOnBoundary(a: Pt, b: Pt, poly: Poly): boolean {
  for (let i = 0; i < poly.length; i++) {
    const c = poly[i], d = poly[(i + 1) % poly.length];
    if (orient(c, d, a) === 0 && orient(c, d, b) === 0 && onSeg(c, a, d) && onSeg(c, b, d)) return true;
  }
  return false;
}
