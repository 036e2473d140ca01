// Undaunted: Callisto's position format (docs/ANALYSIS.md): a game between card plays (nothing
// half-resolved): units where they stand with their status, every seat's hand, draw pile,
// discard, supply, casualties and removed cards, control markers, doors, structures, people,
// the round, the initiative and whose turn it is (or the bid). The scenario gives the rest.
import type { PositionFormat, Seat, Violation } from '../../engine/types.js';
import { violation } from '../../engine/types.js';
import { CONTENT, FACTIONS, type Faction } from './content.js';
import { card, sortIds, type S, type SeatState } from './state.js';

const seatNo = { type: 'integer', minimum: 0, maximum: 3 };
const seatList = { type: 'array', items: seatNo, maxItems: 4 };
const cards = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, maxItems: 200 };
const side = { enum: ['scouted', 'controlled'] };
const facState = {
  type: 'object', additionalProperties: false, required: ['interference'],
  properties: {
    interference: cards,
    neutralised: { type: 'array', items: { type: 'string' } },
    destroyed: { type: 'array', items: { type: 'string' } },
    commander: { oneOf: [seatNo, { type: 'null' }] },
    nextCommander: { oneOf: [seatNo, { type: 'null' }] },
  },
};

export const positionSchema = {
  $id: 'UndauntedCallistoPosition',
  title: 'Undaunted: Callisto position (between card plays)',
  type: 'object', additionalProperties: false,
  required: ['round', 'phase', 'initiative', 'seats', 'units'],
  properties: {
    round: { type: 'integer', minimum: 1, maximum: 500 },
    phase: { enum: ['bid', 'turns'], description: "'bid': the round's initiative bid is open; 'turns': a seat is taking its turn" },
    initiative: { enum: ['breakers', 'lfa'] },
    bidders: { ...seatList, description: "phase 'bid': the seats that bid" },
    order: { ...seatList, description: "phase 'turns': this round's turn order" },
    turn: { type: 'integer', minimum: 0, maximum: 3, description: "phase 'turns': the index in `order` of the seat to play" },
    plays: { type: 'integer', minimum: 0, description: 'cards played this turn so far' },
    started: seatList,
    seats: {
      type: 'array', minItems: 2, maxItems: 4,
      items: {
        type: 'object', additionalProperties: false, required: ['hand', 'deck', 'supply'],
        properties: {
          hand: cards,
          deck: {
            type: 'object', additionalProperties: false, required: ['pool', 'discard'],
            properties: { top: cards, pool: { ...cards, description: 'the draw pile (no order)' }, discard: cards },
          },
          play: cards,
          supply: cards,
          casualties: { type: 'array', maxItems: 64, items: { type: 'object', additionalProperties: false, required: ['card', 'unit'], properties: { card: { type: 'string' }, unit: { type: 'string' } } } },
          setAside: cards,
          out: cards,
        },
      },
    },
    units: {
      type: 'object', description: 'unit id -> where it stands (a space or bridge deck id; null: off the map)',
      additionalProperties: {
        type: 'object', additionalProperties: false, required: ['at'],
        properties: { at: { oneOf: [{ type: 'string' }, { type: 'null' }] }, suppressed: { type: 'boolean' }, neutralised: { type: 'boolean' } },
      },
    },
    markers: { type: 'object', additionalProperties: { type: 'object', additionalProperties: false, properties: { breakers: side, lfa: side } } },
    doorsOpen: { type: 'array', items: { type: 'string' } },
    structures: { type: 'object', additionalProperties: { type: 'object', additionalProperties: false, required: ['destroyed'], properties: { destroyed: { type: 'boolean' } } } },
    people: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['type', 'space'], properties: { type: { enum: ['civilian', 'prisoner'] }, space: { type: 'string' } } } },
    fac: { type: 'object', additionalProperties: false, properties: { breakers: facState, lfa: facState } },
    nextId: { type: 'integer', minimum: 1 },
  },
} as const;

type SeatPos = { hand: string[]; deck: { top?: string[]; pool: string[]; discard: string[] }; play?: string[]; supply: string[]; casualties?: { card: string; unit: string }[]; setAside?: string[]; out?: string[] };
interface Pos {
  round: number; phase: 'bid' | 'turns'; initiative: Faction; bidders?: Seat[]; order?: Seat[]; turn?: number; plays?: number; started?: Seat[];
  seats: SeatPos[];
  units: Record<string, { at: string | null; suppressed?: boolean; neutralised?: boolean }>;
  markers?: S['markers']; doorsOpen?: string[]; structures?: S['structures']; people?: S['people'];
  fac?: Partial<Record<Faction, Partial<S['fac'][Faction]> & { interference: string[] }>>; nextId?: number;
}

function countsOf(xs: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Every card a faction owns, wherever it is. */
function factionCards(seats: { faction: Faction; hand: string[]; deck: { top?: string[]; pool: string[]; discard: string[] }; play?: string[]; supply: string[]; casualties?: { card: string }[]; setAside?: string[]; out?: string[] }[], interference: Record<Faction, string[]>, f: Faction): string[] {
  const out = [...interference[f]];
  for (const x of seats) {
    if (x.faction !== f) continue;
    out.push(...x.hand, ...(x.deck.top ?? []), ...x.deck.pool, ...x.deck.discard, ...(x.play ?? []), ...x.supply, ...(x.casualties ?? []).map((c) => c.card), ...(x.setAside ?? []), ...(x.out ?? []));
  }
  return out;
}

const onlySeats = (xs: Seat[], n: number) => xs.every((x) => x >= 0 && x < n);

export const undauntedPosition: PositionFormat<S> = {
  schema: positionSchema as unknown as Record<string, unknown>,
  streams: {
    dice: { description: 'every die in order, by the number it shows (1..its sides)', offset: 1 },
    'deck:0': { description: "a draw from seat 0's pile: the card's index in the sorted draw pile (from 0); deck:1, deck:2, deck:3 likewise" },
  },
  toPosition(s: S) {
    if (s.result || s.phase === 'over') return violation('not_at_a_position', 'the game is over');
    if (s.stack.length) return violation('not_at_a_position', 'a card play is half resolved (a casualty, a push or an area attack is open)', { frames: s.stack.map((f) => f.t) });
    const p: Pos = {
      round: s.round, phase: s.phase, initiative: s.initiative, bidders: s.bidders.slice(), order: s.order.slice(), turn: s.turn, plays: s.plays, started: s.started.slice(),
      seats: s.seats.map((x) => ({
        hand: x.hand.slice(), deck: { top: x.deck.top.slice(), pool: x.deck.pool.slice(), discard: x.deck.discard.slice() }, play: x.play.slice(),
        supply: x.supply.slice(), casualties: x.casualties.map((c) => ({ card: c.card, unit: c.unit })), setAside: x.setAside.slice(), out: x.out.slice(),
      })),
      units: Object.fromEntries(Object.values(s.units).map((u) => [u.id, { at: u.at, suppressed: u.suppressed, neutralised: u.neutralised }])),
      markers: JSON.parse(JSON.stringify(s.markers)), doorsOpen: s.doorsOpen.slice(), structures: JSON.parse(JSON.stringify(s.structures)),
      people: s.people.map((x) => ({ type: x.type, space: x.space })), fac: JSON.parse(JSON.stringify(s.fac)), nextId: s.nextId,
    };
    return p;
  },
  fromPosition(raw: unknown, base: S): S | Violation {
    const p = raw as Pos;
    const n = base.seats.length;
    if (p.seats.length !== n) return violation('wrong_seat_count', `seats: this game has ${n} seats, the position ${p.seats.length}`);
    const sc = CONTENT.scenarios[base.scenario];
    const map = CONTENT.maps[sc.map];

    // Cards: each card a faction owns in exactly one place.
    for (const [i, x] of p.seats.entries()) {
      for (const c of [...x.hand, ...(x.deck.top ?? []), ...x.deck.pool, ...x.deck.discard, ...(x.play ?? []), ...x.supply, ...(x.setAside ?? []), ...(x.out ?? [])]) {
        if (!CONTENT.cards[c]) return violation('unknown_card', `seats[${i}]: there is no card ${c}`, { card: c });
      }
      for (const [j, c] of (x.casualties ?? []).entries()) {
        if (!CONTENT.cards[c.card]) return violation('unknown_card', `seats[${i}].casualties[${j}]: there is no card ${c.card}`, { card: c.card });
        if (card(c.card).unit !== c.unit) return violation('casualty_mismatch', `seats[${i}].casualties[${j}]: ${c.card} is not a card of ${c.unit}`, { card: c.card, unit: c.unit });
      }
    }
    const baseInterference = { breakers: base.fac.breakers.interference, lfa: base.fac.lfa.interference };
    const interference = { breakers: p.fac?.breakers?.interference ?? baseInterference.breakers, lfa: p.fac?.lfa?.interference ?? baseInterference.lfa };
    const posSeats = p.seats.map((x, i) => ({ ...x, faction: base.seats[i].faction }));
    for (const f of FACTIONS) {
      const want = countsOf(factionCards(base.seats.map((x) => ({ ...x })), baseInterference, f));
      const got = countsOf(factionCards(posSeats, interference, f));
      for (const [c, k] of got) {
        const w = want.get(c) ?? 0;
        if (w === 0) return violation('unknown_card', `${f}: ${c} is not a card of this faction in this scenario`, { card: c, faction: f });
        if (k > w) return violation('card_in_two_places', `${f}: ${c} is in ${k} places, the faction has ${w}`, { card: c, count: k, copies: w });
      }
      for (const [c, w] of want) {
        const k = got.get(c) ?? 0;
        if (k < w) return violation('card_missing', `${f}: ${w - k} of ${w} ${c} are nowhere (hand, pile, discard, play, supply, casualties, out)`, { card: c, faction: f });
      }
    }

    // Units: known ones, on spaces of this map.
    const units: S['units'] = {};
    for (const id of Object.keys(p.units)) if (!base.units[id]) return violation('unknown_unit', `units.${id}: no such unit in ${sc.id}`, { unit: id });
    for (const [id, u] of Object.entries(base.units)) {
      const q = p.units[id];
      const at = q ? q.at : u.at;
      const neutralised = q?.neutralised ?? (q ? false : u.neutralised);
      const suppressed = q?.suppressed ?? (q ? false : u.suppressed);
      if (at !== null && !map.nodes[at]) return violation('unknown_space', `units.${id}: ${at} is not a space of map ${sc.map}`, { unit: id, at });
      if (neutralised && at !== null) return violation('neutralised_on_map', `units.${id} is neutralised and cannot stand on ${at}`, { unit: id });
      units[id] = { id, owner: u.owner, at, suppressed, neutralised };
    }

    // Whose turn.
    const bidders = p.bidders ?? [];
    const order = p.order ?? [];
    const turn = p.turn ?? 0;
    if (!onlySeats([...bidders, ...order, ...(p.started ?? [])], n)) return violation('unknown_seat', `bidders, order and started name seats 0..${n - 1}`);
    if (p.phase === 'bid') {
      if (bidders.length < 2) return violation('bad_bid', "phase 'bid' needs two bidders");
      for (const b of bidders) if (!p.seats[b].hand.length) return violation('bad_bid', `seat ${b} bids with an empty hand`, { seat: b });
    } else {
      if (order.length !== n || new Set(order).size !== n) return violation('bad_order', `order: every seat once (${n})`, { order });
      if (turn >= order.length) return violation('bad_turn', `turn: an index into order (0..${order.length - 1})`);
    }
    for (const sp of Object.keys(p.markers ?? {})) if (!map.spaces[sp]) return violation('unknown_space', `markers.${sp}: not a space of map ${sc.map}`);
    for (const id of Object.keys(p.structures ?? {})) if (!base.structures[id]) return violation('unknown_structure', `structures.${id}: no such structure in ${sc.id}`);
    for (const [i, x] of (p.people ?? []).entries()) if (!map.spaces[x.space]) return violation('unknown_space', `people[${i}]: ${x.space} is not a space of map ${sc.map}`);

    const seats: SeatState[] = p.seats.map((x, i) => ({
      seat: i, faction: base.seats[i].faction, forces: base.seats[i].forces.slice(),
      deck: { top: (x.deck.top ?? []).slice(), pool: sortIds(x.deck.pool.slice()), discard: x.deck.discard.slice() },
      hand: sortIds(x.hand.slice()), play: (x.play ?? []).slice(), supply: sortIds(x.supply.slice()),
      casualties: (x.casualties ?? []).map((c) => ({ card: c.card, unit: c.unit })), setAside: (x.setAside ?? []).slice(), out: sortIds((x.out ?? []).slice()),
    }));
    const fac = JSON.parse(JSON.stringify(base.fac)) as S['fac'];
    for (const f of FACTIONS) {
      const q = p.fac?.[f];
      if (!q) continue;
      fac[f] = {
        interference: q.interference.slice(), neutralised: (q.neutralised ?? fac[f].neutralised).slice(), destroyed: (q.destroyed ?? fac[f].destroyed).slice(),
        commander: q.commander === undefined ? fac[f].commander : q.commander, nextCommander: q.nextCommander === undefined ? fac[f].nextCommander : q.nextCommander,
      };
    }
    const s: S = {
      ...base,
      seats, fac, units,
      markers: p.markers ? JSON.parse(JSON.stringify(p.markers)) : base.markers,
      doorsOpen: (p.doorsOpen ?? base.doorsOpen).slice(),
      structures: p.structures ? { ...base.structures, ...JSON.parse(JSON.stringify(p.structures)) } : base.structures,
      people: (p.people ?? base.people).map((x) => ({ type: x.type, space: x.space })),
      round: p.round, phase: p.phase, initiative: p.initiative,
      bidders: bidders.slice().sort(), order: order.slice(), turn, plays: p.plays ?? 0, started: (p.started ?? []).slice(),
      stack: [], nextId: p.nextId ?? base.nextId, result: null,
    };
    return s;
  },
  revealed(before: S, after: S): boolean {
    // Other seats know a seat's hand, draw pile and casualty cards only together (its `unseen`
    // multiset). A card leaving the hand or the pile other than by a draw (the draw check covers
    // those) tells them where it was, unless the hand was all they could not see.
    return before.seats.some((x, i) => {
      const y = after.seats[i];
      const known = x.deck.top.length + x.deck.pool.length === 0 && x.casualties.length === 0;
      const now = countsOf(y.hand);
      const left = [...countsOf(x.hand)].some(([c, k]) => (now.get(c) ?? 0) < k);
      const pileLeft = y.deck.top.length + y.deck.pool.length < x.deck.top.length + x.deck.pool.length && y.hand.length <= x.hand.length;
      return (left && !known) || pileLeft;
    });
  },
};
