// A held sealed commit is visible to the seat that made it, and to no one else (issue #15):
// its pending decision says `committed` with the held action, legal actions say so, the
// commit's answer says the seat waits on the others, and a second commit says it replaced the
// first. The test game's bid is a sealed group of both seats (tests/support/duel.ts).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

type Dec = { id: string; seat: number; committed?: boolean; held?: unknown };
const game = async (id: string, token?: string) => (await s.app.inject({ url: `/v1/games/${id}`, headers: token ? auth(token) : {} })).json() as { pending: Dec[]; view: { seats: { hand?: number[] }[] } };
const bid = (id: string, token: string, card: number) => s.app.inject({ method: 'POST', url: `/v1/games/${id}/actions`, headers: auth(token), payload: { action: { type: 'bid', card } } });

test('the committing seat sees its held bid; the other seat and spectators see nothing of it', async () => {
  const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }] } })).json();
  const [t0, t1] = [g.seats[0].token as string, g.seats[1].token as string];
  const hand = (await game(g.id, t0)).view.seats[0].hand!;
  assert.ok(hand.length >= 2);

  const first = await bid(g.id, t0, hand[0]);
  assert.equal(first.statusCode, 200, first.body);
  const a = first.json();
  assert.deepEqual({ held: a.sealed.held, closed: a.sealed.closed, replaced: a.sealed.replaced }, { held: true, closed: false, replaced: false });
  assert.equal(a.toAct.waitingOnOthers, true, 'the answer says the seat is waiting on the others');

  const own = (await game(g.id, t0)).pending.find((d) => d.seat === 0)!;
  assert.equal(own.committed, true);
  assert.deepEqual(own.held, { type: 'bid', card: hand[0] });
  const legal = (await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(t0) })).json();
  assert.equal(legal.decisions[0].committed, true);
  assert.deepEqual(legal.decisions[0].held, { type: 'bid', card: hand[0] });

  for (const viewer of [t1, undefined]) {
    const other = await game(g.id, viewer);
    const seat0 = other.pending.find((d) => d.seat === 0)!;
    assert.equal(seat0.committed, undefined, 'no other viewer learns that seat 0 committed');
    assert.equal(seat0.held, undefined);
    if (viewer) assert.equal(other.pending.find((d) => d.seat === 1)!.committed, false, 'seat 1 sees its own decision uncommitted');
  }

  const second = (await bid(g.id, t0, hand[1])).json();
  assert.equal(second.sealed.replaced, true, 'a second commit says it replaced the first');
  assert.deepEqual((await game(g.id, t0)).pending.find((d) => d.seat === 0)!.held, { type: 'bid', card: hand[1] });

  const hand1 = (await game(g.id, t1)).view.seats[1].hand!;
  const close = (await bid(g.id, t1, hand1[0])).json();
  assert.equal(close.sealed.closed, true);
  assert.equal(close.toAct.waitingOnOthers, undefined);
  const log = (await s.app.inject({ url: `/v1/games/${g.id}/actions?after=0`, headers: auth(t0) })).json();
  const entry = log.entries.find((e: { kind: string }) => e.kind === 'sealed');
  assert.ok(entry, 'the group closed with one sealed entry');
});
