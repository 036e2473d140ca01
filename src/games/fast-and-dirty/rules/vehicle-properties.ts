// Vehicle properties with orders of their own (§2.5, checklist #89): Smoke (one screen a game),
// Close-In Defence System (a 4" blast round the hull), Command Vehicle and Forward Observer
// (call an off-board section), Jump Jets (walkers jump 10"), Medevac (Recover Wounded as two aid
// teams; wounded left with it cost no Leave No One Behind roll), Mine Clearing (markers it drives into contact with are disarmed) and Cybertank (no
// morale; System Kill and Non-Damaging Penetration results are system hits, the third shuts it
// down). Each is a field of the vehicle's `drive` order, validated here.
import { bearing, circlePolygonDistance, dist, inside, orientedRect, polygonDistance, segmentMeetsPolyline, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, weapon, type VehicleDef, type VehicleWeapon } from '../content.js';
import { segmentBlock } from '../geometry.js';
import { inPlay, living, type Action, type Figure, type S, type Unit } from '../state.js';
import { blastEffect, layScreen } from './combat.js';
import { atmosphereOf } from './environment.js';
import { callFire } from './indirect.js';
import { MINE_TRIGGER } from './mines.js';
import type { Run } from './run.js';
import { recoveryRoll, untreated, woundRules } from './wounds.js';
import { hull } from './vehicles.js';
import { hqOf } from './command-traits.js';
import { iconDestroyed } from './tech.js';

type Drive = Extract<Action, { type: 'drive' }>;
type Prop = NonNullable<VehicleDef['properties']>[number];
export const hasProperty = (u: Unit, p: Prop): boolean => !!CONTENT.vehicles[u.vehicle!.type].properties?.includes(p);

/** The Close-In Defence System counts as one light weapon system for fire control [P] (§2.5). */
export const CIDS_MOUNT: VehicleWeapon = { weapon: 'cids', mount: 'external', system: 'light' };
/** Jump Jets: up to 10", clearing obstacles up to 6" high, not ending within 2" of enemy troops (§2.5). */
export const JUMP = 1000, JUMP_CLEAR = 600, JUMP_ENEMY = 200;
/** Medevac: the squad within 1" of the hull [P] (the source: "in contact"). */
export const MEDEVAC_REACH = 100;

const onTable = (s: S, p: Pt) => p[0] >= 0 && p[1] >= 0 && p[0] <= s.table.w && p[1] <= s.table.h;

/** Why the property fields of a vehicle's order are not legal, or null; `from` is where it fires from. */
export function propertyProblem(s: S, u: Unit, a: Drive, from: Pt): Violation | null {
  const still = a.speed === 'stationary' && !a.path.length;
  if (u.fallingBack && (a.smoke || a.cids || a.callFire)) return violation('falling_back', `${u.id} is falling back: it may not fire (§6.1)`);
  if (a.smoke !== undefined) {
    if (!hasProperty(u, 'smoke')) return violation('no_smoke', `${u.id} has no Smoke property (§2.5)`);
    if (atmosphereOf(s, u.side) === 'vacuum') return violation('vacuum', 'smoke does not work in vacuum (§7.1, §7.26)');
    if (u.smokeUsed) return violation('smoke_used', `${u.id} has laid its one smoke screen of the game (§2.5)`);
    const [p, q] = a.smoke;
    if (dist(p, q) > 1200) return violation('too_far_apart', 'the two smoke points must be at most 12" apart (§7.26)');
    for (const x of [p, q]) {
      if (!onTable(s, x)) return violation('off_table', 'a smoke point is off the table');
      // "Anywhere the vehicle can see to shoot" [P]: in sight of the hull centre.
      if (segmentBlock(s, from, x, { fire: true, observerUnit: u, targetUnit: null })) return violation('no_line_of_sight', `${u.id} cannot see (${x[0]}, ${x[1]}) to lay smoke there (§2.5)`);
    }
  }
  if (a.cids && !hasProperty(u, 'closeInDefence')) return violation('no_cids', `${u.id} has no Close-In Defence System (§2.5)`);
  if (a.callFire !== undefined) {
    if (!hasProperty(u, 'commandVehicle') && !hasProperty(u, 'forwardObserver')) return violation('not_a_caller', `${u.id} is neither a Command Vehicle nor a Forward Observer (§2.5)`);
    if (!still) return violation('call_fire_stationary', 'calling fire is a Command action: the vehicle stays stationary (§2.5 [P])');
    const c = a.callFire;
    const sec = s.artillery.find((x) => x.id === c.asset);
    if (!sec || sec.side !== u.side) return violation('no_such_asset', `${c.asset} is not an off-board section of your side`);
    if (sec.lost) return violation('asset_lost', `${c.asset} was lost (§7.11)`);
    if (sec.usedTurn === s.turn) return violation('asset_used', `${c.asset} has taken its strike call this turn (§7.11)`);
    if (!onTable(s, c.at)) return violation('off_table', 'the target point is off the table');
    if (segmentBlock(s, from, c.at, { fire: false, observerUnit: u, targetUnit: null })) return violation('no_line_of_sight', `${u.id} cannot see the target point (§7.11)`);
  }
  if (a.medevac !== undefined) {
    if (!hasProperty(u, 'medevac')) return violation('not_medevac', `${u.id} has no Medevac property (§2.5)`);
    if (!woundRules(s)) return violation('no_wound_rules', 'Recover Wounded needs the Recover Wounded module (option recoverWounded, §7.23)');
    if (!still) return violation('medevac_stationary', 'a Medevac vehicle recovers wounded while stationary (§2.5 [P])');
    const t = s.units.find((x) => x.id === a.medevac!.unit);
    if (!t || !inPlay(t) || t.side !== u.side || t.kind === 'vehicle') return violation('no_such_unit', `${a.medevac.unit} is not a friendly squad in play`);
    if (!inContact(u, t)) return violation('no_contact', `${t.id} is not in contact with ${u.id} (a figure or an untreated wounded figure within 1" [P]) (§2.5)`);
    const ids = a.medevac.wounded;
    if (!Array.isArray(ids) || !ids.length || ids.length > 2) return violation('aid_team', 'a Medevac vehicle works as two aid teams: one or two wounded (§2.5)');
    if (new Set(ids).size !== ids.length) return violation('treated_twice', 'each wounded figure is treated once (§7.23)');
    for (const id of ids) if (!untreated(t).some((f) => f.id === id)) return violation('not_wounded', `${id} is not an untreated wounded figure of ${t.id} (§7.23)`);
  }
  return null;
}

/**
 * A Medevac vehicle is "in contact with an infantry squad" (§2.5) when a living figure of the squad,
 * or one of its untreated wounded (left with the vehicle, below), is within 1" of the hull [P].
 */
function inContact(v: Unit, t: Unit): boolean {
  const poly = hull(v);
  return [...living(t), ...untreated(t)].some((f) => circlePolygonDistance(f.at, f.r, poly) <= MEDEVAC_REACH);
}

/**
 * "Squads may leave wounded with a Medevac vehicle without affecting their resolve" (§2.5): the
 * friendly Medevac vehicle (in play, not out of action) whose hull is within 1" of the wounded
 * figure's base [P: "with" read as the Medevac's contact], if any.
 */
export function medevacWith(s: S, side: Unit['side'], w: Figure): Unit | null {
  return s.units.find((v) => v.side === side && v.vehicle && inPlay(v) && v.vehicle.status === 'ok' && hasProperty(v, 'medevac') && circlePolygonDistance(w.at, w.r, hull(v)) <= MEDEVAC_REACH) ?? null;
}

/** Jump Jets (§2.5): a straight jump of at most 10" instead of moving and firing; obstacles higher than 6" block it; it may not end within 2" of enemy troops. */
export function jumpProblem(s: S, u: Unit, a: Drive, overlap: (poly: Pt[]) => string | null): Violation | null {
  const d = CONTENT.vehicles[u.vehicle!.type];
  if (!hasProperty(u, 'jumpJets')) return violation('no_jump_jets', `${d.name} has no Jump Jets (§2.5)`);
  if (u.vehicle!.immobilized || u.vehicle!.bogged) return violation(u.vehicle!.immobilized ? 'immobilized' : 'bogged', `${u.id} cannot move (§6.6, §7.29)`);
  if (a.path.length !== 1 || a.speed === 'stationary') return violation('jump', 'a jump has one end point (path) and a Cautious or Standard speed (§2.5 [P])');
  if (a.fire.length || a.cids || a.smoke || a.shock || a.callFire || a.medevac || a.disembark) return violation('jump_no_fire', 'a jump replaces moving and firing: nothing else that activation (§2.5)');
  const from = u.figures[0].at, to = a.path[0];
  if (dist(from, to) > JUMP) return violation('beyond_allowance', `a jump is at most ${JUMP / 100}" (§2.5)`, { cost: dist(from, to), allowance: JUMP });
  for (const f of s.terrain) {
    if (f.height <= JUMP_CLEAR) continue;
    const crosses = f.kind === 'linear' ? segmentMeetsPolyline(from, to, f.points)
      : segmentMeetsPolyline(from, to, [...f.points, f.points[0]]) || inside(from, f.points) || inside(to, f.points);
    if (crosses) return violation('too_high', `${f.id} is higher than 6": the jump cannot clear it (§2.5)`);
  }
  const end = orientedRect(to, d.length, d.width, a.heading);
  if (end.some((c) => !onTable(s, c))) return violation('off_table', 'the hull would end off the table (§3.2)');
  for (const f of s.terrain) {
    if ((f.kind === 'area' || f.kind === 'structure') && f.move === 'impassable' && polygonDistance(f.points, end) === 0) return violation('impassable', `the walker would land on impassable terrain (${f.id}) (§3.2)`);
  }
  const o = overlap(end);
  if (o) return violation('overlap', `the hull would end overlapping ${o} (§3.2)`);
  for (const t of s.units) {
    if (t.side === u.side || t.side === null || !inPlay(t) || t.hidden || t.kind === 'vehicle') continue;
    if (living(t).some((f) => circlePolygonDistance(f.at, f.r, end) <= JUMP_ENEMY)) return violation('too_close', `the jump may not end within 2" of enemy troops (${t.id}) (§2.5)`);
  }
  return null;
}

/** The property parts of the order at fire time (before or after the move, like the weapons): smoke, CIDS, call fire, Medevac. */
export function propertyActions(s: S, run: Run, u: Unit, a: Drive): void {
  if (a.smoke && !u.smokeUsed) layScreen(s, run, u, a.smoke);
  if (a.cids && inPlay(u)) {
    u.actedTurn = s.turn;
    const poly = hull(u);
    run.emit('cids_fired', { unit: u.id });
    // Every infantry unit with a base within 4" of the hull's edge [P]; cover from the hull centre.
    blastEffect(s, run, u.figures[0].at, weapon('cids'), u.figures[0].at, (f) => circlePolygonDistance(f.at, f.r, poly), u);
  }
  if (a.callFire && inPlay(u)) callFire(s, run, u, { caller: u.figures[0].id, asset: a.callFire.asset, at: a.callFire.at });
  if (a.medevac && inPlay(u)) {
    const t = s.units.find((x) => x.id === a.medevac!.unit)!;
    run.emit('medevac', { unit: u.id, squad: t.id, wounded: a.medevac.wounded });
    for (const id of a.medevac.wounded) {
      const f = t.figures.find((x) => x.id === id);
      if (f && f.wounded === 'wounded') recoveryRoll(s, run, t, f);
    }
  }
}

/**
 * Mine Clearing (§2.5): every marker within the trigger distance of the moving hull (`polys`, the
 * hull swept along the path) is disarmed with no harm to the vehicle; the real one clears its field.
 */
export function clearMines(s: S, run: Run, u: Unit, polys: Pt[][]): void {
  if (!hasProperty(u, 'mineClearing') || !polys.length) return;
  for (const field of s.minefields ?? []) {
    for (const m of [...field.markers]) {
      if (!polys.some((p) => circlePolygonDistance(m.at, 0, p) <= MINE_TRIGGER)) continue;
      const real = m.n === field.real;
      field.markers = real ? [] : field.markers.filter((x) => x !== m);
      if (real) field.revealed = true;
      run.emit('mine_cleared', { unit: u.id, minefield: field.id, marker: m.n, real });
    }
  }
}

/**
 * Cybertank (§2.5, A30): a System Kill or Non-Damaging Penetration result is a system hit instead;
 * two have no effect, the third shuts the vehicle down (out of the game, no wreck effects [P]).
 * Returns whether the result was taken.
 */
export function cybertankHit(run: Run, t: Unit, result: 'systemKill' | 'nonDamaging', s?: S): boolean {
  if (!hasProperty(t, 'cybertank')) return false;
  const v = t.vehicle!;
  v.systemHits = (v.systemHits ?? 0) + 1;
  run.emit('system_hit', { unit: t.id, result, hits: v.systemHits });
  if (v.systemHits >= 3) {
    v.status = 'knockedOut';
    t.figures[0].alive = false;
    t.out = true;
    run.emit('systems_shut_down', { unit: t.id });
    run.emit('unit_eliminated', { unit: t.id });
    // Tech Reverence (§2.6): a destroyed vehicle shakes the faithful near it.
    if (s) iconDestroyed(s, run, t);
  }
  return true;
}

/** A Cybertank is immune to morale (§2.5): its crew tests are never taken. */
export const moraleImmune = (u: Unit): boolean => hasProperty(u, 'cybertank');

/**
 * Sampled property orders for bots (each validated by the caller): a smoke screen square to the
 * line to the nearest enemy, 5" out and 10" wide, laid before a stationary turn; the CIDS; each
 * section called at the nearest enemy figure; jumps of 9.9" toward and away from it and round the
 * compass; Medevac for each friendly squad in reach with untreated wounded (first two).
 */
export function propertyCandidates(s: S, u: Unit): Drive[] {
  const out: Drive[] = [];
  const here = u.figures[0].at;
  const heading = u.vehicle!.heading;
  const hold = (x: Partial<Drive>): Drive => ({ type: 'drive', speed: 'stationary', path: [], heading, fire: [], ...x });
  const enemyFigs = s.units.filter((t) => t.side !== u.side && t.side !== null && inPlay(t) && !t.hidden).flatMap((t) => living(t));
  const near = enemyFigs.sort((a, b) => dist(a.at, here) - dist(b.at, here) || (a.id < b.id ? -1 : 1))[0];
  const toward = (to: Pt, d: number): Pt => {
    const l = dist(here, to) || 1;
    return [Math.round(here[0] + ((to[0] - here[0]) * d) / l), Math.round(here[1] + ((to[1] - here[1]) * d) / l)];
  };
  if (near && hasProperty(u, 'smoke') && !u.smokeUsed) {
    const c = toward(near.at, 500);
    const l = dist(here, near.at) || 1;
    const px = Math.round(((near.at[1] - here[1]) / l) * 500), py = Math.round((-(near.at[0] - here[0]) / l) * 500);
    out.push(hold({ fireFirst: true, smoke: [[c[0] + px, c[1] + py], [c[0] - px, c[1] - py]] }));
  }
  if (hasProperty(u, 'closeInDefence')) out.push(hold({ cids: true }));
  if (near && (hasProperty(u, 'commandVehicle') || hasProperty(u, 'forwardObserver'))) {
    for (const a of s.artillery) if (a.side === u.side) out.push(hold({ callFire: { asset: a.id, at: [Math.round(near.at[0]), Math.round(near.at[1])] } }));
  }
  if (hasProperty(u, 'jumpJets')) {
    const goals: Pt[] = near ? [near.at, [2 * here[0] - near.at[0], 2 * here[1] - near.at[1]]] : [];
    for (const [dx, dy] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) goals.push([here[0] + dx * 3000, here[1] + dy * 3000]);
    for (const g of goals) {
      const to = toward(g, JUMP - 10);
      out.push({ type: 'drive', speed: 'cautious', path: [to], heading: near ? bearing(to, near.at) : bearing(here, to), fire: [], jump: true });
    }
  }
  if (hasProperty(u, 'medevac') && woundRules(s)) {
    for (const t of s.units) {
      if (t.side !== u.side || !inPlay(t) || t.kind === 'vehicle' || !untreated(t).length) continue;
      if (!inContact(u, t)) continue;
      out.push(hold({ medevac: { unit: t.id, wounded: untreated(t).slice(0, 2).map((f) => f.id) } }));
    }
  }
  return out;
}

/** The side's Command Vehicle that may still give this turn's Command Response re-roll (§2.5): in play, not out of action. */
export function commandVehicleOf(s: S, u: Unit): Unit | null {
  return s.units.find((v) => v.side === u.side && v.vehicle && inPlay(v) && v.vehicle.status === 'ok' && hasProperty(v, 'commandVehicle') && v.vehicle.rerollTurn !== s.turn) ?? null;
}

/** The Command Vehicle or HQ (§2.5, §2.6) that may give this unit this turn's Command Response re-roll. */
export const rerollSourceOf = (s: S, u: Unit): Unit | null => commandVehicleOf(s, u) ?? hqOf(s, u);

/** A failed Command Response test the Command Vehicle or an HQ may have re-rolled (§2.5, §2.6). */
export const commandRerollDue = (s: S, u: Unit): boolean => !!u.hesitant && !!rerollSourceOf(s, u);
