// Sentry guns (§7.25, source p.41, checklist #66): "these weapons begin the game in place and cannot
// be moved … Instead of being activated like ordinary units, sentry guns fire at the end of every
// game turn. Each gun fires once, at a target within range, selecting their target based on the
// normal rules for Fire Priority." Option `sentryGuns` places each side's guns (a point, an
// automation level, one heavy weapon, default the Heavy MG). The book's automation table is lost:
// [P] placeholders (spec §7.25, data/sentry.json) Antiquated 12" / priority 1 / Rabble, Modern 18" / 2 / Conscript,
// Enhanced 24" / 3 / Regular, Advanced 30" / 4 / Elite; the shooting Quality sets the fire
// priority count as for troops. [P] A gun fires as a one-figure weapon team (1D6 + its weapon's FE),
// at the nearest enemy unit it may fire at within its max range (an automaton takes the first of
// its priority choices). [P] The defender's guns fire first (the scenario's attacker's enemy), else
// the initiative winner's. A gun is a target (spec §7.25 [P]: "a single-figure vehicle-like unit
// with armour 6 that can be attacked"): an Engage order's `sentry: gunId` fires the unit's
// AT-capable weapons at it like at a vehicle (1D6 + AT against 6 per hit); a penetration destroys
// it (`s.sentriesDestroyed`). [P] It is an emplacement in plain sight: like an Obvious Target it may
// be fired at whatever the fire priority, and it never counts among another target's priority.
// It is not a unit in the unit list, but its footprint (spec §3.2, 0.75") is an obstacle to
// movement like a vehicle's hull [P] (`sentryOnPath`, `sentryFootprints`); a destroyed gun leaves
// nothing; it blocks LOS between others as a hull does [P] (`sentryBlock`). A vehicle's AT weapon
// systems may fire at it (`vehicleAtSentry`, the same volley and hits as infantry fire), and
// infantry may close-assault it as a vehicle (`assaultSentry`, §6.11 [P]). The board picture draws
// it (render.ts). It takes no blast (vehicle-like).
import { along, circlePolygonDistance, dist, inside, overlaps, pointSegmentDistance, polygonDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, weapon, type VehicleWeapon, type WeaponDef } from '../content.js';
import { coverAgainst, inImpassable, segmentBlock } from '../geometry.js';
import { hull, inArc, isVehicle, underFireMod, vdef, weaponFirer } from './vehicles.js';
import { waterFireMod, waterMountProblem } from './amphibious.js';
import { rangeX } from './environment.js';
import { closeAtWeapon, nerveBonus, tankHunterPenetration } from './tank-hunter.js';
import { priorityTargets, type Positions } from '../legal.js';
import { QUALITY_TABLE, inPlay, living, troops, type Figure, type Quality, type S, type Side, type StructureVolley, type Unit } from '../state.js';
import { shoot } from './combat.js';
import { atVolley, structureFirers, structureHits, structurePre } from './fortifications.js';
import { couldImprove, luckyMay, pauseForLucky } from './lucky.js';
import type { Run } from './run.js';

export type SentryLevel = 'antiquated' | 'modern' | 'enhanced' | 'advanced';
/** The automation table [P] and the footprint's radius [P], from data/sentry.json (validated at load, content.ts). */
export const SENTRY_LEVELS: Record<SentryLevel, { range: number; quality: Quality }> = CONTENT.sentry.levels;
export const SENTRY_RADIUS = CONTENT.sentry.radius;

export const sentryOptionSchema = {
  type: 'object', additionalProperties: false,
  description: 'sentry guns per side (§7.25, checklist #66): fixed, never activated; at the end of every turn each fires once (1D6 + its weapon\'s FE, as a one-figure team) at the nearest enemy unit it may fire at within its max range; each automation level\'s max range and Quality, the gun\'s footprint and its armour are the provisional table of data/sentry.json (level default modern, weapon default heavyMG); a target for AT-capable weapons (engage with sentry: its id A-SG-n / B-SG-n), destroyed by a penetration',
  properties: Object.fromEntries(['0', '1'].map((k) => [k, { type: 'array', maxItems: 6, items: { type: 'object', additionalProperties: false, required: ['at'], properties: {
    at: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0, maximum: 20000 } },
    level: { enum: ['antiquated', 'modern', 'enhanced', 'advanced'] },
    weapon: { type: 'string', maxLength: 32 },
  } } }])),
};

type GunDef = { at: Pt; level?: SentryLevel; weapon?: string };

/** Set-up check: each gun on the table with a known weapon. */
export function sentryProblem(o: unknown, table: { w: number; h: number }): Violation | null {
  for (const list of Object.values((o ?? {}) as Record<string, GunDef[]>)) {
    for (const g of list ?? []) {
      if (!Array.isArray(g?.at) || g.at.length !== 2 || g.at[0] < 0 || g.at[1] < 0 || g.at[0] > table.w || g.at[1] > table.h) return violation('off_table', 'a sentry gun stands on the table (§7.25)');
      if (g.level !== undefined && !(g.level in SENTRY_LEVELS)) return violation('bad_sentry', 'a sentry gun\'s level is antiquated, modern, enhanced or advanced (§7.25)');
      if (g.weapon !== undefined && !CONTENT.weapons[g.weapon]) return violation('unknown_weapon', `no weapon ${g.weapon} for a sentry gun (§7.25)`);
    }
  }
  return null;
}

/** The id of a side's gun by its place in the option's list: `A-SG-1`, `B-SG-1`, … */
export const sentryId = (side: Side, i: number) => `${side === 0 ? 'A' : 'B'}-SG-${i + 1}`;

/** The guns of the option still standing, as one-figure weapon teams (not in the unit list), ids `A-SG-1`, `B-SG-1`, …, with their level. */
export function sentryGuns(s: S, side: Side): { gun: Unit; level: SentryLevel }[] {
  const list = ((s.options as { sentryGuns?: Record<string, GunDef[]> }).sentryGuns?.[side] ?? []);
  return list.flatMap((g, i) => {
    const id = sentryId(side, i);
    return s.sentriesDestroyed?.includes(id) ? [] : [sentryUnit(g, id, side)];
  });
}

/**
 * Every gun of the option as the view lists it among the units (§2.1 [S p.4]: "sentry gun /
 * point-defence system (automated, not activated)" is a unit type; §7.25 [P] a single-figure
 * vehicle-like unit): a one-figure unit that has activated (it never does), a destroyed one out of
 * play with its figure down. The state keeps them in the option, not in `units` (view.ts strips
 * them again when it determinizes).
 */
export function sentryViewUnits(s: S): Unit[] {
  return ([0, 1] as Side[]).flatMap((side) => (((s.options as { sentryGuns?: Record<string, GunDef[]> }).sentryGuns?.[side]) ?? []).map((g, i) => {
    const id = sentryId(side, i);
    const { gun } = sentryUnit(g, id, side);
    if (s.sentriesDestroyed?.includes(id)) { gun.out = true; gun.figures[0].alive = false; }
    return gun;
  }));
}

function sentryUnit(g: GunDef, id: string, side: Side): { gun: Unit; level: SentryLevel } {
  const level = g.level ?? 'modern';
  const gun: Unit = {
    id, name: `Sentry gun ${id} (${level})`, side, kind: 'weaponTeam', quality: SENTRY_LEVELS[level].quality, resolve: 'determined', strength: 1,
    figures: [{ id: `${id}.1`, at: [g.at[0], g.at[1]], r: SENTRY_RADIUS, weapon: g.weapon ?? 'heavyMG', armour: 'light', support: false, leader: false, alive: true }],
    activated: true, underFire: false, broken: false, fallingBack: false, out: false,
  };
  return { gun, level };
}

/** End of turn, step 1 (§5.5): every sentry gun fires once, at the nearest unit of its fire priority if within its max range. */
export function sentryFire(s: S, run: Run): void {
  const v = s.victory as { attacker?: Side };
  const first: Side = v.attacker !== undefined ? (v.attacker === 0 ? 1 : 0) : (s.initiative?.winner ?? 0);
  for (const side of [first, first === 0 ? 1 : 0] as Side[]) {
    for (const { gun, level } of sentryGuns(s, side)) {
      if (s.result) return;
      const near = priorityTargets(s, gun)[0];
      const choice = near && inPlay(near.unit) && near.plan.distance <= SENTRY_LEVELS[level].range ? near : null;
      run.emit('sentry_gun', { gun: gun.id, side, level, at: gun.figures[0].at, target: choice?.unit.id ?? null });
      if (choice) shoot(s, run, gun, choice.unit);
    }
  }
}

// ---------------------------------------------------------------- sentry guns on the table (spec §3.2, §7.25 [P])

/**
 * The footprints of the guns still standing, both sides (spec §3.2: a circle, radius 0.75" [P]; the
 * book gives no size). [P] A fixed "vehicle-like" emplacement is an obstacle like a vehicle's hull:
 * no figure or hull moves through or ends on it. [P] A destroyed gun leaves nothing, as a vehicle
 * kill leaves no wreck (§6.6 [P]).
 */
export function sentryFootprints(s: S): { id: string; at: Pt; r: number }[] {
  if (!(s.options as { sentryGuns?: unknown }).sentryGuns) return [];
  return ([0, 1] as Side[]).flatMap((side) => sentryGuns(s, side).map(({ gun }) => ({ id: gun.id, at: gun.figures[0].at, r: gun.figures[0].r })));
}

/**
 * The first standing gun whose footprint a base of radius `r` moving along the path would cross or
 * end on (touching allowed), or null; one point: standing there. [P] A figure set up on a gun (a
 * default deployment under a gun placed there) may move off it.
 */
export function sentryOnPath(s: S, path: Pt[], r: number): string | null {
  for (const g of sentryFootprints(s)) {
    if (path.length > 1 && dist(g.at, path[0]) < g.r + r - 2) continue;
    for (let i = 0; i + 1 < path.length; i++) if (pointSegmentDistance(g.at, path[i], path[i + 1]) < g.r + r - 2) return g.id;
    if (path.length === 1 && dist(g.at, path[0]) < g.r + r - 2) return g.id;
  }
  return null;
}

/**
 * A marker's point (a hidden unit's or a night dummy, §7.10, §4.2) placed automatically, moved off
 * every standing gun's footprint [P]: the point itself when clear, else the nearest clear point
 * 0.25" rings out (8 directions, up to 12"), on the table and out of impassable terrain.
 */
export function markerOffSentries(s: S, p: Pt): Pt {
  if (!sentryOnPath(s, [p], 0)) return p;
  for (let r = 25; r <= 1200; r += 25) {
    for (const v of [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]] as Pt[]) {
      const q = along(p, v, r);
      if (q[0] < 0 || q[1] < 0 || q[0] > s.table.w || q[1] > s.table.h || inImpassable(s, q) || sentryOnPath(s, [q], 0)) continue;
      return q;
    }
  }
  return p;
}

/**
 * A standing gun other than the observer or the target on the segment: [P] it blocks LOS between
 * others as a vehicle's hull does (§3.2 item 2 [P], rules/vehicles.ts hullBlock); a segment
 * passing within its 0.75" radius counts.
 */
export function sentryBlock(s: S, o: Pt, t: Pt, observer: string, target: string | null): string | null {
  for (const g of sentryFootprints(s)) {
    if (g.id === observer || g.id === target) continue;
    if (pointSegmentDistance(g.at, o, t) < g.r) return `sentry:${g.id}`;
  }
  return null;
}

/** Whether a standing gun's footprint overlaps the unit's hull (a vehicle) or one of its bases (touching allowed). */
function onSentry(s: S, u: Unit): boolean {
  if (isVehicle(u)) return sentryFootprints(s).some((g) => circlePolygonDistance(g.at, g.r - 2, hull(u)) === 0);
  return u.figures.some((f) => f.alive && sentryOnPath(s, [f.at], f.r) !== null);
}

/**
 * The default set-up clear of the guns (§7.25 [P]: "these weapons begin the game in place"): a unit
 * or vehicle whose default place (the scenario's or the spread of deployments) puts a base or its
 * hull on a standing gun is shifted, whole, to the nearest offset (1" steps, up to 12": sideways
 * first, then back towards its home edge, then both) where nothing of it is on a gun, off the
 * table, in impassable terrain, or on another unit's base or hull. A vehicle left on a gun could
 * never move (its hull may not cross one). Units aboard a transport are skipped. No room: it stays
 * (a figure may still move off a gun, `sentryOnPath`).
 */
export function clearOfSentries(s: S, u: Unit): void {
  if (u.embarked || !sentryFootprints(s).length || !onSentry(s, u)) return;
  const home = u.side === 1 ? 1 : -1;
  const offsets: Pt[] = [];
  for (let k = 100; k <= 1200; k += 100) offsets.push([k, 0], [-k, 0], [0, home * k], [k, home * k], [-k, home * k]);
  const others = s.units.filter((o) => o !== u && !o.embarked);
  const was = u.figures.map((f) => f.at);
  for (const [dx, dy] of offsets) {
    u.figures.forEach((f, i) => { f.at = [was[i][0] + dx, was[i][1] + dy]; });
    const box = isVehicle(u) ? hull(u) : [];
    const onTable = isVehicle(u) ? box.every((c) => c[0] >= 0 && c[1] >= 0 && c[0] <= s.table.w && c[1] <= s.table.h)
      : u.figures.every((f) => f.at[0] - f.r >= 0 && f.at[1] - f.r >= 0 && f.at[0] + f.r <= s.table.w && f.at[1] + f.r <= s.table.h);
    if (!onTable || onSentry(s, u)) continue;
    if (isVehicle(u) ? s.terrain.some((t) => t.move === 'impassable' && t.kind !== 'linear' && box.some((c) => inside(c, t.points))) : u.figures.some((f) => inImpassable(s, f.at))) continue;
    const clash = others.some((o) => isVehicle(o)
      ? (isVehicle(u) ? polygonDistance(box, hull(o)) === 0 : u.figures.some((f) => circlePolygonDistance(f.at, f.r - 1, hull(o)) === 0))
      : o.figures.some((g) => g.alive && (isVehicle(u) ? circlePolygonDistance(g.at, g.r - 1, box) === 0 : u.figures.some((f) => overlaps(f.at, f.r, g.at, g.r)))));
    if (!clash) return;
  }
  u.figures.forEach((f, i) => { f.at = was[i]; });
}

/** A standing gun as a figure of its one-figure unit, by the gun's id or its figure's (`B-SG-1`, `B-SG-1.1`), for the derived queries. */
export function sentryFigure(s: S, id: string): { u: Unit; f: Figure } | null {
  const gun = sentryById(s, id.replace(/\.1$/, ''));
  return gun ? { u: gun, f: gun.figures[0] } : null;
}

// ---------------------------------------------------------------- sentry guns as targets (spec §7.25 [P])

/** [P] A sentry gun's armour, as a vehicle's (spec §7.25; data/sentry.json). */
export const SENTRY_ARMOUR = CONTENT.sentry.armour;
const PER_HIT = { none: 3, soft: 4, hard: 5 } as const;

/** A standing gun by id, or null. */
export function sentryById(s: S, id: string): Unit | null {
  for (const side of [0, 1] as Side[]) for (const { gun } of sentryGuns(s, side)) if (gun.id === id) return gun;
  return null;
}

/** The AT-capable figures of the unit that see the gun's centre and reach it (edge to edge), with the closest distance (§6.6 "Number of hits"). */
export function sentryFirers(s: S, u: Unit, gun: Unit, pos?: Positions): { firers: Figure[]; distance: number } {
  const g = gun.figures[0];
  return structureFirers(s, u, g.at, (f) => Math.max(0, dist(f.at, g.at) - f.r - g.r), pos, gun);
}

/** Why the unit may not fire at this sentry gun, or null: an enemy gun still standing, an AT-capable weapon that sees and reaches it; no fire priority [P]. */
export function sentryTargetProblem(s: S, u: Unit, id: string, pos?: Positions): Violation | null {
  const gun = sentryById(s, id);
  if (!gun) return violation('not_a_sentry_gun', `${id} is not a sentry gun still standing (§7.25)`);
  if (gun.side === u.side) return violation('not_enemy', `${id} is a sentry gun of your side`);
  if (!troops(u)) return violation('cannot_fire', `${u.id} may not fire`);
  if (u.pinned && !u.lastStand) return violation('pinned', `${u.id} is Pinned: it cannot shoot (§7.19)`);
  if (!sentryFirers(s, u, gun, pos).firers.length) return violation('no_at_weapon', `no AT-capable weapon of ${u.id} sees and reaches ${id} (a sentry gun is fired at like a vehicle, §7.25 [P], §6.6)`);
  return null;
}

/**
 * Fire at a sentry gun (spec §7.25 [P], by §6.6): 2D6 keep the highest for a squad of 2+ (1D6
 * otherwise) + range and shooter modifiers + the FE of the non-blast AT weapons; hits by the gun's
 * cover against the closest firer; each hit 1D6 + AT (weapons in turn from the highest AT) against
 * armour 6; a penetration destroys it (an automaton: no results table [P]).
 */
export function sentryShot(s: S, run: Run, u: Unit, id: string, lucky = false): boolean {
  // A Lucky answer runs the order's step again (§2.7): with the settled fire dice, or the shot done.
  const pre = structurePre(s, u, lucky);
  if (pre === 'done') return false;
  const gun = sentryById(s, id);
  if (!gun) return false;
  const { firers, distance } = sentryFirers(s, u, gun);
  if (!firers.length) return false;
  const { band, mods, ws, weaponFe, fe, dice, feOf } = atVolley(s, run, u, firers, distance, { sentry: id }, {}, pre?.faces);
  const closest = firers.slice().sort((a, b) => dist(a.at, gun.figures[0].at) - dist(b.at, gun.figures[0].at))[0];
  // Personality Lucky (§2.7): a fire die that a re-roll could turn into another hit on the gun.
  const hitsOf = (f: number[]) => sentryHitsAt(s, gun, closest.at, feOf(f));
  if (!pre && luckyMay(s, u, lucky) && couldImprove(dice, hitsOf)) return pauseForLucky(s, run, u, 'fire', dice, { roll: 'fire', weaponFe }, { fe, hits: hitsOf(dice) });
  return sentryHits(s, run, u, gun, closest.at, { firers: firers.map((f) => f.id), band, distance, mods, weaponFe, fe }, ws, lucky);
}

/** Hits on a gun by its cover against `from` (§6.6 by §7.25 [P]). */
const sentryHitsAt = (s: S, gun: Unit, from: Pt, fe: number) => (fe > 0 ? Math.floor(fe / PER_HIT[coverAgainst(s, from, gun.figures[0]).cover]) : 0);

/**
 * The hits of a volley at a gun and their penetration rolls (one function for infantry and vehicle
 * fire): hits by the gun's cover against `from`; each hit 1D6 + AT (weapons in turn from the highest
 * AT) against armour 6; a penetration destroys it. `lucky`: the shooter's penetration dice may open
 * its Lucky window (§2.7); true when one paused them.
 */
function sentryHits(s: S, run: Run, u: Unit, gun: Unit, from: Pt, shot: { fe: number } & Record<string, unknown>, ws: WeaponDef[], lucky = false): boolean {
  const id = gun.id;
  const cover = coverAgainst(s, from, gun.figures[0]).cover;
  const hits = shot.fe > 0 ? Math.floor(shot.fe / PER_HIT[cover]) : 0;
  run.emit('sentry_shot', { unit: u.id, sentry: id, ...shot, cover, hits });
  return sentryPenetrations(s, run, { kind: 'sentry', id, shooter: u.id, weapons: ws, hits, next: 0 }, 0, lucky);
}

/**
 * One penetration roll per hit from hit `x.next` on, the weapons in turn: 1D6 + AT (+ `extra`, Tank
 * Hunter) against armour 6; the first penetration destroys the gun. `held`: a Lucky answer's settled
 * die for hit `x.next` (§2.7); true when a window paused the rolls.
 */
export function sentryPenetrations(s: S, run: Run, x: StructureVolley, extra = 0, lucky = false, held?: number): boolean {
  const id = x.id;
  const gun = sentryById(s, id);
  if (!gun) return false;
  const ws = x.weapons.map((w) => ({ ...w, at: (w.at ?? 0) + extra }));
  return structureHits(s, run, { ...x, weapons: ws }, (w) => run.roll('penetration', 1, { sentry: id, weapon: w.id })[0], SENTRY_ARMOUR, (w, die) => {
    const total = die + (w.at ?? 0);
    const pen = total >= SENTRY_ARMOUR;
    run.emit('penetration', { sentry: id, weapon: w.id, total, armour: SENTRY_ARMOUR, penetrated: pen });
    if (pen) {
      s.sentriesDestroyed = [...(s.sentriesDestroyed ?? []), id];
      run.emit('sentry_destroyed', { sentry: id, side: gun.side, by: x.shooter });
    }
    return pen;
  }, lucky, held);
}

/** A non-blast indirect strike on a standing gun (§7.11 [P], vehicle-like): one hit at the weapon's AT; `by` the asset or the mortar team. */
export function sentryStruck(s: S, run: Run, id: string, w: WeaponDef, by: string): void {
  const gun = sentryById(s, id);
  if (gun) sentryPenetrations(s, run, { kind: 'sentry', id, shooter: by, weapons: [w], hits: 1, next: 0 });
}

// ---------------------------------------------------------------- vehicle weapons at sentry guns (spec §7.25 [P], §6.6)

/** A gun's id, standing or not (`A-SG-1`): a vehicle's fire names a gun as its target by it. */
export const isSentryId = (id: string) => /^[AB]-SG-\d+$/.test(id);

/**
 * Why weapon system `i` of the vehicle may not fire at this sentry gun from (at, heading), or null:
 * an enemy gun still standing, an AT-rated weapon (§2.3: as at a vehicle), the gun in its arc, its
 * centre in sight of the hull's centre, within long range edge to edge; no fire priority [P], as for
 * infantry.
 */
export function sentryWeaponProblem(s: S, u: Unit, i: number, id: string, at?: Pt, heading?: number): Violation | null {
  const m = vdef(u).weapons[i];
  if (!m) return violation('no_such_weapon', `${vdef(u).name} has no weapon system ${i}`);
  const gun = sentryById(s, id);
  if (!gun) return violation('not_a_sentry_gun', `${id} is not a sentry gun still standing (§7.25)`);
  if (gun.side === u.side) return violation('not_enemy', `${id} is a sentry gun of your side`);
  const w = weapon(m.weapon);
  if (!w.at) return violation('no_at_weapon', `${w.name} has no AT rating: it may not fire at a sentry gun (armour 6, §7.25 [P], §2.3)`);
  const c = at ?? u.figures[0].at;
  const wet = waterMountProblem(s, u, m, c);
  if (wet) return wet;
  const g = gun.figures[0];
  const d = circlePolygonDistance(g.at, g.r, at ? hull(u, at, heading) : hull(u));
  const reach = 3 * QUALITY_TABLE[u.quality].base * rangeX(s, u, w, d, true);
  if (!inArc(u, m, g, c, heading) || segmentBlock(s, c, g.at, { fire: false, observerUnit: u, targetUnit: gun }) || d > reach) {
    return violation('no_line_of_fire', `${w.name} (${m.mount}) does not have ${id} in its arc, in sight and in range (§2.5, §3.2)`);
  }
  return null;
}

/**
 * One vehicle weapon system at a sentry gun (§6.6 as at a vehicle): the AT volley of the weapon as
 * a one-figure firer (1D6 + band + crew Quality + the weapon's FE unless a blast weapon; Under Fire
 * by the mount, −1 or −3, §6.9; Advanced Targeting +2), then the hits as for infantry fire.
 */
export function vehicleAtSentry(s: S, run: Run, u: Unit, m: VehicleWeapon, id: string): void {
  const gun = sentryById(s, id);
  if (!gun) return;
  const c = u.figures[0].at;
  const distance = circlePolygonDistance(gun.figures[0].at, gun.figures[0].r, hull(u));
  // The vehicle's Under Fire is its mount's (§6.9), not the squads' −3.
  const firer: Unit = { ...weaponFirer(u, m), underFire: false };
  const extra: Record<string, number> = {};
  const uf = underFireMod(u, m);
  if (uf) extra.underFire = uf;
  const wet = waterFireMod(s, u, c);
  if (wet) extra.amphibious = wet;
  if (vdef(u).properties?.includes('advancedTargeting')) extra.advancedTargeting = 2;
  const { band, mods, ws, weaponFe, fe } = atVolley(s, run, firer, firer.figures, distance, { sentry: id, weapon: m.weapon }, extra);
  u.actedTurn = s.turn;
  sentryHits(s, run, u, gun, c, { weapon: m.weapon, band, distance, mods, weaponFe, fe }, ws);
}

/** Sampled drive fire at the enemy guns (bots): per gun, every weapon that may fire at it together, then each alone (fire control picks). */
export function sentryFireSets(s: S, u: Unit): { weapon: number; target: string }[][] {
  if (u.side === null) return [];
  const out: { weapon: number; target: string }[][] = [];
  for (const { gun } of sentryGuns(s, u.side === 0 ? 1 : 0)) {
    const ok = vdef(u).weapons.map((_, i) => i).filter((i) => !sentryWeaponProblem(s, u, i, gun.id));
    if (!ok.length) continue;
    out.push(ok.map((i) => ({ weapon: i, target: gun.id })));
    if (ok.length > 1) for (const i of ok) out.push([{ weapon: i, target: gun.id }]);
  }
  return out;
}

// ---------------------------------------------------------------- close assault on a sentry gun (spec §7.25 [P], §6.11)

/**
 * Why the unit's charge at this sentry gun is not legal, or null: an enemy gun still standing; a
 * unit that may assault (not a sniper or weapon team, not falling back or Pinned); at least one
 * figure ending in base contact with the gun (the move itself: legal.ts moveProblem).
 */
export function sentryAssaultProblem(s: S, u: Unit, id: string, end: Map<string, Pt>): Violation | null {
  const gun = sentryById(s, id);
  if (!gun) return violation('not_a_sentry_gun', `${id} is not a sentry gun still standing (§7.25)`);
  if (gun.side === u.side) return violation('not_enemy', `${id} is a sentry gun of your side`);
  if (!troops(u) || u.kind === 'sniper' || u.kind === 'weaponTeam') return violation('cannot_assault', `${u.id} does not assault`);
  if (u.fallingBack) return violation('falling_back', 'a falling-back unit may not initiate an assault (§6.1)');
  if (u.pinned) return violation('pinned', `${u.id} is Pinned: it cannot start an assault (§7.19)`);
  const g = gun.figures[0];
  const contact = [...end.entries()].some(([fig, p]) => dist(p, g.at) - g.r - (u.figures.find((f) => f.id === fig)?.r ?? 0) <= 5);
  if (!contact) return violation('no_contact', `at least one figure must end in base contact with ${id} (§6.11, §7.25 [P])`);
  return null;
}

/**
 * Close assault on a sentry gun [P], as on a vehicle (§6.11; the spec's "vehicle-like unit"): a
 * nerve test (Quality on 1D6, Tank Hunter +1; failed, the unit hesitates and its activation ends);
 * the gun's defensive shot at the chargers (its weapon, as its end-of-turn fire, no Under Fire); the
 * move (`move`: false when a mine halted it short, §7.15); then each figure in contact with an
 * AT-rated weapon or AT grenades scores one hit, 1D6 + AT (Tank Hunter +2) against armour 6. No victor roll, no fall back; the gun tests no morale.
 */
export function assaultSentry(s: S, run: Run, u: Unit, id: string, moves: { fig: string; path: Pt[] }[], move: (end: Map<string, Pt>) => boolean): void {
  const gun = sentryById(s, id);
  if (!gun) return;
  const bonus = nerveBonus(u);
  const nerve = run.roll('nerve_test', 1, { unit: u.id })[0] + bonus >= QUALITY_TABLE[u.quality].target;
  run.emit('nerve_test', { unit: u.id, target: id, passed: nerve, ...(bonus ? { tankHunter: bonus } : {}) });
  if (!nerve) return;
  const wasUF = u.underFire;
  shoot(s, run, gun, u, { defensive: true });
  u.underFire = wasUF;
  if (!inPlay(u)) return;
  const live = moves.filter((m) => u.figures.find((f) => f.id === m.fig)?.alive);
  // Mines are met on the way in (§7.15): a charge halted short scores no contact hits.
  if (!move(new Map(live.map((m) => [m.fig, m.path[m.path.length - 1]])))) return;
  const g = gun.figures[0];
  const hits: WeaponDef[] = [];
  for (const f of living(u)) {
    const w = closeAtWeapon(u, f);
    if (!w || dist(f.at, g.at) - g.r - f.r > 5) continue;
    run.emit('assault_hit', { figure: f.id, target: id, weapon: w.id });
    hits.push(w);
  }
  sentryPenetrations(s, run, { kind: 'sentry', id: gun.id, shooter: u.id, weapons: hits, hits: hits.length, next: 0 }, tankHunterPenetration(u));
  run.emit('sentry_assaulted', { unit: u.id, sentry: id, hits: hits.length });
}
