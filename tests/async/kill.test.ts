// Robustness with real processes: a BullMQ worker process is SIGKILLed while it computes an AI
// move; the job is retried by another worker after its lock lapses, the move is applied once,
// and nothing is lost. Needs Postgres and Redis (a PGlite cannot be shared between processes).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import '../../src/features.js';
import { createRuntime } from '../../src/runtime.js';
import { startServer, usingPostgres, usingRedis } from '../support/env.js';

const LOCK_MS = 1500;

test('a worker killed mid-job: the job is retried elsewhere and the move is applied exactly once', { skip: !(usingPostgres && usingRedis) && 'needs DATABASE_URL and REDIS_URL' }, async () => {
  process.env.SKYEYE_JOB_LOCK_MS = String(LOCK_MS);
  const prefix = `tk${process.pid}x${Math.random().toString(36).slice(2, 8)}`;
  const s = await startServer({ queuePrefix: prefix, work: false });
  const conn = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const q = new Queue('skyeye', { connection: conn, prefix });
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    env: { ...process.env, SKYEYE_QUEUE_PREFIX: prefix, SKYEYE_JOB_LOCK_MS: String(LOCK_MS) }, stdio: 'ignore',
  });
  let second: Awaited<ReturnType<typeof createRuntime>> | null = null;
  try {
    // Abaddon m1: seat 1 (CA) decides first; its bot thinks for 2.5 s per decision.
    const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'Ann' }, { name: 'Bot', ai: { level: 'mcts', budgetMs: 2500 } }] } });
    assert.equal(r.statusCode, 201, r.body);
    const id = r.json().id as string;
    const first = (await s.app.inject(`/v1/games/${id}`)).json().pending[0];
    assert.equal(first.seat, 1);

    // Wait until the child worker holds the AI job, then kill it mid-search.
    const until = Date.now() + 60_000;
    while ((await q.getJobCounts('active')).active === 0) {
      assert.ok(Date.now() < until, 'the worker process took the AI job');
      await new Promise((res) => setTimeout(res, 50));
    }
    child.kill('SIGKILL');
    await new Promise((res) => child.once('exit', res));
    assert.equal((await s.app.inject(`/v1/games/${id}`)).json().version, 0, 'the killed worker applied nothing');

    // Another worker picks the stalled job up once its lock lapses.
    second = await createRuntime({ store: s.rt.store, redisUrl: process.env.REDIS_URL, queuePrefix: prefix, work: true, pollMs: 200 });
    const deadline = Date.now() + 60_000;
    let log: { entries: { decision: string | null }[] } = { entries: [] };
    while (Date.now() < deadline) {
      log = (await s.app.inject(`/v1/games/${id}/actions?after=0`)).json();
      if (log.entries.some((e) => e.decision === first.id)) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const answers = log.entries.filter((e) => e.decision === first.id);
    assert.equal(answers.length, 1, 'the retried job applied the move exactly once');
    const decisions = log.entries.map((e) => e.decision);
    assert.equal(new Set(decisions).size, decisions.length, 'no decision answered twice');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await second?.close();
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close();
    await conn.quit();
    await s.close();
    delete process.env.SKYEYE_JOB_LOCK_MS;
  }
});
