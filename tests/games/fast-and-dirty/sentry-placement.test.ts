// Checklist item #66: sentry guns and the automatic placements (§7.25, source p.41: "these weapons
// begin the game in place and cannot be moved"; spec §3.2: a gun's footprint, a circle of 0.75" [P]).
// A standing gun is an obstacle like a vehicle's hull [P] (sentry-table.test.ts), so no automatic
// placement puts a base or a hull on one: the default set-up (squads and vehicles; a vehicle left
// on a gun could never move), a drop's automatic arrangement (§7.6) and the automatic disembarking
// places (§2.5). Each test puts a gun where the placement would otherwise go.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, faces, fastAndDirty, row, seats, squad, unitOf, vehicleScene } from './helpers.js';
import { buildVehicle, hull } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { autoPlace } from '../../../src/games/fast-and-dirty/rules/transport.js';
import { sentryFootprints } from '../../../src/games/fast-and-dirty/rules/sentry.js';
import { living, type Action, type Feature, type S, type Unit } from '../../../src/games/fast-and-dirty/state.js';
import { deployCandidates } from '../../../src/games/fast-and-dirty/rules/deploy.js';
import * as kernel from '../../../src/engine/kernel.js';
import { circlePolygonDistance, dist, type Pt } from '../../../src/engine/mech/geom2d.js';
import { isViolation } from '../../../src/engine/types.js';
import { scriptedRng } from '../../../src/engine/rng.js';

/** Whether any standing gun's footprint overlaps a base or a hull of the unit (touching allowed). */
function onGun(s: S, u: Unit): boolean {
  return sentryFootprints(s).some((g) => u.vehicle
    ? circlePolygonDistance(g.at, g.r - 2, hull(u)) === 0
    : living(u).some((f) => dist(f.at, g.at) < f.r + g.r - 2));
}
function setup(options: Record<string, unknown>): S {
  const r = fastAndDirty.setup({ scenario: 'firefight', seats, options }, { seq: 0, rng: scriptedRng([], 'sg-place') });
  if (isViolation(r)) throw new Error(r.code);
  return r.state;
}

test('#66 sentry guns and the default set-up: no squad\'s default place puts a base on a standing gun; the squad is shifted whole, still coherent and in its zone [P]', () => {
  const plain = setup({});
  const a1 = unitOf(plain, 'A1');
  const spot = a1.figures[1].at;
  const s = setup({ sentryGuns: { 1: [{ at: [spot[0], spot[1]] }] } });
  const moved = unitOf(s, 'A1');
  assert.ok(!onGun(s, moved), 'A1 stands clear of the gun');
  assert.notDeepEqual(moved.figures.map((f) => f.at), a1.figures.map((f) => f.at), 'A1 was moved off its default place');
  // Moved whole: the same formation, shifted by one offset.
  const d = [moved.figures[0].at[0] - a1.figures[0].at[0], moved.figures[0].at[1] - a1.figures[0].at[1]];
  moved.figures.forEach((f, i) => assert.deepEqual(f.at, [a1.figures[i].at[0] + d[0], a1.figures[i].at[1] + d[1]]));
  assert.ok(moved.figures.every((f) => f.at[1] <= s.table.h / 2), 'still on its side of the table');
  for (const u of s.units) assert.ok(!onGun(s, u), `${u.id} clear of the gun`);
  // Units away from the gun keep their default places.
  for (const u of s.units.filter((x) => x.id !== 'A1')) assert.deepEqual(u.figures.map((f) => f.at), unitOf(plain, u.id).figures.map((f) => f.at), u.id);
});

test('#66 sentry guns and the default set-up: a scenario\'s non-combatant placed on a gun is shifted off it (Evacuation)', () => {
  const plain = fastAndDirty.setup({ scenario: 'evacuation', seats, options: {} }, { seq: 0, rng: scriptedRng([], 'sg-nc') });
  if (isViolation(plain)) throw new Error(plain.code);
  const n1 = unitOf(plain.state, 'N1').figures[0].at;
  const r = fastAndDirty.setup({ scenario: 'evacuation', seats, options: { sentryGuns: { 0: [{ at: [n1[0], n1[1]] }] } } }, { seq: 0, rng: scriptedRng([], 'sg-nc') });
  if (isViolation(r)) throw new Error(r.code);
  const n = unitOf(r.state, 'N1');
  assert.notDeepEqual(n.figures[0].at, n1);
  for (const u of r.state.units) assert.ok(!onGun(r.state, u), `${u.id} clear of the gun`);
});

test('#66 sentry guns and vehicle set-up: a vehicle whose default place would put its hull on a standing gun is set up clear of it (a hull on a gun could never move), on no other base', () => {
  const forces = { 0: [{ name: 'Tank', vehicle: 'apc', quality: 'regular' }, { ...squad('regular', 3), name: 'Rifles' }] };
  const plain = setup({ forces });
  const v0 = unitOf(plain, 'A1');
  assert.ok(v0.vehicle, 'A1 is the vehicle');
  const c = v0.figures[0].at;
  const s = setup({ forces, sentryGuns: { 1: [{ at: [c[0], c[1]] }] } });
  const v = unitOf(s, 'A1');
  assert.notDeepEqual(v.figures[0].at, c, 'moved off its default place');
  for (const u of s.units) assert.ok(!onGun(s, u), `${u.id} clear of the gun`);
  // A vehicle's hull may never overlap another unit's base or hull.
  for (const u of s.units.filter((x) => x !== v && !x.vehicle)) for (const f of living(u)) assert.ok(circlePolygonDistance(f.at, f.r - 1, hull(v)) > 0, f.id);
});

test('#66 sentry guns and drop troops: the automatic arrangement round the landing point keeps off a standing gun (§7.6)', () => {
  const reserve = (guns: Record<string, unknown> | null) => {
    const s = craft({ name: 'sg-drop', units: [
      { id: 'A1', side: 0, spec: { ...squad('regular', 3), drop: true }, at: row(1000, 300, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
    ] });
    if (guns) s.options.sentryGuns = guns as S['options']['sentryGuns'];
    const o = act(s, { type: 'activate', unit: 'A1' }).s;
    // Drop test 3D6 (Regular 3+): 4 4 4, on the point; AA 2 dice: 1 1, no kill.
    const d = act(o, { type: 'drop', at: [2000, 2000] }, faces(4, 4, 4, 1, 1));
    assert.equal(d.s.phase, 'arrange');
    return d.s;
  };
  const plain = reserve(null);
  assert.ok(living(unitOf(plain, 'A1')).some((f) => dist(f.at, [2000, 2000]) < 50), 'without a gun a figure stands on the landing point');
  const s = reserve({ 0: [{ at: [2000, 2000] }] });
  const a = unitOf(s, 'A1');
  assert.equal(living(a).length, 3);
  assert.ok(!onGun(s, a), 'no figure on the gun');
  // Keeping the automatic arrangement is legal (arrangeProblem refuses a place on a gun).
  const r = act(s, { type: 'arrange', places: [] });
  assert.ok(!onGun(r.s, unitOf(r.s, 'A1')));
});

test('#66 sentry guns and disembarking: the automatic places round the hull (autoPlace) keep off a standing gun (§2.5)', () => {
  const mk = (guns: Record<string, unknown> | null) => {
    const g = buildVehicle({ name: 'G', vehicle: 'apc', quality: 'regular' }, 'G', 0, [2000, 2000]);
    const s = vehicleScene('sg-out', { squads: [{ id: 'A1', side: 0, spec: squad('regular', 3), at: [[2000, 2000], [2000, 2000], [2000, 2000]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[2000, 4500]] }], vehicles: [g], active: 'G' });
    unitOf(s, 'A1').embarked = 'G';
    if (guns) s.options.sentryGuns = guns as S['options']['sentryGuns'];
    return s;
  };
  const plain = mk(null);
  const first = autoPlace(plain, unitOf(plain, 'G'), unitOf(plain, 'A1'))!;
  assert.ok(first.length === 3);
  const at = first[0].at;
  const s = mk({ 1: [{ at: [at[0], at[1]] }] });
  const places = autoPlace(s, unitOf(s, 'G'), unitOf(s, 'A1'))!;
  assert.ok(places && places.length === 3, 'the squad still gets out');
  const gun = sentryFootprints(s)[0];
  for (const p of places) assert.ok(dist(p.at, gun.at) >= gun.r + 50 - 2, `${p.fig} off the gun`);
  // And the disembark with those places is legal.
  const g = unitOf(s, 'G');
  const done = act(s, { type: 'drive', speed: 'stationary', path: [], heading: g.vehicle!.heading, fire: [], disembark: { unit: 'A1', at: places } });
  assert.ok(!onGun(done.s, unitOf(done.s, 'A1')));
});

// Markers (§7.10, §4.2): a hidden unit's markers and the night dummies stand for figures, so a standing gun is in their way too [P].
const markerCode = (r: unknown) => (r as { code?: string } | null)?.code ?? null;
const onGunPt = (s: S, p: Pt) => sentryFootprints(s).some((g) => dist(p, g.at) < g.r - 2);

test('#66 #49 sentry guns and hidden markers: a unit hiding round a gun gets its markers off it; a marker may not move onto or across a standing gun [P] (§7.10)', () => {
  // A1: two Regulars either side of B's gun at (10", 5"), their centre on it; a wall at y 9-10" hides them from B1.
  const wall: Feature = { id: 'wall', kind: 'area', points: [[500, 900], [1600, 900], [1600, 1000], [500, 1000]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };
  const s = craft({ name: 'sg-hide', active: 'A1', terrain: [wall], options: { hiddenMovement: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: [[860, 500], [1140, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
  ] });
  s.options.sentryGuns = { 1: [{ at: [1000, 500] }] };
  const r = act(s, { type: 'hide' }, faces(3));
  const markers = unitOf(r.s, 'A1').hidden!.markers;
  assert.equal(markers.length, 3);
  assert.ok(markers.every((m) => !onGunPt(r.s, m.at)), `markers off the gun (${markers.map((m) => m.at)})`);
  assert.ok(markers.every((m) => dist(m.at, [1000, 500]) <= 100), 'next to where the unit hid');
  // Moving: onto the gun or across it is refused; round it is fine.
  const h = structuredClone(r.s);
  unitOf(h, 'A1').hidden!.markers = [{ n: 1, at: [1000, 300] }, { n: 2, at: [700, 300] }, { n: 3, at: [1300, 300] }];
  const mv = (path: Pt[]): Action => ({ type: 'markers', moves: [{ marker: 1, path }] });
  assert.equal(markerCode(fastAndDirty.validate(h, 0, fastAndDirty.pending(h)[0], mv([[1000, 460]]))), 'sentry_gun');
  assert.equal(markerCode(fastAndDirty.validate(h, 0, fastAndDirty.pending(h)[0], mv([[1000, 700]]))), 'sentry_gun');
  assert.equal(markerCode(fastAndDirty.validate(h, 0, fastAndDirty.pending(h)[0], mv([[1300, 500]]))), null);
});

test('#66 #92 sentry guns and deployed markers: a hidden unit\'s marker or a night dummy placed on a standing gun is refused; the sampled dummies keep off guns [P] (§4.2)', () => {
  // Firefight at night with Hidden movement and sealed deployment; side 0 rolled 3 dummies; a long building at y 13-15" hides its zone.
  const g = kernel.setupGame(fastAndDirty, { scenario: 'firefight', seats, options: { night: true, hiddenMovement: true, sealedDeployment: true } }, scriptedRng(faces(3, 2)));
  if (isViolation(g)) throw new Error(g.code);
  const s = structuredClone(g.k.s) as S;
  s.scenario = 'test:sg-markers';
  s.terrain = [{ id: 'barracks', kind: 'area', points: [[0, 1300], [4800, 1300], [4800, 1500], [0, 1500]], move: 'impassable', cover: 'hard', los: 'block', height: 500 }];
  // A's own gun on the first sampled dummy spot (2", 2") and one at (14", 3").
  s.options.sentryGuns = { 0: [{ at: [200, 200] }, { at: [1400, 300] }] };
  const dec = fastAndDirty.pending(s).find((d) => d.seat === 0)!;
  const v = (a: Action) => markerCode(fastAndDirty.validate(s, 0, dec, a));
  assert.equal(v({ type: 'deploy', placements: [], dummies: [[1400, 300]] }), 'sentry_gun');
  assert.equal(v({ type: 'deploy', placements: [], dummies: [[1400, 400]] }), null, 'beside it');
  const a1 = s.units.find((u) => u.side === 0 && u.kind !== 'vehicle' && !u.reserve)!.id;
  assert.equal(v({ type: 'deploy', placements: [], hidden: [{ unit: a1, markers: [[600, 300], [1400, 300], [2200, 300]] }] }), 'sentry_gun');
  assert.equal(v({ type: 'deploy', placements: [], hidden: [{ unit: a1, markers: [[600, 300], [1400, 420], [2200, 300]] }] }), null);
  const cands = deployCandidates(s, 0).filter((a) => a.dummies?.length);
  assert.ok(cands.length >= 1);
  for (const c of cands) {
    assert.ok([...c.dummies!, ...(c.hidden ?? []).flatMap((h) => h.markers)].every((p) => !onGunPt(s, p)), 'no sampled marker on a gun');
    assert.equal(v(c as Action), null);
  }
});
