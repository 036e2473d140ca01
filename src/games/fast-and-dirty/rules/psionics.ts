// Psionics (§7.22, checklist #70): a figure with an Aptitude and Strength 3 may, as part of an
// Engage the Enemy order, invoke one power (before or after the move) at a unit within 12" of it
// (LOS not required, A36): a Quality test on 3D6 against its Aptitude (5+ / 4+ / 3+ / 2+); 2+
// successes work free, 1 works at the cost of 1 Strength, 0 fails and costs 1; at 0 Strength no
// more powers. The psionic contributes nothing to ranged fire that turn. Harm's victim figure is
// chosen by the target's owner (a decision, `harm`).
import { violation, type Violation } from '../../../engine/types.js';
import { edgeDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { inPlay, living, type Figure, type Invocation, type S, type Unit } from '../state.js';
import { Run, successes } from './run.js';
import { ignoresPinned, markUnderFire } from './traits.js';
import { afterCasualties } from './combat.js';
import { applyHurt, heal, woundRules, woundedOf } from './wounds.js';

export const APTITUDES = ['marginal', 'competent', 'expert', 'master'] as const;
export type Aptitude = (typeof APTITUDES)[number];
/** Aptitude → Quality-test target (§2.8). */
export const APTITUDE_TARGET: Record<Aptitude, number> = { marginal: 5, competent: 4, expert: 3, master: 2 };
export const POWERS = ['degrade', 'demoralize', 'embolden', 'enhance', 'expose', 'harm', 'heal', 'inspire', 'shield', 'terror'] as const;
export type Power = (typeof POWERS)[number];
const ENEMY: ReadonlySet<Power> = new Set(['degrade', 'demoralize', 'expose', 'harm', 'terror']);
/** Powers a unit can receive at most once per turn (§7.22). */
const ONCE_PER_TURN: ReadonlySet<Power> = new Set(['degrade', 'enhance', 'expose', 'shield']);
/** Base range of every power: 12" to any figure of the target unit (A36). */
export const PSI_RANGE = 1200;

export type { Invocation };

/** Why this invocation may not be tried, from the psionic standing at `at` (its place when invoking), or null. */
export function psionicProblem(s: S, u: Unit, p: Invocation, at?: Pt): Violation | null {
  if (typeof p !== 'object' || p === null || typeof p.fig !== 'string' || typeof p.target !== 'string') return violation('malformed_action', 'psionic is {fig, power, target, after?}');
  const f = living(u).find((x) => x.id === p.fig);
  if (!f || !f.psi) return violation('not_a_psionic', `${p.fig} is not a living psionic figure of ${u.id} (§7.22)`);
  if (f.psi.strength <= 0) return violation('no_strength', `${p.fig} has no Strength left: no more powers (§7.22)`);
  if (f.psi.usedTurn === s.turn) return violation('psionic_used', `${p.fig} has invoked a power this turn (§7.22)`);
  if (!(POWERS as readonly string[]).includes(p.power)) return violation('unknown_power', `no power ${p.power} (§7.22)`);
  const t = s.units.find((x) => x.id === p.target);
  if (!t || !inPlay(t) || t.hidden || t.reserve || t.attachedTo || !living(t).length) return violation('no_such_target', `no unit ${p.target} on the table`);
  if (t.side === null) return violation('not_a_target', 'non-combatants are neither friend nor enemy');
  // [P] Powers work on troops: the vehicle rules give them no effect on a vehicle or its crew.
  if (t.kind === 'vehicle') return violation('not_a_target', 'psionic powers are not used on vehicles [P] (§7.22)');
  const enemy = t.side !== u.side;
  if (ENEMY.has(p.power) !== enemy) return violation(enemy ? 'not_friendly' : 'not_enemy', `${p.power} is used on ${ENEMY.has(p.power) ? 'an enemy' : 'a friendly'} unit (§7.22)`);
  if (p.power === 'heal') {
    const w = woundedOf(t).filter((x) => p.wounded === undefined || x.id === p.wounded);
    if (!w.length) return violation('no_wounded', p.wounded ? `${p.wounded} is not a wounded figure of ${t.id} (§7.22)` : `${t.id} has no wounded figure to heal (§7.22, §7.23)`);
  }
  if (ONCE_PER_TURN.has(p.power) && t.psiReceived?.[p.power] === s.turn) return violation('already_received', `${t.id} has received ${p.power} this turn (§7.22)`);
  const from = at ?? f.at;
  if (!living(t).some((g) => edgeDistance(from, f.r, g.at, g.r) <= PSI_RANGE)) return violation('out_of_range', `${t.id} is beyond the 12" of ${p.fig}'s powers (§7.22, A36)`);
  return null;
}

/** The effects a unit carries until the end of its next activation (Degrade / Enhance, Expose / Shield). */
export const psiFe = (s: S, u: Unit) => (s.active === u.id && !u.psi?.fresh ? (u.psi?.fe ?? 0) : 0);
export const psiArmour = (u: Unit) => u.psi?.armour ?? 0;

/**
 * The invocation (validated beforehand): the test, the Strength cost, then the effect. Returns the
 * target unit when Harm worked (its owner then picks the figure), else null.
 */
export function invoke(s: S, run: Run, u: Unit, p: Invocation): Unit | null {
  const f = living(u).find((x) => x.id === p.fig)!;
  const psi = f.psi!;
  psi.usedTurn = s.turn;
  const n = successes(run.roll('psionic', 3, { unit: u.id, figure: f.id, power: p.power }), APTITUDE_TARGET[psi.aptitude]);
  const works = n >= 1;
  if (n <= 1) psi.strength = Math.max(0, psi.strength - 1);
  const t = s.units.find((x) => x.id === p.target)!;
  run.emit('psionic_power', { unit: u.id, figure: f.id, power: p.power, target: t.id, successes: n, works, strength: psi.strength });
  if (!works) return null;
  if (ONCE_PER_TURN.has(p.power)) t.psiReceived = { ...(t.psiReceived ?? {}), [p.power]: s.turn };
  // An effect landing on the unit now acting waits for its next activation.
  const fresh = s.active === t.id;
  const carry = (k: 'fe' | 'armour', v: number) => { t.psi = { ...(t.psi ?? {}), [k]: (t.psi?.[k] ?? 0) + v, ...(fresh ? { fresh: true } : {}) }; };
  switch (p.power) {
    case 'degrade': carry('fe', -2); break;
    case 'enhance': carry('fe', 2); break;
    case 'expose': carry('armour', -2); break;
    case 'shield': carry('armour', 2); break;
    case 'demoralize':
      if (t.underFire) { if (!ignoresPinned(t)) t.pinned = true; } else markUnderFire(t);
      break;
    case 'inspire':
      if (t.pinned) { t.pinned = false; t.underFire = true; } else t.underFire = false;
      break;
    case 'embolden': t.emboldened = true; break;
    case 'terror': t.terror = true; break;
    case 'heal': heal(s, run, t, p.wounded); break;
    case 'harm': return t;
  }
  return null;
}

/** Harm (§7.22): the owner's chosen figure rolls 1D6, killed on 4+ (the reading without the wound rules). */
export function harm(s: S, run: Run, t: Unit, fig: string): void {
  const f = living(t).find((x) => x.id === fig)!;
  const [d] = run.roll('psionic_harm', 1, { unit: t.id, figure: f.id });
  // Killed on 4+; with the wound rules wounded on 4-5, killed on 6 (§7.22).
  const res = d >= 6 || (d >= 4 && !woundRules(s)) ? 'killed' : d >= 4 ? 'wounded' : null;
  run.emit('psionic_harm', { unit: t.id, figure: f.id, killed: res === 'killed', ...(res === 'wounded' ? { wounded: true } : {}) });
  if (applyHurt(s, run, t, f, res)) afterCasualties(s, run, t);
}

/** At the end of a unit's activation its carried effects lapse, unless they landed during it. */
export function lapse(u: Unit): void {
  if (!u.psi) return;
  if (u.psi.fresh) { delete u.psi.fresh; return; }
  delete u.psi;
}

export const isPsionic = (f: Figure) => !!f.psi;
