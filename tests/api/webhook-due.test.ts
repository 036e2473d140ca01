// Deadlines reach `turn` webhooks (issue #15): with a deadline policy each decision of a turn
// payload carries dueAt and the seat's bank left, the same values as REST's pending at that
// version; Discord's message gives the due time; a game without deadlines sends neither.
// A real HTTP receiver on 127.0.0.1 gets the signed POSTs.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { webhookSettings } from '../../src/service/async/webhooks.js';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
let receiver: Server;
let base = '';
const received: { path: string; headers: IncomingHttpHeaders; body: any }[] = [];
const allowed = webhookSettings.allowPrivate;

before(async () => {
  webhookSettings.allowPrivate = true; // the receiver is on 127.0.0.1
  s = await startServer({ work: true }); // this process runs the fan-out and delivery jobs in services mode too
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body: JSON.parse(body) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
after(async () => {
  webhookSettings.allowPrivate = allowed;
  await s.close();
  await new Promise((r) => receiver.close(r));
});

async function until<T>(f: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting for a delivery');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A duel with two webhooks (JSON and Discord) on `path`, both seats' bids made: the loser's choice opens at version 1. */
async function duelToChoice(path: string, deadlines?: Record<string, number>) {
  const c = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }], ...(deadlines ? { deadlines } : {}) } });
  assert.equal(c.statusCode, 201, c.body);
  const g = c.json() as { id: string; seats: { token: string }[] };
  for (const format of ['json', 'discord']) {
    const h = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/webhooks`, headers: auth(g.seats[0].token), payload: { url: `${base}${path}/${format}`, events: ['turn'], format } });
    assert.equal(h.statusCode, 201, h.body);
  }
  for (const seat of [0, 1]) {
    const l = (await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.seats[seat].token) })).json();
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[seat].token), payload: { action: l.decisions[0].actions[0] } });
    assert.equal(r.statusCode, 200, r.body);
  }
  const json = await until(() => received.find((x) => x.path === `${path}/json` && x.body.event === 'turn' && x.body.version === 1));
  const discord = await until(() => received.find((x) => x.path === `${path}/discord` && x.headers['x-skyeye-delivery']?.toString().endsWith('.1.turn.' + json.body.seat)));
  const rest = (await s.app.inject({ url: `/v1/games/${g.id}` })).json();
  return { g, json: json.body, discord: discord.body, rest };
}

test('a turn webhook carries dueAt and bankSeconds as REST\'s pending shows them', async () => {
  const { json, discord, rest } = await duelToChoice('/due', { turnSeconds: 3600, sealedSeconds: 600, bankSeconds: 120 });
  const [d] = json.decisions as { id: string; kind: string; dueAt?: string; bankSeconds?: number }[];
  assert.equal(d.kind, 'choose');
  const pending = (rest.pending as { id: string; dueAt?: string; bankSeconds?: number }[]).find((x) => x.id === d.id)!;
  assert.ok(pending.dueAt, 'REST shows the deadline');
  assert.equal(d.dueAt, pending.dueAt, 'the same due time as REST');
  assert.equal(d.bankSeconds, 120, 'nothing of the bank used yet');
  assert.equal(d.bankSeconds, pending.bankSeconds);
  const ms = Date.parse(d.dueAt!) - Date.parse(rest.updatedAt);
  assert.ok(ms > 3_500_000 && ms <= 3_600_000, `turnSeconds 3600 after the bids closed (${ms} ms)`);
  assert.ok(!('prompt' in d), 'still only the public part');
  const unix = Math.floor(Date.parse(d.dueAt!) / 1000);
  assert.ok(discord.content.endsWith(` Due <t:${unix}:R>.`), discord.content);
});

test('a game without deadlines sends turns without dueAt', async () => {
  const { json, discord } = await duelToChoice('/nodue');
  for (const d of json.decisions as { dueAt?: string; bankSeconds?: number }[]) {
    assert.equal(d.dueAt, undefined);
    assert.equal(d.bankSeconds, undefined);
  }
  assert.ok(!discord.content.includes(' Due <t:'), discord.content);
});
