// Instant Actions beyond Dash and Block (spec §6.3, §8.2; L275-286): Instant gadget Actions, and
// the Block arithmetic an Ally needs. An Instant gadget Action is a `self` Action of an Elite
// figure's Action gadget (the loader accepts no other Instant gadget): on its own Side's Turn any
// unit may take it any number of times whatever board is activated (`act`, it ends no Action and
// uses no Main/Add-on allowance); on the other Side's Turn it is taken in the W-preroll window of
// an attack on that unit (decision `dash_window`), one Instant per unit per window (a Dash or the
// gadget, L284), and in the W-paid window after any Action of the other Side is paid (L280,
// decision `instant_window`): every unit of the interrupting Side that can pay one is asked in turn
// (unit id order), except the unit on an attack's target space, whose W-preroll window of the same
// Action follows. Allies (#62) take Dash and Block through the Elites' windows, paid from the
// host's cubes (L1953).
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, type CompiledAction } from '../content.js';
import { actionsOf, type Action, type Frame, type PaidAct, type S, type Unit } from '../state.js';
import { pay, payment, say, type Ev } from './board.js';
import { canDash, dashSpaces, selfEffects } from './combat.js';

/** A unit's Instant gadget Actions (spec 7.1: Instant type, from an Action gadget). */
export function instantGadgets(u: Unit): CompiledAction[] {
  return actionsOf(u).filter((a) => a.type === 'instant' && a.kind === 'self' && (u.gadgets ?? []).includes(a.id));
}

/** Whether an `act` names an Instant gadget Action of its unit (taken by these rules, not the Basic Action ones). */
export function isInstantAct(s: S, a: { unit: string; action: string }): boolean {
  const u = s.units[a.unit];
  return !!u && instantGadgets(u).some((x) => x.id === a.action);
}

/** Why `act` with an Instant gadget Action is refused now (null: it may be taken). */
export function instantProblem(s: S, a: Extract<Action, { type: 'act' }>): Violation | null {
  const u = s.units[a.unit];
  const def = u && instantGadgets(u).find((x) => x.id === a.action);
  if (!def) return violation('unknown_action', `${a.unit} has no Instant gadget Action ${a.action}`);
  if (a.target !== undefined || a.when !== undefined || a.aim !== undefined || a.mayhem !== undefined || a.gadget || a.timer) return violation('bad_instant', `${def.name} is a self Action: no target, aim, card, Weapon gadget or timer`);
  if (u.downed || !u.at) return violation('not_on_map', `${u.id} is not on the map`);
  if (!payment(s.boards[u.board], u, def.cost)) return violation('cannot_pay', `${def.name} costs ${def.cost}`);
  return null;
}

/** The Instant gadget `act`s a unit may take now. */
export function instantCandidates(s: S, units: Unit[]): Action[] {
  return units.flatMap((u) => instantGadgets(u).map((d) => ({ type: 'act' as const, unit: u.id, action: d.id })))
    .filter((a) => !instantProblem(s, a));
}

/** Takes an Instant gadget Action: paid from the unit's board, its abilities applied; the current Action, its MP and the allowances stay as they are. */
export function useInstant(s: S, a: { unit: string; action: string }, ev: Ev): void {
  const u = s.units[a.unit];
  const def = instantGadgets(u).find((x) => x.id === a.action)!;
  pay(s.boards[u.board], payment(s.boards[u.board], u, def.cost)!);
  say(ev, 'action', { unit: u.id, action: def.id, cost: def.cost, target: null, instant: true });
  selfEffects(s, u, def, ev);
}

/** Hits of `hits` that would become Wounds on the unit: an Ally's Shield and Armor values not yet used up absorb the rest (spec 2.2.3). */
export function allyWounding(u: Unit, hits: number): number {
  const d = CONTENT.allies[u.ally!].defense;
  const c = u.damage ?? { shield: 0, armor: 0, wounds: 0 };
  return Math.max(0, hits - Math.max(0, d.shield - c.shield) - Math.max(0, d.armor - c.armor));
}

/** W-paid (L280): the frame asking the other Side's units that can pay an Instant gadget Action now (null: nobody can, no window). */
export function paidWindow(s: S, actor: Unit, def: CompiledAction, a: PaidAct): Extract<Frame, { t: 'paid' }> | null {
  const units = paidUnits(s, Object.values(s.units).filter((u) => u.side !== actor.side && !(def.kind === 'attack' && a.target !== undefined && u.at === a.target)).map((u) => u.id).sort(), a);
  return units.length ? { t: 'paid', act: { ...a }, units } : null;
}

/** Of `ids`, the units that can take an Instant now in the W-paid window of `act`: an Instant gadget Action, or (option `paidDash`) a Dash. */
export function paidUnits(s: S, ids: string[], act: PaidAct): string[] {
  return ids.filter((id) => instantCandidates(s, [s.units[id]]).length > 0 || paidDashSpaces(s, s.units[id], act).length > 0);
}

/** Dash spaces in the W-paid window of `act` (option `paidDash`; L811 "on any Turn", an Ally's paid from its host, L1953): not the space an attack is aimed at (a unit stepping in would be attacked without its W-preroll window). */
export function paidDashSpaces(s: S, u: Unit, act: PaidAct): string[] {
  return s.paidDash && canDash(s, u) ? dashSpaces(s, u).filter((to) => to !== act.target) : [];
}
