// `npm run build`: compiles the service and the worker to dist/ with tsc (tsconfig.build.json;
// incremental, so a start with nothing changed compiles nothing), then copies beside them what
// they read at run time by a path relative to their own file: schema.graphql and prisma/.
// Production runs dist/ (no tsx: its esbuild transform keeps names per closure and loads slower).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
mkdirSync('dist', { recursive: true });
cpSync('schema.graphql', 'dist/schema.graphql');
cpSync('prisma', 'dist/prisma', { recursive: true });
