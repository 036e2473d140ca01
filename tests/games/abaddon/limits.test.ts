// The rules at their limits (issue #23): each test fails if a rule is off by one or applies to
// the wrong seat. Damage doubling (L646-L651), Long Range Bombardment range (L527-L546), Mission
// 9's crystal counts (L1090-L1121), lock-on ownership (L350-L354), skipped turns (L320-L321, AMB-34).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { abaddon, act, craft, evOf, passRound, start, tryAct, unit, type K } from './helpers.js';
import type { Faction } from '../../../src/games/abaddon/data.js';

const seatsOf = (k: K, f: Faction) => k.s.seats.map((x, i) => (x.faction === f ? i : -1)).filter((i) => i >= 0);

/** SCS-M1 (d8) at (4,2) fires a Target 3 at the shielding CA-H1 (d10) at (4,5). Returns CA-H1's crystals lost. */
function losDamage(d8: number, d10: number): number {
  let k = craft({ at: { 'SCS-M1': [4, 2], 'CA-H1': [4, 5] }, hands: { 0: ['T3'], 1: [] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [d8 - 1, d10 - 1]);
  return 5 - unit(r.k, 'CA-H1').crystals;
}

test('#46 #53 damage is doubled at exactly twice the loser\'s total, not only above it (L646-L651)', () => {
  assert.equal(losDamage(5, 4), 2, '5+3 = 8 vs 4: exactly double -> 2 crystals');
  assert.equal(losDamage(4, 4), 1, '4+3 = 7 vs 4: one short of double -> 1 crystal');
  assert.equal(losDamage(3, 3), 2, '3+3 = 6 vs 3: exactly double -> 2 crystals');
  assert.equal(losDamage(2, 3), 1, '2+3 = 5 vs 3 -> 1 crystal');
});

/** SCS-H1 at (2,2) with a Long Range Bombardment card; CA-M1 `d` sectors away along the row (or the diagonal). */
function lrbAt(d: number, diagonal = false) {
  const at: [number, number] = diagonal ? [2 + d, 2 + d] : [2 + d, 2];
  return craft({ at: { 'SCS-H1': [2, 2], 'CA-M1': at }, hands: { 0: ['LRB'] }, active: 0, phase: 'declare', ordered: ['SCS-H1'] });
}

test('#36 Long Range Bombardment: range 6 to 8 inclusive, refused at 5 and at 9 (L527-L546, AMB-05 Chebyshev)', () => {
  const fire = (k: K) => tryAct(k, { type: 'attack', unit: 'SCS-H1', target: 'CA-M1', card: 'LRB' });
  assert.equal(fire(lrbAt(5)), 'out_of_range', 'one short of the shortest range');
  assert.equal(fire(lrbAt(6)), null, 'the shortest range');
  assert.equal(fire(lrbAt(8)), null, 'the longest range');
  assert.equal(fire(lrbAt(9)), 'out_of_range', 'one beyond the longest range');
  assert.equal(fire(lrbAt(6, true)), null, 'diagonal: Chebyshev 6');
  assert.equal(fire(lrbAt(5, true)), 'out_of_range', 'diagonal: Chebyshev 5');
  // the legal set agrees with validation at both ends
  for (const [d, ok] of [[5, false], [6, true], [8, true], [9, false]] as const) {
    const k = lrbAt(d);
    const dec = abaddon.pending(k.s).find((x) => x.seat === 0)!;
    const cands = abaddon.candidates(k.s, 0, dec, 1000, { int: () => 0 } as never).actions;
    assert.equal(cands.some((a) => a.type === 'attack' && a.card === 'LRB'), ok, `candidates at range ${d}`);
  }
});

/** M9 at the start of a round: SCS crystals set per unit (`exited` units have left the board). */
function m9(crystals: number[], exited: number) {
  const k = craft({ mission: 'm9', phase: 'lockon' });
  const scs = k.s.units.filter((u) => u.faction === 'SCS');
  assert.equal(scs.length, crystals.length);
  scs.forEach((u, i) => {
    u.crystals = crystals[i];
    if (i < exited) {
      u.status = 'exited';
      u.at = null;
    }
  });
  k.s.active = k.s.order.find((seat) => k.s.seats[seat].faction === 'SCS')!;
  k.s.turnIdx = k.s.order.indexOf(k.s.active);
  return passRound(k).k;
}

test('#58 M9: SCS reduced to exactly 13 crystals is a CA win; 14 is not (checked at round end)', () => {
  const at13 = m9([5, 4, 1, 1, 1, 1], 0);
  assert.equal(abaddon.result(at13.s)?.reason, 'objective');
  assert.deepEqual(abaddon.result(at13.s)?.winners, seatsOf(at13, 'CA'));
  const at14 = m9([5, 4, 2, 1, 1, 1], 0);
  assert.equal(abaddon.result(at14.s), null, '14 crystals: the game goes on');
  assert.equal(at14.s.round, 2);
});

test('#58 M9: exactly 14 crystals on exited SCS units is an SCS win; 13 is not', () => {
  const at14 = m9([5, 4, 3, 2, 1, 1], 4); // exited: 5+4+3+2 = 14
  assert.equal(abaddon.result(at14.s)?.reason, 'objective');
  assert.deepEqual(abaddon.result(at14.s)?.winners, seatsOf(at14, 'SCS'));
  const at13 = m9([5, 4, 3, 1, 2, 2], 4); // exited 13, 17 in all (CA's objective not met either)
  assert.equal(abaddon.result(at13.s), null);
});

/**
 * M12: SCS-B-H1 (seat 2) at (4,2) fires a Target 3 at CA-A-H1 (seat 1) at (4,5), which only
 * shields; the relay on (4,5) belongs to `lockSeat`. Returns the attacker's total minus its roll.
 */
function lockBonus(lockSeat: number, attacker: 0 | 2): number {
  const u = attacker === 2 ? 'SCS-B-H1' : 'SCS-A-H1';
  let k = craft({
    mission: 'm12', at: { [u]: [4, 2], 'CA-A-H1': [4, 5] }, hands: { [attacker]: ['T3'], 1: [] },
    active: attacker, phase: 'declare', ordered: [u], lockons: [{ seat: lockSeat, at: [4, 5] }],
  });
  k = act(k, { type: 'attack', unit: u, target: 'CA-A-H1', card: 'T3' }, [], attacker).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [4, 2], attacker);
  const res = evOf(r.events, 'combat_result')[0].data as { rolls: number[]; totals: number[] };
  return res.totals[0] - res.rolls[0];
}

test('#23 the lock-on +1 goes only to the relay\'s owner, never to a teammate attacking the same target (L350-L354)', () => {
  assert.equal(lockBonus(2, 2), 3 + 1, 'the owner: Target 3 + lock-on 1');
  assert.equal(lockBonus(0, 2), 3, 'a teammate\'s relay on the target gives nothing');
  assert.equal(lockBonus(0, 0), 3 + 1, 'that relay helps its own owner');
  assert.equal(lockBonus(1, 2), 3, 'an enemy\'s relay gives the attacker nothing');
});

test('#21 an eliminated player\'s remaining turns in the round are skipped (L320-L321, AMB-34)', () => {
  let { k } = start('m12');
  const last = k.s.order[k.s.order.length - 1];
  assert.notEqual(last, k.s.active, 'the eliminated seat still has its turn to come this round');
  for (const u of k.s.units) if (u.seat === last) {
    u.status = 'destroyed';
    u.at = null;
  }
  const r = passRound(k);
  const skipped = evOf(r.events, 'turn_skipped').map((e) => (e.data as { seat: number }).seat);
  assert.deepEqual(skipped, [last], 'its turn is skipped');
  const played = evOf(r.events, 'turn_started').map((e) => (e.data as { seat: number }).seat);
  assert.ok(!played.includes(last), 'it never starts a turn');
  assert.equal(played.length, 3, 'the two live seats after the first, then round 2 begins');
  k = r.k;
  assert.equal(k.s.round, 2);
  assert.equal(k.s.order.length, 3, 'the next round has one relay fewer');
  assert.ok(!k.s.order.includes(last));
  assert.deepEqual(k.s.relays.filter((n) => n > 0).sort(), [1, 2, 3], 'the highest relay was removed');
});
