// Player webhooks and the Discord format, the event feed over SSE, and vacation (issue 19),
// end to end: a real receiver on 127.0.0.1 counts the Discord messages of a whole game
// against a bot (exactly one per turn change of the human seat, none for the AI seat, spaced
// by the rate-limit gap), Last-Event-ID replays the feed, a vacation pushes deadlines.
import assert from 'node:assert/strict';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { notifySettings } from '../../src/players/notify.js';
import { sqlOf } from '../../src/players/players.js';
import { webhookSettings } from '../../src/service/async/webhooks.js';
import { auth, create, game, log, startAsync, until, type AsyncServer } from '../async/helpers.js';

let s: AsyncServer;
let receiver: Server;
let base = '';
const received: { path: string; body: any; at: number }[] = [];
/** Answer 429 once on this path (Discord's rate limit answer). */
const limited = new Set<string>();

before(async () => {
  webhookSettings.allowPrivate = true;
  notifySettings.minGapMs = 150;
  s = await startAsync();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (limited.delete(req.url!)) {
        res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ retry_after: 0.2, global: false }));
        return;
      }
      received.push({ path: req.url!, body: JSON.parse(body), at: Date.now() });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
after(async () => {
  await s.close();
  await new Promise((r) => receiver.close(r));
});

async function newPlayer(name: string, discordId?: string) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/players', payload: { name, ...(discordId ? { discordId } : {}) } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; key: string };
}

async function listening(): Promise<number> {
  if (!s.app.server.listening) await s.app.listen({ port: 0, host: '127.0.0.1' });
  return (s.app.server.address() as AddressInfo).port;
}

/**
 * Moves a table's id sequence so the next ids cross a power of ten (…, 99, 100): ids that
 * sort as text would come out of order there (a fresh database starts at 1 and never shows it).
 */
async function nearPowerOfTen(table: 'chat_messages' | 'player_events') {
  const sql = sqlOf(s.rt);
  const [{ seq }] = await sql.query<{ seq: string }>(`SELECT pg_get_serial_sequence($1::text, 'id') AS seq`, [table]);
  const [{ last }] = await sql.query<{ last: string }>(`SELECT last_value::text AS last FROM ${seq}`, []);
  let b = 10;
  while (b - 2 < Number(last)) b *= 10;
  await sql.query(`SELECT setval($1::regclass, $2::bigint)`, [seq, b - 2]);
  return b;
}

/** The events of GET /v1/me/events until `want` arrived (or `ms` passed). */
function readMyEvents(port: number, key: string, lastId: string | null, want: number, ms = 10_000, counts: (e: { event: string }) => boolean = () => true) {
  return new Promise<{ id: number; raw: string; event: string; data: any }[]>((resolve, reject) => {
    const got: { id: number; raw: string; event: string; data: any }[] = [];
    const req = get({ host: '127.0.0.1', port, path: '/v1/me/events', headers: { ...auth(key), ...(lastId ? { 'last-event-id': lastId } : {}) } }, (res: IncomingMessage) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        buf += c;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const id = /^id: (\d+):(\d+)$/m.exec(block);
          const ev = /^event: (\w+)$/m.exec(block);
          const data = /^data: (.*)$/m.exec(block);
          if (id && ev) got.push({ id: Number(id[1]), raw: `${id[1]}:${id[2]}`, event: ev[1], data: data ? JSON.parse(data[1]) : null });
          if (got.filter(counts).length >= want) {
            req.destroy();
            resolve(got);
          }
        }
      });
    });
    req.on('error', (e) => { if (got.length < want) reject(e); });
    setTimeout(() => { req.destroy(); resolve(got); }, ms).unref();
  });
}

describe('player webhooks', () => {
  test('discord: exactly one message per turn change of the human over a whole game against a bot', async () => {
    const p = await newPlayer('Human', '123456789012345678');
    const h = await s.app.inject({ method: 'POST', url: '/v1/me/webhooks', headers: auth(p.key), payload: { url: `${base}/discord`, events: ['turn', 'game_over'], format: 'discord' } });
    assert.equal(h.statusCode, 201, h.body);
    limited.add('/discord'); // the first send is rate-limited: retried after retry_after, still once
    const g = await create(s, { ruleset: 'duel', seats: [{ name: 'Human', player: p.id }, { name: 'Bot', ai: { level: 'random' } }], deadlines: { sealedSeconds: 3600, turnSeconds: 3600 } });
    for (let i = 0; i < 200; i++) {
      const v = await until(async () => {
        const x = await game(s, g.id, p.key);
        if (x.status === 'finished') return x;
        const inbox = (await s.app.inject({ method: 'GET', url: '/v1/me/games?toAct=true', headers: auth(p.key) })).json();
        // The view was read before the inbox: both must show the turn (the bot may move between).
        const mine = x.pending.some((d: { seat: number }) => d.seat === 0);
        return mine && inbox.games.some((x2: { id: string }) => x2.id === g.id) ? x : null;
      }, 30_000, 30);
      if (v.status === 'finished') break;
      const d = v.pending.find((x: { seat: number }) => x.seat === 0);
      const action = d.kind === 'bid' ? { type: 'bid', card: v.view.seats[0].hand[0] } : { type: 'pass' };
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(p.key), payload: { decision: d.id, action } });
      assert.ok(r.statusCode === 200 || r.statusCode === 409, r.body);
    }
    assert.equal((await game(s, g.id)).status, 'finished');
    // The turn changes, from the public log: versions where seat 0 got a decision it did not
    // have at the previous version, by an entry that was not its own answer.
    const entries = (await log(s, g.id)).entries;
    const pendingAt = async (v: number) => {
      const r = await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}/versions/${v}`, headers: auth(p.key) });
      return new Set((r.json().pending as { id: string; seat: number }[]).filter((d) => d.seat === 0).map((d) => d.id));
    };
    const expected: number[] = [];
    let prev = new Set<string>();
    for (let v = 0; v <= entries.length; v++) {
      const now = await pendingAt(v);
      const e = entries.find((x) => x.seq === v);
      const own = e && (e.kind === 'answer' || e.kind === 'resign') && e.seat === 0;
      const fresh = [...now].some((id) => !prev.has(id));
      const still = [...prev].some((id) => now.has(id));
      if (fresh && !own && !still) expected.push(v);
      prev = now;
    }
    const msgs = await until(async () => {
      const m = received.filter((r) => r.path === '/discord');
      const over = m.some((x) => x.body.embeds.some((e: { description: string }) => e.description.startsWith('Game over')));
      return over && m.length >= expected.length + 1 ? m : null;
    }, 30_000);
    await s.worker.queue.idle(5000);
    const all = received.filter((r) => r.path === '/discord');
    const turns = all.filter((m) => m.body.embeds[0].description.startsWith("It's your turn"));
    assert.ok(expected.length >= 2, `a whole game has several turn changes (${expected.length})`);
    assert.equal(turns.length, expected.length, `messages ${turns.length}, turn changes ${expected.length}`);
    assert.equal(all.length, expected.length + 1, 'plus one game-over message');
    const versions = turns.map((m) => Number(/version (\d+)/.exec(m.body.embeds[0].description)![1]));
    assert.deepEqual(versions, expected);
    for (const m of all) {
      assert.equal(m.body.embeds.length, 1, 'one game: one embed per message');
      assert.match(m.body.content, /^<@123456789012345678>/);
      assert.deepEqual(m.body.allowed_mentions, { users: ['123456789012345678'] });
      assert.ok(!m.body.embeds[0].description.includes('Bot,') && !/turn, \*\*Bot/.test(m.body.embeds[0].description), 'never the AI seat');
    }
    for (const m of turns) assert.ok(m.body.embeds[0].timestamp, 'the turn message carries dueAt');
    // The gap is kept between sends; arrival here adds the HTTP round trip's jitter (tens of ms
    // on a loaded machine), far less than the gap that a burst without it would not have.
    const gaps = all.slice(1).map((m, i) => m.at - all[i].at);
    assert.ok(gaps.every((g) => g >= notifySettings.minGapMs - 50), `spaced by the gap: ${gaps.join(', ')}`);
    void msgs;
  });
  test('discord: the embed carries the board picture (PNG at that version) when PUBLIC_BASE_URL is set, and the picture is served', async () => {
    const port = await listening();
    const saved = process.env.PUBLIC_BASE_URL;
    process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${port}/`;
    try {
      const p = await newPlayer('Painter', '223456789012345678');
      const h = await s.app.inject({ method: 'POST', url: '/v1/me/webhooks', headers: auth(p.key), payload: { url: `${base}/discord-picture`, events: ['turn'], format: 'discord' } });
      assert.equal(h.statusCode, 201, h.body);
      const g = await create(s, { ruleset: 'abaddon', seats: [{ name: 'Opp' }, { name: 'Painter', player: p.id }] }); // Abaddon's seat 1 acts first
      const m = await until(async () => received.find((r) => r.path === '/discord-picture') ?? null, 30_000);
      const url = m.body.embeds[0].image?.url as string;
      assert.ok(url, JSON.stringify(m.body.embeds[0]));
      assert.match(url, new RegExp(`^http://127\\.0\\.0\\.1:${port}/v1/games/${g.id}/board\\.png\\?version=\\d+$`));
      const version = Number(/version (\d+)/.exec(m.body.embeds[0].description)![1]);
      assert.equal(Number(new URL(url).searchParams.get('version')), version, 'the picture of the turn\'s own version');
      assert.equal(m.body.embeds[0].url, `http://127.0.0.1:${port}/v1/games/${g.id}`, 'the game link uses the same public address');
      const png = await fetch(url);
      assert.equal(png.status, 200);
      assert.equal(png.headers.get('content-type'), 'image/png');
      assert.deepEqual([...new Uint8Array(await png.arrayBuffer()).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    } finally {
      if (saved === undefined) delete process.env.PUBLIC_BASE_URL;
      else process.env.PUBLIC_BASE_URL = saved;
    }
  });
});

describe('game-level webhooks', () => {
  test('a seat filter limits turn events to those seats (game_over still goes out)', async () => {
    const g = await create(s, { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }] });
    const [a, b] = [g.seats[0].token!, g.seats[1].token!];
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/webhooks`, headers: auth(a), payload: { url: `${base}/seat1`, events: ['turn', 'game_over'], seats: [1] } });
    assert.equal(r.statusCode, 201, r.body);
    assert.deepEqual(r.json().seats, [1]);
    for (const t of [a, b]) {
      const v = await game(s, g.id, t);
      const x = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(t), payload: { action: { type: 'bid', card: v.view.seats[v.you].hand[0] } } });
      assert.equal(x.statusCode, 200, x.body);
    }
    assert.equal((await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: auth(a) })).statusCode, 200);
    const got = await until(async () => {
      const m = received.filter((x) => x.path === '/seat1');
      return m.some((x) => x.body.event === 'game_over') ? m : null;
    });
    const turns = got.filter((x) => x.body.event === 'turn');
    assert.ok(turns.every((x) => x.body.seat === 1), JSON.stringify(turns.map((x) => x.body.seat)));
  });
});

describe('event feed and vacation', () => {
  test('GET /v1/me/events replays after Last-Event-ID, then goes live', async () => {
    const p = await newPlayer('Feed');
    const boundary = await nearPowerOfTen('player_events');
    const g = await create(s, { ruleset: 'duel', seats: [{ name: 'F', player: p.id }, { name: 'Opp' }] });
    const opp = g.seats[1].token!;
    const bidOf = async (token: string) => {
      const v = await game(s, g.id, token);
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(token), payload: { action: { type: 'bid', card: v.view.seats[v.you].hand[0] } } });
      assert.equal(r.statusCode, 200, r.body);
    };
    await bidOf(p.key);
    await bidOf(opp);
    await until(async () => (await sqlOf(s.rt).query(`SELECT 1 FROM player_events WHERE game_id = $1::text AND type = 'move'`, [g.id])).length > 0);
    const port = await listening();
    const read = (lastId: string | null, want: number) => readMyEvents(port, p.key, lastId, want);
    const first = await read(null, 2);
    assert.ok(first.length >= 2);
    assert.equal(first[0].event, 'turn'); // the game began with the human to bid
    const replay = await read(first[0].raw, 1);
    assert.equal(replay[0].id, first[1].id, 'replay starts right after Last-Event-ID');
    // Live: a new move arrives on an open stream.
    const all = await read(null, 100).catch(() => []);
    assert.ok(all.some((e) => e.id < boundary) && all.some((e) => e.id >= boundary), `the feed's ids cross ${boundary}: ${all.map((e) => e.id)}`);
    assert.deepEqual(all.map((e) => e.id), [...all.map((e) => e.id)].sort((a, b) => a - b), 'sent in numeric id order across a power of ten');
    const newest = [...all, first[1]].sort((a, b) => b.id - a.id)[0];
    const lastId = newest.id;
    const live = read(newest.raw, 1);
    const v = await game(s, g.id, p.key);
    const d = v.pending.find((x: { seat: number }) => x.seat === v.you) ?? v.pending[0];
    const token = d.seat === 0 ? p.key : opp;
    if (d.kind === 'choose') await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(token), payload: { action: { type: 'pass' } } });
    else await bidOf(p.key);
    const got = await live;
    assert.ok(got.length >= 1 && got[0].id > lastId);
  });

  test('GET /v1/me/events carries chat of the player\'s games with ids, and Last-Event-ID replays missed chat', async () => {
    const p = await newPlayer('Talker');
    const g = await create(s, { ruleset: 'duel', seats: [{ name: 'T', player: p.id }, { name: 'Opp' }] });
    const opp = g.seats[1].token!;
    const say = async (text: string) => {
      const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/chat`, headers: auth(opp), payload: { text } });
      assert.equal(r.statusCode, 201, r.body);
    };
    await until(async () => (await sqlOf(s.rt).query(`SELECT 1 FROM player_events WHERE game_id = $1::text AND type = 'turn'`, [g.id])).length > 0);
    const port = await listening();
    // Live: the first event is the turn of the feed's replay, then the chat message.
    const live = readMyEvents(port, p.key, null, 100, 3000);
    await new Promise((r) => setTimeout(r, 500));
    await say('hello');
    const seen = await live;
    const hello = seen.find((e) => e.event === 'chat');
    assert.ok(hello, JSON.stringify(seen));
    assert.equal(hello.data.text, 'hello');
    assert.equal(hello.data.gameId, g.id);
    assert.equal(hello.data.seat, 1);
    // Missed while away: replayed after the last id seen, the first message not again, in id
    // order across a power of ten (9 then 10: as text "10" sorted first and 9 was skipped).
    const boundary = await nearPowerOfTen('chat_messages');
    await say('are you there?');
    await say('your move');
    // Feed events (a late `turn`) may come first; the chat replay is what this checks.
    const back = (await readMyEvents(port, p.key, hello.raw, 2, 20_000, (e) => e.event === 'chat')).filter((e) => e.event === 'chat');
    assert.deepEqual(back.map((e) => e.data.text), ['are you there?', 'your move'], `after ${hello.raw}: ${JSON.stringify(back)}`);
    const chatId = (raw: string) => Number(raw.split(':')[1]);
    assert.ok(chatId(back[0].raw) > chatId(hello.raw) && chatId(back[1].raw) > chatId(back[0].raw), 'chat ids increase');
    assert.deepEqual([chatId(back[0].raw), chatId(back[1].raw)], [boundary - 1, boundary], 'the replay crossed a power of ten');
    // A garbled Last-Event-ID is a 400 with a code, not a silent full replay.
    const bad = await s.app.inject({ method: 'GET', url: '/v1/me/events', headers: { ...auth(p.key), 'last-event-id': 'yesterday' } });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().error.code, 'bad_event_id');
  });

  test('vacation pushes the deadlines of the player\'s games back, and new ones too; the game shows it', async () => {
    const p = await newPlayer('Away');
    const g = await create(s, { ruleset: 'duel', seats: [{ name: 'A', player: p.id }, { name: 'Opp' }], deadlines: { sealedSeconds: 600 } });
    const runAt = async (id: string) => {
      const rows = await sqlOf(s.rt).query<{ runAt: Date }>(`SELECT run_at AS "runAt" FROM outbox WHERE game_id = $1::text AND kind = 'deadline' AND status = 'pending'`, [id]);
      assert.equal(rows.length, 1);
      return new Date(rows[0].runAt).getTime();
    };
    const before = await runAt(g.id);
    const r = await s.app.inject({ method: 'POST', url: '/v1/me/vacation', headers: auth(p.key), payload: { days: 2 } });
    assert.equal(r.statusCode, 200, r.body);
    const pushed = await runAt(g.id);
    const day = 86_400_000;
    assert.ok(Math.abs(pushed - before - 2 * day) < 60_000, `pushed by ${(pushed - before) / day} days`);
    // A deadline written during the vacation is pushed back as it is written.
    const g2 = await create(s, { ruleset: 'duel', seats: [{ name: 'A', player: p.id }, { name: 'Opp' }], deadlines: { sealedSeconds: 600 } });
    const t = await runAt(g2.id);
    assert.ok(t - Date.now() > 2 * day - 60_000, 'the new deadline waits for the vacation to end');
    const shown = (await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}/players` })).json();
    assert.ok(shown.deadlinesPausedUntil);
    assert.equal(shown.seats[0].player.id, p.id);
    const inbox = (await s.app.inject({ method: 'GET', url: '/v1/me/games?toAct=true', headers: auth(p.key) })).json();
    assert.equal(Date.parse(inbox.games.find((x: { id: string }) => x.id === g.id).dueAt), pushed);
    const tooMuch = await s.app.inject({ method: 'POST', url: '/v1/me/vacation', headers: auth(p.key), payload: { days: 29 } });
    assert.equal(tooMuch.statusCode, 409, tooMuch.body);
  });
});
