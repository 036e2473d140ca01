// Checklist item #69, Lull in the fight (§7.14) with a card sequence (§5.1 "Lull in cards", §5.5
// step 3; source p.33: "If using a card driven sequence, when the turn ends, a D6 roll of 1 indicates
// a Lull in fighting"). With the module `lull` and a card sequence, 1D6 is rolled when a card turn
// ends; on a 1 the Lull runs (withdrawals, recoveries, hiding) before the next deck is dealt. [P] Not
// after the last turn (the battle does not resume); the side of the last activated unit withdraws
// first (card sequences have no initiative winner).
// Dice are scripted by value: face = value + 1 (`faces` converts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { newDeck } from '../../../src/engine/mech/deck.js';
import { isViolation, type GameEvent } from '../../../src/engine/types.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, seats, squad, unitOf } from './helpers.js';

/**
 * Turn 2 of a simple card sequence, its deck spent: B1 (5 Regulars, y 18") holds as the last card
 * of the turn, A1 (y 10", 8" from B1: it must withdraw) and A2 (far off) have activated.
 */
function lastCard(name: string, options: Record<string, unknown> = {}): S {
  const s = craft({ name, active: 'B1', options: { cardSequence: 'simple', lull: true, ...options }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 5), at: row(1000, 1000, 5) },
    { id: 'A2', side: 0, spec: squad('regular', 2), at: row(4000, 100, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 1800, 5) },
  ] });
  Object.assign(s.options, { cardSequence: 'simple', lull: true, ...options });
  s.turn = 2;
  s.cards = { deck: newDeck([]), drawn: null, last: 1, cooler: null };
  unitOf(s, 'A1').activated = true;
  unitOf(s, 'A2').activated = true;
  return s;
}
const purposes = (events: GameEvent[]) => evOf(events, 'dice_rolled').map((d) => d.purpose as string);

/** Answers the lull's open decisions with the defaults (no dice needed until the next deck's first draw). */
function defaults(s0: S): { s: S; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (let i = 0; s.phase === 'lull' && i < 50; i++) {
    const r = act(s, fastAndDirty.defaultAction(s, decision(s)) as Action);
    s = r.s;
    events.push(...r.events);
  }
  return { s, events };
}

test('#69 Lull in cards: when a card turn ends, 1D6; a 1 brings a Lull: withdrawals (the side of the last activated unit first), then the next deck instead of an initiative roll (§5.1, §5.5, §7.14)', () => {
  const r = act(lastCard('cards-lull'), hold, faces(1));
  assert.deepEqual(evOf(r.events, 'turn_ended').map((e) => e.turn), [2]);
  assert.deepEqual(purposes(r.events), ['lull'], 'one die, no initiative roll');
  assert.deepEqual(evOf(r.events, 'dice_rolled')[0].turn, 2, 'the roll of the turn that ended');
  assert.equal(evOf(r.events, 'lull').length, 1);
  assert.equal(evOf(r.events, 'cards_dealt').length, 0, 'no deck before the lull is over');
  const d = decision(r.s);
  assert.equal(d.kind, 'withdraw');
  assert.equal(d.seat, 1, 'B1\'s side, the last to activate, withdraws first');
  assert.deepEqual(d.exposes, { must: ['B1'], may: [] });
  const yA = unitOf(r.s, 'A1').figures[0].at[1], yB = unitOf(r.s, 'B1').figures[0].at[1];
  const after = defaults(r.s);
  assert.deepEqual(evOf(after.events, 'fell_back').map((e) => e.unit), ['B1', 'A1']);
  assert.ok(unitOf(after.s, 'A1').figures[0].at[1] < yA && unitOf(after.s, 'B1').figures[0].at[1] > yB, 'both withdrew away from the other');
  assert.deepEqual(evOf(after.events, 'cards_dealt'), [{ turn: 3, cards: 3 }], 'then the next deck');
  assert.equal(after.s.initiative, null, 'no initiative roll in a card sequence');
  assert.equal(after.s.turn, 3);
  assert.equal(decision(after.s).kind, 'activate', 'the first card of turn 3 is drawn');
});

test('#69 Lull in cards: 2-6 on the die: no lull, the next deck at once; no roll without the module, after the last turn, or in the standard sequence (§5.1, §5.5)', () => {
  const calm = act(lastCard('cards-calm'), hold, faces(2));
  assert.deepEqual(purposes(calm.events), ['lull']);
  assert.equal(evOf(calm.events, 'lull').length, 0);
  assert.deepEqual(evOf(calm.events, 'cards_dealt'), [{ turn: 3, cards: 3 }]);
  const off = act(lastCard('cards-off', { lull: false }), hold, faces(1));
  assert.deepEqual(purposes(off.events), []);
  assert.equal(evOf(off.events, 'cards_dealt').length, 1);
  // The last turn's end: the game is over, the battle does not resume [P].
  const end = lastCard('cards-end');
  end.options.turnLimit = 2;
  const over = act(end, hold, faces(1));
  assert.deepEqual(purposes(over.events), []);
  assert.ok(over.s.result);
  // The standard sequence rolls its two initiative dice only (its lull is a 1-1 there).
  const std = lastCard('cards-std', { cardSequence: 'standard' });
  delete std.cards;
  std.initiative = { winner: 0, rolls: [4, 2] };
  const next = act(std, hold, faces(3, 5));
  assert.deepEqual(purposes(next.events), ['initiative', 'initiative']);
});

test('#69 Lull in cards: the Plasma Cooler ends a card turn too, and the lull die follows its fire (§5.1)', () => {
  const s = lastCard('cards-cooler', { plasmaCooler: true });
  s.cards = { deck: newDeck(['cooler']), drawn: null, last: 1, cooler: null };
  // B1 holds; the one card left is the Cooler: the turn ends (nobody is left unactivated to fire), then the lull die.
  const r = act(s, hold, faces(1, 1));
  assert.deepEqual(evOf(r.events, 'card_drawn').map((e) => e.card), ['cooler']);
  assert.deepEqual(purposes(r.events), ['lull']);
  assert.equal(decision(r.s).kind, 'withdraw');
});

test('#69 Lull in cards: a random card game with the Lull module and Hidden movement passes the kernel\'s conformance, meeting lulls', () => {
  let lulls = 0;
  const rs = { ...fastAndDirty, apply: (...args: Parameters<typeof fastAndDirty.apply>) => {
    const r = fastAndDirty.apply(...args);
    if (!isViolation(r)) lulls += r.events.filter((e) => e.type === 'lull').length;
    return r;
  } };
  const r = checkPlayout(rs, 'firefight', seats, 'fad-lull-cards-2', 3000, { cardSequence: 'simple', lull: true, hiddenMovement: true, turnLimit: 8 });
  assert.deepEqual(r.problems, []);
  assert.ok(r.ended);
  assert.ok(lulls >= 1, 'the seed meets a lull');
});
