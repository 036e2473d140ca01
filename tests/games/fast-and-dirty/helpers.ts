import assert from 'node:assert/strict';
// Builders for Fast and Dirty rules tests: positions from a one-line description, dice scripted
// (a scripted value v is the face v + 1).
import { fastAndDirty } from '../../../src/games/fast-and-dirty/index.js';
import { buildUnit, type UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, Feature, S, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import { eventsFor } from '../../../src/engine/kernel.js';
import { localRng, scriptedRng } from '../../../src/engine/rng.js';
import { isViolation, type GameEvent, type Violation } from '../../../src/engine/types.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';

export { fastAndDirty };
export const seats = [{ index: 0, name: 'A' }, { index: 1, name: 'B' }];

export function setup(scenario = 'firefight', options: unknown = {}, dice: number[] = []): S {
  const r = fastAndDirty.setup({ scenario, seats, options }, { seq: 0, rng: scriptedRng(dice, `setup-${scenario}`) });
  if (isViolation(r)) throw new Error(r.code);
  return r.state;
}

let n = 0;
/** A squad spec: `count` figures with a weapon, optional support weapon. */
export function squad(q: UnitSpec['quality'] = 'regular', count = 5, o: { weapon?: string; support?: string; armour?: string; resolve?: UnitSpec['resolve'] } = {}): UnitSpec {
  const figures: UnitSpec['figures'] = [{ weapon: o.weapon ?? 'assaultRifle', armour: o.armour ?? 'light', count }];
  if (o.support) figures.push({ weapon: o.support, armour: o.armour ?? 'light', support: true });
  return { name: `Test ${++n}`, quality: q, resolve: o.resolve ?? 'steady', figures };
}

/**
 * A crafted position: the given units (id, side, spec, figure centres), the given terrain
 * (default none), unit `active` awaiting its order (or the activate phase for side 0).
 */
export function craft(o: {
  units: { id: string; side: Side | null; spec: UnitSpec; at: Pt[] }[];
  terrain?: Feature[];
  active?: string;
  name: string;
  options?: Record<string, unknown>;
  victory?: S['victory'];
}): S {
  const s = setup('firefight', o.options ?? {});
  s.scenario = `test:${o.name}`; // the terrain caches are keyed by scenario
  s.terrain = o.terrain ?? [];
  s.objectives = [];
  if (o.victory) s.victory = o.victory;
  s.units = o.units.map((u) => {
    const built = buildUnit(u.spec, u.id, u.side, u.at[0]);
    built.figures = built.figures.slice(0, u.at.length);
    built.figures.forEach((f, i) => { f.at = u.at[i]; });
    built.strength = built.figures.length;
    return built;
  });
  s.phase = o.active ? 'order' : 'activate';
  s.active = o.active ?? null;
  s.toAct = o.active ? (s.units.find((u) => u.id === o.active)!.side as Side) : 0;
  s.step = 100;
  return s;
}

/** Figures in a row along x, `gap` hundredths apart centre to centre. */
export function row(x: number, y: number, count: number, gap = 220): Pt[] {
  return Array.from({ length: count }, (_, i) => [x + i * gap, y] as Pt);
}

export function decision(s: S) {
  return fastAndDirty.pending(s)[0];
}

export function tryAct(s: S, action: Action, dice: number[] = []): { s: S; events: GameEvent[] } | Violation {
  const d = decision(s);
  const r = fastAndDirty.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action }, { seq: 1, rng: scriptedRng(dice, 'test-fallback') });
  if (isViolation(r)) return r;
  return { s: r.state, events: r.events };
}

export function act(s: S, action: Action, dice: number[] = []): { s: S; events: GameEvent[] } {
  const r = tryAct(s, action, dice);
  if ('code' in r) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

export const unitOf = (s: S, id: string): Unit => s.units.find((u) => u.id === id)!;
export const evOf = (events: GameEvent[], type: string) => events.filter((e) => e.type === type).map((e) => e.data as Record<string, any>);
export const faces = (...f: number[]) => f.map((x) => x - 1);
export const hold: Action = { type: 'engage', moves: [], target: null, fireFirst: true };
export const shootAt = (target: string): Action => ({ type: 'engage', moves: [], target, fireFirst: true });
export { localRng };

/** A crafted table with squads and vehicles; unit `active` (a squad or a vehicle) awaits its order. */
export function vehicleScene(name: string, o: { squads?: Parameters<typeof craft>[0]['units']; vehicles: Unit[]; active: string; terrain?: Feature[] }): S {
  const s = craft({ units: o.squads ?? [], terrain: o.terrain, name });
  s.units.push(...o.vehicles);
  const u = s.units.find((x) => x.id === o.active)!;
  s.phase = 'order';
  s.active = u.id;
  s.toAct = u.side as Side;
  return s;
}

/** A1 (4 Regulars, 2 dead, broken) about to activate, its fourth trooper with these personalities; B1 far away. */
export function shaken(name: string, personalities: string[]): S {
  const spec: UnitSpec = { name: 'Shaken', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 3 }, { weapon: 'assaultRifle', armour: 'light', personalities }] };
  const s = craft({ name, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  const a = unitOf(s, 'A1');
  a.figures[0].alive = false; a.figures[1].alive = false; a.broken = true;
  return s;
}

/** Both seats read the same log slices and the same views (the Lucky window hides nothing and leaks nothing, §8.1). */
export function noLeak(...rs: { s: S; events: GameEvent[] }[]): void {
  for (const r of rs) {
    assert.ok(r.events.every((e) => e.to === 'all'), 'the dice, the window and the re-roll are public');
    assert.deepEqual(eventsFor(r.events, 1, false), eventsFor(r.events, 0, false), 'both seats read the same log');
    assert.deepEqual(fastAndDirty.view(r.s, 1), fastAndDirty.view(r.s, 0), 'both seats see the same state');
  }
}
