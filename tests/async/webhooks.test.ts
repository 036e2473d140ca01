// Webhooks end to end: a local receiver on 127.0.0.1 verifies the HMAC signature, answers 500
// once and the retry succeeds; every attempt is recorded; Discord format; management API and
// its auth; payloads carry public data only; private destinations are refused unless allowed.
// And the SSE stream over a real port.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, get, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { webhookSettings } from '../../src/service/async/webhooks.js';
import { auth, create, game, startAsync, submit, until, type AsyncServer } from './helpers.js';

interface Received { headers: IncomingHttpHeaders; body: string; path: string; status: number }

let s: AsyncServer;
let receiver: Server;
let base = '';
const received: Received[] = [];
/** Status codes to answer, by path, in order; then 200. */
const plan = new Map<string, number[]>();
const hanging: ServerResponse[] = [];

before(async () => {
  webhookSettings.backoffMs = 300;
  webhookSettings.allowPrivate = true; // the receiver is on 127.0.0.1
  s = await startAsync();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const q = plan.get(req.url!) ?? [];
      const status = q.length ? q.shift()! : 200;
      received.push({ headers: req.headers, body, path: req.url!, status });
      if (req.url === '/hang') return void hanging.push(res); // never answers
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
after(async () => {
  for (const r of hanging) r.destroy();
  await s.close();
  await new Promise((r) => receiver.close(r));
});

const newDuel = () => create(s, { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }] });

async function addHook(id: string, token: string, payload: Record<string, unknown>) {
  const r = await s.app.inject({ method: 'POST', url: `/v1/games/${id}/webhooks`, headers: auth(token), payload });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; secret: string; url: string; events: string[]; format: string };
}

async function bidBoth(g: { id: string; seats: { token: string | null }[] }) {
  for (const seat of [0, 1]) {
    const v = await game(s, g.id, g.seats[seat].token);
    const r = await submit(s, g.id, g.seats[seat].token!, { action: { type: 'bid', card: v.view.seats[seat].hand[0] } });
    assert.equal(r.statusCode, 200, r.body);
  }
}

test('webhook management: seat token required, http(s) only, secret shown once, delete', async () => {
  const g = await newDuel();
  const url = `/v1/games/${g.id}/webhooks`;
  assert.equal((await s.app.inject({ method: 'POST', url, payload: { url: `${base}/x`, events: ['turn'] } })).statusCode, 401);
  const bad = await s.app.inject({ method: 'POST', url, headers: auth(g.seats[0].token!), payload: { url: 'ftp://example.com/x', events: ['turn'] } });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().error.code, 'invalid_url');
  const badEv = await s.app.inject({ method: 'POST', url, headers: auth(g.seats[0].token!), payload: { url: `${base}/x`, events: ['everything'] } });
  assert.equal(badEv.statusCode, 400);
  const h = await addHook(g.id, g.seats[0].token!, { url: `${base}/m`, events: ['turn', 'game_over'] });
  assert.match(h.secret, /^whsec_/);
  const list = await s.app.inject({ method: 'GET', url, headers: auth(g.seats[1].token!) });
  assert.equal(list.statusCode, 200);
  assert.deepEqual(list.json().webhooks.map((w: { id: string }) => w.id), [h.id]);
  assert.ok(!list.body.includes(h.secret), 'the secret is never shown again');
  assert.equal((await s.app.inject({ method: 'GET', url })).statusCode, 401);
  const del = await s.app.inject({ method: 'DELETE', url: `${url}/${h.id}`, headers: auth(g.seats[1].token!) });
  assert.equal(del.statusCode, 204);
  assert.equal((await s.app.inject({ method: 'DELETE', url: `${url}/${h.id}`, headers: auth(g.seats[1].token!) })).statusCode, 404);
});

test('private destinations: refused at registration and at delivery unless allowed', async (t) => {
  const g = await newDuel();
  const url = `/v1/games/${g.id}/webhooks`;
  const post = (to: string) => s.app.inject({ method: 'POST', url, headers: auth(g.seats[0].token!), payload: { url: to, events: ['action'] } });
  webhookSettings.allowPrivate = false;
  t.after(() => { webhookSettings.allowPrivate = true; });
  for (const to of [
    `${base}/x`, 'http://10.1.2.3/x', 'http://192.168.0.1/x', 'http://172.16.0.1/x',
    'http://169.254.169.254/latest/meta-data', 'http://0.0.0.0/x', 'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x',
    'http://[fd00::1]/x', 'http://100.64.0.1/x', 'http://2130706433/x', 'http://0x7f000001/x',
  ]) {
    const r = await post(to);
    assert.equal(r.statusCode, 400, `${to}: ${r.body}`);
    assert.equal(r.json().error.code, 'webhook_url_not_allowed', to);
  }
  // A name that resolves to loopback (refused; on a machine whose /etc/hosts lacks it, unresolved).
  const local = await post('http://localhost/x');
  assert.equal(local.statusCode, 400, local.body);
  assert.ok(['webhook_url_not_allowed', 'webhook_host_unresolved'].includes(local.json().error.code), local.body);
  const unresolved = await post('http://no-such-host.invalid/x');
  assert.equal(unresolved.statusCode, 400);
  assert.equal(unresolved.json().error.code, 'webhook_host_unresolved');
  // A public address is accepted (nothing is sent until a move; it is deleted before one).
  const pub = await post('http://93.184.215.14/hook');
  assert.equal(pub.statusCode, 201, pub.body);
  assert.equal((await s.app.inject({ method: 'DELETE', url: `${url}/${pub.json().id}`, headers: auth(g.seats[0].token!) })).statusCode, 204);
  const none = (await s.app.inject({ method: 'GET', url, headers: auth(g.seats[0].token!) })).json().webhooks;
  assert.deepEqual(none, []);

  // Registered while allowed, delivered while not (a name that now resolves elsewhere is the
  // same case): the connection is refused, the attempt recorded, the receiver gets nothing.
  webhookSettings.allowPrivate = true;
  const h = await addHook(g.id, g.seats[0].token!, { url: `${base}/blocked`, events: ['action'] });
  webhookSettings.allowPrivate = false;
  await bidBoth(g);
  const rows = await until(async () => {
    const r = await s.app.inject({ method: 'GET', url: `${url}/${h.id}/deliveries`, headers: auth(g.seats[0].token!) });
    const d = r.json().deliveries as { status: number | null; error: string | null }[];
    return d.length ? d : null;
  });
  assert.equal(rows[0].status, null);
  assert.match(rows[0].error ?? '', /not allowed/);
  // A refusal is final: no retry, even once private addresses are allowed again (a failure's
  // retries come 300, 600 and 1,200 ms apart here).
  webhookSettings.allowPrivate = true;
  await new Promise((r) => setTimeout(r, 2500));
  const again = (await s.app.inject({ method: 'GET', url: `${url}/${h.id}/deliveries`, headers: auth(g.seats[0].token!) })).json().deliveries;
  assert.equal(again.length, 1, 'one attempt, not retried');
  assert.equal(received.filter((r) => r.path === '/blocked').length, 0);
  assert.equal((await s.app.inject({ method: 'DELETE', url: `${url}/${h.id}`, headers: auth(g.seats[0].token!) })).statusCode, 204);
});

test('deliveries are signed, retried after a 500, and every attempt is recorded', async () => {
  const g = await newDuel();
  plan.set('/signed', [500]);
  const h = await addHook(g.id, g.seats[0].token!, { url: `${base}/signed`, events: ['action', 'turn'] });
  await bidBoth(g);
  // The sealed close is one action; the loser then has a new 'choose' decision (a turn).
  const got = await until(async () => {
    const ok = received.filter((r) => r.path === '/signed' && r.status === 200);
    return ok.length >= 2 && received.filter((r) => r.path === '/signed').length >= 3 ? ok : null;
  });
  for (const r of received.filter((x) => x.path === '/signed')) {
    const sig = 'sha256=' + createHmac('sha256', h.secret).update(r.body).digest('hex');
    assert.equal(r.headers['x-skyeye-signature'], sig, 'HMAC-SHA256 of the raw body with the secret');
    assert.ok(r.headers['x-skyeye-delivery']);
    assert.ok(['action', 'turn'].includes(r.headers['x-skyeye-event'] as string));
  }
  const failed = received.find((r) => r.path === '/signed' && r.status === 500)!;
  const retry = got.find((r) => r.headers['x-skyeye-delivery'] === failed.headers['x-skyeye-delivery']);
  assert.ok(retry, 'the failed delivery was retried with the same delivery id');
  assert.equal(retry!.body, failed.body);
  const action = JSON.parse(got.find((r) => r.headers['x-skyeye-event'] === 'action')!.body);
  assert.equal(action.event, 'action');
  assert.equal(action.entry.kind, 'sealed');
  assert.equal(action.version, 1);
  const turn = JSON.parse(got.find((r) => r.headers['x-skyeye-event'] === 'turn')!.body);
  const state = await game(s, g.id);
  assert.equal(turn.seat, state.view.chooser);
  assert.equal(turn.decisions[0].kind, 'choose');
  assert.equal(turn.decisions[0].prompt, undefined);
  const d = await until(async () => {
    const r = await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}/webhooks/${h.id}/deliveries`, headers: auth(g.seats[1].token!) });
    assert.equal(r.statusCode, 200, r.body);
    const rows = r.json().deliveries as { delivery: string; attempt: number; status: number | null }[];
    return rows.length >= 3 ? rows : null;
  });
  const tries = d.filter((x) => x.delivery === failed.headers['x-skyeye-delivery']);
  assert.deepEqual(tries.map((x) => [x.attempt, x.status]), [[1, 500], [2, 200]]);
});

test('a receiver that does not answer in time: the attempt is recorded as a timeout', async (t) => {
  const g = await newDuel();
  const timeout = webhookSettings.timeoutMs;
  webhookSettings.timeoutMs = 300;
  t.after(() => { webhookSettings.timeoutMs = timeout; });
  const h = await addHook(g.id, g.seats[0].token!, { url: `${base}/hang`, events: ['action'] });
  await bidBoth(g);
  const rows = await until(async () => {
    const r = await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}/webhooks/${h.id}/deliveries`, headers: auth(g.seats[0].token!) });
    const d = r.json().deliveries as { status: number | null; error: string | null }[];
    return d.length ? d : null;
  });
  assert.equal(rows[0].status, null);
  assert.match(rows[0].error ?? '', /abort|timeout/i);
  assert.ok(received.some((r) => r.path === '/hang'), 'the request did reach the receiver');
  assert.equal((await s.app.inject({ method: 'DELETE', url: `/v1/games/${g.id}/webhooks/${h.id}`, headers: auth(g.seats[0].token!) })).statusCode, 204);
});

test('payloads carry public data only: a drawn card is never in a webhook', async () => {
  const g = await newDuel();
  await addHook(g.id, g.seats[0].token!, { url: `${base}/public`, events: ['action'] });
  await bidBoth(g);
  const st = await game(s, g.id);
  const chooser = st.view.chooser as number;
  const r = await submit(s, g.id, g.seats[chooser].token!, { expectedVersion: 1, action: { type: 'draw' } });
  assert.equal(r.statusCode, 200, r.body);
  const drew = await until(async () => received.find((x) => x.path === '/public' && JSON.parse(x.body).version === 2));
  const body = JSON.parse(drew.body);
  const ev = body.events.find((e: { type: string }) => e.type === 'drew');
  assert.deepEqual(ev.data, { seat: chooser, count: 1 }, 'the spectator form, without the card');
  assert.equal(body.entry.kind, 'answer');
  assert.ok(!('action' in body.entry));
});

test('a webhook registered behind this process\'s back (another API process) still gets the next move', async () => {
  // This process loaded the game with no webhook and leaves webhook rows out of its commits;
  // the append notices the new webhook and the move is committed again with its rows.
  const g = await newDuel();
  await bidBoth(g);
  const st = await game(s, g.id);
  const chooser = st.view.chooser as number;
  await s.rt.store.addWebhook({ id: `wh_behind_${g.id}`, gameId: g.id, url: `${base}/behind`, events: ['action'], secret: 'whsec_behind', format: 'json' });
  const r = await submit(s, g.id, g.seats[chooser].token!, { expectedVersion: 1, action: { type: 'draw' } });
  assert.equal(r.statusCode, 200, r.body);
  assert.equal(r.json().version, 2);
  const got = await until(async () => received.find((x) => x.path === '/behind'));
  assert.equal(JSON.parse(got.body).version, 2, 'the action webhook of the move made right after the registration');
  assert.equal((await game(s, g.id)).version, 2, 'the move was committed once');
});

test('discord format: a short content message for turns and game over', async () => {
  const g = await newDuel();
  await addHook(g.id, g.seats[1].token!, { url: `${base}/discord`, events: ['turn', 'game_over'], format: 'discord' });
  await bidBoth(g);
  const msg = await until(async () => received.find((x) => x.path === '/discord'));
  const body = JSON.parse(msg.body);
  assert.deepEqual(Object.keys(body), ['content']);
  const chooser = (await game(s, g.id)).view.chooser as number;
  assert.match(body.content, new RegExp(`It's ${['Ann', 'Bob'][chooser]}'s turn in Duel \\(test game\\) game ${g.id}`));
  const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: auth(g.seats[0].token!) });
  assert.equal(r.statusCode, 200, r.body);
  const over = await until(async () => received.find((x) => x.path === '/discord' && JSON.parse(x.body).content.includes('is over')));
  assert.match(JSON.parse(over.body).content, /won by Bob/);
});

test('SSE over a real port: an update arrives after a move', async () => {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (s.app.server.address() as AddressInfo).port;
  const g = await newDuel();
  const updates: { version: number }[] = [];
  const req = get({ host: '127.0.0.1', port, path: `/v1/games/${g.id}/events`, headers: auth(g.seats[0].token!) }, (res) => {
    assert.equal(res.headers['content-type'], 'text/event-stream');
    let buf = '';
    res.on('data', (c) => {
      buf += c;
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const chunk = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = chunk.split('\n').find((l) => l.startsWith('data: '));
        if (data) updates.push(JSON.parse(data.slice(6)));
      }
    });
  });
  try {
    await until(async () => updates.length >= 1);
    assert.equal(updates[0].version, 0);
    await bidBoth(g);
    const u = await until(async () => updates.find((x) => x.version === 1));
    assert.equal((u as any).you, 0);
    assert.equal((u as any).view.seats[1].hand, null);
  } finally {
    req.destroy();
  }
});
