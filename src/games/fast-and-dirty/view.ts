// Views (spec §8.1): everything is public except the minefield records (which marker is real and
// its type), kept from every seat but the placer's until the field is revealed. determinize fills
// a redacted record with a guess from the seat's Rng (any marker, anti-personnel: the worst case).
import { copyJson } from '../../engine/mech/json.js';
import type { Rng, Seat } from '../../engine/types.js';
import type { S } from './state.js';

export type View = S;

export function viewOf(s: S, seat: Seat | null): View {
  const v = copyJson(s);
  for (const m of v.minefields ?? []) {
    if (m.revealed || m.owner === seat) continue;
    m.real = null;
    m.mine = null;
  }
  return v;
}

export function determinizeView(v: View, rng?: Rng): S {
  const s = copyJson(v);
  for (const m of s.minefields ?? []) {
    if (m.real !== null) continue;
    m.real = m.markers[rng ? rng.int(m.markers.length) : 0].n;
    m.mine = 'ap';
  }
  return s;
}
