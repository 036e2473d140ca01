// Deadlines with 1-second limits: a passed deadline applies the ruleset's default (or a bot's
// move), a move that arrives first makes it do nothing, a sealed group is closed with the
// held commits plus defaults, and a time bank extends a seat's limit once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bankUsedMs } from '../../src/service/async/deadlines.js';
import { create, game, log, sleep, startAsync, submit, until, type AsyncServer } from './helpers.js';

let s: AsyncServer;
before(async () => {
  s = await startAsync();
});
after(async () => {
  await s.close();
});

const duel = (deadlines: Record<string, unknown>) => create(s, { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bob' }], deadlines });

async function hand(id: string, token: string, seat: number): Promise<number[]> {
  return (await game(s, id, token)).view.seats[seat].hand;
}

test('a sealed group deadline closes the group with defaults for the missing commits', async () => {
  const g = await duel({ sealedSeconds: 1 });
  const t0 = Date.now();
  const h0 = await hand(g.id, g.seats[0].token!, 0);
  const h1 = await hand(g.id, g.seats[1].token!, 1);
  const mine = h0[h0.length - 1]; // seat 0 commits its highest card; seat 1 stays silent
  const r = await submit(s, g.id, g.seats[0].token!, { action: { type: 'bid', card: mine } });
  assert.equal(r.statusCode, 200, r.body);
  await until(async () => (await game(s, g.id)).version >= 1);
  assert.ok(Date.now() - t0 >= 900, 'not before the deadline');
  const l = await log(s, g.id);
  assert.equal(l.entries[0].kind, 'sealed');
  const revealed = l.entries[0].events.find((e) => e.type === 'bids_revealed')!.data.bids;
  assert.deepEqual(revealed, [mine, Math.min(...h1)], 'the held commit kept, the missing one defaulted (lowest card)');
});

test('a turn deadline applies the default action', async () => {
  const g = await duel({ sealedSeconds: 30, turnSeconds: 1 });
  for (const seat of [0, 1]) {
    const h = await hand(g.id, g.seats[seat].token!, seat);
    assert.equal((await submit(s, g.id, g.seats[seat].token!, { action: { type: 'bid', card: h[0] } })).statusCode, 200);
  }
  assert.equal((await game(s, g.id)).version, 1);
  const t0 = Date.now();
  await until(async () => (await game(s, g.id)).version >= 2);
  assert.ok(Date.now() - t0 >= 800);
  const l = await log(s, g.id);
  assert.equal(l.entries[1].kind, 'default');
  assert.equal(l.entries[1].events[0].type, 'passed'); // duel's default: pass
});

test('a move that arrives first cancels the deadline: the stale job does nothing', async () => {
  const g = await duel({ turnSeconds: 1, sealedSeconds: 1 });
  for (const seat of [0, 1]) {
    const h = await hand(g.id, g.seats[seat].token!, seat);
    assert.equal((await submit(s, g.id, g.seats[seat].token!, { action: { type: 'bid', card: h[0] } })).statusCode, 200);
  }
  const st = await game(s, g.id);
  const chooser = st.view.chooser as number;
  const r = await submit(s, g.id, g.seats[chooser].token!, { expectedVersion: 1, action: { type: 'draw' } });
  assert.equal(r.statusCode, 200, r.body);
  // Then answer the next bids too, before their deadline.
  for (const seat of [0, 1]) {
    const h = await hand(g.id, g.seats[seat].token!, seat);
    assert.equal((await submit(s, g.id, g.seats[seat].token!, { action: { type: 'bid', card: h[0] } })).statusCode, 200);
  }
  const v = (await game(s, g.id)).version;
  assert.equal(v, 3);
  await sleep(1700); // the first two deadlines have passed: their jobs found nothing to do
  const l = await log(s, g.id);
  assert.deepEqual(l.entries.slice(0, 3).map((e) => e.kind), ['sealed', 'answer', 'sealed']);
  // The third decision (a turn opened at version 3) does get its default in time.
  await until(async () => (await game(s, g.id)).version >= 4, 20_000); // generous: a loaded machine runs the job late, never early
  assert.equal((await log(s, g.id)).entries[3].kind, 'default');
});

test("onTimeout 'bot' hands the timed-out decision to a bot that moves for the seat", async () => {
  const g = await duel({ sealedSeconds: 60, turnSeconds: 1, onTimeout: 'bot', botLevel: 'random' });
  for (const seat of [0, 1]) {
    const h = await hand(g.id, g.seats[seat].token!, seat);
    await submit(s, g.id, g.seats[seat].token!, { action: { type: 'bid', card: h[0] } });
  }
  const chooser = (await game(s, g.id)).view.chooser as number;
  await until(async () => (await game(s, g.id)).version >= 2);
  const e = (await log(s, g.id)).entries[1];
  assert.equal(e.kind, 'answer');
  assert.equal(e.seat, chooser, 'the bot answered as the seat');
});

test('a time bank extends the limit once, and its use is derived from the log', async () => {
  const g = await duel({ sealedSeconds: 60, turnSeconds: 1, bankSeconds: 1 });
  for (const seat of [0, 1]) {
    const h = await hand(g.id, g.seats[seat].token!, seat);
    await submit(s, g.id, g.seats[seat].token!, { action: { type: 'bid', card: h[0] } });
  }
  const chooser = (await game(s, g.id)).view.chooser as number;
  const t0 = Date.now();
  await until(async () => (await game(s, g.id)).version >= 2, 10_000);
  const took = Date.now() - t0;
  assert.ok(took >= 1800, `the default waited for the bank too (${took} ms)`);
  assert.equal((await log(s, g.id)).entries[1].kind, 'default');
  const used = await bankUsedMs(s.worker, g.id, chooser);
  assert.ok(used >= 900 && used <= 2500, `bank used ${used} ms`);
  assert.equal(await bankUsedMs(s.worker, g.id, 1 - chooser), 0);
});

test('a move during the bank phase removes the bank job (queue.remove); the bank used is the overtime taken', async () => {
  const g = await duel({ sealedSeconds: 60, turnSeconds: 1, bankSeconds: 3 });
  for (const seat of [0, 1]) {
    const h = await hand(g.id, g.seats[seat].token!, seat);
    await submit(s, g.id, g.seats[seat].token!, { action: { type: 'bid', card: h[0] } });
  }
  const chooser = (await game(s, g.id)).view.chooser as number;
  const removed: string[] = [];
  const q = s.worker.queue;
  const remove = q.remove.bind(q);
  q.remove = async (id: string) => {
    removed.push(id);
    return remove(id);
  };
  await sleep(1600); // past the limit: now in the bank
  const r = await submit(s, g.id, g.seats[chooser].token!, { expectedVersion: 1, action: { type: 'pass' } });
  assert.equal(r.statusCode, 200, r.body);
  await until(async () => removed.some((x) => x.endsWith('_bank')), 15_000);
  q.remove = remove;
  const used = await bankUsedMs(s.worker, g.id, chooser);
  assert.ok(used >= 400 && used <= 1500, `bank used ${used} ms`);
  const l = await log(s, g.id);
  assert.deepEqual(l.entries.slice(0, 2).map((e) => e.kind), ['sealed', 'answer']);
});
