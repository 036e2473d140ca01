// Turn structure (spec section 4-5.7): grid, data, setup, rounds, lock-on, activation,
// Command uses, orders, movement, decks, Reboot, instant victory, views.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { abaddon, act, craft, dec, evOf, start, tryAct, unit, decisions } from './helpers.js';
import * as G from '../../../src/engine/mech/grid-square.js';
import { DATA, loadData } from '../../../src/games/abaddon/data.js';
import { UNIT } from '../../../src/games/abaddon/state.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import missionsJson from '../../../src/games/abaddon/data/missions.json' with { type: 'json' };
import wsJson from '../../../src/games/abaddon/data/ws-deck.json' with { type: 'json' };
import wfJson from '../../../src/games/abaddon/data/wildfire.json' with { type: 'json' };

test('#1 grid: mission-defined 16x10 board, Chebyshev distance, 8-adjacency (L64-L75, L119-L123)', () => {
  const { k } = start('m1');
  assert.equal(k.s.width, 16);
  assert.equal(k.s.height, 10);
  assert.equal(G.chebyshev([0, 0], [3, 5]), 5);
  assert.ok(G.adjacent([4, 4], [5, 5]) && G.adjacent([4, 4], [4, 5]) && !G.adjacent([4, 4], [6, 5]));
  assert.equal(G.neighbours8(k.s, [0, 0]).length, 3);
  assert.equal(G.neighbours8(k.s, [5, 5]).length, 8);
});

test('#2 terrain features are impassable single sectors that block LOS (L57-L62, L481-L482)', () => {
  const k = craft({ at: { 'SCS-H1': [5, 5] }, terrain: [[6, 5]], active: 0, phase: 'move', ordered: ['SCS-H1'] });
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-H1', to: [6, 5] }), 'occupied');
  const { k: m1 } = start('m1');
  assert.ok(m1.s.terrain.length > 0 && m1.s.terrain.every((t) => ['city', 'village', 'forest'].includes(t.type)));
  assert.equal(G.lineOfSight([2, 5], [8, 5], (c) => c[0] === 6 && c[1] === 5).ok, false);
});

test('#3 unit table: Movement, battle die, power, Battle Damage; instances carry owner, faction, crystals (L104-L108, L782-L786)', () => {
  assert.deepEqual([UNIT.H.move, UNIT.H.die, UNIT.H.power, UNIT.H.bd], [1, 10, 5, 3]);
  assert.deepEqual([UNIT.M.move, UNIT.M.die, UNIT.M.power, UNIT.M.bd], [2, 8, 4, 2]);
  assert.deepEqual([UNIT.R.move, UNIT.R.die, UNIT.R.power, UNIT.R.bd], [3, 6, 3, 1]);
  assert.deepEqual([UNIT.I.move, UNIT.I.die, UNIT.I.power, UNIT.I.bd], [1, 6, 4, 2]);
  const { k } = start('m1');
  const h = unit(k, 'CA-H1');
  assert.deepEqual([h.type, h.seat, h.faction, h.crystals, h.status], ['H', 1, 'CA', 5, 'board']);
  assert.deepEqual(h.markers, []);
});

test('#4 two-player model: one faction per player, one VP cup per faction (L55, L179-L182)', () => {
  const { k } = start('m1');
  assert.deepEqual(k.s.seats.map((x) => x.faction), ['SCS', 'CA']);
  assert.deepEqual(k.s.cup, { SCS: 0, CA: 0 });
});

test('#6 mission data is validated by a schema at load; bad data is rejected', () => {
  assert.doesNotThrow(() => loadData({ missions: missionsJson, ws: wsJson, wf: wfJson }));
  const bad = JSON.parse(JSON.stringify(missionsJson));
  bad.missions[0].seats[0].units.push('X');
  assert.throws(() => loadData({ missions: bad, ws: wsJson, wf: wfJson }), /missions data invalid/);
  const badWf = JSON.parse(JSON.stringify(wfJson));
  badWf.cards[20].effect = { type: 'retain', marker: 'nope' };
  assert.throws(() => loadData({ missions: missionsJson, ws: wsJson, wf: badWf }), /unknown marker/);
});

test('#7 Mission 1 Field Exercise: 1H 1M 1R 1I and 6 cards each, deployed as on the map, CA first (L835-L860)', () => {
  const m = DATA.missions.find((x) => x.id === 'm1')!;
  assert.equal(m.title, 'Field Exercise');
  for (const s of m.seats) {
    assert.deepEqual(s.units, ['H', 'M', 'R', 'I']);
    assert.equal(s.cards, 6);
  }
  assert.deepEqual(m.objectives.SCS, [{ type: 'destroyUnits', n: 2 }]);
  assert.ok(m.provisional.includes('fixedPositions'));
  const { k } = start('m1');
  assert.equal(k.s.units.filter((u) => u.status === 'board').length, 8);
  assert.deepEqual(k.s.hands.map((h) => h.length), [6, 6]);
});

test('#9 dice: d10 reads 0 as 10, d8, d6, six-faced activation dice; every roll is an event (L117, L154-L160)', () => {
  let k = craft({ at: { 'SCS-H1': [4, 4], 'CA-M1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-H1'] });
  const r = act(k, { type: 'closeCombat', unit: 'SCS-H1', target: 'CA-M1' }, [9, 7]);
  const faces = evOf(r.events, 'dice_rolled').map((e) => (e.data as { faces: number[] }).faces[0]);
  assert.deepEqual(faces, [10, 8]);
  const { k: k0 } = start('m1');
  const a = act(k0, { type: 'lockOn', at: null }, [0, 1, 2, 3, 4]);
  assert.deepEqual((evOf(a.events, 'dice_rolled')[0].data as { faces: string[] }).faces, ['H', 'M', 'R', 'I', 'WS']);
});

test('#10 WS deck: 80 cards built from data, OoB hands dealt, draws and a public discard pile (L196-L208)', () => {
  const { k, events } = start('m1');
  const total = k.s.ws.pool.length + k.s.ws.top.length + k.s.ws.discard.length + k.s.hands.flat().length;
  assert.equal(total, 80);
  const deal = evOf(events, 'ws_drawn');
  assert.equal(deal.length, 2);
  assert.deepEqual(deal[0].to, { seats: [0] });
  assert.deepEqual(deal[0].others, { seat: 0, count: 6, reason: 'deal' });
  assert.deepEqual(abaddon.view(k.s, null).ws.discard, k.s.ws.discard);
});

test('#11 WF deck: 30 cards shuffled face down; drawn on a critical, discarded unless retained (L210-L215)', () => {
  const { k } = start('m1');
  assert.equal(k.s.wf.pool.length, 30);
  let c = craft({ at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  const r = act(c, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [0, 5, 0]);
  assert.equal(r.k.s.wf.pool.length, 29);
  assert.deepEqual(r.k.s.wf.discard, ['WF01']);
});

test('#12 Reboot Decks: played the instant it is drawn, clears Wild Fire, is replaced, both decks re-formed after the draw (L380-L387)', () => {
  const { k } = start('m1');
  k.s.ws.pool = ['RB', 'T1', 'T2', 'T3'];
  k.s.ws.discard = ['AMM'];
  const hU = unit(k, 'SCS-H1');
  hU.markers = ['WFM01'];
  k.s.retained = [{ card: 'WF18', unit: 'SCS-H1', marker: 'WFM01', seat: 0 }];
  k.s.wf.pool = k.s.wf.pool.filter((c) => c !== 'WF18');
  const before = k.s.hands[1].length;
  // CA's turn: skip lock-on, roll WS WS H M R (no Command): two draws: RB (index 0) -> replaced by T1, then T2
  const r = act(k, { type: 'lockOn', at: null }, [4, 4, 0, 1, 2, 0, 0, 0]);
  assert.equal(evOf(r.events, 'reboot_decks').length, 1);
  assert.equal(r.k.s.hands[1].length, before + 2, 'the Reboot card does not count as a card drawn (AMB-11)');
  assert.ok(r.k.s.hands[1].includes('T1') && r.k.s.hands[1].includes('T2'));
  assert.deepEqual(unit(r.k, 'SCS-H1').markers, []);
  assert.deepEqual(r.k.s.retained, []);
  assert.deepEqual(r.k.s.ws.pool, ['AMM', 'RB', 'T3']);
  assert.deepEqual(r.k.s.ws.discard, []);
  assert.equal(r.k.s.wf.pool.length, 30);
  assert.equal(evOf(r.events, 'decks_reshuffled').length, 1);
});

test('#13 an empty draw deck is re-formed from its discard pile (AMB-12)', () => {
  const { k } = start('m1');
  k.s.ws.pool = [];
  k.s.ws.discard = ['T4', 'T5'];
  const r = act(k, { type: 'lockOn', at: null }, [4, 4, 0, 1, 2, 0, 0]);
  assert.equal(evOf(r.events, 'deck_reshuffled').length, 1);
  assert.ok(r.k.s.hands[1].includes('T4') && r.k.s.hands[1].includes('T5'));
  k.s.ws.discard = [];
  const r2 = act(k, { type: 'lockOn', at: null }, [4, 4, 0, 1, 2]);
  assert.equal((evOf(r2.events, 'ws_drawn')[0].data as { cards: string[] }).cards.length, 0, 'nothing to draw: skipped');
});

test('#17 the mission briefing names the first player (M1: CA; M2: SCS)', () => {
  assert.equal(dec(start('m1').k).seat, 1);
  assert.equal(dec(start('m2').k).seat, 0);
  assert.equal(dec(start('m7').k).kind, 'deploy');
});

test('#19 two-player rounds: first player holds relay #1 all game, turns alternate, new round after both (L302-L308)', () => {
  let { k } = start('m1');
  assert.deepEqual(k.s.relays, [2, 1]);
  assert.equal(k.s.round, 1);
  k = act(k, { type: 'lockOn', at: null }, [4, 4, 4, 4, 4, 0, 0, 0, 0, 0]).k; // all WS: draws, no orders -> turn ends
  assert.equal(dec(k).seat, 0);
  assert.equal(k.s.round, 1);
  k = act(k, { type: 'lockOn', at: null }, [4, 4, 4, 4, 4, 0, 0, 0, 0, 0]).k;
  assert.equal(dec(k).seat, 1);
  assert.equal(k.s.round, 2);
  assert.deepEqual(k.s.relays, [2, 1]);
});

test('#22 lock-on: optional, before the roll, on an enemy-occupied sector; lasts to the end of the round (L347-L356)', () => {
  let { k } = start('m1');
  const d = dec(k);
  assert.equal(d.kind, 'lockon');
  assert.equal(tryAct(k, { type: 'lockOn', at: [0, 5] }), 'no_enemy_there');
  assert.equal(tryAct(k, { type: 'lockOn', at: unit(k, 'CA-H1').at }), 'no_enemy_there', 'not on an own unit');
  k = act(k, { type: 'lockOn', at: unit(k, 'SCS-H1').at }, [4, 4, 4, 4, 4, 0, 0, 0, 0, 0]).k;
  assert.deepEqual(k.s.lockons, [{ seat: 1, at: unit(k, 'SCS-H1').at }]);
  k = act(k, { type: 'lockOn', at: null }, [4, 4, 4, 4, 4, 0, 0, 0, 0, 0]).k;
  assert.deepEqual(k.s.lockons, [], 'relays are removed at the end of the round');
});

test('#23 lock-on helps the relay owner\'s defending unit in Close Combat too, never more than +1 (L353-L356)', () => {
  const k = craft({
    at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'],
    lockons: [{ seat: 1, at: [4, 4] }, { seat: 1, at: [4, 4] }, { seat: 0, at: [5, 5] }],
  });
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [3, 3]);
  assert.deepEqual((evOf(r.events, 'combat_result')[0].data as { totals: number[] }).totals, [5, 5]);
});

test('#24 #25 activation: five dice; Command dice declared for drawing add to the WS draws (L358-L378)', () => {
  let { k } = start('m1');
  let r = act(k, { type: 'lockOn', at: null }, [0, 1, 5, 5, 4]);
  assert.equal((evOf(r.events, 'dice_rolled')[0].data as { faces: string[] }).faces.length, 5);
  k = r.k;
  const d = dec(k);
  assert.equal(d.kind, 'commandDraw');
  assert.equal(tryAct(k, { type: 'commandDraw', n: 3 }), 'bad_count');
  const before = k.s.hands[1].length;
  r = act(k, { type: 'commandDraw', n: 1 }, [0, 0]);
  assert.equal(r.k.s.hands[1].length, before + 2);
  assert.deepEqual(r.k.s.dice.map((x) => x.use), [null, null, 'draw', null, 'ws']);
  assert.equal(dec(r.k).kind, 'orders');
});

test('#29 orders: type dice on matching own units, Command on any own unit, several dice per unit, unusable dice lost (L410-L417)', () => {
  let k = craft({ active: 0, phase: 'orders' });
  k.s.dice = [{ face: 'H', use: null }, { face: 'R', use: null }, { face: 'C', use: null }, { face: 'I', use: null }];
  unit(k, 'SCS-I1').status = 'destroyed';
  assert.equal(tryAct(k, { type: 'assign', die: 1, unit: 'SCS-H1' }), 'wrong_unit_type');
  assert.equal(tryAct(k, { type: 'assign', die: 0, unit: 'CA-H1' }), 'not_your_unit');
  const cand = abaddon.candidates(k.s, 0, abaddon.pending(k.s)[0], 64, scriptedRng([])).actions;
  assert.ok(!cand.some((a) => a.type === 'assign' && a.die === 3), 'no Infantry left: the die cannot be used');
  k = act(k, { type: 'assign', die: 0, unit: 'SCS-H1' }).k;
  k = act(k, { type: 'assign', die: 2, unit: 'SCS-H1' }).k;
  assert.equal(tryAct(k, { type: 'assign', die: 0, unit: 'SCS-H1' }), 'die_used');
  k = act(k, { type: 'confirmOrders' }).k;
  assert.deepEqual(k.s.dice.map((x) => x.use), ['order', 'lost', 'order', 'lost']);
  assert.equal(abaddon.rules.moveAllowance(k.s, unit(k, 'SCS-H1')), 2, 'two dice: two full Movement actions');
});

test('#26 Doomsday Bolt: Command die + card, any enemy, re-roll the die: matching type destroys, all crystals to the cup (L388-L398)', () => {
  let k = craft({ active: 0, phase: 'orders', hands: { 0: ['DB'] } });
  k.s.dice = [{ face: 'C', use: null }, { face: 'WS', use: 'ws' }];
  unit(k, 'CA-H1').crystals = 4;
  const r = act(k, { type: 'bolt', die: 0, target: 'CA-H1' }, [0]); // re-roll shows HEAVY
  assert.equal(unit(r.k, 'CA-H1').status, 'destroyed');
  assert.equal(r.k.s.cup.SCS, 4);
  assert.ok(r.k.s.ws.discard.includes('DB'));
  const miss = act(k, { type: 'bolt', die: 0, target: 'CA-H1' }, [5]);
  assert.equal(unit(miss.k, 'CA-H1').status, 'board');
  k.s.hands[0] = ['T1'];
  assert.equal(tryAct(k, { type: 'bolt', die: 0, target: 'CA-H1' }), 'no_doomsday_bolt');
  k.s.hands[0] = ['DB'];
  k.s.dice[0].face = 'H';
  assert.equal(tryAct(k, { type: 'bolt', die: 0, target: 'CA-H1' }), 'not_command_die');
});

test('#27 AMM window against a Doomsday Bolt, opened whatever the defender holds (L593-L598)', () => {
  const k = craft({ active: 0, phase: 'orders', hands: { 0: ['DB'], 1: ['AMM'] } });
  k.s.dice = [{ face: 'C', use: null }];
  const r = act(k, { type: 'bolt', die: 0, target: 'CA-H1' });
  assert.equal(dec(r.k).kind, 'boltWindow');
  assert.equal(dec(r.k).seat, 1);
  const amm = act(r.k, { type: 'amm' }, [], 1);
  assert.equal(evOf(amm.events, 'dice_rolled').length, 0);
  assert.ok(amm.k.s.ws.discard.includes('DB') && amm.k.s.ws.discard.includes('AMM'));
  const pass = act(r.k, { type: 'pass' }, [0], 1);
  assert.equal(unit(pass.k, 'CA-H1').status, 'destroyed');
  const k2 = craft({ active: 0, phase: 'orders', hands: { 0: ['DB'], 1: ['T2'] } });
  k2.s.dice = [{ face: 'C', use: null }];
  assert.equal(dec(act(k2, { type: 'bolt', die: 0, target: 'CA-H1' }).k).kind, 'boltWindow', 'no leak of the hand');
});

test('#28 a Command die removes a Wild Fire marker from any unit and discards its retained card (L365-L367, L744-L748)', () => {
  const k = craft({ active: 0, phase: 'orders' });
  k.s.dice = [{ face: 'C', use: null }, { face: 'H', use: null }];
  unit(k, 'CA-H1').markers = ['WFM03'];
  k.s.retained = [{ card: 'WF20', unit: 'CA-H1', marker: 'WFM03', seat: 1 }];
  assert.equal(tryAct(k, { type: 'removeMarker', die: 1, unit: 'CA-H1', marker: 'WFM03' }), 'not_command_die');
  const r = act(k, { type: 'removeMarker', die: 0, unit: 'CA-H1', marker: 'WFM03' });
  assert.deepEqual(unit(r.k, 'CA-H1').markers, []);
  assert.deepEqual(r.k.s.retained, []);
  assert.ok(r.k.s.wf.discard.includes('WF20'));
});

test('#30 movement: up to dice x Movement king steps, no entering units/terrain, no diagonal squeeze (L419-L437)', () => {
  const k = craft({ at: { 'SCS-H1': [5, 5], 'SCS-M1': [6, 5] }, terrain: [[5, 6]], active: 0, phase: 'move', ordered: ['SCS-H1'] });
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-H1', to: [6, 6] }), 'out_of_reach', 'squeezed between a unit and terrain');
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-H1', to: [4, 4] }), null);
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-H1', to: [5, 3] }), 'out_of_reach');
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-H1', to: [6, 5] }), 'occupied');
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-H1', to: [-1, 5] }), 'off_board');
  const moves = abaddon.candidates(k.s, 0, abaddon.pending(k.s)[0], 64, scriptedRng([])).actions.filter((a) => a.type === 'move');
  assert.equal(moves.length, 5, '8 neighbours minus unit, terrain and the squeezed diagonal');
  const k2 = craft({ at: { 'SCS-R1': [5, 5] }, active: 0, phase: 'move', ordered: ['SCS-R1', 'SCS-R1'] });
  assert.equal(tryAct(k2, { type: 'move', unit: 'SCS-R1', to: [11, 5] }), null, 'two dice: 2 x 3 sectors');
  assert.equal(tryAct(k2, { type: 'move', unit: 'SCS-R1', to: [12, 5] }), 'out_of_reach');
});

test('#31 movement is sequential: a unit completes its move, all movement precedes battle (L439-L447)', () => {
  let k = craft({ at: { 'SCS-M1': [5, 5], 'SCS-R1': [2, 2], 'CA-H1': [5, 9] }, active: 0, phase: 'move', ordered: ['SCS-M1', 'SCS-R1'], hands: { 0: ['T1'] } });
  k = act(k, { type: 'move', unit: 'SCS-M1', to: [5, 6] }).k;
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-M1', to: [5, 7] }), 'already_moved');
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T1' }), 'wrong_action_type');
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-H1', to: [0, 1] }), 'not_ordered');
  k = act(k, { type: 'endMovement' }).k;
  assert.equal(k.s.phase, 'declare');
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-R1', to: [2, 3] }), 'wrong_action_type');
});

test('#56 two-player victory is instant, even mid-turn: M1 destroy any 2 enemy units (L298-L300)', () => {
  let k = craft({ at: { 'SCS-M1': [4, 4], 'SCS-R1': [10, 4], 'CA-H1': [5, 5], 'CA-R1': [11, 5] }, crystals: { 'CA-H1': 1 }, active: 0, phase: 'resolve', ordered: ['SCS-M1', 'SCS-R1'] });
  k.s.kills.SCS = 1;
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [5, 0 + 1]);
  assert.deepEqual(abaddon.result(r.k.s), { winners: [0], draw: false, reason: 'objective', scores: { SCS: 1, CA: 0 } });
  assert.deepEqual(decisions(r.k), [], 'remaining actions are void');
});

test('#56 destroying the whole enemy force always wins (L294, AMB-29)', () => {
  const k = craft({ mission: 'm2', at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5], 'CA-M1': null, 'CA-R1': null, 'CA-R2': null, 'CA-I1': null }, crystals: { 'CA-H1': 1 }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [5, 1]);
  assert.equal(abaddon.result(r.k.s)?.winners[0], 0);
});

test('#56 M3: both enemy Heavy Links or 11 crystals, whichever first (L895-L897)', () => {
  const k = craft({ mission: 'm3', at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5], 'CA-H2': null }, crystals: { 'CA-H1': 1 }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [5, 1]);
  assert.equal(abaddon.result(r.k.s)?.reason, 'objective');
  const k2 = craft({ mission: 'm3', at: { 'SCS-M1': [4, 4], 'CA-M1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  k2.s.cup.SCS = 9;
  const r2 = act(k2, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-M1' }, [7, 0 + 1]);
  assert.equal(abaddon.result(r2.k.s)?.winners[0], 0);
});

test('#61 views: own hand only, hand sizes public, no deck order; spectators see public information only', () => {
  const { k } = start('m1');
  const v0 = abaddon.view(k.s, 0);
  const v1 = abaddon.view(k.s, 1);
  const vs = abaddon.view(k.s, null);
  assert.deepEqual(v0.hands[0], k.s.hands[0]);
  assert.equal(v0.hands[1], null);
  assert.equal(v1.hands[0], null);
  assert.deepEqual(vs.hands, [null, null]);
  assert.deepEqual(vs.handSizes, [6, 6]);
  assert.ok(!('pool' in vs.ws));
  assert.equal(vs.ws.size, k.s.ws.pool.length);
  assert.equal(vs.unseen.length, k.s.ws.pool.length + 12);
  assert.equal(v0.unseen.length, k.s.ws.pool.length + 6);
});

test('#64 choices disclose the legal set field by field (unit, target, card)', () => {
  const k = craft({ at: { 'SCS-M1': [4, 2], 'CA-H1': [4, 5], 'CA-M1': [7, 4] }, hands: { 0: ['T3', 'SB'] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  const d = abaddon.pending(k.s)[0];
  const c0 = abaddon.choices!(k.s, 0, d, {}) as { field: string; oneOf: { value: unknown }[] };
  assert.deepEqual(c0.oneOf.map((o) => o.value).sort(), ['attack', 'endDeclarations']);
  const c1 = abaddon.choices!(k.s, 0, d, { type: 'attack' }) as { field: string; oneOf: { value: unknown }[] };
  assert.equal(c1.field, 'unit');
  const c2 = abaddon.choices!(k.s, 0, d, { type: 'attack', unit: 'SCS-M1' }) as { field: string; oneOf: { value: unknown }[] };
  assert.deepEqual(c2.oneOf.map((o) => o.value).sort(), ['CA-H1', 'CA-M1']);
  const c3 = abaddon.choices!(k.s, 0, d, { type: 'attack', unit: 'SCS-M1', target: 'CA-M1' }) as { field: string; oneOf: { value: unknown }[] };
  assert.deepEqual(c3.oneOf.map((o) => o.value), ['SB'], 'no straight line to CA-M1: only the Smart Bomb');
  assert.deepEqual(abaddon.choices!(k.s, 0, d, { type: 'attack', unit: 'SCS-M1', target: 'CA-M1', card: 'SB' }), { done: true });
  assert.deepEqual(abaddon.choices!(k.s, 0, d, { type: 'endDeclarations' }), { done: true });
  assert.equal(abaddon.query!(abaddon.view(k.s, 0), 'los', { from: [4, 2], to: [4, 5] }) !== null, true);
});

test('#22 variant (AMB-07): option lockOnUntil "turn" removes a relay at the end of its owner\'s turn', () => {
  let { k } = start('m1', undefined, abaddon, { lockOnUntil: 'turn' });
  k = act(k, { type: 'lockOn', at: unit(k, 'SCS-H1').at }, [4, 4, 4, 4, 4, 0, 0, 0, 0, 0]).k;
  assert.deepEqual(k.s.lockons, []);
  const bad = start.bind(null, 'm1', undefined, abaddon, { lockOnUntil: 'never' });
  assert.throws(bad, /lockOnUntil/);
});

test('#45 query odds enumerates the battle dice exactly (d8 + Target 3 vs shielding d10)', () => {
  const k = craft({ at: { 'SCS-M1': [4, 2], 'CA-H1': [4, 5] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  const o = abaddon.query!(abaddon.view(k.s, 0), 'odds', { unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }) as Record<string, number>;
  assert.equal(o.critical, 10 / 80, 'the attacker rolls a 1');
  const sum = o.critical + o.tie + o.attackerWins + o.defenderWins;
  assert.ok(Math.abs(sum - 1) < 1e-9);
  assert.equal(o.expectedDamageToAttacker, 0, 'a shielding defender never damages');
  const c = abaddon.query!(abaddon.view(k.s, 0), 'odds', { unit: 'SCS-M1', target: 'CA-H1', close: true }) as Record<string, number>;
  assert.ok(c.expectedDamageToAttacker > 0);
});

test('#12 a Reboot Decks card dealt at setup is played at once; decks re-formed after the whole deal (L269-L271)', () => {
  const { k, events } = start('m1', [17]); // sorted pool: AMM x8, DB x4, LRB x5, RB -> index 17
  assert.equal(evOf(events, 'reboot_decks').length, 1);
  assert.deepEqual(k.s.hands.map((h) => h.length), [6, 6], 'the Reboot card is replaced');
  assert.ok(!k.s.hands.flat().includes('RB'));
  assert.deepEqual(k.s.ws.discard, []);
  assert.ok(k.s.ws.pool.includes('RB'), 'shuffled back into the new deck');
  const order = events.map((e) => e.type);
  assert.ok(order.lastIndexOf('ws_drawn') < order.indexOf('decks_reshuffled'), 'after everyone is dealt');
});
