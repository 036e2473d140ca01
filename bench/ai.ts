// Section 5: AI (src/ai/bots.ts `decide`): MCTS iterations per second per ruleset, and the
// decision time of each level. Decision points are sampled from random playouts; each bot
// gets what the API would give it (its seat's view, its decision, its legal actions).
import { existsSync } from 'node:fs';
import { minted, type KState } from '../src/engine/kernel.js';
import { randomPlayout } from '../src/engine/playout.js';
import { localRng } from '../src/engine/rng.js';
import type { Ruleset } from '../src/engine/types.js';
import { rulesets } from '../src/games/index.js';
import { duel } from '../tests/support/duel.js';
import { type Args, fmt, heading, median, note, num, percentile, progress, table, warn } from './lib/common.js';
import { seatsFor } from './engine/kernel-run.js';

interface Point { k: KState<any>; seat: number; decision: any; legal: unknown[] }

function samplePoints(rs: Ruleset, n: number): Point[] {
  const { scenario, seats } = seatsFor(rs);
  const out: Point[] = [];
  const rng = localRng(`ai-bench|${rs.id}`);
  for (let g = 0; out.length < n && g < 20; g++) {
    const states: KState<any>[] = [];
    randomPlayout(rs, { scenario, seats, seed: `ai-${g}`, onEntry: (k) => { if (k.seq % 7 === 3) states.push(k); } });
    for (const k of states) {
      if (out.length >= n) break;
      const m = minted(rs, k).find((x) => x.dec.blocking);
      if (!m) continue;
      const legal = rs.candidates(k.s, m.dec.seat, m.raw, 1000, rng).actions;
      if (legal.length < 2) continue;
      out.push({ k, seat: m.dec.seat, decision: m.dec, legal });
    }
  }
  return out;
}

export async function aiBench(a: Args) {
  heading('5. AI: MCTS iterations/s and decision time per level');
  if (!existsSync('src/ai/bots.ts')) {
    warn('src/ai/bots.ts does not exist in this checkout: nothing to measure yet.');
    return null;
  }
  const { decide, DEFAULT_MCTS_BUDGET_MS } = await import('../src/ai/bots.js');
  const points = num(a, 'points', 8, 2);
  const budget = num(a, 'budget', 300, 40);
  const mctsDefaultPoints = num(a, 'mcts-points', 3, 1);
  const fullBudget = a.smoke ? 100 : DEFAULT_MCTS_BUDGET_MS;
  const only = a.opts.ruleset?.split(',');
  const list = [duel, ...rulesets().filter((r) => r.id !== 'duel' && !r.id.startsWith('bench-'))].filter((r) => !only || only.includes(r.id));
  const rows: (string | number)[][] = [];
  const p = progress('ai', list.length * (points * 3 + mctsDefaultPoints));
  for (const rs of list) {
    let pts: Point[];
    try {
      pts = samplePoints(rs, points);
    } catch (e) {
      warn(`\`${rs.id}\`: random playouts failed, skipped: ${(e as Error).message.slice(0, 200)}`);
      continue;
    }
    if (!pts.length) { warn(`\`${rs.id}\`: no decision point with 2+ legal actions found`); continue; }
    const input = (pt: Point, level: 'random' | 'greedy' | 'mcts', i: number, budgetMs?: number) => ({
      ruleset: rs.id, seat: pt.seat, view: rs.view(pt.k.s, pt.seat), decision: pt.decision, legal: pt.legal, version: pt.k.seq,
      level, budgetMs, salt: `bench-${i}`,
    });
    const time: Record<string, number[]> = { random: [], greedy: [], mcts: [] };
    const ips: number[] = [];
    const iters: number[] = [];
    const fallbacks = new Set<string>();
    try {
      pts.forEach((pt, i) => {
        for (const level of ['random', 'greedy'] as const) {
          const t0 = performance.now();
          const out = decide(rs, input(pt, level, i));
          time[level].push(performance.now() - t0);
          if (out.fallback) fallbacks.add(out.fallback);
          p.tick();
        }
        const t0 = performance.now();
        const out = decide(rs, input(pt, 'mcts', i, budget));
        const ms = performance.now() - t0;
        if (out.level === 'mcts') { ips.push((1000 * (out.iterations ?? 0)) / ms); iters.push(out.iterations ?? 0); }
        if (out.fallback) fallbacks.add(out.fallback);
        p.tick();
      });
      for (let i = 0; i < Math.min(mctsDefaultPoints, pts.length); i++) {
        const t0 = performance.now();
        decide(rs, input(pts[i], 'mcts', i, a.smoke ? fullBudget : undefined));
        time.mcts.push(performance.now() - t0);
        p.tick();
      }
    } catch (e) {
      warn(`\`${rs.id}\`: a bot threw, skipped: ${(e as Error).message.slice(0, 200)}`);
      continue;
    }
    const t = (xs: number[]) => (xs.length ? `${fmt(median(xs), 1)} / ${fmt(percentile(xs, 100), 1)}` : '-');
    rows.push([
      rs.id, pts.length, fmt(median(pts.map((x) => x.legal.length))), ips.length ? fmt(median(ips)) : 'n/a (fell back)',
      iters.length ? fmt(median(iters)) : '-', t(time.random), t(time.greedy), t(time.mcts), [...fallbacks].join('; ') || '-',
    ]);
  }
  p.done();
  table(['ruleset', 'decision points', 'legal actions (median)', `MCTS iterations/s (${budget} ms budget)`, 'iterations per decision',
    'random ms p50 / max', 'greedy ms p50 / max', `mcts ms p50 / max (budget ${fullBudget} ms)`, 'fallbacks'], rows);
  note('Decision points: blocking decisions with 2+ legal actions from random playouts (every 7th entry). Each call is `decide(rs, input)` from src/ai/bots.ts with the seat\'s view, '
    + 'decision and legal actions. MCTS iterations/s = iterations / wall time of the decision, one-ply prior pass included (it takes up to a third of the budget). '
    + 'The MCTS level spends its time budget by design (default DEFAULT_MCTS_BUDGET_MS), so its decision time is the budget plus the last iteration.');
  return rows;
}
