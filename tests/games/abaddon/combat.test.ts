// Combat rules (spec section 5.8-5.11): declarations, responses, AMM, resolution, damage,
// ties, criticals, Wild Fire, lapsed attacks, Close Combat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { abaddon, act, craft, dec, evOf, tryAct, unit, decisions } from './helpers.js';
import { makeAbaddon } from '../../../src/games/abaddon/index.js';
import { DATA } from '../../../src/games/abaddon/data.js';
import { eventFor } from '../../../src/engine/kernel.js';
import { applyEntry, openDecisions, setupGame } from '../../../src/engine/kernel.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';

const rolls = (events: { type: string; data: unknown }[]) =>
  evOf(events as never, 'dice_rolled').map((e) => (e.data as { faces: number[] }).faces);

/** SCS-M1 (d8) at (4,2) fires at CA-H1 (d10) at (4,5), range 3, straight down. */
function losDuel(o: { hand0?: string[]; hand1?: string[]; lock?: boolean } = {}) {
  return craft({
    at: { 'SCS-M1': [4, 2], 'CA-H1': [4, 5] }, hands: { 0: o.hand0 ?? ['T3'], 1: o.hand1 ?? [] },
    active: 0, phase: 'declare', ordered: ['SCS-M1'], lockons: o.lock ? [{ seat: 0, at: [4, 5] }] : [],
  });
}

test('#45 #46 #53 LOS totals: die + Target number; double or more removes 2 crystals to the cup (L636-L651)', () => {
  let k = losDuel();
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  assert.equal(k.s.phase, 'resolve');
  const r = act(k, { type: 'resolve', attack: 1 }, [4, 2]); // d8 -> 5, d10 -> 3: 8 vs 3
  const res = evOf(r.events, 'combat_result')[0].data as { totals: number[]; damage: number };
  assert.deepEqual(res.totals, [8, 3]);
  assert.equal(res.damage, 2);
  assert.equal(unit(r.k, 'CA-H1').crystals, 3);
  assert.equal(r.k.s.cup.SCS, 2);
  assert.ok(r.k.s.ws.discard.includes('T3'), 'played card discarded');
});

test('#46 base damage is 1 below double and never more than 2 even at triple (L646-L649)', () => {
  let k = act(losDuel(), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  let r = act(k, { type: 'resolve', attack: 1 }, [3, 4]); // 4+3=7 vs 5
  assert.equal(unit(r.k, 'CA-H1').crystals, 4);
  k = act(losDuel({ hand0: ['T8'] }), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T8' }).k;
  r = act(k, { type: 'resolve', attack: 1 }, [7, 1]); // 8+8=16 vs 2: eight times
  assert.equal(unit(r.k, 'CA-H1').crystals, 3);
});

test('#23 #45 lock-on adds +1 to the owner\'s total against the locked sector (L350-L354)', () => {
  const k = act(losDuel({ lock: true }), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [0 + 1, 5]); // 2+3+1 = 6 vs 6: tie without... check total
  const res = evOf(r.events, 'combat_result')[0].data as { totals: number[] };
  assert.deepEqual(res.totals, [6, 6]);
});

test('#45 a shield-only defender rolls its die only; shields hold with no damage either way (L656-L681)', () => {
  const k = act(losDuel(), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [0 + 1, 9]); // 2+3=5 vs 10
  const res = evOf(r.events, 'combat_result')[0].data as { outcome: string };
  assert.equal(res.outcome, 'shields_hold');
  assert.equal(unit(r.k, 'SCS-M1').crystals, 4);
  assert.equal(unit(r.k, 'CA-H1').crystals, 5);
});

test('#48 ties: no crystals lost and each player draws one Weapon System card (L702-L705)', () => {
  const k = act(losDuel(), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  const before = [k.s.hands[0].length, k.s.hands[1].length];
  const r = act(k, { type: 'resolve', attack: 1 }, [2, 5]); // 3+3 = 6 vs 6
  assert.equal(evOf(r.events, 'ws_drawn').length, 2);
  assert.deepEqual([r.k.s.hands[0].length, r.k.s.hands[1].length], [before[0] + 1, before[1] + 1]);
  assert.equal(unit(r.k, 'CA-H1').crystals, 5);
});

test('#49 critical-1 by the attacker overrides totals: a Wild Fire card for the defender (L707-L716)', () => {
  const k = act(losDuel({ hand0: ['T8'] }), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T8' }).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [0, 0, 0]); // both roll 1; WF pool index 0 = WF01 (lose 1)
  const res = evOf(r.events, 'combat_result')[0].data as { outcome: string; criticalOn: string[] };
  assert.equal(res.outcome, 'critical');
  assert.deepEqual(res.criticalOn, ['CA-H1'], 'a shielding defender cannot score a critical (L720-L722)');
  assert.equal(evOf(r.events, 'wild_fire').length, 1);
  assert.equal(unit(r.k, 'CA-H1').crystals, 4);
  assert.equal(r.k.s.cup.SCS, 1, 'Wild Fire crystals go to the opponent\'s cup (L732-L735)');
});

test('#49 double critical in counter-fire: both units draw Wild Fire, active player\'s victim first (L718-L719)', () => {
  let k = losDuel({ hand1: ['T2'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  k = act(k, { type: 'respond', unit: 'CA-H1', attack: 1, card: 'T2' }, [], 1).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [0, 0, 14, 14]); // WF15 and WF16 (after removal): no effect
  const wf = evOf(r.events, 'wild_fire').map((e) => (e.data as { unit: string }).unit);
  assert.deepEqual(wf, ['CA-H1', 'SCS-M1']);
});

test('#38 #45 counter-fire: the defender adds its own Target card and can inflict damage (L630-L654)', () => {
  let k = losDuel({ hand1: ['T5'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  assert.equal(k.s.phase, 'respond');
  const d = dec(k, 1);
  assert.equal(d.kind, 'respond');
  assert.equal(d.timing, 'reaction');
  k = act(k, { type: 'respond', unit: 'CA-H1', attack: 1, card: 'T5' }, [], 1).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [1, 6]); // 2+3=5 vs 7+5=12 -> defender wins, 12 >= 10 -> 2
  const res = evOf(r.events, 'combat_result')[0].data as { outcome: string; damage: number };
  assert.equal(res.outcome, 'defender_wins');
  assert.equal(unit(r.k, 'SCS-M1').crystals, 2);
  assert.equal(r.k.s.cup.CA, 2);
});

test('#39 AMM against LOS fire: both cards revealed, no combat, both discarded (L580-L591)', () => {
  let k = losDuel({ hand1: ['AMM'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  k = act(k, { type: 'respond', unit: 'CA-H1', attack: 1, card: 'AMM' }, [], 1).k;
  const r = act(k, { type: 'resolve', attack: 1 });
  assert.equal(rolls(r.events).length, 0, 'no dice are rolled');
  assert.equal(evOf(r.events, 'attack_cancelled').length, 1);
  assert.ok(r.k.s.ws.discard.includes('T3') && r.k.s.ws.discard.includes('AMM'));
});

test('#38 parallel response window: one decision per defending unit, one response per unit (L565-L576)', () => {
  let k = craft({
    at: { 'SCS-M1': [4, 2], 'SCS-R1': [10, 2], 'SCS-H1': [7, 2], 'CA-H1': [4, 5], 'CA-M1': [10, 5] },
    hands: { 0: ['T1', 'T2', 'T3'], 1: ['T4', 'T5'] }, active: 0, phase: 'declare', ordered: ['SCS-M1', 'SCS-R1', 'SCS-H1'],
  });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T1' }).k;
  k = act(k, { type: 'attack', unit: 'SCS-R1', target: 'CA-M1', card: 'T2' }).k;
  k = act(k, { type: 'attack', unit: 'SCS-H1', target: 'CA-M1', card: 'T3' }).k; // (7,2)->(10,5) diagonal 3
  assert.equal(k.s.phase, 'respond');
  const ds = decisions(k);
  assert.equal(ds.length, 2);
  assert.deepEqual(ds.map((d) => (d.exposes as { unit: string }).unit).sort(), ['CA-H1', 'CA-M1']);
  assert.ok(ds.every((d) => d.group?.mode === 'parallel'));
  const m1 = ds.find((d) => (d.exposes as { unit: string }).unit === 'CA-M1')!;
  assert.deepEqual((m1.exposes as { attacks: number[] }).attacks, [2, 3]);
  // answer in any order; CA-M1 responds to one of its two attacks only
  k = act(k, { type: 'respond', unit: 'CA-M1', attack: 3, card: 'T4' }, [], 1).k;
  assert.equal(decisions(k).length, 1);
  assert.equal(tryAct(k, { type: 'respond', unit: 'CA-H1', attack: 3, card: 'T5' }, 1), 'not_attacking_unit');
  k = act(k, { type: 'pass', unit: 'CA-H1' }, [], 1).k;
  assert.equal(k.s.phase, 'resolve');
});

test('#66 the response window opens even when the defender holds no Target or AMM card (no leak)', () => {
  let k = losDuel({ hand1: ['DB'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  const d = dec(k, 1);
  assert.equal(d.kind, 'respond');
  const { actions } = abaddon.candidates(k.s, 1, abaddon.pending(k.s)[0], 64, scriptedRng([]));
  assert.deepEqual(actions, [{ type: 'pass', unit: 'CA-H1' }]);
  assert.equal(tryAct(k, { type: 'respond', unit: 'CA-H1', attack: 1, card: 'DB' }, 1), 'wrong_card_kind');
});

test('#34 a unit adjacent to an enemy may not fire or respond to ranged fire (L506-L509, L577-L578)', () => {
  let k = craft({
    at: { 'SCS-M1': [4, 2], 'SCS-H1': [9, 2], 'CA-H1': [4, 5], 'CA-I1': [5, 3], 'CA-M1': [9, 5], 'SCS-I1': [10, 6] },
    hands: { 0: ['T3', 'T4'], 1: ['T5'] }, active: 0, phase: 'declare', ordered: ['SCS-M1', 'SCS-H1'],
  });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), 'adjacent_to_enemy');
  k = act(k, { type: 'attack', unit: 'SCS-H1', target: 'CA-M1', card: 'T4' }).k;
  // CA-M1 is adjacent to SCS-I1: no response window for it.
  assert.equal(k.s.phase, 'resolve');
});

test('#33 LOS: straight lines only, range 2-5, blocked by units/terrain and by both diagonal corners (L463-L487)', () => {
  const base = { hands: { 0: ['T3'] }, active: 0, phase: 'declare' as const, ordered: ['SCS-M1'] };
  let k = craft({ ...base, at: { 'SCS-M1': [2, 2], 'CA-H1': [5, 5] } });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), null);
  k = craft({ ...base, at: { 'SCS-M1': [2, 2], 'CA-H1': [5, 5] }, terrain: [[3, 2], [2, 3]] });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), 'no_line_of_sight');
  k = craft({ ...base, at: { 'SCS-M1': [2, 2], 'CA-H1': [5, 5] }, terrain: [[5, 4], [4, 5]] });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), 'no_line_of_sight', 'last step corner');
  k = craft({ ...base, at: { 'SCS-M1': [2, 2], 'CA-H1': [5, 5] }, terrain: [[3, 2]] });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), null, 'one corner only does not block');
  k = craft({ ...base, at: { 'SCS-M1': [2, 2], 'CA-H1': [5, 5], 'SCS-R1': [4, 4] } });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), 'no_line_of_sight', 'friendly units block');
  k = craft({ ...base, at: { 'SCS-M1': [2, 2], 'CA-H1': [5, 4] } });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), 'not_straight_line');
  k = craft({ ...base, at: { 'SCS-M1': [2, 2], 'CA-H1': [8, 2] } });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), 'out_of_range');
  k = craft({ ...base, at: { 'SCS-M1': [2, 2], 'CA-H1': [7, 2] } });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), null, 'range 5 counts the target sector');
});

test('#36 Smart Bomb: range 2-5, no LOS needed, face up (L548-L560)', () => {
  let k = craft({ at: { 'SCS-M1': [2, 2], 'CA-H1': [5, 4] }, terrain: [[3, 3], [4, 3]], hands: { 0: ['SB'] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  const r = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'SB' });
  assert.equal(r.events.find((e) => e.type === 'attack_declared')!.to, 'all');
  k = craft({ at: { 'SCS-M1': [2, 2], 'CA-H1': [8, 4] }, hands: { 0: ['SB'] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'SB' }), 'out_of_range');
});

test('#37 Long Range Bombardment: range 6-8, no LOS, +1 for a Heavy Link only (L527-L546)', () => {
  let k = craft({ at: { 'SCS-H1': [2, 1], 'CA-M1': [2, 8] }, terrain: [[2, 4]], hands: { 0: ['LRB'] }, active: 0, phase: 'declare', ordered: ['SCS-H1'] });
  k = act(k, { type: 'attack', unit: 'SCS-H1', target: 'CA-M1', card: 'LRB' }).k;
  let r = act(k, { type: 'resolve', attack: 1 }, [4, 4]); // 5+1 vs 5
  assert.deepEqual((evOf(r.events, 'combat_result')[0].data as { totals: number[] }).totals, [6, 5]);
  k = craft({ at: { 'SCS-M1': [2, 1], 'CA-M1': [2, 8] }, hands: { 0: ['LRB'] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-M1', card: 'LRB' }).k;
  r = act(k, { type: 'resolve', attack: 1 }, [4, 4]);
  assert.deepEqual((evOf(r.events, 'combat_result')[0].data as { totals: number[] }).totals, [5, 5]);
  k = craft({ at: { 'SCS-H1': [2, 1], 'CA-M1': [2, 5] }, hands: { 0: ['LRB'] }, active: 0, phase: 'declare', ordered: ['SCS-H1'] });
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-H1', target: 'CA-M1', card: 'LRB' }), 'out_of_range');
});

test('#40 AMM window just before a Smart Bomb roll; playing it cancels the attack (L600-L605)', () => {
  let k = craft({ at: { 'SCS-M1': [2, 2], 'CA-H1': [5, 4] }, hands: { 0: ['SB'], 1: ['AMM', 'T1'] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'SB' }).k;
  assert.equal(k.s.phase, 'resolve', 'no LOS response window for indirect fire');
  k = act(k, { type: 'resolve', attack: 1 }).k;
  const d = dec(k, 1);
  assert.equal(d.kind, 'ammWindow');
  const passed = act(k, { type: 'pass' }, [3, 3], 1);
  assert.equal(rolls(passed.events).length, 2, 'the roll comes from the entry that closes the window');
  const r = act(k, { type: 'amm' }, [], 1);
  assert.equal(rolls(r.events).length, 0);
  assert.ok(r.k.s.ws.discard.includes('SB') && r.k.s.ws.discard.includes('AMM'));
  assert.equal(tryAct(k, { type: 'amm' }, 1), null);
});

test('#40 #66 the AMM window before SB/LRB opens whatever the hand holds (hand non-empty is public)', () => {
  let k = craft({ at: { 'SCS-M1': [2, 2], 'CA-H1': [5, 4] }, hands: { 0: ['SB'], 1: ['T1'] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'SB' }).k;
  k = act(k, { type: 'resolve', attack: 1 }).k;
  assert.equal(dec(k, 1).kind, 'ammWindow');
  assert.equal(tryAct(k, { type: 'amm' }, 1), 'no_amm_in_hand');
});

test('#35 LOS attacks are declared face down: opponents see only "a Target card" until reveal (L488-L495)', () => {
  const k = losDuel({ hand1: ['T1'] });
  const r = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' });
  const e = r.events.find((x) => x.type === 'attack_declared')!;
  assert.deepEqual((eventFor(e, 1, false)!.data as { card: unknown }).card, { hidden: 'wsCard', oneOf: ['target'] });
  assert.equal((eventFor(e, 0, false)!.data as { card: unknown }).card, 'T3');
  const v1 = abaddon.view(r.k.s, 1);
  assert.deepEqual(v1.attacks[0].card, { hidden: 'wsCard', oneOf: ['target'] });
  assert.equal(abaddon.view(r.k.s, 0).attacks[0].card, 'T3');
  // all declarations come before responses: the window opens after the last declaration
  assert.equal(r.k.s.phase, 'respond');
});

test('#41 resolution order is the attacker\'s, mixing ranged and close combat; each unit battles once (L623-L629)', () => {
  let k = craft({
    at: { 'SCS-M1': [4, 2], 'CA-H1': [4, 5], 'SCS-I1': [10, 4], 'CA-R1': [11, 5] },
    hands: { 0: ['T3'] }, active: 0, phase: 'declare', ordered: ['SCS-M1', 'SCS-I1'],
  });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  assert.equal(tryAct(k, { type: 'endTurn' }), 'attacks_pending');
  k = act(k, { type: 'closeCombat', unit: 'SCS-I1', target: 'CA-R1' }, [5, 5, 0 + 1]).k; // 6 vs 2
  assert.equal(tryAct(k, { type: 'closeCombat', unit: 'SCS-I1', target: 'CA-R1' }), 'already_battled');
  assert.equal(tryAct(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-R1' }), 'already_battled');
  const turn = k.s.turn;
  k = act(k, { type: 'resolve', attack: 1 }, [3, 3]).k;
  assert.equal(k.s.turn, turn + 1, 'the turn ends when nothing is left to resolve');
});

test('#42 a declared attack lapses when its target is already destroyed; its cards return to hand (AMB-18)', () => {
  let k = craft({
    at: { 'SCS-M1': [4, 2], 'SCS-R1': [2, 3], 'CA-H1': [4, 5] }, crystals: { 'CA-H1': 1 },
    hands: { 0: ['T3', 'T8'], 1: ['T1'] }, active: 0, phase: 'declare', ordered: ['SCS-M1', 'SCS-R1'],
  });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T8' }).k;
  k = act(k, { type: 'attack', unit: 'SCS-R1', target: 'CA-H1', card: 'T3' }).k; // (2,3)->(4,5) diagonal 2
  k = act(k, { type: 'respond', unit: 'CA-H1', attack: 2, card: 'T1' }, [], 1).k;
  k = act(k, { type: 'resolve', attack: 1 }, [5, 1]).k; // 6+8 vs 2: destroyed
  assert.equal(unit(k, 'CA-H1').status, 'destroyed');
  const r = act(k, { type: 'resolve', attack: 2 });
  assert.equal(evOf(r.events, 'attack_lapsed').length, 1);
  assert.ok(r.k.s.hands[0].includes('T3'));
  assert.ok(r.k.s.hands[1].includes('T1'));
});

test('#43 Close Combat: no card, both sides roll and both can cause damage (L683-L697)', () => {
  let k = craft({ at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, hands: { 0: ['T3'] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [1, 9]); // 2 vs 10
  assert.equal(unit(r.k, 'SCS-M1').crystals, 2, 'the defender wins and removes 2');
  assert.equal(r.k.s.cup.CA, 2);
  k = craft({ at: { 'SCS-M1': [4, 4], 'CA-H1': [6, 6] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  assert.equal(tryAct(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }), 'not_adjacent');
});

test('#43 a defender may be attacked in Close Combat several times in one turn and fights back each time (L615-L620)', () => {
  let k = craft({ at: { 'SCS-M1': [4, 4], 'SCS-R1': [6, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1', 'SCS-R1'] });
  k = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [4, 3]).k;
  const r = act(k, { type: 'closeCombat', unit: 'SCS-R1', target: 'CA-H1' }, [1, 4]); // 2 vs 5: defender wins
  assert.equal(unit(r.k, 'SCS-R1').crystals, 1);
});

test('#44 Infantry in Close Combat rolls 2d6 and keeps the higher, attacking and defending (L699-L700)', () => {
  let k = craft({ at: { 'SCS-I1': [4, 4], 'CA-I1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-I1'] });
  const r = act(k, { type: 'closeCombat', unit: 'SCS-I1', target: 'CA-I1' }, [0, 4, 1, 2]); // (1,5)->5 vs (2,3)->3
  const f = rolls(r.events);
  assert.deepEqual(f, [[1, 5], [2, 3]]);
  assert.deepEqual((evOf(r.events, 'combat_result')[0].data as { totals: number[] }).totals, [5, 3]);
  // a critical needs the kept die to be 1 (AMB-20)
  k = craft({ at: { 'SCS-I1': [4, 4], 'CA-I1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-I1'] });
  const c = act(k, { type: 'closeCombat', unit: 'SCS-I1', target: 'CA-I1' }, [0, 0, 3, 3, 14]);
  assert.equal((evOf(c.events, 'combat_result')[0].data as { outcome: string }).outcome, 'critical');
});

test('#44 Infantry rolls one d6 in ranged combat (L699)', () => {
  let k = craft({ at: { 'SCS-I1': [4, 2], 'CA-H1': [4, 5] }, hands: { 0: ['T3'] }, active: 0, phase: 'declare', ordered: ['SCS-I1'] });
  k = act(k, { type: 'attack', unit: 'SCS-I1', target: 'CA-H1', card: 'T3' }).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [3, 3]);
  assert.deepEqual(rolls(r.events), [[4], [4]]);
});

test('#47 a Target card damage bonus applies only when its user wins, after base damage (L496-L504, L650-L651)', () => {
  const data = { ...DATA, ws: [...DATA.ws, { id: 'T5X', kind: 'target' as const, value: 5, count: 1, bonus: { crystals: 1, condition: { targetType: ['H' as const] } } }] };
  const rs = makeAbaddon(data);
  const made = setupGame(rs, { scenario: 'm1', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: {} }, scriptedRng([], 'bonus'));
  assert.ok(!isViolation(made));
  let k = made.k;
  const s = k.s;
  s.terrain = [];
  for (const u of s.units) u.at = u.faction === 'SCS' ? [s.units.indexOf(u), 0] : [15 - s.units.indexOf(u) + 4, 9];
  s.units.find((u) => u.id === 'SCS-M1')!.at = [4, 2];
  s.units.find((u) => u.id === 'CA-H1')!.at = [4, 5];
  s.hands = [['T5X'], []];
  s.active = 0; s.phase = 'declare'; s.dice = [{ face: 'C', use: 'order', unit: 'SCS-M1' }]; s.step++;
  const step = (action: unknown, values: number[] = []) => {
    const d = openDecisions(rs, k)[0];
    const r = applyEntry(rs, k, { kind: 'answer', seat: d.seat, decision: d.id, action }, scriptedRng(values));
    if (isViolation(r)) throw new Error(r.code);
    k = r.k;
    return r;
  };
  step({ type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T5X' });
  const r = step({ type: 'resolve', attack: 1 }, [2, 5]); // 3+5 = 8 vs 6: 1 + bonus 1
  assert.equal(k.s.units.find((u) => u.id === 'CA-H1')!.crystals, 3);
  assert.equal((r.events.find((e) => e.type === 'combat_result')!.data as { bonus: number }).bonus, 1);
});
test('#50 Wild Fire "retain card": a marker goes on the unit and the card stays in front of its owner (L737-L742)', () => {
  const k = act(losDuel({ hand0: ['T8'] }), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T8' }).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [0, 4, 17]); // WF18 retains marker WFM01 (cannotMove)
  const h = unit(r.k, 'CA-H1');
  assert.deepEqual(h.markers, ['WFM01']);
  assert.deepEqual(r.k.s.retained, [{ card: 'WF18', unit: 'CA-H1', marker: 'WFM01', seat: 1 }]);
  assert.equal(abaddon.view(r.k.s, null).retained.length, 1, 'retained cards are public');
});

test('#50 marker effects persist: cannotMove / cannotBeOrdered / cannotRanged', () => {
  let k = craft({ at: { 'SCS-M1': [4, 4] }, active: 0, phase: 'move', ordered: ['SCS-M1'] });
  unit(k, 'SCS-M1').markers = ['WFM01'];
  assert.equal(tryAct(k, { type: 'move', unit: 'SCS-M1', to: [4, 5] }), 'unit_cannot_move');
  k = craft({ at: { 'SCS-M1': [4, 2], 'CA-H1': [4, 5] }, hands: { 0: ['T3'] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  unit(k, 'SCS-M1').markers = ['WFM06'];
  assert.equal(tryAct(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }), 'unit_cannot_fire');
  k = craft({ active: 0, phase: 'orders' });
  k.s.dice = [{ face: 'C', use: null }];
  unit(k, 'SCS-M1').markers = ['WFM10'];
  assert.equal(tryAct(k, { type: 'assign', die: 0, unit: 'SCS-M1' }), 'unit_cannot_be_ordered');
});

test('#53 a unit losing its last crystal is destroyed and removed from the board (L139-L141)', () => {
  const k = craft({ at: { 'SCS-M1': [4, 2], 'CA-H1': [4, 5] }, crystals: { 'CA-H1': 1 }, hands: { 0: ['T3'] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  const k2 = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  const r = act(k2, { type: 'resolve', attack: 1 }, [4, 2]);
  const u = unit(r.k, 'CA-H1');
  assert.equal(u.status, 'destroyed');
  assert.equal(u.at, null);
  assert.equal(r.k.s.cup.SCS, 1, 'only the crystals actually removed score');
  assert.equal(r.k.s.kills.SCS, 1);
});

test('#65 standing orders: "counter-fire with my best Target, else AMM, else shield" (covers reads only public facts)', () => {
  let k = losDuel({ hand1: ['T2', 'T7', 'AMM'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  const d = decisions(k)[0];
  const order = { id: 'o1', match: { kind: 'respond' }, rule: { respond: 'counterFireElseAmm' } };
  assert.equal(abaddon.covers!(abaddon.view(k.s, null), d, order), true);
  const a = abaddon.answer!(abaddon.view(k.s, 1), d, order);
  assert.deepEqual(a, { type: 'respond', unit: 'CA-H1', attack: 1, card: 'T7' });
  assert.equal(abaddon.validate(k.s, 1, abaddon.pending(k.s)[0], a), null);
  k.s.hands[1] = ['AMM', 'DB'];
  assert.deepEqual(abaddon.answer!(abaddon.view(k.s, 1), d, order), { type: 'respond', unit: 'CA-H1', attack: 1, card: 'AMM' });
  k.s.hands[1] = ['DB'];
  assert.deepEqual(abaddon.answer!(abaddon.view(k.s, 1), d, order), { type: 'pass', unit: 'CA-H1' });
  assert.equal(abaddon.covers!(abaddon.view(k.s, null), d, { id: 'o2', match: { kind: 'ammWindow' }, rule: { amm: 'always' } }), false);
});

test('#9 with the real per-entry RNG, attacker and defender dice are independent draws of one stream', async () => {
  const { entryRng } = await import('../../../src/engine/rng.js');
  const pairs = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const k = craft({ at: { 'SCS-R1': [4, 4], 'CA-R1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-R1'] });
    const d = decisions(k)[0];
    const r = applyEntry(abaddon, k, { kind: 'answer', seat: 0, decision: d.id, action: { type: 'closeCombat', unit: 'SCS-R1', target: 'CA-R1' } }, entryRng('seed', `g${i}`, 5));
    assert.ok(!isViolation(r));
    const f = r.events.filter((e) => e.type === 'dice_rolled').map((e) => (e.data as { faces: number[] }).faces[0]);
    pairs.add(f.join(','));
  }
  assert.ok([...pairs].some((p) => p.split(',')[0] !== p.split(',')[1]), 'not always equal');
  assert.ok(pairs.size > 10);
});

test('#50 Wild Fire engine is data-driven: a "gain crystals" card adds from the supply, never from a cup (AMB-24)', () => {
  const data = { ...DATA, wf: DATA.wf.map((c, i) => (i === 0 ? { ...c, effect: { type: 'gainCrystals' as const, n: 2 } } : c)) };
  const rs = makeAbaddon(data);
  const made = setupGame(rs, { scenario: 'm1', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: {} }, scriptedRng([], 'gain'));
  assert.ok(!isViolation(made));
  let k = made.k;
  const s = k.s;
  s.terrain = [];
  s.units.find((u) => u.id === 'SCS-M1')!.at = [4, 4];
  s.units.find((u) => u.id === 'CA-H1')!.at = [5, 5];
  s.active = 0; s.phase = 'resolve'; s.dice = [{ face: 'C', use: 'order', unit: 'SCS-M1' }]; s.step++;
  const d = openDecisions(rs, k)[0];
  const r = applyEntry(rs, k, { kind: 'answer', seat: 0, decision: d.id, action: { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' } }, scriptedRng([0, 5, 0]));
  assert.ok(!isViolation(r));
  k = r.k;
  assert.equal(k.s.units.find((u) => u.id === 'CA-H1')!.crystals, 7);
  assert.equal(k.s.gained, 2);
  assert.deepEqual(k.s.cup, { SCS: 0, CA: 0 });
});
