// Test helpers: hand-built positions on the provisional map with scripted dice.
// Dice: a scripted value v gives the d6 face v + 1, so 0 = ☺ (odd: hit) and 1 = blank.
import assert from 'node:assert/strict';
import { reshuffleDiscard } from '../../../src/engine/mech/deck.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import type { GameEvent, OpenDecision } from '../../../src/engine/types.js';
import { isViolation } from '../../../src/engine/types.js';
import { unbreakable } from '../../../src/games/unbreakable/index.js';
import { initialState, makeUnit } from '../../../src/games/unbreakable/rules/scenario.js';
import { Run, type Action, type Loadout, type S, type Side, type Terrain, type Unit, type UType } from '../../../src/games/unbreakable/state.js';

export const rs = unbreakable;
export const HIT = 0;
export const MISS = 1;

/** A game in play with no units, the deck full, nothing on the stack (default Industrial Wasteland). */
export function board(scenario = 'industrial-wasteland', seats = 2): S {
  const s = initialState(scenario, seats, { platoonSize: 3, turnCap: 10, opportunity: false, rounds: 1 });
  s.phase = 'play';
  s.turn = 1;
  s.deck = reshuffleDiscard(s.deck);
  return s;
}

export function put(s: S, id: string, side: Unit['side'], type: UType, at: string | null, l: Loadout = { beams: ['force'], bombs: ['nuke'] }, extra: Partial<Unit> = {}): Unit {
  const u = { ...makeUnit(id, side, type, l, at, at === null ? (side === 'blue' ? 'north' : 'south') : null), ...extra };
  s.units[id] = u;
  return u;
}

export function terrain(s: S, hexes: Record<string, Terrain>): void {
  for (const [h, t] of Object.entries(hexes)) s.map[h].terrain = t;
}

export const run = (dice: number[] = []) => new Run(scriptedRng(dice));

/** Opens an activation for side/type on top of a finished card frame. */
export function activate(s: S, side: Side, utype: UType): void {
  s.stack.push({ f: 'card', card: `act-${side}-${utype}s`, stage: 'end' });
  s.stack.push({ f: 'act', side, utype, card: `act-${side}-${utype}s`, units: Object.values(s.units).filter((u) => u.side === side && u.type === utype && !u.gone && !u.frozen).map((u) => u.id).sort(), turns: {}, n: ++s.seq });
}

export function decision(s: S, seat?: number): OpenDecision {
  const d = rs.pending(s).find((x) => seat === undefined || x.seat === seat);
  assert.ok(d, 'no open decision');
  return d;
}

export function tryApply(s: S, action: Action, dice: number[] = [], seat?: number) {
  const d = decision(s, seat);
  return rs.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action, key: d.key }, { seq: 1, rng: scriptedRng(dice) });
}

export function apply(s: S, action: Action, dice: number[] = [], seat?: number): { s: S; events: GameEvent[] } {
  const r = tryApply(s, action, dice, seat);
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message} for ${JSON.stringify(action)}`);
  return { s: r.state, events: r.events };
}

export function problem(s: S, action: Action, seat?: number): string | null {
  const d = decision(s, seat);
  return rs.validate(s, d.seat, d, action)?.code ?? null;
}

export function rolls(events: GameEvent[]): { purpose: string; faces: unknown[] }[] {
  return events.filter((e) => e.type === 'dice_rolled').map((e) => e.data as { purpose: string; faces: unknown[] });
}

/** Closes a sealed group with the given commits (seat → action). */
export function seal(s: S, commits: Record<number, Action>, dice: number[] = []): { s: S; events: GameEvent[] } {
  const d = rs.pending(s).find((x) => x.group);
  assert.ok(d, 'no sealed group open');
  const r = rs.apply(s, { kind: 'sealed', group: d.group!.id, commits }, { seq: 1, rng: scriptedRng(dice) });
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
  return { s: r.state, events: r.events };
}
