// What the service needs from the database when the job queue lost its data
// (prisma/migrations/0007_queue_epochs, src/jobs/epoch.ts). Raw SQL through the store's Sql
// (Postgres and PGlite alike), as stream-tickets.ts does.
import { storeSql, type Sql } from './prisma-store.js';
import type { Store } from './types.js';

export class QueueLossStore {
  constructor(private readonly sql: Sql) {}

  static of(store: Store): QueueLossStore {
    return new QueueLossStore(storeSql(store, 'queue epochs'));
  }

  /** The highest generation recorded for the queue and the losses handled (null: none yet, its first start). */
  async generation(prefix: string): Promise<{ generation: number; losses: number } | null> {
    const rows = await this.sql.query<{ g: string | number; l: number }>(
      `SELECT generation AS g, losses AS l FROM queue_epochs WHERE prefix = $1::text`, [prefix]);
    return rows.length ? { generation: Number(rows[0].g), losses: Number(rows[0].l) } : null;
  }

  /** Records a generation seen (the higher of it and the one recorded). */
  async recordGeneration(prefix: string, g: number): Promise<void> {
    await this.sql.query(
      `INSERT INTO queue_epochs (prefix, generation) VALUES ($1::text, $2::bigint)
       ON CONFLICT (prefix) DO UPDATE SET updated_at = now(), generation = GREATEST(queue_epochs.generation, EXCLUDED.generation)`,
      [prefix, g],
    );
  }

  /**
   * Claims a loss seen after `losses` were handled: true for the one process that moves the count
   * on (it recovers; the generation starts again from Redis's value), false when another did.
   */
  async claimLoss(prefix: string, losses: number, g: number): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE queue_epochs SET losses = losses + 1, generation = $3::bigint, updated_at = now()
       WHERE prefix = $1::text AND losses = $2::int RETURNING 1`,
      [prefix, losses, g],
    );
    return rows.length > 0;
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
