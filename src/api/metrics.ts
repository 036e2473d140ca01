// Prometheus metrics at /metrics (prom-client): requests per route, moves per ruleset, commit
// latency, queue depth and job run time, bot thinking time, webhook outcomes, open streams
// (SSE and GraphQL WebSockets), and the process's own (CPU, memory, event-loop lag, GC).
// One registry per app, so several apps in one process (tests) do not collide.
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Runtime } from '../runtime.js';
import { probes, type ProbeEvents } from '../service/probes.js';
import { openStreams } from './streams.js';

const LATENCY = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export async function metricsRoutes(app: FastifyInstance, rt: Runtime) {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const requests = new Histogram({
    name: 'skyeye_http_request_duration_seconds', help: 'HTTP requests by route, method and status class',
    labelNames: ['route', 'method', 'status'], buckets: LATENCY, registers: [register],
  });
  const moves = new Counter({ name: 'skyeye_moves_total', help: 'Committed log entries by ruleset and kind (answer, resign, timeout, sealed...)', labelNames: ['ruleset', 'kind'], registers: [register] });
  const commit = new Histogram({ name: 'skyeye_commit_duration_seconds', help: 'Store append latency of a commit', labelNames: ['ruleset'], buckets: LATENCY, registers: [register] });
  const jobs = new Histogram({ name: 'skyeye_job_duration_seconds', help: 'Job run time by handler and outcome (jobs run in this process)', labelNames: ['name', 'outcome'], buckets: [...LATENCY, 30, 60], registers: [register] });
  const bot = new Histogram({ name: 'skyeye_bot_think_seconds', help: 'Bot thinking time per decision by level', labelNames: ['level'], buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60], registers: [register] });
  const webhooks = new Counter({ name: 'skyeye_webhook_deliveries_total', help: 'Webhook delivery attempts by outcome', labelNames: ['outcome'], registers: [register] });
  new Gauge({
    name: 'skyeye_queue_jobs', help: 'Jobs in the queue by state (absent while Redis is down)', labelNames: ['state'], registers: [register],
    async collect() {
      const d = await rt.queue.depth().catch(() => null);
      this.reset();
      if (d) for (const [state, n] of Object.entries(d)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'skyeye_open_streams', help: 'Open push streams by kind (sse, websocket)', labelNames: ['kind'], registers: [register],
    collect() {
      this.set({ kind: 'sse' }, openStreams(app));
      const ws = (app as unknown as { websocketServer?: { clients?: Set<unknown> } }).websocketServer;
      this.set({ kind: 'websocket' }, ws?.clients?.size ?? 0);
    },
  });

  const on = {
    commit: (e: ProbeEvents['commit'][0]) => {
      moves.inc({ ruleset: e.ruleset, kind: e.kind });
      commit.observe({ ruleset: e.ruleset }, e.seconds);
    },
    job: (e: ProbeEvents['job'][0]) => jobs.observe({ name: e.name, outcome: e.ok ? 'ok' : 'error' }, e.seconds),
    bot: (e: ProbeEvents['bot'][0]) => bot.observe({ level: e.level }, e.seconds),
    webhook: (e: ProbeEvents['webhook'][0]) => webhooks.inc({ outcome: e.outcome }),
  };
  // Probes are process-wide: with several apps in one process each counts every commit.
  probes.on('commit', on.commit).on('job', on.job).on('bot', on.bot).on('webhook', on.webhook);
  app.addHook('onClose', async () => {
    probes.off('commit', on.commit).off('job', on.job).off('bot', on.bot).off('webhook', on.webhook);
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.observe({ route, method: req.method, status: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { tags: ['service'], summary: 'Prometheus metrics (text exposition format)', hide: true } }, async (_req, reply) => {
    reply.header('content-type', register.contentType);
    return register.metrics();
  });
}
