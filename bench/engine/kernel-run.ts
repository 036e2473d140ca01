// Random legal playouts through the kernel (src/engine/playout.ts: randomEntry picks uniformly
// among `candidates`, applyEntry validates and applies, chain.ts nextHash extends the hash chain): the
// same work per entry as the service's submit path minus the database.
import type { ChainFormat } from '../../src/engine/chain.js';
import { randomPlayout, replay } from '../../src/engine/playout.js';
import type { Entry, Ruleset, SeatInfo } from '../../src/engine/types.js';

export interface KernelRun {
  games: number;
  /** Log entries applied (a sealed group's close is one entry). */
  entries: number;
  /** Player decisions applied: an answer is one, a sealed entry counts each seat's commit. */
  moves: number;
  /** Games cut at maxEntries without a result. */
  unfinished: number;
  ms: number;
  /** Replaying the same logs (apply + hash, no candidate generation): entries and ms. */
  replayEntries: number;
  replayMs: number;
}

export function seatsFor(rs: Ruleset): { scenario: string; seats: SeatInfo[] } {
  // The first scenario for two players if any (the common case), else the first one.
  const two = rs.scenarios.find((s) => (Array.isArray(s.players) ? s.players.includes(2) : s.players === 2));
  const sc = two ?? rs.scenarios[0];
  const n = two ? 2 : Array.isArray(sc.players) ? sc.players[0] : sc.players;
  return { scenario: sc.id, seats: Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` })) };
}

export function movesOf(e: Entry<any>): number {
  return e.kind === 'sealed' ? Object.keys(e.commits).length : 1;
}

/** Plays games until `ms` have passed (the last game is finished, then counted). */
export function runKernel(rs: Ruleset, ms: number, seedBase: string, withReplay = true, maxEntries = 5000, maxGames = Infinity, hashChain = true, chain?: ChainFormat): KernelRun {
  const { scenario, seats } = seatsFor(rs);
  const out: KernelRun = { games: 0, entries: 0, moves: 0, unfinished: 0, ms: 0, replayEntries: 0, replayMs: 0 };
  const t0 = performance.now();
  while (out.games < maxGames && (maxGames !== Infinity || performance.now() - t0 < ms)) {
    const o = { scenario, seats, seed: `${seedBase}-${out.games}`, gameId: `bench-${out.games}`, maxEntries, hashChain, chain };
    const r = randomPlayout(rs, o);
    out.games++;
    out.entries += r.entries.length;
    for (const e of r.entries) out.moves += movesOf(e);
    if (!r.result) out.unfinished++;
    if (withReplay) {
      const t1 = performance.now();
      const again = replay(rs, o, r.entries);
      out.replayMs += performance.now() - t1;
      out.replayEntries += r.entries.length;
      if (again.hash !== r.hash) throw new Error(`${rs.id}: replay hash differs from playout hash`);
    }
  }
  out.ms = performance.now() - t0 - out.replayMs;
  return out;
}

export function addRun(a: KernelRun, b: KernelRun): KernelRun {
  return {
    games: a.games + b.games, entries: a.entries + b.entries, moves: a.moves + b.moves, unfinished: a.unfinished + b.unfinished,
    ms: a.ms + b.ms, replayEntries: a.replayEntries + b.replayEntries, replayMs: a.replayMs + b.replayMs,
  };
}

export const emptyRun = (): KernelRun => ({ games: 0, entries: 0, moves: 0, unfinished: 0, ms: 0, replayEntries: 0, replayMs: 0 });
