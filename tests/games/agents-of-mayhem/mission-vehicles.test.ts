// Checklist items #43 (setup steps A-K as data) and #73 (vehicles): setup step H, "You will
// sometimes be instructed to setup specific game pieces like Doomsday Devices and Vehicles on the
// Map" (L2250). Mission data `vehicles` (provisional) places Vehicle tiles the mission provides
// and drone tiles of its traffic. Mission 7 (Rush Hour) sets up the MAYHEM Pursuit Car on 1,6/0,6
// facing east with Hollywood on its front, the LEGION Hover APC parked on 22,3/22,4 facing north
// (nobody on it), and drone-3 on the southbound lane of Road Tile 11 (21,5/21,4).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBoard, answer, cands, ev, fresh, kind, refused, rs, seats } from './helpers.js';
import { loadContent } from '../../../src/games/agents-of-mayhem/content.js';
import { VEHICLES, checkPlaced, missionDrones, missionVehicles } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import { agentsPosition } from '../../../src/games/agents-of-mayhem/position.js';
import type { S } from '../../../src/games/agents-of-mayhem/state.js';
import { localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import boards from '../../../src/games/agents-of-mayhem/data/boards.json' with { type: 'json' };
import dice from '../../../src/games/agents-of-mayhem/data/dice.json' with { type: 'json' };
import refresh from '../../../src/games/agents-of-mayhem/data/refresh.json' with { type: 'json' };
import tiles from '../../../src/games/agents-of-mayhem/data/tiles.json' with { type: 'json' };
import missions from '../../../src/games/agents-of-mayhem/data/missions.json' with { type: 'json' };

const car = (s: S) => s.vehicles!.find((v) => v.id === 'mayhem-car')!;

test('#43 #73 setup step H: Mission 7 sets up a vehicle of each Side and a drone; they are on the map from the start, the drone out of the supply; a mission without the step (M2) has none', () => {
  const r = rs.setup({ scenario: 'M7', seats: seats(2), options: {} }, { seq: 0, rng: localRng('setup-M7') });
  assert.ok(!isViolation(r));
  const s = r.state;
  assert.deepEqual(r.events.find((e) => e.type === 'vehicles_placed')!.data, { vehicles: [
    { vehicle: 'mayhem-car', side: 'MAYHEM', front: '1,6,1', back: '0,6,1', facing: 'E' },
    { vehicle: 'legion-apc', side: 'LEGION', front: '22,3,1', back: '22,4,1', facing: 'N' },
    { vehicle: 'drone-3', side: null, front: '21,5,1', back: '21,4,1', facing: 'S' },
  ] });
  assert.deepEqual(s.vehicles!.map((v) => [v.id, v.wounds, v.lane ?? null]), [['mayhem-car', 0, null], ['legion-apc', 0, null], ['drone-3', 0, 1]]);
  assert.deepEqual(s.traffic, { supply: ['drone-1', 'drone-2'], next: 0 });
  assert.equal(s.units.hollywood.at, '1,6,1', 'Hollywood rides the car');
  assert.equal(fresh('M2').vehicles, undefined);
  const svg = String(rs.render!(rs.view(s, 0), { seat: 0 } as never));
  for (const id of ['mayhem-car', 'legion-apc', 'drone-3']) assert.match(svg, new RegExp(`data-vehicle="${id}"`));
  // The position format describes them (vehicle-positions.test.ts).
  const p = agentsPosition.toPosition(s);
  assert.ok(!isViolation(p) && Object.keys((p as { vehicles: object }).vehicles).join() === 'mayhem-car,legion-apc');
});

test('#73 a placed vehicle is Driven from the beginning of its Side\'s first Turn when a unit of its Side is on it (L2078): MAYHEM drives the car at once, with Hollywood riding; a placed tile is not summoned again; the parked APC is not Driven', () => {
  const s = fresh('M7');
  assert.equal(s.side, 'MAYHEM');
  assert.equal(car(s).driven, true, 'Hollywood was on it at the beginning of the Turn');
  assert.equal(s.vehicles!.find((v) => v.id === 'legion-apc')!.driven, false);
  let st = answer(s, { type: 'activate', board: 'fortune' });
  assert.ok(cands(st.s).some((a) => a.type === 'drive' && a.vehicle === 'mayhem-car'));
  st = answer(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' });
  assert.deepEqual([car(st.s).front, car(st.s).back, st.s.units.hollywood.at], ['2,6,1', '1,6,1', '2,6,1'], 'Fortune is activated; the car and its rider move');
  st.s.boards.fortune.cubes.mayhem = 3;
  assert.equal(refused(st.s, { type: 'summon', vehicle: 'mayhem-car', front: '1,2,1', facing: 'E', pay: 'PPP' }).code, 'vehicle_used');
  assert.ok(!cands(st.s).some((a) => a.type === 'summon'), 'MAYHEM has no other Vehicle tile to summon');
  // LEGION's Turn: the APC was empty at its beginning, so it does not move; LEGION's tile is on the map already, not to be summoned.
  const l = activeBoard(fresh('M7'), 'babylon');
  l.units['shock-1'].at = '22,4,1';
  assert.equal(refused(l, { type: 'drive', vehicle: 'legion-apc', move: 'forward' }).code, 'not_driven');
  l.boards.babylon.cubes.mayhem = 3;
  assert.equal(refused(l, { type: 'summon', vehicle: 'legion-apc', front: '22,4,1', facing: 'N', pay: 'PPP' }).code, 'vehicle_used');
});

test('#43 #78 a drone set up by the mission is traffic like any: a unit stepping in front of it is checked (Traffic), and it rams', () => {
  // drone-3 on 21,5/21,4 heading south: its zone is 21,6 and 21,7. Fortune steps from 20,7 to 21,7, 2 spaces ahead;
  // LEGION reveals L01 (Drone Movement 2): the drone drives 2 and rams her, LEGION pushing.
  const s = activeBoard(fresh('M7'), 'fortune');
  s.units.fortune.at = '20,7,1';
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '21,7,1', facing: 'E' }, [0]);
  assert.deepEqual(ev(st, 'traffic_check')[0], { unit: 'fortune', drone: 'drone-3', distance: 2, side: 'LEGION', card: 'L01', movement: 2, hit: true });
  assert.equal(kind(st.s), 'ram_push');
  assert.deepEqual(rs.pending(st.s)[0].exposes, { vehicle: 'drone-3', unit: 'fortune', options: ['20,6,1', '20,7,1', '22,6,1', '22,7,1'] }, 'at the map edge nothing is farther: the spaces at the same distance');
});

test('#43 #73 the loader checks a placed vehicle: one of the mission\'s tiles, placed once, both halves Level-1 Outside with no DDD or other vehicle, no enemy unit on a Side\'s vehicle, a drone on a Road lane facing its arrow; the step is schema-checked', () => {
  const raw = () => structuredClone({ boards, dice, refresh, tiles, missions });
  type Placed = { vehicle: string; front: number[]; facing: string };
  const check = (edit: (v: Placed[]) => void, mission = 'M7', provided = missionVehicles(mission)) => {
    const r = raw();
    const m = r.missions.missions.find((x) => x.id === mission)! as unknown as Record<string, unknown>;
    m.vehicles ??= structuredClone((missions.missions.find((x) => x.id === 'M7') as unknown as { vehicles: Placed[] }).vehicles);
    edit(m.vehicles as Placed[]);
    const c = loadContent(r);
    return () => checkPlaced(c.missions[mission], VEHICLES, provided, missionDrones(mission));
  };
  // (A wall between the halves is refused too; no tile of the data has a Wall between two Level-1 Outside spaces to show it.)
  assert.doesNotThrow(check(() => {}));
  assert.throws(check((v) => { v[0].vehicle = 'jetpack'; }), /placed vehicle jetpack is none of the mission's Vehicle tiles/);
  assert.throws(check(() => {}, 'M3', []), /placed vehicle mayhem-car is none of the mission's/, 'a mission that provided no vehicles');
  assert.throws(check((v) => { v[1].vehicle = 'mayhem-car'; }), /placed twice/);
  assert.throws(check((v) => { v[0].front = [8, 3, 1]; }), /8,3,1 is not a Level-1 Outside space/, 'Inside the Warehouse');
  assert.throws(check((v) => { v[0].front = [14, 4, 3]; }), /not a Level-1 Outside space/, 'the tower roof');
  assert.throws(check((v) => { v[1].front = [1, 6, 1]; v[1].facing = 'S'; }), /1,6,1 holds another vehicle/);
  assert.throws(check((v) => { v[0].front = [11, 1, 1]; }), /a unit of LEGION is on 11,1,1/);
  assert.throws(check((v) => { v[2].front = [20, 5, 1]; }), /a drone lies on a Road lane facing its arrow/);
  assert.throws(check((v) => { v[2].facing = 'N'; v[2].front = [21, 4, 1]; }), /a drone lies on a Road lane facing its arrow/, 'against the arrow');
  // M3's EDMKS stands on 10-11,6-7.
  assert.throws(check((v) => { v.splice(1); v[0].front = [11, 5, 1]; v[0].facing = 'N'; }, 'M3', ['mayhem-car']), /11,6,1 holds another vehicle or a DDD/);
  const bad = raw(); (bad.missions.missions.find((x) => x.id === 'M7') as unknown as { vehicles: Placed[] }).vehicles[0].facing = 'NE';
  assert.throws(() => loadContent(bad), /data\/missions\.json/);
});
