// Vehicles (§2.5, §3.2 "Facing and arcs", §6.3, §6.6, §6.9, §6.11, §7.29): one hull figure per
// vehicle unit, an oriented rectangle at a heading; mobility and speeds; fire control; the
// vehicle-damage procedure (penetration 1D6 + AT against the facing's armour, the results table);
// crew morale, System Kill recovery, immobilization and bogging; infantry assaulting a vehicle.
// Data: data/vehicles.json (provisional).
import {
  bearing, circlePolygonDistance, inside, localFrame, normHeading, orientedRect, pathLength, polygonDistance,
  segmentMeetsPolyline, segmentsMeet, sinCos, toward, type Pt,
} from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, weapon, type VehicleDef, type VehicleSpec, type VehicleWeapon, type WeaponDef } from '../content.js';
import { coverAgainst, crossingCost, segmentBlock } from '../geometry.js';
import { QUALITY_TABLE, inPlay, living, type Action, type CoverClass, type Figure, type S, type Side, type Unit, type VehicleFire, type VehicleVolley } from '../state.js';
import { couldImprove, luckyMay, pauseForLucky, pausedAt, settledRoll } from './lucky.js';
import { branchBonus } from './characters.js';
import { afterCasualties, firerMods, shoot } from './combat.js';
import { autoPlace, disembarkProblem, passengerFate, passengersOf } from './transport.js';
import { rangeX } from './environment.js';
import { Run, successes } from './run.js';
import { bugHunter, markUnderFire } from './traits.js';
import { intercepted } from './pds.js';
import { formationProblem } from './formations.js';
import { isWarp, warpMoveProblem } from './warp.js';
import { afterGravOrder, airborne, gravMoveProblem, isGrav, liftOff, rockUnder, strafingProblem } from './grav.js';
import { amphibious, onRoad, pathCostOf, swims, waterAt, waterFireMod, waterMountProblem } from './amphibious.js';
import { CIDS_MOUNT, clearMines, cybertankHit, jumpProblem, moraleImmune, propertyActions, propertyCandidates, propertyProblem } from './vehicle-properties.js';
import { closeAtWeapon, nerveBonus, tankHunterPenetration } from './tank-hunter.js';
import { iconDestroyed, primitiveFe } from './tech.js';
import { applyHurt } from './wounds.js';
import { checkVehicleMines } from './mines.js';
import { vehicleElusive } from './elusive.js';
import { isSentryId, sentryFireSets, sentryFootprints, sentryWeaponProblem, vehicleAtSentry } from './sentry.js';

type Drive = Extract<Action, { type: 'drive' }>;
export type Facing = 'front' | 'side' | 'rear';

const PER_HIT: Record<CoverClass, number> = { none: 3, soft: 4, hard: 5 };
const BAND_MOD = { base: 2, close: 0, medium: -2, long: -4 } as const;
type Band = keyof typeof BAND_MOD;
const BANDS: Band[] = ['base', 'close', 'medium', 'long'];

export const isVehicle = (u: Unit): boolean => u.kind === 'vehicle' && !!u.vehicle;
export const vdef = (u: Unit): VehicleDef => CONTENT.vehicles[u.vehicle!.type];
const hasProp = (u: Unit, p: NonNullable<VehicleDef['properties']>[number]) => !!vdef(u).properties?.includes(p);
const hullFig = (u: Unit): Figure => u.figures[0];

/** A vehicle unit from its force-list entry: one hull figure (radius half its width, used where a circle is asked for) (§2.5, §3.2). */
export function buildVehicle(spec: VehicleSpec, id: string, side: Side, at: Pt): Unit {
  const d = CONTENT.vehicles[spec.vehicle];
  return {
    id, name: spec.name, side, kind: 'vehicle', quality: spec.quality, resolve: 'steady', strength: 1,
    figures: [{ id: `${id}.1`, at, r: Math.floor(d.width / 2), weapon: d.weapons[0].weapon, armour: 'none', support: false, leader: false, alive: true }],
    activated: false, underFire: false, broken: false, fallingBack: false, out: false,
    vehicle: { type: d.id, heading: spec.heading ?? (side === 0 ? 0 : 18000), status: 'ok', ...(spec.formation ? { formation: spec.formation } : {}) },
  };
}

/** The hull rectangle, where it stands or at a given centre and heading (§3.2). */
export function hull(u: Unit, at?: Pt, heading?: number): Pt[] {
  const d = vdef(u);
  return orientedRect(at ?? hullFig(u).at, d.length, d.width, heading ?? u.vehicle!.heading);
}

/** The vehicle in play whose hull rectangle a base at p (radius r) would overlap, touching allowed (§3.2), or null. */
export function hullUnder(s: S, p: Pt, r: number): string | null {
  for (const v of s.units) if (isVehicle(v) && inPlay(v) && circlePolygonDistance(p, r - 1, hull(v)) === 0) return v.id;
  return null;
}

/** Edge-to-edge distance from a figure (circle or another hull) to the vehicle's hull (§3.2 "Distance"). */
export function distanceTo(u: Unit, f: Figure, owner?: Unit): number {
  return owner && isVehicle(owner) ? polygonDistance(hull(owner), hull(u)) : circlePolygonDistance(f.at, f.r, hull(u));
}

/**
 * The facing a point lies in: the plane split by the hull's diagonals (§3.2). [P] A point exactly on
 * a diagonal is on the side.
 */
export function facingOf(u: Unit, from: Pt, at?: Pt, heading?: number): Facing {
  const d = vdef(u);
  const [lx, ly] = localFrame(at ?? hullFig(u).at, heading ?? u.vehicle!.heading, from);
  if (ly * d.width > Math.abs(lx) * d.length) return 'front';
  if (-ly * d.width > Math.abs(lx) * d.length) return 'rear';
  return 'side';
}

/** Armour of a facing; Urban Warfare Kit gives every facing the front's (§2.5); top and bottom are Rear − 1, at least 5 [P]. */
export function armourOf(u: Unit, facing: Facing | 'top' | 'bottom'): number {
  const a = vdef(u).armour;
  if (hasProp(u, 'urbanWarfareKit')) return a.front;
  if (facing === 'top' || facing === 'bottom') return Math.max(5, a.rear - 1);
  return a[facing];
}

/** A mount's arc: its centre relative to the heading and its width, in hundredths of a degree (§2.5: Hull 90°, Sponson 180° on its side [P]). */
export function arcOf(m: VehicleWeapon): { centre: number; width: number } {
  if (m.mount === 'hull') return { centre: 0, width: m.arc ?? 9000 };
  if (m.mount === 'sponson') return { centre: m.side === 'left' ? 27000 : 9000, width: m.arc ?? 18000 };
  return { centre: 0, width: m.arc ?? 36000 };
}

/** A target figure is in the weapon's arc if a point of its footprint lies inside the arc (§3.2 [P]: centre and the two base points across). */
export function inArc(u: Unit, m: VehicleWeapon, t: Figure, at?: Pt, heading?: number): boolean {
  const { centre, width } = arcOf(m);
  if (width >= 36000) return true;
  const c = at ?? hullFig(u).at;
  const [s, co] = sinCos((heading ?? u.vehicle!.heading) + centre);
  const hc = sinCos(width / 2)[1];
  const pts: Pt[] = [t.at, [t.at[0] + t.r, t.at[1]], [t.at[0] - t.r, t.at[1]], [t.at[0], t.at[1] + t.r], [t.at[0], t.at[1] - t.r]];
  return pts.some((p) => {
    const dx = p[0] - c[0], dy = p[1] - c[1];
    const len = Math.hypot(dx, dy);
    return len === 0 || dx * s + dy * co >= hc * len - 1e-9 * len;
  });
}

/** Cautious and Standard allowances of the vehicle (§2.5; Supercharged / Under Powered ±4"). */
export function speeds(u: Unit): { cautious: number; standard: number | null } {
  const d = vdef(u);
  const sp = CONTENT.speeds[d.mobility];
  const k = (hasProp(u, 'supercharged') ? 400 : 0) - (hasProp(u, 'underPowered') ? 400 : 0);
  return { cautious: sp.cautious + k, standard: sp.standard === null ? null : sp.standard + k };
}

/**
 * A vehicle hull other than the observer's or the target's on the segment: vehicles block LOS
 * between ground figures (§3.2 item 2 [P]); a segment touching the hull counts.
 */
export function hullBlock(s: S, o: Pt, t: Pt, observer: string, target: string | null): string | null {
  for (const v of s.units) {
    if (!isVehicle(v) || v.id === observer || v.id === target || !inPlay(v) || v.hidden) continue;
    const poly = hull(v);
    if (inside(o, poly) || inside(t, poly) || poly.some((c, i) => segmentsMeet(o, t, c, poly[(i + 1) % 4]))) return `vehicle:${v.id}`;
  }
  return null;
}

/** An armoured fighting vehicle near infantry: a friendly vehicle, front armour 5+, not knocked out or abandoned, within 6" of a figure (§6.1 [P]). */
export function nearAfv(s: S, u: Unit): boolean {
  if (isVehicle(u) || u.side === null) return false;
  return s.units.some((v) => isVehicle(v) && v.side === u.side && inPlay(v) && v.vehicle!.status !== 'knockedOut' && v.vehicle!.status !== 'abandoned'
    && vdef(v).armour.front >= 5 && living(u).some((f) => circlePolygonDistance(f.at, f.r, hull(v)) <= 600));
}

// ---------------------------------------------------------------- movement (§2.5, §6.3)

/** Points every 0.5" along a path (the start excluded), for swept-hull and terrain checks. */
function samples(path: Pt[], step = 50): { p: Pt; heading: number; along: number }[] {
  const out: { p: Pt; heading: number; along: number }[] = [];
  let run = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i], b = path[i + 1];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const h = bearing(a, b);
    for (let d = step; d < len + step; d += step) {
      const t = Math.min(d, len);
      out.push({ p: toward(a, b, t), heading: h, along: run + t });
      if (t === len) break;
    }
    run += len;
  }
  return out;
}

/** The hull swept along a path of its centre: the hull every 0.5", oriented along each leg (Mine Clearing, mines). */
export function sweptHull(u: Unit, full: Pt[]): Pt[][] {
  const d = vdef(u);
  return sweptPlaces(full).map((p) => orientedRect(p.at, d.length, d.width, p.heading));
}

/** The hull centre and heading every 0.5" along a path, as sweptHull samples it (a mine halts the vehicle at one, rules/mines.ts). */
export function sweptPlaces(full: Pt[]): { at: Pt; heading: number }[] {
  const out: { at: Pt; heading: number }[] = [];
  for (let i = 0; i + 1 < full.length; i++) {
    const len = Math.hypot(full[i + 1][0] - full[i][0], full[i + 1][1] - full[i][1]);
    if (len === 0) continue;
    const h = bearing(full[i], full[i + 1]);
    for (let k = 1; k <= Math.max(1, Math.ceil(len / 50)); k++) {
      const f = Math.min(1, (k * 50) / len);
      out.push({ at: [full[i][0] + (full[i + 1][0] - full[i][0]) * f, full[i][1] + (full[i + 1][1] - full[i][1]) * f], heading: h });
    }
  }
  return out;
}

const DIFFICULT = new Set(['difficult', 'veryDifficult']);

/** The ground a point of the hull centre stands on: the worst area class, dense woods flagged (§6.3 [P]). */
function groundAt(s: S, p: Pt): { move: 'open' | 'difficult' | 'veryDifficult' | 'impassable'; dense: boolean; id: string | null } {
  let move: 'open' | 'difficult' | 'veryDifficult' | 'impassable' = 'open', dense = false, id: string | null = null;
  const rank = { open: 0, difficult: 1, veryDifficult: 2, impassable: 3 } as const;
  // A road's ground is open to vehicles [P]; water is judged on its own (rules/amphibious.ts).
  if (onRoad(s, p)) return { move, dense, id };
  for (const f of s.terrain) {
    if ((f.kind !== 'area' && f.kind !== 'structure') || f.water || !inside(p, f.points)) continue;
    if (f.los === 'woodsDense') dense = true;
    if (rank[f.move] > rank[move]) { move = f.move; id = f.id; }
  }
  return { move, dense, id };
}

/** The other footprints a hull at this place would overlap, or null. */
function hullOverlap(s: S, u: Unit, poly: Pt[]): string | null {
  for (const o of s.units) {
    if (o === u || !inPlay(o) || o.hidden) continue;
    for (const f of living(o)) {
      if (isVehicle(o) ? polygonDistance(hull(o), poly) === 0 : circlePolygonDistance(f.at, f.r - 1, poly) === 0) return f.id;
    }
  }
  // A sentry gun's emplacement (§7.25 [P]).
  for (const g of sentryFootprints(s)) if (circlePolygonDistance(g.at, g.r - 1, poly) === 0) return g.id;
  return null;
}

/**
 * Why the vehicle's move is not legal, or null (§2.5, §6.3 [P]): path cost (Wheel ×2 off-road,
 * 1:1 on roads; water only for Hover and Amphibious, at Cautious speed, rules/amphibious.ts) within the speed's allowance; no impassable ground under the hull
 * centre and no impassable area or structure under the swept hull; Wheel never enters difficult
 * ground; Track never enters very difficult ground or dense woods; Track, Walk and Hover cross
 * difficult ground (and cross linear obstacles) at Cautious speed only, Wheel never crosses a
 * linear obstacle; the hull stays on the table and never overlaps another footprint.
 */
export function driveMoveProblem(s: S, u: Unit, speed: Drive['speed'], path: Pt[], heading: number): Violation | null {
  const v = u.vehicle!;
  const d = vdef(u);
  if (speed === 'stationary') return path.length ? violation('stationary_moves', 'a stationary vehicle only pivots: path must be empty (§2.5)') : null;
  if (!path.length) return null;
  if (v.immobilized) return violation('immobilized', `${u.id} is immobilized: it cannot move (§6.6)`);
  if (v.bogged) return violation('bogged', `${u.id} is bogged down: it cannot move (§7.29)`);
  const sp = speeds(u);
  const allowance = speed === 'cautious' ? sp.cautious : sp.standard;
  if (allowance === null) return violation('no_standard_speed', `${d.name} has no Standard speed (§2.5)`);
  const full = [hullFig(u).at, ...path];
  const len = pathLength(full);
  const cost = pathCostOf(s, u, full, len);
  if (cost > allowance) return violation('beyond_allowance', `the path costs ${cost / 100}" of a ${allowance / 100}" ${speed} allowance${d.mobility === 'wheel' ? ' (Wheel off-road: ×2)' : ''} (§2.5, §6.3)`, { cost, allowance });
  for (const smp of samples(full)) {
    const wet = waterAt(s, smp.p);
    if (wet && !swims(u)) return violation('impassable', `the path crosses water (${wet}): only Hover and Amphibious vehicles may (§2.5)`);
    if (wet && speed !== 'cautious') return violation('cautious_only', `${d.mobility} vehicles cross water at Cautious speed only (${wet}) (§2.5)`);
    const g = groundAt(s, smp.p);
    if (g.move === 'impassable') return violation('impassable', `the path crosses impassable terrain (${g.id}) (§6.3)`);
    if (DIFFICULT.has(g.move) || g.dense) {
      if (d.mobility === 'wheel') return violation('terrain_restricted', `Wheeled vehicles cannot enter difficult ground (${g.id}) (§2.5)`);
      if (d.mobility === 'track' && (g.move === 'veryDifficult' || g.dense)) return violation('terrain_restricted', `Tracked vehicles cannot enter swamp or dense woods (${g.id}) (§2.5)`);
      if (speed !== 'cautious') return violation('cautious_only', `${d.mobility} vehicles cross difficult ground at Cautious speed only (${g.id}) (§2.5)`);
    }
    const poly = orientedRect(smp.p, d.length, d.width, smp.heading);
    if (poly.some((c) => c[0] < 0 || c[1] < 0 || c[0] > s.table.w || c[1] > s.table.h)) return violation('off_table', 'the hull would leave the table (§3.2)');
    for (const f of s.terrain) {
      if ((f.kind === 'area' || f.kind === 'structure') && f.move === 'impassable' && !(f.water && swims(u)) && polygonDistance(f.points, poly) === 0) return violation('impassable', `the hull would cross impassable terrain (${f.id}) (§3.2)`);
    }
    const o = hullOverlap(s, u, poly);
    if (o) return violation('overlap', `the hull would cross ${o}'s footprint (§3.2)`);
  }
  for (let i = 0; i + 1 < full.length; i++) {
    for (const f of s.terrain) {
      if (f.kind !== 'linear' || !segmentMeetsPolyline(full[i], full[i + 1], f.points)) continue;
      if (crossingCost(f) === null) return violation('impassable', `the path crosses ${f.id}, too high to cross (§3.2)`);
      if (d.mobility === 'wheel') return violation('terrain_restricted', `Wheeled vehicles cannot cross ${f.id} [P] (§2.5)`);
      if (speed !== 'cautious') return violation('cautious_only', `crossing ${f.id} is difficult ground: Cautious speed only [P] (§2.5)`);
    }
  }
  const end = orientedRect(full[full.length - 1], d.length, d.width, heading);
  if (end.some((c) => c[0] < 0 || c[1] < 0 || c[0] > s.table.w || c[1] > s.table.h)) return violation('off_table', 'the hull would end off the table (§3.2)');
  const o = hullOverlap(s, u, end);
  if (o) return violation('overlap', `the hull would end overlapping ${o} (§3.2)`);
  return null;
}

// ---------------------------------------------------------------- fire control (§2.5)

/** Why these weapon systems may not fire together at this speed, or null (§2.5 fire-control table). */
export function fireControlProblem(u: Unit, speed: Drive['speed'], moved: number, systems: VehicleWeapon[]): Violation | null {
  if (!systems.length) return null;
  const d = vdef(u);
  const fc = d.fireControl;
  const mgs = systems.filter((m) => m.system === 'mg').length;
  const n = systems.length;
  const no = (why: string) => violation('fire_control', `${fc} fire control: ${why} (§2.5)`);
  if (speed === 'standard') {
    // Weapon Stabilizer: main weapons may fire at Standard speed, beyond the column (§2.5).
    const rest = hasProp(u, 'weaponStabilizer') ? systems.filter((m) => m.system !== 'main') : systems;
    const k = rest.length, kmg = rest.filter((m) => m.system === 'mg').length;
    if (!k) return null;
    if (fc === 'extensive' || fc === 'defensive') return k === 1 && kmg === 1 ? null : no('at Standard speed 1 MG or chain gun only');
    if (fc === 'hyperTech') return k <= 1 ? null : no('at Standard speed any 1 weapon system');
    if (fc === 'ultratech') return k <= 2 ? null : no('at Standard speed any 2 weapon systems');
    return no('no fire at Standard speed');
  }
  switch (fc) {
    case 'primitive': return n <= (hasProp(u, 'improvedWeaponsControl') ? 2 : 1) ? null : no('one weapon system per activation');
    case 'improved': return n - mgs <= 1 && mgs <= 1 ? null : no('1 main weapon + 1 MG or chain gun');
    case 'extensive': return n <= 2 ? null : no('any 2 weapon systems');
    case 'hyperTech': case 'ultratech': return null;
    case 'defensive': return speed === 'stationary' || (n === 1 && mgs === 1) ? null : no('all if completely stationary, else 1 MG or chain gun');
    case 'closeSupport': {
      const heavy = systems.filter((m) => m.system === 'main' || m.system === 'missile').length;
      if (heavy && (speed !== 'stationary' || heavy > 1)) return no('missiles or heavier weapons only stationary, one per turn');
      if (moved > 600) return no('moving more than 6": no fire');
      return null;
    }
  }
}

/** The enemy units the vehicle may choose among: the N closest with a figure its hull sees, N by its crew's Quality (§2.5, §6.4 step 2). */
export function vehiclePriority(s: S, u: Unit, at?: Pt): { unit: Unit; distance: number }[] {
  const c = at ?? hullFig(u).at;
  const poly = at ? hull(u, at) : hull(u);
  const out: { unit: Unit; distance: number }[] = [];
  for (const t of s.units) {
    if (t.side === u.side || t.side === null || !inPlay(t) || t.hidden) continue;
    let best = Infinity;
    for (const f of living(t)) {
      if (!visibleFrom(s, u, c, t, f)) continue;
      best = Math.min(best, isVehicle(t) ? polygonDistance(hull(t), poly) : circlePolygonDistance(f.at, f.r, poly));
    }
    if (best < Infinity) out.push({ unit: t, distance: best });
  }
  out.sort((a, b) => a.distance - b.distance || (a.unit.id < b.unit.id ? -1 : 1));
  return out.slice(0, QUALITY_TABLE[u.quality].priority);
}

/** Line of sight from a point to a figure: to a vehicle, its centre and four corners; else centre and two base points (§3.2 item 1). Vehicles see over friendly infantry. */
function visibleFrom(s: S, observer: Unit, o: Pt, t: Unit, f: Figure): boolean {
  const pts: Pt[] = isVehicle(t) ? [f.at, ...hull(t)] : [f.at, [f.at[0] + f.r, f.at[1]], [f.at[0] - f.r, f.at[1]], [f.at[0], f.at[1] + f.r], [f.at[0], f.at[1] - f.r]];
  return pts.some((p) => !segmentBlock(s, o, p, { fire: !isVehicle(observer), observerUnit: observer, targetUnit: t }));
}

function bandOf(u: Unit, w: WeaponDef, distance: number, x: number, stealth: boolean): Band | null {
  const base = QUALITY_TABLE[u.quality].base;
  let i = distance <= base ? 0 : distance <= base * x ? 1 : distance <= 2 * base * x ? 2 : distance <= 3 * base * x ? 3 : 4;
  // Stealth (vehicle): one band further away; beyond long it cannot be fired at [P] (§2.5).
  if (stealth) i++;
  void w;
  return i <= 3 ? BANDS[i] : null;
}

/** Why one weapon system of the vehicle may not fire at the target from (at, heading), or null. */
export function weaponFireProblem(s: S, u: Unit, i: number, target: string, at?: Pt, heading?: number): Violation | null {
  const d = vdef(u);
  const m = d.weapons[i];
  if (!m) return violation('no_such_weapon', `${d.name} has no weapon system ${i}`);
  // A sentry gun as the target (§7.25 [P]).
  if (isSentryId(target)) return sentryWeaponProblem(s, u, i, target, at, heading);
  const t = s.units.find((x) => x.id === target);
  if (!t || !inPlay(t) || t.hidden) return violation('no_such_target', `no unit ${target} in play`);
  if (t.side === u.side || t.side === null) return violation('not_enemy', `${target} is not an enemy unit`);
  const w = weapon(m.weapon);
  if (isVehicle(t) && !w.at) return violation('no_at_weapon', `${w.name} has no AT rating: it may not fire at a vehicle (§2.3)`);
  if (!vehiclePriority(s, u, at).some((p) => p.unit.id === target)) return violation('fire_priority', `${target} is not among the ${QUALITY_TABLE[u.quality].priority} closest visible enemy units (§2.5, §6.4 step 2)`);
  const c = at ?? hullFig(u).at;
  const wet = waterMountProblem(s, u, m, c);
  if (wet) return wet;
  const poly = at ? hull(u, at, heading) : hull(u);
  const ok = living(t).some((f) => {
    if (!inArc(u, m, f, c, heading) || !visibleFrom(s, u, c, t, f)) return false;
    const dist = isVehicle(t) ? polygonDistance(hull(t), poly) : circlePolygonDistance(f.at, f.r, poly);
    return bandOf(u, w, dist, rangeX(s, u, w, dist, isVehicle(t)), isVehicle(t) && hasProp(t, 'stealth')) !== null;
  });
  if (!ok) return violation('no_line_of_fire', `${w.name} (${m.mount}) has no figure of ${target} in its arc, in sight and in range (§2.5, §3.2)`);
  return null;
}

// ---------------------------------------------------------------- the vehicle's order

/** Why the vehicle's order is not legal, or null (§2.5, §5.3). */
export function driveProblem(s: S, u: Unit, a: Action): Violation | null {
  if (a.type !== 'drive') return violation('wrong_action', 'a vehicle answers its order with {type:"drive", speed, path, heading, fire} (§5.3)');
  const v = u.vehicle!;
  if (!Array.isArray(a.path) || !Array.isArray(a.fire) || !Number.isInteger(a.heading)) return violation('malformed_action', 'drive is {speed, path: [[x, y]…], heading, fire: [{weapon, target}]}');
  if (a.heading < 0 || a.heading >= 36000) return violation('malformed_action', 'heading is 0..35999 hundredths of a degree');
  if ((a.scoot || a.land !== undefined) && !isGrav(u)) return violation('not_grav', `${vdef(u).name} is not a Fly/Grav vehicle: no Scoot, no landing (§2.5)`);
  // Landing where it hovers: not on impassable ground either [P] (§2.5).
  if (a.land && !a.path.length && isGrav(u) && rockUnder(s, hullFig(u).at)) return violation('impassable', `it may not land on impassable ground (${rockUnder(s, hullFig(u).at)}) [P] (§2.5)`);
  if (a.scoot && a.path.length !== 1) return violation('scoot', 'Scoot is a Standard-speed order with one end point anywhere on the table (§2.5 [P])');
  if ((v.immobilized || v.bogged) && a.heading !== v.heading) return violation(v.immobilized ? 'immobilized' : 'bogged', `${u.id} cannot move or pivot (§6.6, §7.29)`);
  if (a.disembark !== undefined) {
    // Disembarking is the transport's whole activation (§2.5).
    if (a.speed !== 'stationary' || a.path.length || a.fire.length || a.heading !== v.heading || a.smoke || a.cids || a.callFire || a.jump || a.medevac) return violation('disembark_whole_activation', 'disembarking uses the transport\'s whole activation: stationary, no pivot, no fire (§2.5)');
    if (v.status !== 'ok') return violation('out_of_action', `${u.id} is out of action`);
    return disembarkProblem(s, u, a.disembark);
  }
  const grav = isGrav(u) && a.path.length > 0 && a.speed !== 'stationary' && !v.immobilized && !v.bogged;
  const warp = isWarp(u) && a.path.length > 0 && a.speed !== 'stationary' && !v.immobilized && !v.bogged;
  const mp = (a.jump ? jumpProblem(s, u, a, (poly) => hullOverlap(s, u, poly))
    : grav ? gravMoveProblem(s, u, a, (poly) => hullOverlap(s, u, poly))
    : warp ? warpMoveProblem(s, u, a, (poly) => hullOverlap(s, u, poly))
    : driveMoveProblem(s, u, a.speed, a.path, a.heading)) ?? formationProblem(s, u, a.path, a.heading);
  if (mp) return mp;
  const end = a.path.length ? a.path[a.path.length - 1] : hullFig(u).at;
  if (u.fallingBack) {
    // A crew that fell back moves at Standard speed and may not fire (§6.1); [P] it must end farther from the nearest enemy, unless it cannot move at all.
    if (a.fire.length) return violation('falling_back', `${u.id} is falling back: it may not fire (§6.1)`);
    if (a.path.length && a.speed !== 'standard') return violation('falling_back', 'a falling-back vehicle moves at Standard speed (§6.1)');
    if (a.path.length && nearestEnemyDistance(s, u, end) <= nearestEnemyDistance(s, u, hullFig(u).at)) return violation('fall_back_not_away', 'the fall back must end farther from the nearest enemy (§6.1 [P])');
  }
  if (a.shock !== undefined) {
    const t = s.units.find((x) => x.id === a.shock);
    if (!hasProp(u, 'shock')) return violation('not_shock', `${vdef(u).name} is not a Shock vehicle (§6.12)`);
    if (!t || !inPlay(t) || t.hidden || t.side === u.side || t.side === null || isVehicle(t)) return violation('no_such_target', `${a.shock} is not an enemy infantry unit on the table`);
    if (!a.path.length) return violation('no_contact', 'a shock attack is made during the move (§6.12)');
    if (!shockContact(hull(u, end, a.heading), t)) return violation('no_contact', `the hull must end in contact with a figure of ${t.id} (§6.12)`);
  }
  const seen = new Set<number>();
  for (const f of a.fire) {
    if (seen.has(f.weapon)) return violation('weapon_twice', `weapon system ${f.weapon} fires once per activation (§2.5)`);
    seen.add(f.weapon);
  }
  const systems = [...a.fire.map((f) => vdef(u).weapons[f.weapon]), ...(a.cids ? [CIDS_MOUNT] : [])];
  if (systems.some((m) => !m)) return violation('no_such_weapon', `${vdef(u).name} has ${vdef(u).weapons.length} weapon systems (0..${vdef(u).weapons.length - 1})`);
  const moved = a.path.length ? pathLength([hullFig(u).at, ...a.path]) : 0;
  let fc = fireControlProblem(u, a.speed, moved, systems);
  // Fly/Grav Strafing Run: fire at Standard speed, within the Cautious column [P] (§2.5).
  if (fc && a.speed === 'standard' && isGrav(u) && a.path.length) fc = strafingProblem(s, u, a) ?? fireControlProblem(u, 'cautious', moved, systems);
  if (fc) return fc;
  const from = a.fireFirst ? undefined : end;
  const hd = a.fireFirst ? undefined : a.heading;
  for (const f of a.fire) {
    const p = weaponFireProblem(s, u, f.weapon, f.target, from, hd);
    if (p) return p;
  }
  return propertyProblem(s, u, a, from ?? hullFig(u).at);
}

function nearestEnemyDistance(s: S, u: Unit, at: Pt): number {
  const poly = hull(u, at);
  let best = Infinity;
  for (const t of s.units) {
    if (t.side === u.side || t.side === null || !inPlay(t) || t.hidden) continue;
    for (const f of living(t)) best = Math.min(best, isVehicle(t) ? polygonDistance(hull(t), poly) : circlePolygonDistance(f.at, f.r, poly));
  }
  return best;
}

/** Bogging (§7.29): a test for every 6" of the path inside difficult ground, cumulative; the first failure stops the vehicle there. */
function boggingStop(s: S, run: Run, u: Unit, full: Pt[]): Pt | null {
  const mob = vdef(u).mobility;
  if (mob !== 'track' && mob !== 'walk' && mob !== 'wheel') return null;
  let inside_ = 0, tests = 0;
  let prev = full[0];
  for (const smp of samples(full, 10)) {
    const g = groundAt(s, smp.p);
    if (DIFFICULT.has(g.move) || g.dense) inside_ += Math.hypot(smp.p[0] - prev[0], smp.p[1] - prev[1]);
    prev = smp.p;
    if (inside_ >= 600 * (tests + 1)) {
      tests++;
      if (!boggingTest(run, u, 'bogging')) return smp.p;
    }
  }
  return null;
}

/** The bogging test: a Quality test on 2D6 by the crew; Tracked and Walkers pass with 1 success, Wheeled need both (§7.29). */
function boggingTest(run: Run, u: Unit, purpose: string): boolean {
  const n = successes(run.roll(purpose, 2, { unit: u.id }), QUALITY_TABLE[u.quality].target);
  const pass = vdef(u).mobility === 'wheel' ? n === 2 : n >= 1;
  run.emit(purpose === 'bogging' ? 'bogging_test' : 'bogging_release', { unit: u.id, successes: n, passed: pass });
  return pass;
}

/** The vehicle's order, validated beforehand (§2.5): fire before or after the move, each weapon system in turn. */
/**
 * A vehicle's Drive order (§5.3, §6.4): its property actions and fire before or after the move,
 * the move, a shock attack. `from`: where a Lucky window on a target's roll against one of its
 * shots paused it (§2.7): that shot runs again (finding itself done), the order goes on from there.
 * True when a window paused the order.
 */
export function applyDrive(s: S, run: Run, u: Unit, a: Drive, from?: { stage: 'first' | 'after'; index: number }): boolean {
  if (a.fireFirst && from?.stage !== 'after') {
    if (!from) propertyActions(s, run, u, a);
    if (vehicleFire(s, run, u, a, 'first', from?.index ?? 0)) return true;
  }
  if (from?.stage !== 'after') driveMove(s, run, u, a);
  if (!a.fireFirst && inPlay(u)) {
    if (from?.stage !== 'after') propertyActions(s, run, u, a);
    if (vehicleFire(s, run, u, a, 'after', from?.stage === 'after' ? from.index : 0)) return true;
  }
  afterGravOrder(run, u, a);
  return false;
}

/** The Drive order's move and shock attack (§6.3, §6.12). */
function driveMove(s: S, run: Run, u: Unit, a: Drive): void {
  const v = u.vehicle!;
  if (a.path.length && inPlay(u)) {
    const full = [hullFig(u).at, ...a.path];
    const startHull = hull(u);
    // A jump (Jump Jets) does not bog (§2.5, §7.29 [P]).
    const stop = a.jump ? null : boggingStop(s, run, u, full);
    const to = stop ?? a.path[a.path.length - 1];
    hullFig(u).at = [to[0], to[1]];
    v.heading = stop ? bearing(full[0], to) : normHeading(a.heading);
    if (stop) { v.bogged = true; run.emit('bogged', { unit: u.id, at: to }); }
    u.actedTurn = s.turn;
    v.movedTurn = s.turn;
    run.emit('moved', { unit: u.id, to: { [hullFig(u).id]: to }, heading: v.heading, speed: a.speed, ...(a.jump ? { jump: true } : {}) });
    const swept = sweptHull(u, stop ? [full[0], to] : full);
    clearMines(s, run, u, swept);
    // Mines (§7.15): the hull swept along its path, or where a jump or a Warp redeploy sets it down [P]; Fly/Grav vehicles fly over them [P].
    if (!isGrav(u)) checkVehicleMines(s, run, u, startHull, a.jump || isWarp(u) ? [hull(u)] : swept, hull(u), a.jump || isWarp(u) ? undefined : sweptPlaces(stop ? [full[0], to] : full));
  } else if (a.heading !== v.heading) {
    v.heading = normHeading(a.heading);
    run.emit('pivoted', { unit: u.id, heading: v.heading });
  }
  v.moved = a.path.length ? a.speed : 'stationary';
  // "If the vehicle moves into contact" (§6.12): from where the move really ended (a bog or a
  // mine may have stopped it short), only if the hull touches the squad there.
  const shocked = a.shock ? s.units.find((x) => x.id === a.shock)! : null;
  if (shocked && inPlay(u) && shockContact(hull(u), shocked)) shockAttack(s, run, u, shocked);
}

/** A hull in base contact with a living figure of the squad (§6.12). */
function shockContact(poly: Pt[], t: Unit): boolean {
  return living(t).some((f) => circlePolygonDistance(f.at, f.r, poly) <= 5);
}

/**
 * A Shock vehicle in contact with an infantry squad (§6.12): its kill dice (data, default 2), each
 * 4+ kills one figure within 2" of the hull (closest first [P]: the owner's choice is automatic);
 * the survivors carrying AT-rated weapons or AT grenades within 2" strike back, one hit each as in §6.11 [P];
 * a hit makes the crew test morale, as an assault would.
 */
export function shockAttack(s: S, run: Run, u: Unit, t: Unit): void {
  const poly = hull(u);
  const near = () => living(t).filter((f) => circlePolygonDistance(f.at, f.r, poly) <= 200)
    .sort((a, b) => circlePolygonDistance(a.at, a.r, poly) - circlePolygonDistance(b.at, b.r, poly) || (a.id < b.id ? -1 : 1));
  const dice = run.roll('shock_kill', vdef(u).shockKillDice ?? 2, { unit: u.id, target: t.id });
  const kills = Math.min(dice.filter((d) => d >= 4).length, near().length);
  // Resilient figures lose 2 RP a kill instead (§2.6, rules/resilience.ts).
  const victims = near().slice(0, kills).filter((f) => applyHurt(s, run, t, f, 'killed'));
  run.emit('shock_attack', { unit: u.id, target: t.id, killed: victims.map((f) => f.id) });
  afterCasualties(s, run, t);
  let hit = false;
  for (const f of near()) {
    const w = closeAtWeapon(t, f);
    if (!w || !inPlay(u)) continue;
    hit = true;
    run.emit('assault_hit', { figure: f.id, target: u.id, weapon: w.id });
    vehicleDamage(s, run, u, f.at, 1, [w], 0, true);
  }
  if (hit && inPlay(u)) u.vehicle!.moraleDue = true;
}

/**
 * Each firing weapon system shoots on its own, 1D6 (§6.4 step 4): at infantry through the shooting
 * procedure, at a vehicle by §6.6; from system `from` of the order's list on. Personality Lucky
 * (§2.7): a vehicle has no Lucky trooper (personalities are members of a squad, p.35; a vehicle's
 * crew has no figures to carry one), so its own fire, penetration, results-table and
 * immobilization dice open no window; the target of a shot at a unit may re-roll its own save or
 * defence die (rules/combat.ts), and the order then resumes at that shot (stage `stage`). True when
 * a window paused it.
 */
function vehicleFire(s: S, run: Run, u: Unit, a: Drive, stage: 'first' | 'after', from: number): boolean {
  for (let i = from; i < a.fire.length; i++) {
    const f = a.fire[i];
    if (isSentryId(f.target)) { if (inPlay(u)) vehicleAtSentry(s, run, u, vdef(u).weapons[f.weapon], f.target); continue; }
    const t = s.units.find((x) => x.id === f.target)!;
    if (!inPlay(t) || !inPlay(u)) continue;
    // An Elusive target may fall back before the shot resolves (§2.6); the order resumes at this weapon.
    if (!isVehicle(t) && vehicleElusive(s, u, a, t, { stage, index: i })) return true;
    // A unit that fell back out of this weapon's reach, and no other target for it: the weapon holds its fire (§2.6).
    if (!isVehicle(t) && t.elusiveTurn === s.turn && (s.elusiveAsked ?? []).includes(t.id) && weaponFireProblem(s, u, f.weapon, t.id)) continue;
    const m = vdef(u).weapons[f.weapon];
    if (isVehicle(t)) vehicleWeaponAtVehicle(s, run, u, m, t);
    else shootAs(s, run, u, m, t, false, true);
    if (pausedAt(s, { at: 'drive', unit: u.id, action: a, stage, index: i })) return true;
  }
  return false;
}

/** The vehicle as a one-figure firer carrying this weapon, for §6.4. */
export function weaponFirer(u: Unit, m: VehicleWeapon): Unit {
  return { ...u, figures: [{ ...hullFig(u), weapon: m.weapon }] };
}

/** Under Fire on a vehicle's weapon: −1, or −3 for Pintle and External mounts and any weapon of an open-topped vehicle (§6.9). */
export function underFireMod(u: Unit, m: VehicleWeapon): number {
  if (!u.underFire) return 0;
  return m.mount === 'pintle' || m.mount === 'external' || vdef(u).openTopped ? -3 : -1;
}

/** One weapon system's shot at a unit (§6.4); `lucky`: the order resumes after the target's Lucky window on its save or defence die (§2.7). */
function shootAs(s: S, run: Run, u: Unit, m: VehicleWeapon, t: Unit, defensive = false, lucky = false): void {
  const firer = weaponFirer(u, m);
  const uf = underFireMod(u, m);
  const wet = waterFireMod(s, u, hullFig(u).at);
  shoot(s, run, firer, t, { extraMods: { ...(uf ? { underFire: uf } : {}), ...(wet ? { amphibious: wet } : {}) }, defensive, lucky });
  u.actedTurn = s.turn;
}

// ---------------------------------------------------------------- damage against vehicles (§6.6)

function atWeapons(ws: WeaponDef[]): WeaponDef[] {
  return ws.filter((w) => w.at !== undefined).sort((a, b) => (b.at ?? 0) - (a.at ?? 0) || (a.id < b.id ? -1 : 1));
}

/** One vehicle weapon at a vehicle: 1D6 + band, crew Quality, Under Fire, Advanced Targeting, a Cavalry commander's Leadership; the weapon's FE unless a blast weapon; hits by the hull's cover. */
function vehicleWeaponAtVehicle(s: S, run: Run, u: Unit, m: VehicleWeapon, t: Unit): void {
  const w = weapon(m.weapon);
  const c = hullFig(u).at;
  const dist = polygonDistance(hull(t), hull(u));
  const band = bandOf(u, w, dist, rangeX(s, u, w, dist, true), hasProp(t, 'stealth'));
  if (!band) return;
  u.actedTurn = s.turn;
  const die = run.roll('fire_effect', 1, { unit: u.id, target: t.id, weapon: w.id })[0];
  const mods: Record<string, number> = { band: BAND_MOD[band] };
  const q = QUALITY_TABLE[u.quality].feMod;
  if (q) mods.quality = q;
  const uf = underFireMod(u, m);
  if (uf) mods.underFire = uf;
  const wet = waterFireMod(s, u, c);
  if (wet) mods.amphibious = wet;
  if (hasProp(u, 'advancedTargeting') && !hasProp(t, 'ecm')) mods.advancedTargeting = 2;
  // A Cavalry character commanding the vehicle (§2.8 [P]).
  const lead = branchBonus(s, u);
  if (lead) mods.leadership = lead;
  const weaponFe = w.blast ? 0 : w.fe;
  const cover = coverAgainst(s, c, hullFig(t)).cover;
  const fe = die + Object.values(mods).reduce((x, y) => x + y, 0) + weaponFe;
  const hits = fe > 0 ? Math.floor(fe / PER_HIT[cover]) : 0;
  run.emit('shot', { unit: u.id, target: t.id, weapon: w.id, band, distance: dist, cover, mods, weaponFe, fe, hits });
  markUnderFire(t);
  vehicleDamage(s, run, t, c, hits, [w]);
}

/** The AT-capable figures of a unit that see the vehicle and reach it, with the distance (§6.6 "Number of hits"). */
export function atFirers(s: S, u: Unit, t: Unit, pos?: Map<string, Pt>): { firers: Figure[]; distance: number } {
  const poly = hull(t);
  const smallArms = living(u).some((f) => !f.support);
  const firers: Figure[] = [];
  let best = Infinity;
  for (const f0 of living(u)) {
    const f = pos?.get(f0.id) ? { ...f0, at: pos.get(f0.id)! } : f0;
    const w = weapon(f.weapon);
    if (w.at === undefined || (f.support && !smallArms)) continue;
    if (f.psi && (f.psi.silentTurn === s.turn || f.psi.usedTurn === s.turn)) continue;
    const d = circlePolygonDistance(f.at, f.r, poly);
    if (d > 3 * QUALITY_TABLE[u.quality].base * rangeX(s, u, w, d, true)) continue;
    if (!visibleFrom(s, u, f.at, t, hullFig(t))) continue;
    firers.push(f);
    best = Math.min(best, d);
  }
  return { firers, distance: best };
}

/** Infantry may fire at a vehicle only with AT-capable weapons that see and reach it (§2.3, §6.4). */
export function vehicleTargetProblem(s: S, u: Unit, t: Unit, pos?: Map<string, Pt>): Violation | null {
  if (!atFirers(s, u, t, pos).firers.length) return violation('no_at_weapon', `no AT-capable weapon of ${u.id} sees and reaches ${t.id}: only weapons with an AT rating may fire at a vehicle (§2.3, §6.6)`);
  return null;
}

/**
 * An infantry-type unit fires at a vehicle (§6.6 "Number of hits"): only the AT-capable weapons;
 * 2D6 keep the highest for a squad (1D6 otherwise), range and shooter modifiers, the FE of the
 * non-blast AT weapons (no +1 per 3 small arms); hits by the hull's cover against the closest
 * firer; the facing from that firer; each hit with the weapons in turn from the highest AT.
 */
export function infantryAtVehicle(s: S, run: Run, u: Unit, t: Unit, opt: { defensive?: boolean; pos?: Map<string, Pt>; lucky?: boolean } = {}): boolean {
  // A Lucky answer runs this shot again: with its settled fire dice, or finished already (a penetration die's window).
  const pre = opt.lucky ? settledRoll(s, u, 'fire') : null;
  if (pre?.done) return true;
  const { firers, distance } = atFirers(s, u, t, opt.pos);
  if (!firers.length) return false;
  u.actedTurn = s.turn;
  const w0 = atWeapons(firers.map((f) => weapon(f.weapon)));
  const x = Math.min(...firers.map((f) => rangeX(s, u, weapon(f.weapon), distance, true)));
  const band = bandOf(u, w0[0], distance, x, hasProp(t, 'stealth')) ?? 'long';
  // Primitive: 1D6 at a technologically advanced unit (§2.6).
  const nDice = u.kind === 'infantry' && living(u).length > 1 && !primitiveFe(s, u, t) ? 2 : 1;
  const dice = pre ? pre.faces : run.roll('fire_effect', nDice, { unit: u.id, target: t.id });
  const mods = firerMods(s, u, band, opt);
  // Bug Hunter at an alien race's vehicle (§2.6).
  if (bugHunter(s, u, t)) mods.bugHunter = 1;
  const weaponFe = w0.filter((w) => !w.blast).reduce((n, w) => n + w.fe, 0);
  const closest = firers.slice().sort((a, b) => circlePolygonDistance(a.at, a.r, hull(t)) - circlePolygonDistance(b.at, b.r, hull(t)))[0];
  const cover = coverAgainst(s, closest.at, hullFig(t)).cover;
  const feOf = (f: number[]) => Math.max(...f) + Object.values(mods).reduce((a, b) => a + b, 0) + weaponFe;
  const hitsOf = (f: number[]) => (feOf(f) > 0 ? Math.floor(feOf(f) / PER_HIT[cover]) : 0);
  const fe = feOf(dice), hits = hitsOf(dice);
  // Personality Lucky (§2.7): the owner may re-roll one fire die when that could give another hit on the vehicle.
  if (!pre && luckyMay(s, u, opt.lucky) && couldImprove(dice, hitsOf)) return pauseForLucky(s, run, u, 'fire', dice, { roll: 'fire', weaponFe }, { fe, hits });
  run.emit('shot', { unit: u.id, target: t.id, firers: firers.map((f) => f.id), band, distance, cover, mods, weaponFe, fe, hits, defensive: !!opt.defensive });
  if (!opt.defensive) markUnderFire(t);
  vehicleDamage(s, run, t, closest.at, hits, w0, 0, false, opt.lucky ? u : null);
  return true;
}

/**
 * Hits on a vehicle (§6.6): per hit, the weapons in turn (highest AT first); Energy Screen 5+ and
 * Reactive Armour 4+ (rockets) deflect first [P]; 1D6 + AT ≥ the facing's armour penetrates; a
 * failed AT hit rolls 1D6, a 1 immobilizes; a penetration rolls on the results table (Fragile:
 * knocked out). `extra` adds to each penetration roll (Tank Hunter, §6.11). `by`: the shooter whose
 * step can resume after a Lucky window on its penetration dice (§2.7); true when one paused the hits.
 */
export function vehicleDamage(s: S, run: Run, t: Unit, from: Pt, hits: number, ws: WeaponDef[], extra = 0, assault = false, by: Unit | null = null): boolean {
  if (!ws.length) return false;
  return vehicleHits(s, run, { shooter: by?.id ?? '', target: t.id, from, hits, weapons: ws, next: 0, extra, assault }, !!by);
}

/** The hits of `v` from `v.next` on (§6.6); `held`: the settled penetration die of hit `v.next` (its deflection rolls made before the window). True when a Lucky window paused them. */
function vehicleHits(s: S, run: Run, v: VehicleVolley, lucky: boolean, held?: number, heldResult?: number[]): boolean {
  const t = s.units.find((x) => x.id === v.target)!;
  const by = lucky ? s.units.find((x) => x.id === v.shooter) ?? null : null;
  const facing = facingOf(t, v.from);
  for (; v.next < v.hits && inPlay(t) && t.vehicle!.status !== 'knockedOut'; v.next++) {
    const w = v.weapons[v.next % v.weapons.length];
    // Resumed at this hit's results table roll (its penetration given before the window).
    if (heldResult) { const r = heldResult; heldResult = undefined; penetrationResult(s, run, t, v.assault, r); continue; }
    const die = held;
    held = undefined;
    if (die === undefined) {
      if (hasProp(t, 'energyScreen') && run.roll('energy_screen', 1, { unit: t.id })[0] >= 5) { run.emit('deflected', { unit: t.id, by: 'energyScreen' }); continue; }
      // PDS interception (§7.25): an RPG at a vehicle the enemy's point defence protects [P: the hull centre within 6"].
      if (w.flags?.includes('rpg') && t.side !== null && intercepted(s, run, t.side === 0 ? 1 : 0, t.figures[0].at, { unit: t.id, weapon: w.id })) continue;
      if (hasProp(t, 'reactiveArmour') && w.flags?.includes('rocket') && run.roll('reactive_armour', 1, { unit: t.id })[0] >= 4) { run.emit('deflected', { unit: t.id, by: 'reactiveArmour' }); continue; }
    }
    const at = (w.at ?? 0) + v.extra;
    const armourValue = armourOf(t, facing);
    const roll = die ?? run.roll('penetration', 1, { unit: t.id, weapon: w.id, facing })[0];
    // Personality Lucky (§2.7): the shooter's penetration die that a re-roll could turn into a penetration.
    if (die === undefined && by && luckyMay(s, by, true) && roll + at < armourValue && 6 + at >= armourValue) {
      return pauseForLucky(s, run, by, 'penetration', [roll], { roll: 'penetration', hit: { ...v } }, { total: roll + at, armour: armourValue });
    }
    // The results table's 2D6 (§6.6) are the shooter's too: while a die shows a 1, a 6 would do better (§2.7).
    // (The immobilization die after a failed hit gets no window: a 6 never immobilizes, and a vehicle carries no Lucky trooper.)
    if (by && luckyMay(s, by, true) && roll + at >= armourValue && !hasProp(t, 'fragile')) {
      run.emit('penetration', { unit: t.id, weapon: w.id, facing, total: roll + at, armour: armourValue, penetrated: true });
      const dice = run.roll('penetration_result', 2, { unit: t.id });
      const ones = dice.filter((d) => d === 1).length;
      if (ones) return pauseForLucky(s, run, by, 'penetrationResult', dice, { roll: 'penetrationResult', hit: { ...v } }, { result: ones === 1 ? 'systemKill' : 'nonDamaging' });
      penetrationResult(s, run, t, v.assault, dice);
      continue;
    }
    penetrate(s, run, t, w.id, at, facing, v.assault, roll);
  }
  return false;
}

/** A shot at a vehicle paused at a Lucky window on a penetration die goes on with the settled die (§2.7); true when another die opened it again. */
export function continueVehicleHits(s: S, run: Run, v: VehicleVolley, die: number | undefined, result?: number[]): boolean {
  return vehicleHits(s, run, v, true, die, result);
}

/**
 * A non-blast indirect strike's one hit (§7.11 [P]): the weapon's AT against the top armour. [P] A
 * shell is an incoming shot: an Energy Screen may deflect it, Reactive Armour a rocket (§2.5).
 */
export function topHit(s: S, run: Run, t: Unit, w: WeaponDef): void {
  if (hasProp(t, 'energyScreen') && run.roll('energy_screen', 1, { unit: t.id })[0] >= 5) { run.emit('deflected', { unit: t.id, by: 'energyScreen' }); return; }
  if (hasProp(t, 'reactiveArmour') && w.flags?.includes('rocket') && run.roll('reactive_armour', 1, { unit: t.id })[0] >= 4) { run.emit('deflected', { unit: t.id, by: 'reactiveArmour' }); return; }
  penetrate(s, run, t, w.id, w.at ?? 0, 'top', false);
}

/** One hit's penetration roll (§6.6): 1D6 + AT ≥ the facing's armour penetrates (results table); a failed hit rolls 1D6 and immobilizes on a 1. */
function penetrate(s: S, run: Run, t: Unit, weaponId: string, at: number, facing: Facing | 'top' | 'bottom', assault: boolean, held?: number): void {
  const armourValue = armourOf(t, facing);
  const die = held ?? run.roll('penetration', 1, { unit: t.id, weapon: weaponId, facing })[0];
  const total = die + at;
  const pen = total >= armourValue;
  run.emit('penetration', { unit: t.id, weapon: weaponId, facing, total, armour: armourValue, penetrated: pen });
  if (!pen) {
    const d = run.roll('immobilization', 1, { unit: t.id })[0];
    if (d === 1 && !t.vehicle!.immobilized) {
      t.vehicle!.immobilized = true;
      t.vehicle!.moraleDue = true;
      run.emit('immobilized', { unit: t.id });
    }
    return;
  }
  penetrationResult(s, run, t, assault);
}

/**
 * A mine's hits on a vehicle (§7.15): "resolve damage as normal, against the vehicle's bottom
 * armour", each hit at the mine's AT. [P] A mine is not a shot: no Energy Screen, Reactive Armour or
 * PDS deflects it.
 */
export function mineHits(s: S, run: Run, t: Unit, hits: number, at: number): void {
  for (let i = 0; i < hits && inPlay(t) && t.vehicle!.status !== 'knockedOut'; i++) penetrate(s, run, t, 'avMine', at, 'bottom', false);
}

/** The penetration results table (§6.6): neither die a 1 Vehicle Kill, one 1 System Kill, both 1s Non-Damaging Penetration; each penetration tests crew morale. */
export function penetrationResult(s: S, run: Run, t: Unit, assault = false, held?: number[]): void {
  const v = t.vehicle!;
  if (hasProp(t, 'fragile')) { knockOut(s, run, t, 'fragile', assault); return; }
  const [a, b] = held ?? run.roll('penetration_result', 2, { unit: t.id });
  const ones = (a === 1 ? 1 : 0) + (b === 1 ? 1 : 0);
  if (ones === 0) { knockOut(s, run, t, 'vehicleKill', assault); return; }
  if (cybertankHit(run, t, ones === 1 ? 'systemKill' : 'nonDamaging', s)) return;
  v.moraleDue = true;
  if (ones === 1) {
    v.status = 'systemKill';
    run.emit('system_kill', { unit: t.id });
  } else run.emit('non_damaging_penetration', { unit: t.id });
}

/** Vehicle Kill: knocked out, crew dead; every infantry unit of both sides with a figure within 4" of the hull is marked Under Fire (§6.6). */
export function knockOut(s: S, run: Run, t: Unit, why: string, assault = false): void {
  const poly = hull(t);
  t.vehicle!.status = 'knockedOut';
  hullFig(t).alive = false;
  t.out = true;
  run.emit('vehicle_kill', { unit: t.id, why });
  run.emit('unit_eliminated', { unit: t.id });
  // Tech Reverence (§2.6): the faithful within 12" of the wreck test morale at their next activation.
  iconDestroyed(s, run, t);
  for (const o of s.units) {
    if (o === t || isVehicle(o) || !inPlay(o) || o.hidden || o.kind === 'nonCombatant') continue;
    if (living(o).some((f) => circlePolygonDistance(f.at, f.r, poly) <= 400)) { markUnderFire(o); run.emit('under_fire', { unit: o.id, by: t.id }); }
  }
  // The passengers (§6.6, §6.11 item 5): placed round the wreck after the Under Fire marking [P].
  passengerFate(s, run, t, assault ? 'assault' : 'fire');
}

/** The crew bails out: the vehicle is abandoned for the game (§6.1). */
function abandon(s: S, run: Run, u: Unit): void {
  passengerFate(s, run, u, 'abandon');
  u.vehicle!.status = 'abandoned';
  hullFig(u).alive = false;
  u.out = true;
  run.emit('abandoned', { unit: u.id });
  run.emit('unit_eliminated', { unit: u.id });
}

// ---------------------------------------------------------------- activation (§5.2 item 2.1, §6.1)

/**
 * A vehicle's activation tests, in order (§5.2): crew morale (3D6 successes: 2-3 normal; 1 a
 * mobile vehicle falls back at Standard speed without fire, an immobilized one is abandoned;
 * 0 abandoned), then System Kill recovery (Quality test on 2D6, both must pass), then bogging
 * release. Returns whether it may take an order; vehicles have no Resolve.
 */
export function vehicleTests(s: S, run: Run, u: Unit): boolean {
  const v = u.vehicle!;
  liftOff(u);
  // A Cybertank is immune to morale (§2.5).
  if (moraleImmune(u)) v.moraleDue = false;
  if (v.moraleDue) {
    v.moraleDue = false;
    const n = successes(run.roll('crew_morale', 3, { unit: u.id }), QUALITY_TABLE[u.quality].target);
    run.emit('crew_morale', { unit: u.id, successes: n });
    if (n === 0 || (n === 1 && v.immobilized)) { abandon(s, run, u); return false; }
    if (n === 1) { u.fallingBack = true; run.emit('falls_back', { unit: u.id }); }
  }
  if (v.status === 'systemKill') {
    const n = successes(run.roll('system_kill_recovery', 2, { unit: u.id }), QUALITY_TABLE[u.quality].target);
    const ok = n === 2;
    run.emit('system_kill_recovery', { unit: u.id, successes: n, restored: ok });
    if (!ok) return false;
    v.status = 'ok';
  }
  if (v.bogged && boggingTest(run, u, 'bogging_release')) v.bogged = false;
  return true;
}

// ---------------------------------------------------------------- candidates (bots)

/** Each weapon system at the first target it may fire at, within fire control (greedy). */
function firePlanFor(s: S, u: Unit, speed: Drive['speed'], moved: number, at?: Pt, heading?: number): VehicleFire[] {
  const out: VehicleFire[] = [];
  const pri = vehiclePriority(s, u, at);
  vdef(u).weapons.forEach((m, i) => {
    for (const p of pri) {
      if (weaponFireProblem(s, u, i, p.unit.id, at, heading)) continue;
      const next = [...out, { weapon: i, target: p.unit.id }];
      if (fireControlProblem(u, speed, moved, next.map((f) => vdef(u).weapons[f.weapon]))) continue;
      out.push({ weapon: i, target: p.unit.id });
      break;
    }
  });
  return out;
}

/** A sample of legal orders: hold (with and without fire), Cautious and Standard moves toward the nearest enemy, the objective, or away, facing the enemy. */
export function driveCandidates(s: S, u: Unit): Action[] {
  const v = u.vehicle!;
  const out: Action[] = [];
  const add = (a: Drive) => { if (!driveProblem(s, u, a) && !out.some((b) => JSON.stringify(b) === JSON.stringify(a))) out.push(a); };
  const here = hullFig(u).at;
  add({ type: 'drive', speed: 'stationary', path: [], heading: v.heading, fire: [] });
  for (const p of passengersOf(s, u)) {
    const at = autoPlace(s, u, p);
    if (at) add({ type: 'drive', speed: 'stationary', path: [], heading: v.heading, fire: [], disembark: { unit: p.id, at } });
  }
  if (!u.fallingBack) add({ type: 'drive', speed: 'stationary', path: [], heading: v.heading, fire: firePlanFor(s, u, 'stationary', 0) });
  // Fire at an enemy sentry gun (§7.25 [P]).
  if (!u.fallingBack) for (const fire of sentryFireSets(s, u)) add({ type: 'drive', speed: 'stationary', path: [], heading: v.heading, fire });
  // Smoke, CIDS, call fire, jumps and Medevac (§2.5).
  for (const a of propertyCandidates(s, u)) add(a);
  // Fly/Grav: land where it hovers (not over impassable ground [P]), or take off again, without moving (§2.5, #78).
  if (isGrav(u) && (v.landed || !rockUnder(s, here))) add({ type: 'drive', speed: 'stationary', path: [], heading: v.heading, fire: [], land: !v.landed });
  if (v.immobilized || v.bogged) return out;
  const enemies = s.units.filter((t) => t.side !== u.side && t.side !== null && inPlay(t) && !t.hidden && living(t).length);
  const near = enemies.map((t) => living(t)[0].at).sort((a, b) => Math.hypot(a[0] - here[0], a[1] - here[1]) - Math.hypot(b[0] - here[0], b[1] - here[1]))[0];
  const goals: Pt[] = [];
  if (near) goals.push(near, [2 * here[0] - near[0], 2 * here[1] - near[1]]);
  for (const o of s.objectives) goals.push(o);
  // Round the compass too, so a blocked straight line still leaves ways to move.
  const aimed = goals.length;
  for (const [dx, dy] of [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]]) goals.push([here[0] + dx * 3000, here[1] + dy * 3000]);
  const sp = speeds(u);
  const k = vdef(u).mobility === 'wheel' ? 2 : 1;
  for (const [gi, g] of goals.entries()) {
    for (const speed of ['cautious', 'standard'] as const) {
      const allowance = speed === 'cautious' ? sp.cautious : sp.standard;
      if (allowance === null) continue;
      // An Amphibious vehicle samples quarter moves too: water halves its speed (§2.5).
      for (const frac of amphibious(u) ? [1, 0.5, 0.25] : [1, 0.5]) {
        const to = toward(here, g, Math.floor((allowance * frac) / k) - 1);
        if (to[0] === here[0] && to[1] === here[1]) continue;
        const heading = near ? bearing(to, near) : bearing(here, to);
        const fire = u.fallingBack ? [] : firePlanFor(s, u, speed, Math.hypot(to[0] - here[0], to[1] - here[1]), to, heading);
        add({ type: 'drive', speed, path: [to], heading, fire });
        if (fire.length) add({ type: 'drive', speed, path: [to], heading, fire: [] });
        // Fly/Grav: the moves toward the enemy, away or an objective also land at their end (§2.5, #78).
        if (isGrav(u) && gi < aimed) add({ type: 'drive', speed, path: [to], heading, fire, land: true });
      }
    }
  }
  // A Shock vehicle drives straight at the nearest figure of each enemy squad, its front edge ending on the base (§6.12).
  if (hasProp(u, 'shock') && !u.fallingBack) {
    for (const t of enemies.filter((x) => !isVehicle(x))) {
      const f = living(t).slice().sort((a, b) => Math.hypot(a.at[0] - here[0], a.at[1] - here[1]) - Math.hypot(b.at[0] - here[0], b.at[1] - here[1]))[0];
      const d = Math.hypot(f.at[0] - here[0], f.at[1] - here[1]);
      for (const speed of ['cautious', 'standard'] as const) {
        for (const slack of [0, 3, -3]) {
          const to = toward(here, f.at, Math.round(d - vdef(u).length / 2 - f.r + slack));
          add({ type: 'drive', speed, path: [to], heading: bearing(here, f.at), fire: [], shock: t.id });
        }
      }
    }
  }
  // Fly/Grav Scoot: anywhere on the table, to each objective and three points down the table's middle (§2.5).
  if (isGrav(u) && !u.fallingBack) {
    const mid = (k: number): Pt => [Math.round(s.table.w / 2), Math.round((s.table.h * k) / 4)];
    for (const g of [...s.objectives, mid(1), mid(2), mid(3)]) add({ type: 'drive', speed: 'standard', path: [[g[0], g[1]]], heading: v.heading, fire: [], scoot: true });
  }
  return out;
}

// ---------------------------------------------------------------- assaulting a vehicle (§6.11)

/** Contact with the hull: a figure's base within 0.05" of it (§3.2). */
export const touchesHull = (t: Unit, at: Pt, r: number) => circlePolygonDistance(at, r, hull(t)) <= 5;

/** Why the assault move does not reach the vehicle, or null: at least one figure ends in contact with the hull. */
export function vehicleAssaultProblem(s: S, u: Unit, t: Unit, end: Map<string, Pt>): Violation | null {
  if (u.fallingBack) return violation('falling_back', 'a falling-back unit may not initiate an assault (§6.1)');
  if (u.pinned) return violation('pinned', `${u.id} is Pinned: it cannot start an assault (§7.19)`);
  if (u.kind === 'sniper' || u.kind === 'weaponTeam') return violation('cannot_assault', `${u.id} does not assault`);
  if (airborne(t)) return violation('airborne', `${t.id} is airborne: it cannot be assaulted unless landed or touched down (§2.5)`);
  const contact = [...end.entries()].some(([id, p]) => touchesHull(t, p, u.figures.find((f) => f.id === id)!.r));
  if (!contact) return violation('no_contact', 'at least one figure must end in contact with the vehicle\'s hull (§6.11)');
  void s;
  return null;
}

/**
 * Close assault on a vehicle (§6.11): a nerve test (Quality on 1D6; failed, the unit hesitates and
 * its activation ends); the vehicle's defensive shot with the weapons its stationary fire control
 * allows that bear on the attackers [P]; the move (`move`: false when a mine halted it short,
 * §7.15); then each figure in contact with an AT-capable weapon scores one hit with its AT against
 * the facing it touches. No victor roll, no fall back; the crew tests morale at its next activation.
 */
export function assaultVehicle(s: S, run: Run, u: Unit, t: Unit, moves: { fig: string; path: Pt[] }[], move: (end: Map<string, Pt>) => boolean, lucky = false, from?: { weapons: number[]; index: number }): { weapons: number[]; index: number } | null {
  let chosen: number[] = from?.weapons ?? [];
  if (!from) {
    const bonus = nerveBonus(u);
    const nerve = run.roll('nerve_test', 1, { unit: u.id })[0] + bonus >= QUALITY_TABLE[u.quality].target;
    run.emit('nerve_test', { unit: u.id, target: t.id, passed: nerve, ...(bonus ? { tankHunter: bonus } : {}) });
    if (!nerve) return null;
    // The defensive shot: the first weapons that bear, within stationary fire control.
    if (t.vehicle!.status === 'ok') {
      const ws: VehicleWeapon[] = [];
      vdef(t).weapons.forEach((m, i) => {
        if (!living(u).some((f) => inArc(t, m, f))) return;
        if (fireControlProblem(t, 'stationary', 0, [...ws, m])) return;
        ws.push(m);
        chosen.push(i);
      });
    }
  }
  // The chargers' save and defence dice against it are theirs (§2.7): a Lucky window pauses the assault at that weapon's shot (`lucky`: the order resumes there, `from`).
  for (let i = from?.index ?? 0; i < chosen.length; i++) {
    if (!inPlay(u)) continue;
    shootAs(s, run, t, vdef(t).weapons[chosen[i]], u, true, lucky);
    if (lucky && s.phase === 'lucky' && s.luckyOrder) return { weapons: chosen, index: i };
  }
  chosen = [];
  if (!inPlay(u)) return null;
  const live = moves.filter((m) => u.figures.find((f) => f.id === m.fig)?.alive);
  // Mines are met on the way in (§7.15): a charge halted short scores no contact hits.
  if (!move(new Map(live.map((m) => [m.fig, m.path[m.path.length - 1]]))) || !inPlay(t)) return null;
  let scored = false;
  for (const f of living(u)) {
    if (!inPlay(t)) break;
    // An AT-rated weapon or AT grenades (Tank Hunter: +2 to the penetration roll) (§6.11).
    const w = closeAtWeapon(u, f);
    if (!w || !touchesHull(t, f.at, f.r)) continue;
    scored = true;
    run.emit('assault_hit', { figure: f.id, target: t.id, weapon: w.id });
    vehicleDamage(s, run, t, f.at, 1, [w], tankHunterPenetration(u), true);
  }
  if (inPlay(t)) t.vehicle!.moraleDue = true;
  run.emit('vehicle_assaulted', { unit: u.id, target: t.id, hits: scored });
  return null;
}

// ---------------------------------------------------------------- a reaction move (§5.1)

/**
 * A vehicle's reaction move (§5.1: "any opposing unit may react … taking a normal move") as a Drive
 * order [P]: a vehicle's normal move is its Cautious one (the Engage the Enemy move, §5.3), without
 * fire; it ends at `heading` (pivots are free, §2.5), by default facing along its last leg.
 */
export function reactionDrive(u: Unit, path: Pt[], heading?: number): Drive {
  const end = path[path.length - 1];
  const from = path.length > 1 ? path[path.length - 2] : hullFig(u).at;
  const along = !end || (end[0] === from[0] && end[1] === from[1]) ? u.vehicle!.heading : normHeading(bearing(from, end));
  return { type: 'drive', speed: 'cautious', path, heading: heading ?? along, fire: [] };
}

/** Centre of the hull (at `at`) to the nearest living figure or hull of `t`, edge of that figure (§3.2 "Distance" [P]). */
function centreTo(at: Pt, t: Unit): number {
  return Math.min(...living(t).map((f) => (isVehicle(t) ? circlePolygonDistance(at, 0, hull(t)) : Math.max(0, Math.hypot(f.at[0] - at[0], f.at[1] - at[1]) - f.r))));
}

/**
 * Why a vehicle's reaction move is not legal, or null (§5.1, §2.5, §6.3): one path of its hull
 * figure, legal as a Cautious drive (terrain, water, formation, overlaps, immobilized or bogged),
 * and directly towards the drawn unit (the hull centre ends nearer its nearest figure), directly
 * away (farther) or towards cover (`cover`: the hull figure's cover class improves) [P].
 */
export function reactionDriveProblem(s: S, u: Unit, to: Unit, moves: { fig: string; path: Pt[] }[], heading: number | undefined, cover: (at: Pt) => number): Violation | null {
  if (moves.length !== 1 || moves[0].fig !== hullFig(u).id) return violation('bad_path', `a vehicle's reaction move is one path of its hull figure ${hullFig(u).id} (§5.1)`);
  const path = moves[0].path;
  if (!path.length || path.length > 12) return violation('bad_path', `${hullFig(u).id}: a path has 1 to 12 points`);
  const d = reactionDrive(u, path, heading);
  const p = driveProblem(s, u, d);
  if (p) return p;
  const here = hullFig(u).at, end = path[path.length - 1];
  if (end[0] === here[0] && end[1] === here[1]) return violation('no_move', 'a reaction move moves the vehicle (§5.1)');
  const before = centreTo(here, to), after = centreTo(end, to);
  if (after < before || after > before || cover(end) > cover(here)) return null;
  return violation('reaction_move', `a reaction move goes directly towards ${to.id}, towards cover, or directly away from it (§5.1)`);
}

/** The vehicle's reaction move, validated beforehand: driven as a Cautious drive without fire (bogging, mines, a Fly/Grav take-off) (§5.1 [P]). */
export function applyReactionDrive(s: S, run: Run, u: Unit, path: Pt[], heading?: number): void {
  const d = reactionDrive(u, path, heading);
  driveMove(s, run, u, d);
  afterGravOrder(run, u, d);
}

/** Sampled reaction moves of a vehicle (§5.1): a Cautious move directly towards the drawn unit's nearest figure and directly away (backing off, still facing it), full and half, each legal. */
export function reactionDriveCandidates(s: S, u: Unit, to: Unit, ok: (moves: { fig: string; path: Pt[] }[], heading?: number) => boolean): { moves: { fig: string; path: Pt[] }[]; heading?: number }[] {
  const v = u.vehicle!;
  if (v.immobilized || v.bogged || !living(to).length) return [];
  const here = hullFig(u).at;
  const near = living(to).map((f) => f.at).sort((a, b) => Math.hypot(a[0] - here[0], a[1] - here[1]) - Math.hypot(b[0] - here[0], b[1] - here[1]))[0];
  const k = vdef(u).mobility === 'wheel' ? 2 : 1;
  const out: { moves: { fig: string; path: Pt[] }[]; heading?: number }[] = [];
  for (const [gi, g] of [near, [2 * here[0] - near[0], 2 * here[1] - near[1]] as Pt].entries()) {
    for (const frac of [1, 0.5]) {
      const end = toward(here, g, Math.floor((speeds(u).cautious * frac) / k) - 1);
      if (end[0] === here[0] && end[1] === here[1]) continue;
      const moves = [{ fig: hullFig(u).id, path: [end] }];
      const heading = gi === 1 ? normHeading(bearing(end, near)) : undefined;
      if (ok(moves, heading)) out.push({ moves, ...(heading === undefined ? {} : { heading }) });
    }
  }
  return out;
}
