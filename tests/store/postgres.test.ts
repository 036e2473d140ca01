// The Store contract on a real Postgres, when DATABASE_URL is set (skipped otherwise).
// Each run works in fresh schemas (dropped at the end), so reruns never see old rows.

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { openStore, parseDatabaseUrl } from '../../src/store/db.js';
import { listMigrations, migratePostgres } from '../../src/store/migrate.js';
import { storeContract } from './contract.js';

process.env.SKYEYE_LOG_MIGRATIONS ??= '0';
const url = process.env.DATABASE_URL;
const tag = `${process.pid}_${Date.now().toString(36)}`;
const schemas: string[] = [];
const schema = (name: string) => { const s = `skyeye_t_${name}_${tag}`; schemas.push(s); return s; };

if (!url) {
  describe('Store contract: Postgres', () => { it('needs DATABASE_URL', { skip: 'DATABASE_URL not set' }, () => {}); });
} else {
  const base = parseDatabaseUrl(url).url;
  after(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    } finally {
      await c.end();
    }
  });

  const main = schema('main');
  storeContract('Postgres (driver SQL)', () => openStore({ databaseUrl: base, schema: main, sqlVia: 'driver' }));
  storeContract('Postgres (Prisma raw SQL)', () => openStore({ databaseUrl: base, schema: main, sqlVia: 'prisma' }));
  storeContract('Postgres (driver SQL, no prepared statements, ?schema= URL)', () => {
    const u = new URL(base);
    u.searchParams.set('schema', main);
    return openStore({ databaseUrl: u.toString(), prepared: false });
  });

  describe('Postgres migrations', () => {
    it('are idempotent', async () => {
      const s = schema('idem');
      assert.deepEqual(await migratePostgres(base, { schema: s }), listMigrations().map((m) => m.name));
      assert.deepEqual(await migratePostgres(base, { schema: s }), []);
    });

    it('run once when several processes start together', async () => {
      const s = schema('race');
      const runs = await Promise.all([0, 1, 2, 3].map(() => migratePostgres(base, { schema: s })));
      assert.deepEqual(runs.flat().sort(), listMigrations().map((m) => m.name).sort());
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        const r = await c.query(`SELECT count(*)::int AS n FROM "${s}"._skyeye_migrations`);
        assert.equal(r.rows[0].n, listMigrations().length);
      } finally {
        await c.end();
      }
    });
  });
}
