// Dice shared by every game: numeric dice, custom faces, pools, keep-highest. One event per roll.
import type { Audience, GameEvent, Rng } from '../types.js';

/** A numeric die with `sides` faces numbered 1..sides. */
export function rollDie(rng: Rng, sides: number): number {
  return rng.int(sides) + 1;
}

export function rollDice(rng: Rng, sides: number, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(rollDie(rng, sides));
  return out;
}

/** A die with named faces (activation dice, symbol dice). */
export function rollFaces<F>(rng: Rng, faces: readonly F[], count = 1): F[] {
  const out: F[] = [];
  for (let i = 0; i < count; i++) out.push(faces[rng.int(faces.length)]);
  return out;
}

export function keepHighest(rolls: readonly number[], k = 1): number[] {
  return rolls.slice().sort((a, b) => b - a).slice(0, k);
}

/** The event every roll produces, so replays and clients see each die. */
export function rollEvent(purpose: string, faces: unknown[], extra: Record<string, unknown> = {}, to: Audience = 'all'): GameEvent {
  return { type: 'dice_rolled', to, data: { purpose, faces, ...extra } };
}
