// Per-entry randomness (DESIGN.md "Randomness"): K_n = HMAC(seed, "skyeye/rng/v1|gameId|n"),
// and each fork(label) is an ARC4 stream keyed by HMAC(K_n, label), so public rolls of one
// stream reveal nothing about secret draws of another, and no state carries across entries.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import seedrandom from 'seedrandom';
import type { Rng } from './types.js';

export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function seedHash(seed: string): string {
  return createHash('sha256').update('skyeye/seed/v1|' + seed).digest('hex');
}

export function entryKey(seed: string, gameId: string, n: number): Buffer {
  return createHmac('sha256', seed).update(`skyeye/rng/v1|${gameId}|${n}`).digest();
}

type Counter = { n: number };

class StreamRng implements Rng {
  private gen: seedrandom.PRNG | null = null;
  constructor(private readonly key: Buffer, private readonly counter: Counter) {}

  get draws(): number {
    return this.counter.n;
  }

  private next32(): number {
    // Created lazily: most forks of most entries are never drawn from.
    this.gen ??= seedrandom(this.key.toString('hex'));
    return this.gen.int32() >>> 0;
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError(`rng.int(${n})`);
    this.counter.n++;
    if (n === 1) return 0;
    const limit = Math.floor(0x100000000 / n) * n; // rejection sampling: no modulo bias
    for (;;) {
      const x = this.next32();
      if (x < limit) return x % n;
    }
  }

  shuffle<T>(xs: readonly T[]): T[] {
    const out = xs.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  fork(label: string): Rng {
    return new StreamRng(createHmac('sha256', this.key).update(label).digest(), this.counter);
  }
}

/** The game's Rng for entry n. */
export function entryRng(seed: string, gameId: string, n: number): Rng {
  return new StreamRng(entryKey(seed, gameId, n), { n: 0 });
}

/** An Rng for callers outside the log (bots, candidate sampling): never the game's seed. */
export function localRng(label: string): Rng {
  return new StreamRng(createHash('sha256').update('skyeye/local|' + label).digest(), { n: 0 });
}

/**
 * Tests: an Rng that returns scripted values in order (each must be < n), then falls back to a
 * seeded stream. Forks share the same script so a test can fix dice regardless of stream.
 */
export function scriptedRng(values: number[], fallback = 'scripted'): Rng {
  const queue = values.slice();
  const base = localRng(fallback);
  const counter: Counter = { n: 0 };
  const make = (): Rng => ({
    get draws() {
      return counter.n;
    },
    int(n: number) {
      counter.n++;
      if (queue.length) {
        const v = queue.shift()!;
        if (v < 0 || v >= n) throw new RangeError(`scripted value ${v} not in [0, ${n})`);
        return v;
      }
      return base.int(n);
    },
    shuffle<T>(xs: readonly T[]) {
      const out = xs.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = this.int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    fork() {
      return make();
    },
  });
  return make();
}
