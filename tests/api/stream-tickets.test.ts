// Stream tickets behind a load balancer (issue #15): a ticket issued by one instance opens the
// stream on another instance of the same database, once; a reused or expired ticket, or one of
// another game, is refused with 401 invalid_ticket. Two app instances over one database (two
// Postgres pools with DATABASE_URL; one PGlite otherwise, which a single process holds).
import assert from 'node:assert/strict';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { ticketSettings } from '../../src/api/stream-tickets.js';
import { openStore } from '../../src/store/db.js';
import type { Store } from '../../src/store/types.js';
import { auth, sharedStore, startServer, usingPostgres, type TestServer } from '../support/env.js';

let a: TestServer;
let b: TestServer;
let second: Store | null = null;
before(async () => {
  a = await startServer();
  second = usingPostgres ? await openStore({ databaseUrl: process.env.DATABASE_URL }) : null;
  b = await startServer({ store: second ?? await sharedStore() });
  for (const x of [a, b]) await x.app.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  await b.close();
  await a.close();
  await second?.close();
});

async function duel() {
  const r = await a.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }] } });
  assert.equal(r.statusCode, 201, r.body);
  const g = r.json() as { id: string; seats: { token: string }[] };
  return { id: g.id, t: g.seats.map((x) => x.token) };
}

async function ticket(on: TestServer, id: string, token: string) {
  const r = await on.app.inject({ method: 'POST', url: `/v1/games/${id}/stream-tickets`, headers: auth(token) });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { ticket: string; url: string; expiresAt: string };
}

/** Opens the stream on an instance over HTTP; the first message (the seat's update), or the refusal. */
function open(on: TestServer, url: string): Promise<{ status: number; body: string }> {
  const { port } = on.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: url }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (res.statusCode === 200 && body.includes('\n\n')) {
          req.destroy(); // the first message is enough
          resolve({ status: 200, body });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (e) => { if (!req.destroyed) reject(e); });
    req.setTimeout(15000, () => { req.destroy(); reject(new Error(`no answer from ${url}`)); });
  });
}

test('a ticket from instance A opens the stream as its seat on instance B, once', async () => {
  const g = await duel();
  const t = await ticket(a, g.id, g.t[1]);
  assert.ok(Date.parse(t.expiresAt) > Date.now());
  const first = await open(b, t.url);
  assert.equal(first.status, 200, first.body);
  const data = JSON.parse(/^data: (.*)$/m.exec(first.body)![1]);
  assert.equal(data.you, 1, 'the seat of the ticket, not a spectator');
  for (const on of [b, a]) {
    const again = await open(on, t.url);
    assert.equal(again.status, 401, 'a ticket is single-use, on every instance');
    assert.equal(JSON.parse(again.body).error.code, 'invalid_ticket');
  }
});

test('two instances redeeming one ticket at once: exactly one stream opens', async () => {
  const g = await duel();
  const t = await ticket(b, g.id, g.t[0]);
  const both = await Promise.all([open(a, t.url), open(b, t.url)]);
  assert.deepEqual(both.map((x) => x.status).sort(), [200, 401]);
});

test('an expired ticket is refused with invalid_ticket (the database clock decides)', async () => {
  const g = await duel();
  const keep = ticketSettings.seconds;
  ticketSettings.seconds = 0.2;
  const t = await ticket(a, g.id, g.t[0]).finally(() => { ticketSettings.seconds = keep; });
  await new Promise((r) => setTimeout(r, 400));
  const r = await open(b, t.url);
  assert.equal(r.status, 401);
  assert.equal(JSON.parse(r.body).error.code, 'invalid_ticket');
});

test("a ticket is good only for its own game; unknown tickets and spectators get none", async () => {
  const g = await duel();
  const other = await duel();
  const t = await ticket(a, g.id, g.t[0]);
  const wrong = await open(b, `/v1/games/${other.id}/events?ticket=${t.ticket}`);
  assert.equal(wrong.status, 401);
  assert.equal(JSON.parse(wrong.body).error.code, 'invalid_ticket');
  const unknown = await open(b, `/v1/games/${g.id}/events?ticket=st_nope`);
  assert.equal(unknown.status, 401);
  const spectator = await a.app.inject({ method: 'POST', url: `/v1/games/${g.id}/stream-tickets` });
  assert.equal(spectator.statusCode, 401);
  assert.equal(spectator.json().error.code, 'token_required');
});
