// Bunkers as targets (§6.6 "Bunkers", §7.7): a bunker's structure has an Armour Value and is
// fired at like a vehicle, by the AT-capable weapons only; any penetrating hit destroys it.
import { ignoresPinned } from './traits.js';
import { centroid, distanceToBoundary, inside, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { armour, weapon, type WeaponDef } from '../content.js';
import { segmentBlock } from '../geometry.js';
import { priorityTargets, squadX, type Positions } from '../legal.js';
import { QUALITY_TABLE, living, inPlay, troops, type Feature, type Figure, type S, type StructureVolley, type Unit } from '../state.js';
import { couldImprove, luckyMay, pauseForLucky, settledRoll } from './lucky.js';
import { rangeX } from './environment.js';
import { afterCasualties, firerMods } from './combat.js';
import { applyHurt, woundRules } from './wounds.js';
import { Run } from './run.js';

/** Structure Armour Values (§7.7; Heavy is lost, A4: 11). */
export const BUNKER_ARMOUR = { bunkerL: 7, bunkerM: 9, bunkerH: 11 } as const;
const armourOf = (b: Feature) => BUNKER_ARMOUR[b.fortification as keyof typeof BUNKER_ARMOUR];
const BAND_MOD = { base: 2, close: 0, medium: -2, long: -4 } as const;

export const isBunker = (f: Feature) => f.kind === 'area' && !!f.fortification?.startsWith('bunker');

/**
 * The AT-capable figures of the unit that reach a structure and see `aim` (§6.6 "Number of hits"),
 * with the closest distance; `gap` is a figure's distance to the structure. Bunkers and sentry guns
 * (`target`: the gun, which does not block the sight of itself).
 */
export function structureFirers(s: S, u: Unit, aim: Pt, gap: (f: Figure) => number, pos?: Positions, target: Unit | null = null): { firers: Figure[]; distance: number } {
  const base = QUALITY_TABLE[u.quality].base;
  const smallArms = living(u).some((f) => !f.support);
  const firers: Figure[] = [];
  let best = Infinity;
  for (const f0 of living(u)) {
    const f = pos?.get(f0.id) ? { ...f0, at: pos.get(f0.id)! } : f0;
    const w = weapon(f.weapon);
    if (!w.at || (f.support && !smallArms)) continue;
    const d = gap(f);
    if (d > 3 * base * rangeX(s, u, w, d)) continue;
    if (segmentBlock(s, f.at, aim, { fire: true, observerUnit: u, targetUnit: target })) continue;
    firers.push(f);
    best = Math.min(best, d);
  }
  return { firers, distance: best };
}

/** The AT-capable figures of the unit that see the bunker and reach it, with the distance (§6.6 "Number of hits"). */
export function bunkerFirers(s: S, u: Unit, b: Feature, pos?: Positions): { firers: Figure[]; distance: number } {
  return structureFirers(s, u, centroid(b.points), (f) => (inside(f.at, b.points) ? 0 : Math.max(0, distanceToBoundary(f.at, b.points) - f.r)), pos);
}

/**
 * Why the unit may not fire at this bunker, or null. [P] The bunker stands for its occupants under
 * fire priority: it must hold a figure of one of the unit's priority targets (of any enemy unit for a
 * Last Stand), and an AT-capable weapon must see its centre and reach its wall.
 */
export function bunkerProblem(s: S, u: Unit, id: string, pos?: Positions): Violation | null {
  const b = s.terrain.find((f) => f.id === id);
  if (!b || !isBunker(b)) return violation('not_a_bunker', `${id} is not a bunker (§7.7)`);
  if (b.status === 'destroyed') return violation('destroyed', `${id} is already destroyed`);
  if (!troops(u)) return violation('cannot_fire', `${u.id} may not fire`);
  if (u.pinned && !u.lastStand) return violation('pinned', `${u.id} is Pinned: it cannot shoot (§7.19)`);
  const enemies = u.lastStand
    ? s.units.filter((e) => e.side !== null && e.side !== u.side && inPlay(e) && !e.hidden)
    : priorityTargets(s, u, pos).map((p) => p.unit);
  if (!enemies.some((e) => living(e).some((f) => inside(f.at, b.points)))) {
    return violation('fire_priority', `${id} holds no figure of a unit ${u.id} may fire at (§6.4 step 2 [P])`);
  }
  if (!bunkerFirers(s, u, b, pos).firers.length) return violation('no_at_weapon', `no AT-capable weapon of ${u.id} sees and reaches ${id} (§6.6)`);
  return null;
}

/**
 * The fire effect of a unit's AT-capable figures at a structure (§6.6 "Number of hits", bunkers and
 * sentry guns): 2D6 keep the highest for a squad of 2+ (1D6 otherwise) + range band and shooter
 * modifiers + the FE of the non-blast AT weapons; `ws` are the weapons in penetration order
 * (highest AT first). The unit has acted. `extra`: modifiers of the caller's own (a vehicle weapon's
 * Under Fire by its mount, rules/sentry.ts).
 */
export function atVolley(s: S, run: Run, u: Unit, firers: Figure[], distance: number, at: Record<string, string>, extra: Record<string, number> = {}, held?: number[]) {
  u.actedTurn = s.turn;
  // `held`: the fire dice a Lucky answer settled (§2.7).
  const dice = held ?? run.roll('fire_effect', u.kind === 'infantry' && living(u).length > 1 ? 2 : 1, { unit: u.id, ...at });
  const base = QUALITY_TABLE[u.quality].base;
  const x = squadX(s, u, distance);
  const band = distance <= base ? 'base' : distance <= base * x ? 'close' : distance <= 2 * base * x ? 'medium' : 'long';
  const mods = { ...firerMods(s, u, band), ...extra };
  const ws = firers.map((f) => weapon(f.weapon)).sort((a, b) => (b.at ?? 0) - (a.at ?? 0) || (a.id < b.id ? -1 : 1));
  const weaponFe = ws.filter((w) => !w.blast).reduce((n, w) => n + w.fe, 0);
  const feOf = (f: number[]) => Math.max(...f) + Object.values(mods).reduce((a, c) => a + c, 0) + weaponFe;
  return { band, mods, ws, weaponFe, fe: feOf(dice), dice, feOf };
}

/**
 * A unit's shot at a bunker or a sentry gun after a Lucky answer (§2.7): its settled fire dice
 * (`faces`), or done already (a penetration die's window: the answer finished the hits); null: no
 * answer for this unit's shot.
 */
export function structurePre(s: S, u: Unit, lucky: boolean): { faces: number[] } | 'done' | null {
  const pre = lucky ? settledRoll(s, u, 'fire') : null;
  return pre?.done ? 'done' : pre;
}

/**
 * Penetration rolls at a bunker or a sentry gun from hit `next` on (§6.6, §7.25 [P]): the weapons in
 * turn; `pen(w, die)` resolves one (true when the structure is destroyed: no more rolls). `held`: the
 * settled die of hit `next`. A penetration die a 6 would turn into a penetration opens the shooter's
 * Lucky window (`lucky`, §2.7); true when one paused the hits.
 */
export function structureHits(s: S, run: Run, x: StructureVolley, roll: (w: WeaponDef) => number, armourOf: number, pen: (w: WeaponDef, die: number) => boolean, lucky: boolean, held?: number): boolean {
  const by = s.units.find((u) => u.id === x.shooter);
  for (; x.next < x.hits; x.next++) {
    const w = x.weapons[x.next % x.weapons.length];
    const die = held ?? roll(w);
    const was = held;
    held = undefined;
    if (was === undefined && lucky && by && luckyMay(s, by, true) && die + (w.at ?? 0) < armourOf && 6 + (w.at ?? 0) >= armourOf) {
      return pauseForLucky(s, run, by, 'penetration', [die], { roll: 'structure', at: { ...x } }, { total: die + (w.at ?? 0), armour: armourOf });
    }
    if (pen(w, die)) break;
  }
  return false;
}

/**
 * Fire at a bunker (§6.6): 2D6 keep the highest for a squad (1D6 otherwise) + range and shooter
 * modifiers + the FE of the non-blast AT weapons; hits by hard cover (5 points); each hit 1D6 + AT
 * (weapons in turn from the highest AT) against the Armour Value; any penetration destroys it.
 */
export function bunkerShot(s: S, run: Run, u: Unit, id: string, lucky = false): boolean {
  // A Lucky answer runs the order's step again (§2.7): with the settled fire dice, or the shot done.
  const pre = structurePre(s, u, lucky);
  if (pre === 'done') return false;
  const b = s.terrain.find((f) => f.id === id)!;
  const { firers, distance } = bunkerFirers(s, u, b);
  if (!firers.length) return false;
  const { band, mods, ws, weaponFe, fe, dice, feOf } = atVolley(s, run, u, firers, distance, { bunker: id }, {}, pre?.faces);
  const hitsOf = (f: number[]) => (feOf(f) > 0 ? Math.floor(feOf(f) / 5) : 0);
  const hits = hitsOf(dice);
  // Personality Lucky (§2.7): a fire die that a re-roll could turn into another hit on the bunker.
  if (!pre && luckyMay(s, u, lucky) && couldImprove(dice, hitsOf)) return pauseForLucky(s, run, u, 'fire', dice, { roll: 'fire', weaponFe }, { fe, hits });
  run.emit('bunker_shot', { unit: u.id, bunker: id, firers: firers.map((f) => f.id), band, distance, mods, weaponFe, fe, hits });
  return bunkerHits(s, run, { kind: 'bunker', id, shooter: u.id, weapons: ws, hits, next: 0 }, lucky);
}

/** The penetration rolls of a shot's hits at a bunker from hit `x.next` on (§6.6); any penetration destroys it. True when a Lucky window paused them. */
export function bunkerHits(s: S, run: Run, x: StructureVolley, lucky: boolean, held?: number): boolean {
  const b = s.terrain.find((f) => f.id === x.id)!;
  if (b.status === 'destroyed') return false;
  return structureHits(s, run, x, (w) => run.roll('penetration', 1, { bunker: x.id, weapon: w.id })[0], armourOf(b), (w, die) => {
    const pen = die + (w.at ?? 0) >= armourOf(b);
    run.emit('penetration', { bunker: x.id, weapon: w.id, total: die + (w.at ?? 0), armour: armourOf(b), penetrated: pen });
    if (pen) bunkerDestroyed(s, run, b);
    return pen;
  }, lucky, held);
}

/**
 * Bunker Destroyed (§6.6): each trooper inside rolls 1D6, killed on 3+ (the 3-4 wound kills without
 * the wound rules [P]; powered armour 5+), survivors are Pinned; the bunker gives no more protection.
 */
export function bunkerDestroyed(s: S, run: Run, b: Feature): void {
  b.status = 'destroyed';
  run.emit('bunker_destroyed', { bunker: b.id });
  for (const u of s.units) {
    if (!inPlay(u) || u.hidden) continue;
    const inside_ = living(u).filter((f) => inside(f.at, b.points));
    if (!inside_.length) continue;
    for (const f of inside_) {
      const d = run.roll('bunker_occupant', 1, { figure: f.id })[0];
      // 3-4 wounded, 5-6 killed; powered armour 5 wounded, 6 killed (§6.6); without the wound rules a wound kills.
      const pa = armour(f.armour).powered;
      const res = d >= (pa ? 6 : 5) ? 'killed' : d >= (pa ? 5 : 3) ? 'wounded' : null;
      run.emit('bunker_occupant', { figure: f.id, roll: d, killed: res === 'killed' || (!!res && !woundRules(s)), ...(res === 'wounded' && woundRules(s) ? { wounded: true } : {}) });
      applyHurt(s, run, u, f, res);
    }
    if (living(u).some((f) => inside_.includes(f)) && troops(u) && !ignoresPinned(u)) {
      u.pinned = true;
      u.underFire = false;
      run.emit('pinned', { unit: u.id, bunker: b.id });
    }
    afterCasualties(s, run, u);
  }
}
