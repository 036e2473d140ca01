// Jobs in the API's own process for the embedded mode: timers, dedup by id, retries with
// exponential backoff. Heavy work (bot search) is moved off the event loop by its handler.
import { PermanentJobError, type JobHandler, type JobQueue, type JobSpec } from './queue.js';

interface Pending {
  spec: JobSpec;
  attempt: number;
  timer: NodeJS.Timeout | null;
  running: boolean;
}

export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private jobs = new Map<string, Pending>();
  private handlers: Record<string, JobHandler> = {};
  private seq = 0;
  private closed = false;
  private waiters: (() => void)[] = [];

  async add(spec: JobSpec): Promise<void> {
    if (this.closed) return;
    const id = spec.jobId ?? `job-${++this.seq}`;
    if (this.jobs.has(id)) return;
    const p: Pending = { spec: { ...spec, jobId: id }, attempt: 0, timer: null, running: false };
    this.jobs.set(id, p);
    this.schedule(p, spec.delayMs ?? 0);
  }

  readonly up = true;

  async depth() {
    let waiting = 0, active = 0, delayed = 0;
    for (const p of this.jobs.values()) {
      if (p.running) active++;
      else if (p.spec.delayMs && p.attempt === 0) delayed++;
      else waiting++;
    }
    return { waiting, active, delayed };
  }

  async remove(jobId: string): Promise<void> {
    const p = this.jobs.get(jobId);
    if (p && !p.running) {
      if (p.timer) clearTimeout(p.timer);
      this.jobs.delete(jobId);
      this.settle();
    }
  }

  async work(handlers: Record<string, JobHandler>): Promise<void> {
    Object.assign(this.handlers, handlers);
    for (const p of this.jobs.values()) if (!p.timer && !p.running) this.schedule(p, 0);
  }

  private schedule(p: Pending, delay: number) {
    p.timer = setTimeout(() => void this.run(p), Math.max(0, delay));
    p.timer.unref?.();
  }

  private async run(p: Pending) {
    p.timer = null;
    const h = this.handlers[p.spec.name];
    if (!h || this.closed) return; // waits until a handler is registered
    p.running = true;
    p.attempt++;
    try {
      await h(p.spec.data, { id: p.spec.jobId!, attempt: p.attempt });
      this.jobs.delete(p.spec.jobId!);
    } catch (err) {
      const max = p.spec.attempts ?? 5;
      if (p.attempt >= max || err instanceof PermanentJobError) this.jobs.delete(p.spec.jobId!);
      else this.schedule(p, (p.spec.backoffMs ?? 500) * 2 ** (p.attempt - 1));
    } finally {
      p.running = false;
      this.settle();
    }
  }

  private settle() {
    if (this.busy()) return;
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  private busy(): boolean {
    for (const p of this.jobs.values()) if (p.running || (p.timer && !p.spec.delayMs) || p.attempt > 0) return true;
    return false;
  }

  idle(timeoutMs = 30_000): Promise<boolean> {
    if (!this.busy()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.jobs.values()) if (p.timer) clearTimeout(p.timer);
    this.jobs.clear();
    this.settle();
  }
}
