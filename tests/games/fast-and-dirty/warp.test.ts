// Warp vehicles (spec §2.5, checklist #79): no path traced; redeployed within 10" at Cautious speed,
// anywhere on the table on a Standard move.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import { buildVehicle, driveProblem } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Action, Feature, S, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, decision, fastAndDirty, row, squad, unitOf, vehicleScene as scene } from './helpers.js';

function vehicle(id: string, side: Side, at: Pt, type = 'warpTank'): Unit {
  const u = buildVehicle({ name: id, vehicle: type, quality: 'regular' }, id, side, at);
  u.vehicle!.heading = 0;
  return u;
}


const code = (r: unknown) => (r && typeof r === 'object' && 'code' in r ? (r as { code: string }).code : null);
const drive = (speed: 'cautious' | 'standard', path: Pt[], more: Partial<Extract<Action, { type: 'drive' }>> = {}): Action => ({ type: 'drive', speed, path, heading: 0, fire: [], ...more });
const rock: Feature = { id: 'rock', kind: 'area', points: [[1500, 1350], [2500, 1350], [2500, 1650], [1500, 1650]], move: 'impassable', cover: 'hard', los: 'block', height: 500 };

test('#79 Warp: Cautious redeploys within 10" whatever lies between; no path traced', () => {
  const w = vehicle('W', 0, [2000, 1000]);
  const s = scene('w79a', { squads: [{ id: 'B1', side: 1, spec: squad(), at: row(1800, 3600, 3) }], vehicles: [w], active: 'W', terrain: [rock] });
  // Straight across the rock to 10" away: legal (a tracked or wheeled vehicle could not).
  assert.equal(code(driveProblem(s, w, drive('cautious', [[2000, 2000]]))), null);
  assert.equal(code(driveProblem(s, w, drive('cautious', [[2000, 2010]]))), 'beyond_allowance');
  // Diagonal distance, not a path: 6" and 8" → 10".
  assert.equal(code(driveProblem(s, w, drive('cautious', [[2600, 1800]]))), 'impassable', 'the hull would end on the rock');
  assert.equal(code(driveProblem(s, w, drive('cautious', [[2800, 1600]]))), null);
  // Waypoints are refused: it traces no path.
  assert.equal(code(driveProblem(s, w, drive('cautious', [[2000, 1500], [2000, 2000]]))), 'warp_path');
  // Cannot end on another footprint or off the table.
  assert.equal(code(driveProblem(s, w, drive('standard', [[2000, 3500]]))), 'overlap');
  assert.equal(code(driveProblem(s, w, drive('cautious', [[2000, 250]]))), 'off_table');
  const r = act(s, drive('cautious', [[2000, 2000]]));
  assert.deepEqual(unitOf(r.s, 'W').figures[0].at, [2000, 2000]);
});

test('#79 Warp: a Standard move redeploys anywhere on the table; fire control reads the Standard column', () => {
  const w = vehicle('W', 0, [2000, 1000]);
  const s = scene('w79b', { squads: [{ id: 'B1', side: 1, spec: squad(), at: row(1800, 3600, 3) }], vehicles: [w], active: 'W' });
  assert.equal(code(driveProblem(s, w, drive('standard', [[600, 3000]]))), null, 'far beyond 10"');
  // Extensive fire control: at Standard speed only one MG or chain gun (system 1), not the auto cannon.
  assert.equal(code(driveProblem(s, w, drive('standard', [[600, 3000]], { fire: [{ weapon: 0, target: 'B1' }] }))), 'fire_control');
  // A tracked tank has no such redeploy.
  const t = vehicle('T', 0, [2000, 1000], 'lightTank');
  const s2 = scene('w79c', { vehicles: [t], active: 'T' });
  assert.equal(code(driveProblem(s2, t, drive('standard', [[600, 3000]]))), 'beyond_allowance');
  // The sampled orders of a Warp vehicle are all legal, and include a redeploy.
  const c = fastAndDirty.candidates(s, 0, decision(s), 10, null as never);
  assert.ok(c.actions.some((a) => a.type === 'drive' && a.path.length === 1));
  for (const a of c.actions) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
});
