// GraphQL speaks REST's contract (issue #15): an enum wherever REST has one, with REST's
// values (AI levels with '_' for '-'), and every error, in `errors` or in `userErrors`,
// carries the code REST answers for the same call: not found, auth, forbidden, conflict,
// rule violation, validation of the document and of the input.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { TSchema } from '@sinclair/typebox';
import { Decision as DecisionSchema } from '../../src/api/responses.js';
import { WebhookBody } from '../../src/api/webhooks.js';
import { getRuleset, rulesets } from '../../src/games/index.js';
import { PLAYER_EVENTS } from '../../src/players/notify.js';
import { WEBHOOK_EVENTS } from '../../src/service/async/webhooks.js';
import { AI_LEVELS, DeadlinePolicy, ListQuery, TakebackSpec } from '../../src/service/input.js';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

type Gql = { status: number; data: any; errors?: { message: string; extensions?: { code?: string; details?: unknown } }[] };
async function gql(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Gql> {
  const r = await s.app.inject({ method: 'POST', url: '/graphql', headers: token ? auth(token) : {}, payload: { query, variables } });
  return { status: r.statusCode, ...r.json() };
}
async function rest(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const r = await s.app.inject({ method, url, headers: token ? auth(token) : {}, ...(payload ? { payload } : {}) });
  return { status: r.statusCode, body: r.json() };
}
const codeOf = (r: Gql) => r.errors?.[0]?.extensions?.code;

const CREATE = `mutation($i: CreateGameInput!) { createGame(input: $i) { id seats { index kind aiLevel token } toAct { status seats } userErrors { code message } } }`;
const SUBMIT = `mutation($i: SubmitActionInput!) { submitAction(input: $i) { version userErrors { code message details } } }`;

async function duel(extra: Record<string, unknown> = {}) {
  const r = await gql(CREATE, { i: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }], ...extra } });
  assert.equal(r.errors, undefined, JSON.stringify(r.errors));
  assert.deepEqual(r.data.createGame.userErrors, []);
  return r.data.createGame as { id: string; seats: { index: number; kind: string; aiLevel: string | null; token: string }[]; toAct: { status: string } };
}

/** The values of a TypeBox union of literals (REST's enum). */
const literals = (schema: TSchema): string[] =>
  schema.enum ?? (schema.anyOf as { const?: string; enum?: string[] }[]).flatMap((x) => (x.const !== undefined ? [x.const] : x.enum ?? []));
async function enumValues(name: string): Promise<string[]> {
  const r = await gql(`query($n: String!) { __type(name: $n) { kind enumValues { name } } }`, { n: name });
  assert.equal(r.data.__type?.kind, 'ENUM', `${name} is an enum`);
  return r.data.__type.enumValues.map((v: { name: string }) => v.name);
}
async function fieldType(type: string, field: string, input = false): Promise<string> {
  const r = await gql(`query($n: String!) { __type(name: $n) { fields { name type { name kind ofType { name kind ofType { name ofType { name } } } } } inputFields { name type { name kind ofType { name kind ofType { name ofType { name } } } } } } }`, { n: type });
  const list = (input ? r.data.__type.inputFields : r.data.__type.fields) as { name: string; type: unknown }[];
  const f = list.find((x) => x.name === field);
  assert.ok(f, `${type}.${field}`);
  let t = f!.type as { name: string | null; ofType?: unknown };
  while (!t.name) t = t.ofType as typeof t; // through NON_NULL and LIST
  return t.name;
}

test('every enum of REST is a GraphQL enum with the same values', async () => {
  const cases: [string, string[], [string, string, boolean?][]][] = [
    ['GameStatus', literals(ListQuery.properties.status), [['Game', 'status'], ['GameSummary', 'status'], ['ToAct', 'status'], ['InboxGame', 'status'], ['CampaignGame', 'status']]],
    ['GenericAiLevel', [...AI_LEVELS], [['DeadlinesInput', 'botLevel', true]]],
    ['TimeoutAction', literals(DeadlinePolicy.properties.onTimeout), [['DeadlinesInput', 'onTimeout', true]]],
    ['TakebackVote', literals(TakebackSpec.properties.ai), [['TakebacksInput', 'ai', true]]],
    ['WebhookEventKind', [...WEBHOOK_EVENTS], [['Webhook', 'events'], ['WebhookDelivery', 'event'], ['AddWebhookInput', 'events', true]]],
    ['WebhookFormat', literals(WebhookBody.properties.format), [['Webhook', 'format'], ['AddWebhookInput', 'format', true]]],
    ['PlayerEventKind', [...PLAYER_EVENTS, 'chat'], [['PlayerEvent', 'type']]], // the feed's kinds and myUpdates' table talk (as /v1/me/events' chat)
    ['SeatKind', ['human', 'ai'], [['SeatPublic', 'kind'], ['SeatToken', 'kind'], ['CampaignSeat', 'kind'], ['CampaignSeatToken', 'kind']]],
    ['PictureFormat', ['svg', 'png'], [['Game', 'boardUrl']]],
    ['DecisionTiming', literals(DecisionSchema.properties.timing), [['Decision', 'timing']]],
    ['GroupMode', literals((DecisionSchema.properties.group as unknown as { properties: { mode: TSchema } }).properties.mode), [['DecisionGroup', 'mode']]],
  ];
  for (const [name, values, uses] of cases) {
    assert.deepEqual((await enumValues(name)).sort(), [...values].sort(), `${name}: REST's values`);
    for (const [type, field, input] of uses) {
      if (name === 'PictureFormat') continue; // an argument, checked below
      assert.equal(await fieldType(type, field, input), name, `${type}.${field} is ${name}`);
    }
  }
  // The campaign's status as REST documents it.
  const doc = (await rest('GET', '/docs/json')).body;
  const campaign = doc.paths['/v1/campaigns/{id}'].get.responses['200'].content['application/json'].schema;
  const status = campaign.properties?.status ?? doc.components.schemas[String(campaign.$ref).split('/').pop()!]?.properties.status;
  assert.deepEqual((await enumValues('CampaignStatus')).sort(), literals(status).sort());
  assert.equal(await fieldType('Campaign', 'status'), 'CampaignStatus');
});

test('AiLevel: the generic levels and every ruleset\'s own bots, in and out (REST house-normal is house_normal)', async () => {
  const values = await enumValues('AiLevel');
  const want = [...AI_LEVELS, ...rulesets().flatMap((r) => Object.keys(r.soloBots ?? {}))].map((l) => l.replace(/-/g, '_'));
  assert.deepEqual([...values].sort(), [...new Set(want)].sort(), 'a new ruleset bot must be added to the enum');
  for (const [type, field, input] of [['AiInput', 'level', true], ['SeatPublic', 'aiLevel'], ['SeatToken', 'aiLevel'], ['CampaignSeat', 'aiLevel'], ['CampaignSeatToken', 'aiLevel']] as const) {
    assert.equal(await fieldType(type, field, input), 'AiLevel', `${type}.${field}`);
  }

  // A generic level in a created game: SeatKind and AiLevel out.
  const g = await duel({ seats: [{ name: 'A' }, { name: 'Bot', ai: { level: 'greedy' } }] });
  assert.deepEqual(g.seats.map((x) => [x.kind, x.aiLevel]), [['human', null], ['ai', 'greedy']]);
  const seen = await gql(`query($id: ID!) { game(id: $id) { seats { kind aiLevel } } }`, { id: g.id });
  assert.deepEqual(seen.data.game.seats, [{ kind: 'human', aiLevel: null }, { kind: 'ai', aiLevel: 'greedy' }]);

  // A ruleset's own bot: house_normal in GraphQL is house-normal in REST.
  const cal = getRuleset('undaunted-callisto')!;
  const c = await gql(CREATE, { i: { ruleset: cal.id, seats: [{ name: 'A' }, { name: 'House', ai: { level: 'house_normal' } }] } });
  assert.deepEqual(c.data.createGame.userErrors, []);
  assert.equal(c.data.createGame.seats[1].aiLevel, 'house_normal');
  const r = await rest('GET', `/v1/games/${c.data.createGame.id}`);
  assert.equal(r.body.seats[1].aiLevel, 'house-normal', 'stored as REST spells it');

  // A level outside the enum is refused by GraphQL itself; one the ruleset lacks, by the service (as REST).
  const unknown = await gql(CREATE, { i: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'Bot', ai: { level: 'genius' } }] } });
  assert.equal(unknown.status, 400);
  assert.equal(codeOf(unknown), 'invalid_request');
  const lacking = await gql(CREATE, { i: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'Bot', ai: { level: 'house_normal' } }] } });
  assert.equal(lacking.data.createGame.userErrors[0].code, 'invalid_seat');
  const restLacking = await rest('POST', '/v1/games', undefined, { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'Bot', ai: { level: 'house-normal' } }] });
  assert.equal(restLacking.body.error.code, 'invalid_seat');
});

test('deadlines and takebacks are typed inputs with enums (TimeoutAction, GenericAiLevel, TakebackVote)', async () => {
  const g = await duel({ deadlines: { turnSeconds: 3600, onTimeout: 'bot', botLevel: 'mcts' }, takebacks: { allow: true, ai: 'refuse' } });
  const stored = await s.rt.store.getGame(g.id);
  assert.deepEqual((stored!.game.policy as { deadlines: unknown }).deadlines, { turnSeconds: 3600, onTimeout: 'bot', botLevel: 'mcts' });
  assert.deepEqual((stored!.game.policy as { takebacks: unknown }).takebacks, { allow: true, ai: 'refuse' });
  for (const bad of [
    { deadlines: { turnSeconds: 60, onTimeout: 'bot', botLevel: 'house_normal' } }, // a deadline's stand-in is a generic bot (as REST)
    { deadlines: { turnSeconds: 60, onTimeout: 'never' } },
    { deadlines: { turnSecs: 60 } },
    { takebacks: { allow: true, ai: 'maybe' } },
  ]) {
    const r = await gql(CREATE, { i: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }], ...bad } });
    assert.equal(r.status, 400, JSON.stringify(bad));
    assert.equal(codeOf(r), 'invalid_request', JSON.stringify(bad));
    assert.ok(!r.errors![0].message.includes('undefined'), r.errors![0].message);
  }
  // A value the enum allows but the input contract does not (service/input.ts): the same code.
  const zero = await gql(CREATE, { i: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }], deadlines: { turnSeconds: 0 } } });
  assert.equal(zero.data.createGame.userErrors[0].code, 'invalid_request');
});

test('ToAct.status and the game status are GameStatus values', async () => {
  const g = await duel();
  assert.equal(g.toAct.status, 'active');
  const list = await gql(`{ games(status: active, limit: 5) { status } }`);
  assert.ok(list.data.games.every((x: { status: string }) => x.status === 'active'));
  const bad = await gql(`{ games(status: running) { id } }`);
  assert.equal(bad.status, 400);
  assert.equal(codeOf(bad), 'invalid_request');
});

test('campaigns: AiInput seats and CampaignStatus', async () => {
  const r = await gql(`mutation($i: CreateCampaignInput!) { createCampaign(input: $i) { id seats { kind aiLevel } userErrors { code message } } }`,
    { i: { ruleset: 'agents-of-mayhem', seats: [{ name: 'A' }, { name: 'B', ai: { level: 'random' } }] } });
  assert.deepEqual(r.data.createCampaign.userErrors, []);
  assert.deepEqual(r.data.createCampaign.seats, [{ kind: 'human', aiLevel: null }, { kind: 'ai', aiLevel: 'random' }]);
  const c = await gql(`query($id: ID!) { campaign(id: $id) { status seats { kind aiLevel } } }`, { id: r.data.createCampaign.id });
  assert.equal(c.data.campaign.status, 'active');
  assert.deepEqual(c.data.campaign.seats[1], { kind: 'ai', aiLevel: 'random' });
});

test('errors carry REST\'s codes: not found, auth, forbidden, conflict, rule violation', async () => {
  // Not found: in `errors` for a query, in userErrors for a mutation; REST says the same.
  const q = await gql(`{ game(id: "nope") { id } }`);
  assert.equal(codeOf(q), 'game_not_found');
  assert.equal((await rest('GET', '/v1/games/nope')).body.error.code, 'game_not_found');
  const m = await gql(SUBMIT, { i: { gameId: 'nope', token: 'x', action: { type: 'pass' } } });
  assert.equal(m.data.submitAction.userErrors[0].code, 'game_not_found');

  const g = await duel();
  const [t0, t1] = [g.seats[0].token, g.seats[1].token];
  // Auth: an unknown token (401 invalid_token), and a seat-only call without one (token_required).
  const badTok = await gql(`query($id: ID!) { game(id: $id) { id } }`, { id: g.id }, 'not-a-token');
  assert.equal(codeOf(badTok), 'invalid_token');
  assert.equal((await rest('GET', `/v1/games/${g.id}`, 'not-a-token')).body.error.code, 'invalid_token');
  const noTok = await gql(SUBMIT, { i: { gameId: g.id, action: { type: 'bid', card: 1 } } });
  assert.equal(noTok.data.submitAction.userErrors[0].code, 'token_required');

  // Forbidden (403 in REST): answering the other seat's decision.
  const pending = (await rest('GET', `/v1/games/${g.id}`)).body.pending as { id: string; seat: number }[];
  const theirs = pending.find((d) => d.seat === 1)!.id;
  const hand0 = (await rest('GET', `/v1/games/${g.id}`, t0)).body.view.seats[0].hand as number[];
  const forbidden = await gql(SUBMIT, { i: { gameId: g.id, token: t0, decision: theirs, action: { type: 'bid', card: hand0[0] } } });
  const restForbidden = await rest('POST', `/v1/games/${g.id}/actions`, t0, { decision: theirs, action: { type: 'bid', card: hand0[0] } });
  assert.equal(restForbidden.status, 403);
  assert.equal(forbidden.data.submitAction.userErrors[0].code, restForbidden.body.error.code);
  assert.equal(forbidden.data.submitAction.userErrors[0].code, 'not_your_decision');

  // Rule violation (422): a card not in hand.
  const invalid = await gql(SUBMIT, { i: { gameId: g.id, token: t0, action: { type: 'bid', card: 77 } } });
  const restInvalid = await rest('POST', `/v1/games/${g.id}/actions`, t0, { action: { type: 'bid', card: 77 } });
  assert.equal(restInvalid.status, 422);
  assert.equal(invalid.data.submitAction.userErrors[0].code, restInvalid.body.error.code);
  // Malformed action (400): the action schema refuses an unknown field in both doors.
  const malformed = await gql(SUBMIT, { i: { gameId: g.id, token: t0, action: { type: 'bid', card: hand0[0], extra: 1 } } });
  const restMalformed = await rest('POST', `/v1/games/${g.id}/actions`, t0, { action: { type: 'bid', card: hand0[0], extra: 1 } });
  assert.ok(restMalformed.status === 400 || restMalformed.status === 422, restMalformed.body);
  assert.equal(malformed.data.submitAction.userErrors[0].code, restMalformed.body.error.code);

  // Conflict (409): a stale expectedVersion; a move after the end.
  const stale = await gql(SUBMIT, { i: { gameId: g.id, token: t0, expectedVersion: 9, action: { type: 'bid', card: hand0[0] } } });
  assert.equal(stale.data.submitAction.userErrors[0].code, 'version_conflict');
  assert.equal((await rest('POST', `/v1/games/${g.id}/actions`, t0, { expectedVersion: 9, action: { type: 'bid', card: hand0[0] } })).status, 409);
  await gql(`mutation($g: ID!) { resign(gameId: $g) { version } }`, { g: g.id }, t1);
  const over = await gql(SUBMIT, { i: { gameId: g.id, token: t0, action: { type: 'bid', card: hand0[0] } } });
  const restOver = await rest('POST', `/v1/games/${g.id}/actions`, t0, { action: { type: 'bid', card: hand0[0] } });
  assert.equal(restOver.status, 409);
  assert.equal(over.data.submitAction.userErrors[0].code, restOver.body.error.code);
});

test('validation errors carry invalid_request: syntax, unknown field, wrong type, bad variable, input limits', async () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['a syntax error', '{ game(id: ', {}],
    ['an unknown field', '{ rulesets { idx } }', {}],
    ['a wrong argument type', '{ games(limit: "five") { id } }', {}],
    ['a missing required argument', '{ game { id } }', {}],
    ['a variable of the wrong type', 'query($l: Int) { games(limit: $l) { id } }', { l: 'five' }],
    ['an enum value REST does not have', 'query($s: GameStatus) { games(status: $s) { id } }', { s: 'running' }],
  ];
  for (const [what, query, vars] of cases) {
    const r = await gql(query, vars);
    assert.equal(r.status, 400, what);
    assert.ok(r.errors?.length, what);
    for (const e of r.errors!) assert.equal(e.extensions?.code, 'invalid_request', `${what}: ${e.message}`);
  }
  // Limits of the input contract (service/input.ts), checked by the service: REST's code too.
  const over = await gql('{ games(limit: 201) { id } }');
  assert.equal(codeOf(over), 'invalid_request');
  assert.equal((await rest('GET', '/v1/games?limit=201')).body.error.code, 'invalid_request');
  // The cost rule keeps its own codes.
  const costly = await gql(`{ ${Array.from({ length: 20 }, (_, i) => `a${i}: games(limit: 200) { id }`).join(' ')} }`);
  assert.equal(codeOf(costly), 'query_too_costly');
});

test('a refused subscription carries the code too (graphql-transport-ws error message)', async () => {
  const WebSocket = (await import('ws')).default;
  const url = s.app.server.listening ? `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}` : await s.app.listen({ port: 0, host: '127.0.0.1' });
  const ws = new WebSocket(url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
  const payload = await new Promise<{ message: string; extensions?: { code?: string } }[]>((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'connection_ack') ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { gameUpdated(id: "nope") { version } }' } }));
      else if (m.type === 'error') resolve(m.payload);
      else if (m.type === 'next') reject(new Error(`unexpected data ${JSON.stringify(m.payload)}`));
    });
    ws.on('error', reject);
    setTimeout(() => reject(new Error('no answer')), 5000);
  });
  ws.close();
  assert.equal(payload[0].extensions?.code, 'game_not_found', JSON.stringify(payload));
});

test('a rate-limited GraphQL request is 429 with rate_limited in extensions.code', async () => {
  const { buildApp } = await import('../../src/api/app.js');
  const app = await buildApp(s.rt, {
    redisUrl: '', // counts in this process
    settings: { rateLimit: { windowMs: 60_000, create: { perAddress: 1, perToken: 1 }, moves: { perAddress: 100, perToken: 100 }, reads: { perAddress: 100, perToken: 100 } } },
  });
  try {
    const ip = '10.77.0.1';
    const create = () => app.inject({ method: 'POST', url: '/graphql', remoteAddress: ip, payload: { query: 'mutation { createGame(input: { ruleset: "duel", seats: [{ name: "A" }, { name: "B" }] }) { id } }' } });
    assert.equal((await create()).statusCode, 200);
    const over = await create();
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().errors?.[0]?.extensions?.code, 'rate_limited', over.body);
  } finally {
    await app.close();
  }
});

test('Game.decisions: REST\'s pending, typed (timing, group mode, dueAt, bankSeconds; prompt and held to the seat only)', async () => {
  const g = await duel({ deadlines: { sealedSeconds: 600, turnSeconds: 3600, bankSeconds: 120 } });
  const Q = `query($id: ID!) { game(id: $id) { decisions { id seat kind blocking group { id mode } timing context exposes prompt committed held dueAt bankSeconds } } }`;
  const FIELDS = ['id', 'seat', 'kind', 'blocking', 'group', 'timing', 'context', 'exposes', 'prompt', 'committed', 'held', 'dueAt', 'bankSeconds'];
  const asRest = (ds: Record<string, unknown>[]) => ds.map((d) => Object.fromEntries(FIELDS.map((f) => [f, d[f] ?? null])));
  const hand0 = (await rest('GET', `/v1/games/${g.id}`, g.seats[0].token)).body.view.seats[0].hand as number[];
  await rest('POST', `/v1/games/${g.id}/actions`, g.seats[0].token, { action: { type: 'bid', card: hand0[0] } }); // held: seat 0 has committed
  for (const token of [g.seats[0].token, g.seats[1].token, undefined]) {
    const r = await gql(Q, { id: g.id }, token);
    assert.equal(r.errors, undefined, JSON.stringify(r.errors));
    const want = asRest((await rest('GET', `/v1/games/${g.id}`, token)).body.pending);
    assert.deepEqual(r.data.game.decisions, want, token ? 'a seat' : 'a spectator');
  }
  const own = (await gql(Q, { id: g.id }, g.seats[0].token)).data.game.decisions;
  assert.deepEqual(own.map((d: { timing: string; group: { mode: string } }) => [d.timing, d.group.mode]), [['sealed', 'sealed'], ['sealed', 'sealed']]);
  assert.ok(own.every((d: { dueAt: string | null }) => d.dueAt), 'the deadline, as REST');
  assert.deepEqual(own.find((d: { seat: number }) => d.seat === 0).held, { type: 'bid', card: hand0[0] }, 'the seat sees its held bid');
  const other = (await gql(Q, { id: g.id }, g.seats[1].token)).data.game.decisions;
  assert.equal(other.find((d: { seat: number }) => d.seat === 0).held, null, 'nobody else does');
  assert.equal(other.find((d: { seat: number }) => d.seat === 0).prompt, null);
});

test('a store outage is 503 store_unavailable (an AggregateError too); any other failure internal_error, its text not shown', async () => {
  const svc = s.rt.service as unknown as { listGames: (...a: unknown[]) => Promise<unknown> };
  const real = svc.listGames;
  try {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    svc.listGames = async () => { throw new AggregateError([refused, refused], 'all addresses refused'); };
    const down = await s.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ games { id } }' } });
    assert.equal(down.statusCode, 503, down.body);
    assert.ok(Number(down.headers['retry-after']) > 0);
    const errs = down.json().errors as { extensions: { code: string } }[];
    assert.ok(errs.length >= 1 && errs.every((e) => e.extensions.code === 'store_unavailable'), down.body);
    svc.listGames = async () => { throw new TypeError('secret internals at line 42'); };
    const bug = await gql('{ games { id } }');
    assert.equal(codeOf(bug), 'internal_error');
    assert.equal(bug.errors![0].message, 'internal error');
  } finally {
    svc.listGames = real;
  }
});
