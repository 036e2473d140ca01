// The hardiness traits of §2.6 (checklist #73): Resilient, Ignore Pain and Infect.
// Resilient (source p.49): "Each model that is Resilient must be given a number of Resilience Points.
// Whenever a wound result is inflicted on the model, one RP is removed. Whenever a kill result is
// inflicted on the model, 2 RP are removed. When reduced to 0, the model is considered to be wounded.
// When reduced below 0, the model is considered to be killed. RP may never be regained." [P] Each hit
// is resolved normally (its `damage` event), then converted (`resilience`): above 0 RP no effect; at
// 0 the wound result (a kill without the Recover Wounded module, whose wounds need it); below 0
// killed. Every kill result counts: damage rolls (fire, blasts, aimed shots, mines, drops, bunkers,
// psionic Harm), close-assault and Shock-vehicle kill dice, anti-aircraft kills. An overrun wipes
// the unit out whatever its RP. Close-assault kills on a Resilient unit are spread one per figure,
// closest first (the owner's removal, automatic [P]).
// Ignore Pain (p.47): "The model may continue to move and fight if wounded. Each activation, roll a
// die for every wounded model. Each 1 indicates the model is removed as a casualty." [P] Needs the
// Recover Wounded module (wounds exist only there): a wound result leaves the figure in action
// (`painWound`; not a casualty, not an untreated wounded figure to recover or carry); another wound
// or kill result kills it; the roll is made per such figure at each activation after the
// activation tests (§5.2 item 2.7), a 1 killing it.
// Infect (p.47): "When a figure is killed in Close Assault by a unit with this trait, there is a
// chance the victim may become infected. Roll 1d6. If the result is 5+ the figure is infected. The
// nature of the infection will be specified by the scenario." The roll and the mark (`infected`) are
// made for every figure the unit kills in close assault (an overrun too); no built-in scenario gives
// an infection an effect.
import { living, type Figure, type S, type Unit } from '../state.js';
import type { Run } from './run.js';
import { afterCasualties, lastFigureRule } from './combat.js';

const hasT = (u: Unit, t: string) => !!(u.traits as string[] | undefined)?.includes(t);

export const resilient = (u: Unit) => hasT(u, 'resilient');

/**
 * Resilient (§2.6, §6.5 step 7): a wound or kill result converted into the loss of 1 or 2 RP, and
 * the result it then has: null above 0 RP, 'wounded' at 0, 'killed' below. Others unchanged.
 */
export function resilientResult(run: Run, t: Unit, f: Figure, result: 'killed' | 'wounded'): 'killed' | 'wounded' | null {
  if (!resilient(t) || f.resiliencePoints === undefined || (!f.alive && !f.wounded)) return result;
  const lost = result === 'killed' ? 2 : 1;
  f.resiliencePoints -= lost;
  const left = f.resiliencePoints;
  const now = left > 0 ? null : left === 0 ? 'wounded' : 'killed';
  run.emit('resilience', { unit: t.id, figure: f.id, result, lost, left, ...(now ? { now } : {}) });
  return now;
}

/** Ignore Pain (§2.6): a wounded figure of the unit fights on. */
export const ignoresPain = (u: Unit) => hasT(u, 'ignorePain');

/** Ignore Pain's roll at activation: 1D6 per wounded figure still fighting, a 1 removes it as a casualty (§2.6). */
export function ignorePainRolls(s: S, run: Run, u: Unit): void {
  const hurt = living(u).filter((f) => f.painWound);
  if (!hurt.length) return;
  const removed: Figure[] = [];
  for (const f of hurt) {
    const [d] = run.roll('ignore_pain', 1, { unit: u.id, figure: f.id });
    const out = d === 1;
    run.emit('ignore_pain', { unit: u.id, figure: f.id, roll: d, removed: out });
    if (!out) continue;
    f.alive = false;
    delete f.painWound;
    removed.push(f);
  }
  if (!removed.length) return;
  lastFigureRule(u, removed);
  afterCasualties(s, run, u);
}

/** Infect (§2.6): each figure of `victim` killed in close assault by `by`, infected on 5+. */
export function infect(run: Run, by: Unit, victim: Unit, killed: Figure[]): void {
  if (!hasT(by, 'infect')) return;
  for (const f of killed) {
    const [d] = run.roll('infect', 1, { unit: by.id, figure: f.id });
    if (d >= 5) f.infected = true;
    run.emit('infect', { unit: by.id, victim: victim.id, figure: f.id, roll: d, infected: d >= 5 });
  }
}

/** The figures of a unit down from close assault since `before` (their ids alive then): killed, not lying wounded. */
export const killedSince = (u: Unit, before: Set<string>) => u.figures.filter((f) => before.has(f.id) && !f.alive && !f.wounded);
