// A tiny test-only ruleset that exercises every kernel mechanism the real games use:
// secret hands drawn from a deck, a sealed simultaneous bid, public dice, a turn decision,
// a result. Rules: each seat holds 3 secret cards (1..9). Each round both bid a card in
// secret; the higher bid scores 1 and rolls a d6 (a 6 scores 1 more); ties score nothing.
// The loser (seat 0 on a tie) then chooses to draw a card or pass. First to 4 points wins;
// when a seat has no card left, the higher score wins (equal: a draw).
import { discard, draw, newDeck, type Deck } from '../../src/engine/mech/deck.js';
import { rollDie, rollEvent } from '../../src/engine/mech/dice.js';
import type { Entry, GameEvent, OpenDecision, Result, Ruleset, Seat, Step, Violation } from '../../src/engine/types.js';
import { violation } from '../../src/engine/types.js';

export interface DuelState {
  round: number;
  phase: 'bid' | 'choose';
  chooser: Seat;
  scores: number[];
  hands: number[][];
  deck: Deck<number>;
  names: string[];
}
type DuelAction = { type: 'bid'; card: number } | { type: 'draw' } | { type: 'pass' };

const deckCards = () => [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9];

function result(s: DuelState): Result | null {
  const w = s.scores.findIndex((x) => x >= 4);
  if (w >= 0) return { winners: [w], draw: false, reason: 'score', scores: { 0: s.scores[0], 1: s.scores[1] } };
  if (s.phase === 'bid' && s.hands.some((h) => h.length === 0)) {
    if (s.scores[0] === s.scores[1]) return { winners: [], draw: true, reason: 'cards_out' };
    return { winners: [s.scores[0] > s.scores[1] ? 0 : 1], draw: false, reason: 'cards_out' };
  }
  return null;
}

export const duel: Ruleset<DuelState, DuelAction, unknown> = {
  actionSchema: {
    oneOf: [
      { type: 'object', properties: { type: { const: 'bid' }, card: { type: 'integer', minimum: 0 } }, required: ['type', 'card'], additionalProperties: false },
      { type: 'object', properties: { type: { const: 'draw' } }, required: ['type'], additionalProperties: false },
      { type: 'object', properties: { type: { const: 'pass' } }, required: ['type'], additionalProperties: false },
    ],
  },
  id: 'duel',
  version: '1',
  title: 'Duel (test game)',
  players: { min: 2, max: 2 },
  scenarios: [{ id: 'standard', title: 'Standard', players: 2 }],
  optionsSchema: { type: 'object', properties: { handSize: { type: 'integer', minimum: 1, maximum: 5 } }, additionalProperties: false },

  setup({ seats, options }, ctx) {
    const handSize = (options as { handSize?: number }).handSize ?? 3;
    let deck = newDeck(deckCards());
    const hands: number[][] = [];
    const events = [];
    const rng = ctx.rng.fork('deck');
    for (const seat of seats) {
      const d = draw(deck, rng, handSize);
      deck = d.deck;
      hands.push(d.cards.sort((a, b) => a - b));
      events.push({ type: 'dealt', to: { seats: [seat.index] }, data: { seat: seat.index, cards: d.cards }, others: { seat: seat.index, count: d.cards.length } });
    }
    return { state: { round: 1, phase: 'bid', chooser: 0, scores: [0, 0], hands, deck, names: seats.map((s) => s.name) }, events };
  },

  pending(s): OpenDecision[] {
    if (result(s)) return [];
    if (s.phase === 'bid') {
      return [0, 1].map((seat) => ({
        key: `bid:${s.round}:${seat}`, seat, kind: 'bid', blocking: true, timing: 'sealed' as const,
        group: { id: `bid:${s.round}`, mode: 'sealed' as const }, context: [`round:${s.round}`], exposes: null,
        prompt: { hand: s.hands[seat] },
      }));
    }
    return [{ key: `choose:${s.round}`, seat: s.chooser, kind: 'choose', blocking: true, timing: 'turn', context: [`round:${s.round}`], exposes: null }];
  },

  candidates(s, seat, dec) {
    if (dec.kind === 'bid') return { actions: [...new Set(s.hands[seat])].map((card) => ({ type: 'bid' as const, card })), all: true };
    return { actions: [{ type: 'draw' as const }, { type: 'pass' as const }], all: true };
  },

  validate(s, seat, dec, a): Violation | null {
    if (dec.kind === 'bid') {
      if (a.type !== 'bid') return violation('wrong_action', 'this decision takes a bid');
      if (!s.hands[seat].includes(a.card)) return violation('card_not_in_hand', `card ${a.card} is not in your hand`);
      return null;
    }
    if (a.type !== 'draw' && a.type !== 'pass') return violation('wrong_action', 'draw or pass');
    return null;
  },

  apply(s, e: Entry<DuelAction>, ctx): Step<DuelState> | Violation {
    // Pure: a new state that copies only what changes and shares the rest with s.
    const events: GameEvent[] = [];
    if (e.kind === 'sealed') {
      const bids = [0, 1].map((seat) => (e.commits[seat] as { card: number }).card);
      const hands = s.hands.map((h, seat) => {
        const out = h.slice();
        out.splice(out.indexOf(bids[seat]), 1);
        return out;
      });
      const scores = s.scores.slice();
      let chooser: Seat = 0;
      events.push({ type: 'bids_revealed', to: 'all', data: { bids } });
      if (bids[0] !== bids[1]) {
        const w = bids[0] > bids[1] ? 0 : 1;
        scores[w]++;
        const d6 = rollDie(ctx.rng.fork('dice'), 6);
        events.push(rollEvent('bonus', [d6], { seat: w }));
        if (d6 === 6) scores[w]++;
        chooser = 1 - w;
      }
      return { state: { ...s, phase: 'choose', chooser, scores, hands, deck: discard(s.deck, bids) }, events };
    }
    if (e.kind === 'resign') return violation('unsupported', 'the kernel handles resignation');
    const a = e.action;
    const seat = s.chooser;
    let { deck, hands } = s;
    if (a.type === 'draw') {
      const d = draw(deck, ctx.rng.fork('deck'), 1, true);
      deck = d.deck;
      hands = hands.slice();
      hands[seat] = hands[seat].concat(d.cards).sort((x, y) => x - y);
      events.push({ type: 'drew', to: { seats: [seat] }, data: { seat, cards: d.cards }, others: { seat, count: d.cards.length } });
    } else events.push({ type: 'passed', to: 'all', data: { seat } });
    return { state: { ...s, round: s.round + 1, phase: 'bid', hands, deck }, events };
  },

  defaultAction(s, dec) {
    if (dec.kind === 'bid') return { type: 'bid', card: Math.min(...s.hands[dec.seat]) };
    return { type: 'pass' };
  },

  view(s, seat) {
    return {
      round: s.round, phase: s.phase, chooser: s.chooser, scores: s.scores, deckSize: s.deck.pool.length + s.deck.top.length,
      discard: s.deck.discard,
      seats: s.names.map((name, i) => ({ name, handSize: s.hands[i].length, hand: seat === i ? s.hands[i] : null })),
    };
  },

  evaluate(s, seat) {
    return s.scores[seat] - s.scores[1 - seat] + 0.1 * s.hands[seat].reduce((a, b) => a + b, 0);
  },

  result,
};
