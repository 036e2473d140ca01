// Postgres outage with a real Postgres cluster of the test's own (stopped in immediate mode,
// as in a crash, and started again): requests answer 503 store_unavailable with Retry-After
// in both doors, /healthz stays 200 and names the store, /readyz is 503, and play resumes
// when the database returns.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openStore } from '../../src/store/db.js';
import { until } from '../async/helpers.js';
import { auth, startServer } from '../support/env.js';
import { PostgresServer, postgresMissing } from '../support/servers.js';

const missing = postgresMissing();

test('Postgres stopped and restarted: 503 store_unavailable with Retry-After, readiness follows, play resumes', { skip: missing ?? false, timeout: 180_000 }, async () => {
  const pg = await PostgresServer.start();
  const store = await openStore({ databaseUrl: pg.url, log: () => undefined });
  const s = await startServer({ store, readCacheMs: 0, work: false });
  try {
    const c = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }] } });
    assert.equal(c.statusCode, 201, c.body);
    const { id, seats } = c.json() as { id: string; seats: { token: string }[] };
    const bid = async (seat: number) => {
      const la = (await s.app.inject({ url: `/v1/games/${id}/legal-actions`, headers: auth(seats[seat].token) })).json();
      const d = la.decisions[0];
      return s.app.inject({ method: 'POST', url: `/v1/games/${id}/actions`, headers: auth(seats[seat].token), payload: { decision: d.decision, action: d.actions[0] } });
    };
    assert.equal((await bid(0)).statusCode, 200);
    assert.equal((await s.app.inject('/readyz')).statusCode, 200);

    const bobsBid = (await s.app.inject({ url: `/v1/games/${id}/legal-actions`, headers: auth(seats[1].token) })).json().decisions[0];
    await pg.stop();

    const get = await s.app.inject({ url: `/v1/games/${id}`, headers: auth(seats[1].token) });
    assert.equal(get.statusCode, 503, get.body);
    assert.equal(get.json().error.code, 'store_unavailable');
    assert.ok(Number(get.headers['retry-after']) > 0, 'Retry-After');
    const move = await s.app.inject({ method: 'POST', url: `/v1/games/${id}/actions`, headers: auth(seats[1].token), payload: { decision: bobsBid.decision, action: bobsBid.actions[0] } });
    assert.equal(move.statusCode, 503, move.body);
    assert.equal(move.json().error.code, 'store_unavailable');
    const gql = await s.app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ game(id: "${id}") { version } }` } });
    assert.equal(gql.statusCode, 503, gql.body);
    assert.equal(gql.json().errors[0].extensions.code, 'store_unavailable');
    assert.ok(Number(gql.headers['retry-after']) > 0);
    const live = await s.app.inject('/healthz');
    assert.equal(live.statusCode, 200, 'liveness: the process is alive');
    assert.equal(live.json().status, 'unavailable');
    assert.equal(live.json().store.up, false);
    const ready = await s.app.inject('/readyz');
    assert.equal(ready.statusCode, 503);
    assert.ok(ready.headers['retry-after']);

    await pg.start();

    await until(async () => (await s.app.inject('/readyz')).statusCode === 200, 30_000);
    const again = await until(async () => {
      const r = await s.app.inject({ url: `/v1/games/${id}`, headers: auth(seats[1].token) });
      return r.statusCode === 200 ? r : null;
    }, 30_000);
    assert.equal(again.json().version, 0, 'the held bid survived the outage');
    const closed = await bid(1);
    assert.equal(closed.statusCode, 200, closed.body);
    assert.equal(closed.json().version, 1, 'play resumed: the sealed group closed');
  } finally {
    await s.close();
    await store.close().catch(() => undefined);
    await pg.destroy();
  }
});
