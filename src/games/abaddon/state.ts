// Abaddon state, actions and unit tables. Plain JSON: the kernel hashes and snapshots it.
import type { Result, Seat } from '../../engine/types.js';
import type { Deck } from '../../engine/mech/deck.js';
import { copyJson } from '../../engine/mech/json.js';
import type { Company, Faction, UnitType, XY } from './data.js';

export const UNIT: Record<UnitType, { name: string; move: number; die: number; power: number; bd: number }> = {
  H: { name: 'Heavy Link', move: 1, die: 10, power: 5, bd: 3 },
  M: { name: 'Medium Link', move: 2, die: 8, power: 4, bd: 2 },
  R: { name: 'Recon Link', move: 3, die: 6, power: 3, bd: 1 },
  I: { name: 'Infantry Squad', move: 1, die: 6, power: 4, bd: 2 },
};

/** Activation die faces: four unit types, Weapon System, Command. */
export const FACES = ['H', 'M', 'R', 'I', 'WS', 'C'] as const;
export type Face = (typeof FACES)[number];

export interface Unit {
  id: string;
  type: UnitType;
  seat: Seat;
  faction: Faction;
  company: Company;
  at: XY | null;
  status: 'reserve' | 'board' | 'exited' | 'destroyed';
  crystals: number;
  /** Wild Fire marker ids on the unit. */
  markers: string[];
}

export interface ADie {
  face: Face;
  /** null: unused. */
  use: null | 'ws' | 'draw' | 'order' | 'bolt' | 'marker' | 'lost';
  unit?: string;
}

export interface Attack {
  id: number;
  unit: string;
  target: string;
  /** WS card id (face down for Target cards). */
  card: string;
  kind: 'los' | 'sb' | 'lrb';
  /** The defender's face-down response card. */
  response: string | null;
  done: boolean;
  /** The target was gone at resolution: cards went back to hand unrevealed (AMB-18). */
  lapsed?: boolean;
}

export interface Retained {
  card: string;
  unit: string;
  marker: string;
  seat: Seat;
}

export type Phase =
  | 'divide' | 'deploy' | 'displace'
  | 'lockon' | 'commandDraw' | 'orders' | 'boltWindow' | 'move' | 'declare' | 'respond' | 'resolve' | 'ammWindow'
  | 'over';

export interface SeatState {
  faction: Faction;
  company: Company;
  dice: number;
  cards: number;
  name: string;
}

export interface AbState {
  mission: string;
  players: number;
  seats: SeatState[];
  width: number;
  height: number;
  terrain: { type: string; at: XY }[];
  units: Unit[];
  hands: string[][];
  ws: Deck<string>;
  wf: Deck<string>;
  retained: Retained[];
  /** Enemy crystals in each faction's Victory Point Cup. */
  cup: Record<Faction, number>;
  /** Battle Damage (and other) counters in each faction's cup. */
  counters: Record<Faction, number>;
  /** Crystals gained from the supply (card effects, AMB-24): never taken from a cup. */
  gained: number;
  /** Enemy units each faction has eliminated. */
  kills: Record<Faction, number>;
  round: number;
  maxRounds: number;
  /** Turn order of this round (3-4 players: secret beyond the revealed prefix). */
  order: Seat[];
  /** Relay number per seat this round (0: none). Secret in 3-4 player missions until revealed. */
  relays: number[];
  turnIdx: number;
  active: Seat;
  /** Global turn counter (decision keys, contexts). */
  turn: number;
  /** Bumped on every answered turn decision so the kernel re-mints its id. */
  step: number;
  lockons: { seat: Seat; at: XY }[];
  phase: Phase;
  dice: ADie[];
  moved: string[];
  battled: string[];
  /** Defending units that used their one response this turn. */
  responded: string[];
  attacks: Attack[];
  nextAttack: number;
  /** Open response decisions (one per defending unit). */
  respond: { unit: string; seat: Seat; done: boolean }[];
  window: null | { kind: 'bolt'; die: number; target: string; seat: Seat; firer: Seat; card: string } | { kind: 'amm'; attack: number; seat: Seat };
  deployQueue: { seat: Seat; mode: 'zone' | 'jump' }[];
  jump: { queue: string[]; unit: string | null; at: XY | null; options: XY[] };
  divideQueue: Faction[];
  rebootPending: boolean;
  firstFaction: Faction | null;
  /** Variant (AMB-07): 'turn' removes a relay at the end of its owner's turn. Default: round. */
  lockOnUntil?: 'turn';
  result: Result | null;
}

export type Action =
  | { type: 'divide'; companyA: Record<UnitType, number>; cardsA: number }
  | { type: 'deploy'; unit: string; at: XY }
  | { type: 'displace'; at: XY }
  | { type: 'lockOn'; at: XY | null }
  | { type: 'commandDraw'; n: number }
  | { type: 'assign'; die: number; unit: string }
  | { type: 'bolt'; die: number; target: string }
  | { type: 'removeMarker'; die: number; unit: string; marker: string }
  | { type: 'confirmOrders' }
  | { type: 'amm' }
  | { type: 'pass'; unit?: string }
  | { type: 'move'; unit: string; to: XY | 'exit' }
  | { type: 'endMovement' }
  | { type: 'attack'; unit: string; target: string; card: string }
  | { type: 'endDeclarations' }
  | { type: 'respond'; unit: string; attack: number; card: string }
  | { type: 'resolve'; attack: number }
  | { type: 'closeCombat'; unit: string; target: string }
  | { type: 'endTurn' };

/**
 * A deep copy of the state, key by key in order (so its JSON, and the hash chain, are the
 * same); terrain is never mutated and is shared.
 */
export function cloneState(s: AbState): AbState {
  const out: Record<string, unknown> = {};
  for (const k in s) {
    const v = s[k as keyof AbState];
    out[k] = k === 'terrain' ? v : copyJson(v);
  }
  return out as unknown as AbState;
}
