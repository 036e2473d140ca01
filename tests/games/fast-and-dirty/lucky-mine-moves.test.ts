// Checklist item #72, personality Lucky (§2.7, source p.35), against mines (§7.15) met by moves
// outside the active unit's Engage, Rush or charge (issue #17 leftovers): a morale fall back, a
// Reaction card's move, an Inspiration's move (§5.1) and an Elusive fall back (§2.6). The mover's
// save and defence dice against an anti-personnel field's hit are its own rolls: the window pauses
// the move's encounters (nothing of the hit applied before the answer), and the sequence goes on
// after them, the move not made again. Non-combatants moved by a controller carry no personality:
// no window there. Dice scripted by value; the scene is lucky-more.test.ts's mined walk.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, shootAt, squad, unitOf, noLeak } from './helpers.js';
import { newDeck } from '../../../src/engine/mech/deck.js';
import type { GameEvent } from '../../../src/engine/types.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, Minefield, S } from '../../../src/games/fast-and-dirty/state.js';

/** A Regular squad of `n` assault rifles, its last trooper Lucky (the first its leader when `led`). */
const luckySquad = (n = 3, led = false): UnitSpec => ({
  name: 'Lucky', quality: 'regular', resolve: 'steady',
  figures: [
    ...(led ? [{ weapon: 'assaultRifle', armour: 'light', leader: true }] : []),
    { weapon: 'assaultRifle', armour: 'light', count: n - 1 - (led ? 1 : 0) },
    { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] },
  ],
});
const lucky = (die: number | null): Action => ({ type: 'lucky', die });

/** Side `owner`'s real anti-personnel field: marker 2 (the real one) at `real`, the dummies far off. */
const field = (owner: 0 | 1, real: Pt): Minefield => ({ id: 'M1', owner, markers: [{ n: 1, at: [300, 4500] }, { n: 2, at: real }, { n: 3, at: [4500, 300] }], real: 2, mine: 'ap', revealed: false });

/** A1's three figures (row at 18", 13") 3" north: A1.2 comes within 4" of the marker at (20", 20"). */
const north = [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1800 + i * 220, 1600]] as Pt[] }));

/**
 * The mine's dice on A1.2 (check 1: the real field; 1D3 = 1 hit; attack 1 + 3 = 4 against defence
 * 1 + 1 = 2: killed), the window on the defence die; re-rolled to a 6 (7): wounded, not killed.
 */
function defenceWindow(r: { s: S; events: GameEvent[] }, seat: 0 | 1, timing: 'turn' | 'reaction'): void {
  const d = decision(r.s);
  assert.deepEqual([d.kind, d.seat, d.timing], ['lucky', seat, timing]);
  assert.deepEqual(d.exposes, { unit: 'A1', test: 'defence', faces: [1], target: null, figure: 'A1.2', attack: 4, defence: 2 });
  assert.equal(evOf(r.events, 'mine_real').length, 1);
  assert.equal(evOf(r.events, 'damage').length, 0, 'nothing of the hit is applied yet');
  assert.deepEqual(fastAndDirty.defaultAction(r.s, d), lucky(null), 'a hit\'s die: kept by default');
}
function reRolled(re: { s: S; events: GameEvent[] }): void {
  assert.deepEqual(evOf(re.events, 'lucky_reroll'), [{ unit: 'A1', test: 'defence', die: 0, was: 1, now: 6 }]);
  // The mine's hit first (an Elusive fall back's shot follows it).
  assert.deepEqual(evOf(re.events, 'damage').map((x) => [x.figure, x.attack, x.defence, x.killed])[0], ['A1.2', 4, 7, false]);
  assert.equal(evOf(re.events, 'moved').length + evOf(re.events, 'mine_check').length + evOf(re.events, 'mine_real').length, 0, 'neither the move nor the encounter again');
  assert.equal(unitOf(re.s, 'A1').luckyUsed, true);
  assert.equal(re.s.luckyOrder, null);
}

test('#72 Lucky, a morale fall back through mines: the falling-back unit\'s defence die against the mine may be re-rolled; its order resumes after the encounter (§2.7, §6.1, §7.15)', () => {
  // A1 falls back (a failed morale test) north, away from B1 south of it.
  const s = craft({ name: 'lmm-fallback', active: 'A1', units: [
    { id: 'A1', side: 0, spec: luckySquad(3), at: row(1800, 1300, 3) },
    { id: 'B1', side: 1, spec: luckySquad(1), at: [[2000, 300]] },
  ] });
  s.minefields = [field(1, [2000, 2000])];
  unitOf(s, 'A1').fallingBack = true;
  const r = act(s, { type: 'engage', moves: north, target: null, fireFirst: true }, faces(1, 2, 1, 1));
  defenceWindow(r, 0, 'turn');
  assert.equal(unitOf(r.s, 'A1').activated, false, 'the order waits');
  const re = act(r.s, lucky(0), faces(6));
  reRolled(re);
  assert.equal(unitOf(re.s, 'A1').activated, true);
  assert.equal(re.s.phase, 'activate');
  // Kept: killed, no die rolled again.
  const keep = act(r.s, lucky(null));
  assert.deepEqual(evOf(keep.events, 'damage').map((x) => x.killed), [true]);
  assert.equal(evOf(keep.events, 'dice_rolled').length, 0);
  noLeak(r, re, keep);
});

test('#72 Lucky, a reaction move through mines: the reacting unit\'s defence die against the mine may be re-rolled by its owner; then the drawn unit activates (§2.7, §5.1, §7.15)', () => {
  const mk = () => {
    const s = craft({ name: 'lmm-react', active: 'A1', options: { cardSequence: 'expanded' }, units: [
      { id: 'A1', side: 0, spec: luckySquad(3), at: row(1800, 1300, 3) },
      { id: 'B1', side: 1, spec: luckySquad(3), at: row(1800, 3200, 3) },
    ] });
    s.minefields = [field(1, [2000, 2000])];
    s.cards = { deck: newDeck(['reaction', 'unit:B1']), drawn: null, last: 0, cooler: null };
    return s;
  };
  // A1 holds; the Reaction card, then B1's: side 0 may react with A1, which moves 3" towards B1.
  const w = act(mk(), hold, [0, 0]);
  assert.equal(decision(w.s).kind, 'react');
  const r = act(w.s, { type: 'react', unit: 'A1', moves: north }, faces(1, 2, 1, 1));
  defenceWindow(r, 0, 'reaction');
  assert.equal(evOf(r.events, 'moved').length, 1, 'the move is made before its encounters');
  const re = act(r.s, lucky(0), faces(6));
  reRolled(re);
  const d = decision(re.s);
  assert.deepEqual([d.kind, d.seat], ['activate', 1], 'then the drawn unit\'s side activates');
  const keep = act(r.s, lucky(null));
  assert.deepEqual(evOf(keep.events, 'damage').map((x) => x.killed), [true]);
  assert.deepEqual([decision(keep.s).kind, decision(keep.s).seat], ['activate', 1]);
  noLeak(r, re, keep); // (before the encounter the field is unrevealed: its record is its owner's, §8.1)
});

test('#72 Lucky, an Inspiration\'s move through mines: the inspired unit\'s defence die against the mine may be re-rolled; then the next card (§2.7, §5.1, §7.15)', () => {
  const mk = () => {
    const s = craft({ name: 'lmm-inspire', active: 'A2', options: { cardSequence: 'expanded' }, units: [
      { id: 'A1', side: 0, spec: luckySquad(3, true), at: row(1800, 1300, 3) },
      { id: 'A2', side: 0, spec: luckySquad(1), at: [[4000, 500]] },
      { id: 'B1', side: 1, spec: luckySquad(3), at: row(1000, 4200, 3) },
    ] });
    s.minefields = [field(1, [2000, 2000])];
    unitOf(s, 'A1').leaderRating = 'veteran';
    s.cards = { deck: newDeck(['inspiration:A1', 'unit:B1']), drawn: null, last: 0, cooler: null };
    return s;
  };
  const w = act(mk(), hold, [0]);
  assert.equal(decision(w.s).kind, 'inspire');
  const r = act(w.s, { type: 'inspire', unit: 'A1', effect: 'move', moves: north }, faces(1, 2, 1, 1));
  defenceWindow(r, 0, 'reaction');
  const re = act(r.s, lucky(0), faces(6));
  reRolled(re);
  assert.deepEqual([decision(re.s).kind, decision(re.s).seat], ['activate', 1], 'then the next card (B1)');
  noLeak(r, re);
});

test('#72 Lucky, an Elusive fall back through mines: the target\'s defence die against the mine may be re-rolled by its owner; the shot then resolves at the new place, once (§2.7, §2.6 Elusive, §7.15)', () => {
  // The Lucky squad A1 is side 1's here, Elusive; S1 (no personality) fires at it from the south and A1 falls back 3" north.
  const s = craft({ name: 'lmm-elusive', active: 'S1', units: [
    { id: 'S1', side: 0, spec: squad('regular', 3), at: row(1800, 200, 3) },
    { id: 'A1', side: 1, spec: { ...luckySquad(3), elusive: true } as UnitSpec, at: row(1800, 1300, 3) },
  ] });
  s.minefields = [field(0, [2000, 2000])];
  const w = act(s, shootAt('A1'));
  assert.equal(w.s.phase, 'elusive');
  const r = act(w.s, { type: 'elusive', moves: north }, faces(1, 2, 1, 1));
  defenceWindow(r, 1, 'reaction');
  assert.equal(evOf(r.events, 'shot').length, 0, 'the shot waits for the answer');
  const re = act(r.s, lucky(0), [...faces(6), ...Array(20).fill(2)]);
  reRolled(re);
  const shot = evOf(re.events, 'shot');
  assert.equal(shot.length, 1, 'the shot resolves once, after the answer');
  assert.deepEqual([shot[0].unit, shot[0].target], ['S1', 'A1']);
  assert.equal(unitOf(re.s, 'S1').activated, true);
  assert.equal(re.s.phase, 'activate');
  noLeak(r, re);
});
