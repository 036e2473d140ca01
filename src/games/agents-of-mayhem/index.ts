// Agents of Mayhem: Pride of Babylon as a skyeye ruleset (spec: shared/rules/agents-of-mayhem.md).
// Facts (OpenSpiel's terms): a 3D square-grid map of tiles with building Levels (a graph with
// elevation); two Sides of 1-2 players; sequential Turns with an action-cube economy; chance
// from custom d12/d8/d6 attack dice and per-Side Refresh decks drawn late; hidden information
// is a drawn Refresh card until its reveal; interrupts (pre-roll Dash, Block, Wound placement,
// Push, Fall Dash) are frames on a resolution stack answered by the interrupting seat; timers
// delay Actions to the start of a Side's Refresh Phase, where their owner resolves them.
import { render } from './render.js';
import { isViolation, violation, type StandingOrder, type Entry, type OpenDecision, type Result, type Rng, type Ruleset, type Seat, type Step, type Violation } from '../../engine/types.js';
import { answeredDecision } from '../../engine/one-decision.js';
import { copyJson } from '../../engine/mech/json.js';
import { actionSchema } from './action-schema.js';
import { CONTENT } from './content.js';
import { DIRS } from './geometry.js';
import {
  activateProblem, actProblem, blockOptions, dashProblem, fireProblem, groupProblem, jumpProblem, moveProblem, pushOptions, refreshCandidates, surchargeVariants,
  refreshProblem, slotOf, turnCandidates, woundOptions,
} from './legal.js';
import { altSurcharge, finish, free, payment, pay, say, surchargeProblem, type Ev } from './rules/board.js';
import { activate, dash, fire, groupAction, jump, move, takeAction } from './rules/actions.js';
import { aimBonusOptions, takeAimBonus, attackWaits, blockAction, canDash, currentTarget, dashSpaces, doPush, reactingSeat, type Attack } from './rules/combat.js';
import { applyBuy, applyReset, buyCandidates, buyProblem, resetCandidates, resetProblem } from './rules/upgrades.js';
import { commitGadgets, gadgetChoiceProblem, gadgetChoices, scrapBudget } from './rules/gadgets.js';
import { applyReward, rewardCandidates, rewardProblem } from './rules/rewards.js';
import { applyMinionBuy, applyPlace, defaultMinionBuy, minionBuyChoices, minionBuyProblem, placeSpaces, scrapLeft } from './rules/advanced-setup.js';
import { generateMission, GeneratedSchema } from './rules/generator.js';
import { boardChoiceProblem, boardChoices, boardPool, commitBoards, defaultBoards } from './rules/board-choice.js';
import { newBoard, allySpaces, applyDeploy, applyRedeploy, placeAlly, applyRefresh, carry, deployOptions, endSlot, redeploySpaces, settle, setupState, type Carry } from './rules/turn.js';
import { applyDisplace, blastTarget, displaceOptions } from './rules/explosions.js';
import { arm, armOptions, armProblem, edmksGain, edmksOptions, fireLaser, fireTurret, hack, hackCandidates, hackProblem, laserProblem, laserSpaces, payTax, taxOptions, turretCandidates, turretProblem } from './rules/ddd.js';
import { delayedAlt, delayedMove, delayedMoveProblem, delayedMoves, delayedProblem, delayedTargets, resolveDelayed } from './rules/timers.js';
import { allyWounding, instantCandidates, instantJump, instantJumpProblem, instantJumps, instantMove, instantMoveProblem, instantMoves, instantProblem, isInstantAct, isSelfInstant, useInstant, windowMayhem } from './rules/instants.js';
import { setStepTriggers, stepTriggersProblem, windowDashSpaces, windowFrame } from './rules/windows.js';
import { enemySpaces } from './legal.js';
import { applySideSwipe, drive, driveCandidates, driveProblem, ramPush, ramPushProblem, sideSwipeProblem, summon, summonCandidates, summonProblem } from './rules/vehicles.js';
import { mayhemCandidates, mayhemDraw, mayhemDrawProblem, mayhemPlay, mayhemPlayProblem } from './rules/mayhem.js';
import { actionsOf, count, other, seatsOf, WELLS, type Action, type Frame, type S, type Well } from './state.js';
import { determinizeView, viewOf, type View } from './view.js';
import { label, describe } from './text.js';
import { evaluate } from './evaluate.js';
import { agentsPosition } from './position.js';

export type { Action, S, View, Carry };

function top(s: S): Frame | undefined { return s.stack[s.stack.length - 1]; }

function pending(s: S): OpenDecision[] {
  if (s.result) return [];
  const ctx = [`round:${s.round}`, `turn:${s.turnNo}`];
  const f = top(s);
  const d = (seat: Seat, kind: string, timing: 'turn' | 'reaction', context: string[], exposes: unknown): OpenDecision =>
    ({ key: `${kind}:${s.tick}`, seat, kind, blocking: true, timing, context: [...ctx, ...context], exposes });
  if (f?.t === 'attack') {
    const u = currentTarget(s, f)!;
    const c = [`attack:${f.id}`];
    if (f.stage === 'preroll') return [d(reactingSeat(s, u), 'dash_window', 'reaction', c, { attack: f.id, attacker: f.attacker, unit: u.id, window: 'W-preroll' })];
    if (f.stage === 'aim') return [d(f.seat, 'aim_bonus', 'turn', c, { attack: f.id, aims: f.aims, taken: f.bonuses })];
    if (f.stage === 'block') return [d(reactingSeat(s, u), 'block', 'reaction', c, { attack: f.id, unit: u.id, hits: f.hits, window: 'W-postroll' })];
    return [d(f.seat, 'push', 'turn', c, { attack: f.id, unit: u.id, pushes: f.pushes })];
  }
  if (f?.t === 'explosion') {
    const u = blastTarget(s, f)!;
    const c = [`explosion:${f.id}`];
    const ram = f.ram ? { ram: f.ram } : {};
    if (f.stage === 'block') return [d(reactingSeat(s, u), 'block', 'reaction', c, { explosion: f.id, unit: u.id, hits: f.hits, window: 'W-postroll', ...ram })];
    return [d(f.seat, 'push', 'turn', c, { explosion: f.id, unit: u.id, pushes: f.pushes, ...ram })];
  }
  if (f?.t === 'buyMinions') return [d(f.seat, 'buy_minions', 'turn', ['setup'], { side: f.side, scrap: scrapLeft(s, f.side) })];
  if (f?.t === 'placeUnit') return [d(f.seat, 'place_unit', 'turn', ['setup'], { side: f.side, unit: f.unit })];
  if (f?.t === 'rewards') return [d(f.seat, 'rewards', 'turn', ['setup'], { side: f.side, choices: f.choices, gadgets: f.gadgets, crystals: f.crystals, gained: f.gained, crystalsGained: f.crystalsGained })];
  if (f?.t === 'resetBoards') return [d(f.seat, 'reset_boards', 'turn', ['setup'], { side: f.side, done: f.done })];
  if (f?.t === 'buyUpgrades') return [d(f.seat, 'buy_upgrades', 'turn', ['setup'], { side: f.side, crystals: f.crystals, boards: f.boards, bought: f.bought })];
  if (f?.t === 'chooseBoards') return [d(f.seat, 'choose_boards', 'turn', ['setup'], { side: f.side, boards: boardPool(s.mission, f.side) })];
  if (f?.t === 'chooseGadgets') return [d(f.seat, 'choose_gadgets', 'turn', ['setup'], { side: f.side, budget: scrapBudget(s.mission, f.side) })];
  if (f?.t === 'paid') return [d(reactingSeat(s, s.units[f.units[0]]), 'instant_window', 'reaction', [], { unit: f.units[0], actor: f.act.unit, action: f.act.action, window: 'W-paid' })];
  if (f?.t === 'phase') return [d(reactingSeat(s, s.units[f.units[0]]), 'instant_window', 'reaction', [], { unit: f.units[0], side: s.side, window: f.window })];
  if (f?.t === 'step') return [d(reactingSeat(s, s.units[f.units![0]]), 'instant_window', 'reaction', [], { unit: f.units![0], mover: f.unit, at: s.units[f.unit].at, window: 'W-step' })];
  if (f?.t === 'delayed') return [d(f.seat, 'delayed_action', 'reaction', [`timer:${f.timer}`], { unit: f.unit, action: f.action, aimed: f.aimed, ...(f.mp !== undefined ? { mp: f.mp } : {}), ...(f.fired ? { fired: true } : {}) })];
  if (f?.t === 'instantMp') return [d(f.seat, 'instant_move', 'reaction', [], { unit: f.unit, action: f.action, mp: f.mp, ...(f.jump ? { jump: f.jump } : {}) })];
  if (f?.t === 'displace') return [d(f.seat, 'displace', 'reaction', [], { unit: f.unit, from: f.from })];
  if (f?.t === 'placeAlly') return [d(f.seat, 'place_ally', 'turn', [], { unit: f.unit, host: f.host })];
  if (f?.t === 'edmksTax') return [d(f.seat, 'edmks_tax', 'turn', [], { board: f.board })];
  if (f?.t === 'edmks') return [d(f.seat, 'edmks', 'turn', [], {})];
  // A drone's Ram may be pushed by the other Side's seat (the rammed unit's enemy): then it is a reaction.
  if (f?.t === 'ram') return f.stage === 'swipe' ? [d(f.seat, 'side_swipe', 'turn', [], { vehicle: f.vehicle, unit: f.unit, drivers: f.drivers })] : [d(f.seat, 'ram_push', s.seats[f.seat] === s.side ? 'turn' : 'reaction', [], { vehicle: f.vehicle, unit: f.unit, options: f.options })];
  if (f?.t === 'wound') return [d(f.seat, 'wound', 'reaction', [`attack:${f.id}`], { unit: f.unit, left: f.left })];
  if (f?.t === 'fall') return [d(f.seat, 'fall_dash', 'reaction', [`attack:${f.id}`], { unit: f.unit, levels: f.levels, window: 'W-fall' })];
  if (f?.t === 'deploy') return [d(f.seat, 'deploy', 'turn', [], { board: f.board, tile: f.tile })];
  if (f?.t === 'redeploy') return [d(f.seat, 'redeploy', 'turn', [], { board: f.boards[0] })];
  if (f?.t === 'refresh') return [d(f.seat, 'refresh', 'turn', [], { board: f.board, cubes: f.cubes, wound: f.wound, status: f.positive })];
  const sl = slotOf(s);
  if (s.phase === 'activate') return [d(sl.seat, 'activate', 'turn', [], { side: s.side, slot: s.slot })];
  return [d(sl.seat, 'turn', 'turn', [], { side: s.side, board: sl.board, main: sl.main, addons: sl.addons })];
}

function candidates(s: S, seat: Seat, dec: OpenDecision): { actions: Action[]; all: boolean } {
  if (dec.seat !== seat || !pending(s).some((x) => x.key === dec.key)) return { actions: [], all: true };
  const f = top(s);
  switch (dec.kind) {
    case 'activate': return { actions: Object.keys(s.boards).sort().filter((b) => !activateProblem(s, b)).map((board) => ({ type: 'activate', board })), all: true };
    case 'turn': return { actions: [...turnCandidates(s), ...instantCandidates(s, Object.values(s.units).filter((u) => u.side === s.side).sort((x, y) => (x.id < y.id ? -1 : 1))), ...mayhemCandidates(s, s.seats[seat]), ...laserSpaces(s, s.seats[seat]).map((to) => ({ type: 'laser' as const, to })), ...hackCandidates(s).map((h) => ({ type: 'hack' as const, ...h })), ...armOptions(s, s.seats[seat]).map((ddd) => ({ type: 'arm' as const, ddd })), ...turretCandidates(s, s.seats[seat], enemySpaces).map((t) => ({ type: 'turret' as const, ...t })), ...summonCandidates(s), ...driveCandidates(s)], all: true };
    case 'buy_minions': return { actions: minionBuyChoices(s, (f as Extract<Frame, { t: 'buyMinions' }>).side).map((buy) => ({ type: 'buyMinions' as const, buy })), all: true };
    case 'place_unit': return { actions: placeSpaces(s, f as Extract<Frame, { t: 'placeUnit' }>).map((to) => ({ type: 'placeUnit' as const, to })), all: true };
    case 'rewards': return { actions: rewardCandidates(s, f as Extract<Frame, { t: 'rewards' }>), all: true };
    case 'reset_boards': return { actions: resetCandidates(s, f as Extract<Frame, { t: 'resetBoards' }>), all: true };
    case 'buy_upgrades': return { actions: buyCandidates(s, f as Extract<Frame, { t: 'buyUpgrades' }>), all: true };
    case 'choose_boards': return { actions: boardChoices(s, (f as Extract<Frame, { t: 'chooseBoards' }>).side).map((boards) => ({ type: 'chooseBoards' as const, boards })), all: true };
    case 'choose_gadgets': return { actions: gadgetChoices(s, (f as Extract<Frame, { t: 'chooseGadgets' }>).side).map((gadgets) => ({ type: 'chooseGadgets' as const, gadgets })), all: true };
    case 'delayed_action': {
      const dl = f as Extract<Frame, { t: 'delayed' }>;
      // The Charge's MP (a Delay Action timer's WHEN REMOVED MP) and the weapon's own are moved before the target is named, or the weapon's after the attack (L623).
      const moves = delayedMoves(s, dl).flatMap((to) => DIRS.map((facing) => ({ type: 'move' as const, unit: dl.unit, to, facing })));
      return { actions: [{ type: 'delayed', target: null }, ...delayedTargets(s, dl, enemySpaces).flatMap((target) => { const alt = delayedAlt(s, dl, target); return [{ type: 'delayed' as const, target }, ...(alt ? [{ type: 'delayed' as const, target, ...alt }] : [])]; }), ...moves], all: true };
    }
    case 'instant_move': {
      const im = f as Extract<Frame, { t: 'instantMp' }>;
      const jumps = [...instantJumps(s, im).keys()].sort().flatMap((to) => DIRS.map((facing) => ({ type: 'jump' as const, unit: im.unit, to, facing })));
      return { actions: [{ type: 'pass' }, ...instantMoves(s, im).flatMap((to) => DIRS.map((facing) => ({ type: 'move' as const, unit: im.unit, to, facing }))), ...jumps], all: true };
    }
    case 'dash_window': {
      const u = currentTarget(s, f as Attack)!;
      const dashes: Action[] = (canDash(s, u) ? dashSpaces(s, u) : []).flatMap((to) => DIRS.map((facing) => ({ type: 'dash' as const, unit: u.id, to, facing })));
      return { actions: [{ type: 'pass' }, ...dashes, ...surchargeVariants(s, dashes, false), ...instantCandidates(s, [u], true), ...windowMayhem(s, u)], all: true };
    }
    case 'instant_window': {
      const w = windowFrame(s)!;
      const u = s.units[w.units![0]];
      const dashes: Action[] = windowDashSpaces(s, w, u).flatMap((to) => DIRS.map((facing) => ({ type: 'dash' as const, unit: u.id, to, facing })));
      return { actions: [{ type: 'pass' }, ...dashes, ...surchargeVariants(s, dashes, false), ...instantCandidates(s, [u], true), ...windowMayhem(s, u)], all: true };
    }
    case 'aim_bonus': return { actions: [{ type: 'aimBonus', bonus: null }, ...aimBonusOptions(s, f as Attack).map((bonus) => ({ type: 'aimBonus' as const, bonus }))], all: true };
    case 'block': {
      // Each number of Blocks, and a Stunned target's surcharge in one other colour beside the default (spec 2.2.6), so bots find it.
      const u = currentTarget(s, f as Attack)!;
      const blocks = Array.from({ length: blockOptions(s, f as Attack) + 1 }, (_, times) => ({ type: 'block' as const, times })).flatMap((b) => {
        const alt = b.times ? altSurcharge(s.boards[u.board], u, blockAction(u)!.cost, b.times) : null;
        return alt ? [b, { ...b, surcharge: alt }] : [b];
      });
      return { actions: [...blocks, ...mayhemCandidates(s, s.seats[seat])], all: true };
    }
    case 'push': return { actions: [{ type: 'push', to: null }, ...pushOptions(s, f as Attack).map((to) => ({ type: 'push' as const, to }))], all: true };
    case 'wound': return { actions: woundOptions(s, (f as Extract<Frame, { t: 'wound' }>).unit).map((well) => ({ type: 'wound', well })), all: true };
    case 'fall_dash': {
      // A Stunned unit's Fall Dash surcharge in one other colour beside the default (spec 2.2.6), so bots find it.
      const u = s.units[(f as Extract<Frame, { t: 'fall' }>).unit];
      const d = actionsOf(u).find((x) => x.kind === 'dash');
      const alt = d ? altSurcharge(s.boards[u.board], u, d.cost) : null;
      return { actions: [{ type: 'fallDash', dash: false }, { type: 'fallDash', dash: true }, ...(alt ? [{ type: 'fallDash' as const, dash: true, surcharge: alt }] : [])], all: true };
    }
    case 'displace': return { actions: displaceOptions(s, f as Extract<Frame, { t: 'displace' }>).map((to) => ({ type: 'displace' as const, to })), all: true };
    case 'ram_push': return { actions: (f as Extract<Frame, { t: 'ram' }>).options.map((to) => ({ type: 'ramPush' as const, to })), all: true };
    case 'side_swipe': return { actions: ((f as Extract<Frame, { t: 'ram' }>).drivers ?? []).map((driver) => ({ type: 'sideSwipe' as const, driver })), all: true };
    case 'place_ally': return { actions: allySpaces(s, f as Extract<Frame, { t: 'placeAlly' }>).map((to) => ({ type: 'placeAlly' as const, to })), all: true };
    case 'edmks_tax': return { actions: taxOptions(s, (f as Extract<Frame, { t: 'edmksTax' }>).board).map((well) => ({ type: 'edmksTax' as const, well })), all: true };
    case 'edmks': return { actions: edmksOptions(s).map((board) => ({ type: 'edmks' as const, board })), all: true };
    case 'refresh': return { actions: refreshCandidates(s, f as Extract<Frame, { t: 'refresh' }>), all: true };
    case 'deploy': return { actions: [{ type: 'deploy', board: null }, ...deployOptions(s, f as Extract<Frame, { t: 'deploy' }>).map((o) => ({ type: 'deploy' as const, ...o }))], all: true };
    case 'redeploy': {
      const board = (f as Extract<Frame, { t: 'redeploy' }>).boards[0];
      return { actions: [{ type: 'redeploy', board, to: null }, ...redeploySpaces(s, s.side, s.units[board]).map((to) => ({ type: 'redeploy' as const, board, to }))], all: true };
    }
  }
  return { actions: [], all: true };
}

function validate(s: S, seat: Seat, dec: OpenDecision, a: Action): Violation | null {
  if (typeof a !== 'object' || a === null || typeof (a as { type?: unknown }).type !== 'string') return violation('malformed_action', 'an action is an object with a string type');
  if (dec.seat !== seat) return violation('not_your_decision', `decision belongs to seat ${dec.seat}`);
  if (!pending(s).some((x) => x.key === dec.key)) return violation('decision_not_open', 'that decision is not open');
  const f = top(s);
  const wrong = (what: string) => violation('wrong_action', `answer ${dec.kind} with ${what}`);
  // Step triggers are standing: registered in the seat's Turn or in any of its windows, the decision staying open.
  if (a.type === 'stepTriggers') {
    if (!['turn', 'activate', 'instant_window', 'dash_window', 'block'].includes(dec.kind)) return violation('not_now', 'step triggers are given in your Turn or in your units\' windows');
    return stepTriggersProblem(s, seat, a.triggers);
  }
  // Mayhem cards (spec 7.7 "at any time"): drawn and played by the deciding Side in its own Turn, in its Block window, and in the
  // Instant windows of its units on the other Side's Turn (W-paid, W-phase, W-step, W-preroll), where a universal use is the asked unit's one Instant, on its own board.
  if (a.type === 'mayhemDraw' || a.type === 'mayhemPlay') {
    const windowUnit = dec.kind === 'instant_window' ? s.units[windowFrame(s)!.units![0]] : dec.kind === 'dash_window' ? currentTarget(s, f as Attack) : null;
    if (dec.kind !== 'turn' && dec.kind !== 'block' && !windowUnit) return violation('not_now', 'Mayhem cards are drawn and played in your Turn, your Block window and your units\' Instant windows');
    if (a.type === 'mayhemPlay' && windowUnit && (a.board !== windowUnit.board || windowUnit.ally)) return violation('not_the_unit', `only ${windowUnit.id} takes an Instant now: a card's universal use goes on its own board (${windowUnit.ally ? 'an Ally has no Mayhem cards' : windowUnit.board})`);
    return a.type === 'mayhemDraw' ? mayhemDrawProblem(s, s.seats[seat], a.pay) : mayhemPlayProblem(s, s.seats[seat], a.card, a.board, a.cube);
  }
  switch (dec.kind) {
    case 'activate': return a.type === 'activate' ? activateProblem(s, a.board) : wrong('activate');
    case 'turn':
      switch (a.type) {
        case 'end': return null;
        case 'act':
          // An Instant gadget Action: any own unit, whatever board is activated (L275); an attack or move is checked as an Action.
          if (isInstantAct(s, a) && s.units[a.unit].side !== s.side) return violation('not_your_unit', `${a.unit} is not yours`);
          if (isSelfInstant(s, a)) return instantProblem(s, a);
          return actProblem(s, a);
        case 'move': return moveProblem(s, a);
        case 'jump': return jumpProblem(s, a);
        case 'dash': return s.units[a.unit]?.side === s.side ? dashProblem(s, a.unit, a.to, a.facing, true, a.surcharge) : violation('not_your_unit', `${a.unit} is not yours`);
        case 'fire': return fireProblem(s, a.target, a);
        case 'group': return groupProblem(s, a);
        case 'laser': return laserProblem(s, s.seats[seat], a.to);
        case 'hack': return hackProblem(s, a.unit, { ddd: a.ddd, marker: a.marker }, a.dice, a.surcharge);
        case 'arm': return armProblem(s, s.seats[seat], a.ddd);
        case 'turret': return turretProblem(s, s.seats[seat], a);
        case 'summon': return summonProblem(s, a);
        case 'drive': return driveProblem(s, a);
        default: return wrong('end, act, move, jump, dash, fire or group');
      }
    case 'dash_window': {
      if (a.type === 'pass') return null;
      const u = currentTarget(s, f as Attack)!;
      // An Instant gadget Action in place of the Dash: one Instant per unit per window (L284).
      if (a.type === 'act' && isInstantAct(s, a)) return a.unit === u.id ? instantProblem(s, a) : violation('not_the_target', `only ${u.id} may take an Instant in this window`);
      if (a.type !== 'dash') return wrong('pass, dash, act (an Instant gadget or card), mayhemPlay or mayhemDraw');
      if (a.unit !== u.id) return violation('not_the_target', `only ${u.id} may Dash in this window`);
      return dashProblem(s, a.unit, a.to, a.facing, false, a.surcharge);
    }
    case 'instant_window': {
      if (a.type === 'pass') return null;
      const w = windowFrame(s)!;
      const unit = w.units![0];
      const dashes = w.t === 'step' || s.paidDash;
      const name = w.t === 'paid' ? 'W-paid' : w.t === 'step' ? 'W-step' : w.window;
      if (a.type === 'dash' && dashes) {
        if (a.unit !== unit) return violation('not_the_unit', `only ${unit} may take an Instant now (one unit at a time in the ${name} window)`);
        if (w.t === 'paid' && a.to === w.act.target) return violation('bad_dash', `${a.to} is the space being attacked`);
        return dashProblem(s, a.unit, a.to, a.facing, false, a.surcharge);
      }
      if (a.type !== 'act' || !isInstantAct(s, a)) return wrong(dashes ? 'pass, dash, act (an Instant gadget or card), mayhemPlay or mayhemDraw' : 'pass, act (an Instant gadget or card), mayhemPlay or mayhemDraw');
      return a.unit === unit ? instantProblem(s, a) : violation('not_the_unit', `only ${unit} may take an Instant now (one unit at a time in the ${name} window)`);
    }
    case 'buy_minions':
      if (a.type !== 'buyMinions') return wrong('buyMinions');
      return minionBuyProblem(s, (f as Extract<Frame, { t: 'buyMinions' }>).side, a.buy);
    case 'place_unit':
      if (a.type !== 'placeUnit') return wrong('placeUnit');
      return placeSpaces(s, f as Extract<Frame, { t: 'placeUnit' }>).includes(a.to) ? null : violation('bad_space', 'a free space open to the sky on a Tile where the mission sets up your units (Advanced Setup step 4)');
    case 'rewards':
      if (a.type !== 'reward') return wrong('reward');
      return rewardProblem(s, f as Extract<Frame, { t: 'rewards' }>, a);
    case 'reset_boards':
      if (a.type !== 'resetBoard') return wrong('resetBoard');
      return resetProblem(s, f as Extract<Frame, { t: 'resetBoards' }>, a);
    case 'buy_upgrades':
      if (a.type !== 'buyUpgrade') return wrong('buyUpgrade');
      return buyProblem(s, f as Extract<Frame, { t: 'buyUpgrades' }>, a);
    case 'choose_boards':
      if (a.type !== 'chooseBoards') return wrong('chooseBoards');
      return boardChoiceProblem(s, (f as Extract<Frame, { t: 'chooseBoards' }>).side, a.boards);
    case 'choose_gadgets':
      if (a.type !== 'chooseGadgets') return wrong('chooseGadgets');
      return gadgetChoiceProblem(s, (f as Extract<Frame, { t: 'chooseGadgets' }>).side, a.gadgets);
    case 'instant_move':
      if (a.type === 'pass') return null;
      if (a.type === 'jump') return instantJumpProblem(s, f as Extract<Frame, { t: 'instantMp' }>, a);
      if (a.type !== 'move') return wrong('move or jump (with the Instant Action\'s MP) or pass');
      return instantMoveProblem(s, f as Extract<Frame, { t: 'instantMp' }>, a);
    case 'delayed_action':
      if (a.type === 'move') return delayedMoveProblem(s, f as Extract<Frame, { t: 'delayed' }>, a);
      if (a.type !== 'delayed') return wrong('delayed (or move, with the delayed Action\'s MP)');
      return delayedProblem(s, f as Extract<Frame, { t: 'delayed' }>, a.target, a);
    case 'aim_bonus':
      if (a.type !== 'aimBonus') return wrong('aimBonus');
      return a.bonus === null || aimBonusOptions(s, f as Attack).includes(a.bonus) ? null : violation('bad_aim_bonus', 'each Aim Bonus once per roll (spec 7.4)');
    case 'block':
      if (a.type !== 'block') return wrong('block');
      if (!(Number.isInteger(a.times) && a.times >= 0 && a.times <= blockOptions(s, f as Attack))) return violation('cannot_block', `Block between 0 and ${blockOptions(s, f as Attack)} times (each ignores 1 Hit and is paid, L933)`);
      if (a.surcharge === undefined) return null;
      { const u = currentTarget(s, f as Attack)!; return surchargeProblem(s.boards[u.board], u, blockAction(u)!.cost, a.surcharge, a.times); }
    case 'push':
      if (a.type !== 'push') return wrong('push');
      return a.to === null || pushOptions(s, f as Attack).includes(a.to) ? null : violation('bad_push', 'push one space farther from the attacker, else to the same distance (spec 7.3.8)');
    case 'wound':
      if (a.type !== 'wound') return wrong('wound');
      return woundOptions(s, (f as Extract<Frame, { t: 'wound' }>).unit).includes(a.well) ? null : violation('well_full', 'a well already full of Wounds cannot take one (spec 7.3.7)');
    case 'fall_dash': {
      if (a.type !== 'fallDash' || typeof a.dash !== 'boolean') return wrong('fallDash');
      if (a.surcharge === undefined) return null;
      const u = s.units[(f as Extract<Frame, { t: 'fall' }>).unit];
      return a.dash ? surchargeProblem(s.boards[u.board], u, actionsOf(u).find((x) => x.kind === 'dash')!.cost, a.surcharge) : violation('no_dash', 'no Fall Dash, no surcharge (spec 2.2.6)');
    }
    case 'edmks_tax':
      if (a.type !== 'edmksTax') return wrong('edmksTax');
      return taxOptions(s, (f as Extract<Frame, { t: 'edmksTax' }>).board).includes(a.well) ? null : violation('no_cube', 'spend an Action cube the board holds (spec 7.15 EDMKS)');
    case 'edmks':
      if (a.type !== 'edmks') return wrong('edmks');
      return edmksOptions(s).includes(a.board) ? null : violation('not_legion_board', 'one LEGION board gains the Mayhem cube (spec 7.15 EDMKS)');
    case 'place_ally':
      if (a.type !== 'placeAlly') return wrong('placeAlly');
      return allySpaces(s, f as Extract<Frame, { t: 'placeAlly' }>).includes(a.to) ? null : violation('bad_space', 'a free Outside space within 2 spaces of the host, on its Level (spec 7.13 [P])');
    case 'displace':
      if (a.type !== 'displace') return wrong('displace');
      return displaceOptions(s, f as Extract<Frame, { t: 'displace' }>).includes(a.to) ? null : violation('bad_displace', 'an adjacent free space on the Destroyed Level (spec 7.6.3 step 4)');
    case 'ram_push': return a.type === 'ramPush' ? ramPushProblem(s, f as Extract<Frame, { t: 'ram' }>, a.to) : wrong('ramPush');
    case 'side_swipe': return a.type === 'sideSwipe' ? sideSwipeProblem(f as Extract<Frame, { t: 'ram' }>, a.driver) : wrong('sideSwipe');
    case 'refresh': return a.type === 'refresh' ? refreshProblem(s, f as Extract<Frame, { t: 'refresh' }>, a) : wrong('refresh');
    case 'deploy': {
      if (a.type !== 'deploy') return wrong('deploy');
      if (a.board === null) return a.minion === undefined && a.to === undefined ? null : violation('unknown_field', 'done takes no minion or space');
      return deployOptions(s, f as Extract<Frame, { t: 'deploy' }>).some((o) => o.board === a.board && o.minion === a.minion && o.to === a.to) ? null
        : violation('bad_deploy', 'buy a Minion slotted on one Squad, with an available figure and its Reinforcement cost, on an Outside space of one Tile with no MAYHEM unit or OM (spec 7.12)');
    }
    case 'redeploy':
      if (a.type !== 'redeploy') return wrong('redeploy');
      if (a.board !== (f as Extract<Frame, { t: 'redeploy' }>).boards[0]) return violation('wrong_board', `redeploy ${(f as Extract<Frame, { t: 'redeploy' }>).boards[0]} now`);
      return a.to === null || redeploySpaces(s, s.side, s.units[a.board]).includes(a.to) ? null : violation('bad_redeploy', 'an Outside space of a Tile with no enemy unit and no enemy OM (spec 7.13)');
  }
  return violation('unknown_decision', dec.kind);
}

function defaultAction(s: S, dec: OpenDecision): Action {
  const f = top(s);
  switch (dec.kind) {
    case 'activate': return candidates(s, dec.seat, dec).actions[0];
    case 'dash_window': return { type: 'pass' };
    case 'instant_window': return { type: 'pass' };
    // The Instant's MP are not moved by default: the unit stays (deadlines never block).
    case 'instant_move': return { type: 'pass' };
    case 'buy_upgrades': return { type: 'buyUpgrade', board: null };
    // A new gadget is kept (a Crystal expires unless spent at once); a Crystal when the deck is empty.
    case 'rewards': return candidates(s, dec.seat, dec).actions[0];
    case 'buy_minions': return { type: 'buyMinions', buy: defaultMinionBuy(s, (f as Extract<Frame, { t: 'buyMinions' }>).side) };
    case 'place_unit': return { type: 'placeUnit', to: placeSpaces(s, f as Extract<Frame, { t: 'placeUnit' }>)[0] };
    case 'reset_boards': return { type: 'resetBoard', board: null };
    case 'choose_boards': return { type: 'chooseBoards', boards: defaultBoards(s, (f as Extract<Frame, { t: 'chooseBoards' }>).side) };
    // Advanced Setup: the affordable choice with the most gadgets (the first such).
    case 'choose_gadgets': { const o = candidates(s, dec.seat, dec).actions as Extract<Action, { type: 'chooseGadgets' }>[]; return o.reduce((b, x) => (x.gadgets.length > b.gadgets.length ? x : b), o[0]); }
    // The first target, else forgo (a Charge's move is never made by default).
    case 'delayed_action': { const o = candidates(s, dec.seat, dec).actions; return o[1]?.type === 'delayed' ? o[1] : o[0]; }
    case 'aim_bonus': { const o = aimBonusOptions(s, f as Attack); return { type: 'aimBonus', bonus: o.includes('weakSpot') ? 'weakSpot' : o[0] ?? null }; }
    case 'deploy': return { type: 'deploy', board: null };
    case 'redeploy': return { type: 'redeploy', board: (f as Extract<Frame, { t: 'redeploy' }>).boards[0], to: null };
    case 'block': {
      // Cautious: Block the Hits that would become Wounds (spec 8.2 standing-order example).
      const at = f as Attack;
      const u = currentTarget(s, at)!;
      const b = s.boards[u.board];
      const wounding = u.minion ? at.hits : u.ally ? allyWounding(u, at.hits) : Math.max(0, at.hits - b.shield - b.armor);
      return { type: 'block', times: Math.min(blockOptions(s, at), wounding) };
    }
    case 'push': return { type: 'push', to: null };
    case 'displace': return { type: 'displace', to: displaceOptions(s, f as Extract<Frame, { t: 'displace' }>)[0] };
    case 'ram_push': return { type: 'ramPush', to: (f as Extract<Frame, { t: 'ram' }>).options[0] };
    // The first driver by unit id.
    case 'side_swipe': return { type: 'sideSwipe', driver: (f as Extract<Frame, { t: 'ram' }>).drivers![0] };
    case 'place_ally': return { type: 'placeAlly', to: allySpaces(s, f as Extract<Frame, { t: 'placeAlly' }>)[0] };
    case 'edmks_tax': { const b = s.boards[(f as Extract<Frame, { t: 'edmksTax' }>).board]; return { type: 'edmksTax', well: taxOptions(s, b.id).reduce((x, y) => (b.cubes[y] > b.cubes[x] ? y : x)) }; }
    case 'edmks': { const o = edmksOptions(s); return { type: 'edmks', board: o.find((b) => free(s.boards[b], 'mayhem') > 0) ?? o[0] }; }
    case 'wound': {
      const opts = woundOptions(s, (f as Extract<Frame, { t: 'wound' }>).unit);
      return { type: 'wound', well: (['mayhem', 'tech', 'focus', 'speed'] as Well[]).find((w) => opts.includes(w))! };
    }
    case 'fall_dash': return { type: 'fallDash', dash: true };
    case 'refresh': {
      const r = f as Extract<Frame, { t: 'refresh' }>;
      const b = { ...s.boards[r.board], cubes: { ...s.boards[r.board].cubes } };
      const picks: string[] = [];
      for (let i = 0; i < r.cubes; i++) {
        const w = (['speed', 'focus', 'tech'] as Well[]).reduce((x, y) => (free(b, y) > free(b, x) ? y : x), 'speed' as Well);
        picks.push(({ speed: 'G', focus: 'Y', tech: 'B' } as Record<string, string>)[w]);
        b.cubes[w]++;
      }
      const cubes = ['G', 'Y', 'B'].map((c) => picks.filter((p) => p === c).join('')).join('');
      const all = refreshCandidates(s, r) as Extract<Action, { type: 'refresh' }>[];
      return all.find((x) => x.cubes === cubes) ?? all[0];
    }
  }
  return { type: 'end' };
}

function apply(s0: S, e: Entry<Action>, ctx: { seq: number; rng: Rng }): Step<S> | Violation {
  if (e.kind === 'resign') return resign(s0, e.seat);
  const answered = answeredDecision(s0, e, pending, validate);
  if (isViolation(answered)) return answered;
  const { d, action: a } = answered;
  const s = copyJson(s0);
  s.tick++;
  const ev: Ev = [];
  let dice: Rng | null = null;
  const rng = () => (dice ??= ctx.rng.fork('dice'));
  const f = top(s);
  switch (a.type) {
    case 'activate': activate(s, a.board, ev); s.phase = 'actions'; break;
    case 'end': endSlot(s, ev); break;
    case 'act':
      // A self Instant in any decision; an attack or move in a window of the other Side's Turn (in the Turn it is an Action).
      if (isInstantAct(s, a) && (d.kind !== 'turn' || isSelfInstant(s, a))) {
        useInstant(s, a, ev, d.seat, d.kind === 'turn');
        if (f?.t === 'attack' && f.stage === 'preroll') (f.instants ??= []).push(a.unit);
        if (f?.t === 'paid' || f?.t === 'phase' || f?.t === 'step') f.units!.shift(); // one Instant per unit in this window (L284)
      } else takeAction(s, a, ev);
      break;
    case 'move': if (f?.t === 'delayed') delayedMove(s, f, a, ev); else if (f?.t === 'instantMp') instantMove(s, f, a, ev); else move(s, a, ev); break;
    case 'jump': if (f?.t === 'instantMp') instantJump(s, f, a, ev); else jump(s, a, ev); break;
    case 'dash':
      dash(s, a, ev);
      if (f?.t === 'attack') f.dashed.push(a.unit);
      if (f?.t === 'paid' || f?.t === 'phase' || f?.t === 'step') f.units!.shift(); // one Instant per unit in this window (L284)
      break;
    case 'fire': fire(s, a.target, ev, a); break;
    case 'group': groupAction(s, a, ev); break;
    case 'pass': if (f?.t === 'instantMp') s.stack.splice(s.stack.indexOf(f), 1); if (f?.t === 'attack') f.stage = 'roll'; if (f?.t === 'paid' || f?.t === 'phase' || f?.t === 'step') f.units!.shift(); break;
    case 'block': {
      const at = f as Attack;
      const u = currentTarget(s, at)!;
      const b = blockAction(u)!;
      // A named Stunned surcharge covers every use, in order (spec 2.2.6).
      const n = 2 * count(u, 'STUNNED');
      for (let i = 0; i < a.times; i++) pay(s.boards[u.board], payment(s.boards[u.board], u, b.cost, a.surcharge?.slice(i * n, (i + 1) * n))!);
      at.hits -= a.times;
      at.stage = 'damage';
      say(ev, 'blocked', { unit: u.id, times: a.times, hits: at.hits });
      break;
    }
    case 'push': doPush(s, f as Attack, a.to, ev); break;
    case 'displace': applyDisplace(s, f as Extract<Frame, { t: 'displace' }>, a.to, ev); break;
    case 'placeAlly': placeAlly(s, f as Extract<Frame, { t: 'placeAlly' }>, a.to, ev); break;
    case 'laser': fireLaser(s, a.to, ev); break;
    case 'hack': hack(s, a.unit, a.ddd !== undefined ? { ddd: a.ddd } : { marker: a.marker }, a.dice, rng(), ev, a.surcharge); break;
    case 'arm': arm(s, a.ddd, ev); break;
    case 'turret': fireTurret(s, d.seat, a, ev); break;
    case 'summon': summon(s, a, ev); break;
    case 'drive': drive(s, a, ev); break;
    case 'ramPush': ramPush(s, f as Extract<Frame, { t: 'ram' }>, a.to, ev); break;
    case 'sideSwipe': applySideSwipe(s, f as Extract<Frame, { t: 'ram' }>, a.driver, ev); break;
    case 'delayed': resolveDelayed(s, f as Extract<Frame, { t: 'delayed' }>, a.target, ev, a); break;
    case 'buyMinions': applyMinionBuy(s, f as Extract<Frame, { t: 'buyMinions' }>, a.buy, ctx.rng, ev); break;
    case 'placeUnit': applyPlace(s, f as Extract<Frame, { t: 'placeUnit' }>, a.to, ev); break;
    case 'reward': applyReward(s, f as Extract<Frame, { t: 'rewards' }>, a, ctx.rng.fork('undiscovered'), ev); break;
    case 'resetBoard': applyReset(s, f as Extract<Frame, { t: 'resetBoards' }>, a, ev); break;
    case 'buyUpgrade': applyBuy(s, f as Extract<Frame, { t: 'buyUpgrades' }>, a, ev); break;
    case 'chooseBoards': commitBoards(s, f as Extract<Frame, { t: 'chooseBoards' }>, a.boards, ctx.rng, ev, (id, side) => newBoard(id, side, [])); break;
    case 'chooseGadgets': commitGadgets(s, f as Extract<Frame, { t: 'chooseGadgets' }>, a.gadgets, ev); break;
    case 'edmksTax': payTax(s, f as Extract<Frame, { t: 'edmksTax' }>, a.well, ev); break;
    case 'edmks': edmksGain(s, f as Extract<Frame, { t: 'edmks' }>, a.board, ev); break;
    case 'mayhemDraw': mayhemDraw(s, s.seats[d.seat], a.pay, ctx.rng, ev); break;
    case 'stepTriggers': setStepTriggers(s, d.seat, a.triggers, ev); break;
    case 'mayhemPlay':
      mayhemPlay(s, s.seats[d.seat], a.card, a.board, a.cube, ev);
      // In an Instant window the universal use is the asked unit's one Instant (L284); in the Turn and the Block window it ends nothing.
      if (f?.t === 'attack' && f.stage === 'preroll') (f.instants ??= []).push(currentTarget(s, f)!.id);
      if (f?.t === 'paid' || f?.t === 'phase' || f?.t === 'step') f.units!.shift();
      break;
    case 'aimBonus': takeAimBonus(s, f as Attack, a.bonus, ev); break;
    case 'wound': {
      const w = f as Extract<Frame, { t: 'wound' }>;
      w.left--;
      woundSay(s, w.unit, a.well, ev);
      break;
    }
    case 'fallDash': {
      const fl = s.stack.pop() as Extract<Frame, { t: 'fall' }>;
      if (a.dash) {
        const u = s.units[fl.unit];
        const dd = actionsOf(u).find((x) => x.kind === 'dash')!;
        pay(s.boards[u.board], payment(s.boards[u.board], u, dd.cost, a.surcharge)!);
        say(ev, 'fall_dash', { unit: u.id });
      } else fallNow(s, fl, rng(), ev);
      break;
    }
    case 'refresh': { const r = s.stack.pop() as Extract<Frame, { t: 'refresh' }>; applyRefresh(s, r, a, ev); break; }
    case 'deploy': applyDeploy(s, f as Extract<Frame, { t: 'deploy' }>, a, ev); break;
    case 'redeploy': applyRedeploy(s, f as Extract<Frame, { t: 'redeploy' }>, a, ev); break;
  }
  settle(s, rng, ev);
  return { state: s, events: ev };
}

import { fallDamage, woundInto } from './rules/combat.js';
function woundSay(s: S, unit: string, well: Well, ev: Ev): void { woundInto(s, s.units[unit], well, ev); }
function fallNow(s: S, fl: Extract<Frame, { t: 'fall' }>, rng: Rng, ev: Ev): void { fallDamage(s, fl, rng, ev); }

function resign(s0: S, seat: Seat): Step<S> {
  const s = copyJson(s0);
  const ev: Ev = [];
  finishResign(s, s.seats[seat], ev);
  return { state: s, events: ev };
}
function finishResign(s: S, loser: 'MAYHEM' | 'LEGION', ev: Ev): void {
  s.result = { winners: seatsOf(s, other(loser)), draw: false, reason: `resignation (${loser})` };
  s.stack = [];
  say(ev, 'mission_over', { winner: other(loser), reason: 'resignation' });
}

// ---------------------------------------------------------------- standing orders (spec 8.2 examples)

const ordersSchema = {
  type: 'object', additionalProperties: false,
  description: 'standing orders: Block, Dash, W-paid Instants, Wound placement and Fall Dash answered without asking',
  properties: {
    block: { enum: ['wounds', 'never', 'max'], description: 'block: only Hits that would become Wounds (auto-block), never, or as many as affordable' },
    dash: { enum: ['never'], description: 'dash_window: never Dash' },
    instants: { enum: ['never'], description: 'instant_window (W-paid, W-phase, W-step): always pass' },
    steps: { enum: ['never'], description: 'instant_window in W-step only (option fineGrainedMovementWindows): always pass' },
    wounds: { type: 'array', items: { enum: ['speed', 'focus', 'tech', 'mayhem'] }, description: 'wound: wells in this order (e.g. mayhem, tech, focus, speed)' },
    fallDash: { type: 'boolean', description: 'fall_dash: always (true) or never (false)' },
  },
};

function covers(_pub: View, d: { kind: string }, o: StandingOrder): boolean {
  const r = (o.rule ?? {}) as Record<string, unknown>;
  return (d.kind === 'block' && typeof r.block === 'string') || (d.kind === 'dash_window' && r.dash === 'never') || (d.kind === 'instant_window' && (r.instants === 'never' || (r.steps === 'never' && (d as { exposes?: { window?: string } }).exposes?.window === 'W-step')))
    || (d.kind === 'wound' && Array.isArray(r.wounds)) || (d.kind === 'fall_dash' && typeof r.fallDash === 'boolean');
}

function answer(own: View, d: { kind: string; seat: Seat; key?: string }, o: StandingOrder): Action {
  const s = own as unknown as S; // every field these answers read is public
  const r = (o.rule ?? {}) as { block?: string; wounds?: Well[]; fallDash?: boolean };
  const dec = pending(s)[0];
  if (d.kind === 'dash_window' || d.kind === 'instant_window') return { type: 'pass' };
  if (d.kind === 'fall_dash') return { type: 'fallDash', dash: !!r.fallDash };
  if (d.kind === 'wound') {
    const opts = woundOptions(s, (top(s) as Extract<Frame, { t: 'wound' }>).unit);
    return { type: 'wound', well: (r.wounds ?? []).find((w) => opts.includes(w)) ?? opts[0] };
  }
  const max = blockOptions(s, top(s) as Attack);
  if (r.block === 'never') return { type: 'block', times: 0 };
  if (r.block === 'max') return { type: 'block', times: max };
  return dec ? defaultAction(s, dec) : { type: 'block', times: 0 };
}

export const agentsOfMayhem: Ruleset<S, Action, View> = {
  id: 'agents-of-mayhem',
  // 0.3.7: Instants with timers (a mandatory one on an attack, L1669; an Until-Removed one on a self Action, L1665), Jumps
  // (with a move's MP, in windows too, L527-537; an Instant Jump joins the unit's own move, L585) and groups (a Minion's card, L996);
  // Dr. Babylon's Dark Step (provisional Mayhem card babylon-1) is an Instant move of 3 MP with a Jump (it was an Add-on without one).
  // 0.3.6: ending a delayed Action after its attack without spending its weapon MP logs `delayed_ended`. 0.3.5: a self Instant taken in its own Side's Turn opens the other Side's W-paid window once paid (L280), as
  // Instant attacks and moves do. 0.3.4: a Large Unit's Tile and Area Event triggers read every space of its footprint; a delayed
  // Weapon Action's own MP are moved when it resolves, before or after the attack (the Golem's Fists have none);
  // Instant Actions that attack or move (Mission 3's Quick Draw and Grapple Line), in the Turn and the other Side's windows. 0.3.3: a Mayhem card's extra die joins the pool before the Bonuses and Penalties (L735-739, spec
  // 7.3.4), so they may upgrade or downgrade it, and it goes on a centre object, DDD or vehicle too. 0.3.2: the drawn Refresh cards are revealed at Refresh Phase step 1 (once the W-refresh window
  // closes, before explosions, timers and drones), and every view shows them from then on. 0.3.1: Road bends and junctions (Mission 7's side road, a third lane), Vehicle tiles in Missions
  // 3-6. 0.3.0: vehicles, Ramps and traffic (drones in every Advanced mission, Road lanes joined across
  // tiles), Mission 7, the Golem, Event Box effects, step triggers. 0.2.0: Instants of Allies and
  // gadgets, the Event deck, campaign rewards, Advanced Setup steps 3-4. An older game replays under
  // the installed version with its hash chain checked (GameService: 409 ruleset_diverged where a
  // changed rule gives another state).
  version: '0.3.7',
  title: 'Agents of Mayhem: Pride of Babylon',
  actionSchema,
  players: { min: 2, max: 4 },
  scenarios: CONTENT.missionList.map((m) => ({
    id: m.id, title: m.title, players: m.players.length === 1 ? m.players[0] : m.players.slice().sort(),
    notes: {
      kind: m.kind, number: m.number, rules: m.rules, rounds: m.rounds, initiative: m.initiative, provisional: CONTENT.provisional,
      chainFrom: m.chainFrom ?? null, focus: m.focus ?? null,
      seats: '2 players: 0 MAYHEM, 1 LEGION; 3 players: 0 MAYHEM (runs the Side as two players), 1-2 LEGION; 4 players: 0 and 2 MAYHEM, 1 and 3 LEGION',
      winConditions: { MAYHEM: m.sides.MAYHEM.winConditions.map((w) => w.text), LEGION: m.sides.LEGION.winConditions.map((w) => w.text) },
    },
  })),
  optionsSchema: {
    type: 'object', additionalProperties: false,
    properties: {
      carry: { type: 'object', description: "the previous mission's carry(final state): chained tutorials start from its table state (spec 4.1, 5.2)" },
      generated: { ...GeneratedSchema, description: "a mission built by the Mission Generator (rules/generator.ts) on this scenario as its template: its Rounds, initiative and Gadget/Crystal OMs; a campaign with generator 'generated' supplies it" },
      fineGrainedMovementWindows: { type: 'boolean', description: 'W-step windows (spec 8.2 async protocol 4): a move is made one MP at a time, and before each MP every unit of the other Side that can pay an Instant gadget Action or a Dash is asked; off by default (a path is then submitted whole, split only where a step trigger of a seat fires: action stepTriggers), since it opens a window per MP' },
      mayhemWindows: { type: 'boolean', description: 'Mayhem card windows (spec 8.2 W-phase "Mayhem draw, universal uses"): a unit whose Side holds any Mayhem card and that could use one as an Instant (a universal use with room on its board, or an Instant character use it can pay) opens the W-paid, W-phase, W-step and W-preroll windows of the other Side\'s Turn; off by default (cards are then offered in those windows when they open for another response), since a held card would suspend every phase of the other Side' },
      paidDash: { type: 'boolean', description: 'W-paid Dashes (spec 8.2): a unit of the other Side that can pay a Dash (an Ally too) is also asked after each Action is paid, as it may be with an Instant gadget; off by default, since every such unit would suspend every enemy Action' },
      advancedSetup: { type: 'boolean', description: 'Advanced Setup (spec 3.3, missions with a Scrap budget: M5): each Side chooses its gadgets from its Discovered ones within its Scrap budget, hidden until both have chosen, instead of the listed ones; then a Side with Squads buys its Minions with the Scrap left, and the bought Minion figures and the Elite figures are placed by their Sides' },
    },
  },
  setup(p, ctx) {
    const r = setupState(p, ctx.rng);
    if ('code' in r) return r;
    settle(r.s, () => ctx.rng.fork('dice'), r.ev);
    return { state: r.s, events: r.ev };
  },
  pending,
  candidates: (s, seat, dec) => candidates(s, seat, dec),
  validate,
  apply,
  defaultAction,
  view: viewOf,
  render,
  result: (s): Result | null => s.result,
  determinize: (v, _seat, rng) => determinizeView(v, rng),
  resign: (s, seat) => resign(s, seat),
  carry,
  generateMission,
  ordersSchema,
  covers,
  answer,
  evaluate,
  label,
  describe,
  position: agentsPosition,
};

/** The campaign hand-over: a pure function of a finished (or any) state, accepted by setup as options.carry. */
export { carry };
export { attackWaits, canDash, finish, WELLS };
