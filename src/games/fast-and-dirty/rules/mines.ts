// Module Mines (§7.15, checklist #65): each side places its minefields before the first turn as
// three numbered markers with a secret record (which marker is real, anti-personnel or
// anti-vehicle). A unit whose move brings a figure within 4" of a marker rolls 1D6: 5+ passes;
// otherwise the record is checked: a dummy is removed, a real field attacks. The unit finishes
// its move either way ([P] the attack hits the figures closest to the marker where they end).
// Vehicles trigger them too (checkVehicleMines): an anti-vehicle field scores 1D3 hits on the
// bottom armour.
import { armourMod, has, saves } from './traits.js';
import { applyHurt, damageResult, hurtLabel } from './wounds.js';
import { circlePolygonDistance, dist, edgeDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { armour } from '../content.js';
import { inImpassable } from '../geometry.js';
import { inPlay, living, type Figure, type Minefield, type S, type Side, type Unit } from '../state.js';
import { isVehicle, mineHits } from './vehicles.js';
import { afterCasualties, lastFigureRule } from './combat.js';
import type { Run } from './run.js';

export const MINE_TRIGGER = 400;
/** [P] A38: anti-personnel mine damage +3 (the source gives no rating). */
export const AP_DAMAGE = 3;
/** [P] A38: anti-vehicle mine AT +6 (the source gives no rating). */
export const AV_AT = 6;

export function minefieldProblem(s: S, a: { markers?: unknown; real?: unknown; mine?: unknown }): Violation | null {
  const pts = a.markers;
  if (!Array.isArray(pts) || pts.length !== 3 || !pts.every((p) => Array.isArray(p) && p.length === 2 && Number.isInteger(p[0]) && Number.isInteger(p[1]))) {
    return violation('malformed_action', 'a minefield is 3 markers [[x, y], [x, y], [x, y]] in hundredths of an inch (§7.15)');
  }
  if (a.real !== 1 && a.real !== 2 && a.real !== 3) return violation('malformed_action', 'real names the real marker: 1, 2 or 3 (§7.15)');
  if (a.mine !== 'ap' && a.mine !== 'av') return violation('malformed_action', "mine is 'ap' (anti-personnel) or 'av' (anti-vehicle) (§7.15)");
  for (const p of pts as Pt[]) {
    if (p[0] < 0 || p[1] < 0 || p[0] > s.table.w || p[1] > s.table.h) return violation('off_table', 'a mine marker is off the table');
    const imp = inImpassable(s, p);
    if (imp) return violation('impassable', `a mine marker may not stand in impassable terrain (${imp})`);
  }
  return null;
}

/** Record a placed field; the public event shows the markers only, the placer's own event the record. */
export function placeMinefield(s: S, run: Run, side: Side, markers: Pt[], real: number, mine: 'ap' | 'av'): void {
  const id = `M${s.minefields.length + 1}`;
  s.minefields.push({ id, owner: side, markers: markers.map((at, i) => ({ n: i + 1, at: [at[0], at[1]] })), real, mine, revealed: false });
  s.minesToPlace[side]--;
  run.ev.push({ type: 'minefield_placed', to: { seats: [side] }, data: { id, side, markers, real, mine }, others: { id, side, markers } });
}

/** Closest approach of a figure's path to a point (edge of base), and whether it moved closer overall. */
function approach(path: Pt[], r: number, at: Pt): number {
  let best = Infinity;
  for (let i = 0; i + 1 < path.length; i++) best = Math.min(best, segDist(at, path[i], path[i + 1]) - r);
  return path.length === 1 ? dist(path[0], at) - r : best;
}
function segDist(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  if (l2 === 0) return dist(p, a);
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2));
  return dist(p, [a[0] + t * dx, a[1] + t * dy]);
}

/**
 * After a unit moved along `paths` (start point first): every marker it came within 4" of
 * triggers ([P] a figure that started within 4" triggers only by ending closer), in marker order.
 */
export function checkMines(s: S, run: Run, u: Unit, paths: Map<string, Pt[]>): void {
  for (const field of s.minefields ?? []) {
    for (const m of [...field.markers]) {
      if (!field.markers.includes(m)) continue;
      const hit = living(u).some((f) => {
        const p = paths.get(f.id);
        if (!p || p.length < 2) return false;
        const start = dist(p[0], m.at) - f.r;
        const end = dist(p[p.length - 1], m.at) - f.r;
        return start <= MINE_TRIGGER ? end < start : approach(p, f.r, m.at) <= MINE_TRIGGER;
      });
      if (!hit || !living(u).length) continue;
      trigger(s, run, u, field, m);
    }
  }
}

function trigger(s: S, run: Run, u: Unit, field: Minefield, m: { n: number; at: Pt }): void {
  // Engineer: +2 to minefield rolls (§2.6).
  const die = run.roll('mine_check', 1, { unit: u.id, minefield: field.id, marker: m.n })[0] + (has(u, 'engineer') ? 2 : 0);
  if (die >= 5) { run.emit('mine_passed', { unit: u.id, minefield: field.id, marker: m.n }); return; }
  if (m.n !== field.real) {
    field.markers = field.markers.filter((x) => x !== m);
    run.emit('mine_dummy', { unit: u.id, minefield: field.id, marker: m.n });
    return;
  }
  // The real field: revealed (its record becomes public), the other markers are known dummies and go.
  field.revealed = true;
  field.markers = [m];
  run.emit('mine_real', { unit: u.id, minefield: field.id, marker: m.n, mine: field.mine });
  // [P] A38: an anti-vehicle mine does not affect infantry, an anti-personnel mine does not affect vehicles.
  if (isVehicle(u)) {
    if (field.mine !== 'av') return;
    // "The attacker rolls 1d3 to determine the number of hits suffered by the vehicle" (p.34).
    const hits = Math.ceil(run.roll('mine_hits', 1, { unit: u.id })[0] / 2);
    run.emit('mine_attack', { unit: u.id, minefield: field.id, hits, at: AV_AT });
    mineHits(s, run, u, hits, AV_AT);
    return;
  }
  if (field.mine !== 'ap') return;
  const n = Math.ceil(run.roll('mine_hits', 1, { unit: u.id })[0] / 2);
  const order = living(u).slice().sort((a, b) => edgeDistance(a.at, a.r, m.at, 0) - edgeDistance(b.at, b.r, m.at, 0) || (a.id < b.id ? -1 : 1));
  const killed: Figure[] = [];
  for (const f of order.slice(0, n)) {
    const atk = run.roll('damage_attack', 1, { figure: f.id })[0] + AP_DAMAGE;
    const def = (s.options.passiveDamage ? 3 : run.roll('damage_defence', 1, { figure: f.id })[0]) + armour(f.armour).rating + armourMod(u);
    if (saves(run, u, f.id)) continue;
    const res = damageResult(s, u, f, atk, def);
    run.emit('damage', { figure: f.id, attack: atk, defence: def, ...hurtLabel(f, res) });
    if (applyHurt(s, run, u, f, res)) killed.push(f);
  }
  lastFigureRule(u, killed);
  afterCasualties(s, run, u);
}

/**
 * After a vehicle's move (§7.15): each marker within 4" of the hull (`swept`: the hull along its
 * path, or only where it is set down) triggers, in marker order, as for infantry; [P] a hull that
 * started within 4" of a marker (`start`) triggers it only by ending closer (`end`). The roll and
 * the record are the same; a real anti-vehicle field then scores 1D3 hits at AT +6 [P, A38] on the
 * bottom armour. [P] Like the infantry's, the attack comes where the vehicle ends its move.
 */
export function checkVehicleMines(s: S, run: Run, u: Unit, start: Pt[], swept: Pt[][], end: Pt[]): void {
  for (const field of s.minefields ?? []) {
    for (const m of [...field.markers]) {
      if (!field.markers.includes(m) || !inPlay(u) || u.vehicle!.status === 'knockedOut') continue;
      const from = circlePolygonDistance(m.at, 0, start);
      const hit = from <= MINE_TRIGGER ? circlePolygonDistance(m.at, 0, end) < from : swept.some((p) => circlePolygonDistance(m.at, 0, p) <= MINE_TRIGGER);
      if (hit) trigger(s, run, u, field, m);
    }
  }
}

/** Sampled placements for bots: three markers across the middle of the table, each choice of real. */
export function minefieldCandidates(s: S, side: Side): { markers: [Pt, Pt, Pt]; real: 1 | 2 | 3; mine: 'ap' }[] {
  const k = s.minefields.length;
  for (const dy of [600, 900, 300, 1200, 0]) {
    const y = Math.floor(s.table.h / 2) + (side === 0 ? dy : -dy);
    const xs = [0.25, 0.5, 0.75].map((f) => Math.floor(s.table.w * f) + 300 * (k % 3) - 300);
    const markers = xs.map((x) => [x, y] as Pt) as [Pt, Pt, Pt];
    if (!minefieldProblem(s, { markers, real: 1, mine: 'ap' })) return ([1, 2, 3] as const).map((real) => ({ markers, real, mine: 'ap' as const }));
  }
  return [];
}
