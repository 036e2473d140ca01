// Infiltration (trait, §2.6; after deployment, §4.2; checklist #92): before minefields and the first
// initiative roll, each Infiltration unit on the table makes one free Rush. [P] The sides alternate,
// one unit at a time, side 1 first (the spec's "the side that deployed second": deployment is
// simultaneous here); a side that passes gives up its remaining infiltration moves. Its coherency is
// that of one Quality level higher (geometry.ts).
import { violation, type OpenDecision, type Violation } from '../../../engine/types.js';
import { coherencyProblem, moveProblem } from '../legal.js';
import { living, type Action, type S, type Side } from '../state.js';
import type { Run } from './run.js';
import { has } from './traits.js';

export type InfiltrateAction = Extract<Action, { type: 'infiltrate' }>;

const left = (s: S, side: Side) => (s.infiltrators ?? []).filter((id) => s.units.find((u) => u.id === id)!.side === side);

/** Enter the infiltration phase when some unit may infiltrate; false otherwise. */
export function startInfiltration(s: S): boolean {
  const ids = s.units.filter((u) => u.side !== null && has(u, 'infiltrate') && !u.reserve && !u.embarked && !u.hidden && !u.out && living(u).length).map((u) => u.id);
  if (!ids.length) return false;
  s.infiltrators = ids;
  s.phase = 'infiltrate';
  s.toAct = left(s, 1).length ? 1 : 0;
  s.step++;
  return true;
}

export function infiltrateDecisions(s: S, ctx: string[]): OpenDecision[] {
  return [{ key: `infiltrate:${s.step}`, seat: s.toAct, kind: 'infiltrate', blocking: true, timing: 'setup', context: ctx, exposes: { units: left(s, s.toAct) } }];
}

export function infiltrateProblem(s: S, side: Side, a: InfiltrateAction): Violation | null {
  if (a.unit === null) return null;
  if (!left(s, side).includes(a.unit)) return violation('not_an_infiltrator', `${a.unit} is not an Infiltration unit of yours still to move: ${left(s, side).join(', ') || 'none'} (§4.2)`);
  const u = s.units.find((x) => x.id === a.unit)!;
  const r = moveProblem(s, u, a.moves, { mode: 'rush' });
  if ('code' in r) return r;
  return coherencyProblem(u, r.end);
}

/** The move (or the pass); then the other side, or minefields and initiative when none is left (returns false then). */
export function applyInfiltrate(s: S, run: Run, side: Side, a: InfiltrateAction): boolean {
  if (a.unit === null) {
    s.infiltrators = left(s, side === 0 ? 1 : 0);
    run.emit('infiltration_passed', { side });
  } else {
    const u = s.units.find((x) => x.id === a.unit)!;
    const r = moveProblem(s, u, a.moves, { mode: 'rush' });
    if ('end' in r) for (const f of living(u)) { const p = r.end.get(f.id); if (p) f.at = [p[0], p[1]]; }
    s.infiltrators = (s.infiltrators ?? []).filter((id) => id !== u.id);
    run.emit('infiltrated', { unit: u.id, moves: a.moves.length });
  }
  const other: Side = side === 0 ? 1 : 0;
  if (left(s, other).length) s.toAct = other;
  else if (left(s, side).length) s.toAct = side;
  else { delete s.infiltrators; return false; }
  s.step++;
  return true;
}
