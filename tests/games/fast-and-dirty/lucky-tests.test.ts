// Checklist item #72, personality Lucky (§2.7, source p.35): "A squad with a lucky trooper can
// re-roll any one die roll once during the game." Besides the morale and Command Response tests
// (lucky.test.ts), the unit's other 1D6 tests at activation, before its order, open the same
// window when failed: Hesitant and Cautious (§2.6). Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, row, squad, tryAct, unitOf } from './helpers.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Feature, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
/** 3 Regulars (3+), the third Lucky, with the given traits. */
const lucky = (traits: string[], personalities = ['lucky']): UnitSpec => ({ name: 'L', quality: 'regular', resolve: 'steady', traits, figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities }] });
const hedge: Feature = { id: 'hedge', kind: 'area', points: [[700, 300], [1800, 300], [1800, 700], [700, 700]], move: 'open', cover: 'soft', los: 'clear', height: 100 };
/** A1 in a hedge, B1 far (beyond 15"); Under Fire for the Cautious test. */
function scene(name: string, traits: string[], underFire = false, personalities?: string[]): S {
  const s = craft({ name, terrain: [hedge], units: [
    { id: 'A1', side: 0, spec: lucky(traits, personalities), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  unitOf(s, 'A1').underFire = underFire;
  return s;
}
const activate = (s: S, dice: number[]) => act(s, { type: 'activate', unit: 'A1' }, dice);

test('#72 Lucky: a failed Hesitant test (1D6) at activation opens the Lucky window: the owner re-rolls the die (once per game) or keeps it; then the order (§2.6, §2.7)', () => {
  const r = activate(scene('lh', ['hesitant']), faces(2));
  assert.equal(r.s.phase, 'lucky');
  const d = decision(r.s);
  assert.equal(d.seat, 0);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'hesitant', faces: [2], target: 3 });
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), { type: 'lucky', die: null });
  assert.equal(code(tryAct(r.s, { type: 'lucky', die: 1 })), 'not_a_die');
  // Re-rolled to a 5: the test passes, the unit is not wavering, the luck is spent.
  const re = act(r.s, { type: 'lucky', die: 0 }, faces(5));
  assert.deepEqual(evOf(re.events, 'lucky_reroll')[0], { unit: 'A1', test: 'hesitant', die: 0, was: 2, now: 5 });
  assert.deepEqual(evOf(re.events, 'hesitant_test')[0], { unit: 'A1', die: 5, passed: true, lucky: true });
  assert.equal(unitOf(re.s, 'A1').wavering, false);
  assert.equal(unitOf(re.s, 'A1').luckyUsed, true);
  assert.equal(decision(re.s).kind, 'order');
  assert.equal(code(tryAct(re.s, { type: 'engage', moves: [], target: 'B1', fireFirst: true })), undefined, 'it may fire');
  // Kept: wavering, the luck stays for later.
  const keep = act(r.s, { type: 'lucky', die: null });
  assert.equal(unitOf(keep.s, 'A1').wavering, true);
  assert.equal(unitOf(keep.s, 'A1').luckyUsed, undefined);
  assert.equal(code(tryAct(keep.s, { type: 'engage', moves: [], target: 'B1', fireFirst: true })), 'wavering');
  // Spent, or no Lucky trooper: no window.
  const spent = scene('lh-spent', ['hesitant']);
  unitOf(spent, 'A1').luckyUsed = true;
  assert.equal(activate(spent, faces(2)).s.phase, 'order');
  assert.equal(activate(scene('lh-none', ['hesitant'], false, []), faces(2)).s.phase, 'order');
  assert.equal(activate(scene('lh-pass', ['hesitant']), faces(3)).s.phase, 'order', 'a passed test asks nothing');
});

test('#72 Lucky: a failed Cautious test (1D6, Under Fire in cover) opens the Lucky window; a re-roll that passes lets the unit leave cover (§2.6, §2.7)', () => {
  const r = activate(scene('lc', ['cautious'], true), faces(1));
  assert.equal(r.s.phase, 'lucky');
  assert.deepEqual(decision(r.s).exposes, { unit: 'A1', test: 'cautious', faces: [1], target: 3 });
  const out = (s: S) => ({ type: 'engage' as const, moves: unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + 400] as [number, number]] })), target: null, fireFirst: false });
  const re = act(r.s, { type: 'lucky', die: 0 }, faces(4));
  assert.deepEqual(evOf(re.events, 'cautious_test')[0], { unit: 'A1', die: 4, passed: true, lucky: true });
  assert.equal(decision(re.s).kind, 'order');
  assert.equal(code(tryAct(re.s, out(re.s))), undefined, 'out of the hedge');
  const keep = act(r.s, { type: 'lucky', die: null });
  assert.equal(code(tryAct(keep.s, out(keep.s))), 'cautious');
  // A re-roll that fails again: still held in cover, and the luck is gone.
  const bad = act(r.s, { type: 'lucky', die: 0 }, faces(2));
  assert.equal(code(tryAct(bad.s, out(bad.s))), 'cautious');
  assert.equal(unitOf(bad.s, 'A1').luckyUsed, true);
});

test('#72 Lucky: a failed hide roll (1D6, module Hidden movement) opens the Lucky window; a re-roll that succeeds hides the unit before its order (§2.7, §7.10)', () => {
  const wall: Feature = { id: 'wall', kind: 'area', points: [[500, 1200], [2000, 1200], [2000, 1400], [500, 1400]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };
  const s = craft({ name: 'lk-hide', active: 'A1', terrain: [wall], options: { hiddenMovement: true }, units: [
    { id: 'A1', side: 0, spec: lucky([]), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2500, 3) },
  ] });
  s.options.hiddenMovement = true;
  const r = act(s, { type: 'hide' }, faces(2));
  assert.equal(r.s.phase, 'lucky');
  assert.deepEqual(decision(r.s).exposes, { unit: 'A1', test: 'hide', faces: [2], target: 3 });
  const re = act(r.s, { type: 'lucky', die: 0 }, faces(3));
  assert.equal(unitOf(re.s, 'A1').hidden!.markers.length, 3);
  assert.equal(evOf(re.events, 'hide')[0].lucky, true);
  assert.equal(re.s.phase, 'order');
  const keep = act(r.s, { type: 'lucky', die: null });
  assert.equal(unitOf(keep.s, 'A1').hidden ?? null, null);
  assert.equal(keep.s.phase, 'order');
  assert.equal(decision(keep.s).kind, 'order', 'it acts normally');
});
