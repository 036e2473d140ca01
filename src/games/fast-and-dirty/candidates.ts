// Sampled orders for bots and quick picks (all: false; `validate` is the authority): hold, fire
// from place, formation moves toward the enemy, objectives and cover, away from the enemy, Rush,
// close assault into contact, demolition (DESIGN "Legal actions").
import { along, centroid, dist, distanceToBoundary, edgeDistance, inside, type Pt } from '../../engine/mech/geom2d.js';
import { coherencyDistance, positionCover } from './geometry.js';
import { copyJson } from '../../engine/mech/json.js';
import { bunkerExitProblem, bunkerHolding, exitPlacement, leavesBunker } from './rules/bunker-exit.js';
import { scoutProblem } from './rules/scout.js';
import { attachProblem } from './rules/characters.js';
import { hideProblem, markerMovesProblem, revealProblem } from './rules/hidden.js';
import { callFireProblem, mortarProblem } from './rules/indirect.js';
import { attachedCharacter } from './state.js';
import { weapon } from './content.js';
import {
  fireProblem, aimedProblem, smokeProblem, assaultProblem, blastProblem, demolitionProblem, enemiesOf, fallBackProblem, moveAllowance, moveProblem, priorityTargets, underFireRushProblem,
  type Positions,
} from './legal.js';
import { living, movers, inPlay, type Action, type Figure, type Path, type S, type Unit } from './state.js';
import { bunkerProblem, isBunker } from './rules/fortifications.js';
import { sentryGuns, sentryTargetProblem } from './rules/sentry.js';
import { hesitantProblem } from './rules/command-response.js';
import { cautiousProblem } from './rules/cautious.js';
import { recallAction, recalled } from './rules/platoon.js';
import { taskCandidates } from './rules/tasks.js';
import { intruderCandidates } from './rules/intruder.js';
import { jumpLimits, jumpProblem } from './rules/jump.js';
import { POWERS, psionicProblem } from './rules/psionics.js';
import { has, noRush } from './rules/traits.js';
import { aidBusy, defaultAid, recoverProblem, untreated, woundedOf, woundRules } from './rules/wounds.js';

const SCALES = [100, 75, 50, 25];

/** A formation move: every figure moves the same vector, the longest legal fraction of `len`. */
export function formation(s: S, u: Unit, v: Pt, len: number, mode: 'move' | 'rush', extra?: (end: Positions) => boolean): Path[] | null {
  if (v[0] === 0 && v[1] === 0) return null;
  for (const k of SCALES) {
    // A Medic staying with the wounded does not go with the squad (§7.23).
    const moves = movers(u).map((f) => ({ fig: f.id, path: [along(f.at, v, Math.floor((len * k) / 100))] }));
    const r = moveProblem(s, u, moves, { mode });
    // Leaving a bunker is a set-down, not a move (§7.7): such a formation is no move at all.
    if ('end' in r && (!extra || extra(r.end)) && !leavesBunker(s, u, moves)) return moves;
  }
  return null;
}

function nearestEnemyUnit(s: S, u: Unit): Unit | null {
  let best: Unit | null = null, bd = Infinity;
  for (const e of enemiesOf(s, u)) {
    for (const f of living(u)) for (const g of living(e)) {
      const d = edgeDistance(f.at, f.r, g.at, g.r);
      if (d < bd) { bd = d; best = e; }
    }
  }
  return best;
}

/**
 * Short moves outside the unit's own order (a Reaction card's move toward the drawn unit `foe`, to
 * cover or away; an Inspiration's 3"): formation moves of `len` toward the enemy, away and to cover,
 * each kept when `ok` accepts it (§5.1).
 */
export function shortMoves(s: S, u: Unit, len: number, ok: (moves: Path[]) => boolean, foe?: Unit): Path[][] {
  const out: Path[][] = [];
  for (const d of directions(s, u, foe)) {
    if (d.why === 'objective') continue;
    const mv = formation(s, u, d.v, len, 'move');
    if (mv && ok(mv)) out.push(mv);
  }
  return out;
}

/** Directions worth a formation move: toward the enemy (`foe`, else the nearest), objectives, the nearest cover, away. */
function directions(s: S, u: Unit, enemy?: Unit): { why: string; v: Pt }[] {
  const me = centroid(living(u).map((f) => f.at));
  const out: { why: string; v: Pt }[] = [];
  const foe = enemy ?? nearestEnemyUnit(s, u);
  if (foe) {
    const c = centroid(living(foe).map((f) => f.at));
    out.push({ why: 'enemy', v: [c[0] - me[0], c[1] - me[1]] });
    out.push({ why: 'away', v: [me[0] - c[0], me[1] - c[1]] });
  }
  const objs = [...s.objectives];
  if (s.victory.kind === 'demolition') {
    const t = s.terrain.find((f) => f.id === (s.victory as { target: string }).target);
    if (t) objs.push(centroid(t.points));
  }
  for (const o of objs) out.push({ why: 'objective', v: [o[0] - me[0], o[1] - me[1]] });
  let cover: Pt | null = null, cd = Infinity;
  for (const f of s.terrain) {
    if (f.cover === 'none' || f.move === 'impassable' || f.kind === 'hill') continue;
    const c = f.kind === 'linear' ? centroid(f.points) : centroid(f.points);
    const d = dist(me, c);
    if (d < cd && d > 100) { cd = d; cover = c; }
  }
  if (cover) out.push({ why: 'cover', v: [cover[0] - me[0], cover[1] - me[1]] });
  return out;
}

/** The legal orders sampled for the active unit. */
export function orderCandidates(s: S, u: Unit): Action[] {
  const out: Action[] = [];
  const seen = new Set<string>();
  const add = (a: Action) => {
    const k = JSON.stringify(a);
    if (!seen.has(k)) { seen.add(k); out.push(a); }
  };
  const hold: Action = { type: 'engage', moves: [], target: null, fireFirst: true };
  const fb = u.fallingBack;
  if (u.hidden) return markerCandidates(s, u);
  if (u.lastStand) {
    // It never moves and picks any enemy unit it can hit (§7.13).
    add(hold);
    for (const e of enemiesOf(s, u)) if (!fireProblem(s, u, e.id)) add({ type: 'engage', moves: [], target: e.id, fireFirst: true });
    // A failed Hesitant or Command Response test still limits it (§2.6, §7.3): validate refuses the rest.
    return out.filter((a) => !hesitantProblem(s, u, a));
  }
  if (!hideProblem(s, u)) add({ type: 'hide' });
  if (u.pinned) {
    add(hold);
    for (const a of demolitionCandidates(s, u)) if (a.type === 'command') add(a);
    for (const a of recoverCandidates(s, u)) add(a);
    return out;
  }
  // Weapon teams and snipers shoot only if they do not move (§7.9, §7.27); a failed aimed shot ends fire for the turn.
  const moveAndFire = u.kind !== 'weaponTeam' && u.kind !== 'sniper';
  // A Huge weapon team fires its heavy weapon on the move, at −2 (§2.6); it still never assaults.
  const moveThenFire = moveAndFire || (u.kind === 'weaponTeam' && has(u, 'huge'));
  const mayFire = u.noFireTurn !== s.turn;
  if (!fb || fallBackBlocked(s, u)) {
    add(hold);
    if (mayFire) for (const t of priorityTargets(s, u)) add({ type: 'engage', moves: [], target: t.unit.id, fireFirst: true });
    if (mayFire) for (const a of blastCandidates(s, u)) add(a);
    // Fire at a bunker holding a priority target (§6.6).
    if (mayFire) for (const b of s.terrain) if (isBunker(b) && !bunkerProblem(s, u, b.id)) add({ type: 'engage', moves: [], target: null, fireFirst: true, bunker: b.id });
    // Fire at an enemy sentry gun (§7.25 [P]).
    if (mayFire && u.side !== null) for (const { gun } of sentryGuns(s, u.side === 0 ? 1 : 0)) if (!sentryTargetProblem(s, u, gun.id)) add({ type: 'engage', moves: [], target: null, fireFirst: true, sentry: gun.id });
    if (mayFire) for (const a of aimedCandidates(s, u)) add(a);
    if (mayFire) for (const a of indirectCandidates(s, u)) add(a);
    for (const a of smokeCandidates(s, u)) add(a);
    for (const a of attachCandidates(s, u)) add(a);
  }
  const away = (end: Positions) => !fb || fallBackProblem(s, u, end) === null;
  for (const d of directions(s, u)) {
    if (fb && d.why !== 'away' && d.why !== 'cover') continue;
    const mv = formation(s, u, d.v, moveAllowance(s, u, 'move'), 'move', away);
    if (mv) {
      add({ type: 'engage', moves: mv, target: null, fireFirst: true });
      const end = new Map(mv.map((m) => [m.fig, m.path[m.path.length - 1]]));
      const after = moveThenFire && mayFire ? priorityTargets(s, u, end)[0] : undefined;
      if (after) add({ type: 'engage', moves: mv, target: after.unit.id, fireFirst: false });
      const before = moveThenFire && mayFire ? priorityTargets(s, u)[0] : undefined;
      if (before && (!fb || fallBackBlocked(s, u) === false)) add({ type: 'engage', moves: mv, target: before.unit.id, fireFirst: true });
    }
    if (!fb && u.kind !== 'weaponTeam' && !living(u).some((f) => f.team)) {
      const rush = formation(s, u, d.v, moveAllowance(s, u, 'rush'), 'rush', (end) => underFireRushProblem(s, u, end) === null);
      if (rush) add({ type: 'rush', moves: rush });
    }
  }
  for (const a of exitCandidates(s, u, moveThenFire && mayFire)) add(a);
  if (!fb) for (const a of scoutCandidates(s, u)) add(a);
  if (u.jumpPacks) for (const a of jumpCandidates(s, u)) add(a);
  if (!fb || fallBackBlocked(s, u)) for (const a of psionicCandidates(s, u)) add(a);
  if (!fb && moveAndFire) for (const a of assaultCandidates(s, u)) add(a);
  for (const a of demolitionCandidates(s, u)) add(a);
  if (!fb && moveAndFire) for (const a of taskCandidates(s, u)) add(a);
  if (!fb && moveAndFire) for (const a of intruderCandidates(s, u)) add(a);
  if (!fb) for (const a of recoverCandidates(s, u)) add(a);
  if (!fb) for (const a of carryCandidates(s, u)) add(a);
  // Inflexible: no fire in an order that moves (§2.6).
  if (has(u, 'inflexible')) out.splice(0, out.length, ...out.filter((a) => a.type !== 'engage' || !a.moves.length || (a.target === null && !a.blast && !a.aimed && !a.indirect && !a.bunker && !a.sentry)));
  // A unit that failed Command Response keeps only the orders it may give (§7.3).
  // Platoon coherency: a recalled element moves back towards its commander (§7.20).
  const recall = recalled(s, u) ? recallAction(s, u) : null;
  if (recall) add(recall);
  // Cautious failed (§2.6): only orders that keep the unit in cover.
  if (u.cautiousFailed) out.splice(0, out.length, ...out.filter((a) => !cautiousProblem(s, u, a)));
  if (u.hesitant || u.wavering || recall || (has(u, 'aggressive') && u.underFire && !fb)) return out.filter((a) => !hesitantProblem(s, u, a) && (a.type !== 'engage' || !a.target || !fireProblem(s, u, a.target, a.fireFirst ? undefined : new Map(a.moves.map((m) => [m.fig, m.path[m.path.length - 1]])))));
  // Scattered fire reaches 10" only (§6.8): drop the shots beyond it.
  if (noRush(u)) out.splice(0, out.length, ...out.filter((a) => a.type !== 'rush'));
  if (u.scatteredFire || has(u, 'zombie') || has(u, 'goon')) {
    return out.filter((a) => a.type !== 'engage' || !a.target || !fireProblem(s, u, a.target, a.fireFirst ? undefined : new Map(a.moves.map((m) => [m.fig, m.path[m.path.length - 1]]))));
  }
  return out;
}

/** A hidden unit: stay, move every marker 6" toward the enemy / objective / away (fanned out), or reveal at a marker (§7.10). */
function markerCandidates(s: S, u: Unit): Action[] {
  const out: Action[] = [{ type: 'markers', moves: [] }];
  const mk = u.hidden!.markers;
  const me = centroid(mk.map((m) => m.at));
  const foe = nearestFoe(s, u);
  const goals: Pt[] = [...s.objectives];
  if (foe) goals.push(centroid(living(foe).map((f) => f.at)));
  for (const g of goals) {
    const v: Pt = [g[0] - me[0], g[1] - me[1]];
    if (!v[0] && !v[1]) continue;
    for (const k of [100, 50]) {
      const moves = mk.map((m, i) => {
        const side: Pt = [-v[1], v[0]];
        const fan = along([0, 0], side, (i - 1) * 300);
        const p = along(m.at, v, Math.floor((600 * k) / 100) - (i === 1 ? 0 : 100));
        return { marker: m.n, path: [[p[0] + fan[0], p[1] + fan[1]] as Pt] };
      });
      if ('end' in markerMovesProblem(s, u, moves)) { out.push({ type: 'markers', moves }); break; }
    }
  }
  for (const m of mk) if (!revealProblem(s, u, m.n)) { out.push({ type: 'unhide', marker: m.n }); break; }
  return out;
}

/** A mortar team's indirect fire, or a caller's strike call (with the rest shooting), at the nearest enemy figure that qualifies (§7.11). */
function indirectCandidates(s: S, u: Unit): Action[] {
  const out: Action[] = [];
  const foes = enemiesOf(s, u).flatMap((e) => living(e)).sort((a, b) => dist(living(u)[0].at, a.at) - dist(living(u)[0].at, b.at) || (a.id < b.id ? -1 : 1));
  if (u.kind === 'weaponTeam') {
    const t = foes.find((g) => !mortarProblem(s, u, g.at));
    if (t) out.push({ type: 'engage', moves: [], target: null, fireFirst: true, indirect: t.at });
    return out;
  }
  if (u.fallingBack || u.kind === 'sniper') return out;
  const caller = living(u).find((f) => f.leader || f.character || u.kind === 'character');
  const asset = s.artillery.find((a) => a.side === u.side && !a.lost && a.usedTurn !== s.turn);
  if (!caller || !asset) return out;
  const t = foes.find((g) => !callFireProblem(s, u, { caller: caller.id, asset: asset.id, at: g.at }));
  if (!t) return out;
  const callFire = { caller: caller.id, asset: asset.id, at: t.at };
  out.push({ type: 'command', demolition: null, target: null, callFire });
  caller.alive = false;
  const shot = living(u).length ? priorityTargets(s, u)[0] : undefined;
  caller.alive = true;
  if (shot) out.push({ type: 'command', demolition: null, target: shot.unit.id, callFire });
  return out;
}

/** A sniper's aimed shot at each enemy unit in reach: its leader if visible, else its closest figure (§7.27). */
function aimedCandidates(s: S, u: Unit): Action[] {
  if (u.kind !== 'sniper') return [];
  const out: Action[] = [];
  const sn = living(u)[0];
  for (const e of enemiesOf(s, u)) {
    const figs = living(e).slice().sort((a, b) => Number(!!b.leader || !!b.character) - Number(!!a.leader || !!a.character) || dist(sn.at, a.at) - dist(sn.at, b.at));
    const f = figs.find((g) => !aimedProblem(s, u, e.id, g.id));
    if (f) out.push({ type: 'engage', moves: [], target: e.id, fireFirst: true, aimed: f.id });
  }
  return out;
}

/** A smoke screen square to the line to the nearest enemy, 5" out from the squad's centre, 10" wide (§7.26). */
function smokeCandidates(s: S, u: Unit): Action[] {
  if (u.smokeUsed || !living(u).some((f) => f.support && weapon(f.weapon).flags?.includes('smoke'))) return [];
  const foe = nearestFoe(s, u);
  if (!foe) return [];
  const me = centroid(living(u).map((f) => f.at));
  const them = centroid(living(foe).map((f) => f.at));
  const v: Pt = [them[0] - me[0], them[1] - me[1]];
  if (!v[0] && !v[1]) return [];
  const mid = along(me, v, 500);
  const a = along(mid, [-v[1], v[0]], 500), b = along(mid, [v[1], -v[0]], 500);
  const pts: [Pt, Pt] = [a, b];
  return smokeProblem(s, u, pts) ? [] : [{ type: 'engage', moves: [], target: null, fireFirst: true, smoke: pts }];
}

function nearestFoe(s: S, u: Unit): Unit | null {
  return enemiesOf(s, u).map((e) => ({ e, d: Math.min(...living(e).flatMap((g) => living(u).map((f) => dist(f.at, g.at)))) })).sort((a, b) => a.d - b.d)[0]?.e ?? null;
}

/** Hold while a free character within coherency joins, or while the attached one leaves (§2.8). */
function attachCandidates(s: S, u: Unit): Action[] {
  const out: Action[] = [];
  if (attachedCharacter(s, u)) out.push({ type: 'engage', moves: [], target: null, fireFirst: true, detach: true });
  for (const c of s.units) {
    if (c.kind === 'character' && !attachProblem(s, u, c.id)) out.push({ type: 'engage', moves: [], target: null, fireFirst: true, attach: c.id });
  }
  return out;
}

/** A blast shot of each blast-capable support weapon at the centre of the nearest enemy figure it may target (§6.7). */
function blastCandidates(s: S, u: Unit): Action[] {
  const out: Action[] = [];
  for (const f of living(u).filter((x) => x.support)) {
    const targets = enemiesOf(s, u).flatMap((e) => living(e)).sort((a, b) => dist(f.at, a.at) - dist(f.at, b.at) || (a.id < b.id ? -1 : 1));
    const t = targets.find((g) => !blastProblem(s, u, f.id, g.at));
    if (t) out.push({ type: 'engage', moves: [], target: null, fireFirst: true, blast: { fig: f.id, at: t.at } });
  }
  return out;
}

/**
 * Move + 4" into base contact with the nearest figure of each enemy unit in reach (§6.10). A unit
 * in a bunker charges out of it as a disembarked unit does (§7.7, §2.5 [P]): set down toward each
 * enemy (`exitBunker`), then the same charge from there.
 */
function assaultCandidates(s: S, u: Unit): Action[] {
  const b = bunkerHolding(s, u);
  if (!b || !living(u).every((f) => inside(f.at, b.points))) return charges(s, u);
  const out: Action[] = [];
  const guns = u.side === null ? [] : sentryGuns(s, u.side === 0 ? 1 : 0).map((g) => g.gun);
  for (const e of [...enemiesOf(s, u), ...guns]) {
    const g = living(e).slice().sort((x, y) => Math.min(...living(u).map((f) => dist(f.at, x.at))) - Math.min(...living(u).map((f) => dist(f.at, y.at))))[0];
    const place = g && exitPlacement(s, u, b, g.at);
    if (!place || bunkerExitProblem(s, u, { type: 'engage', moves: place, target: null, fireFirst: false, exitBunker: b.id })) continue;
    const c = copyJson(s);
    const cu = c.units.find((x) => x.id === u.id)!;
    for (const m of place) cu.figures.find((f) => f.id === m.fig)!.at = m.path[0];
    for (const a of charges(c, cu)) {
      if (a.type !== 'assault' || a.target !== e.id) continue;
      const moves = place.map((m) => ({ fig: m.fig, path: [m.path[0], ...(a.moves.find((x) => x.fig === m.fig)?.path ?? [])] }));
      out.push({ type: 'assault', target: e.id, moves, exitBunker: b.id });
    }
  }
  return out;
}

function charges(s: S, u: Unit): Action[] {
  const out: Action[] = [];
  const allowance = moveAllowance(s, u, 'assault');
  // The enemy sentry guns too (§7.25 [P]).
  const guns = u.side === null ? [] : sentryGuns(s, u.side === 0 ? 1 : 0).map((g) => g.gun);
  for (const e of [...enemiesOf(s, u), ...guns]) {
    let best: { f: (typeof u.figures)[number]; g: (typeof u.figures)[number]; d: number } | null = null;
    for (const f of living(u)) for (const g of living(e)) {
      const d = edgeDistance(f.at, f.r, g.at, g.r);
      if (!best || d < best.d) best = { f, g, d };
    }
    if (!best || best.d > allowance) continue;
    const { f, g } = best;
    const contact = along(g.at, [f.at[0] - g.at[0], f.at[1] - g.at[1]], f.r + g.r + 1);
    const v: Pt = [contact[0] - f.at[0], contact[1] - f.at[1]];
    const moves = living(u).map((h) => ({ fig: h.id, path: [h === f ? contact : [h.at[0] + v[0], h.at[1] + v[1]] as Pt] }));
    let r = moveProblem(s, u, moves, { mode: 'assault' });
    let chosen = moves;
    if (!('end' in r)) {
      // Only the closest figure charges; the rest stay (if coherency allows).
      chosen = [{ fig: f.id, path: [contact] }];
      r = moveProblem(s, u, chosen, { mode: 'assault' });
    }
    if ('end' in r && !assaultProblem(s, u, e.id, r.end)) out.push({ type: 'assault', target: e.id, moves: chosen });
  }
  return out;
}

/**
 * Jump packs (§7.12): per direction, a Leap and a Bound of 3 straight bounds (the longest of
 * 100/75/50/25% that is legal, the bound also firing after at the first priority target); a charge
 * by Bound at each enemy unit within the bounds' reach.
 */
function jumpCandidates(s: S, u: Unit): Action[] {
  const out: Action[] = [];
  if (u.pinned || u.lastStand) return out;
  const lim = jumpLimits(s, u);
  const fb = u.fallingBack;
  const away = (end: Positions) => !fb || fallBackProblem(s, u, end) === null;
  for (const d of directions(s, u)) {
    if (fb && d.why !== 'away' && d.why !== 'cover') continue;
    if (d.v[0] === 0 && d.v[1] === 0) continue;
    for (const k of SCALES) {
      const moves = living(u).map((f) => ({ fig: f.id, path: [along(f.at, d.v, Math.floor((lim.leap * k) / 100))] }));
      const r = jumpProblem(s, u, moves, 'leap');
      if ('end' in r && away(r.end)) { out.push({ type: 'engage', moves, target: null, fireFirst: true, jump: 'leap' }); break; }
    }
    for (const k of SCALES) {
      const step = Math.floor((Math.min(lim.bound, Math.floor(lim.boundTotal / 3)) * k) / 100);
      const moves = living(u).map((f) => ({ fig: f.id, path: [1, 2, 3].map((i) => along(f.at, d.v, step * i)) }));
      const r = jumpProblem(s, u, moves, 'bound');
      if (!('end' in r) || !away(r.end)) continue;
      out.push({ type: 'engage', moves, target: null, fireFirst: true, jump: 'bound' });
      const after = u.noFireTurn !== s.turn && u.kind !== 'weaponTeam' && u.kind !== 'sniper' ? priorityTargets(s, u, r.end)[0] : undefined;
      if (after) out.push({ type: 'engage', moves, target: after.unit.id, fireFirst: false, jump: 'bound' });
      break;
    }
  }
  if (fb || u.kind === 'weaponTeam' || u.kind === 'sniper') return out;
  for (const e of enemiesOf(s, u)) {
    let best: { f: (typeof u.figures)[number]; g: (typeof u.figures)[number]; d: number } | null = null;
    for (const f of living(u)) for (const g of living(e)) {
      const d = edgeDistance(f.at, f.r, g.at, g.r);
      if (!best || d < best.d) best = { f, g, d };
    }
    if (!best || best.d > lim.boundTotal) continue;
    const { f, g } = best;
    const contact = along(g.at, [f.at[0] - g.at[0], f.at[1] - g.at[1]], f.r + g.r + 1);
    const len = dist(f.at, contact);
    const n = Math.max(1, Math.min(3, Math.ceil(len / Math.max(1, lim.bound - 1))));
    const v: Pt = [contact[0] - f.at[0], contact[1] - f.at[1]];
    const path = Array.from({ length: n }, (_, i) => (i === n - 1 ? contact : along(f.at, v, Math.floor((len * (i + 1)) / n))));
    const chosen = [{ fig: f.id, path }];
    const r = jumpProblem(s, u, chosen, 'bound', true);
    if ('end' in r && !assaultProblem(s, u, e.id, r.end)) out.push({ type: 'assault', target: e.id, moves: chosen, jump: 'bound' });
  }
  return out;
}

/** Each power at the first unit it may reach, from where the psionic stands, the rest holding (§7.22). */
function psionicCandidates(s: S, u: Unit): Action[] {
  const out: Action[] = [];
  for (const f of living(u)) {
    if (!f.psi || f.psi.strength <= 0 || f.psi.usedTurn === s.turn) continue;
    for (const power of POWERS) {
      const t = s.units.find((x) => !psionicProblem(s, u, { fig: f.id, power, target: x.id }));
      if (t) out.push({ type: 'engage', moves: [], target: null, fireFirst: true, psionic: { fig: f.id, power, target: t.id } });
    }
  }
  return out;
}

function demolitionCandidates(s: S, u: Unit): Action[] {
  const d = u.demolition;
  if (!d || d.charges < 1 || s.victory.kind !== 'demolition') return [];
  const out: Action[] = [];
  const target = s.terrain.find((f) => f.id === (s.victory as { target: string }).target)!;
  for (const f of living(u)) {
    if (!demolitionProblem(s, u, 'rig', f.id)) { out.push({ type: 'command', demolition: { act: 'rig', fig: f.id }, target: null }); break; }
  }
  if (!demolitionProblem(s, u, 'detonate', living(u)[0]?.id ?? '')) out.push({ type: 'command', demolition: { act: 'detonate', fig: living(u)[0].id }, target: null });
  if (d.rigged === 'no' && !u.fallingBack) {
    // Walk the closest figure straight at the target until its base touches it; the rest follow.
    const f = living(u).slice().sort((a, b) => distanceToBoundary(a.at, target.points) - distanceToBoundary(b.at, target.points))[0];
    const c = centroid(target.points);
    const v: Pt = [c[0] - f.at[0], c[1] - f.at[1]];
    let lo = 0, hi = Math.min(moveAllowance(s, u, 'move'), dist(f.at, c));
    const ok = (len: number) => { const p = along(f.at, v, len); return !inside(p, target.points) && distanceToBoundary(p, target.points) >= f.r + 1; };
    if (ok(hi)) lo = hi; else { for (let i = 0; i < 20; i++) { const m = (lo + hi) / 2; if (ok(m)) lo = m; else hi = m; } }
    const len = Math.floor(lo);
    if (len > 0) {
      const moves = living(u).map((h) => ({ fig: h.id, path: [along(h.at, v, len)] }));
      const r = moveProblem(s, u, moves, { mode: 'move' });
      if ('end' in r) out.push({ type: 'engage', moves, target: null, fireFirst: true });
    }
  }
  if (d.rigged === 'yes' && d.riggedAt && living(u).some((h) => edgeDistance(h.at, h.r, d.riggedAt!, 0) < 400)) {
    const me = centroid(living(u).map((h) => h.at));
    const mv = formation(s, u, [me[0] - d.riggedAt[0], me[1] - d.riggedAt[1]], moveAllowance(s, u, 'rush'), 'rush');
    if (mv) out.push({ type: 'rush', moves: mv });
  }
  return out;
}

/**
 * Leaving a bunker as disembarking (§7.7, §2.5): the whole unit set down toward the nearest enemy
 * (then, with `fire`, also firing from there at its first priority target), away from it, and toward
 * each objective; a falling-back unit only where it ends farther from the enemy (§6.1).
 */
function exitCandidates(s: S, u: Unit, fire: boolean): Action[] {
  const b = bunkerHolding(s, u);
  if (!b || u.pinned || u.lastStand || !living(u).every((f) => inside(f.at, b.points))) return [];
  const goals: { at: Pt; far: boolean }[] = [];
  const foe = nearestEnemyUnit(s, u);
  if (foe) {
    const c = centroid(living(foe).map((f) => f.at));
    goals.push({ at: c, far: false }, { at: c, far: true });
  }
  for (const o of s.objectives) goals.push({ at: o, far: false });
  const out: Action[] = [];
  for (const g of goals) {
    if (u.fallingBack && !g.far) continue;
    const moves = exitPlacement(s, u, b, g.at, g.far);
    if (!moves) continue;
    const a: Action = { type: 'engage', moves, target: null, fireFirst: false, exitBunker: b.id };
    if (bunkerExitProblem(s, u, a)) continue;
    const end = new Map(moves.map((m) => [m.fig, m.path[0]]));
    if (u.fallingBack && fallBackProblem(s, u, end)) continue;
    out.push(a);
    const t = fire ? priorityTargets(s, u, end)[0] : undefined;
    if (t) out.push({ ...a, target: t.unit.id });
  }
  return out;
}

/**
 * Scout (§7.24): the figure nearest the enemy (else an objective) set down toward it, as far as
 * 3 × coherency from the nearest member that stays allows (the longest of 100/75/50/25% that is
 * legal); a Recon squad also sends a pair, each within 2 × coherency, side by side (§2.6).
 */
function scoutCandidates(s: S, u: Unit): Action[] {
  if (u.kind !== 'infantry' || u.scout || living(u).length < 2) return [];
  const foe = nearestFoe(s, u);
  const goal = foe ? centroid(living(foe).map((f) => f.at)) : s.objectives[0];
  if (!goal) return [];
  const byGoal = living(u).slice().sort((a, b) => dist(a.at, goal) - dist(b.at, goal) || (a.id < b.id ? -1 : 1));
  const out: Action[] = [];
  const send = (n: 1 | 2) => {
    const [f, g] = byGoal;
    const stay = byGoal.slice(n);
    if (!stay.length) return;
    const m = stay[0];
    const v: Pt = [goal[0] - m.at[0], goal[1] - m.at[1]];
    if (!v[0] && !v[1]) return;
    const reach = (n === 1 ? 3 : 2) * coherencyDistance(u);
    for (const k of SCALES) {
      const len = Math.floor((reach * k) / 100) + m.r - 2;
      const at = along(m.at, v, len + f.r);
      let sc: { fig: string; at: Pt; second?: { fig: string; at: Pt } } = { fig: f.id, at };
      if (n === 2) {
        // The pair side by side across the line, each pulled back so both stay in reach.
        const side = along([0, 0], [-v[1], v[0]], f.r + g.r + 20);
        const back = Math.max(0, len - Math.ceil(Math.abs(side[0]) + Math.abs(side[1])));
        const mid = along(m.at, v, back + f.r);
        sc = { fig: f.id, at: [mid[0] + Math.trunc(side[0] / 2), mid[1] + Math.trunc(side[1] / 2)], second: { fig: g.id, at: [mid[0] - Math.trunc(side[0] / 2), mid[1] - Math.trunc(side[1] / 2)] } };
      }
      if (!scoutProblem(s, u, sc)) { out.push({ type: 'command', demolition: null, target: null, scout: sc }); return; }
    }
  };
  send(1);
  if (has(u, 'recon') && living(u).length >= 3) send(2);
  return out;
}

/** A falling-back unit with no legal away move in the sampled directions stays in place (§6.1 [P], like a Pinned unit). */
export function fallBackBlocked(s: S, u: Unit): boolean {
  if (!u.fallingBack) return false;
  if (u.pinned) return true; // a pinned unit that must fall back does not move (§6.1, §7.19)
  for (const d of directions(s, u)) {
    if (d.why !== 'away' && d.why !== 'cover') continue;
    if (formation(s, u, d.v, moveAllowance(s, u, 'move'), 'move', (end) => fallBackProblem(s, u, end) === null)) return false;
  }
  // In a bunker: its one way out is a set-down away from the enemy (§7.7).
  return exitCandidates(s, u, false).length === 0;
}

/** A controlled non-combatant group: Rush toward the controller's own edge, or stay. */
export function controlCandidates(s: S, g: Unit, side: 0 | 1): Action[] {
  const out: Action[] = [{ type: 'control', moves: [] }];
  const v: Pt = [0, side === 0 ? -1 : 1];
  for (const k of SCALES) {
    const moves = living(g).map((f) => ({ fig: f.id, path: [along(f.at, v, Math.floor((1200 * k) / 100))] }));
    const r = moveProblem(s, g, moves, { mode: 'rush', allowance: 1200, exitFor: side });
    if ('end' in r) { out.push({ type: 'control', moves }); break; }
  }
  return out;
}

export { positionCover, inPlay };

/** Recover Wounded (§7.23): the default aid teams, alone or with the rest shooting at the first priority target. */
function recoverCandidates(s: S, u: Unit): Action[] {
  if (!woundRules(s) || u.fallingBack || (u.kind !== 'infantry' && u.kind !== 'character') || !untreated(u).length) return [];
  const recover = defaultAid(u);
  if (!recover.length || recoverProblem(s, u, recover)) return [];
  const out: Action[] = [{ type: 'command', demolition: null, target: null, recover }];
  const busy = living(u).filter((f) => aidBusy(recover).has(f.id));
  if (busy.length < living(u).length && !u.pinned && u.noFireTurn !== s.turn) {
    for (const f of busy) f.alive = false;
    const t = priorityTargets(s, u)[0];
    if (t && !fireProblem(s, u, t.unit.id)) out.push({ type: 'command', demolition: null, target: t.unit.id, recover });
    for (const f of busy) f.alive = true;
  }
  return out;
}

/**
 * Carrying wounded (§7.23, #43): per direction, the squad moves at half rate (the longest legal
 * fraction), each wounded figure carried by the nearest free figure and set down beside it (on the
 * side it lay, or a quarter turn either way, or opposite); all the wounded when that is legal, else
 * the nearest one alone. Each such move is also sampled with the squad's fire at its first priority
 * target after the move and before it, the carriers holding their fire; and with jump packs a
 * Leap carrying them, two troopers to each wounded figure, 2" short, and a Bound of three equal
 * bounds, 4" short in total (§7.12). Under variable movement the move sampled is the declared
 * destination (half the fixed 6"), the roll trimming it (§6.2).
 */
function carryCandidates(s: S, u: Unit): Action[] {
  if (!woundRules(s) || u.fallingBack || u.pinned || u.lastStand || (u.kind !== 'infantry' && u.kind !== 'character')) return [];
  const hurt = woundedOf(u);
  if (!hurt.length || !movers(u).length) return [];
  const pairsOf = (per: number): Carrying[] => {
    const free = movers(u).slice();
    const out: Carrying[] = [];
    for (const w of hurt.slice().sort((a, b) => Math.min(...free.map((f) => dist(f.at, a.at))) - Math.min(...free.map((f) => dist(f.at, b.at))) || (a.id < b.id ? -1 : 1))) {
      free.sort((a, b) => dist(a.at, w.at) - dist(b.at, w.at) || (a.id < b.id ? -1 : 1));
      if (free.length < per) break;
      out.push({ by: free.splice(0, per), w });
    }
    return out;
  };
  const out: Action[] = [];
  const pairs = pairsOf(1);
  const half = Math.floor(moveAllowance(s, u, 'move') / 2);
  const walk = (moves: Path[], carry: Carry[]) => 'end' in moveProblem(s, u, moves, { mode: 'move', carry });
  for (const d of directions(s, u)) {
    if (d.v[0] === 0 && d.v[1] === 0) continue;
    for (const set of [pairs, pairs.slice(0, 1)]) {
      const a = set.length ? carryMove(u, set, d.v, half, walk) : null;
      if (a) { out.push(a, ...carryFire(s, u, a)); break; }
    }
  }
  // A Leap or a Bound with jump packs (§7.12, §7.23): two carriers to each wounded figure.
  if (u.jumpPacks) {
    const twos = pairsOf(2);
    const lim = jumpLimits(s, u);
    const leap = Math.max(0, lim.leap - 200);
    const bound = Math.max(0, Math.min(3 * lim.bound, lim.boundTotal - 400));
    const jump = (kind: 'leap' | 'bound') => (moves: Path[], carry: Carry[]) => 'end' in jumpProblem(s, u, moves, kind, false, carry);
    for (const d of directions(s, u)) {
      if (!twos.length || (d.v[0] === 0 && d.v[1] === 0)) continue;
      for (const set of [twos, twos.slice(0, 1)]) {
        const a = carryMove(u, set, d.v, leap, jump('leap'));
        if (a) { out.push({ ...a, jump: 'leap' } as Action); break; }
      }
      for (const set of [twos, twos.slice(0, 1)]) {
        const a = carryMove(u, set, d.v, bound, jump('bound'), 3);
        if (a) { out.push({ ...a, jump: 'bound' } as Action); break; }
      }
    }
  }
  return out;
}

type Carry = { by: string; fig: string };
/** A wounded figure and its carriers (one on foot, two on a jump). */
type Carrying = { by: Figure[]; w: Figure };

/** The same carrying move with the squad's fire at its first priority target, after the move and before it; the carriers do not shoot (§7.23). */
function carryFire(s: S, u: Unit, a: Action): Action[] {
  if (a.type !== 'engage' || u.noFireTurn === s.turn) return [];
  const carriers = (a.carry ?? []).map((c) => u.figures.find((f) => f.id === c.by)!);
  const was = carriers.map((f) => f.carryTurn);
  for (const f of carriers) f.carryTurn = s.turn;
  try {
    const end = new Map(a.moves.map((m) => [m.fig, m.path[m.path.length - 1]]));
    const after = priorityTargets(s, u, end)[0];
    const before = priorityTargets(s, u)[0];
    return [...(after ? [{ ...a, target: after.unit.id, fireFirst: false }] : []), ...(before ? [{ ...a, target: before.unit.id, fireFirst: true }] : [])];
  } finally {
    carriers.forEach((f, i) => { if (was[i] === undefined) delete f.carryTurn; else f.carryTurn = was[i]; });
  }
}

/**
 * One carrying move along `v` (the longest legal fraction of `len`, `ok` its check), or null;
 * `legs`: its path in that many equal straight legs (a Bound's bounds), the carried figures' too.
 */
function carryMove(u: Unit, pairs: Carrying[], v: Pt, len: number, ok0: (moves: Path[], carry: Carry[]) => boolean, legs = 1): Extract<Action, { type: 'engage' }> | null {
  const carry = pairs.flatMap((p) => p.by.map((b) => ({ by: b.id, fig: p.w.id })));
  const legsTo = (from: Pt, to: Pt): Pt[] => Array.from({ length: legs }, (_, i) => (i === legs - 1 ? to : along(from, [to[0] - from[0], to[1] - from[1]], Math.floor((dist(from, to) * (i + 1)) / legs))));
  for (const k of SCALES) {
    const n = Math.floor((len * k) / 100);
    const moves: Path[] = movers(u).map((f) => ({ fig: f.id, path: legsTo(f.at, along(f.at, v, n)) }));
    const ends = new Map(moves.map((m) => [m.fig, m.path[m.path.length - 1]]));
    // Each wounded beside its (first) carrier's end: try the side it lay on, a quarter turn each way, then opposite.
    const tries = (p: Carrying): Pt[] => {
      const by = p.by[0];
      const b = ends.get(by.id)!;
      const o: Pt = p.w.at[0] === by.at[0] && p.w.at[1] === by.at[1] ? [1, 0] : [p.w.at[0] - by.at[0], p.w.at[1] - by.at[1]];
      const gap = by.r + p.w.r + 50;
      return ([o, [-o[1], o[0]], [o[1], -o[0]], [-o[0], -o[1]]] as Pt[]).map((w) => along(b, w, gap));
    };
    const carried = pairs.map((p) => ({ fig: p.w.id, path: legsTo(p.w.at, tries(p)[0]) }));
    const ok = (c: Path[]) => ok0([...moves, ...c], carry);
    if (ok(carried)) return { type: 'engage', moves: [...moves, ...carried], target: null, fireFirst: true, carry };
    // Only one wounded: its other sides.
    if (pairs.length === 1) {
      for (const at of tries(pairs[0]).slice(1)) {
        const c = [{ fig: pairs[0].w.id, path: legsTo(pairs[0].w.at, at) }];
        if (ok(c)) return { type: 'engage', moves: [...moves, ...c], target: null, fireFirst: true, carry };
      }
    }
  }
  return null;
}
