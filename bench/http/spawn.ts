// Starts bench/http/server.ts as a child process and waits for READY.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { compiledTree, useTsx } from '../lib/compiled.js';
import { serve } from './serve.js';

export interface Server {
  url: string;
  pid: number;
  store: string;
  /** null when served in this process (smoke runs). */
  child: ChildProcess | null;
  /** Resident set size of the server process (bytes), from /proc. */
  rss(): number;
  /** CPU seconds (user + system) the server process has used so far, from /proc. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/**
 * Smoke runs (`inProcess`) serve from this process on one shared in-memory PGlite: a PGlite
 * takes seconds to start, a child process more; the figures of a smoke run mean nothing anyway.
 */
let shared: Promise<PGlite> | null = null;
export const sharedPglite = (): Promise<PGlite> => (shared ??= PGlite.create('memory://'));

async function startInProcess(env: Record<string, string | undefined>): Promise<Server> {
  const databaseUrl = env.BENCH_DATABASE_URL;
  const pglite = databaseUrl ? undefined : await sharedPglite();
  const s = await serve({ databaseUrl, pglite });
  return {
    url: `http://127.0.0.1:${s.port}`, pid: process.pid, store: s.rt.storeKind, child: null,
    rss: () => process.memoryUsage().rss,
    cpuSeconds: () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; },
    stop: () => s.close(),
  };
}

export async function startServer(env: Record<string, string | undefined>, opts: { exposeGc?: boolean; inProcess?: boolean } = {}): Promise<Server> {
  if (opts.inProcess) return startInProcess(env);
  // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the server under load.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Compiled by tsc, as production runs the service (BENCH_TSX=1: through tsx, for an A/B).
  const entry = useTsx() ? ['--import', 'tsx', resolve('bench/http/server.ts')] : [`${compiledTree()}bench/http/server.js`];
  const args = [...extra, ...(opts.exposeGc ? ['--expose-gc'] : []), ...entry];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, SKYEYE_LOG_MIGRATIONS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => { err = (err + d.toString()).slice(-4000); });
  const ready = await new Promise<{ port: number; pid: number; store: string }>((ok, fail) => {
    let buf = '';
    const t = setTimeout(() => fail(new Error(`server did not start in 60 s: ${err}`)), 60_000);
    child.stdout!.on('data', (d) => {
      buf += d.toString();
      const m = /READY (.*)\n/.exec(buf);
      if (m) { clearTimeout(t); ok(JSON.parse(m[1])); }
    });
    child.on('exit', (code) => { clearTimeout(t); fail(new Error(`server exited (${code}): ${err}`)); });
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${ready.port}`,
    pid: ready.pid,
    store: ready.store,
    child,
    rss() {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : NaN;
    },
    cpuSeconds() {
      const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
      return (Number(rest[11]) + Number(rest[12])) / 100; // utime + stime, in clock ticks (100/s)
    },
    stop: () => new Promise<void>((ok) => {
      if (child.exitCode !== null) return ok();
      const t = setTimeout(() => child.kill('SIGKILL'), extra.length ? 60_000 : 10_000);
      child.once('exit', () => { clearTimeout(t); ok(); });
      child.kill('SIGTERM');
    }),
  };
}

