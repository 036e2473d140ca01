// The AI reference ratings (issue 19): the ladder's Glicko-2 fit pins `random` at 1000 and
// orders the levels by their results; the shipped table has a rating for every level.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ladderRatings } from '../../src/players/ai-ladder.js';
import { aiRating } from '../../src/players/ratings.js';

test('ladder: random anchored at 1000, a level that wins more rates higher', () => {
  const results: { a: 'random' | 'greedy' | 'mcts'; b: 'random' | 'greedy' | 'mcts'; scoreA: number }[] = [];
  for (let i = 0; i < 10; i++) {
    results.push({ a: 'random', b: 'greedy', scoreA: i < 2 ? 1 : 0 }); // greedy wins 8 of 10
    results.push({ a: 'random', b: 'mcts', scoreA: i < 1 ? 1 : 0 }); // mcts wins 9 of 10
    results.push({ a: 'greedy', b: 'mcts', scoreA: i < 3 ? 1 : i < 5 ? 0.5 : 0 });
  }
  const r = ladderRatings(results);
  assert.equal(r.random.rating, 1000);
  assert.ok(r.greedy.rating > r.random.rating + 100, JSON.stringify(r));
  assert.ok(r.mcts.rating > r.greedy.rating, JSON.stringify(r));
});

test('every AI level has a reference rating (a ruleset without its own row uses the default)', () => {
  for (const level of ['random', 'greedy', 'mcts']) {
    const x = aiRating('no-such-ruleset', level);
    assert.ok(x.rating > 0 && x.rd > 0);
  }
  assert.ok(aiRating('x', 'mcts').rating > aiRating('x', 'random').rating);
});
