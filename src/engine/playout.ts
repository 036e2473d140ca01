// Drives a ruleset through the kernel with random legal choices: used by property tests,
// benchmarks and bots' rollouts. Sealed groups are filled by every member, then closed.
import { createHash } from 'node:crypto';
import { applyEntry, chainHash, GENESIS, minted, resultOf, setupGame, type KState } from './kernel.js';
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
  onEntry?: (k: KState<any>, entry: Entry<any> | null, events: GameEvent[]) => void;
}

export interface PlayoutResult {
  k: KState<any>;
  entries: Entry<any>[];
  result: Result | null;
  hash: string;
}

/** The next entry a random player would submit in state k. */
export function randomEntry(rs: Ruleset, k: KState<any>, rng: Rng, pick = (n: number, r: Rng) => r.int(n)): Entry<any> {
  const both = minted(rs, k);
  const open = both.map((m) => m.dec);
  const rawOf = (id: string) => both.find((m) => m.dec.id === id)!.raw;
  const sealed = open.find((d) => d.group?.mode === 'sealed');
  const choose = (d: (typeof open)[number]) => {
    const { actions } = rs.candidates(k.s, d.seat, rawOf(d.id), 64, rng);
    if (!actions.length) return rs.defaultAction(k.s, rawOf(d.id));
    return actions[pick(actions.length, rng)];
  };
  if (sealed) {
    const commits: Record<number, unknown> = {};
    for (const d of open.filter((x) => x.group?.id === sealed.group!.id)) commits[d.seat] = choose(d);
    return { kind: 'sealed', group: sealed.group!.id, commits: commits as Record<number, any> };
  }
  const blocking = open.filter((d) => d.blocking);
  const d = blocking[rng.int(blocking.length)];
  return { kind: 'answer', seat: d.seat, decision: d.id, action: choose(d) };
}

export function randomPlayout(rs: Ruleset, o: PlayoutOptions): PlayoutResult {
  const seed = o.seed ?? 'playout-seed';
  const gameId = o.gameId ?? 'playout';
  const rng = localRng(`playout|${seed}`);
  const made = setupGame(rs, { scenario: o.scenario, seats: o.seats, options: o.options ?? {} }, entryRng(seed, gameId, 0));
  if (isViolation(made)) throw new Error(`setup rejected: ${made.code} ${made.message}`);
  let k = made.k;
  let hash = chainHash(GENESIS, k);
  o.onEntry?.(k, null, made.events);
  const entries: Entry<any>[] = [];
  const max = o.maxEntries ?? 5000;
  while (!resultOf(rs, k) && entries.length < max) {
    const entry = randomEntry(rs, k, rng, o.pick);
    const r = applyEntry(rs, k, entry, entryRng(seed, gameId, k.seq + 1));
    if (isViolation(r)) throw new Error(`candidate rejected at seq ${k.seq + 1}: ${r.code} ${r.message} ${JSON.stringify(entry)}`);
    k = r.k;
    hash = chainHash(hash, k);
    entries.push(entry);
    o.onEntry?.(k, entry, r.events);
  }
  return { k, entries, result: resultOf(rs, k), hash };
}

/** Re-runs a log from its seed: the same entries must give the same final hash. */
export function replay(rs: Ruleset, o: PlayoutOptions, entries: Entry<any>[]): { k: KState<any>; hash: string } {
  const seed = o.seed ?? 'playout-seed';
  const gameId = o.gameId ?? 'playout';
  const made = setupGame(rs, { scenario: o.scenario, seats: o.seats, options: o.options ?? {} }, entryRng(seed, gameId, 0));
  if (isViolation(made)) throw new Error(made.message);
  let k = made.k;
  let hash = chainHash(GENESIS, k);
  for (const e of entries) {
    const r = applyEntry(rs, k, e, entryRng(seed, gameId, k.seq + 1));
    if (isViolation(r)) throw new Error(`replay rejected: ${r.code}`);
    k = r.k;
    hash = chainHash(hash, k);
  }
  return { k, hash };
}

export function digest(x: unknown): string {
  return createHash('sha256').update(JSON.stringify(x)).digest('hex');
}
