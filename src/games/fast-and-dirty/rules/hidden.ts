// Module Hidden movement (§7.10, checklist #49-#50). A unit whose activation begins outside the
// LOS of every enemy may try to hide (1D6 ≥ its Quality target); hidden, its figures leave the
// table and 3 markers stand for it. The owner moves each marker up to 6" (ending within 12" of
// another), and decides which one is real only when it must: when it acts otherwise (it reveals
// at a marker of its choice first) or when an enemy spots a marker (real: the unit is placed
// there, the other markers go; dummy: that marker goes; the last marker is always real). The
// engine keeps no secret (§8.1 [P]); other seats' views carry no figure positions of a hidden unit.
import { has } from './traits.js';
import { centroid, dist, edgeDistance, inside, overlaps, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { inImpassable, pathCost, segmentBlock } from '../geometry.js';
import { markerOffSentries, sentryOnPath } from './sentry.js';
import { hullUnder } from './vehicles.js';
import { QUALITY_TABLE, inPlay, living, troops, type Feature, type S, type Unit } from '../state.js';
import { isBuilding } from './buildings.js';
import type { Run } from './run.js';
import { newMarkers, nightMarkers, privateEvent } from './night-markers.js';
import { openLucky } from './lucky.js';

export const MARKER_MOVE = 600;
export const MARKER_SPREAD = 1200;

/** Whether an enemy figure has an uninterrupted LOS to point p (spotting, not fire). */
export function spotted(s: S, side: 0 | 1, p: Pt, by?: Unit): boolean {
  for (const e of s.units) {
    if (e.side === null || e.side === side || !inPlay(e) || e.hidden || !troops(e)) continue;
    if (by && e !== by) continue;
    for (const f of living(e)) if (!segmentBlock(s, f.at, p, { fire: false, observerUnit: e, targetUnit: null })) return true;
  }
  return false;
}

/**
 * The LOS-blocking features (woods, blocking areas, buildings: not hills or linear obstacles) a
 * marker at p stands inside (§7.10).
 */
export function screeningFeatures(s: S, p: Pt): Feature[] {
  return s.terrain.filter((f) => (f.kind === 'area' || f.kind === 'structure') && (f.los !== 'clear' || isBuilding(f)) && inside(p, f.points));
}

/**
 * Whether an enemy spots the hidden marker at p (§7.10, p.31): "A marker which enters the
 * uninterrupted LOS of an enemy must be revealed immediately [...] Markers in a terrain feature
 * which can block LOS (such as buildings or woods) are revealed if the enemy enters the feature
 * and comes within 6" of the marker." Read [P] as the rule for such a marker in place of the LOS
 * test: only an enemy figure standing inside that same feature, its base within 6" of the marker,
 * spots it (otherwise the sentence would add nothing, a marker inside a non-enclosed blocking area
 * being in the LOS of any figure seeing that area).
 */
export function markerSpotted(s: S, side: 0 | 1, p: Pt, by?: Unit): boolean {
  const screens = screeningFeatures(s, p);
  if (!screens.length) return spotted(s, side, p, by);
  for (const e of s.units) {
    if (e.side === null || e.side === side || !inPlay(e) || e.hidden || !troops(e)) continue;
    if (by && e !== by) continue;
    for (const f of living(e)) if (edgeDistance(f.at, f.r, p, 0) <= MARKER_MOVE && screens.some((x) => inside(f.at, x.points))) return true;
  }
  return false;
}

/** Why the active unit may not try to hide now (§7.10), or null. */
export function hideProblem(s: S, u: Unit): Violation | null {
  if (!s.options.hiddenMovement) return violation('no_module', 'hidden movement is a module switched off in this game (§7.10)');
  if (u.hidden) return violation('already_hidden', `${u.id} is hidden`);
  if (has(u, 'obviousTarget')) return violation('obvious_target', `${u.id} is an Obvious Target: it may not hide (§2.6)`);
  if (u.hideTried) return violation('hide_tried', `${u.id} has tried to hide this activation`);
  if (u.fallingBack || u.pinned) return violation('cannot_hide', `${u.id} must fall back or is Pinned`);
  if (living(u).some((f) => [f.at, ...ringPoints(f.at, f.r)].some((p) => spotted(s, u.side as 0 | 1, p)))) {
    return violation('in_enemy_los', `${u.id} began its activation in the LOS of an enemy unit: it may not hide (§7.10)`);
  }
  return null;
}
const ringPoints = (c: Pt, r: number): Pt[] => [[c[0] + r, c[1]], [c[0] - r, c[1]], [c[0], c[1] + r], [c[0], c[1] - r]];

/** The hide roll: on a success the unit's figures are replaced by 3 markers at its centre and it acts hidden; true when a failure opens the Lucky window (§2.7). */
export function tryHide(s: S, run: Run, u: Unit): boolean {
  u.hideTried = true;
  // Stealth: always succeeds (§2.6); at night a unit not directly observed hides with no roll (§7.10, §7.16).
  const die = has(u, 'stealth') || !!s.options.night ? null : run.roll('hide', 1, { unit: u.id })[0];
  const target = QUALITY_TABLE[u.quality].target;
  if (die !== null && die < target) { run.emit('hide', { unit: u.id, hidden: false }); return openLucky(run, u, 'hide', die, target); }
  hideAtCentre(s, run, u, {});
  return false;
}

/** The unit's figures leave the table and 3 markers stand at its centre (a successful hide, or a lull's); at night the event names their ids. */
export function hideAtCentre(s: S, run: Run, u: Unit, extra: Record<string, unknown>): void {
  const c = centroid(living(u).map((f) => f.at));
  // Not on a standing sentry gun (figures round one may have their centre on it) [P].
  const at = markerOffSentries(s, [Math.round(c[0]), Math.round(c[1])]);
  u.hidden = { markers: newMarkers(s, [at, at, at]) };
  run.emit('hide', { unit: u.id, hidden: true, ...extra, ...(nightMarkers(s) ? { markers: u.hidden.markers.map((m) => m.id) } : {}) });
}

export type MarkerMove = { marker: number; path: Pt[] };

/** Each marker up to 6" (terrain costs as for a figure [P]), ending on the table, outside impassable terrain, neither crossing nor ending on a standing sentry gun [P], within 12" of another marker. */
export function markerMovesProblem(s: S, u: Unit, moves: unknown): Violation | { end: Map<number, Pt> } {
  if (!u.hidden) return violation('not_hidden', `${u.id} is not hidden`);
  if (!Array.isArray(moves)) return violation('malformed_action', 'markers is a list of {marker, path}');
  const end = new Map(u.hidden.markers.map((m) => [m.n, m.at] as const));
  const seen = new Set<number>();
  for (const m of moves as MarkerMove[]) {
    const mk = u.hidden.markers.find((x) => x.n === m?.marker);
    if (!mk) return violation('not_a_marker', `${u.id} has no marker ${m?.marker}`);
    if (seen.has(mk.n)) return violation('duplicate_marker', `marker ${mk.n} has two paths`);
    seen.add(mk.n);
    if (!Array.isArray(m.path) || !m.path.length || m.path.length > 12 || !m.path.every((p) => Array.isArray(p) && p.length === 2 && Number.isInteger(p[0]) && Number.isInteger(p[1]))) {
      return violation('bad_path', `marker ${mk.n}: a path has 1 to 12 integer points`);
    }
    const path = [mk.at, ...m.path];
    for (const p of path) if (p[0] < 0 || p[1] < 0 || p[0] > s.table.w || p[1] > s.table.h) return violation('off_table', `marker ${mk.n} would leave the table`);
    const c = pathCost(s, path);
    if ('blocked' in c) return violation('impassable', `marker ${mk.n}: the path crosses impassable terrain (${c.blocked})`);
    if (c.cost > MARKER_MOVE) return violation('beyond_allowance', `marker ${mk.n}: the path costs ${c.cost / 100}" of 6" (§7.10)`);
    // A marker stands for the unit's figures: a standing sentry gun is in its way as in theirs [P].
    const gun = sentryOnPath(s, path, 0);
    if (gun) return violation('sentry_gun', `marker ${mk.n}: the path crosses or ends on the sentry gun ${gun} (§7.25 [P])`);
    const last = path[path.length - 1];
    if (inImpassable(s, last)) return violation('impassable', `marker ${mk.n} would end in impassable terrain`);
    end.set(mk.n, last);
  }
  if (end.size > 1) {
    for (const [n, p] of end) {
      if (![...end].some(([k, q]) => k !== n && dist(p, q) <= MARKER_SPREAD)) return violation('marker_spread', `marker ${n} must end within 12" of another marker (§7.10)`);
    }
  }
  return { end };
}

/** The markers' new places (all of the unit's in `end`); `moved`: the ones the order moved. */
export function moveMarkers(s: S, u: Unit, run: Run, end: Map<number, Pt>, moved: number[]): void {
  for (const m of u.hidden!.markers) m.at = end.get(m.n) ?? m.at;
  const all = u.hidden!.markers.map((m) => ({ n: m.n, at: m.at }));
  if (!nightMarkers(s)) { run.emit('markers_moved', { unit: u.id, markers: all }); return; }
  // At night other seats learn only which markers moved with the unit, as across a table: listing
  // the ones that stood still would tell the unit's markers from the dummies (§8.1).
  const shown = u.hidden!.markers.filter((m) => moved.includes(m.n)).map((m) => ({ id: m.id, at: m.at }));
  run.ev.push(privateEvent('markers_moved', u.side as 0 | 1, { unit: u.id, markers: u.hidden!.markers.map((m) => ({ n: m.n, id: m.id, at: m.at })) }, { unit: u.id, markers: shown }));
}

/**
 * The unit's figures arranged coherently around a marker [P]: a line 2.2" apart centred on it,
 * across or along the table, then nearby centres; null if nothing fits (table, terrain, bases,
 * sentry guns, vehicle hulls: a hull is its rectangle, not the figure's inscribed circle).
 */
export function arrangeAt(s: S, u: Unit, at: Pt): Map<string, Pt> | null {
  const figs = living(u);
  const others = s.units.filter((v) => v !== u && !v.hidden).flatMap((v) => living(v));
  const n = figs.length;
  for (const off of [[0, 0], [0, 300], [0, -300], [300, 0], [-300, 0], [0, 600], [0, -600], [600, 0], [-600, 0]] as Pt[]) {
    for (const gap of [220, 160]) {
      for (const axis of [0, 1]) {
        const pos = figs.map((f, i): Pt => {
          const d = Math.round((i - (n - 1) / 2) * gap);
          return axis === 0 ? [at[0] + off[0] + d, at[1] + off[1]] : [at[0] + off[0], at[1] + off[1] + d];
        });
        const ok = pos.every((p, i) => p[0] - figs[i].r >= 0 && p[1] - figs[i].r >= 0 && p[0] + figs[i].r <= s.table.w && p[1] + figs[i].r <= s.table.h
          && !inImpassable(s, p) && !others.some((o) => overlaps(p, figs[i].r, o.at, o.r)) && !sentryOnPath(s, [p], figs[i].r) && !hullUnder(s, p, figs[i].r));
        if (ok) return new Map(figs.map((f, i) => [f.id, pos[i]]));
      }
    }
  }
  return null;
}

/** Reveal the unit at marker n: its figures stand around it, the markers go (§7.10). */
export function revealAt(s: S, run: Run, u: Unit, n: number, why: 'acts' | 'spotted' | 'detected'): void {
  const m = u.hidden!.markers.find((x) => x.n === n)!;
  const pos = arrangeAt(s, u, m.at);
  // With no room at all the figures stay where they hid (never inside terrain or another base).
  if (pos) for (const f of living(u)) f.at = pos.get(f.id)!;
  // At night the markers are named by id, and the unit's other markers, removed with the reveal, become known.
  const night = nightMarkers(s) ? { id: m.id, removed: u.hidden!.markers.filter((x) => x.n !== n).map((x) => x.id) } : {};
  u.hidden = null;
  run.emit('revealed', { unit: u.id, marker: n, at: m.at, why, ...night });
}

/** A spotted dummy marker is removed; the last marker left is always real. At night other seats learn only which marker went, not whose. */
export function dropMarker(s: S, u: Unit, run: Run, n: number): void {
  const m = u.hidden!.markers.find((x) => x.n === n)!;
  u.hidden!.markers = u.hidden!.markers.filter((x) => x.n !== n);
  if (nightMarkers(s)) run.ev.push(privateEvent('marker_removed', u.side as 0 | 1, { unit: u.id, marker: n, id: m.id }, { marker: m.id }));
  else run.emit('marker_removed', { unit: u.id, marker: n });
}

/** The first marker, of any hidden unit, an enemy has LOS to (checked after every order, §7.10 [P]). */
export function spottedMarker(s: S): { unit: string; marker: number } | null {
  if (!s.options.hiddenMovement) return null;
  for (const u of s.units) {
    if (!u.hidden || !inPlay(u)) continue;
    for (const m of u.hidden.markers) if (markerSpotted(s, u.side as 0 | 1, m.at)) return { unit: u.id, marker: m.n };
  }
  return null;
}

export function revealProblem(s: S, u: Unit, n: number): Violation | null {
  if (!u.hidden) return violation('not_hidden', `${u.id} is not hidden`);
  const m = u.hidden.markers.find((x) => x.n === n);
  if (!m) return violation('not_a_marker', `${u.id} has no marker ${n}`);
  if (!arrangeAt(s, u, m.at) && u.hidden.markers.length > 1) return violation('no_room', `${u.id}'s figures do not fit around marker ${n}`);
  return null;
}

/** Enemy units that are not hidden (hidden units cannot be targeted and do not count for fire priority, §7.10 [P]). */
export const visibleUnit = (u: Unit) => !u.hidden;

export { edgeDistance };
