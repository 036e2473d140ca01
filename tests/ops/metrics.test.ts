// /metrics after a game: scraped and parsed (Prometheus text format); the counters moved.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { create, game, startAsync, until, type AsyncServer } from '../async/helpers.js';

let s: AsyncServer;
before(async () => {
  s = await startAsync();
});
after(async () => s.close());

/** Prometheus text exposition → name{labels} → value. */
function parse(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    assert.ok(m, `a metric line: ${line}`);
    out.set(m[1] + (m[2] ?? ''), Number(m[3]));
  }
  return out;
}
const sum = (m: Map<string, number>, prefix: string, label = '') =>
  [...m].filter(([k]) => k.startsWith(prefix) && k.includes(label)).reduce((a, [, v]) => a + v, 0);

test('/metrics after a bot game: moves per ruleset, commit latency, requests per route, bot think time, process metrics', async () => {
  const g = await create(s, { ruleset: 'duel', seats: [{ name: 'R', ai: { level: 'random' } }, { name: 'G', ai: { level: 'greedy' } }] });
  await until(async () => (await game(s, g.id)).status === 'finished', 60_000);
  // The last move is committed inside a job, so the game can be over a moment before its job
  // (and the others of that turn) is counted as done: scrape until the jobs have settled.
  const scrape = async () => {
    const r = await s.app.inject('/metrics');
    assert.equal(r.statusCode, 200);
    assert.match(r.headers['content-type'] as string, /text\/plain/);
    return parse(r.body);
  };
  let m = await scrape();
  if (!process.env.REDIS_URL) await until(async () => sum((m = await scrape()), 'skyeye_job_duration_seconds_count{', 'name="ai"') >= 2, 60_000);
  assert.ok(sum(m, 'skyeye_moves_total{', 'ruleset="duel"') >= 2, 'moves counted for duel');
  // Every duel round opens with a sealed bid: its closing commit is a move too.
  const sealed = [...m].filter(([k]) => k.startsWith('skyeye_moves_total{') && k.includes('ruleset="duel"') && k.includes('kind="sealed"'));
  assert.ok(sealed.reduce((a, [, v]) => a + v, 0) >= 1, 'sealed entries counted');
  assert.ok(sum(m, 'skyeye_commit_duration_seconds_count{', 'ruleset="duel"') >= 2);
  assert.ok(sum(m, 'skyeye_http_request_duration_seconds_count{', 'route="/v1/games/:id"') >= 1, 'requests per route');
  assert.ok(sum(m, 'skyeye_http_request_duration_seconds_count{', 'route="/v1/games",method="POST",status="2xx"') === 1);
  assert.ok(m.has('skyeye_open_streams{kind="sse"}'));
  assert.ok(m.has('process_cpu_user_seconds_total'), 'process metrics');
  assert.ok([...m.keys()].some((k) => k.startsWith('skyeye_queue_jobs')) || process.env.REDIS_URL, 'queue depth (in-process)');
  if (!process.env.REDIS_URL) {
    // Jobs run in this process when embedded: their times and the bots' are here too.
    assert.ok(sum(m, 'skyeye_job_duration_seconds_count{', 'name="ai"') >= 2);
    assert.ok(sum(m, 'skyeye_bot_think_seconds_count{') >= 2);
  }
});
