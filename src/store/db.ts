// Opens the store: Postgres when a database URL is given (DATABASE_URL), else PGlite
// (embedded Postgres in WASM) with its data in DATA_DIR (default ./data). Runs the SQL
// migrations first, then returns a Store backed by the Prisma client over a driver adapter.

import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../../generated/prisma/client.js';
import { migratePglite, migratePostgres } from './migrate.js';
import type { GroupCommitOptions } from './group-commit.js';
import { PrismaStore } from './prisma-store.js';
import { pgliteSql, pgPoolSql } from './sql.js';
import type { Store } from './types.js';

export interface OpenStoreOptions {
  /** false: one statement per append, no group commit (see group-commit.ts). */
  groupCommit?: false;
  /** Postgres URL. Default: process.env.DATABASE_URL, unless `dataDir` or `pglite` is given. */
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://' for an in-memory database. Default: DATA_DIR or ./data. */
  dataDir?: string;
  /** An already started PGlite instance (tests share one; the store does not close it). */
  pglite?: PGlite;
  /**
   * Postgres schema to use (created and migrated when missing). Also read from a
   * `?schema=` parameter of the URL. Default: the server's search_path (public).
   * Postgres only (PGlite always uses public).
   */
  schema?: string;
  /** Run the SQL migrations first (default true). */
  migrate?: boolean;
  /** Postgres pool size (default 10, or PG_POOL_MAX). */
  poolMax?: number;
  /**
   * How hot-path SQL runs: 'driver' (default) straight through pg / PGlite, or 'prisma'
   * through Prisma's $queryRawUnsafe. Also SKYEYE_STORE_SQL. Typed queries always use Prisma.
   */
  sqlVia?: 'driver' | 'prisma';
  /** Postgres named prepared statements on the driver path (default true; off for pgbouncer
   * in transaction mode). Also PG_PREPARED=0. */
  prepared?: boolean;
  /** Outbox claim lease in ms (default 60 s). */
  outboxLeaseMs?: number;
  log?: (msg: string) => void;
}

export type StoreBackend = 'postgres' | 'pglite';

/** The store plus what tests and tools sometimes need underneath it. */
export interface OpenedStore extends Store {
  readonly backend: StoreBackend;
  readonly prisma: PrismaClient;
}

const SCHEMA_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Splits Prisma's `?schema=` convention off a Postgres URL (pg does not know it). */
export function parseDatabaseUrl(url: string): { url: string; schema?: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url };
  }
  const schema = u.searchParams.get('schema') ?? undefined;
  if (schema === undefined) return { url };
  u.searchParams.delete('schema');
  return { url: u.toString(), schema };
}

/** Which backend openStore(opts) will use. */
export function storeBackend(opts: OpenStoreOptions = {}): StoreBackend {
  if (opts.pglite || opts.dataDir) return 'pglite';
  return (opts.databaseUrl ?? process.env.DATABASE_URL) ? 'postgres' : 'pglite';
}

/**
 * Group commit of appends (group-commit.ts) unless turned off (`groupCommit: false` or
 * SKYEYE_GROUP_COMMIT=0, for A/B benchmarks). Half the pool writes batches; reads keep the rest.
 */
function groupCommit(opts: OpenStoreOptions, maxInFlight: number): GroupCommitOptions | undefined {
  if (opts.groupCommit === false || process.env.SKYEYE_GROUP_COMMIT === '0') return undefined;
  return { maxInFlight, maxBatch: 64 };
}

export async function openStore(opts: OpenStoreOptions = {}): Promise<OpenedStore> {
  const log = opts.log ?? ((m: string) => { if (process.env.SKYEYE_LOG_MIGRATIONS !== '0') console.error(`[store] ${m}`); });
  const backend = storeBackend(opts);
  const storeOpts = { outboxLeaseMs: opts.outboxLeaseMs };
  const via = opts.sqlVia ?? (process.env.SKYEYE_STORE_SQL === 'prisma' ? 'prisma' : 'driver');

  if (backend === 'postgres') {
    const parsed = parseDatabaseUrl((opts.databaseUrl ?? process.env.DATABASE_URL)!);
    const schema = opts.schema ?? parsed.schema;
    if (schema !== undefined && !SCHEMA_RE.test(schema)) throw new Error(`invalid schema name: ${schema}`);
    if (opts.migrate !== false) await migratePostgres(parsed.url, { schema, log });
    const poolMax = opts.poolMax ?? (Number(process.env.PG_POOL_MAX) || 10);
    const pool = new pg.Pool({
      connectionString: parsed.url,
      max: poolMax,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on('error', (e) => log(`idle Postgres client error: ${e.message}`));
    const adapter = new PrismaPg(pool, { schema: schema ?? 'public' });
    const prisma = new PrismaClient({ adapter });
    const prepared = opts.prepared ?? process.env.PG_PREPARED !== '0';
    const sql = via === 'driver' ? pgPoolSql(pool, { prepared }) : undefined;
    const store = new PrismaStore(prisma, { ...storeOpts, sql, groupCommit: groupCommit(opts, Math.max(1, Math.floor(poolMax / 2))), onClose: () => pool.end() });
    return Object.assign(store, { backend }) as PrismaStore & { backend: StoreBackend };
  }

  let db = opts.pglite;
  let owned = false;
  if (!db) {
    const dir = opts.dataDir ?? process.env.DATA_DIR ?? './data';
    const isUrl = /^[a-z]+:\/\//.test(dir);
    if (!isUrl) mkdirSync(resolve(dir), { recursive: true });
    db = await PGlite.create(isUrl ? dir : resolve(dir));
    owned = true;
  }
  try {
    if (opts.migrate !== false) await migratePglite(db, { log });
  } catch (e) {
    if (owned) await db.close().catch(() => {});
    throw e;
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
  const pglite = db;
  const sql = via === 'driver' ? pgliteSql(db) : undefined;
  const store = new PrismaStore(prisma, { ...storeOpts, sql, groupCommit: groupCommit(opts, 1), onClose: owned ? () => pglite.close() : undefined });
  return Object.assign(store, { backend }) as PrismaStore & { backend: StoreBackend };
}
