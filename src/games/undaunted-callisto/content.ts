// Loads and validates the provisional data files (JSON + ajv schemas) and compiles the map
// graphs. A user's own transcription can replace data/*.json without code changes.
import { Ajv } from 'ajv';
import { buildGraph, type Graph } from '../../engine/mech/graph.js';
import { parseAction, type ActionDef } from './notation.js';
import cardsJson from './data/cards.json' with { type: 'json' };
import mapsJson from './data/maps.json' with { type: 'json' };
import scenariosJson from './data/scenarios.json' with { type: 'json' };

export type Faction = 'breakers' | 'lfa';
export const FACTIONS: readonly Faction[] = ['breakers', 'lfa'];
export type Impassable = 'none' | 'vehiclesAndMechs' | 'all';
export type UnitClass = 'personnel' | 'vehicle' | 'mech';

export interface UnitDef {
  id: string; faction: Faction; force: number; title: string; squad?: string; class: UnitClass;
  defence: number; bonus?: number; transport?: number;
}
export interface CardDef {
  id: string; faction: Faction; type: 'combat' | 'command' | 'interference'; title: string; squad?: string;
  unit?: string; role?: string; initiative: number; commander?: boolean; actions: ActionDef[]; notation: string[];
  /** Printed copies of the card in the box. */
  copies: number;
}
/** A faction's component list (rulebook L96-L113): cards, personnel counters, standees. */
export interface Inventory { cards: number; personnel: number; standees: number }
export interface SpaceDef {
  id: string; elevated: boolean; cover: number; points?: number | Partial<Record<Faction, number>>;
  impassable?: Impassable; spawns?: string[]; equipment?: string;
  /** Optional: where the picture draws the space ([column, row], fractions allowed); else laid out from the edges (src/games/undaunted-callisto/render.ts). */
  pos?: [number, number];
  deck?: { cover: number; impassable?: Impassable; supports: string[]; linked?: string[] };
}
export interface MapDef {
  id: string; title: string; spaces: SpaceDef[]; edges: [string, string][];
  doors: { id: string; a: string; b: string; defence: number }[];
}
export type VictoryDef =
  | { kind: 'controlPoints'; atLeast: number }
  | { kind: 'neutraliseCount'; atLeast: number; units?: string[] }
  | { kind: 'neutraliseSpecific'; units: string[] }
  | { kind: 'destroyStructures'; atLeast: number; structureType?: string; structures?: string[] }
  | { kind: 'controlPeople'; people: 'civilian' | 'prisoner'; atLeast: number };
export interface StructureDef { id: string; type: string; space: string; defence: number; cover: number; owner?: Faction }
export interface ForceSetup { deck: Record<string, number>; supply: Record<string, number> }
export interface FactionSetup {
  forces: Record<string, ForceSetup>;
  interference: Record<string, number>;
  units: { unit: string; at: string; status?: 'ready' | 'suppressed' }[];
  markers: { space: string; side: 'scouted' | 'controlled' }[];
  victory: VictoryDef[];
}
export interface ScenarioDef {
  id: string; number: number; title: string; map: string; players: number[]; initiative: Faction;
  modules: string[]; rules: string[]; factions: Record<Faction, FactionSetup>;
  structures: StructureDef[]; people: { type: 'civilian' | 'prisoner'; space: string }[];
}

/** A position: a space's ground section (its id) or a bridge deck (`<id>:deck`). */
export interface NodeInfo { id: string; space: string; deck: boolean; elevated: boolean; cover: number; impassable: Impassable }

export interface CompiledMap {
  def: MapDef;
  spaces: Record<string, SpaceDef>;
  nodes: Record<string, NodeInfo>;
  /** Range graph over spaces: no door edges; bridge decks merged into their space. */
  range: Graph;
  /** Movement (node) graph for a set of open doors. */
  move(openDoors: readonly string[]): Graph;
  /** Space adjacency (PATHFIND, PULSE civilians) for a set of open doors. */
  spaceGraph(openDoors: readonly string[]): Graph;
  spawns(faction: Faction, force: number): string[];
}

const imp = { enum: ['none', 'vehiclesAndMechs', 'all'] };
const counts = { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } };
const schemas = {
  cards: {
    type: 'object', required: ['provisional', 'inventory', 'units', 'cards'],
    properties: {
      provisional: { type: 'boolean' }, note: { type: 'string' },
      inventory: { type: 'object', required: ['breakers', 'lfa'], additionalProperties: false, properties: Object.fromEntries(['breakers', 'lfa'].map((f) => [f, {
        type: 'object', additionalProperties: false, required: ['cards', 'personnel', 'standees'],
        properties: { cards: { type: 'integer', minimum: 0 }, personnel: { type: 'integer', minimum: 0 }, standees: { type: 'integer', minimum: 0 } } }])) },
      units: { type: 'array', items: { type: 'object', additionalProperties: false,
        required: ['id', 'faction', 'force', 'title', 'class', 'defence'],
        properties: { id: { type: 'string' }, faction: { enum: ['breakers', 'lfa'] }, force: { enum: [1, 2] }, title: { type: 'string' },
          squad: { type: 'string', pattern: '^[A-Z]$' }, class: { enum: ['personnel', 'vehicle', 'mech'] },
          defence: { type: 'integer', minimum: 0 }, bonus: { type: 'integer', minimum: 0 }, transport: { type: 'integer', minimum: 0 } } } },
      cards: { type: 'array', items: { type: 'object', additionalProperties: false,
        required: ['id', 'faction', 'type', 'title', 'initiative', 'actions', 'copies'],
        properties: { id: { type: 'string' }, faction: { enum: ['breakers', 'lfa'] }, type: { enum: ['combat', 'command', 'interference'] },
          title: { type: 'string' }, squad: { type: 'string', pattern: '^[A-Z]$' }, unit: { type: 'string' }, role: { type: 'string' },
          initiative: { type: 'integer' }, commander: { type: 'boolean' }, name: { type: 'string' }, copies: { type: 'integer', minimum: 1 },
          actions: { type: 'array', items: { type: 'string' } } } } },
    },
  },
  maps: {
    type: 'object', required: ['maps'],
    properties: { provisional: { type: 'boolean' }, note: { type: 'string' }, maps: { type: 'array', items: {
      type: 'object', required: ['id', 'title', 'spaces', 'edges', 'doors'], additionalProperties: false,
      properties: { id: { type: 'string' }, title: { type: 'string' },
        spaces: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['id', 'elevated', 'cover'],
          properties: { id: { type: 'string', pattern: '^[^:]+$' }, elevated: { type: 'boolean' }, cover: { type: 'integer', minimum: 0 },
            points: { oneOf: [{ type: 'integer', minimum: 0 }, { type: 'object', properties: { breakers: { type: 'integer' }, lfa: { type: 'integer' } }, additionalProperties: false }] },
            impassable: imp, spawns: { type: 'array', items: { type: 'string', pattern: '^(breakers|lfa):[12]$' } }, equipment: { type: 'string' },
            pos: { type: 'array', items: { type: 'number', minimum: 0, maximum: 100 }, minItems: 2, maxItems: 2 },
            deck: { type: 'object', additionalProperties: false, required: ['cover', 'supports'], properties: { cover: { type: 'integer', minimum: 0 }, impassable: imp,
              supports: { type: 'array', items: { type: 'string' }, maxItems: 2 }, linked: { type: 'array', items: { type: 'string' } } } } } } },
        edges: { type: 'array', items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 } },
        doors: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['id', 'a', 'b', 'defence'],
          properties: { id: { type: 'string' }, a: { type: 'string' }, b: { type: 'string' }, defence: { type: 'integer' } } } } } } } },
  },
  scenarios: {
    type: 'object', required: ['scenarios'],
    properties: { provisional: { type: 'boolean' }, note: { type: 'string' }, scenarios: { type: 'array', items: {
      type: 'object', additionalProperties: false,
      required: ['id', 'number', 'title', 'map', 'players', 'initiative', 'modules', 'rules', 'factions', 'structures', 'people'],
      properties: { id: { type: 'string' }, number: { type: 'integer' }, title: { type: 'string' }, map: { type: 'string' },
        players: { type: 'array', items: { enum: [2, 4] }, minItems: 1 }, initiative: { enum: ['breakers', 'lfa'] },
        modules: { type: 'array', items: { type: 'string' } }, rules: { type: 'array', items: { enum: ['pit-trap'] } },
        factions: { type: 'object', required: ['breakers', 'lfa'], additionalProperties: false, properties: Object.fromEntries(['breakers', 'lfa'].map((f) => [f, {
          type: 'object', additionalProperties: false, required: ['forces', 'interference', 'units', 'markers', 'victory'],
          properties: {
            forces: { type: 'object', required: ['1', '2'], additionalProperties: false, properties: { 1: { $ref: '#/$defs/force' }, 2: { $ref: '#/$defs/force' } } },
            interference: counts,
            units: { type: 'array', items: { type: 'object', required: ['unit', 'at'], additionalProperties: false,
              properties: { unit: { type: 'string' }, at: { type: 'string' }, status: { enum: ['ready', 'suppressed'] } } } },
            markers: { type: 'array', items: { type: 'object', required: ['space', 'side'], additionalProperties: false,
              properties: { space: { type: 'string' }, side: { enum: ['scouted', 'controlled'] } } } },
            victory: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'object', required: ['kind'], properties: {
              kind: { enum: ['controlPoints', 'neutraliseCount', 'neutraliseSpecific', 'destroyStructures', 'controlPeople'] } } } },
          } }])) },
        structures: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['id', 'type', 'space', 'defence', 'cover'],
          properties: { id: { type: 'string' }, type: { enum: ['comms', 'building', 'bunker', 'escapePod', 'pitTrap'] }, space: { type: 'string' },
            defence: { type: 'integer' }, cover: { type: 'integer', minimum: 0 }, owner: { enum: ['breakers', 'lfa'] } } } },
        people: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['type', 'space'],
          properties: { type: { enum: ['civilian', 'prisoner'] }, space: { type: 'string' } } } } } } } },
    $defs: { force: { type: 'object', required: ['deck', 'supply'], additionalProperties: false, properties: { deck: counts, supply: counts } } },
  },
};

export interface Content {
  provisional: boolean;
  inventory: Record<Faction, Inventory>;
  units: Record<string, UnitDef>;
  cards: Record<string, CardDef>;
  maps: Record<string, CompiledMap>;
  scenarios: Record<string, ScenarioDef>;
  scenarioList: ScenarioDef[];
}

function check(name: string, schema: object, data: unknown): void {
  const ajv = new Ajv({ allErrors: true });
  const v = ajv.compile(schema);
  if (!v(data)) throw new Error(`undaunted-callisto data/${name}.json: ${ajv.errorsText(v.errors)}`);
}

export function compileMap(def: MapDef): CompiledMap {
  const spaces: Record<string, SpaceDef> = {};
  const nodes: Record<string, NodeInfo> = {};
  for (const sp of def.spaces) {
    if (spaces[sp.id]) throw new Error(`map ${def.id}: duplicate space ${sp.id}`);
    spaces[sp.id] = sp;
    nodes[sp.id] = { id: sp.id, space: sp.id, deck: false, elevated: sp.elevated, cover: sp.cover, impassable: sp.impassable ?? 'none' };
    if (sp.deck) nodes[`${sp.id}:deck`] = { id: `${sp.id}:deck`, space: sp.id, deck: true, elevated: true, cover: sp.deck.cover, impassable: sp.deck.impassable ?? 'none' };
  }
  const known = (x: string) => { if (!spaces[x]) throw new Error(`map ${def.id}: unknown space ${x}`); return x; };
  const deckEdges: [string, string][] = [];
  const deckSpaceEdges: [string, string][] = [];
  for (const sp of def.spaces) {
    if (!sp.deck) continue;
    for (const s of sp.deck.supports) { known(s); deckEdges.push([`${sp.id}:deck`, s]); deckSpaceEdges.push([sp.id, s]); }
    for (const l of sp.deck.linked ?? []) {
      if (!spaces[l]?.deck) throw new Error(`map ${def.id}: ${sp.id} links to ${l}, which has no deck`);
      deckEdges.push([`${sp.id}:deck`, `${l}:deck`]); deckSpaceEdges.push([sp.id, l]);
    }
  }
  for (const [a, b] of def.edges) { known(a); known(b); }
  for (const d of def.doors) { known(d.a); known(d.b); }
  const spaceIds = def.spaces.map((s) => s.id);
  const range = buildGraph(spaceIds, [...def.edges, ...deckSpaceEdges]);
  const cache = new Map<string, Graph>();
  const scache = new Map<string, Graph>();
  const doorEdges = (open: readonly string[]) => def.doors.filter((d) => open.includes(d.id)).map((d) => [d.a, d.b] as [string, string]);
  return {
    def, spaces, nodes, range,
    move(open) {
      const key = open.slice().sort().join(',');
      let g = cache.get(key);
      if (!g) { g = buildGraph(Object.keys(nodes), [...def.edges, ...deckEdges, ...doorEdges(open)]); cache.set(key, g); }
      return g;
    },
    spaceGraph(open) {
      const key = open.slice().sort().join(',');
      let g = scache.get(key);
      if (!g) { g = buildGraph(spaceIds, [...def.edges, ...deckSpaceEdges, ...doorEdges(open)]); scache.set(key, g); }
      return g;
    },
    spawns(faction, force) {
      return def.spaces.filter((s) => (s.spawns ?? []).includes(`${faction}:${force}`)).map((s) => s.id);
    },
  };
}

/**
 * The component list's structural facts (rulebook L96-L113, ~L137): each unit is one counter
 * or standee with 2 to 5 combat cards; a faction has no more cards, personnel counters and
 * standees (vehicles, mechs) than its component list.
 */
function checkInventory(inv: Record<Faction, Inventory>, units: Record<string, UnitDef>, cards: CardDef[]): void {
  for (const u of Object.values(units)) {
    const n = cards.filter((c) => c.unit === u.id).reduce((a, c) => a + c.copies, 0);
    if (n < 2 || n > 5) throw new Error(`unit ${u.id}: has ${n} combat card${n === 1 ? '' : 's'}; a unit has 2 to 5`);
  }
  for (const f of FACTIONS) {
    const own = Object.values(units).filter((u) => u.faction === f);
    const have = {
      cards: cards.filter((c) => c.faction === f).reduce((a, c) => a + c.copies, 0),
      personnel: own.filter((u) => u.class === 'personnel').length,
      standees: own.filter((u) => u.class !== 'personnel').length,
    };
    for (const k of ['cards', 'personnel', 'standees'] as const) {
      if (have[k] > inv[f][k]) throw new Error(`${f}: ${have[k]} ${k === 'cards' ? 'cards' : k === 'personnel' ? 'personnel counters' : 'standees'}, more than the component list's ${inv[f][k]}`);
    }
  }
}

export function loadContent(cardsData: unknown = cardsJson, mapsData: unknown = mapsJson, scenariosData: unknown = scenariosJson): Content {
  check('cards', schemas.cards, cardsData);
  check('maps', schemas.maps, mapsData);
  check('scenarios', schemas.scenarios, scenariosData);
  const cj = cardsData as { provisional: boolean; inventory: Record<Faction, Inventory>; units: UnitDef[]; cards: (Omit<CardDef, 'actions' | 'notation'> & { actions: string[] })[] };
  const units: Record<string, UnitDef> = {};
  for (const u of cj.units) { if (units[u.id]) throw new Error(`unit ${u.id}: the id is used twice (unit ids are unique)`); units[u.id] = u; }
  const cards: Record<string, CardDef> = {};
  for (const c of cj.cards) {
    if (cards[c.id]) throw new Error(`duplicate card ${c.id}`);
    if (c.type === 'combat' && !c.unit) throw new Error(`card ${c.id}: a combat card names its unit`);
    if (c.unit && !units[c.unit]) throw new Error(`card ${c.id}: its unit ${c.unit} does not exist`);
    if (c.type !== 'combat' && c.unit) throw new Error(`card ${c.id}: only combat cards have a unit`);
    if (c.type === 'interference' && c.actions.length) throw new Error(`card ${c.id}: interference has no actions`);
    if (c.type !== 'interference' && !c.actions.length) throw new Error(`card ${c.id}: needs an action`);
    const actions = c.actions.map(parseAction);
    if (c.type === 'command' && actions.some((a) => ['MOVE', 'SCOUT', 'CONTROL', 'ATTACK', 'PULSE', 'SUPPRESS', 'DOORS'].includes(a.kind))) {
      throw new Error(`card ${c.id}: command cards carry no positional or combat action (G-32)`);
    }
    if (c.unit && units[c.unit].faction !== c.faction) throw new Error(`card ${c.id}: unit of another faction`);
    cards[c.id] = { ...c, actions, notation: c.actions };
  }
  checkInventory(cj.inventory, units, Object.values(cards));
  const mj = mapsData as { maps: MapDef[] };
  const maps: Record<string, CompiledMap> = {};
  for (const m of mj.maps) {
    maps[m.id] = compileMap(m);
    for (const sp of m.spaces) if (sp.equipment) parseAction(sp.equipment);
  }
  const sj = scenariosData as { scenarios: ScenarioDef[] };
  const scenarios: Record<string, ScenarioDef> = {};
  for (const sc of sj.scenarios) {
    const map = maps[sc.map];
    if (!map) throw new Error(`scenario ${sc.id}: unknown map ${sc.map}`);
    for (const f of FACTIONS) {
      const fs = sc.factions[f];
      for (const force of ['1', '2']) {
        for (const zone of [fs.forces[force].deck, fs.forces[force].supply]) {
          for (const id of Object.keys(zone)) {
            const c = cards[id];
            if (!c || c.faction !== f) throw new Error(`scenario ${sc.id}: card ${id} is not a ${f} card`);
            if (c.unit && String(units[c.unit].force) !== force) throw new Error(`scenario ${sc.id}: ${id} belongs to force ${units[c.unit].force}`);
          }
        }
        if (!map.spawns(f, Number(force)).length) throw new Error(`scenario ${sc.id}: no spawn space for ${f}:${force}`);
      }
      for (const id of Object.keys(fs.interference)) if (cards[id]?.type !== 'interference' || cards[id].faction !== f) throw new Error(`scenario ${sc.id}: ${id} is not ${f} interference`);
      const used: Record<string, number> = { ...fs.interference };
      for (const force of ['1', '2']) for (const zone of [fs.forces[force].deck, fs.forces[force].supply]) for (const [id, n] of Object.entries(zone)) used[id] = (used[id] ?? 0) + n;
      for (const [id, n] of Object.entries(used)) if (n > cards[id].copies) throw new Error(`scenario ${sc.id}: uses ${n} of card ${id}, which has ${cards[id].copies} copies`);
      for (const u of fs.units) {
        if (!units[u.unit] || units[u.unit].faction !== f) throw new Error(`scenario ${sc.id}: unit ${u.unit}`);
        if (!map.nodes[u.at]) throw new Error(`scenario ${sc.id}: unknown position ${u.at}`);
      }
      for (const mk of fs.markers) if (!map.spaces[mk.space]) throw new Error(`scenario ${sc.id}: unknown space ${mk.space}`);
      if (sc.players.includes(4)) {
        const holders = ['1', '2'].filter((k) => Object.keys(fs.forces[k].deck).some((id) => cards[id].commander));
        if (holders.length !== 1) throw new Error(`scenario ${sc.id}: the ${f} commander card must start in exactly one force's deck`);
      }
    }
    for (const st of sc.structures) if (!map.spaces[st.space]) throw new Error(`scenario ${sc.id}: structure ${st.id} in unknown space`);
    for (const p of sc.people) if (!map.spaces[p.space]) throw new Error(`scenario ${sc.id}: people in unknown space`);
    scenarios[sc.id] = sc;
  }
  return { provisional: cj.provisional, inventory: cj.inventory, units, cards, maps, scenarios, scenarioList: sj.scenarios };
}

export const CONTENT: Content = loadContent();

const eqCache = new Map<string, ActionDef>();
/** An equipment action printed at the board edge, in action notation (`DOORS`, `ATTACK 2 P R1`). */
export function parseEquipment(text: string): ActionDef {
  let d = eqCache.get(text);
  if (!d) { d = parseAction(text); eqCache.set(text, d); }
  return d;
}
