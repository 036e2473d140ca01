// BullMQ on Redis: jobs survive process crashes (a stalled job is retried), ids deduplicate.
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { PermanentJobError, type JobHandler, type JobQueue, type JobSpec } from './queue.js';

const QUEUE = 'skyeye';
const lockMs = () => Number(process.env.SKYEYE_JOB_LOCK_MS) || 0;

export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}

export class BullQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private queue: Queue;
  private workers: Worker[] = [];
  private conns: Redis[] = [];

  constructor(private readonly url: string, private readonly prefix = 'skyeye') {
    const c = redisConnection(url);
    this.conns.push(c);
    this.queue = new Queue(QUEUE, { connection: c, prefix });
  }

  async add(spec: JobSpec): Promise<void> {
    await this.queue.add(spec.name, spec.data, {
      jobId: spec.jobId,
      delay: spec.delayMs && spec.delayMs > 0 ? spec.delayMs : undefined,
      attempts: spec.attempts ?? 5,
      backoff: { type: 'exponential', delay: spec.backoffMs ?? 500 },
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 24 * 3600 },
    });
  }

  async remove(jobId: string): Promise<void> {
    const job = await this.queue.getJob(jobId);
    if (job) await job.remove().catch(() => undefined); // a job that is running cannot be removed: it will find itself stale
  }

  async work(handlers: Record<string, JobHandler>, opts: { concurrency?: number } = {}): Promise<void> {
    const c = redisConnection(this.url);
    this.conns.push(c);
    const w = new Worker(
      QUEUE,
      async (job: Job) => {
        const h = handlers[job.name];
        if (!h) throw new Error(`no handler for job ${job.name}`);
        try {
          await h(job.data, { id: job.id!, attempt: job.attemptsMade + 1 });
        } catch (err) {
          // BullMQ's own marker for "do not retry".
          if (err instanceof PermanentJobError) throw new UnrecoverableError(err.message);
          throw err;
        }
      },
      {
        connection: c, prefix: this.prefix, concurrency: opts.concurrency ?? 4,
        // A job whose worker died is retried once its lock lapses (BullMQ's stall check).
        // SKYEYE_JOB_LOCK_MS shortens both for tests and small deployments.
        ...(lockMs() ? { lockDuration: lockMs(), stalledInterval: lockMs() } : {}),
      },
    );
    w.on('error', () => undefined);
    await w.waitUntilReady();
    this.workers.push(w);
  }

  async idle(timeoutMs = 30_000): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const counts = await this.queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
      if (counts.active + counts.waiting + counts.prioritized === 0) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }

  /** Test helper: remove every job of this queue. */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await this.queue.close();
    await Promise.all(this.conns.map((c) => c.quit().catch(() => undefined)));
  }
}
