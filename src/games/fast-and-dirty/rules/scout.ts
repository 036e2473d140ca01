// Scout (§7.24), a Command sub-action: one figure is placed anywhere within 3 × the squad's
// coherency distance of another member; it spots and may call fire from there, and returns
// first at the squad's next activation.
import { edgeDistance, overlaps, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { coherencyDistance, inImpassable } from '../geometry.js';
import { living, type S, type Unit } from '../state.js';
import { has } from './traits.js';
import { Run } from './run.js';
import { sentryOnPath } from './sentry.js';

export type ScoutOrder = { fig: string; at: Pt; second?: { fig: string; at: Pt } };

function standsFree(s: S, id: string, p: Pt, r: number, also?: string): Violation | null {
  if (p[0] - r < 0 || p[1] - r < 0 || p[0] + r > s.table.w || p[1] + r > s.table.h) return violation('off_table', `${id} would stand off the table (§3.2)`);
  const imp = inImpassable(s, p);
  if (imp) return violation('impassable', `${id} would stand in impassable terrain (${imp}) (§7.24 [P])`);
  for (const v of s.units) if (!v.hidden) for (const g of living(v)) if (g.id !== id && g.id !== also && overlaps(p, r, g.at, g.r)) return violation('overlap', `${id} would overlap ${g.id} (§3.2)`);
  const gun = sentryOnPath(s, [p], r);
  if (gun) return violation('sentry_gun', `${id} would stand on the sentry gun ${gun} (§7.25 [P])`);
  return null;
}

/**
 * Why the figure may not scout to that point, or null (§7.24; no path is traced [P]). Recon (§2.6,
 * p.49): "When taking the Scout action, a recon squad may deploy two figures within twice coherency
 * distance instead of the normal option": with `second`, both figures, each within 2 × coherency of
 * a member that stays [P], not overlapping each other.
 */
export function scoutProblem(s: S, u: Unit, sc: ScoutOrder): Violation | null {
  if (u.kind !== 'infantry') return violation('no_scout', 'only squads scout (§7.24: vehicles cannot; teams, snipers and characters have no such sub-action [P])');
  const f = living(u).find((x) => x.id === sc?.fig);
  if (!f) return violation('not_a_figure', `${sc?.fig} is not a living figure of ${u.id}`);
  if (sc.second) {
    if (!has(u, 'recon')) return violation('not_recon', 'only a Recon squad deploys two scouts (§2.6 Recon)');
    const g = living(u).find((x) => x.id === sc.second!.fig);
    if (!g) return violation('not_a_figure', `${sc.second.fig} is not a living figure of ${u.id}`);
    if (g === f) return violation('duplicate_figure', `${g.id} is named twice`);
    const stay = living(u).filter((x) => x !== f && x !== g);
    if (!stay.length) return violation('no_scout', 'scouts are placed near another member of the squad (§7.24)');
    const reach = 2 * coherencyDistance(u);
    for (const [x, at] of [[f, sc.at], [g, sc.second.at]] as const) {
      if (!stay.some((m) => edgeDistance(at, x.r, m.at, m.r) <= reach)) return violation('out_of_range', `${x.id} must stand within ${reach / 100}" (2 × coherency) of a member that stays (§2.6 Recon)`);
      const p = standsFree(s, x.id, at, x.r, x === f ? g.id : f.id);
      if (p) return p;
    }
    if (overlaps(sc.at, f.r, sc.second.at, g.r)) return violation('overlap', `${f.id} would overlap ${g.id} (§3.2)`);
    return null;
  }
  const others = living(u).filter((g) => g !== f);
  if (!others.length) return violation('no_scout', 'a scout is placed near another member of the squad (§7.24)');
  const reach = 3 * coherencyDistance(u);
  if (!others.some((g) => edgeDistance(sc.at, f.r, g.at, g.r) <= reach)) return violation('out_of_range', `${sc.fig} must stand within ${reach / 100}" (3 × coherency) of another member (§7.24)`);
  return standsFree(s, f.id, sc.at, f.r);
}

export function placeScout(s: S, run: Run, u: Unit, sc: ScoutOrder): void {
  const f = u.figures.find((x) => x.id === sc.fig)!;
  f.at = [sc.at[0], sc.at[1]];
  u.scout = f.id;
  run.emit('scout', { unit: u.id, figure: f.id, at: f.at });
  if (sc.second) {
    const g = u.figures.find((x) => x.id === sc.second!.fig)!;
    g.at = [sc.second.at[0], sc.second.at[1]];
    u.scoutMate = g.id;
    run.emit('scout', { unit: u.id, figure: g.id, at: g.at });
  }
}

/** 16 directions, ×1000, no trigonometry (§3.2). */
const DIRS: Pt[] = [[1000, 0], [924, 383], [707, 707], [383, 924], [0, 1000], [-383, 924], [-707, 707], [-924, 383], [-1000, 0], [-924, -383], [-707, -707], [-383, -924], [0, -1000], [383, -924], [707, -707], [924, -383]];

/**
 * At the squad's next activation the scout returns first, within coherency of a member (§7.24) [P]:
 * automatically, to the free spot 1" from a member's base closest to where the scout stands (the
 * order that follows may move it anywhere the squad's move allows).
 */
export function returnScout(s: S, run: Run, u: Unit): void {
  const mate = u.scoutMate;
  delete u.scoutMate;
  returnOne(s, run, u, u.scout ?? null, mate ?? null);
  u.scout = null;
  // A Recon squad's second scout comes back after the first, the same way (§2.6).
  if (mate) returnOne(s, run, u, mate, null);
}

function returnOne(s: S, run: Run, u: Unit, id: string | null, away: string | null): void {
  const f = u.figures.find((x) => x.id === id && x.alive);
  if (!f) return;
  const spots: Pt[] = [];
  for (const g of living(u)) if (g !== f && g.id !== away) for (const d of DIRS) {
    const k = f.r + g.r + 100;
    spots.push([g.at[0] + Math.round((d[0] * k) / 1000), g.at[1] + Math.round((d[1] * k) / 1000)]);
  }
  const free = spots.filter((p) => !standsFree(s, f.id, p, f.r)).sort((a, b) => edgeDistance(a, 0, f.at, 0) - edgeDistance(b, 0, f.at, 0) || a[0] - b[0] || a[1] - b[1]);
  if (free.length) f.at = free[0];
  run.emit('scout_returned', { unit: u.id, figure: f.id, at: f.at });
}
