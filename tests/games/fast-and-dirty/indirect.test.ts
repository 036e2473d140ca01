// Checklist items #52 (indirect fire: callers, timing, accuracy, scatter, asset loss) and #53
// (on-board mortars firing on their own), §7.11.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTENT, type UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { armourOf, buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, evOf, faces, fastAndDirty, row, squad, tryAct, unitOf } from './helpers.js';

const code = (r: unknown) => (r as { code?: string }).code;
const led = (): UnitSpec => ({ name: 'Led squad', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 2 }] });
const mortar = (): UnitSpec => ({ name: 'Mortar team', kind: 'weaponTeam', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'lightMortar', armour: 'light', count: 2 }] });

function called(name: string, terrain: Feature[] = []): S {
  const s = craft({ name, active: 'A1', terrain, options: { artillery: { 0: ['lightMortar'] } }, units: [
    { id: 'A1', side: 0, spec: led(), at: row(1000, 500, 3) },
    { id: 'A2', side: 0, spec: mortar(), at: row(3000, 500, 2, 150) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
  ] });
  return s;
}
const call = (caller = 'A1.1', at: [number, number] = [1220, 2000]) => ({ type: 'command' as const, demolition: null, target: null, callFire: { caller, asset: 'A-1', at } });

test('#52 indirect fire: a squad leader calls an off-board section at a point in its LOS; timing 3D6 (≥2 arrives), accuracy 2D6 (2 successes: pinpoint); the strike is a blast with a Strike Effect per unit, no ranging (§7.11)', () => {
  assert.equal(called('art-setup').artillery[0].id, 'A-1');
  assert.equal(code(tryAct(called('art-not-caller'), call('A1.2'))), 'not_a_caller');
  // Timing 3 3 3, accuracy 3 3, strike effect on B1 (all three within 2" of B1.2): 6+6 = 12 -> 4 hits in the open.
  const r = act(called('art-hit'), call(), faces(3, 3, 3, 3, 3, 6, 6, 1, 6, 1, 6, 1, 6, 1, 6));
  assert.deepEqual(evOf(r.events, 'artillery_strike')[0].at, [1220, 2000]);
  assert.equal(evOf(r.events, 'artillery_strike')[0].scatter, 0);
  assert.equal(evOf(r.events, 'strike_effect')[0].hits, 4);
  assert.equal(evOf(r.events, 'ranging_in').length, 0);
  assert.equal(unitOf(r.s, 'B1').underFire, true);
  assert.equal(r.s.artillery[0].usedTurn, 1);
  const again = structuredClone(r.s);
  again.phase = 'order'; again.active = 'A1';
  assert.equal(code(tryAct(again, call())), 'asset_used', 'one strike call per section per turn');
});

test('#52 indirect fire: 1 timing success is garbled (retry later), 0 loses the section for good; each failed accuracy die scatters 1D6", summed, in one random direction (§7.11, A24)', () => {
  const g = act(called('art-garbled'), call(), faces(3, 1, 1));
  assert.equal(evOf(g.events, 'artillery_timing')[0].result, 'garbled');
  assert.equal(g.s.artillery[0].lost, false);
  const lost = act(called('art-lost'), call(), faces(1, 1, 1));
  assert.equal(lost.s.artillery[0].lost, true);
  const later = structuredClone(lost.s);
  later.phase = 'order'; later.active = 'A1'; later.turn = 2;
  assert.equal(code(tryAct(later, call())), 'asset_lost');
  // Accuracy 3 1: one failed die -> scatter 4", direction drawn in a disc: (0, +1000) = north.
  const sc = act(called('art-scatter'), call('A1.1', [1220, 1500]), [...faces(3, 3, 3, 3, 1, 4), 1000, 2000, ...faces(1, 1)]);
  assert.deepEqual(evOf(sc.events, 'artillery_strike')[0].at, [1220, 1900]);
  assert.equal(evOf(sc.events, 'artillery_strike')[0].scatter, 400);
});

test('#53 on-board mortars: a mortar team fires on its own at any point a friendly figure sees, unmoved, not from woods; a 0 on timing is just a failure (§7.11)', () => {
  const s = called('mortar');
  s.active = 'A2';
  const fire = { type: 'engage' as const, moves: [], target: null, fireFirst: true, indirect: [1220, 2000] as [number, number] };
  const r = act(s, fire, faces(3, 3, 3, 3, 3, 1, 1));
  assert.equal(evOf(r.events, 'mortar_fire').length, 1);
  assert.deepEqual(evOf(r.events, 'artillery_strike')[0].at, [1220, 2000]);
  const s2 = called('mortar-fail2'); s2.active = 'A2';
  const f2 = act(s2, fire, faces(1, 1, 1));
  assert.equal(evOf(f2.events, 'artillery_timing')[0].result, 'failed');
  const moved = called('mortar-moved'); moved.active = 'A2';
  assert.equal(code(tryAct(moved, { ...fire, moves: [{ fig: 'A2.1', path: [[3000, 600]] }] })), 'moved_no_fire');
  const woods: Feature = { id: 'copse', kind: 'area', points: [[2800, 300], [3400, 300], [3400, 700], [2800, 700]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 300 };
  const inWoods = called('mortar-woods', [woods]); inWoods.active = 'A2';
  assert.equal(code(tryAct(inWoods, fire)), 'mortar_under_cover');
  // Nobody on side 0 sees behind the wall.
  const wall: Feature = { id: 'wall', kind: 'area', points: [[0, 3000], [4800, 3000], [4800, 3100], [0, 3100]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };
  const blind = called('mortar-blind', [wall]); blind.active = 'A2';
  assert.equal(code(tryAct(blind, { ...fire, indirect: [1220, 3600] })), 'not_spotted');
  assert.ok(fastAndDirty.label!(s, 0, fire).includes('mortar'));
});

test('#52 #66 non-blast indirect strikes (§7.11 [P]): one hit at the weapon\'s AT on the single vehicle (top armour) or sentry gun (vehicle-like, §7.25 [P]) whose footprint holds the final point or is within 1" of it; anything else it misses', () => {
  // "Armoured vehicles are only affected by indirect fire from non-blast weapons" (p.32). No stock weapon is one: a test shell, AT 6, no blast.
  (CONTENT.weapons as Record<string, unknown>).testAtShell = { id: 'testAtShell', name: 'Test AT shell', class: 'heavy', x: 10, damage: 1, fe: 0, at: 6, cost: null, flags: ['indirect'] };
  const mk = (name: string, more: (s: S) => void) => {
    const s = craft({ name, active: 'A1', options: { artillery: { 0: ['testAtShell'] } }, units: [
      { id: 'A1', side: 0, spec: led(), at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(3000, 4000, 3) },
    ] });
    more(s);
    return s;
  };
  // B's gun at (13.1", 20"); the point 0.9" from its centre (0.15" off its emplacement). Timing 3 3 3, accuracy 3 3: pinpoint; penetration 1 + AT 6 against 6.
  const g = act(mk('nb-gun', (s) => { s.options.sentryGuns = { 1: [{ at: [1310, 2000] }] }; }), call(), faces(3, 3, 3, 3, 3, 1));
  assert.deepEqual(evOf(g.events, 'indirect_hit'), [{ weapon: 'testAtShell', at: [1220, 2000], target: 'B-SG-1' }]);
  assert.deepEqual(evOf(g.events, 'penetration').map((p) => [p.sentry, p.total, p.armour, p.penetrated]), [['B-SG-1', 7, 6, true]]);
  assert.deepEqual(evOf(g.events, 'sentry_destroyed'), [{ sentry: 'B-SG-1', side: 1, by: 'A-1' }]);
  assert.equal(evOf(g.events, 'strike_effect').length, 0, 'no blast');
  // B's light tank T heading north, its rear edge 0.45" north of the point: penetration 6 + 6 against the top armour; results 2, 3: Vehicle Kill.
  const v = act(mk('nb-tank', (s) => {
    const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 1, [1220, 2000]);
    t.vehicle!.heading = 0;
    s.units.push(t);
  }), call('A1.1', [1220, 1680]), faces(3, 3, 3, 3, 3, 6, 2, 3));
  assert.equal(evOf(v.events, 'indirect_hit')[0].target, 'T');
  const pen = evOf(v.events, 'penetration');
  assert.deepEqual(pen.map((p) => [p.unit, p.facing, p.total]), [['T', 'top', 12]]);
  assert.equal(pen[0].armour, armourOf(unitOf(v.s, 'T'), 'top'));
  assert.equal(unitOf(v.s, 'T').vehicle!.status, 'knockedOut');
  // Nothing within 1": a miss, B1's infantry untouched.
  const m = act(mk('nb-miss', () => {}), call('A1.1', [3220, 3800]), faces(3, 3, 3, 3, 3));
  assert.deepEqual(evOf(m.events, 'indirect_hit'), [{ weapon: 'testAtShell', at: [3220, 3800], target: null }]);
  assert.equal(evOf(m.events, 'penetration').length + evOf(m.events, 'damage').length, 0);
  assert.equal(unitOf(m.s, 'B1').underFire, false);
});
