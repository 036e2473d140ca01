// Fast and Dirty over REST: GET /v1/games/:id/choices offers the optional order field `with`
// (checklist #86, a Mechanized squad's transport) once the activation's unit is given.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

async function call(method: 'GET' | 'POST', url: string, o: { token?: string; body?: unknown; status: number }) {
  const r = await s.app.inject({ method, url, headers: o.token ? auth(o.token) : {}, ...(o.body !== undefined ? { payload: o.body as object } : {}) });
  assert.equal(r.statusCode, o.status, `${method} ${url}: ${r.body}`);
  return r.json();
}

test('#86 choices over REST: activating a Mechanized squad offers `with`, its transport', async () => {
  const force = [
    { name: 'Rifles', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 3 }], mechanized: 'Carrier' },
    { name: 'Carrier', vehicle: 'apc', quality: 'regular' },
  ];
  const g = await call('POST', '/v1/games', { body: { ruleset: 'fast-and-dirty', scenario: 'firefight', seats: [{ name: 'A' }, { name: 'B' }], options: { forces: { 0: force, 1: force } } }, status: 201 });
  const tokens = [g.seats[0].token as string, g.seats[1].token as string];
  // The initiative winner goes first; then its activation.
  let game = await call('GET', `/v1/games/${g.id}`, { status: 200 });
  let seat = (game.pending as { seat: number }[])[0].seat;
  const legal = await call('GET', `/v1/games/${g.id}/legal-actions`, { token: tokens[seat], status: 200 });
  const d = legal.decisions[0];
  assert.equal(d.actions[0].type, 'initiative');
  await call('POST', `/v1/games/${g.id}/actions`, { token: tokens[seat], body: { decision: d.decision, action: { type: 'initiative', first: true } }, status: 200 });
  game = await call('GET', `/v1/games/${g.id}`, { status: 200 });
  seat = (game.pending as { seat: number }[])[0].seat;
  const [squadId, carrier] = seat === 0 ? ['A1', 'A2'] : ['B1', 'B2'];
  let partial: Record<string, unknown> = { type: 'activate', unit: squadId };
  const offered: Record<string, unknown[]> = {};
  for (let i = 0; i < 4; i++) {
    const ch = await call('GET', `/v1/games/${g.id}/choices?partial=${encodeURIComponent(JSON.stringify(partial))}`, { token: tokens[seat], status: 200 });
    const c = ch.choice as { done?: boolean; optional?: { field: string; oneOf: { value: unknown }[] } };
    assert.equal(c.done, true, JSON.stringify(c));
    if (!c.optional) break;
    offered[c.optional.field] = c.optional.oneOf.map((x) => x.value);
    partial = { ...partial, [c.optional.field]: c.optional.oneOf[0].value };
  }
  assert.deepEqual(offered.with, [carrier]);
});
