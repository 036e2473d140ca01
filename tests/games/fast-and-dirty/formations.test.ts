// Option Vehicle Formations (spec §5.4, checklist #111): vehicles sharing a formation label keep
// 12" coherency; while a formation is not coherent only one of its vehicles may move each turn,
// though each may fire.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import { buildVehicle, driveProblem } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { formationCoherent } from '../../../src/games/fast-and-dirty/rules/formations.js';
import type { Action, S, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, setup, squad, unitOf } from './helpers.js';

function tank(id: string, at: Pt, formation?: string, side: Side = 0): Unit {
  const u = buildVehicle({ name: id, vehicle: 'lightTank', quality: 'regular', ...(formation ? { formation } : {}) }, id, side, at);
  u.vehicle!.heading = 0;
  return u;
}

function scene(name: string, vehicles: Unit[], active: string, options: Record<string, unknown> = { vehicleFormations: true }): S {
  const s = craft({ units: [{ id: 'B1', side: 1, spec: squad(), at: [[2000, 3800]] }], name, options });
  s.units.push(...vehicles);
  const u = s.units.find((x) => x.id === active)!;
  s.phase = 'order';
  s.active = u.id;
  s.toAct = u.side as Side;
  return s;
}

const go = (to: Pt, speed: 'cautious' | 'standard' = 'cautious'): Action => ({ type: 'drive', speed, path: [to], heading: 0, fire: [] });
const code = (r: unknown) => (r && typeof r === 'object' && 'code' in r ? (r as { code: string }).code : null);

test('#111 vehicle formations: the formation label comes from the force list', () => {
  const s = setup('firefight', { vehicleFormations: true, forces: { 0: [{ name: 'T1', vehicle: 'lightTank', quality: 'regular', formation: 'alpha' }, { name: 'T2', vehicle: 'lightTank', quality: 'regular', formation: 'alpha' }] } });
  assert.equal(unitOf(s, 'A1').vehicle!.formation, 'alpha');
  assert.equal(unitOf(s, 'A2').vehicle!.formation, 'alpha');
});

test('#111 vehicle formations: 12" coherency hull to hull; a move may not break a coherent formation', () => {
  // Light tanks 2.8" wide side by side: hulls 7.2" apart.
  const t1 = tank('T1', [1000, 1000], 'alpha'), t2 = tank('T2', [2000, 1000], 'alpha');
  const s = scene('f111a', [t1, t2], 'T1');
  assert.equal(formationCoherent([t1, t2]), true);
  assert.equal(formationCoherent([t1, t2], { id: 'T1', at: [300, 1000], heading: 0 }), false);
  // Forward 11": still within 12" of T2's hull (5.5" and 7.2" apart: about 9.1").
  assert.equal(code(driveProblem(s, t1, go([1000, 2100]))), null);
  // Away 7": hulls 14.2" apart.
  assert.equal(code(driveProblem(s, t1, go([300, 1000]))), 'formation_coherency');
  // Exactly 12" apart is coherent: hull edges 1140 → 2340 means T2 at 2480.
  const t3 = tank('T3', [1000, 1000], 'beta'), t4 = tank('T4', [2480, 1000], 'beta');
  assert.equal(formationCoherent([t3, t4]), true);
  assert.equal(formationCoherent([t3, tank('T5', [2481, 1000], 'beta')]), false);
  // Option off, another label or no label: no constraint.
  const off = scene('f111c', [tank('T1', [1000, 1000], 'alpha'), tank('T2', [2000, 1000], 'alpha')], 'T1', {});
  assert.equal(code(driveProblem(off, unitOf(off, 'T1'), go([300, 1000]))), null);
  const other = scene('f111d', [tank('T1', [1000, 1000], 'alpha'), tank('T2', [2000, 1000], 'beta')], 'T1');
  assert.equal(code(driveProblem(other, unitOf(other, 'T1'), go([300, 1000]))), null);
  // A knocked-out member no longer counts.
  const ko = scene('f111e', [tank('T1', [1000, 1000], 'alpha'), tank('T2', [2000, 1000], 'alpha')], 'T1');
  unitOf(ko, 'T2').vehicle!.status = 'knockedOut';
  assert.equal(code(driveProblem(ko, unitOf(ko, 'T1'), go([300, 1000]))), null);
});

test('#111 vehicle formations: not coherent, only one of its vehicles moves each turn, though each may fire or pivot', () => {
  // 17.2" between the hulls: not coherent.
  const s = scene('f111f', [tank('T1', [1000, 1000], 'alpha'), tank('T2', [3000, 1000], 'alpha')], 'T1');
  // The first move is free (it need not restore coherency [P]) and is recorded.
  assert.equal(code(driveProblem(s, unitOf(s, 'T1'), go([600, 1000]))), null);
  const r = act(s, go([600, 1000]));
  assert.equal(unitOf(r.s, 'T1').vehicle!.movedTurn, r.s.turn);
  // T2 may not move this turn, but may hold, pivot and fire.
  const s2 = scene('f111g', [tank('T1', [1000, 1000], 'alpha'), tank('T2', [3000, 1000], 'alpha')], 'T2');
  unitOf(s2, 'T1').vehicle!.movedTurn = s2.turn;
  assert.equal(code(driveProblem(s2, unitOf(s2, 'T2'), go([2500, 1000]))), 'formation_incoherent');
  assert.equal(code(driveProblem(s2, unitOf(s2, 'T2'), { type: 'drive', speed: 'stationary', path: [], heading: 9000, fire: [] })), null);
  assert.equal(code(driveProblem(s2, unitOf(s2, 'T2'), { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 0, target: 'B1' }] })), null);
  // Next turn the formation may move one vehicle again.
  s2.turn++;
  assert.equal(code(driveProblem(s2, unitOf(s2, 'T2'), go([2500, 1000]))), null);
});
