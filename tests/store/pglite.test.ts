// The Store contract on PGlite (embedded Postgres in WASM): in memory, both SQL paths on one
// shared instance (an instance takes seconds to start), plus a data dir reopened from disk.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { openStore } from '../../src/store/db.js';
import { listMigrations, migratePglite } from '../../src/store/migrate.js';
import { newGame, planAt, storeContract } from './contract.js';

process.env.SKYEYE_LOG_MIGRATIONS ??= '0';

let db: PGlite;
const shared = PGlite.create('memory://').then((d) => (db = d));
after(async () => { await (await shared).close(); });

storeContract('PGlite (driver SQL)', async () => openStore({ pglite: await shared, sqlVia: 'driver' }));
storeContract('PGlite (Prisma raw SQL)', async () => openStore({ pglite: await shared, sqlVia: 'prisma' }));

describe('PGlite migrations and data dir', () => {
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'skyeye-pglite-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('migrations are recorded and idempotent', async () => {
    await shared;
    assert.deepEqual(await migratePglite(db), [], 'already applied by openStore');
    const rows = (await db.query<{ name: string }>('SELECT name FROM _skyeye_migrations ORDER BY name')).rows;
    assert.deepEqual(rows.map((r) => r.name), listMigrations().map((m) => m.name));
    assert.deepEqual(await migratePglite(db), []);
  });

  it('keeps its data across close and reopen', async () => {
    const s1 = await openStore({ dataDir: dir });
    const g = await newGame(s1);
    assert.deepEqual(await s1.append(g.id, 0, planAt(1, { idempotencyKey: 'k' })), { ok: true, outbox: 0 });
    await s1.close();
    const s2 = await openStore({ dataDir: dir });
    try {
      const got = await s2.getGame(g.id);
      assert.equal(got?.game.version, 1);
      assert.equal((await s2.findByIdempotencyKey(g.id, 'k'))?.seq, 1);
      assert.deepEqual(await s2.append(g.id, 1, planAt(2)), { ok: true, outbox: 0 });
    } finally {
      await s2.close();
    }
  });
});
