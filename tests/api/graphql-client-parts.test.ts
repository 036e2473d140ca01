// The rulesets' `choices` and `query` in GraphQL (issue #15): Game.choices and Game.query answer
// exactly as REST's GET /v1/games/:id/choices and /query/:name for the same caller (a seat
// token: that seat; none: a spectator's view, and no choices), with REST's codes when refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

type Gql = { status: number; data: any; errors?: { message: string; path?: string[]; extensions?: { code?: string } }[] };
async function gql(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Gql> {
  const r = await s.app.inject({ method: 'POST', url: '/graphql', headers: token ? auth(token) : {}, payload: { query, variables } });
  return { status: r.statusCode, ...r.json() };
}
async function rest(url: string, token?: string) {
  const r = await s.app.inject({ url, headers: token ? auth(token) : {} });
  return { status: r.statusCode, body: r.json() };
}
const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

const CHOICES = `query($id: ID!, $d: String, $p: JSON) { game(id: $id) { id choices(decision: $d, partial: $p) { version decision kind partial choice } } }`;
const QUERY = `query($id: ID!, $n: String!, $a: JSON) { game(id: $id) { query(name: $n, args: $a) { version name result } } }`;

async function abaddon() {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'A' }, { name: 'B' }] } });
  assert.equal(r.statusCode, 201, r.body);
  const g = r.json() as { id: string; seats: { token: string }[] };
  const seat = ((await rest(`/v1/games/${g.id}`)).body.pending as { seat: number }[])[0].seat;
  return { id: g.id, mover: g.seats[seat].token, other: g.seats[1 - seat].token };
}

test('choices: the same answers as REST for the seat, step by step', async () => {
  const g = await abaddon();
  const first = await gql(CHOICES, { id: g.id }, g.mover);
  assert.equal(first.errors, undefined, JSON.stringify(first.errors));
  const r0 = await rest(`/v1/games/${g.id}/choices`, g.mover);
  assert.equal(r0.status, 200);
  assert.deepEqual(first.data.game.choices, r0.body);
  assert.equal(first.data.game.choices.choice.field, 'type', 'the first field of an action is its type');
  // The next step with a partial action, and the decision named.
  const type = first.data.game.choices.choice.oneOf[0].value;
  const partial = { type };
  const next = await gql(CHOICES, { id: g.id, d: r0.body.decision, p: partial }, g.mover);
  const r1 = await rest(`/v1/games/${g.id}/choices?decision=${encodeURIComponent(r0.body.decision)}&partial=${enc(partial)}`, g.mover);
  assert.equal(r1.status, 200);
  assert.deepEqual(next.data.game.choices, r1.body);
  assert.deepEqual(next.data.game.choices.partial, partial);
});

test('choices: refused with REST\'s codes (not your turn, no seat token, unknown decision, bad partial, no choices, game over)', async () => {
  const g = await abaddon();
  const expectSame = async (what: string, r: Gql, restRes: { status: number; body: { error: { code: string } } }) => {
    assert.ok(restRes.status >= 400, `${what}: REST refuses`);
    assert.equal(r.errors?.[0]?.extensions?.code, restRes.body.error.code, `${what}: ${JSON.stringify(r.errors)}`);
    if (r.data) assert.equal(r.data.game?.choices ?? null, null, what);
  };
  await expectSame('the other seat', await gql(CHOICES, { id: g.id }, g.other), await rest(`/v1/games/${g.id}/choices`, g.other));
  const spect = await gql(CHOICES, { id: g.id });
  await expectSame('a spectator', spect, await rest(`/v1/games/${g.id}/choices`));
  assert.equal(spect.errors![0].extensions!.code, 'token_required');
  assert.equal(spect.data.game.id, g.id, 'the game itself is still served');
  await expectSame('an unknown decision', await gql(CHOICES, { id: g.id, d: '999.x' }, g.mover), await rest(`/v1/games/${g.id}/choices?decision=999.x`, g.mover));
  await expectSame('a partial that is not an object', await gql(CHOICES, { id: g.id, p: [1] }, g.mover), await rest(`/v1/games/${g.id}/choices?partial=${enc([1])}`, g.mover));
  const big = { type: 'x'.repeat(5000) };
  const tooBig = await gql(CHOICES, { id: g.id, p: big }, g.mover);
  assert.equal(tooBig.errors?.[0]?.extensions?.code, 'invalid_request', 'at most 4096 characters, as REST');
  assert.equal((await rest(`/v1/games/${g.id}/choices?partial=${enc(big)}`, g.mover)).body.error.code, 'invalid_request');
  const long = await gql(CHOICES, { id: g.id, d: 'd'.repeat(129) }, g.mover);
  assert.equal(long.errors?.[0]?.extensions?.code, 'invalid_request');

  const duel = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } })).json();
  await expectSame('a ruleset without choices', await gql(CHOICES, { id: duel.id }, duel.seats[0].token), await rest(`/v1/games/${duel.id}/choices`, duel.seats[0].token));

  await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: auth(g.mover) });
  const over = await gql(CHOICES, { id: g.id }, g.mover);
  await expectSame('a finished game', over, await rest(`/v1/games/${g.id}/choices`, g.mover));
  assert.equal(over.errors![0].extensions!.code, 'game_over');
});

test('query: the same answers as REST, from the seat\'s view or a spectator\'s', async () => {
  const g = await abaddon();
  const view = (await rest(`/v1/games/${g.id}`, g.mover)).body.view;
  const unit = JSON.stringify(view).match(/"id":"([A-Z]+-[A-Z0-9]+)"/)?.[1];
  const asks: [string, unknown][] = [['los', { from: [0, 0], to: [3, 3] }], ['reach', { unit }], ['odds', { unit, target: unit }], ['nonsense', {}], ['los', { from: 'x' }]];
  for (const token of [g.mover, g.other, undefined]) {
    for (const [name, args] of asks) {
      const r = await gql(QUERY, { id: g.id, n: name, a: args }, token);
      assert.equal(r.errors, undefined, JSON.stringify(r.errors));
      const want = await rest(`/v1/games/${g.id}/query/${name}?args=${enc(args)}`, token);
      assert.equal(want.status, 200);
      assert.deepEqual(r.data.game.query, want.body, `${name} ${JSON.stringify(args)} as ${token ? 'a seat' : 'a spectator'}`);
    }
  }
  assert.ok(unit, 'a unit of the view');
  const reach = await gql(QUERY, { id: g.id, n: 'reach', a: { unit } }, g.mover);
  assert.notEqual(reach.data.game.query.result, null, `the reach of ${unit}`);
  const los = await gql(QUERY, { id: g.id, n: 'los', a: { from: [0, 0], to: [3, 3] } });
  assert.equal(los.data.game.query.result.range, 3, 'a real answer, not null');
  assert.equal((await gql(QUERY, { id: g.id, n: 'nonsense' })).data.game.query.result, null, 'an unknown query is null, as REST');
  // Refusals: a name REST's route refuses, a bad token, a ruleset without queries.
  const bad = await gql(QUERY, { id: g.id, n: 'not a name!' });
  assert.equal(bad.errors?.[0]?.extensions?.code, 'invalid_request');
  assert.equal((await rest(`/v1/games/${g.id}/query/${encodeURIComponent('not a name!')}`)).body.error.code, 'invalid_request');
  assert.equal((await gql(QUERY, { id: g.id, n: 'los' }, 'not-a-token')).errors?.[0]?.extensions?.code, 'invalid_token');
  const duel = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } })).json();
  const none = await gql(QUERY, { id: duel.id, n: 'los' });
  assert.equal(none.errors?.[0]?.extensions?.code, (await rest(`/v1/games/${duel.id}/query/los`)).body.error.code);
  assert.equal(none.errors?.[0]?.extensions?.code, 'not_supported');
});

test('a sandbox\'s analysis token: X-Seat picks the seat in both doors', async () => {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'A' }, { name: 'B' }], sandbox: { analysisToken: true } } });
  assert.equal(r.statusCode, 201, r.body);
  const g = r.json() as { id: string; analysisToken: string };
  const mover = ((await rest(`/v1/games/${g.id}`)).body.pending as { seat: number }[])[0].seat;
  for (const seat of [mover, 1 - mover]) {
    const headers = { authorization: `Bearer ${g.analysisToken}`, 'x-seat': String(seat) };
    const viaRest = await s.app.inject({ url: `/v1/games/${g.id}/choices`, headers });
    const viaGql = (await s.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: CHOICES, variables: { id: g.id } } })).json();
    if (seat === mover) {
      assert.equal(viaRest.statusCode, 200, viaRest.body);
      assert.deepEqual(viaGql.data.game.choices, viaRest.json());
    } else {
      assert.equal(viaRest.json().error.code, 'not_your_turn', 'the seat named by X-Seat, not the seat to move');
      assert.equal(viaGql.errors?.[0]?.extensions?.code, 'not_your_turn');
    }
  }
});
