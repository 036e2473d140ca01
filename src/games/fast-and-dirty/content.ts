// Data of Fast and Dirty: weapon and armour tables (spec §2.3-§2.4, provisional), maps and the
// four built-in scenarios (§4.3), validated by TypeBox schemas at load; the points system
// (§2.9) and force lists (a game's own forces, checked against the points rules).
import { Type as T, type Static, type TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import type { Pt } from '../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../engine/types.js';
import { QUALITIES, RESOLVES, type Feature, type Figure, type Quality, type Resolve, type Side, type Unit, type Victory } from './state.js';
import weaponsJson from './data/weapons.json' with { type: 'json' };
import armourJson from './data/armour.json' with { type: 'json' };
import scenariosJson from './data/scenarios.json' with { type: 'json' };
import traitsJson from './data/traits.json' with { type: 'json' };
import vehiclesJson from './data/vehicles.json' with { type: 'json' };
import sentryJson from './data/sentry.json' with { type: 'json' };
import { withNatures } from './rules/natures.js';
import { bestowProblem } from './rules/bestow.js';
import { floorPlanProblem } from './rules/buildings.js';

const Int = T.Integer();
const XY = T.Tuple([T.Integer({ minimum: -10000, maximum: 20000 }), T.Integer({ minimum: -10000, maximum: 20000 })]);
const lit = <V extends string>(vs: readonly V[]) => T.Union(vs.map((v) => T.Literal(v)));

export const WeaponDef = T.Object({
  id: T.String(), name: T.String(), class: lit(['basic', 'support', 'heavy', 'vehicle'] as const),
  x: T.Integer({ minimum: 0 }), damage: Int, fe: Int, feDice: T.Optional(T.Integer({ minimum: 0, maximum: 3 })),
  at: T.Optional(Int), blast: T.Optional(Int), assault: T.Optional(Int),
  cost: T.Union([Int, T.Null()]), flags: T.Optional(T.Array(T.String())),
}, { additionalProperties: false });
export type WeaponDef = Static<typeof WeaponDef>;

export const ArmourDef = T.Object({
  id: T.String(), name: T.String(), rating: Int, cost: T.Union([Int, T.Null()]), powered: T.Optional(T.Boolean()), selfSealing: T.Optional(T.Boolean()),
}, { additionalProperties: false });
export type ArmourDef = Static<typeof ArmourDef>;

const OpeningDef = T.Object({ a: XY, b: XY, kind: lit(['door', 'window'] as const), barred: T.Optional(T.Boolean()) }, { additionalProperties: false });
export const FeatureDef = T.Object({
  id: T.String(), kind: lit(['area', 'linear', 'hill', 'structure'] as const), points: T.Array(XY, { minItems: 2 }),
  move: lit(['open', 'difficult', 'veryDifficult', 'impassable'] as const), cover: lit(['none', 'soft', 'hard'] as const),
  los: lit(['clear', 'block', 'woodsLight', 'woodsDense'] as const), height: T.Integer({ minimum: 0 }),
  fortification: T.Optional(lit(['foxhole', 'sandbags', 'trench', 'bunkerL', 'bunkerM', 'bunkerH'] as const)),
  water: T.Optional(T.Boolean({ description: 'an area of water: impassable to infantry and to vehicles except Hover and Amphibious ones, at Cautious speed (§2.5)' })),
  road: T.Optional(T.Boolean({ description: 'an area of road: Wheeled vehicles move 1:1 on it, and its ground is open to vehicles (§2.5, §6.3 [P])' })),
  openings: T.Optional(T.Array(OpeningDef, { description: 'a building\'s doors and windows, segments on its outline (§3.2 item 3)' })),
  rooms: T.Optional(T.Array(T.Object({ id: T.String({ minLength: 1, maxLength: 32 }), points: T.Array(XY, { minItems: 3 }) }, { additionalProperties: false }), { minItems: 2, description: 'a building\'s floor plan: rooms partitioning its interior, without overlap (§3.2 item 3)' })),
  interiorOpenings: T.Optional(T.Array(OpeningDef, { description: 'doors and windows on the walls between a building\'s rooms, each along the edges of two rooms (§3.2 item 3)' })),
}, { additionalProperties: false });

export const FigureSpec = T.Object({
  weapon: T.String({ maxLength: 64 }), armour: T.String({ maxLength: 64 }),
  support: T.Optional(T.Boolean()), leader: T.Optional(T.Boolean()),
  count: T.Optional(T.Integer({ minimum: 1, maximum: 12 })),
  personalities: T.Optional(T.Array(T.String({ maxLength: 32 }), { maxItems: 4 })),
  sealed: T.Optional(T.Boolean({ description: 'the Self-Sealing armour add-on (§2.4, §7.1): in vacuum its wounds follow the normal wound margins; no points cost in the source (free [P])' })),
  atGrenades: T.Optional(T.Boolean({ description: 'AT grenades (§6.11 item 6 [P]): an AT-capable close weapon, AT +4 [P], one hit on a vehicle it touches in close assault; +1 point [P]' })),
  psionic: T.Optional(T.Union([T.Literal('marginal'), T.Literal('competent'), T.Literal('expert'), T.Literal('master')], { description: 'a psionic of this Aptitude, Strength 3 (§2.8, §7.22); no points cost in the source' })),
  resiliencePoints: T.Optional(T.Integer({ minimum: 1, maximum: 10, description: 'trait Resilient (§2.6): the Resilience Points of each of these figures, required on every figure of a Resilient unit; a wound costs 1 RP, a kill 2; no points cost in the source (free [P])' })),
}, { additionalProperties: false });

export const UnitSpec = T.Object({
  id: T.Optional(T.String({ minLength: 1, maxLength: 16 })), name: T.String({ maxLength: 64 }),
  kind: T.Optional(lit(['infantry', 'nonCombatant', 'character', 'weaponTeam', 'sniper'] as const)),
  leadership: T.Optional(lit(['novice', 'experienced', 'inspiring', 'heroic'] as const)),
  branch: T.Optional(lit(['infantry', 'gunnery', 'cavalry'] as const)),
  scatteredFire: T.Optional(T.Boolean({ description: 'the unit fires as Scattered fire: 10" at most, 2D6, each 6 a hit (§6.8, A29)' })),
  nightVision: T.Optional(T.Boolean({ description: 'night vision (§7.16, the trait of §2.6): unrestricted fire at night within 20"' })),
  elusive: T.Optional(T.Boolean({ description: 'trait Elusive (§2.6): once per turn, when fired upon, it may fall back 4" before the shot resolves' })),
  traits: T.Optional(T.Array(T.String({ minLength: 1, maxLength: 32 }), { maxItems: 8, uniqueItems: true, description: 'unit traits (§2.6), ids from data/traits.json' })),
  drop: T.Optional(T.Boolean({ description: 'drop troops (§7.6): held in reserve, it enters by a drop as its activation' })),
  jumpPacks: T.Optional(T.Boolean({ description: 'jump packs (§7.12): Leap or Bound instead of a regular move' })),
  attached: T.Optional(T.Boolean({ description: 'a weapon team attached at deployment to the squad listed before it (§7.9)' })),
  mechanized: T.Optional(T.String({ minLength: 1, maxLength: 64, description: 'trait Mechanized (§2.6): the name of its paired transport in this force list' })),
  aboard: T.Optional(T.String({ minLength: 1, maxLength: 64, description: 'starts the game aboard the transport of this name in the same force list (§2.5, §4.2): off the table until it disembarks' })),
  commandSquad: T.Optional(T.Array(T.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 5, uniqueItems: true, description: 'trait Command Squad (§2.6): the names of its subordinate units in this force list (at most 5)' })),
  bestow: T.Optional(T.String({ minLength: 1, maxLength: 32, description: 'trait Bestow Trait (§2.6): the trait id this character gives the squad he joins, while attached' })),
  items: T.Optional(T.Array(lit(['weapon', 'armour'] as const), { minItems: 1, maxItems: 2, uniqueItems: true, description: 'the items its item traits (Holy, Unholy, §2.6) apply to; both when absent' })),
  quality: lit(QUALITIES), resolve: lit(RESOLVES),
  at: T.Optional(XY), figures: T.Array(FigureSpec, { minItems: 1, maxItems: 12 }),
  demolition: T.Optional(T.Object({ charges: T.Integer({ minimum: 1, maximum: 5 }) }, { additionalProperties: false })),
}, { additionalProperties: false });
export type UnitSpec = Static<typeof UnitSpec>;

/** A vehicle mount (§2.5): arc width in hundredths of a degree (Hull 90°, Sponson 180° on its side by default). */
export const VehicleWeapon = T.Object({
  weapon: T.String(), mount: lit(['pintle', 'hull', 'sponson', 'turret', 'external'] as const),
  system: lit(['mg', 'light', 'main', 'missile'] as const),
  arc: T.Optional(T.Integer({ minimum: 100, maximum: 36000 })), side: T.Optional(lit(['left', 'right'] as const)),
}, { additionalProperties: false });
export type VehicleWeapon = Static<typeof VehicleWeapon>;
export const VEHICLE_PROPERTIES = ['advancedTargeting', 'ecm', 'energyScreen', 'fragile', 'improvedWeaponsControl', 'reactiveArmour', 'shock', 'stealth', 'supercharged', 'underPowered', 'urbanWarfareKit', 'weaponStabilizer',
  'amphibious', 'closeInDefence', 'commandVehicle', 'cybertank', 'forwardObserver', 'jumpJets', 'medevac', 'mineClearing', 'smoke'] as const;
export const VehicleDef = T.Object({
  id: T.String(), name: T.String(), length: T.Integer({ minimum: 100, maximum: 2000 }), width: T.Integer({ minimum: 100, maximum: 1000 }), height: T.Integer({ minimum: 50 }),
  mobility: lit(['walk', 'warp', 'grav', 'hover', 'track', 'wheel'] as const),
  fireControl: lit(['primitive', 'improved', 'extensive', 'hyperTech', 'ultratech', 'defensive', 'closeSupport'] as const),
  armour: T.Object({ front: T.Integer({ minimum: 1, maximum: 15 }), side: T.Integer({ minimum: 1, maximum: 15 }), rear: T.Integer({ minimum: 1, maximum: 15 }) }, { additionalProperties: false }),
  weapons: T.Array(VehicleWeapon, { minItems: 1, maxItems: 6 }), properties: T.Optional(T.Array(lit(VEHICLE_PROPERTIES))),
  openTopped: T.Optional(T.Boolean()), transport: T.Optional(T.Integer({ minimum: 0, maximum: 20 })), cost: Int,
  shockKillDice: T.Optional(T.Integer({ minimum: 1, maximum: 6, description: 'kill dice of a Shock vehicle (§6.12 [P], default 2)' })),
}, { additionalProperties: false });
export type VehicleDef = Static<typeof VehicleDef>;
const Speed = T.Object({ cautious: Int, standard: T.Union([Int, T.Null()]) }, { additionalProperties: false });

/** A vehicle in a force list (§2.5): its type from data/vehicles.json and its crew's Quality; `heading` in hundredths of a degree. */
export const VehicleSpec = T.Object({
  id: T.Optional(T.String({ minLength: 1, maxLength: 16 })), name: T.String({ maxLength: 64 }), vehicle: T.String({ maxLength: 32 }),
  quality: lit(QUALITIES), at: T.Optional(XY), heading: T.Optional(T.Integer({ minimum: 0, maximum: 35999 })),
  formation: T.Optional(T.String({ minLength: 1, maxLength: 16, description: 'option Vehicle Formations (§5.4): vehicles of a side with the same label form one formation' })),
}, { additionalProperties: false });
export type VehicleSpec = Static<typeof VehicleSpec>;
export const isVehicleSpec = (x: UnitSpec | VehicleSpec): x is VehicleSpec => 'vehicle' in x;

/** A side's own force list (game option `forces`, §4.1 item 4, §2.9): squads and vehicles. */
export const ForceList = T.Array(T.Union([UnitSpec, VehicleSpec]), { minItems: 1, maxItems: 8 });

const VictorySchema = T.Union([
  T.Object({ kind: T.Literal('attrition') }),
  T.Object({ kind: T.Literal('holdTheLine'), attacker: T.Union([T.Literal(0), T.Literal(1)]), objective: XY, radius: Int }),
  T.Object({ kind: T.Literal('demolition'), attacker: T.Union([T.Literal(0), T.Literal(1)]), target: T.String() }),
  T.Object({ kind: T.Literal('evacuation') }),
]);

const ScenarioDef = T.Object({
  id: T.String(), number: Int, title: T.String(), map: T.String(), turnLimit: T.Integer({ minimum: 1 }),
  zones: T.Tuple([T.Tuple([Int, Int, Int, Int]), T.Tuple([Int, Int, Int, Int])]),
  points: T.Tuple([Int, Int]), victory: VictorySchema, objectives: T.Array(XY),
  extraTerrain: T.Array(FeatureDef), forces: T.Tuple([T.Array(UnitSpec), T.Array(UnitSpec)]),
  nonCombatants: T.Array(UnitSpec), notes: T.Optional(T.String()),
}, { additionalProperties: false });
export type ScenarioDef = Static<typeof ScenarioDef>;

const MapDef = T.Object({ id: T.String(), title: T.String(), table: T.Tuple([Int, Int]), terrain: T.Array(FeatureDef) }, { additionalProperties: false });
export type MapDef = Static<typeof MapDef>;

type FeatureData = Static<typeof FeatureDef>;
const pt = (p: readonly number[]): Pt => [p[0], p[1]];
const openingOf = (o: NonNullable<FeatureData['openings']>[number]) => ({ ...o, a: pt(o.a), b: pt(o.b) });
/** A map's terrain feature as the state holds it. */
function featureOf(f: FeatureData): Feature {
  return {
    ...f, points: f.points.map(pt),
    ...(f.openings ? { openings: f.openings.map(openingOf) } : {}),
    ...(f.rooms ? { rooms: f.rooms.map((r) => ({ id: r.id, points: r.points.map(pt) })) } : {}),
    ...(f.interiorOpenings ? { interiorOpenings: f.interiorOpenings.map(openingOf) } : {}),
    ...(f.kind === 'structure' || f.fortification?.startsWith('bunker') ? { status: 'intact' as const } : {}),
  };
}

export const TraitDef = T.Object({ id: T.String(), name: T.String(), built: T.Boolean(), effect: T.String() }, { additionalProperties: false });
export type TraitDef = Static<typeof TraitDef>;

/** A sentry gun automation level (§7.25 [P]): max fire range (hundredths of an inch) and the Quality it shoots with. */
const SentryLevelDef = T.Object({ range: T.Integer({ minimum: 100, maximum: 20000 }), quality: lit(QUALITIES) }, { additionalProperties: false });
export const SentryDef = T.Object({
  radius: T.Integer({ minimum: 10, maximum: 500, description: 'the round footprint of a gun (spec §3.2 [P], 0.75")' }),
  armour: T.Integer({ minimum: 1, maximum: 15, description: 'a gun\'s armour against AT hits (spec §7.25 [P], 6)' }),
  levels: T.Object({ antiquated: SentryLevelDef, modern: SentryLevelDef, enhanced: SentryLevelDef, advanced: SentryLevelDef }, { additionalProperties: false }),
}, { additionalProperties: false });
export type SentryDef = Static<typeof SentryDef>;

const Files = {
  traits: T.Object({ note: T.String(), traits: T.Array(TraitDef) }),
  weapons: T.Object({ provisional: T.Boolean(), dataset: T.String(), note: T.String(), weapons: T.Array(WeaponDef) }),
  armour: T.Object({ provisional: T.Boolean(), dataset: T.String(), note: T.String(), armour: T.Array(ArmourDef) }),
  scenarios: T.Object({ provisional: T.Boolean(), dataset: T.String(), note: T.String(), maps: T.Array(MapDef), scenarios: T.Array(ScenarioDef) }),
  vehicles: T.Object({
    provisional: T.Boolean(), dataset: T.String(), note: T.String(),
    speeds: T.Object({ walk: Speed, warp: Speed, grav: Speed, hover: Speed, track: Speed, wheel: Speed }, { additionalProperties: false }),
    weapons: T.Array(WeaponDef), vehicles: T.Array(VehicleDef),
  }),
  sentry: T.Object({ provisional: T.Boolean(), dataset: T.String(), note: T.String(), radius: SentryDef.properties.radius, armour: SentryDef.properties.armour, levels: SentryDef.properties.levels }, { additionalProperties: false }),
};

const ajv = new Ajv({ allErrors: true });
function check<S extends TSchema>(name: string, schema: S, data: unknown): Static<S> {
  const v = ajv.compile(schema);
  if (!v(data)) throw new Error(`fast-and-dirty data/${name}.json: ${ajv.errorsText(v.errors)}`);
  return data as Static<S>;
}

/** Quality factor and Resolve adjustment in tenths (§2.9). */
const QUALITY_FACTOR: Record<Quality, number> = { rabble: 7, conscript: 10, regular: 13, elite: 16 };
const RESOLVE_ADJUST: Record<Resolve, number> = { reluctant: -5, uncertain: -3, steady: 0, determined: 3 };
/** Personality costs in tenths (§2.9). */
/** AT grenades per trooper, in tenths of a point [P] (§6.11: no cost in the source). */
export const AT_GRENADE_COST = 10;
export const PERSONALITY_COST: Record<string, number> = {
  brawler: 10, knifeFighter: 10, lucky: 10, triggerHappy: 10, tech: 10, forwardObserver: 10,
  comms: 20, medic: 20, motivator: 20, intruder: 20, sharpshooter: 30,
};

export interface Content {
  weapons: Record<string, WeaponDef>;
  armour: Record<string, ArmourDef>;
  maps: Record<string, MapDef>;
  scenarios: ScenarioDef[];
  dataset: string;
  traits: Record<string, TraitDef>;
  /** Vehicle types and the mobility speeds (§2.5, data/vehicles.json). */
  vehicles: Record<string, VehicleDef>;
  speeds: Record<VehicleDef['mobility'], { cautious: number; standard: number | null }>;
  /** Sentry guns: footprint, armour and the automation table (§7.25 [P], data/sentry.json). */
  sentry: SentryDef;
}

/** Schemas, then cross-references (every weapon, armour and map named exists, default forces within points). */
export function loadContent(raw: { weapons: unknown; armour: unknown; scenarios: unknown; traits?: unknown; vehicles?: unknown; sentry?: unknown }): Content {
  const tr = check('traits', Files.traits, raw.traits ?? traitsJson);
  const w = check('weapons', Files.weapons, raw.weapons);
  const a = check('armour', Files.armour, raw.armour);
  const sc = check('scenarios', Files.scenarios, raw.scenarios);
  const ve = check('vehicles', Files.vehicles, raw.vehicles ?? vehiclesJson);
  const sg = check('sentry', Files.sentry, raw.sentry ?? sentryJson);
  const c: Content = {
    weapons: Object.fromEntries([...w.weapons, ...ve.weapons].map((x) => [x.id, x])),
    armour: Object.fromEntries(a.armour.map((x) => [x.id, x])),
    maps: Object.fromEntries(sc.maps.map((m) => [m.id, m])),
    scenarios: sc.scenarios,
    dataset: w.dataset,
    traits: Object.fromEntries(tr.traits.map((x) => [x.id, x])),
    vehicles: Object.fromEntries(ve.vehicles.map((x) => [x.id, x])),
    speeds: ve.speeds,
    sentry: { radius: sg.radius, armour: sg.armour, levels: sg.levels },
  };
  for (const v of ve.vehicles) for (const m of v.weapons) if (!c.weapons[m.weapon]) throw new Error(`vehicle ${v.id}: unknown weapon ${m.weapon} (§2.3)`);
  // Property restrictions (§2.5): Cybertanks carry no infantry; Jump Jets only on walkers; Close-In Defence only fully enclosed.
  for (const v of ve.vehicles) {
    const p = v.properties ?? [];
    if (p.includes('cybertank') && v.transport) throw new Error(`vehicle ${v.id}: a Cybertank may not transport infantry (§2.5)`);
    if (p.includes('jumpJets') && v.mobility !== 'walk') throw new Error(`vehicle ${v.id}: Jump Jets may be fitted only to walkers (§2.5)`);
    if (p.includes('closeInDefence') && v.openTopped) throw new Error(`vehicle ${v.id}: Close-In Defence only on fully enclosed vehicles (§2.5)`);
  }
  // Floor plans (§3.2 item 3): rooms inside the outline, not overlapping, interior openings on shared walls.
  for (const m of sc.maps) for (const f of m.terrain) { const p = floorPlanProblem(featureOf(f)); if (p) throw new Error(`map ${m.id}: floor plan of ${p}`); }
  for (const s of c.scenarios) {
    for (const f of s.extraTerrain) { const p = floorPlanProblem(featureOf(f)); if (p) throw new Error(`scenario ${s.id}: floor plan of ${p}`); }
    if (!c.maps[s.map]) throw new Error(`scenario ${s.id}: unknown map ${s.map}`);
    // Deployment zones (§4.2): a rectangle on the table per side, touching the side's home edge.
    const [w, h] = c.maps[s.map].table;
    s.zones.forEach(([x0, y0, x1, y1], side) => {
      if (!(0 <= x0 && x0 < x1 && x1 <= w && 0 <= y0 && y0 < y1 && y1 <= h)) throw new Error(`scenario ${s.id}: side ${side}'s deployment zone is not a rectangle on the ${w}×${h} table (§4.2)`);
      if (side === 0 ? y0 !== 0 : y1 !== h) throw new Error(`scenario ${s.id}: side ${side}'s deployment zone must reach its home edge (§4.2)`);
    });
    for (const side of [0, 1] as const) {
      for (const u of [...s.forces[side], ...s.nonCombatants]) {
        const tp = traitProblem(c, u);
        if (tp) throw new Error(`scenario ${s.id} unit ${u.name}: ${tp.message}`);
        if ((u.kind === 'character' || u.kind === 'sniper') && u.figures.reduce((k, f) => k + (f.count ?? 1), 0) !== 1) throw new Error(`scenario ${s.id} unit ${u.name}: characters and snipers are single figures (§2.8, §7.27)`);
        for (const f of u.figures) {
          if (!c.weapons[f.weapon]) throw new Error(`scenario ${s.id} unit ${u.id}: unknown weapon ${f.weapon} (§2.3)`);
          if (!c.armour[f.armour]) throw new Error(`scenario ${s.id} unit ${u.id}: unknown armour ${f.armour} (§2.4)`);
        }
      }
      const p = forceProblem(c, s.forces[side], s.points[side]);
      if (p) throw new Error(`scenario ${s.id} side ${side}: ${p.message}`);
    }
  }
  return c;
}

/** A unit's traits must be known and built (§2.6, data/traits.json). */
export function traitProblem(c: Content, u: UnitSpec): Violation | null {
  for (const t of u.traits ?? []) {
    const d = c.traits[t];
    if (!d) return violation('unknown_trait', `${u.name}: unknown trait ${t} (§2.6)`);
    if (!d.built) return violation('trait_not_built', `${u.name}: the trait ${d.name} is not built yet`);
    if (t === 'droidTroopers' && u.quality === 'elite') return violation('droid_elite', `${u.name}: Droid Troopers are never Elite (§2.6)`);
    if (t === 'selfPreservation' && !u.traits!.includes('droidTroopers')) return violation('self_preservation', `${u.name}: only Droid Troopers are programmed for self-preservation (§2.6)`);
    // HQ may only be applied to a single figure (§2.6 [P]: a unit of one figure).
    if (t === 'hq' && u.figures.reduce((k, f) => k + (f.count ?? 1), 0) !== 1) return violation('hq_single_figure', `${u.name}: HQ may only be applied to a single figure (§2.6)`);
  }
  // Holy and Unholy negate each other: not both on one unit [P].
  if (u.traits?.includes('holy') && u.traits.includes('unholy')) return violation('holy_and_unholy', `${u.name}: a unit may not be both Holy and Unholy (§2.6 [P])`);
  // Resilient: each model must be given its Resilience Points, and only a Resilient one has them (§2.6).
  const resilient = !!u.traits?.includes('resilient');
  if (u.figures.some((f) => (f.resiliencePoints !== undefined) !== resilient)) {
    return violation('resilience_points', resilient ? `${u.name}: every figure of a Resilient unit must be given its resiliencePoints (§2.6)` : `${u.name}: resiliencePoints need the Resilient trait (§2.6)`);
  }
  return bestowProblem(c, u);
}

export const CONTENT = loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: scenariosJson });

export function weapon(id: string): WeaponDef { return CONTENT.weapons[id]; }
export function armour(id: string): ArmourDef { return CONTENT.armour[id]; }
export function scenarioDef(id: string): ScenarioDef | undefined { return CONTENT.scenarios.find((s) => s.id === id); }

// ---------------------------------------------------------------- points (§2.9)

/**
 * A trooper's final cost in hundredths of a point: (40 + armour + weapon + personalities, in
 * tenths) × (quality factor + resolve adjustment, in tenths) (§2.9; e.g. Regular, Improved: 50 × 13 = 650).
 */
export function trooperCost(c: Content, q: Quality, r: Resolve, f: Static<typeof FigureSpec>): number | Violation {
  const w = c.weapons[f.weapon];
  const a = c.armour[f.armour];
  if (!w) return violation('unknown_weapon', `unknown weapon ${f.weapon}`);
  if (!a) return violation('unknown_armour', `unknown armour ${f.armour}`);
  if (w.cost === null) return violation('no_points_cost', `${w.name} has no points cost in the source (§2.9, A8): not selectable in a points-matched force`);
  if (a.cost === null) return violation('no_points_cost', `${a.name} armour has no points cost (§2.9)`);
  if (f.psionic) return violation('no_points_cost', 'psionics have no points cost in the source (§2.9 GAP): they come from scenario data or the Psionics generation option');
  // Powered armour (§2.9, p.72): "built like normal infantry squads, using the rules above"; its armour
  // cost (Light Power +6, Heavy Power +9, p.69) is in the table. [P] The "Powered Armour upgrades"
  // the transcription breaks off at are not offered.
  if (f.support && w.class !== 'support') return violation('not_a_support_weapon', `${w.name} is not a squad support weapon (§2.3)`);
  if (!f.support && w.class !== 'basic') return violation('support_weapon_needs_operator', `${w.name} is a support weapon: mark its trooper support (§2.3)`);
  let base = 40 + a.cost + w.cost;
  for (const p of f.personalities ?? []) {
    const pc = PERSONALITY_COST[p];
    if (pc === undefined) return violation('unknown_personality', `unknown personality ${p} (§2.7)`);
    base += pc;
  }
  // AT grenades: no points cost in the source [P] +1 point (§2.9 GAP).
  if (f.atGrenades) base += AT_GRENADE_COST;
  return base * (QUALITY_FACTOR[q] + RESOLVE_ADJUST[r]);
}

/** A squad's cost in hundredths, or what breaks it. */
export function squadCost(c: Content, u: UnitSpec): number | Violation {
  let total = 0;
  for (const f of u.figures) {
    const one = trooperCost(c, u.quality, u.resolve, f);
    if (typeof one !== 'number') return violation(one.code, `${u.name}: ${one.message}`, one.details);
    total += one * (f.count ?? 1);
  }
  return total;
}

/** Why a force list is not acceptable under the points rules, or null (§2.9, §2.3, A8). */
export function forceProblem(c: Content, units: (UnitSpec | VehicleSpec)[], limit: number): Violation | null {
  let total = 0;
  // Mechanized and Command Squad name units of the same list (§2.6).
  for (const u of units) {
    if (isVehicleSpec(u)) continue;
    const mech = u.mechanized ? units.find((x) => x.name === u.mechanized) : null;
    if (u.mechanized && (!mech || !isVehicleSpec(mech) || !c.vehicles[mech.vehicle]?.transport)) return violation('unknown_pair', `${u.name}: Mechanized needs a transport named ${u.mechanized} in the list (§2.6)`);
    const ride = u.aboard ? units.find((x) => x.name === u.aboard) : null;
    if (u.aboard && (!ride || !isVehicleSpec(ride) || !c.vehicles[ride.vehicle]?.transport)) return violation('not_a_transport', `${u.name}: no transport named ${u.aboard} in the list to start aboard (§2.5)`);
    const bad = (u.commandSquad ?? []).find((n) => n === u.name || !units.some((x) => x.name === n));
    if (bad) return violation('unknown_pair', `${u.name}: no subordinate unit named ${bad} in the list (§2.6)`);
  }
  // Command Vehicle: only a single vehicle of a force may have it (§2.5).
  if (units.filter((u) => isVehicleSpec(u) && c.vehicles[u.vehicle]?.properties?.includes('commandVehicle')).length > 1) return violation('two_command_vehicles', 'only a single vehicle may be a Command Vehicle (§2.5)');
  // A force with a Command Vehicle may not have an HQ figure (§2.5).
  if (units.some((u) => isVehicleSpec(u) && c.vehicles[u.vehicle]?.properties?.includes('commandVehicle')) && units.some((u) => !isVehicleSpec(u) && u.traits?.includes('hq'))) return violation('hq_with_command_vehicle', 'a force with a Command Vehicle may not have an HQ figure (§2.5)');
  for (const u of units) {
    if (isVehicleSpec(u)) {
      const v = c.vehicles[u.vehicle];
      if (!v) return violation('unknown_vehicle', `${u.name}: unknown vehicle ${u.vehicle} (§2.5, data/vehicles.json)`);
      total += vehicleCost(v, u.quality);
      continue;
    }
    if ((u.kind ?? 'infantry') !== 'infantry') return violation('not_infantry', `${u.name}: only infantry squads can be bought with points (§2.9, A8)`);
    const n = u.figures.reduce((k, f) => k + (f.count ?? 1), 0);
    if (n > 12) return violation('squad_too_large', `${u.name}: ${n} figures; at most 12 per squad`);
    const smallArms = u.figures.filter((f) => !f.support).reduce((k, f) => k + (f.count ?? 1), 0);
    if (smallArms < 1) return violation('no_small_arms', `${u.name}: a squad needs at least one small-arms trooper to operate its support weapons (§6.4 step 1)`);
    const leaders = u.figures.filter((f) => f.leader).reduce((k, f) => k + (f.count ?? 1), 0);
    if (leaders > 1) return violation('two_leaders', `${u.name}: one squad leader at most`);
    const tp = traitProblem(c, u);
    if (tp) return tp;
    const cost = squadCost(c, u);
    if (typeof cost !== 'number') return cost;
    total += cost;
  }
  if (total > limit * 100) {
    return violation('over_points', `the force costs ${(total / 100).toFixed(2)} points, over the scenario's limit of ${limit} (§2.9)`, { cost: total / 100, limit });
  }
  return null;
}

/** A vehicle's cost in hundredths [P]: its data cost (tenths) × its crew's Quality factor (tenths); the source has none (§2.9 GAP). */
export function vehicleCost(v: VehicleDef, q: Quality): number {
  return v.cost * QUALITY_FACTOR[q];
}

// ---------------------------------------------------------------- building the table

/** The §3.2 footprints: 0.5" bases, 0.625" for powered armour. */
export function baseRadius(armourId: string): number {
  return CONTENT.armour[armourId]?.powered ? 63 : 50;
}

/** A unit from its spec: figures in a line 2.2" apart (1.2" gaps, not bunched up) centred on `at` (the provisional default formation). */
export function buildUnit(spec: UnitSpec, id: string, side: Side | null, at: Pt): Unit {
  const figs: Figure[] = [];
  const flat = spec.figures.flatMap((f) => Array.from({ length: f.count ?? 1 }, () => f));
  const n = flat.length;
  flat.forEach((f, i) => {
    figs.push({
      id: `${id}.${i + 1}`, at: [at[0] + (i * 2 - (n - 1)) * 110, at[1]], r: baseRadius(f.armour),
      weapon: f.weapon, armour: f.armour, support: !!f.support, leader: !!f.leader && (f.count ?? 1) === 1, alive: true,
      ...(f.psionic ? { psi: { aptitude: f.psionic, strength: 3 } } : {}),
      ...(f.personalities?.length ? { personalities: [...f.personalities] } : {}),
      ...(f.sealed ? { sealed: true } : {}),
      ...(f.atGrenades ? { atGrenades: true } : {}),
      ...(f.resiliencePoints ? { resiliencePoints: f.resiliencePoints } : {}),
    });
  });
  return {
    id, name: spec.name, side, kind: spec.kind ?? 'infantry', quality: spec.quality, resolve: spec.resolve, strength: n,
    figures: figs, activated: false, underFire: false, broken: false, fallingBack: false, out: false,
    ...(spec.demolition ? { demolition: { charges: spec.demolition.charges, rigged: 'no' as const } } : {}),
    ...(spec.kind === 'nonCombatant' ? { controlledBy: null } : {}),
    ...(spec.kind === 'character' ? { character: { leadership: spec.leadership ?? 'novice', branch: spec.branch ?? 'infantry' }, attachedTo: null } : {}),
    ...(spec.kind === 'sniper' ? { movedLast: false } : {}),
    ...(spec.scatteredFire ? { scatteredFire: true } : {}),
    ...(spec.nightVision || spec.traits?.includes('nightVision') ? { nightVision: true } : {}),
    ...(spec.elusive || spec.traits?.includes('elusive') ? { elusive: true } : {}),
    ...(spec.traits?.length ? { traits: withNatures(spec.traits) as Unit['traits'] } : {}),
    ...(spec.jumpPacks ? { jumpPacks: true } : {}),
    ...(spec.bestow ? { bestow: spec.bestow } : {}),
    ...(spec.items ? { items: [...spec.items] } : {}),
    ...(spec.drop && side !== null ? { reserve: true } : {}),
  };
}

export function terrainOf(sc: ScenarioDef): Feature[] {
  const map = CONTENT.maps[sc.map];
  return [...map.terrain, ...sc.extraTerrain].map(featureOf);
}

export function victoryOf(sc: ScenarioDef): Victory {
  return sc.victory as Victory;
}
