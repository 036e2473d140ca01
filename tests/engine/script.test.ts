// Scripted randomness for sandbox games (src/engine/script.ts, docs/ANALYSIS.md "Sandbox games"):
// per stream (a fork label, `#n` folded), scripted outcomes are consumed in order across the whole
// game, then the entry's seeded stream takes over; an outcome that does not fit its draw refuses
// the move (ScriptMismatch, 422 script_mismatch) naming the stream and index.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryRng, fisherYates } from '../../src/engine/rng.js';
import { cursorsOf, scriptedRng, scriptProblem, ScriptMismatch, streamOf, type DiceScript } from '../../src/engine/script.js';
import type { PositionFormat } from '../../src/engine/types.js';

const FACES = ['H', 'M', 'R', 'I', 'WS', 'C'] as const;
const streams: PositionFormat['streams'] = {
  dice: { description: 'dice 1..6 or by face', offset: 1, faces: FACES },
  deck: { description: 'index in the pile' },
  relays: { description: 'a shuffle order' },
};
const base = () => entryRng('seed', 'g', 3);
const draws = (rng: { int(n: number): number }, n: number, k: number) => Array.from({ length: k }, () => rng.int(n));
const mismatch = (fn: () => unknown, stream: string, index: number, message: string | RegExp) =>
  assert.throws(fn, (e) => {
    assert.ok(e instanceof ScriptMismatch, String(e));
    assert.equal(e.stream, stream);
    assert.equal(e.index, index);
    if (typeof message === 'string') assert.equal(e.message, message);
    else assert.match(e.message, message);
    return true;
  });

test('numbers: minus the stream\'s offset, in order; then the entry\'s seeded stream from its start', () => {
  const rng = scriptedRng(base(), { dice: [6, 1, 3], deck: [0, 4] }, streams, {});
  assert.deepEqual(draws(rng.fork('dice'), 6, 3), [5, 0, 2]);
  assert.deepEqual(draws(rng.fork('deck'), 10, 2), [0, 4]);
  // past the script: the same numbers a real game's entry would draw on that stream
  assert.deepEqual(draws(rng.fork('dice'), 6, 5), draws(base().fork('dice'), 6, 5));
  assert.deepEqual(draws(rng.fork('other'), 100, 3), draws(base().fork('other'), 100, 3));
  assert.deepEqual(rng.cursors, { dice: 3, deck: 2 });
});

test('a `#n` suffix is the same stream; a fork of a fork is its own stream `a/b`', () => {
  assert.equal(streamOf('dice#2'), 'dice');
  assert.equal(streamOf('dice#12'), 'dice');
  assert.equal(streamOf('dice#x'), 'dice#x');
  assert.equal(streamOf('a#2b'), 'a#2b');
  const rng = scriptedRng(base(), { dice: [2, 3, 4], 'run/dice': [6] }, streams, {});
  assert.equal(rng.fork('dice').int(6), 1);
  assert.equal(rng.fork('dice#2').int(6), 2);
  assert.equal(rng.fork('run').fork('dice').int(7), 6, 'stream run/dice, numbers from 0: not the dice spec');
  assert.equal(rng.fork('run#3').fork('dice#2').int(7), base().fork('run#3').fork('dice#2').int(7), 'run/dice is used up: seeded');
  assert.deepEqual(rng.cursors, { dice: 2, 'run/dice': 1 });
});

test('cursors carry the script across entries: copied in, read back with cursorsOf', () => {
  const script: DiceScript = { dice: [1, 2, 3, 4] };
  const before = { dice: 1 };
  const e1 = scriptedRng(base(), script, streams, before);
  assert.equal(e1.fork('dice').int(6), 1, 'the second outcome: the first was used by an earlier entry');
  assert.deepEqual(before, { dice: 1 }, 'the caller\'s cursors are not modified');
  assert.deepEqual(cursorsOf(e1), { dice: 2 });
  const e2 = scriptedRng(entryRng('seed', 'g', 4), script, streams, cursorsOf(e1)!);
  assert.deepEqual(draws(e2.fork('dice'), 6, 2), [2, 3]);
  assert.deepEqual(cursorsOf(e2.fork('x')), { dice: 4 }, 'a fork shares its entry\'s cursors');
  assert.equal(cursorsOf(base()), null);
});

test('draws count scripted outcomes and seeded ones alike (a violation after either is a kernel error)', () => {
  const rng = scriptedRng(base(), { dice: [6], relays: [[1, 0]] }, streams, {});
  assert.equal(rng.draws, 0);
  const d = rng.fork('dice');
  d.int(6);
  assert.equal(rng.draws, 1);
  assert.equal(d.draws, 1);
  d.int(6); // seeded
  assert.equal(rng.draws, 2);
  rng.fork('relays').shuffle(['a', 'b']);
  assert.equal(rng.draws, 3);
  rng.fork('deck').int(4);
  assert.equal(rng.draws, 4);
});

test('face names: the face\'s index when the draw is over exactly the stream\'s faces', () => {
  const rng = scriptedRng(base(), { dice: ['C', 'H', 'WS'] }, streams, {});
  assert.deepEqual(draws(rng.fork('dice'), 6, 3), [5, 0, 4]);
  // a name on a draw over another number of outcomes, or a name that is no face
  mismatch(() => scriptedRng(base(), { dice: ['C'] }, streams, {}).fork('dice').int(8), 'dice', 0, 'dice.dice[0]: C is not a face of this draw (a number from 1)');
});

test('an outcome that does not fit its draw is a ScriptMismatch naming stream, index and range', () => {
  const rng = scriptedRng(base(), { dice: [2, 1, 7] }, streams, {});
  const d = rng.fork('dice');
  d.int(6);
  d.int(6);
  mismatch(() => d.int(6), 'dice', 2, 'dice.dice[2]: 7 is not a possible outcome here (1..6)');
  mismatch(() => scriptedRng(base(), { dice: [0] }, streams, {}).fork('dice').int(6), 'dice', 0, 'dice.dice[0]: 0 is not a possible outcome here (1..6)');
  mismatch(() => scriptedRng(base(), { deck: [5] }, streams, {}).fork('deck').int(5), 'deck', 0, 'dice.deck[0]: 5 is not a possible outcome here (0..4)');
  mismatch(() => scriptedRng(base(), { deck: [-1] }, streams, {}).fork('deck').int(5), 'deck', 0, 'dice.deck[0]: -1 is not a possible outcome here (0..4)');
  assert.equal(scriptedRng(base(), { deck: [4] }, streams, {}).fork('deck').int(5), 4, 'the last outcome fits');
  mismatch(() => scriptedRng(base(), { deck: ['H'] }, streams, {}).fork('deck').int(6), 'deck', 0, 'dice.deck[0]: H is not a face of this draw (a number from 0)');
  mismatch(() => scriptedRng(base(), { dice: ['Q'] }, streams, {}).fork('dice').int(6), 'dice', 0, 'dice.dice[0]: Q is not a face of this draw (H, M, R, I, WS, C)');
  mismatch(() => scriptedRng(base(), { dice: [[0, 1]] }, streams, {}).fork('dice').int(6), 'dice', 0, 'dice.dice[0]: a shuffle order where one draw of 6 was made');
  // a stream the ruleset does not declare: numbers from 0, and no face names
  mismatch(() => scriptedRng(base(), { odd: ['H'] }, streams, {}).fork('odd').int(6), 'odd', 0, 'dice.odd[0]: H is not a face of this draw (a number from 0)');
  mismatch(() => scriptedRng(base(), { odd: ['H'] }, undefined, {}).fork('odd').int(6), 'odd', 0, 'dice.odd[0]: H is not a face of this draw (a number from 0)');
  assert.equal(scriptedRng(base(), { odd: [3] }, streams, {}).fork('odd').int(4), 3);
  assert.equal(scriptedRng(base(), { odd: [3] }, undefined, {}).fork('odd').int(4), 3);
  mismatch(() => scriptedRng(base(), { odd: [4] }, undefined, {}).fork('odd').int(4), 'odd', 0, 'dice.odd[0]: 4 is not a possible outcome here (0..3)');
});

test('shuffles: an order is the whole shuffle; numbers script its draws one by one; then the seeded stream', () => {
  const xs = ['a', 'b', 'c', 'd'];
  const rng = scriptedRng(base(), { relays: [[2, 0, 3, 1], 0, 0, 0] }, streams, {});
  const r = rng.fork('relays');
  assert.deepEqual(r.shuffle(xs), ['c', 'a', 'd', 'b']);
  // three numbers: Fisher-Yates draws int(4), int(3), int(2)
  assert.deepEqual(r.shuffle(xs), fisherYates(xs, () => 0));
  assert.deepEqual(rng.cursors, { relays: 4 });
  assert.deepEqual(r.shuffle(xs), base().fork('relays').shuffle(xs));
  assert.deepEqual(xs, ['a', 'b', 'c', 'd'], 'the input is not modified');
  // a stream with no script at all shuffles as the seeded stream does
  assert.deepEqual(rng.fork('deck').shuffle(xs), base().fork('deck').shuffle(xs));
  for (const bad of [[0, 1, 2], [0, 1, 2, 2], [1, 2, 3, 4], [0, 1, 2, 3, 4]]) {
    mismatch(() => scriptedRng(base(), { relays: [bad] }, streams, {}).fork('relays').shuffle(xs), 'relays', 0, 'dice.relays[0]: a shuffle of 4 is an order of 0..3');
  }
  // an order after other outcomes: its index in the stream
  const late = scriptedRng(base(), { relays: [1, [1, 0, 2]] }, streams, {}).fork('relays');
  late.int(2);
  mismatch(() => late.shuffle(['x', 'y']), 'relays', 1, 'dice.relays[1]: a shuffle of 2 is an order of 0..1');
  assert.deepEqual(scriptedRng(base(), { relays: [[0]] }, streams, {}).fork('relays').shuffle(['z']), ['z']);
});

test('scriptProblem: a script is an object of lists of integers, face names or orders', () => {
  assert.equal(scriptProblem({}), null);
  assert.equal(scriptProblem({ dice: [1, 'WS', [2, 0, 1], -3], deck: [] }), null);
  for (const bad of [null, [], 'dice', 3]) assert.equal(scriptProblem(bad), 'dice is an object: stream label -> list of outcomes', JSON.stringify(bad));
  assert.equal(scriptProblem({ dice: 6 }), 'dice.dice is a list of outcomes');
  assert.equal(scriptProblem({ dice: Array(10_000).fill(1) }), null);
  assert.equal(scriptProblem({ dice: Array(10_001).fill(1) }), 'dice.dice has more than 10000 outcomes');
  const item = (k: string, i: number) => `dice.${k}[${i}] is an integer, a face name or a shuffle order (a list of integers)`;
  assert.equal(scriptProblem({ ok: [1], dice: [1, 2.5] }), item('dice', 1));
  assert.equal(scriptProblem({ dice: [null] }), item('dice', 0));
  assert.equal(scriptProblem({ dice: [{}] }), item('dice', 0));
  assert.equal(scriptProblem({ dice: [true] }), item('dice', 0));
  assert.equal(scriptProblem({ dice: ['x'.repeat(32)] }), null);
  assert.equal(scriptProblem({ dice: ['x'.repeat(33)] }), item('dice', 0));
  assert.equal(scriptProblem({ dice: [Array(500).fill(0)] }), null);
  assert.equal(scriptProblem({ dice: [Array(501).fill(0)] }), item('dice', 0));
  assert.equal(scriptProblem({ dice: [[0, 1.5]] }), item('dice', 0));
  assert.equal(scriptProblem({ dice: [['a']] }), item('dice', 0));
});
