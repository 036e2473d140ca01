// What the service needs from the database when the job queue lost its data
// (prisma/migrations/0007_queue_epochs, src/jobs/epoch.ts). Raw SQL through the store's Sql
// (Postgres and PGlite alike), as stream-tickets.ts does.
import type { Sql } from './prisma-store.js';
import type { Store } from './types.js';

export class QueueLossStore {
  constructor(private readonly sql: Sql) {}

  static of(store: Store): QueueLossStore {
    const sql = (store as unknown as { sql?: Sql }).sql;
    if (!sql) throw new Error('queue epochs need the SQL store (PrismaStore)');
    return new QueueLossStore(sql);
  }

  /** Records the queue's new epoch; returns the one it replaces (null: none was recorded). */
  async swapEpoch(prefix: string, epoch: string): Promise<string | null> {
    const rows = await this.sql.query<{ old: string | null }>(
      `WITH old AS (SELECT epoch FROM queue_epochs WHERE prefix = $1::text)
       , up AS (INSERT INTO queue_epochs (prefix, epoch) VALUES ($1::text, $2::text)
           ON CONFLICT (prefix) DO UPDATE SET epoch = EXCLUDED.epoch, updated_at = now() RETURNING 1)
       SELECT (SELECT epoch FROM old) AS old, (SELECT count(*) FROM up) AS n`,
      [prefix, epoch],
    );
    return rows[0]?.old ?? null;
  }

  /**
   * Outbox rows of these kinds handed to the queue in the last `seconds` are pending again, so
   * the dispatcher hands them over once more (their job ids are the same; the handlers of
   * those kinds do nothing twice). Returns how many.
   */
  async repeatOutbox(kinds: string[], seconds: number): Promise<number> {
    const rows = await this.sql.query<{ n: number }>(
      `WITH r AS (UPDATE outbox SET status = 'pending', claimed_until = NULL, updated_at = now()
         WHERE status = 'done' AND kind = ANY($1::text[]) AND updated_at >= now() - make_interval(secs => $2::float8)
         RETURNING 1)
       SELECT count(*)::int AS n FROM r`,
      [kinds, seconds],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
