// `npm run ai:match -- --ruleset abaddon --a mcts --b random --games N [options]`
// Plays bot against bot in process through the kernel (no server) and prints win rates with
// 95% Wilson intervals. Sides alternate between games.
//   --scenario ID        (default: the ruleset's first)
//   --budget MS          MCTS time budget per decision for both bots (default 1000)
//   --iterations N       iterations per decision for each MCTS bot instead of a time budget
//                        (reproducible with --seed whatever the machine's load; greedy keeps its
//                        default samples, --a-iterations / --b-iterations set them)
//   --a-budget / --b-budget MS, --a-iterations / --b-iterations N
//   --seed S             reproducible games (bots' own generators are seeded from it too)
//   --options JSON       ruleset options, e.g. '{"maxRounds":10}'
//   --max-entries N      stop a game after N entries (counted as a draw)
//   --rollout N          MCTS rollout depth in entries (default 25); --leaf W blends the leaf score
//   --jobs N             play games in N threads at once (default 1)
//   --json               print the summary as JSON
import { SingleBar, Presets } from 'cli-progress';
import '../features.js';
import { getRuleset, rulesets } from '../games/index.js';
import { mctsOverrides, type BotLevel } from './bots.js';
import { playMatch, playMatchAsync, playMatchParallel, type BotSpec, type MatchSummary } from './match.js';

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

const LEVELS = ['random', 'greedy', 'mcts'];
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main() {
  const o = parse(process.argv.slice(2));
  const rs = getRuleset(o.ruleset ?? '');
  if (!rs || !LEVELS.includes(o.a ?? '') || !LEVELS.includes(o.b ?? '')) {
    console.error(`usage: npm run ai:match -- --ruleset <${rulesets().map((r) => r.id).join('|')}> --a <${LEVELS.join('|')}> --b <${LEVELS.join('|')}> --games N [--scenario ID] [--budget MS] [--seed S] [--options JSON]`);
    process.exit(2);
  }
  const games = Number(o.games ?? 20);
  if (o.rollout) mctsOverrides.rolloutDepth = Number(o.rollout);
  if (o.leaf) mctsOverrides.leafWeight = Number(o.leaf);
  const spec = (side: 'a' | 'b'): BotSpec => ({
    level: o[side] as BotLevel,
    budgetMs: o[`${side}-budget`] ? Number(o[`${side}-budget`]) : o.budget ? Number(o.budget) : undefined,
    iterations: o[`${side}-iterations`] ? Number(o[`${side}-iterations`]) : o.iterations && o[side] === 'mcts' ? Number(o.iterations) : undefined,
  });
  const a = spec('a');
  const b = spec('b');
  const bar = new SingleBar({ format: 'games {bar} {value}/{total} | A {wa} B {wb} draws {d} | {eta_formatted} left', stream: process.stderr, hideCursor: true, noTTYOutput: true, notTTYSchedule: 15_000 }, Presets.shades_classic);
  let wa = 0;
  let wb = 0;
  let d = 0;
  bar.start(games, 0, { wa, wb, d });
  const t0 = Date.now();
  const jobs = Number(o.jobs ?? 1);
  const run = (x: Parameters<typeof playMatch>[0]): Promise<MatchSummary> => (jobs > 1 ? playMatchParallel({ ...x, jobs }) : playMatchAsync(x));
  const s = await run({
    ruleset: rs, scenario: o.scenario, a, b, games, seed: o.seed, options: o.options ? JSON.parse(o.options) : undefined,
    maxEntries: o['max-entries'] ? Number(o['max-entries']) : undefined,
    onGame: (_i, g) => {
      if (g.scoreA === 1) wa++;
      else if (g.scoreA === 0) wb++;
      else d++;
      bar.increment(1, { wa, wb, d });
    },
  });
  bar.stop();
  const desc = (x: BotSpec) => `${x.level}${x.level === 'mcts' ? ` (${x.iterations ? `${x.iterations} iterations` : `${x.budgetMs ?? 1000} ms`})` : ''}`;
  const msA = s.outcomes.reduce((t, g) => t + g.msPerDecision.a, 0) / Math.max(1, s.outcomes.length);
  const msB = s.outcomes.reduce((t, g) => t + g.msPerDecision.b, 0) / Math.max(1, s.outcomes.length);
  if (o.json) {
    console.log(JSON.stringify({ ruleset: rs.id, scenario: o.scenario ?? rs.scenarios[0].id, a: desc(a), b: desc(b), games: s.games, winsA: s.winsA, winsB: s.winsB, draws: s.draws, rateA: s.rateA, ciA: s.ciA, msPerDecision: { a: msA, b: msB }, seconds: (Date.now() - t0) / 1000 }));
    return;
  }
  const ciB: [number, number] = [1 - s.ciA[1], 1 - s.ciA[0]];
  console.log(`\n${rs.title} (${rs.id} ${rs.version}), scenario ${o.scenario ?? rs.scenarios[0].id}: ${s.games} games, sides alternating, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`  A ${desc(a).padEnd(22)} wins ${String(s.winsA).padStart(4)}  score rate ${pct(s.rateA)}  95% CI [${pct(s.ciA[0])}, ${pct(s.ciA[1])}]  ${msA.toFixed(1)} ms/decision`);
  console.log(`  B ${desc(b).padEnd(22)} wins ${String(s.winsB).padStart(4)}  score rate ${pct(1 - s.rateA)}  95% CI [${pct(ciB[0])}, ${pct(ciB[1])}]  ${msB.toFixed(1)} ms/decision`);
  console.log(`  draws ${s.draws} (counted half; Wilson score interval)`);
}

await main();
