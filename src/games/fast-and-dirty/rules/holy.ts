// Holy and Unholy (items), two traits of §2.6 (checklist #73, source pp.47 and 50): "This trait can
// apply to weapons and armour. A Holy Weapon gains a +1 damage bonus. Holy Armour adds +2 to their
// Armour Rating. This bonus is negated by their Unholy counterpart (Holy Armour receives no bonus
// when targeted by an Unholy Weapon, etc)", and Unholy the mirror. [P] The trait makes the unit's
// weapons and armour Holy (Unholy); a unit spec's `items` limits it to one of them. The bonuses are
// the damage and defender rolls against figures (§6.5); they are not armour ratings for the
// close-assault "better armour" comparison, like Tough. A unit may not be both (content.ts).
import type { Unit } from '../state.js';

type Sanctity = 'holy' | 'unholy';
const COUNTER: Record<Sanctity, Sanctity> = { holy: 'unholy', unholy: 'holy' };

const hasT = (u: Unit | null | undefined, t: string) => !!u && !!(u.traits as string[] | undefined)?.includes(t);
const item = (u: Unit | null | undefined, t: Sanctity, i: 'weapon' | 'armour') => hasT(u, t) && (!u!.items || u!.items.includes(i));

/** +1 to the attack roll of a Holy (Unholy) weapon, unless the target wears the counterpart armour (§6.5 step 2). */
const damage = (t: Sanctity) => (by: Unit | null | undefined, target: Unit) => (item(by, t, 'weapon') && !item(target, COUNTER[t], 'armour') ? 1 : 0);
/** +2 to the defender roll of Holy (Unholy) armour, unless the weapon is the counterpart (§6.5 step 3); `by` unknown counts as neither. */
const armour = (t: Sanctity) => (target: Unit, by: Unit | null | undefined) => (item(target, t, 'armour') && !item(by, COUNTER[t], 'weapon') ? 2 : 0);

export const holyDamage = damage('holy');
export const unholyDamage = damage('unholy');
export const holyArmour = armour('holy');
export const unholyArmour = armour('unholy');

/** Both items' damage bonus of `by`'s weapon against `target` (at most one applies: a unit is not both). */
export const itemDamage = (by: Unit | null | undefined, target: Unit) => holyDamage(by, target) + unholyDamage(by, target);
/** Both items' armour bonus of `target` against `by`'s weapon. */
export const itemArmour = (target: Unit, by: Unit | null | undefined) => holyArmour(target, by) + unholyArmour(target, by);
