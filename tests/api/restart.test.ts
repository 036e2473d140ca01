// Durability: a server restarted on the same data keeps games and versions.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { auth, startServer, usingPostgres } from '../support/env.js';

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

async function playSome(app: Awaited<ReturnType<typeof startServer>>['app'], g: { id: string; seats: { token: string }[] }, rounds: number) {
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
