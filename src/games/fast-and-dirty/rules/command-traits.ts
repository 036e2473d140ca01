// The command traits of §2.6 (checklist #73): HQ and Uplink.
// HQ (source p.47): "This trait may only be applied to a single figure. Once per turn, any one unit
// may re-roll a failed Command Response test." [P] Each HQ gives its own re-roll once per turn, to
// any unit of its side; the owner decides, in the Command Vehicle's `commandReroll` window (§2.5).
// "No leadership traits such as HQ may affect a unit that does not have communications" (§7.4):
// no re-roll for a unit without communications, nor [P] from an HQ without them (jammed by an
// Intruder). A force with a Command Vehicle may not have an HQ (§2.5; content.forceProblem).
// Uplink (p.50): "Provided the unit is in communications, this permits the unit to ignore command
// response as long as the unit has no untreated wounded. The unit may also ignore the target
// priority rules ... as long as there are no enemy within 10"." [P] Every Command Response test is
// skipped (Order Distance included); the 10" is edge to edge from any figure of the unit, measured
// where the firers stand when they fire.
import { edgeDistance } from '../../../engine/mech/geom2d.js';
import { inPlay, living, type S, type Unit } from '../state.js';
import { enemiesOf, type Positions } from '../legal.js';
import { noComms } from './command-response.js';
import { untreated } from './wounds.js';

const hasT = (u: Unit, t: string) => !!(u.traits as string[] | undefined)?.includes(t);

/** An HQ of the unit's side that may still give this turn's Command Response re-roll to it (§2.6, §7.4). */
export function hqOf(s: S, u: Unit): Unit | null {
  if (u.side === null || noComms(s, u)) return null;
  return s.units.find((h) => h.side === u.side && hasT(h, 'hq') && inPlay(h) && !h.reserve && !h.embarked && h.hqRerollTurn !== s.turn && !noComms(s, h)) ?? null;
}

/** Uplink (§2.6): the trait, in communications (§7.4), with no untreated wounded (§7.23). */
export const uplinked = (s: S, u: Unit) => hasT(u, 'uplink') && !noComms(s, u) && !untreated(u).length;

export const UPLINK_RANGE = 1000;

/** Uplink ignores fire priority while no enemy figure is within 10" of the unit (§2.6, §6.4 step 2). */
export function uplinkTargets(s: S, u: Unit, pos?: Positions): boolean {
  if (!uplinked(s, u)) return false;
  const figs = living(u).map((f) => ({ ...f, at: pos?.get(f.id) ?? f.at }));
  return !enemiesOf(s, u).some((e) => living(e).some((g) => figs.some((f) => edgeDistance(f.at, f.r, g.at, g.r) <= UPLINK_RANGE)));
}
