// Bots for every ruleset through the kernel contract: random, greedy (one ply on the ruleset's
// `evaluate`) and MCTS (single-observer information-set MCTS over `determinize`).
// A bot gets a BotInput: its seat's view, its own decision and the legal actions the API would
// serve that seat. Never the state, never the seed: every state a bot simulates on is sampled
// from the view with `determinize` and played with a local generator (DESIGN.md, "AI seats").
import { applyEntry, openDecisions, resultOf, type KState } from '../engine/kernel.js';
import { randomEntry } from '../engine/playout.js';
import { localRng } from '../engine/rng.js';
import type { Decision, Entry, OpenDecision, Rng, Ruleset, Seat } from '../engine/types.js';
import { isViolation } from '../engine/types.js';

/** A generic level, or the name of one of the ruleset's own `soloBots`. */
export type BotLevel = 'random' | 'greedy' | 'mcts' | (string & {});

/** Everything a bot is told: exactly what its seat may know, as a human client would. */
export interface BotInput {
  ruleset: string;
  /** The version of the ruleset the game runs under (the current one when absent). */
  rulesetVersion?: string;
  seat: Seat;
  /** `rs.view(s, seat)`: the only picture of the game a bot gets. */
  view: unknown;
  /** The seat's own open decision (with its private prompt). */
  decision: Decision;
  /** The seat's legal actions for that decision, as GET /legal-actions serves them. */
  legal: unknown[];
  /** The game's version (entries so far): simulated states continue numbering from here. */
  version: number;
  level: BotLevel;
  budgetMs?: number;
  iterations?: number;
  /** Labels the bot's local generator. Never derived from the game's seed. */
  salt: string;
}

export interface BotOutput {
  action: unknown;
  /** The level that actually decided (after fallbacks). */
  level: BotLevel;
  fallback?: string;
  iterations?: number;
  ms: number;
}

export const DEFAULT_MCTS_BUDGET_MS = 1000;

/** The bot entry point. Pure apart from the clock (MCTS budgets). */
export function decide(rs: Ruleset, input: BotInput): BotOutput {
  const t0 = Date.now();
  const rng = localRng(`bot|${input.salt}`);
  const legal = input.legal;
  if (legal.length === 0) throw new Error('bot: no legal action to choose from');
  const done = (action: unknown, level: BotLevel, extra: Partial<BotOutput> = {}): BotOutput => ({ action, level, ms: Date.now() - t0, ...extra });
  if (legal.length === 1) return done(legal[0], input.level, { fallback: input.level === 'random' ? undefined : 'single legal action' });

  const own = rs.soloBots?.[input.level];
  if (own) return done(own.act(input.view, input.decision, rng), input.level);
  let level = input.level;
  let fallback: string | undefined;
  if (level === 'mcts' && (!rs.determinize || !rs.evaluate)) {
    fallback = !rs.determinize ? 'mcts needs determinize: greedy' : 'mcts needs evaluate: greedy';
    level = 'greedy';
  }
  if (level === 'greedy' && (!rs.determinize || !rs.evaluate)) {
    fallback = (fallback ? fallback + ', ' : '') + (!rs.evaluate ? 'greedy needs evaluate: random' : 'greedy needs determinize: random');
    level = 'random';
  }
  if (level === 'random') return done(legal[rng.int(legal.length)], 'random', { fallback });
  if (level === 'greedy') {
    const r = greedy(rs, input, rng, t0);
    return done(r.action, 'greedy', { fallback, iterations: r.samples });
  }
  const r = mcts(rs, input, rng, t0);
  return done(r.action, 'mcts', { fallback, iterations: r.iterations });
}

// ---------------------------------------------------------------- simulation helpers

type Sim = { rs: Ruleset; seat: Seat; rng: Rng };

/** A kernel state around a determinized ruleset state (ids are minted locally). */
function simState(s: unknown, seq: number): KState<any> {
  return { s, open: {}, seq, conceded: null };
}

function sameDecision(a: Decision, b: { seat: Seat; kind: string; group?: { id: string } }): boolean {
  return a.seat === b.seat && a.kind === b.kind && (a.group?.id ?? null) === (b.group?.id ?? null);
}

/** The bot's decision in a sampled state (same public parts as the real one, by conformance). */
function myDecision(rs: Ruleset, k: KState<any>, dec: Decision): { dec: Decision; raw: OpenDecision } | null {
  const open = openDecisions(rs, k);
  const raw = rs.pending(k.s);
  let i = open.findIndex((d) => sameDecision(d, dec) && JSON.stringify(d.context) === JSON.stringify(dec.context));
  if (i < 0) i = open.findIndex((d) => sameDecision(d, dec));
  return i < 0 ? null : { dec: open[i], raw: raw[i] };
}

function randomCandidate(rs: Ruleset, k: KState<any>, raw: OpenDecision, rng: Rng): unknown {
  const { actions } = rs.candidates(k.s, raw.seat, raw, 32, rng);
  return actions.length ? actions[rng.int(actions.length)] : rs.defaultAction(k.s, raw);
}

/** The entry that plays `action` for the bot's decision in k (other sealed members: random). */
function entryFor(rs: Ruleset, k: KState<any>, mine: { dec: Decision; raw: OpenDecision }, action: unknown, rng: Rng): Entry<any> {
  if (mine.dec.group?.mode === 'sealed') {
    const open = openDecisions(rs, k);
    const raw = rs.pending(k.s);
    const commits: Record<number, unknown> = {};
    open.forEach((d, i) => {
      if (d.group?.id !== mine.dec.group!.id) return;
      commits[d.seat] = d.seat === mine.dec.seat ? action : randomCandidate(rs, k, raw[i], rng);
    });
    return { kind: 'sealed', group: mine.dec.group.id, commits: commits as Record<number, any> };
  }
  return { kind: 'answer', seat: mine.dec.seat, decision: mine.dec.id, action: action as any };
}

/** Applies an entry in a simulation; null when the ruleset refuses it (or throws). */
function step(rs: Ruleset, k: KState<any>, e: Entry<any>, rng: Rng): KState<any> | null {
  try {
    const r = applyEntry(rs, k, e, rng.fork(`sim${k.seq}`));
    return isViolation(r) ? null : r.k;
  } catch {
    return null;
  }
}

function sample(sim: Sim, input: BotInput): KState<any> | null {
  try {
    return simState(sim.rs.determinize!(input.view, input.seat, sim.rng), input.version);
  } catch {
    return null;
  }
}

/** The state after the bot plays `action` in a sampled state, or null if it does not apply there. */
function afterMine(sim: Sim, input: BotInput, k: KState<any>, action: unknown): KState<any> | null {
  const mine = myDecision(sim.rs, k, input.decision);
  if (!mine) return null;
  return step(sim.rs, k, entryFor(sim.rs, k, mine, action, sim.rng), sim.rng);
}

// ---------------------------------------------------------------- greedy

/** One ply: each legal action's `evaluate` averaged over a few sampled states; best wins. */
function greedy(rs: Ruleset, input: BotInput, rng: Rng, t0: number): { action: unknown; samples: number } {
  const sim: Sim = { rs, seat: input.seat, rng };
  const samples = Math.max(1, Math.min(8, input.iterations ?? 3));
  const limitMs = input.budgetMs ?? 10_000;
  const scores = onePly(sim, input, samples, t0 + limitMs);
  const best = pickBest(scores, rng);
  return { action: best === null ? input.legal[rng.int(input.legal.length)] : input.legal[best], samples };
}

/** Mean `evaluate` per legal action over `samples` determinizations (NaN: never applied). */
function onePly(sim: Sim, input: BotInput, samples: number, deadline: number): number[] {
  const sum = input.legal.map(() => 0);
  const cnt = input.legal.map(() => 0);
  // In a random order: when the deadline cuts a pass over many actions (a hex game's moves run
  // to hundreds), the ones scored are a fair sample, not the first few of the list.
  const order = shuffled(input.legal.map((_, i) => i), sim.rng);
  for (let j = 0; j < samples; j++) {
    const k = sample(sim, input);
    if (!k) continue;
    for (let n = 0; n < order.length; n++) {
      const i = order[n];
      if ((j > 0 || n >= MIN_SCORED) && Date.now() > deadline) break;
      const next = afterMine(sim, input, k, input.legal[i]);
      if (!next) continue;
      sum[i] += value(sim.rs, next, input.seat);
      cnt[i]++;
    }
    if (Date.now() > deadline) break;
  }
  return sum.map((x, i) => (cnt[i] ? x / cnt[i] : Number.NaN));
}

/** `evaluate`, with finished games scored by their result. */
function value(rs: Ruleset, k: KState<any>, seat: Seat): number {
  const r = resultOf(rs, k);
  if (r) return r.draw ? 0 : r.winners.includes(seat) ? 1e6 : -1e6;
  return rs.evaluate!(k.s, seat);
}

/** Actions the first one-ply pass scores whatever the clock says (a bot must compare some). */
const MIN_SCORED = 24;

function shuffled<T>(xs: T[], rng: Rng): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function pickBest(scores: number[], rng: Rng): number | null {
  let best = -Infinity;
  let ties: number[] = [];
  scores.forEach((x, i) => {
    if (Number.isNaN(x)) return;
    if (x > best) {
      best = x;
      ties = [i];
    } else if (x === best) ties.push(i);
  });
  return ties.length ? ties[rng.int(ties.length)] : null;
}

// ---------------------------------------------------------------- MCTS

interface Node {
  /** The seat whose choice led here (rewards are counted for it). */
  mover: Seat;
  n: number;
  w: number;
  /** Times this node's action was available when its parent was visited (ISMCTS). */
  avail: number;
  children: Map<string, Node>;
  action?: unknown;
}

const newNode = (mover: Seat, action?: unknown): Node => ({ mover, n: 0, w: 0, avail: 0, children: new Map(), action });

export interface MctsTuning {
  /** Root actions kept after the one-ply pass (progressive widening by the heuristic). */
  rootWidth: number;
  /** Random playout entries after the tree before `evaluate` scores the position. */
  rolloutDepth: number;
  /** Weight of the score at the tree leaf (before the rollout) in the reward; the rest is the rollout's. */
  leafWeight: number;
  /** Virtual visits given to the one-ply prior at the root. */
  priorVisits: number;
  c: number;
}

export const mctsTuning: MctsTuning = { rootWidth: 8, rolloutDepth: 25, leafWeight: 0, priorVisits: 2, c: 0.7 };
/** Explicit settings (ai:match flags) win over a ruleset's botHints, which win over mctsTuning. */
export const mctsOverrides: Partial<MctsTuning> = {};

/**
 * Single-observer ISMCTS: each iteration samples a state from the bot's view (`determinize`),
 * descends one tree shared by all samples (children count their availability), expands one
 * node, plays a short random rollout and scores it with `evaluate` for every seat. The root is
 * the bot's decision, restricted to its best actions by a one-ply pass that also seeds them as
 * a prior; deeper nodes are any seat's decisions (sealed co-members choose at random).
 */
function mcts(rs: Ruleset, input: BotInput, rng: Rng, t0: number): { action: unknown; iterations: number } {
  const sim: Sim = { rs, seat: input.seat, rng };
  const budget = input.budgetMs ?? (input.iterations ? 60_000 : DEFAULT_MCTS_BUDGET_MS);
  const deadline = t0 + budget;
  const maxIter = input.iterations ?? Infinity;
  const T: MctsTuning = { ...mctsTuning, ...(rs.botHints?.mcts ?? {}), ...mctsOverrides };

  // One-ply pass (at most a third of the budget): the prior and the root shortlist.
  const prior = onePly(sim, input, 2, t0 + budget / 3);
  // Equal scores in random order: a flat evaluate must not hand the shortlist to the list's head.
  const scored = shuffled(prior.map((x, i) => [x, i] as const).filter(([x]) => !Number.isNaN(x)), rng).sort((a, b) => b[0] - a[0]);
  if (scored.length === 0) return { action: input.legal[rng.int(input.legal.length)], iterations: 0 };
  const keep = scored.slice(0, T.rootWidth).map(([, i]) => i);
  // Rewards in [0, 1]: a logistic of evaluate relative to the root's best one-ply value.
  const base = scored[0][0];
  const spread = Math.max(1e-6, Math.abs(scored[0][0] - scored[Math.min(scored.length - 1, T.rootWidth - 1)][0]));
  const seats = seatsOf(rs, input);
  const baseFor: Record<number, number> = {};
  const reward = (k: KState<any>, seat: Seat): number => {
    const r = resultOf(rs, k);
    if (r) return r.draw ? 0.5 : r.winners.includes(seat) ? 1 : 0;
    const v = rs.evaluate!(k.s, seat);
    const b = seat === input.seat ? base : (baseFor[seat] ??= v);
    return 1 / (1 + Math.exp(-(v - b) / spread));
  };

  const root = newNode(input.seat);
  for (const i of keep) {
    const c = newNode(input.seat, input.legal[i]);
    const r = 1 / (1 + Math.exp(-(prior[i] - base) / spread));
    c.n = T.priorVisits;
    c.w = r * T.priorVisits;
    c.avail = T.priorVisits;
    root.children.set(String(i), c);
  }
  root.n = T.priorVisits * keep.length;

  let iterations = 0;
  while (iterations < maxIter && Date.now() < deadline) {
    iterations++;
    let k = sample(sim, input);
    if (!k) continue;
    const path: Node[] = [root];
    // Root: the bot's own decision among the shortlist.
    for (const c of root.children.values()) c.avail++;
    const rootChoice = select(root, [...root.children.keys()], T.c);
    const rootNode = root.children.get(rootChoice)!;
    const afterRoot = afterMine(sim, input, k, rootNode.action);
    if (!afterRoot) {
      rootNode.avail--; // not applicable in this sample: undo the availability count
      continue;
    }
    k = afterRoot;
    path.push(rootNode);
    let node = rootNode;
    // Tree: descend while every available action has been tried, expand one new node.
    for (let depth = 0; depth < 12 && !resultOf(rs, k); depth++) {
      const d = nextDecision(rs, k);
      if (!d) break;
      const { actions } = rs.candidates(k.s, d.raw.seat, d.raw, 16, rng);
      if (!actions.length) break;
      const keys = actions.map((a) => JSON.stringify(a));
      const untried = keys.filter((x) => !node.children.has(x));
      let key: string;
      let expanded = false;
      if (untried.length) {
        key = untried[rng.int(untried.length)];
        node.children.set(key, newNode(d.dec.seat, actions[keys.indexOf(key)]));
        expanded = true;
      } else key = select(node, keys, T.c);
      for (const x of keys) {
        const ch = node.children.get(x);
        if (ch) ch.avail++;
      }
      const child = node.children.get(key)!;
      const next = step(rs, k, entryFor(rs, k, d, child.action, rng), rng);
      if (!next) break;
      k = next;
      path.push(child);
      node = child;
      if (expanded) break;
    }
    // Rollout, then score every seat (optionally blended with the leaf's own score).
    const leaf: Record<number, number> = {};
    if (T.leafWeight > 0) for (const s of seats) leaf[s] = reward(k, s);
    for (let i = 0; i < T.rolloutDepth && !resultOf(rs, k); i++) {
      let e: Entry<any>;
      try {
        e = randomEntry(rs, k, rng);
      } catch {
        break;
      }
      const next = step(rs, k, e, rng);
      if (!next) break;
      k = next;
    }
    const r: Record<number, number> = {};
    for (const s of seats) r[s] = T.leafWeight > 0 ? T.leafWeight * leaf[s] + (1 - T.leafWeight) * reward(k, s) : reward(k, s);
    for (const n of path) {
      n.n++;
      n.w += r[n.mover] ?? 0.5;
    }
  }
  let bestKey = keep.length ? String(keep[0]) : '0';
  let bestN = -1;
  for (const [key, c] of root.children) {
    const score = c.n + c.w / Math.max(1, c.n); // most visited, then best mean
    if (score > bestN) {
      bestN = score;
      bestKey = key;
    }
  }
  return { action: input.legal[Number(bestKey)], iterations };
}

/** UCB1 among the available keys, with availability counts in place of the parent's visits. */
function select(node: Node, keys: string[], c: number): string {
  let best = keys[0];
  let bestV = -Infinity;
  for (const key of keys) {
    const ch = node.children.get(key);
    if (!ch) continue;
    const v = ch.w / Math.max(1, ch.n) + c * Math.sqrt(Math.log(Math.max(2, ch.avail)) / Math.max(1, ch.n));
    if (v > bestV) {
      bestV = v;
      best = key;
    }
  }
  return best;
}

/** The decision a tree node stands for: a sealed group's first member, else the first blocking one. */
function nextDecision(rs: Ruleset, k: KState<any>): { dec: Decision; raw: OpenDecision } | null {
  const open = openDecisions(rs, k);
  const raw = rs.pending(k.s);
  let i = open.findIndex((d) => d.group?.mode === 'sealed');
  if (i < 0) i = open.findIndex((d) => d.blocking);
  return i < 0 ? null : { dec: open[i], raw: raw[i] };
}

function seatsOf(rs: Ruleset, input: BotInput): Seat[] {
  const v = input.view as { seats?: unknown[]; handSizes?: unknown[] } | null;
  const n = Array.isArray(v?.seats) ? v!.seats!.length : Array.isArray(v?.handSizes) ? v!.handSizes!.length : rs.players.max;
  return Array.from({ length: Math.max(n, input.seat + 1) }, (_, i) => i);
}
