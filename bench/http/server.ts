// The server under test in its own process (as in production). Env: BENCH_DATABASE_URL
// (Postgres) or BENCH_DATA_DIR (PGlite on disk); BENCH_SNAPSHOT_EVERY. Prints `READY <json>`.
import { serve } from './serve.js';

const s = await serve({
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  dataDir: process.env.BENCH_DATA_DIR,
  snapshotEvery: process.env.BENCH_SNAPSHOT_EVERY ? Number(process.env.BENCH_SNAPSHOT_EVERY) : undefined,
});
process.stdout.write(`READY ${JSON.stringify({ port: s.port, pid: process.pid, store: s.rt.storeKind })}\n`);

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await s.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
