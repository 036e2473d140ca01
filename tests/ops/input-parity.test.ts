// One input contract over both doors: every limit of createGame, pagination and moves is
// refused by REST and by GraphQL alike, with the same code (invalid_request), as both check
// the schemas of src/service/input.ts. A GraphQL enum refuses an unknown AI level at the type
// level (a GraphQL validation error) before the service sees it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => s.close());

const human = (name = 'Ann') => ({ name });
const base = () => ({ ruleset: 'duel', seats: [human('Ann'), human('Bob')] as Record<string, unknown>[] });
const withAi = (ai: Record<string, unknown>) => ({ ruleset: 'duel', seats: [human(), { name: 'Bot', ai }] });

async function restCreate(body: unknown) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: body as object });
  return { status: r.statusCode, code: r.statusCode >= 400 ? r.json().error.code : null };
}
async function gqlCreate(body: { seats: Record<string, unknown>[]; deadlines?: unknown; ruleset: string }) {
  const r = await s.app.inject({
    method: 'POST', url: '/graphql',
    payload: { query: 'mutation($i: CreateGameInput!) { createGame(input: $i) { id userErrors { code message } } }', variables: { i: body } },
  });
  const j = r.json();
  if (j.errors) return { status: r.statusCode, code: j.errors[0].extensions?.code ?? 'no_code' }; // refused by GraphQL's types
  return { status: r.statusCode, code: j.data.createGame.userErrors[0]?.code ?? null };
}

const createCases: [string, ReturnType<typeof base>, string][] = [
  ['a 65-character seat name', { ruleset: 'duel', seats: [human('x'.repeat(65)), human()] }, 'invalid_request'],
  ['a 100 KB seat name', { ruleset: 'duel', seats: [human('x'.repeat(100_000)), human()] }, 'invalid_request'],
  ['an empty seat name', { ruleset: 'duel', seats: [human(''), human()] }, 'invalid_request'],
  ['an MCTS budget of a billion ms', withAi({ level: 'mcts', budgetMs: 1_000_000_000 }), 'invalid_request'],
  ['an MCTS budget over 60 s', withAi({ level: 'mcts', budgetMs: 60_001 }), 'invalid_request'],
  ['an MCTS budget under 10 ms', withAi({ level: 'mcts', budgetMs: 5 }), 'invalid_request'],
  ['too many iterations', withAi({ level: 'mcts', iterations: 1_000_001 }), 'invalid_request'],
  ['nine seats', { ruleset: 'duel', seats: Array.from({ length: 9 }, (_, i) => human(`p${i}`)) }, 'invalid_request'],
  ['a negative turn deadline', { ...base(), deadlines: { turnSeconds: -5 } } as never, 'invalid_request'],
  ['a zero turn deadline', { ...base(), deadlines: { turnSeconds: 0 } } as never, 'invalid_request'],
  ['a deadline over 30 days', { ...base(), deadlines: { turnSeconds: 30 * 24 * 3600 + 1 } } as never, 'invalid_request'],
  ['an unknown deadline field', { ...base(), deadlines: { turnSecs: 5 } } as never, 'invalid_request'],
  ['an unknown timeout bot level', { ...base(), deadlines: { turnSeconds: 60, onTimeout: 'bot', botLevel: 'genius' } } as never, 'invalid_request'],
];

for (const [what, body, code] of createCases) {
  test(`createGame refuses ${what} in both doors`, async () => {
    const rest = await restCreate(body);
    const gql = await gqlCreate(body as never);
    assert.equal(rest.status, 400);
    assert.equal(rest.code, code, 'REST');
    assert.equal(gql.code, code, 'GraphQL');
  });
}

test('an unknown AI level is refused in both doors: REST invalid_seat (a ruleset may add its own), GraphQL\'s AiLevel enum invalid_request', async () => {
  const body = withAi({ level: 'genius' });
  assert.deepEqual(await restCreate(body), { status: 400, code: 'invalid_seat' });
  assert.deepEqual(await gqlCreate(body as never), { status: 400, code: 'invalid_request' });
  const bad = withAi({ level: 'Not A Level!' });
  assert.deepEqual(await restCreate(bad), { status: 400, code: 'invalid_request' });
  assert.equal((await gqlCreate(bad as never)).code, 'invalid_request');
});

test('the limits themselves are accepted in both doors', async () => {
  const body = { ruleset: 'duel', seats: [human('x'.repeat(64)), { name: 'Bot', ai: { level: 'mcts', budgetMs: 10 } }], deadlines: { turnSeconds: 1, bankSeconds: 0 } };
  assert.deepEqual(await restCreate(body), { status: 201, code: null });
  assert.equal((await gqlCreate(body as never)).code, null);
});

const pageCases: [string, string, string][] = [
  ['games: a negative limit', '/v1/games?limit=-1', '{ games(limit: -1) { id } }'],
  ['games: a zero limit', '/v1/games?limit=0', '{ games(limit: 0) { id } }'],
  ['games: a limit over 200', '/v1/games?limit=201', '{ games(limit: 201) { id } }'],
  ['games: a negative offset', '/v1/games?offset=-3', '{ games(offset: -3) { id } }'],
];
for (const [what, url, query] of pageCases) {
  test(`pagination refuses ${what} in both doors, without a database error`, async () => {
    const r = await s.app.inject(url);
    assert.equal(r.statusCode, 400);
    assert.equal(r.json().error.code, 'invalid_request');
    const g = await s.app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    const j = g.json();
    assert.equal(j.errors?.[0]?.extensions?.code, 'invalid_request', g.body);
  });
}

test('log and chat pagination, idempotency keys and decisions: the same limits in both doors', async () => {
  const c = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: base() })).json();
  const token = c.seats[0].token as string;
  const h = { authorization: `Bearer ${token}` };
  for (const [url, field] of [[`/v1/games/${c.id}/actions?limit=-1`, 'log(limit: -1) { seq }'], [`/v1/games/${c.id}/actions?limit=1001`, 'log(limit: 1001) { seq }'],
    [`/v1/games/${c.id}/actions?after=-1`, 'log(after: -1) { seq }'], [`/v1/games/${c.id}/chat?limit=501`, 'chat(limit: 501) { id }']] as const) {
    const r = await s.app.inject({ url, headers: h });
    assert.equal(r.statusCode, 400, url);
    assert.equal(r.json().error.code, 'invalid_request');
    const g = (await s.app.inject({ method: 'POST', url: '/graphql', headers: h, payload: { query: `{ game(id: "${c.id}") { ${field} } }` } })).json();
    assert.equal(g.errors?.[0]?.extensions?.code, 'invalid_request', field);
  }
  const key = 'k'.repeat(129);
  const r = await s.app.inject({ method: 'POST', url: `/v1/games/${c.id}/actions`, headers: { ...h, 'idempotency-key': key }, payload: { action: { type: 'bid', card: 1 } } });
  assert.equal(r.statusCode, 400);
  assert.equal(r.json().error.code, 'invalid_request');
  const g = (await s.app.inject({
    method: 'POST', url: '/graphql', headers: h,
    payload: { query: 'mutation($i: SubmitActionInput!) { submitAction(input: $i) { version userErrors { code } } }', variables: { i: { gameId: c.id, action: { type: 'bid', card: 1 }, idempotencyKey: key } } },
  })).json();
  assert.equal(g.data.submitAction.userErrors[0].code, 'invalid_request');
  const rs = (await s.app.inject({
    method: 'POST', url: '/graphql', headers: h,
    payload: { query: `mutation { resign(gameId: "${c.id}", idempotencyKey: "${key}") { userErrors { code } } }` },
  })).json();
  assert.equal(rs.data.resign.userErrors[0].code, 'invalid_request');
  const dec = (await s.app.inject({
    method: 'POST', url: '/graphql', headers: h,
    payload: { query: 'mutation($i: SubmitActionInput!) { submitAction(input: $i) { userErrors { code } } }', variables: { i: { gameId: c.id, action: { type: 'bid', card: 1 }, decision: 'd'.repeat(129), expectedVersion: -1 } } },
  })).json();
  assert.equal(dec.data.submitAction.userErrors[0].code, 'invalid_request');
});
