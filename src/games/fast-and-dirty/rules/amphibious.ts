// Water and roads for vehicles (§2.5, §6.3, checklist #77) and the Amphibious property (§2.5,
// checklist #89): a water area is impassable to infantry and to every vehicle but Hover (Cautious
// speed) and Amphibious ones (Cautious speed, each inch in water costs 2: "half Cautious speed");
// an Amphibious vehicle whose hull centre is in water fires at −3 FE with Turret and External
// mounts only. A road area costs Wheeled vehicles 1:1 (2:1 off-road) and its ground is open to
// vehicles [P] (a road through woods may be driven).
import { inside, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, type VehicleWeapon } from '../content.js';
import type { S, Unit } from '../state.js';

const def = (u: Unit) => CONTENT.vehicles[u.vehicle!.type];
export const amphibious = (u: Unit): boolean => !!def(u).properties?.includes('amphibious');
/** Hover and Amphibious vehicles may enter water (§2.5). */
export const swims = (u: Unit): boolean => def(u).mobility === 'hover' || amphibious(u);

/** The water area a point lies in, or null. */
export function waterAt(s: S, p: Pt): string | null {
  for (const f of s.terrain) if (f.water && (f.kind === 'area' || f.kind === 'structure') && inside(p, f.points)) return f.id;
  return null;
}

/** Whether a point lies on a road area. */
export const onRoad = (s: S, p: Pt): boolean => s.terrain.some((f) => f.road && f.kind === 'area' && inside(p, f.points));

/**
 * The movement cost of a hull-centre path (§2.5, §6.3): its length; Wheel off-road ×2 (1:1 on a
 * road: the length is split every 0.1" by where each step's middle lies); Amphibious in water ×2 on top.
 */
export function pathCostOf(s: S, u: Unit, full: Pt[], len: number): number {
  const wheel = def(u).mobility === 'wheel';
  const swim = amphibious(u);
  let cost = wheel ? 2 * len : len;
  const roads = wheel && s.terrain.some((f) => f.road);
  const water = swim && s.terrain.some((f) => f.water);
  if (!roads && !water) return cost;
  for (let i = 0; i + 1 < full.length; i++) {
    const a = full[i], b = full[i + 1];
    const l = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const n = Math.ceil(l / 10);
    for (let k = 1; k <= n; k++) {
      const t = (k - 0.5) / n;
      const p: Pt = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
      if (roads && onRoad(s, p)) cost -= l / n;
      // Half Cautious speed [P]: each step in water costs twice what it would on land (Wheel: 4).
      if (water && waterAt(s, p)) cost += (wheel ? 2 : 1) * l / n;
    }
  }
  return cost;
}

/** Amphibious in water: only Turret and External mounts fire (§2.5). */
export function waterMountProblem(s: S, u: Unit, m: VehicleWeapon, at: Pt): Violation | null {
  if (!amphibious(u) || (m.mount === 'turret' || m.mount === 'external')) return null;
  const w = waterAt(s, at);
  return w ? violation('in_water', `${u.id} is in the water (${w}): only Turret and External mounts may fire (§2.5 Amphibious)`) : null;
}

/** Amphibious in water: −3 FE on its fire (§2.5). */
export const waterFireMod = (s: S, u: Unit, at: Pt): number => (amphibious(u) && waterAt(s, at) ? -3 : 0);
