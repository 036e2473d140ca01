// Drop troops (§7.6, checklist #61): a unit held in reserve (`drop: true` in its spec) enters by
// activation: its owner names a drop point at least 6" from any difficult terrain feature and any
// enemy figure; a Quality test on 3D6 places it there on 3 successes, else it scatters the sum of
// one D6 per failed die in a random direction (3 failures: it also lands Pinned); the defender's
// anti-aircraft fire rolls 2 / 3 / 4 kill dice (Light / Moderate / Heavy), each 5+ killing a
// landing figure, and the unit lands Under Fire; figures landing in woods or on buildings roll 1D6
// (killed on 5+, powered armour on 6: a wound kills without the wound rules). The drop is the
// unit's activation.
import { violation, type Violation } from '../../../engine/types.js';
import { along, dist, distanceToBoundary, edgeDistance, inside, overlaps, pointPolylineDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { coherencyOf, inImpassable } from '../geometry.js';
import { armour } from '../content.js';
import { QUALITY_TABLE, inPlay, living, other, type Action, type Feature, type S, type Side, type Unit } from '../state.js';
import { arrangeAt } from './hidden.js';
import { afterCasualties } from './combat.js';
import { applyHurt } from './wounds.js';
import { Run, randomDirection, successes } from './run.js';
import { sentryOnPath } from './sentry.js';
import { hullUnder } from './vehicles.js';

/** Distance kept from difficult terrain and enemy figures (§7.6). */
export const DROP_CLEAR = 600;
export type AntiAircraft = 'light' | 'moderate' | 'heavy';
/** Kill dice per AA unit by density (§7.6). */
export const AA_DICE: Record<AntiAircraft, number> = { light: 2, moderate: 3, heavy: 4 };

/** "Difficult terrain feature" [P]: any area or structure that is not open ground, and any linear obstacle. */
const difficult = (f: Feature) => (f.kind === 'linear' ? f.height > 0 : f.kind !== 'hill' && f.move !== 'open');

function featureDistance(f: Feature, p: Pt): number {
  if (f.kind === 'linear') return pointPolylineDistance(p, f.points);
  return inside(p, f.points) ? 0 : distanceToBoundary(p, f.points);
}

/** The defending side's AA density (option `antiAircraft`, at least Light, §7.6). */
export function aaOf(s: S, side: Side): AntiAircraft {
  const v = (s.options.antiAircraft ?? {})[side];
  return v === 'moderate' || v === 'heavy' ? v : 'light';
}

/** Why the unit may not drop at this point, or null (§7.6). */
export function dropProblem(s: S, u: Unit, at: unknown): Violation | null {
  if (!u.reserve) return violation('not_in_reserve', `${u.id} is not held in reserve (§7.6)`);
  if (!Array.isArray(at) || at.length !== 2 || !Number.isInteger(at[0]) || !Number.isInteger(at[1])) return violation('malformed_action', 'the drop point is [x, y] in integer hundredths of an inch');
  const p = at as unknown as Pt;
  if (p[0] < 0 || p[1] < 0 || p[0] > s.table.w || p[1] > s.table.h) return violation('off_table', 'the drop point is off the table (§3.2)');
  for (const f of s.terrain) {
    if (!difficult(f)) continue;
    const d = featureDistance(f, p);
    if (d < DROP_CLEAR) return violation('near_terrain', `the drop point is ${d / 100}" from ${f.id}: at least 6" from any difficult terrain feature (§7.6)`, { feature: f.id, distance: d });
  }
  for (const e of s.units) {
    if (e.side === u.side || e.side === null || !inPlay(e) || e.hidden) continue;
    for (const g of living(e)) {
      const d = edgeDistance(p, 0, g.at, g.r);
      if (d < DROP_CLEAR) return violation('near_enemy', `the drop point is ${d / 100}" from ${g.id}: at least 6" from any enemy figure (§7.6)`, { figure: g.id, distance: d });
    }
  }
  // The figures must fit round the point (they are arranged on it if it does not scatter).
  const probe = { ...u, reserve: false };
  if (!arrangeAt(s, probe, p)) return violation('no_room', `${u.id}'s figures do not fit round the drop point`);
  return null;
}

/** Where the figures stand: round the point, else round the nearest point that fits within 12" [P]. */
function landing(s: S, u: Unit, at: Pt): Map<string, Pt> | null {
  const direct = arrangeAt(s, u, at);
  if (direct) return direct;
  for (let r = 100; r <= 1200; r += 100) {
    for (const v of [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]] as Pt[]) {
      const p = along(at, v, r);
      if (p[0] < 0 || p[1] < 0 || p[0] > s.table.w || p[1] > s.table.h) continue;
      const pos = arrangeAt(s, u, p);
      if (pos) return pos;
    }
  }
  return null;
}

/** A building for the landing roll: a structure, or an area feature that blocks LOS. Woods: the wooded LOS classes. */
function hazard(s: S, p: Pt): Feature | null {
  return s.terrain.find((f) => f.kind !== 'linear' && f.kind !== 'hill' && (f.kind === 'structure' || f.los === 'block' || f.los === 'woodsLight' || f.los === 'woodsDense') && inside(p, f.points)) ?? null;
}

/** The drop (§7.6), validated beforehand; returns whether it lands Pinned (set after the activation ends). */
export function drop(s: S, run: Run, u: Unit, at: Pt): { landed: boolean; pinned: boolean; at?: Pt; building?: string | null } {
  const side = u.side as Side;
  const n = successes(run.roll('drop_test', 3, { unit: u.id }), QUALITY_TABLE[u.quality].target);
  let p: Pt = [at[0], at[1]];
  let scatter = 0;
  if (n < 3) {
    scatter = run.roll('drop_scatter', 3 - n, { unit: u.id }).reduce((a, b) => a + b, 0);
    const q = along(p, randomDirection(run), scatter * 100);
    p = [Math.max(0, Math.min(s.table.w, q[0])), Math.max(0, Math.min(s.table.h, q[1]))];
  }
  run.emit('drop', { unit: u.id, at, successes: n, scatter, landing: p });
  // Anti-aircraft fire of the defending side (one abstract AA unit, §7.6 [P]).
  const aa = aaOf(s, other(side));
  const kills = run.roll('aa_fire', AA_DICE[aa], { unit: u.id, density: aa }).filter((d) => d >= 5).length;
  u.reserve = false;
  const lost: string[] = [];
  for (let i = 0; i < kills && living(u).length; i++) {
    const figs = living(u);
    const f = figs[figs.length > 1 ? run.pick('aa_casualty', figs.length, { unit: u.id }) : 0];
    f.at = [p[0], p[1]];
    // A kill result: Resilient figures lose 2 RP instead (§2.6, rules/resilience.ts).
    if (applyHurt(s, run, u, f, 'killed')) lost.push(f.id);
  }
  run.emit('aa_fire', { unit: u.id, density: aa, killed: lost });
  const pos = living(u).length ? landing(s, u, p) : new Map<string, Pt>();
  if (!pos) {
    // Nowhere to stand within 12" of the landing point: it stays in reserve [P].
    u.reserve = true;
    run.emit('drop_no_room', { unit: u.id });
    return { landed: false, pinned: false };
  }
  for (const f of living(u)) { const q = pos.get(f.id)!; f.at = [q[0], q[1]]; }
  // Some figures stand: their owner arranges them (the `arrange` decision, §7.6), then they land.
  if (living(u).length) return { landed: true, pinned: n === 0, at: p, building: inImpassable(s, p) };
  land(s, run, u, null, n === 0, lost.length > 0);
  return { landed: true, pinned: n === 0 };
}

/**
 * Why this arrangement of the landed figures is not legal, or null (§7.6 "arrange the squad as
 * desired, following rules for Coherency"): each living figure at most once, with its new place
 * [P] within 6" (centre) of the landing point, on the table, not in impassable terrain,
 * overlapping no base, sentry gun or vehicle hull, and the unit coherent. Figures not named keep
 * their automatic places; no places keeps the automatic arrangement.
 */
export function arrangeProblem(s: S, u: Unit, landing: { at: Pt; building: string | null }, places: unknown): Violation | null {
  if (!Array.isArray(places)) return violation('malformed_action', 'places is a list of {fig, at}: the place of each figure');
  const pos = new Map<string, Pt>();
  for (const m of places as { fig: string; at: Pt }[]) {
    if (typeof m !== 'object' || m === null || typeof m.fig !== 'string') return violation('malformed_action', 'each place is {fig, at: [x, y]}');
    const p = m.at;
    if (!Array.isArray(p) || p.length !== 2 || !Number.isInteger(p[0]) || !Number.isInteger(p[1])) return violation('malformed_action', 'a place is [x, y] in integer hundredths');
    const f = living(u).find((x) => x.id === m.fig);
    if (!f) return violation('not_a_figure', `${m.fig} is not a living figure of ${u.id}`);
    if (pos.has(m.fig)) return violation('duplicate_figure', `${m.fig} has two places`);
    if (dist(p, landing.at) > ARRANGE_RADIUS) return violation('too_far', `${m.fig} is placed ${dist(p, landing.at) / 100}" from the landing point: within 6" (§7.6 [P])`);
    if (p[0] - f.r < 0 || p[1] - f.r < 0 || p[0] + f.r > s.table.w || p[1] + f.r > s.table.h) return violation('off_table', `${m.fig} would stand off the table (§3.2)`);
    if (inImpassable(s, p)) return violation('impassable', `${m.fig} would stand in impassable terrain`);
    const gun = sentryOnPath(s, [p], f.r);
    if (gun) return violation('sentry_gun', `${m.fig} would stand on the sentry gun ${gun} (§7.25 [P])`);
    const v = hullUnder(s, p, f.r);
    if (v) return violation('overlap', `${m.fig} would overlap ${v}'s hull (§3.2)`);
    pos.set(m.fig, [p[0], p[1]]);
  }
  const all: { id: string; at: Pt; r: number }[] = [];
  for (const v of s.units) if (!v.hidden) for (const f of living(v)) all.push({ id: f.id, at: pos.get(f.id) ?? f.at, r: f.r });
  for (const [id, p] of pos) {
    const me = all.find((x) => x.id === id)!;
    for (const o of all) if (o.id !== id && overlaps(p, me.r, o.at, o.r)) return violation('overlap', `${id} would overlap ${o.id} (§3.2)`);
  }
  if (pos.size && coherencyOf(u, pos).components.length > 1) return violation('incoherent', `${u.id} must be arranged in coherency (§7.6, §5.4)`);
  return null;
}
/**
 * Sampled arrangements for the bots (§7.6): the automatic one mirrored through the landing point
 * and drawn in towards it (0.7 of each figure's offset), each kept only if arrangeProblem allows it.
 */
export function arrangeCandidates(s: S, u: Unit, landing: { at: Pt; building: string | null }): Action[] {
  const [lx, ly] = landing.at;
  const ways: ((p: Pt) => Pt)[] = [(p) => [2 * lx - p[0], 2 * ly - p[1]], (p) => [Math.round(lx + (p[0] - lx) * 0.7), Math.round(ly + (p[1] - ly) * 0.7)]];
  return ways.map((w) => living(u).map((f) => ({ fig: f.id, at: w(f.at) })))
    .filter((places) => places.length && !arrangeProblem(s, u, landing, places))
    .map((places) => ({ type: 'arrange' as const, places }));
}
/** How far from the landing point a figure may be arranged [P]: the 6" the automatic arrangement may shift. */
export const ARRANGE_RADIUS = 600;

/**
 * The landing after the owner's arrangement (§7.6): figures standing in woods or a building (every
 * figure when the landing point is in impassable terrain) roll 1D6: wounded on 5, killed on 6
 * (powered armour wounded on 6; without the wound rules a wound kills).
 */
export function land(s: S, run: Run, u: Unit, onBuilding: string | null, pinned: boolean, aaLosses = false): void {
  const hurt: string[] = [];
  for (const f of living(u)) {
    const q = f.at;
    const h = onBuilding ?? hazard(s, q)?.id;
    if (!h) continue;
    const [d] = run.roll('drop_hazard', 1, { unit: u.id, figure: f.id, feature: h });
    // Wounded on 5 and killed on 6, powered armour wounded on 6 (§7.6); without the wound rules a wound kills.
    const res = armour(f.armour)?.powered ? (d >= 6 ? 'wounded' : null) : d >= 6 ? 'killed' : d >= 5 ? 'wounded' : null;
    if (applyHurt(s, run, u, f, res)) hurt.push(f.id);
  }
  if (hurt.length) run.emit('drop_casualties', { unit: u.id, killed: hurt });
  u.actedTurn = s.turn;
  if (aaLosses || hurt.length) afterCasualties(s, run, u);
  run.emit('landed', { unit: u.id, at: Object.fromEntries(living(u).map((f) => [f.id, f.at])), pinned, underFire: true });
}

/** Sampled drop points: a coarse grid, the legal points nearest the objectives, the enemy and the table's centre. */
export function dropCandidates(s: S, u: Unit): Pt[] {
  const pts: Pt[] = [];
  for (let x = 300; x < s.table.w; x += 400) for (let y = 300; y < s.table.h; y += 400) pts.push([x, y]);
  const ok = pts.filter((p) => !dropProblem(s, u, p));
  const goals: Pt[] = [...s.objectives, [s.table.w / 2, s.table.h / 2]];
  const foe = s.units.filter((e) => e.side !== u.side && e.side !== null && inPlay(e) && !e.hidden).flatMap((e) => living(e))[0];
  if (foe) goals.push(foe.at);
  const out: Pt[] = [];
  for (const g of goals) {
    const best = ok.slice().sort((a, b) => Math.hypot(a[0] - g[0], a[1] - g[1]) - Math.hypot(b[0] - g[0], b[1] - g[1]))[0];
    if (best && !out.some((o) => o[0] === best[0] && o[1] === best[1])) out.push(best);
  }
  return out;
}
