// The table questions of Fast and Dirty over src/engine/mech/geom2d (spec §3.2): line of sight
// with sample points, woods budget, hills and friendly-fire blocking; position cover, cover
// against a shot, unit cover; movement cost with terrain multipliers and obstacle surcharges;
// coherency (§5.4). All in integer hundredths of an inch.
import {
  coherency, crossesInterior, edgeDistance, inside, insideLength, perpendicularPoints, piecewise, pointPolylineDistance,
  pointSegmentDistance, segmentMeetsPolyline, SpatialIndex, boxOf, type Pt,
} from '../../engine/mech/geom2d.js';
import { hullBlock } from './rules/vehicles.js';
import { sentryBlock } from './rules/sentry.js';
import { POWERED_COHERENCY, powered } from './rules/powered.js';
import { airborne } from './rules/grav.js';
import { buildingBlocks, buildingCrossing, isBuilding } from './rules/buildings.js';
import { QUALITY_TABLE, shiftQuality, living, staysBehind, troops, type CoverClass, type Feature, type Figure, type S, type Unit } from './state.js';

const COVER_RANK: Record<CoverClass, number> = { none: 0, soft: 1, hard: 2 };
export const betterCover = (a: CoverClass, b: CoverClass): CoverClass => (COVER_RANK[a] >= COVER_RANK[b] ? a : b);

const indexCache = new Map<string, SpatialIndex<number>>();
/** Terrain features by bounding box (rbush), built once per scenario (terrain shapes never change). */
function terrainIndex(s: S): SpatialIndex<number> {
  let ix = indexCache.get(s.scenario);
  if (!ix) {
    ix = new SpatialIndex<number>();
    s.terrain.forEach((f, i) => ix!.insert(boxOf(f.points, 100), i));
    indexCache.set(s.scenario, ix);
  }
  return ix;
}
function featuresNear(s: S, a: Pt, b: Pt = a, pad = 0): Feature[] {
  return terrainIndex(s).alongSegment(a, b, pad).map((i) => s.terrain[i]);
}

const isArea = (f: Feature) => f.kind === 'area' || f.kind === 'structure';

// ---------------------------------------------------------------- line of sight (§3.2 items 1-4)

export interface LosOptions {
  /** Shooting (friendly infantry blocks with the 4" gap rule, §3.2 / p.14) rather than spotting. */
  fire: boolean;
  observerUnit: Unit;
  targetUnit: Unit | null;
}

const terrainCache = new Map<string, string | null>();

/** Why the segment from O to T is obstructed, or null (§3.2 item 2). */
export function segmentBlock(s: S, o: Pt, t: Pt, opt: LosOptions): string | null {
  // Terrain never changes shape within a scenario: its verdict per segment is cached.
  const key = `${s.scenario}|${o[0]},${o[1]},${t[0]},${t[1]}`;
  let terrain = terrainCache.get(key);
  if (terrain === undefined) {
    if (terrainCache.size > 200_000) terrainCache.clear();
    terrain = terrainBlock(s, o, t);
    terrainCache.set(key, terrain);
  }
  // An airborne Fly/Grav vehicle, or a Flyer (§2.6 [P]), sees and is seen over terrain features (§2.5).
  if (terrain && !aloft(opt.observerUnit) && !(opt.targetUnit && aloft(opt.targetUnit))) return terrain;
  const smoke = smokeBlock(s, o, t);
  if (smoke) return smoke;
  const veh = hullBlock(s, o, t, opt.observerUnit.id, opt.targetUnit?.id ?? null);
  if (veh) return veh;
  // A sentry gun's emplacement blocks as a hull does (§7.25 [P]).
  const gun = sentryBlock(s, o, t, opt.observerUnit.id, opt.targetUnit?.id ?? null);
  if (gun) return gun;
  return friendlyBlock(s, o, t, opt);
}

/** Airborne for sight: a Fly/Grav vehicle not landed (§2.5) or a unit with the Flyer trait (§2.6). */
const aloft = (u: Unit) => airborne(u) || !!u.traits?.includes('flyer');

function terrainBlock(s: S, o: Pt, t: Pt): string | null {
  let woodsLight = 0, woodsDense = 0;
  const hills = featuresNear(s, o, t).filter((f) => f.kind === 'hill');
  const oHill = hills.find((h) => inside(o, h.points));
  const tHill = hills.find((h) => inside(t, h.points));
  for (const f of featuresNear(s, o, t)) {
    if (f.kind === 'hill') {
      if (!oHill && !tHill && crossesInterior(o, t, f.points)) return `hill:${f.id}`;
      continue;
    }
    if (f.kind === 'linear') {
      if (f.los === 'block' && segmentMeetsPolyline(o, t, f.points)) return `feature:${f.id}`;
      continue;
    }
    // Buildings: seen into and out of only through openings (§3.2 item 3).
    if (isBuilding(f)) {
      if (buildingBlocks(f, o, t, crossesInterior(o, t, f.points))) return `feature:${f.id}`;
      continue;
    }
    if (f.los === 'block') {
      if (!crossesInterior(o, t, f.points)) continue;
      // A non-enclosed feature that O or T stands inside does not block (structures are closed).
      if (f.kind === 'area' && (inside(o, f.points) || inside(t, f.points))) continue;
      // From a hill, lower blocking features do not block unless within 1" of the lower figure.
      const elev = Math.max(oHill?.height ?? 0, tHill?.height ?? 0);
      if (elev > f.height) {
        const lower = (oHill?.height ?? 0) <= (tHill?.height ?? 0) ? o : t;
        const near = inside(lower, f.points) || pointPolylineDistance(lower, [...f.points, f.points[0]]) <= 100;
        if (!near) continue;
      }
      return `feature:${f.id}`;
    }
    if (f.los === 'woodsLight') woodsLight += insideLength(o, t, f.points);
    if (f.los === 'woodsDense') woodsDense += insideLength(o, t, f.points);
  }
  // Woods: blocked when a/4" + b/2" > 1 (§3.2), i.e. a + 2b > 4" in hundredths.
  if (woodsLight + 2 * woodsDense > 400) return 'woods';
  return null;
}

/** A smoke screen's line blocks all LOS, shooting and charges through it (§7.26). */
export function smokeBlock(s: S, o: Pt, t: Pt): string | null {
  for (const m of s.smoke ?? []) if (segmentMeetsPolyline(o, t, [m.a, m.b])) return `smoke:${m.unit}`;
  return null;
}

function friendlyBlock(s: S, o: Pt, t: Pt, opt: LosOptions): string | null {
  // Vehicles fire over friendly infantry (§3.2 item 2).
  if (opt.fire && troops(opt.observerUnit) && opt.observerUnit.kind !== 'vehicle') {
    for (const u of s.units) {
      // An attached Hero firing on his own is not blocked by the squad he is with (rules/natures.ts heroUnit).
      if (u.id === opt.observerUnit.id || u.id === opt.observerUnit.attachedTo || u.side !== opt.observerUnit.side || !troops(u) || u.hidden) continue;
      const figs = living(u);
      for (const f of figs) if (pointSegmentDistance(f.at, o, t) < f.r) return `friendly:${u.id}`;
      for (let i = 0; i < figs.length; i++) {
        for (let j = i + 1; j < figs.length; j++) {
          if (edgeDistance(figs[i].at, figs[i].r, figs[j].at, figs[j].r) >= 400) continue;
          if (segmentMeetsPolyline(o, t, [figs[i].at, figs[j].at])) return `friendly-gap:${u.id}`;
        }
      }
    }
  }
  return null;
}

/** Sample points of an infantry-type target: its centre and the two base points square to the line of sight. */
export function samplePoints(from: Pt, t: Figure): Pt[] {
  return [t.at, ...perpendicularPoints(t.at, t.r, from)];
}

/** An observer figure sees a target figure if any sample segment is clear (§3.2 item 1). */
export function sees(s: S, o: Figure, t: Figure, opt: LosOptions): boolean {
  for (const p of samplePoints(o.at, t)) if (!segmentBlock(s, o.at, p, opt)) return true;
  return false;
}

// ---------------------------------------------------------------- cover (§3.2 "Cover")

/** Position cover: the area it stands in, or a linear feature within 1" of its base. */
export function positionCover(s: S, f: Figure): CoverClass {
  let c: CoverClass = 'none';
  for (const t of featuresNear(s, f.at, f.at, f.r + 100)) {
    if (t.kind === 'area' && inside(f.at, t.points)) c = betterCover(c, t.cover);
    if (t.kind === 'linear' && pointPolylineDistance(f.at, t.points) - f.r <= 100) c = betterCover(c, t.cover);
  }
  return c;
}

/** Cover of a figure against a shot from `firer`, and the fortification giving it (§3.2, §7.7). */
export function coverAgainst(s: S, firer: Pt, f: Figure): { cover: CoverClass; fort: Feature | null } {
  let best: { cover: CoverClass; fort: Feature | null } = { cover: 'none', fort: null };
  for (const t of featuresNear(s, f.at, f.at, f.r + 100)) {
    if (t.kind === 'area' && t.cover !== 'none' && inside(f.at, t.points)) {
      // A destroyed bunker keeps its own cover class but gives no fortification (§6.6).
      const fort = t.fortification && t.status !== 'destroyed';
      const c = fort ? 'hard' : t.cover;
      if (COVER_RANK[c] > COVER_RANK[best.cover] || (c === best.cover && fort && !best.fort)) best = { cover: c, fort: fort ? t : null };
    }
  }
  if (best.cover !== 'none') return best;
  for (const t of featuresNear(s, firer, f.at, 100)) {
    if (t.kind !== 'linear' || t.cover === 'none') continue;
    if (pointPolylineDistance(f.at, t.points) - f.r > 100) continue;
    if (!segmentMeetsPolyline(firer, f.at, t.points)) continue;
    const c = t.fortification ? 'hard' : t.cover;
    if (COVER_RANK[c] > COVER_RANK[best.cover]) best = { cover: c, fort: t.fortification ? t : null };
  }
  return best;
}

/** Unit cover: the cover held by the majority of the visible target figures; a tie takes the better (A11). */
export function unitCover(covers: CoverClass[]): CoverClass {
  const n = { none: 0, soft: 0, hard: 0 };
  for (const c of covers) n[c]++;
  const order: CoverClass[] = ['hard', 'soft', 'none'];
  let best: CoverClass = 'none', bestN = -1;
  for (const c of order) if (n[c] > bestN) { best = c; bestN = n[c]; }
  return best;
}

/** A unit is "in cover" when the majority of its figures are (§3.2). */
export function unitInCover(s: S, u: Unit): boolean {
  const figs = living(u);
  const k = figs.filter((f) => positionCover(s, f) !== 'none').length;
  return k * 2 > figs.length;
}

// ---------------------------------------------------------------- movement (§6.2, §3.2 "Movement")

const MULT = { open: 1, difficult: 2, veryDifficult: 3, impassable: 0 } as const;

/** Crossing surcharge of a linear obstacle by height: waist-high 1", man-high 3", taller impassable (§3.2 Heights). */
export function crossingCost(f: Feature): number | null {
  if (f.move === 'impassable') return null;
  if (f.height <= 75) return f.height > 0 ? 100 : 0;
  if (f.height <= 150) return 300;
  return null;
}

/**
 * The cost of a figure's path, or why it is not allowed (impassable ground or obstacle). `hover`:
 * an Aerial figure's clearance (rules/nlu.ts): terrain no higher is passed over at no cost.
 */
export function pathCost(s: S, path: Pt[], agile = false, hover = 0): { cost: number } | { blocked: string } {
  let cost = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i], b = path[i + 1];
    const near = featuresNear(s, a, b);
    const areas = near.filter(isArea);
    for (const piece of piecewise(a, b, areas.map((f) => f.points))) {
      let m = 1;
      for (const k of piece.within) {
        const f = areas[k];
        if (hover && f.height <= hover) continue;
        if (f.move === 'impassable') return { blocked: f.id };
        // Agile (§2.6): no difficult-terrain penalty.
        if (!agile) m = Math.max(m, MULT[f.move]);
      }
      cost += piece.len * m;
    }
    for (const f of near) {
      if (hover && f.kind !== 'hill' && f.height <= hover) continue;
      // Buildings are entered and left only through openings (§3.2 item 3).
      if (isBuilding(f)) {
        const c = buildingCrossing(f, a, b);
        if (c === null) return { blocked: f.id };
        cost += c;
        continue;
      }
      if (f.kind !== 'linear' || !segmentMeetsPolyline(a, b, f.points)) continue;
      const c = crossingCost(f);
      if (c === null) return { blocked: f.id };
      cost += c;
    }
  }
  return { cost };
}

/** The fortification area of a kind a point stands in (trench, bunker…), or null (§7.7). */
export function inFortification(s: S, p: Pt, kind: (f: NonNullable<Feature['fortification']>) => boolean): Feature | null {
  return s.terrain.find((f) => f.kind === 'area' && f.fortification && kind(f.fortification) && f.status !== 'destroyed' && inside(p, f.points)) ?? null;
}

/** Whether a point is inside impassable terrain. */
export function inImpassable(s: S, p: Pt): string | null {
  for (const f of featuresNear(s, p)) if (isArea(f) && f.move === 'impassable' && inside(p, f.points)) return f.id;
  return null;
}

// ---------------------------------------------------------------- coherency (§5.4)

export function coherencyDistance(u: Unit): number {
  // Weapon teams always use 2" (§2.1).
  // Recon: coherency +1" (§2.6).
  // Powered armour: always 6" (§7.21).
  if (powered(u)) return POWERED_COHERENCY;
  // Basic Forces limitation Inflexible: 2" "regardless of individual quality ratings" (§2.10).
  if (u.inflexibleCoherency) return 200;
  // Infiltration: as one Quality level higher (§2.6).
  if (u.traits?.includes('infiltrate') && u.kind !== 'weaponTeam') return QUALITY_TABLE[shiftQuality(u.quality, 1)].coherency + (u.traits?.includes('recon') ? 100 : 0);
  return u.kind === 'weaponTeam' ? 200 : QUALITY_TABLE[u.quality].coherency + (u.traits?.includes('recon') ? 100 : 0);
}

/** Why coherencyDistance gives what it gives, for the problem messages. */
export function coherencyBasis(u: Unit): string {
  if (powered(u)) return 'for powered armour (§7.21)';
  const recon = u.traits?.includes('recon') ? ', +1" Recon' : '';
  if (u.traits?.includes('infiltrate') && u.kind !== 'weaponTeam') return `for ${u.quality} with Infiltration, as ${shiftQuality(u.quality, 1)}${recon}`;
  if (u.kind === 'weaponTeam') return 'for a weapon team (§2.1)';
  return `for ${u.quality}${recon}`;
}

export function coherencyOf(u: Unit, positions?: Map<string, Pt>, stay?: string) {
  // A scout out on its own is not counted until it returns (§7.24); nor is a Medic left with the
  // wounded (§7.23 [P]), already or by this order (`stay`).
  const figs = living(u).filter((f) => f.id !== u.scout && f.id !== u.scoutMate && f.id !== stay && !staysBehind(u, f));
  return coherency(figs.map((f) => positions?.get(f.id) ?? f.at), figs.map((f) => f.r), coherencyDistance(u));
}
