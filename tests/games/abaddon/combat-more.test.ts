// Combat rules not pinned by combat.test.ts (spec 5.9-5.11, 5.4, 7, 8), found by mutation
// testing rules.ts lines 643-763: a critical scored by the defender alone, the card bonus under
// super-charged shielding and its printed conditions, the LRB's printed Heavy bonus, the cards a
// combat discards, a lapsed attack's cards (back in sorted hands, seen only by their team), the
// Doomsday Bolt's outcome, and what each combat tells the players (its events).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { abaddon, act, craft, evOf, unit } from './helpers.js';
import { makeAbaddon } from '../../../src/games/abaddon/index.js';
import { DATA, type GameData } from '../../../src/games/abaddon/data.js';
import { applyEntry, openDecisions, setupGame, type KState } from '../../../src/engine/kernel.js';
import { entryRng, scriptedRng } from '../../../src/engine/rng.js';
import type { GameEvent, Rng, Ruleset } from '../../../src/engine/types.js';
import { isViolation } from '../../../src/engine/types.js';
import type { AbState } from '../../../src/games/abaddon/state.js';
import type { XY } from '../../../src/games/abaddon/data.js';

const data = (o: { extra?: GameData['ws']; lrb?: Partial<GameData['ws'][number]> } = {}): GameData => ({
  ...DATA,
  ws: [...DATA.ws.map((c) => (c.id === 'LRB' && o.lrb ? { ...c, ...o.lrb } as GameData['ws'][number] : c)), ...(o.extra ?? [])],
});

/** A two-seat position of `mission` under rules built from `d`: no terrain, listed units placed. */
function position(rs: Ruleset, mission: string, at: Record<string, XY>, hands: string[][], phase: AbState['phase'], ordered: string[]) {
  const made = setupGame(rs, { scenario: mission, seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: {} }, scriptedRng([], 'pos'));
  assert.ok(!isViolation(made), 'setup');
  let k = (made as { k: KState<AbState> }).k;
  const s = k.s;
  s.terrain = [];
  let ps = 0;
  let pc = 0;
  for (const u of s.units) u.at = u.faction === 'SCS' ? [ps++, 0] : [15 - pc++, 9];
  for (const u of s.units) u.status = 'board';
  for (const [id, c] of Object.entries(at)) s.units.find((u) => u.id === id)!.at = c;
  s.hands = hands.map((h) => h.slice().sort());
  s.active = 0; s.phase = phase; s.dice = ordered.map((unit) => ({ face: 'C' as const, use: 'order' as const, unit })); s.step++;
  s.moved = []; s.battled = []; s.attacks = []; s.respond = []; s.responded = []; s.lockons = [];
  const step = (action: unknown, values: number[] = [], rng?: Rng): { k: KState<AbState>; events: GameEvent[] } => {
    const d = openDecisions(rs, k)[0];
    const r = applyEntry(rs, k, { kind: 'answer', seat: d.seat, decision: d.id, action }, rng ?? scriptedRng(values, 'step'));
    if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
    k = r.k as KState<AbState>;
    return { k, events: r.events };
  };
  return { get k() { return k; }, step };
}

const crystals = (k: KState<AbState>, id: string) => k.s.units.find((u) => u.id === id)!.crystals;
/** The combat's result, which every player and spectator sees. */
const result = (events: GameEvent[]) => {
  const e = evOf(events, 'combat_result');
  assert.equal(e.length, 1, 'one combat result');
  assert.equal(e[0].to, 'all', 'a combat result is public');
  return e[0].data as { outcome: string; damage?: number; bonus?: number; criticalOn?: string[] };
};
const battleRolls = (events: GameEvent[]) => evOf(events, 'dice_rolled').filter((e) => (e.data as { purpose: string }).purpose === 'battle').map((e) => e.data);

/** SCS-M1 (d8) at (4,2) fires at CA-H1 (d10) at (4,5). */
const losDuel = (hand0 = ['T3'], hand1: string[] = []) =>
  craft({ at: { 'SCS-M1': [4, 2], 'CA-H1': [4, 5] }, hands: { 0: hand0, 1: hand1 }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });

test('5.11 a critical scored by the counter-firing defender alone hits only the attacker', () => {
  let k = act(losDuel(['T3'], ['T1']), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  k = act(k, { type: 'respond', unit: 'CA-H1', attack: 1, card: 'T1' }, [], 1).k;
  const r = act(k, { type: 'resolve', attack: 1 }, [4, 0, 0]); // d8 -> 5, d10 -> 1: the defender's critical; WF01 (lose 1)
  assert.deepEqual(result(r.events).criticalOn, ['SCS-M1']);
  assert.deepEqual(evOf(r.events, 'wild_fire').map((e) => (e.data as { unit: string }).unit), ['SCS-M1']);
  assert.equal(unit(r.k, 'SCS-M1').crystals, 3);
  assert.equal(unit(r.k, 'CA-H1').crystals, 5);
  assert.equal(r.k.s.cup.CA, 1);
});

test('5.11 under super-charged shielding (M5) a win below double does no damage and so gets no card bonus', () => {
  const rs = makeAbaddon(data({ extra: [{ id: 'TB', kind: 'target', value: 5, count: 1, bonus: { crystals: 1 } }] }));
  const p = position(rs, 'm5', { 'SCS-H1': [4, 2], 'CA-H1': [4, 5] }, [['TB'], []], 'declare', ['SCS-H1']);
  p.step({ type: 'attack', unit: 'SCS-H1', target: 'CA-H1', card: 'TB' });
  const r = p.step({ type: 'resolve', attack: 1 }, [1, 5]); // 2+5 = 7 vs 6: below double
  assert.equal(result(r.events).damage, 0);
  assert.equal(result(r.events).bonus, 0);
  assert.equal(crystals(r.k, 'CA-H1'), 5);
});

test('5.11 a card bonus counts only when its printed condition holds (target type, firer type), always without one', () => {
  const rs = makeAbaddon(data({
    extra: [
      { id: 'TH', kind: 'target', value: 3, count: 1, bonus: { crystals: 1, condition: { targetType: ['H'] } } },
      { id: 'TF', kind: 'target', value: 3, count: 1, bonus: { crystals: 1, condition: { firerType: ['H'] } } },
      { id: 'TU', kind: 'target', value: 3, count: 1, bonus: { crystals: 2 } },
    ],
  }));
  const fire = (firer: string, card: string) => {
    const p = position(rs, 'm1', { [firer]: [4, 2], 'CA-M1': [4, 5] }, [[card], []], 'declare', [firer]);
    p.step({ type: 'attack', unit: firer, target: 'CA-M1', card });
    // firer's die shows 5 (+3 = 8), the Medium Link's d8 shield shows 5: a win below double, 1 crystal
    const r = p.step({ type: 'resolve', attack: 1 }, [4, 4]);
    return { left: crystals(r.k, 'CA-M1'), bonus: result(r.events).bonus };
  };
  assert.deepEqual(fire('SCS-M1', 'TH'), { left: 3, bonus: 0 }, 'target is not a Heavy Link');
  assert.deepEqual(fire('SCS-M1', 'TF'), { left: 3, bonus: 0 }, 'firer is not a Heavy Link');
  assert.deepEqual(fire('SCS-H1', 'TF'), { left: 2, bonus: 1 }, 'firer is a Heavy Link');
  assert.deepEqual(fire('SCS-M1', 'TU'), { left: 1, bonus: 2 }, 'no condition');
});

test('5.10.3 the LRB\'s Heavy bonus is the one printed on the card, +1 when the card prints none', () => {
  const total = (lrb: Partial<GameData['ws'][number]>) => {
    const rs = makeAbaddon(data({ lrb }));
    const p = position(rs, 'm1', { 'SCS-H1': [2, 1], 'CA-M1': [2, 8] }, [['LRB'], []], 'declare', ['SCS-H1']);
    p.step({ type: 'attack', unit: 'SCS-H1', target: 'CA-M1', card: 'LRB' });
    // the defender holds no card, so no AMM window: the roll follows at once
    const r = p.step({ type: 'resolve', attack: 1 }, [4, 4]);
    return (result(r.events) as unknown as { totals: number[] }).totals;
  };
  assert.deepEqual(total({ heavyBonus: 2 }), [7, 5]);
  assert.deepEqual(total({ heavyBonus: undefined }), [6, 5]);
});

test('5.11 a combat discards exactly the cards it used: none in Close Combat, the attacker\'s alone when shielded', () => {
  const cc = craft({ at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  const before = cc.s.ws.discard.slice();
  const r = act(cc, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [4, 2]);
  assert.deepEqual(r.k.s.ws.discard, before);
  const k = act(losDuel(), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  const shot = act(k, { type: 'resolve', attack: 1 }, [3, 4]);
  assert.deepEqual(shot.k.s.ws.discard, [...k.s.ws.discard, 'T3']);
});

/** #42's position: attack 1 destroys CA-H1, so attack 2 (SCS-R1's) lapses; attack 3 is still to come. */
function lapsing(response: boolean) {
  let k = craft({
    at: { 'SCS-M1': [4, 2], 'SCS-R1': [2, 3], 'CA-H1': [4, 5], 'SCS-H1': [10, 2], 'CA-M1': [10, 5] }, crystals: { 'CA-H1': 1 },
    hands: { 0: ['T3', 'T8', 'T2', 'T5'], 1: ['T1', 'T6'] }, active: 0, phase: 'declare', ordered: ['SCS-M1', 'SCS-R1', 'SCS-H1'],
  });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T8' }).k;
  k = act(k, { type: 'attack', unit: 'SCS-R1', target: 'CA-H1', card: 'T3' }).k;
  k = act(k, { type: 'attack', unit: 'SCS-H1', target: 'CA-M1', card: 'T2' }).k;
  if (response) k = act(k, { type: 'respond', unit: 'CA-H1', attack: 2, card: 'T1' }, [], 1).k;
  else k = act(k, { type: 'pass', unit: 'CA-H1' }, [], 1).k;
  k = act(k, { type: 'pass', unit: 'CA-M1' }, [], 1).k;
  k = act(k, { type: 'resolve', attack: 1 }, [5, 1]).k;
  assert.equal(unit(k, 'CA-H1').status, 'destroyed');
  return { before: k, ...act(k, { type: 'resolve', attack: 2 }) };
}

test('AMB-18 a lapsed attack\'s cards go back to sorted hands, each seen only by its own team', () => {
  const r = lapsing(true);
  assert.equal(r.k.s.phase, 'resolve', 'attack 3 is still to resolve');
  // each returned card is sorted in among the cards still held (T3 before T5, T1 before T6)
  assert.deepEqual(r.k.s.hands[0], ['T3', 'T5']);
  assert.deepEqual(r.k.s.hands[1], ['T1', 'T6']);
  assert.deepEqual(r.events.map((e) => ({ type: e.type, to: e.to, data: e.data, others: e.others })), [
    { type: 'attack_lapsed', to: 'all', data: { attack: 2 }, others: undefined },
    { type: 'cards_returned', to: { seats: [0] }, data: { seat: 0, cards: ['T3'] }, others: { seat: 0, count: 1 } },
    { type: 'cards_returned', to: { seats: [1] }, data: { seat: 1, cards: ['T1'] }, others: { seat: 1, count: 1 } },
  ]);
  // the face-down cards never showed: each side's view still hides the other's
  const attack2 = (seat: number) => (abaddon.view(r.k.s, seat) as { attacks: { id: number; card: unknown; response: unknown }[] }).attacks.find((a) => a.id === 2)!;
  assert.notEqual(attack2(1).card, 'T3');
  assert.notEqual(attack2(0).response, 'T1');
  // no response: the defender's hand is untouched, one card returns
  const n = lapsing(false);
  assert.deepEqual(n.k.s.hands[1], n.before.s.hands[1]);
  assert.deepEqual(evOf(n.events, 'cards_returned').map((e) => e.data), [{ seat: 0, cards: ['T3'] }]);
});

test('combat events: each battle die with its side and die, the outcome, cards revealed or cancelled', () => {
  // shielded LOS fire that the attacker wins
  let k = act(losDuel(), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  let r = act(k, { type: 'resolve', attack: 1 }, [3, 4]); // 4+3 = 7 vs 5
  assert.deepEqual(battleRolls(r.events), [
    { purpose: 'battle', faces: [4], unit: 'SCS-M1', side: 'attacker', die: 'd8' },
    { purpose: 'battle', faces: [5], unit: 'CA-H1', side: 'shield', die: 'd10' },
  ]);
  assert.deepEqual(evOf(r.events, 'attack_revealed').map((e) => [e.to, e.data]), [['all', { attack: 1, unit: 'SCS-M1', target: 'CA-H1', card: 'T3', response: null }]]);
  assert.equal(result(r.events).outcome, 'attacker_wins');
  assert.deepEqual(evOf(r.events, 'crystals_lost').map((e) => (e.data as { cause: string }).cause), ['combat']);
  // shields hold
  r = act(k, { type: 'resolve', attack: 1 }, [0 + 1, 9]);
  assert.equal(result(r.events).outcome, 'shields_hold');
  // a tie: each player draws one card, for the tie
  r = act(k, { type: 'resolve', attack: 1 }, [2, 5]);
  assert.equal(result(r.events).outcome, 'tie');
  assert.deepEqual(evOf(r.events, 'ws_drawn').map((e) => (e.data as { reason: string }).reason), ['tie', 'tie']);
  // counter-fire the defender wins: its side is 'defender'
  k = act(losDuel(['T3'], ['T8']), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  k = act(k, { type: 'respond', unit: 'CA-H1', attack: 1, card: 'T8' }, [], 1).k;
  r = act(k, { type: 'resolve', attack: 1 }, [1, 4]); // 2+3 = 5 vs 5+8 = 13
  assert.deepEqual(battleRolls(r.events).map((d) => (d as { side: string }).side), ['attacker', 'defender']);
  assert.equal(result(r.events).outcome, 'defender_wins');
  // an AMM response cancels the attack
  k = act(losDuel(['T3'], ['AMM']), { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  k = act(k, { type: 'respond', unit: 'CA-H1', attack: 1, card: 'AMM' }, [], 1).k;
  r = act(k, { type: 'resolve', attack: 1 });
  assert.deepEqual(evOf(r.events, 'attack_cancelled').map((e) => [e.to, e.data]), [['all', { attack: 1, by: 'amm' }]]);
  // Infantry in Close Combat: both d6, the higher kept
  const cc = craft({ at: { 'SCS-I1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-I1'] });
  r = act(cc, { type: 'closeCombat', unit: 'SCS-I1', target: 'CA-H1' }, [1, 4, 2]);
  assert.deepEqual(battleRolls(r.events)[0], { purpose: 'battle', faces: [2, 5], unit: 'SCS-I1', side: 'attacker', die: 'd6 green + d6 blue, keep higher', kept: 5 });
});

test('a card bonus removes its crystals as a card bonus, after the combat\'s', () => {
  const rs = makeAbaddon(data({ extra: [{ id: 'TU', kind: 'target', value: 3, count: 1, bonus: { crystals: 1 } }] }));
  const p = position(rs, 'm1', { 'SCS-M1': [4, 2], 'CA-M1': [4, 5] }, [['TU'], []], 'declare', ['SCS-M1']);
  p.step({ type: 'attack', unit: 'SCS-M1', target: 'CA-M1', card: 'TU' });
  const r = p.step({ type: 'resolve', attack: 1 }, [4, 4]);
  assert.deepEqual(evOf(r.events, 'crystals_lost').map((e) => [(e.data as { cause: string }).cause, (e.data as { n: number }).n]), [['combat', 1], ['card_bonus', 1]]);
});

test('5.4 Doomsday Bolt: the re-rolled die is told to all; a hit empties the target into the firer\'s cup, a miss is told', () => {
  const k = craft({ active: 0, phase: 'orders', hands: { 0: ['DB'] } });
  k.s.dice = [{ face: 'C', use: null }, { face: 'WS', use: 'ws' }];
  unit(k, 'CA-H1').crystals = 4;
  const hit = act(k, { type: 'bolt', die: 0, target: 'CA-H1' }, [0]);
  assert.deepEqual(evOf(hit.events, 'dice_rolled').map((e) => e.data), [{ purpose: 'doomsday_bolt', faces: ['H'], seat: 0, target: 'CA-H1', die: 0 }]);
  assert.deepEqual(evOf(hit.events, 'crystals_lost').map((e) => [e.to, e.data]), [['all', { unit: 'CA-H1', n: 4, cup: 'SCS', cause: 'doomsday_bolt', left: 0 }]]);
  const miss = act(k, { type: 'bolt', die: 0, target: 'CA-H1' }, [5]);
  assert.deepEqual(evOf(miss.events, 'bolt_missed').map((e) => [e.to, e.data]), [['all', { target: 'CA-H1', face: 'C' }]]);
  assert.equal(unit(miss.k, 'CA-H1').crystals, 4);
});

test('8 battle dice and the bolt\'s re-roll come from the entry\'s dice stream, so a stored game replays the same rolls', () => {
  const cc = craft({ at: { 'SCS-R1': [4, 4], 'CA-R1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-R1'] });
  const d = openDecisions(abaddon, cc)[0];
  const r = applyEntry(abaddon, cc, { kind: 'answer', seat: 0, decision: d.id, action: { type: 'closeCombat', unit: 'SCS-R1', target: 'CA-R1' } }, entryRng('seed', 'g', 5));
  assert.ok(!isViolation(r), 'close combat');
  const dice = entryRng('seed', 'g', 5).fork('dice');
  assert.deepEqual(battleRolls((r as { events: GameEvent[] }).events).map((x) => (x as { faces: number[] }).faces[0]), [dice.int(6) + 1, dice.int(6) + 1]);
  const k = craft({ active: 0, phase: 'orders', hands: { 0: ['DB'] } });
  k.s.dice = [{ face: 'C', use: null }];
  const bd = openDecisions(abaddon, k)[0];
  const b = applyEntry(abaddon, k, { kind: 'answer', seat: 0, decision: bd.id, action: { type: 'bolt', die: 0, target: 'CA-H1' } }, entryRng('seed', 'g', 6));
  assert.ok(!isViolation(b), 'bolt');
  const face = ['H', 'M', 'R', 'I', 'WS', 'C'][entryRng('seed', 'g', 6).fork('dice').int(6)];
  assert.deepEqual(evOf((b as { events: GameEvent[] }).events, 'dice_rolled').map((e) => (e.data as { faces: string[] }).faces), [[face]]);
});
