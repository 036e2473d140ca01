// Standing orders: private per-seat reflexes answered by the service after each commit.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => {
  await s.close();
});

async function game(ruleset = 'duel', scenario?: string) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset, scenario, seats: [{ name: 'A' }, { name: 'B' }] } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; seats: { token: string }[] };
}
const put = (id: string, token: string, orders: unknown) => s.app.inject({ method: 'PUT', url: `/v1/games/${id}/orders`, headers: auth(token), payload: { orders } });

test('a generic "default" order answers the covered decision right after the commit that opens it', async () => {
  const g = await game();
  for (const seat of [0, 1]) {
    const r = await put(g.id, g.seats[seat].token, [{ id: 'auto-choose', match: { kind: 'choose' }, rule: { do: 'default' } }]);
    assert.equal(r.statusCode, 200, r.body);
  }
  let last;
  for (const seat of [0, 1]) {
    const v = (await s.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[seat].token) })).json();
    last = (await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[seat].token), payload: { action: { type: 'bid', card: v.view.seats[seat].hand[0] } } })).json();
  }
  const v = (await s.app.inject(`/v1/games/${g.id}`)).json();
  assert.equal(v.version, 2, 'the bid reveal, then the chooser\'s default pass');
  assert.equal(last.version, 1, 'the bid\'s own version');
  assert.deepEqual(last.toAct, { version: 2, status: v.status, seats: [...new Set(v.pending.map((d: { seat: number }) => d.seat))] },
    'toAct is read after the orders ran: the game waits for whoever the next bid asks');
  const log = (await s.app.inject(`/v1/games/${g.id}/actions?after=1`)).json();
  assert.equal(log.entries[0].events[0].type, 'passed');
  if (v.status === 'active') assert.equal(v.pending[0].kind, 'bid');
});

test('orders on both sealed bids play the whole game by themselves once set', async () => {
  const g = await game();
  const orders = [{ id: 'bid', match: { kind: 'bid' }, rule: { do: 'default' } }, { id: 'choose', match: { kind: 'choose' }, rule: { do: 'default' } }];
  const first = await put(g.id, g.seats[0].token, orders);
  assert.equal(first.json().applied, 0, 'a held sealed commit moves no version');
  const second = await put(g.id, g.seats[1].token, orders);
  assert.ok(second.json().applied > 0);
  const v = (await s.app.inject(`/v1/games/${g.id}`)).json();
  assert.equal(v.status, 'finished');
  const verify = (await s.app.inject(`/v1/games/${g.id}/verify`)).json();
  assert.equal(verify.ok, true);
});

test('orders are private: only the seat reads its own; a spectator gets 401', async () => {
  const g = await game();
  await put(g.id, g.seats[0].token, [{ id: 'x', match: { kind: 'choose' }, rule: { do: 'default' } }]);
  const mine = (await s.app.inject({ url: `/v1/games/${g.id}/orders`, headers: auth(g.seats[0].token) })).json();
  assert.equal(mine.orders[0].id, 'x');
  const theirs = (await s.app.inject({ url: `/v1/games/${g.id}/orders`, headers: auth(g.seats[1].token) })).json();
  assert.deepEqual(theirs.orders, []);
  assert.equal((await s.app.inject(`/v1/games/${g.id}/orders`)).statusCode, 401);
  assert.ok(!JSON.stringify((await s.app.inject(`/v1/games/${g.id}`)).json()).includes('"x"'));
});

test('bad orders are refused with a code: malformed 400, a rule the ruleset has no schema for 422', async () => {
  const g = await game();
  const bad = await put(g.id, g.seats[0].token, [{ id: 'a', match: 'everything', rule: {} }]);
  assert.equal(bad.statusCode, 400);
  const dup = await put(g.id, g.seats[0].token, [{ id: 'a', match: {}, rule: { do: 'default' } }, { id: 'a', match: {}, rule: { do: 'default' } }]);
  assert.equal(dup.statusCode, 400);
  assert.equal(dup.json().error.code, 'invalid_orders');
  const custom = await put(g.id, g.seats[0].token, [{ id: 'a', match: {}, rule: { respond: 'counterFire' } }]);
  assert.equal(custom.statusCode, 422);
  assert.equal(custom.json().error.code, 'orders_unsupported');
});

test('Abaddon: a ruleset order (counter-fire, else AMM, else shield) answers response windows; its schema is enforced', async () => {
  const g = await game('abaddon', 'm1');
  const bad = await put(g.id, g.seats[0].token, [{ id: 'r', match: { kind: 'respond' }, rule: { respond: 'sometimes' } }]);
  assert.equal(bad.statusCode, 400);
  for (const seat of [0, 1]) {
    const r = await put(g.id, g.seats[seat].token, [
      { id: 'r', match: { kind: 'respond' }, rule: { respond: 'counterFireElseAmm' } },
      { id: 'w', match: { kind: 'ammWindow' }, rule: { amm: 'always' } },
    ]);
    assert.equal(r.statusCode, 200, r.body);
  }
  // Play random legal moves (attacks first); no response or AMM window may ever wait for a
  // human. The seed is random: play until an order has answered a response window.
  const responded = async () => ((await s.app.inject(`/v1/games/${g.id}/actions?after=0&limit=1000`)).json().entries as { decision: string | null }[])
    .some((e) => e.decision?.endsWith('.respond'));
  for (let i = 0; i < 600; i++) {
    if (i % 50 === 49 && (await responded())) break;
    const v = (await s.app.inject(`/v1/games/${g.id}`)).json();
    if (v.status !== 'active') break;
    assert.ok(v.pending.every((d: { kind: string }) => d.kind !== 'respond' && d.kind !== 'ammWindow'), 'covered windows are answered by orders');
    const d = v.pending[0];
    const legal = (await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.seats[d.seat].token) })).json();
    const dec = legal.decisions[0];
    const attack = dec.actions.find((a: { type: string }) => a.type === 'attack');
    const action = attack ?? dec.actions[(i * 7) % dec.actions.length];
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[d.seat].token), payload: { decision: dec.decision, action } });
    assert.equal(r.statusCode, 200, r.body);
  }
  assert.ok(await responded(), 'a response window was reached and answered by an order');
});
