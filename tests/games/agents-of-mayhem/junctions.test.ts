// Checklist items #78 and #79 (drones and Traffic, spec 7.16.4, L2148-2168) at Road bends and
// junctions. The rulebook says only that a drone moves "along the center of a Road Tile in the
// direction of the arrows on the Road" (L2152), that the lead drone "closest to the end of the Road"
// moves first (L2156), and that Traffic is "within 3 Spaces directly in front of a Drone Vehicle"
// (L2168); how a drone takes a bend or a junction is read from those words [P]: it follows the
// arrow of the space its front is on, its back moving into the space the front left (L2090, L2098),
// and a lane's end that leads into another lane joins it there. Mission 7's provisional Road Tile 12
// (x 0-5, y 8-15) has a side road (lane 2): it enters at 4,15 heading north, bends west at 4,14 and
// joins the main road (lane 0, north along x 2) at 2,14, a T-junction. Refresh decks of M7: MAYHEM
// M01 (Drone Movement 1, Spawn), M02 (3), M05 (2), M06 (1, Spawn); LEGION L01 (2, Spawn), L03 (3),
// L05 (2, Spawn), L06 (2).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBoard, answer, drawn, ev, fresh, kind, only, withDrone } from './helpers.js';
import { CONTENT, assembleMap, type TileDef } from '../../../src/games/agents-of-mayhem/content.js';
import { laneProblem } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import { trafficZone } from '../../../src/games/agents-of-mayhem/rules/traffic.js';
import type { S, Vehicle } from '../../../src/games/agents-of-mayhem/state.js';

const drone = (s: S, id: string) => s.vehicles?.find((v) => v.id === id) as Vehicle;
const place = (s: S, id: string) => { const v = drone(s, id); return [v.front, v.back, v.facing]; };
const m7 = (units: Record<string, string> = {}) => activeBoard(only(fresh('M7'), { fortune: '0,0,1', babylon: '14,4,3', ...units }), 'fortune');
/** A plain 6×8 Road tile (no Obstacles) with these lanes. */
const road = (id: string, roads: TileDef['roads']): TileDef => ({ id, name: `Road Tile ${id}`, width: 6, height: 8, levels: [{ z: 1, rects: [[0, 0, 6, 8]] }], roads });

test('#78 Road Tile 12\'s side road in Mission 7: a lane that bends and joins the main road at a junction is one lane from its entry to the main road\'s end, each space with its arrow (L2152, L2160-2162)', () => {
  const lanes = CONTENT.missions.M7.compiled.lanes;
  assert.equal(lanes.length, 3, 'the main road (lanes 0), Road Tile 11 (1) and the side road (2)');
  assert.deepEqual(lanes[2].cells.slice(0, 5), ['4,15,1', '4,14,1', '3,14,1', '2,14,1', '2,13,1']);
  assert.deepEqual(lanes[2].dirs.slice(0, 5), ['N', 'W', 'W', 'N', 'N'], 'the arrows turn west at the bend, north at the junction');
  assert.deepEqual(lanes[2].cells.slice(3), lanes[0].cells.slice(1), 'from the junction on, the main road');
  assert.deepEqual([lanes[2].tiles, lanes[2].dir], [[4, 0], 'N']);
  assert.equal(laneProblem(CONTENT.missions.M7.compiled), null, 'both entries are at the map\'s edge');
  // A bent lane turns with its tile: Road Tile 12 turned 90° clockwise, the side road enters from the west and bends south.
  const turned = assembleMap({ placements: [{ tile: '12', origin: [0, 0], rotation: 90 }], entryEdges: {} }, CONTENT.tiles);
  assert.deepEqual([turned.lanes[1].cells.slice(0, 4), turned.lanes[1].dirs.slice(0, 4)], [['0,4,1', '1,4,1', '1,3,1', '1,2,1'], ['E', 'N', 'N', 'E']]);
});

test('#78 a drone takes a bend by the arrows: its front goes to the space the arrow points to, its back into the space the front left, and it faces the new way (L2152, L2090, L2098)', () => {
  // drone-1 on the side road, front 4,14 (the bend), back 4,15, facing north. M02: Drone Movement 3.
  const s = drawn(withDrone(m7(), 'drone-1', 2, '4,14,1'), 'M02');
  const st = answer(s, { type: 'end' });
  assert.deepEqual(ev(st, 'drone_moved').map((e) => [e.front, e.back]), [['3,14,1', '4,14,1'], ['2,14,1', '3,14,1'], ['2,13,1', '2,14,1']]);
  assert.deepEqual(place(st.s, 'drone-1'), ['2,13,1', '2,14,1', 'N'], 'round the bend, through the junction, north on the main road');
});

test('#78 at a junction the lead drone is the one closest to the end of the road, whichever lane it came by; a drone held up at the junction waits (L2156)', () => {
  // drone-1 on the main road (front 2,14, back 2,15): 14 spaces from the road's end (2,0); drone-2 on the side road
  // (front 3,14, back 4,14): 15 spaces. drone-1 leads. M05: Drone Movement 2.
  const s = drawn(withDrone(withDrone(m7(), 'drone-1', 0, '2,14,1'), 'drone-2', 2, '3,14,1'), 'M05');
  const st = answer(s, { type: 'end' });
  assert.deepEqual(ev(st, 'traffic_moves')[0].drones, ['drone-1', 'drone-2']);
  assert.deepEqual(place(st.s, 'drone-1'), ['2,12,1', '2,13,1', 'N']);
  // drone-2 turns into the junction (2,14), then drone-1's back on 2,13 holds it up.
  assert.deepEqual(place(st.s, 'drone-2'), ['2,14,1', '3,14,1', 'W']);
  assert.deepEqual(ev(st, 'vehicle_stopped'), [{ vehicle: 'drone-2', move: 'forward', why: 'space_taken' }]);
});

test('#79 Traffic at a bend: "directly in front" is straight ahead of the drone as far as its lane runs straight on; past the bend, neither the spaces straight ahead nor the road beyond the turn are in front (L2168, A-39) [P]', () => {
  // drone-1 on the side road, front 4,14 facing north, back 4,15: the lane turns west at once: no space directly in front on its road.
  const a = withDrone(m7(), 'drone-1', 2, '4,14,1');
  assert.deepEqual(trafficZone(a, drone(a, 'drone-1')), []);
  // Front 3,14 facing west: 2,14 (the junction) is 1 ahead; 1,14 is straight ahead but off its road (it turns north at 2,14).
  const b = withDrone(m7(), 'drone-1', 2, '3,14,1');
  assert.deepEqual(trafficZone(b, drone(b, 'drone-1')), ['2,14,1']);
  // On the main road's straight the zone is three spaces, as before.
  const c = withDrone(m7(), 'drone-1', 0, '2,13,1');
  assert.deepEqual(trafficZone(c, drone(c, 'drone-1')), ['2,12,1', '2,11,1', '2,10,1']);
  // Fortune steps from 1,13 onto 1,14, straight ahead of the drone past the bend: no Traffic check.
  let st = answer(withDrone(m7({ fortune: '1,13,1' }), 'drone-1', 2, '3,14,1'), { type: 'act', unit: 'fortune', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '1,14,1', facing: 'S' });
  assert.equal(ev(st, 'traffic_check').length, 0);
  // Onto 2,14, the junction, 1 space in front: LEGION reveals its top card (index 0 of L01 L03 L05 L06: L01, 2): the drone rams her.
  st = answer(withDrone(m7({ fortune: '1,13,1' }), 'drone-1', 2, '3,14,1'), { type: 'act', unit: 'fortune', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '2,14,1', facing: 'S' }, [0]);
  assert.deepEqual(ev(st, 'traffic_check')[0], { unit: 'fortune', drone: 'drone-1', distance: 1, side: 'LEGION', card: 'L01', movement: 2, hit: true });
  assert.equal(kind(st.s), 'ram_push');
});

test('#78 the Drone Spawn symbol brings drones onto the side road in its turn: the third lane of Mission 7 (L2162)', () => {
  const s = drawn(m7(), 'M01'); // Drone Movement 1, Spawn
  s.traffic!.next = 2;
  const st = answer(s, { type: 'end' });
  assert.deepEqual(ev(st, 'drone_spawned')[0], { drone: 'drone-1', lane: 2, entry: '4,15,1', facing: 'N' });
  assert.deepEqual(place(st.s, 'drone-1'), ['4,14,1', '4,15,1', 'N']);
});

test('#78 the map loader: a bend within a tile and across tiles is followed; a lane leading into a space on two lanes (a fork: the rulebook gives no way to choose) is refused; a lane branching off part-way cannot carry traffic; a road coming back on itself is refused [P]', () => {
  // A bend on one tile: north along x 2, then east along y 3 to the tile's edge.
  const bend = road('B', [{ cells: [[2, 7], [2, 6], [2, 5], [2, 4], [2, 3], [3, 3], [4, 3], [5, 3]], dir: 'E' }]);
  const one = assembleMap({ placements: [{ tile: 'B', origin: [0, 0], rotation: 0 }], entryEdges: {} }, { ...CONTENT.tiles, B: bend });
  assert.deepEqual(one.lanes[0].dirs, ['N', 'N', 'N', 'N', 'E', 'E', 'E', 'E']);
  assert.equal(laneProblem(one), null);
  // Across tiles: Road Tile 10 turned 90° (east along y 2) west of a tile whose lane starts there heading north: the drone turns north.
  const north = road('N', [{ cells: [[0, 2], [0, 1], [0, 0]], dir: 'N' }]);
  const two = assembleMap({ placements: [{ tile: '10', origin: [0, 0], rotation: 90 }, { tile: 'N', origin: [8, 0], rotation: 0 }], entryEdges: {} }, { ...CONTENT.tiles, N: north });
  assert.equal(two.lanes.length, 1);
  assert.deepEqual([two.lanes[0].cells.slice(6), two.lanes[0].dirs.slice(6)], [['6,2,1', '7,2,1', '8,2,1', '8,1,1', '8,0,1'], ['E', 'E', 'N', 'N', 'N']]);
  // A crossing: two lanes through 3,3, each straight on; a third lane's end leads into 3,3: two ways to go.
  const cross = road('X', [{ cells: [[0, 3], [1, 3], [2, 3], [3, 3], [4, 3], [5, 3]], dir: 'E' }, { cells: [[3, 0], [3, 1], [3, 2], [3, 3], [3, 4], [3, 5], [3, 6], [3, 7]], dir: 'S' }]);
  const crossing = assembleMap({ placements: [{ tile: 'X', origin: [0, 0], rotation: 0 }], entryEdges: {} }, { ...CONTENT.tiles, X: cross });
  assert.equal(crossing.lanes.length, 2, 'a crossing where each lane goes straight on is two lanes');
  assert.equal(laneProblem(crossing), null);
  // A third lane ending on 2,3 heading east leads into 3,3: straight on along the first lane, or south along the second.
  const fork = road('F', [...cross.roads!, { cells: [[2, 5], [2, 4], [2, 3]], dir: 'E' }]);
  assert.throws(() => assembleMap({ placements: [{ tile: 'F', origin: [0, 0], rotation: 0 }], entryEdges: {} }, { ...CONTENT.tiles, F: fork }), /leads into 3,3,1, a space on 2 Road lanes: a drone could go 2 ways there and the rulebook gives no rule for which/);
  // A branch: a lane that starts part-way along another: drones on the main lane go on by its arrows; the branch has no entry at the edge.
  const branch = road('R', [{ cells: [[2, 7], [2, 6], [2, 5], [2, 4], [2, 3], [2, 2], [2, 1], [2, 0]], dir: 'N' }, { cells: [[2, 5], [1, 5], [0, 5]], dir: 'W' }]);
  const branched = assembleMap({ placements: [{ tile: 'R', origin: [0, 0], rotation: 0 }], entryEdges: {} }, { ...CONTENT.tiles, R: branch });
  assert.match(laneProblem(branched) ?? '', /Road lane 1 \(tile R\) does not run from one map edge to another/);
  // A loop: round a block and back onto itself.
  const loop = road('L', [{ cells: [[2, 7], [2, 6], [2, 5], [3, 5], [3, 6]], dir: 'W' }]);
  assert.throws(() => assembleMap({ placements: [{ tile: 'L', origin: [0, 0], rotation: 0 }], entryEdges: {} }, { ...CONTENT.tiles, L: loop }), /comes back to 2,6,1/);
});
