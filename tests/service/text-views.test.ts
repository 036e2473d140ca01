// The views read for event texts and action labels are computed once per state and seat:
// a move's texts (the view after it) and the next legal actions' labels share one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Ruleset } from '../../src/engine/types.js';
import { lazyView } from '../../src/service/words.js';

describe('text views', () => {
  let calls = 0;
  const rs = { view: (s: { n: number }, seat: number | null) => { calls++; return { n: s.n, seat }; } } as unknown as Ruleset;

  it('one view per state object and seat, on first use only', () => {
    const s1 = { n: 1 };
    const s2 = { n: 1 }; // equal but another state: its own view
    const a = lazyView(rs, s1, 0);
    assert.equal(calls, 0, 'nothing computed before use');
    const v = a();
    assert.equal(a(), v);
    assert.equal(lazyView(rs, s1, 0)(), v, 'a second reader of the same state and seat shares it');
    assert.equal(calls, 1);
    assert.deepEqual(lazyView(rs, s1, 1)(), { n: 1, seat: 1 }, 'another seat: its own view');
    assert.deepEqual(lazyView(rs, s1, null)(), { n: 1, seat: null }, 'the spectator: its own view');
    assert.notEqual(lazyView(rs, s2, 0)(), v);
    assert.equal(calls, 4);
  });
});
