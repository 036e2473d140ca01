// Views (spec §8.1): everything is public except where a hidden unit's figures stand (other seats
// see its markers only, §7.10), the minefield records (which marker is real and its type), kept
// from every seat but the placer's until the field is revealed, and at night which hidden markers
// are dummies: other seats then see every marker of a side in one anonymous list, none under its
// units (rules/night-markers.ts). determinize fills a redacted record with a guess from the seat's
// Rng (any marker, anti-personnel: the worst case) and deals the anonymous markers out again. The
// sentry guns of the option are listed among the units (a unit type, §2.1, §7.25 [P]).
import { copyJson } from '../../engine/mech/json.js';
import type { Rng, Seat } from '../../engine/types.js';
import type { S } from './state.js';
import { anonymizeView, dealMarkers, nightMarkers } from './rules/night-markers.js';
import { isSentryId, sentryViewUnits } from './rules/sentry.js';

export type View = S;

export function viewOf(s: S, seat: Seat | null): View {
  const v = copyJson(s);
  // At night no other seat may tell a unit's marker from a dummy (§8.1).
  if (nightMarkers(v)) anonymizeView(v, seat);
  // A hidden unit's figures are off the table: other seats see only its markers (§7.10, §8.1).
  for (const u of v.units) {
    if (!u.hidden || u.side === seat) continue;
    const at = u.hidden.markers[0]?.at ?? [0, 0];
    for (const f of u.figures) f.at = [at[0], at[1]];
  }
  for (const m of v.minefields ?? []) {
    if (m.revealed || m.owner === seat) continue;
    m.real = null;
    m.mine = null;
  }
  // Sentry guns are units of the rules (§2.1, §7.25 [P]): the view lists them with the others (public: they stand in plain sight).
  v.units.push(...sentryViewUnits(s));
  return v;
}

export function determinizeView(v: View, rng?: Rng): S {
  const s = copyJson(v);
  // The sentry guns the view lists come from the option again (rules/sentry.ts).
  s.units = s.units.filter((u) => !isSentryId(u.id));
  for (const m of s.minefields ?? []) {
    if (m.real !== null) continue;
    m.real = m.markers[rng ? rng.int(m.markers.length) : 0].n;
    m.mine = 'ap';
  }
  dealMarkers(s, rng);
  return s;
}
