// BullMQ on Redis: jobs survive process crashes (a stalled job is retried), ids deduplicate.
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { PermanentJobError, type JobHandler, type JobQueue, type JobSpec } from './queue.js';

const QUEUE = 'skyeye';

/** Resolves when `p` settles or after `ms`, whichever is first. */
function within(p: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    t.unref?.();
    p.then(() => { clearTimeout(t); resolve(); }, () => { clearTimeout(t); resolve(); });
  });
}
const lockMs = () => Number(process.env.SKYEYE_JOB_LOCK_MS) || 0;

/**
 * ioredis reconnects forever (capped backoff); every client gets an error listener, since an
 * 'error' event with none crashes the process. BullMQ needs maxRetriesPerRequest: null.
 */
export function redisConnection(url: string, log: (m: string) => void = logRedis): Redis {
  const c = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: (times) => Math.min(100 * times, 2000) });
  c.on('error', (err) => log(`[queue] Redis error: ${err.message}`));
  return c;
}

let lastRedisLog = 0;
function logRedis(m: string) {
  if (Date.now() - lastRedisLog < 5000) return; // one line per few seconds during an outage
  lastRedisLog = Date.now();
  console.error(m);
}

/** Thrown by add() while Redis is unreachable: the outbox row stays and is retried. */
export class QueueUnavailableError extends Error {
  override name = 'QueueUnavailableError';
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
    this.queue.on('error', () => undefined); // logged once per connection above
  }

  /** Whether Redis answers now (readiness, /healthz). */
  get up(): boolean {
    return this.conns[0].status === 'ready';
  }

  /** Jobs waiting or delayed, and running (for /metrics); null while Redis is down. */
  async depth(): Promise<{ waiting: number; active: number; delayed: number } | null> {
    if (!this.up) return null;
    const c = await this.queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
    return { waiting: c.waiting + c.prioritized, active: c.active, delayed: c.delayed };
  }

  async add(spec: JobSpec): Promise<void> {
    // Fail fast rather than wait in ioredis's offline queue: the dispatcher keeps the outbox
    // row and retries, so nothing is lost and shutdown is not held up by a Redis outage.
    if (!this.up) throw new QueueUnavailableError('Redis is unreachable');
    await this.queue.add(spec.name, spec.data, {
      jobId: spec.jobId,
      delay: spec.delayMs && spec.delayMs > 0 ? spec.delayMs : undefined,
      attempts: spec.attempts ?? 5,
      backoff: { type: 'exponential', delay: spec.backoffMs ?? 500 },
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 24 * 3600 },
    });
  }

  async generation(mark: string): Promise<{ now: number; mark: number | null } | null> {
    if (!this.up) return null;
    // One round trip, atomic; a mark outlives a process by a day (it is renewed every few seconds).
    const [now, before] = (await this.conns[0].eval(
      `local n = redis.call('INCR', KEYS[1]) local m = redis.call('GET', KEYS[2]) redis.call('SET', KEYS[2], n, 'EX', 86400) return {n, m}`,
      2, `${this.prefix}:${QUEUE}:generation`, `${this.prefix}:${QUEUE}:mark:${mark}`,
    )) as [number, string | null];
    return { now: Number(now), mark: before === null ? null : Number(before) };
  }

  onReady(cb: () => void): void {
    this.conns[0].on('ready', cb);
  }

  async remove(jobId: string): Promise<void> {
    if (!this.up) return; // a stale job finds itself stale when it runs
    const job = await this.queue.getJob(jobId);
    if (job) await job.remove().catch(() => undefined); // a job that is running cannot be removed: it will find itself stale
  }

  async work(handlers: Record<string, JobHandler>, opts: { concurrency?: number; waitReady?: boolean } = {}): Promise<void> {
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
    w.on('error', () => undefined); // the connection logs; the worker reconnects by itself
    this.workers.push(w);
    // A worker may start while Redis is down: it begins taking jobs once Redis answers.
    // Waits a little (jobs added right after are then seen at once), never for an outage.
    await within(w.waitUntilReady().catch(() => undefined), opts.waitReady ? 60_000 : 5000);
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
    // Workers finish their current jobs (graceful shutdown). While Redis is down nothing can
    // be acknowledged, so do not wait for it: a job cut short is retried after its lock lapses.
    const up = this.up;
    await within(Promise.all(this.workers.map((w) => w.close(!up).catch(() => undefined))), up ? 60_000 : 1000);
    await within(this.queue.close().catch(() => undefined), up ? 10_000 : 1000);
    await Promise.all(this.conns.map((c) => (c.status === 'ready' ? within(c.quit().catch(() => undefined), 2000) : undefined)));
    for (const c of this.conns) c.disconnect();
  }
}
