// `npm run worker`: processes AI turns, deadlines and webhooks from BullMQ (REDIS_URL) and
// dispatches the outbox. Stateless: run as many as the load needs. Jobs and bots run here, not
// in the API, so their metrics (job run time, bot thinking time, webhook outcomes, queue depth)
// are served by the worker itself on WORKER_METRICS_PORT (default 9464, 0: none) at /metrics.
import Fastify from 'fastify';
import '../src/features.js';
import { metricsRoutes } from '../src/api/metrics.js';
import { createRuntime } from '../src/runtime.js';
import { onShutdown } from '../src/shutdown.js';

if (!process.env.REDIS_URL) {
  console.error('npm run worker needs REDIS_URL (embedded `npm start` runs jobs in-process).');
  process.exit(2);
}
const rt = await createRuntime({ work: true });
console.log(`skyeye worker: store=${rt.storeKind} jobs=${rt.queue.kind} handlers=${Object.keys(rt.handlers).join(',') || 'none'}`);

const metricsPort = Number(process.env.WORKER_METRICS_PORT ?? 9464);
const metrics = metricsPort > 0 ? Fastify() : null;
if (metrics) {
  await metricsRoutes(metrics, rt);
  metrics.get('/healthz', async () => ({ ok: true, role: 'worker' }));
  const at = await metrics.listen({ port: metricsPort, host: process.env.HOST ?? '0.0.0.0' });
  console.log(`skyeye worker metrics: ${at}/metrics`);
}

onShutdown(async () => {
  await metrics?.close();
  await rt.close();
});
