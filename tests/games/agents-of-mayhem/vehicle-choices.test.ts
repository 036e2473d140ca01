// Checklist item #76 (ramming, side swipe): "If a Vehicle Downs an enemy while performing a Drift
// Maneuver, one of the Units Driving gains a Permanent Mayhem Status Marker" (L2138). With two
// drivers on different boards the driving seat names the one (decision `side_swipe`, default the
// first by id); with one driver, or two on the same board (an Elite and its Ally), nobody is asked.
// Mission 2, Road Tile 10 (x 0-5); the MAYHEM car (provisional: Speed 9, Maneuverability 3, white
// ram dice). White d6 faces (helpers.ts): 0 AH, 1 H, 2 P, 3 S, 4-5 blank.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startVehicleTurn } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import type { S, Vehicle } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, type Stepped } from './helpers.js';

function withVehicle(s: S, v: Partial<Vehicle> & Pick<Vehicle, 'id' | 'side' | 'front' | 'back' | 'facing'>): S {
  (s.vehicles ??= []).push({ wounds: 0, driven: false, used: 0, backwards: false, since: null, ...v });
  startVehicleTurn(s);
  return s;
}

/**
 * The car on 1,5 (front) / 1,6 facing N, `front` and `back` riding it, a Swarm Trooper on 2,4:
 * Drift right (the Turn puts the front on 2,5; the Shift north on 2,4 and 1,4) rams it; white 1 H,
 * 1 H, 4, 4 Downs it (Health 2).
 */
function drift(riders: { front: string; back: string }, n = 2): Stepped {
  const s = withVehicle(activeBoard(only(fresh('M2', n), { [riders.front]: '1,5,1', [riders.back]: '1,6,1', 'swarm-1': '2,4,1', babylon: '14,4,3' }), 'fortune'),
    { id: 'mayhem-car', side: 'MAYHEM', front: '1,5,1', back: '1,6,1', facing: 'N' });
  let st = answer(s, { type: 'drive', vehicle: 'mayhem-car', move: 'driftRight' });
  if (kind(st.s) === 'ram_push') st = answer(st.s, cands(st.s)[0], [1, 1, 4, 4]);
  return st;
}

test('#76 side swipe: with two drivers on different boards the driving seat chooses which one gains the Permanent Mayhem Status (L2138); then the Drift goes on', () => {
  const st = drift({ front: 'fortune', back: 'hardtack' });
  assert.equal(st.s.units['swarm-1'].downed, true);
  assert.equal(kind(st.s), 'side_swipe');
  const [d] = rs.pending(st.s);
  assert.equal(d.seat, 0);
  assert.deepEqual(d.exposes, { vehicle: 'mayhem-car', unit: 'swarm-1', drivers: ['fortune', 'hardtack'] });
  assert.deepEqual(cands(st.s), [{ type: 'sideSwipe', driver: 'fortune' }, { type: 'sideSwipe', driver: 'hardtack' }]);
  assert.deepEqual(rs.defaultAction!(st.s, d), { type: 'sideSwipe', driver: 'fortune' }, 'default: the first driver by id');
  assert.equal(refused(st.s, { type: 'sideSwipe', driver: 'babylon' }).code, 'not_a_driver');
  assert.equal(refused(st.s, { type: 'ramPush', to: '3,4,1' }).code, 'wrong_action');
  const car = st.s.vehicles![0];
  assert.deepEqual([car.front, car.back], ['1,5,1', '1,6,1'], 'the car waits for the choice');
  const before = { fortune: st.s.boards.fortune.mayhemStatus, hardtack: st.s.boards.hardtack.mayhemStatus };
  const done = answer(st.s, { type: 'sideSwipe', driver: 'hardtack' });
  assert.deepEqual(ev(done, 'side_swipe'), [{ vehicle: 'mayhem-car', driver: 'hardtack' }]);
  assert.equal(done.s.boards.hardtack.mayhemStatus, before.hardtack + 1);
  assert.equal(done.s.boards.fortune.mayhemStatus, before.fortune);
  const moved = done.s.vehicles![0];
  assert.deepEqual([moved.front, moved.back, done.s.units.fortune.at, done.s.units.hardtack.at], ['2,4,1', '1,4,1', '2,4,1', '1,4,1'], 'then the car and its drivers move');
  assert.equal(kind(done.s), 'turn');
  assert.match(rs.label!(rs.view(st.s, 0), 0, { type: 'sideSwipe', driver: 'hardtack' }), /Hardtack/);
});

test('#76 side swipe: one driver, or two drivers on one board (Fortune and her Ally Glory), are not asked; an enemy riding does not drive', () => {
  const alone = drift({ front: 'fortune', back: 'shock-1' });
  assert.notEqual(kind(alone.s), 'side_swipe');
  assert.deepEqual(ev(alone, 'side_swipe'), [{ vehicle: 'mayhem-car', driver: 'fortune' }], 'the LEGION Shock Trooper on the back rides, it does not drive');
  const shared = drift({ front: 'glory', back: 'fortune' });
  assert.notEqual(kind(shared.s), 'side_swipe');
  assert.deepEqual(ev(shared, 'side_swipe'), [{ vehicle: 'mayhem-car', driver: 'fortune' }], 'the status goes to Fortune\'s board either way');
});

test('#76 side swipe with 4 players: the seat that drove chooses, whoever holds the drivers\' boards', () => {
  const s = withVehicle(activeBoard(only(fresh('M2', 4), { fortune: '1,5,1', hardtack: '1,6,1', 'swarm-1': '2,4,1', babylon: '14,4,3' }), 'hollywood'),
    { id: 'mayhem-car', side: 'MAYHEM', front: '1,5,1', back: '1,6,1', facing: 'N' });
  s.slots[0].seat = 2;
  let st = answer(s, { type: 'drive', vehicle: 'mayhem-car', move: 'driftRight' });
  if (kind(st.s) === 'ram_push') st = answer(st.s, cands(st.s)[0], [1, 1, 4, 4]);
  assert.equal(kind(st.s), 'side_swipe');
  assert.equal(rs.pending(st.s)[0].seat, 2);
});
