// Checklist item #75 (spec 7.16.3): Ramp counters and Ramp Jumps (L2114-2118), roof driving
// (L2120), the half-on-a-Level fallback and vehicle falling (L2122-2124), on Mission 2. The map:
// Road Tile 10 (x 0-5, Level 1); the Warehouse (Tile 7 rotated) with its Level-2 roof on x 7-9,
// y 2-4 (walls round its Level 1); the tower (Tile 2) with Levels 1-3 on x 13-16, y 2-5, its roof
// Level 3. Ramp counters (provisional data/vehicles.json): 5,3,1 arrow E (towards the Warehouse)
// and 9,3,2 arrow E (on the Warehouse roof, towards the tower). The MAYHEM car: Speed 9,
// Maneuverability 3, Strength 4, white ram dice (white d6 faces: 0 AH, 1 H, 2 P, 3 S, 4-5 blank).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localRng } from '../../../src/engine/rng.js';
import { isViolation, type GameEvent } from '../../../src/engine/types.js';
import vehiclesJson from '../../../src/games/agents-of-mayhem/data/vehicles.json' with { type: 'json' };
import { checkCollapse } from '../../../src/games/agents-of-mayhem/rules/explosions.js';
import { rampsOf } from '../../../src/games/agents-of-mayhem/rules/vehicle-movement.js';
import { loadVehicles, missionRamps, startVehicleTurn } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import { map, type Action, type S, type Vehicle } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, type Stepped } from './helpers.js';

function withVehicle(s: S, v: Partial<Vehicle> & Pick<Vehicle, 'front' | 'back' | 'facing'>): S {
  (s.vehicles ??= []).push({ id: 'mayhem-car', side: 'MAYHEM', wounds: 0, driven: false, used: 0, backwards: false, since: null, ...v });
  startVehicleTurn(s);
  return s;
}
/** MAYHEM's Turn, Fortune activated, the car at `front`/`back`; `units` where they stand (Fortune rides the back half unless placed). */
function car(front: string, back: string, facing: Vehicle['facing'], units: Record<string, string> = {}): S {
  return withVehicle(activeBoard(only(fresh('M2'), { fortune: back, babylon: '14,4,3', ...units }), 'fortune'), { front, back, facing });
}
const theCar = (s: S) => s.vehicles!.find((v) => v.id === 'mayhem-car')!;
const drive = (st: Stepped | S, move: string, spaces?: number, dice: number[] = []) =>
  answer('s' in st ? st.s : st, { type: 'drive', vehicle: 'mayhem-car', move, ...(spaces !== undefined ? { spaces } : {}) } as never, dice);
const where = (s: S) => { const v = theCar(s); return [v.front, v.back, v.facing]; };

test('#75 Ramp counters are mission data placed at setup (provisional): M2 has two; the loader refuses one off an Outside space, pointing off the map, two on a space, or in a mission with no vehicle (L2114)', () => {
  assert.deepEqual(missionRamps('M2'), [{ at: '5,3,1', dir: 'E' }, { at: '9,3,2', dir: 'E' }]);
  assert.deepEqual(missionRamps('M1'), []);
  const load = (ramps: unknown) => () => loadVehicles({ ...structuredClone(vehiclesJson), ramps });
  assert.throws(load({ M2: [{ at: [8, 3, 1], dir: 'E' }] }), /not an Outside space/, 'inside the Warehouse');
  assert.throws(load({ M2: [{ at: [5, 3, 3], dir: 'E' }] }), /not an Outside space/, 'no Level 3 there');
  assert.throws(load({ M2: [{ at: [17, 3, 1], dir: 'E' }] }), /off the map/);
  assert.throws(load({ M2: [{ at: [5, 3, 1], dir: 'E' }, { at: [5, 3, 1], dir: 'N' }] }), /two ramps/);
  assert.throws(load({ M1: [{ at: [5, 3, 1], dir: 'E' }] }), /provides no vehicle/);
  const svg = String(rs.render!(rs.view(car('4,0,1', '3,0,1', 'E'), 0), { seat: 0 } as never));
  assert.match(svg, /data-ramp="5,3,1"/, 'the board picture shows them');
});

test('#75 Ramp Jump: moving off the Ramp counter in its arrow direction, the vehicle goes up one Level and ignores terrain for up to 5 spaces (1 MP each): over the gap and the Warehouse wall onto its roof, its riders with it (L2118-2120)', () => {
  const s = car('5,3,1', '4,3,1', 'E');
  const jumps = cands(s).filter((a) => a.type === 'drive' && a.move === 'jump');
  assert.deepEqual(jumps.map((a) => (a as { spaces: number }).spaces), [1, 2, 3, 4, 5]);
  const st = drive(s, 'jump', 3);
  assert.deepEqual(where(st.s), ['8,3,2', '7,3,2', 'E'], 'wholly on the Level-2 roof');
  assert.equal(st.s.units.fortune.at, '7,3,2', 'Fortune rides along');
  assert.deepEqual([theCar(st.s).used, theCar(st.s).wounds], [3, 0], '1 MP a space, no Obstacle or wall in the way (L2104 does not apply in the air)');
  assert.deepEqual(ev(st, 'vehicle_moved')[0], { vehicle: 'mayhem-car', move: 'jump', spaces: 3, front: '8,3,2', back: '7,3,2', facing: 'E', mp: 3, riders: ['fortune'] });
  // Only off the counter in the arrow's direction, with the front on it; 1 to 5 spaces; `spaces` goes with a jump only.
  assert.equal(refused(car('5,3,1', '5,4,1', 'N'), { type: 'drive', vehicle: 'mayhem-car', move: 'jump', spaces: 2 }).code, 'no_ramp');
  assert.equal(refused(car('6,3,1', '5,3,1', 'E'), { type: 'drive', vehicle: 'mayhem-car', move: 'jump', spaces: 2 }).code, 'no_ramp', 'the back on the ramp');
  assert.ok(!cands(car('5,3,1', '5,4,1', 'N')).some((a) => a.type === 'drive' && a.move === 'jump'));
  assert.equal(refused(s, { type: 'drive', vehicle: 'mayhem-car', move: 'jump', spaces: 6 }).code, 'bad_spaces');
  assert.equal(refused(s, { type: 'drive', vehicle: 'mayhem-car', move: 'forward', spaces: 1 } as Action).code, 'bad_spaces');
  // Driving off the counter without jumping is an ordinary step (the Jump is a "may").
  assert.deepEqual(where(drive(s, 'forward').s), ['6,3,1', '5,3,1', 'E']);
  // A Jump is forward movement: a bailed vehicle may still make one (L2112).
  const bailed = car('5,3,1', '4,3,1', 'E', { fortune: '4,3,1' });
  bailed.units.fortune.at = '3,5,1';
  assert.deepEqual(where(drive(bailed, 'jump', 4).s), ['9,3,2', '8,3,2', 'E']);
});

test('#75 the Vehicle Example: a Turn, a Jump off the ramp onto the roof (5 MP, 4 spaces since the maneuver, so it may maneuver again), then a Drift off the roof: it falls one Level, lands safely on a Swarm Trooper and Rams it; Downed by a Drift, its driver gains a Permanent Mayhem Status (L2170-2180)', () => {
  const s = car('4,3,1', '4,4,1', 'N', { fortune: '4,3,1', 'swarm-1': '10,3,1' });
  let st = drive(s, 'turnRight');
  assert.deepEqual(where(st.s), ['5,3,1', '4,3,1', 'E']);
  st = drive(st, 'jump', 4);
  assert.deepEqual(where(st.s), ['9,3,2', '8,3,2', 'E']);
  assert.deepEqual([theCar(st.s).used, theCar(st.s).since], [5, 4]);
  const status = st.s.boards.fortune.mayhemStatus;
  // Drift left: the Turn puts the front on 9,2 (facing N), the Shift east (the pre-Turn facing) on 10,2 and 10,3: both off the roof.
  st = drive(st, 'driftLeft');
  assert.equal(kind(st.s), 'ram_push', 'the back lands on the Swarm Trooper\'s space');
  assert.equal(rs.pending(st.s)[0].seat, 0);
  const to = (cands(st.s)[0] as { to: string }).to;
  st = answer(st.s, { type: 'ramPush', to }, [1, 1, 4, 4]);
  assert.equal(st.s.units['swarm-1'].downed, true, '4 white dice: 2 Hits Down it');
  assert.deepEqual(ev(st, 'side_swipe'), [{ vehicle: 'mayhem-car', driver: 'fortune' }]);
  assert.equal(st.s.boards.fortune.mayhemStatus, status + 1);
  assert.deepEqual(where(st.s), ['10,2,1', '10,3,1', 'N']);
  assert.deepEqual(ev(st, 'vehicle_fell'), [{ vehicle: 'mayhem-car', levels: 1, front: '10,2,1', back: '10,3,1' }]);
  assert.equal(theCar(st.s).wounds, 0, 'one Level: it lands safely');
  assert.equal(st.s.units.fortune.at, '10,2,1');
});

test('#75 a Jump may end with only its front on a Level, but the movement must end with both ends on it: one more space straight on when the MP cover it; else it moves back one space and falls (L2120, L2124)', () => {
  // Two spaces: the front on the roof's edge (7,3), the back over the gap; one more space brings both on (3 MP).
  let st = drive(car('5,3,1', '4,3,1', 'E'), 'jump', 2);
  assert.deepEqual(where(st.s), ['8,3,2', '7,3,2', 'E']);
  assert.deepEqual([theCar(st.s).used, theCar(st.s).since], [3, null]);
  // With 2 MP left (7 used): the Jump's 2 spaces, no MP for the third; it moves back one space (front 6,3, back 5,3) and falls to Level 1.
  const short = car('5,3,1', '4,3,1', 'E');
  theCar(short).used = 7;
  st = drive(short, 'jump', 2);
  assert.deepEqual(where(st.s), ['6,3,1', '5,3,1', 'E']);
  assert.deepEqual(ev(st, 'vehicle_fell'), [{ vehicle: 'mayhem-car', levels: 1, front: '6,3,1', back: '5,3,1' }]);
  assert.equal(theCar(st.s).used, 9);
  // The other way round: 5 spaces put the back on the roof's far edge (9,3) and the front past it; it goes on off the roof and falls.
  st = drive(car('5,3,1', '4,3,1', 'E'), 'jump', 5);
  assert.deepEqual(where(st.s), ['11,3,1', '10,3,1', 'E']);
  // A Jump that reaches no Level falls where it ends: one Level, no Hit.
  st = drive(car('5,3,1', '4,3,1', 'E'), 'jump', 1);
  assert.deepEqual(where(st.s), ['6,3,1', '5,3,1', 'E']);
  assert.deepEqual([ev(st, 'vehicle_fell')[0].levels, theCar(st.s).wounds], [1, 0]);
});

test('#75 roof driving: on the roof it drives on that Level; driving off the edge it goes over and falls, a Hit for each Level beyond the first; riders move with it unharmed (L2120-2122, A-50)', () => {
  let st = drive(car('8,3,2', '7,3,2', 'E'), 'turnRight');
  assert.deepEqual(where(st.s), ['8,4,2', '8,3,2', 'S'], 'a maneuver on the roof');
  // Forward off the Warehouse roof: the front over the street, the back still on; it goes one more space and falls one Level.
  st = drive(car('9,3,2', '8,3,2', 'E'), 'forward');
  assert.deepEqual(where(st.s), ['11,3,1', '10,3,1', 'E']);
  assert.deepEqual([theCar(st.s).used, theCar(st.s).wounds, st.s.units.fortune.at], [1, 0, '10,3,1']);
  // Off the tower roof (Level 3) to the street: two Levels, one Hit; Fortune takes none.
  const high = car('13,3,3', '14,3,3', 'W');
  const wounds = { ...high.boards.fortune.wounds };
  st = drive(high, 'forward');
  assert.deepEqual(where(st.s), ['11,3,1', '12,3,1', 'W']);
  assert.deepEqual(ev(st, 'vehicle_fell')[0], { vehicle: 'mayhem-car', levels: 2, front: '11,3,1', back: '12,3,1' });
  assert.deepEqual(ev(st, 'vehicle_hit')[0], { vehicle: 'mayhem-car', hits: 1, wounds: 1, strength: 4 });
  assert.deepEqual([st.s.units.fortune.at, st.s.boards.fortune.wounds], ['12,3,1', wounds]);
  // Backwards off the roof: the back goes over first.
  st = drive(car('8,3,2', '9,3,2', 'W'), 'backward');
  assert.deepEqual(where(st.s), ['10,3,1', '11,3,1', 'W']);
  // The ramp on the Warehouse roof: 4 spaces at Level 3 over the street, the front on the tower roof, one more space on (5 MP).
  st = drive(car('9,3,2', '8,3,2', 'E'), 'jump', 4);
  assert.deepEqual([...where(st.s), theCar(st.s).used], ['14,3,3', '13,3,3', 'E', 5]);
});

test('#75 a Jump Rams an enemy where it enters a Level: the Swarm Trooper on the roof is pushed and attacked, then the vehicle goes on', () => {
  let st = drive(car('5,3,1', '4,3,1', 'E', { 'swarm-3': '8,3,2' }), 'jump', 3);
  assert.equal(kind(st.s), 'ram_push');
  assert.deepEqual(where(st.s), ['5,3,1', '4,3,1', 'E'], 'the Ram comes first');
  const opts = cands(st.s).map((a) => (a as { to: string }).to);
  assert.ok(opts.every((k) => k.endsWith(',2')), 'pushed on its Level (the roof)');
  st = answer(st.s, { type: 'ramPush', to: opts[0] }, [4, 4, 4, 4]);
  if (kind(st.s) === 'block') st = answer(st.s, { type: 'block', times: 0 });
  assert.deepEqual(where(st.s), ['8,3,2', '7,3,2', 'E']);
  assert.equal(theCar(st.s).used, 3, 'the step\'s MP once');
});

test('#75 a collapse under a vehicle: it falls with its riders to the Destroyed tile, a Hit for each Level beyond the first; the Ramp counter on that roof comes down too (L2122, spec 7.6.3)', () => {
  const s = car('8,3,2', '7,3,2', 'E');
  const ex = s.explosions!;
  for (const [at, marker] of [['7,2,1', 'L3a'], ['9,2,1', 'M3a'], ['7,4,1', 'M2a']]) {
    ex.pile = { ...ex.pile, pool: ex.pile.pool.filter((x) => x !== marker) };
    ex.placed.push({ n: ex.next++, at, marker, faceUp: true, turn: s.turnNo - 1, statuses: [], by: 'LEGION' });
  }
  const events: GameEvent[] = [];
  checkCollapse(s, map(s).cells['8,3,1'].tile, events);
  assert.ok(events.some((e) => e.type === 'building_collapsed'));
  assert.deepEqual(where(s), ['8,3,1', '7,3,1', 'E']);
  assert.equal(s.units.fortune.at, '7,3,1');
  assert.deepEqual(events.filter((e) => e.type === 'vehicle_fell').map((e) => e.data), [{ vehicle: 'mayhem-car', levels: 1, front: '8,3,1', back: '7,3,1' }]);
  assert.equal(theCar(s).wounds, 0);
  assert.deepEqual(rampsOf(s), [{ at: '5,3,1', dir: 'E' }, { at: '9,3,1', dir: 'E' }]);
});

const RUNS = Number(process.env.AOM_VEHICLE_PLAYOUTS ?? 4);

test('#75 a vehicle is never pushed, so never pushed off a Level: Push results move the unit riding it, off the roof into an Uncontrolled Fall, and the vehicle stays on the roof (L869, L879, L2122, L2140)', () => {
  // The car wholly on the Warehouse roof (9,3,2/8,3,2, facing E), Fortune on its back half, a Swarm Trooper riding its front half.
  const s = car('9,3,2', '8,3,2', 'E', { 'swarm-1': '9,3,2' });
  s.boards.alpha.cubes.focus = 0; // no Block
  // Fortune's pistols: red d12 8 and 9, two Push results. A Push moves the Target Unit (L869); the car is MAYHEM's own, no target.
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '9,3,2' }, [8, 9]);
  assert.equal(kind(st.s), 'push');
  assert.deepEqual(cands(st.s), [{ type: 'push', to: null }, { type: 'push', to: '10,2,1' }, { type: 'push', to: '10,3,1' }, { type: 'push', to: '10,4,1' }], 'the trooper alone, off the roof\'s edge');
  st = answer(st.s, { type: 'push', to: '10,3,1' }, [11]); // the fall's red d12: a Special, no Hit
  assert.deepEqual(ev(st, 'dice_rolled')[0], { purpose: 'fall', faces: ['S'], unit: 'swarm-1', levels: 1 });
  assert.equal(st.s.units['swarm-1'].at, '10,3,1');
  assert.deepEqual([where(st.s), theCar(st.s).wounds], [['9,3,2', '8,3,2', 'E'], 0], 'the car has not moved and has not fallen');
  assert.deepEqual(ev(st, 'vehicle_fell'), []);
});

test(`#75 random driving from the ramp (${RUNS} games of 250 entries, drive steps preferred): after every entry each vehicle is wholly on one Level with its riders on it, no two units share a space`, () => {
  let jumps = 0; let falls = 0; let rams = 0;
  for (let i = 0; i < RUNS; i++) {
    let s = car('5,3,1', '4,3,1', 'E', { fortune: '5,3,1', hardtack: '4,3,1', hollywood: '1,6,1', 'swarm-3': '8,2,2', 'shock-1': '10,3,1', 'snipe-1': '14,3,3', 'hell-1': '12,1,1' });
    const rng = localRng(`aom-vehicle-levels-${i}`);
    for (let k = 0; k < 250 && !s.result; k++) {
      const d = rs.pending(s)[0];
      const all = rs.candidates(s, d.seat, d, 0, rng).actions;
      const drives = all.filter((a) => a.type === 'drive');
      const pool = drives.length && rng.int(10) < 8 ? drives : all;
      const a = pool.length ? pool[rng.int(pool.length)] : rs.defaultAction!(s, d);
      const r = rs.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action: a }, { seq: k + 1, rng: localRng(`aom-vehicle-levels-${i}-${k}`) });
      if (isViolation(r)) throw new Error(`${r.code} at ${k}: ${JSON.stringify(a)}`);
      s = r.state;
      for (const e of r.events) {
        if (e.type === 'vehicle_moved' && (e.data as { move: string }).move === 'jump') jumps++;
        if (e.type === 'vehicle_fell') falls++;
        if (e.type === 'rammed') rams++;
      }
      const m = map(s);
      const taken = new Set<string>();
      for (const u of Object.values(s.units)) if (u.at) { assert.ok(!taken.has(u.at), `${i}/${k}: two units on ${u.at}`); taken.add(u.at); }
      for (const v of (s.vehicles ?? []).filter((x) => !x.destroyed)) {
        // A drone driving in from beyond the edge (Drone Spawn, L2162; M2 has traffic) is still off the map while it rams a unit on the way in.
        const entering = v.side === null && s.stack.some((f) => f.t === 'drones' && f.queue[0]?.drone === v.id);
        assert.ok(entering || (m.cells[v.front] && m.cells[v.back]), `${i}/${k}: ${v.id} on ${v.front} ${v.back}, spaces of the map`);
        assert.equal(v.front.split(',')[2], v.back.split(',')[2], `${i}/${k}: ${v.id} wholly on one Level`);
      }
    }
  }
  assert.ok(jumps > 0 && falls > 0, `jumps ${jumps}, falls ${falls}`);
  console.log(`# vehicle levels: ${jumps} Ramp Jumps, ${falls} falls, ${rams} Rams`);
});
