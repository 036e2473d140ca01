// Async-play test harness: a server plus, with REDIS_URL, a BullMQ worker runtime in the same
// test process (same store, same queue prefix), as `npm run worker` would be.
import assert from 'node:assert/strict';
import { registerBotModule } from '../../src/ai/registry.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { auth, sharedStore, startServer, usingRedis, type TestServer } from '../support/env.js';

registerBotModule(new URL('../support/duel.ts', import.meta.url).href);

export interface AsyncServer extends TestServer {
  /** The runtime that runs jobs: the server itself when embedded, a worker with Redis. */
  worker: Runtime;
}

export async function startAsync(): Promise<AsyncServer> {
  const prefix = `ta${process.pid}x${Math.random().toString(36).slice(2, 8)}`;
  const store = await sharedStore();
  const s = await startServer({ store, queuePrefix: prefix });
  if (!usingRedis) return { ...s, worker: s.rt };
  const worker = await createRuntime({ store, redisUrl: process.env.REDIS_URL, queuePrefix: prefix, work: true, pollMs: 200 });
  return {
    ...s, worker,
    async close() {
      await s.close();
      await worker.close();
    },
  };
}

export async function create(s: TestServer, body: Record<string, unknown>) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: body });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; seats: { index: number; token: string | null }[] };
}

export async function game(s: TestServer, id: string, token?: string | null) {
  const r = await s.app.inject({ method: 'GET', url: `/v1/games/${id}`, headers: token ? auth(token) : {} });
  assert.equal(r.statusCode, 200, r.body);
  return r.json();
}

export async function log(s: TestServer, id: string, token?: string | null) {
  const r = await s.app.inject({ method: 'GET', url: `/v1/games/${id}/actions?after=0&limit=1000`, headers: token ? auth(token) : {} });
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as { version: number; entries: { seq: number; kind: string; seat: number | null; decision: string | null; action: unknown; events: { type: string; data: any }[] }[] };
}

export async function submit(s: TestServer, id: string, token: string, payload: Record<string, unknown>) {
  return s.app.inject({ method: 'POST', url: `/v1/games/${id}/actions`, headers: auth(token), payload });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `f` returns a truthy value or the time runs out. */
export async function until<T>(f: () => Promise<T>, timeoutMs = 15_000, stepMs = 50): Promise<Exclude<T, null | undefined | false>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v as Exclude<T, null | undefined | false>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(stepMs);
  }
}

export { auth, usingRedis };
