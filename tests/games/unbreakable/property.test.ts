// Property test over random legal playouts of every scenario and option set (issue #16 "Tests"):
// no crash, every game ends, units stand on legal hexes, stacking limits hold outside an open
// displacement, cards are conserved, and no view shows another side's sealed setup.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomPlayout } from '../../../src/engine/playout.js';
import { CONTENT } from '../../../src/games/unbreakable/content.js';
import { load } from '../../../src/games/unbreakable/geometry.js';
import type { S } from '../../../src/games/unbreakable/state.js';
import { rs } from './helpers.js';

const N = Number(process.env.UNB_PLAYOUTS ?? 3);
const OPTION_SETS = [{}, { opportunity: true, platoonSize: 4, componentLimits: true }, { platoonSize: 2, turnCap: 4, rounds: 1 }, { volcanicEarthquakes: true, legacyLavaLoss: true, meleeRequiresReady: true, opportunity: true, overheatedBeams: true }, { experimentalWeapons: true, walkerEquipment: true, opportunity: true, platoonSize: 4 }];

function invariants(s: S, where: string): void {
  const displacing = s.stack.some((f) => f.f === 'displace');
  for (const u of Object.values(s.units)) {
    if (u.gone) { assert.equal(u.at, null, `${where}: ${u.id} gone but on the map`); continue; }
    if (u.at === null) continue;
    assert.ok(u.at in CONTENT.terrain, `${where}: ${u.id} on ${u.at}`);
    assert.notEqual(s.map[u.at].terrain, 'volcano', `${where}: ${u.id} in a volcano`);
    assert.ok(!(s.vortexes ?? []).some((v) => v.hex === u.at), `${where}: ${u.id} in a vortex hex`);
    if (!displacing) assert.ok(load(s, u.at) <= 4, `${where}: ${u.at} over-stacked`);
    if (u.type === 'squad' && u.status === 'offline') assert.equal(u.config, 'ground', `${where}: scattered squads are grounded (A19)`);
  }
  // an Earthquake card goes to the unused pile as its resolution begins (§8.3), so its frame does not hold it
  const inPlay = s.stack.filter((f) => f.f === 'card').map((f) => (f as { card: string }).card).filter((c) => !c.startsWith('quake-'));
  const cards = [...s.deck.top, ...s.deck.pool, ...s.deck.discard, ...s.unusedQuakes, ...inPlay];
  const expected = 22 + 6 + (s.scenario === 'runaway' || s.options.opportunity ? 8 : 0);
  assert.equal(cards.length, expected, `${where}: card conservation`);
  if (s.options.componentLimits) {
    // #68 (§13 A3): pools per colour and 3 weapon cards of each type per side.
    const per = CONTENT.cards.components.perColour;
    for (const c of ['red', 'yellow', 'orange', 'green', 'blue', 'white']) {
      const hs = Object.values(s.map);
      assert.ok(hs.filter((h) => h.epicenter === c).length <= per.epicenter, `${where}: ${c} epicenters`);
      assert.ok(hs.filter((h) => h.terrain === 'crater' && h.border === c).length <= per.crater, `${where}: ${c} craters`);
      assert.ok(hs.filter((h) => h.terrain === 'lava' && h.border === c).length <= per.lava, `${where}: ${c} lava`);
    }
    for (const side of ['blue', 'yellow'] as const) {
      const ks = s.setup[side].loadouts.flatMap((l) => [...l.beams, ...l.bombs]);
      for (const k of new Set(ks)) assert.ok(ks.filter((x) => x === k).length <= 3, `${where}: ${side} ${k} cards`);
    }
  }
  if (s.phase === 'setup') {
    for (const [side, otherSide] of [['blue', 'yellow'], ['yellow', 'blue']] as const) {
      const seat = s.seatOf[side];
      if (seat === null || s.seatOf[otherSide] === null) continue;
      assert.equal(rs.view(s, seat).setup[otherSide], null, `${where}: seat ${seat} sees ${otherSide}'s setup`);
    }
  }
}

for (const sc of rs.scenarios) {
  for (const [oi, options] of OPTION_SETS.entries()) {
    test(`random playouts: ${sc.id} options ${JSON.stringify(options)} end with invariants intact`, () => {
      for (let i = 0; i < N; i++) {
        const seats = Array.from({ length: sc.players as number }, (_, index) => ({ index, name: `p${index}` }));
        let n = 0;
        const r = randomPlayout(rs, {
          scenario: sc.id, seats, options, seed: `prop-${sc.id}-${oi}-${i}`, maxEntries: 20000, hashChain: false,
          onEntry: (k) => invariants(k.s as S, `${sc.id} #${i} entry ${n++}`),
        });
        assert.ok(r.result, `${sc.id} #${i} did not end in ${r.entries.length} entries`);
      }
    });
  }
}
