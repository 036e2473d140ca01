/** Runs `stop` once on SIGINT/SIGTERM, then exits: both entry points (API, worker) share it. */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, async () => {
      if (stopping) return;
      stopping = true;
      await stop().catch(() => undefined);
      process.exit(0);
    });
  }
}
