// The REST contract (issue #15 "The contract"): a game is played over the REST door and every
// response, success or error, is validated against the served OpenAPI document; the document
// passes `redocly lint` (recommended rules) with no error.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { contract, type Contract } from '../support/contract.js';
import { auth, startServer, type TestServer } from '../support/env.js';
import { getRuleset } from '../../src/games/index.js';
import { webhookSettings } from '../../src/service/async/webhooks.js';

let s: TestServer;
let doc: Record<string, unknown>;
let c: Contract;
before(async () => {
  s = await startServer();
  doc = (await s.app.inject('/docs/json')).json();
  c = contract(doc as never, { strict: true }); // strict: every field sent is in its schema
});
after(async () => { await s.close(); });

/** One call through the app, its answer checked against the document. */
async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, o: { token?: string; body?: unknown; status?: number } = {}) {
  const r = await s.app.inject({ method, url, headers: o.token ? auth(o.token) : {}, ...(o.body !== undefined ? { payload: o.body as object } : {}) });
  if (o.status !== undefined) assert.equal(r.statusCode, o.status, `${method} ${url}: ${r.body}`);
  else assert.ok(r.statusCode < 500, `${method} ${url}: ${r.statusCode} ${r.body}`);
  const body = r.body && String(r.headers['content-type']).startsWith('application/json') ? r.json() : null;
  c.check(method, url, r.statusCode, body);
  return body;
}

test('a whole game over REST: every response matches the OpenAPI document', async () => {
  await call('GET', '/healthz', { status: 200 });
  await call('GET', '/readyz', { status: 200 });
  const rs = await call('GET', '/v1/rulesets', { status: 200 });
  for (const r of rs.rulesets as { id: string; scenarios: { id: string }[] }[]) {
    if (r.id === 'duel') continue;
    // A ruleset without scenarioData answers 404 not_supported (also a documented response).
    const publishes = typeof getRuleset(r.id)?.scenarioData === 'function';
    await call('GET', `/v1/rulesets/${r.id}/scenarios/${r.scenarios[0].id}`, { status: publishes ? 200 : 404 });
  }
  await call('GET', '/v1/rulesets/abaddon/scenarios/nope', { status: 404 });

  const g = await call('POST', '/v1/games', { body: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob', open: true }] }, status: 201 });
  await call('POST', '/v1/games', { body: { ruleset: 'nope', seats: [{ name: 'x' }] }, status: 422 });
  await call('POST', '/v1/games', { body: { ruleset: 'duel' }, status: 400 });
  const claim = await call('POST', `/v1/games/${g.id}/seats/1/claim`, { body: { name: 'Bob' }, status: 201 });
  await call('POST', `/v1/games/${g.id}/seats/1/claim`, { body: {}, status: 409 });
  const tokens = [g.seats[0].token as string, claim.token as string];
  await call('GET', `/v1/games/${g.id}`, { status: 200 });
  await call('GET', '/v1/games/nope', { status: 404 });
  await call('GET', `/v1/games/${g.id}`, { token: 'wrong', status: 401 });
  await call('GET', `/v1/games/${g.id}/legal-actions`, { status: 401 });
  await call('PUT', `/v1/games/${g.id}/orders`, { token: tokens[1], body: { orders: [] }, status: 200 });
  await call('GET', `/v1/games/${g.id}/orders`, { token: tokens[1], status: 200 });
  await call('POST', `/v1/games/${g.id}/chat`, { token: tokens[0], body: { text: 'good luck' }, status: 201 });
  await call('GET', `/v1/games/${g.id}/chat`, { status: 200 });
  await call('POST', `/v1/games/${g.id}/stream-tickets`, { token: tokens[0], status: 201 });
  await call('GET', `/v1/games/${g.id}/webhooks`, { token: tokens[0], status: 200 });
  await call('GET', `/v1/games/${g.id}/webhooks/nope/deliveries`, { token: tokens[0], status: 404 });
  await call('DELETE', `/v1/games/${g.id}/webhooks/nope`, { token: tokens[0], status: 404 });
  await call('GET', `/v1/games/${g.id}/verify`, { status: 409 });

  // Play: each seat with an open decision submits its first legal action, until the end.
  for (let turn = 0; turn < 200; turn++) {
    const game = await call('GET', `/v1/games/${g.id}`, { token: tokens[0], status: 200 });
    if (game.status === 'finished') break;
    let moved = false;
    for (const seat of [0, 1]) {
      const legal = await call('GET', `/v1/games/${g.id}/legal-actions`, { token: tokens[seat], status: 200 });
      const d = legal.decisions[0];
      if (!d) {
        await call('POST', `/v1/games/${g.id}/actions`, { token: tokens[seat], body: { action: { type: 'draw' } }, status: 409 });
        continue;
      }
      await call('POST', `/v1/games/${g.id}/actions${turn % 2 ? '?include=legal' : ''}`, { token: tokens[seat], body: { decision: d.decision, action: d.actions[0] }, status: 200 });
      moved = true;
    }
    assert.ok(moved, 'some seat had a decision');
  }
  const end = await call('GET', `/v1/games/${g.id}`, { status: 200 });
  assert.equal(end.status, 'finished');
  await call('GET', `/v1/games/${g.id}/actions?after=0`, { token: tokens[0], status: 200 });
  await call('GET', `/v1/games/${g.id}/versions/1`, { status: 200 });
  await call('GET', `/v1/games/${g.id}/versions/99999`, { status: 400 });
  const v = await call('GET', `/v1/games/${g.id}/verify`, { status: 200 });
  assert.equal(v.ok, true);
  await call('POST', `/v1/games/${g.id}/resign`, { token: tokens[0], status: 409 });
  await call('GET', '/v1/games?limit=5', { status: 200 });

  // A real game: choices and queries; a resignation ends it.
  const ab = await call('POST', '/v1/games', { body: { ruleset: 'abaddon', seats: [{ name: 'A' }, { name: 'B' }] }, status: 201 });
  const abGame = await call('GET', `/v1/games/${ab.id}`, { status: 200 });
  const seat = (abGame.pending as { seat: number }[])[0].seat;
  const ch = await call('GET', `/v1/games/${ab.id}/choices`, { token: ab.seats[seat].token, status: 200 });
  assert.equal(ch.choice.field, 'type', 'the first field of an action is its type');
  await call('GET', `/v1/games/${ab.id}/choices`, { token: ab.seats[1 - seat].token, status: 409 });
  await call('GET', `/v1/games/${ab.id}/choices?partial=nojson`, { token: ab.seats[seat].token, status: 400 });
  await call('GET', `/v1/games/${ab.id}/query/los?args=${encodeURIComponent(JSON.stringify({ from: [0, 0], to: [3, 3] }))}`, { status: 200 });
  await call('POST', `/v1/games/${ab.id}/resign`, { token: ab.seats[0].token, status: 200 });

  // Analysis (docs/ANALYSIS.md): the finished Abaddon game's position and a fork; takebacks it does not allow.
  await call('GET', '/v1/rulesets/abaddon/position-schema', { status: 200 });
  await call('GET', `/v1/games/${ab.id}/position?version=0`, { token: ab.seats[0].token, status: 200 });
  const fork = await call('POST', `/v1/games/${ab.id}/fork`, { token: ab.seats[0].token, body: { version: 0 }, status: 201 });
  assert.equal(typeof fork.analysisToken, 'string');
  await call('POST', `/v1/games/${ab.id}/takebacks`, { token: ab.seats[0].token, body: { to: 0 }, status: 409 });
  await call('POST', `/v1/games/${ab.id}/takebacks/answer`, { token: ab.seats[1].token, body: { approve: true }, status: 409 });
  // A game that allows them: a move, a request to take it back, the approval.
  const tb = await call('POST', '/v1/games', { body: { ruleset: 'abaddon', seats: [{ name: 'A' }, { name: 'B' }], takebacks: { allow: true } }, status: 201 });
  let asked: { seat: number } | null = null;
  for (let i = 0; i < 30 && !asked; i++) {
    const now = await call('GET', `/v1/games/${tb.id}`, { status: 200 });
    const d = (now.pending as { seat: number; blocking: boolean }[]).find((x) => x.blocking)!;
    const legal = await call('GET', `/v1/games/${tb.id}/legal-actions`, { token: tb.seats[d.seat].token, status: 200 });
    const moved = await call('POST', `/v1/games/${tb.id}/actions`, { token: tb.seats[d.seat].token, body: { decision: legal.decisions[0].decision, action: legal.decisions[0].actions[0] }, status: 200 });
    const r = await call('POST', `/v1/games/${tb.id}/takebacks`, { token: tb.seats[d.seat].token, body: { to: moved.version - 1 } });
    if (r.takeback) asked = { seat: d.seat };
  }
  assert.ok(asked, 'a move that can be taken back');
  const taken = await call('POST', `/v1/games/${tb.id}/takebacks/answer`, { token: tb.seats[1 - asked.seat].token, body: { approve: true }, status: 200 });
  assert.equal(taken.entry, 'takeback');
  await call('GET', `/v1/games/${tb.id}/board.svg`, { status: 200 });
  await call('GET', `/v1/games/${tb.id}/board.png?size=200`, { token: tb.seats[0].token, status: 200 });

  // Players (docs/PLAYERS.md).
  const p = await call('POST', '/v1/players', { body: { name: 'Zed' }, status: 201 });
  const key = p.key as string;
  await call('GET', `/v1/players/${p.id}`, { status: 200 });
  await call('GET', '/v1/players/p_nope', { status: 404 });
  await call('GET', '/v1/me', { token: key, status: 200 });
  await call('GET', '/v1/me', { status: 401 });
  await call('PATCH', '/v1/me', { token: key, body: { name: 'Zed B', discordId: '123456789' }, status: 200 });
  const k2 = await call('POST', '/v1/me/keys', { token: key, body: { scopes: ['read'], label: 'bot' }, status: 201 });
  await call('PATCH', '/v1/me', { token: k2.key, body: { name: 'Nope' }, status: 403 });
  await call('GET', '/v1/me/keys', { token: key, status: 200 });
  await call('DELETE', `/v1/me/keys/${k2.kid}`, { token: key, status: 204 });
  await call('DELETE', `/v1/me/keys/${p.kid}`, { token: key, status: 409 });
  await call('POST', '/v1/me/vacation', { token: key, body: { days: 1 }, status: 200 });
  await call('GET', '/v1/me', { token: key, status: 200 });
  const lobby = await call('POST', '/v1/games', { body: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Open', open: true }], invite: true }, status: 201 });
  assert.equal(typeof lobby.invitation, 'string');
  assert.ok((await call('GET', '/v1/games?open=true', { status: 200 })).games.some((x: { id: string }) => x.id === lobby.id), 'the lobby lists it');
  await call('POST', `/v1/games/${lobby.id}/join`, { token: key, status: 201 });
  await call('POST', `/v1/games/${lobby.id}/join`, { token: key, status: 409 });
  await call('GET', `/v1/games/${lobby.id}/players`, { status: 200 });
  const lobby2 = await call('POST', '/v1/games', { body: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Open', open: true }], invite: true }, status: 201 });
  await call('POST', `/v1/invitations/${lobby2.invitation}/accept`, { token: key, status: 201 });
  await call('POST', '/v1/invitations/nope/accept', { token: key, status: 404 });
  await call('GET', '/v1/me/games', { token: key, status: 200 });
  await call('GET', '/v1/me/games?toAct=true&limit=1', { token: key, status: 200 });
  await call('GET', '/v1/ratings/duel', { status: 200 });
  const allow = webhookSettings.allowPrivate;
  webhookSettings.allowPrivate = true; // a receiver on this machine (refused connections are fine: nothing is sent here)
  const hook = await call('POST', '/v1/me/webhooks', { token: key, body: { url: 'http://127.0.0.1:9/hook', events: ['turn'] }, status: 201 });
  webhookSettings.allowPrivate = allow;
  assert.equal(typeof hook.secret, 'string');
  await call('GET', '/v1/me/webhooks', { token: key, status: 200 });
  await call('GET', `/v1/me/webhooks/${hook.id}/deliveries`, { token: key, status: 200 });
  await call('DELETE', `/v1/me/webhooks/${hook.id}`, { token: key, status: 204 });
  await call('DELETE', `/v1/me/webhooks/${hook.id}`, { token: key, status: 404 });
  await call('GET', '/v1/me/events', { status: 401 });

  // Campaigns (docs/CAMPAIGNS.md): all-AI, so no token is needed.
  const camp = await call('POST', '/v1/campaigns', { body: { ruleset: 'agents-of-mayhem', seats: [{ name: 'A', ai: { level: 'random' } }, { name: 'B', ai: { level: 'random' } }] }, status: 201 });
  await call('POST', '/v1/campaigns', { body: { ruleset: 'duel', seats: [{ name: 'A' }] }, status: 422 });
  await call('POST', `/v1/campaigns/${camp.id}/games`, { body: {}, status: 201 });
  await call('POST', `/v1/campaigns/${camp.id}/games`, { body: {}, status: 409 });
  await call('GET', `/v1/campaigns/${camp.id}`, { status: 200 });
  await call('GET', '/v1/campaigns/nope', { status: 404 });

  // Every operation of the document was exercised, but the streams (tests/api/sse.test.ts,
  // tests/players/notify.test.ts), webhook creation (tests/async/webhooks.test.ts) and GraphQL
  // (tests/api/graphql.test.ts).
  const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, m]) => Object.keys(m).map((x) => `${x.toUpperCase()} ${p}`));
  const elsewhere = new Set(['GET /v1/games/{id}/events', 'GET /v1/me/events', 'POST /v1/games/{id}/webhooks', 'POST /graphql', 'GET /graphql']);
  assert.deepEqual(ops.filter((o) => !c.seen.has(o) && !elsewhere.has(o)), [], 'every operation was called');
});

test('every REST operation names its success body (a component) or its media type, and lists its errors', () => {
  type Res = { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> };
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, Res> }>>)) {
    if (!path.startsWith('/v1/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const name = `${method.toUpperCase()} ${path}`;
      const ok = Object.entries(op.responses).filter(([code]) => code.startsWith('2'));
      assert.equal(ok.length, 1, `${name}: one success answer`);
      const [code, res] = ok[0];
      const content = res.content ?? {};
      if (code === '204') assert.deepEqual(Object.keys(content), [], `${name}: 204 has no body`);
      else if (content['application/json']) assert.match(content['application/json'].schema?.$ref ?? '', /^#\/components\/schemas\/[A-Z]\w+$/, `${name}: a named schema`);
      else assert.ok(Object.keys(content).some((m) => m === 'text/event-stream' || m.startsWith('image/')), `${name}: a stream or a picture`);
      for (const e of ['503', ...(path.includes('{') ? ['404'] : [])]) assert.ok(op.responses[e]?.$ref ?? op.responses[e]?.content, `${name} documents ${e}`);
    }
  }
});

test('`redocly lint` (recommended rules) finds no error in the served document', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skyeye-openapi-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  const bin = join(process.cwd(), 'node_modules', '.bin', 'redocly');
  const out = await promisify(execFile)(bin, ['lint', file, '--format=summary'], {
    cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  }).catch((e: { stdout: string; stderr: string }) => assert.fail(`redocly lint failed:\n${e.stdout}\n${e.stderr}`));
  assert.doesNotMatch(out.stdout + out.stderr, /\b[1-9]\d* errors?\b/);
});
