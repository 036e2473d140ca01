// Players (issue 19): one identity across games. A player has keys (several, with scopes,
// rotated and revoked), seats bound to it (at creation, by a claim or an invitation), an inbox
// of the games waiting for it, ratings, a vacation allowance and webhooks. The service owns no
// game logic: it reads games through GameService and writes its own tables with plain SQL.
import { openDecisions } from '../engine/kernel.js';
import type { Decision, Seat } from '../engine/types.js';
import type { Runtime } from '../runtime.js';
import { notFound, ServiceError } from '../service/errors.js';
import type { CreateGameInput, LoadedGame } from '../service/game-service.js';
import { storeSql, type Sql } from '../store/prisma-store.js';
import type { GamePosition } from '../store/types.js';
import { inviteHash, isPlayerKey, keyMatches, newInviteCode, newKey, newPlayerId, parseKey, SCOPES, type Scope } from './keys.js';

export interface PlayerRow {
  id: string;
  name: string;
  discordId: string | null;
  vacationUntil: Date | null;
  vacationYear: number | null;
  vacationDaysUsed: number;
  createdAt: Date;
}

export interface Caller {
  playerId: string;
  kid: string;
  scopes: Scope[];
}

export const playerSettings = {
  /** Vacation days a player may take per calendar year (env SKYEYE_VACATION_DAYS, default 30). */
  vacationDaysPerYear: Number(process.env.SKYEYE_VACATION_DAYS) || 30,
  /** Keys per player (one per bot or device). */
  maxKeys: 20,
};

const PLAYER_COLS = `id, name, discord_id AS "discordId", vacation_until AS "vacationUntil", vacation_year AS "vacationYear",
  vacation_days_used AS "vacationDaysUsed", created_at AS "createdAt"`;

const toDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(v as string));

function playerRow(r: Record<string, unknown>): PlayerRow {
  return {
    id: r.id as string, name: r.name as string, discordId: (r.discordId as string | null) ?? null,
    vacationUntil: toDate(r.vacationUntil), vacationYear: (r.vacationYear as number | null) ?? null,
    vacationDaysUsed: Number(r.vacationDaysUsed ?? 0), createdAt: toDate(r.createdAt)!,
  };
}

/** The store's SQL runner (driver or Prisma path), shared by every players module. */
export function sqlOf(rt: Runtime): Sql {
  return storeSql(rt.store, 'players');
}

/** Seats of a loaded game that belong to a player. */
export function seatsOf(g: LoadedGame, playerId: string): Seat[] {
  return g.seats.filter((s) => s.playerId === playerId).map((s) => s.index);
}

export class Players {
  constructor(private readonly rt: Runtime) {}

  private get sql(): Sql {
    return sqlOf(this.rt);
  }

  // ---------- players and keys ----------

  async create(name: string, discordId?: string | null) {
    const clean = name.trim();
    if (!clean || clean.length > 64) throw new ServiceError(400, 'invalid_request', 'name must have 1 to 64 characters');
    const id = newPlayerId();
    const k = newKey();
    await this.sql.tx(async (tx) => {
      await tx.query(`INSERT INTO players (id, name, discord_id) VALUES ($1::text, $2::text, $3::text)`, [id, clean, discordId ?? null]);
      await tx.query(`INSERT INTO player_keys (id, player_id, hash, label, scopes) VALUES ($1::text, $2::text, $3::text, $4::text, $5::text[])`,
        [k.kid, id, k.hash, 'initial', ['read', 'act']]);
    });
    return { id, name: clean, discordId: discordId ?? null, key: k.key, kid: k.kid, scopes: ['read', 'act'] as Scope[] };
  }

  async get(id: string): Promise<PlayerRow | null> {
    const rows = await this.sql.query(`SELECT ${PLAYER_COLS} FROM players WHERE id = $1::text`, [id]);
    return rows.length ? playerRow(rows[0]) : null;
  }

  async require(id: string): Promise<PlayerRow> {
    const p = await this.get(id);
    if (!p) throw notFound('player', id);
    return p;
  }

  async update(id: string, patch: { name?: string; discordId?: string | null }) {
    if (patch.name !== undefined && (!patch.name.trim() || patch.name.length > 64)) throw new ServiceError(400, 'invalid_request', 'name must have 1 to 64 characters');
    await this.sql.query(
      `UPDATE players SET name = COALESCE($2::text, name), discord_id = CASE WHEN $4::boolean THEN $3::text ELSE discord_id END WHERE id = $1::text`,
      [id, patch.name?.trim() ?? null, patch.discordId ?? null, patch.discordId !== undefined],
    );
    return this.me(id);
  }

  async me(id: string) {
    const p = await this.require(id);
    return { id: p.id, name: p.name, discordId: p.discordId, vacation: this.vacationOf(p), createdAt: p.createdAt.toISOString() };
  }

  /**
   * The caller behind a key, or a 401: unknown kid, wrong secret, revoked key. `need`: the
   * scope the call needs ('act' for every write; a read-only key reads only).
   */
  async authenticate(token: string | null | undefined, need: Scope = 'read'): Promise<Caller> {
    if (!token) throw new ServiceError(401, 'key_required', 'this call needs a player key (Authorization: Bearer pk_…)');
    const p = parseKey(token);
    if (!p) throw new ServiceError(401, 'invalid_key', 'this is not a player key');
    const rows = await this.sql.query<{ playerId: string; hash: string; scopes: string[]; revokedAt: Date | null }>(
      `SELECT player_id AS "playerId", hash, scopes, revoked_at AS "revokedAt" FROM player_keys WHERE id = $1::text`, [p.kid],
    );
    const r = rows[0];
    // The secret is compared even for a revoked key, so both refusals take the same time.
    if (!r || !keyMatches(r.hash, p.secret) || r.revokedAt) throw new ServiceError(401, 'invalid_key', 'unknown or revoked player key');
    const scopes = (r.scopes ?? []).filter((s): s is Scope => (SCOPES as string[]).includes(s));
    if (!scopes.includes(need)) throw new ServiceError(403, 'insufficient_scope', `this key lacks the '${need}' scope`, { scopes });
    return { playerId: r.playerId, kid: p.kid, scopes };
  }

  async addKey(playerId: string, input: { label?: string; scopes?: Scope[] }) {
    const scopes = [...new Set(input.scopes ?? ['read', 'act'])];
    if (!scopes.length || scopes.some((s) => !(SCOPES as string[]).includes(s))) throw new ServiceError(400, 'invalid_scopes', `scopes are a non-empty subset of ${SCOPES.join(', ')}`);
    if (scopes.includes('act') && !scopes.includes('read')) scopes.push('read'); // acting needs seeing
    const live = await this.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM player_keys WHERE player_id = $1::text AND revoked_at IS NULL`, [playerId]);
    if ((live[0]?.n ?? 0) >= playerSettings.maxKeys) throw new ServiceError(409, 'too_many_keys', `a player has at most ${playerSettings.maxKeys} live keys`);
    const k = newKey();
    await this.sql.query(`INSERT INTO player_keys (id, player_id, hash, label, scopes) VALUES ($1::text, $2::text, $3::text, $4::text, $5::text[])`,
      [k.kid, playerId, k.hash, input.label ?? null, scopes]);
    return { kid: k.kid, key: k.key, label: input.label ?? null, scopes };
  }

  async listKeys(playerId: string) {
    const rows = await this.sql.query<{ id: string; label: string | null; scopes: string[]; createdAt: Date; revokedAt: Date | null }>(
      `SELECT id, label, scopes, created_at AS "createdAt", revoked_at AS "revokedAt" FROM player_keys WHERE player_id = $1::text ORDER BY created_at, id`, [playerId],
    );
    return rows.map((r) => ({ kid: r.id, label: r.label, scopes: r.scopes, createdAt: toDate(r.createdAt)!.toISOString(), revokedAt: toDate(r.revokedAt)?.toISOString() ?? null }));
  }

  /** Revokes a key (kept for audit). The last live act key of a player cannot go: the player would be locked out. */
  async revokeKey(playerId: string, kid: string) {
    return this.sql.tx(async (tx) => {
      const rows = await tx.query<{ id: string; scopes: string[]; revokedAt: Date | null }>(
        `SELECT id, scopes, revoked_at AS "revokedAt" FROM player_keys WHERE player_id = $1::text FOR UPDATE`, [playerId],
      );
      const k = rows.find((r) => r.id === kid);
      if (!k || k.revokedAt) throw notFound('key', kid);
      if (!rows.some((r) => r.id !== kid && !r.revokedAt && r.scopes.includes('act'))) {
        throw new ServiceError(409, 'last_key', 'this is the player\'s last key that can act: add another first (rotation)');
      }
      await tx.query(`UPDATE player_keys SET revoked_at = now() WHERE id = $1::text`, [kid]);
    });
  }

  // ---------- games ----------

  /** The seat a player key acts for in this game (REST and GraphQL alike, via GameService.authenticate). */
  async seatFor(gameId: string, token: string, load: () => Promise<LoadedGame>): Promise<Seat | null> {
    const c = await this.authenticate(token, 'read');
    const g = await load();
    const mine = seatsOf(g, c.playerId);
    if (!mine.length) return null; // a valid key of a player without a seat here: a spectator
    if (mine.length === 1) return mine[0];
    // Several seats (hot-seat): the first that has something to decide, else the first.
    const open = new Set(openDecisions(g.rs, g.k).map((d) => d.seat));
    return mine.find((s) => open.has(s)) ?? mine[0];
  }

  async beforeCreate(input: CreateGameInput): Promise<void> {
    const ids = [...new Set(input.seats.map((s) => s.player).filter((p): p is string => !!p))];
    if (ids.length) {
      const rows = await this.sql.query<{ id: string }>(`SELECT id FROM players WHERE id = ANY($1::text[])`, [ids]);
      const known = new Set(rows.map((r) => r.id));
      const missing = ids.filter((i) => !known.has(i));
      if (missing.length) throw new ServiceError(422, 'unknown_player', `no player ${missing.join(', ')}`, { missing });
    }
    const flags = input.policy as { rated?: boolean } | null;
    if (flags?.rated && input.seats.some((s) => !s.ai && !s.player && !s.open)) {
      throw new ServiceError(422, 'rated_needs_players', 'in a rated game every human seat is bound to a player (seats[].player) or open for a player to claim');
    }
  }

  async afterCreate(input: CreateGameInput, gameId: string): Promise<Record<string, unknown>> {
    if (input.seats.some((s) => s.player)) {
      // A seated player on vacation: the new game's first deadlines wait for their return.
      await this.sql.query(
        `UPDATE outbox o SET run_at = o.run_at + (v.until - now())
         FROM (SELECT max(p.vacation_until) AS until FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = $1::text) v
         WHERE o.game_id = $1::text AND o.kind = 'deadline' AND o.status = 'pending' AND o.run_at IS NOT NULL AND v.until > now()`,
        [gameId],
      );
    }
    const flags = input.policy as { invite?: boolean } | null;
    if (!flags?.invite) return {};
    const code = newInviteCode();
    await this.sql.query(`INSERT INTO invitations (code_hash, game_id) VALUES ($1::text, $2::text)`, [inviteHash(code), gameId]);
    return { invitation: code };
  }

  /** A player takes an open seat (lobby or by id): the seat is bound to them, no token. */
  async claim(caller: Caller, gameId: string, index?: number, name?: string) {
    const g = await this.rt.service.load(gameId);
    if (g.game.status !== 'active') throw new ServiceError(409, 'game_over', 'the game has ended');
    const open = g.seats.filter((s) => s.kind === 'human' && !s.tokenHash);
    const seat = index === undefined ? open[0] : g.seats.find((s) => s.index === index);
    if (!seat) throw index === undefined ? new ServiceError(409, 'no_open_seat', 'the game has no open seat') : notFound('seat', `${gameId}/${index}`);
    const p = await this.require(caller.playerId);
    return { gameId, ...(await this.rt.service.claimSeat(gameId, seat.index, name ?? p.name, caller.playerId)) };
  }

  async acceptInvitation(caller: Caller, code: string, index?: number) {
    const rows = await this.sql.query<{ gameId: string }>(`SELECT game_id AS "gameId" FROM invitations WHERE code_hash = $1::text`, [inviteHash(code)]);
    if (!rows.length) throw new ServiceError(404, 'invitation_not_found', 'no such invitation');
    return this.claim(caller, rows[0].gameId, index);
  }

  /** Lobby: active listed games with at least one open human seat, newest first. */
  async lobby(opts: { limit: number; offset: number; after?: GamePosition }) {
    const listed = `g.status = 'active' AND COALESCE((g.policy->>'unlisted')::boolean, false) = false
         AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'human' AND s.token_hash IS NULL)`;
    // The order and positions of the store's listGames (to the millisecond, then id).
    const rows = await this.sql.query<{ id: string; ruleset: string; scenario: string; version: number; createdAt: Date; open: number; rated: boolean }>(
      `SELECT g.id, g.ruleset, g.scenario, g.version, g.created_at AS "createdAt",
         (SELECT count(*)::int FROM seats s WHERE s.game_id = g.id AND s.kind = 'human' AND s.token_hash IS NULL) AS open,
         COALESCE((g.policy->>'rated')::boolean, false) AS rated
       FROM games g
       WHERE ${listed}
         AND ($3::timestamptz IS NULL OR date_trunc('milliseconds', g.created_at) < $3::timestamptz
              OR (date_trunc('milliseconds', g.created_at) = $3::timestamptz AND g.id > $4::text))
       ORDER BY date_trunc('milliseconds', g.created_at) DESC, g.id LIMIT $1::int OFFSET $2::int`,
      [opts.limit, opts.offset, opts.after?.createdAt ?? null, opts.after?.id ?? null],
    );
    const total = (await this.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM games g WHERE ${listed}`, []))[0]?.n ?? 0;
    return {
      games: rows.map((r) => ({ id: r.id, ruleset: r.ruleset, scenario: r.scenario, status: 'active', version: r.version, createdAt: toDate(r.createdAt)!.toISOString(), openSeats: r.open, rated: r.rated })),
      total: Number(total),
    };
  }

  /** The players seated in a game, with their vacation (a game shows who has paused it). */
  async gamePlayers(gameId: string) {
    const g = await this.rt.service.load(gameId);
    const ids = g.seats.map((s) => s.playerId).filter((p): p is string => !!p);
    const rows = ids.length ? await this.sql.query(`SELECT ${PLAYER_COLS} FROM players WHERE id = ANY($1::text[])`, [ids]) : [];
    const byId = new Map(rows.map((r) => [r.id as string, playerRow(r)]));
    const seats = g.seats.map((s) => {
      const p = s.playerId ? byId.get(s.playerId) : undefined;
      return { index: s.index, name: s.name, kind: s.kind, player: p ? { id: p.id, name: p.name } : null, vacationUntil: p ? this.vacationOf(p)?.until ?? null : null };
    });
    const paused = seats.map((s) => s.vacationUntil).filter((v): v is string => !!v).sort().pop() ?? null;
    return { gameId, seats, deadlinesPausedUntil: paused };
  }

  // ---------- vacation ----------

  private vacationOf(p: PlayerRow) {
    const year = new Date().getUTCFullYear();
    const used = p.vacationYear === year ? p.vacationDaysUsed : 0;
    const active = p.vacationUntil && p.vacationUntil.getTime() > Date.now();
    return { until: active ? p.vacationUntil!.toISOString() : null, daysUsed: used, daysLeft: Math.max(0, playerSettings.vacationDaysPerYear - used) };
  }

  /**
   * Starts (or extends) a vacation of `days` days: every pending deadline of the player's
   * active games moves back by the time the game was not already paused for, and deadlines
   * written during the vacation are pushed back as they are written (the outbox trigger of
   * migration 0004). Days count against the year's allowance.
   */
  async startVacation(playerId: string, days: number) {
    if (!Number.isInteger(days) || days < 1) throw new ServiceError(400, 'invalid_request', 'days is a whole number of days, at least 1');
    return this.sql.tx(async (tx) => {
      const rows = await tx.query(`SELECT ${PLAYER_COLS} FROM players WHERE id = $1::text FOR UPDATE`, [playerId]);
      if (!rows.length) throw notFound('player', playerId);
      const p = playerRow(rows[0]);
      const v = this.vacationOf(p);
      if (days > v.daysLeft) throw new ServiceError(409, 'vacation_exhausted', `${v.daysLeft} vacation days left this year`, { daysLeft: v.daysLeft });
      const now = Date.now();
      const from = p.vacationUntil && p.vacationUntil.getTime() > now ? p.vacationUntil.getTime() : now;
      const until = new Date(from + days * 86_400_000);
      // Per game: the pause it gains is the part of [from, until] no other seated player covers already.
      await tx.query(
        `WITH mine AS (
           SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = $1::text AND g.status = 'active'),
         other AS (
           SELECT m.game_id, GREATEST($2::timestamptz, COALESCE(max(p.vacation_until), $2::timestamptz)) AS covered
           FROM mine m LEFT JOIN seats s ON s.game_id = m.game_id AND s.player_id IS NOT NULL AND s.player_id <> $1::text
             LEFT JOIN players p ON p.id = s.player_id
           GROUP BY m.game_id)
         UPDATE outbox o SET run_at = o.run_at + ($3::timestamptz - other.covered)
         FROM other
         WHERE o.game_id = other.game_id AND o.kind = 'deadline' AND o.status = 'pending' AND o.run_at IS NOT NULL
           AND other.covered < $3::timestamptz`,
        [playerId, new Date(from), until],
      );
      const year = new Date(now).getUTCFullYear();
      await tx.query(`UPDATE players SET vacation_until = $2::timestamptz, vacation_year = $3::int, vacation_days_used = $4::int WHERE id = $1::text`,
        [playerId, until, year, v.daysUsed + days]);
      return { until: until.toISOString(), daysUsed: v.daysUsed + days, daysLeft: v.daysLeft - days };
    });
  }

  // ---------- inbox ----------

  /**
   * The player's games, newest activity first; `toAct`: only those where one of their seats has
   * an open decision, oldest due first (no deadline: after every dated one, oldest turn first).
   * Cursor: opaque, the position after the last item of the previous page.
   */
  async games(playerId: string, opts: { toAct?: boolean; limit?: number; cursor?: string | null }) {
    const limit = Math.min(Math.max(opts.limit ?? 20, 1), 100);
    const rows = await this.sql.query<{ gameId: string; status: string }>(
      `SELECT DISTINCT s.game_id AS "gameId", g.status, g.updated_at FROM seats s JOIN games g ON g.id = s.game_id
       WHERE s.player_id = $1::text AND ($2::boolean = false OR g.status = 'active')
       ORDER BY g.updated_at DESC LIMIT 1000`,
      [playerId, !!opts.toAct],
    );
    // A sealed commit already held answers the seat's part (the group stays open until it closes).
    const held = new Set((await this.sql.query<{ k: string }>(
      `SELECT game_id || '|' || group_id || '|' || seat AS k FROM sealed_commits WHERE game_id = ANY($1::text[])`, [rows.map((r) => r.gameId)],
    )).map((r) => r.k));
    const items: InboxItem[] = [];
    for (const r of rows) {
      let g: LoadedGame;
      try {
        g = await this.rt.service.load(r.gameId, true);
      } catch {
        continue; // a game this server cannot load (ruleset not installed) is left out
      }
      const mine = new Set(seatsOf(g, playerId));
      const open = g.game.status === 'active' ? openDecisions(g.rs, g.k) : [];
      const decisions = open.filter((d) => mine.has(d.seat) && !(d.group?.mode === 'sealed' && held.has(`${g.game.id}|${d.group.id}|${d.seat}`)));
      if (opts.toAct && !decisions.length) continue;
      items.push({ g, decisions, seats: [...mine] });
    }
    const due = await this.dueTimes(items.filter((i) => i.decisions.length).map((i) => i.g.game.id));
    const out = items.map((i) => {
      const dueAt = dueFor(i.decisions, openDecisions(i.g.rs, i.g.k), due.get(i.g.game.id) ?? new Map());
      return {
        id: i.g.game.id, ruleset: i.g.game.ruleset, scenario: i.g.game.scenario, status: i.g.game.status, version: i.g.k.seq,
        seats: i.seats, toAct: i.decisions.length > 0,
        decisions: i.decisions.map((d) => ({ id: d.id, seat: d.seat, kind: d.kind, timing: d.timing })),
        dueAt: dueAt ? dueAt.toISOString() : null,
        updatedAt: i.g.game.updatedAt.toISOString(),
        // toAct: due time (undated last), then the longest waiting (oldest last move) first.
        _sort: opts.toAct ? [dueAt ? dueAt.getTime() : Number.MAX_SAFE_INTEGER, i.g.game.updatedAt.getTime()] : [-i.g.game.updatedAt.getTime(), 0],
      };
    });
    out.sort((a, b) => a._sort[0] - b._sort[0] || a._sort[1] - b._sort[1] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let start = 0;
    if (opts.cursor) {
      const c = decodeCursor(opts.cursor);
      start = out.findIndex((x) => x._sort[0] > c.k0 || (x._sort[0] === c.k0 && (x._sort[1] > c.k1 || (x._sort[1] === c.k1 && x.id > c.id))));
      if (start < 0) start = out.length;
    }
    const page = out.slice(start, start + limit);
    const last = page[page.length - 1];
    const more = start + limit < out.length;
    return {
      games: page.map(({ _sort, ...x }) => x),
      nextCursor: more && last ? encodeCursor({ k0: last._sort[0], k1: last._sort[1], id: last.id }) : null,
    };
  }

  /** Pending deadline rows of these games: decision id → due time. */
  async dueTimes(gameIds: string[]): Promise<Map<string, Map<string, Date>>> {
    const out = new Map<string, Map<string, Date>>();
    if (!gameIds.length) return out;
    const rows = await this.sql.query<{ gameId: string; decision: string; runAt: Date }>(
      `SELECT game_id AS "gameId", dedup_key AS decision, run_at AS "runAt" FROM outbox
       WHERE game_id = ANY($1::text[]) AND kind = 'deadline' AND status = 'pending' AND run_at IS NOT NULL`,
      [gameIds],
    );
    for (const r of rows) {
      const m = out.get(r.gameId) ?? new Map<string, Date>();
      const at = toDate(r.runAt)!;
      const prev = m.get(r.decision);
      if (!prev || at < prev) m.set(r.decision, at); // a bank phase may follow: the first due time counts
      out.set(r.gameId, m);
    }
    return out;
  }
}

interface InboxItem { g: LoadedGame; decisions: Decision[]; seats: Seat[] }

/** The earliest deadline of these decisions (a sealed group shares one deadline row, under any member's id). */
export function dueFor(mine: Decision[], all: Decision[], due: Map<string, Date>): Date | null {
  let best: Date | null = null;
  for (const d of mine) {
    let at = due.get(d.id);
    if (!at && d.group?.mode === 'sealed') {
      for (const o of all) if (o.group?.id === d.group.id && due.get(o.id)) at = due.get(o.id);
    }
    if (at && (!best || at < best)) best = at;
  }
  return best;
}

function encodeCursor(c: { k0: number; k1: number; id: string }): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(s: string): { k0: number; k1: number; id: string } {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (typeof c.k0 === 'number' && typeof c.k1 === 'number' && typeof c.id === 'string') return c;
  } catch { /* below */ }
  throw new ServiceError(400, 'invalid_cursor', 'cursor is not one this server gave out');
}

export { isPlayerKey };
