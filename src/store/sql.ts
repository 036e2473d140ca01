// Sql straight through the driver: a pg Pool (named prepared statements, so Postgres parses
// and plans each statement once per connection) or a PGlite instance. Same results as the
// Prisma path (JSON parsed, timestamptz as Date); skips Prisma's per-query overhead.

import { createHash } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Sql } from './prisma-store.js';

const names = new Map<string, string>();
function statementName(sql: string): string {
  let n = names.get(sql);
  if (!n) {
    n = 'sk_' + createHash('sha1').update(sql).digest('hex').slice(0, 24);
    names.set(sql, n);
  }
  return n;
}

export function pgPoolSql(pool: pg.Pool, opts: { prepared?: boolean } = {}): Sql {
  const prepared = opts.prepared ?? true;
  const on = (c: pg.Pool | pg.PoolClient): Sql['query'] =>
    async <T>(text: string, values: unknown[]) =>
      (await c.query(prepared && values.length ? { name: statementName(text), text, values } : { text, values })).rows as T[];
  return {
    query: on(pool),
    async tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      // A checked-out client has no error listener of the pool's: a connection cut while we
      // hold it (database restart) would be an uncaught 'error' and end the process.
      const onError = (err: Error) => { broken = err; };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const out = await fn({ query: on(client), tx: () => { throw new Error('nested transaction'); } });
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch((err: Error) => { broken = err; });
        throw e;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
  };
}

export function pgliteSql(db: PGlite): Sql {
  const on = (c: PGlite | Transaction): Sql['query'] =>
    async <T>(text: string, values: unknown[]) => (await c.query<T>(text, values)).rows;
  return {
    query: on(db),
    tx: <T>(fn: (sql: Sql) => Promise<T>) =>
      db.transaction((t) => fn({ query: on(t), tx: () => { throw new Error('nested transaction'); } })),
  };
}
