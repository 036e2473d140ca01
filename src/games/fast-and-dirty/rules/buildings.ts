// Buildings (§3.2 item 3, S p.13): a terrain feature with `openings` (door or window segments on
// its outline) is a building figures may stand in. Figures inside see and are seen only through
// openings; a segment between inside and outside is clear of the building only where it meets an
// opening [P]; figures in the same building see each other (no floor plans). Entering or leaving
// crosses the outline only at an opening: a window or a barred or locked door is a man-high obstacle
// (3"), an open door costs nothing extra. At most 2 small-arms figures or 1 support weapon fire
// through one opening; which firers use which opening is assigned support weapons first, then in the squad's figure order, each
// to the first opening its line of fire passes that still has room [P: the book gives no choice].
// Collapse (troops inside treated as in a destroyed transport) is in collapse.ts: a demolition that destroys the building.
import { inside, segmentMeetsPolyline, segmentsMeet, type Pt } from '../../../engine/mech/geom2d.js';
import type { Feature, Figure } from '../state.js';

export interface Opening { a: Pt; b: Pt; kind: 'door' | 'window'; barred?: boolean }

export const isBuilding = (f: Feature): boolean => !!f.openings && (f.kind === 'area' || f.kind === 'structure');

const outline = (f: Feature): Pt[] => [...f.points, f.points[0]];

/** The openings of building `f` the segment o→t meets. */
export function openingsMet(f: Feature, o: Pt, t: Pt): number[] {
  const out: number[] = [];
  (f.openings ?? []).forEach((op, i) => { if (segmentsMeet(o, t, op.a, op.b)) out.push(i); });
  return out;
}

/**
 * Whether building `f` blocks the segment o→t (§3.2 item 3): both inside, clear; one inside, clear
 * only through an opening; both outside, blocked when it crosses the interior (the caller's test).
 */
export function buildingBlocks(f: Feature, o: Pt, t: Pt, crossesInside: boolean): boolean {
  const oi = inside(o, f.points), ti = inside(t, f.points);
  if (oi && ti) return false;
  if (oi || ti) return openingsMet(f, o, t).length === 0;
  return crossesInside;
}

/** The extra movement cost of a path leg crossing a building's outline, or null when it crosses a wall. */
export function buildingCrossing(f: Feature, a: Pt, b: Pt): number | null {
  if (!segmentMeetsPolyline(a, b, outline(f))) return 0;
  const met = openingsMet(f, a, b);
  if (!met.length) return null;
  let cost = 0;
  for (const i of met) { const op = f.openings![i]; if (op.kind === 'window' || op.barred) cost += 300; }
  return cost;
}

/**
 * The firers of a volley that may fire, given the firing limit per opening (§3.2 item 3): a figure
 * inside a building fires only through an opening its line of fire meets (`through(f)` lists, per
 * building, the openings of each clear line to a target), 2 small-arms figures or 1 support weapon
 * per opening. Figures outside buildings are unaffected.
 */
export function openingLimit(terrain: Feature[], firers: Figure[], through: (f: Figure, b: Feature) => number[]): Figure[] {
  const used = new Map<string, number>();
  const out: Figure[] = [];
  // Support weapons take their openings first [P], then small arms, each in the squad's figure order.
  for (const f of [...firers.filter((x) => x.support), ...firers.filter((x) => !x.support)]) {
    const b = terrain.find((x) => isBuilding(x) && inside(f.at, x.points));
    if (!b) { out.push(f); continue; }
    const need = f.support ? 2 : 1;
    const ways = through(f, b);
    // A target inside the same building is fired at without an opening.
    if (ways.includes(-1)) { out.push(f); continue; }
    const k = ways.find((i) => (used.get(`${b.id}#${i}`) ?? 0) + need <= 2);
    if (k === undefined) continue;
    used.set(`${b.id}#${k}`, (used.get(`${b.id}#${k}`) ?? 0) + need);
    out.push(f);
  }
  return firers.filter((f) => out.includes(f));
}
