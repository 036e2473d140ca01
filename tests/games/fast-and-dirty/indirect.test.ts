// Checklist items #52 (indirect fire: callers, timing, accuracy, scatter, asset loss) and #53
// (on-board mortars firing on their own), §7.11.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
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
