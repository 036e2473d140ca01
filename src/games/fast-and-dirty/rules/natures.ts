// The heroic natures of §2.6 (checklist #113, #73), given by the Heroic Characters option (§2.10)
// or in a force list's `traits`: Hero, Villain, Legend. The traits they include are added when the
// unit is built; the rest lives where the rules run (a non-hero's fire at a Hero −2, a Legend's
// FE and assault dice count as 6, a Hero shooting individually when attached and picking the
// figure hit at close range: rules/combat.ts, the order's `hero` field: rules/hero.ts; a Villain's return: rules/turn.ts).
import type { Run } from './run.js';
import { attachedCharacter, type Figure, type S, type Unit } from '../state.js';
import type { Positions } from '../legal.js';

/** Hero: Fearless and Shock Troops; Legend: Hero and Villain (§2.6). */
export function withNatures(traits: string[]): string[] {
  const out = [...traits];
  const add = (...t: string[]) => { for (const x of t) if (!out.includes(x)) out.push(x); };
  if (out.includes('legend')) add('hero', 'villain');
  if (out.includes('hero')) add('fearless', 'shockTroops');
  return out;
}

const hasT = (u: Unit, t: string) => !!(u.traits as string[] | undefined)?.includes(t);
export const isHero = (u: Unit) => hasT(u, 'hero');
export const isLegend = (u: Unit) => hasT(u, 'legend');

/** The living Hero figure attached to the squad, with its character unit (§2.6, §2.8), or null. */
export function attachedHero(s: S, u: Unit): { c: Unit; fig: Figure } | null {
  const c = attachedCharacter(s, u);
  const fig = c && isHero(c) ? u.figures.find((f) => f.character === c.id && f.alive) : undefined;
  return c && fig ? { c, fig } : null;
}

/**
 * An attached Hero as the one-figure unit that fires on its own (§2.6 "Heroes always Shoot
 * individually, even when attached to another unit"): its own Quality and traits, the host's
 * state (Under Fire, Pinned, moving, Last Stand) [P]; `pos` moves its figure where it ends. It
 * stays `attachedTo` the squad, whose figures do not block his line of fire [P] (they did not when
 * he fired with it; geometry.ts friendlyBlock).
 */
export function heroUnit(u: Unit, h: { c: Unit; fig: Figure }, pos?: Positions): Unit {
  const at = pos?.get(h.fig.id);
  return {
    ...h.c, figures: [at ? { ...h.fig, at } : h.fig], attachedTo: u.id, side: u.side,
    underFire: u.underFire, pinned: u.pinned, broken: u.broken, fallingBack: u.fallingBack, lastStand: u.lastStand, bounding: u.bounding, movedNow: u.movedNow,
  };
}

/** "When firing at close range, they may choose the target figure" (§2.6): [P] at base or close range. */
export const heroAims = (band: string) => band === 'base' || band === 'close';

/** Non-heroes firing at a Hero: −2 (§2.6). */
export const heroTargetMod = (u: Unit, t: Unit) => (isHero(t) && !isHero(u) ? -2 : 0);

/** A Villain killed this turn stays on the table (§2.6): remembered for its return roll. */
export function villainDown(s: S, u: Unit): void {
  if (hasT(u, 'villain') && u.villainDown === undefined) u.villainDown = s.turn;
}

/**
 * Villains killed in the last turn roll 1D6 as the new turn begins: 5+ returns to battle at once,
 * otherwise removed for good (§2.6; [P] the book's "the owner may activate it and roll" is a roll
 * the owner always wants, made at the turn's start so the returned Villain activates normally).
 */
export function villainsReturn(s: S, run: Run): void {
  for (const u of s.units) {
    if (u.villainDown === undefined || u.villainDown >= s.turn) continue;
    delete u.villainDown;
    const [d] = run.roll('villain', 1, { unit: u.id });
    if (d >= 5) {
      for (const f of u.figures) if (!f.exited) { f.alive = true; delete f.wounded; }
      u.out = false;
      run.emit('villain_returns', { unit: u.id, roll: d });
    } else run.emit('villain_removed', { unit: u.id, roll: d });
  }
}
