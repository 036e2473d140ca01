// `npm start`: one process serving REST + GraphQL, with PGlite and in-process jobs unless
// DATABASE_URL / REDIS_URL say otherwise.
import './features.js';
import { buildApp } from './api/app.js';
import { createRuntime } from './runtime.js';
import { onShutdown } from './shutdown.js';

const rt = await createRuntime();
const app = await buildApp(rt, { logger: true });
const port = Number(process.env.PORT ?? 3000);
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });

onShutdown(async () => {
  await app.close();
  await rt.close();
});
