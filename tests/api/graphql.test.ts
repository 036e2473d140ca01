// GraphQL over inject and over a real port, and the gameUpdated subscription over WebSocket.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import WebSocket from 'ws';
import { webhookSettings } from '../../src/service/async/webhooks.js';
import { emitLocal, gameTopic } from '../../src/service/bus.js';
import { startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => {
  await s.close();
});

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const r = await s.app.inject({ method: 'POST', url: '/graphql', headers: token ? { authorization: `Bearer ${token}` } : {}, payload: { query, variables } });
  assert.equal(r.statusCode, 200, r.body);
  return r.json();
}

const CREATE = `mutation($i: CreateGameInput!) { createGame(input: $i) { id version seedHash seats { index token } toAct { version seats } userErrors { code message } } }`;
const SUBMIT = `mutation($i: SubmitActionInput!) { submitAction(input: $i) { version events sealed userErrors { code message details } } }`;

async function create() {
  const r = await gql(CREATE, { i: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } });
  assert.deepEqual(r.data.createGame.userErrors, []);
  assert.deepEqual(r.data.createGame.toAct, { version: 0, seats: [0, 1] }, 'both seats bid first');
  return r.data.createGame as { id: string; seats: { token: string }[] };
}

test('rulesets query lists the test game with scenarios', async () => {
  const r = await gql('{ rulesets { id version title players { min max } scenarios { id players } } }');
  const d = r.data.rulesets.find((x: { id: string }) => x.id === 'duel');
  assert.deepEqual(d.players, { min: 2, max: 2 });
});

test('game query gives the seat view, pending decisions, legal actions and log', async () => {
  const g = await create();
  const r = await gql(`query($id: ID!) { game(id: $id) { id version status you view pending legalActions log { seq } } }`, { id: g.id }, g.seats[0].token);
  const game = r.data.game;
  assert.equal(game.you, 0);
  assert.equal(game.view.seats[0].hand.length, 3);
  assert.equal(game.view.seats[1].hand, null);
  assert.equal(game.legalActions.decisions[0].kind, 'bid');
  assert.deepEqual(game.log, []);
  const spect = await gql(`query($id: ID!) { game(id: $id) { you legalActions } }`, { id: g.id });
  assert.equal(spect.data.game.you, null);
  assert.equal(spect.data.game.legalActions, null);
});

test('submitAction reports rule violations and conflicts as userErrors, never silently', async () => {
  const g = await create();
  const bad = await gql(SUBMIT, { i: { gameId: g.id, token: g.seats[0].token, action: { type: 'bid', card: 77 } } });
  assert.equal(bad.data.submitAction.userErrors[0].code, 'card_not_in_hand');
  assert.equal(bad.data.submitAction.userErrors[0].details.version, 0);
  const noTok = await gql(SUBMIT, { i: { gameId: g.id, action: { type: 'bid', card: 1 } } });
  assert.equal(noTok.data.submitAction.userErrors[0].code, 'token_required');
  const stale = await gql(SUBMIT, { i: { gameId: g.id, token: g.seats[0].token, expectedVersion: 5, action: { type: 'bid', card: 1 } } });
  assert.equal(stale.data.submitAction.userErrors[0].code, 'version_conflict');
});

test('submitAction can return the caller\'s legal actions and the seats to act after the move (null on a userError)', async () => {
  const g = await create();
  const q = `mutation($i: SubmitActionInput!) { submitAction(input: $i) { version sealed legalActions toAct { version status seats } userErrors { code } } }`;
  const legal0 = (await gql('query($id: ID!) { game(id: $id) { legalActions } }', { id: g.id }, g.seats[0].token)).data.game.legalActions;
  const card = legal0.decisions[0].actions[0].card;
  const r = await gql(q, { i: { gameId: g.id, token: g.seats[0].token, action: { type: 'bid', card } } });
  assert.deepEqual(r.data.submitAction.userErrors, []);
  // The held bid may still be replaced: the same choices, now marked committed with the held bid (issue #15).
  const marked = { ...legal0, decisions: legal0.decisions.map((d: object) => ({ ...d, committed: true, held: { type: 'bid', card } })) };
  assert.deepEqual(r.data.submitAction.legalActions, marked, 'the held bid may still be replaced: the same choices');
  assert.deepEqual(r.data.submitAction.toAct, { version: 0, status: 'active', seats: [0, 1] }, 'a held bid leaves both bidders listed');
  const bad = await gql(q, { i: { gameId: g.id, token: g.seats[0].token, action: { type: 'bid', card: 77 } } });
  assert.equal(bad.data.submitAction.userErrors[0].code, 'card_not_in_hand');
  assert.equal(bad.data.submitAction.legalActions, null);
  assert.equal(bad.data.submitAction.toAct, null);
});

test('legal is legalActions typed: the same list field by field, on the game and after a submit', async () => {
  const g = await create();
  const fields = 'version decisions { decision kind timing blocking group { id mode } all actions labels committed held }';
  const r = await gql(`query($id: ID!) { game(id: $id) { legalActions legal { ${fields} } } }`, { id: g.id }, g.seats[0].token);
  const { legalActions, legal } = r.data.game;
  assert.equal(legal.decisions[0].timing, 'sealed');
  assert.equal(legal.decisions[0].group.mode, 'sealed');
  // Every field the JSON has, the typed list has with the same value (absent optional ones are null).
  for (const [i, d] of (legalActions.decisions as Record<string, unknown>[]).entries()) {
    for (const [k, v] of Object.entries(d)) assert.deepEqual(legal.decisions[i][k], v, k);
  }
  assert.equal(legal.version, legalActions.version);
  const card = legal.decisions[0].actions[0].card;
  const s = await gql(`mutation($i: SubmitActionInput!) { submitAction(input: $i) { legal { ${fields} } userErrors { code } } }`, { i: { gameId: g.id, token: g.seats[0].token, action: { type: 'bid', card } } });
  assert.deepEqual(s.data.submitAction.userErrors, []);
  assert.equal(s.data.submitAction.legal.decisions[0].committed, true);
  assert.deepEqual(s.data.submitAction.legal.decisions[0].held, { type: 'bid', card });
  const spect = await gql(`query($id: ID!) { game(id: $id) { legal { version } } }`, { id: g.id });
  assert.equal(spect.data.game.legal, null);
});

test('createGame reports bad input as userErrors', async () => {
  const r = await gql(CREATE, { i: { ruleset: 'nope', seats: [{ name: 'A' }] } });
  assert.equal(r.data.createGame.userErrors[0].code, 'unknown_ruleset');
  assert.equal(r.data.createGame.id, null);
});

test('over a real port: create, play a sealed round, resign', async () => {
  const url = await s.app.listen({ port: 0, host: '127.0.0.1' });
  const post = async (query: string, variables: unknown, token?: string) => {
    const r = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query, variables }) });
    assert.equal(r.status, 200);
    return r.json() as Promise<any>;
  };
  const c = await post(CREATE, { i: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } });
  const g = c.data.createGame;
  for (const seat of [0, 1]) {
    const v = await post(`query($id: ID!) { game(id: $id) { view } }`, { id: g.id }, g.seats[seat].token);
    const card = v.data.game.view.seats[seat].hand[0];
    const r = await post(SUBMIT, { i: { gameId: g.id, action: { type: 'bid', card } } }, g.seats[seat].token);
    assert.deepEqual(r.data.submitAction.userErrors, []);
  }
  const rest = await fetch(`${url}/v1/games/${g.id}`);
  assert.equal((await rest.json()).version, 1);
  const res = await post(`mutation($id: ID!) { resign(gameId: $id) { version userErrors { code } } }`, { id: g.id }, g.seats[1].token);
  assert.equal(res.data.resign.version, 2);
});

test('subscription gameUpdated pushes the seat-filtered game after a move', async () => {
  const url = s.app.server.listening ? `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}` : await s.app.listen({ port: 0, host: '127.0.0.1' });
  const g = await create();
  const ws = new WebSocket(url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
  const got: any[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { token: g.seats[1].token } })));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'connection_ack') {
        ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `subscription($id: ID!) { gameUpdated(id: $id) { version you view } }`, variables: { id: g.id } } }));
        setTimeout(resolve, 150);
      } else if (m.type === 'next') got.push(m.payload.data.gameUpdated);
      else if (m.type === 'error') reject(new Error(JSON.stringify(m.payload)));
    });
    ws.on('error', reject);
  });
  await ready;
  const v0 = (await gql(`query($id: ID!) { game(id: $id) { view } }`, { id: g.id }, g.seats[0].token)).data.game.view;
  const v1 = (await gql(`query($id: ID!) { game(id: $id) { view } }`, { id: g.id }, g.seats[1].token)).data.game.view;
  await gql(SUBMIT, { i: { gameId: g.id, token: g.seats[0].token, action: { type: 'bid', card: v0.seats[0].hand[0] } } });
  await gql(SUBMIT, { i: { gameId: g.id, token: g.seats[1].token, action: { type: 'bid', card: v1.seats[1].hand[0] } } });
  const deadline = Date.now() + 5000;
  while (!got.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  // After a Redis outage every process re-announces its streamed games at their current version
  // (runtime catchUp): a subscriber that had that version already gets nothing more.
  emitLocal(s.rt.bus, { topic: gameTopic(g.id), payload: { gameId: g.id, version: 1, status: 'running' } });
  await new Promise((r) => setTimeout(r, 300));
  ws.close();
  assert.deepEqual(got.map((x) => x.version), [1], 'one update per version, none repeated');
  assert.equal(got[0].version, 1);
  assert.equal(got[0].you, 1);
  assert.equal(got[0].view.seats[0].hand, null, 'the subscriber never sees the other hand');
  assert.ok(Array.isArray(got[0].view.seats[1].hand));
});

test('webhooks through GraphQL: add (secret once), list with deliveries, seats only, private refused, remove', async () => {
  const g = await create();
  const ADD = `mutation($i: AddWebhookInput!) { addWebhook(input: $i) { secret webhook { id url events format deliveries { attempt } } userErrors { code message } } }`;
  const LIST = `query($id: ID!) { game(id: $id) { webhooks { id url events format createdAt deliveries { attempt status } } } }`;
  const REMOVE = `mutation($g: ID!, $id: ID!) { removeWebhook(gameId: $g, id: $id) { removed userErrors { code } } }`;
  const noTok = await gql(ADD, { i: { gameId: g.id, url: 'http://93.184.215.14/hook', events: ['turn'] } });
  assert.equal(noTok.data.addWebhook.userErrors[0].code, 'token_required');
  const allowed = webhookSettings.allowPrivate;
  webhookSettings.allowPrivate = false;
  try {
    const priv = await gql(ADD, { i: { gameId: g.id, url: 'http://127.0.0.1:9/hook', events: ['turn'] } }, g.seats[0].token);
    assert.equal(priv.data.addWebhook.userErrors[0].code, 'webhook_url_not_allowed');
    assert.equal(priv.data.addWebhook.webhook, null);
  } finally {
    webhookSettings.allowPrivate = allowed;
  }
  const badEv = await gql(ADD, { i: { gameId: g.id, url: 'http://93.184.215.14/hook', events: [] } }, g.seats[0].token);
  assert.equal(badEv.data.addWebhook.userErrors[0].code, 'invalid_events');
  const added = await gql(ADD, { i: { gameId: g.id, url: 'http://93.184.215.14/hook', events: ['turn', 'game_over'], format: 'discord' } }, g.seats[0].token);
  const a = added.data.addWebhook;
  assert.deepEqual(a.userErrors, []);
  assert.match(a.secret, /^whsec_/);
  assert.deepEqual({ url: a.webhook.url, events: a.webhook.events, format: a.webhook.format, deliveries: a.webhook.deliveries },
    { url: 'http://93.184.215.14/hook', events: ['turn', 'game_over'], format: 'discord', deliveries: [] });
  const list = await gql(LIST, { id: g.id }, g.seats[1].token);
  assert.deepEqual(list.data.game.webhooks.map((w: { id: string }) => w.id), [a.webhook.id]);
  assert.ok(!JSON.stringify(list).includes(a.secret), 'the secret is never shown again');
  assert.equal((await gql(LIST, { id: g.id })).data.game.webhooks, null, 'spectators do not see webhooks');
  const rm = await gql(REMOVE, { g: g.id, id: a.webhook.id }, g.seats[1].token);
  assert.deepEqual(rm.data.removeWebhook, { removed: a.webhook.id, userErrors: [] });
  const again = await gql(REMOVE, { g: g.id, id: a.webhook.id }, g.seats[1].token);
  assert.equal(again.data.removeWebhook.userErrors[0].code, 'webhook_not_found');
  assert.deepEqual((await gql(LIST, { id: g.id }, g.seats[0].token)).data.game.webhooks, []);
});
