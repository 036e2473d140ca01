// Setup (§4), the Standard turn sequence (§5.1), activations (§5.2-§5.3), end of turn (§5.5)
// and victory (§9, scenario conditions §4.3).
import { Value } from '@sinclair/typebox/value';
import { dist, edgeDistance, inside, overlaps, toward, type Pt } from '../../../engine/mech/geom2d.js';
import { coherencyDistance, inImpassable, pathCost } from '../geometry.js';
import { violation, type Result, type SeatInfo, type Violation } from '../../../engine/types.js';
import { buildUnit, CONTENT, ForceList, forceProblem, scenarioDef, terrainOf, victoryOf, type UnitSpec } from '../content.js';
import { firePlan, priorityTargets, underFireRushProblem, type Positions } from '../legal.js';
import { QUALITY_TABLE, casualties, inPlay, living, other, troops, type Action, type FallBackStep, type LuckyResume, type Options, type S, type Side, type Unit } from '../state.js';
import { attach, attachTeam, detach } from './characters.js';
import { checkMines, continueMines, pathsOf, placeMinefield } from './mines.js';
import { artilleryOf, callFire, mortarFire } from './indirect.js';
import { dropMarker, hideAtCentre, markerMovesProblem, moveMarkers, revealAt, spottedMarker, tryHide } from './hidden.js';
import { squadFire, aimedShot, assaultFallBacks, autoFallBack, blastShot, continueAimed, continueBlast, continueBlastHit, continueShot, continueTail, layScreen, resolveAssault, shoot, afterCasualties } from './combat.js';
import { activationTests, afterMoraleDice, moraleOutcome, moraleRoll } from './morale.js';
import { Run, successes } from './run.js';
import { gravityMove } from './environment.js';
import { bunkerHits, bunkerShot } from './fortifications.js';
import { chargeAfterExit } from './bunker-exit.js';
import { placeScout, returnScout } from './scout.js';
import { aidBusy, leaveNoOneBehind, recoverWounded, releaseMedics } from './wounds.js';
import { commandResponse, hesitantTrait, luckyCommandResponse, sideJammed } from './command-response.js';
import { couldImprove, luckyFaces, luckyMay, luckyOpen, luckyUnit, pauseForLucky, pausedAt, settledRoll } from './lucky.js';
import { platoonProblem } from './platoon.js';
import { startDeployment } from './deploy.js';
import { startInfiltration } from './infiltrate.js';
import { lastBoundStarts } from './jump.js';
import { drop, land } from './drop.js';
import { startLull, withdrawn } from './lull.js';
import { collapseIfBuilding } from './collapse.js';
import { harm, invoke, lapse, psionicProblem } from './psionics.js';
import { has, ignoresPinned, markUnderFire, traitMove } from './traits.js';
import { regenerate } from './nlu.js';
import { clearance } from './flyer.js';
import { villainsReturn } from './natures.js';
import { berserkStart } from './berserk.js';
import { hiveLink } from './hivemind.js';
import { detect } from './detection.js';
import { cautiousTrait } from './cautious.js';
import { drugsEnd, takeDrugs } from './drugs.js';
import { exposeAtNight, nextNightSpot, spotChoices, spotMarker, type SpotAction } from './night-spotting.js';
import { nightMarkers, rollDummies } from './night-markers.js';
import { fitForVacuum, vacuumListProblem } from './vacuum.js';
import { applyExtras, blockDeploy, generateForce, generationProblem, type GenerateOption, type Generated } from './generation.js';
import { applyInspiration, applyReaction, applyCooler, coolerDone, reactionDone, cardActivatable, cardMode, dealCards, drawCard } from './cards.js';
import { attemptTask, taskMarkAfterActivation, taskPoints, tasksOf } from './tasks.js';
import { intrude, takeIntruded } from './intruder.js';
import { assaultSentry, clearOfSentries, isSentryId, sentryFire, sentryProblem, sentryPenetrations, sentryShot } from './sentry.js';
import { elusiveMoveProblem, firedUpon, mayElude, retargetProblem, retargets } from './elusive.js';
import { applyDrive, applyReactionDrive, assaultVehicle, buildVehicle, continueVehicleHits, hull, isVehicle, vehicleTests } from './vehicles.js';
import { disembark, embark, handOver } from './transport.js';
import { pairedNext, resolvePairs } from './pairs.js';
import { isVehicleSpec, type VehicleSpec } from '../content.js';
import { startAboard } from './aboard.js';
import { commandRerollDue, commandVehicleOf } from './vehicle-properties.js';
import { hqOf } from './command-traits.js';
import { ignorePainRolls } from './resilience.js';

export const DEFAULT_OPTIONS = {
  turnLimit: 0, variableMovement: false, passiveDamage: false, squadDamage: false, losingHeart: false,
  seizeInitiative: false, hitAllocation: 'closest' as const, opportunityFire: false, pinning: false, squadLos: false,
  commandDisruption: false, hiddenMovement: false, blastScatter: false,
};

/** Module Mines: fields per side, 0-3 (§7.15). */
function minesOption(o: unknown): [number, number] {
  const m = (o ?? {}) as Record<string, unknown>;
  const n = (v: unknown) => (Number.isInteger(v) ? Math.max(0, Math.min(3, v as number)) : 0);
  return [n(m[0] ?? m['0']), n(m[1] ?? m['1'])];
}

/**
 * Default deployment for a custom force list [P]: squads side by side (figures 2.2" apart, 1" between
 * squads) from the left, 3" in from the side's edge, a new row 3" further in when the table is full.
 */
function deployments(s: { table: { w: number; h: number } }, side: Side, specs: (UnitSpec | VehicleSpec)[]): Pt[] {
  const out: Pt[] = [];
  let x = 100, row = 0;
  for (const spec of specs) {
    // A vehicle stands lengthwise toward the enemy: its width in the row, a row deep enough for its length [P].
    const vd = isVehicleSpec(spec) ? CONTENT.vehicles[spec.vehicle] : null;
    const n = vd ? 0 : (spec as UnitSpec).figures.reduce((k, f) => k + (f.count ?? 1), 0);
    const width = vd ? vd.width : (n - 1) * 220 + 100;
    if (x + width > s.table.w - 100) { x = 100; row++; }
    const y = 600 + row * 300;
    out.push([x + width / 2, side === 0 ? y : s.table.h - y]);
    x += width + 100;
  }
  return out;
}

export function setupState(p: { scenario: string; seats: SeatInfo[]; options: unknown }, run: Run): S | Violation {
  const sc = scenarioDef(p.scenario);
  if (!sc) return violation('unknown_scenario', `no scenario ${p.scenario}`);
  if (p.seats.length !== 2) return violation('bad_seats', 'Fast and Dirty is for two sides (§1)');
  const opts = { ...DEFAULT_OPTIONS, ...((p.options ?? {}) as Options) };
  if (!opts.turnLimit) opts.turnLimit = sc.turnLimit;
  const map = CONTENT.maps[sc.map];
  const forces: [(UnitSpec | VehicleSpec)[], (UnitSpec | VehicleSpec)[]] = [sc.forces[0], sc.forces[1]];
  if (opts.forces !== undefined) {
    const given = opts.forces as Record<string, unknown>;
    for (const side of [0, 1] as const) {
      const list = given[String(side)];
      if (list === undefined) continue;
      if (!Value.Check(ForceList, list)) {
        const e = [...Value.Errors(ForceList, list)][0];
        return violation('bad_force_list', `side ${side}: ${e ? `${e.path || '/'}: ${e.message}` : 'not a force list'}`);
      }
      const prob = forceProblem(CONTENT, list as (UnitSpec | VehicleSpec)[], sc.points[side]);
      if (prob) return violation(prob.code, `side ${side}: ${prob.message}`, prob.details);
      forces[side] = list as (UnitSpec | VehicleSpec)[];
    }
  }
  const artillery = artilleryOf(opts.artillery);
  if ('code' in artillery) return artillery;
  // Force generation (§2.10): the dice set each side's force instead of the scenario's.
  const gen = opts.generate as GenerateOption | undefined;
  const generated: (Generated | null)[] = [null, null];
  if (gen) {
    const p = generationProblem(gen);
    if (p) return p;
    const v = sc.victory as { attacker?: Side };
    for (const side of [0, 1] as const) {
      const g = generateForce(run, side, gen, v.attacker === side);
      if ('code' in g) return g;
      forces[side] = g.units;
      generated[side] = g;
      g.artillery.forEach((w) => artillery.push({ id: `${side === 0 ? 'A' : 'B'}-${artillery.filter((a) => a.side === side).length + 1}`, side, weapon: w, lost: false, usedTurn: 0 }));
    }
  }
  // Vacuum (§7.1, #44): at least Improved armour; a side's own list is checked, the others fitted.
  for (const side of [0, 1] as const) {
    if ((opts.atmosphere as Record<string, string> | undefined)?.[side] !== 'vacuum') continue;
    const own = opts.forces !== undefined && (opts.forces as Record<string, unknown>)[String(side)] !== undefined && !gen;
    if (own) { const vp = vacuumListProblem(side, forces[side]); if (vp) return vp; } else forces[side] = fitForVacuum(run, side, forces[side]);
  }
  const tasks = tasksOf(opts.tasks, { w: map.table[0], h: map.table[1] });
  if ('code' in tasks) return tasks;
  const guns = sentryProblem(opts.sentryGuns, { w: map.table[0], h: map.table[1] });
  if (guns) return guns;
  const s: S = {
    scenario: sc.id, options: opts, table: { w: map.table[0], h: map.table[1] }, terrain: terrainOf(sc), objectives: sc.objectives.map((o) => [o[0], o[1]] as Pt),
    victory: victoryOf(sc), units: [], turn: 1, phase: 'initiative', initiative: null, toAct: 0, active: null, controlGroup: null,
    seized: null, interrupted: null, reveal: null, artillery, smoke: [], minefields: [], minesToPlace: minesOption(opts.minefields), score: [0, 0], evacuated: [0, 0], heart: [0, 0], startUnits: [0, 0], step: 0, result: null,
  };
  for (const side of [0, 1] as const) {
    const custom = forces[side] !== sc.forces[side];
    const spots = deployments(s, side, forces[side]);
    forces[side].forEach((spec, i) => {
      const id = `${side === 0 ? 'A' : 'B'}${i + 1}`;
      const at = !custom && spec.at ? spec.at : spots[i];
      const built = isVehicleSpec(spec) ? buildVehicle(spec, id, side, [at[0], at[1]]) : buildUnit(spec, id, side, [at[0], at[1]]);
      s.units.push(built);
      // A weapon team marked `attached` joins the squad listed before it, for the whole game (§7.9).
      const host = s.units[s.units.length - 2];
      if (!isVehicleSpec(spec) && spec.kind === 'weaponTeam' && spec.attached && host?.side === side && host.kind === 'infantry') attachTeam(s, host, built);
    });
    resolvePairs(s, side, forces[side], forces[side].map((_, i) => `${side === 0 ? 'A' : 'B'}${i + 1}`));
    // Squads starting aboard their transports (§2.5, §4.2).
    const ab = startAboard(s, side, forces[side], forces[side].map((_, i) => `${side === 0 ? 'A' : 'B'}${i + 1}`));
    if (ab) return ab;
    s.startUnits[side] = forces[side].length;
    if (generated[side]) { blockDeploy(s, side, s.units.filter((u) => u.side === side)); applyExtras(s.units.filter((u) => u.side === side), generated[side]!); }
    if (generated[side]?.improvedIntel) s.improvedIntel = [...(s.improvedIntel ?? []), side];
  }
  // The default set-up keeps bases and hulls off the standing sentry guns (§7.25 [P]).
  for (const u of s.units) clearOfSentries(s, u);
  if (opts.forces !== undefined || gen) {
    // A custom list's default deployment must fit: no figure in impassable terrain or past the table's middle.
    for (const u of s.units) for (const f of u.embarked ? [] : u.figures) {
      const imp = inImpassable(s, f.at) ?? (isVehicle(u) && s.terrain.some((t) => t.move === 'impassable' && t.kind !== 'linear' && hull(u).some((c) => inside(c, t.points))) ? 'impassable terrain' : null);
      const deep = u.side === 0 ? f.at[1] > s.table.h / 2 : f.at[1] < s.table.h / 2;
      if (imp || deep) return violation('deployment_blocked', `side ${u.side}: ${u.name} does not fit in the deployment zone (${imp ? `${f.id} would stand in ${imp}` : 'too many rows'}); field fewer or smaller squads`);
    }
  }
  const platoons = platoonProblem(s);
  if (platoons) return platoons;
  if (tasks.length) s.tasks = tasks;
  sc.nonCombatants.forEach((spec, i) => s.units.push(buildUnit(spec, spec.id ?? `N${i + 1}`, null, [spec.at![0], spec.at![1]])));
  for (const u of s.units) if (u.side === null) clearOfSentries(s, u);
  run.emit('game_configured', { scenario: sc.id, dataset: CONTENT.dataset, options: { ...opts, forces: opts.forces === undefined ? undefined : 'custom' }, table: s.table });
  // Communications (§7.4): a side without comms equipment, or whose comms the enemy's gear jams, plays jammed.
  for (const side of [0, 1] as const) if (sideJammed(s, side)) run.emit('communications_jammed', { side });
  // Night with Hidden movement (§4.2, p.34): each side's 1D6 dummy markers, placed with its deployment.
  rollDummies(s, run);
  if (!startDeployment(s)) afterDeployment(s, run);
  return s;
}

/** After deployment (§4.2): infiltration moves, then minefields, then the first initiative roll. */
export function afterDeployment(s: S, run: Run): void {
  if (!startInfiltration(s)) afterInfiltration(s, run);
}
export function afterInfiltration(s: S, run: Run): void {
  if (!nextMinefield(s)) rollInitiative(s, run);
}

/** Before the first turn each side places its minefields, side 0 first (§7.15 [P]); false when none is left. */
function nextMinefield(s: S): boolean {
  const side = s.minesToPlace[0] > 0 ? 0 : s.minesToPlace[1] > 0 ? 1 : null;
  if (side === null) return false;
  s.phase = 'minefield';
  s.toAct = side;
  s.step++;
  return true;
}

export function applyMinefield(s: S, run: Run, side: Side, markers: Pt[], real: number, mine: 'ap' | 'av'): void {
  placeMinefield(s, run, side, markers, real, mine);
  if (!nextMinefield(s)) rollInitiative(s, run);
}

/**
 * The chargers' move into contact, mines met on the way (§7.15): a charge stopped by a real
 * minefield does not go in [P]. True when the unit, still in play, reached its places. `lucky`:
 * a Lucky window on a charger's save or defence die against the mine pauses it (§2.7; the caller
 * records where the order resumes: the charge has been halted, it fizzles after the answer).
 */
function chargeIn(s: S, run: Run, u: Unit, target: string, moves: { fig: string; path: Pt[] }[], before: Map<string, Pt>, end: Map<string, Pt>, lucky = false): boolean {
  moveFigures(s, run, u, end);
  if (checkMines(s, run, u, pathsOf(u, moves, before), lucky)) {
    if (!luckyOpen(s)) run.emit('assault_fizzled', { unit: u.id, target, mine: true });
    return false;
  }
  return inPlay(u);
}

const startsOf = (u: Unit) => new Map(u.figures.map((f) => [f.id, [f.at[0], f.at[1]] as Pt]));

/** Improved Intel's modifiers to the two initiative dice (§2.10, §5.1); a natural 1 ends the side's bonus [P: from that roll on]. */
function improvedIntel(s: S, run: Run, dice: [number, number]): [number, number] {
  const mods: [number, number] = [0, 0];
  for (const side of [0, 1] as const) {
    if (!s.improvedIntel?.includes(side)) continue;
    if (dice[side] === 1) { s.improvedIntel = s.improvedIntel.filter((x) => x !== side); run.emit('improved_intel_lost', { side }); } else mods[side] = 1;
  }
  return mods;
}

/** §5.1: each side rolls 1D6, ties re-roll; the high roller chooses to go first or second. */
export function rollInitiative(s: S, run: Run): void {
  // Card sequences (§5.1) replace initiative and alternation; a card turn's end may bring a Lull first.
  if (cardMode(s)) { if (!cardLull(s, run)) newCardTurn(s, run); return; }
  for (let i = 0; i < 20; i++) {
    const [a] = run.roll('initiative', 1, { side: 0 });
    const [b] = run.roll('initiative', 1, { side: 1 });
    // Module Lull in the fight (§7.14): both dice 1 (not the set-up roll [P]), then roll again.
    // Improved Intel (§2.10): +1 until that side's die shows a natural 1 (that roll is already unmodified);
    // a lull's 1-1 ends it too, before the lull pauses the roll.
    const intel = improvedIntel(s, run, [a, b]);
    if (a === 1 && b === 1 && s.options.lull && s.turn > 1 && startLull(s, run)) return;
    if (a + intel[0] === b + intel[1]) continue;
    const winner: Side = a + intel[0] > b + intel[1] ? 0 : 1;
    s.initiative = { winner, rolls: [a, b] };
    // Option Seize Initiative (§5.1): 6 against 1 gives one free extra activation.
    s.seized = s.options.seizeInitiative && Math.max(a, b) === 6 && Math.min(a, b) === 1 ? winner : null;
    if (s.seized !== null) run.emit('initiative_seized', { side: winner });
    s.phase = 'initiative';
    s.step++;
    return;
  }
  s.initiative = { winner: 0, rolls: [0, 0] };
  s.phase = 'initiative';
  s.step++;
}

/**
 * Lull in cards (§5.1, §5.5 step 3, §7.14; module `lull`): when a card turn ends, 1D6; on a 1 there
 * is a Lull before the next deck is dealt. [P] Rolled between turns where the standard sequence rolls
 * its initiative (after the turn limit check: the last turn's end brings no lull, since the battle
 * does not resume), and the withdrawals start with the side of the last activated unit (as the
 * Plasma Cooler's fire does). True while the lull's decisions are open.
 */
function cardLull(s: S, run: Run): boolean {
  if (!s.options.lull || s.turn <= 1) return false;
  const [d] = run.roll('lull', 1, { turn: s.turn - 1 });
  if (d !== 1) return false;
  if (startLull(s, run, s.cards?.last ?? s.initiative?.winner ?? 0)) return true;
  newCardTurn(s, run);
  return true;
}

function newCardTurn(s: S, run: Run): void {
  dealCards(s, run);
  nextCard(s, run);
}

/** The Lull's decisions are over: initiative again, or, with a card sequence, the next deck (§7.14 item 7). */
export function afterLull(s: S, run: Run): void {
  if (cardMode(s)) newCardTurn(s, run);
  else rollInitiative(s, run);
}

export function chooseOrder(s: S, run: Run, first: boolean): void {
  const w = s.initiative!.winner;
  s.toAct = first ? w : other(w);
  run.emit('initiative', { winner: w, first: s.toAct });
  s.phase = 'activate';
  s.step++;
  advance(s, run);
}

export const activatable = (s: S, side: Side) => (s.cards ? cardActivatable(s, side) : s.units.filter((u) => u.side === side && troops(u) && !u.attachedTo && inPlay(u) && (!u.activated || s.seized === side))).filter((u) => !u.embarked);

/** Whose alternation turn it is now, or the end of the turn (§5.1: a side with none left yields). */
function advance(s: S, run: Run): void {
  if (s.result) return;
  if (s.cards) { if (!s.cards.drawn && !s.cards.cooler) nextCard(s, run); return; }
  if (activatable(s, s.toAct).length) return;
  if (activatable(s, other(s.toAct)).length) { s.toAct = other(s.toAct); return; }
  endOfTurn(s, run);
}

export function activate(s: S, run: Run, u: Unit, lastStand = false, drugs = false): void {
  if (lastStand && u.side !== null) {
    // Declared at the unit's activation, before its tests (§7.13 [P]).
    u.lastStand = true;
    s.lastStandUsed = s.lastStandUsed ?? [false, false];
    s.lastStandUsed[u.side] = true;
    run.emit('last_stand', { unit: u.id });
  }
  if (u.activated && s.seized === u.side) {
    s.seized = null;
    run.emit('extra_activation', { unit: u.id });
  }
  s.active = u.id;
  if (s.cards) { s.cards.drawn = null; s.cards.last = u.side; }
  run.emit('activated', { unit: u.id, side: u.side });
  // A scout returns first (§7.24).
  if (u.scout) returnScout(s, run, u);
  // A Medic whose wounded no longer need him rejoins the squad (§7.23).
  releaseMedics(run, u);
  // A smoke screen lasts until its squad's next activation (§7.26).
  if (s.smoke.some((m) => m.unit === u.id)) {
    s.smoke = s.smoke.filter((m) => m.unit !== u.id);
    run.emit('smoke_cleared', { unit: u.id });
  }
  // Drop troops in reserve take no tests: their order is the drop (§7.6).
  if (u.reserve) { s.phase = 'order'; s.step++; return; }
  // Combat Drugs, taken before the tests (§2.6).
  if (drugs) takeDrugs(s, run, u);
  // A vehicle's pending tests (§5.2 item 2.1); no Resolve.
  if (isVehicle(u)) {
    if (vehicleTests(s, run, u)) { s.phase = 'order'; s.step++; checkImmediate(s, run); } else endActivation(s, run, u);
    return;
  }
  // Hivemind: linked to a mind controller, Fanatic and Relentless until its next activation (§2.6).
  hiveLink(s, run, u);
  // Berserk within assault range: no tests, Under Fire and Pinned ignored; it must charge (§2.6).
  if (berserkStart(s, run, u)) {
    // Its activation tests are passed, a pending Tech Reverence test with them [P]; Ignore Pain still rolls (§2.6).
    delete u.reverenceTest;
    toOrder(s, run, u);
    return;
  }
  const r = activationTests(s, run, u);
  if (r === 'motivator') { s.phase = 'motivator'; s.step++; return; }
  if (r === 'lucky') { s.phase = 'lucky'; s.step++; return; }
  afterTests(s, run, u, r);
}

/** The Lucky decision (§2.7): re-roll one die of the failed test (once per game) or keep it; then the activation goes on. */
export function applyLucky(s: S, run: Run, die: number | null): void {
  const u = luckyUnit(s);
  const h = u.luckyHeld!;
  const faces = luckyFaces(run, u, die);
  if (s.luckyOrder) { resumeLucky(s, run, u, faces); return; }
  // A test at activation: its target number decides.
  const target = h.target!;
  // The hide roll (§7.10): a re-roll that succeeds hides the unit; then its order, hidden or not.
  if (h.test === 'hide') {
    delete u.luckyHeld;
    if (die !== null && faces[0] >= target) hideAtCentre(s, run, u, { lucky: true });
    s.phase = 'order';
    s.step++;
    return;
  }
  // Hesitant or Cautious (§2.6): the kept or re-rolled die decides; then the activation goes on.
  if (h.test === 'hesitant' || h.test === 'cautious') {
    delete u.luckyHeld;
    const passed = faces[0] >= target;
    if (h.test === 'hesitant') u.wavering = !passed;
    else if (passed) delete u.cautiousFailed;
    if (die !== null) run.emit(`${h.test}_test`, { unit: u.id, die: faces[0], passed, lucky: true });
    if (h.test === 'hesitant') afterHesitant(s, run, u, 'normal'); else toOrder(s, run, u);
    return;
  }
  if (h.test === 'commandResponse') {
    luckyCommandResponse(s, run, u, faces[0], die !== null);
    delete u.luckyHeld;
    if (commandRerollDue(s, u)) { s.phase = 'commandReroll'; s.step++; return; }
    afterCommandResponse(s, run, u, 'normal');
    return;
  }
  delete u.luckyHeld;
  const r = afterMoraleDice(s, run, u, successes(faces, target) + (h.auto ?? 0));
  if (r === 'motivator') { s.phase = 'motivator'; s.step++; return; }
  afterTests(s, run, u, r);
}

/**
 * A roll inside an order after the Lucky decision (§2.7): the order goes on where it paused, the
 * step that rolled running again with the kept or re-rolled dice (read once by that roll); a damage
 * die's shot first finishes its hits, and the step then finds that shot done.
 */
function resumeLucky(s: S, run: Run, u: Unit, faces: number[]): void {
  const p = s.luckyOrder!;
  const resume = p.resume!;
  s.luckyOrder = null;
  delete u.luckyHeld;
  s.phase = 'order';
  const c = p.carry;
  if (c.roll === 'damage' || c.roll === 'save' || c.roll === 'defence') {
    // The shooter's damage die, the target's save die (§2.6) or its defence die (§6.5): the shot's remaining hits, then the step finds it done.
    const held = c.roll === 'damage' ? { attack: faces[0], defence: c.defence } : c.roll === 'defence' ? { attack: c.attack, defence: faces[0], final: true } : { save: faces[0] };
    if (continueShot(s, run, c.volley, held)) { s.luckyOrder!.resume = resume; return; }
    // A Hero's shot is found done as his host's (the host's own shot before it not fired again).
    s.luckySettled = c.volley.hero ? { unit: c.volley.hero, roll: 'fire', faces: [], done: true, hero: true } : { unit: c.volley.shooter, roll: 'fire', faces: [], done: true };
  } else if (c.roll === 'aimed') {
    // A sniper's aimed shot: its hit goes on with the settled die, then the step finds that shot done.
    if (continueAimed(s, run, c, faces[0])) { s.luckyOrder!.resume = resume; return; }
    s.luckySettled = { unit: c.hit.shooter, roll: 'fire', faces: [], done: true };
  } else if (c.roll === 'mine') {
    // The mover's save or defence die against a mine: the rest of its encounters; the order goes on after them.
    if (continueMines(s, run, c, faces[0])) { s.luckyOrder!.resume = resume; return; }
  } else if (c.roll === 'blastHit') {
    // A struck unit's save or defence die: the rest of the blast, then the step finds that shot done.
    if (continueBlastHit(s, run, c, faces[0])) { s.luckyOrder!.resume = resume; return; }
    s.luckySettled = { unit: c.blast.by, roll: 'fire', faces: [], done: true };
  } else if (c.roll === 'strike') {
    // A blast: the remaining units in its area, then the step finds that shot done.
    if (continueBlast(s, run, c.blast, faces)) { s.luckyOrder!.resume = resume; return; }
    s.luckySettled = { unit: c.blast.by, roll: 'fire', faces: [], done: true };
  } else if (c.roll === 'tail') {
    // The target's test at the end of an attack: the rest of the attack's tail, then the step finds that shot done.
    if (continueTail(s, run, c.tail, faces[0])) { s.luckyOrder!.resume = resume; return; }
    s.luckySettled = c.tail.hero ? { unit: c.tail.hero, roll: 'fire', faces: [], done: true, hero: true } : { unit: c.tail.shooter, roll: 'fire', faces: [], done: true };
  } else if (c.roll === 'structure') {
    // A shot at a bunker or a sentry gun: its remaining hits, then the step finds that shot done.
    const x = c.at;
    if (x.kind === 'bunker' ? bunkerHits(s, run, x, true, faces[0]) : sentryPenetrations(s, run, x, 0, true, faces[0])) { s.luckyOrder!.resume = resume; return; }
    s.luckySettled = { unit: x.shooter, roll: 'fire', faces: [], done: true };
  } else if (c.roll === 'penetration' || c.roll === 'penetrationResult') {
    // A shot at a vehicle: its remaining hits, then the step finds that shot done.
    if (c.roll === 'penetration' ? continueVehicleHits(s, run, c.hit, faces[0]) : continueVehicleHits(s, run, c.hit, undefined, faces)) { s.luckyOrder!.resume = resume; return; }
    s.luckySettled = { unit: c.hit.shooter, roll: 'fire', faces: [], done: true };
  } else {
    if (c.roll === 'assault') c.faces[u.id] = faces;
    if (c.roll === 'kill') c.kills[u.id] = faces;
    if (c.roll === 'overrun') c.revenge = faces;
    s.luckySettled = { unit: u.id, roll: c.roll, faces, carry: c, ...(c.roll === 'fire' && c.hero ? { hero: true } : {}) };
  }
  resumeOrder(s, run, resume);
  // A step whose shot has no target left (its hits took the last figure) reads nothing.
  delete s.luckySettled;
}

/** The Motivator decision (§2.7): re-roll the failed morale test (once per game) or keep it; then the activation goes on. */
export function applyMotivator(s: S, run: Run, reroll: boolean): void {
  const u = s.units.find((x) => x.id === s.active)!;
  let n = u.moraleHeld ?? 0;
  delete u.moraleHeld;
  if (reroll) {
    u.motivatorUsed = true;
    n = moraleRoll(s, run, u);
    run.emit('motivator_reroll', { unit: u.id, successes: n });
  }
  afterTests(s, run, u, moraleOutcome(s, run, u, n));
}

function afterTests(s: S, run: Run, u: Unit, r: 'rout' | 'fallBack' | 'normal'): void {
  if (r === 'rout') {
    afterCasualties(s, run, u);
    endActivation(s, run, u);
    return;
  }
  if (r === 'normal' && commandResponse(s, run, u)) { s.phase = 'lucky'; s.step++; return; }
  // A failed test with the side's Command Vehicle re-roll unused this turn: the owner decides (§2.5).
  if (r === 'normal' && commandRerollDue(s, u)) { s.phase = 'commandReroll'; s.step++; return; }
  afterCommandResponse(s, run, u, r);
}

function afterCommandResponse(s: S, run: Run, u: Unit, r: 'fallBack' | 'normal'): void {
  // A failed Hesitant or Cautious test may open the Lucky window first (§2.7).
  if (r === 'normal' && hesitantTrait(s, run, u)) { s.phase = 'lucky'; s.step++; return; }
  afterHesitant(s, run, u, r);
}

function afterHesitant(s: S, run: Run, u: Unit, r: 'fallBack' | 'normal'): void {
  if (r === 'normal' && cautiousTrait(s, run, u)) { s.phase = 'lucky'; s.step++; return; }
  toOrder(s, run, u);
}

/** The tests are over: Ignore Pain's rolls, a Detection sweep (its reveals are the owners' decisions), then the order (§2.6, §5.2). */
function toOrder(s: S, run: Run, u: Unit): void {
  if (painRolls(s, run, u)) return;
  if (detect(s, run, u)) return;
  s.phase = 'order';
  s.step++;
  checkImmediate(s, run);
}

/** The Command Vehicle or HQ decision (§2.5, §2.6): re-roll the failed Command Response test (once per turn for the source) or keep it. */
export function applyCommandReroll(s: S, run: Run, reroll: boolean): void {
  const u = s.units.find((x) => x.id === s.active)!;
  if (reroll) {
    const v = commandVehicleOf(s, u);
    if (v) {
      v.vehicle!.rerollTurn = s.turn;
      run.emit('command_reroll', { unit: u.id, vehicle: v.id });
    } else {
      const h = hqOf(s, u)!;
      h.hqRerollTurn = s.turn;
      run.emit('command_reroll', { unit: u.id, hq: h.id });
    }
    // The first result is replaced, an order recall with it.
    if (u.recallTurn === s.turn) delete u.recallTurn;
    commandResponse(s, run, u);
  }
  afterCommandResponse(s, run, u, 'normal');
}

/** Ignore Pain's rolls (§2.6, §5.2 item 2.7); true when they took the unit's last figures and ended its activation. */
function painRolls(s: S, run: Run, u: Unit): boolean {
  ignorePainRolls(s, run, u);
  if (inPlay(u)) return false;
  endActivation(s, run, u);
  return true;
}

const movePositions = (moves: { fig: string; path: Pt[] }[]) => new Map(moves.map((m) => [m.fig, m.path[m.path.length - 1]]));

/** Move figures along validated paths (exits over the own edge leave the table). */
export function moveFigures(s: S, run: Run, u: Unit, end: Positions, exitSide: Side | null = null): void {
  if (!end.size) return;
  for (const f of living(u)) {
    const p = end.get(f.id);
    if (!p) continue;
    if (p[0] !== f.at[0] || p[1] !== f.at[1]) { u.actedTurn = s.turn; if (s.active === u.id) u.movedNow = true; }
    if (p[1] < 0 || p[1] > s.table.h) {
      f.exited = true;
      f.at = [p[0], p[1] < 0 ? 0 : s.table.h];
      if (exitSide !== null) s.evacuated[exitSide]++;
      continue;
    }
    f.at = [p[0], p[1]];
  }
  run.emit('moved', { unit: u.id, to: Object.fromEntries([...end.entries()]) });
}

/** The order of an active unit (§5.3): validated beforehand by index.validate. */
export function applyOrder(s: S, run: Run, u: Unit, a: Action): void {
  if (a.type === 'drive') {
    // Disembarking (§2.5): the transport's activation ends, the unit takes its own order.
    if (a.disembark) { handOver(s, run, u, disembark(s, run, u, a.disembark)); return; }
    // A Lucky window on a target's roll against its fire pauses the order there (§2.7).
    if (applyDrive(s, run, u, a)) return;
    endActivation(s, run, u, a.path.length > 0);
    return;
  }
  delete u.disembarking;
  // A charge out of a bunker: the unit is set down first, as it disembarks, then charges from there (§7.7, §2.5 [P]).
  if (a.type === 'assault' && a.exitBunker) {
    const out = chargeAfterExit(a);
    moveFigures(s, run, u, out.placed);
    a = out.charge;
  }
  // A psionic invoking a power this order stays out of its fire (§7.22); a power before the move comes first.
  if (a.type === 'engage' && a.psionic) {
    const pf = u.figures.find((f) => f.id === a.psionic!.fig);
    if (pf?.psi) pf.psi.silentTurn = s.turn;
    if (!a.psionic.after && invokePower(s, run, u, a, 'before')) return;
  }
  // Fire before any move: an Elusive target may fall back first, so the whole order waits (§2.6).
  if ((a.type === 'command' || (a.type === 'engage' && a.fireFirst)) && openElusive(s, u, a, 'before')) return;
  if ('attach' in a && a.attach) attach(s, run, u, a.attach);
  switch (a.type) {
    case 'engage': {
      if (a.jump === 'bound') u.bounding = true;
      if (a.jump) run.emit('jump', { unit: u.id, jump: a.jump });
      // Carriers of wounded do not shoot this activation (§7.23).
      for (const c of a.carry ?? []) { const b = u.figures.find((f) => f.id === c.by); if (b) b.carryTurn = s.turn; }
      if (engageFrom(s, run, u, a, 'fire')) return;
      break;
    }
    case 'rush': if (rushOrder(s, run, u, a)) return; break;
    case 'assault': {
      // Against a sentry gun: as against a vehicle (§7.25 [P], §6.11).
      if (isSentryId(a.target)) {
        run.emit('assault_declared', { unit: u.id, target: a.target });
        const before = startsOf(u);
        const gun = a.target;
        assaultSentry(s, run, u, gun, a.moves, (end) => chargeIn(s, run, u, gun, a.moves, before, end));
        break;
      }
      const t = s.units.find((x) => x.id === a.target)!;
      run.emit('assault_declared', { unit: u.id, target: t.id, ...(a.jump ? { jump: a.jump } : {}) });
      // Against a vehicle: nerve test, its defensive fire, then AT-capable contact hits (§6.11).
      if (isVehicle(t)) {
        const before = startsOf(u);
        // A Lucky window on a charger's save or defence die against the vehicle's defensive shot pauses the order there (§2.7).
        const p = assaultVehicle(s, run, u, t, a.moves, (end) => chargeIn(s, run, u, t.id, a.moves, before, end), true);
        if (p && pausedAt(s, { at: 'vehicleAssault', unit: u.id, action: a, ...p })) return;
        break;
      }
      // By Bound, the chargers are first where their last bound starts (§7.12).
      const start = startsOf(u);
      if (a.jump) moveFigures(s, run, u, lastBoundStarts(u, a.moves));
      if (chargeFrom(s, run, u, a, [...start.entries()])) return;
      break;
    }
    case 'command': if (commandOrder(s, run, u, a, 'start')) return; break;
  }
  finishOrder(s, run, u, a);
}

type OrderOf<T extends Action['type']> = Extract<Action, { type: T }>;

/**
 * Engage (§5.3) from a stage: the fire before the move, then the move (with its variable-movement
 * roll) and Opportunity Fire's window. True when a window paused the order; a Lucky window on the
 * fire or the move roll resumes the order at that stage (§2.7).
 */
function engageFrom(s: S, run: Run, u: Unit, a: OrderOf<'engage'>, from: 'fire' | 'move' | 'mines'): boolean {
  const end = movePositions(a.moves);
  if (from === 'fire') {
    const t = a.target ? s.units.find((x) => x.id === a.target)! : null;
    if (a.smoke && a.fireFirst) layScreen(s, run, u, a.smoke);
    // A mortar's indirect fire is its only fire (§7.11): a Lucky window on its Strike Effect resumes at this stage, with nothing above it to repeat.
    if (a.indirect && mortarFire(s, run, u, a.indirect, true)) return pausedAt(s, { at: 'engage', from: 'fire', unit: u.id, action: a });
    if (t && a.aimed && a.fireFirst) aimedShot(s, run, u, t, a.aimed, true);
    else if ((t || a.teamTarget || a.hero?.target) && a.fireFirst) squadFire(s, run, u, t, a.teamTarget ? s.units.find((x) => x.id === a.teamTarget)! : null, a.moves.length > 0, heroFire(s, a));
    if (pausedAt(s, { at: 'engage', from: 'fire', unit: u.id, action: a })) return true;
    // A blast shot is the unit's only fire (§6.7, A51): a Lucky window on it resumes at this stage too, with nothing above it to repeat.
    if (a.blast && a.fireFirst && blastShot(s, run, u, a.blast.fig, a.blast.at, true)) return pausedAt(s, { at: 'engage', from: 'fire', unit: u.id, action: a });
    // Fire at a bunker or a sentry gun is the unit's only fire (§6.6, §7.25 [P]): a Lucky window on it resumes at this stage too.
    if (a.bunker && a.fireFirst && bunkerShot(s, run, u, a.bunker, true)) return pausedAt(s, { at: 'engage', from: 'fire', unit: u.id, action: a });
    if (a.sentry && a.fireFirst && sentryShot(s, run, u, a.sentry, true)) return pausedAt(s, { at: 'engage', from: 'fire', unit: u.id, action: a });
  }
  if (from !== 'mines') {
    const before = startsOf(u);
    // A jump is not a regular move: no variable-movement roll (§7.12 [P]).
    // Leaving a bunker is a placement, like disembarking (§7.7): no variable-movement roll either [P].
    const to = s.options.variableMovement && end.size && !a.jump && !a.exitBunker ? variableEnd(s, run, u, a.moves, 'move', true, a.carry) : end;
    if (pausedAt(s, { at: 'engage', from: 'move', unit: u.id, action: a })) return true;
    moveFigures(s, run, u, to);
    // The carried wounded go with their carriers (§7.23), if the carrier is still standing.
    for (const c of a.carry ?? []) {
      const w = u.figures.find((f) => f.id === c.fig), b = u.figures.find((f) => f.id === c.by);
      // Under variable movement, as far as its carriers' roll took it (variableEnd).
      const at = to.get(c.fig) ?? end.get(c.fig);
      if (w && b?.alive && w.wounded && at) { w.at = [at[0], at[1]]; delete w.leftBehind; }
    }
    // A Lucky window on the unit's save or defence die against a mine resumes after the encounters (§2.7).
    checkMines(s, run, u, pathsOf(u, a.moves, before), true);
    if (pausedAt(s, { at: 'engage', from: 'mines', unit: u.id, action: a })) return true;
  }
  // A Leap: the unit may take no other action this turn (§7.12).
  if (a.jump === 'leap') u.noFireTurn = s.turn;
  return end.size > 0 && openOpportunity(s, u, a);
}

/** Rush (§5.3): the move (its variable-movement roll may open the Lucky window) and Opportunity Fire's window; true when paused. */
function rushOrder(s: S, run: Run, u: Unit, a: OrderOf<'rush'>, from?: 'mines'): boolean {
  const end = movePositions(a.moves);
  if (!from) {
    const before = startsOf(u);
    const to = s.options.variableMovement ? variableEnd(s, run, u, a.moves, 'rush', true) : end;
    if (pausedAt(s, { at: 'rush', unit: u.id, action: a })) return true;
    moveFigures(s, run, u, to);
    checkMines(s, run, u, pathsOf(u, a.moves, before), true);
    if (pausedAt(s, { at: 'rush', unit: u.id, action: a, from: 'mines' })) return true;
  }
  return end.size > 0 && openOpportunity(s, u, a);
}

/**
 * An assault on a unit from its defensive free shot (§6.10 step 2): the shot, Timid's test, the charge
 * and the close assault. A Lucky window on the free shot's rolls (the defender's fire and damage
 * dice, the chargers' saves and defence dice, §2.7) resumes the order here; `start`: the chargers'
 * positions before a bound's last leg (§7.12). True when a window paused the order.
 */
function chargeFrom(s: S, run: Run, u: Unit, a: OrderOf<'assault'>, start: [string, Pt][]): boolean {
  const t = s.units.find((x) => x.id === a.target)!;
  // Defensive free shot from the start positions (of the last bound), no Under Fire (§6.10 step 2, §7.12).
  const wasUF = u.underFire;
  shoot(s, run, t, u, { defensive: true, lucky: true });
  u.underFire = wasUF;
  if (pausedAt(s, { at: 'charge', unit: u.id, action: a, start })) return true;
  if (!inPlay(u)) return false;
  // Timid: a Quality test on 1D6 to launch the assault; on a failure the unit stays where the free shot found it (§2.6 [P]).
  if (has(u, 'timid')) {
    const ok = run.roll('timid', 1, { unit: u.id })[0] >= QUALITY_TABLE[u.quality].target;
    run.emit('timid', { unit: u.id, passed: ok });
    if (!ok) return false;
  }
  const live = a.moves.filter((m) => u.figures.find((f) => f.id === m.fig)?.alive);
  const before = a.jump ? new Map(start) : startsOf(u);
  if (!chargeIn(s, run, u, t.id, live, before, movePositions(live), true)) return pausedAt(s, { at: 'charge', unit: u.id, action: a, start, mines: true });
  return closeAssault(s, run, u, a);
}

/**
 * The close assault once the chargers are in (§6.10 steps 4-8); true when a Lucky window on an
 * assault roll paused it. `rest`: resumed after a window on a fall back's mine dice, only the fall
 * backs still to make (the assault's dice and removals not run again).
 */
function closeAssault(s: S, run: Run, u: Unit, a: OrderOf<'assault'>, rest?: FallBackStep[]): boolean {
  const t = s.units.find((x) => x.id === a.target)!;
  const more = rest ? assaultFallBacks(s, run, rest, true) : inPlay(u) && inPlay(t) ? resolveAssault(s, run, u, t, true) : undefined;
  if (more) return pausedAt(s, { at: 'assault', unit: u.id, action: a, fallBacks: more });
  return pausedAt(s, { at: 'assault', unit: u.id, action: a });
}

/**
 * Command (§5.3) from a stage: its sub-actions in order, the task and the unit's fire being the
 * stages a Lucky window resumes at (§2.7). True when a window paused the order.
 */
function commandOrder(s: S, run: Run, u: Unit, a: OrderOf<'command'>, from: 'start' | 'call' | 'task' | 'intrude' | 'demolition' | 'fire'): boolean {
  const d = a.demolition;
  const stages = ['start', 'call', 'task', 'intrude', 'demolition', 'fire'] as const;
  const runs = (x: (typeof stages)[number]) => stages.indexOf(from) <= stages.indexOf(x);
  if (runs('start') && a.scout) placeScout(s, run, u, a.scout);
  // The call's timing and accuracy tests may open the Lucky window (§2.7): the order resumes at the call.
  if (runs('call') && a.callFire && callFire(s, run, u, a.callFire, true)) return pausedAt(s, { at: 'command', from: 'call', unit: u.id, action: a });
  if (runs('task')) {
    if (a.task && !s.result) attemptTask(s, run, u, a.task, true);
    if (pausedAt(s, { at: 'command', from: 'task', unit: u.id, action: a })) return true;
  }
  // The Intruder's test and the charges' dice may open the Lucky window too (§2.7): the order resumes at that sub-action.
  if (runs('intrude') && a.intrude && !s.result && intrude(s, run, u, a.intrude, true)) return pausedAt(s, { at: 'command', from: 'intrude', unit: u.id, action: a });
  if (runs('demolition') && d && !s.result && demolition(s, run, u, d.act, d.fig, true)) return pausedAt(s, { at: 'command', from: 'demolition', unit: u.id, action: a });
  if (a.target && inPlay(u)) {
    const t = s.units.find((x) => x.id === a.target)!;
    // The figures busy with another sub-action (demolition, the caller) do not fire (§5.3 [P]).
    const busy = u.figures.filter((f) => f.alive && (f.id === d?.fig || f.id === a.callFire?.caller || f.id === a.scout?.fig || f.id === a.scout?.second?.fig || f.id === a.task?.fig || f.id === a.intrude?.fig || aidBusy(a.recover).has(f.id)));
    // They stand aside, not dead: an attached character among them is not lost to the casualties the shot causes (characters.ts syncCharacters).
    for (const f of busy) { f.alive = false; f.aside = true; }
    try { if (inPlay(t)) shoot(s, run, u, t, { lucky: true }); } finally { for (const f of busy) { f.alive = true; delete f.aside; } }
    if (pausedAt(s, { at: 'command', from: 'fire', unit: u.id, action: a })) return true;
  }
  // The aid teams' recovery rolls, after the rest have fired [P]: a recovered figure does not join this order's fire.
  if (a.recover && inPlay(u)) recoverWounded(s, run, u, a.recover);
  return false;
}

/** The order paused at a Lucky window goes on from the step that rolled (§2.7), then to its end. */
function resumeOrder(s: S, run: Run, r: LuckyResume): void {
  if (r.at === 'opportunity') { if (!opportunityShot(s, run, r.firer)) afterOpportunity(s, run); return; }
  if (r.at === 'react' || r.at === 'cooler') { resumeCardFire(s, run, r); return; }
  if (r.at === 'mineWalk') { afterMineWalk(s, run, r); return; }
  const u = s.units.find((x) => x.id === r.unit)!;
  if (r.at === 'drive') {
    const d = r.action as OrderOf<'drive'>;
    if (!applyDrive(s, run, u, d, { stage: r.stage, index: r.index })) endActivation(s, run, u, d.path.length > 0);
    return;
  }
  let paused = false;
  switch (r.at) {
    case 'finish': finishOrder(s, run, u, r.action, r.from ?? 'start'); return;
    case 'engage': paused = engageFrom(s, run, u, r.action as OrderOf<'engage'>, r.from); break;
    case 'rush': paused = rushOrder(s, run, u, r.action as OrderOf<'rush'>, r.from); break;
    case 'assault': paused = closeAssault(s, run, u, r.action as OrderOf<'assault'>, r.fallBacks); break;
    // A charge halted by a minefield, its encounters finished by the answer: it does not go in (§7.15).
    case 'charge':
      if (r.mines) run.emit('assault_fizzled', { unit: u.id, target: (r.action as OrderOf<'assault'>).target, mine: true });
      else paused = chargeFrom(s, run, u, r.action as OrderOf<'assault'>, r.start);
      break;
    case 'command': paused = commandOrder(s, run, u, r.action as OrderOf<'command'>, r.from); break;
    case 'vehicleAssault': {
      // The vehicle's defensive shots from the paused one on, then the charge and its contact hits (§6.11).
      const a = r.action as OrderOf<'assault'>;
      const t = s.units.find((x) => x.id === a.target)!;
      const before = startsOf(u);
      const p = assaultVehicle(s, run, u, t, a.moves, (end) => chargeIn(s, run, u, t.id, a.moves, before, end), true, { weapons: r.weapons, index: r.index });
      paused = !!p && pausedAt(s, { ...r, ...p });
      break;
    }
  }
  if (!paused) finishOrder(s, run, u, r.action);
}

/**
 * Option Variable movement (§6.2): the destination is declared, then Move 1D6+2 (Elite: best of
 * two) or Rush 2D6+4 (Elite: better of two totals) is rolled, with Under Fire −2" (twice for a
 * Rush); each figure goes as far as the roll allows along its path, never past it. A figure whose
 * shortened move would end on another base stops earlier (the roll trims, never rejects). Carriers
 * of wounded (`carry`) go half as far as the roll (§7.23), each carried figure set down beside its
 * carrier where the carrier stops, as declared [P].
 */
export function variableEnd(s: S, run: Run, u: Unit, moves: { fig: string; path: Pt[] }[], mode: 'move' | 'rush', lucky = false, carry: { by: string; fig: string }[] = []): Positions {
  // Carrying wounded (§7.23): the carriers and the carried go at half the rolled rate.
  const halved = new Set(carry.flatMap((c) => [c.by, c.fig]));
  const share = (id: string, n: number) => (halved.has(id) ? Math.floor(n / 2) : n);
  const rolls = u.quality === 'elite' ? 2 : 1, per = mode === 'move' ? 1 : 2;
  const pre = lucky ? settledRoll(s, u, 'move') : null;
  const faces = pre?.faces ?? Array.from({ length: rolls }, () => run.roll(mode === 'move' ? 'variable_move' : 'variable_rush', per, { unit: u.id })).flat();
  const uf = (u.underFire ? 200 : 0) - gravityMove(s) - traitMove(u);
  const allowanceOf = (f: number[]) => {
    const totals = Array.from({ length: rolls }, (_, i) => f.slice(i * per, (i + 1) * per).reduce((x, y) => x + y, 0) + (mode === 'move' ? 2 : 4));
    return Math.max(0, Math.max(...totals) * 100 - (mode === 'move' ? uf : 2 * uf));
  };
  const allowance = allowanceOf(faces);
  // Personality Lucky (§2.7): a roll too short for a declared path may be re-rolled.
  if (!pre && luckyMay(s, u, lucky)) {
    const needed = Math.max(0, ...moves.map((m) => { const f = u.figures.find((x) => x.id === m.fig)!; const c = pathCost(s, [f.at, ...m.path], has(u, 'agile'), clearance(s, u, f)); return 'cost' in c ? (halved.has(m.fig) ? 2 * c.cost : c.cost) : Infinity; }));
    if (couldImprove(faces, (f) => Math.min(allowanceOf(f), needed))) {
      pauseForLucky(s, run, u, 'move', faces, { roll: 'move' }, { allowance, needed: Number.isFinite(needed) ? needed : 0 });
      return new Map();
    }
  }
  run.emit('variable_movement', { unit: u.id, mode, allowance });
  const trimOf = (m: { fig: string; path: Pt[] }): Pt[] => {
    const f = u.figures.find((x) => x.id === m.fig)!;
    return trimPath(s, [f.at, ...m.path], share(m.fig, allowance), has(u, 'agile'), clearance(s, u, f));
  };
  // A carried figure is set down where its carrier stops, as it was declared beside it [P] (not along its own path, which would part them).
  const carriedBy = new Map(carry.map((c) => [c.fig, c.by]));
  const trimmed = new Map(moves.filter((m) => !carriedBy.has(m.fig)).map((m) => [m.fig, trimOf(m)] as const));
  for (const m of moves) {
    const by = carriedBy.get(m.fig);
    if (by === undefined) continue;
    const bp = trimmed.get(by), bm = moves.find((x) => x.fig === by);
    if (!bp || !bm) { trimmed.set(m.fig, trimOf(m)); continue; }
    const bd = bm.path[bm.path.length - 1], wd = m.path[m.path.length - 1], be = bp[bp.length - 1];
    trimmed.set(m.fig, [u.figures.find((x) => x.id === m.fig)!.at, [wd[0] - bd[0] + be[0], wd[1] - bd[1] + be[1]]]);
  }
  // Pull back any figure that would end on another base, along its own path, until none does.
  const others = s.units.flatMap((v) => living(v)).filter((f) => !trimmed.has(f.id));
  for (let guard = 0; guard < 400; guard++) {
    let moved = false;
    for (const [id, path] of trimmed) {
      const me = u.figures.find((x) => x.id === id)!;
      const end = path[path.length - 1];
      const clash = others.some((o) => overlaps(end, me.r, o.at, o.r))
        || [...trimmed].some(([oid, op]) => oid !== id && overlaps(end, me.r, op[op.length - 1], me.r));
      if (clash && path.length > 1) {
        const prev = path[path.length - 2];
        const d = dist(prev, end);
        const next = d <= 10 ? path.slice(0, -1) : [...path.slice(0, -1), toward(end, prev, 10)];
        trimmed.set(id, next);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return new Map([...trimmed].map(([id, p]) => [id, p[p.length - 1]]));
}

/** The longest prefix of a path whose cost fits the allowance (cost grows along a path, so bisect). */
function trimPath(s: S, path: Pt[], allowance: number, agile = false, hover = 0): Pt[] {
  const out: Pt[] = [path[0]];
  let spent = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i], b = path[i + 1];
    const c = pathCost(s, [a, b], agile, hover);
    const cost = 'cost' in c ? c.cost : Infinity;
    if (spent + cost <= allowance) { spent += cost; out.push(b); continue; }
    let lo = 0, hi = dist(a, b);
    for (let k = 0; k < 24 && hi - lo > 1; k++) {
      const m = Math.floor((lo + hi) / 2);
      const cm = pathCost(s, [a, toward(a, b, m)], agile, hover);
      if ('cost' in cm && spent + cm.cost <= allowance) lo = m; else hi = m;
    }
    if (lo > 0) out.push(toward(a, b, lo));
    break;
  }
  return out;
}

/** Units of the other side that may give up their activation to fire at a unit that moved (§7.18). */
export function opportunityFirers(s: S, mover: Unit): Unit[] {
  if (!s.options.opportunityFire || mover.side === null || !inPlay(mover)) return [];
  return s.units.filter((r) => r.side === other(mover.side as Side) && troops(r) && !isVehicle(r) && !r.attachedTo && inPlay(r) && !r.activated && !r.fallingBack && (!r.pinned || !!r.lastStand)
    && (r.lastStand ? !!firePlan(s, r, mover) : priorityTargets(s, r).some((p) => p.unit.id === mover.id)));
}

/** Module Opportunity Fire: a reaction window at the end point of the move [P], before the mover's own later fire. */
function openOpportunity(s: S, u: Unit, a: Action): boolean {
  if (!opportunityFirers(s, u).length) return false;
  s.interrupted = { unit: u.id, action: a };
  s.phase = 'opportunity';
  s.step++;
  return true;
}

/** The window's answer: the chosen unit fires at the mover and loses its activation (§7.18, A18); then the order resumes. */
export function applyOpportunity(s: S, run: Run, firer: string | null): void {
  const it = s.interrupted!;
  if (firer) {
    run.emit('opportunity_fire', { unit: firer, target: it.unit });
    if (opportunityShot(s, run, firer)) return;
  }
  afterOpportunity(s, run);
}

/** The reacting unit's shot at the mover (its Lucky window resumes here, §2.7); it loses its activation. True when paused. */
function opportunityShot(s: S, run: Run, firer: string): boolean {
  const r = s.units.find((x) => x.id === firer)!;
  const mover = s.units.find((x) => x.id === s.interrupted!.unit)!;
  shoot(s, run, r, mover, { lucky: true });
  if (pausedAt(s, { at: 'opportunity', unit: mover.id, firer })) return true;
  r.activated = true;
  return false;
}

/** The window is over: the mover's order resumes (or its activation ends if the fire took it out). */
function afterOpportunity(s: S, run: Run): void {
  const it = s.interrupted!;
  const mover = s.units.find((x) => x.id === it.unit)!;
  s.interrupted = null;
  s.phase = 'order';
  if (!inPlay(mover)) { endActivation(s, run, mover); return; }
  finishOrder(s, run, mover, it.action);
}

/**
 * Trait Elusive (§2.6): when the order's target may elude, pause the order for its owner's answer.
 * `before`: the fire comes before the order's move, so nothing of the order has happened yet.
 */
function openElusive(s: S, u: Unit, a: Action, stage: 'before' | 'after'): boolean {
  const id = firedUpon(a);
  const t = id ? s.units.find((x) => x.id === id) : undefined;
  if (!t || !mayElude(s, t)) return false;
  s.elusiveAsked = [...(s.elusiveAsked ?? []), t.id];
  s.elusive = { shooter: u.id, target: t.id, action: a, stage };
  s.phase = 'elusive';
  s.step++;
  return true;
}

/** The target owner's answer: fall back up to 4" (validated beforehand) or stay; then the shot, or the shooter's new choice (§2.6). */
export function applyElusive(s: S, run: Run, moves: { fig: string; path: Pt[] }[]): void {
  const e = s.elusive!;
  const t = s.units.find((x) => x.id === e.target)!;
  const u = s.units.find((x) => x.id === e.shooter)!;
  if (moves.length) {
    const r = elusiveMoveProblem(s, t, moves);
    const before = startsOf(t);
    t.elusiveTurn = s.turn;
    run.emit('elusive', { unit: t.id, shooter: u.id });
    if ('end' in r) moveFigures(s, run, t, r.end);
    // A Lucky window on the mover's save or defence die against a mine pauses the fall back's encounters (§2.7); the shot follows the answer.
    checkMines(s, run, t, pathsOf(t, moves, before), true);
    if (pausedAt(s, { at: 'mineWalk', unit: t.id, then: 'elusive' })) return;
    if (s.result) return;
  } else run.emit('elusive_declined', { unit: t.id, shooter: u.id });
  elusiveShot(s, run);
}

/** After the Elusive answer (and its fall back's mines): the shot at the target, or the shooter's new choice (§2.6). */
function elusiveShot(s: S, run: Run): void {
  const e = s.elusive!;
  const t = s.units.find((x) => x.id === e.target)!;
  const u = s.units.find((x) => x.id === e.shooter)!;
  // The shooter may pick another target when it may no longer fire at this one (§2.6 [P]: out of LOS, range or priority).
  if (!inPlay(t) || retargetProblem(s, u, e.action, t.id, e.weapon?.index)) {
    if (retargets(s, u, e.action, e.weapon?.index).length) {
      s.phase = 'retarget';
      s.step++;
      return;
    }
    resumeElusive(s, run, retargeted(e.action, null, e.weapon?.index));
    return;
  }
  resumeElusive(s, run, e.action);
}

/**
 * The order with another target (an aimed shot becomes the squad's ordinary fire, §2.6 [P]); a
 * vehicle's weapon system `weapon` gets the new target, or with none leaves the fire list (the
 * order resumes at the same index, the next system).
 */
function retargeted(a: Action, target: string | null, weapon?: number): Action {
  if (a.type === 'engage') { const { aimed: _aimed, ...rest } = a; return { ...rest, target }; }
  if (a.type === 'command') return { ...a, target };
  if (a.type === 'drive' && weapon !== undefined) return { ...a, fire: target === null ? a.fire.filter((_, i) => i !== weapon) : a.fire.map((f, i) => (i === weapon ? { ...f, target } : f)) };
  return a;
}

/** The shooter's new target (or null: hold fire), then the order goes on. */
export function applyRetarget(s: S, run: Run, target: string | null): void {
  const e = s.elusive!;
  run.emit('retarget', { unit: e.shooter, from: e.target, target });
  resumeElusive(s, run, retargeted(e.action, target, e.weapon?.index));
}

function resumeElusive(s: S, run: Run, a: Action): void {
  const e = s.elusive!;
  const u = s.units.find((x) => x.id === e.shooter)!;
  s.elusive = null;
  s.phase = 'order';
  // A vehicle's Drive order goes on at the paused weapon system (§2.6, §6.4).
  if (e.weapon && a.type === 'drive') { if (!applyDrive(s, run, u, a, e.weapon)) endActivation(s, run, u, a.path.length > 0); return; }
  if (e.stage === 'before') applyOrder(s, run, u, a);
  else finishOrder(s, run, u, a);
}

/**
 * The order's psionic power (§7.22), once per order: re-checked where the psionic stands now (a
 * trimmed or interrupted move may have left it out of range: no invocation, no cost). True when
 * Harm worked and the order waits for the target owner's choice of figure.
 */
function invokePower(s: S, run: Run, u: Unit, a: Extract<Action, { type: 'engage' }>, stage: 'before' | 'after'): boolean {
  if (s.psiDone) return false;
  s.psiDone = true;
  const p = a.psionic!;
  const why = psionicProblem(s, u, p);
  if (why) { run.emit('psionic_lapsed', { unit: u.id, figure: p.fig, power: p.power, reason: why.code }); return false; }
  const t = invoke(s, run, u, p);
  if (!t || !living(t).length) return false;
  s.harm = { unit: u.id, target: t.id, action: a, stage };
  s.phase = 'harm';
  s.step++;
  return true;
}

/** The Harm target owner's figure; then the order goes on where it paused. */
export function applyHarm(s: S, run: Run, fig: string): void {
  const h = s.harm!;
  const t = s.units.find((x) => x.id === h.target)!;
  const u = s.units.find((x) => x.id === h.unit)!;
  harm(s, run, t, fig);
  s.harm = null;
  s.phase = 'order';
  if (s.result) return;
  if (h.stage === 'before') applyOrder(s, run, u, h.action);
  else finishOrder(s, run, u, h.action);
}

/** The order's Hero fields for squadFire (§2.6): his own target unit and his pick of the figure hit. */
function heroFire(s: S, a: Extract<Action, { type: 'engage' }>): { target?: Unit; aim?: string } {
  const t = a.hero?.target ? s.units.find((x) => x.id === a.hero!.target) : undefined;
  return { ...(t ? { target: t } : {}), ...(a.hero?.fig ? { aim: a.hero.fig } : {}) };
}

/** The rest of an order after its move: fire after moving, non-combatant control, end of activation. */
function finishOrder(s: S, run: Run, u: Unit, a: Action, from: 'start' | 'structure' | 'blast' = 'start'): void {
  if (from !== 'blast' && finishStart(s, run, u, a, from)) return;
  // The blast shot after the move (§6.7): a Lucky window on it resumes the order here (§2.7).
  if (a.type === 'engage' && a.blast && !a.fireFirst && inPlay(u) && u.figures.find((f) => f.id === a.blast!.fig)?.alive && blastShot(s, run, u, a.blast.fig, a.blast.at, true)) {
    pausedAt(s, { at: 'finish', from: 'blast', unit: u.id, action: a });
    return;
  }
  finishEnd(s, run, u, a);
}

/** The order's end up to its blast shot: the fire at a unit, then at a bunker or a sentry gun, a character detaching; true when a window paused it. */
function finishStart(s: S, run: Run, u: Unit, a: Action, from: 'start' | 'structure'): boolean {
  if (from === 'start' && finishFire(s, run, u, a)) return true;
  // Fire at a bunker or a sentry gun after the move: a Lucky window on it resumes the order here (§2.7).
  const structure = a.type === 'engage' && !a.fireFirst && inPlay(u) && ((a.bunker && bunkerShot(s, run, u, a.bunker, true)) || (a.sentry && sentryShot(s, run, u, a.sentry, true)));
  if (structure) { pausedAt(s, { at: 'finish', from: 'structure', unit: u.id, action: a }); return true; }
  if ('detach' in a && a.detach && inPlay(u)) detach(s, run, u);
  return false;
}

/** The order's end up to its fire at a unit: boarding, a psionic power after the move, the fire after the move; true when a window paused it. */
function finishFire(s: S, run: Run, u: Unit, a: Action): boolean {
  // Boarding a transport at the end of the move (§2.5).
  if ((a.type === 'engage' || a.type === 'rush') && a.board && inPlay(u) && living(u).length) embark(s, run, u, a.board);
  if (a.type === 'engage' && a.psionic?.after && inPlay(u) && invokePower(s, run, u, a, 'after')) return true;
  // Fire after the move: an Elusive target may fall back first (§2.6).
  if (a.type === 'engage' && !a.fireFirst && inPlay(u) && openElusive(s, u, a, 'after')) return true;
  if (a.type === 'engage' && a.smoke && !a.fireFirst && inPlay(u)) layScreen(s, run, u, a.smoke);
  if (a.type === 'engage' && (a.target || a.teamTarget || a.hero?.target) && !a.fireFirst && !a.aimed && inPlay(u)) {
    const t = a.target ? s.units.find((x) => x.id === a.target)! : null;
    squadFire(s, run, u, t, a.teamTarget ? s.units.find((x) => x.id === a.teamTarget)! : null, a.moves.length > 0, heroFire(s, a));
    // A Lucky window on the squad's shot (§2.7): the rest of the order waits; its answer runs this step again.
    if (pausedAt(s, { at: 'finish', unit: u.id, action: a })) return true;
  }
  return false;
}

/** The order's end after its fire: Control, Leave No One Behind, the end of the activation. */
function finishEnd(s: S, run: Run, u: Unit, a: Action): void {
  const nc = !u.hidden && s.units.find((g) => g.kind === 'nonCombatant' && !g.activated && inPlay(g) && living(u).some((f) => living(g).some((h) => edgeDistance(f.at, f.r, h.at, h.r) <= 400)));
  if (nc && inPlay(u) && a.type !== 'assault') {
    // Control (§7.17): a unit within 4" passes a Quality test on 1D6 and may move the group at once.
    const pass = successes(run.roll('control', 1, { unit: u.id, group: nc.id }), QUALITY_TABLE[u.quality].target) > 0;
    run.emit('control_test', { unit: u.id, group: nc.id, passed: pass });
    if (pass) {
      nc.controlledBy = u.side;
      s.controlGroup = nc.id;
      s.phase = 'control';
      s.step++;
      return;
    }
  }
  if ('moves' in a && a.moves.length > 0 && inPlay(u)) leaveNoOneBehind(s, run, u, coherencyDistance(u), 'medicStays' in a ? a.medicStays : undefined);
  endActivation(s, run, u, 'moves' in a && a.moves.length > 0);
}

/**
 * Demolition charges (§7.5): rig (2D6, Under Fire 1D6) or detonate (3D6), successes against the
 * Quality target. `lucky`: the unit's Lucky trooper may re-roll one die when another success could
 * change the result (§2.7); true when its window paused the order.
 */
function demolition(s: S, run: Run, u: Unit, act: 'rig' | 'detonate', fig: string, lucky = false): boolean {
  const d = u.demolition!;
  const target = s.terrain.find((f) => f.id === (s.victory as { target: string }).target)!;
  const q = QUALITY_TABLE[u.quality].target;
  const pre = lucky ? settledRoll(s, u, 'demolition') : null;
  // Engineer: one die fewer and one automatic success (§2.6).
  const eng = has(u, 'engineer') ? 1 : 0;
  const dice = pre?.faces ?? (act === 'rig' ? run.roll('rig_charges', Math.max(0, (u.underFire ? 1 : 2) - eng), { unit: u.id }) : run.roll('detonate', 3 - eng, { unit: u.id }));
  const count = (f: number[]) => Math.min(2, successes(f, q) + eng);
  if (!pre && dice.length && luckyMay(s, u, lucky) && couldImprove(dice, count)) {
    pauseForLucky(s, run, u, 'demolition', dice, { roll: 'demolition' }, { successes: successes(dice, q) + eng }, q);
    return true;
  }
  if (act === 'rig') {
    const n = successes(dice, q) + eng;
    d.riggedAt = [...u.figures.find((f) => f.id === fig)!.at];
    d.rigged = n >= 2 ? 'yes' : n === 1 ? 'pending' : 'no';
    if (n === 1) d.rigWait = true;
    if (n === 0) delete d.riggedAt;
    run.emit('charges', { unit: u.id, act, successes: n, rigged: d.rigged });
    return false;
  }
  const n = successes(dice, q) + eng;
  d.charges--;
  d.rigged = 'no';
  delete d.riggedAt;
  if (living(u).length === 1) { living(u)[0].alive = false; afterCasualties(s, run, u); }
  target.status = n >= 2 ? 'destroyed' : n === 1 && target.status === 'intact' ? 'badlyDamaged' : target.status;
  run.emit('charges', { unit: u.id, act, successes: n, target: target.id, status: target.status });
  if (target.status === 'destroyed') collapseIfBuilding(s, run, target);
  checkImmediate(s, run);
  return false;
}

export function applyControl(s: S, run: Run, moves: { fig: string; path: Pt[] }[]): void {
  const g = s.units.find((x) => x.id === s.controlGroup)!;
  const u = s.units.find((x) => x.id === s.active)!;
  const before = startsOf(g);
  moveFigures(s, run, g, movePositions(moves), u.side);
  // No Lucky window here (§2.7 [P]): non-combatants carry no personality (p.35: personalities are members of a squad).
  checkMines(s, run, g, pathsOf(g, moves.filter((m) => { const f = g.figures.find((x) => x.id === m.fig); return f && !f.exited; }), before));
  g.activated = true;
  if (!living(g).length) g.out = true;
  s.controlGroup = null;
  endActivation(s, run, u);
}

/** §5.2 step 4: remove Under Fire, clear falling back, mark activated; pending rigs complete if nobody moved. */
export function endActivation(s: S, run: Run, u: Unit, moved = false): void {
  u.underFire = false;
  u.fallingBack = false;
  u.pinned = false;
  u.activated = true;
  u.hideTried = false;
  delete s.elusiveAsked;
  delete s.psiDone;
  delete u.bounding;
  delete u.movedNow;
  delete u.wavering;
  delete u.cautiousFailed;
  lapse(u);
  taskMarkAfterActivation(u);
  // An Intruder's jamming lasts until the end of the unit's next activation (§2.7 [P]).
  if (u.jammed) { delete u.jammed; run.emit('jamming_ended', { unit: u.id }); }
  regenerate(s, run, u);
  if (s.options.commandResponse) { u.hesitant = false; u.casualtiesSeen = casualties(u); }
  // Combat Drugs wear off; each survivor is wounded on a 6 (§2.6, §5.2 step 4): after the casualty
  // count, so the next Command Response test sees these as taken since.
  drugsEnd(s, run, u);
  if (u.kind === 'sniper') u.movedLast = moved;
  // A single success rigs at the end of the unit's next activation if it stayed in place (§7.5).
  const d = u.demolition;
  if (d?.rigged === 'pending') {
    if (d.rigWait) d.rigWait = false;
    else if (moved) { d.rigged = 'no'; delete d.riggedAt; }
    else d.rigged = 'yes';
  }
  s.active = null;
  s.phase = 'activate';
  s.step++;
  checkImmediate(s, run);
  if (s.result) return;
  // A paired activation (§2.6): the partner named at activation goes now.
  const partner = pairedNext(s, run, u);
  if (partner) { activate(s, run, partner); return; }
  s.toAct = other(u.side as Side);
  if (openReveal(s, run)) return;
  advance(s, run);
}

/**
 * Module Hidden movement: after every order, a marker in an enemy's LOS must be revealed (§7.10
 * [P]); the owner answers real or dummy, and a unit's last marker is always real. At night the
 * spotting side picks the marker and its spotter's Quality test decides (rules/night-spotting.ts).
 */
function openReveal(s: S, run: Run): boolean {
  for (let guard = 0; guard < 40; guard++) {
    // An Intruder's exposed marker first (§2.7), then the markers in enemy LOS.
    const x = takeIntruded(s);
    if (x && 'id' in x) { exposeAtNight(s, run, x.id); continue; }
    if (!x && nightMarkers(s)) {
      const r = nextNightSpot(s, run);
      if (r === 'none') return false;
      if (r === 'decide') return true;
      continue;
    }
    const sp = x ?? spottedMarker(s);
    if (!sp) return false;
    const u = s.units.find((y) => y.id === sp.unit)!;
    if (u.hidden!.markers.length > 1) {
      s.reveal = sp;
      s.phase = 'reveal';
      s.step++;
      return true;
    }
    revealAt(s, run, u, sp.marker, 'spotted');
  }
  return false;
}

/** Night: the spotting side's pick (validated) is tested; then the sweep goes on, then the alternation (§7.10 p.34). */
export function applySpot(s: S, run: Run, a: SpotAction): void {
  const by = a.by ?? spotChoices(s).find((m) => m.id === a.marker)!.spotters[0];
  spotMarker(s, run, a.marker, by);
  s.spot = null;
  s.phase = 'activate';
  s.step++;
  if (openReveal(s, run)) return;
  advance(s, run);
}

/** The owner's answer for a spotted marker; then the sweep goes on, then the alternation. */
export function applyReveal(s: S, run: Run, real: boolean): void {
  const r = s.reveal!;
  const u = s.units.find((x) => x.id === r.unit)!;
  if (real) revealAt(s, run, u, r.marker, s.detecting ? 'detected' : 'spotted');
  else dropMarker(s, u, run, r.marker);
  s.reveal = null;
  // A Detection sweep goes on, then the detecting unit's order (§2.6).
  if (s.detecting) { toOrder(s, run, s.units.find((x) => x.id === s.detecting)!); return; }
  s.phase = 'activate';
  s.step++;
  if (openReveal(s, run)) return;
  advance(s, run);
}

/** Drop troops (§7.6): the drop is the whole activation; the unit lands Under Fire (the AA always fires), Pinned on 3 failures. */
export function applyDrop(s: S, run: Run, u: Unit, at: Pt): void {
  const r = drop(s, run, u, at);
  // Landed figures wait for their owner's arrangement (§7.6).
  if (r.at) { s.landing = { unit: u.id, at: r.at, building: r.building ?? null, pinned: r.pinned }; s.phase = 'arrange'; s.step++; return; }
  finishDrop(s, run, u, r);
}

/** The owner arranged the landed figures (validated beforehand): they land, then the activation ends (§7.6). */
export function applyArrange(s: S, run: Run, places: { fig: string; at: Pt }[]): void {
  const l = s.landing!;
  const u = s.units.find((x) => x.id === l.unit)!;
  for (const m of places) { const f = u.figures.find((x) => x.id === m.fig)!; f.at = [m.at[0], m.at[1]]; }
  if (places.length) run.emit('arranged', { unit: u.id, at: Object.fromEntries(places.map((m) => [m.fig, m.at])) });
  s.landing = null;
  s.phase = 'order';
  land(s, run, u, l.building, l.pinned, true);
  finishDrop(s, run, u, { landed: true, pinned: l.pinned });
}

function finishDrop(s: S, run: Run, u: Unit, r: { landed: boolean; pinned: boolean }): void {
  endActivation(s, run, u);
  if (r.landed && inPlay(u)) {
    markUnderFire(u);
    if (r.pinned && !ignoresPinned(u)) u.pinned = true;
  }
}

/** A hidden unit's own order: try to hide, move its markers (ends the activation), or reveal at a marker and act. */
export function applyHiddenOrder(s: S, run: Run, u: Unit, a: Action): void {
  if (a.type === 'hide') { if (tryHide(s, run, u)) s.phase = 'lucky'; s.step++; return; }
  if (a.type === 'unhide') { revealAt(s, run, u, a.marker, 'acts'); s.step++; return; }
  if (a.type === 'markers') {
    const r = markerMovesProblem(s, u, a.moves);
    if ('end' in r) moveMarkers(s, u, run, r.end, a.moves.map((m) => m.marker));
    endActivation(s, run, u, a.moves.length > 0);
  }
}

/** The next card (§5.1): an activation, the Plasma Cooler's fire, or the end of the turn. */
function nextCard(s: S, run: Run): void {
  if (drawCard(s, run) === 'end') endOfTurn(s, run);
}

/** An Inspiration (§5.1): its effect, then the next card. */
export function applyInspire(s: S, run: Run, a: Extract<Action, { type: 'inspire' }>): void {
  const mv = applyInspiration(s, run, a);
  if (mv) {
    const before = startsOf(mv.unit);
    moveFigures(s, run, mv.unit, movePositions(mv.moves));
    // A Lucky window on the mover's save or defence die against a mine pauses the sequence (§2.7); it goes on after the answer (afterMineWalk).
    checkMines(s, run, mv.unit, pathsOf(mv.unit, mv.moves, before), true);
    if (pausedAt(s, { at: 'mineWalk', unit: mv.unit.id, then: 'inspire' })) return;
  }
  s.phase = 'activate';
  s.step++;
  checkImmediate(s, run);
  if (s.result) return;
  advance(s, run);
}

/** A Reaction (§5.1): the shot, then the drawn unit's activation (or the next card when it is gone). */
export function applyReact(s: S, run: Run, unit: string | null, moves: { fig: string; path: Pt[] }[], heading?: number): void {
  const mover = applyReaction(s, run, unit, moves);
  // A Lucky window on the reaction's shot (§2.7): the sequence goes on after the answer (resumeOrder).
  if (mover === 'paused') return;
  // A vehicle's reaction move is a Cautious drive without fire: bogging and its mines as any drive (§5.1 [P], rules/vehicles.ts).
  if (mover && isVehicle(mover)) {
    applyReactionDrive(s, run, mover, moves[0].path, heading);
    reactMoved(s, mover);
  } else if (mover) {
    const before = startsOf(mover);
    moveFigures(s, run, mover, movePositions(moves));
    // A Lucky window on the mover's save or defence die against a mine pauses the sequence (§2.7); it goes on after the answer (afterMineWalk).
    checkMines(s, run, mover, pathsOf(mover, moves, before), true);
    if (pausedAt(s, { at: 'mineWalk', unit: mover.id, then: 'react' })) return;
    reactMoved(s, mover);
  }
  checkImmediate(s, run);
  if (s.result) return;
  advance(s, run);
}

/** After a reaction move: the drawn unit's side activates next (§5.1). */
function reactMoved(s: S, mover: Unit): void {
  const to = s.units.find((x) => x.id === (s.cards!.drawn && 'unit' in s.cards!.drawn ? s.cards!.drawn.unit : ''));
  s.toAct = (to?.side ?? other(mover.side as Side)) as Side;
  s.phase = 'activate';
  s.step++;
}

/**
 * A move outside the active unit's order paused at a Lucky window on the mover's die against a mine
 * (§2.7, §7.15): its encounters are finished (resumeLucky); the Elusive shot, or the card sequence,
 * goes on from where the move left it (a Lull withdrawal: the lull's next withdrawal), the move not made again.
 */
function afterMineWalk(s: S, run: Run, r: Extract<LuckyResume, { at: 'mineWalk' }>): void {
  if (r.then === 'elusive') { if (!s.result) elusiveShot(s, run); return; }
  // A Lull withdrawal (§7.14): the next side's withdrawal, or the rest of the lull.
  if (r.then === 'withdraw') { if (!withdrawn(s, run, s.units.find((x) => x.id === r.unit)!.side as Side)) afterLull(s, run); return; }
  if (r.then === 'react') reactMoved(s, s.units.find((x) => x.id === r.unit)!);
  else { s.phase = 'activate'; s.step++; }
  checkImmediate(s, run);
  if (s.result) return;
  advance(s, run);
}

/** A Plasma Cooler shot or pass (§5.1); the turn ends when the fire is over. */
export function applyCoolerFire(s: S, run: Run, unit: string | null, target: string | null): void {
  const r = applyCooler(s, run, unit, target);
  if (r === 'paused') return;
  if (!r && !s.result) endOfTurn(s, run);
}

/** Card-sequence fire paused at a Lucky window (§2.7, §5.1): the shot runs again with the settled dice (or finds itself done), then the sequence goes on. */
function resumeCardFire(s: S, run: Run, r: Extract<LuckyResume, { at: 'react' | 'cooler' }>): void {
  const u = s.units.find((x) => x.id === r.unit)!, t = s.units.find((x) => x.id === r.target)!;
  if (r.at === 'cooler') s.phase = 'cooler';
  if (inPlay(t) && inPlay(u)) shoot(s, run, u, t, { lucky: true });
  if (pausedAt(s, r)) return;
  if (r.at === 'react') {
    reactionDone(s, t);
    checkImmediate(s, run);
    if (s.result) return;
    advance(s, run);
    return;
  }
  if (!coolerDone(s, u) && !s.result) endOfTurn(s, run);
}

/** §5.5 end of turn: badly damaged targets, victory, next initiative. */
function endOfTurn(s: S, run: Run): void {
  // Sentry guns fire first (§5.5 step 1, §7.25).
  sentryFire(s, run);
  checkImmediate(s, run);
  if (s.result) return;
  const target = s.victory.kind === 'demolition' ? s.terrain.find((f) => f.id === (s.victory as { target: string }).target) : undefined;
  if (target?.status === 'badlyDamaged') {
    const [d] = run.roll('badly_damaged', 1, { target: target.id });
    if (d >= 4) { target.status = 'destroyed'; run.emit('target_destroyed', { target: target.id }); collapseIfBuilding(s, run, target); }
  }
  run.emit('turn_ended', { turn: s.turn });
  checkImmediate(s, run);
  if (s.result) return;
  if (s.turn >= s.options.turnLimit) { finalResult(s, run); return; }
  s.turn++;
  for (const u of s.units) u.activated = false;
  villainsReturn(s, run);
  for (const u of s.units) if (u.kind === 'nonCombatant') u.controlledBy = null;
  rollInitiative(s, run);
}

const sidesInPlay = (s: S, side: Side) => s.units.some((u) => u.side === side && inPlay(u));

/** Immediate ends: a side with no units in play (§9 item 4), a destroyed demolition target (§4.3 S3). */
export function checkImmediate(s: S, run: Run): void {
  if (s.result) return;
  const v = s.victory;
  if (v.kind === 'demolition') {
    const t = s.terrain.find((f) => f.id === v.target);
    if (t?.status === 'destroyed') return finish(s, run, { winners: [v.attacker], draw: false, reason: `${t.id} destroyed (Demolition Raid)` });
  }
  const a = sidesInPlay(s, 0), b = sidesInPlay(s, 1);
  if (!a && !b) return finish(s, run, { winners: [], draw: true, reason: 'both sides eliminated' });
  if (!a) return finish(s, run, { winners: [1], draw: false, reason: 'side 0 has no units in play (§9)' });
  if (!b) return finish(s, run, { winners: [0], draw: false, reason: 'side 1 has no units in play (§9)' });
}

/** Attrition score (§9 item 3): 2 per enemy unit out of play, 1 per enemy unit broken at the end. */
export function attrition(s: S): [number, number] {
  const sc: [number, number] = [0, 0];
  for (const u of s.units) {
    if (u.side === null) continue;
    const enemy = other(u.side);
    if (!inPlay(u)) sc[enemy] += 2;
    else if (u.broken) sc[enemy] += 1;
  }
  return sc;
}

/** Unbroken infantry figures of a side within 6" of the objective (Hold the Line). */
export function holdingFigures(s: S, side: Side, obj: Pt, radius: number): number {
  return s.units.filter((u) => u.side === side && troops(u) && inPlay(u) && !u.broken && !u.hidden)
    .reduce((n, u) => n + living(u).filter((f) => edgeDistance(f.at, f.r, obj, 0) <= radius).length, 0);
}

export function finalResult(s: S, run: Run): void {
  const v = s.victory;
  const sc = attrition(s);
  // Accomplished tasks' points (§7.28, §9 [P]).
  const tp = taskPoints(s);
  sc[0] += tp[0]; sc[1] += tp[1];
  if (v.kind === 'evacuation') { sc[0] += 3 * s.evacuated[0]; sc[1] += 3 * s.evacuated[1]; }
  s.score = sc;
  const scores = { side0: sc[0], side1: sc[1] };
  if (v.kind === 'holdTheLine') {
    const att = holdingFigures(s, v.attacker, v.objective, v.radius), def = holdingFigures(s, other(v.attacker), v.objective, v.radius);
    return finish(s, run, { winners: [att > def ? v.attacker : other(v.attacker)], draw: false, reason: `objective: attacker ${att} figures within 6", defender ${def} (Hold the Line)`, scores });
  }
  if (v.kind === 'demolition') return finish(s, run, { winners: [other(v.attacker)], draw: false, reason: 'the target still stands at the turn limit (Demolition Raid)', scores });
  if (Math.abs(sc[0] - sc[1]) < 2) return finish(s, run, { winners: [], draw: true, reason: `score ${sc[0]}-${sc[1]}: a difference under 2 is a draw (§9)`, scores });
  return finish(s, run, { winners: [sc[0] > sc[1] ? 0 : 1], draw: false, reason: `score ${sc[0]}-${sc[1]} at the turn limit (§9)`, scores });
}

export function finish(s: S, run: Run, r: Result): void {
  s.result = r;
  s.phase = 'ended';
  s.step++;
  run.emit('game_over', r);
}

export { underFireRushProblem, autoFallBack };
