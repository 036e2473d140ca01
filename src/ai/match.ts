// Bot against bot, in process through the kernel (no server): the evaluation behind
// `npm run ai:match`. Bots get exactly what an AI seat gets on the server: their view, their
// decision and its legal actions. Seats alternate between games to cancel any first-player edge.
import { applyEntry, decisionsFor, openDecisions, resultOf, setupGame, type KState } from '../engine/kernel.js';
import { entryRng, localRng, newSeed } from '../engine/rng.js';
import type { Entry, Result, Ruleset, Seat } from '../engine/types.js';
import { isViolation } from '../engine/types.js';
import { decide, mctsOverrides, type BotLevel } from './bots.js';

export interface BotSpec {
  level: BotLevel;
  budgetMs?: number;
  iterations?: number;
}

export interface GameOutcome {
  /** 1: A won, 0: B won, 0.5: draw (or unfinished at the entry cap). */
  scoreA: number;
  result: Result | null;
  entries: number;
  aSeats: Seat[];
  ms: number;
  /** Mean milliseconds per decision of each bot. */
  msPerDecision: { a: number; b: number };
}

export interface MatchOptions {
  ruleset: Ruleset;
  scenario?: string;
  options?: unknown;
  a: BotSpec;
  b: BotSpec;
  games: number;
  seed?: string;
  maxEntries?: number;
  onGame?: (i: number, o: GameOutcome) => void;
}

export interface MatchSummary {
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
  /** A's score rate (draws count half) with a 95% Wilson interval. */
  rateA: number;
  ciA: [number, number];
  outcomes: GameOutcome[];
}

/** The 95% Wilson score interval of a proportion. */
export function wilson(successes: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

/** One game: seats in `aSeats` are played by A, the others by B. */
export function playGame(rs: Ruleset, o: { scenario: string; options?: unknown; seats: number; a: BotSpec; b: BotSpec; aSeats: Seat[]; seed: string; gameId: string; maxEntries?: number }): GameOutcome {
  const t0 = Date.now();
  const seatInfos = Array.from({ length: o.seats }, (_, i) => ({ index: i, name: `${o.aSeats.includes(i) ? 'A' : 'B'}${i}`, ai: { level: o.aSeats.includes(i) ? o.a.level : o.b.level } }));
  const made = setupGame(rs, { scenario: o.scenario, seats: seatInfos, options: o.options ?? {} }, entryRng(o.seed, o.gameId, 0));
  if (isViolation(made)) throw new Error(`setup rejected: ${made.code} ${made.message}`);
  let k: KState<any> = made.k;
  const time = { a: 0, b: 0, na: 0, nb: 0 };
  const legalRng = localRng(`match-legal|${o.seed}`);
  const ask = (seat: Seat, decisionId: string): unknown => {
    const spec = o.aSeats.includes(seat) ? o.a : o.b;
    const open = openDecisions(rs, k);
    const raw = rs.pending(k.s)[open.findIndex((d) => d.id === decisionId)];
    const decision = decisionsFor(rs, k, seat).find((d) => d.id === decisionId)!;
    const legal = rs.candidates(k.s, seat, raw, 1000, legalRng).actions as unknown[];
    if (!legal.length) return rs.defaultAction(k.s, raw);
    const t = Date.now();
    const out = decide(rs, {
      ruleset: rs.id, seat, view: rs.view(k.s, seat), decision, legal, version: k.seq,
      level: spec.level, budgetMs: spec.budgetMs, iterations: spec.iterations, salt: `${o.seed}|${k.seq}|${seat}`,
    });
    if (o.aSeats.includes(seat)) {
      time.a += Date.now() - t;
      time.na++;
    } else {
      time.b += Date.now() - t;
      time.nb++;
    }
    return out.action;
  };
  const max = o.maxEntries ?? 5000;
  let n = 0;
  while (!resultOf(rs, k) && n < max) {
    const open = openDecisions(rs, k);
    const sealed = open.find((d) => d.group?.mode === 'sealed');
    let entry: Entry<any>;
    if (sealed) {
      const commits: Record<number, unknown> = {};
      for (const d of open.filter((x) => x.group?.id === sealed.group!.id)) commits[d.seat] = ask(d.seat, d.id);
      entry = { kind: 'sealed', group: sealed.group!.id, commits: commits as Record<number, any> };
    } else {
      const d = open.find((x) => x.blocking)!;
      entry = { kind: 'answer', seat: d.seat, decision: d.id, action: ask(d.seat, d.id) as any };
    }
    let r = applyEntry(rs, k, entry, entryRng(o.seed, o.gameId, k.seq + 1));
    if (isViolation(r)) {
      // A bot's choice refused: the ruleset's default for that decision (as the server does).
      const d = open.find((x) => (entry.kind === 'sealed' ? x.group?.id === entry.group : x.id === (entry as { decision: string }).decision))!;
      const raw = rs.pending(k.s)[open.indexOf(d)];
      r = applyEntry(rs, k, { kind: 'default', decision: d.id, action: rs.defaultAction(k.s, raw) }, entryRng(o.seed, o.gameId, k.seq + 1));
      if (isViolation(r)) throw new Error(`default refused: ${r.code}`);
    }
    k = r.k;
    n++;
  }
  const result = resultOf(rs, k);
  const aWon = !!result && !result.draw && result.winners.some((w) => o.aSeats.includes(w));
  const bWon = !!result && !result.draw && result.winners.some((w) => !o.aSeats.includes(w));
  return {
    scoreA: aWon && !bWon ? 1 : bWon && !aWon ? 0 : 0.5, result, entries: n, aSeats: o.aSeats, ms: Date.now() - t0,
    msPerDecision: { a: time.na ? time.a / time.na : 0, b: time.nb ? time.b / time.nb : 0 },
  };
}

/** The parameters of game i of a match: sides alternate (A: even seats in even games, odd seats in odd ones). */
export function gameParams(o: MatchOptions, i: number, seed: string) {
  const rs = o.ruleset;
  const scenario = o.scenario ?? rs.scenarios[0].id;
  const info = rs.scenarios.find((x) => x.id === scenario);
  if (!info) throw new Error(`${rs.id} has no scenario ${scenario}`);
  const seats = Array.isArray(info.players) ? info.players[0] : info.players;
  const aSeats = Array.from({ length: seats }, (_, x) => x).filter((x) => x % 2 === i % 2);
  return { scenario, options: o.options, seats, a: o.a, b: o.b, aSeats, seed: `${seed}|${i}`, gameId: `match-${i}`, maxEntries: o.maxEntries };
}

export function playMatch(o: MatchOptions): MatchSummary {
  const seed = o.seed ?? newSeed();
  const outcomes: GameOutcome[] = [];
  for (let i = 0; i < o.games; i++) {
    const out = playGame(o.ruleset, gameParams(o, i, seed));
    outcomes.push(out);
    o.onGame?.(i, out);
  }
  return summarize(outcomes);
}

/** playMatch yielding to the event loop between games (progress bars, signals). */
export async function playMatchAsync(o: MatchOptions): Promise<MatchSummary> {
  const seed = o.seed ?? newSeed();
  const outcomes: GameOutcome[] = [];
  for (let i = 0; i < o.games; i++) {
    await new Promise((r) => setImmediate(r));
    const out = playGame(o.ruleset, gameParams(o, i, seed));
    outcomes.push(out);
    o.onGame?.(i, out);
  }
  return summarize(outcomes);
}

/** The same match with games spread over `jobs` threads (whole games per thread). */
export async function playMatchParallel(o: MatchOptions & { jobs: number }): Promise<MatchSummary> {
  const { spawnThread } = await import('./spawn-thread.js');
  const seed = o.seed ?? newSeed();
  const outcomes: GameOutcome[] = new Array(o.games);
  let next = 0;
  const runThread = () => new Promise<void>((resolve, reject) => {
    const w = spawnThread('match-thread');
    const give = () => {
      if (next >= o.games) {
        void w.terminate().then(() => resolve());
        return;
      }
      const i = next++;
      w.postMessage({ i, ruleset: o.ruleset.id, tuning: { ...mctsOverrides }, game: gameParams(o, i, seed) });
    };
    w.on('message', (m: { i: number; ok: boolean; out?: GameOutcome; error?: string }) => {
      if (!m.ok) {
        void w.terminate();
        reject(new Error(m.error));
        return;
      }
      outcomes[m.i] = m.out!;
      o.onGame?.(m.i, m.out!);
      give();
    });
    w.on('error', reject);
    give();
  });
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.jobs, o.games)) }, runThread));
  return summarize(outcomes);
}

export function summarize(outcomes: GameOutcome[]): MatchSummary {
  const winsA = outcomes.filter((x) => x.scoreA === 1).length;
  const winsB = outcomes.filter((x) => x.scoreA === 0).length;
  const draws = outcomes.length - winsA - winsB;
  const score = winsA + draws / 2;
  return { games: outcomes.length, winsA, winsB, draws, rateA: outcomes.length ? score / outcomes.length : 0, ciA: wilson(score, outcomes.length), outcomes };
}
