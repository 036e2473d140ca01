// Checklist item #77, vehicle mobility (§2.5, §6.3, source p.11, p.54): water (only Hover and
// Amphibious vehicles, at Cautious speed; Amphibious at half Cautious speed, firing at −3 FE with
// Turret and External mounts only: #89 Amphibious) and roads (Wheeled 1:1 on a road, ×2 off-road).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import { CONTENT, loadContent } from '../../../src/games/fast-and-dirty/content.js';
import { buildVehicle, driveCandidates, driveProblem } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Action, Feature, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import weaponsJson from '../../../src/games/fast-and-dirty/data/weapons.json' with { type: 'json' };
import armourJson from '../../../src/games/fast-and-dirty/data/armour.json' with { type: 'json' };
import scenariosJson from '../../../src/games/fast-and-dirty/data/scenarios.json' with { type: 'json' };
import { act, evOf, faces, setup, squad, tryAct, vehicleScene } from './helpers.js';

function vehicle(id: string, side: Side, at: Pt, heading: number, type: string): Unit {
  const u = buildVehicle({ name: id, vehicle: type, quality: 'regular' }, id, side, at);
  u.vehicle!.heading = heading;
  return u;
}
const area = (id: string, x0: number, y0: number, x1: number, y1: number, o: Partial<Feature>): Feature =>
  ({ id, kind: 'area', points: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], move: 'open', cover: 'none', los: 'clear', height: 0, ...o });
const lake = area('lake', 1000, 1000, 3000, 3000, { move: 'impassable', water: true });
type Drive = Extract<Action, { type: 'drive' }>;
const drive = (speed: 'cautious' | 'standard', path: Pt[], fire: { weapon: number; target: string }[] = []): Drive => ({ type: 'drive', speed, path, heading: 0, fire });
const problem = (v: Unit, a: Action, terrain: Feature[]) => {
  const s = vehicleScene(`mob-${v.id}-${terrain.map((f) => f.id).join('-')}`, { vehicles: [v], active: v.id, terrain });
  return driveProblem(s, s.units.find((u) => u.id === v.id)!, a);
};

test('#77 water: impassable to Track, Wheel and Walk; Hover crosses at Cautious speed; Amphibious at half Cautious speed (each inch in water costs double)', () => {
  assert.equal(problem(vehicle('T', 0, [2000, 500], 0, 'lightTank'), drive('cautious', [[2000, 1100]]), [lake])?.code, 'impassable');
  assert.equal(problem(vehicle('W', 0, [2000, 500], 0, 'jumpWalker'), drive('cautious', [[2000, 1050]]), [lake])?.code, 'impassable');
  // Hover: 8" with 3" in water, 1:1 within its 10" Cautious allowance; not at Standard.
  assert.equal(problem(vehicle('H', 0, [2000, 500], 0, 'hoverTank'), drive('cautious', [[2000, 1300]]), [lake]), null);
  assert.equal(problem(vehicle('H', 0, [2000, 500], 0, 'hoverTank'), drive('standard', [[2000, 1300]]), [lake])?.code, 'cautious_only');
  // The amphibious carrier (Wheel, 18" Cautious, off-road ×2): 6" with 1" in water costs 12 + 2 = 14".
  const c = () => vehicle('C', 0, [2000, 500], 0, 'amphibiousCarrier');
  assert.ok(CONTENT.vehicles.amphibiousCarrier.properties?.includes('amphibious'));
  assert.equal(problem(c(), drive('cautious', [[2000, 1100]]), [lake]), null);
  assert.equal(problem(c(), drive('standard', [[2000, 1100]]), [lake])?.code, 'cautious_only');
  // 9" with 4" in water: 18 + 8 = 26" > 18".
  const far = problem(c(), drive('cautious', [[2000, 1400]]), [lake]);
  assert.equal(far?.code, 'beyond_allowance');
  assert.equal(Math.round((far!.details as { cost: number }).cost), 2600);
  // The same 9" on dry land would cost 18": legal.
  assert.equal(problem(c(), drive('cautious', [[2000, 1400]]), []), null);
});

test('#89 Amphibious in water: only Turret and External mounts fire, at −3 FE', () => {
  const enemy = [{ id: 'B1', side: 1 as Side, spec: squad('regular', 3), at: [[1800, 3400], [2000, 3400], [2200, 3400]] as Pt[] }];
  const mk = (name: string, at: Pt, terrain: Feature[]) => vehicleScene(name, { squads: enemy, vehicles: [vehicle('C', 0, at, 0, 'amphibiousCarrier')], active: 'C', terrain });
  // Hull-mounted GPMG (weapon 1): refused in the water, allowed on land.
  const hullShot: Action = { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 1, target: 'B1' }] };
  const r1 = tryAct(mk('amph-b', [2000, 2000], [lake]), hullShot);
  assert.equal('code' in r1 ? r1.code : null, 'in_water');
  assert.ok(!('code' in tryAct(mk('amph-c', [2000, 2000], []), hullShot)), 'on land the hull mount fires');
  // The turret HMG fires from the water at −3.
  const turret: Action = { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 0, target: 'B1' }] };
  const r = act(mk('amph-d', [2000, 2000], [lake]), turret, faces(1, 1, 1, 1, 1, 1, 1, 1));
  assert.equal(evOf(r.events, 'shot')[0].mods.amphibious, -3);
  const dry = act(mk('amph-e', [2000, 2000], []), turret, faces(1, 1, 1, 1, 1, 1, 1, 1));
  assert.equal(evOf(dry.events, 'shot')[0].mods.amphibious, undefined);
});

test('#77 roads: a Wheeled vehicle moves 1:1 on a road, ×2 off it; a road through woods may be driven', () => {
  const road = area('road', 1800, 0, 2200, 4800, { road: true });
  const car = (at: Pt = [2000, 500]) => vehicle('S', 0, at, 0, 'scoutCar'); // Standard 24"
  assert.equal(problem(car(), drive('standard', [[2000, 2800]]), [road]), null, '23" on the road: 23"');
  assert.equal(problem(car(), drive('standard', [[2000, 2800]]), [])?.code, 'beyond_allowance', 'off-road: 46"');
  // 10" along the road, then 10" across it (2" still on the road): 10 + 2 + 16 = 28" > 24".
  const mixed = problem(car(), { ...drive('standard', [[2000, 1500], [3000, 1500]]), heading: 9000 }, [road]);
  assert.equal(mixed?.code, 'beyond_allowance');
  assert.equal(Math.round((mixed!.details as { cost: number }).cost / 10), 280);
  // Woods across the road: the road is open ground; beside it the woods stop wheels.
  const woods = area('woods', 1500, 1500, 2700, 2000, { move: 'difficult', cover: 'soft', los: 'woodsLight', height: 600 });
  assert.equal(problem(car(), drive('standard', [[2000, 2400]]), [road, woods]), null);
  assert.equal(problem(car([2500, 1200]), drive('cautious', [[2500, 1700]]), [road, woods])?.code, 'terrain_restricted');
});

test('#77 the stock map\'s pond is water: infantry may not enter it, a Hover tank crosses it at Cautious speed, a tank may not', () => {
  const s = setup('firefight');
  const pond = s.terrain.find((f) => f.id === 'pond')!;
  assert.equal(pond.water, true);
  assert.equal(pond.move, 'impassable');
  assert.equal(problem(vehicle('H', 0, [600, 2900], 0, 'hoverTank'), drive('cautious', [[600, 3550]]), s.terrain), null);
  assert.equal(problem(vehicle('T', 0, [600, 2900], 0, 'lightTank'), drive('cautious', [[600, 3550]]), s.terrain)?.code, 'impassable');
  // The data schema validates the flag.
  const bad = structuredClone(scenariosJson) as { maps: { terrain: Record<string, unknown>[] }[] };
  bad.maps[0].terrain[0].water = 'yes';
  assert.throws(() => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: bad }), /scenarios/);
});

test('#77 an Amphibious vehicle in water gets sampled moves: Cautious only, all legal', () => {
  const s = vehicleScene('amph-cand', { vehicles: [vehicle('C', 0, [2000, 2000], 0, 'amphibiousCarrier')], active: 'C', terrain: [lake] });
  const u = s.units.find((x) => x.id === 'C')!;
  const cands = driveCandidates(s, u) as Drive[];
  const moving = cands.filter((a) => a.path.length);
  assert.ok(moving.length >= 8, `moves sampled: ${moving.length}`);
  assert.ok(moving.every((a) => a.speed === 'cautious'));
  for (const a of cands) assert.equal(driveProblem(s, u, a), null);
});
