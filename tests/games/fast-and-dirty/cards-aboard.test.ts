// Checklist items #99-#102 (card sequences, §5.1) with #85 (transports): a squad aboard a
// transport does not activate on its own (it gets out in its transport's order), so its card
// passes when drawn; a Commander card with only embarked units to activate passes too. Before,
// the drawn card opened an activation with nothing to activate and the default action crashed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEntry, resultOf, setupGame, type KState } from '../../../src/engine/kernel.js';
import { randomEntry } from '../../../src/engine/playout.js';
import { entryRng, localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import type { S } from '../../../src/games/fast-and-dirty/state.js';
import { fastAndDirty, seats, squad } from './helpers.js';

test('#99 #100 #102 with #85: an embarked squad\'s card passes; random card games with passengers aboard end without a refused entry', () => {
  const forces = { 0: [{ name: 'Carrier', vehicle: 'apc', quality: 'regular' }, { ...squad('regular', 5), name: 'Rifles', aboard: 'Carrier' }, { ...squad('regular', 5), name: 'Line' }] };
  let passed = 0;
  for (const cardSequence of ['simple', 'extended', 'expanded']) {
    for (let i = 0; i < 3; i++) {
      const seed = `fad-cards-aboard-${cardSequence}-${i}`;
      const made = setupGame(fastAndDirty, { scenario: 'firefight', seats, options: { forces, cardSequence } }, entryRng(seed, seed, 0));
      assert.ok(!isViolation(made), JSON.stringify(made).slice(0, 300));
      let k: KState<S> = (made as { k: KState<S> }).k;
      const rng = localRng(seed);
      let n = 0;
      while (!resultOf(fastAndDirty, k) && n < 1500) {
        // Every open activation has a unit to activate, and never an embarked one.
        if (k.s.phase === 'activate' && k.s.cards?.drawn && 'unit' in k.s.cards.drawn) {
          const u = k.s.units.find((x) => x.id === (k.s.cards!.drawn as { unit: string }).unit)!;
          assert.ok(!u.embarked, `${seed}: ${u.id} activated aboard ${u.embarked}`);
        }
        const e = randomEntry(fastAndDirty, k, rng);
        const r = applyEntry(fastAndDirty, k, e, entryRng(seed, seed, k.seq + 1));
        assert.ok(!isViolation(r), `${seed} entry ${n}: ${JSON.stringify(r).slice(0, 200)}`);
        passed += (r as { events: { type: string; data: unknown }[] }).events.filter((ev) => ev.type === 'card_passed' && (ev.data as { embarked?: boolean }).embarked).length;
        k = (r as { k: KState<S> }).k;
        n++;
      }
      assert.ok(resultOf(fastAndDirty, k), `${seed} ended`);
    }
  }
  assert.ok(passed > 0, 'some embarked squad\'s card was drawn and passed');
});
