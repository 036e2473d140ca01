// GET /v1/me/events: one Server-Sent Events stream for all of a player's games: `turn`,
// `move`, `game_over` (from the player's event feed, ids increasing; Last-Event-ID replays
// what came after it) and `chat` of the games they sit in (live only, no id).
import type { FastifyInstance } from 'fastify';
import { Type as T } from '@sinclair/typebox';
import { bearer } from '../api/auth.js';
import type { Runtime } from '../runtime.js';
import { chatTopic } from '../service/bus.js';
import { playersOf } from './feature.js';
import { playerTopic } from './notify.js';
import { sqlOf } from './players.js';

export interface FeedEvent { id: number; type: string; gameId: string; data: unknown }

export async function feedAfter(rt: Runtime, playerId: string, after: number, limit = 500): Promise<FeedEvent[]> {
  const rows = await sqlOf(rt).query<{ id: string; type: string; gameId: string; data: unknown }>(
    `SELECT id::text AS id, type, game_id AS "gameId", data FROM player_events WHERE player_id = $1::text AND id > $2::bigint ORDER BY id LIMIT $3::int`,
    [playerId, after, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), type: r.type, gameId: r.gameId, data: r.data }));
}

export async function meEventsRoute(app: FastifyInstance, rt: Runtime) {
  app.get('/v1/me/events', {
    schema: {
      tags: ['players'], operationId: 'streamMyEvents', summary: "Server-Sent Events for all the player's games (turn, move, game_over, chat); Last-Event-ID replays",
      querystring: T.Object({ lastEventId: T.Optional(T.Integer({ minimum: 0 })) }),
    },
  }, async (req, reply) => {
    const c = await playersOf(rt).authenticate(bearer(req), 'read');
    const h = req.headers['last-event-id'];
    let last = Number((typeof h === 'string' ? h : undefined) ?? (req.query as { lastEventId?: number }).lastEventId ?? -1);
    if (!Number.isFinite(last)) last = -1;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (e: FeedEvent) => {
      if (e.id <= last || res.destroyed) return;
      last = e.id;
      res.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ gameId: e.gameId, ...(e.data as object) })}\n\n`);
    };
    // A live notice only says "the feed moved": the stream reads the feed after its last id, so
    // events go out in id order whatever order the notices arrive in (several processes).
    let reading: Promise<void> | null = null;
    let again = false;
    const catchUp = (): Promise<void> => {
      if (reading) {
        again = true;
        return reading;
      }
      reading = (async () => {
        try {
          do {
            again = false;
            for (const e of await feedAfter(rt, c.playerId, last)) send(e);
          } while (again);
        } catch { /* the next notice retries */ } finally {
          reading = null;
        }
      })();
      return reading;
    };
    const live = (_msg: Record<string, unknown>, cb: () => void) => {
      cb();
      void catchUp();
    };
    const chatGames = (await sqlOf(rt).query<{ gameId: string }>(
      `SELECT DISTINCT s.game_id AS "gameId" FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = $1::text AND g.status = 'active' LIMIT 200`, [c.playerId],
    )).map((r) => r.gameId);
    const chat = (msg: Record<string, unknown>, cb: () => void) => {
      cb();
      const { gameId, ...m } = msg.payload as { gameId: string };
      res.write(`event: chat\ndata: ${JSON.stringify({ gameId, ...m })}\n\n`);
    };
    rt.bus.on(playerTopic(c.playerId), live);
    for (const g of chatGames) rt.bus.on(chatTopic(g), chat);
    await catchUp();
    const ping = setInterval(() => res.write(': ping\n\n'), 15000);
    req.raw.on('close', () => {
      clearInterval(ping);
      rt.bus.removeListener(playerTopic(c.playerId), live);
      for (const g of chatGames) rt.bus.removeListener(chatTopic(g), chat);
    });
  });
}
