// Open SSE streams of an app: counted for /metrics and, on shutdown, ended with a retry hint
// (`retry:` tells EventSource clients how long to wait before reconnecting to another instance).
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';

const streams = new WeakMap<FastifyInstance, Set<ServerResponse>>();

export function openStreams(app: FastifyInstance): number {
  return streams.get(app)?.size ?? 0;
}

/** Reconnect hint sent to SSE clients at shutdown, in ms. */
const RETRY_MS = 2000;

export function trackStreams(app: FastifyInstance) {
  const open = new Set<ServerResponse>();
  streams.set(app, open);
  // A plain callback hook, not async: it runs on every request and a promise per request costs.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method === 'GET' && /^\/v1\/games\/[^/]+\/events(\?|$)/.test(req.url)) {
      const r = reply.raw;
      open.add(r);
      r.once('close', () => open.delete(r));
    }
    done();
  });
  // Before the server stops accepting: end every stream so close() does not wait for them.
  app.addHook('preClose', async () => {
    for (const r of open) {
      try {
        if (r.headersSent && !r.writableEnded) r.end(`retry: ${RETRY_MS}\nevent: shutdown\ndata: {"reason":"server shutting down"}\n\n`);
        else if (!r.writableEnded) r.destroy();
      } catch { /* already gone */ }
    }
    open.clear();
  });
}
