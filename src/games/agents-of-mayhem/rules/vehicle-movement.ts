// Vehicle movement geometry (spec 7.16.3, checklist #74, #75): where one drive step takes a
// vehicle, what it costs and what lies in its way. Straight and backwards spaces, Turn/Shift/Drift
// maneuvers and Obstacles on the vehicle's Level; Ramp Jumps (L2114-2118: off a Ramp counter in
// its arrow direction, up one Level, terrain ignored for up to 5 spaces); roof driving (L2120: on a
// Level only with both halves on it); driving off a Level and falling (L2122-2124: a Hit for each
// Level beyond the first; half on a Level at the end of its movement, it moves back one space and
// falls). Between entries a vehicle is always wholly on one Level: its riders always stand on a space.
import { isViolation, violation, type Violation } from '../../../engine/types.js';
import { cellKey, onMap as onTheMap, type CompiledMap } from '../content.js';
import { LEFT, RIGHT, back, crossesLock, lockedRooms, parseKey, step, terrainCost, topFloorAtOrBelow } from '../geometry.js';
import { map, unitAt, type Dir, type S, type Unit, type Vehicle } from '../state.js';
import { say, type Ev } from './board.js';
import { dddAt } from './ddd.js';
import { hitVehicle, liveVehicles, missionRamps, riders, vehicleAt, type DriveMove } from './vehicles.js';

export { LEFT, RIGHT, back, step };
/** The same column on Level z. */
const onLevel = (k: string, z: number): string => { const [x, y] = parseKey(k); return cellKey(x, y, z); };
const onMap = (m: CompiledMap, k: string): boolean => { const [x, y] = parseKey(k); return onTheMap(m, x, y); };
/** A space the vehicle cannot be in on its Level: the side of a higher Level (a floor above, none here), as for units (spec 2.1.3). */
const sideOfLevel = (m: CompiledMap, k: string): boolean => { const [x, y, z] = parseKey(k); return !m.cells[k] && !!m.cells[cellKey(x, y, z + 1)]; };

/** Spaces a Ramp Jump flies at most (L2118). */
export const JUMP_SPACES = 5;

/** The Ramp counters as they lie now: the mission's (setup data), one brought down with its collapsed Level to the floor below. */
export function rampsOf(s: S): { at: string; dir: Dir }[] {
  const m = map(s);
  return missionRamps(s.mission).flatMap((r) => {
    if (m.cells[r.at]) return [r];
    const [x, y, z] = parseKey(r.at);
    const low = topFloorAtOrBelow(m, x, y, z - 1);
    return low === null ? [] : [{ at: cellKey(x, y, low), dir: r.dir }];
  });
}
/** The Ramp counter the vehicle's front stands on, facing its arrow (a Ramp Jump may start: L2118). */
export function rampUnder(s: S, v: Vehicle): { at: string; dir: Dir } | undefined { return rampsOf(s).find((r) => r.at === v.front && r.dir === v.facing); }

export interface Plan {
  front: string; back: string; facing: Dir; cost: number;
  /** Hits the vehicle takes: Obstacles crossed and the fall's Levels beyond the first. */
  hits: number;
  rams: { unit: string; from: string }[]; entered: string[];
  /** Straight (or backwards) spaces moved, for Maneuverability (a Ramp Jump's spaces included). */
  straight: number;
  /** Levels fallen at the end of the step (0: none). */
  fell: number;
}

type Acc = Pick<Plan, 'rams' | 'entered'>;

/** A space the step enters: another vehicle or a DDD stops it, an enemy unit is Rammed (L2128), a unit of its Side not on it is in the way. */
function enter(s: S, v: Vehicle, riding: Set<string>, to: string, from: string, acc: Acc): Violation | null {
  if (to === v.front || to === v.back || acc.entered.includes(to) || !map(s).cells[to]) return null; // the air holds nothing
  acc.entered.push(to);
  const o = vehicleAt(s, to);
  if ((o && o.id !== v.id) || dddAt(s, to)) return violation('space_taken', `a vehicle or a DDD is on ${to}`);
  const occ = unitAt(s).get(to); // a Large Unit by any of its spaces
  const u = occ && !riding.has(occ.id) ? occ : undefined;
  if (u && u.side === v.side) return violation('space_taken', `${u.id}, a unit of the vehicle's Side, is on ${to}`);
  if (u) acc.rams.push({ unit: u.id, from });
  return null;
}

/**
 * Where a move takes the vehicle, its MP and Hits; a Violation if terrain or a piece is in the way.
 * `spaces`: a Ramp Jump's spaces; `budget`: MP left before the step (a Jump's landing space is
 * driven only if they cover it).
 */
export function plan(s: S, v: Vehicle, move: DriveMove, spaces = 0, budget = Infinity): Plan | Violation {
  const p = move === 'jump' ? jumpPlan(s, v, spaces, budget) : drivePlan(s, v, move);
  if (isViolation(p)) return p;
  // A rider of a Side a room is locked to (an Event's force fields, L1837) is not carried across its boundary.
  for (const u of riders(s, v)) {
    if (crossesLock(map(s), lockedRooms(s, u), u.at!, u.at === v.front ? p.front : p.back)) return violation('locked', `${u.id} cannot be carried out of or into a room locked to ${u.side} (L1837)`);
  }
  return p;
}

function drivePlan(s: S, v: Vehicle, move: Exclude<DriveMove, 'jump'>): Plan | Violation {
  const m = map(s);
  const f = v.front; const b = v.back; const F = v.facing;
  // Each part is one or two halves moving one space at once; a part crossing an Obstacle costs 3 MP and gives the vehicle a Hit (L2104).
  let parts: [string, string][][]; let nf: string; let nb: string; let facing = F;
  switch (move) {
    case 'forward': nf = step(f, F); nb = f; parts = [[[f, nf]]]; break;
    case 'backward': nb = step(b, back(F)); nf = b; parts = [[[b, nb]]]; break;
    case 'turnLeft': case 'turnRight': facing = (move === 'turnLeft' ? LEFT : RIGHT)[F]; nf = step(f, facing); nb = f; parts = [[[f, nf]]]; break;
    case 'shiftLeft': case 'shiftRight': { const d = (move === 'shiftLeft' ? LEFT : RIGHT)[F]; nf = step(f, d); nb = step(b, d); parts = [[[f, nf], [b, nb]]]; break; }
    default: {
      // Drift: a Turn, then a Shift in the pre-Turn facing direction (L2100).
      facing = (move === 'driftLeft' ? LEFT : RIGHT)[F];
      const f1 = step(f, facing);
      nf = step(f1, F); nb = step(f, F);
      parts = [[[f, f1]], [[f1, nf], [f, nb]]];
    }
  }
  let cost = 1; let hits = 0;
  const acc: Acc = { rams: [], entered: [] };
  const riding = new Set(riders(s, v).map((u) => u.id));
  const [, , z] = parseKey(f);
  for (const part of parts) {
    let obstacle = false;
    for (const [from, to] of part) {
      const c = crossing(m, z, from, to);
      if (typeof c !== 'number') return c;
      if (c === 3) obstacle = true;
      const bad = enter(s, v, riding, to, from, acc);
      if (bad) return bad;
    }
    if (obstacle) { cost += 2; hits++; }
  }
  const straight = move === 'forward' || move === 'backward' ? 1 : 0;
  return comeDown(s, v, riding, { front: nf, back: nb, facing, cost, hits, straight, fell: 0, ...acc });
}

/** One half's move on Level z: the map's edge, a wall or the side of a higher Level stop it; its cost (1, or 3 across an Obstacle). */
function crossing(m: CompiledMap, z: number, from: string, to: string): number | Violation {
  if (!onMap(m, to)) return violation('off_map', 'vehicles cannot leave the map');
  if (sideOfLevel(m, to)) return violation('wall', `${to} is the side of a higher Level`);
  const [x, y] = parseKey(from); const [x2, y2] = parseKey(to);
  const c = terrainCost(m, z, x, y, x2, y2);
  return c === Infinity ? violation('wall', `a wall between ${from} and ${to}`) : c;
}

/**
 * A Ramp Jump (L2118): off the Ramp counter under its front in the arrow's direction, the vehicle
 * goes up one Level and flies `n` spaces straight ahead (1 MP each, up to 5), ignoring terrain
 * below and on its Level (no Obstacle cost or Hit, gaps); walls on its flight Level and the side
 * of a higher Level still stop it. It may end with only its front on a Level, but must end its
 * movement wholly on one (L2120): one more space straight on is driven at once if the MP cover
 * it; else it moves back one space and falls (L2124).
 */
function jumpPlan(s: S, v: Vehicle, n: number, budget: number): Plan | Violation {
  const m = map(s);
  const ramp = rampUnder(s, v);
  if (!ramp) return violation('no_ramp', 'a Ramp Jump starts with the front on a Ramp counter, facing its arrow (L2118)');
  if (!Number.isInteger(n) || n < 1 || n > JUMP_SPACES) return violation('bad_spaces', `a Ramp Jump flies 1 to ${JUMP_SPACES} spaces (L2118)`);
  const h = parseKey(v.front)[2] + 1;
  const F = v.facing;
  const acc: Acc = { rams: [], entered: [] };
  const riding = new Set(riders(s, v).map((u) => u.id));
  let f = onLevel(v.front, h); let b = onLevel(v.back, h);
  for (let i = 0; i < n; i++) {
    const to = step(f, F);
    if (!onMap(m, to)) return violation('off_map', 'vehicles cannot leave the map');
    if (sideOfLevel(m, to)) return violation('wall', `${to} is the side of a higher Level`);
    const [x, y] = parseKey(f); const [x2, y2] = parseKey(to);
    if (terrainCost(m, h, x, y, x2, y2) === Infinity) return violation('wall', `a wall between ${f} and ${to} on Level ${h}`);
    const bad = enter(s, v, riding, to, f, acc);
    if (bad) return bad;
    b = f; f = to;
  }
  const p: Plan = { front: f, back: b, facing: F, cost: n, hits: 0, straight: n, fell: 0, ...acc };
  if (m.cells[f] && !m.cells[b]) {
    // Only its front on the Level: one more space straight on, driven on that Level (Obstacle, wall and units as in any step).
    const to = step(f, F);
    const c = m.cells[to] ? crossing(m, h, f, to) : null;
    const more = { rams: [...acc.rams], entered: [...acc.entered] };
    if (typeof c === 'number' && n + c <= budget && !enter(s, v, riding, to, f, more)) {
      return { ...p, front: to, back: f, cost: n + c, hits: c === 3 ? 1 : 0, straight: n + 1, ...more };
    }
  }
  return comeDown(s, v, riding, p);
}

/**
 * The end of a step (L2120-2124): wholly on its Level, it stays; half on it, it moves back one
 * space (towards its half off the Level, so that both leave it) and falls; wholly off, it falls
 * straight down to the first floor under both halves (a Hit for each Level beyond the first).
 * Refused when that fall would not land it wholly on one Level, or the space back is walled off.
 */
function comeDown(s: S, v: Vehicle, riding: Set<string>, p: Plan): Plan | Violation {
  const m = map(s);
  let f = p.front; let b = p.back;
  const z = parseKey(f)[2];
  const sf = !!m.cells[f]; const sb = !!m.cells[b];
  if (sf && sb) return p;
  if (sf !== sb) {
    const d = sf ? back(p.facing) : p.facing;
    const f2 = sf ? b : step(f, d); const b2 = sf ? step(b, d) : f;
    for (const [from, to] of [[f, f2], [b, b2]]) {
      if (!onMap(m, to)) return violation('no_floor', 'it would end half on a Level, and cannot move back off it: the map ends (L2124)');
      const [x, y] = parseKey(from); const [x2, y2] = parseKey(to);
      if (sideOfLevel(m, to) || terrainCost(m, z, x, y, x2, y2) === Infinity) return violation('no_floor', 'it would end half on a Level, and a wall keeps it from moving back off it (L2124)');
    }
    if (m.cells[f2] || m.cells[b2]) return violation('no_floor', 'it would end half on a Level even after moving back one space (L2124)');
    f = f2; b = b2;
  }
  const [fx, fy] = parseKey(f); const [bx, by] = parseKey(b);
  const lf = topFloorAtOrBelow(m, fx, fy, z - 1); const lb = topFloorAtOrBelow(m, bx, by, z - 1);
  if (lf === null || lf !== lb) return violation('no_floor', 'its fall would not land it wholly on one Level (L2120)');
  const front = cellKey(fx, fy, lf); const bk = cellKey(bx, by, lb);
  const acc: Acc = { rams: [...p.rams], entered: [...p.entered] };
  // A unit where it lands is Rammed, pushed from that space (the Ram Attack is on its Level).
  for (const to of [front, bk]) { const bad = enter(s, v, riding, to, to, acc); if (bad) return bad; }
  return { ...p, front, back: bk, fell: z - lf, hits: p.hits + Math.max(0, z - lf - 1), ...acc };
}

/**
 * After a collapse (spec 7.6.3) or a building destroyed at once: a vehicle whose Level is gone
 * falls with its riders to the first floor under both halves (a Hit for each Level beyond the
 * first, L2122); a rider whose landing space another unit holds stays for the collapse to
 * displace. With no such floor the vehicle is destroyed.
 */
export function dropVehicles(s: S, ev: Ev): void {
  const m = map(s);
  for (const v of liveVehicles(s)) {
    if (m.cells[v.front] && m.cells[v.back]) continue;
    const [fx, fy, z] = parseKey(v.front); const [bx, by] = parseKey(v.back);
    let low = z - 1;
    while (low >= 1 && !(m.cells[cellKey(fx, fy, low)] && m.cells[cellKey(bx, by, low)])) low--;
    const on: Unit[] = riders(s, v);
    if (low < 1) { v.destroyed = true; say(ev, 'vehicle_destroyed', { vehicle: v.id }); continue; }
    const to = { [v.front]: cellKey(fx, fy, low), [v.back]: cellKey(bx, by, low) };
    for (const u of on) {
      const k = to[u.at!];
      if (!Object.values(s.units).some((x) => x.at === k && !on.includes(x))) u.at = k;
    }
    v.front = to[v.front]; v.back = to[v.back];
    say(ev, 'vehicle_fell', { vehicle: v.id, levels: z - low, front: v.front, back: v.back });
    if (z - low > 1) hitVehicle(s, v, z - low - 1, ev);
  }
}
