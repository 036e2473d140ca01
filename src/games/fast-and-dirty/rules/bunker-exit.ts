// Leaving a bunker (§7.7, source p.28): "Leaving a bunker is treated the same as disembarking from a
// vehicle." Disembarking (§2.5): the unit is set down within 1" of the hull, every figure, free and
// coherent, and may then fire or close assault but not move further. So a unit whose figures stand
// in a bunker leaves it only with `engage {exitBunker: id, moves}`: every living figure given one
// point (a placement, no path cost), within 1" of the bunker's outline and outside it, free (table,
// impassable ground, other figures and hulls, sentry guns), the unit coherent; it may fire after
// (fireFirst false), from where it stands; no jump, no carrying, no boarding [P]. An ordinary Move or
// Rush that takes a figure from inside the bunker out of it is refused (`bunker_exit`) [P]; a charge
// out of a bunker is left as it was (the book's disembarked unit may close assault) [P].
import { along, centroid, circlePolygonDistance, dist, inside, overlaps, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { coherencyOf } from '../geometry.js';
import { living, type Action, type Feature, type Path, type S, type Unit } from '../state.js';
import { isBunker } from './fortifications.js';
import { setDownProblem } from './transport.js';

/** The bunker a living figure of the unit stands in, if any. */
export function bunkerHolding(s: S, u: Unit): Feature | null {
  return s.terrain.find((b) => isBunker(b) && living(u).some((f) => inside(f.at, b.points))) ?? null;
}

/** Why this order may not take the unit out of its bunker like this, or null. */
export function bunkerExitProblem(s: S, u: Unit, a: Action): Violation | null {
  if (a.type === 'engage' && a.exitBunker !== undefined) return exitProblem(s, u, a);
  if (a.type === 'assault' && a.exitBunker !== undefined) return chargeOutProblem(s, u, a);
  if (a.type !== 'engage' && a.type !== 'rush' && a.type !== 'assault') return null;
  return leavesBunker(s, u, a.moves);
}

/** A Move, Rush or charge whose paths take a figure out of its bunker: refused, leaving is a set-down (§7.7). */
export function leavesBunker(s: S, u: Unit, moves: Path[]): Violation | null {
  const b = bunkerHolding(s, u);
  if (!b || !Array.isArray(moves)) return null;
  for (const m of moves) {
    const f = living(u).find((x) => x.id === m?.fig);
    const end = Array.isArray(m?.path) ? m.path[m.path.length - 1] : undefined;
    if (f && end && inside(f.at, b.points) && !inside(end, b.points)) return violation('bunker_exit', `${f.id} leaves ${b.id}: leaving a bunker is treated as disembarking, engage {exitBunker} (§7.7)`);
  }
  return null;
}

/**
 * A charge out of a bunker (§7.7, §2.5 [P]): "It IS possible for an infantry squad to disembark into
 * close assault", and leaving a bunker is disembarking; so each living figure's path starts with its
 * set-down point (checked as for `engage {exitBunker}`) and goes on with its charge from there (Move
 * + 4", checked by the assault's own rules from the set-down places). No jump, no attaching.
 */
function chargeOutProblem(s: S, u: Unit, a: Extract<Action, { type: 'assault' }>): Violation | null {
  if (a.jump || a.attach !== undefined || a.medicStays !== undefined) return violation('bunker_exit', 'a unit charging out of a bunker is set down whole, then charges on foot: no jump, no attaching, no Medic staying (§7.7, §2.5 [P])');
  if (!Array.isArray(a.moves) || a.moves.some((m) => !Array.isArray(m?.path) || !m.path.length)) return violation('malformed_action', 'each move is {fig, path} with its set-down point first');
  return exitProblem(s, u, { type: 'engage', exitBunker: a.exitBunker, moves: a.moves.map((m) => ({ fig: m.fig, path: [m.path[0]] })), target: null, fireFirst: false });
}

/** The charge that follows a set-down out of a bunker: each figure's path after its set-down point (§7.7, §2.5 [P]). */
export function chargeAfterExit(a: Extract<Action, { type: 'assault' }>): { placed: Map<string, Pt>; charge: Extract<Action, { type: 'assault' }> } {
  const placed = new Map(a.moves.map((m) => [m.fig, m.path[0]] as const));
  const { exitBunker: _, ...rest } = a;
  void _;
  return { placed, charge: { ...rest, moves: a.moves.filter((m) => m.path.length > 1).map((m) => ({ fig: m.fig, path: m.path.slice(1) })) } };
}

/**
 * Set-down points out of bunker `b` for every living figure (bots' candidates): spots 0.99" off
 * the outline; the first figure's nearest `goal` (farthest from it with `far`), the others' nearest
 * that one, not overlapping; the caller validates the result (coherency and the rest).
 */
export function exitPlacement(s: S, u: Unit, b: Feature, goal: Pt, far = false): Path[] | null {
  const figs = living(u).slice().sort((x, y) => (x.id < y.id ? -1 : 1));
  const c = centroid(b.points);
  const taken: { at: Pt; r: number }[] = [];
  const moves: Path[] = [];
  const spot = new Map<string, Pt>();
  const free = setDownProblem(s, u, [], spot);
  for (const f of figs) {
    const spots: Pt[] = [];
    for (let i = 0; i < b.points.length; i++) {
      const p = b.points[i], q = b.points[(i + 1) % b.points.length];
      const len = dist(p, q);
      if (!len) continue;
      let n: Pt = [q[1] - p[1], p[0] - q[0]];
      const mid: Pt = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
      if ((mid[0] - c[0]) * n[0] + (mid[1] - c[1]) * n[1] < 0) n = [-n[0], -n[1]];
      for (let t = 0; t <= len; t += 50) {
        const e = along(p, [q[0] - p[0], q[1] - p[1]], t);
        spots.push(along(e, n, f.r + 99));
      }
    }
    const ok = spots.filter((p) => !inside(p, b.points) && circlePolygonDistance(p, f.r - 1, b.points) > 0 && circlePolygonDistance(p, f.r, b.points) <= 100
      && !taken.some((o) => overlaps(p, f.r, o.at, o.r)) && (spot.set(f.id, p), !free(f)));
    // The first figure takes the best spot; the rest close up on it, so the unit stays together.
    const first = taken[0]?.at;
    const key = (p: Pt) => (first ? dist(p, first) : far ? -dist(p, goal) : dist(p, goal));
    ok.sort((x, y) => key(x) - key(y) || x[0] - y[0] || x[1] - y[1]);
    if (!ok.length) return null;
    taken.push({ at: ok[0], r: f.r });
    moves.push({ fig: f.id, path: [ok[0]] });
  }
  return moves;
}

function exitProblem(s: S, u: Unit, a: Extract<Action, { type: 'engage' }>): Violation | null {
  const b = s.terrain.find((x) => x.id === a.exitBunker);
  if (!b || !isBunker(b)) return violation('not_a_bunker', `${a.exitBunker} is not a bunker (§7.7)`);
  const figs = living(u);
  const out = figs.find((f) => !inside(f.at, b.points));
  if (out) return violation('not_in_bunker', `${out.id} is not in ${b.id}: the whole unit leaves it, as a unit disembarks (§7.7, §2.5)`);
  if (a.jump || a.carry || a.board || a.fireFirst && (a.target !== null || a.bunker || a.sentry || a.blast || a.aimed || a.smoke || a.indirect || a.teamTarget)) return violation('bunker_exit', 'a unit leaving a bunker is set down, then may fire (fireFirst false); no jump, carrying or boarding (§7.7, §2.5 [P])');
  const end = new Map<string, Pt>();
  for (const m of a.moves) {
    if (!figs.some((f) => f.id === m.fig)) return violation('not_a_figure', `${m.fig} is not a living figure of ${u.id}`);
    if (end.has(m.fig)) return violation('duplicate_figure', `${m.fig} is placed twice`);
    if (m.path.length !== 1) return violation('malformed_action', 'leaving a bunker, each figure is given one point: it is set down, not moved along a path (§7.7, §2.5)');
    end.set(m.fig, m.path[0]);
  }
  const missing = figs.find((f) => !end.has(f.id));
  if (missing) return violation('not_placed', `${missing.id} must be placed: the whole unit leaves the bunker (§7.7, §2.5)`);
  const free = setDownProblem(s, u, figs, end);
  for (const f of figs) {
    const p = end.get(f.id)!;
    if (inside(p, b.points) || circlePolygonDistance(p, f.r, b.points) > 100 || circlePolygonDistance(p, f.r - 1, b.points) === 0) return violation('not_within_1', `${f.id} must stand within 1" of ${b.id}'s outline, outside it (§7.7, §2.5)`);
    const why = free(f);
    if (why) return why;
  }
  if (figs.length > 1 && coherencyOf({ ...u, scout: null }, end).components.length !== 1) return violation('incoherent', `${u.id} must be coherent when it leaves the bunker (§6.3)`);
  return null;
}
