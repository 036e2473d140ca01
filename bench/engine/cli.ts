// The engine section as its own process, compiled (tsconfig.bench.json): bench/main.ts runs
// `node bench/.scratch/compiled/bench/engine/cli.js '<args as JSON>'` unless asked for --tsx.
import type { Args } from '../lib/common.js';
import { engineBench } from './index.js';

const args = JSON.parse(process.argv[2] ?? '{"smoke":false,"opts":{}}') as Args;
engineBench(args).then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
