// Checklist item #66: sentry guns on the table (§7.25, source p.41; spec §3.2 footprints). The book:
// "these weapons begin the game in place and cannot be moved"; it gives no size and no rule for
// moving past or seeing past one. The spec's [P]: "a single-figure vehicle-like unit with armour 6
// that can be attacked", footprint "sentry gun and PDS: circle, default radius 0.75"". So [P] a gun
// still standing is an obstacle like a vehicle's hull (no move through it or onto it, and it blocks
// LOS between others); a destroyed gun leaves nothing, as a vehicle kill leaves no wreck.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, fastAndDirty, row, seats, squad, tryAct, unitOf } from './helpers.js';
import { buildVehicle, driveCandidates } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { sentryGuns } from '../../../src/games/fast-and-dirty/rules/sentry.js';
import { orderCandidates } from '../../../src/games/fast-and-dirty/candidates.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import * as kernel from '../../../src/engine/kernel.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';

const code = (r: unknown) => (r as { code?: string } | null)?.code ?? null;

/** A1 (1 Regular) at (16.6", 5"), about to move; B1 far north; B's gun B-SG-1 at (16.6", 9"), A's gun A-SG-1 at (30", 9"). */
function scene(name: string, destroyed: string[] = []): S {
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 1), at: [[1660, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4500, 3) },
  ] });
  s.options.sentryGuns = { 1: [{ at: [1660, 900] }], 0: [{ at: [3000, 900] }] };
  if (destroyed.length) s.sentriesDestroyed = destroyed;
  return s;
}
const move = (fig: string, path: Pt[]): Action => ({ type: 'rush', moves: [{ fig, path }] });

test('#66 sentry guns block movement: no figure moves through or ends on a standing gun\'s 0.75" emplacement, either side\'s; a destroyed gun leaves nothing [P]', () => {
  // Straight north through the gun.
  assert.equal(code(tryAct(scene('sg-through'), move('A1.1', [[1660, 1300]]))), 'sentry_gun');
  // Ending on it (its base overlapping the gun's).
  assert.equal(code(tryAct(scene('sg-onto'), move('A1.1', [[1660, 800]]))), 'sentry_gun');
  // Base to base is allowed: 0.5" + 0.75" from the centre.
  assert.equal(code(tryAct(scene('sg-touch'), move('A1.1', [[1660, 775]]))), null);
  // Round it.
  assert.equal(code(tryAct(scene('sg-round'), move('A1.1', [[1860, 900], [1660, 1100]]))), null);
  // One's own gun is as solid.
  const own = scene('sg-own');
  unitOf(own, 'A1').figures[0].at = [2940, 500];
  assert.equal(code(tryAct(own, move('A1.1', [[2940, 1200]]))), 'sentry_gun');
  // Destroyed, it blocks nothing.
  assert.equal(code(tryAct(scene('sg-gone', ['B-SG-1']), move('A1.1', [[1660, 1300]]))), null);
});

/** Light tank T (A, Regular) at (16.6", 20") facing south, to act; A1.1 out of the way. */
function tankScene(name: string, destroyed: string[] = [], terrain?: Feature[]): S {
  const s = scene(name, destroyed);
  if (terrain) s.terrain = terrain;
  const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 0, [1660, 2000]);
  t.vehicle!.heading = 18000;
  unitOf(s, 'A1').figures[0].at = [4000, 500];
  s.units.push(t);
  s.active = 'T';
  return s;
}

test('#66 sentry guns block movement: a vehicle\'s hull may not cross or end on a standing gun', () => {
  const mk = tankScene;
  const drive = (to: Pt): Action => ({ type: 'drive', speed: 'cautious', path: [to], heading: 18000, fire: [] });
  // South from (16.6", 20") to (16.6", 8"): the hull would run over the gun at (16.6", 9").
  assert.equal(code(tryAct(mk('sgv-through'), drive([1660, 800]))), 'overlap');
  // Stopping short of it is fine; so is a destroyed gun.
  assert.equal(code(tryAct(mk('sgv-short'), drive([1660, 1600]))), null);
  assert.equal(code(tryAct(mk('sgv-gone', ['B-SG-1']), drive([1660, 800]))), null);
});

test('#66 sentry guns block LOS between others as a hull does [P]; not the sight of the gun itself, nor the gun\'s own; a destroyed gun blocks nothing; the los query agrees', () => {
  /** A1.1 at (16.6", 5"), B1 straight behind B's gun at (16.6", 13" / 15" / 17"). */
  const mk = (name: string, destroyed: string[] = []) => {
    const s = scene(name, destroyed);
    unitOf(s, 'B1').figures.forEach((f, i) => { f.at = [1660, 1300 + 200 * i]; });
    unitOf(s, 'B1').activated = true;
    return s;
  };
  const los = (s: S, from: string, to: string) => (fastAndDirty.query!(fastAndDirty.view(s, 0) as never, 'los', { from, to }) as { visible: boolean } | null)?.visible;
  const fire: Action = { type: 'engage', moves: [], target: 'B1', fireFirst: true };
  const s = mk('sg-los');
  assert.equal(los(s, 'A1.1', 'B1.1'), false);
  assert.notEqual(code(tryAct(s, fire)), null, 'no figure of A1 sees B1 past the gun');
  // The gun itself is seen (and may be fired at, sentry-targets.test.ts), and sees past nothing of its own.
  assert.equal(los(s, 'A1.1', 'B-SG-1'), true);
  assert.equal(los(s, 'B-SG-1', 'A1.1'), true);
  // Off the line, or with the gun destroyed, B1.1 is seen.
  const side = mk('sg-los-side');
  unitOf(side, 'B1').figures[0].at = [1900, 1300];
  assert.equal(los(side, 'A1.1', 'B1.1'), true);
  const gone = mk('sg-los-gone', ['B-SG-1']);
  assert.equal(los(gone, 'A1.1', 'B1.1'), true);
  assert.equal(code(tryAct(gone, fire)), null);
});

test('#66 vehicle weapons at sentry guns: a drive order\'s weapon system may target an enemy gun, AT weapons only, like at a vehicle with armour 6 (1D6 + band + crew Quality + FE unless blast; hits by cover; 1D6 + AT); a penetration destroys it (§7.25 [P], §6.6)', () => {
  /** Light tank T (A, Regular; turret Light Cannon AT 3 blast, hull GPMG) at (16.6", 20") facing south: B-SG-1 7.5" off its front edge. */
  const mk = (name: string, terrain: Feature[] = []) => tankScene(name, [], terrain);
  const fire = (weapon: number, target = 'B-SG-1'): Action => ({ type: 'drive', speed: 'stationary', path: [], heading: 18000, fire: [{ weapon, target }] });
  // 1D6 6 + close 0 + Regular 1 (the cannon's FE left out: a blast weapon) = 7: 2 hits in the open.
  // Hit 1: 2 + AT 3 = 5 < 6; hit 2: 3 + 3 = 6: destroyed.
  const r = act(mk('sgv-fire'), fire(0), faces(6, 2, 3, ...Array(30).fill(3)));
  const shot = evOf(r.events, 'sentry_shot')[0];
  assert.deepEqual([shot.unit, shot.sentry, shot.weapon, shot.band, shot.cover, shot.mods, shot.weaponFe, shot.fe, shot.hits], ['T', 'B-SG-1', 'lightCannon', 'close', 'none', { band: 0, quality: 1 }, 0, 7, 2]);
  assert.deepEqual(evOf(r.events, 'penetration').filter((p) => p.sentry).map((p) => [p.weapon, p.total, p.penetrated]), [['lightCannon', 5, false], ['lightCannon', 6, true]]);
  assert.deepEqual(evOf(r.events, 'sentry_destroyed'), [{ sentry: 'B-SG-1', side: 1, by: 'T' }]);
  assert.deepEqual(sentryGuns(r.s, 1), []);
  // Under Fire: the turret mount's −1 (§6.9), not a squad's −3: FE 6.
  const uf = mk('sgv-uf');
  unitOf(uf, 'T').underFire = true;
  assert.equal(evOf(act(uf, fire(0), faces(6, 1, 1, ...Array(30).fill(3))).events, 'sentry_shot')[0].fe, 6);
  // Refused: the GPMG (no AT rating), one's own gun, a destroyed or unknown one, a gun out of sight.
  assert.equal(code(tryAct(mk('sgv-mg'), fire(1))), 'no_at_weapon');
  assert.equal(code(tryAct(mk('sgv-own'), fire(0, 'A-SG-1'))), 'not_enemy');
  assert.equal(code(tryAct(mk('sgv-unknown'), fire(0, 'B-SG-7'))), 'not_a_sentry_gun');
  const wall: Feature = { id: 'wall', kind: 'area', points: [[1200, 1300], [2100, 1300], [2100, 1400], [1200, 1400]], move: 'impassable', cover: 'hard', los: 'block', height: 800 };
  assert.equal(code(tryAct(mk('sgv-wall', [wall]), fire(0))), 'no_line_of_fire');
  // The sampled orders fire at it.
  const c = mk('sgv-cands');
  assert.ok(driveCandidates(c, unitOf(c, 'T')).some((a) => a.type === 'drive' && a.fire.some((f) => f.target === 'B-SG-1' && f.weapon === 0)));
});

test('#66 close assault on a sentry gun, as on a vehicle [P] (§6.11): nerve test, the gun\'s defensive shot, the charge, one hit per figure in contact with an AT weapon or AT grenades, 1D6 + AT against armour 6', () => {
  /** A1 (3 Regulars and an AMAW, AT 4) at y = 5", x 10"…16.6"; the charge moves all four 2.74" north, A1.4 into contact with B-SG-1. */
  const mk = (name: string) => {
    const s = scene(name);
    s.units[0] = craft({ name, units: [{ id: 'A1', side: 0, spec: squad('regular', 3, { support: 'amaw' }), at: row(1000, 500, 4) }] }).units[0];
    return s;
  };
  const moves = [0, 1, 2, 3].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + 220 * i, 774] as Pt] }));
  const charge = (target = 'B-SG-1', m = moves): Action => ({ type: 'assault', target, moves: m });
  // Nerve 4 ≥ 3; the gun's shot (1D6 1 + base 2 + the Heavy MG's FE 2 = 5: one hit on A1.4, saved 6 + 1 ≥ 5);
  // the charge; A1.4's AMAW: 2 + AT 4 = 6: destroyed.
  const r = act(mk('sga-kill'), charge(), faces(4, 1, 1, 6, 2, ...Array(30).fill(3)));
  assert.deepEqual(evOf(r.events, 'nerve_test'), [{ unit: 'A1', target: 'B-SG-1', passed: true }]);
  const shot = evOf(r.events, 'shot')[0];
  assert.deepEqual([shot.unit, shot.target, shot.defensive], ['B-SG-1', 'A1', true]);
  assert.deepEqual(evOf(r.events, 'assault_hit'), [{ figure: 'A1.4', target: 'B-SG-1', weapon: 'amaw' }]);
  assert.deepEqual(evOf(r.events, 'penetration').map((p) => [p.sentry, p.total, p.penetrated]), [['B-SG-1', 6, true]]);
  assert.deepEqual(evOf(r.events, 'sentry_destroyed'), [{ sentry: 'B-SG-1', side: 1, by: 'A1' }]);
  assert.deepEqual(unitOf(r.s, 'A1').figures[3].at, [1660, 774]);
  assert.equal(r.events.some((e) => e.type === 'assault_result'), false, 'no victor roll');
  // A failed nerve test: no shot, no move.
  const h = act(mk('sga-nerve'), charge(), faces(2, ...Array(30).fill(3)));
  assert.deepEqual([evOf(h.events, 'nerve_test')[0].passed, evOf(h.events, 'shot').length], [false, 0]);
  assert.deepEqual(unitOf(h.s, 'A1').figures[3].at, [1660, 500]);
  // Refused: no figure in contact, one's own gun, a destroyed gun.
  assert.equal(code(tryAct(mk('sga-short'), charge('B-SG-1', moves.map((m) => ({ ...m, path: [[m.path[0][0], 700] as Pt] }))))), 'no_contact');
  assert.equal(code(tryAct(mk('sga-own'), charge('A-SG-1'))), 'not_enemy');
  const gone = mk('sga-gone');
  gone.sentriesDestroyed = ['B-SG-1'];
  assert.equal(code(tryAct(gone, charge())), 'not_a_sentry_gun');
  // The sampled orders charge it.
  const c = mk('sga-cands');
  assert.ok(orderCandidates(c, unitOf(c, 'A1')).some((a) => a.type === 'assault' && a.target === 'B-SG-1'));
});

test('#66 drawing sentry guns: the board picture draws each standing gun as its 0.75" emplacement in its side\'s colour, a destroyed one as a grey dashed ring with a cross', () => {
  const s = scene('sg-draw', ['B-SG-1']);
  const svg = fastAndDirty.render!(fastAndDirty.view(s, null) as never, { seat: null });
  const gun = (id: string) => svg.match(new RegExp(`<g class="sentry-gun" data-sentry="${id}"[^>]*>([\\s\\S]*?)</g>`));
  const a = gun('A-SG-1'), b = gun('B-SG-1');
  assert.ok(a && b, 'both guns drawn');
  // A's gun standing at (30", 9"): radius 0.75" = 10.5 px, filled.
  assert.match(a![0], /<circle cx="[\d.]+" cy="[\d.]+" r="10.5" fill="#[0-9a-f]{6}"/i);
  assert.doesNotMatch(a![0], /data-destroyed/);
  assert.match(a![0], /A-SG-1: sentry gun of Side A \(modern\), Heavy Machine Gun/);
  // B's gun destroyed: no fill, dashed, crossed.
  assert.match(b![0], /data-destroyed="true"/);
  assert.match(b![0], /fill="none"[^>]*stroke-dasharray/);
  assert.equal((b![0].match(/<line /g) ?? []).length, 2);
  assert.match(svg, /a destroyed sentry gun/);
  // No guns, nothing drawn.
  const none = scene('sg-draw-none');
  delete none.options.sentryGuns;
  assert.doesNotMatch(fastAndDirty.render!(fastAndDirty.view(none, null) as never, { seat: null }), /sentry-gun/);
});

test('#66 sentry guns block placement: no figure deploys onto a gun; a figure set up on one may move off it, not onto another [P]', () => {
  const start = (options: Record<string, unknown>) => {
    const r = kernel.setupGame(fastAndDirty, { scenario: 'firefight', seats, options }, scriptedRng([]));
    if (isViolation(r)) throw new Error(r.code);
    return r.k;
  };
  /** A1's six figures 2.2" apart on y = 10": A1.3 at (10.1", 10"). */
  const a1: Action = { type: 'deploy', placements: [1, 2, 3, 4, 5, 6].map((i) => ({ fig: `A1.${i}`, at: [350 + 220 * i, 1000] as Pt })) };
  const dec = (k: ReturnType<typeof start>) => kernel.findDecision(fastAndDirty, k, kernel.openDecisions(fastAndDirty, k).find((d) => d.seat === 0)!.id)!;
  const onGun = start({ sealedDeployment: true, sentryGuns: { 1: [{ at: [1010, 1000] }] } });
  assert.equal(code(kernel.validateAnswer(fastAndDirty, onGun, 0, dec(onGun), a1)), 'sentry_gun');
  const clear = start({ sealedDeployment: true, sentryGuns: { 1: [{ at: [1010, 1400] }] } });
  assert.equal(code(kernel.validateAnswer(fastAndDirty, clear, 0, dec(clear), a1)), null);
  // A figure standing on a gun (a gun placed on a default set-up) may move off it, not onto another.
  const s = scene('sg-off');
  s.options.sentryGuns = { 1: [{ at: [1660, 560] }, { at: [1660, 150] }] };
  assert.equal(code(tryAct(s, move('A1.1', [[1900, 500]]))), null);
  assert.equal(code(tryAct(s, move('A1.1', [[1660, 200]]))), 'sentry_gun');
});
