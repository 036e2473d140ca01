// copyJson: the deep copy rulesets make before changing a state. The copy must serialize to the
// very same JSON (the hash chain hashes it) and share nothing with the original.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { copyJson } from '../../src/engine/mech/json.js';
import { getRuleset } from '../../src/games/index.js';
import { randomPlayout } from '../../src/engine/playout.js';

test('copyJson: same JSON byte for byte, key order kept, nothing shared', () => {
  const x = { b: 1, a: [1, { z: 'z', y: null, 10: 'ten', 2: 'two' }, [true, false]], c: { d: { e: 'é' } }, n: null, u: undefined };
  const y = copyJson(x);
  assert.equal(JSON.stringify(y), JSON.stringify(x));
  assert.deepStrictEqual(y, structuredClone(x));
  assert.deepEqual(Object.keys(y), ['b', 'a', 'c', 'n', 'u']);
  assert.notEqual(y.a, x.a);
  assert.notEqual(y.a[1], x.a[1]);
  assert.notEqual(y.c.d, x.c.d);
  (y.c.d as { e: string }).e = 'changed';
  (y.a[2] as boolean[]).push(true);
  assert.equal(x.c.d.e, 'é');
  assert.equal((x.a[2] as boolean[]).length, 2);
  assert.equal(copyJson(7), 7);
  assert.equal(copyJson(null), null);
});

test('copyJson: every state of an Undaunted game copies to the same JSON as structuredClone', () => {
  const rs = getRuleset('undaunted-callisto')!;
  let n = 0;
  randomPlayout(rs, {
    scenario: rs.scenarios[0].id, seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], seed: 'copy-json',
    onEntry: (k) => {
      assert.equal(JSON.stringify(copyJson(k)), JSON.stringify(structuredClone(k)));
      n++;
    },
  });
  assert.ok(n > 10, `${n} states`);
});
