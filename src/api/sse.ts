// Server-Sent Events for clients without GraphQL: one `update` event per commit, carrying the
// game as the caller's seat may see it, the caller's redacted events of that commit and, for a
// seat with an open decision, its legal actions; a `chat` event per table-talk message.
// Every event has an id `<version>:<chat id>`: a client that reconnects with Last-Event-ID is
// sent every update it missed, in order, and every chat message after it (issue #15).
// Authentication: `Authorization: Bearer <seat token>`, or `?ticket=` (POST .../stream-tickets)
// for browsers; a seat token in the URL is refused (400), never downgraded to a spectator.
import type { FastifyInstance } from 'fastify';
import { Type as T } from '@sinclair/typebox';
import type { Seat } from '../engine/types.js';
import type { Runtime } from '../runtime.js';
import { chatTopic, gameTopic, type CommitNotice } from '../service/bus.js';
import { ServiceError } from '../service/errors.js';
import { bearer } from './auth.js';
import { GameIdParams } from './schemas.js';
import { redeemTicket } from './stream-tickets.js';

/** At most this many missed updates are replayed on reconnect (older ones: GET /actions). */
const MAX_REPLAY = 500;

export async function sseRoute(app: FastifyInstance, rt: Runtime) {
  const svc = rt.service;
  app.get('/v1/games/:id/events', {
    schema: {
      tags: ['play'], summary: 'Server-Sent Events: an `update` after each commit (the game, the caller\'s events and legal actions), `chat` per message; Last-Event-ID replays what was missed',
      params: GameIdParams,
      querystring: T.Object({
        ticket: T.Optional(T.String({ maxLength: 128, description: 'a stream ticket (POST /v1/games/{id}/stream-tickets), for clients that cannot send headers' })),
        token: T.Optional(T.String({ maxLength: 256, description: 'refused (400): a seat token never goes in a URL; use a ticket' })),
        access_token: T.Optional(T.String({ maxLength: 256, description: 'refused (400), as token' })),
      }),
    },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const q = req.query as { ticket?: string; token?: string; access_token?: string };
    if (q.token !== undefined || q.access_token !== undefined) {
      throw new ServiceError(400, 'token_in_url', 'a seat token must not be sent in a URL: ask POST /v1/games/{id}/stream-tickets for a short-lived ticket and open the stream with ?ticket=');
    }
    const seat: Seat | null = q.ticket !== undefined ? await redeemTicket(rt, id, q.ticket) : await svc.authenticate(id, bearer(req));
    const lastId = /^(\d+):(\d+)$/.exec(String(req.headers['last-event-id'] ?? ''));
    const first = await svc.getGame(id, seat);
    let last = lastId ? Math.min(Number(lastId[1]), first.version) : -1;
    let lastChat = lastId ? Number(lastId[2]) : await latestChat(id);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded) res.write(`id: ${last}:${lastChat}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };

    /** The update of one version: the game then, the caller's events of that commit, its legal actions now. */
    const update = async (v: number, current: number) => {
      const game = v === current ? await svc.getGame(id, seat, v) : await svc.replayAt(id, v, seat);
      const events = v === 0 ? [] : (await svc.log(id, seat, v - 1, 1)).entries[0]?.events ?? [];
      const open = seat !== null && v === current && game.status === 'active' && game.pending.some((d: { seat: number }) => d.seat === seat);
      return { ...game, events, ...(open ? { legal: await svc.legalActions(id, seat) } : {}) };
    };
    let chain = Promise.resolve();
    const catchUp = (target: number) => {
      chain = chain.then(async () => {
        if (target <= last) return;
        const from = Math.max(last + 1, target - MAX_REPLAY + 1);
        for (let v = from; v <= target; v++) {
          const u = await update(v, target);
          last = v;
          send('update', u);
        }
      }).catch(() => undefined);
    };
    // First: everything missed since Last-Event-ID (chat too), else the current snapshot.
    if (lastId) {
      catchUp(first.version);
      chain = chain.then(async () => {
        for (const m of (await svc.chat(id, lastChat, 500)).messages) {
          lastChat = m.id;
          send('chat', m);
        }
      }).catch(() => undefined);
    } else {
      last = first.version;
      const open = seat !== null && first.status === 'active' && first.pending.some((d: { seat: number }) => d.seat === seat);
      send('update', { ...first, events: [], ...(open ? { legal: await svc.legalActions(id, seat) } : {}) });
    }
    const listener = (msg: Record<string, unknown>, cb: () => void) => {
      cb();
      catchUp((msg.payload as CommitNotice).version);
    };
    const chat = (msg: Record<string, unknown>, cb: () => void) => {
      cb();
      const { gameId: _g, ...m } = msg.payload as { gameId: string; id: number };
      chain = chain.then(() => {
        if (m.id <= lastChat) return;
        lastChat = m.id;
        send('chat', m);
      });
    };
    rt.bus.on(gameTopic(id), listener);
    rt.bus.on(chatTopic(id), chat);
    const ping = setInterval(() => res.write(': ping\n\n'), 15000);
    req.raw.on('close', () => {
      clearInterval(ping);
      rt.bus.removeListener(gameTopic(id), listener);
      rt.bus.removeListener(chatTopic(id), chat);
    });
  });

  /** The id of the game's newest chat message (0: none), so a fresh stream sends only new ones. */
  async function latestChat(id: string): Promise<number> {
    let after = 0;
    for (let i = 0; i < 100; i++) {
      const page = (await svc.chat(id, after, 500)).messages;
      if (!page.length) return after;
      after = page[page.length - 1].id;
      if (page.length < 500) return after;
    }
    return after;
  }
}
