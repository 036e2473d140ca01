// Checklist item #73 (summoning, L2057-2074) in Missions 3-6: "If a Mission's Map has Roads,
// civilian Vehicles will move along them and player Vehicles may be summoned" (L2057). Their map
// is M2's (Road Tile 10), so they provide M2's provisional Vehicle tiles (data/vehicles.json
// `missions`): the MAYHEM Pursuit Car and the LEGION Hover APC, summoned as in M2 (L2072-2074).
// With the Golem (M6, a Large Unit on 4 spaces) the rulebook says nothing of Large Units and
// Vehicles [P]: the Golem does not fit on a 2-space tile, so it neither summons nor rides one;
// a vehicle meets it by any of its spaces (summon, drive, ram).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBoard, answer, cands, ev, fresh, only, refused } from './helpers.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { loadVehicles, missionVehicles, riders, startVehicleTurn } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import vehicles from '../../../src/games/agents-of-mayhem/data/vehicles.json' with { type: 'json' };
import type { S, Vehicle } from '../../../src/games/agents-of-mayhem/state.js';

const withVehicle = (s: S, v: Pick<Vehicle, 'id' | 'side' | 'front' | 'back' | 'facing'>): S => {
  (s.vehicles ??= []).push({ wounds: 0, driven: false, used: 0, backwards: false, since: null, ...v });
  startVehicleTurn(s);
  return s;
};

test('#73 Missions 3-6 provide Vehicle tiles (L2057): MAYHEM summons its car paying 3 blue/purple cubes onto Level-1 Outside spaces holding one of its units, which rides it (L2072-2074); LEGION its APC', () => {
  for (const id of ['M3', 'M4', 'M5', 'M6']) {
    assert.deepEqual(missionVehicles(id), ['mayhem-car', 'legion-apc'], id);
    const s = activeBoard(only(fresh(id), { fortune: '1,5,1', babylon: '14,4,3' }), 'fortune');
    s.boards.fortune.cubes.mayhem = 1;
    assert.ok(cands(s).some((a) => a.type === 'summon' && a.vehicle === 'mayhem-car'), `${id}: summoning is a candidate`);
    const st = answer(s, { type: 'summon', vehicle: 'mayhem-car', front: '1,5,1', facing: 'N', pay: 'BBP' });
    assert.deepEqual(ev(st, 'vehicle_summoned')[0], { vehicle: 'mayhem-car', side: 'MAYHEM', board: 'fortune', front: '1,5,1', back: '1,6,1', facing: 'N', pay: 'BBP' }, id);
    assert.equal(refused(st.s, { type: 'summon', vehicle: 'legion-apc', front: '1,4,1', facing: 'N', pay: 'BBP' }).code, 'not_your_vehicle', id);
  }
  // LEGION in M3: Dr. Babylon on the ground by the tower summons the APC.
  const l = activeBoard(only(fresh('M3'), { fortune: '1,5,1', babylon: '12,7,1' }), 'babylon');
  l.boards.babylon.cubes.tech = 3;
  const st = answer(l, { type: 'summon', vehicle: 'legion-apc', front: '12,7,1', facing: 'W', pay: 'BBB' });
  assert.equal(ev(st, 'vehicle_summoned')[0].back, '13,7,1');
  assert.deepEqual(st.s.vehicles!.map((v) => [v.id, v.side, v.front]), [['legion-apc', 'LEGION', '12,7,1']]);
});

test('#73 the loader: every Advanced mission whose map has Roads provides Vehicle tiles to summon (L2057); Basic missions none (L93)', () => {
  const v = structuredClone(vehicles) as { missions: Record<string, string[]> }; delete v.missions.M5;
  assert.throws(() => loadVehicles(v), /vehicles: mission M5 has Roads but no Vehicle tiles to summon \(L2057\)/);
  for (const m of CONTENT.missionList) {
    const roads = m.map.placements.some((p) => /^Road/.test(CONTENT.tiles[p.tile].name));
    assert.equal(missionVehicles(m.id).length > 0, m.rules === 'advanced' && roads, m.id);
  }
});

test('#73 #61 the Golem (a Large Unit, M6) and vehicles [P]: it does not fit on a Vehicle tile, so it summons none and rides none; MAYHEM cannot summon onto any of its spaces; a vehicle driving into any of them Rams it and stays out (it is never pushed, A-12)', () => {
  // The Golem on 15-16,6-7 (north-west 15,6). LEGION: the APC on 15,6 and 14,6 would have the Golem "on top".
  const g = activeBoard(only(fresh('M6'), { golem: '15,6,1', fortune: '1,5,1', babylon: '14,4,3' }), 'golem');
  g.boards.golem.cubes.tech = 3;
  assert.equal(refused(g, { type: 'summon', vehicle: 'legion-apc', front: '15,6,1', facing: 'E', pay: 'BBB' }).code, 'no_unit');
  assert.ok(!cands(g).some((a) => a.type === 'summon'), 'no summon for the Golem alone');
  // A LEGION vehicle under the Golem's north-west space: the Golem is no rider, so it is not Driven.
  const under = withVehicle(activeBoard(only(fresh('M6'), { golem: '15,6,1', fortune: '1,5,1', babylon: '14,4,3' }), 'golem'), { id: 'legion-apc', side: 'LEGION', front: '15,6,1', back: '14,6,1', facing: 'E' });
  assert.deepEqual([riders(under, under.vehicles![0]).length, under.vehicles![0].driven], [0, false]);
  // MAYHEM: the car's back would be on 16,7, one of the Golem's spaces (not its north-west one).
  const m = activeBoard(only(fresh('M6'), { golem: '15,6,1', fortune: '17,7,1', babylon: '14,4,3' }), 'fortune');
  m.boards.fortune.cubes.mayhem = 1;
  assert.equal(refused(m, { type: 'summon', vehicle: 'mayhem-car', front: '17,7,1', facing: 'E', pay: 'BBP' }).code, 'enemy_there');
  // The car (Fortune driving) drives east from 14,7 into 15,7, the Golem's south-west space: a Ram; 4 white blanks; it stays out.
  const d = withVehicle(activeBoard(only(fresh('M6'), { golem: '15,6,1', fortune: '14,7,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '14,7,1', back: '13,7,1', facing: 'E' });
  const st = answer(d, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }, [4, 4, 4, 4]);
  assert.deepEqual(ev(st, 'rammed')[0], { vehicle: 'mayhem-car', unit: 'golem', dice: 'white' });
  assert.deepEqual(ev(st, 'vehicle_stopped')[0], { vehicle: 'mayhem-car', move: 'forward', why: 'ram_blocked' });
  assert.deepEqual([st.s.vehicles![0].front, st.s.units.golem.at], ['14,7,1', '15,6,1']);
});
