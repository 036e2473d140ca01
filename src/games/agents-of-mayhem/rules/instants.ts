// Instant Actions beyond Dash and Block (spec §6.3, §7.7, §8.2; L275-286, L1620-1637): Instant
// gadget Actions, Mayhem cards played as Instants, and the Block arithmetic an Ally needs. An
// Instant gadget Action is a `self` Action of an Elite figure's Action gadget, an Instant character
// use a `self` Action of a Mayhem card its Side holds, by the pictured unit (the loaders accept no
// other Instant): on its own Side's Turn any such unit may take it any number of times whatever
// board is activated (`act`, it ends no Action and uses no Main/Add-on allowance; the card is
// discarded); on the other Side's Turn it is taken in the W-preroll window of an attack on that
// unit (decision `dash_window`), one Instant per unit per window (a Dash, the gadget, a card,
// L284), and in the W-paid, W-phase and W-step windows (decision `instant_window`): every unit of
// the interrupting Side that can respond is asked in turn (unit id order), except, in W-paid, the
// unit on an attack's target space, whose W-preroll window of the same Action follows. A Mayhem
// card's universal use (a free Instant, L1627) is that unit's Instant in these windows too, on its
// own board (`mayhemPlay`); drawing a card (2 Mayhem cubes, "at any time") is no Action and is
// allowed in them as well. Whether a window opens is decided on public facts only (the hand is
// secret): gadgets, and with the option `mayhemWindows` a held card's possible use (below).
// Allies (#62) take Dash and Block through the Elites' windows, paid from the host's cubes (L1953).
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, type CompiledAction } from '../content.js';
import { actionsOf, CARD_ACTIONS, isFigure, unitKey, type Action, type Frame, type PaidAct, type S, type Unit, type Well } from '../state.js';
import { altSurcharge, capacity, free, pay, payment, say, surchargeProblem, type Ev } from './board.js';
import { canDash, dashSpaces, selfEffects } from './combat.js';
import { discardMayhem, mayhemCandidates } from './mayhem.js';

/** A unit's Instant gadget Actions (spec 7.1: Instant type, from an Action gadget). */
export function instantGadgets(u: Unit): CompiledAction[] {
  return actionsOf(u).filter((a) => a.type === 'instant' && a.kind === 'self' && (u.gadgets ?? []).includes(a.id));
}

/** The Instant character uses of Mayhem cards picturing the unit (spec 7.7: the card's printed type may be Instant), held or not. */
function instantCards(u: Unit): (CompiledAction & { card: string })[] {
  return (CARD_ACTIONS[unitKey(u)] ?? []).filter((a) => a.type === 'instant');
}

/** A unit's Instant Actions now: its Instant gadget Actions and the Instant character uses of the cards its Side holds that picture it. */
export function instantActions(s: S, u: Unit): CompiledAction[] {
  const hand = s.mayhem?.[u.side].hand ?? [];
  return [...instantGadgets(u), ...instantCards(u).filter((a) => hand.includes(a.card))];
}

/** Whether an `act` names an Instant Action of its unit (taken by these rules, not the Basic Action ones): an Instant gadget, or an Instant card the unit's Side holds. */
export function isInstantAct(s: S, a: { unit: string; action: string }): boolean {
  const u = s.units[a.unit];
  return !!u && (instantGadgets(u).some((x) => x.id === a.action) || instantCards(u).some((x) => x.id === a.action));
}

/** Why `act` with an Instant gadget Action or Instant card use is refused now (null: it may be taken). */
export function instantProblem(s: S, a: Extract<Action, { type: 'act' }>): Violation | null {
  const u = s.units[a.unit];
  const card = u && instantCards(u).find((x) => x.id === a.action);
  if (card && !s.mayhem?.[u.side].hand.includes(card.card)) return violation('not_in_hand', `${card.name} is Mayhem card ${card.card}'s character use: not in ${u.side}'s hand`);
  const def = u && instantActions(s, u).find((x) => x.id === a.action);
  if (!def) return violation('unknown_action', `${a.unit} has no Instant Action ${a.action}`);
  if (a.target !== undefined || a.when !== undefined || a.aim !== undefined || a.mayhem !== undefined || a.gadget || a.timer || a.dieUpgrades?.length || a.dieDowngrades?.length) return violation('bad_instant', `${def.name} is a self Action: no target, aim, card, Weapon gadget or timer`);
  if (u.downed || !u.at) return violation('not_on_map', `${u.id} is not on the map`);
  if (!payment(s.boards[u.board], u, def.cost)) return violation('cannot_pay', `${def.name} costs ${def.cost}`);
  return surchargeProblem(s.boards[u.board], u, def.cost, a.surcharge);
}

/** The Instant `act`s (gadgets, held Instant cards) units may take now. */
export function instantCandidates(s: S, units: Unit[]): Action[] {
  return units.flatMap((u) => [...new Set(instantActions(s, u).map((d) => d.id))].map((action) => ({ type: 'act' as const, unit: u.id, action })))
    .filter((a) => !instantProblem(s, a))
    .flatMap((a) => {
      // A Stunned unit's surcharge in one other colour beside the default (spec 2.2.6), so bots find it.
      const u = s.units[a.unit];
      const alt = altSurcharge(s.boards[u.board], u, instantActions(s, u).find((d) => d.id === a.action)!.cost);
      return alt && !instantProblem(s, { ...a, surcharge: alt }) ? [a, { ...a, surcharge: alt }] : [a];
    });
}

/** Takes an Instant Action: paid from the unit's board (a card's is discarded, revealed), its abilities applied; the current Action, its MP and the allowances stay as they are. */
export function useInstant(s: S, a: { unit: string; action: string; surcharge?: string }, ev: Ev): void {
  const u = s.units[a.unit];
  const def = instantActions(s, u).find((x) => x.id === a.action)! as CompiledAction & { card?: string };
  pay(s.boards[u.board], payment(s.boards[u.board], u, def.cost, a.surcharge)!);
  if (def.card) discardMayhem(s, u.side, def.card, ev);
  say(ev, 'action', { unit: u.id, action: def.id, cost: def.cost, target: null, instant: true, ...(def.card ? { card: def.card } : {}) });
  selfEffects(s, u, def, ev);
}

/**
 * Whether a unit can respond in a window of the other Side's Turn, on public facts only (a window
 * that opened or not must not tell the other Side what a hidden hand holds): an Instant gadget it
 * can pay (gadgets are open components); with the option `mayhemWindows`, also a Mayhem card's
 * possible Instant use while its Side holds any card (the count is public): a universal use on the
 * unit's own board while it has room for a Shield, an Armor or a G/Y/B cube (an Elite figure; a
 * Squad board takes none, an Ally has no cards), or an Instant character use pictured on a card of
 * its own (in the data, held or not) that it can pay.
 */
export function canRespondNow(s: S, u: Unit): boolean {
  if (instantGadgets(u).some((d) => !instantProblem(s, { type: 'act', unit: u.id, action: d.id }))) return true;
  return !!s.mayhemWindows && mayhemResponder(s, u);
}
function mayhemResponder(s: S, u: Unit): boolean {
  if (!s.mayhem?.[u.side].hand.length || !u.at || u.downed || u.ally) return false;
  const b = s.boards[u.board];
  const room = isFigure(u) && (b.shield < capacity(b, 'shield') || b.armor < capacity(b, 'armor') || (['speed', 'focus', 'tech'] as Well[]).some((w) => free(b, w) > 0));
  return room || instantCards(u).some((d) => !!payment(b, u, d.cost));
}

/** The Mayhem plays a unit's seat may make in its window (W-paid, W-phase, W-step, W-preroll): draws (no Action), and universal uses on the unit's own board, its one Instant there (an Ally has no cards). */
export function windowMayhem(s: S, u: Unit): Action[] {
  return mayhemCandidates(s, u.side).filter((a) => a.type === 'mayhemDraw' || (a.board === u.board && !u.ally));
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

/** Of `ids`, the units that can take an Instant now in the W-paid window of `act`: an Instant gadget Action, (option `mayhemWindows`) a Mayhem card, or (option `paidDash`) a Dash. */
export function paidUnits(s: S, ids: string[], act: PaidAct): string[] {
  return ids.filter((id) => canRespondNow(s, s.units[id]) || paidDashSpaces(s, s.units[id], act).length > 0);
}

/** Dash spaces in the W-paid window of `act` (option `paidDash`; L811 "on any Turn", an Ally's paid from its host, L1953): not the space an attack is aimed at (a unit stepping in would be attacked without its W-preroll window). */
export function paidDashSpaces(s: S, u: Unit, act: PaidAct): string[] {
  return s.paidDash && canDash(s, u) ? dashSpaces(s, u).filter((to) => to !== act.target) : [];
}
