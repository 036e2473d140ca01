// Reads (game, legal actions) serve the cached game without a database round trip, but never
// stay behind a commit another process announced on the bus, and never longer than readCacheMs.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createBus, closeBus } from '../../src/service/bus.js';
import { GameService } from '../../src/service/game-service.js';
import { sharedStore } from '../support/env.js';

describe('read cache of the game service', () => {
  const buses = [createBus(), createBus()];
  after(async () => { for (const b of buses) await closeBus(b); });

  async function twoProcesses(readCacheMs: number, shareBus: boolean) {
    const store = await sharedStore();
    const a = new GameService({ store, bus: buses[0] });
    const b = new GameService({ store, bus: shareBus ? buses[0] : buses[1], readCacheMs });
    const g = await a.createGame({ ruleset: 'duel', seats: [{ name: 'A' }, { name: 'B' }] }) as { id: string; seats: { token: string }[] };
    return { a, b, id: g.id };
  }

  /** Seat 0 answers the open bid through service `a` (seat 1 too, closing the sealed group). */
  async function bothBid(svc: GameService, id: string) {
    for (const seat of [0, 1]) {
      const legal = await svc.legalActions(id, seat);
      await svc.submitAction(id, seat, { decision: legal.decisions[0].decision, action: legal.decisions[0].actions[0] });
    }
  }

  it('a commit notice on the bus makes the next read fresh at once', async () => {
    const { a, b, id } = await twoProcesses(60_000, true);
    assert.equal((await b.getGame(id, null)).version, 0); // cached in b
    await bothBid(a, id);
    assert.equal((await a.getGame(id, null)).version, 1);
    assert.equal((await b.getGame(id, null)).version, 1, 'b dropped its copy on the notice');
    assert.equal((await b.legalActions(id, 0)).version, 1);
  });

  it('without a notice a read may be behind for at most readCacheMs; a caller may ask for a known version', async () => {
    const { a, b, id } = await twoProcesses(60_000, false);
    assert.equal((await b.getGame(id, null)).version, 0);
    await bothBid(a, id);
    assert.equal((await b.getGame(id, null)).version, 0, 'served from the cache: no notice reached b');
    assert.equal((await b.getGame(id, null, 1)).version, 1, 'atLeast forces a read of the store');

    const fresh = await twoProcesses(0, false);
    assert.equal((await fresh.b.getGame(fresh.id, null)).version, 0);
    await bothBid(fresh.a, fresh.id);
    assert.equal((await fresh.b.getGame(fresh.id, null)).version, 1, 'readCacheMs 0: every read asks the store');
  });

  it('writes never trust a stale cache: the append checks the version in the database', async () => {
    const { a, b, id } = await twoProcesses(60_000, false);
    const legal = await b.legalActions(id, 0); // b caches version 0
    await bothBid(a, id);
    await assert.rejects(
      b.submitAction(id, 0, { expectedVersion: 0, decision: legal.decisions[0].decision, action: legal.decisions[0].actions[0] }),
      (e: { status?: number; code?: string }) => e.status === 409 && e.code === 'version_conflict',
    );
  });
});
