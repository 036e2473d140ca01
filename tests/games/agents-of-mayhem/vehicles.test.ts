// Checklist items #73 (summon, driving and riding), #74 (vehicle movement) and #77 (vehicles as
// Targetable Objects) on Mission 2, whose map has Road Tile 10 (x 0-5, Level 1, Outside; Obstacle
// edges between x 2 and 3 on rows 3 and 4) and the Warehouse (Tile 7 rotated, x 7-9 y 2-4 Inside,
// its Opening on the north edge of 8,2). Provisional tiles (data/vehicles.json): the MAYHEM car
// has Speed 9, Maneuverability 3, Strength 4, white ram dice (the rulebook's example, L2176);
// the LEGION APC Speed 7, Maneuverability 4, Strength 5.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, until, type Stepped } from './helpers.js';
import { startVehicleTurn } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import type { S, Vehicle } from '../../../src/games/agents-of-mayhem/state.js';

/** A vehicle already on the map, Driven this Turn if a unit of its Side is on it (the Turn's beginning, spec 7.16.2). */
function withVehicle(s: S, v: Partial<Vehicle> & Pick<Vehicle, 'id' | 'side' | 'front' | 'back' | 'facing'>): S {
  (s.vehicles ??= []).push({ wounds: 0, driven: false, used: 0, backwards: false, since: null, ...v });
  startVehicleTurn(s);
  return s;
}
const car = (s: S) => s.vehicles!.find((v) => v.id === 'mayhem-car')!;
const drive = (st: Stepped | S, move: string) => answer('s' in st ? st.s : st, { type: 'drive', vehicle: 'mayhem-car', move } as never);

test('#73 summon: an Add-on of the activated board paying 3 blue/purple cubes, onto Level-1 Outside spaces with no enemy, one holding a unit of the Side, which rides on it (L2072-2074)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '1,1,1', hardtack: '2,5,1', babylon: '14,4,3' }), 'hardtack');
  s.boards.hardtack.cubes.mayhem = 1;
  const tech = s.boards.hardtack.cubes.tech;
  assert.ok(cands(s).some((a) => a.type === 'summon'), 'summoning is a candidate');
  const st = answer(s, { type: 'summon', vehicle: 'mayhem-car', front: '1,1,1', facing: 'E', pay: 'BBP' });
  assert.deepEqual(ev(st, 'vehicle_summoned')[0], { vehicle: 'mayhem-car', side: 'MAYHEM', board: 'hardtack', front: '1,1,1', back: '0,1,1', facing: 'E', pay: 'BBP' });
  assert.equal(st.s.boards.hardtack.cubes.tech, tech - 2);
  assert.equal(st.s.boards.hardtack.cubes.mayhem, 0);
  assert.equal(st.s.units.fortune.at, '1,1,1', 'Fortune is on top of the tile');
  assert.equal(refused(st.s, { type: 'summon', vehicle: 'mayhem-car', front: '3,1,1', facing: 'E', pay: 'BBB' }).code, 'vehicle_used');
  // Refusals, each on a fresh position.
  const base = () => { const x = activeBoard(only(fresh('M2'), { fortune: '1,1,1', hardtack: '2,5,1', 'swarm-1': '2,1,1', babylon: '8,3,1' }), 'hardtack'); x.boards.hardtack.cubes.mayhem = 3; return x; };
  assert.equal(refused(base(), { type: 'summon', vehicle: 'mayhem-car', front: '2,1,1', facing: 'E', pay: 'PPP' }).code, 'enemy_there');
  assert.equal(refused(base(), { type: 'summon', vehicle: 'mayhem-car', front: '4,6,1', facing: 'E', pay: 'PPP' }).code, 'no_unit');
  assert.equal(refused(base(), { type: 'summon', vehicle: 'mayhem-car', front: '1,1,1', facing: 'E', pay: 'GGG' as never }).code, 'bad_pay');
  assert.equal(refused(base(), { type: 'summon', vehicle: 'legion-apc', front: '1,1,1', facing: 'E', pay: 'PPP' }).code, 'not_your_vehicle');
  const poor = base(); poor.boards.hardtack.cubes.tech = 0; poor.boards.hardtack.cubes.mayhem = 2;
  assert.equal(refused(poor, { type: 'summon', vehicle: 'mayhem-car', front: '1,1,1', facing: 'E', pay: 'BPP' }).code, 'cannot_pay');
  const inside = activeBoard(only(fresh('M2'), { fortune: '8,3,1', hardtack: '2,5,1', babylon: '14,4,3' }), 'hardtack');
  inside.boards.hardtack.cubes.mayhem = 1;
  assert.equal(refused(inside, { type: 'summon', vehicle: 'mayhem-car', front: '8,3,1', facing: 'S', pay: 'BBP' }).code, 'bad_space', 'Inside spaces are not Outside');
  const once = base(); once.slots[0].addons.push('vehicle:summon');
  assert.equal(refused(once, { type: 'summon', vehicle: 'mayhem-car', front: '1,1,1', facing: 'E', pay: 'PPP' }).code, 'addon_used');
});

test('#73 driving: Driven only if a unit of its Side was on it at the beginning of the Turn, so not in the Turn it is summoned; it then moves in each of its Side\'s Turns whatever board is activated, its riders with it (L2078-2086)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '1,1,1', hardtack: '2,5,1', babylon: '14,4,3' }), 'hardtack');
  s.boards.hardtack.cubes.mayhem = 1;
  let st = answer(s, { type: 'summon', vehicle: 'mayhem-car', front: '1,1,1', facing: 'E', pay: 'BBP' });
  assert.equal(refused(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }).code, 'not_driven');
  assert.ok(!cands(st.s).some((a) => a.type === 'drive'));
  const turn = st.s.turnNo;
  // The real Turn sequence: MAYHEM ends, LEGION plays (the car may not move then), MAYHEM's next Turn.
  st = until(st.s, (x) => x.side === 'LEGION' && kind(x) === 'turn', { LEGION: 'babylon', MAYHEM: 'hollywood' });
  assert.equal(refused(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }).code, 'not_your_turn');
  st = until(st.s, (x) => x.side === 'MAYHEM' && x.turnNo > turn + 1 && kind(x) === 'turn', { LEGION: 'babylon', MAYHEM: 'hollywood' });
  assert.equal(car(st.s).driven, true);
  st = drive(st, 'forward');
  assert.deepEqual([car(st.s).front, car(st.s).back, st.s.units.fortune.at], ['2,1,1', '1,1,1', '2,1,1'], 'Hollywood is activated; Fortune rides along');
  assert.deepEqual(ev(st, 'vehicle_moved')[0].riders, ['fortune']);
  const svg = String(rs.render!(rs.view(st.s, 1), { seat: 1 } as never));
  assert.match(svg, /data-vehicle="mayhem-car"/, 'the picture shows the vehicle');
  // An enemy may ride but never drive: a LEGION unit alone on the car does not make it Driven.
  const e = withVehicle(activeBoard(only(fresh('M2'), { 'swarm-1': '1,1,1', hardtack: '2,5,1', babylon: '14,4,3' }), 'hardtack'), { id: 'mayhem-car', side: 'MAYHEM', front: '1,1,1', back: '0,1,1', facing: 'E' });
  assert.equal(refused(e, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }).code, 'not_driven');
  // Two drivers, one on each half, both move with it.
  const two = withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,1,1', hardtack: '0,1,1', babylon: '14,4,3' }), 'hardtack'), { id: 'mayhem-car', side: 'MAYHEM', front: '1,1,1', back: '0,1,1', facing: 'E' });
  const t2 = drive(two, 'forward');
  assert.deepEqual([t2.s.units.fortune.at, t2.s.units.hardtack.at], ['2,1,1', '1,1,1']);
});

test('#73 bailing: once every driver has left, the vehicle may still move forward but not maneuver (L2110-2112)', () => {
  const s = withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,1,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '1,1,1', back: '0,1,1', facing: 'E' });
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '1,3,1', facing: 'N' });
  assert.equal(refused(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'turnLeft' }).code, 'bailed');
  assert.equal(refused(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'backward' }).code, 'bailed');
  st = drive(st, 'forward');
  assert.equal(car(st.s).front, '2,1,1');
});

test('#74 straight and backwards: 1 MP a space up to Speed; moving backwards at all makes the Speed 3 for the Turn (L2090-2092)', () => {
  const fresh2 = () => withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,0,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '1,0,1', back: '1,1,1', facing: 'N' });
  // Facing S from 1,0/1,1 is not possible (1,-1 is off the map): drive the car south by turning it round first.
  let st: Stepped = { s: withVehicle(activeBoard(only(fresh('M2'), { fortune: '0,0,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '0,1,1', back: '0,0,1', facing: 'S' }), ev: [] };
  for (let i = 0; i < 6; i++) st = drive(st, 'forward');
  assert.deepEqual([car(st.s).front, car(st.s).back, car(st.s).used], ['0,7,1', '0,6,1', 6]);
  assert.equal(refused(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }).code, 'off_map', 'vehicles cannot leave the map');
  assert.equal(refused(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'backward' }).code, 'no_mp', '6 MP used: backwards would make its Speed 3');
  // Speed 9: the tenth MP is refused.
  st = { s: withVehicle(activeBoard(only(fresh('M2'), { fortune: '0,0,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '1,0,1', back: '0,0,1', facing: 'E' }), ev: [] };
  for (let i = 0; i < 4; i++) st = drive(st, 'forward');
  st = drive(st, 'turnRight');
  for (let i = 0; i < 4; i++) st = drive(st, 'forward');
  assert.equal(car(st.s).used, 9);
  assert.equal(refused(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }).code, 'no_mp');
  // Backwards: 3 spaces, then nothing more this Turn.
  st = { s: fresh2(), ev: [] };
  st = drive(st, 'backward');
  assert.deepEqual([car(st.s).front, car(st.s).back, st.s.units.fortune.at], ['1,1,1', '1,2,1', '1,1,1']);
  st = drive(drive(st, 'backward'), 'backward');
  assert.equal(refused(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }).code, 'no_mp');
});

test('#74 maneuvers: Turn, Shift and Drift cost 1 MP each; Maneuverability spaces straight or backwards between two maneuvers (L2096-2102)', () => {
  const at = (facing: 'N' | 'E', front: string, back: string) => withVehicle(activeBoard(only(fresh('M2'), { fortune: back, babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front, back, facing });
  // Turn right from N at 1,5/1,6: the front to 2,5, the back into 1,5, now facing E.
  let st = drive(at('N', '1,5,1', '1,6,1'), 'turnRight');
  assert.deepEqual([car(st.s).front, car(st.s).back, car(st.s).facing, car(st.s).used, st.s.units.fortune.at], ['2,5,1', '1,5,1', 'E', 1, '1,5,1']);
  st = drive(at('N', '1,5,1', '1,6,1'), 'shiftLeft');
  assert.deepEqual([car(st.s).front, car(st.s).back, car(st.s).facing], ['0,5,1', '0,6,1', 'N']);
  // Drift right: Turn (front 2,5, back 1,5, facing E), then Shift north, the pre-Turn facing: 2,4 and 1,4, 1 MP in all.
  st = drive(at('N', '1,5,1', '1,6,1'), 'driftRight');
  assert.deepEqual([car(st.s).front, car(st.s).back, car(st.s).facing, car(st.s).used, st.s.units.fortune.at], ['2,4,1', '1,4,1', 'E', 1, '1,4,1']);
  // Maneuverability 3: two spaces are not enough, the third is.
  st = drive(at('N', '1,5,1', '1,6,1'), 'turnRight');
  st = drive(drive(st, 'forward'), 'forward');
  assert.equal(refused(st.s, { type: 'drive', vehicle: 'mayhem-car', move: 'turnLeft' }).code, 'maneuverability');
  st = drive(st, 'forward');
  st = drive(st, 'turnLeft');
  assert.equal(car(st.s).facing, 'N');
});

test('#74 obstacles cost 3 MP and give the vehicle a Hit; walls stop it; it may drive Inside through an Opening (L2104-2106)', () => {
  let st = drive(withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,3,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '2,3,1', back: '1,3,1', facing: 'E' }), 'forward');
  assert.deepEqual([car(st.s).front, car(st.s).used, car(st.s).wounds], ['3,3,1', 3, 1]);
  assert.deepEqual(ev(st, 'vehicle_hit')[0], { vehicle: 'mayhem-car', hits: 1, wounds: 1, strength: 4 });
  // Shift across the Obstacle edges of rows 3 and 4 at once: one Obstacle crossing of the maneuver, 3 MP, 1 Hit.
  st = drive(withVehicle(activeBoard(only(fresh('M2'), { fortune: '2,3,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '2,3,1', back: '2,4,1', facing: 'N' }), 'shiftRight');
  assert.deepEqual([car(st.s).front, car(st.s).back, car(st.s).used, car(st.s).wounds], ['3,3,1', '3,4,1', 3, 1]);
  // The Warehouse wall (x 7, row 2) stops it; its Opening lets it in.
  const wall = withVehicle(activeBoard(only(fresh('M2'), { fortune: '7,0,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '7,1,1', back: '7,0,1', facing: 'S' });
  assert.equal(refused(wall, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }).code, 'wall');
  st = drive(withVehicle(activeBoard(only(fresh('M2'), { fortune: '8,0,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '8,1,1', back: '8,0,1', facing: 'S' }), 'forward');
  st = drive(st, 'forward');
  assert.deepEqual([car(st.s).front, car(st.s).back, st.s.units.fortune.at, car(st.s).used], ['8,3,1', '8,2,1', '8,2,1', 2], 'both halves Inside the Warehouse');
  // Another unit in the way: ramming is not modelled, so the step is refused.
  const blocked = withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,1,1', hardtack: '2,1,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '1,1,1', back: '0,1,1', facing: 'E' });
  assert.equal(refused(blocked, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }).code, 'space_taken');
});

test('#77 vehicles are Targetable Objects: an attack on a unit on an enemy vehicle rolls against both; the vehicle alone may be attacked; Hits are Wounds, destroyed at Strength, units stay (L2140-2146)', () => {
  const apc = (x: S) => withVehicle(x, { id: 'legion-apc', side: 'LEGION', front: '4,1,1', back: '5,1,1', facing: 'W' });
  const s = apc(activeBoard(only(fresh('M2'), { fortune: '1,1,1', 'swarm-1': '4,1,1', babylon: '14,4,3' }), 'fortune'));
  // Pistols at distance 3: red band, 2 d12. The Swarm Trooper is rolled against first (5 H, 8 P: it stays, no push), then the APC (5 H, 6 H).
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '4,1,1' });
  assert.equal(kind(st.s), 'dash_window', 'the Swarm Trooper may Dash first');
  const declared = st.ev;
  const all = answer(st.s, { type: 'pass' }, [5, 8]);
  assert.equal(kind(all.s), 'push', 'the Push result on the Swarm Trooper');
  st = answer(all.s, { type: 'push', to: null }, [5, 6]);
  st = { s: st.s, ev: [...declared, ...all.ev, ...st.ev] };
  assert.equal(kind(st.s), 'turn');
  const rolls = ev(st, 'dice_rolled');
  assert.equal(rolls.length, 2);
  assert.equal(rolls[1].vehicle, 'legion-apc');
  assert.deepEqual(rolls[1].dice, ['red', 'red']);
  assert.deepEqual(rolls[1].mods, {}, 'no Protection, not Flanked');
  assert.deepEqual(ev(st, 'vehicle_hit')[0], { vehicle: 'legion-apc', hits: 2, wounds: 2, strength: 5 });
  assert.deepEqual(ev(st, 'attack_declared')[0].units, ['swarm-1']);
  // An empty enemy vehicle is a target too; the last Wounds destroy it, and a rider stays on its space.
  const empty = apc(activeBoard(only(fresh('M2'), { fortune: '1,1,1', 'swarm-1': '5,1,1', babylon: '14,4,3' }), 'fortune'));
  empty.vehicles![0].wounds = 4;
  // The empty front half at distance 3: red band, 2 d12 (5 H, 9 P).
  st = answer(empty, { type: 'act', unit: 'fortune', action: 'pistols', target: '4,1,1' }, [5, 9]);
  assert.equal(st.s.vehicles![0].destroyed, true);
  assert.equal(st.s.units['swarm-1'].at, '5,1,1', 'the rider stays where the tile was');
  st.s.slots[0].main = false;
  assert.equal(refused(st.s, { type: 'act', unit: 'fortune', action: 'pistols', target: '4,1,1' }).code, 'no_enemy', 'its tile is removed');
  assert.equal(ev(st, 'vehicle_destroyed').length, 1);
  // Its own Side may not attack it; a friendly vehicle is no target (spec 7.5).
  const own = withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,1,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '3,1,1', back: '4,1,1', facing: 'W' });
  assert.equal(refused(own, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }).code, 'no_enemy');
});

test('#77 an AoE covering both halves of a vehicle attacks it once; no statuses, no healing (L2140-2146)', () => {
  // Hollywood's Gold Standard within range 2 has AREA 2: the APC's two halves are both in it.
  const s = withVehicle(activeBoard(only(fresh('M2'), { hollywood: '2,1,1', babylon: '14,4,3' }), 'hollywood'), { id: 'legion-apc', side: 'LEGION', front: '3,1,1', back: '4,1,1', facing: 'W' });
  let st = answer(s, { type: 'act', unit: 'hollywood', action: 'goldstandard', target: '3,1,1' }, [5, 5, 11]);
  const rolls = ev(st, 'dice_rolled').filter((r) => r.vehicle === 'legion-apc');
  assert.equal(rolls.length, 1, 'one roll');
  assert.deepEqual(ev(st, 'attack_declared')[0].vehicles, ['legion-apc']);
  assert.equal(st.s.vehicles![0].wounds, 2);
  assert.equal('statuses' in st.s.vehicles![0], false, 'a vehicle holds no status markers');
  // The Wounds stay through the Refresh Phase and the next Turns (no healing).
  st = until(st.s, (x) => x.turnNo >= s.turnNo + 2 && kind(x) === 'turn', { MAYHEM: 'hollywood', LEGION: 'babylon' });
  assert.equal(st.s.vehicles![0].wounds, 2);
});

test('#76 ramming: entering an enemy\'s space pushes it one space farther (the driving Side chooses), then 4 dice of the vehicle\'s type with no modifiers; the vehicle moves in (L2128-2134)', () => {
  const s = withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,1,1', 'shock-1': '2,1,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '1,1,1', back: '0,1,1', facing: 'E' });
  s.units['shock-1'].statuses = [{ kind: 'DEFENSE_DOWN', turn: s.turnNo }];
  let st = drive(s, 'forward');
  assert.equal(kind(st.s), 'ram_push');
  assert.deepEqual(cands(st.s), [{ type: 'ramPush', to: '3,0,1' }, { type: 'ramPush', to: '3,1,1' }, { type: 'ramPush', to: '3,2,1' }], 'one space farther from the car');
  assert.equal(refused(st.s, { type: 'ramPush', to: '2,2,1' }).code, 'bad_push');
  // White d6: 1 H, 1 H, 4 blank, 2 P: 2 Hits (Defense Down adds nothing: no bonuses or penalties) and a Push.
  st = answer(st.s, { type: 'ramPush', to: '3,2,1' }, [1, 1, 4, 2]);
  assert.equal(st.s.units['shock-1'].at, '3,2,1');
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['white', 'white', 'white', 'white']);
  assert.deepEqual(ev(st, 'dice_rolled')[0].mods, {});
  assert.deepEqual(ev(st, 'rammed')[0], { vehicle: 'mayhem-car', unit: 'shock-1', dice: 'white' });
  // A Ram is an attack: the rammed unit's Side may Block after the roll (W-postroll).
  assert.equal(kind(st.s), 'block');
  assert.equal(rs.pending(st.s)[0].seat, 1);
  st = answer(st.s, { type: 'block', times: 0 });
  assert.equal(st.s.units['shock-1'].hits, 2);
  // The Push result: farther from 1,1, where the car came from; MAYHEM chooses.
  assert.equal(kind(st.s), 'push');
  assert.equal(rs.pending(st.s)[0].seat, 0);
  assert.ok(cands(st.s).some((a) => a.type === 'push' && a.to === '4,3,1'));
  st = answer(st.s, { type: 'push', to: '4,3,1' });
  assert.equal(st.s.units['shock-1'].at, '4,3,1');
  assert.deepEqual([car(st.s).front, st.s.units.fortune.at, car(st.s).used], ['2,1,1', '2,1,1', 1], 'then the car moves in');
});

test('#76 a unit is Rammed at most once a Turn but pushed each time; a unit that cannot be pushed keeps the vehicle out and is still attacked (L2130, L2136)', () => {
  const s = withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,1,1', 'shock-1': '2,1,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '1,1,1', back: '0,1,1', facing: 'E' });
  let st = answer(drive(s, 'forward').s, { type: 'ramPush', to: '3,1,1' }, [4, 4, 4, 4]);
  assert.equal(ev(st, 'rammed').length, 1);
  st = drive(st, 'forward');
  st = answer(st.s, { type: 'ramPush', to: '4,1,1' }, [1, 1, 1, 1]);
  assert.equal(st.s.units['shock-1'].at, '4,1,1', 'pushed again');
  assert.equal(ev(st, 'rammed').length, 0, 'not attacked again this Turn');
  assert.equal(st.s.units['shock-1'].hits, 0);
  // In the corner with both other spaces taken: no push, the car stays out, the Ram still attacks.
  const c = withVehicle(activeBoard(only(fresh('M2'), { fortune: '0,1,1', 'shock-1': '0,0,1', hardtack: '1,0,1', hollywood: '1,1,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '0,1,1', back: '0,2,1', facing: 'N' });
  st = answer(c, { type: 'drive', vehicle: 'mayhem-car', move: 'forward' }, [1, 4, 4, 4]);
  assert.equal(kind(st.s), 'block', 'no push to choose: the Ram Attack is rolled at once');
  st = answer(st.s, { type: 'block', times: 0 });
  assert.deepEqual([car(st.s).front, car(st.s).used, st.s.units['shock-1'].at, st.s.units['shock-1'].hits], ['0,1,1', 1, '0,0,1', 1]);
  assert.equal(ev(st, 'vehicle_stopped')[0].why, 'ram_blocked');
});

test('#76 side swipe: an enemy Downed by a Drift\'s Ram gives a driver a Permanent Mayhem Status; a bailed vehicle still rams going forward (L2112, L2138)', () => {
  // Drift right from 1,5/1,6 facing N: the Turn puts the front on 2,5, the Shift north on 2,4 and 1,4, where the Swarm Trooper stands.
  const s = withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,5,1', 'swarm-1': '2,4,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '1,5,1', back: '1,6,1', facing: 'N' });
  const before = s.boards.fortune.mayhemStatus;
  let st = drive(s, 'driftRight');
  assert.equal(kind(st.s), 'ram_push');
  st = answer(st.s, { type: 'ramPush', to: cands(st.s)[0].type === 'ramPush' ? (cands(st.s)[0] as { to: string }).to : '' }, [1, 1, 4, 4]);
  assert.equal(st.s.units['swarm-1'].downed, true);
  assert.deepEqual(ev(st, 'side_swipe')[0], { vehicle: 'mayhem-car', driver: 'fortune' });
  assert.equal(st.s.boards.fortune.mayhemStatus, before + 1);
  assert.deepEqual([car(st.s).front, car(st.s).back], ['2,4,1', '1,4,1']);
  // Bailed: Fortune steps off, the car goes forward alone and rams.
  const b = withVehicle(activeBoard(only(fresh('M2'), { fortune: '1,1,1', 'shock-1': '3,1,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '2,1,1', back: '1,1,1', facing: 'E' });
  let bs = answer(b, { type: 'act', unit: 'fortune', action: 'sprint' });
  st = bs;
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '1,3,1', facing: 'N' });
  st = drive(st, 'forward');
  assert.equal(kind(st.s), 'ram_push');
});

test('#77 an Explosion attacks a vehicle in its area once, 4 dice, Hits as Wounds (spec 7.16.4: Targetable Objects)', () => {
  const s = withVehicle(activeBoard(only(fresh('M2'), { fortune: '0,7,1', babylon: '14,4,3' }), 'fortune'), { id: 'mayhem-car', side: 'MAYHEM', front: '3,1,1', back: '2,1,1', facing: 'E' });
  const ex = s.explosions!;
  ex.placed.push({ n: ex.next++, at: '3,1,1', marker: null, faceUp: false, turn: s.turnNo - 1, statuses: [], by: 'LEGION' });
  // The pile's index 8 is S1a (Small: 4 white d6, AoE 0); faces 1 H, 1 H, 0 AH, 4 blank.
  const st = answer(s, { type: 'end' }, [8, 1, 1, 0, 4]);
  const rolls = ev(st, 'dice_rolled').filter((r) => r.vehicle === 'mayhem-car');
  assert.equal(rolls.length, 1);
  assert.deepEqual(rolls[0].dice, ['white', 'white', 'white', 'white']);
  assert.equal(car(st.s).wounds, 3);
});
