// Views: the core game has no hidden information (spec §8.1: everything but mine records,
// night dummies and sealed choices is public, and none of those modules is built yet), so every
// seat and spectators see the whole state, and determinize is the view itself.
import { copyJson } from '../../engine/mech/json.js';
import type { Seat } from '../../engine/types.js';
import type { S } from './state.js';

export type View = S;

export function viewOf(s: S, _seat: Seat | null): View {
  return copyJson(s);
}

export function determinizeView(v: View): S {
  return copyJson(v);
}
