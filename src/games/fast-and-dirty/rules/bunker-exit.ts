// Leaving a bunker (§7.7, source p.28): "Leaving a bunker is treated the same as disembarking from a
// vehicle." Disembarking (§2.5): the unit is set down within 1" of the hull, every figure, free and
// coherent, and may then fire or close assault but not move further. So a unit whose figures stand
// in a bunker leaves it only with `engage {exitBunker: id, moves}`: every living figure given one
// point (a placement, no path cost), within 1" of the bunker's outline and outside it, free (table,
// impassable ground, other figures and hulls, sentry guns), the unit coherent; it may fire after
// (fireFirst false), from where it stands; no jump, no carrying, no boarding [P]. An ordinary Move or
// Rush that takes a figure from inside the bunker out of it is refused (`bunker_exit`) [P]; a charge
// out of a bunker is left as it was (the book's disembarked unit may close assault) [P].
import { circlePolygonDistance, inside, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { coherencyOf } from '../geometry.js';
import { living, type Action, type Feature, type S, type Unit } from '../state.js';
import { isBunker } from './fortifications.js';
import { setDownProblem } from './transport.js';

/** The bunker a living figure of the unit stands in, if any. */
export function bunkerHolding(s: S, u: Unit): Feature | null {
  return s.terrain.find((b) => isBunker(b) && living(u).some((f) => inside(f.at, b.points))) ?? null;
}

/** Why this order may not take the unit out of its bunker like this, or null. */
export function bunkerExitProblem(s: S, u: Unit, a: Action): Violation | null {
  if (a.type === 'engage' && a.exitBunker !== undefined) return exitProblem(s, u, a);
  if (a.type !== 'engage' && a.type !== 'rush') return null;
  const b = bunkerHolding(s, u);
  if (!b || !Array.isArray(a.moves)) return null;
  for (const m of a.moves) {
    const f = living(u).find((x) => x.id === m?.fig);
    const end = Array.isArray(m?.path) ? m.path[m.path.length - 1] : undefined;
    if (f && end && inside(f.at, b.points) && !inside(end, b.points)) return violation('bunker_exit', `${f.id} leaves ${b.id}: leaving a bunker is treated as disembarking, engage {exitBunker} (§7.7)`);
  }
  return null;
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
