// Random whole games over the campaign and Advanced Setup decisions (#81, #84-#86, #90): random
// legal playouts of M5 with Advanced Setup for 2-4 players, and a 2-player campaign M1 → M2 →
// a generated mission, each started from the previous game's carry (rewards, purchases, story
// flags). No crash, every game ends, no two units on one space.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomPlayout } from '../../../src/engine/playout.js';
import { carry, type S } from '../../../src/games/agents-of-mayhem/index.js';
import { generateMission } from '../../../src/games/agents-of-mayhem/rules/generator.js';
import { rs, seats } from './helpers.js';

function oneSpaceEach(s: S, where: string): void {
  const seen = new Set<string>();
  for (const u of Object.values(s.units)) {
    if (!u.at) continue;
    assert.ok(!seen.has(u.at), `${where}: two units on ${u.at}`);
    seen.add(u.at);
  }
}

test('#81 random legal playouts of M5 with Advanced Setup (gadgets, Minions, placement) end with 2, 3 and 4 players', () => {
  for (const n of [2, 3, 4]) {
    let k = 0;
    let placed = false;
    const r = randomPlayout(rs, {
      scenario: 'M5', seats: seats(n), options: { advancedSetup: true }, seed: `aom-adv-${n}`, maxEntries: 5000, hashChain: false,
      onEntry: (ks) => { k++; const s = ks.s as S; oneSpaceEach(s, `M5/${n} entry ${k}`); if (s.phase === 'actions') placed = true; },
    });
    assert.ok(r.result, `M5 ${n}p ended`);
    assert.ok(placed, 'the mission was played after the setup');
  }
});

test('#84 #90 a random 2-player campaign M1 → M2 → a generated mission: each game ends, rewards and story flags carry on', () => {
  let carried: ReturnType<typeof carry> | null = null;
  const games: { scenario: string; result: import('../../../src/engine/types.js').Result | null }[] = [];
  for (const [i, scenario] of ['M1', 'M2', null].entries()) {
    const next = scenario ? { scenario, options: carried ? { carry: carried } : {} } : generateMission({ seats: 2, games, carried })!;
    let last: S | null = null;
    const r = randomPlayout(rs, {
      scenario: next.scenario, seats: seats(2), options: next.options, seed: `aom-camp-${i}`, maxEntries: 6000, hashChain: false,
      onEntry: (ks) => { last = ks.s as S; oneSpaceEach(last, `${next.scenario} game ${i}`); },
    });
    assert.ok(r.result && last, `game ${i} (${next.scenario}) ended`);
    games.push({ scenario: next.scenario, result: r.result });
    carried = carry(last!);
    assert.ok(carried.rewards, `game ${i} awards`);
  }
  assert.deepEqual(Object.keys(carried!.flags!).filter((k) => k.endsWith(':winner')).sort(), ['G1:winner', 'M1:winner', 'M2:winner']);
});
