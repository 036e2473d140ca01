// Checklist items #75 and #92: random legal playouts with sealed and hidden deployment, infiltration
// moves and platoon coherency switched on: the sealed group is filled, every entry is accepted, the
// game ends and no base ends off the table or in impassable terrain.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEntry, resultOf, setupGame, type KState } from '../../../src/engine/kernel.js';
import { randomEntry } from '../../../src/engine/playout.js';
import { entryRng, localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { inImpassable } from '../../../src/games/fast-and-dirty/geometry.js';
import { living, type S } from '../../../src/games/fast-and-dirty/state.js';
import { fastAndDirty, seats } from './helpers.js';

test('#75 #92 random legal playouts with sealed deployment, hidden movement, infiltration and platoon coherency end without a refused entry', () => {
  const sq = (name: string, traits: string[] = []) => ({ name, quality: 'regular', resolve: 'steady', traits, figures: [{ weapon: 'assaultRifle', armour: 'light', count: 5 }] });
  const forces = { 0: [sq('Lead'), sq('Scouts', ['infiltrate']), sq('Line')], 1: [sq('Lead'), sq('Line'), sq('Ghosts', ['infiltrate', 'recon'])] };
  for (let i = 0; i < 2; i++) {
    const seed = `fad-deploy-${i}`;
    const options = { forces, sealedDeployment: true, hiddenMovement: true, platoonCoherency: { formula: i ? 'plus' : 'times', platoons: [['A1', 'A2', 'A3'], ['B1', 'B2', 'B3']] } };
    const made = setupGame(fastAndDirty, { scenario: 'firefight', seats, options }, entryRng(seed, seed, 0));
    assert.ok(!isViolation(made), JSON.stringify(made).slice(0, 300));
    let k: KState<S> = (made as { k: KState<S> }).k;
    assert.equal(k.s.phase, 'deploy');
    const rng = localRng(seed);
    let n = 0;
    while (!resultOf(fastAndDirty, k) && n < 2000) {
      const e = randomEntry(fastAndDirty, k, rng);
      const r = applyEntry(fastAndDirty, k, e, entryRng(seed, seed, k.seq + 1));
      assert.ok(!isViolation(r), `${seed} entry ${n}: ${JSON.stringify(r).slice(0, 200)}`);
      k = (r as { k: KState<S> }).k;
      n++;
    }
    assert.ok(resultOf(fastAndDirty, k), `${seed} ended`);
    for (const f of k.s.units.flatMap((u) => (u.hidden ? [] : living(u).filter((x) => !x.exited)))) assert.equal(inImpassable(k.s, f.at), null);
  }
});
