// Checklist item #72, personality Lucky (§2.7, source p.35): "A squad with a lucky trooper can
// re-roll any one die roll once during the game." The owner decides right after the roll (§5.6);
// [P] offered after the unit's failed morale and Command Response tests at activation: one die of
// the test, once per game. Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, shaken, craft, decision, evOf, faces, fastAndDirty, row, squad, tryAct, unitOf } from './helpers.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
const shakenLucky = (name: string, personalities: string[] = ['lucky']): S => shaken(name, personalities);
const activate = (s: S, dice: number[]) => act(s, { type: 'activate', unit: 'A1' }, dice);

test('#72 Lucky: after a failed morale test the owner may re-roll any one of its dice, once per game (§2.7)', () => {
  const r = activate(shakenLucky('lk-m'), faces(1, 2, 1));
  assert.equal(r.s.phase, 'lucky');
  const d = decision(r.s);
  assert.equal(d.seat, 0);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'morale', faces: [1, 2, 1], target: 3 });
  assert.equal(evOf(r.events, 'routed').length, 0, 'nothing applied yet');
  assert.equal(code(tryAct(r.s, { type: 'lucky', die: 3 })), 'not_a_die');
  // The second die (a 2) re-rolled to a 5: one success, the unit falls back.
  const again = act(r.s, { type: 'lucky', die: 1 }, faces(5));
  assert.deepEqual(evOf(again.events, 'lucky_reroll')[0], { unit: 'A1', test: 'morale', die: 1, was: 2, now: 5 });
  assert.equal(evOf(again.events, 'morale_result')[0].successes, 1);
  assert.equal(unitOf(again.s, 'A1').luckyUsed, true);
  assert.equal(unitOf(again.s, 'A1').fallingBack, true);
  // Kept: the rout stands and the luck stays for later.
  const keep = act(r.s, { type: 'lucky', die: null });
  assert.equal(evOf(keep.events, 'routed').length, 1);
  assert.equal(unitOf(keep.s, 'A1').luckyUsed, undefined);
  // Spent: the next failure is final; no Lucky trooper (or a dead one): no window.
  const spent = shakenLucky('lk-spent');
  unitOf(spent, 'A1').luckyUsed = true;
  assert.equal(evOf(activate(spent, faces(1, 1, 1)).events, 'routed').length, 1);
  assert.equal(evOf(activate(shakenLucky('lk-none', []), faces(1, 1, 1)).events, 'routed').length, 1);
  const dead = shakenLucky('lk-dead');
  unitOf(dead, 'A1').figures[3].alive = false;
  unitOf(dead, 'A1').figures[2].alive = true;
  assert.equal(evOf(activate(dead, faces(1, 1, 1)).events, 'routed').length, 1, 'the lucky trooper is dead: routed at once');
  // A passed test asks nothing.
  assert.equal(activate(shakenLucky('lk-pass'), faces(6, 6, 1)).s.phase, 'order');
});

test('#72 Lucky and Motivator: a test still failed after the Lucky re-roll goes to the Motivator\'s decision (§2.7)', () => {
  const r = activate(shakenLucky('lk-mot', ['lucky', 'motivator']), faces(1, 1, 1));
  assert.equal(r.s.phase, 'lucky');
  const m = act(r.s, { type: 'lucky', die: 0 }, faces(2));
  assert.equal(m.s.phase, 'motivator');
  assert.equal(decision(m.s).kind, 'motivator');
});

/** A1: 3 Regulars, one of them Lucky, within 10" of B1; module Command Response. */
function contact(name: string): S {
  const spec: UnitSpec = { name: 'CR', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }] };
  return craft({ name, options: { commandResponse: true }, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
}

test('#72 Lucky: a failed Command Response die may be re-rolled; the new die decides (§2.7, §7.3)', () => {
  const r = activate(contact('lk-cr'), faces(2));
  assert.equal(evOf(r.events, 'command_response')[0].passed, false);
  const d = decision(r.s);
  assert.equal(d.kind, 'lucky');
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'commandResponse', faces: [2], target: 3 });
  const again = act(r.s, { type: 'lucky', die: 0 }, faces(4));
  const cr = evOf(again.events, 'command_response')[0];
  assert.equal(cr.die, 4);
  assert.equal(cr.passed, true);
  assert.equal(unitOf(again.s, 'A1').hesitant, false);
  assert.equal(decision(again.s).kind, 'order');
  const keep = act(r.s, { type: 'lucky', die: null });
  assert.equal(unitOf(keep.s, 'A1').hesitant, true, 'kept: it failed');
  assert.equal(decision(keep.s).kind, 'order');
});

test('#72 Lucky: the decision lists keeping and each die; by default a rout re-rolls its first failed die, anything else keeps the luck', () => {
  const r = activate(shakenLucky('lk-def'), faces(4, 1, 1));
  const d = decision(r.s);
  assert.deepEqual(fastAndDirty.candidates(r.s, 0, d, 10, null as never).actions, [{ type: 'lucky', die: null }, { type: 'lucky', die: 0 }, { type: 'lucky', die: 1 }, { type: 'lucky', die: 2 }]);
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), { type: 'lucky', die: null }, 'one success: falls back, luck kept');
  const rout = activate(shakenLucky('lk-def-rout'), faces(4, 1, 1).map(() => 0));
  assert.deepEqual(fastAndDirty.defaultAction(rout.s, decision(rout.s)), { type: 'lucky', die: 0 });
  const cr = activate(contact('lk-def-cr'), faces(2));
  assert.deepEqual(fastAndDirty.defaultAction(cr.s, decision(cr.s)), { type: 'lucky', die: null });
});
