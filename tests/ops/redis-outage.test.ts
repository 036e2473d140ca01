// Redis outage under play, with a real redis-server of the test's own (stopped with SIGKILL and
// started again on the same port): the API keeps serving reads and moves (commits go to the
// store), /healthz names the degraded parts, a worker can start while Redis is down, and
// when Redis returns the bot's job is dispatched from the outbox, the SSE stream catches up,
// and no decision is answered twice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { create, game, log, sleep, until } from '../async/helpers.js';
import { auth, sharedStore, startServer } from '../support/env.js';
import { RedisServer, redisMissing } from '../support/servers.js';

const missing = redisMissing();

test('Redis stopped and restarted under play: moves commit, jobs and streams catch up, nothing lost or doubled', { skip: missing ?? false, timeout: 180_000 }, async () => {
  const redis = await RedisServer.start();
  const store = await sharedStore();
  const prefix = `tr${process.pid}x${Math.random().toString(36).slice(2, 8)}`;
  const s = await startServer({ store, redisUrl: redis.url, queuePrefix: prefix, work: false, readCacheMs: 0 });
  let worker: Runtime | null = await createRuntime({ store, redisUrl: redis.url, queuePrefix: prefix, work: true, pollMs: 200 });
  let worker2: Runtime | null = null;
  const abort = new AbortController();
  try {
    const g = await create(s, { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bot', ai: { level: 'random' } }] });
    const ann = g.seats[0].token!;
    // The bot's first sealed bid is held while Redis is up.
    await until(async () => (await store.sealedCommits(g.id, 'bid:1')).some((c) => c.seat === 1), 30_000);

    // An SSE stream over real HTTP, recording the versions it is sent.
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const seen: number[] = [];
    const res = await fetch(`${address}/v1/games/${g.id}/events`, { headers: auth(ann), signal: abort.signal });
    assert.equal(res.status, 200);
    void (async () => {
      const dec = new TextDecoder();
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          for (const m of dec.decode(chunk).matchAll(/^id: (\d+)(?::\d+)?$/gm)) seen.push(Number(m[1]));
        }
      } catch { /* aborted at the end */ }
    })();
    await until(async () => seen.includes(0));

    // --- Redis goes down ---
    await redis.stop();
    const h = await until(async () => {
      const r = await s.app.inject('/healthz');
      return r.json().bus === 'down' && r.json().queue.up === false ? r : null;
    }, 10_000);
    assert.equal(h.statusCode, 200, 'liveness stays 200');
    assert.equal(h.json().status, 'degraded');
    assert.equal(h.json().store.up, true);
    const ready = await s.app.inject('/readyz');
    assert.equal(ready.statusCode, 200, 'the API stays ready: moves still commit');

    // A worker can start while Redis is down (it used to hang or exit); the first one stops.
    const t0 = Date.now();
    worker2 = await createRuntime({ store, redisUrl: redis.url, queuePrefix: prefix, work: true, pollMs: 200 });
    assert.ok(Date.now() - t0 < 15_000, 'the worker started without Redis');
    await worker.close();
    worker = null;

    // Ann plays until she waits for the bot: every move commits to the store.
    let moved = 0;
    for (let i = 0; i < 6; i++) {
      const la = await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(ann) });
      assert.equal(la.statusCode, 200, la.body);
      const d = la.json().decisions[0];
      if (!d) break;
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(ann), payload: { decision: d.decision, action: d.actions[0] } });
      assert.equal(r.statusCode, 200, r.body);
      moved++;
      if (r.json().sealed && !r.json().sealed.closed) break;
    }
    assert.ok(moved >= 1, 'Ann moved during the outage');
    const during = await game(s, g.id);
    assert.ok(during.version >= 1, 'the sealed group closed and committed while Redis was down');
    // This process's own stream heard its own commits without Redis.
    await until(async () => seen.includes(during.version), 15_000);
    // The bot cannot move: its job waits in the outbox.
    await sleep(1500);
    assert.equal((await game(s, g.id)).version, during.version, 'no bot move without the queue');

    // --- Redis comes back ---
    await redis.start();
    const after = await until(async () => {
      const now = await game(s, g.id);
      return now.version > during.version ? now : null;
    }, 60_000);
    assert.ok(after.version > during.version, 'the bot moved once Redis returned (its job came from the outbox)');
    await until(async () => seen.includes(after.version), 15_000);
    const healthy = await until(async () => {
      const r = (await s.app.inject('/healthz')).json();
      return r.status === 'ok' ? r : null;
    }, 10_000);
    assert.equal(healthy.bus, 'up');

    // Nothing applied twice, nothing lost.
    const l = await log(s, g.id);
    const final = await game(s, g.id);
    assert.equal(l.entries.length, final.version, 'one log entry per version');
    const decisions = l.entries.map((e) => e.decision).filter(Boolean);
    assert.equal(new Set(decisions).size, decisions.length, 'no decision answered twice');
  } finally {
    abort.abort();
    await s.close();
    await worker?.close();
    await worker2?.close();
    await redis.stop();
  }
});
