// The kernel's own SHA-256 / HMAC-SHA256 (src/engine/sha256.ts) and ARC4 (src/engine/rng.ts)
// must give exactly node:crypto's and seedrandom's outputs: stored games replay from them
// (rng/v1, DESIGN.md "Randomness").
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { Arc4, entryKey, entryRng, localRng } from '../../src/engine/rng.js';
import { HmacKey, sha256Bytes, sha256Str, wordsToBytes, wordsToHex } from '../../src/engine/sha256.js';

const seedrandom = createRequire(import.meta.url)('seedrandom') as (s: string) => { int32(): number };

/** Random strings mixing ASCII, 2-, 3- and 4-byte UTF-8 characters and lone surrogates. */
function randomString(len: number): string {
  const parts = ['a', 'Z', '|', '0', 'é', 'ß', '€', '中', '😀', '\ud800', '\udfff', '"'];
  let s = '';
  for (let i = 0; i < len; i++) {
    const r = randomBytes(1)[0];
    s += r < 160 ? String.fromCharCode(32 + (r % 95)) : parts[r % parts.length];
  }
  return s;
}

test('sha256: equals node:crypto on bytes of every length 0..300 and random lengths up to 5000', () => {
  const lens = [...Array.from({ length: 301 }, (_, i) => i), ...Array.from({ length: 50 }, () => randomBytes(2).readUInt16BE() % 5000)];
  for (const n of lens) {
    const b = randomBytes(n);
    assert.equal(wordsToHex(sha256Bytes(b)), createHash('sha256').update(b).digest('hex'), `length ${n}`);
    assert.deepEqual(Buffer.from(wordsToBytes(sha256Bytes(b))), createHash('sha256').update(b).digest());
  }
});

test('sha256: equals node:crypto on UTF-8 strings (non-ASCII, lone surrogates, multi-block)', () => {
  for (let i = 0; i < 600; i++) {
    const s = randomString(i < 300 ? i : randomBytes(2).readUInt16BE() % 3000);
    assert.equal(wordsToHex(sha256Str(s)), createHash('sha256').update(s).digest('hex'), JSON.stringify(s));
  }
});

test('hmac-sha256: equals node:crypto for byte keys of 0..150 bytes and string keys, on UTF-8 messages', () => {
  for (let i = 0; i < 600; i++) {
    const msg = randomString(i % 3 === 0 ? i : i % 140);
    const kb = randomBytes(i % 151);
    assert.equal(wordsToHex(HmacKey.fromBytes(kb).hmacStr(msg)), createHmac('sha256', kb).update(msg).digest('hex'));
    const ks = randomString(i % 100);
    const hk = HmacKey.fromString(ks);
    assert.equal(wordsToHex(hk.hmacStr(msg)), createHmac('sha256', ks).update(msg).digest('hex'));
    // A prepared key is reusable: the same answer twice, and for another message.
    assert.equal(wordsToHex(hk.hmacStr(msg + 'x')), createHmac('sha256', ks).update(msg + 'x').digest('hex'));
    const k32 = sha256Str(ks);
    assert.equal(wordsToHex(HmacKey.fromWords(k32).hmacStr(msg)), createHmac('sha256', wordsToBytes(k32)).update(msg).digest('hex'));
  }
});

test('arc4: equals seedrandom for string seeds (empty, short, 64 hex, long, non-ASCII) and digest keys', () => {
  const seeds = ['', 'a', 'x'.repeat(255), 'x'.repeat(256), 'y'.repeat(1000), randomString(700)];
  for (let i = 0; i < 300; i++) seeds.push(i % 2 ? randomBytes(32).toString('hex') : randomString(i));
  for (const seed of seeds) {
    const a = seedrandom(seed);
    const b = new Arc4(seed);
    for (let k = 0; k < 40; k++) assert.equal(b.uint32(), a.int32() >>> 0, `seed ${JSON.stringify(seed)} draw ${k}`);
  }
  for (let i = 0; i < 300; i++) {
    const d = sha256Bytes(randomBytes(i));
    const a = seedrandom(wordsToHex(d));
    const b = new Arc4(d);
    for (let k = 0; k < 40; k++) assert.equal(b.uint32(), a.int32() >>> 0);
  }
});

/** rng/v1 written with node:crypto and seedrandom, as before the kernel had its own hashes. */
function reference(seed: string, gameId: string, n: number) {
  const kn = createHmac('sha256', seed).update(`skyeye/rng/v1|${gameId}|${n}`).digest();
  const stream = (key: Buffer) => {
    const g = seedrandom(key.toString('hex'));
    return (m: number) => {
      const limit = Math.floor(0x100000000 / m) * m;
      for (;;) {
        const x = g.int32() >>> 0;
        if (x < limit) return x % m;
      }
    };
  };
  return { kn, root: stream(kn), fork: (label: string) => stream(createHmac('sha256', kn).update(label).digest()) };
}

test('rng/v1 unchanged: K_n, root and forked draws equal the node:crypto + seedrandom reference', () => {
  for (let i = 0; i < 200; i++) {
    const seed = i % 4 === 0 ? randomString(i) : randomBytes(32).toString('hex');
    const gameId = i % 5 === 0 ? randomString(12) : `game-${i}`;
    const ref = reference(seed, gameId, i);
    assert.deepEqual(entryKey(seed, gameId, i), ref.kn);
    const rng = entryRng(seed, gameId, i);
    const dice = ref.fork('dice');
    const label = randomString(i % 20);
    const other = ref.fork(label);
    for (let k = 0; k < 10; k++) {
      assert.equal(rng.fork('dice').int(6), dice(6)); // the same label continues one stream
      assert.equal(rng.fork(label).int(1000 + k), other(1000 + k));
      assert.equal(rng.int(7 + i), ref.root(7 + i));
    }
    assert.equal(rng.draws, 30);
  }
  // localRng: key sha256('skyeye/local|' + label), forks keyed by HMAC(key, label).
  const key = createHash('sha256').update('skyeye/local|é').digest();
  const g = seedrandom(key.toString('hex'));
  const l = localRng('é');
  for (let k = 0; k < 20; k++) assert.equal(l.int(2 ** 32), g.int32() >>> 0);
  const f = seedrandom(createHmac('sha256', key).update('x').digest('hex'));
  assert.equal(l.fork('x').int(2 ** 32), f.int32() >>> 0);
});

test('known answers: FIPS 180-4 "abc" and the empty string; RFC 4231 test case 2 (key "Jefe")', () => {
  assert.equal(wordsToHex(sha256Str('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(wordsToHex(sha256Str('')), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(wordsToHex(sha256Bytes(new Uint8Array(0))), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(
    wordsToHex(HmacKey.fromString('Jefe').hmacStr('what do ya want for nothing?')),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  );
});

test('UTF-8 boundaries: U+007F is one byte, U+0080 two, U+07FF/U+0800 two/three, U+FFFF three, then a surrogate pair four', () => {
  for (const s of ['\u007f', '\u0080', 'a\u0080b', '\u07ff', '\u0800', '\uffff', '\u{10000}', '\u007f\u0080\u07ff\u0800']) {
    assert.equal(wordsToHex(sha256Str(s)), createHash('sha256').update(s).digest('hex'), JSON.stringify(s));
    const k = HmacKey.fromString(s);
    assert.equal(wordsToHex(k.hmacStr(s)), createHmac('sha256', s).update(s).digest('hex'), JSON.stringify(s));
  }
});

// The message buffer is reused and grows on demand (doubling, or to the size asked if more):
// each input here is several times larger than any before it in this file, so each growth
// happens, including the one in the middle of a string (an ASCII run already written, then
// multi-byte characters that need three bytes each).
test('large inputs: megabytes of bytes, of ASCII, and an ASCII run followed by three-byte characters', () => {
  const cases: (string | Uint8Array)[] = [
    randomBytes(100_000),
    'a'.repeat(400_000) + '€',
    'b'.repeat(1_000) + '€'.repeat(1_500_000),
    randomBytes(10_000_000),
  ];
  for (const x of cases) {
    const ours = typeof x === 'string' ? sha256Str(x) : sha256Bytes(x);
    assert.equal(wordsToHex(ours), createHash('sha256').update(x).digest('hex'), `length ${x.length}`);
  }
  // A long key (hashed first, RFC 2104) and a long message through HMAC.
  const key = 'k'.repeat(20_000_000 / 1000);
  const msg = 'm'.repeat(12_000_000);
  assert.equal(wordsToHex(HmacKey.fromString(key).hmacStr(msg)), createHmac('sha256', key).update(msg).digest('hex'));
});
