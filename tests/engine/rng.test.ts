// The seeded streams (src/engine/rng.ts). Stored games replay and verify only while a seed, a
// game id, an entry number and a fork label draw exactly the numbers they drew when the game was
// played, so the first draws of one fixed stream are pinned here: a change to the key
// derivation, the state mix or rejection sampling fails this test instead of silently
// re-rolling every stored game (docs/MUTATION.md, rng.ts survivors).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryRng, localRng } from '../../src/engine/rng.js';

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
