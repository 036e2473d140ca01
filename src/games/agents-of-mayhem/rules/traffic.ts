// Traffic (spec 7.16.4, checklist #78 and #79): civilian drones (Vehicle tiles of no Side, data
// data/vehicles.json `drones`, a mission's supply in `traffic`) on the Road lanes of the map
// (content.ts compiles them from the Road tiles). At the start of each Refresh Phase that has a
// Refresh card (step 2.3, after explosions and timers) every drone moves the revealed card's Drone
// Movement (both cards' with 3-4 players) along its lane in the arrow's direction, the lead drone
// of each lane first; a drone whose front would leave the map is removed (its riders stay on the
// edge); then each Drone Spawn symbol brings a drone of the supply onto a lane's entry. A drone
// Rams every unit it moves into as a vehicle does, the rammed unit's enemy choosing the push.
// Traffic: a unit that moves (or is pushed) within 3 spaces straight in front of a drone makes its
// enemy reveal the top card of its own Refresh deck; if the card's Drone Movement is at least the
// distance, the drone drives forward into the unit's space, ramming it; the card goes back.
import { deckSize, drawOne, shuffleIn } from '../../../engine/mech/deck.js';
import type { Rng } from '../../../engine/types.js';
import { CONTENT, onMap, type Dir } from '../content.js';
import { back, parseKey, reachAll, step } from '../geometry.js';
import { mpLeft } from '../legal.js';
import { footprintAt, map, other, seatsOf, unitAt, type Frame, type S, type Unit, type Vehicle } from '../state.js';
import { say, type Ev } from './board.js';
import { dddAt } from './ddd.js';
import { isEventCard } from './events.js';
import { liveVehicles, missionDrones, ramPushOptions, riders, vehicleAt } from './vehicles.js';
import { move } from './actions.js';

type DronesFrame = Extract<Frame, { t: 'drones' }>;
type TrafficFrame = Extract<Frame, { t: 'traffic' }>;

/** Setup: a mission with drone tiles has traffic (its map's Road lanes, checked at load). */
export function setupTraffic(missionId: string): S['traffic'] {
  const list = missionDrones(missionId);
  return list.length ? { supply: list.slice(), next: 0 } : undefined;
}

/** The drones on the map (Vehicle tiles of no Side). */
export function liveDrones(s: S): Vehicle[] { return liveVehicles(s).filter((v) => v.side === null); }

const offMap = (s: S, k: string): boolean => { const [x, y] = parseKey(k); return !onMap(map(s), x, y); };

/** How many spaces a drone's front is from the end of its road (the lead drone is the one closest to it, L2156). */
function toEnd(s: S, v: Vehicle): number { const l = map(s).lanes[v.lane!]; return l.cells.length - 1 - l.cells.indexOf(v.front); }

/**
 * The roads of the map: lanes that share a space (a junction) are one road, numbered by their
 * first lane (L2156 "the lead Drone closest to the end of the Road": drones on lanes joined at a
 * junction are ordered together, by how far each has to go).
 */
function roadOf(s: S): number[] {
  const lanes = map(s).lanes;
  const road = lanes.map((_, i) => i);
  const find = (i: number): number => (road[i] === i ? i : find(road[i]));
  for (let i = 0; i < lanes.length; i++) for (let j = 0; j < i; j++) if (lanes[i].cells.some((k) => lanes[j].cells.includes(k))) { const a = find(i); const b = find(j); road[Math.max(a, b)] = Math.min(a, b); }
  return road.map((_, i) => find(i));
}

/**
 * Where a drone's front goes from `from` (its front): on along its lane by the arrow of that space
 * (round a bend, through a junction; L2152 "in the direction of the arrows"); from a space off its
 * lane (driving in from beyond the map's edge), straight on in `facing`. `dir` is the step's
 * direction, the drone's facing after it (its back moves into the space its front left, L2090).
 */
export function laneNext(s: S, v: Vehicle, from = v.front, facing = v.facing): { to: string; dir: Dir } {
  const l = v.lane === undefined ? undefined : map(s).lanes[v.lane];
  const i = l ? l.cells.indexOf(from) : -1;
  const dir = i >= 0 ? l!.dirs[i] : facing;
  return { to: step(from, dir), dir };
}

/**
 * A drone's Traffic zone (L2168 "within 3 Spaces directly in front of a Drone Vehicle", A-39): the
 * spaces straight ahead of its front, distance 1-3, on the map, as far as its lane runs straight
 * on. Past a bend the lane's spaces are not "directly in front" and the spaces straight ahead are
 * off the road the drone would drive to ram (L2152): the zone stops at the bend [P].
 */
export function trafficZone(s: S, v: Vehicle): string[] {
  const out: string[] = [];
  let k = v.front;
  for (let n = 1; n <= 3; n++) {
    const nx = laneNext(s, v, k, v.facing);
    if (nx.dir !== v.facing) break;
    k = nx.to;
    if (map(s).cells[k]) out.push(k);
  }
  return out;
}

/**
 * Whether `u`, moving from `from` (null: from off the map) to `to`, enters a drone's Traffic zone:
 * the drone nearest ahead of it and the distance (a Large Unit by any of its spaces). A unit already
 * in that zone before the step does not trigger it again; no check when the enemy's Refresh deck
 * is empty.
 */
export function trafficEntered(s: S, u: Unit, from: string | null, to: string): { drone: string; distance: number } | null {
  if (!s.traffic || deckSize(s.decks[other(u.side)]) === 0) return null;
  const now = footprintAt(u, to); const before = from ? footprintAt(u, from) : [];
  let best: { drone: string; distance: number } | null = null;
  for (const v of liveDrones(s).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const z = trafficZone(s, v);
    if (before.some((k) => z.includes(k))) continue;
    const d = Math.min(...now.map((k) => z.indexOf(k)).filter((i) => i >= 0).map((i) => i + 1));
    if (Number.isFinite(d) && (!best || d < best.distance)) best = { drone: v.id, distance: d };
  }
  return best;
}

/** After `u` moved from `from` to `to`: the Traffic check goes on the stack if it entered a drone's zone (true). */
export function trafficCheck(s: S, u: Unit, from: string | null, to: string, then?: TrafficFrame['then']): boolean {
  const t = trafficEntered(s, u, from, to);
  if (!t) return false;
  s.stack.push({ t: 'traffic', unit: u.id, ...t, ...(then ? { then } : {}) });
  return true;
}

/**
 * The first space of a move's path (after the start) where the unit enters a drone's Traffic zone
 * (-1: none). The move stops there for the check; it goes on unless the drone rams the unit. A
 * space the unit only crosses (a friendly unit stands there) is no place to stop: the check waits
 * for the next space it could stand on, counted as entering from the last such space.
 */
export function trafficCut(s: S, u: Unit, from: string | null, path: string[]): number {
  if (!s.traffic) return -1;
  const occ = unitAt(s);
  let prev = from;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === from) continue;
    if (footprintAt(u, path[i]).some((k) => occ.get(k) && occ.get(k) !== u)) continue;
    if (trafficEntered(s, u, prev, path[i])) return i;
    prev = path[i];
  }
  return -1;
}

/**
 * The Traffic check (L2168): the unit's enemy reveals the top card of its Refresh deck, an
 * unordered pile drawn late (a uniform pick, stream `refresh:<Side>`), and shuffles it back at
 * once; a Drone Movement at least the distance makes the drone drive forward that many spaces,
 * its front into the unit's space, ramming what it meets; the unit's move ends. An Event Card
 * revealed shows no Drone Movement: no ram. Otherwise the unit's move goes on (`then`).
 */
export function resolveTraffic(s: S, f: TrafficFrame, rng: Rng, ev: Ev): void {
  s.stack.splice(s.stack.lastIndexOf(f), 1);
  const u = s.units[f.unit];
  const v = liveDrones(s).find((x) => x.id === f.drone);
  const enemy = other(u.side);
  if (!u.at || !v || deckSize(s.decks[enemy]) === 0) { if (f.then) goOn(s, u, f.then, ev); return; }
  const r = drawOne(s.decks[enemy], rng.fork(`refresh:${enemy}`));
  s.decks[enemy] = shuffleIn(r.deck, [r.card!]);
  const value = isEventCard(r.card) ? 0 : CONTENT.refresh[r.card!].drone;
  const hit = value >= f.distance;
  say(ev, 'traffic_check', { unit: u.id, drone: v.id, distance: f.distance, side: enemy, card: r.card, movement: value, hit });
  if (!hit) { if (f.then) goOn(s, u, f.then, ev); return; }
  // Hit by Traffic: the move (also one made a space at a time, W-step) ends where the unit stands.
  for (let i = s.stack.length - 1; i >= 0; i--) { const g = s.stack[i]; if (g.t === 'step' && g.unit === u.id) s.stack.splice(i, 1); }
  if (f.then) say(ev, 'move_stopped', { unit: u.id, at: u.at, why: 'traffic' });
  s.stack.push({ t: 'drones', queue: [{ drone: v.id, left: f.distance }], spawn: 0 });
}

/** The rest of a move stopped for a Traffic check that missed. */
function goOn(s: S, u: Unit, then: NonNullable<TrafficFrame['then']>, ev: Ev): void {
  if (!u.at || u.downed) return;
  if (then.to === u.at) { u.facing = then.facing; return; }
  if (!reachAll(s, u, mpLeft(s, u.id), null).has(then.to)) { say(ev, 'move_stopped', { unit: u.id, at: u.at }); return; }
  move(s, { unit: u.id, to: then.to, facing: then.facing }, ev);
}

/**
 * Refresh Phase step 2.3 (spec 6.4): with a revealed card (none on a first Turn), every drone
 * moves the cards' Drone Movement, lead drone first (lanes in map order), then the cards' Drone
 * Spawn symbols bring new drones in. True when there is something to do (the frame is pushed).
 */
export function startDrones(s: S, ev: Ev): boolean {
  if (!s.traffic) return false;
  const cards = s.slots.map((x) => x.drawn).filter((c): c is string => !!c && !isEventCard(c)).map((c) => CONTENT.refresh[c]);
  if (!cards.length) return false;
  const movement = cards.reduce((n, c) => n + c.drone, 0);
  const spawn = cards.reduce((n, c) => n + (c.spawn ?? 0), 0);
  const road = roadOf(s);
  const order = liveDrones(s).sort((a, b) => road[a.lane!] - road[b.lane!] || toEnd(s, a) - toEnd(s, b) || a.lane! - b.lane! || (a.id < b.id ? -1 : 1));
  say(ev, 'traffic_moves', { cards: cards.map((c) => c.id), movement, spawn, drones: order.map((v) => v.id) });
  s.stack.push({ t: 'drones', queue: order.map((v) => ({ drone: v.id, left: movement })), spawn });
  return true;
}

/**
 * Runs a drones frame one step at a time: the head drone's front goes one space on along its
 * lane by the arrows (its back into the front's space, riders with it; round a bend it turns). Off the map: the drone leaves (its
 * tile back to the supply, riders stay on their spaces, the front's on the edge space, L2160).
 * A vehicle or a DDD ahead stops it. A unit ahead (not on it) is Rammed: the `ram` frame of
 * rules/vehicles.ts with the rammed unit's enemy choosing the push (L2166); afterwards the
 * drone moves in if the space is free, else it stops (the unit could not be pushed). A drone that
 * was entering and is not wholly on the map when it stops does not enter (back to the supply).
 */
export function advanceDrones(s: S, f: DronesFrame, ev: Ev): void {
  for (;;) {
    if (s.stack[s.stack.length - 1] !== f) return;
    const head = f.queue[0];
    if (!head) {
      if (f.spawn > 0) { f.spawn--; spawnDrone(s, f, ev); continue; }
      s.stack.pop();
      return;
    }
    const v = liveDrones(s).find((x) => x.id === head.drone);
    if (!v) { f.queue.shift(); continue; }
    if (head.left <= 0) {
      f.queue.shift(); delete f.rammed;
      if (!map(s).cells[v.back]) leave(s, v, 'did_not_enter', ev);
      continue;
    }
    const { to: next, dir } = laneNext(s, v);
    if (offMap(s, next)) { f.queue.shift(); delete f.rammed; leave(s, v, 'exited', ev); continue; }
    const o = vehicleAt(s, next);
    if (!map(s).cells[next] || (o && o.id !== v.id) || dddAt(s, next)) { say(ev, 'vehicle_stopped', { vehicle: v.id, move: 'forward', why: 'space_taken' }); head.left = 0; continue; }
    const on = new Set(riders(s, v).map((u) => u.id));
    const u = unitAt(s).get(next);
    if (u && !on.has(u.id)) {
      if (f.rammed === next) { say(ev, 'vehicle_stopped', { vehicle: v.id, move: 'forward', why: 'ram_blocked' }); head.left = 0; continue; }
      f.rammed = next;
      // The enemy of the rammed unit's Side pushes it (L2166); the Ram Attack's Push results too.
      const seat = seatsOf(s, other(u.side))[0];
      s.stack.push({ t: 'ram', seat, vehicle: v.id, move: 'forward', unit: u.id, from: v.front, options: ramPushOptions(s, u.id, v.front, [v.front, v.back, next]), drone: true });
      return;
    }
    delete f.rammed;
    const onFront = riders(s, v).filter((x) => x.at === v.front); const onBack = riders(s, v).filter((x) => x.at === v.back);
    v.back = v.front; v.front = next; v.facing = dir;
    for (const x of onFront) x.at = v.front;
    for (const x of onBack) x.at = v.back;
    head.left--;
    say(ev, 'drone_moved', { drone: v.id, front: v.front, back: v.back, riders: [...onFront, ...onBack].map((x) => x.id) });
  }
}

/** A drone tile leaves the map: back to the supply (it may enter again); its riders stay where they are. */
function leave(s: S, v: Vehicle, why: 'exited' | 'did_not_enter', ev: Ev): void {
  s.vehicles!.splice(s.vehicles!.indexOf(v), 1);
  s.traffic!.supply.push(v.id);
  say(ev, why === 'exited' ? 'drone_exited' : 'drone_not_entered', { drone: v.id, riders: riders(s, v).map((u) => u.id) });
}

/**
 * A Drone Spawn symbol (L2162): the next drone tile of the supply moves onto the map at the
 * entry of a lane (the map's lanes in turn), its front driving in two spaces from beyond the
 * edge, so it lies on the lane's first two spaces, ramming as it comes. No tile left: none.
 */
function spawnDrone(s: S, f: DronesFrame, ev: Ev): void {
  const t = s.traffic!;
  const lanes = map(s).lanes;
  const id = t.supply.shift();
  if (!id || !lanes.length) { say(ev, 'drone_not_spawned', { why: 'no drone tile left' }); return; }
  const li = t.next++ % lanes.length;
  const lane = lanes[li];
  const behind = back(lane.dir);
  const front = step(lane.cells[0], behind);
  (s.vehicles ??= []).push({ id, side: null, front, back: step(front, behind), facing: lane.dir, wounds: 0, driven: false, used: 0, backwards: false, since: null, lane: li });
  say(ev, 'drone_spawned', { drone: id, lane: li, entry: lane.cells[0], facing: lane.dir });
  f.queue.push({ drone: id, left: 2 });
}

export type { Dir };
