// Moves outbox rows (written in the same transaction as the action) onto the queue. Runs in
// every API and worker process; SKIP LOCKED claims keep them from doubling up. A crash
// between claim and enqueue is safe: the claim lease expires and the row is claimed again,
// and queue job ids deduplicate.
import type { Store } from '../store/types.js';
import type { JobQueue } from './queue.js';
import { jobKey } from './queue.js';

export class OutboxDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  /** `handedOver`: after a batch of rows went onto the queue (src/jobs/epoch.ts counts it). */
  constructor(private readonly store: Store, private readonly queue: JobQueue, private readonly pollMs = 1000, private readonly handedOver?: () => void) {}

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref?.();
    };
    tick();
  }

  /** Dispatch now (after a commit). Coalesces concurrent calls. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.kick();
      }
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const now = new Date();
      let rows;
      try {
        rows = await this.store.claimOutbox(50, now);
      } catch {
        return; // store closing or unavailable: the next tick tries again
      }
      if (!rows.length) return;
      let added = 0;
      for (const r of rows) {
        try {
          await this.queue.add({
            name: r.kind,
            data: { ...(r.payload as object), gameId: r.gameId, outboxId: r.id },
            jobId: r.dedupKey ? jobKey(r.kind, r.gameId, r.dedupKey) : jobKey(r.kind, r.id),
            delayMs: r.runAt ? r.runAt.getTime() - now.getTime() : 0,
          });
          added++;
          await this.store.completeOutbox(r.id);
        } catch (err) {
          // Retry in a few seconds (e.g. Redis is down), but never earlier than a delayed
          // row's own time: failOutbox moves run_at, and a deadline must not fire early.
          const retry = Math.max(Date.now() + 5000, r.runAt?.getTime() ?? 0);
          await this.store.failOutbox(r.id, String(err), new Date(retry)).catch(() => undefined);
        }
      }
      if (added) this.handedOver?.();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
