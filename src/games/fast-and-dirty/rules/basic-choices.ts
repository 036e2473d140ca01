// Basic Forces choices (§2.10 steps 7-9, checklist #95): one Variation for the force, one
// Enhancement and one Limitation per platoon, given per side in the option `generate.choices`
// (made before the rolls are seen [P]: the book makes them privately after rolling and reveals them
// at the end; game creation has no private step). Applied to the rolled squads in list order where
// the book says "any squads" or "two squads" [P].
import { violation, type Violation } from '../../../engine/types.js';
import type { UnitSpec } from '../content.js';
import { QUALITIES, RESOLVES } from '../state.js';

export const VARIATIONS = ['assaultTroops', 'energyWeapons', 'heavyRifles', 'humanWave', 'improvedCommand', 'localMilitia', 'loneLeader', 'moreSupport'] as const;
export const ENHANCEMENTS = ['firePower', 'heavyTroopers', 'improvedIntel', 'longerRange', 'manpower', 'recon', 'urbanAssault', 'veterans'] as const;
export const LIMITATIONS = ['inexperienced', 'inflexible', 'militia', 'noGrenades', 'shorterRange', 'underGunned', 'underStrength', 'warWeary'] as const;
/** Limitations that directly cancel an enhancement (§2.10 step 9). */
const CANCELS: Record<string, string> = { shorterRange: 'longerRange', underStrength: 'manpower', underGunned: 'firePower', inexperienced: 'veterans', militia: 'heavyTroopers' };

export interface BasicChoices { variation?: string; enhancements?: string[]; limitations?: string[] }

export const choicesSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    variation: { enum: [...VARIATIONS] },
    enhancements: { type: 'array', maxItems: 3, items: { enum: [...ENHANCEMENTS] }, description: 'one per platoon, in platoon order' },
    limitations: { type: 'array', maxItems: 3, items: { enum: [...LIMITATIONS] }, description: 'one per platoon, in platoon order; not one that cancels the platoon\'s enhancement' },
  },
};

export function choicesProblem(side: number, c: BasicChoices | undefined): Violation | null {
  if (!c) return null;
  if (c.variation !== undefined && !(VARIATIONS as readonly string[]).includes(c.variation)) return violation('bad_choice', `side ${side}: unknown variation ${c.variation} (§2.10)`);
  for (const e of c.enhancements ?? []) if (!(ENHANCEMENTS as readonly string[]).includes(e)) return violation('bad_choice', `side ${side}: unknown or unbuilt enhancement ${e} (§2.10)`);
  for (const [i, l] of (c.limitations ?? []).entries()) {
    if (!(LIMITATIONS as readonly string[]).includes(l)) return violation('bad_choice', `side ${side}: unknown or unbuilt limitation ${l} (§2.10)`);
    if (CANCELS[l] && c.enhancements?.[i] === CANCELS[l]) return violation('limitation_cancels_enhancement', `side ${side}: platoon ${i + 1}'s limitation ${l} cancels its enhancement ${CANCELS[l]} (§2.10)`);
  }
  return null;
}

const size = (u: UnitSpec) => u.figures.reduce((k, f) => k + (f.count ?? 1), 0);
const plain = (u: UnitSpec) => u.figures.find((f) => !f.support && !f.leader);
function addSoldiers(u: UnitSpec, n: number): void {
  const p = plain(u);
  const k = Math.min(n, 12 - size(u));
  if (k <= 0) return;
  if (p) p.count = (p.count ?? 1) + k;
  else u.figures.push({ weapon: u.figures[0].weapon, armour: u.figures[0].armour, count: k });
}
function removeSoldiers(u: UnitSpec, n: number): void {
  const p = plain(u);
  if (!p) return;
  const k = Math.min(n, (p.count ?? 1) - 1);
  if (k > 0) p.count = (p.count ?? 1) - k;
}
function addSupport(u: UnitSpec, weapon: string): void {
  const p = plain(u);
  if (!p || (p.count ?? 1) < 2) return;
  p.count = (p.count ?? 1) - 1;
  u.figures.push({ weapon, armour: p.armour, support: true });
}
const supports = (u: UnitSpec) => u.figures.filter((f) => f.support);
const shift = <T extends string>(list: readonly T[], v: T, by: number) => list[Math.max(0, Math.min(list.length - 1, list.indexOf(v) + by))];

/**
 * The choices applied to a rolled force: `commands` and `platoons` (the squads of each platoon), in
 * order; `rangeShift` collects Longer / Shorter Range (basic weapons' X ±1), which the built unit carries.
 */
export function applyChoices(c: BasicChoices, commands: UnitSpec[], platoons: UnitSpec[][], rollSupport: () => string, rollSquad: () => { quality: UnitSpec['quality']; resolve: UnitSpec['resolve']; armour: string }, basic: string, rangeShift: Map<UnitSpec, number>, inflexible: Set<UnitSpec> = new Set()): UnitSpec[] {
  const squads = platoons.flat();
  const extra: UnitSpec[] = [];
  switch (c.variation) {
    case 'assaultTroops': for (const u of squads) { for (const f of u.figures) if (!f.support) f.weapon = 'smg'; u.traits = [...new Set([...(u.traits ?? []), 'assaultTroops'])]; } break;
    case 'energyWeapons': for (const u of squads) for (const f of supports(u)) f.weapon = 'plasmaRifle'; break;
    case 'heavyRifles': if (squads[0]) for (const f of squads[0].figures) if (!f.support) f.weapon = 'gaussRifle'; break;
    case 'humanWave': for (const u of squads) { const sw = supports(u)[0]; if (sw) { u.figures.splice(u.figures.indexOf(sw), 1); addSoldiers(u, 3); } } break;
    case 'improvedCommand': for (const u of commands) { addSoldiers(u, 2); for (const f of u.figures) f.armour = 'heavy'; } break;
    case 'localMilitia': for (const u of squads) { u.quality = shift(QUALITIES, u.quality, -1); u.resolve = shift(RESOLVES, u.resolve, 1); u.traits = [...new Set([...(u.traits ?? []), 'agile'])]; } break;
    case 'loneLeader': for (const u of commands) { const { count: _c, ...lead } = u.figures[0]; u.figures = [lead]; } for (const u of squads) addSoldiers(u, 1); break;
    case 'moreSupport': for (const u of squads) { const sw = supports(u)[0]; if (sw && size(u) >= 4) { removeSoldiers(u, 1); addSupport(u, sw.weapon); } } break;
  }
  platoons.forEach((ps, i) => {
    switch (c.enhancements?.[i]) {
      case 'firePower': for (const u of ps) addSupport(u, rollSupport()); break;
      case 'heavyTroopers': for (const u of ps.slice(0, 2)) for (const f of u.figures) f.armour = 'heavy'; break;
      case 'manpower': for (const u of ps) addSoldiers(u, 2); break;
      case 'recon': { const r = rollSquad(); extra.push({ name: `Platoon ${i + 1} recon`, quality: r.quality, resolve: r.resolve, traits: ['recon'], figures: [{ weapon: basic, armour: r.armour, leader: true }, { weapon: basic, armour: r.armour, count: 4 }] }); break; }
      case 'urbanAssault': for (const u of ps) { addSupport(u, 'assaultShotgun'); addSupport(u, 'assaultShotgun'); } break;
      case 'veterans': if (ps[0]) ps[0].quality = shift(QUALITIES, ps[0].quality, 1); break;
      case 'longerRange': for (const u of ps) rangeShift.set(u, (rangeShift.get(u) ?? 0) + 1); break;
      // Improved Intel is the side's (+1 to initiative rolls): rules/generation.ts sets it on the state.
    }
    switch (c.limitations?.[i]) {
      case 'inexperienced': for (const u of ps.slice(0, 2)) u.quality = shift(QUALITIES, u.quality, -1); break;
      case 'militia': if (ps[0]) { ps[0].quality = 'rabble'; for (const f of ps[0].figures) f.armour = 'none'; } break;
      case 'noGrenades': for (const u of ps) u.traits = [...new Set([...(u.traits ?? []), 'noGrenades'])]; break;
      case 'underGunned': for (const u of ps.slice(0, 2)) { const sw = supports(u)[0]; if (sw) { delete sw.support; sw.weapon = basic; } } break;
      case 'underStrength': for (const u of ps) removeSoldiers(u, 1); break;
      case 'warWeary': for (const u of ps.slice(0, 2)) u.resolve = shift(RESOLVES, u.resolve, -1); break;
      case 'shorterRange': for (const u of ps) rangeShift.set(u, (rangeShift.get(u) ?? 0) - 1); break;
      // Inflexible: "Squad Coherency is now 2\" regardless of individual quality ratings" (the platoon's squads, not its command squad [P]).
      case 'inflexible': for (const u of ps) inflexible.add(u); break;
    }
  });
  return extra;
}
