// Mayhem decks (spec 7.7 "Mayhem deck", setup step D, checklist #50-#51): one deck per Side
// built from the units in the mission (3 cards per Elite, 1 per Minion type), a shared team hand,
// draws for 2 Mayhem cubes from any of the Side's boards, reshuffle of the discards when the
// deck is empty, and the universal free-instant uses (Shield, Armor, Action cube); Instant uses
// (universal and Instant character uses) in the other Side's Turn are taken through
// rules/instants.ts. Cards are provisional data (data/mayhem.json).
import { Type as T, type Static } from '@sinclair/typebox';
import { discard, drawOne, newDeck, reshuffleDiscard, type Deck } from '../../../engine/mech/deck.js';
import { violation, type Rng, type Violation } from '../../../engine/types.js';
import mayhemJson from '../data/mayhem.json' with { type: 'json' };
import { ActionDef, checkActions, compileAbilities, CONTENT, checkDataFile, instantShapeProblem } from '../content.js';
import { CARD_ACTIONS, isElite, LETTER, type S, type Side } from '../state.js';
import { capacity, free, say, type Ev } from './board.js';

const Use = T.Union([T.Literal('shield'), T.Literal('armor'), T.Literal('cube'), T.Literal('die')]);
const MayhemCard = T.Object({
  id: T.String(), unit: T.String({ description: 'the Elite board or Minion type the card belongs to' }), use: Use,
  /** The character use (spec 7.7, every card has one, spec 4.4 item 4): an Action of the printed type and cost that only the pictured unit takes, its id prefixed `card-`. */
  character: ActionDef,
}, { additionalProperties: false });
export type MayhemCard = Static<typeof MayhemCard>;
const MayhemFile = T.Object({
  provisional: T.Boolean(), note: T.String(),
  hands: T.Record(T.String(), T.Object({ MAYHEM: T.Integer({ minimum: 0 }), LEGION: T.Integer({ minimum: 0 }) }, { additionalProperties: false })),
  cards: T.Array(MayhemCard),
}, { additionalProperties: false });

export interface MayhemContent { cards: Record<string, MayhemCard>; hands: Record<string, Record<Side, number>> }

export function loadMayhem(raw: unknown): MayhemContent {
  checkDataFile('mayhem', MayhemFile, raw);
  const f = raw as Static<typeof MayhemFile>;
  const cards: Record<string, MayhemCard> = {};
  const per: Record<string, number> = {};
  for (const c of f.cards) {
    if (cards[c.id]) throw new Error(`mayhem card ${c.id}: duplicate id`);
    if (!CONTENT.elites[c.unit] && !CONTENT.minions[c.unit]) throw new Error(`mayhem card ${c.id}: ${c.unit} is neither an Elite nor a Minion type`);
    cards[c.id] = c; per[c.unit] = (per[c.unit] ?? 0) + 1;
    if (c.character) {
      const a = c.character;
      if (!a.id.startsWith('card-') || (a.kind === 'attack' && !a.attack)) throw new Error(`mayhem card ${c.id}: a character Action has a card- id, and an attack lists its bands`);
      const compiled = { ...a, parsed: compileAbilities(`mayhem card ${c.id}`, a.abilities), card: c.id };
      // An Instant character use (L1622 "Main, Add-on, or Instant") is taken as an Instant gadget Action is (rules/instants.ts), a group allowed on a Minion's card (L996).
      const why = a.type === 'instant' ? instantShapeProblem(compiled, !!CONTENT.minions[c.unit]) : null;
      if (why) throw new Error(`mayhem card ${c.id}: ${why}`);
      checkActions(`mayhem card ${c.id}`, [compiled]);
      (CARD_ACTIONS[c.unit] ??= []).push(compiled);
    }
  }
  for (const e of Object.keys(CONTENT.elites)) if (per[e] !== 3) throw new Error(`mayhem cards: Elite ${e} has ${per[e] ?? 0}, not 3 (L1610)`);
  for (const m of Object.keys(CONTENT.minions)) if (per[m] !== 1) throw new Error(`mayhem cards: Minion type ${m} has ${per[m] ?? 0}, not 1 (L1610)`);
  for (const id of Object.keys(f.hands)) {
    if (!CONTENT.missions[id]) throw new Error(`mayhem hands: no mission ${id}`);
    if (CONTENT.missions[id].rules !== 'advanced') throw new Error(`mayhem hands: ${id} is a Basic mission (the Mayhem deck is Advanced, spec 7.7)`);
  }
  return { cards, hands: f.hands };
}

export const MAYHEM = loadMayhem(mayhemJson);

export interface MayhemSide { deck: Deck<string>; hand: string[] }

/** The deck of a Side: 3 cards per Elite board and 1 per Minion type slotted on its Squads (setup step D). */
export function mayhemDeckList(missionId: string, side: Side): string[] {
  const m = CONTENT.missions[missionId];
  const owners = new Set<string>();
  for (const b of m.sides[side].boards) { if (isElite(b.board)) owners.add(b.board); for (const mi of b.minions ?? []) owners.add(mi); }
  return Object.values(MAYHEM.cards).filter((c) => owners.has(c.unit)).map((c) => c.id).sort();
}

/** Setup step D: shuffle each Side's deck (stream mayhem:<side>, spec 9 R4) and draw the mission's hand. Null outside Advanced missions with a hand size. */
export function setupMayhem(missionId: string, rng: Rng, ev: Ev): Record<Side, MayhemSide> | null {
  const hands = MAYHEM.hands[missionId];
  if (!hands) return null;
  const out = {} as Record<Side, MayhemSide>;
  for (const side of ['MAYHEM', 'LEGION'] as Side[]) {
    const r = rng.fork(`mayhem:${side}`);
    let deck = newDeck(mayhemDeckList(missionId, side));
    const hand: string[] = [];
    for (let i = 0; i < hands[side]; i++) { const d = drawOne(deck, r); deck = d.deck; if (d.card) hand.push(d.card); }
    out[side] = { deck, hand };
    say(ev, 'mayhem_hand', { side, cards: hand.length });
  }
  return out;
}

/** Mayhem cubes a Side may spend on a draw: `pay` names boards, one cube each (1+1 allowed). */
export function mayhemDrawProblem(s: S, side: Side, pay: string[]): Violation | null {
  if (!s.mayhem) return violation('no_mayhem_deck', 'the Mayhem deck is Advanced and this mission has none (spec 7.7)');
  if (pay.length !== 2) return violation('bad_payment', 'a draw costs 2 Mayhem cubes (spec 7.7)');
  const need: Record<string, number> = {};
  for (const b of pay) need[b] = (need[b] ?? 0) + 1;
  for (const [b, n] of Object.entries(need)) {
    const bd = s.boards[b];
    if (!bd || bd.side !== side) return violation('not_your_board', `${b} is not one of ${side}'s boards`);
    if (bd.cubes.mayhem < n) return violation('cannot_pay', `${b} has ${bd.cubes.mayhem} Mayhem cubes`);
  }
  const m = s.mayhem[side];
  if (m.deck.pool.length === 0 && m.deck.discard.length === 0) return violation('deck_empty', 'no Mayhem cards left to draw');
  return null;
}

export function mayhemDraw(s: S, side: Side, pay: string[], rng: Rng, ev: Ev): void {
  for (const b of pay) s.boards[b].cubes.mayhem--;
  const m = s.mayhem![side];
  if (m.deck.pool.length === 0) { m.deck = reshuffleDiscard(m.deck); say(ev, 'mayhem_reshuffled', { side }); }
  const d = drawOne(m.deck, rng.fork(`mayhem:${side}`));
  m.deck = d.deck;
  if (d.card) m.hand.push(d.card);
  say(ev, 'mayhem_drawn', { side, paid: pay, cards: m.hand.length });
}

/** The universal use of a card from the Side's hand (free Instant, spec 7.7); `cube` is G, Y or B for an Action-cube card. */
export function mayhemPlayProblem(s: S, side: Side, card: string, board: string, cube?: string): Violation | null {
  if (!s.mayhem) return violation('no_mayhem_deck', 'this mission has no Mayhem deck');
  if (!s.mayhem[side].hand.includes(card)) return violation('not_in_hand', `${card} is not in ${side}'s hand`);
  const c = MAYHEM.cards[card];
  const b = s.boards[board];
  if (!b || b.side !== side) return violation('not_your_board', `${board} is not one of ${side}'s boards`);
  if (c.use === 'die') return violation('attack_only', 'the extra-die use is played while attacking (not offered yet)');
  if (c.use === 'cube') {
    if (!cube || !'GYB'.includes(cube) || cube.length !== 1) return violation('choose_cube', 'choose a G, Y or B Action cube');
    if (b.kind === 'squad' || free(b, LETTER[cube]) <= 0) return violation('well_full', `${board} has no room for a ${cube} cube (no overflow gains, spec 2.2.1)`);
  } else {
    if (cube !== undefined) return violation('unknown_field', 'only an Action-cube card takes a colour');
    if (b[c.use] >= capacity(b, c.use)) return violation('well_full', `${board}'s ${c.use} well is full`);
  }
  return null;
}

/** A played card leaves the hand (one copy) for the discard pile. */
export function discardMayhem(s: S, side: Side, card: string, ev: Ev): void {
  const m = s.mayhem![side];
  const i = m.hand.indexOf(card);
  if (i < 0) return; // never reached by a legal action; a card not held must not be copied into the discard
  m.hand = m.hand.slice(0, i).concat(m.hand.slice(i + 1));
  m.deck = discard(m.deck, [card]);
  if (MAYHEM.cards[card].use === 'die') say(ev, 'mayhem_played', { side, card, use: 'die', board: null, cube: null });
}

export function mayhemPlay(s: S, side: Side, card: string, board: string, cube: string | undefined, ev: Ev): void {
  const c = MAYHEM.cards[card];
  const b = s.boards[board];
  discardMayhem(s, side, card, ev);
  if (c.use === 'cube') b.cubes[LETTER[cube!]]++;
  else if (c.use === 'shield' || c.use === 'armor') b[c.use]++;
  say(ev, 'mayhem_played', { side, card, use: c.use, board, cube: cube ?? null });
}

/** Every draw and universal play open to a Side now (few: the hand is small). */
export function mayhemCandidates(s: S, side: Side): ({ type: 'mayhemDraw'; pay: string[] } | { type: 'mayhemPlay'; card: string; board: string; cube?: string })[] {
  if (!s.mayhem) return [];
  const out: ({ type: 'mayhemDraw'; pay: string[] } | { type: 'mayhemPlay'; card: string; board: string; cube?: string })[] = [];
  const boards = Object.keys(s.boards).sort().filter((b) => s.boards[b].side === side);
  for (let i = 0; i < boards.length; i++) for (let j = i; j < boards.length; j++) {
    const pay = [boards[i], boards[j]];
    if (!mayhemDrawProblem(s, side, pay)) out.push({ type: 'mayhemDraw', pay });
  }
  for (const card of [...new Set(s.mayhem[side].hand)].sort()) for (const board of boards) {
    for (const cube of MAYHEM.cards[card].use === 'cube' ? ['G', 'Y', 'B'] : [undefined]) {
      if (!mayhemPlayProblem(s, side, card, board, cube)) out.push(cube ? { type: 'mayhemPlay', card, board, cube } : { type: 'mayhemPlay', card, board });
    }
  }
  return out;
}
