// The HTTP load: autocannon connections play many games at once over the REST API, each
// cycle `GET /legal-actions` (the seat's open decisions and their legal actions) then
// `POST /actions` with one of them, `expectedVersion` and the decision id; the POST's `toAct`
// says which seat to ask next. A connection takes an idle game from a shared queue for one
// cycle, so no two connections play the same game at once (no self-inflicted 409s);
// finished games are replaced from a pool of fresh ones.
import { createRequire } from 'node:module';
import { percentile } from '../lib/common.js';

const require = createRequire(import.meta.url);
// autocannon ships no types; the small part used here is typed below.
const autocannon = require('autocannon') as (o: Record<string, unknown>, cb?: (err: Error | null, res: AutocannonResult) => void) => { stop(): void };

interface AutocannonResult { requests: { total: number }; errors: number; timeouts: number; non2xx: number; statusCodeStats: Record<string, { count: number }> }

export interface BenchGame {
  id: string;
  tokens: string[];
  /** The seat whose legal actions are asked next. */
  seat: number;
  /** Consecutive asks that found no decision (every seat empty: the game is over). */
  empty: number;
  /** The next move, picked from the previous POST's `legal` (pattern include-legal). */
  next?: { seat: number; body: string };
}

export interface LoadResult {
  /** The games still running at the end (finished ones left out): the next run's pool. */
  live: BenchGame[];
  /** Raw latencies (ms) of the measured window, to merge runs against several servers. */
  samples: { post: number[]; get: number[] };
  seconds: number;
  moves: number;
  movesPerSec: number;
  postP50: number;
  postP90: number;
  postP99: number;
  postMax: number;
  getP50: number;
  getP99: number;
  /** Status counts per request kind (over the measured window). */
  status: { get: Record<string, number>; post: Record<string, number> };
  errors: number;
  timeouts: number;
  serverErrors: number;
  gamesFinished: number;
  emptyAsks: number;
  sealedHeld: number;
  /** Accepted moves over the whole run, warm-up included (for per-move ratios of run totals). */
  allMoves: number;
  /** Store calls per accepted move over the whole run, by method (from the server). */
  storeCalls?: Record<string, number>;
  /** Average time inside the store's append (server side) and appends per group-commit batch (0: off). */
  append?: { ms: number; perBatch: number };
  /** Server process CPU over the whole run (warm-up included), in % of one core. */
  serverCpu?: number;
  /** This process (the load generator) CPU over the run, in % of one core. */
  clientCpu?: number;
  /** CPU time of the whole machine (server, database, load generator, kernel) per accepted move, µs. */
  machineUs?: number;
  /** CPU time of the run's own processes (server, load generator, Postgres) per accepted move, µs. */
  ownUs?: number;
}

export interface Spec {
  ruleset: string;
  scenario: string;
  seats: number;
}

export async function createGame(url: string, spec: Spec): Promise<BenchGame> {
  const r = await fetch(`${url}/v1/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ruleset: spec.ruleset, scenario: spec.scenario, seats: Array.from({ length: spec.seats }, (_, i) => ({ name: `p${i}` })) }),
  });
  if (r.status !== 201) throw new Error(`create game: ${r.status} ${await r.text()}`);
  const b = (await r.json()) as { id: string; seats: { token: string }[]; toAct: { seats: number[] } };
  return { id: b.id, tokens: b.seats.map((s) => s.token), seat: b.toAct.seats[0] ?? 0, empty: 0 };
}

/** Creates `n` games with at most `par` requests in flight. */
export async function createGames(url: string, spec: Spec, n: number, par = 16, onOne?: () => void): Promise<BenchGame[]> {
  const out: BenchGame[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(par, n) }, async () => {
    while (next < n) {
      next++;
      out.push(await createGame(url, spec));
      onOne?.();
    }
  }));
  return out;
}

/**
 * The seat to ask after a move, from its `toAct` seats: the same one while it still has a
 * decision (activations, reactions), else the first listed; after a held sealed commit (the
 * seat's bid is still open, replaceable) the next listed member, as the group closes when the
 * last one commits. Undefined when no seat is listed.
 */
export function nextSeat(seats: readonly number[], seat: number, held: boolean): number | undefined {
  if (held) return seats.find((x) => x > seat) ?? seats[0];
  return seats.includes(seat) ? seat : seats[0];
}

/** The `toAct` of a move's response, read without parsing the whole body: status, seats (a held sealed commit's toAct goes on with `waitingOnOthers`). */
const TO_ACT = /"toAct":\{"version":\d+,"status":"(\w+)","seats":\[([\d,]*)\][,}]/;

interface Ctx { g?: BenchGame; seat?: number; submit?: string | null; t0?: number; direct?: boolean }

type Legal = { version: number; decisions: { decision: string; blocking: boolean; actions: unknown[] }[] };

/** A random legal move (a blocking decision first), or null if the seat has none. */
export function pickMove(b: Legal): { expectedVersion: number; decision: string; action: unknown } | null {
  const ds = b.decisions.filter((d) => d.actions.length);
  const d = ds.find((x) => x.blocking) ?? ds[0];
  if (!d) return null;
  return { expectedVersion: b.version, decision: d.decision, action: d.actions[Math.floor(Math.random() * d.actions.length)] };
}

/** pickMove as a POST body. */
function pick(b: Legal): string | null {
  const m = pickMove(b);
  return m && JSON.stringify(m);
}

export async function runLoad(o: {
  url: string; spec: Spec; games: BenchGame[]; connections: number; seconds: number; warmupSeconds: number; idempotency?: boolean;
  /** Moves with `?include=legal`, and the next move taken from the response when the same seat still has one. */
  includeLegal?: boolean;
}): Promise<LoadResult> {
  const postPath = (id: string) => `/v1/games/${id}/actions${o.includeLegal ? '?include=legal' : ''}`;
  const idle: BenchGame[] = o.games.slice();
  const spares: BenchGame[] = [];
  let refilling = false;
  const refill = () => {
    if (refilling || spares.length >= 8) return;
    refilling = true;
    createGames(o.url, o.spec, 16, 4).then((gs) => { spares.push(...gs); }).catch(() => {}).finally(() => { refilling = false; });
  };
  const start = performance.now();
  const measureFrom = start + o.warmupSeconds * 1000;
  const end = measureFrom + o.seconds * 1000;
  const postLat: number[] = [];
  const getLat: number[] = [];
  const status = { get: {} as Record<string, number>, post: {} as Record<string, number> };
  let moves = 0, allMoves = 0, gamesFinished = 0, emptyAsks = 0, sealedHeld = 0, keyN = 0;
  const measuring = (t0: number | undefined) => t0 !== undefined && t0 >= measureFrom && t0 < end;
  const count = (m: Record<string, number>, s: number) => { m[s] = (m[s] ?? 0) + 1; };
  const release = (g: BenchGame) => {
    if (g.empty >= g.tokens.length) {
      gamesFinished++;
      const fresh = spares.shift();
      if (fresh) idle.push(fresh);
      refill();
      return;
    }
    idle.push(g);
  };

  const requests = [
    {
      method: 'GET',
      setupRequest(req: Record<string, unknown>, ctx: Ctx) {
        const g = idle.shift();
        ctx.g = g;
        ctx.submit = null;
        ctx.direct = false;
        ctx.t0 = performance.now();
        if (!g) return { ...req, method: 'GET', path: '/healthz', headers: {} };
        if (g.next) {
          // The previous move's response already told this seat what it may do next.
          ctx.direct = true;
          ctx.seat = g.next.seat;
          ctx.submit = g.next.body;
          g.next = undefined;
          return postRequest(req, ctx);
        }
        ctx.seat = g.seat;
        return { ...req, method: 'GET', path: `/v1/games/${g.id}/legal-actions`, headers: { authorization: `Bearer ${g.tokens[g.seat]}` } };
      },
      onResponse(st: number, body: string, ctx: Ctx) {
        const g = ctx.g;
        if (!g) return;
        if (ctx.direct) {
          onPost(st, body, ctx);
          return;
        }
        if (measuring(ctx.t0)) { getLat.push(performance.now() - ctx.t0!); count(status.get, st); }
        let picked: string | null = null;
        if (st === 200) {
          picked = pick(JSON.parse(body) as Legal);
          if (picked) g.empty = 0;
        }
        if (!picked) {
          emptyAsks++;
          g.empty++;
          g.seat = (g.seat + 1) % g.tokens.length;
          ctx.g = undefined;
          release(g);
        }
        ctx.submit = picked;
      },
    },
    {
      method: 'POST',
      setupRequest(req: Record<string, unknown>, ctx: Ctx) {
        if (!ctx.g || !ctx.submit) return null; // nothing to submit (or already submitted): back to the first request
        ctx.t0 = performance.now();
        return postRequest(req, ctx);
      },
      onResponse: (st: number, body: string, ctx: Ctx) => onPost(st, body, ctx),
    },
  ];

  function postRequest(req: Record<string, unknown>, ctx: Ctx) {
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${ctx.g!.tokens[ctx.seat!]}` };
    if (o.idempotency) headers['idempotency-key'] = `k${process.pid}-${++keyN}`;
    return { ...req, method: 'POST', path: postPath(ctx.g!.id), headers, body: ctx.submit };
  }

  function onPost(st: number, body: string, ctx: Ctx) {
    const g = ctx.g!;
    const ok = st >= 200 && st < 300;
    // A sealed commit that is held (the group still open): the version did not move.
    const held = ok && body.includes('"held":true,"closed":false');
    if (ok) allMoves++;
    if (measuring(ctx.t0)) {
      postLat.push(performance.now() - ctx.t0!);
      count(status.post, st);
      if (ok) {
        moves++;
        if (held) sealedHeld++;
      }
    }
    // Ask next the seat the response's `toAct` names (nextSeat). Without toAct (an error), the
    // same seat: an empty answer moves the ask on.
    g.seat = ctx.seat!;
    const t = ok ? TO_ACT.exec(body) : null;
    if (t) {
      const seats = t[2] ? t[2].split(',').map(Number) : [];
      if (t[1] === 'finished') g.empty = g.tokens.length; // over: release() replaces it
      else g.seat = nextSeat(seats, ctx.seat!, held) ?? g.seat;
    }
    if (o.includeLegal && ok && !held) {
      const legal = (JSON.parse(body) as { legal?: Legal }).legal;
      const next = legal && pick(legal);
      if (next) g.next = { seat: ctx.seat!, body: next };
    }
    ctx.g = undefined;
    ctx.submit = null;
    release(g);
  }

  const res = await new Promise<AutocannonResult>((ok, fail) => {
    const inst = autocannon({
      url: o.url, connections: o.connections, pipelining: 1, duration: o.warmupSeconds + o.seconds + 0.5, requests, timeout: 10,
    }, (err, r) => (err ? fail(err) : ok(r)));
    void inst;
  });
  const serverErrors = [status.get, status.post].reduce((s, m) => s + Object.entries(m).filter(([k]) => +k >= 500).reduce((a, [, v]) => a + v, 0), 0);
  return {
    live: [...idle, ...spares].filter((g) => g.empty < g.tokens.length),
    samples: { post: postLat, get: getLat },
    seconds: o.seconds, moves, allMoves, movesPerSec: moves / o.seconds,
    postP50: percentile(postLat, 50), postP90: percentile(postLat, 90), postP99: percentile(postLat, 99), postMax: Math.max(...postLat),
    getP50: percentile(getLat, 50), getP99: percentile(getLat, 99),
    status, errors: res.errors, timeouts: res.timeouts, serverErrors, gamesFinished, emptyAsks, sealedHeld,
  };
}

/** Counters by key, added up. */
export function sumCounts(ms: Record<string, number>[]): Record<string, number> {
  const acc: Record<string, number> = {};
  for (const m of ms) for (const [k, v] of Object.entries(m)) acc[k] = (acc[k] ?? 0) + v;
  return acc;
}

/** Runs against several servers at once (each with its own games and connections) as one result. */
export function mergeLoads(ls: LoadResult[]): LoadResult {
  const post = ls.flatMap((l) => l.samples.post);
  const get = ls.flatMap((l) => l.samples.get);
  const sum = (f: (l: LoadResult) => number) => ls.reduce((s, l) => s + f(l), 0);
  return {
    live: ls.flatMap((l) => l.live), samples: { post, get },
    seconds: ls[0].seconds, moves: sum((l) => l.moves), allMoves: sum((l) => l.allMoves), movesPerSec: sum((l) => l.movesPerSec),
    postP50: percentile(post, 50), postP90: percentile(post, 90), postP99: percentile(post, 99), postMax: Math.max(...post),
    getP50: percentile(get, 50), getP99: percentile(get, 99),
    status: { get: sumCounts(ls.map((l) => l.status.get)), post: sumCounts(ls.map((l) => l.status.post)) },
    errors: sum((l) => l.errors), timeouts: sum((l) => l.timeouts), serverErrors: sum((l) => l.serverErrors),
    gamesFinished: sum((l) => l.gamesFinished), emptyAsks: sum((l) => l.emptyAsks), sealedHeld: sum((l) => l.sealedHeld),
  };
}
