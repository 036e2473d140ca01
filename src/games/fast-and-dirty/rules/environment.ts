// Battlefield conditions, game options that change ranges, movement and tests: atmosphere (§7.1),
// gravity (§7.8) and night fighting (§7.16). Every range in the game goes through `rangeX`.
import type { WeaponDef as Weapon } from '../content.js';
import type { S, Side, Unit } from '../state.js';

export type Atmosphere = 'standard' | 'hostile' | 'vacuum';
export type Gravity = 'standard' | 'low' | 'high';

/** The atmosphere a side fights in: set per side (§7.1 "Hostile for one race and Standard for another"). */
export function atmosphereOf(s: S, side: Side | null): Atmosphere {
  const a = s.options.atmosphere as Record<string, Atmosphere> | undefined;
  if (!a || side === null) return 'standard';
  return a[side] ?? a[String(side)] ?? 'standard';
}

/** Night-vision range (§7.16: the trait gives 20"). */
export const NIGHT_VISION = 2000;

/**
 * A weapon's range multiplier X for a firer of unit `u` at `distance` (hundredths, edge to edge):
 * Vacuum +1 then lasers ×2 (A41); Low gravity ×2 and High ×½ for heavy projectiles (§7.8 [P]: the
 * multiplier); at night X2 unless the weapon's own is lower (§7.16 [P]: read like the vehicle X4
 * rule), except for a night-vision unit within 20" (unrestricted, normal penalties). The night
 * limit comes last: it is what the firer can see, whatever the weapon could reach. Against a
 * vehicle (`vsVehicle`) the night limit is X4 (§7.16).
 */
export function rangeX(s: S, u: Unit, w: Weapon, distance = 0, vsVehicle = false): number {
  let x = w.x;
  if (x === 0) return 0;
  // Basic Forces Longer / Shorter Range (§2.10): basic weapons X ±1, at least X1 [P].
  if (u.rangeShift && w.class === 'basic') x = Math.max(1, x + u.rangeShift);
  if (atmosphereOf(s, u.side) === 'vacuum') {
    if (w.flags?.includes('flame')) return 0;
    x += 1;
    if (w.flags?.includes('laser')) x *= 2;
  }
  if (w.flags?.includes('heavyProjectile')) {
    if (s.options.gravity === 'low') x *= 2;
    if (s.options.gravity === 'high') x /= 2;
  }
  if (s.options.night && !(u.nightVision && distance <= NIGHT_VISION)) x = Math.min(x, vsVehicle ? 4 : 2);
  return x;
}

/** Infantry movement +2" in Low gravity, −2" in High (§7.8). */
export function gravityMove(s: S): number {
  return s.options.gravity === 'low' ? 200 : s.options.gravity === 'high' ? -200 : 0;
}

/** Pinning threshold −2 at night (§7.16, §7.19). */
export const nightPinning = (s: S) => (s.options.night ? -2 : 0);
