// Child process for the PGlite ceiling: a fresh on-disk PGlite, one-row INSERTs for N seconds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PAYLOAD } from './ceiling.js';

const seconds = Number(process.argv[2] ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'skyeye-pglite-ceiling-'));
const db = await PGlite.create(dir);
await db.query('CREATE TABLE bench_ceiling (id bigserial PRIMARY KEY, game_id text NOT NULL, seq int NOT NULL, payload json NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
await db.query('CREATE INDEX bench_ceiling_game ON bench_ceiling (game_id, seq)');
let n = 0;
const t0 = performance.now();
const end = t0 + seconds * 1000;
while (performance.now() < end) {
  await db.query('INSERT INTO bench_ceiling (game_id, seq, payload) VALUES ($1, $2, $3::json)', [`g${n % 200}`, n, PAYLOAD]);
  n++;
}
const el = (performance.now() - t0) / 1000;
await db.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ n, seconds: el, latencyMs: (el * 1000) / n }));
