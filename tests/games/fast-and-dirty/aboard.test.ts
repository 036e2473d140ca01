// Checklist item #85, transports (§2.5, §4.2, source p.10-11, p.44, p.54): squads starting the
// game aboard a transport of their force list, the Cybertank carrying no one, and the Air Mobile
// trait (getting out of an airborne Fly/Grav vehicle without it touching down).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildVehicle, driveCandidates } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { autoPlace, boardProblem } from '../../../src/games/fast-and-dirty/rules/transport.js';
import type { Action } from '../../../src/games/fast-and-dirty/state.js';
import { fastAndDirty } from '../../../src/games/fast-and-dirty/index.js';
import { isViolation } from '../../../src/engine/types.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import { act, evOf, seats, squad, unitOf, vehicleScene } from './helpers.js';

type Drive = Extract<Action, { type: 'drive' }>;
const setupWith = (list: unknown[]) => fastAndDirty.setup({ scenario: 'firefight', seats, options: { forces: { 0: list } } }, { seq: 0, rng: scriptedRng([], 'aboard') });

test('#85 starting aboard: a force-list squad with `aboard` begins the game embarked in its transport, which may set it down', () => {
  const r = setupWith([{ name: 'Carrier', vehicle: 'apc', quality: 'regular' }, { ...squad('regular', 5), name: 'Rifles', aboard: 'Carrier' }]);
  assert.ok(!isViolation(r), isViolation(r) ? r.message : '');
  const s = r.state;
  const rifles = unitOf(s, 'A2');
  assert.equal(rifles.embarked, 'A1');
  // Aboard, the transport's sampled orders include getting the squad out.
  const v = unitOf(s, 'A1');
  s.phase = 'order'; s.active = 'A1'; s.toAct = 0;
  const out = (driveCandidates(s, v) as Drive[]).filter((a) => a.disembark?.unit === 'A2');
  assert.equal(out.length, 1);
  const done = act(s, out[0]);
  assert.equal(unitOf(done.s, 'A2').embarked, null);
  assert.equal(evOf(done.events, 'disembarked')[0].transport, 'A1');
});

test('#85 starting aboard: capacity is checked at set-up; only a transport of the same list; a Cybertank carries no one', () => {
  const over = setupWith([{ name: 'Jeep', vehicle: 'lightCarrier', quality: 'regular' }, { ...squad('regular', 7), name: 'Big', aboard: 'Jeep' }]);
  assert.ok(isViolation(over) && over.code === 'over_capacity', isViolation(over) ? over.code : 'accepted');
  const two = setupWith([{ name: 'Jeep', vehicle: 'lightCarrier', quality: 'regular' }, { ...squad('regular', 4), name: 'S1', aboard: 'Jeep' }, { ...squad('regular', 3), name: 'S2', aboard: 'Jeep' }]);
  assert.ok(isViolation(two) && two.code === 'over_capacity', 'two squads, 7 figures in 6 places');
  const tank = setupWith([{ name: 'Tank', vehicle: 'lightTank', quality: 'regular' }, { ...squad('regular', 3), name: 'S1', aboard: 'Tank' }]);
  assert.ok(isViolation(tank) && tank.code === 'not_a_transport');
  const cyber = setupWith([{ name: 'Ogre', vehicle: 'cybertank', quality: 'regular' }, { ...squad('regular', 3), name: 'S1', aboard: 'Ogre' }]);
  assert.ok(isViolation(cyber) && cyber.code === 'not_a_transport', 'Cybertanks may not transport infantry');
  // Nor may a squad board a Cybertank during the game.
  const s = vehicleScene('ab-cyber', { squads: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[2000, 1445]] }], vehicles: [buildVehicle({ name: 'X', vehicle: 'cybertank', quality: 'regular' }, 'X', 0, [2000, 1000])], active: 'A1' });
  assert.equal(boardProblem(s, unitOf(s, 'A1'), 'X', new Map())?.code, 'not_a_transport');
});

test('#85 Air Mobile: getting out of an airborne Fly/Grav vehicle does not touch it down, unless heavy weapons get out', () => {
  const mk = (name: string, traits: string[], heavy = false) => {
    const spec = squad('regular', 3, heavy ? { support: 'heavyMG' } : {});
    spec.traits = traits;
    const g = buildVehicle({ name: 'G', vehicle: 'gravCarrier', quality: 'regular' }, 'G', 0, [2000, 2000]);
    const s = vehicleScene(name, { squads: [{ id: 'A1', side: 0, spec, at: [[2000, 2000], [2000, 2000], [2000, 2000], [2000, 2000]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[2000, 4500]] }], vehicles: [g], active: 'G' });
    unitOf(s, 'A1').embarked = 'G';
    return s;
  };
  const out = (s: ReturnType<typeof mk>) => {
    const g = unitOf(s, 'G');
    const at = autoPlace(s, g, unitOf(s, 'A1'))!;
    return act(s, { type: 'drive', speed: 'stationary', path: [], heading: g.vehicle!.heading, fire: [], disembark: { unit: 'A1', at } });
  };
  const air = out(mk('ab-air', ['airMobile']));
  assert.equal(evOf(air.events, 'air_mobile').length, 1);
  assert.ok(!unitOf(air.s, 'G').vehicle!.touchedDown, 'still airborne');
  const plain = out(mk('ab-plain', []));
  assert.equal(unitOf(plain.s, 'G').vehicle!.touchedDown, true);
  const heavy = out(mk('ab-heavy', ['airMobile'], true));
  assert.equal(unitOf(heavy.s, 'G').vehicle!.touchedDown, true, 'heavy weapons: the vehicle touches down');
});

