// Server-Sent Events for clients without GraphQL: one `update` event per commit, carrying
// the game as the caller's seat may see it, and a `chat` event per table-talk message.
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime.js';
import { chatTopic, gameTopic, type CommitNotice } from '../service/bus.js';
import { bearer } from './auth.js';
import { GameIdParams } from './schemas.js';

export async function sseRoute(app: FastifyInstance, rt: Runtime) {
  app.get('/v1/games/:id/events', {
    schema: { tags: ['play'], summary: 'Server-Sent Events: an `update` after each commit, filtered for the caller', params: GameIdParams },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const seat = await rt.service.authenticate(id, bearer(req));
    const first = await rt.service.getGame(id, seat);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (event: string, data: unknown, version?: number) => {
      res.write(`${version !== undefined ? `id: ${version}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    send('update', first, first.version);
    let last = first.version;
    const listener = (msg: Record<string, unknown>, cb: () => void) => {
      cb();
      const v = (msg.payload as CommitNotice).version;
      if (v <= last) return;
      rt.service.getGame(id, seat, v).then((g: { version: number }) => {
        if (g.version <= last) return;
        last = g.version;
        send('update', g, g.version);
      }, () => undefined);
    };
    const chat = (msg: Record<string, unknown>, cb: () => void) => {
      cb();
      const { gameId: _g, ...m } = msg.payload as { gameId: string };
      send('chat', m);
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
}
