// The Store contract, run against every backend (PGlite, Postgres) and SQL path (driver,
// Prisma). Game ids are random, so the suite can share a database with other suites/runs.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type {
  ActionRecord,
  AppendOutcome,
  AppendPlan,
  GameRecord,
  OutboxItem,
  SealedCommitRecord,
  SeatRecord,
  Store,
} from '../../src/store/types.js';

let listSeq = 0;
export const uid = (p = 'g') => `${p}-${randomUUID()}`;

export function gameRec(over: Partial<GameRecord> = {}): GameRecord {
  const now = new Date();
  return {
    id: uid(),
    ruleset: 'test-rules',
    rulesetVersion: '1',
    scenario: 'skirmish',
    // Key order on purpose: it must survive the round trip (hash chains stringify objects).
    options: { zeta: 1, alpha: { b: 2, a: [1, 'x', null] } },
    seed: 'secret-seed',
    seedHash: 'seed-hash',
    status: 'active',
    version: 0,
    result: null,
    policy: { turn: { seconds: 60 } },
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}

export const seatsRec = (): SeatRecord[] => [
  { index: 0, name: 'Alice', kind: 'human', aiLevel: null, tokenHash: 'tok0' },
  { index: 1, name: 'Bot', kind: 'ai', aiLevel: 'mcts', tokenHash: null },
];

export const setupRec = (): ActionRecord => ({
  seq: 0, seat: null, entry: { kind: 'setup', z: 1, a: 2 }, events: [{ type: 'Setup', to: 'all', data: {} }],
  hash: 'h0', idempotencyKey: null, response: null,
});

export function planAt(seq: number, over: Partial<ActionRecord> = {}, extra: Partial<AppendPlan> = {}): AppendPlan {
  return {
    action: {
      seq, seat: 0,
      entry: { kind: 'answer', seat: 0, decision: `${seq - 1}.0.turn`, action: { type: 'move', to: [seq, 2] } },
      events: [{ type: 'Moved', to: 'all', data: { seq } }],
      hash: `h${seq}`, idempotencyKey: null, response: { version: seq }, ...over,
    },
    status: 'active', result: null, outbox: [], ...extra,
  };
}

export async function newGame(store: Store, over: Partial<GameRecord> = {}, outbox: OutboxItem[] = []): Promise<GameRecord> {
  const g = gameRec(over);
  await store.createGame(g, seatsRec(), setupRec(), outbox);
  return g;
}

/** Appends n plain actions after the current version; returns the new version. */
async function advance(store: Store, gameId: string, from: number, n: number): Promise<number> {
  let v = from;
  for (let i = 0; i < n; i++) {
    const r = await store.append(gameId, v, planAt(v + 1));
    assert.deepEqual(okOnly(r), { ok: true });
    v++;
  }
  return v;
}

/** An ok outcome without its outbox count (asserted where it matters). */
const okOnly = (r: AppendOutcome): unknown => (r.ok ? { ok: true } : r);

const mine = <T extends { gameId: string }>(rows: T[], gameId: string) => rows.filter((r) => r.gameId === gameId);

export function storeContract(name: string, open: () => Promise<Store>, opts: { closeAfter?: boolean } = {}): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    before(async () => { store = await open(); });
    after(async () => { if (opts.closeAfter !== false) await store?.close(); });

    it('creates and reads a game with its seats and setup entry', async () => {
      const g = await newGame(store);
      const got = await store.getGame(g.id);
      assert.ok(got);
      assert.equal(got.game.id, g.id);
      assert.equal(got.game.version, 0);
      assert.equal(got.game.status, 'active');
      assert.equal(got.game.seed, 'secret-seed');
      assert.equal(JSON.stringify(got.game.options), JSON.stringify(g.options), 'JSON key order kept');
      assert.deepEqual(got.game.policy, g.policy);
      assert.equal(got.game.result, null);
      assert.ok(got.game.createdAt instanceof Date && got.game.updatedAt instanceof Date);
      assert.equal(got.game.createdAt.getTime(), g.createdAt.getTime());
      assert.deepEqual(got.seats, seatsRec());
      const log = await store.loadLog(g.id, '1');
      assert.equal(log.snapshot, null);
      assert.equal(log.actions.length, 1);
      assert.equal(log.actions[0].seq, 0);
      assert.equal(JSON.stringify(log.actions[0].entry), JSON.stringify(setupRec().entry));
      assert.ok(log.actions[0].createdAt instanceof Date);
      assert.equal(await store.getGame(uid()), null);
    });

    it('refuses a second game with the same id', async () => {
      const g = await newGame(store);
      await assert.rejects(store.createGame(g, seatsRec(), setupRec(), []));
    });

    it('lists games newest first, by status, with limit/offset', async () => {
      // Far in the future and later than any earlier run: these games sort first.
      const base = Date.UTC(2999, 0, 1) + Date.now() * 2 + (listSeq++) * 10_000;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const at = new Date(base + i * 1000);
        const g = await newGame(store, { createdAt: at, updatedAt: at, status: i === 1 ? 'finished' : 'active' });
        ids.push(g.id);
      }
      const top = await store.listGames({ limit: 3, offset: 0 });
      assert.deepEqual(top.map((g) => g.id), [ids[2], ids[1], ids[0]]);
      assert.deepEqual((await store.listGames({ limit: 1, offset: 1 })).map((g) => g.id), [ids[1]]);
      const fin = await store.listGames({ status: 'finished', limit: 1, offset: 0 });
      assert.deepEqual(fin.map((g) => g.id), [ids[1]]);
      const act = await store.listGames({ status: 'active', limit: 2, offset: 0 });
      assert.deepEqual(act.map((g) => g.id), [ids[2], ids[0]]);
      // After a position (cursor paging): the games listed after it, the same order.
      const after = await store.listGames({ limit: 2, offset: 0, after: { createdAt: top[0].createdAt, id: top[0].id } });
      assert.deepEqual(after.map((g) => g.id), [ids[1], ids[0]]);
      assert.deepEqual((await store.listGames({ status: 'active', limit: 5, offset: 0, after: { createdAt: top[0].createdAt, id: top[0].id } })).map((g) => g.id).slice(0, 1), [ids[0]]);
      // A tie on the time: by id.
      const tie = new Date(base + 5000);
      const [x, y] = [await newGame(store, { createdAt: tie, updatedAt: tie }), await newGame(store, { createdAt: tie, updatedAt: tie })];
      const [lo, hi] = x.id < y.id ? [x.id, y.id] : [y.id, x.id];
      assert.deepEqual((await store.listGames({ limit: 2, offset: 0 })).map((g) => g.id), [lo, hi]);
      assert.deepEqual((await store.listGames({ limit: 1, offset: 0, after: { createdAt: tie, id: lo } })).map((g) => g.id), [hi]);
      const all = await store.countGames({});
      assert.ok(all >= 5);
      assert.equal(await store.countGames({ status: 'active' }) + await store.countGames({ status: 'finished' }), all);
    });

    it('claims an open seat once', async () => {
      const g = await newGame(store);
      assert.equal(await store.claimSeat(g.id, 1, 'tok1', 'Bob'), true);
      assert.equal(await store.claimSeat(g.id, 1, 'tok2'), false);
      assert.equal(await store.claimSeat(g.id, 0, 'tok3'), false, 'seat 0 has a token');
      assert.equal(await store.claimSeat(g.id, 7, 'tok3'), false, 'no such seat');
      const got = await store.getGame(g.id);
      assert.deepEqual(got!.seats[1], { index: 1, name: 'Bob', kind: 'ai', aiLevel: 'mcts', tokenHash: 'tok1' });
    });

    it('appends and moves the version, status and result', async () => {
      const g = await newGame(store);
      assert.deepEqual(okOnly(await store.append(g.id, 0, planAt(1))), { ok: true });
      let got = await store.getGame(g.id);
      assert.equal(got!.game.version, 1);
      assert.ok(got!.game.updatedAt.getTime() >= g.updatedAt.getTime());
      assert.deepEqual(okOnly(await store.append(g.id, 1, planAt(2, {}, { status: 'finished', result: { winner: [0], z: 1, a: 0 } }))), { ok: true });
      got = await store.getGame(g.id);
      assert.equal(got!.game.version, 2);
      assert.equal(got!.game.status, 'finished');
      assert.equal(JSON.stringify(got!.game.result), JSON.stringify({ winner: [0], z: 1, a: 0 }));
      const acts = await store.actionsAfter(g.id, 0, 10);
      assert.deepEqual(acts.map((a) => a.seq), [1, 2]);
      assert.equal(JSON.stringify(acts[0].entry), JSON.stringify(planAt(1).action.entry));
      assert.deepEqual(acts[0].response, { version: 1 });
      assert.equal(acts[0].seat, 0);
      assert.equal(acts[1].hash, 'h2');
    });

    it('reports stale versions as conflicts and unknown games as not_found', async () => {
      const g = await newGame(store);
      await advance(store, g.id, 0, 2);
      assert.deepEqual(await store.append(g.id, 1, planAt(2)), { ok: false, reason: 'conflict', version: 2 });
      assert.deepEqual(await store.append(g.id, 5, planAt(6)), { ok: false, reason: 'conflict', version: 2 });
      assert.deepEqual(await store.append(uid(), 0, planAt(1)), { ok: false, reason: 'not_found' });
    });

    it('lets exactly one of 10 concurrent appends at one version win', async () => {
      const g = await newGame(store);
      await advance(store, g.id, 0, 3);
      const outs = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          store.append(g.id, 3, planAt(4, { idempotencyKey: `race-${i}`, hash: `race-${i}` }, {
            outbox: [{ kind: 'notify', payload: { i } }],
          }))),
      );
      const wins = outs.filter((o) => o.ok);
      assert.equal(wins.length, 1);
      for (const o of outs.filter((x) => !x.ok)) assert.deepEqual(o, { ok: false, reason: 'conflict', version: 4 });
      const acts = await store.actionsAfter(g.id, 3, 100);
      assert.equal(acts.length, 1);
      const winner = outs.findIndex((o) => o.ok);
      assert.equal(acts[0].idempotencyKey, `race-${winner}`);
      assert.equal((await store.getGame(g.id))!.game.version, 4);
      const ob = mine(await store.claimOutbox(10_000, new Date(Date.now() + 1000)), g.id);
      assert.equal(ob.length, 1, 'only the winner wrote its outbox row');
      assert.deepEqual(ob[0].payload, { i: winner });
    });

    it('answers a reused idempotency key with the stored action and writes nothing', async () => {
      const g = await newGame(store);
      const first = planAt(1, { idempotencyKey: 'key-1', response: { answer: 42 } }, { outbox: [{ kind: 'notify', payload: 1 }] });
      assert.deepEqual(okOnly(await store.append(g.id, 0, first)), { ok: true });
      // Retry at the (now stale) version and at the current one: both are duplicates.
      for (const v of [0, 1]) {
        const r = await store.append(g.id, v, planAt(v + 1, { idempotencyKey: 'key-1', hash: 'other' }, { outbox: [{ kind: 'notify', payload: 2 }] }));
        assert.equal(r.ok, false);
        assert.ok(!r.ok && r.reason === 'duplicate');
        if (!r.ok && r.reason === 'duplicate') {
          assert.equal(r.action.seq, 1);
          assert.equal(r.action.hash, 'h1');
          assert.deepEqual(r.action.response, { answer: 42 });
          assert.ok(r.action.createdAt instanceof Date);
        }
      }
      assert.equal((await store.getGame(g.id))!.game.version, 1);
      assert.equal((await store.actionsAfter(g.id, 0, 10)).length, 1);
      const ob = mine(await store.claimOutbox(10_000, new Date(Date.now() + 1000)), g.id);
      assert.deepEqual(ob.map((o) => o.payload), [1]);
      const found = await store.findByIdempotencyKey(g.id, 'key-1');
      assert.equal(found?.seq, 1);
      assert.equal(await store.findByIdempotencyKey(g.id, 'nope'), null);
      // Keys are per game.
      const g2 = await newGame(store);
      assert.deepEqual(okOnly(await store.append(g2.id, 0, planAt(1, { idempotencyKey: 'key-1' }))), { ok: true });
    });

    it('never half-writes: a failing statement leaves nothing behind', async () => {
      const g = await newGame(store);
      const bad = planAt(1, { hash: null as unknown as string }, { outbox: [{ kind: 'notify', payload: 'x' }] });
      await assert.rejects(store.append(g.id, 0, bad));
      assert.equal((await store.getGame(g.id))!.game.version, 0);
      assert.equal((await store.actionsAfter(g.id, 0, 10)).length, 0);
      assert.equal(mine(await store.claimOutbox(10_000, new Date(Date.now() + 1000)), g.id).length, 0);
      assert.deepEqual(okOnly(await store.append(g.id, 0, planAt(1))), { ok: true });
    });

    it('rejects an action whose seq is not expectedVersion + 1', async () => {
      const g = await newGame(store);
      await assert.rejects(store.append(g.id, 0, planAt(2)));
    });

    it('loads the log from the newest usable snapshot', async () => {
      const g = await newGame(store);
      await advance(store, g.id, 0, 1);
      const snapState = { turn: 2, units: { z: 1, a: 2 } };
      assert.deepEqual(okOnly(await store.append(g.id, 1, planAt(2, {}, { snapshot: { seq: 2, rulesetVersion: '1', state: snapState, hash: 'h2' } }))), { ok: true });
      await advance(store, g.id, 2, 1);
      // A snapshot of another ruleset version must be ignored by version-1 readers.
      assert.deepEqual(okOnly(await store.append(g.id, 3, planAt(4, {}, { snapshot: { seq: 4, rulesetVersion: '2', state: { other: true }, hash: 'h4' } }))), { ok: true });
      await advance(store, g.id, 4, 2);

      const all = await store.loadLog(g.id, '1');
      assert.equal(all.snapshot?.seq, 2);
      assert.equal(all.snapshot?.rulesetVersion, '1');
      assert.equal(JSON.stringify(all.snapshot?.state), JSON.stringify(snapState));
      assert.equal(all.snapshot?.hash, 'h2');
      assert.deepEqual(all.actions.map((a) => a.seq), [3, 4, 5, 6]);
      assert.ok(all.actions.every((a) => a.createdAt instanceof Date));

      const v2 = await store.loadLog(g.id, '2');
      assert.equal(v2.snapshot?.seq, 4);
      assert.deepEqual(v2.snapshot?.state, { other: true });
      assert.deepEqual(v2.actions.map((a) => a.seq), [5, 6]);

      const none = await store.loadLog(g.id, '3');
      assert.equal(none.snapshot, null);
      assert.deepEqual(none.actions.map((a) => a.seq), [0, 1, 2, 3, 4, 5, 6]);

      const upTo2 = await store.loadLog(g.id, '1', 2);
      assert.equal(upTo2.snapshot?.seq, 2);
      assert.deepEqual(upTo2.actions, []);
      const upTo1 = await store.loadLog(g.id, '1', 1);
      assert.equal(upTo1.snapshot, null);
      assert.deepEqual(upTo1.actions.map((a) => a.seq), [0, 1]);
      const upTo5 = await store.loadLog(g.id, '1', 5);
      assert.deepEqual(upTo5.actions.map((a) => a.seq), [3, 4, 5]);

      assert.deepEqual((await store.actionsAfter(g.id, 2, 2)).map((a) => a.seq), [3, 4]);
      assert.deepEqual((await store.actionsAfter(g.id, 6, 10)), []);
    });

    describe('group commit (concurrent appends of many games)', () => {
      it('writes a burst of appends in batches, each caller getting its own outcome', async () => {
        const batcher = (store as { appends?: { stats: { batches: number; items: number; largest: number } } | null }).appends;
        const before = batcher ? { ...batcher.stats } : null;
        const games = await Promise.all(Array.from({ length: 12 }, () => newGame(store)));
        // Prior state: game 1 is at version 1 with key 'once'; game 2 is at version 2.
        assert.deepEqual(okOnly(await store.append(games[1].id, 0, planAt(1, { idempotencyKey: 'once' }))), { ok: true });
        await advance(store, games[2].id, 0, 2);
        const later = new Date(Date.now() + 3_600_000);
        const snapState = { zeta: 1, alpha: { b: 2, a: 1 } };
        const plans = games.map((g, i) => {
          if (i === 1) return store.append(g.id, 1, planAt(2, { idempotencyKey: 'once', hash: 'again' })); // duplicate key
          if (i === 2) return store.append(g.id, 0, planAt(1)); // stale version
          if (i === 3) return store.append(g.id, 0, planAt(1, { entry: { zeta: 1, alpha: 2 } }, { snapshot: { seq: 1, rulesetVersion: '1', state: snapState, hash: 'h1' } }));
          if (i === 4) return store.append(g.id, 0, planAt(1, {}, { outbox: [{ kind: 'deadline', dedupKey: 'dl:1', payload: { z: 1, a: 2 }, runAt: later }, { kind: 'webhook', requires: 'webhook', dedupKey: 'wh', payload: {} }] }));
          return store.append(g.id, 0, planAt(1, { idempotencyKey: `k-${i}` }));
        });
        // Two appends at the same version of one game inside the same burst: exactly one wins.
        const twin = [store.append(games[5].id, 0, planAt(1, { hash: 'twin' })), ...plans];
        const [twinOut, ...outs] = await Promise.all(twin);
        assert.equal([twinOut, outs[5]].filter((o) => o.ok).length, 1, 'one of the two writes to game 5 wins');
        assert.deepEqual([twinOut, outs[5]].find((o) => !o.ok), { ok: false, reason: 'conflict', version: 1 });
        const dup = outs[1];
        assert.ok(!dup.ok && dup.reason === 'duplicate' && dup.action.seq === 1 && dup.action.hash === 'h1');
        assert.deepEqual(outs[2], { ok: false, reason: 'conflict', version: 2 });
        assert.deepEqual(outs[4], { ok: true, outbox: 1 }, 'the webhook row is skipped: the game has no webhook');
        for (const i of [0, 3, 6, 7, 8, 9, 10, 11]) assert.deepEqual(okOnly(outs[i]), { ok: true }, `game ${i}`);
        for (const i of [0, 3, 4, 5, 6, 7, 8, 9, 10, 11]) assert.equal((await store.getGame(games[i].id))!.game.version, 1, `game ${i} at version 1`);
        assert.equal((await store.getGame(games[1].id))!.game.version, 1, 'the duplicate wrote nothing');
        assert.equal((await store.findByIdempotencyKey(games[7].id, 'k-7'))?.seq, 1);
        const log3 = await store.loadLog(games[3].id, '1');
        assert.equal(JSON.stringify(log3.snapshot?.state), JSON.stringify(snapState), 'snapshot written, key order kept');
        const a3 = await store.actionsAfter(games[3].id, 0, 10);
        assert.equal(JSON.stringify(a3[0].entry), JSON.stringify({ zeta: 1, alpha: 2 }), 'entry key order kept');
        const ob = mine(await store.claimOutbox(10_000, new Date(later.getTime() + 1)), games[4].id);
        assert.deepEqual(ob.map((o) => [o.kind, o.dedupKey, JSON.stringify(o.payload)]), [['deadline', 'dl:1', '{"z":1,"a":2}']]);
        if (batcher && before) assert.ok(batcher.stats.largest > 1 && batcher.stats.items - before.items >= 13, 'appends were batched');
      });

      it('a batch that fails as a whole is retried item by item: only the bad item fails', async () => {
        const games = await Promise.all(Array.from({ length: 4 }, () => newGame(store)));
        const outs = await Promise.allSettled(games.map((g, i) => store.append(g.id, 0, i === 2 ? planAt(1, { hash: null as unknown as string }) : planAt(1))));
        assert.deepEqual(outs.map((o) => o.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
        assert.equal((await store.getGame(games[2].id))!.game.version, 0);
        for (const i of [0, 1, 3]) assert.equal((await store.getGame(games[i].id))!.game.version, 1);
      });
    });

    describe('sealed commits', () => {
      const commit = (seat: number, bid: number, group = 'bid.1'): SealedCommitRecord =>
        ({ group, seat, decision: `1.${seat}.bid`, action: { type: 'bid', card: bid } });
      const closeWhen = (n: number, seq: number) => (cs: SealedCommitRecord[]): AppendPlan | null =>
        cs.length < n ? null : planAt(seq, {
          seat: null,
          entry: { kind: 'sealed', group: cs[0].group, commits: Object.fromEntries(cs.map((c) => [c.seat, c.action])) },
        });

      it('holds, replaces, then closes the group atomically', async () => {
        const g = await newGame(store);
        assert.deepEqual(await store.commitSealed(g.id, 0, commit(0, 3), closeWhen(2, 1)), { ok: true, closed: false, replaced: false });
        assert.deepEqual(await store.commitSealed(g.id, 0, commit(0, 5), closeWhen(2, 1)), { ok: true, closed: false, replaced: true });
        assert.deepEqual(await store.sealedCommits(g.id, 'bid.1'), [commit(0, 5)]);
        assert.equal((await store.getGame(g.id))!.game.version, 0, 'a held commit does not move the version');
        // Another group is independent.
        await store.commitSealed(g.id, 0, commit(1, 9, 'other'), () => null);
        let seen: SealedCommitRecord[] = [];
        const r = await store.commitSealed(g.id, 0, commit(1, 2), (cs) => { seen = cs; return closeWhen(2, 1)(cs); });
        // Seat 1's commit held in another group is not replaced by this one.
        assert.deepEqual(r, { ok: true, closed: true, replaced: false });
        assert.deepEqual(seen, [commit(0, 5), commit(1, 2)]);
        assert.deepEqual(await store.sealedCommits(g.id, 'bid.1'), []);
        assert.deepEqual(await store.sealedCommits(g.id, 'other'), [commit(1, 9, 'other')]);
        const got = await store.getGame(g.id);
        assert.equal(got!.game.version, 1);
        const [a] = await store.actionsAfter(g.id, 0, 10);
        assert.deepEqual(a.entry, { kind: 'sealed', group: 'bid.1', commits: { 0: { type: 'bid', card: 5 }, 1: { type: 'bid', card: 2 } } });
      });

      it('refuses a commit at a stale version and for an unknown game', async () => {
        const g = await newGame(store);
        await advance(store, g.id, 0, 1);
        assert.deepEqual(await store.commitSealed(g.id, 0, commit(0, 1), () => null), { ok: false, reason: 'conflict', version: 1 });
        assert.deepEqual(await store.sealedCommits(g.id, 'bid.1'), []);
        assert.deepEqual(await store.commitSealed(uid(), 0, commit(0, 1), () => null), { ok: false, reason: 'not_found' });
      });

      it('stores nothing when close throws', async () => {
        const g = await newGame(store);
        await assert.rejects(store.commitSealed(g.id, 0, commit(0, 1), () => { throw new Error('boom'); }), /boom/);
        assert.deepEqual(await store.sealedCommits(g.id, 'bid.1'), []);
      });

      it('closes exactly once when the last two seats commit at the same time', async () => {
        for (let round = 0; round < 5; round++) {
          const g = await newGame(store);
          const seen: number[] = [];
          const close = (cs: SealedCommitRecord[]) => { seen.push(cs.length); return closeWhen(2, 1)(cs); };
          const outs = await Promise.all([0, 1].map((s) => store.commitSealed(g.id, 0, commit(s, s + 1), close)));
          assert.deepEqual(outs.map((o) => o.ok && o.closed).sort(), [false, true]);
          assert.deepEqual(seen.sort(), [1, 2]);
          assert.equal((await store.getGame(g.id))!.game.version, 1);
          assert.equal((await store.actionsAfter(g.id, 0, 10)).length, 1);
          assert.deepEqual(await store.sealedCommits(g.id, 'bid.1'), []);
        }
      });

      it('a commit racing an append either lands before it or gets a conflict', async () => {
        const g = await newGame(store);
        const [c, a] = await Promise.all([store.commitSealed(g.id, 0, commit(0, 1), () => null), store.append(g.id, 0, planAt(1))]);
        assert.deepEqual(okOnly(a), { ok: true });
        if (c.ok) assert.deepEqual(await store.sealedCommits(g.id, 'bid.1'), [commit(0, 1)]);
        else assert.deepEqual(c, { ok: false, reason: 'conflict', version: 1 });
      });

      it('append with clearSealed deletes the group in the same transaction', async () => {
        const g = await newGame(store);
        await store.commitSealed(g.id, 0, commit(0, 1), () => null);
        await store.commitSealed(g.id, 0, commit(1, 1, 'keep'), () => null);
        assert.deepEqual(okOnly(await store.append(g.id, 0, planAt(1), 'bid.1')), { ok: true });
        assert.deepEqual(await store.sealedCommits(g.id, 'bid.1'), []);
        assert.equal((await store.sealedCommits(g.id, 'keep')).length, 1);
        // A losing append must not clear anything.
        await store.commitSealed(g.id, 1, commit(0, 2, 'bid.2'), () => null);
        assert.equal((await store.append(g.id, 0, planAt(1), 'bid.2')).ok, false);
        assert.equal((await store.sealedCommits(g.id, 'bid.2')).length, 1);
      });
    });

    describe('outbox', () => {
      it('writes rows with the action, claims due ones, leases, completes and fails', async () => {
        const t0 = new Date();
        const later = new Date(t0.getTime() + 3_600_000);
        const g = await newGame(store, {}, [{ kind: 'ai', dedupKey: 'ai:0', payload: { seat: 1 } }]);
        assert.deepEqual(await store.append(g.id, 0, planAt(1, {}, {
          outbox: [
            { kind: 'deadline', dedupKey: 'dl:1', payload: { d: 1 }, runAt: later },
            { kind: 'webhook', payload: { ev: 'moved' } },
            { kind: 'ai', dedupKey: 'ai:0', payload: { dup: true } }, // deduplicated: ignored
            { kind: 'webhook', requires: 'webhook', dedupKey: 'wh:1', payload: {} }, // the game has no webhook: skipped
          ],
        })), { ok: true, outbox: 2 }, 'the outcome counts the rows really written');

        const c1 = mine(await store.claimOutbox(10_000, new Date(t0.getTime() + 1000)), g.id);
        assert.deepEqual(c1.map((o) => o.kind).sort(), ['ai', 'webhook']);
        const ai = c1.find((o) => o.kind === 'ai')!;
        assert.deepEqual(ai.payload, { seat: 1 });
        assert.equal(ai.dedupKey, 'ai:0');
        assert.equal(ai.gameId, g.id);
        assert.equal(ai.status, 'pending');
        assert.equal(ai.attempts, 1);
        assert.equal(ai.runAt, null);
        assert.equal(ai.lastError, null);
        assert.ok(ai.createdAt instanceof Date);
        assert.equal(typeof ai.id, 'string');

        // Claimed rows are leased: nobody else gets them until the lease runs out.
        assert.equal(mine(await store.claimOutbox(10_000, new Date(t0.getTime() + 2000)), g.id).length, 0);

        const web = c1.find((o) => o.kind === 'webhook')!;
        await store.completeOutbox(ai.id);
        await store.failOutbox(web.id, 'HTTP 500', new Date(t0.getTime() + 10_000));
        // Retry time not reached yet.
        assert.equal(mine(await store.claimOutbox(10_000, new Date(t0.getTime() + 5000)), g.id).length, 0);
        const c2 = mine(await store.claimOutbox(10_000, new Date(t0.getTime() + 11_000)), g.id);
        assert.equal(c2.length, 1);
        assert.equal(c2[0].id, web.id);
        assert.equal(c2[0].lastError, 'HTTP 500');
        assert.equal(c2[0].attempts, 2);
        await store.failOutbox(web.id, 'gave up', null);

        // The deadline becomes due at runAt; a crashed claimer's lease expires.
        const c3 = mine(await store.claimOutbox(10_000, new Date(later.getTime() + 1)), g.id);
        assert.deepEqual(c3.map((o) => o.kind), ['deadline']);
        assert.equal(c3[0].runAt?.getTime(), later.getTime());
        const c4 = mine(await store.claimOutbox(10_000, new Date(later.getTime() + 3_600_000)), g.id);
        assert.deepEqual(c4.map((o) => [o.kind, o.attempts]), [['deadline', 2]], 'lease expired, done/failed rows stay out');
        await store.completeOutbox(c4[0].id);
        assert.equal(mine(await store.claimOutbox(10_000, new Date(later.getTime() + 86_400_000)), g.id).length, 0);
      });

      it('gives concurrent claimers disjoint rows', async () => {
        const g = await newGame(store, {}, Array.from({ length: 20 }, (_, i) => ({ kind: 'notify', payload: { i } })));
        const at = new Date(Date.now() + 1000);
        const claims = await Promise.all([0, 1, 2, 3].map(() => store.claimOutbox(7, at)));
        const ids = claims.flat().map((o) => o.id);
        assert.equal(new Set(ids).size, ids.length, 'no row claimed twice');
        assert.ok(claims.every((c) => c.length <= 7));
        const rest = await store.claimOutbox(10_000, at);
        const minePayloads = [...claims.flat(), ...rest].filter((o) => o.gameId === g.id).map((o) => (o.payload as { i: number }).i);
        assert.deepEqual(minePayloads.sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i));
      });
    });

    it('an append that assumed no webhooks writes nothing once the game has one (alone and in a burst)', async () => {
      const [g, other] = await Promise.all([newGame(store), newGame(store)]);
      assert.equal((await store.getGame(g.id))!.webhooks, false);
      assert.deepEqual(okOnly(await store.append(g.id, 0, planAt(1, {}, { webhooks: false }))), { ok: true }, 'no webhook yet: the belief holds');
      await store.addWebhook({ id: uid('wh'), gameId: g.id, url: 'https://example.test/h', events: [], secret: 's', format: 'json' });
      assert.equal((await store.getGame(g.id))!.webhooks, true);
      const hook = { kind: 'webhook', requires: 'webhook' as const, dedupKey: '2.action', payload: { event: 'action' } };
      // In a burst with another game's append (the group commit's statement) and alone.
      const [stale, fine] = await Promise.all([
        store.append(g.id, 1, planAt(2, {}, { webhooks: false })),
        store.append(other.id, 0, planAt(1, {}, { webhooks: false })),
      ]);
      assert.deepEqual(stale, { ok: false, reason: 'webhooks_added' });
      assert.deepEqual(okOnly(fine), { ok: true }, 'the other game has no webhook');
      assert.deepEqual(await store.append(g.id, 1, planAt(2, {}, { webhooks: false })), { ok: false, reason: 'webhooks_added' });
      assert.equal((await store.getGame(g.id))!.game.version, 1, 'nothing written');
      // The same entry with its webhook rows goes through, and the row is kept.
      assert.deepEqual(await store.append(g.id, 1, planAt(2, {}, { webhooks: true, outbox: [hook] })), { ok: true, outbox: 1 });
      const rows = mine(await store.claimOutbox(10_000, new Date()), g.id);
      assert.deepEqual(rows.map((o) => [o.kind, o.dedupKey]), [['webhook', '2.action']]);
    });

    it('stores webhooks and their deliveries', async () => {
      const g = await newGame(store);
      const w = await store.addWebhook({ id: uid('wh'), gameId: g.id, url: 'https://example.test/h', events: ['moved', 'ended'], secret: 's3cret', format: 'json' });
      assert.ok(w.createdAt instanceof Date);
      assert.deepEqual(w.events, ['moved', 'ended']);
      const w2 = await store.addWebhook({ id: uid('wh'), gameId: g.id, url: 'https://example.test/2', events: [], secret: 's', format: 'discord' });
      assert.deepEqual((await store.listWebhooks(g.id)).map((x) => x.id).sort(), [w.id, w2.id].sort());
      const d1 = { id: uid('d'), webhookId: w.id, event: 'moved', attempt: 1, status: 500, error: 'HTTP 500', at: new Date(Date.now() - 1000) };
      await store.recordDelivery(d1);
      await store.recordDelivery({ ...d1, id: uid('d'), attempt: 2, status: 200, error: null, at: new Date() });
      await store.recordDelivery(d1); // idempotent
      const ds = await store.listDeliveries(w.id);
      assert.deepEqual(ds.map((d) => [d.attempt, d.status, d.error]), [[1, 500, 'HTTP 500'], [2, 200, null]]);
      assert.ok(ds[0].at instanceof Date);
      assert.equal(await store.deleteWebhook(uid(), w.id), false, 'wrong game');
      assert.equal(await store.deleteWebhook(g.id, w.id), true);
      assert.equal(await store.deleteWebhook(g.id, w.id), false);
      assert.deepEqual((await store.listWebhooks(g.id)).map((x) => x.id), [w2.id]);
      assert.deepEqual(await store.listDeliveries(w.id), []);
    });

    it('deliveredOk: a delivery counts as sent only when one of its attempts got a 2xx', async () => {
      const g = await newGame(store);
      const w = await store.addWebhook({ id: uid('wh'), gameId: g.id, url: 'https://example.test/h', events: ['action'], secret: 's', format: 'json' });
      const other = await store.addWebhook({ id: uid('wh'), gameId: g.id, url: 'https://example.test/o', events: ['action'], secret: 's', format: 'json' });
      const at = new Date();
      await store.recordDelivery({ id: `${w.id}.3.action#1.aa`, webhookId: w.id, event: 'action', attempt: 1, status: 503, error: 'HTTP 503', at });
      await store.recordDelivery({ id: `${w.id}.4.action#1.bb`, webhookId: w.id, event: 'action', attempt: 1, status: null, error: 'timeout', at });
      assert.equal(await store.deliveredOk(w.id, `${w.id}.3.action`), false, 'a 503 is not sent');
      await store.recordDelivery({ id: `${w.id}.3.action#2.cc`, webhookId: w.id, event: 'action', attempt: 2, status: 204, error: null, at });
      assert.equal(await store.deliveredOk(w.id, `${w.id}.3.action`), true, 'the second attempt got a 204');
      assert.equal(await store.deliveredOk(w.id, `${w.id}.4.action`), false, 'a network error is not sent');
      assert.equal(await store.deliveredOk(w.id, `${w.id}.3.act`), false, 'a prefix of the delivery id is another delivery');
      assert.equal(await store.deliveredOk(other.id, `${w.id}.3.action`), false, 'another webhook');
      await store.recordDelivery({ id: `${w.id}.5.action#1.dd`, webhookId: w.id, event: 'action', attempt: 1, status: 300, error: 'HTTP 300', at });
      assert.equal(await store.deliveredOk(w.id, `${w.id}.5.action`), false, 'a 3xx is not a 2xx');
    });
  });
}
