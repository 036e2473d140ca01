// Targetable Objective Markers (spec 7.3.7, checklist #35): "A Mission will Specify whether a
// non-Unit game piece like Objective and Event Markers are Targetable Object" (L638);
// "Targetable Objects will specify how many Hits are necessary to destroy the Object. All the Hits
// must be inflicted in a single Turn." (L927). An OM with `hits` is attacked like an Explosive
// Object (rules/combat.ts rollObject: the band's dice, Higher/Lower, Attack Up/Down, no Protection
// or Flank, A-49; a roll of its own in the centre space or an AoE), by either Side; its Hits this
// Turn add up in `s.objectHits` under `om:<id>` (reset at the end of each Turn); at the threshold it
// is destroyed: it leaves the map (no VP for it any more) and its room lock is lifted. Content: the
// sample Event's force-field generator (L1835-1837), M5's MAYHEM Event Card 2.
import { area } from '../geometry.js';
import { map, type Om, type S } from '../state.js';
import { say, type Ev } from './board.js';

/** The Targetable OM standing in `at`, if any. */
export function targetableOm(s: S, at: string): Om | undefined {
  return s.oms.find((o) => o.at === at && o.hits !== undefined);
}

/** Hits on a Targetable OM this Turn; at its threshold it is destroyed (and its lock lifted). */
export function hitOm(s: S, om: Om, hits: number, ev: Ev): void {
  if (hits <= 0) return;
  const key = `om:${om.id}`;
  const total = ((s.objectHits ??= {})[key] = (s.objectHits[key] ?? 0) + hits);
  say(ev, 'om_hit', { om: om.id, at: om.at, hits, total, of: om.hits });
  if (total < om.hits!) return;
  s.oms = s.oms.filter((o) => o.id !== om.id);
  say(ev, 'om_destroyed', { om: om.id, at: om.at, ...(om.lock ? { unlocked: om.lock } : {}) });
}

/**
 * A locked room no longer Inside (its Level collapsed, or the Destroyed tile laid on it open to
 * the sky, spec 7.6.3) has no doors or stairs left for the force fields: its lock is lifted (the
 * OM stands on, Targetable as before). Run as soon as the map changes, before any unit is displaced.
 */
export function liftLostLocks(s: S, ev: Ev): void {
  if (!s.oms.some((o) => o.lock)) return;
  const m = map(s);
  const rooms = new Set(Object.values(m.cells).map((c) => area(m, c)));
  for (const o of s.oms) {
    if (!o.lock || rooms.has(o.lock.room)) continue;
    say(ev, 'lock_lifted', { om: o.id, room: o.lock.room, side: o.lock.side });
    delete o.lock;
  }
}
