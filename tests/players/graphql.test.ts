// The players' GraphQL door (issue 19): createPlayer, createGame binding a seat, the inbox as
// me { games(toAct: true) }, a read-only key refused on mutations, ratings and player queries.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer({ work: true }); }); // jobs (player notices) run here in services mode too
after(async () => { await s.close(); });

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const r = await s.app.inject({ method: 'POST', url: '/graphql', headers: token ? auth(token) : {}, payload: { query, variables } });
  return r.json() as { data: any; errors?: { message: string; extensions?: { code: string } }[] };
}

test('createPlayer, a bound seat, me { games(toAct: true) } and the scope rule', async () => {
  const c = await gql(`mutation { createPlayer(name: "Gee") { id key kid userErrors { code } } }`);
  const p = c.data.createPlayer;
  assert.match(p.id, /^p_/);
  assert.match(p.key, /^pk_/);
  const g = await gql(`mutation($input: CreateGameInput!) { createGame(input: $input) { id seats { index token player } userErrors { code message } } }`,
    { input: { ruleset: 'duel', seats: [{ name: 'G', player: p.id }, { name: 'Opp' }], deadlines: { sealedSeconds: 600 } } });
  assert.deepEqual(g.data.createGame.userErrors, []);
  const game = g.data.createGame;
  assert.equal(game.seats[0].token, null);
  assert.equal(game.seats[0].player, p.id);
  const me = await gql(`{ me { id name games(toAct: true, limit: 5) { games { id toAct decisions dueAt } nextCursor } } }`, {}, p.key);
  assert.equal(me.errors, undefined, JSON.stringify(me.errors));
  assert.equal(me.data.me.id, p.id);
  const mine = me.data.me.games.games.find((x: { id: string }) => x.id === game.id);
  assert.ok(mine && mine.toAct && mine.dueAt);
  assert.equal(mine.decisions[0].kind, 'bid');
  // The key acts through GraphQL as through REST.
  const v = (await s.app.inject({ method: 'GET', url: `/v1/games/${game.id}`, headers: auth(p.key) })).json();
  const sub = await gql(`mutation($i: SubmitActionInput!) { submitAction(input: $i) { version userErrors { code } } }`,
    { i: { gameId: game.id, action: { type: 'bid', card: v.view.seats[0].hand[0] } } }, p.key);
  assert.deepEqual(sub.data.submitAction.userErrors, []);
  // A read-only key: queries yes, mutations no.
  const ro = (await s.app.inject({ method: 'POST', url: '/v1/me/keys', headers: auth(p.key), payload: { scopes: ['read'] } })).json().key as string;
  assert.equal((await gql(`{ me { id } }`, {}, ro)).data.me.id, p.id);
  const refused = await gql(`mutation($g: ID!) { resign(gameId: $g) { version userErrors { code } } }`, { g: game.id }, ro);
  assert.ok(refused.errors?.length, 'refused');
  assert.equal(refused.errors![0].extensions?.code, 'insufficient_scope');
  const viaArg = await gql(`mutation($g: ID!, $t: String) { resign(gameId: $g, token: $t) { version } }`, { g: game.id, t: ro });
  assert.equal(viaArg.errors?.[0].extensions?.code, 'insufficient_scope');
  const prof = await gql(`query($id: ID!) { player(id: $id) }`, { id: p.id });
  assert.equal(prof.data.player.id, p.id);
  const board = await gql(`{ ratings(ruleset: "duel") }`);
  assert.equal(board.data.ratings.ruleset, 'duel');
  const noKey = await gql(`{ me { id } }`);
  assert.equal(noKey.errors?.[0].extensions?.code, 'key_required');
});

interface MyUpdate { id: number; type: string; gameId: string; data: any }

/** Subscribes to myUpdates over graphql-transport-ws with the key in connection_init; `got` fills as events arrive. */
async function subscribeMyUpdates(key: string): Promise<{ got: MyUpdate[]; close: () => void }> {
  const WebSocket = (await import('ws')).default;
  const url = s.app.server.listening ? `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}` : await s.app.listen({ port: 0, host: '127.0.0.1' });
  const ws = new WebSocket(url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
  const got: MyUpdate[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { token: key } })));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'connection_ack') {
        ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `subscription { myUpdates { id type gameId data } }` } }));
        setTimeout(resolve, 150);
      } else if (m.type === 'next') got.push(m.payload.data.myUpdates);
      else if (m.type === 'error') reject(new Error(JSON.stringify(m.payload)));
    });
    ws.on('error', reject);
  });
  return { got, close: () => ws.close() };
}

test('subscription myUpdates pushes the player\'s events of every game (key in connection_init)', async () => {
  const c = (await gql(`mutation { createPlayer(name: "Sub") { id key } }`)).data.createPlayer;
  const { got, close } = await subscribeMyUpdates(c.key);
  const g1 = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'S', player: c.id }, { name: 'O' }] } })).json();
  const g2 = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'O' }, { name: 'S', player: c.id }] } })).json();
  const deadline = Date.now() + 30_000;
  while (new Set(got.map((e) => e.gameId)).size < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  close();
  assert.deepEqual(new Set(got.filter((e) => e.type === 'turn').map((e) => e.gameId)), new Set([g1.id, g2.id]));
  const feed = got.filter((e) => e.type !== 'chat');
  assert.ok(feed.every((e, i) => i === 0 || e.id > feed[i - 1].id), 'ids increase');
});

test('subscription myUpdates carries the table talk of the player\'s games', async () => {
  const c = (await gql(`mutation { createPlayer(name: "Listener") { id key } }`)).data.createPlayer;
  const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'L', player: c.id }, { name: 'O' }] } })).json();
  const { got, close } = await subscribeMyUpdates(c.key);
  const posted = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/chat`, headers: { authorization: `Bearer ${g.seats[1].token}` }, payload: { text: 'good luck' } });
  assert.equal(posted.statusCode, 201, posted.body);
  const deadline = Date.now() + 30_000;
  while (!got.some((e) => e.type === 'chat') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  close();
  const chat = got.find((e) => e.type === 'chat');
  assert.ok(chat, JSON.stringify(got));
  assert.equal(chat.gameId, g.id);
  assert.equal(chat.id, posted.json().id);
  assert.deepEqual({ seat: chat.data.seat, text: chat.data.text }, { seat: 1, text: 'good luck' });
});
