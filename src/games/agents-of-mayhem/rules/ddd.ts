// Doomsday Devices (spec §7.15, checklist #67, #70, #72): DDD tiles placed by the mission (data
// in data/ddds.json, placements in missions.json), Large Units for attacks (no Protection, hit
// once by an AoE, the Elite Weapon Bonus, never statuses), walkable with no ZoC, Wounds up to
// Health, then removed and its effects end. EDMKS: one LEGION board gains a Mayhem cube in each
// LEGION Refresh Phase (LEGION chooses); a MAYHEM Elite starting its Activation on the DDD's
// Tile spends one Action cube (its owner chooses which). Laser Satellite Controls: once in each
// LEGION Turn, LEGION may place an Explosion marker face down on any Outside space. Gravity
// Dominator (#71): LEGION units Jump any height and distance when they move, MAYHEM units may
// not Jump; a Hack swaps the two. Dark Matter Bomb (#69): radiation Wounds MAYHEM units without
// Shields on its Tile at the end of each MAYHEM Turn; LEGION arms it with 3 MAYHEM When-Removed
// timers, and when the last comes off its Tile's buildings are destroyed and its units Downed.
import { Type as T, type Static } from '@sinclair/typebox';
import { violation, type Violation } from '../../../engine/types.js';
import dddsJson from '../data/ddds.json' with { type: 'json' };
import { ActionDef, checkActions, compileAbilities, CONTENT, cellKey, type Color, type CompiledAction, type CompiledMap, checkDataFile } from '../content.js';
import { distance, inside, los, parseKey } from '../geometry.js';
import { DDD_ACTIONS, isElite, isFigure, map, mission, type Ddd, type Frame, type S, type Side, type Unit, type Well } from '../state.js';
import { altSurcharge, gainCube, pay, payment, say, surchargeProblem, type Ev } from './board.js';
import { altDiceChoice, declaredDiceProblem, roll, startAttack, targetProblem } from './combat.js';
import { slotOf } from '../legal.js';
import { rollEvent } from '../../../engine/mech/dice.js';
import type { Rng } from '../../../engine/types.js';
import { destroyBuilding, placeExplosion } from './explosions.js';
import { down } from './board.js';
import { placeTimer } from './timers.js';
import { triggerEvent } from './events.js';
import { reactingSeat } from './combat.js';
import type { Timer } from '../state.js';

const Effect = T.Union([T.Literal('edmks'), T.Literal('laserSatellite'), T.Literal('gravityDominator'), T.Literal('darkMatterBomb'), T.Literal('hellTower')]);
const DddDef = T.Object({
  id: T.String(), name: T.String(), effect: Effect,
  width: T.Integer({ minimum: 1, maximum: 3 }), height: T.Integer({ minimum: 1, maximum: 3 }), health: T.Union([T.Integer({ minimum: 1 }), T.Null()]),
  /** A Hack action (spec 7.9): Main or Add-on, difficulty = Hits needed, die colour, cost per die. */
  hack: T.Optional(T.Object({
    name: T.String(), type: T.Union([T.Literal('main'), T.Literal('addon')]), difficulty: T.Integer({ minimum: 1 }),
    color: T.Union([T.Literal('red'), T.Literal('yellow'), T.Literal('white')]), cost: T.String({ pattern: '^[GYBP]+$' }),
  }, { additionalProperties: false })),
  /** The Hell Tower's turret attack (spec 7.15): made once in each LEGION Turn, free, with no unit and no board (so no GAIN, ACTOR HAS or Place Explosion abilities). */
  attack: T.Optional(ActionDef),
}, { additionalProperties: false });
export type DddDef = Static<typeof DddDef>;
const DddsFile = T.Object({ provisional: T.Boolean(), note: T.String(), ddds: T.Array(DddDef) }, { additionalProperties: false });

/** The attacker id of a DDD's turret: also its Timer holder (spec 7.8: "place the Timer Marker on the DDD Tile"). */
export function towerId(ddd: string): string { return `ddd:${ddd}`; }

/** Loads the DDD tiles and checks every mission's placements: one Map Tile, all Inside or all Outside (spec 7.15). */
export function loadDdds(raw: unknown): Record<string, DddDef> {
  checkDataFile('ddds', DddsFile, raw);
  const defs: Record<string, DddDef> = {};
  for (const d of (raw as Static<typeof DddsFile>).ddds) {
    defs[d.id] = d;
    if ((d.effect === 'hellTower') !== !!d.attack) throw new Error(`ddd ${d.id}: the Hell Tower, and only it, has a turret attack (spec 7.15)`);
    if (d.attack) {
      const a: CompiledAction = { ...d.attack, parsed: compileAbilities(`ddd ${d.id} attack`, d.attack.abilities) };
      checkActions(`ddd ${d.id}`, [a]);
      const boardless = a.parsed.some((ab) => ab.conds.some((c) => c.k === 'actorHas') || ab.effects.some((alt) => alt.some((e) => e.k === 'gain' || e.k === 'heal' || e.k === 'placeExplosion')));
      if (a.kind !== 'attack' || a.cost !== 'FREE' || a.timer || a.mp || a.group || a.weapon || boardless) throw new Error(`ddd ${d.id}: the turret attack is a free attack with no MP, group, weapon or timer of its own, and no ability needing a unit's board (GAIN, HEAL, ACTOR HAS, PLACE EXPLOSION)`);
      DDD_ACTIONS[towerId(d.id)] = [a];
    }
  }
  for (const m of CONTENT.missionList) {
    for (const p of m.ddds ?? []) {
      const def = defs[p.ddd];
      if (!def) throw new Error(`mission ${m.id}: unknown DDD ${p.ddd}`);
      if (m.rules !== 'advanced') throw new Error(`mission ${m.id}: DDDs are Advanced (spec 4.4 item 9)`);
      const cells = footprint(def, cellKey(p.at[0], p.at[1], p.at[2])).map((k) => CONTENT.missions[m.id].compiled.cells[k]);
      if (cells.some((c) => !c)) throw new Error(`mission ${m.id}: DDD ${p.ddd} off the map`);
      if (new Set(cells.map((c) => c.tile)).size !== 1) throw new Error(`mission ${m.id}: DDD ${p.ddd} must lie on one Map Tile (L1979)`);
      const m2 = CONTENT.missions[m.id].compiled;
      if (new Set(cells.map((c) => inside(m2, c))).size !== 1) throw new Error(`mission ${m.id}: DDD ${p.ddd} must be all Inside or all Outside (L1979)`);
    }
  }
  return defs;
}
export const DDDS = loadDdds(dddsJson);


function footprint(def: DddDef, nw: string): string[] {
  const [x, y, z] = nw.split(',').map(Number);
  const out: string[] = [];
  for (let dx = 0; dx < def.width; dx++) for (let dy = 0; dy < def.height; dy++) out.push(cellKey(x + dx, y + dy, z));
  return out.sort();
}

/** Setup step H: the mission's DDDs. */
export function setupDdds(missionId: string): Ddd[] | undefined {
  const list = CONTENT.missions[missionId].ddds;
  if (!list?.length) return undefined;
  return list.map((p) => ({ id: p.ddd, at: footprint(DDDS[p.ddd], cellKey(p.at[0], p.at[1], p.at[2])), wounds: 0, destroyed: false }));
}

/** The standing DDD covering a space, if any. */
export function dddAt(s: S, at: string): Ddd | undefined { return s.ddds?.find((d) => !d.destroyed && d.at.includes(at)); }
/** A standing DDD with this effect. */
export function active(s: S, effect: DddDef['effect']): Ddd | undefined { return s.ddds?.find((d) => !d.destroyed && DDDS[d.id].effect === effect); }

/** Hits on a DDD become Wounds; at its Health it is removed and its effects end (L1987). Indestructible ones ignore Hits. */
export function hitDdd(s: S, d: Ddd, hits: number, ev: Ev): void {
  const hp = DDDS[d.id].health;
  if (hp === null || hits <= 0 || d.destroyed) return;
  d.wounds = Math.min(hp, d.wounds + hits);
  say(ev, 'ddd_hit', { ddd: d.id, hits, wounds: d.wounds, health: hp });
  if (d.wounds >= hp) { d.destroyed = true; say(ev, 'ddd_destroyed', { ddd: d.id }); }
}

// ---------------------------------------------------------------- Hell Tower (#68)

/** One Level higher when attacking or attacked (spec 7.15, 7.3.5). */
export function dddLift(id: string): number { return DDDS[id.startsWith('ddd:') ? id.slice(4) : id]?.effect === 'hellTower' ? 1 : 0; }

/**
 * The Hell Tower as an attacker (a stand-in Unit, never stored): LEGION's (it has no Hack), no
 * board, no statuses (a DDD never gains them), attacking from the footprint space nearest the
 * target space (one with LOS first, then key order; spec 7.15 [P]); off the map once destroyed.
 */
export function towerUnit(s: S, id: string, centre: string | null): Unit | null {
  const d = s.ddds?.find((x) => towerId(x.id) === id);
  if (!d) return null;
  const m = map(s);
  const rank = (k: string) => (centre ? [distance(k, centre), los(m, k, centre).ok ? 0 : 1] : [0, 0]);
  const from = d.at.slice().sort((a, b) => { const [p, q] = [rank(a), rank(b)]; return p[0] - q[0] || p[1] - q[1] || (a < b ? -1 : 1); })[0];
  return { id, board: id, minion: null, side: 'LEGION', at: d.destroyed ? null : from, facing: 'N', downed: false, hits: 0, statuses: [], entry: null };
}
/** The attacker of an attack or delayed Action: a unit, or a DDD turret positioned for `centre`. */
export function attackerAt(s: S, id: string, centre: string | null): Unit | null {
  return s.units[id] ?? towerUnit(s, id, centre);
}

/** Why LEGION cannot make the Hell Tower's attack now: once in each LEGION Turn, a standing tower, a legal target (or delayed by its timer). */
export function turretProblem(s: S, side: Side, a: { ddd: string; target?: string; aim?: 'timer'; dieUpgrades?: Color[]; dieDowngrades?: Color[] }): Violation | null {
  const d = s.ddds?.find((x) => x.id === a.ddd);
  if (!d || DDDS[d.id].effect !== 'hellTower') return violation('no_turret', `${a.ddd} is not a Hell Tower`);
  if (d.destroyed) return violation('destroyed', `${a.ddd} is destroyed: its effects end (L1987)`);
  if (side !== 'LEGION' || s.side !== 'LEGION' || s.phase !== 'actions') return violation('legion_turn', 'the Hell Tower attacks during LEGION Turns (spec 7.15)');
  if (s.turretUsed) return violation('turret_used', 'once in each LEGION Turn (spec 7.15)');
  if (a.aim !== undefined) {
    if (a.aim !== 'timer') return violation('bad_aim', 'aim is "timer" (delay the attack)');
    if (mission(s).rules !== 'advanced') return violation('cannot_aim', 'timers are Advanced (spec 7.8)');
    if (a.dieUpgrades?.length || a.dieDowngrades?.length) return violation('dice_need_target', 'delayed: the dice are chosen with the target, when the timer is removed (spec 7.3.4)');
    return a.target === undefined ? null : violation('target_later', 'delayed: the target is chosen when the timer is removed (spec 7.8)');
  }
  if (typeof a.target !== 'string') return violation('no_target', 'choose a target space, or delay the attack (aim: "timer")');
  const u = towerUnit(s, towerId(d.id), a.target)!;
  return targetProblem(s, u, DDD_ACTIONS[u.id][0], a.target) ?? declaredDiceProblem(s, u, DDD_ACTIONS[u.id][0], a.target, { up: a.dieUpgrades, down: a.dieDowngrades });
}
export function turretCandidates(s: S, side: Side, spaces: (s: S, u: Unit) => string[]): { ddd: string; target?: string; aim?: 'timer'; dieUpgrades?: Color[]; dieDowngrades?: Color[] }[] {
  const out: { ddd: string; target?: string; aim?: 'timer'; dieUpgrades?: Color[]; dieDowngrades?: Color[] }[] = [];
  for (const d of s.ddds ?? []) {
    if (DDDS[d.id].effect !== 'hellTower' || d.destroyed) continue;
    const u = towerUnit(s, towerId(d.id), null)!;
    for (const target of spaces(s, u)) {
      if (turretProblem(s, side, { ddd: d.id, target })) continue;
      out.push({ ddd: d.id, target });
      const v = towerUnit(s, towerId(d.id), target)!;
      const alt = altDiceChoice(s, v, DDD_ACTIONS[v.id][0], target);
      if (alt && !turretProblem(s, side, { ddd: d.id, target, ...alt })) out.push({ ddd: d.id, target, ...alt });
    }
    if (!turretProblem(s, side, { ddd: d.id, aim: 'timer' })) out.push({ ddd: d.id, aim: 'timer' });
  }
  return out;
}
/** Fires now, or delays the attack: an enemy (MAYHEM) When-Removed timer on the DDD tile; aimed, as any attack aimed by timer (spec 7.4, 7.8, 7.15). */
export function fireTurret(s: S, seat: number, a: { ddd: string; target?: string; aim?: 'timer'; dieUpgrades?: Color[]; dieDowngrades?: Color[] }, ev: Ev): void {
  s.turretUsed = true;
  const id = towerId(a.ddd);
  const act = DDD_ACTIONS[id][0];
  say(ev, 'turret', { ddd: a.ddd, target: a.target ?? null, delayed: a.aim === 'timer' });
  if (a.aim === 'timer') { placeTimer(s, 'MAYHEM', id, { t: 'action', unit: id, action: act.id, aimed: true }, ev); return; }
  startAttack(s, seat, towerUnit(s, id, a.target!)!, act, a.target!, ev, false, a);
}

// ---------------------------------------------------------------- EDMKS (#72)

function tileOf(m: CompiledMap, d: Ddd): number { return m.cells[d.at[0]].tile; }

/** Activation tax: a MAYHEM Elite starting its Activation on the EDMKS's Tile spends one Action cube, if it has one. */
export function edmksTax(s: S, board: string, seat: number): Frame | null {
  const d = active(s, 'edmks');
  const u = s.units[board];
  if (!d || !u?.at || u.side !== 'MAYHEM') return null;
  const m = map(s);
  if (m.cells[u.at]?.tile !== tileOf(m, d)) return null;
  return taxOptions(s, board).length ? { t: 'edmksTax', seat, board } : null;
}
export function taxOptions(s: S, board: string): Well[] { return (['speed', 'focus', 'tech'] as Well[]).filter((w) => s.boards[board].cubes[w] > 0); }
export function payTax(s: S, f: Extract<Frame, { t: 'edmksTax' }>, well: Well, ev: Ev): void {
  s.stack.splice(s.stack.indexOf(f), 1);
  s.boards[f.board].cubes[well]--;
  say(ev, 'edmks_tax', { board: f.board, well });
}

/** LEGION boards that may take the EDMKS Mayhem cube. */
export function edmksOptions(s: S): string[] { return Object.values(s.boards).filter((b) => b.side === 'LEGION').map((b) => b.id).sort(); }
export function edmksGain(s: S, f: Extract<Frame, { t: 'edmks' }>, board: string, ev: Ev): void {
  s.stack.splice(s.stack.indexOf(f), 1);
  const got = gainCube(s.boards[board], 'mayhem');
  say(ev, 'edmks_mayhem', { board, gained: got });
}

// ---------------------------------------------------------------- Laser Satellite Controls (#70)

/** Who places the Laser Satellite's explosions: LEGION, or the Side that Hacked it (spec 7.15). */
export function controller(d: Ddd): Side { return d.hacked ?? 'LEGION'; }

/** Why `side` cannot fire the Laser Satellite at `to` now (null: it can). */
export function laserProblem(s: S, side: Side, to: string): Violation | null {
  const d = active(s, 'laserSatellite');
  if (!d) return violation('no_laser', 'no standing Laser Satellite Controls');
  if (side !== controller(d)) return violation('not_your_ddd', `the Laser Satellite is ${controller(d)}'s now (spec 7.15)`);
  if (s.laserUsed) return violation('laser_used', 'once in each LEGION Turn');
  const c = map(s).cells[to];
  if (!c) return violation('bad_space', `no space ${to}`);
  if (inside(map(s), c)) return violation('not_outside', 'an Outside space (spec 7.15)');
  return null;
}
export function laserSpaces(s: S, side: Side): string[] {
  const d = active(s, 'laserSatellite');
  if (!d || side !== controller(d) || s.laserUsed) return [];
  const m = map(s);
  return Object.values(m.cells).filter((c) => !inside(m, c)).map((c) => c.key).sort();
}
export function fireLaser(s: S, to: string, ev: Ev): void {
  s.laserUsed = true;
  say(ev, 'laser_fired', { to, side: s.side });
  placeExplosion(s, to, s.side, ev);
}

// ---------------------------------------------------------------- Hacking (#64)

type HackDef = NonNullable<DddDef['hack']>;
/** What may be Hacked: a DDD with a Hack action (`ddd`), or an Event Marker with the Hack trigger (`marker`, its space; spec 7.10). */
export interface HackTarget { ddd?: string; marker?: string }
interface Hackable { key: string; at: string[]; hack: HackDef; problem: Violation | null }

function hackable(s: S, u: Unit, t: HackTarget): Hackable | Violation {
  if ((t.ddd === undefined) === (t.marker === undefined)) return violation('bad_hack', 'hack one DDD (ddd) or one Event Marker (marker)');
  if (t.ddd !== undefined) {
    const d = s.ddds?.find((x) => x.id === t.ddd && !x.destroyed);
    const h = d && DDDS[d.id].hack;
    if (!d || !h) return violation('not_hackable', `${t.ddd} has no Hack action`);
    return { key: `hack:${d.id}`, at: d.at, hack: h, problem: (d.hacked ?? 'LEGION') === u.side ? violation('already_yours', `${t.ddd} already works for ${u.side}`) : null };
  }
  const mk = s.eventMarkers?.find((x) => x.at === t.marker && x.trigger === 'hack');
  const h = mk && mission(s).events?.markers.find((x) => x.at.join(',') === mk.at)?.hack;
  if (!mk || !h) return violation('not_hackable', `no hackable Event Marker at ${t.marker}`);
  // The default triggering Side: the one whose symbol the marker shows (spec 7.10 [P]).
  return { key: `hack:event:${mk.at}`, at: [mk.at], hack: h, problem: mk.side !== u.side ? violation('not_your_marker', `only ${mk.side} units trigger this Event Marker (spec 7.10)`) : null };
}

/**
 * Why `unit` cannot Hack the target rolling `dice` dice now (spec 7.9): an Elite of the activated
 * board (the Golem cannot, L1783), within 1 space of the object and on its Level, the action's
 * Main/Add-on allowance, the cost paid per die; a device already under the Side's control is not
 * hacked again; an Event Marker is hacked by its triggering Side.
 */
export function hackProblem(s: S, unit: string, target: HackTarget, dice: number, surcharge?: string): Violation | null {
  const sl = slotOf(s);
  const u = s.units[unit];
  if (!u || u.board !== sl.board || u.side !== s.side) return violation('not_activated', `${unit} is not on the activated board`);
  if (!isFigure(u) || u.board === 'golem') return violation('elite_only', 'only Elite units Hack (spec 7.9)');
  if (!u.at) return violation('not_on_map', `${unit} is not on the map`);
  const o = hackable(s, u, target);
  if ('code' in o) return o;
  if (o.problem) return o.problem;
  const h = o.hack;
  if (h.type === 'main' && sl.main) return violation('main_used', 'one Main Action per Turn (L269)');
  if (h.type === 'addon' && sl.addons.includes(`${u.board}:${o.key}`)) return violation('addon_used', 'each Add-on once per Turn (L271)');
  const [x, y, z] = parseKey(u.at);
  if (!o.at.some((k) => { const [a, b, c] = parseKey(k); return c === z && Math.max(Math.abs(a - x), Math.abs(b - y)) <= 1; })) return violation('not_adjacent', 'within 1 space of the object, on the same Level (spec 7.9)');
  if (!Number.isInteger(dice) || dice < 1 || dice > 6) return violation('bad_dice', 'roll 1 to 6 dice');
  if (!payment(s.boards[u.board], u, h.cost.repeat(dice))) return violation('cannot_pay', `${dice} dice cost ${h.cost.repeat(dice)} (spec 7.9)`);
  return surchargeProblem(s.boards[u.board], u, h.cost.repeat(dice), surcharge);
}

export function hackCandidates(s: S): ({ unit: string; dice: number; surcharge?: string } & HackTarget)[] {
  const sl = slotOf(s);
  const out: ({ unit: string; dice: number; surcharge?: string } & HackTarget)[] = [];
  if (!sl?.board) return out;
  const targets: HackTarget[] = [...(s.ddds ?? []).map((d) => ({ ddd: d.id })), ...(s.eventMarkers ?? []).filter((m) => m.trigger === 'hack').map((m) => ({ marker: m.at }))];
  for (const t of targets) for (let n = 1; n <= 6; n++) {
    if (hackProblem(s, sl.board, t, n)) continue;
    out.push({ unit: sl.board, ...t, dice: n });
    // A Stunned Elite's surcharge in one other colour beside the default (spec 2.2.6), so bots find it.
    const u = s.units[sl.board]; const o = hackable(s, u, t);
    const alt = 'code' in o ? null : altSurcharge(s.boards[u.board], u, o.hack.cost.repeat(n));
    if (alt && !hackProblem(s, sl.board, t, n, alt)) out.push({ unit: sl.board, ...t, dice: n, surcharge: alt });
  }
  return out;
}

/** Pay per die, roll them (no modifiers, not an attack, A-31); success at Hits ≥ difficulty; failure loses the Action and cubes. A hacked Event Marker triggers. */
export function hack(s: S, unit: string, target: HackTarget, dice: number, rng: Rng, ev: Ev, surcharge?: string): void {
  const sl = slotOf(s);
  const u = s.units[unit];
  const o = hackable(s, u, target) as Hackable;
  const h = o.hack;
  pay(s.boards[u.board], payment(s.boards[u.board], u, h.cost.repeat(dice), surcharge)!);
  if (h.type === 'main') sl.main = true; else sl.addons.push(`${u.board}:${o.key}`);
  sl.mp = null; sl.group = null; sl.fire = null;
  const faces = roll(rng, Array(dice).fill(h.color));
  ev.push(rollEvent('hack', faces.map((f) => f.join('+') || '-'), { unit, ...target, dice }));
  const hits = faces.flat().filter((f) => f === 'H' || f === 'AH').length;
  const success = hits >= h.difficulty;
  if (success && target.ddd) s.ddds!.find((x) => x.id === target.ddd)!.hacked = u.side;
  if (success && target.marker) triggerEvent(s, s.eventMarkers!.findIndex((m) => m.at === target.marker), u.id);
  say(ev, 'hacked', { unit, ...target, action: h.name, hits, difficulty: h.difficulty, success });
}
// ---------------------------------------------------------------- Gravity Dominator (#71)

/** Favoured and barred Side: LEGION Jumps without limit and MAYHEM cannot Jump, swapped once hacked (spec 7.15). */
function gravity(s: S): { free: Side; barred: Side } | null {
  const d = active(s, 'gravityDominator');
  if (!d) return null;
  return d.hacked === 'MAYHEM' ? { free: 'MAYHEM', barred: 'LEGION' } : { free: 'LEGION', barred: 'MAYHEM' };
}
/** A unit of the Side the Gravity Dominator barres may not Jump. */
export function jumpBarred(s: S, u: Unit): boolean { return gravity(s)?.barred === u.side; }
/** The unlimited Jump of the favoured Side while it moves: any height, as many spaces as its MP (spec 7.15 [P]: up = ∞, spaces = MP left). */
export function freeJump(s: S, u: Unit, mp: number): { up: number; spaces: number } | null {
  return gravity(s)?.free === u.side && mp > 0 ? { up: 99, spaces: mp } : null;
}

// ---------------------------------------------------------------- Dark Matter Bomb (#69)

const holder = (d: Ddd) => `ddd:${d.id}`;

/** Why `side` cannot arm `ddd` now: LEGION, in its Turn, a standing Dark Matter Bomb whose countdown has not started (spec 7.15). */
export function armProblem(s: S, side: Side, ddd: string): Violation | null {
  const d = s.ddds?.find((x) => x.id === ddd && !x.destroyed);
  if (!d || DDDS[d.id].effect !== 'darkMatterBomb') return violation('not_a_bomb', `${ddd} is no standing Dark Matter Bomb`);
  if (side !== 'LEGION' || s.side !== 'LEGION') return violation('legion_only', 'LEGION starts the countdown on a LEGION Turn (spec 7.15)');
  if ((s.timers ?? []).some((t) => t.holder === holder(d))) return violation('armed', 'the countdown has started');
  return null;
}
export function armOptions(s: S, side: Side): string[] { return (s.ddds ?? []).map((d) => d.id).filter((id) => !armProblem(s, side, id)); }
export function arm(s: S, ddd: string, ev: Ev): void {
  const d = s.ddds!.find((x) => x.id === ddd)!;
  for (let i = 0; i < 3; i++) placeTimer(s, 'MAYHEM', holder(d), { t: 'bomb', ddd }, ev);
  say(ev, 'bomb_armed', { ddd });
}

/** A countdown timer came off: when it was the last, the bomb goes off (its Tile's buildings destroyed, every unit there Downed). */
export function bombTimer(s: S, t: Timer, ev: Ev): void {
  if (t.effect.t !== 'bomb') return;
  const d = s.ddds?.find((x) => x.id === (t.effect as { ddd: string }).ddd);
  const left = (s.timers ?? []).filter((x) => x.holder === t.holder).length;
  if (!d || d.destroyed) return;
  say(ev, 'bomb_countdown', { ddd: d.id, left });
  if (left) return;
  const m = map(s);
  const tile = tileOf(m, d);
  d.destroyed = true;
  say(ev, 'bomb_detonated', { ddd: d.id });
  for (const u of Object.values(s.units).filter((x) => x.at && m.cells[x.at]?.tile === tile).sort((a, b) => (a.id < b.id ? -1 : 1))) down(s, u, ev);
  destroyBuilding(s, tile, ev);
}

/** End of a MAYHEM Turn: each MAYHEM unit with no Shield cube on the bomb's Tile gains 1 Wound (its owner places it). */
export function radiation(s: S, ev: Ev): Frame[] {
  const d = active(s, 'darkMatterBomb');
  if (!d) return [];
  const m = map(s);
  const tile = tileOf(m, d);
  // An Ally's Shields are its Shield value not yet used up; its Wound goes on its Ally board (no choice).
  const shielded = (u: Unit) => (u.ally ? CONTENT.allies[u.ally].defense.shield > (u.damage?.shield ?? 0) : s.boards[u.board].shield > 0);
  const hit = Object.values(s.units).filter((u) => u.side === 'MAYHEM' && u.at && m.cells[u.at]?.tile === tile && !shielded(u)).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const u of hit) say(ev, 'radiation', { unit: u.id, ddd: d.id });
  for (const u of hit.filter((x) => x.ally)) { const c = (u.damage ??= { shield: 0, armor: 0, wounds: 0 }); c.wounds++; if (c.wounds >= CONTENT.allies[u.ally!].defense.health) down(s, u, ev); }
  return hit.filter((u) => !u.ally).map((u) => ({ t: 'wound', id: s.nextId++, unit: u.id, seat: reactingSeat(s, u), left: 1 }));
}
export type { Unit };
