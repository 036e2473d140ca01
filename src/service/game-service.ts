// The use cases, shared by REST and GraphQL: create, claim, act, view, log, replay, resign,
// verify. No HTTP here. Every write is one store transaction; clients hear of it after commit.
import { Ajv } from 'ajv';
import { type ChainFormat, chainFormat, CURRENT_CHAIN, loggedJson, nextHash, startChain } from '../engine/chain.js';
import {
  applyEntry, decisionForSeatIn, decisionsIn, eventsFor, findIn, KernelError,
  actionShapeViolation, openDecisions, ownedMinted, ownedResult, resultOf, setupGame, validateAnswer, type KState,
} from '../engine/kernel.js';
import { entryRng, localRng, newSeed, seedHash } from '../engine/rng.js';
import type { Decision, Entry, GameEvent, Result, Ruleset, Seat, SeatInfo, StandingOrder } from '../engine/types.js';
import { isViolation } from '../engine/types.js';
import { getRuleset, rulesets } from '../games/index.js';
import type { ActionRecord, AppendPlan, GamePosition, GameRecord, GameStatus, OutboxItem, SeatRecord, Store } from '../store/types.js';
import { gameTopic, ORDERS_ANY, publishChat, publishCommit, publishOrdersChanged, type Bus, type CommitNotice } from './bus.js';
import { checkOrders, coveredAnswer } from './standing-orders.js';
import { probes } from './probes.js';
import { AfterQuery, ChatQuery, checkInput, ClaimBody, CreateGameBody, IdempotencyKey, ListQuery, SubmitOptions } from './input.js';
import { fromViolation, notFound, ServiceError } from './errors.js';
import { hashToken, newGameId, newToken, sameHash } from './tokens.js';
import { analysisFields, fullReplay, gameRng, NO_SNAPSHOT, Replayer, sandboxOf, sandboxPolicy, sandboxReport, setupFor, type SandboxInput, type SandboxPolicy, type TakebackPolicy } from './analysis.js';
import { answerTakeback, forkGame, positionAt, requestTakeback } from './analysis-ops.js';
import { labelsOf, lazyView, withText } from './words.js';
import { heldCommits, markHeld } from './sealed-view.js';
import { withDue } from './due.js';
import { decodeGameCursor, gamePage } from './paging.js';

export interface SeatSpec {
  name: string;
  ai?: { level: string } | null;
  /** Leave the seat for someone to claim later (no token issued now). */
  open?: boolean;
  /** Bind the seat to a player (issue 19): no token; the player's keys act for it. */
  player?: string;
}

export interface CreateGameInput {
  ruleset: string;
  scenario?: string;
  seats: SeatSpec[];
  options?: unknown;
  /** Service settings: deadlines and the like (see the async-play docs). */
  policy?: unknown;
  /** A sandbox game (docs/ANALYSIS.md): from a position, with scripted dice. */
  sandbox?: SandboxInput;
  /** Takebacks with consent (docs/ANALYSIS.md); off by default. */
  takebacks?: TakebackPolicy;
  /** A fork's state (analysis-ops.ts), never from a client body. */
  fork?: { state: unknown; forkOf: NonNullable<SandboxPolicy['forkOf']> };
  /** Players feature (issue 19): rated, left out of the lobby, with an invitation code. */
  rated?: boolean;
  unlisted?: boolean;
  invite?: boolean;
  /** A campaign's games (campaigns.ts), never from a client body: human seats take these token hashes, no new tokens. */
  seatTokenHashes?: (string | null)[];
}

/** A game loaded in memory: the record, its seats, the kernel state and the hash chain head. */
export interface LoadedGame {
  game: GameRecord;
  seats: SeatRecord[];
  rs: Ruleset;
  k: KState<any>;
  hash: string;
  /**
   * Whether the game had a webhook when loaded. Without one a commit leaves out the webhook
   * rows (their bodies are most of a move's outbox); the append checks that none was added.
   */
  hooks: boolean;
  /** When this copy was last known to be the head (read from the store or committed here). */
  checkedAt?: number;
}

/** What a commit hands to the planners that write outbox rows in the same transaction. */
export interface CommitContext {
  before: LoadedGame;
  after: { k: KState<any>; status: GameRecord['status']; result: Result | null; version: number };
  entry: Entry<any> | null;
  events: GameEvent[];
  decisions: Decision[];
  /** Whether to write webhook rows: the game had a webhook when loaded, or the commit must not fail on one added since. */
  webhookRows: boolean;
}

export type OutboxPlanner = (c: CommitContext) => OutboxItem[];

/** Work a commit must do in its own transaction (e.g. ratings when a game ends), or null. */
export type TxPlanner = (c: CommitContext) => AppendPlan['inTx'] | null;

/** Extension points of the players feature (src/players): absent, the service is as before. */
export interface ServiceHooks {
  /** A bearer that is not a seat token (a player key): the caller's seat in this game, or null. */
  keyAuth?: (gameId: string, token: string, g: () => Promise<LoadedGame>) => Promise<Seat | null>;
  isKey?: (token: string) => boolean;
  /** Checks a new game's input (e.g. that bound players exist) before anything is written. */
  beforeCreate?: (input: CreateGameInput) => Promise<void>;
  /** After the game is stored: extra fields for the creation answer (e.g. an invitation code). */
  afterCreate?: (input: CreateGameInput, gameId: string) => Promise<Record<string, unknown>>;
  /** The lobby (listGames with open=true): listed active games with an open seat, in listGames' order, and how many in all. */
  lobby?: (opts: { limit: number; offset: number; after?: GamePosition }) => Promise<{ games: { id: string; createdAt: string }[]; total: number }>;
}

export interface ServiceOptions {
  store: Store;
  bus: Bus;
  /** Write a snapshot every N entries (0: never). */
  snapshotEvery?: number;
  /** Called after each commit so queued work is dispatched promptly. */
  afterCommit?: () => void;
  planners?: OutboxPlanner[];
  cacheSize?: number;
  /**
   * How long reads (game, legal actions) may serve a cached game without asking the store,
   * unless a commit notice on the bus says it moved (default 2000 ms; 0 = always ask). Writes
   * never depend on it: the append checks the version in the database.
   */
  readCacheMs?: number;
  /**
   * The hash chain format new games get (src/engine/chain.ts; default CURRENT_CHAIN). Internal:
   * tests make 'v1' games as they were written before v2. A game keeps its format for life.
   */
  chainFormat?: ChainFormat;
}

export interface SubmitInput {
  expectedVersion?: number;
  decision?: string;
  action: unknown;
  idempotencyKey?: string;
}

export interface SubmitResult {
  version: number;
  /** A sealed commit is held, not logged: the version does not move until the group closes. */
  sealed?: { group: string; held: true; closed: boolean; replaced?: boolean };
  events: { type: string; data: unknown }[];
}

/**
 * Who the game waits for once a call is done (standing orders included): its version then,
 * its status, and the seats with an open decision. Decisions are public by design (DESIGN
 * "no leak through decisions"), and members of a sealed group stay listed until it closes,
 * so this says nothing about who has committed.
 */
export interface ToAct {
  version: number;
  status: GameStatus;
  seats: Seat[];
}

const ajv = new Ajv({ allErrors: true, strict: false });

export class GameService {
  private cache = new Map<string, LoadedGame>();
  private readonly store: Store;
  private readonly bus: Bus;
  private readonly snapshotEvery: number;
  private readonly planners: OutboxPlanner[];
  private readonly cacheSize: number;
  private readonly readCacheMs: number;

  constructor(private readonly o: ServiceOptions) {
    this.store = o.store;
    this.bus = o.bus;
    this.snapshotEvery = o.snapshotEvery ?? 50;
    this.planners = o.planners ?? [];
    this.cacheSize = o.cacheSize ?? 2000;
    this.readCacheMs = o.readCacheMs ?? 2000;
    // A commit made by another process (a worker's bot move) makes our copy stale at once.
    this.bus.on(gameTopic('+'), (msg: Record<string, unknown>, done: () => void) => {
      const n = msg.payload as CommitNotice;
      const c = this.cache.get(n.gameId);
      if (c && n.version > c.k.seq) this.cache.delete(n.gameId);
      done();
    });
    this.bus.on(ORDERS_ANY, (msg: Record<string, unknown>, done: () => void) => {
      this.ordersCache.delete((msg.payload as { gameId: string }).gameId);
      done();
    });
  }

  addPlanner(p: OutboxPlanner): void {
    this.planners.push(p);
  }

  private readonly txPlanners: TxPlanner[] = [];
  readonly hooks: ServiceHooks = {};

  addTxPlanner(p: TxPlanner): void {
    this.txPlanners.push(p);
  }

  get storeRef(): Store {
    return this.store;
  }

  // ---------- rulesets ----------

  listRulesets() {
    return rulesets().map((r) => ({
      id: r.id,
      version: r.version,
      title: r.title,
      players: r.players,
      scenarios: r.scenarios.map((s) => ({ id: s.id, title: s.title, players: s.players, notes: s.notes ?? null })),
      optionsSchema: r.optionsSchema,
    }));
  }

  /** The ruleset a game runs under: its own version when still installed, else the current one. */
  private ruleset(id: string, version?: string): Ruleset {
    const rs = getRuleset(id, version);
    if (!rs) throw new ServiceError(503, 'ruleset_unavailable', `ruleset ${id} is not installed on this server`);
    return rs;
  }

  // ---------- create / claim / auth ----------

  async createGame(raw: CreateGameInput) {
    // One contract for both doors (input.ts): `policy` is the body's `deadlines`.
    const { policy, fork, seatTokenHashes, ...rest } = raw;
    const given = (policy as { deadlines?: unknown } | null | undefined)?.deadlines;
    const { deadlines, rated, unlisted, invite, ...body } = checkInput(CreateGameBody, given === undefined ? rest : { ...rest, deadlines: given }, 'input');
    const { sandbox: sandboxIn, takebacks, ...plain } = body as typeof body & { sandbox?: SandboxInput; takebacks?: TakebackPolicy };
    if (rated && (sandboxIn || fork)) throw new ServiceError(422, 'sandbox_unrated', 'a sandbox game is never rated');
    const flags = { ...(rated ? { rated } : {}), ...(unlisted ? { unlisted } : {}), ...(invite ? { invite } : {}) };
    const input: CreateGameInput = { ...plain, policy: deadlines || Object.keys(flags).length ? { ...(deadlines ? { deadlines } : {}), ...flags } : null };
    const rs = getRuleset(input.ruleset);
    if (!rs) throw new ServiceError(422, 'unknown_ruleset', `no ruleset ${input.ruleset}`, { known: rulesets().map((r) => r.id) });
    // Without a scenario, the ruleset's first one that is played with this many seats.
    const scenario = input.scenario ?? defaultScenario(rs, input.seats.length);
    const info = rs.scenarios.find((s) => s.id === scenario);
    if (!info) {
      throw new ServiceError(422, 'unknown_scenario', `${rs.id} has no scenario ${scenario}`, { known: rs.scenarios.map((s) => s.id) });
    }
    const counts = Array.isArray(info.players) ? info.players : [info.players];
    if (!counts.includes(input.seats.length)) {
      throw new ServiceError(422, 'wrong_seat_count', `scenario ${scenario} is for ${counts.join(' or ')} players, got ${input.seats.length}`);
    }
    const options = input.options ?? {};
    const check = ajv.compile(rs.optionsSchema);
    if (!check(options)) throw new ServiceError(400, 'invalid_options', 'options do not match the ruleset schema', check.errors);
    for (const s of input.seats) {
      if (s.ai && s.open) throw new ServiceError(400, 'invalid_seat', `seat ${s.name}: an AI seat cannot be open`);
      if (s.player && (s.ai || s.open)) throw new ServiceError(400, 'invalid_seat', `seat ${s.name}: a player's seat is neither AI nor open`);
      const levels = ['random', 'greedy', 'mcts', ...Object.keys(rs.soloBots ?? {})]; // generic bots, then the game's own
      if (s.ai && !levels.includes(s.ai.level)) {
        throw new ServiceError(400, 'invalid_seat', `seat ${s.name}: ${rs.id} offers the AI levels ${levels.join(', ')}`, { levels });
      }
    }

    await this.hooks.beforeCreate?.(input);
    const id = newGameId();
    const seed = newSeed();
    const sandbox: SandboxPolicy | null = fork ? { state: fork.state, forkOf: fork.forkOf, analysisToken: true } : sandboxPolicy(rs, sandboxIn);
    if (sandbox || takebacks?.allow) {
      if (sandbox && takebacks?.allow) throw new ServiceError(422, 'sandbox_takebacks', 'a sandbox game is rewound by forking it, not by takebacks');
      input.policy = { ...(input.policy as object | null), ...(sandbox ? { sandbox } : {}), ...(takebacks?.allow ? { takebacks } : {}) };
    }
    const seatInfos: SeatInfo[] = input.seats.map((s, index) => ({ index, name: s.name, ai: s.ai ?? null }));
    const made = setupFor(rs, { id, seed, policy: input.policy ?? null }, { scenario: scenario!, seats: seatInfos, options });
    if (isViolation(made)) throw fromViolation(made);

    // A sandbox's analysis token acts for every seat (one token, every human seat's hash).
    const analysisToken = sandbox?.analysisToken ? newToken() : null;
    const tokens: (string | null)[] = input.seats.map((s, i) => (s.ai || s.open || s.player || seatTokenHashes?.[i] ? null : analysisToken ?? newToken()));
    const seats: SeatRecord[] = input.seats.map((s, index) => ({
      index,
      name: s.name,
      kind: s.ai ? 'ai' : 'human',
      aiLevel: s.ai?.level ?? null,
      // A player's seat has a token nobody is told (it is not open); the player's keys act for it.
      tokenHash: tokens[index] ? hashToken(tokens[index]!) : s.player ? hashToken(newToken()) : (s.ai || s.open ? null : seatTokenHashes?.[index] ?? null),
      ...(s.player ? { playerId: s.player } : {}),
    }));
    const now = new Date();
    const result = resultOf(rs, made.k);
    const game: GameRecord = {
      id, ruleset: rs.id, rulesetVersion: rs.version, scenario: scenario!, options, seed, seedHash: seedHash(seed),
      status: result ? 'finished' : 'active', version: 0, result, policy: input.policy ?? null, createdAt: now, updatedAt: now,
    };
    const setupEntry = { kind: 'setup', scenario, seats: seatInfos, options };
    const hash = startChain(this.o.chainFormat ?? CURRENT_CHAIN, setupEntry, made.events, made.k);
    const setup: ActionRecord = { seq: 0, seat: null, entry: setupEntry, events: made.events, hash, idempotencyKey: null, response: null };
    const loaded: LoadedGame = { game, seats, rs, k: made.k, hash, hooks: false };
    const outbox = this.plan({
      before: loaded, after: { k: made.k, status: game.status, result, version: 0 }, entry: null, events: made.events,
      decisions: openDecisions(rs, made.k), webhookRows: false,
    });
    await this.store.createGame(game, seats, setup, outbox);
    this.remember(loaded);
    if (outbox.length) this.o.afterCommit?.();
    const extra = (await this.hooks.afterCreate?.(input, id)) ?? {};
    return {
      id, ruleset: rs.id, scenario, version: 0, seedHash: game.seedHash,
      seats: seats.map((s, i) => ({ index: s.index, name: s.name, kind: s.kind, aiLevel: s.aiLevel, token: tokens[i], ...(s.playerId ? { player: s.playerId } : {}) })),
      toAct: toActOf(loaded),
      sandbox: sandbox !== null, ...(analysisToken ? { analysisToken } : {}),
      ...extra,
    };
  }

  async claimSeat(gameId: string, index: number, name?: string, playerId?: string) {
    checkInput(ClaimBody, name === undefined || name === null ? {} : { name }, 'input');
    const g = await this.load(gameId);
    const seat = g.seats.find((s) => s.index === index);
    if (!seat) throw notFound('seat', `${gameId}/${index}`);
    if (seat.kind === 'ai' || seat.tokenHash) throw new ServiceError(409, 'seat_taken', `seat ${index} is not open`);
    const token = newToken();
    if (!(await this.store.claimSeat(gameId, index, hashToken(token), name, playerId))) {
      throw new ServiceError(409, 'seat_taken', `seat ${index} is not open`);
    }
    this.cache.delete(gameId);
    // Claimed by a player: the seat is theirs (their keys act for it), no token to hand out.
    if (playerId) return { index, name: name ?? seat.name, player: playerId };
    return { index, name: name ?? seat.name, token };
  }

  /** The seat a token belongs to; null without a token (a spectator). */
  async authenticate(gameId: string, token: string | null | undefined, asSeat?: number): Promise<Seat | null> {
    if (!token) return null;
    if (this.hooks.keyAuth && this.hooks.isKey?.(token)) return this.hooks.keyAuth(gameId, token, () => this.load(gameId));
    const h = hashToken(token);
    const c = this.cache.get(gameId);
    if (c && sandboxOf(c.game)?.analysisToken) {
      // A sandbox's analysis token matches every human seat: it acts as `asSeat` (X-Seat), else as the seat to move.
      const g = await this.load(gameId);
      const mine = g.seats.filter((s) => s.tokenHash && sameHash(s.tokenHash, h)).map((s) => s.index);
      if (mine.length > 1) {
        if (asSeat !== undefined && mine.includes(asSeat)) return asSeat;
        const open = decisionsOf(g);
        return (open.find((d) => d.blocking && mine.includes(d.seat)) ?? open.find((d) => mine.includes(d.seat)))?.seat ?? mine[0];
      }
    }
    // A seat's token never changes once set (claims only fill open seats), so a cached match
    // is final: no database read per request. A miss re-reads the game (a claim elsewhere).
    const cached = this.cache.get(gameId)?.seats.find((s) => s.tokenHash && sameHash(s.tokenHash, h));
    if (cached) return cached.index;
    const g = await this.load(gameId);
    const seat = g.seats.find((s) => s.tokenHash && sameHash(s.tokenHash, h));
    if (!seat) throw new ServiceError(401, 'invalid_token', 'this token is not a seat of this game');
    if (sandboxOf(g.game)?.analysisToken && g.seats.filter((s) => s.tokenHash && sameHash(s.tokenHash, h)).length > 1) return this.authenticate(gameId, token, asSeat);
    return seat.index;
  }

  /** A webhook was registered here: the cached game writes webhook rows from its next commit on. */
  webhookAdded(gameId: string): void {
    const c = this.cache.get(gameId);
    if (c) c.hooks = true;
  }

  requireSeat(seat: Seat | null): Seat {
    if (seat === null) throw new ServiceError(401, 'token_required', 'this call needs a seat token (Authorization: Bearer <token>)');
    return seat;
  }

  // ---------- loading ----------

  private remember(g: LoadedGame) {
    this.cache.delete(g.game.id);
    this.cache.set(g.game.id, g);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  /** The current game; `trustCache` skips the version check (writes detect staleness on append). */
  async load(gameId: string, trustCache = false): Promise<LoadedGame> {
    const cached = this.cache.get(gameId);
    if (cached && trustCache) return cached;
    const row = await this.store.getGame(gameId);
    if (!row) throw notFound('game', gameId);
    if (cached && cached.k.seq === row.game.version) {
      cached.game = row.game;
      cached.seats = row.seats;
      cached.hooks = row.webhooks;
      cached.checkedAt = Date.now();
      return cached;
    }
    const built = await this.rebuild(row.game, row.seats, undefined, row.webhooks);
    built.checkedAt = Date.now();
    this.remember(built);
    return built;
  }

  /**
   * The game for a read: the cached copy while it is recent and no commit notice said it moved
   * (no database round trip per poll), else `load`. `atLeast`: a version the caller knows exists.
   */
  private async read(gameId: string, atLeast = 0): Promise<LoadedGame> {
    const c = this.cache.get(gameId);
    if (c && c.k.seq >= atLeast && c.checkedAt !== undefined && Date.now() - c.checkedAt < this.readCacheMs) return c;
    return this.load(gameId);
  }

  /**
   * State at `upTo` (default: latest) from the newest usable snapshot plus the actions after it.
   * A game runs under the version of its ruleset it was begun under when that version is still
   * installed (src/games/index.ts `older`). Otherwise it is replayed under the current version
   * with its hash chain and events checked: if the installed rules give any entry other events or
   * a state the chain disagrees with (every state in a v1 chain, the checkpoints in a v2 one), the
   * game is refused (409 ruleset_diverged) rather than played on from states its players never
   * saw. The log is untouched; installing the game's version makes it playable again.
   */
  private async rebuild(game: GameRecord, seats: SeatRecord[], upTo?: number, hooks = true): Promise<LoadedGame> {
    const rs = this.ruleset(game.ruleset, game.rulesetVersion);
    const { snapshot, actions } = await this.store.loadLog(game.id, fullReplay(game) ? NO_SNAPSHOT : rs.version, upTo);
    const check = game.rulesetVersion !== rs.version;
    const diverged = (seq: number, why: string) => new ServiceError(409, 'ruleset_diverged',
      `game ${game.id} was begun under ${game.ruleset} ${game.rulesetVersion}; the installed ${rs.version} ${why} at entry ${seq}`,
      { gameVersion: game.rulesetVersion, installedVersion: rs.version, entry: seq });
    // An entry (0: the setup) the rules refuse on replay: a changed ruleset, else a broken log.
    const refused = (seq: number, code: string) => {
      const what = seq ? `entry ${seq}` : 'setup';
      if (check) return diverged(seq, `refuses the ${seq ? 'entry' : 'setup'} (${code})`);
      return new ServiceError(500, 'replay_failed', `${what} of ${game.id} no longer applies: ${code}`);
    };
    let k: KState<any>;
    let hash: string;
    let rest = actions;
    if (snapshot) {
      k = snapshot.state as KState<any>;
      hash = snapshot.hash;
    } else {
      const setup = actions[0];
      if (!setup || setup.seq !== 0) throw new ServiceError(500, 'log_corrupt', `game ${game.id} has no setup entry`);
      const e = setup.entry as { scenario: string; seats: SeatInfo[]; options: unknown };
      const made = setupFor(rs, game, e);
      if (isViolation(made)) throw refused(0, made.code);
      k = made.k;
      if (check && JSON.stringify(made.events) !== JSON.stringify(setup.events)) throw diverged(0, 'gives other events');
      if (check && startChain(chainFormat(setup.hash), setup.entry, setup.events, k) !== setup.hash) throw diverged(0, 'gives another state');
      hash = setup.hash;
      rest = actions.slice(1);
    }
    const format = chainFormat(hash);
    const replay = new Replayer(rs, game, seats, k);
    for (const a of rest) {
      const r = replay.step(a.entry as Entry<any>);
      if (isViolation(r)) throw refused(a.seq, r.code);
      if (check) {
        // v2 folds the state in at checkpoints only: the events of every entry are compared too.
        if (JSON.stringify(r.events) !== JSON.stringify(a.events)) throw diverged(a.seq, 'gives other events');
        if (nextHash(format, hash, a.seq, a.entry, a.events, r.k, ownedResult(rs, r.k) !== null) !== a.hash) throw diverged(a.seq, 'gives another state');
      }
      k = r.k;
      hash = a.hash;
    }
    return { game, seats, rs, k, hash, hooks };
  }

  // ---------- reads ----------

  async getGame(gameId: string, seat: Seat | null, atLeast = 0) {
    const g = await this.read(gameId, atLeast);
    const out = this.present(g, seat);
    // The caller's own held sealed commits (never another seat's): `committed` and the action.
    const pending = markHeld(out.pending, seat, await heldCommits(this.store, gameId, seat, out.pending));
    return { ...out, pending: await withDue(this, g, pending) }; // dueAt and bank when the game has deadlines
  }

  present(g: LoadedGame, seat: Seat | null) {
    const ended = g.game.status === 'finished';
    return {
      id: g.game.id,
      ruleset: g.game.ruleset,
      rulesetVersion: g.game.rulesetVersion,
      scenario: g.game.scenario,
      version: g.k.seq,
      status: g.game.status,
      you: seat,
      seats: g.seats.map((s) => ({ index: s.index, name: s.name, kind: s.kind, aiLevel: s.aiLevel, claimed: s.kind === 'ai' || !!s.tokenHash })),
      pending: decisionsIn(ownedMinted(g.rs, g.k), seat),
      view: g.rs.view(g.k.s, seat),
      result: ownedResult(g.rs, g.k),
      seedHash: g.game.seedHash,
      seed: ended && !sandboxOf(g.game) ? g.game.seed : null,
      ...analysisFields(g.game, g.k),
      createdAt: g.game.createdAt.toISOString(),
      updatedAt: g.game.updatedAt.toISOString(),
    };
  }

  /** A page of games, newest first (paging.ts): `cursor` from the page before, or (older clients) `offset`. */
  async listGames(opts: { status?: 'active' | 'finished'; limit?: number; offset?: number; open?: boolean; cursor?: string }) {
    opts = checkInput(ListQuery, opts, 'input');
    const limit = Math.min(opts.limit ?? 50, 200);
    const offset = opts.offset ?? 0;
    if (opts.cursor && offset) throw new ServiceError(400, 'invalid_request', 'page with cursor or with offset, not both');
    const after = opts.cursor ? decodeGameCursor(opts.cursor) : undefined;
    if (opts.open && this.hooks.lobby) {
      const lobby = await this.hooks.lobby({ limit: limit + 1, offset, after });
      return gamePage(lobby.games, limit, lobby.total);
    }
    const [rows, total] = await Promise.all([
      this.store.listGames({ status: opts.status, limit: limit + 1, offset, after }),
      this.store.countGames({ status: opts.status }),
    ]);
    const games = rows.map((g) => ({ id: g.id, ruleset: g.ruleset, scenario: g.scenario, status: g.status, version: g.version, sandbox: sandboxOf(g) !== null, createdAt: g.createdAt.toISOString() }));
    return gamePage(games, limit, total);
  }

  async legalActions(gameId: string, seat: Seat, limit = 1000) {
    const g = await this.read(gameId);
    const rng = localRng(`legal|${gameId}|${g.k.seq}|${seat}`);
    const view = lazyView(g.rs, g.k.s, seat);
    const mine = ownedMinted(g.rs, g.k).filter((m) => m.dec.seat === seat);
    const held = await heldCommits(this.store, gameId, seat, mine.map((m) => m.dec));
    return {
      version: g.k.seq,
      decisions: markHeld(mine.flatMap(({ dec: d, raw }) => {
        if (d.seat !== seat) return [];
        const c = g.rs.candidates(g.k.s, seat, raw, limit, rng);
        const labels = labelsOf(g.rs, view, seat, c.actions); // the ruleset's words, from the seat's view
        return [{ decision: d.id, kind: d.kind, timing: d.timing, blocking: d.blocking, group: d.group ?? null, all: c.all, actions: c.actions, ...(labels ? { labels } : {}) }];
      }), seat, held),
    };
  }

  /** The log after version `after`, redacted for the viewer. */
  async log(gameId: string, seat: Seat | null, after = 0, limit = 500) {
    checkInput(AfterQuery, { after, limit }, 'input');
    const g = await this.load(gameId);
    const ended = g.game.status === 'finished';
    const rows = await this.store.actionsAfter(gameId, Math.max(0, after), Math.min(limit, 1000));
    const view = lazyView(g.rs, g.k.s, seat);
    return {
      version: g.k.seq,
      entries: rows.filter((a) => a.seq <= g.k.seq).map((a) => {
        const e = a.entry as Entry<any>;
        const own = ended || (a.seat !== null && a.seat === seat);
        return {
          seq: a.seq,
          kind: e.kind,
          seat: e.kind === 'answer' || e.kind === 'resign' ? e.seat : null,
          decision: 'decision' in e ? e.decision : null,
          action: own && 'action' in e ? e.action : null,
          events: withText(g.rs, view, eventsFor(a.events as GameEvent[], seat, ended)),
          hash: ended ? a.hash : null,
          at: a.createdAt?.toISOString() ?? null,
        };
      }),
    };
  }

  /** The caller's view of the game as it stood at `version`. */
  async replayAt(gameId: string, version: number, seat: Seat | null) {
    const cur = await this.load(gameId);
    if (!Number.isInteger(version) || version < 0 || version > cur.k.seq) {
      throw new ServiceError(400, 'bad_version', `version must be between 0 and ${cur.k.seq}`);
    }
    const g = version === cur.k.seq ? cur : await this.rebuild(cur.game, cur.seats, version);
    return { ...this.present(g, seat), version, result: ownedResult(g.rs, g.k) };
  }

  /** After the end: re-run the whole log from the revealed seed and compare every hash and event. */
  async verify(gameId: string) {
    // The game row only, not a rebuilt state: a game the installed rules replay differently
    // (ruleset_diverged) is what verify is for, and it reports where.
    const row = await this.store.getGame(gameId);
    if (!row) throw notFound('game', gameId);
    const { game } = row;
    const rs = this.ruleset(game.ruleset, game.rulesetVersion);
    if (game.status !== 'finished' && !sandboxOf(game)) throw new ServiceError(409, 'game_not_finished', 'the seed is revealed and the log verifiable only after the end');
    const rows = await this.store.actionsAfter(gameId, -1, 1_000_000);
    const seedHashOk = seedHash(game.seed) === game.seedHash;
    const mismatches: { seq: number; what: string }[] = [];
    const setup = rows[0];
    // The chain's format is the setup's (chain.ts): v1 for games created before v2.
    const format = chainFormat(setup.hash);
    const e0 = setup.entry as { scenario: string; seats: SeatInfo[]; options: unknown };
    const made = setupFor(rs, game, e0);
    if (isViolation(made)) return { id: gameId, seed: game.seed, seedHash: game.seedHash, seedHashOk, ok: false, chain: format, entries: rows.length, mismatches: [{ seq: 0, what: 'setup' }] };
    let k = made.k;
    let hash = startChain(format, setup.entry, setup.events, k);
    if (hash !== setup.hash) mismatches.push({ seq: 0, what: 'hash' });
    if (JSON.stringify(made.events) !== JSON.stringify(setup.events)) mismatches.push({ seq: 0, what: 'events' });
    const replay = new Replayer(rs, game, row.seats, k);
    for (const a of rows.slice(1)) {
      const r = replay.step(a.entry as Entry<any>);
      if (isViolation(r)) {
        mismatches.push({ seq: a.seq, what: `rejected: ${r.code}` });
        break;
      }
      k = r.k;
      // The logged entry and events as stored (v2), and the replayed state (v1; v2 at checkpoints).
      hash = nextHash(format, hash, a.seq, a.entry, a.events, k, ownedResult(rs, k) !== null);
      if (hash !== a.hash) mismatches.push({ seq: a.seq, what: 'hash' });
      if (JSON.stringify(r.events) !== JSON.stringify(a.events)) mismatches.push({ seq: a.seq, what: 'events' });
    }
    return {
      id: gameId, seed: game.seed, seedHash: game.seedHash, seedHashOk, ok: seedHashOk && mismatches.length === 0,
      chain: format, entries: rows.length, finalHash: hash, result: resultOf(rs, k), mismatches,
      ...(sandboxOf(game) ? sandboxReport(game, k) : {}),
    };
  }

  // ---------- analysis (docs/ANALYSIS.md; the use cases live in analysis-ops.ts) ----------

  /** The service's own loading and committing, for analysis-ops.ts (forks, takebacks). */
  get analysisAccess() {
    return {
      load: (id: string) => this.load(id),
      rebuild: (g: LoadedGame, upTo: number) => this.rebuild(g.game, g.seats, upTo),
      commit: (g: LoadedGame, entry: Entry<any>, seat: Seat | null) => this.commit(g, entry, seat, null),
      afterMove: (id: string, r: SubmitResult, seat: Seat) => this.afterMove(id, r, seat),
      store: this.store,
    };
  }

  forkGame(gameId: string, seat: Seat | null, version: number) {
    return forkGame(this, gameId, seat, version);
  }

  positionAt(gameId: string, seat: Seat | null, version?: number) {
    return positionAt(this, gameId, seat, version);
  }

  requestTakeback(gameId: string, seat: Seat, to: number) {
    return requestTakeback(this, gameId, seat, to);
  }

  answerTakeback(gameId: string, seat: Seat, approve: boolean) {
    return answerTakeback(this, gameId, seat, approve);
  }

  // ---------- table talk ----------

  /** A seat's message to the table: public to every seat and spectator, never game state. */
  async postChat(gameId: string, seat: Seat, text: string) {
    const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
    if (!clean) throw new ServiceError(400, 'empty_message', 'a chat message needs some text');
    if (clean.length > 500) throw new ServiceError(400, 'message_too_long', 'a chat message has at most 500 characters');
    await this.load(gameId, true);
    const r = await this.store.addChat(gameId, seat, clean);
    const msg = { id: r.id, seat: r.seat, text: r.text, at: r.at.toISOString() };
    void publishChat(this.bus, { gameId, ...msg });
    return msg;
  }

  async chat(gameId: string, after = 0, limit = 200) {
    checkInput(ChatQuery, { after, limit }, 'input');
    await this.load(gameId, true);
    const rows = await this.store.listChat(gameId, Math.max(0, after), Math.min(limit, 500));
    return { messages: rows.map((r) => ({ id: r.id, seat: r.seat, text: r.text, at: r.at.toISOString() })) };
  }

  // ---------- writes ----------

  async submitAction(gameId: string, seat: Seat, input: SubmitInput): Promise<SubmitResult & { toAct: ToAct }> {
    const { action: _a, ...opts } = input;
    checkInput(SubmitOptions, opts, 'input');
    return this.afterMove(gameId, await this.submitCore(gameId, seat, input), seat);
  }

  /**
   * What every move ends with: the standing orders it uncovered are answered, then `toAct` is
   * read (after them), so a client knows whom to ask next without polling every seat.
   */
  private async afterMove(gameId: string, r: SubmitResult, seat: Seat): Promise<SubmitResult & { toAct: ToAct }> {
    await this.runOrders(gameId);
    const g = await this.read(gameId, r.version);
    // Event texts from the view after the move (not stored: an idempotent retry gets them anew).
    const waiting = r.sealed && !r.sealed.closed ? { waitingOnOthers: true } : {}; // the caller's held commit: only the caller hears of it
    return { ...r, events: withText(g.rs, lazyView(g.rs, g.k.s, seat), r.events), toAct: { ...toActOf(g), ...waiting } };
  }

  private async submitCore(gameId: string, seat: Seat, input: SubmitInput): Promise<SubmitResult> {
    if (input.idempotencyKey) {
      const prior = await this.store.findByIdempotencyKey(gameId, input.idempotencyKey);
      if (prior) return this.replayed(prior, seat, input);
    }
    for (let attempt = 0; ; attempt++) {
      const g = await this.load(gameId, attempt === 0);
      if (input.expectedVersion !== undefined && input.expectedVersion !== g.k.seq && attempt === 0) {
        continue; // the cache may be behind: check against the store before refusing
      }
      if (g.game.status === 'finished') throw new ServiceError(409, 'game_over', 'the game has ended', { version: g.k.seq });
      if (input.expectedVersion !== undefined && input.expectedVersion !== g.k.seq) {
        throw new ServiceError(409, 'version_conflict', `the game is at version ${g.k.seq}`, { version: g.k.seq });
      }
      const m = decisionForSeatIn(ownedMinted(g.rs, g.k), seat, input.decision);
      if (isViolation(m)) throw withVersion(fromViolation(m), g.k.seq);
      const shape = actionShapeViolation(g.rs, input.action);
      if (shape) throw withVersion(fromViolation(shape), g.k.seq);
      if (m.dec.group?.mode === 'sealed') return this.commitSealed(g, seat, m.dec, input.action);

      const entry: Entry<any> = { kind: 'answer', seat, decision: m.dec.id, action: input.action };
      const out = await this.commit(g, entry, seat, input.idempotencyKey ?? null);
      if (out.ok) return out.response as SubmitResult;
      if (out.duplicate) return this.replayed(out.duplicate, seat, input);
      // Lost a race. With a pinned version the client decides; with a decision id we re-apply
      // on the new head while that decision is still open.
      if (input.expectedVersion !== undefined || attempt >= 5) {
        throw new ServiceError(409, 'version_conflict', `the game is at version ${out.version}`, { version: out.version });
      }
    }
  }

  async resign(gameId: string, seat: Seat, idempotencyKey?: string): Promise<SubmitResult & { toAct: ToAct }> {
    if (idempotencyKey !== undefined && idempotencyKey !== null) checkInput(IdempotencyKey, idempotencyKey, 'idempotencyKey');
    return this.afterMove(gameId, await this.resignCore(gameId, seat, idempotencyKey), seat);
  }

  private async resignCore(gameId: string, seat: Seat, idempotencyKey?: string): Promise<SubmitResult> {
    // A retry after the resignation ended the game gets the stored answer, as a move's retry does.
    if (idempotencyKey) {
      const prior = await this.store.findByIdempotencyKey(gameId, idempotencyKey);
      if (prior) return this.replayed(prior, seat, 'resign');
    }
    for (let attempt = 0; attempt < 6; attempt++) {
      const g = await this.load(gameId, attempt === 0);
      if (g.game.status === 'finished') throw new ServiceError(409, 'game_over', 'the game has ended');
      const out = await this.commit(g, { kind: 'resign', seat }, seat, idempotencyKey ?? null);
      if (out.ok) return out.response as SubmitResult;
      if (out.duplicate) return this.replayed(out.duplicate, seat, 'resign');
    }
    throw new ServiceError(409, 'version_conflict', 'the game kept moving; try again');
  }

  /**
   * A deadline passed: apply the ruleset's default for that decision, if it is still open at
   * that version (a stale job does nothing). Sealed groups are closed with the held commits
   * and defaults for the missing ones.
   */
  async applyDefault(gameId: string, decisionId: string, version: number): Promise<{ applied: boolean; version: number }> {
    const g = await this.load(gameId);
    if (g.game.status === 'finished' || g.k.seq !== version) return { applied: false, version: g.k.seq };
    const m = findIn(ownedMinted(g.rs, g.k), decisionId);
    if (!m) return { applied: false, version: g.k.seq };
    let entry: Entry<any>;
    let clear: string | undefined;
    if (m.dec.group?.mode === 'sealed') {
      const groupId = m.dec.group.id;
      const held = await this.store.sealedCommits(gameId, groupId);
      entry = { kind: 'sealed', group: groupId, commits: this.fillSealed(g, groupId, held) };
      clear = groupId;
    } else {
      entry = { kind: 'default', decision: m.dec.id, action: g.rs.defaultAction(g.k.s, m.raw) };
    }
    const out = await this.commit(g, entry, null, null, clear);
    if (out.ok) await this.runOrders(gameId);
    return { applied: out.ok, version: out.ok ? version + 1 : out.version ?? g.k.seq };
  }

  // ---------- standing orders ----------

  private ordersCache = new Map<string, { at: number; orders: Record<number, StandingOrder[]> }>();

  /** Replaces a seat's standing orders (private to it), then answers whatever they now cover. */
  async setOrders(gameId: string, seat: Seat, orders: unknown) {
    const g = await this.load(gameId, true);
    const checked = checkOrders(g.rs, orders);
    await this.store.setSeatOrders(gameId, seat, checked);
    this.ordersCache.delete(gameId);
    await publishOrdersChanged(this.bus, gameId);
    const before = (await this.load(gameId)).k.seq;
    await this.runOrders(gameId);
    const after = (await this.load(gameId, true)).k.seq;
    return { orders: checked, applied: after - before, version: after };
  }

  async getOrders(gameId: string, seat: Seat) {
    return { orders: (await this.ordersOf(gameId))[seat] ?? [] };
  }

  /** Orders change rarely: cached, dropped by every process when a seat changes them (bus notice). */
  private async ordersOf(gameId: string): Promise<Record<number, StandingOrder[]>> {
    const c = this.ordersCache.get(gameId);
    if (c && Date.now() - c.at < 60_000) return c.orders;
    const orders = (await this.store.seatOrders(gameId)) as Record<number, StandingOrder[]>;
    this.ordersCache.set(gameId, { at: Date.now(), orders });
    if (this.ordersCache.size > this.cacheSize) this.ordersCache.delete(this.ordersCache.keys().next().value!);
    return orders;
  }

  /** Answers open decisions covered by standing orders until none is (bounded). */
  private async runOrders(gameId: string): Promise<void> {
    const orders = await this.ordersOf(gameId);
    if (!Object.keys(orders).length) return;
    const done = new Set<string>();
    for (let i = 0; i < 64; i++) {
      const g = await this.load(gameId, true);
      if (g.game.status === 'finished') return;
      const next = coveredAnswer(g.rs, g.k, orders, done);
      if (!next) return;
      try {
        await this.submitCore(gameId, next.seat, { decision: next.decision.id, action: next.action });
      } catch (err) {
        // Someone else moved first (they run the orders), or an order went stale: the caller's
        // own move is committed either way, so orders never turn it into an error.
        if (!(err instanceof ServiceError && err.status === 409)) console.error(`standing orders of ${gameId}:`, err);
        return;
      }
      done.add(next.decision.id); // a held sealed commit moves no version: do not answer it twice
    }
  }

  /** Held commits re-validated against the current state; missing or stale ones defaulted. */
  private fillSealed(g: LoadedGame, groupId: string, held: { seat: number; action: unknown }[]) {
    const commits: Record<number, unknown> = {};
    for (const m of ownedMinted(g.rs, g.k)) {
      if (m.dec.group?.id !== groupId) continue;
      const h = held.find((c) => c.seat === m.dec.seat);
      const ok = h && !validateAnswer(g.rs, g.k, m.dec.seat, m, h.action);
      commits[m.dec.seat] = ok ? h!.action : g.rs.defaultAction(g.k.s, m.raw);
    }
    return commits as Record<number, any>;
  }

  private async commitSealed(g: LoadedGame, seat: Seat, dec: Decision, action: unknown): Promise<SubmitResult> {
    const m = findIn(ownedMinted(g.rs, g.k), dec.id)!;
    const v = validateAnswer(g.rs, g.k, seat, m, action);
    if (v) throw withVersion(fromViolation(v), g.k.seq);
    const groupId = dec.group!.id;
    let after: { plan: AppendPlan; next: LoadedGame; events: GameEvent[] } | null = null;
    const t0 = performance.now();
    const out = await this.store.commitSealed(g.game.id, g.k.seq, { group: groupId, seat, decision: dec.id, action }, (commits) => {
      const members = decisionsOf(g).filter((d) => d.group?.id === groupId);
      if (!members.every((d) => commits.some((c) => c.seat === d.seat))) return null;
      const entry: Entry<any> = { kind: 'sealed', group: groupId, commits: this.fillSealed(g, groupId, commits) };
      // With webhook rows: the closing append runs under the game's row lock and must not fail.
      after = this.prepare(g, entry, null, null, true);
      return after.plan;
    });
    if (!out.ok) {
      if (out.reason === 'not_found') throw notFound('game', g.game.id);
      throw new ServiceError(409, 'version_conflict', `the game is at version ${out.version}`, { version: out.version });
    }
    // A second commit replaces the first (and says so).
    const replaced = out.replaced;
    if (out.closed && after) {
      const a = after as { plan: AppendPlan; next: LoadedGame; events: GameEvent[] };
      // The closing commit appends the sealed entry: it is a committed move like any other.
      if (probes.listenerCount('commit')) probes.emit('commit', { ruleset: g.rs.id, kind: 'sealed', seconds: (performance.now() - t0) / 1000 });
      this.committed(a.next, a.plan.outbox.length > 0);
      return {
        version: a.next.k.seq, sealed: { group: groupId, held: true, closed: true, replaced },
        events: eventsFor(a.events, seat, a.next.game.status === 'finished'),
      };
    }
    return { version: g.k.seq, sealed: { group: groupId, held: true, closed: false, replaced }, events: [] };
  }

  /** Applies an entry in memory and builds the one-transaction plan that records it. */
  private prepare(g: LoadedGame, entry: Entry<any>, seat: Seat | null, idempotencyKey: string | null, webhookRows = g.hooks) {
    const seq = g.k.seq + 1;
    let r;
    try {
      r = new Replayer(g.rs, g.game, g.seats, g.k).step(entry);
    } catch (err) {
      if (err instanceof KernelError) throw new ServiceError(500, 'internal_error', 'the move could not be processed');
      throw err;
    }
    if (isViolation(r)) throw withVersion(fromViolation(r), g.k.seq);
    // r.k is the kernel's fresh state, never modified: its result and decisions were derived once in apply.
    const result = ownedResult(g.rs, r.k);
    const status = result ? 'finished' : 'active';
    // The game's own format (the previous hash tells): v1 games go on in v1.
    // Entry and events serialized once: hashed here (v2) and written by the store as they are.
    const json = loggedJson(entry, r.events);
    const hash = nextHash(chainFormat(g.hash), g.hash, seq, entry, r.events, r.k, result !== null, json);
    const response: SubmitResult = { version: seq, events: seat === null ? [] : eventsFor(r.events, seat, status === 'finished') };
    const decisions = ownedMinted(g.rs, r.k).map((m) => m.dec);
    const outbox = this.plan({ before: g, after: { k: r.k, status, result, version: seq }, entry, events: r.events, decisions, webhookRows });
    const plan: AppendPlan = {
      action: { seq, seat, entry, events: r.events, hash, idempotencyKey, response },
      json, status, result, outbox,
      snapshot: this.snapshotEvery > 0 && seq % this.snapshotEvery === 0 ? { seq, rulesetVersion: g.rs.version, state: r.k, hash } : null,
      webhooks: webhookRows,
    };
    const inTx = this.txPlanners.map((p) => p({ before: g, after: { k: r.k, status, result, version: seq }, entry, events: r.events, decisions, webhookRows })).filter((f) => !!f);
    if (inTx.length) plan.inTx = async (sql) => { for (const f of inTx) await f!(sql); };
    const next: LoadedGame = {
      game: { ...g.game, version: seq, status, result, updatedAt: new Date() }, seats: g.seats, rs: g.rs, k: r.k, hash, hooks: g.hooks, checkedAt: Date.now(),
    };
    return { plan, next, events: r.events };
  }

  private async commit(g: LoadedGame, entry: Entry<any>, seat: Seat | null, idempotencyKey: string | null, clearSealed?: string):
    Promise<{ ok: true; response: SubmitResult } | { ok: false; version: number; duplicate?: ActionRecord }> {
    const { plan, next } = this.prepare(g, entry, seat, idempotencyKey);
    const t0 = performance.now();
    const out = await this.store.append(g.game.id, g.k.seq, plan, clearSealed);
    if (out.ok) {
      if (probes.listenerCount('commit')) probes.emit('commit', { ruleset: g.rs.id, kind: entry.kind, seconds: (performance.now() - t0) / 1000 });
      this.committed(next, (out.outbox ?? plan.outbox.length) > 0);
      return { ok: true, response: plan.action.response as SubmitResult };
    }
    // A webhook was registered since the game was loaded: the same entry again, with its rows.
    if (out.reason === 'webhooks_added') return this.commit({ ...g, hooks: true }, entry, seat, idempotencyKey, clearSealed);
    this.cache.delete(g.game.id);
    if (out.reason === 'duplicate') return { ok: false, version: g.k.seq, duplicate: out.action };
    if (out.reason === 'not_found') throw notFound('game', g.game.id);
    return { ok: false, version: out.version };
  }

  private committed(next: LoadedGame, wroteOutbox: boolean) {
    this.remember(next);
    void publishCommit(this.bus, { gameId: next.game.id, version: next.k.seq, status: next.game.status });
    // Kick the outbox dispatcher only when this commit wrote outbox rows: otherwise the kick
    // is a claim query per move that finds nothing (the dispatcher's poll still runs).
    if (wroteOutbox) this.o.afterCommit?.();
  }

  /**
   * A retry with a known Idempotency-Key gets the committed answer, but only for the same
   * request: another seat, another action, decision or expected version is a new request under
   * an old key, refused so that a client bug never passes for a success.
   */
  private replayed(prior: ActionRecord, seat: Seat, request: SubmitInput | 'resign'): SubmitResult {
    const reused = (why: string) => new ServiceError(422, 'idempotency_key_reused', `this Idempotency-Key was used for another request (${why}); use a new key`, { version: prior.seq });
    if (prior.seat !== seat) throw reused('another seat');
    const entry = prior.entry as Entry<unknown>;
    if (request === 'resign') {
      if (entry.kind !== 'resign') throw reused('not a resignation');
      return prior.response as SubmitResult;
    }
    if (entry.kind !== 'answer') throw reused(entry.kind === 'resign' ? 'a resignation' : 'another kind of entry');
    if (canonicalJson(entry.action) !== canonicalJson(request.action)) throw reused('another action');
    if (request.decision !== undefined && request.decision !== entry.decision) throw reused('another decision');
    if (request.expectedVersion !== undefined && request.expectedVersion !== prior.seq - 1) throw reused('another expectedVersion');
    return prior.response as SubmitResult;
  }

  private plan(c: CommitContext): OutboxItem[] {
    return this.planners.flatMap((p) => p(c));
  }
}

/**
 * A loaded game's open decisions. Its state is the kernel's and never modified, so the owned
 * readers derive them once per state (not once per reader: five times a move before).
 */
function decisionsOf(g: LoadedGame): Decision[] {
  return ownedMinted(g.rs, g.k).map((m) => m.dec);
}

function toActOf(g: LoadedGame): ToAct {
  const seats = new Set<Seat>();
  for (const d of decisionsOf(g)) seats.add(d.seat);
  return { version: g.k.seq, status: g.game.status, seats: [...seats].sort((a, b) => a - b) };
}

function withVersion(e: ServiceError, version: number): ServiceError {
  const details = typeof e.details === 'object' && e.details !== null ? { ...e.details, version } : e.details === undefined ? { version } : { info: e.details, version };
  return new ServiceError(e.status, e.code, e.message, details);
}

/** JSON with object keys sorted, so two bodies that differ only in key order compare equal. */
function canonicalJson(x: unknown): string {
  return JSON.stringify(x, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
    : v));
}


/** The first scenario played with `seats` seats, else the first (whose seat count the caller then hears about). */
export function defaultScenario(rs: Ruleset<any>, seats: number): string | undefined {
  const fits = rs.scenarios.find((s) => (Array.isArray(s.players) ? s.players : [s.players]).includes(seats));
  return (fits ?? rs.scenarios[0])?.id;
}
