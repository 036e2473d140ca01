// `npm run worker`: processes AI turns, deadlines and webhooks from BullMQ (REDIS_URL) and
// dispatches the outbox. Stateless: run as many as the load needs.
import '../src/features.js';
import { createRuntime } from '../src/runtime.js';
import { onShutdown } from '../src/shutdown.js';

if (!process.env.REDIS_URL) {
  console.error('npm run worker needs REDIS_URL (embedded `npm start` runs jobs in-process).');
  process.exit(2);
}
const rt = await createRuntime({ work: true });
console.log(`skyeye worker: store=${rt.storeKind} jobs=${rt.queue.kind} handlers=${Object.keys(rt.handlers).join(',') || 'none'}`);

onShutdown(() => rt.close());
