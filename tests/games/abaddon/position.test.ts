// Abaddon's position format read directly (position.ts; docs/ANALYSIS.md): a game at the start
// of a turn (the lock-on step), written out and read back on Mission #1 (16x10, six terrain
// squares). What the spec fixes and a position must keep: a unit begins with as many crystals as
// its power and is destroyed when it has none (§5.11), crystals lost go to the cups and only
// crystals gained from the supply lift a unit over its power (so units + cups = power + gained);
// one unit to a square, none on terrain, all on the board; every Weapon System card and every
// Wild Fire card in exactly one place, a Wild Fire card kept by a unit only if it is one units
// keep; each faction with a unit on the board (else the game is over); the turn order names each
// seat at most once and includes the active seat, which has units and an enemy to lock on to.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Violation } from '../../../src/engine/types.js';
import { positionHelpers, type Pos } from '../../support/position.js';
import type { AbState } from '../../../src/games/abaddon/state.js';
import { abaddon, start } from './helpers.js';

const P = abaddon.position!;
const base = (m = 'm1') => start(m).k.s as AbState;
const { pos, read, ok, bad, move } = positionHelpers(P, () => base());
const unitOf = (p: Pos, id: string) => p.units.find((u: Pos) => u.id === id);

/** Mission #1 later on: crystals lost and gained, a unit destroyed, one in reserve, cards everywhere. */
function midGame(): AbState {
  const s = base();
  const u = (id: string) => s.units.find((x) => x.id === id)!;
  u('SCS-H1').crystals = 3; // lost 2
  u('CA-M1').crystals = 0; u('CA-M1').status = 'destroyed'; u('CA-M1').at = null; // lost 4
  u('CA-R1').crystals = 5; // power 3, gained 2
  s.gained = 2;
  s.cup = { SCS: 4, CA: 2 };
  s.counters = { SCS: 1, CA: 0 };
  s.kills = { SCS: 1, CA: 0 };
  u('SCS-I1').status = 'reserve'; u('SCS-I1').at = null;
  u('SCS-M1').at = [8, 2];
  move(s.ws.pool, s.ws.top, 'T8');
  move(s.ws.pool, s.ws.discard, 'T2');
  move(s.hands[0], s.ws.discard, 'DB');
  move(s.wf.pool, s.wf.discard, 'WF01');
  s.wf.pool.splice(s.wf.pool.indexOf('WF18'), 1);
  s.retained = [{ card: 'WF18', unit: 'CA-H1', marker: 'WFM01', seat: 1 }];
  u('CA-H1').markers = ['WFM01'];
  s.lockons = [{ seat: 0, at: [7, 8] }];
  s.round = 3; s.turn = 5; s.nextAttack = 4;
  return s;
}

test('a position read back is the same state (at the start and later)', () => {
  const s0 = base();
  assert.deepEqual(read(pos(s0)), s0);
  const s = midGame();
  const p = pos(s);
  assert.deepEqual(unitOf(p, 'CA-M1'), { id: 'CA-M1', type: 'M', seat: 1, at: null, status: 'destroyed', crystals: 0 });
  assert.deepEqual(p.retained, [{ card: 'WF18', unit: 'CA-H1' }]);
  assert.deepEqual(p.lockons, [{ seat: 0, at: [7, 8] }]);
  assert.deepEqual(read(p), s);
});

test('not a position: any step but the lock-on, a finished game', () => {
  const s = base();
  assert.deepEqual(P.toPosition({ ...s, phase: 'orders' }), {
    code: 'not_at_a_position', message: 'a position is taken at the start of a turn (lock-on step); this state is in the orders step', details: { phase: 'orders' },
  });
  assert.equal((P.toPosition({ ...s, result: { winners: [0], draw: false, reason: 'x' } }) as Violation).code, 'not_at_a_position', 'a result');
});

test('positions and states share nothing', () => {
  const s = midGame();
  const p = P.toPosition(s) as Pos;
  p.order.push(9); p.relays.push(9); p.units[0].at[0] = 99; p.hands[0].push('x'); p.ws.top.push('x'); p.ws.pool.push('x'); p.ws.discard.push('x');
  p.wf.top.push('x'); p.wf.pool.push('x'); p.wf.discard.push('x'); p.retained[0].card = 'x'; p.cup.SCS = 99; p.counters.SCS = 99; p.kills.SCS = 99; p.lockons[0].at[0] = 99;
  assert.deepEqual(s, midGame(), 'toPosition copies');
  const q = pos(midGame());
  const b = base();
  const t = ok(q, b);
  t.units[0].at![0] = 99; t.hands[0].push('x'); t.ws.top.push('x'); t.ws.discard.push('x'); t.wf.top.push('x'); t.wf.discard.push('x'); t.order.push(9); t.relays.push(9); t.lockons[0].at[0] = 99;
  t.cup.SCS = 99; t.counters.SCS = 99; t.kills.SCS = 99;
  assert.deepEqual(q, pos(midGame()), 'fromPosition copies the position');
  assert.deepEqual(b, base(), 'and leaves the base alone');
});

test('fields a position may leave out: their defaults', () => {
  const s = midGame();
  const p = pos(s);
  for (const f of ['turn', 'order', 'relays', 'retained', 'counters', 'kills', 'gained', 'lockons', 'firstFaction', 'nextAttack']) delete p[f];
  p.ws.pool.push(...p.ws.top); delete p.ws.top;
  p.wf.pool.push('WF18', ...p.wf.top); delete p.wf.top;
  for (const u of p.units) delete u.crystals;
  p.active = 0;
  p.cup = { SCS: 4, CA: 0 };
  const t = ok(p, base());
  assert.equal(t.turn, 3, 'the round\'s number');
  assert.deepEqual(t.order, [0, 1], 'the active seat first');
  assert.deepEqual(t.relays, [1, 2], 'relay numbers from the order');
  assert.equal(t.turnIdx, 0);
  assert.deepEqual(t.retained, []);
  assert.deepEqual(t.cup, { SCS: 4, CA: 0 });
  assert.deepEqual(t.counters, { SCS: 0, CA: 0 });
  assert.deepEqual(t.kills, { SCS: 0, CA: 0 });
  assert.equal(t.gained, 0);
  assert.deepEqual(t.lockons, []);
  assert.equal(t.nextAttack, 1);
  assert.equal(t.firstFaction, 'CA', 'the base\'s first faction');
  assert.deepEqual(t.ws.top, []);
  assert.deepEqual(t.wf.top, []);
  const crystals = Object.fromEntries(t.units.map((u) => [u.id, u.crystals]));
  assert.deepEqual(crystals, { 'SCS-H1': 5, 'SCS-M1': 4, 'SCS-R1': 3, 'SCS-I1': 4, 'CA-H1': 5, 'CA-M1': 0, 'CA-R1': 3, 'CA-I1': 4 }, 'a unit\'s power, a destroyed unit none');
  assert.deepEqual(t.units.find((u) => u.id === 'CA-H1')!.markers, [], 'no marker without a retained card');
  // The first faction: the position's; else the base's; else the first seat's in the order.
  assert.equal(ok({ ...p, firstFaction: 'SCS' }, base()).firstFaction, 'SCS');
  const nb = base();
  delete (nb as Partial<AbState>).firstFaction;
  assert.equal(ok({ ...p, order: [1, 0], active: 1 }, nb).firstFaction, 'CA', 'seat 1 first: CA');
  const nb2 = base();
  delete (nb2 as Partial<AbState>).firstFaction;
  assert.equal(ok(p, nb2).firstFaction, 'SCS', 'seat 0 first: SCS');
  // The turn state is a fresh lock-on step.
  const b = base();
  Object.assign(b, { step: 3, dice: ['H'], moved: ['x'], battled: ['x'], responded: ['x'], attacks: [{}], respond: ['x'], window: {}, deployQueue: ['x'], divideQueue: ['x'], rebootPending: true, jump: { queue: ['x'], unit: 'x', at: [1, 1], options: [[1, 1]] }, result: null });
  const f = ok(pos(midGame()), b);
  assert.deepEqual(
    { step: f.step, phase: f.phase, dice: f.dice, moved: f.moved, battled: f.battled, responded: f.responded, attacks: f.attacks, respond: f.respond, window: f.window, deployQueue: f.deployQueue, divideQueue: f.divideQueue, rebootPending: f.rebootPending, jump: f.jump, result: f.result },
    { step: 0, phase: 'lockon', dice: [], moved: [], battled: [], responded: [], attacks: [], respond: [], window: null, deployQueue: [], divideQueue: [], rebootPending: false, jump: { queue: [], unit: null, at: null, options: [] }, result: null },
  );
});

test('seats and hands: the active seat exists, one hand per seat', () => {
  const p0 = () => pos(midGame());
  bad({ ...p0(), active: 2 }, 'unknown_seat', 'active: 2 is not a seat of this 2-player mission');
  bad({ ...p0(), active: -1 }, 'unknown_seat');
  const p = p0();
  p.hands.push([]);
  bad(p, 'wrong_hand_count', 'hands: one hand per seat (2), got 3');
});

test('units: ids, seats, squares, crystals', () => {
  const p0 = () => pos(midGame());
  let p = p0();
  p.units[1].id = p.units[0].id;
  assert.deepEqual(bad(p, 'duplicate_unit', 'units[1] (SCS-H1): the id SCS-H1 is used twice').details, { unit: 'SCS-H1' });
  p = p0();
  unitOf(p, 'CA-I1').seat = 2;
  assert.deepEqual(bad(p, 'unknown_seat', /^units\[\d\] \(CA-I1\): seat 2 is not a seat of this mission$/).details, { unit: 'CA-I1' });
  p = p0();
  unitOf(p, 'CA-I1').seat = -1;
  bad(p, 'unknown_seat');
  p = p0();
  unitOf(p, 'CA-I1').at = null;
  assert.deepEqual(bad(p, 'unit_not_placed', /\(CA-I1\) is on the board but has no square$/).details, { unit: 'CA-I1' });
  p = p0();
  delete unitOf(p, 'CA-I1').at;
  bad(p, 'unit_not_placed');
  p = p0();
  unitOf(p, 'SCS-I1').at = [1, 1];
  assert.deepEqual(bad(p, 'unit_misplaced', /\(SCS-I1\) is reserve and cannot stand on a square$/).details, { unit: 'SCS-I1' });
  p = p0();
  unitOf(p, 'CA-M1').crystals = 1;
  assert.deepEqual(bad(p, 'crystals_on_destroyed', /\(CA-M1\) is destroyed and holds no crystals$/).details, { unit: 'CA-M1' });
  p = p0();
  delete unitOf(p, 'CA-M1').crystals;
  assert.equal(ok(p).units.find((u) => u.id === 'CA-M1')!.crystals, 0, 'a destroyed unit: none by default');
  p = p0();
  unitOf(p, 'CA-I1').crystals = 0;
  assert.deepEqual(bad(p, 'unit_without_crystals', /\(CA-I1\) has no crystals left: it is destroyed$/).details, { unit: 'CA-I1' });
  p = p0();
  unitOf(p, 'SCS-I1').crystals = 0;
  bad(p, 'unit_without_crystals', undefined);
  // The board's edges: 0..15 by 0..9.
  for (const [at, good] of [[[15, 9], true], [[0, 0], true], [[16, 3], false], [[3, 10], false]] as const) {
    p = p0();
    unitOf(p, 'CA-I1').at = at;
    if (good) assert.deepEqual(ok(p).units.find((u) => u.id === 'CA-I1')!.at, at);
    else assert.deepEqual(bad(p, 'off_board', `units[7] (CA-I1) stands at ${at.join(',')}, off the 16x10 board`).details, { unit: 'CA-I1', at });
  }
  p = p0();
  unitOf(p, 'CA-I1').at = [3, 4];
  assert.deepEqual(bad(p, 'square_blocked', 'units[7] (CA-I1) stands on terrain at 3,4').details, { unit: 'CA-I1', at: [3, 4] });
  p = p0();
  unitOf(p, 'CA-I1').at = [7, 1];
  assert.deepEqual(bad(p, 'square_taken', 'units[7] (CA-I1) and SCS-H1 stand on one square (7,1)').details, { units: ['SCS-H1', 'CA-I1'], at: [7, 1] });
  p = p0();
  unitOf(p, 'CA-I1').at = [1, 7];
  const t = ok(p);
  assert.deepEqual(t.units.find((u) => u.id === 'CA-I1'), { id: 'CA-I1', type: 'I', seat: 1, faction: 'CA', company: null, at: [1, 7], status: 'board', crystals: 4, markers: [] });
});

test('crystals: over a unit\'s power only as far as gained; units and cups hold power + gained', () => {
  const p0 = () => pos(midGame());
  let p = p0();
  p.gained = 1;
  p.cup.SCS = 3;
  assert.deepEqual(bad(p, 'crystals_over_max', 'CA-R1 holds 5 crystals, over a Recon Link\'s 3 (only 1 were gained from the supply)').details, { unit: 'CA-R1' });
  p = p0();
  delete p.gained;
  bad(p, 'crystals_over_max', /only 0 were gained/);
  p = p0();
  unitOf(p, 'CA-R1').crystals = 4;
  p.gained = 1; p.cup.SCS = 4;
  assert.equal(ok(p).gained, 1, 'exactly what was gained');
  p = p0();
  p.cup.SCS = 5;
  assert.deepEqual(bad(p, 'crystals_unbalanced', 'crystals: units began with 32, 2 gained; 28 on units and 7 in cups is 35').details, { power: 32, gained: 2, held: 28, cups: { SCS: 5, CA: 2 } });
  p = p0();
  p.cup.CA = 1;
  bad(p, 'crystals_unbalanced');
  p = p0();
  delete p.cup;
  bad(p, 'crystals_unbalanced', /and 0 in cups/);
});

test('each faction with a unit on the board', () => {
  let p = pos(midGame());
  for (const u of p.units) if (u.seat === 1 && u.status === 'board') { u.status = 'reserve'; u.at = null; }
  assert.deepEqual(bad(p, 'no_units_on_board', 'CA has no unit on the board: the game would be over').details, { faction: 'CA' });
  p = pos(midGame());
  for (const u of p.units) if (u.seat === 0 && u.status === 'board') { u.status = 'reserve'; u.at = null; }
  bad(p, 'no_units_on_board', /^SCS /);
});

test('cards: every Weapon System and Wild Fire card in one place', () => {
  const p0 = () => pos(midGame());
  let p = p0();
  p.hands[0].push('T9');
  assert.deepEqual(bad(p, 'unknown_card', 'weapon system: there is no card T9').details, { card: 'T9' });
  p = p0();
  p.hands[1].push('DB');
  assert.deepEqual(bad(p, 'card_in_two_places', 'weapon system: DB is in play 5 times, the deck has 4').details, { card: 'DB', count: 5, copies: 4 });
  p = p0();
  p.ws.pool.splice(p.ws.pool.indexOf('T1'), 1);
  bad(p, 'card_missing', /^weapon system: 1 of \d+ T1 are nowhere/);
  assert.equal(bad(p, 'card_missing').message, `weapon system: 1 of ${midGame().ws.pool.filter((c) => c === 'T1').length + midGame().hands.flat().filter((c) => c === 'T1').length} T1 are nowhere (hand, deck, discard)`, 'one missing of several');
  p = p0();
  p.ws.pool.splice(p.ws.pool.indexOf('RB'), 1);
  assert.deepEqual(bad(p, 'card_missing', 'weapon system: 1 of 1 RB are nowhere (hand, deck, discard)').details, { card: 'RB' });
  for (const where of ['top', 'discard']) {
    p = p0();
    p.ws[where].push('RB');
    bad(p, 'card_in_two_places', /RB is in play 2 times/);
    p = p0();
    p.wf[where].push('WF02');
    bad(p, 'card_in_two_places', 'wild fire: WF02 is in play 2 times, the deck has 1');
  }
  p = p0();
  p.wf.pool.push('WF99');
  bad(p, 'unknown_card', 'wild fire: there is no card WF99');
  p = p0();
  p.wf.pool.splice(p.wf.pool.indexOf('WF02'), 1);
  bad(p, 'card_missing', 'wild fire: 1 of 1 WF02 are nowhere (hand, deck, discard, retained)');
  p = p0();
  p.retained = [];
  bad(p, 'card_missing', /WF18/);
  p = p0();
  p.wf.pool.push('WF18');
  bad(p, 'card_in_two_places', /WF18 is in play 2 times/, undefined);
  // A card on the known top of a deck, or in its discard, is in its place.
  p = p0();
  move(p.ws.pool, p.ws.top, 'RB');
  move(p.wf.pool, p.wf.top, 'WF02');
  move(p.wf.pool, p.wf.discard, 'WF03');
  const t = ok(p);
  assert.deepEqual(t.ws.top, ['T8', 'RB']);
  assert.deepEqual(t.wf.top, ['WF02']);
  assert.deepEqual(t.wf.discard, ['WF01', 'WF03']);
  assert.ok(!t.wf.pool.includes('WF02'));
  // Hands and draw piles are kept sorted; a discard and a known top in their order.
  p = p0();
  p.hands[1].reverse();
  p.ws.pool.reverse();
  p.wf.pool.reverse();
  p.ws.discard.reverse();
  const r = ok(p);
  assert.deepEqual(r.hands[1], midGame().hands[1]);
  assert.deepEqual(r.ws.pool, midGame().ws.pool);
  assert.deepEqual(r.wf.pool, midGame().wf.pool);
  assert.deepEqual(r.ws.discard, ['DB', 'T2']);
});

test('retained Wild Fire cards: a card units keep, on a unit still in the game', () => {
  const p0 = () => pos(midGame());
  let p = p0();
  p.retained = [{ card: 'WF01', unit: 'CA-H1' }];
  p.wf.discard = ['WF18'];
  assert.deepEqual(bad(p, 'not_retained', 'retained[0]: WF01 is not a card a unit keeps').details, { card: 'WF01' });
  p = p0();
  p.retained[0].unit = 'CA-H9';
  assert.deepEqual(bad(p, 'unknown_unit', 'retained[0]: no unit CA-H9').details, { unit: 'CA-H9' });
  p = p0();
  p.retained[0].unit = 'CA-M1';
  assert.deepEqual(bad(p, 'unit_gone', 'retained[0]: CA-M1 is destroyed').details, { unit: 'CA-M1' });
  p = p0();
  p.retained[0].unit = 'SCS-I1';
  const t = ok(p);
  assert.deepEqual(t.retained, [{ card: 'WF18', unit: 'SCS-I1', marker: 'WFM01', seat: 0 }], 'a unit in reserve keeps it');
  assert.deepEqual(t.units.find((u) => u.id === 'SCS-I1')!.markers, ['WFM01']);
  p = p0();
  move(p.wf.pool, p.retained as unknown as string[], 'WF19');
  p.retained[1] = { card: 'WF19', unit: 'CA-H1' };
  assert.deepEqual(ok(p).units.find((u) => u.id === 'CA-H1')!.markers, ['WFM01', 'WFM02'], 'two cards, two markers');
});

test('whose turn: the order, the active seat, the relays, the lock-ons', () => {
  const p0 = () => pos(midGame());
  let p = p0();
  p.order = [1, 1];
  assert.deepEqual(bad(p, 'bad_order', 'order: each seat at most once').details, { order: [1, 1] });
  p = p0();
  p.order = [1, 2];
  bad(p, 'bad_order', 'order: each seat at most once');
  p = p0();
  p.order = [-1, 1];
  bad(p, 'bad_order');
  p = p0();
  p.order = [0];
  assert.deepEqual(bad(p, 'bad_order', 'order: the active seat 1 is not in the turn order').details, { order: [0] });
  p = p0();
  p.order = [1];
  assert.deepEqual(ok(p).order, [1], 'a seat may be left out (eliminated)');
  p = p0();
  p.relays = [1];
  bad(p, 'bad_relays', 'relays: one number per seat (2)');
  p = p0();
  p.lockons = [{ seat: 2, at: [1, 1] }];
  bad(p, 'unknown_seat', 'lockons[0]: seat 2 is not a seat of this mission');
  p = p0();
  p.lockons = [{ seat: -1, at: [1, 1] }];
  bad(p, 'unknown_seat');
  p = p0();
  p.lockons = [{ seat: 1, at: [16, 1] }];
  bad(p, 'off_board', 'lockons[0] is off the board');
  p = p0();
  p.lockons = [{ seat: 1, at: [1, 10] }];
  bad(p, 'off_board');
  p = p0();
  p.lockons = [{ seat: 1, at: [15, 9] }, { seat: 0, at: [0, 0] }];
  assert.deepEqual(ok(p).lockons, [{ seat: 1, at: [15, 9] }, { seat: 0, at: [0, 0] }]);
});

test('3 players: an eliminated seat cannot be active and is left out of the default order', () => {
  // Mission #9: seat 0 CA company A, seat 1 SCS, seat 2 CA company B, all in reserve at the set-up.
  const b = base('m9');
  assert.deepEqual(b.seats.map((x) => x.faction), ['CA', 'SCS', 'CA']);
  const p = pos({ ...b, phase: 'lockon' });
  const at: Record<string, [number, number]> = { 'CA-A-H1': [1, 1], 'SCS-H1': [1, 8], 'CA-B-M1': [2, 1] };
  for (const u of p.units) if (at[u.id]) { u.status = 'board'; u.at = at[u.id]; }
  p.cup = { SCS: 0, CA: 0 };
  for (const u of p.units) if (u.seat === 2) { p.cup.SCS += u.crystals; u.status = 'destroyed'; u.at = null; u.crystals = 0; }
  for (const u of p.units) if (u.id === 'CA-A-M1') { u.status = 'board'; u.at = [2, 1]; }
  delete p.order; delete p.relays;
  assert.equal(p.firstFaction, null, 'none chosen at the set-up');
  delete p.firstFaction;
  p.active = 2;
  bad(p, 'active_eliminated', 'seat 2 has no units left to take a turn', b);
  p.active = 1;
  const t = ok(p, base('m9'));
  assert.deepEqual(t.order, [1, 0], 'the active seat, then the others with units left');
  assert.deepEqual(t.relays, [2, 1, 0], 'relay 0 for a seat not in the order');
  assert.equal(t.turnIdx, 0);
  assert.equal(t.firstFaction, 'SCS', 'no first faction yet: the first seat\'s');
  p.active = 0;
  const u = ok(p, base('m9'));
  assert.deepEqual(u.order, [0, 1]);
  assert.deepEqual(u.relays, [1, 2, 0]);
  assert.equal(u.firstFaction, 'CA');
  assert.deepEqual(u.units.find((x) => x.id === 'CA-B-M1'), { id: 'CA-B-M1', type: 'M', seat: 2, faction: 'CA', company: 'B', at: null, status: 'destroyed', crystals: 0, markers: [] });
  assert.equal(u.units.find((x) => x.id === 'CA-A-H1')!.company, 'A');
  p.order = [1, 0];
  p.active = 0;
  assert.equal(ok(p, base('m9')).turnIdx, 1, 'the active seat\'s index in the order');
});

test('revealed: a card that left a hand other than by a draw', () => {
  const before = midGame();
  const after = (fn: (s: AbState) => void) => { const s = structuredClone(before); fn(s); return s; };
  assert.equal(P.revealed!(before, structuredClone(before)), false);
  assert.equal(P.revealed!(before, after((s) => move(s.hands[0], s.ws.discard, 'SB'))), true, 'seat 0 played a card');
  assert.equal(P.revealed!(before, after((s) => move(s.hands[1], s.ws.discard, 'AMM'))), true, 'seat 1 played a card');
  assert.equal(P.revealed!(before, after((s) => move(s.ws.pool, s.hands[1], 'RB'))), false, 'a draw');
  assert.equal(P.revealed!(before, after((s) => { s.hands[1].splice(s.hands[1].indexOf('AMM'), 1); })), true, 'one copy of three');
  assert.equal(P.revealed!(before, after((s) => { s.hands = [s.hands[0]]; })), true, 'a hand gone');
});

test('streams: dice by face or number, the two decks, the relays', () => {
  assert.deepEqual(Object.keys(P.streams!), ['dice', 'deck:ws', 'deck:wf', 'relays']);
  assert.equal(P.streams!.dice.offset, 1);
  assert.deepEqual(P.streams!.dice.faces, ['H', 'M', 'R', 'I', 'WS', 'C']);
  for (const [k, v] of Object.entries(P.streams!)) assert.ok(v.description.length > 20, `${k}: described for the client`);
});

test('the schema: what a position may hold (the service checks it before reading)', async () => {
  const { Ajv } = await import('ajv');
  const check = new Ajv({ allErrors: true, strict: false, coerceTypes: false }).compile(P.schema);
  const valid = (p: unknown) => check(p) as boolean;
  const p0 = (): Pos => pos(midGame());
  assert.ok(valid(p0()), JSON.stringify(check.errors));
  const minimal = { round: 1, active: 0, units: [], hands: [], ws: { pool: [], discard: [] }, wf: { pool: [], discard: [] } };
  assert.ok(valid(minimal), 'only the required fields');
  for (const f of Object.keys(minimal)) {
    const q: Pos = { ...minimal };
    delete q[f];
    assert.ok(!valid(q), `${f} is required`);
  }
  for (const d of ['ws', 'wf']) {
    for (const f of ['pool', 'discard']) {
      const q: Pos = structuredClone(minimal);
      delete q[d][f];
      assert.ok(!valid(q), `${d}.${f} is required`);
    }
  }
  for (const f of ['id', 'type', 'seat', 'status']) {
    const q: Pos = p0();
    delete q.units[0][f];
    assert.ok(!valid(q), `units[].${f} is required`);
  }
  const u = (p: Pos) => p.units[0];
  const cases: [string, (p: Pos) => void, boolean][] = [
    ['round 0', (p) => { p.round = 0; }, false],
    ['round 1000', (p) => { p.round = 1000; }, true],
    ['round 1001', (p) => { p.round = 1001; }, false],
    ['round 1.5', (p) => { p.round = 1.5; }, false],
    ['turn 1', (p) => { p.turn = 1; }, true],
    ['turn 0', (p) => { p.turn = 0; }, false],
    ['turn 1.5', (p) => { p.turn = 1.5; }, false],
    ['active 3', (p) => { p.active = 3; }, true],
    ['active 4', (p) => { p.active = 4; }, false],
    ['active -1', (p) => { p.active = -1; }, false],
    ['active 0.5', (p) => { p.active = 0.5; }, false],
    ['an unknown field', (p) => { p.extra = 1; }, false],
    ['order of seats 0..3', (p) => { p.order = [0, 1, 2, 3]; }, true],
    ['five in the order', (p) => { p.order = [0, 1, 2, 3, 0]; }, false],
    ['a seat 4 in the order', (p) => { p.order = [4]; }, false],
    ['a seat -1 in the order', (p) => { p.order = [-1]; }, false],
    ['a seat 0.5 in the order', (p) => { p.order = [0.5]; }, false],
    ['relays 0..4', (p) => { p.relays = [0, 4, 1, 2]; }, true],
    ['five relays', (p) => { p.relays = [0, 1, 2, 3, 4]; }, false],
    ['a relay 5', (p) => { p.relays = [5]; }, false],
    ['a relay -1', (p) => { p.relays = [-1]; }, false],
    ['a relay 0.5', (p) => { p.relays = [0.5]; }, false],
    ['64 units', (p) => { p.units = Array(64).fill(u(p)); }, true],
    ['65 units', (p) => { p.units = Array(65).fill(u(p)); }, false],
    ['a unit with more', (p) => { u(p).x = 1; }, false],
    ['a unit id of 32', (p) => { u(p).id = 'A-1'.padEnd(32, 'x'); }, true],
    ['a unit id of 33', (p) => { u(p).id = 'A-1'.padEnd(33, 'x'); }, false],
    ['an empty unit id', (p) => { u(p).id = ''; }, false],
    ['a unit id with a blank', (p) => { u(p).id = 'SCS H1'; }, false],
    ['a unit id with a blank after', (p) => { u(p).id = 'SCS-H1 '; }, false],
    ['a unit id with a blank before', (p) => { u(p).id = ' SCS-H1'; }, false],
    ['a unit id a number', (p) => { u(p).id = 1; }, false],
    ['a unit type X', (p) => { u(p).type = 'X'; }, false],
    ['a unit type I', (p) => { u(p).type = 'I'; }, true],
    ['a unit seat 4', (p) => { u(p).seat = 4; }, false],
    ['a unit seat -1', (p) => { u(p).seat = -1; }, false],
    ['a unit seat 3', (p) => { u(p).seat = 3; }, true],
    ['a unit seat 0.5', (p) => { u(p).seat = 0.5; }, false],
    ['a unit at null', (p) => { u(p).at = null; }, true],
    ['a unit at one number', (p) => { u(p).at = [1]; }, false],
    ['a unit at three numbers', (p) => { u(p).at = [1, 2, 3]; }, false],
    ['a unit at -1', (p) => { u(p).at = [-1, 2]; }, false],
    ['a unit at 0.5', (p) => { u(p).at = [0.5, 2]; }, false],
    ['a unit at a string', (p) => { u(p).at = '1,2'; }, false],
    ['a unit exited', (p) => { u(p).status = 'exited'; }, true],
    ['a unit gone', (p) => { u(p).status = 'gone'; }, false],
    ['99 crystals', (p) => { u(p).crystals = 99; }, true],
    ['100 crystals', (p) => { u(p).crystals = 100; }, false],
    ['-1 crystals', (p) => { u(p).crystals = -1; }, false],
    ['0.5 crystals', (p) => { u(p).crystals = 0.5; }, false],
    ['four hands', (p) => { p.hands = [[], [], [], []]; }, true],
    ['five hands', (p) => { p.hands = [[], [], [], [], []]; }, false],
    ['an empty card', (p) => { p.hands[0].push(''); }, false],
    ['a card of 64', (p) => { p.hands[0].push('x'.repeat(64)); }, true],
    ['a card of 65', (p) => { p.hands[0].push('x'.repeat(65)); }, false],
    ['a number for a card', (p) => { p.hands[0].push(1); }, false],
    ['200 cards', (p) => { p.ws.discard = Array(200).fill('x'); }, true],
    ['201 cards', (p) => { p.ws.discard = Array(201).fill('x'); }, false],
    ['a bad card on top', (p) => { p.ws.top = ['']; }, false],
    ['a bad card in the pool', (p) => { p.wf.pool = ['']; }, false],
    ['a bad Wild Fire card on top', (p) => { p.wf.top = ['']; }, false],
    ['a deck with more', (p) => { p.ws.x = []; }, false],
    ['32 retained', (p) => { p.retained = Array(32).fill({ card: 'a', unit: 'b' }); }, true],
    ['33 retained', (p) => { p.retained = Array(33).fill({ card: 'a', unit: 'b' }); }, false],
    ['retained without a unit', (p) => { p.retained = [{ card: 'a' }]; }, false],
    ['retained without a card', (p) => { p.retained = [{ unit: 'a' }]; }, false],
    ['retained with more', (p) => { p.retained = [{ card: 'a', unit: 'b', x: 1 }]; }, false],
    ['retained card a number', (p) => { p.retained = [{ card: 1, unit: 'b' }]; }, false],
    ['retained unit a number', (p) => { p.retained = [{ card: 'a', unit: 1 }]; }, false],
    ['a cup without CA', (p) => { p.cup = { SCS: 1 }; }, false],
    ['a cup without SCS', (p) => { p.cup = { CA: 1 }; }, false],
    ['a cup with more', (p) => { p.cup = { SCS: 1, CA: 1, X: 1 }; }, false],
    ['a cup of -1', (p) => { p.cup = { SCS: -1, CA: 1 }; }, false],
    ['counters of 0.5', (p) => { p.counters = { SCS: 0.5, CA: 1 }; }, false],
    ['kills without CA', (p) => { p.kills = { SCS: 1 }; }, false],
    ['gained 0', (p) => { p.gained = 0; }, true],
    ['gained -1', (p) => { p.gained = -1; }, false],
    ['16 lock-ons', (p) => { p.lockons = Array(16).fill({ seat: 0, at: [1, 1] }); }, true],
    ['17 lock-ons', (p) => { p.lockons = Array(17).fill({ seat: 0, at: [1, 1] }); }, false],
    ['a lock-on without a seat', (p) => { p.lockons = [{ at: [1, 1] }]; }, false],
    ['a lock-on without a square', (p) => { p.lockons = [{ seat: 0 }]; }, false],
    ['a lock-on with more', (p) => { p.lockons = [{ seat: 0, at: [1, 1], x: 1 }]; }, false],
    ['a lock-on seat 4', (p) => { p.lockons = [{ seat: 4, at: [1, 1] }]; }, false],
    ['a lock-on seat -1', (p) => { p.lockons = [{ seat: -1, at: [1, 1] }]; }, false],
    ['a lock-on seat 3', (p) => { p.lockons = [{ seat: 3, at: [1, 1] }]; }, true],
    ['a lock-on seat 0.5', (p) => { p.lockons = [{ seat: 0.5, at: [1, 1] }]; }, false],
    ['a lock-on at one number', (p) => { p.lockons = [{ seat: 0, at: [1] }]; }, false],
    ['first faction SCS', (p) => { p.firstFaction = 'SCS'; }, true],
    ['first faction null', (p) => { p.firstFaction = null; }, true],
    ['first faction X', (p) => { p.firstFaction = 'X'; }, false],
    ['next attack 1', (p) => { p.nextAttack = 1; }, true],
    ['next attack 0', (p) => { p.nextAttack = 0; }, false],
    ['next attack 1.5', (p) => { p.nextAttack = 1.5; }, false],
  ];
  for (const [what, fn, want] of cases) {
    const p = p0();
    fn(p);
    assert.equal(valid(p), want, what);
  }
  assert.equal((P.schema as { $id?: string }).$id, 'AbaddonPosition');
});
