// One entry's run: the events it emits and its dice (the `dice` stream of the entry's Rng;
// every roll is an event, spec §8.2).
import { rollDice, rollEvent } from '../../../engine/mech/dice.js';
import type { Audience, GameEvent, Rng } from '../../../engine/types.js';
import type { Pt } from '../../../engine/mech/geom2d.js';
import { drawOne, type Deck } from '../../../engine/mech/deck.js';

export class Run {
  ev: GameEvent[] = [];
  private dice: Rng | null;
  private rng: Rng | null;
  constructor(rng: Rng | null) {
    this.rng = rng;
    this.dice = rng ? rng.fork('dice') : null;
  }
  /** A stream of its own whose draws no event shows (an order only its owner may know, §8.1); null without an Rng. */
  secret(label: string): Rng | undefined {
    return this.rng ? this.rng.fork(`secret:${label}`) : undefined;
  }
  /** `to`: who sees the roll (a test whose die would tell a secret, e.g. an Intruder's at night). */
  roll(purpose: string, n: number, extra: Record<string, unknown> = {}, to: Audience = 'all'): number[] {
    if (!this.dice) throw new Error('no dice in this entry');
    if (n <= 0) return [];
    const faces = rollDice(this.dice, 6, n);
    this.ev.push(rollEvent(purpose, faces, extra, to));
    return faces;
  }
  /** A uniform pick in [0, n) as a logged draw (random hit allocation). */
  pick(purpose: string, n: number, extra: Record<string, unknown> = {}): number {
    if (!this.dice) throw new Error('no dice in this entry');
    const i = this.dice.int(n);
    this.ev.push(rollEvent(purpose, [i], extra));
    return i;
  }
  /** One card from a deck (the kernel's draw-late deck: no order is stored, so no view can leak the next card). */
  draw<C>(deck: Deck<C>): { deck: Deck<C>; card: C | null } {
    if (!this.dice) throw new Error('no dice in this entry');
    return drawOne(deck, this.dice);
  }
  emit(type: string, data: unknown): void {
    this.ev.push({ type, to: 'all', data });
  }
}

/** Successes of a Quality test on nD6: each die ≥ the target (§2.1). */
export const successes = (faces: number[], target: number) => faces.filter((d) => d >= target).length;

/** A uniform random direction without trigonometry: a point drawn in a disc of radius 1000 by rejection (§3.2 "Random direction" [P]). */
export function randomDirection(run: Run): Pt {
  for (let i = 0; i < 64; i++) {
    const x = run.pick('scatter_direction', 2001) - 1000, y = run.pick('scatter_direction', 2001) - 1000;
    const r2 = x * x + y * y;
    if (r2 > 0 && r2 <= 1_000_000) return [x, y];
  }
  return [0, 1000];
}
