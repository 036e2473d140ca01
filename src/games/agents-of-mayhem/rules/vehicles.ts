// Vehicles (spec 7.16, checklist #73-#77): Vehicle tiles of two spaces (front and back)
// from data/vehicles.json (provisional), summoned as an Add-on of the activated board for 3
// cubes of blue Tech and purple Mayhem onto Level-1 Outside spaces with one of the Side's units
// on it; Driven in a Turn when a unit of its Side is on it at the Turn's beginning; moved up to
// Speed MP in each of its Side's Turns (any time, split up), straight, backwards (Speed 3 for
// the Turn) or by Turn/Shift/Drift maneuvers gated by Maneuverability; obstacles cost 3 MP and a
// Hit; units on it move with it; Ramp Jumps, roof driving and falls (rules/vehicle-movement.ts,
// #75; Ramp counters are mission data here). Vehicles are Targetable Objects: an attack on a space holding
// an enemy vehicle rolls against it too (one roll per vehicle, also in an AoE), Hits are Wounds,
// destroyed at Strength; no healing, no statuses. Drones (rules/traffic.ts) are Vehicle tiles of
// no Side loaded here too: they ram as vehicles do and are Targetable Objects of either Side.
import { Type as T, type Static } from '@sinclair/typebox';
import { violation, type Rng, type Violation } from '../../../engine/types.js';
import { rollEvent } from '../../../engine/mech/dice.js';
import vehiclesJson from '../data/vehicles.json' with { type: 'json' };
import tilesJson from '../data/tiles.json' with { type: 'json' };
import dddsJson from '../data/ddds.json' with { type: 'json' };
import { CONTENT, cellKey, checkDataFile, onMap, type Color, type CompiledAction, type CompiledMap, type Mission } from '../content.js';
import { DIRS, back, crossesLock, distance, floor, inside, lockedRooms, los, parseKey, step, terrainCost } from '../geometry.js';
import { count, isLarge, map, unitAt, type Action, type Dir, type Frame, type S, type Side, type Unit, type Vehicle } from '../state.js';
import { gainMayhemStatus, pay, payment, say, type Ev } from './board.js';
import { rollAtObject, targetProblem } from './combat.js';
import { dddAt } from './ddd.js';
import { areaSpaces } from './explosions.js';
import { trafficCheck } from './traffic.js';
import { JUMP_SPACES, plan, rampUnder, type Plan } from './vehicle-movement.js';

const SideT = T.Union([T.Literal('MAYHEM'), T.Literal('LEGION')]);
const VehicleDef = T.Object({
  id: T.String({ minLength: 1 }), name: T.String(), side: SideT,
  speed: T.Integer({ minimum: 1, maximum: 12 }), maneuverability: T.Integer({ minimum: 0, maximum: 6 }),
  strength: T.Integer({ minimum: 1, maximum: 12 }), ram: T.Union([T.Literal('red'), T.Literal('yellow'), T.Literal('white')]),
}, { additionalProperties: false });
export type VehicleDef = Static<typeof VehicleDef>;
/** A drone tile (spec 7.16.4 [P]): no Side, no Speed (it moves by the Refresh cards' Drone Movement), a Strength and a ram die. */
const DroneDef = T.Object({
  id: T.String({ minLength: 1 }), name: T.String(),
  strength: T.Integer({ minimum: 1, maximum: 12 }), ram: T.Union([T.Literal('red'), T.Literal('yellow'), T.Literal('white')]),
}, { additionalProperties: false });
export type DroneDef = Static<typeof DroneDef>;
/** A Ramp counter placed at Mission Setup (L2114): its space "x,y,Level" as [x, y, z] and its arrow. */
const RampDef = T.Object({
  at: T.Tuple([T.Integer({ minimum: 0 }), T.Integer({ minimum: 0 }), T.Integer({ minimum: 1, maximum: 4 })]),
  dir: T.Union([T.Literal('N'), T.Literal('E'), T.Literal('S'), T.Literal('W')]),
}, { additionalProperties: false });
const VehiclesFile = T.Object({
  provisional: T.Boolean(), note: T.String(), vehicles: T.Array(VehicleDef),
  drones: T.Optional(T.Array(DroneDef)),
  missions: T.Record(T.String(), T.Array(T.String())),
  /** The drone tiles of each mission with traffic, in the order they enter the map. */
  traffic: T.Optional(T.Record(T.String(), T.Array(T.String(), { minItems: 1 }))),
  /** The Ramp counters each mission places at setup (L2114), a mission with vehicles. */
  ramps: T.Optional(T.Record(T.String(), T.Array(RampDef))),
}, { additionalProperties: false });
export interface Ramp { at: string; dir: Dir }

/**
 * Loads the Vehicle and drone tiles and checks each mission's lists: known tiles, at most one
 * vehicle per Side, an Advanced mission whose map has Road tiles (L2057-2059); a mission with
 * traffic lists each drone tile once and has Road lanes that run from one map edge to another
 * (a drone enters at one, L2162, and leaves at the other, L2160), and every Advanced mission whose
 * map has Road lanes has traffic (L2057); Ramp counters on Outside spaces.
 */
export function loadVehicles(raw: unknown): { defs: Record<string, VehicleDef>; drones: Record<string, DroneDef>; missions: Record<string, string[]>; traffic: Record<string, string[]>; ramps: Record<string, Ramp[]> } {
  checkDataFile('vehicles', VehiclesFile, raw);
  const f = raw as Static<typeof VehiclesFile>;
  const defs: Record<string, VehicleDef> = {};
  for (const v of f.vehicles) {
    if (defs[v.id]) throw new Error(`vehicle ${v.id}: listed twice`);
    defs[v.id] = v;
  }

  const drones: Record<string, DroneDef> = {};
  for (const d of f.drones ?? []) {
    if (defs[d.id] || drones[d.id]) throw new Error(`drone ${d.id}: listed twice (vehicle and drone ids are one namespace)`);
    drones[d.id] = d;
  }
  const roads = new Set((tilesJson as { tiles: { id: string; name: string }[] }).tiles.filter((t) => /^Road/.test(t.name)).map((t) => t.id));
  for (const [m, list] of Object.entries(f.missions)) {
    const mission = CONTENT.missions[m];
    if (!mission) throw new Error(`vehicles: unknown mission ${m}`);
    if (mission.rules !== 'advanced') throw new Error(`vehicles: mission ${m} is not Advanced (vehicles are an Advanced topic, L93)`);
    if (!mission.map.placements.some((p) => roads.has(p.tile))) throw new Error(`vehicles: mission ${m} has no Road tile (L2059)`);
    for (const id of list) if (!defs[id]) throw new Error(`vehicles: mission ${m} lists unknown vehicle ${id}`);
    for (const side of ['MAYHEM', 'LEGION'] as Side[]) if (list.filter((id) => defs[id].side === side).length > 1) throw new Error(`vehicles: mission ${m} lists more than one ${side} vehicle`);
  }
  for (const [m, list] of Object.entries(f.traffic ?? {})) {
    const mission = CONTENT.missions[m];
    if (!mission) throw new Error(`traffic: unknown mission ${m}`);
    if (mission.rules !== 'advanced') throw new Error(`traffic: mission ${m} is not Advanced (drones are Vehicles, an Advanced topic, L93)`);
    const lanes = laneProblem(mission.compiled);
    if (lanes) throw new Error(`traffic: mission ${m}: ${lanes}`);
    for (const id of list) if (!drones[id]) throw new Error(`traffic: mission ${m} lists unknown drone ${id}`);
    if (new Set(list).size !== list.length) throw new Error(`traffic: mission ${m} lists a drone tile twice`);
  }
  // L2057: "If a Mission's Map has Roads, civilian Vehicles will move along them and player Vehicles may be summoned": an Advanced mission on a map with Road tiles provides Vehicle tiles to summon (L2072) and, with Road lanes, has traffic (Basic ones have no Vehicles, L93).
  for (const m of CONTENT.missionList) if (m.rules === 'advanced' && m.map.placements.some((p) => roads.has(p.tile)) && !f.missions[m.id]?.length) throw new Error(`vehicles: mission ${m.id} has Roads but no Vehicle tiles to summon (L2057)`);
  for (const m of CONTENT.missionList) if (m.rules === 'advanced' && CONTENT.missions[m.id].compiled.lanes.length && !f.traffic?.[m.id]) throw new Error(`traffic: mission ${m.id} has Roads but no drone tiles (L2057)`);
  for (const m of CONTENT.missionList) if (m.vehicles) checkPlaced(CONTENT.missions[m.id], defs, f.missions[m.id] ?? [], f.traffic?.[m.id] ?? []);
  // Ramp counters (L2114): on an Outside space of the mission's map (a Jump goes up one Level into the open), the space ahead of the arrow on the map, one per space.
  const ramps: Record<string, Ramp[]> = {};
  for (const [m, list] of Object.entries(f.ramps ?? {})) {
    if (!f.missions[m]?.length) throw new Error(`vehicles: ramps in mission ${m}, which provides no vehicle`);
    const map = CONTENT.missions[m].compiled;
    ramps[m] = list.map((r) => {
      const at = cellKey(r.at[0], r.at[1], r.at[2]);
      const vec = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] }[r.dir];
      const [x, y] = [r.at[0] + vec[0], r.at[1] + vec[1]];
      if (!map.cells[at] || inside(map, map.cells[at])) throw new Error(`vehicles: mission ${m} ramp at ${at} is not an Outside space of its map`);
      if (!onMap(map, x, y)) throw new Error(`vehicles: mission ${m} ramp at ${at} points off the map`);
      return { at, dir: r.dir };
    });
    if (new Set(ramps[m].map((r) => r.at)).size < list.length) throw new Error(`vehicles: mission ${m} has two ramps on one space`);
  }
  return { defs, drones, missions: f.missions, traffic: f.traffic ?? {}, ramps };
}

/**
 * Setup step H (spec 3.1 H, L2250): the vehicles a mission places. Each is one of the mission's
 * Vehicle tiles (`missions`) or drone tiles (`traffic`), placed once; its two halves (the front
 * and the space behind it) are Level-1 Outside spaces of the map with no wall between, on no DDD
 * and no other placed tile, with no unit of the other Side on a Side's vehicle (as a summon,
 * L2074); a drone lies on a Road lane, facing the arrow (it moves along it, L2152).
 */
export function checkPlaced(m: Mission & { compiled: CompiledMap }, defs: Record<string, VehicleDef>, vehicles: string[], drones: string[]): void {
  const id = m.id;
  const mp = m.compiled;
  const taken = new Set<string>();
  // DDD footprints (width × height from the north-west space, data/ddds.json; read here so the load order of rules/ddd.ts does not matter).
  const size = (d: string) => (dddsJson as { ddds: { id: string; width: number; height: number }[] }).ddds.find((x) => x.id === d) ?? { width: 1, height: 1 };
  const ddd = new Set((m.ddds ?? []).flatMap((d) => Array.from({ length: size(d.ddd).width * size(d.ddd).height }, (_, i) => cellKey(d.at[0] + (i % size(d.ddd).width), d.at[1] + Math.floor(i / size(d.ddd).width), d.at[2]))));
  for (const p of m.vehicles!) {
    const what = `mission ${id}: placed vehicle ${p.vehicle}`;
    const side = vehicles.includes(p.vehicle) ? defs[p.vehicle]?.side : undefined;
    if (!side && !drones.includes(p.vehicle)) throw new Error(`${what} is none of the mission's Vehicle tiles (data/vehicles.json missions) or drone tiles (traffic)`);
    const front = cellKey(p.front[0], p.front[1], p.front[2]);
    const halves = [front, step(front, back(p.facing))];
    for (const k of halves) {
      const c = mp.cells[k];
      if (!c || c.z !== 1 || inside(mp, c)) throw new Error(`${what}: ${k} is not a Level-1 Outside space of the map (vehicles stay on Level 1)`);
      if (taken.has(k) || ddd.has(k)) throw new Error(`${what}: ${k} holds another vehicle or a DDD`);
      taken.add(k);
      const enemy = side && (['MAYHEM', 'LEGION'] as Side[]).find((x) => x !== side && m.sides[x].units.some((u) => cellKey(u.at[0], u.at[1], u.at[2]) === k));
      if (enemy) throw new Error(`${what}: a unit of ${enemy} is on ${k} (L2074)`);
    }
    const [bx, by] = parseKey(halves[1]);
    if (terrainCost(mp, 1, bx, by, p.front[0], p.front[1]) === Infinity) throw new Error(`${what}: a wall runs between its halves`);
    if (!side && !mp.lanes.some((l) => onLane(l, front, halves[1]))) throw new Error(`${what}: a drone lies on a Road lane facing its arrow (L2152)`);
    if (m.vehicles!.filter((x) => x.vehicle === p.vehicle).length > 1) throw new Error(`${what}: placed twice`);
  }
}

/** Setup step H: the mission's placed vehicles and drones (a drone on the lane it lies on), Wounds 0; Driven at the first Turn's start if a unit of their Side is on them (startVehicleTurn). */
export function setupVehicles(missionId: string): Vehicle[] | undefined {
  const list = CONTENT.missions[missionId].vehicles;
  if (!list) return undefined;
  const mp = CONTENT.missions[missionId].compiled;
  return list.map((p) => {
    const front = cellKey(p.front[0], p.front[1], p.front[2]);
    const lane = mp.lanes.findIndex((l) => onLane(l, front, step(front, back(p.facing))));
    return { id: p.vehicle, side: VEHICLES[p.vehicle]?.side ?? null, front, back: step(front, back(p.facing)), facing: p.facing, wounds: 0, driven: false, used: 0, backwards: false, since: null, ...(VEHICLES[p.vehicle] ? {} : { lane }) };
  });
}

/** Whether a drone with these halves lies on a lane, its back the space before its front (so facing the way the lane's arrows lead it, L2152). */
function onLane(l: CompiledMap['lanes'][number], front: string, behind: string): boolean {
  const i = l.cells.indexOf(front);
  return i > 0 && l.cells[i - 1] === behind;
}

/** Why a map cannot carry traffic (null: it can): it needs Road lanes, each from one map edge to another (drones enter and leave at the edge, L2160-2162). */
export function laneProblem(mp: CompiledMap): string | null {
  if (!mp.lanes.length) return 'no Road lane (L2152)';
  const off = (k: string) => { const [x, y] = parseKey(k); return !onMap(mp, x, y); };
  for (const [i, l] of mp.lanes.entries()) {
    if (!off(step(l.cells[0], back(l.dir))) || !off(step(l.cells[l.cells.length - 1], l.dirs[l.dirs.length - 1]))) return `Road lane ${i} (tile ${l.tiles.map((t) => mp.tiles[t].tile).join(', ')}) does not run from one map edge to another (drones enter and leave at the edge, L2160-2162)`;
  }
  return null;
}

const LOADED = loadVehicles(vehiclesJson);
export const VEHICLES = LOADED.defs;
export const DRONES = LOADED.drones;
export function missionVehicles(mission: string): string[] { return LOADED.missions[mission] ?? []; }
/** The drone tiles of a mission with traffic (none: no traffic). */
export function missionDrones(mission: string): string[] { return LOADED.traffic[mission] ?? []; }
/** A vehicle's or a drone's tile: its name, Strength and ram die. */
export function tileOf(id: string): { name: string; strength: number; ram: Color } { return VEHICLES[id] ?? DRONES[id]; }
/** The Ramp counters the mission places at setup (L2114; rules/vehicle-movement.ts `rampsOf` for where they lie now). */
export function missionRamps(mission: string): Ramp[] { return LOADED.ramps[mission] ?? []; }

/** A drive step: straight, backwards, a maneuver, or a Ramp Jump (`jump`, with its spaces). */
export type DriveMove = Extract<Action, { type: 'drive' }>['move'];
export const DRIVE_MOVES: DriveMove[] = ['forward', 'backward', 'turnLeft', 'turnRight', 'shiftLeft', 'shiftRight', 'driftLeft', 'driftRight', 'jump'];
const isManeuver = (m: DriveMove) => m !== 'forward' && m !== 'backward' && m !== 'jump';
/** The Pays allowed for a summon: three cubes of blue Tech (B) and purple Mayhem (P) in any mix (L2072). */
export const SUMMON_PAYS = ['BBB', 'BBP', 'BPP', 'PPP'];

export function liveVehicles(s: S): Vehicle[] { return (s.vehicles ?? []).filter((v) => !v.destroyed); }
export function vehicleAt(s: S, at: string): Vehicle | undefined { return liveVehicles(s).find((v) => v.front === at || v.back === at); }
/** Units on the vehicle's spaces (riders; those of its Side drive it, at most 2: it has 2 spaces). A Large Unit does not fit on the tile (its 4 spaces on 2, L2061) and rides nothing: a vehicle drives from under it [P]. */
export function riders(s: S, v: Vehicle): Unit[] {
  return Object.values(s.units).filter((u) => u.at && !isLarge(u) && (u.at === v.front || u.at === v.back)).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Turn start (spec 7.16.2): a vehicle is Driven this Turn if a unit of its Side is on it now; its MP, backwards and maneuver counts start again. */
export function startVehicleTurn(s: S): void {
  for (const v of liveVehicles(s)) {
    v.driven = v.side === s.side && riders(s, v).some((u) => u.side === v.side);
    v.used = 0; v.backwards = false; v.since = null;
  }
}

// ---------------------------------------------------------------- summon (#73)

/** A Level-1 Outside space of the map (L2074). */
function groundOutside(s: S, k: string): boolean {
  const m = map(s);
  const c = m.cells[k];
  return !!c && c.z === 1 && !inside(m, c);
}

export function summonProblem(s: S, a: Extract<Action, { type: 'summon' }>): Violation | null {
  const sl = s.slots[s.slot];
  if (s.phase !== 'actions' || !sl?.board) return violation('not_activated', 'a vehicle is summoned as an Add-on of the activated board (spec 7.16.2 [P])');
  const def = VEHICLES[a.vehicle];
  if (!def || !missionVehicles(s.mission).includes(a.vehicle)) return violation('unknown_vehicle', `${a.vehicle} is not a Vehicle tile of this mission`);
  if (def.side !== s.side) return violation('not_your_vehicle', `${def.name} is ${def.side}'s (L2063)`);
  if ((s.vehicles ?? []).some((v) => v.id === a.vehicle)) return violation('vehicle_used', `${def.name} is on the map, or was summoned or placed earlier in this mission (a tile once)`);
  if (sl.addons.includes('vehicle:summon')) return violation('addon_used', 'each Add-on once per Turn (L271)');
  if (!SUMMON_PAYS.includes(a.pay)) return violation('bad_pay', 'pay 3 cubes of blue Tech (B) and purple Mayhem (P), e.g. "BBP" (L2072)');
  const b = s.boards[sl.board];
  if (!payment(b, statusless, a.pay)) return violation('cannot_pay', `${sl.board} cannot pay ${a.pay}`);
  const backAt = step(a.front, back(a.facing));
  for (const k of [a.front, backAt]) {
    if (!groundOutside(s, k)) return violation('bad_space', `${k} is not a Level-1 Outside space (L2074)`);
    const there = unitAt(s).get(k); // a Large Unit by any of its spaces
    if (there && there.side !== s.side) return violation('enemy_there', `an enemy unit is on ${k} (L2074)`);
    if (vehicleAt(s, k) || dddAt(s, k)) return violation('space_taken', `a vehicle or a DDD is on ${k}`);
  }
  const [x, y] = parseKey(backAt); const [x2, y2] = parseKey(a.front);
  if (terrainCost(map(s), 1, x, y, x2, y2) === Infinity) return violation('bad_space', 'a wall runs between the two spaces');
  // The unit is placed on top of the tile (L2074): a Large Unit, on 4 spaces, does not fit on its 2 [P].
  if (!Object.values(s.units).some((u) => u.side === s.side && !isLarge(u) && (u.at === a.front || u.at === backAt))) return violation('no_unit', 'one of the vehicle\'s spaces must hold one of your units, not a Large Unit (L2074)');
  return null;
}
/** The summon is the board's Add-on, not a unit's Action: no Stunned surcharge (A-26 reading). */
const statusless = { statuses: [] } as unknown as Unit;

export function summonCandidates(s: S): Extract<Action, { type: 'summon' }>[] {
  const sl = s.slots[s.slot];
  if (s.phase !== 'actions' || !sl?.board || sl.addons.includes('vehicle:summon')) return [];
  const out: Extract<Action, { type: 'summon' }>[] = [];
  for (const vehicle of missionVehicles(s.mission)) {
    if (VEHICLES[vehicle].side !== s.side || (s.vehicles ?? []).some((v) => v.id === vehicle)) continue;
    const seen = new Set<string>();
    for (const u of Object.values(s.units).filter((x) => x.side === s.side && x.at && groundOutside(s, x.at)).sort((a, b) => (a.id < b.id ? -1 : 1))) {
      for (const facing of DIRS) for (const front of [u.at!, step(u.at!, facing)]) {
        if (seen.has(`${front}|${facing}`)) continue;
        seen.add(`${front}|${facing}`);
        for (const p of SUMMON_PAYS) { const a = { type: 'summon' as const, vehicle, front, facing, pay: p }; if (!summonProblem(s, a)) out.push(a); }
      }
    }
  }
  return out;
}

export function summon(s: S, a: Extract<Action, { type: 'summon' }>, ev: Ev): void {
  const sl = s.slots[s.slot];
  const b = s.boards[sl.board!];
  pay(b, payment(b, statusless, a.pay)!);
  sl.addons.push('vehicle:summon');
  const v: Vehicle = { id: a.vehicle, side: s.side, front: a.front, back: step(a.front, back(a.facing)), facing: a.facing, wounds: 0, driven: false, used: 0, backwards: false, since: null };
  (s.vehicles ??= []).push(v);
  say(ev, 'vehicle_summoned', { vehicle: v.id, side: v.side, board: b.id, front: v.front, back: v.back, facing: v.facing, pay: a.pay });
}

// ---------------------------------------------------------------- driving (#74, #75)

/** Speed for the Turn: 3 once it moves backwards at all (L2092). */
export function speedLeft(v: Vehicle, backwards = false): number { return ((v.backwards || backwards) ? 3 : VEHICLES[v.id].speed) - v.used; }

export function driveProblem(s: S, a: Extract<Action, { type: 'drive' }>): Violation | null {
  const v = liveVehicles(s).find((x) => x.id === a.vehicle);
  if (!v) return violation('unknown_vehicle', `no vehicle ${a.vehicle} on the map`);
  if (!v.side) return violation('drone', `${a.vehicle} is a drone: no Side drives it, it moves at each Refresh Phase (L2150)`);
  if (v.side !== s.side || s.phase !== 'actions') return violation('not_your_turn', 'a vehicle moves during its Side\'s Turns (L2082)');
  if (!DRIVE_MOVES.includes(a.move)) return violation('bad_move', `move is one of ${DRIVE_MOVES.join(', ')}`);
  if ((a.spaces !== undefined) !== (a.move === 'jump')) return violation('bad_spaces', 'spaces goes with a Ramp Jump (move "jump") only, and it needs them');
  if (!v.driven) return violation('not_driven', 'no unit of its Side was on it at the beginning of the Turn (L2078)');
  const drivers = riders(s, v).some((u) => u.side === v.side);
  // A Ramp Jump is forward movement: a bailed vehicle may still make one (L2112).
  if (!drivers && a.move !== 'forward' && a.move !== 'jump') return violation('bailed', 'every driver has left: the vehicle may only move forward (L2112)');
  const def = VEHICLES[v.id];
  if (isManeuver(a.move) && v.since !== null && v.since < def.maneuverability) return violation('maneuverability', `${def.name} must move ${def.maneuverability} spaces between maneuvers (${v.since} so far, L2102)`);
  const left = speedLeft(v, a.move === 'backward');
  const p = plan(s, v, a.move, a.spaces, left);
  if ('code' in p) return p;
  if (p.cost > left) return violation('no_mp', `${p.cost} MP needed, ${Math.max(0, left)} left (Speed ${v.backwards || a.move === 'backward' ? '3 after moving backwards' : def.speed}, L2092)`);
  return null;
}

export function driveCandidates(s: S): Extract<Action, { type: 'drive' }>[] {
  if (s.phase !== 'actions') return [];
  return liveVehicles(s).filter((v) => v.side === s.side).flatMap((v) => [
    ...DRIVE_MOVES.filter((m) => m !== 'jump').map((move) => ({ type: 'drive' as const, vehicle: v.id, move })),
    // A Ramp Jump of 1 to 5 spaces, when its front is on a Ramp counter facing the arrow (L2118).
    ...(rampUnder(s, v) ? Array.from({ length: JUMP_SPACES }, (_, i) => ({ type: 'drive' as const, vehicle: v.id, move: 'jump' as const, spaces: i + 1 })) : []),
  ]).filter((a) => !driveProblem(s, a));
}

/** A drive step: its MP are spent and it counts as moved (or maneuvered) at once; Rams come first, then the vehicle moves. */
export function drive(s: S, a: Extract<Action, { type: 'drive' }>, ev: Ev): void {
  const v = liveVehicles(s).find((x) => x.id === a.vehicle)!;
  const budget = speedLeft(v, a.move === 'backward');
  const p = plan(s, v, a.move, a.spaces, budget) as Plan;
  v.used += p.cost;
  if (a.move === 'backward') v.backwards = true;
  v.since = isManeuver(a.move) ? 0 : v.since === null ? null : v.since + p.straight;
  proceed(s, v, { move: a.move, spaces: a.spaces, budget }, ev);
}

/** A drive step under way: its move, a Ramp Jump's spaces, and the MP left before it (the plan is made again after each Ram). */
export interface Driving { move: DriveMove; spaces?: number; budget: number }

/** Ram the first enemy in the way (a frame: its push is the driving Side's choice), else move the vehicle and its riders (a fall: down to where it lands). */
function proceed(s: S, v: Vehicle, d: Driving, ev: Ev): void {
  const p = plan(s, v, d.move, d.spaces, d.budget);
  if ('code' in p) { say(ev, 'vehicle_stopped', { vehicle: v.id, move: d.move, why: p.code }); return; }
  const r = p.rams[0];
  if (r) {
    const seat = s.slots[s.slot]?.seat ?? s.seats.indexOf(v.side!);
    s.stack.push({ t: 'ram', seat, vehicle: v.id, move: d.move, ...(d.spaces !== undefined ? { spaces: d.spaces } : {}), budget: d.budget, unit: r.unit, from: r.from, options: ramPushOptions(s, r.unit, r.from, [v.front, v.back, ...p.entered]) });
    return;
  }
  const onFront = riders(s, v).filter((u) => u.at === v.front); const onBack = riders(s, v).filter((u) => u.at === v.back);
  v.front = p.front; v.back = p.back; v.facing = p.facing;
  for (const u of onFront) u.at = p.front;
  for (const u of onBack) u.at = p.back;
  say(ev, 'vehicle_moved', { vehicle: v.id, move: d.move, ...(d.spaces !== undefined ? { spaces: d.spaces } : {}), front: v.front, back: v.back, facing: v.facing, mp: p.cost, riders: [...onFront, ...onBack].map((u) => u.id) });
  // Falling: a Hit for each Level beyond the first; its riders move with it, unharmed (L2122, A-50).
  if (p.fell) say(ev, 'vehicle_fell', { vehicle: v.id, levels: p.fell, front: v.front, back: v.back });
  if (p.hits) hitVehicle(s, v, p.hits, ev);
}

// ---------------------------------------------------------------- ramming (#76)

/**
 * Where a Rammed unit may be pushed: one step on its Level, farther from `from`, the space the
 * vehicle's half comes from (else at the same distance, spec 7.3.8), onto a free space that is
 * not `taken` (the vehicle's and its step's), across no Wall or Obstacle (a single Push cannot
 * cross one). A Large Unit is never pushed.
 */
export function ramPushOptions(s: S, unit: string, from: string, taken0: string[]): string[] {
  const m = map(s);
  const u = s.units[unit];
  if (isLarge(u)) return [];
  const [x, y, z] = parseKey(u.at!);
  const taken = new Set(taken0);
  const occ = unitAt(s);
  const d0 = distance(from, u.at!);
  const rooms = lockedRooms(s, u); // a locked room holds against the Ram's push too (L1837), a drone's as any vehicle's
  const far: string[] = []; const same: string[] = [];
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
    if (!dx && !dy) continue;
    const x2 = x + dx; const y2 = y + dy;
    if (x2 < 0 || y2 < 0 || x2 >= m.width || y2 >= m.height || !floor(m, x2, y2, z)) continue;
    if (terrainCost(m, z, x, y, x2, y2) !== 1) continue;
    const k = cellKey(x2, y2, z);
    if (taken.has(k) || occ.get(k) || vehicleAt(s, k) || crossesLock(m, rooms, u.at!, k)) continue;
    const d = distance(from, k);
    if (d > d0) far.push(k); else if (d === d0) same.push(k);
  }
  return (far.length ? far : same).sort();
}

export function ramPushProblem(s: S, f: Extract<Frame, { t: 'ram' }>, to: string): Violation | null {
  return f.options.includes(to) ? null : violation('bad_push', `push ${f.unit} to one of ${f.options.join(' ')} (one space farther from the vehicle, spec 7.16.4)`);
}

/**
 * The Ram (L2128-2138): the unit is pushed (`to`; null: it cannot be, and the vehicle stays out
 * of its space, its step ending there), then attacked with 4 dice of the vehicle's ram type, no
 * bonuses or penalties, unless a Ram attacked it already this Turn: an attack frame above this
 * one (the `explosion` frame with `ram`: its Block window, Hits and Wound placement, and Push
 * results from the space the vehicle comes from, chosen by the driving seat). Then `ramDone`.
 */
export function ramPush(s: S, f: Extract<Frame, { t: 'ram' }>, to: string | null, ev: Ev): void {
  const v = liveVehicles(s).find((x) => x.id === f.vehicle);
  const u = s.units[f.unit];
  if (to) {
    const from = u.at;
    u.at = to; say(ev, 'pushed', { unit: u.id, to });
    // Pushed in front of a drone: its Traffic check follows the Ram Attack (the rulebook's example, L2184-2188).
    trafficCheck(s, u, from, to);
  }
  f.stage = 'attack'; f.to = to;
  if (s.rammed?.turn !== s.turnNo) s.rammed = { turn: s.turnNo, units: [] };
  // Once a Turn per vehicle: the example's Hell Trooper is rammed by the car, then by a drone's Traffic, in one Turn (L2136 with L2184-2188).
  const key = v?.side ? u.id : `${f.vehicle}>${u.id}`;
  if (s.rammed.units.includes(key) || !v || !u.at) return;
  s.rammed.units.push(key);
  const dice = tileOf(v.id).ram;
  say(ev, 'rammed', { vehicle: v.id, unit: u.id, dice });
  s.stack.push({ t: 'explosion', id: s.nextId++, seat: f.seat, marker: 0, centre: f.from, dice: Array(4).fill(dice) as Color[], targets: [{ unit: u.id, centre: false }], i: 0, stage: 'roll', hits: 0, pushes: 0, collapse: null, ram: v.id });
}

/**
 * After the Ram Attack: a unit Downed by a Drift's Ram gives one of the drivers a Permanent Mayhem
 * Status (side swipe, L2138). With two drivers on different boards which one is the driving seat's
 * choice (stage `swipe`, decision `side_swipe`); else the status goes to the one board. Then the move goes on.
 */
export function ramDone(s: S, f: Extract<Frame, { t: 'ram' }>, ev: Ev): void {
  const v = liveVehicles(s).find((x) => x.id === f.vehicle);
  const u = s.units[f.unit];
  // A drone's ram: no side swipe (a drone only drives forward, no driver); its movement frame below goes on (rules/traffic.ts).
  if (f.drone) { s.stack.splice(s.stack.lastIndexOf(f), 1); return; }
  if (v && u.downed && s.rammed?.units.includes(u.id) && (f.move === 'driftLeft' || f.move === 'driftRight')) {
    const drivers = sideSwipeDrivers(s, v);
    if (new Set(drivers.map((x) => x.board)).size > 1) { f.stage = 'swipe'; f.drivers = drivers.map((x) => x.id); return; }
    if (drivers[0]) sideSwipe(s, v, drivers[0], ev);
  }
  ramOn(s, f, ev);
}

/** The units driving the vehicle now (of its Side, on it; at most 2), by id. */
function sideSwipeDrivers(s: S, v: Vehicle): Unit[] { return riders(s, v).filter((x) => x.side === v.side); }
function sideSwipe(s: S, v: Vehicle, driver: Unit, ev: Ev): void {
  say(ev, 'side_swipe', { vehicle: v.id, driver: driver.id });
  gainMayhemStatus(s, driver.board, ev);
}

/** The driving seat names the driver who gains the side swipe's Permanent Mayhem Status: one of those driving (L2138). */
export function sideSwipeProblem(f: Extract<Frame, { t: 'ram' }>, driver: string): Violation | null {
  return (f.drivers ?? []).includes(driver) ? null : violation('not_a_driver', `the side swipe's status goes to one of the drivers: ${(f.drivers ?? []).join(', ')} (L2138)`);
}
export function applySideSwipe(s: S, f: Extract<Frame, { t: 'ram' }>, driver: string, ev: Ev): void {
  const v = liveVehicles(s).find((x) => x.id === f.vehicle);
  if (v) sideSwipe(s, v, s.units[driver], ev);
  ramOn(s, f, ev);
}

/** The Ram is over: the vehicle's step goes on, or it stays out of a space it could not push the unit from. */
function ramOn(s: S, f: Extract<Frame, { t: 'ram' }>, ev: Ev): void {
  s.stack.splice(s.stack.indexOf(f), 1);
  const v = liveVehicles(s).find((x) => x.id === f.vehicle);
  if (!v) return;
  if (f.to) proceed(s, v, { move: f.move, spaces: f.spaces, budget: f.budget ?? Infinity }, ev);
  else say(ev, 'vehicle_stopped', { vehicle: v.id, move: f.move, why: 'ram_blocked' });
}

// ---------------------------------------------------------------- Targetable Objects (#77)

export function hitVehicle(s: S, v: Vehicle, hits: number, ev: Ev): void {
  if (hits <= 0 || v.destroyed) return;
  const str = tileOf(v.id).strength;
  v.wounds = Math.min(str, v.wounds + hits);
  say(ev, 'vehicle_hit', { vehicle: v.id, hits, wounds: v.wounds, strength: str });
  if (v.wounds >= str) {
    // Destroyed: its tile is removed (L2144); units on it stay on the spaces below (Level 1).
    v.destroyed = true;
    say(ev, 'vehicle_destroyed', { vehicle: v.id });
  }
}

/** Vehicles `att` may attack in these spaces: the enemy Side's (friendly ones only under Friendly Fire, spec 7.5), each once. */
export function vehicleTargets(s: S, att: Unit, spaces: string[]): string[] {
  return [...new Set(spaces.map((k) => vehicleAt(s, k)).filter((v): v is Vehicle => !!v && v.side !== att.side).map((v) => v.id))].sort();
}

/**
 * An attack's roll against a vehicle (spec 7.16.4, 7.3.7): the band's dice and extra dice,
 * Higher/Lower and the attacker's Attack Up/Down; no Protection, never Flanked (A-49: it is no
 * unit), no statuses given (L2146). Traced to the attacked space for the centre, from the
 * centre for the rest of an AoE; one roll however many of its halves the area covers. Hits are Wounds.
 */
export function rollVehicle(s: S, f: { id: number; centre: string; targets: { centre: boolean }[]; i: number; mayhemDie?: boolean; dieUpgrades?: Color[]; dieDowngrades?: Color[] }, att: Unit, a: CompiledAction, id: string, rng: Rng, ev: Ev): void {
  const v = liveVehicles(s).find((x) => x.id === id);
  const centre = f.targets[f.i].centre;
  const m = map(s);
  const at = v && (centre ? ([v.front, v.back].includes(f.centre) ? f.centre : null)
    : [v.front, v.back].find((k) => areaSpaces(m, f.centre, 99).includes(k) && los(m, f.centre, k).ok) ?? null);
  const ok = !!att.at && !!at && (centre ? !targetProblem(s, att, a, at) : true);
  if (!ok || !v || !at) { say(ev, 'attack_missed', { id: f.id, vehicle: id }); return; }
  const hits = rollAtObject(s, f, att, a, at, rng, ev, { vehicle: id });
  if (hits !== null) hitVehicle(s, v, hits, ev);
}

/** Whether `att` may aim an attack at `at` for the vehicle there (an enemy vehicle is a Targetable Object, L2140). */
export function vehicleTarget(s: S, att: Unit, at: string): boolean { const v = vehicleAt(s, at); return !!v && v.side !== att.side; }
