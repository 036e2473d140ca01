// The bots' sampled candidates reach the Fly/Grav landing (#78) and carrying wounded (#43): random
// legal playouts (the kernel's randomEntry) land a Fly/Grav vehicle and carry a wounded figure at
// least once over a few seeds, every entry accepted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEntry, resultOf, setupGame, type KState } from '../../../src/engine/kernel.js';
import { randomEntry } from '../../../src/engine/playout.js';
import { entryRng, localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';
import { fastAndDirty, seats } from './helpers.js';

/** Play `seeds` random games; count the accepted entries matching `pick`. */
function playouts(tag: string, options: Record<string, unknown>, pick: (a: Action) => boolean, seeds = 3, cap = 1500): number {
  let hits = 0;
  for (let i = 0; i < seeds; i++) {
    const seed = `fad-${tag}-${i}`;
    const made = setupGame(fastAndDirty, { scenario: 'firefight', seats, options }, entryRng(seed, seed, 0));
    assert.ok(!isViolation(made), JSON.stringify(made).slice(0, 300));
    let k: KState<S> = (made as { k: KState<S> }).k;
    const rng = localRng(seed);
    for (let n = 0; !resultOf(fastAndDirty, k) && n < cap; n++) {
      const e = randomEntry(fastAndDirty, k, rng);
      const r = applyEntry(fastAndDirty, k, e, entryRng(seed, seed, k.seq + 1));
      assert.ok(!isViolation(r), `${seed} entry ${n}: ${JSON.stringify(r).slice(0, 200)}`);
      if ('action' in e && pick(e.action as Action)) hits++;
      k = (r as { k: KState<S> }).k;
    }
  }
  return hits;
}

const sq = (name: string) => ({ name, quality: 'regular', resolve: 'steady', traits: [], figures: [{ weapon: 'assaultRifle', armour: 'light', count: 5 }] });

test('#78 random playouts with Fly/Grav vehicles land one (the sampled drive orders include landings)', () => {
  const forces = { 0: [sq('Lead'), { name: 'Hover', vehicle: 'gravTank', quality: 'regular' }], 1: [sq('Lead'), { name: 'Skimmer', vehicle: 'gravTank', quality: 'regular' }] };
  assert.ok(playouts('land', { forces }, (a) => a.type === 'drive' && a.land === true) > 0);
});

test('#43 random playouts with the Recover Wounded module carry a wounded figure (the sampled orders include carrying moves)', () => {
  const forces = { 0: [sq('Lead'), sq('Line')], 1: [sq('Lead'), sq('Line')] };
  assert.ok(playouts('carry', { forces, recoverWounded: true }, (a) => a.type === 'engage' && !!a.carry?.length) > 0);
});
