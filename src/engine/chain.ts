// The hash chain over a game's log: its formats, and the one place that computes them. The
// service's commit path, replay with check and `verify`, the engine's playout and conformance
// all call these functions (docs/VERIFY.md says how a third party recomputes a chain).
//
// v1 (games created before chain v2; stored hashes are 64 hex digits):
//   H_0 = sha256('skyeye/genesis/v1' | JSON(k_0)),  H_n = sha256(H_{n-1} | JSON(k_n))
//   where k_n is the kernel state after entry n: every entry hashes the whole state.
// v2 (stored hashes are 'v2:' + 64 hex digits):
//   H_n = 'v2:' + sha256(H_{n-1} | JSON([n, entry_n, events_n]))                at other entries
//   H_n = 'v2:' + sha256(H_{n-1} | JSON([n, entry_n, events_n]) | S_n)          at checkpoints
//   with H_{-1} = 'skyeye/genesis/v2', S_n = sha256(JSON(k_n)) in hex, and a checkpoint at the
//   setup (n = 0), every CHECKPOINT_EVERY entries (n % 16 = 0) and at the entry that ends the game.
//   entry_n and events_n are the log's entry and event list as stored (JSON keeps key order).
// JSON is JSON.stringify: the store keeps json (not jsonb) text, so a loaded entry, event list
// or state stringifies to the same bytes as when it was written.
import { sha256Hex } from './digest.js';

export type ChainFormat = 'v1' | 'v2';

/** The format new games get. */
export const CURRENT_CHAIN: ChainFormat = 'v2';

/** v2: the state is folded into the chain at every entry whose seq is a multiple of this. */
export const CHECKPOINT_EVERY = 16;

const GENESIS: Record<ChainFormat, string> = { v1: 'skyeye/genesis/v1', v2: 'skyeye/genesis/v2' };
const V2 = 'v2:';

/** The format a stored hash was made in (any hash of the chain tells; verify reads the setup's). */
export function chainFormat(hash: string): ChainFormat {
  return hash.startsWith(V2) ? 'v2' : 'v1';
}

/** Whether the entry at `seq` folds the state in (v1: every entry). `ended`: the game has a result after it. */
export function isCheckpoint(format: ChainFormat, seq: number, ended: boolean): boolean {
  return format === 'v1' || ended || seq % CHECKPOINT_EVERY === 0;
}

/** S_n: the state's digest, as a checkpoint folds it in. */
export function stateDigest(k: unknown): string {
  return sha256Hex(JSON.stringify(k));
}

/** An entry and its events serialized as the log stores them: the store writes these bytes and v2 hashes them. */
export interface LoggedJson { entry: string; events: string }

/** Serializes an entry and its events once, for the chain and the store alike. */
export function loggedJson(entry: unknown, events: unknown): LoggedJson {
  return { entry: JSON.stringify(entry ?? null), events: JSON.stringify(events ?? []) };
}

/**
 * The hash after entry `seq` (0: the setup, whose `prev` is ignored), its `entry` and `events` as
 * the log stores them and the kernel state `k` after it; `ended` when `k` has a result. `json`:
 * the entry and events already serialized (loggedJson), so the commit path stringifies them once.
 */
export function nextHash(format: ChainFormat, prev: string, seq: number, entry: unknown, events: unknown, k: unknown, ended: boolean, json?: LoggedJson): string {
  const from = seq === 0 ? GENESIS[format] : prev;
  // The joined string hashed at once: the same bytes as updating with each part.
  if (format === 'v1') return sha256Hex(from + '|' + JSON.stringify(k));
  // JSON([n, entry, events]): assembled from the parts the store writes when given, else in one
  // call (the same bytes; one stringify instead of two and a join, for playouts and replays).
  const logged = json ? '[' + seq + ',' + json.entry + ',' + json.events + ']' : JSON.stringify([seq, entry ?? null, events ?? []]);
  const s = isCheckpoint(format, seq, ended) ? '|' + stateDigest(k) : '';
  return V2 + sha256Hex(from + '|' + logged + s);
}

/** The setup's hash (H_0): the head of a new chain. */
export function startChain(format: ChainFormat, entry: unknown, events: unknown, k: unknown): string {
  return nextHash(format, '', 0, entry, events, k, false);
}
