// The hash chain formats through the service and a real store (src/engine/chain.ts,
// docs/VERIFY.md): new games are v2; a v1 game (written the old way, through the internal
// chainFormat option) loads, replays with check, takes moves in v1 and verifies; tampering
// with an action, an event or a stored hash is found in both formats; a replay that diverges
// between checkpoints is found at the next checkpoint (the interval's, the ending entry's).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type ChainFormat, chainFormat } from '../../src/engine/chain.js';
import { replay } from '../../src/engine/playout.js';
import type { Entry, Ruleset, SeatInfo } from '../../src/engine/types.js';
import { getRuleset, registerRuleset } from '../../src/games/index.js';
import { closeBus, createBus } from '../../src/service/bus.js';
import { GameService } from '../../src/service/game-service.js';
import type { PrismaStore } from '../../src/store/prisma-store.js';
import { sharedStore } from '../support/env.js';
import { walk, walkDiverging } from '../support/walk.js';

registerRuleset(walk);
const bus = createBus();
after(async () => { await closeBus(bus); });

/** A service with an empty cache (a fresh process) on the shared store. */
const service = async (chainFormat?: ChainFormat) => new GameService({ store: await sharedStore(), bus, ...(chainFormat ? { chainFormat } : {}) });
const rows = async (id: string) => (await sharedStore()).actionsAfter(id, -1, 1000);
const sql = async () => ((await sharedStore()) as PrismaStore).sql;
const hex = /^[0-9a-f]{64}$/;
const v2hex = /^v2:[0-9a-f]{64}$/;

type Created = { id: string };
const newGame = async (svc: GameService, ruleset: string, options: unknown) =>
  (await svc.createGame({ ruleset, seats: [{ name: 'A' }, { name: 'B' }], options })) as Created;

/** Up to `n` entries: every open decision answered with its first legal action (a sealed group closes with its last commit). */
async function play(svc: GameService, id: string, n = 1000) {
  for (let i = 0; i < n; i++) {
    const g = await svc.getGame(id, null);
    if (g.status === 'finished') return;
    const seats = [...new Set(g.pending.map((d: { seat: number }) => d.seat))];
    for (const seat of seats) {
      const legal = await svc.legalActions(id, seat);
      for (const d of legal.decisions) await svc.submitAction(id, seat, { decision: d.decision, action: d.actions[0] });
    }
  }
}

/** Runs `body` with other versions of walk installed (a fresh service each), then walk again. */
async function withWalk(rs: Ruleset, body: (svc: GameService) => Promise<void>) {
  registerRuleset(rs);
  try {
    await body(await service());
  } finally {
    registerRuleset(walk);
  }
}

const refusedAt = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (x: { code?: string; details?: { entry?: number } }) => x);
  assert.ok(e, 'the game was refused');
  assert.equal(e.code, 'ruleset_diverged');
  return e.details?.entry;
};

describe('hash chain formats in the service', () => {
  it('a new game is v2: every stored hash is "v2:" + hex, the game verifies and a fresh process plays it on', async () => {
    const svc = await service();
    const g = await newGame(svc, 'test-walk', { target: 20 });
    await play(svc, g.id, 10);
    await play(await service(), g.id);
    const log = await rows(g.id);
    assert.equal(log.length, 21);
    assert.ok(log.every((a) => v2hex.test(a.hash)), JSON.stringify(log.map((a) => a.hash)));
    const v = await svc.verify(g.id);
    assert.equal(v.ok, true, JSON.stringify(v.mismatches));
    assert.equal((v as { finalHash?: string }).finalHash, log.at(-1)!.hash);
    assert.equal(v.chain, 'v2');
    assert.equal((await svc.replayAt(g.id, 7, null)).version, 7);
  });

  it('the engine\'s replay of a stored log (playout.ts, what the http bench checks) ends on the stored hash, in each format', async () => {
    for (const f of ['v1', 'v2'] as const) {
      const svc = await service(f);
      const g = await newGame(svc, 'duel', { handSize: 4 });
      await play(svc, g.id);
      const log = await rows(g.id);
      const e0 = log[0].entry as { scenario: string; seats: SeatInfo[]; options: unknown };
      const game = (await (await sharedStore()).getGame(g.id))!.game;
      const o = { scenario: e0.scenario, seats: e0.seats, options: e0.options, seed: game.seed, gameId: g.id, chain: chainFormat(log[0].hash) };
      assert.equal(o.chain, f);
      assert.equal(replay(getRuleset('duel')!, o, log.slice(1).map((a) => a.entry as Entry<any>)).hash, log.at(-1)!.hash);
    }
  });

  it('a v1 game loads, replays with check under another version, takes moves in v1 and verifies', async () => {
    const g = await newGame(await service('v1'), 'test-walk', { target: 30 });
    await play(await service('v1'), g.id, 12);
    await withWalk({ ...walk, version: '2-compatible' }, async (svc) => {
      // The game's version is not installed: loading it replays the log with the v1 chain checked.
      assert.equal((await svc.getGame(g.id, null)).version, 12);
      await play(svc, g.id);
      assert.equal((await svc.getGame(g.id, null)).status, 'finished');
    });
    const log = await rows(g.id);
    assert.equal(log.length, 31);
    assert.ok(log.every((a) => hex.test(a.hash)), 'v1 throughout, also the entries written by a v2 service');
    const v = await (await service()).verify(g.id);
    assert.equal(v.ok, true, JSON.stringify(v.mismatches));
    assert.match((v as { finalHash?: string }).finalHash!, hex);
    assert.equal(v.chain, 'v1', 'a v1 game is verified, and reported, in v1');
  });

  for (const f of ['v1', 'v2'] as const) {
    describe(`tampering with a ${f} game`, () => {
      const finished = async () => {
        const svc = await service(f);
        const g = await newGame(svc, 'duel', {});
        await play(svc, g.id);
        assert.equal((await svc.getGame(g.id, null)).status, 'finished');
        assert.equal((await svc.verify(g.id)).ok, true);
        return g.id;
      };

      it('an action: found at its entry (hash and events)', async () => {
        const id = await finished();
        const e = (await rows(id))[2].entry as { kind: string; action: { type: string } };
        assert.equal(e.kind, 'answer', 'entry 2 is the first choice to draw or pass');
        const tampered = { ...e, action: { type: e.action.type === 'draw' ? 'pass' : 'draw' } };
        await (await sql()).query('UPDATE actions SET entry = $3::json WHERE game_id = $1::text AND seq = $2::int', [id, 2, JSON.stringify(tampered)]);
        const v = await (await service()).verify(id);
        assert.equal(v.ok, false);
        assert.deepEqual(v.mismatches.slice(0, 2), [{ seq: 2, what: 'hash' }, { seq: 2, what: 'events' }]);
      });

      it('an event: found at its entry (v2: in the hash too)', async () => {
        const id = await finished();
        const evs = (await rows(id))[1].events as { type: string; data: unknown }[];
        assert.equal(evs[0].type, 'bids_revealed');
        const tampered = [{ ...evs[0], data: { bids: [0, 0] } }, ...evs.slice(1)];
        await (await sql()).query('UPDATE actions SET events = $3::json WHERE game_id = $1::text AND seq = $2::int', [id, 1, JSON.stringify(tampered)]);
        const v = await (await service()).verify(id);
        assert.equal(v.ok, false);
        assert.deepEqual(v.mismatches.filter((m) => m.seq === 1), f === 'v2' ? [{ seq: 1, what: 'hash' }, { seq: 1, what: 'events' }] : [{ seq: 1, what: 'events' }]);
      });

      it('a stored hash: found at its entry only', async () => {
        const id = await finished();
        await (await sql()).query('UPDATE actions SET hash = $3::text WHERE game_id = $1::text AND seq = $2::int', [id, 2, (f === 'v2' ? 'v2:' : '') + '0'.repeat(64)]);
        const v = await (await service()).verify(id);
        assert.equal(v.ok, false);
        assert.deepEqual(v.mismatches, [{ seq: 2, what: 'hash' }]);
      });
    });
  }

  it('v2 under rules that diverge: states at the next checkpoint (interval, ending entry, setup), events at once', async () => {
    const svc = await service();
    const running = await newGame(svc, 'test-walk', { target: 40 });
    await play(svc, running.id, 20);
    const early = await newGame(svc, 'test-walk', { target: 40 });
    await play(svc, early.id, 10);
    const done = await newGame(svc, 'test-walk', { target: 40 });
    await play(svc, done.id);
    assert.equal((await rows(done.id)).length, 41);

    // States differ from entry 5 on, events do not: found at the checkpoint of entry 16.
    await withWalk(walkDiverging(5, '2-state'), async (s2) => {
      assert.equal(await refusedAt(s2.getGame(running.id, null)), 16);
      const v = await s2.verify(done.id);
      assert.deepEqual(v.mismatches[0], { seq: 16, what: 'hash' });
      assert.ok(!v.mismatches.some((m) => m.what === 'events'));
    });
    // From entry 37 on (after the last interval checkpoint): found at the ending entry.
    await withWalk(walkDiverging(37, '3-late'), async (s3) => {
      assert.deepEqual((await s3.verify(done.id)).mismatches, [{ seq: 40, what: 'hash' }]);
    });
    // Events differ from entry 3 on: a running game is refused there, before any checkpoint.
    await withWalk(walkDiverging(3, '4-events', { events: true }), async (s4) => {
      assert.equal(await refusedAt(s4.getGame(early.id, null)), 3);
      assert.deepEqual((await s4.verify(done.id)).mismatches[0], { seq: 3, what: 'events' });
    });
    // Another set-up state: the setup is a checkpoint.
    const setup: Ruleset = { ...walk, version: '5-setup', setup: (c, ctx) => { const r = walk.setup(c, ctx) as { state: object; events: [] }; return { ...r, state: { ...r.state, extra: 1 } }; } } as Ruleset;
    await withWalk(setup, async (s5) => {
      assert.equal(await refusedAt(s5.getGame(early.id, null)), 0);
    });
    // Rules that replay the same: the game loads, plays on in v2 and verifies.
    await withWalk({ ...walk, version: '6-compatible' }, async (s6) => {
      assert.equal((await s6.getGame(running.id, null)).version, 20);
      await play(s6, running.id);
      assert.equal((await s6.verify(running.id)).ok, true);
    });
    assert.ok((await rows(running.id)).every((a) => v2hex.test(a.hash)));
  });
});
