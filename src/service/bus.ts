// Commit notices between processes: the API's subscriptions and SSE streams hear moves made
// by workers. In-memory mqemitter when embedded, mqemitter-redis with REDIS_URL. A notice
// carries only (gameId, version) as `payload` (mercurius's shape): each listener reads the view its own seat may see.
import mqemitter, { type MQEmitter } from 'mqemitter';
import mqemitterRedis from 'mqemitter-redis';
import { Redis } from 'ioredis';

export interface CommitNotice {
  gameId: string;
  version: number;
  status: string;
}

export type Bus = MQEmitter;

/** What the Redis bus keeps beside the emitter: its two connections and reconnect hooks. */
interface RedisBusParts {
  sub: Redis;
  pub: Redis;
  onReconnect: Set<() => void>;
  /** mqemitter-redis's own local delivery (no Redis round trip). */
  local(msg: { topic: string; payload: unknown }): void;
}
const redisParts = new WeakMap<Bus, RedisBusParts>();

/**
 * With REDIS_URL the bus survives a Redis outage: both connections reconnect forever
 * (ioredis's retry strategy), errors are logged instead of crashing the process (an
 * EventEmitter 'error' with no listener throws), publishes fail fast while Redis is down and
 * are delivered to this process's own listeners instead, and on reconnect the hooks of
 * onBusReconnect run so listeners can catch up on what they missed (see runtime.ts).
 */
export function createBus(redisUrl?: string, log: (msg: string) => void = defaultLog): Bus {
  if (!redisUrl) return mqemitter();
  const retryStrategy = (times: number) => Math.min(100 * times, 2000);
  // Subscriptions queue while offline (ioredis re-subscribes on reconnect); publishes do not.
  const sub = new Redis(redisUrl, { retryStrategy, maxRetriesPerRequest: null });
  const pub = new Redis(redisUrl, { retryStrategy, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const bus = mqemitterRedis({ subConn: sub, pubConn: pub } as never) as unknown as MQEmitter & {
    state: NodeJS.EventEmitter; _emit(msg: unknown, cb?: () => void): void;
  };
  let lastLog = 0;
  bus.state.on('error', (err: Error) => {
    // One line per few seconds while Redis is away, not one per retry.
    if (Date.now() - lastLog > 5000) {
      lastLog = Date.now();
      log(`[bus] Redis error: ${err.message}`);
    }
  });
  const parts: RedisBusParts = { sub, pub, onReconnect: new Set(), local: (msg) => bus._emit(msg) };
  let wasDown = false;
  sub.on('close', () => { wasDown = true; });
  sub.on('ready', () => {
    if (!wasDown) return;
    wasDown = false;
    log('[bus] Redis is back: catching up');
    for (const f of parts.onReconnect) f();
  });
  redisParts.set(bus, parts);
  return bus;
}

const defaultLog = (m: string) => console.error(m);

/** 'memory' (embedded), 'up' or 'down' (Redis unreachable: notices stay in this process). */
export function busStatus(bus: Bus): 'memory' | 'up' | 'down' {
  const p = redisParts.get(bus);
  if (!p) return 'memory';
  return p.sub.status === 'ready' && p.pub.status === 'ready' ? 'up' : 'down';
}

/** Runs `f` each time the bus's Redis comes back after an outage. Returns an unsubscribe. */
export function onBusReconnect(bus: Bus, f: () => void): () => void {
  const p = redisParts.get(bus);
  if (!p) return () => undefined;
  p.onReconnect.add(f);
  return () => p.onReconnect.delete(f);
}

/** The topics this process listens to (Redis bus only), e.g. to catch them up after an outage. */
export function subscribedTopics(bus: Bus): string[] {
  const topics = (bus as unknown as { _topics?: Record<string, number> })._topics;
  return topics ? Object.keys(topics).filter((t) => topics[t] > 0) : [];
}

/** Delivers to this process's listeners only (no Redis). */
export function emitLocal(bus: Bus, msg: { topic: string; payload: unknown }): void {
  const p = redisParts.get(bus);
  if (p) p.local(msg);
  else bus.emit(msg);
}

/** Publishes to every process; while Redis is down, to this process at least. Never rejects. */
function publish(bus: Bus, msg: { topic: string; payload: unknown }): Promise<void> {
  const p = redisParts.get(bus);
  if (p && p.pub.status !== 'ready') {
    p.local(msg);
    return Promise.resolve();
  }
  return new Promise((resolve) => bus.emit(msg, (err?: unknown) => {
    if (err && p) p.local(msg);
    resolve();
  }));
}

export const gameTopic = (gameId: string) => `skyeye/game/${gameId}`;

export function publishCommit(bus: Bus, n: CommitNotice): Promise<void> {
  return publish(bus, { topic: gameTopic(n.gameId), payload: n });
}

export function closeBus(bus: Bus): Promise<void> {
  const p = redisParts.get(bus);
  if (!p) return new Promise((resolve) => bus.close(() => resolve()));
  p.onReconnect.clear();
  // mqemitter-redis does not catch its QUIT: with Redis down it would reject unhandled.
  for (const c of [p.sub, p.pub]) {
    const quit = c.quit.bind(c);
    c.quit = (() => quit().catch(() => 'OK')) as typeof c.quit;
  }
  // A QUIT cannot reach a Redis that is down: give it a moment, then drop the sockets.
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      p.sub.disconnect();
      p.pub.disconnect();
      resolve();
    }, p.sub.status === 'ready' ? 2000 : 0);
    bus.close(() => {
      clearTimeout(t);
      resolve();
    });
  });
}

export const chatTopic = (gameId: string) => `skyeye/chat/${gameId}`;

export interface ChatNotice {
  gameId: string;
  id: number;
  seat: number;
  text: string;
  at: string;
}

export function publishChat(bus: Bus, n: ChatNotice): Promise<void> {
  return publish(bus, { topic: chatTopic(n.gameId), payload: n });
}

/** Standing orders changed for a game: every process drops its cached copy. */
export const ordersTopic = (gameId: string) => `skyeye/orders/${gameId}`;
export const ORDERS_ANY = 'skyeye/orders/+';

export function publishOrdersChanged(bus: Bus, gameId: string): Promise<void> {
  return publish(bus, { topic: ordersTopic(gameId), payload: { gameId } });
}
