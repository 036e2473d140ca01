// Section 1: rules engine throughput, side by side with boardgame.io's reducer.
// Rounds interleave the runs (kernel Duel, boardgame.io Duel, each registered ruleset) so a
// noisy neighbour hits all of them alike; ratios are taken within a round, then the median.
import { createRequire } from 'node:module';
import { Arc4 } from '../../src/engine/rng.js';
import type { Ruleset } from '../../src/engine/types.js';
import { rulesets } from '../../src/games/index.js';
import { duel } from '../../tests/support/duel.js';
import { type Args, fmt, heading, median, minmax, note, num, progress, ratio, table, warn } from '../lib/common.js';
import { runBgio } from './bgio-duel.js';
import { counter, runBgioCounter } from './counter.js';
import { addRun, emptyRun, type KernelRun, runKernel, seatsFor } from './kernel-run.js';
import { viewCost } from './views.js';

export interface EngineFigures {
  duelRatio: number;
  /** Duel without the state hash chain (the kernel as a reducer only, as boardgame.io's is). */
  duelReducerRatio?: number;
  /** Duel with the v1 chain (every state hashed: games created before chain v2). */
  duelV1Ratio?: number;
  floorRatio?: number;
  perRuleset: Record<string, { entriesPerSec: number; movesPerSec: number; gamesPerSec: number; vsBgio: number }>;
}

/**
 * The kernel draws from its own port of seedrandom's ARC4 (a hot-path fix): it must give the
 * very same numbers, or stored games would no longer replay. Checked on every bench run (CI smoke).
 */
export function checkArc4(seeds = 500): void {
  const seedrandom = createRequire(import.meta.url)('seedrandom') as (s: string) => { int32(): number };
  for (let i = 0; i < seeds; i++) {
    const seed = i % 7 === 0 ? 'x'.repeat(i) : `${i.toString(16).padStart(64, 'ab')}`;
    const a = seedrandom(seed);
    const b = new Arc4(seed);
    for (let k = 0; k < 32; k++) {
      if ((a.int32() >>> 0) !== b.uint32()) throw new Error(`Arc4 differs from seedrandom for seed ${JSON.stringify(seed)} at draw ${k}`);
    }
  }
}

/** A row for kernel runs against the same rounds' boardgame.io moves/s. */
function reducerRow(label: string, ks: KernelRun[], bg: number[]): (string | number)[] {
  const moves = ks.map((k) => (k.moves / k.ms) * 1000);
  const ratios = moves.map((m, i) => m / bg[i]);
  const per = ks.reduce((s, k) => s + k.entries, 0) / Math.max(1, ks.reduce((s, k) => s + k.games, 0));
  return [label, fmt(median(moves)), fmt(median(ks.map((k) => (k.entries / k.ms) * 1000))), fmt(median(ks.map((k) => (k.games / k.ms) * 1000)), 1),
    fmt(median(ks.map((k) => (k.replayEntries / Math.max(1e-9, k.replayMs)) * 1000))), per.toFixed(1),
    `${ratio(median(ratios))} (${ratio(Math.min(...ratios))}-${ratio(Math.max(...ratios))})`, '-'];
}

/**
 * Runs n engines in turn, a block of about `block` ms each (a game is never cut), for `total`
 * ms: cycle c starts with engine c mod n, so each engine follows each other one as often.
 */
export function inBlocks(n: number, total: number, block: number, run: (which: number, cycle: number) => void): void {
  const t0 = performance.now();
  for (let cycle = 0; cycle === 0 || performance.now() - t0 < total; cycle++) {
    for (let q = 0; q < n; q++) run((cycle + q) % n, cycle);
  }
}

export async function engineBench(a: Args): Promise<EngineFigures> {
  checkArc4();
  const rounds = num(a, 'rounds', 15, 1);
  const ms = num(a, 'ms', 600, 150);
  const block = num(a, 'block', 20, 1);
  const only = a.opts.ruleset?.split(',');
  heading(`1. Rules engine throughput (${rounds} rounds x ${ms} ms per run, one core, engines in turn)`);

  // Real rulesets: a short trial game first; one that throws is reported and skipped.
  const candidates = rulesets().filter((r) => r.id !== 'duel' && !r.id.startsWith('bench-')).filter((r) => !only || only.includes(r.id));
  const ok: Ruleset[] = [];
  for (const rs of candidates) {
    try {
      runKernel(rs, 1, 'trial', true);
      ok.push(rs);
    } catch (e) {
      warn(`ruleset \`${rs.id}\` crashed in a random playout and is skipped: ${(e as Error).message.slice(0, 300)}`);
    }
  }
  const runs: { id: string; fn: (round: number) => KernelRun }[] = [
    { id: 'duel', fn: () => emptyRun() }, // measured in pairs with boardgame.io below
    ...ok.map((rs) => ({ id: rs.id, fn: (r: number) => runKernel(rs, ms, `${rs.id}-${r}`) })),
  ];
  // Warm-up (JIT) for every engine, not counted.
  const warm = Math.min(300, ms);
  runBgio(warm, 999);
  runKernel(duel, warm, 'warm');
  for (const r of runs) {
    try { r.fn(-1); } catch { /* reported below */ }
  }

  const bg: { moves: number; games: number; ms: number }[] = [];
  const floor: { b: { moves: number; games: number; ms: number }; k: KernelRun; n: KernelRun }[] = [];
  /** The same Duel games without the state hash chain: the kernel as a reducer, like boardgame.io's. */
  const duelNoHash: KernelRun[] = [];
  /** The same Duel games with the v1 chain (src/engine/chain.ts: every state hashed), as before chain v2. */
  const duelV1: KernelRun[] = [];
  const ker = new Map<string, KernelRun[]>(runs.map((r) => [r.id, []]));
  const failed = new Map<string, string>();
  const p = progress('engine rounds', rounds * runs.length);
  for (let round = 0; round < rounds; round++) {
    // The like-for-like comparison: boardgame.io, the kernel and the kernel without the chain
    // take turns in blocks of `block` ms for 2 x ms, in rotating order, each engine's clock
    // summed apart, so load swings on a shared machine hit all of them alike. Blocks, not single
    // games: whichever engine runs right after another pays for the other's garbage and cache
    // (measured: the kernel game right after a boardgame.io game ran 1.3x slower than the same
    // games run next), a fixed cost per switch that weighs most on the engine with short games.
    const b = { games: 0, moves: 0, invalid: 0, ms: 0 };
    let k = emptyRun();
    let kn = emptyRun();
    let k1 = emptyRun();
    inBlocks(4, 2 * ms, block, (which, cycle) => {
      const seed = `duel-${round}-${cycle}`;
      if (which === 0) {
        const t1 = performance.now();
        const one = runBgio(block, round * 100000 + cycle + 1);
        b.ms += performance.now() - t1;
        b.games += one.games; b.moves += one.moves; b.invalid += one.invalid;
      } else if (which === 1) k = addRun(k, runKernel(duel, block, seed));
      else if (which === 2) kn = addRun(kn, runKernel(duel, block, `${seed}-r`, true, 5000, Infinity, false));
      else k1 = addRun(k1, runKernel(duel, block, `${seed}-v1`, true, 5000, Infinity, true, 'v1'));
    });
    bg.push(b);
    ker.get('duel')!.push(k);
    duelNoHash.push(kn);
    duelV1.push(k1);
    // The floor: the same trivial game in both engines, the same way for ms.
    const cb = { games: 0, moves: 0, ms: 0 };
    let ck = emptyRun();
    let ckn = emptyRun();
    inBlocks(3, ms, block, (which, cycle) => {
      const seed = `counter-${round}-${cycle}`;
      if (which === 0) {
        const t1 = performance.now();
        const until = t1 + block;
        for (let i = 0; performance.now() < until; i++) {
          const one = runBgioCounter(round * 100000 + cycle * 1000 + i + 1);
          cb.games += one.games; cb.moves += one.moves;
        }
        cb.ms += performance.now() - t1;
      } else if (which === 1) ck = addRun(ck, runKernel(counter, block, seed));
      else ckn = addRun(ckn, runKernel(counter, block, `${seed}-r`, true, 5000, Infinity, false));
    });
    floor.push({ b: cb, k: ck, n: ckn });
    p.tick(1, 'duel pair');
    for (const r of runs) {
      if (r.id === 'duel') continue;
      if (failed.has(r.id)) { p.tick(); continue; }
      try {
        ker.get(r.id)!.push(r.fn(round));
      } catch (e) {
        failed.set(r.id, (e as Error).message.slice(0, 300));
      }
      p.tick(1, r.id);
    }
  }
  p.done();

  const bgMoves = bg.map((b) => (b.moves / b.ms) * 1000);
  const bgGames = bg.map((b) => (b.games / b.ms) * 1000);
  const rows: (string | number)[][] = [];
  rows.push(['boardgame.io 0.50 reducer: Duel', fmt(median(bgMoves)), '-', fmt(median(bgGames), 1), '-', `${(bg.reduce((s, b) => s + b.moves, 0) / bg.reduce((s, b) => s + b.games, 0)).toFixed(1)}`, '1x', '1x']);
  const figures: EngineFigures = { duelRatio: NaN, perRuleset: {} };
  for (const r of runs) {
    const ks = ker.get(r.id)!;
    if (!ks.length) continue;
    const moves = ks.map((k) => (k.moves / k.ms) * 1000);
    const entries = ks.map((k) => (k.entries / k.ms) * 1000);
    const games = ks.map((k) => (k.games / k.ms) * 1000);
    const replays = ks.map((k) => (k.replayEntries / Math.max(1e-9, k.replayMs)) * 1000);
    const ratios = moves.map((m, i) => m / bgMoves[i]);
    const gRatios = games.map((g, i) => g / bgGames[i]);
    const [lo, hi] = minmax(ratios);
    const per = ks.reduce((s, k) => s + k.entries, 0) / ks.reduce((s, k) => s + k.games, 0);
    const unfinished = ks.reduce((s, k) => s + k.unfinished, 0);
    const label = r.id === 'duel' ? 'skyeye kernel: Duel (same game)' : `skyeye kernel: ${r.id} (${seatsFor(ok.find((x) => x.id === r.id)!).scenario})`;
    rows.push([
      label, fmt(median(moves)), fmt(median(entries)), fmt(median(games), 1), fmt(median(replays)),
      `${per.toFixed(1)}${unfinished ? ` (${unfinished} cut)` : ''}`,
      `${ratio(median(ratios))} (${ratio(lo)}-${ratio(hi)})`, ratio(median(gRatios)),
    ]);
    if (r.id === 'duel') {
      figures.duelRatio = median(ratios);
      rows.push(reducerRow('skyeye kernel, v1 hash chain (every state): Duel', duelV1, bgMoves));
      figures.duelV1Ratio = median(duelV1.map((k, i) => (k.moves / k.ms) * 1000 / bgMoves[i]));
      rows.push(reducerRow('skyeye kernel as a reducer (no hash chain): Duel', duelNoHash, bgMoves));
      figures.duelReducerRatio = median(duelNoHash.map((k, i) => (k.moves / k.ms) * 1000 / bgMoves[i]));
    }
    figures.perRuleset[r.id] = { entriesPerSec: median(entries), movesPerSec: median(moves), gamesPerSec: median(games), vsBgio: median(ratios) };
  }
  {
    const fb = floor.map((f) => (f.b.moves / f.b.ms) * 1000);
    const fk = floor.map((f) => (f.k.moves / f.k.ms) * 1000);
    const fr = fk.map((x, i) => x / fb[i]);
    rows.push(['boardgame.io 0.50 reducer: Counter (floor)', fmt(median(fb)), '-', fmt(median(floor.map((f) => (f.b.games / f.b.ms) * 1000)), 1), '-', (floor.reduce((s, f) => s + f.b.moves, 0) / floor.reduce((s, f) => s + f.b.games, 0)).toFixed(1), '1x', '1x']);
    rows.push(['skyeye kernel: Counter (floor)', fmt(median(fk)), fmt(median(fk)), fmt(median(floor.map((f) => (f.k.games / f.k.ms) * 1000)), 1),
      fmt(median(floor.map((f) => (f.k.replayEntries / Math.max(1e-9, f.k.replayMs)) * 1000))), (floor.reduce((s, f) => s + f.k.entries, 0) / floor.reduce((s, f) => s + f.k.games, 0)).toFixed(1),
      `${ratio(median(fr))} (${ratio(Math.min(...fr))}-${ratio(Math.max(...fr))})`, '-']);
    figures.floorRatio = median(fr);
    rows.push(reducerRow('skyeye kernel as a reducer (no hash chain): Counter', floor.map((f) => f.n), fb));
  }
  table(['engine: game', 'moves/s/core', 'entries/s', 'games/s', 'replay entries/s', 'entries/game', 'moves/s vs bgio (min-max)', 'games/s vs bgio'], rows);
  for (const [id, msg] of failed) warn(`ruleset \`${id}\` failed during the measured rounds and is left out: ${msg}`);
  note('moves = player decisions applied (a sealed bid closing with two commits counts 2; boardgame.io applies each bid as its own move). '
    + 'entries = kernel log entries. Each kernel entry includes candidate generation, validation, apply, decision-id minting and the SHA-256 hash chain new games get (chain v2: each entry and its events, the state at the setup, every 16th entry and the end); '
    + '"replay" re-applies the same logs without candidate generation (what loading a game does). boardgame.io: CreateGameReducer + ai.enumerate, NODE_ENV=production. '
    + (import.meta.url.endsWith('.js')
      ? 'The kernel and the games run compiled by tsc, as production runs them (`--tsx`: through tsx instead). '
      : 'The kernel and the games run through tsx (`--tsx`), whose transform keeps every closure\'s name: slower than the tsc output production runs. ')
    + 'The like-for-like ratios are the Duel row (the kernel\'s test game) and the Counter row (a trivial game, one die roll per move: each engine\'s own cost per move); '
    + 'The "as a reducer" rows play other seeds of the same games without the hash chain (the log-integrity feature the service adds at commit; boardgame.io\'s reducer has none): the reducer-to-reducer comparison; the "v1 hash chain" row hashes every state, as games created before chain v2 do (src/engine/chain.ts). '
    + `The registered rulesets are different, larger games divided by the same boardgame.io Duel figure. One round = Duel for 2 x ms and Counter for ms, the engines taking turns in blocks of ${block} ms (rotating order), then each ruleset for ms.`);
  table(['view redaction: ruleset', 'states', 'µs per seat view', 'µs per spectator view', 'µs to JSON a seat view', 'bytes (JSON)'], [duel, ...ok].map((rs) => {
    const v = viewCost(rs, Math.max(100, ms / 2));
    return [rs.id, v.states, fmt(v.seatUs, 1), fmt(v.spectatorUs, 1), fmt(v.jsonUs, 1), fmt(v.bytes)];
  }));
  note('A view is built per read (GET /v1/games/:id, each SSE or subscription update): the ruleset\'s `view` redacts what the viewer may not see. Measured over every state of four random games per ruleset.');
  const target = figures.duelRatio >= 10 ? 'met' : 'NOT met';
  console.log(`Target (>= 10x boardgame.io actions/s, same game): **${target}** (${ratio(figures.duelRatio)} with the hash chain; ${ratio(figures.duelV1Ratio ?? NaN)} with the v1 chain; ${ratio(figures.duelReducerRatio ?? NaN)} as a reducer only).\n`);
  return figures;
}
