// Bot threads (node:worker_threads): the search never runs on the event loop that serves HTTP
// or renews BullMQ locks. Used in both modes (embedded API process and BullMQ workers).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { BotInput, BotOutput } from './bots.js';
import { DEFAULT_MCTS_BUDGET_MS } from './bots.js';
import { botModules } from './registry.js';
import { spawnThread } from './spawn-thread.js';
import { LIMITS } from '../service/input.js';

interface Thread {
  w: Worker;
  busy: number;
  waiting: Map<number, { resolve: (o: BotOutput) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>;
}

/** The most a bot may think per decision, whatever the seat asked (ms). */
export function maxBudgetMs(): number {
  return Number(process.env.SKYEYE_AI_MAX_BUDGET_MS) || LIMITS.budgetMs.max;
}

/** The input with its budget capped; an iteration-bounded search gets the cap as its time limit. */
export function capBudget(input: BotInput): BotInput {
  const cap = maxBudgetMs();
  if (input.budgetMs !== undefined) return input.budgetMs > cap ? { ...input, budgetMs: cap } : input;
  if (input.level === 'mcts' && input.iterations) return { ...input, budgetMs: cap };
  return input;
}

export class BotPool {
  private threads: Thread[] = [];
  private seq = 0;
  private closed = false;

  constructor(private readonly size = Math.max(1, Math.min(4, availableParallelism() - 1))) {}

  private spawn(): Thread {
    const w = spawnThread('thread');
    const t: Thread = { w, busy: 0, waiting: new Map() };
    const failAll = (err: Error) => {
      for (const p of t.waiting.values()) {
        t.busy--;
        clearTimeout(p.timer);
        p.reject(err);
      }
      t.waiting.clear();
      this.threads = this.threads.filter((x) => x !== t);
    };
    w.on('message', (m: { id: number; ok: boolean; out?: BotOutput; error?: string }) => {
      const p = t.waiting.get(m.id);
      if (!p) return;
      t.waiting.delete(m.id);
      t.busy--;
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.out!);
      else p.reject(new Error(m.error));
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', () => failAll(new Error('bot thread exited')));
    w.unref();
    this.threads.push(t);
    return t;
  }

  /** Decisions waiting for a thread, per game, served round-robin (see run). */
  private waiting = new Map<string, Array<() => void>>();
  /** Decisions running per game. */
  private running = new Map<string, number>();
  private inFlight = 0;

  /**
   * Runs one decision in a thread; rejects if it overruns its budget by far.
   *
   * Fairness: each game (`key`) has at most one decision thinking at a time, and when threads
   * are all busy the games waiting take turns (round-robin, not first come first served), so
   * one game's bots, however many or however long their budget, hold at most one thread and
   * cannot starve another game's. Every budget is capped (SKYEYE_AI_MAX_BUDGET_MS).
   */
  async run(input: BotInput, key = 'default'): Promise<BotOutput> {
    if (this.closed) throw new Error('bot pool closed');
    await this.turn(key);
    try {
      return await this.dispatch(capBudget(input));
    } finally {
      this.inFlight--;
      const n = (this.running.get(key) ?? 1) - 1;
      if (n > 0) this.running.set(key, n);
      else this.running.delete(key);
      this.next();
    }
  }

  /** Queued decisions (for tests and metrics). */
  get queued(): number {
    let n = 0;
    for (const q of this.waiting.values()) n += q.length;
    return n;
  }

  private turn(key: string): Promise<void> {
    if (this.inFlight < this.size && !this.running.has(key) && !this.waiting.size) {
      this.take(key);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const q = this.waiting.get(key) ?? [];
      q.push(resolve);
      this.waiting.set(key, q);
      this.next();
    });
  }

  private take(key: string) {
    this.inFlight++;
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
  }


  /** Starts waiting decisions while threads are free: the first game in line not already thinking. */
  private next() {
    while (this.inFlight < this.size) {
      let picked: string | null = null;
      for (const k of this.waiting.keys()) {
        if (!this.running.has(k)) {
          picked = k;
          break;
        }
      }
      if (picked === null) return;
      const q = this.waiting.get(picked)!;
      const resolve = q.shift()!;
      // Round-robin: a game with more decisions waiting goes to the back of the line.
      this.waiting.delete(picked);
      if (q.length) this.waiting.set(picked, q);
      this.take(picked);
      resolve();
    }
  }

  private dispatch(input: BotInput): Promise<BotOutput> {
    if (this.closed) return Promise.reject(new Error('bot pool closed'));
    let t = this.threads.reduce<Thread | null>((a, x) => (!a || x.busy < a.busy ? x : a), null);
    if (!t || (t.busy > 0 && this.threads.length < this.size)) t = this.spawn();
    const id = ++this.seq;
    const thread = t;
    thread.busy++;
    const limit = (input.budgetMs ?? DEFAULT_MCTS_BUDGET_MS) + 60_000;
    return new Promise<BotOutput>((resolve, reject) => {
      const timer = setTimeout(() => {
        thread.waiting.delete(id);
        reject(new Error('bot thread did not answer in time'));
        void thread.w.terminate();
      }, limit);
      timer.unref();
      thread.waiting.set(id, { resolve, reject, timer });
      thread.w.postMessage({ id, input, modules: botModules() });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const queued = [...this.waiting.values()].flat();
    this.waiting.clear();
    for (const go of queued) go(); // each then finds the pool closed
    const ts = this.threads;
    this.threads = [];
    await Promise.all(ts.map((t) => t.w.terminate()));
  }
}
