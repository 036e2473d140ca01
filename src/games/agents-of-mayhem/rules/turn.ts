// Rounds and Turns (spec §6): mission setup (§3.1, lockstep steps A-K as data), the Draw,
// Action and Refresh phases, first Turns of a Round, Round end and reshuffle, mission end; the
// resolution stack runner (settle); and the campaign hand-over (carry).
import { deckSize, discard, drawOne, newDeck, reshuffleDiscard } from '../../../engine/mech/deck.js';
import type { Rng, SeatInfo, Violation } from '../../../engine/types.js';
import { violation } from '../../../engine/types.js';
import { CONTENT, cellKey } from '../content.js';
import { refreshCandidates, slotOf } from '../legal.js';
import { LETTER, SIDES, WELLS, footprintAt, isElite, isFigure, isLarge, map, other, seatSides, slotSeats, unitAt, type Action, type Board, type Frame, type S, type Side, type Slot, type Unit, type Well } from '../state.js';
import { setupMayhem } from './mayhem.js';
import { advancedSetupFrames, carryGadgets, scrapBudget, setupGadgets } from './gadgets.js';
import { carryUpgrades, purchaseFrames, resetFrames, setupUpgrades } from './upgrades.js';
import { awards, rewardFrames, storyFlags, type Award } from './rewards.js';
import { generatedProblem, type Generated } from './generator.js';
import { elitePlacementFrames, minionFrames, placeSpaces } from './advanced-setup.js';
import { active as dddActive, bombTimer, edmksOptions, edmksGain, payTax, radiation, setupDdds, taxOptions } from './ddd.js';
import { delayedMoves, delayedTargets, removeTimers, resolveDelayed } from './timers.js';
import { instantJumps, instantMoves, paidUnits } from './instants.js';
import { boardChoiceFrames } from './board-choice.js';
import { phaseWaits, phaseWindow, stepWaits } from './windows.js';
import { performPaid } from './actions.js';
import { enemySpaces } from '../legal.js';
import { drawEventDeck, eventCardsFor, eventTiles, isEventCard, resolveEvent, resolveEventCard, setupEventDeck, setupEvents } from './events.js';
import { resolveDemolish } from './golem.js';
import { advanceBlast, applyDisplace, detonate, displaceOptions, dueExplosions, setupExplosions } from './explosions.js';
import { capacity, finish, gainCube, gainMayhemStatus, say, type Ev } from './board.js';
import { advanceAttack, attackWaits, fallDamage, fallWaits, gainThing, heal, vpForOms, woundFrameWaits, woundInto } from './combat.js';
import { ramDone, ramPush, setupVehicles, startVehicleTurn } from './vehicles.js';
import { advanceDrones, resolveTraffic, setupTraffic, startDrones } from './traffic.js';

/** What a finished mission hands to the next (spec §5.2): figures' places and boards' cubes, for chained tutorials. */
export interface Carry {
  from: string;
  units: Record<string, { at: string | null; facing: 'N' | 'E' | 'S' | 'W'; downed: boolean }>;
  boards: Record<string, { shield: number; armor: number; cubes: Record<Well, number>; wounds: Record<Well, number> }>;
  vp: Record<Side, number>;
  /** Each Side's Discovered gadgets (spec 10.3); gadgets granted for the finished mission only are not among them (L2221). */
  gadgets?: Record<Side, string[]>;
  /** Upgrades owned, by Elite board and Minion type (spec 10.3); those inserted for the finished mission only are not among them (L2221). */
  upgrades?: Record<string, string[]>;
  /** The boards that took part, per Side (who may buy an upgrade, spec 10.3). */
  participants?: Record<Side, string[]>;
  /** Dark Matter Crystals, per Side, to spend at once (spec 10.2: unspent ones expire), besides those the rewards give (a caller may supply them). */
  crystals?: Partial<Record<Side, number>>;
  /** What the finished mission awards each Side (spec 10.2, rules/rewards.ts), resolved at the start of the next mission. */
  rewards?: Record<Side, Award>;
  /** The campaign's story flags (spec 5.2): mission winners and OM outcomes so far. */
  flags?: Record<string, string>;
}

export function carry(s: S): Carry {
  const units: Carry['units'] = {};
  for (const u of Object.values(s.units)) units[u.id] = { at: u.at, facing: u.facing, downed: u.downed };
  const boards: Carry['boards'] = {};
  for (const b of Object.values(s.boards)) boards[b.id] = { shield: b.shield, armor: b.armor, cubes: { ...b.cubes }, wounds: { ...b.wounds } };
  return { from: s.mission, units, boards, vp: { ...s.vp }, gadgets: carryGadgets(s), upgrades: carryUpgrades(s), participants: { MAYHEM: Object.values(s.boards).filter((b) => b.side === 'MAYHEM').map((b) => b.id).sort(), LEGION: Object.values(s.boards).filter((b) => b.side === 'LEGION').map((b) => b.id).sort() }, ...rewardsCarry(s) };
}

/** The rewards and story flags part of the carry (only what there is). */
function rewardsCarry(s: S): Pick<Carry, 'rewards' | 'flags'> {
  const r = awards(s);
  const flags = storyFlags(s);
  return { ...(r ? { rewards: r } : {}), ...(Object.keys(flags).length ? { flags } : {}) };
}

export function newBoard(id: string, side: Side, minions: string[]): Board {
  const b: Board = { id, kind: isElite(id) ? 'elite' : 'squad', side, shield: 0, armor: 0, cubes: { speed: 0, focus: 0, tech: 0, mayhem: 0 }, wounds: { speed: 0, focus: 0, tech: 0, mayhem: 0 }, disrupted: [], minions, mayhemStatus: 0, reinforce: { G: 0, Y: 0, B: 0 } };
  // Step A7: fill the Shield, Armor, Speed, Focus and Tech wells; Mayhem starts empty (L2219).
  b.shield = capacity(b, 'shield'); b.armor = capacity(b, 'armor');
  for (const w of ['speed', 'focus', 'tech'] as Well[]) b.cubes[w] = capacity(b, w);
  return b;
}

export function setupState(p: { scenario: string; seats: SeatInfo[]; options: unknown }, rng: Rng): { s: S; ev: Ev } | Violation {
  const m = CONTENT.missions[p.scenario];
  if (!m) return violation('unknown_scenario', `no mission ${p.scenario}`);
  const n = p.seats.length;
  if (!m.players.includes(n)) return violation('bad_player_count', `${m.id} is for ${m.players.join(', ')} players`);
  const opts = (p.options ?? {}) as { carry?: Carry; advancedSetup?: boolean; generated?: Generated; paidDash?: boolean; fineGrainedMovementWindows?: boolean; mayhemWindows?: boolean };
  // A generated mission (rules/generator.ts): the template's map and forces, the generated Rounds, initiative and reward OMs.
  if (opts.generated !== undefined) { const v = generatedProblem(m.id, n, opts.generated); if (v) return v; }
  // Advanced Setup (spec 3.3): only in a mission that gives Scrap budgets (step 2, choosing gadgets, is what is modelled).
  if (opts.advancedSetup && !scrapBudget(m.id, 'MAYHEM')) return violation('no_advanced_setup', `${m.id} gives no Scrap budget for an Advanced Setup`);
  const boards: Record<string, Board> = {};
  const units: Record<string, Unit> = {};
  for (const side of SIDES) {
    const ss = m.sides[side];
    for (const b of ss.boards) boards[b.board] = newBoard(b.board, side, b.minions ?? []);
    for (const u of ss.units) units[u.unit] = { id: u.unit, board: u.board, minion: u.minion ?? null, side, at: cellKey(u.at[0], u.at[1], u.at[2]), facing: u.facing, downed: false, hits: 0, statuses: [], entry: null, ...(u.ally ? { ally: u.ally } : {}) };
    for (const e of ss.entries) units[e.unit] = { id: e.unit, board: e.board, minion: e.minion ?? null, side, at: null, facing: e.facing, downed: false, hits: 0, statuses: [], entry: { round: e.round, edge: e.edge } };
  }
  if (opts.carry) applyCarry(m.compiled.cells, boards, units, opts.carry);
  const s: S = {
    mission: m.id, players: n, seats: seatSides(n), round: 1, turnNo: 0, side: m.initiative, first: { MAYHEM: true, LEGION: true },
    phase: 'activate', slots: [], slot: 0, boards, units,
    oms: m.oms.map((o) => ({ id: o.id, at: cellKey(o.at[0], o.at[1], o.at[2]), control: o.control })),
    decks: { MAYHEM: newDeck(withCards(m.id, 'MAYHEM', m.sides.MAYHEM.refreshDeck)), LEGION: newDeck(withCards(m.id, 'LEGION', m.sides.LEGION.refreshDeck)) },
    vp: { MAYHEM: 0, LEGION: 0 }, vpStart: m.vpStart, stack: [], nextId: 1, tick: 0, deployed: false, result: null, log: [],
  };
  const ev: Ev = [];
  if (opts.generated) { s.generated = JSON.parse(JSON.stringify(opts.generated)) as Generated; s.side = s.generated.initiative; }
  const md = setupMayhem(m.id, rng, ev);
  if (md) s.mayhem = md;
  const ex = setupExplosions(m.id);
  if (ex) s.explosions = ex;
  const dd = setupDdds(m.id);
  if (dd) s.ddds = dd;
  const tr = setupTraffic(m.id);
  if (tr) s.traffic = tr;
  // Step H: vehicles and drones the mission places (a placed drone tile leaves the supply).
  const pv = setupVehicles(m.id);
  if (pv) {
    s.vehicles = pv;
    if (s.traffic) s.traffic.supply = s.traffic.supply.filter((id) => !pv.some((v) => v.id === id));
    say(ev, 'vehicles_placed', { vehicles: pv.map((v) => ({ vehicle: v.id, side: v.side, front: v.front, back: v.back, facing: v.facing })) });
  }
  Object.assign(s, setupEvents(m.id));
  Object.assign(s, setupEventDeck(m.id));
  const gd = setupGadgets(m.id, units, opts.carry?.gadgets, ev, !!opts.advancedSetup);
  if (gd) s.gadgets = gd;
  const up = setupUpgrades(m.id, units, opts.carry?.upgrades, ev);
  if (opts.paidDash) s.paidDash = true;
  if (opts.mayhemWindows) s.mayhemWindows = true;
  if (opts.fineGrainedMovementWindows) s.stepWindows = true;
  if (up) s.upgrades = up;
  say(ev, 'mission_started', { mission: m.id, rounds: s.generated?.rounds ?? m.rounds, initiative: s.side, seats: s.seats, carriedFrom: opts.carry?.from ?? null });
  startTurn(s, rng, ev);
  // Advanced Setup step 3 (Minions) after step 2 (gadgets), both Sides finishing a step first (lockstep).
  if (opts.advancedSetup) s.stack.push(...elitePlacementFrames(s), ...minionFrames(s));
  if (opts.advancedSetup) s.stack.push(...advancedSetupFrames(s));
  // Step 1 (choose 3 boards) before them all.
  if (opts.advancedSetup) s.stack.push(...boardChoiceFrames(s));
  // Buying upgrades with the Crystals just gained comes first (spec 10.3), MAYHEM then LEGION.
  if (opts.carry) s.stack.push(...purchaseFrames(s, opts.carry));
  // Before buying, a Side may reset its Elite boards (spec 10.3).
  if (opts.carry) s.stack.push(...resetFrames(s));
  // The last mission's rewards come first (spec 10.2: rewards, then purchases); their Crystals join the purchase.
  if (opts.carry?.flags) s.flags = { ...opts.carry.flags };
  if (opts.carry) s.stack.push(...rewardFrames(s, opts.carry));
  return { s, ev };
}

/** A chained tutorial starts from the previous table state: carried places (when free) and board cubes. */
function applyCarry(cells: Record<string, unknown>, boards: Record<string, Board>, units: Record<string, Unit>, c: Carry): void {
  for (const [id, b] of Object.entries(c.boards)) {
    const mine = boards[id];
    if (!mine) continue;
    mine.shield = Math.min(b.shield, capacity(mine, 'shield')); mine.armor = Math.min(b.armor, capacity(mine, 'armor'));
    for (const w of WELLS) { mine.wounds[w] = Math.min(b.wounds[w], capacity(mine, w)); mine.cubes[w] = Math.max(0, Math.min(b.cubes[w], capacity(mine, w) - mine.wounds[w])); }
  }
  const taken = new Set(Object.values(units).map((u) => u.at).filter(Boolean));
  for (const [id, cu] of Object.entries(c.units)) {
    const u = units[id];
    if (!u || !u.at || !cu.at || !cells[cu.at] || taken.has(cu.at)) continue;
    taken.delete(u.at); u.at = cu.at; u.facing = cu.facing; taken.add(cu.at);
  }
}

/** A Refresh deck's list with the Event Cards shuffled in at setup (step G). */
function withCards(missionId: string, side: Side, list: string[]): string[] {
  return [...list, ...eventCardsFor(missionId, null).filter((c) => c.deck === side).map((c) => c.card)];
}

function newSlot(seat: number): Slot {
  return { seat, board: null, drawn: null, done: false, main: false, addons: [], mp: null, pool: 0, penalty: 0, fire: null, group: null };
}

/** Draw Phase: one hidden Refresh card per player, none on the Side's first Turn of the Round (L338) or from an empty deck. */
export function startTurn(s: S, rng: Rng, ev: Ev): void {
  s.turnNo++;
  s.deployed = false;
  delete s.laserUsed; delete s.turretUsed; delete s.edmksDone; delete s.radiated;
  s.phase = 'activate';
  s.slot = 0;
  s.slots = slotSeats(s, s.side).map(newSlot);
  if (s.vehicles) startVehicleTurn(s);
  // Event Cards due this Turn are shuffled into their Refresh deck (setup step G).
  for (const c of eventCardsFor(s.mission, s.turnNo)) s.decks[c.deck] = { ...s.decks[c.deck], pool: [...s.decks[c.deck].pool, c.card].sort() };
  // The Event deck's card for this Round, at its first Turn (mission data, provisional timing).
  drawEventDeck(s, rng, ev);
  if (!s.first[s.side]) {
    for (const sl of s.slots) {
      const draws = rng.fork(`refresh:${s.side}`);
      let r = drawOne(s.decks[s.side], draws);
      // An Event Card drawn is resolved and leaves the game; the player draws again.
      while (isEventCard(r.card)) {
        resolveEventCard(s, r.card!, sl.seat, ev);
        r = drawOne(r.deck, draws);
      }
      s.decks[s.side] = r.deck;
      sl.drawn = r.card;
      if (r.card) ev.push({ type: 'refresh_drawn', to: { seats: s.seats.flatMap((x, i) => (x === s.side ? [i] : [])) }, data: { side: s.side, seat: sl.seat, card: r.card }, others: { side: s.side, seat: sl.seat } });
    }
  }
  say(ev, 'turn_started', { round: s.round, side: s.side, turn: s.turnNo, first: s.first[s.side] });
  // W-phase (L278): the other Side's Instants in the Draw Phase, once the Refresh card is drawn (none on a first Turn: no Draw Phase, L338).
  const w = s.first[s.side] ? null : phaseWindow(s, 'W-draw');
  if (w) s.stack.push(w);
}

export function endSlot(s: S, ev: Ev): void {
  const sl = slotOf(s);
  sl.done = true; sl.mp = null; sl.fire = null; sl.group = null; sl.pool = 0;
  if (s.slot + 1 < s.slots.length) { s.slot++; s.phase = 'activate'; return; }
  beginRefresh(s, ev);
}

/**
 * Refresh Phase (spec §6.4): reveal; each card refreshes the boards not activated (2 players)
 * or its drawer's board and the board nobody activated (3-4 players, L1362); Remove Status
 * reaches every board. Shields and Special apply at once; cube colours, the Wound removed and
 * the statuses removed are the drawer's choice, one decision per board.
 */
function beginRefresh(s: S, ev: Ev): void {
  s.phase = 'refresh';
  // Step 2: due Explosion markers go off (settle detonates them above this frame, spec 6.4), also on first Turns.
  s.stack.push({ t: 'refreshSymbols' });
  // W-phase (L278): the other Side's Instants in the Refresh Phase, before its first step (the reveal: settle calls revealDrawn when it closes).
  const w = phaseWindow(s, 'W-refresh');
  if (w) s.stack.push(w); else revealDrawn(s, ev);
}

/**
 * Refresh Phase step 1 (spec 6.4, L324 "Reveal the Refresh Card you drew"): the drawn cards are
 * public from here to the end of the Turn (view.ts drawnRevealed reads the same moment: the
 * Refresh Phase with no W-refresh window left open), before step 2 (explosions, timers, and the
 * drones that move by the card's value).
 */
function revealDrawn(s: S, ev: Ev): void {
  for (const sl of s.slots) if (sl.drawn) say(ev, 'refresh_revealed', { side: s.side, seat: sl.seat, card: sl.drawn });
}

/** Refresh Phase steps 3-5 (spec 6.4): Redeploy, then the card's symbols. */
function refreshSymbols(s: S, ev: Ev): void {
  // Redeploy (Advanced, spec 7.13): Downed Elites of the Side, before the card is applied.
  const downed = Object.values(s.units).filter((u) => u.side === s.side && u.downed && isFigure(u)).map((u) => u.board).sort();
  if (CONTENT.missions[s.mission].rules === 'advanced' && s.slots.some((x) => x.drawn) && downed.length) {
    s.stack.push({ t: 'redeploy', seat: s.slots[0].seat, boards: downed, redeployed: [] });
    return;
  }
  buildRefresh(s, [], ev);
}

/** Outside spaces of Tiles with no enemy unit and no enemy OM, free (spec 7.13). */
export function redeploySpaces(s: S, side: Side, unit?: Unit): string[] {
  const m = map(s);
  const occ = unitAt(s);
  const out: string[] = [];
  const closed = eventTiles(s, side);
  for (const [ti, t] of m.tiles.entries()) {
    if (closed.has(ti)) continue;
    const enemy = t.cells.some((k) => { const u = occ.get(k); return !!u && u.side !== side; }) || s.oms.some((o) => o.control !== side && t.cells.includes(o.at));
    if (enemy) continue;
    for (const k of t.cells) { const c = m.cells[k]; if (!occ.get(k) && !m.cells[cellKey(c.x, c.y, c.z + 1)]) out.push(k); }
  }
  // A Large Unit: its whole footprint on such spaces (spec 7.2.6, 7.13 [P]).
  if (unit && isLarge(unit)) { const ok = new Set(out); return out.filter((k) => footprintAt(unit, k).every((c) => ok.has(c))).sort(); }
  return out.sort();
}

export function applyRedeploy(s: S, f: Extract<Frame, { t: 'redeploy' }>, a: Extract<Action, { type: 'redeploy' }>, ev: Ev): void {
  f.boards = f.boards.filter((b) => b !== a.board);
  const allies: Frame[] = [];
  if (a.to) {
    const u = s.units[a.board];
    u.at = a.to; u.downed = false;
    f.redeployed.push(a.board);
    say(ev, 'redeployed', { unit: u.id, to: a.to });
    // Its Downed Allies come back with it, within 2 spaces, their damage cubes cleared (spec 7.13 [P]); none when no space is free.
    for (const al of Object.values(s.units).filter((x) => x.ally && x.board === a.board && x.downed).sort((x, y) => (x.id < y.id ? -1 : 1))) {
      allies.push({ t: 'placeAlly', seat: f.seat, unit: al.id, host: u.id });
    }
  }
  if (!f.boards.length) { s.stack.pop(); buildRefresh(s, f.redeployed, ev); }
  s.stack.push(...allies.reverse());
}

/** Free spaces within 2 of the host on its Level, Outside (as a Redeploy), for a returning Ally. */
export function allySpaces(s: S, f: Extract<Frame, { t: 'placeAlly' }>): string[] {
  const host = s.units[f.host];
  if (!host.at) return [];
  const m = map(s);
  const occ = unitAt(s);
  const [hx, hy, hz] = host.at.split(',').map(Number);
  const out: string[] = [];
  for (let dx = -2; dx <= 2; dx++) for (let dy = -2; dy <= 2; dy++) {
    const k = cellKey(hx + dx, hy + dy, hz);
    if ((dx || dy) && m.cells[k] && !occ.get(k) && !m.cells[cellKey(hx + dx, hy + dy, hz + 1)]) out.push(k);
  }
  return out.sort();
}
export function placeAlly(s: S, f: Extract<Frame, { t: 'placeAlly' }>, to: string | null, ev: Ev): void {
  s.stack.splice(s.stack.indexOf(f), 1);
  const u = s.units[f.unit];
  if (to === null) { say(ev, 'ally_not_placed', { unit: u.id }); return; }
  // An undamaged Ally board has no damage record (as an Ally placed at setup, and as a position imports it).
  u.at = to; u.downed = false; delete u.damage; u.facing = s.units[f.host].facing;
  say(ev, 'ally_placed', { unit: u.id, to });
}

/** Deploy options: one board, Minion types slotted on it with an available figure and the cubes to buy it, Outside spaces of one Tile with no MAYHEM unit or OM (spec 7.12). */
export function deployOptions(s: S, f: Extract<Frame, { t: 'deploy' }>): { board: string; minion: string; to: string }[] {
  const m = map(s);
  const out: { board: string; minion: string; to: string }[] = [];
  const spaces = redeploySpaces(s, 'LEGION').filter((k) => f.tile === null || m.cells[k].tile === f.tile);
  for (const b of Object.values(s.boards).filter((x) => x.side === 'LEGION' && x.kind === 'squad' && (f.board === null || x.id === f.board)).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    for (const mi of b.minions) {
      const free = Object.values(s.units).some((u) => u.board === b.id && u.minion === mi && !u.at && !u.entry);
      const cost = CONTENT.minions[mi].reinforce;
      const need = { G: 0, Y: 0, B: 0 } as Record<string, number>;
      for (const ch of cost) need[ch]++;
      if (!free || need.G > b.reinforce.G || need.Y > b.reinforce.Y || need.B > b.reinforce.B) continue;
      for (const to of spaces) out.push({ board: b.id, minion: mi, to });
    }
  }
  return out;
}

export function applyDeploy(s: S, f: Extract<Frame, { t: 'deploy' }>, a: Extract<Action, { type: 'deploy' }>, ev: Ev): void {
  if (a.board === null) { s.stack.pop(); return; }
  const b = s.boards[a.board];
  for (const ch of CONTENT.minions[a.minion!].reinforce) b.reinforce[ch as 'G']--;
  const u = Object.values(s.units).filter((x) => x.board === b.id && x.minion === a.minion && !x.at && !x.entry).sort((x, y) => (x.id < y.id ? -1 : 1))[0];
  u.at = a.to!; u.downed = false; u.hits = 0;
  f.board = b.id; f.tile = CONTENT.missions[s.mission].compiled.cells[a.to!].tile;
  say(ev, 'deployed', { board: b.id, unit: u.id, to: a.to });
}

function buildRefresh(s: S, skip: string[], ev: Ev): void {
  const frames: Frame[] = [];
  const active = s.slots.map((x) => x.board);
  // A board redeployed now does not refresh this Turn (L1762).
  const mine = Object.values(s.boards).filter((b) => b.side === s.side && !skip.includes(b.id)).map((b) => b.id).sort();
  for (const sl of s.slots) {
    if (!sl.drawn) continue;
    const c = CONTENT.refresh[sl.drawn];
    for (const id of mine) {
      const target = s.players === 2 ? id !== sl.board : id === sl.board || !active.includes(id);
      const b = s.boards[id];
      if (target) {
        for (let i = 0; i < (c.shield ?? 0); i++) gainCube(b, 'shield');
        // Its Allies refresh with it (L1969): a Shield symbol takes a Shield cube off the Ally board, Heal a Wound cube (no choice to make).
        for (const a of Object.values(s.units).filter((x) => x.ally && x.board === id && x.at && x.damage).sort((x, y) => (x.id < y.id ? -1 : 1))) {
          const d = a.damage!;
          d.shield = Math.max(0, d.shield - (c.shield ?? 0));
          d.wounds = Math.max(0, d.wounds - (c.wound ?? 0));
          say(ev, 'ally_refreshed', { unit: a.id, damage: { ...d } });
          if (!d.shield && !d.armor && !d.wounds) delete a.damage; // undamaged again: no record, as before its first Hit
        }
        // Mayhem symbol (Advanced): each board refreshed gains a Permanent Mayhem Status (spec 2.2.5).
        if (CONTENT.missions[s.mission].rules === 'advanced') for (let i = 0; i < (c.mayhem ?? 0); i++) gainMayhemStatus(s, id, ev);
        const fig = isElite(id) ? s.units[id] : null;
        if (fig) for (let i = 0; i < (c.special ?? 0); i++) for (const ab of CONTENT.elites[id].special) for (const e of ab.effects.map((x) => x[0])) {
          if (e.k === 'gain') gainThing(s, fig, e.thing, ev); else if (e.k === 'heal') heal(s, fig);
        }
      }
      // Reinforcement (Advanced, LEGION): each Squad not activated gains one cube of its choice (spec 7.12).
      const reinforce = CONTENT.missions[s.mission].rules === 'advanced' && b.kind === 'squad' && !active.includes(id) ? c.reinforce ?? 0 : 0;
      const f: Frame = { t: 'refresh', seat: sl.seat, board: id, reinforce, cubes: target ? c.cube : 0, wound: target ? c.wound ?? 0 : 0, positive: !!c.status, negative: !!c.status, key: s.nextId++ };
      if (f.cubes || f.wound || f.positive || f.reinforce) frames.push(f);
    }
  }
  s.stack.push(...frames.reverse());
}

export function applyRefresh(s: S, f: Extract<Frame, { t: 'refresh' }>, a: Extract<Action, { type: 'refresh' }>, ev: Ev): void {
  const b = s.boards[f.board];
  const got: string[] = [];
  for (const ch of a.cubes) if (gainCube(b, LETTER[ch])) got.push(ch);
  for (const ch of a.reinforce ?? '') {
    const held = b.reinforce.G + b.reinforce.Y + b.reinforce.B;
    if (held < CONTENT.squads[b.id].reinforcement) b.reinforce[ch as 'G']++;
  }
  if (a.wound && b.wounds[a.wound] > 0) b.wounds[a.wound]--;
  for (const k of [a.positive, a.negative]) {
    if (!k) continue;
    const u = Object.values(s.units).sort((x, y) => (x.id < y.id ? -1 : 1)).find((x) => x.board === b.id && x.statuses.some((m) => m.kind === k && m.turn !== s.turnNo && m.timer === undefined));
    if (u) u.statuses.splice(u.statuses.findIndex((m) => m.kind === k && m.turn !== s.turnNo && m.timer === undefined), 1);
  }
  say(ev, 'refreshed', { board: b.id, cubes: got.join(''), wound: a.wound, removed: [a.positive, a.negative].filter(Boolean) });
}

/** End of Turn: discard, Minions regain Defense (L978); the Round ends when both decks are empty (L344-351). */
function endTurn(s: S, rng: Rng, ev: Ev): void {
  for (const sl of s.slots) if (sl.drawn) { s.decks[s.side] = discard(s.decks[s.side], [sl.drawn]); sl.drawn = null; }
  for (const u of Object.values(s.units)) u.hits = 0;
  // "This Turn" hit counters reset: Targetable Objects need all their Hits in one Turn (spec 6.4 step 8).
  delete s.objectHits;
  s.first[s.side] = false;
  if (deckSize(s.decks.MAYHEM) === 0 && deckSize(s.decks.LEGION) === 0 && !s.first.MAYHEM && !s.first.LEGION) {
    vpForOms(s, ev);
    if (s.result) return;
    say(ev, 'round_ended', { round: s.round });
    if (s.round >= (s.generated?.rounds ?? CONTENT.missions[s.mission].rounds)) { finish(s, `end of Round ${s.round}`, ev); return; }
    s.round++;
    for (const side of SIDES) s.decks[side] = reshuffleDiscard(s.decks[side]);
    s.first = { MAYHEM: true, LEGION: true };
    s.side = s.generated?.initiative ?? CONTENT.missions[s.mission].initiative;
  } else s.side = other(s.side);
  startTurn(s, rng, ev);
}

/** Runs the resolution stack until a decision is needed (or the game ends). */
export function settle(s: S, rng: () => Rng, ev: Ev): void {
  for (let guard = 0; guard < 10000; guard++) {
    if (s.result) { s.stack = []; return; }
    const f = s.stack[s.stack.length - 1];
    if (!f) {
      if (s.phase === 'refresh' && !s.deployed && CONTENT.missions[s.mission].rules === 'advanced' && s.slots.some((x) => x.drawn && CONTENT.refresh[x.drawn].deploy)) {
        s.deployed = true;
        s.stack.push({ t: 'deploy', seat: s.slots[0].seat, board: null, tile: null });
        continue;
      }
      // Step 6: EDMKS gives one LEGION board a Mayhem cube in each LEGION Refresh Phase (LEGION chooses, A-28).
      if (s.phase === 'refresh' && s.side === 'LEGION' && !s.edmksDone && dddActive(s, 'edmks')) {
        s.edmksDone = true;
        s.stack.push({ t: 'edmks', seat: s.slots[0].seat });
        continue;
      }
      // Step 9: the Dark Matter Bomb's radiation at the end of each MAYHEM Turn (spec 7.15).
      if (s.phase === 'refresh' && s.side === 'MAYHEM' && !s.radiated && dddActive(s, 'darkMatterBomb')) {
        s.radiated = true;
        s.stack.push(...radiation(s, ev).reverse());
        continue;
      }
      if (s.phase === 'refresh') { endTurn(s, rng(), ev); continue; }
      return;
    }
    if (f.t === 'attack') { if (advanceAttack(s, f, rng, ev) === 'wait' && s.stack[s.stack.length - 1] === f) return; continue; }
    if (f.t === 'explosion') { if (advanceBlast(s, f, rng, ev) === 'wait' && s.stack[s.stack.length - 1] === f) return; continue; }
    if (f.t === 'refreshSymbols') {
      const due = dueExplosions(s)[0];
      if (due) { detonate(s, due, rng(), ev); continue; }
      // Step 2.2: timers showing this Side come off, their When-Removed effects on the stack above (spec 7.8).
      if (!f.timers) { f.timers = true; removeTimers(s, ev, bombTimer); continue; }
      // Step 2.3: drones move by the revealed card(s) and spawn (spec 6.4; none without a card, a first Turn).
      if (s.traffic && !f.drones) { f.drones = true; startDrones(s, ev); continue; }
      s.stack.pop();
      refreshSymbols(s, ev);
      continue;
    }
    // W-paid (L280): ask the next unit that can still pay an Instant; when none is left, the paid Action is performed.
    if (f.t === 'paid') {
      f.units = paidUnits(s, f.units, f.act);
      if (f.units.length) return;
      s.stack.pop();
      performPaid(s, f.act, ev);
      continue;
    }
    // W-phase and W-step (rules/windows.ts).
    if (f.t === 'phase') { if (phaseWaits(s, f)) return; if (f.window === 'W-refresh') revealDrawn(s, ev); continue; }
    if (f.t === 'step') { if (stepWaits(s, f, ev)) return; continue; }
    if (f.t === 'delayed') {
      if (delayedTargets(s, f, enemySpaces).length || delayedMoves(s, f).length) return;
      resolveDelayed(s, f, null, ev);
      continue;
    }
    // An Instant's MP in a window (rules/instants.ts): wait for the owner while a move is possible.
    if (f.t === 'instantMp') { if (instantMoves(s, f).length || instantJumps(s, f).size) return; s.stack.pop(); continue; }
    if (f.t === 'event') { resolveEvent(s, f, rng(), ev); continue; }
    if (f.t === 'demolish') { resolveDemolish(s, f, rng(), ev); continue; }
    if (f.t === 'traffic') { resolveTraffic(s, f, rng(), ev); continue; }
    if (f.t === 'drones') { advanceDrones(s, f, ev); continue; }
    // A Ram's push (spec 7.16.4): the driving Side chooses among two or more spaces.
    if (f.t === 'ram') { if (f.stage === 'swipe') return; if (f.stage === 'attack') { ramDone(s, f, ev); continue; } if (f.options.length > 1) return; ramPush(s, f, f.options[0] ?? null, ev); continue; }
    if (f.t === 'chooseBoards' || f.t === 'chooseGadgets' || f.t === 'buyUpgrades' || f.t === 'resetBoards' || f.t === 'rewards' || f.t === 'buyMinions') return;
    // Advanced Setup step 4: with no free space left in the Side's Tiles the figure stays off the map.
    if (f.t === 'placeUnit') { if (placeSpaces(s, f).length) return; s.stack.pop(); say(ev, 'unit_not_placed', { unit: f.unit }); continue; }
    if (f.t === 'edmksTax') {
      const o = taxOptions(s, f.board);
      if (o.length > 1) return;
      if (o.length) payTax(s, f, o[0], ev); else s.stack.pop();
      continue;
    }
    if (f.t === 'edmks') {
      const o = edmksOptions(s);
      if (o.length > 1) return;
      edmksGain(s, f, o[0], ev);
      continue;
    }
    if (f.t === 'placeAlly') {
      const o = allySpaces(s, f);
      if (o.length > 1) return;
      placeAlly(s, f, o[0] ?? null, ev);
      continue;
    }
    if (f.t === 'displace') {
      const o = displaceOptions(s, f);
      if (o.length > 1) return;
      applyDisplace(s, f, o[0], ev);
      continue;
    }
    if (f.t === 'wound') {
      const u = s.units[f.unit];
      if (!u.at || f.left <= 0) { s.stack.pop(); continue; }
      if (woundFrameWaits(s, f)) return;
      const wells = s.boards[u.board];
      const only = (['speed', 'focus', 'tech', 'mayhem'] as Well[]).find((w) => wells.wounds[w] + wells.disrupted.filter((d) => d === w).length < capacity(wells, w)) ?? null;
      f.left--;
      woundInto(s, u, only, ev);
      continue;
    }
    if (f.t === 'fall') {
      if (!s.units[f.unit].at) { s.stack.pop(); continue; }
      if (fallWaits(s, f)) return;
      s.stack.pop();
      fallDamage(s, f, rng(), ev);
      continue;
    }
    if (f.t === 'redeploy' || f.t === 'deploy') return;
    if (f.t === 'refresh') {
      const c = refreshCandidates(s, f);
      if (c.length > 1) return;
      s.stack.pop();
      applyRefresh(s, f, c[0] as Extract<Action, { type: 'refresh' }>, ev);
      continue;
    }
  }
  throw new Error('settle: no progress');
}
export { attackWaits, unitAt };
