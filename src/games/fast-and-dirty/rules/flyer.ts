// Flyer, a trait of §2.6 (checklist #73, source p.46): "Units with this trait are considered airborne
// at all times. They may move over any obstacles, and never receive any benefit from terrain."
// Hooks: movement (an unlimited hover clearance for geometry.pathCost, like Aerial's: every linear
// obstacle, area and building is passed over at no cost [P]; the end point must still be outside
// impassable terrain, as for Aerial), line of sight (§3.2: an airborne observer or target ignores
// blocking and woods features, [P] for the trait; smoke, hulls and friendly infantry still block),
// cover (never any, fortifications included: rules/traits.noCover, so 3 FE per hit), and close
// assault (§6.10: airborne flyers cannot be assaulted; a Flyer never lands [P]).
import { violation, type Violation } from '../../../engine/types.js';
import type { Figure, S, Unit } from '../state.js';
import { aerialClearance } from './nlu.js';

export const flyer = (u: Unit) => !!(u.traits as string[] | undefined)?.includes('flyer');

/** How high a figure passes over terrain while moving: a Flyer over everything, an Aerial figure over its height (§2.6). */
export const clearance = (s: S, u: Unit, f: Figure) => (flyer(u) ? Infinity : aerialClearance(s, u, f));

/** An airborne Flyer cannot be close assaulted (§6.10, §2.6). */
export function flyerAssaultProblem(t: Unit): Violation | null {
  return flyer(t) ? violation('airborne', `${t.id} are Flyers, always airborne: they cannot be close assaulted (§2.6, §6.10)`) : null;
}
