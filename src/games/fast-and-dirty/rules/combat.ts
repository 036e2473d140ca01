// Shooting (§6.4), damage against figures (§6.5), Under Fire (§6.9), close assault (§6.10),
// and the automatic fall-back moves of the assault aftermath.
import { along, centroid, edgeDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { armour, weapon } from '../content.js';
import { coverAgainst, positionCover, sees, unitCover } from '../geometry.js';
import { firePlan, moveProblem, nearestEnemy, enemiesOf, type Positions } from '../legal.js';
import { QUALITIES, QUALITY_TABLE, casualties, hasPersonality, living, movers, inPlay, teamPart, troops, type CoverClass, type Feature, type Figure, type AimedHit, type BlastImpact, type FallBackStep, type LuckyCarry, type LuckySettled, type S, type Side, type Unit, type Volley } from '../state.js';
import { branchBonus, syncCharacters } from './characters.js';
import { Run, randomDirection } from './run.js';
import { psiFe } from './psionics.js';
import { SAVE_ON, armourMod, assaultTraitMods, bugHunter, closeOnly, has, ignoresPinned, markUnderFire, noCover, saved, saves } from './traits.js';
import { itemDamage } from './holy.js';
import { nightPinning, rangeX } from './environment.js';
import { checkLosingHeart } from './morale.js';
import { crossfire, crossfireResult } from './crossfire.js';
import { POWERED_ASSAULT, deflectKills, powered, poweredKillDice, poweredPinning } from './powered.js';
import { revealResolve } from './generation.js';
import { hull, infantryAtVehicle, isVehicle, sweptPlaces } from './vehicles.js';
import { checkMines, checkVehicleMines } from './mines.js';
import { isGrav } from './grav.js';
import { applyHurt, damageResult, hurtLabel, isWounded, woundRules, woundedOf } from './wounds.js';
import { couldImprove, luckyMay, luckyOpen, pauseForLucky, settledRoll } from './lucky.js';
import { intercepted } from './pds.js';
import { attachedHero, heroAims, heroTargetMod, heroUnit, isHero, isLegend, villainDown } from './natures.js';
import { berserkCharge } from './berserk.js';
import { futureShock, futureShockResult, primitiveFe } from './tech.js';
import { infect, killedSince, resilient } from './resilience.js';

const PER_HIT: Record<CoverClass, number> = { none: 3, soft: 4, hard: 5 };
const BAND_MOD = { base: 2, close: 0, medium: -2, long: -4 } as const;
const FORT_BONUS = { foxhole: 1, sandbags: 2, trench: 3, bunkerL: 4, bunkerM: 4, bunkerH: 4 } as const;

/** ≥ 3 figures linked by edge-to-edge gaps < 1" (§6.4 step 5 [P]). */
export function bunchedUp(u: Unit): boolean {
  const figs = living(u);
  for (const f of figs) {
    const group = new Set([f]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const g of figs) if (!group.has(g) && [...group].some((h) => edgeDistance(g.at, g.r, h.at, h.r) < 100)) { group.add(g); grew = true; }
    }
    if (group.size >= 3) return true;
  }
  return false;
}

export interface ShotOptions {
  /** The defensive free shot of §6.10: no Under Fire marker. */
  defensive?: boolean;
  /** Firer positions to measure from (default: where they stand). */
  pos?: Positions;
  /** More FE modifiers from the caller (a vehicle weapon's Under Fire, §6.9). */
  extraMods?: Record<string, number>;
  /** An attached Hero's own target (§2.6; default: the squad's target; null: he holds his fire). */
  heroTarget?: Unit | null;
  /** The figure a Hero firing at close range picks to hit first (§2.6). */
  aim?: string;
  /** This shot is one unit's own: no attached Hero is split off (internal). */
  solo?: boolean;
  /** The caller's step can resume after a Lucky window on the shooter's rolls (§2.7, rules/lucky.ts). */
  lucky?: boolean;
  /** An attached Hero's own shot: the host squad whose Lucky trooper may re-roll his dice (§2.7; internal). */
  luck?: Unit;
}

/** A unit shoots at a target unit (§6.4 steps 1-11). Returns false if it cannot fire. */
export function shoot(s: S, run: Run, u: Unit, t: Unit, opt: ShotOptions = {}): boolean {
  // A Hero always shoots individually, even when attached to another unit (§2.6).
  const hero = opt.solo ? null : attachedHero(s, u);
  if (hero) return heroSplit(s, run, u, t, hero, opt);
  // A vehicle target: only the AT-capable weapons, by §6.6.
  if (isVehicle(t)) return infantryAtVehicle(s, run, u, t, opt);
  // A Lucky answer runs this shot again: with its settled fire dice, or finished already (a damage die's window).
  // A Hero's own shot uses his host squad's luck (§2.7: his figure is one of the squad's while attached).
  const lk = opt.luck ?? u;
  const pre = opt.lucky ? settledRoll(s, lk, 'fire') : null;
  if (pre?.done) return true;
  const plan = firePlan(s, u, t, opt.pos);
  if (!plan) return false;
  // Zombies, and Goons not returning fire, shoot only at close range (§2.6).
  if ((plan.band === 'medium' || plan.band === 'long') && closeOnly(s, u, t.id)) {
    run.emit('no_fire', { unit: u.id, target: t.id, reason: 'close range only' });
    return false;
  }
  if (has(t, 'goon')) t.firedOnBy = { ...(t.firedOnBy ?? {}), [u.id]: s.turn };
  u.actedTurn = s.turn;
  const at = (f: Figure) => opt.pos?.get(f.id) ?? f.at;
  if (u.scatteredFire) return scatteredFire(s, run, u, t, plan.firers, plan.visible, plan.distance, at, !!opt.defensive, opt.lucky, pre);
  // Step 4: a squad rolls 2D6 keeping the highest; a weapon team, sniper or single figure 1D6;
  // a squad and its attached team firing together 2D6 + 1D6, the two highest summed (§7.9).
  const team = u.kind === 'infantry' ? plan.firers.filter((f) => f.team) : [];
  // Slow Firing: 1D6 if the unit moved this activation (§2.6).
  const slowFire = has(u, 'slowFiring') && !!u.movedNow && !opt.defensive;
  // Primitive: 1D6 at a technologically advanced unit (§2.6).
  const nDice = u.kind === 'infantry' && living(u).filter((f) => !f.team).length > 1 && !slowFire && !primitiveFe(s, u, t) ? 2 : 1;
  const dice = pre ? pre.faces.slice(0, nDice) : run.roll('fire_effect', nDice, { unit: u.id, target: t.id });
  const teamDie = team.length ? (pre ? pre.faces.slice(nDice, nDice + 1) : run.roll('fire_effect_team', 1, { unit: u.id, target: t.id })) : [];
  const faces = [...dice, ...teamDie];
  // A Legend always counts as rolling a 6 (§2.6 [P]: its FE die).
  const feOf = (f: number[]) => (isLegend(u) ? 6 : team.length ? [...f].sort((a, b) => b - a).slice(0, 2).reduce((a, b) => a + b, 0) : Math.max(...f));
  const feRoll = feOf(faces);
  const mods: Record<string, number> = { band: BAND_MOD[plan.band] };
  if (troops(t) && (t.underFire || t.pinned)) mods.targetUnderFire = -1;
  if (troops(t) && bunchedUp(t)) mods.bunchedUp = 2;
  // A sniper that did not move in its last activation is concealed (§7.27).
  if (t.kind === 'sniper' && !t.movedLast) mods.concealedSniper = -2;
  const lead = branchBonus(s, u);
  if (lead) mods.leadership = lead;
  if (u.kind === 'weaponTeam' && casualties(u)) mods.crewLost = -casualties(u);
  const crewLost = team.length ? u.figures.filter((f) => f.team && !f.alive).length : 0;
  if (crewLost) mods.crewLost = -crewLost;
  if (t.kind === 'nonCombatant') mods.nonCombatant = 2;
  if (has(u, 'zombie')) mods.zombie = -2;
  if (has(u, 'goon')) mods.goon = -1;
  // Non-heroes firing at a Hero (§2.6).
  if (heroTargetMod(u, t)) mods.hero = heroTargetMod(u, t);
  // Personality Trigger Happy: the squad gets +1 FE (§2.7).
  if (hasPersonality(u, 'triggerHappy')) mods.triggerHappy = 1;
  // Bug Hunter against an alien race (§2.6).
  if (bugHunter(s, u, t)) mods.bugHunter = 1;
  // Degrade / Enhance on the firer's own activation (§7.22).
  const pf = psiFe(s, u);
  if (pf) mods.psionic = pf;
  // Bounding with jump packs (§7.12, §6.4).
  if (u.bounding && !opt.defensive) mods.bounding = -2;
  const q = QUALITY_TABLE[u.quality].feMod;
  if (q) mods.quality = q;
  if (!u.lastStand && u.kind !== 'vehicle' && (u.underFire || u.broken || u.fallingBack)) mods[u.fallingBack ? 'fallingBack' : u.underFire ? 'underFire' : 'broken'] = -3;
  Object.assign(mods, opt.extraMods ?? {});
  // Closest eligible firer: cover against the shot is measured from it (§3.2).
  const closest = plan.firers.slice().sort((a, b) => minDist(at(a), a.r, plan.visible) - minDist(at(b), b.r, plan.visible))[0];
  // Relentless never benefits from cover, fortifications included (§2.6).
  const covers = plan.visible.map((f) => (noCover(t) ? { cover: 'none' as const, fort: null } : coverAgainst(s, at(closest), f)));
  const cover = unitCover(covers.map((c) => c.cover));
  if (t.quality === 'rabble' && cover === 'none') mods.rabbleInOpen = 1;
  // Step 6 (a resumed shot keeps what its weapons gave before the Lucky window: their fixed FE, their FE dice among the held faces).
  const wf = pre ? { fixed: (pre.carry as Extract<LuckyCarry, { roll: 'fire' }>).weaponFe, dice: pre.faces.slice(nDice + teamDie.length) } : weaponFire(s, run, u, t, plan, team);
  const all = [...faces, ...wf.dice];
  const weaponOf = (f: number[]) => wf.fixed + f.slice(faces.length).reduce((a, b) => a + b, 0);
  const weaponFe = weaponOf(all);
  const modSum = Object.values(mods).reduce((a, b) => a + b, 0);
  // Step 7 (module Pinning, §7.19): an FE total above the target's fire tolerance pins an infantry squad.
  const pinsAt = (fe: number) => !opt.defensive && !!s.options.pinning && troops(t) && fe > QUALITY_TABLE[t.quality].tolerance + nightPinning(s) + poweredPinning(t);
  const hitsAt = (fe: number) => (fe > 0 ? Math.floor(fe / PER_HIT[cover]) : 0);
  const fe = feRoll + modSum + weaponFe;
  const hits = hitsAt(fe);
  // Personality Lucky (§2.7): the owner may re-roll one fire die, or one of its weapons' FE dice, when that could give another hit or pin the target.
  if (!pre && luckyMay(s, lk, opt.lucky) && couldImprove(all, (f) => { const x = feOf(f.slice(0, faces.length)) + modSum + weaponOf(f); return 2 * hitsAt(x) + (pinsAt(x) ? 1 : 0); })) {
    return pauseForLucky(s, run, lk, 'fire', all, { roll: 'fire', weaponFe: wf.fixed, ...(opt.luck ? { hero: true } : {}) }, { fe, hits, ...(opt.luck ? { hero: u.id } : {}) });
  }
  run.emit('shot', { unit: u.id, target: t.id, firers: plan.firers.map((f) => f.id), band: plan.band, distance: plan.distance, cover, mods, weaponFe, fe, hits, defensive: !!opt.defensive });
  const pins = pinsAt(fe);
  // Step 9: Under Fire (not from the defensive free shot); a Pinned marker replaces it.
  if (!opt.defensive) markUnderFire(t);
  if (pins && !t.pinned && !ignoresPinned(t)) {
    t.pinned = true;
    t.underFire = false;
    run.emit('pinned', { unit: t.id, fe });
  }
  const leaders = leadersAlive(t);
  // A Hero at close range picks the figure hit (§2.6): it takes the first hit.
  const aim = opt.aim && isHero(u) && heroAims(plan.band) ? opt.aim : undefined;
  if (aim) run.emit('hero_aim', { unit: u.id, target: t.id, figure: aim });
  const tail = { leaders, firers: plan.firers.map((f) => f.id), defensive: !!opt.defensive, crossfire: true };
  if (hits > 0 && allocateAndDamage(s, run, u, t, plan.firers, plan.visible, hits, at, covers.map((c, i) => ({ fig: plan.visible[i], fort: c.fort?.fortification ?? null })), tail, aim, opt.lucky, opt.luck)) return true;
  shotTail(s, run, u, t, tail, plan.firers, at, !!opt.lucky, opt.luck?.id);
  return true;
}

/**
 * Step 6: support weapons within their own long range, +1 per 3 small arms firing: the fixed FE and
 * each weapon FE die rolled (a '+1D6' weapon's die, §2.3), apart, for the Lucky window (§2.7).
 */
function weaponFire(s: S, run: Run, u: Unit, t: Unit, plan: NonNullable<ReturnType<typeof firePlan>>, team: Figure[]): { fixed: number; dice: number[] } {
  let fixed = 0;
  const dice: number[] = [];
  const smallArms = plan.firers.filter((f) => !f.support && !f.team).length;
  const base = QUALITY_TABLE[u.quality].base;
  const feDice = (w: ReturnType<typeof weapon>) => { if (w.feDice) dice.push(...run.roll('weapon_fe', w.feDice, { unit: u.id, weapon: w.id })); };
  if (u.kind === 'weaponTeam' || u.kind === 'vehicle') {
    // A heavy weapon adds its own FE once, whatever the crew (§6.4 step 6, §7.9).
    const w = weapon(plan.firers[0].weapon);
    fixed += w.fe;
    feDice(w);
  } else fixed += Math.floor(smallArms / 3);
  if (team.length) {
    const w = weapon(team[0].weapon);
    fixed += w.fe;
    feDice(w);
  }
  for (const f of plan.firers.filter((x) => x.support && u.kind !== 'weaponTeam')) {
    const w = weapon(f.weapon);
    if (plan.distance > 3 * base * rangeX(s, u, w, plan.distance)) continue;
    // An RPG aimed at a location an enemy PDS protects may be shot down: then it adds nothing (§7.25 [P]: the target's visible figures' centre within 6").
    if (w.flags?.includes('rpg') && u.side !== null && intercepted(s, run, u.side, centroid(plan.visible.map((g) => g.at)), { unit: t.id, weapon: w.id, firer: f.id })) continue;
    fixed += w.fe;
    feDice(w);
  }
  return { fixed, dice };
}

/** The attack's last steps once its hits are resolved: Command Disruption (§7.2), crossfire (§7.19), Primitive's future shock (§2.6); none for the defensive free shot. */
function shotTail(s: S, run: Run, u: Unit, t: Unit, tail: Volley['tail'], firers: Figure[], at: (f: Figure) => Pt, lucky = false, hero?: string): boolean {
  if (tail.defensive) return false;
  commandDisruption(s, run, t, tail.leaders);
  // The target's tests may open its owner's Lucky window (§2.7, `lucky`: the attack's step resumes); true when one did.
  // Primitive's future shock at the first attack by an advanced weapon (§2.6).
  const paused = (tail.crossfire && inPlay(t) && crossfire(s, run, u, t, firers, at, lucky)) || futureShock(s, run, t, u, u.side, lucky);
  return paused && heroTail(s, hero);
}

/** A window on the target's test after an attached Hero's shot: the tail names his host, to find the Hero and the shot again (§2.7). */
function heroTail(s: S, hero?: string): true {
  const c = s.luckyOrder?.carry;
  if (hero && c?.roll === 'tail') c.tail.hero = hero;
  return true;
}

/** An attack's tail paused at a Lucky window on the target's crossfire or future shock test goes on with the settled die (§2.7); true when another window paused it. */
export function continueTail(s: S, run: Run, x: Extract<LuckyCarry, { roll: 'tail' }>['tail'], die: number): boolean {
  // After an attached Hero's shot: the Hero as the one-figure unit that fired (§2.6).
  const host = x.hero ? s.units.find((v) => v.id === x.hero) : undefined;
  const h = host ? attachedHero(s, host) : null;
  const u = host && h ? heroUnit(host, h) : s.units.find((v) => v.id === x.shooter)!, t = s.units.find((v) => v.id === x.target)!;
  if (x.step === 'futureShock') { futureShockResult(run, t, u, die); return false; }
  crossfireResult(run, t, x.shooters!, die);
  return futureShock(s, run, t, u, u.side, true) && heroTail(s, x.hero);
}

/**
 * A shot paused at a Lucky window on one of its damage dice goes on (§2.7): the paused hit with the
 * settled attack die (the target's defence die stays), the remaining hits, then the attack's tail.
 * True when another damage die opened the window again.
 */
export function continueShot(s: S, run: Run, v: Volley, settled: Settled): boolean {
  const host = v.hero ? s.units.find((x) => x.id === v.hero)! : null;
  const h = host ? attachedHero(s, host) : null;
  // A Hero's shot: the Hero as the one-figure unit that fired (his host's luck), or nothing left to do if he is gone.
  if (host && !h) return false;
  const u = host ? heroUnit(host, h!) : s.units.find((x) => x.id === v.shooter)!, t = s.units.find((x) => x.id === v.target)!;
  if (resolveVolley(s, run, u, t, v, true, settled)) return true;
  return shotTail(s, run, u, t, v.tail, v.tail.firers.map((id) => u.figures.find((f) => f.id === id)!), (f) => f.at, true, v.hero);
}

const leadersAlive = (t: Unit) => t.figures.filter((f) => f.alive && (f.leader || f.character)).map((f) => f.id);

/** Module Command Disruption (§7.2): a squad whose leader this attack killed is Pinned instead of Under Fire. */
/**
 * The firer's own modifiers to a Fire Effect roll at a bunker or a vehicle (§6.4, §2.6, §2.7,
 * §7.12, §7.22): the same firer-side terms `shoot` applies at a unit (which interleaves them with
 * the target's terms, kept as they are so its events do not change).
 */
export function firerMods(s: S, u: Unit, band: keyof typeof BAND_MOD, opt: { defensive?: boolean } = {}): Record<string, number> {
  const mods: Record<string, number> = { band: BAND_MOD[band] };
  const lead = branchBonus(s, u);
  if (lead) mods.leadership = lead;
  if (u.kind === 'weaponTeam' && casualties(u)) mods.crewLost = -casualties(u);
  if (has(u, 'zombie')) mods.zombie = -2;
  if (has(u, 'goon')) mods.goon = -1;
  if (hasPersonality(u, 'triggerHappy')) mods.triggerHappy = 1;
  const pf = psiFe(s, u);
  if (pf) mods.psionic = pf;
  if (u.bounding && !opt.defensive) mods.bounding = -2;
  const q = QUALITY_TABLE[u.quality].feMod;
  if (q) mods.quality = q;
  if (!u.lastStand && (u.underFire || u.broken || u.fallingBack)) mods[u.fallingBack ? 'fallingBack' : u.underFire ? 'underFire' : 'broken'] = -3;
  return mods;
}

export function commandDisruption(s: S, run: Run, t: Unit, leadersBefore: string[]): void {
  if (!s.options.commandDisruption || !troops(t) || !inPlay(t)) return;
  const lost = leadersBefore.filter((id) => !t.figures.some((f) => f.id === id && f.alive));
  if (!lost.length || ignoresPinned(t)) return;
  t.pinned = true;
  t.underFire = false;
  run.emit('command_disruption', { unit: t.id, leader: lost[0] });
}

/** Scattered fire (§6.8): within 10" only; 2D6, each 6 one hit; Under Fire only if a hit was scored. */
function scatteredFire(s: S, run: Run, u: Unit, t: Unit, firers: Figure[], visible: Figure[], distance: number, at: (f: Figure) => Pt, defensive: boolean, lucky: boolean | undefined, pre: LuckySettled | null): boolean {
  if (distance > SCATTERED_RANGE) return false;
  const faces = pre?.faces ?? run.roll('scattered_fire', 2, { unit: u.id, target: t.id });
  const sixes = (f: number[]) => f.filter((d) => d === 6).length;
  const hits = sixes(faces);
  if (!pre && luckyMay(s, u, lucky) && couldImprove(faces, sixes)) return pauseForLucky(s, run, u, 'fire', faces, { roll: 'fire', weaponFe: 0 }, { hits });
  run.emit('shot', { unit: u.id, target: t.id, firers: firers.map((f) => f.id), scattered: true, distance, hits, defensive });
  if (!hits) return true;
  if (!defensive) markUnderFire(t);
  const tail = { leaders: leadersAlive(t), firers: firers.map((f) => f.id), defensive, crossfire: false };
  if (allocateAndDamage(s, run, u, t, firers, visible, hits, at, visible.map((f) => ({ fig: f, fort: noCover(t) ? null : coverAgainst(s, at(firers[0]), f).fort?.fortification ?? null })), tail, undefined, lucky)) return true;
  shotTail(s, run, u, t, tail, firers, at, !!lucky);
  return true;
}
export const SCATTERED_RANGE = 1000;

function minDist(p: Pt, r: number, figs: Figure[]): number {
  return Math.min(...figs.map((f) => edgeDistance(p, r, f.at, f.r)));
}

/** The small arms carried by most firers (ties: higher damage) give each hit's damage [P]. */
function volleyDamage(firers: Figure[]): number {
  const count = new Map<string, number>();
  for (const f of firers) if (!f.support) count.set(f.weapon, (count.get(f.weapon) ?? 0) + 1);
  const ws = [...count.entries()].sort((a, b) => b[1] - a[1] || weapon(b[0]).damage - weapon(a[0]).damage);
  return ws.length ? weapon(ws[0][0]).damage : weapon(firers[0].weapon).damage;
}

/** Steps 10-11: hits to the closest visible figures, spread; damage 1D6 + damage vs 1D6 + armour (§6.5). True when a Lucky window paused the volley. */
function allocateAndDamage(s: S, run: Run, u: Unit, t: Unit, firers: Figure[], visible0: Figure[], hits: number, at: (f: Figure) => Pt, forts: { fig: Figure; fort: string | null }[], tail: Volley['tail'], aim?: string, lucky?: boolean, luck?: Unit): boolean {
  // Module Recover Wounded: wounded figures the firers see take hits like the others, and die (§6.5 [P]).
  const visible = woundRules(s) ? [...visible0, ...woundedOf(t).filter((w) => firers.some((f) => sees(s, { ...f, at: at(f) }, w, { fire: true, observerUnit: u, targetUnit: t })))] : visible0;
  const order = visible.slice().sort((a, b) => minDist(a.at, a.r, firers.map((f) => ({ ...f, at: at(f) }))) - minDist(b.at, b.r, firers.map((f) => ({ ...f, at: at(f) }))) || (a.id < b.id ? -1 : 1));
  // The Hero's pick goes first, the rest in the usual order [P].
  const picked = aim ? order.findIndex((f) => f.id === aim) : -1;
  if (picked > 0) order.unshift(...order.splice(picked, 1));
  const targets: Figure[] = [];
  if (s.options.hitAllocation === 'random') {
    for (let i = 0; i < hits; i++) targets.push(order[run.pick('hit_allocation', order.length, { unit: t.id })]);
  } else {
    for (let i = 0; i < hits; i++) targets.push(order[i % order.length]);
  }
  // Personality Sharpshooter: the squad gets +1 damage (§2.7); a Holy or Unholy weapon +1 (§2.6).
  const dmg = volleyDamage(firers) + (hasPersonality(u, 'sharpshooter') ? 1 : 0) + itemDamage(u, t);
  const fortOf = new Map(forts.map((x) => [x.fig.id, x.fort]));
  const v: Volley = { shooter: u.id, target: t.id, hits: targets.map((f) => f.id), next: 0, damage: dmg, forts: Object.fromEntries(targets.map((f) => [f.id, fortOf.get(f.id) ?? null])), killed: [], tail, ...(luck ? { hero: luck.id } : {}) };
  return resolveVolley(s, run, u, t, v, !!lucky);
}

const HURT_RANK = { killed: 2, wounded: 1 } as const;
const hurtRank = (r: 'killed' | 'wounded' | null) => (r ? HURT_RANK[r] : 0);

/**
 * The volley's hits from `v.next` on (§6.5), then the last-figure rule and the casualties. True when
 * a Lucky window on one of the shooter's damage dice paused it at that hit (`settled`: the answer's
 * attack die and the defence die rolled before the window, for that hit).
 */
/** A paused hit's settled dice: the shooter's attack die with the defence die rolled before its window (`final`: the target's defence window answered too), or the target's save die. */
type Settled = { attack: number; defence: number; final?: boolean } | { save: number };

function resolveVolley(s: S, run: Run, u: Unit, t: Unit, v: Volley, lucky: boolean, settled?: Settled): boolean {
  const fig = (id: string) => t.figures.find((f) => f.id === id)!;
  // The unit whose luck the shooter's dice use: its own, or a Hero's host squad (§2.7).
  const lk = v.hero ? s.units.find((x) => x.id === v.hero) ?? u : u;
  const may = luckyMay(s, lk, lucky);
  if (s.options.squadDamage) {
    // Option (§6.5): one attack and one defender roll; each point the defence exceeds the attack saves one hit.
    const targets = v.hits.map(fig);
    const held = settled && 'attack' in settled ? settled : undefined;
    const die = held?.attack ?? run.roll('damage_attack', 1, { target: t.id })[0];
    const maj = majorityArmour(targets);
    const defDie = held?.defence ?? (s.options.passiveDamage ? 3 : run.roll('damage_defence', 1, { target: t.id })[0]);
    const defOf = (dd: number) => dd + armour(maj).rating + armourMod(t, u);
    const d = defOf(defDie);
    const unsavedAt = (a: number, dd: number) => Math.max(0, targets.length - Math.max(0, defOf(dd) - (a + v.damage)));
    const unsavedBy = (f: number[]) => unsavedAt(f[0], defDie);
    if (!settled && may && couldImprove([die], unsavedBy)) return pauseForLucky(s, run, lk, 'damage', [die], { roll: 'damage', volley: v, defence: defDie }, { attack: die + v.damage, defence: d, hits: targets.length, unsaved: unsavedBy([die]) });
    // Then the target's own defence roll, once the attack die is settled (§2.7): its owner may re-roll it when that could save another hit.
    if (!held?.final && !s.options.passiveDamage && luckyMay(s, t, lucky) && couldImprove([defDie], (x) => -unsavedAt(die, x[0]))) {
      return pauseForLucky(s, run, t, 'defence', [defDie], { roll: 'defence', volley: v, attack: die }, { shooter: u.id, attack: die + v.damage, defence: d, hits: targets.length, unsaved: unsavedBy([die]) });
    }
    // With the wound rules half the unsaved hits, rounded up, are wounds (§6.5 option).
    const unsaved = targets.slice(0, unsavedBy([die]));
    const wounds = woundRules(s) ? Math.ceil(unsaved.length / 2) : 0;
    unsaved.forEach((f, i) => { if (applyHurt(s, run, t, f, i < wounds ? 'wounded' : 'killed')) v.killed.push(f.id); });
  } else {
    for (; v.next < v.hits.length; v.next++) {
      const f = fig(v.hits[v.next]);
      const hs = settled;
      settled = undefined;
      const held = hs && 'attack' in hs ? hs : undefined;
      if (!held && f.alive && has(t, 'save')) {
        // The target's save die (§2.6): its own roll, which its Lucky trooper may re-roll when it failed (§2.7).
        const sd = hs && 'save' in hs ? hs.save : run.roll('save', 1, { unit: t.id, figure: f.id })[0];
        if (!hs && sd < SAVE_ON && luckyMay(s, t, lucky)) return pauseForLucky(s, run, t, 'save', [sd], { roll: 'save', volley: v }, { shooter: u.id, figure: f.id }, SAVE_ON);
        if (saved(run, t, f.id, sd)) continue;
      }
      const die = held?.attack ?? run.roll('damage_attack', 1, { figure: f.id })[0];
      const fort = v.forts[f.id] as keyof typeof FORT_BONUS | null;
      const defDie = held?.defence ?? (s.options.passiveDamage ? 3 : run.roll('damage_defence', 1, { figure: f.id })[0]);
      const defWith = (dd: number, d: number) => dd + armour(f.armour).rating + armourMod(t, u) + (fort && d !== 6 ? FORT_BONUS[fort] : 0);
      const defOf = (d: number) => defWith(defDie, d);
      const resOf = (d: number) => damageResult(s, t, f, d + v.damage, defOf(d));
      const res = resOf(die);
      // Personality Lucky (§2.7): a damage die that a re-roll could turn into a wound or a kill.
      if (!held && may && (f.alive || isWounded(f)) && couldImprove([die], (x) => hurtRank(resOf(x[0])))) {
        return pauseForLucky(s, run, lk, 'damage', [die], { roll: 'damage', volley: v, defence: defDie }, { attack: die + v.damage, defence: defOf(die) });
      }
      // Then the target's own defence die (§6.5), once the attack die is settled: its owner may re-roll it when that could spare the figure (§2.7).
      if (!held?.final && !s.options.passiveDamage && luckyMay(s, t, lucky) && (f.alive || isWounded(f)) && couldImprove([defDie], (x) => -hurtRank(damageResult(s, t, f, die + v.damage, defWith(x[0], die))))) {
        return pauseForLucky(s, run, t, 'defence', [defDie], { roll: 'defence', volley: v, attack: die }, { shooter: u.id, figure: f.id, attack: die + v.damage, defence: defOf(die) });
      }
      run.emit('damage', { figure: f.id, attack: die + v.damage, defence: defOf(die), ...hurtLabel(f, res) });
      if (applyHurt(s, run, t, f, res)) v.killed.push(f.id);
    }
  }
  lastFigureRule(t, v.killed.map(fig));
  afterCasualties(s, run, t);
  return false;
}

function majorityArmour(figs: Figure[]): string {
  const n = new Map<string, number>();
  for (const f of figs) n.set(f.armour, (n.get(f.armour) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
}

/** §6.4: the last surviving figure must be a small-arms figure: a support operator dies in its place. */
export function lastFigureRule(t: Unit, killed: Figure[]): void {
  const live = living(t);
  if (!live.length || live.some((f) => !f.support)) return;
  const saved = killed.find((f) => !f.support);
  if (!saved) return;
  const sub = live[live.length - 1];
  // The substitute takes the saved figure's result (killed, or wounded under §7.23).
  if (saved.wounded) { sub.wounded = saved.wounded; delete saved.wounded; }
  saved.alive = true;
  sub.alive = false;
}

/** A unit with no living figures is out of play; Losing Heart runs after each casualty event (§6.13). */
export function afterCasualties(s: S, run: Run, t: Unit): void {
  syncCharacters(s, run);
  revealResolve(run, t);
  if (!living(t).length && !t.out && !t.attachedTo) {
    villainDown(s, t);
    t.out = true;
    run.emit('unit_eliminated', { unit: t.id });
  }
  checkLosingHeart(s, run);
}

// ---------------------------------------------------------------- blast (§6.7)

/**
 * A blast shot: ranging in is a Quality test on 1D6; on target, every unit with a figure inside
 * the kill zone (friends too) takes its own Strike Effect, 2D6 summed + the weapon's FE with no
 * other modifier; hits by that unit's cover go to the figures inside, closest to the impact first
 * (A20); every unit in the area is marked Under Fire; the Strike Effect counts for pinning (A21).
 * `lucky`: the order's step resumes after a Lucky window on the firer's ranging die or its Strike
 * Effect dice at an enemy unit (§2.7); true when one paused the shot.
 */
export function blastShot(s: S, run: Run, u: Unit, fig: string, at: Pt, lucky = false): boolean {
  // A Lucky answer runs this shot again: with its settled ranging die, or finished already (a Strike Effect's window).
  const pre = lucky ? settledRoll(s, u, 'fire') : null;
  if (pre?.done) return false;
  u.actedTurn = s.turn;
  const firer = u.figures.find((f) => f.id === fig)!;
  const w = weapon(firer.weapon);
  // An enemy point-defence system may destroy the round (§7.25); a resumed shot got past it before its window.
  if (!pre && intercepted(s, run, u.side, at, { unit: u.id, figure: fig })) return false;
  if (s.options.blastScatter) {
    // Option Scatter (§6.7, #108): no ranging test; the point always scatters 1D6 / +2 / +4 by band (base counts as close).
    const d = edgeDistance(firer.at, firer.r, at, 0);
    const base = QUALITY_TABLE[u.quality].base * rangeX(s, u, w, d);
    const extra = d <= base ? 0 : d <= 2 * base ? 2 : 4;
    const inches = run.roll('blast_scatter', 1, { unit: u.id, figure: fig })[0] + extra;
    const p = along(at, randomDirection(run), inches * 100);
    const point: Pt = [Math.max(0, Math.min(s.table.w, p[0])), Math.max(0, Math.min(s.table.h, p[1]))];
    run.emit('blast', { unit: u.id, figure: fig, weapon: w.id, aimed: at, at: point, radius: w.blast, onTarget: true, scatter: inches * 100 });
    return blastEffect(s, run, point, w, firer.at, undefined, u, u.side, lucky);
  }
  const target = QUALITY_TABLE[u.quality].target;
  const [die] = pre?.faces ?? run.roll('ranging_in', 1, { unit: u.id, figure: fig });
  const onTarget = die >= target;
  // Personality Lucky (§2.7): a failed ranging-in die may be re-rolled (a 6 always ranges in).
  if (!pre && !onTarget && luckyMay(s, u, lucky)) return pauseForLucky(s, run, u, 'fire', [die], { roll: 'fire', weaponFe: 0 }, { hits: 0 }, target);
  run.emit('blast', { unit: u.id, figure: fig, weapon: w.id, at, radius: w.blast, onTarget });
  if (!onTarget) return false;
  return blastEffect(s, run, at, w, firer.at, undefined, u, u.side, lucky);
}

/**
 * The impact of a blast at a point (§6.7): every unit with a figure inside the kill zone takes
 * its own Strike Effect. Cover is measured from the firer, or for indirect fire ([P], `from`
 * null) is each figure's position cover. `by`: the firing unit (null: off-board artillery, of
 * side `bySide`), for an Unholy weapon and Primitive's future shock (§2.6). `lucky`: the firer's
 * step resumes after a Lucky window on its Strike Effect dice at an enemy unit (§2.7; the kill
 * zone measured from the point, `reach` left as it is); true when one paused the impact.
 */
export function blastEffect(s: S, run: Run, at: Pt, w: ReturnType<typeof weapon>, from: Pt | null, reach?: (f: Figure) => number, by: Unit | null = null, bySide: Side | null = by?.side ?? null, lucky = false): boolean {
  const b: BlastImpact = { by: by?.id ?? '', at, weapon: w.id, from, next: 0, struck: [] };
  return blastFrom(s, run, b, w, reach ?? ((f) => edgeDistance(f.at, f.r, at, 0)), by, bySide, lucky && !reach && !!by);
}

/** A blast paused at a Lucky window on its Strike Effect dice goes on with the settled dice (§2.7); true when another window paused it. */
export function continueBlast(s: S, run: Run, b: BlastImpact, held: number[]): boolean {
  const by = s.units.find((x) => x.id === b.by)!;
  return blastFrom(s, run, b, weapon(b.weapon), (f) => edgeDistance(f.at, f.r, b.at, 0), by, by.side, true, held);
}

/** A blast paused at a Lucky window on a struck unit's save or defence die goes on with the settled die (§2.7); true when another window paused it. */
export function continueBlastHit(s: S, run: Run, c: Extract<LuckyCarry, { roll: 'blastHit' }>, die: number): boolean {
  const by = s.units.find((x) => x.id === c.blast.by)!;
  const held: Settled = c.defence !== undefined ? { attack: die, defence: c.defence } : c.attack !== undefined ? { attack: c.attack, defence: die, final: true } : { save: die };
  return blastFrom(s, run, c.blast, weapon(c.blast.weapon), (f) => edgeDistance(f.at, f.r, c.blast.at, 0), by, by.side, true, held);
}

/** The Strike Effects of `b` from unit `b.next` on (`held`: the settled dice of that unit's), then future shock. True when a Lucky window paused it. */
function blastFrom(s: S, run: Run, b: BlastImpact, w: ReturnType<typeof weapon>, reach: (f: Figure) => number, by: Unit | null, bySide: Side | null, lucky: boolean, held?: number[] | Settled): boolean {
  const { at, from } = b;
  for (; b.next < s.units.length; b.next++) {
    const t = s.units[b.next];
    // Resumed inside this unit's hits (a window on its save or defence die): its Strike Effect was taken before.
    if (b.hit) {
      const h = held as Settled | undefined;
      held = undefined;
      if (blastHits(s, run, b, t, w, by, lucky, h)) return true;
      continue;
    }
    const settled = held as number[] | undefined;
    held = undefined;
    // A blast never affects vehicles (§6.7).
    if (!inPlay(t) || t.hidden || isVehicle(t)) continue;
    const inside = living(t).filter((f) => reach(f) < w.blast!);
    if (!inside.length) continue;
    const rolled = settled ?? [...run.roll('strike_effect', 2, { unit: t.id }), ...(w.feDice ? run.roll('weapon_fe', w.feDice, { weapon: w.id }) : [])];
    const seOf = (f: number[]) => f.reduce((x, y) => x + y, 0) + w.fe;
    const se = seOf(rolled);
    const covers = inside.map((f) => (noCover(t) ? { cover: 'none' as const, fort: null as Feature | null } : from ? coverAgainst(s, from, f) : { cover: positionCover(s, f), fort: null as Feature | null }));
    const cover = unitCover(covers.map((c) => c.cover));
    const hitsOf = (x: number) => Math.floor(x / PER_HIT[cover]);
    const pinsAt = (x: number) => !!s.options.pinning && troops(t) && x > QUALITY_TABLE[t.quality].tolerance + nightPinning(s) + poweredPinning(t);
    const hits = hitsOf(se);
    // Personality Lucky (§2.7): the firer's own Strike Effect dice at an enemy unit, when a re-roll could add a hit or pin it (at a friend a 6 is no better).
    if (!settled && lucky && by && t.side !== by.side && luckyMay(s, by, true) && couldImprove(rolled, (f) => 2 * hitsOf(seOf(f)) + (pinsAt(seOf(f)) ? 1 : 0))) {
      return pauseForLucky(s, run, by, 'strike', rolled, { roll: 'strike', blast: { ...b, struck: [...b.struck] } }, { struck: t.id, strike: se, hits });
    }
    b.struck.push(t.id);
    run.emit('strike_effect', { unit: t.id, strike: se, cover, hits });
    markUnderFire(t);
    const leaders = leadersAlive(t);
    if (pinsAt(se) && !t.pinned && !ignoresPinned(t)) {
      t.pinned = true;
      t.underFire = false;
      run.emit('pinned', { unit: t.id, fe: se });
    }
    if (!hits) continue;
    const order = inside.slice().sort((a, b) => reach(a) - reach(b) || (a.id < b.id ? -1 : 1));
    b.hit = { i: 0, hits, order: order.map((f) => f.id), killed: [], leaders, forts: Object.fromEntries(inside.map((f, k) => [f.id, covers[k].fort?.fortification ?? null])) };
    if (blastHits(s, run, b, t, w, by, lucky)) return true;
  }
  // Primitive's future shock, once every unit in the area has taken the blast (§2.6).
  for (const id of b.struck) futureShock(s, run, s.units.find((x) => x.id === id)!, by, bySide);
  return false;
}

/**
 * A struck unit's hits from a blast (§6.7), from hit `b.hit.i` on: closest to the impact first, each
 * a save (§2.6), then the damage die against the defence die (§6.5); then the last-figure rule,
 * casualties, Command Disruption. Personality Lucky (§2.7): the unit's failed save die and its
 * defence die are its own rolls, the damage die the firer's (at an enemy unit only: at a friend a
 * 6 is no better), each may open its owner's window (`lucky`: the firer's step resumes; `held`: the
 * dice an answer settled). True when a window paused it.
 */
function blastHits(s: S, run: Run, b: BlastImpact, t: Unit, w: ReturnType<typeof weapon>, by: Unit | null, lucky: boolean, held?: Settled): boolean {
  const x = b.hit!;
  const fig = (id: string) => t.figures.find((f) => f.id === id)!;
  const pause = (who: Unit, test: 'save' | 'defence' | 'damage', die: number, extra: { attack?: number; defence?: number }, shown: Record<string, number | string>, target: number | null) =>
    pauseForLucky(s, run, who, test, [die], { roll: 'blastHit', blast: { ...b, struck: [...b.struck], hit: { ...x, killed: [...x.killed] } }, ...extra }, shown, target);
  const may = lucky && !!by && luckyMay(s, t, true);
  const firerMay = lucky && !!by && by.side !== t.side && luckyMay(s, by, true);
  for (; x.i < x.hits; x.i++) {
    const f = fig(x.order[x.i % x.order.length]);
    const hs = held;
    held = undefined;
    const dice = hs && 'attack' in hs ? hs : undefined;
    if (!dice && f.alive && has(t, 'save')) {
      const sd = hs && 'save' in hs ? hs.save : run.roll('save', 1, { unit: t.id, figure: f.id })[0];
      if (!hs && sd < SAVE_ON && may) return pause(t, 'save', sd, {}, { shooter: by!.id, figure: f.id }, SAVE_ON);
      if (saved(run, t, f.id, sd)) continue;
    }
    const d = dice?.attack ?? run.roll('damage_attack', 1, { figure: f.id })[0];
    const fort = x.forts[f.id] as keyof typeof FORT_BONUS | null;
    const defDie = dice?.defence ?? (s.options.passiveDamage ? 3 : run.roll('damage_defence', 1, { figure: f.id })[0]);
    const defWith = (dd: number) => dd + armour(f.armour).rating + armourMod(t, by) + (fort && d !== 6 ? FORT_BONUS[fort] : 0);
    // The firing unit's Holy or Unholy weapon (§2.6), when the blast has one.
    const attackOf = (a: number) => a + w.damage + itemDamage(by, t);
    const attack = attackOf(d);
    const resOf = (dd: number) => damageResult(s, t, f, attack, defWith(dd));
    // The firer's damage die first, then the struck unit's defence die (as in a volley).
    const defAt = (a: number) => defDie + armour(f.armour).rating + armourMod(t, by) + (fort && a !== 6 ? FORT_BONUS[fort] : 0);
    if (!dice && firerMay && (f.alive || isWounded(f)) && couldImprove([d], (v) => hurtRank(damageResult(s, t, f, attackOf(v[0]), defAt(v[0]))))) {
      return pause(by!, 'damage', d, { defence: defDie }, { attack, defence: defWith(defDie) }, null);
    }
    if (!dice?.final && !s.options.passiveDamage && may && (f.alive || isWounded(f)) && couldImprove([defDie], (v) => -hurtRank(resOf(v[0])))) {
      return pause(t, 'defence', defDie, { attack: d }, { shooter: by!.id, figure: f.id, attack, defence: defWith(defDie) }, null);
    }
    const res = resOf(defDie);
    run.emit('damage', { figure: f.id, attack, defence: defWith(defDie), ...hurtLabel(f, res) });
    if (applyHurt(s, run, t, f, res)) x.killed.push(f.id);
  }
  delete b.hit;
  lastFigureRule(t, x.killed.map(fig));
  afterCasualties(s, run, t);
  commandDisruption(s, run, t, x.leaders);
  return false;
}

// ---------------------------------------------------------------- snipers and smoke (§7.27, §7.26)

/**
 * A sniper's aimed shot (§7.27): any enemy unit, ignoring fire priority; a Quality test on 1D6
 * puts 1 hit on the visible figure the sniper chose (damage as normal); a failure means no more
 * fire this turn. [P] The target is marked Under Fire either way.
 */
export function aimedShot(s: S, run: Run, u: Unit, t: Unit, figId: string, lucky = false): void {
  // A Lucky answer runs this shot again: with its settled aim die, or finished already (a window on its hit's dice).
  const pre = lucky ? settledRoll(s, u, 'fire') : null;
  if (pre?.done) return;
  u.actedTurn = s.turn;
  const [die] = pre?.faces ?? run.roll('aimed_shot', 1, { unit: u.id, target: t.id, figure: figId });
  const hit = die >= QUALITY_TABLE[u.quality].target;
  // Personality Lucky (§2.7): a missed aimed shot's die may be re-rolled.
  if (!pre && !hit && luckyMay(s, u, lucky)) { pauseForLucky(s, run, u, 'fire', [die], { roll: 'fire', weaponFe: 0 }, { hits: 0 }, QUALITY_TABLE[u.quality].target); return; }
  run.emit('aimed_shot', { unit: u.id, target: t.id, figure: figId, hit });
  markUnderFire(t);
  if (!hit) { u.noFireTurn = s.turn; futureShock(s, run, t, u, u.side); return; }
  aimedHit(s, run, { shooter: u.id, target: t.id, figure: figId, leaders: leadersAlive(t) }, lucky);
}

/**
 * The aimed shot's one hit (§7.27): the target's save (§2.6), the sniper's damage die against the
 * target's defence die (§6.5), then Command Disruption and future shock. Personality Lucky (§2.7):
 * the target's failed save die and (once the sniper's die is settled) its defence die are its own,
 * the damage die the sniper's; each may open its owner's window as in a volley (`held`: the dice an
 * answer settled). True when a window paused the hit.
 */
function aimedHit(s: S, run: Run, x: AimedHit, lucky: boolean, held?: Settled): boolean {
  const u = s.units.find((v) => v.id === x.shooter)!, t = s.units.find((v) => v.id === x.target)!;
  const sniper = living(u)[0] ?? u.figures[0];
  const f = t.figures.find((v) => v.id === x.figure)!;
  const dice = held && 'attack' in held ? held : undefined;
  if (!dice && has(t, 'save')) {
    const sd = held && 'save' in held ? held.save : run.roll('save', 1, { unit: t.id, figure: f.id })[0];
    if (!held && sd < SAVE_ON && luckyMay(s, t, lucky)) return pauseForLucky(s, run, t, 'save', [sd], { roll: 'aimed', hit: x }, { shooter: u.id, figure: f.id }, SAVE_ON);
    if (saved(run, t, f.id, sd)) { futureShock(s, run, t, u, u.side); return false; }
  }
  const fort = noCover(t) ? undefined : coverAgainst(s, sniper.at, f).fort?.fortification as keyof typeof FORT_BONUS | undefined;
  const d = dice?.attack ?? run.roll('damage_attack', 1, { figure: f.id })[0];
  const defDie = dice?.defence ?? (s.options.passiveDamage ? 3 : run.roll('damage_defence', 1, { figure: f.id })[0]);
  const defWith = (dd: number, a: number) => dd + armour(f.armour).rating + armourMod(t, u) + (fort && a !== 6 ? FORT_BONUS[fort] : 0);
  const sniperDamage = weapon(sniper.weapon).damage + (hasPersonality(u, 'sharpshooter') ? 1 : 0) + itemDamage(u, t);
  const resOf = (a: number, dd = defDie) => damageResult(s, t, f, a + sniperDamage, defWith(dd, a));
  // Personality Lucky (§2.7): the sniper's damage die when a re-roll could wound or kill, then the target's defence die when it could spare the figure.
  if (!dice && luckyMay(s, u, lucky) && (f.alive || isWounded(f)) && couldImprove([d], (v) => hurtRank(resOf(v[0])))) {
    return pauseForLucky(s, run, u, 'damage', [d], { roll: 'aimed', hit: x, defence: defDie }, { attack: d + sniperDamage, defence: defWith(defDie, d) });
  }
  if (!dice?.final && !s.options.passiveDamage && luckyMay(s, t, lucky) && (f.alive || isWounded(f)) && couldImprove([defDie], (v) => -hurtRank(resOf(d, v[0])))) {
    return pauseForLucky(s, run, t, 'defence', [defDie], { roll: 'aimed', hit: x, attack: d }, { shooter: u.id, figure: f.id, attack: d + sniperDamage, defence: defWith(defDie, d) });
  }
  const res = resOf(d);
  run.emit('damage', { figure: f.id, attack: d + sniperDamage, defence: defWith(defDie, d), ...hurtLabel(f, res) });
  if (applyHurt(s, run, t, f, res)) lastFigureRule(t, [f]);
  afterCasualties(s, run, t);
  commandDisruption(s, run, t, x.leaders);
  futureShock(s, run, t, u, u.side);
  return false;
}

/** An aimed shot paused at a Lucky window on its hit's dice goes on with the settled die (§2.7); true when another window paused it. */
export function continueAimed(s: S, run: Run, c: Extract<LuckyCarry, { roll: 'aimed' }>, die: number): boolean {
  const held: Settled = c.defence !== undefined ? { attack: die, defence: c.defence } : c.attack !== undefined ? { attack: c.attack, defence: die, final: true } : { save: die };
  return aimedHit(s, run, c.hit, true, held);
}

/** Lay the squad's one smoke screen of the game: the line between two points (§7.26). */
export function layScreen(s: S, run: Run, u: Unit, pts: [Pt, Pt]): void {
  u.actedTurn = s.turn;
  s.smoke.push({ unit: u.id, a: [pts[0][0], pts[0][1]], b: [pts[1][0], pts[1][1]] });
  u.smokeUsed = true;
  run.emit('smoke_laid', { unit: u.id, a: pts[0], b: pts[1] });
}

// ---------------------------------------------------------------- close assault (§6.10)

const maxRating = (figs: Figure[]) => Math.max(0, ...figs.map((f) => armour(f.armour).rating));

/** Participants: figures with LOS to a figure of the opposing unit (§6.10 step 4). */
function participants(s: S, a: Unit, b: Unit): Figure[] {
  return living(a).filter((f) => living(b).some((g) => edgeDistance(f.at, f.r, g.at, g.r) <= 5 || sees(s, f, g, { fire: false, observerUnit: a, targetUnit: b })));
}

/** A close-assault result from one side (§6.10): 0 overrun, 1 lost, 2 draw, 3 won, 4 won by overrun. */
function assaultRank(mine: number, theirs: number): number {
  if (mine === theirs) return 2;
  if (mine > theirs) return mine > 0 && mine >= 2 * theirs ? 4 : 3;
  return theirs > 0 && theirs >= 2 * mine ? 0 : 1;
}

/**
 * §6.10 steps 4-8, after the defensive free shot and the charge move. `lucky`: the order's step
 * resumes after a Lucky window on either side's assault roll (§2.7), the attacker's first.
 */
export function resolveAssault(s: S, run: Run, att: Unit, def: Unit, lucky = false): FallBackStep[] | undefined {
  const pa = participants(s, att, def), pd = participants(s, def, att);
  if (!pa.length || !living(def).length) {
    run.emit('assault_fizzled', { unit: att.id, target: def.id });
    return;
  }
  // A Lucky answer runs the assault again with the dice settled so far: its assault dice, and its kill or revenge dice (§2.7).
  const pre = lucky ? (['assault', 'kill', 'overrun'] as const).map((r) => settledRoll(s, att, r) ?? settledRoll(s, def, r)).find((x) => x) ?? null : null;
  const held = pre?.carry as Extract<LuckyCarry, { roll: 'assault' | 'kill' | 'overrun' }> | undefined;
  const later = held && held.roll !== 'assault' ? held : undefined;
  const total = (u: Unit, mine: Figure[], theirs: Figure[], charging: boolean) => {
    const faces = held?.faces[u.id] ?? run.roll('assault', living(u).length > 1 ? 2 : 1, { unit: u.id });
    const mods: Record<string, number> = {};
    if (charging) mods.charging = 1;
    // Berserk's charge +2 (§2.6).
    if (charging && berserkCharge(s, u)) mods.berserk = berserkCharge(s, u);
    if (maxRating(mine) > maxRating(theirs)) mods.betterArmour = 1;
    if (mine.length > theirs.length) mods.outnumbering = mine.length - theirs.length;
    const other = u === att ? def : att;
    const dq = QUALITIES.indexOf(u.quality) - QUALITIES.indexOf(other.quality);
    if (dq > 0) mods.quality = 2 * dq;
    const wb = Math.max(0, ...mine.map((f) => weapon(f.weapon).assault ?? 0));
    if (wb) mods.weapon = wb;
    const lead = branchBonus(s, u);
    if (lead) mods.leadership = lead;
    const pf = psiFe(s, u);
    if (pf) mods.psionic = pf;
    // Personality Knife Fighter: +1 to the squad's close-assault roll (§2.7).
    if (hasPersonality(u, 'knifeFighter')) mods.knifeFighter = 1;
    // Bug Hunter against an alien race (§2.6).
    if (bugHunter(s, u, other)) mods.bugHunter = 1;
    // Powered armour: +3 (§7.21).
    if (powered(u)) mods.poweredArmour = POWERED_ASSAULT;
    Object.assign(mods, assaultTraitMods(u));
    const scoreOf = (f: number[]) => (isLegend(u) ? 6 : Math.max(...f)) + Object.values(mods).reduce((x, y) => x + y, 0);
    return { score: scoreOf(faces), mods, faces, scoreOf };
  };
  // Slick: each slick model may be engaged by at most 2 opponents (§2.6): the opposing count is capped.
  const cap = (mine: Figure[], u: Unit) => (has(u, 'slick') ? 2 * mine.length : Infinity);
  const paEff = pa.slice(0, cap(pd, def)), pdEff = pd.slice(0, cap(pa, att));
  const { faces: fa, scoreOf: sa, ...ta } = total(att, paEff, pdEff, true), { faces: fd, scoreOf: sd, ...td } = total(def, pdEff, paEff, false);
  // Personality Lucky (§2.7): each side's owner may re-roll one of its own dice when that could change the result.
  // Once the assault dice are settled (a later window), both sides have been asked about them.
  const offered = later ? [att.id, def.id] : held?.roll === 'assault' ? held.offered : [];
  const settledFaces = { [att.id]: fa, [def.id]: fd };
  for (const [x, fx, own, theirs] of [[att, fa, sa, td.score], [def, fd, sd, ta.score]] as const) {
    if (offered.includes(x.id) || !luckyMay(s, x, lucky) || !couldImprove(fx, (f) => assaultRank(own(f), theirs))) continue;
    pauseForLucky(s, run, x, 'assault', fx, { roll: 'assault', faces: settledFaces, offered: [...offered, x.id] }, { score: own(fx), opponent: theirs });
    return;
  }
  const outcome = ta.score > td.score ? 'attacker' : td.score > ta.score ? 'defender' : 'draw';
  // A resumed kill or revenge window: the result was given before it.
  if (!later) run.emit('assault_result', { unit: att.id, target: def.id, attacker: ta, defender: td, outcome });
  const [win, lose] = outcome === 'defender' ? [def, att] : [att, def];
  const [ws, ls] = outcome === 'defender' ? [td.score, ta.score] : [ta.score, td.score];
  if (outcome !== 'draw' && ws > 0 && ws >= 2 * ls) {
    // Overrun: the loser is wiped out; each of its figures rolls a die, each 6 is a casualty on the winner.
    const rolled = later?.roll === 'overrun' ? later.revenge : run.roll('overrun_revenge', living(lose).length, { unit: lose.id });
    const sixes = (f: number[]) => Math.min(f.filter((d) => d === 6).length, living(win).length);
    // Personality Lucky (§2.7): the loser's owner may re-roll one of its revenge dice (a 6 is a casualty on the winner).
    if (!later && luckyMay(s, lose, lucky) && couldImprove(rolled, sixes)) {
      pauseForLucky(s, run, lose, 'overrun', rolled, { roll: 'overrun', faces: settledFaces, revenge: rolled }, { kills: sixes(rolled) }, 6);
      return;
    }
    const revenge = rolled.filter((d) => d === 6).length;
    const wiped = living(lose);
    for (const f of wiped) f.alive = false;
    run.emit('overrun', { unit: lose.id, by: win.id, revenge });
    const winners = new Set(living(win).map((f) => f.id));
    removeClosest(s, run, win, lose, revenge, [...lose.figures]);
    // Infect (§2.6): the figures each side killed in this assault.
    infect(run, win, lose, wiped);
    infect(run, lose, win, killedSince(win, winners));
    afterCasualties(s, run, lose);
    afterCasualties(s, run, win);
    return;
  }
  const need = (u: Unit) => (outcome === 'draw' ? 4 : u === win ? 3 : 5);
  // The kill dice, each side's own roll; a Lucky window on them (§2.7) holds the dice rolled so far.
  const kills: Record<string, number[]> = later?.roll === 'kill' ? { ...later.kills } : {};
  // Personality Brawler: one more kill roll for each brawler fighting (§2.7).
  const killDice = (mine: Figure[], u: Unit, victim: Unit): number[] | null => {
    const n = need(u);
    const held = kills[u.id];
    const dice = held ?? run.roll('kill_dice', mine.length * (has(u, 'huge') ? 4 : 1) * (has(u, 'frenzied') ? 2 : 1) + mine.filter((f) => f.personalities?.includes('brawler')).length + poweredKillDice(mine), { unit: u.id, need: n });
    kills[u.id] = dice;
    // Personality Lucky (§2.7): a kill die that a re-roll could turn into one more kill (no more than the enemy has figures).
    const killsOf = (f: number[]) => Math.min(f.filter((d) => d >= n).length, resilient(victim) ? Infinity : living(victim).length);
    if (!held && luckyMay(s, u, lucky) && couldImprove(dice, killsOf)) {
      pauseForLucky(s, run, u, 'kill', dice, { roll: 'kill', faces: settledFaces, kills: { ...kills }, ...(u === def ? { ka } : {}) }, { kills: killsOf(dice) }, n);
      return null;
    }
    return dice;
  };
  // Powered armour: two kill dice per figure; each kill suffered is negated on 5+ (§7.21).
  let ka = 0;
  const da = killDice(paEff, att, def);
  if (!da) return;
  ka = later?.roll === 'kill' && later.ka !== undefined ? later.ka : deflectKills(run, def, da.filter((d) => d >= need(att)).length);
  const dd = killDice(pdEff, def, att);
  if (!dd) return;
  const kd = deflectKills(run, att, dd.filter((d) => d >= need(def)).length);
  // Simultaneous: both removals from the positions before either.
  const before = [...att.figures, ...def.figures].map((f) => ({ ...f }));
  const up = new Set(before.filter((f) => f.alive).map((f) => f.id));
  removeClosest(s, run, def, att, ka, before);
  removeClosest(s, run, att, def, kd, before);
  run.emit('assault_kills', { [att.id]: kd, [def.id]: ka });
  // Infect (§2.6): the figures each side killed in this assault.
  infect(run, att, def, killedSince(def, up));
  infect(run, def, att, killedSince(att, up));
  afterCasualties(s, run, att);
  afterCasualties(s, run, def);
  // Aftermath: the loser falls back 6"; on a draw both fall back 3", the attacker first; Huge
  // (§2.6): a winner that failed to destroy a Huge loser falls back too [P: 6"]. The fall backs meet
  // mines (§7.15, autoFallBack); a Lucky window on a mover's save or defence die there pauses them
  // (§2.7): the fall backs still to make are returned, and the order resumes at them, the
  // assault's dice and removals not run again (rules/turn.ts closeAssault).
  const steps: FallBackStep[] = outcome === 'draw'
    ? [{ unit: att.id, distance: 300 }, { unit: def.id, distance: 300 }]
    : [{ unit: lose.id, distance: 600 }, { unit: win.id, distance: 600, huge: lose.id }];
  return assaultFallBacks(s, run, steps, lucky) ?? undefined;
}

/**
 * A close assault's fall backs in order (§6.10 step 8); a Huge winner's (`huge`: the loser) only
 * when that loser is Huge and both are still in play. Returns the steps after the one a Lucky
 * window on its mines paused (§2.7), or null when they are all made.
 */
export function assaultFallBacks(s: S, run: Run, steps: FallBackStep[], lucky: boolean): FallBackStep[] | null {
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i];
    const u = s.units.find((x) => x.id === st.unit)!;
    if (st.huge) {
      const lose = s.units.find((x) => x.id === st.huge)!;
      if (!(has(lose, 'huge') && inPlay(lose) && inPlay(u))) continue;
    }
    autoFallBack(s, run, u, st.distance, lucky);
    if (luckyOpen(s)) return steps.slice(i + 1);
  }
  return null;
}

/**
 * Kills removed by the owner, figures in contact first, then by distance to the enemy (default
 * policy). Resilient figures lose 2 RP a kill (§2.6): the kills go one per figure in that order,
 * round again while any remain, each figure going down when its RP run out.
 */
function removeClosest(s: S, run: Run, victim: Unit, enemy: Unit, n: number, enemyFigs: Figure[]): void {
  const foes = enemyFigs.filter((f) => enemy.figures.some((g) => g.id === f.id));
  const order = living(victim).sort((a, b) => minDist(a.at, a.r, foes) - minDist(b.at, b.r, foes) || (a.id < b.id ? -1 : 1));
  const killed: Figure[] = [];
  if (!resilient(victim)) {
    for (const f of order.slice(0, n)) { f.alive = false; killed.push(f); }
  } else {
    for (let i = 0, k = 0; i < n && order.some((f) => f.alive); k++) {
      const f = order[k % order.length];
      if (!f.alive) continue;
      i++;
      if (applyHurt(s, run, victim, f, 'killed')) killed.push(f);
    }
  }
  lastFigureRule(victim, killed);
}

/**
 * A free move away from the enemy (§6.10 step 8 [P]): every figure moves the same vector, away
 * from the centroid of the nearest enemy unit, the longest of 100%, 75%, 50%, 25% that is legal.
 * It is a move like any other for the mines (§7.15, p.33: "Any unit that approaches to within 4"
 * of a mine must temporarily halt"): each figure's straight path from its start meets the markers
 * (checkMines; a vehicle's hull swept along it, keeping its heading, checkVehicleMines; a Fly/Grav
 * vehicle flies over them [P]). `lucky`: the mover's save or defence die against a mine may open
 * its Lucky window (§2.7), where the caller resumes after the encounters (a Lull withdrawal,
 * rules/lull.ts; a close assault's fall backs, assaultFallBacks).
 */
export function autoFallBack(s: S, run: Run, u: Unit, distance: number, lucky = false): void {
  // A Medic staying with the wounded stays (§7.23).
  const figs = movers(u);
  if (!figs.length) return;
  if (u.lastStand) { run.emit('fell_back', { unit: u.id, distance: 0, lastStand: true }); return; }
  const foes = enemiesOf(s, u);
  if (!foes.length) return;
  const me = centroid(figs.map((f) => f.at));
  const nearest = foes.map((e) => ({ e, d: Math.min(...living(e).map((g) => Math.min(...figs.map((f) => edgeDistance(f.at, f.r, g.at, g.r))))) }))
    .sort((a, b) => a.d - b.d)[0].e;
  const them = centroid(living(nearest).map((f) => f.at));
  let v: Pt = [me[0] - them[0], me[1] - them[1]];
  if (v[0] === 0 && v[1] === 0) v = [0, u.side === 1 ? 1 : -1];
  for (const k of [100, 75, 50, 25]) {
    const moves = figs.map((f) => ({ fig: f.id, path: [along(f.at, v, (distance * k) / 100)] }));
    const r = moveProblem(s, u, moves, { mode: 'move', allowance: distance });
    if ('end' in r && nearestEnemy(s, u, (f) => r.end.get(f.id) ?? f.at) > nearestEnemy(s, u, (f) => f.at)) {
      const start = new Map(figs.map((f) => [f.id, [f.at[0], f.at[1]] as Pt]));
      for (const f of figs) f.at = r.end.get(f.id)!;
      run.emit('fell_back', { unit: u.id, distance: (distance * k) / 100 });
      fallBackMines(s, run, u, start, lucky);
      return;
    }
  }
  run.emit('fell_back', { unit: u.id, distance: 0, blocked: true });
}

/** The mines a fall back meets (§7.15): each figure's straight path from `start` to where it stands now. */
function fallBackMines(s: S, run: Run, u: Unit, start: Map<string, Pt>, lucky: boolean): void {
  if (!s.minefields?.length || !inPlay(u)) return;
  if (!isVehicle(u)) {
    checkMines(s, run, u, new Map([...start].map(([id, p]) => [id, [p, u.figures.find((f) => f.id === id)!.at] as Pt[]])), lucky);
    return;
  }
  if (isGrav(u)) return;
  // The hull keeps its heading as it falls back [P]: swept every 0.5" along the straight path.
  const from = start.get(u.figures[0].id)!, to = u.figures[0].at, heading = u.vehicle!.heading;
  const places = sweptPlaces([from, to]).map((p) => ({ at: p.at, heading }));
  checkVehicleMines(s, run, u, hull(u, from, heading), places.map((p) => hull(u, p.at, heading)), hull(u), places);
}

/**
 * A squad with an attached Hero (§2.6): the squad fires without him at its target, then the Hero
 * fires on his own at his target (`heroTarget`, default the squad's), as a one-figure unit.
 */
function heroSplit(s: S, run: Run, u: Unit, t: Unit | null, h: { c: Unit; fig: Figure }, opt: ShotOptions): boolean {
  let fired = false;
  // A Lucky answer on the Hero's shot: the squad's shot before it was fired already (§2.7).
  const heroNext = !!opt.lucky && !!s.luckySettled?.hero && s.luckySettled.unit === u.id;
  if (heroNext) fired = true;
  else if (t && inPlay(t)) {
    // He stands aside (not dead: his squad's casualties on the target do not kill him, characters.ts syncCharacters).
    h.fig.alive = false;
    h.fig.aside = true;
    try { fired = shoot(s, run, u, t, { ...opt, aim: undefined, solo: true }); } finally { h.fig.alive = true; delete h.fig.aside; }
    if (luckyOpen(s)) return fired;
  }
  const ht = opt.heroTarget === undefined ? t : opt.heroTarget;
  if (!ht || !inPlay(ht) || !h.fig.alive || !inPlay(u)) return fired;
  // The Hero's own shot (§2.6): his figure is one of the squad's while attached, so the squad's Lucky
  // trooper may re-roll its fire or damage dice (§2.7 [P]), the luck being the squad's.
  return shoot(s, run, heroUnit(u, h, opt.pos), ht, { ...opt, solo: true, luck: u }) || fired;
}

/**
 * The fire of a squad with an attached weapon team (§7.9): moved, only the infantry part shoots;
 * unmoved, the parts fire at separate targets (`teamTarget`) or together with combined dice. An
 * attached Hero fires on his own (`hero`: his target and his pick of the figure hit, §2.6).
 */
export function squadFire(s: S, run: Run, u: Unit, t: Unit | null, teamTarget: Unit | null, moved: boolean, hero: { target?: Unit; aim?: string } = {}): void {
  // The squad's own shot may open a Lucky window (§2.7): the order's step resumes it (rules/lucky.ts).
  const ho: ShotOptions = { ...(hero.target ? { heroTarget: hero.target } : {}), ...(hero.aim ? { aim: hero.aim } : {}), lucky: true };
  // Only the Hero fires (the squad holds its fire).
  if (!t && hero.target) { const h = attachedHero(s, u); if (h) heroSplit(s, run, u, null, h, ho); if (luckyOpen(s)) return; }
  const crew = living(u).filter((f) => f.team);
  // Huge (§2.6): "A huge model may fire a heavy weapon while moving, but suffers a -2 penalty to
  // fire effect": a moved Huge weapon team fires at −2; a moved Huge squad's attached team fires as
  // if unmoved (with the squad, combined dice, or at its own target), its shot at −2 [P].
  const huge = moved && has(u, 'huge');
  const heavy: ShotOptions = huge ? { ...ho, extraMods: { ...(ho.extraMods ?? {}), huge: -2 } } : ho;
  if (!crew.length) { if (t && inPlay(t)) shoot(s, run, u, t, u.kind === 'weaponTeam' ? heavy : ho); return; }
  if ((!moved || huge) && !teamTarget) { if (t && inPlay(t)) shoot(s, run, u, t, heavy); return; }
  if (t && inPlay(t)) {
    for (const f of crew) f.alive = false;
    try { shoot(s, run, u, t, ho); } finally { for (const f of crew) f.alive = true; }
    if (luckyOpen(s)) return;
  }
  if ((!moved || huge) && teamTarget && inPlay(teamTarget) && inPlay(u)) shoot(s, run, teamPart(u), teamTarget, huge ? { extraMods: { huge: -2 } } : {});
}

export { inPlay };
