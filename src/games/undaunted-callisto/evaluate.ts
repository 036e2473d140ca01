// The greedy-bot heuristic (pure): higher is better for `seat`. Terms: victory, objective
// points, neutralised units, controlled/scouted markers, playable cards in the cycle
// (Interference counts against), ready units on the board and their distance to objectives
// the faction does not control yet, victory progress, initiative.
import type { Seat } from '../../engine/types.js';
import { distances } from '../../engine/mech/graph.js';
import { CONTENT, type Faction } from './content.js';
import { mapOf } from './geometry.js';
import { controlPoints } from './rules.js';
import { card, other, unitDef, type S } from './state.js';

function side(s: S, f: Faction): number {
  const m = mapOf(s);
  let v = 10 * controlPoints(s, f) + 30 * s.fac[f].neutralised.length + 12 * s.fac[f].destroyed.filter((x) => x.startsWith('structure:')).length;
  for (const mk of Object.values(s.markers)) v += mk[f] === 'controlled' ? 1.5 : mk[f] ? 0.8 : 0;
  for (const st of s.seats) {
    if (st.faction !== f) continue;
    for (const c of [...st.hand, ...st.deck.pool, ...st.deck.top, ...st.deck.discard, ...st.play]) v += card(c).type === 'interference' ? -0.4 : 0.6;
  }
  const goals = m.def.spaces.filter((sp) => sp.points !== undefined && s.markers[sp.id]?.[f] !== 'controlled').map((sp) => sp.id);
  for (const u of Object.values(s.units)) {
    if (!u.at || unitDef(u.id).faction !== f) continue;
    v += u.suppressed ? 1 : 2.5;
    if (goals.length) {
      const d = distances(m.range, m.nodes[u.at].space);
      const near = Math.min(...goals.map((g) => d.get(g) ?? 9));
      v -= 0.4 * near;
    }
  }
  for (const cond of CONTENT.scenarios[s.scenario].factions[f].victory) {
    if (cond.kind === 'controlPoints') v += 15 * Math.min(1, controlPoints(s, f) / cond.atLeast);
    if (cond.kind === 'neutraliseCount') v += 15 * Math.min(1, s.fac[f].neutralised.length / cond.atLeast);
  }
  return v;
}

export function evaluate(s: S, seat: Seat): number {
  const f = s.seats[seat].faction;
  if (s.result) return s.result.winners.includes(seat) ? 1e6 : s.result.draw ? 0 : -1e6;
  return side(s, f) - side(s, other(f)) + (s.initiative === f ? 1 : 0);
}
