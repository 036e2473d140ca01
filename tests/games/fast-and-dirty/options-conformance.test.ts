// The kernel's conformance checks (replay, candidates, defaults, determinize) over a random
// playout of every scenario with every option and module of this build switched on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { fastAndDirty, seats } from './helpers.js';

const ALL_OPTIONS = { opportunityFire: true, losingHeart: true, hitAllocation: 'random', seizeInitiative: true, squadDamage: true, pinning: true, squadLos: true, variableMovement: true, commandDisruption: true, minefields: { 0: 1, 1: 2 }, hiddenMovement: true, artillery: { 0: ['lightMortar'], 1: ['heavyMortar'] } };
for (const sc of fastAndDirty.scenarios) {
  test(`kernel conformance of ${sc.title} with every option on (opportunity fire, losing heart, random allocation, seize initiative, squad damage, pinning, squad LOS, variable movement, command disruption, mines, hidden movement, artillery)`, () => {
    const r = checkPlayout(fastAndDirty, sc.id, seats, `fad-opts-${sc.id}`, 3000, ALL_OPTIONS);
    assert.deepEqual(r.problems, []);
    assert.ok(r.ended);
  });
}
