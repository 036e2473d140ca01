// Building collapse (§3.2 item 3, S p.13, checklist #91): "if a building collapses, the troops inside
// are treated as passengers of a destroyed transport". [P] The trigger is a demolition result: a
// building (a feature with openings) that is the demolition target collapses when it is destroyed
// (charges with 2+ successes, or a badly damaged target's end-of-turn 4+). Every figure standing
// inside rolls as a passenger of a transport destroyed by fire (4+ killed, powered armour 5+; with
// the wound rules 3-4 wounded, 5-6 killed, powered armour 5 / 6); the survivors stay where they
// stand, in the rubble [P]; then the usual casualty checks.
import { inside } from '../../../engine/mech/geom2d.js';
import { inPlay, living, type Feature, type S } from '../state.js';
import { afterCasualties } from './combat.js';
import { isBuilding, roomOf } from './buildings.js';
import type { Run } from './run.js';
import { passengerSurvival } from './transport.js';

/** Called when `b` has just been destroyed: a building collapses on the troops inside. */
export function collapseIfBuilding(s: S, run: Run, b: Feature): void {
  if (!isBuilding(b)) return;
  const caught = s.units.filter((u) => inPlay(u) && !u.hidden && !u.embarked && living(u).some((f) => inside(f.at, b.points)));
  run.emit('building_collapsed', { building: b.id, units: caught.map((u) => u.id) });
  for (const u of caught) {
    for (const f of living(u).filter((x) => inside(x.at, b.points))) passengerSurvival(s, run, u, f, { building: b.id, ...(roomOf(b, f.at) ? { room: roomOf(b, f.at) } : {}) });
    afterCasualties(s, run, u);
  }
}
