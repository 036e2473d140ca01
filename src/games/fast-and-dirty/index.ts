// Fast and Dirty 5th ed. as a skyeye ruleset (spec: shared/rules/fast-and-dirty.md).
// A continuous table in integer hundredths of an inch (no grid), two sides alternating unit
// activations after a D6 initiative roll; chance from D6 only (every roll an event). Hidden
// information: the minefield records (module Mines) stay out of other seats' views until
// revealed, and a hidden unit's figures (module Hidden movement) are shown to others as its
// markers only; at night which markers are dummies (rules/night-markers.ts) is its owner's secret,
// other seats seeing all of a side's markers in one anonymous list; the only simultaneous choice is
// the sealed deployment group; squads move as groups of per-figure paths, LOS and cover per figure.
// Reactions of the core rules (the defensive free shot, hit allocation, assault casualties) run
// automatically under the spec's default policies; candidates are a sample (all: false).
import type { Choice, Decision, Entry, OpenDecision, PublicDecision, Result, Rng, Ruleset, Seat, StandingOrder, Step, Violation } from '../../engine/types.js';
import { answeredDecision } from '../../engine/one-decision.js';
import { isViolation, violation } from '../../engine/types.js';
import { copyJson } from '../../engine/mech/json.js';
import { edgeDistance } from '../../engine/mech/geom2d.js';
import { actionSchema } from './action-schema.js';
import { CONTENT } from './content.js';
import { controlCandidates, fallBackBlocked, orderCandidates, shortMoves } from './candidates.js';
import { bunkerExitProblem, chargeAfterExit } from './rules/bunker-exit.js';
import { berserkCandidates, berserkProblem } from './rules/berserk.js';
import { attach, attachProblem } from './rules/characters.js';
import { attachedCharacter, teamPart } from './state.js';
import {
  aimedProblem, smokeProblem, assaultProblem, blastProblem, demolitionProblem, fallBackProblem, fireProblem, moveAllowance, moveProblem, underFireRushProblem, type Positions,
} from './legal.js';
import { minefieldCandidates, minefieldProblem } from './rules/mines.js';
import { hideProblem, markerMovesProblem, revealProblem } from './rules/hidden.js';
import { callFireProblem, mortarProblem } from './rules/indirect.js';
import { bunkerProblem } from './rules/fortifications.js';
import { sentryTargetProblem } from './rules/sentry.js';
import { heroProblem } from './rules/hero.js';
import { hesitantProblem } from './rules/command-response.js';
import { cautiousProblem } from './rules/cautious.js';
import { drugsProblem, drugsReady } from './rules/drugs.js';
import { platoonOptionSchema, recallAction, recalled } from './rules/platoon.js';
import { applyInfiltrate, infiltrateDecisions, infiltrateProblem } from './rules/infiltrate.js';
import { applyLullHide, applyWithdraw, defaultWithdraw, hideable, lullDecisions, lullHideProblem, withdrawCandidates, withdrawProblem } from './rules/lull.js';
import { applyDeployment, deployCandidates, deployDecisions, deployOptionSchema, deployProblem, type DeployAction } from './rules/deploy.js';
import { scoutProblem, type ScoutOrder } from './rules/scout.js';
import { aidBusy, recoverProblem, untreated, woundRules } from './rules/wounds.js';
import { jumpLimits, jumpProblem } from './rules/jump.js';
import { arrangeCandidates, arrangeProblem, dropCandidates, dropProblem } from './rules/drop.js';
import { psionicProblem } from './rules/psionics.js';
import { taskOptionSchema, taskProblem } from './rules/tasks.js';
import { intrudeProblem } from './rules/intruder.js';
import { luckyCandidates, luckyDefault, luckyProblem, luckyUnit } from './rules/lucky.js';
import { sentryOptionSchema } from './rules/sentry.js';
import { generateOptionSchema } from './rules/generation.js';
import { INSPIRED_MOVE, cardOptionSchema, coolerFirers, coolerTargets, inspireProblem, inspired, reactMoveProblem, reactors } from './rules/cards.js';
import { has, noRush } from './rules/traits.js';
import { ELUSIVE_MOVE, elusiveCandidates, elusiveMoveProblem, retargetProblem, retargets } from './rules/elusive.js';
import { driveCandidates, driveProblem, isVehicle, reactionDriveCandidates } from './rules/vehicles.js';
import { boardCandidates, boardProblem, disembarkedOrderProblem } from './rules/transport.js';
import { pairOptions, pairProblem } from './rules/pairs.js';
import { isOptionalField, optionalChoice } from './rules/optional-fields.js';
import { rerollSourceOf } from './rules/vehicle-properties.js';

/** The state with the scout already placed, to check what it may do from there (§7.24). */
function scoutedCopy(s: S, u: Unit, sc: ScoutOrder): { s: S; u: Unit } {
  const c = copyJson(s);
  const cu = c.units.find((x) => x.id === u.id)!;
  cu.figures.find((f) => f.id === sc.fig)!.at = [sc.at[0], sc.at[1]];
  cu.scout = sc.fig;
  if (sc.second) { cu.figures.find((f) => f.id === sc.second!.fig)!.at = [sc.second.at[0], sc.second.at[1]]; cu.scoutMate = sc.second.fig; }
  return { s: c, u: cu };
}
import { applyInspire, applyReact, applyCoolerFire, applyLucky, applyMotivator, applyCommandReroll, applyHarm, applyDrop, applyArrange, applyElusive, applyRetarget, applyHiddenOrder, applyReveal, applySpot, applyMinefield, afterDeployment, afterInfiltration, afterLull, activatable, activate, applyControl, applyOpportunity, applyOrder, chooseOrder, finish, opportunityFirers, setupState } from './rules/turn.js';
import { defaultSpot, spotCandidates, spotDecisions, spotProblem } from './rules/night-spotting.js';
import { Run } from './rules/run.js';
import { inPlay, living, type Action, type Path, type S, type Side, type Unit } from './state.js';
import { determinizeView, viewOf, type View } from './view.js';
import { evaluate } from './evaluate.js';
import { query } from './query.js';
import { describe, label } from './describe.js';
import { render } from './render.js';
import { fastAndDirtyPosition } from './position.js';

export type { Action, S, View };

function pending(s: S): OpenDecision[] {
  if (s.result) return [];
  const ctx = [`turn:${s.turn}`];
  if (s.phase === 'deploy') return deployDecisions(s, ctx);
  if (s.phase === 'infiltrate') return infiltrateDecisions(s, ctx);
  if (s.phase === 'lull') return lullDecisions(s, ctx);
  if (s.phase === 'minefield') {
    return [{ key: `mines:${s.step}`, seat: s.toAct, kind: 'minefield', blocking: true, timing: 'setup', context: ctx, exposes: { remaining: s.minesToPlace[s.toAct] } }];
  }
  if (s.phase === 'spot') return spotDecisions(s, ctx);
  if (s.phase === 'reveal') {
    const u = s.units.find((x) => x.id === s.reveal!.unit)!;
    return [{ key: `reveal:${s.step}`, seat: u.side as Side, kind: 'reveal', blocking: true, timing: 'reaction', context: [...ctx, `unit:${u.id}`], exposes: { unit: u.id, marker: s.reveal!.marker, markers: u.hidden!.markers.length } }];
  }
  if (s.phase === 'initiative') {
    const w = s.initiative!.winner;
    return [{ key: `init:${s.step}`, seat: w, kind: 'initiative', blocking: true, timing: 'turn', context: ctx, exposes: { turn: s.turn, rolls: s.initiative!.rolls } }];
  }
  if (s.phase === 'activate') {
    return [{ key: `act:${s.step}`, seat: s.toAct, kind: 'activate', blocking: true, timing: 'turn', context: ctx, exposes: { turn: s.turn } }];
  }
  if (s.phase === 'order') {
    const u = s.units.find((x) => x.id === s.active)!;
    return [{ key: `order:${s.step}`, seat: u.side as Side, kind: 'order', blocking: true, timing: 'turn', context: [...ctx, `unit:${u.id}`], exposes: { unit: u.id, fallingBack: u.fallingBack } }];
  }
  if (s.phase === 'opportunity') {
    const mover = s.units.find((x) => x.id === s.interrupted!.unit)!;
    const seat = (mover.side === 0 ? 1 : 0) as Side;
    return [{
      key: `opp:${s.step}`, seat, kind: 'opportunity', blocking: true, timing: 'reaction', context: [...ctx, `unit:${mover.id}`],
      exposes: { mover: mover.id, at: living(mover).map((f) => f.at), eligible: opportunityFirers(s, mover).map((u) => u.id) },
    }];
  }
  if (s.phase === 'elusive' || s.phase === 'retarget') {
    const e = s.elusive!;
    const t = s.units.find((x) => x.id === e.target)!;
    const u = s.units.find((x) => x.id === e.shooter)!;
    const seat = (s.phase === 'elusive' ? t.side : u.side) as Side;
    return [{
      key: `${s.phase}:${s.step}`, seat, kind: s.phase, blocking: true, timing: s.phase === 'elusive' ? 'reaction' : 'turn', context: [...ctx, `unit:${s.phase === 'elusive' ? t.id : u.id}`],
      exposes: { shooter: u.id, target: t.id, ...(s.phase === 'elusive' ? { move: ELUSIVE_MOVE } : { eligible: retargets(s, u, e.action, e.weapon?.index) }) },
    }];
  }
  if (s.phase === 'inspire') {
    const side = s.cards!.inspire!;
    return [{ key: `inspire:${s.step}`, seat: side, kind: 'inspire', blocking: true, timing: 'turn', context: ctx, exposes: { eligible: inspired(s, side).map((u) => u.id), move: INSPIRED_MOVE } }];
  }
  if (s.phase === 'react') {
    const r = s.cards!.react!;
    const to = s.units.find((x) => x.id === r.to)!;
    return [{ key: `react:${s.step}`, seat: r.side, kind: 'react', blocking: true, timing: 'reaction', context: [...ctx, `unit:${to.id}`], exposes: { unit: to.id, eligible: reactors(s, to).map((u) => u.id) } }];
  }
  if (s.phase === 'cooler') {
    // The Plasma Cooler's fire (§5.1): the side to shoot picks a unit that has not activated and a target within short range, or passes.
    const side = s.cards!.cooler!.toAct;
    return [{ key: `cooler:${s.step}`, seat: side, kind: 'cooler', blocking: true, timing: 'turn', context: ctx, exposes: { eligible: coolerFirers(s, side).map((u) => ({ unit: u.id, targets: coolerTargets(s, u).map((t) => t.id) })) } }];
  }
  if (s.phase === 'lucky') {
    // The owner of the unit that rolled (§5.6): the active unit's, or a reacting or defending unit's inside the order.
    const u = luckyUnit(s);
    const h = u.luckyHeld!;
    return [{ key: `lucky:${s.step}`, seat: u.side as Side, kind: 'lucky', blocking: true, timing: u.id === s.active ? 'turn' : 'reaction', context: [...ctx, `unit:${u.id}`], exposes: { unit: u.id, test: h.test, faces: h.faces, target: h.target, ...h.shown } }];
  }
  if (s.phase === 'commandReroll') {
    const u = s.units.find((x) => x.id === s.active)!;
    return [{ key: `commandReroll:${s.step}`, seat: u.side as Side, kind: 'commandReroll', blocking: true, timing: 'turn', context: [...ctx, `unit:${u.id}`], exposes: { unit: u.id, by: rerollSourceOf(s, u)?.id ?? null } }];
  }
  if (s.phase === 'motivator') {
    const u = s.units.find((x) => x.id === s.active)!;
    return [{ key: `motivator:${s.step}`, seat: u.side as Side, kind: 'motivator', blocking: true, timing: 'turn', context: [...ctx, `unit:${u.id}`], exposes: { unit: u.id, successes: u.moraleHeld ?? 0 } }];
  }
  if (s.phase === 'arrange') {
    const u = s.units.find((x) => x.id === s.landing!.unit)!;
    return [{ key: `arrange:${s.step}`, seat: u.side as Side, kind: 'arrange', blocking: true, timing: 'turn', context: [...ctx, `unit:${u.id}`], exposes: { unit: u.id, landing: s.landing!.at, at: Object.fromEntries(living(u).map((f) => [f.id, f.at])) } }];
  }
  if (s.phase === 'harm') {
    const h = s.harm!;
    const t = s.units.find((x) => x.id === h.target)!;
    return [{ key: `harm:${s.step}`, seat: t.side as Side, kind: 'harm', blocking: true, timing: 'reaction', context: [...ctx, `unit:${t.id}`], exposes: { psionic: h.unit, target: t.id, figures: living(t).map((f) => f.id) } }];
  }
  if (s.phase === 'control') {
    const u = s.units.find((x) => x.id === s.active)!;
    return [{ key: `control:${s.step}`, seat: u.side as Side, kind: 'control', blocking: true, timing: 'turn', context: [...ctx, `unit:${u.id}`], exposes: { unit: u.id, group: s.controlGroup } }];
  }
  return [];
}

const endOf = (moves: Path[]): Positions => new Map(moves.map((m) => [m.fig, m.path[m.path.length - 1]]));

function pathsShape(moves: unknown): Violation | null {
  if (!Array.isArray(moves)) return violation('malformed_action', 'moves is a list of {fig, path}');
  for (const m of moves as Path[]) {
    if (typeof m !== 'object' || m === null || typeof m.fig !== 'string' || !Array.isArray(m.path)) return violation('malformed_action', 'each move is {fig, path: [[x, y], ...]}');
    for (const p of m.path) if (!Array.isArray(p) || p.length !== 2 || !Number.isInteger(p[0]) || !Number.isInteger(p[1])) return violation('malformed_action', 'path points are [x, y] in integer hundredths of an inch (§3.2)');
  }
  return null;
}

/** The order of the active unit (§5.3), validated whole before any roll. */
function orderProblem(s0: S, a: Action): Violation | null {
  let s = s0;
  let u = s.units.find((x) => x.id === s.active)!;
  // A vehicle's order: move and fire within its fire control (§2.5).
  if (isVehicle(u)) return driveProblem(s, u, a);
  if (a.type === 'drive') return violation('not_a_vehicle', `${u.id} is not a vehicle: answer with engage, rush, assault or command`);
  // Drop troops in reserve (§7.6): drop, or hold (stay in reserve).
  if (u.reserve) {
    if (a.type === 'drop') return dropProblem(s, u, a.at);
    if (a.type === 'engage' && !a.moves.length && a.target === null && Object.keys(a).every((k) => ['type', 'moves', 'target', 'fireFirst'].includes(k))) return null;
    return violation('in_reserve', `${u.id} is held in reserve: drop it ({type:"drop", at}) or hold (engage with no moves and no target) (§7.6)`);
  }
  if (a.type === 'drop') return violation('not_in_reserve', `${u.id} is not held in reserve (§7.6)`);
  // Module Hidden movement (§7.10): a hidden unit moves its markers or reveals at one to act.
  if (a.type === 'hide') return hideProblem(s, u);
  if (u.hidden) {
    if (a.type === 'markers') { const r = markerMovesProblem(s, u, a.moves); return 'end' in r ? null : r; }
    if (a.type === 'unhide') return revealProblem(s, u, a.marker);
    return violation('hidden', `${u.id} is hidden: move its markers, or reveal it at a marker first and then act (§7.10)`);
  }
  if (a.type === 'markers' || a.type === 'unhide') return violation('not_hidden', `${u.id} is not hidden`);
  // Just out of a transport: fire or close assault only (§2.5).
  if (u.disembarking) { const p = disembarkedOrderProblem(u, a); if (p) return p; }
  if ((a.type === 'engage' || a.type === 'rush') && a.board !== undefined) {
    if (a.type === 'engage' && (a.target !== null || a.blast || a.aimed || a.smoke || a.indirect || a.bunker || a.sentry || a.teamTarget || a.jump || a.psionic)) return violation('board_no_fire', 'a unit boarding a transport only moves (§2.5 [P])');
    const shape = pathsShape(a.moves);
    if (shape) return shape;
    const p = boardProblem(s, u, a.board, endOf(a.moves));
    if (p) return p;
  }
  const hesitant = hesitantProblem(s, u, a);
  if (hesitant) return hesitant;
  const stay = cautiousProblem(s, u, a);
  if (stay) return stay;
  // Berserk (§2.6): a charge on the nearest enemy unit, when one is possible.
  const bz = berserkProblem(s, u, a, () => orderCandidates(s, u));
  if (bz) return bz;
  if ('attach' in a && a.attach !== undefined) {
    if (typeof a.attach !== 'string') return violation('malformed_action', 'attach names a character unit');
    const p = attachProblem(s, u, a.attach);
    if (p) return p;
    // The rest of the order is checked with the character already in the squad.
    s = copyJson(s0);
    u = s.units.find((x) => x.id === s.active)!;
    attach(s, new Run(null), u, a.attach);
  }
  if ('detach' in a && a.detach && !attachedCharacter(s, u)) return violation('no_character', `${u.id} has no character attached (§2.8)`);
  switch (a.type) {
    case 'engage': {
      const shape = pathsShape(a.moves);
      if (shape) return shape;
      const fires = a.target !== null || a.blast !== undefined || a.aimed !== undefined || a.indirect !== undefined || a.bunker !== undefined || a.sentry !== undefined || a.hero?.target !== undefined;
      // Huge (§2.6): "A huge model may fire a heavy weapon while moving, but suffers a -2 penalty to fire effect."
      if ((u.kind === 'weaponTeam' || u.kind === 'sniper') && a.moves.length && fires && !(u.kind === 'weaponTeam' && has(u, 'huge'))) {
        return violation('moved_no_fire', u.kind === 'sniper' ? 'a sniper cannot shoot if it moved this activation (§7.27)' : 'a weapon team may shoot only if it did not move (§7.9)');
      }
      if (a.teamTarget !== undefined) {
        const crew = living(u).some((f) => f.team);
        if (!crew) return violation('no_team', `${u.id} has no attached weapon team (§7.9)`);
        if (a.moves.length && !has(u, 'huge')) return violation('moved_no_fire', 'if the combined unit moves, only the infantry part may shoot (§7.9; a Huge unit\'s heavy weapon may, §2.6)');
        if (a.teamTarget === a.target) return violation('same_target', 'to fire both parts at one target, omit teamTarget: they fire together with combined dice (§7.9)');
        if (a.blast || a.aimed || a.smoke || a.indirect) return violation('two_targets', 'the team fires at teamTarget beside the squad\'s normal fire only');
        const p = fireProblem(s, teamPart(u), a.teamTarget);
        if (p) return p;
      }
      if (has(u, 'inflexible') && fires && a.moves.length) return violation('inflexible', `${u.id} is Inflexible: it may not fire on a turn in which it moved (§2.6)`);
      if (u.noFireTurn === s.turn && fires) return violation('no_fire_this_turn', `${u.id} ${u.kind === 'sniper' ? 'failed an aimed shot' : 'leapt'} and cannot fire this turn (§7.27, §7.12)`);
      if (a.jump !== undefined) {
        if (a.jump !== 'leap' && a.jump !== 'bound') return violation('malformed_action', 'jump is "leap" or "bound"');
        if (a.jump === 'leap' && (fires || a.smoke || a.teamTarget || a.psionic)) return violation('leap_no_action', 'a unit that Leaps may take no other action that turn (§7.12)');
      }
      if (a.psionic !== undefined) {
        // Checked where the psionic stands when it invokes: now, or at the end of its path.
        const m = a.psionic?.after && Array.isArray(a.moves) ? a.moves.find((x) => x.fig === a.psionic!.fig) : undefined;
        const p = psionicProblem(s, u, a.psionic, m?.path?.[m.path.length - 1]);
        if (p) return p;
        // The psionic contributes nothing to the unit's fire (§7.22): the rest is checked without it.
        if (s === s0) s = copyJson(s0);
        u = s.units.find((x) => x.id === s.active)!;
        const pf = u.figures.find((f) => f.id === a.psionic!.fig)!;
        pf.psi!.silentTurn = s.turn;
      }
      if (a.carry !== undefined) {
        // Carrying wounded (§7.23): a Move at half rate; the carriers do not shoot (checked without them).
        if (s === s0) s = copyJson(s0);
        u = s.units.find((x) => x.id === s.active)!;
        for (const c of Array.isArray(a.carry) ? a.carry : []) { const b = u.figures.find((f) => f.id === c?.by); if (b) b.carryTurn = s.turn; }
      }
      if (a.jump && a.medicStays !== undefined) return violation('medic_jump', 'a Medic is left with the wounded on a Move, Rush or charge, not a jump (§7.23 [P])');
      // Leaving a bunker is disembarking (§7.7): a placement, not a move; an ordinary move may not leave it.
      const bx = bunkerExitProblem(s, u, a);
      if (bx) return bx;
      const r = a.exitBunker !== undefined ? { end: new Map(a.moves.map((m) => [m.fig, m.path[0]] as const)) }
        : a.jump ? jumpProblem(s, u, a.moves, a.jump, false, a.carry ?? []) : moveProblem(s, u, a.moves, { mode: 'move', ...(a.carry ? { carry: a.carry } : {}), stay: a.medicStays });
      if (!('end' in r)) return r;
      if (u.fallingBack && !fallBackBlocked(s, u)) {
        const p = fallBackProblem(s, u, r.end);
        if (p) return p;
      }
      if (a.bunker !== undefined) {
        if (a.target !== null || a.blast || a.aimed || a.smoke || a.indirect || a.teamTarget) return violation('two_targets', 'fire at a bunker is the squad\'s shooting: target must be null (§6.6)');
        const p = bunkerProblem(s, u, a.bunker, a.fireFirst ? undefined : r.end);
        if (p) return p;
      }
      if (a.hero !== undefined) {
        const p = heroProblem(s, u, a, a.fireFirst ? undefined : r.end);
        if (p) return p;
      }
      if (a.sentry !== undefined) {
        if (a.target !== null || a.bunker || a.blast || a.aimed || a.smoke || a.indirect || a.teamTarget) return violation('two_targets', 'fire at a sentry gun is the squad\'s shooting: target must be null (§7.25 [P])');
        const p = sentryTargetProblem(s, u, a.sentry, a.fireFirst ? undefined : r.end);
        if (p) return p;
      }
      if (a.blast !== undefined) {
        if (a.target !== null) return violation('two_targets', 'a blast shot is made instead of the squad\'s fire: target must be null (§6.7, A51)');
        const p = blastProblem(s, u, a.blast.fig, a.blast.at, a.fireFirst ? undefined : r.end);
        if (p) return p;
      }
      if (a.indirect !== undefined) {
        if (a.target !== null || a.blast || a.aimed || a.smoke) return violation('two_targets', 'a mortar firing indirectly fires at its point only: target must be null (§7.11)');
        const p = mortarProblem(s, u, a.indirect);
        if (p) return p;
      }
      if (a.smoke !== undefined) {
        if (a.target !== null || a.blast || a.aimed) return violation('two_targets', 'laying smoke is the unit\'s shooting for the activation (§7.26 [P]): target must be null');
        const p = smokeProblem(s, u, a.smoke, a.fireFirst ? undefined : r.end);
        if (p) return p;
      }
      if (a.aimed !== undefined) {
        if (a.target === null) return violation('no_target', 'an aimed shot names the target unit and figure (§7.27)');
        const p = aimedProblem(s, u, a.target, a.aimed);
        if (p) return p;
      } else if (a.target !== null) {
        const p = fireProblem(s, u, a.target, a.fireFirst ? undefined : r.end);
        if (p) return p;
      }
      return null;
    }
    case 'rush': {
      if (u.lastStand) return violation('last_stand', `${u.id} is making a Last Stand: it never moves (§7.13)`);
      if (noRush(u)) return violation('no_rush', `${u.id} never Rushes (Zombie, Goon, §2.6)`);
      if (u.kind === 'weaponTeam' || living(u).some((f) => f.team)) return violation('team_no_rush', 'a weapon team may Move but never Rush (§7.9)');
      if (u.fallingBack) return violation('falling_back', 'a falling-back unit makes one normal move away (§6.1)');
      const shape = pathsShape(a.moves);
      if (shape) return shape;
      if (!a.moves.length) return violation('no_move', 'a Rush moves at least one figure');
      const bx = bunkerExitProblem(s, u, a);
      if (bx) return bx;
      const r = moveProblem(s, u, a.moves, { mode: 'rush', stay: a.medicStays });
      if (!('end' in r)) return r;
      return underFireRushProblem(s, u, r.end);
    }
    case 'assault': {
      if (u.lastStand) return violation('last_stand', `${u.id} is making a Last Stand: it never moves (§7.13)`);
      if (u.kind === 'sniper') return violation('sniper_no_assault', 'snipers never assault (§7.27)');
      if (u.kind === 'weaponTeam') return violation('team_no_assault', 'heavy weapon teams do not assault (§7.9 [P])');
      const shape = pathsShape(a.moves);
      if (shape) return shape;
      if (a.jump !== undefined && a.jump !== 'bound') return violation(a.jump === 'leap' ? 'leap_no_assault' : 'malformed_action', 'a Leap may not be used to enter close assault; charge by Bound (§7.12)');
      if (a.jump && a.medicStays !== undefined) return violation('medic_jump', 'a Medic is left with the wounded on a Move, Rush or charge, not a jump (§7.23 [P])');
      // Leaving a bunker is disembarking (§7.7) and a disembarked squad may close assault (§2.5):
      // set down, then the charge from there [P]; an ordinary charge may not leave the bunker.
      const bx = bunkerExitProblem(s, u, a);
      if (bx) return bx;
      let c = a;
      if (a.exitBunker !== undefined) {
        const out = chargeAfterExit(a);
        if (s === s0) s = copyJson(s0);
        u = s.units.find((x) => x.id === s.active)!;
        for (const f of living(u)) f.at = out.placed.get(f.id)!;
        c = out.charge;
      }
      const r = c.jump ? jumpProblem(s, u, c.moves, c.jump, true) : moveProblem(s, u, c.moves, { mode: 'assault', stay: c.medicStays });
      if (!('end' in r)) return r;
      return assaultProblem(s, u, c.target, r.end);
    }
    case 'command': {
      if (!a.demolition && !a.callFire && !a.scout && !a.task && !a.recover && !a.intrude) return violation('no_command', 'a Command action needs Demolition, Call Fire, Recover Wounded, Scout, Task or Intrude, and at most one other sub-action (§5.3)');
      if ([a.demolition, a.callFire, a.scout, a.task, a.recover, a.intrude, a.target].filter((x) => x !== null && x !== undefined).length > 2) return violation('three_sub_actions', 'a Command action is two different sub-actions (§5.3, §7.11: the rest of the unit may take one other)');
      if (u.fallingBack) return violation('falling_back', 'a falling-back unit may only move away and shoot (§6.1)');
      if (u.kind === 'weaponTeam' || u.kind === 'sniper') return violation('no_command', 'weapon teams and snipers have no Command action (§5.3)');
      if (a.scout) {
        const p = scoutProblem(s, u, a.scout);
        if (p) return p;
        if (a.demolition?.fig === a.scout.fig || (a.scout.second && (a.demolition?.fig === a.scout.second.fig || a.callFire?.caller === a.scout.second.fig))) return violation('scout_busy', 'the scout does nothing else (§7.24; a Recon squad\'s second scout does not call fire [P])');
        // The scout may call fire: that is the squad's second sub-action, the rest stay idle (§7.24).
        if (a.callFire?.caller === a.scout.fig && (a.target !== null || a.demolition)) return violation('three_sub_actions', 'a scout calling fire uses the squad\'s second Command action: the rest of the squad stays idle (§7.24)');
      }
      if (a.callFire) {
        const c = a.scout && a.callFire.caller === a.scout.fig ? scoutedCopy(s, u, a.scout) : null;
        const p = c ? callFireProblem(c.s, c.u, a.callFire) : callFireProblem(s, u, a.callFire);
        if (p) return p;
      }
      if (a.demolition) {
        const p = demolitionProblem(s, u, a.demolition.act, a.demolition.fig);
        if (p) return p;
        if (a.callFire && a.callFire.caller === a.demolition.fig) return violation('caller_busy', 'the caller does nothing else (§7.11)');
      }
      if (a.task) {
        const p = taskProblem(s, u, a.task);
        if (p) return p;
        if (a.task.fig === a.demolition?.fig || a.task.fig === a.callFire?.caller || a.task.fig === a.scout?.fig || a.task.fig === a.scout?.second?.fig) return violation('task_busy', 'the figure attempting a task does nothing else (§5.3 [P])');
      }
      if (a.intrude) {
        const p = intrudeProblem(s, u, a.intrude);
        if (p) return p;
        if ([a.demolition?.fig, a.callFire?.caller, a.scout?.fig, a.scout?.second?.fig, a.task?.fig].includes(a.intrude.fig) || aidBusy(a.recover).has(a.intrude.fig)) return violation('intruder_busy', 'the Intruder does nothing else (§2.7 [P])');
      }
      if (a.recover) {
        const p = recoverProblem(s, u, a.recover);
        if (p) return p;
        const aid = aidBusy(a.recover);
        if ([a.demolition?.fig, a.callFire?.caller, a.scout?.fig, a.scout?.second?.fig, a.task?.fig].some((id) => id !== undefined && aid.has(id))) return violation('aid_busy', 'figures aiding the wounded do nothing else (§7.23)');
      }
      if (a.target !== null) {
        const busy = u.figures.filter((f) => f.alive && (f.id === a.demolition?.fig || f.id === a.callFire?.caller || f.id === a.scout?.fig || f.id === a.scout?.second?.fig || f.id === a.task?.fig || f.id === a.intrude?.fig || aidBusy(a.recover).has(f.id)));
        for (const f of busy) f.alive = false;
        const q = fireProblem(s, u, a.target);
        for (const f of busy) f.alive = true;
        if (q) return q;
      }
      return null;
    }
  }
  return violation('wrong_action', 'answer an order with engage, rush, assault or command');
}

function validate(s: S, seat: Seat, dec: OpenDecision, a: Action): Violation | null {
  if (typeof a !== 'object' || a === null || typeof (a as { type?: unknown }).type !== 'string') return violation('malformed_action', 'an action is an object with a string type');
  if (dec.seat !== seat) return violation('not_your_decision', `decision belongs to seat ${dec.seat}`);
  const live = pending(s).find((d) => d.key === dec.key);
  if (!live) return violation('decision_not_open', 'that decision is not open');
  switch (dec.kind) {
    case 'reveal': {
      if (a.type !== 'reveal' || typeof a.real !== 'boolean') return violation('wrong_action', 'answer with {type:"reveal", real: true|false} (§7.10)');
      const u = s.units.find((x) => x.id === s.reveal!.unit)!;
      return a.real ? revealProblem(s, u, s.reveal!.marker) : null;
    }
    case 'spot': return spotProblem(s, a as Extract<Action, { type: 'spot' }>);
    case 'withdraw':
      if (a.type !== 'withdraw') return violation('wrong_action', 'answer with {type:"withdraw", unit, moves} (§7.14)');
      return withdrawProblem(s, seat as Side, a);
    case 'lullHide':
      if (a.type !== 'lullHide') return violation('wrong_action', 'answer with {type:"lullHide", units} (§7.14)');
      return lullHideProblem(s, seat as Side, a);
    case 'infiltrate':
      if (a.type !== 'infiltrate') return violation('wrong_action', 'answer with {type:"infiltrate", unit, moves} (§4.2)');
      return infiltrateProblem(s, seat as Side, a);
    case 'deploy':
      if (a.type !== 'deploy') return violation('wrong_action', 'answer with {type:"deploy", placements} (§4.2)');
      return deployProblem(s, seat as Side, a);
    case 'minefield':
      if (a.type !== 'minefield') return violation('wrong_action', 'answer with {type:"minefield", markers, real, mine} (§7.15)');
      return minefieldProblem(s, a);
    case 'initiative':
      if (a.type !== 'initiative' || typeof a.first !== 'boolean') return violation('wrong_action', 'answer with {type:"initiative", first: true|false} (§5.1)');
      return null;
    case 'activate': {
      if (a.type !== 'activate') return violation('wrong_action', 'answer with {type:"activate", unit}');
      const u = s.units.find((x) => x.id === a.unit);
      if (!u || u.side !== seat) return violation('not_your_unit', `${a.unit} is not a unit of your side`);
      if (!inPlay(u)) return violation('out_of_play', `${a.unit} is out of play`);
      if (s.cards && !activatable(s, seat as Side).includes(u)) return violation('not_drawn', `${a.unit} may not activate on this card: ${activatable(s, seat as Side).map((x) => x.id).join(', ')} may (§5.1)`);
      if (!activatable(s, seat as Side).includes(u)) return violation('already_activated', `${a.unit} has activated this turn (§5.1)`);
      if (a.lastStand !== undefined && a.lastStand !== false) {
        if (a.lastStand !== true) return violation('malformed_action', 'lastStand is true or absent');
        if (s.lastStandUsed?.[seat as Side]) return violation('last_stand_used', 'one Last Stand per player per game (§7.13)');
        if (u.lastStand) return violation('last_stand_used', `${u.id} is already making its Last Stand`);
        if (u.reserve) return violation('in_reserve', `${u.id} is held in reserve: it has no position to stand on (§7.6, §7.13)`);
      }
      if (a.drugs !== undefined && a.drugs !== false) {
        if (a.drugs !== true) return violation('malformed_action', 'drugs is true or absent');
        const p = drugsProblem(u, a.lastStand === true);
        if (p) return p;
      }
      if (a.with !== undefined) return pairProblem(s, u, a.with);
      return null;
    }
    case 'order':
      return orderProblem(s, a);
    case 'opportunity': {
      if (a.type !== 'opportunity') return violation('wrong_action', 'answer with {type:"opportunity", unit: id | null}');
      if (a.unit === null) return null;
      const mover = s.units.find((x) => x.id === s.interrupted!.unit)!;
      if (!opportunityFirers(s, mover).some((u) => u.id === a.unit)) return violation('not_eligible', `${a.unit} may not take opportunity fire at ${mover.id}: it needs to be unactivated and have the mover among its fire-priority targets (§7.18)`);
      return null;
    }
    case 'inspire': {
      if (a.type !== 'inspire') return violation('wrong_action', 'answer with {type:"inspire", unit, effect, moves?} or unit null (§5.1)');
      const shape = pathsShape(a.moves);
      if (shape) return shape;
      return inspireProblem(s, seat as Side, a);
    }
    case 'react': {
      if (a.type !== 'react') return violation('wrong_action', 'answer with {type:"react", unit} or unit null to let it pass (§5.1)');
      const shape = pathsShape(a.moves);
      if (shape) return shape;
      if (a.unit === null) return null;
      const to = s.units.find((x) => x.id === s.cards!.react!.to)!;
      if (!reactors(s, to).some((u) => u.id === a.unit)) return violation('not_eligible', `${a.unit} may not react to ${to.id}: it needs LOS and range to it and to be able to fire (§5.1)`);
      const r = s.units.find((x) => x.id === a.unit)!;
      if (a.heading !== undefined && (!isVehicle(r) || !a.moves.length)) return violation('malformed_action', 'heading is a vehicle\'s, with its reaction move (§5.1)');
      return a.moves.length ? reactMoveProblem(s, r, to, a.moves, a.heading) : null;
    }
    case 'cooler': {
      if (a.type !== 'cooler') return violation('wrong_action', 'answer with {type:"cooler", unit, target} or unit null to pass (§5.1)');
      if (a.unit === null) return null;
      const u = coolerFirers(s, seat as Side).find((x) => x.id === a.unit);
      if (!u) return violation('not_eligible', `${a.unit} may not fire after the Plasma Cooler: only units of yours that have not activated this turn, with a target within short range (§5.1)`);
      if (!coolerTargets(s, u).some((t) => t.id === a.target)) return violation('out_of_short_range', `${a.target} is not a target ${u.id} can see within short range (the close band, §5.1 [P])`);
      return null;
    }
    case 'arrange': {
      if (a.type !== 'arrange') return violation('wrong_action', 'answer with {type:"arrange", places: [{fig, at}]} (no places: keep the automatic arrangement) (§7.6)');
      return arrangeProblem(s, s.units.find((x) => x.id === s.landing!.unit)!, s.landing!, a.places);
    }
    case 'lucky': return luckyProblem(s, a);
    case 'motivator':
      if (a.type !== 'motivator' || typeof a.reroll !== 'boolean') return violation('wrong_action', 'answer with {type:"motivator", reroll: true|false} (§2.7)');
      return null;
    case 'commandReroll':
      if (a.type !== 'commandReroll' || typeof a.reroll !== 'boolean') return violation('wrong_action', 'answer with {type:"commandReroll", reroll: true|false} (§2.5 Command Vehicle, §2.6 HQ)');
      return null;
    case 'harm': {
      if (a.type !== 'harm' || typeof a.fig !== 'string') return violation('wrong_action', 'answer with {type:"harm", fig} (§7.22)');
      const t = s.units.find((x) => x.id === s.harm!.target)!;
      return living(t).some((f) => f.id === a.fig) ? null : violation('not_a_figure', `${a.fig} is not a living figure of ${t.id}`);
    }
    case 'elusive': {
      if (a.type !== 'elusive') return violation('wrong_action', 'answer with {type:"elusive", moves} (no moves: stay) (§2.6)');
      const shape = pathsShape(a.moves);
      if (shape) return shape;
      const e = s.elusive!;
      const t = s.units.find((x) => x.id === e.target)!;
      const r = elusiveMoveProblem(s, t, a.moves);
      if (!('end' in r)) return r;
      if (e.stage === 'before' && r.end.size) {
        // The shooter's order, declared whole, must still be possible with the target moved (its fire is checked after).
        const c = copyJson(s);
        const ct = c.units.find((x) => x.id === t.id)!;
        for (const f of ct.figures) { const p = r.end.get(f.id); if (p) f.at = [p[0], p[1]]; }
        const rest = e.action.type === 'engage' ? (({ aimed: _a, ...x }) => ({ ...x, target: null }))(e.action) : e.action.type === 'command' ? { ...e.action, target: null } : e.action;
        const p = orderProblem(c, rest);
        if (p) return violation('elusive_blocks_order', `this fall back would make the shooter's declared order impossible: ${p.message}`);
      }
      return null;
    }
    case 'retarget': {
      if (a.type !== 'retarget') return violation('wrong_action', 'answer with {type:"retarget", target: id | null} (§2.6)');
      if (a.target === null) return null;
      const e = s.elusive!;
      return retargetProblem(s, s.units.find((x) => x.id === e.shooter)!, e.action, a.target, e.weapon?.index);
    }
    case 'control': {
      if (a.type !== 'control') return violation('wrong_action', 'answer with {type:"control", moves}');
      const shape = pathsShape(a.moves);
      if (shape) return shape;
      const g = s.units.find((x) => x.id === s.controlGroup)!;
      const r = moveProblem(s, g, a.moves, { mode: 'rush', allowance: 1200, exitFor: seat as Side });
      return 'end' in r ? null : r;
    }
  }
  return violation('unknown_decision', dec.kind);
}

function candidates(s: S, seat: Seat, dec: OpenDecision): { actions: Action[]; all: boolean } {
  if (dec.seat !== seat) return { actions: [], all: true };
  switch (dec.kind) {
    case 'reveal': {
      const u = s.units.find((x) => x.id === s.reveal!.unit)!;
      const acts: Action[] = [{ type: 'reveal', real: false }];
      if (!revealProblem(s, u, s.reveal!.marker)) acts.unshift({ type: 'reveal', real: true });
      return { actions: acts, all: true };
    }
    case 'spot': return { actions: spotCandidates(s), all: true };
    case 'deploy': return { actions: deployCandidates(s, seat as Side), all: false };
    case 'infiltrate': return { actions: [{ type: 'infiltrate', unit: null, moves: [] }], all: false };
    case 'withdraw': return { actions: withdrawCandidates(s, seat as Side), all: false };
    case 'lullHide': return { actions: [{ type: 'lullHide', units: [] }, ...hideable(s, seat as Side).slice(0, 6).map((u) => ({ type: 'lullHide' as const, units: [u.id] }))], all: false };
    case 'minefield': return { actions: minefieldCandidates(s, seat as Side).map((m) => ({ type: 'minefield' as const, ...m })), all: false };
    case 'initiative': return { actions: [{ type: 'initiative', first: true }, { type: 'initiative', first: false }], all: true };
    case 'activate': {
      const units = activatable(s, seat as Side);
      const stand = s.lastStandUsed?.[seat as Side] ? [] : units.filter((u) => !u.lastStand && !u.reserve).map((u) => ({ type: 'activate' as const, unit: u.id, lastStand: true }));
      const paired = [...units.map((u) => ({ type: 'activate' as const, unit: u.id })), ...stand].flatMap((a) => pairOptions(s, s.units.find((x) => x.id === a.unit)!).map((w) => ({ ...a, with: w })));
      // Combat Drugs, once per unit (§2.6).
      const drugged = units.filter(drugsReady).map((u) => ({ type: 'activate' as const, unit: u.id, drugs: true }));
      return { actions: [...units.map((u) => ({ type: 'activate' as const, unit: u.id })), ...stand, ...drugged, ...paired], all: true };
    }
    case 'order': {
      const u = s.units.find((x) => x.id === s.active)!;
      if (u.reserve) return { actions: [{ type: 'engage', moves: [], target: null, fireFirst: true }, ...dropCandidates(s, u).map((at) => ({ type: 'drop' as const, at }))], all: false };
      if (isVehicle(u)) return { actions: driveCandidates(s, u), all: false };
      // Fire at a vehicle needs AT-capable weapons (§2.3): drop the sampled shots that have none.
      const vehicleShot = (a: Action) => a.type === 'engage' && !!a.target && isVehicle(s.units.find((x) => x.id === a.target)!) && !!orderProblem(s, a);
      const boarding = u.disembarking ? [] : boardCandidates(s, u).filter((a) => !orderProblem(s, a));
      return { actions: [...berserkCandidates(s, u, orderCandidates(s, u)).filter((a) => !vehicleShot(a) && (!u.disembarking || !disembarkedOrderProblem(u, a)) && !bunkerExitProblem(s, u, a)), ...boarding], all: false };
    }
    case 'opportunity': return { actions: [{ type: 'opportunity', unit: null }, ...opportunityFirers(s, s.units.find((x) => x.id === s.interrupted!.unit)!).map((u) => ({ type: 'opportunity' as const, unit: u.id }))], all: true };
    case 'control': return { actions: controlCandidates(s, s.units.find((x) => x.id === s.controlGroup)!, seat as Side), all: false };
    case 'motivator': return { actions: [{ type: 'motivator', reroll: true }, { type: 'motivator', reroll: false }], all: true };
    case 'lucky': return { actions: luckyCandidates(s), all: true };
    case 'commandReroll': return { actions: [{ type: 'commandReroll', reroll: true }, { type: 'commandReroll', reroll: false }], all: true };
    case 'inspire': return { actions: [{ type: 'inspire', unit: null, moves: [] }, ...inspired(s, seat as Side).flatMap((u) => [
      { type: 'inspire' as const, unit: u.id, effect: 'passMorale' as const, moves: [] },
      // Move 3" toward the enemy, away or to cover (§5.1).
      ...shortMoves(s, u, INSPIRED_MOVE, (moves) => !inspireProblem(s, seat as Side, { unit: u.id, effect: 'move', moves })).map((moves) => ({ type: 'inspire' as const, unit: u.id, effect: 'move' as const, moves })),
      ...(u.underFire ? [{ type: 'inspire' as const, unit: u.id, effect: 'removeUnderFire' as const, moves: [] }] : []),
      ...(woundRules(s) && untreated(u).length ? [{ type: 'inspire' as const, unit: u.id, effect: 'recoverWounded' as const, moves: [] }] : []),
    ])], all: false };
    case 'react': {
      // Fire at the drawn unit, or a normal move directly towards it, to cover or directly away (§5.1).
      const to = s.units.find((x) => x.id === s.cards!.react!.to)!;
      return { actions: [{ type: 'react', unit: null, moves: [] }, ...reactors(s, to).flatMap((u) => [
        { type: 'react' as const, unit: u.id, moves: [] },
        // A vehicle's reaction move is a Cautious drive towards the drawn unit or away from it [P] (rules/vehicles.ts).
        ...(isVehicle(u)
          ? reactionDriveCandidates(s, u, to, (moves, heading) => !reactMoveProblem(s, u, to, moves, heading)).map((c) => ({ type: 'react' as const, unit: u.id, ...c }))
          : shortMoves(s, u, moveAllowance(s, u, 'move'), (moves) => !reactMoveProblem(s, u, to, moves), to).map((moves) => ({ type: 'react' as const, unit: u.id, moves }))),
      ])], all: false };
    }
    case 'cooler': return { actions: [{ type: 'cooler', unit: null, target: null }, ...coolerFirers(s, seat as Side).flatMap((u) => coolerTargets(s, u).map((t) => ({ type: 'cooler' as const, unit: u.id, target: t.id })))], all: true };
    case 'arrange': return { actions: [{ type: 'arrange', places: [] }, ...arrangeCandidates(s, s.units.find((x) => x.id === s.landing!.unit)!, s.landing!)], all: false };
    case 'harm': return { actions: living(s.units.find((x) => x.id === s.harm!.target)!).map((f) => ({ type: 'harm' as const, fig: f.id })), all: true };
    case 'elusive': return { actions: elusiveCandidates(s, s.units.find((x) => x.id === s.elusive!.target)!, s.units.find((x) => x.id === s.elusive!.shooter)!), all: false };
    case 'retarget': {
      const e = s.elusive!;
      return { actions: [{ type: 'retarget', target: null }, ...retargets(s, s.units.find((x) => x.id === e.shooter)!, e.action, e.weapon?.index).map((id) => ({ type: 'retarget' as const, target: id }))], all: true };
    }
  }
  return { actions: [], all: true };
}

/** Cautious defaults: go first, the first unit in list order, hold (or the first legal fall-back), the group stays. */
function defaultAction(s: S, dec: OpenDecision): Action {
  switch (dec.kind) {
    case 'deploy': return { type: 'deploy', placements: [] };
    case 'infiltrate': return { type: 'infiltrate', unit: null, moves: [] };
    case 'spot': return defaultSpot(s);
    case 'withdraw': return defaultWithdraw(s, dec.seat as Side);
    case 'lullHide': return { type: 'lullHide', units: [] };
    case 'minefield': {
      const c = minefieldCandidates(s, dec.seat as Side)[0];
      return c ? { type: 'minefield', ...c } : { type: 'minefield', markers: [[0, 0], [s.table.w, 0], [0, s.table.h]], real: 1, mine: 'ap' };
    }
    case 'initiative': return { type: 'initiative', first: true };
    case 'activate': return { type: 'activate', unit: activatable(s, dec.seat as Side)[0].id };
    case 'control': return { type: 'control', moves: [] };
    case 'opportunity': return { type: 'opportunity', unit: null };
    case 'cooler': return { type: 'cooler', unit: null, target: null };
    case 'react': return { type: 'react', unit: null, moves: [] };
    case 'inspire': return { type: 'inspire', unit: null, moves: [] };
    case 'elusive': return { type: 'elusive', moves: [] };
    // Drop troops keep the automatic arrangement round the landing point (§7.6).
    case 'arrange': return { type: 'arrange', places: [] };
    // A rout is re-rolled; a fall back is kept for a worse day.
    case 'motivator': return { type: 'motivator', reroll: (s.units.find((x) => x.id === s.active)?.moraleHeld ?? 0) === 0 };
    case 'lucky': return luckyDefault(s);
    // A failed Command Response is re-rolled by default (§2.5).
    case 'commandReroll': return { type: 'commandReroll', reroll: true };
    case 'harm': {
      // The least valuable figure: a small-arms trooper, not the leader or a support weapon.
      const figs = living(s.units.find((x) => x.id === s.harm!.target)!);
      return { type: 'harm', fig: (figs.find((f) => !f.leader && !f.support && !f.character && !f.psi) ?? figs[figs.length - 1]).id };
    }
    case 'retarget': return { type: 'retarget', target: null };
    case 'reveal': return { type: 'reveal', real: !revealProblem(s, s.units.find((x) => x.id === s.reveal!.unit)!, s.reveal!.marker) };
    default: {
      const u = s.units.find((x) => x.id === s.active)!;
      if (isVehicle(u)) return { type: 'drive', speed: 'stationary', path: [], heading: u.vehicle!.heading, fire: [] };
      if (u.hidden) return { type: 'markers', moves: [] };
      if (u.reserve) return { type: 'engage', moves: [], target: null, fireFirst: true };
      if (u.berserkNow === s.turn) { const c = berserkCandidates(s, u, orderCandidates(s, u))[0]; if (c?.type === 'assault') return c; }
      if (recalled(s, u)) return recallAction(s, u) ?? { type: 'engage', moves: [], target: null, fireFirst: true };
      if (!u.fallingBack || fallBackBlocked(s, u)) return { type: 'engage', moves: [], target: null, fireFirst: true };
      return orderCandidates(s, u)[0];
    }
  }
}

/** The sealed deployment group (§4.2): both commits validated, then placed and revealed together. */
function applySealed(s0: S, e: Extract<Entry<Action>, { kind: 'sealed' }>, ctx: { seq: number; rng: Rng }): Step<S> | Violation {
  const decs = pending(s0).filter((d) => d.group?.id === e.group);
  if (!decs.length) return violation('group_not_open', e.group);
  for (const d of decs) {
    const a = e.commits[d.seat];
    if (!a) return violation('commit_missing', `seat ${d.seat}`);
    const v = validate(s0, d.seat, d, a);
    if (v) return v;
  }
  const s = copyJson(s0);
  const run = new Run(ctx.rng);
  applyDeployment(s, run, e.commits as Record<Side, DeployAction>);
  afterDeployment(s, run);
  return { state: s, events: run.ev };
}

function apply(s0: S, e: Entry<Action>, ctx: { seq: number; rng: Rng }): Step<S> | Violation {
  if (e.kind === 'resign') return resign(s0, e.seat);
  if (e.kind === 'sealed') return applySealed(s0, e, ctx);
  const answered = answeredDecision(s0, e, pending, validate);
  if (isViolation(answered)) return answered;
  const { action: a } = answered;
  const s = copyJson(s0);
  const run = new Run(ctx.rng);
  switch (a.type) {
    case 'initiative': chooseOrder(s, run, a.first); break;
    case 'reveal': applyReveal(s, run, a.real); break;
    case 'hide': case 'markers': case 'unhide': applyHiddenOrder(s, run, s.units.find((x) => x.id === s.active)!, a); break;
    case 'minefield': applyMinefield(s, run, s.toAct, a.markers, a.real, a.mine); break;
    case 'infiltrate': if (!applyInfiltrate(s, run, s.toAct, a)) afterInfiltration(s, run); break;
    case 'withdraw': if (!applyWithdraw(s, run, s.toAct, a)) afterLull(s, run); break;
    case 'lullHide': if (!applyLullHide(s, run, s.toAct, a)) afterLull(s, run); break;
    case 'spot': applySpot(s, run, a); break;
    case 'activate':
      // A new activation decision: any earlier pairing is over (§2.6).
      delete s.pairNext;
      if (a.with !== undefined) s.pairNext = { after: a.unit, unit: a.with };
      activate(s, run, s.units.find((x) => x.id === a.unit)!, a.lastStand === true, a.drugs === true);
      break;
    case 'control': applyControl(s, run, a.moves); break;
    case 'opportunity': applyOpportunity(s, run, a.unit); break;
    case 'cooler': applyCoolerFire(s, run, a.unit, a.target); break;
    case 'react': applyReact(s, run, a.unit, a.moves, a.heading); break;
    case 'inspire': applyInspire(s, run, a); break;
    case 'elusive': applyElusive(s, run, a.moves); break;
    case 'harm': applyHarm(s, run, a.fig); break;
    case 'motivator': applyMotivator(s, run, a.reroll); break;
    case 'lucky': applyLucky(s, run, a.die); break;
    case 'commandReroll': applyCommandReroll(s, run, a.reroll); break;
    case 'drop': applyDrop(s, run, s.units.find((x) => x.id === s.active)!, a.at); break;
    case 'arrange': applyArrange(s, run, a.places); break;
    case 'retarget': applyRetarget(s, run, a.target); break;
    default: applyOrder(s, run, s.units.find((x) => x.id === s.active)!, a);
  }
  return { state: s, events: run.ev };
}

function resign(s0: S, seat: Seat): Step<S> {
  const s = copyJson(s0);
  const run = new Run(null);
  finish(s, run, { winners: [seat === 0 ? 1 : 0], draw: false, reason: `concession by side ${seat} (§9 item 2)` });
  return { state: s, events: run.ev };
}

const FIELD_ORDER = ['type', 'marker', 'by', 'unit', 'lastStand', 'first', 'reroll', 'die', 'at', 'fig', 'target', 'bunker', 'sentry', 'exitBunker', 'jump', 'fireFirst', 'psionic', 'aimed', 'blast', 'smoke', 'indirect', 'scout', 'callFire', 'task', 'effect', 'attach', 'detach', 'demolition', 'markers', 'real', 'mine', 'speed', 'path', 'heading', 'fire', 'moves'];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Field by field over the sampled candidates; `moves` is a point field with the allowance as a region hint. */
function choices(s: S, seat: Seat, dec: OpenDecision, partial: unknown): Choice {
  const p = (partial ?? {}) as Record<string, unknown>;
  const all = candidates(s, seat, dec).actions as unknown as Record<string, unknown>[];
  // Optional fields (rules/optional-fields.ts) are not matched: their values need not be among the sampled candidates.
  const match = all.filter((a) => Object.entries(p).every(([k, v]) => k === 'moves' || isOptionalField(k) || same(a[k], v)));
  const field = FIELD_ORDER.find((f) => !(f in p) && !isOptionalField(f) && match.some((a) => f in a));
  if (field === 'moves' && p.type === 'markers') {
    const u = s.units.find((x) => x.id === s.active);
    return { field: 'moves', point: { region: { kind: 'allowance', markers: (u?.hidden?.markers ?? []).map((m) => ({ marker: m.n, at: m.at, radius: 600 })), table: s.table } } };
  }
  if (field === 'moves' && dec.kind !== 'activate') {
    if (dec.kind === 'elusive') {
      const t = s.units.find((x) => x.id === s.elusive?.target);
      return { field: 'moves', point: { region: { kind: 'allowance', figures: t ? living(t).map((f) => ({ fig: f.id, at: f.at, radius: ELUSIVE_MOVE })) : [], table: s.table } } };
    }
    const u = s.units.find((x) => x.id === (dec.kind === 'control' ? s.controlGroup : s.active));
    const mode = p.type === 'rush' ? 'rush' : p.type === 'assault' ? 'assault' : 'move';
    const jump = u && (p.jump === 'leap' || p.jump === 'bound') ? jumpLimits(s, u) : null;
    const radius = (x: Unit) => (dec.kind === 'control' ? 1200 : jump ? (p.jump === 'leap' ? jump.leap : jump.boundTotal) : moveAllowance(s, x, mode));
    return {
      field: 'moves',
      point: { region: { kind: 'allowance', figures: u ? living(u).map((f) => ({ fig: f.id, at: f.at, radius: radius(u) })) : [], table: s.table } },
    };
  }
  if (!field) {
    if (!match.length && all.length) return { field: 'type', oneOf: [] };
    // The optional fields of this action type: with, board, carry, disembark, shock, scoot, land, recover, task.
    const unit = s.units.find((x) => x.id === (p.type === 'activate' ? p.unit : s.active));
    const optional = optionalChoice(s, unit, p, match);
    return optional ? { done: true, optional } : { done: true };
  }
  const options = [...new Map(match.filter((a) => field in a).map((a) => [JSON.stringify(a[field]), a[field]])).values()];
  return { field, oneOf: options.map((value) => ({ value, label: typeof value === 'object' ? JSON.stringify(value) : String(value) })) };
}

const ordersSchema = {
  type: 'object', additionalProperties: false,
  description: 'standing orders for Opportunity Fire windows (§10): overwatch or hold fire',
  properties: {
    overwatch: { type: 'integer', minimum: 0, maximum: 7200, description: 'fire with the first eligible unit when the mover ends within this many hundredths of an inch of it' },
    holdFire: { const: true, description: 'never take opportunity fire' },
  },
};

/** Public facts only: the window lists its eligible units in `exposes`. */
function covers(_pub: View, d: PublicDecision, o: StandingOrder): boolean {
  const r = (o.rule ?? {}) as { overwatch?: unknown; holdFire?: unknown };
  return d.kind === 'opportunity' && (typeof r.overwatch === 'number' || r.holdFire === true);
}

function answer(own: View, d: Decision, o: StandingOrder): Action {
  const r = (o.rule ?? {}) as { overwatch?: number };
  if (typeof r.overwatch !== 'number') return { type: 'opportunity', unit: null };
  const s = own as S;
  const mover = s.units.find((x) => x.id === s.interrupted?.unit);
  if (!mover) return { type: 'opportunity', unit: null };
  const near = opportunityFirers(s, mover).find((u) => living(u).some((f) => living(mover).some((g) => edgeDistance(f.at, f.r, g.at, g.r) <= r.overwatch!)));
  void d;
  return { type: 'opportunity', unit: near?.id ?? null };
}

export const fastAndDirty: Ruleset<S, Action, View> = {
  id: 'fast-and-dirty',
  // 0.3.6: a Cavalry character (§2.8, "for armour") joins a vehicle by boarding it as its commander
  // [P]: any friendly vehicle, no transport place, one per vehicle, out in the vehicle's order; the
  // vehicle adds his Leadership to its Fire Effect rolls (before, the branch matched nothing).
  // Bots only (no rule): evaluate values each side's figures closing in on Hold the Line's objective.
  // 0.3.5: a vehicle's reaction move (Reaction card) is a Cautious drive without fire (its terrain,
  // bogging, mines, a final heading), no longer a figure's 6" Move; sampled towards and away.
  // 0.3.4: a charge out of a bunker is a close assault after disembarking (assault {exitBunker},
  // set down, then the charge from there); an ordinary charge out of a bunker is refused. The
  // sampled orders add leaving a bunker, the Scout and Recon's pair, a Huge team's fire on the move,
  // the reaction and Inspiration moves (bots' and random play's games change with them). Droid
  // Troopers are Relentless unless given selfPreservation; a falling-back unit ignores Aggressive.
  // 0.3.3: Lucky's re-roll on the mover's save and defence dice against mines met by a Reaction
  // card's move, an Inspiration's move or an Elusive fall back; carrying wounded allowed with
  // variable movement (the carriers at half the roll, the carried set down beside them) and sampled
  // there and on a Bound; mines met by the automatic fall backs (close assault, Lull) and the Lull's
  // withdrawals, with Lucky's window on the mover's mine dice there.
  // 0.3.2: Lucky's re-roll at more rolls (a vehicle's fire at a Lucky unit, a Hero's shot, a sniper's
  // hit, saves and defence dice against blasts, aimed shots and mines, the Squad damage defence roll,
  // strike timing and accuracy, the penetration results roll, card-sequence fire, charges through
  // mines or at a vehicle); an attached character standing aside from his squad's shot (a Hero
  // firing on his own, a busy caller) is no longer killed by its casualties; carrying wounded is
  // sampled on more moves.
  // 0.3.1: Lucky's re-roll offered at more of the rolls inside an order (fire at vehicles, bunkers
  // and guns and their penetration, weapon FE dice, blasts and mortars, kill and revenge dice, the
  // defensive free shot, the Intruder's test, charges; as a target saves, defence dice, crossfire,
  // future shock).
  // 0.3.0: sentry guns, night dummy markers, every trait, mines halting the mover, Lucky's re-roll
  // inside orders, building rooms. 0.2.0: wounds, vehicles, card sequences, tasks, generation, the
  // drop arrangement decision and the morale roll split into roll and outcome. An older game replays
  // under the installed version with its hash chain checked (GameService: 409 ruleset_diverged where
  // a changed rule gives another state).
  version: '0.3.6',
  title: 'Fast and Dirty 5th ed.',
  actionSchema,
  players: { min: 2, max: 2 },
  scenarios: CONTENT.scenarios.map((sc) => ({
    id: sc.id, title: sc.title, players: 2,
    notes: {
      number: sc.number, provisional: true, dataset: CONTENT.dataset, turnLimit: sc.turnLimit, victory: sc.victory.kind,
      points: sc.points, seats: 'seat 0: side A (home edge y = 0); seat 1: side B', ...(sc.notes ? { note: sc.notes } : {}),
    },
  })),
  optionsSchema: {
    type: 'object', additionalProperties: false,
    properties: {
      turnLimit: { type: 'integer', minimum: 1, maximum: 30, description: 'turn limit (§9 item 1); default from the scenario' },
      passiveDamage: { type: 'boolean', default: false, description: 'Option: the defender always counts as rolling 3 (§6.5, checklist #106)' },
      squadDamage: { type: 'boolean', default: false, description: 'Option: one attack and one defender roll per volley (§6.5, checklist #107)' },
      losingHeart: { type: 'boolean', default: false, description: 'Option: at 50% / 75% of units eliminated every unit drops one Resolve level (§6.13, checklist #109)' },
      seizeInitiative: { type: 'boolean', default: false, description: 'Option: 6 against 1 on initiative gives one extra activation (§5.1, checklist #98)' },
      variableMovement: { type: 'boolean', default: false, description: 'Option: declare the destination, then roll Move 1D6+2 / Rush 2D6+4 (Elite best of two); figures stop where the roll runs out (§6.2, checklist #103)' },
      pinning: { type: 'boolean', default: false, description: 'module Pinning: an FE total above the fire tolerance (10/12/14/16 by Quality) pins an infantry squad (§7.19, checklist #41)' },
      squadLos: { type: 'boolean', default: false, description: 'Option: LOS and range from the squad centre, the midpoint of its longest axis (§6.4, checklist #104)' },
      opportunityFire: { type: 'boolean', default: false, description: 'module Opportunity Fire: after an enemy move, an unactivated unit may give up its activation to fire at the mover (§7.18, checklist #58; one window at the end point of the move)' },
      pds: {
        type: 'object', additionalProperties: false, description: 'point-defence systems per side (§7.25, checklist #66): an enemy blast round aimed within 6" of one, or an RPG hit (AMAW) on a vehicle of its side within 6", is destroyed on 1D6 ≥ its success number (antiquated 6, modern 5, enhanced 4, advanced 3; placeholders)',
        properties: Object.fromEntries(['0', '1'].map((k) => [k, { type: 'array', maxItems: 4, items: { type: 'object', additionalProperties: false, required: ['at'], properties: { at: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0, maximum: 20000 } }, level: { enum: ['antiquated', 'modern', 'enhanced', 'advanced'] } } } }])),
      },
      sentryGuns: sentryOptionSchema,
      lull: { type: 'boolean', default: false, description: 'module Lull in the fight: both initiative dice 1 (after turn 1; with a card sequence, 1 on 1D6 when a card turn ends): units within 12" of the enemy withdraw a Move away, wounded roll to recover, stabilized go to the rear, lost artillery back on 5+, lost support weapons on 6; then, with Hidden movement, units out of enemy LOS may hide with no roll; then initiative again or the next deck (§7.14, §5.1, checklist #69; withdrawals and hiding are the players\' decisions)' },
      recoverWounded: { type: 'boolean', default: false, description: 'module Recover Wounded: a damage margin of 0-2 wounds (Hostile atmosphere 0-1, vacuum 0 unless self-sealing), wounded figures are out of action and count as casualties until stabilized; Command sub-action Recover Wounded (§7.23, §6.5, checklist #42-#43)' },
      commandDisruption: { type: 'boolean', default: false, description: 'module Command Disruption: a squad whose leader an attack kills is Pinned instead of Under Fire (§7.2, checklist #40)' },
      blastScatter: { type: 'boolean', default: false, description: 'Option Scatter for blast shots: no ranging test, the point always scatters 1D6 / 1D6+2 / 1D6+4 at close / medium / long range in a random direction (§6.7, checklist #108)' },
      hiddenMovement: { type: 'boolean', default: false, description: 'module Hidden movement: a unit out of enemy LOS may hide (1D6) as 3 markers moving 6" each; spotted markers are revealed, real or dummy (§7.10, checklist #49-#50)' },
      artillery: {
        type: 'object', additionalProperties: false, description: 'off-board artillery sections per side, weapon ids of indirect weapons: blasts (lightMortar, heavyMortar), or non-blast with an AT rating, whose strike hits the one vehicle or sentry gun at the point (§7.11 [P]); one strike call each per turn, called by characters and squad leaders (§7.11, checklist #52)',
        properties: { 0: { type: 'array', maxItems: 4, items: { type: 'string' } }, 1: { type: 'array', maxItems: 4, items: { type: 'string' } } },
      },
      minefields: {
        type: 'object', additionalProperties: false, description: 'module Mines: minefields each side places before the first turn, 3 markers each, one secretly real (§7.15, checklist #65)',
        properties: { 0: { type: 'integer', minimum: 0, maximum: 3 }, 1: { type: 'integer', minimum: 0, maximum: 3 } },
      },
      atmosphere: {
        type: 'object', additionalProperties: false, description: 'module Atmospheric conditions, per side (§7.1, checklist #44): vacuum gives every range multiplier +1 (lasers then ×2, A41), stops flame weapons and smoke; hostile changes nothing without the wound rules',
        properties: { 0: { enum: ['standard', 'hostile', 'vacuum'] }, 1: { enum: ['standard', 'hostile', 'vacuum'] } },
      },
      gravity: { enum: ['standard', 'low', 'high'], default: 'standard', description: 'module Gravity (§7.8, checklist #45): infantry Move +2" low / −2" high; jump-pack leaps and bounds ×2 / ×½; heavy-projectile weapons (grenade launchers, missile launchers, RPGs) range ×2 / ×½' },
      commandResponse: { type: 'boolean', default: false, description: 'module Command Response (§7.3, checklist #47): a squad or team activating Under Fire, Pinned or within 10" of an enemy tests 1D6 (−1 casualties since its last activation, −1 leader lost, +1 character, −1 night) against its Quality target; on failure it Moves only to better cover, Rushes only away and may not assault' },
      noComms: {
        type: 'object', additionalProperties: false, description: 'module Communications, sides without communications (§7.4, checklist #48): each of their squads and teams within 24" of enemy troops takes a Command Response test at activation, at −1 when a normal trigger applies',
        properties: { 0: { type: 'boolean' }, 1: { type: 'boolean' } },
      },
      comms: {
        type: 'object', additionalProperties: false, description: 'module Communications (§7.4, checklist #48): comms equipment rating per side, 0 (none: the side plays jammed) to 4; unrated counts 1 against enemy jamming [P]',
        properties: { 0: { type: 'integer', minimum: 0, maximum: 4 }, 1: { type: 'integer', minimum: 0, maximum: 4 } },
      },
      jamming: {
        type: 'object', additionalProperties: false, description: 'module Communications (§7.4, checklist #48): jamming gear rating per side, 1-4; it jams the enemy side when at least the enemy\'s comms rating ([P]: the book gives no procedure), and a jammed side plays without communications',
        properties: { 0: { type: 'integer', minimum: 1, maximum: 4 }, 1: { type: 'integer', minimum: 1, maximum: 4 } },
      },
      antiAircraft: {
        type: 'object', additionalProperties: false, description: 'drop troops (§7.6, checklist #61): each side\'s anti-aircraft density against enemy drops, rolling 2 / 3 / 4 kill dice (5+ kills a landing figure); at least light',
        properties: { 0: { enum: ['light', 'moderate', 'heavy'] }, 1: { enum: ['light', 'moderate', 'heavy'] } },
      },
      aliens: {
        type: 'object', additionalProperties: false, description: 'scenario setting Alien races (§4.1): the sides whose troops count as alien; Bug Hunter units get +1 to Fire Effect and close assault against them (§2.6)',
        properties: { 0: { type: 'boolean' }, 1: { type: 'boolean' } },
      },
      night: { type: 'boolean', default: false, description: 'module Night fighting (§7.16, checklist #46): every range multiplier at most X2 (night-vision units unrestricted within 20"), pinning threshold −2; with hiddenMovement units hide with no roll, a spotted marker is settled by the spotter\'s Quality test (the spotting side picks the marker), and each side rolls 1D6 dummy markers placed with its deployment, which the enemy cannot tell from a unit\'s markers (§7.10 p.34, §4.2)' },
      techAdvanced: {
        type: 'object', additionalProperties: false, description: 'scenario setting Tech level (§4.1, §2.6 Primitive, checklist #73): the sides whose units count as technologically advanced against Primitive units; when absent, every unit without the Primitive trait does [P]',
        properties: { 0: { type: 'boolean' }, 1: { type: 'boolean' } },
      },
      tasks: taskOptionSchema,
      ...cardOptionSchema,
      generate: generateOptionSchema,
      crossfires: { type: 'boolean', default: false, description: 'Option Crossfires (§7.19, checklist #110): a unit fired upon from opposite directions (bearings at least 135° apart at its centre) in one turn tests Quality on 1D6; on a failure the second attack pins it' },
      platoonCoherency: platoonOptionSchema,
      sealedDeployment: deployOptionSchema,
      vehicleFormations: { type: 'boolean', default: false, description: 'Option Vehicle Formations (§5.4, checklist #111): vehicles of a side sharing a force-list `formation` label keep 12" coherency (hull to hull); while one is not coherent only one of its vehicles may move each turn, though each may fire' },
      hitAllocation: { enum: ['closest', 'random'], default: 'closest', description: 'hit allocation: closest visible figures (default) or random (§6.4, checklist #105)' },
      forces: {
        type: 'object', additionalProperties: false, description: "each side's own force list (§2.9 points, infantry only); the scenario's forces when absent",
        properties: { 0: { type: 'array' }, 1: { type: 'array' } },
      },
    },
  },
  setup(p, ctx) {
    const run = new Run(ctx.rng);
    const s = setupState(p, run);
    if ('code' in s) return s;
    return { state: s, events: run.ev };
  },
  pending,
  candidates: (s, seat, dec) => candidates(s, seat, dec),
  validate,
  apply,
  defaultAction,
  view: viewOf,
  result: (s): Result | null => s.result,
  determinize: (v, _seat, rng) => determinizeView(v, rng),
  choices,
  query,
  ordersSchema,
  covers,
  answer,
  evaluate,
  // Long random rollouts drown evaluate's signal and cost most of the budget (candidates run
  // per-figure LOS): measured on firefight, 300 ms, 6 games against greedy: rollout 25 scored
  // 33% (0 wins, 4 draws), rollout 0 scored 67% (2 wins, 4 draws); docs/games/fast-and-dirty.md.
  botHints: { mcts: { rolloutDepth: 0 } },
  resign: (s, seat) => resign(s, seat),
  label,
  describe,
  render,
  position: fastAndDirtyPosition,
  scenarioData: (id) => {
    const sc = CONTENT.scenarios.find((x) => x.id === id);
    return sc ? { scenario: sc, map: CONTENT.maps[sc.map], weapons: CONTENT.weapons, armour: CONTENT.armour } : null;
  },
};
