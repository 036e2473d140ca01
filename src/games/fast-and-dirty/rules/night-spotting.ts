// Night changes to spotting hidden markers (§7.10, §7.16 p.34, checklist #46): the spotter picks the
// marker ([P] the first marker spotted, as by day) and takes a Quality test on 1D6: on a success the
// unit is revealed at that marker (its owner does not choose), on a failure that marker is removed as
// a dummy, and a unit left with one marker is revealed at it. Not used when one marker is left.
import { QUALITY_TABLE, inPlay, type S, type Unit } from '../state.js';
import { dropMarker, revealAt, spotted } from './hidden.js';
import type { Run } from './run.js';

/** The night procedure for a spotted marker of a unit with two or more markers. */
export function nightSpot(s: S, run: Run, u: Unit, marker: number): void {
  const at = u.hidden!.markers.find((m) => m.n === marker)!.at;
  // [P] The spotter is the first enemy unit (in unit order) that sees the marker.
  const spotter = s.units.find((e) => e.side !== null && e.side !== u.side && inPlay(e) && spotted(s, u.side as 0 | 1, at, e))!;
  const [d] = run.roll('night_spotting', 1, { unit: spotter.id, target: u.id, marker });
  const ok = d >= QUALITY_TABLE[spotter.quality].target;
  run.emit('night_spotting', { unit: spotter.id, target: u.id, marker, success: ok });
  if (ok) { revealAt(s, run, u, marker, 'spotted'); return; }
  dropMarker(u, run, marker);
  if (u.hidden!.markers.length === 1) revealAt(s, run, u, u.hidden!.markers[0].n, 'spotted');
}
