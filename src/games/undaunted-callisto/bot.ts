// [solo] The interim "house" opponent of spec §10 (clearly not the official Solo Book
// procedure): it sees only its own view, samples a full state with determinize, and picks
// among the legal candidates greedily with `evaluate`. Pluggable: a solo module is any
// object with `act(view, decision, rng)`; the official procedure can be added beside it.
import type { Decision, Rng } from '../../engine/types.js';
import { undauntedCallisto as rs, evaluate, type Action, type View } from './index.js';
import { defenceOf } from './geometry.js';
import { card, type S } from './state.js';

export type Level = 'easy' | 'normal' | 'hard';

export interface SoloModule {
  id: string;
  official: boolean;
  act(view: View, decision: Decision, rng: Rng): Action;
}

const SAMPLES: Record<Level, number> = { easy: 1, normal: 2, hard: 4 };

const byInit = (a: string, b: string) => card(a).initiative - card(b).initiative || (a < b ? -1 : a > b ? 1 : 0);

/** Ties broken by a dedicated stream (seeded by the caller, #64). */
function best<T>(xs: T[], score: (x: T) => number, rng: Rng): T {
  let top: T[] = [];
  let m = -Infinity;
  for (const x of xs) {
    const v = score(x);
    if (v > m + 1e-9) { m = v; top = [x]; } else if (Math.abs(v - m) <= 1e-9) top.push(x);
  }
  return top[rng.int(top.length)];
}

/** Bid policy (#61): cheapest Interference if held (a free pass); with `aggressive`, the highest card when an attack is on. */
export function bidPolicy(view: View, level: Level): Action {
  const hand = view.seats[view.viewer!].hand!.slice().sort(byInit);
  const interference = hand.filter((c) => card(c).type === 'interference');
  if (interference.length) return { type: 'bid', card: interference[interference.length - 1] };
  if (level === 'hard') {
    const combat = hand.filter((c) => card(c).actions.some((a) => a.kind === 'ATTACK'));
    const spare = hand.filter((c) => !combat.includes(c));
    if (combat.length && spare.length) return { type: 'bid', card: spare[spare.length - 1] };
  }
  return { type: 'bid', card: hand[0] };
}

/** Casualty policy (#63): give up the lowest-initiative candidate, keeping BOLSTER/COMMAND cards. */
export function casualtyPolicy(options: string[]): Action {
  const keep = (c: string) => card(c).actions.some((a) => a.kind === 'BOLSTER' || a.kind === 'COMMAND') ? 1 : 0;
  const sorted = options.slice().sort((a, b) => keep(a) - keep(b) || byInit(a, b));
  return { type: 'casualty', card: sorted[0] };
}

export function houseBot(level: Level = 'normal'): SoloModule {
  return {
    id: `house-${level}`,
    official: false,
    act(view, decision, rng) {
      const seat = view.viewer!;
      if (decision.kind === 'bid') return bidPolicy(view, level);
      if (decision.kind === 'casualty') return casualtyPolicy((decision.prompt as { options: string[] }).options);
      const samples = SAMPLES[level];
      const states: S[] = Array.from({ length: samples }, (_, i) => rs.determinize!(view, seat, rng.fork(`det${i}`)));
      const dec = rs.pending(states[0]).find((d) => d.seat === seat && d.kind === decision.kind)!;
      const actions = rs.candidates(states[0], seat, dec, 0, rng).actions;
      const score = (a: Action) => {
        let total = 0;
        for (const [i, s] of states.entries()) {
          // A combat play is scored by its expected value: the hit chance weighs the outcomes.
          const r = rs.apply(s, { kind: 'answer', seat, decision: 'bot', action: a }, { seq: 0, rng: rng.fork(`sim${i}`) });
          if ('code' in r) return -Infinity;
          let v = evaluate(r.state, seat);
          if (a.type === 'play' && a.target && s.units[a.target]?.at) {
            const unit = a.card && card(a.card).unit ? s.units[card(a.card).unit!]?.at ?? null : null;
            if (unit) {
              const df = defenceOf(s, unit, a.target);
              const p = Math.max(0, Math.min(1, (df.die - df.total + 1) / df.die));
              v = v * 0.5 + (evaluate(s, seat) + p * 8) * 0.5;
            }
          }
          if (a.type === 'play' && a.use === 'hunker') v -= 1;
          total += v;
        }
        return total / states.length;
      };
      return best(actions, score, rng);
    },
  };
}
