// The Golem's Basic Actions (spec 7.17, L1937-1945) and the spaces a Large Unit may be set on
// (spec 7.2.6 is in geometry.ts). Demolish is the ability `ALWAYS = DEMOLISH` on a self Action that names a space
// of a building within 1 space of the unit: 1 red d12, a Hit or Aimed Hit places an Explosion
// marker face up there without its attack (Building Damage, collapse check). Regenerate is
// `ALWAYS = HEAL` (one Wound off the board). Both are data on the Golem's board.
import { violation, type Rng, type Violation } from '../../../engine/types.js';
import { rollEvent } from '../../../engine/mech/dice.js';
import type { CompiledAction } from '../content.js';
import { parseKey } from '../geometry.js';
import { footprintAt, map, type Frame, type S, type Unit } from '../state.js';
import { say, type Ev } from './board.js';
import { roll } from './combat.js';
import { inBuilding, placeBuildingDamage } from './explosions.js';

/** Whether an Action carries the DEMOLISH effect (it then names a building space). */
export function demolishes(a: CompiledAction): boolean {
  return a.parsed.some((ab) => ab.effects.some((alt) => alt.some((e) => e.k === 'demolish')));
}

/**
 * Why `u` cannot Demolish at `target` (null: it can): an Advanced mission (Explosion markers), a
 * space in or on a building (spec 2.1.1) on the unit's Level, within 1 space of one of its spaces
 * (L1943). [P] A-37: the marker goes on the named space, which must be an Inside space of that
 * building on the unit's Level (or its Destroyed tile), so the player names the nearest one.
 */
export function demolishProblem(s: S, u: Unit, target: string | undefined): Violation | null {
  if (!s.explosions) return violation('no_explosions', 'Demolish places an Explosion marker: Advanced missions only (spec 7.6)');
  if (typeof target !== 'string') return violation('no_target', 'name a space of the building to Demolish (spec 7.17)');
  const m = map(s);
  const c = m.cells[target];
  if (!c || !inBuilding(m, c)) return violation('not_a_building', `${target} is no space of a building (spec 7.17)`);
  if (!u.at) return violation('not_on_map', `${u.id} is not on the map`);
  const [, , z] = parseKey(u.at);
  if (c.z !== z) return violation('not_on_level', `the building space must be on ${u.id}'s Level (spec 7.17 [P], A-37)`);
  const near = footprintAt(u, u.at).some((k) => { const [x, y] = parseKey(k); return Math.max(Math.abs(x - c.x), Math.abs(y - c.y)) <= 1; });
  if (!near) return violation('out_of_range', `${target} is not within 1 space of ${u.id} (L1943)`);
  return null;
}

/** Building spaces `u` may Demolish now (candidates). */
export function demolishTargets(s: S, u: Unit): string[] {
  if (!u.at || !s.explosions) return [];
  const [ax, ay, z] = parseKey(u.at);
  const out: string[] = [];
  for (let x = ax - 1; x <= ax + 2; x++) for (let y = ay - 1; y <= ay + 2; y++) {
    const k = `${x},${y},${z}`;
    if (map(s).cells[k] && !demolishProblem(s, u, k)) out.push(k);
  }
  return out.sort();
}

/** Resolve a Demolish frame: 1 red d12; on a Hit or Aimed Hit a face-up marker in the building, no attack (L1943). */
export function resolveDemolish(s: S, f: Extract<Frame, { t: 'demolish' }>, rng: Rng, ev: Ev): void {
  s.stack.pop();
  const u = s.units[f.unit];
  const faces = roll(rng, ['red']);
  ev.push(rollEvent('demolish', faces.map((x) => x.join('+') || '-'), { unit: f.unit, at: f.at }));
  const hit = faces.flat().some((x) => x === 'H' || x === 'AH');
  say(ev, 'demolish', { unit: f.unit, at: f.at, hit });
  if (hit) placeBuildingDamage(s, f.at, u.side, rng, ev);
}
