// Test helpers: drive the kernel directly with scripted randomness and hand-set hands.
import assert from 'node:assert/strict';
import { applyEntry, openDecisions, setupGame, type KState } from '../../../src/engine/kernel.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import type { GameEvent, Rng, Violation } from '../../../src/engine/types.js';
import { isViolation } from '../../../src/engine/types.js';
import { undauntedCallisto, type Action, type S } from '../../../src/games/undaunted-callisto/index.js';
import { takeAll, sortIds } from '../../../src/games/undaunted-callisto/state.js';

export const rs = undauntedCallisto;

export function start(scenario = 's1-by-force', n = 2, rng: Rng = scriptedRng([]), options: unknown = {}): KState<S> {
  const r = setupGame(rs, { scenario, seats: Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` })), options }, rng);
  if (isViolation(r)) throw new Error(r.code);
  return r.k;
}

export function decisionOf(k: KState<S>, seat: number) {
  const d = openDecisions(rs, k).find((x) => x.seat === seat);
  assert.ok(d, `seat ${seat} has no open decision: ${JSON.stringify(openDecisions(rs, k).map((x) => x.id))}`);
  return d;
}

export function tryAct(k: KState<S>, seat: number, action: Action | object, dice: number[] = []): { k: KState<S>; events: GameEvent[] } | Violation {
  const d = decisionOf(k, seat);
  return applyEntry(rs, k, { kind: "answer", seat, decision: d.id, action: action as Action }, scriptedRng(dice));
}

export function act(k: KState<S>, seat: number, action: Action | object, dice: number[] = []): { k: KState<S>; events: GameEvent[] } {
  const r = tryAct(k, seat, action, dice);
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message} for ${JSON.stringify(action)}`);
  return r;
}

export function bid(k: KState<S>, bids: Record<number, string>, rng: Rng = scriptedRng([])): { k: KState<S>; events: GameEvent[] } {
  const group = openDecisions(rs, k).find((d) => d.group)!.group!.id;
  const commits: Record<number, Action> = {};
  for (const [seat, card] of Object.entries(bids)) commits[Number(seat)] = { type: 'bid', card };
  const r = applyEntry(rs, k, { kind: 'sealed', group, commits }, rng);
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

/** A copy of k whose state is changed by fn (hands set, units moved...). */
export function edit(k: KState<S>, fn: (s: S) => void): KState<S> {
  const s = structuredClone(k.s);
  fn(s);
  return { ...k, s };
}

/** Put a seat's hand back into its deck and take the given cards (from deck, then discard, then supply). */
export function setHand(s: S, seat: number, cards: string[]): void {
  const st = s.seats[seat];
  st.deck.pool = sortIds(st.deck.pool.concat(st.hand));
  st.hand = [];
  for (const c of cards) {
    let r = takeAll(st.deck.pool, [c]);
    if (r) { st.deck.pool = r; st.hand.push(c); continue; }
    r = takeAll(st.deck.discard, [c]);
    if (r) { st.deck.discard = r; st.hand.push(c); continue; }
    r = takeAll(st.supply, [c]);
    if (r) { st.supply = r; st.hand.push(c); continue; }
    throw new Error(`setHand: ${c} not found for seat ${seat}`);
  }
  st.hand = sortIds(st.hand);
}

/** Jump to the turn of `seat` in the current round (after the bid), with the given hand. */
export function turnOf(k: KState<S>, seat: number, hand: string[]): KState<S> {
  return edit(k, (s) => {
    setHand(s, seat, hand);
    s.phase = 'turns';
    s.bidders = [];
    s.order = s.nPlayers === 4 ? [seat, ...[0, 1, 2, 3].filter((x) => x !== seat)] : [seat, 1 - seat];
    s.turn = 0;
    s.plays = 0;
    s.started = [seat];
    s.stack = [];
  });
}

export function allCards(s: S): string[] {
  const out: string[] = [];
  for (const st of s.seats) out.push(...st.hand, ...st.play, ...st.deck.pool, ...st.deck.top, ...st.deck.discard, ...st.supply,
    ...st.casualties.map((c) => c.card), ...st.setAside, ...st.out);
  out.push(...s.fac.breakers.interference, ...s.fac.lfa.interference);
  return sortIds(out);
}

export const ev = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);
export { assert, scriptedRng, isViolation };
