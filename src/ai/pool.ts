// Bot threads (node:worker_threads): the search never runs on the event loop that serves HTTP
// or renews BullMQ locks. Used in both modes (embedded API process and BullMQ workers).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BotInput, BotOutput } from './bots.js';
import { DEFAULT_MCTS_BUDGET_MS } from './bots.js';
import { botModules } from './registry.js';

interface Thread {
  w: Worker;
  busy: number;
  waiting: Map<number, { resolve: (o: BotOutput) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>;
}

export class BotPool {
  private threads: Thread[] = [];
  private seq = 0;
  private closed = false;

  constructor(private readonly size = Math.max(1, Math.min(4, availableParallelism() - 1))) {}

  private spawn(): Thread {
    const w = new Worker(new URL('./boot.mjs', import.meta.url), { workerData: { entry: new URL('./thread.ts', import.meta.url).href } });
    const t: Thread = { w, busy: 0, waiting: new Map() };
    const failAll = (err: Error) => {
      for (const p of t.waiting.values()) {
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

  /** Runs one decision in a thread; rejects if it overruns its budget by far. */
  run(input: BotInput): Promise<BotOutput> {
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
    const ts = this.threads;
    this.threads = [];
    await Promise.all(ts.map((t) => t.w.terminate()));
  }
}
