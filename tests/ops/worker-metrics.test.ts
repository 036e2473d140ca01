// The worker serves its own /metrics (jobs and bots run there in production, not in the API).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { usingPostgres, usingRedis } from '../support/env.js';
import { freePort, listening } from '../support/servers.js';

test('npm run worker: /metrics in the Prometheus text format, with the queue depth', { skip: !(usingPostgres && usingRedis) && 'services mode only (DATABASE_URL and REDIS_URL)', timeout: 120_000 }, async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], { env: { ...process.env, WORKER_METRICS_PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  try {
    const end = Date.now() + 90_000;
    while (!(await listening(port))) {
      assert.ok(Date.now() < end, 'the worker listened');
      await new Promise((r) => setTimeout(r, 200));
    }
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/plain/);
    const text = await res.text();
    assert.match(text, /^# TYPE skyeye_job_duration_seconds histogram$/m);
    assert.match(text, /^skyeye_queue_jobs\{state="[a-z]+"\} \d+$/m, 'the queue depth is read from Redis');
    assert.match(text, /^process_cpu_user_seconds_total \d/m);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0, 'a clean exit on SIGTERM');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});
