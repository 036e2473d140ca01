// The shared deck (src/engine/mech/deck.ts) on its own: draw order, purity, reshuffling and the
// multiset helpers. Every game's cards go through it, so a wrong branch here deals wrong hands.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deckSize, discard, draw, drawOne, newDeck, reshuffleDiscard, shuffled, shuffleIn, takeCard, type Deck } from '../../src/engine/mech/deck.js';
import { localRng, scriptedRng } from '../../src/engine/rng.js';

const freeze = <C>(d: Deck<C>) => JSON.parse(JSON.stringify(d)) as Deck<C>;

test('a new deck keeps its pool sorted (stable hashing) and leaves the caller\'s list alone', () => {
  const perms = [['c', 'a', 'b'], ['b', 'c', 'a'], ['a', 'c', 'b'], ['c', 'b', 'a', 'a'], ['d', 'c', 'b', 'a', 'e']];
  for (const cards of perms) {
    const before = cards.slice();
    const d = newDeck(cards);
    assert.deepEqual(d.pool, before.slice().sort(), `sorted pool of ${before}`);
    assert.deepEqual(cards, before, 'the input list is not reordered');
    assert.deepEqual(d.top, []);
    assert.deepEqual(d.discard, []);
  }
  // Numbers sort by their text, the same on every machine.
  assert.deepEqual(newDeck([10, 9, 1]).pool, [1, 10, 9]);
});

test('the size counts the known top and the pool, never the discard', () => {
  const d: Deck<string> = { top: ['x', 'y'], pool: ['a', 'b', 'c'], discard: ['z'] };
  assert.equal(deckSize(d), 5);
  assert.equal(deckSize({ top: [], pool: [], discard: ['z'] }), 0);
});

test('drawOne takes the known top first, then a card of the pool picked by the rng, without touching the old deck', () => {
  const d: Deck<string> = { top: ['t1', 't2'], pool: ['a', 'b', 'c'], discard: ['z'] };
  const snap = freeze(d);
  const r = drawOne(d, scriptedRng([2]));
  assert.equal(r.card, 't1', 'the stacked card comes first whatever the rng says');
  assert.deepEqual(r.deck, { top: ['t2'], pool: ['a', 'b', 'c'], discard: ['z'] });
  const fromPool = drawOne({ ...d, top: [] }, scriptedRng([2]));
  assert.equal(fromPool.card, 'c', 'index 2 of the pool');
  assert.deepEqual(fromPool.deck.pool, ['a', 'b']);
  assert.deepEqual(d, snap, 'the old deck is unchanged');
});

test('drawOne from an empty draw pile gives no card and draws no number', () => {
  const rng = scriptedRng([]);
  const d: Deck<string> = { top: [], pool: [], discard: ['z'] };
  const r = drawOne(d, rng);
  assert.equal(r.card, null);
  assert.equal(r.deck, d);
  assert.equal(rng.draws, 0);
});

test('draw stops at an empty pile unless asked to reshuffle; reshuffles only when the pile is empty', () => {
  const d: Deck<string> = { top: [], pool: ['a'], discard: ['x', 'y'] };
  // Default: no reshuffle, so only the one card.
  const plain = draw(d, localRng('deck-plain'), 3);
  assert.deepEqual(plain.cards, ['a']);
  assert.equal(plain.reshuffled, false);
  assert.deepEqual(plain.deck.discard, ['x', 'y'], 'the discard stays where it is');
  // Asked to reshuffle: the last card of the pile first, then the discard.
  const r = draw(d, scriptedRng([0, 0, 0]), 3, true);
  assert.deepEqual(r.cards, ['a', 'x', 'y']);
  assert.equal(r.reshuffled, true);
  assert.deepEqual(r.deck, { top: [], pool: [], discard: [] });
  // A pile that is not empty is not refilled early.
  const early = draw({ top: [], pool: ['a', 'b'], discard: ['x'] }, scriptedRng([0]), 1, true);
  assert.equal(early.reshuffled, false);
  assert.deepEqual(early.deck, { top: [], pool: ['b'], discard: ['x'] });
  // Nothing to reshuffle: no card and no reshuffle.
  const none = draw({ top: [], pool: [], discard: [] }, scriptedRng([]), 2, true);
  assert.deepEqual(none.cards, []);
  assert.equal(none.reshuffled, false);
});

test('draw deals exactly n cards, each once, and the deck keeps the rest', () => {
  const d = newDeck(['a', 'b', 'c', 'd', 'e']);
  const r = draw(d, localRng('deck-n'), 3);
  assert.equal(r.cards.length, 3);
  assert.deepEqual([...r.cards, ...r.deck.pool].sort(), ['a', 'b', 'c', 'd', 'e']);
  assert.equal(deckSize(r.deck), 2);
  assert.equal(deckSize(d), 5, 'the old deck still holds all five');
});

test('discard, reshuffleDiscard and shuffleIn keep every card and forget the known order', () => {
  const d: Deck<string> = { top: ['t'], pool: ['b', 'a'], discard: ['z'] };
  assert.deepEqual(discard(d, ['y', 'x']), { top: ['t'], pool: ['b', 'a'], discard: ['z', 'y', 'x'] });
  assert.deepEqual(reshuffleDiscard(d), { top: [], pool: ['a', 'b', 't', 'z'], discard: [] });
  assert.deepEqual(shuffleIn(d, ['c']), { top: [], pool: ['a', 'b', 'c', 't'], discard: ['z'] });
  assert.deepEqual(d, { top: ['t'], pool: ['b', 'a'], discard: ['z'] }, 'all three are pure');
});

test('takeCard removes one copy, leaves the list alone, and says null for a card not there', () => {
  const cards = ['a', 'b', 'a', 'c'];
  assert.deepEqual(takeCard(cards, 'a'), ['b', 'a', 'c']);
  assert.deepEqual(takeCard(cards, 'c'), ['a', 'b', 'a']);
  assert.deepEqual(takeCard(cards, 'a' + ''), ['b', 'a', 'c']);
  assert.equal(takeCard(cards, 'q'), null);
  assert.equal(takeCard([], 'a'), null);
  assert.deepEqual(cards, ['a', 'b', 'a', 'c']);
});

test('shuffled is the rng\'s Fisher-Yates order of the same cards', () => {
  const cards = [1, 2, 3, 4, 5, 6, 7];
  const out = shuffled(cards, localRng('golden'));
  assert.deepEqual(out, localRng('golden').shuffle(cards));
  assert.deepEqual(out.slice().sort(), cards);
  assert.notDeepEqual(out, cards, 'this seed moves the cards');
  assert.deepEqual(cards, [1, 2, 3, 4, 5, 6, 7]);
});
