// `npm run ai:ladder -- [--ruleset ID|all] [--scenario ID] [--games N] [--budget MS] [--seed S] [--max-entries N] [--dry-run]`
// Measures the fixed reference ratings of the AI levels (random, greedy, mcts) that anchor
// human Glicko-2 ratings: a round robin of the bots (sides alternating, src/ai/match.ts), all
// games rated together as rating periods of Glicko-2 (the `glicko2` package) with `random`
// pinned at 1000, iterated until the ratings settle. Writes src/players/ai-ratings.json
// (one row per ruleset; `default` for rulesets without their own row) unless --dry-run.
import { readFileSync, writeFileSync } from 'node:fs';
import glicko2 from 'glicko2';
import '../features.js';
import { getRuleset, rulesets } from '../games/index.js';
import { playMatch, type BotSpec } from '../ai/match.js';
import type { BotLevel } from '../ai/bots.js';
import type { Ruleset } from '../engine/types.js';

const LEVELS: BotLevel[] = ['random', 'greedy', 'mcts'];
const ANCHOR = 1000;

function parse(argv: string[]): Record<string, string> {
  const o: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) continue;
    if (m[2] !== undefined) o[m[1]] = m[2];
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) o[m[1]] = argv[++i];
    else o[m[1]] = 'true';
  }
  return o;
}

/** Scores of each pair (a beat b: 1, draw: 0.5), as Glicko-2 periods until the ratings settle; random pinned. */
export function ladderRatings(results: { a: BotLevel; b: BotLevel; scoreA: number }[]): Record<string, { rating: number; rd: number }> {
  let cur: Record<string, { rating: number; rd: number; vol: number }> = Object.fromEntries(LEVELS.map((l) => [l, { rating: ANCHOR, rd: 350, vol: 0.06 }]));
  for (let round = 0; round < 30; round++) {
    const g = new glicko2.Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
    const ps = Object.fromEntries(LEVELS.map((l) => [l, g.makePlayer(cur[l].rating, cur[l].rd, cur[l].vol)]));
    g.updateRatings(results.map((r) => [ps[r.a], ps[r.b], r.scoreA]));
    const shift = ps.random.getRating() - ANCHOR; // pin the anchor: move the whole scale
    cur = Object.fromEntries(LEVELS.map((l) => [l, { rating: ps[l].getRating() - shift, rd: Math.max(ps[l].getRd(), 30), vol: ps[l].getVol() }]));
  }
  return Object.fromEntries(LEVELS.map((l) => [l, { rating: Math.round(cur[l].rating), rd: Math.round(cur[l].rd) }]));
}

/**
 * The scenario a ladder plays: a real two-sided game, not a tutorial or a solitaire one (a
 * one-round tutorial ties, a solitaire scenario has no second bot), unless --scenario says.
 */
export function ladderScenario(rs: Ruleset, asked?: string): string {
  if (asked) return asked;
  const two = (p: number | number[]) => (Array.isArray(p) ? p.includes(2) : p === 2);
  const s = rs.scenarios.find((x) => two(x.players) && (x.notes as { kind?: string } | undefined)?.kind !== 'tutorial');
  return (s ?? rs.scenarios[0]).id;
}

async function main() {
  const o = parse(process.argv.slice(2));
  const games = Number(o.games ?? 10);
  const budget = Number(o.budget ?? 300);
  const ids = !o.ruleset || o.ruleset === 'all' ? rulesets().map((r) => r.id) : [o.ruleset];
  const file = new URL('./ai-ratings.json', import.meta.url);
  const table = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  for (const id of ids) {
    const rs = getRuleset(id);
    if (!rs) throw new Error(`no ruleset ${id}`);
    const scenario = ladderScenario(rs, ids.length === 1 ? o.scenario : undefined);
    const results: { a: BotLevel; b: BotLevel; scoreA: number }[] = [];
    for (let i = 0; i < LEVELS.length; i++) {
      for (let j = i + 1; j < LEVELS.length; j++) {
        const spec = (l: BotLevel): BotSpec => ({ level: l, budgetMs: l === 'mcts' ? budget : undefined });
        const m = playMatch({ ruleset: rs, scenario, a: spec(LEVELS[i]), b: spec(LEVELS[j]), games, seed: o.seed ? `${o.seed}|${id}|${i}|${j}` : undefined, maxEntries: o['max-entries'] ? Number(o['max-entries']) : undefined });
        for (const g of m.outcomes) results.push({ a: LEVELS[i], b: LEVELS[j], scoreA: g.scoreA });
        console.log(`${id} ${scenario}: ${LEVELS[i]} vs ${LEVELS[j]}: ${m.winsA}-${m.winsB}-${m.draws}`);
      }
    }
    const r = ladderRatings(results);
    console.log(`${id}: ${JSON.stringify(r)}`);
    table[id] = r;
    const measured = (table._measured ?? {}) as Record<string, unknown>;
    measured[id] = { scenario, gamesPerPair: games, mctsBudgetMs: budget, at: new Date().toISOString().slice(0, 10) };
    table._measured = measured;
  }
  if (o['dry-run'] !== 'true') {
    writeFileSync(file, JSON.stringify(table, null, 2) + '\n');
    console.log(`wrote ${file.pathname}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
