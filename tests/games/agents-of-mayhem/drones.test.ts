// Checklist item #78 (drones, spec 7.16.4, L2148-2166) on Mission 7, Rush Hour (see
// traffic.test.ts for its lanes and decks): the drone tiles as data, their rams (the rammed
// unit's enemy pushes), being held up, leaving the map with riders, and drones as Targetable
// Objects of either Side. Dice: white d6 0 AH, 1 H, 2 P, 3 S, 4-5 blank; yellow d8 0-1 AH, 2 AH+S,
// 3 H, 4-5 P, 6 S, 7 blank; red d12 5-6 H.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBoard, answer, cands, drawn, ev, fresh, kind, only, refused, rs, withDrone, type Stepped } from './helpers.js';
import { DRONES, loadVehicles, missionDrones, tileOf } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import type { S } from '../../../src/games/agents-of-mayhem/state.js';
import vehicles from '../../../src/games/agents-of-mayhem/data/vehicles.json' with { type: 'json' };

const place = (s: S, id: string) => { const v = s.vehicles?.find((x) => x.id === id && !x.destroyed); return v && [v.front, v.back]; };
/** LEGION's Refresh Phase is next: Dr. Babylon activated, `card` drawn. */
const legionRefresh = (s: S, card: string) => drawn(activeBoard(s, 'babylon'), card);

test('#78 drone tiles are data: a name, a Strength and a ram die, no Side and no Speed; a mission\'s traffic lists its tiles; the loader refuses unknown or repeated tiles and ids shared with a vehicle', () => {
  assert.deepEqual(Object.keys(DRONES), ['drone-1', 'drone-2', 'drone-3']);
  assert.deepEqual(tileOf('drone-3'), { id: 'drone-3', name: 'Billboard Drone', strength: 4, ram: 'yellow' });
  assert.deepEqual(missionDrones('M7'), ['drone-1', 'drone-2', 'drone-3']);
  assert.deepEqual(missionDrones('M1'), [], 'Mission 1 has Roads but is Basic: no Vehicles, no drones');
  assert.deepEqual(fresh('M7').traffic, { supply: ['drone-1', 'drone-2'], next: 0 }, 'drone-3 is set up on the map (step H)');
  const raw = () => structuredClone(vehicles) as typeof vehicles & { drones: Record<string, unknown>[]; traffic: Record<string, string[]> };
  let bad = raw(); bad.traffic.M7 = ['drone-9'];
  assert.throws(() => loadVehicles(bad), /M7 lists unknown drone drone-9/);
  bad = raw(); bad.traffic.M7 = ['drone-1', 'drone-1'];
  assert.throws(() => loadVehicles(bad), /lists a drone tile twice/);
  bad = raw(); bad.drones.push({ id: 'mayhem-car', name: 'Impostor', strength: 2, ram: 'white' });
  assert.throws(() => loadVehicles(bad), /drone mayhem-car: listed twice/);
  bad = raw(); bad.drones[0].speed = 5;
  assert.throws(() => loadVehicles(bad), /data\/vehicles\.json/, 'a drone has no Speed: schema-checked');
  bad = raw(); bad.traffic.M9 = ['drone-1'];
  assert.throws(() => loadVehicles(bad), /unknown mission M9/);
});

test('#78 at a Refresh start each drone rams every unit it moves into, of either Side: the rammed unit\'s enemy chooses the push (L2166), 4 dice of the drone tile, no modifiers; then it moves in and on', () => {
  // LEGION's Refresh Phase, L03 (Drone Movement 3). Lane 0: drone-1 (white) on 2,4/2,5 north, a Hell Trooper on 2,2.
  // Lane 1: drone-3 (yellow) on 21,3/21,2 south, Fortune on 21,5.
  let s = withDrone(withDrone(only(fresh('M7'), { fortune: '21,5,1', 'hell-1': '2,2,1', babylon: '14,4,3' }), 'drone-1', 0, '2,4,1'), 'drone-3', 1, '21,3,1');
  s = legionRefresh(s, 'L03');
  s.units['hell-1'].statuses = [{ kind: 'DEFENSE_DOWN', turn: 1 }];
  let st: Stepped = answer(s, { type: 'end' });
  // The Hell Trooper is LEGION's: MAYHEM (seat 0) pushes it, in LEGION's own Turn.
  assert.equal(kind(st.s), 'ram_push');
  assert.deepEqual(rs.pending(st.s)[0].exposes, { vehicle: 'drone-1', unit: 'hell-1', options: ['1,1,1', '2,1,1', '3,1,1'] });
  assert.equal(rs.pending(st.s)[0].seat, 0);
  // White 1 1 4 4: 2 Hits (its Defense Down adds no die: a Ram has no bonuses or penalties).
  st = answer(st.s, { type: 'ramPush', to: '1,1,1' }, [1, 1, 4, 4]);
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['white', 'white', 'white', 'white']);
  assert.deepEqual(ev(st, 'dice_rolled')[0].mods, {});
  assert.deepEqual(place(st.s, 'drone-1'), ['2,1,1', '2,2,1'], 'it moved in and on: 3 spaces in all');
  assert.equal(st.s.units['hell-1'].at, '1,1,1');
  // Fortune is MAYHEM's: LEGION (seat 1) pushes her; not across the Obstacle dot at 21,6 to 20,6.
  assert.equal(kind(st.s), 'ram_push');
  assert.equal(rs.pending(st.s)[0].seat, 1);
  assert.deepEqual(cands(st.s), [{ type: 'ramPush', to: '21,6,1' }, { type: 'ramPush', to: '22,6,1' }]);
  // Yellow d8 3 3 7 7: 2 Hits; Fortune may Block (her Side's seat).
  st = answer(st.s, { type: 'ramPush', to: '22,6,1' }, [3, 3, 7, 7]);
  assert.deepEqual(ev(st, 'rammed')[0], { vehicle: 'drone-3', unit: 'fortune', dice: 'yellow' });
  assert.equal(kind(st.s), 'block');
  assert.equal(rs.pending(st.s)[0].seat, 0);
  st = answer(st.s, { type: 'block', times: 0 });
  assert.deepEqual([place(st.s, 'drone-3'), st.s.units.fortune.at], [['21,6,1', '21,5,1'], '22,6,1']);
  assert.equal(kind(st.s), 'refresh', 'then the Refresh Phase goes on');
});

test('#78 a unit that cannot be pushed keeps the drone out and ends its movement, and is still attacked; a drone rams a unit once a Turn (pushed again, not attacked)', () => {
  // Fortune on 2,3 in front of drone-1 (2,4/2,5): every space farther from 2,4 and at the same distance is taken or across an Obstacle.
  const s = legionRefresh(withDrone(only(fresh('M7'), { fortune: '2,3,1', hardtack: '1,2,1', hollywood: '2,2,1', glory: '3,2,1', babylon: '1,3,1', 'swarm-1': '1,4,1' }), 'drone-1', 0, '2,4,1'), 'L03');
  let st = answer(s, { type: 'end' }, [1, 4, 4, 4]);
  assert.deepEqual(ev(st, 'rammed')[0], { vehicle: 'drone-1', unit: 'fortune', dice: 'white' });
  st = answer(st.s, { type: 'block', times: 0 });
  assert.deepEqual(ev(st, 'vehicle_stopped')[0], { vehicle: 'drone-1', move: 'forward', why: 'ram_blocked' });
  assert.deepEqual([place(st.s, 'drone-1'), st.s.units.fortune.at], [['2,4,1', '2,5,1'], '2,3,1'], 'its 2 other spaces of movement are lost');
  // Once a Turn per drone: Fortune hit by Traffic twice in her Turn (L01 revealed each time, Drone Movement 2).
  const t = withDrone(activeBoard(only(fresh('M7'), { fortune: '1,4,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,6,1');
  let a = answer(t, { type: 'act', unit: 'fortune', action: 'sprint' });
  a = answer(a.s, { type: 'move', unit: 'fortune', to: '2,4,1', facing: 'N' }, [0]);
  a = answer(a.s, { type: 'ramPush', to: '1,3,1' }, [4, 4, 4, 4]);
  assert.equal(ev(a, 'rammed').length, 1);
  assert.deepEqual(place(a.s, 'drone-1'), ['2,4,1', '2,5,1']);
  a = answer(a.s, { type: 'move', unit: 'fortune', to: '2,3,1', facing: 'N' }, [0]);
  assert.deepEqual(ev(a, 'traffic_check')[0].hit, true);
  a = answer(a.s, { type: 'ramPush', to: '2,2,1' });
  assert.equal(ev(a, 'rammed').length, 0, 'not attacked again this Turn by that drone');
  assert.deepEqual([a.s.units.fortune.at, place(a.s, 'drone-1')], ['2,2,1', ['2,3,1', '2,4,1']]);
});

test('#78 a drone is held up by a vehicle, a drone or a DDD ahead; riders move with it; whose front leaves the map is removed (back to the supply, to enter again) and its riders stay, the front\'s on the edge space (L2160)', () => {
  // M02 (Drone Movement 3). Lane 0: drone-1 on 2,3/2,4, drone-2 behind on 2,5/2,6, the LEGION APC parked on 2,1/2,0.
  let s = withDrone(withDrone(activeBoard(only(fresh('M7'), { fortune: '0,0,1', 'swarm-1': '2,6,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,3,1'), 'drone-2', 0, '2,5,1');
  s.vehicles!.push({ id: 'legion-apc', side: 'LEGION', front: '2,0,1', back: '2,1,1', facing: 'N', wounds: 0, driven: false, used: 0, backwards: false, since: null });
  let st = answer(drawn(s, 'M02'), { type: 'end' });
  assert.deepEqual([place(st.s, 'drone-1'), place(st.s, 'drone-2')], [['2,2,1', '2,3,1'], ['2,4,1', '2,5,1']]);
  assert.deepEqual(ev(st, 'vehicle_stopped').map((x) => x.vehicle), ['drone-1', 'drone-2']);
  assert.equal(st.s.units['swarm-1'].at, '2,5,1', 'the Swarm Trooper on drone-2\'s back rode along');
  assert.deepEqual(ev(st, 'drone_moved').find((x) => x.drone === 'drone-2')!.riders, ['swarm-1']);
  // Leaving: drone-1 on 2,1/2,2 with Fortune on its front and a Swarm Trooper on its back; 3 spaces: one, then off the edge.
  s = withDrone(activeBoard(only(fresh('M7'), { fortune: '2,1,1', 'swarm-1': '2,2,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,1,1');
  st = answer(drawn(s, 'M02'), { type: 'end' });
  assert.deepEqual(ev(st, 'drone_exited')[0], { drone: 'drone-1', riders: ['fortune', 'swarm-1'] });
  assert.equal(place(st.s, 'drone-1'), undefined);
  assert.deepEqual([st.s.units.fortune.at, st.s.units['swarm-1'].at], ['2,0,1', '2,1,1'], 'Fortune on the edge space');
  assert.deepEqual(st.s.traffic!.supply, ['drone-2', 'drone-3', 'drone-1'], 'its tile is back in the supply, last');
  // A DDD ahead holds it up too (M7 has none: one is put on the lane by hand).
  s = withDrone(activeBoard(only(fresh('M7'), { fortune: '0,0,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,5,1');
  s.ddds = [{ id: 'edmks', at: ['2,3,1', '3,3,1', '2,2,1', '3,2,1'], wounds: 0, destroyed: false }];
  st = answer(drawn(s, 'M02'), { type: 'end' });
  assert.deepEqual(place(st.s, 'drone-1'), ['2,4,1', '2,5,1']);
});

test('#78 drones are Targetable Objects of either Side (no Side of their own): Hits are Wounds, destroyed at the tile\'s Strength and never spawned again; no Side drives one', () => {
  // drone-1 (Strength 3) on 2,2/2,3; Fortune at 2,6 attacks its back half 3 spaces away: Pistols, red band, 2 d12 (5 H, 6 H).
  const s = withDrone(activeBoard(only(fresh('M7'), { fortune: '2,6,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,2,1');
  assert.equal(refused(s, { type: 'drive', vehicle: 'drone-1', move: 'forward' }).code, 'drone');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '2,3,1' }, [5, 6]);
  assert.deepEqual(ev(st, 'attack_declared')[0].vehicles, ['drone-1']);
  assert.deepEqual(ev(st, 'vehicle_hit')[0], { vehicle: 'drone-1', hits: 2, wounds: 2, strength: 3 });
  // LEGION may attack it as well: Dr. Babylon's Staff from 2,0 (2 spaces from the front half), yellow band (d8 3: H).
  const l = activeBoard(st.s, 'babylon');
  l.units.babylon.at = '2,0,1'; l.units.babylon.facing = 'S';
  assert.ok(cands(l).some((a) => a.type === 'act' && a.action === 'staff' && a.target === '2,2,1'), 'a drone\'s space is a target for LEGION too');
  st = answer(l, { type: 'act', unit: 'babylon', action: 'staff', target: '2,2,1' }, [3, 3, 3, 3]);
  assert.equal(ev(st, 'vehicle_destroyed')[0].vehicle, 'drone-1');
  assert.equal(place(st.s, 'drone-1'), undefined);
  assert.deepEqual(st.s.traffic!.supply, ['drone-2', 'drone-3'], 'a destroyed drone does not go back to the supply');
});

test('#78 #65 a room locked by an Event holds against a drone\'s Ram push as against any Ram: the unit of the locked Side is not pushed into it (L1837, L2166)', () => {
  // drone-1 driving east along y 1 (6,1/5,1), Fortune outside the Warehouse door (8,1,1), the spaces farther away (9,0, 9,1) taken:
  // the same-distance spaces are left, the door's 8,2,1 among them. LEGION's Refresh Phase, L03 (Drone Movement 3).
  const s = legionRefresh(activeBoard(only(fresh('M7'), { fortune: '8,1,1', hardtack: '9,0,1', hollywood: '9,1,1', babylon: '14,4,3' }), 'babylon'), 'L03');
  (s.vehicles ??= []).push({ id: 'drone-1', side: null, front: '6,1,1', back: '5,1,1', facing: 'E', wounds: 0, driven: false, used: 0, backwards: false, since: null, lane: 0 });
  s.traffic!.supply = s.traffic!.supply.filter((x) => x !== 'drone-1');
  const open = answer(structuredClone(s), { type: 'end' });
  assert.equal(kind(open.s), 'ram_push');
  assert.deepEqual(rs.pending(open.s)[0].exposes, { vehicle: 'drone-1', unit: 'fortune', options: ['7,0,1', '8,0,1', '8,2,1'] }, 'unlocked: in through the door too');
  // OM 1 inside the Warehouse locks its room to MAYHEM, as the sample Event's OM does.
  s.oms.find((o) => o.id === '1')!.lock = { side: 'MAYHEM', room: 'in:1:1' };
  const locked = answer(s, { type: 'end' });
  assert.equal(rs.pending(locked.s)[0].seat, 1, 'LEGION pushes MAYHEM\'s unit');
  assert.deepEqual(cands(locked.s), [{ type: 'ramPush', to: '7,0,1' }, { type: 'ramPush', to: '8,0,1' }]);
  assert.equal(refused(locked.s, { type: 'ramPush', to: '8,2,1' }).code, 'bad_push');
});
