// `npm run bench -- chain`: the hash chain's own cost per entry in each format (src/engine/chain.ts),
// over the same logged games: random playouts recorded once (entry, events, state), then the v1
// chain (every state) and the v2 chain (entry and events, the state at checkpoints) computed over
// them in turn, the best of `--reps` passes each (the least disturbed by other work on a shared
// machine). The rules' work is not in it: the figure is what the chain adds to an entry.
import { nextHash } from '../src/engine/chain.js';
import { ownedResult } from '../src/engine/kernel.js';
import { randomPlayout } from '../src/engine/playout.js';
import type { Ruleset } from '../src/engine/types.js';
import { rulesets } from '../src/games/index.js';
import { duel } from '../tests/support/duel.js';
import { type Args, fmt, heading, note, num, table } from './lib/common.js';
import { seatsFor } from './engine/kernel-run.js';

export async function chainBench(a: Args) {
  const reps = num(a, 'reps', 40, 5);
  const only = a.opts.ruleset?.split(',');
  const list: Ruleset[] = [duel, ...rulesets().filter((r) => r.id !== 'duel' && !r.id.startsWith('bench-'))].filter((r) => !only || only.includes(r.id));
  heading(`Hash chain cost per entry, v1 vs v2 (best of ${reps} alternating passes over the same logged games)`);
  const rows: (string | number)[][] = [];
  for (const rs of list) {
    const { scenario, seats } = seatsFor(rs);
    const logs: { e: unknown; ev: unknown; k: any }[][] = [];
    let entries = 0;
    for (let g = 0; entries < 1500; g++) {
      const log: { e: unknown; ev: unknown; k: any }[] = [];
      const setup = { kind: 'setup', scenario, seats, options: {} };
      randomPlayout(rs, { scenario, seats, seed: `chain-${g}`, gameId: `chain-${g}`, hashChain: false, onEntry: (k, e, ev) => log.push({ e: e ?? setup, ev, k }) });
      logs.push(log);
      entries += log.length - 1;
    }
    const pass = (f: 'v1' | 'v2') => {
      let h = '';
      for (const log of logs) log.forEach((l, n) => { h = nextHash(f, h, n, l.e, l.ev, l.k, n > 0 && ownedResult(rs, l.k) !== null); });
      return h;
    };
    const best = { v1: Infinity, v2: Infinity };
    for (let r = 0; r < reps; r++) {
      for (const f of (r % 2 ? ['v2', 'v1'] : ['v1', 'v2']) as ('v1' | 'v2')[]) {
        const t0 = performance.now();
        pass(f);
        best[f] = Math.min(best[f], ((performance.now() - t0) * 1000) / entries);
      }
    }
    const bytes = (f: (l: { e: unknown; ev: unknown; k: any }) => unknown) => Math.round(logs.flatMap((l) => l.slice(1)).reduce((s, l) => s + JSON.stringify(f(l)).length, 0) / entries);
    rows.push([rs.id, (entries / logs.length).toFixed(1), fmt(bytes((l) => l.k)), fmt(bytes((l) => [l.e, l.ev])), best.v1.toFixed(2), best.v2.toFixed(2), `${(best.v1 / best.v2).toFixed(2)}x`]);
  }
  table(['ruleset', 'entries/game', 'state bytes (JSON)', 'entry + events bytes', 'v1 µs/entry', 'v2 µs/entry', 'v1 / v2'], rows);
  note('v1 stringifies and hashes the whole state after every entry; v2 hashes the entry and its events, plus the state at the setup, every 16th entry and the entry that ends the game (docs/VERIFY.md). Games created before v2 keep v1.');
}
