// Abaddon data: missions (maps, orders of battle), the Weapon System deck and the Wild Fire
// deck with its markers. All three are JSON files validated by a schema at load, so that a
// user who owns the printed game can replace the provisional content without code changes.
import AjvModule from 'ajv';
import missionsJson from './data/missions.json' with { type: 'json' };
import wsJson from './data/ws-deck.json' with { type: 'json' };
import wfJson from './data/wildfire.json' with { type: 'json' };

export type UnitType = 'H' | 'M' | 'R' | 'I';
export type Faction = 'SCS' | 'CA';
export type Company = 'A' | 'B' | null;
export type XY = [number, number];

export interface Rect { x0: number; y0: number; x1: number; y1: number }

export type Objective =
  | { type: 'destroyUnits'; n: number }
  | { type: 'destroyCrystals'; n: number }
  | { type: 'destroyTypes'; types: UnitType[] }
  | { type: 'annihilate' }
  | { type: 'exitUnits'; n: number; types: UnitType[] }
  | { type: 'exitCrystals'; n: number }
  | { type: 'reduceCrystals'; max: number }
  | { type: 'vp'; n: number };

export interface SeatSpec {
  faction: Faction;
  company: Company;
  dice: number;
  cards: number;
  units: UnitType[];
  /** Fixed positions, aligned with units (null: place in the zone). */
  fixed?: (XY | null)[];
  zone?: Rect[];
}

export interface Mission {
  id: string;
  number: number;
  title: string;
  players: number;
  provisional: string[];
  source: string;
  board: { width: number; height: number };
  terrain: { type: 'city' | 'village' | 'forest'; at: XY }[];
  seats: SeatSpec[];
  deployOrder: Faction[];
  firstPlayer: Faction | 'rolloff' | 'relays';
  objectives: Record<Faction, Objective[]>;
  rules: { battleDamage: boolean; superShield: boolean; jumpOn: boolean; divide: boolean };
  exits?: { faction: Faction; types: UnitType[]; zone: Rect[] }[];
  dropTable?: { x: number[]; y: number[] };
  forces?: Record<Faction, { units: UnitType[]; cards: number }>;
}

export interface WsCardDef {
  id: string;
  kind: 'target' | 'lrb' | 'sb' | 'db' | 'amm' | 'reboot';
  count: number;
  value?: number;
  heavyBonus?: number;
  bonus?: { crystals: number; condition?: { targetType?: UnitType[]; firerType?: UnitType[] } };
}

export type MarkerEffect = 'cannotMove' | 'cannotRanged' | 'cannotBeOrdered' | 'movementMinus1';
export interface MarkerDef { id: string; name: string; effect: MarkerEffect }
export type WfEffect = { type: 'loseCrystals'; n: number } | { type: 'gainCrystals'; n: number } | { type: 'none' } | { type: 'retain'; marker: string };
export interface WfCardDef { id: string; name: string; effect: WfEffect }

export interface GameData {
  missions: Mission[];
  ws: WsCardDef[];
  wf: WfCardDef[];
  markers: MarkerDef[];
  provisional: { ws: boolean; wf: boolean; missions: boolean };
}

const xy = { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 };
const rect = {
  type: 'object', required: ['x0', 'y0', 'x1', 'y1'], additionalProperties: false,
  properties: { x0: { type: 'integer' }, y0: { type: 'integer' }, x1: { type: 'integer' }, y1: { type: 'integer' } },
};
const unitType = { enum: ['H', 'M', 'R', 'I'] };
const faction = { enum: ['SCS', 'CA'] };
const objective = {
  type: 'object', required: ['type'],
  properties: {
    type: { enum: ['destroyUnits', 'destroyCrystals', 'destroyTypes', 'annihilate', 'exitUnits', 'exitCrystals', 'reduceCrystals', 'vp'] },
    n: { type: 'integer', minimum: 1 }, max: { type: 'integer', minimum: 0 },
    types: { type: 'array', items: unitType },
  },
};

export const missionsSchema = {
  type: 'object', required: ['missions'],
  properties: {
    provisional: { type: 'boolean' }, note: { type: 'string' },
    missions: {
      type: 'array', minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'number', 'title', 'players', 'board', 'terrain', 'seats', 'deployOrder', 'firstPlayer', 'objectives', 'rules'],
        properties: {
          id: { type: 'string' }, number: { type: 'integer' }, title: { type: 'string' },
          players: { enum: [2, 3, 4] }, provisional: { type: 'array', items: { type: 'string' } }, source: { type: 'string' },
          board: { type: 'object', required: ['width', 'height'], properties: { width: { type: 'integer', minimum: 2 }, height: { type: 'integer', minimum: 2 } } },
          terrain: { type: 'array', items: { type: 'object', required: ['type', 'at'], properties: { type: { enum: ['city', 'village', 'forest'] }, at: xy } } },
          seats: {
            type: 'array', minItems: 2, maxItems: 4,
            items: {
              type: 'object', required: ['faction', 'company', 'dice', 'cards', 'units'],
              properties: {
                faction, company: { enum: ['A', 'B', null] }, dice: { type: 'integer', minimum: 1, maximum: 10 },
                cards: { type: 'integer', minimum: 0 }, units: { type: 'array', items: unitType },
                fixed: { type: 'array', items: { anyOf: [xy, { type: 'null' }] } },
                zone: { type: 'array', items: rect },
              },
            },
          },
          deployOrder: { type: 'array', items: faction, minItems: 2, maxItems: 2 },
          firstPlayer: { enum: ['SCS', 'CA', 'rolloff', 'relays'] },
          objectives: { type: 'object', required: ['SCS', 'CA'], properties: { SCS: { type: 'array', items: objective }, CA: { type: 'array', items: objective } } },
          rules: {
            type: 'object', required: ['battleDamage', 'superShield', 'jumpOn', 'divide'],
            properties: { battleDamage: { type: 'boolean' }, superShield: { type: 'boolean' }, jumpOn: { type: 'boolean' }, divide: { type: 'boolean' } },
          },
          exits: { type: 'array', items: { type: 'object', required: ['faction', 'types', 'zone'], properties: { faction, types: { type: 'array', items: unitType }, zone: { type: 'array', items: rect } } } },
          dropTable: { type: 'object', required: ['x', 'y'], properties: { x: { type: 'array', items: { type: 'integer' }, minItems: 10, maxItems: 10 }, y: { type: 'array', items: { type: 'integer' }, minItems: 6, maxItems: 6 } } },
          forces: { type: 'object' },
        },
      },
    },
  },
};

export const wsSchema = {
  type: 'object', required: ['cards'],
  properties: {
    provisional: { type: 'boolean' }, note: { type: 'string' },
    cards: {
      type: 'array', minItems: 1,
      items: {
        type: 'object', required: ['id', 'kind', 'count'], additionalProperties: false,
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9+_-]+$' },
          kind: { enum: ['target', 'lrb', 'sb', 'db', 'amm', 'reboot'] },
          count: { type: 'integer', minimum: 0 }, value: { type: 'integer', minimum: 0 }, heavyBonus: { type: 'integer', minimum: 0 },
          bonus: {
            type: 'object', required: ['crystals'],
            properties: {
              crystals: { type: 'integer', minimum: 1 },
              condition: { type: 'object', properties: { targetType: { type: 'array', items: unitType }, firerType: { type: 'array', items: unitType } } },
            },
          },
        },
      },
    },
  },
};

export const wfSchema = {
  type: 'object', required: ['markers', 'cards'],
  properties: {
    provisional: { type: 'boolean' }, note: { type: 'string' },
    markers: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name', 'effect'], properties: { id: { type: 'string' }, name: { type: 'string' }, effect: { enum: ['cannotMove', 'cannotRanged', 'cannotBeOrdered', 'movementMinus1'] } } },
    },
    cards: {
      type: 'array', minItems: 1,
      items: {
        type: 'object', required: ['id', 'name', 'effect'],
        properties: {
          id: { type: 'string' }, name: { type: 'string' },
          effect: {
            oneOf: [
              { type: 'object', required: ['type', 'n'], properties: { type: { const: 'loseCrystals' }, n: { type: 'integer', minimum: 1 } } },
              { type: 'object', required: ['type', 'n'], properties: { type: { const: 'gainCrystals' }, n: { type: 'integer', minimum: 1 } } },
              { type: 'object', required: ['type'], properties: { type: { const: 'none' } } },
              { type: 'object', required: ['type', 'marker'], properties: { type: { const: 'retain' }, marker: { type: 'string' } } },
            ],
          },
        },
      },
    },
  },
};

const Ajv = (AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule;

function check(schema: object, data: unknown, what: string): void {
  const ajv = new (Ajv as unknown as new (o: object) => { compile(s: object): ((d: unknown) => boolean) & { errors?: unknown } })({ allErrors: true });
  const v = ajv.compile(schema);
  if (!v(data)) throw new Error(`abaddon ${what} data invalid: ${JSON.stringify(v.errors)}`);
}

/** Validates raw JSON data (schemas plus cross-references) and returns the typed bundle. */
export function loadData(raw: { missions: unknown; ws: unknown; wf: unknown }): GameData {
  check(missionsSchema, raw.missions, 'missions');
  check(wsSchema, raw.ws, 'ws-deck');
  check(wfSchema, raw.wf, 'wildfire');
  const m = raw.missions as { missions: Mission[]; provisional?: boolean };
  const ws = raw.ws as { cards: WsCardDef[]; provisional?: boolean };
  const wf = raw.wf as { cards: WfCardDef[]; markers: MarkerDef[]; provisional?: boolean };
  const markerIds = new Set(wf.markers.map((x) => x.id));
  for (const c of wf.cards) {
    if (c.effect.type === 'retain' && !markerIds.has(c.effect.marker)) throw new Error(`abaddon wildfire: unknown marker ${c.effect.marker}`);
  }
  for (const c of ws.cards) if (c.kind === 'target' && c.value === undefined) throw new Error(`abaddon ws: target card ${c.id} has no value`);
  for (const mi of m.missions) {
    if (mi.seats.length !== mi.players) throw new Error(`abaddon mission ${mi.id}: ${mi.seats.length} seats for ${mi.players} players`);
    for (const s of mi.seats) {
      if (s.fixed && s.fixed.length !== s.units.length) throw new Error(`abaddon mission ${mi.id}: fixed positions do not match units`);
      const unplaced = !s.fixed || s.fixed.some((p) => p === null);
      if (!mi.rules.jumpOn && s.units.length && unplaced && !s.zone) throw new Error(`abaddon mission ${mi.id}: a unit has neither a position nor a zone`);
      if (mi.rules.divide && !s.zone) throw new Error(`abaddon mission ${mi.id}: divided forces need a zone per seat`);
    }
  }
  return {
    missions: m.missions, ws: ws.cards, wf: wf.cards, markers: wf.markers,
    provisional: { ws: ws.provisional !== false, wf: wf.provisional !== false, missions: m.provisional !== false },
  };
}

export const DATA: GameData = loadData({ missions: missionsJson, ws: wsJson, wf: wfJson });
