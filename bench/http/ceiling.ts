// The reference for the HTTP bench: the raw rate of one-row INSERT transactions the same
// database sustains at the same concurrency. Postgres: pgbench (prepared statements, TCP to
// the same address as the server) or, without pgbench, the same loop on node-postgres.
// PGlite: one-row INSERTs on the server's own PGlite instance, through a bench-only route
// (PGlite serialises everything, so its concurrency is 1 whatever the clients).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A payload the size of a typical action row (entry + events + response JSON). */
export const PAYLOAD = JSON.stringify({
  entry: { kind: 'answer', seat: 1, decision: '41.1.activate', action: { type: 'move', unit: 'u7', to: [4, 7], path: [[3, 7], [4, 7]] } },
  events: [{ type: 'moved', to: 'all', data: { unit: 'u7', from: [2, 7], to: [4, 7] } }, { type: 'roll', to: 'all', data: { dice: [3, 5], purpose: 'attack' } }],
  response: { version: 42, events: [{ type: 'moved', data: { unit: 'u7', from: [2, 7], to: [4, 7] } }] },
  hash: 'c3ab8ff13720e8ad9047dd39466b3c8974e592c2fa383d4a3960714caef0c4f2',
});

export function findPgbench(): string | null {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const v of readdirSync(base).sort().reverse()) {
      const p = join(base, v, 'bin', 'pgbench');
      if (existsSync(p)) return p;
    }
  }
  try {
    return execFileSync('sh', ['-c', 'command -v pgbench'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || null;
  } catch {
    return null;
  }
}

export interface Ceiling {
  tps: number; latencyMs: number; tool: string;
  /** CPU time of the whole machine (client, database, kernel) per transaction, µs. */
  machineUs?: number;
  /** CPU time of the run's own processes (bench/lib/own-cpu.ts) per transaction, µs. */
  ownUs?: number;
  /** How long the transactions ran, s (pgbench runs whole seconds, at least one). */
  seconds?: number;
}

export async function prepareCeilingTable(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await c.query(`CREATE TABLE IF NOT EXISTS ${schema}.bench_ceiling (id bigserial PRIMARY KEY, game_id text NOT NULL, seq int NOT NULL, payload json NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  await c.query(`CREATE INDEX IF NOT EXISTS bench_ceiling_game ON ${schema}.bench_ceiling (game_id, seq)`);
  await c.end();
}

/** pgbench: `clients` connections, each running one-row INSERT transactions for `seconds`. */
export async function pgbenchCeiling(pgbench: string, url: string, schema: string, clients: number, seconds: number): Promise<Ceiling> {
  const dir = mkdtempSync(join(tmpdir(), 'skyeye-pgbench-'));
  const script = join(dir, 'insert.sql');
  writeFileSync(script, `\\set g random(1, 200)\nINSERT INTO bench_ceiling (game_id, seq, payload) VALUES ('g' || :g, :g, '${PAYLOAD.replace(/'/g, "''")}');\n`);
  try {
    const out = await new Promise<string>((ok, fail) => {
      const p = spawn(pgbench, ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(Math.max(1, Math.round(seconds))), '-f', script, url], {
        env: { ...process.env, PGOPTIONS: `-c search_path=${schema}` }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let o = '';
      p.stdout.on('data', (d) => { o += d; });
      p.stderr.on('data', (d) => { o += d; });
      p.on('exit', (code) => (code === 0 ? ok(o) : fail(new Error(`pgbench exited ${code}: ${o.slice(-800)}`))));
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
    const lat = /latency average = ([\d.]+) ms/.exec(out);
    if (!tps) throw new Error(`cannot read pgbench output: ${out.slice(-500)}`);
    return { tps: Number(tps[1]), latencyMs: lat ? Number(lat[1]) : NaN, tool: 'pgbench -M prepared', seconds: Math.max(1, Math.round(seconds)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same on node-postgres: `clients` pooled connections in a tight INSERT loop. */
export async function pgScriptCeiling(url: string, schema: string, clients: number, seconds: number): Promise<Ceiling> {
  const pool = new pg.Pool({ connectionString: url, max: clients, options: `-c search_path=${schema}` });
  let n = 0;
  let lat = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, i) => {
    while (performance.now() < end) {
      const t = performance.now();
      await pool.query({ name: 'ceil', text: 'INSERT INTO bench_ceiling (game_id, seq, payload) VALUES ($1, $2, $3::json)', values: [`g${i}`, n, PAYLOAD] });
      lat += performance.now() - t;
      n++;
    }
  }));
  await pool.end();
  return { tps: n / seconds, latencyMs: lat / n, tool: 'node-postgres loop' };
}

/** PGlite: one-row INSERT transactions on the server's own PGlite instance (bench-only route). */
export async function pgliteCeiling(url: string, seconds: number): Promise<Ceiling> {
  const r = await fetch(`${url}/bench/pglite-ceiling?seconds=${seconds}`, { method: 'POST' });
  if (!r.ok) throw new Error(`pglite ceiling: ${r.status} ${await r.text()}`);
  const b = (await r.json()) as { n: number; seconds: number; latencyMs: number };
  return { tps: b.n / b.seconds, latencyMs: b.latencyMs, tool: 'INSERT loop on the server\'s PGlite' };
}
