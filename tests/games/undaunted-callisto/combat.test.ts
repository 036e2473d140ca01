// Checklist items [core] #24-#37: combat, casualties, neutralisation, victory.
import { test } from 'node:test';
import { openDecisions, applyEntry } from '../../../src/engine/kernel.js';
import { defenceOf, rangeBetween, dieFor } from '../../../src/games/undaunted-callisto/geometry.js';
import type { KState } from '../../../src/engine/kernel.js';
import type { S } from '../../../src/games/undaunted-callisto/index.js';
import { act, assert, decisionOf, edit, ev, isViolation, rs, scriptedRng, start, tryAct, turnOf } from './helpers.js';

const code = (k: KState<S>, seat: number, a: object) => { const r = tryAct(k, seat, a); return isViolation(r) ? r.code : 'ok'; };
const play = (card: string, action: number, p: object = {}) => ({ type: 'play', card, use: 'action', action, ...p });
/** Dice for n rolls of a die: faces f -> scripted value f-1. */
const faces = (...f: number[]) => f.map((x) => x - 1);

function lfaTurn(hand: string[], fn: (s: S) => void = () => {}) {
  return edit(turnOf(start(), 1, hand), fn);
}

test('#24 target eligibility: enemy only, class icons, range limit, area targeting', () => {
  const k = lfaTurn(['lfa.corp-sec-z', 'lfa.gunner-v', 'lfa.commander-v'], (s) => {
    s.units['lfa.corp-sec-z'].at = 'A';
    s.units['brk.nailgunner-c'].at = 'C';
    s.units['lfa.mech-v'].at = 'B';
  });
  assert.equal(code(k, 1, play('lfa.corp-sec-z', 1, { target: 'lfa.scout-y' })), 'not_enemy');
  assert.equal(code(k, 1, play('lfa.corp-sec-z', 1, { target: 'brk.nailgunner-c' })), 'ok');
  assert.equal(code(k, 1, play('lfa.corp-sec-z', 1, { target: 'brk.blaster-b' })), 'target_not_on_board');
  assert.equal(code(k, 1, play('lfa.corp-sec-z', 1, { target: 'structure:x' })), 'unknown_target');
  // gunner V: range 2 from B reaches C and S1 but not S2 (B-C-S1-S2 / B-E-F-S2 = 3)
  assert.equal(code(k, 1, play('lfa.gunner-v', 0, { target: 'brk.ripper-b' })), 'out_of_range');
  assert.equal(code(k, 1, play('lfa.gunner-v', 0, { target: 'brk.surveyor-c' })), 'ok');
  // area SUPPRESS (P, R1): C is in range and holds an enemy; S1 is out of range
  assert.equal(code(k, 1, play('lfa.gunner-v', 1, { space: 'C' })), 'ok');
  assert.equal(code(k, 1, play('lfa.gunner-v', 1, { space: 'S1' })), 'no_target');
  assert.equal(code(k, 1, play('lfa.gunner-v', 1, { target: 'brk.nailgunner-c' })), 'bad_space');
  // a personnel-only ATTACK cannot target a vehicle or mech
  const b = edit(turnOf(start('s4-ridge-line'), 0, ['brk.nailgunner-c', 'brk.supervisor']), (s) => { s.units['lfa.mech-v'].at = 'SW'; });
  assert.equal(code(b, 0, play('brk.nailgunner-c', 1, { target: 'lfa.mech-v' })), 'wrong_target_class');
  assert.equal(code(b, 0, play('brk.nailgunner-c', 1, { target: 'lfa.corp-sec-z' })), 'ok');
});

test('#25 range on the range graph: same space 0, adjacent 1, never through doors, bridge sections', () => {
  const s1 = start().s;
  assert.equal(rangeBetween(s1, 'C', 'C'), 0);
  assert.equal(rangeBetween(s1, 'C', 'B'), 1);
  assert.equal(rangeBetween(s1, 'C', 'A'), 2);
  assert.equal(rangeBetween(s1, 'S1', 'N2'), 4);
  const s3 = start('s3-kepler-station').s;
  assert.equal(rangeBetween(s3, 'C1', 'C2'), 3, 'the door C1|C2 is not a range edge: C1-G-O-C2');
  const s2 = start('s2-cargo-span').s;
  assert.equal(rangeBetween(s2, 'X:deck', 'X'), null);
  assert.equal(rangeBetween(s2, 'X:deck', 'L1'), 1);
  assert.equal(rangeBetween(s2, 'P1', 'X'), 1, 'deck and foundation count as one space');
});

test('#26 total defence: base + cover + additional cover (structures, ready standees for personnel) + range', () => {
  const s3 = edit(start('s3-kepler-station'), (s) => { s.units['brk.nailgunner-c'].at = 'C2'; }).s;
  // Corp-Sec Z in B2: base 5, cover 1, bunker +2, mech W bonus +1, range 1 from C2
  assert.deepEqual(defenceOf(s3, 'C2', 'lfa.corp-sec-z'), { total: 10, die: 10, parts: { base: 5, cover: 1, additional: 3, range: 1 } });
  // the mech itself gets no standee bonus
  assert.equal(defenceOf(s3, 'C2', 'lfa.mech-w').parts.additional, 2);
  const sup = edit(start('s3-kepler-station'), (s) => { s.units['lfa.mech-w'].suppressed = true; }).s;
  assert.equal(defenceOf(sup, 'C2', 'lfa.corp-sec-z').parts.additional, 2);
  const gone = edit(start('s3-kepler-station'), (s) => { s.structures['bunker-1'].destroyed = true; }).s;
  assert.equal(defenceOf(gone, 'C2', 'lfa.corp-sec-z').parts.additional, 1);
});

test('#27 die type by elevation (d12 low, d10 level, d8 high); success if any die >= defence, no automatic hits', () => {
  const s = start().s;
  assert.equal(dieFor(s, 'B', 'C'), 12);
  assert.equal(dieFor(s, 'C', 'A'), 10);
  assert.equal(dieFor(s, 'B', 'E'), 10);
  assert.equal(dieFor(s, 'C', 'B'), 8);
  // Corp-Sec Z (A) vs Nailgunner C (C): 5 + 1 cover + 2 range = 8 on d10; a 10 hits, 7 and 7 miss
  const k = lfaTurn(['lfa.corp-sec-z', 'lfa.captain'], (x) => { x.units['lfa.corp-sec-z'].at = 'A'; x.units['brk.nailgunner-c'].at = 'C'; });
  const miss = act(k, 1, play('lfa.corp-sec-z', 1, { target: 'brk.nailgunner-c' }), faces(7, 7));
  assert.deepEqual(ev(miss.events, 'dice_rolled')[0].data, { purpose: 'ATTACK', attack: 1, attacker: 'lfa.corp-sec-z', target: 'brk.nailgunner-c', die: 'd10', faces: [7, 7], defence: 8, parts: { base: 5, cover: 1, additional: 0, range: 2 }, success: false });
  assert.equal(ev(miss.events, 'casualty').length + openDecisions(rs, miss.k).filter((d) => d.kind === 'casualty').length, 0);
  // defence 12 on a d10: even a 10 fails (Kepler: Nailgunner C in C1 vs Corp-Sec Z in the bunker, range 3)
  const far = edit(turnOf(start('s3-kepler-station'), 0, ['brk.nailgunner-c', 'brk.supervisor']), (x) => { x.units['brk.nailgunner-c'].at = 'C1'; });
  const r = act(far, 0, play('brk.nailgunner-c', 1, { target: 'lfa.corp-sec-z' }), faces(10, 10));
  const roll = ev(r.events, 'dice_rolled')[0].data as any;
  assert.equal(roll.defence, 12);
  assert.equal(roll.success, false);
  // a face equal to the defence hits
  const eq = act(k, 1, play('lfa.corp-sec-z', 1, { target: 'brk.nailgunner-c' }), faces(2, 8));
  assert.equal((ev(eq.events, 'dice_rolled')[0].data as any).success, true);
});

function hitNailgunner(fn: (s: S) => void) {
  const k = lfaTurn(['lfa.corp-sec-z', 'lfa.captain'], (x) => { x.units['lfa.corp-sec-z'].at = 'C'; x.units['brk.nailgunner-c'].at = 'C'; fn(x); });
  return act(k, 1, play('lfa.corp-sec-z', 1, { target: 'brk.nailgunner-c' }), faces(10, 10));
}

test('#28 casualty search: hand, then discard, then deck (and shuffle), else neutralise', () => {
  const strip = (s: S) => {
    const st = s.seats[0];
    const no = (c: string) => c !== 'brk.nailgunner-c';
    st.hand = st.hand.filter(no); st.deck.pool = st.deck.pool.filter(no); st.deck.discard = st.deck.discard.filter(no);
  };
  let r = hitNailgunner((s) => { strip(s); s.seats[0].hand.push('brk.nailgunner-c'); s.seats[0].deck.discard.push('brk.nailgunner-c'); });
  let c = ev(r.events, 'casualty')[0];
  assert.equal((c.data as any).zone, 'hand');
  assert.deepEqual(c.to, { seats: [0] });
  assert.deepEqual(c.others, { seat: 0, unit: 'brk.nailgunner-c', zone: 'hand' });
  r = hitNailgunner((s) => { strip(s); s.seats[0].deck.discard.push('brk.nailgunner-c'); s.seats[0].deck.pool.push('brk.nailgunner-c'); });
  assert.equal((ev(r.events, 'casualty')[0].data as any).zone, 'discard');
  r = hitNailgunner((s) => { strip(s); s.seats[0].deck.pool.push('brk.nailgunner-c'); });
  assert.equal((ev(r.events, 'casualty')[0].data as any).zone, 'deck');
  assert.equal(ev(r.events, 'deck_shuffled').length, 1);
  r = hitNailgunner((s) => { strip(s); s.seats[0].play.push('brk.nailgunner-c'); });
  assert.equal(ev(r.events, 'casualty').length, 0);
  assert.equal(ev(r.events, 'neutralised').length, 1, 'the play area and supply are never searched');
});

test('#29 the defender chooses the casualty card: a pending decision, auto-resolved when candidates are identical', () => {
  const k = edit(turnOf(start(), 0, ['brk.ripper-b', 'brk.supervisor']), (s) => {
    s.units['brk.ripper-b'].at = 'N2';
    const st = s.seats[1];
    st.hand = []; st.deck.pool = st.deck.pool.filter((c) => !c.includes('-v'));
    st.deck.discard = ['lfa.navigator-v', 'lfa.commander-v', 'lfa.commander-v'];
  });
  let r = act(k, 0, play('brk.ripper-b', 1, { target: 'lfa.mech-v' }), faces(10));
  const d = decisionOf(r.k, 1);
  assert.equal(d.kind, 'casualty');
  assert.equal(d.timing, 'reaction');
  assert.deepEqual(d.exposes, { unit: 'lfa.mech-v', zone: 'discard', attacker: 0 });
  assert.deepEqual(d.prompt, { options: ['lfa.commander-v', 'lfa.navigator-v'] });
  assert.ok(!openDecisions(rs, r.k).some((x) => x.seat === 0));
  const bad = tryAct(r.k, 1, { type: 'casualty', card: 'lfa.gunner-v' });
  assert.ok(isViolation(bad) && bad.code === 'not_a_candidate');
  assert.deepEqual(rs.defaultAction(r.k.s, rs.pending(r.k.s)[0]), { type: 'casualty', card: 'lfa.navigator-v' });
  r = act(r.k, 1, { type: 'casualty', card: 'lfa.commander-v' });
  assert.deepEqual(r.k.s.seats[1].casualties, [{ card: 'lfa.commander-v', unit: 'lfa.mech-v' }]);
  assert.equal(decisionOf(r.k, 0).kind, 'pulse_push');
  // identical candidates in the discard: no decision
  const same = edit(k, (s) => { s.seats[1].deck.discard = ['lfa.commander-v', 'lfa.commander-v']; });
  const r2 = act(same, 0, play('brk.ripper-b', 1, { target: 'lfa.mech-v' }), faces(10));
  assert.equal(ev(r2.events, 'casualty').length, 1);
  // from the hand: asked whenever the hidden cards could differ as far as the attacker can tell (here only one role is actually held)
  const hand = edit(k, (s) => { s.seats[1].deck.discard = []; s.seats[1].hand = ['lfa.navigator-v']; s.seats[1].deck.pool.push('lfa.gunner-v'); });
  const r3 = act(hand, 0, play('brk.ripper-b', 1, { target: 'lfa.mech-v' }), faces(10));
  const d3 = decisionOf(r3.k, 1);
  assert.deepEqual(d3.exposes, { unit: 'lfa.mech-v', zone: 'hand', attacker: 0 });
  assert.deepEqual(d3.prompt, { options: ['lfa.navigator-v'] });
});

test('#30 neutralisation removes the counter, purges its supply cards and credits the attacker', () => {
  const r = hitNailgunner((s) => {
    const st = s.seats[0];
    const no = (c: string) => c !== 'brk.nailgunner-c';
    st.hand = st.hand.filter(no); st.deck.pool = st.deck.pool.filter(no); st.deck.discard = st.deck.discard.filter(no);
  });
  assert.equal(r.k.s.units['brk.nailgunner-c'].at, null);
  assert.equal(r.k.s.units['brk.nailgunner-c'].neutralised, true);
  assert.ok(!r.k.s.seats[0].supply.includes('brk.nailgunner-c'));
  assert.deepEqual(r.k.s.seats[0].out, ['brk.nailgunner-c', 'brk.nailgunner-c']);
  assert.deepEqual(r.k.s.fac.lfa.neutralised, ['brk.nailgunner-c']);
});

test('#31 SUPPRESS suppresses the target; no effect when already suppressed', () => {
  const k = lfaTurn(['lfa.commander-v', 'lfa.captain'], (s) => { s.units['brk.nailgunner-c'].at = 'A'; s.units['lfa.mech-v'].at = 'A'; });
  let r = act(k, 1, play('lfa.commander-v', 0, { target: 'brk.nailgunner-c' }), faces(10, 10));
  assert.equal(r.k.s.units['brk.nailgunner-c'].suppressed, true);
  assert.equal(r.k.s.seats[0].casualties.length, 0);
  const again = edit(k, (s) => { s.units['brk.nailgunner-c'].suppressed = true; });
  r = act(again, 1, play('lfa.commander-v', 0, { target: 'brk.nailgunner-c' }), faces(10, 10));
  assert.deepEqual(ev(r.events, 'suppressed')[0].data, { unit: 'brk.nailgunner-c', already: true });
});

test('#32 PULSE: casualty, then an optional push into a space the target\'s owner scouted, readying it; civilians follow', () => {
  const k = edit(turnOf(start('s2-cargo-span'), 1, ['lfa.enforcer-x', 'lfa.captain']), (s) => {
    s.units['lfa.enforcer-x'].at = 'L2';
    s.units['brk.nailgunner-c'].at = 'L3';
    s.units['brk.nailgunner-c'].suppressed = true;
    s.markers.L3 = { breakers: 'scouted' };
  });
  let r = act(k, 1, play('lfa.enforcer-x', 1, { target: 'brk.nailgunner-c' }), faces(10, 10));
  // the casualty (hand/discard/deck) resolves first; then the attacker may push into L1 (Breaker-scouted), not L2
  while (decisionOf(r.k, openDecisions(rs, r.k)[0].seat).kind === 'casualty') r = act(r.k, 0, rs.defaultAction(r.k.s, rs.pending(r.k.s)[0]));
  const d = decisionOf(r.k, 1);
  assert.equal(d.kind, 'pulse_push');
  assert.deepEqual(d.exposes, { unit: 'brk.nailgunner-c', options: ['L1'] });
  assert.ok(isViolation(tryAct(r.k, 1, { type: 'push', to: 'L2' })));
  const pushed = act(r.k, 1, { type: 'push', to: 'L1' });
  assert.equal(pushed.k.s.units['brk.nailgunner-c'].at, 'L1');
  assert.equal(pushed.k.s.units['brk.nailgunner-c'].suppressed, false);
  assert.deepEqual(pushed.k.s.people.filter((p) => p.type === 'civilian').map((p) => p.space).sort(), ['L1', 'L1', 'X']);
  const stay = act(r.k, 1, { type: 'push', to: null });
  assert.equal(stay.k.s.units['brk.nailgunner-c'].at, 'L3');
});

test('#33 area attacks: a separate roll per target, attacker-chosen order, friendly units excluded', () => {
  const k = edit(turnOf(start(), 0, ['brk.blaster-b', 'brk.supervisor']), (s) => {
    s.units['brk.blaster-b'].at = 'C';
    s.units['lfa.scout-y'].at = 'G';
    s.units['lfa.corp-sec-z'].at = 'G';
    s.units['brk.surveyor-c'].at = 'G';
  });
  let r = act(k, 0, play('brk.blaster-b', 1, { space: 'G' }));
  const d = decisionOf(r.k, 0);
  assert.equal(d.kind, 'area_target');
  assert.deepEqual(d.exposes, { remaining: ['lfa.corp-sec-z', 'lfa.scout-y'] });
  assert.equal(ev(r.events, 'dice_rolled').length, 0, 'no roll before the order is chosen');
  r = act(r.k, 0, { type: 'target', target: 'lfa.scout-y' }, faces(1, 1, 1, 1));
  const rolls = ev(r.events, 'dice_rolled').map((e) => (e.data as any).target);
  assert.deepEqual(rolls, ['lfa.scout-y', 'lfa.corp-sec-z']);
  assert.equal(decisionOf(r.k, 0).kind, 'turn');
});

test('#34 mech units: navigator, gunner and commander cards all match one counter', () => {
  const k = edit(turnOf(start(), 0, ['brk.ripper-b', 'brk.supervisor']), (s) => {
    s.units['brk.ripper-b'].at = 'N2';
    const st = s.seats[1];
    st.hand = []; st.deck.pool = st.deck.pool.filter((c) => !c.includes('-v'));
    st.deck.discard = ['lfa.gunner-v', 'lfa.navigator-v', 'lfa.commander-v'];
  });
  const r = act(k, 0, play('brk.ripper-b', 1, { target: 'lfa.mech-v' }), faces(10));
  assert.deepEqual(decisionOf(r.k, 1).prompt, { options: ['lfa.commander-v', 'lfa.gunner-v', 'lfa.navigator-v'] });
  for (const c of ['lfa.gunner-v', 'lfa.navigator-v', 'lfa.commander-v']) {
    const x = act(r.k, 1, { type: 'casualty', card: c });
    assert.deepEqual(x.k.s.seats[1].casualties, [{ card: c, unit: 'lfa.mech-v' }]);
  }
});

test('#35 victory by controlling N objective points, checked immediately', () => {
  const k = edit(turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']), (s) => {
    s.units['brk.nailgunner-c'].at = 'B';
    s.markers.E = { breakers: 'controlled' };
    s.markers.F = { breakers: 'controlled' };
  });
  const r = act(k, 0, play('brk.nailgunner-c', 2));
  assert.deepEqual(r.k.s.result, { winners: [0], draw: false, reason: 'breakers: control 5 objective points' });
  assert.equal(rs.result(r.k.s)!.winners[0], 0);
});

test('#36 victory by neutralising N / specific units, checked after each sub-attack', () => {
  const k = edit(turnOf(start(), 0, ['brk.blaster-b', 'brk.supervisor']), (s) => {
    s.units['brk.blaster-b'].at = 'C';
    s.units['lfa.scout-y'].at = 'G';
    s.units['lfa.corp-sec-z'].at = 'G';
    s.fac.breakers.neutralised = ['lfa.enforcer-x', 'lfa.mech-v'];
    const st = s.seats[1];
    const keep = (c: string) => c !== 'lfa.scout-y';
    st.hand = st.hand.filter(keep); st.deck.pool = st.deck.pool.filter(keep); st.deck.discard = st.deck.discard.filter(keep);
  });
  let r = act(k, 0, play('brk.blaster-b', 1, { space: 'G' }));
  r = act(r.k, 0, { type: 'target', target: 'lfa.scout-y' }, faces(10, 10, 10, 10));
  assert.equal(ev(r.events, 'dice_rolled').length, 1, 'the second sub-attack never happens');
  assert.equal(r.k.s.result!.reason, 'breakers: neutralise 3 enemy units');
  // specific units (Cargo Span: the Breakers win by neutralising mech V)
  const s2 = edit(turnOf(start('s2-cargo-span'), 0, ['brk.ripper-b', 'brk.supervisor']), (s) => {
    s.units['brk.ripper-b'].at = 'Q2';
    const st = s.seats[1];
    const keep = (c: string) => !c.includes('-v');
    st.hand = st.hand.filter(keep); st.deck.pool = st.deck.pool.filter(keep); st.deck.discard = st.deck.discard.filter(keep);
  });
  const r2 = act(s2, 0, play('brk.ripper-b', 1, { target: 'lfa.mech-v' }), faces(10));
  assert.equal(r2.k.s.result!.reason, 'breakers: neutralise lfa.mech-v');
});

test('#37 immediate mid-round game end and result record', () => {
  const k = edit(turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor', 'brk.squad-leader-c']), (s) => {
    s.units['brk.nailgunner-c'].at = 'B';
    s.markers.E = { breakers: 'controlled' };
    s.markers.F = { breakers: 'controlled' };
  });
  const r = act(k, 0, play('brk.nailgunner-c', 2));
  assert.equal(r.k.s.phase, 'over');
  assert.equal(r.k.s.seats[0].hand.length, 2, 'the rest of the round is not played');
  assert.deepEqual(openDecisions(rs, r.k), []);
  assert.equal(ev(r.events, 'game_over').length, 1);
  const after = applyEntry(rs, r.k, { kind: 'answer', seat: 0, decision: 'x', action: { type: 'end' } }, scriptedRng([]));
  assert.ok(isViolation(after) && after.code === 'game_over');
});
