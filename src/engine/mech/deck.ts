// Decks as plain data: a multiset drawn at draw time ("draw late"), plus a known top prefix
// where a rule reveals or stacks cards, and a discard pile. The state never holds a future
// order beyond what the rules make known, so determinize can resample it freely.
import type { Rng } from '../types.js';

export interface Deck<C = string> {
  /** Cards known to be on top, in order (stacked or revealed). */
  top: C[];
  /** The rest of the draw pile, an unordered multiset (kept sorted for stable hashing). */
  pool: C[];
  discard: C[];
}

export function newDeck<C>(cards: readonly C[]): Deck<C> {
  return { top: [], pool: sortCards(cards.slice()), discard: [] };
}

function sortCards<C>(cs: C[]): C[] {
  return cs.sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
}

export function deckSize<C>(d: Deck<C>): number {
  return d.top.length + d.pool.length;
}

/** Draws one card: the known top first, else a uniform pick from the pool. Pure: returns a new deck. */
export function drawOne<C>(d: Deck<C>, rng: Rng): { deck: Deck<C>; card: C | null } {
  if (d.top.length) return { deck: { ...d, top: d.top.slice(1) }, card: d.top[0] };
  if (!d.pool.length) return { deck: d, card: null };
  const i = rng.int(d.pool.length);
  const pool = d.pool.slice();
  const [card] = pool.splice(i, 1);
  return { deck: { ...d, pool }, card };
}

export function draw<C>(d: Deck<C>, rng: Rng, n: number, reshuffle = false): { deck: Deck<C>; cards: C[]; reshuffled: boolean } {
  const cards: C[] = [];
  let deck = d;
  let reshuffled = false;
  for (let i = 0; i < n; i++) {
    if (deckSize(deck) === 0 && reshuffle && deck.discard.length) {
      deck = reshuffleDiscard(deck);
      reshuffled = true;
    }
    const r = drawOne(deck, rng);
    if (r.card === null) break;
    deck = r.deck;
    cards.push(r.card);
  }
  return { deck, cards, reshuffled };
}

export function discard<C>(d: Deck<C>, cards: readonly C[]): Deck<C> {
  return { ...d, discard: d.discard.concat(cards) };
}

/** Shuffle the discard pile into the draw pile (and forget any known order). */
export function reshuffleDiscard<C>(d: Deck<C>): Deck<C> {
  return { top: [], pool: sortCards(d.pool.concat(d.top, d.discard)), discard: [] };
}

/** Put cards back into the deck, unknown positions. */
export function shuffleIn<C>(d: Deck<C>, cards: readonly C[]): Deck<C> {
  return { top: [], pool: sortCards(d.pool.concat(d.top, cards)), discard: d.discard };
}

/** Remove one copy of a card from a multiset array; returns null when absent. */
export function takeCard<C>(cards: readonly C[], card: C): C[] | null {
  const i = cards.indexOf(card);
  if (i < 0) return null;
  const out = cards.slice();
  out.splice(i, 1);
  return out;
}

/** An ordered shuffle when a rule needs a physical order (e.g. dealing face-down piles). */
export function shuffled<C>(cards: readonly C[], rng: Rng): C[] {
  return rng.shuffle(cards);
}
