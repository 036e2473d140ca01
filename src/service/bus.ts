// Commit notices between processes: the API's subscriptions and SSE streams hear moves made
// by workers. In-memory mqemitter when embedded, mqemitter-redis with REDIS_URL. A notice
// carries only (gameId, version) as `payload` (mercurius's shape): each listener reads the view its own seat may see.
import mqemitter, { type MQEmitter } from 'mqemitter';
import mqemitterRedis from 'mqemitter-redis';

export interface CommitNotice {
  gameId: string;
  version: number;
  status: string;
}

export type Bus = MQEmitter;

export function createBus(redisUrl?: string): Bus {
  if (!redisUrl) return mqemitter();
  const u = new URL(redisUrl);
  return mqemitterRedis({
    host: u.hostname,
    port: Number(u.port || 6379),
    password: u.password || undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined,
  }) as unknown as MQEmitter;
}

export const gameTopic = (gameId: string) => `skyeye/game/${gameId}`;

export function publishCommit(bus: Bus, n: CommitNotice): Promise<void> {
  return new Promise((resolve) => bus.emit({ topic: gameTopic(n.gameId), payload: n }, () => resolve()));
}

export function closeBus(bus: Bus): Promise<void> {
  return new Promise((resolve) => bus.close(() => resolve()));
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
  return new Promise((resolve) => bus.emit({ topic: chatTopic(n.gameId), payload: n }, () => resolve()));
}

/** Standing orders changed for a game: every process drops its cached copy. */
export const ordersTopic = (gameId: string) => `skyeye/orders/${gameId}`;
export const ORDERS_ANY = 'skyeye/orders/+';

export function publishOrdersChanged(bus: Bus, gameId: string): Promise<void> {
  return new Promise((resolve) => bus.emit({ topic: ordersTopic(gameId), payload: { gameId } }, () => resolve()));
}
