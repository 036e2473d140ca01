/**
 * Runs `stop` once on SIGINT/SIGTERM, then exits: both entry points (API, worker) share it.
 * The API's stop closes the HTTP server first (no new connections; requests in flight, moves
 * included, finish; SSE streams end with a `retry:` hint, see api/streams.ts), then the
 * runtime (the workers' current jobs finish, the outbox dispatcher stops). If that takes
 * longer than SHUTDOWN_TIMEOUT_MS (default 25 s, under Docker's and Kubernetes's grace
 * periods) the process exits anyway: a job cut short is retried after its lock lapses.
 */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, async () => {
      if (stopping) return;
      stopping = true;
      const limit = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 25_000;
      const t = setTimeout(() => {
        console.error(`shutdown took over ${limit} ms: exiting`);
        process.exit(1);
      }, limit);
      t.unref();
      await stop().catch((err) => console.error('shutdown error', err));
      process.exit(0);
    });
  }
}
