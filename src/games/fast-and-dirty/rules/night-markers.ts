// Night dummy markers and the marker list other seats see (§4.2, §7.10 p.34, §8.1, A35; checklist
// #46 and #92). At night with Hidden movement each side rolls 1D6 extra dummy markers at set-up
// and places them with its deployment; they belong to no unit (A35) and stand still (only a unit's
// markers activate with it, §7.10 [P]), and they go when spotted or exposed. The opponent must not
// tell them from a hidden unit's markers (§8.1), so at night:
// * every hidden marker gets a table-wide id `m<k>` when it is created; markers created together
//   (a deployment) are numbered in order of position (x, then y), markers on the same point in a
//   secret random order: an id says where a marker stood, never what it is;
// * another seat's view holds none of a side's markers under its units: it lists them all, units'
//   and dummies' alike, as `{id, side, at}` ordered by id in `markers`; the owner's view adds its
//   own dummies there with `dummy: true` (its units' markers stay under the units);
// * the events that would name a marker's unit (deployment, marker moves, removals, spotting tests)
//   go to the owner whole and to everyone else in that same anonymous form (rules/night-spotting.ts).
// determinize deals the anonymous markers out again: one to each hidden unit, the rest at random to
// the units (at most 3 each) or as dummies.
import type { Pt } from '../../../engine/mech/geom2d.js';
import type { GameEvent, Rng, Seat } from '../../../engine/types.js';
import { inPlay, type HiddenMarker, type LooseMarker, type S, type Side, type Unit } from '../state.js';
import type { Run } from './run.js';

/** Markers are anonymous to other seats (and dummies exist) when Night fighting meets Hidden movement. */
export const nightMarkers = (s: S) => !!s.options.night && !!s.options.hiddenMovement;

const idNumber = (id: string) => Number(id.slice(1));
export const byId = (a: { id: string }, b: { id: string }) => idNumber(a.id) - idNumber(b.id);

/** Set-up (§4.2, p.34): each side rolls the 1D6 dummy markers it will place with its deployment. */
export function rollDummies(s: S, run: Run): void {
  if (!nightMarkers(s)) return;
  const [a] = run.roll('night_dummies', 1, { side: 0 });
  const [b] = run.roll('night_dummies', 1, { side: 1 });
  s.dummiesDue = [a, b];
}

/**
 * Table-wide ids for markers created together, numbered in order of position (x, then y); markers
 * on one point are ordered by `secret` (a stream no event shows) when given, else as listed.
 */
export function assignIds(s: S, pts: Pt[], secret?: Rng): string[] {
  const key = (p: Pt) => `${p[0]},${p[1]}`;
  const groups = new Map<string, number[]>();
  pts.forEach((p, i) => groups.set(key(p), [...(groups.get(key(p)) ?? []), i]));
  const order = [...groups.values()]
    .sort((g, h) => pts[g[0]][0] - pts[h[0]][0] || pts[g[0]][1] - pts[h[0]][1])
    .flatMap((g) => (secret && g.length > 1 ? secret.shuffle(g) : g));
  const ids: string[] = new Array(pts.length);
  for (const i of order) { s.markerSeq = (s.markerSeq ?? 0) + 1; ids[i] = `m${s.markerSeq}`; }
  return ids;
}

/** A hidden unit's new markers (numbered 1..); at night each also gets its table-wide id. */
export function newMarkers(s: S, pts: Pt[], secret?: Rng): HiddenMarker[] {
  const ids = nightMarkers(s) ? assignIds(s, pts, secret) : null;
  return pts.map((p, i) => ({ n: i + 1, at: [p[0], p[1]] as Pt, ...(ids ? { id: ids[i] } : {}) }));
}

/** A side's hidden markers as a seat that cannot attribute them sees them: units' and dummies' alike, ordered by id. */
export function anonymousMarkers(s: S, side: Side): LooseMarker[] {
  const out: LooseMarker[] = [];
  for (const u of s.units) {
    if (u.side !== side || !u.hidden || !inPlay(u)) continue;
    for (const m of u.hidden.markers) out.push({ id: m.id ?? '', side, at: [m.at[0], m.at[1]] });
  }
  for (const m of s.markers ?? []) if (m.side === side) out.push({ id: m.id, side, at: [m.at[0], m.at[1]] });
  return out.sort(byId);
}

/** A marker by its id: a hidden unit's (and its number there) or a night dummy. */
export function findMarker(s: S, id: string): { unit: Unit; marker: HiddenMarker; side: Side } | { dummy: LooseMarker; side: Side } | null {
  for (const u of s.units) {
    const m = u.hidden && inPlay(u) ? u.hidden.markers.find((x) => x.id === id) : undefined;
    if (m) return { unit: u, marker: m, side: u.side as Side };
  }
  const d = (s.markers ?? []).find((x) => x.id === id);
  return d ? { dummy: d, side: d.side } : null;
}

/** A spotted or exposed dummy goes (§4.2 [P] A35): the owner's event says so, everyone else's only which marker. */
export function removeDummy(s: S, run: Run, id: string): void {
  const d = (s.markers ?? []).find((x) => x.id === id)!;
  s.markers = (s.markers ?? []).filter((x) => x.id !== id);
  run.ev.push(privateEvent('marker_removed', d.side, { marker: id, dummy: true }, { marker: id }));
}

/** An event whose whole form goes to one side, and a form without the secret to everyone else. */
export function privateEvent(type: string, side: Side, data: unknown, others: unknown): GameEvent {
  return { type, to: { seats: [side] }, data, others };
}

/**
 * The view at night: for every side but the seat's, its hidden units show no markers and no figure
 * positions, and all its markers join `markers` anonymously; the seat's own dummies stay flagged.
 */
export function anonymizeView(v: S, seat: Seat | null): void {
  const loose: LooseMarker[] = (v.markers ?? []).filter((m) => m.side === seat);
  for (const side of [0, 1] as const) {
    if (side === seat) continue;
    loose.push(...anonymousMarkers(v, side));
    for (const u of v.units) {
      if (u.side !== side || !u.hidden) continue;
      u.hidden = { markers: [] };
      for (const f of u.figures) f.at = [0, 0];
    }
  }
  v.markers = loose.sort(byId);
}

/**
 * determinize's half for the markers: the anonymous ones dealt out again (one to each hidden unit
 * that shows none, the rest at random to those units, at most 3 each, or as dummies).
 */
export function dealMarkers(s: S, rng?: Rng): void {
  const loose = s.markers ?? [];
  if (!loose.some((m) => !m.dummy)) return;
  const dummies: LooseMarker[] = loose.filter((m) => m.dummy);
  for (const side of [0, 1] as const) {
    const pool = loose.filter((m) => !m.dummy && m.side === side);
    const order = rng ? rng.shuffle(pool) : pool;
    const units = s.units.filter((u) => u.side === side && u.hidden && !u.hidden.markers.length);
    const give = (u: Unit, m: LooseMarker) => u.hidden!.markers.push({ n: u.hidden!.markers.length + 1, at: [m.at[0], m.at[1]], id: m.id });
    order.forEach((m, i) => {
      if (i < units.length) {
        give(units[i], m);
        for (const f of units[i].figures) f.at = [m.at[0], m.at[1]];
        return;
      }
      const room = units.filter((u) => u.hidden!.markers.length < 3);
      const k = rng ? rng.int(room.length + 1) : room.length;
      if (k < room.length) give(room[k], m);
      else dummies.push({ id: m.id, side, at: [m.at[0], m.at[1]], dummy: true });
    });
  }
  s.markers = dummies.sort(byId);
}
