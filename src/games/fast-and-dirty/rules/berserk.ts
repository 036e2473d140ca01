// Berserk (§2.6, checklist #113 Not Like Us, #73): a unit that activates within close-assault range
// of an enemy ([P] Move + 4": 10", with Swift / Slow and gravity) automatically passes its Resolve
// check and activation tests, ignores Under Fire and Pinned, must charge the nearest enemy unit and
// gets +2 in that assault. [P] "Must charge" binds when a charge on that unit is among the order's
// candidates (the sampled legal charges); when none is found the unit orders freely.
import { violation, type Violation } from '../../../engine/types.js';
import { edgeDistance } from '../../../engine/mech/geom2d.js';
import { living, type Action, type S, type Unit } from '../state.js';
import { enemiesOf } from '../legal.js';
import { traitMove } from './traits.js';
import { gravityMove } from './environment.js';
import type { Run } from './run.js';

const berserk = (u: Unit) => !!(u.traits as string[] | undefined)?.includes('berserk');

/** The nearest enemy unit (figure edge to edge) and its distance. */
function nearest(s: S, u: Unit): { id: string; d: number } | null {
  let best: { id: string; d: number } | null = null;
  for (const e of enemiesOf(s, u)) for (const ef of living(e)) for (const f of living(u)) {
    const d = edgeDistance(f.at, f.r, ef.at, ef.r);
    if (!best || d < best.d) best = { id: e.id, d };
  }
  return best;
}

/** At activation: whether the Berserk fury takes the unit (then it skips its tests). */
export function berserkStart(s: S, run: Run, u: Unit): boolean {
  if (!berserk(u) || u.kind === 'vehicle') return false;
  const n = nearest(s, u);
  if (!n || n.d > 1000 + traitMove(u) + gravityMove(s)) return false;
  u.berserkNow = s.turn;
  u.underFire = false;
  u.pinned = false;
  run.emit('berserk', { unit: u.id, target: n.id });
  return true;
}

const berserking = (s: S, u: Unit) => u.berserkNow === s.turn && s.active === u.id;
const chargesNearest = (s: S, u: Unit, acts: Action[]) => {
  const n = nearest(s, u);
  return n ? acts.filter((a) => a.type === 'assault' && a.target === n.id) : [];
};

/** A berserk unit's order must be a charge on the nearest enemy unit, when one is possible. */
export function berserkProblem(s: S, u: Unit, a: Action, candidates: () => Action[]): Violation | null {
  if (!berserking(s, u)) return null;
  const n = nearest(s, u);
  if (!n || (a.type === 'assault' && a.target === n.id)) return null;
  if (!chargesNearest(s, u, candidates()).length) return null;
  return violation('berserk', `${u.id} is Berserk: it must charge the nearest enemy unit, ${n.id} (§2.6)`, { target: n.id });
}

/** The order candidates of a berserk unit: only its charges on the nearest enemy, when any. */
export function berserkCandidates(s: S, u: Unit, out: Action[]): Action[] {
  if (!berserking(s, u)) return out;
  const c = chargesNearest(s, u, out);
  return c.length ? c : out;
}

/** +2 to the berserk unit's charge (§2.6). */
export const berserkCharge = (s: S, u: Unit) => (u.berserkNow === s.turn ? 2 : 0);
