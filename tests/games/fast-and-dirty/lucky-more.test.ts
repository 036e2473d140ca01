// Checklist item #72, personality Lucky (§2.7, source p.35), the windows added after ruleset 0.3.1
// (issue #17 leftovers): the rolls of the same mechanism as lucky-orders.test.ts (the order pauses
// at the window, nothing applied before the answer, the step that rolled resumes with the kept or
// re-rolled dice), here for a vehicle's fire at a Lucky unit, and the readings where a roll is not
// the unit's own and gets no window. Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, seats, shootAt, unitOf, vehicleScene, noLeak } from './helpers.js';
import { newDeck } from '../../../src/engine/mech/deck.js';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { randomPlayout } from '../../../src/engine/playout.js';
import type { GameEvent } from '../../../src/engine/types.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { attach } from '../../../src/games/fast-and-dirty/rules/characters.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';

/** A Regular squad of `n` assault rifles, its last trooper Lucky, with these traits. */
const luckySquad = (n = 5, traits: string[] = []): UnitSpec => ({
  name: 'Lucky', quality: 'regular', resolve: 'steady', ...(traits.length ? { traits } : {}),
  figures: [{ weapon: 'assaultRifle', armour: 'light', count: n - 1 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }],
});
const lucky = (die: number | null): Action => ({ type: 'lucky', die });

// ---------------------------------------------------------------- 1. a vehicle's fire

/**
 * Light tank T (side 0, Regular, facing +y) 8" south of B1 (5 Regulars, the fifth Lucky; `traits`).
 * Its hull GPMG (system 1) at B1: FE = 1D6 + close 0 + Regular 1 + the GPMG's FE 3, 3 points a hit.
 */
function tankAt(name: string, traits: string[] = []): S {
  const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 0, [2000, 1000]);
  t.vehicle!.heading = 0;
  return vehicleScene(name, { squads: [{ id: 'B1', side: 1, spec: luckySquad(5, traits), at: row(1600, 2000, 5) }], vehicles: [t], active: 'T' });
}
const mg = (o: Partial<Extract<Action, { type: 'drive' }>> = {}): Action => ({ type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [{ weapon: 1, target: 'B1' }], ...o });

test('#72 Lucky, a vehicle\'s fire at a Lucky unit: the target\'s failed save die may be re-rolled by its owner; the Drive order resumes at that shot, not firing it again (§2.7, §6.4)', () => {
  // 6: FE 10, three hits. Hit 1: B1's save die 1 (5+ saves): its owner's window, before the damage.
  const r = act(tankAt('lm-veh-save', ['save']), mg(), faces(6, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 1, 'reaction']);
  const hit1 = (d.exposes as { figure: string }).figure;
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'save', faces: [1], target: 5, shooter: 'T', figure: hit1 });
  assert.equal(evOf(r.events, 'shot')[0].hits, 3);
  assert.equal(evOf(r.events, 'damage').length + evOf(r.events, 'saved').length, 0, 'nothing of the hit is applied yet');
  assert.equal(unitOf(r.s, 'T').activated, false, 'the order waits');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null), 'a hit\'s die: kept by default');
  // Re-rolled to a 5: saved. Hits 2 and 3: saves 6 and 6. The order ends, the shot not fired again.
  const re = act(r.s, lucky(0), faces(5, 6, 6));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'B1', test: 'save', die: 0, was: 1, now: 5 }]);
  assert.equal(evOf(re.events, 'saved').length, 3);
  assert.equal(evOf(re.events, 'shot').length, 0, 'the shot is not fired again');
  assert.equal(unitOf(re.s, 'B1').luckyUsed, true);
  assert.equal(unitOf(re.s, 'T').activated, true);
  assert.equal(re.s.phase, 'activate');
  assert.equal(re.s.luckyOrder, null);
  noLeak(r, re);
});

test('#72 Lucky, a vehicle\'s fire before its move: the target\'s defence die window pauses the order before the move; the move follows the answer once (§2.7, §6.5, §5.3)', () => {
  // Fire first, then a cautious move 1" north. 4: FE 8, two hits. Hit 1: attack 3 + 2 (GPMG) = 5 against
  // defence 3 + 1 = 4: killed; a 6 on the defence die would spare the figure.
  const s = tankAt('lm-veh-def');
  const r = act(s, mg({ speed: 'cautious', path: [[2000, 1100]], fireFirst: true }), faces(4, 3, 3));
  const d = decision(r.s);
  assert.deepEqual([d.seat, d.timing], [1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'defence', faces: [3], target: null, shooter: 'T', figure: (d.exposes as { figure: string }).figure, attack: 5, defence: 4 });
  assert.equal(evOf(r.events, 'moved').length, 0, 'the move waits for the answer');
  assert.equal(evOf(r.events, 'damage').length, 0);
  // Re-rolled to a 6: 5 against 7, spared. Hit 2: attack 6 + 2 against 1 + 1: killed. Then the move, once.
  const re = act(r.s, lucky(0), faces(6, 6, 1));
  assert.deepEqual(evOf(re.events, 'damage').map((x) => [x.attack, x.defence, x.killed]), [[5, 7, false], [8, 2, true]]);
  assert.equal(evOf(re.events, 'moved').length, 1);
  assert.deepEqual(unitOf(re.s, 'T').figures[0].at, [2000, 1100]);
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});

test('#72 Lucky, a vehicle\'s fire after its move with two systems: a window on the first shot resumes at that shot; the second system then fires as usual (§2.7, §6.4)', () => {
  // T's main gun (system 0) and GPMG (system 1), both at B1 after a 1" move (Improved fire control: one of each).
  const r = act(tankAt('lm-veh-two', ['save']), mg({ speed: 'cautious', path: [[2000, 1100]], fire: [{ weapon: 1, target: 'B1' }, { weapon: 0, target: 'B1' }] }), faces(3, 1));
  assert.equal(evOf(r.events, 'moved').length, 1, 'the move comes first');
  assert.equal((decision(r.s).exposes as { test: string }).test, 'save');
  // Kept: hit 1's damage (8 against 2), hit 2 saved; then the main gun's shot (6: two hits, both saved).
  const keep = act(r.s, lucky(null), faces(6, 1, 6, 6, 6, 6, 6, 6, 6));
  assert.equal(evOf(keep.events, 'moved').length, 0, 'not moved again');
  assert.deepEqual(evOf(keep.events, 'shot').map((x) => x.firers), [['T.1']], 'the second system fires');
  noLeak(r, keep);
});

test('#72 Lucky reading, a vehicle\'s own rolls: a vehicle carries no personality, so neither its fire dice nor its penetration dice open a window (§2.7 p.35: "members of a squad")', () => {
  // B1 (no Lucky) under fire: T's 1 could become a 6, yet no window.
  const s = tankAt('lm-veh-own');
  unitOf(s, 'B1').figures[4].personalities = [];
  const r = act(s, mg(), faces(1, 6, 6, 6, 6, 6, 6));
  assert.equal(evOf(r.events, 'lucky_window').length, 0);
  assert.equal(r.s.phase, 'activate');
});

// ---------------------------------------------------------------- 2. a Hero's shot

/** A1 (4 Regulars, the fourth Lucky) with the Hero C1 attached, awaiting its order; B1 (6 Regulars) 10" north. */
function withHero(name: string): S {
  const hero: UnitSpec = { name: 'C', kind: 'character', leadership: 'novice', branch: 'cavalry', quality: 'regular', resolve: 'steady', traits: ['hero'], figures: [{ weapon: 'assaultRifle', armour: 'light' }] };
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: luckySquad(4), at: row(1000, 500, 4) },
    { id: 'C1', side: 0, spec: hero, at: [[1000, 720]] },
    { id: 'B1', side: 1, spec: luckySquad(6), at: row(600, 1500, 6) },
  ] });
  unitOf(s, 'B1').figures[5].personalities = [];
  attach(s, new Run(null), unitOf(s, 'A1'), 'C1');
  return s;
}

test('#72 Lucky, a Hero\'s shot: his own fire die may be re-rolled by his host squad\'s Lucky trooper; the order resumes at his shot, the squad\'s shot not fired again (§2.7, §2.6 Hero)', () => {
  // The squad: 6 and 1, two hits, both kill (6 + 2 against 3 + 1). The Hero's 1D6: 3, FE 3, one hit; a 6 would give two.
  const r = act(withHero('lm-hero-fire'), shootAt('B1'), faces(6, 1, 6, 3, 6, 3, 3));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'turn']);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'fire', faces: [3], target: null, fe: 3, hits: 1, hero: 'C1' });
  assert.deepEqual(evOf(r.events, 'shot').map((x) => x.unit), ['A1'], 'the Hero\'s shot is not applied yet');
  assert.equal(evOf(r.events, 'character_killed').length, 0, 'the squad\'s casualties on B1 do not touch the Hero standing aside');
  assert.equal(unitOf(r.s, 'C1').attachedTo, 'A1');
  // Re-rolled to a 6: FE 6, two hits (6 + 2 against 1 + 1 twice).
  const re = act(r.s, lucky(0), faces(6, 6, 1, 6, 1));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'A1', test: 'fire', die: 0, was: 3, now: 6 }]);
  assert.deepEqual(evOf(re.events, 'shot').map((x) => [x.unit, x.fe, x.hits]), [['C1', 6, 2]], 'only the Hero\'s shot, with the settled die');
  assert.deepEqual(evOf(re.events, 'damage').map((x) => x.killed), [true, true]);
  assert.equal(unitOf(re.s, 'A1').luckyUsed, true);
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});

test('#72 Lucky, a Hero\'s shot: a damage die of his hits may be re-rolled with his host\'s luck; the volley resumes at that hit (§2.7, §6.5)', () => {
  // The squad: 6 and 1, two kills. The Hero: 6, FE 6, two hits (a 6 kept: no fire window). Hit 1: 1 + 2 = 3 against 3 + 1.
  const r = act(withHero('lm-hero-dmg'), shootAt('B1'), faces(6, 1, 6, 3, 6, 3, 6, 1, 3));
  const d = decision(r.s);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'damage', faces: [1], target: null, attack: 3, defence: 4 });
  assert.deepEqual(evOf(r.events, 'shot').map((x) => x.unit), ['A1', 'C1']);
  // Re-rolled to a 5: 7 against 4 kills; hit 2 (6 + 2 against 1 + 1) too. Nothing fired again.
  const re = act(r.s, lucky(0), faces(5, 6, 1));
  assert.deepEqual(evOf(re.events, 'damage').map((x) => [x.attack, x.defence, x.killed]), [[7, 4, true], [8, 2, true]]);
  assert.equal(evOf(re.events, 'shot').length, 0);
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});

// ---------------------------------------------------------------- 3-4. a sniper's aimed shot

/** Sniper A1 (Regular, sniper rifle damage 3; `luckySniper`: Lucky) 10" south of B1 (3 Regulars; the third Lucky when `luckyTarget`, `traits`). */
function snipe(name: string, o: { luckySniper?: boolean; luckyTarget?: boolean; traits?: string[] } = {}): S {
  const sniper: UnitSpec = { name: 'Sniper', kind: 'sniper', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'sniperRifle', armour: 'light', ...(o.luckySniper ? { personalities: ['lucky'] } : {}) }] };
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: sniper, at: [[1000, 500]] },
    { id: 'B1', side: 1, spec: luckySquad(3, o.traits), at: row(1000, 1500, 3) },
  ] });
  if (!o.luckyTarget) unitOf(s, 'B1').figures[2].personalities = [];
  return s;
}
const aim: Action = { type: 'engage', moves: [], target: 'B1', fireFirst: true, aimed: 'B1.2' };

test('#72 Lucky, a sniper\'s damage die: after an aimed shot hits, the sniper\'s owner may re-roll its damage die when that could wound or kill; the shot resumes at the hit (§2.7, §7.27)', () => {
  // Aim 4 (Regular 3+): a hit on B1.2. Damage 1 + 3 = 4 against 4 + 1 = 5: a 6 would kill.
  const r = act(snipe('lm-snipe-dmg', { luckySniper: true }), aim, faces(4, 1, 4));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'turn']);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'damage', faces: [1], target: null, attack: 4, defence: 5 });
  assert.equal(evOf(r.events, 'aimed_shot')[0].hit, true);
  assert.equal(evOf(r.events, 'damage').length, 0, 'nothing of the hit is applied yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null));
  // Re-rolled to a 3: 6 against 5 kills B1.2; the aim die is not rolled again.
  const re = act(r.s, lucky(0), faces(3));
  assert.deepEqual(evOf(re.events, 'damage').map((x) => [x.figure, x.attack, x.defence, x.killed]), [['B1.2', 6, 5, true]]);
  assert.equal(evOf(re.events, 'aimed_shot').length, 0);
  assert.equal(unitOf(re.s, 'B1').figures[1].alive, false);
  assert.equal(re.s.phase, 'activate');
  // Kept: no effect, the luck unspent.
  const keep = act(r.s, lucky(null), []);
  assert.deepEqual(evOf(keep.events, 'damage').map((x) => x.killed), [false]);
  assert.equal(unitOf(keep.s, 'A1').luckyUsed, undefined);
  noLeak(r, re, keep);
});

test('#72 Lucky, save against an aimed shot: the target\'s failed save die may be re-rolled by its owner before the damage (§2.7, §2.6 Save, §7.27)', () => {
  const r = act(snipe('lm-snipe-save', { luckyTarget: true, traits: ['save'] }), aim, faces(4, 2));
  const d = decision(r.s);
  assert.deepEqual([d.seat, d.timing], [1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'save', faces: [2], target: 5, shooter: 'A1', figure: 'B1.2' });
  assert.equal(evOf(r.events, 'damage').length + evOf(r.events, 'saved').length, 0);
  const re = act(r.s, lucky(0), faces(6));
  assert.deepEqual(evOf(re.events, 'saved'), [{ unit: 'B1', figure: 'B1.2' }]);
  assert.equal(evOf(re.events, 'damage').length, 0);
  assert.equal(re.s.phase, 'activate');
  // Kept: the damage follows (6 + 3 against 1 + 1 kills).
  const keep = act(r.s, lucky(null), faces(6, 1));
  assert.deepEqual(evOf(keep.events, 'damage').map((x) => x.killed), [true]);
  noLeak(r, re, keep);
});

test('#72 Lucky, defence die against an aimed shot: once the sniper\'s die is settled, the target\'s owner may re-roll its defence die when that could spare the figure (§2.7, §6.5, §7.27)', () => {
  // Both Lucky. Damage 1 + 3 = 4 against 3 + 1: kills; no sniper window (nothing better), the target's defence window.
  const r = act(snipe('lm-snipe-def', { luckySniper: true, luckyTarget: true }), aim, faces(4, 1, 3));
  const d = decision(r.s);
  assert.deepEqual([d.seat, d.timing], [1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'defence', faces: [3], target: null, shooter: 'A1', figure: 'B1.2', attack: 4, defence: 4 });
  const re = act(r.s, lucky(0), faces(5));
  assert.deepEqual(evOf(re.events, 'damage').map((x) => [x.attack, x.defence, x.killed]), [[4, 6, false]]);
  assert.equal(evOf(re.events, 'dice_rolled').filter((x) => x.purpose === 'damage_attack').length, 0, 'the sniper\'s die is not rolled again');
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});

// ---------------------------------------------------------------- 4. saves against blasts

/** A1 (Regulars: 4 rifles, a missile rack: blast 2", FE 0, damage 2; no Lucky trooper) on y = 5"; B1 (2 Regulars, the second Lucky; `traits`) around the point [1500, 2000]. */
function blastAtLucky(name: string, traits: string[] = []): S {
  const spec: UnitSpec = { name: 'MR', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 4 }, { weapon: 'missileRack', armour: 'light', support: true }] };
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: luckySquad(2, traits), at: [[1400, 2000], [1600, 2000]] },
  ] });
}
const blastOrder: Action = { type: 'engage', moves: [], target: null, fireFirst: true, blast: { fig: 'A1.5', at: [1500, 2000] } };

test('#72 Lucky, save against a blast: a struck unit\'s failed save die may be re-rolled by its owner; the blast resumes at that hit, its Strike Effect not taken again (§2.7, §2.6 Save, §6.7)', () => {
  // Ranging 4 (on target). B1's Strike Effect 6 + 1 = 7: two hits. Hit 1: save 1.
  const r = act(blastAtLucky('lm-blast-save', ['save']), blastOrder, faces(4, 6, 1, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 1, 'reaction']);
  const hit1 = (d.exposes as { figure: string }).figure;
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'save', faces: [1], target: 5, shooter: 'A1', figure: hit1 });
  assert.deepEqual(evOf(r.events, 'strike_effect').map((x) => [x.unit, x.strike, x.hits]), [['B1', 7, 2]]);
  assert.equal(evOf(r.events, 'damage').length + evOf(r.events, 'saved').length, 0, 'nothing of the hit is applied yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null));
  // Re-rolled to a 5: saved. Hit 2: save 2 (the luck spent), damage 6 + 2 against 1 + 1: killed.
  const re = act(r.s, lucky(0), faces(5, 2, 6, 1));
  assert.deepEqual(evOf(re.events, 'saved'), [{ unit: 'B1', figure: hit1 }]);
  assert.deepEqual(evOf(re.events, 'damage').map((x) => x.killed), [true]);
  assert.equal(evOf(re.events, 'strike_effect').length + evOf(re.events, 'blast').length, 0, 'neither the blast nor the Strike Effect again');
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.phase, 'activate');
  // Kept: hit 1's damage (1 + 2 against 6 + 1: no effect); hit 2's failed save asks again.
  const keep = act(r.s, lucky(null), faces(1, 6, 1));
  assert.deepEqual(evOf(keep.events, 'damage').map((x) => x.killed), [false]);
  assert.equal((decision(keep.s).exposes as { test: string }).test, 'save');
  noLeak(r, re, keep);
});

test('#72 Lucky, defence die against a blast: the struck unit\'s owner may re-roll its defence die when that could spare the figure (§2.7, §6.5, §6.7)', () => {
  // On target; Strike Effect 7, two hits. Hit 1: attack 3 + 2 = 5 against 3 + 1 = 4: killed; a 6 would spare it.
  const r = act(blastAtLucky('lm-blast-def'), blastOrder, faces(4, 6, 1, 3, 3));
  const d = decision(r.s);
  assert.deepEqual([d.seat, d.timing], [1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'defence', faces: [3], target: null, shooter: 'A1', figure: (d.exposes as { figure: string }).figure, attack: 5, defence: 4 });
  // Re-rolled to a 6: spared. Hit 2: 6 + 2 against 1 + 1: killed.
  const re = act(r.s, lucky(0), faces(6, 6, 1));
  assert.deepEqual(evOf(re.events, 'damage').map((x) => [x.attack, x.defence, x.killed]), [[5, 7, false], [8, 2, true]]);
  assert.equal(evOf(re.events, 'dice_rolled').filter((x) => x.purpose === 'damage_attack').length, 1, 'hit 1\'s damage die is not rolled again');
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});

// ---------------------------------------------------------------- 4. saves against mines

/** A1 (3 Regulars, the third Lucky; `traits`) walks 3" north toward side 1's real anti-personnel field (marker 2 at 20", 20"), as in mines.test.ts. */
function minedWalk(name: string, traits: string[] = []): S {
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: luckySquad(3, traits), at: row(1800, 1300, 3) },
    { id: 'B1', side: 1, spec: luckySquad(1), at: [[4500, 4500]] },
  ] });
  s.minefields = [{ id: 'M1', owner: 1, markers: [{ n: 1, at: [1000, 2000] }, { n: 2, at: [2000, 2000] }, { n: 3, at: [3000, 2000] }], real: 2, mine: 'ap', revealed: false }];
  return s;
}
const walkNorth: Action = { type: 'engage', moves: [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1800 + i * 220, 1600]] as [number, number][] })), target: null, fireFirst: true };

test('#72 Lucky, save against a mine: the mover\'s failed save die against an anti-personnel field\'s hit may be re-rolled; the order resumes after the encounter, the move not made again (§2.7, §2.6 Save, §7.15)', () => {
  // Check 1: the real field; 1D3 = 1 hit on A1.2. Attack 1 + 3 against defence 1 + 1; save 2.
  const r = act(minedWalk('lm-mine-save', ['save']), walkNorth, faces(1, 2, 1, 1, 2));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'turn']);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'save', faces: [2], target: 5, figure: 'A1.2' });
  assert.equal(evOf(r.events, 'mine_real').length, 1);
  assert.equal(evOf(r.events, 'damage').length + evOf(r.events, 'saved').length, 0, 'nothing of the hit is applied yet');
  assert.equal(unitOf(r.s, 'A1').activated, false);
  // Re-rolled to a 5: saved; the order ends.
  const re = act(r.s, lucky(0), faces(5));
  assert.deepEqual(evOf(re.events, 'saved'), [{ unit: 'A1', figure: 'A1.2' }]);
  assert.equal(evOf(re.events, 'moved').length + evOf(re.events, 'mine_real').length + evOf(re.events, 'mine_check').length, 0, 'neither the move nor the encounter again');
  assert.equal(unitOf(re.s, 'A1').figures[1].alive, true);
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.phase, 'activate');
  // Kept: the save fails; the same hit's defence die (1: 4 against 2) then asks, the luck unspent; kept, killed.
  const keep = act(r.s, lucky(null));
  assert.deepEqual(decision(keep.s).exposes, { unit: 'A1', test: 'defence', faces: [1], target: null, figure: 'A1.2', attack: 4, defence: 2 });
  const dead = act(keep.s, lucky(null));
  assert.deepEqual(evOf(dead.events, 'damage').map((x) => [x.figure, x.killed]), [['A1.2', true]]);
  assert.equal(evOf(dead.events, 'dice_rolled').length, 0, 'no die rolled again');
  noLeak(r, re, keep, dead);
});

test('#72 Lucky, defence die against a mine: the mover\'s defence die may be re-rolled when that could spare the figure; a Rush resumes after the encounter too (§2.7, §6.5, §7.15)', () => {
  // Check 1, one hit on A1.2: 1 + 3 = 4 against 1 + 1 = 2, killed; a 6 would give 7.
  const r = act(minedWalk('lm-mine-def'), walkNorth, faces(1, 2, 1, 1));
  assert.deepEqual(decision(r.s).exposes, { unit: 'A1', test: 'defence', faces: [1], target: null, figure: 'A1.2', attack: 4, defence: 2 });
  const re = act(r.s, lucky(0), faces(6));
  assert.deepEqual(evOf(re.events, 'damage').map((x) => [x.attack, x.defence, x.killed]), [[4, 7, false]]);
  assert.equal(re.s.phase, 'activate');
  const rush: Action = { type: 'rush', moves: (walkNorth as Extract<Action, { type: 'engage' }>).moves };
  const rr = act(minedWalk('lm-mine-rush'), rush, faces(1, 2, 1, 1));
  assert.equal((decision(rr.s).exposes as { test: string }).test, 'defence');
  const rre = act(rr.s, lucky(null));
  assert.deepEqual(evOf(rre.events, 'damage').map((x) => x.killed), [true]);
  assert.equal(evOf(rre.events, 'moved').length, 0);
  assert.equal(unitOf(rre.s, 'A1').activated, true);
  noLeak(r, re, rr, rre);
});

// ---------------------------------------------------------------- 5. the Squad damage option's defence roll

test('#72 Lucky, Squad damage defence roll: once the shooter\'s attack die is settled, the target\'s owner may re-roll the volley\'s one defence die when that could save another hit (§2.7, §6.5 option)', () => {
  const mk = (name: string) => craft({ name, active: 'A1', options: { squadDamage: true }, units: [
    { id: 'A1', side: 0, spec: { ...luckySquad(5), name: 'Plain', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 5 }] }, at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: luckySquad(5), at: row(1000, 1600, 5) },
  ] });
  // A1 (no Lucky) 6 and 1: FE 8, two hits. Attack 3 + 2 = 5 against defence 3 + 1 = 4: both unsaved; a 6 would save both.
  const r = act(mk('lm-sqd'), shootAt('B1'), faces(6, 1, 3, 3));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'defence', faces: [3], target: null, shooter: 'A1', attack: 5, defence: 4, hits: 2, unsaved: 2 });
  assert.equal(evOf(r.events, 'damage').length + evOf(r.events, 'casualty').length, 0);
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null));
  // Re-rolled to a 5: defence 6 against 5 saves one hit; one figure is killed.
  const re = act(r.s, lucky(0), faces(5));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'B1', test: 'defence', die: 0, was: 3, now: 5 }]);
  assert.equal(unitOf(re.s, 'B1').figures.filter((f) => !f.alive).length, 1);
  assert.equal(evOf(re.events, 'dice_rolled').filter((x) => x.purpose === 'damage_attack').length, 0, 'the attack die is not rolled again');
  assert.equal(re.s.phase, 'activate');
  // Kept: both killed.
  const keep = act(r.s, lucky(null));
  assert.equal(unitOf(keep.s, 'B1').figures.filter((f) => !f.alive).length, 2);
  // Under passive damage (a fixed 3) there is no die to re-roll.
  const passive = mk('lm-sqd-passive');
  passive.options.passiveDamage = true;
  assert.equal(act(passive, shootAt('B1'), faces(6, 1, 3)).s.phase, 'activate');
  noLeak(r, re, keep);
});

// ---------------------------------------------------------------- 6. strike timing, accuracy and scatter

/** A2, a Lucky light mortar team (Regular) on y = 5"; B1 (3 Regulars, no Lucky) around [12.2", 20"]; side 0 has an off-board light mortar section A-1; A1 a squad with a Lucky leader. */
function strikes(name: string, active: 'A1' | 'A2'): S {
  const team: UnitSpec = { name: 'Lucky mortar', kind: 'weaponTeam', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'lightMortar', armour: 'light' }, { weapon: 'lightMortar', armour: 'light', personalities: ['lucky'] }] };
  const led: UnitSpec = { name: 'Led', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 1 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }] };
  const s = craft({ name, active, options: { artillery: { 0: ['lightMortar'] } }, units: [
    { id: 'A1', side: 0, spec: led, at: row(1000, 500, 3) },
    { id: 'A2', side: 0, spec: team, at: row(3000, 500, 2, 150) },
    { id: 'B1', side: 1, spec: luckySquad(3), at: row(1000, 2000, 3) },
  ] });
  unitOf(s, 'B1').figures[2].personalities = [];
  return s;
}
const mortarAt: Action = { type: 'engage', moves: [], target: null, fireFirst: true, indirect: [1220, 2000] };

test('#72 Lucky, strike timing: a mortar team\'s timing test that would not arrive may be re-rolled when a 6 would make it arrive; the default re-rolls its first failed die (§2.7, §7.11)', () => {
  // Timing 1, 1, 3: one success (3+), the strike would not arrive.
  const r = act(strikes('lm-timing', 'A2'), mortarAt, faces(1, 1, 3));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'turn']);
  assert.deepEqual(d.exposes, { unit: 'A2', test: 'timing', faces: [1, 1, 3], target: 3, successes: 1 });
  assert.equal(evOf(r.events, 'artillery_timing').length + evOf(r.events, 'artillery_strike').length, 0, 'nothing of the strike is applied yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(0));
  // Re-rolled to a 4: two successes, it arrives; accuracy 3, 3 (on target); B1's Strike Effect 1 + 1 (the luck spent: no window).
  const re = act(r.s, lucky(0), faces(4, 3, 3, 1, 1));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'A2', test: 'timing', die: 0, was: 1, now: 4 }]);
  assert.deepEqual(evOf(re.events, 'artillery_strike').map((x) => x.scatter), [0]);
  assert.equal(evOf(re.events, 'mortar_fire').length, 0, 'the fire is not declared again');
  assert.equal(evOf(re.events, 'dice_rolled').filter((x) => x.purpose === 'artillery_timing').length, 0);
  assert.equal(re.s.phase, 'activate');
  // Kept: garbled, the order ends.
  const keep = act(r.s, lucky(null));
  assert.deepEqual(evOf(keep.events, 'artillery_timing').map((x) => x.result), ['garbled']);
  assert.equal(keep.s.phase, 'activate');
  // No window with no success at all (a 6 would make one, still not enough).
  assert.equal(act(strikes('lm-timing-0', 'A2'), mortarAt, faces(1, 1, 1)).s.phase, 'activate');
  noLeak(r, re, keep);
});

test('#72 Lucky, strike accuracy: a failed accuracy die may be re-rolled (a 6 passes it, no scatter from it); the scatter dice get no window, a 6 there never better (§2.7, §7.11)', () => {
  // Timing 3, 3, 3; accuracy 1, 3: one failed die.
  const r = act(strikes('lm-acc', 'A2'), mortarAt, faces(3, 3, 3, 1, 3));
  const d = decision(r.s);
  assert.deepEqual(d.exposes, { unit: 'A2', test: 'accuracy', faces: [1, 3], target: 3, failed: 1 });
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null), 'a scatter is no outright failure: kept');
  assert.equal(evOf(r.events, 'artillery_strike').length, 0);
  // Re-rolled to a 5: on target, no scatter die.
  const re = act(r.s, lucky(0), faces(5, 1, 1));
  assert.deepEqual(evOf(re.events, 'artillery_strike').map((x) => x.scatter), [0]);
  assert.equal(evOf(re.events, 'dice_rolled').filter((x) => x.purpose === 'artillery_scatter' || x.purpose === 'artillery_timing').length, 0);
  // Kept: the failed die scatters 1D6" (2), no window on that die; the luck stays (B1 then out of the zone or struck: no matter).
  const keep = act(r.s, lucky(null), [...faces(2), ...Array(20).fill(0)]);
  assert.equal(evOf(keep.events, 'lucky_window').filter((x) => x.test !== 'strike').length, 0);
  assert.equal(evOf(keep.events, 'artillery_strike')[0].scatter > 0, true);
  noLeak(r, re, keep);
});

test('#72 Lucky, called strike: the calling squad\'s Lucky trooper may re-roll a die of the call\'s timing test; the Command order resumes at the call, the section not called again (§2.7 [P], §7.11)', () => {
  const call: Action = { type: 'command', demolition: null, target: null, callFire: { caller: 'A1.1', asset: 'A-1', at: [1220, 2000] } };
  const r = act(strikes('lm-call', 'A1'), call, faces(1, 1, 3));
  const d = decision(r.s);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'timing', faces: [1, 1, 3], target: 3, successes: 1 });
  assert.equal(evOf(r.events, 'fire_called').length, 1);
  // Re-rolled to a 6: it arrives; accuracy 3, 3; B1 1 + 1: no hit (an off-board section's Strike Effect is nobody's on the table: no window).
  const re = act(r.s, lucky(0), faces(6, 3, 3, 1, 1));
  assert.equal(evOf(re.events, 'fire_called').length, 0, 'not called again');
  assert.deepEqual(evOf(re.events, 'artillery_strike').map((x) => x.scatter), [0]);
  assert.equal(re.s.artillery[0].usedTurn, 1);
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});

// ---------------------------------------------------------------- 7. the penetration results table and the immobilization die

/** A1 (Regulars: 3 rifles, a Lucky rifleman, an AMAW, AT 4) south of light tank T (side 1, its rear toward A1, rear armour 6); B1 far off keeps side 1 in the game. */
function atTankRear(name: string): S {
  const spec: UnitSpec = { name: 'Lucky AT', quality: 'regular', resolve: 'steady', figures: [
    { weapon: 'assaultRifle', armour: 'light', count: 3 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }, { weapon: 'amaw', armour: 'light', support: true },
  ] };
  const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 1, [2000, 2000]);
  t.vehicle!.heading = 0;
  const s = craft({ name, active: 'A1', units: [{ id: 'A1', side: 0, spec, at: row(1560, 1000, 5) }, { id: 'B1', side: 1, spec: luckySquad(1), at: [[5000, 5000]] }] });
  unitOf(s, 'B1').figures[0].personalities = [];
  s.units.push(t);
  return s;
}

test('#72 Lucky, penetration results roll: the shooter\'s 2D6 on the results table may be re-rolled while a die shows a 1; the hit resumes at its result, the penetration not rolled again (§2.7, §6.6)', () => {
  // 6 and 2: FE 7, two hits. Hit 1: 2 + 4 = 6 penetrates the rear 6; results 1 and 3: System Kill.
  const r = act(atTankRear('lm-pen-res'), shootAt('T'), faces(6, 2, 2, 1, 3));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'turn']);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'penetrationResult', faces: [1, 3], target: null, result: 'systemKill' });
  assert.deepEqual(evOf(r.events, 'penetration').map((p) => [p.total, p.penetrated]), [[6, true]]);
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'ok', 'nothing of the result is applied yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null), 'a System Kill is kept by default');
  // Re-rolled to a 5: 5 and 3, Vehicle Kill; the second hit is not rolled, the tank is out.
  const re = act(r.s, lucky(0), faces(5));
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'A1', test: 'penetrationResult', die: 0, was: 1, now: 5 }]);
  assert.equal(unitOf(re.s, 'T').vehicle!.status, 'knockedOut');
  assert.equal(evOf(re.events, 'penetration').length + evOf(re.events, 'shot').length, 0);
  assert.equal(re.s.phase, 'activate');
  // Kept: System Kill; hit 2 (1 + 4 = 5) fails, no window on the immobilization die (6: nothing).
  const keep = act(r.s, lucky(null), faces(1, 6));
  assert.equal(unitOf(keep.s, 'T').vehicle!.status, 'systemKill');
  assert.deepEqual(evOf(keep.events, 'lucky_window').map((x) => x.test), ['penetration'], 'hit 2\'s penetration die asks; the luck is unspent');
  noLeak(r, re, keep);
});

test('#72 Lucky reading, immobilization die: a failed hit\'s 1D6 (a 1 immobilizes) opens no window: a 6 never does better for the shooter, and a vehicle has no Lucky trooper (§2.7, §6.6)', () => {
  // 6 and 2: two hits. Hit 1: 1 + 4 = 5: the penetration window; kept, the immobilization die 2 asks nothing.
  const r = act(atTankRear('lm-immob'), shootAt('T'), faces(6, 2, 1));
  assert.equal((decision(r.s).exposes as { test: string }).test, 'penetration');
  const keep = act(r.s, lucky(null), faces(2, 2, 4, 3));
  assert.deepEqual(evOf(keep.events, 'lucky_window').length, 0);
  assert.equal(evOf(keep.events, 'dice_rolled').filter((x) => x.purpose === 'immobilization').length, 1);
  assert.equal(unitOf(keep.s, 'T').vehicle!.status, 'knockedOut', 'hit 2 penetrates (2 + 4), 4 and 3: Vehicle Kill');
});

// ---------------------------------------------------------------- 8. card-sequence fire

/** The card sequence of cards.test.ts: A1 has activated; A2 (3 Regulars, the third Lucky) 7"-9" from B1; B2 far away; the deck's first card `first`. */
function cardTable(name: string, first: 'reaction' | 'cooler'): S {
  const s = craft({ name, active: 'A1', options: first === 'cooler' ? { cardSequence: 'simple', plasmaCooler: true } : { cardSequence: 'expanded' }, units: [
    { id: 'A1', side: 0, spec: { ...luckySquad(3), name: 'Plain', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 3 }] }, at: row(1000, 500, 3) },
    { id: 'A2', side: 0, spec: luckySquad(3), at: row(1800, 500, 3) },
    { id: 'B1', side: 1, spec: luckySquad(3), at: row(1400, first === 'cooler' ? 1200 : 1400, 3) },
    { id: 'B2', side: 1, spec: luckySquad(3), at: row(3000, 4500, 3) },
  ] });
  for (const id of ['B1', 'B2']) unitOf(s, id).figures[2].personalities = [];
  s.cards = { deck: newDeck([first, 'unit:A2', 'unit:B1', 'unit:B2']), drawn: null, last: 0, cooler: null };
  return s;
}

test('#72 Lucky, Reaction card fire: the reacting unit\'s fire dice may be re-rolled; the drawn unit then activates as usual (§2.7, §5.1)', () => {
  // The Reaction card, then B1's card; A2 reacts: 1 and 1, FE 3, one hit; a 6 would give two.
  const r0 = act(cardTable('lm-react', 'reaction'), hold, [0, 1]);
  const r = act(r0.s, { type: 'react', unit: 'A2', moves: [] }, faces(1, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'A2', test: 'fire', faces: [1, 1], target: null, fe: 3, hits: 1 });
  assert.equal(evOf(r.events, 'shot').length, 0, 'nothing of the shot is applied yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null));
  // Re-rolled to a 6: two hits, their damage dice (6 + 2 against 1 + 1); then B1 activates.
  const re = act(r.s, lucky(0), faces(6, 6, 1, 6, 1));
  assert.deepEqual(evOf(re.events, 'shot').map((x) => [x.unit, x.hits]), [['A2', 2]]);
  assert.equal(evOf(re.events, 'reaction').length, 0, 'the reaction is not declared again');
  assert.deepEqual([decision(re.s).kind, decision(re.s).seat], ['activate', 1]);
  assert.equal(unitOf(re.s, 'A2').activated, false, 'the reacting unit keeps its activation');
  // Kept: one hit (6 + 2 against 1 + 1); B1 activates.
  const keep = act(r.s, lucky(null), faces(6, 1));
  assert.deepEqual([decision(keep.s).kind, decision(keep.s).seat], ['activate', 1]);
  noLeak(r, re, keep);
});

test('#72 Lucky, Plasma Cooler fire: a Cooler shot\'s fire dice may be re-rolled; then the other side fires as usual (§2.7, §5.1)', () => {
  const r0 = act(cardTable('lm-cooler', 'cooler'), hold, [0]);
  const r = act(r0.s, { type: 'cooler', unit: 'A2', target: 'B1' }, faces(1, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat], ['lucky', 0]);
  assert.equal(unitOf(r.s, 'A2').activated, false, 'not yet counted as fired');
  const re = act(r.s, lucky(0), faces(6, 6, 1, 6, 1, 6, 1));
  assert.equal(evOf(re.events, 'shot')[0].unit, 'A2');
  assert.equal(evOf(re.events, 'cooler_fire').length, 0);
  assert.equal(unitOf(re.s, 'A2').activated, true);
  assert.deepEqual([decision(re.s).kind, decision(re.s).seat], ['cooler', 1], 'then side 1');
  noLeak(r, re);
});

// ---------------------------------------------------------------- conformance

test('#72 Lucky: random legal playouts with the new windows\' sources (Save, a missile rack\'s blasts, mines, sentry guns, card sequences and the Cooler, off-board artillery, Squad damage) pass the conformance checks and end', () => {
  // Force lists buy infantry squads only (§2.9): the mortar team's and the sniper's windows are in the tests above.
  const sq = (name: string, extra: Record<string, unknown> = {}) => ({ name, quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 4 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }], ...extra });
  const rack = (name: string) => ({ ...sq(name), figures: [{ weapon: 'assaultRifle', armour: 'light', count: 3 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }, { weapon: 'missileRack', armour: 'light', support: true }] });
  const forces = { 0: [sq('Lucky A'), sq('Lucky B', { traits: ['save'] }), rack('Lucky C')], 1: [sq('Lucky D', { traits: ['save'] }), sq('Lucky E'), rack('Lucky F')] };
  const options = [
    { forces, cardSequence: 'simple', plasmaCooler: true, squadDamage: true, minefields: { 0: 1, 1: 1 }, artillery: { 0: ['lightMortar'], 1: ['lightMortar'] } },
    { forces, cardSequence: 'expanded', reactionCards: 2, pinning: true, crossfires: true, sentryGuns: { 0: [{ at: [1200, 900] }], 1: [{ at: [2400, 4000] }] } },
  ];
  const tests = new Set<string>();
  for (const [i, o] of options.entries()) {
    const rep = checkPlayout(fastAndDirty, 'firefight', seats, `fad-lucky-more-${i}`, 3000, o);
    assert.deepEqual(rep.problems, [], `conformance ${i}`);
    assert.ok(rep.ended, `conformance playout ${i} did not end in ${rep.entries} entries`);
    const p = randomPlayout(fastAndDirty, { scenario: 'firefight', seats, options: o, seed: `fad-lucky-more-p${i}`, hashChain: false, maxEntries: 3000,
      onEntry: (_k, _e, evs) => { for (const e of evs) if (e.type === 'lucky_window') tests.add((e.data as { test: string }).test); } });
    assert.ok(p.result, `playout ${i} ended`);
  }
  assert.ok(tests.size > 2, `windows were offered: ${[...tests].join(', ')}`);
});

test('#72 Lucky, a blast\'s damage die: the firer\'s damage die against a figure of an enemy unit it struck may be re-rolled when that could wound or kill; the blast resumes at that hit (§2.7, §6.5, §6.7)', () => {
  const spec: UnitSpec = { name: 'Lucky MR', quality: 'regular', resolve: 'steady', figures: [
    { weapon: 'assaultRifle', armour: 'light', count: 3 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] }, { weapon: 'missileRack', armour: 'light', support: true },
  ] };
  const s = craft({ name: 'lm-blast-dmg', active: 'A1', units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: { ...luckySquad(2), figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }] }, at: [[1400, 2000], [1600, 2000]] },
  ] });
  // Ranging 4; B1's Strike Effect 6 + 6 = 12, four hits (no better: no window). Hit 1: 1 + 2 = 3 against 3 + 1 = 4.
  const r = act(s, blastOrder, faces(4, 6, 6, 1, 3));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'turn']);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'damage', faces: [1], target: null, attack: 3, defence: 4 });
  assert.equal(evOf(r.events, 'damage').length, 0);
  // Re-rolled to a 5: 7 against 4 kills; the other hits follow (6 + 2 against 1 + 1 kills the second figure).
  const re = act(r.s, lucky(0), faces(5, 6, 1, 6, 1, 6, 1));
  assert.deepEqual(evOf(re.events, 'damage').slice(0, 2).map((x) => [x.attack, x.defence, x.killed]), [[7, 4, true], [8, 2, true]]);
  assert.equal(evOf(re.events, 'strike_effect').length, 0, 'the Strike Effect is not taken again');
  noLeak(r, re);
});

test('#72 Lucky, a Hero\'s shot at a Lucky unit: the target\'s failed save die against his hit may be re-rolled; the order resumes at his shot, neither the squad nor the Hero firing again (§2.7, §2.6)', () => {
  const s = withHero('lm-hero-save');
  unitOf(s, 'A1').luckyUsed = true;
  const b = unitOf(s, 'B1');
  b.traits = ['save'];
  b.figures[4].personalities = ['lucky'];
  // The squad: 6 and 1, two hits, both saved (6, 6). The Hero: 6, two hits; his hit 1: save 1.
  const r = act(s, shootAt('B1'), faces(6, 1, 6, 6, 6, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 1, 'reaction']);
  assert.deepEqual([(d.exposes as { test: string }).test, (d.exposes as { shooter: string }).shooter], ['save', 'C1']);
  assert.deepEqual(evOf(r.events, 'shot').map((x) => x.unit), ['A1', 'C1']);
  // Re-rolled to a 5: saved; hit 2: save 6. The order ends.
  const re = act(r.s, lucky(0), faces(5, 6));
  assert.equal(evOf(re.events, 'saved').length, 2);
  assert.equal(evOf(re.events, 'shot').length, 0, 'nobody fires again');
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.phase, 'activate');
  assert.equal(unitOf(re.s, 'C1').attachedTo, 'A1');
  noLeak(r, re);
});

test('#72 Lucky, future shock after a Hero\'s shot: the Primitive target\'s failed test may be re-rolled; the order resumes at his shot, not firing again (§2.7, §2.6)', () => {
  const s = withHero('lm-hero-shock');
  unitOf(s, 'A1').luckyUsed = true;
  const b = unitOf(s, 'B1');
  (b as { traits?: string[] }).traits = ['primitive'];
  b.figures[5].personalities = ['lucky'];
  // Only the Hero fires: 1, no hit; B1's future shock test 1 against 3+.
  const order: Action = { type: 'engage', moves: [], target: null, fireFirst: true, hero: { target: 'B1' } };
  const r = act(s, order, faces(1, 1));
  const d = decision(r.s);
  assert.deepEqual([d.seat, d.timing], [1, 'reaction']);
  assert.deepEqual(d.exposes, { unit: 'B1', test: 'futureShock', faces: [1], target: 3 });
  assert.deepEqual(evOf(r.events, 'shot').map((x) => x.unit), ['C1']);
  const re = act(r.s, lucky(0), faces(4));
  assert.deepEqual(evOf(re.events, 'future_shock').map((x) => [x.by, x.die, x.passed]), [['C1', 4, true]]);
  assert.equal(evOf(re.events, 'shot').length, 0, 'the Hero does not fire again');
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});

test('#72 Lucky, mines met by a charge: a charger\'s defence die against the mine may be re-rolled; the halted charge then fizzles, the free shot not fired again (§2.7, §7.15, §6.10)', () => {
  // minedWalk's A1 (Lucky) with a plain B1 5" north of it, across the real field's marker.
  const s = minedWalk('lm-mine-charge');
  const b: UnitSpec = { ...luckySquad(3), figures: [{ weapon: 'assaultRifle', armour: 'light', count: 3 }] };
  const t = craft({ name: 'lm-mine-charge-b', units: [{ id: 'B1', side: 1, spec: b, at: row(1800, 1800, 3) }] }).units[0];
  s.units = s.units.map((u) => (u.id === 'B1' ? t : u));
  const charge: Action = { type: 'assault', target: 'B1', moves: [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1800 + i * 220, 1695]] as [number, number][] })) };
  // B1's free shot: 1 and 1, one hit, 6 + 2 against 1 + 1 (no defence die could spare it). The charge
  // meets marker 2: check 1, the real field; one hit on A1.2: 1 + 3 against 1 + 1, killed; a 6 would spare it.
  const r = act(s, charge, faces(1, 1, 6, 1, 1, 2, 1, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'turn']);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'defence', faces: [1], target: null, figure: 'A1.2', attack: 4, defence: 2 });
  assert.equal(evOf(r.events, 'mine_halt').length, 1);
  assert.equal(evOf(r.events, 'assault_fizzled').length, 0, 'not yet');
  const re = act(r.s, lucky(0), faces(6));
  assert.deepEqual(evOf(re.events, 'damage').map((x) => [x.figure, x.killed]), [['A1.2', false]]);
  assert.deepEqual(evOf(re.events, 'assault_fizzled'), [{ unit: 'A1', target: 'B1', mine: true }]);
  assert.equal(evOf(re.events, 'shot').length + evOf(re.events, 'moved').length, 0, 'neither the free shot nor the charge again');
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});

test('#72 Lucky, a vehicle\'s defensive fire at chargers: a charger\'s failed save die may be re-rolled; the assault resumes at that shot, the nerve test not taken again, the other system then fires and the charge goes in (§2.7, §6.11)', () => {
  const spec: UnitSpec = { ...luckySquad(4, ['save']) };
  const s = craft({ name: 'lm-veh-assault', active: 'A1', units: [{ id: 'A1', side: 0, spec, at: row(1700, 2700, 4) }] });
  const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 1, [2000, 2000]);
  t.vehicle!.heading = 0;
  s.units.push(t);
  const charge: Action = { type: 'assault', target: 'T', moves: [0, 1, 2, 3].map((i) => ({ fig: `A1.${i + 1}`, path: [[1800 + i * 130, 2330]] as [number, number][] })) };
  // Nerve 4 (passed); the main gun's shot: 6, two hits; hit 1: save 1.
  const r = act(s, charge, faces(4, 6, 1));
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', 0, 'turn']);
  assert.deepEqual([(d.exposes as { test: string }).test, (d.exposes as { shooter: string }).shooter], ['save', 'T']);
  assert.equal(evOf(r.events, 'moved').length, 0, 'the charge waits');
  // Re-rolled to a 5: saved; hit 2 saved (6); the GPMG's shot (6: three hits, all saved); then the charge.
  const re = act(r.s, lucky(0), faces(5, 6, 6, 6, 6, 6));
  assert.equal(evOf(re.events, 'nerve_test').length, 0, 'the nerve test is not taken again');
  assert.deepEqual(evOf(re.events, 'shot').map((x) => x.weaponFe), [3], 'only the other system fires');
  assert.equal(evOf(re.events, 'saved').length, 5);
  assert.equal(evOf(re.events, 'moved').length, 1);
  assert.equal(evOf(re.events, 'vehicle_assaulted').length, 1);
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});
