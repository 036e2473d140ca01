// Property test over random legal playouts of every tutorial and mission with 2, 3 and 4
// players: no crash, every game ends, cube and card conservation, units on legal spaces,
// no leak of a drawn Refresh card, drone tiles conserved and on their roads, drones driving in
// every mission with traffic. AOM_PLAYOUTS sets the count per scenario and player count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomPlayout } from '../../../src/engine/playout.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { capacity } from '../../../src/games/agents-of-mayhem/rules/board.js';
import { MARKERS } from '../../../src/games/agents-of-mayhem/rules/explosions.js';
import { missionDrones } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import { WELLS, map, type S } from '../../../src/games/agents-of-mayhem/state.js';
import { drawnRevealed } from '../../../src/games/agents-of-mayhem/view.js';
import { rs, seats } from './helpers.js';

const N = Number(process.env.AOM_PLAYOUTS ?? 4);

function invariants(s: S, where: string): void {
  const m = CONTENT.missions[s.mission];
  for (const b of Object.values(s.boards)) {
    for (const w of WELLS) {
      assert.ok(b.cubes[w] >= 0 && b.wounds[w] >= 0, `${where}: ${b.id} ${w} negative`);
      assert.ok(b.cubes[w] + b.wounds[w] + b.disrupted.filter((d) => d === w).length <= capacity(b, w), `${where}: ${b.id} ${w} over capacity`);
    }
    assert.ok(b.shield >= 0 && b.shield <= capacity(b, 'shield') && b.armor >= 0 && b.armor <= capacity(b, 'armor'), `${where}: ${b.id} shield/armor`);
  }
  for (const side of ['MAYHEM', 'LEGION'] as const) {
    const d = s.decks[side];
    const drawn = s.side === side ? s.slots.map((x) => x.drawn).filter((x): x is string => !!x) : [];
    const all = [...d.pool, ...d.top, ...d.discard, ...drawn];
    assert.deepEqual(all.filter((c) => !c.startsWith('event:')).sort(), m.sides[side].refreshDeck.slice().sort(), `${where}: ${side} Refresh cards conserved`);
    // Event Cards: only those the mission shuffles into this deck, never drawn into a slot or discarded (they leave the game).
    const events = [...d.pool, ...d.top].filter((c) => c.startsWith('event:'));
    const listed = (m.events?.cards ?? []).filter((c) => c.deck === side).map((c) => `event:${c.card}`);
    assert.ok(events.every((c) => listed.includes(c)) && ![...d.discard, ...drawn].some((c) => c.startsWith('event:')), `${where}: ${side} Event Cards`);
  }
  const seen = new Set<string>();
  for (const u of Object.values(s.units)) {
    if (!u.at) continue;
    assert.ok(map(s).cells[u.at], `${where}: ${u.id} on a space of the map as it stands (collapsed Levels gone)`);
    assert.ok(!seen.has(u.at), `${where}: two units on ${u.at}`);
    seen.add(u.at);
  }
  // Explosion markers conserved: the pile and the face-up markers hold every marker; face-down ones have no identity yet.
  if (s.explosions) {
    const ids = [...s.explosions.pile.pool, ...s.explosions.placed.filter((x) => x.faceUp).map((x) => x.marker!)].sort();
    assert.deepEqual(ids, Object.keys(MARKERS).sort(), `${where}: Explosion markers conserved`);
    assert.ok(s.explosions.placed.every((x) => map(s).cells[x.at] && (x.faceUp ? !!x.marker : x.marker === null)), `${where}: markers on the map, face down without identity`);
  }
  // Traffic (#78, #79): every drone tile is in the supply or on the map (or destroyed), once; a drone on the map lies on its
  // road, front ahead of back along the joined lane, unless it is still driving in from beyond the edge (a spawn ramming on the way).
  if (s.traffic) {
    const drones = (s.vehicles ?? []).filter((v) => v.side === null);
    assert.deepEqual([...s.traffic.supply, ...drones.map((v) => v.id)].sort(), missionDrones(s.mission).slice().sort(), `${where}: drone tiles conserved`);
    for (const v of drones.filter((x) => !x.destroyed)) {
      const cells = map(s).lanes[v.lane!].cells;
      const entering = s.stack.some((f) => f.t === 'drones' && f.queue[0]?.drone === v.id);
      assert.ok(entering || (cells.indexOf(v.front) > 0 && cells.indexOf(v.back) === cells.indexOf(v.front) - 1), `${where}: ${v.id} on its road (${v.back} to ${v.front})`);
    }
  }
  for (let seat = 0; seat < s.players; seat++) assert.ok((rs.view(s, seat).eventBook ?? []).every((b) => b.book === s.seats[seat]), `${where}: seat ${seat} reads only its own Event Boxes`);
  // A drawn card is the drawer's Side's until the reveal (Refresh Phase step 1), then everyone's until the discard (issue #18).
  const revealed = drawnRevealed(s);
  for (const seat of [...Array.from({ length: s.players }, (_, i) => i), null]) {
    if (seat !== null && s.seats[seat] === s.side) continue;
    const v = JSON.stringify(rs.view(s, seat).slots);
    for (const sl of s.slots) if (sl.drawn) assert.equal(v.includes(`"${sl.drawn}"`), revealed, `${where}: seat ${seat} ${revealed ? 'does not see the revealed' : 'sees the hidden'} drawn card`);
  }
}

for (const m of CONTENT.missionList) {
  for (const n of m.players) {
    test(`random legal playouts of ${m.id} with ${n} players end, conserve cubes and cards, keep units on the map, leak nothing`, () => {
      let moved = 0;
      for (let i = 0; i < N; i++) {
        let k = 0;
        const r = randomPlayout(rs, {
          scenario: m.id, seats: seats(n), seed: `aom-${m.id}-${n}-${i}`, maxEntries: 5000, hashChain: false,
          onEntry: (ks, _e, events) => { k++; invariants(ks.s as S, `${m.id}/${n}/${i} entry ${k}`); moved += events.filter((e) => e.type === 'drone_moved').length; },
        });
        assert.ok(r.result, `${m.id} ${n}p playout ${i} ended`);
      }
      // Every mission with traffic (the Advanced ones, L2057) has its drones driving in these playouts.
      if (N >= 4) assert.equal(moved > 0, missionDrones(m.id).length > 0, `${m.id} ${n}p: drones moved ${moved} spaces`);
    });
  }
}

test('#47 seeded RNG streams, event-sourced log and replay: the same seed and entries give the same states and events', async () => {
  const { replay } = await import('../../../src/engine/playout.js');
  const o = { scenario: 'M1', seats: seats(2), seed: 'aom-replay', maxEntries: 400 };
  const a = randomPlayout(rs, o);
  const b = replay(rs, o, a.entries);
  assert.equal(b.hash, a.hash);
  assert.ok(a.entries.length > 50);
  const c = randomPlayout(rs, { ...o, seed: 'aom-replay-2' });
  assert.notEqual(c.hash, a.hash, 'another seed, another game');
});

test('the playouts above cover every tutorial and mission with each player count it allows: 2 to 4 from Tutorial 5 on, 2 in Tutorials 1-4 (before the 3-4 player rules, L1360-1372)', () => {
  const counts = Object.fromEntries(CONTENT.missionList.map((m) => [m.id, m.players.slice().sort()]));
  assert.deepEqual(counts, {
    T1: [2], T2: [2], T3: [2], T4: [2], T5: [2, 3, 4], T6: [2, 3, 4],
    M1: [2, 3, 4], M2: [2, 3, 4], M3: [2, 3, 4], M4: [2, 3, 4], M5: [2, 3, 4], M6: [2, 3, 4], M7: [2, 3, 4],
  });
});
