// Vehicles (spec §2.5, §3.2 "Facing and arcs", §6.3, §6.6, §6.9, §6.11, §7.16, §7.29): tests
// named after the checklist items #76, #77, #80-#84, #87, #90 and #46's X4 against vehicles.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearing, orientedRect, type Pt } from '../../../src/engine/mech/geom2d.js';
import { CONTENT, forceProblem, loadContent, vehicleCost } from '../../../src/games/fast-and-dirty/content.js';
import { rangeX } from '../../../src/games/fast-and-dirty/rules/environment.js';
import { armourOf, buildVehicle, driveProblem, facingOf, hull, inArc, vdef, weaponFireProblem } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Action, Feature, S, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import weaponsJson from '../../../src/games/fast-and-dirty/data/weapons.json' with { type: 'json' };
import armourJson from '../../../src/games/fast-and-dirty/data/armour.json' with { type: 'json' };
import scenariosJson from '../../../src/games/fast-and-dirty/data/scenarios.json' with { type: 'json' };
import vehiclesJson from '../../../src/games/fast-and-dirty/data/vehicles.json' with { type: 'json' };
import { act, craft, decision, fastAndDirty, row, seats, setup, squad, tryAct, unitOf } from './helpers.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';

/** Scripted dice by the faces shown. */
const D = (...faces: number[]) => faces.map((f) => f - 1);

function vehicle(id: string, side: Side, at: Pt, heading: number, type = 'lightTank', quality: 'rabble' | 'conscript' | 'regular' | 'elite' = 'regular'): Unit {
  const u = buildVehicle({ name: id, vehicle: type, quality }, id, side, at);
  u.vehicle!.heading = heading;
  return u;
}

/** A crafted table with squads and vehicles; `active` (a squad or a vehicle) awaits its order. */
function scene(o: { squads?: Parameters<typeof craft>[0]['units']; vehicles: Unit[]; active?: string; terrain?: Feature[]; name: string; options?: Record<string, unknown> }): S {
  const s = craft({ units: o.squads ?? [], terrain: o.terrain, name: o.name, options: o.options });
  s.units.push(...o.vehicles);
  if (o.active) {
    const u = s.units.find((x) => x.id === o.active)!;
    s.phase = 'order';
    s.active = u.id;
    s.toAct = u.side as Side;
  }
  return s;
}

const hold = (u: Unit): Action => ({ type: 'drive', speed: 'stationary', path: [], heading: u.vehicle!.heading, fire: [] });
const code = (r: unknown) => (r && typeof r === 'object' && 'code' in r ? (r as { code: string }).code : null);
const ev = (events: { type: string; data: unknown }[], type: string) => events.filter((e) => e.type === type).map((e) => e.data as Record<string, any>);

// ---------------------------------------------------------------- #76

test('#76 vehicle hull footprint: an oriented rectangle length × width at its heading (0 = +y, clockwise)', () => {
  assert.deepEqual(orientedRect([1000, 1000], 600, 200, 0), [[900, 1300], [1100, 1300], [1100, 700], [900, 700]]);
  // Heading 90°: the long axis along +x, the front at +x.
  assert.deepEqual(orientedRect([1000, 1000], 600, 200, 9000), [[1300, 1100], [1300, 900], [700, 900], [700, 1100]]);
  // 45°: corners rotated, rounded to hundredths.
  const r = orientedRect([0, 0], 200, 200, 4500);
  assert.deepEqual(r[0], [0, 141]);
  assert.equal(bearing([0, 0], [100, 100]), 4500);
  assert.equal(bearing([0, 0], [0, -100]), 18000);
  assert.equal(bearing([0, 0], [-100, 0]), 27000);
  const t = vehicle('T', 0, [2000, 2000], 9000);
  assert.deepEqual(hull(t), orientedRect([2000, 2000], 550, 280, 9000));
});

test('#76 facing sectors: the plane split by the hull diagonals into front, side and rear; each facing its own armour', () => {
  const t = vehicle('T', 0, [2000, 2000], 0); // 5.5" × 2.8", facing +y
  assert.equal(facingOf(t, [2000, 3000]), 'front');
  assert.equal(facingOf(t, [2000, 1000]), 'rear');
  assert.equal(facingOf(t, [3000, 2000]), 'side');
  // Near the diagonal: the diagonal's slope is length / width; just above it is front, below it side.
  assert.equal(facingOf(t, [2000 + 1000, 2000 + 1990]), 'front');
  assert.equal(facingOf(t, [2000 + 1000, 2000 + 1900]), 'side');
  // Turned to heading 90°, a point at +x is now in front.
  t.vehicle!.heading = 9000;
  assert.equal(facingOf(t, [3000, 2000]), 'front');
  assert.deepEqual([armourOf(t, 'front'), armourOf(t, 'side'), armourOf(t, 'rear'), armourOf(t, 'top')], [8, 7, 6, 5]);
});

test('#76 weapon arcs: turret 360°, hull mount 90° forward, sponson 180° on its side', () => {
  const t = vehicle('T', 0, [2000, 2000], 0);
  const turret = vdef(t).weapons[0], hullMg = vdef(t).weapons[1];
  assert.equal(turret.mount, 'turret');
  assert.equal(hullMg.mount, 'hull');
  const fig = (at: Pt) => ({ id: 'x', at, r: 50, weapon: 'assaultRifle', armour: 'light', support: false, leader: false, alive: true });
  assert.ok(inArc(t, turret, fig([2000, 1000])));
  assert.ok(inArc(t, hullMg, fig([2100, 3000])));
  assert.ok(!inArc(t, hullMg, fig([2000, 1000])), 'behind the hull MG');
  assert.ok(!inArc(t, hullMg, fig([3000, 2200])), 'beside it, outside ±45°');
  const car = vehicle('C', 0, [2000, 2000], 0, 'scoutCar');
  const sponson = vdef(car).weapons[1];
  assert.equal(sponson.side, 'left');
  assert.ok(inArc(car, sponson, fig([1000, 2000])));
  assert.ok(!inArc(car, sponson, fig([3000, 2000])));
});

test('#76 vehicle data: provisional JSON validated by its schema at load; unknown weapons refused', () => {
  assert.equal(vehiclesJson.provisional, true);
  assert.ok(CONTENT.vehicles.lightTank && CONTENT.weapons.mediumCannon);
  const bad = structuredClone(vehiclesJson) as any;
  bad.vehicles[0].armour.front = 'thick';
  assert.throws(() => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: scenariosJson, vehicles: bad }), /vehicles\.json/);
  const bad2 = structuredClone(vehiclesJson) as any;
  bad2.vehicles[0].weapons[0].weapon = 'deathRay';
  assert.throws(() => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: scenariosJson, vehicles: bad2 }), /unknown weapon deathRay/);
});

test('#76 a vehicle in a force list: costed by points, set up as a one-hull unit facing the enemy', () => {
  // Light tank: 40 points × Regular 1.3 = 52 points [P].
  assert.equal(vehicleCost(CONTENT.vehicles.lightTank, 'regular'), 5200);
  assert.equal(forceProblem(CONTENT, [{ name: 'T', vehicle: 'lightTank', quality: 'regular' }, { name: 'T2', vehicle: 'lightTank', quality: 'regular' }, { name: 'T3', vehicle: 'lightTank', quality: 'regular' }], 120)?.code, 'over_points');
  assert.equal(forceProblem(CONTENT, [{ name: 'T', vehicle: 'hovercraft', quality: 'regular' }], 120)?.code, 'unknown_vehicle');
  const s = setup('firefight', { forces: { 0: [{ name: 'Tank', vehicle: 'lightTank', quality: 'regular' }, squad()], 1: [{ name: 'IFV', vehicle: 'ifv', quality: 'elite' }] } });
  const a1 = unitOf(s, 'A1'), b1 = unitOf(s, 'B1');
  assert.equal(a1.kind, 'vehicle');
  assert.equal(a1.figures.length, 1);
  assert.equal(a1.vehicle!.heading, 0);
  assert.equal(b1.vehicle!.heading, 18000);
  assert.equal(unitOf(s, 'A2').kind, 'infantry');
  const r = fastAndDirty.setup({ scenario: 'firefight', seats, options: { forces: { 0: [{ name: 'T', vehicle: 'lightTank', quality: 'regular', armour: 9 }] } } }, { seq: 0, rng: scriptedRng([], 'x') });
  assert.ok(isViolation(r) && r.code === 'bad_force_list');
});

// ---------------------------------------------------------------- #77

test('#77 Cautious and Standard speeds by mobility: Track 12" / 18", Wheel off-road ×2, Supercharged not needed', () => {
  const t = vehicle('T', 0, [2000, 1000], 0);
  const s = scene({ vehicles: [t], active: 'T', name: 'v77a' });
  const go = (speed: 'cautious' | 'standard', dy: number): Action => ({ type: 'drive', speed, path: [[2000, 1000 + dy]], heading: 0, fire: [] });
  assert.equal(code(driveProblem(s, t, go('cautious', 1200))), null);
  assert.equal(code(driveProblem(s, t, go('cautious', 1210))), 'beyond_allowance');
  assert.equal(code(driveProblem(s, t, go('standard', 1800))), null);
  assert.equal(code(driveProblem(s, t, go('standard', 1810))), 'beyond_allowance');
  const car = vehicle('C', 0, [2000, 1000], 0, 'scoutCar');
  const s2 = scene({ vehicles: [car], active: 'C', name: 'v77b' });
  // Wheel: 18" Cautious, each inch off-road costs 2: 9" at most on a map without roads.
  assert.equal(code(driveProblem(s2, car, go('cautious', 900))), null);
  assert.equal(code(driveProblem(s2, car, go('cautious', 950))), 'beyond_allowance');
  // The move is applied: the hull goes to the end point at the final heading.
  const r = act(s, { type: 'drive', speed: 'cautious', path: [[2000, 1600], [2400, 1900]], heading: 9000, fire: [] });
  assert.deepEqual(unitOf(r.s, 'T').figures[0].at, [2400, 1900]);
  assert.equal(unitOf(r.s, 'T').vehicle!.heading, 9000);
  assert.equal(unitOf(r.s, 'T').activated, true);
});

const woods: Feature = { id: 'woods', kind: 'area', points: [[1500, 2000], [2500, 2000], [2500, 2800], [1500, 2800]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 500 };
const dense: Feature = { ...woods, id: 'dense', los: 'woodsDense' };
const rock: Feature = { id: 'rock', kind: 'area', points: [[1500, 2000], [2500, 2000], [2500, 2800], [1500, 2800]], move: 'impassable', cover: 'hard', los: 'block', height: 500 };

test('#77 terrain restrictions: Wheel never enters difficult ground; Track only at Cautious and never dense woods; no impassable ground; no overlapping footprints', () => {
  const go = (speed: 'cautious' | 'standard', to: Pt): Action => ({ type: 'drive', speed, path: [to], heading: 0, fire: [] });
  const t = vehicle('T', 0, [2000, 1200], 0);
  let s = scene({ vehicles: [t], active: 'T', name: 'v77c', terrain: [woods] });
  assert.equal(code(driveProblem(s, t, go('cautious', [2000, 2300]))), null);
  assert.equal(code(driveProblem(s, t, go('standard', [2000, 2300]))), 'cautious_only');
  s = scene({ vehicles: [t], active: 'T', name: 'v77d', terrain: [dense] });
  assert.equal(code(driveProblem(s, t, go('cautious', [2000, 2300]))), 'terrain_restricted');
  s = scene({ vehicles: [t], active: 'T', name: 'v77e', terrain: [rock] });
  assert.equal(code(driveProblem(s, t, go('cautious', [2000, 1500]))), null, 'the hull front stops short of the rock');
  assert.equal(code(driveProblem(s, t, go('cautious', [2000, 1800]))), 'impassable', 'the hull front would enter the rock');
  const car = vehicle('C', 0, [2000, 1400], 0, 'scoutCar');
  s = scene({ vehicles: [car], active: 'C', name: 'v77f', terrain: [woods] });
  assert.equal(code(driveProblem(s, car, go('cautious', [2000, 2100]))), 'terrain_restricted');
  // Another footprint in the way: an enemy squad's base.
  s = scene({ squads: [{ id: 'B1', side: 1, spec: squad(), at: [[2000, 2000]] }], vehicles: [t], active: 'T', name: 'v77g' });
  assert.equal(code(driveProblem(s, t, go('cautious', [2000, 2200]))), 'overlap');
  // Off the table.
  assert.equal(code(driveProblem(s, t, go('cautious', [2000, 200]))), 'off_table');
});

test('#77 vehicle orders are decisions: sampled candidates are all legal, the default holds', () => {
  const t = vehicle('T', 0, [2000, 1000], 0);
  const s = scene({ squads: [{ id: 'B1', side: 1, spec: squad(), at: row(1800, 3000, 5) }], vehicles: [t], active: 'T', name: 'v77h' });
  const d = decision(s);
  const c = fastAndDirty.candidates(s, 0, d, 10, null as never);
  assert.equal(c.all, false);
  assert.ok(c.actions.length >= 4);
  assert.ok(c.actions.some((a) => a.type === 'drive' && a.path.length && a.fire.length));
  for (const a of c.actions) assert.equal(fastAndDirty.validate(s, 0, d, a), null, JSON.stringify(a));
  assert.deepEqual(fastAndDirty.defaultAction(s, d), hold(t));
  // Infantry answering for a vehicle's order, or a vehicle answering like infantry, are refused.
  assert.equal(code(tryAct(s, { type: 'engage', moves: [], target: null, fireFirst: true })), 'wrong_action');
});

// ---------------------------------------------------------------- #80

test('#80 fire control: per-activation weapon limits by class and speed; split fire among the N closest units', () => {
  const enemy = [{ id: 'B1', side: 1 as Side, spec: squad(), at: row(1800, 2600, 3) }, { id: 'B2', side: 1 as Side, spec: squad(), at: row(2600, 3000, 3) }];
  // Medium tank: Extensive (any 2 systems; 1 MG at Standard).
  const m = vehicle('M', 0, [2000, 1000], 0, 'mediumTank');
  const s = scene({ squads: enemy, vehicles: [m], active: 'M', name: 'v80a' });
  const fire = (n: number[], speed: 'stationary' | 'cautious' | 'standard' = 'stationary', path: Pt[] = []): Extract<Action, { type: 'drive' }> => ({ type: 'drive', speed, path, heading: 0, fire: n.map((w, i) => ({ weapon: w, target: i % 2 ? 'B2' : 'B1' })) });
  assert.equal(code(driveProblem(s, m, fire([0, 1]))), null, 'two systems, split between two targets');
  assert.equal(code(driveProblem(s, m, fire([0, 1, 2]))), 'fire_control');
  assert.equal(code(driveProblem(s, m, fire([1], 'standard', [[2000, 1500]]))), null, 'one MG at Standard speed');
  assert.equal(code(driveProblem(s, m, fire([0], 'standard', [[2000, 1500]]))), 'fire_control', 'no main gun at Standard');
  assert.equal(code(driveProblem(s, m, { ...fire([0]), fire: [{ weapon: 0, target: 'B1' }, { weapon: 0, target: 'B2' }] })), 'weapon_twice');
  // Light tank: Improved (1 main + 1 MG); no fire at Standard.
  const t = vehicle('T', 0, [2000, 1000], 0);
  const s2 = scene({ squads: enemy, vehicles: [t], active: 'T', name: 'v80b' });
  assert.equal(code(driveProblem(s2, t, fire([0, 1]))), null);
  assert.equal(code(driveProblem(s2, t, fire([1], 'standard', [[2000, 1500]]))), 'fire_control');
  // Fire priority: a Rabble crew (N = 1) may only pick the closest unit.
  const r = vehicle('R', 0, [2000, 1000], 0, 'lightTank', 'rabble');
  const s3 = scene({ squads: enemy, vehicles: [r], active: 'R', name: 'v80c' });
  assert.equal(code(weaponFireProblem(s3, r, 0, 'B1')), null);
  assert.equal(code(weaponFireProblem(s3, r, 0, 'B2')), 'fire_priority');
  // An MG without an AT rating may not fire at a vehicle.
  const e = vehicle('E', 1, [2000, 2600], 18000);
  const s4 = scene({ vehicles: [t, e], active: 'T', name: 'v80d' });
  assert.equal(code(weaponFireProblem(s4, t, 1, 'E')), 'no_at_weapon');
  assert.equal(code(weaponFireProblem(s4, t, 0, 'E')), null);
});

// ---------------------------------------------------------------- #81 #82

test('#81 vehicle hits: only AT weapons fire; 2D6 keep highest + FE; each hit 1D6 + AT against the facing armour', () => {
  const t = vehicle('T', 1, [2000, 2000], 0); // facing +y, its rear toward the squad at y = 1400
  const at = squad('regular', 4, { support: 'amaw' });
  const plain = squad('regular', 4);
  let s = scene({ squads: [{ id: 'A1', side: 0, spec: plain, at: row(1700, 1300, 4) }], vehicles: [t], active: 'A1', name: 'v81a' });
  assert.equal(code(tryAct(s, { type: 'engage', moves: [], target: 'T', fireFirst: true })), 'no_at_weapon');
  s = scene({ squads: [{ id: 'A1', side: 0, spec: at, at: row(1560, 1000, 5) }], vehicles: [t], active: 'A1', name: 'v81b' });
  // FE: 6 (2D6 keep highest) + close range 0 (6.75" from the AMAW to the hull); Regular +1; AMAW FE 0 → 7: 2 hits (open: 3 per hit).
  // Hit 1: 1D6 = 2, + AT 4 = 6 ≥ rear 6: penetrates; result 2D6 = 1, 3: System Kill. Hit 2: 1 + 4 = 5 < 6, no penetration; immobilization die 4.
  const r = act(s, { type: 'engage', moves: [], target: 'T', fireFirst: true }, D(6, 2, 2, 1, 3, 1, 4));
  const shot = ev(r.events, 'shot')[0];
  assert.deepEqual([shot.hits, shot.firers.length], [2, 1]);
  const pens = ev(r.events, 'penetration');
  assert.deepEqual(pens.map((p) => [p.facing, p.total, p.armour, p.penetrated]), [['rear', 6, 6, true], ['rear', 5, 6, false]]);
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'systemKill');
  assert.equal(unitOf(r.s, 'T').underFire, true);
  assert.equal(unitOf(r.s, 'T').vehicle!.immobilized, undefined);
});

test('#82 penetration results: no 1 Vehicle Kill (infantry within 4" Under Fire), one 1 System Kill, two 1s Non-Damaging; a failed AT hit immobilizes on a 1', () => {
  const mk = (name: string) => {
    const t = vehicle('T', 1, [2000, 2000], 18000); // front toward the shooter
    const e = vehicle('E', 0, [2000, 1000], 0, 'mediumTank');
    return scene({ squads: [{ id: 'B1', side: 1, spec: squad(), at: [[2500, 2000]] }, { id: 'A1', side: 0, spec: squad(), at: [[1000, 3500]] }], vehicles: [t, e], active: 'E', name });
  };
  const fire: Action = { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 0, target: 'T' }] };
  // Medium cannon (AT 4, blast: no FE) 1D6 6 + close 0 + Regular 1 = 7: 2 hits. Hit 1: 5 + 4 = 9 ≥ front 8; 2D6 4, 5: Vehicle Kill.
  let r = act(mk('v82a'), fire, D(6, 5, 4, 5));
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'knockedOut');
  assert.equal(unitOf(r.s, 'T').out, true);
  assert.equal(unitOf(r.s, 'B1').underFire, true, 'infantry within 4" of the hull');
  assert.equal(unitOf(r.s, 'A1').underFire, false, 'infantry farther away');
  // Hit 1: NDP (1, 1): crew morale due; hit 2: 3 + 4 = 7 < 8, immobilization die 1.
  r = act(mk('v82b'), fire, D(6, 4, 1, 1, 3, 1));
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'ok');
  assert.equal(unitOf(r.s, 'T').vehicle!.moraleDue, true);
  assert.equal(unitOf(r.s, 'T').vehicle!.immobilized, true);
  assert.ok(ev(r.events, 'non_damaging_penetration').length === 1);
});

// ---------------------------------------------------------------- #83 #84

test('#83 crew morale at the next activation: 0 successes abandoned; 1 falls back at Standard speed without fire (immobilized: abandoned); System Kill recovery on 2 dice', () => {
  const enemy = [{ id: 'B1', side: 1 as Side, spec: squad(), at: row(1800, 2600, 3) }];
  const mk = (name: string, f: (t: Unit) => void) => {
    const t = vehicle('T', 0, [2000, 1000], 0);
    f(t);
    return scene({ squads: enemy, vehicles: [t], name });
  };
  let r = act(mk('v83a', (t) => { t.vehicle!.moraleDue = true; }), { type: 'activate', unit: 'T' }, D(1, 2, 2));
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'abandoned');
  assert.equal(unitOf(r.s, 'T').out, true);
  r = act(mk('v83b', (t) => { t.vehicle!.moraleDue = true; t.vehicle!.immobilized = true; }), { type: 'activate', unit: 'T' }, D(5, 1, 1));
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'abandoned');
  r = act(mk('v83c', (t) => { t.vehicle!.moraleDue = true; }), { type: 'activate', unit: 'T' }, D(5, 1, 1));
  assert.equal(r.s.phase, 'order');
  assert.equal(unitOf(r.s, 'T').fallingBack, true);
  assert.equal(code(tryAct(r.s, { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 0, target: 'B1' }] })), 'falling_back');
  assert.equal(code(tryAct(r.s, { type: 'drive', speed: 'cautious', path: [[2000, 600]], heading: 0, fire: [] })), 'falling_back');
  assert.equal(code(tryAct(r.s, { type: 'drive', speed: 'standard', path: [[2000, 1400]], heading: 0, fire: [] })), 'fall_back_not_away');
  assert.equal(code(tryAct(r.s, { type: 'drive', speed: 'standard', path: [[2000, 400]], heading: 0, fire: [] })), null);
  // System Kill: Regular crew passes on 3+ with both dice.
  r = act(mk('v83d', (t) => { t.vehicle!.status = 'systemKill'; }), { type: 'activate', unit: 'T' }, D(3, 2));
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'systemKill');
  assert.equal(unitOf(r.s, 'T').activated, true, 'out of action: the activation ends');
  r = act(mk('v83e', (t) => { t.vehicle!.status = 'systemKill'; }), { type: 'activate', unit: 'T' }, D(3, 6));
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'ok');
  assert.equal(r.s.phase, 'order');
});

test('#84 vehicle Under Fire: −1 FE, −3 for pintle and external mounts and open-topped vehicles', () => {
  const enemy = [{ id: 'B1', side: 1 as Side, spec: squad(), at: row(1800, 2600, 3) }];
  const shotMods = (type: string, weapon: number) => {
    const t = vehicle('T', 0, [2000, 1000], 0, type);
    t.underFire = true;
    const s = scene({ squads: enemy, vehicles: [t], active: 'T', name: `v84-${type}-${weapon}` });
    const r = act(s, { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon, target: 'B1' }] }, D(1, 1, 1, 1, 1, 1, 1, 1));
    return ev(r.events, 'shot')[0].mods as Record<string, number>;
  };
  assert.equal(shotMods('apc', 0).underFire, -1, 'turret');
  assert.equal(shotMods('mediumTank', 2).underFire, -3, 'pintle');
  assert.equal(shotMods('mbt', 2).underFire, -3, 'external');
  assert.equal(shotMods('lightCarrier', 0).underFire, -3, 'open-topped');
  const t = vehicle('T', 0, [2000, 1000], 0, 'apc');
  const r = act(scene({ squads: enemy, vehicles: [t], active: 'T', name: 'v84x' }), { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 0, target: 'B1' }] }, D(1, 1, 1, 1, 1, 1));
  assert.equal(ev(r.events, 'shot')[0].mods.underFire, undefined, 'not Under Fire: no modifier');
});

// ---------------------------------------------------------------- #87 #46 #90

test('#87 assaulting a vehicle: nerve test; on a success the move, then one hit per figure in contact with an AT weapon against the facing touched', () => {
  const t = vehicle('T', 1, [2000, 2000], 0); // rear toward y < 2000
  const spec = squad('regular', 3, { support: 'amaw' });
  const mk = (name: string) => scene({ squads: [{ id: 'A1', side: 0, spec, at: [[1800, 1300], [2000, 1300], [2200, 1300], [2000, 1450]] }], vehicles: [t], active: 'A1', name });
  const moves = [{ fig: 'A1.4', path: [[2000, 1675]] as Pt[] }];
  // Nerve test failed (Regular needs 3): no move.
  let r = act(mk('v87a'), { type: 'assault', target: 'T', moves }, D(2));
  assert.deepEqual(unitOf(r.s, 'A1').figures[3].at, [2000, 1450]);
  assert.equal(ev(r.events, 'nerve_test')[0].passed, false);
  // Passed: the tank's defensive shot (the turret cannon bears, the hull MG does not; FE 1 + base 2 + Regular 1 = 4: one hit on
  // the closest figure, 1 + 2 against 6 + 1: it survives), the move, the AMAW hits the rear: 3 + 4 = 7 ≥ 6, result 2D6 2, 2 → Vehicle Kill.
  r = act(mk('v87b'), { type: 'assault', target: 'T', moves }, D(4, 1, 1, 6, 3, 2, 2));
  assert.deepEqual(ev(r.events, 'shot').map((x) => [x.defensive, x.hits]), [[true, 1]]);
  assert.ok(ev(r.events, 'shot').some((x) => x.defensive));
  assert.deepEqual(ev(r.events, 'penetration').map((p) => [p.facing, p.total]), [['rear', 7]]);
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'knockedOut');
  // Not reaching the hull is refused.
  assert.equal(code(tryAct(mk('v87c'), { type: 'assault', target: 'T', moves: [{ fig: 'A1.4', path: [[2000, 1600]] }] })), 'no_contact');
});

test('#46 night fighting: against vehicles ranges become X4 (not X2)', () => {
  const s = setup('firefight', { night: true });
  const u = unitOf(s, 'A1');
  assert.equal(rangeX(s, u, CONTENT.weapons.amaw, 0), 2);
  assert.equal(rangeX(s, u, CONTENT.weapons.amaw, 0, true), 4);
  assert.equal(rangeX(s, u, CONTENT.weapons.mediumCannon, 0, true), 4);
  assert.equal(rangeX(s, u, CONTENT.weapons.fusionGun, 0, true), 2, 'a weapon with a lower X keeps it');
});

test('#90 bogging: a Quality test on 2D6 for every 6" through difficult ground; a failure stops the vehicle there; freed by the same test later', () => {
  const t = vehicle('T', 0, [2000, 1200], 0);
  const wide: Feature = { ...woods, points: [[1500, 1700], [2500, 1700], [2500, 3000], [1500, 3000]] };
  const s = scene({ squads: [{ id: 'B1', side: 1, spec: squad(), at: [[4000, 4500]] }], vehicles: [t], active: 'T', name: 'v90', terrain: [wide] });
  // 12" cautious: 7" inside the woods: one test; Regular fails with 2, 1.
  const r = act(s, { type: 'drive', speed: 'cautious', path: [[2000, 2400]], heading: 0, fire: [] }, D(2, 1));
  const v = unitOf(r.s, 'T');
  assert.equal(v.vehicle!.bogged, true);
  assert.ok(v.figures[0].at[1] > 2250 && v.figures[0].at[1] < 2320, `stopped after 6" in the woods: ${v.figures[0].at}`);
  assert.equal(ev(r.events, 'bogging_test').length, 1);
  const stuck = structuredClone(r.s);
  stuck.active = 'T'; stuck.phase = 'order'; stuck.toAct = 0;
  assert.equal(code(tryAct(stuck, { type: 'drive', speed: 'cautious', path: [[2000, 2500]], heading: 0, fire: [] })), 'bogged');
  // A later activation: the release test (one success is enough for Tracks).
  const later = structuredClone(r.s);
  later.units.find((u) => u.id === 'T')!.activated = false;
  later.phase = 'activate'; later.toAct = 0; later.active = null;
  const r2 = act(later, { type: 'activate', unit: 'T' }, D(1, 4));
  assert.equal(unitOf(r2.s, 'T').vehicle!.bogged, false);
  // Without difficult ground there is no test.
  const r3 = act(scene({ vehicles: [vehicle('T', 0, [2000, 1200], 0)], active: 'T', name: 'v90b' }), { type: 'drive', speed: 'cautious', path: [[2000, 2400]], heading: 0, fire: [] });
  assert.equal(ev(r3.events, 'bogging_test').length, 0);
});

test('#76 #85 random legal playouts with vehicles (and a squad aboard a transport) end without a violation', () => {
  const sq = { name: 'AT squad', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 5 }, { weapon: 'amaw', armour: 'light', support: true }] };
  for (const [i, forces] of [
    { 0: [{ name: 'Tank', vehicle: 'lightTank', quality: 'regular' }, sq], 1: [{ name: 'IFV', vehicle: 'ifv', quality: 'regular' }, sq] },
    { 0: [{ name: 'Car', vehicle: 'scoutCar', quality: 'elite' }, sq], 1: [{ name: 'Carrier', vehicle: 'lightCarrier', quality: 'conscript' }, sq, sq] },
  ].entries()) {
    for (const opts of [{}, { opportunityFire: true, night: true }]) {
      let s = setup('firefight', { forces, ...opts });
      // Side B's squad starts aboard its transport (IFV or carrier, 6 places).
      s.units.find((u) => u.id === 'B2')!.embarked = 'B1';
      for (let n = 0; n < 400 && !s.result; n++) {
        const d = decision(s);
        const c = fastAndDirty.candidates(s, d.seat, d, 10, null as never).actions;
        const a = c[(n * 7 + i) % c.length];
        const r = tryAct(s, a);
        assert.ok(!('code' in r), `${i} entry ${n}: ${JSON.stringify(a)} → ${JSON.stringify(r).slice(0, 300)}`);
        s = r.s;
      }
      assert.ok(s.result, 'the game ends');
    }
  }
});

// ---------------------------------------------------------------- #89 (partial)

/** A test vehicle type: the light tank with these properties. */
function withProps(id: string, props: string[], base = 'lightTank'): string {
  (CONTENT.vehicles as Record<string, unknown>)[id] = { ...CONTENT.vehicles[base], id, properties: props };
  return id;
}

test('#89 vehicle properties: Fragile, Energy Screen, Urban Warfare Kit, Supercharged / Under Powered, Weapon Stabilizer, Improved Weapons Control', () => {
  const shooter = () => vehicle('E', 0, [2000, 1000], 0, 'mediumTank');
  const fire: Action = { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 0, target: 'T' }] };
  // Fragile: any penetration knocks it out, no results roll.
  let t = vehicle('T', 1, [2000, 2000], 18000, withProps('tFragile', ['fragile']));
  let r = act(scene({ squads: [{ id: 'B1', side: 1, spec: squad(), at: [[4000, 4500]] }], vehicles: [t, shooter()], active: 'E', name: 'v89a' }), fire, D(6, 5, 3));
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'knockedOut');
  assert.equal(ev(r.events, 'dice_rolled').filter((d) => d.purpose === 'penetration_result').length, 0);
  // Energy Screen: each hit deflected on 5+ before the penetration roll.
  t = vehicle('T', 1, [2000, 2000], 18000, withProps('tScreen', ['energyScreen']));
  r = act(scene({ squads: [{ id: 'B1', side: 1, spec: squad(), at: [[4000, 4500]] }], vehicles: [t, shooter()], active: 'E', name: 'v89b' }), fire, D(6, 5, 1, 3, 4, 5));
  // FE 6 + base range 2 + Regular 1 = 9: 3 hits; the first and third deflected, the second rolls for penetration.
  assert.equal(ev(r.events, 'shot')[0].hits, 3);
  assert.equal(ev(r.events, 'deflected').length, 2);
  assert.equal(ev(r.events, 'penetration').length, 1);
  // Urban Warfare Kit: the front armour all round.
  t = vehicle('T', 1, [2000, 2000], 0, withProps('tUwk', ['urbanWarfareKit']));
  assert.deepEqual([armourOf(t, 'rear'), armourOf(t, 'side'), armourOf(t, 'bottom')], [8, 8, 8]);
  // Supercharged: +4" to both speeds; Under Powered −4".
  const fast = vehicle('F', 0, [2000, 1000], 0, withProps('tFast', ['supercharged']));
  const slow = vehicle('S', 0, [3000, 1000], 0, withProps('tSlow', ['underPowered']));
  const s = scene({ squads: [{ id: 'B1', side: 1, spec: squad(), at: [[4000, 4500]] }], vehicles: [fast, slow], name: 'v89c' });
  assert.equal(code(driveProblem(s, fast, { type: 'drive', speed: 'cautious', path: [[2000, 2600]], heading: 0, fire: [] })), null);
  assert.equal(code(driveProblem(s, slow, { type: 'drive', speed: 'cautious', path: [[3000, 1900]], heading: 0, fire: [] })), 'beyond_allowance');
  // Weapon Stabilizer: the main gun fires at Standard speed; Improved Weapons Control: Primitive fires 2 systems.
  const enemy = [{ id: 'B1', side: 1 as Side, spec: squad(), at: row(1800, 3200, 3) }];
  const stab = vehicle('W', 0, [2000, 1000], 0, withProps('tStab', ['weaponStabilizer']));
  const s2 = scene({ squads: enemy, vehicles: [stab], active: 'W', name: 'v89d' });
  assert.equal(code(driveProblem(s2, stab, { type: 'drive', speed: 'standard', path: [[2000, 1500]], heading: 0, fire: [{ weapon: 0, target: 'B1' }] })), null);
  assert.equal(code(driveProblem(s2, stab, { type: 'drive', speed: 'standard', path: [[2000, 1500]], heading: 0, fire: [{ weapon: 1, target: 'B1' }] })), 'fire_control');
  const prim = vehicle('P', 0, [2000, 1000], 0, withProps('tPrim', [], 'mediumTank'));
  (CONTENT.vehicles as Record<string, any>).tPrim.fireControl = 'primitive';
  const iwc = vehicle('I', 0, [2000, 1000], 0, withProps('tIwc', ['improvedWeaponsControl'], 'mediumTank'));
  (CONTENT.vehicles as Record<string, any>).tIwc.fireControl = 'primitive';
  const two = (u: Unit): Action => ({ type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 0, target: 'B1' }, { weapon: 1, target: 'B1' }] });
  assert.equal(code(driveProblem(scene({ squads: enemy, vehicles: [prim], active: 'P', name: 'v89e' }), prim, two(prim))), 'fire_control');
  assert.equal(code(driveProblem(scene({ squads: enemy, vehicles: [iwc], active: 'I', name: 'v89f' }), iwc, two(iwc))), null);
});

test('#89 vehicle properties: Reactive Armour deflects rocket and missile hits on 4+', () => {
  const t = vehicle('T', 1, [2000, 2000], 0, withProps('tReactive', ['reactiveArmour']));
  const s = scene({ squads: [{ id: 'A1', side: 0, spec: squad('regular', 4, { support: 'amaw' }), at: row(1560, 1000, 5) }], vehicles: [t], active: 'A1', name: 'v89k' });
  // FE 6 + 0 + 1 = 7: 2 AMAW (rocket) hits; the first deflected (4), the second not (3): 2 + 4 = 6 against the rear 6, results 1, 1.
  const r = act(s, { type: 'engage', moves: [], target: 'T', fireFirst: true }, D(6, 1, 4, 3, 2, 1, 1));
  assert.deepEqual(ev(r.events, 'deflected').map((d) => d.by), ['reactiveArmour']);
  assert.equal(ev(r.events, 'penetration').length, 1);
  assert.equal(ev(r.events, 'non_damaging_penetration').length, 1);
});

test('#89 vehicle properties: Advanced Targeting +2 against vehicles unless ECM; Stealth one band further', () => {
  const fire: Action = { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 0, target: 'T' }] };
  const run = (shooterType: string, targetType: string, name: string) => {
    const e = vehicle('E', 0, [2000, 1000], 0, shooterType);
    const t = vehicle('T', 1, [2000, 2200], 18000, targetType);
    return act(scene({ squads: [{ id: 'B1', side: 1, spec: squad(), at: [[4000, 4500]] }], vehicles: [e, t], active: 'E', name }), fire, D(1, 1, 1, 1, 1, 1));
  };
  const ats = withProps('tAts', ['advancedTargeting'], 'mediumTank');
  assert.equal(ev(run(ats, 'lightTank', 'v89g').events, 'shot')[0].mods.advancedTargeting, 2);
  assert.equal(ev(run(ats, withProps('tEcm', ['ecm']), 'v89h').events, 'shot')[0].mods.advancedTargeting, undefined);
  // 6.5" between the hulls: close range for a Regular medium cannon; against Stealth, medium.
  assert.equal(ev(run('mediumTank', 'lightTank', 'v89i').events, 'shot')[0].band, 'close');
  assert.equal(ev(run('mediumTank', withProps('tStealth', ['stealth']), 'v89j').events, 'shot')[0].band, 'medium');
});

test('#76 the board picture draws a vehicle as its hull rectangle', () => {
  const s = setup('firefight', { forces: { 0: [{ name: 'Tank', vehicle: 'lightTank', quality: 'regular' }, squad()] } });
  const out = fastAndDirty.render!(fastAndDirty.view(s, 0), { seat: 0 } as never) as unknown;
  const svg = typeof out === 'string' ? out : JSON.stringify(out);
  assert.match(svg, /<polygon class="hull"/);
});

// ---------------------------------------------------------------- #85

test('#85 transports: boarding by moving into contact with the hull, within capacity (heavy weapon +1, powered armour 2)', () => {
  const apc = vehicle('V', 0, [2000, 2000], 0, 'apc'); // 5" × 2.5", holds 10
  const mk = (name: string, count: number) => scene({ squads: [{ id: 'A1', side: 0, spec: squad('regular', count), at: row(1700, 1500, count) }, { id: 'B1', side: 1, spec: squad(), at: [[4000, 4500]] }], vehicles: [apc], active: 'A1', name });
  // The hull's rear edge is at y = 1750: bases touch it at y = 1700.
  const moves = (count: number) => Array.from({ length: count }, (_, i) => ({ fig: `A1.${i + 1}`, path: [[1900 + (i % 3) * 100, 1700]] as Pt[] }));
  const s = mk('v85a', 2);
  const r = act(s, { type: 'engage', moves: moves(2), target: null, fireFirst: true, board: 'V' });
  assert.equal(unitOf(r.s, 'A1').embarked, 'V');
  assert.equal(fastAndDirty.pending(r.s)[0].seat, 1);
  // It no longer activates on its own, and its figures are off the table.
  assert.ok(!fastAndDirty.candidates(r.s, 0, { ...decision(r.s), kind: 'activate', seat: 0 } as never, 10, null as never).actions.some((a) => (a as { unit?: string }).unit === 'A1'));
  // A figure not in contact: refused; no fire while boarding.
  assert.equal(code(tryAct(mk('v85b', 2), { type: 'engage', moves: [{ fig: 'A1.1', path: [[1900, 1700]] }], target: null, fireFirst: true, board: 'V' })), 'not_in_contact');
  assert.equal(code(tryAct(mk('v85c', 2), { type: 'engage', moves: moves(2), target: 'B1', fireFirst: true, board: 'V' })), 'board_no_fire');
  // Capacity: 10 places; 2 aboard already, a 9-figure squad does not fit.
  const s2 = mk('v85d', 2);
  s2.units.push({ ...structuredClone(unitOf(s2, 'A1')), id: 'A9', name: 'aboard', embarked: 'V', figures: unitOf(s2, 'A1').figures.map((f, i) => ({ ...f, id: `A9.${i + 1}` })) });
  const big = scene({ squads: [{ id: 'A1', side: 0, spec: squad('regular', 9), at: row(1100, 1500, 9) }, { id: 'B1', side: 1, spec: squad(), at: [[4000, 4500]] }], vehicles: [apc], active: 'A1', name: 'v85e' });
  big.units.push(s2.units.find((u) => u.id === 'A9')!);
  assert.equal(code(tryAct(big, { type: 'engage', moves: [], target: null, fireFirst: true, board: 'V' })), 'over_capacity');
});

test('#85 transports: disembark within 1" as the transport\'s whole activation; the unit may then fire or assault but not move', () => {
  const apc = vehicle('V', 0, [2000, 2000], 0, 'apc');
  const s = scene({ squads: [{ id: 'A1', side: 0, spec: squad('regular', 2), at: row(1900, 1700, 2) }, { id: 'B1', side: 1, spec: squad(), at: row(1800, 3000, 3) }], vehicles: [apc], active: 'V', name: 'v85f' });
  unitOf(s, 'A1').embarked = 'V';
  const out = (pts: Pt[]): Action => ({ type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [], disembark: { unit: 'A1', at: pts.map((p, i) => ({ fig: `A1.${i + 1}`, at: p })) } });
  assert.equal(code(tryAct(s, out([[1900, 2300], [2010, 2420]]))), 'not_within_1', 'the second 1.2" from the hull');
  assert.equal(code(tryAct(s, out([[1900, 2300], [2010, 2240]]))), 'not_within_1', 'the second on the hull');
  assert.equal(code(tryAct(s, out([[1900, 2300]]))), 'not_placed');
  assert.equal(code(tryAct(s, { ...out([[1900, 2300], [2010, 2300]]), fire: [{ weapon: 0, target: 'B1' }] } as Action)), 'disembark_whole_activation');
  // In front of the hull (front edge y = 2250): bases at y = 2300 touch it.
  const r = act(s, out([[1900, 2300], [2010, 2300]]));
  const a1 = unitOf(r.s, 'A1');
  assert.equal(a1.embarked, null);
  assert.deepEqual(a1.figures.map((f) => f.at), [[1900, 2300], [2010, 2300]]);
  assert.equal(unitOf(r.s, 'V').activated, true);
  assert.equal(r.s.active, 'A1');
  assert.equal(code(tryAct(r.s, { type: 'engage', moves: [{ fig: 'A1.1', path: [[1900, 2500]] }], target: null, fireFirst: true })), 'disembarked');
  assert.equal(code(tryAct(r.s, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1900, 2500]] }] })), 'disembarked');
  const r2 = act(r.s, { type: 'engage', moves: [], target: 'B1', fireFirst: true }, D(1, 1));
  assert.equal(ev(r2.events, 'shot').length, 1);
  assert.equal(unitOf(r2.s, 'A1').activated, true);
  // The sampled orders after disembarking are all allowed ones.
  for (const a of fastAndDirty.candidates(r.s, 0, decision(r.s), 10, null as never).actions) assert.equal(fastAndDirty.validate(r.s, 0, decision(r.s), a), null, JSON.stringify(a));
});

test('#85 passenger fates: a Vehicle Kill by fire sets them down round the wreck, each killed on 4+; destroyed by close assault, all killed', () => {
  const mk = (name: string) => {
    const apc = vehicle('V', 1, [2000, 2000], 18000, 'apc');
    const s = scene({ squads: [{ id: 'B2', side: 1, spec: squad('regular', 3), at: [[4000, 4000], [4200, 4000], [4400, 4000]] }, { id: 'A1', side: 0, spec: squad('regular', 3, { support: 'amaw' }), at: [[1800, 1300], [2000, 1300], [2200, 1300], [2000, 1500]] }], vehicles: [apc], active: 'A1', name });
    unitOf(s, 'B2').embarked = 'V';
    return s;
  };
  // Fire: AMAW at the front (6): FE 6 + base 2 (2.0" away) + 1 = 9 (2D6 keep the highest): 3 hits; pen 2 + 4 = 6: result 3, 4 → Vehicle Kill; passengers 4, 3, 5.
  let r = act(mk('v85g'), { type: 'engage', moves: [], target: 'V', fireFirst: true }, D(6, 1, 2, 3, 4, 4, 3, 5));
  assert.equal(unitOf(r.s, 'V').vehicle!.status, 'knockedOut');
  const b2 = unitOf(r.s, 'B2');
  assert.equal(b2.embarked, null);
  assert.deepEqual(b2.figures.map((f) => f.alive), [false, true, false]);
  assert.ok(b2.figures.filter((f) => f.alive).every((f) => Math.hypot(f.at[0] - 2000, f.at[1] - 2000) < 500), 'set down round the hull');
  // Close assault: nerve 4, the APC's HMG bears (defensive 1: FE 1 + 2 + 1 + 2 = 6: 2 hits; 1 against 6 + 1 twice), the AMAW: 6 + 4 = 10 ≥ 6, result 5, 5.
  r = act(mk('v85h'), { type: 'assault', target: 'V', moves: [{ fig: 'A1.4', path: [[2000, 1700]] }] }, D(4, 1, 1, 6, 1, 6, 6, 5, 5));
  assert.equal(unitOf(r.s, 'V').vehicle!.status, 'knockedOut');
  assert.ok(unitOf(r.s, 'B2').figures.every((f) => !f.alive));
  assert.equal(unitOf(r.s, 'B2').out, true);
});

test('#76 vehicles block LOS between ground figures (not their own, not to themselves)', () => {
  const t = vehicle('T', 0, [2000, 2000], 9000); // across the line of fire
  const mk = (name: string, vs: Unit[]) => scene({ squads: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[2000, 1000]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[2000, 3000]] }], vehicles: vs, active: 'A1', name });
  assert.equal(code(tryAct(mk('v76los', [t]), { type: 'engage', moves: [], target: 'B1', fireFirst: true })), 'no_line_of_fire');
  assert.equal(code(tryAct(mk('v76los2', []), { type: 'engage', moves: [], target: 'B1', fireFirst: true })), null);
  // The vehicle itself sees and is seen: its MG fires at B1 over nothing in the way.
  const s = mk('v76los3', [t]);
  assert.equal(code(weaponFireProblem(s, t, 0, 'B1')), null);
});

test('#83 infantry within 6" of a friendly armoured vehicle gets one automatic morale success (§6.1)', () => {
  const roll = (name: string, vs: Unit[]) => {
    const s = scene({ squads: [{ id: 'A1', side: 0, spec: squad('regular', 3), at: row(2000, 1000, 3) }, { id: 'B1', side: 1, spec: squad(), at: [[4000, 4500]] }], vehicles: vs, name });
    unitOf(s, 'A1').broken = true;
    const r = act(s, { type: 'activate', unit: 'A1' }, D(1, 1, 1, 1));
    return r.events.find((e) => e.type === 'dice_rolled' && (e.data as { purpose: string }).purpose === 'morale')!.data as { faces: number[]; automatic: number };
  };
  assert.deepEqual([roll('v83n', []).faces.length, roll('v83n', []).automatic], [3, 0]);
  const near = roll('v83m', [vehicle('T', 0, [2200, 1500], 0)]);
  assert.deepEqual([near.faces.length, near.automatic], [2, 1]);
  assert.equal(roll('v83o', [vehicle('T', 0, [2200, 2400], 0)]).automatic, 0, 'more than 6" away');
  assert.equal(roll('v83p', [vehicle('T', 1, [2200, 1500], 0)]).automatic, 0, 'an enemy vehicle');
});

test('#85 transports: bots get sampled boarding orders, all legal', () => {
  const apc = vehicle('V', 0, [2000, 2000], 0, 'apc');
  const s = scene({ squads: [{ id: 'A1', side: 0, spec: squad('regular', 4), at: row(1700, 1300, 4) }, { id: 'B1', side: 1, spec: squad(), at: [[4000, 4500]] }], vehicles: [apc], active: 'A1', name: 'v85i' });
  const d = decision(s);
  const boards = fastAndDirty.candidates(s, 0, d, 10, null as never).actions.filter((a) => 'board' in a && a.board === 'V');
  assert.ok(boards.length >= 1);
  for (const a of boards) assert.equal(fastAndDirty.validate(s, 0, d, a), null);
  assert.equal(unitOf(act(s, boards[0]).s, 'A1').embarked, 'V');
});

// ---------------------------------------------------------------- #88

test('#88 shock vehicles: kill dice (4+) at figures within 2" of the hull, then the AT-armed survivors strike back', () => {
  const mk = (name: string, props = ['shock']) => {
    const t = vehicle('T', 0, [2000, 1000], 0, withProps(`tShock${props.length}`, props));
    // B1: three riflemen in a row at y = 2000 and an AMAW at y = 2200; the hull's front edge reaches y = 1950 at (2000, 1675).
    return scene({ squads: [{ id: 'B1', side: 1, spec: squad('regular', 3, { support: 'amaw' }), at: [[1900, 2000], [2010, 2000], [2120, 2000], [2010, 2200]] }], vehicles: [t], active: 'T', name });
  };
  const go: Action = { type: 'drive', speed: 'cautious', path: [[2000, 1675]], heading: 0, fire: [], shock: 'B1' };
  assert.equal(code(tryAct(mk('v88a', []), go)), 'not_shock');
  assert.equal(code(tryAct(mk('v88b'), { ...go, path: [[2000, 1500]] } as Action)), 'no_contact');
  // Kill dice 4, 6: two figures within 2", the closest first (the three in contact, by id); the AMAW, 2" from the hull, strikes back: 2 + 4 = 6 < front 8; immobilization die 3.
  const r = act(mk('v88c'), go, D(4, 6, 2, 3));
  assert.deepEqual(ev(r.events, 'shock_attack')[0].killed.length, 2);
  assert.equal(unitOf(r.s, 'B1').figures.filter((f) => f.alive).length, 2);
  assert.deepEqual(ev(r.events, 'penetration').map((p) => [p.facing, p.total]), [['front', 6]]);
  assert.equal(unitOf(r.s, 'T').vehicle!.moraleDue, true);
});

test('#85 #42 passenger fates with the wound rules: 3-4 wounded, 5-6 killed (table 13)', () => {
  const apc = vehicle('V', 1, [2000, 2000], 18000, 'apc');
  const s = scene({ options: { recoverWounded: true }, squads: [{ id: 'B2', side: 1, spec: squad('regular', 3), at: [[4000, 4000], [4200, 4000], [4400, 4000]] }, { id: 'A1', side: 0, spec: squad('regular', 3, { support: 'amaw' }), at: [[1800, 1300], [2000, 1300], [2200, 1300], [2000, 1500]] }], vehicles: [apc], active: 'A1', name: 'v85w' });
  unitOf(s, 'B2').embarked = 'V';
  // The same Vehicle Kill as above; passengers roll 3, 2, 5.
  const r = act(s, { type: 'engage', moves: [], target: 'V', fireFirst: true }, D(6, 1, 2, 3, 4, 3, 2, 5));
  assert.equal(unitOf(r.s, 'V').vehicle!.status, 'knockedOut');
  const b2 = unitOf(r.s, 'B2');
  assert.deepEqual(b2.figures.map((f) => [f.alive, f.wounded ?? null]), [[false, 'wounded'], [true, null], [false, null]]);
  const survival = r.events.filter((e) => e.type === 'passenger_survival').map((e) => e.data as { killed: boolean; wounded?: boolean });
  assert.deepEqual(survival.map((d) => [d.killed, !!d.wounded]), [[false, true], [false, false], [true, false]]);
});

test('#74 #85 powered armour passengers of a destroyed transport: killed on 5+; with the wound rules wounded on 5, killed on 6 (§7.21)', () => {
  const mk = (name: string, options: Record<string, unknown>) => {
    const apc = vehicle('V', 1, [2000, 2000], 18000, 'apc');
    const s = scene({ options, squads: [{ id: 'B2', side: 1, spec: squad('regular', 3, { armour: 'lightPower' }), at: [[4000, 4000], [4200, 4000], [4400, 4000]] }, { id: 'A1', side: 0, spec: squad('regular', 3, { support: 'amaw' }), at: [[1800, 1300], [2000, 1300], [2200, 1300], [2000, 1500]] }], vehicles: [apc], active: 'A1', name });
    unitOf(s, 'B2').embarked = 'V';
    return s;
  };
  // Passengers roll 4, 5, 6 after the same Vehicle Kill.
  const plain = unitOf(act(mk('v74a', {}), { type: 'engage', moves: [], target: 'V', fireFirst: true }, D(6, 1, 2, 3, 4, 4, 5, 6)).s, 'B2');
  assert.deepEqual(plain.figures.map((f) => f.alive), [true, false, false]);
  const wounds = unitOf(act(mk('v74b', { recoverWounded: true }), { type: 'engage', moves: [], target: 'V', fireFirst: true }, D(6, 1, 2, 3, 4, 4, 5, 6)).s, 'B2');
  assert.deepEqual(wounds.figures.map((f) => [f.alive, f.wounded ?? null]), [[true, null], [false, 'wounded'], [false, null]]);
});
