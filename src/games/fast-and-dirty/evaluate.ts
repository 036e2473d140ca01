// Greedy bots' one-ply evaluation: living figures, unbroken units, evacuees, objective holding
// (with each side's closing in on the objective, 0.5 a figure at most) and demolition progress,
// from `seat`'s side (higher is better).
import { edgeDistance, type Pt } from '../../engine/mech/geom2d.js';
import type { Seat } from '../../engine/types.js';
import { holdingFigures } from './rules/turn.js';
import { inPlay, living, troops, type S, type Side } from './state.js';

/** Sum over a side's unbroken fighting figures of their nearness to the objective: 1 within the radius, falling to 0 at 24" beyond it. */
function approach(s: S, side: Side, obj: Pt, radius: number): number {
  let n = 0;
  for (const u of s.units) {
    if (u.side !== side || !troops(u) || !inPlay(u) || u.broken || u.hidden) continue;
    for (const f of living(u)) n += Math.max(0, 1 - Math.max(0, edgeDistance(f.at, f.r, obj, 0) - radius) / 2400);
  }
  return n;
}

export function evaluate(s: S, seat: Seat): number {
  if (s.result) return s.result.winners.includes(seat) ? 1000 : s.result.draw ? 0 : -1000;
  let v = 0;
  for (const u of s.units) {
    if (u.side === null) continue;
    const sign = u.side === seat ? 1 : -1;
    v += sign * (living(u).length * 3 + (inPlay(u) ? 4 : 0) - (u.broken ? 3 : 0) - (u.underFire ? 1 : 0));
  }
  v += 3 * (s.evacuated[seat] - s.evacuated[1 - seat]);
  const vic = s.victory;
  if (vic.kind === 'holdTheLine') {
    const mine = holdingFigures(s, seat as 0 | 1, vic.objective, vic.radius), theirs = holdingFigures(s, (1 - seat) as 0 | 1, vic.objective, vic.radius);
    v += 2 * (mine - theirs);
    // Closing in (holding counts only within the radius): each unbroken figure's nearness, up to 24" beyond it.
    // MCTS (40 iterations) vs random on hold-the-line, same 40 seeds: 36 wins without it, 38 with it;
    // 200 games with it: 93.0% vs random, 71.5% vs greedy (docs/games/fast-and-dirty.md, "AI goal").
    v += 0.5 * (approach(s, seat as Side, vic.objective, vic.radius) - approach(s, (1 - seat) as Side, vic.objective, vic.radius));
  }
  if (vic.kind === 'demolition') {
    const t = s.terrain.find((f) => f.id === vic.target)!;
    const sapper = s.units.find((u) => u.side === vic.attacker && u.demolition && inPlay(u));
    let prog = t.status === 'badlyDamaged' ? 8 : 0;
    if (sapper?.demolition?.rigged === 'yes') prog += 6;
    if (sapper) {
      const d = Math.min(...living(sapper).map((f) => Math.min(...t.points.map((p) => edgeDistance(f.at, f.r, p, 0)))));
      prog += Math.max(0, 4 - d / 600);
    }
    v += seat === vic.attacker ? prog : -prog;
  }
  return v;
}
