// A queue that lost its jobs. BullMQ keeps the jobs the outbox dispatcher handed over (AI turns,
// webhook deliveries, player notices) in Redis; a Redis that comes back empty (killed without
// persistence, a failover to a lagging replica, a FLUSHALL) has lost them, and the outbox rows
// say "done". Each queue writes a random epoch into Redis and the database
// (prisma/migrations/0007_queue_epochs). A process that finds Redis without one records a new
// one: if the database held an older epoch, Redis lost its data and the features re-queue from
// the database what may have been lost (recovery handlers); if not, it is the first start on
// this Redis, with nothing to recover.
import { QueueLossStore } from '../store/queue-loss.js';
import type { Store } from '../store/types.js';
import type { JobQueue } from './queue.js';

export type LossHandler = () => Promise<void>;

export function watchQueueEpoch(queue: JobQueue, store: Store, prefix: string, handlers: LossHandler[], afterwards: () => void): void {
  queue.onEmpty?.(async (epoch) => {
    const before = await QueueLossStore.of(store).swapEpoch(prefix, epoch);
    if (before === null) return;
    console.error(`[queue] Redis lost the queue's data (epoch ${before} gone): re-queueing from the database`);
    for (const h of handlers) {
      try {
        await h();
      } catch (err) {
        console.error(`[queue] a recovery handler failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    afterwards();
  });
}

/** How far back outbox rows handed to a queue that lost its data are handed over again (seconds). */
export function repeatWindowSeconds(): number {
  return Number(process.env.SKYEYE_QUEUE_LOSS_REPEAT_SECONDS) || 900;
}
