// Section 4: the server's resident memory with N active games loaded (in its game cache),
// each played a few moves over HTTP. RSS from /proc of the server process, after a full GC.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchema } from './lib/schema.js';
import { parseDatabaseUrl } from '../src/store/db.js';
import { type Args, fmt, heading, note, num, progress, table, warn } from './lib/common.js';
import { pickRuleset } from './http/index.js';
import { type BenchGame, createGame, type Spec } from './http/load.js';
import { type Server, startServer } from './http/spawn.js';

interface Mem { rss: number; heapUsed: number; external: number; arrayBuffers: number }

async function mem(s: Server): Promise<Mem> {
  const r = (await (await fetch(`${s.url}/bench/mem`)).json()) as Mem;
  return { ...r, rss: s.rss() };
}

/** Plays up to `moves` legal moves in a game over HTTP (legal-actions, then submit). */
async function play(url: string, g: BenchGame, moves: number): Promise<number> {
  let done = 0;
  for (let tries = 0; done < moves && tries < moves * 4; tries++) {
    const auth = { authorization: `Bearer ${g.tokens[g.seat]}` };
    const la = (await (await fetch(`${url}/v1/games/${g.id}/legal-actions`, { headers: auth })).json()) as { version: number; decisions: { decision: string; actions: unknown[] }[] };
    const d = la.decisions.find((x) => x.actions.length);
    if (!d) { g.seat = (g.seat + 1) % g.tokens.length; continue; }
    const r = await fetch(`${url}/v1/games/${g.id}/actions`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ expectedVersion: la.version, decision: d.decision, action: d.actions[Math.floor(Math.random() * d.actions.length)] }),
    });
    if (r.status >= 500) throw new Error(`move: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    if (r.ok) done++;
  }
  return done;
}

export async function memoryBench(a: Args) {
  const n = num(a, 'games', 1000, 20);
  const moves = num(a, 'moves', 10, 2);
  const spec = pickRuleset(a);
  heading(`4. Memory: server RSS with ${fmt(n)} active games loaded (${spec.ruleset}/${spec.scenario}, ${moves} moves each)`);
  const modes: { name: string; env: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> }[] = [{
    name: 'PGlite (embedded)',
    env: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'skyeye-bench-mem-'));
      return { env: { BENCH_DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  }];
  const raw = process.env.DATABASE_URL;
  if (raw && (a.opts.modes ?? 'pglite,postgres').includes('postgres')) {
    modes.push({
      name: 'Postgres',
      env: async () => {
        const base = parseDatabaseUrl(raw).url;
        const schema = `bench_mem_${process.pid}`;
        const u = new URL(base);
        u.searchParams.set('schema', schema);
        return {
          env: { BENCH_DATABASE_URL: u.toString() },
          cleanup: async () => {
            await dropSchema(base, schema);
          },
        };
      },
    });
  } else if (!raw) warn('DATABASE_URL is not set: memory is measured in the embedded (PGlite) mode only.');

  const rows: (string | number)[][] = [];
  for (const m of modes) {
    const { env, cleanup } = await m.env();
    const server = await startServer(env, { exposeGc: true, inProcess: a.smoke });
    try {
      // Baseline: started, one game created and played (every module and route warmed up).
      const warm = await createGame(server.url, spec);
      await play(server.url, warm, moves);
      const base = await mem(server);
      const p = progress(`${m.name}: ${n} games`, n);
      const games: BenchGame[] = [];
      let next = 0;
      let played = 0;
      await Promise.all(Array.from({ length: 8 }, async () => {
        while (next < n) {
          next++;
          const g = await createGame(server.url, spec);
          const k = await play(server.url, g, moves);
          played += k;
          games.push(g);
          p.tick();
        }
      }));
      p.done();
      // Every game read once more, so all are in the server's cache at once.
      for (const g of games) await (await fetch(`${server.url}/v1/games/${g.id}`)).arrayBuffer();
      const after = await mem(server);
      const mb = (x: number) => fmt(x / 2 ** 20, 1);
      rows.push([
        m.name, mb(base.rss), mb(after.rss), mb(after.rss - base.rss), fmt((after.rss - base.rss) / n / 1024, 1),
        `${mb(base.heapUsed)} -> ${mb(after.heapUsed)}`, fmt((after.heapUsed - base.heapUsed) / n / 1024, 1), fmt(played / n, 1),
      ]);
    } finally {
      await server.stop();
      await cleanup();
    }
  }
  table(['store', 'RSS idle MiB', `RSS with ${n} games MiB`, 'delta MiB', 'KiB/game (RSS)', 'JS heap MiB', 'KiB/game (heap)', 'moves/game'], rows);
  note('RSS of the server process (bench/http/server.ts) from /proc after a full GC (--expose-gc); "idle" = after one game was created and played, so every module is loaded. '
    + 'The service keeps up to 2,000 games in its cache (state, seats, hash), so all of them are resident. In PGlite mode the RSS includes the embedded database (WASM heap and its buffers).');
  return rows;
}
