// Checklist item #66, PDS interception of RPGs (§7.25, source p.41): point-defence systems "are only
// effective against blast weapon shells or RPGs. When a location protected by a PDS is targeted, roll
// 1d6 and compare the results to the PDS Success number … If the roll equals or exceeds this number,
// the incoming shell or RPG has been destroyed." [P] The data's RPG is the AMAW (flag `rpg`); each
// of its hits on a vehicle whose hull centre is within 6" of an enemy PDS is rolled for before its
// penetration roll. Blast shells are in pds.test.ts. Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { act, craft, evOf, row, squad } from './helpers.js';
import type { Action, S, Side } from '../../../src/games/fast-and-dirty/state.js';

const D = (...faces: number[]) => faces.map((f) => f - 1);
/** A1 (4 Regulars and an AMAW, or `support`) south of B's light tank T (facing +y, its rear to A1), with these PDS. */
function scene(name: string, pds: Record<string, unknown>, support = 'amaw'): S {
  const s = craft({ name, active: 'A1', options: { pds }, units: [{ id: 'A1', side: 0, spec: squad('regular', 4, { support }), at: row(1560, 1000, 5) }] });
  const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 1 as Side, [2000, 2000]);
  t.vehicle!.heading = 0;
  s.units.push(t);
  s.options.pds = pds as S['options']['pds'];
  return s;
}
const fire: Action = { type: 'engage', moves: [], target: 'T', fireFirst: true };

test('#66 PDS interception: each RPG hit on a protected vehicle is destroyed on 1D6 ≥ the PDS success number (modern 5+ [P])', () => {
  // FE 6 + Regular 1 = 7: 2 hits. Hit 1: PDS 5 destroys it. Hit 2: PDS 1 misses; penetration 1 + AT 4 = 5 < rear 6; immobilization 4.
  const r = act(scene('rpg-pds', { 1: [{ at: [2000, 2400] }] }), fire, D(6, 2, 5, 1, 1, 4));
  assert.equal(evOf(r.events, 'shot')[0].hits, 2);
  assert.deepEqual(evOf(r.events, 'pds_fire').map((p) => [p.pds, p.roll, p.destroyed, p.weapon]), [['B-PDS-1', 5, true, 'amaw'], ['B-PDS-1', 1, false, 'amaw']]);
  assert.deepEqual(evOf(r.events, 'penetration').map((p) => p.total), [5], 'only the hit that got through rolls to penetrate');
  // Advanced (3+): a 3 destroys it.
  const adv = act(scene('rpg-adv', { 1: [{ at: [2000, 2400], level: 'advanced' }] }), fire, D(6, 2, 3, 3, 4));
  assert.deepEqual(evOf(adv.events, 'pds_fire').map((p) => p.destroyed), [true, true]);
  assert.equal(evOf(adv.events, 'penetration').length, 0);
});

test('#66 PDS interception: only the target side\'s PDS within 6" of the vehicle, and only RPGs', () => {
  const rolls = (s: S, dice: number[]) => {
    const r = act(s, fire, dice);
    assert.ok(evOf(r.events, 'shot')[0].hits > 0, 'the shot hits');
    return evOf(r.events, 'pds_fire').length;
  };
  assert.equal(rolls(scene('rpg-own', { 0: [{ at: [2000, 2400] }] }), D(6, 2, 2, 1, 3, 1, 4)), 0, 'the firer\'s own PDS');
  assert.equal(rolls(scene('rpg-far', { 1: [{ at: [2000, 2601] }] }), D(6, 2, 2, 1, 3, 1, 4)), 0, '6.01" from the hull centre');
  assert.equal(rolls(scene('rpg-6', { 1: [{ at: [2000, 2600] }] }), D(6, 2, 2, 1, 3, 1, 4, 6, 6, 6)) > 0, true, 'exactly 6"');
  assert.equal(rolls(scene('rpg-fusion', { 1: [{ at: [2000, 2400] }] }, 'fusionGun'), D(6, 2, 2, 1, 3, 1, 4, 6, 6, 6)), 0, 'a fusion gun is no RPG');
});
