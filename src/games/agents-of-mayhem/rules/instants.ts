// Instant Actions beyond Dash and Block (spec §6.3, §7.7, §8.2; L275-286, L1620-1637): Instant
// gadget Actions, Mayhem cards played as Instants, and the Block arithmetic an Ally needs. An
// Instant gadget Action is a `self` Action of an Elite figure's Action gadget, an Instant character
// use a `self` Action of a Mayhem card its Side holds, by the pictured unit (the loaders accept no
// other Instant): on its own Side's Turn any such unit may take it any number of times whatever
// board is activated (`act`, it ends no Action and uses no Main/Add-on allowance; the card is
// discarded; once paid, the other Side's W-paid window comes before it is performed, as after any
// Action paid in that Turn, L280); on the other Side's Turn it is taken in the W-preroll window of an attack on that
// unit (decision `dash_window`), one Instant per unit per window (a Dash, the gadget, a card,
// L284), and in the W-paid, W-phase and W-step windows (decision `instant_window`): every unit of
// the interrupting Side that can respond is asked in turn (unit id order), except, in W-paid, the
// unit on an attack's target space, whose W-preroll window of the same Action follows. A Mayhem
// card's universal use (a free Instant, L1627) is that unit's Instant in these windows too, on its
// own board (`mayhemPlay`); drawing a card (2 Mayhem cubes, "at any time") is no Action and is
// allowed in them as well. Whether a window opens is decided on public facts only (the hand is
// secret): gadgets, and with the option `mayhemWindows` a held card's possible use (below).
// Allies (#62) take Dash and Block through the Elites' windows, paid from the host's cubes (L1953).
// An Instant Action may also attack or move (L275-284 limit only when and how often, not what):
// in its own Side's Turn it is taken as any Action (rules/actions.ts takeAction: the other Side's
// W-paid window, a new Action ending the previous one's MP), by any own unit, with no Main/Add-on
// allowance; in a window of the other Side's Turn it is that unit's one Instant there: an attack is
// made at once (a nested attack with its own windows, `seat` the unit's owner), a move grants its
// MP, moved by that seat in the decision `instant_move` (frame `instantMp`) before the window goes
// on; an attack's own MP follow it there (in a window they are not moved before the attack [P]).
// Timers, groups and Jumps (0.3.7; L275-284 limit when and how often, not what, so an Instant may
// carry them as any Action does): a mandatory timer on an Instant attack (L1669) delays it in any
// Turn, paid now and its target chosen when the timer comes off (rules/timers.ts); an optional
// Until-Removed timer on a self Instant (L1655, L1665) is placed when it is used, in any Turn; a
// Jump on an Instant move (L527-537) may be made with its MP, in the Turn or in a window (frame
// `instantMp`, once, L1002); an Instant Jump Action (no MP of its own, L585) joins the unit's move
// in its own Turn as the Add-on Jump does (L306), and is never usable in the other Side's Turn
// (there the unit has no MP to jump with, and the window's one Instant, L284, cannot be both the
// move and the Jump); a group (`+N`, L996-998: extra figures of the pictured Minion type, the cost
// paid once) on a Minion's Instant card use extends to the other figures of its Squad in the own
// Turn (decision `group`); in a window the one figure asked takes it, the extension not offered [P].
import { violation, type Seat, type Violation } from '../../../engine/types.js';
import { CONTENT, type CompiledAction, type Dir } from '../content.js';
import { DIRS, jumpLandings, movesWithMp, parseKey, pathTo, reachAll } from '../geometry.js';
import { enemySpaces, mayhemDieProblem } from '../legal.js';
import { actionsOf, CARD_ACTIONS, footprintAt, isFigure, mission, unitKey, type Action, type Frame, type PaidAct, type S, type Unit, type Well } from '../state.js';
import { altSurcharge, capacity, free, pay, payment, say, surchargeProblem, type Ev } from './board.js';
import { altDiceChoice, canDash, checkOms, dashSpaces, declaredDiceProblem, reactingSeat, selfEffects, startAttack, targetProblem } from './combat.js';
import { freeJump, jumpBarred } from './ddd.js';
import { checkEvents } from './events.js';
import { discardMayhem, mayhemCandidates } from './mayhem.js';
import { delayAction, mandatoryTimer, placeUntil } from './timers.js';
import { trafficCheck } from './traffic.js';

/** The kinds an Instant gadget Action or character use may have: a self Action, a move (MP), an attack or a Jump (0.3.7). */
export const INSTANT_KINDS = ['self', 'move', 'attack', 'jump'];
/** Whether an Instant Action attacks, moves or jumps (taken as an Action in its own Turn, rules/actions.ts), not a self Action. */
export function actsOnMap(def: Pick<CompiledAction, 'kind'>): boolean { return def.kind === 'move' || def.kind === 'attack' || def.kind === 'jump'; }
/** Whether an optional Until-Removed timer may go on this self Instant now (L1655: the player's choice; timers are Advanced, spec 7.8). */
function untilTimer(s: S, def: CompiledAction): boolean { return def.kind === 'self' && !!def.timer && !def.timer.mandatory && mission(s).rules === 'advanced'; }

/** A unit's Instant gadget Actions (spec 7.1: Instant type, from an Action gadget). */
export function instantGadgets(u: Unit): CompiledAction[] {
  return actionsOf(u).filter((a) => a.type === 'instant' && INSTANT_KINDS.includes(a.kind) && (u.gadgets ?? []).includes(a.id));
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

/** Whether `act` names a self Instant Action of its unit (taken by useInstant in the Turn too, leaving the current Action alone). */
export function isSelfInstant(s: S, a: { unit: string; action: string }): boolean {
  const u = s.units[a.unit];
  return !!u && isInstantAct(s, a) && instantDef(u, a.action)!.kind === 'self';
}

/** A unit's Instant gadget Action or Instant character use by id, its card held or not (a paid card use is already discarded). */
export function instantDef(u: Unit, id: string): CompiledAction | undefined {
  return [...instantGadgets(u), ...instantCards(u)].find((x) => x.id === id);
}

/**
 * Why `act` with an Instant gadget Action or Instant card use is refused now (null: it may be
 * taken): a self Action in any Turn, or an attack or move in a window of the other Side's Turn
 * (in its own Turn those are checked as Actions, legal.ts actProblem).
 */
export function instantProblem(s: S, a: Extract<Action, { type: 'act' }>): Violation | null {
  const u = s.units[a.unit];
  const card = u && instantCards(u).find((x) => x.id === a.action);
  if (card && !s.mayhem?.[u.side].hand.includes(card.card)) return violation('not_in_hand', `${card.name} is Mayhem card ${card.card}'s character use: not in ${u.side}'s hand`);
  const def = u && instantActions(s, u).find((x) => x.id === a.action);
  if (!def) return violation('unknown_action', `${a.unit} has no Instant Action ${a.action}`);
  // An Instant Jump gives no MP (L585): in the other Side's Turn the unit has none to jump with, and its one Instant there (L284) cannot be both a move and the Jump.
  if (def.kind === 'jump') return violation('no_mp', `${def.name} is a Jump: it gives no MP (L585), so it joins a move of the unit's own Turn (L306, L537), never a window of the other Side's Turn (one Instant per unit, L284)`);
  // A mandatory timer (L1669): paid now, the whole attack delayed until the timer comes off, its target chosen then (rules/timers.ts), in a window as in the Turn.
  const delayed = def.kind === 'attack' && mandatoryTimer(s, def);
  if (delayed) {
    if (a.target !== undefined || a.when !== undefined || a.aim !== undefined || a.mayhem !== undefined || a.gadget || a.timer || a.dieUpgrades?.length || a.dieDowngrades?.length) return violation('target_later', `${def.name} has a mandatory timer: paid now, its target chosen when the timer is removed (L1669)`);
  } else if (def.kind === 'attack') {
    if (a.when !== undefined || a.aim !== undefined || a.gadget || a.timer) return violation('bad_instant', `${def.name} is an Instant attack in a window: made at once at a named target, no aim, Weapon gadget or timer (its MP follow the attack)`);
  } else if (a.target !== undefined || a.when !== undefined || a.aim !== undefined || a.mayhem !== undefined || a.gadget || (a.timer !== undefined && !(a.timer === true && untilTimer(s, def))) || a.dieUpgrades?.length || a.dieDowngrades?.length) {
    return violation('bad_instant', `${def.name} is a ${def.kind === 'move' ? 'move' : 'self Action'}: no target, aim, card, Weapon gadget or timer${def.kind === 'self' ? ' (but its optional Until-Removed timer, in an Advanced mission)' : ''}`);
  }
  if (u.downed || !u.at) return violation('not_on_map', `${u.id} is not on the map`);
  if (!payment(s.boards[u.board], u, def.cost)) return violation('cannot_pay', `${def.name} costs ${def.cost}`);
  const sur = surchargeProblem(s.boards[u.board], u, def.cost, a.surcharge);
  if (sur || def.kind !== 'attack' || delayed) return sur;
  if (typeof a.target !== 'string') return violation('no_target', 'choose a target space');
  if (a.mayhem !== undefined) { const m = mayhemDieProblem(s, u, def, a.mayhem); if (m) return m; }
  return targetProblem(s, u, def, a.target) ?? declaredDiceProblem(s, u, def, a.target, { up: a.dieUpgrades, down: a.dieDowngrades }, a.mayhem !== undefined ? 1 : 0);
}

/** Whether the unit can take this Instant now in a window (public facts: a move it can pay, an attack it can pay with a target in reach). */
function usable(s: S, u: Unit, d: CompiledAction): boolean {
  const a = { type: 'act' as const, unit: u.id, action: d.id };
  return d.kind === 'attack' && !mandatoryTimer(s, d) ? enemySpaces(s, u).some((target) => !instantProblem(s, { ...a, target })) : !instantProblem(s, a);
}

/**
 * The Instant `act`s (gadgets, held Instant cards) units may take now: self Actions, and in a
 * window (`window`) attacks at each target and moves; in the own Turn the attacks and moves are
 * among the Actions of legal.ts (turnCandidates).
 */
export function instantCandidates(s: S, units: Unit[], window = false): Action[] {
  return units.flatMap((u) => [...new Set(instantActions(s, u).filter((d) => window || !actsOnMap(d)).map((d) => d.id))].flatMap((action) => {
    const a = { type: 'act' as const, unit: u.id, action };
    const def = instantActions(s, u).find((d) => d.id === action)!;
    // A self Instant with an optional Until-Removed timer: placed or not (L1655); an attack with a mandatory timer: its target later (L1669).
    if (def.kind !== 'attack') return untilTimer(s, def) ? [a, { ...a, timer: true }] : [a];
    if (mandatoryTimer(s, def)) return [a];
    return enemySpaces(s, u).flatMap((target) => { const alt = altDiceChoice(s, u, instantActions(s, u).find((d) => d.id === action)!, target); return [{ ...a, target }, ...(alt ? [{ ...a, target, ...alt }] : [])]; });
  }))
    .filter((a) => !instantProblem(s, a))
    .flatMap((a) => {
      // A Stunned unit's surcharge in one other colour beside the default (spec 2.2.6), so bots find it.
      const u = s.units[a.unit];
      const alt = altSurcharge(s.boards[u.board], u, instantActions(s, u).find((d) => d.id === a.action)!.cost);
      return alt && !instantProblem(s, { ...a, surcharge: alt }) ? [a, { ...a, surcharge: alt }] : [a];
    });
}

/**
 * Takes an Instant Action: paid from the unit's board (a card's is discarded, revealed). A self
 * Action's abilities apply; the current Action, its MP and the allowances stay as they are. In a
 * window (`seat`: the unit's owner): an attack is made at once, its MP (if any) to move after it;
 * a move's MP are moved now (frame `instantMp`, decision `instant_move`).
 */
export function useInstant(s: S, a: Extract<Action, { type: 'act' }>, ev: Ev, seat?: Seat, turn = false): void {
  const u = s.units[a.unit];
  const def = instantActions(s, u).find((x) => x.id === a.action)! as CompiledAction & { card?: string };
  pay(s.boards[u.board], payment(s.boards[u.board], u, def.cost, a.surcharge)!);
  if (def.card) discardMayhem(s, u.side, def.card, ev);
  say(ev, 'action', { unit: u.id, action: def.id, cost: def.cost, target: a.target ?? null, instant: true, ...(def.card ? { card: def.card } : {}) });
  if (def.kind === 'self') {
    // In its own Side's Turn (`turn`) it is an Action paid like any other: the other Side's W-paid
    // window comes before any of it is performed (L280 [P]), as for an Instant attack or move there;
    // rules/actions.ts performPaid applies it once the window closes.
    const w = turn ? paidWindow(s, u, def, a) : null;
    if (w) { s.stack.push(w); return; }
    selfEffects(s, u, def, ev);
    if (a.timer) placeUntil(s, u, def, ev);
    return;
  }
  // A mandatory timer (L1669): the attack waits whole for it (its own MP with it, rules/timers.ts removeTimers).
  if (def.kind === 'attack' && mandatoryTimer(s, def)) { delayAction(s, u, def, false, ev); return; }
  const owner = seat ?? reactingSeat(s, u);
  // The MP frame goes below the attack: moved once the attack is over (L623: not split). A move's Jump goes with its MP (L537).
  if (def.mp) s.stack.push({ t: 'instantMp', seat: owner, unit: u.id, action: def.id, mp: def.mp, ...(def.kind === 'move' && def.jump ? { jump: def.jump } : {}) });
  if (def.kind === 'attack') {
    startAttack(s, owner, u, def, a.target!, ev, false, a);
    const f = s.stack[s.stack.length - 1];
    if (a.mayhem && f?.t === 'attack') { discardMayhem(s, u.side, a.mayhem, ev); f.mayhemDie = true; }
  }
}

/** Spaces the unit of an `instantMp` frame may move to with the MP left (a move's rules, spec 7.2). */
export function instantMoves(s: S, f: Extract<Frame, { t: 'instantMp' }>): string[] {
  return movesWithMp(s, f.unit, f.mp);
}

/** The Jump the unit of an `instantMp` frame may make now with its MP (L527-537): the move's own, once (L1002), or the Gravity Dominator's; none for the Side it bars (spec 7.15). */
function instantJumpOf(s: S, f: Extract<Frame, { t: 'instantMp' }>): { up: number; spaces: number } | null {
  const u = s.units[f.unit];
  if (!u || f.mp <= 0 || jumpBarred(s, u)) return null;
  return freeJump(s, u, f.mp) ?? f.jump ?? null;
}

/** Landing spaces of the Jump the unit of an `instantMp` frame may make now, with their MP cost. */
export function instantJumps(s: S, f: Extract<Frame, { t: 'instantMp' }>): Map<string, number> {
  const j = instantJumpOf(s, f);
  return j ? jumpLandings(s, s.units[f.unit], j, f.mp) : new Map();
}

export function instantJumpProblem(s: S, f: Extract<Frame, { t: 'instantMp' }>, a: { unit: string; to: string; facing: Dir }): Violation | null {
  if (a.unit !== f.unit) return violation('not_the_unit', `only ${f.unit} moves now, with its Instant Action's MP`);
  if (!DIRS.includes(a.facing)) return violation('bad_facing', 'facing is N, E, S or W');
  if (!instantJumpOf(s, f)) return violation('no_jump', `no Jump available to ${f.unit} now (L527-537; one per move, L1002)`);
  if (!instantJumps(s, f).has(a.to)) return violation('bad_landing', `no Jump lands on ${a.to}`);
  return null;
}

/** Jumps with the Instant move's MP (the Jump gives none, L585); the move's own Jump is then used (L1002), the MP left may still be moved (L537). */
export function instantJump(s: S, f: Extract<Frame, { t: 'instantMp' }>, a: { unit: string; to: string; facing: Dir }, ev: Ev): void {
  const u = s.units[f.unit];
  f.mp -= instantJumps(s, f).get(a.to)!;
  f.jump = null;
  const from = u.at!;
  u.at = a.to; u.facing = a.facing;
  checkOms(s, u, a.to, ev);
  checkEvents(s, u, [a.to], from);
  say(ev, 'jumped', { unit: u.id, from, to: a.to, levels: parseKey(a.to)[2] - parseKey(from)[2], instant: f.action, mp: f.mp });
  trafficCheck(s, u, from, a.to);
}

export function instantMoveProblem(s: S, f: Extract<Frame, { t: 'instantMp' }>, a: { unit: string; to: string; facing: Dir }): Violation | null {
  if (a.unit !== f.unit) return violation('not_the_unit', `only ${f.unit} moves now, with its Instant Action's MP`);
  if (!DIRS.includes(a.facing)) return violation('bad_facing', 'facing is N, E, S or W');
  if (!instantMoves(s, f).includes(a.to)) return violation('unreachable', `${a.to} is not reachable with ${f.mp} MP (spec 2.1.3)`);
  return null;
}

/** Moves along the cheapest path within the Instant's MP; OMs flip, Events trigger and Traffic is checked as in any move. */
export function instantMove(s: S, f: Extract<Frame, { t: 'instantMp' }>, a: { unit: string; to: string; facing: Dir }, ev: Ev): void {
  const u = s.units[f.unit];
  const all = reachAll(s, u, f.mp);
  const path = pathTo(all, a.to);
  f.mp -= all.get(a.to)!.cost;
  for (const k of path) for (const c of footprintAt(u, k)) checkOms(s, u, c, ev);
  const from = u.at;
  u.at = a.to; u.facing = a.facing;
  checkEvents(s, u, path, from);
  say(ev, 'moved', { unit: u.id, path, facing: a.facing, instant: f.action, mp: f.mp });
  trafficCheck(s, u, from, a.to);
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
  if (instantGadgets(u).some((d) => usable(s, u, d))) return true;
  return !!s.mayhemWindows && mayhemResponder(s, u);
}
function mayhemResponder(s: S, u: Unit): boolean {
  if (!s.mayhem?.[u.side].hand.length || !u.at || u.downed || u.ally) return false;
  const b = s.boards[u.board];
  const room = isFigure(u) && (b.shield < capacity(b, 'shield') || b.armor < capacity(b, 'armor') || (['speed', 'focus', 'tech'] as Well[]).some((w) => free(b, w) > 0));
  // An Instant Jump card never answers here (no MP in the other Side's Turn, L585).
  return room || instantCards(u).some((d) => d.kind !== 'jump' && !!payment(b, u, d.cost));
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
