// Command Response (module, §7.3): a squad or weapon team activating Under Fire, Pinned or within 10"
// of an enemy tests 1D6 + modifiers against its Quality target; a unit that fails may still shoot
// and call fire, but Moves only to better cover, Rushes only away from the enemy and never assaults.
import { has } from './traits.js';
import { edgeDistance } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { positionCover, sees } from '../geometry.js';
import { enemiesOf, nearestEnemy, type Positions } from '../legal.js';
import { QUALITY_TABLE, attachedCharacter, casualties, hasPersonality, living, type Action, type CoverClass, type S, type Side, type Unit } from '../state.js';
import { Run } from './run.js';
import { untreated } from './wounds.js';
import { orderRecall, outOfOrder, recallProblem } from './platoon.js';
import { luckyReady, openLucky } from './lucky.js';
import { uplinked } from './command-traits.js';

export const COMMAND_RANGE = 1000;
const RANK: Record<CoverClass, number> = { none: 0, soft: 1, hard: 2 };

export const NO_COMMS_RANGE = 2400;

/**
 * A side without communications (§7.4): declared so (`noComms`), no comms equipment (rating 0: jammed
 * automatically), or jammed by the enemy's jamming gear. [GAP] The book gives no jamming procedure;
 * [P] the gear jams when its rating is at least the side's comms rating (1-4; unrated comms count 1).
 */
export function sideJammed(s: S, side: Side): boolean {
  if ((s.options.noComms as Record<string, boolean> | undefined)?.[side]) return true;
  const rating = (s.options.comms as Record<string, number> | undefined)?.[side];
  if (rating === 0) return true;
  const jam = (s.options.jamming as Record<string, number> | undefined)?.[side === 0 ? 1 : 0];
  return jam !== undefined && jam >= (rating ?? 1);
}

/** A unit without communications: its side's (§7.4), or jammed on its own by an enemy Intruder (§2.7). */
export const noComms = (s: S, u: Unit) => u.side !== null && (!!u.jammed || sideJammed(s, u.side));

const enemyWithin = (s: S, u: Unit, d: number) => enemiesOf(s, u).some((e) => living(e).some((g) => living(u).some((f) => edgeDistance(f.at, f.r, g.at, g.r) <= d)));

/** The normal triggers (§7.3): Under Fire or Pinned, or an enemy figure within 10" (edge to edge). */
function normalTrigger(s: S, u: Unit): boolean {
  return u.underFire || !!u.pinned || enemyWithin(s, u, COMMAND_RANGE);
}

/** Tested at activation: a normal trigger with the module, or, without communications, any enemy within 24" (§7.3, §7.4). */
export function commandResponseDue(s: S, u: Unit): boolean {
  if (u.lastStand || (u.kind !== 'infantry' && u.kind !== 'weaponTeam')) return false;
  // Uplink: in communications with no untreated wounded, it ignores Command Response (§2.6).
  if (uplinked(s, u)) return false;
  if (noComms(s, u) && enemyWithin(s, u, NO_COMMS_RANGE)) return true;
  // Platoon coherency: beyond its Order Distance (§7.20).
  if (outOfOrder(s, u)) return true;
  return !!s.options.commandResponse && normalTrigger(s, u);
}

/**
 * The test (§7.3): 1D6 + modifiers ≥ the Quality target. [P] "Took casualties last turn": figures lost
 * since the unit's previous activation (`casualtiesSeen`). Night −1, waived for a night-vision unit
 * that sees an enemy figure.
 */
export function commandResponse(s: S, run: Run, u: Unit): boolean {
  u.hesitant = false;
  if (!commandResponseDue(s, u)) return false;
  const mods: Record<string, number> = {};
  if (casualties(u) > (u.casualtiesSeen ?? 0)) mods.casualties = -1;
  if (u.figures.some((f) => f.leader && !f.alive)) mods.leaderLost = -1;
  // Has untreated wounded (module Recover Wounded, §7.3, §7.23).
  if (untreated(u).length) mods.untreatedWounded = -1;
  if (attachedCharacter(s, u)) mods.character = 1;
  // Dependent (§2.6): an extra +1 with a leader present, −1 with none and its squad leader lost [P: leader present = a character attached].
  if (has(u, 'dependent')) {
    if (attachedCharacter(s, u)) mods.dependent = 1;
    else if (u.figures.some((f) => f.leader && !f.alive)) mods.dependent = -1;
  }
  // Personality Comms: +1 to Command Response (§2.7).
  if (hasPersonality(u, 'comms')) mods.comms = 1;
  if (noComms(s, u) && normalTrigger(s, u)) mods.noComms = -1;
  if (s.options.night && !(u.nightVision && enemiesOf(s, u).some((e) => living(e).some((g) => living(u).some((f) => sees(s, f, g, { fire: false, observerUnit: u, targetUnit: e })))))) mods.night = -1;
  const target = QUALITY_TABLE[u.quality].target;
  const die = run.roll('command_response', 1, { unit: u.id, target })[0];
  const total = die + Object.values(mods).reduce((a, b) => a + b, 0);
  u.hesitant = total < target;
  run.emit('command_response', { unit: u.id, die, mods, total, target, passed: !u.hesitant });
  // Personality Lucky: the owner may re-roll the failed die, once per game (§2.7, rules/lucky.ts); true: held for that decision.
  if (u.hesitant && luckyReady(u)) {
    u.luckyHeld = { test: 'commandResponse', faces: [die], target, mods, wasOut: outOfOrder(s, u) };
    run.emit('lucky_window', { unit: u.id, test: 'commandResponse', faces: [die], target });
    return true;
  }
  orderRecall(s, run, u, die, outOfOrder(s, u));
  return false;
}

/** The Command Response test finished after the Lucky decision: the kept or re-rolled die decides (§7.3, §2.7). */
export function luckyCommandResponse(s: S, run: Run, u: Unit, die: number, rerolled: boolean): void {
  const h = u.luckyHeld!;
  const mods = h.mods ?? {};
  const total = die + Object.values(mods).reduce((a, b) => a + b, 0);
  u.hesitant = total < h.target!;
  if (rerolled) run.emit('command_response', { unit: u.id, die, mods, total, target: h.target, passed: !u.hesitant, lucky: true });
  orderRecall(s, run, u, die, !!h.wasOut);
}

/** Trait Hesitant (§2.6): away from the enemy (15") and not Under Fire, a Quality test on 1D6 at activation; true when a failure opens the Lucky window (§2.7). */
export const HESITANT_RANGE = 1500;
export function hesitantTrait(s: S, run: Run, u: Unit): boolean {
  if (!has(u, 'hesitant') || u.underFire || enemyWithin(s, u, HESITANT_RANGE)) return false;
  const die = run.roll('hesitant', 1, { unit: u.id })[0];
  u.wavering = die < QUALITY_TABLE[u.quality].target;
  run.emit('hesitant_test', { unit: u.id, die, passed: !u.wavering });
  return u.wavering && openLucky(run, u, 'hesitant', die, QUALITY_TABLE[u.quality].target);
}

/** What a unit that failed Command Response may not do (§7.3, A49). */
export function hesitantProblem(s: S, u: Unit, a: Action): Violation | null {
  // Platoon coherency: a 1 beyond the Order Distance replaces the other limits (§7.20).
  const recall = recallProblem(s, u, a);
  if (recall !== undefined) return recall;
  // Trait Hesitant failed: only a Move into better cover (every moving figure), or nothing (§2.6).
  if (u.wavering) {
    const still = a.type === 'engage' && a.target === null && !a.blast && !a.aimed && !a.smoke && !a.indirect && !a.bunker && !a.sentry && !a.teamTarget && !a.psionic && !a.jump;
    if (!still) return violation('wavering', `${u.id} failed its Hesitant test: it may only move into cover (§2.6)`);
    for (const m of a.moves) {
      const f = living(u).find((x) => x.id === m.fig);
      if (f && RANK[positionCover(s, { ...f, at: m.path[m.path.length - 1] })] <= RANK[positionCover(s, f)]) return violation('wavering', `${u.id} failed its Hesitant test: ${f.id} may move only into better cover (§2.6)`);
    }
    return null;
  }
  // Aggressive (§2.6): Under Fire, a move must end nearer the enemy; Command Response limits do not apply.
  // A unit falling back after a failed morale test ignores it: "Other psychological effects are
  // ignored if a unit is subject to a morale failure" (§6.1, p.8); it still must move away.
  if (has(u, 'aggressive')) {
    if (!u.underFire || u.fallingBack || (a.type !== 'engage' && a.type !== 'rush') || !a.moves.length) return null;
    const end: Positions = new Map(a.moves.map((m) => [m.fig, m.path[m.path.length - 1]]));
    return nearestEnemy(s, u, (f) => end.get(f.id) ?? f.at) < nearestEnemy(s, u, (f) => f.at) ? null : violation('aggressive', `${u.id} is Aggressive and Under Fire: a move must take it nearer the enemy (§2.6)`);
  }
  if (!u.hesitant) return null;
  if (a.type === 'assault') return violation('hesitant', `${u.id} failed Command Response: it may not assault (§7.3, A49)`);
  if (a.type !== 'engage' && a.type !== 'rush') return null;
  if (!a.moves.length) return null;
  const end: Positions = new Map(a.moves.map((m) => [m.fig, m.path[m.path.length - 1]]));
  if (a.type === 'rush') {
    const now = nearestEnemy(s, u, (f) => f.at);
    const then = nearestEnemy(s, u, (f) => end.get(f.id) ?? f.at);
    return then > now ? null : violation('hesitant', `${u.id} failed Command Response: it may Rush only away from the enemy (§7.3)`);
  }
  // [P] Each figure that moves ends in better position cover than it started.
  for (const f of living(u)) {
    const p = end.get(f.id);
    if (!p || (p[0] === f.at[0] && p[1] === f.at[1])) continue;
    if (RANK[positionCover(s, { ...f, at: p })] <= RANK[positionCover(s, f)]) return violation('hesitant', `${u.id} failed Command Response: ${f.id} may move only to improve its cover (§7.3)`);
  }
  return null;
}
