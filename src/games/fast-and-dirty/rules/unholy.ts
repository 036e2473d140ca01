// Unholy (item), a trait of §2.6 (checklist #73, source p.50): "This trait can apply to weapons and
// armour. An Unholy Weapon gains a +1 damage bonus. Unholy Armour adds +2 to their Armour Rating.
// This bonus is negated by their Holy counterpart (an Unholy Weapon would not receive the damage
// bonus when targeting Holy Armour, etc)." The mirror of Holy (rules/holy.ts, built alongside):
// [P] the trait makes the unit's weapons and armour Unholy; a unit spec's `items` limits it to one of
// them. The bonuses are the damage and defender rolls against figures (§6.5), not armour ratings for
// the close-assault "better armour" comparison, like Tough; a unit may not be both Holy and Unholy.
// The Holy counterpart is read here only as what negates Unholy (the `holy` trait id).
import type { Unit } from '../state.js';

const hasT = (u: Unit | null | undefined, t: string) => !!u && !!(u.traits as string[] | undefined)?.includes(t);
const item = (u: Unit | null | undefined, t: 'holy' | 'unholy', i: 'weapon' | 'armour') => hasT(u, t) && (!u!.items || u!.items.includes(i));

/** +1 to the attack roll of an Unholy weapon, unless the target wears Holy armour (§2.6, §6.5 step 2). */
export const unholyDamage = (by: Unit | null | undefined, t: Unit) => (item(by, 'unholy', 'weapon') && !item(t, 'holy', 'armour') ? 1 : 0);

/** +2 to the defender roll of Unholy armour, unless the weapon is Holy (§2.6, §6.5 step 3); `by` unknown counts as not Holy. */
export const unholyArmour = (t: Unit, by: Unit | null | undefined) => (item(t, 'unholy', 'armour') && !item(by, 'holy', 'weapon') ? 2 : 0);
