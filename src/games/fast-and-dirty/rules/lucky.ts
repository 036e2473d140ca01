// Personality Lucky (§2.7, source p.35, checklist #72): "A squad with a lucky trooper can re-roll any
// one die roll once during the game." The re-roll is the owner's decision right after the roll (§5.6
// reaction table). [P] Offered after the unit's own tests at activation that it failed: the morale
// test (3D6, after any leadership re-rolls) and the Command Response test (1D6); the owner picks one
// die to re-roll (`die`: its index in the exposed faces) or keeps them (`die: null`, the Lucky stays
// for later). The new face replaces the old one (both stay in the log, §8.2). Also offered after the
// unit's other failed 1D6 tests at activation, before its order: Hesitant and Cautious (§2.6), and
// the hide roll (§7.10, its own answer before the order) (`openLucky`). Other rolls of the unit
// (fire, damage, assault, tasks…) are not offered: they resolve inside an order with no window.
import { violation, type Violation } from '../../../engine/types.js';
import { hasPersonality, type Action, type S, type Unit } from '../state.js';
import { successes, type Run } from './run.js';

export const luckyReady = (u: Unit) => hasPersonality(u, 'lucky') && !u.luckyUsed;

export const luckyUnit = (s: S): Unit => s.units.find((x) => x.id === s.active)!;

/** A failed 1D6 test of the active unit at activation: the Lucky window opens if its luck is unspent (true). */
export function openLucky(run: Run, u: Unit, test: 'hesitant' | 'cautious' | 'hide', die: number, target: number): boolean {
  if (!luckyReady(u)) return false;
  u.luckyHeld = { test, faces: [die], target };
  run.emit('lucky_window', { unit: u.id, test, faces: [die], target });
  return true;
}

export function luckyProblem(s: S, a: Action): Violation | null {
  if (a.type !== 'lucky') return violation('wrong_action', 'answer with {type:"lucky", die: index | null} (§2.7)');
  const h = luckyUnit(s).luckyHeld!;
  if (a.die === null) return null;
  if (!Number.isInteger(a.die) || a.die < 0 || a.die >= h.faces.length) return violation('not_a_die', `die is the index of one of the ${h.faces.length} dice rolled, or null (§2.7)`);
  return null;
}

export function luckyCandidates(s: S): Action[] {
  const h = luckyUnit(s).luckyHeld!;
  return [{ type: 'lucky', die: null }, ...h.faces.map((_, i) => ({ type: 'lucky' as const, die: i }))];
}

/** Default: a morale test that routs (no success) re-rolls its first failed die; anything else keeps the Lucky. */
export function luckyDefault(s: S): Action {
  const h = luckyUnit(s).luckyHeld!;
  if (h.test !== 'morale' || successes(h.faces, h.target) + (h.auto ?? 0) > 0) return { type: 'lucky', die: null };
  return { type: 'lucky', die: Math.max(0, h.faces.findIndex((d) => d < h.target)) };
}

/** The held dice after the decision: one die re-rolled (the Lucky spent) or all kept. */
export function luckyFaces(run: Run, u: Unit, die: number | null): number[] {
  const h = u.luckyHeld!;
  const faces = [...h.faces];
  if (die === null) {
    run.emit('lucky_kept', { unit: u.id, test: h.test });
    return faces;
  }
  u.luckyUsed = true;
  const [now] = run.roll('lucky_reroll', 1, { unit: u.id, test: h.test });
  run.emit('lucky_reroll', { unit: u.id, test: h.test, die, was: faces[die], now });
  faces[die] = now;
  return faces;
}
