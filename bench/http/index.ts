// Section 2: durable moves over real HTTP, against the database's own one-row insert ceiling
// measured in the same run (alternating: ceiling, load, ceiling, load, ...).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSchema } from '../lib/schema.js';
import { getRuleset, registerRuleset, rulesets } from '../../src/games/index.js';
import { parseDatabaseUrl } from '../../src/store/db.js';
import { duel } from '../../tests/support/duel.js';
import { type Args, fmt, heading, list, machineBusySince, machineMark, median, note, num, progress, ratio, str, table, timedProgress, warn } from '../lib/common.js';
import { runKernel, seatsFor } from '../engine/kernel-run.js';
import { type Ceiling, findPgbench, pgbenchCeiling, pgliteCeiling, pgScriptCeiling, prepareCeilingTable } from './ceiling.js';
import { createGames, type LoadResult, mergeLoads, runLoad, type Spec, sumCounts } from './load.js';
import { findWrk, runWrkLoad } from './wrk.js';
import { type DoorRate, httpDoorRate } from './door.js';
import { startServer } from './spawn.js';
import { type ServiceRate, serviceMoveRate } from './service-rate.js';
import { type StoreRate, storeAppendRate } from './store-rate.js';
import { type RulesRate, rulesReplayRate } from './rules-rate.js';
import { ownCpuSeconds, postmasterOf } from '../lib/own-cpu.js';

registerRuleset(duel);

/** A ruleset id as given, or the one registered id it begins (`--ruleset=undaunted`). */
function resolveId(want: string): string {
  if (getRuleset(want)) return want;
  const ids = rulesets().map((r) => r.id).filter((id) => id.startsWith(want));
  return ids.length === 1 ? ids[0] : want;
}

/** The game played: `want` (else --ruleset), else abaddon, else the first registered ruleset whose playouts run, else Duel. */
export function pickRuleset(a: Args, want = a.opts.ruleset?.split(',')[0]): Spec {
  const order = want ? [resolveId(want)] : ['abaddon', ...rulesets().map((r) => r.id).filter((id) => id !== 'abaddon' && id !== 'duel'), 'duel'];
  for (const id of order) {
    const rs = getRuleset(id);
    if (!rs) continue;
    try {
      runKernel(rs, 1, 'http-trial', false);
    } catch (e) {
      warn(`ruleset \`${id}\` crashed in a trial playout; not used for the HTTP bench: ${(e as Error).message.slice(0, 200)}`);
      continue;
    }
    const { scenario, seats } = seatsFor(rs);
    return { ruleset: id, scenario, seats: seats.length };
  }
  throw new Error(`no usable ruleset (${order.join(', ')})`);
}

/** How a client finds its next move: GET /legal-actions before every POST, or from the previous POST's `?include=legal`. */
export type Pattern = 'get+post' | 'include-legal';
const PATTERN_LABEL: Record<Pattern, string> = { 'get+post': 'GET legal + POST', 'include-legal': 'POST ?include=legal (GET when the turn passes)' };

/** The load generator: autocannon (Node, in the bench process) or wrk (C, a child process). */
export type Loadgen = 'autocannon' | 'wrk';

interface ModeRow {
  mode: string; pattern: Pattern; loadgen: Loadgen; connections: number; loads: LoadResult[]; ceilings: Ceiling[];
  /** Postgres: the kernel replaying the logs this mode wrote, a round after each load. */
  rules: RulesRate[];
  spec: Spec;
  /** The HTTP door alone on the same server at the same concurrency, with the server's CPU (% of a core). */
  door?: DoorRate & { serverCpu: number };
}

export async function httpBench(a: Args): Promise<ModeRow[]> {
  // --ruleset=abaddon,undaunted: the whole section per ruleset, then one limit table for all.
  const wants: (string | undefined)[] = a.opts.ruleset ? a.opts.ruleset.split(',') : [undefined];
  const rows: ModeRow[] = [];
  for (const w of wants) rows.push(...(await httpOne(a, pickRuleset(a, w))));
  limitTable(rows);
  return rows;
}

async function httpOne(a: Args, spec: Spec): Promise<ModeRow[]> {
  const games = num(a, 'games', 200, 8);
  const conns = list(a, 'connections', a.smoke ? [4] : [50]);
  const seconds = num(a, 'seconds', 10, 0.5);
  const warmup = num(a, 'warmup', 2, 0.2);
  const rounds = num(a, 'rounds', 2, 1);
  // The layers under a move, measured apart: the HTTP door alone, the store alone, the service alone.
  const layers = str(a, 'layers', 'door,store,service').split(',');
  const rs = getRuleset(spec.ruleset)!;
  const modes = str(a, 'modes', 'pglite,postgres').split(',');
  const patterns = str(a, 'patterns', 'get+post,include-legal').split(',') as Pattern[];
  for (const p of patterns) if (!PATTERN_LABEL[p]) throw new Error(`--patterns: unknown pattern ${p} (get+post, include-legal)`);
  let loadgens = str(a, 'loadgen', 'autocannon').split(',') as Loadgen[];
  for (const l of loadgens) if (l !== 'autocannon' && l !== 'wrk') throw new Error(`--loadgen: unknown load generator ${l} (autocannon, wrk)`);
  const wrk = loadgens.includes('wrk') ? findWrk() : null;
  if (loadgens.includes('wrk') && !wrk) {
    warn('wrk not found (apt-get install wrk, or set WRK): the wrk load is skipped.');
    loadgens = loadgens.filter((l) => l !== 'wrk');
  }
  heading(`2. Durable moves over HTTP (${spec.ruleset}/${spec.scenario}, ${games} games, ${conns.join('/')} connections, ${rounds} x ${seconds} s per figure)`);

  const rows: ModeRow[] = [];
  const storeRows: { clients: number; rate?: StoreRate; ceiling: Ceiling; service?: ServiceRate }[] = [];
  if (modes.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'skyeye-bench-pglite-'));
    try {
      rows.push(...(await runMode(a.smoke ? 'PGlite (in-process, memory)' : 'PGlite (embedded, on disk)', { BENCH_DATA_DIR: dir }, spec, games, conns, patterns, seconds, warmup, rounds, (_c, url) => pgliteCeiling(url, seconds), { inProcess: a.smoke, door: layers.includes('door'), loadgens, wrk })));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (modes.includes('postgres')) {
    const raw = process.env.DATABASE_URL;
    if (!raw) {
      warn('DATABASE_URL is not set: the Postgres part (and its pgbench ceiling) is skipped. Start a Postgres and set DATABASE_URL to run it.');
    } else {
      const base = parseDatabaseUrl(raw).url;
      const schema = `bench_${process.pid}`;
      const u = new URL(base);
      u.searchParams.set('schema', schema);
      const pgbench = findPgbench();
      if (!pgbench) warn('pgbench not found (set PGBENCH): the ceiling is measured with a node-postgres loop instead.');
      try {
        await prepareCeilingTable(base, schema);
        const postmaster = await postmasterOf(base);
        const ceiling = (c: number) => (pgbench ? pgbenchCeiling(pgbench, base, schema, c, seconds) : pgScriptCeiling(base, schema, c, seconds));
        for (const n of list(a, 'servers', [1])) {
          rows.push(...(await runMode(n === 1 ? 'Postgres' : `Postgres, ${n} API processes`, { BENCH_DATABASE_URL: u.toString() }, spec, games, conns, patterns, seconds, warmup, rounds, ceiling, {
            inProcess: a.smoke, nServers: n, door: layers.includes('door'), postmaster, loadgens, wrk,
            // The logs this mode wrote, replayed by the kernel for about half a round.
            rules: () => rulesReplayRate(u.toString(), rs, Math.max(0.2, seconds / 2)),
          })));
        }
        for (const c of (layers.includes('store') || layers.includes('service') ? conns : [])) {
          const t = timedProgress(`Postgres: store alone, service alone ${c}c`, 3 * seconds);
          try {
            const ceil = await ceiling(c);
            const rate = layers.includes('store') ? await storeAppendRate(u.toString(), c, seconds) : undefined;
            storeRows.push({ clients: c, rate, ceiling: ceil, service: layers.includes('service') ? await serviceMoveRate(u.toString(), spec, c, seconds, games) : undefined });
          } finally { t.stop(); }
        }
      } finally {
        await dropSchema(base, schema);
      }
    }
  }

  const out: (string | number)[][] = rows.map((r) => {
    const mps = r.loads.map((l) => l.movesPerSec);
    const ceil = r.ceilings.map((c) => c.tps);
    const fr = mps.map((m, i) => m / ceil[i]);
    const all = <K extends keyof LoadResult>(k: K) => median(r.loads.map((l) => l[k] as number));
    const non2xx = r.loads.reduce((s, l) => s + Object.entries({ ...l.status.post }).filter(([k]) => !k.startsWith('2')).reduce((x, [, v]) => x + v, 0), 0);
    const fivexx = r.loads.reduce((s, l) => s + l.serverErrors, 0);
    const errs = r.loads.reduce((s, l) => s + l.errors + l.timeouts, 0);
    return [
      r.mode, clientLabel(r), r.connections, fmt(median(mps)), fmt(all('postP50'), 1), fmt(all('postP90'), 1), fmt(all('postP99'), 1),
      `${fmt(all('getP50'), 1)} / ${fmt(all('getP99'), 1)}`, `${fivexx} / ${non2xx} / ${errs}`,
      `${fmt(median(ceil))} (${r.ceilings[0]?.tool ?? '-'}, ${fmt(median(r.ceilings.map((c) => c.latencyMs)), 2)} ms)`,
      `${fmt(all('serverCpu'))}% / ${fmt(all('clientCpu'))}%`,
      fmt(median(r.loads.map((l) => l.movesPerSec / Math.max(0.01, (l.serverCpu ?? NaN) / 100)))),
      `${fmt(median(r.loads.map((l) => l.machineUs ?? NaN)))} / ${fmt(median(r.ceilings.map((x) => x.machineUs ?? NaN)))}`,
      `${(100 * median(fr)).toFixed(0)}%`,
    ];
  });
  table(['store', 'client', 'clients', 'moves/s', 'POST p50 ms', 'p90', 'p99', 'GET legal p50 / p99', '5xx / non-2xx / conn errors', 'ceiling: 1-row INSERT tx/s (tool, avg latency)', 'CPU server / load gen', 'moves/s per server core', 'machine CPU µs per move / per ceiling tx', 'moves/s of ceiling'], out);
  const doors = rows.filter((r, i) => r.door && rows.findIndex((x) => x.mode === r.mode && x.connections === r.connections) === i);
  if (doors.length) {
    // CPU per request or move of the server process, from the run's CPU time and its rate.
    const usPer = (cpuPct: number, perSec: number) => fmt((1e4 * cpuPct) / perSec);
    table(['HTTP door alone (same server)', 'clients', 'empty POST req/s', 'p50 ms', 'p99 ms', 'CPU server', 'server µs per request', 'server µs per move (moves/s row above, by client)'], doors.map((r) => [
      r.mode, r.connections, fmt(r.door!.reqPerSec), fmt(r.door!.p50, 1), fmt(r.door!.p99, 1), `${fmt(r.door!.serverCpu)}%`, usPer(r.door!.serverCpu, r.door!.reqPerSec),
      rows.filter((x) => x.mode === r.mode && x.connections === r.connections).map((x) => `${usPer(median(x.loads.map((l) => l.serverCpu ?? NaN)), median(x.loads.map((l) => l.movesPerSec)))} (${x.pattern})`).join(', '),
    ]));
    note('The HTTP door alone: the same server process answers a POST with a move-sized JSON body (parsed and checked against a schema) on a bench-only route, with no store, rules or hashing, at the same number of keep-alive connections. It is what the transport costs here; the rest of a move\'s server time is the move\'s own work.');
  }
  const stores = storeRows.filter((r) => r.rate).map((r) => ({ ...r, rate: r.rate! }));
  const services = storeRows.filter((r) => r.service).map((r) => ({ ...r, service: r.service! }));
  if (stores.length) {
    table(['Postgres, no HTTP, no rules', 'clients', 'appends/s', 'p50 ms', 'p99 ms', 'appends per statement', 'ceiling: 1-row INSERT tx/s', 'of ceiling'], stores.map((r) => [
      r.rate.perBatch ? 'Store.append alone (group commit)' : 'Store.append alone (one statement each)', r.clients, fmt(r.rate.appendsPerSec), fmt(r.rate.p50, 2), fmt(r.rate.p99, 2), fmt(r.rate.perBatch, 1), fmt(r.ceiling.tps), `${(100 * r.rate.appendsPerSec / r.ceiling.tps).toFixed(0)}%`,
    ]));
    note('The store alone: the same number of clients appending actions (about the size of a real row) in a closed loop through Store.append, straight after a ceiling run on the same database: what the storage layer carries before HTTP, JSON and the rules take their share.');
  }
  if (services.length) {
    table(['Postgres, no HTTP', 'clients', 'moves/s', 'submit p50 ms', 'p99 ms', 'CPU (bench process)', 'µs CPU per move', 'of ceiling'], services.map((r) => [
      `GameService alone (${spec.ruleset}: rules, hash chain, store)`, r.clients, fmt(r.service.movesPerSec), fmt(r.service.p50, 2), fmt(r.service.p99, 2), `${fmt(r.service.cpu)}%`, fmt(r.service.usPerMove), `${(100 * r.service.movesPerSec / r.ceiling.tps).toFixed(0)}%`,
    ]));
    note('The service alone: the same number of clients each taking an idle game, asking its legal actions and submitting one of them with expectedVersion, through GameService in the bench process (no HTTP), on the same database. Its CPU per move is what a move costs above the transport.');
  }
  for (const r of rows) {
    const held = r.loads.reduce((s, l) => s + l.sealedHeld, 0);
    const fin = r.loads.reduce((s, l) => s + l.gamesFinished, 0);
    const codes = r.loads.map((l) => JSON.stringify(l.status.post)).join(' ');
    const last = r.loads[r.loads.length - 1];
    const sc = last.storeCalls ?? {};
    const per = Object.entries(sc).sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
    const total = Object.values(sc).reduce((x, y) => x + y, 0);
    note(`${r.mode}, ${r.pattern}, ${r.connections} clients: store calls per accepted move (each about one database round trip; the GET that picked it and any empty asks included): ${total.toFixed(2)} = ${per || '-'}.`);
    if (last.append) {
      note(`${r.mode}, ${r.pattern}, ${r.connections} clients: an append took ${fmt(last.append.ms, 2)} ms on average in the server (waiting for its batch included); `
        + (last.append.perBatch ? `group commit wrote ${fmt(last.append.perBatch, 1)} appends per statement on average.` : 'group commit off: one statement per append.'));
    }
    note(`${r.mode}, ${r.pattern}, ${r.connections} clients: POST status counts per round ${codes}; ${held} of the moves were sealed commits (held, version unchanged); ${fin} games finished and were replaced; ${r.loads.reduce((s, l) => s + l.emptyAsks, 0)} legal-action asks found the other seat to move.`);
  }
  note('A move = one accepted `POST /v1/games/:id/actions` (with expectedVersion and the decision id). "GET legal + POST": each move is picked from a `GET /legal-actions` just before it. '
    + '"POST ?include=legal": the response of a move carries the same seat\'s next legal actions, and the client asks GET /legal-actions only when that seat has no decision left (the turn passed); a reply of a bot or Discord client that acts several times in a row. In both, the client asks next the seat the move\'s `toAct` names (the seats with an open decision after it). Latency is the POST alone, from the load generator (autocannon, or wrk with bench/http/wrk-play.lua, one thread per connection; closed loop, keep-alive). '
    + (a.smoke ? 'Smoke run: the server runs in the bench process (one shared in-memory PGlite), so its figures mean nothing. '
      : 'The server is a separate Node process (bench/http/server.ts: the real runtime and app); the load generator, the server and the database share this machine. ')
    + 'The ceiling runs the same number of clients doing one-row INSERT transactions (a row of about the same size as an action row) against the same database; the fraction is taken per round, then the median.');
  for (const r of rows) {
    const med = median(r.loads.map((l, i) => l.movesPerSec / r.ceilings[i].tps));
    const p99 = median(r.loads.map((l) => l.postP99));
    const fivexx = r.loads.reduce((s, l) => s + l.serverErrors, 0);
    console.log(`- ${r.mode}, ${clientLabel(r)} @ ${r.connections} clients: ${(100 * med).toFixed(0)}% of the one-row ceiling's tx/s, p99 ${fmt(p99, 1)} ms (target < 50 ms at 50 clients: **${p99 < 50 ? 'met' : 'NOT met'}**), 5xx: ${fivexx} (target 0: **${fivexx === 0 ? 'met' : 'NOT met'}**)`);
  }
  console.log();
  return rows;
}

/** The client column: the pattern, and the load generator when it is not autocannon. */
function clientLabel(r: ModeRow): string {
  return r.loadgen === 'autocannon' ? PATTERN_LABEL[r.pattern] : `${PATTERN_LABEL[r.pattern]}, ${r.loadgen}`;
}

/** Per round: the commit's and the rules' CPU, their sum as the limit, and the measured move (machine CPU, then own processes' CPU). */
function limitFigures(r: ModeRow) {
  const per = r.rules.map((ru, i) => {
    const ce = r.ceilings[i], l = r.loads[i];
    const commit = ce.machineUs ?? NaN, move = l.machineUs ?? NaN;
    // Per move: an entry closing a sealed group carries several moves (each its own commit over HTTP).
    const rules = ru.machineUs / ru.movesPerEntry, rulesProc = ru.processUs / ru.movesPerEntry;
    const ownCommit = ce.ownUs ?? NaN, ownMove = l.ownUs ?? NaN;
    return {
      commit, rules, rulesProc, limit: 1e6 / (commit + rules), mps: l.movesPerSec, move, perCpu: 1e6 / move, ratio: (commit + rules) / move, tps: ce.tps, mpe: ru.movesPerEntry,
      ownCommit, ownMove, ownRatio: (ownCommit + rulesProc) / ownMove,
    };
  });
  const m = (k: keyof (typeof per)[number]) => median(per.map((x) => x[k]));
  return {
    mpe: m('mpe'), commit: m('commit'), rules: m('rules'), rulesProc: m('rulesProc'), limit: m('limit'), mps: m('mps'), move: m('move'), perCpu: m('perCpu'), ratio: m('ratio'), tps: m('tps'),
    ratios: per.map((x) => x.ratio), ownCommit: m('ownCommit'), ownMove: m('ownMove'), ownRatio: m('ownRatio'),
  };
}

/**
 * The figure of issue 22: a durable move against this machine's limit for one, one database
 * commit (pgbench, same clients) plus the rules' own work for one entry (the kernel replaying
 * the logs the run wrote), all in CPU time of the whole machine, rounds alternating.
 */
function limitTable(rows: ModeRow[]): void {
  const rs = rows.filter((r) => r.rules.length === r.loads.length && r.rules.length);
  if (!rs.length) return;
  heading('Move cost against the machine\'s limit (Postgres)');
  const out = rs.map((r) => {
    const f = limitFigures(r);
    const p99 = median(r.loads.map((l) => l.postP99));
    const fivexx = r.loads.reduce((s, l) => s + l.serverErrors, 0);
    return [
      `${r.spec.ruleset} (${r.spec.scenario})`, `${r.mode}, ${clientLabel(r)}`, r.connections,
      `${fmt(f.commit)} (${fmt(f.tps)} tx/s)`, `${fmt(f.rules)} (${fmt(f.rulesProc)})${f.mpe > 1.001 ? `, ${f.mpe.toFixed(2)} moves/entry` : ''}`, fmt(f.limit),
      fmt(f.mps), fmt(f.move), fmt(f.perCpu), `**${f.ratio.toFixed(2)}**${f.ratios.length > 1 ? ` (${Math.min(...f.ratios).toFixed(2)}-${Math.max(...f.ratios).toFixed(2)})` : ''}`,
      fmt(p99, 1), fivexx, `${fmt(f.ownCommit)} + ${fmt(f.rulesProc)} vs ${fmt(f.ownMove)}: **${f.ownRatio.toFixed(2)}**`,
    ];
  });
  table(['ruleset (scenario)', 'store, client', 'clients', 'commit: machine µs per pgbench tx (tx/s)', 'rules: machine µs per move (bench process µs)', 'limit: moves per machine-CPU s', 'measured moves/s', 'machine µs per move', 'measured moves per machine-CPU s', 'measured / limit', 'POST p99 ms', '5xx', 'own processes\' CPU: commit + rules vs move µs: ratio'], out);
  note('Machine CPU = busy time of every CPU of the machine (/proc/stat: server, Postgres, load generator, kernel; idle and steal left out) over a run, divided by its transactions, entries or accepted moves. '
    + 'Each round runs, in turn: pgbench with the same number of clients doing one-row INSERT transactions (the commit), the HTTP load (the move), then the kernel in the bench process replaying the logs that load wrote '
    + '(src/engine/playout.ts `replay`: apply and SHA-256 hash chain per entry, no candidate generation; the final hashes are checked against the stored chain); '
    + 'its CPU per entry is divided by the moves per entry (a sealed group closes in one entry carrying each member\'s commit, and each commit is a move over HTTP; 1 otherwise). '
    + 'limit = 1e6 / (commit µs + rules µs); measured / limit = (commit µs + rules µs) / machine µs per move, per round, then the median (min-max over rounds). '
    + 'On a machine shared with other work, that work is charged to each figure too (least to the HTTP load, which keeps every core busy itself): '
    + 'the last column counts only the run\'s own processes (bench/lib/own-cpu.ts: the bench process with pgbench, the server, the local Postgres with its backends; the rules from the bench process alone), the figure to read when the machine was busy. '
    + (rs.some((r) => r.mode.startsWith('Postgres')) ? '(A Postgres on another machine is not counted there.)' : ''));
  for (const r of rs) {
    const f = limitFigures(r);
    console.log(`- ${r.spec.ruleset}, ${clientLabel(r)} @ ${r.connections} clients: ${f.ratio.toFixed(2)} of the limit in machine CPU, ${f.ownRatio.toFixed(2)} in the run's own processes' CPU (target >= 0.5: **${f.ratio >= 0.5 ? 'met' : 'NOT met'}**)`);
  }
  console.log();
}

async function measureDoor(sv: { url: string; cpuSeconds(): number }, connections: number, seconds: number): Promise<DoorRate & { serverCpu: number }> {
  const t = timedProgress(`HTTP door alone ${connections}c`, seconds);
  try {
    const cpu0 = sv.cpuSeconds(), t0 = performance.now();
    const d = await httpDoorRate(sv.url, connections, seconds);
    return { ...d, serverCpu: (100 * (sv.cpuSeconds() - cpu0)) / ((performance.now() - t0) / 1000) };
  } finally { t.stop(); }
}

interface StoreCounters { calls: Record<string, number>; appendMs: number; batches: number; batchItems: number }

async function storeCalls(url: string): Promise<StoreCounters> {
  const r = await fetch(`${url}/bench/store-calls`);
  return r.ok ? ((await r.json()) as StoreCounters) : { calls: {}, appendMs: 0, batches: 0, batchItems: 0 };
}

/** Games per wrk connection and run (a thread that has finished all of its games idles). */
const WRK_GAMES_PER_CONNECTION = 6;

async function runMode(
  mode: string, env: Record<string, string>, spec: Spec, games: number, conns: number[], patterns: Pattern[], seconds: number, warmup: number, rounds: number,
  ceiling: (clients: number, url: string) => Promise<Ceiling>,
  o: { inProcess?: boolean; nServers?: number; door?: boolean; rules?: () => Promise<RulesRate>; postmaster?: number | null; loadgens?: Loadgen[]; wrk?: string | null } = {},
): Promise<ModeRow[]> {
  const { inProcess = false, nServers = 1 } = o;
  // Several API processes on one database, as a deployment runs one per core: each serves its
  // own games (sticky routing by game id, as a load balancer would) with its share of the clients.
  const servers = await Promise.all(Array.from({ length: nServers }, () => startServer(env, { inProcess })));
  const rows: ModeRow[] = [];
  const per = Math.ceil(games / nServers);
  try {
    const p = progress(`${mode}: create games`, per * nServers);
    let pools = await Promise.all(servers.map((sv) => createGames(sv.url, spec, per, 16, () => p.tick())));
    p.done();
    for (const c of conns) {
      const door = nServers === 1 && o.door !== false ? await measureDoor(servers[0], c, seconds) : undefined;
      for (const pattern of patterns) for (const loadgen of o.loadgens ?? ['autocannon']) {
        const row: ModeRow = { mode, pattern, loadgen, connections: c, loads: [], ceilings: [], rules: [], door, spec };
        for (let r = 0; r < rounds; r++) {
          const t1 = timedProgress(`${mode}: ceiling ${c}c ${pattern} ${r + 1}/${rounds}`, seconds);
          try {
            const own = () => ownCpuSeconds(servers.map((sv) => sv.pid), o.postmaster ?? null);
            const m0 = machineMark(), own0 = own();
            const ce = await ceiling(c, servers[0].url);
            const txs = ce.tps * (ce.seconds ?? seconds);
            row.ceilings.push({ ...ce, machineUs: (1e6 * machineBusySince(m0)) / txs, ownUs: (1e6 * (own() - own0)) / txs });
          } finally { t1.stop(); }
          const t2 = timedProgress(`${mode}: moves ${c}c ${r + 1}/${rounds}`, warmup + seconds);
          try {
            // wrk's threads each play their own games in order and hand none back: fresh ones, enough
            // for the run, created before the run's CPU is counted.
            const wrkGames = loadgen === 'wrk' ? await Promise.all(servers.map((sv) => createGames(sv.url, spec, Math.max(1, Math.round(c / nServers)) * WRK_GAMES_PER_CONNECTION, 16))) : [];
            const calls0 = await Promise.all(servers.map((sv) => storeCalls(sv.url)));
            const own0 = ownCpuSeconds(servers.map((sv) => sv.pid), o.postmaster ?? null);
            const cpu0 = servers.map((sv) => sv.cpuSeconds()), me0 = process.cpuUsage(), t0 = performance.now(), m0 = machineMark();
            // Games finish during a run: the next run starts from the running ones, topped up.
            if (loadgen === 'autocannon') pools = await Promise.all(pools.map(async (pool, i) => (pool.length < per ? pool.concat(await createGames(servers[i].url, spec, per - pool.length, 16)) : pool)));
            const conn = Math.max(1, Math.round(c / nServers));
            const ls = await Promise.all(servers.map(async (sv, i) => {
              if (loadgen === 'autocannon') {
                return runLoad({ url: sv.url, spec, games: pools[i], connections: conn, seconds, warmupSeconds: warmup, includeLegal: pattern === 'include-legal' });
              }
              return runWrkLoad({ wrk: o.wrk!, url: sv.url, spec, games: wrkGames[i], connections: conn, seconds, warmupSeconds: warmup, includeLegal: pattern === 'include-legal' });
            }));
            if (loadgen === 'autocannon') pools = ls.map((l) => l.live);
            const l = nServers === 1 ? ls[0] : mergeLoads(ls);
            const calls1 = await Promise.all(servers.map((sv) => storeCalls(sv.url)));
            const total = (cs: StoreCounters[]): StoreCounters => ({
              calls: sumCounts(cs.map((x) => x.calls)),
              appendMs: cs.reduce((a, x) => a + x.appendMs, 0), batches: cs.reduce((a, x) => a + x.batches, 0), batchItems: cs.reduce((a, x) => a + x.batchItems, 0),
            });
            const [k0, k1] = [total(calls0), total(calls1)];
            l.storeCalls = Object.fromEntries(Object.entries(k1.calls).map(([k, v]) => [k, (v - (k0.calls[k] ?? 0)) / Math.max(1, l.allMoves)]).filter(([, v]) => (v as number) > 0));
            const appends = (k1.calls.append ?? 0) - (k0.calls.append ?? 0);
            const batches = k1.batches - k0.batches;
            l.append = { ms: (k1.appendMs - k0.appendMs) / Math.max(1, appends), perBatch: batches ? (k1.batchItems - k0.batchItems) / batches : 0 };
            const wall = (performance.now() - t0) / 1000;
            const me = process.cpuUsage(me0);
            l.serverCpu = (100 * servers.reduce((a, sv, i) => a + sv.cpuSeconds() - cpu0[i], 0)) / wall;
            l.clientCpu ??= (100 * (me.user + me.system)) / 1e6 / wall;
            l.machineUs = (1e6 * machineBusySince(m0)) / Math.max(1, l.allMoves);
            l.ownUs = (1e6 * (ownCpuSeconds(servers.map((sv) => sv.pid), o.postmaster ?? null) - own0)) / Math.max(1, l.allMoves);
            row.loads.push(l);
          } finally { t2.stop(); }
          if (o.rules) {
            const t3 = timedProgress(`${mode}: rules (replay of the logs) ${r + 1}/${rounds}`, 1);
            try {
              row.rules.push(await o.rules());
            } catch (e) {
              warn(`${mode}, ${spec.ruleset}: the rules' replay failed, no limit figure for this round: ${(e as Error).message.slice(0, 300)}`);
            } finally { t3.stop(); }
          }
        }
        rows.push(row);
      }
    }
  } finally {
    await Promise.all(servers.map((sv) => sv.stop()));
  }
  return rows;
}
