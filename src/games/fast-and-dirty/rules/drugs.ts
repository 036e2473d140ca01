// Combat Drugs (one use), a trait of §2.6 (checklist #73, source p.45): "A unit equipped with this
// item may use it upon activation. They temporarily gain the Berserk, Fearless and Swift traits.
// They must charge into hand-to-hand combat with the nearest enemy unit. At the end of their
// activation roll 1d6 for each survivor. A result of 6 indicates the trooper is wounded by the
// powerful drugs." The owner's choice is part of the activation: `{type: 'activate', unit, drugs:
// true}`, before any test (so Fearless and Berserk count for them, §5.2). The three traits last
// for that activation; one the unit already has is not gained twice (§2.6 stacking) and stays.
// Berserk then works as its own rule (rules/berserk.ts): within Move + 4" (12" with Swift) of an
// enemy it skips its tests and must charge the nearest enemy unit at +2; beyond that no charge is
// possible and it orders freely [P]. At the end of the activation each living figure rolls 1D6: a 6
// wounds it (module Recover Wounded), or kills it without that module (a wound is a casualty there,
// as everywhere in this build [P]). Not with a Last Stand, which never moves [P].
import { violation, type Violation } from '../../../engine/types.js';
import { living, type S, type Unit } from '../state.js';
import type { Run } from './run.js';
import { applyHurt } from './wounds.js';
import { afterCasualties, lastFigureRule } from './combat.js';

export const DRUG_TRAITS = ['berserk', 'fearless', 'swift'] as const;

const hasT = (u: Unit, t: string) => !!(u.traits as string[] | undefined)?.includes(t);

/** The unit may use its Combat Drugs at this activation. */
export const drugsReady = (u: Unit) => hasT(u, 'combatDrugs') && !u.drugsUsed && !u.lastStand && !u.reserve && u.kind !== 'vehicle';

/** Why the unit may not take its Combat Drugs as it activates, or null. */
export function drugsProblem(u: Unit, lastStand: boolean): Violation | null {
  if (!hasT(u, 'combatDrugs')) return violation('no_drugs', `${u.id} carries no Combat Drugs (§2.6)`);
  if (u.drugsUsed) return violation('drugs_used', `${u.id} has used its Combat Drugs: one use (§2.6)`);
  if (lastStand || u.lastStand) return violation('drugs_last_stand', 'a Last Stand never moves; Combat Drugs must charge (§2.6, §7.13 [P])');
  if (u.reserve) return violation('in_reserve', `${u.id} is held in reserve: its activation is the drop (§7.6)`);
  return null;
}

/** The drugs taken: Berserk, Fearless and Swift for this activation (those it lacks). */
export function takeDrugs(s: S, run: Run, u: Unit): void {
  const own = (u.traits as string[] | undefined) ?? [];
  const added = DRUG_TRAITS.filter((t) => !own.includes(t));
  u.traits = [...own, ...added] as Unit['traits'];
  u.drugsUsed = true;
  u.drugged = { turn: s.turn, added };
  run.emit('combat_drugs', { unit: u.id, gained: added });
}

/** The end of the drugged activation: the traits wear off, each survivor is wounded on a 6. */
export function drugsEnd(s: S, run: Run, u: Unit): void {
  const d = u.drugged;
  if (!d) return;
  delete u.drugged;
  u.traits = ((u.traits as string[] | undefined) ?? []).filter((t) => !d.added.includes(t as never)) as Unit['traits'];
  if (!u.traits?.length) delete u.traits;
  const figs = living(u);
  if (!figs.length) return;
  const faces = run.roll('combat_drugs', figs.length, { unit: u.id });
  const hurt = figs.filter((_, i) => faces[i] === 6);
  const down = hurt.filter((f) => applyHurt(s, run, u, f, 'wounded'));
  run.emit('combat_drugs_wounds', { unit: u.id, figures: hurt.map((f) => f.id) });
  if (!down.length) return;
  lastFigureRule(u, down);
  afterCasualties(s, run, u);
}
