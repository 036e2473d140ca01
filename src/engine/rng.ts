// Per-entry randomness (DESIGN.md "Randomness"): K_n = HMAC(seed, "skyeye/rng/v1|gameId|n"),
// and each fork(label) is an ARC4 stream keyed by HMAC(K_n, label), so public rolls of one
// stream reveal nothing about secret draws of another, and no state carries across entries.
import { randomBytes } from 'node:crypto';
import { sha256Hex } from './digest.js';
import { HmacKey, sha256Str, wordsToBytes, type Words } from './sha256.js';
import type { Rng } from './types.js';

export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function seedHash(seed: string): string {
  return sha256Hex('skyeye/seed/v1|' + seed);
}

// The seed's HMAC key (its padded inner/outer states) for the games in play, so K_n costs two
// SHA-256 blocks. Bounded: the oldest seed is dropped past SEED_KEYS (a seed is re-derived in
// two blocks). It holds what the loaded games' rows hold already (the seeds' HMAC states).
const SEED_KEYS = 256;
const seedKeys = new Map<string, HmacKey>();

function seedKey(seed: string): HmacKey {
  let k = seedKeys.get(seed);
  if (!k) {
    if (seedKeys.size >= SEED_KEYS) seedKeys.delete(seedKeys.keys().next().value!);
    k = HmacKey.fromString(seed);
    seedKeys.set(seed, k);
  }
  return k;
}

function entryKeyWords(seed: string, gameId: string, n: number): Words {
  return seedKey(seed).hmacStr(`skyeye/rng/v1|${gameId}|${n}`);
}

/** K_n = HMAC-SHA256(seed, "skyeye/rng/v1|" + gameId + "|" + n), 32 bytes. */
export function entryKey(seed: string, gameId: string, n: number): Buffer {
  const b = wordsToBytes(entryKeyWords(seed, gameId, n));
  return Buffer.from(b.buffer, b.byteOffset, b.length);
}

type Counter = { n: number };

// seedrandom's key mixing writes into `key` by index; a shared scratch (no per-instance array).
const mix = new Uint8Array(256);
// The permutation's start. A plain array: a 256-byte typed array is allocated off the JS heap
// (about 1.2 µs each here, more than its key schedule), a copy of this one is not.
const IDENTITY = Array.from({ length: 256 }, (_, i) => i);
const HEXC = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

/**
 * seedrandom's ARC4 generator, bit for bit: RC4-drop[256] keyed by seedrandom's `mixkey` of the
 * seed string, `int32()` = the next 4 bytes big-endian. The same outputs as
 * `seedrandom(seed).int32() >>> 0` (checked by `npm run bench -- smoke` and
 * tests/engine/sha256.test.ts), without seedrandom's per-instance bookkeeping (it mixes every
 * new state into a global entropy pool), which was about a third of a drawing entry's kernel time.
 */
export class Arc4 {
  private readonly s: number[] = IDENTITY.slice();
  private i = 0;
  private j = 0;

  /**
   * Keyed by a seed string, as seedrandom(seed); or by a digest, as seedrandom(its 64 lowercase
   * hex digits) without building the string (the kernel's streams): for a seed of at most 256
   * characters seedrandom's smear stays 0, so the key bytes are the digits' character codes.
   */
  constructor(seed: string | Words) {
    let len = 0;
    if (typeof seed === 'string') {
      let smear = 0;
      for (let n = 0; n < seed.length; n++) {
        const at = n & 255;
        smear ^= at < len ? mix[at] * 19 : 0;
        mix[at] = 255 & (smear + seed.charCodeAt(n));
        if (at >= len) len = at + 1;
      }
      if (!len) mix[len++] = 0;
    } else {
      for (let w = 0; w < 8; w++) {
        const v = seed[w];
        for (let b = 0; b < 8; b++) mix[8 * w + b] = HEXC[(v >>> (28 - 4 * b)) & 15];
      }
      len = 64;
    }
    this.init(len);
  }

  private init(len: number): void {
    const s = this.s;
    if (len === 64) {
      for (let n = 0, j = 0; n < 256; n++) {
        const t = s[n];
        j = 255 & (j + mix[n & 63] + t);
        s[n] = s[j];
        s[j] = t;
      }
    } else {
      for (let n = 0, j = 0; n < 256; n++) {
        const t = s[n];
        j = 255 & (j + mix[n % len] + t);
        s[n] = s[j];
        s[j] = t;
      }
    }
    // RC4-drop[256]: the first 256 bytes of the stream are thrown away (uint32's steps,
    // without computing the bytes).
    let i = 0;
    let j = 0;
    for (let n = 0; n < 256; n++) {
      i = 255 & (i + 1);
      const t = s[i];
      j = 255 & (j + t);
      s[i] = s[j];
      s[j] = t;
    }
    this.i = i;
    this.j = j;
  }

  /** The next 32 bits as an unsigned integer. */
  uint32(): number {
    const s = this.s;
    let i = this.i;
    let j = this.j;
    let x = 0;
    for (let b = 0; b < 4; b++) {
      i = 255 & (i + 1);
      const t = s[i];
      j = 255 & (j + t);
      s[i] = s[j];
      s[j] = t;
      x = x * 256 + s[255 & (s[i] + t)];
    }
    this.i = i;
    this.j = j;
    return x;
  }
}

/**
 * A stream: the entry's root (key K_n, computed on first use from seed/gameId/n) or a fork
 * (key HMAC(parent key, label)). Its ARC4 generator is keyed by the hex of its key. Draws are
 * counted on the root; forks of forks chain their keys the same way.
 */
class StreamRng implements Rng {
  private gen: Arc4 | null = null;
  private hk: HmacKey | null = null;
  /** The first fork inline (most entries fork once or twice), the others in a map. */
  private fork0: StreamRng | null = null;
  private forks: Map<string, StreamRng> | null = null;
  private readonly root: StreamRng;
  /** Draws on the root and all its forks (root only). */
  private count = 0;

  /**
   * The key is derived lazily (a stream that is never drawn from, nor forked, never computes
   * its HMAC): a root's K_n from seed/gameId/n, a fork's from its parent's key and its label.
   */
  constructor(
    private k: Words | null,
    private readonly parent: StreamRng | null,
    private readonly label = '',
    private readonly seed = '',
    private readonly gameId = '',
    private readonly n = 0,
  ) {
    this.root = parent?.root ?? this;
  }

  private get key(): Words {
    if (this.k === null) {
      const p = this.parent;
      if (p) this.k = (p.hk ??= HmacKey.fromWords(p.key)).hmacStr(this.label);
      else this.k = entryKeyWords(this.seed, this.gameId, this.n);
    }
    return this.k;
  }

  get draws(): number {
    return this.root.count;
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError(`rng.int(${n})`);
    this.root.count++;
    if (n === 1) return 0;
    // Created lazily: most forks of most entries are never drawn from.
    const gen = (this.gen ??= new Arc4(this.key));
    const limit = Math.floor(0x100000000 / n) * n; // rejection sampling: no modulo bias
    for (;;) {
      const x = gen.uint32();
      if (x < limit) return x % n;
    }
  }

  shuffle<T>(xs: readonly T[]): T[] {
    return fisherYates(xs, (n) => this.int(n));
  }

  /** The same label twice in one entry continues one stream: it never replays the same draws. */
  fork(label: string): Rng {
    if (this.fork0?.label === label) return this.fork0;
    let f = this.forks?.get(label);
    if (!f) {
      f = new StreamRng(null, this, label);
      if (!this.fork0) this.fork0 = f;
      else (this.forks ??= new Map()).set(label, f);
    }
    return f;
  }
}

/** The game's Rng for entry n (its HMAC key is computed on the first draw or fork). */
export function entryRng(seed: string, gameId: string, n: number): Rng {
  return new StreamRng(null, null, '', seed, gameId, n);
}

/** An Rng for callers outside the log (bots, candidate sampling): never the game's seed. */
export function localRng(label: string): Rng {
  return new StreamRng(sha256Str('skyeye/local|' + label), null);
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

/** A copy of `xs` in Fisher-Yates order, drawing with `int(n)` (0..n-1); every Rng shuffles so. */
export function fisherYates<T>(xs: readonly T[], int: (n: number) => number): T[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
