// Glicko-2 ratings per ruleset (the `glicko2` package). A rated game's ratings change in the
// same transaction as the entry that ends it (a TxPlanner: AppendPlan.inTx), exactly once
// (rated_games has the game as primary key), so a replayed request, which commits nothing,
// changes nothing. Each game is one rating period. Pairs: a winner beat every non-winner;
// seats on the same side (both winners, both losers, a draw) drew. AI seats play at the fixed
// reference rating of their level (ai-ratings.json, measured by `npm run ai:ladder`) and never
// move; they anchor the human scale. Sandbox and unrated games never change a rating.
import glicko2 from 'glicko2';
import type { Result } from '../engine/types.js';
import type { Runtime } from '../runtime.js';
import { notFound } from '../service/errors.js';
import type { CommitContext, TxPlanner } from '../service/game-service.js';
import type { Sql } from '../store/prisma-store.js';
import type { SeatRecord } from '../store/types.js';
import aiRatingsJson from './ai-ratings.json' with { type: 'json' };
import { sqlOf } from './players.js';

export const GLICKO = { tau: 0.5, rating: 1500, rd: 350, vol: 0.06 };

type AiTable = Record<string, Record<string, { rating: number; rd: number }>>;
// Imported (not read by path): the build emits it beside the compiled module.
const aiTable = aiRatingsJson as unknown as AiTable;

/** The reference rating of an AI level for a ruleset (its own row, else the default one). */
export function aiRating(ruleset: string, level: string): { rating: number; rd: number } {
  return aiTable[ruleset]?.[level] ?? aiTable.default?.[level] ?? { rating: GLICKO.rating, rd: 100 };
}

/** Whether a game is rated (its creation flag); sandbox games (policy.sandbox) never are. */
export function isRated(policy: unknown): boolean {
  const p = policy as { rated?: boolean; sandbox?: boolean } | null;
  return !!p?.rated && !p.sandbox;
}

export const ratingsPlanner: TxPlanner = (c: CommitContext) => {
  if (c.after.status !== 'finished' || c.before.game.status === 'finished') return null;
  if (!isRated(c.before.game.policy) || !c.after.result) return null;
  const seats = c.before.seats;
  // Every human seat must be a player's (an anonymous seat cannot carry a rating).
  if (seats.some((s) => s.kind === 'human' && !s.playerId)) return null;
  if (!seats.some((s) => s.playerId)) return null;
  const gameId = c.before.game.id;
  const ruleset = c.before.game.ruleset;
  const result = c.after.result;
  return (sql) => applyRatings(sql, gameId, ruleset, seats, result);
};

interface Row { playerId: string; rating: number; rd: number; vol: number }

export async function applyRatings(sql: Sql, gameId: string, ruleset: string, seats: SeatRecord[], result: Result): Promise<void> {
  // Once per game: the second attempt (a retried commit, another process) finds the row.
  const first = await sql.query(
    `INSERT INTO rated_games (game_id, ruleset, changes) VALUES ($1::text, $2::text, '[]'::json) ON CONFLICT (game_id) DO NOTHING RETURNING game_id`,
    [gameId, ruleset],
  );
  if (!first.length) return;
  const ids = [...new Set(seats.map((s) => s.playerId).filter((p): p is string => !!p))];
  await sql.query(
    `INSERT INTO ratings (player_id, ruleset, rating, rd, vol) SELECT unnest($1::text[]), $2::text, $3::float8, $4::float8, $5::float8
     ON CONFLICT (player_id, ruleset) DO NOTHING`,
    [ids, ruleset, GLICKO.rating, GLICKO.rd, GLICKO.vol],
  );
  const rows = await sql.query<Row>(
    `SELECT player_id AS "playerId", rating, rd, vol FROM ratings WHERE ruleset = $2::text AND player_id = ANY($1::text[]) ORDER BY player_id FOR UPDATE`,
    [ids, ruleset],
  );
  const byId = new Map(rows.map((r) => [r.playerId, r]));
  const g = new glicko2.Glicko2(GLICKO);
  // One Glicko player per participant (a player with two seats plays once, as the first).
  const who = new Map<number, { id: string | null; p: ReturnType<typeof g.makePlayer> }>();
  const made = new Map<string, ReturnType<typeof g.makePlayer>>();
  for (const s of seats) {
    if (s.playerId) {
      let p = made.get(s.playerId);
      if (!p) {
        const r = byId.get(s.playerId)!;
        p = g.makePlayer(Number(r.rating), Number(r.rd), Number(r.vol));
        made.set(s.playerId, p);
      }
      who.set(s.index, { id: s.playerId, p });
    } else if (s.kind === 'ai') {
      const ref = aiRating(ruleset, s.aiLevel ?? 'random');
      who.set(s.index, { id: null, p: g.makePlayer(ref.rating, ref.rd, GLICKO.vol) });
    }
  }
  const winners = new Set(result.draw ? [] : result.winners);
  const matches: [ReturnType<typeof g.makePlayer>, ReturnType<typeof g.makePlayer>, number][] = [];
  const idx = [...who.keys()].sort((a, b) => a - b);
  for (let i = 0; i < idx.length; i++) {
    for (let j = i + 1; j < idx.length; j++) {
      const a = who.get(idx[i])!;
      const b = who.get(idx[j])!;
      if (a.p === b.p) continue;
      const wa = winners.has(idx[i]);
      const wb = winners.has(idx[j]);
      matches.push([a.p, b.p, wa === wb ? 0.5 : wa ? 1 : 0]);
    }
  }
  if (!matches.length) return;
  g.updateRatings(matches);
  const changes: { player: string; before: number; after: number; outcome: 'win' | 'loss' | 'draw' }[] = [];
  for (const [id, p] of made) {
    const before = byId.get(id)!;
    const mine = seats.filter((s) => s.playerId === id).map((s) => s.index);
    const outcome = result.draw || !result.winners.length ? 'draw' : mine.some((s) => winners.has(s)) ? 'win' : 'loss';
    changes.push({ player: id, before: Number(before.rating), after: p.getRating(), outcome });
    await sql.query(
      `UPDATE ratings SET rating = $3::float8, rd = $4::float8, vol = $5::float8, games = games + 1,
         wins = wins + $6::int, losses = losses + $7::int, draws = draws + $8::int, updated_at = now()
       WHERE player_id = $1::text AND ruleset = $2::text`,
      [id, ruleset, p.getRating(), p.getRd(), p.getVol(), outcome === 'win' ? 1 : 0, outcome === 'loss' ? 1 : 0, outcome === 'draw' ? 1 : 0],
    );
  }
  await sql.query(`UPDATE rated_games SET changes = $2::json WHERE game_id = $1::text`, [gameId, JSON.stringify(changes)]);
}

const round = (x: number) => Math.round(x * 10) / 10;

export async function leaderboard(rt: Runtime, ruleset: string, limit: number, offset: number) {
  const rows = await sqlOf(rt).query<{ playerId: string; name: string; rating: number; rd: number; games: number; wins: number; losses: number; draws: number }>(
    `SELECT r.player_id AS "playerId", p.name, r.rating, r.rd, r.games, r.wins, r.losses, r.draws
     FROM ratings r JOIN players p ON p.id = r.player_id WHERE r.ruleset = $1::text
     ORDER BY r.rating DESC, r.player_id LIMIT $2::int OFFSET $3::int`,
    [ruleset, Math.min(limit, 200), offset],
  );
  return {
    ruleset,
    players: rows.map((r, i) => ({ rank: offset + i + 1, id: r.playerId, name: r.name, rating: round(Number(r.rating)), rd: round(Number(r.rd)), games: r.games, wins: r.wins, losses: r.losses, draws: r.draws })),
    ai: ['random', 'greedy', 'mcts'].map((level) => ({ level, ...aiRating(ruleset, level) })),
  };
}

export async function profile(rt: Runtime, playerId: string) {
  const sql = sqlOf(rt);
  const p = await sql.query<{ id: string; name: string; createdAt: Date; vacationUntil: Date | null }>(
    `SELECT id, name, created_at AS "createdAt", vacation_until AS "vacationUntil" FROM players WHERE id = $1::text`, [playerId],
  );
  if (!p.length) throw notFound('player', playerId);
  const ratings = await sql.query<{ ruleset: string; rating: number; rd: number; vol: number; games: number; wins: number; losses: number; draws: number }>(
    `SELECT ruleset, rating, rd, vol, games, wins, losses, draws FROM ratings WHERE player_id = $1::text ORDER BY ruleset`, [playerId],
  );
  const recent = await sql.query<{ id: string; ruleset: string; status: string; result: unknown; seats: number[]; updatedAt: Date; rated: boolean }>(
    `SELECT g.id, g.ruleset, g.status, g.result, array_agg(s.seat_index ORDER BY s.seat_index) AS seats, g.updated_at AS "updatedAt",
       COALESCE((g.policy->>'rated')::boolean, false) AS rated
     FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = $1::text
     GROUP BY g.id ORDER BY g.updated_at DESC, g.id LIMIT 20`,
    [playerId],
  );
  const until = p[0].vacationUntil ? new Date(p[0].vacationUntil) : null;
  const record = ratings.reduce((a, r) => ({ games: a.games + r.games, wins: a.wins + r.wins, losses: a.losses + r.losses, draws: a.draws + r.draws }), { games: 0, wins: 0, losses: 0, draws: 0 });
  return {
    id: p[0].id, name: p[0].name, createdAt: new Date(p[0].createdAt).toISOString(),
    onVacationUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
    ratings: ratings.map((r) => ({ ruleset: r.ruleset, rating: round(Number(r.rating)), rd: round(Number(r.rd)), vol: Number(r.vol), games: r.games, wins: r.wins, losses: r.losses, draws: r.draws })),
    record,
    recentGames: recent.map((g) => {
      const res = g.result as Result | null;
      const mine = g.seats;
      const outcome = !res ? null : res.draw || !res.winners.length ? 'draw' : mine.some((s) => res.winners.includes(s)) ? 'win' : 'loss';
      return { id: g.id, ruleset: g.ruleset, status: g.status, seats: mine, rated: g.rated, outcome, updatedAt: new Date(g.updatedAt).toISOString() };
    }),
  };
}
