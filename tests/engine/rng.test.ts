// The seeded streams (src/engine/rng.ts). Stored games replay and verify only while a seed, a
// game id, an entry number and a fork label draw exactly the numbers they drew when the game was
// played, so the first draws of one fixed stream are pinned here: a change to the key
// derivation, the state mix or rejection sampling fails this test instead of silently
// re-rolling every stored game (docs/MUTATION.md, rng.ts survivors).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHash } from 'node:crypto';
import { entryRng, fisherYates, localRng, newSeed, scriptedRng, seedHash } from '../../src/engine/rng.js';

test('a fixed seed, game, entry and label always draw the same numbers (stored games must replay)', () => {
  const r = entryRng('seed-golden', 'g-golden', 3);
  const dice = r.fork('dice');
  assert.deepEqual(Array.from({ length: 8 }, () => dice.int(6)), [2, 3, 1, 0, 4, 2, 1, 0]);
  assert.deepEqual(dice.shuffle([1, 2, 3, 4, 5, 6, 7]), [1, 4, 3, 5, 6, 7, 2]);
  assert.equal(r.fork('deck').int(52), 9);
  assert.equal(localRng('golden').int(1000), 737);
});

test('int(n) refuses a count that is not a positive integer, and int(1) is always 0', () => {
  const r = localRng('guard');
  for (const n of [0, -1, 2.5, Number.NaN]) assert.throws(() => r.int(n), RangeError, String(n));
  for (let i = 0; i < 5; i++) assert.equal(r.int(1), 0);
});

test('draws are counted on the entry\'s root across all its forks (the kernel\'s draw-then-violation rule reads it)', () => {
  const r = entryRng('seed-count', 'g', 1);
  assert.equal(r.draws, 0);
  const a = r.fork('a');
  const b = r.fork('b');
  const bb = b.fork('inner');
  assert.equal(r.draws, 0, 'forking is not drawing');
  a.int(6);
  b.int(6);
  bb.int(6);
  r.int(6);
  a.int(1); // a draw, even when it cannot vary
  assert.equal(r.draws, 5);
  assert.equal(a.draws, 5, 'a fork reports its root\'s count');
  a.shuffle([1, 2, 3]);
  assert.equal(r.draws, 7, 'a shuffle of 3 draws twice');
});

test('the same label twice in one entry continues one stream; other labels, entries, games and seeds are other streams', () => {
  const draw = (r: ReturnType<typeof entryRng>, n = 12) => Array.from({ length: n }, () => r.int(1000));
  const r = entryRng('seed-x', 'g', 2);
  const first = draw(r.fork('dice'), 6);
  const again = draw(r.fork('dice'), 6);
  assert.deepEqual(first.concat(again), draw(entryRng('seed-x', 'g', 2).fork('dice')));
  assert.notDeepEqual(first, again);
  // the second, third and later labels are kept apart too (not only the first fork)
  const r2 = entryRng('seed-x', 'g', 2);
  const l1 = draw(r2.fork('l1'), 3);
  const l2 = draw(r2.fork('l2'), 3);
  const l3a = draw(r2.fork('l3'), 3);
  const l2b = draw(r2.fork('l2'), 3);
  const l3b = draw(r2.fork('l3'), 3);
  const fresh = entryRng('seed-x', 'g', 2);
  assert.deepEqual(l2.concat(l2b), draw(fresh.fork('l2'), 6));
  assert.deepEqual(l3a.concat(l3b), draw(fresh.fork('l3'), 6));
  assert.notDeepEqual(l1, l2);
  const base = draw(entryRng('seed-x', 'g', 2));
  for (const other of [entryRng('seed-x', 'g', 3), entryRng('seed-x', 'h', 2), entryRng('seed-y', 'g', 2), entryRng('seed-x', 'g2', 2)]) assert.notDeepEqual(draw(other), base);
  // a root's own draws and its fork's are different streams
  assert.notDeepEqual(draw(entryRng('seed-x', 'g', 2)), draw(entryRng('seed-x', 'g', 2).fork('')));
});

test('many seeds in turn (past the seed-key cache) draw what each drew the first time', () => {
  const first = (seed: string) => entryRng(seed, 'g', 7).fork('dice').int(1_000_000);
  const seeds = Array.from({ length: 300 }, (_, i) => `cache-${i}`);
  const once = seeds.map(first);
  assert.deepEqual(seeds.map(first), once);
  assert.deepEqual(seeds.slice().reverse().map(first), once.slice().reverse());
  assert.ok(new Set(once).size > 290, 'distinct seeds draw distinct numbers');
});

test('int(n) is uniform over 0..n-1 (no value out of range, every value drawn, none far off its share)', () => {
  const r = localRng('uniform');
  for (const n of [2, 3, 6, 7, 10, 1000]) {
    const counts = new Array(n).fill(0);
    const draws = n === 1000 ? 50_000 : 6_000;
    for (let i = 0; i < draws; i++) {
      const x = r.int(n);
      assert.ok(Number.isInteger(x) && x >= 0 && x < n, `int(${n}) gave ${x}`);
      counts[x]++;
    }
    const share = draws / n;
    for (const c of counts) assert.ok(c > 0 && Math.abs(c - share) < 6 * Math.sqrt(share), `int(${n}): a count ${c} against ${share}`);
  }
  // the largest counts still work (the rejection limit stays within 32 bits)
  const big = 2 ** 32 - 5;
  for (let i = 0; i < 20; i++) assert.ok(r.int(big) < big);
  assert.ok(r.int(2 ** 31 + 1) <= 2 ** 31);
});

test('shuffle and fisherYates: a copy (the input untouched) holding the same items, in Fisher-Yates order', () => {
  const xs = [1, 2, 3, 4, 5, 6, 7, 8];
  const r = localRng('shuffle');
  const out = r.shuffle(xs);
  assert.deepEqual(xs, [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.notEqual(out, xs);
  assert.deepEqual(out.slice().sort(), xs);
  // Fisher-Yates from the end: j = int(i + 1) for i = n-1 .. 1, swapping out[i] and out[j]
  const asked: number[] = [];
  const picks = [0, 0, 0, 0, 0, 0, 0];
  const fy = fisherYates(xs, (n) => { asked.push(n); return picks[asked.length - 1]; });
  assert.deepEqual(asked, [8, 7, 6, 5, 4, 3, 2]);
  assert.deepEqual(fy, [2, 3, 4, 5, 6, 7, 8, 1]);
  assert.deepEqual(fisherYates(xs, (n) => n - 1), xs, 'j = i keeps every item in place');
  assert.deepEqual(fisherYates([], () => { throw new Error('no draw for an empty list'); }), []);
  assert.deepEqual(fisherYates([9], () => { throw new Error('no draw for one item'); }), [9]);
});

test('scriptedRng: the scripted values in order, shared by every fork, then a seeded stream; a value out of range is refused', () => {
  const r = scriptedRng([3, 0, 5, 1]);
  assert.equal(r.int(6), 3);
  const f = r.fork('dice');
  assert.equal(f.int(6), 0, 'a fork reads the same script');
  assert.equal(f.fork('deeper').int(6), 5);
  assert.equal(r.draws, 3);
  assert.equal(f.draws, 3, 'one count for the root and its forks');
  assert.equal(r.int(2), 1);
  // the script is used up: the seeded fallback, the same one each time for the same label
  const after = Array.from({ length: 6 }, () => r.int(100));
  const fallback = localRng('scripted');
  assert.deepEqual(after, Array.from({ length: 6 }, () => fallback.int(100)));
  assert.equal(r.draws, 10);
  assert.deepEqual(scriptedRng([], 'other').int(1000), localRng('other').int(1000));
  assert.throws(() => scriptedRng([6]).int(6), RangeError);
  assert.throws(() => scriptedRng([-1]).int(6), RangeError);
  // a shuffle draws from the script: j = int(i + 1) from the end
  assert.deepEqual(scriptedRng([0, 0]).shuffle(['a', 'b', 'c']), ['b', 'c', 'a']);
  assert.deepEqual(scriptedRng([2, 1]).shuffle(['a', 'b', 'c']), ['a', 'b', 'c']);
  const input = ['a', 'b', 'c'];
  scriptedRng([0, 0]).shuffle(input);
  assert.deepEqual(input, ['a', 'b', 'c'], 'the input is not shuffled in place');
});

test('newSeed: 32 random bytes as 64 hex digits; seedHash: the published commitment sha256("skyeye/seed/v1|" + seed)', () => {
  const a = newSeed();
  const b = newSeed();
  assert.match(a, /^[0-9a-f]{64}$/);
  assert.notEqual(a, b);
  assert.equal(seedHash('abc'), createHash('sha256').update('skyeye/seed/v1|abc').digest('hex'));
  assert.notEqual(seedHash('abc'), seedHash('abd'));
});

test('int(1) draws nothing from the stream, and a large n draws again past its largest multiple below 2^32 (rejection sampling, no modulo bias)', () => {
  const plain = localRng('pin-1');
  const withOnes = localRng('pin-1');
  const a = Array.from({ length: 6 }, () => plain.int(1000));
  const b = Array.from({ length: 6 }, () => { withOnes.int(1); return withOnes.int(1000); });
  assert.deepEqual(b, a, 'int(1) leaves the stream where it was');
  // n = 3 * 2^30: a quarter of the 32-bit draws lie at or above the largest multiple of n (n
  // itself) and are drawn again. int(2^32) never rejects, so it shows the raw 32-bit stream.
  const n = 3 * 2 ** 30;
  const raw = localRng('pin-big-2');
  const words = Array.from({ length: 32 }, () => raw.int(2 ** 32));
  const kept = words.filter((x) => x < n).slice(0, 8);
  assert.notDeepEqual(kept, words.slice(0, 8), 'a draw among the first is rejected');
  const big = localRng('pin-big-2');
  assert.deepEqual(Array.from({ length: 8 }, () => big.int(n)), kept);
});

test('the refusals name what was refused', () => {
  assert.throws(() => localRng('msg').int(0), /rng\.int\(0\)/);
  assert.throws(() => scriptedRng([7]).int(6), /scripted value 7 not in \[0, 6\)/);
});

test('scriptedRng leaves the caller\'s script untouched, and its shuffle draws n - 1 values', () => {
  const script = [1, 0, 4];
  const r = scriptedRng(script);
  r.int(6);
  r.int(6);
  assert.deepEqual(script, [1, 0, 4]);
  const s = scriptedRng([0, 0, 5]);
  s.shuffle(['a', 'b', 'c']);
  assert.equal(s.draws, 2);
  assert.equal(s.int(6), 5, 'the third value is still there');
});
