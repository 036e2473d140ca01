// Board questions over the compiled 3D map (spec §2.1): step costs with edges, corner dots,
// Zone of Control, occupancy, Stairs and stepping off Levels; reach (Dijkstra, binary 1/3 MP);
// Jump landings; Front/Flank; Chebyshev range; LOS by closest corner pairs with walls,
// openings, inside/outside areas, floors and the plateau effect; Protection.
import { buildGraph, type Graph } from '../../engine/mech/graph.js';
import { cellKey, cornerKey, edgeKey, type Cell, type CompiledMap, type Dir } from './content.js';
import type { S, Side, Unit } from './state.js';
import { footprint, footprintAt, isLarge, map, unitAt } from './state.js';

export const DIRS: Dir[] = ['N', 'E', 'S', 'W'];
const VEC: Record<Dir, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
export const RIGHT: Record<Dir, Dir> = { N: 'E', E: 'S', S: 'W', W: 'N' };
export const LEFT: Record<Dir, Dir> = { N: 'W', W: 'S', S: 'E', E: 'N' };
/** The space `n` steps from `k` in direction `d`, on the same Level (vehicles and drones; here so that the vehicle data checks at load can use it whatever the import order). */
export const step = (k: string, d: Dir, n = 1): string => { const [x, y, z] = parseKey(k); return cellKey(x + VEC[d][0] * n, y + VEC[d][1] * n, z); };
export const back = (d: Dir): Dir => RIGHT[RIGHT[d]];

export function cellOf(m: CompiledMap, key: string): Cell { return m.cells[key]; }
export const parseKey = (k: string): [number, number, number] => k.split(',').map(Number) as [number, number, number];
export function floor(m: CompiledMap, x: number, y: number, z: number): boolean { return !!m.cells[cellKey(x, y, z)]; }
/** Inside: another Level lies above (spec §2.1.1). */
export function inside(m: CompiledMap, c: Cell): boolean { return floor(m, c.x, c.y, c.z + 1); }
export function topFloorAtOrBelow(m: CompiledMap, x: number, y: number, z: number): number | null {
  for (let h = z; h >= 1; h--) if (floor(m, x, y, h)) return h;
  return null;
}
export function area(m: CompiledMap, c: Cell): string { return inside(m, c) ? `in:${c.tile}:${c.z}` : 'out'; }

/** The Inside Areas locked to `u` by standing OMs (the sample Event's force fields, rules/targetable.ts). */
export function lockedRooms(s: S, u: Unit): string[] { return s.oms.flatMap((o) => (o.lock && o.lock.side === u.side ? [o.lock.room] : [])); }
/** Whether a step from `from` to `to` leaves or enters one of `rooms` (doors and stairs alike). */
export function crossesLock(m: CompiledMap, rooms: string[], from: string, to: string): boolean {
  if (!rooms.length || !m.cells[from] || !m.cells[to]) return false;
  const a = area(m, m.cells[from]); const b = area(m, m.cells[to]);
  return a !== b && (rooms.includes(a) || rooms.includes(b));
}

/** Chebyshev distance on the horizontal grid; Levels ignored (spec §2.1.5). */
export function distance(a: string, b: string): number {
  const [ax, ay] = parseKey(a); const [bx, by] = parseKey(b);
  return Math.max(Math.abs(ax - bx), Math.abs(ay - by));
}

// ---------------------------------------------------------------- steps

const EDGE_COST = { clear: 1, opening: 1, obstacle: 3, wall: Infinity } as const;
const CORNER_COST = { clear: 1, obstacle: 3, cover: Infinity, solid: Infinity } as const;

/** Terrain cost of a horizontal step on Level z from (x,y) to (x2,y2), whether or not (x2,y2) has a floor there. */
export function terrainCost(m: CompiledMap, z: number, x: number, y: number, x2: number, y2: number): number {
  const dx = x2 - x; const dy = y2 - y;
  if (dx === 0 || dy === 0) return EDGE_COST[m.edges[edgeKey(z, [x, y], [x2, y2])] ?? 'clear'];
  const wall = (a: [number, number], b: [number, number]) => m.edges[edgeKey(z, a, b)] === 'wall';
  // Walled off from both cells beside the diagonal: no squeezing round a building corner.
  if ((wall([x, y], [x2, y]) && wall([x, y], [x, y2])) || (wall([x2, y2], [x2, y]) && wall([x2, y2], [x, y2]))) return Infinity;
  return CORNER_COST[m.corners[cornerKey(z, Math.max(x, x2), Math.max(y, y2))] ?? 'clear'];
}

export interface StepEdge { to: string; cost: number; fall: number }
const STEP_CACHE = new Map<CompiledMap, Record<string, StepEdge[]>>();

/** Static steps from every space: same-Level neighbours, Stairs, stepping off a Level (Controlled Fall, spec §2.1.3). */
export function steps(m: CompiledMap): Record<string, StepEdge[]> {
  let out = STEP_CACHE.get(m);
  if (out) return out;
  out = {};
  for (const c of Object.values(m.cells).sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const list: StepEdge[] = [];
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      if (!dx && !dy) continue;
      const x2 = c.x + dx; const y2 = c.y + dy;
      if (x2 < 0 || y2 < 0 || x2 >= m.width || y2 >= m.height) continue;
      const cost = terrainCost(m, c.z, c.x, c.y, x2, y2);
      if (cost === Infinity) continue;
      if (floor(m, x2, y2, c.z)) { list.push({ to: cellKey(x2, y2, c.z), cost, fall: 0 }); continue; }
      // A floor above blocks (that is a wall of a higher building): only open air lets you step off.
      if (floor(m, x2, y2, c.z + 1)) continue;
      const land = topFloorAtOrBelow(m, x2, y2, c.z - 1);
      if (land !== null) list.push({ to: cellKey(x2, y2, land), cost, fall: c.z - land });
    }
    for (const dz of [1, -1]) {
      const k = cellKey(c.x, c.y, c.z + dz);
      if (c.stairs && m.cells[k]?.stairs) list.push({ to: k, cost: 1, fall: 0 });
    }
    list.sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
    out[c.key] = list;
  }
  STEP_CACHE.set(m, out);
  return out;
}

/** The movement graph (mech/graph) of the map: which spaces a step links, whatever it costs. */
export function moveGraph(m: CompiledMap): Graph {
  const st = steps(m);
  return buildGraph(Object.keys(m.cells), Object.entries(st).flatMap(([a, l]) => l.map((e) => [a, e.to] as [string, string])));
}

/** Spaces in the Zone of Control of `side`'s enemies: the 8 spaces round each enemy on its Level (spec §2.1.3). */
export function enemyZoc(s: S, side: Side): Set<string> {
  const z = new Set<string>();
  for (const u of Object.values(s.units)) if (u.at && u.side !== side) unitZoc(u, z);
  return z;
}

/** The Zone of Control of one unit (added to `z`): the 8 spaces round it, round its whole footprint for a Large Unit (spec 7.2.6 [P]). */
export function unitZoc(u: Unit, z = new Set<string>()): Set<string> {
  for (const k of footprint(u)) {
    const [x, y, h] = parseKey(k);
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) if (dx || dy) z.add(cellKey(x + dx, y + dy, h));
  }
  return z;
}

export interface Reach { cost: number; prev: string | null }

/**
 * Cheapest costs from the unit's space (or from a map edge when it enters, spec §7.2.7) within
 * `budget` MP: enemy spaces never entered, friendly ones crossed but not ended in, ZoC-to-ZoC
 * steps cost 3 (not added to obstacles). Ties keep the first path found in key order.
 */
export function reach(s: S, u: Unit, budget: number, fromEdge: string | null = null): Map<string, Reach> {
  const all = reachAll(s, u, budget, fromEdge);
  const occ = unitAt(s);
  const out = new Map<string, Reach>();
  // Friendly spaces may be crossed, not ended in.
  for (const [k, r] of all) if (k !== u.at && footprintAt(u, k).every((c) => !occ.get(c) || occ.get(c) === u)) out.set(k, r);
  return out;
}

/** The path to `to` in a reachAll map (start first). */
export function pathTo(all: Map<string, Reach>, to: string): string[] {
  const path: string[] = [];
  let k: string | null = to;
  while (k) { path.unshift(k); k = all.get(k)?.prev ?? null; }
  return path;
}

/**
 * Cheapest costs from the unit's space (or from a map edge when it enters, spec 7.2.7) within
 * `budget` MP: enemy spaces never entered, ZoC-to-ZoC steps cost 3 (not added to obstacles;
 * ZoC ignored on entry). Ties keep the first path found in key order.
 */
/** Spaces a unit may move to with the MP an Action left it (an Instant's, a delayed Action's): none when Downed or off the map. */
export function movesWithMp(s: S, unitId: string, mp: number | undefined): string[] {
  const u = s.units[unitId];
  if (!mp || !u?.at || u.downed) return [];
  return [...reach(s, u, mp).keys()].sort();
}

export function reachAll(s: S, u: Unit, budget: number, fromEdge: string | null = null): Map<string, Reach> {
  if (isLarge(u)) return largeReach(s, u, budget);
  const m = map(s);
  const st = steps(m);
  const occ = unitAt(s);
  const zoc = enemyZoc(s, u.side);
  const best = new Map<string, Reach>();
  const open: [number, string][] = [];
  const push = (k: string, cost: number, prev: string | null) => {
    const b = best.get(k);
    if (cost > budget || (b && b.cost <= cost)) return;
    best.set(k, { cost, prev });
    open.push([cost, k]);
  };
  const rooms = lockedRooms(s, u);
  if (u.at) push(u.at, 0, null);
  else if (fromEdge) for (const k of m.entry[fromEdge] ?? []) { const o = occ.get(k); if (!o || o.side === u.side) push(k, 1, null); }
  while (open.length) {
    open.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
    const [cost, k] = open.shift()!;
    if (best.get(k)!.cost !== cost) continue;
    for (const e of st[k]) {
      const o = occ.get(e.to);
      if ((o && o.side !== u.side) || crossesLock(m, rooms, k, e.to)) continue;
      push(e.to, cost + (zoc.has(k) && zoc.has(e.to) ? Math.max(e.cost, 3) : e.cost), k);
    }
  }
  return best;
}

/**
 * Jump landings (spec §7.2.3, simplified): up to `spaces` column steps at altitude
 * A = z + up, each 1 MP; every column crossed has its top floor at or below A; the unit lands
 * on the top floor of the last column, which must be Outside and free. Walls on Level A block.
 */
export function jumpLandings(s: S, u: Unit, jump: { up: number; spaces: number }, mp: number): Map<string, number> {
  const out = new Map<string, number>();
  // A Large Unit stays on its Level: no Jump (spec 7.2.6 [P]).
  if (!u.at || isLarge(u)) return out;
  const m = map(s);
  const [x0, y0, z0] = parseKey(u.at);
  const A = z0 + jump.up;
  const occ = unitAt(s);
  const top = (x: number, y: number) => topFloorAtOrBelow(m, x, y, 9);
  const seen = new Map<string, number>([[`${x0},${y0}`, 0]]);
  let frontier: [number, number][] = [[x0, y0]];
  for (let d = 1; d <= Math.min(jump.spaces, mp); d++) {
    const next: [number, number][] = [];
    for (const [x, y] of frontier) for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      const x2 = x + dx; const y2 = y + dy; const k = `${x2},${y2}`;
      if ((!dx && !dy) || seen.has(k) || x2 < 0 || y2 < 0 || x2 >= m.width || y2 >= m.height) continue;
      const t = top(x2, y2);
      if (t === null || t > A) continue;
      if (terrainCost(m, A, x, y, x2, y2) === Infinity && (floor(m, x, y, A) || floor(m, x2, y2, A))) continue;
      seen.set(k, d);
      next.push([x2, y2]);
      const land = cellKey(x2, y2, t);
      if (!occ.get(land) && !crossesLock(m, lockedRooms(s, u), u.at, land)) out.set(land, d);
    }
    frontier = next;
  }
  return out;
}

// ---------------------------------------------------------------- front, flank

/** (forward, lateral) of `to` seen from `from` facing `f`. */
function frame(from: string, to: string, f: Dir): [number, number] {
  const [ax, ay] = parseKey(from); const [bx, by] = parseKey(to);
  const [vx, vy] = VEC[f];
  const dx = bx - ax; const dy = by - ay;
  return [dx * vx + dy * vy, dx * -vy + dy * vx];
}
/** Front: every space ahead, plus the two spaces directly left and right (spec §2.1.4 [P]). */
export function inFront(from: string, f: Dir, to: string): boolean {
  const [fw, lat] = frame(from, to, f);
  return fw >= 1 || (fw === 0 && Math.abs(lat) === 1);
}
export function inFlank(from: string, f: Dir, to: string): boolean { return !inFront(from, f, to) && parseKey(from).slice(0, 2).join() !== parseKey(to).slice(0, 2).join(); }
/** The facing that puts `to` most squarely ahead (ties N, E, S, W). Free facing change before an Action (L493). */
export function faceToward(from: string, to: string): Dir | null {
  let best: Dir | null = null; let bf = 0;
  for (const d of DIRS) { const [fw] = frame(from, to, d); if (fw > bf) { bf = fw; best = d; } }
  if (!best) for (const d of DIRS) if (inFront(from, d, to)) return d;
  return best;
}

// ---------------------------------------------------------------- line of sight

type P = [number, number];
const cross = (o: P, a: P, b: P) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const sgn = (x: number) => (x > 0 ? 1 : x < 0 ? -1 : 0);
const onSeg = (p: P, a: P, b: P) => cross(a, b, p) === 0 && Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
const eq = (a: P, b: P) => a[0] === b[0] && a[1] === b[1];
function properCross(p: P, q: P, a: P, b: P): boolean {
  return sgn(cross(p, q, a)) * sgn(cross(p, q, b)) < 0 && sgn(cross(a, b, p)) * sgn(cross(a, b, q)) < 0;
}
function touches(p: P, q: P, a: P, b: P): boolean {
  return properCross(p, q, a, b) || onSeg(a, p, q) || onSeg(b, p, q) || onSeg(p, a, b) || onSeg(q, a, b);
}
function latticeOn(p: P, q: P): P[] {
  const dx = q[0] - p[0]; const dy = q[1] - p[1];
  const g = gcd(Math.abs(dx), Math.abs(dy));
  const out: P[] = [];
  for (let k = 1; k < g; k++) out.push([p[0] + (dx / g) * k, p[1] + (dy / g) * k]);
  return out;
}
function gcd(a: number, b: number): number { return b ? gcd(b, a % b) : a || 1; }
function edgeSeg(k: string): { z: number; seg: [P, P] } {
  const [zs, rest] = k.split(':');
  const [a, b] = rest.split('|').map((t) => t.split(',').map(Number) as P);
  const z = Number(zs);
  if (a[1] === b[1]) { const x = Math.max(a[0], b[0]); return { z, seg: [[x, a[1]], [x, a[1] + 1]] }; }
  const y = Math.max(a[1], b[1]);
  return { z, seg: [[a[0], y], [a[0] + 1, y]] };
}

interface Segs { walls: Record<number, [P, P][]>; openings: Record<number, [P, P][]> }
const SEGS = new Map<CompiledMap, Segs>();
function segs(m: CompiledMap): Segs {
  let r = SEGS.get(m);
  if (r) return r;
  r = { walls: {}, openings: {} };
  for (const [k, t] of Object.entries(m.edges)) {
    if (t !== 'wall' && t !== 'opening') continue;
    const { z, seg } = edgeSeg(k);
    const bag = t === 'wall' ? r.walls : r.openings;
    (bag[z] ??= []).push(seg);
  }
  SEGS.set(m, r);
  return r;
}
const corners = (c: Cell): P[] => [[c.x, c.y], [c.x + 1, c.y], [c.x, c.y + 1], [c.x + 1, c.y + 1]];
const d2 = (a: P, b: P) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;
const cornerType = (m: CompiledMap, z: number, p: P) => m.corners[cornerKey(z, p[0], p[1])] ?? 'clear';

/** Same-Level test of one corner pair (spec §2.1.6 [P]). */
function sameLevelClear(m: CompiledMap, a: Cell, b: Cell, p: P, q: P): boolean {
  const z = a.z;
  const sg = segs(m);
  for (const [w1, w2] of sg.walls[z] ?? []) if (properCross(p, q, w1, w2)) return false;
  for (const pt of latticeOn(p, q)) if (cornerType(m, z, pt) === 'solid') return false;
  const coverEnd = (pt: P) => cornerType(m, z, pt) === 'cover';
  for (const [o1, o2] of sg.openings[z] ?? []) {
    if (!touches(p, q, o1, o2)) continue;
    // Only a touch at the attacker's or target's own Cover dot of that Opening is allowed.
    const only = [p, q].find((e) => (eq(e, o1) || eq(e, o2)) && coverEnd(e));
    const collinear = cross(p, q, o1) === 0 && cross(p, q, o2) === 0;
    if (!only || collinear || properCross(p, q, o1, o2)) return false;
  }
  if (area(m, a) !== area(m, b) && !coverEnd(p) && !coverEnd(q)) return false;
  return true;
}

/** Different Levels: the plateau effect, floors in between, roofs over the lower space (spec §2.1.6 [P]). */
function crossLevelClear(m: CompiledMap, hi: Cell, lo: Cell, p: P, q: P): boolean {
  const zH = hi.z; const zL = lo.z;
  // Plateau: the line must leave the higher Level at once (no length over its other floor cells).
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  const n = Math.max(2, Math.ceil(len * 16));
  for (let i = 1; i < n; i++) {
    const x = p[0] + ((q[0] - p[0]) * i) / n; const y = p[1] + ((q[1] - p[1]) * i) / n;
    if (x >= hi.x && x <= hi.x + 1 && y >= hi.y && y <= hi.y + 1) continue;
    if (pointOverFloor(m, x, y, zH)) return false;
  }
  for (let h = zL + 1; h < zH; h++) {
    const t = (zH - h) / (zH - zL);
    const x = p[0] + t * (q[0] - p[0]); const y = p[1] + t * (q[1] - p[1]);
    if (pointOverFloor(m, x, y, h)) return false;
  }
  if (inside(m, hi) && cornerType(m, zH, p) !== 'cover') return false;
  if (inside(m, lo) && cornerType(m, zL, q) !== 'cover') return false;
  return !underRoof(m, hi, lo, p, q) && !throughWall(m, zH, zL, p, q);
}

/** Height of the 3D line at 2D parameter t: from the higher floor (t = 0) down to the lower one (t = 1). */
const heightAt = (zH: number, zL: number, t: number) => zH - t * (zH - zL);

/**
 * Between the Levels the line must not pass beneath a floor or roof: a point at a height between
 * h and h+1 lying over a floor of Level h+1 is inside that building (spec §2.1.6 [P], "passes
 * beneath a floor cell"); the end spaces themselves are judged by the Inside/Cover rule above.
 */
function underRoof(m: CompiledMap, hi: Cell, lo: Cell, p: P, q: P): boolean {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  const n = Math.max(2, Math.ceil(len * 16));
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const z = heightAt(hi.z, lo.z, t);
    if (Number.isInteger(z)) continue;
    const x = p[0] + (q[0] - p[0]) * t; const y = p[1] + (q[1] - p[1]) * t;
    if ([hi, lo].some((c) => x >= c.x && x <= c.x + 1 && y >= c.y && y <= c.y + 1)) continue;
    if (pointOverFloor(m, x, y, Math.floor(z) + 1)) return true;
  }
  return false;
}

/**
 * Walls between Levels: a wall of Level h is a strip from height h to h+1; the line is blocked
 * where it crosses one (or a solid dot of a wall run) at a height inside the strip (spec §2.1.6 [P]).
 * Openings count as walls here: a line through a door or window is only allowed from or to its
 * Cover dot, which the ends' Inside/Cover rule already judges.
 */
function throughWall(m: CompiledMap, zH: number, zL: number, p: P, q: P): boolean {
  const sg = segs(m);
  for (let h = zL; h < zH; h++) {
    const inStrip = (t: number) => { const z = heightAt(zH, zL, t); return z > h && z < h + 1; };
    for (const [a, b] of [...(sg.walls[h] ?? []), ...(sg.openings[h] ?? [])]) {
      if (!properCross(p, q, a, b)) continue;
      const fp = cross(a, b, p); const fq = cross(a, b, q);
      if (inStrip(fp / (fp - fq))) return true;
    }
    for (const pt of latticeOn(p, q)) {
      if (cornerType(m, h, pt) !== 'solid') continue;
      const t = Math.abs(q[0] - p[0]) > 0 ? (pt[0] - p[0]) / (q[0] - p[0]) : (pt[1] - p[1]) / (q[1] - p[1]);
      if (inStrip(t)) return true;
    }
  }
  return false;
}
function pointOverFloor(m: CompiledMap, x: number, y: number, h: number): boolean {
  const xs = Number.isInteger(x) ? [x - 1, x] : [Math.floor(x)];
  const ys = Number.isInteger(y) ? [y - 1, y] : [Math.floor(y)];
  return xs.every((cx) => ys.every((cy) => floor(m, cx, cy, h)));
}
/** Whether the open segment pq has positive length inside the open unit square at (x,y). */
export function segmentThroughSquare(p: P, q: P, x: number, y: number): boolean {
  let t0 = 0; let t1 = 1;
  const dx = q[0] - p[0]; const dy = q[1] - p[1];
  const clip = (den: number, num: number) => {
    if (den === 0) return num > 0;
    const t = num / den;
    if (den > 0) { if (t < t1) t1 = t; } else if (t > t0) t0 = t;
    return true;
  };
  if (!clip(-dx, p[0] - x) || !clip(dx, x + 1 - p[0]) || !clip(-dy, p[1] - y) || !clip(dy, y + 1 - p[1])) return false;
  if (t1 - t0 <= 1e-9) return false;
  const tm = (t0 + t1) / 2;
  const mx = p[0] + tm * dx; const my = p[1] + tm * dy;
  return mx > x && mx < x + 1 && my > y && my < y + 1;
}

export type LosResult = { ok: true; protection: boolean } | { ok: false; reason: 'no_line' };
const LOS_CACHE = new Map<CompiledMap, Map<string, LosResult>>();

/**
 * LOS between two spaces: the corner pairs closest to each other; LOS if any is clear, the
 * attacker picking an unprotected one when it can. Protection: the target's end is an
 * Obstacle or Cover dot (spec §2.1.6, §7.3.5). Only buildings block; units do not.
 */
export function los(m: CompiledMap, from: string, to: string): LosResult {
  let cache = LOS_CACHE.get(m);
  if (!cache) { cache = new Map(); LOS_CACHE.set(m, cache); }
  const key = `${from}|${to}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const a = m.cells[from]; const b = m.cells[to];
  const ca = corners(a); const cb = corners(b);
  let min = Infinity;
  for (const p of ca) for (const q of cb) min = Math.min(min, d2(p, q));
  let res: LosResult = { ok: false, reason: 'no_line' };
  for (const p of ca) for (const q of cb) {
    if (d2(p, q) !== min) continue;
    let clear: boolean;
    if (a.z === b.z) clear = sameLevelClear(m, a, b, p, q);
    else if (a.z > b.z) clear = crossLevelClear(m, a, b, p, q);
    else clear = crossLevelClear(m, b, a, q, p);
    if (!clear) continue;
    const t = cornerType(m, b.z, q);
    const protection = t === 'obstacle' || t === 'cover';
    if (!res.ok || (res.protection && !protection)) res = { ok: true, protection };
  }
  cache.set(key, res);
  return res;
}

// ---------------------------------------------------------------- Large Units

/**
 * A Large Unit's step (spec 7.2.6, L1917-1923): the 2×2 block moves one space orthogonally (2 new
 * spaces) or diagonally (3 new spaces), on its Level, onto Outside spaces only, for 1 MP whatever
 * the Obstacles, Cover dots or ZoC. [P] Walls and solid corners still stop it (no space is entered
 * through a building's wall), and each of its four spaces must be able to make the same step.
 */
export function largeStep(m: CompiledMap, at: string, dx: number, dy: number): string | null {
  const [x, y, z] = parseKey(at);
  const to = cellKey(x + dx, y + dy, z);
  for (const [cx, cy] of [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]]) {
    const nx = cx + dx; const ny = cy + dy;
    const c = m.cells[cellKey(nx, ny, z)];
    if (!c || inside(m, c)) return null;
    if (dx === 0 || dy === 0) { if (m.edges[edgeKey(z, [cx, cy], [nx, ny])] === 'wall') return null; continue; }
    const wall = (a: [number, number], b: [number, number]) => m.edges[edgeKey(z, a, b)] === 'wall';
    if (wall([cx, cy], [nx, cy]) || wall([cx, cy], [cx, ny]) || wall([nx, ny], [nx, cy]) || wall([nx, ny], [cx, ny])) return null;
    if (m.corners[cornerKey(z, Math.max(cx, nx), Math.max(cy, ny))] === 'solid') return null;
  }
  return to;
}

/** Whether a Large Unit may stand with its north-west space on `at`: four Outside spaces of one Level (L1921). */
export function largeFits(m: CompiledMap, at: string): boolean {
  const [x, y, z] = parseKey(at);
  return [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]].every(([cx, cy]) => { const c = m.cells[cellKey(cx, cy, z)]; return !!c && !inside(m, c); });
}

/** Reach of a Large Unit: 1 MP a step (L1923), never through an enemy; friends crossed, not ended on (the end is checked by reach). */
function largeReach(s: S, u: Unit, budget: number): Map<string, Reach> {
  const best = new Map<string, Reach>();
  if (!u.at) return best;
  const m = map(s);
  const occ = unitAt(s);
  best.set(u.at, { cost: 0, prev: null });
  let frontier = [u.at];
  for (let cost = 1; cost <= budget && frontier.length; cost++) {
    const next: string[] = [];
    for (const k of frontier) for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      if (!dx && !dy) continue;
      const to = largeStep(m, k, dx, dy);
      if (!to || best.has(to)) continue;
      if (footprintAt(u, to).some((c) => { const o = occ.get(c); return o && o !== u && o.side !== u.side; })) continue;
      best.set(to, { cost, prev: k });
      next.push(to);
    }
    frontier = next.sort();
  }
  return best;
}

/** The space of `u` nearest to `to` (a Large Unit's footprint, spec 2.1.5 [P] A-27): least distance, then one with LOS, then key order. */
export function nearestCell(m: CompiledMap, u: Unit, to: string): string {
  const cells = footprint(u);
  if (cells.length <= 1) return u.at!;
  const d = Math.min(...cells.map((k) => distance(k, to)));
  const near = cells.filter((k) => distance(k, to) === d).sort();
  return near.find((k) => k === to || los(m, k, to).ok) ?? near[0];
}
