// Detection, a trait of §2.6 (checklist #73, source p.45): "Every time this unit is activated, all
// hidden markers within 12" must be removed or revealed." (§7.10 Detection.) With the Hidden
// movement module, once the unit's activation tests are over and before its order, every enemy
// hidden marker within 12" of one of its figures (edge of the base to the marker's point) is dealt
// with as a spotted marker is: its owner answers real (the unit is placed there and its other
// markers go) or dummy (the marker is removed); a unit's last marker is always real. [P] No line
// of sight is needed; the night rule's spotting test (§7.10 p.34) is for sight and does not apply;
// a hidden Detection unit detects nothing until it is revealed.
// At night (Hidden movement with Night fighting) the night dummies within 12" are found too and
// removed, as when spotted. [P] The owner answers nothing at night (its real-or-dummy decision,
// open only for a unit's marker, would tell the detecting side which markers are units'): every
// enemy marker within 12", a unit's or a dummy, is settled in id order by the night procedure
// (§7.10 p.34, rules/night-spotting.ts), the detecting unit taking the Quality test: a success
// reveals the unit there, a failure removes the marker as a dummy (a unit left with one marker is
// revealed at it), a dummy goes whatever the die, a unit's last marker is revealed with no test.
import { edgeDistance } from '../../../engine/mech/geom2d.js';
import { inPlay, living, type S, type Unit } from '../state.js';
import type { Run } from './run.js';
import { revealAt } from './hidden.js';
import { anonymousMarkers, nightMarkers } from './night-markers.js';
import { spotMarker } from './night-spotting.js';

export const DETECTION_RANGE = 1200;

/** The first enemy marker within 12" of the unit's figures, or null. */
function nextMarker(s: S, u: Unit): { unit: string; marker: number } | null {
  for (const e of s.units) {
    if (!e.hidden || e.side === null || e.side === u.side || !inPlay(e)) continue;
    for (const m of e.hidden.markers) if (living(u).some((f) => edgeDistance(f.at, f.r, m.at, 0) <= DETECTION_RANGE)) return { unit: e.id, marker: m.n };
  }
  return null;
}

/**
 * The Detection sweep of the active unit: each marker in range revealed (a last marker at once) or
 * put to its owner; true while a reveal decision is open (s.reveal, with s.detecting naming the unit,
 * whose order comes when the sweep is over).
 */
export function detect(s: S, run: Run, u: Unit): boolean {
  if (!s.options.hiddenMovement || u.hidden || !(u.traits as string[] | undefined)?.includes('detection')) return false;
  if (!s.detecting) run.emit('detection', { unit: u.id });
  if (nightMarkers(s)) {
    const near = () => anonymousMarkers(s, u.side === 0 ? 1 : 0).find((m) => living(u).some((f) => edgeDistance(f.at, f.r, m.at, 0) <= DETECTION_RANGE));
    for (let guard = 0, m = near(); m && guard < 60; guard++, m = near()) spotMarker(s, run, m.id, u.id, 'detected');
    return false;
  }
  for (let guard = 0; guard < 40; guard++) {
    const m = nextMarker(s, u);
    if (!m) break;
    const e = s.units.find((x) => x.id === m.unit)!;
    if (e.hidden!.markers.length > 1) {
      s.detecting = u.id;
      s.reveal = m;
      s.phase = 'reveal';
      s.step++;
      return true;
    }
    revealAt(s, run, e, m.marker, 'detected');
  }
  delete s.detecting;
  return false;
}
