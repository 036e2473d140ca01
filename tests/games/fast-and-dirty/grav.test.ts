// Fly/Grav vehicles (spec §2.5, checklist #78): airborne status, moving over terrain and units,
// Scoot, touch-down to disembark, the Strafing Run, no assault and LOS over terrain while airborne.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import { segmentBlock } from '../../../src/games/fast-and-dirty/geometry.js';
import { airborne } from '../../../src/games/fast-and-dirty/rules/grav.js';
import { buildVehicle, driveProblem, vehicleAssaultProblem, vehicleTests } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Action, Feature, S, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, row, squad, tryAct, unitOf, vehicleScene as scene } from './helpers.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';

function vehicle(id: string, side: Side, at: Pt, heading: number, type = 'gravTank'): Unit {
  const u = buildVehicle({ name: id, vehicle: type, quality: 'regular' }, id, side, at);
  u.vehicle!.heading = heading;
  return u;
}


const code = (r: unknown) => (r && typeof r === 'object' && 'code' in r ? (r as { code: string }).code : null);
const drive = (speed: 'stationary' | 'cautious' | 'standard', path: Pt[], heading = 0, more: Partial<Extract<Action, { type: 'drive' }>> = {}): Action => ({ type: 'drive', speed, path, heading, fire: [], ...more });
const rock: Feature = { id: 'rock', kind: 'area', points: [[1500, 1500], [2500, 1500], [2500, 1900], [1500, 1900]], move: 'impassable', cover: 'hard', los: 'block', height: 500 };
const wall: Feature = { id: 'wall', kind: 'linear', points: [[1000, 2000], [3000, 2000]], move: 'impassable', cover: 'hard', los: 'block', height: 800 };

test('#78 Fly/Grav moves over any terrain or unit, Cautious 14" / Standard 20" of path', () => {
  const g = vehicle('G', 0, [2000, 1000], 0);
  const s = scene('g78a', { squads: [{ id: 'A1', side: 0, spec: squad('regular', 2), at: [[2000, 1400], [2200, 1400]] }], vehicles: [g], active: 'G', terrain: [rock, wall] });
  // Over the rock, the wall and a friendly squad, 13" ahead: legal.
  assert.equal(code(driveProblem(s, g, drive('cautious', [[2000, 2300]]))), null);
  assert.equal(code(driveProblem(s, g, drive('cautious', [[2000, 2410]]))), 'beyond_allowance');
  assert.equal(code(driveProblem(s, g, drive('standard', [[2000, 3000]]))), null);
  assert.equal(code(driveProblem(s, g, drive('standard', [[2000, 3010]]))), 'beyond_allowance');
  // It may not end on another footprint, nor off the table.
  assert.equal(code(driveProblem(s, g, drive('cautious', [[2000, 1650]]))), 'overlap');
  assert.equal(code(driveProblem(s, g, drive('cautious', [[2000, 200]]))), 'off_table');
  // A tracked tank on the same path is stopped by the rock.
  const t = vehicle('T', 0, [2000, 1000], 0, 'lightTank');
  const s2 = scene('g78b', { vehicles: [t], active: 'T', terrain: [rock] });
  assert.equal(code(driveProblem(s2, t, drive('cautious', [[2000, 2150]]))), 'impassable');
  // Airborne it may end over the rock; landing there is refused [P].
  const s3 = scene('g78c', { vehicles: [vehicle('G', 0, [2000, 1000], 0)], active: 'G', terrain: [rock] });
  assert.equal(code(driveProblem(s3, unitOf(s3, 'G'), drive('cautious', [[2000, 1700]]))), null);
  assert.equal(code(driveProblem(s3, unitOf(s3, 'G'), drive('cautious', [[2000, 1700]], 0, { land: true }))), 'impassable');
  const r = act(s, drive('cautious', [[2000, 2300]]));
  assert.deepEqual(unitOf(r.s, 'G').figures[0].at, [2000, 2300]);
});

test('#78 Scoot: instead of a normal move, redeploy anywhere on the table; no fire', () => {
  const g = vehicle('G', 0, [2000, 1000], 0);
  const s = scene('g78d', { squads: [{ id: 'B1', side: 1, spec: squad(), at: row(1800, 3000, 3) }], vehicles: [g], active: 'G' });
  const scoot = (to: Pt, more: Partial<Extract<Action, { type: 'drive' }>> = {}) => drive('standard', [to], 9000, { scoot: true, ...more });
  assert.equal(code(driveProblem(s, g, scoot([4000, 3500]))), null, 'far beyond 20"');
  assert.equal(code(driveProblem(s, g, scoot([4000, 3500], { fire: [{ weapon: 1, target: 'B1' }] }))), 'scoot_no_fire');
  assert.equal(code(driveProblem(s, g, scoot([4000, 3500], { speed: 'cautious' }))), 'scoot');
  assert.equal(code(driveProblem(s, g, { ...scoot([4000, 3500]), path: [[3000, 1000], [4000, 3500]] } as Action)), 'scoot');
  const t = vehicle('T', 0, [2000, 1000], 0, 'lightTank');
  const s2 = scene('g78e', { vehicles: [t], active: 'T' });
  assert.equal(code(driveProblem(s2, t, scoot([4000, 3500]))), 'not_grav');
  const r = act(s, scoot([4000, 3500]));
  assert.deepEqual(unitOf(r.s, 'G').figures[0].at, [4000, 3500]);
});

test('#78 strafing run: at Standard speed a Fly/Grav vehicle fires after a straight-line move at a target straight ahead', () => {
  // Extensive fire control: at Standard speed only 1 MG or chain gun; the turret auto cannon (system 0) may not fire, except strafing.
  const mk = (name: string, target: Pt[]) => {
    const g = vehicle('G', 0, [2000, 500], 0);
    return { g, s: scene(name, { squads: [{ id: 'B1', side: 1, spec: squad(), at: target }], vehicles: [g], active: 'G' }) };
  };
  let { g, s } = mk('g78f', row(1800, 3200, 3));
  const fire = [{ weapon: 0, target: 'B1' }];
  assert.equal(code(driveProblem(s, g, drive('standard', [[2000, 2000]], 0, { fire }))), null);
  assert.equal(code(driveProblem(s, g, drive('standard', [[2000, 2000]], 4500, { fire }))), 'strafing_run', 'heading off the line of travel');
  assert.equal(code(driveProblem(s, g, drive('standard', [[2500, 1200], [2000, 2000]], bearingOf([2500, 1200], [2000, 2000]), { fire }))), 'strafing_run', 'two legs');
  // Cautious: the normal fire-control column.
  assert.equal(code(driveProblem(s, g, drive('cautious', [[2000, 1500]], 9000, { fire }))), null);
  ({ g, s } = mk('g78g', row(3600, 2300, 3)));
  // A target well off to the side is not straight ahead.
  assert.equal(code(driveProblem(s, g, drive('standard', [[2000, 2000]], 0, { fire }))), 'strafing_run');
  // A tracked tank never strafes.
  const t = vehicle('T', 0, [2000, 500], 0, 'mediumTank');
  const s2 = scene('g78h', { squads: [{ id: 'B1', side: 1, spec: squad(), at: row(1800, 3200, 3) }], vehicles: [t], active: 'T' });
  assert.equal(code(driveProblem(s2, t, drive('standard', [[2000, 1500]], 0, { fire }))), 'fire_control');
});

function bearingOf(a: Pt, b: Pt): number {
  return (Math.round((Math.atan2(b[0] - a[0], b[1] - a[1]) * 18000) / Math.PI) + 36000) % 36000;
}

test('#78 airborne: cannot be assaulted and sees and is seen over terrain; landed it can be assaulted', () => {
  const g = vehicle('G', 1, [2000, 2500], 0);
  const s = scene('g78i', { squads: [{ id: 'A1', side: 0, spec: squad('regular', 2), at: [[2000, 1000], [2200, 1000]] }], vehicles: [g], active: 'G', terrain: [rock] });
  const end = new Map<string, Pt>([['A1.1', [2000, 2150]]]);
  assert.equal(airborne(g), true);
  assert.equal(code(vehicleAssaultProblem(s, unitOf(s, 'A1'), g, end)), 'airborne');
  const a1 = unitOf(s, 'A1');
  // The rock lies between: it blocks a ground target but not an airborne one.
  assert.equal(segmentBlock(s, [2000, 1000], [2000, 2500], { fire: true, observerUnit: a1, targetUnit: g }), null);
  assert.equal(segmentBlock(s, [2000, 2500], [2000, 1000], { fire: true, observerUnit: g, targetUnit: a1 }), null);
  const r = act(s, drive('stationary', [], 0, { land: true }));
  const landed = unitOf(r.s, 'G');
  assert.equal(landed.vehicle!.landed, true);
  assert.equal(airborne(landed), false);
  assert.equal(code(vehicleAssaultProblem(r.s, unitOf(r.s, 'A1'), landed, end)), null);
  assert.notEqual(segmentBlock(r.s, [2000, 1000], [2000, 2500], { fire: true, observerUnit: unitOf(r.s, 'A1'), targetUnit: landed }), null);
  // A move takes off again unless it lands.
  landed.vehicle!.landed = true;
  const s2 = scene('g78j', { vehicles: [landed], active: 'G' });
  const r2 = act(s2, drive('cautious', [[2000, 3000]]));
  assert.equal(unitOf(r2.s, 'G').vehicle!.landed, false);
  // Landing is for Fly/Grav only.
  const t = vehicle('T', 0, [2000, 1000], 0, 'lightTank');
  assert.equal(code(driveProblem(scene('g78k', { vehicles: [t], active: 'T' }), t, drive('stationary', [], 0, { land: true }))), 'not_grav');
});

test('#78 touch-down: troops disembark from an airborne carrier, which may be assaulted until its next activation', () => {
  const c = vehicle('C', 0, [2000, 2000], 0, 'gravCarrier');
  const s = scene('g78l', { squads: [{ id: 'A1', side: 0, spec: squad('regular', 2), at: row(1900, 1700, 2) }, { id: 'B1', side: 1, spec: squad(), at: row(1800, 3500, 3) }], vehicles: [c], active: 'C' });
  unitOf(s, 'A1').embarked = 'C';
  const out: Action = { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [], disembark: { unit: 'A1', at: [{ fig: 'A1.1', at: [1900, 2330] }, { fig: 'A1.2', at: [2010, 2330] }] } };
  const r = act(s, out);
  const v = unitOf(r.s, 'C');
  assert.equal(v.vehicle!.touchedDown, true);
  assert.ok(r.events.some((e) => e.type === 'touched_down'));
  assert.equal(airborne(v), false);
  assert.equal(code(vehicleAssaultProblem(r.s, unitOf(r.s, 'B1'), v, new Map([['B1.1', [2000, 1740]]]))), null);
  // Its next activation ends the touch-down.
  vehicleTests(r.s, new Run(null), v);
  assert.equal(v.vehicle!.touchedDown, undefined);
  assert.equal(airborne(v), true);
  void tryAct;
});

test('#78 candidates: a Fly/Grav vehicle\'s sampled orders land, in place and at the end of a move, each legal and landing it; landed, one takes off', async () => {
  const { decision, fastAndDirty } = await import('./helpers.js');
  const g = vehicle('G', 0, [2000, 1000], 0);
  const s = scene('g78-cand', { squads: [{ id: 'B1', side: 1, spec: squad('regular', 3), at: row(1900, 2600, 3) }], vehicles: [g], active: 'G', terrain: [] });
  const sampled = (x: S) => fastAndDirty.candidates(x, 0, decision(x), 200, null as never).actions as Extract<Action, { type: 'drive' }>[];
  const lands = sampled(s).filter((a) => a.land === true);
  assert.ok(lands.some((a) => a.path.length === 0) && lands.some((a) => a.path.length > 0), 'in place and after a move');
  for (const a of lands) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null);
  const r = act(s, lands.find((a) => a.path.length > 0)!);
  assert.equal(unitOf(r.s, 'G').vehicle!.landed, true);
  // Hovering over the rock: no landing in place (refused too), only after moving off it.
  const over = vehicle('G', 0, [2000, 1700], 0);
  const s2 = scene('g78-cand2', { vehicles: [over], active: 'G', terrain: [rock] });
  assert.ok(!sampled(s2).some((a) => a.land && !a.path.length));
  assert.equal(code(driveProblem(s2, over, drive('stationary', [], 0, { land: true }))), 'impassable');
  const up = vehicle('G', 0, [2000, 1000], 0);
  up.vehicle!.landed = true;
  const s3 = scene('g78-cand3', { vehicles: [up], active: 'G' });
  assert.ok(sampled(s3).some((a) => a.land === false && !a.path.length));
});

test('#78 #66 strafing run at a sentry gun: a gun is vehicle-like [P], so a Fly/Grav vehicle\'s strafing run may fire its AT weapons at an enemy gun straight ahead, as at a vehicle (§2.5, §7.25)', () => {
  // G (A) at (20", 5") heading north; B's gun at (20", 32") and another well off to the side at (40", 24"); B1 far away.
  const mk = (name: string) => {
    const g = vehicle('G', 0, [2000, 500], 0);
    const s = scene(name, { squads: [{ id: 'B1', side: 1, spec: squad(), at: row(4000, 4500, 3) }], vehicles: [g], active: 'G' });
    s.options.sentryGuns = { 1: [{ at: [2000, 3200] }, { at: [4000, 2400] }] };
    return { g, s };
  };
  const { g, s } = mk('g78-sg');
  // The turret auto cannon (AT 4), after a straight 15" run, at the gun dead ahead.
  assert.equal(code(driveProblem(s, g, drive('standard', [[2000, 2000]], 0, { fire: [{ weapon: 0, target: 'B-SG-1' }] }))), null);
  // Off the line of travel: not straight ahead.
  assert.equal(code(driveProblem(s, g, drive('standard', [[2000, 2000]], 0, { fire: [{ weapon: 0, target: 'B-SG-2' }] }))), 'strafing_run');
  // The run itself: the shot goes in (1D6 6 + band + Regular + FE 0 …; a hit, 6 + AT 4 against 6: destroyed).
  const r = act(mk('g78-sg-run').s, drive('standard', [[2000, 2000]], 0, { fire: [{ weapon: 0, target: 'B-SG-1' }] }), Array(10).fill(5));
  assert.ok(r.events.some((e) => e.type === 'sentry_shot'));
  assert.ok(r.events.some((e) => e.type === 'sentry_destroyed'));
});
