// Undaunted 2200: Callisto, what each seat sees (spec section 8: hands and draw piles are secret,
// a draw pile has no order anyone may know, casualty cards are known to their owner only) and
// determinize (a full state consistent with a view, for the bots).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localRng } from '../../../src/engine/rng.js';
import { determinizeView, viewOf } from '../../../src/games/undaunted-callisto/view.js';
import { card, sortIds, type S } from '../../../src/games/undaunted-callisto/state.js';
import { edit, start } from './helpers.js';

/** A state with hands, an ordered top of each deck, a casualty on each seat and a discard on seat 1. */
function table(): S {
  const k = edit(start('s1-by-force', 2), (s) => {
    for (const st of s.seats) {
      // Two known cards on top of the draw pile (as a scripted draw would leave them).
      st.deck.top = st.deck.pool.slice(0, 2);
      st.deck.pool = st.deck.pool.slice(2);
    }
    // A casualty on each seat, a discard on seat 1.
    for (const st of s.seats) {
      // A casualty is a unit's card.
      const c = st.hand.find((x) => card(x).unit)!;
      st.hand.splice(st.hand.indexOf(c), 1);
      st.casualties.push({ card: c, unit: card(c).unit! });
    }
    const st = s.seats[1];
    st.deck.discard.push(st.deck.pool.pop()!);
  });
  return k.s;
}

const cardsOf = (s: S, seat: number) => {
  const st = s.seats[seat];
  return { hand: st.hand, deck: [...st.deck.top, ...st.deck.pool], casualties: st.casualties.map((c) => c.card) };
};

test('a seat sees its own hand and its draw pile as a sorted multiset, never its order', () => {
  const s = table();
  const v = viewOf(s, 0);
  const mine = v.seats[0];
  assert.deepEqual(mine.hand, s.seats[0].hand, 'own hand as held');
  assert.deepEqual(mine.deck, sortIds(cardsOf(s, 0).deck), 'own deck sorted, the known top cards mixed in');
  assert.equal(mine.deckCount, cardsOf(s, 0).deck.length, 'the top cards are counted');
  assert.equal(mine.handCount, s.seats[0].hand.length);
  assert.equal(mine.unseen, undefined, 'no unseen pool for oneself');
  assert.equal(v.viewer, 0);
});

test("another seat's hand, deck order and casualty cards are hidden: only counts and the sorted unseen multiset", () => {
  const s = table();
  for (const viewer of [0, null]) {
    const v = viewOf(s, viewer);
    const other = v.seats[1];
    assert.equal(other.hand, undefined, `no hand for viewer ${viewer}`);
    assert.equal(other.deck, undefined, `no deck for viewer ${viewer}`);
    assert.equal(other.handCount, s.seats[1].hand.length);
    assert.equal(other.deckCount, cardsOf(s, 1).deck.length);
    const c = cardsOf(s, 1);
    assert.deepEqual(other.unseen, sortIds([...c.hand, ...c.deck, ...c.casualties]), 'hand, deck and casualty cards pooled and sorted');
    assert.deepEqual(other.casualties, [{ unit: s.seats[1].casualties[0].unit }], 'the casualty unit is public, its card is not');
    assert.ok(!JSON.stringify(other).includes('"card"'), 'no card field in another seat\'s casualties');
  }
  // The owner sees the card.
  assert.deepEqual(viewOf(s, 1).seats[1].casualties, [{ unit: s.seats[1].casualties[0].unit, card: s.seats[1].casualties[0].card }]);
});

test('public parts are copied, not shared: changing a view leaves the state as it was', () => {
  const s = table();
  const before = JSON.stringify(s);
  const v = viewOf(s, 0);
  v.seats[0].hand!.push('zz');
  v.seats[0].forces.push(99);
  v.seats[0].discard.push('zz');
  v.seats[0].play.push('zz');
  v.seats[0].supply.push('zz');
  v.seats[0].setAside.push('zz');
  v.seats[0].out.push('zz');
  v.seats[1].casualties.push({ unit: 'zz' });
  (v.units as Record<string, unknown>).zz = {};
  assert.equal(JSON.stringify(s), before);
  assert.deepEqual(v.seats[1].discard, s.seats[1].deck.discard, 'discard piles are public');
  assert.deepEqual(v.seats[1].play, s.seats[1].play);
  assert.deepEqual(v.seats[1].supply, s.seats[1].supply);
  assert.deepEqual(v.seats[1].setAside, s.seats[1].setAside);
  assert.deepEqual(v.seats[1].out, s.seats[1].out);
  assert.deepEqual(v.seats[1].forces, s.seats[1].forces);
  assert.equal(v.seats[1].faction, s.seats[1].faction);
  assert.equal(v.seats[1].seat, 1);
  assert.equal(v.round, s.round, 'the rest of the state is public');
});

test("determinize: the viewer's own cards kept, the others' drawn from their unseen pool with the right counts", () => {
  const s = table();
  const v = viewOf(s, 0);
  for (const seed of ['a', 'b', 'c', 'd']) {
    const d = determinizeView(v, localRng(`det-${seed}`));
    assert.deepEqual(d.seats[0].hand, s.seats[0].hand, 'own hand kept');
    assert.deepEqual(d.seats[0].deck.pool, sortIds(cardsOf(s, 0).deck), 'own deck kept as the multiset');
    assert.deepEqual(d.seats[0].casualties, s.seats[0].casualties, 'own casualty cards kept');
    assert.equal(d.seats[0].casualties.length, 1);
    const o = d.seats[1];
    assert.equal(o.hand.length, s.seats[1].hand.length, 'hand size');
    assert.equal(o.deck.pool.length + o.deck.top.length, cardsOf(s, 1).deck.length, 'deck size');
    assert.deepEqual(o.deck.top, [], 'no known top');
    assert.deepEqual(o.hand, sortIds(o.hand), 'sampled hand sorted');
    assert.deepEqual(o.deck.pool, sortIds(o.deck.pool), 'sampled deck sorted');
    assert.equal(o.casualties.length, 1);
    assert.equal(o.casualties[0].unit, s.seats[1].casualties[0].unit);
    const all = sortIds([...o.hand, ...o.deck.pool, ...o.casualties.map((c) => c.card)]);
    assert.deepEqual(all, v.seats[1].unseen, 'every unseen card placed exactly once');
    assert.deepEqual(o.deck.discard, s.seats[1].deck.discard);
    for (const k of ['play', 'supply', 'setAside', 'out', 'forces', 'faction', 'seat'] as const) assert.deepEqual(o[k], s.seats[1][k], k);
    assert.equal((d as unknown as { viewer?: unknown }).viewer, undefined, 'no viewer field in a state');
    assert.equal(d.round, s.round);
  }
});

test("determinize: a casualty's card is drawn among the unseen cards of its unit", () => {
  const s = table();
  const unit = Object.keys(s.units).find((u) => s.units[u].owner === 1)!;
  const s2 = structuredClone(s);
  s2.seats[1].casualties = [{ unit, card: s2.seats[1].hand.pop()! }];
  const v = viewOf(s2, 0);
  const pool = v.seats[1].unseen!;
  const ofUnit = pool.filter((c) => card(c).unit === unit);
  const picks = new Set<string>();
  for (let i = 0; i < 24; i++) picks.add(determinizeView(v, localRng(`cas-${i}`)).seats[1].casualties[0].card);
  for (const p of picks) assert.ok(ofUnit.includes(p), `${p} is a card of ${unit}`);
  if (new Set(ofUnit).size > 1) assert.ok(picks.size > 1, 'the pick varies with the seed');
});

