// Stream tickets (prisma/migrations/0006_stream_tickets): every instance on the database sees
// them. Raw SQL through the store's Sql (Postgres and PGlite alike), as campaigns.ts does.
import { storeSql, type Sql } from './prisma-store.js';
import type { Store } from './types.js';

export class TicketStore {
  constructor(private readonly sql: Sql) {}

  static of(store: Store): TicketStore {
    return new TicketStore(storeSql(store, 'stream tickets'));
  }

  /** Stores a ticket (its hash) good for `seconds`, by the database clock; returns its expiry. Sweeps expired ones. */
  async issue(hash: string, gameId: string, seat: number, seconds: number): Promise<Date> {
    await this.sql.query(`DELETE FROM stream_tickets WHERE expires_at < now()`, []);
    const rows = await this.sql.query<{ expiresAt: Date | string }>(
      `INSERT INTO stream_tickets (ticket_hash, game_id, seat, expires_at) VALUES ($1::text, $2::text, $3::int, now() + make_interval(secs => $4::float8))
       RETURNING expires_at AS "expiresAt"`,
      [hash, gameId, seat, seconds],
    );
    return new Date(rows[0].expiresAt);
  }

  /**
   * Uses a ticket up: one DELETE ... RETURNING, so of two instances redeeming the same ticket at
   * once exactly one gets it. The seat when the ticket was this game's and still live, else null.
   */
  async redeem(hash: string, gameId: string): Promise<number | null> {
    const rows = await this.sql.query<{ seat: number; live: boolean }>(
      `DELETE FROM stream_tickets WHERE ticket_hash = $1::text RETURNING seat, game_id = $2::text AND expires_at > now() AS live`,
      [hash, gameId],
    );
    return rows.length && rows[0].live ? Number(rows[0].seat) : null;
  }
}
