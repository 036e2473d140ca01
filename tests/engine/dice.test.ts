// The shared dice (src/engine/mech/dice.ts) on their own: faces, counts, keep-highest and the
// roll event every game emits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keepHighest, rollDice, rollDie, rollEvent, rollFaces } from '../../src/engine/mech/dice.js';
import { scriptedRng } from '../../src/engine/rng.js';

test('a numeric die shows 1..sides: the rng\'s 0 is a 1 and its sides-1 is the top face', () => {
  const rng = scriptedRng([0, 5, 3]);
  assert.equal(rollDie(rng, 6), 1);
  assert.equal(rollDie(rng, 6), 6);
  assert.deepEqual(rollDice(rng, 6, 0), [], 'no dice, no draw');
  assert.equal(rng.draws, 2);
  assert.deepEqual(rollDice(scriptedRng([0, 1, 2, 3]), 4, 3), [1, 2, 3], 'exactly count dice');
});

test('a die with named faces shows the face the rng picks, count times (one by default)', () => {
  const faces = ['blank', 'hit', 'crit'] as const;
  assert.deepEqual(rollFaces(scriptedRng([2]), faces), ['crit']);
  const rng = scriptedRng([1, 0, 2]);
  assert.deepEqual(rollFaces(rng, faces, 3), ['hit', 'blank', 'crit']);
  assert.equal(rng.draws, 3);
  assert.deepEqual(rollFaces(scriptedRng([]), faces, 0), []);
});

test('keepHighest keeps the k highest, highest first, and leaves the roll alone', () => {
  const rolls = [2, 6, 1, 5, 5];
  assert.deepEqual(keepHighest(rolls), [6]);
  assert.deepEqual(keepHighest(rolls, 3), [6, 5, 5]);
  assert.deepEqual(keepHighest(rolls, 9), [6, 5, 5, 2, 1]);
  assert.deepEqual(keepHighest([3, 10, 9], 2), [10, 9], 'numeric order, not text order');
  assert.deepEqual(rolls, [2, 6, 1, 5, 5]);
});

test('the roll event is public by default and carries purpose, faces and extras', () => {
  assert.deepEqual(rollEvent('attack', [3, 6], { seat: 1 }), { type: 'dice_rolled', to: 'all', data: { purpose: 'attack', faces: [3, 6], seat: 1 } });
  assert.deepEqual(rollEvent('hidden', [2], {}, { seats: [0] }).to, { seats: [0] });
});
