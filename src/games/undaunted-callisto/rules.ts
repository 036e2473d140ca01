// The rules proper: setup, rounds (draw, sealed bid, turns), card plays and every action
// keyword, combat frames (strikes, casualty choice, PULSE push, area order), victory.
import { connectedSubsets, isConnected, isWalk, neighbours, reach, walks } from '../../engine/mech/graph.js';
import { draw as drawDeck, newDeck } from '../../engine/mech/deck.js';
import { rollDice } from '../../engine/mech/dice.js';
import type { GameEvent, Result, Rng, Seat, SeatInfo, Violation } from '../../engine/types.js';
import { violation } from '../../engine/types.js';
import { CONTENT, FACTIONS, parseEquipment, type CardDef, type Faction, type UnitClass } from './content.js';
import { renderAction, type ActionDef } from './notation.js';
import {
  areaSpaces, areaTargets, canEnter, defenceOf, mapOf, moveGraph, singleTargets, spaceGraph, spaceOf, structureDef, targetProblem,
} from './geometry.js';
import {
  card, countOf, factionSeats, other, PLAY_CAP, sortIds, takeAll, teammate, unitDef,
  type CombatCtx, type Frame, type S, type SeatState, type Zone,
} from './state.js';

// ---------------------------------------------------------------- actions

export interface PlayAction {
  type: 'play';
  card: string;
  use: 'action' | 'ready' | 'hunker' | 'equipment';
  action?: number;
  spawn?: string;
  to?: string;
  passengers?: string[];
  path?: string[];
  unit?: string;
  cards?: string[];
  from?: Seat;
  count?: number;
  seat?: Seat;
  spaces?: string[];
  recon?: string;
  target?: string;
  space?: string;
  door?: string;
}
export type Action =
  | PlayAction
  | { type: 'end' }
  | { type: 'bid'; card: string }
  | { type: 'casualty'; card: string }
  | { type: 'target'; target: string }
  | { type: 'push'; to: string | null };

/**
 * Per-apply randomness and event sink. Each purpose ('dice', 'deck:<seat>') has its own
 * stream; a second use of a purpose within one entry gets `<label>#2`, and so on, so an
 * added draw of one purpose never moves another purpose's stream.
 */
export class Run {
  ev: GameEvent[] = [];
  private uses = new Map<string, number>();
  constructor(private readonly rng: Rng | null) {}
  fork(label: string): Rng {
    if (!this.rng) throw new Error('no rng in this context');
    const n = (this.uses.get(label) ?? 0) + 1;
    this.uses.set(label, n);
    return this.rng.fork(n === 1 ? label : `${label}#${n}`);
  }
  all(type: string, data: unknown) { this.ev.push({ type, to: 'all', data }); }
}

// ---------------------------------------------------------------- setup

export function seatLayout(n: number): { faction: Faction; forces: number[] }[] {
  return n === 4
    ? [{ faction: 'breakers', forces: [1] }, { faction: 'lfa', forces: [1] }, { faction: 'breakers', forces: [2] }, { faction: 'lfa', forces: [2] }]
    : [{ faction: 'breakers', forces: [1, 2] }, { faction: 'lfa', forces: [1, 2] }];
}

function expand(counts: Record<string, number>): string[] {
  const out: string[] = [];
  for (const [id, n] of Object.entries(counts)) for (let i = 0; i < n; i++) out.push(id);
  return sortIds(out);
}

export function setupState(p: { scenario: string; seats: SeatInfo[]; options: unknown }, rng: Rng): { s: S; ev: GameEvent[] } | Violation {
  const sc = CONTENT.scenarios[p.scenario];
  if (!sc) return violation('unknown_scenario', `no scenario ${p.scenario}`);
  const n = p.seats.length;
  if (!sc.players.includes(n)) return violation('bad_player_count', `${sc.id} is for ${sc.players.join(' or ')} players`);
  const opts = (p.options ?? {}) as { roundCap?: unknown };
  const roundCap = opts.roundCap === undefined ? 30 : opts.roundCap;
  if (typeof roundCap !== 'number' || !Number.isInteger(roundCap) || roundCap < 1 || roundCap > 500) return violation('bad_option', 'roundCap is an integer in 1..500');
  const layout = seatLayout(n);
  const seats: SeatState[] = layout.map((l, seat) => {
    const fs = sc.factions[l.faction];
    const deck: string[] = [];
    const supply: string[] = [];
    for (const f of l.forces) { deck.push(...expand(fs.forces[String(f)].deck)); supply.push(...expand(fs.forces[String(f)].supply)); }
    return { seat, faction: l.faction, forces: l.forces, deck: newDeck(deck), hand: [], play: [], supply: sortIds(supply), casualties: [], setAside: [], out: [] };
  });
  const ownerOf = (f: Faction, force: number) => seats.find((x) => x.faction === f && x.forces.includes(force))!.seat;
  const units: S['units'] = {};
  for (const f of FACTIONS) {
    const fs = sc.factions[f];
    const ids = new Set<string>();
    for (const k of ['1', '2']) for (const id of [...Object.keys(fs.forces[k].deck), ...Object.keys(fs.forces[k].supply)]) if (card(id).unit) ids.add(card(id).unit!);
    for (const u of fs.units) ids.add(u.unit);
    for (const id of [...ids].sort()) {
      const placed = fs.units.find((u) => u.unit === id);
      units[id] = { id, owner: ownerOf(f, unitDef(id).force), at: placed?.at ?? null, suppressed: placed?.status === 'suppressed', neutralised: false };
    }
  }
  const markers: S['markers'] = {};
  for (const f of FACTIONS) for (const mk of sc.factions[f].markers) (markers[mk.space] ??= {})[f] = mk.side;
  const commanderOf = (f: Faction): Seat | null => {
    if (n !== 4) return null;
    return seats.find((x) => x.faction === f && x.deck.pool.some((c) => card(c).commander))?.seat ?? seats.find((x) => x.faction === f)!.seat;
  };
  const fac = {} as S['fac'];
  for (const f of FACTIONS) {
    const c = commanderOf(f);
    fac[f] = { interference: expand(sc.factions[f].interference), neutralised: [], destroyed: [], commander: c, nextCommander: c };
  }
  const s: S = {
    scenario: sc.id, nPlayers: n, roundCap, seats, fac, units, markers, doorsOpen: [],
    structures: Object.fromEntries(sc.structures.map((x) => [x.id, { destroyed: false }])),
    people: sc.people.map((x) => ({ ...x })), round: 0, phase: 'turns', initiative: sc.initiative, bidders: [], order: [], turn: 0,
    plays: 0, started: [], stack: [], nextId: 1, result: null,
  };
  const run = new Run(rng);
  run.all('setup', { scenario: sc.id, title: sc.title, provisional: CONTENT.provisional, initiative: sc.initiative, seats: layout });
  startRound(s, run);
  settle(s, run);
  return { s, ev: run.ev };
}

// ---------------------------------------------------------------- zones

/** Cards entering a seat's discard; in the 4-player game the commander card goes to the teammate instead (command transfer). */
export function toDiscard(s: S, seat: Seat, cards: string[], run: Run): void {
  for (const c of cards) {
    const mate = teammate(s, seat);
    if (mate !== null && card(c).commander) {
      s.seats[mate].deck = { ...s.seats[mate].deck, discard: s.seats[mate].deck.discard.concat(c) };
      s.fac[s.seats[seat].faction].nextCommander = mate;
      run.all('command_transferred', { from: seat, to: mate, card: c, effective: s.round + 1 });
    } else {
      s.seats[seat].deck = { ...s.seats[seat].deck, discard: s.seats[seat].deck.discard.concat(c) };
    }
  }
}

export function drawInto(s: S, seat: Seat, n: number, run: Run, why: string): string[] {
  const st = s.seats[seat];
  const r = drawDeck(st.deck, run.fork(`deck:${seat}`), n, true);
  st.deck = r.deck;
  st.hand = sortIds(st.hand.concat(r.cards));
  if (r.reshuffled) run.all('deck_reshuffled', { seat });
  run.ev.push({ type: 'cards_drawn', to: { seats: [seat] }, data: { seat, why, cards: r.cards }, others: { seat, why, count: r.cards.length } });
  return r.cards;
}

// ---------------------------------------------------------------- rounds and turns

function startRound(s: S, run: Run): void {
  if (s.round >= s.roundCap) { endByCap(s, run); return; }
  s.round++;
  s.started = [];
  s.turn = 0;
  s.plays = 0;
  s.order = [];
  if (s.nPlayers === 4) for (const f of FACTIONS) s.fac[f].commander = s.fac[f].nextCommander;
  run.all('round_started', { round: s.round, initiative: s.initiative, commanders: s.nPlayers === 4 ? { breakers: s.fac.breakers.commander, lfa: s.fac.lfa.commander } : undefined });
  const drawOrder = [s.initiative, other(s.initiative)].flatMap((f) => {
    const seats = factionSeats(s, f);
    return s.nPlayers === 4 ? [s.fac[f].commander!, ...seats.filter((x) => x !== s.fac[f].commander)] : seats;
  });
  for (const seat of drawOrder) drawInto(s, seat, s.nPlayers === 4 && s.fac[s.seats[seat].faction].commander !== seat ? 3 : 4, run, 'round');
  const bidders = s.nPlayers === 4 ? FACTIONS.map((f) => s.fac[f].commander!) : [0, 1];
  s.bidders = bidders.filter((b) => s.seats[b].hand.length > 0).sort();
  if (s.bidders.length === 2) { s.phase = 'bid'; return; }
  // G-15: a seat with no card cannot bid; the other takes the initiative, else the holder keeps it.
  if (s.bidders.length === 1) s.initiative = s.seats[s.bidders[0]].faction;
  run.all('initiative', { faction: s.initiative, bids: null, reason: s.bidders.length ? 'only one bidder' : 'no bidder' });
  beginTurns(s);
}

function beginTurns(s: S): void {
  s.phase = 'turns';
  const i = s.initiative;
  const o = other(i);
  if (s.nPlayers === 4) {
    const non = (f: Faction) => factionSeats(s, f).find((x) => x !== s.fac[f].commander)!;
    s.order = [s.fac[i].commander!, s.fac[o].commander!, non(i), non(o)];
  } else {
    s.order = [factionSeats(s, i)[0], factionSeats(s, o)[0]];
  }
  s.turn = 0;
  s.plays = 0;
}

export function applyBids(s: S, commits: Record<Seat, { card: string }>, run: Run): void {
  const bids: Record<string, { card: string; initiative: number }> = {};
  let best: { seat: Seat; v: number } | null = null;
  const holderSeat = s.bidders.find((b) => s.seats[b].faction === s.initiative)!;
  for (const b of s.bidders) {
    const c = commits[b].card;
    bids[b] = { card: c, initiative: card(c).initiative };
    const v = card(c).initiative;
    if (!best || v > best.v || (v === best.v && b === holderSeat)) best = { seat: b, v };
  }
  const prev = s.initiative;
  s.initiative = s.seats[best!.seat].faction;
  run.all('bids_revealed', { round: s.round, bids, initiative: s.initiative, changed: prev !== s.initiative });
  for (const b of s.bidders) {
    s.seats[b].hand = takeAll(s.seats[b].hand, [commits[b].card])!;
    toDiscard(s, b, [commits[b].card], run);
  }
  beginTurns(s);
}

export function activeSeat(s: S): Seat | null {
  return s.phase === 'turns' && !s.stack.length ? s.order[s.turn] : null;
}

export const playable = (c: string) => card(c).type !== 'interference';

function endTurn(s: S, run: Run, reason: string): void {
  const seat = s.order[s.turn];
  const st = s.seats[seat];
  const cards = [...st.hand, ...st.play];
  st.hand = [];
  st.play = [];
  run.all('turn_ended', { seat, reason, discarded: sortIds(cards.slice()) });
  toDiscard(s, seat, cards, run);
  s.turn++;
  s.plays = 0;
  if (s.turn >= s.order.length) startRound(s, run);
}

/** Runs the stack and the turn sequence until a decision is needed or the game ends. */
export function settle(s: S, run: Run): void {
  for (let guard = 0; guard < 100000; guard++) {
    if (s.result) return;
    checkWin(s, run);
    if (s.result) return;
    if (s.stack.length) { if (!runStack(s, run)) return; continue; }
    if (s.phase !== 'turns') return;
    const seat = s.order[s.turn];
    if (!s.started.includes(seat)) { s.started.push(seat); run.all('turn_started', { seat, round: s.round }); }
    const st = s.seats[seat];
    if (s.plays >= PLAY_CAP) { endTurn(s, run, 'play_cap'); continue; }
    if (!st.hand.some(playable)) { endTurn(s, run, st.hand.length ? 'only_interference' : 'empty_hand'); continue; }
    return;
  }
  throw new Error('settle did not converge');
}

function endByCap(s: S, run: Run): void {
  const pts = { breakers: controlPoints(s, 'breakers'), lfa: controlPoints(s, 'lfa') };
  const winner = pts.breakers > pts.lfa ? 'breakers' : pts.lfa > pts.breakers ? 'lfa' : null;
  finishGame(s, run, {
    winners: winner ? factionSeats(s, winner) : [], draw: !winner, reason: 'round_cap',
    scores: { breakers: pts.breakers, lfa: pts.lfa },
  });
}

export function finishGame(s: S, run: Run, r: Result): void {
  s.result = r;
  s.phase = 'over';
  s.stack = [];
  run.all('game_over', r);
}

// ---------------------------------------------------------------- victory

export function controlPoints(s: S, f: Faction): number {
  let n = 0;
  for (const sp of mapOf(s).def.spaces) {
    if (s.markers[sp.id]?.[f] !== 'controlled' || sp.points === undefined) continue;
    n += typeof sp.points === 'number' ? sp.points : sp.points[f] ?? 0;
  }
  return n;
}

export function victoryMet(s: S, f: Faction): string | null {
  for (const v of CONTENT.scenarios[s.scenario].factions[f].victory) {
    switch (v.kind) {
      case 'controlPoints': if (controlPoints(s, f) >= v.atLeast) return `control ${v.atLeast} objective points`; break;
      case 'neutraliseCount': if (s.fac[f].neutralised.filter((u) => !v.units || v.units.includes(u)).length >= v.atLeast) return `neutralise ${v.atLeast} enemy units`; break;
      case 'neutraliseSpecific': if (v.units.every((u) => s.fac[f].neutralised.includes(u))) return `neutralise ${v.units.join(', ')}`; break;
      case 'destroyStructures': {
        const n = s.fac[f].destroyed.filter((id) => id.startsWith('structure:')).map((id) => structureDef(s, id.slice(10)))
          .filter((st) => (!v.structureType || st.type === v.structureType) && (!v.structures || v.structures.includes(st.id))).length;
        if (n >= v.atLeast) return `destroy ${v.atLeast} ${v.structureType ?? 'structures'}`;
        break;
      }
      case 'controlPeople': {
        const n = s.people.filter((p) => p.type === v.people && s.markers[p.space]?.[f] === 'controlled').length;
        if (n >= v.atLeast) return `control ${v.atLeast} ${v.people}s`;
        break;
      }
    }
  }
  return null;
}

export function actingFaction(s: S): Faction {
  const top = s.stack[s.stack.length - 1];
  if (top && (top.t === 'area' || top.t === 'strike')) return s.seats[top.c.seat].faction;
  if (s.phase === 'turns' && s.order.length) return s.seats[s.order[Math.min(s.turn, s.order.length - 1)]].faction;
  return s.initiative;
}

/** Immediate victory (RB "Game end"); both at once: the acting faction wins (G-29). */
export function checkWin(s: S, run: Run, acting = actingFaction(s)): void {
  if (s.result) return;
  const met = FACTIONS.filter((f) => victoryMet(s, f));
  if (!met.length) return;
  const w = met.includes(acting) ? acting : met[0];
  finishGame(s, run, { winners: factionSeats(s, w), draw: false, reason: `${w}: ${victoryMet(s, w)}` });
}

// ---------------------------------------------------------------- combat frames

function runStack(s: S, run: Run): boolean {
  const top = s.stack[s.stack.length - 1];
  switch (top.t) {
    case 'area':
      if (top.remaining.length >= 2) return false;
      if (top.remaining.length === 1) { const t = top.remaining[0]; top.remaining = []; s.stack.push({ t: 'strike', c: top.c, target: t }); return true; }
      s.stack.pop();
      return true;
    case 'strike':
      s.stack.pop();
      strike(s, top.c, top.target, run);
      checkWin(s, run, s.seats[top.c.seat].faction);
      return true;
    case 'casualty':
      if (top.ask) return false;
      s.stack.pop();
      takeCasualty(s, top, casualtyOptions(s, top)[0], run);
      return true;
    case 'push':
      if (!pushOptions(s, top).length) { s.stack.pop(); return true; }
      return false;
  }
}

function strike(s: S, c: CombatCtx, target: string, run: Run): void {
  const f = s.seats[c.seat].faction;
  if (targetProblem(s, f, c.from, c.def, target)) { run.all('strike_skipped', { attack: c.id, target }); return; }
  const d = defenceOf(s, c.from, target);
  const faces = rollDice(run.fork('dice'), d.die, c.def.value);
  const success = faces.some((x) => x >= d.total);
  run.all('dice_rolled', { purpose: c.def.kind, attack: c.id, attacker: c.unit, target, die: `d${d.die}`, faces, defence: d.total, parts: d.parts, success });
  if (!success) return;
  if (target.startsWith('door:')) {
    s.doorsOpen = sortIds(s.doorsOpen.concat(target.slice(5)));
    s.fac[f].destroyed.push(target);
    run.all('door_destroyed', { door: target.slice(5), by: c.seat });
    return;
  }
  if (target.startsWith('structure:')) {
    s.structures[target.slice(10)].destroyed = true;
    s.fac[f].destroyed.push(target);
    run.all('structure_destroyed', { structure: target.slice(10), by: c.seat });
    return;
  }
  const u = s.units[target];
  if (c.def.kind === 'SUPPRESS') {
    if (!u.suppressed) { u.suppressed = true; run.all('suppressed', { unit: target }); }
    else run.all('suppressed', { unit: target, already: true });
    return;
  }
  if (c.def.kind === 'PULSE') s.stack.push({ t: 'push', id: c.id, seat: c.seat, unit: target });
  inflictCasualty(s, target, c.seat, run);
}

/** Casualty search: hand, then discard, then deck; else neutralise (RB p.20). */
function inflictCasualty(s: S, unit: string, by: Seat, run: Run): void {
  const u = s.units[unit];
  const st = s.seats[u.owner];
  const match = (xs: readonly string[]) => xs.filter((c) => card(c).unit === unit);
  const zone: Zone | null = match(st.hand).length ? 'hand' : match(st.deck.discard).length ? 'discard' : match([...st.deck.top, ...st.deck.pool]).length ? 'deck' : null;
  if (!zone) { neutralise(s, unit, by, run); return; }
  // Ask whenever the candidates could differ as far as the other seats can tell (DESIGN "No leak").
  const pub = zone === 'discard' ? match(st.deck.discard) : match([...st.hand, ...st.deck.top, ...st.deck.pool, ...st.casualties.map((x) => x.card)]);
  const ask = new Set(pub).size >= 2;
  s.stack.push({ t: 'casualty', id: s.nextId++, seat: u.owner, unit, zone, ask, by });
}

export function casualtyOptions(s: S, f: Extract<Frame, { t: 'casualty' }>): string[] {
  const st = s.seats[f.seat];
  const zone = f.zone === 'hand' ? st.hand : f.zone === 'discard' ? st.deck.discard : [...st.deck.top, ...st.deck.pool];
  return sortIds([...new Set(zone.filter((c) => card(c).unit === f.unit))]);
}

export function takeCasualty(s: S, f: Extract<Frame, { t: 'casualty' }>, c: string, run: Run): void {
  const st = s.seats[f.seat];
  if (f.zone === 'hand') st.hand = takeAll(st.hand, [c])!;
  else if (f.zone === 'discard') st.deck = { ...st.deck, discard: takeAll(st.deck.discard, [c])! };
  else st.deck = { top: [], pool: takeAll([...st.deck.top, ...st.deck.pool], [c])!.sort(), discard: st.deck.discard };
  st.casualties.push({ card: c, unit: f.unit });
  const pub = f.zone === 'discard';
  run.ev.push({
    type: 'casualty', to: pub ? 'all' : { seats: [f.seat] }, data: { seat: f.seat, unit: f.unit, zone: f.zone, card: c },
    ...(pub ? {} : { others: { seat: f.seat, unit: f.unit, zone: f.zone } }),
  });
  if (f.zone === 'deck') run.all('deck_shuffled', { seat: f.seat });
}

function neutralise(s: S, unit: string, by: Seat, run: Run): void {
  const u = s.units[unit];
  const st = s.seats[u.owner];
  u.at = null;
  u.neutralised = true;
  u.suppressed = false;
  const gone = st.supply.filter((c) => card(c).unit === unit);
  st.supply = st.supply.filter((c) => card(c).unit !== unit);
  st.out = sortIds(st.out.concat(gone));
  s.fac[s.seats[by].faction].neutralised.push(unit);
  run.all('neutralised', { unit, by, supplyRemoved: gone });
}

export function pushOptions(s: S, f: Extract<Frame, { t: 'push' }>): string[] {
  const u = s.units[f.unit];
  if (!u.at) return [];
  const owner = unitDef(f.unit).faction;
  return neighbours(moveGraph(s), u.at).filter((n) => canEnter(s, n, unitDef(f.unit).class, owner));
}

export function doPush(s: S, f: Extract<Frame, { t: 'push' }>, to: string | null, run: Run): void {
  if (to === null) { run.all('push_declined', { unit: f.unit }); return; }
  const u = s.units[f.unit];
  const fromSpace = spaceOf(s, u.at!);
  const toSpace = spaceOf(s, to);
  u.at = to;
  const readied = u.suppressed;
  u.suppressed = false;
  let civilians = 0;
  for (const p of s.people) if (p.type === 'civilian' && p.space === fromSpace && fromSpace !== toSpace) { p.space = toSpace; civilians++; }
  run.all('pushed', { unit: f.unit, to, readied, civilians });
  afterMove(s, [f.unit], run);
}

/** Scenario hook 'pit-trap': a vehicle or mech that ends a move in a space with an intact pit trap is suppressed. */
function afterMove(s: S, unitIds: string[], run: Run): void {
  if (!CONTENT.scenarios[s.scenario].rules.includes('pit-trap')) return;
  for (const id of unitIds) {
    const u = s.units[id];
    if (!u.at || unitDef(id).class === 'personnel' || mapOf(s).nodes[u.at].deck) continue;
    const trap = CONTENT.scenarios[s.scenario].structures.find((st) => st.type === 'pitTrap' && st.space === spaceOf(s, u.at!) && !s.structures[st.id].destroyed);
    if (trap && !u.suppressed) { u.suppressed = true; run.all('suppressed', { unit: id, by: trap.id }); }
  }
}

// ---------------------------------------------------------------- card plays: legality

interface PlayCtx {
  s: S; seat: Seat; faction: Faction; cd: CardDef; def: ActionDef;
  /** The acting unit (combat card or equipment user) and its position after any spawn. */
  unit: string | null; pos: string | null;
}

const BASE_KEYS = ['type', 'card', 'use', 'action', 'spawn'];
const KEYS: Record<string, string[]> = {
  MOVE: ['to', 'passengers'], SCOUT: ['path'], GUIDE: ['unit', 'to'], BOLSTER: ['cards', 'from'], COMMAND: ['count', 'seat'],
  CONTROL: [], INSPIRE: ['cards'], PATHFIND: ['spaces'], RECON: ['recon'], ATTACK: ['target', 'space'], PULSE: ['target', 'space'],
  SUPPRESS: ['target', 'space'], DOORS: ['door'],
};

// The recursions below are module functions rather than closures: tsx names every closure
// made per call (`__name`), a few per cent of an Undaunted entry.
function subMultisets(avail: string[], max: number): string[][] {
  const counts = [...countOf(avail).entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const out: string[][] = [];
  subMultisetsFrom(counts, max, 0, [], out);
  return out;
}

function subMultisetsFrom(counts: [string, number][], max: number, i: number, acc: string[], out: string[][]): void {
  if (i === counts.length) { out.push(acc); return; }
  const [id, n] = counts[i];
  for (let k = 0; k <= n && acc.length + k <= max; k++) subMultisetsFrom(counts, max, i + 1, acc.concat(Array(k).fill(id)), out);
}

function subsets<T>(xs: T[], max: number): T[][] {
  const out: T[][] = [];
  subsetsFrom(xs, max, 0, [], out);
  return out;
}

function subsetsFrom<T>(xs: T[], max: number, i: number, acc: T[], out: T[][]): void {
  if (i === xs.length) { out.push(acc); return; }
  subsetsFrom(xs, max, i + 1, acc, out);
  if (acc.length < max) subsetsFrom(xs, max, i + 1, acc.concat(xs[i]), out);
}

const cls = (id: string): UnitClass => unitDef(id).class;

function moveDests(ctx: PlayCtx, unit: string, from: string, n: number): string[] {
  return reach(moveGraph(ctx.s), from, n, (node) => canEnter(ctx.s, node, cls(unit), ctx.faction));
}

function passengerPool(ctx: PlayCtx): string[] {
  const cap = unitDef(ctx.unit!).transport ?? 0;
  if (!cap) return [];
  return Object.values(ctx.s.units).filter((u) => u.id !== ctx.unit && u.at === ctx.pos && !u.suppressed
    && unitDef(u.id).faction === ctx.faction && unitDef(u.id).class === 'personnel').map((u) => u.id).sort();
}

function guideUnits(ctx: PlayCtx): string[] {
  return Object.values(ctx.s.units).filter((u) => u.at && !u.suppressed && unitDef(u.id).faction === ctx.faction
    && unitDef(u.id).class === 'personnel' && (!ctx.def.squad || unitDef(u.id).squad === ctx.def.squad)).map((u) => u.id).sort();
}

function bolsterSources(ctx: PlayCtx): Seat[] {
  const mate = teammate(ctx.s, ctx.seat);
  return mate === null ? [ctx.seat] : [ctx.seat, mate];
}

function bolsterPool(ctx: PlayCtx, from: Seat): string[] {
  const sup = ctx.s.seats[from].supply.filter((c) => !ctx.def.squad || card(c).squad === ctx.def.squad);
  // G-31: an unrestricted BOLSTER may also take Interference from the (shared) Interference supply.
  return ctx.def.squad ? sup : sup.concat(ctx.s.fac[ctx.faction].interference);
}

function commandTargets(ctx: PlayCtx): Seat[] {
  const mate = teammate(ctx.s, ctx.seat);
  return mate !== null && !ctx.s.started.includes(mate) ? [ctx.seat, mate] : [ctx.seat];
}

function inspirePool(ctx: PlayCtx): string[] {
  // The resolving card is not yet in the play area here, so it cannot select itself (G-13).
  return ctx.s.seats[ctx.seat].play.filter((c) => !ctx.def.squad || card(c).squad === ctx.def.squad);
}

function pathfindAnchors(ctx: PlayCtx): string[] {
  const s = ctx.s;
  let units: string[];
  if (ctx.def.squad) units = Object.values(s.units).filter((u) => u.at && unitDef(u.id).faction === ctx.faction && unitDef(u.id).squad === ctx.def.squad).map((u) => u.id);
  else if (ctx.unit) units = [ctx.unit];
  else units = Object.values(s.units).filter((u) => u.at && unitDef(u.id).faction === ctx.faction).map((u) => u.id);
  const out = new Set<string>();
  const g = spaceGraph(s);
  for (const id of units) {
    const at = id === ctx.unit ? ctx.pos : s.units[id].at;
    if (!at) continue;
    const sp = spaceOf(s, at);
    out.add(sp);
    for (const m of neighbours(g, sp)) out.add(m);
  }
  return [...out].sort();
}

function pathfindAllowed(s: S, sp: string): boolean {
  const m = mapOf(s);
  const ground = m.nodes[sp].impassable !== 'all';
  const deck = m.nodes[`${sp}:deck`];
  return ground || (deck !== undefined && deck.impassable !== 'all');
}

function controlBlocked(ctx: PlayCtx): boolean {
  const sp = spaceOf(ctx.s, ctx.pos!);
  const opp = other(ctx.faction);
  return ctx.s.markers[sp]?.[opp] === 'controlled'
    && Object.values(ctx.s.units).some((u) => u.at && unitDef(u.id).faction === opp && spaceOf(ctx.s, u.at) === sp);
}

/** Every legal parameter set of one action (without the card/use/spawn fields). */
function paramOptions(ctx: PlayCtx): Partial<PlayAction>[] {
  const { s, def } = ctx;
  switch (def.kind) {
    case 'MOVE': {
      const dests = moveDests(ctx, ctx.unit!, ctx.pos!, def.value);
      const groups = subsets(passengerPool(ctx), unitDef(ctx.unit!).transport ?? 0);
      return dests.flatMap((to) => groups.map((p) => (p.length ? { to, passengers: p } : { to })));
    }
    case 'SCOUT':
      return walks(moveGraph(s), ctx.pos!, def.value, (n) => canEnter(s, n, cls(ctx.unit!), null)).map((path) => ({ path }));
    case 'GUIDE':
      return guideUnits(ctx).flatMap((u) => moveDests(ctx, u, s.units[u].at!, def.value).map((to) => ({ unit: u, to })));
    case 'BOLSTER':
      return bolsterSources(ctx).flatMap((from) => subMultisets(bolsterPool(ctx, from), def.value)
        .map((cards) => (from === ctx.seat ? { cards } : { cards, from })));
    case 'COMMAND':
      return commandTargets(ctx).flatMap((seat) => Array.from({ length: def.value + 1 }, (_, count) => (seat === ctx.seat ? { count } : { count, seat })));
    case 'CONTROL':
      return controlBlocked(ctx) ? [] : [{}];
    case 'INSPIRE':
      return subMultisets(inspirePool(ctx), def.value).map((cards) => ({ cards }));
    case 'PATHFIND':
      return [{ spaces: [] }, ...connectedSubsets(spaceGraph(s), pathfindAnchors(ctx), def.value, (sp) => pathfindAllowed(s, sp)).map((spaces) => ({ spaces }))];
    case 'RECON':
      return [...new Set(s.seats[ctx.seat].hand.filter((c) => card(c).type === 'interference'))].sort().map((recon) => ({ recon }));
    case 'DOORS':
      return mapOf(s).def.doors.filter((d) => !s.doorsOpen.includes(d.id)).map((d) => ({ door: d.id }));
    default:
      return def.area
        ? areaSpaces(s, ctx.faction, ctx.pos!, def).map((space) => ({ space }))
        : singleTargets(s, ctx.faction, ctx.pos!, def).map((target) => ({ target }));
  }
}

const isStrArr = (x: unknown): x is string[] => Array.isArray(x) && x.every((y) => typeof y === 'string');

function paramProblem(ctx: PlayCtx, a: PlayAction): Violation | null {
  const { s, def } = ctx;
  const bad = violation;
  switch (def.kind) {
    case 'MOVE': {
      if (typeof a.to !== 'string' || !mapOf(s).nodes[a.to]) return bad('bad_destination', 'MOVE needs `to`, a position');
      if (!moveDests(ctx, ctx.unit!, ctx.pos!, def.value).includes(a.to)) {
        if (!canEnter(s, a.to, cls(ctx.unit!), null)) return bad('impassable', `${cls(ctx.unit!)} units cannot enter ${a.to}`);
        if (!canEnter(s, a.to, cls(ctx.unit!), ctx.faction)) return bad('not_scouted', `${a.to} is not scouted or controlled by your faction`);
        return bad('unreachable', `${a.to} is not reachable in ${def.value} steps through your scouted spaces`);
      }
      const p = a.passengers ?? [];
      if (!isStrArr(p)) return bad('bad_passengers', 'passengers is a list of unit ids');
      const cap = unitDef(ctx.unit!).transport ?? 0;
      if (p.length && !cap) return bad('no_transport', 'this unit cannot transport');
      if (p.length > cap) return bad('over_capacity', `capacity ${cap}`);
      if (new Set(p).size !== p.length) return bad('bad_passengers', 'duplicate passenger');
      const pool = passengerPool(ctx);
      for (const x of p) if (!pool.includes(x)) return bad('bad_passenger', `${x} is not a ready friendly personnel unit in the vehicle's space`);
      return null;
    }
    case 'SCOUT': {
      if (!isStrArr(a.path) || a.path.length > def.value) return bad('bad_path', `SCOUT needs \`path\`, at most ${def.value} positions`);
      if (!isWalk(moveGraph(s), ctx.pos!, a.path, (n) => canEnter(s, n, cls(ctx.unit!), null))) return bad('bad_path', 'each step must enter an adjacent, enterable position (closed doors block)');
      return null;
    }
    case 'GUIDE': {
      if (typeof a.unit !== 'string' || !s.units[a.unit]) return bad('bad_unit', 'GUIDE needs `unit`');
      if (!guideUnits(ctx).includes(a.unit)) {
        const ud = unitDef(a.unit);
        if (ud.faction !== ctx.faction) return bad('not_friendly', 'GUIDE moves a friendly unit');
        if (ud.class !== 'personnel') return bad('not_personnel', 'GUIDE moves personnel only');
        if (def.squad && ud.squad !== def.squad) return bad('squad_mismatch', `GUIDE ${def.value}${def.squad} moves squad ${def.squad} only`);
        if (!s.units[a.unit].at) return bad('not_on_board', 'the unit is not on the board');
        return bad('unit_suppressed', 'a suppressed unit cannot be guided');
      }
      if (typeof a.to !== 'string' || !moveDests(ctx, a.unit, s.units[a.unit].at!, def.value).includes(a.to)) return bad('unreachable', 'destination not reachable through your scouted spaces');
      return null;
    }
    case 'BOLSTER': {
      const from = a.from ?? ctx.seat;
      if (!bolsterSources(ctx).includes(from)) return bad('not_teammate', 'BOLSTER takes from your or your teammate\'s supply');
      if (!isStrArr(a.cards) || a.cards.length > def.value) return bad('bad_cards', `BOLSTER takes up to ${def.value} cards`);
      if (def.squad && a.cards.some((c) => CONTENT.cards[c]?.squad !== def.squad)) return bad('squad_mismatch', `only squad ${def.squad}`);
      if (!takeAll(bolsterPool(ctx, from), a.cards)) return bad('not_in_supply', 'those cards are not in the supply');
      return null;
    }
    case 'COMMAND': {
      const seat = a.seat ?? ctx.seat;
      if (seat !== ctx.seat) {
        if (seat !== teammate(s, ctx.seat)) return bad('not_teammate', 'COMMAND draws from your deck or your teammate\'s');
        if (s.started.includes(seat)) return bad('teammate_played', 'your teammate has already played this round');
      }
      if (!Number.isInteger(a.count) || a.count! < 0 || a.count! > def.value) return bad('bad_count', `count in 0..${def.value}`);
      return null;
    }
    case 'CONTROL':
      return controlBlocked(ctx) ? bad('control_blocked', 'the opponent controls this space and has a unit there') : null;
    case 'INSPIRE': {
      if (!isStrArr(a.cards) || a.cards.length > def.value) return bad('bad_cards', `INSPIRE returns up to ${def.value} cards`);
      if (def.squad && a.cards.some((c) => CONTENT.cards[c]?.squad !== def.squad)) return bad('squad_mismatch', `only squad ${def.squad}`);
      if (!takeAll(inspirePool(ctx), a.cards)) return bad('not_in_play_area', 'those cards are not in your play area (the resolving card cannot select itself)');
      return null;
    }
    case 'PATHFIND': {
      if (!isStrArr(a.spaces) || a.spaces.length > def.value) return bad('bad_spaces', `PATHFIND chooses up to ${def.value} spaces`);
      if (new Set(a.spaces).size !== a.spaces.length) return bad('bad_spaces', 'duplicate space');
      for (const sp of a.spaces) if (!mapOf(s).spaces[sp]) return bad('bad_spaces', `no space ${sp}`);
      if (!a.spaces.length) return null;
      if (a.spaces.some((sp) => !pathfindAllowed(s, sp))) return bad('impassable', 'an impassable space cannot be chosen');
      if (!isConnected(spaceGraph(s), a.spaces)) return bad('not_contiguous', 'the chosen spaces must be contiguous');
      const anchors = pathfindAnchors(ctx);
      if (!a.spaces.some((sp) => anchors.includes(sp))) return bad('not_adjacent_to_squad', 'one space must be adjacent to a unit of the designated squad');
      return null;
    }
    case 'RECON':
      if (!s.seats[ctx.seat].hand.some((c) => card(c).type === 'interference')) return bad('no_interference', 'RECON needs an Interference card in hand');
      if (typeof a.recon !== 'string' || card(a.recon).type !== 'interference' || !takeAll(s.seats[ctx.seat].hand, [a.card, a.recon])) return bad('bad_recon', '`recon` names an Interference card in your hand');
      return null;
    case 'DOORS':
      if (typeof a.door !== 'string' || !mapOf(s).def.doors.some((d) => d.id === a.door)) return bad('bad_door', 'DOORS needs `door`');
      if (s.doorsOpen.includes(a.door)) return bad('door_open', 'that door is already open');
      return null;
    default: {
      if (def.area) {
        if (typeof a.space !== 'string' || !mapOf(s).spaces[a.space]) return bad('bad_space', 'an area attack names a `space`');
        if (a.target !== undefined) return bad('bad_target', 'an area attack names a space, not a target');
        if (!areaTargets(s, ctx.faction, ctx.pos!, def, a.space).length) return bad('no_target', `no eligible target in ${a.space} (range, class, enemies)`);
        return null;
      }
      if (typeof a.target !== 'string') return bad('bad_target', 'a combat action names a `target`');
      const p = targetProblem(s, ctx.faction, ctx.pos!, def, a.target);
      return p ? violation(p.code, p.message) : null;
    }
  }
}

function spawnOptions(s: S, unit: string): string[] {
  return mapOf(s).spawns(unitDef(unit).faction, unitDef(unit).force);
}

function makeCtx(s: S, seat: Seat, cd: CardDef, def: ActionDef, pos: string | null): PlayCtx {
  return { s, seat, faction: s.seats[seat].faction, cd, def, unit: cd.unit ?? null, pos };
}

export function equipmentDef(s: S, cd: CardDef): { def: ActionDef; problem: Violation | null } | null {
  const sp = cd.unit && s.units[cd.unit]?.at ? mapOf(s).spaces[spaceOf(s, s.units[cd.unit].at!)] : null;
  if (!sp?.equipment) return null;
  const def = parseEquipment(sp.equipment);
  if (cd.type !== 'combat' || unitDef(cd.unit!).class !== 'personnel') return { def, problem: violation('not_personnel', 'vehicle and mech cards cannot use equipment') };
  if (s.units[cd.unit!].suppressed) return { def, problem: violation('unit_suppressed', 'a suppressed unit cannot use equipment') };
  if (s.markers[sp.id]?.[s.seats[s.units[cd.unit!].owner].faction] !== 'controlled') return { def, problem: violation('not_controlled', 'equipment needs a space you control') };
  return { def, problem: null };
}

function unknownKeys(a: PlayAction, extra: string[]): Violation | null {
  const bad = Object.keys(a).filter((k) => !BASE_KEYS.includes(k) && !extra.includes(k));
  return bad.length ? violation('unknown_field', `unexpected field(s) ${bad.join(', ')}`) : null;
}

export function validatePlay(s: S, seat: Seat, a: PlayAction): Violation | null {
  const st = s.seats[seat];
  if (typeof a.card !== 'string' || !CONTENT.cards[a.card]) return violation('unknown_card', 'no such card');
  if (!st.hand.includes(a.card)) return violation('not_in_hand', `${a.card} is not in your hand`);
  const cd = card(a.card);
  if (cd.type === 'interference') return violation('interference_unplayable', 'Interference cards can only be bid');
  const u = cd.unit ? s.units[cd.unit] : null;
  switch (a.use) {
    case 'hunker':
      return unknownKeys(a, []) ?? (a.action !== undefined || a.spawn !== undefined ? violation('unknown_field', 'hunker down takes no action') : null);
    case 'ready':
      if (!u) return violation('no_unit', 'a command card has no unit to ready');
      if (!u.at) return violation('not_on_board', 'the unit is not on the board');
      if (!u.suppressed) return violation('not_suppressed', 'the unit is not suppressed');
      return unknownKeys(a, []) ?? (a.action !== undefined || a.spawn !== undefined ? violation('unknown_field', 'ready takes no action') : null);
    case 'equipment': {
      if (!u || !u.at) return violation('equipment_unavailable', 'equipment is used by a personnel unit on the board');
      const e = equipmentDef(s, cd);
      if (!e) return violation('equipment_unavailable', 'no equipment in the unit\'s space');
      if (e.problem) return e.problem;
      if (a.action !== undefined || a.spawn !== undefined) return violation('unknown_field', 'equipment use takes no action index or spawn');
      return unknownKeys(a, KEYS[e.def.kind]) ?? paramProblem(makeCtx(s, seat, cd, e.def, u.at), a);
    }
    case 'action': {
      if (!Number.isInteger(a.action) || a.action! < 0 || a.action! >= cd.actions.length) return violation('bad_action_index', `action is an index into ${cd.actions.map(renderAction).join(' / ')}`);
      const def = cd.actions[a.action!];
      let pos: string | null = null;
      if (u) {
        if (u.neutralised) return violation('unit_neutralised', 'the unit was neutralised');
        if (u.suppressed) return violation('unit_suppressed', 'a suppressed unit can only be readied or hunkered down');
        if (u.at) {
          if (a.spawn !== undefined) return violation('already_on_board', 'the counter is already on the board');
          pos = u.at;
        } else {
          const opts = spawnOptions(s, u.id);
          if (a.spawn === undefined && opts.length > 1) return violation('spawn_required', `choose a spawn space: ${opts.join(', ')}`);
          const sp = a.spawn ?? opts[0];
          if (!opts.includes(sp)) return violation('bad_spawn', `spawn in ${opts.join(' or ')}`);
          pos = sp;
        }
      } else if (a.spawn !== undefined) return violation('unknown_field', 'command cards place no counter');
      return unknownKeys(a, KEYS[def.kind]) ?? paramProblem(makeCtx(s, seat, cd, def, pos), a);
    }
    default:
      return violation('bad_use', 'use is action, ready, hunker or equipment');
  }
}

export function playCandidates(s: S, seat: Seat): PlayAction[] {
  const out: PlayAction[] = [];
  const st = s.seats[seat];
  for (const c of [...new Set(st.hand)].sort()) {
    const cd = card(c);
    if (cd.type === 'interference') continue;
    out.push({ type: 'play', card: c, use: 'hunker' });
    const u = cd.unit ? s.units[cd.unit] : null;
    if (u?.at && u.suppressed) { out.push({ type: 'play', card: c, use: 'ready' }); continue; }
    if (u?.neutralised) continue;
    const e = u?.at ? equipmentDef(s, cd) : null;
    if (e && !e.problem) for (const p of paramOptions(makeCtx(s, seat, cd, e.def, u!.at))) out.push({ type: 'play', card: c, use: 'equipment', ...p });
    const spawns: (string | undefined)[] = !u || u.at ? [undefined] : spawnOptions(s, u.id).length > 1 ? spawnOptions(s, u.id) : [undefined];
    cd.actions.forEach((def, i) => {
      for (const sp of spawns) {
        const pos = !u ? null : u.at ?? sp ?? spawnOptions(s, u.id)[0];
        for (const p of paramOptions(makeCtx(s, seat, cd, def, pos))) {
          out.push({ type: 'play', card: c, use: 'action', action: i, ...(sp ? { spawn: sp } : {}), ...p });
        }
      }
    });
  }
  return out;
}

// ---------------------------------------------------------------- card plays: effects

function placeMarkers(s: S, f: Faction, spaces: string[]): string[] {
  const placed: string[] = [];
  for (const sp of spaces) {
    if (s.markers[sp]?.[f]) continue;
    (s.markers[sp] ??= {})[f] = 'scouted';
    placed.push(sp);
  }
  return placed;
}

function takeInterference(s: S, seat: Seat, n: number, run: Run): void {
  const f = s.seats[seat].faction;
  const pool = s.fac[f].interference;
  const taken = pool.slice(0, Math.min(n, pool.length));
  s.fac[f].interference = pool.slice(taken.length);
  if (n) run.all('interference_taken', { seat, owed: n, taken });
  toDiscard(s, seat, taken, run);
}

export function applyPlay(s: S, seat: Seat, a: PlayAction, run: Run): void {
  const st = s.seats[seat];
  const cd = card(a.card);
  const f = st.faction;
  s.plays++;
  st.hand = takeAll(st.hand, [a.card])!;
  const u = cd.unit ? s.units[cd.unit] : null;
  const { type: _t, card: _c, use: _u, action: _a, ...params } = a;
  if (a.use === 'hunker') {
    st.supply = sortIds(st.supply.concat(a.card));
    run.all('card_played', { seat, card: a.card, use: 'hunker' });
    return;
  }
  st.play.push(a.card);
  if (a.use === 'ready') {
    u!.suppressed = false;
    run.all('card_played', { seat, card: a.card, use: 'ready', unit: u!.id });
    return;
  }
  let def: ActionDef;
  if (a.use === 'equipment') def = equipmentDef(s, cd)!.def;
  else {
    def = cd.actions[a.action!];
    if (u && !u.at) {
      u.at = a.spawn ?? spawnOptions(s, u.id)[0];
      run.all('unit_placed', { unit: u.id, at: u.at });
    }
  }
  run.all('card_played', { seat, card: a.card, use: a.use, action: renderAction(def), params });
  const ctx = makeCtx(s, seat, cd, def, u?.at ?? null);
  switch (def.kind) {
    case 'MOVE': {
      const movers = [u!.id, ...(a.passengers ?? [])];
      for (const m of movers) s.units[m].at = a.to!;
      run.all('moved', { units: movers, to: a.to });
      afterMove(s, movers, run);
      return;
    }
    case 'SCOUT': {
      const placed = placeMarkers(s, f, a.path!.map((n) => spaceOf(s, n)));
      if (a.path!.length) u!.at = a.path![a.path!.length - 1];
      run.all('scouted', { unit: u!.id, path: a.path, markers: placed });
      takeInterference(s, seat, placed.length, run);
      afterMove(s, [u!.id], run);
      return;
    }
    case 'GUIDE':
      s.units[a.unit!].at = a.to!;
      run.all('moved', { units: [a.unit], to: a.to, guided: true });
      afterMove(s, [a.unit!], run);
      return;
    case 'BOLSTER': {
      const from = a.from ?? seat;
      const fromSup = a.cards!.filter((c) => card(c).type !== 'interference');
      const fromInt = a.cards!.filter((c) => card(c).type === 'interference');
      s.seats[from].supply = takeAll(s.seats[from].supply, fromSup)!;
      s.fac[f].interference = takeAll(s.fac[f].interference, fromInt)!;
      run.all('bolstered', { seat, into: from, cards: a.cards });
      toDiscard(s, from, a.cards!, run);
      return;
    }
    case 'COMMAND':
      drawInto(s, a.seat ?? seat, a.count!, run, 'command');
      return;
    case 'CONTROL': {
      const sp = spaceOf(s, ctx.pos!);
      const opp = other(f);
      (s.markers[sp] ??= {})[f] = 'controlled';
      const flipped = s.markers[sp][opp] === 'controlled';
      if (flipped) s.markers[sp][opp] = 'scouted';
      run.all('controlled', { faction: f, space: sp, flipped });
      return;
    }
    case 'INSPIRE':
      st.play = takeAll(st.play, a.cards!)!;
      st.hand = sortIds(st.hand.concat(a.cards!));
      run.all('inspired', { seat, cards: a.cards });
      return;
    case 'PATHFIND': {
      const placed = placeMarkers(s, f, a.spaces!);
      run.all('pathfound', { seat, spaces: a.spaces, markers: placed });
      takeInterference(s, seat, placed.length, run);
      return;
    }
    case 'RECON':
      st.hand = takeAll(st.hand, [a.recon!])!;
      st.setAside.push(a.recon!);
      run.all('recon', { seat, setAside: a.recon });
      drawInto(s, seat, 1, run, 'recon');
      return;
    case 'DOORS':
      s.doorsOpen = sortIds(s.doorsOpen.concat(a.door!));
      run.all('door_opened', { door: a.door, by: seat });
      return;
    default: {
      const c: CombatCtx = { seat, unit: u!.id, def, from: ctx.pos!, id: s.nextId++ };
      if (def.area) s.stack.push({ t: 'area', c, remaining: areaTargets(s, f, ctx.pos!, def, a.space!) });
      else s.stack.push({ t: 'strike', c, target: a.target! });
    }
  }
}

export function endTurnAction(s: S, run: Run): void {
  endTurn(s, run, 'ended');
}
