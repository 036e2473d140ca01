// Warp vehicles (§2.5, checklist #79): a Warp vehicle traces no path; it is redeployed within its
// range (Cautious 10"), or on a Standard move anywhere on the table.
// [P] readings: the order's path is the one end point; at Cautious speed the hull centre moves at
// most the Cautious allowance in a straight line, whatever lies between; the hull must end on the
// table, on no other footprint and off impassable areas and structures. Fire control reads the
// declared speed: a Standard (anywhere) redeploy uses the Standard column, as the source gives
// Warp no Standard speed to fire at.
import { orientedRect, polygonDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT } from '../content.js';
import type { Action, S, Unit } from '../state.js';

type Drive = Extract<Action, { type: 'drive' }>;

export const isWarp = (u: Unit): boolean => !!u.vehicle && CONTENT.vehicles[u.vehicle.type]?.mobility === 'warp';

/** Why the Warp redeploy is not legal, or null; `overlap` is the vehicles module's footprint check. */
export function warpMoveProblem(s: S, u: Unit, a: Drive, overlap: (poly: Pt[]) => string | null): Violation | null {
  const d = CONTENT.vehicles[u.vehicle!.type];
  if (a.path.length !== 1) return violation('warp_path', 'a Warp vehicle traces no path: give the one end point (§2.5)');
  const from = u.figures[0].at, end = a.path[0];
  if (a.speed === 'cautious') {
    const k = (d.properties?.includes('supercharged') ? 400 : 0) - (d.properties?.includes('underPowered') ? 400 : 0);
    const range = CONTENT.speeds.warp.cautious + k;
    const dist = Math.round(Math.hypot(end[0] - from[0], end[1] - from[1]));
    if (dist > range) return violation('beyond_allowance', `a Cautious Warp redeploys within ${range / 100}": ${dist / 100}" asked (§2.5)`, { cost: dist, allowance: range });
  }
  const poly = orientedRect(end, d.length, d.width, a.heading);
  if (poly.some((c) => c[0] < 0 || c[1] < 0 || c[0] > s.table.w || c[1] > s.table.h)) return violation('off_table', 'the hull would end off the table (§3.2)');
  for (const f of s.terrain) {
    if ((f.kind === 'area' || f.kind === 'structure') && f.move === 'impassable' && polygonDistance(f.points, poly) === 0) return violation('impassable', `the hull would end on impassable terrain (${f.id}) (§3.2)`);
  }
  const o = overlap(poly);
  if (o) return violation('overlap', `the hull would end overlapping ${o} (§3.2)`);
  return null;
}
