// Agents of Mayhem's position format (docs/ANALYSIS.md): a mission at the start of an activation
// (a Side's Turn, the next board not yet activated, nothing on the resolution stack): units on
// their spaces with facing, Downed and statuses, every board's wells, OM control, VP, both Refresh
// decks and the cards drawn this Turn, the Mayhem decks and hands (Advanced), player vehicles (their
// spaces, Wounds and this Turn's driving; a unit on a vehicle's space rides it), traffic (the drones on
// the map, the drone tiles still to enter, this Turn's Rams), the Round and whose Turn it is.
// The mission gives the map, the boards dealt and the rest.
import type { PositionFormat, Violation } from '../../engine/types.js';
import { violation } from '../../engine/types.js';
import { STATUSES } from './abilities.js';
import { CONTENT } from './content.js';
import { isEventCard, setupEventDeck } from './rules/events.js';
import { deckSize } from '../../engine/mech/deck.js';
import { capacity, defense } from './rules/board.js';
import { mayhemDeckList } from './rules/mayhem.js';
import { missionGadgets, startingGadgets } from './rules/gadgets.js';
import { missionUpgrades } from './rules/upgrades.js';
import { back, largeFits, parseKey, step, terrainCost } from './geometry.js';
import { DRONES, missionDrones, missionVehicles, VEHICLES } from './rules/vehicles.js';
import { footprint, isElite, isLarge, SIDES, slotSeats, WELLS, type Board, type S, type Side, type Slot, type Unit, type Vehicle, type Well } from './state.js';
import { drawnRevealed } from './view.js';

const int0 = { type: 'integer', minimum: 0, maximum: 99 };
const cards = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, maxItems: 200 };
const wells = { type: 'object', additionalProperties: false, required: [...WELLS], properties: Object.fromEntries(WELLS.map((w) => [w, int0])) };
const perSide = (x: object) => ({ type: 'object', additionalProperties: false, required: SIDES, properties: { MAYHEM: x, LEGION: x } });
const deck = { type: 'object', additionalProperties: false, required: ['pool', 'discard'], properties: { pool: { ...cards, description: 'the draw pile (no order: drawn late)' }, discard: cards } };

export const positionSchema = {
  $id: 'AgentsOfMayhemPosition',
  title: 'Agents of Mayhem position (the start of an activation)',
  type: 'object', additionalProperties: false,
  required: ['round', 'side', 'slots', 'units', 'boards', 'decks', 'vp'],
  properties: {
    round: { type: 'integer', minimum: 1, maximum: 20 },
    side: { enum: SIDES, description: 'the Side whose Turn it is' },
    turn: { type: 'integer', minimum: 1, description: 'Turns taken in the mission so far, this one included (status markers name the Turn they were gained; default: 1)' },
    first: { ...perSide({ type: 'boolean' }), description: "each Side's first Turn of the Round still to come or under way (no Refresh card drawn in it)" },
    slots: {
      type: 'array', minItems: 1, maxItems: 2, description: "this Turn's activations, one per player of the Side (two for a one-player Side of three players)",
      items: {
        type: 'object', additionalProperties: false, required: ['board', 'drawn'],
        properties: {
          board: { oneOf: [{ type: 'string' }, { type: 'null' }], description: 'the board activated (null: not yet)' },
          drawn: { oneOf: [{ type: 'string' }, { type: 'null' }], description: 'the Refresh card drawn for it (hidden from the other Side)' },
          main: { type: 'boolean' }, addons: { type: 'array', items: { type: 'string' }, maxItems: 8 }, penalty: int0,
        },
      },
    },
    units: {
      type: 'object', description: 'unit id -> where it stands ("x,y,Level"; null: off the map, Downed or not yet entered)',
      additionalProperties: {
        type: 'object', additionalProperties: false, required: ['at', 'facing'],
        properties: {
          at: { oneOf: [{ type: 'string', pattern: '^[0-9]+,[0-9]+,[1-4]$' }, { type: 'null' }] },
          facing: { enum: ['N', 'E', 'S', 'W'] }, downed: { type: 'boolean' }, hits: int0,
          statuses: { type: 'array', maxItems: 30, items: { type: 'object', additionalProperties: false, required: ['kind', 'turn'], properties: { kind: { enum: STATUSES }, turn: { type: 'integer', minimum: 0 } } } },
          entry: { oneOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, required: ['round', 'edge'], properties: { round: { type: 'integer', minimum: 1 }, edge: { type: 'string' } } }], description: 'still to enter: in that Round by that edge' },
        },
      },
    },
    boards: {
      type: 'object', description: 'board id -> its wells',
      additionalProperties: {
        type: 'object', additionalProperties: false, required: ['cubes', 'wounds'],
        properties: {
          shield: int0, armor: int0, cubes: wells, wounds: wells,
          disrupted: { type: 'array', items: { enum: WELLS }, maxItems: 8 }, mayhemStatus: int0,
          reinforce: { type: 'object', additionalProperties: false, required: ['G', 'Y', 'B'], properties: { G: int0, Y: int0, B: int0 } },
        },
      },
    },
    oms: { type: 'object', description: 'Objective Marker id -> the Side controlling it', additionalProperties: { enum: SIDES } },
    decks: { ...perSide(deck), description: 'the Refresh decks' },
    vp: perSide({ type: 'integer', minimum: 0, maximum: 200 }),
    mayhem: { ...perSide({ type: 'object', additionalProperties: false, required: ['hand', 'pool', 'discard'], properties: { hand: cards, pool: cards, discard: cards } }), description: 'Advanced missions with a hand size: each Side\'s Mayhem hand and deck' },
    drones: {
      type: 'object', description: 'Advanced missions with traffic: drone tile id -> on the map (its front space, facing from its back to its front, Wounds, the Road lane it drives, default the first it lies on) or destroyed; a drone tile not listed is in the supply',
      additionalProperties: {
        type: 'object', additionalProperties: false,
        properties: {
          front: { type: 'string', pattern: '^-?[0-9]+,-?[0-9]+,1$' }, facing: { enum: ['N', 'E', 'S', 'W'] }, wounds: int0,
          lane: { type: 'integer', minimum: 0, maximum: 20 }, destroyed: { const: true },
        },
      },
    },
    traffic: {
      type: 'object', additionalProperties: false, required: ['supply', 'next'], description: 'Advanced missions with traffic: the drone tiles off the map in the order they enter, and how many drones have entered (the next lane, in turn); default: the mission\'s set-up',
      properties: { supply: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, maxItems: 20 }, next: { type: 'integer', minimum: 0, maximum: 10000 } },
    },
    vehicles: {
      type: 'object', description: 'Advanced missions with Vehicle tiles: Vehicle tile id -> on the map (its front space, facing from its back to its front, on one Level; Wounds; this Turn\'s driving: Driven, MP used, moved backwards, spaces since the last maneuver) or destroyed; a tile not listed has not been summoned (default: the mission\'s set-up vehicles). A unit on one of its spaces rides it',
      additionalProperties: {
        type: 'object', additionalProperties: false,
        properties: {
          front: { type: 'string', pattern: '^[0-9]+,[0-9]+,[1-4]$' }, facing: { enum: ['N', 'E', 'S', 'W'] }, wounds: int0,
          driven: { type: 'boolean', description: 'Driven this Turn (default: a unit of its Side is on it and it is its Side\'s Turn, as at the Turn\'s start)' },
          used: int0, backwards: { type: 'boolean' }, since: { oneOf: [int0, { type: 'null' }] }, destroyed: { const: true },
        },
      },
    },
    order: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, maxItems: 40, description: 'the Vehicle and drone tiles of `vehicles` and `drones` in the order they came onto the map, which orders the rolls against several of them (tiles not named follow: the vehicles, then the drones)' },
    rammed: { type: 'array', items: { type: 'string', pattern: '^([^>]+>)?[^>]+$' }, maxItems: 100, description: 'this Turn\'s Rams: "<drone>><unit>" (a drone Rams a unit once a Turn) or "<unit>" (Rammed by a player vehicle)' },
    counters: { type: 'object', additionalProperties: false, properties: { nextId: { type: 'integer', minimum: 1 }, tick: { type: 'integer', minimum: 0 } } },
  },
} as const;

type PSlot = { board: string | null; drawn: string | null; main?: boolean; addons?: string[]; penalty?: number };
type PUnit = { at: string | null; facing: Unit['facing']; downed?: boolean; hits?: number; statuses?: Unit['statuses']; entry?: Unit['entry'] };
type PBoard = { shield?: number; armor?: number; cubes: Record<Well, number>; wounds: Record<Well, number>; disrupted?: Well[]; mayhemStatus?: number; reinforce?: Board['reinforce'] };
type PDeck = { pool: string[]; discard: string[] };
type PDrone = { front?: string; facing?: Vehicle['facing']; wounds?: number; lane?: number; destroyed?: true };
type PVehicle = { front?: string; facing?: Vehicle['facing']; wounds?: number; driven?: boolean; used?: number; backwards?: boolean; since?: number | null; destroyed?: true };
interface Pos {
  round: number; side: Side; turn?: number; first?: Record<Side, boolean>; slots: PSlot[];
  units: Record<string, PUnit>; boards: Record<string, PBoard>; oms?: Record<string, Side>;
  decks: Record<Side, PDeck>; vp: Record<Side, number>; mayhem?: Record<Side, { hand: string[]; pool: string[]; discard: string[] }>;
  counters?: { nextId?: number; tick?: number };
  drones?: Record<string, PDrone>; traffic?: { supply: string[]; next: number }; rammed?: string[];
  vehicles?: Record<string, PVehicle>; order?: string[];
}

function countsOf(xs: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Every card of a deck in exactly one place. */
function conserved(what: string, want: string[], got: string[]): Violation | null {
  const w = countsOf(want);
  const g = countsOf(got);
  for (const [c, k] of g) {
    const n = w.get(c) ?? 0;
    if (n === 0) return violation('unknown_card', `${what}: ${c} is not a card of this deck`, { card: c });
    if (k > n) return violation('card_in_two_places', `${what}: ${c} is in ${k} places, the deck has ${n}`, { card: c, count: k, copies: n });
  }
  for (const [c, n] of w) if ((g.get(c) ?? 0) < n) return violation('card_missing', `${what}: ${n - (g.get(c) ?? 0)} of ${n} ${c} are nowhere`, { card: c });
  return null;
}

const sorted = (xs: string[]) => xs.slice().sort();
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export const agentsPosition: PositionFormat<S> = {
  schema: positionSchema as unknown as Record<string, unknown>,
  streams: {
    dice: { description: "attack and fall dice in order: the face's index (from 0) in the die's face table (data/dice.json: red d12, yellow d8, white d6)" },
    'refresh:MAYHEM': { description: "a Refresh card drawn by MAYHEM: its index (from 0) in the sorted draw pile; refresh:LEGION likewise" },
    'mayhem:MAYHEM': { description: 'a Mayhem card drawn by MAYHEM (Advanced): its index in the sorted draw pile; mayhem:LEGION likewise' },
  },
  toPosition(s: S) {
    if (s.result) return violation('not_at_a_position', 'the mission is over');
    if (s.stack.length || s.phase !== 'activate') return violation('not_at_a_position', 'positions are at the start of an activation (a board to activate, nothing being resolved)', { phase: s.phase, frames: s.stack.map((f) => f.t) });
    // Explosions, building damage, Doomsday Devices, Event Markers and Cards, and timers came after the format: a
    // state holding any of them is refused by name (a fork still works), so every position is exact.
    const beyond = [
      s.explosions?.placed.length ? 'Explosion markers on the map' : '',
      Object.keys(s.objectHits ?? {}).length ? 'Hits on Explosive Objects' : '',
      Object.keys(s.collapsed ?? {}).length ? 'collapsed buildings' : '',
      (s.ddds ?? []).some((d) => d.wounds || d.destroyed || d.hacked) ? 'damaged or hacked Doomsday Devices' : '',
      s.eventMarkers?.length ? 'Event Markers' : '',
      s.eventDeck && deckSize(s.eventDeck) < (setupEventDeck(s.mission).eventDeck?.pool.length ?? 0) ? 'an Event deck already drawn from' : '',
      s.oms.some((o) => !CONTENT.missions[s.mission].oms.some((x) => x.id === o.id)) ? 'Objective Markers placed by Events' : '',
      s.timers?.length ? 'timers (delayed Actions, Dark Matter Bomb countdowns)' : '',
      s.vehicles?.some((v) => v.side !== null && !v.destroyed && v.back !== step(v.front, back(v.facing))) ? 'a vehicle whose back is not behind its front' : '',
      Object.keys(s.boards).sort().join() !== SIDES.flatMap((side) => CONTENT.missions[s.mission].sides[side].boards.map((b) => b.board)).sort().join() ? 'boards other than the mission\'s (Advanced Setup step 1)' : '',
      Object.values(s.units).some((u) => u.damage && (u.damage.shield || u.damage.armor || u.damage.wounds)) ? 'damage on Ally boards' : '',
      s.turretUsed || s.laserUsed ? 'this Turn\'s Hell Tower attack or Laser Satellite shot (used)' : '',
      s.gadgets && SIDES.some((side) => s.gadgets!.discovered[side].join() !== startingGadgets(side).join()) ? 'Discovered gadgets carried from an earlier mission (and so which gadgets are granted for this mission only)' : '',
      Object.values(s.units).some((u) => (u.gadgets ?? []).join() !== (isElite(u.board) && u.id === u.board ? missionGadgets(s.mission, u.board) : []).join()) ? 'gadgets slotted other than the mission\'s' : '',
      Object.values(s.upgrades?.owned ?? {}).some((x) => x.length) ? 'Upgrades owned from earlier missions' : '',
      Object.values(s.units).some((u) => (u.upgrades ?? []).join() !== missionUpgrades(s.mission, u.minion ?? (u.id === u.board ? u.board : '')).join()) ? 'upgrades other than the mission\'s' : '',
      [...s.decks.MAYHEM.pool, ...s.decks.LEGION.pool].some(isEventCard) || (CONTENT.missions[s.mission].events?.cards ?? []).some((c) => (c.turn ?? 0) > s.turnNo) ? 'Event Cards in or due in the Refresh decks' : '',
    ].filter(Boolean);
    if (beyond.length) return violation('not_at_a_position', `the position format does not cover ${beyond.join(', ')} yet; fork the game instead`, { beyond });
    const p: Pos = {
      round: s.round, side: s.side, turn: s.turnNo, first: { ...s.first },
      slots: s.slots.map((x) => ({ board: x.board, drawn: x.drawn, main: x.main, addons: x.addons.slice(), penalty: x.penalty })),
      units: Object.fromEntries(Object.values(s.units).map((u) => [u.id, { at: u.at, facing: u.facing, downed: u.downed, hits: u.hits, statuses: copy(u.statuses), entry: copy(u.entry) }])),
      boards: Object.fromEntries(Object.values(s.boards).map((b) => [b.id, { shield: b.shield, armor: b.armor, cubes: { ...b.cubes }, wounds: { ...b.wounds }, disrupted: b.disrupted.slice(), mayhemStatus: b.mayhemStatus, reinforce: { ...b.reinforce } }])),
      oms: Object.fromEntries(s.oms.map((o) => [o.id, o.control])),
      decks: { MAYHEM: { pool: sorted([...s.decks.MAYHEM.top, ...s.decks.MAYHEM.pool]), discard: s.decks.MAYHEM.discard.slice() }, LEGION: { pool: sorted([...s.decks.LEGION.top, ...s.decks.LEGION.pool]), discard: s.decks.LEGION.discard.slice() } },
      vp: { ...s.vp },
      ...(s.mayhem ? { mayhem: { MAYHEM: { hand: s.mayhem.MAYHEM.hand.slice(), pool: sorted([...s.mayhem.MAYHEM.deck.top, ...s.mayhem.MAYHEM.deck.pool]), discard: s.mayhem.MAYHEM.deck.discard.slice() }, LEGION: { hand: s.mayhem.LEGION.hand.slice(), pool: sorted([...s.mayhem.LEGION.deck.top, ...s.mayhem.LEGION.deck.pool]), discard: s.mayhem.LEGION.deck.discard.slice() } } } : {}),
      counters: { nextId: s.nextId, tick: s.tick },
      ...(missionVehicles(s.mission).length ? {
        vehicles: Object.fromEntries((s.vehicles ?? []).filter((v) => v.side !== null).map((v) => [v.id, v.destroyed
          ? { front: v.front, facing: v.facing, wounds: v.wounds, destroyed: true as const }
          : { front: v.front, facing: v.facing, wounds: v.wounds, driven: v.driven, used: v.used, backwards: v.backwards, since: v.since }])),
        ...(s.vehicles?.length ? { order: s.vehicles.map((v) => v.id) } : {}),
      } : {}),
      ...(s.traffic ? {
        drones: Object.fromEntries((s.vehicles ?? []).filter((v) => v.side === null).map((v) => [v.id, { front: v.front, facing: v.facing, wounds: v.wounds, lane: v.lane, ...(v.destroyed ? { destroyed: true as const } : {}) }])),
        traffic: { supply: s.traffic.supply.slice(), next: s.traffic.next },
        rammed: s.rammed?.turn === s.turnNo ? s.rammed.units.slice() : [],
      } : {}),
    };
    return p;
  },
  fromPosition(raw: unknown, base: S): S | Violation {
    const p = raw as Pos;
    const m = CONTENT.missions[base.mission];
    const cells = m.compiled.cells;
    if (p.round > m.rounds) return violation('bad_round', `round ${p.round}: ${m.id} has ${m.rounds} Round(s)`, { round: p.round });
    const turnNo = p.turn ?? 1;
    const first = p.first ?? { ...base.first };

    // Boards: the mission's, each well within its capacity (cubes, Wounds and Disrupted cubes share it).
    const boards: Record<string, Board> = copy(base.boards);
    for (const [id, q] of Object.entries(p.boards)) {
      const b = boards[id];
      if (!b) return violation('unknown_board', `boards.${id}: no such board in ${m.id}`, { board: id });
      for (const w of ['shield', 'armor'] as const) {
        const n = q[w] ?? 0;
        if (n > capacity(b, w)) return violation('over_capacity', `boards.${id}.${w}: ${n} over the well's ${capacity(b, w)}`, { board: id, well: w });
      }
      const disrupted = (q.disrupted ?? []).slice();
      for (const w of WELLS) {
        const n = q.cubes[w] + q.wounds[w] + disrupted.filter((d) => d === w).length;
        if (n > capacity(b, w)) return violation('over_capacity', `boards.${id}.${w}: ${q.cubes[w]} cubes, ${q.wounds[w]} Wounds and ${disrupted.filter((d) => d === w).length} Disrupted over the well's ${capacity(b, w)}`, { board: id, well: w });
      }
      const reinforce = q.reinforce ?? { G: 0, Y: 0, B: 0 };
      if (b.kind === 'elite' && reinforce.G + reinforce.Y + reinforce.B > 0) return violation('over_capacity', `boards.${id}.reinforce: an Elite board has no Reinforcement well`, { board: id });
      if (b.kind === 'squad' && reinforce.G + reinforce.Y + reinforce.B > CONTENT.squads[id].reinforcement) return violation('over_capacity', `boards.${id}.reinforce: over the Reinforcement well's ${CONTENT.squads[id].reinforcement}`, { board: id });
      boards[id] = { ...b, shield: q.shield ?? 0, armor: q.armor ?? 0, cubes: { ...q.cubes }, wounds: { ...q.wounds }, disrupted, mayhemStatus: q.mayhemStatus ?? 0, reinforce: { ...reinforce } };
    }

    // Units: the mission's, on spaces of its map, one per space.
    const units: Record<string, Unit> = copy(base.units);
    for (const id of Object.keys(p.units)) if (!units[id]) return violation('unknown_unit', `units.${id}: no such unit in ${m.id}`, { unit: id });
    const taken = new Map<string, string>();
    for (const [id, u] of Object.entries(units)) {
      const q = p.units[id];
      if (!q) { if (u.at) taken.set(u.at, id); continue; }
      const downed = q.downed ?? false;
      const entry = q.entry === undefined ? null : q.entry;
      if (q.at !== null) {
        if (!cells[q.at]) return violation('unknown_space', `units.${id}: ${q.at} is not a space of ${m.id}'s map`, { unit: id, at: q.at });
        if (downed) return violation('downed_on_map', `units.${id} is Downed and stands on no space`, { unit: id });
        if (entry) return violation('entry_on_map', `units.${id} enters in Round ${entry.round}: it stands on no space yet`, { unit: id });
        const other = taken.get(q.at);
        if (other) return violation('space_taken', `units ${other} and ${id} stand on one space (${q.at})`, { units: [other, id], at: q.at });
        taken.set(q.at, id);
      }
      if (entry && !m.compiled.entry[entry.edge]) return violation('unknown_edge', `units.${id}: ${m.id} has no entry edge ${entry.edge}`, { unit: id });
      // A Squad's figure off the map is in the supply (to Deploy); an Elite's is Downed or still to enter.
      if (q.at === null && !u.minion && !downed && !entry) return violation('figure_off_map', `units.${id}: an Elite figure stands on a space, is Downed, or enters later`, { unit: id });
      if (u.minion && q.at !== null && (q.hits ?? 0) >= defense(u.minion)) return violation('over_defense', `units.${id}: ${q.hits} Hits reach the Minion's Defense of ${defense(u.minion)}: it is Downed`, { unit: id });
      for (const st of q.statuses ?? []) if (st.turn > turnNo) return violation('bad_status', `units.${id}: a ${st.kind} status gained in Turn ${st.turn}, after Turn ${turnNo}`, { unit: id });
      units[id] = { ...u, at: q.at, facing: q.facing, downed, hits: q.hits ?? 0, statuses: copy(q.statuses ?? []), entry };
    }
    for (const u of Object.values(units)) {
      const b = boards[u.board];
      if (u.minion || u.downed || b.kind !== 'elite') continue;
      const wounds = WELLS.reduce((n, w) => n + b.wounds[w], 0);
      if (wounds >= CONTENT.elites[b.id].health) return violation('over_health', `boards.${b.id}: ${wounds} Wounds reach ${u.id}'s Health of ${CONTENT.elites[b.id].health}: it is Downed`, { board: b.id });
    }
    for (const [id, u] of Object.entries(units)) {
      if (!p.units[id] && u.at && taken.get(u.at) !== id) return violation('space_taken', `units ${taken.get(u.at)} and ${id} stand on one space (${u.at})`, { at: u.at });
    }
    // A Large Unit (spec 7.2.6): 2×2 Outside spaces of one Level, none shared with another unit.
    const under = new Map<string, string>();
    for (const [id, u] of Object.entries(units).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (u.at && isLarge(u) && !largeFits(m.compiled, u.at)) return violation('large_unit_space', `units.${id}: a Large Unit stands on 2×2 Outside spaces from its north-west space (${u.at})`, { unit: id, at: u.at });
      for (const k of footprint(u)) {
        const other = under.get(k);
        if (other) return violation('space_taken', `units ${other} and ${id} stand on one space (${k})`, { units: [other, id], at: k });
        under.set(k, id);
      }
    }

    // OMs: the mission's, each controlled by a Side.
    const oms = base.oms.map((o) => ({ ...o }));
    for (const [id, control] of Object.entries(p.oms ?? {})) {
      const o = oms.find((x) => x.id === id);
      if (!o) return violation('unknown_om', `oms.${id}: ${m.id} has no Objective Marker ${id}`, { om: id });
      o.control = control;
    }

    // The Turn: one slot per player of the Side, the boards activated so far first.
    const seats = slotSeats(base, p.side);
    if (p.slots.length !== seats.length) return violation('bad_slots', `slots: ${p.side} takes ${seats.length} activation(s) a Turn in a ${base.players}-player game`, { slots: seats.length });
    const open = p.slots.findIndex((x) => x.board === null);
    if (open < 0) return violation('bad_slots', 'slots: every board has been activated (a position is at the start of an activation)');
    // (At most two slots and one of them open: a board cannot have been activated twice.)
    for (const [i, x] of p.slots.entries()) {
      if (i > open && x.board !== null) return violation('bad_slots', `slots[${i}]: activations are taken in order`);
      if (x.board === null) continue;
      const b = boards[x.board];
      if (!b || b.side !== p.side) return violation('not_your_board', `slots[${i}]: ${x.board} is not a board of ${p.side}`, { board: x.board });
    }
    for (const [i, x] of p.slots.entries()) if (x.drawn && first[p.side]) return violation('bad_draw', `slots[${i}]: no Refresh card is drawn on a Side's first Turn of the Round (L338)`);

    // Refresh decks: the mission's lists, each card in one place (the drawn cards are the Side's).
    const decks = {} as S['decks'];
    for (const side of SIDES) {
      const d = p.decks[side];
      const drawn = side === p.side ? p.slots.map((x) => x.drawn).filter((c): c is string => !!c) : [];
      const bad = conserved(`decks.${side}`, m.sides[side].refreshDeck, [...d.pool, ...d.discard, ...drawn]);
      if (bad) return bad;
      decks[side] = { top: [], pool: sorted(d.pool), discard: d.discard.slice() };
    }
    let mayhem: S['mayhem'];
    if (p.mayhem && !base.mayhem) return violation('no_mayhem_deck', `mayhem: ${m.id} has no Mayhem decks (Advanced missions with a hand size, spec 7.7)`);
    if (base.mayhem) {
      mayhem = copy(base.mayhem);
      if (p.mayhem) {
        for (const side of SIDES) {
          const q = p.mayhem[side];
          const bad = conserved(`mayhem.${side}`, mayhemDeckList(base.mission, side), [...q.hand, ...q.pool, ...q.discard]);
          if (bad) return bad;
          mayhem[side] = { deck: { top: [], pool: sorted(q.pool), discard: q.discard.slice() }, hand: q.hand.slice() };
        }
      }
    }

    // Player vehicles (spec 7.16): each Vehicle tile of the mission at most once, on the map or
    // destroyed (a tile is summoned once, L2144); on the map its two halves are spaces of one Level
    // with no wall between (it drives, and falls, whole: L2122), on no other vehicle or DDD; Wounds
    // under its Strength; this Turn's driving only for the Side whose Turn it is, within its Speed.
    // A unit on its space rides it (riders are where the units are).
    if (p.vehicles && !missionVehicles(base.mission).length) return violation('no_vehicles', `${m.id} has no Vehicle tiles (player Vehicles are Advanced, L93)`);
    let vehicles: Vehicle[] | undefined;
    if (p.vehicles) {
      vehicles = [];
      const under = new Map<string, string>();
      for (const [id, q] of Object.entries(p.vehicles)) {
        const def = VEHICLES[id];
        if (!def || !missionVehicles(base.mission).includes(id)) return violation('unknown_vehicle', `vehicles.${id}: not a Vehicle tile of ${m.id}${DRONES[id] ? ' (drones go in `drones`)' : ''}`, { vehicle: id });
        const facing = q.facing ?? 'N';
        if (q.destroyed) {
          vehicles.push({ id, side: def.side, front: q.front ?? '', back: q.front ? step(q.front, back(facing)) : '', facing, wounds: q.wounds ?? def.strength, destroyed: true, driven: false, used: 0, backwards: false, since: null });
          continue;
        }
        if (!q.front || !q.facing) return violation('bad_vehicle', `vehicles.${id}: a vehicle on the map has a front space and a facing`, { vehicle: id });
        const behind = step(q.front, back(q.facing));
        for (const k of [q.front, behind]) if (!cells[k]) return violation('vehicle_off_map', `vehicles.${id}: ${k} (its ${k === q.front ? 'front' : 'back'}) is not a space of ${m.id}'s map`, { vehicle: id, at: k });
        const [fx, fy, fz] = parseKey(q.front); const [bx, by] = parseKey(behind);
        if (terrainCost(m.compiled, fz, bx, by, fx, fy) === Infinity) return violation('vehicle_split', `vehicles.${id}: a wall runs between its halves (${behind} and ${q.front}); a Vehicle tile lies whole on 2 spaces of one Level (L2061, L2122)`, { vehicle: id });
        for (const k of [q.front, behind]) {
          const other = under.get(k) ?? (base.ddds ?? []).find((d) => !d.destroyed && d.at.includes(k))?.id;
          if (other) return violation('vehicle_overlap', `vehicles.${id}: ${k} holds ${under.has(k) ? `the vehicle ${other}` : `the Doomsday Device ${other}`}`, { vehicle: id, at: k, other });
          under.set(k, id);
        }
        if ((q.wounds ?? 0) >= def.strength) return violation('over_strength', `vehicles.${id}: ${q.wounds} Wounds reach its Strength of ${def.strength}: it is destroyed`, { vehicle: id });
        const driven = q.driven ?? (def.side === p.side && Object.values(units).some((u) => u.side === def.side && !isLarge(u) && (u.at === q.front || u.at === behind)));
        const used = q.used ?? 0; const backwards = q.backwards ?? false; const since = q.since ?? null;
        if (def.side !== p.side && (driven || used || backwards || since !== null)) return violation('bad_vehicle_turn', `vehicles.${id}: ${def.side}'s vehicle is Driven only in ${def.side}'s Turn (spec 7.16.2)`, { vehicle: id });
        if (!driven && (used || backwards || since !== null)) return violation('bad_vehicle_turn', `vehicles.${id}: a vehicle that is not Driven this Turn has not moved`, { vehicle: id });
        if (used > (backwards ? 3 : def.speed)) return violation('bad_vehicle_turn', `vehicles.${id}: ${used} MP used over its Speed of ${backwards ? '3 (moved backwards)' : def.speed} (L2092)`, { vehicle: id });
        vehicles.push({ id, side: def.side, front: q.front, back: behind, facing: q.facing, wounds: q.wounds ?? 0, driven, used, backwards, since });
      }
    } else vehicles = base.vehicles?.filter((v) => v.side !== null).map(copy);

    // Traffic (spec 7.16.4): each drone tile of the mission in the supply, on the map or destroyed,
    // once; a drone on the map lies wholly on a Road lane, its back the lane space before its front
    // (it drives by the arrows, L2152), on no other drone or DDD space; this Turn's Rams name drones
    // and units of the mission (a player vehicle's Ram is kept by the unit's id).
    let traffic = base.traffic ? copy(base.traffic) : undefined;
    let rammed: S['rammed'];
    if ((p.drones || p.traffic || p.rammed?.length) && !base.traffic) return violation('no_traffic', `${m.id} has no traffic (drones are in Advanced missions whose map has Roads, L2057)`);
    if (base.traffic) {
      const tiles = missionDrones(base.mission);
      const placed = p.drones ?? (p.traffic ? {} : Object.fromEntries((base.vehicles ?? []).filter((v) => v.side === null).map((v) => [v.id, { front: v.front, facing: v.facing, lane: v.lane }])));
      const supply = p.traffic?.supply ?? base.traffic.supply.slice();
      const bad = conserved('drones and traffic.supply', tiles, [...Object.keys(placed), ...supply]);
      if (bad) return bad;
      const drones: Vehicle[] = [];
      const under = new Set<string>();
      for (const [id, q] of Object.entries(placed)) {
        if (q.destroyed) {
          // Off the map for good (its tile removed, L2144); where it was and its lane are kept as a record.
          const facing = q.facing ?? 'N';
          drones.push({ id, side: null, front: q.front ?? '', back: q.front ? step(q.front, back(facing)) : '', facing, wounds: q.wounds ?? DRONES[id]?.strength ?? 0, destroyed: true, driven: false, used: 0, backwards: false, since: null, ...(q.lane === undefined ? {} : { lane: q.lane }) });
          continue;
        }
        if (!q.front || !q.facing) return violation('bad_drone', `drones.${id}: a drone on the map has a front space and a facing`, { drone: id });
        const behind = step(q.front, back(q.facing));
        const lanes = m.compiled.lanes.map((_, i) => i).filter((i) => { const c = m.compiled.lanes[i].cells; const k = c.indexOf(q.front!); return k > 0 && c[k - 1] === behind; });
        const lane = q.lane ?? lanes[0];
        if (lane === undefined || !lanes.includes(lane)) return violation('off_road', `drones.${id}: ${behind} to ${q.front} (facing ${q.facing}) is not on ${q.lane === undefined ? 'a' : `Road lane ${q.lane}`}: a drone lies on its lane, its back the space before its front (L2152)`, { drone: id });
        const strength = DRONES[id]?.strength ?? Infinity;
        if ((q.wounds ?? 0) >= strength) return violation('over_strength', `drones.${id}: ${q.wounds} Wounds reach its Strength of ${strength}: it is destroyed`, { drone: id });
        for (const k of [q.front, behind]) {
          if (under.has(k)) return violation('space_taken', `drones.${id}: ${k} holds another drone`, { drone: id, at: k });
          under.add(k);
        }
        drones.push({ id, side: null, front: q.front, back: behind, facing: q.facing, wounds: q.wounds ?? 0, driven: false, used: 0, backwards: false, since: null, lane });
      }
      for (const v of vehicles ?? []) if (!v.destroyed && (under.has(v.front) || under.has(v.back))) return violation('vehicle_overlap', `a drone and the vehicle ${v.id} on one space`, { vehicle: v.id });
      for (const d of base.ddds ?? []) for (const k of d.destroyed ? [] : d.at) if (under.has(k)) return violation('space_taken', `a drone on the Doomsday Device ${d.id}`, { ddd: d.id });
      const all = [...(vehicles ?? []), ...drones]; // the vehicles, then the drones, unless `order` says otherwise
      vehicles = all.length ? all : base.vehicles ? [] : undefined;
      traffic = { supply: supply.slice(), next: p.traffic?.next ?? base.traffic.next };
      for (const r of p.rammed ?? []) {
        const [d, u] = r.includes('>') ? r.split('>') : [null, r];
        if ((d !== null && !tiles.includes(d)) || !units[u]) return violation('bad_rammed', `rammed: ${r} names no ${d === null ? 'unit' : 'drone and unit'} of ${m.id}`, { rammed: r });
      }
      if (p.rammed?.length) rammed = { turn: turnNo, units: p.rammed.slice() };
    }
    if (!base.traffic && vehicles && !vehicles.length && !base.vehicles) vehicles = undefined;
    // The order the tiles came onto the map (the order rolls against several of them are made in).
    if (p.order) {
      const ids = (vehicles ?? []).map((v) => v.id);
      const bad = p.order.find((id, i) => !ids.includes(id) || p.order!.indexOf(id) !== i);
      if (bad) return violation('bad_order', `order: ${bad} is ${ids.includes(bad) ? 'named twice' : 'no vehicle or drone tile on the map or destroyed'}`, { order: p.order, tile: bad });
      const rest = (vehicles ?? []).filter((v) => !p.order!.includes(v.id));
      if (vehicles) vehicles = [...p.order.map((id) => vehicles!.find((v) => v.id === id)!), ...rest];
    }

    const slots: Slot[] = p.slots.map((x, i) => ({
      seat: seats[i], board: x.board, drawn: x.drawn, done: i < open, main: x.main ?? false, addons: (x.addons ?? []).slice(), mp: null, pool: 0, penalty: x.penalty ?? 0, fire: null, group: null,
    }));
    const s: S = {
      ...base,
      round: p.round, turnNo, side: p.side, first: { ...first }, phase: 'activate', slots, slot: open,
      boards, units, oms, decks, vp: { ...p.vp },
      stack: [], nextId: p.counters?.nextId ?? base.nextId, tick: p.counters?.tick ?? base.tick, deployed: false,
      ...(mayhem ? { mayhem } : {}),
      ...setupEventDeck(base.mission), // the mission's whole Event deck: a position never holds one drawn from
      vehicles, traffic, rammed,
      result: null,
    };
    if (!s.vehicles) delete s.vehicles;
    if (!s.traffic) delete s.traffic;
    if (!s.rammed) delete s.rammed;
    return s;
  },
  revealed(before: S, after: S): boolean {
    // A drawn Refresh card is revealed to all at Refresh Phase step 1 (the draw event went to the
    // Side only; view.ts drawnRevealed); a Mayhem card played from a hand was a secret of its Side until then.
    const drawn = before.slots.some((x) => x.drawn) && !drawnRevealed(before);
    if (drawn && (drawnRevealed(after) || after.turnNo !== before.turnNo || after.result)) return true;
    if (!before.mayhem || !after.mayhem) return false;
    return SIDES.some((side) => {
      const now = countsOf(after.mayhem![side].hand);
      return [...countsOf(before.mayhem![side].hand)].some(([c, k]) => (now.get(c) ?? 0) < k);
    });
  },
};
