// Checklist items #44 (atmosphere, §7.1), #45 (gravity, §7.8) and #46 (night fighting, §7.16),
// game options that change ranges, movement and pinning; each rule tested at its limit and one beyond.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, fastAndDirty, row, seats, shootAt, squad, tryAct, unitOf } from './helpers.js';
import { localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { killMargin } from '../../../src/games/fast-and-dirty/rules/wounds.js';
import { firePlan } from '../../../src/games/fast-and-dirty/legal.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;

/** A1 (one Regular figure, base 4"; a second, support figure 2.2" west of it) at (10", 5") and B1 one figure `edge` hundredths north, edge to edge (bases 1"). */
function duel(name: string, edge: number, options: Record<string, unknown>, a: UnitSpec = squad('regular', 1)): S {
  const s = craft({ name, active: 'A1', options, units: [
    { id: 'A1', side: 0, spec: a, at: a.figures.length > 1 ? row(780, 500, 2) : [[1000, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 500 + 100 + edge]] },
  ] });
  Object.assign(s.options, options);
  return s;
}
const band = (s: S) => firePlan(s, unitOf(s, 'A1'), unitOf(s, 'B1'))?.band ?? null;
const firers = (s: S) => firePlan(s, unitOf(s, 'A1'), unitOf(s, 'B1'))?.firers.map((f) => f.id) ?? [];

test('#44 atmosphere: in vacuum every range multiplier is +1 (assault rifle X5 → X6: close to 24", long to 72"); only for the side that fights in it (§7.1)', () => {
  assert.equal(band(duel('vac-24', 2400, {})), 'medium', 'standard: close ends at 4" × 5 = 20"');
  assert.equal(band(duel('vac-24v', 2400, { atmosphere: { 0: 'vacuum' } })), 'close', 'vacuum: 4" × 6 = 24"');
  assert.equal(band(duel('vac-24x', 2401, { atmosphere: { 0: 'vacuum' } })), 'medium');
  assert.equal(band(duel('vac-b', 2400, { atmosphere: { 1: 'vacuum' } })), 'medium', 'side B\'s vacuum does not change side A\'s fire');
});

test('#44 atmosphere: in vacuum lasers double after the +1 (laser rifle X7 → X16, A41); flame weapons do not fire and no smoke is laid (§7.1)', () => {
  const laser = squad('regular', 1, { weapon: 'laserRifle' });
  assert.equal(band(duel('vac-laser', 4000, {}, laser)), 'medium', 'standard X7: close ends at 28"');
  assert.equal(band(duel('vac-laser-v', 4000, { atmosphere: { 0: 'vacuum' } }, laser)), 'close', 'vacuum X16: close ends at 64"');
  const flame = squad('regular', 1, { support: 'flameThrower' });
  assert.deepEqual(firers(duel('vac-flame', 300, {}, flame)), ['A1.1', 'A1.2']);
  assert.deepEqual(firers(duel('vac-flame-v', 300, { atmosphere: { 0: 'vacuum' } }, flame)), ['A1.1'], 'the flame thrower does not work in vacuum');
  const smoky = squad('regular', 1, { support: 'rifleGrenades' });
  const screen = { type: 'engage' as const, moves: [], target: null, fireFirst: true, smoke: [[800, 900], [1200, 900]] as [[number, number], [number, number]] };
  assert.equal(code(tryAct(duel('vac-smoke', 1000, {}, smoky), screen)), undefined);
  assert.equal(code(tryAct(duel('vac-smoke-v', 1000, { atmosphere: { 0: 'vacuum' } }, smoky), screen)), 'vacuum');
});

test('#45 gravity: infantry Move +2" in Low gravity (8") and −2" in High (4"), Rush doubled (§7.8)', () => {
  const mv = (s: S, dy: number, type: 'engage' | 'rush' = 'engage') => code(tryAct(s, type === 'engage'
    ? { type, moves: [{ fig: 'A1.1', path: [[1000, 500 + dy]] }], target: null, fireFirst: false }
    : { type, moves: [{ fig: 'A1.1', path: [[1000, 500 + dy]] }] }));
  const far = 3000;
  assert.equal(mv(duel('g-std', far, {}), 600), undefined);
  assert.equal(mv(duel('g-std2', far, {}), 601), 'beyond_allowance');
  assert.equal(mv(duel('g-low', far, { gravity: 'low' }), 800), undefined);
  assert.equal(mv(duel('g-low2', far, { gravity: 'low' }), 801), 'beyond_allowance');
  assert.equal(mv(duel('g-low-rush', far, { gravity: 'low' }), 1600, 'rush'), undefined);
  assert.equal(mv(duel('g-low-rush2', far, { gravity: 'low' }), 1601, 'rush'), 'beyond_allowance');
  assert.equal(mv(duel('g-high', far, { gravity: 'high' }), 400), undefined);
  assert.equal(mv(duel('g-high2', far, { gravity: 'high' }), 401), 'beyond_allowance');
});

test('#45 gravity: heavy-projectile weapons (grenade launcher X2) range ×2 in Low gravity, ×½ in High; small arms unchanged (§7.8)', () => {
  const gl = squad('regular', 1, { support: 'grenadeLauncher' });
  assert.deepEqual(firers(duel('gl-std', 2400, {}, gl)), ['A1.1', 'A1.2'], 'long range 3 × 4" × 2 = 24"');
  assert.deepEqual(firers(duel('gl-std2', 2401, {}, gl)), ['A1.1']);
  assert.deepEqual(firers(duel('gl-low', 2401, { gravity: 'low' }, gl)), ['A1.1', 'A1.2'], 'Low: 48"');
  assert.deepEqual(firers(duel('gl-high', 1200, { gravity: 'high' }, gl)), ['A1.1', 'A1.2'], 'High: 12"');
  assert.deepEqual(firers(duel('gl-high2', 1201, { gravity: 'high' }, gl)), ['A1.1']);
  assert.equal(band(duel('gl-high-rifle', 1900, { gravity: 'high' }, gl)), 'close', 'the assault rifles keep X5');
});

test('#46 night: every range multiplier becomes at most X2 (assault rifle: long range 24"); night vision fires unrestricted within 20" (§7.16)', () => {
  assert.equal(band(duel('n-day', 2000, {})), 'close');
  assert.equal(band(duel('n-24', 2400, { night: true })), 'long', 'X2: medium to 16", long to 24"');
  assert.equal(band(duel('n-25', 2401, { night: true })), null, 'beyond 24" at night');
  const nv: UnitSpec = { ...squad('regular', 1), nightVision: true };
  assert.equal(band(duel('nv-20', 2000, { night: true }, nv)), 'close', 'within 20": the normal X5');
  assert.equal(band(duel('nv-20x', 2001, { night: true }, nv)), 'long', 'beyond 20": X2 again');
});

test('#46 night: the pinning threshold is 2 lower (Conscript 12 → 10): an FE of 11 pins at night, not by day; 10 does not (§7.16, §7.19)', () => {
  const pinDuel = (name: string, night: boolean) => {
    const s = craft({ name, active: 'A1', units: [
      { id: 'A1', side: 0, spec: squad('elite', 5, { support: 'saw' }), at: row(1000, 500, 6) },
      { id: 'B1', side: 1, spec: squad('conscript', 3), at: row(1000, 1000, 3) },
    ] });
    Object.assign(s.options, { pinning: true, night });
    return s;
  };
  // FE: die + base range 2 + Elite 2 + SAW 2 + 5 rifles 1; 3 hits, all missed (1+2 vs 6+1).
  const misses = [1, 6, 1, 6, 1, 6];
  const r11 = act(pinDuel('np-11', true), shootAt('B1'), faces(4, 1, ...misses));
  assert.equal(evOf(r11.events, 'shot')[0].fe, 11);
  assert.equal(unitOf(r11.s, 'B1').pinned, true);
  const r10 = act(pinDuel('np-10', true), shootAt('B1'), faces(3, 1, ...misses));
  assert.equal(evOf(r10.events, 'shot')[0].fe, 10);
  assert.equal(unitOf(r10.s, 'B1').pinned ?? false, false, 'not above 10');
  const day = act(pinDuel('np-day', false), shootAt('B1'), faces(4, 1, ...misses));
  assert.equal(unitOf(day.s, 'B1').pinned ?? false, false, 'by day 11 is under 12');
});

test('#44 atmosphere: in vacuum all infantry must wear at least Improved armour: an own list below it is refused, built-in and generated forces are fitted; Self-Sealing keeps the normal wound margins (§7.1)', () => {
  const list = (armour: string, sealed = false) => [{ name: 'Sq', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour, count: 5, ...(sealed ? { sealed } : {}) }] }];
  const start = (options: Record<string, unknown>) => fastAndDirty.setup({ scenario: 'firefight', seats, options }, { seq: 0, rng: localRng('vac-armour') });
  const light = start({ atmosphere: { 0: 'vacuum' }, forces: { 0: list('light') } });
  assert.ok(isViolation(light) && light.code === 'vacuum_armour', JSON.stringify(light));
  assert.ok(!isViolation(start({ atmosphere: { 1: 'vacuum' }, forces: { 0: list('light') } })), 'the other side\'s vacuum does not bind side 0');
  const ok = start({ atmosphere: { 0: 'vacuum' }, forces: { 0: list('improved') } });
  assert.ok(!isViolation(ok));
  // The built-in forces are fitted: every figure of side 0 at least Improved, side 1 untouched.
  const built = start({ atmosphere: { 0: 'vacuum' } });
  if (isViolation(built)) throw new Error(built.code);
  const rating = (a: string) => ({ none: 0, improvised: 0, light: 1, scout: 1, improved: 2 } as Record<string, number>)[a] ?? 3;
  assert.ok(built.state.units.filter((u) => u.side === 0).every((u) => u.figures.every((f) => rating(f.armour) >= 2)));
  assert.ok(built.state.units.filter((u) => u.side === 1).some((u) => u.figures.some((f) => rating(f.armour) < 2)), 'the standard side keeps its light armour');
  assert.ok(built.events.some((e) => e.type === 'vacuum_armour'));
  // Self-Sealing: in vacuum the normal margin (3) instead of any excess (1).
  const sealed = start({ atmosphere: { 0: 'vacuum' }, recoverWounded: true, forces: { 0: list('improved', true) } });
  if (isViolation(sealed)) throw new Error(sealed.code);
  const [a, b] = [sealed.state.units.find((u) => u.side === 0)!, sealed.state];
  assert.equal(a.figures[0].sealed, true);
  assert.equal(killMargin(b, a, a.figures[0]), 3);
  const bare = start({ atmosphere: { 0: 'vacuum' }, recoverWounded: true, forces: { 0: list('improved') } });
  if (isViolation(bare)) throw new Error(bare.code);
  const u0 = bare.state.units.find((u) => u.side === 0)!;
  assert.equal(killMargin(bare.state, u0, u0.figures[0]), 1);
});

test('#46 night, hidden movement: a unit out of every enemy\'s sight hides with no roll (§7.10, p.34)', () => {
  const wall = { id: 'wall', kind: 'area' as const, points: [[500, 900], [1600, 900], [1600, 1000], [500, 1000]] as [number, number][], move: 'impassable' as const, cover: 'hard' as const, los: 'block' as const, height: 300 };
  const scene = (name: string, night: boolean) => {
    const s = craft({ name, active: 'A1', terrain: [wall], options: { hiddenMovement: true, night }, units: [
      { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
    ] });
    Object.assign(s.options, { hiddenMovement: true, night });
    return s;
  };
  // Every die a 1: by day the Regular fails its hide roll; at night no roll is made and it hides.
  const day = act(scene('night-hide-day', false), { type: 'hide' }, faces(1));
  assert.equal(unitOf(day.s, 'A1').hidden ?? null, null);
  const night = act(scene('night-hide', true), { type: 'hide' }, faces(1));
  assert.equal(unitOf(night.s, 'A1').hidden?.markers.length, 3);
  assert.equal(evOf(night.events, 'dice_rolled').filter((d) => d.purpose === 'hide').length, 0);
});

test('#46 night, hidden movement: a spotted marker is settled by the spotter\'s Quality test, not its owner: success reveals the unit there, failure removes it as a dummy, a last marker left is revealed (§7.10, p.34)', () => {
  const wall = { id: 'wall', kind: 'area' as const, points: [[500, 900], [1600, 900], [1600, 1000], [500, 1000]] as [number, number][], move: 'impassable' as const, cover: 'hard' as const, los: 'block' as const, height: 300 };
  const hidden = (name: string, markers = 3) => {
    const s = craft({ name, active: 'A1', terrain: [wall], options: { hiddenMovement: true, night: true }, units: [
      { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
    ] });
    Object.assign(s.options, { hiddenMovement: true, night: true });
    const h = act(s, { type: 'hide' }).s;
    unitOf(h, 'A1').hidden!.markers = unitOf(h, 'A1').hidden!.markers.slice(0, markers);
    return h;
  };
  // Marker 1 steps round the end of the wall into B1's sight (B1 Regular: Quality target 3 on 1D6).
  const step = () => ({ type: 'markers' as const, moves: [{ marker: 1, path: [[1800, 600]] as [number, number][] }] });
  const ok = act(hidden('ns-ok'), step(), faces(6));
  // The owner's event names the unit (and the marker's number in it); everyone else's only the marker's id (§8.1).
  const spotting = ok.events.find((e) => e.type === 'night_spotting')!;
  assert.deepEqual(spotting.data, { unit: 'B1', marker: 'm1', success: true, target: 'A1', n: 1 });
  assert.deepEqual(spotting.to, { seats: [0] });
  assert.deepEqual(spotting.others, { unit: 'B1', marker: 'm1', success: true });
  assert.equal(unitOf(ok.s, 'A1').hidden, null, 'revealed at the marker, no question to the owner');
  assert.notEqual(ok.s.phase, 'reveal');
  const fail = act(hidden('ns-fail'), step(), faces(1));
  assert.equal(evOf(fail.events, 'night_spotting')[0].success, false);
  assert.deepEqual(unitOf(fail.s, 'A1').hidden!.markers.map((m) => m.n), [2, 3], 'removed as a dummy');
  const two = act(hidden('ns-two', 2), step(), faces(1));
  assert.equal(unitOf(two.s, 'A1').hidden, null, 'the one marker left is the unit');
  assert.equal(evOf(two.events, 'revealed')[0].marker, 2);
});
