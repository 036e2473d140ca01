// Jump-on (M8 "The Drop", L1050-L1057; spec AMB-32 and the default drop table of §11): a unit
// rolls d10 and d6 on the drop table and lands there, public to all; a sector with terrain or a
// friendly unit displaces it to an adjacent empty sector (the player's choice when several, none
// asked when one); an enemy there first costs it a Wild Fire card; no empty sector left destroys
// it. The nearest empty sectors are used when no adjacent one is free.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { craft, evOf, type K } from './helpers.js';
import { DATA } from '../../../src/games/abaddon/data.js';
import { Rules } from '../../../src/games/abaddon/rules.js';
import { entryRng, scriptedRng } from '../../../src/engine/rng.js';
import type { GameEvent } from '../../../src/engine/types.js';
import type { XY } from '../../../src/games/abaddon/data.js';

const R = new Rules(DATA);

/** M8 with every SCS unit waiting to jump, the board empty of terrain, CA parked on row 9. */
function drop(queue: string[]): K {
  const k = craft({ mission: 'm8' });
  for (const id of queue) {
    const u = k.s.units.find((x) => x.id === id)!;
    u.status = 'reserve';
    u.at = null;
  }
  k.s.jump = { queue: queue.slice(), unit: null, at: null, options: [] };
  return k;
}
const place = (k: K, id: string, at: XY) => { const u = k.s.units.find((x) => x.id === id)!; u.status = 'board'; u.at = at; };
const unit = (k: K, id: string) => k.s.units.find((x) => x.id === id)!;
const scs = (k: K) => k.s.units.filter((u) => u.faction === 'SCS').map((u) => u.id);
const ca = (k: K) => k.s.units.filter((u) => u.faction === 'CA').map((u) => u.id);

test('the drop table: d10 picks the column and d6 the row (M8\'s table: x = d10 + 2, y = d6 + 3); the roll and the landing are public', () => {
  const k = drop(scs(drop([])).slice(0, 1));
  const id = k.s.jump.queue[0];
  const ev: GameEvent[] = [];
  assert.equal(R.jumpNext(k.s, scriptedRng([9, 4]), ev as never), false, 'all landed: nothing to ask');
  assert.deepEqual(unit(k, id).at, [12, 8]);
  assert.equal(unit(k, id).status, 'board');
  const [roll] = evOf(ev, 'dice_rolled');
  assert.equal(roll.to, 'all');
  assert.deepEqual((roll.data as { faces: number[] }).faces, [10, 5]);
  assert.deepEqual((roll.data as { purpose: string }).purpose, 'jump_on');
  assert.deepEqual(evOf(ev, 'unit_landed').map((e) => [e.to, e.data]), [['all', { unit: id, at: [12, 8] }]]);
  const k2 = drop([id]);
  R.jumpNext(k2.s, scriptedRng([0, 0]), [] as never);
  assert.deepEqual(unit(k2, id).at, [3, 4]);
});

test('a mission without a drop table of its own uses the default table (3..12 by d10, 4..9 by d6)', () => {
  const k = drop(scs(drop([])).slice(0, 1));
  const id = k.s.jump.queue[0];
  const m = R.mission(k.s) as { dropTable?: unknown };
  const saved = m.dropTable;
  try {
    delete m.dropTable;
    R.jumpNext(k.s, scriptedRng([4, 2]), [] as never);
  } finally {
    m.dropTable = saved;
  }
  assert.deepEqual(unit(k, id).at, [7, 6]);
});

test('the jump-on dice come from the entry\'s "dice" stream', () => {
  const k = drop(scs(drop([])).slice(0, 1));
  const id = k.s.jump.queue[0];
  const dice = entryRng('seed', 'game', 5).fork('dice');
  const at = [DATA.missions.find((x) => x.id === 'm8')!.dropTable!.x[dice.int(10)], DATA.missions.find((x) => x.id === 'm8')!.dropTable!.y[dice.int(6)]];
  R.jumpNext(k.s, entryRng('seed', 'game', 5), [] as never);
  assert.deepEqual(unit(k, id).at, at);
});

test('landing on a friendly unit or on terrain displaces, with no Wild Fire; one empty neighbour is taken without asking', () => {
  const k = drop(scs(drop([])).slice(0, 2));
  const [a, b] = k.s.jump.queue;
  place(k, b, [3, 4]); // b stands where a will land; b is jumping too but placed here first for the test
  k.s.jump.queue = [a];
  // wall in every neighbour of (3,4) but (4,5) with terrain
  k.s.terrain = [[2, 3], [3, 3], [4, 3], [2, 4], [4, 4], [2, 5], [3, 5]].map((at) => ({ type: 'city', at: at as XY }));
  const ev: GameEvent[] = [];
  assert.equal(R.jumpNext(k.s, scriptedRng([0, 0]), ev as never), false);
  assert.deepEqual(unit(k, a).at, [4, 5]);
  assert.equal(unit(k, a).status, 'board');
  assert.equal(evOf(ev, 'wild_fire').length, 0, 'a friend on the sector costs no card');
  assert.deepEqual(evOf(ev, 'unit_displaced').map((e) => [e.to, e.data]), [['all', { unit: a, from: [3, 4], at: [4, 5] }]]);
  assert.equal(evOf(ev, 'unit_landed').length, 0);
  // terrain alone does the same
  const k2 = drop([a]);
  k2.s.terrain = [[3, 4], [2, 3], [3, 3], [4, 3], [2, 4], [4, 4], [2, 5], [3, 5]].map((at) => ({ type: 'city', at: at as XY }));
  R.jumpNext(k2.s, scriptedRng([0, 0]), [] as never);
  assert.deepEqual(unit(k2, a).at, [4, 5]);
});

test('several empty neighbours: the jumping player chooses (phase displace), the options in row then column order', () => {
  const k = drop(scs(drop([])).slice(0, 2));
  const [a, b] = k.s.jump.queue;
  k.s.terrain = [{ type: 'city', at: [5, 6] }];
  assert.equal(R.jumpNext(k.s, scriptedRng([2, 2]), [] as never), true, 'a choice is needed');
  assert.equal(k.s.phase, 'displace');
  assert.equal(k.s.jump.unit, a);
  assert.deepEqual(k.s.jump.at, [5, 6]);
  assert.deepEqual(k.s.jump.options, [[4, 5], [5, 5], [6, 5], [4, 6], [6, 6], [4, 7], [5, 7], [6, 7]]);
  assert.deepEqual(k.s.jump.queue, [b], 'the next unit waits');
});

test('landing on an enemy: a Wild Fire card for the landing unit first, then displacement; a unit the card destroys is not placed', () => {
  const k = drop(scs(drop([])).slice(0, 1));
  const [a] = k.s.jump.queue;
  const enemy = ca(k)[0];
  place(k, enemy, [3, 4]);
  k.s.wf.top = ['WF15']; // no effect (full.test.ts #16)
  const ev: GameEvent[] = [];
  assert.equal(R.jumpNext(k.s, scriptedRng([0, 0]), ev as never), true, 'then the displacement choice');
  assert.equal(evOf(ev, 'wild_fire').length, 1, 'one Wild Fire card drawn for the landing unit');
  assert.equal(k.s.phase, 'displace');
  assert.equal(k.s.jump.unit, a);
  assert.ok(!k.s.jump.options.some(([x, y]) => x === 3 && y === 4), 'never the enemy\'s sector');
  // with a single crystal left, a card that costs one destroys it: no displacement follows
  const k2 = drop([a]);
  place(k2, enemy, [3, 4]);
  unit(k2, a).crystals = 1;
  k2.s.wf.pool = k2.s.wf.pool.slice().sort();
  k2.s.wf.top = ['WF01'];
  const ev2: GameEvent[] = [];
  assert.equal(R.jumpNext(k2.s, scriptedRng([0, 0]), ev2 as never), false);
  assert.equal(evOf(ev2, 'unit_displaced').length, 0);
  assert.notEqual(k2.s.phase, 'displace');
  assert.ok(unit(k2, a).status === 'destroyed' || unit(k2, a).crystals <= 0);
});

test('no empty sector anywhere: the unit is lost (no_room), publicly', () => {
  const k = drop(scs(drop([])).slice(0, 1));
  const [a] = k.s.jump.queue;
  const cells: { type: string; at: XY }[] = [];
  for (let y = 0; y < k.s.height; y++) for (let x = 0; x < k.s.width; x++) cells.push({ type: 'city', at: [x, y] });
  const taken = new Set(k.s.units.filter((u) => u.status === 'board').map((u) => `${u.at![0]},${u.at![1]}`));
  k.s.terrain = cells.filter((c) => !taken.has(`${c.at[0]},${c.at[1]}`));
  const ev: GameEvent[] = [];
  assert.equal(R.jumpNext(k.s, scriptedRng([0, 0]), ev as never), false);
  assert.equal(unit(k, a).status, 'destroyed');
  assert.deepEqual(evOf(ev, 'unit_lost').map((e) => [e.to, e.data]), [['all', { unit: a, reason: 'no_room' }]]);
});

test('displacement options: the adjacent ring first; when it is full, the nearest ring with an empty sector; never off the board', () => {
  const k = drop([]);
  k.s.terrain = [];
  // a corner: only the in-bounds neighbours
  for (const u of k.s.units) if (u.status === 'board') u.at = [u.faction === 'SCS' ? 14 : 15, u.faction === 'SCS' ? 0 : 9];
  const corner = R.displaceOptions(k.s, [0, 0]);
  assert.deepEqual(corner, [[1, 0], [0, 1], [1, 1]]);
  // the ring at distance 1 walled in: distance 2
  k.s.terrain = [[4, 4], [5, 4], [6, 4], [4, 5], [6, 5], [4, 6], [5, 6], [6, 6]].map((at) => ({ type: 'city', at: at as XY }));
  const ring2 = R.displaceOptions(k.s, [5, 5]);
  assert.equal(ring2.length, 16);
  assert.ok(ring2.every(([x, y]) => Math.max(Math.abs(x - 5), Math.abs(y - 5)) === 2));
  assert.deepEqual(ring2[0], [3, 3]);
  assert.deepEqual(ring2[15], [7, 7]);
});

test('the jump-on roll is told with the unit that rolled and the sector the table gives (even when that sector is taken)', () => {
  const k = drop(scs(drop([])).slice(0, 2));
  const [a, b] = k.s.jump.queue;
  k.s.terrain = [{ type: 'city', at: [3, 4] }];
  const ev: GameEvent[] = [];
  R.jumpNext(k.s, scriptedRng([0, 0, 9, 5]), ev as never);
  assert.deepEqual(evOf(ev, 'dice_rolled').map((e) => [e.to, e.data]), [
    ['all', { purpose: 'jump_on', faces: [1, 1], unit: a, at: [3, 4] }],
  ]);
  // a displacement choice stops the queue: b rolls only once a's sector is chosen
  assert.equal(k.s.jump.unit, a);
  const ev2: GameEvent[] = [];
  k.s.jump.unit = null;
  R.jumpNext(k.s, scriptedRng([9, 5]), ev2 as never);
  assert.deepEqual(evOf(ev2, 'dice_rolled').map((e) => e.data), [{ purpose: 'jump_on', faces: [10, 6], unit: b, at: [12, 9] }]);
});
