// Cost limits: a GraphQL query too deep, with too many aliases or too costly is refused with
// 400 and a code before it runs; rate limits answer 429 rate_limited with Retry-After, per
// address and per seat token, with separate budgets for creation, moves and reads.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApp } from '../../src/api/app.js';
import { startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => s.close());

const gql = (query: string) => s.app.inject({ method: 'POST', url: '/graphql', payload: { query } });

test('1,000 aliases of game { view pending log(limit: 1000) } are refused before they run', async () => {
  const c = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } })).json();
  const one = `game(id: "${c.id}") { view pending log(limit: 1000) { seq } }`;
  const t0 = Date.now();
  const r = await gql(`{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: ${one}`).join(' ')} }`);
  assert.equal(r.statusCode, 400);
  assert.equal(r.json().errors[0].extensions.code, 'too_many_aliases');
  assert.ok(r.body.length < 10_000, 'no data in the answer');
  assert.ok(Date.now() - t0 < 4000);
  // Few aliases but large logs: the cost estimate refuses it.
  const costly = await gql(`{ ${Array.from({ length: 28 }, (_, i) => `a${i}: ${one}`).join(' ')} }`);
  assert.equal(costly.statusCode, 400);
  assert.equal(costly.json().errors[0].extensions.code, 'query_too_costly');
  // An ordinary query passes.
  const ok = await gql(`{ ${one} }`);
  assert.equal(ok.statusCode, 200, ok.body);
  assert.ok(ok.json().data.game.view);
});

test('a query nested too deep is refused with query_too_deep (fragments followed)', async () => {
  const r = await gql('fragment W on Webhook { deliveries { id } } { game(id: "x") { webhooks { ...W deliveries { id } } } games { id } }');
  assert.notEqual(r.json().errors?.[0]?.extensions?.code, 'query_too_deep', 'shallow enough');
  const deep = s.app;
  const app = await buildApp(s.rt, { settings: { graphql: { maxDepth: 2, maxAliases: 30, maxCost: 3000 } } });
  try {
    const d = await app.inject({ method: 'POST', url: '/graphql', payload: { query: 'fragment W on Webhook { deliveries { id } } { game(id: "x") { webhooks { ...W } } }' } });
    assert.equal(d.statusCode, 400);
    assert.equal(d.json().errors[0].extensions.code, 'query_too_deep');
  } finally {
    await app.close();
  }
  assert.ok(deep);
});

test('rate limits: 429 rate_limited with Retry-After, per address and per token, one budget per kind', async () => {
  const app = await buildApp(s.rt, {
    redisUrl: process.env.REDIS_URL,
    settings: {
      rateLimit: {
        windowMs: 60_000,
        create: { perAddress: 2, perToken: 2 }, moves: { perAddress: 100, perToken: 3 }, reads: { perAddress: 5, perToken: 100 },
      },
    },
  });
  try {
    // Each test run has its own address, so shared Redis counts from other runs do not mix in.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const create = () => app.inject({ method: 'POST', url: '/v1/games', remoteAddress: ip, payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } });
    const g = (await create()).json();
    assert.equal((await create()).statusCode, 201);
    const third = await create();
    assert.equal(third.statusCode, 429);
    assert.equal(third.json().error.code, 'rate_limited');
    assert.equal(third.json().error.details.bucket, 'create');
    assert.ok(Number(third.headers['retry-after']) > 0);
    assert.equal(third.json().error.details.retryAfterSeconds, Number(third.headers['retry-after']));
    // GraphQL creation spends the same budget.
    const gq = await app.inject({ method: 'POST', url: '/graphql', remoteAddress: ip, payload: { query: 'mutation { createGame(input: { ruleset: "duel", seats: [{ name: "A" }, { name: "B" }] }) { id } }' } });
    assert.equal(gq.statusCode, 429);
    // Reads have their own budget, untouched by creations.
    for (let i = 0; i < 5; i++) assert.equal((await app.inject({ url: `/v1/games/${g.id}`, remoteAddress: ip })).statusCode, 200);
    assert.equal((await app.inject({ url: `/v1/games/${g.id}`, remoteAddress: ip })).statusCode, 429);
    // Per token: 3 moves with one seat token, from different addresses.
    const h = { authorization: `Bearer ${g.seats[0].token}` };
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, remoteAddress: `10.9.9.${i}`, headers: h, payload: { action: { type: 'pass' } } });
      codes.push(r.statusCode);
    }
    assert.deepEqual(codes.slice(0, 3).map((c) => c !== 429), [true, true, true]);
    assert.equal(codes[3], 429);
    // Health is never limited.
    for (let i = 0; i < 8; i++) assert.equal((await app.inject({ url: '/healthz', remoteAddress: ip })).statusCode, 200);
  } finally {
    await app.close();
  }
});
