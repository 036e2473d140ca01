// Undaunted 2200: Callisto's position format read directly (position.ts; docs/ANALYSIS.md): a
// game between card plays, written out and read back on Mission 3's Kepler Station (structures,
// doors, people). What the rulebook fixes and a position must keep: each card a faction owns is
// in exactly one place (hand, draw pile, discard, play, supply, casualties, set aside by RECON,
// out of the game, or the Interference supply); a casualty card belongs to its unit; a
// neutralised unit is off the map; units stand on spaces of the scenario's map; a bid needs two
// bidders with cards; the turn order names every seat once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Violation } from '../../../src/engine/types.js';
import { positionHelpers, type Pos } from '../../support/position.js';
import { undauntedPosition as P } from '../../../src/games/undaunted-callisto/position.js';
import type { S } from '../../../src/games/undaunted-callisto/state.js';
import { start } from './helpers.js';

const SC = 's3-kepler-station';
const base = () => start(SC, 2).s;
const { pos, read, ok, bad, move } = positionHelpers(P, base);

/** A state in the middle of a round: turns, a suppressed and a neutralised unit, cards everywhere. */
function midGame(): S {
  const s = base();
  s.phase = 'turns';
  s.bidders = [];
  s.order = [1, 0];
  s.turn = 1;
  s.plays = 2;
  s.started = [1, 0];
  s.round = 3;
  s.initiative = 'lfa';
  s.nextId = 7;
  const a = s.seats[0];
  move(a.deck.pool, a.deck.top, 'brk.surveyor-c');
  move(a.deck.pool, a.deck.discard, 'brk.ripper-b');
  move(a.hand, a.play, 'brk.sapper-b');
  move(a.hand, a.setAside, 'brk.interference');
  a.deck.pool.splice(a.deck.pool.indexOf('brk.nailgunner-c'), 1);
  a.casualties.push({ card: 'brk.nailgunner-c', unit: 'brk.nailgunner-c' });
  move(s.fac.breakers.interference, a.hand, 'brk.interference');
  a.hand.sort();
  move(a.supply, a.out, 'brk.surveyor-c');
  s.units['brk.sapper-b'].suppressed = true;
  s.units['lfa.scout-y'].at = null;
  s.units['lfa.scout-y'].neutralised = true;
  s.fac.breakers.neutralised.push('lfa.scout-y');
  s.fac.lfa.commander = 1;
  s.fac.lfa.nextCommander = 1;
  s.markers.C2 = { lfa: 'controlled', breakers: 'scouted' };
  s.doorsOpen = ['D1'];
  s.structures['comms-1'].destroyed = true;
  s.fac.breakers.destroyed.push('comms-1');
  s.people = [{ type: 'civilian', space: 'C1' }];
  return s;
}

test('a position read back is the same state (at the bid and mid-round)', () => {
  const s0 = base();
  assert.deepEqual(read(pos(s0)), s0);
  const s = midGame();
  const p = pos(s);
  assert.deepEqual(p.seats[0].casualties, [{ card: 'brk.nailgunner-c', unit: 'brk.nailgunner-c' }]);
  assert.deepEqual(p.units['lfa.scout-y'], { at: null, suppressed: false, neutralised: true });
  assert.equal(p.fac.lfa.commander, 1);
  assert.deepEqual(read(p), s);
});

test('a written position shares nothing with the state', () => {
  const s = midGame();
  const p = P.toPosition(s) as Pos;
  p.bidders.push(9); p.order.push(9); p.started.push(9);
  for (const x of p.seats) { x.hand.push('x'); x.deck.top.push('x'); x.deck.pool.push('x'); x.deck.discard.push('x'); x.play.push('x'); x.supply.push('x'); x.setAside.push('x'); x.out.push('x'); x.casualties.push('x'); }
  p.markers.C2.lfa = 'x'; p.doorsOpen.push('x'); p.structures['comms-2'].destroyed = true; p.people[0].space = 'x'; p.fac.lfa.interference.push('x');
  assert.deepEqual(s, midGame(), 'the state is unchanged');
});

test('the read state shares nothing with the position or the base', () => {
  const b = base();
  const p = pos(midGame());
  const s = ok(p, b);
  s.bidders.push(9); s.order.push(9); s.started.push(9); s.doorsOpen.push('x'); s.people[0].space = 'x'; s.markers.C2.lfa = 'scouted';
  s.structures['comms-2'].destroyed = true; s.fac.lfa.interference.push('x'); s.fac.lfa.neutralised.push('x'); s.fac.breakers.destroyed.push('x');
  for (const x of s.seats) { x.hand.push('x'); x.deck.top.push('x'); x.deck.pool.push('x'); x.deck.discard.push('x'); x.play.push('x'); x.supply.push('x'); x.setAside.push('x'); x.out.push('x'); x.casualties[0] && (x.casualties[0].card = 'x'); x.forces.push(9); }
  assert.deepEqual(p, pos(midGame()), 'the position is unchanged');
  assert.deepEqual(b, base(), 'the base is unchanged');
  // Fields left out of the position come from the base, copied too.
  const q = pos(base());
  for (const f of ['markers', 'doorsOpen', 'structures', 'people', 'fac'] as const) delete q[f];
  const b2 = midGame();
  const t = ok({ ...q, seats: pos(b2).seats, units: {} }, b2);
  t.doorsOpen.push('x'); t.people[0].space = 'x'; t.fac.lfa.neutralised.push('x');
  assert.deepEqual(b2, midGame(), 'the base is unchanged');
});

test('not a position: a finished game, a card play half resolved', () => {
  const s = base();
  const over = { ...s, phase: 'over' as const };
  assert.deepEqual(P.toPosition(over), { code: 'not_at_a_position', message: 'the game is over' });
  const won = { ...s, result: { winners: [0], draw: false, reason: 'x' } };
  assert.equal((P.toPosition(won) as Violation).code, 'not_at_a_position', 'a result');
  const half = { ...s, phase: 'turns' as const, stack: [{ t: 'push' as const, id: 1, seat: 1, unit: 'lfa.scout-y' }] };
  const v = P.toPosition(half) as Violation;
  assert.equal(v.code, 'not_at_a_position');
  assert.equal(v.message, 'a card play is half resolved (a casualty, a push or an area attack is open)');
  assert.deepEqual(v.details, { frames: ['push'] });
});

test('fields a position may leave out take the base\'s values or their defaults', () => {
  const b = midGame();
  const p = pos(b);
  const q: Pos = { round: 4, phase: 'turns', initiative: 'breakers', order: [0, 1], seats: p.seats.map((x: Pos) => ({ hand: x.hand, deck: { pool: [...x.deck.top, ...x.deck.pool], discard: x.deck.discard }, supply: x.supply, casualties: x.casualties, play: x.play, setAside: x.setAside, out: x.out })), units: {} };
  const s = ok(q, b);
  assert.equal(s.round, 4);
  assert.equal(s.phase, 'turns');
  assert.equal(s.initiative, 'breakers');
  assert.equal(s.turn, 0, 'turn 0');
  assert.equal(s.plays, 0, 'no card played');
  assert.deepEqual(s.started, []);
  assert.deepEqual(s.bidders, []);
  assert.deepEqual(s.stack, []);
  assert.equal(s.result, null);
  assert.equal(s.nextId, 7, 'the base\'s next id');
  assert.deepEqual(s.units, b.units, 'every unit where the base has it, with its status');
  assert.deepEqual(s.markers, b.markers);
  assert.deepEqual(s.doorsOpen, ['D1']);
  assert.deepEqual(s.structures, b.structures);
  assert.deepEqual(s.people, b.people);
  assert.deepEqual(s.fac, b.fac);
  assert.deepEqual(s.seats[0].deck.top, []);
  const minimal = ok({ ...q, seats: q.seats.map((x: Pos) => ({ hand: x.hand, deck: { pool: [...x.deck.pool, ...x.play, ...x.setAside], discard: x.deck.discard }, supply: [...x.supply, ...x.out], casualties: x.casualties })) }, b);
  assert.deepEqual(minimal.seats[0].play, []);
  assert.deepEqual(minimal.seats[0].setAside, []);
  assert.deepEqual(minimal.seats[0].out, []);
  assert.deepEqual(ok({ ...q, seats: q.seats.map((x: Pos, i: number) => (i === 1 ? { ...x, casualties: undefined } : x)) }, b).seats[1].casualties, []);
  // A unit listed without its status is ready and not neutralised.
  const u = ok({ ...q, units: { 'brk.sapper-b': { at: 'H2' }, 'lfa.scout-y': { at: 'O' } } }, b);
  assert.deepEqual(u.units['brk.sapper-b'], { id: 'brk.sapper-b', owner: 0, at: 'H2', suppressed: false, neutralised: false });
  assert.deepEqual(u.units['lfa.scout-y'], { id: 'lfa.scout-y', owner: 1, at: 'O', suppressed: false, neutralised: false });
  assert.deepEqual(u.units['lfa.mech-w'], b.units['lfa.mech-w'], 'an unlisted unit as in the base');
  const w = ok({ ...q, units: { 'brk.sapper-b': { at: null, suppressed: true, neutralised: true } } }, b);
  assert.deepEqual(w.units['brk.sapper-b'], { id: 'brk.sapper-b', owner: 0, at: null, suppressed: true, neutralised: true });
  // Structures: the position's over the base's.
  const st = ok({ ...q, structures: { 'comms-2': { destroyed: true } } }, b);
  assert.equal(st.structures['comms-2'].destroyed, true);
  assert.equal(st.structures['comms-1'].destroyed, true, 'the base\'s other structures kept');
  // The bidders sorted.
  const bid = ok({ ...q, phase: 'bid', order: undefined, bidders: [1, 0] }, b);
  assert.deepEqual(bid.bidders, [0, 1]);
  assert.deepEqual(bid.order, []);
});

test('a faction\'s state: each field from the position or the base', () => {
  const b = midGame();
  const p = pos(b);
  p.fac = { lfa: { interference: p.fac.lfa.interference } };
  const s = ok(p, b);
  assert.deepEqual(s.fac, b.fac, 'breakers from the base; lfa\'s commander, neutralised and destroyed from the base');
  p.fac = { lfa: { interference: p.fac.lfa.interference, commander: null, nextCommander: 0, neutralised: ['brk.ripper-b'], destroyed: ['comms-2'] } };
  const t = ok(p, b);
  assert.deepEqual(t.fac.lfa, { interference: b.fac.lfa.interference, commander: null, nextCommander: 0, neutralised: ['brk.ripper-b'], destroyed: ['comms-2'] });
  assert.deepEqual(t.fac.breakers, b.fac.breakers);
  p.fac = { breakers: { interference: b.fac.breakers.interference } };
  assert.deepEqual(ok(p, b).fac, b.fac, 'only the breakers named: the LFA\'s from the base');
});

test('cards: each card of a faction in exactly one place', () => {
  const p0 = () => pos(midGame());
  let p = p0();
  p.seats.push(p.seats[0]);
  bad(p, 'wrong_seat_count', 'seats: this game has 2 seats, the position 3');
  // Unknown cards, in every zone.
  for (const zone of ['hand', 'top', 'pool', 'discard', 'play', 'supply', 'setAside', 'out']) {
    p = p0();
    const x = p.seats[1];
    (zone === 'top' || zone === 'pool' || zone === 'discard' ? x.deck[zone] : x[zone]).push('nope');
    const v = bad(p, 'unknown_card', 'seats[1]: there is no card nope');
    assert.deepEqual(v.details, { card: 'nope' }, zone);
  }
  p = p0();
  p.seats[0].casualties.push({ card: 'nope', unit: 'brk.ripper-b' });
  assert.deepEqual(bad(p, 'unknown_card', 'seats[0].casualties[1]: there is no card nope').details, { card: 'nope' });
  p = p0();
  p.seats[0].casualties[0].unit = 'brk.ripper-b';
  assert.deepEqual(bad(p, 'casualty_mismatch', 'seats[0].casualties[0]: brk.nailgunner-c is not a card of brk.ripper-b').details, { card: 'brk.nailgunner-c', unit: 'brk.ripper-b' });
  // A card of the other faction, or not in this scenario.
  p = p0();
  move(p.seats[1].hand, p.seats[0].hand, p.seats[1].hand[0]);
  const other = p.seats[0].hand[p.seats[0].hand.length - 1];
  assert.deepEqual(bad(p, 'unknown_card', `breakers: ${other} is not a card of this faction in this scenario`).details, { card: other, faction: 'breakers' });
  p = p0();
  p.seats[0].supply.push('brk.driver-h');
  bad(p, 'unknown_card', 'breakers: brk.driver-h is not a card of this faction in this scenario');
  // Too many, too few.
  p = p0();
  p.seats[0].supply.push('brk.supervisor');
  assert.deepEqual(bad(p, 'card_in_two_places', 'breakers: brk.supervisor is in 2 places, the faction has 1').details, { card: 'brk.supervisor', count: 2, copies: 1 });
  p = p0();
  p.seats[0].hand.splice(p.seats[0].hand.indexOf('brk.supervisor'), 1);
  assert.deepEqual(bad(p, 'card_missing', 'breakers: 1 of 1 brk.supervisor are nowhere (hand, pile, discard, play, supply, casualties, out)').details, { card: 'brk.supervisor', faction: 'breakers' });
  p = p0();
  p.seats[0].casualties = [];
  bad(p, 'card_missing', /^breakers: 1 of 3 brk.nailgunner-c are nowhere/);
  p = p0();
  p.seats[1].hand = p.seats[1].hand.filter((c: string) => c !== p.seats[1].hand[0]);
  bad(p, 'card_missing', /^lfa: /);
  // A card may be in any one zone.
  for (const zone of ['top', 'pool', 'discard', 'play', 'supply', 'setAside', 'out']) {
    p = p0();
    const x = p.seats[0];
    move(x.hand, zone === 'top' || zone === 'pool' || zone === 'discard' ? x.deck[zone] : x[zone], 'brk.supervisor');
    const s = ok(p);
    assert.ok(!s.seats[0].hand.includes('brk.supervisor'), zone);
    p = p0();
    (zone === 'top' || zone === 'pool' || zone === 'discard' ? p.seats[0].deck[zone] : p.seats[0][zone]).push('brk.supervisor');
    bad(p, 'card_in_two_places', undefined);
  }
  p = p0();
  p.seats[0].casualties.push({ card: 'brk.supervisor', unit: undefined });
  bad(p, 'card_in_two_places', 'breakers: brk.supervisor is in 2 places, the faction has 1');
  // The Interference supply counts: from the position when it names it, else the base's.
  p = p0();
  move(p.fac.breakers.interference, p.seats[0].supply, 'brk.interference');
  ok(p);
  delete p.fac.breakers;
  bad(p, 'card_in_two_places', /^breakers: brk.interference is in 9 places, the faction has 7/);
  p = p0();
  p.fac.lfa.interference.pop();
  bad(p, 'card_missing', /^lfa: 1 of 7 lfa.interference/);
  p = p0();
  delete p.fac;
  assert.deepEqual(ok(p, midGame()).fac, midGame().fac, 'no faction state: the base\'s');
});

test('units: known ones, on spaces of the map, a neutralised one off it', () => {
  const p0 = () => pos(midGame());
  let p = p0();
  p.units['brk.hauler-h'] = { at: 'H1' };
  assert.deepEqual(bad(p, 'unknown_unit', 'units.brk.hauler-h: no such unit in s3-kepler-station').details, { unit: 'brk.hauler-h' });
  p = p0();
  p.units['brk.ripper-b'] = { at: 'Z9' };
  assert.deepEqual(bad(p, 'unknown_space', 'units.brk.ripper-b: Z9 is not a space of map kepler-station').details, { unit: 'brk.ripper-b', at: 'Z9' });
  p = p0();
  p.units['lfa.scout-y'] = { at: 'O', neutralised: true };
  assert.deepEqual(bad(p, 'neutralised_on_map', 'units.lfa.scout-y is neutralised and cannot stand on O').details, { unit: 'lfa.scout-y' });
  p = p0();
  p.units['lfa.scout-y'] = { at: 'O' };
  assert.equal(ok(p).units['lfa.scout-y'].neutralised, false, 'back on the map');
  const b = midGame();
  b.units['lfa.scout-y'].at = 'Z9';
  b.units['lfa.scout-y'].neutralised = false;
  p = p0();
  delete p.units['lfa.scout-y'];
  bad(p, 'unknown_space', /Z9/, b);
});

test('whose turn: seats that exist, two bidders with cards, every seat once in the order', () => {
  const p0 = () => pos(midGame());
  let p = p0();
  p.order = [1, 2];
  bad(p, 'unknown_seat', 'bidders, order and started name seats 0..1');
  p = p0();
  p.started = [-1];
  bad(p, 'unknown_seat');
  p = { ...p0(), phase: 'bid', bidders: [0, 3] };
  bad(p, 'unknown_seat');
  p = { ...p0(), phase: 'bid', bidders: [0] };
  bad(p, 'bad_bid', "phase 'bid' needs two bidders");
  p = { ...p0(), phase: 'bid', bidders: undefined };
  bad(p, 'bad_bid');
  p = { ...p0(), phase: 'bid', bidders: [0, 1] };
  ok(p);
  for (const c of p.seats[1].hand.splice(0)) p.seats[1].deck.pool.push(c);
  assert.deepEqual(bad(p, 'bad_bid', 'seat 1 bids with an empty hand').details, { seat: 1 });
  p = p0();
  p.order = [1];
  assert.deepEqual(bad(p, 'bad_order', 'order: every seat once (2)').details, { order: [1] });
  p = p0();
  p.order = [1, 1];
  bad(p, 'bad_order');
  p = p0();
  p.order = [1, 0, 1];
  bad(p, 'bad_order', 'order: every seat once (2)');
  p = p0();
  delete p.order;
  bad(p, 'bad_order');
  p = p0();
  p.turn = 2;
  bad(p, 'bad_turn', 'turn: an index into order (0..1)');
  p.turn = 1;
  assert.equal(ok(p).turn, 1);
});

test('markers, structures and people on this scenario\'s map', () => {
  const p0 = () => pos(midGame());
  let p = p0();
  p.markers.Z9 = { lfa: 'scouted' };
  bad(p, 'unknown_space', 'markers.Z9: not a space of map kepler-station');
  p = p0();
  p.structures.nope = { destroyed: false };
  bad(p, 'unknown_structure', 'structures.nope: no such structure in s3-kepler-station');
  p = p0();
  p.people.push({ type: 'prisoner', space: 'Z9' });
  bad(p, 'unknown_space', 'people[1]: Z9 is not a space of map kepler-station');
  p = p0();
  p.people = [];
  p.markers = {};
  p.doorsOpen = [];
  const s = ok(p);
  assert.deepEqual(s.people, []);
  assert.deepEqual(s.markers, {});
  assert.deepEqual(s.doorsOpen, []);
});

test('revealed: what a takeback would show the other seats', () => {
  const before = midGame();
  const after = (fn: (s: S) => void) => { const s = structuredClone(before); fn(s); return s; };
  assert.equal(P.revealed!(before, structuredClone(before)), false, 'nothing changed');
  // A card played from the hand: the others now know it was there.
  assert.equal(P.revealed!(before, after((s) => move(s.seats[0].hand, s.seats[0].play, 'brk.supervisor'))), true, 'a card left the hand');
  assert.equal(P.revealed!(before, after((s) => move(s.seats[1].hand, s.seats[1].play, s.seats[1].hand[0]))), true, 'the other seat too');
  // A draw: the pile shrinks and the hand grows; nothing is told.
  assert.equal(P.revealed!(before, after((s) => move(s.seats[0].deck.pool, s.seats[0].hand, s.seats[0].deck.pool[0]))), false, 'a draw');
  assert.equal(P.revealed!(before, after((s) => move(s.seats[0].deck.top, s.seats[0].hand, 'brk.surveyor-c'))), false, 'a draw from the known top');
  // A card taken from the pile otherwise (a casualty from the deck).
  assert.equal(P.revealed!(before, after((s) => move(s.seats[0].deck.pool, s.seats[0].supply, s.seats[0].deck.pool[0]))), true, 'a card left the pile');
  assert.equal(P.revealed!(before, after((s) => move(s.seats[0].deck.top, s.seats[0].supply, 'brk.surveyor-c'))), true, 'the top card left the pile');
  // A card added to the hand from elsewhere: the hand did not lose a card.
  assert.equal(P.revealed!(before, after((s) => move(s.seats[0].supply, s.seats[0].hand, 'brk.ripper-b'))), false, 'a card into the hand');
  // With an empty pile and no casualty card, the others could already tell the hand.
  const known = structuredClone(before);
  known.seats[1].deck.pool = [];
  known.seats[1].deck.top = [];
  known.seats[1].casualties = [];
  const k2 = structuredClone(known);
  move(k2.seats[1].hand, k2.seats[1].play, k2.seats[1].hand[0]);
  assert.equal(P.revealed!(known, k2), false, 'the hand was all they could not see');
  const k3 = structuredClone(known);
  k3.seats[1].casualties = [{ card: 'x', unit: 'y' }];
  const k4 = structuredClone(k3);
  move(k4.seats[1].hand, k4.seats[1].play, k4.seats[1].hand[0]);
  assert.equal(P.revealed!(k3, k4), true, 'a casualty card hidden too');
  const k7 = structuredClone(known);
  k7.seats[1].deck.top = ['lfa.scout-y'];
  k7.seats[1].deck.pool = ['lfa.captain'];
  const k8 = structuredClone(k7);
  move(k8.seats[1].hand, k8.seats[1].play, k8.seats[1].hand[0]);
  assert.equal(P.revealed!(k7, k8), true, 'a pile of two cards still hidden');
  const k5 = structuredClone(known);
  k5.seats[1].deck.top = ['lfa.scout-y'];
  const k6 = structuredClone(k5);
  move(k6.seats[1].hand, k6.seats[1].play, k6.seats[1].hand[0]);
  assert.equal(P.revealed!(k5, k6), true, 'a known top card still in the pile');
  // A hand that lost one copy of a card it held twice.
  const twice = structuredClone(before);
  twice.seats[0].hand.push('brk.supervisor');
  const once = structuredClone(before);
  assert.equal(P.revealed!(twice, once), true, 'one copy fewer');
  assert.equal(P.revealed!(once, twice), false, 'one copy more');
});

test('streams: the dice and each seat\'s draws', () => {
  assert.deepEqual(Object.keys(P.streams!), ['dice', 'deck:0']);
  assert.equal(P.streams!.dice.offset, 1, 'a die scripted by the number it shows');
  for (const [k, v] of Object.entries(P.streams!)) assert.ok(v.description.length > 20, `${k}: described for the client`);
});

test('the schema: what a position may hold (the service checks it before reading)', async () => {
  const { Ajv } = await import('ajv');
  const check = new Ajv({ allErrors: true, strict: false, coerceTypes: false }).compile(P.schema);
  const valid = (p: unknown) => check(p) as boolean;
  const p0 = (): Pos => pos(midGame());
  assert.ok(valid(p0()), JSON.stringify(check.errors));
  assert.ok(valid(pos(base())), 'at the bid');
  const minimal = { round: 1, phase: 'turns', initiative: 'lfa', seats: [{ hand: [], deck: { pool: [], discard: [] }, supply: [] }, { hand: [], deck: { pool: [], discard: [] }, supply: [] }], units: {} };
  assert.ok(valid(minimal), 'only the required fields');
  for (const f of ['round', 'phase', 'initiative', 'seats', 'units']) {
    const q: Pos = { ...minimal };
    delete q[f];
    assert.ok(!valid(q), `${f} is required`);
  }
  for (const f of ['hand', 'deck', 'supply']) {
    const q: Pos = structuredClone(minimal);
    delete q.seats[0][f];
    assert.ok(!valid(q), `seats[].${f} is required`);
  }
  for (const f of ['pool', 'discard']) {
    const q: Pos = structuredClone(minimal);
    delete q.seats[0].deck[f];
    assert.ok(!valid(q), `deck.${f} is required`);
  }
  const cases: [string, (p: Pos) => void, boolean][] = [
    ['round 0', (p) => { p.round = 0; }, false],
    ['round 500', (p) => { p.round = 500; }, true],
    ['round 501', (p) => { p.round = 501; }, false],
    ['round 1.5', (p) => { p.round = 1.5; }, false],
    ['phase over', (p) => { p.phase = 'over'; }, false],
    ['phase bid', (p) => { p.phase = 'bid'; }, true],
    ['initiative breakers', (p) => { p.initiative = 'breakers'; }, true],
    ['initiative x', (p) => { p.initiative = 'x'; }, false],
    ['an unknown field', (p) => { p.extra = 1; }, false],
    ['bidders of seats 0..3', (p) => { p.bidders = [0, 3]; }, true],
    ['a bidder 4', (p) => { p.bidders = [4]; }, false],
    ['a bidder -1', (p) => { p.bidders = [-1]; }, false],
    ['a bidder 1.5', (p) => { p.bidders = [1.5]; }, false],
    ['five in the order', (p) => { p.order = [0, 1, 2, 3, 0]; }, false],
    ['four in the order', (p) => { p.order = [0, 1, 2, 3]; }, true],
    ['started of seats', (p) => { p.started = [3]; }, true],
    ['started 4', (p) => { p.started = [4]; }, false],
    ['turn 3', (p) => { p.turn = 3; }, true],
    ['turn 4', (p) => { p.turn = 4; }, false],
    ['turn -1', (p) => { p.turn = -1; }, false],
    ['turn 0', (p) => { p.turn = 0; }, true],
    ['plays 0', (p) => { p.plays = 0; }, true],
    ['plays -1', (p) => { p.plays = -1; }, false],
    ['plays 1.5', (p) => { p.plays = 1.5; }, false],
    ['one seat', (p) => { p.seats = p.seats.slice(0, 1); }, false],
    ['four seats', (p) => { p.seats = [...p.seats, ...p.seats]; }, true],
    ['five seats', (p) => { p.seats = [...p.seats, ...p.seats, p.seats[0]]; }, false],
    ['a seat\'s unknown field', (p) => { p.seats[0].extra = []; }, false],
    ['a deck\'s unknown field', (p) => { p.seats[0].deck.extra = []; }, false],
    ['an empty card id', (p) => { p.seats[0].hand.push(''); }, false],
    ['a card id of 64', (p) => { p.seats[0].supply.push('x'.repeat(64)); }, true],
    ['a card id of 65', (p) => { p.seats[0].supply.push('x'.repeat(65)); }, false],
    ['a number for a card', (p) => { p.seats[0].hand.push(1); }, false],
    ['200 cards', (p) => { p.seats[0].out = Array(200).fill('x'); }, true],
    ['201 cards', (p) => { p.seats[0].out = Array(201).fill('x'); }, false],
    ['cards on top', (p) => { p.seats[0].deck.top = ['x']; }, true],
    ['a bad card on top', (p) => { p.seats[0].deck.top = ['']; }, false],
    ['a bad card in the pool', (p) => { p.seats[0].deck.pool = ['']; }, false],
    ['a bad card in the discard', (p) => { p.seats[0].deck.discard = ['']; }, false],
    ['a bad card in play', (p) => { p.seats[0].play = ['']; }, false],
    ['a bad card set aside', (p) => { p.seats[0].setAside = ['']; }, false],
    ['a bad card in the supply', (p) => { p.seats[0].supply = ['']; }, false],
    ['a bad card out', (p) => { p.seats[0].out = ['']; }, false],
    ['64 casualties', (p) => { p.seats[0].casualties = Array(64).fill({ card: 'a', unit: 'b' }); }, true],
    ['65 casualties', (p) => { p.seats[0].casualties = Array(65).fill({ card: 'a', unit: 'b' }); }, false],
    ['a casualty without its unit', (p) => { p.seats[0].casualties = [{ card: 'a' }]; }, false],
    ['a casualty without its card', (p) => { p.seats[0].casualties = [{ unit: 'a' }]; }, false],
    ['a casualty with more', (p) => { p.seats[0].casualties = [{ card: 'a', unit: 'b', x: 1 }]; }, false],
    ['a casualty card a number', (p) => { p.seats[0].casualties = [{ card: 1, unit: 'b' }]; }, false],
    ['a casualty unit a number', (p) => { p.seats[0].casualties = [{ card: 'a', unit: 1 }]; }, false],
    ['a unit without at', (p) => { p.units.x = { suppressed: true }; }, false],
    ['a unit at a number', (p) => { p.units.x = { at: 1 }; }, false],
    ['a unit with more', (p) => { p.units.x = { at: 'A', y: 1 }; }, false],
    ['a unit suppressed 1', (p) => { p.units.x = { at: 'A', suppressed: 1 }; }, false],
    ['a unit neutralised 1', (p) => { p.units.x = { at: null, neutralised: 1 }; }, false],
    ['a marker scouted', (p) => { p.markers = { A: { breakers: 'scouted', lfa: 'controlled' } }; }, true],
    ['a marker x', (p) => { p.markers = { A: { breakers: 'x' } }; }, false],
    ['a marker of x', (p) => { p.markers = { A: { x: 'scouted' } }; }, false],
    ['an lfa marker x', (p) => { p.markers = { A: { lfa: 'x' } }; }, false],
    ['open doors', (p) => { p.doorsOpen = ['D1']; }, true],
    ['a door a number', (p) => { p.doorsOpen = [1]; }, false],
    ['a structure without destroyed', (p) => { p.structures = { s: {} }; }, false],
    ['a structure destroyed 1', (p) => { p.structures = { s: { destroyed: 1 } }; }, false],
    ['a structure with more', (p) => { p.structures = { s: { destroyed: true, x: 1 } }; }, false],
    ['a prisoner', (p) => { p.people = [{ type: 'prisoner', space: 'A' }]; }, true],
    ['a person x', (p) => { p.people = [{ type: 'x', space: 'A' }]; }, false],
    ['a person without a space', (p) => { p.people = [{ type: 'civilian' }]; }, false],
    ['a person without a type', (p) => { p.people = [{ space: 'A' }]; }, false],
    ['a person with more', (p) => { p.people = [{ type: 'civilian', space: 'A', x: 1 }]; }, false],
    ['a person on a number', (p) => { p.people = [{ type: 'civilian', space: 1 }]; }, false],
    ['a faction of x', (p) => { p.fac = { x: { interference: [] } }; }, false],
    ['a faction without interference', (p) => { p.fac = { lfa: { commander: 1 } }; }, false],
    ['a faction with more', (p) => { p.fac = { lfa: { interference: [], x: 1 } }; }, false],
    ['a bad interference card', (p) => { p.fac = { lfa: { interference: [''] } }; }, false],
    ['neutralised ids', (p) => { p.fac = { breakers: { interference: [], neutralised: ['u'], destroyed: ['s'] } }; }, true],
    ['a neutralised number', (p) => { p.fac = { breakers: { interference: [], neutralised: [1] } }; }, false],
    ['a destroyed number', (p) => { p.fac = { breakers: { interference: [], destroyed: [1] } }; }, false],
    ['a commander 3, no next', (p) => { p.fac = { lfa: { interference: [], commander: 3, nextCommander: null } }; }, true],
    ['a commander 4', (p) => { p.fac = { lfa: { interference: [], commander: 4 } }; }, false],
    ['a commander x', (p) => { p.fac = { lfa: { interference: [], commander: 'x' } }; }, false],
    ['a next commander 4', (p) => { p.fac = { lfa: { interference: [], nextCommander: 4 } }; }, false],
    ['next id 1', (p) => { p.nextId = 1; }, true],
    ['next id 0', (p) => { p.nextId = 0; }, false],
    ['next id 1.5', (p) => { p.nextId = 1.5; }, false],
  ];
  for (const [what, fn, want] of cases) {
    const p = p0();
    fn(p);
    assert.equal(valid(p), want, what);
  }
  assert.equal((P.schema as { $id?: string }).$id, 'UndauntedCallistoPosition');
});
