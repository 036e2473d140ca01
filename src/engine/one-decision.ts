// For games with one decision open at a time and no sealed groups (Agents of Mayhem, Fast and
// Dirty): the checks every `apply` starts with, once. Resignations are the game's own.
import { violation, type Entry, type OpenDecision, type Seat, type Violation } from './types.js';

/** The open decision an answer or default entry resolves, its action validated; else why not. */
export function answeredDecision<S, A>(
  s: S,
  e: Exclude<Entry<A>, { kind: 'resign' }>,
  pending: (s: S) => OpenDecision[],
  validate: (s: S, seat: Seat, d: OpenDecision, a: A) => Violation | null,
): { d: OpenDecision; action: A } | Violation {
  if (e.kind === 'sealed') return violation('no_sealed_groups', 'this game has no sealed decisions');
  const decs = pending(s);
  if (decs.length !== 1) return violation('decision_not_open', 'no open decision for this entry');
  const d = decs[0];
  if (e.kind === 'answer' && e.seat !== d.seat) return violation('not_your_decision', `decision belongs to seat ${d.seat}`);
  return validate(s, d.seat, d, e.action) ?? { d, action: e.action };
}
