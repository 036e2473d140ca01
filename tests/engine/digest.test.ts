// sha256Hex (src/engine/digest.ts) hashes states and tokens: stored chains (docs/VERIFY.md) and
// seeds replay only if it is exactly SHA-256 of the string's UTF-8 bytes, as lowercase hex.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { sha256Hex } from '../../src/engine/digest.js';

test('sha256Hex: the FIPS 180-4 known answers, lowercase hex', () => {
  assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(
    sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  );
  assert.equal(sha256Hex('a'.repeat(1_000_000)), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
});

test('sha256Hex: a string is hashed as its UTF-8 bytes (not UTF-16, not Latin-1)', () => {
  // "é€😀" is c3 a9 | e2 82 ac | f0 9f 98 80 in UTF-8.
  const utf8 = Buffer.from([0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]);
  assert.equal(utf8.toString('utf8'), 'é€😀');
  assert.equal(sha256Hex('é€😀'), createHash('sha256').update(utf8).digest('hex'));
});

test('sha256Hex: the same digests through the Hash-object fallback (a Node without crypto.hash)', async () => {
  // digest.ts picks crypto.hash when it loads; load a second copy with crypto.hash hidden.
  const crypto = (await import('node:crypto')).default as { hash?: unknown };
  const { syncBuiltinESMExports } = await import('node:module');
  const hash = crypto.hash;
  crypto.hash = undefined;
  syncBuiltinESMExports();
  try {
    const copy = '../../src/engine/digest.ts?no-hash';
    const fallback = (await import(copy)) as typeof import('../../src/engine/digest.js');
    assert.equal(fallback.sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(fallback.sha256Hex('é€😀'), sha256Hex('é€😀'));
  } finally {
    crypto.hash = hash;
    syncBuiltinESMExports();
  }
});
