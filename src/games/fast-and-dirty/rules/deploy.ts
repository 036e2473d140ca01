// Sealed simultaneous deployment (§4.2 [P], checklist #92): with the option `sealedDeployment`,
// before minefields and the first initiative roll both sides commit their placements in one
// sealed group (the kernel holds each commit until both are in, so neither side sees the other's);
// the server validates both and reveals them together. Figures a side does not place keep the
// set-up's default positions. At night with Hidden movement the commit also places the side's 1D6
// dummy markers (§4.2, p.34; rules/night-markers.ts), and the group opens for them alone when the
// option is off (the commit then places nothing else).
import { dist, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type OpenDecision, type Violation } from '../../../engine/types.js';
import { coherencyOf, inImpassable, segmentBlock } from '../geometry.js';
import { has } from './traits.js';
import { MARKER_SPREAD } from './hidden.js';
import { living, type Action, type S, type Side } from '../state.js';
import type { Run } from './run.js';
import { scenarioDef } from '../content.js';
import { assignIds, byId, nightMarkers, privateEvent } from './night-markers.js';
import { sentryOnPath } from './sentry.js';

/** The default deployment zone: within 12" of the side's home edge (§4.2 [P]). */
export const DEPLOY_ZONE = 1200;

/** A side's deployment zone [x0, y0, x1, y1]: the scenario's (data/scenarios.json `zones`), else the default strip (§4.2). */
export function deployZone(s: S, side: Side): [number, number, number, number] {
  const z = scenarioDef(s.scenario)?.zones[side];
  if (z) return [z[0], z[1], z[2], z[3]];
  return side === 0 ? [0, 0, s.table.w, DEPLOY_ZONE] : [0, s.table.h - DEPLOY_ZONE, s.table.w, s.table.h];
}
const zoneText = (z: number[]) => `the zone x ${z[0] / 100}-${z[2] / 100}", y ${z[1] / 100}-${z[3] / 100}"`;

export const deployOptionSchema = {
  type: 'boolean', default: false,
  description: 'Sealed simultaneous deployment (§4.2, checklist #92): before the first turn both sides commit their figures\' positions in their deployment zones (the scenario\'s; Firefight: within 12" of their home edge) in one sealed group, revealed together; unplaced figures keep the default set-up',
} as const;

export type DeployAction = Extract<Action, { type: 'deploy' }>;

/** Enter the deployment phase when the option is on, or night dummies are to be placed; false otherwise. */
export function startDeployment(s: S): boolean {
  if (!s.options.sealedDeployment && !(s.dummiesDue && s.dummiesDue[0] + s.dummiesDue[1] > 0)) return false;
  s.phase = 'deploy';
  s.step++;
  return true;
}

export function deployDecisions(s: S, ctx: string[]): OpenDecision[] {
  return ([0, 1] as const).map((seat) => ({
    key: `deploy:${seat}`, seat, kind: 'deploy', blocking: true, timing: 'sealed' as const, context: ctx,
    group: { id: 'deploy', mode: 'sealed' as const }, exposes: { zone: deployZone(s, seat), ...(s.dummiesDue ? { dummies: s.dummiesDue[seat] } : {}) },
  }));
}

const inZone = (s: S, side: Side, p: Pt, r: number) => {
  const [x0, y0, x1, y1] = deployZone(s, side);
  return p[0] - r >= x0 && p[0] + r <= x1 && p[1] - r >= y0 && p[1] + r <= y1;
};

/** A side's placements: its own figures on the table, once each, within its zone, off impassable terrain, no bases overlapping, every unit coherent. */
export function deployProblem(s: S, side: Side, a: DeployAction): Violation | null {
  if (!Array.isArray(a.placements)) return violation('malformed_action', 'placements is a list of {fig, at}');
  const dp = dummiesProblem(s, side, a.dummies);
  if (dp) return dp;
  if (!s.options.sealedDeployment && (a.placements.length || a.hidden?.length)) return violation('no_sealed_deployment', 'without the sealedDeployment option this commit places only the night dummy markers (§4.2)');
  // Units deploying hidden leave the table: their figures take no room (§7.10).
  const hiding = new Set(Array.isArray(a.hidden) ? a.hidden.map((h) => h.unit) : []);
  const mine = s.units.filter((u) => u.side === side && !u.reserve && !u.embarked && !hiding.has(u.id));
  const figs = new Map(mine.flatMap((u) => living(u).map((f) => [f.id, f] as const)));
  const at = new Map<string, Pt>();
  for (const p of a.placements) {
    const f = figs.get(p.fig);
    const hider = s.units.find((u) => hiding.has(u.id) && u.side === side && u.figures.some((g) => g.id === p.fig));
    if (hider) return violation('hidden_and_placed', `${hider.id} deploys as markers: do not place its figures (§4.2)`);
    if (!f) return violation('not_your_figure', `${p.fig} is not a figure of side ${side} on the table (§4.2)`);
    if (at.has(p.fig)) return violation('placed_twice', `${p.fig} is placed twice (§4.2)`);
    const q = p.at;
    if (q[0] - f.r < 0 || q[0] + f.r > s.table.w || q[1] - f.r < 0 || q[1] + f.r > s.table.h) return violation('off_table', `${p.fig}: off the table (§3.2)`);
    if (!inZone(s, side, q, f.r)) return violation('outside_deployment_zone', `${p.fig}: deploy the whole base within ${zoneText(deployZone(s, side))} (§4.2)`);
    const imp = inImpassable(s, q);
    if (imp) return violation('in_impassable_terrain', `${p.fig}: in impassable terrain (${imp}) (§3.2)`);
    const gun = sentryOnPath(s, [q], f.r);
    if (gun) return violation('sentry_gun', `${p.fig}: on the sentry gun ${gun} (§7.25 [P])`);
    at.set(p.fig, q);
  }
  const all = [...figs.values()].map((f) => ({ f, p: at.get(f.id) ?? f.at }));
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      if (Math.hypot(all[i].p[0] - all[j].p[0], all[i].p[1] - all[j].p[1]) < all[i].f.r + all[j].f.r) return violation('overlap', `${all[i].f.id} and ${all[j].f.id} overlap (§3.2)`);
    }
  }
  for (const u of mine) {
    if (living(u).length < 2 || !living(u).some((f) => at.has(f.id))) continue;
    if (coherencyOf(u, at).components.length > 1) return violation('incoherent', `${u.id} is not deployed in coherency (§5.4)`);
  }
  return hiddenDeployProblem(s, side, a);
}

/**
 * [P] Seen from the enemy deployment zone: a clear line (terrain and smoke; spotting) from any
 * point every 2" along the zone's front line (12" in) and its middle line (6" in).
 */
function seenFromEnemyZone(s: S, side: Side, p: Pt): boolean {
  const enemy = s.units.find((u) => u.side === (side === 0 ? 1 : 0));
  if (!enemy) return false;
  // The enemy zone's front line (its edge towards the centre) and its middle line.
  const [x0, y0, x1, y1] = deployZone(s, side === 0 ? 1 : 0);
  const lines = side === 0 ? [y0, (y0 + y1) / 2] : [y1, (y0 + y1) / 2];
  for (const y of lines) for (let x = x0 + 100; x <= x1 - 100; x += 200) {
    if (!segmentBlock(s, [x, y], p, { fire: false, observerUnit: enemy, targetUnit: null })) return true;
  }
  return false;
}

/** Hidden deployment (§4.2, Hidden movement module): 3 markers in the zone, each within 12" of another, none seen from the enemy zone. */
function hiddenDeployProblem(s: S, side: Side, a: DeployAction): Violation | null {
  if (a.hidden === undefined) return null;
  if (!Array.isArray(a.hidden)) return violation('malformed_action', 'hidden is a list of {unit, markers}');
  if (a.hidden.length && !s.options.hiddenMovement) return violation('no_module', 'hidden deployment needs the Hidden movement module (§4.2, §7.10)');
  const done = new Set<string>();
  for (const h of a.hidden) {
    const u = s.units.find((x) => x.id === h.unit);
    if (!u || u.side !== side || u.reserve || u.embarked || !living(u).length) return violation('not_your_unit', `${h.unit} is not a unit of side ${side} on the table (§4.2)`);
    if (done.has(u.id)) return violation('placed_twice', `${u.id} is hidden twice (§4.2)`);
    done.add(u.id);
    if (has(u, 'obviousTarget')) return violation('obvious_target', `${u.id} is an Obvious Target: it may not hide (§2.6)`);
    if (a.placements.some((p) => living(u).some((f) => f.id === p.fig))) return violation('hidden_and_placed', `${u.id} deploys as markers: do not place its figures (§4.2)`);
    for (const [i, m] of h.markers.entries()) {
      if (m[0] < 0 || m[1] < 0 || m[0] > s.table.w || m[1] > s.table.h) return violation('off_table', `${u.id} marker ${i + 1}: off the table (§3.2)`);
      if (!inZone(s, side, m, 0)) return violation('outside_deployment_zone', `${u.id} marker ${i + 1}: deploy within ${zoneText(deployZone(s, side))} (§4.2)`);
      const imp = inImpassable(s, m);
      if (imp) return violation('in_impassable_terrain', `${u.id} marker ${i + 1}: in impassable terrain (${imp}) (§3.2)`);
      const gun = sentryOnPath(s, [m], 0);
      if (gun) return violation('sentry_gun', `${u.id} marker ${i + 1}: on the sentry gun ${gun} (§7.25 [P])`);
      if (!h.markers.some((q, j) => j !== i && dist(m, q) <= MARKER_SPREAD)) return violation('marker_spread', `${u.id} marker ${i + 1} must be within 12" of another marker (§4.2)`);
      if (seenFromEnemyZone(s, side, m)) return violation('in_enemy_los', `${u.id} marker ${i + 1} is in LOS of the enemy deployment zone: it may not deploy hidden (§4.2)`);
    }
  }
  return null;
}

/**
 * Night dummy markers (§4.2, p.34): at most the side's 1D6, each on the table in its deployment
 * zone, off impassable terrain and standing sentry guns [P] and, like a hidden unit's markers [P], out of LOS of the enemy zone.
 */
function dummiesProblem(s: S, side: Side, pts: unknown): Violation | null {
  if (pts === undefined) return null;
  if (!Array.isArray(pts)) return violation('malformed_action', 'dummies is a list of points');
  if (!pts.length) return null;
  if (!nightMarkers(s)) return violation('no_dummies', 'dummy markers are placed only at night with the Hidden movement module (§4.2, §7.16)');
  const due = s.dummiesDue?.[side] ?? 0;
  if (pts.length > due) return violation('too_many_dummies', `side ${side} rolled ${due} dummy markers (§4.2)`);
  for (const [i, m] of (pts as Pt[]).entries()) {
    if (m[0] < 0 || m[1] < 0 || m[0] > s.table.w || m[1] > s.table.h) return violation('off_table', `dummy ${i + 1}: off the table (§3.2)`);
    if (!inZone(s, side, m, 0)) return violation('outside_deployment_zone', `dummy ${i + 1}: place it within ${zoneText(deployZone(s, side))} (§4.2)`);
    const imp = inImpassable(s, m);
    if (imp) return violation('in_impassable_terrain', `dummy ${i + 1}: in impassable terrain (${imp}) (§3.2)`);
    const gun = sentryOnPath(s, [m], 0);
    if (gun) return violation('sentry_gun', `dummy ${i + 1}: on the sentry gun ${gun} (§7.25 [P])`);
    if (seenFromEnemyZone(s, side, m)) return violation('in_enemy_los', `dummy ${i + 1} is in LOS of the enemy deployment zone (§4.2 [P])`);
  }
  return null;
}

/** Points of a side's zone where a dummy may stand, every 4" (bots' candidates). */
function dummySpots(s: S, side: Side): Pt[] {
  const [x0, y0, x1, y1] = deployZone(s, side);
  const out: Pt[] = [];
  for (let y = y0 + 200; y < y1; y += 400) for (let x = x0 + 200; x < x1; x += 400) {
    const p: Pt = [x, y];
    if (!inImpassable(s, p) && !sentryOnPath(s, [p], 0) && !seenFromEnemyZone(s, side, p)) out.push(p);
  }
  return out;
}

/**
 * Sampled commits: place nothing (the default); at night also every dummy spread over the places
 * out of the enemy's sight, and, with sealed deployment, the first unit that may hide deployed as
 * 3 markers there as well.
 */
export function deployCandidates(s: S, side: Side): DeployAction[] {
  const out: DeployAction[] = [{ type: 'deploy', placements: [] }];
  const n = s.dummiesDue?.[side] ?? 0;
  if (!n || !nightMarkers(s)) return out;
  const spots = dummySpots(s, side);
  if (!spots.length) return out;
  const dummies = Array.from({ length: n }, (_, i) => spots[(i * 7) % spots.length]);
  out.push({ type: 'deploy', placements: [], dummies });
  const u = s.options.sealedDeployment ? s.units.find((x) => x.side === side && !x.reserve && !x.embarked && living(x).length && !has(x, 'obviousTarget') && x.kind !== 'vehicle') : undefined;
  const near = spots.filter((p) => dist(p, spots[0]) <= MARKER_SPREAD);
  if (u) out.push({ type: 'deploy', placements: [], dummies, hidden: [{ unit: u.id, markers: [spots[0], near[near.length >> 1], near[near.length - 1]] }] });
  return out;
}

/** Both commits, validated: placed and revealed together. */
export function applyDeployment(s: S, run: Run, commits: Record<Side, DeployAction>): void {
  const night = nightMarkers(s);
  for (const side of [0, 1] as const) {
    const c = commits[side];
    const at = new Map(c.placements.map((p) => [p.fig, p.at] as const));
    for (const u of s.units) if (u.side === side) for (const f of u.figures) { const p = at.get(f.id); if (p) f.at = [p[0], p[1]]; }
    // Hidden deployment: the unit's figures are off the table, its 3 markers stand for it (§4.2, §7.10).
    const hidden = c.hidden ?? [];
    const dummies = c.dummies ?? [];
    // At night every marker placed gets its id by position, units' and dummies' alike (rules/night-markers.ts).
    const ids = night ? assignIds(s, [...hidden.flatMap((h) => h.markers), ...dummies], run.secret('marker-ids')) : [];
    hidden.forEach((h, k) => {
      const u = s.units.find((x) => x.id === h.unit)!;
      u.hidden = { markers: h.markers.map((m, i) => ({ n: i + 1, at: [m[0], m[1]] as Pt, ...(night ? { id: ids[k * 3 + i] } : {}) })) };
    });
    const placed = dummies.map((m, i) => ({ id: ids[hidden.length * 3 + i], side, at: [m[0], m[1]] as Pt, dummy: true as const }));
    if (placed.length) s.markers = [...(s.markers ?? []), ...placed].sort(byId);
    if (!night) {
      run.emit('deployed', { side, placed: c.placements.length, hidden: hidden.map((h) => ({ unit: h.unit, markers: h.markers })) });
      continue;
    }
    // The enemy learns which units deployed hidden and where markers stand, not whose each one is.
    const markers = [...hidden.flatMap((h) => h.markers), ...dummies].map((m, i) => ({ id: ids[i], at: m })).sort(byId);
    run.ev.push(privateEvent('deployed', side,
      { side, placed: c.placements.length, hidden: hidden.map((h, k) => ({ unit: h.unit, markers: h.markers, ids: ids.slice(k * 3, k * 3 + 3) })), dummies: placed.map((d) => ({ id: d.id, at: d.at })) },
      { side, placed: c.placements.length, hidden: hidden.map((h) => h.unit), markers }));
  }
  delete s.dummiesDue;
}
