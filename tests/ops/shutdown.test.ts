// Graceful shutdown of the real entry point (src/main.ts, embedded): on SIGTERM an open SSE
// stream is ended with a `retry:` hint, the server stops accepting, and the process exits 0.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { freePort, listening } from '../support/servers.js';

test('SIGTERM: SSE streams end with a retry hint, the process exits 0', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'skyeye-shutdown-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, SKYEYE_LOG_MIGRATIONS: '0' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: 'ignore' });
  try {
    const end = Date.now() + 90_000;
    while (!(await listening(port))) {
      assert.ok(Date.now() < end, 'the server started');
      await new Promise((r) => setTimeout(r, 200));
    }
    const base = `http://127.0.0.1:${port}`;
    const g = await (await fetch(`${base}/v1/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'A' }, { name: 'B' }] }) })).json() as { id: string };
    const res = await fetch(`${base}/v1/games/${g.id}/events`);
    assert.equal(res.status, 200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const first = await reader.read();
    text += new TextDecoder().decode(first.value);
    assert.match(text, /event: update/);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    assert.match(text, /retry: \d+/, 'the stream ended with a reconnect hint');
    assert.match(text, /event: shutdown/);
    assert.equal(await exited, 0, 'a clean exit');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
