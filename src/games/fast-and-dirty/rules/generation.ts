// Force generation (§2.10, checklist #95 Basic Forces, #96 Advanced Force Generation with Quantity
// Tests): with the game option `generate`, each side's force is rolled at setup from the tables of
// data/generation.json with the game's seeded dice (every roll a public event, as §2.10 has them),
// then checked by the §2.9 points rules (every squad must be costed; no points limit applies, the
// dice set the size) and deployed in blocks from the side's edge.
import { Type as T, type Static } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, PERSONALITY_COST, forceProblem, squadCost, type UnitSpec } from '../content.js';
import { QUALITIES, RESOLVES, type Leadership, type S, type Side, type Unit } from '../state.js';
import type { Pt } from '../../../engine/mech/geom2d.js';
import { inImpassable } from '../geometry.js';
import { successes, type Run } from './run.js';
import generationJson from '../data/generation.json' with { type: 'json' };
import { applyChoices, choicesProblem, choicesSchema, type BasicChoices } from './basic-choices.js';

const Six = <V extends ReturnType<typeof T.String>>(v: V) => T.Array(v, { minItems: 6, maxItems: 6 });
const SixInt = T.Array(T.Integer({ minimum: 1, maximum: 12 }), { minItems: 6, maxItems: 6 });
const Four = <V extends ReturnType<typeof T.Array>>(v: V) => T.Array(v, { minItems: 4, maxItems: 4 });
const Q = T.Union(QUALITIES.map((q) => T.Literal(q)));
const R = T.Union(RESOLVES.map((r) => T.Literal(r)));
const GenerationFile = T.Object({
  provisional: T.Boolean(), dataset: T.String(), note: T.String(),
  basic: T.Object({
    platoonSize: SixInt, squadStrength: SixInt, quality: T.Array(Q, { minItems: 6, maxItems: 6 }), resolve: T.Array(R, { minItems: 6, maxItems: 6 }),
    armour: Six(T.String()), basicWeapon: Six(T.String()), supportWeapon: Six(T.String()),
  }, { additionalProperties: false }),
  options: T.Object({
    squadLeader: T.Array(T.Union([T.Literal('inexperienced'), T.Literal('experienced'), T.Literal('veteran')]), { minItems: 6, maxItems: 6 }),
    heavyWeapon: Six(T.String()), artillery: Six(T.String()), artilleryFallback: T.String(),
    psionicAptitude: T.Array(T.Union([T.Literal('marginal'), T.Literal('competent'), T.Literal('expert')]), { minItems: 6, maxItems: 6 }),
    heroNature: Six(T.String()),
    notLikeUsA: T.Array(T.Array(T.String(), { minItems: 1, maxItems: 2 }), { minItems: 6, maxItems: 6 }),
    notLikeUsB: T.Array(T.Array(T.String(), { minItems: 1, maxItems: 2 }), { minItems: 6, maxItems: 6 }),
  }, { additionalProperties: false }),
  advanced: T.Object({
    qtDice: T.Array(T.Integer({ minimum: 1, maximum: 6 }), { minItems: 4, maxItems: 4 }),
    platoonSize: Four(SixInt), squadStrength: Four(SixInt), hqExtra: T.Array(T.Integer({ minimum: 0, maximum: 4 }), { minItems: 4, maxItems: 4 }),
    basicWeapon: Four(Six(T.String())), armour: Four(Six(T.String())),
    jetPacks: T.Array(T.Integer({ minimum: 1, maximum: 7 }), { minItems: 4, maxItems: 4 }),
    heavyWeapon: Six(T.String()), heavyWeaponFallback: T.String(),
    quality: Four(T.Array(Q, { minItems: 6, maxItems: 6 })), resolve: Four(T.Array(R, { minItems: 6, maxItems: 6 })),
  }, { additionalProperties: false }),
}, { additionalProperties: false });
type GenerationFile = Static<typeof GenerationFile>;

/** Loads and cross-checks the tables: every weapon and armour named exists (unknown heavy weapons fall back, logged). */
/** A weapon a weapon team can carry: in the infantry weapon data (a vehicle mount's weapon of
 * data/vehicles.json, e.g. the Light Chain Gun, is not costed or classed for infantry [P]). */
const teamWeapon = (id: string) => CONTENT.weapons[id] !== undefined && CONTENT.weapons[id].class !== 'vehicle';

export function loadGeneration(raw: unknown): GenerationFile {
  const ajv = new Ajv({ allErrors: true });
  const v = ajv.compile(GenerationFile);
  if (!v(raw)) throw new Error(`fast-and-dirty data/generation.json: ${ajv.errorsText(v.errors)}`);
  const g = raw as GenerationFile;
  const weapons = [...g.basic.basicWeapon, ...g.basic.supportWeapon, ...g.advanced.basicWeapon.flat(), g.advanced.heavyWeaponFallback, g.options.artilleryFallback];
  for (const w of weapons) if (!CONTENT.weapons[w]) throw new Error(`fast-and-dirty data/generation.json: unknown weapon ${w}`);
  for (const a of [...g.basic.armour, ...g.advanced.armour.flat()]) if (!CONTENT.armour[a]) throw new Error(`fast-and-dirty data/generation.json: unknown armour ${a}`);
  return g;
}
export const GENERATION = loadGeneration(generationJson);

export type Category = 'manpower' | 'firepower' | 'gear' | 'support' | 'training' | 'aggression';
export const CATEGORIES: readonly Category[] = ['manpower', 'firepower', 'gear', 'support', 'training', 'aggression'];
export type Priorities = Record<Category, number>;
/** [P] The default spend of the 9 Force Priority points when a side gives none. */
export const DEFAULT_PRIORITIES: Priorities = { manpower: 2, firepower: 2, gear: 1, support: 1, training: 2, aggression: 1 };

export interface GenerateOption {
  method: 'basic' | 'advanced';
  /** Platoons per side (§2.10: new players 1, experienced 2); a definite attacker gets one more. */
  platoons?: number;
  /** Advanced: each side's 9 Force Priority points over the six categories (0 Low … 3 Top). */
  priorities?: { 0?: Partial<Priorities>; 1?: Partial<Priorities> };
  /** Basic Forces: each side's Variation, Enhancements and Limitations (steps 7-9). */
  choices?: { 0?: BasicChoices; 1?: BasicChoices };
  /** Advanced: each side's Training bonus picks and customisations (#96). */
  advanced?: { 0?: AdvancedChoices; 1?: AdvancedChoices };
  /** The Greater Variety options (§2.10, checklist #112). */
  unknownResolve?: boolean;
  squadLeaders?: boolean;
  heavyWeapons?: boolean;
  artillerySupport?: boolean;
  /** Checklist #113. */
  heroicCharacters?: boolean;
  psionics?: boolean;
  notLikeUs?: boolean;
}

/**
 * Advanced Force Generation choices (§2.10 "Training Bonus", "Additional Changes"), made before the
 * rolls [P] like the Basic Forces choices: the Training QTs' successes take `traits` and
 * `personalities` in list order (cycling), each success to the next squad in turn; the customisations
 * apply to every platoon's squads ("any squad may", read as all [P]), each needing at least one
 * priority point in its category.
 */
export interface AdvancedChoices { traits?: string[]; personalities?: string[]; customisations?: string[] }
export const CUSTOMISATIONS: Record<string, Category> = {
  assaultTroops: 'aggression', humanWave: 'manpower', improvedArmour: 'gear', independentLeader: 'support', localMilitia: 'training', moreSupport: 'firepower',
};
/** [P] The picks when a side names none: the source's Exceptional Troops lists are missing (§2.10 GAP). */
export const DEFAULT_TRAINING = { traits: ['brave'], personalities: ['sharpshooter'] };
/** [P] Armour levels for Improved Armour, in the order of the generation tables. */
const ARMOUR_LEVELS = ['none', 'light', 'improved', 'heavy'];
const advancedChoicesSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    traits: { type: 'array', minItems: 1, maxItems: 8, items: { type: 'string', maxLength: 32 }, description: 'Training Bonus QT: the traits (ids of data/traits.json, built ones) its successes give, in order, each to the next squad in turn; default brave [P]' },
    personalities: { type: 'array', minItems: 1, maxItems: 8, items: { enum: Object.keys(PERSONALITY_COST) }, description: 'second Training QT: the personalities its successes give, each to a trooper of the next squad in turn; default sharpshooter [P]' },
    customisations: { type: 'array', maxItems: 6, uniqueItems: true, items: { enum: Object.keys(CUSTOMISATIONS) }, description: 'Additional Changes, each needing ≥1 priority point in its category: assaultTroops (Aggression), humanWave (Manpower), improvedArmour (Gear), independentLeader (Support), localMilitia (Training), moreSupport (Fire-power)' },
  },
};

const priorityProps = Object.fromEntries(CATEGORIES.map((c) => [c, { type: 'integer', minimum: 0, maximum: 3 }]));
export const generateOptionSchema = {
  type: 'object', additionalProperties: false, required: ['method'],
  description: 'Force generation (§2.10): each side\'s force is rolled at setup instead of the scenario\'s (basic: Basic Forces, checklist #95; advanced: Advanced Force Generation with Quantity Tests, #96); every roll is a public event; the scenario\'s attacker gets one more platoon',
  properties: {
    method: { enum: ['basic', 'advanced'] },
    platoons: { type: 'integer', minimum: 1, maximum: 2, default: 1, description: 'platoons per side (new players 1, experienced 2)' },
    choices: { type: 'object', additionalProperties: false, description: 'Basic Forces steps 7-9 (#95): each side\'s Variation (assaultTroops, energyWeapons, heavyRifles, humanWave, improvedCommand, localMilitia, loneLeader, moreSupport), one Enhancement (firePower, heavyTroopers, improvedIntel, longerRange, manpower, recon, urbanAssault, veterans) and one Limitation (inexperienced, inflexible, militia, noGrenades, shorterRange, underGunned, underStrength, warWeary) per platoon', properties: { 0: choicesSchema, 1: choicesSchema } },
    advanced: { type: 'object', additionalProperties: false, description: 'Advanced Force Generation (#96): each side\'s Training bonus picks and customisations', properties: { 0: advancedChoicesSchema, 1: advancedChoicesSchema } },
    unknownResolve: { type: 'boolean', description: 'option Unknown Resolve (#112): a squad\'s Resolve is rolled (Basic Forces table) the first time it takes casualties' },
    squadLeaders: { type: 'boolean', description: 'option Squad Leaders (#112): 1D6 per squad leader, 1-2 inexperienced (−1 to each morale die), 3-4 experienced, 5-6 veteran (+1), while the leader lives' },
    heavyWeapons: { type: 'boolean', description: 'option Heavy Weapons (#112): one weapon team per platoon, 1D6: Light Auto Cannon, Light Chain Gun, Heavy MG' },
    artillerySupport: { type: 'boolean', description: 'option Artillery Support (#112): one off-board section per side, one more for a definite attacker, 1D6: Light Mortar, Light Cannon, Medium Cannon (cannons not in the data: Heavy Mortar [P])' },
    heroicCharacters: { type: 'boolean', description: 'option Heroic Characters (#113): 3D6, each 5+ one independent character (Experienced leader, Agile, the weapons and armour of a squad), nature 1D6 Villain / Hero / Legend' },
    psionics: { type: 'boolean', description: 'option Psionics (#113): 1D6 per platoon, on 5+ one trooper is a psionic of Strength 3, Aptitude 1D6 Marginal / Competent / Expert' },
    notLikeUs: { type: 'boolean', description: 'option Not Like Us (#113): 1D6 on each of two trait tables, applied to every unit; traits not built yet are skipped (logged)' },
    priorities: {
      type: 'object', additionalProperties: false, description: 'advanced: each side\'s 9 Force Priority points, 0 (Low) to 3 (Top) per category; default manpower 2, firepower 2, gear 1, support 1, training 2, aggression 1',
      properties: { 0: { type: 'object', additionalProperties: false, properties: priorityProps }, 1: { type: 'object', additionalProperties: false, properties: priorityProps } },
    },
  },
};

export interface Generated { units: UnitSpec[]; artillery: string[]; points: number; extras: { leader?: LeaderRating; resolveUnknown?: boolean; rangeShift?: number; inflexibleCoherency?: boolean; hqLeadership?: Leadership }[]; improvedIntel?: boolean }
export type LeaderRating = 'inexperienced' | 'experienced' | 'veteran';

export function generationProblem(o: GenerateOption): Violation | null {
  if (o.method !== 'basic' && o.method !== 'advanced') return violation('bad_generation', 'generate.method is basic or advanced (§2.10)');
  for (const side of [0, 1] as const) {
    const cp = choicesProblem(side, o.choices?.[side]);
    if (cp) return cp;
    const p = { ...DEFAULT_PRIORITIES, ...(o.priorities?.[side] ?? {}) };
    const sum = CATEGORIES.reduce((k, c) => k + p[c], 0);
    if (CATEGORIES.some((c) => !Number.isInteger(p[c]) || p[c] < 0 || p[c] > 3)) return violation('bad_priorities', `side ${side}: each category takes 0 to 3 priority points (§2.10)`);
    if (o.method === 'advanced' && sum !== 9) return violation('bad_priorities', `side ${side}: the priorities spend ${sum} points; a force spends exactly 9 (§2.10)`);
    const ac = o.advanced?.[side];
    for (const t of ac?.traits ?? []) {
      if (!CONTENT.traits[t]) return violation('unknown_trait', `side ${side}: unknown trait ${t} (§2.6)`);
      if (!CONTENT.traits[t].built) return violation('trait_not_built', `side ${side}: the trait ${t} is not built yet (§2.6)`);
      // HQ goes on a single figure, Resilient needs each model's Resilience Points (§2.6): not squad-wide bonuses.
      if (t === 'hq' || t === 'resilient') return violation('bad_training_trait', `side ${side}: the trait ${t} cannot be given to generated squads (§2.6)`);
      // Bestow Trait is a character's, with the trait it names (§2.6): not a squad's training.
      if (t === 'bestowTrait') return violation('bestow_not_character', `side ${side}: Bestow Trait is a character's trait, not a squad's (§2.6)`);
    }
    for (const q of ac?.personalities ?? []) if (PERSONALITY_COST[q] === undefined) return violation('unknown_personality', `side ${side}: unknown personality ${q} (§2.7)`);
    for (const c of ac?.customisations ?? []) {
      if (!CUSTOMISATIONS[c]) return violation('bad_choice', `side ${side}: unknown customisation ${c} (§2.10)`);
      if (o.method === 'advanced' && p[CUSTOMISATIONS[c]] < 1) return violation('customisation_needs_priority', `side ${side}: ${c} needs at least one Force Priority point in ${CUSTOMISATIONS[c]} (§2.10)`);
    }
  }
  return null;
}

/** One side's force (§2.10). */
export function generateForce(run: Run, side: Side, o: GenerateOption, attacker: boolean): Generated | Violation {
  const d6 = (what: string, extra: Record<string, unknown> = {}) => run.roll(`generate_${what}`, 1, { side, ...extra })[0] - 1;
  const platoons = (o.platoons ?? 1) + (attacker ? 1 : 0);
  const units: UnitSpec[] = [];
  const artillery: string[] = [];
  let rangeShift = new Map<UnitSpec, number>();
  const inflexible = new Set<UnitSpec>();
  const ratings = new Map<UnitSpec, LeaderRating>();
  const hqLead = new Map<UnitSpec, Leadership>();
  let improvedIntel = false;
  const squad = (name: string, quality: UnitSpec['quality'], resolve: UnitSpec['resolve'], weapon: string, armour: string, n: number, support: string | null): UnitSpec => ({
    name, quality, resolve,
    figures: [
      { weapon, armour, leader: true },
      ...(n - 1 - (support ? 1 : 0) > 0 ? [{ weapon, armour, count: n - 1 - (support ? 1 : 0) }] : []),
      ...(support ? [{ weapon: support, armour, support: true }] : []),
    ],
  });
  if (o.method === 'basic') {
    const B = GENERATION.basic;
    const strength = B.squadStrength[d6('squad_strength')];
    const basic = B.basicWeapon[d6('basic_weapon')];
    const commands: UnitSpec[] = [];
    const platoonSquads: UnitSpec[][] = [];
    for (let p = 1; p <= platoons; p++) {
      const size = B.platoonSize[d6('platoon_size', { platoon: p })];
      const cmd = squad(`Platoon ${p} command`, 'regular', 'steady', basic, 'light', 4, null);
      commands.push(cmd);
      units.push(cmd);
      platoonSquads.push([]);
      for (let i = 1; i <= size; i++) {
        const q = B.quality[d6('quality', { platoon: p, squad: i })], r = B.resolve[d6('resolve', { platoon: p, squad: i })];
        const a = B.armour[d6('armour', { platoon: p, squad: i })], sw = B.supportWeapon[d6('support_weapon', { platoon: p, squad: i })];
        const u = squad(`Platoon ${p} squad ${i}`, q, r, basic, a, strength, sw);
        platoonSquads[p - 1].push(u);
        units.push(u);
      }
    }
    // Steps 7-9: the side's Variation, Enhancements and Limitations (#95).
    const ch = o.choices?.[side];
    if (ch) {
      rangeShift = new Map();
      const extra = applyChoices(ch, commands, platoonSquads, () => B.supportWeapon[d6('support_weapon_extra')],
        () => ({ quality: B.quality[d6('quality_recon')], resolve: B.resolve[d6('resolve_recon')], armour: B.armour[d6('armour_recon')] }), basic, rangeShift, inflexible);
      units.push(...extra);
      // Improved Intel (any platoon's enhancement; two platoons choosing it do not stack [P]).
      improvedIntel = (ch.enhancements ?? []).includes('improvedIntel');
      run.emit('force_choices', { side, ...ch });
    }
  } else {
    const A = GENERATION.advanced;
    const P = { ...DEFAULT_PRIORITIES, ...(o.priorities?.[side] ?? {}) };
    const qt = (cat: Category, what: string) => successes(run.roll(`generate_qt_${what}`, A.qtDice[P[cat]], { side, category: cat }), 5);
    const strength = A.squadStrength[P.manpower][d6('squad_strength')];
    const squads: UnitSpec[] = [];
    const hqs: UnitSpec[] = [];
    for (let p = 1; p <= platoons; p++) {
      const size = A.platoonSize[P.manpower][d6('platoon_size', { platoon: p })];
      const basic = A.basicWeapon[P.firepower][d6('basic_weapon', { platoon: p })];
      const armour = A.armour[P.gear][d6('armour', { platoon: p })];
      const resolve = A.resolve[P.aggression][d6('resolve', { platoon: p })];
      // Default Platoon HQ: a Novice leader and 3 Regular, Steady troopers, more with Top / High Manpower.
      const hq = squad(`Platoon ${p} HQ`, 'regular', 'steady', basic, armour, 4 + A.hqExtra[P.manpower], null);
      hqs.push(hq);
      units.push(hq);
      for (let i = 1; i <= size; i++) {
        const q = A.quality[P.training][d6('quality', { platoon: p, squad: i })];
        const sw = GENERATION.basic.supportWeapon[d6('support_weapon', { platoon: p, squad: i })];
        const s = squad(`Platoon ${p} squad ${i}`, q, resolve, basic, armour, strength, sw);
        if (A.jetPacks[P.gear] <= 6 && d6('jet_packs', { platoon: p, squad: i }) + 1 >= A.jetPacks[P.gear]) s.jumpPacks = true;
        squads.push(s);
        units.push(s);
      }
    }
    // Fire-power: a rifle grenade launcher per success, one trooper of a squad each in turn; Top priority, one plasma rifle.
    const swaps = [...Array(qt('firepower', 'rifle_grenades')).fill('rifleGrenades'), ...(P.firepower === 3 ? ['plasmaRifle'] : [])];
    swaps.forEach((w, i) => {
      const s = squads[i % squads.length];
      const plain = s.figures.find((f) => !f.support && !f.leader && (f.count ?? 1) >= 2);
      if (!plain) return;
      plain.count = (plain.count ?? 1) - 1;
      s.figures.push({ weapon: w, armour: plain.armour, support: true });
    });
    // Support: heavy weapons (teams of 2 [P]), type rolled once; off-board light mortars (§7.11, at most 4).
    const heavy = qt('support', 'heavy_weapons');
    if (heavy) {
      const rolled = A.heavyWeapon[d6('heavy_weapon')];
      const w = teamWeapon(rolled) ? rolled : A.heavyWeaponFallback;
      if (w !== rolled) run.emit('generation_substitute', { side, rolled, weapon: w, reason: 'not in the infantry weapon data' });
      for (let i = 1; i <= heavy; i++) units.push({ name: `Heavy weapon ${i}`, kind: 'weaponTeam', quality: 'regular', resolve: 'steady', figures: [{ weapon: w, armour: units[0].figures[0].armour, count: 2 }] });
    }
    const mortars = Math.min(4, qt('support', 'mortars'));
    for (let i = 0; i < mortars; i++) artillery.push('lightMortar');
    // Aggression: one Hardened trait per success, a squad each in turn.
    const hardened = qt('aggression', 'hardened');
    for (let i = 0; i < Math.min(hardened, squads.length); i++) squads[i].traits = ['hardened'];
    // Training Bonus: one trait per success, then one personality per success, each to the next squad in turn [P].
    const ac = o.advanced?.[side] ?? {};
    const traits = ac.traits ?? DEFAULT_TRAINING.traits, personalities = ac.personalities ?? DEFAULT_TRAINING.personalities;
    const given: { unit: string; trait?: string; personality?: string }[] = [];
    const nTraits = qt('training', 'traits');
    for (let i = 0; i < nTraits && squads.length; i++) {
      const sq = squads[i % squads.length], t = traits[i % traits.length];
      sq.traits = [...new Set([...(sq.traits ?? []), t])];
      given.push({ unit: sq.name, trait: t });
    }
    const nPers = qt('training', 'personalities');
    for (let i = 0; i < nPers && squads.length; i++) {
      const sq = squads[i % squads.length], q = personalities[i % personalities.length];
      const plain = sq.figures.find((f) => !f.support && !f.leader && !f.personalities && (f.count ?? 1) >= 1);
      if (!plain) continue;
      if ((plain.count ?? 1) > 1) { plain.count = (plain.count ?? 1) - 1; sq.figures.push({ weapon: plain.weapon, armour: plain.armour, personalities: [q] }); } else plain.personalities = [q];
      given.push({ unit: sq.name, personality: q });
    }
    if (given.length) run.emit('training_bonus', { side, given });
    // Additional Changes: the customisations (each category with ≥ 1 point, checked in generationProblem).
    const plainOf = (u: UnitSpec) => u.figures.find((f) => !f.support && !f.leader && !f.personalities);
    const troopers = (u: UnitSpec) => plainOf(u)?.count ?? (plainOf(u) ? 1 : 0);
    for (const c of ac.customisations ?? []) {
      for (const u of squads) {
        const pf = plainOf(u);
        if (c === 'assaultTroops') { for (const f of u.figures) if (!f.support) f.weapon = 'smg'; u.traits = [...new Set([...(u.traits ?? []), 'assaultTroops'])]; }
        if (c === 'humanWave') { const sw = u.figures.find((f) => f.support); if (sw) { u.figures.splice(u.figures.indexOf(sw), 1); const room = Math.min(3, 12 - u.figures.reduce((k, f) => k + (f.count ?? 1), 0)); const base = plainOf(u); if (base) base.count = (base.count ?? 1) + room; else if (room > 0) u.figures.push({ weapon: u.figures[0].weapon, armour: u.figures[0].armour, count: room }); } }
        // Improved Armour: only where a level up exists (none → light → improved → heavy).
        const lvl = ARMOUR_LEVELS.indexOf(u.figures[0].armour);
        if (c === 'improvedArmour' && pf && troopers(u) > 2 && lvl >= 0 && lvl < ARMOUR_LEVELS.length - 1) { pf.count = (pf.count ?? 1) - 2; for (const f of u.figures) f.armour = ARMOUR_LEVELS[lvl + 1]; }
        if (c === 'independentLeader' && pf && u.figures.reduce((k, f) => k + (f.count ?? 1), 0) < 12) pf.count = (pf.count ?? 1) + 1;
        if (c === 'localMilitia') { u.quality = QUALITIES[Math.max(0, QUALITIES.indexOf(u.quality) - 1)]; u.resolve = RESOLVES[Math.min(RESOLVES.length - 1, RESOLVES.indexOf(u.resolve) + 1)]; u.traits = [...new Set([...(u.traits ?? []), 'agile'])]; }
        if (c === 'moreSupport' && pf && troopers(u) > 2) { pf.count = (pf.count ?? 1) - 2; u.figures.push({ weapon: 'saw', armour: pf.armour, support: true }); }
      }
      if (c === 'independentLeader') for (const hq of hqs) { const { count: _c, ...lead } = hq.figures[0]; hq.figures = [lead]; }
    }
    if (ac.customisations?.length) run.emit('customisations', { side, customisations: ac.customisations });
    // Leaders: the HQ leaders start Novice, each success one level up, the platoons' HQs in turn;
    // the squad leaders start Inexperienced, each success one level up, the squads in turn [P].
    const LEADS: Leadership[] = ['novice', 'experienced', 'inspiring', 'heroic'];
    const RATINGS: LeaderRating[] = ['inexperienced', 'experienced', 'veteran'];
    const nLead = qt('training', 'leaders');
    for (let i = 0; i < nLead && hqs.length; i++) { const hq = hqs[i % hqs.length]; hqLead.set(hq, LEADS[Math.min(3, LEADS.indexOf(hqLead.get(hq) ?? 'novice') + 1)]); }
    for (const u of squads) ratings.set(u, 'inexperienced');
    const nSquadLead = qt('training', 'squad_leaders');
    for (let i = 0; i < nSquadLead && squads.length; i++) { const u = squads[i % squads.length]; ratings.set(u, RATINGS[Math.min(2, RATINGS.indexOf(ratings.get(u)!) + 1)]); }
  }
  // The Greater Variety options (§2.10, #112).
  const O = GENERATION.options;
  if (o.heavyWeapons) {
    for (let p = 1; p <= platoons; p++) {
      const rolled = O.heavyWeapon[d6('heavy_weapons_option', { platoon: p })];
      const w = teamWeapon(rolled) ? rolled : GENERATION.advanced.heavyWeaponFallback;
      if (w !== rolled) run.emit('generation_substitute', { side, rolled, weapon: w, reason: 'not in the infantry weapon data' });
      units.push({ name: `Platoon ${p} heavy weapon`, kind: 'weaponTeam', quality: 'regular', resolve: 'steady', figures: [{ weapon: w, armour: 'light', count: 2 }] });
    }
  }
  if (o.artillerySupport) {
    for (let i = 0; i < 1 + (attacker ? 1 : 0) && artillery.length < 4; i++) {
      const rolled = O.artillery[d6('artillery_support')];
      const w = CONTENT.weapons[rolled]?.flags?.includes('indirect') ? rolled : O.artilleryFallback;
      if (w !== rolled) run.emit('generation_substitute', { side, rolled, weapon: w, reason: 'not an indirect weapon in the weapon data' });
      artillery.push(w);
    }
  }
  // Checklist #113: Psionics, Heroic Characters, Not Like Us.
  if (o.psionics) {
    for (let p = 1; p <= platoons; p++) {
      if (d6('psionics', { platoon: p }) + 1 < 5) continue;
      const aptitude = O.psionicAptitude[d6('psionic_aptitude', { platoon: p })];
      const sq = units.find((u) => u.name.startsWith(`Platoon ${p} squad`) && u.figures.some((f) => !f.support && !f.leader && (f.count ?? 1) >= 2));
      if (!sq) continue;
      const plain = sq.figures.find((f) => !f.support && !f.leader && (f.count ?? 1) >= 2)!;
      plain.count = (plain.count ?? 1) - 1;
      sq.figures.push({ weapon: plain.weapon, armour: plain.armour, psionic: aptitude });
      run.emit('generated_psionic', { side, unit: sq.name, aptitude });
    }
  }
  if (o.heroicCharacters) {
    const n = run.roll('generate_heroic_characters', 3, { side }).filter((x) => x >= 5).length;
    const squads = units.filter((u) => (u.kind ?? 'infantry') === 'infantry');
    for (let i = 1; i <= n; i++) {
      const nature = O.heroNature[d6('hero_nature', { character: i })];
      const kit = squads[(i - 1) % squads.length].figures.find((f) => !f.support)!;
      units.push({ name: `${nature[0].toUpperCase()}${nature.slice(1)} ${i}`, kind: 'character', leadership: 'experienced', quality: 'regular', resolve: 'steady', traits: ['agile', nature], figures: [{ weapon: kit.weapon, armour: kit.armour }] });
    }
  }
  if (o.notLikeUs) {
    const rolled = [...O.notLikeUsA[d6('not_like_us_a')], ...O.notLikeUsB[d6('not_like_us_b')]];
    const built = rolled.filter((t) => CONTENT.traits[t]?.built);
    const skipped = rolled.filter((t) => !built.includes(t));
    run.emit('not_like_us', { side, traits: built, notBuilt: skipped });
    for (const u of units) if (built.length) u.traits = [...new Set([...(u.traits ?? []), ...built])];
  }
  const extras = units.map((u) => {
    const x: Generated['extras'][number] = {};
    if ((u.kind ?? 'infantry') !== 'infantry') return x;
    if (ratings.has(u)) x.leader = ratings.get(u);
    else if (o.squadLeaders && u.figures.some((f) => f.leader)) x.leader = O.squadLeader[d6('squad_leader', { unit: u.name })];
    if (hqLead.has(u)) x.hqLeadership = hqLead.get(u);
    if (o.unknownResolve) x.resolveUnknown = true;
    if (rangeShift.get(u)) x.rangeShift = rangeShift.get(u);
    if (inflexible.has(u)) x.inflexibleCoherency = true;
    return x;
  });
  // The §2.9 rules for each squad; a weapon the source gives no cost (A8) leaves the squad uncosted, not refused.
  const infantry = units.filter((u) => (u.kind ?? 'infantry') === 'infantry');
  const uncosted: string[] = [];
  let points = 0;
  for (const u of infantry) {
    const prob = forceProblem(CONTENT, [u], Number.MAX_SAFE_INTEGER);
    if (prob && prob.code !== 'no_points_cost') return violation(prob.code, `side ${side}: the generated force breaks the points rules: ${prob.message}`);
    const c = squadCost(CONTENT, u);
    if (typeof c === 'number') points += c; else uncosted.push(u.name);
  }
  run.emit('force_generated', { side, method: o.method, units: units.length, figures: units.reduce((k, u) => k + u.figures.reduce((n, f) => n + (f.count ?? 1), 0), 0), points: points / 100, uncosted, artillery: artillery.length });
  return { units, artillery, points: points / 100, extras, ...(improvedIntel ? { improvedIntel } : {}) };
}

/** The generated units' leader ratings and unknown Resolve, on the built units (same order). */
export function applyExtras(units: Unit[], g: Generated): void {
  units.forEach((u, i) => {
    const x = g.extras[i];
    if (x?.leader) u.leaderRating = x.leader;
    if (x?.resolveUnknown) u.resolveUnknown = true;
    if (x?.rangeShift) u.rangeShift = x.rangeShift;
    if (x?.inflexibleCoherency) u.inflexibleCoherency = true;
    if (x?.hqLeadership) u.hqLeadership = x.hqLeadership;
  });
}

/** Squad Leaders (§2.10, #112): −1 / +1 to each morale die while the squad leader lives [P]. */
export function leaderMorale(u: Unit): number {
  if (!u.leaderRating || !u.figures.some((f) => f.leader && f.alive)) return 0;
  return u.leaderRating === 'inexperienced' ? -1 : u.leaderRating === 'veteran' ? 1 : 0;
}

/** Unknown Resolve (§2.10, #112): rolled the first time the unit takes casualties. */
export function revealResolve(run: Run, u: Unit): void {
  if (!u.resolveUnknown || !u.figures.some((f) => !f.alive)) return;
  delete u.resolveUnknown;
  const d = run.roll('unknown_resolve', 1, { unit: u.id })[0];
  u.resolve = GENERATION.basic.resolve[d - 1];
  run.emit('resolve_revealed', { unit: u.id, resolve: u.resolve });
}

/**
 * Deployment of a generated force [P]: each unit a block of rows of up to 6 figures 2.2" apart,
 * blocks side by side 1" apart from the left, from 3" in from the side's edge, a new band behind
 * when the table is full; a block that would stand in impassable terrain slides right.
 */
export function blockDeploy(s: S, side: Side, units: Unit[]): void {
  const GAP = 220;
  let x = 100, y = 300, bandDepth = 0;
  for (const u of units) {
    const n = u.figures.length;
    const cols = Math.min(6, n), rows = Math.ceil(n / 6);
    const w = (cols - 1) * GAP + 100, h = (rows - 1) * GAP + 100;
    const spots = (x0: number): Pt[] => u.figures.map((_, i) => {
      const yy = y + 50 + Math.floor(i / 6) * GAP;
      return [x0 + 50 + (i % 6) * GAP, side === 0 ? yy : s.table.h - yy] as Pt;
    });
    for (let tries = 0; tries < 60; tries++) {
      if (x + w > s.table.w - 100) { x = 100; y += bandDepth + 100; bandDepth = 0; }
      const at = spots(x);
      if (at.some((p) => inImpassable(s, p))) { x += 100; continue; }
      u.figures.forEach((f, i) => { f.at = at[i]; });
      break;
    }
    bandDepth = Math.max(bandDepth, h);
    x += w + 100;
  }
}
