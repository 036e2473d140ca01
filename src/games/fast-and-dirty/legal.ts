// One "why not" function per rule (STYLE §3): moves (§6.2, §3.2 "Movement", §5.4), fire
// (§6.4 preconditions, fire priority, bands), close assault (§6.10), demolitions (§7.5).
// Candidates, validation and queries all use these, so they cannot disagree.
import { closeOnly, has, traitMove } from './rules/traits.js';
import { carryProblem, medicMoveProblem } from './rules/wounds.js';
import { dist, edgeDistance, overlaps, distanceToBoundary, type Pt } from '../../engine/mech/geom2d.js';
import { hullUnder, isVehicle, vehicleAssaultProblem, vehicleTargetProblem } from './rules/vehicles.js';
import { isViolation, violation, type Violation } from '../../engine/types.js';
import { weapon } from './content.js';
import { inFortification, coherencyBasis, coherencyDistance, coherencyOf, inImpassable, pathCost, positionCover, samplePoints, sees, segmentBlock, smokeBlock, unitInCover } from './geometry.js';
import { aerialClearance } from './rules/nlu.js';
import { uplinkTargets } from './rules/command-traits.js';
import { clearance, flyerAssaultProblem } from './rules/flyer.js';
import { isBuilding, openingLimit, openingRoutes, sameRoom } from './rules/buildings.js';
import { gravityMove, rangeX, atmosphereOf } from './rules/environment.js';
import { QUALITY_TABLE, casualties, living, movers, inPlay, shiftQuality, troops, type Figure, type Path, type S, type Side, type Unit } from './state.js';
import { isSentryId, sentryAssaultProblem, sentryOnPath } from './rules/sentry.js';

export type Positions = Map<string, Pt>;

/**
 * Base Move 6", Under Fire −2" (§6.2, §6.9), minimum 0; Rush doubles after modifiers. With option
 * Variable movement the declared paths are checked against the largest roll (1D6+2 = 8", 2D6+4 = 16").
 */
export function moveAllowance(s: S, u: Unit, mode: 'move' | 'rush' | 'assault', variable = false): number {
  // A weapon team loses 1" of Move per crew member lost (§7.9); gravity adds or takes 2" (§7.8).
  // Gung Ho ignores Under Fire when moving to close assault (§2.6, §6.9).
  const uf = (u.underFire && !(mode === 'assault' && has(u, 'gungHo')) ? 200 : 0) + (u.kind === 'weaponTeam' ? 100 * casualties(u) : 0) - gravityMove(s) - traitMove(u);
  if (variable && mode === 'move') return Math.max(0, 800 - uf);
  if (variable && mode === 'rush') return Math.max(0, 1600 - 2 * uf);
  const base = Math.max(0, 600 - uf);
  if (mode === 'rush') return base * 2;
  if (mode === 'assault') return base + 400;
  return base;
}

/** Enemy units in play and on the table (hidden units are markers, not targets, §7.10 [P]). */
export const enemiesOf = (s: S, u: Unit) => s.units.filter((e) => e.side !== null && e.side !== u.side && inPlay(e) && !e.hidden && !e.reserve);

/** Distance from a set of positions to the nearest enemy figure (edge to edge; §3.2 "away from"). */
export function nearestEnemy(s: S, u: Unit, pos: (f: Figure) => Pt): number {
  let best = Infinity;
  // A Medic staying with the wounded does not move with the unit (§7.23).
  for (const e of enemiesOf(s, u)) for (const ef of living(e)) for (const f of movers(u)) best = Math.min(best, edgeDistance(pos(f), f.r, ef.at, ef.r));
  return best;
}

/** Exit edge of a side in Evacuation: side 0 leaves over y = 0, side 1 over y = H. */
function exitsOwnEdge(s: S, side: Side | null, p: Pt): boolean {
  if (s.victory.kind !== 'evacuation' || side === null) return false;
  return side === 0 ? p[1] < 0 : p[1] > s.table.h;
}

export interface MoveOpts {
  mode: 'move' | 'rush' | 'assault';
  /** The moving figures may exit over this side's own edge (Evacuation, controlled non-combatants). */
  exitFor?: Side | null;
  allowance?: number;
  /** Carrying wounded (§7.23): each carrier moves one wounded figure; both at half the allowance. */
  carry?: { by: string; fig: string }[];
  /** The Medic this order leaves behind with the wounded it leaves (§7.23). */
  stay?: string;
}

/** Each path with its living figure, one path per figure: the first check of every kind of move. */
export function figurePaths(u: Unit, moves: Path[], carried: string[] = []): Violation | { f: Figure; m: Path }[] {
  const figs = new Map([...living(u), ...u.figures.filter((f) => carried.includes(f.id) && !f.alive)].map((f) => [f.id, f]));
  const seen = new Set<string>();
  const out: { f: Figure; m: Path }[] = [];
  for (const m of moves) {
    const f = figs.get(m.fig);
    if (!f) return violation('not_a_figure', `${m.fig} is not a living figure of ${u.id}`);
    if (seen.has(m.fig)) return violation('duplicate_figure', `${m.fig} has two paths`);
    seen.add(m.fig);
    out.push({ f, m });
  }
  return out;
}

/**
 * Why a set of figure paths is not a legal move for the unit, or null; on success the end
 * positions (§3.2 "Movement", §6.2, §5.4).
 */
export function moveProblem(s: S, u: Unit, moves: Path[], opt: MoveOpts): Violation | { end: Positions } {
  // A Last Stand unit never moves; it may only close up after casualties, ≤ 1" (§7.13 [P]).
  const allowance0 = u.lastStand ? 100 : opt.allowance ?? moveAllowance(s, u, opt.mode, !!s.options.variableMovement);
  if (u.pinned && !u.lastStand && moves.length) return violation('pinned', `${u.id} is Pinned: it cannot Move or Rush (§7.19)`);
  const carry = opt.carry ?? [];
  if (carry.length) {
    const p = carryProblem(s, u, carry, moves);
    if (p) return p;
  }
  const paths = figurePaths(u, moves, carry.map((c) => c.fig));
  if (isViolation(paths)) return paths;
  const end: Positions = new Map();
  for (const { f, m } of paths) {
    const allowance = carry.some((c) => c.by === f.id || c.fig === f.id) ? Math.floor(allowance0 / 2) : allowance0;
    if (m.path.length === 0 || m.path.length > 12) return violation('bad_path', `${m.fig}: a path has 1 to 12 points`);
    const path = [f.at, ...m.path];
    for (const p of m.path.slice(0, -1)) {
      if (p[0] - f.r < 0 || p[1] - f.r < 0 || p[0] + f.r > s.table.w || p[1] + f.r > s.table.h) return violation('off_table', `${m.fig}: a path point is off the table (§3.2)`);
    }
    if (opt.mode === 'assault') {
      for (let i = 0; i + 1 < path.length; i++) {
        const sm = smokeBlock(s, path[i], path[i + 1]);
        if (sm) return violation('smoke', `${m.fig}: a smoke screen blocks charges through it (§7.26)`);
      }
    }
    const c = pathCost(s, path, has(u, 'agile'), clearance(s, u, f));
    if ('blocked' in c) return violation('impassable', `${m.fig}: the path crosses impassable terrain (${c.blocked}) (§3.2)`);
    // Leaving a trench costs 3" of the move (§7.7 [P]: a figure that starts inside one and ends outside).
    const leaving = inFortification(s, f.at, (k) => k === 'trench') && !inFortification(s, path[path.length - 1], (k) => k === 'trench') ? TRENCH_EXIT : 0;
    if (c.cost + leaving > allowance) return violation('beyond_allowance', `${m.fig}: the path costs ${c.cost / 100}"${leaving ? ' + 3" to leave the trench' : ''} of a ${allowance / 100}" allowance (§6.2${leaving ? ', §7.7' : ''})`, { cost: c.cost + leaving, allowance });
    for (const e of s.units) {
      if (e === u || e.side === u.side || !inPlay(e) || e.hidden) continue;
      for (const ef of living(e)) {
        for (let i = 0; i + 1 < path.length; i++) {
          const d = distToSeg(ef.at, path[i], path[i + 1]);
          if (d < ef.r + f.r - 2) return violation('crosses_enemy', `${m.fig}: the path crosses ${ef.id}'s base (§3.2)`);
        }
      }
    }
    // A sentry gun's emplacement is an obstacle, like a vehicle's hull (§7.25 [P]).
    const gun = sentryOnPath(s, path, f.r);
    if (gun) return violation('sentry_gun', `${m.fig}: the path crosses or ends on the sentry gun ${gun} (§7.25 [P], §3.2)`);
    const last = path[path.length - 1];
    const exit = opt.exitFor !== undefined && exitsOwnEdge(s, opt.exitFor, last);
    if (!exit) {
      if (last[0] - f.r < 0 || last[1] - f.r < 0 || last[0] + f.r > s.table.w || last[1] + f.r > s.table.h) return violation('off_table', `${m.fig} would end off the table (§3.2)`);
      const imp = inImpassable(s, last);
      if (imp) return violation('impassable', `${m.fig} would end in impassable terrain (${imp})`);
    }
    end.set(f.id, exit ? [last[0], last[1] < 0 ? -100 : s.table.h + 100] : last);
  }
  // No figure may end overlapping any footprint.
  const all: { id: string; at: Pt; r: number }[] = [];
  for (const v of s.units) if (!v.hidden) for (const f of living(v)) all.push({ id: f.id, at: end.get(f.id) ?? f.at, r: f.r });
  for (const c of carry) { const w = u.figures.find((f) => f.id === c.fig)!; all.push({ id: w.id, at: end.get(w.id) ?? w.at, r: w.r }); }
  // A carried figure ends beside its carrier [P: within 1", edge to edge].
  for (const c of carry) {
    const w = u.figures.find((f) => f.id === c.fig)!, b = u.figures.find((f) => f.id === c.by)!;
    if (edgeDistance(end.get(w.id) ?? w.at, w.r, end.get(b.id) ?? b.at, b.r) > 100) return violation('carried_apart', `${c.fig} is carried by ${c.by}: it ends within 1" of its carrier (§7.23 [P])`);
  }
  for (const [id, p] of end) {
    if (p[1] < 0 || p[1] > s.table.h) continue;
    const me = all.find((x) => x.id === id)!;
    for (const o of all) if (o.id !== id && overlaps(p, me.r, o.at, o.r)) return violation('overlap', `${id} would end overlapping ${o.id} (§3.2)`);
    // A vehicle's footprint is its hull rectangle (§3.2).
    const v = hullUnder(s, p, me.r);
    if (v) return violation('overlap', `${id} would end overlapping ${v}'s hull (§3.2)`);
  }
  if (end.size) {
    const p = coherencyProblem(u, end, opt.stay) ?? medicMoveProblem(s, u, end, opt.stay, carry.map((c) => c.by));
    if (p) return p;
  }
  return { end };
}

function distToSeg(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  if (l2 === 0) return dist(p, a);
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2));
  return dist(p, [a[0] + t * dx, a[1] + t * dy]);
}

/**
 * §5.4 [P]: a squad that was coherent must end coherent; one that was not must end coherent, or
 * with fewer groups, or as many and a smaller joining gap.
 */
export function coherencyProblem(u: Unit, end: Positions, stay?: string): Violation | null {
  const live = living(u).filter((f) => !(end.get(f.id) && (end.get(f.id)![1] < -50)));
  if (live.length < 2) return null;
  const before = coherencyOf(u, undefined, stay);
  const after = coherencyOf(u, end, stay);
  if (after.components.length === 1) return null;
  if (before.components.length === 1) return violation('incoherent', `${u.id} would end out of coherency (${coherencyDistance(u) / 100}" ${coherencyBasis(u)}) (§5.4)`);
  if (after.components.length < before.components.length) return null;
  if (after.components.length === before.components.length && after.joiningGap < before.joiningGap) return null;
  return violation('incoherent', `${u.id} is out of coherency and must reform (§5.4)`);
}

/** A Rush while Under Fire needs the whole move in cover, or to end in cover, or to move away (§6.2). */
export function underFireRushProblem(s: S, u: Unit, end: Positions): Violation | null {
  if (!u.underFire) return null;
  const moved = { ...u, figures: u.figures.map((f) => ({ ...f, at: end.get(f.id) ?? f.at })) };
  if (unitInCover(s, moved)) return null;
  if (nearestEnemy(s, u, (f) => end.get(f.id) ?? f.at) > nearestEnemy(s, u, (f) => f.at)) return null;
  return violation('under_fire_rush', 'a unit Under Fire may Rush only to cover or away from the enemy (§6.2)');
}

/** A fall-back move must end farther from the nearest enemy (§6.1 [P]). */
export function fallBackProblem(s: S, u: Unit, end: Positions): Violation | null {
  const before = nearestEnemy(s, u, (f) => f.at);
  const after = nearestEnemy(s, u, (f) => end.get(f.id) ?? f.at);
  if (after > before || before === Infinity) return null;
  return violation('fall_back_not_away', `a falling-back unit must end farther from the nearest enemy (${before / 100}" now, ${after / 100}" after) (§6.1)`);
}

/** §6.1: a unit in cover with no enemy within 8" may stay in place when it falls back. */
export function mayStayWhenFallingBack(s: S, u: Unit): boolean {
  return unitInCover(s, u) && nearestEnemy(s, u, (f) => f.at) > 800;
}

// ---------------------------------------------------------------- shooting (§6.4)

export interface FirePlan {
  firers: Figure[];
  visible: Figure[];
  band: 'base' | 'close' | 'medium' | 'long';
  distance: number;
  x: number;
}

/** The worst range multiplier among the squad's basic weapons (§6.4 step 3), under the conditions (§7.1, §7.8, §7.16). */
export function squadX(s: S, u: Unit, distance = 0): number {
  const xs = living(u).filter((f) => !f.support).map((f) => rangeX(s, u, weapon(f.weapon), distance));
  return xs.length ? Math.min(...xs) : Math.min(...living(u).map((f) => rangeX(s, u, weapon(f.weapon), distance)));
}

/**
 * Eligible firers and the band of a shot (§6.4 steps 1 and 3): each living figure with LOS to a
 * target figure within its weapon's long range; support weapons need a living small-arms figure.
 */
export function firePlan(s: S, u: Unit, t: Unit, pos?: Positions): FirePlan | null {
  if (t.hidden || u.hidden) return null;
  const base = QUALITY_TABLE[u.quality].base;
  const smallArms = living(u).some((f) => !f.support);
  const firers: Figure[] = [];
  const visible = new Set<Figure>();
  let best = Infinity;
  const centre = s.options.squadLos ? squadCentre(living(u).map((f) => pos?.get(f.id) ?? f.at)) : null;
  const buildings = s.terrain.some(isBuilding);
  const seenBy = new Map<Figure, { tf: Figure; d: number }[]>();
  for (const f0 of living(u)) {
    const f1 = pos?.get(f0.id) ? { ...f0, at: pos.get(f0.id)! } : f0;
    // Option Squad-based LOS (§6.4): LOS and range from one squad centre, a point (radius 0).
    const f = centre ? { ...f1, at: centre, r: 0 } : f1;
    const w = weapon(f.weapon);
    if (rangeX(s, u, w) === 0 || (f.support && !smallArms)) continue;
    // A psionic invoking a power this turn contributes nothing to ranged fire (§7.22).
    if (f.psi && (f.psi.silentTurn === s.turn || f.psi.usedTurn === s.turn)) continue;
    // A figure carrying a wounded comrade may not shoot (§7.23).
    if (f.carryTurn === s.turn && s.active === u.id) continue;
    let fires = false;
    for (const tf of living(t)) {
      const d = edgeDistance(f.at, f.r, tf.at, tf.r);
      if (d > 3 * base * rangeX(s, u, w, d)) continue;
      if (d > TRENCH_RANGE && dugIn(s, t, tf)) continue;
      if (!sees(s, f, tf, { fire: true, observerUnit: u, targetUnit: t })) continue;
      fires = true;
      visible.add(tf);
      best = Math.min(best, d);
      if (buildings) seenBy.set(f1, [...(seenBy.get(f1) ?? []), { tf, d }]);
    }
    if (fires) firers.push(f1);
  }
  // Buildings: 2 small-arms figures or 1 support weapon fire through each opening (§3.2 item 3).
  if (firers.length && buildings) {
    const kept = openingLimit(s.terrain, firers, (f, b) => {
      const ways: string[][] = [];
      for (const tf of visible) {
        if (sameRoom(b, f.at, tf.at)) { ways.push([]); continue; }
        for (const p of samplePoints(f.at, tf)) {
          if (!segmentBlock(s, f.at, p, { fire: true, observerUnit: u, targetUnit: t })) ways.push(...openingRoutes(b, f.at, p));
        }
      }
      return ways;
    });
    firers.splice(0, firers.length, ...kept);
    // The targets and range are those of the figures that fire.
    visible.clear();
    best = Infinity;
    for (const f of kept) for (const { tf, d } of seenBy.get(f) ?? []) { visible.add(tf); best = Math.min(best, d); }
  }
  if (!firers.length) return null;
  const x = squadX(s, u, best);
  const band = best <= base ? 'base' : best <= base * x ? 'close' : best <= 2 * base * x ? 'medium' : best <= 3 * base * x ? 'long' : null;
  if (!band) return null;
  return { firers, visible: [...visible], band, distance: best, x };
}

/** Troops in a trench that have not moved or fired this turn cannot be fired upon beyond 12" (§7.7, A37). */
export const TRENCH_RANGE = 1200;
export const TRENCH_EXIT = 300;
export function dugIn(s: S, t: Unit, f: Figure): boolean {
  return troops(t) && t.actedTurn !== s.turn && !!inFortification(s, f.at, (k) => k === 'trench');
}

/** The squad centre of option Squad-based LOS: the midpoint of the squad's longest axis (§6.4 step 1). */
export function squadCentre(ps: Pt[]): Pt {
  let a = ps[0], b = ps[0], best = -1;
  for (let i = 0; i < ps.length; i++) for (let j = i + 1; j < ps.length; j++) {
    const d = dist(ps[i], ps[j]);
    if (d > best) { best = d; a = ps[i]; b = ps[j]; }
  }
  return [Math.floor((a[0] + b[0]) / 2), Math.floor((a[1] + b[1]) / 2)];
}

/** Fire priority (§6.4 step 2): enemy units with a visible figure ranked by distance; the shooter picks among the closest N by Quality (one level lower Under Fire). */
export function priorityTargets(s: S, u: Unit, pos?: Positions): { unit: Unit; plan: FirePlan }[] {
  const ranked: { unit: Unit; plan: FirePlan }[] = [];
  for (const t of s.units) {
    if (t.side === u.side || !inPlay(t)) continue;
    const plan = firePlan(s, u, t, pos);
    if (plan) ranked.push({ unit: t, plan });
  }
  ranked.sort((a, b) => a.plan.distance - b.plan.distance || (a.unit.id < b.unit.id ? -1 : 1));
  // Uplink, in communications with no untreated wounded and no enemy within 10": any target (§2.6).
  if (uplinkTargets(s, u, pos)) return ranked;
  const q = u.underFire ? shiftQuality(u.quality, -1) : u.quality;
  return ranked.slice(0, Math.max(1, QUALITY_TABLE[q].priority));
}

export function fireProblem(s: S, u: Unit, target: string, pos?: Positions): Violation | null {
  const t = s.units.find((x) => x.id === target);
  if (!t || !inPlay(t)) return violation('no_such_target', `no unit ${target} in play`);
  if (t.side === u.side) return violation('not_enemy', `${target} is not an enemy unit`);
  if (!troops(u)) return violation('cannot_fire', `${u.id} may not fire`);
  if (u.pinned && !u.lastStand) return violation('pinned', `${u.id} is Pinned: it cannot shoot (§7.19)`);
  // Only AT-capable weapons fire at a vehicle (§2.3, §6.6).
  if (isVehicle(t)) { const vp = vehicleTargetProblem(s, u, t, pos); if (vp) return vp; }
  const sp = u.scatteredFire ? firePlan(s, u, t, pos) : null;
  if (sp && sp.distance > 1000) return violation('out_of_range', `${u.id} fires as Scattered fire: 10" at most (§6.8)`);
  // A Last Stand unit shoots at any enemy unit it chooses (§7.13); an Obvious Target may always be targeted (§2.6).
  if (u.lastStand || has(t, 'obviousTarget')) return firePlan(s, u, t, pos) ? null : violation('no_line_of_fire', `no figure of ${u.id} sees a figure of ${target} within range (§6.4 step 1)`);
  // Zombies, and Goons not returning fire, shoot only at close range (§2.6).
  if (closeOnly(s, u, target)) {
    const plan = firePlan(s, u, t, pos);
    if (plan && (plan.band === 'medium' || plan.band === 'long')) return violation('close_range_only', `${u.id} fires only at close range (${has(u, 'zombie') ? 'Zombie' : 'Goon, not returning fire'}, §2.6)`);
  }
  const pri = priorityTargets(s, u, pos);
  if (!pri.some((p) => p.unit.id === target)) {
    const plan = firePlan(s, u, t, pos);
    if (!plan) return violation('no_line_of_fire', `no figure of ${u.id} sees a figure of ${target} within range (§6.4 step 1)`);
    return violation('fire_priority', `${target} is not among the ${QUALITY_TABLE[u.underFire ? shiftQuality(u.quality, -1) : u.quality].priority} closest visible units (§6.4 step 2)`, { allowed: pri.map((p) => p.unit.id) });
  }
  return null;
}

// ---------------------------------------------------------------- blast shots (§6.7)

/**
 * A blast-capable support weapon firing alone at a target point (§6.7, A51): the point must be
 * within the weapon's long range and in LOS of its operator; the squad's other figures do not fire.
 */
export function blastProblem(s: S, u: Unit, fig: string, at: Pt, pos?: Positions): Violation | null {
  if (u.pinned) return violation('pinned', `${u.id} is Pinned: it cannot shoot (§7.19)`);
  const f0 = living(u).find((f) => f.id === fig);
  if (!f0) return violation('not_a_figure', `${fig} is not a living figure of ${u.id}`);
  const w = weapon(f0.weapon);
  if (!w.blast || !f0.support) return violation('not_a_blast_weapon', `${fig}'s ${w.name} has no blast (§6.7)`);
  if (!living(u).some((f) => !f.support)) return violation('no_operator', 'support weapons need a small-arms figure left in the squad (§6.4)');
  const f = pos?.get(fig) ? { ...f0, at: pos.get(fig)! } : f0;
  const long = 3 * QUALITY_TABLE[u.quality].base * rangeX(s, u, w, edgeDistance(f.at, f.r, at, 0));
  if (edgeDistance(f.at, f.r, at, 0) > long) return violation('out_of_range', `the point is beyond ${w.name}'s long range of ${long / 100}" (§6.7)`);
  if (at[0] < 0 || at[1] < 0 || at[0] > s.table.w || at[1] > s.table.h) return violation('off_table', 'the target point is off the table');
  if (segmentBlock(s, f.at, at, { fire: true, observerUnit: u, targetUnit: null })) return violation('no_line_of_fire', `${fig} has no line of sight to the target point (§6.7 [P])`);
  return null;
}

// ---------------------------------------------------------------- close assault (§6.10)

export function assaultProblem(s: S, u: Unit, target: string, end: Positions): Violation | null {
  // A sentry gun, as a vehicle (§7.25 [P], §6.11).
  if (isSentryId(target)) return sentryAssaultProblem(s, u, target, end);
  const t = s.units.find((x) => x.id === target);
  if (!t || !inPlay(t) || t.hidden) return violation('no_such_target', `no unit ${target} in play and on the table`);
  if (t.side === u.side || t.side === null) return violation('not_enemy', `${target} is not an enemy unit`);
  if (!troops(u)) return violation('cannot_assault', `${u.id} may not assault`);
  if (u.kind === 'sniper') return violation('sniper_no_assault', 'snipers never assault (§7.27)');
  if (u.kind === 'weaponTeam') return violation('team_no_assault', 'heavy weapon teams do not assault (§7.9 [P])');
  if (u.fallingBack) return violation('falling_back', 'a falling-back unit may not initiate an assault (§6.1)');
  if (u.pinned) return violation('pinned', `${u.id} is Pinned: it cannot start an assault (§7.19)`);
  if (isVehicle(t)) return vehicleAssaultProblem(s, u, t, end);
  const airborne = flyerAssaultProblem(t);
  if (airborne) return airborne;
  const contact = [...end.entries()].some(([id, p]) => {
    const f = u.figures.find((x) => x.id === id)!;
    return living(t).some((tf) => edgeDistance(p, f.r, tf.at, tf.r) <= 5);
  });
  if (!contact) return violation('no_contact', 'at least one figure must end in base contact with an enemy figure (§6.2, §6.10)');
  return null;
}

// ---------------------------------------------------------------- demolitions (§7.5)

export function demolitionProblem(s: S, u: Unit, act: 'rig' | 'detonate', fig: string): Violation | null {
  const d = u.demolition;
  if (!d || d.charges < 1) return violation('no_charges', `${u.id} carries no demolition charges (§7.5)`);
  if (s.victory.kind !== 'demolition') return violation('no_target', 'no demolition target in this scenario');
  const target = s.terrain.find((f) => f.id === (s.victory as { target: string }).target)!;
  if (target.status === 'destroyed') return violation('destroyed', 'the target is already destroyed');
  const f = living(u).find((x) => x.id === fig);
  if (!f) return violation('not_a_figure', `${fig} is not a living figure of ${u.id}`);
  if (act === 'rig') {
    if (d.rigged !== 'no') return violation('already_rigged', 'the charges are already rigged (§7.5)');
    if (distanceToBoundary(f.at, target.points) - f.r > 5) return violation('not_in_contact', `${fig} must be in contact with ${target.id} to rig charges (§7.5 [P])`);
    return null;
  }
  if (d.rigged !== 'yes') return violation('not_rigged', 'the charges are not rigged (§7.5)');
  const figs = living(u);
  if (figs.length > 1 && figs.some((x) => edgeDistance(x.at, x.r, d.riggedAt!, 0) < 400)) return violation('too_close', 'every figure must be at least 4" from the charges to detonate (§7.5)');
  return null;
}

export { positionCover };

// ---------------------------------------------------------------- snipers and smoke (§7.27, §7.26)

/** A sniper's aimed shot: any enemy unit (no fire priority), at a figure it sees within its weapon's long range (§7.27). */
export function aimedProblem(s: S, u: Unit, target: string, fig: string): Violation | null {
  if (u.kind !== 'sniper') return violation('not_a_sniper', 'only snipers take aimed shots (§7.27)');
  if (u.pinned) return violation('pinned', `${u.id} is Pinned: it cannot shoot (§7.19)`);
  const t = s.units.find((x) => x.id === target);
  if (!t || !inPlay(t)) return violation('no_such_target', `no unit ${target} in play`);
  if (t.side === u.side || t.side === null) return violation('not_enemy', `${target} is not an enemy unit`);
  if (isVehicle(t)) return violation('no_at_weapon', 'an aimed shot is at an infantry figure: a sniper rifle has no AT rating (§2.3, §7.27)');
  const tf = living(t).find((f) => f.id === fig);
  if (!tf) return violation('not_a_figure', `${fig} is not a living figure of ${target}`);
  const sn = living(u)[0];
  const long = 3 * QUALITY_TABLE[u.quality].base * rangeX(s, u, weapon(sn.weapon), edgeDistance(sn.at, sn.r, tf.at, tf.r));
  if (edgeDistance(sn.at, sn.r, tf.at, tf.r) > long) return violation('out_of_range', `${fig} is beyond the sniper's long range of ${long / 100}" (§6.4)`);
  if (!sees(s, sn, tf, { fire: true, observerUnit: u, targetUnit: t })) return violation('no_line_of_fire', `the sniper cannot see ${fig} (§7.27: a visible figure)`);
  if (edgeDistance(sn.at, sn.r, tf.at, tf.r) > TRENCH_RANGE && dugIn(s, t, tf)) return violation('dug_in', `${fig} is in a trench and has not moved or fired this turn: not beyond 12" (§7.7)`);
  return null;
}

/** Smoke (§7.26): a squad with rifle grenades or a grenade launcher, once per game; two points ≤ 10" from the squad and ≤ 12" apart. */
export function smokeProblem(s: S, u: Unit, pts: unknown, pos?: Positions): Violation | null {
  const ok = (p: unknown) => Array.isArray(p) && p.length === 2 && Number.isInteger(p[0]) && Number.isInteger(p[1]);
  if (!Array.isArray(pts) || pts.length !== 2 || !pts.every(ok)) return violation('malformed_action', 'smoke is two points [[x, y], [x, y]] in hundredths of an inch');
  const [a, b] = pts as [Pt, Pt];
  if (u.pinned) return violation('pinned', `${u.id} is Pinned: it cannot shoot (§7.19)`);
  if (!living(u).some((f) => f.support && weapon(f.weapon).flags?.includes('smoke'))) return violation('no_smoke', `${u.id} carries no rifle grenades or grenade launcher (§7.26)`);
  if (atmosphereOf(s, u.side) === 'vacuum') return violation('vacuum', 'smoke does not work in vacuum (§7.1, §7.26)');
  if (u.smokeUsed) return violation('smoke_used', `${u.id} has laid its one smoke screen of the game (§7.26)`);
  if (dist(a, b) > 1200) return violation('too_far_apart', 'the two smoke points must be at most 12" apart (§7.26)');
  for (const p of [a, b]) {
    if (p[0] < 0 || p[1] < 0 || p[0] > s.table.w || p[1] > s.table.h) return violation('off_table', 'a smoke point is off the table');
    const near = living(u).some((f) => edgeDistance(pos?.get(f.id) ?? f.at, f.r, p, 0) <= 1000);
    if (!near) return violation('out_of_range', 'each smoke point must be within 10" of the squad (§7.26)');
  }
  return null;
}
