// Check Resolve, morale tests (§6.1) and Losing Heart (§6.13, option).
import { fanatic, has } from './traits.js';
import { edgeDistance } from '../../../engine/mech/geom2d.js';
import { inside } from '../../../engine/mech/geom2d.js';
import { BREAK_QUARTERS, QUALITY_TABLE, RESOLVES, casualties, hasPersonality, inPlay, living, troops, type Resolve, type S, type Unit } from '../state.js';
import { leadership } from './characters.js';
import { mayStayWhenFallingBack } from '../legal.js';
import { Run, successes } from './run.js';
import { leaderMorale } from './generation.js';
import { nearAfv } from './vehicles.js';
import { luckyReady } from './lucky.js';
import { revering } from './tech.js';

/** The unit's Resolve after Losing Heart steps (§6.13); null: reduced below Reluctant. */
export function currentResolve(s: S, u: Unit): Resolve | null {
  if (u.side === null) return u.resolve;
  const i = RESOLVES.indexOf(u.resolve) - s.heart[u.side];
  return i < 0 ? null : RESOLVES[i];
}

/** Broken when casualties ≥ the break point of the current Resolve; Reluctant at 1 (§2.1, §6.1). */
export function isBroken(s: S, u: Unit): boolean {
  // Leave No One Behind failed: one Resolve level lower for the rest of the game (§7.23), at least Reluctant.
  const r0 = RESOLVES[Math.max(0, RESOLVES.indexOf(currentResolve(s, u) ?? 'reluctant') - (u.leftWounded ? 1 : 0))];
  // Grizzled: checks Resolve one level higher (§2.6 [P]: a Resolve level, at most Determined).
  const r = has(u, 'grizzled') ? RESOLVES[Math.min(RESOLVES.length - 1, RESOLVES.indexOf(r0) + 1)] : r0;
  const c = casualties(u);
  if (r === 'reluctant') return c >= 1;
  return c * 4 >= BREAK_QUARTERS[r] * u.strength;
}

/** In a bunker or trench: 2D6 plus one automatic success (§6.1, §7.7). */
function entrenched(s: S, u: Unit): boolean {
  const figs = living(u);
  const inFort = figs.filter((f) => s.terrain.some((t) => t.kind === 'area' && (t.fortification === 'trench' || t.fortification?.startsWith('bunker')) && t.status !== 'destroyed' && inside(f.at, t.points)));
  return inFort.length * 2 > figs.length;
}

/**
 * Start-of-activation tests (§5.2 step 2): Check Resolve, then a morale test if broken.
 * Returns 'rout' (out of play), 'fallBack' or 'normal'.
 */
/** Terrifying (§2.6): an enemy unit activating within 8". */
export const TERRIFYING_RANGE = 800;

export function activationTests(s: S, run: Run, u: Unit): 'rout' | 'fallBack' | 'normal' | 'motivator' | 'lucky' {
  if (!troops(u) || u.lastStand) return 'normal';
  // Fanatic: never checks Resolve (§2.6).
  if (!u.broken && !fanatic(u) && isBroken(s, u)) {
    u.broken = true;
    run.emit('broken', { unit: u.id, casualties: casualties(u) });
  }
  // Psionic Embolden skips the next morale test; Terror forces one even when not broken (§7.22).
  // Terrifying enemies within 8" (edge to edge) force a test too; Fearless ignores both (§2.6).
  // Tech Reverence: Fearless within 12" of a friendly vehicle (§2.6).
  const scared = !has(u, 'fearless') && !revering(s, u) && (!!u.terror || s.units.some((e) => e.side !== null && e.side !== u.side && inPlay(e) && has(e, 'terrifying')
    && living(e).some((g) => living(u).some((f) => edgeDistance(f.at, f.r, g.at, g.r) <= TERRIFYING_RANGE))));
  if (u.terror) u.terror = false;
  // Tech Reverence: a friendly vehicle destroyed within 12" forces a test, even unbroken (§2.6); Fearless does not ignore it.
  const terror = scared || !!u.reverenceTest;
  if (u.reverenceTest) { delete u.reverenceTest; run.emit('reverence_test', { unit: u.id }); }
  // Droid Troopers never test morale (§2.6).
  if (has(u, 'droidTroopers')) return 'normal';
  if (!u.broken && !terror) return 'normal';
  // Gene Troopers test morale only if broken and Under Fire (§2.6).
  if (!terror && has(u, 'geneTroopers') && !u.underFire) return 'normal';
  if (u.emboldened) { u.emboldened = false; run.emit('emboldened', { unit: u.id }); return 'normal'; }
  if (scared) run.emit('terror_test', { unit: u.id });
  const m = moraleDice(s, run, u);
  const n = successes(m.faces, m.target) + m.auto;
  // Personality Lucky: a failed test's owner may re-roll one of its dice, once per game (§2.7, rules/lucky.ts).
  if (n < 2 && luckyReady(u) && m.faces.length) {
    u.luckyHeld = { test: 'morale', faces: m.faces, target: m.target, auto: m.auto };
    run.emit('lucky_window', { unit: u.id, test: 'morale', faces: m.faces, target: m.target });
    return 'lucky';
  }
  return afterMoraleDice(s, run, u, n);
}

/** A failed morale test: the Motivator's decision if it can re-roll, else the result (§2.7, §6.1). */
export function afterMoraleDice(s: S, run: Run, u: Unit, n: number): 'rout' | 'fallBack' | 'normal' | 'motivator' {
  // Personality Motivator: the squad may re-roll one failed morale test, once per game (§2.7): its owner decides.
  if (n < 2 && hasPersonality(u, 'motivator') && !u.motivatorUsed) {
    u.moraleHeld = n;
    run.emit('morale_failed', { unit: u.id, successes: n });
    return 'motivator';
  }
  return moraleOutcome(s, run, u, n);
}

/** The morale test's successes (§6.1): 3D6 against the Quality target, traits and leadership re-rolls. */
export function moraleRoll(s: S, run: Run, u: Unit): number {
  const m = moraleDice(s, run, u);
  return successes(m.faces, m.target) + m.auto;
}

/** The morale test's dice as they stand after the leadership re-rolls, its target and automatic successes. */
export function moraleDice(s: S, run: Run, u: Unit): { faces: number[]; target: number; auto: number } {
  // Brave: one die fewer and one automatic success; Shaky: 2D6 and one automatic failure (§2.6).
  // Tech Reverence: Brave within 12" of a friendly vehicle (§2.6); not twice with its own Brave.
  const brave = has(u, 'brave') || revering(s, u) ? 1 : 0;
  // Infantry within 6" of a friendly armoured fighting vehicle: one automatic success (§6.1 [P]).
  const auto = (entrenched(s, u) ? 1 : 0) + brave + (nearAfv(s, u) ? 1 : 0);
  // Squad Leaders (§2.10): ±1 on each die, as a target one lower or higher [P].
  const target = Math.max(1, QUALITY_TABLE[u.quality].target - leaderMorale(u));
  const dice = Math.max(0, 3 - auto - (has(u, 'shaky') ? 1 : 0));
  const faces = run.roll('morale', dice, { unit: u.id, target, automatic: auto, ...(has(u, 'shaky') ? { automaticFailure: 1 } : {}) });
  // An attached character re-rolls failed dice, up to its Leadership rating (§2.8).
  const failed = faces.filter((d) => d < target).length;
  const again = Math.min(failed, leadership(s, u));
  const rerolled = again ? run.roll('leadership_reroll', again, { unit: u.id, target }) : [];
  // The dice as they stand: each re-rolled failure replaced in place by its new face.
  let k = 0;
  return { faces: faces.map((d) => (d < target && k < rerolled.length ? rerolled[k++] : d)), target, auto };
}

/** The test's result applied: 0 routs, 1 falls back (or holds in cover), 2+ normal (§6.1). */
export function moraleOutcome(s: S, run: Run, u: Unit, n: number): 'rout' | 'fallBack' | 'normal' {
  if (n === 0) {
    u.out = true;
    run.emit('routed', { unit: u.id, successes: n });
    return 'rout';
  }
  if (n === 1) {
    const stay = mayStayWhenFallingBack(s, u);
    u.fallingBack = !stay;
    run.emit('morale_result', { unit: u.id, successes: n, result: stay ? 'holds in cover' : 'falls back' });
    return stay ? 'normal' : 'fallBack';
  }
  run.emit('morale_result', { unit: u.id, successes: n, result: 'normal' });
  return 'normal';
}

/** Units of a side counted for Losing Heart (squads, teams, characters; §6.13). */
const counted = (s: S, side: 0 | 1) => s.units.filter((u) => u.side === side && troops(u));

/** Losing Heart (option): at 50% and 75% eliminated, every unit of the force drops one Resolve level (§6.13). */
export function checkLosingHeart(s: S, run: Run): void {
  if (!s.options.losingHeart) return;
  for (const side of [0, 1] as const) {
    const all = counted(s, side);
    const gone = all.filter((u) => !inPlay(u)).length;
    const steps = gone * 4 >= all.length * 3 ? 2 : gone * 2 >= all.length ? 1 : 0;
    while (s.heart[side] < steps) {
      s.heart[side]++;
      run.emit('losing_heart', { side, step: s.heart[side] });
      for (const u of all) {
        if (inPlay(u) && !u.lastStand && currentResolve(s, u) === null) {
          u.out = true;
          run.emit('unit_eliminated', { unit: u.id, reason: 'losing heart' });
        }
      }
    }
  }
}

export { edgeDistance };
