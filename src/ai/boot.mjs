// Bot thread bootstrap: `execArgv: ['--import', 'tsx']` does not load a .ts worker entry on
// Node 20 (ERR_UNKNOWN_FILE_EXTENSION), so the thread registers tsx itself, then imports it.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
