// Deadlines: the game's policy gives each newly opened blocking decision a time limit by its
// timing class. The commit that opens it writes a 'deadline' outbox row due at that time
// (durable in both modes: the row waits in the outbox until due). When it runs, a decision
// still open gets the ruleset's default (service.applyDefault), or a bot's move with
// onTimeout 'bot'. A decision answered first makes the job stale: it does nothing.
//
// Time bank: per seat, derived from the log's server timestamps (service data, never game
// state): the overtime a seat used on a decision is max(0, answered - opened - limit). When a
// limit passes and the seat has bank left, a second job waits for the rest of the bank.
import { openDecisions } from '../../engine/kernel.js';
import type { Decision, Entry, Seat, SeatInfo } from '../../engine/types.js';
import { isViolation } from '../../engine/types.js';
import { jobKey } from '../../jobs/queue.js';
import type { Runtime } from '../../runtime.js';
import type { GameRecord, OutboxItem } from '../../store/types.js';
import type { BotLevel } from '../../ai/bots.js';
import type { BotPool } from '../../ai/pool.js';
import { Replayer, setupFor } from '../analysis.js';
import type { CommitContext } from '../game-service.js';
import { findDecision } from '../../engine/kernel.js';
import { playBot } from './ai-seats.js';

export interface DeadlinePolicy {
  turnSeconds?: number;
  reactionSeconds?: number;
  sealedSeconds?: number;
  bankSeconds?: number;
  onTimeout?: 'default' | 'bot';
  botLevel?: BotLevel;
}

export interface DeadlineJob {
  gameId: string;
  decision: string;
  seat: Seat;
  /** 'limit': the class limit passed; 'bank': the seat's bank ran out too. */
  phase?: 'limit' | 'bank';
}

export function policyOf(game: Pick<GameRecord, 'policy'>): DeadlinePolicy | null {
  const p = game.policy as { deadlines?: DeadlinePolicy } | null;
  return p?.deadlines ?? null;
}

/** Seconds allowed for a decision by its timing class (setup: the sealed limit for a sealed group, else the turn limit). */
export function limitFor(p: DeadlinePolicy, d: Pick<Decision, 'timing' | 'group'>): number | undefined {
  switch (d.timing) {
    case 'turn': return p.turnSeconds;
    case 'reaction': return p.reactionSeconds;
    case 'sealed': return p.sealedSeconds;
    case 'setup': return d.group?.mode === 'sealed' ? p.sealedSeconds : p.turnSeconds;
    default: return undefined;
  }
}

/** Decisions this commit opened (all of them for a new game). */
export function newDecisions(c: CommitContext): Decision[] {
  if (c.entry === null) return c.decisions;
  const before = new Set(Object.values(c.before.k.open));
  return c.decisions.filter((d) => !before.has(d.id));
}

export function deadlinePlanner(c: CommitContext): OutboxItem[] {
  const p = policyOf(c.before.game);
  if (!p) return [];
  const out: OutboxItem[] = [];
  // Deadlines of decisions this commit closed are cancelled in the same transaction.
  if (c.entry !== null) {
    const open = new Set(c.decisions.map((d) => d.id));
    for (const id of Object.values(c.before.k.open)) if (!open.has(id)) out.push({ kind: 'deadline', dedupKey: id, cancel: true, payload: null });
  }
  if (c.after.status !== 'active') return out;
  const groups = new Set<string>();
  const now = Date.now();
  for (const d of newDecisions(c)) {
    if (!d.blocking) continue; // non-blocking decisions have no deadline
    if (d.group?.mode === 'sealed') {
      if (groups.has(d.group.id)) continue; // one deadline closes the whole group
      groups.add(d.group.id);
    }
    const secs = limitFor(p, d);
    if (!secs) continue;
    out.push({ kind: 'deadline', dedupKey: d.id, runAt: new Date(now + secs * 1000), payload: { decision: d.id, seat: d.seat, phase: 'limit' } });
  }
  return out;
}

/** Milliseconds of bank a seat has used so far (or up to version `upTo`), from the log's timestamps (a full replay). */
export async function bankUsedMs(rt: Runtime, gameId: string, seat: Seat, upTo?: number): Promise<number> {
  const g = await rt.service.load(gameId);
  const p = policyOf(g.game);
  if (!p) return 0;
  const rows = await rt.store.actionsAfter(gameId, -1, upTo === undefined ? 1_000_000 : upTo + 1);
  const at = new Map(rows.map((r) => [r.seq, r.createdAt?.getTime() ?? Date.now()]));
  // The service's own replay: a sandbox's position and scripted dice, and takebacks, as loading does.
  const made = setupFor(g.rs, g.game, rows[0].entry as { scenario: string; seats: SeatInfo[]; options: unknown });
  if (isViolation(made)) return 0;
  const replay = new Replayer(g.rs, g.game, g.seats, made.k);
  let used = 0;
  for (const row of rows.slice(1)) {
    const e = row.entry as Entry<any>;
    if (e.kind === 'answer' || e.kind === 'default') {
      const d = openDecisions(g.rs, replay.k).find((x) => x.id === e.decision);
      if (d && d.seat === seat && d.group?.mode !== 'sealed') {
        const limit = limitFor(p, d);
        const opened = at.get(Number.parseInt(d.id, 10));
        const answered = at.get(row.seq);
        if (limit && opened !== undefined && answered !== undefined) used += Math.max(0, answered - opened - limit * 1000);
      }
    }
    if (isViolation(replay.step(e))) break;
  }
  return used;
}

/**
 * Bank jobs this process scheduled, by game: a commit that closes their decision removes them
 * from the queue (queue.remove by job id); if that misses, the job is stale and does nothing.
 */
export class BankJobs {
  private byGame = new Map<string, Map<string, string>>();

  add(gameId: string, decision: string, jobId: string): void {
    const m = this.byGame.get(gameId) ?? new Map<string, string>();
    m.set(decision, jobId);
    this.byGame.set(gameId, m);
  }

  /** After a commit notice: cancel the bank jobs of decisions that are no longer open. */
  async onCommit(rt: Runtime, gameId: string): Promise<void> {
    const m = this.byGame.get(gameId);
    if (!m) return;
    const g = await rt.service.load(gameId);
    for (const [decision, jobId] of m) {
      if (g.game.status === 'active' && findDecision(g.rs, g.k, decision)) continue;
      m.delete(decision);
      await rt.queue.remove(jobId);
    }
    if (!m.size) this.byGame.delete(gameId);
  }
}

export async function runDeadline(rt: Runtime, pool: BotPool, job: DeadlineJob, bank?: BankJobs): Promise<void> {
  const svc = rt.service;
  for (let attempt = 0; attempt < 6; attempt++) {
    const g = await svc.load(job.gameId);
    if (g.game.status !== 'active') return;
    const m = findDecision(g.rs, g.k, job.decision);
    if (!m) return; // answered first: stale
    const p = policyOf(g.game) ?? {};
    const sealed = m.dec.group?.mode === 'sealed';
    if (job.phase !== 'bank' && p.bankSeconds && !sealed) {
      const left = p.bankSeconds * 1000 - (await bankUsedMs(rt, job.gameId, m.dec.seat));
      if (left > 0) {
        const jobId = jobKey('deadline', job.decision, 'bank');
        await rt.queue.add({ name: 'deadline', jobId, data: { ...job, phase: 'bank' }, delayMs: left });
        bank?.add(job.gameId, job.decision, jobId);
        return;
      }
    }
    if (p.onTimeout === 'bot' && !sealed) {
      const played = await playBot(rt, pool, {
        gameId: job.gameId, version: g.k.seq, decision: job.decision, seat: m.dec.seat,
        spec: { level: p.botLevel ?? 'greedy', budgetMs: p.botLevel === 'mcts' ? 1000 : undefined },
      }, { id: `deadline-${job.decision}`, attempt: 1 });
      if (played) return;
      continue; // the game moved while the bot thought: look again
    }
    const r = await svc.applyDefault(job.gameId, job.decision, g.k.seq);
    if (r.applied) return;
  }
}
