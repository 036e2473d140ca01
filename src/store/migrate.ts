// The SQL migration runner. `prisma migrate` cannot run on our machines (no schema engine),
// so migrations are plain SQL files, prisma/migrations/NNNN_name/migration.sql, applied in
// name order, each in its own transaction, and recorded in _skyeye_migrations.
// Several processes may start at once: a Postgres advisory lock serialises them, and each
// one re-reads the applied set under the lock, so every migration runs exactly once.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** prisma/migrations of this checkout, whatever the working directory. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations/', import.meta.url));

/** pg_advisory_lock key shared by every skyeye migrator (any 64-bit constant). */
const LOCK_KEY = '7315904411923851001';
const TABLE = '_skyeye_migrations';

export interface Migration { name: string; sql: string; checksum: string }

/** The minimum a migrator needs from a database session (a single connection). */
export interface SqlSession {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface MigrateOptions {
  dir?: string;
  /** Postgres schema to migrate (created when missing). Default: the session's search_path. */
  schema?: string;
  log?: (msg: string) => void;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{4}_[\w-]+$/.test(d.name) && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      // Checksum over normalised line endings, so a Windows checkout does not look edited.
      const checksum = createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
      return { name, sql, checksum };
    });
}

export function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

/** Applies the pending migrations over one session. Returns the names applied now. */
export async function migrateSession(s: SqlSession, opts: MigrateOptions = {}): Promise<string[]> {
  const log = opts.log ?? (() => {});
  const migrations = listMigrations(opts.dir);
  const applied: string[] = [];
  await s.query(`SELECT pg_advisory_lock(${LOCK_KEY})`);
  try {
    if (opts.schema) {
      await s.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(opts.schema)}`);
      await s.exec(`SET search_path TO ${quoteIdent(opts.schema)}`);
    }
    await s.exec(
      `CREATE TABLE IF NOT EXISTS "${TABLE}" ("name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now())`,
    );
    const done = new Map(
      (await s.query<{ name: string; checksum: string }>(`SELECT "name", "checksum" FROM "${TABLE}"`)).map((r) => [r.name, r.checksum]),
    );
    for (const m of migrations) {
      const seen = done.get(m.name);
      if (seen !== undefined) {
        if (seen !== m.checksum) log(`migration ${m.name} was edited after it was applied (checksum differs); not re-run`);
        continue;
      }
      await s.exec('BEGIN');
      try {
        await s.exec(m.sql);
        await s.query(`INSERT INTO "${TABLE}" ("name", "checksum") VALUES ($1, $2)`, [m.name, m.checksum]);
        await s.exec('COMMIT');
      } catch (e) {
        await s.exec('ROLLBACK').catch(() => {});
        throw new Error(`migration ${m.name} failed: ${(e as Error).message}`, { cause: e });
      }
      applied.push(m.name);
      log(`applied migration ${m.name}`);
    }
  } finally {
    await s.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`).catch(() => {});
  }
  return applied;
}

/** Migrates a Postgres database over a dedicated connection. */
export async function migratePostgres(databaseUrl: string, opts: MigrateOptions = {}): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await migrateSession(
      {
        exec: async (sql) => { await client.query(sql); },
        query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
      },
      opts,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** Migrates a PGlite instance (one process owns a PGlite data dir, the lock is for form). */
export async function migratePglite(db: PGlite, opts: MigrateOptions = {}): Promise<string[]> {
  return migrateSession(
    {
      exec: async (sql) => { await db.exec(sql); },
      query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
    },
    opts,
  );
}
