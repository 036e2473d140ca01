// The bench's own compiled build (tsconfig.bench.json, incremental): production runs tsc's
// output (dist/, scripts/build.mjs), not tsx, whose transform wraps every named closure, so the
// kernel and the server under test run compiled too. BENCH_TSX=1 (or --tsx for the engine
// section) measures the tsx path instead, for an A/B.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The repository's root, with a trailing slash. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where tsconfig.bench.json compiles to: the same layout as the sources. */
export const COMPILED = `${ROOT}bench/.scratch/compiled/`;

let built = false;

/** Compiles the bench's entry points once per process; returns the compiled tree's root. */
export function compiledTree(): string {
  if (built) return COMPILED;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  process.stderr.write('  [bench] compiling with tsc (tsconfig.bench.json)\n');
  const r = spawnSync(process.execPath, [tsc, '-p', `${ROOT}tsconfig.bench.json`], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tsc -p tsconfig.bench.json exited with ${r.status ?? r.signal}`);
  // What the server reads at run time by a path relative to its own file, as scripts/build.mjs copies it.
  cpSync(`${ROOT}schema.graphql`, `${COMPILED}schema.graphql`);
  cpSync(`${ROOT}prisma`, `${COMPILED}prisma`, { recursive: true });
  built = true;
  return COMPILED;
}

/** Whether the tsx path was asked for (an A/B against the compiled one). */
export const useTsx = (): boolean => process.env.BENCH_TSX === '1';
