// Every installed ruleset, every scenario: the kernel's conformance checks over random playouts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkPlayout } from '../../src/engine/conformance.js';
import { rulesets } from '../../src/games/index.js';
import { duel } from '../support/duel.js';

const PLAYOUTS = Number(process.env.CONFORMANCE_PLAYOUTS ?? 1);

for (const rs of [duel, ...rulesets()]) {
  describe(`conformance: ${rs.id}`, () => {
    for (const sc of rs.scenarios) {
      const counts = Array.isArray(sc.players) ? sc.players : [sc.players];
      for (const n of counts) {
        test(`${sc.id} (${n} players): replay, candidates, defaults, determinize, no answer to another seat's decision, games end`, () => {
          const seats = Array.from({ length: n }, (_, index) => ({ index, name: `P${index}` }));
          for (let i = 0; i < PLAYOUTS; i++) {
            const r = checkPlayout(rs, sc.id, seats, `conf-${rs.id}-${sc.id}-${n}-${i}`);
            assert.deepEqual(r.problems, [], `playout ${i}`);
            assert.ok(r.ended, `playout ${i} did not end in ${r.entries} entries`);
          }
        });
      }
    }
  });
}
