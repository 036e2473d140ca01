// Drives a ruleset through the kernel with random legal choices: used by property tests,
// benchmarks and bots' rollouts. Sealed groups are filled by every member, then closed.
import { type ChainFormat, CURRENT_CHAIN, nextHash, startChain } from './chain.js';
import { sha256Hex } from './digest.js';
import {
  minted, type Minted, ownedApplyEntry, ownedMinted, ownedResult, resultOf, setupGame, type KState,
} from './kernel.js';
import { entryRng, localRng } from './rng.js';
import type { Entry, GameEvent, Result, Rng, Ruleset, SeatInfo } from './types.js';
import { isViolation } from './types.js';

export interface PlayoutOptions {
  scenario: string;
  seats: SeatInfo[];
  options?: unknown;
  seed?: string;
  gameId?: string;
  maxEntries?: number;
  /** Chooses among candidates; defaults to uniform. */
  pick?: (n: number, rng: Rng) => number;
  /** false: no hash chain (bots' rollouts, the bench's reducer-only row); `hash` is then ''. */
  hashChain?: boolean;
  /** The chain's format (chain.ts; default: new games' format), e.g. to replay a stored v1 game. */
  chain?: ChainFormat;
  /** Sees each state; must not modify it (the playout goes on from it). */
  onEntry?: (k: KState<any>, entry: Entry<any> | null, events: GameEvent[]) => void;
}

export interface PlayoutResult {
  k: KState<any>;
  entries: Entry<any>[];
  result: Result | null;
  hash: string;
}

const uniform = (n: number, r: Rng) => r.int(n);

function choose(rs: Ruleset, k: KState<any>, m: Minted, rng: Rng, pick: (n: number, rng: Rng) => number): unknown {
  const { actions } = rs.candidates(k.s, m.dec.seat, m.raw, 64, rng);
  if (!actions.length) return rs.defaultAction(k.s, m.raw);
  return actions[pick(actions.length, rng)];
}

/** The next entry a random player would submit in state k. */
export function randomEntry(rs: Ruleset, k: KState<any>, rng: Rng, pick = uniform): Entry<any> {
  return entryFrom(rs, k, minted(rs, k), rng, pick);
}

function entryFrom(rs: Ruleset, k: KState<any>, open: Minted[], rng: Rng, pick: (n: number, rng: Rng) => number): Entry<any> {
  const sealed = open.find((m) => m.dec.group?.mode === 'sealed');
  if (sealed) {
    const group = sealed.dec.group!.id;
    const commits: Record<number, unknown> = {};
    for (const m of open) if (m.dec.group?.id === group) commits[m.dec.seat] = choose(rs, k, m, rng, pick);
    return { kind: 'sealed', group, commits: commits as Record<number, any> };
  }
  const blocking = open.filter((m) => m.dec.blocking);
  const m = blocking[rng.int(blocking.length)];
  return { kind: 'answer', seat: m.dec.seat, decision: m.dec.id, action: choose(rs, k, m, rng, pick) };
}

/**
 * Setup (entry 0) and the head of the hash chain ('' without one), shared by playout and replay.
 * The setup entry is the one the service logs, so a playout's chain is a stored game's.
 */
function start(rs: Ruleset, o: PlayoutOptions) {
  const seed = o.seed ?? 'playout-seed';
  const gameId = o.gameId ?? 'playout';
  const options = o.options ?? {};
  const made = setupGame(rs, { scenario: o.scenario, seats: o.seats, options }, entryRng(seed, gameId, 0));
  if (isViolation(made)) throw new Error(`setup rejected: ${made.code} ${made.message}`);
  const chained = o.hashChain !== false;
  const format = o.chain ?? CURRENT_CHAIN;
  const setup = { kind: 'setup', scenario: o.scenario, seats: o.seats, options };
  return { seed, gameId, made, chained, format, hash: chained ? startChain(format, setup, made.events, made.k) : '' };
}

export function randomPlayout(rs: Ruleset, o: PlayoutOptions): PlayoutResult {
  const begun = start(rs, o);
  const { seed, gameId, made, chained, format } = begun;
  let hash = begun.hash;
  const rng = localRng(`playout|${seed}`);
  let k = made.k;
  o.onEntry?.(k, null, made.events);
  const entries: Entry<any>[] = [];
  const max = o.maxEntries ?? 5000;
  // The loop owns its states (never modified): the kernel's derived data is reused (owned*).
  while (!ownedResult(rs, k) && entries.length < max) {
    const entry = entryFrom(rs, k, ownedMinted(rs, k), rng, o.pick ?? uniform);
    const r = ownedApplyEntry(rs, k, entry, entryRng(seed, gameId, k.seq + 1));
    if (isViolation(r)) throw new Error(`candidate rejected at seq ${k.seq + 1}: ${r.code} ${r.message} ${JSON.stringify(entry)}`);
    k = r.k;
    if (chained) hash = nextHash(format, hash, k.seq, entry, r.events, k, ownedResult(rs, k) !== null);
    entries.push(entry);
    o.onEntry?.(k, entry, r.events);
  }
  return { k, entries, result: resultOf(rs, k), hash };
}

/** Re-runs a log from its seed: the same entries must give the same final hash. */
export function replay(rs: Ruleset, o: PlayoutOptions, entries: Entry<any>[]): { k: KState<any>; hash: string } {
  const begun = start(rs, o);
  const { seed, gameId, chained, format } = begun;
  let { hash } = begun;
  let k = begun.made.k;
  for (const e of entries) {
    const r = ownedApplyEntry(rs, k, e, entryRng(seed, gameId, k.seq + 1));
    if (isViolation(r)) throw new Error(`replay rejected: ${r.code}`);
    k = r.k;
    if (chained) hash = nextHash(format, hash, k.seq, e, r.events, k, ownedResult(rs, k) !== null);
  }
  return { k, hash };
}

export function digest(x: unknown): string {
  return sha256Hex(JSON.stringify(x));
}
