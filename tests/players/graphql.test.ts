// The players' GraphQL door (issue 19): createPlayer, createGame binding a seat, the inbox as
// me { games(toAct: true) }, a read-only key refused on mutations, ratings and player queries.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
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
