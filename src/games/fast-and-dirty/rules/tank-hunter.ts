// Close weapons against vehicles (§6.11, checklist #87): AT grenades as per-figure equipment
// (AT +4 [P], the source gives no rating) and the Tank Hunter trait (§2.6: +1 to the nerve test,
// +2 when close-assaulting vehicles; its special explosives make every figure AT-capable [P]).
import { weapon, type WeaponDef } from '../content.js';
import type { Figure, Unit } from '../state.js';
import { has } from './traits.js';

/** The AT rating of special grenades and mines: not in the source, [P] placeholder +4 (§6.11 item 6). */
export const AT_GRENADE: WeaponDef = { id: 'atGrenade', name: 'AT grenades', class: 'basic', x: 0, damage: 0, fe: 0, at: 4, cost: null };

/**
 * The AT-capable close weapon a figure strikes a vehicle with, or null (§6.11 item 6 [P]): its
 * AT-rated weapon, or AT grenades (equipment, or a Tank Hunter squad's explosives), the higher AT.
 */
export function closeAtWeapon(u: Unit, f: Figure): WeaponDef | null {
  const w = weapon(f.weapon);
  const own = w.at !== undefined ? w : null;
  const gren = f.atGrenades || has(u, 'tankHunter') ? AT_GRENADE : null;
  if (own && gren) return (own.at ?? 0) >= (gren.at ?? 0) ? own : gren;
  return own ?? gren;
}

/** Tank Hunter: +1 to the nerve test before assaulting a vehicle (§6.11 item 1). */
export const nerveBonus = (u: Unit): number => (has(u, 'tankHunter') ? 1 : 0);
/** Tank Hunter: +2 to each penetration roll of its close-assault hits on a vehicle (§6.11 item 3 [P]). */
export const tankHunterPenetration = (u: Unit): number => (has(u, 'tankHunter') ? 2 : 0);
