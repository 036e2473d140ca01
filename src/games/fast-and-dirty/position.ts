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
import { baseRadius, CONTENT, scenarioDef, squadCost, type UnitSpec } from './content.js';
import { inImpassable } from './geometry.js';
import { inPlay, living, QUALITIES, RESOLVES, type Feature, type Figure, type S, type Side, type Unit } from './state.js';

const side = { enum: [0, 1] };
const xy = { type: 'array', items: { type: 'integer', minimum: -100000, maximum: 100000 }, minItems: 2, maxItems: 2, description: '[x, y] in hundredths of an inch, origin bottom-left' };
const flag = { type: 'boolean' };
const pair = (max: number) => ({ type: 'array', items: { type: 'integer', minimum: 0, maximum: max }, minItems: 2, maxItems: 2 });

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
  },
};

const unitSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'side', 'quality', 'resolve', 'figures'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 16 },
    name: { type: 'string', maxLength: 64, description: 'default: the id' },
    side: { oneOf: [side, { type: 'null' }], description: 'null: a neutral non-combatant group (§7.17)' },
    kind: { enum: ['infantry', 'nonCombatant'], description: 'default infantry' },
    quality: { enum: QUALITIES },
    resolve: { enum: RESOLVES },
    strength: { type: 'integer', minimum: 1, maximum: 12, description: 'figures at the start (break points, §2.1); default: the figures listed' },
    figures: { type: 'array', items: figureSchema, minItems: 1, maxItems: 12 },
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
    demolition: {
      type: 'object', additionalProperties: false, required: ['charges', 'rigged'],
      properties: { charges: { type: 'integer', minimum: 0, maximum: 5 }, rigged: { enum: ['no', 'pending', 'yes'] }, riggedAt: xy, rigWait: flag },
    },
  },
};

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
  },
} as const;

type FigPos = { id?: string; at: Pt; weapon: string; armour: string; support?: boolean; leader?: boolean; alive?: boolean; exited?: boolean; wounded?: 'wounded' | 'stabilized'; leftBehind?: boolean };
type UnitPos = {
  id: string; name?: string; side: Side | null; kind?: Unit['kind']; quality: Unit['quality']; resolve: Unit['resolve']; strength?: number; figures: FigPos[];
  activated?: boolean; underFire?: boolean; broken?: boolean; fallingBack?: boolean; pinned?: boolean; leftWounded?: boolean; out?: boolean; controlledBy?: Side | null; demolition?: Unit['demolition'];
  lastStand?: boolean; movedLast?: boolean; smokeUsed?: boolean; hideTried?: boolean; noFireTurn?: number; actedTurn?: number; nightVision?: boolean; elusive?: boolean; elusiveTurn?: number; jumpPacks?: boolean; scout?: string | null; hesitant?: boolean; casualtiesSeen?: number;
};
interface Pos {
  scenario?: string; turn: number; phase: 'initiative' | 'activate' | 'order'; toAct: Side; initiative?: { winner: Side; rolls: [number, number] };
  active?: string; seized?: Side | null; units: UnitPos[]; structures?: Record<string, NonNullable<Feature['status']>>;
  lastStandUsed?: [boolean, boolean];
  score?: [number, number]; evacuated?: [number, number]; heart?: [number, number]; startUnits?: [number, number]; step?: number;
}

const pt = (p: Pt): Pt => [p[0], p[1]];

function unitOf(q: UnitPos): Unit {
  const kind = q.kind ?? 'infantry';
  const figures: Figure[] = q.figures.map((f, i) => ({
    id: f.id ?? `${q.id}.${i + 1}`, at: pt(f.at), r: baseRadius(f.armour), weapon: f.weapon, armour: f.armour,
    support: !!f.support, leader: !!f.leader, alive: f.alive ?? true, ...(f.exited !== undefined ? { exited: f.exited } : {}),
    ...(f.wounded && f.alive === false ? { wounded: f.wounded, ...(f.leftBehind ? { leftBehind: true } : {}) } : {}),
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
  };
}

const OPTIONAL_FLAGS = ['lastStand', 'movedLast', 'smokeUsed', 'hideTried', 'noFireTurn', 'actedTurn', 'nightVision', 'elusive', 'elusiveTurn', 'jumpPacks', 'scout', 'hesitant', 'casualtiesSeen'] as const;
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
      if (f.support && w.class !== 'support') return violation('not_a_support_weapon', `${fw}: ${w.name} is not a squad support weapon (§2.3)`, { figure: f.id });
      if (!f.support && w.class !== 'basic') return violation('support_weapon_needs_operator', `${fw}: ${w.name} is a support weapon: mark its trooper support (§2.3)`, { figure: f.id });
      if (f.exited) {
        // Where it left does not matter any more (its at is kept as given).
        if (!f.alive) return violation('stat_out_of_range', `${fw}: a casualty cannot have left the table`, { figure: f.id });
        continue;
      }
      if (!f.alive) continue;
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

/** A side's force against the scenario's points limit, as bought (every figure listed, casualties too, §2.9). */
function pointsProblem(s: S, units: Unit[]): Violation | null {
  const sc = scenarioDef(s.scenario)!;
  for (const sd of [0, 1] as Side[]) {
    let total = 0;
    for (const u of units.filter((x) => x.side === sd)) {
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
    // Parts of the state the format does not describe yet (the modules and unit kinds added
    // after it): refused, so that every position made is exact, never silently dropped.
    const beyond = [
      s.smoke.length ? 'smoke screens' : '', s.minefields.length ? 'minefields' : '',
      s.artillery.some((a) => a.lost || a.usedTurn > 0) ? 'used artillery sections' : '',
      s.units.some((u) => u.hidden) ? 'hidden units' : '', s.markers?.length ? 'night dummy markers' : '', s.units.some((u) => u.kind !== 'infantry' && u.kind !== 'nonCombatant') ? `${s.units.find((u) => u.kind !== 'infantry' && u.kind !== 'nonCombatant')!.kind} units` : '',
      s.units.some((u) => u.attachedTo) ? 'attached characters' : '',
      s.units.some((u) => u.reserve) ? 'drop troops in reserve' : '',
      s.units.some((u) => u.figures.some((f) => f.psi) || u.psi || u.emboldened || u.terror) ? 'psionics' : '',
      s.units.some((u) => u.figures.some((f) => f.personalities?.length)) ? 'personalities' : '',
      s.units.some((u) => u.traits?.length) ? 'traits' : '',
      s.sentriesDestroyed?.length ? 'destroyed sentry guns' : '',
      s.improvedIntel?.length || s.units.some((u) => u.inflexibleCoherency || u.hqLeadership || u.villainDown !== undefined || u.figures.some((f) => f.sealed)) ? 'Improved Intel, Inflexible coherency, HQ leadership, a fallen Villain or self-sealing armour' : '',
    ].filter(Boolean);
    if (beyond.length) return violation('not_at_a_position', `the position format does not cover ${beyond.join(', ')} yet; fork the game instead`, { beyond });
    const p: Pos = {
      scenario: s.scenario, turn: s.turn, phase: s.phase, toAct: s.toAct,
      ...(s.initiative ? { initiative: { winner: s.initiative.winner, rolls: [s.initiative.rolls[0], s.initiative.rolls[1]] } } : {}),
      ...(s.active ? { active: s.active } : {}), seized: s.seized,
      units: s.units.map((u) => ({
        id: u.id, name: u.name, side: u.side, kind: u.kind, quality: u.quality, resolve: u.resolve, strength: u.strength,
        figures: u.figures.map((f) => ({
          id: f.id, at: pt(f.at), weapon: f.weapon, armour: f.armour, support: f.support, leader: f.leader, alive: f.alive,
          ...(f.exited !== undefined ? { exited: f.exited } : {}), ...(f.wounded ? { wounded: f.wounded } : {}), ...(f.leftBehind ? { leftBehind: true } : {}),
        })),
        activated: u.activated, underFire: u.underFire, broken: u.broken, fallingBack: u.fallingBack,
        ...(u.pinned !== undefined ? { pinned: u.pinned } : {}), ...(u.leftWounded ? { leftWounded: true } : {}), out: u.out,
        ...(u.controlledBy !== undefined ? { controlledBy: u.controlledBy } : {}),
        ...(u.demolition ? { demolition: JSON.parse(JSON.stringify(u.demolition)) } : {}),
        ...optionalFlags(u),
      })),
      structures: Object.fromEntries(s.terrain.filter((f) => f.status).map((f) => [f.id, f.status!])),
      score: [s.score[0], s.score[1]], evacuated: [s.evacuated[0], s.evacuated[1]], heart: [s.heart[0], s.heart[1]],
      startUnits: [s.startUnits[0], s.startUnits[1]], step: s.step,
      ...(s.lastStandUsed ? { lastStandUsed: [s.lastStandUsed[0], s.lastStandUsed[1]] } : {}),
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
      // What the format does not describe starts empty (toPosition refuses states that hold any).
      smoke: [], minefields: [], minesToPlace: [0, 0], reveal: null,
      ...(p.lastStandUsed ? { lastStandUsed: [p.lastStandUsed[0], p.lastStandUsed[1]] as [boolean, boolean] } : {}),
    };
    const units = p.units.map(unitOf);
    const bad = unitsProblem(s, units) ?? pointsProblem(s, units);
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
    const fresh = (sd: Side) => units.filter((u) => u.side === sd && u.kind === 'infantry' && inPlay(u) && (!u.activated || s.seized === sd));
    if (p.phase === 'activate' && !fresh(p.toAct).length) return violation('nothing_to_activate', `side ${p.toAct} is to act but has no unactivated unit in play (§5.1)`, { side: p.toAct });
    if (p.phase === 'order') {
      const u = units.find((x) => x.id === p.active);
      if (!u) return violation('bad_active', `phase 'order' names the activated unit: active${p.active ? ` ${p.active} is no unit` : ' is missing'}`);
      if (u.side !== p.toAct || u.kind !== 'infantry' || !inPlay(u)) return violation('bad_active', `${u.id} cannot be the active unit: it must be an infantry unit of side ${p.toAct} in play`, { unit: u.id });
    } else if (p.active !== undefined) return violation('bad_active', `active names the activated unit in phase 'order' only`);
    return s;
  },
};
