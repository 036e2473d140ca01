// Personality Lucky (§2.7, source p.35, checklist #72): "A squad with a lucky trooper can re-roll any
// one die roll once during the game." The re-roll is the owner's decision right after the roll (§5.6
// reaction table): the owner picks one die to re-roll (`die`: its index in the exposed faces) or keeps
// them (`die: null`, the Lucky stays for later). The new face replaces the old one (both stay in the
// log, §8.2), once per game whichever window used it. [P] The window opens only where a re-roll could
// change what the roll does:
// - the unit's tests at activation that it failed, before its order: the morale test (3D6, after any
//   leadership re-rolls), Command Response (1D6), Hesitant and Cautious (§2.6), the hide roll (§7.10)
//   (`openLucky`); the activation goes on from the test;
// - its own rolls inside an order (`pauseForLucky`), the active unit's or an opportunity firer's: the
//   fire roll of its shot at a unit (the Fire Effect dice, a team's die with them, its weapons' FE
//   dice after them, scattered fire's 2D6, a sniper's aimed-shot test) or at a vehicle (the fire
//   dice, then each penetration die), a blast's ranging-in die and its Strike Effect at an enemy
//   unit (a blast shot's or an on-board mortar's), each damage die of its hits, its close-assault
//   roll (attacking, or defending against the active unit's charge) and then its kill dice, an
//   overrun loser's revenge dice, its variable-movement roll and a task's 3D6, its fire at a bunker
//   or a sentry gun (fire dice, penetration dice), its defensive free shot, the Intruder's test (not
//   at night: the die is the marker owner's), the charges' dice; and as the target of a shot at a
//   unit, its failed save die, (after the shooter's attack die) its defence die, and its failed
//   crossfire or future shock test. Ruleset 0.3.2 adds: a vehicle's fire at a Lucky unit (the
//   target's save and defence dice; the Drive order resumes at that weapon system's shot), an
//   attached Hero's shot (his fire and damage dice, with his host squad's luck: [P] his figure is one
//   of the squad's while attached; the target's dice and tests against it), a sniper's hit (its
//   damage die; the target's save and defence dice), a struck unit's save and defence dice against a blast (a blast shot's or an on-board
//   mortar's; and the firer's damage die there at an enemy unit) and the mover's against an
//   anti-personnel mine (in its Engage or Rush), the Squad damage option's defence roll, an indirect strike's timing test (when a 6 would make it arrive)
//   and failed accuracy dice (a mortar team's own, or the calling squad's: [P] the caller's Quality
//   tests are its rolls), the shooter's penetration results roll while a die shows a 1, and
//   card-sequence fire outside an order (a Reaction card's or a Plasma Cooler shot: the sequence
//   waits and goes on after the answer). The
//   order pauses (phase 'lucky', `s.luckyOrder`) and the answer runs the step that rolled again from
//   its start with the settled dice (`settledRoll`); the step's earlier parts roll nothing, so they
//   repeat nothing, as the Elusive window's resumption does.
// Readings where no window opens: a vehicle's own rolls (fire, penetration, results, immobilization,
// shock dice): a vehicle carries no personality (p.35: personalities are members of a squad); the
// immobilization die after a failed hit and a strike's scatter dice, where a 6 is never better for
// the roller; an off-board section's Strike Effect and damage (no unit on the table rolls them).
// The chargers' dice against a charge's mines (the halted charge fizzles after the answer) and
// against the defensive fire of a vehicle they assault (the assault resumes at that shot) are
// offered too. Ruleset 0.3.3 adds the mover's save and defence dice against mines met outside the
// active unit's Engage, Rush or charge: a Reaction card's move, an Inspiration's move and an Elusive
// fall back (the move made, the sequence goes on after its encounters; a morale fall back is the
// unit's own Engage and had its window already). No window on mines met by non-combatants moved by
// their controller (they carry no personality). 0.3.3 also offers it on mines met by a close
// assault's fall backs (the assault order resumes at the fall backs still to make, `fallBacks`, the
// assault not run again) and by a Lull withdrawal, automatic or along the player's paths (the lull
// goes on after the answer, `mineWalk` then 'withdraw').
import { violation, type Violation } from '../../../engine/types.js';
import { hasPersonality, type Action, type LuckyCarry, type LuckyResume, type LuckySettled, type OrderRoll, type S, type Unit } from '../state.js';
import { successes, type Run } from './run.js';

export const luckyReady = (u: Unit) => hasPersonality(u, 'lucky') && !u.luckyUsed;

/** The unit whose Lucky decision is open: the one whose roll paused an order, else the active unit (its tests). */
export const luckyUnit = (s: S): Unit => s.units.find((x) => x.id === (s.luckyOrder?.unit ?? s.active))!;

/** A failed 1D6 test of the active unit at activation: the Lucky window opens if its luck is unspent (true). */
export function openLucky(run: Run, u: Unit, test: 'hesitant' | 'cautious' | 'hide', die: number, target: number): boolean {
  if (!luckyReady(u)) return false;
  u.luckyHeld = { test, faces: [die], target };
  run.emit('lucky_window', { unit: u.id, test, faces: [die], target });
  return true;
}

/**
 * May this roll open a window: its step can resume (`lucky`), the game goes on, and `u` is a unit on
 * the table (not a Hero's or a team's part firing on its own) with its luck unspent.
 */
export const luckyMay = (s: S, u: Unit, lucky: boolean | undefined): boolean => !!lucky && !s.result && luckyReady(u) && s.units.includes(u);

/** The faces with die `i` showing `to`. */
const withDie = (faces: number[], i: number, to: number) => faces.map((d, j) => (j === i ? to : d));

/** Could re-rolling one die do better than the dice as they stand (`score`: higher is better; a 6 is the best face)? */
export function couldImprove(faces: number[], score: (faces: number[]) => number): boolean {
  const now = score(faces);
  return faces.some((_, i) => score(withDie(faces, i, 6)) > now);
}

/**
 * A roll inside an order opens the Lucky window: its faces held for the owner's answer, the order
 * paused until then; `carry` is what the rolling step needs to go on, `shown` what the roll gives as
 * it stands (the decision's `exposes`, the event). The step's callers return at once (`pausedAt`).
 */
export function pauseForLucky(s: S, run: Run, u: Unit, test: OrderRoll, faces: number[], carry: LuckyCarry, shown: Record<string, number | string>, target: number | null = null): true {
  u.luckyHeld = { test, faces: [...faces], target, shown };
  s.luckyOrder = { unit: u.id, carry };
  s.phase = 'lucky';
  s.step++;
  run.emit('lucky_window', { unit: u.id, test, faces, ...(target === null ? {} : { target }), ...shown });
  return true;
}

/** A Lucky window on a roll inside an order is open: the steps that called the roll return at once. */
export const luckyOpen = (s: S): boolean => s.phase === 'lucky' && !!s.luckyOrder;

/** After a step that may roll: true when a Lucky window paused the order; the innermost resumable step records where it goes on. */
export function pausedAt(s: S, resume: LuckyResume): boolean {
  if (!luckyOpen(s)) return false;
  s.luckyOrder!.resume ??= resume;
  return true;
}

/** The dice an answered window settled for this unit's roll, read once as the paused step runs again; null: roll afresh. */
export function settledRoll(s: S, u: Unit, roll: OrderRoll): LuckySettled | null {
  const x = s.luckySettled;
  if (!x || x.unit !== u.id || x.roll !== roll) return null;
  delete s.luckySettled;
  return x;
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

const lowest = (faces: number[]) => faces.indexOf(Math.min(...faces));

/**
 * Default: the luck is kept for a worse day, except where the roll failed outright and a re-roll
 * cannot make it worse: a morale test that routs (no success) re-rolls its first failed die; a shot
 * with no hit (a missed ranging-in die, a Strike Effect with no hit), its lowest die; a close assault
 * that goes against the unit, its lower die (one die only when it is overrun); kill or revenge dice
 * with no kill, their lowest; a task or charges with no success, its first failed die; the Intruder's
 * natural 1 (counter-hacked). One
 * hit's die (damage, penetration, save, defence) is kept, as the hit may not have mattered anyway.
 */
export function luckyDefault(s: S): Action {
  const h = luckyUnit(s).luckyHeld!;
  const keep: Action = { type: 'lucky', die: null };
  const sh = (h.shown ?? {}) as Record<string, number>;
  switch (h.test) {
    case 'morale':
      if (successes(h.faces, h.target!) + (h.auto ?? 0) > 0) return keep;
      return { type: 'lucky', die: Math.max(0, h.faces.findIndex((d) => d < h.target!)) };
    case 'fire': case 'strike': return sh.hits === 0 ? { type: 'lucky', die: lowest(h.faces) } : keep;
    case 'assault': {
      if (sh.score >= sh.opponent) return keep;
      const overrun = sh.opponent > 0 && sh.opponent >= 2 * sh.score;
      return h.faces.length > 1 || overrun ? { type: 'lucky', die: lowest(h.faces) } : keep;
    }
    case 'kill': case 'overrun': return sh.kills === 0 ? { type: 'lucky', die: lowest(h.faces) } : keep;
    // A natural 1 counter-hacks the Intruder (§2.7): no re-roll can do worse.
    case 'intrude': return h.faces[0] === 1 ? { type: 'lucky', die: 0 } : keep;
    // A penetration's result with two 1s does nothing (Non-Damaging): no re-roll can do worse.
    case 'penetrationResult': return h.shown?.result === 'nonDamaging' ? { type: 'lucky', die: 0 } : keep;
    // A strike's timing test that does not arrive fails outright: its first failed die is re-rolled.
    case 'timing': return { type: 'lucky', die: Math.max(0, h.faces.findIndex((d) => d < h.target!)) };
    case 'demolition':
    case 'task': return sh.successes === 0 ? { type: 'lucky', die: Math.max(0, h.faces.findIndex((d) => d < h.target!)) } : keep;
    default: return keep;
  }
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
