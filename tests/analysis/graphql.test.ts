// Issue 21 over GraphQL: the same sandbox, position, fork and takeback calls as REST.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer, type TestServer } from '../support/env.js';
import { picker, playUntil } from './helpers.js';

let s: TestServer;
before(async () => {
  s = await startServer({ work: true }); // AI seats move here in services mode too (their jobs come from Redis)
});
after(async () => {
  await s.close();
});

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string, seat?: number) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (seat !== undefined) headers['x-seat'] = String(seat);
  const r = await s.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query, variables } });
  assert.equal(r.statusCode, 200, r.body);
  const b = r.json();
  assert.equal(b.errors, undefined, JSON.stringify(b.errors));
  return b.data;
}

const CREATE = `mutation($i: CreateGameInput!) { createGame(input: $i) { id sandbox analysisToken seats { index token } userErrors { code message } } }`;

test('sandbox with scripted dice, position schema, position, fork and takebacks over GraphQL', async () => {
  const c = (await gql(CREATE, { i: { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'A' }, { name: 'B' }], sandbox: { dice: { dice: ['C', 'C', 'C', 'C'] }, analysisToken: true } } })).createGame;
  assert.deepEqual(c.userErrors, []);
  assert.equal(c.sandbox, true);
  const g = (await gql(`query($id: ID!) { game(id: $id) { sandbox rated takebacks takeback } }`, { id: c.id })).game;
  assert.deepEqual(g, { sandbox: true, rated: false, takebacks: false, takeback: null });
  const schema = (await gql(`{ positionSchema(ruleset: "abaddon") }`)).positionSchema;
  assert.equal(schema.schema.type, 'object');

  const bad = (await gql(CREATE, { i: { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'A' }, { name: 'B' }], sandbox: { position: { round: 1 } } } })).createGame;
  assert.equal(bad.userErrors[0].code, 'invalid_position');

  // A real game with takebacks, played a little, forked and taken back.
  const r = (await gql(CREATE, { i: { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'A' }, { name: 'B' }], takebacks: { allow: true } } })).createGame;
  const tok = (seat: number) => r.seats[seat].token as string;
  const at = await playUntil(s, r.id, tok, (x) => x.version >= 2 && x.view.phase === 'lockon', picker(2));
  const fork = (await gql(`mutation($g: ID!, $v: Int!) { forkGame(gameId: $g, version: $v) { id sandbox analysisToken userErrors { code } } }`, { g: r.id, v: at.version }, tok(0))).forkGame;
  assert.deepEqual(fork.userErrors, []);
  assert.equal(fork.sandbox, true);
  const pos = (await gql(`query($g: ID!) { position(gameId: $g) }`, { g: fork.id }, fork.analysisToken)).position;
  assert.equal(pos.ruleset, 'abaddon');
  const req = (await gql(`mutation($g: ID!, $to: Int!) { requestTakeback(gameId: $g, to: $to) { version entry takeback userErrors { code message } } }`, { g: r.id, to: at.version - 1 }, tok(0))).requestTakeback;
  if (req.userErrors.length) {
    // The last entry drew or revealed something: refused with the REST code.
    assert.equal(req.userErrors[0].code, 'takeback_refused');
  } else {
    assert.equal(req.entry, 'takeback_request');
    const ans = (await gql(`mutation($g: ID!) { answerTakeback(gameId: $g, approve: false) { version entry userErrors { code } } }`, { g: r.id }, tok(1))).answerTakeback;
    assert.deepEqual(ans.userErrors, []);
    assert.equal(ans.entry, 'takeback_vote');
  }
});
