// Bots' evaluation (greedy one-ply, MCTS leaves): units in the game and able to act, minus the
// opponent's, plus progress toward each scenario's mission measured in hexes (§4). Pure.
import type { Seat } from '../../engine/types.js';
import { parseLabel } from '../../engine/mech/hex.js';
import { CONTENT } from './content.js';
import { hexDistance } from './geometry.js';
import { type S, type Side, type Unit, other } from './state.js';

/** Hexes still to go to leave the map across `edge` (1 = standing on it). */
function toEdge(hex: string, edge: 'north' | 'south'): number {
  const p = parseLabel(hex)!;
  if (edge === 'north') return p.y;
  const last = p.x % 2 === 0 ? CONTENT.map.rowsEven : CONTENT.map.rowsOdd;
  return last - p.y + 1;
}
const homeEdge = (side: Side): 'north' | 'south' => (side === 'blue' ? 'north' : 'south');

/** Where an object is now (its carrier's hex when carried), or null. */
function objectAt(s: S, id: string): { hex: string; carrier: Unit | null } | null {
  const o = s.objects[id];
  if (!o || o.gone) return null;
  if (o.carriedBy) { const u = s.units[o.carriedBy]; return u.at ? { hex: u.at, carrier: u } : null; }
  return o.at ? { hex: o.at, carrier: null } : null;
}

/** Distance from the nearest able unit of `side` (filtered) to `hex`; off-map units count from their edge. */
function nearest(s: S, side: Side, hex: string, ok: (u: Unit) => boolean): number {
  let best = 30;
  for (const u of Object.values(s.units)) {
    if (u.gone || u.side !== side || u.frozen || u.status === 'offline' || !ok(u)) continue;
    const d = u.at ? hexDistance(u.at, hex) : toEdge(hex, u.edge ?? 'north') + 1;
    if (d < best) best = d;
  }
  return best;
}
const walkerUp = (u: Unit) => u.type === 'walker' && u.config === 'up';

/** Mean distance of the side's units to `hex`: a gentle pull on every unit, so that a move toward the
 * objective always beats ending the activation (a bot that breaks ties by list order otherwise stalls). */
function pull(s: S, side: Side, hex: string): number {
  const us = Object.values(s.units).filter((u) => !u.gone && u.side === side);
  if (!us.length) return 0;
  return us.reduce((n, u) => n + (u.at ? hexDistance(u.at, hex) : toEdge(hex, u.edge ?? 'north') + 1), 0) / us.length;
}

/** The mission of `side` in hexes: higher is closer to winning. */
function mission(s: S, side: Side): number {
  const foe = other(side);
  switch (s.scenario) {
    case 'special-delivery': {
      if (side !== 'blue') return 0;
      const c = s.units.CA;
      if (!c || c.gone) return 0;
      const rows = c.at ? parseLabel(c.at)!.y - 7 : 9; // rows still to go before it stands north of the fold
      const lava = c.at && ['lava', 'crater'].includes(s.map[c.at].terrain) ? 3 : 0;
      return rows * 4 + lava + c.stasis + (c.frozen ? 3 : 0) + (c.status === 'offline' ? 3 : 0);
    }
    case 'retrieval': {
      const sat = objectAt(s, 'satellite');
      if (!sat) return 0;
      if (sat.carrier && sat.carrier.side !== 'neutral') return (sat.carrier.side === side ? 1 : -1) * (30 - 2 * toEdge(sat.hex, homeEdge(sat.carrier.side)));
      return -nearest(s, side, sat.hex, walkerUp) + toEdge(sat.hex, homeEdge(foe)) * 0.5 - 0.3 * pull(s, side, sat.hex);
    }
    case 'industrial-wasteland': {
      const left = CONTENT.hexIds.filter((h) => s.map[h].terrain === 'industry');
      const reach = left.length ? Math.min(...left.map((h) => nearest(s, 'yellow', h, () => true))) : 0;
      const v = (4 - left.length) * 8 - reach * 0.5 - (left.length ? 0.3 * Math.min(...left.map((h) => pull(s, 'yellow', h))) : 0);
      return side === 'yellow' ? v : -v;
    }
    case 'runaway': {
      const rc = s.units.RC;
      if (!rc || rc.gone || !rc.at) return 0;
      if (s.runawayController) return (s.runawayController === side ? 1 : -1) * (30 - 2 * toEdge(rc.at, homeEdge(s.runawayController)));
      return -nearest(s, side, rc.at, (u) => u.type === 'squad') - 0.3 * pull(s, side, rc.at);
    }
    case 'capture-the-flag': {
      const theirs = objectAt(s, `${foe}Flag`);
      if (!theirs) return 0;
      // their flag must cross the fold toward my half
      const rows = (h: string) => (side === 'blue' ? Math.max(0, parseLabel(h)!.y - 7) : Math.max(0, 9 - parseLabel(h)!.y));
      if (theirs.carrier?.side === side) return 30 - 3 * rows(theirs.hex);
      return -rows(theirs.hex) - nearest(s, side, theirs.hex, walkerUp) - 0.3 * pull(s, side, theirs.hex);
    }
    case 'destroy-the-flag': {
      const theirs = objectAt(s, `${foe}Flag`);
      if (!theirs) return 0;
      const t = s.map[theirs.hex].terrain;
      return (t === 'lava' ? 12 : t === 'crater' ? 5 : 0) - 0.5 * nearest(s, side, theirs.hex, () => true) - 0.3 * pull(s, side, theirs.hex);
    }
  }
  return 0;
}

/** Scenarios only walkers can win: a platoon without one can at best draw (§4.2, §4.5). */
const WALKERS_WIN = new Set(['retrieval', 'capture-the-flag']);

export function evaluate(s: S, seat: Seat): number {
  const side: Side = s.seatOf.blue === seat ? 'blue' : 'yellow';
  if (s.result) return s.result.winners.includes(seat) ? 1000 : s.result.draw ? 0 : -1000;
  let score = 0;
  const platoon = s.setup[side]?.platoon;
  if (s.phase === 'setup' && platoon && platoon.walker === 0 && WALKERS_WIN.has(s.scenario)) score -= 50;
  for (const u of Object.values(s.units)) {
    if (u.gone) continue;
    const down = (u.type === 'walker' && u.config === 'down') || (u.type === 'squad' && u.status === 'offline') ? 1 : 0;
    const v = (u.status === 'ready' ? 3 : u.status === 'buttoned' ? 2 : 1) - (u.frozen ? 1 : 0) - u.stasis * 0.3 - down + u.weapons.filter((w) => w.loaded).length * 0.3;
    score += u.side === side ? v : u.side === 'neutral' ? 0 : -v;
  }
  const me = mission(s, side);
  const them = s.seatOf[other(side)] === null ? 0 : mission(s, other(side));
  return score + me - them;
}
