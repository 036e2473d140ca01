// The order field `hero` of a Hero's Engage (§2.6, checklist #73): "Heroes always Shoot
// individually, even when attached to another unit. When firing at close range, they may choose
// the target figure." The shooting itself is in rules/combat.ts (shoot, squadFire).
import { violation, type Violation } from '../../../engine/types.js';
import { living, type Action, type S, type Unit } from '../state.js';
import { firePlan, fireProblem, priorityTargets, type Positions } from '../legal.js';
import { attachedHero, heroAims, heroUnit, isHero } from './natures.js';

type Engage = Extract<Action, { type: 'engage' }>;

/**
 * Why the order's `hero` field is not legal, or null (§2.6): the unit is a Hero or has one attached;
 * `target` (an attached Hero only) is the Hero's own target, by his own fire priority; `fig` is the
 * figure of the Hero's target (his `target`, else the order's) that his shot hits first, which needs
 * the Hero's shot at base or close range and the figure in his sight.
 */
export function heroProblem(s: S, u: Unit, a: Engage, pos?: Positions): Violation | null {
  const h = attachedHero(s, u);
  if (!h && !isHero(u)) return violation('no_hero', `${u.id} is no Hero and has none attached (§2.6)`);
  const x = a.hero!;
  if (typeof x !== 'object' || x === null) return violation('malformed_action', 'hero is {target?, fig?}');
  if (a.blast || a.aimed || a.smoke || a.indirect || a.bunker || a.sentry) return violation('two_targets', 'a Hero fires at a unit: not with a blast shot, an aimed shot, smoke, mortar fire, a bunker or a sentry gun (§2.6 [P])');
  const firer = h ? heroUnit(u, h, pos) : u;
  if (x.target !== undefined) {
    if (!h) return violation('not_attached', `${u.id} is a Hero on its own: its target is the order's target (§2.6)`);
    const p = fireProblem(s, firer, x.target, pos);
    if (p) return p;
  }
  if (x.fig === undefined) return null;
  const target = x.target ?? a.target;
  const t = target ? s.units.find((v) => v.id === target) : undefined;
  if (!t) return violation('no_target', 'the Hero picks a figure of the unit he fires at: give a target (§2.6)');
  const plan = firePlan(s, firer, t, pos);
  if (!plan) return violation('no_line_of_fire', `the Hero sees no figure of ${t.id} within range (§6.4)`);
  if (!heroAims(plan.band)) return violation('not_close_range', `the Hero picks the figure hit only at close range; ${t.id} is at ${plan.band} range (§2.6)`);
  if (!plan.visible.some((f) => f.id === x.fig)) return violation('not_visible', `${x.fig} is not a figure of ${t.id} the Hero sees (§2.6)`);
  return null;
}

/** The attached Hero's own targets for the `hero` optional field: each unit his fire priority allows. */
export function heroTargets(s: S, u: Unit): { target: string }[] {
  const h = attachedHero(s, u);
  return h && living(u).length ? priorityTargets(s, heroUnit(u, h)).map((p) => ({ target: p.unit.id })) : [];
}
