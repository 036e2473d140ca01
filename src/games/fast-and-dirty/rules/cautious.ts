// Cautious, a trait of §2.6 (checklist #73, source p.45): "The unit must test Quality to leave cover
// if it is currently Under Fire." [P] readings: the test is 1D6 against the Quality target (§2.6),
// rolled at activation (after Command Response, like Hesitant) when the unit is Under Fire and in
// cover (§3.2: the majority of its figures have position cover); it is not taken by a unit falling
// back (its move away is compulsory). On a failure, no move of that activation (Move, Rush, jump or
// charge) may end with the unit out of cover; it may still shoot, move within cover or stay. On a
// success, or with no test, it moves freely. A unit that does not mean to leave loses nothing by
// knowing the result before it orders.
import { violation, type Violation } from '../../../engine/types.js';
import { unitInCover } from '../geometry.js';
import { QUALITY_TABLE, type Action, type S, type Unit } from '../state.js';
import type { Run } from './run.js';
import { openLucky } from './lucky.js';

const cautious = (u: Unit) => !!(u.traits as string[] | undefined)?.includes('cautious');

/** At activation: Under Fire and in cover, the Quality test on 1D6; a failure keeps it in cover this activation. */
export function cautiousTrait(s: S, run: Run, u: Unit): boolean {
  if (!cautious(u) || !u.underFire || u.fallingBack || !unitInCover(s, u)) return false;
  const die = run.roll('cautious', 1, { unit: u.id })[0];
  const passed = die >= QUALITY_TABLE[u.quality].target;
  if (!passed) u.cautiousFailed = true;
  run.emit('cautious_test', { unit: u.id, die, passed });
  // A failure opens the Lucky window (§2.7): true while it is open.
  return !passed && openLucky(run, u, 'cautious', die, QUALITY_TABLE[u.quality].target);
}

/** A unit that failed its Cautious test: its move must end with the unit still in cover. */
export function cautiousProblem(s: S, u: Unit, a: Action): Violation | null {
  if (!u.cautiousFailed || (a.type !== 'engage' && a.type !== 'rush' && a.type !== 'assault') || !a.moves.length) return null;
  const end = new Map(a.moves.map((m) => [m.fig, m.path[m.path.length - 1]]));
  const moved = { ...u, figures: u.figures.map((f) => ({ ...f, at: end.get(f.id) ?? f.at })) };
  return unitInCover(s, moved) ? null : violation('cautious', `${u.id} is Cautious and failed its test: it may not leave cover this activation (§2.6)`);
}
