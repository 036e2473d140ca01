// Takeback deadlines (docs/ANALYSIS.md): the commit that writes a takeback request also writes a
// 'takeback-expiry' outbox row due at its deadline (durable in both modes, like decision
// deadlines). When it runs, a request still unanswered ends with a `takeback_expired` entry
// (event `takeback_expired` to everyone). A request that ended first (answered, a move, a new
// request after the deadline) makes the job stale: it writes nothing. The commit that ends a
// request cancels its row.
import { jobKey } from '../../jobs/queue.js';
import type { Runtime } from '../../runtime.js';
import type { OutboxItem } from '../../store/types.js';
import { pendingTakeback } from '../analysis.js';
import { expireTakeback } from '../analysis-ops.js';
import type { CommitContext } from '../game-service.js';

export interface TakebackExpiryJob {
  gameId: string;
  /** The version of the request entry. */
  request: number;
}

export const EXPIRY = 'takeback-expiry';

export function takebackPlanner(c: CommitContext): OutboxItem[] {
  const before = pendingTakeback(c.before.k);
  const after = pendingTakeback(c.after.k);
  const out: OutboxItem[] = [];
  if (before && before.requestedAt !== after?.requestedAt) out.push({ kind: EXPIRY, dedupKey: String(before.requestedAt), cancel: true, payload: null });
  if (after && after.requestedAt === c.after.version && c.after.status === 'active') {
    out.push({ kind: EXPIRY, dedupKey: String(after.requestedAt), runAt: new Date(Date.parse(after.deadline) + 1), payload: { request: after.requestedAt } });
  }
  return out;
}

export async function runTakebackExpiry(rt: Runtime, job: TakebackExpiryJob): Promise<void> {
  const r = await expireTakeback(rt.service, job.gameId, job.request);
  // Run before the deadline (clocks of two processes): wait for the rest.
  if (typeof r === 'object') await rt.queue.add({ name: EXPIRY, jobId: jobKey(EXPIRY, job.gameId, job.request, 'late'), data: job, delayMs: r.early });
}
