// Test helpers: drive the Abaddon ruleset through the kernel with scripted dice.
import assert from 'node:assert/strict';
import { applyEntry, openDecisions, setupGame, type KState } from '../../../src/engine/kernel.js';
import { entryRng, scriptedRng } from '../../../src/engine/rng.js';
import type { Decision, GameEvent, Ruleset } from '../../../src/engine/types.js';
import { isViolation } from '../../../src/engine/types.js';
import { abaddon } from '../../../src/games/abaddon/index.js';
import type { AbState, Action } from '../../../src/games/abaddon/state.js';
import type { XY } from '../../../src/games/abaddon/data.js';

export { abaddon };
export type K = KState<AbState>;

export function seats(n: number) {
  return Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` }));
}

/** Sets up a mission with the seeded game rng (or scripted values). */
export function start(mission: string, values?: number[], rs: Ruleset = abaddon, options: unknown = {}): { k: K; events: GameEvent[] } {
  const n = rs.scenarios.find((s) => s.id === mission)!.players as number;
  const rng = values ? scriptedRng(values, `setup-${mission}`) : entryRng('test-seed', `g-${mission}`, 0);
  const r = setupGame(rs, { scenario: mission, seats: seats(n), options }, rng);
  if (isViolation(r)) throw new Error(r.message);
  return { k: r.k as K, events: r.events };
}

export function decisions(k: K, rs: Ruleset = abaddon): Decision[] {
  return openDecisions(rs, k);
}

/** The single open decision (or the one for `seat`/`unit`). */
export function dec(k: K, seat?: number, unit?: string, rs: Ruleset = abaddon): Decision {
  const ds = decisions(k, rs).filter((d) => (seat === undefined || d.seat === seat) && (unit === undefined || (d.exposes as { unit?: string }).unit === unit));
  assert.ok(ds.length >= 1, `no open decision for seat ${seat} (phase ${k.s.phase})`);
  return ds[0];
}

/** Answers the open decision with `action`, dice/draws scripted by `values`. Throws on a violation. */
export function act(k: K, action: Action, values: number[] = [], seat?: number, rs: Ruleset = abaddon): { k: K; events: GameEvent[] } {
  const unit = (action as { unit?: string }).unit;
  const d = dec(k, seat, action.type === 'pass' || action.type === 'respond' ? unit : undefined, rs);
  const r = applyEntry(rs, k, { kind: 'answer', seat: d.seat, decision: d.id, action }, scriptedRng(values, `act-${k.seq}`));
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
  return { k: r.k as K, events: r.events };
}

/** Like act, but returns the violation code (or null). */
export function tryAct(k: K, action: Action, seat?: number, rs: Ruleset = abaddon): string | null {
  const unit = (action as { unit?: string }).unit;
  const d = dec(k, seat, action.type === 'pass' || action.type === 'respond' ? unit : undefined, rs);
  const r = applyEntry(rs, k, { kind: 'answer', seat: d.seat, decision: d.id, action }, scriptedRng([], 'try'));
  return isViolation(r) ? r.code : null;
}

export function unit(k: K, id: string) {
  const u = k.s.units.find((x) => x.id === id);
  assert.ok(u, `no unit ${id}`);
  return u!;
}

/**
 * A crafted Mission #1 position: terrain removed (unless given), units moved as listed,
 * the others parked out of the way; `active` to act in `phase` with `ordered` units.
 */
export function craft(o: {
  mission?: string;
  at?: Record<string, XY | null>;
  terrain?: XY[];
  hands?: Record<number, string[]>;
  active?: number;
  phase?: AbState['phase'];
  ordered?: string[];
  crystals?: Record<string, number>;
  lockons?: { seat: number; at: XY }[];
}): K {
  let { k } = start(o.mission ?? 'm1');
  k = finishSetup(k);
  const s = k.s;
  s.terrain = (o.terrain ?? []).map((at) => ({ type: 'city', at }));
  // Park every unit on its home row corners, then place the listed ones.
  let parkS = 0;
  let parkC = 0;
  for (const u of s.units) {
    if (u.status !== 'board') continue;
    u.at = u.faction === 'SCS' ? [parkS++, 0] : [15 - parkC++, 9];
  }
  for (const [id, at] of Object.entries(o.at ?? {})) {
    const u = s.units.find((x) => x.id === id)!;
    if (at === null) {
      u.status = 'destroyed';
      u.at = null;
    } else u.at = at;
  }
  for (const [id, c] of Object.entries(o.crystals ?? {})) s.units.find((x) => x.id === id)!.crystals = c;
  s.hands = s.hands.map(() => []);
  if (o.hands) for (const [seat, h] of Object.entries(o.hands)) s.hands[Number(seat)] = h.slice().sort();
  s.active = o.active ?? s.active;
  s.turnIdx = Math.max(0, s.order.indexOf(s.active));
  s.phase = o.phase ?? s.phase;
  s.dice = (o.ordered ?? []).map((id) => ({ face: 'C' as const, use: 'order' as const, unit: id }));
  s.moved = [];
  s.battled = [];
  s.attacks = [];
  s.respond = [];
  s.responded = [];
  s.lockons = o.lockons ?? [];
  s.step += 1;
  return k;
}

export function evOf(events: GameEvent[], type: string): GameEvent[] {
  return events.filter((e) => e.type === type);
}

/** Answers setup decisions (divide, deploy, displace) with their defaults. */
export function finishSetup(k: K, rs: Ruleset = abaddon): K {
  while (['divide', 'deploy', 'displace'].includes(k.s.phase)) {
    const d = dec(k, undefined, undefined, rs);
    const raw = rs.pending(k.s).find((x) => x.seat === d.seat)!;
    k = act(k, rs.defaultAction(k.s, raw), [], d.seat, rs).k;
  }
  return k;
}

/** Plays turns with all-Weapon-System activation rolls (no orders) until the round changes. */
export function passRound(k: K, dice = 5): { k: K; events: GameEvent[] } {
  const round = k.s.round;
  const events: GameEvent[] = [];
  while (k.s.round === round && !k.s.result) {
    const d = dec(k);
    assert.equal(d.kind, 'lockon');
    const n = k.s.seats[d.seat].dice;
    const r = act(k, { type: 'lockOn', at: null }, [...Array(n).fill(4), ...Array(n).fill(0)], d.seat);
    k = r.k;
    events.push(...r.events);
  }
  void dice;
  return { k, events };
}
