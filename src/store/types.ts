// The persistence boundary. The service speaks only this interface; implementations:
// Prisma over Postgres (@prisma/adapter-pg) or PGlite (pglite-prisma-adapter).
// The log is the truth; snapshots are a cache keyed by ruleset version.

export type GameStatus = 'active' | 'finished';

export interface GameRecord {
  id: string;
  ruleset: string;
  rulesetVersion: string;
  scenario: string;
  options: unknown;
  /** Secret until the end: never leaves the service while status is 'active'. */
  seed: string;
  seedHash: string;
  status: GameStatus;
  /** Entries committed after setup (setup is seq 0, so version == last seq). */
  version: number;
  result: unknown | null;
  /** Deadline policy and other per-game service settings (JSON). */
  policy: unknown | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SeatRecord {
  index: number;
  name: string;
  kind: 'human' | 'ai';
  aiLevel: string | null;
  /** sha256 of the seat token; null for an open seat nobody has claimed yet. */
  tokenHash: string | null;
  /** The player this seat is bound to (issue 19), if any: that player's keys act for it. */
  playerId?: string | null;
}

export interface ActionRecord {
  seq: number;
  /** The seat that submitted it (null: setup, deadline default, sealed close). */
  seat: number | null;
  /** The kernel Entry (JSON). */
  entry: unknown;
  /** The kernel GameEvents with their audiences (JSON). */
  events: unknown;
  /** The hash chain after this entry (src/engine/chain.ts: v1 hashes each state, v2 the entry and events with periodic state checkpoints). */
  hash: string;
  idempotencyKey: string | null;
  /** The answer returned to the submitter, kept for idempotent retries (JSON). */
  response: unknown | null;
  createdAt?: Date;
}

export interface SnapshotRecord {
  seq: number;
  rulesetVersion: string;
  state: unknown;
  hash: string;
}

export interface OutboxItem {
  /** e.g. 'ai', 'deadline', 'webhook', 'notify' */
  kind: string;
  /** Unique per kind when set: a second insert with the same key is ignored (job dedup). */
  dedupKey?: string | null;
  payload: unknown;
  /** Not before this time (deadlines). */
  runAt?: Date | null;
  /**
   * Written only if the game has a webhook at commit time (checked inside the same statement,
   * so correct across processes): games without webhooks pay nothing for them.
   */
  requires?: 'webhook' | null;
  /**
   * Not a new row: delete the pending row of this (kind, dedupKey) in the same transaction
   * (a deadline whose decision this commit answered is cancelled, not merely ignored later).
   */
  cancel?: boolean;
}

export interface OutboxRecord extends Required<Omit<OutboxItem, 'dedupKey' | 'runAt' | 'requires' | 'cancel'>> {
  id: string;
  gameId: string;
  dedupKey: string | null;
  runAt: Date | null;
  attempts: number;
  status: 'pending' | 'done' | 'failed';
  lastError: string | null;
  createdAt: Date;
}

export interface SealedCommitRecord {
  group: string;
  seat: number;
  decision: string;
  action: unknown;
}

export type SealedCommitOutcome =
  | { ok: true; closed: boolean; replaced: boolean }
  | { ok: false; reason: 'conflict'; version: number }
  | { ok: false; reason: 'not_found' };

/** What to write when appending one entry: all in one transaction, or nothing. */
export interface AppendPlan {
  action: ActionRecord;
  status: GameStatus;
  result: unknown | null;
  outbox: OutboxItem[];
  /** action.entry and action.events already serialized (chain.ts loggedJson): written as they are. */
  json?: { entry: string; events: string };
  /** Written in the same transaction when present (a cache of the state at action.seq). */
  snapshot?: SnapshotRecord | null;
  /**
   * false: the committer left out webhook rows because the game had no webhook when it was
   * loaded. The append then writes nothing (reason 'webhooks_added') if the game has one now,
   * so no event is lost to a webhook registered meanwhile. Absent: no such check.
   */
  webhooks?: boolean;
  /**
   * Work that must commit with this append or not at all (ratings of a game this entry ends):
   * run inside the append's transaction after the entry is written. Such appends skip group commit.
   */
  inTx?: (sql: import('./prisma-store.js').Sql) => Promise<void>;
}

export type AppendOutcome =
  /** `outbox`: rows actually written (conditional rows may be skipped). */
  | { ok: true; outbox?: number }
  /** The game's version is no longer expectedVersion (another writer won). */
  | { ok: false; reason: 'conflict'; version: number }
  /** The idempotency key was used before: the stored action, nothing written. */
  | { ok: false; reason: 'duplicate'; action: ActionRecord }
  | { ok: false; reason: 'not_found' }
  /** The plan assumed no webhooks (`webhooks: false`) and the game has one now: nothing written. */
  | { ok: false; reason: 'webhooks_added' };

export interface WebhookRecord {
  id: string;
  gameId: string;
  url: string;
  events: string[];
  secret: string;
  format: string;
  createdAt: Date;
}

export interface DeliveryRecord {
  id: string;
  webhookId: string;
  event: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: Date;
}

export interface ChatRecord {
  id: number;
  seat: number;
  text: string;
  at: Date;
}

/** Where a game stands in the list of games (listGames' order). */
export interface GamePosition {
  createdAt: Date;
  id: string;
}

export interface Store {
  /** Creates the game, its seats and the setup entry (seq 0), plus outbox rows, atomically. */
  createGame(g: GameRecord, seats: SeatRecord[], setup: ActionRecord, outbox: OutboxItem[]): Promise<void>;
  /** `webhooks`: whether the game has any (a commit may leave out webhook rows when not). */
  getGame(id: string): Promise<{ game: GameRecord; seats: SeatRecord[]; webhooks: boolean } | null>;
  /**
   * Games newest first (created_at to the millisecond, then id). `after`: only those listed
   * after that game (cursor paging; a game created since never shifts a page).
   */
  listGames(opts: { status?: GameStatus; limit: number; offset: number; after?: GamePosition }): Promise<GameRecord[]>;
  /** How many games listGames lists in all. */
  countGames(opts: { status?: GameStatus }): Promise<number>;
  /** Sets the token hash of a seat that has none; false if already claimed or absent. */
  claimSeat(gameId: string, index: number, tokenHash: string, name?: string, playerId?: string): Promise<boolean>;

  /**
   * The newest snapshot with this rulesetVersion at or below `upTo` (default: latest),
   * and every action after it up to `upTo`, in seq order. With no usable snapshot,
   * all actions from seq 0.
   */
  loadLog(gameId: string, rulesetVersion: string, upTo?: number): Promise<{ snapshot: SnapshotRecord | null; actions: ActionRecord[] }>;
  /** Actions with seq > after, in order, at most `limit`. */
  actionsAfter(gameId: string, after: number, limit: number): Promise<ActionRecord[]>;
  findByIdempotencyKey(gameId: string, key: string): Promise<ActionRecord | null>;

  /**
   * Appends at seq = expectedVersion + 1 and moves the game's version/status/result in one
   * transaction. Exactly one of several concurrent writers at the same version succeeds.
   * When `clearSealed` is set, the held commits of that group are deleted in the same transaction.
   */
  append(gameId: string, expectedVersion: number, plan: AppendPlan, clearSealed?: string): Promise<AppendOutcome>;

  /**
   * Holds (or replaces) a seat's sealed commit, serialised per game (row lock), while the game
   * is still at expectedVersion. Then calls `close` with all held commits of the group, inside
   * the same transaction and lock; if it returns a plan, that plan is appended (at
   * expectedVersion + 1) and the group's commits deleted, atomically. `replaced`: the seat had
   * a commit held in the group already, which this one replaced.
   */
  commitSealed(
    gameId: string,
    expectedVersion: number,
    commit: SealedCommitRecord,
    close: (commits: SealedCommitRecord[]) => AppendPlan | null,
  ): Promise<SealedCommitOutcome>;
  sealedCommits(gameId: string, group: string): Promise<SealedCommitRecord[]>;

  // Outbox: rows written with actions; claimed by the dispatcher after commit.
  /** Claims up to `limit` pending rows whose runAt has passed (SKIP LOCKED where supported). */
  claimOutbox(limit: number, now: Date): Promise<OutboxRecord[]>;
  completeOutbox(id: string): Promise<void>;
  failOutbox(id: string, error: string, retryAt: Date | null): Promise<void>;

  // Webhooks (issue 4 uses these).
  addWebhook(w: Omit<WebhookRecord, 'createdAt'>): Promise<WebhookRecord>;
  listWebhooks(gameId: string): Promise<WebhookRecord[]>;
  deleteWebhook(gameId: string, id: string): Promise<boolean>;
  recordDelivery(d: DeliveryRecord): Promise<void>;
  /** Whether an attempt of this delivery (DeliveryRecord ids start with `<delivery>#`) got a 2xx. */
  deliveredOk(webhookId: string, delivery: string): Promise<boolean>;
  listDeliveries(webhookId: string): Promise<DeliveryRecord[]>;

  // Standing orders: per seat, private, replaced whole.
  setSeatOrders(gameId: string, seat: number, orders: unknown[]): Promise<void>;
  /** Every seat's orders of a game (seats without orders are absent). */
  seatOrders(gameId: string): Promise<Record<number, unknown[]>>;

  // Table talk (public to everyone at the table; not game state).
  addChat(gameId: string, seat: number, text: string): Promise<ChatRecord>;
  listChat(gameId: string, after: number, limit: number): Promise<ChatRecord[]>;

  close(): Promise<void>;
}
