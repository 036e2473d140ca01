// Wires one process: store, bus, queue, dispatcher and service, from the environment.
// Embedded (no DATABASE_URL / REDIS_URL): PGlite in DATA_DIR and in-process jobs.
import { BullQueue } from './jobs/bullmq.js';
import { OutboxDispatcher } from './jobs/dispatcher.js';
import { type LossHandler, QueueWatch } from './jobs/epoch.js';
import { InProcessQueue } from './jobs/in-process.js';
import type { JobHandler, JobQueue } from './jobs/queue.js';
import { closeBus, createBus, emitLocal, gameTopic, onBusReconnect, subscribedTopics, type Bus } from './service/bus.js';
import { probes } from './service/probes.js';
import { GameService } from './service/game-service.js';
import { openStore } from './store/db.js';
import type { Store } from './store/types.js';

export interface RuntimeOptions {
  databaseUrl?: string;
  redisUrl?: string;
  dataDir?: string;
  /** Use this store instead of opening one (tests share a PGlite). */
  store?: Store;
  /** Run job handlers in this process (embedded: always; with Redis: the worker does). */
  work?: boolean;
  /** BullMQ key prefix (tests isolate themselves). */
  queuePrefix?: string;
  pollMs?: number;
  snapshotEvery?: number;
  /** See ServiceOptions.readCacheMs (env SKYEYE_READ_CACHE_MS). */
  readCacheMs?: number;
}

export interface Runtime {
  service: GameService;
  store: Store;
  storeKind: 'postgres' | 'pglite';
  bus: Bus;
  queue: JobQueue;
  dispatcher: OutboxDispatcher;
  /** Job handlers registered by features (AI, deadlines, webhooks). */
  handlers: Record<string, JobHandler>;
  /** Features re-queue from the database what a queue that lost its data lost (src/jobs/epoch.ts). */
  onQueueLost(h: LossHandler): void;
  close(): Promise<void>;
}

export type RuntimeFeature = (rt: Runtime) => void | Promise<void>;
const features: RuntimeFeature[] = [];

/** Features (AI seats, deadlines, webhooks) plug their planners and job handlers in here. */
export function registerFeature(f: RuntimeFeature): void {
  features.push(f);
}

export async function createRuntime(o: RuntimeOptions = {}): Promise<Runtime> {
  const databaseUrl = o.databaseUrl ?? (o.store ? undefined : process.env.DATABASE_URL);
  const redisUrl = o.redisUrl ?? process.env.REDIS_URL;
  const ownsStore = !o.store;
  const store = o.store ?? (await openStore(databaseUrl ? { databaseUrl } : { dataDir: o.dataDir ?? process.env.DATA_DIR ?? './data' }));
  const bus = createBus(redisUrl);
  const prefix = o.queuePrefix ?? process.env.SKYEYE_QUEUE_PREFIX ?? 'skyeye';
  const queue: JobQueue = redisUrl ? new BullQueue(redisUrl, prefix) : new InProcessQueue();
  const lossHandlers: LossHandler[] = [];
  const watch: QueueWatch = new QueueWatch(queue, store, prefix, lossHandlers, () => void dispatcher.kick());
  const dispatcher = new OutboxDispatcher(store, queue, o.pollMs ?? 1000, () => watch.bump());
  const envReadCache = process.env.SKYEYE_READ_CACHE_MS;
  const service = new GameService({
    store, bus, snapshotEvery: o.snapshotEvery, afterCommit: () => void dispatcher.kick(),
    readCacheMs: o.readCacheMs ?? (envReadCache ? Number(envReadCache) : undefined),
  });
  // After a Redis outage, commit notices from other processes may have been lost: every game
  // this process listens to (subscriptions, SSE streams) gets a local notice of its current
  // version, so listeners re-read it (they skip versions they have already sent).
  const stopCatchUp = onBusReconnect(bus, () => void catchUp(rt));
  const rt: Runtime = {
    service, store, storeKind: databaseUrl ? 'postgres' : 'pglite', bus, queue, dispatcher, handlers: {},
    onQueueLost: (h) => void lossHandlers.push(h),
    async close() {
      stopCatchUp();
      watch.stop();
      await dispatcher.stop();
      await queue.close();
      await closeBus(bus);
      if (ownsStore) await store.close();
    },
  };
  for (const f of features) await f(rt);
  watch.start();
  dispatcher.start();
  if (o.work ?? !redisUrl) await queue.work(timed(rt.handlers));
  return rt;
}

/** Job handlers that report their run time and outcome (see probes.ts, /metrics). */
function timed(handlers: Record<string, JobHandler>): Record<string, JobHandler> {
  return Object.fromEntries(Object.entries(handlers).map(([name, h]) => [name, async (data, meta) => {
    const t0 = performance.now();
    let ok = false;
    try {
      await h(data, meta);
      ok = true;
    } finally {
      probes.emit('job', { name, seconds: (performance.now() - t0) / 1000, ok });
    }
  }]));
}

const GAME_TOPIC = new RegExp(`^${gameTopic('')}([A-Za-z0-9_-]+)$`);

async function catchUp(rt: Runtime): Promise<void> {
  for (const t of subscribedTopics(rt.bus)) {
    const id = GAME_TOPIC.exec(t)?.[1];
    if (!id) continue;
    const g = await rt.store.getGame(id).catch(() => null);
    if (g) emitLocal(rt.bus, { topic: t, payload: { gameId: id, version: g.game.version, status: g.game.status } });
  }
  void rt.dispatcher.kick();
}
