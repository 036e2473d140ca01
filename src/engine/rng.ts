// Per-entry randomness (DESIGN.md "Randomness"): K_n = HMAC(seed, "skyeye/rng/v1|gameId|n"),
// and each fork(label) is an ARC4 stream keyed by HMAC(K_n, label), so public rolls of one
// stream reveal nothing about secret draws of another, and no state carries across entries.
import { createHash, createHmac, randomBytes } from 'node:crypto';
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

/**
 * seedrandom's ARC4 generator, bit for bit: RC4-drop[256] keyed by seedrandom's `mixkey` of the
 * seed string, `int32()` = the next 4 bytes big-endian. The same outputs as
 * `seedrandom(seed).int32() >>> 0` (checked by `npm run bench -- smoke`), without seedrandom's
 * per-instance bookkeeping (it mixes every new state into a global entropy pool), which was
 * about a third of a drawing entry's kernel time.
 */
export class Arc4 {
  private readonly s = new Uint8Array(256);
  private i = 0;
  private j = 0;

  constructor(seed: string) {
    const key: number[] = [];
    let smear = 0;
    for (let n = 0; n < seed.length; n++) {
      const k = key[n & 255];
      smear ^= k === undefined ? 0 : k * 19;
      key[n & 255] = 255 & (smear + seed.charCodeAt(n));
    }
    if (!key.length) key.push(0);
    const len = key.length;
    const s = this.s;
    for (let n = 0; n < 256; n++) s[n] = n;
    for (let n = 0, j = 0; n < 256; n++) {
      const t = s[n];
      j = 255 & (j + key[n % len] + t);
      s[n] = s[j];
      s[j] = t;
    }
    for (let n = 0; n < 256; n++) this.byte(); // RC4-drop[256]
  }

  private byte(): number {
    const s = this.s;
    const i = (this.i = 255 & (this.i + 1));
    const t = s[i];
    const j = (this.j = 255 & (this.j + t));
    s[i] = s[j];
    s[j] = t;
    return s[255 & (s[i] + t)];
  }

  /** The next 32 bits as an unsigned integer. */
  uint32(): number {
    return ((this.byte() * 256 + this.byte()) * 256 + this.byte()) * 256 + this.byte();
  }
}

class StreamRng implements Rng {
  private gen: Arc4 | null = null;
  private k: Buffer | null;
  /** The key may be given lazily: an entry that never draws never computes its HMAC. */
  constructor(key: Buffer | (() => Buffer), private readonly counter: Counter) {
    if (typeof key === 'function') {
      this.k = null;
      this.keyFn = key;
    } else this.k = key;
  }

  private keyFn: (() => Buffer) | null = null;

  private get key(): Buffer {
    return (this.k ??= this.keyFn!());
  }

  get draws(): number {
    return this.counter.n;
  }

  private next32(): number {
    // Created lazily: most forks of most entries are never drawn from.
    this.gen ??= new Arc4(this.key.toString('hex'));
    return this.gen.uint32();
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

  /** The same label twice in one entry continues one stream: it never replays the same draws. */
  fork(label: string): Rng {
    this.forks ??= new Map();
    let f = this.forks.get(label);
    if (!f) {
      f = new StreamRng(createHmac('sha256', this.key).update(label).digest(), this.counter);
      this.forks.set(label, f);
    }
    return f;
  }

  private forks: Map<string, StreamRng> | undefined;
}

/** The game's Rng for entry n (its HMAC key is computed on the first draw or fork). */
export function entryRng(seed: string, gameId: string, n: number): Rng {
  return new StreamRng(() => entryKey(seed, gameId, n), { n: 0 });
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
