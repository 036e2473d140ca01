// Transports (§2.5 "Transport", §6.3, §6.6, §6.11 item 5): capacity in figures, boarding by
// moving into contact with the hull, disembarking within 1" as the transport's whole activation
// (the unit may then fire or close assault but not move), and the passengers' fate when the
// transport is destroyed.
import { applyHurt, woundRules } from './wounds.js';
import { circlePolygonDistance, overlaps, sinCos, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { armour } from '../content.js';
import { coherencyOf, inImpassable } from '../geometry.js';
import { inPlay, living, type Action, type Figure, type S, type Unit } from '../state.js';
import { Run } from './run.js';
import { hull, isVehicle, vdef } from './vehicles.js';
import { airborne, touchDown } from './grav.js';
import { airMobileDrop } from './aboard.js';
import { sentryOnPath } from './sentry.js';

type Disembark = NonNullable<Extract<Action, { type: 'drive' }>['disembark']>;

/** The unit's figures whatever their state of embarkation: alive and on the table or inside. */
const aboard = (u: Unit): Figure[] => u.figures.filter((f) => f.alive && !f.exited);

/** Places taken: a figure 1, powered armour 2; a weapon team's heavy weapon 1 more (§2.5). */
export function load(u: Unit): number {
  return aboard(u).reduce((n, f) => n + (armour(f.armour)?.powered ? 2 : 1), 0) + (u.kind === 'weaponTeam' ? 1 : 0);
}

export const passengersOf = (s: S, v: Unit): Unit[] => s.units.filter((u) => u.embarked === v.id && !u.out);

/**
 * A Cavalry character (the book's leader "for armour", §2.8) joins a vehicle by boarding it as
 * its commander [P]: any friendly vehicle, the transports' rules of contact and getting out, no
 * transport place taken, one character per vehicle. Other characters attach to squads.
 */
export const cavalryLeader = (u: Unit): boolean => u.kind === 'character' && u.character?.branch === 'cavalry';

/** The Cavalry character riding in vehicle v as its commander, if any (§2.8 [P]). */
export const commanderOf = (s: S, v: Unit): Unit | undefined => passengersOf(s, v).find(cavalryLeader);

/** Transport places taken aboard v (its Cavalry commander takes none, §2.8 [P]). */
export const placesUsed = (s: S, v: Unit): number => passengersOf(s, v).filter((p) => !cavalryLeader(p)).reduce((n, p) => n + load(p), 0);

/** Why the unit may not board this transport at the end of its move, or null (§2.5; a Cavalry character any vehicle, §2.8 [P]). */
export function boardProblem(s: S, u: Unit, id: string, end: Map<string, Pt>): Violation | null {
  const v = s.units.find((x) => x.id === id);
  if (!v || !isVehicle(v) || !inPlay(v)) return violation('not_a_transport', `${id} is not a vehicle in play`);
  if (v.side !== u.side) return violation('not_friendly', `${id} is not a friendly vehicle`);
  if (cavalryLeader(u)) {
    if (v.vehicle!.status !== 'ok') return violation('cannot_board', `${id} is out of action`);
    if (commanderOf(s, v)) return violation('has_character', `${id} already carries a Cavalry character (§2.8 [P])`);
  } else {
    const cap = vdef(v).transport ?? 0;
    if (!cap) return violation('not_a_transport', `${vdef(v).name} carries no infantry (§2.5)`);
    if (u.kind !== 'infantry' && u.kind !== 'weaponTeam') return violation('cannot_board', `only squads, weapon teams and Cavalry characters board vehicles [P] (§2.5, §2.8)`);
    if (v.vehicle!.status !== 'ok') return violation('cannot_board', `${id} is out of action`);
    const used = placesUsed(s, v);
    if (used + load(u) > cap) return violation('over_capacity', `${id} holds ${cap} figures; ${used} aboard, ${u.id} needs ${load(u)} (§2.5)`, { capacity: cap, used, needs: load(u) });
  }
  const away = living(u).find((f) => circlePolygonDistance(end.get(f.id) ?? f.at, f.r, hull(v)) > 5);
  if (away) return violation('not_in_contact', `${away.id} must end its move in contact with ${id}'s hull to board (§2.5)`);
  return null;
}

/** The unit goes aboard: off the table until it disembarks. */
export function embark(s: S, run: Run, u: Unit, id: string): void {
  u.embarked = id;
  run.emit('embarked', { unit: u.id, transport: id });
  void s;
}

/** Free spots for a base of radius r around the hull, `gap` from it (about 0.3" by default), going round (§6.6 [P] placement within 1"). */
function spotsAround(s: S, v: Unit, r: number, gap = 30): Pt[] {
  const d = vdef(v);
  const c = v.figures[0].at;
  const [sn, cs] = sinCos(v.vehicle!.heading);
  const hx = d.width / 2 + r + gap, hy = d.length / 2 + r + gap;
  const local: [number, number][] = [];
  for (let x = -hx; x <= hx; x += 2 * r + 10) local.push([x, hy], [x, -hy]);
  for (let y = -hy; y <= hy; y += 2 * r + 10) local.push([hx, y], [-hx, y]);
  return local.map(([lx, ly]) => [Math.round(c[0] + lx * cs + ly * sn), Math.round(c[1] - lx * sn + ly * cs)] as Pt)
    .filter((p) => p[0] - r >= 0 && p[1] - r >= 0 && p[0] + r <= s.table.w && p[1] + r <= s.table.h && !inImpassable(s, p));
}

/** Free placements within 1" of the hull for the unit's figures, or null if they do not fit. */
export function autoPlace(s: S, v: Unit, u: Unit): { fig: string; at: Pt }[] | null {
  const taken: { at: Pt; r: number }[] = [];
  // Units aboard a transport are off the table: their figures' last places are not taken.
  for (const o of s.units) if (inPlay(o) && !o.hidden && !isVehicle(o) && !o.embarked) for (const f of living(o)) taken.push({ at: f.at, r: f.r });
  const out: { fig: string; at: Pt }[] = [];
  for (const f of aboard(u)) {
    // Nor on a standing sentry gun (§7.25 [P]: an obstacle like a hull).
    const free = spotsAround(s, v, f.r).filter((q) => !taken.some((t) => overlaps(q, f.r, t.at, t.r)) && !sentryOnPath(s, [q], f.r)
      && !s.units.some((o) => o !== v && isVehicle(o) && inPlay(o) && circlePolygonDistance(q, f.r - 1, hull(o)) === 0));
    // After the first figure, each next one takes the free spot nearest the last placed, so the unit stays coherent.
    const last = out.length ? out[out.length - 1].at : null;
    const p = last ? free.sort((a, b) => Math.hypot(a[0] - last[0], a[1] - last[1]) - Math.hypot(b[0] - last[0], b[1] - last[1]))[0] : free[0];
    if (!p) return null;
    taken.push({ at: p, r: f.r });
    out.push({ fig: f.id, at: p });
  }
  return out;
}

/**
 * Sampled boarding orders for bots: each figure straight to the nearest free spot touching the
 * hull of a friendly transport with room (Move, then Rush); the caller keeps the legal ones.
 */
export function boardCandidates(s: S, u: Unit): Action[] {
  if (u.kind !== 'infantry' && u.kind !== 'weaponTeam' && !cavalryLeader(u)) return [];
  const out: Action[] = [];
  for (const v of s.units) {
    if (!isVehicle(v) || v.side !== u.side || !inPlay(v) || v.vehicle!.status !== 'ok') continue;
    if (cavalryLeader(u) ? commanderOf(s, v) : !vdef(v).transport || placesUsed(s, v) + load(u) > (vdef(v).transport ?? 0)) continue;
    const figs = living(u);
    if (!figs.length || Math.min(...figs.map((f) => circlePolygonDistance(f.at, f.r, hull(v)))) > 2400) continue;
    const used: Pt[] = [];
    const moves: { fig: string; path: Pt[] }[] = [];
    for (const f of figs) {
      const spot = spotsAround(s, v, f.r, 2).filter((p) => circlePolygonDistance(p, f.r, hull(v)) <= 5 && !used.some((q) => overlaps(p, f.r, q, f.r)))
        .sort((a, b) => Math.hypot(a[0] - f.at[0], a[1] - f.at[1]) - Math.hypot(b[0] - f.at[0], b[1] - f.at[1]))[0];
      if (!spot) break;
      used.push(spot);
      moves.push({ fig: f.id, path: [spot] });
    }
    if (moves.length !== figs.length) continue;
    out.push({ type: 'engage', moves, target: null, fireFirst: true, board: v.id }, { type: 'rush', moves, board: v.id });
  }
  return out;
}

/**
 * A unit set down at once (disembarking, leaving a bunker: §2.5, §7.7): for each figure at its
 * place in `end`, why it may not stand there (off the table, impassable, on a sentry gun, on a
 * figure, a hull other than `from`'s, or another figure set down), or null.
 */
export function setDownProblem(s: S, u: Unit, figs: Figure[], end: Map<string, Pt>, from?: Unit): (f: Figure) => Violation | null {
  const others: { id: string; at: Pt; r: number }[] = [];
  for (const o of s.units) if (o !== u && !o.hidden && !isVehicle(o)) for (const f of living(o)) others.push({ id: f.id, at: f.at, r: f.r });
  return (f) => {
    const p = end.get(f.id)!;
    if (p[0] - f.r < 0 || p[1] - f.r < 0 || p[0] + f.r > s.table.w || p[1] + f.r > s.table.h) return violation('off_table', `${f.id} would stand off the table`);
    const imp = inImpassable(s, p);
    if (imp) return violation('impassable', `${f.id} would stand in impassable terrain (${imp})`);
    const gun = sentryOnPath(s, [p], f.r);
    if (gun) return violation('sentry_gun', `${f.id} would stand on the sentry gun ${gun} (§7.25 [P])`);
    for (const o of others) if (overlaps(p, f.r, o.at, o.r)) return violation('overlap', `${f.id} would overlap ${o.id} (§3.2)`);
    for (const o of s.units) if (o !== from && isVehicle(o) && inPlay(o) && circlePolygonDistance(p, f.r - 1, hull(o)) === 0) return violation('overlap', `${f.id} would overlap ${o.id}'s hull (§3.2)`);
    for (const g of figs) if (g !== f && overlaps(p, f.r, end.get(g.id)!, g.r)) return violation('overlap', `${f.id} would overlap ${g.id} (§3.2)`);
    return null;
  };
}

/** Why the transport may not set the unit down like this, or null (§2.5, §6.3): every figure within 1" of the hull, free, coherent. */
export function disembarkProblem(s: S, v: Unit, d: Disembark): Violation | null {
  const u = s.units.find((x) => x.id === d.unit);
  if (!u || u.embarked !== v.id) return violation('not_aboard', `${d.unit} is not aboard ${v.id}`);
  const figs = aboard(u);
  const end = new Map<string, Pt>();
  for (const e of d.at) {
    if (!figs.some((f) => f.id === e.fig)) return violation('not_a_figure', `${e.fig} is not a living figure of ${u.id}`);
    if (end.has(e.fig)) return violation('duplicate_figure', `${e.fig} is placed twice`);
    end.set(e.fig, e.at);
  }
  const missing = figs.find((f) => !end.has(f.id));
  if (missing) return violation('not_placed', `${missing.id} must be placed: the whole unit disembarks (§2.5)`);
  const free = setDownProblem(s, u, figs, end, v);
  for (const f of figs) {
    const p = end.get(f.id)!;
    const gap = circlePolygonDistance(p, f.r, hull(v));
    if (gap > 100 || circlePolygonDistance(p, f.r - 1, hull(v)) === 0) return violation('not_within_1', `${f.id} must stand within 1" of ${v.id}'s hull, not on it (§2.5)`);
    const why = free(f);
    if (why) return why;
  }
  if (figs.length > 1 && coherencyOf({ ...u, embarked: null, scout: null }, end).components.length !== 1) return violation('incoherent', `${u.id} must be coherent when it disembarks (§6.3)`);
  return null;
}

/** Set the unit down (§2.5). */
export function disembark(s: S, run: Run, v: Unit, d: Disembark): Unit {
  const u = s.units.find((x) => x.id === d.unit)!;
  for (const e of d.at) u.figures.find((f) => f.id === e.fig)!.at = [e.at[0], e.at[1]];
  u.embarked = null;
  run.emit('disembarked', { unit: u.id, transport: v.id, to: Object.fromEntries(d.at.map((e) => [e.fig, e.at])) });
  // Air Mobile (§2.5): the vehicle need not touch down, unless heavy weapons get out.
  if (airMobileDrop(u) && airborne(v)) run.emit('air_mobile', { unit: u.id, transport: v.id });
  else touchDown(run, v);
  return u;
}

/**
 * The transport's activation ends with the disembark; the unit then takes its own order, fire or
 * close assault only, and counts as activated this turn (§2.5 [P]).
 */
export function handOver(s: S, run: Run, v: Unit, u: Unit): void {
  v.underFire = false;
  v.fallingBack = false;
  v.activated = true;
  u.disembarking = true;
  s.active = u.id;
  s.phase = 'order';
  s.step++;
  run.emit('activated', { unit: u.id, side: u.side, disembarked: true });
}

/** The orders left to a unit that has just disembarked: fire from where it stands, close assault (not weapon teams), or nothing (§2.5). */
export function disembarkedOrderProblem(u: Unit, a: Action): Violation | null {
  const hold = a.type === 'engage' && !a.moves.length && a.target === null && !a.blast && !a.smoke && !a.indirect && !a.bunker && !a.sentry && !a.aimed && !a.psionic;
  if (hold) return null;
  if (u.kind === 'weaponTeam') return violation('disembarked', `${u.id} has just disembarked: a weapon team may not fire or assault this activation (§2.5)`);
  if (a.type === 'engage' && !a.moves.length && !a.jump && !a.psionic && !a.attach && !a.detach && !a.board) return null;
  if (a.type === 'assault' && !a.jump && !a.attach) return null;
  return violation('disembarked', `${u.id} has just disembarked: it may fire or close assault, but not move further (§2.5)`);
}

/**
 * One passenger's roll when its transport is destroyed by fire (§6.6 / §7.21, table 13): 4+ killed,
 * powered armour 5+; with the wound rules 3-4 wounded, 5-6 killed, powered armour wounded on 5,
 * killed on 6. Also the roll of a figure in a collapsing building (§3.2 item 3).
 */
export function passengerSurvival(s: S, run: Run, u: Unit, f: Figure, extra: Record<string, unknown> = {}): void {
  const die = run.roll('passenger_survival', 1, { figure: f.id })[0];
  const pa = !!armour(f.armour)?.powered;
  const res = woundRules(s)
    ? (die >= (pa ? 6 : 5) ? 'killed' : die >= (pa ? 5 : 3) ? 'wounded' : null)
    : (die >= (pa ? 5 : 4) ? 'killed' : null);
  run.emit('passenger_survival', { figure: f.id, roll: die, killed: res === 'killed', ...(res === 'wounded' ? { wounded: true } : {}), ...extra });
  applyHurt(s, run, u, f, res);
}

/**
 * The passengers when their transport is destroyed (§6.6, §6.11 item 5): by close assault every one
 * is killed; by a Vehicle Kill from fire they get out round the hull and each is killed on 4+
 * (powered armour 5+; with the wound rules 3-4 wound and 5-6 kill, powered armour 5 / 6); when the crew abandons it they get out
 * unharmed [P]. A figure with no room to stand is lost [P].
 */
export function passengerFate(s: S, run: Run, v: Unit, how: 'fire' | 'assault' | 'abandon'): void {
  for (const u of passengersOf(s, v)) {
    if (how === 'assault') {
      for (const f of aboard(u)) f.alive = false;
      run.emit('passengers_killed', { unit: u.id, transport: v.id });
    } else {
      const spots = autoPlace(s, v, u) ?? [];
      for (const f of aboard(u)) {
        const p = spots.find((x) => x.fig === f.id);
        if (!p) { f.alive = false; run.emit('passenger_lost', { figure: f.id }); continue; }
        f.at = [p.at[0], p.at[1]];
        if (how === 'fire') passengerSurvival(s, run, u, f);
      }
      run.emit('disembarked', { unit: u.id, transport: v.id, forced: how });
    }
    u.embarked = null;
    if (!living(u).length && !u.out) { u.out = true; run.emit('unit_eliminated', { unit: u.id }); }
  }
}
