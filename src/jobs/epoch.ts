// A queue that lost its jobs. BullMQ keeps the jobs the outbox dispatcher handed over (AI turns,
// webhook deliveries, player notices) in Redis; a Redis that comes back empty or older (killed
// without persistence, restored from an older snapshot, a failover to a lagging replica, a
// FLUSHALL) has lost some of them, and their outbox rows say "done". So each queue counts a
// generation in Redis that only grows: incremented after every hand-over, on every reconnect
// and every SKYEYE_QUEUE_EPOCH_MS, each process leaving its own mark (the value it got); the
// highest value seen is recorded in the database (prisma/migrations/0007_queue_epochs). A mark
// gone or older than the process left it (Redis went back past its last hand-over), or a
// counter no higher than the record (all processes restarted too) means Redis lost data: the
// features re-queue from the database what may have been lost (their loss handlers), in the
// one process that claims the loss. No record: the first start, nothing to recover.
import { randomUUID } from 'node:crypto';
import { QueueLossStore } from '../store/queue-loss.js';
import type { Store } from '../store/types.js';
import type { JobQueue } from './queue.js';

export type LossHandler = () => Promise<void>;

export class QueueWatch {
  /** This process's mark in Redis. */
  private readonly id = randomUUID();
  /** The generation of this process's mark (0: none left yet). */
  private seen = 0;
  /** The database's value when first read (undefined: not read yet; null: none). */
  private recorded: number | null | undefined;
  /** Losses handled, as this process last read them. */
  private losses = 0;
  private running: Promise<void> | null = null;
  private again: 'bump' | 'record' | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly queue: JobQueue,
    private readonly store: Store,
    private readonly prefix: string,
    private readonly handlers: LossHandler[],
    private readonly afterwards: () => void,
  ) {}

  start(): void {
    if (!this.queue.generation) return; // in-process: nothing outlives the process (recovery.ts sweeps at start)
    this.queue.onReady?.(() => void this.check('record'));
    void this.check('record');
    this.timer = setInterval(() => void this.check('record'), Number(process.env.SKYEYE_QUEUE_EPOCH_MS) || 5000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** After jobs were handed over: a loss after this point is then seen as one. */
  bump(): void {
    if (this.queue.generation) void this.check('bump');
  }

  /** One check at a time; a request during one runs once after it. */
  check(kind: 'bump' | 'record'): Promise<void> {
    if (this.running) {
      if (this.again !== 'record') this.again = kind;
      return this.running;
    }
    this.running = this.once(kind)
      .catch((err) => console.error(`[queue] generation check failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.running = null;
        const next = this.again;
        this.again = null;
        if (next) void this.check(next);
      });
    return this.running;
  }

  private async once(kind: 'bump' | 'record'): Promise<void> {
    const g = await this.queue.generation!(this.id);
    if (g === null) return; // unreachable: the next reconnect checks
    const { now, mark } = g;
    const db = QueueLossStore.of(this.store);
    if (this.recorded === undefined) {
      const r = await db.generation(this.prefix);
      this.recorded = r?.generation ?? null;
      this.losses = r?.losses ?? 0;
    }
    // Lost: the mark this process left is gone or older (Redis went back past its last
    // hand-over), or the counter is no higher than the database's record of it.
    const lostMark = this.seen > 0 && (mark === null || mark < this.seen);
    if (lostMark || (this.recorded !== null && now <= this.recorded)) {
      const high = Math.max(this.seen, this.recorded ?? 0);
      this.seen = now;
      this.recorded = now;
      // Of the processes that see the same loss, the one that moves the count on recovers.
      const mine = await db.claimLoss(this.prefix, this.losses, now);
      this.losses = (await db.generation(this.prefix))?.losses ?? this.losses;
      if (!mine) return;
      console.error(`[queue] Redis lost data (generation ${now}, seen ${high}): re-queueing from the database`);
      for (const h of this.handlers) {
        try {
          await h();
        } catch (err) {
          console.error(`[queue] a recovery handler failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      this.afterwards();
      return;
    }
    this.seen = now;
    if (kind === 'record' || this.recorded === null) {
      await db.recordGeneration(this.prefix, now);
      this.recorded = Math.max(this.recorded ?? 0, now);
    }
  }
}

/** How far back outbox rows handed to a queue that lost its data are handed over again (seconds). */
export function repeatWindowSeconds(): number {
  return Number(process.env.SKYEYE_QUEUE_LOSS_REPEAT_SECONDS) || 900;
}
