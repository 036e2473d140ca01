// Trait Elusive (§2.6, checklist #59): once per turn, when fired upon, the unit may fall back 4"
// before the shot resolves; range and cover are then measured from its new place, and if the
// shooter may no longer fire at it, the shooter may pick another target. Decisions: the target's
// owner answers {type:'elusive', moves} (no moves: it stays), then, when needed, the shooter
// answers {type:'retarget', target}.
import { violation, type Violation } from '../../../engine/types.js';
import { centroid, type Pt } from '../../../engine/mech/geom2d.js';
import { fallBackProblem, fireProblem, enemiesOf, moveProblem, type Positions } from '../legal.js';
import { inPlay, living, movers, type Action, type Path, type S, type Unit } from '../state.js';
import { weaponFireProblem } from './vehicles.js';

/** The Elusive fall back: up to 4" (§2.6), not a move of the unit's own allowance. */
export const ELUSIVE_MOVE = 400;

/** The unit the order fires at directly (Engage, a sniper's aimed shot, Command's Shoot), if any. */
export function firedUpon(a: Action): string | null {
  if (a.type === 'engage' || a.type === 'command') return a.target ?? null;
  return null;
}

/**
 * May this target use Elusive now? Once per turn; not while Pinned (it cannot move, §7.19) or
 * making a Last Stand (it never moves, §7.13); each target is asked once per order.
 */
export function mayElude(s: S, t: Unit): boolean {
  return !!t.elusive && t.elusiveTurn !== s.turn && inPlay(t) && !t.hidden && !t.pinned && !t.lastStand && !t.attachedTo && !(s.elusiveAsked ?? []).includes(t.id);
}

/** The fall back's legality: at most 4" per figure, coherent, every figure ending farther from the nearest enemy (§6.1). */
export function elusiveMoveProblem(s: S, t: Unit, moves: Path[]): Violation | { end: Positions } {
  if (!moves.length) return { end: new Map() };
  const r = moveProblem(s, t, moves, { mode: 'move', allowance: ELUSIVE_MOVE });
  if (!('end' in r)) return r;
  const p = fallBackProblem(s, t, r.end);
  if (p) return violation('elusive_not_away', `an Elusive unit falls back: ${p.message}`);
  return r;
}

/**
 * Why the shooter may not fire at `target` with this order's firers, or null (Command's busy
 * figures do not fire; a vehicle: its weapon system `weapon`, index in the Drive's fire list, from
 * where the hull stands now).
 */
export function retargetProblem(s: S, u: Unit, a: Action, target: string, weapon?: number): Violation | null {
  if (a.type === 'drive') return weaponFireProblem(s, u, a.fire[weapon ?? 0].weapon, target);
  if (a.type !== 'command') return fireProblem(s, u, target);
  const busy = u.figures.filter((f) => f.alive && (f.id === a.demolition?.fig || f.id === a.callFire?.caller || f.id === a.scout?.fig || f.id === a.scout?.second?.fig));
  for (const f of busy) f.alive = false;
  const p = fireProblem(s, u, target);
  for (const f of busy) f.alive = true;
  return p;
}

/** The targets the shooter may pick instead (§2.6). */
export function retargets(s: S, u: Unit, a: Action, weapon?: number): string[] {
  return enemiesOf(s, u).filter((e) => !retargetProblem(s, u, a, e.id, weapon)).map((e) => e.id);
}

/**
 * A vehicle's weapon system about to fire at an infantry unit (§2.6, §6.4): "When an elusive unit
 * is fired upon, they may fall back 4" before shooting is resolved" names no kind of shooter, so a
 * vehicle's shot opens the window as a squad's does. True when the Drive order paused for it: the
 * target's owner answers, then (if this weapon may no longer fire at it) the vehicle's owner picks
 * another target for this weapon or holds its fire; a later weapon of the same order aimed at a
 * unit that fell back and is now out of its reach gets the same choice.
 */
export function vehicleElusive(s: S, u: Unit, a: Action, t: Unit, weapon: { stage: 'first' | 'after'; index: number }): boolean {
  if (a.type !== 'drive') return false;
  if (mayElude(s, t)) {
    s.elusiveAsked = [...(s.elusiveAsked ?? []), t.id];
    s.elusive = { shooter: u.id, target: t.id, action: a, stage: 'after', weapon };
    s.phase = 'elusive';
    s.step++;
    return true;
  }
  if (t.elusiveTurn === s.turn && (s.elusiveAsked ?? []).includes(t.id) && retargetProblem(s, u, a, t.id, weapon.index) && retargets(s, u, a, weapon.index).length) {
    s.elusive = { shooter: u.id, target: t.id, action: a, stage: 'after', weapon };
    s.phase = 'retarget';
    s.step++;
    return true;
  }
  return false;
}

/** Sampled fall backs for the target's owner: stay, or the whole unit 4" (then 2") straight away from the shooter. */
export function elusiveCandidates(s: S, t: Unit, shooter: Unit): Action[] {
  const out: Action[] = [{ type: 'elusive', moves: [] }];
  const me = centroid(living(t).map((f) => f.at)), them = centroid(living(shooter).map((f) => f.at));
  const dx = me[0] - them[0], dy = me[1] - them[1];
  const len = Math.hypot(dx, dy);
  if (!len) return out;
  // 2 hundredths short of 4" so that rounding never takes a path past the allowance.
  for (const d of [ELUSIVE_MOVE - 2, ELUSIVE_MOVE / 2]) {
    const moves = movers(t).map((f) => ({ fig: f.id, path: [[Math.round(f.at[0] + (dx * d) / len), Math.round(f.at[1] + (dy * d) / len)] as Pt] }));
    const ok = elusiveMoveProblem(s, t, moves);
    if ('end' in ok) { out.push({ type: 'elusive', moves }); break; }
  }
  return out;
}
