// Starts a bot thread from this folder. Compiled (dist/, `npm start`): the .js entry loads
// directly. From sources (tsx: tests, `npm run dev`): boot.mjs registers tsx first, because
// `execArgv: ['--import', 'tsx']` does not load a .ts worker entry on Node 20.
import { Worker } from 'node:worker_threads';

export function spawnThread(entry: 'thread' | 'match-thread'): Worker {
  if (import.meta.url.endsWith('.js')) return new Worker(new URL(`./${entry}.js`, import.meta.url));
  return new Worker(new URL('./boot.mjs', import.meta.url), { workerData: { entry: new URL(`./${entry}.ts`, import.meta.url).href } });
}
