// Bestow Trait, a trait of §2.6 (checklist #73, source p.45): "If a character with this trait joins
// another unit, he may bestow a specified trait upon them, as long as he remains part of that unit."
// The specified trait is the character's `bestow` (scenario or force data). [P] "May" is read as
// always: a player who does not want the trait does not attach the character. The squad has the
// trait from the start of the order in which he joins (§2.8: characters attach at the start of an
// order) until he detaches, dies or leaves with a routed host. Stacking (§2.6 [P]): a trait the
// squad already has is not gained twice, and it keeps it when the character leaves. Single-figure
// traits (Hero, Villain, Legend, HQ), Resilient (it needs each figure's Resilience Points), Bestow
// Trait itself and the one-use item Combat Drugs cannot be bestowed [P].
import { violation, type Violation } from '../../../engine/types.js';
import type { Content, UnitSpec } from '../content.js';
import type { Unit } from '../state.js';
import type { Run } from './run.js';

export const NOT_BESTOWABLE = ['bestowTrait', 'hero', 'villain', 'legend', 'hq', 'resilient', 'combatDrugs'];

/** A Bestow Trait character names one built, bestowable trait; no one else names any (§2.6). */
export function bestowProblem(c: Content, u: UnitSpec): Violation | null {
  const has = !!u.traits?.includes('bestowTrait');
  if (u.bestow === undefined) return has ? violation('bestow_unspecified', `${u.name}: Bestow Trait needs the trait it bestows (bestow) (§2.6)`) : null;
  if (!has) return violation('bestow_without_trait', `${u.name}: only a character with Bestow Trait bestows a trait (§2.6)`);
  if (u.kind !== 'character') return violation('bestow_not_character', `${u.name}: Bestow Trait is a character's trait (§2.6)`);
  const d = c.traits[u.bestow];
  if (!d) return violation('unknown_trait', `${u.name}: unknown trait ${u.bestow} to bestow (§2.6)`);
  if (!d.built) return violation('trait_not_built', `${u.name}: the trait ${d.name} is not built yet`);
  if (NOT_BESTOWABLE.includes(u.bestow)) return violation('not_bestowable', `${u.name}: ${d.name} cannot be bestowed on a squad (§2.6 [P])`);
  return null;
}

type Flag = 'elusive' | 'nightVision';
const FLAGS: Flag[] = ['elusive', 'nightVision'];

/** The character joins `host`: the squad gains his bestowed trait unless it already has it (§2.6). */
export function bestowOnAttach(run: Run, host: Unit, c: Unit): void {
  const t = c.bestow;
  if (!t || !(c.traits as string[] | undefined)?.includes('bestowTrait')) return;
  const own = (host.traits as string[] | undefined) ?? [];
  if (own.includes(t)) { run.emit('trait_not_bestowed', { character: c.id, unit: host.id, trait: t, reason: 'already has it' }); return; }
  host.traits = [...own, t] as Unit['traits'];
  const flag = FLAGS.find((f) => f === t && !host[f]);
  if (flag) host[flag] = true;
  host.bestowed = { trait: t, ...(flag ? { flag } : {}) };
  run.emit('trait_bestowed', { character: c.id, unit: host.id, trait: t });
}

/** The character leaves (detached, killed or with a routed host): the bestowed trait goes with him (§2.6). */
export function bestowOnDetach(run: Run, host: Unit, c: Unit): void {
  const b = host.bestowed;
  if (!b) return;
  host.traits = ((host.traits as string[] | undefined) ?? []).filter((x) => x !== b.trait) as Unit['traits'];
  if (!host.traits?.length) delete host.traits;
  if (b.flag) delete host[b.flag];
  delete host.bestowed;
  run.emit('trait_withdrawn', { character: c.id, unit: host.id, trait: b.trait });
}
