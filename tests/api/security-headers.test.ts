// Security headers (helmet's set, computed once at start-up: src/api/security-headers.ts) on
// every answer: JSON, errors, and the hijacked SSE stream; a Content-Security-Policy only when
// the browser UIs (GraphiQL, Swagger UI) are off, since their scripts need a looser one.
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { after, before, test } from 'node:test';
import helmet from 'helmet';
import { buildApp } from '../../src/api/app.js';
import { helmetHeaders } from '../../src/api/security-headers.js';
import { startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => s.close());

const BASE = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

test('a JSON answer and an error answer carry the security headers', async () => {
  for (const url of ['/v1/rulesets', '/v1/games/no-such-game']) {
    const r = await s.app.inject({ url });
    for (const [k, v] of Object.entries(BASE)) assert.equal(r.headers[k], v, `${url}: ${k}`);
  }
});

test('Content-Security-Policy only with the UIs off, and it is helmet\'s default policy', async () => {
  const prod = await buildApp(s.rt, { settings: { ui: false } });
  const dev = await buildApp(s.rt, { settings: { ui: true } });
  try {
    const csp = (await prod.inject({ url: '/v1/rulesets' })).headers['content-security-policy'];
    assert.equal(typeof csp, 'string');
    assert.match(String(csp), /default-src 'self'/);
    assert.match(String(csp), /object-src 'none'/);
    assert.equal((await dev.inject({ url: '/v1/rulesets' })).headers['content-security-policy'], undefined);
  } finally {
    await prod.close();
    await dev.close();
  }
});

test('the headers computed once are exactly what helmet sets on a response', () => {
  for (const opts of [{}, { contentSecurityPolicy: false as const }]) {
    const set = new Map<string, string>();
    const res = { setHeader: (k: string, v: unknown) => set.set(k, String(v)), removeHeader: (k: string) => set.delete(k) };
    helmet(opts)({} as never, res as never, () => {});
    assert.deepEqual(helmetHeaders(opts), [...set]);
    assert.ok(set.size >= 10, 'helmet sets its dozen headers');
  }
});

test('the SSE stream (a hijacked reply) carries them too', async () => {
  const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } })).json();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = s.app.server.address();
  assert.ok(addr !== null && typeof addr === 'object');
  const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port: addr.port, path: `/v1/games/${g.id}/events` }, (res) => {
      resolve({ ...res.headers, status: res.statusCode });
      req.destroy();
    });
    req.on('error', reject);
  });
  assert.equal(headers.status, 200);
  assert.match(String(headers['content-type']), /text\/event-stream/);
  for (const [k, v] of Object.entries(BASE)) assert.equal(headers[k], v, `stream: ${k}`);
});
