// The analysis position format (position.ts) with traffic (#78, #79): drones on the map (front
// space, facing, Wounds, the lane each drives), the drone tiles still to enter and how many have
// entered, and this Turn's drone Rams round-trip through export and import. Player vehicles:
// vehicle-positions.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answer, atActivation, fresh, playDefaultsUntil, positionRoundTrip, rs, until, withDrone } from './helpers.js';
import { isViolation, type Violation } from '../../../src/engine/types.js';
import { agentsPosition } from '../../../src/games/agents-of-mayhem/position.js';
import type { S } from '../../../src/games/agents-of-mayhem/state.js';

type Pos = Record<string, any>; // a position as JSON, mutated freely by the refusal cases
const toPos = (s: S) => agentsPosition.toPosition(s) as Pos;
const fromPos = (p: Pos, mission: string) => agentsPosition.fromPosition(structuredClone(p), fresh(mission)) as S;
const code = (p: Pos, mission: string) => (agentsPosition.fromPosition(structuredClone(p), fresh(mission)) as Violation).code;

test('#78 #79 positions with drones: a played Mission 2 whose drones have entered (one left again) exports its drones and supply, imports to the same traffic, and plays on the same', () => {
  // Fortune and Dr. Babylon activate and end until two drones have entered (drone-1 has already left at the north edge).
  const st = until(fresh('M2'), (x) => (x.traffic?.next ?? 0) >= 2 && x.phase === 'activate' && !x.stack.length, { MAYHEM: 'fortune', LEGION: 'babylon' });
  const p = toPos(st.s);
  assert.ok(!isViolation(p), (p as unknown as Violation).message);
  assert.deepEqual(p.drones, { 'drone-2': { front: '2,6,1', facing: 'N', wounds: 0, lane: 0 } });
  assert.deepEqual(p.traffic, { supply: ['drone-1'], next: 2 });
  const s = fromPos(p, 'M2');
  assert.ok(!isViolation(s));
  assert.deepEqual(s.vehicles, st.s.vehicles);
  assert.deepEqual(s.traffic, st.s.traffic);
  assert.deepEqual(toPos(s), p, 'export, import, export: the same position');
  // LEGION has drawn L01 (Drone Movement 2, Spawn): from both, Dr. Babylon activates and ends; the drones move alike.
  const go = (x: S) => answer(answer(x, { type: 'activate', board: 'babylon' }).s, { type: 'end' }).s;
  const [a, b] = [go(st.s), go(s)];
  assert.deepEqual(b.vehicles, a.vehicles);
  assert.deepEqual(b.traffic, a.traffic);
  assert.ok(a.vehicles!.some((v) => v.id === 'drone-1'), 'drone-1 came back on');
});

test('#78 positions with drones at a bend and past a junction (Mission 7 without its player vehicles): each drone keeps the lane it came by, its facing and Wounds; this Turn\'s drone Rams are kept', () => {
  const s0 = fresh('M7');
  s0.vehicles = s0.vehicles!.filter((v) => v.side === null); // drone-3 (lane 1) stays
  const s = withDrone(withDrone(s0, 'drone-1', 2, '2,12,1'), 'drone-2', 2, '3,14,1');
  s.vehicles!.find((v) => v.id === 'drone-1')!.wounds = 2;
  s.traffic!.next = 3;
  s.rammed = { turn: s.turnNo, units: ['drone-1>fortune'] };
  const p = toPos(s);
  assert.ok(!isViolation(p), (p as unknown as Violation).message);
  assert.deepEqual(p.drones, {
    'drone-3': { front: '21,5,1', facing: 'S', wounds: 0, lane: 1 },
    'drone-1': { front: '2,12,1', facing: 'N', wounds: 2, lane: 2 },
    'drone-2': { front: '3,14,1', facing: 'W', wounds: 0, lane: 2 },
  });
  assert.deepEqual(p.rammed, ['drone-1>fortune']);
  const back = fromPos(p, 'M7');
  assert.deepEqual(back.vehicles!.filter((v) => v.side === null), s.vehicles);
  assert.deepEqual([back.traffic, back.rammed], [s.traffic, s.rammed]);
  // Without a lane, a drone drives the first lane it lies on (past the junction the two lanes are the same road).
  const q = structuredClone(p); delete q.drones['drone-1'].lane;
  assert.equal(fromPos(q, 'M7').vehicles!.find((v) => v.id === 'drone-1')!.lane, 0);
  // A stale Ram of an earlier Turn is not part of the position.
  s.rammed = { turn: s.turnNo - 1, units: ['drone-1>fortune'] };
  assert.deepEqual(toPos(s).rammed, []);
});

test('#78 positions with drones: impossible traffic is refused with a code naming it', () => {
  const s0 = fresh('M7');
  s0.vehicles = s0.vehicles!.filter((v) => v.side === null);
  const good = toPos(withDrone(s0, 'drone-1', 0, '2,12,1'));
  const bad = (mutate: (p: Pos) => void, mission = 'M7') => { const p = structuredClone(good); mutate(p); return code(p, mission); };
  assert.equal(bad((p) => { p.drones['drone-1'].front = '5,5,1'; }), 'off_road', 'not on a Road lane');
  assert.equal(bad((p) => { p.drones['drone-1'].facing = 'S'; }), 'off_road', 'against the arrows');
  assert.equal(bad((p) => { p.drones['drone-1'].lane = 1; }), 'off_road', 'not on the lane named');
  assert.equal(bad((p) => { p.traffic.supply.push('drone-1'); }), 'card_in_two_places', 'on the map and in the supply');
  assert.equal(bad((p) => { delete p.drones['drone-1']; }), 'card_missing', 'nowhere');
  assert.equal(bad((p) => { p.drones['drone-9'] = { destroyed: true }; }), 'unknown_card', 'no drone tile of the mission');
  assert.equal(bad((p) => { p.drones['drone-2'] = { front: '2,11,1', facing: 'N' }; p.traffic.supply = []; }), 'space_taken', 'two drones on 2,11');
  assert.equal(bad((p) => { p.drones['drone-1'].wounds = 3; }), 'over_strength', 'Strength 3');
  assert.equal(bad((p) => { p.rammed = ['drone-1>nobody']; }), 'bad_rammed');
  // A destroyed drone is neither on the map nor in the supply.
  const gone = structuredClone(good); gone.drones['drone-2'] = { destroyed: true }; gone.traffic.supply = [];
  const g = fromPos(gone, 'M7');
  assert.ok(!isViolation(g));
  assert.equal(g.vehicles!.find((v) => v.id === 'drone-2')!.destroyed, true);
  // Mission 1 (Basic) has no traffic.
  const m1 = toPos(fresh('M1'));
  assert.equal(code({ ...m1, drones: {} }, 'M1'), 'no_traffic');
  // A position written before traffic was in the format: the mission's set-up traffic.
  const old = toPos(fresh('M2')); delete old.drones; delete old.traffic; delete old.rammed;
  assert.deepEqual(fromPos(old, 'M2').traffic, { supply: ['drone-1', 'drone-2'], next: 0 });
});

test('#73 player vehicles are in the position format too (vehicle-positions.test.ts): Mission 7 with its set-up vehicles and drone exports', () => {
  const p = agentsPosition.toPosition(fresh('M7'));
  assert.ok(!isViolation(p), (p as unknown as Violation).message);
  assert.deepEqual(Object.keys((p as Pos).vehicles), ['mayhem-car', 'legion-apc']);
  assert.deepEqual(Object.keys((p as Pos).drones), ['drone-3']);
});

test('#78 #79 #82 positions with drones, 3 and 4 players (the Sides\' boards shared out, two slots a Side): played Mission 2 positions with drones on the map round-trip; every seat sees the import as the game; no seat\'s view or position depends on the other Side\'s hidden cards', () => {
  for (const n of [3, 4]) {
    let s = fresh('M2', n);
    let checked = 0; let secrets = 0;
    // At each activation once two drones have entered, for a while: both slots of a Turn are met.
    for (let k = 0; k < 6; k++) {
      s = playDefaultsUntil(s, (x) => atActivation(x) && (x.traffic?.next ?? 0) >= 2 && x.vehicles!.some((v) => v.side === null && !v.destroyed));
      const p = rs.position!.toPosition(s) as Record<string, any>;
      if (isViolation(p)) { s = playDefaultsUntil(s, (x) => !atActivation(x)); continue; } // beyond the format (an explosion, a timer)
      assert.ok(Object.keys(p.drones).length > 0, `${n} players: drones in the position`);
      secrets += positionRoundTrip(s);
      checked++;
      s = playDefaultsUntil(s, (x) => !atActivation(x));
    }
    assert.ok(checked >= 3, `${n} players: ${checked} positions checked`);
    assert.ok(secrets > 0, `${n} players: some seat had a hidden card to be kept from`);
  }
});
