// Holy (item), a trait of §2.6 (checklist #73, source p.47): "This trait can apply to weapons and
// armour. A Holy Weapon gains a +1 damage bonus. Holy Armour adds +2 to their Armour Rating. This
// bonus is negated by their Unholy counterpart (Holy Armour receives no bonus when targeted by an
// Unholy Weapon, etc)." [P] The trait makes the unit's weapons and armour Holy; a unit spec's
// `items` limits it to one of them. The bonuses are the damage and defender rolls against figures
// (§6.5); they are not armour ratings for the close-assault "better armour" comparison, like Tough.
// The Unholy counterpart is read here only as what negates Holy (the `unholy` trait id).
import type { Unit } from '../state.js';

const hasT = (u: Unit | null | undefined, t: string) => !!u && !!(u.traits as string[] | undefined)?.includes(t);
const item = (u: Unit | null | undefined, t: 'holy' | 'unholy', i: 'weapon' | 'armour') => hasT(u, t) && (!u!.items || u!.items.includes(i));

/** +1 to the attack roll of a Holy weapon, unless the target wears Unholy armour (§2.6, §6.5 step 2). */
export const holyDamage = (by: Unit | null | undefined, t: Unit) => (item(by, 'holy', 'weapon') && !item(t, 'unholy', 'armour') ? 1 : 0);

/** +2 to the defender roll of Holy armour, unless the weapon is Unholy (§2.6, §6.5 step 3); `by` unknown counts as not Unholy. */
export const holyArmour = (t: Unit, by: Unit | null | undefined) => (item(t, 'holy', 'armour') && !item(by, 'unholy', 'weapon') ? 2 : 0);
