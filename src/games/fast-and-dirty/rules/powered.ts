// Powered armour (§7.21, checklist #74): the rule bundle of the armour types marked `powered` in
// data/armour.json (Light Power, Heavy Power; Bio Mech is not powered, §2.4 [P]). Read where the
// rules run: coherency (geometry), close assault and pinning (combat), drops (drop.ts) and bunkers
// (fortifications.ts). Transport places and destroyed transports need vehicles, which are not built.
import { armour } from '../content.js';
import { living, type Figure, type Unit } from '../state.js';
import type { Run } from './run.js';

/** A figure wearing powered armour. */
export const poweredFigure = (f: Figure) => !!armour(f.armour)?.powered;

/** [P] A unit "wears powered armour" when every living figure of it does (and it has one). */
export const powered = (u: Unit) => { const l = living(u); return l.length > 0 && l.every(poweredFigure); };

/** Coherency 6" regardless of Quality, Recon or weapon team (§7.21, §5.4). */
export const POWERED_COHERENCY = 600;

/** +3 to the unit's close-assault roll (§6.10, §7.21). */
export const POWERED_ASSAULT = 3;

/** Pinning tolerance +2 (§7.19, §7.21). */
export const poweredPinning = (u: Unit) => (powered(u) ? 2 : 0);

/** Two kill dice per powered figure in close assault (§6.10): the extra dice. */
export const poweredKillDice = (figs: Figure[]) => figs.filter(poweredFigure).length;

/** Each kill a powered unit suffers in close assault is negated on a D6 of 5+ (§6.10, §7.21): the kills left. */
export function deflectKills(run: Run, u: Unit, kills: number): number {
  if (!kills || !powered(u)) return kills;
  const dice = run.roll('powered_deflect', kills, { unit: u.id });
  const deflected = dice.filter((d) => d >= 5).length;
  run.emit('kills_deflected', { unit: u.id, kills, deflected });
  return kills - deflected;
}
