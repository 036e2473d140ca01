// Checklist item #87, assaulting vehicles (§6.11, source p.22, p.50): Tank Hunter (+1 to the
// nerve test, +2 when close-assaulting vehicles) and AT grenades as per-figure equipment
// (an AT-capable close weapon, AT +4 [P]).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import { CONTENT, trooperCost } from '../../../src/games/fast-and-dirty/content.js';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Unit } from '../../../src/games/fast-and-dirty/state.js';
import { act, evOf, faces, squad, unitOf, vehicleScene } from './helpers.js';

/** A light tank (rear armour 6) facing away from the squad, its crew stunned (System Kill: no defensive shot). */
function tank(): Unit {
  const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 1, [2000, 2000]);
  t.vehicle!.heading = 0;
  t.vehicle!.status = 'systemKill';
  return t;
}
const at: Pt[] = [[1800, 1300], [2000, 1300], [2200, 1300], [2000, 1450]];
const moves = [{ fig: 'A1.4', path: [[2000, 1675]] as Pt[] }];
function scene(name: string, o: { grenades?: boolean; traits?: string[] } = {}) {
  const spec = squad('regular', 4);
  if (o.grenades) spec.figures = [{ weapon: 'assaultRifle', armour: 'light', count: 3 }, { weapon: 'assaultRifle', armour: 'light', atGrenades: true }];
  if (o.traits) spec.traits = o.traits;
  return vehicleScene(name, { squads: [{ id: 'A1', side: 0, spec, at }], vehicles: [tank()], active: 'A1' });
}

test('#87 AT grenades: a figure carrying them scores one hit (AT +4) on the hull it touches; without them rifles do nothing', () => {
  let r = act(scene('th87a'), { type: 'assault', target: 'T', moves }, faces(6));
  assert.equal(evOf(r.events, 'nerve_test')[0].passed, true);
  assert.equal(evOf(r.events, 'assault_hit').length, 0, 'assault rifles are not AT-capable');
  assert.equal(evOf(r.events, 'penetration').length, 0);
  // The grenadier touches the rear (armour 6): 2 + 4 = 6 penetrates; results 2, 2: Vehicle Kill.
  r = act(scene('th87b', { grenades: true }), { type: 'assault', target: 'T', moves }, faces(6, 2, 2, 2));
  assert.deepEqual(evOf(r.events, 'assault_hit').map((h) => [h.figure, h.weapon]), [['A1.4', 'atGrenade']]);
  assert.deepEqual(evOf(r.events, 'penetration').map((p) => [p.facing, p.total, p.armour, p.penetrated]), [['rear', 6, 6, true]]);
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'knockedOut');
  // 1 + 4 = 5 < 6: no penetration.
  r = act(scene('th87c', { grenades: true }), { type: 'assault', target: 'T', moves }, faces(6, 1, 2));
  assert.deepEqual(evOf(r.events, 'penetration').map((p) => [p.total, p.penetrated]), [[5, false]]);
});

test('#87 AT grenades are force-list equipment: validated by the unit schema, +1 point per trooper [P]', () => {
  const plain = trooperCost(CONTENT, 'regular', 'steady', { weapon: 'assaultRifle', armour: 'improved' });
  const gren = trooperCost(CONTENT, 'regular', 'steady', { weapon: 'assaultRifle', armour: 'improved', atGrenades: true });
  assert.equal(plain, 650);
  assert.equal(gren, 780, '(50 + 10) tenths × 1.3');
});

test('#87 Tank Hunter: +1 to the nerve test, its explosives are AT-capable, +2 to the penetration roll', () => {
  const trait = CONTENT.traits.tankHunter;
  assert.ok(trait?.built, 'Tank Hunter is a built trait in data/traits.json');
  // A 2 fails a Regular squad's nerve test (3+)…
  let r = act(scene('th87d'), { type: 'assault', target: 'T', moves }, faces(2));
  assert.equal(evOf(r.events, 'nerve_test')[0].passed, false);
  assert.deepEqual(unitOf(r.s, 'A1').figures[3].at, [2000, 1450], 'it hesitates: no move');
  // …but 2 + 1 passes for Tank Hunters; the contact figure hits with AT 4 + 2: 1 + 6 = 7 ≥ 6.
  r = act(scene('th87e', { traits: ['tankHunter'] }), { type: 'assault', target: 'T', moves }, faces(2, 1, 1, 2));
  assert.equal(evOf(r.events, 'nerve_test')[0].passed, true);
  assert.equal(evOf(r.events, 'nerve_test')[0].tankHunter, 1);
  assert.deepEqual(evOf(r.events, 'penetration').map((p) => [p.total, p.penetrated]), [[7, true]]);
});
