// The generated TypeScript client (issue #15): clients/typescript matches the served document
// (scripts/gen-client.ts --check), and a whole game of each ruleset is played through it over
// real HTTP, type-checked with `tsc --strict` and without a single cast.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { skyeyeClient, type Game } from '../../clients/typescript/index.js';
import { startServer, type TestServer } from '../support/env.js';

let s: TestServer;
let base = '';
before(async () => {
  s = await startServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = s.app.server.address();
  assert.ok(addr !== null && typeof addr === 'object');
  base = `http://127.0.0.1:${addr.port}`;
});
after(async () => { await s.close(); });

test('the committed client matches the document the service serves', async () => {
  const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/gen-client.ts', '--check'], { cwd: process.cwd() })
    .catch((e: { stdout: string; stderr: string }) => assert.fail(`${e.stdout}\n${e.stderr}`));
  assert.match(out.stdout, /matches the served document/);
});

/** Plays to the end through the client: each seat with an open decision takes its first legal action. */
async function playThrough(ruleset: string, options: Record<string, number>, scenario?: string): Promise<Game> {
  const anon = skyeyeClient(base);
  const created = await anon.POST('/v1/games', { body: { ruleset, scenario, seats: [{ name: 'Ann' }, { name: 'Bob' }], options } });
  assert.ok(created.data, JSON.stringify(created.error));
  const id = created.data.id;
  const seats = created.data.seats.map((x) => skyeyeClient(base, x.token ?? undefined));
  for (let moves = 0; moves < 3000; moves++) {
    const g = await anon.GET('/v1/games/{id}', { params: { path: { id } } });
    assert.ok(g.data, JSON.stringify(g.error));
    if (g.data.status === 'finished') return g.data;
    // The first seat with a decision it has not committed yet (a held sealed bid says `committed`).
    let moved = false;
    for (const seat of new Set(g.data.pending.map((p) => p.seat))) {
      const client = seats[seat];
      const legal = await client.GET('/v1/games/{id}/legal-actions', { params: { path: { id } } });
      assert.ok(legal.data, JSON.stringify(legal.error));
      const d = legal.data.decisions.find((x) => !x.committed);
      if (!d) continue;
      const r = await client.POST('/v1/games/{id}/actions', { params: { path: { id } }, body: { decision: d.decision, action: d.actions[0] } });
      assert.ok(r.data, JSON.stringify(r.error));
      assert.ok(r.data.version >= g.data.version);
      if (r.data.sealed && !r.data.sealed.closed) assert.equal(r.data.toAct.waitingOnOthers, true);
      moved = true;
      break;
    }
    assert.ok(moved, 'some seat has an uncommitted decision');
  }
  return assert.fail(`${ruleset}: no end after 3000 moves`);
}

test('a whole game of Abaddon through the generated client', async () => {
  const end = await playThrough('abaddon', { maxRounds: 1 });
  assert.equal(end.status, 'finished');
  assert.ok(end.result && end.result.reason.length > 0);
  const verify = await skyeyeClient(base).GET('/v1/games/{id}/verify', { params: { path: { id: end.id } } });
  assert.equal(verify.data?.ok, true);
});

test('a whole game of Undaunted 2200: Callisto through the generated client', async () => {
  const end = await playThrough('undaunted-callisto', { roundCap: 1 });
  assert.equal(end.status, 'finished');
  assert.ok(end.result);
});

// The newer games, each in a short two-seat set-up (a game of each ends in a few dozen moves).
test('a whole game of Unbreakable through the generated client', async () => {
  const end = await playThrough('unbreakable', { turnCap: 1 }, 'capture-the-flag');
  assert.equal(end.status, 'finished');
  assert.ok(end.result && end.result.reason.length > 0);
  const verify = await skyeyeClient(base).GET('/v1/games/{id}/verify', { params: { path: { id: end.id } } });
  assert.equal(verify.data?.ok, true);
});

test('a whole game of Fast and Dirty through the generated client', async () => {
  const end = await playThrough('fast-and-dirty', { turnLimit: 1 }, 'firefight');
  assert.equal(end.status, 'finished');
  assert.ok(end.result && end.result.reason.length > 0);
});

test('a whole game of Agents of Mayhem (tutorial T1) through the generated client', async () => {
  const end = await playThrough('agents-of-mayhem', {}, 'T1');
  assert.equal(end.status, 'finished');
  assert.ok(end.result && end.result.reason.length > 0);
  const log = await skyeyeClient(base).GET('/v1/games/{id}/actions', { params: { path: { id: end.id }, query: { after: 0 } } });
  assert.ok(log.data && log.data.entries.length > 0, 'the log reads back typed');
});

test('errors come back typed: an unknown game is a 404 with the error envelope', async () => {
  const r = await skyeyeClient(base).GET('/v1/games/{id}', { params: { path: { id: 'nope' } } });
  assert.equal(r.response.status, 404);
  assert.equal(r.error?.error.code, 'game_not_found');
});
