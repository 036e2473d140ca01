// AI seats: after every commit, one 'ai' job per open decision of an AI seat, keyed by
// (version, decision id). The job asks a bot (in a thread) with the seat's view only, then
// submits through the same service path as a human, with expectedVersion: a stale job, or a
// retry after a crash, does nothing more.
import { probes } from '../probes.js';
import { randomBytes } from 'node:crypto';
import type { BotInput, BotLevel, BotOutput } from '../../ai/bots.js';
import type { BotPool } from '../../ai/pool.js';
import { decisionsFor, findDecision } from '../../engine/kernel.js';
import { localRng } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import type { JobMeta } from '../../jobs/queue.js';
import type { Runtime } from '../../runtime.js';
import type { OutboxItem } from '../../store/types.js';
import { ServiceError } from '../errors.js';
import type { CommitContext, LoadedGame } from '../game-service.js';

export interface AiSpec {
  level: BotLevel;
  budgetMs?: number;
  iterations?: number;
}

export interface AiJob {
  gameId: string;
  version: number;
  decision: string;
  seat: Seat;
  /** Set when a deadline hands the decision to a bot (onTimeout: 'bot'). */
  spec?: AiSpec;
}

/** Test hooks (e.g. a worker "killed" right after its submit). */
export const aiHooks: {
  afterSubmit?: (job: AiJob, meta: JobMeta) => void | Promise<void>;
  onJob?: (job: AiJob, meta: JobMeta) => void;
  onInput?: (input: BotInput) => void;
  onOutput?: (input: BotInput, out: BotOutput) => void;
} = {};

export function aiPlanner(c: CommitContext): OutboxItem[] {
  if (c.after.status !== 'active') return [];
  const ai = new Set(c.before.seats.filter((s) => s.kind === 'ai').map((s) => s.index));
  return c.decisions
    .filter((d) => ai.has(d.seat) && (d.blocking || d.group?.mode === 'sealed'))
    .map((d) => ({ kind: 'ai', dedupKey: `${c.after.version}.${d.id}`, payload: { version: c.after.version, decision: d.id, seat: d.seat } }));
}

/** What the bot is told: the seat's view, its decision and the legal actions the API serves it. */
export function botInput(g: LoadedGame, seat: Seat, decisionId: string, spec: AiSpec, salt: string): BotInput {
  const decision = decisionsFor(g.rs, g.k, seat).find((d) => d.id === decisionId);
  const m = findDecision(g.rs, g.k, decisionId);
  if (!decision || !m) throw new Error(`decision ${decisionId} is not open`);
  const rng = localRng(`legal|${g.game.id}|${g.k.seq}|${seat}`);
  const legal = g.rs.candidates(g.k.s, seat, m.raw, 1000, rng).actions as unknown[];
  return {
    ruleset: g.rs.id, rulesetVersion: g.rs.version, seat, view: g.rs.view(g.k.s, seat), decision, legal, version: g.k.seq,
    level: spec.level, budgetMs: spec.budgetMs, iterations: spec.iterations, salt,
  };
}

const specCache = new Map<string, (AiSpec | null)[]>();

/** The AI spec of each seat, as given at creation (kept in the setup entry of the log). */
export async function seatSpecs(rt: Runtime, g: LoadedGame): Promise<(AiSpec | null)[]> {
  const hit = specCache.get(g.game.id);
  if (hit) return hit;
  const rows = await rt.store.actionsAfter(g.game.id, -1, 1);
  const seats = ((rows[0]?.entry as { seats?: { ai?: AiSpec | null }[] })?.seats ?? []);
  const specs = g.seats.map((s) => {
    if (s.kind !== 'ai') return null;
    const ai = seats[s.index]?.ai;
    return { level: (ai?.level ?? s.aiLevel ?? 'random') as BotLevel, budgetMs: ai?.budgetMs, iterations: ai?.iterations };
  });
  if (specCache.size > 5000) specCache.clear();
  specCache.set(g.game.id, specs);
  return specs;
}

/**
 * Plays one decision for a seat with a bot. Returns false when the job is stale (the game
 * moved, the decision closed, or the seat already holds a sealed commit).
 */
export async function playBot(rt: Runtime, pool: BotPool, job: AiJob, meta: JobMeta): Promise<boolean> {
  aiHooks.onJob?.(job, meta);
  const svc = rt.service;
  const g = await svc.load(job.gameId);
  if (g.game.status !== 'active' || g.k.seq !== job.version) return false;
  const m = findDecision(g.rs, g.k, job.decision);
  if (!m || m.dec.seat !== job.seat) return false;
  if (m.dec.group?.mode === 'sealed') {
    const held = await rt.store.sealedCommits(job.gameId, m.dec.group.id);
    if (held.some((c) => c.seat === job.seat)) return false;
  }
  const spec = job.spec ?? (await seatSpecs(rt, g))[job.seat];
  if (!spec) return false;
  const input = botInput(g, job.seat, job.decision, spec, `${job.gameId}|${job.decision}|${randomBytes(8).toString('hex')}`);
  aiHooks.onInput?.(input);
  let out: BotOutput;
  try {
    const t0 = performance.now();
    out = await pool.run(input, job.gameId);
    probes.emit('bot', { level: spec.level, seconds: (performance.now() - t0) / 1000 });
  } catch {
    out = { action: g.rs.defaultAction(g.k.s, m.raw), level: spec.level, fallback: 'bot failed: default action', ms: 0 };
  }
  aiHooks.onOutput?.(input, out);
  const submit = (action: unknown) => svc.submitAction(job.gameId, job.seat, {
    expectedVersion: job.version, decision: job.decision, action, idempotencyKey: `bot:${job.decision}:${job.version}`,
  });
  try {
    await submit(out.action);
  } catch (err) {
    if (err instanceof ServiceError && err.status === 409) return false; // stale: someone else moved
    if (err instanceof ServiceError && err.status === 422) {
      // The bot chose something the rules refuse: play the ruleset's default rather than stall.
      try {
        await submit(g.rs.defaultAction(g.k.s, m.raw));
      } catch (e2) {
        if (e2 instanceof ServiceError && e2.status === 409) return false;
        throw e2;
      }
    } else throw err;
  }
  await aiHooks.afterSubmit?.(job, meta);
  return true;
}
