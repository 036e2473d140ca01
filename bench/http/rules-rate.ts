// The rules' own cost per move: the logs the HTTP run just wrote (same ruleset, scenario and
// database), read back from the store and replayed by the kernel in this process with the
// engine section's replay (src/engine/playout.ts `replay`: apply + the game's hash chain, no
// candidate generation). Each game's final hash must equal the one the service stored, so
// the figure is the work of exactly those entries. Reading the logs is not timed.
import { type ChainFormat, chainFormat } from '../../src/engine/chain.js';
import { replay } from '../../src/engine/playout.js';
import { movesOf } from '../engine/kernel-run.js';
import type { Entry, Ruleset, SeatInfo } from '../../src/engine/types.js';
import { fullReplay } from '../../src/service/analysis.js';
import { openStore } from '../../src/store/db.js';
import { machineBusySince, machineMark } from '../lib/common.js';

export interface RulesRate {
  /** Distinct games replayed and entries applied per pass over them. */
  games: number; entriesPerPass: number;
  /** Entries applied in the timed window (several passes). */
  entries: number;
  /** Machine CPU (every process) and this process's CPU per entry, µs. */
  machineUs: number; processUs: number;
  /** Player decisions per entry in these logs (a sealed close carries every member's commit; 1 without sealed groups). */
  movesPerEntry: number;
  entriesPerSec: number;
}

interface Log { o: { scenario: string; seats: SeatInfo[]; options: unknown; seed: string; gameId: string; chain: ChainFormat }; entries: Entry<any>[]; hash: string }

/** Reads up to `maxGames` logs of `rs` with at least one move from the store at `databaseUrl`. */
async function readLogs(databaseUrl: string, rs: Ruleset, maxGames: number): Promise<Log[]> {
  const store = await openStore({ databaseUrl, migrate: false });
  try {
    const out: Log[] = [];
    for (let offset = 0; out.length < maxGames; offset += 200) {
      const page = await store.listGames({ limit: 200, offset });
      if (!page.length) break;
      for (const g of page) {
        if (g.ruleset !== rs.id || fullReplay(g) || out.length >= maxGames) continue; // no sandbox or takeback games
        const rows = await store.actionsAfter(g.id, -1, 1_000_000);
        if (rows.length < 2 || rows[0].seq !== 0) continue;
        const e0 = rows[0].entry as { scenario: string; seats: SeatInfo[]; options: unknown };
        out.push({
          o: { scenario: e0.scenario, seats: e0.seats, options: e0.options, seed: g.seed, gameId: g.id, chain: chainFormat(rows[0].hash) },
          entries: rows.slice(1).map((a) => a.entry as Entry<any>), hash: rows[rows.length - 1].hash,
        });
      }
    }
    return out;
  } finally {
    await store.close();
  }
}

/** Replays the stored logs of `rs` for about `seconds` (at least one full pass), after a warm-up pass. */
export async function rulesReplayRate(databaseUrl: string, rs: Ruleset, seconds: number, maxGames = 400): Promise<RulesRate> {
  const logs = await readLogs(databaseUrl, rs, maxGames);
  if (!logs.length) throw new Error(`no ${rs.id} game with a move in the store: nothing to replay`);
  const perPass = logs.reduce((s, l) => s + l.entries.length, 0);
  const moves = logs.reduce((s, l) => s + l.entries.reduce((x, e) => x + movesOf(e), 0), 0);
  // Warm-up (JIT) and the check that this replay is the service's: the same final hashes.
  for (const l of logs) {
    const h = replay(rs, { ...l.o, hashChain: true }, l.entries).hash;
    if (h !== l.hash) throw new Error(`${rs.id} game ${l.o.gameId}: the kernel's replay ends on another hash than the stored chain`);
  }
  let entries = 0;
  const m0 = machineMark(), c0 = process.cpuUsage(), t0 = performance.now();
  const end = t0 + seconds * 1000;
  do {
    for (const l of logs) {
      replay(rs, { ...l.o, hashChain: true }, l.entries);
      entries += l.entries.length;
    }
  } while (performance.now() < end);
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  return {
    games: logs.length, entriesPerPass: perPass, entries, movesPerEntry: moves / perPass,
    machineUs: (1e6 * machineBusySince(m0)) / entries, processUs: (c.user + c.system) / entries, entriesPerSec: entries / wall,
  };
}
