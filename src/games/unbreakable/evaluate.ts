// Greedy bots' one-ply evaluation: units in the game and able to act, minus the opponent's,
// plus progress toward the scenario's mission. Pure.
import type { Seat } from '../../engine/types.js';
import { CONTENT } from './content.js';
import type { S, Side } from './state.js';

export function evaluate(s: S, seat: Seat): number {
  const side: Side = s.seatOf.blue === seat ? 'blue' : 'yellow';
  if (s.result) return s.result.winners.includes(seat) ? 1000 : s.result.draw ? 0 : -1000;
  let score = 0;
  for (const u of Object.values(s.units)) {
    if (u.gone) continue;
    const v = (u.status === 'ready' ? 3 : u.status === 'buttoned' ? 2 : 1) - (u.frozen ? 1 : 0) - u.stasis * 0.3;
    score += u.side === side ? v : u.side === 'neutral' ? 0 : -v;
  }
  if (s.scenario === 'industrial-wasteland') {
    const left = CONTENT.hexIds.filter((h) => s.map[h].terrain === 'industry').length;
    score += side === 'yellow' ? (4 - left) * 5 : left * 5;
  }
  return score;
}
