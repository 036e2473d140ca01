// Views (what a seat or a spectator may see) and determinize (a full state consistent with a view).
import type { Rng, Seat } from '../../engine/types.js';
import { card, sortIds, takeAll, type S, type SeatState } from './state.js';
import { copyJson } from '../../engine/mech/json.js';

export interface SeatView {
  seat: Seat; faction: SeatState['faction']; forces: number[];
  handCount: number; deckCount: number;
  discard: string[]; play: string[]; supply: string[]; setAside: string[]; out: string[];
  /** One entry per casualty, in order: its unit (public); the card only for the owner. */
  casualties: { unit: string; card?: string }[];
  /** Owner only. */
  hand?: string[];
  /** Owner only: the draw pile as a sorted multiset (never an order). */
  deck?: string[];
  /** Other seats: the sorted multiset of the cards in hand, deck and casualty pile together (public by deduction). */
  unseen?: string[];
}

export type View = Omit<S, 'seats'> & { viewer: Seat | null; seats: SeatView[] };

export function viewOf(s: S, seat: Seat | null): View {
  const { seats, ...pub } = s;
  return {
    ...copyJson(pub),
    viewer: seat,
    seats: seats.map((st) => {
      const base: SeatView = {
        seat: st.seat, faction: st.faction, forces: st.forces.slice(), handCount: st.hand.length,
        deckCount: st.deck.top.length + st.deck.pool.length, discard: st.deck.discard.slice(), play: st.play.slice(),
        supply: st.supply.slice(), setAside: st.setAside.slice(), out: st.out.slice(),
        casualties: st.casualties.map((c) => (st.seat === seat ? { unit: c.unit, card: c.card } : { unit: c.unit })),
      };
      if (st.seat === seat) {
        base.hand = st.hand.slice();
        base.deck = sortIds([...st.deck.top, ...st.deck.pool]);
      } else {
        base.unseen = sortIds([...st.hand, ...st.deck.top, ...st.deck.pool, ...st.casualties.map((c) => c.card)]);
      }
      return base;
    }),
  };
}

/** A full state consistent with the view: other seats' hands, decks and casualty cards sampled from their unseen pools. */
export function determinizeView(v: View, rng: Rng): S {
  const { viewer: _v, seats, ...pub } = copyJson(v);
  const out: S = { ...(pub as Omit<S, 'seats'>), seats: [] };
  for (const sv of seats) {
    let hand: string[];
    let deck: string[];
    let casualties: { card: string; unit: string }[];
    if (sv.hand && sv.deck) {
      hand = sv.hand;
      deck = sv.deck;
      casualties = sv.casualties.map((c) => ({ unit: c.unit, card: c.card! }));
    } else {
      let pool = sv.unseen!.slice();
      casualties = [];
      for (const c of sv.casualties) {
        const options = pool.filter((x) => card(x).unit === c.unit);
        const pick = options[rng.int(options.length)];
        pool = takeAll(pool, [pick])!;
        casualties.push({ unit: c.unit, card: pick });
      }
      const shuffled = rng.shuffle(pool);
      hand = sortIds(shuffled.slice(0, sv.handCount));
      deck = sortIds(shuffled.slice(sv.handCount));
    }
    out.seats.push({
      seat: sv.seat, faction: sv.faction, forces: sv.forces, deck: { top: [], pool: deck, discard: sv.discard }, hand,
      play: sv.play, supply: sv.supply, casualties, setAside: sv.setAside, out: sv.out,
    });
  }
  return out;
}
