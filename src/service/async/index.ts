// The async-play feature: AI seats, deadlines (of decisions and of takeback requests) and webhooks, plugged into every runtime (API
// and workers) through planners (outbox rows in the commit's transaction) and job handlers.
import { BotPool } from '../../ai/pool.js';
import { registerFeature, type Runtime } from '../../runtime.js';
import { aiPlanner, playBot, type AiJob } from './ai-seats.js';
import { gameTopic, type CommitNotice } from '../bus.js';
import { BankJobs, deadlinePlanner, runDeadline, type DeadlineJob } from './deadlines.js';
import { recoverJobs } from './recovery.js';
import { repeatWindowSeconds } from '../../jobs/epoch.js';
import { QueueLossStore } from '../../store/queue-loss.js';
import { EXPIRY, runTakebackExpiry, takebackPlanner, type TakebackExpiryJob } from './takebacks.js';
import { deliver, fanOut, webhookPlanner } from './webhooks.js';

/** The bot threads of each runtime (started on the first bot decision, stopped with the runtime). */
export const botPools = new WeakMap<Runtime, BotPool>();

registerFeature((rt) => {
  let pool: BotPool | null = null;
  const getPool = () => {
    pool ??= new BotPool();
    botPools.set(rt, pool);
    return pool;
  };
  rt.service.addPlanner(aiPlanner);
  rt.service.addPlanner(deadlinePlanner);
  rt.service.addPlanner(webhookPlanner);
  rt.service.addPlanner(takebackPlanner);
  rt.handlers.ai = async (data: AiJob, meta) => {
    await playBot(rt, getPool(), data, meta);
  };
  const bank = new BankJobs();
  rt.handlers.deadline = async (data: DeadlineJob) => runDeadline(rt, getPool(), data, bank);
  // Commit notices from every process (the bus spans them with Redis) cancel stale bank jobs.
  const onCommit = (msg: Record<string, unknown>, cb: () => void) => {
    cb();
    const n = msg.payload as CommitNotice | undefined;
    if (n?.gameId) void bank.onCommit(rt, n.gameId).catch(() => undefined);
  };
  rt.bus.on(gameTopic('+'), onCommit);
  rt.handlers[EXPIRY] = async (data: TakebackExpiryJob) => runTakebackExpiry(rt, data);
  rt.handlers.webhook = async (data) => fanOut(rt, data);
  rt.handlers['webhook-delivery'] = async (data, meta) => deliver(rt, data, meta);
  // Embedded: re-queue what a previous process may have lost (in the background, after start).
  if (rt.queue.kind === 'in-process') {
    const t = setTimeout(() => void recoverJobs(rt).catch(() => undefined), 0);
    t.unref();
  }
  // With Redis: the same sweep when Redis lost its data, and the recent webhook rows once more
  // (their deliveries skip what was sent: webhooks.ts `deliver`).
  rt.onQueueLost(async () => {
    await QueueLossStore.of(rt.store).repeatOutbox(['webhook'], repeatWindowSeconds());
    await recoverJobs(rt);
  });
  const close = rt.close.bind(rt);
  rt.close = async () => {
    rt.bus.removeListener(gameTopic('+'), onCommit);
    await close();
    await pool?.close();
  };
});
