// Checklist items [core] #15-#23: the movement and support keywords.
import { test } from 'node:test';
import { act, assert, edit, ev, isViolation, start, tryAct, turnOf } from './helpers.js';
import type { KState } from '../../../src/engine/kernel.js';
import type { S } from '../../../src/games/undaunted-callisto/index.js';

const code = (k: KState<S>, seat: number, a: object) => { const r = tryAct(k, seat, a); return isViolation(r) ? r.code : 'ok'; };
const play = (card: string, action: number, p: object = {}) => ({ type: 'play', card, use: 'action', action, ...p });

test('#15 MOVE through scouted/controlled spaces; vehicle/mech and all-impassable spaces', () => {
  const k = edit(turnOf(start(), 1, ['lfa.navigator-v', 'lfa.corp-sec-z']), (s) => {
    for (const sp of ['G', 'H', 'D']) s.markers[sp] = { lfa: 'scouted' };
    s.units['lfa.mech-v'].at = 'D';
    s.units['lfa.corp-sec-z'].at = 'A';
  });
  assert.equal(code(k, 1, play('lfa.corp-sec-z', 0, { to: 'B' })), 'not_scouted');
  assert.equal(code(k, 1, play('lfa.corp-sec-z', 0, { to: 'G' })), 'ok');
  assert.equal(code(k, 1, play('lfa.corp-sec-z', 0, { to: 'E' })), 'not_scouted');
  assert.equal(code(k, 1, play('lfa.corp-sec-z', 0, { to: 'N2' })), 'unreachable');
  assert.equal(code(k, 1, play('lfa.navigator-v', 0, { to: 'H' })), 'impassable');
  const k2 = edit(k, (s) => { s.units['lfa.mech-v'].at = 'A'; });
  assert.equal(code(k2, 1, play('lfa.navigator-v', 0, { to: 'G' })), 'impassable');
  assert.equal(code(k2, 1, play('lfa.navigator-v', 0, { to: 'D' })), 'ok');
  const k3 = edit(k, (s) => { s.units['lfa.corp-sec-z'].at = 'D'; });
  assert.equal(code(k3, 1, play('lfa.corp-sec-z', 0, { to: 'H' })), 'impassable');
  const r = act(k, 1, play('lfa.corp-sec-z', 0, { to: 'G' }));
  assert.equal(r.k.s.units['lfa.corp-sec-z'].at, 'G');
});

test('#16 SCOUT places scouted markers and takes capped Interference', () => {
  let k = edit(turnOf(start(), 1, ['lfa.scout-y', 'lfa.captain']), (s) => { s.fac.lfa.interference = ['lfa.interference']; });
  assert.equal(code(k, 1, play('lfa.scout-y', 0, { path: ['A', 'B', 'C'] })), 'bad_path');
  assert.equal(code(k, 1, play('lfa.scout-y', 0, { path: ['A', 'C'] })), 'bad_path');
  const r = act(k, 1, play('lfa.scout-y', 0, { path: ['G', 'B'] }));
  assert.deepEqual(r.k.s.markers.G, { lfa: 'scouted' });
  assert.deepEqual(r.k.s.markers.B, { lfa: 'scouted' });
  assert.equal(r.k.s.units['lfa.scout-y'].at, 'B');
  assert.deepEqual(r.k.s.fac.lfa.interference, []);
  assert.equal(r.k.s.seats[1].deck.discard.filter((c) => c === 'lfa.interference').length, 1);
  assert.deepEqual(ev(r.events, 'interference_taken')[0].data, { seat: 1, owed: 2, taken: ['lfa.interference'] });
  // walking through a space with an enemy marker still places ours (G-17)
  k = edit(k, (s) => { s.markers.G = { breakers: 'controlled' }; });
  const r2 = act(k, 1, play('lfa.scout-y', 0, { path: ['G'] }));
  assert.deepEqual(r2.k.s.markers.G, { breakers: 'controlled', lfa: 'scouted' });
});

test('#17 GUIDE moves a friendly, ready personnel unit of the squad', () => {
  const k = edit(turnOf(start(), 0, ['brk.squad-leader-c', 'brk.supervisor']), (s) => { s.markers.G = { breakers: 'scouted' }; });
  assert.equal(code(k, 0, play('brk.squad-leader-c', 1, { unit: 'brk.ripper-b', to: 'S1' })), 'squad_mismatch');
  assert.equal(code(k, 0, play('brk.squad-leader-c', 1, { unit: 'lfa.scout-y', to: 'A' })), 'not_friendly');
  assert.equal(code(k, 0, play('brk.squad-leader-c', 1, { unit: 'brk.nailgunner-c', to: 'G' })), 'unreachable');
  const sup = edit(k, (s) => { s.units['brk.nailgunner-c'].suppressed = true; });
  assert.equal(code(sup, 0, play('brk.squad-leader-c', 1, { unit: 'brk.nailgunner-c', to: 'C' })), 'unit_suppressed');
  const r = act(k, 0, play('brk.squad-leader-c', 1, { unit: 'brk.nailgunner-c', to: 'C' }));
  assert.equal(r.k.s.units['brk.nailgunner-c'].at, 'C');
  const lfa = turnOf(start(), 1, ['lfa.sergeant-z', 'lfa.captain']);
  assert.equal(code(lfa, 1, play('lfa.sergeant-z', 0, { unit: 'lfa.mech-v', to: 'N1' })), 'not_personnel');
});

test('#18 BOLSTER moves supply cards to the discard pile, with squad restriction', () => {
  const k = turnOf(start(), 0, ['brk.squad-leader-c', 'brk.supervisor']);
  assert.equal(code(k, 0, play('brk.squad-leader-c', 2, { cards: ['brk.ripper-b'] })), 'squad_mismatch');
  assert.equal(code(k, 0, play('brk.squad-leader-c', 2, { cards: ['brk.nailgunner-c', 'brk.nailgunner-c'] })), 'bad_cards');
  assert.equal(code(k, 0, play('brk.supervisor', 0, { cards: ['brk.ripper-b', 'brk.ripper-b'] })), 'not_in_supply');
  const r = act(k, 0, play('brk.squad-leader-c', 2, { cards: ['brk.surveyor-c'] }));
  assert.ok(r.k.s.seats[0].deck.discard.includes('brk.surveyor-c'));
  assert.ok(!r.k.s.seats[0].supply.includes('brk.surveyor-c'));
});

test('#19 COMMAND draws into hand, reshuffling the discard (never the play area)', () => {
  const k = edit(turnOf(start(), 0, ['brk.supervisor', 'brk.nailgunner-c']), (s) => {
    const st = s.seats[0];
    st.deck.discard = st.deck.pool.slice();
    st.deck.pool = [];
    st.play = ['brk.ripper-b'];
  });
  const r = act(k, 0, play('brk.supervisor', 1, { count: 1 }));
  assert.equal(ev(r.events, 'deck_reshuffled').length, 1);
  assert.equal(r.k.s.seats[0].hand.length, 2);
  assert.deepEqual(r.k.s.seats[0].play, ['brk.ripper-b', 'brk.supervisor']);
  const drawn = ev(r.events, 'cards_drawn')[0];
  assert.deepEqual(drawn.to, { seats: [0] });
  assert.deepEqual(drawn.others, { seat: 0, why: 'command', count: 1 });
  assert.equal(code(k, 0, play('brk.supervisor', 1, { count: 2 })), 'bad_count');
});

test('#20 CONTROL flips markers; blocked when the opponent controls the space and has a unit there', () => {
  const base = edit(turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']), (s) => { s.units['brk.nailgunner-c'].at = 'A'; s.markers.A = { lfa: 'controlled' }; });
  const blocked = edit(base, (s) => { s.units['lfa.corp-sec-z'].at = 'A'; s.units['lfa.corp-sec-z'].suppressed = true; });
  assert.equal(code(blocked, 0, play('brk.nailgunner-c', 2)), 'control_blocked');
  const r = act(base, 0, play('brk.nailgunner-c', 2));
  assert.deepEqual(r.k.s.markers.A, { lfa: 'scouted', breakers: 'controlled' });
  // G-11: no marker of ours there yet: one is placed controlled side up
  assert.equal(r.k.s.markers.A.breakers, 'controlled');
  // opponent only scouted it, with a unit there: allowed
  const sc = edit(base, (s) => { s.markers.A = { lfa: 'scouted' }; s.units['lfa.corp-sec-z'].at = 'A'; });
  assert.equal(code(sc, 0, play('brk.nailgunner-c', 2)), 'ok');
});

test('#21 INSPIRE returns play-area cards to hand, squad-restricted, never the resolving card itself', () => {
  const k = edit(turnOf(start(), 0, ['brk.squad-leader-c', 'brk.supervisor']), (s) => { s.seats[0].play = ['brk.nailgunner-c', 'brk.ripper-b']; s.seats[0].deck.pool = s.seats[0].deck.pool.filter((c) => c !== 'brk.nailgunner-c' && c !== 'brk.ripper-b'); });
  assert.equal(code(k, 0, play('brk.squad-leader-c', 0, { cards: ['brk.ripper-b'] })), 'squad_mismatch');
  assert.equal(code(k, 0, play('brk.squad-leader-c', 0, { cards: ['brk.squad-leader-c'] })), 'not_in_play_area');
  const r = act(k, 0, play('brk.squad-leader-c', 0, { cards: ['brk.nailgunner-c'] }));
  assert.deepEqual(r.k.s.seats[0].hand, ['brk.nailgunner-c', 'brk.supervisor']);
  const lfa = turnOf(start(), 1, ['lfa.sergeant-z', 'lfa.captain']);
  assert.equal(code(lfa, 1, play('lfa.sergeant-z', 2, { cards: ['lfa.sergeant-z'] })), 'not_in_play_area');
});

test('#22 PATHFIND places markers in contiguous spaces next to the squad, with Interference intake', () => {
  const k = turnOf(start(), 0, ['brk.squad-leader-b', 'brk.supervisor']);
  assert.equal(code(k, 0, play('brk.squad-leader-b', 0, { spaces: ['E'] })), 'not_adjacent_to_squad');
  assert.equal(code(k, 0, play('brk.squad-leader-b', 0, { spaces: ['F', 'B'] })), 'not_contiguous');
  assert.equal(code(k, 0, play('brk.squad-leader-b', 0, { spaces: ['F', 'H'] })), 'impassable');
  assert.equal(code(k, 0, play('brk.squad-leader-b', 0, { spaces: ['F', 'E', 'D'] })), 'bad_spaces');
  const r = act(k, 0, play('brk.squad-leader-b', 0, { spaces: ['F', 'E'] }));
  assert.deepEqual(r.k.s.markers.F, { breakers: 'scouted' });
  assert.deepEqual(r.k.s.markers.E, { breakers: 'scouted' });
  assert.equal(r.k.s.fac.breakers.interference.length, 4);
  assert.equal(r.k.s.units['brk.ripper-b'].at, 'S2', 'PATHFIND never moves a unit');
});

test('#23 RECON sets an Interference card aside and draws one', () => {
  const k = turnOf(start(), 0, ['brk.surveyor-c', 'brk.interference']);
  const r = act(k, 0, play('brk.surveyor-c', 1, { recon: 'brk.interference' }));
  assert.deepEqual(r.k.s.seats[0].setAside, ['brk.interference']);
  assert.equal(r.k.s.seats[0].hand.length, 1);
  const none = turnOf(start(), 0, ['brk.surveyor-c', 'brk.supervisor']);
  assert.equal(code(none, 0, play('brk.surveyor-c', 1, { recon: 'brk.interference' })), 'no_interference');
});
