// Checklist item #72, personality Lucky (§2.7, source p.35): "A squad with a lucky trooper can
// re-roll any one die roll once during the game." The owner decides right after the roll (§5.6),
// also for the unit's own rolls inside an order: its fire dice, each damage die of its hits, its
// close-assault dice (attacking or defending), a variable-movement roll, a task's 3D6. The order
// pauses at the window and resumes with the kept or re-rolled dice. Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, seats, shootAt, squad, tryAct, unitOf, noLeak } from './helpers.js';
import { eventsFor } from '../../../src/engine/kernel.js';
import { randomPlayout } from '../../../src/engine/playout.js';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { isViolation, type GameEvent } from '../../../src/engine/types.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { attachTeam } from '../../../src/games/fast-and-dirty/rules/characters.js';

const code = (r: unknown) => (r as { code?: string }).code;
/** A Regular squad of `n` assault rifles, its last trooper with these personalities. */
const luckySquad = (n = 5, personalities = ['lucky'], quality: UnitSpec['quality'] = 'regular'): UnitSpec => ({
  name: 'Lucky', quality, resolve: 'steady',
  figures: [...(n > 1 ? [{ weapon: 'assaultRifle', armour: 'light', count: n - 1 }] : []), { weapon: 'assaultRifle', armour: 'light', personalities }],
});
/**
 * A1 (5 Regulars, the fifth Lucky) on y = 5", B1 (5 Regulars) `dy` further north, in the open. At 10"
 * (close range) A1's FE is its higher die + 1 (Regular) + 1 (5 rifles), 3 points a hit.
 */
function range(name: string, o: { personalities?: string[]; dy?: number; options?: Record<string, unknown> } = {}): S {
  return craft({ name, active: 'A1', options: o.options, units: [
    { id: 'A1', side: 0, spec: luckySquad(5, o.personalities), at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 500 + (o.dy ?? 1100), 5) },
  ] });
}
const lucky = (die: number | null): Action => ({ type: 'lucky', die });

test('#72 Lucky, fire: after its fire roll the owner may re-roll one Fire Effect die; the new die replaces the old and the squad keeps its highest (§2.7, §6.4)', () => {
  // Dice 2 and 1: FE 2 + 2 = 4, one hit; a 6 would give 8, two hits: the window opens.
  const r = act(range('lo-fire'), shootAt('B1'), faces(2, 1));
  assert.equal(r.s.phase, 'lucky');
  const d = decision(r.s);
  assert.equal(d.kind, 'lucky');
  assert.equal(d.seat, 0);
  assert.equal(d.timing, 'turn');
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'fire', faces: [2, 1], target: null, fe: 4, hits: 1 });
  assert.deepEqual(evOf(r.events, 'lucky_window'), [{ unit: 'A1', test: 'fire', faces: [2, 1], fe: 4, hits: 1 }]);
  assert.equal(evOf(r.events, 'shot').length, 0, 'nothing of the shot is applied yet');
  assert.equal(unitOf(r.s, 'B1').underFire, false);
  assert.equal(code(tryAct(r.s, lucky(2))), 'not_a_die');
  // The 1 re-rolled to a 5: 5 + 2 = 7, two hits; the damage dice follow (6 v 4 kills, 3 v 7 does not).
  const re = act(r.s, lucky(1), faces(5, 4, 3, 1, 6));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'A1', test: 'fire', die: 1, was: 1, now: 5 }]);
  const shot = evOf(re.events, 'shot')[0];
  assert.equal(shot.fe, 7);
  assert.equal(shot.hits, 2);
  assert.deepEqual(evOf(re.events, 'damage').map((x) => x.killed), [true, false]);
  assert.equal(unitOf(re.s, 'A1').luckyUsed, true);
  assert.equal(unitOf(re.s, 'B1').underFire, true);
  assert.equal(unitOf(re.s, 'A1').activated, true, 'the order went on to its end');
  assert.equal(re.s.phase, 'activate');
  assert.equal(re.s.luckyOrder, null);
  assert.equal(re.s.luckySettled, undefined);
  // Re-rolling the kept die may lower the result: the new die stands (2 and 1: FE 4).
  const down = act(r.s, lucky(0), faces(1, 4, 3));
  assert.equal(evOf(down.events, 'shot')[0].fe, 3);
});

test('#72 Lucky, fire: kept, the shot stands as rolled and the luck stays for later (§2.7)', () => {
  const r = act(range('lo-keep'), shootAt('B1'), faces(2, 1));
  // The one hit kills (4 + 2 = 6 against 1 + 1): no damage window.
  const keep = act(r.s, lucky(null), faces(4, 1));
  assert.deepEqual(evOf(keep.events, 'lucky_kept'), [{ unit: 'A1', test: 'fire' }]);
  assert.equal(evOf(keep.events, 'shot')[0].hits, 1);
  assert.equal(evOf(keep.events, 'dice_rolled').filter((x) => x.purpose === 'fire_effect').length, 0, 'the fire dice are not rolled again');
  assert.equal(unitOf(keep.s, 'A1').luckyUsed, undefined);
  assert.equal(keep.s.phase, 'activate');
});

test('#72 Lucky, fire: no window where a re-roll cannot change the hits, nor without a living Lucky trooper, nor once it is spent (§2.7)', () => {
  const opened = (s: S, dice: number[]) => act(s, shootAt('B1'), dice).s.phase === 'lucky';
  assert.equal(opened(range('lo-six'), faces(6, 1, 4, 1, 4, 1)), false, 'a 6 kept: nothing better');
  assert.equal(opened(range('lo-same'), faces(5, 1, 4, 1, 4, 1)), false, 'FE 7 or at best 8: two hits either way');
  const dead = range('lo-dead');
  unitOf(dead, 'A1').figures[4].alive = false;
  assert.equal(opened(dead, faces(2, 1, 4, 1)), false, 'the lucky trooper is dead');
  assert.equal(opened(range('lo-none', { personalities: [] }), faces(2, 1, 4, 1)), false, 'no lucky trooper');
  const spent = range('lo-spent');
  unitOf(spent, 'A1').luckyUsed = true;
  assert.equal(opened(spent, faces(2, 1, 4, 1)), false, 'spent');
});

test('#72 Lucky, damage: a damage die a re-roll could turn into a kill opens the window; the volley resumes at that hit, each of its dice asked in turn (§2.7, §6.5)', () => {
  // Dice 6 and 1: FE 8, two hits (a 6 kept: no fire window). Hit 1: 1 + 2 = 3 against 3 + 1 = 4.
  const r = act(range('lo-dmg'), shootAt('B1'), faces(6, 1, 1, 3));
  assert.equal(r.s.phase, 'lucky');
  assert.deepEqual(decision(r.s).exposes, { unit: 'A1', test: 'damage', faces: [1], target: null, attack: 3, defence: 4 });
  assert.equal(evOf(r.events, 'shot')[0].hits, 2, 'the shot is resolved up to its first damage die');
  assert.equal(evOf(r.events, 'damage').length, 0);
  // Kept: the hit fails; hit 2 (1 + 2 against 6 + 1) opens the window again, the luck unspent.
  const keep = act(r.s, lucky(null), faces(1, 6));
  assert.deepEqual(evOf(keep.events, 'damage').map((x) => [x.figure, x.attack, x.defence, x.killed]), [['B1.1', 3, 4, false]]);
  assert.equal(keep.s.phase, 'lucky');
  assert.deepEqual(decision(keep.s).exposes, { unit: 'A1', test: 'damage', faces: [1], target: null, attack: 3, defence: 7 });
  // Re-rolled to a 6: 8 against 7 kills B1.2; then the order ends.
  const re = act(keep.s, lucky(0), faces(6));
  assert.deepEqual(evOf(re.events, 'damage').map((x) => [x.figure, x.attack, x.defence, x.killed]), [['B1.2', 8, 7, true]]);
  assert.equal(unitOf(re.s, 'B1').figures.filter((f) => !f.alive).length, 1);
  assert.equal(re.s.phase, 'activate');
  // At the first hit instead: re-rolled to a 2 (4 against 4 kills), then hit 2 rolled as usual.
  const first = act(r.s, lucky(0), faces(2, 5, 6));
  assert.deepEqual(evOf(first.events, 'damage').map((x) => [x.figure, x.attack, x.defence, x.killed]), [['B1.1', 4, 4, true], ['B1.2', 7, 7, true]]);
  assert.equal(evOf(first.events, 'shot').length, 0, 'the shot is not fired again');
});

/** A1 (3 Regulars, the third Lucky) 9" from B1; module Command Response: A1 tests at activation. */
function contact(name: string): S {
  return craft({ name, options: { commandResponse: true }, units: [
    { id: 'A1', side: 0, spec: luckySquad(3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
}
/** Both sides hold until A1 is to activate again (a new turn). */
function a1Activates(s: S): S {
  let k = s;
  for (let i = 0; i < 10; i++) {
    const d = decision(k);
    if (d.kind === 'activate' && d.seat === 0) return k;
    if (d.kind === 'initiative') k = act(k, { type: 'initiative', first: d.seat === 0 }).s;
    else if (d.kind === 'activate') k = act(k, { type: 'activate', unit: 'B1' }, faces(6)).s;
    else k = act(k, { type: 'engage', moves: [], target: null, fireFirst: true }).s;
  }
  throw new Error('A1 never activated again');
}

test('#72 Lucky is once per game: spent on a test at activation, no window inside the order; spent inside an order, none at the next test (§2.7)', () => {
  // The Command Response die (2) re-rolled to a 5: the luck is spent.
  const cr = act(contact('lo-once-a'), { type: 'activate', unit: 'A1' }, faces(2));
  assert.equal(decision(cr.s).kind, 'lucky');
  const ordered = act(cr.s, lucky(0), faces(5));
  assert.equal(decision(ordered.s).kind, 'order');
  // Its fire (2 and 1: one hit, a 6 would give two) gets no window now.
  const fire = act(ordered.s, shootAt('B1'), faces(2, 1, 4, 1));
  assert.equal(evOf(fire.events, 'lucky_window').length, 0);
  assert.equal(evOf(fire.events, 'shot')[0].hits, 1);
  // The other way round: spent on the fire roll, the next failed Command Response test stands.
  const passed = act(contact('lo-once-b'), { type: 'activate', unit: 'A1' }, faces(5));
  const w = act(passed.s, shootAt('B1'), faces(2, 1));
  assert.equal(decision(w.s).kind, 'lucky');
  const used = act(w.s, lucky(1), faces(6, 4, 1, 4, 1));
  assert.equal(unitOf(used.s, 'A1').luckyUsed, true);
  const next = act(a1Activates(used.s), { type: 'activate', unit: 'A1' }, faces(2));
  assert.equal(evOf(next.events, 'command_response')[0].passed, false);
  assert.equal(evOf(next.events, 'lucky_window').length, 0);
  assert.equal(decision(next.s).kind, 'order');
  assert.equal(unitOf(next.s, 'A1').hesitant, true);
});

test('#72 Lucky, fire after a move: the move is made, the order waits at the fire and resumes there (§2.7, §5.3)', () => {
  const s = range('lo-after');
  const advance: Action = { type: 'engage', moves: unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + 200] as Pt] })), target: 'B1', fireFirst: false };
  const r = act(s, advance, faces(2, 1));
  assert.equal(evOf(r.events, 'moved').length, 1);
  assert.deepEqual(unitOf(r.s, 'A1').figures[0].at, [1000, 700]);
  assert.equal(decision(r.s).kind, 'lucky');
  const re = act(r.s, lucky(1), faces(6, 4, 1, 4, 1));
  assert.equal(evOf(re.events, 'moved').length, 0, 'the move is not made again');
  assert.equal(evOf(re.events, 'shot')[0].fe, 8);
  assert.deepEqual(unitOf(re.s, 'A1').figures[0].at, [1000, 700]);
  assert.equal(re.s.phase, 'activate');
});

test('#72 Lucky, task and fire in one Command order: the task\'s 3D6 may be re-rolled; kept, the fire can still open the window, and the order resumes there without the task again (§2.7, §7.28)', () => {
  const s = range('lo-task', { options: { tasks: [{ id: 'hack', at: [1000, 600], onFailure: 'underFire' }] } });
  const order: Action = { type: 'command', demolition: null, target: 'B1', task: { fig: 'A1.1', id: 'hack' } };
  // 3D6 against 3+: 1, 1, 2 is no success (its consequence): a 6 would make one.
  const r = act(s, order, faces(1, 1, 2));
  assert.deepEqual(decision(r.s).exposes, { unit: 'A1', test: 'task', faces: [1, 1, 2], target: 3, successes: 0 });
  assert.deepEqual(fastAndDirty.defaultAction(r.s, decision(r.s)), lucky(0), 'no success and a consequence: the default re-rolls');
  assert.equal(evOf(r.events, 'task').length, 0);
  // Re-rolled to a 4: one success, a plain failure; the luck is spent, so the fire (6 and 6) just goes on.
  const re = act(r.s, lucky(0), faces(4, 6, 6, 4, 1, 4, 1));
  assert.deepEqual(evOf(re.events, 'task').map((x) => [x.successes, x.result]), [[1, 'failed']]);
  assert.equal(unitOf(re.s, 'A1').luckyUsed, true);
  assert.equal(evOf(re.events, 'shot').length, 1);
  // Kept at the task: the four firers (A1.1 is at the task) roll 2 and 1, FE 4, one hit (a 6: two), and the
  // fire's window opens in the same order; its answer fires without another task roll.
  const keep = act(r.s, lucky(null), faces(2, 1));
  assert.deepEqual(evOf(keep.events, 'task').map((x) => x.result), ['failedBadly']);
  assert.equal(decision(keep.s).kind, 'lucky');
  assert.equal((decision(keep.s).exposes as { test: string }).test, 'fire');
  const fired = act(keep.s, lucky(1), faces(6, 4, 1, 4, 1));
  assert.equal(evOf(fired.events, 'task').length, 0);
  assert.equal(evOf(fired.events, 'shot')[0].firers.length, 4, 'the figure at the task does not fire');
  assert.equal(unitOf(fired.s, 'A1').underFire, true, 'the task\'s consequence once the activation ends');
  assert.equal(fired.s.phase, 'activate');
});

/** Regular A1 (5, the fifth Lucky) on y = 5", Conscript B1 (3, the third Lucky) on y = 13". */
function melee(name: string): S {
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: luckySquad(5), at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: luckySquad(3, ['lucky'], 'conscript'), at: row(1000, 1300, 3) },
  ] });
}
const charge: Action = { type: 'assault', target: 'B1', moves: [0, 1, 2, 3, 4].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 220, 1200] as Pt] })) };
/**
 * A1 charges B1: B1's defensive free shot 1, 1 (no hit; a 6 could give two) opens B1's window on its
 * fire dice (since ruleset 0.3.1), kept here; then `dice` (the assault's). Both answers' events.
 */
function charged(name: string, dice: number[]): { s: S; events: GameEvent[] } {
  const w = act(melee(name), charge, faces(1, 1));
  assert.deepEqual(decision(w.s).exposes, { unit: 'B1', test: 'fire', faces: [1, 1], target: null, fe: 2, hits: 0 });
  const k = act(w.s, lucky(null), dice);
  return { s: k.s, events: [...w.events, ...k.events] };
}

test('#72 Lucky, close assault: the attacker\'s owner, then the defender\'s, may re-roll one of their own assault dice (§2.7, §6.10)', () => {
  // Defensive shot 1, 1: no hit (B1's window on it kept). Attacker 1, 1 + 5 = 6,
  // defender 4, 2 = 4: the attacker wins; a 6 would overrun: its window first.
  const r = charged('lo-melee', faces(1, 1, 4, 2));
  assert.equal(evOf(r.events, 'shot').length, 1);
  let d = decision(r.s);
  assert.equal(d.seat, 0);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'assault', faces: [1, 1], target: null, score: 6, opponent: 4 });
  assert.equal(evOf(r.events, 'assault_result').length, 0);
  // Kept: the defender (losing 4 to 6; a 6 would draw) is asked next, in the attacker's order.
  const k = act(r.s, lucky(null));
  d = decision(k.s);
  assert.equal(d.seat, 1);
  assert.equal(d.timing, 'reaction');
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'assault', faces: [4, 2], target: null, score: 4, opponent: 6 });
  assert.equal(code(fastAndDirty.apply(k.s, { kind: 'answer', seat: 0, decision: d.key, action: lucky(null) }, { seq: 1, rng: null as never })), 'not_your_decision');
  // The 2 re-rolled to a 6: 6 against 6, a draw. A1's five kill dice (1s against 4+) then open A1's window
  // on them (its luck unspent, kept above); kept, B1's kill dice follow (its luck spent: no window).
  const drawn = act(k.s, lucky(1), faces(6, 1, 1, 1, 1, 1));
  assert.deepEqual(evOf(drawn.events, 'lucky_reroll'), [{ unit: 'B1', test: 'assault', die: 1, was: 2, now: 6 }]);
  assert.deepEqual(decision(drawn.s).exposes, { unit: 'A1', test: 'kill', faces: [1, 1, 1, 1, 1], target: 4, kills: 0 });
  const re = act(drawn.s, lucky(null), faces(1, 1, 1));
  assert.equal(evOf(re.events, 'assault_result').length, 0, 'the result is not given again');
  const res = evOf(drawn.events, 'assault_result')[0];
  assert.deepEqual([res.attacker.score, res.defender.score, res.outcome], [6, 6, 'draw']);
  assert.equal(unitOf(re.s, 'B1').luckyUsed, true);
  assert.equal(unitOf(re.s, 'A1').luckyUsed, undefined);
  assert.equal(re.s.phase, 'activate');
  assert.equal(unitOf(re.s, 'A1').activated, true);
  // The attacker re-rolls instead: a 5 gives 10 against 4, an overrun; the defender is asked (a 6 would only
  // lose, 6 to 10, but not be wiped out), keeps, and is overrun.
  const over = act(r.s, lucky(0), faces(5));
  assert.deepEqual(decision(over.s).exposes, { unit: 'B1', test: 'assault', faces: [4, 2], target: null, score: 4, opponent: 10 });
  assert.deepEqual(fastAndDirty.defaultAction(over.s, decision(over.s)), lucky(1), 'overrun: the lower die re-rolled by default');
  const lost = act(over.s, lucky(null), faces(1, 1, 1));
  assert.equal(evOf(lost.events, 'assault_result')[0].outcome, 'attacker');
  // B1's luck is still unspent: its revenge dice (one a figure, each 6 a casualty on A1) open its window first.
  assert.deepEqual(decision(lost.s).exposes, { unit: 'B1', test: 'overrun', faces: [1, 1, 1], target: 6, kills: 0 });
  const wiped = act(lost.s, lucky(null));
  assert.equal(evOf(wiped.events, 'overrun').length, 1);
});

test('#72 Lucky, variable movement: a roll too short for the declared path may be re-rolled; the move goes as far as the new roll allows (§2.7, §6.2)', () => {
  const mk = (name: string) => {
    const s = craft({ name, active: 'A1', options: { variableMovement: true }, units: [
      { id: 'A1', side: 0, spec: luckySquad(1), at: [[1000, 500]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[3000, 4000]] },
    ] });
    s.options.variableMovement = true;
    return s;
  };
  const eight: Action = { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1300]] }], target: null, fireFirst: true };
  const r = act(mk('lo-vm'), eight, faces(3)); // 3 + 2 = 5" of the 8" declared
  assert.deepEqual(decision(r.s).exposes, { unit: 'A1', test: 'move', faces: [3], target: null, allowance: 500, needed: 800 });
  assert.deepEqual(unitOf(r.s, 'A1').figures[0].at, [1000, 500], 'nobody has moved yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, decision(r.s)), lucky(null));
  const re = act(r.s, lucky(0), faces(6));
  assert.equal(evOf(re.events, 'variable_movement')[0].allowance, 800);
  assert.deepEqual(unitOf(re.s, 'A1').figures[0].at, [1000, 1300]);
  const keep = act(r.s, lucky(null));
  assert.deepEqual(unitOf(keep.s, 'A1').figures[0].at, [1000, 1000]);
  assert.equal(act(mk('lo-vm-6'), eight, faces(6)).s.phase, 'activate', 'a roll that covers the path asks nothing');
});

test('#72 Lucky, opportunity fire: the reacting unit\'s owner decides on its fire dice; then the mover\'s order goes on (§2.7, §7.18)', () => {
  const s = craft({ name: 'lo-opp', active: 'A1', options: { opportunityFire: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 300, 3) },
    { id: 'B1', side: 1, spec: luckySquad(3), at: row(1000, 2500, 3) },
    { id: 'B2', side: 1, spec: squad('rabble', 3, { weapon: 'smg' }), at: row(3000, 4500, 3) },
  ] });
  s.options.opportunityFire = true;
  const advance: Action = { type: 'engage', moves: [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 220, 900] as Pt] })), target: 'B1', fireFirst: false };
  const k = act(s, advance).s;
  const r = act(k, { type: 'opportunity', unit: 'B1' }, faces(1, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 1, 'reaction']);
  assert.equal((d.exposes as { unit: string }).unit, 'B1');
  const re = act(r.s, lucky(0), faces(6, 1, 6, 1, 6, 1, 1));
  assert.deepEqual(evOf(re.events, 'shot').map((x) => x.unit), ['B1', 'A1'], 'B1 fires, then A1 after its move');
  assert.equal(unitOf(re.s, 'B1').activated, true, 'the firer loses its activation');
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.interrupted, null);
  assert.deepEqual([decision(re.s).kind, decision(re.s).seat], ['activate', 1], 'B2 is left to activate');
});

test('#72 Lucky inside an order, default: a shot with no hit re-rolls its lowest fire die; otherwise the dice and the luck are kept (§2.7)', () => {
  // 26" away (medium, -2): 2 and 1 give FE 2, no hit.
  const miss = act(range('lo-def-miss', { dy: 2600 }), shootAt('B1'), faces(2, 1));
  assert.deepEqual(decision(miss.s).exposes, { unit: 'A1', test: 'fire', faces: [2, 1], target: null, fe: 2, hits: 0 });
  assert.deepEqual(fastAndDirty.defaultAction(miss.s, decision(miss.s)), lucky(1));
  const one = act(range('lo-def-hit'), shootAt('B1'), faces(2, 1));
  assert.deepEqual(fastAndDirty.defaultAction(one.s, decision(one.s)), lucky(null));
  const dmg = act(range('lo-def-dmg'), shootAt('B1'), faces(6, 1, 1, 3));
  assert.deepEqual(fastAndDirty.defaultAction(dmg.s, decision(dmg.s)), lucky(null));
  // A lost close assault re-rolls its lower die (the higher one stays).
  const m = act(charged('lo-def-melee', faces(1, 1, 4, 2)).s, lucky(null));
  assert.deepEqual(fastAndDirty.defaultAction(m.s, decision(m.s)), lucky(1));
  const all = fastAndDirty.candidates(m.s, 1, decision(m.s), 10, null as never);
  assert.deepEqual(all, { actions: [lucky(null), lucky(0), lucky(1)], all: true });
});

test('#72 Lucky inside an order: the decision goes to the rolling unit\'s owner only, and its events are as public as the roll, nothing more (no leak) (§2.7, §8.1)', () => {
  const s = range('lo-leak');
  // A minefield of side 0: its record is hidden from seat 1 before, during and after the window.
  s.minefields = [{ id: 'mf-0-1', owner: 0, markers: [{ n: 1, at: [3000, 3000] }, { n: 2, at: [3500, 3000] }, { n: 3, at: [4000, 3000] }], real: 2, mine: 'ap', revealed: false } as S['minefields'][number]];
  const r = act(s, shootAt('B1'), faces(2, 1));
  const d = decision(r.s);
  assert.equal(fastAndDirty.pending(r.s).length, 1);
  assert.deepEqual(fastAndDirty.candidates(r.s, 1, d, 10, null as never).actions, [], 'seat 1 has nothing to answer');
  assert.equal(code(fastAndDirty.apply(r.s, { kind: 'answer', seat: 1, decision: d.key, action: lucky(null) }, { seq: 1, rng: null as never })), 'not_your_decision');
  const re = act(r.s, lucky(1), faces(5, 4, 3, 1, 6));
  const slice = (evs: GameEvent[], seat: number) => eventsFor(evs, seat, false);
  for (const evs of [r.events, re.events]) {
    assert.ok(evs.every((e) => e.to === 'all'), 'the fire dice are public, and so are the window and the re-roll');
    assert.deepEqual(slice(evs, 1), slice(evs, 0), 'both seats read the same log');
  }
  // Views: the window adds nothing either seat may not see; the minefield record stays the owner's.
  const noMines = (x: S) => ({ ...x, minefields: [] });
  for (const k of [r.s, re.s]) {
    assert.deepEqual(noMines(fastAndDirty.view(k, 1)), noMines(fastAndDirty.view(k, 0)));
    assert.equal(fastAndDirty.view(k, 1).minefields[0].real, null);
    assert.equal(fastAndDirty.view(k, 0).minefields[0].real, 2);
  }
  assert.equal(JSON.stringify(fastAndDirty.view(r.s, 1)).includes('"real":2'), false);
});

/** Firefight with Lucky troopers in every squad, and Trigger Happy / Brawler beside them. */
const luckyForces = (() => {
  const sq = (name: string, personalities: string[], extra: Record<string, unknown> = {}) => ({ name, quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 4 }, { weapon: 'assaultRifle', armour: 'light', personalities }], ...extra });
  return {
    0: [sq('Lucky A', ['lucky']), sq('Lucky B', ['lucky', 'triggerHappy']), sq('Lucky C', ['lucky'], { quality: 'elite' })],
    1: [sq('Lucky D', ['lucky', 'brawler']), sq('Lucky E', ['lucky']), sq('Lucky F', ['lucky'], { quality: 'conscript' })],
  };
})();

test('#72 Lucky: random legal playouts with Lucky squads in every unit still end; the windows inside orders open and pass the conformance checks (defaults, candidates, views, replay)', () => {
  const options = [{ forces: luckyForces, variableMovement: true, opportunityFire: true, pinning: true }, { forces: luckyForces, squadDamage: true, commandResponse: true }];
  for (const [i, o] of options.entries()) {
    const rep = checkPlayout(fastAndDirty, 'firefight', seats, `fad-lucky-conf-${i}`, 3000, o);
    assert.deepEqual(rep.problems, [], `conformance ${i}`);
    assert.ok(rep.ended, `conformance playout ${i} did not end in ${rep.entries} entries`);
  }
  const tests = new Set<string>();
  for (let i = 0; i < 4; i++) {
    const p = randomPlayout(fastAndDirty, { scenario: 'firefight', seats, options: options[i % 2], seed: `fad-lucky-${i}`, hashChain: false, maxEntries: 3000,
      onEntry: (_k, _e, evs) => { for (const e of evs) if (e.type === 'lucky_window') tests.add((e.data as { test: string }).test); } });
    assert.ok(p.result, `playout ${i} ended`);
    assert.ok(!isViolation(p.k));
  }
  assert.ok(['fire', 'damage'].every((t) => tests.has(t)), `windows inside orders were offered: ${[...tests].join(', ')}`);
});

// ---------------------------------------------------------------- the rolls added for issue #17

/**
 * A1 (Regulars: 3 rifles, a Lucky rifleman, an AMAW, AT 4) south of light tank T (side 1, facing +y,
 * its rear toward A1, rear armour 6), as in vehicles.test.ts #81: FE = the higher die + close 0 + Regular 1.
 */
function atTank(name: string): S {
  const spec: UnitSpec = { name: 'Lucky AT', quality: 'regular', resolve: 'steady', figures: [
    { weapon: 'assaultRifle', armour: 'light', count: 3 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }, { weapon: 'amaw', armour: 'light', support: true },
  ] };
  const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 1, [2000, 2000]);
  t.vehicle!.heading = 0;
  const s = craft({ name, active: 'A1', units: [{ id: 'A1', side: 0, spec, at: row(1560, 1000, 5) }] });
  s.units.push(t);
  return s;
}

test('#72 Lucky, fire at a vehicle: the fire dice at a vehicle may be re-rolled when another hit could follow; nothing is applied before the answer (§2.7, §6.6)', () => {
  // 2 and 1: FE 3, one hit (open: 3 a hit); a 6 would give FE 7, two hits.
  const r = act(atTank('lo-veh-fire'), shootAt('T'), faces(2, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat], ['lucky', 0]);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'fire', faces: [2, 1], target: null, fe: 3, hits: 1 });
  assert.equal(evOf(r.events, 'shot').length, 0);
  assert.equal(evOf(r.events, 'penetration').length, 0);
  assert.equal(unitOf(r.s, 'T').underFire, false);
  // The 1 re-rolled to a 6: FE 7, two hits. Hit 1: 2 + 4 = 6 against rear 6 penetrates, 1 and 3: System Kill;
  // hit 2: 1 + 4 = 5, no penetration (immobilization die 4). The luck is spent: no penetration window.
  const re = act(r.s, lucky(1), faces(6, 2, 1, 3, 1, 4));
  assert.deepEqual([evOf(re.events, 'shot')[0].fe, evOf(re.events, 'shot')[0].hits], [7, 2]);
  assert.deepEqual(evOf(re.events, 'penetration').map((p) => [p.total, p.penetrated]), [[6, true], [5, false]]);
  assert.equal(evOf(re.events, 'lucky_window').length, 0);
  assert.equal(unitOf(re.s, 'T').vehicle!.status, 'systemKill');
  assert.equal(unitOf(re.s, 'T').underFire, true);
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
  // No window where a re-roll cannot add a hit: 6 and 1 (FE 7 at best); hit 1 penetrates (2 + 4), 4 and 3: Vehicle Kill (no 1 to re-roll).
  const six = act(atTank('lo-veh-six'), shootAt('T'), faces(6, 1, 2, 4, 3));
  assert.equal(evOf(six.events, 'lucky_window').length, 0);
  assert.equal(six.s.phase, 'ended', 'the tank, side 1\'s only unit, is out');
});

test('#72 Lucky, penetration: the shooter\'s penetration die at a vehicle that a 6 would turn into a penetration opens the window, hit by hit (§2.7, §6.6)', () => {
  // 6 and 2: FE 7, two hits (a 6 kept: no fire window). Hit 1: 1 + 4 = 5 against rear 6; a 6 would penetrate.
  const r = act(atTank('lo-pen'), shootAt('T'), faces(6, 2, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'turn']);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'penetration', faces: [1], target: null, total: 5, armour: 6 });
  assert.equal(evOf(r.events, 'shot')[0].hits, 2, 'the shot is resolved up to its first penetration die');
  assert.equal(evOf(r.events, 'penetration').length, 0);
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null), 'a hit\'s die: kept by default');
  // Re-rolled to a 3: 7 penetrates; 4 and 5 (no 1): Vehicle Kill; the second hit is not rolled, the tank is out.
  const re = act(r.s, lucky(0), faces(3, 4, 5));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'A1', test: 'penetration', die: 0, was: 1, now: 3 }]);
  assert.deepEqual(evOf(re.events, 'penetration').map((p) => [p.total, p.penetrated]), [[7, true]]);
  assert.equal(unitOf(re.s, 'T').vehicle!.status, 'knockedOut');
  assert.equal(evOf(re.events, 'shot').length, 0, 'the shot is not fired again');
  // Kept: hit 1 fails (immobilization die 4); hit 2 (2 + 4 = 6) penetrates without asking; its results roll
  // (1 and 1: Non-Damaging) then asks, the luck unspent (lucky-more.test.ts).
  const keep = act(r.s, lucky(null), faces(4, 2, 1, 1));
  assert.deepEqual(evOf(keep.events, 'penetration').map((p) => [p.total, p.penetrated]), [[5, false], [6, true]]);
  assert.equal(unitOf(keep.s, 'A1').luckyUsed, undefined);
  assert.equal((decision(keep.s).exposes as { test: string }).test, 'penetrationResult');
  // Kept, then hit 2 (1 again) asks again, the luck unspent.
  const again = act(r.s, lucky(null), faces(4, 1));
  assert.deepEqual((decision(again.s).exposes as { test: string; total: number }).total, 5);
  noLeak(r, re, keep, again);
});

test('#72 Lucky, weapon FE dice: a support weapon\'s "+1D6" Fire Effect die is one of the held faces, after the fire dice; re-rolled, it adds its new face (§2.7, §6.4 step 6)', () => {
  // A1: 3 rifles, a Lucky rifleman and a grenade launcher (FE +1D6) 10" from B1. FE = the higher fire die + close 0
  // + Regular 1 + 1 (4 rifles) + the launcher's die.
  const spec: UnitSpec = { name: 'Lucky GL', quality: 'regular', resolve: 'steady', figures: [
    { weapon: 'assaultRifle', armour: 'light', count: 3 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }, { weapon: 'grenadeLauncher', armour: 'light', support: true },
  ] };
  const mk = (name: string) => craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 5) }, { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 1600, 5) },
  ] });
  // Fire dice 2 and 1, launcher die 1: FE 2 + 1 + 1 + 1 = 5, one hit; a 6 on the launcher's die would give 10.
  const r = act(mk('lo-wfe'), shootAt('B1'), faces(2, 1, 1));
  assert.deepEqual(decision(r.s).exposes, { unit: 'A1', test: 'fire', faces: [2, 1, 1], target: null, fe: 5, hits: 1 });
  assert.deepEqual(evOf(r.events, 'dice_rolled').map((x) => x.purpose), ['fire_effect', 'weapon_fe']);
  assert.equal(evOf(r.events, 'shot').length, 0);
  // The launcher's die re-rolled to a 5: weapon FE 1 + 5 = 6, FE 9, three hits (damage 1 + 2 against 6 + 1: none).
  const re = act(r.s, lucky(2), faces(5, 1, 6, 1, 6, 1, 6));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'A1', test: 'fire', die: 2, was: 1, now: 5 }]);
  const shot = evOf(re.events, 'shot')[0];
  assert.deepEqual([shot.weaponFe, shot.fe, shot.hits], [6, 9, 3]);
  assert.equal(evOf(re.events, 'dice_rolled').filter((x) => x.purpose === 'weapon_fe' || x.purpose === 'fire_effect').length, 0, 'neither is rolled again');
  // Kept: the weapon FE stands at 1 + 1.
  const keep = act(r.s, lucky(null), faces(1, 6));
  assert.deepEqual([evOf(keep.events, 'shot')[0].weaponFe, evOf(keep.events, 'shot')[0].fe], [2, 5]);
  // A 6 on both fire dice: only the launcher's die could do better (FE 9, three hits; a 6 there: 14, four).
  const six = act(mk('lo-wfe-6'), shootAt('B1'), faces(6, 6, 1));
  assert.deepEqual(decision(six.s).exposes, { unit: 'A1', test: 'fire', faces: [6, 6, 1], target: null, fe: 9, hits: 3 });
  noLeak(r, re, keep);
});

/**
 * A1 (Regulars: 3 rifles, a Lucky rifleman, a missile rack: blast 2", FE 0) on y = 5"; friendly A2 and
 * enemy B1 (one figure each) 2" apart around the point [1500, 2000], A2 first in the units' order.
 */
function blastRange(name: string): S {
  const spec: UnitSpec = { name: 'Lucky MR', quality: 'regular', resolve: 'steady', figures: [
    { weapon: 'assaultRifle', armour: 'light', count: 3 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }, { weapon: 'missileRack', armour: 'light', support: true },
  ] };
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 5) },
    { id: 'A2', side: 0, spec: squad('regular', 1), at: [[1400, 2000]] },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1600, 2000]] },
  ] });
}
const blastAt: Action = { type: 'engage', moves: [], target: null, fireFirst: true, blast: { fig: 'A1.5', at: [1500, 2000] } };

test('#72 Lucky, blast ranging in: a failed ranging-in die may be re-rolled; the default re-rolls it, a miss being a failure outright (§2.7, §6.7)', () => {
  const r = act(blastRange('lo-range'), blastAt, faces(2)); // 2 against Regular 3+: off target
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat], ['lucky', 0]);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'fire', faces: [2], target: 3, hits: 0 });
  assert.equal(evOf(r.events, 'blast').length, 0, 'nothing of the blast is applied yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(0));
  // Re-rolled to a 4: on target. A2's Strike Effect (1 + 1: no hit), B1's (1 + 1) asks nothing: the luck is spent.
  const re = act(r.s, lucky(0), faces(4, 1, 1, 1, 1));
  assert.deepEqual(evOf(re.events, 'blast').map((x) => x.onTarget), [true]);
  assert.deepEqual(evOf(re.events, 'strike_effect').map((x) => [x.unit, x.strike, x.hits]), [['A2', 2, 0], ['B1', 2, 0]]);
  assert.equal(re.s.phase, 'activate');
  // Kept: off target, the order ends; the luck stays.
  const keep = act(r.s, lucky(null));
  assert.deepEqual(evOf(keep.events, 'blast').map((x) => x.onTarget), [false]);
  assert.equal(unitOf(keep.s, 'A1').luckyUsed, undefined);
  assert.equal(keep.s.phase, 'activate');
  // A ranging die that passes asks nothing about itself.
  const ok = act(blastRange('lo-range-ok'), blastAt, faces(3, 1, 1, 1, 1));
  assert.deepEqual(evOf(ok.events, 'blast').map((x) => x.onTarget), [true]);
  assert.deepEqual(evOf(ok.events, 'lucky_window').map((x) => x.test), ['strike'], 'only B1\'s Strike Effect asks');
  noLeak(r, re, keep);
});

test('#72 Lucky, blast Strike Effect: the firer\'s 2D6 at an enemy unit in the kill zone may be re-rolled; at a friendly unit it is not offered (§2.7, §6.7)', () => {
  // On target (4). A2 (a friend) 1 + 1: no hit, no window. B1 1 + 1 = 2: no hit; a 6 would give 7, two hits.
  const r = act(blastRange('lo-strike'), blastAt, faces(4, 1, 1, 1, 1));
  const d = decision(r.s);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'strike', faces: [1, 1], target: null, struck: 'B1', strike: 2, hits: 0 });
  assert.deepEqual(evOf(r.events, 'strike_effect').map((x) => x.unit), ['A2'], 'the friend took its Strike Effect; B1 waits');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(0), 'no hit: the default re-rolls');
  // Re-rolled to a 6: 7, two hits on B1's one figure (damage 1 + 2 against 6 + 1: saved; 6 + 2 against 1 + 1: killed).
  const re = act(r.s, lucky(0), faces(6, 1, 6, 6, 1));
  assert.deepEqual(evOf(re.events, 'strike_effect').map((x) => [x.unit, x.strike, x.hits]), [['B1', 7, 2]]);
  assert.deepEqual(evOf(re.events, 'damage').map((x) => x.killed), [false, true]);
  assert.equal(evOf(re.events, 'blast').length + evOf(re.events, 'strike_effect').filter((x) => x.unit === 'A2').length, 0, 'neither the blast nor A2\'s Strike Effect again');
  assert.equal(unitOf(re.s, 'B1').out, true);
  assert.equal(re.s.phase !== 'lucky', true);
  // Kept: B1's 2 stands.
  const keep = act(r.s, lucky(null));
  assert.deepEqual(evOf(keep.events, 'strike_effect').map((x) => [x.unit, x.strike]), [['B1', 2]]);
  noLeak(r, re, keep);
});

test('#72 Lucky, blast after a move: the move is made once, the order waits at the blast and resumes there (§2.7, §6.7, §5.3)', () => {
  const s = blastRange('lo-blast-after');
  const after: Action = { ...blastAt, fireFirst: false, moves: unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + 100] as Pt] })) };
  const r = act(s, after, faces(2));
  assert.equal(evOf(r.events, 'moved').length, 1);
  assert.deepEqual((decision(r.s).exposes as { test: string; target: number }).target, 3);
  const re = act(r.s, lucky(0), faces(4, 1, 1, 1, 1));
  assert.equal(evOf(re.events, 'moved').length, 0, 'the move is not made again');
  assert.deepEqual(evOf(re.events, 'blast').map((x) => x.onTarget), [true]);
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.phase, 'activate');
});

test('#72 Lucky, mortar Strike Effect: an on-board mortar team\'s Strike Effect at an enemy unit may be re-rolled; its timing and accuracy dice are not offered (§2.7, §7.11)', () => {
  const spec: UnitSpec = { name: 'Lucky mortar', kind: 'weaponTeam', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'lightMortar', armour: 'light' }, { weapon: 'lightMortar', armour: 'light', personalities: ['lucky'] }] };
  const s = craft({ name: 'lo-mortar', active: 'A2', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'A2', side: 0, spec, at: row(3000, 500, 2, 150) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
  ] });
  const fire: Action = { type: 'engage', moves: [], target: null, fireFirst: true, indirect: [1220, 2000] };
  // Timing 1, 3, 3 (two successes: it arrives; the failed die asks nothing), accuracy 3, 3; B1's Strike Effect 1 + 1: no hit.
  const r = act(s, fire, faces(1, 3, 3, 3, 3, 1, 1));
  assert.deepEqual(decision(r.s).exposes, { unit: 'A2', test: 'strike', faces: [1, 1], target: null, struck: 'B1', strike: 2, hits: 0 });
  assert.equal(evOf(r.events, 'strike_effect').length, 0);
  // Re-rolled to a 6: 7, two hits (6 + 1 against 1 + 1: both killed).
  const re = act(r.s, lucky(1), faces(6, 6, 1, 6, 1));
  assert.deepEqual(evOf(re.events, 'strike_effect').map((x) => [x.unit, x.strike, x.hits]), [['B1', 7, 2]]);
  assert.deepEqual(evOf(re.events, 'damage').map((x) => x.killed), [true, true]);
  assert.equal(evOf(re.events, 'mortar_fire').length + evOf(re.events, 'artillery_strike').length, 0, 'the mortar does not fire again');
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});

test('#72 Lucky, close-assault kill dice: each side\'s owner may re-roll one of its own kill dice when another kill could follow, the attacker\'s first; the result is not given again (§2.7, §6.10)', () => {
  // Defensive shot 1, 1 (no hit). A1 6 + 5 = 11 against B1 6: A1 wins, not by overrun; neither assault roll can
  // do better. Kill dice: A1 (winner) 3+, five 1s: no kill; a 6 would kill one.
  const r = charged('lo-kill', faces(6, 6, 6, 6, 1, 1, 1, 1, 1));
  assert.equal(evOf(r.events, 'assault_result')[0].outcome, 'attacker');
  let d = decision(r.s);
  assert.deepEqual([d.seat, d.timing], [0, 'turn']);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'kill', faces: [1, 1, 1, 1, 1], target: 3, kills: 0 });
  assert.equal(evOf(r.events, 'assault_kills').length, 0, 'no figure removed yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(0), 'no kill: the default re-rolls');
  // Re-rolled to a 4: one kill. B1 (loser, 5+) rolls 5, 5, 5: three kills, as many as it may: no window.
  const re = act(r.s, lucky(0), faces(4, 5, 5, 5));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'A1', test: 'kill', die: 0, was: 1, now: 4 }]);
  assert.deepEqual(evOf(re.events, 'assault_kills'), [{ A1: 3, B1: 1 }]);
  assert.equal(evOf(re.events, 'assault_result').length, 0, 'the result is not given again');
  assert.equal(unitOf(re.s, 'B1').figures.filter((f) => f.alive).length, 2);
  assert.equal(re.s.phase, 'activate');
  // The defender's kill dice: A1 kills with all five (3s; no more than B1's three figures), B1's 1, 1, 1 open B1's window.
  const k = charged('lo-kill-def', faces(6, 6, 6, 6, 3, 3, 3, 3, 3, 1, 1, 1));
  d = decision(k.s);
  assert.deepEqual([d.seat, d.timing], [1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'kill', faces: [1, 1, 1], target: 5, kills: 0 });
  const back = act(k.s, lucky(2), faces(6));
  assert.deepEqual(evOf(back.events, 'assault_kills'), [{ A1: 1, B1: 5 }]);
  assert.equal(evOf(back.events, 'dice_rolled').filter((x) => x.purpose === 'kill_dice').length, 0, 'A1\'s kill dice are not rolled again');
  noLeak(r, re, k, back);
});

test('#72 Lucky, overrun revenge dice: the overrun loser\'s owner may re-roll one of its revenge dice, each 6 a casualty on the winner (§2.7, §6.10)', () => {
  // A1 6 + 5 = 11 against B1 2: overrun. B1's assault window first (a 6 would only lose): kept.
  const r = charged('lo-overrun', faces(6, 6, 2, 1));
  assert.equal(decision(r.s).exposes && (decision(r.s).exposes as { test: string }).test, 'assault');
  const lost = act(r.s, lucky(null), faces(1, 1, 1));
  const d = decision(lost.s);
  assert.deepEqual([d.seat, d.timing], [1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'overrun', faces: [1, 1, 1], target: 6, kills: 0 });
  assert.equal(evOf(lost.events, 'overrun').length, 0);
  assert.equal(unitOf(lost.s, 'B1').figures.every((f) => f.alive), true, 'not wiped out yet');
  assert.deepEqual(fastAndDirty.defaultAction(lost.s, d), lucky(0));
  const re = act(lost.s, lucky(0), faces(6));
  assert.deepEqual(evOf(re.events, 'overrun'), [{ unit: 'B1', by: 'A1', revenge: 1 }]);
  assert.equal(unitOf(re.s, 'A1').figures.filter((f) => !f.alive).length, 1);
  assert.equal(unitOf(re.s, 'B1').figures.some((f) => f.alive), false);
  assert.equal(evOf(re.events, 'assault_result').length, 0);
  noLeak(r, lost, re);
});

test('#72 Lucky, save as a target: the target\'s failed save die against a hit may be re-rolled by its owner before the damage; the shot resumes at that hit (§2.7, §2.6 Save)', () => {
  const mk = (name: string) => craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 5), at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: { ...luckySquad(5), traits: ['save'] }, at: row(1000, 1600, 5) },
  ] });
  // A1 (no Lucky trooper) rolls 6 and 1: FE 8, two hits. Hit 1: B1's save die 1 (5+ saves).
  const r = act(mk('lo-save'), shootAt('B1'), faces(6, 1, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 1, 'reaction']);
  const hit1 = (d.exposes as { figure: string }).figure;
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'save', faces: [1], target: 5, shooter: 'A1', figure: hit1 });
  assert.equal(evOf(r.events, 'shot')[0].hits, 2);
  assert.equal(evOf(r.events, 'damage').length + evOf(r.events, 'saved').length, 0, 'nothing of the hit is applied yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null), 'a hit\'s die: kept by default');
  assert.equal(code(fastAndDirty.apply(r.s, { kind: 'answer', seat: 0, decision: d.key, action: lucky(0) }, { seq: 1, rng: null as never })), 'not_your_decision');
  // Re-rolled to a 5: saved. Hit 2: save 1 (the luck spent: no window), damage 6 + 2 against 1 + 1: killed.
  const re = act(r.s, lucky(0), faces(5, 1, 6, 1));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'B1', test: 'save', die: 0, was: 1, now: 5 }]);
  assert.deepEqual(evOf(re.events, 'saved'), [{ unit: 'B1', figure: hit1 }]);
  assert.deepEqual(evOf(re.events, 'damage').map((x) => x.killed), [true]);
  assert.equal(unitOf(re.s, 'B1').luckyUsed, true);
  assert.equal(evOf(re.events, 'shot').length, 0, 'the shot is not fired again');
  assert.equal(re.s.phase, 'activate');
  // Kept: hit 1's damage (1 + 2 against 6 + 1: no effect); hit 2's failed save asks again.
  const keep = act(r.s, lucky(null), faces(1, 6, 1));
  assert.deepEqual(evOf(keep.events, 'damage').map((x) => x.killed), [false]);
  assert.equal((decision(keep.s).exposes as { test: string }).test, 'save');
  noLeak(r, re, keep);
});

test('#72 Lucky, defence die as a target: once the shooter\'s attack die is settled, the target\'s owner may re-roll its defence die when that could spare the figure (§2.7, §6.5)', () => {
  // Both squads have a Lucky trooper. A1 rolls 6 and 1: FE 8, two hits. Hit 1: attack 1 + 2 = 3 against defence 3 + 1 = 4:
  // A1's damage window first (a 6 would kill).
  const s = range('lo-def');
  unitOf(s, 'B1').figures[4].personalities = ['lucky'];
  const r = act(s, shootAt('B1'), faces(6, 1, 1, 3));
  assert.deepEqual([decision(r.s).seat, (decision(r.s).exposes as { test: string }).test], [0, 'damage']);
  // Re-rolled to a 4: 6 against 4 kills; now B1's defence die (a 6 would give 7 against 6: spared).
  const a = act(r.s, lucky(0), faces(4));
  const d = decision(a.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 1, 'reaction']);
  const hit1 = (d.exposes as { figure: string }).figure;
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'defence', faces: [3], target: null, shooter: 'A1', figure: hit1, attack: 6, defence: 4 });
  assert.equal(evOf(a.events, 'damage').length, 0, 'the hit is not applied before the target\'s answer');
  assert.deepEqual(fastAndDirty.defaultAction(a.s, d), lucky(null));
  // B1 re-rolls to a 6: 6 against 7, spared. Hit 2: attack 6 + 2 against 1 + 1 (both lucks spent): killed.
  const b = act(a.s, lucky(0), faces(6, 6, 1));
  assert.deepEqual(evOf(b.events, 'lucky_reroll'), [{ unit: 'B1', test: 'defence', die: 0, was: 3, now: 6 }]);
  assert.deepEqual(evOf(b.events, 'damage').map((x) => [x.figure, x.attack, x.defence, x.killed]), [[hit1, 6, 7, false], [evOf(b.events, 'damage')[1].figure, 8, 2, true]]);
  assert.equal(evOf(b.events, 'dice_rolled').filter((x) => x.purpose === 'damage_attack').length, 1, 'hit 1\'s attack die is not rolled again');
  assert.equal(b.s.phase, 'activate');
  // No window when no defence die could spare the figure (attack 6 + 2 = 8 against at most 6 + 1).
  const sure = range('lo-def-sure');
  unitOf(sure, 'B1').figures[4].personalities = ['lucky'];
  unitOf(sure, 'A1').luckyUsed = true;
  const k = act(sure, shootAt('B1'), faces(6, 1, 6, 1, 6, 1));
  assert.equal(evOf(k.events, 'lucky_window').length, 0);
  noLeak(r, a, b);
});

test('#72 Lucky, weapon FE dice with an attached team: the held faces are the squad\'s two dice, the team\'s die, then the weapons\' FE dice; each re-rolled in its place (§2.7, §6.4, §7.9)', () => {
  const spec: UnitSpec = { name: 'Lucky GL', quality: 'regular', resolve: 'steady', figures: [
    { weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }, { weapon: 'grenadeLauncher', armour: 'light', support: true },
  ] };
  const s = craft({ name: 'lo-wfe-team', active: 'A1', units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 4) },
    { id: 'T1', side: 0, spec: { name: 'HMG team', kind: 'weaponTeam', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'heavyMG', armour: 'light', count: 3 }] }, at: row(1000, 300, 3, 150) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
  attachTeam(s, unitOf(s, 'A1'), unitOf(s, 'T1'));
  // Fire dice 1, 1, team die 1, launcher die 1: the two highest 1 + 1, + Regular 1, + HMG 2 + 3 rifles 1 + launcher 1 = 7, two hits.
  const r = act(s, shootAt('B1'), faces(1, 1, 1, 1));
  assert.deepEqual(decision(r.s).exposes, { unit: 'A1', test: 'fire', faces: [1, 1, 1, 1], target: null, fe: 7, hits: 2 });
  // The launcher's die (index 3) to a 6: weapon FE 2 + 1 + 6 = 9, FE 1 + 1 + 1 + 9 = 12, four hits.
  const re = act(r.s, lucky(3), faces(6, 1, 6, 1, 6, 1, 6, 1, 6));
  const shot = evOf(re.events, 'shot')[0];
  assert.deepEqual([shot.weaponFe, shot.fe, shot.hits], [9, 12, 4]);
  // The team's die (index 2) to a 6 instead: 6 + 1, + 1 + 4 = 12 as well, the launcher's die staying 1.
  const team = act(r.s, lucky(2), faces(6, 1, 6, 1, 6, 1, 6, 1, 6));
  assert.deepEqual([evOf(team.events, 'shot')[0].weaponFe, evOf(team.events, 'shot')[0].fe], [4, 12]);
});

test('#72 Lucky, defensive free shot: the defender\'s owner may re-roll its free shot\'s fire dice before the charge goes in; the chargers\' defence dice against it are theirs (§2.7, §6.10 step 2)', () => {
  // B1's free shot 1, 1: FE 2, no hit; a 6 would give 7, two hits. Nothing has moved or been hit yet.
  const w = act(melee('lo-free'), charge, faces(1, 1));
  const d = decision(w.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'fire', faces: [1, 1], target: null, fe: 2, hits: 0 });
  assert.deepEqual(fastAndDirty.defaultAction(w.s, d), lucky(0), 'no hit: the default re-rolls');
  assert.equal(evOf(w.events, 'shot').length + evOf(w.events, 'moved').length, 0);
  assert.deepEqual(unitOf(w.s, 'A1').figures[0].at, [1000, 500]);
  // Re-rolled to a 6: two hits on A1 (8 against 2, twice: killed; a 6 could not spare them, so A1 is not asked).
  // Then the charge: A1 (3 left) 6 + 3 = 9 against B1 6: A1 wins; kill dice 3, 3, 3 (all three) and 1, 1, 1.
  const re = act(w.s, lucky(1), faces(6, 6, 1, 6, 1, 6, 6, 6, 6, 3, 3, 3, 1, 1, 1));
  const shot = evOf(re.events, 'shot')[0];
  assert.deepEqual([shot.unit, shot.defensive, shot.fe, shot.hits], ['B1', true, 7, 2]);
  assert.deepEqual(evOf(re.events, 'damage').map((x) => x.killed), [true, true]);
  assert.equal(evOf(re.events, 'moved').length, 1, 'the charge goes in once');
  assert.equal(evOf(re.events, 'assault_declared').length, 0, 'the assault is not declared again');
  assert.equal(evOf(re.events, 'assault_result')[0].outcome, 'attacker');
  assert.equal(unitOf(re.s, 'A1').underFire, false, 'no Under Fire from the free shot');
  // The chargers' own defence die against the free shot: B1's luck spent, its 6 and 1 give two hits; hit 1 1 + 2 = 3
  // against A1's 1 + 1 = 2 (a 6 would spare the figure): A1's owner is asked, in its own order.
  const spent = melee('lo-free-def');
  unitOf(spent, 'B1').luckyUsed = true;
  const a = act(spent, charge, faces(6, 1, 1, 1));
  const da = decision(a.s);
  assert.deepEqual([da.seat, da.timing], [0, 'turn']);
  assert.deepEqual({ ...da.exposes as object, figure: null }, { unit: 'A1', test: 'defence', faces: [1], target: null, shooter: 'B1', figure: null, attack: 3, defence: 2 });
  const spared = act(a.s, lucky(0), faces(6, 1, 6, 6, 6, 6, 6, 3, 3, 3, 3, 3, 1, 1, 1));
  assert.deepEqual(evOf(spared.events, 'damage').map((x) => x.killed), [false, false]);
  assert.equal(evOf(spared.events, 'moved').length, 1);
  noLeak(w, re, a, spared);
});

test('#72 Lucky, fire at a bunker: the fire dice when another hit could follow, then each penetration die a 6 would turn into a penetration (§2.7, §6.6)', () => {
  // A1: a Lucky rifleman and an AMAW (AT 4) 8.5" from a Light bunker (Armour Value 7) holding B1: FE = the higher die + Regular 1; 5 a hit.
  const bunker: Feature = { id: 'bunker', kind: 'area', points: [[800, 1400], [1400, 1400], [1400, 1800], [800, 1800]], move: 'difficult', cover: 'hard', los: 'clear', height: 0, fortification: 'bunkerL', status: 'intact' };
  const mk = (name: string) => craft({ name, active: 'A1', terrain: [bunker], units: [
    { id: 'A1', side: 0, spec: { name: 'Lucky AT', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }, { weapon: 'amaw', armour: 'light', support: true }] }, at: row(1000, 550, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: row(1000, 1600, 2) },
  ] });
  const atBunker: Action = { type: 'engage', moves: [], target: null, fireFirst: true, bunker: 'bunker' };
  // 3 and 1: FE 4, no hit; a 6 would give 7, one hit.
  const r = act(mk('lo-bunker'), atBunker, faces(3, 1));
  assert.deepEqual(decision(r.s).exposes, { unit: 'A1', test: 'fire', faces: [3, 1], target: null, fe: 4, hits: 0 });
  assert.equal(evOf(r.events, 'bunker_shot').length, 0);
  // Re-rolled to a 6: one hit; 3 + 4 = 7 penetrates (the luck spent); the occupants roll 2 and 3.
  const re = act(r.s, lucky(1), faces(6, 3, 2, 3));
  assert.deepEqual([evOf(re.events, 'bunker_shot')[0].fe, evOf(re.events, 'bunker_shot')[0].hits], [7, 1]);
  assert.equal(re.s.terrain[0].status, 'destroyed');
  assert.equal(re.s.phase, 'activate');
  // 6 and 1: one hit; the penetration die 2 (6 against 7) asks; re-rolled to a 3 it destroys the bunker.
  const p = act(mk('lo-bunker-pen'), atBunker, faces(6, 1, 2));
  assert.deepEqual(decision(p.s).exposes, { unit: 'A1', test: 'penetration', faces: [2], target: null, total: 6, armour: 7 });
  assert.equal(evOf(p.events, 'bunker_shot')[0].hits, 1);
  assert.equal(evOf(p.events, 'penetration').length, 0);
  const pen = act(p.s, lucky(0), faces(3, 2, 3));
  assert.deepEqual(evOf(pen.events, 'penetration').map((x) => [x.total, x.penetrated]), [[7, true]]);
  assert.equal(evOf(pen.events, 'bunker_shot').length, 0, 'the shot is not fired again');
  assert.equal(pen.s.terrain[0].status, 'destroyed');
  noLeak(r, re, p, pen);
});

test('#72 Lucky, Intruder\'s test: a failed Quality test may be re-rolled, and a natural 1 re-rolled is no counter-hack; at night the test gets no window, its die being the marker owner\'s to see (§2.7, §2.6 Intruder)', () => {
  const spec: UnitSpec = { name: 'Lucky hackers', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['intruder', 'lucky'] }] };
  const mk = (name: string) => craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) }, { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
  ] });
  const jam: Action = { type: 'command', demolition: null, target: null, intrude: { fig: 'A1.3', jam: 'B1' } };
  // A natural 1 (counter-hacked as it stands): the default re-rolls it.
  const r = act(mk('lo-intrude'), jam, faces(1));
  const d = decision(r.s);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'intrude', faces: [1], target: 3 });
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(0));
  assert.equal(evOf(r.events, 'intrusion').length, 0);
  assert.equal(unitOf(r.s, 'A1').figures[2].hacked, undefined);
  const re = act(r.s, lucky(0), faces(4));
  assert.deepEqual(evOf(re.events, 'intrusion')[0], { unit: 'A1', figure: 'A1.3', die: 4, target: 3, success: true, jam: 'B1' });
  assert.equal(unitOf(re.s, 'B1').jammed, true);
  assert.equal(unitOf(re.s, 'A1').figures[2].hacked, undefined, 'the 1 was re-rolled: no counter-hack');
  assert.equal(re.s.phase, 'activate');
  // A plain failure (2) is kept by default; kept, it stands.
  const two = act(mk('lo-intrude-2'), jam, faces(2));
  assert.deepEqual(fastAndDirty.defaultAction(two.s, decision(two.s)), lucky(null));
  assert.equal(evOf(act(two.s, lucky(null)).events, 'intrusion')[0].success, false);
  noLeak(r, re, two);
  // At night, at a marker named by id: the die goes to the marker's owner only, so no window opens for the Intruder's side.
  const wall: Feature = { id: 'wall', kind: 'area', points: [[500, 900], [1600, 900], [1600, 1000], [500, 1000]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };
  const n = craft({ name: 'lo-intrude-night', active: 'A1', terrain: [wall], options: { hiddenMovement: true, night: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) }, { id: 'B3', side: 1, spec, at: row(1000, 2300, 3) },
  ] });
  delete n.dummiesDue;
  const h = act(n, { type: 'hide' }).s;
  Object.assign(h, { phase: 'order', active: 'B3', toAct: 1 });
  h.step++;
  const night = act(h, { type: 'command', demolition: null, target: null, intrude: { fig: 'B3.3', marker: { id: 'm2' } } }, faces(2));
  assert.equal(evOf(night.events, 'lucky_window').length, 0);
  assert.equal(unitOf(night.s, 'B3').luckyUsed, undefined);
  assert.equal(eventsFor(night.events, 1, false).some((e) => e.type === 'intrusion' && 'die' in (e.data as object)), false, 'the Intruder\'s side never sees the die');
  assert.equal((eventsFor(night.events, 0, false).find((e) => e.type === 'intrusion')!.data as { die: number }).die, 2, 'the marker\'s owner does');
});

test('#72 Lucky, demolition: the charges\' rig or detonation dice may be re-rolled when another success could change the result (§2.7, §7.5)', () => {
  const station: Feature = { id: 'relay', kind: 'structure', points: [[2200, 2000], [2600, 2000], [2600, 2400], [2200, 2400]], move: 'impassable', cover: 'hard', los: 'block', height: 400, status: 'intact' };
  const s = craft({ name: 'lo-demo', active: 'A1', terrain: [station], victory: { kind: 'demolition', attacker: 0, target: 'relay' }, units: [
    { id: 'A1', side: 0, spec: { ...luckySquad(2), demolition: { charges: 1 } }, at: [[2300, 1950], [2520, 1950]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: row(500, 4500, 2) },
  ] });
  unitOf(s, 'B1').activated = true;
  const rig: Action = { type: 'command', demolition: { act: 'rig', fig: 'A1.1' }, target: null };
  // 3 and 1 against Regular 3+: one success (pending); a 6 would rig them.
  const r = act(s, rig, faces(3, 1));
  const d = decision(r.s);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'demolition', faces: [3, 1], target: 3, successes: 1 });
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null), 'one success: kept by default');
  assert.equal(evOf(r.events, 'charges').length, 0);
  const re = act(r.s, lucky(1), faces(5));
  assert.deepEqual(evOf(re.events, 'charges').map((x) => [x.successes, x.rigged]), [[2, 'yes']]);
  assert.equal(unitOf(re.s, 'A1').demolition?.rigged, 'yes');
  // No success at all: the default re-rolls the first failed die; two successes ask nothing.
  assert.deepEqual(fastAndDirty.defaultAction(act(s, rig, faces(1, 2)).s, decision(act(s, rig, faces(1, 2)).s)), lucky(0));
  assert.equal(evOf(act(s, rig, faces(3, 4)).events, 'lucky_window').length, 0);
  noLeak(r, re);
});

test('#72 Lucky, crossfire as a target: the target\'s failed crossfire test may be re-rolled by its owner before it is pinned (§2.7, §7.19)', () => {
  // B1 (Conscript, 4+, a Lucky trooper) fired on by A1 from the south, then by A2 from the north: the crossfire test.
  const s = craft({ name: 'lo-cross', active: 'A1', options: { crossfires: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(2200, 1600, 3) },
    { id: 'A2', side: 0, spec: squad('regular', 3), at: row(2200, 3200, 3) },
    { id: 'B1', side: 1, spec: luckySquad(3, ['lucky'], 'conscript'), at: row(2200, 2400, 3) },
  ] });
  s.options.crossfires = true;
  // Each volley: 1 and 1, one hit, 1 + 2 against 6 + 1 (a defence die of 6: nothing to ask).
  const miss = faces(1, 1, 1, 6);
  const a = act(s, shootAt('B1'), miss);
  const b = act(act(a.s, { type: 'activate', unit: 'B1' }).s, hold).s;
  const c = act(b, { type: 'activate', unit: 'A2' }).s;
  const r = act(c, shootAt('B1'), [...miss, ...faces(3)]);
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'crossfire', faces: [3], target: 4 });
  assert.equal(evOf(r.events, 'crossfire').length, 0);
  assert.notEqual(unitOf(r.s, 'B1').pinned, true);
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null));
  const re = act(r.s, lucky(0), faces(5));
  assert.deepEqual(evOf(re.events, 'crossfire').map((x) => x.passed), [true]);
  assert.notEqual(unitOf(re.s, 'B1').pinned, true);
  assert.equal(evOf(re.events, 'shot').length, 0, 'the shot is not fired again');
  assert.equal(re.s.luckyOrder, null);
  assert.equal(evOf(re.events, 'turn_ended').length, 1, 'A2\'s order, the turn\'s last, ended');
  const keep = act(r.s, lucky(null));
  assert.equal(unitOf(keep.s, 'B1').pinned, true);
  noLeak(r, re, keep);
});

test('#72 Lucky, future shock as a target: a Primitive unit\'s failed future shock test may be re-rolled by its owner (§2.7, §2.6 Primitive)', () => {
  const s = craft({ name: 'lo-shock', active: 'B1', units: [
    { id: 'A1', side: 0, spec: { ...luckySquad(3), traits: ['primitive'] }, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
  // B1: 1 and 1, one hit, 1 + 2 against 6 + 1; A1's shock test 1 against 3+.
  const r = act(s, shootAt('A1'), faces(1, 1, 1, 6, 1));
  const d = decision(r.s);
  assert.deepEqual([d.seat, d.timing], [0, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'futureShock', faces: [1], target: 3 });
  assert.equal(evOf(r.events, 'future_shock').length, 0);
  const re = act(r.s, lucky(0), faces(4));
  assert.deepEqual(evOf(re.events, 'future_shock').map((x) => [x.die, x.passed]), [[4, true]]);
  assert.notEqual(unitOf(re.s, 'A1').pinned, true);
  assert.equal(unitOf(re.s, 'B1').activated, true);
  const keep = act(r.s, lucky(null));
  assert.equal(unitOf(keep.s, 'A1').pinned, true);
  noLeak(r, re, keep);
});
