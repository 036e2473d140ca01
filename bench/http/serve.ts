// The server under test: the real runtime and Fastify app from src/ on 127.0.0.1 and an
// ephemeral port, plus bench-only routes: GET /bench/mem (memory after a GC when run with
// --expose-gc), GET /bench/store-calls (store calls and append time), POST /bench/door (the
// HTTP door alone) and POST /bench/pglite-ceiling (the one-row INSERT rate of this server's
// own PGlite instance, the embedded mode's reference).
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import '../../src/features.js';
import { buildApp } from '../../src/api/app.js';
import { registerRuleset } from '../../src/games/index.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { openStore } from '../../src/store/db.js';
import { duel } from '../../tests/support/duel.js';
import { PAYLOAD } from './ceiling.js';

registerRuleset(duel);

export interface Served { app: FastifyInstance; rt: Runtime; port: number; close(): Promise<void> }

export async function serve(o: { databaseUrl?: string; dataDir?: string; pglite?: PGlite; snapshotEvery?: number }): Promise<Served> {
  let db: PGlite | undefined = o.pglite;
  const ownsDb = !db && !o.databaseUrl;
  if (ownsDb) db = await PGlite.create(o.dataDir ?? 'memory://');
  const store = o.databaseUrl ? await openStore({ databaseUrl: o.databaseUrl }) : await openStore({ pglite: db });
  // Counts Store calls by method (about one database round trip each): GET /bench/store-calls.
  const calls: Record<string, number> = {};
  /** Milliseconds spent inside append calls (batch wait and commit), summed. */
  let appendMs = 0;
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(store))) {
    const f = (store as unknown as Record<string, unknown>)[name];
    if (name === 'constructor' || typeof f !== 'function') continue;
    (store as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      calls[name] = (calls[name] ?? 0) + 1;
      const out = (f as (...a: unknown[]) => unknown).apply(store, args);
      if (name === 'append' && out instanceof Promise) {
        const t0 = performance.now();
        void out.finally(() => { appendMs += performance.now() - t0; }).catch(() => {});
      }
      return out;
    };
  }
  const rt = await createRuntime({ store, redisUrl: undefined, work: true, snapshotEvery: o.snapshotEvery });
  // The bench measures the service, not the rate limiter: bench/main.ts runs with
  // NODE_ENV=production (boardgame.io's build), which would switch the limiter on.
  const app = await buildApp(rt, { settings: { rateLimit: null } });
  app.get('/bench/mem', async () => {
    const g = (globalThis as { gc?: () => void }).gc;
    if (g) { g(); g(); }
    return { ...process.memoryUsage(), gc: !!g, pid: process.pid };
  });
  // The HTTP door alone (bench/http/door.ts): a move-sized body, parsed and schema-checked, answered at once.
  app.post('/bench/door', {
    schema: { body: { type: 'object', required: ['action'], properties: { expectedVersion: { type: 'integer' }, decision: { type: 'string' }, action: { type: 'object' } } } },
  }, async (req) => ({ version: ((req.body as { expectedVersion?: number }).expectedVersion ?? 0) + 1, events: [] }));
  app.get('/bench/store-calls', async () => {
    const gc = (store as { appends?: { stats: { batches: number; items: number } } | null }).appends?.stats;
    return { calls: { ...calls }, appendMs, batches: gc?.batches ?? 0, batchItems: gc?.items ?? 0 };
  });
  app.post('/bench/pglite-ceiling', async (req, reply) => {
    if (!db) return reply.code(400).send({ error: 'not a PGlite server' });
    const seconds = Number((req.query as { seconds?: string }).seconds ?? 5);
    await db.query('CREATE TABLE IF NOT EXISTS bench_ceiling (id bigserial PRIMARY KEY, game_id text NOT NULL, seq int NOT NULL, payload json NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
    let n = 0;
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    while (performance.now() < end) {
      await db.query('INSERT INTO bench_ceiling (game_id, seq, payload) VALUES ($1, $2, $3::json)', [`g${n % 200}`, n, PAYLOAD]);
      n++;
    }
    const el = (performance.now() - t0) / 1000;
    await db.query('TRUNCATE bench_ceiling');
    return { n, seconds: el, latencyMs: (el * 1000) / n };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    app, rt, port,
    async close() {
      await app.close().catch(() => {});
      await rt.close().catch(() => {});
      await store.close().catch(() => {});
      if (ownsDb) await db!.close().catch(() => {});
    },
  };
}
