// The Elusive trait against a vehicle's fire (§2.6, source p.46): "When an elusive unit is fired
// upon, they may fall back 4" before shooting is resolved. Measure range and calculate terrain
// benefits from their new location. If Line of Sight is lost, the shooting unit is free to select
// another target. A squad may only use this trait once per turn." The text names no kind of
// shooter: a vehicle's weapon system firing at the unit opens the same window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, decision, evOf, row, squad, tryAct, unitOf, vehicleScene } from './helpers.js';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Action, Feature, S, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';

const code = (r: unknown) => (r as { code?: string }).code;
const elusive = (n = 3) => ({ ...squad('regular', n), elusive: true });

function tank(id: string, side: Side, at: Pt): Unit {
  const u = buildVehicle({ name: id, vehicle: 'lightTank', quality: 'regular' }, id, side, at);
  u.vehicle!.heading = 0;
  return u;
}

/** Light tank T at (20", 10") facing +y; Elusive B1 in a row at y = 23"; optionally B2 and terrain. */
function scene(name: string, terrain: Feature[] = [], b2 = false): S {
  return vehicleScene(name, { active: 'T', terrain, vehicles: [tank('T', 0, [2000, 1000])], squads: [
    { id: 'B1', side: 1, spec: elusive(), at: row(2000, 2300, 3) },
    ...(b2 ? [{ id: 'B2', side: 1 as Side, spec: squad('regular', 2), at: row(1500, 1700, 2) }] : []),
  ] });
}
const fire = (...f: [number, string][]): Action => ({ type: 'drive', speed: 'stationary', path: [], heading: 0, fire: f.map(([weapon, target]) => ({ weapon, target })) });
const back = (s: S, d: number): Action => ({ type: 'elusive', moves: unitOf(s, 'B1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + d] as Pt] })) });
const wallAcross = (y0: number, y1: number): Feature => ({ id: 'wall', kind: 'area', points: [[0, y0], [4800, y0], [4800, y1], [0, y1]], move: 'open', cover: 'none', los: 'block', height: 300 });

test('Elusive against a vehicle\'s fire: the target\'s owner may fall back 4" before the weapon\'s shot resolves; range from the new place (§2.6)', () => {
  const s = scene('elv-ask');
  const r = act(s, fire([1, 'B1']));
  assert.equal(r.s.phase, 'elusive');
  const d = decision(r.s);
  assert.equal(d.seat, 1, 'the target\'s owner decides');
  assert.equal(d.kind, 'elusive');
  assert.equal(evOf(r.events, 'shot').length, 0, 'nothing is resolved yet');
  const before = evOf(act(r.s, { type: 'elusive', moves: [] }, Array(40).fill(2)).events, 'shot')[0].distance;
  const f = act(r.s, back(r.s, 400), Array(40).fill(2));
  assert.equal(evOf(f.events, 'shot')[0].distance, before + 400, 'measured from where it fell back to');
  assert.equal(unitOf(f.s, 'B1').elusiveTurn, f.s.turn);
  assert.equal(f.s.phase, 'activate', 'the vehicle\'s activation ended');
});

test('Elusive against a vehicle\'s fire: an illegal fall back is refused with a rule code; once per turn (§2.6)', () => {
  const r = act(scene('elv-legal'), fire([1, 'B1']));
  assert.equal(code(tryAct(r.s, back(r.s, 401))), 'beyond_allowance');
  assert.equal(code(tryAct(r.s, back(r.s, -300))), 'elusive_not_away');
  const used = scene('elv-once');
  unitOf(used, 'B1').elusiveTurn = used.turn;
  assert.equal(evOf(act(used, fire([1, 'B1']), Array(40).fill(2)).events, 'shot').length, 1, 'used this turn: the shot resolves at once');
});

test('Elusive against a vehicle\'s fire: two weapon systems at the unit ask once; out of LOS the vehicle\'s owner picks another target for the weapon or holds its fire (§2.6)', () => {
  // A blocking wall from y = 24" to 25": B1 falls back behind it (to y = 27"); B2 stands in the open.
  const s = scene('elv-los', [wallAcross(2400, 2500)], true);
  const r = act(s, fire([0, 'B1'], [1, 'B1']));
  assert.equal(r.s.phase, 'elusive');
  const moved = act(r.s, back(r.s, 400));
  assert.equal(moved.s.phase, 'retarget');
  const d = decision(moved.s);
  assert.equal(d.seat, 0, 'the vehicle\'s owner decides');
  assert.deepEqual((d.exposes as { eligible: string[] }).eligible, ['B2']);
  assert.equal(code(tryAct(moved.s, { type: 'retarget', target: 'B1' })), 'fire_priority', 'out of sight, it is no longer among the closest visible units (§6.4 step 2)');
  // The main gun turns on B2; the MG, also aimed at B1, gets the same choice (B1 is not asked again).
  const one = act(moved.s, { type: 'retarget', target: 'B2' }, Array(40).fill(2));
  assert.deepEqual(evOf(one.events, 'shot').map((e) => e.target), ['B2']);
  assert.equal(one.s.phase, 'retarget');
  const two = act(one.s, { type: 'retarget', target: null }, Array(40).fill(2));
  assert.equal(evOf(two.events, 'shot').length, 0, 'the MG holds its fire');
  assert.equal(two.s.phase, 'activate');
  const held = act(moved.s, { type: 'retarget', target: null }, Array(40).fill(2));
  assert.equal(held.s.phase, 'retarget', 'the main gun held its fire; the MG is asked next');
});
