// Fast and Dirty's position format (docs/ANALYSIS.md): a game between decisions, taken where
// nothing is half resolved (no Opportunity Fire window, no non-combatant control move open):
// the turn, the phase (initiative choice, a side to activate a unit, or an activated unit's
// order), whose turn it is, every unit with its Quality, Resolve, status flags and figures
// (position in hundredths of an inch, weapon, armour, alive / exited), the state of the
// demolition targets and the scores. The scenario gives the table, terrain, objectives,
// victory conditions and the options; the core game hides nothing (view.ts), so nothing in a
// position is secret.
import { overlaps, type Pt } from '../../engine/mech/geom2d.js';
import type { PositionFormat, Violation } from '../../engine/types.js';
import { violation } from '../../engine/types.js';
import { baseRadius, CONTENT, scenarioDef, squadCost, vehicleCost, type UnitSpec } from './content.js';
import { inImpassable } from './geometry.js';
import { taskOptionSchema } from './rules/tasks.js';
import { hull } from './rules/vehicles.js';
import { load } from './rules/transport.js';
import { cardMode } from './rules/cards.js';
import { inPlay, living, troops, QUALITIES, RESOLVES, type Feature, type Figure, type S, type Side, type Unit } from './state.js';

const side = { enum: [0, 1] };
const xy = { type: 'array', items: { type: 'integer', minimum: -100000, maximum: 100000 }, minItems: 2, maxItems: 2, description: '[x, y] in hundredths of an inch, origin bottom-left' };
const flag = { type: 'boolean' };
const pair = (max: number) => ({ type: 'array', items: { type: 'integer', minimum: 0, maximum: max }, minItems: 2, maxItems: 2 });
const id = { type: 'string', minLength: 1, maxLength: 40 };
const ids = { type: 'array', items: id, maxItems: 60 };
const turnNo = { type: 'integer', minimum: 0, maximum: 99 };
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', additionalProperties: false, required, properties });
const turnsBy = { type: 'object', additionalProperties: turnNo, description: 'id -> turn' };

/** A figure's per-rule marks (§2.4-§2.8, §7.23): kept as the state holds them, absent ones absent. */
const FIGURE_MARKS = {
  carryTurn: { ...turnNo, description: 'the turn in which it carries a wounded figure (§7.23)' },
  staysWith: { ...ids, description: 'a Medic staying with these wounded figures (§7.23)' },
  character: { ...id, description: "an attached character's figure: its own unit's id (§2.8)" },
  team: { ...id, description: "a crew figure of a weapon team attached at deployment: the team's unit id (§7.9)" },
  sealed: { ...flag, description: 'Self-Sealing armour (§2.4)' },
  resiliencePoints: { type: 'integer', minimum: -10, maximum: 10, description: 'trait Resilient: Resilience Points left (§2.6)' },
  painWound: { ...flag, description: 'trait Ignore Pain: wounded, still fighting (§2.6)' },
  infected: { ...flag, description: 'killed by an Infect unit and infected (§2.6)' },
  personalities: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 32 }, maxItems: 4, description: 'personalities (§2.7)' },
  hacked: { ...flag, description: 'an Intruder counter-hacked: may not intrude again (§2.7)' },
  atGrenades: { ...flag, description: 'AT grenades (§6.11)' },
  psi: { ...obj({ aptitude: { enum: ['marginal', 'competent', 'expert', 'master'] }, strength: { type: 'integer', minimum: 0, maximum: 9 }, usedTurn: turnNo, silentTurn: turnNo }, ['aptitude', 'strength']), description: 'a psionic (§7.22)' },
} as const;

const vehicleSchema = obj({
  type: { type: 'string', minLength: 1, maxLength: 32, description: 'a vehicle id of data/vehicles.json' },
  heading: { type: 'integer', minimum: 0, maximum: 35999, description: 'hundredths of a degree, 0 = +y, clockwise' },
  status: { enum: ['ok', 'systemKill', 'knockedOut', 'abandoned'] },
  immobilized: flag, bogged: flag, moraleDue: flag, moved: { enum: ['stationary', 'cautious', 'standard'] }, smokeUsed: flag,
  rerollTurn: turnNo, systemHits: { type: 'integer', minimum: 0, maximum: 9 }, formation: { type: 'string', minLength: 1, maxLength: 16 }, movedTurn: turnNo,
  landed: flag, touchedDown: flag,
}, ['type', 'heading', 'status']);

/** A unit's per-rule marks beyond the core ones (characters, vehicles, traits, psionics, generation, pairings…), kept as the state holds them. */
const UNIT_MARKS = {
  character: { ...obj({ leadership: { enum: ['novice', 'experienced', 'inspiring', 'heroic'] }, branch: { enum: ['infantry', 'gunnery', 'cavalry'] } }, ['leadership', 'branch']), description: "a character's Leadership and branch (§2.8)" },
  attachedTo: { oneOf: [id, { type: 'null' }], description: 'a character or weapon team attached to this squad (§2.8, §7.9)' },
  recallTurn: { ...turnNo, description: 'rolled a 1 beyond its Order Distance this turn (§7.20)' },
  scatteredFire: flag,
  hidden: { oneOf: [obj({ markers: { type: 'array', maxItems: 3, items: obj({ n: { type: 'integer', minimum: 1, maximum: 3 }, at: xy, id }, ['n', 'at']) } }, ['markers']), { type: 'null' }], description: 'hidden (§7.10): its markers stand for it; its figures are off the table' },
  bounding: flag,
  reserve: { ...flag, description: 'drop troops in reserve (§7.6)' },
  psi: obj({ fe: { type: 'integer', minimum: -9, maximum: 9 }, armour: { type: 'integer', minimum: -9, maximum: 9 }, fresh: flag }),
  psiReceived: turnsBy, emboldened: flag, terror: flag,
  traits: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 32 }, maxItems: 40, description: 'trait ids of data/traits.json (§2.6)' },
  wavering: flag, firedOnBy: turnsBy, movedNow: flag, jammed: flag, luckyUsed: flag, motivatorUsed: flag,
  firedFrom: { ...obj({ turn: turnNo, bearings: { type: 'array', maxItems: 60, items: obj({ unit: id, b: xy }, ['unit', 'b']) } }, ['turn', 'bearings']), description: "option Crossfires: this turn's attack bearings (§7.19)" },
  taskMark: { enum: ['underFire', 'pinned'] },
  leaderRating: { enum: ['inexperienced', 'experienced', 'veteran'] },
  resolveUnknown: flag, rangeShift: { type: 'integer', minimum: -3, maximum: 3 }, berserkNow: turnNo, villainDown: turnNo,
  hqLeadership: { enum: ['novice', 'experienced', 'inspiring', 'heroic'] }, hqRerollTurn: turnNo,
  futureShocked: flag, reverenceTest: flag, inflexibleCoherency: flag,
  vehicle: { ...vehicleSchema, description: "a vehicle's state (§2.5): kind 'vehicle', one hull figure" },
  embarked: { oneOf: [id, { type: 'null' }], description: 'aboard this transport (§2.5): off the table' },
  disembarking: flag,
  bestow: { type: 'string', minLength: 1, maxLength: 32 },
  bestowed: obj({ trait: { type: 'string', minLength: 1, maxLength: 32 }, flag: { enum: ['elusive', 'nightVision'] } }, ['trait']),
  items: { type: 'array', items: { enum: ['weapon', 'armour'] }, maxItems: 2 },
  drugsUsed: flag, drugged: obj({ turn: turnNo, added: { type: 'array', items: { type: 'string', maxLength: 32 }, maxItems: 20 } }, ['turn', 'added']),
  hiveLinked: flag, cautiousFailed: flag,
  pairs: { type: 'array', maxItems: 6, items: obj({ unit: id, kind: { enum: ['mechanized', 'command'] } }, ['unit', 'kind']), description: 'Mechanized / Command Squad pairings (§2.6)' },
} as const;

const figureSchema = {
  type: 'object', additionalProperties: false, required: ['at', 'weapon', 'armour'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 40, description: 'default <unit>.<n>, n from 1 in list order' },
    at: xy,
    weapon: { type: 'string', minLength: 1, maxLength: 64, description: 'a weapon id of data/weapons.json' },
    armour: { type: 'string', minLength: 1, maxLength: 64, description: 'an armour id of data/armour.json' },
    support: { ...flag, description: 'operates a squad support weapon' },
    leader: flag,
    alive: { ...flag, description: 'false: a casualty (default true)' },
    exited: { ...flag, description: 'left the table over its home edge (Evacuation); its at is not checked' },
    wounded: { enum: ['wounded', 'stabilized'], description: 'module Recover Wounded: a casualty (alive false) lying wounded, untreated or stabilized (§7.23)' },
    leftBehind: { ...flag, description: 'a wounded figure its squad has already rolled to leave behind (§7.23)' },
    ...FIGURE_MARKS,
  },
};

const unitSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'side', 'quality', 'resolve', 'figures'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 16 },
    name: { type: 'string', maxLength: 64, description: 'default: the id' },
    side: { oneOf: [side, { type: 'null' }], description: 'null: a neutral non-combatant group (§7.17)' },
    kind: { enum: ['infantry', 'nonCombatant', 'character', 'weaponTeam', 'sniper', 'vehicle'], description: 'default infantry' },
    quality: { enum: QUALITIES },
    resolve: { enum: RESOLVES },
    strength: { type: 'integer', minimum: 1, maximum: 12, description: 'figures at the start (break points, §2.1); default: the figures listed' },
    figures: { type: 'array', items: figureSchema, minItems: 0, maxItems: 12, description: "an attached character's figure stands in its host's list (its own is then empty)" },
    activated: { ...flag, description: 'has activated this turn' },
    underFire: flag, broken: flag, fallingBack: flag,
    pinned: { ...flag, description: 'module Pinning (§7.19)' },
    leftWounded: { ...flag, description: 'module Recover Wounded: failed Leave No One Behind, Resolve one level lower (§7.23)' },
    out: { ...flag, description: 'out of play (routed, surrendered, wiped out, §9)' },
    controlledBy: { oneOf: [side, { type: 'null' }], description: 'a non-combatant group: the side controlling it this turn' },
    lastStand: { ...flag, description: 'making a Last Stand (§6.x, activate with lastStand)' },
    movedLast: { ...flag, description: 'moved in its last order (weapon teams, snipers fire only unmoved)' },
    smokeUsed: { ...flag, description: 'has laid its one smoke screen' },
    hideTried: { ...flag, description: 'has tried to hide (module Hidden movement)' },
    noFireTurn: { type: 'integer', minimum: 0, maximum: 99, description: 'the turn in which it may not fire' },
    actedTurn: { type: 'integer', minimum: 0, maximum: 99, description: 'the turn in which it last moved or fired (troops in trenches, §7.7)' },
    nightVision: { ...flag, description: 'night vision (§7.16)' },
    elusive: { ...flag, description: 'trait Elusive (§2.6)' },
    jumpPacks: { ...flag, description: 'jump packs (§7.12)' },
    elusiveTurn: { type: 'integer', minimum: 0, maximum: 99, description: 'the turn in which it last used Elusive (§2.6)' },
    hesitant: { ...flag, description: 'failed Command Response this activation (§7.3)' },
    casualtiesSeen: { type: 'integer', minimum: 0, maximum: 12, description: 'casualties at the end of its last activation (§7.3)' },
    scout: { oneOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }], description: 'the figure out scouting (§7.24)' },
    scoutMate: { oneOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }], description: 'a Recon squad\'s second figure out scouting (§2.6)' },
    demolition: {
      type: 'object', additionalProperties: false, required: ['charges', 'rigged'],
      properties: { charges: { type: 'integer', minimum: 0, maximum: 5 }, rigged: { enum: ['no', 'pending', 'yes'] }, riggedAt: xy, rigWait: flag },
    },
    ...UNIT_MARKS,
  },
};

const cardList = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 40 }, maxItems: 200 };
/** The game's state beyond the units (§5.1 cards, §7.6-§7.28 modules), kept as the state holds it. */
const TABLE_MARKS = {
  smoke: { type: 'array', maxItems: 40, items: obj({ unit: id, a: xy, b: xy }, ['unit', 'a', 'b']), description: 'smoke screens on the table (§7.26)' },
  minefields: {
    type: 'array', maxItems: 12, description: 'minefields (§7.15): the real marker and mine type are the placer\'s secret',
    items: obj({ id, owner: side, markers: { type: 'array', minItems: 1, maxItems: 3, items: obj({ n: { type: 'integer', minimum: 1, maximum: 3 }, at: xy }, ['n', 'at']) }, real: { oneOf: [{ type: 'integer', minimum: 1, maximum: 3 }, { type: 'null' }] }, mine: { enum: ['ap', 'av', null] }, revealed: flag }, ['id', 'owner', 'markers', 'real', 'mine', 'revealed']),
  },
  minesToPlace: pair(12),
  artillery: { type: 'array', maxItems: 12, items: obj({ id, side, weapon: { type: 'string', minLength: 1, maxLength: 64 }, lost: flag, usedTurn: turnNo }, ['id', 'side', 'weapon', 'lost', 'usedTurn']), description: 'off-board artillery sections (§7.11)' },
  improvedIntel: { type: 'array', items: side, maxItems: 2, description: 'Improved Intel sides (§2.10)' },
  pairNext: { ...obj({ after: id, unit: id }, ['after', 'unit']), description: "a paired activation: unit activates when after's ends (§2.6)" },
  sentriesDestroyed: { ...ids, description: 'sentry guns destroyed (§7.25), ids A-SG-n / B-SG-n' },
  markers: { type: 'array', maxItems: 20, items: obj({ id, side, at: xy, dummy: { const: true } }, ['id', 'side', 'at']), description: 'night dummy markers (§4.2)' },
  dummiesDue: pair(6), markerSeq: { type: 'integer', minimum: 0, maximum: 999 },
  tasks: {
    type: 'array', maxItems: 8, description: 'the tasks (§7.28): option tasks with who accomplished each and which are lost',
    items: { ...taskOptionSchema.items, required: ['id', 'at', 'done', 'lost'], properties: { ...taskOptionSchema.items.properties, done: { oneOf: [side, { type: 'null' }] }, lost: flag } },
  },
  cards: {
    ...obj({
      deck: obj({ top: cardList, pool: cardList, discard: cardList }, ['top', 'pool', 'discard']),
      drawn: { oneOf: [obj({ unit: id }, ['unit']), obj({ commander: id, side }, ['commander', 'side']), { type: 'null' }] },
      last: { oneOf: [side, { type: 'null' }] },
      cooler: { oneOf: [obj({ toAct: side, passed: { type: 'array', items: side, maxItems: 2 }, fired: ids }, ['toAct', 'passed', 'fired']), { type: 'null' }] },
      reaction: flag, react: { oneOf: [obj({ side, to: id }, ['side', 'to']), { type: 'null' }] }, inspire: { oneOf: [side, { type: 'null' }] },
    }, ['deck', 'drawn', 'last', 'cooler']),
    description: "card sequences (§5.1): this turn's deck (top: known order, pool: the rest, discard) and the drawn card",
  },
} as const;

export const positionSchema = {
  $id: 'FastAndDirtyPosition',
  title: 'Fast and Dirty position (between decisions)',
  type: 'object', additionalProperties: false,
  required: ['turn', 'phase', 'toAct', 'units'],
  properties: {
    scenario: { type: 'string', description: 'when given, the scenario the game is created with' },
    turn: { type: 'integer', minimum: 1, maximum: 30 },
    phase: { enum: ['initiative', 'activate', 'order'], description: "'initiative': the roll's winner chooses to go first or second; 'activate': toAct picks a unit; 'order': the active unit's order" },
    toAct: { ...side, description: 'the side whose alternation turn it is' },
    initiative: {
      type: 'object', additionalProperties: false, required: ['winner', 'rolls'],
      description: "this turn's initiative roll (§5.1); required in phase 'initiative'",
      properties: { winner: side, rolls: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 6 }, minItems: 2, maxItems: 2 } },
    },
    active: { type: 'string', description: "phase 'order': the activated unit" },
    seized: { oneOf: [side, { type: 'null' }], description: 'option Seize Initiative: the side with an extra activation' },
    units: { type: 'array', items: unitSchema, minItems: 1, maxItems: 40 },
    structures: { type: 'object', description: 'demolition target or bunker id -> its state', additionalProperties: { enum: ['intact', 'badlyDamaged', 'destroyed'] } },
    score: pair(1000),
    evacuated: pair(1000),
    heart: pair(2),
    startUnits: { ...pair(40), description: 'units each side began with (Losing Heart, §6.13); default: its units in the position' },
    step: { type: 'integer', minimum: 0, description: 'the decision counter (decision keys); default the set-up one' },
    lastStandUsed: { type: 'array', items: { type: 'boolean' }, minItems: 2, maxItems: 2, description: 'each side has declared its Last Stand' },
    ...TABLE_MARKS,
  },
} as const;

type Marks<T> = { [K in keyof T]?: unknown };
type FigPos = Marks<typeof FIGURE_MARKS> & { id?: string; at: Pt; weapon: string; armour: string; support?: boolean; leader?: boolean; alive?: boolean; exited?: boolean; wounded?: 'wounded' | 'stabilized'; leftBehind?: boolean };
type UnitPos = Marks<typeof UNIT_MARKS> & {
  id: string; name?: string; side: Side | null; kind?: Unit['kind']; quality: Unit['quality']; resolve: Unit['resolve']; strength?: number; figures: FigPos[];
  activated?: boolean; underFire?: boolean; broken?: boolean; fallingBack?: boolean; pinned?: boolean; leftWounded?: boolean; out?: boolean; controlledBy?: Side | null; demolition?: Unit['demolition'];
  lastStand?: boolean; movedLast?: boolean; smokeUsed?: boolean; hideTried?: boolean; noFireTurn?: number; actedTurn?: number; nightVision?: boolean; elusive?: boolean; elusiveTurn?: number; jumpPacks?: boolean; scout?: string | null; scoutMate?: string | null; hesitant?: boolean; casualtiesSeen?: number;
};
type Pos = Marks<typeof TABLE_MARKS> & {
  scenario?: string; turn: number; phase: 'initiative' | 'activate' | 'order'; toAct: Side; initiative?: { winner: Side; rolls: [number, number] };
  active?: string; seized?: Side | null; units: UnitPos[]; structures?: Record<string, NonNullable<Feature['status']>>;
  lastStandUsed?: [boolean, boolean];
  score?: [number, number]; evacuated?: [number, number]; heart?: [number, number]; startUnits?: [number, number]; step?: number;
};

/** The marks of `from` named in `schema` that are set, deep-copied (absent ones stay absent, so a round trip is exact). */
function marks(from: object, schema: object): Record<string, unknown> {
  const o = from as Record<string, unknown>;
  return Object.fromEntries(Object.keys(schema).filter((k) => o[k] !== undefined).map((k) => [k, JSON.parse(JSON.stringify(o[k]))]));
}

const pt = (p: Pt): Pt => [p[0], p[1]];

function unitOf(q: UnitPos): Unit {
  const kind = q.kind ?? 'infantry';
  const figures: Figure[] = q.figures.map((f, i) => ({
    id: f.id ?? `${q.id}.${i + 1}`, at: pt(f.at), r: radius(q, f), weapon: f.weapon, armour: f.armour,
    support: !!f.support, leader: !!f.leader, alive: f.alive ?? true, ...(f.exited !== undefined ? { exited: f.exited } : {}),
    ...(f.wounded && f.alive === false ? { wounded: f.wounded } : {}), ...(f.leftBehind ? { leftBehind: true } : {}),
    ...marks(f, FIGURE_MARKS),
  }));
  return {
    id: q.id, name: q.name ?? q.id, side: q.side, kind, quality: q.quality, resolve: q.resolve, strength: q.strength ?? figures.length, figures,
    activated: !!q.activated, underFire: !!q.underFire, broken: !!q.broken, fallingBack: !!q.fallingBack,
    ...(q.pinned !== undefined ? { pinned: q.pinned } : {}),
    ...(q.leftWounded ? { leftWounded: true } : {}),
    out: !!q.out,
    ...(q.demolition ? { demolition: { ...q.demolition, ...(q.demolition.riggedAt ? { riggedAt: pt(q.demolition.riggedAt) } : {}) } } : {}),
    ...(q.controlledBy !== undefined ? { controlledBy: q.controlledBy } : kind === 'nonCombatant' ? { controlledBy: null } : {}),
    ...optionalFlags(q),
    ...marks(q, UNIT_MARKS),
  } as Unit;
}

/** A figure's base radius: a vehicle's hull figure half its width (rules/vehicles.ts), else by armour (§3.2). */
function radius(q: UnitPos, f: FigPos): number {
  const v = q.vehicle as { type?: string } | undefined;
  if (q.kind === 'vehicle' && v?.type && CONTENT.vehicles[v.type]) return Math.floor(CONTENT.vehicles[v.type].width / 2);
  return baseRadius(f.armour);
}

const OPTIONAL_FLAGS = ['lastStand', 'movedLast', 'smokeUsed', 'hideTried', 'noFireTurn', 'actedTurn', 'nightVision', 'elusive', 'elusiveTurn', 'jumpPacks', 'scout', 'scoutMate', 'hesitant', 'casualtiesSeen'] as const;
/** The unit's optional per-rule marks, as set (absent ones stay absent, so a round trip is exact). */
function optionalFlags(u: Partial<Record<(typeof OPTIONAL_FLAGS)[number], unknown>>): Record<string, unknown> {
  return Object.fromEntries(OPTIONAL_FLAGS.filter((k) => u[k] !== undefined).map((k) => [k, u[k]]));
}

/** Why the units cannot stand as given, or null (§2, §3.2). */
function unitsProblem(s: S, units: Unit[]): Violation | null {
  const ids = new Set<string>();
  const figIds = new Set<string>();
  for (const [i, u] of units.entries()) {
    const where = `units[${i}] (${u.id})`;
    if (ids.has(u.id)) return violation('duplicate_unit', `${where}: two units are called ${u.id}`, { unit: u.id });
    ids.add(u.id);
    if (u.side === null && u.kind !== 'nonCombatant') return violation('bad_side', `${where}: only a non-combatant group belongs to no side (§7.17)`, { unit: u.id });
    if (u.kind === 'nonCombatant' && u.side !== null) return violation('bad_side', `${where}: a non-combatant group is neutral (side null), controlled turn by turn (§7.17)`, { unit: u.id });
    if (u.controlledBy !== undefined && u.controlledBy !== null && u.kind !== 'nonCombatant') return violation('bad_side', `${where}: only a non-combatant group is controlled`, { unit: u.id });
    if (u.strength < u.figures.length) return violation('stat_out_of_range', `${where}: strength ${u.strength} is below its ${u.figures.length} figures`, { unit: u.id, strength: u.strength });
    if (u.figures.filter((f) => f.leader).length > 1) return violation('two_leaders', `${where}: one squad leader at most`, { unit: u.id });
    if (u.kind === 'infantry' && !u.figures.some((f) => !f.support)) return violation('no_small_arms', `${where}: a squad needs a small-arms trooper to operate its support weapons (§6.4)`, { unit: u.id });
    for (const [j, f] of u.figures.entries()) {
      const fw = `${where}.figures[${j}]`;
      if (figIds.has(f.id)) return violation('duplicate_figure', `${fw}: two figures are called ${f.id}`, { figure: f.id });
      figIds.add(f.id);
      const w = CONTENT.weapons[f.weapon];
      if (!w) return violation('unknown_weapon', `${fw}: there is no weapon ${f.weapon} (data/weapons.json)`, { figure: f.id, weapon: f.weapon });
      if (!CONTENT.armour[f.armour]) return violation('unknown_armour', `${fw}: there is no armour ${f.armour} (data/armour.json)`, { figure: f.id, armour: f.armour });
      // The operator rules are a squad's: a weapon team's crew, a sniper and a vehicle's hull figure (its first weapon) carry their own.
      const squadFigure = (u.kind === 'infantry' || u.kind === 'nonCombatant' || u.kind === 'character') && !f.team;
      if (squadFigure && f.support && w.class !== 'support') return violation('not_a_support_weapon', `${fw}: ${w.name} is not a squad support weapon (§2.3)`, { figure: f.id });
      if (squadFigure && !f.support && w.class !== 'basic') return violation('support_weapon_needs_operator', `${fw}: ${w.name} is a support weapon: mark its trooper support (§2.3)`, { figure: f.id });
      if (f.exited) {
        // Where it left does not matter any more (its at is kept as given).
        continue;
      }
      // Figures off the table (embarked, in reserve, hidden under markers) stand nowhere; a vehicle's hull is checked whole (vehiclesProblem).
      if (!f.alive || u.embarked || u.reserve || u.hidden || u.kind === 'vehicle') continue;
      const [x, y] = f.at;
      if (x - f.r < 0 || y - f.r < 0 || x + f.r > s.table.w || y + f.r > s.table.h) {
        return violation('off_table', `${fw}: ${f.id} at (${x}, ${y}) is not wholly on the ${s.table.w / 100}" x ${s.table.h / 100}" table (§3.2)`, { figure: f.id, at: [x, y] });
      }
      const imp = inImpassable(s, f.at);
      if (imp) return violation('in_impassable_terrain', `${fw}: ${f.id} stands inside ${imp}, which is impassable (§3.2)`, { figure: f.id, feature: imp });
    }
  }
  const live = units.flatMap((u) => living(u));
  for (let a = 0; a < live.length; a++) {
    for (let b = a + 1; b < live.length; b++) {
      if (overlaps(live[a].at, live[a].r, live[b].at, live[b].r)) {
        return violation('overlap', `${live[a].id} and ${live[b].id} overlap: bases may touch but not overlap (§3.2)`, { figures: [live[a].id, live[b].id] });
      }
    }
  }
  return null;
}

const onTable = (s: S, p: Pt, r = 0) => p[0] - r >= 0 && p[1] - r >= 0 && p[0] + r <= s.table.w && p[1] + r <= s.table.h;

/** Why the vehicles and passengers cannot stand as given, or null (§2.5): a known type, the hull on the table, passengers in a transport of their side with room. */
function vehiclesProblem(s: S, units: Unit[]): Violation | null {
  for (const u of units) {
    if ((u.kind === 'vehicle') !== !!u.vehicle) return violation('not_a_vehicle', `${u.id}: a vehicle unit (kind 'vehicle') and only it has a vehicle state`, { unit: u.id });
    if (u.vehicle) {
      const d = CONTENT.vehicles[u.vehicle.type];
      if (!d) return violation('unknown_vehicle', `${u.id}: there is no vehicle ${u.vehicle.type} (data/vehicles.json)`, { unit: u.id, vehicle: u.vehicle.type });
      if (u.figures.length !== 1) return violation('stat_out_of_range', `${u.id}: a vehicle is one hull figure (§2.5)`, { unit: u.id });
      if (u.embarked || u.reserve || u.hidden) return violation('not_a_transport', `${u.id}: a vehicle does not embark, drop or hide`, { unit: u.id });
      const f = u.figures[0];
      if (f.alive && !f.exited && !hull(u).every((c) => onTable(s, c))) {
        return violation('off_table', `${u.id}: the hull at (${f.at[0]}, ${f.at[1]}) heading ${u.vehicle.heading} is not wholly on the ${s.table.w / 100}" x ${s.table.h / 100}" table (§3.2)`, { unit: u.id, at: f.at });
      }
    }
    if (u.embarked) {
      const v = units.find((x) => x.id === u.embarked);
      // A Cavalry character rides in any vehicle as its commander (§2.8 [P]).
      const commander = u.kind === 'character' && u.character?.branch === 'cavalry';
      if (!v || !v.vehicle || (!commander && !(CONTENT.vehicles[v.vehicle.type]?.transport ?? 0)) || v.side !== u.side) {
        return violation('not_a_transport', `${u.id}: embarked in ${u.embarked}, which is no transport of side ${u.side} (§2.5)`, { unit: u.id, transport: u.embarked });
      }
    }
  }
  for (const v of units.filter((x) => x.vehicle && CONTENT.vehicles[x.vehicle.type]?.transport)) {
    const taken = units.filter((u) => u.embarked === v.id && !u.out && !(u.kind === 'character' && u.character?.branch === 'cavalry')).reduce((n, u) => n + load(u), 0);
    const room = CONTENT.vehicles[v.vehicle!.type].transport!;
    if (taken > room) return violation('over_capacity', `${v.id}: its passengers take ${taken} places, it has ${room} (§2.5)`, { unit: v.id, taken, room });
  }
  return null;
}

/** Why the other per-rule marks cannot stand, or null: units they name exist, traits are known, markers on the table, tasks, cards and sentry guns the game's. */
function marksProblem(s: S, units: Unit[]): Violation | null {
  const byId = new Set(units.map((u) => u.id));
  const unknownUnit = (where: string, id: string) => violation('unknown_unit', `${where}: there is no unit ${id}`, { unit: id });
  for (const u of units) {
    for (const t of u.traits ?? []) if (!CONTENT.traits[t]) return violation('unknown_trait', `${u.id}: there is no trait ${t} (data/traits.json)`, { unit: u.id, trait: t });
    if (u.attachedTo && !units.some((h) => h.id === u.attachedTo && h.side === u.side)) return unknownUnit(`${u.id}.attachedTo`, u.attachedTo);
    for (const q of u.pairs ?? []) if (!byId.has(q.unit)) return unknownUnit(`${u.id}.pairs`, q.unit);
    for (const m of u.hidden?.markers ?? []) if (!onTable(s, m.at)) return violation('off_table', `${u.id}: hidden marker ${m.n} at (${m.at[0]}, ${m.at[1]}) is off the table (§7.10)`, { unit: u.id, at: m.at });
  }
  const seen = new Set<string>();
  for (const m of s.markers ?? []) {
    if (!onTable(s, m.at)) return violation('off_table', `markers: ${m.id} at (${m.at[0]}, ${m.at[1]}) is off the table (§4.2)`, { marker: m.id, at: m.at });
    if (seen.has(m.id)) return violation('duplicate_marker', `markers: two markers are called ${m.id}`, { marker: m.id });
    seen.add(m.id);
  }
  for (const mf of s.minefields) for (const m of mf.markers) if (!onTable(s, m.at)) return violation('off_table', `minefield ${mf.id}: marker ${m.n} is off the table (§7.15)`, { minefield: mf.id, at: m.at });
  for (const sm of s.smoke) if (!byId.has(sm.unit)) return unknownUnit('smoke', sm.unit);
  for (const a of s.artillery) if (!CONTENT.weapons[a.weapon]) return violation('unknown_weapon', `artillery ${a.id}: there is no weapon ${a.weapon} (data/weapons.json)`, { weapon: a.weapon });
  const taskIds = ((s.options.tasks ?? []) as { id: string }[]).map((t) => t.id);
  for (const t of s.tasks ?? []) if (!taskIds.includes(t.id)) return violation('unknown_task', `tasks: ${t.id} is no task of the game's option tasks`, { task: t.id });
  const guns = ([0, 1] as Side[]).flatMap((sd) => ((s.options.sentryGuns?.[sd] ?? []) as unknown[]).map((_, i) => `${sd === 0 ? 'A' : 'B'}-SG-${i + 1}`));
  for (const g of s.sentriesDestroyed ?? []) if (!guns.includes(g)) return violation('unknown_sentry', `sentriesDestroyed: ${g} is no sentry gun of the game's option sentryGuns`, { sentry: g });
  if (s.cards) {
    if (!cardMode(s)) return violation('no_cards', 'cards: the game is played with the standard sequence (option cardSequence)');
    const d = s.cards.drawn;
    if (d && 'unit' in d && !byId.has(d.unit)) return unknownUnit('cards.drawn', d.unit);
  }
  if (s.pairNext && (!byId.has(s.pairNext.unit) || !byId.has(s.pairNext.after))) return unknownUnit('pairNext', byId.has(s.pairNext.unit) ? s.pairNext.after : s.pairNext.unit);
  return null;
}

/**
 * A side's force against the scenario's points limit, as bought (every figure listed, casualties
 * too, §2.9): its infantry squads and vehicles (characters, weapon teams and snipers are not bought
 * with points, A8). Generated forces (option generate, §2.10) are not bought: not checked.
 */
function pointsProblem(s: S, units: Unit[]): Violation | null {
  const sc = scenarioDef(s.scenario)!;
  if (s.options.generate) return null;
  for (const sd of [0, 1] as Side[]) {
    let total = 0;
    for (const u of units.filter((x) => x.side === sd)) {
      if (u.kind === 'vehicle') {
        const d = u.vehicle && CONTENT.vehicles[u.vehicle.type];
        if (d) total += vehicleCost(d, u.quality);
        continue;
      }
      if (u.kind !== 'infantry') continue;
      const spec: UnitSpec = {
        name: u.name, quality: u.quality, resolve: u.resolve,
        figures: u.figures.map((f) => ({ weapon: f.weapon, armour: f.armour, support: f.support, leader: f.leader })),
      };
      const c = squadCost(CONTENT, spec);
      if (typeof c !== 'number') return violation(c.code, `side ${sd}: ${c.message}`, c.details);
      total += c;
    }
    if (total > sc.points[sd] * 100) {
      return violation('over_points', `side ${sd}: the force costs ${(total / 100).toFixed(2)} points, over the scenario's limit of ${sc.points[sd]} (§2.9)`, { side: sd, cost: total / 100, limit: sc.points[sd] });
    }
  }
  return null;
}

export const fastAndDirtyPosition: PositionFormat<S> = {
  schema: positionSchema as unknown as Record<string, unknown>,
  streams: {
    dice: { description: 'every draw in order: a D6 (initiative, Quality tests, fire, damage, morale, assault, demolition) by the number it shows (1..6); a random pick among n (hit allocation by lot) by its place, 1..n', offset: 1 },
  },
  toPosition(s: S) {
    if (s.result || s.phase === 'ended') return violation('not_at_a_position', 'the game is over');
    if (s.phase === 'opportunity' || s.phase === 'control' || s.interrupted) {
      return violation('not_at_a_position', `a position is taken between decisions; this state is in an open ${s.phase === 'control' ? 'non-combatant control move' : 'Opportunity Fire window'}`, { phase: s.phase });
    }
    if (s.phase !== 'initiative' && s.phase !== 'activate' && s.phase !== 'order') {
      return violation('not_at_a_position', `a position is taken in the initiative, activate or order phase; this state is in phase '${s.phase}'`, { phase: s.phase });
    }
    const p: Pos = {
      scenario: s.scenario, turn: s.turn, phase: s.phase, toAct: s.toAct,
      ...(s.initiative ? { initiative: { winner: s.initiative.winner, rolls: [s.initiative.rolls[0], s.initiative.rolls[1]] } } : {}),
      ...(s.active ? { active: s.active } : {}), seized: s.seized,
      units: s.units.map((u) => ({
        id: u.id, name: u.name, side: u.side, kind: u.kind, quality: u.quality, resolve: u.resolve, strength: u.strength,
        figures: u.figures.map((f) => ({
          id: f.id, at: pt(f.at), weapon: f.weapon, armour: f.armour, support: f.support, leader: f.leader, alive: f.alive,
          ...(f.exited !== undefined ? { exited: f.exited } : {}), ...(f.wounded ? { wounded: f.wounded } : {}), ...(f.leftBehind ? { leftBehind: true } : {}),
          ...marks(f, FIGURE_MARKS),
        })),
        activated: u.activated, underFire: u.underFire, broken: u.broken, fallingBack: u.fallingBack,
        ...(u.pinned !== undefined ? { pinned: u.pinned } : {}), ...(u.leftWounded ? { leftWounded: true } : {}), out: u.out,
        ...(u.controlledBy !== undefined ? { controlledBy: u.controlledBy } : {}),
        ...(u.demolition ? { demolition: JSON.parse(JSON.stringify(u.demolition)) } : {}),
        ...optionalFlags(u),
        ...marks(u, UNIT_MARKS),
      })),
      structures: Object.fromEntries(s.terrain.filter((f) => f.status).map((f) => [f.id, f.status!])),
      score: [s.score[0], s.score[1]], evacuated: [s.evacuated[0], s.evacuated[1]], heart: [s.heart[0], s.heart[1]],
      startUnits: [s.startUnits[0], s.startUnits[1]], step: s.step,
      ...(s.lastStandUsed ? { lastStandUsed: [s.lastStandUsed[0], s.lastStandUsed[1]] } : {}),
      ...marks(s, TABLE_MARKS),
    };
    return p;
  },
  fromPosition(raw: unknown, base: S): S | Violation {
    const p = raw as Pos;
    if (p.scenario !== undefined && p.scenario !== base.scenario) return violation('wrong_scenario', `the position is of scenario ${p.scenario}; the game is created with ${base.scenario}`, { scenario: p.scenario });
    if (p.turn > base.options.turnLimit) return violation('stat_out_of_range', `turn ${p.turn} is past the turn limit of ${base.options.turnLimit} (§9)`, { turn: p.turn });
    const terrain = base.terrain.map((f) => ({ ...f, points: f.points.map(pt) }));
    for (const [id, st] of Object.entries(p.structures ?? {})) {
      const f = terrain.find((x) => x.id === id);
      if (!f || f.status === undefined) return violation('unknown_feature', `structures.${id}: no demolition target ${id} in ${base.scenario}`, { feature: id });
      f.status = st;
    }
    const s: S = {
      ...JSON.parse(JSON.stringify(base)) as S,
      terrain, units: [], turn: p.turn, phase: p.phase, toAct: p.toAct,
      initiative: p.initiative ? { winner: p.initiative.winner, rolls: [p.initiative.rolls[0], p.initiative.rolls[1]] } : null,
      active: p.phase === 'order' ? p.active ?? null : null, controlGroup: null, seized: p.seized ?? null, interrupted: null,
      score: p.score ? [p.score[0], p.score[1]] : [0, 0], evacuated: p.evacuated ? [p.evacuated[0], p.evacuated[1]] : [0, 0], heart: p.heart ? [p.heart[0], p.heart[1]] : [0, 0],
      step: p.step ?? base.step, result: null,
      // The table's marks are the position's (the scenario's set-up ones replaced, absent ones empty).
      smoke: [], minefields: [], minesToPlace: [0, 0], artillery: [], reveal: null,
      ...(p.lastStandUsed ? { lastStandUsed: [p.lastStandUsed[0], p.lastStandUsed[1]] as [boolean, boolean] } : {}),
    };
    for (const k of Object.keys(TABLE_MARKS)) if (!['smoke', 'minefields', 'minesToPlace', 'artillery'].includes(k)) delete (s as unknown as Record<string, unknown>)[k];
    // Windows that are closed between decisions, and the set-up's infiltration list (done before turn 1).
    for (const k of ['infiltrators', 'landing', 'lull', 'intruded', 'spot', 'detecting', 'elusive', 'harm'] as const) delete s[k];
    Object.assign(s, marks(p, TABLE_MARKS));
    const units = p.units.map(unitOf);
    const bad = unitsProblem(s, units) ?? vehiclesProblem(s, units) ?? marksProblem(s, units) ?? pointsProblem(s, units);
    if (bad) return bad;
    s.units = units;
    s.startUnits = p.startUnits ? [p.startUnits[0], p.startUnits[1]] : [0, 1].map((sd) => units.filter((u) => u.side === sd).length) as [number, number];
    for (const sd of [0, 1] as Side[]) {
      if (!units.some((u) => u.side === sd && u.kind === 'infantry')) return violation('no_units', `side ${sd} has no infantry unit`, { side: sd });
    }
    for (const u of units) {
      if (u.demolition && !(base.victory.kind === 'demolition' && u.side === base.victory.attacker)) return violation('no_demolition', `${u.id}: only the Demolition Raid attacker carries charges`, { unit: u.id });
      if (u.demolition?.rigged !== undefined && u.demolition.rigged !== 'no' && !u.demolition.riggedAt) return violation('stat_out_of_range', `${u.id}: rigged charges need riggedAt`, { unit: u.id });
    }

    // Whose decision: something for that side to decide.
    if (p.phase === 'initiative') {
      const ini = p.initiative;
      if (!ini) return violation('bad_initiative', "phase 'initiative' needs this turn's roll: initiative {winner, rolls}");
      if (ini.rolls[0] === ini.rolls[1] || (ini.rolls[0] > ini.rolls[1] ? 0 : 1) !== ini.winner) {
        return violation('bad_initiative', `initiative: rolls ${ini.rolls[0]} and ${ini.rolls[1]} do not make side ${ini.winner} the winner (ties re-roll, §5.1)`, { rolls: ini.rolls });
      }
    }
    const fresh = (sd: Side) => units.filter((u) => u.side === sd && troops(u) && inPlay(u) && (!u.activated || s.seized === sd));
    if (p.phase === 'activate' && !fresh(p.toAct).length) return violation('nothing_to_activate', `side ${p.toAct} is to act but has no unactivated unit in play (§5.1)`, { side: p.toAct });
    if (p.phase === 'order') {
      const u = units.find((x) => x.id === p.active);
      if (!u) return violation('bad_active', `phase 'order' names the activated unit: active${p.active ? ` ${p.active} is no unit` : ' is missing'}`);
      if (u.side !== p.toAct || !troops(u) || !inPlay(u)) return violation('bad_active', `${u.id} cannot be the active unit: it must be a fighting unit of side ${p.toAct} in play`, { unit: u.id });
    } else if (p.active !== undefined) return violation('bad_active', `active names the activated unit in phase 'order' only`);
    return s;
  },
};
