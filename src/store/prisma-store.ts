// The Store over Prisma (Postgres through @prisma/adapter-pg, or PGlite through
// pglite-prisma-adapter). Hot paths are single SQL statements (through Prisma raw queries or
// straight through the driver, see `Sql`):
// `append` is ONE round trip (a data-modifying CTE: the guarded version bump, the action,
// the outbox rows, the snapshot and the sealed-commit cleanup either all happen or none do).
// Simple bookkeeping (webhooks, deliveries) uses the typed client.

import type { PrismaClient } from '../../generated/prisma/client.js';
import { GroupCommit, type GroupCommitOptions } from './group-commit.js';
import type {
  ChatRecord,
  ActionRecord,
  AppendOutcome,
  AppendPlan,
  DeliveryRecord,
  GameRecord,
  GameStatus,
  GamePosition,
  OutboxItem,
  OutboxRecord,
  SealedCommitOutcome,
  SealedCommitRecord,
  SeatRecord,
  SnapshotRecord,
  Store,
  WebhookRecord,
} from './types.js';

/**
 * How the store runs SQL: through Prisma's raw queries (the default) or straight through
 * the driver (pg pool / PGlite), which skips Prisma's per-query overhead on hot paths.
 * Results: JSON columns parsed, timestamptz as Date; ints as numbers (bigints are cast to text).
 */
export interface Sql {
  query<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]>;
  /** Runs fn in one transaction on one connection (commit on return, rollback on throw). */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
}

/** The Sql of a store that has one (PrismaStore, over Postgres or PGlite); `who` names the caller in the error. */
export function storeSql(store: unknown, who: string): Sql {
  const sql = (store as { sql?: Sql }).sql;
  if (!sql) throw new Error(`${who} need the SQL store (PrismaStore)`);
  return sql;
}

interface RawClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** Sql over a Prisma client (or an interactive-transaction client). */
export function prismaSql(prisma: PrismaClient, txOpts: { maxWait?: number; timeout?: number } = {}): Sql {
  const on = (c: RawClient): Sql => ({
    query: <T>(sql: string, params: unknown[]) => c.$queryRawUnsafe<T[]>(sql, ...params),
    tx: () => { throw new Error('nested transaction'); },
  });
  const base = on(prisma as unknown as RawClient);
  return {
    query: base.query,
    tx: <T>(fn: (sql: Sql) => Promise<T>) =>
      prisma.$transaction((t) => fn(on(t as unknown as RawClient)), {
        maxWait: txOpts.maxWait ?? 10_000,
        timeout: txOpts.timeout ?? 20_000,
      }),
  };
}

export interface PrismaStoreOptions {
  /** How long a claimed outbox row stays invisible to other claimers (ms). Default 60 s. */
  outboxLeaseMs?: number;
  /** Called by close() after the client disconnects (pool / PGlite shutdown). */
  onClose?: () => Promise<void>;
  /** Run SQL through this instead of Prisma's raw queries (see directSql in db.ts). */
  sql?: Sql;
  /** Group commit of concurrent appends (group-commit.ts); absent or maxInFlight 0: one statement per append. */
  groupCommit?: GroupCommitOptions;
}

const MAX_SEQ = 2147483647;

const GAME_COLS = `id, ruleset, ruleset_version AS "rulesetVersion", scenario, options, seed, seed_hash AS "seedHash",
  status, version, result, policy, created_at AS "createdAt", updated_at AS "updatedAt"`;
const ACTION_COLS = `seq, seat, entry, events, hash, idempotency_key AS "idempotencyKey", response, created_at AS "createdAt"`;
const OUTBOX_COLS = `id::text AS id, game_id AS "gameId", kind, dedup_key AS "dedupKey", payload, run_at AS "runAt",
  attempts, status, last_error AS "lastError", created_at AS "createdAt"`;

/** JSON parameter: SQL NULL for null/undefined, else the JSON text (cast with ::json). */
function j(v: unknown): string | null {
  return v === undefined || v === null ? null : JSON.stringify(v);
}

function outboxJson(items: OutboxItem[] | undefined): string | null {
  items = items?.filter((o) => !o.cancel);
  if (!items || items.length === 0) return null;
  return JSON.stringify(
    items.map((o) => ({
      kind: o.kind,
      dedupKey: o.dedupKey ?? null,
      payload: o.payload === undefined ? null : o.payload,
      runAt: o.runAt ? o.runAt.toISOString() : null,
      requires: o.requires ?? null,
    })),
  );
}

/** The (kind, dedupKey) pairs of pending rows a commit cancels. */
function cancelJson(items: OutboxItem[] | undefined): string | null {
  const c = items?.filter((o) => o.cancel && o.dedupKey);
  if (!c || c.length === 0) return null;
  return JSON.stringify(c.map((o) => ({ kind: o.kind, dedupKey: o.dedupKey })));
}

function toDate(v: unknown): Date {
  return v instanceof Date ? v : new Date(v as string);
}

function actionRow(r: Record<string, unknown>): ActionRecord {
  return {
    seq: r.seq as number,
    seat: (r.seat as number | null) ?? null,
    entry: r.entry,
    events: r.events,
    hash: r.hash as string,
    idempotencyKey: (r.idempotencyKey as string | null) ?? null,
    response: r.response ?? null,
    createdAt: toDate(r.createdAt),
  };
}

function gameRow(r: Record<string, unknown>): GameRecord {
  return {
    id: r.id as string,
    ruleset: r.ruleset as string,
    rulesetVersion: r.rulesetVersion as string,
    scenario: r.scenario as string,
    options: r.options ?? null,
    seed: r.seed as string,
    seedHash: r.seedHash as string,
    status: r.status as GameStatus,
    version: r.version as number,
    result: r.result ?? null,
    policy: r.policy ?? null,
    createdAt: toDate(r.createdAt),
    updatedAt: toDate(r.updatedAt),
  };
}

function outboxRow(r: Record<string, unknown>): OutboxRecord {
  return {
    id: String(r.id),
    gameId: r.gameId as string,
    kind: r.kind as string,
    dedupKey: (r.dedupKey as string | null) ?? null,
    payload: r.payload ?? null,
    runAt: r.runAt == null ? null : toDate(r.runAt),
    attempts: r.attempts as number,
    status: r.status as OutboxRecord['status'],
    lastError: (r.lastError as string | null) ?? null,
    createdAt: toDate(r.createdAt),
  };
}

/** The Postgres error code behind a Prisma raw-query error, when there is one. */
export function pgErrorCode(e: unknown): string | undefined {
  const err = e as { code?: string; meta?: { code?: string; driverAdapterError?: { cause?: { originalCode?: string } } }; message?: string };
  const c = err?.meta?.driverAdapterError?.cause?.originalCode ?? err?.meta?.code;
  if (c) return c;
  if (err?.code === 'P2002') return '23505';
  if (typeof err?.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return err.code;
  const m = /Code: `(\w+)`/.exec(err?.message ?? '');
  return m?.[1];
}

// --- SQL ------------------------------------------------------------------------------

// $1 gameId, $2 expectedVersion, $3 status, $4 result, $5 seat, $6 entry, $7 events, $8 hash,
// $9 idempotencyKey, $10 response, $11 createdAt, $12 webhooks (AppendPlan.webhooks), then optional blocks.
function appendSql(hasOutbox: boolean, hasSnapshot: boolean, hasClear: boolean, hasCancel = false): string {
  let n = 12;
  const ctes = [
    `g AS (UPDATE games SET version = $2::int + 1, status = $3::text, result = $4::json, updated_at = now()
       WHERE id = $1::text AND version = $2::int AND (${noWebhookAdded('$12::bool', '$1::text')}) RETURNING id)`,
    `a AS (INSERT INTO actions (game_id, seq, seat, entry, events, hash, idempotency_key, response, created_at)
       SELECT g.id, $2::int + 1, $5::int, $6::json, $7::json, $8::text, $9::text, $10::json, COALESCE($11::timestamptz, now()) FROM g
       RETURNING seq)`,
  ];
  if (hasOutbox) {
    const p = ++n;
    ctes.push(`o AS (INSERT INTO outbox (game_id, kind, dedup_key, payload, run_at)
       SELECT g.id, x.kind, x."dedupKey", COALESCE(x.payload, 'null'::json), x."runAt"
       FROM g, json_to_recordset($${p}::json) AS x(kind text, "dedupKey" text, payload json, "runAt" timestamptz, requires text)
       WHERE x.requires IS NULL OR (x.requires = 'webhook' AND ${hasWebhook('g.id')})
       ON CONFLICT (game_id, kind, dedup_key) DO NOTHING RETURNING 1)`);
  }
  if (hasSnapshot) {
    const p = n + 1;
    n += 4;
    ctes.push(`s AS (INSERT INTO snapshots (game_id, seq, ruleset_version, state, hash)
       SELECT g.id, $${p}::int, $${p + 1}::text, $${p + 2}::json, $${p + 3}::text FROM g
       ON CONFLICT (game_id, seq) DO UPDATE SET ruleset_version = EXCLUDED.ruleset_version, state = EXCLUDED.state,
         hash = EXCLUDED.hash, created_at = now())`);
  }
  if (hasClear) {
    const p = ++n;
    ctes.push(`d AS (DELETE FROM sealed_commits WHERE game_id = $1::text AND group_id = $${p}::text AND EXISTS (SELECT 1 FROM g))`);
  }
  if (hasCancel) {
    const p = ++n;
    ctes.push(`x AS (DELETE FROM outbox WHERE game_id = $1::text AND status = 'pending' AND EXISTS (SELECT 1 FROM g)
       AND (kind, dedup_key) IN (SELECT c.kind, c."dedupKey" FROM json_to_recordset($${p}::json) AS c(kind text, "dedupKey" text)))`);
  }
  return `WITH ${ctes.join(',\n')}\nSELECT (SELECT count(*) FROM a)::int AS n, ${hasOutbox ? '(SELECT count(*) FROM o)::int' : '0'} AS outbox`;
}

/** SQL: the game (an id expression) has at least one webhook. */
function hasWebhook(gameId: string): string {
  return `EXISTS (SELECT 1 FROM webhooks wh WHERE wh.game_id = ${gameId})`;
}

/** The guard of a plan's `webhooks` belief: true unless it assumed none and the game has one. */
function noWebhookAdded(belief: string, gameId: string): string {
  return `${belief} IS NOT FALSE OR NOT ${hasWebhook(gameId)}`;
}

const APPEND_SQL = new Map<string, string>();
function appendSqlCached(o: boolean, s: boolean, c: boolean, x = false): string {
  const k = `${+o}${+s}${+c}${+x}`;
  let q = APPEND_SQL.get(k);
  if (!q) APPEND_SQL.set(k, (q = appendSql(o, s, c, x)));
  return q;
}

function appendArgs(gameId: string, expectedVersion: number, plan: AppendPlan, clearSealed?: string | null): unknown[] {
  const a = plan.action;
  const args: unknown[] = [
    gameId,
    expectedVersion,
    plan.status,
    j(plan.result),
    a.seat ?? null,
    plan.json?.entry ?? JSON.stringify(a.entry ?? null),
    plan.json?.events ?? JSON.stringify(a.events ?? []),
    a.hash,
    a.idempotencyKey ?? null,
    j(a.response),
    a.createdAt ?? null,
    plan.webhooks ?? null,
  ];
  const ob = outboxJson(plan.outbox);
  if (ob) args.push(ob);
  if (plan.snapshot) {
    args.push(plan.snapshot.seq, plan.snapshot.rulesetVersion, JSON.stringify(plan.snapshot.state ?? null), plan.snapshot.hash);
  }
  if (clearSealed) args.push(clearSealed);
  const cx = cancelJson(plan.outbox);
  if (cx) args.push(cx);
  return args;
}

const CREATE_GAME_SQL = `WITH g AS (
    INSERT INTO games (id, ruleset, ruleset_version, scenario, options, seed, seed_hash, status, version, result, policy, created_at, updated_at)
    VALUES ($1::text, $2::text, $3::text, $4::text, COALESCE($5::json, 'null'::json), $6::text, $7::text, $8::text, $9::int,
            $10::json, $11::json, COALESCE($12::timestamptz, now()), COALESCE($13::timestamptz, now()))
    RETURNING id),
  st AS (INSERT INTO seats (game_id, seat_index, name, kind, ai_level, token_hash, player_id)
    SELECT g.id, x."index", x.name, x.kind, x."aiLevel", x."tokenHash", x."playerId"
    FROM g, json_to_recordset($14::json) AS x("index" int, name text, kind text, "aiLevel" text, "tokenHash" text, "playerId" text)),
  a AS (INSERT INTO actions (game_id, seq, seat, entry, events, hash, idempotency_key, response, created_at)
    SELECT g.id, $15::int, $16::int, $17::json, $18::json, $19::text, $20::text, $21::json, COALESCE($22::timestamptz, now()) FROM g),
  o AS (INSERT INTO outbox (game_id, kind, dedup_key, payload, run_at)
    SELECT g.id, x.kind, x."dedupKey", COALESCE(x.payload, 'null'::json), x."runAt"
    FROM g, json_to_recordset(COALESCE($23::json, '[]'::json)) AS x(kind text, "dedupKey" text, payload json, "runAt" timestamptz, requires text)
    WHERE x.requires IS NULL
    ON CONFLICT (game_id, kind, dedup_key) DO NOTHING)
  SELECT count(*)::int AS n FROM g`;

const GET_GAME_SQL = `SELECT ${GAME_COLS},
    COALESCE((SELECT json_agg(json_build_object('index', s.seat_index, 'name', s.name, 'kind', s.kind,
        'aiLevel', s.ai_level, 'tokenHash', s.token_hash, 'playerId', s.player_id) ORDER BY s.seat_index)
      FROM seats s WHERE s.game_id = games.id), '[]'::json) AS seats,
    ${hasWebhook('games.id')} AS webhooks
  FROM games WHERE id = $1::text`;

const LOAD_LOG_SQL = `WITH s AS (
    SELECT seq, ruleset_version AS "rulesetVersion", state, hash FROM snapshots
    WHERE game_id = $1::text AND ruleset_version = $2::text AND seq <= $3::int
    ORDER BY seq DESC LIMIT 1)
  SELECT (SELECT row_to_json(s) FROM s) AS snapshot,
    COALESCE((SELECT json_agg(json_build_object('seq', a.seq, 'seat', a.seat, 'entry', a.entry, 'events', a.events,
        'hash', a.hash, 'idempotencyKey', a.idempotency_key, 'response', a.response, 'createdAt', a.created_at) ORDER BY a.seq)
      FROM actions a
      WHERE a.game_id = $1::text AND a.seq > COALESCE((SELECT seq FROM s), -1) AND a.seq <= $3::int), '[]'::json) AS actions`;

const CLAIM_OUTBOX_SQL = `UPDATE outbox SET claimed_until = $2::timestamptz + make_interval(secs => $3::float8 / 1000),
    attempts = attempts + 1, updated_at = now()
  WHERE id IN (
    SELECT id FROM outbox
    WHERE status = 'pending'
      -- index range (outbox_pending_due_idx): only rows already due, not every future deadline
      AND COALESCE(run_at, created_at) <= GREATEST($2::timestamptz, now())
      AND (run_at IS NULL OR run_at <= $2::timestamptz)
      AND (claimed_until IS NULL OR claimed_until <= $2::timestamptz)
    ORDER BY COALESCE(run_at, created_at), id
    LIMIT $1::int
    FOR UPDATE SKIP LOCKED)
  RETURNING ${OUTBOX_COLS}`;

const SEALED_UPSERT_SQL = `WITH up AS (
    INSERT INTO sealed_commits (game_id, group_id, seat, decision, action)
    VALUES ($1::text, $2::text, $3::int, $4::text, $5::json)
    ON CONFLICT (game_id, group_id, seat) DO UPDATE SET decision = EXCLUDED.decision, action = EXCLUDED.action, updated_at = now()
    RETURNING group_id, seat, decision, action, xmax <> 0 AS replaced)
  SELECT group_id AS "group", seat, decision, action, replaced FROM up
  UNION ALL
  SELECT group_id, seat, decision, action, false FROM sealed_commits WHERE game_id = $1::text AND group_id = $2::text AND seat <> $3::int
  ORDER BY seat`;

// --- the store --------------------------------------------------------------------------

export class PrismaStore implements Store {
  readonly prisma: PrismaClient;
  readonly sql: Sql;
  private readonly leaseMs: number;
  private readonly opts: PrismaStoreOptions;
  private closed = false;
  /** Present when appends are group-committed. */
  readonly appends: GroupCommit<AppendItem, AppendOutcome> | null;

  constructor(prisma: PrismaClient, opts: PrismaStoreOptions = {}) {
    this.prisma = prisma;
    this.sql = opts.sql ?? prismaSql(prisma);
    const gc = opts.groupCommit;
    this.appends = gc && gc.maxInFlight > 0
      ? new GroupCommit<AppendItem, AppendOutcome>(
        (it) => appendOn(this.sql, it.gameId, it.expectedVersion, it.plan),
        (items) => appendBatch(this.sql, items),
        gc,
      )
      : null;
    this.leaseMs = opts.outboxLeaseMs ?? 60_000;
    this.opts = opts;
  }

  async createGame(g: GameRecord, seats: SeatRecord[], setup: ActionRecord, outbox: OutboxItem[]): Promise<void> {
    await this.sql.query(CREATE_GAME_SQL, [
      g.id, g.ruleset, g.rulesetVersion, g.scenario, j(g.options), g.seed, g.seedHash, g.status, g.version,
      j(g.result), j(g.policy), g.createdAt ?? null, g.updatedAt ?? null,
      JSON.stringify(seats.map((s) => ({ index: s.index, name: s.name, kind: s.kind, aiLevel: s.aiLevel ?? null, tokenHash: s.tokenHash ?? null, playerId: s.playerId ?? null }))),
      setup.seq, setup.seat ?? null, JSON.stringify(setup.entry ?? null), JSON.stringify(setup.events ?? []), setup.hash,
      setup.idempotencyKey ?? null, j(setup.response), setup.createdAt ?? null,
      outboxJson(outbox),
    ]);
  }

  async getGame(id: string): Promise<{ game: GameRecord; seats: SeatRecord[]; webhooks: boolean } | null> {
    const rows = await this.sql.query(GET_GAME_SQL, [id]);
    if (rows.length === 0) return null;
    const r = rows[0];
    const seats = (r.seats as SeatRecord[]).map((s) => ({
      index: s.index, name: s.name, kind: s.kind, aiLevel: s.aiLevel ?? null, tokenHash: s.tokenHash ?? null,
      ...(s.playerId ? { playerId: s.playerId } : {}),
    }));
    return { game: gameRow(r), seats, webhooks: r.webhooks === true };
  }

  async listGames(opts: { status?: GameStatus; limit: number; offset: number; after?: GamePosition }): Promise<GameRecord[]> {
    // To the millisecond, as a Date holds it: a position read back compares equal.
    const rows = await this.sql.query(
      `SELECT ${GAME_COLS} FROM games WHERE ($1::text IS NULL OR status = $1::text)
         AND ($4::timestamptz IS NULL OR date_trunc('milliseconds', created_at) < $4::timestamptz
              OR (date_trunc('milliseconds', created_at) = $4::timestamptz AND id > $5::text))
       ORDER BY date_trunc('milliseconds', created_at) DESC, id LIMIT $2::int OFFSET $3::int`,
      [opts.status ?? null, opts.limit, opts.offset, opts.after?.createdAt ?? null, opts.after?.id ?? null],
    );
    return rows.map(gameRow);
  }

  async countGames(opts: { status?: GameStatus }): Promise<number> {
    const rows = await this.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM games WHERE ($1::text IS NULL OR status = $1::text)`, [opts.status ?? null]);
    return Number(rows[0]?.n ?? 0);
  }

  async claimSeat(gameId: string, index: number, tokenHash: string, name?: string, playerId?: string): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE seats SET token_hash = $3::text, name = COALESCE($4::text, name), player_id = COALESCE($5::text, player_id)
       WHERE game_id = $1::text AND seat_index = $2::int AND token_hash IS NULL RETURNING seat_index`,
      [gameId, index, tokenHash, name ?? null, playerId ?? null],
    );
    return rows.length > 0;
  }

  async loadLog(gameId: string, rulesetVersion: string, upTo?: number): Promise<{ snapshot: SnapshotRecord | null; actions: ActionRecord[] }> {
    const rows = await this.sql.query<{ snapshot: SnapshotRecord | null; actions: Record<string, unknown>[] }>(
      LOAD_LOG_SQL, [gameId, rulesetVersion, upTo ?? MAX_SEQ],
    );
    const r = rows[0];
    const s = r?.snapshot ?? null;
    return {
      snapshot: s ? { seq: s.seq, rulesetVersion: s.rulesetVersion, state: s.state, hash: s.hash } : null,
      actions: (r?.actions ?? []).map(actionRow),
    };
  }

  async actionsAfter(gameId: string, after: number, limit: number): Promise<ActionRecord[]> {
    const rows = await this.sql.query(
      `SELECT ${ACTION_COLS} FROM actions WHERE game_id = $1::text AND seq > $2::int ORDER BY seq LIMIT $3::int`,
      [gameId, after, limit],
    );
    return rows.map(actionRow);
  }

  async findByIdempotencyKey(gameId: string, key: string): Promise<ActionRecord | null> {
    const rows = await this.sql.query(
      `SELECT ${ACTION_COLS} FROM actions WHERE game_id = $1::text AND idempotency_key = $2::text`, [gameId, key],
    );
    return rows.length ? actionRow(rows[0]) : null;
  }

  async append(gameId: string, expectedVersion: number, plan: AppendPlan, clearSealed?: string): Promise<AppendOutcome> {
    if (plan.inTx) return appendInTx(this.sql, gameId, expectedVersion, plan, clearSealed);
    if (this.appends && !clearSealed) return this.appends.submit({ gameId, expectedVersion, plan });
    return appendOn(this.sql, gameId, expectedVersion, plan, clearSealed);
  }

  async commitSealed(
    gameId: string,
    expectedVersion: number,
    commit: SealedCommitRecord,
    close: (commits: SealedCommitRecord[]) => AppendPlan | null,
  ): Promise<SealedCommitOutcome> {
    return this.sql.tx(async (tx) => {
      const g = await tx.query<{ version: number }>(`SELECT version FROM games WHERE id = $1::text FOR UPDATE`, [gameId]);
      if (g.length === 0) return { ok: false as const, reason: 'not_found' as const };
      if (g[0].version !== expectedVersion) return { ok: false as const, reason: 'conflict' as const, version: g[0].version };
      const rows = await tx.query<SealedCommitRecord & { replaced: boolean }>(
        SEALED_UPSERT_SQL, [gameId, commit.group, commit.seat, commit.decision, JSON.stringify(commit.action ?? null)],
      );
      // xmax is set on a row an upsert updated (the seat had a commit held already), zero on an insert.
      const replaced = rows.some((r) => r.seat === commit.seat && r.replaced);
      const commits = rows.map((r) => ({ group: r.group, seat: r.seat, decision: r.decision, action: r.action }));
      const plan = close(commits);
      if (!plan) return { ok: true as const, closed: false, replaced };
      const out = await appendOn(tx, gameId, expectedVersion, plan, commit.group, true);
      // Cannot fail under the row lock unless the plan reuses an idempotency key.
      if (!out.ok) throw new Error(`commitSealed: closing append failed (${out.reason})`);
      await plan.inTx?.(tx);
      return { ok: true as const, closed: true, replaced };
    });
  }

  async sealedCommits(gameId: string, group: string): Promise<SealedCommitRecord[]> {
    const rows = await this.sql.query<SealedCommitRecord>(
      `SELECT group_id AS "group", seat, decision, action FROM sealed_commits
       WHERE game_id = $1::text AND group_id = $2::text ORDER BY seat`,
      [gameId, group],
    );
    return rows.map((r) => ({ group: r.group, seat: r.seat, decision: r.decision, action: r.action }));
  }

  async claimOutbox(limit: number, now: Date): Promise<OutboxRecord[]> {
    if (limit <= 0) return [];
    const rows = await this.sql.query(CLAIM_OUTBOX_SQL, [limit, now, this.leaseMs]);
    return rows.map(outboxRow).sort((a, b) => {
      const ta = (a.runAt ?? a.createdAt).getTime();
      const tb = (b.runAt ?? b.createdAt).getTime();
      return ta - tb || Number(BigInt(a.id) - BigInt(b.id));
    });
  }

  async completeOutbox(id: string): Promise<void> {
    await this.sql.query(
      `UPDATE outbox SET status = 'done', claimed_until = NULL, updated_at = now() WHERE id = $1::bigint`, [id],
    );
  }

  async failOutbox(id: string, error: string, retryAt: Date | null): Promise<void> {
    await this.sql.query(
      `UPDATE outbox SET last_error = $2::text, claimed_until = NULL, updated_at = now(),
         status = CASE WHEN $3::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
         run_at = COALESCE($3::timestamptz, run_at)
       WHERE id = $1::bigint`,
      [id, error, retryAt],
    );
  }

  async addWebhook(w: Omit<WebhookRecord, 'createdAt'>): Promise<WebhookRecord> {
    const r = await this.prisma.webhook.create({
      data: { id: w.id, gameId: w.gameId, url: w.url, events: w.events, secret: w.secret, format: w.format },
    });
    return { id: r.id, gameId: r.gameId, url: r.url, events: r.events, secret: r.secret, format: r.format, createdAt: r.createdAt };
  }

  async listWebhooks(gameId: string): Promise<WebhookRecord[]> {
    const rows = await this.prisma.webhook.findMany({ where: { gameId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return rows.map((r) => ({ id: r.id, gameId: r.gameId, url: r.url, events: r.events ?? [], secret: r.secret, format: r.format, createdAt: r.createdAt }));
  }

  async deleteWebhook(gameId: string, id: string): Promise<boolean> {
    const r = await this.prisma.webhook.deleteMany({ where: { id, gameId } });
    return r.count > 0;
  }

  async recordDelivery(d: DeliveryRecord): Promise<void> {
    const data = { webhookId: d.webhookId, event: d.event, attempt: d.attempt, status: d.status, error: d.error, at: d.at };
    await this.prisma.delivery.upsert({ where: { id: d.id }, create: { id: d.id, ...data }, update: data });
  }

  async deliveredOk(webhookId: string, delivery: string): Promise<boolean> {
    const rows = await this.sql.query(
      `SELECT 1 FROM deliveries WHERE webhook_id = $1::text AND starts_with(id, $2::text) AND status BETWEEN 200 AND 299 LIMIT 1`,
      [webhookId, `${delivery}#`],
    );
    return rows.length > 0;
  }

  async listDeliveries(webhookId: string): Promise<DeliveryRecord[]> {
    const rows = await this.prisma.delivery.findMany({ where: { webhookId }, orderBy: [{ at: 'asc' }, { id: 'asc' }] });
    return rows.map((r) => ({ id: r.id, webhookId: r.webhookId, event: r.event, attempt: r.attempt, status: r.status, error: r.error, at: r.at }));
  }

  async setSeatOrders(gameId: string, seat: number, orders: unknown[]): Promise<void> {
    const data = { orders: orders as never, updatedAt: new Date() };
    await this.prisma.seatOrders.upsert({ where: { gameId_seat: { gameId, seat } }, create: { gameId, seat, ...data }, update: data });
  }

  async seatOrders(gameId: string): Promise<Record<number, unknown[]>> {
    const rows = await this.prisma.seatOrders.findMany({ where: { gameId } });
    const out: Record<number, unknown[]> = {};
    for (const r of rows) if (Array.isArray(r.orders) && r.orders.length) out[r.seat] = r.orders;
    return out;
  }

  async addChat(gameId: string, seat: number, text: string): Promise<ChatRecord> {
    const r = await this.prisma.chatMessage.create({ data: { gameId, seat, text } });
    return { id: Number(r.id), seat: r.seat, text: r.text, at: r.createdAt };
  }

  async listChat(gameId: string, after: number, limit: number): Promise<ChatRecord[]> {
    const rows = await this.prisma.chatMessage.findMany({ where: { gameId, id: { gt: BigInt(after) } }, orderBy: { id: 'asc' }, take: limit });
    return rows.map((r) => ({ id: Number(r.id), seat: r.seat, text: r.text, at: r.createdAt }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.prisma.$disconnect();
    await this.opts.onClose?.();
  }
}

/**
 * One statement: bump the version iff it is still `expectedVersion`, insert the action and
 * everything that goes with it. Zero rows touched means another writer won (or no game);
 * a unique violation on the idempotency key rolls the whole statement back.
 */
async function appendOn(
  sql: Sql, gameId: string, expectedVersion: number, plan: AppendPlan, clearSealed?: string | null, inTx = false,
): Promise<AppendOutcome> {
  assertNextSeq(expectedVersion, plan);
  const q = appendSqlCached(!!outboxJson(plan.outbox), !!plan.snapshot, !!clearSealed, !!cancelJson(plan.outbox));
  let written = 0;
  let outbox = 0;
  try {
    const rows = await sql.query<{ n: number; outbox: number }>(q, appendArgs(gameId, expectedVersion, plan, clearSealed));
    written = rows[0]?.n ?? 0;
    outbox = rows[0]?.outbox ?? 0;
  } catch (e) {
    // A unique violation: the idempotency key (or, in a corrupt log, the seq). Nothing was written.
    if (pgErrorCode(e) !== '23505' || inTx) throw e;
  }
  if (written === 1) return { ok: true, outbox };
  if (inTx) return { ok: false, reason: 'conflict', version: -1 };
  return whyNotAppended(sql, gameId, expectedVersion, plan);
}

/** An append whose plan carries work for the same transaction (AppendPlan.inTx): one transaction, else nothing. */
async function appendInTx(sql: Sql, gameId: string, expectedVersion: number, plan: AppendPlan, clearSealed?: string): Promise<AppendOutcome> {
  let out: AppendOutcome | null = null;
  try {
    out = await sql.tx(async (tx) => {
      const o = await appendOn(tx, gameId, expectedVersion, plan, clearSealed, true);
      if (o.ok) await plan.inTx!(tx);
      return o;
    });
  } catch (e) {
    if (pgErrorCode(e) !== '23505') throw e; // the idempotency key: nothing written, tell why below
  }
  if (out?.ok) return out;
  return whyNotAppended(sql, gameId, expectedVersion, plan);
}

function assertNextSeq(expectedVersion: number, plan: AppendPlan): void {
  if (plan.action.seq !== undefined && plan.action.seq !== expectedVersion + 1) {
    throw new Error(`append: action.seq ${plan.action.seq} must be expectedVersion + 1 (${expectedVersion + 1})`);
  }
}

/** Slow path of an append that wrote nothing: one round trip reads the current version and the key's action. */
async function whyNotAppended(sql: Sql, gameId: string, expectedVersion: number, plan: AppendPlan): Promise<AppendOutcome> {
  const key = plan.action.idempotencyKey ?? null;
  const rows = await sql.query<{ version: number | null; action: Record<string, unknown> | null }>(
    `SELECT (SELECT version FROM games WHERE id = $1::text) AS version,
       (SELECT json_build_object('seq', a.seq, 'seat', a.seat, 'entry', a.entry, 'events', a.events, 'hash', a.hash,
          'idempotencyKey', a.idempotency_key, 'response', a.response, 'createdAt', a.created_at)
        FROM actions a WHERE a.game_id = $1::text AND $2::text IS NOT NULL AND a.idempotency_key = $2::text) AS action`,
    [gameId, key],
  );
  const r = rows[0];
  if (r?.action) return { ok: false, reason: 'duplicate', action: actionRow(r.action) };
  if (r?.version === null || r?.version === undefined) return { ok: false, reason: 'not_found' };
  // Still at the expected version: only the webhook guard can have held the append back.
  if (r.version === expectedVersion && plan.webhooks === false) return { ok: false, reason: 'webhooks_added' };
  return { ok: false, reason: 'conflict', version: r.version };
}

export interface AppendItem {
  gameId: string;
  expectedVersion: number;
  plan: AppendPlan;
}

/**
 * Several games' appends in ONE statement (group commit, see group-commit.ts): the same work
 * as appendSql per item (guarded version bump, action, conditional outbox rows, cancelled
 * rows, snapshot), all or nothing. Items travel as one JSON array; json (not jsonb) keeps
 * each value's text, so entries and snapshots keep their key order.
 */
const APPEND_BATCH_SQL = `WITH x AS (
    SELECT * FROM json_to_recordset($1::json) AS x(i int, game_id text, expected int, status text, result json, seat int,
      entry json, events json, hash text, idem text, response json, created_at timestamptz, outbox json, snapshot json, cancel json,
      webhooks boolean)),
  g AS (UPDATE games SET version = x.expected + 1, status = x.status, result = x.result, updated_at = now()
    FROM x WHERE games.id = x.game_id AND games.version = x.expected AND (${noWebhookAdded('x.webhooks', 'x.game_id')})
    RETURNING games.id AS game_id, x.i),
  w AS (SELECT x.* FROM x JOIN g ON g.i = x.i),
  a AS (INSERT INTO actions (game_id, seq, seat, entry, events, hash, idempotency_key, response, created_at)
    SELECT w.game_id, w.expected + 1, w.seat, w.entry, w.events, w.hash, w.idem, w.response, COALESCE(w.created_at, now()) FROM w
    RETURNING game_id),
  o AS (INSERT INTO outbox (game_id, kind, dedup_key, payload, run_at)
    SELECT w.game_id, y.kind, y."dedupKey", COALESCE(y.payload, 'null'::json), y."runAt"
    FROM w CROSS JOIN LATERAL json_to_recordset(w.outbox) AS y(kind text, "dedupKey" text, payload json, "runAt" timestamptz, requires text)
    WHERE w.outbox IS NOT NULL
      AND (y.requires IS NULL OR (y.requires = 'webhook' AND ${hasWebhook('w.game_id')}))
    ON CONFLICT (game_id, kind, dedup_key) DO NOTHING RETURNING game_id),
  s AS (INSERT INTO snapshots (game_id, seq, ruleset_version, state, hash)
    SELECT w.game_id, (w.snapshot->>'seq')::int, w.snapshot->>'rulesetVersion', w.snapshot->'state', w.snapshot->>'hash'
    FROM w WHERE w.snapshot IS NOT NULL
    ON CONFLICT (game_id, seq) DO UPDATE SET ruleset_version = EXCLUDED.ruleset_version, state = EXCLUDED.state,
      hash = EXCLUDED.hash, created_at = now()),
  c AS (DELETE FROM outbox b USING w CROSS JOIN LATERAL json_to_recordset(w.cancel) AS z(kind text, "dedupKey" text)
    WHERE w.cancel IS NOT NULL AND b.game_id = w.game_id AND b.status = 'pending' AND b.kind = z.kind AND b.dedup_key = z."dedupKey")
  SELECT g.i, (SELECT count(*) FROM o WHERE o.game_id = g.game_id)::int AS outbox FROM g`;

function batchItemJson(it: AppendItem, i: number): string {
  const { plan, gameId, expectedVersion } = it;
  const a = plan.action;
  assertNextSeq(expectedVersion, plan);
  const ob = outboxJson(plan.outbox);
  const cx = cancelJson(plan.outbox);
  // Pieces already serialized (outbox, cancel) are spliced in as they are.
  return `{"i":${i},"game_id":${JSON.stringify(gameId)},"expected":${expectedVersion},"status":${JSON.stringify(plan.status)},`
    + `"result":${JSON.stringify(plan.result ?? null)},"seat":${JSON.stringify(a.seat ?? null)},"entry":${plan.json?.entry ?? JSON.stringify(a.entry ?? null)},`
    + `"events":${plan.json?.events ?? JSON.stringify(a.events ?? [])},"hash":${JSON.stringify(a.hash)},"idem":${JSON.stringify(a.idempotencyKey ?? null)},`
    + `"response":${JSON.stringify(a.response ?? null)},"created_at":${JSON.stringify(a.createdAt ?? null)},"outbox":${ob ?? 'null'},`
    + `"snapshot":${plan.snapshot ? JSON.stringify({ seq: plan.snapshot.seq, rulesetVersion: plan.snapshot.rulesetVersion, state: plan.snapshot.state ?? null, hash: plan.snapshot.hash }) : 'null'},`
    + `"cancel":${cx ?? 'null'},"webhooks":${plan.webhooks ?? null}}`;
}

/** Appends of distinct items in one statement; per item the outcome (conflicts via the slow path). Throws: nothing written. */
export async function appendBatch(sql: Sql, items: AppendItem[]): Promise<AppendOutcome[]> {
  const rows = await sql.query<{ i: number; outbox: number }>(APPEND_BATCH_SQL, [`[${items.map(batchItemJson).join(',')}]`]);
  const done = new Map(rows.map((r) => [r.i, r.outbox]));
  return Promise.all(items.map((it, i) => (done.has(i)
    ? Promise.resolve<AppendOutcome>({ ok: true, outbox: done.get(i) })
    : whyNotAppended(sql, it.gameId, it.expectedVersion, it.plan))));
}
