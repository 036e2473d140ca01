// Campaign persistence (prisma/migrations/0005_campaigns): rows apart from the games' logs.
// Raw SQL through the store's Sql (both backends: Postgres and PGlite), so the Store interface
// the game service speaks is unchanged.
import { storeSql, type Sql } from './prisma-store.js';
import type { Store } from './types.js';

export interface CampaignSeatRecord {
  index: number;
  name: string;
  kind: 'human' | 'ai';
  ai: { level: string; budgetMs?: number; iterations?: number } | null;
  /** sha256 of the campaign seat token (shown once at creation); null for AI seats. */
  tokenHash: string | null;
}

export interface CampaignRecord {
  id: string;
  ruleset: string;
  generator: string;
  seats: CampaignSeatRecord[];
  /** What the last finished game carried (the ruleset's carry), null before the first. */
  carried: unknown | null;
  /** 'starting' while a request starts the next game (CampaignStore.claimStart). */
  status: 'active' | 'starting' | 'complete';
  createdAt: Date;
  updatedAt: Date;
}

export interface CampaignGameRecord {
  n: number;
  gameId: string;
  scenario: string;
  carriedIn: unknown | null;
  createdAt: Date;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export class CampaignStore {
  constructor(private readonly sql: Sql) {}

  static of(store: Store): CampaignStore {
    return new CampaignStore(storeSql(store, 'campaigns'));
  }

  async create(c: Omit<CampaignRecord, 'createdAt' | 'updatedAt'>): Promise<void> {
    await this.sql.query(
      `INSERT INTO campaigns (id, ruleset, generator, seats, carried, status) VALUES ($1::text, $2::text, $3::text, $4::json, $5::json, $6::text)`,
      [c.id, c.ruleset, c.generator, json(c.seats), json(c.carried), c.status],
    );
  }

  async get(id: string): Promise<{ campaign: CampaignRecord; games: CampaignGameRecord[] } | null> {
    const rows = await this.sql.query<Record<string, unknown>>(
      `SELECT id, ruleset, generator, seats, carried, status, created_at, updated_at FROM campaigns WHERE id = $1::text`, [id]);
    if (!rows.length) return null;
    const r = rows[0];
    const games = await this.sql.query<Record<string, unknown>>(
      `SELECT n, game_id, scenario, carried_in, created_at FROM campaign_games WHERE campaign_id = $1::text ORDER BY n`, [id]);
    return {
      campaign: {
        id: r.id as string, ruleset: r.ruleset as string, generator: r.generator as string, seats: parsed(r.seats) as CampaignSeatRecord[],
        carried: parsed(r.carried) ?? null, status: r.status as CampaignRecord['status'], createdAt: new Date(r.created_at as string), updatedAt: new Date(r.updated_at as string),
      },
      games: games.map((g) => ({ n: Number(g.n), gameId: g.game_id as string, scenario: g.scenario as string, carriedIn: parsed(g.carried_in) ?? null, createdAt: new Date(g.created_at as string) })),
    };
  }

  /**
   * Records game `n` of the campaign and what it started from, with the campaign's carried
   * state, in one transaction. False when game `n` exists already (another request won).
   */
  async addGame(campaignId: string, n: number, g: { gameId: string; scenario: string; carriedIn: unknown | null }, carried: unknown | null): Promise<boolean> {
    return this.sql.tx(async (q) => {
      const ins = await q.query(
        `INSERT INTO campaign_games (campaign_id, n, game_id, scenario, carried_in) VALUES ($1::text, $2::int, $3::text, $4::text, $5::json)
         ON CONFLICT (campaign_id, n) DO NOTHING RETURNING n`,
        [campaignId, n, g.gameId, g.scenario, json(g.carriedIn)],
      );
      if (!ins.length) return false;
      await q.query(`UPDATE campaigns SET carried = $2::json, updated_at = now() WHERE id = $1::text`, [campaignId, json(carried)]);
      return true;
    });
  }

  /**
   * Claims the start of the next game (a lease on the campaign row): false while another
   * request holds it. A lease older than `leaseSeconds` is stale (its process died) and is taken.
   */
  async claimStart(id: string, leaseSeconds = 60): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE campaigns SET status = 'starting', updated_at = now() WHERE id = $1::text
         AND (status = 'active' OR (status = 'starting' AND updated_at < now() - make_interval(secs => $2::float8))) RETURNING id`,
      [id, leaseSeconds],
    );
    return rows.length > 0;
  }

  async releaseStart(id: string): Promise<void> {
    await this.sql.query(`UPDATE campaigns SET status = 'active' WHERE id = $1::text AND status = 'starting'`, [id]);
  }

  async setStatus(id: string, status: CampaignRecord['status'], carried: unknown | null): Promise<void> {
    await this.sql.query(`UPDATE campaigns SET status = $2::text, carried = $3::json, updated_at = now() WHERE id = $1::text`, [id, status, json(carried)]);
  }
}
