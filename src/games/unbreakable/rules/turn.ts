// The turn (§5): full reshuffle at turn start, the card loop, Time Stream (§5.4) and
// Earthquake (§8) cards. `advance` runs automatic frames until a decision is needed.
import { deckSize, drawOne, reshuffleDiscard } from '../../../engine/mech/deck.js';
import { rollEvent } from '../../../engine/mech/dice.js';
import { rollFaces } from '../../../engine/mech/dice.js';
import { CONTENT } from '../content.js';
import { BOMBS, COLOURS, lighter, live, type Frame, type Run, type S, type Side, type Size, type Status, type UType } from '../state.js';
import { colourRoll, combatRoll, convert, freezeThreshold, kOfN, removeUnit } from './effects.js';
import { checkVictory, finish, turnCapResult } from './victory.js';
import { anyActivationAction, oppCandidates } from '../legal.js';
import { runawayProgram, sdActivation, sdTimeStream } from './scenario.js';
import { load } from '../geometry.js';
import { land, vortexesAct } from './chrome.js';

type CardFrame = Extract<Frame, { f: 'card' }>;

export function advance(s: S, run: Run): void {
  for (let guard = 0; guard < 100000 && !s.result; guard++) {
    const top = s.stack[s.stack.length - 1];
    if (!top) {
      if (s.phase !== 'play') return;
      drawCard(s, run);
      continue;
    }
    if (top.f === 'card') { stepCard(s, run, top); continue; }
    if (top.f === 'act') {
      if (!anyActivationAction(s, top)) { s.stack.pop(); run.all('activation_ended', { card: top.card }); continue; }
      return;
    }
    if (top.f === 'overheat') {
      s.stack.pop();
      const u = s.units[top.unit];
      if (!u.gone && combatRoll(run, 'overheated beam', 1, { unit: u.id, weapon: top.weapon }) > 0) {
        u.weapons = u.weapons.filter((w) => w.id !== top.weapon);
        run.all('weapon_lost', { unit: u.id, weapon: top.weapon });
      }
      continue;
    }
    if (top.f === 'opp') {
      if (oppCandidates(s, top).length <= 1) { s.stack.pop(); continue; }
      return;
    }
    return;
  }
}

function drawCard(s: S, run: Run): void {
  if (deckSize(s.deck) === 0) {
    if (s.turn >= s.options.turnCap) { finish(s, run, turnCapResult(s)); return; }
    s.turn += 1;
    s.ts = 0;
    s.deck = reshuffleDiscard(s.deck);
    run.all('turn_started', { turn: s.turn, deck: s.deck.pool.length });
  }
  const r = drawOne(s.deck, run.fork('deck:action'));
  s.deck = r.deck;
  run.all('card_drawn', { card: r.card, turn: s.turn });
  s.stack.push({ f: 'card', card: r.card!, stage: 'start' });
}

export function cardInfo(id: string) {
  return CONTENT.cards.action.find((c) => c.id === id);
}

function stepCard(s: S, run: Run, top: CardFrame): void {
  if (top.stage === 'end') {
    s.stack.pop();
    if (!top.card.startsWith('quake-')) s.deck.discard.push(top.card);
    return;
  }
  const card = top.card;
  if (card === 'time-stream') {
    if (top.stage === 'start') {
      timeStreamStart(s, run);
      vortexesAct(s, run); // step 3 (§5.4)
      if (s.result) return;
      top.stage = 'auto';
      const seats = statusSeats(s);
      if (seats.length) s.stack.push({ f: 'status', ts: s.ts, seats, n: ++s.seq });
      return;
    }
    top.stage = 'end';
    if (s.scenario === 'special-delivery') sdTimeStream(s, run);
    if (s.scenario === 'runaway') runawayProgram(s, run);
    return;
  }
  top.stage = 'end';
  if (card.startsWith('quake-')) { earthquake(s, run, card.slice(6) as Size); return; }
  if (card.startsWith('opp-')) { opportunity(s, run, card); return; }
  const info = cardInfo(card)!;
  const side = info.side as Side;
  const utype = info.unit as UType;
  if (s.seatOf[side] === null) { sdActivation(s, run, utype); return; }
  const units = live(s).filter((u) => u.side === side && u.type === utype && !u.frozen).map((u) => u.id).sort();
  run.all('activation', { card, side, unit: utype, units });
  if (units.length) s.stack.push({ f: 'act', side, utype, card, units, turns: {}, n: ++s.seq });
  landAll(s, run, units);
}

/** Time Stream steps 1-2 (§5.4): clouds, thaw, stasis −1; or the freeze check. */
function timeStreamStart(s: S, run: Run): void {
  s.ts += 1;
  s.tsTotal += 1;
  run.all('time_stream', { ts: s.ts, total: s.tsTotal });
  if (s.ts === 1) {
    for (const hex of CONTENT.hexIds) {
      const c = s.map[hex].cloud;
      if (!c || c.turn >= s.turn) continue;
      const next = lighter(c.size);
      if (next) s.map[hex].cloud = { size: next, turn: c.turn };
      else delete s.map[hex].cloud;
      run.all('cloud_reduced', { hex, size: next });
    }
    for (const u of [...live(s), ...Object.values(s.objects).filter((o) => !o.gone)] as { id: string; frozen?: boolean; stasis?: number }[]) {
      if (u.frozen) { u.frozen = false; run.all('thawed', { unit: u.id }); }
      if ((u.stasis ?? 0) > 0) { u.stasis = u.stasis! - 1; run.all('stasis_changed', { unit: u.id, stasis: u.stasis }); }
    }
  } else {
    const n = freezeThreshold(s.ts)!;
    for (const u of [...live(s), ...Object.values(s.objects).filter((o) => !o.gone)] as { id: string; frozen?: boolean; stasis?: number }[]) {
      if (!u.frozen && (u.stasis ?? 0) >= n) { u.frozen = true; run.all('frozen', { unit: u.id, stasis: u.stasis }); }
    }
  }
}

/** Seats with at least one unit that may change status (non-frozen, in the game). */
export function statusSeats(s: S): number[] {
  const out: number[] = [];
  for (const side of ['blue', 'yellow'] as Side[]) {
    const seat = s.seatOf[side];
    if (seat !== null && statusUnits(s, side).length) out.push(seat);
  }
  return out.sort();
}

/** A side's non-frozen units whose status it sets, the runaway crawler included once that side reprogrammed it (A29). */
export function statusUnits(s: S, side: Side): string[] {
  return live(s).filter((u) => (u.side === side || (u.side === 'neutral' && s.runawayController === side)) && !u.frozen).map((u) => u.id).sort();
}

/** Status changes a unit may make (§5.4 step 4): Ready ↔ Buttoned, → Offline, Offline → Buttoned only. */
export function statusOptions(s: S, id: string): Status[] {
  const u = s.units[id];
  if (u.status === 'ready') return ['buttoned', 'offline'];
  if (u.status === 'buttoned') return ['ready', 'offline'];
  if (u.type === 'squad' && u.at !== null && load(s, u.at) + 1 > 4) return [];
  return ['buttoned'];
}

export function applyStatus(s: S, run: Run, changes: Record<string, Status>): void {
  for (const id of Object.keys(changes).sort()) {
    const u = s.units[id];
    const to = changes[id];
    if (u.gone || u.frozen || !statusOptions(s, id).includes(to)) continue;
    u.status = to;
    if (to === 'offline' && u.type === 'squad') u.config = 'ground';
    run.all('status_changed', { unit: id, status: to });
  }
}

// ---------------------------------------------------------------- earthquake (§8)

function earthquake(s: S, run: Run, size: Size): void {
  const def = CONTENT.cards.earthquake.find((e) => e.size === size)!;
  run.all('earthquake', { size });
  // §8.3: the drawn card goes to the unused pile; done first, so that with volcanic earthquakes it
  // counts as unused during its own resolution (§9.4 resolution).
  s.unusedQuakes.push(`quake-${size}`);
  s.unusedQuakes.sort();
  // §8.1 units (and objects) in lava, except hovering squads: all of 1/2/3 dice ☺ → removed.
  for (const u of live(s).filter((x) => x.at !== null).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (s.map[u.at!].terrain !== 'lava' || (u.type === 'squad' && u.config === 'hover') || u.jets) continue; // A36: a hovering walker makes no lava roll
    if (kOfN(run, 'lava', def.lavaDice, def.lavaDice, { unit: u.id })) removeUnit(s, run, u, 'lava');
  }
  for (const o of Object.values(s.objects).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (o.gone || o.carriedBy || o.at === null || s.map[o.at].terrain !== 'lava') continue;
    if (kOfN(run, 'lava', def.lavaDice, def.lavaDice, { object: o.id })) { o.gone = 'lava'; o.at = null; run.all('object_removed', { object: o.id, reason: 'lava' }); checkVictory(s, run); }
  }
  if (s.result) return;
  // §8.2 colour dice; a snapshot of matching hexes, each converted once (A22).
  const colours = rollFaces(run.fork('quake'), COLOURS, def.colourDice);
  run.ev.push(rollEvent('earthquake colours', colours));
  const hit = CONTENT.hexIds.filter((h) => {
    const m = s.map[h];
    return (m.epicenter && colours.includes(m.epicenter)) || (m.border && colours.includes(m.border));
  });
  for (const h of hit) { if (s.result) return; convert(s, run, h); }
  // §8.3 the card to the unused pile; the next lighter unused card to the discards.
  for (let z = lighter(size); z; z = lighter(z)) {
    const i = s.unusedQuakes.indexOf(`quake-${z}`);
    if (i >= 0) { s.unusedQuakes.splice(i, 1); s.deck.discard.push(`quake-${z}`); run.all('earthquake_card_added', { card: `quake-${z}` }); break; }
  }
  void colourRoll;
}

// ---------------------------------------------------------------- opportunity cards (§9.2)

function opportunity(s: S, run: Run, card: string): void {
  const def = CONTENT.cards.opportunity.find((o) => o.id === card)!;
  if (def.effect === 'reprogramCrawlers') {
    const rc = s.units.RC;
    if (!rc || rc.gone || rc.at === null) { run.all('opportunity', { card, effect: 'none' }); return; }
    const seats: number[] = [];
    for (const side of ['blue', 'yellow'] as Side[]) {
      if (side === s.runawayController) continue;
      if (reprogrammers(s, side).length && s.seatOf[side] !== null) seats.push(s.seatOf[side]!);
    }
    run.all('opportunity', { card });
    if (seats.length) s.stack.push({ f: 'reprogram', crawler: 'RC', seats: seats.sort(), n: ++s.seq });
    return;
  }
  run.all('opportunity', { card });
  const side = def.side as Side | undefined;
  if (def.effect === 'walkerOverload') {
    // §9.2: that colour's walkers are activated; after each action a walker rolls 1 die, ☺ → offline.
    if (s.seatOf[side!] === null) return;
    const units = live(s).filter((u) => u.side === side && u.type === 'walker' && !u.frozen).map((u) => u.id).sort();
    if (units.length) s.stack.push({ f: 'act', side: side!, utype: 'walker', card, units, turns: {}, n: ++s.seq, overload: true });
    landAll(s, run, units);
    return;
  }
  if (def.effect === 'changeGrenades') {
    const seats = (['blue', 'yellow'] as Side[]).filter((x) => s.seatOf[x] !== null && grenadeSquads(s, x).length).map((x) => s.seatOf[x]!);
    if (seats.length) s.stack.push({ f: 'grenades', seats: seats.sort(), n: ++s.seq });
    return;
  }
  if (s.seatOf[side!] === null) return;
  if (def.effect === 'clearMove') {
    const units = live(s).filter((u) => u.side === side && u.at !== null && !u.frozen && u.status !== 'offline' && CLEAR.has(s.map[u.at].terrain)).map((u) => u.id).sort();
    if (units.length) s.stack.push({ f: 'opp', effect: 'clearMove', side: side!, units, done: [], n: ++s.seq });
    return;
  }
  const crawlers = live(s).filter((u) => u.side === side && u.type === 'crawler' && u.at !== null && !u.frozen && u.status === 'ready').map((u) => u.id).sort();
  if (crawlers.length) s.stack.push({ f: 'opp', effect: 'lightFire', side: side!, units: crawlers, done: [], n: ++s.seq });
}

export const CLEAR = new Set(['clear', 'road']);

/** Squads whose bomb card may be switched (A42): both sides, bomb slot holds a basic bomb. */
export function grenadeSquads(s: S, side: Side): string[] {
  return live(s).filter((u) => u.side === side && u.type === 'squad' && (BOMBS as string[]).includes(u.weapons.find((w) => w.id === 'bomb1')?.kind ?? '')).map((u) => u.id).sort();
}

/** A36: walkers hovering on jump jets land as their next activation begins (firing a jet lifts them again). */
function landAll(s: S, run: Run, units: string[]): void {
  for (const id of units) if (s.units[id].jets) land(s, run, s.units[id]);
}

/** Ready hovering squads of `side` in the runaway crawler's hex (§9.2, A30). */
export function reprogrammers(s: S, side: Side): string[] {
  const rc = s.units.RC;
  if (!rc || rc.gone || rc.at === null) return [];
  return live(s).filter((u) => u.side === side && u.type === 'squad' && u.at === rc.at && u.status === 'ready' && u.config === 'hover' && !u.frozen).map((u) => u.id).sort();
}
