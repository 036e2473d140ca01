// Abaddon's position format (docs/ANALYSIS.md): the settable parts of a game at the start of a
// turn (the lock-on step): units where they stand with their crystals, hands and both decks,
// retained Wild Fire cards, cups and counters, the round, its turn order and whose turn it is.
// Everything else is the mission's set-up (board, terrain, seats, options).
import type { PositionFormat, Seat, Violation } from '../../engine/types.js';
import { violation } from '../../engine/types.js';
import type { Faction, UnitType, XY } from './data.js';
import { buildDeck, type Rules } from './rules.js';
import { cloneState, FACES, UNIT, type AbState, type Unit } from './state.js';

const int0 = { type: 'integer', minimum: 0 };
const xy = { type: 'array', items: int0, minItems: 2, maxItems: 2 };
const cards = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, maxItems: 200 };
const deck = {
  type: 'object', additionalProperties: false, required: ['pool', 'discard'],
  properties: { top: { ...cards, description: 'known cards on top, in order' }, pool: { ...cards, description: 'the rest of the draw pile (no order)' }, discard: cards },
};
const perFaction = { type: 'object', additionalProperties: false, required: ['SCS', 'CA'], properties: { SCS: int0, CA: int0 } };

export const positionSchema = {
  $id: 'AbaddonPosition',
  title: 'Abaddon position (the start of a turn, lock-on step)',
  type: 'object', additionalProperties: false,
  required: ['round', 'active', 'units', 'hands', 'ws', 'wf'],
  properties: {
    round: { type: 'integer', minimum: 1, maximum: 1000 },
    turn: { type: 'integer', minimum: 1, description: 'global turn counter (default: the round)' },
    active: { type: 'integer', minimum: 0, maximum: 3, description: 'the seat whose turn begins' },
    order: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 3 }, maxItems: 4, description: "this round's turn order (default: the active seat first, then the others)" },
    relays: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 4 }, maxItems: 4, description: 'relay number per seat (0: none); default from the order' },
    units: {
      type: 'array', maxItems: 64,
      items: {
        type: 'object', additionalProperties: false, required: ['id', 'type', 'seat', 'status'],
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9-]{1,32}$' },
          type: { enum: ['H', 'M', 'R', 'I'] },
          seat: { type: 'integer', minimum: 0, maximum: 3 },
          at: { oneOf: [xy, { type: 'null' }] },
          status: { enum: ['reserve', 'board', 'exited', 'destroyed'] },
          crystals: { type: 'integer', minimum: 0, maximum: 99, description: "default: the unit type's power" },
        },
      },
    },
    hands: { type: 'array', items: cards, maxItems: 4, description: 'Weapon System cards in each seat\'s hand' },
    ws: deck,
    wf: deck,
    retained: {
      type: 'array', maxItems: 32, description: 'retained Wild Fire cards: the marker goes on the unit',
      items: { type: 'object', additionalProperties: false, required: ['card', 'unit'], properties: { card: { type: 'string' }, unit: { type: 'string' } } },
    },
    cup: { ...perFaction, description: 'enemy crystals in each faction\'s Victory Point Cup' },
    counters: perFaction,
    kills: perFaction,
    gained: { ...int0, description: 'crystals gained from the supply so far' },
    lockons: {
      type: 'array', maxItems: 16,
      items: { type: 'object', additionalProperties: false, required: ['seat', 'at'], properties: { seat: { type: 'integer', minimum: 0, maximum: 3 }, at: xy } },
    },
    firstFaction: { enum: ['SCS', 'CA', null] },
    nextAttack: { type: 'integer', minimum: 1 },
  },
} as const;

interface Pos {
  round: number; turn?: number; active: Seat; order?: Seat[]; relays?: number[];
  units: { id: string; type: UnitType; seat: Seat; at?: XY | null; status: Unit['status']; crystals?: number }[];
  hands: string[][]; ws: { top?: string[]; pool: string[]; discard: string[] }; wf: { top?: string[]; pool: string[]; discard: string[] };
  retained?: { card: string; unit: string }[];
  cup?: Record<Faction, number>; counters?: Record<Faction, number>; kills?: Record<Faction, number>; gained?: number;
  lockons?: { seat: Seat; at: XY }[]; firstFaction?: Faction | null; nextAttack?: number;
}

const sorted = (xs: string[]) => xs.slice().sort();

function countsOf(xs: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Every copy of a card in exactly one place: the deck's multiset, no more, no less. */
function conserved(what: string, all: string[], places: string[]): Violation | null {
  const want = countsOf(all);
  const got = countsOf(places);
  for (const [c, n] of got) {
    if (!want.has(c)) return violation('unknown_card', `${what}: there is no card ${c}`, { card: c });
    if (n > want.get(c)!) return violation('card_in_two_places', `${what}: ${c} is in play ${n} times, the deck has ${want.get(c)}`, { card: c, count: n, copies: want.get(c) });
  }
  for (const [c, n] of want) {
    if ((got.get(c) ?? 0) < n) return violation('card_missing', `${what}: ${n - (got.get(c) ?? 0)} of ${n} ${c} are nowhere (hand, deck, discard${what === 'wild fire' ? ', retained' : ''})`, { card: c });
  }
  return null;
}

export function abaddonPosition(R: Rules): PositionFormat<AbState> {
  return {
    schema: positionSchema as unknown as Record<string, unknown>,
    streams: {
      dice: { description: 'every die in order: an activation die (roll-offs, Doomsday Bolt too) by its face H, M, R, I, WS or C; a battle die by the number it shows (1..its sides)', offset: 1, faces: FACES },
      'deck:ws': { description: 'a Weapon System draw: the index of the card in the sorted draw pile (from 0)' },
      'deck:wf': { description: 'a Wild Fire draw: the index of the card in the sorted draw pile (from 0)' },
      relays: { description: '3-4 players: the shuffle of relay numbers at a round start (an order of 0..n-1)' },
    },
    revealed(before: AbState, after: AbState): boolean {
      // A card that left a hand other than by a draw was shown or committed (attacks, responses).
      return before.hands.some((h, i) => {
        const now = countsOf(after.hands[i] ?? []);
        for (const [c, k] of countsOf(h)) if ((now.get(c) ?? 0) < k) return true;
        return false;
      });
    },
    toPosition(s: AbState) {
      if (s.phase !== 'lockon' || s.result) {
        return violation('not_at_a_position', `a position is taken at the start of a turn (lock-on step); this state is in the ${s.phase} step`, { phase: s.phase });
      }
      const p: Pos = {
        round: s.round, turn: s.turn, active: s.active, order: s.order.slice(), relays: s.relays.slice(),
        units: s.units.map((u) => ({ id: u.id, type: u.type, seat: u.seat, at: u.at ? [u.at[0], u.at[1]] : null, status: u.status, crystals: u.crystals })),
        hands: s.hands.map((h) => h.slice()),
        ws: { top: s.ws.top.slice(), pool: s.ws.pool.slice(), discard: s.ws.discard.slice() },
        wf: { top: s.wf.top.slice(), pool: s.wf.pool.slice(), discard: s.wf.discard.slice() },
        retained: s.retained.map((r) => ({ card: r.card, unit: r.unit })),
        cup: { ...s.cup }, counters: { ...s.counters }, kills: { ...s.kills }, gained: s.gained,
        lockons: s.lockons.map((l) => ({ seat: l.seat, at: [l.at[0], l.at[1]] as XY })), firstFaction: s.firstFaction, nextAttack: s.nextAttack,
      };
      return p;
    },
    fromPosition(raw: unknown, base: AbState): AbState | Violation {
      const p = raw as Pos;
      const s = cloneState(base);
      const n = s.seats.length;
      const seatOk = (x: number) => x >= 0 && x < n;
      if (!seatOk(p.active)) return violation('unknown_seat', `active: ${p.active} is not a seat of this ${n}-player mission`);
      if (p.hands.length !== n) return violation('wrong_hand_count', `hands: one hand per seat (${n}), got ${p.hands.length}`);
      const inside = (at: XY) => at[0] < s.width && at[1] < s.height;

      // Units: where they stand, what they carry.
      const ids = new Set<string>();
      const squares = new Map<string, string>();
      let gainedNeeded = 0;
      const units: Unit[] = [];
      for (const [i, u] of p.units.entries()) {
        const where = `units[${i}] (${u.id})`;
        if (ids.has(u.id)) return violation('duplicate_unit', `${where}: the id ${u.id} is used twice`, { unit: u.id });
        ids.add(u.id);
        if (!seatOk(u.seat)) return violation('unknown_seat', `${where}: seat ${u.seat} is not a seat of this mission`, { unit: u.id });
        const at = u.at ?? null;
        if (u.status === 'board' && !at) return violation('unit_not_placed', `${where} is on the board but has no square`, { unit: u.id });
        if (u.status !== 'board' && at) return violation('unit_misplaced', `${where} is ${u.status} and cannot stand on a square`, { unit: u.id });
        const power = UNIT[u.type].power;
        const crystals = u.crystals ?? (u.status === 'destroyed' ? 0 : power);
        if (u.status === 'destroyed' && crystals > 0) return violation('crystals_on_destroyed', `${where} is destroyed and holds no crystals`, { unit: u.id });
        if (u.status !== 'destroyed' && crystals === 0) return violation('unit_without_crystals', `${where} has no crystals left: it is destroyed`, { unit: u.id });
        if (crystals > power) gainedNeeded += crystals - power;
        if (at) {
          if (!inside(at)) return violation('off_board', `${where} stands at ${at.join(',')}, off the ${s.width}x${s.height} board`, { unit: u.id, at });
          if (R.terrainAt(s, at)) return violation('square_blocked', `${where} stands on terrain at ${at.join(',')}`, { unit: u.id, at });
          const key = `${at[0]},${at[1]}`;
          if (squares.has(key)) return violation('square_taken', `${where} and ${squares.get(key)} stand on one square (${key})`, { units: [squares.get(key), u.id], at });
          squares.set(key, u.id);
        }
        const sp = s.seats[u.seat];
        units.push({ id: u.id, type: u.type, seat: u.seat, faction: sp.faction, company: sp.company, at: at ? [at[0], at[1]] : null, status: u.status, crystals, markers: [] });
      }
      const gained = p.gained ?? 0;
      if (gainedNeeded > gained) {
        const u = units.find((x) => x.crystals > UNIT[x.type].power)!;
        return violation('crystals_over_max', `${u.id} holds ${u.crystals} crystals, over a ${UNIT[u.type].name}'s ${UNIT[u.type].power} (only ${gained} were gained from the supply)`, { unit: u.id });
      }
      const cup = p.cup ?? { SCS: 0, CA: 0 };
      const power = units.reduce((a, u) => a + UNIT[u.type].power, 0);
      const held = units.reduce((a, u) => a + u.crystals, 0);
      if (power + gained !== held + cup.SCS + cup.CA) {
        return violation('crystals_unbalanced', `crystals: units began with ${power}, ${gained} gained; ${held} on units and ${cup.SCS + cup.CA} in cups is ${held + cup.SCS + cup.CA}`, { power, gained, held, cups: cup });
      }
      for (const f of ['SCS', 'CA'] as Faction[]) {
        if (!units.some((u) => u.faction === f && u.status === 'board')) return violation('no_units_on_board', `${f} has no unit on the board: the game would be over`, { faction: f });
      }

      // Cards: every copy in one place.
      const wsTop = p.ws.top ?? [];
      const wfTop = p.wf.top ?? [];
      const retained = p.retained ?? [];
      const v1 = conserved('weapon system', buildDeck(R.data), [...p.hands.flat(), ...wsTop, ...p.ws.pool, ...p.ws.discard]);
      if (v1) return v1;
      const v2 = conserved('wild fire', R.data.wf.map((c) => c.id), [...wfTop, ...p.wf.pool, ...p.wf.discard, ...retained.map((r) => r.card)]);
      if (v2) return v2;
      const byId = new Map(units.map((u) => [u.id, u]));
      const ret: AbState['retained'] = [];
      for (const [i, r] of retained.entries()) {
        const def = R.wfById.get(r.card)!;
        if (def.effect.type !== 'retain') return violation('not_retained', `retained[${i}]: ${r.card} is not a card a unit keeps`, { card: r.card });
        const u = byId.get(r.unit);
        if (!u) return violation('unknown_unit', `retained[${i}]: no unit ${r.unit}`, { unit: r.unit });
        if (u.status !== 'board' && u.status !== 'reserve') return violation('unit_gone', `retained[${i}]: ${r.unit} is ${u.status}`, { unit: r.unit });
        u.markers.push(def.effect.marker);
        ret.push({ card: r.card, unit: u.id, marker: def.effect.marker, seat: u.seat });
      }

      // Whose turn: the round's order (eliminated seats are skipped), relays from it.
      const live = s.seats.map((_, i) => i).filter((i) => units.some((u) => u.seat === i && u.status !== 'destroyed'));
      const order = p.order ?? [p.active, ...live.filter((x) => x !== p.active)];
      if (new Set(order).size !== order.length || !order.every(seatOk)) return violation('bad_order', 'order: each seat at most once', { order });
      if (!order.includes(p.active)) return violation('bad_order', `order: the active seat ${p.active} is not in the turn order`, { order });
      if (!units.some((u) => u.seat === p.active && u.status !== 'destroyed')) return violation('active_eliminated', `seat ${p.active} has no units left to take a turn`);
      if (!units.some((u) => u.status === 'board' && u.faction !== s.seats[p.active].faction)) {
        return violation('no_enemy_on_board', `seat ${p.active} has no enemy on the board to lock on to`);
      }
      const relays = p.relays ?? s.seats.map((_, i) => order.indexOf(i) + 1);
      if (relays.length !== n) return violation('bad_relays', `relays: one number per seat (${n})`);
      const lockons = p.lockons ?? [];
      for (const [i, l] of lockons.entries()) {
        if (!seatOk(l.seat)) return violation('unknown_seat', `lockons[${i}]: seat ${l.seat} is not a seat of this mission`);
        if (!inside(l.at)) return violation('off_board', `lockons[${i}] is off the board`);
      }

      s.units = units;
      s.hands = p.hands.map(sorted);
      s.ws = { top: wsTop.slice(), pool: sorted(p.ws.pool), discard: p.ws.discard.slice() };
      s.wf = { top: wfTop.slice(), pool: sorted(p.wf.pool), discard: p.wf.discard.slice() };
      s.retained = ret;
      s.cup = { SCS: cup.SCS, CA: cup.CA };
      s.counters = p.counters ? { SCS: p.counters.SCS, CA: p.counters.CA } : { SCS: 0, CA: 0 };
      s.gained = gained;
      s.kills = p.kills ? { SCS: p.kills.SCS, CA: p.kills.CA } : { SCS: 0, CA: 0 };
      s.round = p.round;
      s.order = order.slice();
      s.relays = relays.slice();
      s.turnIdx = order.indexOf(p.active);
      s.active = p.active;
      s.turn = p.turn ?? p.round;
      s.step = 0;
      s.lockons = lockons.map((l) => ({ seat: l.seat, at: [l.at[0], l.at[1]] as XY }));
      s.phase = 'lockon';
      s.dice = []; s.moved = []; s.battled = []; s.responded = []; s.attacks = []; s.respond = [];
      s.nextAttack = p.nextAttack ?? 1;
      s.window = null;
      s.deployQueue = [];
      s.jump = { queue: [], unit: null, at: null, options: [] };
      s.divideQueue = [];
      s.rebootPending = false;
      if (p.firstFaction !== undefined) s.firstFaction = p.firstFaction;
      else s.firstFaction ??= s.seats[order[0]].faction;
      s.result = null;
      return s;
    },
  };
}
