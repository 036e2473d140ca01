// Board pictures over the API (issue #20): GET /v1/games/:id/board.svg|png as a seat or a
// spectator, ?version (replay), ?size bounds, ETag / 304, GraphQL boardUrl, and the picture's
// absolute URL in webhook turn / game_over payloads (JSON and Discord). Real app, real store.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { XMLValidator } from 'fast-xml-parser';
import { discordBody, webhookPlanner, type WebhookBody } from '../../src/service/async/webhooks.js';
import { auth, startServer, type TestServer } from '../support/env.js';
import { pictureStats } from '../../src/render/pictures.js';
import { decodePng } from '../render/support.js';

let s: TestServer;
const captured: WebhookBody[] = [];
before(async () => {
  s = await startServer();
  // The webhook rows each commit would write (as if the game had a webhook), kept for the checks.
  s.rt.service.addPlanner((c) => {
    for (const row of webhookPlanner({ ...c, webhookRows: true })) captured.push((row.payload as { body: WebhookBody }).body);
    return [];
  });
});
after(async () => {
  await s.close();
});

type Game = { id: string; version: number; seats: { index: number; token: string }[] };

async function newGame(ruleset = 'abaddon', names = ['Ann <a>', 'Bob']): Promise<Game> {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset, seats: names.map((name) => ({ name })) } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json();
}

/** The first legal action of whichever seat has one. */
async function move(g: Game): Promise<number> {
  for (const seat of g.seats) {
    const l = await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(seat.token) });
    const d = l.json().decisions.find((x: { actions: unknown[] }) => x.actions.length);
    if (!d) continue;
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(seat.token), payload: { decision: d.decision, action: d.actions[0] } });
    assert.equal(r.statusCode, 200, r.body);
    return r.json().version;
  }
  throw new Error('nobody can move');
}

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ url, headers });

describe('GET /v1/games/:id/board.svg and board.png', () => {
  let g: Game;
  before(async () => {
    g = await newGame();
  });

  test('spectator SVG: well-formed, ETag, public cache, the version in a header; seat names escaped', async () => {
    const r = await get(`/v1/games/${g.id}/board.svg`);
    assert.equal(r.statusCode, 200, r.body);
    assert.match(String(r.headers['content-type']), /^image\/svg\+xml/);
    assert.equal(XMLValidator.validate(r.body), true);
    assert.match(String(r.headers.etag), /^"[\w-]+"$/);
    assert.match(String(r.headers['cache-control']), /^public/);
    assert.equal(r.headers['x-game-version'], String(g.version));
    assert.ok(r.body.includes('Ann &lt;a&gt;'), 'the seat name is drawn as text');
    assert.ok(!r.body.includes('Your hand'), 'a spectator sees no hand');
  });

  test("a seat's picture shows its own hand, privately cached; the spectator's does not", async () => {
    const r = await get(`/v1/games/${g.id}/board.svg`, auth(g.seats[0].token));
    assert.equal(r.statusCode, 200, r.body);
    assert.ok(r.body.includes('Your hand'));
    assert.match(String(r.headers['cache-control']), /^private/);
    const spectator = await get(`/v1/games/${g.id}/board.svg`);
    assert.notEqual(r.headers.etag, spectator.headers.etag, 'one ETag per viewer');
  });

  test('If-None-Match with the ETag: 304 without a body', async () => {
    const r = await get(`/v1/games/${g.id}/board.png`);
    const again = await get(`/v1/games/${g.id}/board.png`, { 'if-none-match': String(r.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, r.headers.etag);
  });

  test('PNG at ?size= pixels wide decodes; a burst of the same request renders once', async () => {
    const before = pictureStats(s.rt.service).renders;
    const rs = await Promise.all(Array.from({ length: 5 }, () => get(`/v1/games/${g.id}/board.png?size=300`)));
    for (const r of rs) {
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.headers['content-type'], 'image/png');
      assert.deepEqual(r.rawPayload, rs[0].rawPayload);
    }
    assert.equal(pictureStats(s.rt.service).renders, before + 1, 'one render for five requests');
    await get(`/v1/games/${g.id}/board.png?size=300`);
    assert.equal(pictureStats(s.rt.service).renders, before + 1, 'served from the cache afterwards');
    const d = decodePng(rs[0].rawPayload);
    assert.equal(d.width, 300);
    assert.equal(d.rawBytes, d.height * (1 + 300 * 4));
  });

  test('?size and ?version out of bounds are 400; an unknown game 404; a ruleset without a picture 404 no_picture', async () => {
    assert.equal((await get(`/v1/games/${g.id}/board.png?size=10`)).statusCode, 400);
    assert.equal((await get(`/v1/games/${g.id}/board.png?size=99999`)).statusCode, 400);
    const v = await get(`/v1/games/${g.id}/board.svg?version=${g.version + 50}`);
    assert.equal(v.statusCode, 400);
    assert.equal(v.json().error.code, 'bad_version');
    assert.equal((await get('/v1/games/nope/board.svg')).statusCode, 404);
    const duel = await newGame('duel', ['A', 'B']);
    const r = await get(`/v1/games/${duel.id}/board.svg`);
    assert.equal(r.statusCode, 404);
    assert.equal(r.json().error.code, 'no_picture');
  });

  test('?version=n is the picture of that past version (replay), unchanged by later moves', async () => {
    const g2 = await newGame();
    const v0 = await get(`/v1/games/${g2.id}/board.svg`);
    let v = g2.version;
    for (let i = 0; i < 3; i++) v = await move(g2);
    const now = await get(`/v1/games/${g2.id}/board.svg`);
    assert.equal(now.headers['x-game-version'], String(v));
    assert.notEqual(now.body, v0.body);
    const past = await get(`/v1/games/${g2.id}/board.svg?version=${g2.version}`);
    assert.equal(past.body, v0.body);
    assert.equal(past.headers.etag, v0.headers.etag);
  });
});

describe('Fast and Dirty board pictures over HTTP (continuous table)', () => {
  test('spectator and seat SVG, PNG at a size, a past version after moves: the table, terrain, every unit counter', async () => {
    const g = await newGame('fast-and-dirty', ['Ann <a>', 'Bob']);
    const r = await get(`/v1/games/${g.id}/board.svg`);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(XMLValidator.validate(r.body), true);
    assert.ok(r.body.includes('Ann &lt;a&gt;'), 'the seat name is drawn as text');
    assert.ok(r.body.includes('table 48" x 48"'), 'the table size from the state');
    for (const f of ['woods-west', 'farmhouse', 'stone-wall']) assert.ok(r.body.includes(`data-feature="${f}"`), `terrain ${f}`);
    for (const u of ['A1', 'A2', 'A3', 'B1', 'B2', 'B3']) assert.ok(r.body.includes(`data-unit="${u}"`), `unit ${u}`);
    assert.ok(!r.body.includes('(you)'));
    const mine = await get(`/v1/games/${g.id}/board.svg`, auth(g.seats[0].token));
    assert.equal(mine.statusCode, 200, mine.body);
    assert.ok(mine.body.includes('(you)'));
    let v = g.version;
    for (let i = 0; i < 4; i++) v = await move(g);
    const png = await get(`/v1/games/${g.id}/board.png?size=400`);
    assert.equal(png.statusCode, 200);
    assert.equal(png.headers['content-type'], 'image/png');
    assert.equal(png.headers['x-game-version'], String(v));
    assert.equal(decodePng(png.rawPayload).width, 400);
    const past = await get(`/v1/games/${g.id}/board.svg?version=${g.version}`);
    assert.equal(past.body, r.body, 'the set-up picture, unchanged by later moves');
  });
});

describe('GraphQL boardUrl and webhook payloads', () => {
  const base = 'https://play.example.org';
  let saved: string | undefined;
  before(() => {
    saved = process.env.PUBLIC_BASE_URL;
  });
  after(() => {
    if (saved === undefined) delete process.env.PUBLIC_BASE_URL;
    else process.env.PUBLIC_BASE_URL = saved;
  });

  test('Game.boardUrl: this version by default, relative without PUBLIC_BASE_URL, absolute with it', async () => {
    const g = await newGame();
    const q = (query: string) => s.app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    delete process.env.PUBLIC_BASE_URL;
    const r = await q(`{ game(id: "${g.id}") { version boardUrl svg: boardUrl(format: svg, version: 0, size: 400) } }`);
    const d = r.json().data.game;
    assert.equal(d.boardUrl, `/v1/games/${g.id}/board.png?version=${d.version}`);
    assert.equal(d.svg, `/v1/games/${g.id}/board.svg?version=0&size=400`);
    assert.equal((await get(d.svg)).statusCode, 200);
    process.env.PUBLIC_BASE_URL = `${base}/`;
    const abs = (await q(`{ game(id: "${g.id}") { boardUrl } }`)).json().data.game.boardUrl;
    assert.equal(abs, `${base}/v1/games/${g.id}/board.png?version=${d.version}`);
    const bad = (await q(`{ game(id: "${g.id}") { boardUrl(size: 5) } }`)).json();
    assert.equal(bad.errors[0].extensions.code, 'invalid_request');
  });

  test('turn and game_over payloads carry the absolute PNG URL (JSON and Discord embed); none without PUBLIC_BASE_URL', async () => {
    process.env.PUBLIC_BASE_URL = base;
    const g = await newGame();
    captured.length = 0;
    const v = await move(g);
    const turn = captured.find((b) => b.event === 'turn' && b.game.id === g.id);
    assert.ok(turn, 'a turn payload');
    assert.equal(turn.image, `${base}/v1/games/${g.id}/board.png?version=${v}`);
    assert.deepEqual(discordBody(turn).embeds, [{ image: { url: turn.image } }]);
    const pic = await get(turn.image.slice(base.length));
    assert.equal(pic.statusCode, 200);
    assert.equal(pic.headers['content-type'], 'image/png');
    assert.equal(captured.find((b) => b.event === 'action')?.image, undefined, 'action payloads stay as they were');

    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: auth(g.seats[0].token) });
    assert.equal(r.statusCode, 200, r.body);
    const over = captured.find((b) => b.event === 'game_over' && b.game.id === g.id);
    assert.equal(over?.image, `${base}/v1/games/${g.id}/board.png?version=${r.json().version}`);

    delete process.env.PUBLIC_BASE_URL;
    captured.length = 0;
    const g2 = await newGame();
    await move(g2);
    const plain = captured.find((b) => b.event === 'turn');
    assert.ok(plain);
    assert.equal(plain.image, undefined);
    assert.equal(discordBody(plain).embeds, undefined);
  });
});
