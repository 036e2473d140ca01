// Buildings (§3.2 item 3, S p.13): a terrain feature with `openings` (door or window segments on
// its outline) is a building figures may stand in. Figures inside see and are seen only through
// openings; a segment between inside and outside is clear of the building only where it meets an
// opening [P]. A building may have a floor plan: `rooms` partitioning its interior and
// `interiorOpenings` on the walls between them. Figures in the same room see each other (with no
// floor plan, the same building); a segment passing from one room to another is clear only where
// it meets an interior opening on the wall between them [P, the outline's reading]. Entering or
// leaving, or going from room to room, crosses a wall only at an opening: a window or a barred or
// locked door is a man-high obstacle (3"), an open door costs nothing extra. At most 2 small-arms
// figures or 1 support weapon fire through one opening, interior ones too; which firers use which
// opening is assigned support weapons first, then in the squad's figure order, each to the first
// way out its line of fire takes that still has room [P: the book gives no choice].
// Collapse (troops inside treated as in a destroyed transport) is in collapse.ts: a demolition that destroys the building.
import {
  inside, overlapArea, piecewise, polygonArea, segmentMeetsPolyline, segmentOnBoundary, segmentsMeet, type Pt,
} from '../../../engine/mech/geom2d.js';
import type { Feature, Figure } from '../state.js';

export interface Opening { a: Pt; b: Pt; kind: 'door' | 'window'; barred?: boolean }
export interface Room { id: string; points: Pt[] }

export const isBuilding = (f: Feature): boolean => !!f.openings && (f.kind === 'area' || f.kind === 'structure');

const outline = (f: Feature): Pt[] => [...f.points, f.points[0]];

/** The openings of building `f` the segment o→t meets. */
export function openingsMet(f: Feature, o: Pt, t: Pt): number[] {
  const out: number[] = [];
  (f.openings ?? []).forEach((op, i) => { if (segmentsMeet(o, t, op.a, op.b)) out.push(i); });
  return out;
}

/** The room of building `f` a point stands in (on a wall between two, the first listed), or null. */
export function roomOf(f: Feature, p: Pt): string | null {
  return f.rooms?.find((r) => inside(p, r.points))?.id ?? null;
}

/** Two points in the same room of building `f`, or both inside it when it has no floor plan. */
export function sameRoom(f: Feature, p: Pt, q: Pt): boolean {
  if (!inside(p, f.points) || !inside(q, f.points)) return false;
  return !f.rooms || roomOf(f, p) === roomOf(f, q);
}

/** Where a point stands ([P] §3.2 item 3: units inside are identified by room, or by building with no floor plan). */
export function placeOf(terrain: Feature[], p: Pt): { building: string; room?: string } | null {
  const b = terrain.find((f) => isBuilding(f) && inside(p, f.points));
  if (!b) return null;
  const room = roomOf(b, p);
  return room ? { building: b.id, room } : { building: b.id };
}

/** A place for the players: "relay-station" or "relay-station, room hall". */
export const placeLabel = (p: { building: string; room?: string }): string => (p.room ? `${p.building}, room ${p.room}` : p.building);

/** The interior openings of `f` on the wall between rooms r1 and r2. */
function doorsBetween(f: Feature, r1: string, r2: string): number[] {
  const a = f.rooms!.find((r) => r.id === r1)!, b = f.rooms!.find((r) => r.id === r2)!;
  const out: number[] = [];
  (f.interiorOpenings ?? []).forEach((op, i) => { if (segmentOnBoundary(op.a, op.b, a.points) && segmentOnBoundary(op.a, op.b, b.points)) out.push(i); });
  return out;
}

/**
 * The interior openings the segment o→t passes going from room to room of building `f`, or null when
 * it crosses a wall between two rooms elsewhere. The rooms along it come from its pieces strictly
 * inside one room (pieces along a wall have none; a piece outside the building starts afresh, the
 * outline being the outer openings' business), with each end's own room.
 */
export function interiorMet(f: Feature, o: Pt, t: Pt): number[] | null {
  const rooms = f.rooms;
  if (!rooms) return [];
  const seq: (string | null)[] = [roomOf(f, o)];
  for (const piece of piecewise(o, t, [f.points, ...rooms.map((r) => r.points)])) {
    const rs = piece.within.filter((k) => k > 0);
    if (rs.length === 1) seq.push(rooms[rs[0] - 1].id);
    else if (!piece.within.includes(0)) seq.push(null);
  }
  seq.push(roomOf(f, t));
  const out: number[] = [];
  for (let i = 0; i + 1 < seq.length; i++) {
    const r1 = seq[i], r2 = seq[i + 1];
    if (!r1 || !r2 || r1 === r2) continue;
    const met = doorsBetween(f, r1, r2).filter((k) => segmentsMeet(o, t, f.interiorOpenings![k].a, f.interiorOpenings![k].b));
    if (!met.length) return null;
    out.push(...met.filter((k) => !out.includes(k)));
  }
  return out;
}

/**
 * Whether building `f` blocks the segment o→t (§3.2 item 3): both inside, clear in the same room
 * (the same building with no floor plan), else only through interior openings; one inside, clear
 * only through an opening (and the interior ones on its way); both outside, blocked when it
 * crosses the interior (the caller's test).
 */
export function buildingBlocks(f: Feature, o: Pt, t: Pt, crossesInside: boolean): boolean {
  const oi = inside(o, f.points), ti = inside(t, f.points);
  if (oi && ti) return !sameRoom(f, o, t) && interiorMet(f, o, t) === null;
  if (oi || ti) return openingsMet(f, o, t).length === 0 || interiorMet(f, o, t) === null;
  return crossesInside;
}

const obstacle = (op: Opening): number => (op.kind === 'window' || op.barred ? 300 : 0);

/** The extra movement cost of a path leg crossing a building's outline or inner walls, or null when it crosses a wall. */
export function buildingCrossing(f: Feature, a: Pt, b: Pt): number | null {
  let cost = 0;
  if (segmentMeetsPolyline(a, b, outline(f))) {
    const met = openingsMet(f, a, b);
    if (!met.length) return null;
    for (const i of met) cost += obstacle(f.openings![i]);
  }
  const inner = interiorMet(f, a, b);
  if (inner === null) return null;
  // As with the outline, a leg may not end on or touch an inner wall except at an interior opening.
  if (innerWalls(f).some(([c, d]) => segmentsMeet(a, b, c, d)) && !(f.interiorOpenings ?? []).some((op) => segmentsMeet(a, b, op.a, op.b))) return null;
  for (const i of inner) cost += obstacle(f.interiorOpenings![i]);
  return cost;
}

const wallCache = new WeakMap<Feature, [Pt, Pt][]>();
/** The walls between rooms: the rooms' edges not along the outline. */
export function innerWalls(f: Feature): [Pt, Pt][] {
  let w = wallCache.get(f);
  if (!w) {
    w = [];
    for (const r of f.rooms ?? []) r.points.forEach((c, i) => { const d = r.points[(i + 1) % r.points.length]; if (!segmentOnBoundary(c, d, f.points)) w!.push([c, d]); });
    wallCache.set(f, w);
  }
  return w;
}

/**
 * The ways a clear segment o→t from inside building `f` goes out of its room: each one outer
 * opening it meets plus every interior opening it passes (keys `o:i`, `i:i`); [[]] when it needs none.
 */
export function openingRoutes(f: Feature, o: Pt, t: Pt): string[][] {
  const inner = (interiorMet(f, o, t) ?? []).map((i) => `i:${i}`);
  const outer = openingsMet(f, o, t);
  return outer.length ? outer.map((i) => [`o:${i}`, ...inner]) : [inner];
}

const keyOrder = (k: string): number => (k[0] === 'o' ? 0 : 100_000) + Number(k.slice(2));
function routeOrder(x: string[], y: string[]): number {
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return keyOrder(x[i]) - keyOrder(y[i]);
  return x.length - y.length;
}

/**
 * The firers of a volley that may fire, given the firing limit per opening (§3.2 item 3): a figure
 * inside a building fires only along a way out of its room its line of fire takes (`through(f, b)`
 * lists, per building, the openings of each clear line to a target, from openingRoutes), 2
 * small-arms figures or 1 support weapon per opening, outer or interior. Figures outside buildings
 * are unaffected.
 */
export function openingLimit(terrain: Feature[], firers: Figure[], through: (f: Figure, b: Feature) => string[][]): Figure[] {
  const used = new Map<string, number>();
  const out: Figure[] = [];
  // Support weapons take their openings first [P], then small arms, each in the squad's figure order.
  for (const f of [...firers.filter((x) => x.support), ...firers.filter((x) => !x.support)]) {
    const b = terrain.find((x) => isBuilding(x) && inside(f.at, x.points));
    if (!b) { out.push(f); continue; }
    const need = f.support ? 2 : 1;
    const ways = through(f, b).sort(routeOrder);
    const room = (k: string) => (used.get(`${b.id}#${k}`) ?? 0) + need <= 2;
    // A target in the same room is fired at without an opening.
    const way = ways.find((w) => w.every(room));
    if (!way) continue;
    for (const k of way) used.set(`${b.id}#${k}`, (used.get(`${b.id}#${k}`) ?? 0) + need);
    out.push(f);
  }
  return firers.filter((f) => out.includes(f));
}

/**
 * What is wrong with a building's floor plan, or null (checked at load): rooms only in a building,
 * at least two, ids distinct, each inside the outline, none overlapping, together the whole
 * interior; each interior opening on the wall shared by two rooms.
 */
export function floorPlanProblem(f: Feature): string | null {
  const rooms = f.rooms;
  if (!rooms) return f.interiorOpenings ? `${f.id}: interiorOpenings without rooms` : null;
  if (!isBuilding(f)) return `${f.id}: rooms on a feature that is not a building (a building has openings)`;
  if (rooms.length < 2) return `${f.id}: a floor plan has at least two rooms`;
  const ids = new Set(rooms.map((r) => r.id));
  if (ids.size !== rooms.length) return `${f.id}: room ids repeat`;
  // The library's intersection throws on a polygon it cannot read (edges crossing themselves).
  const shared = (a: Pt[], b: Pt[]): number | null => { try { return overlapArea(a, b); } catch { return null; } };
  let total = 0;
  for (const r of rooms) {
    const a = polygonArea(r.points);
    if (a === 0) return `${f.id}: room ${r.id} has no area`;
    const o = shared(r.points, f.points);
    if (o === null) return `${f.id}: room ${r.id} is not a simple polygon`;
    if (o !== a) return `${f.id}: room ${r.id} is not inside the building's outline`;
    total += a;
  }
  for (let i = 0; i < rooms.length; i++) for (let j = i + 1; j < rooms.length; j++) {
    if ((shared(rooms[i].points, rooms[j].points) ?? 1) > 0) return `${f.id}: rooms ${rooms[i].id} and ${rooms[j].id} overlap`;
  }
  if (total !== polygonArea(f.points)) return `${f.id}: the rooms do not fill the building (${total} of ${polygonArea(f.points)} square hundredths)`;
  for (const [i, op] of (f.interiorOpenings ?? []).entries()) {
    if (rooms.filter((r) => segmentOnBoundary(op.a, op.b, r.points)).length < 2) return `${f.id}: interior opening ${i} is not on a wall between two rooms`;
  }
  return null;
}
