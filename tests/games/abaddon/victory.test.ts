// Checklist items #56 #59 (spec 9.1, AMB-27): who wins when both factions complete their
// objectives together, in 2-player games (the same instant, e.g. a double critical) and in
// 3-4 player games (at the end of a round). Book: the VICTORY section, L760-L773.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { abaddon, act, craft, evOf, passRound, type K } from './helpers.js';
import type { Faction } from '../../../src/games/abaddon/data.js';
import { abaddonV1 } from '../../../src/games/abaddon/v1.js';
import { getRuleset } from '../../../src/games/index.js';

/** The seats of a faction, as a result lists its winners. */
const seatsOf = (k: K, f: Faction) => k.s.seats.map((x, i) => (x.faction === f ? i : -1)).filter((i) => i >= 0);

/**
 * A 2-player double critical in Close Combat: SCS-M1 (d8) at (4,4) against CA-H1 (d10) at
 * (5,5), both units with crystals to spare. Both battle dice roll 1; each unit then draws a
 * Wild Fire card (the active SCS player's victim first, AMB-21). `wfCA`/`wfSCS`: the index in
 * the sorted Wild Fire pool of the card CA-H1 / SCS-M1 draws (0 = WF01 "lose 1" of the full
 * pool; 10 = WF11 "lose 2").
 */
function doubleCritical(mission: string, o: { cup: Record<Faction, number>; kills: Record<Faction, number>; wfCA: number; wfSCS: number }) {
  const k = craft({ mission, at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  k.s.cup = { ...o.cup };
  k.s.kills = { ...o.kills };
  assert.equal(abaddon.result(k.s), null, 'neither objective is met before the combat');
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [0, 0, o.wfCA, o.wfSCS]); // d8 -> 1, d10 -> 1
  const crit = evOf(r.events, 'combat_result')[0].data as { outcome: string; criticalOn: string[] };
  assert.equal(crit.outcome, 'critical');
  assert.deepEqual(crit.criticalOn, ['CA-H1', 'SCS-M1'], 'a double critical');
  return r.k;
}

test('AMB-27 §9.1 2 players, VP mission (M6, 20 VP): a double critical completes both; the higher VP total wins over more eliminations (L769)', () => {
  // SCS 19 + 2 (WF11 on CA-H1) = 21 VP; CA 19 + 1 (WF01 on SCS-M1) = 20 VP; CA eliminated more.
  const k = doubleCritical('m6', { cup: { SCS: 19, CA: 19 }, kills: { SCS: 0, CA: 1 }, wfCA: 10, wfSCS: 0 });
  const res = abaddon.result(k.s);
  assert.equal(res?.reason, 'both_objectives');
  assert.deepEqual(res?.scores, { SCS: 21, CA: 20 });
  assert.deepEqual(res?.winners, seatsOf(k, 'SCS'));
  assert.equal(res?.draw, false);
});

test('AMB-27 §9.1 2 players, VP mission (M6): equal VP totals go to the faction that eliminated more enemy units (L766-L767)', () => {
  const k = doubleCritical('m6', { cup: { SCS: 19, CA: 19 }, kills: { SCS: 0, CA: 1 }, wfCA: 0, wfSCS: 0 }); // 20 VP each
  const res = abaddon.result(k.s);
  assert.equal(res?.reason, 'both_objectives');
  assert.deepEqual(res?.scores, { SCS: 20, CA: 20 });
  assert.deepEqual(res?.winners, seatsOf(k, 'CA'));
  const k2 = doubleCritical('m6', { cup: { SCS: 19, CA: 19 }, kills: { SCS: 2, CA: 1 }, wfCA: 0, wfSCS: 0 });
  assert.deepEqual(abaddon.result(k2.s)?.winners, seatsOf(k2, 'SCS'));
});

test('AMB-27 §9.1 2 players, VP mission (M6): equal VP and equal eliminations is a draw', () => {
  const k = doubleCritical('m6', { cup: { SCS: 19, CA: 19 }, kills: { SCS: 1, CA: 1 }, wfCA: 0, wfSCS: 0 });
  const res = abaddon.result(k.s);
  assert.equal(res?.reason, 'both_objectives');
  assert.equal(res?.draw, true);
  assert.deepEqual(res?.winners, []);
});

test('AMB-27 §9.1 2 players, other mission (M2, 8 crystals): more eliminations wins, whatever the cups hold', () => {
  // SCS cup 7 + 2 = 9, CA cup 7 + 1 = 8: both reach 8; CA eliminated more.
  const k = doubleCritical('m2', { cup: { SCS: 7, CA: 7 }, kills: { SCS: 0, CA: 1 }, wfCA: 10, wfSCS: 0 });
  const res = abaddon.result(k.s);
  assert.equal(res?.reason, 'both_objectives');
  assert.deepEqual(res?.winners, seatsOf(k, 'CA'));
});

test('AMB-27 §9.1 2 players, other mission (M2): equal eliminations is a draw, not decided by the crystals in the cups', () => {
  const k = doubleCritical('m2', { cup: { SCS: 7, CA: 7 }, kills: { SCS: 1, CA: 1 }, wfCA: 10, wfSCS: 0 });
  const res = abaddon.result(k.s);
  assert.equal(res?.reason, 'both_objectives');
  assert.deepEqual([k.s.cup.SCS, k.s.cup.CA], [9, 8], 'the cups differ');
  assert.equal(res?.draw, true);
  assert.deepEqual(res?.winners, []);
});

/** M12 (4 players, 20 VP) at the start of round 1 with the cups and eliminations given; the round is passed. */
function m12RoundEnd(cup: Record<Faction, number>, kills: Record<Faction, number>) {
  const k = craft({ mission: 'm12', active: undefined, phase: 'lockon' });
  k.s.cup = { ...cup };
  k.s.kills = { ...kills };
  const mid = abaddon.result(k.s);
  assert.equal(mid, null, 'not decided before the round ends');
  return passRound(k).k;
}

test('AMB-27 §9.1 3-4 players, VP mission (M12): at round end the higher VP total wins over more eliminations', () => {
  const k = m12RoundEnd({ SCS: 22, CA: 20 }, { SCS: 0, CA: 2 });
  const res = abaddon.result(k.s);
  assert.equal(res?.reason, 'both_objectives');
  assert.deepEqual(res?.winners, seatsOf(k, 'SCS'));
});

test('AMB-27 §9.1 3-4 players, VP mission (M12): equal VP totals at round end go to more eliminations; equal again is a draw', () => {
  const k = m12RoundEnd({ SCS: 21, CA: 21 }, { SCS: 1, CA: 2 });
  assert.equal(abaddon.result(k.s)?.reason, 'both_objectives');
  assert.deepEqual(abaddon.result(k.s)?.winners, seatsOf(k, 'CA'));
  const d = m12RoundEnd({ SCS: 21, CA: 21 }, { SCS: 2, CA: 2 });
  assert.equal(abaddon.result(d.s)?.reason, 'both_objectives');
  assert.equal(abaddon.result(d.s)?.draw, true);
});

/**
 * M9 (3 players, not a VP mission): every CA unit destroyed (SCS has annihilated CA, AMB-29)
 * while the SCS force carries 12 crystals (CA's objective: SCS reduced to 13 or fewer).
 */
function m9BothAtRoundEnd(cup: Record<Faction, number>, kills: Record<Faction, number>) {
  const k = craft({ mission: 'm9', phase: 'lockon' });
  for (const u of k.s.units) {
    if (u.faction === 'CA') {
      u.status = 'destroyed';
      u.at = null;
    } else u.crystals = 2;
  }
  assert.equal(k.s.units.filter((u) => u.faction === 'SCS').reduce((a, u) => a + u.crystals, 0), 12);
  k.s.cup = { ...cup };
  k.s.kills = { ...kills };
  k.s.active = k.s.order.find((seat) => k.s.seats[seat].faction === 'SCS')!;
  k.s.turnIdx = k.s.order.indexOf(k.s.active);
  return passRound(k).k;
}

test('AMB-27 §9.1 3-4 players, other mission (M9): both objectives at round end -> more eliminations wins', () => {
  const k = m9BothAtRoundEnd({ SCS: 3, CA: 9 }, { SCS: 5, CA: 2 });
  assert.equal(abaddon.result(k.s)?.reason, 'both_objectives');
  assert.deepEqual(abaddon.result(k.s)?.winners, seatsOf(k, 'SCS'));
});

test('AMB-27 §9.1 3-4 players, other mission (M9): equal eliminations is a draw, whatever the cups hold', () => {
  const k = m9BothAtRoundEnd({ SCS: 3, CA: 9 }, { SCS: 2, CA: 2 });
  assert.equal(abaddon.result(k.s)?.reason, 'both_objectives');
  assert.equal(abaddon.result(k.s)?.draw, true);
});

test('AMB-27 the corrected tie-break changes no stored state short of a tied end: logs played under 1.0.0 replay under the current version with the same hash chain', async () => {
  const { randomPlayout, replay } = await import('../../../src/engine/playout.js');
  const { seats } = await import('./helpers.js');
  let same = 0;
  for (const sc of abaddon.scenarios) {
    const o = { scenario: sc.id, seats: seats(sc.players as number), seed: `amb27-${sc.id}`, gameId: `amb27-${sc.id}` };
    const old = randomPlayout(abaddonV1, o);
    const now = replay(abaddon, o, old.entries);
    const tied = ['both_objectives', 'no_units_left'].includes(old.result?.reason ?? '');
    const sameResult = JSON.stringify(abaddon.result(now.k.s)) === JSON.stringify(old.result);
    if (!tied || sameResult) {
      assert.equal(now.hash, old.hash, `${sc.id}: the same hash chain (ended ${old.result?.reason})`);
      same++;
    } else assert.notEqual(now.hash, old.hash, `${sc.id}: only the final state differs`);
  }
  assert.ok(same > 0);
});

test('AMB-27 version 1.0.0 stays installed for games begun under it, with the result its players saw', () => {
  assert.equal(abaddon.version, '1.1.0');
  assert.equal(getRuleset('abaddon', '1.0.0'), abaddonV1);
  assert.equal(getRuleset('abaddon'), abaddon, 'new games get the current version');
  // The M6 double critical above (21 VP to 20, CA eliminated more) under each version.
  const play = (rs: typeof abaddon) => {
    const k = craft({ mission: 'm6', at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
    k.s.cup = { SCS: 19, CA: 19 };
    k.s.kills = { SCS: 0, CA: 1 };
    return rs.result(act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [0, 0, 10, 0], undefined, rs).k.s)!;
  };
  const k = craft({ mission: 'm6' });
  assert.deepEqual(play(abaddon).winners, seatsOf(k, 'SCS'));
  assert.deepEqual(play(abaddonV1).winners, seatsOf(k, 'CA'));
});
