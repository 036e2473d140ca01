// Test environment: real components only. PGlite in memory by default; real Postgres when
// DATABASE_URL is set; real Redis when REDIS_URL is set (CI starts both).
import type { FastifyInstance } from 'fastify';
import '../../src/features.js';
import { buildApp } from '../../src/api/app.js';
import { registerRuleset } from '../../src/games/index.js';
import { createRuntime, type Runtime, type RuntimeOptions } from '../../src/runtime.js';
import { openStore } from '../../src/store/db.js';
import type { Store } from '../../src/store/types.js';
import { duel } from './duel.js';

registerRuleset(duel);

export const usingPostgres = !!process.env.DATABASE_URL;
export const usingRedis = !!process.env.REDIS_URL;

let shared: Promise<Store> | null = null;
/** One store per test file (a PGlite takes ~3 s to start). */
export function sharedStore(): Promise<Store> {
  shared ??= openStore(usingPostgres ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory://' });
  return shared;
}

export interface TestServer {
  rt: Runtime;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startServer(o: RuntimeOptions = {}): Promise<TestServer> {
  const store = o.store ?? (o.dataDir ? undefined : await sharedStore());
  const rt = await createRuntime({
    store, redisUrl: usingRedis ? process.env.REDIS_URL : undefined,
    queuePrefix: `t${process.pid}x${Math.random().toString(36).slice(2, 8)}`, pollMs: 200, ...o,
  });
  const app = await buildApp(rt);
  await app.ready();
  return { rt, app, async close() { await app.close(); await rt.close(); } };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
