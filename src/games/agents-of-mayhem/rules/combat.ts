// Attacks (spec §7.3): target space in Front, LOS and Range; the pre-roll Dash window; the
// pool from range bands and modifiers; the custom dice; Special results and abilities; the
// Block window; Hits (Shield → Armor → Wound where the target chooses); Pushes; Uncontrolled
// Falls with Fall Dash; AoE (same Level, walls block, traced from the centre).
import type { Ability, Face, Status } from '../abilities.js';
import { canRespondNow } from './instants.js';
import { isAdvanced } from '../abilities.js';
import { CONTENT, cellKey, type Color, type CompiledAction } from '../content.js';
import { area as areaOf, crossesLock, lockedRooms, distance, faceToward, inFlank, los, nearestCell, parseKey, terrainCost, topFloorAtOrBelow, floor, DIRS } from '../geometry.js';
import { actionOf, actionsOf, count, footprint, isElite, isFigure, isLarge, map, mission, occupies, other, unitAt, whenRemovedAction, type Frame, type S, type Unit, type Well } from '../state.js';
import { violation, type Rng, type Violation } from '../../../engine/types.js';
import { rollEvent } from '../../../engine/mech/dice.js';
import { addVp, capacity, defense, down, gainCube, gainMayhemStatus, giveStatus, payment, placeWound, say, woundWells, type Ev } from './board.js';
import { attackerAt, DDDS, dddAt, dddLift, hitDdd } from './ddd.js';
import { areaSpaces, explosiveObject, hitObject, placeBuildingDamage, placeExplosion } from './explosions.js';
import { rollVehicle, vehicleAt, vehicleTarget, vehicleTargets } from './vehicles.js';
import { trafficCheck } from './traffic.js';
import { hitOm, targetableOm } from './targetable.js';
import { boardPool } from './board-choice.js';

export type Attack = Extract<Frame, { t: 'attack' }>;
const TIER: Color[] = ['white', 'yellow', 'red'];

/** The abilities in force: Advanced ones are ignored in a Basic mission (spec §4.4 item 9). */
export function abilitiesOf(s: S, a: CompiledAction): Ability[] {
  return mission(s).rules === 'basic' ? a.parsed.filter((x) => !isAdvanced(x)) : a.parsed;
}

function has(s: S, u: Unit, thing: string): boolean {
  // An Ally: the Shield and Armor values not yet used up by damage cubes (spec 2.2.3).
  if (u.ally && (thing === 'SHIELD' || thing === 'ARMOR')) { const d = CONTENT.allies[u.ally].defense; const k = thing === 'SHIELD' ? 'shield' : 'armor'; return d[k] > (u.damage?.[k] ?? 0); }
  if (thing === 'SHIELD') return isElite(u.board) ? s.boards[u.board].shield > 0 : CONTENT.minions[u.minion!].defense.shield > u.hits;
  if (thing === 'ARMOR') return isElite(u.board) ? s.boards[u.board].armor > 0 : CONTENT.minions[u.minion!].defense.armor > 0;
  if (thing === 'G' || thing === 'Y' || thing === 'B' || thing === 'P') return s.boards[u.board].cubes[({ G: 'speed', Y: 'focus', B: 'tech', P: 'mayhem' } as const)[thing]] > 0;
  return count(u, thing as Status) > 0;
}

/** Pre-roll conditions: no dice needed to know them. */
function preHolds(s: S, ab: Ability, att: Unit, tgt: Unit | null, dist: number): boolean {
  return ab.conds.every((c) => c.k === 'always' || (c.k === 'inRange' && dist <= c.n)
    || (c.k === 'targetHas' && !!tgt && has(s, tgt, c.thing)) || (c.k === 'actorHas' && has(s, att, c.thing)));
}
const isPre = (ab: Ability) => ab.conds.every((c) => ['always', 'inRange', 'targetHas', 'actorHas'].includes(c.k));
const firstEffects = (ab: Ability) => ab.effects.map((alt) => alt[0]);

/** `base`: the band's dice (and extra dice) before modifiers; `net`: Bonuses less Penalties (spec §7.3.4). */
export interface Pool { color: Color; dice: Color[]; mods: Record<string, number>; protection: boolean; area: number; base: Color[]; net: number }

/**
 * The attacker's choice of which die each net Attack Bonus upgrades (`up`) or each net Attack
 * Penalty downgrades (`down`), step by step, by the die's colour (spec §7.3.4, A-05). Steps not
 * named, and named ones no longer possible at the roll (a Dash in the window changed the pool),
 * take the default.
 */
export interface DiceChoice { up?: Color[]; down?: Color[] }

/**
 * The band the distance falls in after Range Up/Down and Range abilities (spec §7.3.3): band k
 * covers (max of the earlier ranges, R'k]; a band with R'k below 1 or not beyond them is unusable.
 */
export function band(s: S, att: Unit, a: CompiledAction, dist: number, tgt: Unit | null): { color: Color; dice: number } | null {
  let delta = 3 * count(att, 'RANGE_UP') - 3 * count(att, 'RANGE_DOWN');
  for (const ab of abilitiesOf(s, a)) if (isPre(ab)) for (const e of firstEffects(ab)) if (e.k === 'range') delta += e.n;
  let prev = 0;
  for (const b of a.attack!.bands) {
    const r = b.range + delta;
    if (r >= 1 && r > prev) {
      if (dist > prev && dist <= r) return { color: b.color, dice: b.dice };
      prev = r;
    }
  }
  void tgt;
  return null;
}

/** Why `att` cannot attack space `centre` with action `a` now (null: it can). Front is met by the free facing change. */
export function targetProblem(s: S, att: Unit, a: CompiledAction, centre: string): Violation | null {
  if (!att.at) return violation('not_on_map', `${att.id} is not on the map`);
  if (a.kind !== 'attack' || !a.attack) return violation('not_an_attack', `${a.id} is not an attack`);
  const m = map(s);
  if (!m.cells[centre]) return violation('bad_space', `no space ${centre}`);
  // A Large Unit attacks from the space of its footprint nearest the target (spec 2.1.5 [P], A-27).
  const from = originOf(s, att, centre);
  if (!faceToward(from, centre)) return violation('not_in_front', 'the target must be in the Front (spec 2.1.4)');
  const tgt = unitAt(s).get(centre);
  const object = explosiveObject(s, centre) || !!targetableOm(s, centre) || dddTarget(s, att, centre) || vehicleTarget(s, att, centre);
  if ((!tgt || tgt.side === att.side) && !object) return violation('no_enemy', 'choose a space holding an enemy unit, an Explosive Object, a Targetable OM, a destructible DDD or an enemy vehicle (spec 7.3.2, 7.3.7, 7.6.1, 7.15, 7.16.4)');
  const enemy = tgt && tgt.side !== att.side ? tgt : null;
  const dist = distance(from, centre);
  if (!band(s, att, a, dist, enemy)) return violation('out_of_range', `distance ${dist} is beyond the weapon's range bands (spec 7.3.3)`);
  const ignoreLos = abilitiesOf(s, a).some((ab) => isPre(ab) && preHolds(s, ab, att, enemy, dist) && firstEffects(ab).some((e) => e.k === 'ignoreLos'));
  if (!ignoreLos && !footprint(att).some((k) => k !== centre && los(m, k, centre).ok)) return violation('no_los', 'no line of sight (spec 2.1.6)');
  return null;
}

/** Where `att` attacks `centre` from: its space, or a Large Unit's footprint space nearest the target (spec 2.1.5 [P], A-27). */
export function originOf(s: S, att: Unit, centre: string): string { return isLarge(att) ? nearestCell(map(s), att, centre) : att.at!; }

/**
 * The dice pool of one target (spec §7.3.4-7.3.6). `from`: where LOS/Protection/Flank are traced
 * (the attacker, or the AoE centre). `more`: extra dice from outside the action's abilities (a
 * Mayhem card's extra die on the centre target, spec 7.7). Every extra die, EXTRA DIE abilities
 * and the card's alike, joins the pool of the band's colour BEFORE the Bonuses and Penalties are
 * applied, in the rulebook's order (L735-739): "Number of Dice: Roll the number of Attack Dice
 * listed that matches the color of the Range the Attack is within. / Attack Modifiers: Apply any
 * Attack Bonuses and Attack Penalties before rolling." (spec §7.3.4: "extra dice ... added BEFORE
 * modifiers"), so a Bonus may upgrade the extra die (ruleset 0.3.3; the card's die was added after
 * them before).
 */
export function poolFor(s: S, att: Unit, a: CompiledAction, tgt: Unit, from: string, centreDist: number, choice: DiceChoice = {}, more = 0): Pool | null {
  const m = map(s);
  const b = band(s, att, a, centreDist, tgt);
  if (!b || !tgt.at || !att.at) return null;
  const abs = abilitiesOf(s, a).filter((ab) => isPre(ab) && preHolds(s, ab, att, tgt, centreDist));
  const effects = abs.flatMap(firstEffects);
  let areaN = 0;
  for (const e of effects) if (e.k === 'area') areaN = Math.max(areaN, e.n);
  const dice: Color[] = Array(b.dice + effects.filter((e) => e.k === 'extraDie').length + more).fill(b.color);
  // A Large target: traced to its footprint space nearest the attack; it never gains Protection (L1925).
  const at = isLarge(tgt) ? nearestCell(m, tgt, from) : tgt.at;
  const own = from === att.at || occupies(att, from);
  const sight = from === at ? { ok: true as const, protection: false } : los(m, from, at);
  if (!sight.ok && !effects.some((e) => e.k === 'ignoreLos')) return null;
  const mods: Record<string, number> = {};
  if (inFlank(at, tgt.facing, from)) mods.flank = 2;
  // The Hell Tower counts as one Level higher when it attacks (spec 7.15).
  const za = parseKey(att.at)[2] + dddLift(att.id); const zt = parseKey(tgt.at)[2];
  if (za > zt) mods.higher = 2;
  if (za < zt) mods.lower = -2;
  const wb = a.weapon ? a.attack!.weaponBonus : undefined;
  if (wb && mission(s).rules === 'advanced') {
    const meets = wb === 'elite' ? isFigure(tgt) : has(s, tgt, wb === 'shields' ? 'SHIELD' : 'ARMOR');
    if (meets) mods.weaponBonus = 1;
  }
  if (count(att, 'ATTACK_UP')) mods.attackUp = count(att, 'ATTACK_UP');
  if (count(tgt, 'DEFENSE_DOWN')) mods.defenseDown = count(tgt, 'DEFENSE_DOWN');
  if (count(att, 'ATTACK_DOWN')) mods.attackDown = -count(att, 'ATTACK_DOWN');
  if (count(tgt, 'DEFENSE_UP')) mods.defenseUp = -count(tgt, 'DEFENSE_UP');
  // Protection: LOS ends on an Obstacle or Cover dot; not at Range 1 from the attacker (spec §7.3.5).
  const protection = sight.ok && sight.protection && !isLarge(tgt) && !(own && distance(from, at) <= 1) && !effects.some((e) => e.k === 'ignoreProtection');
  if (protection) mods.protection = -2;
  const net = Object.values(mods).reduce((x, y) => x + y, 0);
  return { color: b.color, dice: modifyPool(dice.slice(), net, choice), mods, protection, area: areaN, base: dice, net };
}

/**
 * Net bonuses upgrade a non-red die (else add a white d6), net penalties downgrade a non-white
 * die (else remove a white d6). Which die: the attacker's `choice` where it names a possible one,
 * else the default, the lowest tier upgraded and the highest downgraded first (spec §7.3.4, A-05).
 */
export function modifyPool(dice: Color[], net: number, choice: DiceChoice = {}): Color[] {
  let step = 0;
  while (net > 0) {
    net--;
    const want = choice.up?.[step++];
    const i = want && want !== 'red' && dice.includes(want) ? dice.indexOf(want) : lowest(dice);
    if (i >= 0 && dice[i] !== 'red') dice[i] = TIER[TIER.indexOf(dice[i]) + 1]; else dice.push('white');
  }
  while (net < 0) {
    net++;
    const want = choice.down?.[step++];
    const i = want && want !== 'white' && dice.includes(want) ? dice.indexOf(want) : highest(dice);
    if (i >= 0 && dice[i] !== 'white') dice[i] = TIER[TIER.indexOf(dice[i]) - 1]; else { const w = dice.indexOf('white'); if (w >= 0) dice.splice(w, 1); }
  }
  return dice.sort((x, y) => TIER.indexOf(y) - TIER.indexOf(x));
}

/**
 * Why a named choice of dice is impossible for this pool (null: it is possible): each named step
 * needs a net Bonus (Penalty) to spend and a die of that colour it can upgrade (downgrade) then
 * (spec §7.3.4). Steps that only add or remove a white d6 offer no choice and cannot be named.
 */
export function diceChoiceProblem(base: Color[], net: number, choice: DiceChoice): Violation | null {
  for (const [dir, list, n] of [['up', choice.up, Math.max(0, net)], ['down', choice.down, Math.max(0, -net)]] as const) {
    if (!list?.length) continue;
    const what = dir === 'up' ? 'Attack Bonus' : 'Attack Penalty';
    if (list.length > n) return violation(dir === 'up' ? 'no_attack_bonus' : 'no_attack_penalty', `this attack has ${n} net ${what}(es) at its target, ${list.length} named (spec 7.3.4)`);
    const d = base.slice();
    for (const [k, c] of list.entries()) {
      const i = d.indexOf(c);
      if (i < 0 || c === (dir === 'up' ? 'red' : 'white')) return violation('no_such_die', `${what} ${k + 1} cannot ${dir === 'up' ? 'upgrade' : 'downgrade'} a ${c} die: the pool is then ${d.join(', ') || 'empty'} (spec 7.3.4)`);
      d[i] = TIER[TIER.indexOf(c) + (dir === 'up' ? 1 : -1)];
    }
  }
  return null;
}

/**
 * Why the attacker's named dice are impossible for an attack at `centre` as it stands (null:
 * possible, or nothing named): checked against the first target in the centre space, the enemy
 * unit there, else the Explosive Object or OM, the DDD, the vehicle there (the pools the roll
 * builds, spec 7.3.4). `more`: a Mayhem card's extra die played with the attack (spec 7.7),
 * counted in the pool before the modifiers as the roll counts it.
 */
export function declaredDiceProblem(s: S, att: Unit, a: CompiledAction, centre: string, choice: DiceChoice, more = 0): Violation | null {
  if (!choice.up?.length && !choice.down?.length) return null;
  if (choice.up?.length && choice.down?.length) return violation('dice_both_ways', 'an attack has net Bonuses or net Penalties, not both: name dieUpgrades or dieDowngrades (spec 7.3.4)');
  if (!att.at) return null;
  const tgt = unitAt(s).get(centre);
  const p = tgt && tgt.side !== att.side ? poolFor(s, att, a, tgt, originOf(s, att, centre), distance(originOf(s, att, centre), centre), {}, more)
    : explosiveObject(s, centre) || targetableOm(s, centre) ? objectPool(s, att, a, centre, centre, more)
      : dddTarget(s, att, centre) ? objectPool(s, att, a, centre, centre, more, dddAt(s, centre)!.id)
        : vehicleTarget(s, att, centre) ? objectPool(s, att, a, centre, centre, more) : null;
  return p ? diceChoiceProblem(p.base, p.net, choice) : null;
}

/**
 * The other way to spend the pool's net Bonuses (Penalties) at the centre target than the
 * default: every Bonus on the highest non-red die, every Penalty on the lowest non-white one;
 * null when that pool is the default's (no choice to explore). For the candidates.
 */
export function altDiceChoice(s: S, att: Unit, a: CompiledAction, centre: string): { dieUpgrades: Color[] } | { dieDowngrades: Color[] } | null {
  const tgt = unitAt(s).get(centre);
  if (!tgt || tgt.side === att.side || !att.at) return null;
  const p = poolFor(s, att, a, tgt, originOf(s, att, centre), distance(originOf(s, att, centre), centre));
  if (!p || !p.net) return null;
  const d = p.base.slice(); const named: Color[] = [];
  for (let k = 0; k < Math.abs(p.net); k++) {
    const i = p.net > 0 ? highestBelow(d, 'red') : lowestAbove(d, 'white');
    if (i < 0) break;
    named.push(d[i]); d[i] = TIER[TIER.indexOf(d[i]) + (p.net > 0 ? 1 : -1)];
  }
  const choice = p.net > 0 ? { up: named } : { down: named };
  if (modifyPool(p.base.slice(), p.net, choice).join() === p.dice.join()) return null;
  return p.net > 0 ? { dieUpgrades: named } : { dieDowngrades: named };
}
function highestBelow(d: Color[], top: Color): number { let i = -1; for (let k = 0; k < d.length; k++) if (d[k] !== top && (i < 0 || TIER.indexOf(d[k]) > TIER.indexOf(d[i]))) i = k; return i; }
function lowestAbove(d: Color[], bottom: Color): number { let i = -1; for (let k = 0; k < d.length; k++) if (d[k] !== bottom && (i < 0 || TIER.indexOf(d[k]) < TIER.indexOf(d[i]))) i = k; return i; }
function lowest(d: Color[]): number { let i = -1; for (let k = 0; k < d.length; k++) if (d[k] !== 'red' && (i < 0 || TIER.indexOf(d[k]) < TIER.indexOf(d[i]))) i = k; return i; }
function highest(d: Color[]): number { let i = -1; for (let k = 0; k < d.length; k++) if (d[k] !== 'white' && (i < 0 || TIER.indexOf(d[k]) > TIER.indexOf(d[i]))) i = k; return i; }

export function roll(rng: Rng, dice: Color[]): Face[][] {
  return dice.map((c) => CONTENT.dice[c][rng.int(CONTENT.dice[c].length)] as Face[]);
}

/** Units hit by an AoE of radius n round `centre`: same Level, no wall between (spec §7.5). */
export function areaTargets(s: S, att: Unit, centre: string, n: number): Unit[] {
  const m = map(s);
  const [cx, cy, cz] = parseKey(centre);
  const out: Unit[] = [];
  for (const u of Object.values(s.units)) {
    if (!u.at || u.side === att.side || occupies(u, centre)) continue;
    // A Large Unit is one target however many of its spaces the area covers (L1927).
    const inArea = footprint(u).some((k) => {
      const [x, y, z] = parseKey(k);
      if (z !== cz || Math.max(Math.abs(x - cx), Math.abs(y - cy)) > n) return false;
      return areaOf(m, m.cells[k]) === areaOf(m, m.cells[centre]) && los(m, centre, k).ok;
    });
    if (inArea) out.push(u);
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

// ---------------------------------------------------------------- the attack frame

/** The AoE radius of the attack on this target (0: none). */
function aoeRadius(s: S, att: Unit, a: CompiledAction, tgt: Unit | null, dist: number): number {
  let n = 0;
  for (const ab of abilitiesOf(s, a)) if (isPre(ab) && preHolds(s, ab, att, tgt, dist)) for (const e of firstEffects(ab)) if (e.k === 'area') n = Math.max(n, e.n);
  return n;
}

/** The attacker's named dice stored on an attack (spec 7.3.4). */
export function diceChoiceOf(f: { dieUpgrades?: Color[]; dieDowngrades?: Color[] }): DiceChoice { return { up: f.dieUpgrades, down: f.dieDowngrades }; }

export function startAttack(s: S, seat: number, att: Unit, a: CompiledAction, centre: string, ev: Ev, aimed = false, dice: { dieUpgrades?: Color[]; dieDowngrades?: Color[] } = {}): void {
  att.facing = faceToward(originOf(s, att, centre), centre) ?? att.facing;
  const here = unitAt(s).get(centre);
  const tgt = here && here.side !== att.side ? here : null;
  const radius = aoeRadius(s, att, a, tgt, distance(originOf(s, att, centre), centre));
  const others = radius ? areaTargets(s, att, centre, radius) : [];
  // Targetable Explosive Objects are targets too, the one in the centre space and those in the area (spec 7.3.2, 7.5).
  const spaces = radius ? areaSpaces(map(s), centre, radius) : [centre];
  const objects = spaces.filter((k) => explosiveObject(s, k) || targetableOm(s, k));
  // A DDD is a Large Unit: one roll however many of its spaces the area covers (spec 7.2.6, 7.15).
  const ddds = [...new Set(spaces.filter((k) => dddTarget(s, att, k)).map((k) => dddAt(s, k)!.id))].sort();
  const dddCentre = dddAt(s, centre)?.id;
  // A vehicle is a Targetable Object: attacked with the unit on it, once however much of it the area covers (spec 7.16.4).
  const vehicles = vehicleTargets(s, att, spaces);
  const f: Attack = {
    t: 'attack', id: s.nextId++, seat, attacker: att.id, action: a.id, board: att.board, centre,
    targets: [...(tgt ? [{ unit: tgt.id, centre: true }] : []), ...others.map((u) => ({ unit: u.id, centre: false })),
      ...objects.map((k) => ({ unit: '', centre: k === centre, object: k })), ...ddds.map((id) => ({ unit: '', centre: id === dddCentre, ddd: id })),
      ...vehicles.map((id) => ({ unit: '', centre: vehicleAt(s, centre)?.id === id, vehicle: id }))],
    i: 0, stage: 'preroll', dashed: [], hits: 0, pushes: 0, special: false, wounds: 0, downed: [],
  };
  if (aimed) f.aimed = true;
  if (dice.dieUpgrades?.length) f.dieUpgrades = dice.dieUpgrades.slice();
  if (dice.dieDowngrades?.length) f.dieDowngrades = dice.dieDowngrades.slice();
  s.stack.push(f);
  say(ev, 'attack_declared', { id: f.id, attacker: att.id, action: a.id, target: centre, units: f.targets.filter((t) => !t.object && !t.ddd && !t.vehicle).map((t) => t.unit), ...(objects.length ? { objects } : {}), ...(ddds.length ? { ddds } : {}), ...(vehicles.length ? { vehicles } : {}) });
}

/** The seat answering for a unit's reactions: boards are pre-assigned round the Side's seats. */
export function reactingSeat(s: S, u: Unit): number {
  const seats = s.seats.flatMap((x, i) => (x === u.side ? [i] : []));
  // Mission order, then the extra boards of an Advanced Setup (rules/board-choice.ts).
  const boards = boardPool(s.mission, u.side);
  return seats[Math.max(0, boards.indexOf(u.board)) % seats.length];
}

/** Dash spaces: one legal step, MP cost ignored, free facing (spec §7.2.5 [P]). */
export function dashSpaces(s: S, u: Unit): string[] {
  if (!u.at) return [];
  const m = map(s);
  const occ = unitAt(s);
  const [x, y, z] = parseKey(u.at);
  const out: string[] = [];
  // A Large Unit has no Dash (its board prints none); it never takes a one-space step of a small figure.
  if (isLarge(u)) return out;
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
    if (!dx && !dy) continue;
    const x2 = x + dx; const y2 = y + dy;
    if (x2 < 0 || y2 < 0 || x2 >= m.width || y2 >= m.height) continue;
    if (terrainCost(m, z, x, y, x2, y2) === Infinity) continue;
    let to: string | null = null;
    if (floor(m, x2, y2, z)) to = cellKey(x2, y2, z);
    else if (!floor(m, x2, y2, z + 1)) { const t = topFloorAtOrBelow(m, x2, y2, z - 1); if (t !== null) to = cellKey(x2, y2, t); }
    if (to && !occ.get(to)) out.push(to);
  }
  const c = m.cells[u.at];
  for (const dz of [1, -1]) { const k = cellKey(x, y, z + dz); if (c.stairs && m.cells[k]?.stairs && !occ.get(k)) out.push(k); }
  const rooms = lockedRooms(s, u);
  return out.filter((to) => !crossesLock(m, rooms, u.at!, to)).sort();
}

export function dashAction(u: Unit): CompiledAction | undefined {
  return actionsOf(u).find((a) => a.kind === 'dash');
}
export function canDash(s: S, u: Unit): boolean {
  const d = dashAction(u);
  return !!d && !!u.at && !!payment(s.boards[u.board], u, d.cost) && dashSpaces(s, u).length > 0;
}
export function blockAction(u: Unit): CompiledAction | undefined {
  return actionsOf(u).find((a) => a.kind === 'block');
}
/** How many Blocks the target's board can pay now (each ignores 1 Hit, L933). */
export function maxBlocks(s: S, u: Unit, hits: number): number {
  const b = blockAction(u);
  if (!b) return 0;
  const board = { ...s.boards[u.board], cubes: { ...s.boards[u.board].cubes } };
  let n = 0;
  while (n < hits) {
    const p = payment(board, u, b.cost);
    if (!p) break;
    for (const w of Object.keys(p) as Well[]) board.cubes[w] -= p[w];
    n++;
  }
  return n;
}

export const AIM_BONUSES = ['mayhem', 'cube:G', 'cube:Y', 'cube:B', 'weakSpot', 'disrupt'];
/**
 * Aim Bonuses still open this roll, each kind once (spec 7.4): Gain Mayhem, Gain Action Cube,
 * Weak Spot, and Trigger Explosion (`explosion:<space>`, an Explosive space within 1 of the
 * target space, on its Level, with no marker yet, L1710), and Disrupt (the target gains a Disrupted status).
 */
export function aimBonusOptions(s: S, f: Attack): string[] {
  const used = f.bonuses ?? [];
  const [cx, cy, cz] = parseKey(f.centre);
  const trigger: string[] = [];
  if (s.explosions) for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) { const k = cellKey(cx + dx, cy + dy, cz); if (explosiveObject(s, k)) trigger.push(`explosion:${k}`); }
  // A DDD turret (aimed by timer) has no board to gain a Mayhem or Action cube on.
  const noBoard = boardless(attackerOf(s, f));
  return [...AIM_BONUSES, ...trigger.sort()].filter((b) => !used.some((u) => u.split(':')[0] === b.split(':')[0]) && !(noBoard && (b === 'mayhem' || b.startsWith('cube:'))));
}
export function takeAimBonus(s: S, f: Attack, bonus: string | null, ev: Ev): void {
  if (bonus === null) { f.aims = 0; f.stage = 'block'; return; }
  f.aims = (f.aims ?? 1) - 1;
  (f.bonuses ??= []).push(bonus);
  const att = attackerOf(s, f);
  if (bonus === 'mayhem') gainThing(s, att, 'P', ev);
  else if (bonus.startsWith('cube:')) gainThing(s, att, bonus.slice(5), ev);
  else if (bonus === 'weakSpot') f.hits++;
  else if (bonus === 'disrupt') { const u = currentTarget(s, f); if (u?.at) giveStatus(s, u, 'DISRUPTED', ev); }
  else if (bonus.startsWith('explosion:')) {
    // Trigger Explosion: a face-down marker there; placing it on an Explosive space gives the attacker a Permanent Mayhem Status (L1608).
    placeExplosion(s, bonus.slice(10), att.side, ev);
    if (!boardless(att)) gainMayhemStatus(s, att.board, ev);
  }
  say(ev, 'aim_bonus', { attack: f.id, bonus });
  if (!f.aims) f.stage = 'block';
}

/** The attack's attacker: its unit, or the Hell Tower's turret (a DDD, spec 7.15). */
export function attackerOf(s: S, f: Attack): Unit { return attackerAt(s, f.attacker, f.centre)!; }
/** A DDD turret has no board: no cube or Mayhem to gain. */
const boardless = (u: Unit) => u.id.startsWith('ddd:');

export function currentTarget(s: S, f: Attack): Unit | null { const t = f.targets[f.i]; return t && !t.object && !t.ddd && !t.vehicle ? s.units[t.unit] : null; }

/** Pushes: spaces one step farther from the origin (else at the same distance), legal steps, free, on the map (spec §7.3.8). */
export function pushOptions(s: S, f: Attack): string[] {
  const u = currentTarget(s, f);
  // Large Units are not pushed.
  if (!u?.at || f.pushes <= 0 || isLarge(u)) return [];
  const m = map(s);
  const origin = f.targets[f.i].centre ? attackerOf(s, f).at ?? f.centre : f.centre;
  const occ = unitAt(s);
  const [x, y, z] = parseKey(u.at);
  const d0 = distance(origin, u.at);
  // A room locked to the unit's Side (an Event's force fields, L1837) holds against Pushes too: a space across its boundary is no space to go to (spec 7.3.8's fallback then applies).
  const rooms = lockedRooms(s, u);
  const far: string[] = []; const same: string[] = [];
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
    if (!dx && !dy) continue;
    const x2 = x + dx; const y2 = y + dy;
    if (x2 < 0 || y2 < 0 || x2 >= m.width || y2 >= m.height) continue;
    const c = terrainCost(m, z, x, y, x2, y2);
    if (c === Infinity || (c === 3 && f.pushes < 3)) continue;
    let to: string | null = null;
    if (floor(m, x2, y2, z)) to = cellKey(x2, y2, z);
    else if (!floor(m, x2, y2, z + 1)) { const t = topFloorAtOrBelow(m, x2, y2, z - 1); if (t !== null) to = cellKey(x2, y2, t); }
    if (!to || occ.get(to) || crossesLock(m, rooms, u.at, to)) continue;
    const d = distance(origin, to);
    if (d > d0) far.push(to); else if (d === d0) same.push(to);
  }
  return (far.length ? far : same).sort();
}

/** Whether the top attack frame waits on someone (the same test pending uses). */
export function attackWaits(s: S, f: Attack): boolean {
  const u = currentTarget(s, f);
  if (f.stage === 'preroll') return !!u && f.i === 0 && !f.dashed.includes(u.id) && !f.instants?.includes(u.id) && (canDash(s, u) || canRespondNow(s, u));
  if (f.stage === 'aim') return (f.aims ?? 0) > 0 && aimBonusOptions(s, f).length > 0;
  if (f.stage === 'block') return !!u && f.hits > 0 && maxBlocks(s, u, f.hits) > 0;
  if (f.stage === 'push') return !!u?.at && f.pushes > 0 && pushOptions(s, f).length > 0;
  return false;
}

/** Runs the attack frame on until it waits or is done (then pops it and applies after-Action effects). */
export function advanceAttack(s: S, f: Attack, rng: () => Rng, ev: Ev): 'wait' | 'done' {
  for (;;) {
    if (s.result) return 'done';
    if (s.stack[s.stack.length - 1] !== f) return 'wait';
    if (attackWaits(s, f)) return 'wait';
    // An attacker Downed before its roll (by an Instant attack in its W-paid or W-preroll window, rules/instants.ts): the attack is lost.
    if (f.stage === 'preroll' && s.units[f.attacker]?.downed) { s.stack.pop(); say(ev, 'attack_lost', { id: f.id, unit: f.attacker }); return 'done'; }
    const att = attackerOf(s, f);
    // A Delay Action resolved at its timer's removal: its WHEN REMOVED abilities are in force (the Golem's Charge: an extra die, spec 7.8).
    const a = f.whenRemoved ? whenRemovedAction(actionOf(att, f.action)!) : actionOf(att, f.action)!;
    const u = currentTarget(s, f);
    switch (f.stage) {
      case 'preroll': f.stage = 'roll'; break;
      case 'roll': {
        f.stage = 'block';
        f.hits = 0; f.pushes = 0;
        const object = f.targets[f.i]?.object;
        if (object) { rollObject(s, f, att, a, object, rng(), ev); f.stage = 'next'; break; }
        const ddd = f.targets[f.i]?.ddd;
        if (ddd) { rollDdd(s, f, att, a, ddd, rng(), ev); f.stage = 'next'; break; }
        const vehicle = f.targets[f.i]?.vehicle;
        if (vehicle) { rollVehicle(s, f, att, a, vehicle, rng(), ev); f.stage = 'next'; break; }
        if (!u) { f.stage = 'next'; break; }
        const centreUnit = s.units[f.targets[0].unit];
        // Re-evaluate after the window: a target that left the space (or area) is missed (spec §7.3.2 step 4).
        const stillThere = f.targets[f.i].centre ? occupies(u, f.centre) : !!u.at && areaTargets(s, att, f.centre, 99).some((x) => x.id === u.id);
        const from = f.targets[f.i].centre ? att.at && originOf(s, att, f.centre) : f.centre;
        const pool = att.at && from && stillThere && (f.targets[f.i].centre ? !targetProblem(s, att, a, f.centre) : true)
          ? poolFor(s, att, a, u, from, distance(originOf(s, att, f.centre), f.centre), diceChoiceOf(f), mayhemDice(f)) : null;
        if (!pool) { say(ev, 'attack_missed', { id: f.id, unit: u.id }); f.stage = 'next'; void centreUnit; break; }
        const faces = roll(rng(), pool.dice);
        ev.push(rollEvent('attack', faces.map((x) => x.join('+') || '-'), { id: f.id, target: u.id, dice: pool.dice, mods: pool.mods }));
        resolveRoll(s, f, att, a, u, faces, rng, ev);
        if (f.aims) f.stage = 'aim';
        break;
      }
      case 'aim': {
        f.stage = 'block';
        break;
      }
      case 'block': f.stage = 'damage'; break;
      case 'damage': {
        f.stage = 'push';
        if (!u) break;
        applyHits(s, f, u, f.hits, ev);
        return advanceAfterPush(s, f, rng, ev);
      }
      case 'push': f.stage = 'next'; break;
      case 'next': {
        f.i++;
        if (f.i < f.targets.length) { f.stage = 'roll'; break; }
        s.stack.pop();
        say(ev, 'attack_resolved', { id: f.id });
        return 'done';
      }
    }
  }
}
function advanceAfterPush(s: S, f: Attack, rng: () => Rng, ev: Ev): 'wait' | 'done' {
  return advanceAttack(s, f, rng, ev);
}

/** Special results and die-result abilities; then the Hits and Pushes to apply (spec §7.3.9, §2.2.9). */
function resolveRoll(s: S, f: Attack, att: Unit, a: CompiledAction, u: Unit, faces: Face[][], rng: () => Rng, ev: Ev): void {
  const all = faces.flat();
  const n = (x: Face) => all.filter((y) => y === x).length;
  let specials = n('S');
  let hits = n('H') + n('AH');
  let pushes = n('P');
  let noDamage = false;
  const dist = att.at && u.at ? distance(originOf(s, att, f.centre), f.centre) : 0;
  for (const ab of abilitiesOf(s, a)) {
    let times = Infinity;
    for (const c of ab.conds) {
      if (c.k === 'rolled') times = Math.min(times, n(c.face));
      else if (c.k === 'first') times = Math.min(times, n(c.face) > 0 ? 1 : 0);
      else if (c.k === 'special') times = Math.min(times, 1);
      else if (!(isPre({ conds: [c], effects: [] }) && preHolds(s, { conds: [c], effects: [] }, att, u, dist))) times = 0;
    }
    if (times > 0 && ab.conds.some((c) => c.k === 'special')) { if (specials > 0) specials--; else times = 0; }
    if (!Number.isFinite(times)) times = 1;
    for (let k = 0; k < times; k++) {
      for (const e of firstEffects(ab)) {
        if (e.k === 'extraResult') { if (e.face === 'H' || e.face === 'AH') hits++; if (e.face === 'P') pushes++; }
        else if (e.k === 'noDamage') noDamage = true;
        else if (e.k === 'give' && u.at) giveStatus(s, u, e.status, ev);
        else if (e.k === 'gain') gainThing(s, att, e.thing, ev);
        else if (e.k === 'heal') heal(s, att);
        else if (e.k === 'placeExplosion' && u.at) {
          // Place Explosion: face down on the target's space, with the pictured status on top (spec 2.2.9).
          const explosive = explosiveObject(s, u.at);
          if (placeExplosion(s, u.at, att.side, ev, e.status ? [e.status] : []) && explosive) gainMayhemStatus(s, att.board, ev);
        } else if (e.k === 'buildingDamage' && u.at) placeBuildingDamage(s, u.at, att.side, rng(), ev);
      }
    }
  }
  f.hits = noDamage ? 0 : hits;
  // Each Aimed Hit on the aimed (centre) target gives one Aim Bonus, each kind once per roll (spec 7.4).
  if (f.aimed && f.targets[f.i].centre) { f.aims = n('AH'); f.bonuses = []; }
  f.pushes = pushes;
  say(ev, 'attack_result', { id: f.id, target: u.id, hits: f.hits, pushes });
}

/**
 * An attack's roll at a target that is no unit (an Explosive Object, a Targetable OM, a vehicle;
 * spec 7.6.1, 7.3.7, 7.16.4): the band's dice and extra dice, Higher/Lower and the attacker's
 * Attack Up/Down; never Protection, never Flanked. `tag` names the target in the events.
 * The Hits, or null when the target is out of the weapon's bands (missed).
 */
export function rollAtObject(s: S, f: { id: number; centre: string; dieUpgrades?: Color[]; dieDowngrades?: Color[]; mayhemDie?: boolean; targets?: { centre: boolean }[]; i?: number }, att: Unit, a: CompiledAction, at: string, rng: Rng, ev: Ev, tag: Record<string, string>): number | null {
  const p = objectPool(s, att, a, f.centre, at, mayhemDice(f));
  if (!p) { say(ev, 'attack_missed', { id: f.id, ...tag }); return null; }
  const { mods } = p;
  const dice = modifyPool(p.base.slice(), p.net, diceChoiceOf(f));
  const faces = roll(rng, dice);
  ev.push(rollEvent('attack', faces.map((x) => x.join('+') || '-'), { id: f.id, ...tag, dice, mods }));
  return faces.flat().filter((x) => x === 'H' || x === 'AH').length;
}

/**
 * A Mayhem card's extra die (spec 7.7): one die, on the first centre target's roll (the enemy unit
 * there, else the Explosive Object or OM, the DDD or the vehicle there, in the attack's order of
 * targets), as aiming is the centre's (§7.4); never an AoE target's.
 */
export function mayhemDice(f: { mayhemDie?: boolean; targets?: { centre: boolean }[]; i?: number }): number {
  return f.mayhemDie && f.targets && f.targets.findIndex((t) => t.centre) === (f.i ?? 0) ? 1 : 0;
}

/**
 * The pool at a target in `at` that is no unit, before the choice of dice: an Explosive Object,
 * a Targetable OM or a vehicle, or with `ddd` that DDD (spec 7.6.1, 7.3.7, 7.16.4, 7.15). The
 * band's dice, EXTRA DIE abilities and `more` (a Mayhem card's die) first, then the modifiers
 * (L735-739, as poolFor): Higher/Lower and the attacker's Attack Up/Down; a DDD also the Elite
 * Weapon Bonus, the Hell Tower one Level higher when attacked; never Protection, never Flanked
 * . Null when `centre` is beyond the weapon's bands.
 */
export function objectPool(s: S, att: Unit, a: CompiledAction, centre: string, at: string, more = 0, ddd?: string): { color: Color; base: Color[]; net: number; mods: Record<string, number> } | null {
  const d = distance(originOf(s, att, centre), centre);
  const b = band(s, att, a, d, null);
  if (!b || !att.at) return null;
  const extra = abilitiesOf(s, a).filter((ab) => isPre(ab) && preHolds(s, ab, att, null, d)).flatMap(firstEffects).filter((e) => e.k === 'extraDie').length;
  const mods: Record<string, number> = {};
  const za = parseKey(att.at)[2] + (ddd ? 0 : dddLift(att.id)); const zt = parseKey(at)[2] + (ddd ? dddLift(ddd) : 0);
  if (za > zt) mods.higher = 2;
  if (za < zt) mods.lower = -2;
  if (ddd && a.weapon && a.attack!.weaponBonus === 'elite' && mission(s).rules === 'advanced') mods.weaponBonus = 1;
  if (count(att, 'ATTACK_UP')) mods.attackUp = count(att, 'ATTACK_UP');
  if (count(att, 'ATTACK_DOWN')) mods.attackDown = -count(att, 'ATTACK_DOWN');
  return { color: b.color, base: Array(b.dice + extra + more).fill(b.color), net: Object.values(mods).reduce((x, y) => x + y, 0), mods };
}

/**
 * An attack's roll against an Explosive Object (spec 7.6.1): traced from the attacker for the
 * centre space, from the centre for the rest of an AoE; 2 Hits in a Turn place a marker.
 */
function rollObject(s: S, f: Attack, att: Unit, a: CompiledAction, at: string, rng: Rng, ev: Ev): void {
  const m = map(s);
  const centre = f.targets[f.i].centre;
  const ok = !!att.at && (explosiveObject(s, at) || !!targetableOm(s, at)) && (centre ? !targetProblem(s, att, a, at) : los(m, f.centre, at).ok);
  if (!ok) { say(ev, 'attack_missed', { id: f.id, object: at }); return; }
  const hits = rollAtObject(s, f, att, a, at, rng, ev, { object: at });
  if (hits === null) return;
  // A Targetable OM (spec 7.3.7) takes the same roll's Hits.
  const om = targetableOm(s, at);
  if (om) hitOm(s, om, hits, ev);
  hitObject(s, at, hits, boardless(att) ? null : att, att.side, ev);
}

/** A standing, destructible DDD in `at` that `att` may attack (DDDs are LEGION's devices, spec 7.15). */
function dddTarget(s: S, att: Unit, at: string): boolean {
  const d = dddAt(s, at);
  return !!d && att.side === 'MAYHEM' && DDDS[d.id].health !== null;
}

/**
 * An attack's roll against a DDD (spec 7.15): a Large Unit, so no Protection and not Flanked
 * Higher/Lower, the attacker's Attack Up/Down and the Elite Weapon Bonus apply. Traced
 * to the attacked space for the centre, from the centre for the rest of an AoE. Hits are Wounds.
 */
function rollDdd(s: S, f: Attack, att: Unit, a: CompiledAction, id: string, rng: Rng, ev: Ev): void {
  const d = s.ddds?.find((x) => x.id === id && !x.destroyed);
  const centre = f.targets[f.i].centre;
  const at = d && (centre ? (d.at.includes(f.centre) ? f.centre : null) : d.at.find((k) => areaSpaces(map(s), f.centre, 99).includes(k)) ?? null);
  const ok = !!att.at && !!at && (centre ? !targetProblem(s, att, a, at) : true);
  const p = ok && at ? objectPool(s, att, a, f.centre, at, mayhemDice(f), id) : null;
  if (!p || !d || !at) { say(ev, 'attack_missed', { id: f.id, ddd: id }); return; }
  const { mods } = p;
  const dice = modifyPool(p.base.slice(), p.net, diceChoiceOf(f));
  const faces = roll(rng, dice);
  ev.push(rollEvent('attack', faces.map((x) => x.join('+') || '-'), { id: f.id, ddd: id, dice, mods }));
  hitDdd(s, d, faces.flat().filter((x) => x === 'H' || x === 'AH').length, ev);
}

export function gainThing(s: S, u: Unit, thing: string, ev: Ev): void {
  const b = s.boards[u.board];
  const w = ({ G: 'speed', Y: 'focus', B: 'tech', P: 'mayhem', SHIELD: 'shield', ARMOR: 'armor' } as const)[thing as 'G'];
  if (w) { if (gainCube(b, w)) say(ev, 'cube_gained', { board: b.id, well: w }); return; }
  if (thing === 'MAYHEM') { gainMayhemStatus(s, u.board, ev); return; }
  giveStatus(s, u, thing as Status, ev);
}
/** A `self` Action: the GAIN effects of its abilities whose conditions hold (ALWAYS, ACTOR HAS) go to the acting unit (spec 2.2.9 "Gain"). */
export function selfEffects(s: S, u: Unit, a: CompiledAction, ev: Ev, target?: string): void {
  for (const ab of abilitiesOf(s, a)) if (preHolds(s, ab, u, null, 0)) for (const e of firstEffects(ab)) {
    if (e.k === 'gain') gainThing(s, u, e.thing, ev);
    // Regenerate (L1945) and Demolish (L1943): the Demolish roll waits for settle's rng (rules/golem.ts).
    else if (e.k === 'heal') heal(s, u);
    else if (e.k === 'demolish' && target) s.stack.push({ t: 'demolish', unit: u.id, at: target });
  }
}
export function heal(s: S, u: Unit): void {
  const b = s.boards[u.board];
  const w = (['mayhem', 'tech', 'focus', 'speed'] as Well[]).find((x) => b.wounds[x] > 0);
  if (w) b.wounds[w]--;
}

/**
 * Hits on an Ally: for each Hit a cube on its Ally board, a Shield cube while fewer than its Shield
 * value, else an Armor cube while fewer than its Armor value, else a Wound cube; Downed at Wounds
 * = Health (L1961-1967). No choice: its owner is not asked.
 */
export function allyHits(s: S, u: Unit, hits: number, ev: Ev): void {
  const d = CONTENT.allies[u.ally!].defense;
  const c = (u.damage ??= { shield: 0, armor: 0, wounds: 0 });
  for (let h = 0; h < hits; h++) {
    if (c.shield < d.shield) c.shield++;
    else if (c.armor < d.armor) c.armor++;
    else c.wounds++;
  }
  say(ev, 'hits', { unit: u.id, hits, damage: { ...c } });
  if (c.wounds >= d.health) down(s, u, ev);
}

/** Hits on an Elite: Shield, then Armor, then Wounds (placed by the target's owner); on a Minion: counted this Turn (spec §7.3.7). */
export function applyHits(s: S, f: { id: number } | null, u: Unit, hits: number, ev: Ev): void {
  if (!u.at || hits <= 0) return;
  if (u.ally) { allyHits(s, u, hits, ev); return; }
  if (!isElite(u.board)) {
    u.hits += hits;
    say(ev, 'hits', { unit: u.id, hits, total: u.hits, defense: defense(u.minion!) });
    if (u.hits >= defense(u.minion!)) down(s, u, ev);
    return;
  }
  const b = s.boards[u.board];
  let wounds = 0;
  for (let h = 0; h < hits; h++) {
    if (b.shield > 0) b.shield--;
    else if (b.armor > 0) b.armor--;
    else wounds++;
  }
  say(ev, 'hits', { unit: u.id, hits, wounds });
  if (wounds > 0) s.stack.push({ t: 'wound', id: f?.id ?? s.nextId++, unit: u.id, seat: reactingSeat(s, u), left: wounds });
}

/** One Wound into a well; Downed at Wounds ≥ Health, or when no well can take it ([P]). */
export function woundInto(s: S, u: Unit, w: Well | null, ev: Ev): void {
  const b = s.boards[u.board];
  if (w) placeWound(b, w);
  const total = b.wounds.speed + b.wounds.focus + b.wounds.tech + b.wounds.mayhem;
  say(ev, 'wound', { unit: u.id, well: w, total });
  if (!w || total >= CONTENT.elites[u.board].health) down(s, u, ev);
}

export function woundFrameWaits(s: S, f: Extract<Frame, { t: 'wound' }>): boolean {
  const u = s.units[f.unit];
  return !!u.at && woundWells(s.boards[u.board]).length > 1;
}

/** Push the target one space (3 Push results to cross an obstacle); a step off a Level is an Uncontrolled Fall. */
export function doPush(s: S, f: Attack, to: string | null, ev: Ev): void {
  const u = currentTarget(s, f)!;
  if (to === null) { f.pushes = 0; return; }
  const m = map(s);
  const [x, y, z] = parseKey(u.at!); const [x2, y2, z2] = parseKey(to);
  f.pushes -= terrainCost(m, z, x, y, x2, y2) === 3 ? 3 : 1;
  const from = u.at;
  u.at = to;
  say(ev, 'pushed', { unit: u.id, to });
  // Pushed in front of a drone: a Traffic check (spec 7.16.4, L2184-2188), after the fall if it falls.
  trafficCheck(s, u, from, to);
  if (z2 < z) s.stack.push({ t: 'fall', id: f.id, unit: u.id, seat: reactingSeat(s, u), levels: z - z2, attack: f.id });
}

export function fallWaits(s: S, f: Extract<Frame, { t: 'fall' }>): boolean {
  const u = s.units[f.unit];
  const att = s.stack.find((x) => x.t === 'attack' && x.id === f.attack) as Attack | undefined;
  const d = dashAction(u);
  return !!u.at && !!d && !!payment(s.boards[u.board], u, d.cost) && !(att?.dashed.includes(u.id));
}

/** An Uncontrolled Fall: 1 red d12 per Level, Hits and Aimed Hits only (spec §7.2.4). */
export function fallDamage(s: S, f: Extract<Frame, { t: 'fall' }>, rng: Rng, ev: Ev): void {
  const u = s.units[f.unit];
  const faces = roll(rng, Array(f.levels).fill('red'));
  ev.push(rollEvent('fall', faces.map((x) => x.join('+') || '-'), { unit: u.id, levels: f.levels }));
  const hits = faces.flat().filter((x) => x === 'H' || x === 'AH').length;
  applyHits(s, null, u, hits, ev);
}

export function vpForOms(s: S, ev: Ev): void {
  for (const side of ['MAYHEM', 'LEGION'] as const) {
    for (const wc of mission(s).sides[side].winConditions) {
      if (wc.when !== 'endOfRound' || wc.trigger !== 'omControlled') continue;
      const mine = s.oms.filter((o) => o.control === side);
      if (mine.length && !s.result) addVp(s, side, wc.vp * mine.length, wc.text, ev);
      if (wc.removeOm) s.oms = s.oms.filter((o) => o.control !== side);
    }
  }
}

/** OM control: a Side's unit moving within 1 space on the same Level flips an enemy OM, unless both Sides' units are adjacent to it (spec §7.11.2). */
export function checkOms(s: S, u: Unit, at: string, ev: Ev): void {
  const [x, y, z] = parseKey(at);
  for (const o of s.oms) {
    if (o.control === u.side) continue;
    const [ox, oy, oz] = parseKey(o.at);
    if (oz !== z || Math.max(Math.abs(ox - x), Math.abs(oy - y)) > 1) continue;
    const near = (side: string) => Object.values(s.units).some((v) => v.at && v.side === side && v.id !== u.id && footprint(v).some((k) => { const [vx, vy, vz] = parseKey(k); return vz === oz && Math.max(Math.abs(vx - ox), Math.abs(vy - oy)) <= 1; }));
    if (near(o.control)) continue;
    o.control = u.side;
    say(ev, 'om_flipped', { om: o.id, to: u.side, by: u.id });
  }
}
export { DIRS, other, capacity };
/** For rules/vehicles.ts (a vehicle's roll, spec 7.16.4). */
export { isPre as isPreAbility, firstEffects as firstEffectsOf, preHolds as preHoldsFor };
