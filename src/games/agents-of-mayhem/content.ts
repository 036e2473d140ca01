// Content: TypeBox schemas (type and JSON Schema from one source), the loader (schema, then
// cross-references naming the item and the rule, then compile) and CONTENT, built once.
// Every data file is PROVISIONAL original content (spec §4.4), replaceable without code.
import { Type as T, type Static } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import { parse, isAdvanced, STATUSES, type Ability } from './abilities.js';
import boardsJson from './data/boards.json' with { type: 'json' };
import diceJson from './data/dice.json' with { type: 'json' };
import refreshJson from './data/refresh.json' with { type: 'json' };
import tilesJson from './data/tiles.json' with { type: 'json' };
import missionsJson from './data/missions.json' with { type: 'json' };

const Side = T.Union([T.Literal('MAYHEM'), T.Literal('LEGION')]);
export type Side = Static<typeof Side>;
const XY = T.Tuple([T.Integer({ minimum: 0 }), T.Integer({ minimum: 0 })]);
const XYZ = T.Tuple([T.Integer({ minimum: 0 }), T.Integer({ minimum: 0 }), T.Integer({ minimum: 1, maximum: 4 })]);
const Dir = T.Union([T.Literal('N'), T.Literal('E'), T.Literal('S'), T.Literal('W')]);
export type Dir = Static<typeof Dir>;
const Cost = T.String({ pattern: '^(FREE|[GYBP]+)$', description: 'cubes: G speed, Y focus, B tech, P mayhem' });
const Color = T.Union([T.Literal('red'), T.Literal('yellow'), T.Literal('white')]);
export type Color = Static<typeof Color>;

export const ActionDef = T.Object({
  id: T.String({ pattern: '^[a-z][a-z0-9-]*$' }), name: T.String(),
  type: T.Union([T.Literal('main'), T.Literal('addon'), T.Literal('instant')]),
  cost: Cost,
  /** `self`: no target and no movement; its `ALWAYS` / `ACTOR HAS` abilities' GAIN effects go to the acting unit when it is paid (Mayhem cards' character uses). */
  kind: T.Union([T.Literal('move'), T.Literal('jump'), T.Literal('attack'), T.Literal('dash'), T.Literal('block'), T.Literal('self')]),
  weapon: T.Optional(T.Boolean()),
  mp: T.Optional(T.Integer({ minimum: 0 })),
  group: T.Optional(T.Integer({ minimum: 1 })),
  jump: T.Optional(T.Object({ up: T.Integer({ minimum: 0 }), spaces: T.Integer({ minimum: 1 }) }, { additionalProperties: false })),
  attack: T.Optional(T.Object({
    bands: T.Array(T.Object({ color: Color, range: T.Integer({ minimum: 1 }), dice: T.Integer({ minimum: 0 }) }, { additionalProperties: false }), { minItems: 1, maxItems: 3 }),
    weaponBonus: T.Optional(T.Union([T.Literal('shields'), T.Literal('armor'), T.Literal('elite')])),
  }, { additionalProperties: false })),
  abilities: T.Optional(T.Array(T.String())),
  /** A Timer showing `side` (relative to the unit), spec 7.8: `mandatory`, pictured before the Action-type symbol (paid now, resolved when it comes off); else an optional timer the player may place when using the Action: Until-Removed (its `UNTIL REMOVED` abilities hold while it is present), or Delay Action When-Removed (`DELAY & WHEN REMOVED`: the whole Action waits for its removal, L1663). */
  timer: T.Optional(T.Object({ side: T.Union([T.Literal('own'), T.Literal('enemy')]), mandatory: T.Optional(T.Literal(true)) }, { additionalProperties: false })),
}, { additionalProperties: false });
export type ActionDef = Static<typeof ActionDef>;

const Wells = T.Object({ shield: T.Integer({ minimum: 0 }), armor: T.Integer({ minimum: 0 }), speed: T.Integer({ minimum: 0 }), focus: T.Integer({ minimum: 0 }), tech: T.Integer({ minimum: 0 }), mayhem: T.Integer({ minimum: 0 }) }, { additionalProperties: false });
const EliteDef = T.Object({
  id: T.String(), name: T.String(), side: Side, health: T.Integer({ minimum: 1 }), wells: Wells,
  specialRefresh: T.Array(T.String()), actions: T.Array(ActionDef),
  /** A Large Unit's figure (the Golem, spec 7.2.6): a 2×2 footprint from the north-west space it is placed on. */
  large: T.Optional(T.Literal(true)),
}, { additionalProperties: false });
const SquadDef = T.Object({
  id: T.String(), name: T.String(), side: Side, reinforcement: T.Integer({ minimum: 0 }),
  wells: T.Object({ speed: T.Integer({ minimum: 0 }), focus: T.Integer({ minimum: 0 }), tech: T.Integer({ minimum: 0 }), mayhem: T.Integer({ minimum: 0 }) }, { additionalProperties: false }),
}, { additionalProperties: false });
const MinionDef = T.Object({
  id: T.String(), name: T.String(), figures: T.Integer({ minimum: 1 }),
  defense: T.Object({ shield: T.Integer({ minimum: 0 }), armor: T.Integer({ minimum: 0 }), health: T.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  reinforce: Cost, setup: Cost, actions: T.Array(ActionDef),
}, { additionalProperties: false });
/** An Ally board (spec 2.2.3, L1951-1971): attached to its host Elite board, no cubes of its own; Shield, Armor and Health values; Actions paid by the host. */
const AllyDef = T.Object({
  id: T.String(), name: T.String(), host: T.String({ description: 'the Elite board it attaches to' }),
  defense: T.Object({ shield: T.Integer({ minimum: 0 }), armor: T.Integer({ minimum: 0 }), health: T.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  actions: T.Array(ActionDef),
}, { additionalProperties: false });
export type AllyDef = Static<typeof AllyDef>;
const BoardsFile = T.Object({ provisional: T.Boolean(), note: T.String(), elites: T.Array(EliteDef), squads: T.Array(SquadDef), minions: T.Array(MinionDef), allies: T.Optional(T.Array(AllyDef)) }, { additionalProperties: false });
export type EliteDef = Static<typeof EliteDef>;
export type SquadDef = Static<typeof SquadDef>;
export type MinionDef = Static<typeof MinionDef>;

const DiceFile = T.Object({ provisional: T.Boolean(), note: T.String(), dice: T.Record(Color, T.Object({ die: T.String(), faces: T.Array(T.String()) })) }, { additionalProperties: false });
const RefreshCard = T.Object({
  id: T.String(), side: Side, cube: T.Integer({ minimum: 0 }), shield: T.Optional(T.Integer({ minimum: 0 })), wound: T.Optional(T.Integer({ minimum: 0 })),
  special: T.Optional(T.Integer({ minimum: 0 })), status: T.Optional(T.Integer({ minimum: 0 })), mayhem: T.Optional(T.Integer({ minimum: 0 })),
  reinforce: T.Optional(T.Integer({ minimum: 0 })), deploy: T.Optional(T.Integer({ minimum: 0 })), drone: T.Integer({ minimum: 1, maximum: 3 }),
  /** Drone Spawn symbols (L2162): each brings a new drone onto a Road in a mission with traffic. */
  spawn: T.Optional(T.Integer({ minimum: 1 })),
}, { additionalProperties: false });
export type RefreshCard = Static<typeof RefreshCard>;
const RefreshFile = T.Object({ provisional: T.Boolean(), note: T.String(), cards: T.Array(RefreshCard) }, { additionalProperties: false });

const EdgeType = T.Union([T.Literal('clear'), T.Literal('obstacle'), T.Literal('wall'), T.Literal('opening')]);
const CornerType = T.Union([T.Literal('clear'), T.Literal('obstacle'), T.Literal('cover'), T.Literal('solid')]);
export type EdgeType = Static<typeof EdgeType>;
export type CornerType = Static<typeof CornerType>;
const LevelDef = T.Object({
  z: T.Integer({ minimum: 1, maximum: 4 }),
  rects: T.Array(T.Tuple([T.Integer({ minimum: 0 }), T.Integer({ minimum: 0 }), T.Integer({ minimum: 1 }), T.Integer({ minimum: 1 })])),
  stairs: T.Optional(T.Array(XY)), explosive: T.Optional(T.Array(XY)),
  walls: T.Optional(T.Object({ rect: T.Tuple([T.Integer(), T.Integer(), T.Integer(), T.Integer()]), openings: T.Array(T.Tuple([T.Integer(), T.Integer(), Dir])) }, { additionalProperties: false })),
  edges: T.Optional(T.Array(T.Object({ a: XY, b: XY, type: EdgeType }, { additionalProperties: false }))),
  corners: T.Optional(T.Array(T.Object({ at: XY, type: CornerType }, { additionalProperties: false }))),
}, { additionalProperties: false });
/**
 * A Road lane (spec 2.1.1 "Roads", 2.1.2 `roads`): the Level-1 cells a drone drives along, down the
 * centre of a Road tile, listed from where traffic enters to where it leaves, each one orthogonal
 * step on from the last (the arrow of a space points to the next space: where the lane turns, a
 * bend, the arrows turn with it), `dir` the arrow of the last space, where it leaves the tile
 * (L2152 "in the direction of the arrows on the Road", L2162). Provisional data: the printed arrows
 * are not in the source.
 */
const RoadDef = T.Object({ cells: T.Array(XY, { minItems: 2 }), dir: Dir }, { additionalProperties: false });
const TileDef = T.Object({
  id: T.String(), name: T.String(), width: T.Integer({ minimum: 1 }), height: T.Integer({ minimum: 1 }), building: T.Optional(T.Boolean()), levels: T.Array(LevelDef, { minItems: 1 }),
  roads: T.Optional(T.Array(RoadDef, { minItems: 1 })),
}, { additionalProperties: false });
export type TileDef = Static<typeof TileDef>;
const TilesFile = T.Object({ provisional: T.Boolean(), note: T.String(), tiles: T.Array(TileDef) }, { additionalProperties: false });

const WinCondition = T.Object({
  id: T.String(), vp: T.Integer({ minimum: 1 }), when: T.Union([T.Literal('immediately'), T.Literal('endOfRound')]),
  trigger: T.Union([T.Literal('enemyDowned'), T.Literal('omControlled')]), removeOm: T.Optional(T.Boolean()), text: T.String(),
}, { additionalProperties: false });
export type WinCondition = Static<typeof WinCondition>;
/** An Event Box printed in a Side's book: the number on the `marker` Side's Event Markers it resolves, its text, its effect. */
const EventBox = T.Object({
  n: T.Integer({ minimum: 1 }), marker: Side, text: T.String(),
  /** This Box is the `marker` Side's Event Card's (triggered when the card is drawn), not a numbered marker's (spec 7.10). */
  card: T.Optional(T.Literal(true)),
  effect: T.Object({
    vp: T.Optional(T.Object({ side: Side, n: T.Integer({ minimum: 1 }) }, { additionalProperties: false })),
    /**
     * Place a face-down Explosion marker, placed by the book's Side (spec 7.6.1): `true` on the
     * marker's space; an object may name the space (`at`, required on an Event Card, which has no
     * space) and Statuses stacked on the marker (given to every unit in its AoE, L1523).
     */
    explosion: T.Optional(T.Union([T.Boolean(), T.Object({
      at: T.Optional(XYZ), statuses: T.Optional(T.Array(T.Union(STATUSES.map((x) => T.Literal(x))), { minItems: 1 })),
    }, { additionalProperties: false })])),
    /**
     * Place an Objective Marker (the sample Event, L1835 "Place a OM on the top most Level of this
     * building"): a new OM id, its space, the Side controlling it. With no `at` (a marker's Box
     * only) it goes on the top most Level above the triggered marker: the highest floor of the
     * map as it stands at the marker's (x, y).
     */
    om: T.Optional(T.Object({
      id: T.String({ pattern: '^[1-9]$' }), at: T.Optional(XYZ), control: Side,
      /** A Targetable OM (spec 7.3.7): destroyed by this many Hits within one Turn. */
      hits: T.Optional(T.Integer({ minimum: 1 })),
      /**
       * Until the OM is destroyed, units of `side` cannot leave or enter the Inside Area holding
       * `room` (L1837 "Agents cannot leave or enter the room"); with no `room` (a marker's Box
       * only), the Inside Area holding the triggered marker ("the room" the trap is in).
       */
      lock: T.Optional(T.Object({ side: Side, room: T.Optional(XYZ) }, { additionalProperties: false })),
    }, { additionalProperties: false })),
    /** The marker stays after it is triggered (L1856 "unless specified not to"); it triggers this Box again (its number now known). */
    stay: T.Optional(T.Literal(true)),
  }, { additionalProperties: false }),
}, { additionalProperties: false });
export type EventBox = Static<typeof EventBox>;
const UnitPlacement = T.Object({ unit: T.String(), board: T.String(), minion: T.Optional(T.String()), ally: T.Optional(T.String()), at: XYZ, facing: Dir }, { additionalProperties: false });
const Entry = T.Object({ unit: T.String(), board: T.String(), minion: T.Optional(T.String()), round: T.Integer({ minimum: 1 }), edge: T.String(), facing: Dir }, { additionalProperties: false });
const SideSetup = T.Object({
  goal: T.String(), boards: T.Array(T.Object({ board: T.String(), minions: T.Optional(T.Array(T.String(), { maxItems: 3 })) }, { additionalProperties: false }), { minItems: 1 }),
  units: T.Array(UnitPlacement), entries: T.Array(Entry), refreshDeck: T.Array(T.String(), { minItems: 1 }), winConditions: T.Array(WinCondition),
}, { additionalProperties: false });
const Mission = T.Object({
  id: T.String(), title: T.String(), kind: T.Union([T.Literal('tutorial'), T.Literal('mission')]), number: T.Integer(),
  rules: T.Union([T.Literal('basic'), T.Literal('advanced')]), players: T.Array(T.Integer({ minimum: 2, maximum: 4 }), { minItems: 1 }),
  rounds: T.Integer({ minimum: 1 }), initiative: Side, vpStart: T.Object({ side: Side, value: T.Integer({ minimum: 0 }) }),
  map: T.Object({
    placements: T.Array(T.Object({ tile: T.String(), origin: XY, rotation: T.Union([T.Literal(0), T.Literal(90), T.Literal(180), T.Literal(270)]) }, { additionalProperties: false }), { minItems: 1 }),
    entryEdges: T.Record(T.String(), Dir),
  }, { additionalProperties: false }),
  oms: T.Array(T.Object({ id: T.String({ pattern: '^[1-9]$' }), at: XYZ, control: Side }, { additionalProperties: false })),
  sides: T.Object({ MAYHEM: SideSetup, LEGION: SideSetup }, { additionalProperties: false }),
  chainFrom: T.Optional(T.String()), focus: T.Optional(T.String()),
  /** Setup steps F-G: Event Markers (Side symbol up, number unseen) and each book's Event Boxes (spec 7.10). */
  events: T.Optional(T.Object({
    /** trigger: a unit of the marker's Side moving onto its Tile (default), into its Area (an Inside Area), or Hacking it with `hack` (spec 7.10, 7.9). */
    markers: T.Array(T.Object({
      side: Side, at: XYZ, trigger: T.Optional(T.Union([T.Literal('tile'), T.Literal('area'), T.Literal('hack')])),
      hack: T.Optional(T.Object({
        name: T.String(), type: T.Union([T.Literal('main'), T.Literal('addon')]), difficulty: T.Integer({ minimum: 1 }),
        color: T.Union([T.Literal('red'), T.Literal('yellow'), T.Literal('white')]), cost: T.String({ pattern: '^[GYBP]+$' }),
      }, { additionalProperties: false })),
    }, { additionalProperties: false })),
    boxes: T.Object({ MAYHEM: T.Array(EventBox), LEGION: T.Array(EventBox) }, { additionalProperties: false }),
    /** Setup step G: each Side's Event Card (`card`), shuffled into `deck`'s Refresh deck at setup or at the start of Turn `turn` (spec 3.1 G, 7.10). */
    cards: T.Optional(T.Array(T.Object({ card: Side, deck: Side, turn: T.Optional(T.Integer({ minimum: 2 })) }, { additionalProperties: false }))),
    /** Setup step G, the other way: numbered Event Cards (`card` Side, Box number `n`) shuffled together into their own Event deck (L1814), one drawn at the start of each Round listed (provisional: the source gives no draw timing). */
    deck: T.Optional(T.Object({
      cards: T.Array(T.Object({ card: Side, n: T.Integer({ minimum: 1 }) }, { additionalProperties: false }), { minItems: 1 }),
      rounds: T.Array(T.Integer({ minimum: 1 }), { minItems: 1 }),
    }, { additionalProperties: false })),
  }, { additionalProperties: false })),
  /** Setup step H: Doomsday Devices by their north-west space (data/ddds.json, spec 7.15). */
  ddds: T.Optional(T.Array(T.Object({ ddd: T.String(), at: XYZ }, { additionalProperties: false }))),
  /** Setup step H: Vehicle tiles (the mission's, data/vehicles.json) and drone tiles (its traffic) on the map from the start: the front half's space and the facing; the back half lies behind it (rules/vehicles.ts checks them). */
  vehicles: T.Optional(T.Array(T.Object({ vehicle: T.String(), front: XYZ, facing: Dir }, { additionalProperties: false }), { minItems: 1 })),
}, { additionalProperties: false });
export type Mission = Static<typeof Mission>;
const MissionsFile = T.Object({ provisional: T.Boolean(), note: T.String(), missions: T.Array(Mission) }, { additionalProperties: false });

// ---------------------------------------------------------------- compiled map

export interface Cell {
  key: string; x: number; y: number; z: number; stairs: boolean; explosive: boolean; tile: number; building: boolean;
  /** On a collapsed building's Destroyed ("D") tile (spec 7.6.3): rubble, Outside. */
  destroyed?: boolean;
}
export interface CompiledMap {
  width: number; height: number;
  cells: Record<string, Cell>;
  /** Orthogonal edge types by edgeKey (absent: clear). */
  edges: Record<string, EdgeType>;
  /** Corner-dot types by cornerKey (absent: clear). */
  corners: Record<string, CornerType>;
  /** Named entry edges: Level-1 cells along that border of the map. */
  entry: Record<string, string[]>;
  tiles: { tile: string; cells: string[] }[];
  /**
   * Roads: the Road lanes of the placed Road tiles (rotated with them), joined where the arrows
   * lead a drone on (`joinLanes`: across tile boundaries, round bends, into a junction), so a lane
   * is a drone's whole way from an entry at the map's edge to its end: the tiles it crosses
   * (indices, entry first), Level-1 space keys from the road's entry to its end, `dir` the arrow at
   * the entry, `dirs` the arrow of each space (the way to the next space; the last one's leads off
   * the map). Lanes joined at their entries come first, in placement order of their first tile;
   * then each lane that joins another part-way (a junction), in the order of its tiles' lanes.
   */
  lanes: { tiles: number[]; cells: string[]; dir: Dir; dirs: Dir[] }[];
}

export const cellKey = (x: number, y: number, z: number) => `${x},${y},${z}`;
/** Whether (x, y) lies on the map: a placed tile's ground is there. A map assembled from tiles need not be a rectangle (M7's), so its edge is the tiles' edge, not the bounding box. */
export const onMap = (m: CompiledMap, x: number, y: number): boolean => !!m.cells[cellKey(x, y, 1)];
export const edgeKey = (z: number, a: [number, number], b: [number, number]) => {
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
  return `${z}:${p[0]},${p[1]}|${q[0]},${q[1]}`;
};
export const cornerKey = (z: number, x: number, y: number) => `${z}:${x},${y}`;
const EDGE_RANK: Record<EdgeType, number> = { clear: 0, opening: 1, obstacle: 2, wall: 3 };
const CORNER_RANK: Record<CornerType, number> = { clear: 0, obstacle: 1, cover: 2, solid: 3 };
const STEP: Record<Dir, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/** Tile-local cell / lattice point to map coordinates (rotation clockwise, spec §2.1.2). */
function placeFn(w: number, h: number, origin: [number, number], rot: number) {
  const [ox, oy] = origin;
  const cell = ([x, y]: [number, number]): [number, number] =>
    rot === 0 ? [ox + x, oy + y] : rot === 90 ? [ox + h - 1 - y, oy + x] : rot === 180 ? [ox + w - 1 - x, oy + h - 1 - y] : [ox + y, oy + w - 1 - x];
  const point = ([x, y]: [number, number]): [number, number] =>
    rot === 0 ? [ox + x, oy + y] : rot === 90 ? [ox + h - y, oy + x] : rot === 180 ? [ox + w - x, oy + h - y] : [ox + y, oy + w - x];
  return { cell, point };
}

/** Map assembly from placed tiles with the boundary priority Wall > Cover > Obstacle > Clear/Opening (spec §2.1.1). */
export function assembleMap(m: Mission['map'], tiles: Record<string, TileDef>): CompiledMap {
  const cells: Record<string, Cell> = {};
  const edges: Record<string, EdgeType> = {};
  const corners: Record<string, CornerType> = {};
  const out: CompiledMap['tiles'] = [];
  const lanes: Segment[] = [];
  const setEdge = (k: string, t: EdgeType) => { if (EDGE_RANK[t] >= EDGE_RANK[edges[k] ?? 'clear']) edges[k] = t; };
  const setCorner = (k: string, t: CornerType) => { if (CORNER_RANK[t] >= CORNER_RANK[corners[k] ?? 'clear']) corners[k] = t; };
  m.placements.forEach((p, ti) => {
    const def = tiles[p.tile];
    if (!def) throw new Error(`map: unknown tile ${p.tile}`);
    const { cell, point } = placeFn(def.width, def.height, p.origin, p.rotation);
    const mine: string[] = [];
    for (const lv of def.levels) {
      const has = (x: number, y: number) => lv.rects.some(([rx, ry, rw, rh]) => x >= rx && x < rx + rw && y >= ry && y < ry + rh);
      const mark = (list: [number, number][] | undefined) => new Set((list ?? []).map((c) => c.join(',')));
      const stairs = mark(lv.stairs as [number, number][]);
      const explosive = mark(lv.explosive as [number, number][]);
      for (const [rx, ry, rw, rh] of lv.rects) {
        for (let x = rx; x < rx + rw; x++) for (let y = ry; y < ry + rh; y++) {
          if (x >= def.width || y >= def.height) throw new Error(`tile ${def.id}: Level ${lv.z} cell ${x},${y} off the tile`);
          const [gx, gy] = cell([x, y]);
          const k = cellKey(gx, gy, lv.z);
          if (cells[k]) throw new Error(`map: tiles overlap at ${k}`);
          cells[k] = { key: k, x: gx, y: gy, z: lv.z, stairs: stairs.has(`${x},${y}`), explosive: explosive.has(`${x},${y}`), tile: ti, building: !!def.building };
          mine.push(k);
        }
      }
      for (const e of lv.edges ?? []) setEdge(edgeKey(lv.z, cell(e.a as [number, number]), cell(e.b as [number, number])), e.type);
      for (const c of lv.corners ?? []) { const [x, y] = point(c.at as [number, number]); setCorner(cornerKey(lv.z, x, y), c.type); }
      if (lv.walls) {
        const [rx, ry, rw, rh] = lv.walls.rect;
        const open = new Set(lv.walls.openings.map(([x, y, d]) => `${x},${y},${d}`));
        const inRect = (x: number, y: number) => x >= rx && x < rx + rw && y >= ry && y < ry + rh;
        // Wall dots first, then every Opening's end dots become Cover dots (they flank the Opening).
        const covers: [number, number][] = [];
        for (let x = rx; x < rx + rw; x++) for (let y = ry; y < ry + rh; y++) {
          for (const d of ['N', 'E', 'S', 'W'] as Dir[]) {
            const [dx, dy] = STEP[d];
            if (inRect(x + dx, y + dy)) continue;
            const isOpen = open.has(`${x},${y},${d}`);
            setEdge(edgeKey(lv.z, cell([x, y]), cell([x + dx, y + dy])), isOpen ? 'opening' : 'wall');
            const ends: [number, number][] = d === 'N' ? [[x, y], [x + 1, y]] : d === 'S' ? [[x, y + 1], [x + 1, y + 1]] : d === 'W' ? [[x, y], [x, y + 1]] : [[x + 1, y], [x + 1, y + 1]];
            for (const e of ends) {
              if (isOpen) { covers.push(e); continue; }
              const outer = (e[0] === rx || e[0] === rx + rw) && (e[1] === ry || e[1] === ry + rh);
              const [px, py] = point(e);
              setCorner(cornerKey(lv.z, px, py), outer ? 'obstacle' : 'solid');
            }
          }
        }
        for (const e of covers) { const [px, py] = point(e); corners[cornerKey(lv.z, px, py)] = 'cover'; }
        void has;
      }
    }
    out.push({ tile: p.tile, cells: mine });
    for (const r of def.roads ?? []) {
      const xy = r.cells.map((c) => cell(c as [number, number]));
      const dirs = xy.map(([x, y], i) => (i + 1 < xy.length ? dirTo([x, y], xy[i + 1]) : turnDir(r.dir, p.rotation)));
      lanes.push({ tile: ti, cells: xy.map(([x, y]) => cellKey(x, y, 1)), dirs });
    }
  });
  let width = 0; let height = 0;
  for (const c of Object.values(cells)) { width = Math.max(width, c.x + 1); height = Math.max(height, c.y + 1); }
  const entry: Record<string, string[]> = {};
  for (const [name, d] of Object.entries(m.entryEdges)) {
    entry[name] = Object.values(cells).filter((c) => c.z === 1 && (d === 'W' ? c.x === 0 : d === 'E' ? c.x === width - 1 : d === 'N' ? c.y === 0 : c.y === height - 1)).map((c) => c.key).sort();
  }
  return { width, height, cells, edges, corners, entry, tiles: out, lanes: joinLanes(lanes) };
}

/** A tile's Road lane placed on the map: its Level-1 space keys and the arrow of each. */
type Segment = { tile: number; cells: string[]; dirs: Dir[] };

/** The orthogonal direction from one cell to its neighbour. */
function dirTo([x, y]: [number, number], [nx, ny]: [number, number]): Dir {
  return (Object.keys(STEP) as Dir[]).find((d) => x + STEP[d][0] === nx && y + STEP[d][1] === ny)!;
}

/**
 * Joins the tiles' Road lanes into roads (spec 2.1.1 "Roads", L2152 "along the center of a Road
 * Tile in the direction of the arrows"): a drone at a lane's last space goes one step on in its
 * arrow; where that space lies on another lane whose arrow there does not point back (head-on),
 * the drone drives on along that lane from there: straight on at its entry (the lanes are one
 * road), round a bend (its arrow turns) or into a junction (it joins the lane part-way, a merge).
 * Each lane is then a drone's whole way, from the entry of a tile's lane that no other lane leads
 * into to the end of the road, entered there and left at the end (L2160-2162). The text says
 * nothing about junctions or bends beyond following the arrows [P]: where a lane leads into a
 * space on two lanes (a crossing), a drone could go two ways and the rulebook says not which,
 * so such a map is refused; so is a road that comes back on itself (a drone would never leave).
 */
function joinLanes(lanes: Segment[]): CompiledMap['lanes'] {
  const at = new Map<string, { seg: number; i: number }[]>();
  lanes.forEach((l, seg) => l.cells.forEach((k, i) => { const o = at.get(k) ?? []; o.push({ seg, i }); at.set(k, o); }));
  const name = (seg: number) => `Road lane ${lanes[seg].cells[0]} to ${lanes[seg].cells[lanes[seg].cells.length - 1]}`;
  const next = lanes.map((l, seg) => {
    const last = l.cells.length - 1;
    const [x, y] = l.cells[last].split(',').map(Number);
    const arrive = l.dirs[last];
    const k = cellKey(x + STEP[arrive][0], y + STEP[arrive][1], 1);
    const on = (at.get(k) ?? []).filter((o) => lanes[o.seg].dirs[o.i] !== CLOCKWISE[(CLOCKWISE.indexOf(arrive) + 2) % 4]);
    if (on.length > 1) throw new Error(`map: ${name(seg)} leads into ${k}, a space on ${on.length} Road lanes: a drone could go ${on.length} ways there and the rulebook gives no rule for which (L2152 "in the direction of the arrows") [P]`);
    return on[0] ?? null;
  });
  const heads = lanes.map((_, seg) => seg).filter((seg) => !next.some((n) => n && n.seg === seg && n.i === 0));
  const routes = heads.map((head) => {
    const road = { tiles: [] as number[], cells: [] as string[], dir: lanes[head].dirs[0], dirs: [] as Dir[] };
    const segs: number[] = [];
    let part = false;
    for (let cur: { seg: number; i: number } | null = { seg: head, i: 0 }; cur; cur = next[cur.seg]) {
      if (cur.i > 0) part = true;
      const l = lanes[cur.seg];
      for (let i = cur.i; i < l.cells.length; i++) {
        if (road.cells.includes(l.cells[i])) throw new Error(`map: ${name(head)} comes back to ${l.cells[i]}: a drone on it would never leave the map (L2160)`);
        road.cells.push(l.cells[i]); road.dirs.push(l.dirs[i]);
      }
      if (road.tiles[road.tiles.length - 1] !== l.tile) road.tiles.push(l.tile);
      segs.push(cur.seg);
    }
    return { road, segs, part, head };
  });
  for (let seg = 0; seg < lanes.length; seg++) if (!routes.some((r) => r.segs.includes(seg))) throw new Error(`map: ${name(seg)} is on a road that comes back on itself (L2160)`);
  const order = (r: (typeof routes)[number]) => (r.part ? lanes.length + r.head : Math.min(...r.segs));
  return routes.sort((a, b) => order(a) - order(b)).map((r) => r.road);
}

const CLOCKWISE: Dir[] = ['N', 'E', 'S', 'W'];
/** A direction on a tile placed with `rot` degrees of clockwise rotation. */
function turnDir(d: Dir, rot: number): Dir { return CLOCKWISE[(CLOCKWISE.indexOf(d) + rot / 90) % 4]; }

/**
 * A tile's Road lanes (spec 2.1.2): runs of its Level-1 cells, each cell one orthogonal step on from
 * the last (a lane may bend), none twice, the last arrow not back onto the lane, across no Wall or
 * Obstacle edge (a drone drives the centre of the Road, L2152); a Road tile is named "Road …" and
 * has no building.
 */
function checkRoads(t: TileDef): void {
  if (!t.roads) return;
  if (!/^Road/.test(t.name) || t.building) throw new Error(`tile ${t.id}: Road lanes are drawn on Road tiles only (spec 2.1.1 "Roads")`);
  const ground = t.levels.find((l) => l.z === 1);
  const has = (x: number, y: number) => !!ground && ground.rects.some(([rx, ry, rw, rh]) => x >= rx && x < rx + rw && y >= ry && y < ry + rh);
  const blocked = new Set((ground?.edges ?? []).filter((e) => e.type === 'wall' || e.type === 'obstacle').map((e) => edgeKey(1, e.a as [number, number], e.b as [number, number])));
  for (const [i, r] of t.roads.entries()) {
    if (new Set(r.cells.map((c) => c.join(','))).size < r.cells.length) throw new Error(`tile ${t.id}: Road lane ${i} passes a space twice`);
    const [lx, ly] = r.cells[r.cells.length - 1]; const [bx, by] = r.cells[r.cells.length - 2];
    if (lx + STEP[r.dir][0] === bx && ly + STEP[r.dir][1] === by) throw new Error(`tile ${t.id}: Road lane ${i}: its last arrow (${r.dir}) points back onto the lane`);
    r.cells.forEach(([x, y], k) => {
      if (!has(x, y)) throw new Error(`tile ${t.id}: Road lane ${i} cell ${x},${y} is no Level-1 cell of the tile`);
      if (k === 0) return;
      const [px, py] = r.cells[k - 1];
      if (Math.abs(x - px) + Math.abs(y - py) !== 1) throw new Error(`tile ${t.id}: Road lane ${i}: ${x},${y} is not one step N, E, S or W of ${px},${py} (a lane goes space by space, its arrows from each to the next)`);
      if (blocked.has(edgeKey(1, [px, py], [x, y]))) throw new Error(`tile ${t.id}: Road lane ${i} crosses a Wall or Obstacle between ${px},${py} and ${x},${y}`);
    });
  }
}

/** The top most Level at a space's (x, y): the highest floor of the map there (the roof above an Inside space, the space itself Outside). */
export function topMost(m: CompiledMap, c: Cell): Cell {
  let top = c;
  for (let z = c.z + 1; z <= 4; z++) { const k = m.cells[cellKey(c.x, c.y, z)]; if (k) top = k; }
  return top;
}

/**
 * The map after building collapses (spec 7.6.3, 2.1.7): `collapsed` gives, per tile index, the
 * Level its Destroyed tile now lies on. Levels above it are gone; the D tile covers the
 * footprint of the Level removed just above it, all Outside, its edges clear and its corner
 * dots Obstacles (G-MAP-3). Cached per collapse state (the "map version"), so the step and
 * LOS questions keep their caches.
 */
const DESTROYED_CACHE = new Map<string, CompiledMap>();
export function destroyedMap(id: string, m: CompiledMap, collapsed: Record<string, number>): CompiledMap {
  const sig = Object.entries(collapsed).sort().map(([t, z]) => `${t}:${z}`).join(';');
  if (!sig) return m;
  const ck = `${id}|${sig}`;
  const hit = DESTROYED_CACHE.get(ck);
  if (hit) return hit;
  const cells: Record<string, Cell> = {};
  const edges = { ...m.edges };
  const corners = { ...m.corners };
  const gone = (c: Cell) => collapsed[c.tile] !== undefined && c.z > collapsed[c.tile];
  for (const c of Object.values(m.cells)) if (!gone(c)) cells[c.key] = { ...c };
  for (const [t, top] of Object.entries(collapsed)) {
    const foot = Object.values(m.cells).filter((c) => c.tile === Number(t) && c.z === top + 1 && cells[cellKey(c.x, c.y, top)]);
    for (const f of foot) {
      const c = cells[cellKey(f.x, f.y, top)];
      c.destroyed = true; c.stairs = false;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) delete edges[edgeKey(top, [c.x, c.y], [c.x + dx, c.y + dy])];
      for (const [px, py] of [[c.x, c.y], [c.x + 1, c.y], [c.x, c.y + 1], [c.x + 1, c.y + 1]]) corners[cornerKey(top, px, py)] = 'obstacle';
    }
  }
  const out: CompiledMap = { ...m, cells, edges, corners, tiles: m.tiles.map((t) => ({ ...t, cells: t.cells.filter((k) => cells[k]) })) };
  DESTROYED_CACHE.set(ck, out);
  return out;
}

// ---------------------------------------------------------------- loading

/** An Action with its abilities parsed; `base`: a Weapon Action taken with its Weapon gadget's add-on is that Weapon Action for the Main/Add-on allowance (L1055). */
export interface CompiledAction extends ActionDef { parsed: Ability[]; base?: string }
export interface Content {
  provisional: true;
  elites: Record<string, EliteDef & { actions: CompiledAction[]; special: Ability[] }>;
  squads: Record<string, SquadDef>;
  minions: Record<string, MinionDef & { actions: CompiledAction[] }>;
  allies: Record<string, AllyDef & { actions: CompiledAction[] }>;
  dice: Record<Color, string[][]>;
  refresh: Record<string, RefreshCard>;
  tiles: Record<string, TileDef>;
  missions: Record<string, Mission & { compiled: CompiledMap }>;
  missionList: Mission[];
}

/** Checks a data file against its schema; a bad file stops the load with the file's name. */
export function checkDataFile(name: string, schema: object, data: unknown): void {
  const ajv = new Ajv({ allErrors: true });
  const v = ajv.compile(schema);
  if (!v(data)) throw new Error(`agents-of-mayhem data/${name}.json: ${ajv.errorsText(v.errors)}`);
}

export function compileAbilities(owner: string, texts: string[] | undefined): Ability[] {
  return (texts ?? []).map((t) => {
    try { return parse(t); } catch (e) { throw new Error(`${owner}: ability "${t}": ${(e as Error).message}`); }
  });
}

/** The §2.2.7 face counts: [hit faces incl. aimed, aimed, push, special]. */
export const FACE_COUNTS: Record<Color, [number, number, number, number]> = { red: [8, 5, 3, 3], yellow: [4, 3, 2, 2], white: [2, 1, 1, 1] };

export function loadContent(raw: { boards: unknown; dice: unknown; refresh: unknown; tiles: unknown; missions: unknown }): Content {
  checkDataFile('boards', BoardsFile, raw.boards);
  checkDataFile('dice', DiceFile, raw.dice);
  checkDataFile('refresh', RefreshFile, raw.refresh);
  checkDataFile('tiles', TilesFile, raw.tiles);
  checkDataFile('missions', MissionsFile, raw.missions);
  const boards = raw.boards as Static<typeof BoardsFile>;
  const diceF = raw.dice as Static<typeof DiceFile>;
  const dice = {} as Record<Color, string[][]>;
  for (const color of ['red', 'yellow', 'white'] as Color[]) {
    const d = diceF.dice[color];
    if (!d) throw new Error(`dice: no ${color} die`);
    const faces = d.faces.map((f) => (f === '-' ? [] : f.split('+')));
    const n = (p: (f: string[]) => boolean) => faces.filter(p).length;
    const got: [number, number, number, number] = [n((f) => f.includes('H') || f.includes('AH')), n((f) => f.includes('AH')), n((f) => f.includes('P')), n((f) => f.includes('S'))];
    if (got.join() !== FACE_COUNTS[color].join()) throw new Error(`dice: the ${color} die must have ${FACE_COUNTS[color].join('/')} hit/aimed/push/special faces (spec 2.2.7), has ${got.join('/')}`);
    if (faces.some((f) => f.length > 2 || (f.length === 2 && !f.includes('S')))) throw new Error(`dice: ${color}: a face holds one symbol, or a Special around one (L921)`);
    dice[color] = faces;
  }
  const elites: Content['elites'] = {};
  for (const e of boards.elites) {
    const actions = e.actions.map((a) => ({ ...a, parsed: compileAbilities(`board ${e.id} action ${a.id}`, a.abilities) }));
    checkActions(`board ${e.id}`, actions);
    elites[e.id] = { ...e, actions, special: compileAbilities(`board ${e.id} special refresh`, e.specialRefresh) };
  }
  const squads: Content['squads'] = Object.fromEntries(boards.squads.map((s) => [s.id, s]));
  const minions: Content['minions'] = {};
  for (const m of boards.minions) {
    const actions = m.actions.map((a) => ({ ...a, parsed: compileAbilities(`minion ${m.id} action ${a.id}`, a.abilities) }));
    checkActions(`minion ${m.id}`, actions);
    minions[m.id] = { ...m, actions };
  }
  const allies: Content['allies'] = {};
  for (const a of boards.allies ?? []) {
    if (!elites[a.host] || elites[a.host].side !== 'MAYHEM') throw new Error(`ally ${a.id}: host ${a.host} is not a MAYHEM Elite board`);
    const actions = a.actions.map((x) => ({ ...x, parsed: compileAbilities(`ally ${a.id} action ${x.id}`, x.abilities) }));
    checkActions(`ally ${a.id}`, actions);
    allies[a.id] = { ...a, actions };
  }
  const refresh: Content['refresh'] = {};
  for (const c of (raw.refresh as Static<typeof RefreshFile>).cards) {
    if (c.side === 'MAYHEM' && (c.reinforce || c.deploy)) throw new Error(`refresh ${c.id}: Reinforcement and Deploy symbols are LEGION only (spec 2.2.5)`);
    refresh[c.id] = c;
  }
  const m05 = refresh.M05;
  if (!m05 || m05.cube !== 2 || m05.shield !== 1 || m05.status !== 1) throw new Error('refresh M05: 2 Action Cube, 1 Shield, 1 Remove Status (L363-369)');
  const tiles: Content['tiles'] = Object.fromEntries((raw.tiles as Static<typeof TilesFile>).tiles.map((t) => [t.id, t]));
  for (const t of Object.values(tiles)) checkRoads(t);
  const missions: Content['missions'] = {};
  const list = (raw.missions as Static<typeof MissionsFile>).missions;
  for (const m of list) missions[m.id] = { ...m, compiled: checkMission(m, tiles, elites, squads, minions, refresh, allies) };
  for (const m of list) if (m.chainFrom && !missions[m.chainFrom]) throw new Error(`mission ${m.id}: chains from unknown ${m.chainFrom}`);
  return { provisional: true, elites, squads, minions, allies, dice, refresh, tiles, missions, missionList: list };
}

const STATUS_GAIN = (e: Ability['effects'][number][number]) => e.k === 'gain' && (STATUSES as readonly string[]).includes(e.thing);
export function checkActions(owner: string, actions: CompiledAction[]): void {
  for (const a of actions) {
    const until = a.parsed.some((ab) => ab.conds.some((c) => c.k === 'untilRemoved'));
    if (a.kind === 'self' && (a.attack || a.mp !== undefined || a.jump || a.group || (a.timer && !until) || !a.parsed.length
      || a.parsed.some((ab) => ab.conds.some((c) => c.k !== 'always' && c.k !== 'actorHas' && c.k !== 'untilRemoved') || ab.effects.some((alt) => alt.length !== 1 || !['gain', 'heal', 'demolish'].includes(alt[0].k))))) {
      throw new Error(`${owner} action ${a.id}: a self Action has no attack, MP, Jump, group or timer (but an Until-Removed one), and its abilities are ALWAYS / ACTOR HAS / UNTIL REMOVED = GAIN ... (no choice to make)`);
    }
    // Optional timers (spec 7.8, L1655): an Until-Removed one on a self Action whose UNTIL REMOVED abilities gain statuses (held while it is present),
    // or a Delay Action When-Removed one on a Weapon Action (the Golem's Charge, L1663, L1681): DELAY & WHEN REMOVED = MP n / EXTRA DIE, and only there.
    const delayed = a.parsed.some((ab) => ab.conds.some((c) => c.k === 'whenRemoved' || c.k === 'delay'));
    if (until && delayed) throw new Error(`${owner} action ${a.id}: one optional timer, Until-Removed or Delay Action When-Removed, not both`);
    if ((until || delayed) !== !!(a.timer && !a.timer.mandatory) || (until && (a.kind !== 'self' || a.parsed.some((ab) => ab.conds.some((c) => c.k === 'untilRemoved') && (ab.conds.length !== 1 || ab.effects.some((alt) => !STATUS_GAIN(alt[0]))))))) {
      throw new Error(`${owner} action ${a.id}: an optional timer goes with UNTIL REMOVED = GAIN <status> abilities on a self Action, or with DELAY & WHEN REMOVED abilities on a Weapon Action, and they with it`);
    }
    if (delayed && (a.kind !== 'attack' || !a.weapon || a.parsed.some((ab) => ab.conds.some((c) => c.k === 'whenRemoved' || c.k === 'delay')
      && (ab.conds.length !== 2 || !ab.conds.some((c) => c.k === 'delay') || !ab.conds.some((c) => c.k === 'whenRemoved') || ab.effects.some((alt) => alt.length !== 1 || (alt[0].k !== 'mp' && alt[0].k !== 'extraDie')))))) {
      throw new Error(`${owner} action ${a.id}: a Delay Action timer (spec 7.8) is a Weapon Action's DELAY & WHEN REMOVED = MP <n> / EXTRA DIE abilities (the effects the delayed attack resolves)`);
    }
    if (a.kind === 'attack' && !a.attack) throw new Error(`${owner} action ${a.id}: an attack lists its range bands`);
    if (a.kind === 'jump' && !a.jump) throw new Error(`${owner} action ${a.id}: a Jump lists up and spaces`);
    if (a.kind === 'move' && a.mp === undefined) throw new Error(`${owner} action ${a.id}: a move grants MP`);
    if ((a.kind === 'dash' || a.kind === 'block') && a.type !== 'instant') throw new Error(`${owner} action ${a.id}: ${a.kind} is an Instant (L754, L933)`);
  }
}

function checkMission(m: Mission, tiles: Content['tiles'], elites: Content['elites'], squads: Content['squads'], minions: Content['minions'], refresh: Content['refresh'], allies: Content['allies']): CompiledMap {
  const map = assembleMap(m.map, tiles);
  const seen = new Set<string>();
  for (const side of ['MAYHEM', 'LEGION'] as Side[]) {
    const s = m.sides[side];
    const boards = new Map(s.boards.map((b) => [b.board, b]));
    for (const b of s.boards) {
      const e = elites[b.board]; const q = squads[b.board];
      if (!e && !q) throw new Error(`mission ${m.id}: unknown board ${b.board}`);
      if ((e ?? q).side !== side) throw new Error(`mission ${m.id}: board ${b.board} is not ${side}`);
      for (const mi of b.minions ?? []) if (!minions[mi]) throw new Error(`mission ${m.id}: unknown minion ${mi}`);
    }
    const all = [...s.units.map((u) => ({ ...u, at: u.at as number[] | null })), ...s.entries.map((e) => ({ ...e, at: null }))];
    for (const u of all) {
      if (seen.has(u.unit)) throw new Error(`mission ${m.id}: unit ${u.unit} placed twice`);
      seen.add(u.unit);
      const b = boards.get(u.board);
      if (!b) throw new Error(`mission ${m.id}: unit ${u.unit} on a board not in play (${u.board})`);
      if (squads[u.board] && !(b.minions ?? []).includes(u.minion ?? '')) throw new Error(`mission ${m.id}: unit ${u.unit} is no Minion slotted on ${u.board}`);
      const ally = (u as { ally?: string }).ally;
      if (ally) {
        // An Ally attaches to its host's board; it is set up within 2 spaces of the host (L1971); Allies are Advanced.
        const a = allies[ally];
        if (!a || a.host !== u.board || u.unit !== ally || u.minion) throw new Error(`mission ${m.id}: ally ${u.unit} must be named as its Ally board and sit on its host's board`);
        if (m.rules !== 'advanced') throw new Error(`mission ${m.id}: Allies are Advanced (spec 4.4 item 9)`);
        const host = s.units.find((x) => x.unit === a.host);
        if (!host || !u.at || Math.max(Math.abs(host.at[0] - u.at[0]), Math.abs(host.at[1] - u.at[1])) > 2) throw new Error(`mission ${m.id}: ally ${u.unit} starts within 2 spaces of ${a.host} (L1971)`);
      } else if (elites[u.board] && (u.minion || u.unit !== u.board)) throw new Error(`mission ${m.id}: elite figure ${u.unit} must be named as its board`);
      if (u.at && !map.cells[cellKey(u.at[0], u.at[1], u.at[2])]) throw new Error(`mission ${m.id}: unit ${u.unit} placed off the map at ${u.at.join(',')}`);
    }
    for (const e of s.entries) if (!map.entry[e.edge]) throw new Error(`mission ${m.id}: entry ${e.unit} by unknown edge ${e.edge}`);
    for (const c of s.refreshDeck) if (refresh[c]?.side !== side) throw new Error(`mission ${m.id}: refresh card ${c} is not a ${side} card`);
    if (m.rules === 'basic') for (const c of s.refreshDeck) { const r = refresh[c]; if (r.mayhem || r.reinforce || r.deploy) throw new Error(`mission ${m.id}: card ${c} has Advanced symbols in a Basic mission (L336)`); }
  }
  if (m.sides.MAYHEM.refreshDeck.length !== m.sides.LEGION.refreshDeck.length) throw new Error(`mission ${m.id}: both Refresh decks have the same size (spec 4.4 item 5)`);
  const occupied = new Set<string>();
  for (const side of ['MAYHEM', 'LEGION'] as Side[]) for (const u of m.sides[side].units) {
    const k = u.at.join(',');
    if (occupied.has(k)) throw new Error(`mission ${m.id}: two units on ${k}`);
    occupied.add(k);
  }
  // A Large Unit's figure takes up 2×2 Outside spaces of one Level from its north-west space (L1915, L1921).
  for (const side of ['MAYHEM', 'LEGION'] as Side[]) for (const u of m.sides[side].units) {
    if (!elites[u.board]?.large || u.unit !== u.board) continue;
    const [x, y, z] = u.at;
    for (const [cx, cy] of [[x + 1, y], [x, y + 1], [x + 1, y + 1], [x, y]]) {
      const k = `${cx},${cy},${z}`;
      if (!map.cells[k] || map.cells[cellKey(cx, cy, z + 1)]) throw new Error(`mission ${m.id}: Large Unit ${u.unit} needs 2×2 Outside spaces from ${u.at.join(',')} (L1921)`);
      if (occupied.has(k) && (cx !== x || cy !== y)) throw new Error(`mission ${m.id}: two units on ${k} (Large Unit ${u.unit})`);
      occupied.add(k);
    }
  }
  for (const o of m.oms) if (!map.cells[cellKey(o.at[0], o.at[1], o.at[2])]) throw new Error(`mission ${m.id}: OM ${o.id} off the map`);
  for (const e of m.events?.markers ?? []) {
    const c = map.cells[cellKey(e.at[0], e.at[1], e.at[2])];
    if (!c) throw new Error(`mission ${m.id}: Event Marker off the map at ${e.at.join(',')}`);
    if ((e.trigger === 'hack') !== !!e.hack) throw new Error(`mission ${m.id}: Event Marker at ${e.at.join(',')}: a Hack trigger and a Hack action go together (spec 7.10)`);
    if (e.trigger === 'area' && !map.cells[cellKey(c.x, c.y, c.z + 1)]) throw new Error(`mission ${m.id}: Event Marker at ${e.at.join(',')}: an Area trigger needs an Inside Area (spec 7.10)`);
  }
  for (const side of ['MAYHEM', 'LEGION'] as Side[]) {
    const ns = [...(m.events?.boxes.MAYHEM ?? []), ...(m.events?.boxes.LEGION ?? [])].filter((b) => b.marker === side && !b.card).map((b) => b.n);
    const cardBoxes = [...(m.events?.boxes.MAYHEM ?? []), ...(m.events?.boxes.LEGION ?? [])].filter((b) => b.marker === side && b.card);
    const cards = (m.events?.cards ?? []).filter((c) => c.card === side).length;
    // Event Cards go into a Refresh deck or form an Event deck (L1814), not both: each deck card has its own numbered Box.
    const deckNs = (m.events?.deck?.cards ?? []).filter((c) => c.card === side).map((c) => c.n);
    if (m.events?.deck && m.events.cards?.length) throw new Error(`mission ${m.id}: Event Cards go into Refresh decks or an Event deck, not both (L1814)`);
    if (new Set(deckNs).size !== deckNs.length || deckNs.some((n) => !cardBoxes.some((b) => b.n === n))) throw new Error(`mission ${m.id}: each ${side} Event Card of the Event deck has its own numbered Box (spec 7.10)`);
    if (cards > 1 || cardBoxes.length !== cards + deckNs.length) throw new Error(`mission ${m.id}: the ${side} Event Card needs exactly one Box (spec 7.10)`);
    if (cardBoxes.some((b) => b.effect.explosion && (typeof b.effect.explosion !== 'object' || !b.effect.explosion.at))) throw new Error(`mission ${m.id}: an Event Card has no space to place an Explosion on: name it (explosion.at)`);
    if (cardBoxes.some((b) => b.effect.om && (!b.effect.om.at || (b.effect.om.lock && !b.effect.om.lock.room)))) throw new Error(`mission ${m.id}: an Event Card has no marker to place an OM or lock a room by: name the space (om.at) and the room (om.lock.room)`);
    if (cardBoxes.some((b) => b.effect.stay)) throw new Error(`mission ${m.id}: an Event Card is no marker to leave on the map`);
    if (new Set(ns).size !== ns.length) throw new Error(`mission ${m.id}: two Event Boxes for ${side} marker number ${ns.join(',')}`);
    const markers = (m.events?.markers ?? []).filter((x) => x.side === side).length;
    if (markers > ns.length) throw new Error(`mission ${m.id}: ${markers} ${side} Event Markers but ${ns.length} numbers`);
  }
  // An OM placed by an Event: on the map, an id the mission's OMs (and other Boxes) do not use.
  const omIds = new Set(m.oms.map((o) => o.id));
  for (const b of [...(m.events?.boxes.MAYHEM ?? []), ...(m.events?.boxes.LEGION ?? [])]) {
    const x = b.effect.explosion;
    if (x && typeof x === 'object' && x.at && !map.cells[cellKey(x.at[0], x.at[1], x.at[2])]) throw new Error(`mission ${m.id}: Event Box ${b.marker} ${b.n}: its Explosion is off the map`);
    const o = b.effect.om;
    if (!o) continue;
    // Without `at` or `room`, every marker of the Box's Side may be the one triggered (numbers are drawn then).
    const markers = (m.events?.markers ?? []).filter((mk) => mk.side === b.marker).map((mk) => map.cells[cellKey(mk.at[0], mk.at[1], mk.at[2])]);
    const spaces = o.at ? [map.cells[cellKey(o.at[0], o.at[1], o.at[2])]] : markers.map((c) => topMost(map, c));
    if (spaces.some((c) => !c)) throw new Error(`mission ${m.id}: Event Box ${b.marker} ${b.n}: its OM is off the map`);
    if (spaces.some((c) => m.oms.some((mo) => cellKey(mo.at[0], mo.at[1], mo.at[2]) === cellKey(c.x, c.y, c.z)))) throw new Error(`mission ${m.id}: Event Box ${b.marker} ${b.n}: its OM would go on a mission OM's space`);
    if (omIds.has(o.id)) throw new Error(`mission ${m.id}: Event Box ${b.marker} ${b.n}: OM ${o.id} is already used`);
    const rooms = !o.lock ? [] : o.lock.room ? [map.cells[cellKey(o.lock.room[0], o.lock.room[1], o.lock.room[2])]] : markers;
    if (rooms.some((room) => !room || !map.cells[cellKey(room.x, room.y, room.z + 1)])) throw new Error(`mission ${m.id}: Event Box ${b.marker} ${b.n}: the locked room of OM ${o.id} is no Inside space${o.lock?.room ? '' : ' (a marker of its Side lies Outside)'}`);
    if (o.lock && o.hits === undefined) throw new Error(`mission ${m.id}: Event Box ${b.marker} ${b.n}: a locking OM must be Targetable (hits), or the room stays locked for good`);
    if (b.effect.stay) throw new Error(`mission ${m.id}: Event Box ${b.marker} ${b.n}: a Box that places an OM is triggered once (no stay)`);
    omIds.add(o.id);
  }
  for (const r of m.events?.deck?.rounds ?? []) if (r > m.rounds) throw new Error(`mission ${m.id}: the Event deck is drawn in Round ${r} of ${m.rounds}`);
  const minPlayers = Math.min(m.sides.MAYHEM.boards.length, m.sides.LEGION.boards.length);
  if (m.players.some((n) => n > 2) && minPlayers < 2) throw new Error(`mission ${m.id}: 3-4 players need two boards per Side (L1362)`);
  return map;
}

export const CONTENT = loadContent({ boards: boardsJson, dice: diceJson, refresh: refreshJson, tiles: tilesJson, missions: missionsJson });
export { isAdvanced };

/**
 * Why an Instant gadget Action or Instant character use cannot be taken by rules/instants.ts (null: it can).
 * `minion`: a Mayhem card picturing a Minion type, whose group (`+N`, L996-998) has figures to extend to.
 */
export function instantShapeProblem(a: Pick<CompiledAction, 'kind' | 'timer' | 'group' | 'jump' | 'weapon'>, minion: boolean): string | null {
  if (!['self', 'move', 'attack', 'jump'].includes(a.kind)) return `an Instant is a self Action, a move, a Jump or an attack, not ${a.kind}`;
  if (a.weapon) return 'an Instant Weapon Action is not modelled (no Instant may carry a Weapon gadget or Weapon Bonus here)';
  if (a.group && !minion) return 'a group (+N) is extra figures of a Minion type (L996-998): only an Instant character use of a Minion\'s Mayhem card may have one';
  if (a.timer && a.kind !== 'self' && !(a.kind === 'attack' && a.timer.mandatory)) return 'a timer on an Instant goes on a self Action (optional Until-Removed, L1655, L1665) or an attack (mandatory, L1669): a delayed move or Jump is no mechanism of these rules';
  if (a.jump && a.kind !== 'move' && a.kind !== 'jump') return 'a Jump goes with a move\'s MP (L527, L585)';
  return null;
}