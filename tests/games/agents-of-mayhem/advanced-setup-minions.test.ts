// Checklist item [full] #81 (in part: steps 3 and 4), Advanced Setup (L2268-2271, spec 3.3):
// "3. Purchase Minions: Do not setup Minion Units as instructed. Instead spend Scrap to gain
// Minion Units for setup. The setup cost for Minions is shown on the lower right of the Minion
// Card. Place purchased Minion Unit's Cards in a Squad Boards." "4. Place your Elite and Minion
// Units on the Map as instructed by the Advanced Setup." Squad boards have 3 Minion slots (spec
// 2.2.2). Provisional: M5's LEGION Scrap GGGGGYYYYBB (data/gadgets.json); setup costs per figure:
// Swarm G, Hell GY, Shock GGB, Snipe YY; placement on the Tiles where the mission sets LEGION up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Action, S } from '../../../src/games/agents-of-mayhem/index.js';
import { MAYHEM } from '../../../src/games/agents-of-mayhem/rules/mayhem.js';
import { answer, cands, ev, fresh, kind, refused, rs } from './helpers.js';

/** M5 with Advanced Setup, both gadget choices made (LEGION: Overcharge Coil, YB): LEGION has G5 Y3 B1 left. */
function atStep3(): S {
  let s = fresh('M5', 2, { advancedSetup: true });
  s = answer(s, { type: 'chooseBoards', boards: ['fortune', 'hardtack', 'hollywood'] }).s; // step 1: the mission's own boards, MAYHEM's
  s = answer(s, { type: 'chooseBoards', boards: ['alpha', 'babylon', 'bravo'] }).s; // and LEGION's
  s = answer(s, { type: 'chooseGadgets', gadgets: [] }).s;
  return answer(s, { type: 'chooseGadgets', gadgets: ['gadget-babylon-overcharge'] }).s;
}
const buy = (...xs: [string, string, number][]): Action => ({ type: 'buyMinions', buy: xs.map(([board, minion, figures]) => ({ board, minion, figures })) });

test('#81 Advanced Setup step 3: LEGION buys Minion figures with the Scrap its gadgets left, cards into its Squads\' slots, instead of the listed Minions', () => {
  const s = atStep3();
  assert.equal(kind(s), 'buy_minions');
  assert.equal(rs.pending(s)[0].seat, 1, 'LEGION: MAYHEM has no Squad board');
  assert.deepEqual(rs.pending(s)[0].exposes, { side: 'LEGION', scrap: { G: 5, Y: 3, B: 1 } });
  assert.equal(refused(s, buy(['alpha', 'snipe', 2])).code, 'over_budget', 'YYYY: 3 yellow left');
  assert.equal(refused(s, buy(['alpha', 'swarm', 1], ['bravo', 'swarm', 1])).code, 'card_twice');
  assert.equal(refused(s, buy(['alpha', 'swarm', 1], ['alpha', 'hell', 1], ['alpha', 'shock', 1], ['alpha', 'snipe', 1])).code, 'slots_full', 'affordable (G4 Y3 B1) but 4 cards for 3 slots');
  assert.equal(refused(s, buy(['babylon', 'swarm', 1])).code, 'not_your_squad');
  assert.equal(refused(s, buy(['alpha', 'swarm', 4])).code, 'bad_figures', 'the card has 3 figures');
  const all = cands(s) as Extract<Action, { type: 'buyMinions' }>[];
  const norm = (a: Action) => JSON.stringify((a as { buy: { minion: string }[] }).buy.slice().sort((x, y) => (x.minion < y.minion ? -1 : 1)));
  assert.ok(all.some((a) => norm(a) === norm(buy(['alpha', 'swarm', 3], ['bravo', 'shock', 1]))));
  assert.ok(!all.some((a) => a.buy.some((x) => x.minion === 'snipe' && x.figures === 2)));
  // G3 + GGB = G5 B1: all the green and blue left.
  const st = answer(s, buy(['alpha', 'swarm', 3], ['bravo', 'shock', 1]));
  const legion = Object.values(st.s.units).filter((u) => u.side === 'LEGION' && u.minion).map((u) => u.id).sort();
  assert.deepEqual(legion, ['shock-1', 'shock-2', 'swarm-1', 'swarm-2', 'swarm-3'], 'the listed Hell and Snipe Troopers are not set up; every figure of a bought card is in the tray');
  assert.deepEqual(st.s.boards.alpha.minions, ['swarm']);
  assert.deepEqual(st.s.boards.bravo.minions, ['shock']);
  assert.deepEqual(ev(st, 'minions_bought')[0], { side: 'LEGION', buy: (buy(['alpha', 'swarm', 3], ['bravo', 'shock', 1]) as { buy: unknown }).buy });
  assert.ok(Object.values(st.s.units).filter((u) => u.minion).every((u) => u.at === null), 'placed in step 4');
  const bought = st.ev.find((e) => e.type === 'minions_bought')!;
  assert.equal(rs.describe!(rs.view(st.s, 0), bought), 'LEGION buys 3 Swarm Trooper (Alpha Squad), 1 Shock Trooper (Bravo Squad)');
  // LEGION's Mayhem deck is built again for the Minion types in use (step D): no Hell or Snipe card, its hand the same size.
  const units = [...st.s.mayhem!.LEGION.deck.pool, ...st.s.mayhem!.LEGION.hand].map((c) => MAYHEM.cards[c].unit).sort();
  assert.deepEqual([...new Set(units)], ['babylon', 'shock', 'swarm']);
  assert.equal(st.s.mayhem!.LEGION.hand.length, s.mayhem!.LEGION.hand.length);
  assert.ok(s.mayhem!.LEGION.deck.pool.concat(s.mayhem!.LEGION.hand).some((c) => MAYHEM.cards[c].unit === 'hell'), 'the listed force had one');
  // Standard Setup is unchanged.
  assert.ok(fresh('M5').units['hell-1'].at);
});

test('#81 Advanced Setup step 4: each bought Minion figure, then each Elite figure (its Ally within 2 spaces of it), is placed by its Side on a free space of the Tiles where the mission sets it up; then the mission begins', () => {
  let s = answer(atStep3(), buy(['alpha', 'swarm', 2], ['bravo', 'snipe', 1])).s;
  const placed: string[] = [];
  for (const unit of ['swarm-1', 'swarm-2', 'snipe-1']) {
    assert.equal(kind(s), 'place_unit');
    assert.deepEqual(rs.pending(s)[0].exposes, { side: 'LEGION', unit });
    assert.equal(rs.pending(s)[0].seat, 1);
    assert.equal(refused(s, { type: 'placeUnit', to: '1,1,1' }).code, 'bad_space', 'Tile 10 is MAYHEM\'s side of the map');
    assert.equal(refused(s, { type: 'placeUnit', to: s.units.babylon.at! }).code, 'bad_space', 'taken');
    const to = (cands(s) as { to: string }[]).map((a) => a.to).find((k) => !placed.includes(k) && k.endsWith(',1'))!;
    s = answer(s, { type: 'placeUnit', to }).s;
    assert.equal(s.units[unit].at, to);
    placed.push(to);
  }
  assert.equal(s.units['swarm-3'].at, null, 'not bought: in the tray');
  // Then the Elite figures (and the Ally), MAYHEM first: taken off their pictured spaces.
  assert.equal(kind(s), 'place_unit');
  assert.deepEqual(rs.pending(s)[0].exposes, { side: 'MAYHEM', unit: 'fortune' });
  assert.equal(rs.pending(s)[0].seat, 0);
  assert.equal(s.units.fortune.at, null);
  assert.equal(refused(s, { type: 'placeUnit', to: '14,1,1' }).code, 'bad_space', 'Tile 2 is LEGION\'s side of the map');
  s = answer(s, { type: 'placeUnit', to: '2,2,1' }).s;
  assert.equal(s.units.fortune.at, '2,2,1');
  // Glory: within 2 spaces of Fortune (L1971).
  assert.equal(kind(s), 'place_ally');
  const near = (cands(s) as { to: string }[]).map((a) => a.to);
  assert.ok(near.length > 0 && near.every((k) => { const [x, y] = k.split(',').map(Number); return Math.max(Math.abs(x - 2), Math.abs(y - 2)) <= 2; }));
  s = answer(s, { type: 'placeAlly', to: near[0] }).s;
  assert.equal(s.units.glory.at, near[0]);
  for (const unit of ['hardtack', 'hollywood', 'babylon']) {
    assert.equal((rs.pending(s)[0].exposes as { unit: string }).unit, unit);
    s = answer(s, rs.defaultAction!(s, rs.pending(s)[0])).s;
    assert.ok(s.units[unit].at);
  }
  assert.equal(rs.pending(s)[0].seat, 0);
  assert.equal(kind(s), 'activate', 'then the mission begins');
  // Defaults all the way: the largest affordable purchase, placed on the first free spaces.
  let d = atStep3();
  while (kind(d) !== 'activate') d = answer(d, rs.defaultAction!(d, rs.pending(d)[0])).s;
  const n = Object.values(d.units).filter((u) => u.side === 'LEGION' && u.minion && u.at).length;
  assert.ok(n >= 5, `the default buys many figures (${n})`);
});
