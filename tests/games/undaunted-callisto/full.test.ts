// Checklist items [full] #42-#59 and #68.
import { test } from 'node:test';
import { openDecisions, applyEntry } from '../../../src/engine/kernel.js';
import { CONTENT } from '../../../src/games/undaunted-callisto/content.js';
import { defenceOf, rangeBetween } from '../../../src/games/undaunted-callisto/geometry.js';
import { controlPoints } from '../../../src/games/undaunted-callisto/rules.js';
import type { KState } from '../../../src/engine/kernel.js';
import type { S } from '../../../src/games/undaunted-callisto/index.js';
import { act, assert, bid, decisionOf, edit, ev, isViolation, rs, scriptedRng, setHand, start, tryAct, turnOf } from './helpers.js';

const code = (k: KState<S>, seat: number, a: object) => { const r = tryAct(k, seat, a); return isViolation(r) ? r.code : 'ok'; };
const play = (card: string, action: number, p: object = {}) => ({ type: 'play', card, use: 'action', action, ...p });
const equip = (card: string, p: object = {}) => ({ type: 'play', card, use: 'equipment', ...p });
const faces = (...f: number[]) => f.map((x) => x - 1);

test('#42 vehicle transport: up to capacity, friendly ready personnel from the vehicle\'s space, MOVE only', () => {
  const k = edit(turnOf(start('s2-cargo-span'), 0, ['brk.driver-h', 'brk.supervisor']), (s) => {
    s.units['brk.hauler-h'].at = 'P1';
    s.units['brk.ripper-b'].at = 'P1';
  });
  assert.equal(code(k, 0, play('brk.driver-h', 0, { to: 'L1', passengers: ['brk.nailgunner-c', 'brk.surveyor-c', 'brk.ripper-b'] })), 'over_capacity');
  assert.equal(code(k, 0, play('brk.driver-h', 0, { to: 'L1', passengers: ['lfa.scout-y'] })), 'bad_passenger');
  const sup = edit(k, (s) => { s.units['brk.surveyor-c'].suppressed = true; });
  assert.equal(code(sup, 0, play('brk.driver-h', 0, { to: 'L1', passengers: ['brk.surveyor-c'] })), 'bad_passenger');
  const r = act(k, 0, play('brk.driver-h', 0, { to: 'L1', passengers: ['brk.nailgunner-c', 'brk.ripper-b'] }));
  for (const u of ['brk.hauler-h', 'brk.nailgunner-c', 'brk.ripper-b']) assert.equal(r.k.s.units[u].at, 'L1');
  assert.equal(r.k.s.units['brk.surveyor-c'].at, 'P1');
  const nv = turnOf(start('s2-cargo-span'), 0, ['brk.nailgunner-c', 'brk.supervisor']);
  assert.equal(code(nv, 0, play('brk.nailgunner-c', 0, { to: 'L1', passengers: ['brk.surveyor-c'] })), 'no_transport');
});

test('#43 bridges: deck/foundation sections, supports, long bridges, no deck-foundation moves or attacks, merged range', () => {
  const k = edit(turnOf(start('s2-cargo-span'), 0, ['brk.nailgunner-c', 'brk.surveyor-c']), (s) => {
    for (const sp of ['X', 'Y1', 'Y2', 'Q2']) s.markers[sp] = { breakers: 'scouted' };
  });
  assert.equal(code(k, 0, play('brk.nailgunner-c', 0, { to: 'X:deck' })), 'ok');
  assert.equal(code(k, 0, play('brk.nailgunner-c', 0, { to: 'X' })), 'unreachable');
  const onDeck = edit(k, (s) => { s.units['brk.nailgunner-c'].at = 'X:deck'; });
  assert.equal(code(onDeck, 0, play('brk.nailgunner-c', 0, { to: 'X' })), 'unreachable');
  assert.equal(code(onDeck, 0, play('brk.nailgunner-c', 0, { to: 'P1' })), 'ok');
  const below = edit(k, (s) => { s.units['brk.nailgunner-c'].at = 'L1'; });
  assert.equal(code(below, 0, play('brk.nailgunner-c', 0, { to: 'X' })), 'ok');
  assert.equal(code(below, 0, play('brk.nailgunner-c', 0, { to: 'X:deck' })), 'unreachable');
  // long bridge: Y1 deck -> Y2 deck -> support Q2
  const long = edit(k, (s) => { s.units['brk.nailgunner-c'].at = 'Y1:deck'; });
  const r = act(long, 0, play('brk.nailgunner-c', 0, { to: 'Y2:deck' }));
  assert.equal(r.k.s.units['brk.nailgunner-c'].at, 'Y2:deck');
  assert.equal(code(edit(k, (s) => { s.units['brk.nailgunner-c'].at = 'Y2:deck'; }), 0, play('brk.nailgunner-c', 0, { to: 'Q2' })), 'ok');
  assert.equal(code(edit(k, (s) => { s.units['brk.nailgunner-c'].at = 'Y2:deck'; }), 0, play('brk.nailgunner-c', 0, { to: 'Y2' })), 'unreachable');
  // deck and foundation cannot attack each other; for range they are one space
  const fight = edit(turnOf(start('s2-cargo-span'), 1, ['lfa.corp-sec-z', 'lfa.captain']), (s) => {
    s.units['lfa.corp-sec-z'].at = 'X:deck';
    s.units['brk.nailgunner-c'].at = 'X';
    s.units['brk.surveyor-c'].at = 'L1';
  });
  assert.equal(code(fight, 1, play('lfa.corp-sec-z', 1, { target: 'brk.nailgunner-c' })), 'bridge_section');
  assert.equal(code(fight, 1, play('lfa.corp-sec-z', 1, { target: 'brk.surveyor-c' })), 'ok');
  assert.equal(rangeBetween(fight.s, 'X:deck', 'L1'), 1);
  assert.equal(rangeBetween(fight.s, 'Y1:deck', 'Y2'), 1);
});

test('#44 section-specific impassability and cover on bridges', () => {
  const k = edit(turnOf(start('s2-cargo-span'), 0, ['brk.driver-h', 'brk.nailgunner-c']), (s) => {
    for (const sp of ['X', 'Y1', 'L1']) s.markers[sp] = { breakers: 'scouted' };
    s.units['brk.hauler-h'].at = 'L1';
    s.units['brk.nailgunner-c'].at = 'L1';
  });
  assert.equal(code(k, 0, play('brk.driver-h', 0, { to: 'X' })), 'impassable', 'the X foundation is closed to vehicles');
  assert.equal(code(k, 0, play('brk.nailgunner-c', 0, { to: 'X' })), 'ok');
  assert.equal(code(k, 0, play('brk.nailgunner-c', 0, { to: 'Y1' })), 'impassable', 'the Y1 foundation is closed to all');
  const up = edit(k, (s) => { s.units['brk.hauler-h'].at = 'P1'; });
  assert.equal(code(up, 0, play('brk.driver-h', 0, { to: 'X:deck' })), 'ok', 'the X deck is open to vehicles');
  const s = edit(k, (x) => { x.units['brk.nailgunner-c'].at = 'X'; x.units['brk.surveyor-c'].at = 'X:deck'; }).s;
  assert.equal(defenceOf(s, 'L2', 'brk.nailgunner-c').parts.cover, 1);
  assert.equal(defenceOf(s, 'L2', 'brk.surveyor-c').parts.cover, 0);
  assert.equal(defenceOf(s, 'L2', 'brk.surveyor-c').die, 8);
  assert.equal(defenceOf(s, 'L2', 'brk.nailgunner-c').die, 10);
  assert.equal(defenceOf(s, 'Q1', 'brk.nailgunner-c').die, 12);
});

test('#45 equipment actions: personnel in a controlled equipment space, never vehicles or mechs', () => {
  const k = edit(turnOf(start('s3-kepler-station'), 0, ['brk.surveyor-c', 'brk.supervisor']), (s) => {
    s.units['brk.surveyor-c'].at = 'M';
    s.markers.M = { breakers: 'controlled' };
  });
  assert.equal(code(edit(k, (s) => { s.markers.M = { breakers: 'scouted' }; }), 0, equip('brk.surveyor-c', { door: 'D1' })), 'not_controlled');
  assert.equal(code(edit(k, (s) => { s.units['brk.surveyor-c'].suppressed = true; }), 0, equip('brk.surveyor-c', { door: 'D1' })), 'unit_suppressed');
  assert.equal(code(edit(k, (s) => { s.units['brk.surveyor-c'].at = 'H1'; }), 0, equip('brk.surveyor-c', { door: 'D1' })), 'equipment_unavailable');
  const r = act(k, 0, equip('brk.surveyor-c', { door: 'D2' }));
  assert.deepEqual(r.k.s.doorsOpen, ['D2']);
  const mech = edit(turnOf(start('s3-kepler-station'), 1, ['lfa.navigator-w', 'lfa.captain']), (s) => { s.units['lfa.mech-w'].at = 'M'; s.markers.M = { lfa: 'controlled' }; });
  assert.equal(code(mech, 1, equip('lfa.navigator-w', { door: 'D1' })), 'not_personnel');
  // the turret in E: ATTACK 2 P R1 by whoever controls E
  const t = edit(turnOf(start('s3-kepler-station'), 1, ['lfa.corp-sec-z', 'lfa.captain']), (s) => {
    s.units['lfa.corp-sec-z'].at = 'E'; s.markers.E = { lfa: 'controlled' }; s.units['brk.nailgunner-c'].at = 'C2';
  });
  const shot = act(t, 1, equip('lfa.corp-sec-z', { target: 'brk.nailgunner-c' }), faces(1, 1));
  assert.equal((ev(shot.events, 'dice_rolled')[0].data as any).faces.length, 2);
});

test('#46 doors: closed doors block movement, never attacked through, DOORS opens any, structure ATTACK destroys from a connected space, never re-close', () => {
  const k = edit(turnOf(start('s3-kepler-station'), 0, ['brk.nailgunner-c', 'brk.sapper-b']), (s) => {
    s.units['brk.nailgunner-c'].at = 'C1';
    s.units['brk.sapper-b'].at = 'C1';
    s.markers.C2 = { breakers: 'scouted', lfa: 'scouted' };
  });
  assert.equal(code(k, 0, play('brk.nailgunner-c', 0, { to: 'C2' })), 'unreachable');
  assert.equal(rangeBetween(k.s, 'C1', 'C2'), 3, 'attacks go round by the gantry, never through the door');
  assert.equal(code(edit(k, (s) => { s.units['brk.sapper-b'].at = 'H2'; }), 0, play('brk.sapper-b', 1, { target: 'door:D1' })), 'out_of_range');
  assert.equal(code(k, 0, play('brk.nailgunner-c', 1, { target: 'door:D1' })), 'wrong_target_class');
  let r = act(k, 0, play('brk.sapper-b', 1, { target: 'door:D1' }), faces(6, 1));
  const roll = ev(r.events, 'dice_rolled')[0].data as any;
  assert.equal(roll.die, 'd10');
  assert.equal(roll.defence, 6);
  assert.deepEqual(r.k.s.doorsOpen, ['D1']);
  assert.equal(rangeBetween(r.k.s, 'C1', 'C2'), 3, 'even an open door is not a line of fire');
  r = act(r.k, 0, play('brk.nailgunner-c', 0, { to: 'C2' }));
  assert.equal(r.k.s.units['brk.nailgunner-c'].at, 'C2');
  assert.deepEqual(r.k.s.doorsOpen, ['D1']);
  assert.equal(code(edit(k, (s) => { s.doorsOpen = ['D1']; }), 0, play('brk.sapper-b', 1, { target: 'door:D1' })), 'door_open');
});

test('#47 structures: destruction, cover bonus, ownership', () => {
  const k = edit(turnOf(start('s3-kepler-station'), 0, ['brk.sapper-b', 'brk.supervisor']), (s) => { s.units['brk.sapper-b'].at = 'C2'; });
  const r = act(k, 0, play('brk.sapper-b', 1, { target: 'structure:comms-1' }), faces(7, 1));
  assert.equal(r.k.s.structures['comms-1'].destroyed, true);
  assert.deepEqual(r.k.s.fac.breakers.destroyed, ['structure:comms-1']);
  assert.equal(code(r.k, 0, { type: 'end' }), 'ok');
  const own = edit(turnOf(start('s3-kepler-station'), 1, ['lfa.gunner-w', 'lfa.captain']), (s) => { s.units['lfa.mech-w'].at = 'C2'; });
  assert.equal(code(own, 1, play('lfa.gunner-w', 0, { target: 'structure:comms-1' })), 'not_enemy');
  assert.equal(code(edit(own, (s) => { s.units['lfa.mech-w'].at = 'C1'; }), 1, play('lfa.gunner-w', 0, { target: 'structure:building-1' })), 'ok', 'unowned structures are attackable');
  assert.equal(code(k, 0, play('brk.sapper-b', 2, { target: 'structure:comms-1' })), 'wrong_target_class');
});

test('#48 civilian and prisoner markers: civilians follow a PULSEd counter, prisoners count for objectives', () => {
  // (the PULSE push with civilians is exercised in #32) Prisoners: the Breakers win by controlling the spaces holding 2 prisoners
  const k = edit(turnOf(start('s3-kepler-station'), 0, ['brk.nailgunner-c', 'brk.supervisor']), (s) => {
    s.units['brk.nailgunner-c'].at = 'CR';
    s.markers.O = { breakers: 'controlled' };
  });
  const r = act(k, 0, play('brk.nailgunner-c', 2));
  assert.equal(r.k.s.result!.reason, 'breakers: control 2 prisoners');
  assert.deepEqual(r.k.s.people.filter((p) => p.type === 'prisoner').map((p) => p.space), ['CR', 'O']);
});

test('#49 scenario objectives that differ per faction (one or two conditions each)', () => {
  const sc = CONTENT.scenarios['s3-kepler-station'];
  assert.notDeepEqual(sc.factions.breakers.victory, sc.factions.lfa.victory);
  const k = edit(turnOf(start('s3-kepler-station'), 0, ['brk.sapper-b', 'brk.supervisor']), (s) => { s.units['brk.sapper-b'].at = 'C2'; s.structures['comms-1'].destroyed = true; s.fac.breakers.destroyed = ['structure:comms-1']; });
  const r = act(k, 0, play('brk.sapper-b', 1, { target: 'structure:comms-2' }), faces(10, 10));
  assert.equal(r.k.s.result!.reason, 'breakers: destroy 2 comms');
  assert.deepEqual(r.k.s.result!.winners, [0]);
  // the LFA's control target in Kepler is 4 points, the Breakers have none
  const l = edit(turnOf(start('s3-kepler-station'), 1, ['lfa.corp-sec-z', 'lfa.captain']), (s) => { s.units['lfa.corp-sec-z'].at = 'O'; s.markers.K = { lfa: 'controlled' }; });
  assert.equal(act(l, 1, play('lfa.corp-sec-z', 2)).k.s.result!.reason, 'lfa: control 4 objective points');
});

test('#50 scenario special-rule hook: pit trap suppresses a vehicle or mech that ends its move there', () => {
  const k = turnOf(start('s3-kepler-station'), 1, ['lfa.navigator-w', 'lfa.corp-sec-z']);
  const r = act(k, 1, play('lfa.navigator-w', 0, { to: 'C2' }));
  assert.equal(r.k.s.units['lfa.mech-w'].suppressed, true);
  assert.deepEqual(ev(r.events, 'suppressed')[0].data, { unit: 'lfa.mech-w', by: 'trap-1' });
  const p = act(k, 1, play('lfa.corp-sec-z', 0, { to: 'C2' }));
  assert.equal(p.k.s.units['lfa.corp-sec-z'].suppressed, false, 'personnel are not trapped');
  const gone = edit(k, (s) => { s.structures['trap-1'].destroyed = true; });
  assert.equal(act(gone, 1, play('lfa.navigator-w', 0, { to: 'C2' })).k.s.units['lfa.mech-w'].suppressed, false);
});

test('#51 scenario data: every scenario loads complete (provisional, not the Scenario Book)', () => {
  assert.equal(CONTENT.scenarioList.length >= 4, true);
  for (const sc of rs.scenarios) assert.equal((sc.notes as any).provisional, true);
});

test('#52 faction-specific objective point values', () => {
  const s = edit(start('s4-ridge-line', 4), (x) => { x.markers.M = { breakers: 'controlled', lfa: 'scouted' }; }).s;
  assert.equal(controlPoints(s, 'breakers'), 2);
  const t = edit(start('s4-ridge-line', 4), (x) => { x.markers.M = { lfa: 'controlled' }; }).s;
  assert.equal(controlPoints(t, 'lfa'), 1);
});

test('#53 4-player teams: one force per player, shared Interference supply, faction-level markers and victory', () => {
  const k = start('s4-ridge-line', 4);
  const forceOf = (c: string) => (CONTENT.cards[c].unit ? CONTENT.units[CONTENT.cards[c].unit!].force : null);
  for (const seat of [0, 1, 2, 3]) {
    const st = k.s.seats[seat];
    assert.deepEqual(st.forces, [seat < 2 ? 1 : 2]);
    for (const c of [...st.hand, ...st.deck.pool, ...st.supply]) if (forceOf(c)) assert.equal(forceOf(c), st.forces[0]);
  }
  assert.equal(k.s.fac.breakers.interference.length, 8);
  assert.equal(k.s.units['brk.ripper-b'].owner, 2);
  // seat 2 scouting takes from the shared pool into its own discard
  const t = edit(turnOf(k, 2, ['brk.squad-leader-b', 'brk.ripper-b']), () => {});
  const r = act(t, 2, play('brk.squad-leader-b', 0, { spaces: ['E'] }));
  assert.equal(r.k.s.fac.breakers.interference.length, 7);
  assert.deepEqual(r.k.s.markers.E, { breakers: 'scouted' });
  assert.ok(r.k.s.seats[2].deck.discard.includes('brk.interference'));
});

test('#54 4-player draw (commanders 4, others 3) and commander-only bidding', () => {
  const k = start('s4-ridge-line', 4);
  assert.deepEqual(k.s.seats.map((s) => s.hand.length), [4, 4, 3, 3]);
  assert.deepEqual(k.s.fac.breakers.commander, 0);
  assert.deepEqual(k.s.fac.lfa.commander, 1);
  assert.deepEqual(openDecisions(rs, k).map((d) => [d.seat, d.kind]), [[0, 'bid'], [1, 'bid']]);
});

function fourPlayerRound() {
  let k = start('s4-ridge-line', 4);
  k = edit(k, (s) => { setHand(s, 0, ['brk.supervisor', 'brk.nailgunner-c', 'brk.squad-leader-c', 'brk.surveyor-c']); setHand(s, 1, ['lfa.captain', 'lfa.corp-sec-z', 'lfa.scout-y', 'lfa.interference']); });
  return k;
}

test('#55 4-player turn order: initiative commander, opposing commander, initiative non-commander, opposing non-commander', () => {
  const r = bid(fourPlayerRound(), { 0: 'brk.nailgunner-c', 1: 'lfa.interference' });
  assert.equal(r.k.s.initiative, 'breakers');
  assert.deepEqual(r.k.s.order, [0, 1, 2, 3]);
  const t = bid(fourPlayerRound(), { 0: 'brk.surveyor-c', 1: 'lfa.scout-y' });
  assert.equal(t.k.s.initiative, 'lfa', 'tie: the holder keeps it');
  assert.deepEqual(t.k.s.order, [1, 0, 3, 2]);
  let k = t.k;
  for (const seat of [1, 0, 3, 2]) { assert.equal(decisionOf(k, seat).kind, 'turn'); k = act(k, seat, { type: 'end' }).k; }
  assert.equal(k.s.round, 2);
});

test('#56 4-player command transfer: the Supervisor entering a discard goes to the teammate, commander from the next round', () => {
  let r = bid(fourPlayerRound(), { 0: 'brk.supervisor', 1: 'lfa.interference' });
  assert.ok(r.k.s.seats[2].deck.discard.includes('brk.supervisor'));
  assert.ok(!r.k.s.seats[0].deck.discard.includes('brk.supervisor'));
  assert.equal(r.k.s.fac.breakers.commander, 0);
  assert.equal(r.k.s.fac.breakers.nextCommander, 2);
  assert.deepEqual(r.k.s.order, [0, 1, 2, 3], 'still commander this round');
  let k = r.k;
  for (const seat of [0, 1, 2, 3]) k = act(k, seat, { type: 'end' }).k;
  assert.equal(k.s.fac.breakers.commander, 2);
  assert.equal(k.s.seats[2].hand.length, 4);
  assert.equal(k.s.seats[0].hand.length, 3);
  // the Captain, left in seat 1's hand, was discarded at the end of its turn: the LFA command passed to seat 3 too
  assert.equal(k.s.fac.lfa.commander, 3);
  assert.deepEqual(openDecisions(rs, k).map((d) => d.seat).sort(), [2, 3]);
});

test('#57 4-player BOLSTER into the teammate\'s supply/discard and COMMAND into the teammate\'s hand before they play', () => {
  let k = turnOf(start('s4-ridge-line', 4), 0, ['brk.supervisor', 'brk.nailgunner-c']);
  k = edit(k, (s) => { s.started = [0]; });
  const b = act(k, 0, play('brk.supervisor', 0, { cards: ['brk.blaster-b', 'brk.driver-h'], from: 2 }));
  assert.ok(b.k.s.seats[2].deck.discard.includes('brk.blaster-b'));
  assert.ok(!b.k.s.seats[2].supply.includes('brk.blaster-b'));
  assert.equal(code(k, 0, play('brk.supervisor', 0, { cards: ['brk.gunner-v'], from: 1 })), 'not_teammate');
  const handBefore = k.s.seats[2].hand.length;
  const c = act(k, 0, play('brk.supervisor', 1, { count: 1, seat: 2 }));
  assert.equal(c.k.s.seats[2].hand.length, handBefore + 1);
  assert.deepEqual(ev(c.events, 'cards_drawn')[0].to, { seats: [2] });
  assert.equal(code(edit(k, (s) => { s.started = [0, 2]; }), 0, play('brk.supervisor', 1, { count: 1, seat: 2 })), 'teammate_played');
  assert.equal(code(k, 0, play('brk.supervisor', 1, { count: 1, seat: 1 })), 'not_teammate');
});

test('#58 4-player "friendly" includes the teammate\'s units (GUIDE, transport, standee bonus)', () => {
  const k = edit(turnOf(start('s4-ridge-line', 4), 2, ['brk.driver-h', 'brk.ripper-b']), (s) => {
    s.units['brk.hauler-h'].at = 'SW';
    s.markers.W = { breakers: 'scouted' };
  });
  const r = act(k, 2, play('brk.driver-h', 0, { to: 'W', passengers: ['brk.nailgunner-c'] }));
  assert.equal(r.k.s.units['brk.nailgunner-c'].at, 'W');
  // the Captain (seat 1) guides the teammate's Enforcer X (seat 3)
  const g = edit(turnOf(start('s4-ridge-line', 4), 1, ['lfa.captain', 'lfa.corp-sec-z']), (x) => { x.units['lfa.enforcer-x'].at = 'NE'; });
  const gr = act(g, 1, play('lfa.captain', 2, { unit: 'lfa.enforcer-x', to: 'N' }));
  assert.equal(gr.k.s.units['lfa.enforcer-x'].at, 'N');
  const s = edit(start('s4-ridge-line', 4), (x) => { x.units['lfa.enforcer-x'].at = 'NW'; }).s;
  assert.equal(defenceOf(s, 'N', 'lfa.enforcer-x').parts.additional, 2, 'seat 1\'s mech V covers seat 3\'s Enforcer X');
});

test('#59 service-level endings: concession and the round cap', () => {
  const k = start('s4-ridge-line', 4);
  const r = applyEntry(rs, k, { kind: 'resign', seat: 2 }, scriptedRng([]));
  assert.ok(!isViolation(r));
  assert.deepEqual(r.k.s.result!.winners, [1, 3]);
  assert.match(r.k.s.result!.reason, /resignation/);
  let c = start('s1-by-force', 2, scriptedRng([]), { roundCap: 1 });
  c = edit(c, (s) => { s.markers.B = { lfa: 'controlled' }; });
  let x = bid(c, { 0: c.s.seats[0].hand[0], 1: c.s.seats[1].hand[0] });
  while (!x.k.s.result) x = act(x.k, openDecisions(rs, x.k)[0].seat, { type: 'end' });
  assert.deepEqual(x.k.s.result, { winners: [1], draw: false, reason: 'round_cap', scores: { breakers: 0, lfa: 2 } });
  assert.ok(isViolation(rs.setup({ scenario: 's1-by-force', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: { roundCap: 0 } }, { seq: 0, rng: scriptedRng([]) })));
});

test('#68 the provisional scenario set covers the §4.2 checklist', () => {
  const used = new Set<string>();
  const kinds = new Set<string>();
  let squadGuide = false, plainGuide = false, squadBolster = false, plainBolster = false, area = false, r0 = false, unlimited = false;
  const classes = new Set<string>();
  for (const sc of CONTENT.scenarioList) for (const f of ['breakers', 'lfa'] as const) for (const k of ['1', '2']) for (const z of [sc.factions[f].forces[k].deck, sc.factions[f].forces[k].supply]) for (const id of Object.keys(z)) used.add(id);
  for (const id of used) for (const a of CONTENT.cards[id].actions) {
    kinds.add(a.kind);
    if (a.kind === 'GUIDE') (a.squad ? (squadGuide = true) : (plainGuide = true));
    if (a.kind === 'BOLSTER') (a.squad ? (squadBolster = true) : (plainBolster = true));
    if (a.area) area = true;
    if (a.range === 0) r0 = true;
    if (a.targets && a.range === undefined) unlimited = true;
    for (const t of a.targets ?? []) classes.add(t);
  }
  for (const k of ['MOVE', 'SCOUT', 'GUIDE', 'BOLSTER', 'COMMAND', 'CONTROL', 'INSPIRE', 'PATHFIND', 'RECON', 'ATTACK', 'PULSE', 'SUPPRESS']) assert.ok(kinds.has(k), k);
  assert.ok(squadGuide && squadBolster && plainBolster && area && r0 && unlimited);
  assert.ok(plainGuide, 'GUIDE without squad');
  assert.deepEqual([...classes].sort(), ['personnel', 'structure', 'vehicleOrMech']);
  const maps = Object.values(CONTENT.maps);
  assert.ok(maps.some((m) => m.def.spaces.some((s) => s.deck?.linked?.length)), 'a long bridge');
  assert.ok(maps.some((m) => m.def.doors.length) && maps.some((m) => m.def.spaces.some((s) => s.equipment === 'DOORS')));
  assert.ok(maps.some((m) => m.def.spaces.some((s) => s.equipment && s.equipment !== 'DOORS')));
  for (const imp of ['vehiclesAndMechs', 'all']) assert.ok(maps.some((m) => m.def.spaces.some((s) => s.impassable === imp)), imp);
  const units = new Set([...used].map((c) => CONTENT.cards[c].unit).filter(Boolean) as string[]);
  assert.ok([...units].some((u) => CONTENT.units[u].transport), 'a transporting vehicle');
  assert.ok([...units].some((u) => CONTENT.units[u].class === 'mech'));
  const cardsPerUnit = (u: string) => Math.max(...CONTENT.scenarioList.map((sc) => { let n = 0; for (const f of ['breakers', 'lfa'] as const) for (const k of ['1', '2']) for (const z of [sc.factions[f].forces[k].deck, sc.factions[f].forces[k].supply]) for (const [id, c] of Object.entries(z)) if (CONTENT.cards[id].unit === u) n += c; return n; }));
  assert.ok([...units].some((u) => cardsPerUnit(u) === 2), 'a unit with only 2 cards');
  const vk = new Set(CONTENT.scenarioList.flatMap((sc) => [...sc.factions.breakers.victory, ...sc.factions.lfa.victory].map((v) => v.kind as string)));
  for (const v of ['controlPoints', 'neutraliseCount', 'neutraliseSpecific', 'destroyStructures', 'controlPeople']) assert.ok(vk.has(v), v);
  assert.ok(CONTENT.scenarioList.some((sc) => sc.players.includes(4)));
  assert.ok(CONTENT.scenarioList.some((sc) => sc.people.some((p) => p.type === 'civilian')) && CONTENT.scenarioList.some((sc) => sc.people.some((p) => p.type === 'prisoner')));
  const types = new Set(CONTENT.scenarioList.flatMap((sc) => sc.structures.map((s) => s.type)));
  for (const t of ['comms', 'building', 'bunker', 'escapePod', 'pitTrap']) assert.ok(types.has(t), t);
});

test('#53 4-player casualties: the player running the attacked unit\'s force searches their own zones and decides (G-40)', () => {
  const k = edit(turnOf(start('s4-ridge-line', 4), 2, ['brk.ripper-b', 'brk.squad-leader-b']), (s) => {
    s.units['brk.ripper-b'].at = 'NE';
    const st = s.seats[3];
    st.deck.pool = st.deck.pool.concat(st.hand).filter((c) => !c.includes('-w'));
    st.hand = [];
    st.deck.discard = ['lfa.navigator-w', 'lfa.gunner-w'];
    s.seats[1].deck.discard = ['lfa.navigator-v'];
  });
  const r = act(k, 2, play('brk.ripper-b', 1, { target: 'lfa.mech-w' }), faces(10));
  const d = decisionOf(r.k, 3);
  assert.equal(d.kind, 'casualty');
  assert.deepEqual(d.prompt, { options: ['lfa.gunner-w', 'lfa.navigator-w'] });
  assert.deepEqual(openDecisions(rs, r.k).map((x) => x.seat), [3]);
  const done = act(r.k, 3, { type: 'casualty', card: 'lfa.gunner-w' });
  assert.deepEqual(done.k.s.seats[3].casualties, [{ card: 'lfa.gunner-w', unit: 'lfa.mech-w' }]);
  assert.deepEqual(done.k.s.seats[1].casualties, []);
});
