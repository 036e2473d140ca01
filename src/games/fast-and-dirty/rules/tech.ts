// The technology traits of §2.6 (checklist #73): Primitive and Tech Reverence.
// Primitive (source p.48-49): "The first time a unit is attacked by a weapon outside their
// technological level, the unit must pass a Quality test or be pinned. Additionally, primitive units
// may only roll 1D6 for Fire Effect when firing at a technologically advanced unit. On the upside,
// they are immune to Intruders and similar forms of hacking." Technologically advanced: the sides
// the scenario setting `techAdvanced` names (§4.1); without it, [P] every unit that is not itself
// Primitive (off-board artillery too). [P] "Attacked by a weapon": fire, blasts (indirect fire too)
// and aimed shots, not close assault nor the defensive free shot (which places no Pinned marker,
// §6.10); the test (1D6 against the Quality target) follows the attack. Only the first such
// attack tests, whatever the result.
// Tech Reverence (p.50): "Such troopers receive the Fearless and Brave traits when within 12" of a
// vehicle. However, when a vehicle is destroyed, all units within 12" must test morale on their
// next activation, even if not broken." [P] Own-side vehicles only (§2.6); a vehicle counts while
// not knocked out or abandoned; "destroyed" is knocked out (a Vehicle Kill, a Fragile penetration,
// a Cybertank shut down), not abandoned; 12" from any figure to the hull. Brave and Fearless gained
// this way do not stack with the unit's own (§2.6 stacking).
import { circlePolygonDistance } from '../../../engine/mech/geom2d.js';
import { QUALITY_TABLE, inPlay, living, type S, type Side, type Unit } from '../state.js';
import type { Run } from './run.js';
import { ignoresPinned } from './traits.js';
import { hull, isVehicle } from './vehicles.js';
import { luckyMay, pauseForLucky } from './lucky.js';

const hasT = (u: Unit | null | undefined, t: string) => !!u && !!(u.traits as string[] | undefined)?.includes(t);
export const primitive = (u: Unit) => hasT(u, 'primitive');

/** Technologically advanced against Primitive units (§2.6, §4.1): `by` the unit (null: off-board artillery) of `side`. */
export function techAdvanced(s: S, by: Unit | null, side: Side | null): boolean {
  if (hasT(by, 'primitive')) return false;
  const o = s.options.techAdvanced as Record<string, boolean> | undefined;
  return o ? side !== null && !!o[side] : true;
}

/** Primitive firing at a technologically advanced unit rolls 1D6 for Fire Effect (§2.6, §6.4 step 4). */
export const primitiveFe = (s: S, u: Unit, t: Unit) => primitive(u) && techAdvanced(s, t, t.side);

/** Primitive units are immune to Intruders (§2.6, §2.7). */
export const hackProof = (t: Unit) => primitive(t);

/** Future shock (§2.6): the first attack on a Primitive unit by an advanced weapon, a Quality test on 1D6 or Pinned. */
export function futureShock(s: S, run: Run, t: Unit, by: Unit | null, side: Side | null, lucky = false): boolean {
  if (!primitive(t) || t.futureShocked || !inPlay(t) || !living(t).length || !techAdvanced(s, by, side)) return false;
  t.futureShocked = true;
  const target = QUALITY_TABLE[t.quality].target;
  const [die] = run.roll('future_shock', 1, { unit: t.id, target });
  // Personality Lucky (§2.7): the target's own failed test may be re-rolled by its owner (`lucky`: the attack's step resumes).
  if (die < target && by && luckyMay(s, t, lucky)) return pauseForLucky(s, run, t, 'futureShock', [die], { roll: 'tail', tail: { shooter: by.id, target: t.id, step: 'futureShock' } }, {}, target);
  futureShockResult(run, t, by, die);
  return false;
}

/** The future shock test's die decides (§2.6): a failure pins the unit. */
export function futureShockResult(run: Run, t: Unit, by: Unit | null, die: number): void {
  const target = QUALITY_TABLE[t.quality].target;
  const pinned = die < target && !ignoresPinned(t);
  run.emit('future_shock', { unit: t.id, by: by?.id ?? null, die, target, passed: die >= target });
  if (!pinned || t.pinned) return;
  t.pinned = true;
  t.underFire = false;
  run.emit('pinned', { unit: t.id, futureShock: true });
}

export const REVERENCE_RANGE = 1200;

const icon = (v: Unit) => isVehicle(v) && inPlay(v) && v.vehicle!.status !== 'knockedOut' && v.vehicle!.status !== 'abandoned';

/** Tech Reverence within 12" of a friendly vehicle: Brave and Fearless (§2.6). */
export function revering(s: S, u: Unit): boolean {
  if (!hasT(u, 'techReverence') || u.side === null) return false;
  return s.units.some((v) => v.side === u.side && icon(v) && living(u).some((f) => circlePolygonDistance(f.at, f.r, hull(v)) <= REVERENCE_RANGE));
}

/** A vehicle destroyed: its side's Tech Reverence units within 12" test morale at their next activation (§2.6). */
export function iconDestroyed(s: S, run: Run, v: Unit): void {
  const poly = hull(v);
  for (const u of s.units) {
    if (u.side !== v.side || !hasT(u, 'techReverence') || isVehicle(u) || !inPlay(u)) continue;
    if (!living(u).some((f) => circlePolygonDistance(f.at, f.r, poly) <= REVERENCE_RANGE)) continue;
    u.reverenceTest = true;
    run.emit('reverence_shaken', { unit: u.id, vehicle: v.id });
  }
}
