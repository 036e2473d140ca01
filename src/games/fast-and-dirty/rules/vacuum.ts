// Vacuum's gear rule (§7.1, checklist #44): "All infantry must wear at least Improved Armour". A
// side's own force list (option `forces`) is checked and refused (`vacuum_armour`); the scenario's
// built-in and the generated forces, which the players did not pick for the vacuum, are fitted
// instead [P]: every figure below Improved wears Improved armour (event `vacuum_armour`). "At
// least Improved" is read on the armour ratings (provisional, ordered by cost, §2.4) [P].
// Non-combatants are scenario props and keep theirs [P]. The Self-Sealing add-on is the figure flag
// `sealed` (free, its cost is a GAP [P]); in vacuum its wounds follow the normal margins (rules/wounds.ts).
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, isVehicleSpec, type UnitSpec, type VehicleSpec } from '../content.js';
import type { Side } from '../state.js';
import type { Run } from './run.js';

const IMPROVED = 'improved';
const below = (a: string) => (CONTENT.armour[a]?.rating ?? 0) < CONTENT.armour[IMPROVED].rating;
const wearers = (list: (UnitSpec | VehicleSpec)[]) => list.filter((u): u is UnitSpec => !isVehicleSpec(u) && u.kind !== 'nonCombatant');

/** Why a side's own list may not fight in vacuum, or null. */
export function vacuumListProblem(side: Side, list: (UnitSpec | VehicleSpec)[]): Violation | null {
  for (const u of wearers(list)) {
    const f = u.figures.find((x) => below(x.armour));
    if (f) return violation('vacuum_armour', `side ${side}: ${u.name} wears ${CONTENT.armour[f.armour]?.name ?? f.armour} armour; in vacuum all infantry must wear at least Improved armour (§7.1)`, { unit: u.name, armour: f.armour });
  }
  return null;
}

/** A built-in or generated force fitted for vacuum: a copy with Improved armour where it was lower. */
export function fitForVacuum(run: Run, side: Side, list: (UnitSpec | VehicleSpec)[]): (UnitSpec | VehicleSpec)[] {
  const fitted: string[] = [];
  const out = list.map((u) => {
    if (isVehicleSpec(u) || u.kind === 'nonCombatant' || !u.figures.some((f) => below(f.armour))) return u;
    fitted.push(u.name);
    return { ...u, figures: u.figures.map((f) => (below(f.armour) ? { ...f, armour: IMPROVED } : f)) };
  });
  if (fitted.length) run.emit('vacuum_armour', { side, units: fitted, armour: IMPROVED });
  return out;
}
