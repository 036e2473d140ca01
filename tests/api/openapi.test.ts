// The OpenAPI document names every operation (a generated client's method names), summarises
// each, says where the API is served, and leaves GraphiQL's UI assets out.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { servers } from '../../src/api/operations.js';
import { startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

test('every operation has a unique operationId and a summary; GraphiQL assets are not in it', async () => {
  const res = await s.app.inject({ url: '/docs/json' });
  assert.equal(res.statusCode, 200);
  const doc = res.json() as { paths: Record<string, Record<string, { operationId?: string; summary?: string }>>; servers?: unknown[] };
  const ids: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    assert.ok(!path.startsWith('/graphiql'), `${path} is a UI asset, not an operation`);
    for (const [method, op] of Object.entries(ops)) {
      assert.match(op.operationId ?? '', /^[a-z][A-Za-z]+$/, `${method.toUpperCase()} ${path} has an operationId`);
      assert.ok((op.summary ?? '').length > 10, `${method.toUpperCase()} ${path} has a summary`);
      ids.push(op.operationId!);
    }
  }
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  for (const id of ['createGame', 'getGame', 'submitAction', 'getLegalActions', 'verifyGame', 'liveness', 'readiness']) assert.ok(ids.includes(id), id);
  assert.ok(Array.isArray(doc.servers) && doc.servers.length > 0, 'servers is set');
  const schemas = (doc as { components?: { schemas?: Record<string, { anyOf?: unknown[]; oneOf?: unknown[] }> } }).components?.schemas ?? {};
  for (const name of ['AbaddonAction', 'UndauntedCallistoAction']) {
    assert.ok((schemas[name]?.anyOf ?? schemas[name]?.oneOf ?? []).length > 3, `${name} lists the game's action types`);
  }
});

test('servers: PUBLIC_BASE_URL when set (no trailing slash), else this origin', () => {
  assert.deepEqual(servers({ PUBLIC_BASE_URL: 'https://play.example.org/' }).map((x) => x.url), ['https://play.example.org']);
  assert.deepEqual(servers({}).map((x) => x.url), ['/']);
});
