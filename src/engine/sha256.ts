// SHA-256 and HMAC-SHA256 in plain JS, for the kernel's hot path only (rng.ts, kernel.ts).
//
// Why not node:crypto: every drawing entry needs two HMACs (K_n and the fork key) and every
// entry a SHA-256 of a short state; node's createHmac/createHash cost 2 to 4 µs each, nearly
// all of it the crossing into C++ and the per-call objects, not the hashing (one to four
// 64-byte blocks). This file hashes into preallocated typed arrays without allocating, and an
// HMAC key's padded inner/outer states are computed once per key (HmacKey), so an HMAC under a
// known key is two compressions. Measured here: 1.5 µs per K_n against 3.2 µs with createHmac.
// (@noble/hashes was slower than node:crypto for these sizes.) The outputs are SHA-256 and
// HMAC-SHA256 exactly (FIPS 180-4, RFC 2104); tests/engine/sha256.test.ts compares them with
// node:crypto on random, multi-block and non-ASCII inputs. The hash chain (chain.ts)
// stays on node:crypto: its input is 150 bytes or more, where node's hashing already wins here.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/** A digest or chaining state: eight 32-bit words (big-endian when read as bytes). */
export type Words = Int32Array;

const W = new Int32Array(64);

/** One compression of the 64-byte block at buf[off..off+64) into state h. */
function compress(h: Int32Array, buf: Uint8Array, off: number): void {
  const w = W;
  for (let t = 0; t < 16; t++, off += 4) w[t] = (buf[off] << 24) | (buf[off + 1] << 16) | (buf[off + 2] << 8) | buf[off + 3];
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15];
    const y = w[t - 2];
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (s1 + w[t - 7] + s0 + w[t - 16]) | 0;
  }
  let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (k + S1 + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    k = g; g = f; f = e; e = (d + t1) | 0;
    d = c; c = b; b = a; a = (t1 + t2) | 0;
  }
  h[0] = (h[0] + a) | 0; h[1] = (h[1] + b) | 0; h[2] = (h[2] + c) | 0; h[3] = (h[3] + d) | 0;
  h[4] = (h[4] + e) | 0; h[5] = (h[5] + f) | 0; h[6] = (h[6] + g) | 0; h[7] = (h[7] + k) | 0;
}

// The message buffer, reused by every call (grown when needed; single-threaded JS).
let buf = new Uint8Array(1024);
const encoder = new TextEncoder();
// An HMAC key's padded block (scratch).
const pad = new Uint8Array(64);

function room(n: number): void {
  if (buf.length < n) {
    const b = new Uint8Array(Math.max(n, buf.length * 2));
    b.set(buf);
    buf = b;
  }
}

/** Writes str as UTF-8 at buf[at..], returns the end. Strings are mostly ASCII: a plain loop. */
function putUtf8(str: string, at: number): number {
  const n = str.length;
  room(at + n + 72);
  for (let i = 0; i < n; i++) {
    const c = str.charCodeAt(i);
    if (c >= 0x80) {
      // Anything else: TextEncoder (lone surrogates become U+FFFD, as in node:crypto's update).
      room(at + i + 3 * (n - i) + 72);
      return at + i + encoder.encodeInto(str.slice(i), buf.subarray(at + i)).written;
    }
    buf[at + i] = c;
  }
  return at + n;
}

function putWords(x: Words, at: number): number {
  room(at + 32 + 72);
  for (let i = 0; i < 8; i++, at += 4) {
    const v = x[i];
    buf[at] = v >>> 24; buf[at + 1] = (v >>> 16) & 255; buf[at + 2] = (v >>> 8) & 255; buf[at + 3] = v & 255;
  }
  return at;
}

/**
 * Hashes buf[0..len) into out, continuing from `from` after `before` bytes already hashed
 * (a multiple of 64): pads in place (buf has room), so out = SHA-256 of (prefix | message).
 */
function finishInto(out: Words, from: Words, len: number, before: number): void {
  out.set(from);
  const bits = (before + len) * 8;
  let end = len;
  buf[end++] = 0x80;
  while ((end & 63) !== 56) buf[end++] = 0;
  const hi = Math.floor(bits / 0x100000000);
  buf[end] = hi >>> 24; buf[end + 1] = (hi >>> 16) & 255; buf[end + 2] = (hi >>> 8) & 255; buf[end + 3] = hi & 255;
  buf[end + 4] = bits >>> 24; buf[end + 5] = (bits >>> 16) & 255; buf[end + 6] = (bits >>> 8) & 255; buf[end + 7] = bits & 255;
  end += 8;
  for (let off = 0; off < end; off += 64) compress(out, buf, off);
}

/** SHA-256 of the UTF-8 bytes of str. */
export function sha256Str(str: string, out: Words = new Int32Array(8)): Words {
  finishInto(out, IV, putUtf8(str, 0), 0);
  return out;
}

/** SHA-256 of raw bytes. */
export function sha256Bytes(bytes: Uint8Array, out: Words = new Int32Array(8)): Words {
  room(bytes.length + 72);
  buf.set(bytes, 0);
  finishInto(out, IV, bytes.length, 0);
  return out;
}

/** An HMAC-SHA256 key, prepared: the states after its inner and outer padded blocks. */
export class HmacKey {
  readonly inner = new Int32Array(8);
  readonly outer = new Int32Array(8);

  private constructor() {}

  /** The key as raw bytes (RFC 2104: a key longer than a block is hashed first). */
  static fromBytes(key: Uint8Array): HmacKey {
    const k = new HmacKey();
    if (key.length > 64) k.pads(sha256Bytes(key, k.inner), 32);
    else {
      for (let i = 0; i < key.length; i++) pad[i] = key[i];
      k.pads(null, key.length);
    }
    return k;
  }

  /** The key as the UTF-8 bytes of a string (what createHmac('sha256', string) uses). */
  static fromString(key: string): HmacKey {
    return HmacKey.fromBytes(buf.slice(0, putUtf8(key, 0)));
  }

  /** A 32-byte key given as digest words (e.g. an earlier HMAC's output). */
  static fromWords(key: Words): HmacKey {
    const k = new HmacKey();
    k.pads(key, 32);
    return k;
  }

  /** The padded blocks of the key in pad[0..len) (or given as words) compressed into inner/outer. */
  private pads(words: Words | null, len: number): void {
    if (words) {
      for (let i = 0; i < 8; i++) {
        const v = words[i];
        pad[4 * i] = v >>> 24; pad[4 * i + 1] = (v >>> 16) & 255; pad[4 * i + 2] = (v >>> 8) & 255; pad[4 * i + 3] = v & 255;
      }
    }
    pad.fill(0, len, 64);
    for (let i = 0; i < 64; i++) pad[i] ^= 0x36;
    this.inner.set(IV);
    compress(this.inner, pad, 0);
    for (let i = 0; i < 64; i++) pad[i] ^= 0x36 ^ 0x5c;
    this.outer.set(IV);
    compress(this.outer, pad, 0);
  }

  /** HMAC-SHA256(key, UTF-8 bytes of msg) into out. */
  hmacStr(msg: string, out: Words = new Int32Array(8)): Words {
    finishInto(out, this.inner, putUtf8(msg, 0), 64);
    putWords(out, 0);
    finishInto(out, this.outer, 32, 64);
    return out;
  }
}

/** The 32 bytes of a digest. */
export function wordsToBytes(x: Words): Uint8Array {
  const b = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = x[i];
    b[4 * i] = v >>> 24; b[4 * i + 1] = (v >>> 16) & 255; b[4 * i + 2] = (v >>> 8) & 255; b[4 * i + 3] = v & 255;
  }
  return b;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A digest as 64 lowercase hex digits (digest('hex')). */
export function wordsToHex(x: Words): string {
  let s = '';
  for (let i = 0; i < 8; i++) {
    const v = x[i];
    s += HEX[v >>> 24] + HEX[(v >>> 16) & 255] + HEX[(v >>> 8) & 255] + HEX[v & 255];
  }
  return s;
}
