// Section 3: the cost of loading a game's current state (a cold cache: the game row, the newest
// snapshot and the actions after it, then replay) against the length of its log, with
// snapshots (the service default, every 50 entries) and without (full replay).
// Games are built through the real service (createGame + submitAction); loads through
// GameService.load on a fresh service each time, so nothing is cached in memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchema } from './lib/schema.js';
import { randomEntry } from '../src/engine/playout.js';
import { localRng } from '../src/engine/rng.js';
import { registerRuleset } from '../src/games/index.js';
import { createBus } from '../src/service/bus.js';
import { GameService } from '../src/service/game-service.js';
import { openStore, parseDatabaseUrl } from '../src/store/db.js';
import type { Store } from '../src/store/types.js';
import { type Args, fmt, heading, list, median, note, num, percentile, progress, table, warn } from './lib/common.js';
import { sharedPglite } from './http/spawn.js';
import { marathon } from './marathon.js';

registerRuleset(marathon);

async function build(svc: GameService, n: number, onMove: () => void): Promise<string> {
  const g = await svc.createGame({ ruleset: marathon.id, seats: [{ name: 'a' }, { name: 'b' }] });
  const rng = localRng(`load-bench|${g.id}`);
  for (let i = 0; i < n; i++) {
    const lg = await svc.load(g.id, true);
    const e = randomEntry(lg.rs, lg.k, rng);
    if (e.kind !== 'answer') throw new Error('marathon: expected an answer');
    await svc.submitAction(g.id, e.seat, { expectedVersion: lg.k.seq, decision: e.decision, action: e.action });
    onMove();
  }
  return g.id;
}

interface Row { store: string; snapshots: boolean; length: number; ms: number[] }

/** The service's own rebuild (private): read the newest snapshot <= upTo and the actions after it, replay. */
type Rebuild = (game: unknown, seats: unknown, upTo?: number) => Promise<{ k: { seq: number } }>;

export async function loadBench(a: Args): Promise<Row[]> {
  const lengths = list(a, 'lengths', a.smoke ? [20, 50] : [100, 1000, 10000]);
  const repeats = num(a, 'repeats', 15, 3);
  const tail = a.smoke ? 9 : 49;
  heading(`3. Load cost vs log length (${lengths.join(' / ')} actions, and each + ${tail}: the longest tail after a snapshot; ${repeats} cold loads each)`);
  const rows: Row[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'skyeye-bench-load-'));
  const stores: { name: string; open: () => Promise<Store>; cleanup: () => Promise<void> }[] = [
    { name: 'PGlite', open: async () => (a.smoke ? openStore({ pglite: await sharedPglite() }) : openStore({ dataDir: dir })), cleanup: async () => rmSync(dir, { recursive: true, force: true }) },
  ];
  const raw = process.env.DATABASE_URL;
  if (raw && (a.opts.modes ?? 'pglite,postgres').includes('postgres')) {
    const base = parseDatabaseUrl(raw).url;
    const schema = `bench_load_${process.pid}`;
    stores.push({
      name: 'Postgres',
      open: () => openStore({ databaseUrl: base, schema }),
      cleanup: async () => {
        await dropSchema(base, schema);
      },
    });
  } else if (!raw) warn('DATABASE_URL is not set: load cost is measured on PGlite only.');

  const points = lengths.flatMap((n) => [n, n + tail]);
  const max = Math.max(...points);
  for (const st of stores) {
    const store = await st.open();
    try {
      const bus = createBus(undefined);
      const p = progress(`${st.name}: build a ${max}-action log`, max);
      registerRuleset(marathon);
      const id = await build(new GameService({ store, bus, snapshotEvery: 50 }), max, () => p.tick());
      p.done();
      const row = await store.getGame(id);
      const q = progress(`${st.name}: cold loads`, 2 * points.length * repeats);
      for (const snapshots of [true, false]) {
        // Without snapshots: the same log under another ruleset version, whose snapshots do not
        // exist (exactly the state of things right after a ruleset upgrade): a full replay.
        registerRuleset(snapshots ? marathon : { ...marathon, version: `${marathon.version}-nosnap` });
        const times = new Map(points.map((v) => [v, [] as number[]]));
        for (let r = 0; r < repeats + 1; r++) {
          for (const v of points) {
            // What GameService.load does for a game whose head is v, on a fresh service (cold
            // cache): read the game row, then rebuild from the newest snapshot <= v.
            const svc = new GameService({ store, bus });
            const rebuild = (svc as unknown as { rebuild: Rebuild }).rebuild.bind(svc);
            const t0 = performance.now();
            const g = await store.getGame(id);
            const lg = await rebuild(g!.game, g!.seats, v);
            const ms = performance.now() - t0;
            if (lg.k.seq !== v) throw new Error(`loaded version ${lg.k.seq}, expected ${v}`);
            if (r > 0) { times.get(v)!.push(ms); q.tick(); } // repeat 0 warms up
          }
        }
        for (const v of points) rows.push({ store: st.name, snapshots, length: v, ms: times.get(v)! });
      }
      registerRuleset(marathon);
      q.done();
      void row;
    } finally {
      await store.close();
      await st.cleanup();
    }
  }

  const out = rows.map((r) => {
    const base = rows.find((x) => x.store === r.store && x.snapshots === r.snapshots && x.length === points[0])!;
    return [r.store, r.snapshots ? 'every 50' : 'none', fmt(r.length), fmt(median(r.ms), 2), fmt(percentile(r.ms, 90), 2), `${(median(r.ms) / median(base.ms)).toFixed(2)}x`];
  });
  table(['store', 'snapshots', 'log length', 'load p50 ms', 'p90 ms', `vs ${points[0]} actions`], out);
  note(`Game: \`bench-marathon\` (bench/marathon.ts, a bench-only ruleset: no registered game lasts ${fmt(max)} actions), one game of ${fmt(max)} actions per store. `
    + 'A load at length v = what `GameService.load` does for a game whose head is v on a fresh service (cold cache): read the game row, the newest snapshot <= v of this ruleset version and the actions after it, and replay them. '
    + `Lengths +${tail} are the worst case (${tail} actions to replay after the snapshot). "none" = the same log under another ruleset version (no snapshot applies, as right after a ruleset upgrade): a full replay.`);
  for (const st of new Set(rows.map((r) => r.store))) {
    const s = rows.filter((r) => r.store === st && r.snapshots);
    const at = (v: number) => median(s.find((r) => r.length === v)!.ms);
    const lo = lengths[0], hi = lengths[lengths.length - 1];
    const k = at(hi) / at(lo);
    const kt = at(hi + tail) / at(lo + tail);
    console.log(`- ${st}, with snapshots: ${fmt(hi)} vs ${fmt(lo)} actions = ${k.toFixed(2)}x, ${fmt(hi + tail)} vs ${fmt(lo + tail)} = ${kt.toFixed(2)}x (target within 2x: **${Math.max(k, kt) <= 2 ? 'met' : 'NOT met'}**)`);
  }
  console.log();
  return rows;
}
