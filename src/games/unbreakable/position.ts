// Unbreakable's position format (docs/ANALYSIS.md): a game in play at the start of an activation
// (the card drawn, no unit of it has acted yet): units where they stand with status,
// configuration, stasis and weapon cards, objects, the map's converted hexes, markers and clouds,
// the action deck (draw pile, discards, unused Earthquake cards), the turn and the card being
// resolved. The scenario and options give the rest. Nothing is hidden once play has begun (§10).
import type { PositionFormat, Seat, Violation } from '../../engine/types.js';
import { violation } from '../../engine/types.js';
import { CONTENT, scenarioDef } from './content.js';
import { points } from './geometry.js';
import { cardInfo } from './rules/turn.js';
import { platoonIds, platoonProblem, TYPES } from './rules/scenario.js';
import {
  BEAMS, BOMBS, COLOURS, SIZES, type Frame, type HexState, type Loadout, type ObjectState, type S, type Side, type SideSetup, type Unit, type UType, type Weapon,
} from './state.js';

const hex = { type: 'string', pattern: '^[0-9]{4}$' };
const cards = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, maxItems: 64 };
const sideEnum = { enum: ['blue', 'yellow'] };
const loadout = {
  type: 'object', additionalProperties: false, required: ['beams', 'bombs'],
  properties: { beams: { type: 'array', items: { enum: BEAMS }, maxItems: 2 }, bombs: { type: 'array', items: { enum: BOMBS }, maxItems: 2 } },
};
const sideSetup = {
  type: 'object', additionalProperties: false, required: ['platoon', 'loadouts', 'places', 'flag'],
  properties: {
    platoon: { oneOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, required: ['crawler', 'walker', 'squad'], properties: { crawler: { type: 'integer', minimum: 0, maximum: 4 }, walker: { type: 'integer', minimum: 0, maximum: 4 }, squad: { type: 'integer', minimum: 0, maximum: 4 } } }] },
    loadouts: { type: 'array', items: loadout, maxItems: 12 },
    places: { type: 'array', items: hex, maxItems: 12 },
    flag: { oneOf: [hex, { type: 'null' }] },
  },
};

export const positionSchema = {
  $id: 'UnbreakablePosition',
  title: 'Unbreakable position (in play, at the start of an activation)',
  type: 'object', additionalProperties: false,
  required: ['turn', 'activation', 'deck', 'unusedQuakes', 'units'],
  properties: {
    turn: { type: 'integer', minimum: 1, maximum: 100 },
    round: { enum: [1, 2], description: 'Industrial Wasteland match: the round being played (2: sides swapped)' },
    previous: {
      type: 'object', additionalProperties: false, required: ['completed', 'ts'], description: 'round 2 of the match: how round 1 went (the seat that was Yellow completed its mission, after ts Time Stream draws)',
      properties: { completed: { type: 'boolean' }, ts: { type: 'integer', minimum: 0, maximum: 400 } },
    },
    timeStreams: { type: 'integer', minimum: 0, maximum: 400, description: 'Time Stream cards drawn this round (Industrial Wasteland scoring; default: those drawn this turn)' },
    activation: {
      type: 'object', additionalProperties: false, required: ['card'],
      properties: { card: { type: 'string', description: 'the activation card being resolved (or a Walker Overload Opportunity card)' } },
    },
    deck: {
      type: 'object', additionalProperties: false, required: ['pool', 'discard'],
      properties: { pool: { ...cards, description: 'the draw pile (no order: drawn late, §5.1)' }, discard: { ...cards, description: 'drawn this turn (and Earthquake cards added)' } },
    },
    unusedQuakes: { ...cards, description: 'the Earthquake cards not in play (§8.3)' },
    units: {
      type: 'array', maxItems: 26,
      items: {
        type: 'object', additionalProperties: false, required: ['id', 'at', 'status', 'config', 'weapons'],
        properties: {
          id: { type: 'string', pattern: '^[A-Z0-9]{2}$' },
          at: { oneOf: [hex, { type: 'null' }], description: 'the hex; null: off the map (staged along its entry edge, or gone)' },
          edge: { enum: ['north', 'south', null] },
          status: { enum: ['ready', 'buttoned', 'offline'], description: "'offline' is scattered for a squad" },
          frozen: { type: 'boolean' },
          config: { enum: ['up', 'down', 'hover', 'ground', 'none'], description: 'walker up/down, squad hover/ground, crawler none' },
          stasis: { type: 'integer', minimum: 0, maximum: 20 },
          weapons: {
            type: 'array', maxItems: 4,
            items: {
              type: 'object', additionalProperties: false, required: ['id', 'kind', 'size', 'loaded'],
              properties: { id: { enum: ['beam1', 'beam2', 'bomb1', 'bomb2'] }, kind: { enum: [...BEAMS, ...BOMBS] }, size: { enum: SIZES }, loaded: { type: 'boolean' } },
            },
          },
          carrying: { oneOf: [{ type: 'string' }, { type: 'null' }] },
          gone: { oneOf: [{ type: 'string', minLength: 1, maxLength: 32 }, { type: 'null' }], description: 'why the unit left the game (lava, volcano, exit, …); null: in the game' },
        },
      },
    },
    objects: {
      type: 'array', maxItems: 3,
      items: {
        type: 'object', additionalProperties: false, required: ['id', 'at'],
        properties: {
          id: { enum: ['satellite', 'blueFlag', 'yellowFlag'] }, at: { oneOf: [hex, { type: 'null' }] },
          carriedBy: { oneOf: [{ type: 'string' }, { type: 'null' }] }, gone: { oneOf: [{ type: 'string', minLength: 1, maxLength: 32 }, { type: 'null' }] },
          stasis: { type: 'integer', minimum: 0, maximum: 20 }, frozen: { type: 'boolean' },
        },
      },
    },
    map: {
      type: 'object', description: 'hexes that differ from the printed map: converted terrain, epicenter markers, border colours, clouds',
      additionalProperties: {
        type: 'object', additionalProperties: false, required: ['terrain'],
        properties: {
          terrain: { enum: ['clear', 'road', 'hill', 'industry', 'lake', 'woods', 'crater', 'lava', 'rough', 'volcano'] },
          epicenter: { enum: COLOURS }, border: { enum: COLOURS },
          cloud: { type: 'object', additionalProperties: false, required: ['size', 'turn'], properties: { size: { enum: SIZES }, turn: { type: 'integer', minimum: 1 } } },
        },
      },
    },
    runawayController: { enum: ['blue', 'yellow', null] },
    sdButtoned: { type: 'boolean' },
    setup: { type: 'object', additionalProperties: false, properties: { blue: sideSetup, yellow: sideSetup }, description: "each side's set-up choices as shown in views (default: read off the units)" },
    moves: { type: 'integer', minimum: 0 },
    frames: { type: 'integer', minimum: 1 },
  },
} as const;

type PUnit = { id: string; at: string | null; edge?: 'north' | 'south' | null; status: Unit['status']; frozen?: boolean; config: Unit['config']; stasis?: number; weapons: Weapon[]; carrying?: string | null; gone?: string | null };
type PObject = { id: ObjectState['id']; at: string | null; carriedBy?: string | null; gone?: string | null; stasis?: number; frozen?: boolean };
interface Pos {
  turn: number; round?: 1 | 2; previous?: { completed: boolean; ts: number }; timeStreams?: number;
  activation: { card: string }; deck: { pool: string[]; discard: string[] }; unusedQuakes: string[];
  units: PUnit[]; objects?: PObject[]; map?: Record<string, HexState>;
  runawayController?: Side | null; sdButtoned?: boolean; setup?: Partial<Record<Side, SideSetup>>; moves?: number; frames?: number;
}

const SIDES: Side[] = ['blue', 'yellow'];
const CONVERTED = new Set(['crater', 'lava', 'volcano']);
const CRUSHABLE = new Set(['hill', 'industry', 'woods']);

function countsOf(xs: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Every unit id a side may have, with its type (the platoon's unit cards, §2.4). */
function unitCard(id: string): { side: Side; type: UType } | null {
  for (const t of TYPES) for (const side of SIDES) if (CONTENT.units[t].ids[side].includes(id)) return { side, type: t };
  return null;
}

/** The scenario's own pieces run by the rules: Special Delivery's Yellow crawler, the Runaway crawler. */
function specialUnits(scenario: string): Record<string, { side: Unit['side']; edge: Unit['edge'] }> {
  if (scenario === 'special-delivery') return { CA: { side: 'yellow', edge: 'south' } };
  if (scenario === 'runaway') return { RC: { side: 'neutral', edge: null } };
  return {};
}

/** The whole action deck of this game: activation and Time Stream cards, Opportunity cards when in, Earthquake cards. */
function allCards(s: S): string[] {
  const sc = scenarioDef(s.scenario)!;
  const out = CONTENT.actionDeck.slice();
  if (sc.opportunity || s.options.opportunity) out.push(...CONTENT.opportunityDeck);
  for (const q of CONTENT.cards.earthquake) for (let i = 0; i < q.count; i++) out.push(q.id);
  return out;
}

const loadoutOf = (u: Unit): Loadout => ({
  beams: u.weapons.filter((w) => w.id.startsWith('beam')).map((w) => w.kind).sort() as Loadout['beams'],
  bombs: u.weapons.filter((w) => w.id.startsWith('bomb')).map((w) => w.kind).sort() as Loadout['bombs'],
});

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export const unbreakablePosition: PositionFormat<S> = {
  schema: positionSchema as unknown as Record<string, unknown>,
  streams: {
    dice: { description: 'combat dice in order, by the face of the d6 (1..6; odd is ☺)', offset: 1 },
    d6: { description: 'the Runaway program and direction d6 (1..6)', offset: 1 },
    'deck:action': { description: 'the next action card: its index in the sorted draw pile (from 0)' },
    quake: { description: 'earthquake colour dice', faces: COLOURS },
    runaway: { description: "the Runaway crawler's random picks: an index (from 0) among its options" },
  },
  toPosition(s: S) {
    if (s.result) return violation('not_at_a_position', 'the game is over');
    if (s.phase !== 'play') return violation('not_at_a_position', 'the sealed set-up is under way (positions are in play)');
    const [card, act] = s.stack as [Frame, Frame];
    if (s.stack.length !== 2 || card.f !== 'card' || act.f !== 'act' || Object.keys(act.turns).length) {
      return violation('not_at_a_position', 'positions are at the start of an activation (a card drawn, no unit of it has acted yet)', { frames: s.stack.map((f) => f.f) });
    }
    // The Chrome experimental weapons and walker equipment came after the format: a state that
    // holds any of them is refused by name (a fork still works), so every position is exact.
    const chrome = [
      (s.vortexes ?? []).length ? 'vortexes' : '',
      Object.values(s.units).some((u) => u.converted || u.jets) ? 'converted or hovering walkers' : '',
      Object.values(s.units).some((u) => u.weapons.some((w) => !(BEAMS as readonly string[]).includes(w.kind) && !(BOMBS as readonly string[]).includes(w.kind))) ? 'experimental weapons or walker equipment' : '',
    ].filter(Boolean);
    if (chrome.length) return violation('not_at_a_position', `the position format does not cover ${chrome.join(', ')} yet; fork the game instead`, { beyond: chrome });
    const map: Record<string, HexState> = {};
    for (const h of CONTENT.hexIds) {
      const m = s.map[h];
      if (m.terrain !== CONTENT.terrain[h] || m.epicenter || m.border || m.cloud) map[h] = copy(m);
    }
    return {
      turn: s.turn, round: s.round as 1 | 2, ...(s.rounds.length ? { previous: { completed: s.rounds[0].completed, ts: s.rounds[0].ts } } : {}), timeStreams: s.tsTotal,
      activation: { card: act.card },
      deck: { pool: s.deck.top.concat(s.deck.pool).sort(), discard: s.deck.discard.slice() }, unusedQuakes: s.unusedQuakes.slice(),
      units: Object.values(s.units).map((u) => ({
        id: u.id, at: u.at, edge: u.edge, status: u.status, frozen: u.frozen, config: u.config, stasis: u.stasis, weapons: copy(u.weapons), carrying: u.carrying, gone: u.gone,
      })),
      objects: Object.values(s.objects).map((o) => copy(o)).map(({ kind: _k, ...o }) => o),
      map, runawayController: s.runawayController, sdButtoned: s.sdButtoned, setup: copy(s.setup), moves: s.moves, frames: s.seq,
    } satisfies Pos;
  },
  fromPosition(raw: unknown, base: S): S | Violation {
    const p = raw as Pos;
    const sc = scenarioDef(base.scenario)!;
    const opts = base.options;
    if (p.turn > opts.turnCap) return violation('bad_turn', `turn ${p.turn} is past this game's turn cap (${opts.turnCap})`, { turn: p.turn });
    const round = p.round ?? 1;
    const match = base.scenario === 'industrial-wasteland' && opts.rounds === 2;
    if (round === 2 && !match) return violation('no_match', 'round 2 exists only in the Industrial Wasteland match (option rounds: 2)');
    if (round === 2 && !p.previous) return violation('no_match', 'round 2 needs `previous`: how round 1 went');
    const seatOf: Record<Side, Seat | null> = round === 2 ? { blue: base.seatOf.yellow, yellow: base.seatOf.blue } : { ...base.seatOf };

    // Units: the platoons' unit cards (C1…, W1…, S1… for Blue, CA…, WA…, SA… for Yellow) and the scenario's own crawler.
    const special = specialUnits(base.scenario);
    const units: Record<string, Unit> = {};
    for (const [i, q] of p.units.entries()) {
      const where = `units[${i}] (${q.id})`;
      if (units[q.id]) return violation('duplicate_unit', `${where}: unit ${q.id} is listed twice`, { unit: q.id });
      const sp = special[q.id];
      const cardOf = sp ? { side: sp.side, type: 'crawler' as UType } : unitCard(q.id);
      if (!cardOf || (!sp && seatOf[cardOf.side as Side] === null)) return violation('unknown_unit', `${where}: ${q.id} is no unit of this scenario (${sc.title})`, { unit: q.id });
      const { side, type } = cardOf;
      const gone = q.gone ?? null;
      if (gone && q.at !== null) return violation('gone_on_map', `${where}: a unit that left the game (${gone}) stands nowhere`, { unit: q.id });
      let edge: Unit['edge'] = null;
      if (q.at !== null) {
        if (!(q.at in CONTENT.terrain)) return violation('off_map', `${where}: ${q.at} is not a hex of the map`, { unit: q.id, at: q.at });
      } else if (!gone) {
        const zone = sp ? (sp.edge ? `${sp.edge}Edge` : null) : sc[side as Side];
        if (zone !== 'northEdge' && zone !== 'southEdge') return violation('off_map', `${where}: ${q.id} starts on the map in this scenario: give it a hex, or \`gone\``, { unit: q.id });
        edge = zone === 'northEdge' ? 'north' : 'south';
        if (q.edge && q.edge !== edge) return violation('off_map', `${where}: ${q.id} enters from the ${edge} edge`, { unit: q.id });
      }
      const okConfig = type === 'crawler' ? q.config === 'none' : type === 'walker' ? q.config === 'up' || q.config === 'down' : q.config === 'hover' || q.config === 'ground';
      if (!okConfig) return violation('bad_config', `${where}: a ${type} is ${type === 'crawler' ? 'none' : type === 'walker' ? 'up or down' : 'hovering or on the ground'}, not ${q.config}`, { unit: q.id });
      if (type === 'squad' && q.status === 'offline' && q.config !== 'ground') return violation('bad_config', `${where}: a scattered squad is on the ground (§5.4)`, { unit: q.id });
      const def = CONTENT.units[type];
      const seen = new Set<string>();
      for (const w of q.weapons) {
        if (seen.has(w.id)) return violation('bad_weapon', `${where}: weapon ${w.id} twice`, { unit: q.id });
        seen.add(w.id);
        const beam = w.id.startsWith('beam');
        if (beam !== (BEAMS as string[]).includes(w.kind)) return violation('bad_weapon', `${where}: ${w.id} holds a ${beam ? 'beam (force, laser, stasis)' : 'bomb (crust, neutron, nuke)'} card, not ${w.kind}`, { unit: q.id, weapon: w.id });
        const max = Math.max(...(beam ? def.beams : def.bombs));
        if (Number(w.id.slice(-1)) > max) return violation('bad_weapon', `${where}: a ${type} carries at most ${max} ${beam ? 'beam' : 'bomb'} card(s)`, { unit: q.id, weapon: w.id });
        if (w.size !== def.oneCardSize && w.size !== def.twoCardSize) return violation('bad_weapon', `${where}: a ${type}'s weapons are ${def.oneCardSize} or ${def.twoCardSize}, not ${w.size}`, { unit: q.id, weapon: w.id });
      }
      units[q.id] = {
        id: q.id, side, type, at: q.at, edge, status: q.status, frozen: q.frozen ?? false, config: q.config, stasis: q.stasis ?? 0,
        weapons: q.weapons.map((w) => ({ id: w.id, kind: w.kind, size: w.size, loaded: w.loaded })), carrying: q.carrying ?? null, gone,
      };
    }
    for (const id of Object.keys(special)) if (!units[id]) return violation('unit_missing', `units: ${id} is part of ${sc.title}`, { unit: id });
    // A platoon of the agreed size (§3), its unit cards numbered from the first of each type.
    for (const side of SIDES) {
      if (seatOf[side] === null) continue;
      const mine = Object.values(units).filter((u) => u.side === side && !special[u.id]);
      const platoon = { crawler: 0, walker: 0, squad: 0 };
      for (const u of mine) platoon[u.type]++;
      const fixed = side === 'blue' ? sc.fixedBlue : undefined;
      const why = fixed ? (fixed.crawler === platoon.crawler && fixed.walker === platoon.walker && fixed.squad === platoon.squad ? null : `this scenario's Blue platoon is ${fixed.crawler} crawler(s), ${fixed.walker} walker(s), ${fixed.squad} squad(s)`) : platoonProblem(base, platoon);
      if (why) return violation('bad_platoon', `${side}: ${why}`, { side, platoon });
      const ids = platoonIds(side, platoon).map((x) => x.id);
      const odd = mine.find((u) => !ids.includes(u.id));
      if (odd) return violation('bad_platoon', `${side}: a platoon of ${platoon.crawler}/${platoon.walker}/${platoon.squad} is ${ids.join(', ')} (not ${odd.id})`, { side, unit: odd.id });
    }

    // Objects: the scenario's, on the map, carried, or gone.
    const objects: Record<string, ObjectState> = {};
    const want = new Set(sc.objects as string[]);
    for (const [i, o] of (p.objects ?? []).entries()) {
      const where = `objects[${i}] (${o.id})`;
      if (!want.has(o.id)) return violation('unknown_object', `${where}: ${sc.title} has no ${o.id}`, { object: o.id });
      if (objects[o.id]) return violation('duplicate_object', `${where}: ${o.id} is listed twice`, { object: o.id });
      const carriedBy = o.carriedBy ?? null;
      const gone = o.gone ?? null;
      if (o.at !== null && !(o.at in CONTENT.terrain)) return violation('off_map', `${where}: ${o.at} is not a hex of the map`, { object: o.id });
      if ((carriedBy || gone) && o.at !== null) return violation('object_mismatch', `${where}: a carried or removed object has no hex of its own`, { object: o.id });
      if (!carriedBy && !gone && o.at === null) return violation('object_mismatch', `${where}: give the object a hex, a carrier or \`gone\``, { object: o.id });
      if (carriedBy) {
        const u = units[carriedBy];
        if (!u || u.gone || u.carrying !== o.id) return violation('object_mismatch', `${where}: carried by ${carriedBy}, which must be in the game and carry it`, { object: o.id, unit: carriedBy });
      }
      objects[o.id] = { id: o.id, kind: o.id as ObjectState['kind'], at: o.at, carriedBy, gone, ...(o.stasis !== undefined ? { stasis: o.stasis } : {}), ...(o.frozen !== undefined ? { frozen: o.frozen } : {}) };
    }
    for (const id of want) if (!objects[id]) return violation('object_missing', `objects: ${sc.title} has the ${id}`, { object: id });
    for (const u of Object.values(units)) {
      if (u.carrying && objects[u.carrying]?.carriedBy !== u.id) return violation('object_mismatch', `units.${u.id} carries ${u.carrying}, which is not carried by it`, { unit: u.id, object: u.carrying });
      if (u.carrying && u.gone) return violation('object_mismatch', `units.${u.id} left the game and carries nothing`, { unit: u.id });
    }

    // The map: converted terrain only as the rules convert it (§7.10, §6.4.3), colours and clouds.
    const map: S['map'] = copy(base.map);
    for (const [h, m] of Object.entries(p.map ?? {})) {
      if (!(h in CONTENT.terrain)) return violation('off_map', `map.${h} is not a hex of the map`, { hex: h });
      const printed = CONTENT.terrain[h];
      if (m.terrain !== printed && !CONVERTED.has(m.terrain) && !(m.terrain === 'rough' && CRUSHABLE.has(printed))) {
        return violation('bad_terrain', `map.${h}: printed ${printed}, it can become crater, lava or volcano${CRUSHABLE.has(printed) ? ' or rough' : ''}, never ${m.terrain}`, { hex: h, terrain: m.terrain });
      }
      if (m.border && m.terrain !== 'crater' && m.terrain !== 'lava') return violation('bad_terrain', `map.${h}: only crater and lava hexes have a border colour`, { hex: h });
      if (m.cloud && m.cloud.turn > p.turn) return violation('bad_cloud', `map.${h}: a cloud made in turn ${m.cloud.turn} is after turn ${p.turn}`, { hex: h });
      map[h] = copy(m);
    }
    for (const u of Object.values(units)) {
      if (u.at !== null && map[u.at].terrain === 'volcano') return violation('in_volcano', `units.${u.id}: ${u.at} is a volcano (a unit entering it is removed, §6.4.5)`, { unit: u.id, at: u.at });
    }
    for (const o of Object.values(objects)) if (o.at !== null && map[o.at].terrain === 'volcano') return violation('in_volcano', `objects.${o.id}: ${o.at} is a volcano`, { object: o.id });
    // Stacking (§6.5): at most 4 points in a hex.
    const load = new Map<string, number>();
    for (const u of Object.values(units)) if (u.at !== null && !u.gone) load.set(u.at, (load.get(u.at) ?? 0) + points(u));
    for (const [h, n] of load) if (n > 4) return violation('over_stacked', `hex ${h} holds ${n} stacking points, at most 4 (§6.5: crawler 4, walker 2, grounded squad 1)`, { hex: h, points: n });

    // The action deck: every card in exactly one place.
    const c = p.activation.card;
    const info = cardInfo(c);
    const opp = CONTENT.cards.opportunity.find((o) => o.id === c);
    const whole = allCards(base);
    const got = countsOf([...p.deck.pool, ...p.deck.discard, ...p.unusedQuakes, c]);
    const all = countsOf(whole);
    for (const [card, k] of got) {
      const w = all.get(card) ?? 0;
      if (w === 0) return violation('unknown_card', `${card} is not a card of this game's action deck`, { card });
      if (k > w) return violation('card_in_two_places', `${card} is in ${k} places (draw pile, discards, unused Earthquakes, the card resolved), the deck has ${w}`, { card, count: k, copies: w });
    }
    for (const [card, w] of all) if ((got.get(card) ?? 0) < w) return violation('card_missing', `${w - (got.get(card) ?? 0)} of ${w} ${card} are nowhere`, { card });
    for (const q of p.unusedQuakes) if (!q.startsWith('quake-')) return violation('not_an_earthquake', `unusedQuakes: ${q} is no Earthquake card`, { card: q });
    let side: Side;
    let utype: UType;
    if (info?.kind === 'activation') { side = info.side as Side; utype = info.unit as UType; } else if (opp?.effect === 'walkerOverload') { side = opp.side as Side; utype = 'walker'; } else {
      return violation('not_an_activation', `activation.card: ${c} activates no units (an activation card, or Walker Overload)`, { card: c });
    }
    if (seatOf[side] === null) return violation('not_an_activation', `activation.card: ${side}'s units are run by the rules in this scenario`, { card: c });
    const active = Object.values(units).filter((u) => u.side === side && u.type === utype && !u.gone && !u.frozen).map((u) => u.id).sort();
    if (!active.length) return violation('nothing_to_activate', `${c}: ${side} has no ${utype} in the game that is not frozen`, { card: c });
    const ts = p.deck.discard.filter((x) => x === 'time-stream').length;
    const tsTotal = p.timeStreams ?? ts;
    if (tsTotal < ts) return violation('bad_time_stream', `timeStreams: ${ts} Time Stream cards were drawn this turn alone`);
    if (p.runawayController && base.scenario !== 'runaway') return violation('no_runaway', 'runawayController: only in Runaway');

    // Set-up record (views show it once play has begun): given, or read off the units.
    const setup = copy(base.setup);
    for (const sd of SIDES) {
      if (seatOf[sd] === null) continue;
      const mine = Object.values(units).filter((u) => u.side === sd && !special[u.id]);
      const platoon = { crawler: 0, walker: 0, squad: 0 };
      for (const u of mine) platoon[u.type]++;
      const given = p.setup?.[sd];
      if (given) {
        if (!given.platoon || TYPES.some((t) => given.platoon![t] !== platoon[t])) return violation('setup_mismatch', `setup.${sd}.platoon: the units make a platoon of ${platoon.crawler} crawler(s), ${platoon.walker} walker(s), ${platoon.squad} squad(s)`, { side: sd });
        if (given.loadouts.length !== mine.length) return violation('setup_mismatch', `setup.${sd}.loadouts: one per unit (${mine.length})`, { side: sd });
        setup[sd] = copy(given);
      } else {
        const ids = platoonIds(sd, platoon).map((x) => x.id);
        const zone = sc[sd];
        const flag = objects[`${sd}Flag`];
        setup[sd] = {
          platoon, loadouts: ids.map((id) => loadoutOf(units[id])), places: zone === 'north' || zone === 'south' ? ids.map((id) => units[id].at).filter((x): x is string => x !== null) : [],
          flag: flag ? flag.at : null,
        };
      }
    }

    const frames = p.frames ?? 1;
    const act: Frame = { f: 'act', side, utype, card: c, units: active, turns: {}, n: frames, ...(opp ? { overload: true } : {}) };
    const s: S = {
      ...base,
      phase: 'play', setupStage: base.setupPlan.length, setup, seatOf,
      turn: p.turn, ts, tsTotal,
      deck: { top: [], pool: p.deck.pool.slice().sort(), discard: p.deck.discard.slice() }, unusedQuakes: p.unusedQuakes.slice().sort(),
      map, units, objects,
      stack: [{ f: 'card', card: c, stage: 'end' }, act], seq: frames,
      runawayController: p.runawayController ?? null, sdButtoned: p.sdButtoned ?? false, moves: p.moves ?? 0,
      round, rounds: round === 2 ? [{ yellow: base.seatOf.yellow!, completed: p.previous!.completed, ts: p.previous!.ts }] : [],
      result: null,
    };
    return s;
  },
};
