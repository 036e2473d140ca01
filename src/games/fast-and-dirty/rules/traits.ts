// Unit traits (§2.6, checklist #73): the built ones as modifiers and hooks read where the rules
// run (assault, damage, movement, Resolve and morale, fire dice, hiding, fire priority). The list
// and which are built live in data/traits.json.
import { casualties, type Unit } from '../state.js';
import type { Run } from './run.js';
import { psiArmour } from './psionics.js';
import { itemArmour } from './holy.js';

export type Trait =
  | 'assaultTroops' | 'shockTroops' | 'weak' | 'noGrenades' | 'frenzied' | 'tough' | 'swift' | 'slow' | 'agile'
  | 'fanatic' | 'grizzled' | 'brave' | 'shaky' | 'geneTroopers' | 'slowFiring' | 'inflexible' | 'stealth' | 'obviousTarget'
  | 'elusive' | 'nightVision' | 'fearless' | 'terrifying' | 'engineer' | 'droidTroopers' | 'selfPreservation' | 'save' | 'timid' | 'relentless' | 'hardened' | 'zombie' | 'goon' | 'slick' | 'dependent' | 'recon' | 'huge' | 'aggressive' | 'hesitant' | 'infiltrate'
  | 'aerial' | 'selfRepairing' | 'regenerate' | 'hero' | 'villain' | 'legend' | 'berserk' | 'gungHo' | 'tankHunter' | 'airMobile'
  | 'bestowTrait' | 'bugHunter' | 'cautious' | 'combatDrugs' | 'detection' | 'flyer' | 'hivemind' | 'holy';

export const has = (u: Unit, t: Trait) => !!u.traits?.includes(t);

/** Close-assault roll modifiers of a unit's traits (§2.6); different traits stack. */
export function assaultTraitMods(u: Unit): Record<string, number> {
  const m: Record<string, number> = {};
  if (has(u, 'assaultTroops')) m.assaultTroops = 2;
  if (has(u, 'shockTroops')) m.shockTroops = 1;
  if (has(u, 'weak')) m.weak = -1;
  if (has(u, 'noGrenades')) m.noGrenades = -2;
  return m;
}

/** Armour modifiers against damage rolls: Tough +1, Goon −1, Holy or Unholy armour +2 unless `by` fires the counterpart weapon (§2.6), Expose / Shield (§7.22). */
export const armourMod = (u: Unit, by?: Unit | null) => psiArmour(u) + (has(u, 'tough') ? 1 : 0) - (has(u, 'goon') ? 1 : 0) + itemArmour(u, by);

/** Bug Hunter (§2.6): +1 to close assault and Fire Effect against a unit of a side the scenario marks alien (option `aliens`). */
export const bugHunter = (s: { options: { aliens?: { 0?: boolean; 1?: boolean } } }, u: Unit, t: Unit) => (has(u, 'bugHunter') && t.side !== null && !!s.options.aliens?.[t.side] ? 1 : 0);

/** Base movement change in hundredths: Swift +2", Slow −2" (§2.6). */
export const traitMove = (u: Unit) => (has(u, 'swift') ? 200 : 0) - (has(u, 'slow') ? 200 : 0);

/** Save (§2.6): D6 per hit suffered, 5+ negates it; logged. */
export function saves(run: Run, u: Unit, fig: string): boolean {
  if (!has(u, 'save')) return false;
  return saved(run, u, fig, run.roll('save', 1, { unit: u.id, figure: fig })[0]);
}
export const SAVE_ON = 5;
/** A save die's result (§2.6): 5+ negates the hit, logged. */
export function saved(run: Run, u: Unit, fig: string, d: number): boolean {
  if (d >= SAVE_ON) run.emit('saved', { unit: u.id, figure: fig });
  return d >= SAVE_ON;
}

/** Droid Troopers (§2.6): an attack must exceed the armour roll; others kill on equal. */
export const kills = (u: Unit, attack: number, defence: number) => (has(u, 'droidTroopers') ? attack > defence : attack >= defence);

/** Relentless ignores Under Fire, Hardened until its first casualty (§2.6): the marker is not placed. */
export const ignoresUnderFire = (u: Unit) => relentless(u) || (has(u, 'hardened') && casualties(u) === 0);
/** Relentless ignores Pinned (§2.6): the marker is not placed. */
export const ignoresPinned = (u: Unit) => relentless(u);
/** Mark a unit Under Fire unless its traits ignore it (§6.9, §2.6). */
export function markUnderFire(u: Unit): void { if (!ignoresUnderFire(u)) u.underFire = true; }
/** Relentless, Huge and Flyers never benefit from cover (§2.6). */
export const noCover = (u: Unit) => relentless(u) || has(u, 'huge') || has(u, 'flyer');
/** Zombies are Relentless and Fanatic; so is a Hivemind unit linked to a mind controller (§2.6, rules/hivemind.ts). */
// Droid Troopers (§2.6, p.45): "Droid troopers may be programmed to maintain basic self-preservation
// tactics. If this is not done, they acquire the Relentless trait."
export const relentless = (u: Unit) => has(u, 'relentless') || has(u, 'zombie') || !!u.hiveLinked || (has(u, 'droidTroopers') && !has(u, 'selfPreservation'));
export const fanatic = (u: Unit) => has(u, 'fanatic') || has(u, 'zombie') || !!u.hiveLinked;
/** Zombies and Goons never Rush (§2.6). */
export const noRush = (u: Unit) => has(u, 'zombie') || has(u, 'goon');
/**
 * Fire limited to close range (§2.6): Zombies always; Goons except when returning fire, at a unit
 * that fired at them this turn or last turn [P].
 */
export const closeOnly = (s: { turn: number }, u: Unit, target: string) => has(u, 'zombie') || (has(u, 'goon') && !((u.firedOnBy?.[target] ?? -9) >= s.turn - 1));
