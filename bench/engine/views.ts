// View redaction: what a seat's view (and a spectator's) of a state costs, and its JSON, per
// ruleset, over the states of a few random games. GET /v1/games/:id, the SSE stream and the
// GraphQL subscription build one per read; a bot's or Discord client's poll pays it.
import { randomPlayout } from '../../src/engine/playout.js';
import type { KState } from '../../src/engine/kernel.js';
import type { Ruleset } from '../../src/engine/types.js';
import { seatsFor } from './kernel-run.js';

export interface ViewCost { states: number; seatUs: number; spectatorUs: number; jsonUs: number; bytes: number }

export function viewCost(rs: Ruleset, ms: number, games = 4): ViewCost {
  const { scenario, seats } = seatsFor(rs);
  const states: KState<unknown>[] = [];
  for (let g = 0; g < games; g++) randomPlayout(rs, { scenario, seats, seed: `view-${g}`, maxEntries: 400, hashChain: false, onEntry: (k) => states.push(k) });
  /** µs per call of f over the states, for about `ms`. */
  const per = (f: (k: KState<unknown>, i: number) => unknown) => {
    let n = 0;
    const t0 = performance.now();
    do for (let i = 0; i < states.length; i++, n++) f(states[i], i); while (performance.now() - t0 < ms);
    return ((performance.now() - t0) * 1000) / n;
  };
  const seatOf = (i: number) => i % seats.length;
  const seatUs = per((k, i) => rs.view(k.s, seatOf(i)));
  const spectatorUs = per((k) => rs.view(k.s, null));
  const both = per((k, i) => JSON.stringify(rs.view(k.s, seatOf(i))));
  const bytes = states.reduce((s, k, i) => s + JSON.stringify(rs.view(k.s, seatOf(i))).length, 0) / states.length;
  return { states: states.length, seatUs, spectatorUs, jsonUs: Math.max(0, both - seatUs), bytes };
}
