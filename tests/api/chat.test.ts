// Table talk: public messages from seats (Undaunted #58: teammates talk only where opponents hear).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => {
  await s.close();
});

async function game() {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } });
  return r.json() as { id: string; seats: { token: string }[] };
}

test('a seat posts to the table; everyone, spectators included, reads it in order; the game version does not move', async () => {
  const g = await game();
  const p1 = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/chat`, headers: auth(g.seats[0].token), payload: { text: ' hold the ridge ' } });
  assert.equal(p1.statusCode, 201, p1.body);
  assert.equal(p1.json().text, 'hold the ridge');
  assert.equal(p1.json().seat, 0);
  await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/chat`, headers: auth(g.seats[1].token), payload: { text: 'we hear you' } });
  const all = (await s.app.inject(`/v1/games/${g.id}/chat`)).json();
  assert.deepEqual(all.messages.map((m: { seat: number; text: string }) => [m.seat, m.text]), [[0, 'hold the ridge'], [1, 'we hear you']]);
  const since = (await s.app.inject(`/v1/games/${g.id}/chat?after=${all.messages[0].id}`)).json();
  assert.equal(since.messages.length, 1);
  assert.equal((await s.app.inject(`/v1/games/${g.id}`)).json().version, 0);
});

test('chat needs a seat token; empty or over-long text is 400; unknown game is 404', async () => {
  const g = await game();
  const none = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/chat`, payload: { text: 'hi' } });
  assert.equal(none.statusCode, 401);
  const empty = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/chat`, headers: auth(g.seats[0].token), payload: { text: '   ' } });
  assert.equal(empty.statusCode, 400);
  assert.equal(empty.json().error.code, 'empty_message');
  const long = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/chat`, headers: auth(g.seats[0].token), payload: { text: 'x'.repeat(501) } });
  assert.equal(long.statusCode, 400);
  const missing = await s.app.inject('/v1/games/g_none/chat');
  assert.equal(missing.statusCode, 404);
  assert.deepEqual((await s.app.inject(`/v1/games/${g.id}/chat`)).json().messages, []);
});

test('GraphQL postChat and Game.chat', async () => {
  const g = await game();
  const r = await s.app.inject({ method: 'POST', url: '/graphql', payload: { query: 'mutation($g: ID!, $t: String) { postChat(gameId: $g, token: $t, text: "gg") { message { seat text } userErrors { code } } }', variables: { g: g.id, t: g.seats[1].token } } });
  assert.deepEqual(r.json().data.postChat, { message: { seat: 1, text: 'gg' }, userErrors: [] });
  const q = await s.app.inject({ method: 'POST', url: '/graphql', payload: { query: 'query($g: ID!) { game(id: $g) { chat { seat text } } }', variables: { g: g.id } } });
  assert.deepEqual(q.json().data.game.chat, [{ seat: 1, text: 'gg' }]);
});

test('the SSE stream carries chat messages', async () => {
  const g = await game();
  const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
  const ac = new AbortController();
  const res = await fetch(`${base}/v1/games/${g.id}/events`, { signal: ac.signal });
  const reader = res.body!.getReader();
  let text = '';
  const read = (async () => {
    const dec = new TextDecoder();
    while (!text.includes('event: chat')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += dec.decode(value);
    }
  })();
  await new Promise((r) => setTimeout(r, 100));
  await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/chat`, headers: auth(g.seats[0].token), payload: { text: 'over SSE' } });
  await Promise.race([read, new Promise((r) => setTimeout(r, 5000))]);
  ac.abort();
  assert.match(text, /event: chat\ndata: \{[^\n]*"text":"over SSE"/);
});
