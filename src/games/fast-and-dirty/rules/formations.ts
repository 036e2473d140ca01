// Option Vehicle Formations (§5.4, checklist #111): vehicles are individual units, but with the
// option on, vehicles of a side sharing a force-list `formation` label must keep 12" coherency.
// [P] Coherency is the §5.4 graph test on the hulls: two vehicles are joined when their hulls are
// within 12" edge to edge, the formation is coherent when the graph is connected (vehicles knocked
// out, abandoned or off the table are not part of it). A move by a vehicle of a coherent formation
// must leave it coherent (like a squad's move, §5.4 [P]); a falling-back crew is exempt. While the
// formation is not coherent only one of its vehicles may move each turn; pivots and fire are free.
import { orientedRect, polygonDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT } from '../content.js';
import { inPlay, type S, type Unit } from '../state.js';

export const FORMATION_COHERENCY = 1200;

const hullAt = (u: Unit, at?: Pt, heading?: number): Pt[] => {
  const d = CONTENT.vehicles[u.vehicle!.type];
  return orientedRect(at ?? u.figures[0].at, d.length, d.width, heading ?? u.vehicle!.heading);
};

/** The vehicles of u's formation still in it (u included), or [] when the option is off or u has no formation. */
export function formationOf(s: S, u: Unit): Unit[] {
  const f = u.vehicle?.formation;
  if (!s.options.vehicleFormations || !f) return [];
  return s.units.filter((v) => v.side === u.side && v.vehicle?.formation === f && inPlay(v)
    && v.vehicle.status !== 'knockedOut' && v.vehicle.status !== 'abandoned');
}

/** Whether the formation's hulls form one connected group at 12" (one vehicle's hull optionally moved). */
export function formationCoherent(members: Unit[], moved?: { id: string; at: Pt; heading: number }): boolean {
  if (members.length < 2) return true;
  const polys = members.map((v) => (moved && v.id === moved.id ? hullAt(v, moved.at, moved.heading) : hullAt(v)));
  const seen = new Set([0]);
  const todo = [0];
  while (todo.length) {
    const i = todo.pop()!;
    for (let j = 0; j < polys.length; j++) {
      if (!seen.has(j) && polygonDistance(polys[i], polys[j]) <= FORMATION_COHERENCY) { seen.add(j); todo.push(j); }
    }
  }
  return seen.size === members.length;
}

/** Why this vehicle's move breaks its formation's rules, or null (§5.4 option Vehicle Formations). */
export function formationProblem(s: S, u: Unit, path: Pt[], heading: number): Violation | null {
  if (!path.length) return null;
  const members = formationOf(s, u);
  if (members.length < 2) return null;
  const label = u.vehicle!.formation;
  if (!formationCoherent(members)) {
    const other = members.find((v) => v.id !== u.id && v.vehicle!.movedTurn === s.turn);
    return other ? violation('formation_incoherent', `formation ${label} is not coherent: only one of its vehicles may move this turn and ${other.id} has moved (§5.4)`, { moved: other.id }) : null;
  }
  if (u.fallingBack) return null;
  if (!formationCoherent(members, { id: u.id, at: path[path.length - 1], heading })) {
    return violation('formation_coherency', `the move would leave formation ${label} without 12" coherency between its hulls (§5.4)`);
  }
  return null;
}
