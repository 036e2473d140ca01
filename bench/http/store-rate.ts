// The store alone: closed-loop appends through Store.append (group commit included) at the
// same concurrency as the HTTP load, on the same Postgres, without HTTP or rules. It splits
// the gap between the HTTP figure and the database's one-row ceiling into the store's share
// and the share of the layers above it.
import { openStore } from '../../src/store/db.js';
import type { Store } from '../../src/store/types.js';
import { gameRec, planAt, seatsRec, setupRec } from '../../tests/store/contract.js';
import { percentile } from '../lib/common.js';

export interface StoreRate { appendsPerSec: number; p50: number; p99: number; perBatch: number }

export async function storeAppendRate(databaseUrl: string, clients: number, seconds: number, games = 200): Promise<StoreRate> {
  const store = (await openStore({ databaseUrl, migrate: false })) as Store & { appends?: { stats: { batches: number; items: number } } | null };
  try {
    const pool = await Promise.all(Array.from({ length: games }, async () => {
      const g = gameRec();
      await store.createGame(g, seatsRec(), setupRec(), []);
      return { id: g.id, v: 0 };
    }));
    const idle = pool.slice();
    const lat: number[] = [];
    let n = 0;
    const s0 = { ...(store.appends?.stats ?? { batches: 0, items: 0 }) };
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    await Promise.all(Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const g = idle.shift()!; // games > clients: one is always idle
        const t = performance.now();
        // An action row about the size of a real one (entry, events, a 64-hex hash).
        const r = await store.append(g.id, g.v, planAt(g.v + 1, { hash: 'f'.repeat(64) }));
        lat.push(performance.now() - t);
        if (r.ok) { g.v++; n++; }
        idle.push(g);
      }
    }));
    const el = (performance.now() - t0) / 1000;
    const s1 = store.appends?.stats ?? { batches: 0, items: 0 };
    const batches = s1.batches - s0.batches;
    return { appendsPerSec: n / el, p50: percentile(lat, 50), p99: percentile(lat, 99), perBatch: batches ? (s1.items - s0.items) / batches : 0 };
  } finally {
    await store.close();
  }
}
