// Views (spec §8.1) and determinize. Everything on the table is public; the one secret of the
// Basic game is a drawn Refresh card before its reveal, seen by the drawer's Side only. Others
// see '?' for it, and that deck's draw pile as a multiset including the hidden card(s); from the
// reveal (Refresh Phase step 1) to the discard at the end of the Turn every view shows it.
import { copyJson } from '../../engine/mech/json.js';
import type { Rng, Seat } from '../../engine/types.js';
import type { S, Side } from './state.js';
import type { Dir, EventBox } from './content.js';
import { eventBook, isEventCard } from './rules/events.js';
import { defaultBoards } from './rules/board-choice.js';

/** A seat's view: the state with others' secrets redacted, plus its own Side's Event Boxes (its Mission Book, spec 8.1). */
export type View = S & { viewer: Seat | null; eventBook?: (EventBox & { book: Side })[] };

export function viewOf(s: S, seat: Seat | null): View {
  const v = copyJson(s) as View;
  v.viewer = seat;
  const mine: Side | null = seat === null ? null : s.seats[seat] ?? null;
  // Event Boxes: a seat reads its own Side's book only; the other book's texts stay secret until triggered (spec 7.10, 8.1).
  const book = eventBook(s.mission, mine);
  if (book.length) v.eventBook = book;
  if (s.side !== mine && !drawnRevealed(s)) {
    const hidden = v.slots.filter((sl) => sl.drawn && sl.drawn !== '?').map((sl) => sl.drawn!);
    if (hidden.length) {
      for (const sl of v.slots) if (sl.drawn) sl.drawn = '?';
      v.decks[s.side].pool = v.decks[s.side].pool.concat(hidden).sort();
    }
  }
  // A Side's Mayhem hand is its own (spec 8.1): others see '?' per card and the deck's pile including them.
  if (v.mayhem) for (const side of ['MAYHEM', 'LEGION'] as Side[]) {
    if (side === mine || !v.mayhem[side].hand.length) continue;
    const m = v.mayhem[side];
    m.deck.pool = m.deck.pool.concat(m.hand).sort();
    m.hand = m.hand.map(() => '?');
  }
  // Advanced Setup: a Side's committed gadget choice is hidden from the other Side until both have chosen (spec 3.3 commit-reveal).
  if (v.gadgetChoice) for (const side of ['MAYHEM', 'LEGION'] as Side[]) {
    const c = v.gadgetChoice[side];
    if (c && side !== mine) v.gadgetChoice[side] = ['?']; // committed; what, and how many, unseen
  }
  // Advanced Setup step 1: a Side's committed board choice is hidden from the other Side until both have chosen.
  if (v.boardChoice) for (const side of ['MAYHEM', 'LEGION'] as Side[]) if (v.boardChoice[side] && side !== mine) v.boardChoice[side] = ['?'];
  // Step triggers are a seat's standing orders: private to it (spec 8.2 async protocol 3-4).
  if (v.stepTriggers) {
    const own = seat === null ? undefined : v.stepTriggers[seat];
    if (own) v.stepTriggers = { [seat!]: own }; else delete v.stepTriggers;
  }
  // W-step: a move under way shows where the unit has gone, not where it is going (its owner's Side only sees the destination).
  for (const f of v.stack) if (f.t === 'step' && s.units[f.unit].side !== mine) { f.to = '?'; f.facing = '?' as Dir; }
  return v;
}

/**
 * The drawn Refresh cards have been revealed to all (spec 6.4 step 1, L324): the Refresh Phase
 * is under way and its opening W-refresh window (the other Side's Instants before the reveal) is
 * closed; rules/turn.ts revealDrawn says `refresh_revealed` at that moment. The cards stay on
 * their slots, face up, until the Turn's discard.
 */
export function drawnRevealed(s: S): boolean {
  return s.phase === 'refresh' && !s.stack.some((f) => f.t === 'phase' && f.window === 'W-refresh');
}

/** A full state the viewer cannot tell from the real one: hidden drawn cards resampled from the pile. */
export function determinizeView(v: View, rng: Rng): S {
  const s = copyJson(v) as View;
  for (const sl of s.slots) {
    if (sl.drawn !== '?') continue;
    const pool = s.decks[s.side].pool;
    // A drawn card is never an Event Card (those resolve at once and leave the game).
    const refresh = pool.flatMap((c, k) => (isEventCard(c) ? [] : [k]));
    const i = refresh[rng.int(refresh.length)];
    sl.drawn = pool[i];
    s.decks[s.side].pool = pool.slice(0, i).concat(pool.slice(i + 1));
  }
  if (s.mayhem) for (const side of ['MAYHEM', 'LEGION'] as Side[]) {
    const m = s.mayhem[side];
    m.hand = m.hand.map((c) => {
      if (c !== '?') return c;
      const i = rng.int(m.deck.pool.length);
      const card = m.deck.pool[i];
      m.deck.pool = m.deck.pool.slice(0, i).concat(m.deck.pool.slice(i + 1));
      return card;
    });
  }
  // A hidden gadget choice: any legal choice would do; the empty choice is always legal (no Scrap spent).
  if (s.gadgetChoice) for (const side of ['MAYHEM', 'LEGION'] as Side[]) if (s.gadgetChoice[side]?.includes('?')) s.gadgetChoice[side] = [];
  // A hidden board choice: the mission's own boards (a legal choice when they are 3).
  if (s.boardChoice) for (const side of ['MAYHEM', 'LEGION'] as Side[]) if (s.boardChoice[side]?.includes('?')) s.boardChoice[side] = defaultBoards(s, side);
  // A hidden W-step destination: the move ends where the unit stands (a legal completion).
  for (const f of s.stack) if (f.t === 'step' && f.to === '?') { f.to = s.units[f.unit].at!; f.facing = s.units[f.unit].facing; }
  delete (s as Partial<View>).viewer;
  delete (s as Partial<View>).eventBook;
  return s;
}
