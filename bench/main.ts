// `npm run bench -- <command> [--key=value ...]`: measures and prints figures (Markdown),
// never asserts timings. Commands: engine, http, load, memory, ai, all, smoke.
// Progress goes to stderr, figures to stdout: `npm run bench -- all > out.md` keeps a record.
// boardgame.io (the engine reference) picks its production build from NODE_ENV at load time.
process.env.NODE_ENV ??= 'production';
process.env.SKYEYE_LOG_MIGRATIONS ??= '0';

import { type Args, machine } from './lib/common.js';

const HELP = `usage: npm run bench -- <command> [--key=value ...]

commands:
  engine   random legal playouts per ruleset vs boardgame.io's reducer (same process), the
           kernel compiled with tsc as production runs it (--tsx: through tsx instead)
           --rounds=15 --ms=600 --block=20 --ruleset=a,b --tsx
  http     durable moves over real HTTP: PGlite (always) and Postgres (DATABASE_URL),
           with the Postgres one-row insert ceiling measured in the same run
           --games=200 --connections=50 --seconds=10 --rounds=2 --ruleset=<id> --modes=pglite,postgres
  load     time to load a game's state at 100 / 1,000 / 10,000 actions, with and without snapshots
           --lengths=100,1000,10000 --repeats=15
  memory   server RSS with 1,000 active games loaded  --games=1000 --moves=10
  ai       MCTS iterations/s and decision time per level (src/ai)
           --points=8 --budget=300 --mcts-points=3 --ruleset=a,b
  ab-engine  the kernel of another commit vs this checkout's, same process, same seeds
           --base=<commit> [--head=<commit>] --rounds=10 --ms=1000 --ruleset=a,b
  chain    the hash chain's cost per entry, v1 (every state) vs v2 (entries, state checkpoints)
           --reps=40 --ruleset=a,b
  all      everything above, in that order
  smoke    every section, scaled down to seconds (CI)

env: DATABASE_URL (Postgres for http/load/memory; a schema bench_<pid> is created and dropped),
     PGBENCH (path to pgbench), BENCH_PROGRESS=0 (no progress bars),
     BENCH_TSX=1 (the kernel and the server under test through tsx instead of compiled by tsc)`;

/**
 * The engine section compiled with tsc (bench/lib/compiled.ts) and run as a child process:
 * production runs tsc's output, not tsx. `--tsx` or BENCH_TSX=1: in this process, through tsx.
 */
async function engineSection(a: Args): Promise<void> {
  const { compiledTree, useTsx } = await import('./lib/compiled.js');
  if (a.opts.tsx === 'true' || useTsx()) {
    await (await import('./engine/index.js')).engineBench(a);
    return;
  }
  const { spawnSync } = await import('node:child_process');
  const ran = spawnSync(process.execPath, [`${compiledTree()}bench/engine/cli.js`, JSON.stringify(a)], { stdio: 'inherit', env: process.env });
  if (ran.status !== 0) throw new Error(`the compiled engine section exited with ${ran.status ?? ran.signal}`);
}

function parse(argv: string[]): { cmd: string; args: Args } {
  const opts: Record<string, string> = {};
  const rest: string[] = [];
  for (const x of argv) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(x);
    if (m) opts[m[1]] = m[2] ?? 'true';
    else rest.push(x);
  }
  const cmd = rest[0] ?? 'help';
  return { cmd, args: { smoke: cmd === 'smoke' || opts.smoke === 'true', opts } };
}

async function main() {
  const { cmd, args } = parse(process.argv.slice(2));
  const sections: Record<string, (a: Args) => Promise<unknown>> = {
    engine: engineSection,
    http: async (a) => (await import('./http/index.js')).httpBench(a),
    load: async (a) => (await import('./load.js')).loadBench(a),
    memory: async (a) => (await import('./memory.js')).memoryBench(a),
    ai: async (a) => (await import('./ai.js')).aiBench(a),
    'ab-engine': async (a) => (await import('./ab-engine.js')).abEngine(a),
    chain: async (a) => (await import('./chain.js')).chainBench(a),
  };
  const order = ['engine', 'http', 'load', 'memory', 'ai'];
  let run: string[];
  if (cmd === 'all' || cmd === 'smoke') run = order;
  else if (sections[cmd]) run = [cmd];
  else {
    console.log(HELP);
    process.exit(cmd === 'help' || cmd === '--help' ? 0 : 2);
  }
  const t0 = Date.now();
  // Smoke: start the shared in-memory PGlite (seconds to boot) while the engine section runs.
  if (args.smoke) void import('./http/spawn.js').then((m) => m.sharedPglite()).catch(() => undefined);
  console.log(`## skyeye bench: \`npm run bench -- ${process.argv.slice(2).join(' ')}\``);
  console.log(`\n${machine()}\n`);
  let failed = 0;
  for (const s of run) {
    const ts = Date.now();
    try {
      await sections[s](args);
      process.stderr.write(`  [${s}] ${((Date.now() - ts) / 1000).toFixed(1)} s\n`);
    } catch (e) {
      failed++;
      console.log(`\n> **${s} failed:** ${(e as Error).stack ?? e}\n`);
    }
  }
  console.log(`_done in ${((Date.now() - t0) / 1000).toFixed(1)} s_`);
  // A smoke run fails CI when a section breaks (never on a timing).
  process.exit(failed && args.smoke ? 1 : 0);
}

void main();
