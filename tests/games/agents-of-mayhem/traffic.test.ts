// Checklist item #79 (Traffic, spec 7.16.4, L2148-2168) on Mission 7, Rush Hour: M2's map with
// Road Tile 11 east of the tower and Road Tile 12 south of Road Tile 10. Provisional Road lanes
// (data/tiles.json `roads`): Road Tiles 12 (x 0-5, y 8-15) and 10 run north along x 2, joined into
// one road (lane 0: 2,15 to 2,0), Road Tile 11 (x 18-23) south along x 21 (lane 1: 21,0 to 21,7); Road Tile 12's side
// road joining lane 0 at 2,14 is lane 2 (junctions.test.ts). Provisional drone tiles (data/vehicles.json): drone-1 and drone-2 ram with white
// d6 (Strength 3), drone-3 with yellow d8 (Strength 4). Refresh decks of M7: MAYHEM M01 (Drone
// Movement 1, Spawn), M02 (3), M05 (2), M06 (1, Spawn); LEGION L01 (2, Spawn), L03 (3), L05 (2,
// Spawn), L06 (2). A Traffic reveal picks from the sorted draw pile (scripted index).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBoard, answer, cands, drawn, ev, fresh, kind, only, refused, rs, until, withDrone, type Stepped } from './helpers.js';
import { CONTENT, assembleMap, loadContent } from '../../../src/games/agents-of-mayhem/content.js';
import { laneProblem, loadVehicles } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import type { S, Vehicle } from '../../../src/games/agents-of-mayhem/state.js';
import boards from '../../../src/games/agents-of-mayhem/data/boards.json' with { type: 'json' };
import dice from '../../../src/games/agents-of-mayhem/data/dice.json' with { type: 'json' };
import refresh from '../../../src/games/agents-of-mayhem/data/refresh.json' with { type: 'json' };
import tiles from '../../../src/games/agents-of-mayhem/data/tiles.json' with { type: 'json' };
import missions from '../../../src/games/agents-of-mayhem/data/missions.json' with { type: 'json' };
import vehicles from '../../../src/games/agents-of-mayhem/data/vehicles.json' with { type: 'json' };

const drone = (s: S, id: string) => s.vehicles?.find((v) => v.id === id) as Vehicle | undefined;
const place = (s: S, id: string) => { const v = drone(s, id); return v && [v.front, v.back]; };
const all = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

test('#79 Road lanes: a Road tile carries a lane down its centre in its arrows\' direction, turned with the tile; the loader refuses a lane off its tile, not going space by space or across an Obstacle, and traffic on a map whose lanes do not run edge to edge', () => {
  assert.deepEqual(CONTENT.missions.M7.compiled.lanes[1], { tiles: [3], cells: ['21,0,1', '21,1,1', '21,2,1', '21,3,1', '21,4,1', '21,5,1', '21,6,1', '21,7,1'], dir: 'S', dirs: all(8, 'S') });
  // Road Tile 10 turned 90° clockwise (8 wide, 6 high): its lane runs east along y 2.
  const turned = assembleMap({ placements: [{ tile: '10', origin: [0, 0], rotation: 90 }], entryEdges: {} }, CONTENT.tiles);
  assert.deepEqual(turned.lanes[0], { tiles: [0], cells: ['0,2,1', '1,2,1', '2,2,1', '3,2,1', '4,2,1', '5,2,1', '6,2,1', '7,2,1'], dir: 'E', dirs: all(8, 'E') });
  const raw = () => structuredClone({ boards, dice, refresh, tiles, missions });
  const road = (r: ReturnType<typeof raw>) => (r.tiles.tiles.find((t) => t.id === '10') as { roads: { cells: number[][]; dir: string }[] }).roads[0];
  let bad = raw(); road(bad).cells[7] = [2, 8];
  assert.throws(() => loadContent(bad), /lane 0 cell 2,8 is no Level-1 cell/);
  bad = raw(); road(bad).cells[7] = [3, 0];
  assert.throws(() => loadContent(bad), /3,0 is not one step N, E, S or W of 2,1/);
  bad = raw(); road(bad).cells = [[3, 3], [2, 3]]; road(bad).dir = 'W';
  assert.throws(() => loadContent(bad), /crosses a Wall or Obstacle/);
  bad = raw(); (bad.tiles.tiles.find((t) => t.id === '2') as { roads?: unknown }).roads = [{ cells: [[0, 0], [0, 1]], dir: 'S' }];
  assert.throws(() => loadContent(bad), /Road tiles only/);
  bad = raw(); (road(bad) as { dir: string }).dir = 'NE';
  assert.throws(() => loadContent(bad), /data\/tiles\.json/, 'schema-validated');
  // A lane that ends inside the map (Road Tile 10 with a tile south of it) cannot carry traffic.
  const stacked = assembleMap({ placements: [{ tile: '10', origin: [0, 0], rotation: 0 }, { tile: '11', origin: [0, 8], rotation: 0 }], entryEdges: {} }, CONTENT.tiles);
  assert.match(laneProblem(stacked) ?? '', /Road lane 0 \(tile 10\) does not run from one map edge to another/);
  assert.equal(laneProblem(CONTENT.missions.M7.compiled), null);
  const v = structuredClone(vehicles); (v.traffic as Record<string, string[]>).M1 = ['drone-1'];
  assert.throws(() => loadVehicles(v), /mission M1 is not Advanced/);
});

test('#79 Road lanes joined across Road tiles: where the arrows continue onto the adjoining Road tile, the lanes are one lane from the road\'s entry to its end; lanes that do not continue stay apart (L2152, L2156, L2160-2162)', () => {
  // M7: Road Tile 12 (placement 4, y 8-15) south of Road Tile 10 (placement 0): one road north along x 2.
  const xs2 = (from: number) => Array.from({ length: from + 1 }, (_, i) => `2,${from - i},1`);
  assert.deepEqual(CONTENT.missions.M7.compiled.lanes[0], { tiles: [4, 0], cells: xs2(15), dir: 'N', dirs: all(16, 'N') });
  assert.equal(CONTENT.missions.M7.compiled.lanes.filter((l) => l.cells[0] !== '4,15,1').length, 2, 'two roads, not three lanes (and Road Tile 12\'s side road, junctions.test.ts)');
  // Road Tile 11 turned 180° south of Road Tile 10: its lane (x 3 southwards) becomes x 2 northwards and joins.
  const turned = assembleMap({ placements: [{ tile: '10', origin: [0, 0], rotation: 0 }, { tile: '11', origin: [0, 8], rotation: 180 }], entryEdges: {} }, CONTENT.tiles);
  assert.deepEqual(turned.lanes, [{ tiles: [1, 0], cells: xs2(15), dir: 'N', dirs: all(16, 'N') }]);
  assert.equal(laneProblem(turned), null);
  // Arrows meeting head-on do not continue: two lanes, Road Tile 10's entered from inside the map.
  const t12 = CONTENT.tiles['12'];
  const southbound = { ...t12, id: 'S', roads: [{ cells: t12.roads![0].cells.slice().reverse(), dir: 'S' as const }] };
  const headOn = assembleMap({ placements: [{ tile: '10', origin: [0, 0], rotation: 0 }, { tile: 'S', origin: [0, 8], rotation: 0 }], entryEdges: {} }, { ...CONTENT.tiles, S: southbound });
  assert.equal(headOn.lanes.length, 2);
  assert.match(laneProblem(headOn) ?? '', /Road lane 0 \(tile 10\) does not run from one map edge to another/);
});

test('#78 #79 drones on a joined road: the drone nearest the road\'s end moves first, measured along the whole road; a drone drives from one Road tile onto the next; its Traffic zone runs on across the boundary (L2156, L2168)', () => {
  // drone-1 on Road Tile 12 (front 2,8, its last space; back 2,9), drone-2 ahead on Road Tile 10 (front 2,6, back 2,7).
  const base = () => withDrone(withDrone(activeBoard(only(fresh('M7'), { fortune: '0,0,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,8,1'), 'drone-2', 0, '2,6,1');
  // M02: Drone Movement 3. drone-2 is nearer the road's end (2,0): it goes first, so drone-1 is not held up behind it.
  let st = answer(drawn(base(), 'M02'), { type: 'end' });
  assert.deepEqual(ev(st, 'traffic_moves')[0].drones, ['drone-2', 'drone-1']);
  assert.deepEqual([place(st.s, 'drone-2'), place(st.s, 'drone-1')], [['2,3,1', '2,4,1'], ['2,5,1', '2,6,1']], 'drone-1 crossed onto Road Tile 10');
  // Traffic: drone-1's zone is 2,7 (Road Tile 10), 2,6 and 2,5 beyond the tile edge. Fortune steps from 1,7 onto 2,7,
  // 2 spaces ahead of it: LEGION reveals index 0 of L01 L03 L05 L06: L01, Drone Movement 2: hit.
  const t = withDrone(activeBoard(only(fresh('M7'), { fortune: '1,7,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,9,1');
  st = answer(t, { type: 'act', unit: 'fortune', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '2,7,1', facing: 'N' }, [0]);
  assert.deepEqual(ev(st, 'traffic_check')[0], { unit: 'fortune', drone: 'drone-1', distance: 2, side: 'LEGION', card: 'L01', movement: 2, hit: true });
  assert.equal(kind(st.s), 'ram_push', 'the drone drove to the end of Road Tile 12 and rams her on Road Tile 10');
  assert.deepEqual(place(st.s, 'drone-1'), ['2,8,1', '2,9,1']);
});

test('#79 the Drone Spawn symbol: at the start of the Refresh Phase a drone of the supply drives onto a lane\'s first two spaces, the lanes taking turns; a mission without traffic ignores the symbol', () => {
  const s = drawn(activeBoard(only(fresh('M7'), { fortune: '0,0,1', babylon: '14,4,3' }), 'fortune'), 'M01');
  let st = answer(s, { type: 'end' });
  assert.deepEqual(ev(st, 'traffic_moves')[0], { cards: ['M01'], movement: 1, spawn: 1, drones: [] });
  assert.deepEqual(ev(st, 'drone_spawned')[0], { drone: 'drone-1', lane: 0, entry: '2,15,1', facing: 'N' });
  assert.deepEqual(place(st.s, 'drone-1'), ['2,14,1', '2,15,1']);
  assert.deepEqual(st.s.traffic, { supply: ['drone-2', 'drone-3'], next: 1 });
  // LEGION's card next: drone-1 moves 2 north, then drone-2 enters the other lane at its north edge.
  st.s.stack = []; // MAYHEM's Refresh choices are not what this test is about
  const l = drawn(activeBoard(st.s, 'babylon'), 'L01');
  st = answer(l, { type: 'end' });
  assert.deepEqual(place(st.s, 'drone-1'), ['2,12,1', '2,13,1']);
  assert.deepEqual(place(st.s, 'drone-2'), ['21,1,1', '21,0,1']);
  const svg = String(rs.render!(rs.view(st.s, 0), { seat: 0 } as never));
  assert.match(svg, /data-vehicle="drone-2"/);
  assert.match(svg, /data-lane="1"/, 'the picture shows the lanes');
  // Mission 1 has Road Tiles 10 and 11 but is Basic (no Vehicles, L93): the same card brings nothing (its play is unchanged).
  const m1 = answer(drawn(activeBoard(only(fresh('M1'), { fortune: '0,0,1', babylon: '14,4,3' }), 'fortune'), 'M01'), { type: 'end' });
  assert.equal(m1.s.traffic, undefined);
  assert.equal(ev(m1, 'traffic_moves').length + ev(m1, 'drone_spawned').length, 0);
  assert.equal(m1.s.vehicles, undefined);
});

test('#79 traffic in every Advanced mission whose map has Roads (L2057 [P]): Missions 2-6 on Road Tile 10 have two drone tiles; drones spawn at the road\'s entry and move at each Refresh start; Basic missions (M1, the tutorials) have none; the loader refuses an Advanced mission with Roads and no drones', () => {
  for (const id of ['M2', 'M3', 'M4', 'M5', 'M6']) {
    assert.deepEqual(fresh(id).traffic, { supply: ['drone-1', 'drone-2'], next: 0 }, id);
    assert.deepEqual(CONTENT.missions[id].compiled.lanes, [{ tiles: [0], cells: ['2,7,1', '2,6,1', '2,5,1', '2,4,1', '2,3,1', '2,2,1', '2,1,1', '2,0,1'], dir: 'N', dirs: all(8, 'N') }], id);
  }
  for (const m of CONTENT.missionList.filter((x) => x.rules === 'basic')) assert.equal(fresh(m.id, m.players[0]).traffic, undefined, m.id);
  // Mission 2: M01 (Drone Movement 1, Spawn) brings drone-1 in at 2,7; LEGION's L01 (2, Spawn) moves it 2 and brings drone-2 in behind.
  let st = answer(drawn(activeBoard(only(fresh('M2'), { fortune: '0,0,1', babylon: '14,4,3' }), 'fortune'), 'M01'), { type: 'end' });
  assert.deepEqual(ev(st, 'drone_spawned')[0], { drone: 'drone-1', lane: 0, entry: '2,7,1', facing: 'N' });
  st.s.stack = [];
  st = answer(drawn(activeBoard(st.s, 'babylon'), 'L01'), { type: 'end' });
  assert.deepEqual([place(st.s, 'drone-1'), place(st.s, 'drone-2')], [['2,4,1', '2,5,1'], ['2,6,1', '2,7,1']]);
  const v = structuredClone(vehicles) as { traffic: Record<string, string[]> }; delete v.traffic.M4;
  assert.throws(() => loadVehicles(v), /mission M4 has Roads but no drone tiles \(L2057\)/);
});

test('#79 traffic moves the revealed card\'s Drone Movement along the lanes at each Refresh start, the lead drone of a lane first; with 3-4 players both cards\' values; not on a first Turn (no card)', () => {
  const base = () => withDrone(withDrone(withDrone(activeBoard(only(fresh('M7'), { fortune: '0,0,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,3,1'), 'drone-2', 0, '2,5,1'), 'drone-3', 1, '21,2,1');
  // M02: Drone Movement 3. drone-1 leads lane 0 (closest to its end): it moves first, so drone-2 behind it is not held up.
  let st = answer(drawn(base(), 'M02'), { type: 'end' });
  assert.deepEqual(ev(st, 'traffic_moves')[0].drones, ['drone-1', 'drone-2', 'drone-3']);
  assert.deepEqual([place(st.s, 'drone-1'), place(st.s, 'drone-2'), place(st.s, 'drone-3')], [['2,0,1', '2,1,1'], ['2,2,1', '2,3,1'], ['21,5,1', '21,4,1']]);
  // A first Turn of the Round has no Refresh card: the drones stay (spec 6.4 [P]).
  const first = base(); first.first.MAYHEM = true;
  st = answer(first, { type: 'end' });
  assert.equal(ev(st, 'drone_moved').length, 0);
  // 4 players: MAYHEM's two slots drew M01 (1, Spawn) and M02 (3): every drone moves 4, then one drone enters.
  const four = withDrone(only(fresh('M7', 4), { fortune: '0,0,1', hardtack: '0,7,1', babylon: '14,4,3' }), 'drone-3', 1, '21,1,1');
  four.side = 'MAYHEM'; four.first = { MAYHEM: false, LEGION: false }; four.phase = 'actions'; four.slot = 1;
  four.slots = [0, 2].map((seat, i) => ({ seat, board: ['fortune', 'hardtack'][i], drawn: null, done: i === 0, main: false, addons: [], mp: null, pool: 0, penalty: 0, fire: null, group: null }));
  st = answer(drawn(four, 'M01', 'M02'), { type: 'end' });
  assert.deepEqual(ev(st, 'traffic_moves')[0], { cards: ['M01', 'M02'], movement: 4, spawn: 1, drones: ['drone-3'] });
  assert.deepEqual(place(st.s, 'drone-3'), ['21,5,1', '21,4,1']);
  assert.deepEqual(place(st.s, 'drone-1'), ['2,14,1', '2,15,1'], 'the spawned drone enters lane 0');
});

test('#79 Traffic: a unit moving within 3 spaces straight in front of a drone makes its enemy reveal the top card of its Refresh deck; Drone Movement at least the distance: the drone drives into its space and rams it, the move ends; the card is shuffled back (L2168)', () => {
  // drone-1 on 2,6/2,7 heading north: its Traffic zone is 2,5 (1), 2,4 (2), 2,3 (3).
  const s = withDrone(activeBoard(only(fresh('M7'), { fortune: '1,4,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,6,1');
  const pool = s.decks.LEGION.pool.slice();
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  // Fortune steps onto 2,4, 2 spaces ahead: LEGION reveals (index 0 of L01 L03 L05 L06: L01, Drone Movement 2): hit.
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '2,4,1', facing: 'N' }, [0]);
  assert.deepEqual(ev(st, 'traffic_check')[0], { unit: 'fortune', drone: 'drone-1', distance: 2, side: 'LEGION', card: 'L01', movement: 2, hit: true });
  assert.deepEqual(st.s.decks.LEGION.pool, pool, 'the revealed card is back in the deck');
  // The drone drives 2 spaces: it reaches 2,5, then rams Fortune; LEGION, her enemy, chooses the push (L2166).
  assert.equal(kind(st.s), 'ram_push');
  assert.equal(rs.pending(st.s)[0].seat, 1);
  assert.deepEqual(cands(st.s), [{ type: 'ramPush', to: '1,3,1' }, { type: 'ramPush', to: '2,3,1' }], 'one space farther from the drone; 3,3 is across an Obstacle dot');
  // 4 white d6 (1 H, 1 H, 4 blank, 5 blank): 2 Hits on her Shield and Armor.
  st = answer(st.s, { type: 'ramPush', to: '1,3,1' }, [1, 1, 4, 5]);
  assert.deepEqual(ev(st, 'rammed')[0], { vehicle: 'drone-1', unit: 'fortune', dice: 'white' });
  assert.equal(kind(st.s), 'block', 'the Ram Attack may be Blocked');
  st = answer(st.s, { type: 'block', times: 0 });
  assert.deepEqual(place(st.s, 'drone-1'), ['2,4,1', '2,5,1'], 'its front is in the space Fortune stood in');
  assert.equal(st.s.units.fortune.at, '1,3,1');
  assert.equal(kind(st.s), 'turn');
  assert.equal(st.s.slots[0].mp?.left, 8, 'her move ended on 2,4 (1 MP); the rest of her Sprint is hers to use');
});

test('#79 Traffic that misses: the move goes on (a unit already in the zone does not trigger it again); no check when the enemy\'s Refresh deck is empty (A-50)', () => {
  // drone-1 on 2,5/2,6: its zone is 2,4 (1), 2,3 (2), 2,2 (3). Dr. Babylon comes down the lane from 2,0 to 2,3; whichever
  // cheapest path he takes, he enters the zone 2 or 3 spaces ahead; MAYHEM reveals index 0 of M01 M02 M05 M06: M01, Drone Movement 1.
  const s = withDrone(activeBoard(only(fresh('M7'), { fortune: '0,7,1', babylon: '2,0,1' }), 'babylon'), 'drone-1', 0, '2,5,1');
  let st = answer(s, { type: 'act', unit: 'babylon', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'babylon', to: '2,3,1', facing: 'S' }, [0]);
  const checks = ev(st, 'traffic_check');
  assert.equal(checks.length, 1, 'one check: moving on inside the zone does not trigger it again');
  assert.deepEqual([checks[0].side, checks[0].card, checks[0].movement, checks[0].hit], ['MAYHEM', 'M01', 1, false]);
  assert.ok([2, 3].includes(checks[0].distance as number));
  assert.equal(ev(st, 'moved').length, checks[0].distance === 3 ? 2 : 1, 'stopped on entering the zone, then on to the destination');
  assert.deepEqual([st.s.units.babylon.at, st.s.units.babylon.facing, st.s.slots[0].mp?.left], ['2,3,1', 'S', 6]);
  assert.deepEqual(place(st.s, 'drone-1'), ['2,5,1', '2,6,1']);
  // LEGION's draw pile empty: no check at all.
  const e = withDrone(activeBoard(only(fresh('M7'), { fortune: '1,4,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,6,1');
  e.decks.LEGION = { top: [], pool: [], discard: e.decks.LEGION.pool.slice() };
  st = answer(answer(e, { type: 'act', unit: 'fortune', action: 'sprint' }).s, { type: 'move', unit: 'fortune', to: '2,4,1', facing: 'N' });
  assert.equal(ev(st, 'traffic_check').length, 0);
  assert.equal(st.s.units.fortune.at, '2,4,1');
  // A Dash (and a Jump) into the zone is a move too.
  const d = withDrone(activeBoard(only(fresh('M7'), { fortune: '1,5,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,6,1');
  st = answer(d, { type: 'dash', unit: 'fortune', to: '2,5,1', facing: 'N' }, [3]);
  assert.deepEqual(ev(st, 'traffic_check')[0], { unit: 'fortune', drone: 'drone-1', distance: 1, side: 'LEGION', card: 'L06', movement: 2, hit: true });
  assert.equal(refused(st.s, { type: 'end' }).code, 'wrong_action', 'the Ram waits on LEGION\'s push');
});

test('#79 the rulebook\'s example: a Hell Trooper Rammed by the MAYHEM car is pushed in front of a drone; MAYHEM reveals a card with Drone Movement high enough and the drone rams it too, though it was Rammed this Turn (once per vehicle) (L2182-2188)', () => {
  // The car on 4,5/5,5 heading west, Fortune driving; hell-1 on 3,5; drone-1 on 2,6/2,7 heading north.
  const s = withDrone(activeBoard(only(fresh('M7'), { fortune: '4,5,1', 'hell-1': '3,5,1', babylon: '14,4,3' }), 'fortune'), 'drone-1', 0, '2,6,1');
  (s.vehicles ??= []).push({ id: 'mayhem-car', side: 'MAYHEM', front: '4,5,1', back: '5,5,1', facing: 'W', wounds: 0, driven: true, used: 0, backwards: false, since: null });
  // The car's Ram pushes hell-1 to 2,5 (the only space farther: 2,4 is across an Obstacle dot, 2,6 is the drone's), white dice
  // 4 4 4 4 (blank); then MAYHEM's reveal (index 2 of M01 M02 M05 M06: M05, Drone Movement 2 ≥ 1).
  let st: Stepped = answer(s, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }, [4, 4, 4, 4, 2]);
  assert.deepEqual(ev(st, 'rammed').map((x) => x.vehicle), ['mayhem-car']);
  assert.deepEqual(ev(st, 'traffic_check')[0], { unit: 'hell-1', drone: 'drone-1', distance: 1, side: 'MAYHEM', card: 'M05', movement: 2, hit: true });
  // The drone's Ram: MAYHEM (the Hell Trooper's enemy) pushes it on; 4 white d6, 0 0 1 1: 4 Hits Down it.
  assert.equal(kind(st.s), 'ram_push');
  assert.equal(rs.pending(st.s)[0].seat, 0);
  st = answer(st.s, { type: 'ramPush', to: '2,4,1' }, [0, 0, 1, 1]);
  assert.deepEqual(ev(st, 'rammed').map((x) => x.vehicle), ['drone-1']);
  assert.equal(st.s.units['hell-1'].downed, true);
  assert.deepEqual(place(st.s, 'drone-1'), ['2,5,1', '2,6,1'], 'the drone moved forward 1 space, into the space the Trooper stood in');
  assert.deepEqual(place(st.s, 'mayhem-car'), ['3,5,1', '4,5,1'], 'then the car moves in');
  assert.equal(kind(st.s), 'turn');
});

test('#79 #60 the Golem Charge\'s move is a move: entering a drone\'s Traffic zone makes the Traffic check (L2168, L1685)', () => {
  // M6 has no traffic in its data: a drone is put on the map for the test, driving east along y 6 (11,6/10,6), its zone 12,6-14,6.
  const s = activeBoard(only(fresh('M6'), { golem: '15,6,1', fortune: '12,7,1', hollywood: '1,6,1', babylon: '14,4,3' }), 'golem');
  let st = answer(s, { type: 'act', unit: 'golem', action: 'fists', timer: true });
  st = until(st.s, (x) => kind(x) === 'delayed_action', { MAYHEM: 'hollywood', LEGION: 'golem' });
  st.s.traffic = { supply: [], next: 0 };
  (st.s.vehicles ??= []).push({ id: 'drone-1', side: null, front: '11,6,1', back: '10,6,1', facing: 'E', wounds: 0, driven: false, used: 0, backwards: false, since: null, lane: 0 });
  const deck = st.s.decks.MAYHEM.pool.length;
  // One step west: the footprint (14-15, 6-7) enters the zone at 14,6, 3 spaces ahead. MAYHEM reveals its top Refresh card (the first of its pile).
  const m = answer(st.s, { type: 'move', unit: 'golem', to: '14,6,1', facing: 'W' }, [0]);
  const check = ev(m, 'traffic_check')[0];
  assert.deepEqual([check.unit, check.drone, check.distance, check.side], ['golem', 'drone-1', 3, 'MAYHEM']);
  assert.equal(m.s.decks.MAYHEM.pool.length, deck, 'the card is shuffled back');
});
