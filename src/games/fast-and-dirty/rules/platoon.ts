// Platoon coherency (module, §7.20, checklist #75): the option `platoonCoherency` groups each side's
// units into platoons, the commander unit first. Every other element of a platoon must stay within
// the Order Distance of its commander; an element beyond it tests Command Response at activation
// even with no other trigger, and on a natural 1 it must move back towards the commander.
import { along, centroid, edgeDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { coherencyDistance } from '../geometry.js';
import { moveAllowance, moveProblem } from '../legal.js';
import { living, movers, type Action, type Figure, type S, type Unit } from '../state.js';
import { has, noRush } from './traits.js';
import type { Run } from './run.js';
import { powered } from './powered.js';

export interface PlatoonOption {
  /** 'times' (spec [P]): 5 × the commander's coherency; 'plus' (the alternative reading): 5" + 5 × coherency. */
  formula?: 'times' | 'plus';
  /** Each platoon as unit ids of one side, the commander unit first. */
  platoons: string[][];
}

export const platoonOptionSchema = {
  type: 'object', additionalProperties: false, required: ['platoons'],
  description: 'module Platoon coherency (§7.20, checklist #75): each platoon lists unit ids of one side (A1…, B1…), the commander unit first (its leader figure is the commander); an element beyond the Order Distance of its commander tests Command Response at activation even with no other trigger, and on a natural 1 must move nearer the commander',
  properties: {
    formula: { enum: ['times', 'plus'], default: 'times', description: "Order Distance (the book's formula is garbled): 'times' = 5 × the commander's coherency distance (spec [P]), 'plus' = 5\" + 5 × coherency; +5\" when every element wears powered armour, +15\" for a Recon element" },
    platoons: { type: 'array', maxItems: 12, items: { type: 'array', minItems: 2, maxItems: 7, items: { type: 'string' } } },
  },
} as const;

const opt = (s: S): PlatoonOption | undefined => s.options.platoonCoherency;

/** Setup check: known ids, one side per platoon, no unit in two platoons. */
export function platoonProblem(s: S): Violation | null {
  const o = opt(s);
  if (!o) return null;
  const seen = new Set<string>();
  for (const p of o.platoons) {
    const units = p.map((id) => s.units.find((u) => u.id === id));
    const bad = p.find((id, i) => !units[i] || units[i]!.side === null);
    if (bad) return violation('bad_platoon', `platoon ${p.join(', ')}: no unit ${bad} (§7.20)`);
    if (units.some((u) => u!.side !== units[0]!.side)) return violation('bad_platoon', `platoon ${p.join(', ')}: its units belong to both sides (§7.20)`);
    const twice = p.find((id) => seen.has(id));
    if (twice) return violation('bad_platoon', `${twice} is in two platoons (§7.20)`);
    p.forEach((id) => seen.add(id));
  }
  return null;
}

/** The platoon of an element (not its commander), with the commander unit. */
function platoonOf(s: S, u: Unit): { cmd: Unit; members: Unit[] } | null {
  const p = opt(s)?.platoons.find((x) => x.includes(u.id));
  if (!p || p[0] === u.id) return null;
  const members = p.map((id) => s.units.find((x) => x.id === id)!).filter(Boolean);
  return { cmd: members[0], members };
}

/** [P] The commander figure: the commander unit's leader, or another of its figures once the leader falls. */
function commanderFigure(cmd: Unit): Figure | null {
  if (cmd.out || cmd.hidden || cmd.reserve) return null;
  const l = living(cmd);
  return l.find((f) => f.leader) ?? l[0] ?? null;
}

/** Order Distance in hundredths (§7.20): 5 × coherency (or 5" + 5 × coherency), +5" all powered armour, +15" Recon. */
export function orderDistance(s: S, u: Unit): number | null {
  const p = platoonOf(s, u);
  if (!p) return null;
  const c = coherencyDistance(p.cmd);
  let d = opt(s)!.formula === 'plus' ? 500 + 5 * c : 5 * c;
  if (p.members.every((m) => powered(m))) d += 500;
  if (has(u, 'recon')) d += 1500;
  return d;
}

/** [P] Distance from the commander figure to the element's nearest figure, edge to edge. */
function gap(cmd: Figure, u: Unit, at: (f: Figure) => Pt = (f) => f.at): number {
  return Math.min(...living(u).map((f) => edgeDistance(at(f), f.r, cmd.at, cmd.r)));
}

/** The element is beyond its Order Distance (and the distance can be measured). */
export function outOfOrder(s: S, u: Unit): boolean {
  const p = platoonOf(s, u);
  const cmd = p && commanderFigure(p.cmd);
  if (!cmd || u.hidden || !living(u).length) return false;
  return gap(cmd, u) > orderDistance(s, u)!;
}

/**
 * After the Command Response test of an element beyond its Order Distance: on a natural 1 it must
 * move back; [P] when no straight move towards the commander is legal it may only improve its
 * defensive position instead (the failed Command Response limits, §7.3).
 */
export function orderRecall(s: S, run: Run, u: Unit, die: number, wasOut: boolean): void {
  if (!wasOut || die !== 1) return;
  const back = !!recallAction(s, u);
  if (back) u.recallTurn = s.turn;
  else u.hesitant = true;
  run.emit('order_recall', { unit: u.id, back });
}

export const recalled = (s: S, u: Unit) => u.recallTurn === s.turn && s.active === u.id;

/** A straight formation Rush (a Move for those that may not Rush) towards the commander, the longest of 100/75/50/25% that is legal and gets nearer. */
export function recallAction(s: S, u: Unit): Action | null {
  const p = platoonOf(s, u);
  const cmd = p && commanderFigure(p.cmd);
  if (!cmd || u.pinned) return null;
  const figs = movers(u);
  const me = centroid(figs.map((f) => f.at));
  const v: Pt = [cmd.at[0] - me[0], cmd.at[1] - me[1]];
  if (v[0] === 0 && v[1] === 0) return null;
  const before = gap(cmd, u);
  const mode = u.kind === 'weaponTeam' || noRush(u) ? 'move' : 'rush';
  const len = moveAllowance(s, u, mode);
  for (const k of [100, 75, 50, 25]) {
    const moves = figs.map((f) => ({ fig: f.id, path: [along(f.at, v, Math.floor((len * k) / 100))] }));
    const r = moveProblem(s, u, moves, { mode, allowance: len });
    if ('end' in r && gap(cmd, u, (f) => r.end.get(f.id) ?? f.at) < before) return mode === 'rush' ? { type: 'rush', moves } : { type: 'engage', moves, target: null, fireFirst: false };
  }
  return null;
}

/**
 * The order of a recalled element (§7.20 [P]): a Move or Rush whose nearest figure ends nearer the
 * commander than it started (it abandons its position: no assault, no standing still). Undefined
 * when the element is not recalled.
 */
export function recallProblem(s: S, u: Unit, a: Action): Violation | null | undefined {
  if (!recalled(s, u)) return undefined;
  const p = platoonOf(s, u);
  const cmd = p && commanderFigure(p.cmd);
  if (!cmd) return null;
  if ((a.type !== 'engage' && a.type !== 'rush') || !a.moves.length) return violation('order_distance', `${u.id} rolled a 1 beyond its Order Distance: it must Move or Rush back towards its commander (§7.20)`);
  const end = new Map(a.moves.map((m) => [m.fig, m.path[m.path.length - 1]]));
  if (gap(cmd, u, (f) => end.get(f.id) ?? f.at) >= gap(cmd, u)) return violation('order_distance', `${u.id} rolled a 1 beyond its Order Distance: its move must end nearer its commander (§7.20)`);
  return null;
}
