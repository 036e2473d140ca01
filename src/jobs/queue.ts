// One queue interface for AI turns, deadlines and webhooks. BullMQ on Redis when REDIS_URL
// is set; an in-process implementation otherwise. Handlers are the same either way.

export interface JobSpec {
  /** The handler that runs it: 'ai', 'deadline', 'webhook', ... */
  name: string;
  data: unknown;
  /** Deduplicates: a job whose id is already queued is not added again. */
  jobId?: string;
  delayMs?: number;
  attempts?: number;
  backoffMs?: number;
}

export interface JobMeta {
  id: string;
  attempt: number;
}

export type JobHandler = (data: any, meta: JobMeta) => Promise<void>;

/** Thrown by a handler for a failure no retry can mend: the job fails now, with no more attempts. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  add(job: JobSpec): Promise<void>;
  remove(jobId: string): Promise<void>;
  /** Processes jobs of these names in this process. */
  work(handlers: Record<string, JobHandler>, opts?: { concurrency?: number }): Promise<void>;
  /** Resolves when nothing is queued or running (in-process; BullMQ: when its queue drains). */
  idle(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
  /** Whether the queue can take jobs now (false while Redis is down). */
  readonly up: boolean;
  /** Jobs waiting (delayed apart) and running, for /metrics; null when it cannot tell now. */
  depth(): Promise<{ waiting: number; active: number; delayed: number } | null>;
  /**
   * A queue whose jobs live outside the process (BullMQ): increments the backend's generation
   * counter and returns it (`now`), with the value this process (`mark`, its id) left there at its
   * last call (`mark`, null: none), replaced by `now` (null while unreachable). Counter and marks
   * only grow, so a lower or missing mark means the backend lost data (src/jobs/epoch.ts).
   */
  generation?(mark: string): Promise<{ now: number; mark: number | null } | null>;
  /** Calls `cb` whenever the connection to the backend becomes ready (first connect, reconnects). */
  onReady?(cb: () => void): void;
}

/** BullMQ refuses some characters in custom ids; keep ids portable. */
export function jobKey(...parts: (string | number)[]): string {
  return parts.join('_').replace(/[^A-Za-z0-9_.-]/g, '-');
}
