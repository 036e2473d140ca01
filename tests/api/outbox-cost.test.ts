// Games without webhooks pay nothing for them: webhook outbox rows are written only when the
// game has a webhook at commit time (checked inside the append statement).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import '../../src/features.js';
import { webhookSettings } from '../../src/service/async/webhooks.js';
import type { OpenedStore } from '../../src/store/db.js';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => {
  webhookSettings.allowPrivate = true; // the webhook below points at 127.0.0.1
  s = await startServer();
});
after(async () => {
  await s.close();
});

async function webhookRows(gameId: string): Promise<number> {
  const prisma = (s.rt.store as OpenedStore).prisma;
  return prisma.outbox.count({ where: { gameId, kind: 'webhook' } });
}

async function playRound(g: { id: string; seats: { token: string }[] }) {
  for (const seat of [0, 1]) {
    const v = (await s.app.inject({ url: `/v1/games/${g.id}`, headers: auth(g.seats[seat].token) })).json();
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[seat].token), payload: { action: { type: 'bid', card: v.view.seats[seat].hand[0] } } });
    assert.equal(r.statusCode, 200, r.body);
  }
}

test('no webhook: no webhook outbox rows; after one is added: rows for each commit', async () => {
  const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] } })).json();
  await playRound(g);
  assert.equal(await webhookRows(g.id), 0);
  const hook = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/webhooks`, headers: auth(g.seats[0].token), payload: { url: 'http://127.0.0.1:9/hook', events: ['action'] } });
  assert.equal(hook.statusCode, 201, hook.body);
  const chooser = (await s.app.inject(`/v1/games/${g.id}`)).json().view.chooser as number;
  const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[chooser].token), payload: { action: { type: 'pass' } } });
  assert.equal(r.statusCode, 200, r.body);
  assert.ok((await webhookRows(g.id)) > 0);
});

test('a deadline not yet due is cancelled (its outbox row deleted) by the commit that answers its decision', async () => {
  const created = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }], deadlines: { turnSeconds: 3600, sealedSeconds: 3600 } } });
  assert.equal(created.statusCode, 201, created.body);
  const g = created.json();
  const prisma = (s.rt.store as OpenedStore).prisma;
  const pending = async () => (await prisma.outbox.findMany({ where: { gameId: g.id, kind: 'deadline', status: 'pending' } })).map((r) => r.dedupKey);
  const before = await pending();
  assert.equal(before.length, 1, 'one deadline closes the sealed bid group');
  await playRound(g);
  const after = await pending();
  assert.ok(!after.includes(before[0]), 'the bid deadline is gone');
  const v = (await s.app.inject(`/v1/games/${g.id}`)).json();
  assert.deepEqual(after, [v.pending[0].id], 'only the new decision has a deadline');
});
