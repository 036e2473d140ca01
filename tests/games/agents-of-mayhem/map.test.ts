// Checklist items [core] #1-#12: tiles and Levels, assembly, 3D facts, step costs, ZoC,
// occupancy, Stairs and stepping off, facing, range bands, LOS, LOS across Levels, Protection.
// Map of M1: Road Tile 10 (x 0-5), Tile 2 (x 6-11, a 3-Level building at x 7-10, y 2-5; door
// on Level 1 at 8,5 south, window at 7,3 west and 10,4 east; Level 2 window 10,3 east; Level 3
// roof), Road Tile 11 (x 12-17). Road 10 has an obstacle line x=3 between y 3 and 5.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleMap, cellKey, CONTENT, edgeKey, cornerKey } from '../../../src/games/agents-of-mayhem/content.js';
import { distance, floor, inFlank, inFront, inside, los, reach, steps, terrainCost, topFloorAtOrBelow, jumpLandings } from '../../../src/games/agents-of-mayhem/geometry.js';
import { band } from '../../../src/games/agents-of-mayhem/rules/combat.js';
import { actionOf } from '../../../src/games/agents-of-mayhem/state.js';
import { fresh, only } from './helpers.js';

const M = CONTENT.missions.M1.compiled;

test('#1 tile/Level authoring: cells, edges (clear/obstacle/wall/opening), corners (clear/obstacle/cover/solid), stairs, explosive spaces', () => {
  assert.equal(M.edges[edgeKey(1, [2, 3], [3, 3])], 'obstacle');
  assert.equal(M.edges[edgeKey(1, [6, 3], [7, 3])], 'opening'); // Level-1 window west
  assert.equal(M.edges[edgeKey(1, [6, 4], [7, 4])], 'wall');
  assert.equal(M.corners[cornerKey(1, 7, 2)], 'obstacle'); // outer building corner
  assert.equal(M.corners[cornerKey(1, 7, 5)], 'solid'); // middle of a wall run
  assert.equal(M.corners[cornerKey(1, 7, 3)], 'cover'); // an Opening's end dot
  assert.ok(M.cells[cellKey(7, 2, 1)].stairs && M.cells[cellKey(7, 2, 2)].stairs);
  assert.ok(M.cells[cellKey(15, 2, 1)].explosive);
});

test('#2 map assembly with rotation and the boundary priority Wall > Cover > Obstacle > Clear/Opening', () => {
  const tiles = CONTENT.tiles;
  const rotated = assembleMap({ placements: [{ tile: '2', origin: [0, 0], rotation: 90 }], entryEdges: {} }, tiles);
  assert.equal(rotated.width, 8); assert.equal(rotated.height, 6);
  // Local cell (1,2) of the 6x8 tile goes to (8-1-2, 1) = (5,1) rotated clockwise.
  assert.ok(rotated.cells[cellKey(5, 1, 3)]);
  assert.ok(!rotated.cells[cellKey(1, 5, 3)]);
  const turned = assembleMap({ placements: [{ tile: '2', origin: [0, 0], rotation: 180 }], entryEdges: {} }, tiles);
  assert.ok(turned.cells[cellKey(4, 5, 2)] && !turned.cells[cellKey(0, 0, 2)]);
  // Two tiles that meet on one edge: the wall wins over the opening.
  const t = { A: { id: 'A', name: 'A', width: 1, height: 1, levels: [{ z: 1, rects: [[0, 0, 1, 1]], edges: [{ a: [0, 0], b: [1, 0], type: 'opening' }] }] },
    B: { id: 'B', name: 'B', width: 1, height: 1, levels: [{ z: 1, rects: [[0, 0, 1, 1]], edges: [{ a: [0, 0], b: [-1, 0], type: 'wall' }] }] } } as never;
  const two = assembleMap({ placements: [{ tile: 'A', origin: [0, 0], rotation: 0 }, { tile: 'B', origin: [1, 0], rotation: 0 }], entryEdges: {} }, t);
  assert.equal(two.edges[edgeKey(1, [0, 0], [1, 0])], 'wall');
});

test('#3 derived 3D facts: floor, inside/outside, topFloorAtOrBelow', () => {
  assert.ok(floor(M, 8, 3, 3) && !floor(M, 5, 3, 2));
  assert.ok(inside(M, M.cells[cellKey(8, 3, 1)]) && inside(M, M.cells[cellKey(8, 3, 2)]));
  assert.ok(!inside(M, M.cells[cellKey(8, 3, 3)]), 'the roof is Outside');
  assert.ok(!inside(M, M.cells[cellKey(2, 2, 1)]));
  assert.equal(topFloorAtOrBelow(M, 8, 3, 4), 3);
  assert.equal(topFloorAtOrBelow(M, 2, 3, 3), 1);
});

test('#4 step cost: orthogonal edge, diagonal corner dot, binary 1/3 MP, walls and Cover dots impassable', () => {
  assert.equal(terrainCost(M, 1, 0, 0, 1, 0), 1);
  assert.equal(terrainCost(M, 1, 2, 3, 3, 3), 3); // obstacle edge
  assert.equal(terrainCost(M, 1, 2, 2, 3, 3), 3); // obstacle corner dot (3,3)
  assert.equal(terrainCost(M, 1, 6, 4, 7, 4), Infinity); // wall
  assert.equal(terrainCost(M, 1, 6, 3, 7, 3), 1); // opening
  assert.equal(terrainCost(M, 1, 0, 5, 1, 6), Infinity); // cover dot (1,6) blocks the diagonal
});

test('#5 ZoC: a step from enemy ZoC to enemy ZoC costs 3, not added to an obstacle; entering ZoC costs nothing extra', () => {
  const s = only(fresh(), { fortune: '1,0,1', 'swarm-1': '2,1,1' });
  const r = reach(s, s.units.fortune, 9);
  assert.equal(r.get('2,0,1')!.cost, 3, 'ZoC to ZoC');
  assert.equal(r.get('0,1,1')!.cost, 1, 'leaving ZoC');
  const t = only(fresh(), { fortune: '2,3,1', 'swarm-1': '2,5,1' });
  // 2,3 -> 3,3 crosses the obstacle edge inside enemy ZoC: 3, not 3 + 3.
  assert.equal(reach(t, t.units.fortune, 9).get('3,3,1')!.cost, 3);
  const u = only(fresh(), { fortune: '0,0,1', 'swarm-1': '2,1,1' });
  assert.equal(reach(u, u.units.fortune, 9).get('1,1,1')!.cost, 1, 'entering ZoC costs nothing extra');
});

test('#6 occupancy: enemy spaces never entered or crossed; friendly spaces crossed but not ended in', () => {
  const s = only(fresh(), { fortune: '0,0,1', hardtack: '1,0,1', 'swarm-1': '0,2,1' });
  const r = reach(s, s.units.fortune, 9);
  assert.ok(!r.has('1,0,1'), 'not ended on a friend');
  assert.ok(r.has('2,0,1'), 'crossed a friend');
  assert.ok(!r.has('0,2,1'), 'never an enemy space');
});

test('#7 Stairs (1 MP between Levels) and stepping off a Level (Controlled Fall, no damage)', () => {
  const st = steps(M);
  assert.deepEqual(st[cellKey(7, 2, 1)].find((e) => e.to === cellKey(7, 2, 2)), { to: '7,2,2', cost: 1, fall: 0 });
  const off = st[cellKey(7, 3, 3)].find((e) => e.to === cellKey(6, 3, 1));
  assert.deepEqual(off, { to: '6,3,1', cost: 1, fall: 2 });
  const s = only(fresh(), { babylon: '7,3,3' });
  assert.equal(reach(s, s.units.babylon, 1).get('6,3,1')?.cost, 1);
});

test('#8 facing: Front = every space ahead plus the two beside; Flank = the rest', () => {
  assert.ok(inFront('5,5,1', 'N', '9,1,1'));
  assert.ok(inFront('5,5,1', 'N', '4,5,1') && inFront('5,5,1', 'N', '6,5,1'));
  assert.ok(!inFront('5,5,1', 'N', '3,5,1') && inFlank('5,5,1', 'N', '3,5,1'));
  assert.ok(inFlank('5,5,1', 'N', '5,6,1') && inFlank('5,5,1', 'E', '4,4,1'));
});

test('#9 Chebyshev range and the three bands in weapon order; Range Down -3 leaves an unusable band', () => {
  assert.equal(distance('0,0,1', '3,2,3'), 3);
  const s = only(fresh(), { fortune: '0,0,1' });
  const f = s.units.fortune; const pistols = actionOf(f, 'pistols')!;
  assert.deepEqual(band(s, f, pistols, 3, null), { color: 'red', dice: 2 });
  assert.deepEqual(band(s, f, pistols, 4, null), { color: 'yellow', dice: 2 });
  assert.deepEqual(band(s, f, pistols, 9, null), { color: 'white', dice: 1 });
  assert.equal(band(s, f, pistols, 10, null), null);
  f.statuses.push({ kind: 'RANGE_DOWN', turn: 0 });
  // L1168: Range Down makes Fortune's red range 0 (unusable) and yellow 3.
  assert.deepEqual(band(s, f, pistols, 1, null), { color: 'yellow', dice: 2 });
  assert.equal(band(s, f, pistols, 4, null)?.color, 'white');
});

test('#10 LOS: closest corner pairs; walls block; an Opening lets LOS through its Cover dot only; inside and outside are separate', () => {
  assert.equal(los(M, '0,0,1', '5,7,1').ok, true);
  assert.equal(los(M, '2,3,1', '4,3,1').ok, true, 'obstacles do not block LOS (L687)');
  assert.equal(los(M, '5,4,1', '8,4,1').ok, false, 'wall between outside and inside');
  const door = los(M, '8,7,1', '8,5,1');
  assert.deepEqual(door, { ok: true, protection: true }, 'through the door to its Cover dot');
  assert.equal(los(M, '12,2,1', '8,3,1').ok, false);
  assert.equal(los(M, '8,3,1', '9,4,1').ok, true, 'within one room');
});

test('#11 LOS across Levels: roofs and floors block, the plateau effect, looking down from the roof edge', () => {
  assert.equal(los(M, '7,4,3', '3,4,1').ok, true, 'from the roof edge');
  assert.equal(los(M, '9,4,3', '3,4,1').ok, false, 'plateau: away from the edge');
  assert.equal(los(M, '7,4,3', '8,4,1').ok, false, 'into a room under the roof');
  assert.equal(los(M, '3,4,1', '7,4,3').ok, true, 'symmetric from below');
});

test('#12 Protection: LOS ending on an Obstacle or Cover dot of the target space, not at Range 1', () => {
  assert.deepEqual(los(M, '0,3,1', '3,3,1'), { ok: true, protection: true });
  assert.deepEqual(los(M, '5,4,1', '3,4,1'), { ok: true, protection: false }, 'the target side of the obstacle is on the far side');
  void jumpLandings;
});

test('#11 LOS between Levels: a line from a higher Level down to a lower one is blocked by walls it crosses at their height and by passing under a roof (spec 2.1.6 [P])', () => {
  // A yard: Level 1 with a free-standing wall (column 2 walled both sides, no roof over it) and a
  // Level-2 platform on column 0. From the platform's rim down to 5,1,1 the line crosses the wall
  // at height 1.75, inside the wall's strip (1 to 2).
  const yard = (walls: boolean) => assembleMap({ placements: [{ tile: 'yard', origin: [0, 0], rotation: 0 }], entryEdges: {} }, {
    yard: { id: 'yard', name: 'yard', width: 6, height: 4, building: true, levels: [
      { z: 1, rects: [[0, 0, 6, 4]], ...(walls ? { walls: { rect: [2, 0, 1, 4], openings: [] } } : {}) },
      { z: 2, rects: [[0, 0, 1, 4]] },
    ] },
  });
  assert.equal(los(yard(true), '0,1,2', '5,1,1').ok, false, 'the wall between the Levels blocks');
  assert.equal(los(yard(true), '5,1,1', '0,1,2').ok, false, 'both ways');
  assert.equal(los(yard(false), '0,1,2', '5,1,1').ok, true, 'without the wall the rim sees down');
  // Mission 2: from the tower roof's west rim the line to 6,3,1 runs under the Warehouse roof (Level 2) at heights 1 to 2.
  const M2 = CONTENT.missions.M2.compiled;
  assert.equal(los(M2, '13,3,3', '6,3,1').ok, false, 'through the Warehouse ground floor');
  assert.equal(los(M2, '13,2,3', '6,0,1').ok, true, 'past the Warehouse\'s north side');
  assert.equal(los(M2, '9,3,2', '13,3,1').ok, true, 'from the Warehouse roof rim into the tower\'s west window (its Cover dot)');
});
