// Embedded mode keeps queued jobs in memory: a process that dies with an AI turn queued must
// not leave the game stuck. The next process re-queues it from the log at start.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { aiHooks } from '../../src/service/async/ai-seats.js';
import { startServer, usingPostgres } from '../support/env.js';
import { create, until, usingRedis } from './helpers.js';

test('embedded: an AI turn lost with its process is re-queued at the next start', async (t) => {
  if (usingRedis) return t.skip('BullMQ keeps its jobs in Redis');
  const dir = mkdtempSync(join(tmpdir(), 'skyeye-recover-'));
  const opts = usingPostgres ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: dir };
  let tries = 0;
  try {
    let s = await startServer(opts);
    aiHooks.onInput = () => {
      tries++;
      throw new Error('the process dies mid-job');
    };
    const g = await create(s, { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bot', ai: { level: 'random' } }] });
    await until(async () => tries > 0);
    await s.close(); // the job, waiting for its retry, dies with the process
    aiHooks.onInput = undefined;

    s = await startServer(opts);
    try {
      const held = await until(async () => (await s.rt.store.sealedCommits(g.id, 'bid:1')).find((c) => c.seat === 1));
      assert.equal(held.seat, 1);
    } finally {
      await s.close();
    }
  } finally {
    aiHooks.onInput = undefined;
    rmSync(dir, { recursive: true, force: true });
  }
});
