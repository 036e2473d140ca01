// Jump packs (§7.12, checklist #60) and their gravity changes (§7.8, #45): instead of its regular
// move an Engage order may Leap (one straight jump up to 12", clearing obstacles up to 6" high, each
// 1" above that costing 2" of length; nothing else that turn) or Bound (up to 3 straight bounds of
// up to 6" each, 18" in all, each clearing obstacles no higher than the figure; fire at −2 FE); an
// assault may be made by Bound, the defender's free shot measured from the start of the last bound.
import { isViolation, violation, type Violation } from '../../../engine/types.js';
import { dist, edgeDistance, overlaps, segmentMeetsPolyline, insideLength, type Pt } from '../../../engine/mech/geom2d.js';
import { carryProblem, medicMoveProblem } from './wounds.js';
import { inImpassable, smokeBlock } from '../geometry.js';
import { armour } from '../content.js';
import { coherencyProblem, figurePaths, type Positions } from '../legal.js';
import { inPlay, living, type Figure, type Path, type S, type Unit } from '../state.js';
import { sentryFootprints } from './sentry.js';

export type Jump = 'leap' | 'bound';

/** Figure heights (§3.2 Heights [P]): infantry 1.25", powered armour 1.5". */
export const figureHeight = (f: Figure) => (armour(f.armour)?.powered ? 150 : 125);

/** Jump-pack distances ×2 in low gravity, ×½ in high (§7.8): leap length and clearance, bound length and total. */
export function jumpScale(s: S): { num: number; den: number } {
  return s.options.gravity === 'low' ? { num: 2, den: 1 } : s.options.gravity === 'high' ? { num: 1, den: 2 } : { num: 1, den: 1 };
}

/**
 * The distances of a jump for this unit: leap length and clearance, bound length and total.
 * Under Fire takes 2" off a leap and off the bounds' total (§6.9 "−2\" movement" [P]).
 */
export function jumpLimits(s: S, u: Unit): { leap: number; leapClear: number; bound: number; boundTotal: number } {
  const g = jumpScale(s);
  const k = (x: number) => Math.floor((x * g.num) / g.den);
  const uf = u.underFire ? 200 : 0;
  return { leap: Math.max(0, k(1200) - uf), leapClear: k(600), bound: k(600), boundTotal: Math.max(0, k(1800) - uf) };
}

/** The tallest terrain feature a straight jump passes over (linear obstacles it meets, areas it crosses; hills are ground). */
export function tallestCrossed(s: S, a: Pt, b: Pt): { id: string; height: number } | null {
  let best: { id: string; height: number } | null = null;
  for (const f of s.terrain) {
    if (f.kind === 'hill' || f.height <= 0) continue;
    const crossed = f.kind === 'linear' ? segmentMeetsPolyline(a, b, f.points) : insideLength(a, b, f.points) > 0;
    if (crossed && (!best || f.height > best.height)) best = { id: f.id, height: f.height };
  }
  return best;
}

/**
 * A jump's legality, or its end positions. Terrain movement costs do not apply; each landing point
 * (every waypoint: each bound lands) must be on the table and not in impassable terrain; the final
 * places must not overlap any base and keep coherency. Jumping over figures is allowed (they are
 * lower than any clearance). A charge by Bound may not pass through smoke (§7.26).
 */
export function jumpProblem(s: S, u: Unit, moves: Path[], kind: Jump, assault = false, carry: { by: string; fig: string }[] = []): Violation | { end: Positions } {
  if (!u.jumpPacks) return violation('no_jump_packs', `${u.id} has no jump packs (§7.12)`);
  if (u.lastStand) return violation('last_stand', `${u.id} is making a Last Stand: it never moves (§7.13)`);
  if (u.pinned && moves.length) return violation('pinned', `${u.id} is Pinned: it cannot move (§7.19)`);
  if (assault && kind === 'leap') return violation('leap_no_assault', 'a Leap may not be used to enter close assault (§7.12)');
  if (!moves.length) return violation('no_move', 'a jump moves at least one figure');
  const lim0 = jumpLimits(s, u);
  // Carrying wounded (§7.12, §7.23): two troopers carry each wounded figure; their Leap is 2" and their bounds' total 4" shorter [P: for carriers and carried].
  if (carry.length) {
    const p = carryProblem(s, u, carry, moves, 2);
    if (p) return p;
  }
  const paths = figurePaths(u, moves, carry.map((c) => c.fig));
  if (isViolation(paths)) return paths;
  const end: Positions = new Map();
  for (const { f, m } of paths) {
    const carrying = carry.some((c) => c.by === f.id || c.fig === f.id);
    const lim = carrying ? { ...lim0, leap: Math.max(0, lim0.leap - 200), boundTotal: Math.max(0, lim0.boundTotal - 400) } : lim0;
    const path = [f.at, ...m.path];
    if (kind === 'leap' && m.path.length !== 1) return violation('bad_path', `${m.fig}: a Leap is one straight jump: one point (§7.12)`);
    if (kind === 'bound' && (m.path.length < 1 || m.path.length > 3)) return violation('bad_path', `${m.fig}: a Bound is 1 to 3 straight bounds: 1 to 3 points (§7.12)`);
    let total = 0;
    for (let i = 0; i + 1 < path.length; i++) {
      const a = path[i], b = path[i + 1];
      const len = dist(a, b);
      total += len;
      const top = tallestCrossed(s, a, b);
      if (kind === 'leap') {
        // Each 1" above the clearance cuts the leap by 2" (§7.12), in proportion.
        const allowed = lim.leap - (top && top.height > lim.leapClear ? 2 * (top.height - lim.leapClear) : 0);
        if (len > allowed) return violation('beyond_allowance', `${m.fig}: the Leap is ${len / 100}" of ${Math.max(0, allowed) / 100}"${top && top.height > lim.leapClear ? ` (over ${top.id}, ${top.height / 100}" high)` : ''} (§7.12)`, { length: len, allowance: Math.max(0, allowed) });
      } else {
        if (len > lim.bound) return violation('beyond_allowance', `${m.fig}: a bound is at most ${lim.bound / 100}" (this one ${len / 100}") (§7.12)`, { length: len, allowance: lim.bound });
        if (top && top.height > figureHeight(f)) return violation('too_high', `${m.fig}: a bound clears obstacles no higher than the figure (${figureHeight(f) / 100}"); ${top.id} is ${top.height / 100}" (§7.12)`);
      }
      if (assault && smokeBlock(s, a, b)) return violation('smoke', `${m.fig}: a smoke screen blocks charges through it (§7.26)`);
      if (b[0] - f.r < 0 || b[1] - f.r < 0 || b[0] + f.r > s.table.w || b[1] + f.r > s.table.h) return violation('off_table', `${m.fig}: a landing point is off the table (§3.2)`);
      const imp = inImpassable(s, b);
      if (imp) return violation('impassable', `${m.fig}: a landing point is in impassable terrain (${imp}) (§7.12)`);
    }
    if (kind === 'bound' && total > lim.boundTotal) return violation('beyond_allowance', `${m.fig}: the bounds total ${total / 100}" of ${lim.boundTotal / 100}" (§7.12)`, { length: total, allowance: lim.boundTotal });
    end.set(f.id, path[path.length - 1]);
  }
  const all: { id: string; at: Pt; r: number }[] = [];
  for (const v of s.units) if (!v.hidden && inPlay(v)) for (const f of living(v)) all.push({ id: f.id, at: end.get(f.id) ?? f.at, r: f.r });
  for (const c of carry) if (!all.some((x) => x.id === c.fig)) { const w = u.figures.find((f) => f.id === c.fig)!; all.push({ id: w.id, at: end.get(w.id) ?? w.at, r: w.r }); }
  // Nor on a sentry gun's emplacement (§7.25 [P]).
  all.push(...sentryFootprints(s));
  for (const [id, p] of end) {
    const me = all.find((x) => x.id === id)!;
    for (const o of all) if (o.id !== id && overlaps(p, me.r, o.at, o.r)) return violation('overlap', `${id} would land overlapping ${o.id} (§3.2)`);
  }
  for (const c of carry) {
    const w = u.figures.find((f) => f.id === c.fig)!;
    if (!carry.some((d) => d.fig === c.fig && edgeDistance(end.get(w.id) ?? w.at, w.r, end.get(d.by) ?? u.figures.find((f) => f.id === d.by)!.at, w.r) <= 100)) return violation('carried_apart', `${c.fig} lands within 1" of a carrier (§7.23 [P])`);
  }
  // A Medic staying with the wounded stays within reach of them (§7.23).
  const c = coherencyProblem(u, end) ?? medicMoveProblem(s, u, end);
  if (c) return c;
  return { end };
}

/** Where each charging figure starts its last bound: the defender's free shot is measured from there (§7.12). */
export function lastBoundStarts(u: Unit, moves: Path[]): Positions {
  const out: Positions = new Map();
  for (const m of moves) {
    const f = u.figures.find((x) => x.id === m.fig);
    if (!f) continue;
    out.set(m.fig, m.path.length >= 2 ? m.path[m.path.length - 2] : f.at);
  }
  return out;
}
