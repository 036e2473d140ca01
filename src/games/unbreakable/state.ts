// State, actions and frames of Unbreakable (spec shared/rules/unbreakable.md), and tiny lookups.
import type { GameEvent, Result, Rng, Seat } from '../../engine/types.js';
import type { Deck } from '../../engine/mech/deck.js';

export type Side = 'blue' | 'yellow';
export type Owner = Side | 'neutral';
export type Size = 'light' | 'medium' | 'heavy';
export type UType = 'crawler' | 'walker' | 'squad';
/** 'offline' is "scattered" for a squad (spec §2.4). */
export type Status = 'ready' | 'buttoned' | 'offline';
export type Config = 'up' | 'down' | 'hover' | 'ground' | 'none';
export type Terrain = 'clear' | 'road' | 'hill' | 'industry' | 'lake' | 'woods' | 'crater' | 'lava' | 'rough' | 'volcano';
export type BeamKind = 'force' | 'laser' | 'stasis';
export type BombKind = 'crust' | 'neutron' | 'nuke';
/** Chrome §9.1 experimental weapons (replace a whole beam or bomb set) and §9.5 walker equipment. */
export type ExpKind = 'multigun' | 'rocket' | 'vortex';
export type EquipKind = 'conversion' | 'jets' | 'meleeWeapon';
export type BasicKind = BeamKind | BombKind;
export type Kind = BasicKind | ExpKind | EquipKind;
export const EXPERIMENTAL: ExpKind[] = ['multigun', 'rocket', 'vortex'];
export const EQUIPMENT: EquipKind[] = ['conversion', 'jets', 'meleeWeapon'];
export const BEAMS: BeamKind[] = ['force', 'laser', 'stasis'];
export const BOMBS: BombKind[] = ['crust', 'neutron', 'nuke'];
export const COLOURS = ['red', 'yellow', 'orange', 'green', 'blue', 'white'] as const;
export type Colour = (typeof COLOURS)[number];
export const SIZE_RANK: Record<Size, number> = { light: 1, medium: 2, heavy: 3 };
export const SIZES: Size[] = ['light', 'medium', 'heavy'];

export interface Weapon { id: string; kind: Kind; size: Size; loaded: boolean }

export interface Unit {
  id: string;
  side: Owner;
  type: UType;
  /** Hex id, or null while off map (staged along `edge`). */
  at: string | null;
  edge: 'north' | 'south' | null;
  status: Status;
  frozen: boolean;
  config: Config;
  stasis: number;
  weapons: Weapon[];
  carrying: string | null;
  /** Chrome §9.5: a walker converted to a wheeled vehicle; a walker hovering on its jump jets. */
  converted?: boolean;
  jets?: boolean;
  /** Why the unit left the game (magma, exit, …); null while in the game. */
  gone: string | null;
}

/** Objects are light units for weapon effects (§13 A18): stasis markers and freezing apply to them too. */
export interface ObjectState { id: string; kind: 'satellite' | 'blueFlag' | 'yellowFlag'; at: string | null; carriedBy: string | null; gone: string | null; stasis?: number; frozen?: boolean }

export interface HexState {
  terrain: Terrain;
  epicenter?: Colour;
  border?: Colour;
  cloud?: { size: Size; turn: number };
}

/** Cards of the beam set and of the bomb set (Chrome items may replace either, §9.1, §9.5). */
export interface Loadout { beams: Kind[]; bombs: Kind[] }
/** Chrome §9.1.3: a vortex marker; facing 0-5 = N, NE, SE, S, SW, NW. */
export interface Vortex { id: string; hex: string; size: Size; facing: number }
export interface Platoon { crawler: number; walker: number; squad: number }
export interface SideSetup { platoon: Platoon | null; loadouts: Loadout[]; places: string[]; flag: string | null }

export type Action =
  | { type: 'platoon'; crawler: number; walker: number; squad: number }
  | { type: 'loadout'; beams: Kind[]; bombs: Kind[] }
  | { type: 'place'; hex: string }
  | { type: 'flag'; hex: string }
  /** `as`: the basic type a multi-gun fires as (§9.1.1). */
  | { type: 'fire'; unit: string; weapon: string; target: string; mode?: 'reverse'; as?: BasicKind }
  | { type: 'jets'; unit: string; weapon: string }
  | { type: 'convert'; unit: string }
  | { type: 'rocket'; hex: string }
  | { type: 'reload'; unit: string; weapon: string }
  | { type: 'configure'; unit: string }
  | { type: 'clearStasis'; unit: string }
  | { type: 'grab'; unit: string; object: string }
  | { type: 'drop'; unit: string }
  | { type: 'melee'; unit: string; target: string }
  | { type: 'move'; unit: string; path: string[] }
  | { type: 'end' }
  | { type: 'lasers'; fire: { unit: string; weapon: string; at: 'launch' | 'target' }[] }
  | { type: 'push'; to: string | null }
  | { type: 'continue'; go: boolean }
  | { type: 'displace'; unit: string; to: string }
  | { type: 'status'; changes: Record<string, Status> }
  | { type: 'reprogram'; squad: string | null }
  | { type: 'grenades'; changes: Record<string, BombKind> };

/** Per-unit progress inside an activation (spec §6.1): weapon action, then physical action. */
export interface UnitTurn {
  /** 'none': nothing yet; 'partial': a small-weapon fire/reload that allows one more (§6.2); 'done'. */
  weapon: 'none' | 'partial' | 'done';
  /** After a small-weapon fire: the weapon fired (a second fire or a reload must use another). */
  first: string | null;
  firstWas: 'fire' | 'reload' | null;
  physical: boolean;
}

export interface Bomb { owner: Owner; unit: string; weapon: string; kind: BombKind; size: Size; launch: string; target: string }

export type Frame =
  | { f: 'card'; card: string; stage: 'start' | 'status' | 'auto' | 'end' }
  | { f: 'act'; side: Side; utype: UType; card: string; units: string[]; turns: Record<string, UnitTurn>; n: number; overload?: boolean }
  /** Opportunity cards Clear Move and Crawler Light Fire (§9.2): each listed unit may act once. */
  | { f: 'opp'; effect: 'clearMove' | 'lightFire'; side: Side; units: string[]; done: string[]; n: number }
  | { f: 'grenades'; seats: Seat[]; n: number }
  | { f: 'laser'; bomb: Bomb; seats: Seat[]; n: number }
  | { f: 'push'; firer: string; target: string; options: string[]; size: Size; weapon: string; side: Owner; n: number }
  | { f: 'continue'; firer: string; target: string; size: Size; weapon: string; mode: 'normal' | 'reverse'; kind: 'force' | 'stasis'; side: Owner; n: number }
  | { f: 'displace'; hex: string; mover: string; from: string | null; need: number; pool: string[]; turn: Side; moved: string[]; n: number }
  | { f: 'status'; ts: number; seats: Seat[]; n: number }
  | { f: 'reprogram'; crawler: string; seats: Seat[]; n: number }
  | { f: 'rmove'; side: Side; n: number }
  /** §9.1.2: the next rocket of a salvo goes into the same or an adjacent hex. */
  | { f: 'rocket'; unit: string; weapon: string; side: Side; hexes: string[]; left: number; n: number }
  /** §9.3: resolved once the overheated shot (and its continuous re-rolls) is done. */
  | { f: 'overheat'; unit: string; weapon: string; n: number };

export interface S {
  scenario: string;
  options: Options;
  phase: 'setup' | 'play';
  /** Setup stage counter (sealed rounds: platoon, loadout per unit, flag, placement per unit). */
  setupStage: number;
  setupPlan: SetupStep[];
  setup: Record<Side, SideSetup>;
  /** Which seat plays each side (null: the side is run by the rules, e.g. Special Delivery's Yellow). */
  seatOf: Record<Side, Seat | null>;
  turn: number;
  /** Time Stream cards drawn this turn (spec §5.4). */
  ts: number;
  /** Time Stream draws this round (Industrial Wasteland, §13 A32). */
  tsTotal: number;
  deck: Deck<string>;
  /** Earthquake cards not in play (spec §8.3). */
  unusedQuakes: string[];
  map: Record<string, HexState>;
  /** Chrome §9.1.3 vortex markers. */
  vortexes?: Vortex[];
  units: Record<string, Unit>;
  objects: Record<string, ObjectState>;
  stack: Frame[];
  /** Frame counter: each new frame gets a fresh number, so decision keys are re-minted. */
  seq: number;
  /** Runaway: who controls the runaway crawler once reprogrammed. */
  runawayController: Side | null;
  /** Special Delivery: the crawler went offline once and stays buttoned (§4.1). */
  sdButtoned: boolean;
  /** Entries applied in play (decision keys of the activation change with it). */
  moves: number;
  /** Industrial Wasteland match (§4.3, A32): the round being played and the finished rounds. */
  round: number;
  rounds: { yellow: Seat; completed: boolean; ts: number }[];
  /** A resignation ends a match at once. */
  resigned?: boolean;
  result: Result | null;
}

export type SetupStep =
  | { k: 'platoon' }
  | { k: 'loadout'; i: number }
  | { k: 'flag' }
  | { k: 'place'; i: number };

export interface Options {
  platoonSize: number;
  turnCap: number;
  opportunity: boolean;
  /** Industrial Wasteland: 2 = the two-round match with swapped sides (§4.3), 1 = a single round. */
  rounds: number;
  /** §13 A8 config: the summary table's reading (melee needs Ready); default off (the body: Ready or Buttoned). */
  meleeRequiresReady?: boolean;
  /** Chrome §9.4: each new volcano adds the heaviest unused Earthquake card to the discards. */
  volcanicEarthquakes?: boolean;
  /** §13 A20 config: the legacy unit-card rule (knock-down / scatter in lava loses the unit); default off. */
  legacyLavaLoss?: boolean;
  /** Chrome §9.3: beams may fire unloaded; afterwards 1 die, ☺ → the beam is lost. */
  overheatedBeams?: boolean;
  /** §13 A3 config: component limits (per-colour pools of markers and tiles, 6 weapon cards per type); default off. */
  componentLimits?: boolean;
  /** Chrome §9.1: multi-guns, rocket launchers and vortex generators may replace a beam or bomb set. */
  experimentalWeapons?: boolean;
  /** Chrome §9.5: conversion mechanisms, jump jets and melee weapons for walkers. */
  walkerEquipment?: boolean;
}

/**
 * Per-apply randomness and event sink. Each purpose ('dice', 'deck:action', 'quake') has its own
 * stream; a second use of a purpose within one entry gets `<label>#2`, so an added draw of one
 * purpose never moves another purpose's stream.
 */
export class Run {
  ev: GameEvent[] = [];
  private uses = new Map<string, number>();
  constructor(private readonly rng: Rng | null) {}
  fork(label: string): Rng {
    if (!this.rng) throw new Error('no rng in this context');
    const n = (this.uses.get(label) ?? 0) + 1;
    this.uses.set(label, n);
    return this.rng.fork(n === 1 ? label : `${label}#${n}`);
  }
  all(type: string, data: unknown) { this.ev.push({ type, to: 'all', data }); }
}

export const other = (s: Side): Side => (s === 'blue' ? 'yellow' : 'blue');
export const live = (s: S) => Object.values(s.units).filter((u) => !u.gone);
export const onMap = (s: S) => Object.values(s.units).filter((u) => !u.gone && u.at !== null);
export const unitsAt = (s: S, hex: string) => Object.values(s.units).filter((u) => !u.gone && u.at === hex);
export const sizeOf = (t: UType): Size => (t === 'crawler' ? 'heavy' : t === 'walker' ? 'medium' : 'light');
export const lighter = (z: Size): Size | null => (z === 'heavy' ? 'medium' : z === 'medium' ? 'light' : null);
export const isBeam = (k: Kind) => (BEAMS as string[]).includes(k);
export const isHex = (x: string) => /^\d{4}$/.test(x);

export function sideSeat(s: S, side: Owner): Seat | null {
  return side === 'neutral' ? null : s.seatOf[side];
}

export const vortexAt = (s: S, hex: string) => (s.vortexes ?? []).some((v) => v.hex === hex);
export const hasKind = (u: Unit, k: Kind) => u.weapons.some((w) => w.kind === k);
