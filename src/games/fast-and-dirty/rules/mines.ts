// Module Mines (§7.15, checklist #65): each side places its minefields before the first turn as
// three numbered markers with a secret record (which marker is real, anti-personnel or
// anti-vehicle). A unit whose move brings a figure within 4" of a marker rolls 1D6: 5+ passes;
// otherwise the record is checked: a dummy is removed, a real field attacks. The book: "Any unit
// that approaches to within 4" of a mine must temporarily halt their movement and resolve their
// encounter with the mine. […] If the result is 5+ the unit passes through the minefield without
// incident and may finish its movement. […] If the mine is a dummy it is removed, and the unit may
// finish its movement. If the mine is real, resolve the attack immediately." So the markers are
// met in the order the move reaches them, and [P] a real field (whatever its type) ends the move
// where it was triggered: the unit is set back to the point of its move where it came within 4"
// (each figure as far along its own path as the others, in share of its path [P]; a vehicle's hull
// where it first came within 4"), and the attack hits it there (`mine_halt`). Markers the move
// would have reached later are not met. Vehicles trigger them too (checkVehicleMines): an
// anti-vehicle field scores 1D3 hits on the bottom armour.
import { armourMod, has, saved, SAVE_ON } from './traits.js';
import { applyHurt, damageResult, hurtLabel, isWounded } from './wounds.js';
import { couldImprove, luckyMay, pauseForLucky } from './lucky.js';
import { circlePolygonDistance, dist, edgeDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { armour } from '../content.js';
import { inImpassable } from '../geometry.js';
import { inPlay, living, type LuckyCarry, type MineWalk, type Minefield, type S, type Side, type Unit } from '../state.js';
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

/** Each moving figure's path from its start, for the mine check (a trimmed variable move: start to where it stopped). */
export function pathsOf(u: Unit, moves: { fig: string; path: Pt[] }[], before: Map<string, Pt>): Map<string, Pt[]> {
  const out = new Map<string, Pt[]>();
  for (const m of moves) {
    const f = u.figures.find((x) => x.id === m.fig);
    const start = before.get(m.fig);
    if (!f || !start) continue;
    const end = m.path[m.path.length - 1];
    out.set(m.fig, end[0] === f.at[0] && end[1] === f.at[1] ? [start, ...m.path] : [start, f.at]);
  }
  return out;
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

/** The point a share `t` (0-1) of the way along a path, by length. */
function along(p: Pt[], t: number): Pt {
  const lens = p.slice(1).map((b, i) => dist(p[i], b));
  let left = t * lens.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lens.length; i++) {
    if (left <= lens[i] || i === lens.length - 1) {
      const f = lens[i] ? Math.min(1, left / lens[i]) : 1;
      return [Math.round(p[i][0] + (p[i + 1][0] - p[i][0]) * f), Math.round(p[i][1] + (p[i + 1][1] - p[i][1]) * f)];
    }
    left -= lens[i];
  }
  return p[p.length - 1];
}

/** The share of its path at which a figure first meets a marker: within 4" ([P] or, starting within 4", first closer than at the start); null if never. */
function meets(p: Pt[], r: number, at: Pt): number | null {
  if (p.length < 2) return null;
  const start = dist(p[0], at) - r;
  const near = (q: Pt) => (start <= MINE_TRIGGER ? dist(q, at) - r < start : dist(q, at) - r <= MINE_TRIGGER);
  if (start <= MINE_TRIGGER ? dist(p[p.length - 1], at) - r >= start : approach(p, r, at) > MINE_TRIGGER) return null;
  const total = p.slice(1).reduce((a, b, i) => a + dist(p[i], b), 0);
  const n = Math.max(1, Math.ceil(total / 10));
  for (let k = 1; k <= n; k++) if (near(along(p, k / n))) return k / n;
  return 1;
}

/**
 * After a unit moved along `paths` (start point first): every marker it came within 4" of
 * triggers ([P] a figure that started within 4" triggers only by moving closer), in the order the
 * move meets them (marker order on a tie); a real field halts the unit where it met it (above).
 * True when it halted the unit.
 */
export function checkMines(s: S, run: Run, u: Unit, paths: Map<string, Pt[]>, lucky = false): boolean {
  const met: { t: number; field: Minefield; m: { n: number; at: Pt } }[] = [];
  for (const field of s.minefields ?? []) {
    for (const m of field.markers) {
      const ts = living(u).map((f) => { const p = paths.get(f.id); return p ? meets(p, f.r, m.at) : null; }).filter((t): t is number => t !== null);
      if (ts.length) met.push({ t: Math.min(...ts), field, m });
    }
  }
  met.sort((a, b) => a.t - b.t);
  const w: MineWalk = { unit: u.id, met: met.map((x) => ({ field: x.field.id, n: x.m.n, t: x.t })), next: 0, halt: null };
  minesFrom(s, run, u, w, paths, lucky);
  return w.halt !== null;
}

/** A move's mine encounters paused at a Lucky window on the mover's save or defence die go on with the settled die (§2.7); true when another window paused them. */
export function continueMines(s: S, run: Run, c: Extract<LuckyCarry, { roll: 'mine' }>, die: number): boolean {
  const u = s.units.find((x) => x.id === c.walk.unit)!;
  const held: MineDice = c.test === 'save' ? { attack: c.attack, defence: c.defence, save: die } : { attack: c.attack, defence: die, save: c.save, final: true };
  return minesFrom(s, run, u, c.walk, null, true, held);
}

/** The encounters of `w` from `w.next` on (`held`: a paused figure's settled dice); true when a Lucky window paused them. */
function minesFrom(s: S, run: Run, u: Unit, w: MineWalk, paths: Map<string, Pt[]> | null, lucky: boolean, held?: MineDice): boolean {
  for (; w.next < w.met.length; w.next++) {
    const x = w.met[w.next];
    const field = s.minefields.find((f) => f.id === x.field)!;
    if (w.attack) {
      const h = held;
      held = undefined;
      if (apAttack(s, run, u, w, lucky, h)) return true;
      continue;
    }
    const m = field.markers.find((k) => k.n === x.n);
    if (w.halt !== null && x.t > w.halt) break;
    if (!m || !living(u).length) continue;
    if (trigger(s, run, u, field, m, () => {
      if (w.halt !== null || !paths) return;
      w.halt = x.t;
      const at: Record<string, Pt> = {};
      // The carried wounded (not living, but with a path beside their carriers, §7.23) halt with them.
      for (const f of u.figures) {
        if (f.exited || !(f.alive || f.wounded)) continue;
        const p = paths.get(f.id);
        if (p && p.length > 1) f.at = at[f.id] = along(p, x.t);
      }
      run.emit('mine_halt', { unit: u.id, minefield: field.id, marker: m.n, at });
    }, w, lucky)) return true;
  }
  return false;
}

/** The encounter; `halt` is called when a real field is found, before its attack (the unit stops there). */
function trigger(s: S, run: Run, u: Unit, field: Minefield, m: { n: number; at: Pt }, halt?: () => void, walk?: MineWalk, lucky = false): boolean {
  // Engineer: +2 to minefield rolls (§2.6).
  const die = run.roll('mine_check', 1, { unit: u.id, minefield: field.id, marker: m.n })[0] + (has(u, 'engineer') ? 2 : 0);
  if (die >= 5) { run.emit('mine_passed', { unit: u.id, minefield: field.id, marker: m.n }); return false; }
  if (m.n !== field.real) {
    field.markers = field.markers.filter((x) => x !== m);
    run.emit('mine_dummy', { unit: u.id, minefield: field.id, marker: m.n });
    return false;
  }
  // The real field: revealed (its record becomes public), the other markers are known dummies and go.
  field.revealed = true;
  field.markers = [m];
  run.emit('mine_real', { unit: u.id, minefield: field.id, marker: m.n, mine: field.mine });
  halt?.();
  // [P] A38: an anti-vehicle mine does not affect infantry, an anti-personnel mine does not affect vehicles.
  if (isVehicle(u)) {
    if (field.mine !== 'av') return false;
    // "The attacker rolls 1d3 to determine the number of hits suffered by the vehicle" (p.34).
    const hits = Math.ceil(run.roll('mine_hits', 1, { unit: u.id })[0] / 2);
    run.emit('mine_attack', { unit: u.id, minefield: field.id, hits, at: AV_AT });
    mineHits(s, run, u, hits, AV_AT);
    return false;
  }
  if (field.mine !== 'ap') return false;
  const n = Math.ceil(run.roll('mine_hits', 1, { unit: u.id })[0] / 2);
  const order = living(u).slice().sort((a, b) => edgeDistance(a.at, a.r, m.at, 0) - edgeDistance(b.at, b.r, m.at, 0) || (a.id < b.id ? -1 : 1));
  const w = walk ?? { unit: u.id, met: [], next: 0, halt: null };
  w.attack = { order: order.slice(0, n).map((f) => f.id), i: 0, killed: [] };
  return apAttack(s, run, u, w, lucky);
}

/** A paused mine hit's dice: the attack and defence dice rolled before the window, the save die (settled or failed), `final`: the defence window answered. */
type MineDice = { attack: number; defence: number; save?: number; final?: boolean };

/**
 * An anti-personnel field's hits on the mover (§7.15), from figure `w.attack.i` on: the attack die
 * (+3, A38), the defence die, the save (§2.6). Personality Lucky (§2.7): the mover's failed save die
 * and its defence die are its own rolls; where its step can resume (`lucky`: the active unit's
 * engage, rush or charge; a reaction, Inspiration or Elusive move; a close assault's fall back; a Lull withdrawal) each may open its owner's window (the mine's attack die is nobody's: no window).
 * True when one paused the attack.
 */
function apAttack(s: S, run: Run, u: Unit, w: MineWalk, lucky: boolean, held?: MineDice): boolean {
  const a = w.attack!;
  const may = lucky && luckyMay(s, u, true);
  const fig = (id: string) => u.figures.find((f) => f.id === id)!;
  const pause = (test: 'save' | 'defence', die: number, c: { attack: number; defence: number; save?: number }, shown: Record<string, number | string>, target: number | null) =>
    pauseForLucky(s, run, u, test, [die], { roll: 'mine', walk: { ...w, attack: { ...a, killed: [...a.killed] } }, test, ...c }, shown, target);
  for (; a.i < a.order.length; a.i++) {
    const f = fig(a.order[a.i]);
    const h = held;
    held = undefined;
    const d = h?.attack ?? run.roll('damage_attack', 1, { figure: f.id })[0];
    const atk = d + AP_DAMAGE;
    const defDie = h?.defence ?? (s.options.passiveDamage ? 3 : run.roll('damage_defence', 1, { figure: f.id })[0]);
    const defOf = (dd: number) => dd + armour(f.armour).rating + armourMod(u);
    let sd: number | undefined;
    if (has(u, 'save')) {
      sd = h?.save ?? run.roll('save', 1, { unit: u.id, figure: f.id })[0];
      if (h?.save === undefined && sd < SAVE_ON && may) return pause('save', sd, { attack: d, defence: defDie }, { figure: f.id }, SAVE_ON);
      if (saved(run, u, f.id, sd)) continue;
    }
    const resOf = (dd: number) => damageResult(s, u, f, atk, defOf(dd));
    if (!h?.final && !s.options.passiveDamage && may && (f.alive || isWounded(f)) && couldImprove([defDie], (v) => -hurtRank(resOf(v[0])))) {
      return pause('defence', defDie, { attack: d, defence: defDie, ...(sd === undefined ? {} : { save: sd }) }, { figure: f.id, attack: atk, defence: defOf(defDie) }, null);
    }
    const res = resOf(defDie);
    run.emit('damage', { figure: f.id, attack: atk, defence: defOf(defDie), ...hurtLabel(f, res) });
    if (applyHurt(s, run, u, f, res)) a.killed.push(f.id);
  }
  delete w.attack;
  lastFigureRule(u, a.killed.map(fig));
  afterCasualties(s, run, u);
  return false;
}

const HURT_RANK = { killed: 2, wounded: 1 } as const;
const hurtRank = (r: 'killed' | 'wounded' | null) => (r ? HURT_RANK[r] : 0);

/**
 * After a vehicle's move (§7.15): each marker within 4" of the hull (`swept`: the hull along its
 * path, or only where it is set down) triggers, as for infantry, in the order the move meets them
 * (marker order on a tie); [P] a hull that started within 4" of a marker (`start`) triggers it only
 * by moving closer (met where it first is closer). The roll and the record are the same; a real
 * field halts the vehicle where it met it (`places[i]`: the hull centre and heading of `swept[i]`,
 * when given), then an anti-vehicle one scores 1D3 hits at AT +6 [P, A38] on the bottom armour.
 */
export function checkVehicleMines(s: S, run: Run, u: Unit, start: Pt[], swept: Pt[][], end: Pt[], places?: { at: Pt; heading: number }[]): void {
  const met: { i: number; field: Minefield; m: { n: number; at: Pt } }[] = [];
  for (const field of s.minefields ?? []) {
    for (const m of field.markers) {
      const from = circlePolygonDistance(m.at, 0, start);
      const hit = from <= MINE_TRIGGER ? circlePolygonDistance(m.at, 0, end) < from : swept.some((p) => circlePolygonDistance(m.at, 0, p) <= MINE_TRIGGER);
      if (!hit) continue;
      const i = swept.findIndex((p) => (from <= MINE_TRIGGER ? circlePolygonDistance(m.at, 0, p) < from : circlePolygonDistance(m.at, 0, p) <= MINE_TRIGGER));
      met.push({ i: i < 0 ? swept.length - 1 : i, field, m });
    }
  }
  met.sort((a, b) => a.i - b.i);
  let halt: number | null = null;
  for (const x of met) {
    if (halt !== null && x.i > halt) break;
    if (!x.field.markers.includes(x.m) || !inPlay(u) || u.vehicle!.status === 'knockedOut') continue;
    trigger(s, run, u, x.field, x.m, () => {
      if (halt !== null) return;
      halt = x.i;
      const p = places?.[x.i];
      if (!p) return;
      u.figures[0].at = [Math.round(p.at[0]), Math.round(p.at[1])];
      u.vehicle!.heading = p.heading;
      run.emit('mine_halt', { unit: u.id, minefield: x.field.id, marker: x.m.n, at: u.figures[0].at, heading: p.heading });
    });
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
