// GET /v1/me/events: one Server-Sent Events stream for all of a player's games: `turn`,
// `move`, `game_over` (from the player's event feed) and `chat` of the games they sit in.
// Event ids are `<feed id>:<chat id>`, two cursors as the game stream's `<version>:<chat id>`:
// the feed and the chat table each count on their own, so Last-Event-ID replays both.
import type { FastifyInstance } from 'fastify';
import { Type as T } from '@sinclair/typebox';
import { bearer } from '../api/auth.js';
import type { Runtime } from '../runtime.js';
import { chatTopic } from '../service/bus.js';
import { ServiceError } from '../service/errors.js';
import { playersOf } from './feature.js';
import { playerTopic } from './notify.js';
import { sqlOf } from './players.js';

export interface FeedEvent { id: number; type: string; gameId: string; data: unknown }
interface ChatRow { id: number; gameId: string; seat: number; text: string; at: string }

// Ids are read as text (bigint); ORDER BY names the table's column, since a bare `id` would sort
// by the text alias ("10" before "9") and the cursor would then skip the smaller id.
export async function feedAfter(rt: Runtime, playerId: string, after: number, limit = 500): Promise<FeedEvent[]> {
  const rows = await sqlOf(rt).query<{ id: string; type: string; gameId: string; data: unknown }>(
    `SELECT id::text AS id, type, game_id AS "gameId", data FROM player_events WHERE player_id = $1::text AND id > $2::bigint ORDER BY player_events.id LIMIT $3::int`,
    [playerId, after, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), type: r.type, gameId: r.gameId, data: r.data }));
}

/** Table talk of these games after a chat id, in id order. */
async function chatAfter(rt: Runtime, games: string[], after: number, limit = 500): Promise<ChatRow[]> {
  if (!games.length) return [];
  const rows = await sqlOf(rt).query<{ id: string; gameId: string; seat: number; text: string; at: Date | string }>(
    `SELECT id::text AS id, game_id AS "gameId", seat, text, created_at AS at FROM chat_messages
     WHERE game_id = ANY($1::text[]) AND id > $2::bigint ORDER BY chat_messages.id LIMIT $3::int`,
    [games, after, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), gameId: r.gameId, seat: r.seat, text: r.text, at: new Date(r.at).toISOString() }));
}

async function lastChatId(rt: Runtime): Promise<number> {
  const r = await sqlOf(rt).query<{ id: string | null }>(`SELECT max(id)::text AS id FROM chat_messages`, []);
  return Number(r[0]?.id ?? 0);
}

/** `<feed>:<chat>`; a plain number (before chat had ids) is the feed cursor alone. */
export function parseMeEventId(raw: string | undefined): { feed: number; chat: number | null } | null {
  if (raw === undefined || raw === '') return null;
  const m = /^(\d{1,15})(?::(\d{1,15}))?$/.exec(raw.trim());
  if (!m) throw new ServiceError(400, 'bad_event_id', 'Last-Event-ID is `<feed id>:<chat id>` as this stream sent it');
  return { feed: Number(m[1]), chat: m[2] === undefined ? null : Number(m[2]) };
}

export async function meEventsRoute(app: FastifyInstance, rt: Runtime) {
  app.get('/v1/me/events', {
    schema: {
      tags: ['players'], operationId: 'streamMyEvents',
      summary: "Server-Sent Events for all the player's games (turn, move, game_over, chat); ids are `<feed id>:<chat id>` and Last-Event-ID replays both",
      querystring: T.Object({ lastEventId: T.Optional(T.String({ pattern: '^\\d{1,15}(:\\d{1,15})?$' })) }),
    },
  }, async (req, reply) => {
    const c = await playersOf(rt).authenticate(bearer(req), 'read');
    const h = req.headers['last-event-id'];
    const from = parseMeEventId((typeof h === 'string' ? h : undefined) ?? (req.query as { lastEventId?: string }).lastEventId);
    let feed = from?.feed ?? -1;
    // Without a chat cursor, table talk starts live: the feed's first replay is the player's
    // history, chat history is GET /v1/games/:id/chat.
    let chat = from?.chat ?? (await lastChatId(rt));
    const games = new Set((await sqlOf(rt).query<{ gameId: string }>(
      `SELECT DISTINCT s.game_id AS "gameId" FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = $1::text AND g.status = 'active' LIMIT 200`, [c.playerId],
    )).map((r) => r.gameId));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const write = (event: string, data: unknown) => {
      if (!res.destroyed) res.write(`id: ${feed}:${chat}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const onChat = (_msg: Record<string, unknown>, cb: () => void) => {
      cb();
      void catchUp();
    };
    const follow = (gameId: string) => {
      if (games.has(gameId)) return;
      games.add(gameId);
      rt.bus.on(chatTopic(gameId), onChat);
    };
    // A live notice only says "something moved": the stream reads after its cursors, so events
    // go out in id order whatever order the notices arrive in (several processes).
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
            for (const e of await feedAfter(rt, c.playerId, feed)) {
              if (e.id <= feed) continue;
              feed = e.id;
              if (e.type !== 'game_over') follow(e.gameId); // a game joined since the stream opened
              write(e.type, { gameId: e.gameId, ...(e.data as object) });
            }
            for (const m of await chatAfter(rt, [...games], chat)) {
              if (m.id <= chat) continue;
              chat = m.id;
              write('chat', m);
            }
          } while (again);
        } catch {
          retry ??= setTimeout(() => { retry = null; void catchUp(); }, 1000); // a failed read is not left for the next notice
        } finally {
          reading = null;
        }
      })();
      return reading;
    };
    let retry: NodeJS.Timeout | null = null;
    const live = (_msg: Record<string, unknown>, cb: () => void) => {
      cb();
      void catchUp();
    };
    rt.bus.on(playerTopic(c.playerId), live);
    for (const g of games) rt.bus.on(chatTopic(g), onChat);
    await catchUp();
    // The keep-alive also re-reads after the cursors: a notice lost between processes delays an event, never drops it.
    const ping = setInterval(() => { res.write(': ping\n\n'); void catchUp(); }, 15000);
    req.raw.on('close', () => {
      clearInterval(ping);
      if (retry) clearTimeout(retry);
      rt.bus.removeListener(playerTopic(c.playerId), live);
      for (const g of games) rt.bus.removeListener(chatTopic(g), onChat);
    });
  });
}
