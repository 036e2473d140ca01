// The rule queries every step asks (spec §5.6-5.10, §6): what blocks, who is in contact, how
// far an ordered unit moves and where it may exit (M4, M9; AMB-30), which relay locks a target,
// the ranges of the three ranged attacks, whether any ranged attack or Close Combat is still
// possible, when a player is eliminated (AMB-34) and a faction's VP (cup + counters, §9.3).
// Each at its limit, for the right seat and faction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { abaddon, craft, start, type K } from './helpers.js';
import { DATA, type GameData } from '../../../src/games/abaddon/data.js';
import { Rules, initialState } from '../../../src/games/abaddon/rules.js';
import type { XY } from '../../../src/games/abaddon/data.js';

const R = new Rules(DATA);
const u = (k: K, id: string) => k.s.units.find((x) => x.id === id)!;
const cells = (xs: XY[]) => xs.map((c) => `${c[0]},${c[1]}`).sort();

test('§6.1 occupancy: terrain and every unit on the board block, units off the board do not, and a moving unit does not block itself', () => {
  const k = craft({ at: { 'SCS-H1': [5, 5], 'CA-H1': [7, 7] }, terrain: [[2, 2]] });
  const b = R.blocker(k.s);
  assert.equal(b([2, 2]), true, 'terrain');
  assert.equal(b([5, 5]), true, 'own unit');
  assert.equal(b([7, 7]), true, 'enemy unit');
  assert.equal(b([6, 6]), false);
  assert.equal(R.blocker(k.s, 'SCS-H1')([5, 5]), false, 'the unit itself ignored');
  assert.equal(R.blocker(k.s, 'SCS-H1')([7, 7]), true, 'only itself');
  const gone = u(k, 'CA-H1');
  gone.status = 'exited';
  assert.equal(R.blocker(k.s)([7, 7]), false, 'a unit no longer on the board');
  assert.equal(R.terrainAt(k.s, [2, 2]), true);
  assert.equal(R.terrainAt(k.s, [2, 3]), false, 'same column, other row');
  assert.equal(R.terrainAt(k.s, [3, 2]), false, 'same row, other column');
  assert.equal(R.unitAt(k.s, [5, 5])?.id, 'SCS-H1');
  assert.equal(R.unitAt(k.s, [5, 6]), undefined);
  assert.equal(R.unitAt(k.s, [6, 5]), undefined);
});

test('§5.8 contact: an enemy on the board in one of the 8 neighbouring sectors; a friend, a distant enemy or an enemy off the board is not contact', () => {
  const k = craft({ at: { 'SCS-H1': [5, 5], 'SCS-M1': [6, 6], 'CA-H1': [7, 5] } });
  assert.equal(R.enemiesAdjacent(k.s, u(k, 'SCS-H1')), false, 'a friend adjacent, the enemy 2 away');
  assert.equal(R.enemiesAdjacent(k.s, u(k, 'SCS-M1')), true, 'diagonal and orthogonal both count');
  u(k, 'CA-H1').at = [6, 4];
  assert.equal(R.enemiesAdjacent(k.s, u(k, 'SCS-H1')), true);
  u(k, 'CA-H1').status = 'reserve';
  assert.equal(R.enemiesAdjacent(k.s, u(k, 'SCS-H1')), false, 'an enemy not on the board');
});

test('§5.7 movement allowance: dice on the unit x its Movement; a "movement -1" marker takes one off each die\'s Movement, never below 0', () => {
  const data: GameData = { ...DATA, markers: [...DATA.markers, { id: 'M-1', name: 'Slowed', effect: 'movementMinus1' }] };
  const R2 = new Rules(data);
  const k = craft({ at: { 'SCS-M1': [5, 5], 'SCS-H1': [8, 5] }, ordered: ['SCS-M1', 'SCS-M1', 'SCS-H1'] });
  assert.equal(R2.moveAllowance(k.s, u(k, 'SCS-M1')), 4, 'two dice x Movement 2');
  assert.equal(R2.moveAllowance(k.s, u(k, 'SCS-H1')), 1);
  u(k, 'SCS-M1').markers = ['M-1'];
  u(k, 'SCS-H1').markers = ['M-1'];
  assert.equal(R2.moveAllowance(k.s, u(k, 'SCS-M1')), 2, 'two dice x (2 - 1)');
  assert.equal(R2.moveAllowance(k.s, u(k, 'SCS-H1')), 0, 'a Heavy (Movement 1) cannot move at all');
  assert.deepEqual(R2.moves(k.s, u(k, 'SCS-H1')), { to: [], exit: false });
  u(k, 'SCS-H1').markers = ['WFM06']; // cannotRanged: no effect on movement
  assert.equal(R2.moveAllowance(k.s, u(k, 'SCS-H1')), 1);
  // a die on another unit, or a die not used as an order, moves nothing
  k.s.dice.push({ face: 'WS', use: 'ws', unit: 'SCS-H1' } as never);
  assert.equal(R2.diceOn(k.s, 'SCS-H1'), 1);
  assert.equal(R2.ordered(k.s, 'SCS-R1'), false);
});

test('§5.7 destinations: every sector within the allowance (not the start), in row then column order; nothing for a unit not ordered, moved already, held by a "cannot move" marker, or off the board', () => {
  const k = craft({ at: { 'SCS-R1': [5, 5] }, ordered: ['SCS-R1'] }); // Recon: Movement 3
  const m = R.moves(k.s, u(k, 'SCS-R1'));
  assert.equal(m.to.length, 7 * 7 - 1);
  assert.ok(!m.to.some(([x, y]) => x === 5 && y === 5), 'not the start');
  assert.deepEqual(m.to, m.to.slice().sort((a, b) => a[1] - b[1] || a[0] - b[0]), 'row then column');
  assert.deepEqual(m.to[0], [2, 2]);
  assert.deepEqual(m.to[m.to.length - 1], [8, 8]);
  assert.equal(m.exit, false, 'M1 has no exits');
  const none = { to: [], exit: false };
  assert.deepEqual(R.moves(k.s, u(k, 'SCS-H1')), none, 'not ordered');
  k.s.moved = ['SCS-R1'];
  assert.deepEqual(R.moves(k.s, u(k, 'SCS-R1')), none, 'moved already');
  k.s.moved = [];
  u(k, 'SCS-R1').markers = ['WFM01'];
  assert.deepEqual(R.moves(k.s, u(k, 'SCS-R1')), none, 'cannot move');
  u(k, 'SCS-R1').markers = ['WFM10']; // cannot be ordered: already ordered, it still moves
  assert.equal(R.moves(k.s, u(k, 'SCS-R1')).to.length, 48);
  u(k, 'SCS-R1').status = 'exited';
  assert.deepEqual(R.moves(k.s, u(k, 'SCS-R1')), none, 'off the board');
});

test('AMB-30 exits (M4): the mission\'s units only, from an edge sector of the exit zone reached with one step of movement still left', () => {
  const k = craft({ mission: 'm4', at: { 'SCS-I1': [5, 8] }, ordered: ['SCS-I1', 'SCS-I1'] });
  // Infantry, 2 dice: 2 steps; (5,9) is on the zone (row 9) one step away, leaving one to step off
  assert.equal(R.moves(k.s, u(k, 'SCS-I1')).exit, true);
  k.s.dice = [{ face: 'C', use: 'order', unit: 'SCS-I1' }];
  assert.equal(R.moves(k.s, u(k, 'SCS-I1')).exit, false, 'one step only: it reaches row 9 with nothing left to step off');
  u(k, 'SCS-I1').at = [5, 9];
  assert.equal(R.moves(k.s, u(k, 'SCS-I1')).exit, true, 'standing on the zone, one step is enough');
  // the zone is row 9 only: the side edges do not count
  u(k, 'SCS-I1').at = [0, 5];
  assert.equal(R.moves(k.s, u(k, 'SCS-I1')).exit, false, 'on the west edge, far from row 9');
  // another type, and the other faction, may not exit in M4
  const k2 = craft({ mission: 'm4', at: { 'SCS-R1': [5, 9] }, ordered: ['SCS-R1'] });
  assert.equal(R.moves(k2.s, u(k2, 'SCS-R1')).exit, false, 'a Recon may not exit in M4');
  const ca = k2.s.units.find((x) => x.faction === 'CA')!;
  ca.at = [5, 0];
  assert.equal(R.exitZone(k2.s, ca), null, 'CA may not exit');
  assert.equal(R.exitZone(k2.s, u(k2, 'SCS-R1')), null);
  assert.deepEqual(R.exitZone(k2.s, u(k2, 'SCS-I1')), [{ x0: 0, y0: 9, x1: 15, y1: 9 }]);
});

test('the board\'s edges and a zone\'s bounds are inclusive on all four sides', () => {
  const k = craft({});
  const edge = (c: XY) => R.onEdge(k.s, c);
  assert.deepEqual([edge([0, 4]), edge([15, 4]), edge([4, 0]), edge([4, 9])], [true, true, true, true]);
  assert.deepEqual([edge([1, 4]), edge([14, 4]), edge([4, 1]), edge([4, 8])], [false, false, false, false]);
  const z = [{ x0: 2, y0: 3, x1: 4, y1: 6 }];
  for (const c of [[2, 3], [4, 6], [2, 6], [4, 3]] as XY[]) assert.equal(R.inRects(z, c), true, `corner ${c}`);
  for (const c of [[1, 4], [5, 4], [3, 2], [3, 7]] as XY[]) assert.equal(R.inRects(z, c), false, `outside ${c}`);
  assert.equal(R.inRects(undefined, [3, 4]), false, 'no zone');
  assert.equal(R.inRects([{ x0: 9, y0: 9, x1: 9, y1: 9 }, ...z], [3, 4]), true, 'any of several rectangles');
});

test('§5.1 a relay locks its sector for its owner only, while a target stands in it', () => {
  const k = craft({ at: { 'CA-H1': [6, 6] }, lockons: [{ seat: 0, at: [6, 6] }] });
  assert.equal(R.lock(k.s, 0, u(k, 'CA-H1')), 1);
  assert.equal(R.lock(k.s, 1, u(k, 'CA-H1')), 0, 'another seat\'s relay');
  u(k, 'CA-H1').at = [6, 7];
  assert.equal(R.lock(k.s, 0, u(k, 'CA-H1')), 0, 'same column, other row');
  u(k, 'CA-H1').at = [7, 6];
  assert.equal(R.lock(k.s, 0, u(k, 'CA-H1')), 0, 'same row, other column');
  u(k, 'CA-H1').at = null;
  assert.equal(R.lock(k.s, 0, u(k, 'CA-H1')), 0, 'off the board');
});

test('§5.10 ranges: LOS 2-5 in a straight line with a clear view, Smart Bomb 2-5 anyhow, LRB 6-8', () => {
  const k = craft({ at: { 'SCS-M1': [2, 2], 'CA-H1': [4, 2] } });
  const p = (kind: 'los' | 'sb' | 'lrb', at: XY) => { u(k, 'CA-H1').at = at; return R.rangedProblem(k.s, u(k, 'SCS-M1'), u(k, 'CA-H1'), kind); };
  assert.equal(p('los', [3, 2]), 'out_of_range', 'adjacent');
  assert.equal(p('los', [4, 2]), null);
  assert.equal(p('los', [7, 2]), null);
  assert.equal(p('los', [8, 2]), 'out_of_range');
  assert.equal(p('los', [7, 7]), null, 'a diagonal is a straight line');
  assert.equal(p('los', [5, 4]), 'not_straight_line');
  assert.equal(p('sb', [3, 3]), 'out_of_range');
  assert.equal(p('sb', [4, 3]), null, 'no straight line needed');
  assert.equal(p('sb', [7, 5]), null);
  assert.equal(p('sb', [8, 5]), 'out_of_range');
  assert.equal(p('lrb', [7, 5]), 'out_of_range');
  assert.equal(p('lrb', [8, 5]), null);
  assert.equal(p('lrb', [10, 3]), null);
  assert.equal(p('lrb', [11, 3]), 'out_of_range');
  k.s.terrain = [{ type: 'city', at: [3, 2] }];
  assert.equal(p('los', [5, 2]), 'no_line_of_sight');
  assert.equal(R.rangedProblem(k.s, u(k, 'SCS-M1'), u(k, 'CA-H1'), 'los', () => false), null, 'the blocker given is the one used');
  assert.equal(p('sb', [5, 2]), null, 'a Smart Bomb needs no line of sight');
});

test('§5.9 a ranged attack is possible only for an ordered unit of the active seat, with a card in hand, not yet battled or firing, not in contact, not held by "cannot fire", with an enemy 2-8 away', () => {
  const base = () => craft({ at: { 'SCS-M1': [2, 2], 'CA-H1': [2, 6] }, hands: { 0: ['T3'] }, active: 0, ordered: ['SCS-M1'] });
  assert.equal(R.canDeclareAny(base().s), true);
  const noCard = base();
  noCard.s.hands[0] = [];
  assert.equal(R.canDeclareAny(noCard.s), false, 'no card');
  const other = base();
  other.s.hands[1] = ['T3'];
  other.s.active = 1;
  other.s.hands[1] = ['T3'];
  assert.equal(R.canDeclareAny(other.s), false, 'the ordered unit is not the active seat\'s');
  const unordered = base();
  unordered.s.dice = [];
  assert.equal(R.canDeclareAny(unordered.s), false, 'not ordered');
  const battled = base();
  battled.s.battled = ['SCS-M1'];
  assert.equal(R.canDeclareAny(battled.s), false, 'battled already');
  const firing = base();
  firing.s.attacks = [{ id: 1, unit: 'SCS-M1', target: 'CA-H1', card: 'T3', kind: 'los', response: null, done: false }];
  assert.equal(R.canDeclareAny(firing.s), false, 'already firing');
  const jammed = base();
  u(jammed, 'SCS-M1').markers = ['WFM06'];
  assert.equal(R.canDeclareAny(jammed.s), false, 'cannot fire');
  const stuck = base();
  u(stuck, 'SCS-M1').markers = ['WFM01'];
  assert.equal(R.canDeclareAny(stuck.s), true, 'cannot move: may still fire');
  const contact = base();
  u(contact, 'CA-H1').at = [3, 3];
  assert.equal(R.canDeclareAny(contact.s), false, 'in contact');
  for (const [at, ok] of [[[2, 4], true], [[10, 2], true], [[11, 2], false]] as [XY, boolean][]) {
    const k = base();
    u(k, 'CA-H1').at = at;
    assert.equal(R.canDeclareAny(k.s), ok, `enemy at ${at}`);
  }
  const friend = base();
  u(friend, 'CA-H1').at = [12, 9];
  u(friend, 'SCS-H1').at = [2, 5];
  assert.equal(R.canDeclareAny(friend.s), false, 'a friend in range is no target');
  const gone = base();
  u(gone, 'CA-H1').status = 'reserve';
  for (const x of gone.s.units) if (x.faction === 'CA' && x.id !== 'CA-H1') x.at = [15, 9];
  u(gone, 'CA-H1').at = [2, 6];
  assert.equal(R.canDeclareAny(gone.s), false, 'an enemy off the board is no target');
});

test('§5.11 Close Combat targets: the enemies in contact with an ordered unit of the active seat that has not battled or fired', () => {
  const k = craft({ at: { 'SCS-H1': [5, 5], 'CA-H1': [6, 6], 'CA-M1': [4, 5], 'SCS-M1': [5, 4], 'CA-R1': [7, 7] }, active: 0, ordered: ['SCS-H1'] });
  assert.deepEqual(cells(R.closeTargets(k.s, u(k, 'SCS-H1')).map((x) => x.at!)), cells([[6, 6], [4, 5]]), 'both adjacent enemies, not the friend or the far one');
  assert.deepEqual(R.closeTargets(k.s, u(k, 'SCS-M1')), [], 'not ordered');
  k.s.battled = ['SCS-H1'];
  assert.deepEqual(R.closeTargets(k.s, u(k, 'SCS-H1')), [], 'battled');
  k.s.battled = [];
  k.s.attacks = [{ id: 1, unit: 'SCS-H1', target: 'CA-R1', card: 'SB', kind: 'sb', response: null, done: true }];
  assert.deepEqual(R.closeTargets(k.s, u(k, 'SCS-H1')), [], 'it fired this turn');
  k.s.attacks = [];
  k.s.active = 1;
  assert.deepEqual(R.closeTargets(k.s, u(k, 'SCS-H1')), [], 'not the active seat\'s');
  k.s.active = 0;
  u(k, 'CA-H1').status = 'exited';
  assert.deepEqual(R.closeTargets(k.s, u(k, 'SCS-H1')).map((x) => x.id), ['CA-M1']);
  u(k, 'SCS-H1').status = 'destroyed';
  assert.deepEqual(R.closeTargets(k.s, u(k, 'SCS-H1')), [], 'a unit off the board fights nobody');
});

test('AMB-34 a player is eliminated when no unit of his is on the board or waiting in reserve; exited or destroyed units do not keep him in', () => {
  const k = craft({ mission: 'm12' });
  const mine = k.s.units.filter((x) => x.seat === 2);
  assert.equal(R.eliminated(k.s, 2), false);
  for (const x of mine) x.status = 'destroyed';
  mine[0].status = 'reserve';
  assert.equal(R.eliminated(k.s, 2), false, 'a unit in reserve');
  mine[0].status = 'exited';
  assert.equal(R.eliminated(k.s, 2), true, 'exited');
  assert.equal(R.eliminated(k.s, 1), false, 'another seat\'s units are its own');
});

test('§9.3 VP: the faction\'s cup plus its Battle Damage counters; factions, seats and teams from the mission', () => {
  const k = craft({ mission: 'm12' });
  k.s.cup = { SCS: 4, CA: 1 };
  k.s.counters = { SCS: 3, CA: 2 };
  assert.equal(R.vp(k.s, 'SCS'), 7);
  assert.equal(R.vp(k.s, 'CA'), 3);
  assert.deepEqual(R.teamSeats(k.s, 'SCS').concat(R.teamSeats(k.s, 'CA')).sort(), [0, 1, 2, 3]);
  for (const seat of [0, 1, 2, 3]) assert.ok(R.teamSeats(k.s, R.factionOf(k.s, seat)).includes(seat), `seat ${seat} in its faction's team`);
  assert.equal(R.teamSeats(k.s, 'SCS').length, 2);
});

test('the initial state (§3): every seat\'s units in reserve or at their fixed sectors, with full crystals, ids by faction, company and type', () => {
  const m12 = DATA.missions.find((x) => x.id === 'm12')!;
  const s = initialState(R, m12, ['a', 'b'], 7);
  assert.equal(s.maxRounds, 7);
  assert.deepEqual(s.seats.map((x) => x.name), ['a', 'b', 'seat 2', 'seat 3'], 'unnamed seats get a default name');
  assert.equal(s.units.length, m12.seats.reduce((a, x) => a + x.units.length, 0));
  for (const x of s.units) {
    const spec = m12.seats[x.seat];
    assert.equal(x.faction, spec.faction);
    assert.ok(x.id.startsWith(`${spec.faction}${spec.company ? '-' + spec.company : ''}-${x.type}`), `id ${x.id}`);
    assert.equal(x.status, x.at ? 'board' : 'reserve');
  }
  assert.equal(new Set(s.units.map((x) => x.id)).size, s.units.length, 'ids are unique: a second unit of a type is numbered 2');
  assert.deepEqual(s.cup, { SCS: 0, CA: 0 });
  assert.equal(s.ws.pool.length, DATA.ws.reduce((a, c) => a + c.count, 0), 'the whole Weapon System deck');
  assert.equal(s.wf.pool.length, DATA.wf.length);
  const m1 = DATA.missions.find((x) => x.id === 'm1')!;
  assert.equal(initialState(R, m1, [], 0).firstFaction, m1.firstPlayer);
});

test('§3 during deployment, before round 1: no turn order, no relay drawn or placed, nothing on the table, no Reboot pending', () => {
  const { k } = start('m6'); // shaded-zone deployment: the game waits for the first unit to be placed
  assert.equal(k.s.phase, 'deploy');
  assert.equal(k.s.round, 0);
  assert.deepEqual(k.s.order, []);
  assert.deepEqual(k.s.relays, [0, 0]);
  assert.deepEqual(k.s.lockons, []);
  assert.deepEqual([k.s.dice, k.s.moved, k.s.battled, k.s.responded, k.s.attacks, k.s.respond], [[], [], [], [], [], []]);
  assert.deepEqual(k.s.jump, { queue: [], unit: null, at: null, options: [] });
  assert.equal(k.s.rebootPending, false);
  assert.deepEqual(abaddon.view(k.s, null).order, [], 'and none shown');
});
