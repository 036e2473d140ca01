// Transports at the start and Air Mobile (§2.5, §4.2, checklist #85): a force-list squad with
// `aboard: name` starts the game embarked in that transport of its list (capacity checked at
// set-up, off the table until it disembarks); an Air Mobile unit (trait, §2.6) gets out of an
// airborne Fly/Grav vehicle without the vehicle touching down, unless it brings heavy weapons (a
// weapon team, or a figure with a heavy-class weapon) [P].
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, isVehicleSpec, weapon, type UnitSpec, type VehicleSpec } from '../content.js';
import type { S, Side, Unit } from '../state.js';
import { has } from './traits.js';
import { load, passengersOf } from './transport.js';

/** Embark the force list's `aboard` units in their transports (§2.5); a Violation if a transport is over capacity or the unit may not ride. */
export function startAboard(s: S, side: Side, specs: (UnitSpec | VehicleSpec)[], ids: string[]): Violation | null {
  const byName = new Map<string, string>();
  specs.forEach((sp, i) => { if (!byName.has(sp.name)) byName.set(sp.name, ids[i]); });
  for (let i = 0; i < specs.length; i++) {
    const sp = specs[i];
    if (isVehicleSpec(sp) || !sp.aboard) continue;
    const u = s.units.find((x) => x.id === ids[i] && x.side === side)!;
    const v = s.units.find((x) => x.id === byName.get(sp.aboard!) && x.side === side);
    const cap = v?.vehicle ? CONTENT.vehicles[v.vehicle.type].transport ?? 0 : 0;
    if (!v || !cap) return violation('not_a_transport', `side ${side}: ${sp.name} cannot start aboard ${sp.aboard}: not a transport of the list (§2.5)`);
    if ((u.kind !== 'infantry' && u.kind !== 'weaponTeam') || u.reserve) return violation('cannot_board', `side ${side}: ${sp.name}: only squads and weapon teams on the table start aboard a transport (§2.5 [P])`);
    const used = passengersOf(s, v).reduce((n, p) => n + load(p), 0);
    if (used + load(u) > cap) return violation('over_capacity', `side ${side}: ${sp.aboard} holds ${cap} figures; ${used} aboard, ${sp.name} needs ${load(u)} (§2.5)`, { capacity: cap, used, needs: load(u) });
    u.embarked = v.id;
    // Off the table: the figures wait at the hull centre [P].
    for (const f of u.figures) f.at = [v.figures[0].at[0], v.figures[0].at[1]];
  }
  return null;
}

/** Air Mobile without heavy weapons: the airborne vehicle stays airborne while it gets out (§2.5). */
export function airMobileDrop(u: Unit): boolean {
  if (!has(u, 'airMobile') || u.kind === 'weaponTeam') return false;
  return !u.figures.some((f) => f.alive && weapon(f.weapon).class === 'heavy');
}
