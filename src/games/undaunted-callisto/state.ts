// State types and small helpers shared by the rules, views and tests.
import type { Deck } from '../../engine/mech/deck.js';
import type { Result, Seat } from '../../engine/types.js';
import type { ActionDef } from './notation.js';
import { CONTENT, type CardDef, type Faction, type UnitDef } from './content.js';

export type Side = 'scouted' | 'controlled';
export type Zone = 'hand' | 'discard' | 'deck';

export interface SeatState {
  seat: Seat;
  faction: Faction;
  forces: number[];
  /** Draw pile (multiset, no order) and discard pile (face up). */
  deck: Deck<string>;
  hand: string[];
  play: string[];
  supply: string[];
  casualties: { card: string; unit: string }[];
  setAside: string[];
  out: string[];
}

export interface UnitState { id: string; owner: Seat; at: string | null; suppressed: boolean; neutralised: boolean }

export interface FactionState {
  /** The Interference supply (shared by teammates in the 4-player game). */
  interference: string[];
  /** Enemy units this faction neutralised (counters kept in front of it). */
  neutralised: string[];
  /** Structures this faction destroyed (doors included). */
  destroyed: string[];
  commander: Seat | null;
  nextCommander: Seat | null;
}

/** A combat action in progress: the attacker and the action are fixed for all its strikes. */
export interface CombatCtx { seat: Seat; unit: string; def: ActionDef; from: string; id: number }

export type Frame =
  | { t: 'area'; c: CombatCtx; remaining: string[] }
  | { t: 'strike'; c: CombatCtx; target: string }
  | { t: 'casualty'; id: number; seat: Seat; unit: string; zone: Zone; ask: boolean; by: Seat }
  | { t: 'push'; id: number; seat: Seat; unit: string };

export interface S {
  scenario: string;
  nPlayers: number;
  roundCap: number;
  seats: SeatState[];
  fac: Record<Faction, FactionState>;
  units: Record<string, UnitState>;
  markers: Record<string, Partial<Record<Faction, Side>>>;
  doorsOpen: string[];
  structures: Record<string, { destroyed: boolean }>;
  people: { type: 'civilian' | 'prisoner'; space: string }[];
  round: number;
  phase: 'bid' | 'turns' | 'over';
  initiative: Faction;
  bidders: Seat[];
  order: Seat[];
  turn: number;
  plays: number;
  /** Seats whose turn has started this round. */
  started: Seat[];
  stack: Frame[];
  nextId: number;
  result: Result | null;
}

export const PLAY_CAP = 200;

export const card = (id: string): CardDef => {
  const c = CONTENT.cards[id];
  if (!c) throw new Error(`unknown card ${id}`);
  return c;
};
export const unitDef = (id: string): UnitDef => CONTENT.units[id];
export const other = (f: Faction): Faction => (f === 'breakers' ? 'lfa' : 'breakers');
export const isStandee = (u: UnitDef) => u.class !== 'personnel';

export function sortIds(xs: string[]): string[] {
  return xs.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function teammate(s: S, seat: Seat): Seat | null {
  if (s.nPlayers !== 4) return null;
  const f = s.seats[seat].faction;
  return s.seats.find((x) => x.faction === f && x.seat !== seat)!.seat;
}

export function factionSeats(s: S, f: Faction): Seat[] {
  return s.seats.filter((x) => x.faction === f).map((x) => x.seat);
}

/** Remove one copy of each listed card from a multiset; null when some are missing. */
export function takeAll(from: readonly string[], cards: readonly string[]): string[] | null {
  const out = from.slice();
  for (const c of cards) {
    const i = out.indexOf(c);
    if (i < 0) return null;
    out.splice(i, 1);
  }
  return out;
}

export function countOf(xs: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}
