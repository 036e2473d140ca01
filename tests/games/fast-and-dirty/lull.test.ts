// Checklist item #69, Lull in the fight (§7.14, source p.33): when both initiative dice come up 1,
// units within 12" of the enemy withdraw at least a basic move, wounded roll to recover, stabilized
// wounded may go to the rear, lost indirect-fire assets come back on 5+, units recover a lost
// support weapon on 6, then initiative is rolled again. Built automatically [P] (see the docs).
// Dice are scripted by value: face = value + 1 (`faces` converts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, hold, row, squad, unitOf } from './helpers.js';
import type { S } from '../../../src/games/fast-and-dirty/state.js';

/** Turn 1 ends when A1 holds: A1 (5 rifles + SAW, A1.5 wounded, the SAW gunner dead) 10" from B1; A2 far off. */
function table(name: string, options: Record<string, unknown> = { lull: true, recoverWounded: true, artillery: { 0: ['lightMortar'] } }): S {
  const s = craft({ name, active: 'A1', options, units: [
    { id: 'A1', side: 0, spec: squad('regular', 5, { support: 'saw' }), at: row(1000, 1000, 6) },
    { id: 'A2', side: 0, spec: squad('regular', 2), at: row(4000, 100, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 2000, 5) },
  ] });
  const a1 = unitOf(s, 'A1');
  a1.figures[4].alive = false; a1.figures[4].wounded = 'wounded';
  a1.figures[5].alive = false;
  const b1 = unitOf(s, 'B1');
  b1.figures[4].alive = false; b1.figures[4].wounded = 'stabilized';
  unitOf(s, 'A2').activated = true;
  b1.activated = true;
  s.initiative = { winner: 1, rolls: [2, 5] };
  if (s.artillery[0]) s.artillery[0].lost = true;
  return s;
}

test('#69 Lull in the fight: both initiative dice 1: withdrawals within 12", recovery rolls, stabilized to the rear, lost assets back on 5+, a lost support weapon on 6, then initiative again (§7.14)', () => {
  const s = table('lull');
  const yA = unitOf(s, 'A1').figures[0].at[1], yB = unitOf(s, 'B1').figures[0].at[1];
  // Initiative 1 1: the lull. A1.5's recovery 5 (stabilized, then to the rear); asset 5 (back); SAW 6 (recovered); initiative again 4 2.
  const r = act(s, hold, faces(1, 1, 5, 5, 6, 4, 2));
  assert.equal(evOf(r.events, 'lull').length, 1);
  const fell = evOf(r.events, 'fell_back');
  assert.deepEqual(fell.map((f) => f.unit), ['B1', 'A1'], 'the last initiative winner withdraws first; A2, farther than 12", stays');
  assert.ok(unitOf(r.s, 'A1').figures[0].at[1] < yA, 'A1 withdrew away from B1');
  assert.ok(unitOf(r.s, 'B1').figures[0].at[1] > yB, 'B1 withdrew away from A1');
  assert.deepEqual(unitOf(r.s, 'A2').figures[0].at, [4000, 100]);
  assert.equal(evOf(r.events, 'recovery')[0].figure, 'A1.5');
  assert.deepEqual(evOf(r.events, 'wounded_to_rear').map((e) => e.figure), ['A1.5', 'B1.5']);
  assert.equal(unitOf(r.s, 'B1').figures[4].exited, true);
  assert.equal(r.s.artillery[0].lost, false);
  const w = evOf(r.events, 'weapon_recovered')[0];
  assert.equal(w.weapon, 'saw');
  assert.equal(unitOf(r.s, 'A1').figures.find((f) => f.id === w.figure)!.support, true);
  assert.deepEqual(r.s.initiative!.rolls, [4, 2]);
  assert.equal(r.s.phase, 'initiative');
  // Misses: asset 4 stays lost, SAW 5 stays lost.
  const m = act(table('lull-miss'), hold, faces(1, 1, 5, 4, 5, 4, 2));
  assert.equal(m.s.artillery[0].lost, true);
  assert.equal(evOf(m.events, 'weapon_recovered').length, 0);
});

test('#69 without the module, 1 against 1 is a tie that is simply re-rolled (§5.1)', () => {
  const r = act(table('lull-off', { recoverWounded: true }), hold, faces(1, 1, 4, 2));
  assert.equal(evOf(r.events, 'lull').length, 0);
  assert.equal(evOf(r.events, 'fell_back').length, 0);
  assert.deepEqual(r.s.initiative!.rolls, [4, 2]);
});
