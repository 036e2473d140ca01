// The server under test, in its own process (as in production): the real runtime and Fastify
// app from src/, on 127.0.0.1 and an ephemeral port. Env: BENCH_DATABASE_URL (Postgres) or
// BENCH_DATA_DIR (PGlite on disk); BENCH_SNAPSHOT_EVERY. Prints `READY <json>` when listening.
// Adds one bench-only route, GET /bench/mem (after a GC when run with --expose-gc).
import '../../src/features.js';
import { buildApp } from '../../src/api/app.js';
import { registerRuleset } from '../../src/games/index.js';
import { createRuntime } from '../../src/runtime.js';
import { duel } from '../../tests/support/duel.js';

registerRuleset(duel);

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const rt = await createRuntime({
  databaseUrl,
  dataDir: databaseUrl ? undefined : process.env.BENCH_DATA_DIR,
  redisUrl: undefined,
  snapshotEvery: process.env.BENCH_SNAPSHOT_EVERY ? Number(process.env.BENCH_SNAPSHOT_EVERY) : undefined,
});
const app = await buildApp(rt);
app.get('/bench/mem', async () => {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) { g(); g(); }
  return { ...process.memoryUsage(), gc: !!g, pid: process.pid };
});
await app.listen({ host: '127.0.0.1', port: 0 });
const addr = app.server.address();
const port = typeof addr === 'object' && addr ? addr.port : 0;
process.stdout.write(`READY ${JSON.stringify({ port, pid: process.pid, store: rt.storeKind })}\n`);

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await app.close().catch(() => {});
  await rt.close().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
