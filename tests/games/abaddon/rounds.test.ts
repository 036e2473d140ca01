// Rounds and turns (spec §4.1, §4.2, §5.12; AMB-07, AMB-34, AMB-40): who holds which relay and
// so moves when, what a round's start and end tell the players, how a faction with nothing left on
// the board and the optional round limit end the game, and the steps of a turn after the
// activation roll (draws, orders, movement, declarations, responses, resolution, end of turn).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { craft, evOf, start, type K } from './helpers.js';
import { DATA, type Faction } from '../../../src/games/abaddon/data.js';
import { Rules } from '../../../src/games/abaddon/rules.js';
import { entryRng, scriptedRng } from '../../../src/engine/rng.js';
import type { GameEvent } from '../../../src/engine/types.js';

const R = new Rules(DATA);
const seatsOf = (k: K, f: Faction) => k.s.seats.map((x, i) => (x.faction === f ? i : -1)).filter((i) => i >= 0);
const offBoard = (k: K, f: Faction, status: 'exited' | 'destroyed' | 'reserve') => {
  for (const u of k.s.units) if (u.faction === f) { u.status = status; u.at = null; }
};

test('2 players (§4.1): the briefing\'s first faction holds relay #1 and moves first, the other #2, every round; the round start tells both numbers', () => {
  for (const first of ['SCS', 'CA'] as Faction[]) {
    const k = craft({ mission: 'm1' });
    k.s.firstFaction = first;
    k.s.lockons = [{ seat: 0, at: [3, 3] }];
    const ev: GameEvent[] = [];
    R.beginRound(k.s, scriptedRng([]), ev as never);
    const f = seatsOf(k, first)[0];
    assert.deepEqual(k.s.order, [f, 1 - f], `${first} first`);
    assert.equal(k.s.relays[f], 1);
    assert.equal(k.s.relays[1 - f], 2);
    assert.deepEqual(k.s.lockons, [], 'every relay is off the board at a round\'s start');
    assert.equal(k.s.active, f, 'the first turn is relay #1\'s');
    assert.deepEqual(evOf(ev, 'relay_drawn'), [], 'nothing is drawn with 2 players');
    const [started] = evOf(ev, 'round_started');
    assert.equal(started.to, 'all');
    assert.deepEqual(started.data, { round: k.s.round, relays: k.s.relays });
  }
});

test('3-4 players (§4.1): each live seat draws a relay secretly (its number and the round to it, only the round to the others); the round start tells how many relays, not who holds which', () => {
  const k = craft({ mission: 'm12' });
  const round = k.s.round;
  const ev: GameEvent[] = [];
  R.beginRound(k.s, scriptedRng([]), ev as never);
  assert.equal(k.s.round, round + 1);
  const draws = evOf(ev, 'relay_drawn');
  assert.deepEqual(draws.map((e) => e.to), [0, 1, 2, 3].map((seat) => ({ seats: [seat] })));
  assert.deepEqual(draws.map((e) => e.data), [0, 1, 2, 3].map((seat) => ({ seat, relay: k.s.relays[seat], round: round + 1 })));
  assert.deepEqual(draws.map((e) => e.others), [0, 1, 2, 3].map((seat) => ({ seat, round: round + 1 })));
  assert.deepEqual(k.s.order, [0, 1, 2, 3].sort((a, b) => k.s.relays[a] - k.s.relays[b]), 'turn order by relay number');
  assert.deepEqual(evOf(ev, 'round_started').map((e) => [e.to, e.data]), [['all', { round: round + 1, relays: 4 }]]);
});

test('a round\'s end (§5.12): every relay taken off the board, the end told to all, then the next round; with 3-4 players the objectives are checked first', () => {
  const k = craft({ mission: 'm12' });
  k.s.lockons = [{ seat: 1, at: [3, 3] }];
  const round = k.s.round;
  const ev: GameEvent[] = [];
  R.endRound(k.s, scriptedRng([]), ev as never);
  assert.deepEqual(evOf(ev, 'round_ended').map((e) => [e.to, e.data]), [['all', { round }]]);
  assert.equal(k.s.round, round + 1);
  assert.deepEqual(k.s.lockons, []);
  const won = craft({ mission: 'm12' });
  won.s.cup.CA = 20; // M12: 20 VP
  const ev2: GameEvent[] = [];
  R.endRound(won.s, scriptedRng([]), ev2 as never);
  assert.equal(won.s.result?.reason, 'objective');
  assert.deepEqual(won.s.result?.winners, seatsOf(won, 'CA'));
  assert.equal(won.s.round, round, 'no new round after the game ended');
  assert.deepEqual(evOf(ev2, 'round_started'), []);
});

test('[proposed] a faction with no unit left on the board loses its turns for good: the game ends at the round\'s end, won by the other side if it met its objective, else by the tiebreak', () => {
  for (const f of ['SCS', 'CA'] as Faction[]) {
    const o: Faction = f === 'SCS' ? 'CA' : 'SCS';
    // nothing on the board, none destroyed: the other side has not met "destroy the opponent"
    const k = craft({ mission: 'm1' });
    offBoard(k, f, 'exited');
    k.s.kills = { SCS: 0, CA: 0 };
    const ev: GameEvent[] = [];
    R.endRound(k.s, scriptedRng([]), ev as never);
    assert.equal(k.s.result?.reason, 'no_units_left', `${f} has nothing on the board`);
    assert.equal(k.s.result?.draw, true, 'equal eliminations in a mission without VP: a draw');
    assert.deepEqual(evOf(ev, 'game_over').map((e) => (e.data as { winner: unknown }).winner), [null]);
    // the other side's objective met (M1: two kills): it wins
    const k2 = craft({ mission: 'm1' });
    offBoard(k2, f, 'exited');
    k2.s.kills = { SCS: 0, CA: 0, [o]: 2 } as never;
    R.endRound(k2.s, scriptedRng([]), [] as never);
    assert.deepEqual(k2.s.result?.winners, seatsOf(k2, o), `${o} met its objective`);
    // not met, but more eliminations: the tiebreak gives it to the faction with more kills
    const k3 = craft({ mission: 'm1' });
    offBoard(k3, f, 'exited');
    k3.s.kills = { SCS: 0, CA: 0, [f]: 1 } as never;
    R.endRound(k3.s, scriptedRng([]), [] as never);
    assert.deepEqual(k3.s.result?.winners, seatsOf(k3, f), `${f} eliminated more, so wins the tiebreak even with nothing on the board`);
  }
  // units still in reserve are not on the board either
  const k4 = craft({ mission: 'm1' });
  offBoard(k4, 'CA', 'reserve');
  R.endRound(k4.s, scriptedRng([]), [] as never);
  assert.equal(k4.s.result?.reason, 'no_units_left');
  // one unit on the board is enough to go on
  const k5 = craft({ mission: 'm1' });
  offBoard(k5, 'CA', 'exited');
  const last = k5.s.units.find((u) => u.faction === 'CA')!;
  last.status = 'board';
  last.at = [9, 9];
  R.endRound(k5.s, scriptedRng([]), [] as never);
  assert.equal(k5.s.result, null);
});

test('AMB-40 [proposed] the optional round limit: after round maxRounds, higher VP wins, equal VP goes to more eliminations, equal again is a draw; 0 means no limit', () => {
  const end = (o: { maxRounds: number; round: number; cup?: { SCS: number; CA: number }; kills?: { SCS: number; CA: number } }) => {
    const k = craft({ mission: 'm6' });
    k.s.maxRounds = o.maxRounds;
    k.s.round = o.round;
    if (o.cup) k.s.cup = o.cup;
    if (o.kills) k.s.kills = o.kills;
    const ev: GameEvent[] = [];
    R.endRound(k.s, scriptedRng([]), ev as never);
    return { k, ev };
  };
  const notYet = end({ maxRounds: 5, round: 4 });
  assert.equal(notYet.k.s.result, null, 'round 4 of 5: the game goes on');
  assert.equal(notYet.k.s.round, 5);
  const scs = end({ maxRounds: 5, round: 5, cup: { SCS: 3, CA: 2 }, kills: { SCS: 0, CA: 1 } });
  assert.equal(scs.k.s.result?.reason, 'round_limit');
  assert.deepEqual(scs.k.s.result?.winners, seatsOf(scs.k, 'SCS'), 'higher VP wins, whatever the eliminations');
  assert.deepEqual(evOf(scs.ev, 'game_over').map((e) => (e.data as { reason: string; winner: unknown })).map((d) => [d.reason, d.winner]), [['round_limit', 'SCS']]);
  const ca = end({ maxRounds: 5, round: 5, cup: { SCS: 2, CA: 3 }, kills: { SCS: 1, CA: 0 } });
  assert.deepEqual(ca.k.s.result?.winners, seatsOf(ca.k, 'CA'));
  const byKillsCA = end({ maxRounds: 5, round: 5, cup: { SCS: 2, CA: 2 }, kills: { SCS: 0, CA: 1 } });
  assert.deepEqual(byKillsCA.k.s.result?.winners, seatsOf(byKillsCA.k, 'CA'), 'equal VP: more eliminations');
  const byKillsSCS = end({ maxRounds: 5, round: 5, cup: { SCS: 2, CA: 2 }, kills: { SCS: 1, CA: 0 } });
  assert.deepEqual(byKillsSCS.k.s.result?.winners, seatsOf(byKillsSCS.k, 'SCS'));
  const draw = end({ maxRounds: 5, round: 5, cup: { SCS: 2, CA: 2 }, kills: { SCS: 1, CA: 1 } });
  assert.equal(draw.k.s.result?.draw, true);
  assert.deepEqual(draw.k.s.result?.winners, []);
  const past = end({ maxRounds: 5, round: 6 });
  assert.equal(past.k.s.result?.reason, 'round_limit', 'past the limit too');
  const none = end({ maxRounds: 0, round: 99 });
  assert.equal(none.k.s.result, null, '0: no limit');
});

test('a turn\'s start (§4.2): the active seat, the turn count, a clean slate, told to all with the relay; lock-on first only while an enemy is on the board', () => {
  const k = craft({ mission: 'm1', active: 0 });
  k.s.turn = 7;
  k.s.dice = [{ face: 'C', use: 'order', unit: 'SCS-H1' }];
  k.s.moved = ['SCS-H1'];
  k.s.battled = ['SCS-H1'];
  k.s.responded = ['CA-H1'];
  k.s.attacks = [{ id: 1, unit: 'SCS-H1', target: 'CA-H1', card: 'T3', kind: 'los', response: null, done: true }];
  k.s.respond = [{ unit: 'CA-H1', seat: 1, done: true }];
  k.s.window = { kind: 'x' } as never;
  k.s.step = 5;
  const ev: GameEvent[] = [];
  R.startTurn(k.s, 1, scriptedRng([]), ev as never);
  assert.equal(k.s.active, 1);
  assert.equal(k.s.turn, 8);
  assert.equal(k.s.step, 0);
  assert.deepEqual([k.s.dice, k.s.moved, k.s.battled, k.s.responded, k.s.attacks, k.s.respond], [[], [], [], [], [], []]);
  assert.equal(k.s.window, null);
  assert.equal(k.s.phase, 'lockon');
  assert.deepEqual(evOf(ev, 'turn_started').map((e) => [e.to, e.data]), [['all', { seat: 1, turn: 8, round: k.s.round, relay: k.s.relays[1] }]]);
  // no enemy on the board (M8's defenders may all be waiting to jump): no sector to lock, the dice are rolled at once
  const k2 = craft({ mission: 'm1', active: 0 });
  offBoard(k2, 'CA', 'reserve');
  const ev2: GameEvent[] = [];
  R.startTurn(k2.s, 0, scriptedRng([4, 4, 4, 4, 4]), ev2 as never);
  assert.notEqual(k2.s.phase, 'lockon');
  assert.deepEqual(evOf(ev2, 'dice_rolled').map((e) => (e.data as { purpose: string }).purpose), ['activation']);
});


test('the activation roll (§5.2): the seat\'s own number of dice (M9: SCS 6); a Command among them waits for the draw declaration; else every Weapon System die draws at once', () => {
  const k = craft({ mission: 'm9' });
  const scs = seatsOf(k, 'SCS')[0];
  k.s.active = scs;
  k.s.hands[scs] = [];
  const ev: GameEvent[] = [];
  R.rollActivation(k.s, scriptedRng([0, 1, 2, 3, 4, 5]), ev as never); // H M R I WS C
  assert.deepEqual(k.s.dice.map((d) => [d.face, d.use]), [['H', null], ['M', null], ['R', null], ['I', null], ['WS', null], ['C', null]]);
  assert.equal(k.s.phase, 'commandDraw', 'a Command die: how many draw is declared first');
  assert.deepEqual(k.s.hands[scs], [], 'nothing drawn before the declaration');
  assert.deepEqual(evOf(ev, 'dice_rolled').map((e) => [e.to, e.data]), [['all', { purpose: 'activation', faces: ['H', 'M', 'R', 'I', 'WS', 'C'], seat: scs }]]);
  const ca = seatsOf(k, 'CA')[0];
  const k2 = craft({ mission: 'm9', active: ca });
  k2.s.hands[ca] = [];
  R.rollActivation(k2.s, scriptedRng([4, 4, 0, 1]), [] as never);
  assert.equal(k2.s.dice.length, 4, 'each CA player rolls 4 in M9');
  assert.deepEqual(k2.s.dice.map((d) => d.use), ['ws', 'ws', null, null]);
  assert.equal(k2.s.hands[ca].length, 2, 'two Weapon System dice: two cards, no declaration asked');
  assert.equal(k2.s.phase, 'orders');
});

test('the draw declaration (§5.2 steps 1-2): the declared Commands and every Weapon System die draw a card each; the other Commands stay for orders', () => {
  const k = craft({ mission: 'm1', active: 0 });
  k.s.dice = (['C', 'WS', 'C', 'H', 'C'] as const).map((face) => ({ face, use: null }));
  const ev: GameEvent[] = [];
  R.doDraws(k.s, 2, scriptedRng([]), ev as never);
  assert.deepEqual(k.s.dice.map((d) => d.use), ['draw', 'ws', 'draw', null, null], 'the first two Commands draw');
  assert.equal(k.s.hands[0].length, 3);
  assert.equal(k.s.phase, 'orders');
  // none declared and no Weapon System die: nothing drawn, nothing told
  const k2 = craft({ mission: 'm1', active: 0 });
  k2.s.dice = (['C', 'H'] as const).map((face) => ({ face, use: null }));
  const ev2: GameEvent[] = [];
  R.doDraws(k2.s, 0, scriptedRng([]), ev2 as never);
  assert.deepEqual(k2.s.dice.map((d) => d.use), [null, null]);
  assert.deepEqual(k2.s.hands[0], []);
  assert.deepEqual(evOf(ev2, 'ws_drawn'), []);
  // every die drawing: no orders to give, no unit ordered, so the turn ends
  const k3 = craft({ mission: 'm1', active: 0 });
  k3.s.dice = (['C', 'WS'] as const).map((face) => ({ face, use: null }));
  const turn = k3.s.turn;
  const ev3: GameEvent[] = [];
  R.doDraws(k3.s, 1, scriptedRng([]), ev3 as never);
  assert.deepEqual(evOf(ev3, 'turn_ended').map((e) => e.data), [{ seat: 0, turn }]);
});

test('after orders (§5.2 step 4): unused dice are lost; with no unit ordered the turn ends; an ordered unit that can move opens the movement', () => {
  const k = craft({ mission: 'm1', active: 0, at: { 'SCS-H1': [5, 5] } });
  k.s.dice = [{ face: 'C', use: 'order', unit: 'SCS-H1' }, { face: 'M', use: null }];
  R.toMovement(k.s, scriptedRng([]), [] as never);
  assert.deepEqual(k.s.dice.map((d) => d.use), ['order', 'lost']);
  assert.equal(k.s.phase, 'move');
  const k2 = craft({ mission: 'm1', active: 0 });
  k2.s.dice = [{ face: 'M', use: null }];
  const ev: GameEvent[] = [];
  R.toMovement(k2.s, scriptedRng([]), ev as never);
  assert.equal(evOf(ev, 'turn_ended').length, 1, 'nothing ordered: nothing to do');
  // an enemy's die on its own unit is not an order of the active seat
  const k3 = craft({ mission: 'm1', active: 0 });
  k3.s.dice = [{ face: 'C', use: 'order', unit: 'CA-H1' }];
  const ev3: GameEvent[] = [];
  R.toMovement(k3.s, scriptedRng([]), ev3 as never);
  assert.equal(evOf(ev3, 'turn_ended').length, 1);
});

test('movement ends when no ordered unit can still move (walled in, or moved already), and declarations follow if a ranged attack is possible', () => {
  const wall = [[4, 4], [5, 4], [6, 4], [4, 5], [6, 5], [4, 6], [5, 6], [6, 6]] as [number, number][];
  const k = craft({ mission: 'm1', active: 0, phase: 'move', ordered: ['SCS-H1'], at: { 'SCS-H1': [5, 5], 'CA-H1': [5, 9] }, terrain: wall, hands: { 0: ['T3'] } });
  R.afterMove(k.s, scriptedRng([]), [] as never);
  assert.equal(k.s.phase, 'declare', 'walled in, with a card and an enemy 4 away');
  const k2 = craft({ mission: 'm1', active: 0, phase: 'move', ordered: ['SCS-H1'], at: { 'SCS-H1': [5, 5] } });
  R.afterMove(k2.s, scriptedRng([]), [] as never);
  assert.equal(k2.s.phase, 'move', 'it can still move');
  k2.s.moved = ['SCS-H1'];
  R.afterMove(k2.s, scriptedRng([]), [] as never);
  assert.notEqual(k2.s.phase, 'move', 'each unit moves once');
  // the enemy's units that could move do not keep the active seat in its movement
  const k3 = craft({ mission: 'm1', active: 0, phase: 'move', ordered: ['SCS-H1', 'CA-H1'], at: { 'SCS-H1': [5, 5], 'CA-H1': [10, 5] }, terrain: wall });
  R.afterMove(k3.s, scriptedRng([]), [] as never);
  assert.notEqual(k3.s.phase, 'move');
  // no card in hand: no declaration, on to resolution (or the turn's end)
  const k4 = craft({ mission: 'm1', active: 0, phase: 'move', ordered: ['SCS-H1'], at: { 'SCS-H1': [5, 5], 'CA-H1': [5, 6] }, terrain: wall.filter(([x, y]) => !(x === 5 && y === 6)) });
  R.afterMove(k4.s, scriptedRng([]), [] as never);
  assert.equal(k4.s.phase, 'resolve', 'an adjacent enemy to fight in Close Combat');
});

test('the response window (§5.9): only Target-card (LOS) attacks, on a unit still on the board, not in contact with an enemy, whose owner holds a card; one entry per unit, told to all', () => {
  const k = craft({
    mission: 'm12',
    at: { 'SCS-A-M1': [2, 2], 'SCS-A-H1': [3, 2], 'CA-A-H1': [2, 6], 'CA-A-M1': [8, 2], 'CA-B-H1': [3, 8], 'CA-B-M1': [12, 2] },
    hands: { 1: ['T3'], 3: [] },
    active: 0, phase: 'declare', ordered: ['SCS-A-M1', 'SCS-A-H1'],
  });
  const seatOf = (id: string) => k.s.units.find((u) => u.id === id)!.seat;
  k.s.hands[seatOf('CA-A-H1')] = ['T3'];
  k.s.hands[seatOf('CA-B-H1')] = [];
  const atk = (id: number, unit: string, target: string, kind: 'los' | 'sb' | 'lrb') => ({ id, unit, target, card: 'T3', kind, response: null, done: false });
  k.s.attacks = [
    atk(1, 'SCS-A-M1', 'CA-A-H1', 'los'),
    atk(2, 'SCS-A-H1', 'CA-A-H1', 'los'), // the same target twice: one entry
    atk(3, 'SCS-A-M1', 'CA-A-M1', 'sb'), // a Smart Bomb is answered only by an AMM, later
    atk(4, 'SCS-A-H1', 'CA-B-H1', 'los'), // its owner holds no card
  ];
  const ev: GameEvent[] = [];
  R.toResponses(k.s, scriptedRng([]), ev as never);
  assert.equal(k.s.phase, 'respond');
  assert.deepEqual(k.s.respond, [{ unit: 'CA-A-H1', seat: seatOf('CA-A-H1'), done: false }]);
  assert.deepEqual(evOf(ev, 'response_window').map((e) => [e.to, e.data]), [['all', { units: ['CA-A-H1'] }]]);
  // a target in contact with an enemy, or gone, gets no window
  k.s.phase = 'declare';
  k.s.units.find((u) => u.id === 'SCS-A-H1')!.at = [2, 5];
  R.toResponses(k.s, scriptedRng([]), [] as never);
  assert.deepEqual(k.s.respond, [], 'in contact: no response');
  k.s.units.find((u) => u.id === 'SCS-A-H1')!.at = [3, 2];
  const t = k.s.units.find((u) => u.id === 'CA-A-H1')!;
  t.status = 'destroyed';
  t.at = null;
  R.toResponses(k.s, scriptedRng([]), [] as never);
  assert.deepEqual(k.s.respond, []);
  assert.equal(k.s.phase, 'resolve', 'pending attacks: on to resolution');
});

test('resolution (§5.11-5.12): stays open while an attack is pending or an ordered unit touches an enemy; otherwise the turn ends', () => {
  const k = craft({ mission: 'm1', active: 0, ordered: ['SCS-H1'], at: { 'SCS-H1': [5, 5], 'CA-H1': [5, 6] } });
  k.s.respond = [{ unit: 'CA-H1', seat: 1, done: true }];
  R.toResolve(k.s, scriptedRng([]), [] as never);
  assert.equal(k.s.phase, 'resolve', 'a Close Combat to fight');
  assert.deepEqual(k.s.respond, []);
  const k2 = craft({ mission: 'm1', active: 0, ordered: ['SCS-H1'], at: { 'SCS-H1': [5, 5], 'CA-H1': [5, 9] } });
  k2.s.attacks = [{ id: 1, unit: 'SCS-H1', target: 'CA-H1', card: 'T3', kind: 'los', response: null, done: false }];
  R.toResolve(k2.s, scriptedRng([]), [] as never);
  assert.equal(k2.s.phase, 'resolve', 'an attack to resolve');
  k2.s.attacks[0].done = true;
  const ev: GameEvent[] = [];
  R.toResolve(k2.s, scriptedRng([]), ev as never);
  assert.equal(evOf(ev, 'turn_ended').length, 1, 'all resolved, no contact: the turn ends');
});

test('the end of a turn (§5.12, AMB-07): told to all; relays stay for the round, or with lockOnUntil "turn" only the active seat\'s go; the next seat\'s turn starts', () => {
  for (const until of ['round', 'turn'] as const) {
    const k = craft({ mission: 'm12', active: 0 });
    if (until === 'turn') k.s.lockOnUntil = 'turn'; // absent: the default, the round
    k.s.turnIdx = 0;
    const active = k.s.order[0];
    k.s.active = active;
    const other = k.s.order[1];
    k.s.lockons = [{ seat: active, at: [3, 3] }, { seat: other, at: [4, 4] }];
    k.s.dice = [{ face: 'H', use: 'lost' }];
    k.s.attacks = [{ id: 1, unit: 'x', target: 'y', card: 'T3', kind: 'los', response: null, done: true }];
    const turn = k.s.turn;
    const ev: GameEvent[] = [];
    R.endTurn(k.s, scriptedRng([]), ev as never);
    assert.deepEqual(evOf(ev, 'turn_ended').map((e) => [e.to, e.data]), [['all', { seat: active, turn }]]);
    assert.deepEqual(k.s.lockons.map((l) => l.seat), until === 'turn' ? [other] : [active, other], until);
    assert.deepEqual(k.s.dice, []);
    assert.deepEqual(k.s.attacks, []);
    assert.equal(k.s.active, other, 'the next relay\'s turn');
    assert.equal(k.s.turn, turn + 1);
  }
});

test('a finished game starts no further turn or round (§9: the game ends when it is decided)', () => {
  const k = craft({ mission: 'm12' });
  k.s.turnIdx = 0;
  k.s.result = { winners: [0, 2], draw: false, reason: 'objective', scores: { SCS: 0, CA: 0 } };
  const before = JSON.stringify(k.s);
  const ev: GameEvent[] = [];
  R.nextTurn(k.s, scriptedRng([]), ev as never);
  assert.deepEqual(ev, []);
  assert.equal(JSON.stringify(k.s), before, 'nothing changes');
});

test('§8.5 the relays of a 3-4 player round are a shuffle from the entry\'s "relays" stream (a stored game replays the same order)', () => {
  const k = craft({ mission: 'm12' });
  const expected = entryRng('seed', 'game', 3).fork('relays').shuffle([1, 2, 3, 4]);
  R.beginRound(k.s, entryRng('seed', 'game', 3), [] as never);
  assert.deepEqual(k.s.relays, expected);
  const other = craft({ mission: 'm12' });
  R.beginRound(other.s, entryRng('seed', 'game', 4), [] as never);
  assert.deepEqual(other.s.relays, entryRng('seed', 'game', 4).fork('relays').shuffle([1, 2, 3, 4]));
});

test('AMB-34 an eliminated seat\'s turn is skipped publicly, with its relay and the reason', () => {
  const k = craft({ mission: 'm12' });
  k.s.order = [0, 1, 2, 3];
  k.s.relays = [1, 2, 3, 4];
  k.s.turnIdx = 0;
  for (const x of k.s.units) if (x.seat === 1) { x.status = 'destroyed'; x.at = null; }
  const ev: GameEvent[] = [];
  R.nextTurn(k.s, scriptedRng([]), ev as never);
  assert.deepEqual(evOf(ev, 'turn_skipped').map((e) => [e.to, e.data]), [['all', { seat: 1, relay: 2, reason: 'eliminated' }]]);
  assert.equal(k.s.active, 2);
});

test('§5.12 the last turn of a game that ends at the round\'s end leaves nothing on the table: no relay, no dice, no attack', () => {
  const k = craft({ mission: 'm12' });
  k.s.maxRounds = k.s.round; // the round limit ends the game when this round ends
  k.s.turnIdx = k.s.order.length - 1;
  k.s.active = k.s.order[k.s.turnIdx];
  k.s.lockons = [{ seat: k.s.active, at: [3, 3] }, { seat: k.s.order[0], at: [4, 4] }];
  k.s.dice = [{ face: 'H', use: 'lost' }];
  k.s.attacks = [{ id: 1, unit: 'x', target: 'y', card: 'T3', kind: 'los', response: null, done: true }];
  R.endTurn(k.s, scriptedRng([]), [] as never);
  assert.equal(k.s.result?.reason, 'round_limit');
  assert.deepEqual(k.s.lockons, [], 'all relays off the board');
  assert.deepEqual(k.s.dice, []);
  assert.deepEqual(k.s.attacks, []);
});

test('§8.6 the activation dice come from the entry\'s "dice" stream; the draws they make are told as activation draws', () => {
  const k = craft({ mission: 'm1', active: 0 });
  const dice = entryRng('seed', 'game', 7).fork('dice');
  const faces = Array.from({ length: k.s.seats[0].dice }, () => ['H', 'M', 'R', 'I', 'WS', 'C'][dice.int(6)]);
  R.rollActivation(k.s, entryRng('seed', 'game', 7), [] as never);
  assert.deepEqual(k.s.dice.map((d) => d.face), faces);
  const k2 = craft({ mission: 'm1', active: 0 });
  k2.s.dice = (['WS', 'C'] as const).map((face) => ({ face, use: null }));
  const ev: GameEvent[] = [];
  R.doDraws(k2.s, 1, scriptedRng([]), ev as never);
  const [drawn] = evOf(ev, 'ws_drawn');
  assert.deepEqual(drawn.to, { seats: [0] });
  assert.equal((drawn.data as { reason: string }).reason, 'activation');
  assert.deepEqual(drawn.others, { seat: 0, count: 2, reason: 'activation' });
});
