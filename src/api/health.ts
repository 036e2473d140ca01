// Liveness (/healthz) and readiness (/readyz), and the answer to a request made while the
// database is down: 503 `store_unavailable` with Retry-After instead of a 500.
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime.js';
import { busStatus } from '../service/bus.js';

/** Seconds a client should wait before retrying while the store is down. */
export const STORE_RETRY_AFTER = 5;

// What the drivers say when the database cannot be reached or drops the connection: pg
// (socket errors, SQLSTATE class 08 connection exceptions, 57P0x shutdowns), Prisma's
// engine codes (P1001 unreachable, P1017 closed, P2024 pool timeout) and a closed PGlite.
const DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH',
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'P1001', 'P1002', 'P1017', 'P2024']);
const DOWN_TEXT = /ECONNREFUSED|ECONNRESET|Connection terminated|connection (is )?closed|terminating connection|database system is (starting up|shutting down|in recovery)|Can't reach database|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|DatabaseNotReachable|ConnectionClosed|SocketTimeout/i;

/** Whether an error means "the database is unavailable" rather than a bug. */
export function isStoreUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; meta?: unknown; errors?: unknown; originalError?: unknown };
  if (typeof e.code === 'string' && DOWN_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && DOWN_TEXT.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isStoreUnavailable(x, depth + 1))) return true;
  return [e.cause, e.meta, e.originalError].some((x) => isStoreUnavailable(x, depth + 1));
}

export const storeUnavailableBody = {
  code: 'store_unavailable',
  message: 'the game store is unavailable; retry shortly',
  details: { retryAfterSeconds: STORE_RETRY_AFTER },
};

/** Asks the store a trivial question, within `ms`. */
async function storeUp(rt: Runtime, ms = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      rt.store.getGame('readyz-probe').then(() => true),
      new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms); }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export interface Health {
  status: 'ok' | 'degraded' | 'unavailable';
  store: { kind: string; up: boolean };
  queue: { kind: string; up: boolean };
  bus: 'memory' | 'up' | 'down';
}

export async function health(rt: Runtime): Promise<Health> {
  const store = await storeUp(rt);
  const queue = rt.queue.up;
  const bus = busStatus(rt.bus);
  return {
    status: !store ? 'unavailable' : !queue || bus === 'down' ? 'degraded' : 'ok',
    store: { kind: rt.storeKind, up: store }, queue: { kind: rt.queue.kind, up: queue }, bus,
  };
}

export async function healthRoutes(app: FastifyInstance, rt: Runtime) {
  // Liveness: 200 while the process runs, whatever its parts say (a restart would not mend a
  // database outage). The body names the degraded part.
  app.get('/healthz', { schema: { tags: ['service'], summary: 'Liveness: 200 while the process runs; the body names degraded parts' } }, async () => {
    const h = await health(rt);
    return { ok: true, ...h, jobs: rt.queue.kind };
  });
  // Readiness: 503 while the store is down (no request can be served). A queue outage keeps
  // the API ready: moves still commit and their jobs wait in the outbox (status 'degraded').
  app.get('/readyz', { schema: { tags: ['service'], summary: 'Readiness: 503 while the store is unreachable' } }, async (_req, reply) => {
    const h = await health(rt);
    if (!h.store.up) reply.code(503).header('retry-after', String(STORE_RETRY_AFTER));
    return { ready: h.store.up, ...h };
  });
}
