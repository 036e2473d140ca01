// Content: schemas (TypeBox: one source for type and schema), loader with cross-checks, and the
// compiled map. Order: schema, cross-references, compile (STYLE §5). Data files in data/.
import { Type as T, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { distance, fromLabel, neighbours, parseLabel, toLabel, type Cube } from '../../engine/mech/hex.js';
import mapJson from './data/map.json' with { type: 'json' };
import cardsJson from './data/cards.json' with { type: 'json' };
import unitsJson from './data/units.json' with { type: 'json' };
import scenariosJson from './data/scenarios.json' with { type: 'json' };
import weaponsJson from './data/weapons.json' with { type: 'json' };

const Side = T.Union([T.Literal('blue'), T.Literal('yellow')]);
const SizeT = T.Union([T.Literal('light'), T.Literal('medium'), T.Literal('heavy')]);
const UType = T.Union([T.Literal('crawler'), T.Literal('walker'), T.Literal('squad')]);
export const PRINTED = ['clear', 'road', 'hill', 'industry', 'lake', 'woods'] as const;
const Printed = T.Union(PRINTED.map((p) => T.Literal(p)));

export const MapFile = T.Object({
  provisional: T.Boolean(), note: T.String(),
  columns: T.Integer({ minimum: 1, maximum: 99 }), rowsEven: T.Integer({ minimum: 1, maximum: 99 }), rowsOdd: T.Integer({ minimum: 1, maximum: 99 }),
  hexes: T.Array(T.Object({ id: T.String({ pattern: '^[0-9]{4}$' }), terrain: Printed }, { additionalProperties: false })),
}, { additionalProperties: false });
export type MapFile = Static<typeof MapFile>;

export const CardsFile = T.Object({
  provisional: T.Boolean(), note: T.String(),
  action: T.Array(T.Object({
    id: T.String(), kind: T.Union([T.Literal('activation'), T.Literal('timeStream')]), side: T.Optional(Side), unit: T.Optional(UType),
    count: T.Integer({ minimum: 1 }),
  }, { additionalProperties: false })),
  earthquake: T.Array(T.Object({ id: T.String(), size: SizeT, count: T.Integer({ minimum: 1 }), lavaDice: T.Integer({ minimum: 1, maximum: 3 }), colourDice: T.Integer({ minimum: 1, maximum: 3 }) }, { additionalProperties: false })),
  opportunity: T.Array(T.Object({
    id: T.String(),
    effect: T.Union(['clearMove', 'changeGrenades', 'walkerOverload', 'crawlerLightFire', 'reprogramCrawlers'].map((e) => T.Literal(e))),
    side: T.Optional(Side),
  }, { additionalProperties: false })),
  /** §13 A3 component limits (option componentLimits): weapon cards per type, and per colour the epicenter markers and crater / lava tiles. */
  components: T.Object({
    provisional: T.Boolean(), note: T.String(),
    weaponCardsPerType: T.Integer({ minimum: 1 }),
    perColour: T.Object({ epicenter: T.Integer({ minimum: 0 }), crater: T.Integer({ minimum: 0 }), lava: T.Integer({ minimum: 0 }) }, { additionalProperties: false }),
  }, { additionalProperties: false }),
}, { additionalProperties: false });
export type CardsFile = Static<typeof CardsFile>;

export const UnitsFile = T.Object({
  provisional: T.Boolean(), note: T.String(),
  units: T.Array(T.Object({
    type: UType, size: SizeT, stacking: T.Integer({ minimum: 0, maximum: 4 }),
    beams: T.Array(T.Integer({ minimum: 1, maximum: 2 })), bombs: T.Array(T.Integer({ minimum: 1, maximum: 2 })),
    oneCardSize: SizeT, twoCardSize: SizeT,
    ids: T.Object({ blue: T.Array(T.String()), yellow: T.Array(T.String()) }),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type UnitsFile = Static<typeof UnitsFile>;
export type UnitDef = UnitsFile['units'][number];

const SlotT = T.Union([T.Literal('beam'), T.Literal('bomb')]);
const BySize = T.Object({ light: T.Integer({ minimum: 0 }), medium: T.Integer({ minimum: 0 }), heavy: T.Integer({ minimum: 0 }) }, { additionalProperties: false });
/** Chrome weapons (§9.1 experimental weapons, §9.5 walker equipment). */
export const WeaponsFile = T.Object({
  provisional: T.Boolean(), note: T.String(),
  experimental: T.Array(T.Object({ id: T.Union([T.Literal('multigun'), T.Literal('rocket'), T.Literal('vortex')]), name: T.String(), slots: T.Array(SlotT), sizes: T.Array(SizeT) }, { additionalProperties: false })),
  equipment: T.Array(T.Object({ id: T.Union([T.Literal('conversion'), T.Literal('jets'), T.Literal('meleeWeapon')]), name: T.String(), units: T.Array(UType), slots: T.Array(SlotT), size: SizeT }, { additionalProperties: false })),
  multigunFiresAs: T.Object({ heavy: SizeT, medium: SizeT }, { additionalProperties: false }),
  rockets: BySize,
  vortex: T.Object({
    selfStasisDice: T.Integer({ minimum: 0 }), stabilityDice: BySize, moveDice: BySize,
    stopTerrain: T.Array(T.String()), collisionSize: SizeT,
  }, { additionalProperties: false }),
}, { additionalProperties: false });
export type WeaponsFile = Static<typeof WeaponsFile>;

const SetupZone = T.Union(['north', 'south', 'northEdge', 'southEdge'].map((z) => T.Literal(z)));
export const ScenariosFile = T.Object({
  provisional: T.Boolean(), note: T.String(),
  scenarios: T.Array(T.Object({
    id: T.String(), title: T.String(), players: T.Integer({ minimum: 1, maximum: 2 }),
    blue: SetupZone, yellow: SetupZone, equal: T.Boolean(), minWalkers: T.Integer({ minimum: 0 }), minSquads: T.Integer({ minimum: 0 }),
    objects: T.Array(T.Union([T.Literal('satellite'), T.Literal('blueFlag'), T.Literal('yellowFlag')])),
    opportunity: T.Boolean(),
    fixedBlue: T.Optional(T.Object({ crawler: T.Integer(), walker: T.Integer(), squad: T.Integer() })),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type ScenarioDef = Static<typeof ScenariosFile>['scenarios'][number];

export interface Content {
  provisional: boolean;
  map: MapFile;
  /** Hex id -> printed terrain. */
  terrain: Record<string, MapFile['hexes'][number]['terrain']>;
  hexIds: string[];
  cube: Record<string, Cube>;
  /** On-map neighbours in N, NE, SE, S, SW, NW order, null where off the map. */
  adj: Record<string, (string | null)[]>;
  northEdge: string[]; southEdge: string[]; edge: Set<string>;
  /** Completely north / south of the fold (spec §2.1). */
  north: Set<string>; south: Set<string>;
  cards: CardsFile;
  units: Record<'crawler' | 'walker' | 'squad', UnitDef>;
  scenarios: ScenarioDef[];
  weapons: WeaponsFile;
  actionDeck: string[];
  opportunityDeck: string[];
}

function check<S extends Parameters<typeof Value.Check>[0]>(schema: S, x: unknown, what: string): void {
  if (!Value.Check(schema, x)) {
    const e = [...Value.Errors(schema, x)][0];
    throw new Error(`${what}: ${e?.path ?? ''} ${e?.message ?? 'invalid'}`);
  }
}

export function isNorth(id: string): boolean {
  const p = parseLabel(id)!;
  return p.y <= 7;
}
export function isSouth(id: string): boolean {
  const p = parseLabel(id)!;
  return p.x % 2 === 1 ? p.y >= 8 : p.y >= 9;
}

export function loadContent(raw: { map: unknown; cards: unknown; units: unknown; scenarios: unknown; weapons: unknown }): Content {
  check(MapFile, raw.map, 'map.json');
  check(CardsFile, raw.cards, 'cards.json');
  check(UnitsFile, raw.units, 'units.json');
  check(ScenariosFile, raw.scenarios, 'scenarios.json');
  check(WeaponsFile, raw.weapons, 'weapons.json');
  const weapons = raw.weapons as WeaponsFile;
  if (weapons.experimental.some((e) => e.sizes.includes('light') && e.id === 'multigun')) throw new Error('weapons.json: no light multi-gun (L1062)');
  const map = raw.map as MapFile;
  const cards = raw.cards as CardsFile;
  const unitsFile = raw.units as UnitsFile;
  const scen = raw.scenarios as Static<typeof ScenariosFile>;
  // cross-references
  const terrain: Content['terrain'] = {};
  for (const h of map.hexes) {
    const p = parseLabel(h.id)!;
    const rows = p.x % 2 === 0 ? map.rowsEven : map.rowsOdd;
    if (p.x < 1 || p.x > map.columns || p.y < 1 || p.y > rows) throw new Error(`map.json: hex ${h.id} outside ${map.columns} columns`);
    if (terrain[h.id]) throw new Error(`map.json: hex ${h.id} twice`);
    terrain[h.id] = h.terrain;
  }
  const expected = Math.ceil(map.columns / 2) * map.rowsOdd + Math.floor(map.columns / 2) * map.rowsEven;
  if (map.hexes.length !== expected) throw new Error(`map.json: ${map.hexes.length} hexes, expected ${expected} (every hex of the rectangle)`);
  const industry = map.hexes.filter((h) => h.terrain === 'industry');
  if (industry.length !== 4) throw new Error('map.json: exactly 4 industry hexes (L1418)');
  if (!industry.every((h) => isNorth(h.id))) throw new Error('map.json: industry hexes lie north of the fold (§2.9 item 1)');
  for (const t of ['crawler', 'walker', 'squad']) if (!unitsFile.units.some((u) => u.type === t)) throw new Error(`units.json: no ${t}`);
  const deckCount = cards.action.reduce((n, c) => n + c.count, 0);
  if (deckCount !== 22) throw new Error(`cards.json: action deck has ${deckCount} cards, the rules 22 (L331)`);
  // compile
  const hexIds = Object.keys(terrain).sort();
  const cube: Record<string, Cube> = {};
  for (const id of hexIds) cube[id] = fromLabel(id);
  const adj: Content['adj'] = {};
  for (const id of hexIds) adj[id] = neighbours(cube[id]).map((c) => { const l = c.q >= 0 && c.q < 99 ? toLabel(c) : null; return l && terrain[l] ? l : null; });
  const lastRow = (x: number) => (x % 2 === 0 ? map.rowsEven : map.rowsOdd);
  const northEdge = hexIds.filter((id) => parseLabel(id)!.y === 1);
  const southEdge = hexIds.filter((id) => { const p = parseLabel(id)!; return p.y === lastRow(p.x); });
  const edge = new Set(hexIds.filter((id) => adj[id].some((n) => n === null)));
  void distance;
  const units = Object.fromEntries(unitsFile.units.map((u) => [u.type, u])) as Content['units'];
  const actionDeck: string[] = [];
  for (const c of cards.action) for (let i = 0; i < c.count; i++) actionDeck.push(c.id);
  return {
    provisional: map.provisional, map, terrain, hexIds, cube, adj, northEdge, southEdge, edge,
    north: new Set(hexIds.filter(isNorth)), south: new Set(hexIds.filter(isSouth)),
    cards, units, scenarios: scen.scenarios, weapons, actionDeck: actionDeck.sort(), opportunityDeck: cards.opportunity.map((o) => o.id).sort(),
  };
}

export const CONTENT: Content = loadContent({ map: mapJson, cards: cardsJson, units: unitsJson, scenarios: scenariosJson, weapons: weaponsJson });

export function scenarioDef(id: string): ScenarioDef | undefined {
  return CONTENT.scenarios.find((s) => s.id === id);
}
