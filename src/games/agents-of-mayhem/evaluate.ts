// Greedy bots' one-ply evaluation for a seat: the VP lead from its Side, Wounds and Downed
// enemies, Shields and cubes in hand, OMs held. Pure.
import type { Seat } from '../../engine/types.js';
import { lead } from './rules/board.js';
import { WELLS, type S } from './state.js';

export function evaluate(s: S, seat: Seat): number {
  const side = s.seats[seat];
  const sign = (x: string) => (x === side ? 1 : -1);
  let v = (side === 'MAYHEM' ? 1 : -1) * lead(s) * 10;
  for (const b of Object.values(s.boards)) {
    const wounds = WELLS.reduce((n, w) => n + b.wounds[w], 0);
    const cubes = WELLS.reduce((n, w) => n + b.cubes[w], 0);
    v += sign(b.side) * (b.shield + b.armor + 0.3 * cubes - 1.5 * wounds);
  }
  for (const u of Object.values(s.units)) v += sign(u.side) * (u.downed ? -3 : 0) - sign(u.side) * u.hits;
  for (const o of s.oms) v += sign(o.control) * 2;
  return v;
}
