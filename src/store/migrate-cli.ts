// `npm run migrate`: applies pending SQL migrations to DATABASE_URL (Postgres), or to the
// PGlite database in DATA_DIR (default ./data) when DATABASE_URL is not set.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { parseDatabaseUrl } from './db.js';
import { listMigrations, migratePglite, migratePostgres } from './migrate.js';

const log = (m: string) => console.log(m);

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  let applied: string[];
  if (url) {
    const { url: u, schema } = parseDatabaseUrl(url);
    applied = await migratePostgres(u, { schema, log });
    console.log(`postgres: ${applied.length} applied, ${listMigrations().length} known`);
  } else {
    const dir = process.env.DATA_DIR ?? './data';
    const isUrl = /^[a-z]+:\/\//.test(dir);
    if (!isUrl) mkdirSync(resolve(dir), { recursive: true });
    const db = await PGlite.create(isUrl ? dir : resolve(dir));
    try {
      applied = await migratePglite(db, { log });
    } finally {
      await db.close();
    }
    console.log(`pglite (${dir}): ${applied.length} applied, ${listMigrations().length} known`);
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
