// Durability: a server restarted on the same data keeps games and versions; a game is never
// played on from states its ruleset's installed version computes differently.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Ruleset } from '../../src/engine/types.js';
import { getRuleset, registerOlderVersion, registerRuleset } from '../../src/games/index.js';
import { GameService } from '../../src/service/game-service.js';
import { auth, startServer, usingPostgres, type TestServer } from '../support/env.js';

test('restart on the same data dir (or database): games, versions and hands intact', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skyeye-restart-'));
  const opts = usingPostgres ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: dir };
  try {
    let s = await startServer(opts);
    const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } })).json();
    for (const seat of [0, 1]) {
      const v = (await s.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[seat].token) })).json();
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[seat].token), payload: { action: { type: 'bid', card: v.view.seats[seat].hand[0] } } });
      assert.equal(r.statusCode, 200);
    }
    const before = (await s.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) })).json();
    await s.close();

    s = await startServer(opts);
    const afterRestart = (await s.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) })).json();
    assert.equal(afterRestart.version, 1);
    assert.deepEqual(afterRestart.view, before.view);
    assert.deepEqual(afterRestart.pending, before.pending);
    const chooser = afterRestart.view.chooser;
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[chooser].token), payload: { expectedVersion: 1, action: { type: 'pass' } } });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().version, 2);
    await s.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

type App = Awaited<ReturnType<typeof startServer>>['app'];

async function playSome(app: App, g: { id: string; seats: { token: string }[] }, rounds: number) {
  for (let i = 0; i < rounds; i++) {
    const spec = (await app.inject(`/v1/games/${g.id}`)).json();
    if (spec.status === 'finished') return;
    for (const d of spec.pending) {
      const legal = (await app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.seats[d.seat].token) })).json();
      if (!legal.decisions[0]) continue;
      const r = await app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[d.seat].token), payload: { decision: legal.decisions[0].decision, action: legal.decisions[0].actions.at(-1) } });
      assert.equal(r.statusCode, 200, r.body);
    }
  }
}

test('snapshots: a game loaded from its newest snapshot plays on, and its log still verifies', async () => {
  const s = await startServer({ snapshotEvery: 2 });
  try {
    const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }], options: { handSize: 5 } } })).json();
    await playSome(s.app, g, 2);
    const cur = (await s.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) })).json();
    assert.ok(cur.version >= 2, `game reached version ${cur.version}`);
    const { snapshot } = await s.rt.store.loadLog(g.id, '1');
    assert.ok(snapshot, 'a snapshot was written');
    // A fresh service (empty cache) loads through the snapshot: same view, then plays to the end.
    const s2 = await startServer({ store: s.rt.store, snapshotEvery: 2 });
    const fresh = (await s2.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) })).json();
    assert.deepEqual(fresh.view, cur.view);
    await playSome(s2.app, g, 40);
    const end = (await s2.app.inject(`/v1/games/${g.id}`)).json();
    assert.equal(end.status, 'finished');
    const replayed = (await s2.app.inject({ url: `/v1/games/${g.id}/versions/1`, headers: auth(g.seats[0].token) })).json();
    assert.equal(replayed.version, 1);
    const v = (await s2.app.inject(`/v1/games/${g.id}/verify`)).json();
    assert.equal(v.ok, true, JSON.stringify(v.mismatches));
    await s2.close();
  } finally {
    await s.close();
  }
});

const newDuel = async (app: App, options?: { handSize: number }) =>
  (await app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }], ...(options ? { options } : {}) } })).json();

/** A Duel game with a v1 hash chain (every state hashed), as games created before chain v2 have. */
const newV1Duel = async (s: TestServer, options?: { handSize: number }) =>
  new GameService({ store: s.rt.store, bus: s.rt.bus, chainFormat: 'v1' })
    .createGame({ ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }], ...(options ? { options } : {}) }) as Promise<{ id: string; seats: { token: string }[] }>;

/** A later version of a ruleset whose states differ from the original's (an extra field). */
function diverging(original: Ruleset, version: string): Ruleset {
  return {
    ...original, version,
    apply(st, e, ctx) {
      const r = original.apply(st, e, ctx);
      return 'state' in r ? { ...r, state: { ...(r.state as object), bonus: 1 } } : r;
    },
  };
}

/**
 * Runs a test that swaps the test game's installed versions: `fresh()` starts a server (a new
 * process's empty cache) on the shared store; afterwards the original is current again.
 */
async function acrossVersions(body: (original: Ruleset, fresh: () => Promise<TestServer>) => Promise<void>) {
  const original = getRuleset('duel')!;
  const servers: TestServer[] = [];
  const fresh = async () => {
    const s = await startServer();
    servers.push(s);
    return s;
  };
  try {
    await body(original, fresh);
  } finally {
    registerRuleset(original);
    for (const s of servers) await s.close();
  }
}

test('a game begun under another ruleset version (v1 chain): played on if the installed rules replay it, refused if they diverge', () => acrossVersions(async (original, server) => {
  // v1 chains hash every state: a state-only divergence is found at its first entry.
  // (v2 chains: tests/service/chain.test.ts.)
  const s1 = await server();
  const g = await newV1Duel(s1);
  await playSome(s1.app, g, 1);
  const done = await newV1Duel(s1, { handSize: 3 });
  await playSome(s1.app, done, 20);
  assert.equal((await s1.app.inject(`/v1/games/${done.id}`)).json().status, 'finished');
  const before = (await s1.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) })).json();
  assert.ok(before.version >= 1);
  assert.equal(before.rulesetVersion, original.version);

  // Version 2 scores differently: replaying the log gives other states. A fresh process
  // (empty cache) refuses the game, names both versions and the entry, and writes nothing.
  registerRuleset(diverging(original, '2-diverging'));
  const s2 = await server();
  const refused = await s2.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().error.code, 'ruleset_diverged');
  assert.equal(refused.json().error.details.gameVersion, original.version);
  assert.equal(refused.json().error.details.installedVersion, '2-diverging');
  assert.equal(refused.json().error.details.entry, 1, 'the first entry whose state differs');
  const move = await s2.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[0].token), payload: { action: { type: 'pass' } } });
  assert.equal(move.statusCode, 409);
  assert.equal(move.json().error.code, 'ruleset_diverged');
  assert.equal((await s2.rt.store.getGame(g.id))!.game.version, before.version, 'nothing was written');
  // verify is how one finds out where: it re-runs a finished game's log under the installed rules.
  const v = await s2.app.inject(`/v1/games/${done.id}/verify`);
  assert.equal(v.statusCode, 200, v.body);
  assert.equal(v.json().ok, false);
  assert.deepEqual(v.json().mismatches[0], { seq: 1, what: 'hash' });

  // Version 3 changes nothing a log can see: the game loads, the same view, and plays on.
  registerRuleset({ ...original, version: '3-compatible' });
  const s3 = await server();
  const loaded = (await s3.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) })).json();
  assert.equal(loaded.version, before.version);
  assert.deepEqual(loaded.view, before.view);
  assert.equal(loaded.rulesetVersion, original.version, 'the game keeps the version it was begun under');
  assert.equal((await s3.app.inject(`/v1/games/${done.id}/verify`)).json().ok, true);
  await playSome(s3.app, g, 1);
  assert.ok((await s3.app.inject(`/v1/games/${g.id}`)).json().version > before.version);
  const rows = await s3.rt.store.actionsAfter(g.id, -1, 1000);
  assert.ok(rows.every((a) => /^[0-9a-f]{64}$/.test(a.hash)), 'the v1 game went on in v1');
}));

test('an older version kept installed: games begun under it play on under it, new games get the current one', () => acrossVersions(async (original, server) => {
  const s1 = await server();
  const g = await newDuel(s1.app);
  await playSome(s1.app, g, 1);
  const before = (await s1.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) })).json();
  // The current version now diverges (alone it would refuse this game: test above); the
  // game's own version stays installed beside it.
  registerRuleset(diverging(original, '2-current'));
  registerOlderVersion(original);
  const s2 = await server();
  const loaded = await s2.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) });
  assert.equal(loaded.statusCode, 200, loaded.body);
  assert.equal(loaded.json().rulesetVersion, original.version);
  assert.deepEqual(loaded.json().view, before.view);
  await playSome(s2.app, g, 1);
  const after = (await s2.app.inject(`/v1/games/${g.id}`)).json();
  assert.ok(after.version > before.version, 'played on');
  // Its commits were made by the old code: a fresh process reloads them without a check.
  const s3 = await server();
  assert.equal((await s3.app.inject(`/v1/games/${g.id}`)).json().version, after.version);
  const fresh = await newDuel(s2.app);
  assert.equal((await s2.app.inject(`/v1/games/${fresh.id}`)).json().rulesetVersion, '2-current', 'a new game gets the current version');
  const listed = (await s2.app.inject('/v1/rulesets')).json().rulesets.filter((r: { id: string }) => r.id === 'duel');
  assert.deepEqual(listed.map((r: { version: string }) => r.version), ['2-current'], 'only the current version is offered');
}));
