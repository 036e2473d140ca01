// Fastify's own refusals reach clients in the error envelope with readable codes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

const envelope = (body: string) => JSON.parse(body) as { error: { code: string; message: string; details: unknown } };

for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
  test(`a ${type} body is 415 unsupported_media_type`, async () => {
    const r = await s.app.inject({ method: 'POST', url: '/v1/games', headers: { 'content-type': type }, payload: 'ruleset=abaddon' });
    assert.equal(r.statusCode, 415);
    const e = envelope(r.body).error;
    assert.equal(e.code, 'unsupported_media_type');
    assert.ok(e.message.length > 0 && !e.message.includes('undefined'), e.message);
  });
}

test('malformed JSON is 400 malformed_json, an empty JSON body 400 empty_body', async () => {
  let r = await s.app.inject({ method: 'POST', url: '/v1/games', headers: { 'content-type': 'application/json' }, payload: '{"ruleset":' });
  assert.equal(r.statusCode, 400);
  assert.equal(envelope(r.body).error.code, 'malformed_json');
  r = await s.app.inject({ method: 'POST', url: '/v1/games', headers: { 'content-type': 'application/json' }, payload: '' });
  assert.equal(r.statusCode, 400);
  assert.equal(envelope(r.body).error.code, 'empty_body');
});

test('a body over the limit is 413 body_too_large', async () => {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ruleset: 'x'.repeat(300 * 1024) }) });
  assert.equal(r.statusCode, 413);
  assert.equal(envelope(r.body).error.code, 'body_too_large');
});

test('move bodies are not coerced: "expectedVersion":"0" is a 400 naming the field; query strings still are', async () => {
  const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'A' }, { name: 'B' }] } })).json() as { id: string; seats: { token: string }[] };
  const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: { authorization: `Bearer ${g.seats[1].token}` }, payload: { expectedVersion: '0', action: { type: 'pass' } } });
  assert.equal(r.statusCode, 400);
  const e = envelope(r.body).error;
  assert.equal(e.code, 'invalid_request');
  assert.match(e.message, /expectedVersion/);
  const bad = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'A', open: 'true' }, { name: 'B' }] } });
  assert.equal(bad.statusCode, 400, 'a boolean sent as a string is refused too');
  const log = await s.app.inject({ url: `/v1/games/${g.id}/actions?after=0` });
  assert.equal(log.statusCode, 200, 'a number in the query string is read as a number');
});
