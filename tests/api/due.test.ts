// Deadlines are visible (issue #15): with a deadline policy each pending blocking decision
// carries dueAt (opened + its class's limit) and, with a time bank, the seat's bank left;
// without a policy, neither.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

type Dec = { seat: number; kind: string; dueAt?: string; bankSeconds?: number };

test('pending decisions carry dueAt and the bank left when the game has deadlines', async () => {
  const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: {
    ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }], deadlines: { turnSeconds: 3600, sealedSeconds: 600, bankSeconds: 120 },
  } })).json();
  const v = (await s.app.inject({ url: `/v1/games/${g.id}` })).json();
  const bids = v.pending as Dec[];
  assert.equal(bids.length, 2);
  for (const d of bids) {
    assert.ok(d.dueAt, 'a sealed bid has a due time');
    const ms = Date.parse(d.dueAt!) - Date.parse(v.createdAt);
    assert.ok(ms >= 600_000 && ms < 660_000, `sealedSeconds 600 after the game began (${ms} ms)`);
    assert.equal(d.bankSeconds, undefined, 'a sealed group uses no bank');
  }
  for (const seat of [0, 1]) {
    const l = (await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.seats[seat].token) })).json();
    await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[seat].token), payload: { action: l.decisions[0].actions[0] } });
  }
  const after1 = (await s.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[0].token) })).json();
  const choose = (after1.pending as Dec[]).find((d) => d.kind === 'choose');
  assert.ok(choose, 'the bid loser chooses next (a turn decision)');
  const ms = Date.parse(choose!.dueAt!) - Date.parse(after1.updatedAt);
  assert.ok(ms > 3_500_000 && ms <= 3_600_000, `turnSeconds 3600 after the bids closed (${ms} ms)`);
  assert.equal(choose!.bankSeconds, 120, 'nothing of the bank used yet');
});

test('a game without deadlines shows none', async () => {
  const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }] } })).json();
  const v = (await s.app.inject({ url: `/v1/games/${g.id}` })).json();
  for (const d of v.pending as Dec[]) assert.equal(d.dueAt, undefined);
});
