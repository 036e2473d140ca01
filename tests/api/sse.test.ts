// The event stream a client can trust (issue #15 "Streams"): Last-Event-ID replays every missed
// update in order and the chat after it, updates carry the caller's events and its legal
// actions, chat messages carry ids; browsers use a short-lived single-use ticket, and a seat
// token in the URL is a 400 that says to use a ticket.
import assert from 'node:assert/strict';
import { get, type ClientRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
let port = 0;
before(async () => {
  s = await startServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = s.app.server.address();
  assert.ok(addr !== null && typeof addr === 'object');
  port = addr.port;
});
after(async () => { await s.close(); });

type Msg = { id: string; event: string; data: any };

/** Opens a stream; collects its events until `done` says enough (or 20 s pass). */
function stream(path: string, headers: Record<string, string>, done: (m: Msg[]) => boolean): Promise<{ status: number; msgs: Msg[] }> {
  return new Promise((resolve, reject) => {
    const msgs: Msg[] = [];
    let req: ClientRequest | null = null;
    const timer = setTimeout(() => { req?.destroy(); resolve({ status: 200, msgs }); }, 20000);
    req = get({ host: '127.0.0.1', port, path, headers }, (res) => {
      if (res.statusCode !== 200) {
        clearTimeout(timer);
        let body = '';
        res.on('data', (c) => { body += c; });
        res.on('end', () => resolve({ status: res.statusCode!, msgs: [{ id: '', event: 'error', data: JSON.parse(body) }] }));
        return;
      }
      let buf = '';
      res.on('data', (c) => {
        buf += c;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const lines = buf.slice(0, i).split('\n');
          buf = buf.slice(i + 2);
          const field = (k: string) => lines.find((l) => l.startsWith(`${k}: `))?.slice(k.length + 2);
          if (!field('data')) continue;
          msgs.push({ id: field('id') ?? '', event: field('event') ?? 'message', data: JSON.parse(field('data')!) });
        }
        if (done(msgs)) { clearTimeout(timer); req!.destroy(); resolve({ status: 200, msgs }); }
      });
    });
    req.on('error', (e) => { if (!msgs.length) reject(e); });
  });
}

async function duel() {
  const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }] } })).json();
  return { id: g.id as string, t: [g.seats[0].token as string, g.seats[1].token as string] };
}

/** Both seats bid their lowest card, then the chooser passes: two versions. */
async function round(g: { id: string; t: string[] }) {
  for (const seat of [0, 1]) {
    const l = (await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.t[seat]) })).json();
    for (const d of l.decisions) {
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.t[seat]), payload: { decision: d.decision, action: d.actions[0] } });
      assert.equal(r.statusCode, 200, r.body);
    }
  }
  for (const seat of [0, 1]) {
    const l = (await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.t[seat]) })).json();
    const d = l.decisions[0];
    if (d) await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.t[seat]), payload: { decision: d.decision, action: d.actions.find((a: { type: string }) => a.type === 'pass') ?? d.actions[0] } });
  }
}

test('a seat token in the URL is refused with a 400 that names the ticket', async () => {
  const g = await duel();
  for (const q of [`token=${g.t[0]}`, `access_token=${g.t[0]}`]) {
    const r = await s.app.inject({ url: `/v1/games/${g.id}/events?${q}` });
    assert.equal(r.statusCode, 400);
    assert.equal(r.json().error.code, 'token_in_url');
    assert.match(r.json().error.message, /stream-tickets/);
  }
});

test('a stream ticket opens the stream as its seat once; the update carries the legal actions', async () => {
  const g = await duel();
  assert.equal((await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/stream-tickets` })).statusCode, 401, 'a ticket needs a seat token');
  const t = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/stream-tickets`, headers: auth(g.t[1]) });
  assert.equal(t.statusCode, 201, t.body);
  const { ticket, url } = t.json();
  assert.equal(url, `/v1/games/${g.id}/events?ticket=${ticket}`);
  const first = await stream(url, {}, (m) => m.length >= 1);
  assert.equal(first.msgs[0].event, 'update');
  assert.equal(first.msgs[0].data.you, 1, 'the seat of the ticket, not a spectator');
  assert.equal(first.msgs[0].data.legal.decisions[0].kind, 'bid', 'an open decision: its legal actions come with the update');
  const again = await stream(url, {}, (m) => m.length >= 1);
  assert.equal(again.status, 401, 'a ticket is single-use');
  assert.equal(again.msgs[0].data.error.code, 'invalid_ticket');
});

test('Last-Event-ID replays every missed update in order, with its events, and the chat after it', async () => {
  const g = await duel();
  const live = await stream(`/v1/games/${g.id}/events`, auth(g.t[0]), (m) => m.length >= 1);
  const lastId = live.msgs[0].id;
  assert.match(lastId, /^0:\d+$/);
  await round(g);
  const chat = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/chat`, headers: auth(g.t[1]), payload: { text: 'again?' } });
  assert.equal(chat.statusCode, 201);
  await round(g);
  const now = (await s.app.inject({ url: `/v1/games/${g.id}` })).json().version as number;
  assert.ok(now >= 3);
  const back = await stream(`/v1/games/${g.id}/events`, { ...auth(g.t[0]), 'last-event-id': lastId }, (m) => m.some((x) => x.event === 'chat') && m.filter((x) => x.event === 'update').length >= now);
  const updates = back.msgs.filter((m) => m.event === 'update');
  assert.deepEqual(updates.map((u) => u.data.version), Array.from({ length: now }, (_, i) => i + 1), 'every missed version, in order');
  for (const u of updates) {
    assert.ok(Array.isArray(u.data.events) && u.data.events.length > 0, `update ${u.data.version} carries its events`);
    assert.equal(u.id.split(':')[0], String(u.data.version));
  }
  const c = back.msgs.find((m) => m.event === 'chat')!;
  assert.equal(c.data.id, chat.json().id, 'chat messages carry their ids');
  assert.equal(c.data.text, 'again?');
  assert.equal(c.id, `${now}:${chat.json().id}`, 'the event id carries the chat cursor');
});
