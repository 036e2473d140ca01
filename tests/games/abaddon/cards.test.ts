// Card rules not pinned by flow.test.ts (spec 5.3, 2.7, 5.11, 8; AMB-11, AMB-12), found by
// mutation testing rules.ts lines 160-295: an empty deck re-formed from its discard (or the draw
// skipped), known top cards drawn first, a Reboot Decks card that is the last card left, the
// decks re-formed after a Reboot, Wild Fire with no card left, one marker removed among several,
// a destroyed unit's retained cards, and what each of these tells the players.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { abaddon, act, craft, evOf, start, unit, type K } from './helpers.js';
import { makeAbaddon } from '../../../src/games/abaddon/index.js';
import { DATA } from '../../../src/games/abaddon/data.js';
import { Rules } from '../../../src/games/abaddon/rules.js';
import { applyEntry, openDecisions, setupGame, type KState } from '../../../src/engine/kernel.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import type { GameEvent, Rng } from '../../../src/engine/types.js';
import { isViolation } from '../../../src/engine/types.js';
import type { AbState } from '../../../src/games/abaddon/state.js';

const shown = (events: GameEvent[], type: string) => evOf(events, type).map((e) => [e.to, e.data]);

/** SCS-M1 (d8) at (4,2) has declared T3 at CA-H1 (d10) at (4,5); `deck` sets the WS deck first. */
function tieReady(deck: { pool: string[]; top?: string[]; discard?: string[] }, hand0 = ['T3']): K {
  let k = craft({ at: { 'SCS-M1': [4, 2], 'CA-H1': [4, 5] }, hands: { 0: hand0, 1: [] }, active: 0, phase: 'declare', ordered: ['SCS-M1'] });
  k = act(k, { type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }).k;
  k.s.ws = { pool: deck.pool, top: deck.top ?? [], discard: deck.discard ?? [] };
  return k;
}
/** Resolves the attack as a tie (3+3 vs 6): each player draws one card, the attacker first. */
const tie = (k: K, draws: number[] = []) => act(k, { type: 'resolve', attack: 1 }, [2, 5, ...draws]);

test('AMB-12 an empty deck is re-formed from its discard pile, in one order whatever the discards\' order, and told to all', () => {
  const r = tie(tieReady({ pool: [], discard: ['T5', 'T4'] }), [0, 0]);
  // the re-formed pool is [T4, T5]: the attacker's draw (index 0) is T4, the defender's T5
  assert.deepEqual(r.k.s.hands, [['T4'], ['T5']]);
  assert.deepEqual(shown(r.events, 'deck_reshuffled'), [['all', { deck: 'ws', reason: 'empty', size: 2 }]]);
  assert.deepEqual(r.k.s.ws.discard, ['T3'], 'the discard pile became the deck; only the combat\'s card is discarded after');
  assert.deepEqual(shown(r.events, 'decks_reshuffled'), [], 'no Reboot, no re-forming of both decks');
});

test('5.3 both piles empty: no reshuffle, the draw is skipped (and still told)', () => {
  const r = tie(tieReady({ pool: [], discard: [] }));
  assert.deepEqual(r.k.s.hands, [[], []]);
  assert.deepEqual(shown(r.events, 'deck_reshuffled'), []);
  assert.deepEqual(evOf(r.events, 'ws_drawn').map((e) => (e.data as { cards: string[] }).cards), [[], []]);
});

test('known cards on top of the deck are drawn first, in order, even when the rest of the deck is empty; a hand stays sorted', () => {
  const r = tie(tieReady({ pool: [], top: ['T7', 'T1'], discard: ['T2'] }, ['T3', 'T8']));
  assert.deepEqual(r.k.s.hands, [['T7', 'T8'], ['T1']]);
  assert.deepEqual(r.k.s.ws.top, []);
  assert.deepEqual(r.k.s.ws.discard, ['T2', 'T3'], 'the discard pile stays: no deck was empty');
  assert.equal(r.k.s.rebootPending, false);
});

test('AMB-11 a Reboot Decks card that is the last card of the deck is played once; the draw that finds only it again stops', () => {
  const k = tieReady({ pool: ['RB', 'T1'] });
  k.s.wf = { pool: k.s.wf.pool.filter((c) => c !== 'WF01' && c !== 'WF02'), top: [], discard: ['WF02', 'WF01'] };
  const r = tie(k, [0]);
  // the attacker draws RB (played, replaced by T1); the defender's draw finds the deck empty, the
  // discard holding only the played RB: re-formed as a one-card deck of it, which is not drawn again
  assert.deepEqual(shown(r.events, 'reboot_decks'), [['all', { seat: 0, card: 'RB' }]]);
  assert.deepEqual(r.k.s.hands, [['T1'], []]);
  assert.deepEqual(shown(r.events, 'wild_fire_cleared'), [['all', { cards: 0 }]]);
  // after the drawing step both decks are re-formed with their discards, in one order
  assert.deepEqual(shown(r.events, 'decks_reshuffled'), [['all', { reason: 'reboot', ws: 1, wf: 30 }]]);
  assert.deepEqual(r.k.s.ws.discard, ['T3']);
  assert.deepEqual(r.k.s.wf.discard, []);
  assert.deepEqual([r.k.s.ws.top, r.k.s.wf.top], [[], []], 're-formed decks have no known top cards');
  assert.deepEqual(r.k.s.wf.pool, r.k.s.wf.pool.slice().sort());
  assert.deepEqual(r.k.s.wf.pool.slice(0, 2), ['WF01', 'WF02']);
  assert.equal(r.k.s.rebootPending, false);
});

test('2.7 a Reboot discards the retained Wild Fire cards and says how many', () => {
  const k = tieReady({ pool: ['RB', 'T1', 'T2'] });
  unit(k, 'CA-H1').markers = ['WFM03'];
  k.s.retained = [{ card: 'WF20', unit: 'CA-H1', marker: 'WFM03', seat: 1 }];
  k.s.wf.pool = k.s.wf.pool.filter((c) => c !== 'WF20');
  const r = tie(k, [0, 0]);
  assert.deepEqual(shown(r.events, 'wild_fire_cleared'), [['all', { cards: 1 }]]);
});

test('#28 removing one Wild Fire marker discards only its card; the unit\'s other markers and other units\' cards stay', () => {
  const k = craft({ active: 0, phase: 'orders' });
  k.s.dice = [{ face: 'C', use: null }, { face: 'H', use: null }];
  unit(k, 'CA-H1').markers = ['WFM03', 'WFM01'];
  unit(k, 'SCS-H1').markers = ['WFM03'];
  k.s.retained = [
    { card: 'WF20', unit: 'CA-H1', marker: 'WFM03', seat: 1 },
    { card: 'WF18', unit: 'CA-H1', marker: 'WFM01', seat: 1 },
    { card: 'WF21', unit: 'SCS-H1', marker: 'WFM03', seat: 0 },
  ];
  const r = act(k, { type: 'removeMarker', die: 0, unit: 'CA-H1', marker: 'WFM03' });
  assert.deepEqual(unit(r.k, 'CA-H1').markers, ['WFM01']);
  assert.deepEqual(unit(r.k, 'SCS-H1').markers, ['WFM03']);
  assert.deepEqual(r.k.s.retained.map((x) => x.card), ['WF18', 'WF21']);
  assert.deepEqual(r.k.s.wf.discard, ['WF20']);
});

test('5.4 a destroyed unit\'s retained Wild Fire cards are discarded, not another unit\'s; its destruction is told to all', () => {
  const k = craft({ active: 0, phase: 'orders', hands: { 0: ['DB'] } });
  k.s.dice = [{ face: 'C', use: null }, { face: 'WS', use: 'ws' }];
  unit(k, 'CA-H1').markers = ['WFM03'];
  unit(k, 'SCS-H1').markers = ['WFM01'];
  k.s.retained = [{ card: 'WF20', unit: 'CA-H1', marker: 'WFM03', seat: 1 }, { card: 'WF18', unit: 'SCS-H1', marker: 'WFM01', seat: 0 }];
  const r = act(k, { type: 'bolt', die: 0, target: 'CA-H1' }, [0]);
  assert.deepEqual(r.k.s.retained.map((x) => x.card), ['WF18']);
  assert.deepEqual(unit(r.k, 'CA-H1').markers, [], 'its markers return to the pool');
  assert.deepEqual(unit(r.k, 'SCS-H1').markers, ['WFM01']);
  assert.deepEqual(r.k.s.wf.discard, ['WF20']);
  assert.deepEqual(shown(r.events, 'unit_destroyed'), [['all', { unit: 'CA-H1', by: 'SCS', battleDamage: 0 }]]);
});

test('2.7 a critical with no Wild Fire card left in deck or discard is skipped and told', () => {
  const k = craft({ at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  k.s.wf = { pool: [], top: [], discard: [] };
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [0, 5]);
  assert.deepEqual(shown(r.events, 'wild_fire_skipped'), [['all', { unit: 'CA-H1' }]]);
  assert.equal(unit(r.k, 'CA-H1').crystals, 5);
});

test('2.7 a Wild Fire card is shown to all; its crystals are lost to Wild Fire, or gained and told', () => {
  const k = craft({ at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [0, 5, 0]); // WF01: lose 1
  assert.deepEqual(evOf(r.events, 'wild_fire').map((e) => [e.to, (e.data as { card: string }).card]), [['all', 'WF01']]);
  assert.deepEqual(shown(r.events, 'crystals_lost'), [['all', { unit: 'CA-H1', n: 1, cup: 'SCS', cause: 'wild_fire', left: 4 }]]);
  const rs = makeAbaddon({ ...DATA, wf: DATA.wf.map((c, i) => (i === 0 ? { ...c, effect: { type: 'gainCrystals' as const, n: 2 } } : c)) });
  const made = setupGame(rs, { scenario: 'm1', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: {} }, scriptedRng([], 'gain'));
  assert.ok(!isViolation(made), 'setup');
  const g = (made as { k: KState<AbState> }).k;
  g.s.terrain = [];
  g.s.units.find((u) => u.id === 'SCS-M1')!.at = [4, 4];
  g.s.units.find((u) => u.id === 'CA-H1')!.at = [5, 5];
  g.s.active = 0; g.s.phase = 'resolve'; g.s.dice = [{ face: 'C', use: 'order', unit: 'SCS-M1' }]; g.s.step++;
  const d = openDecisions(rs, g)[0];
  const gr = applyEntry(rs, g, { kind: 'answer', seat: 0, decision: d.id, action: { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' } }, scriptedRng([0, 5, 0]));
  assert.ok(!isViolation(gr), 'close combat');
  assert.deepEqual(shown((gr as { events: GameEvent[] }).events, 'crystals_gained'), [['all', { unit: 'CA-H1', n: 2, left: 7 }]]);
});

test('8 WS and WF draws come from the entry\'s deck:ws and deck:wf streams, battle dice from its dice stream', () => {
  const labels: string[] = [];
  const record = (r: Rng): Rng => ({
    int: (n) => r.int(n), shuffle: (xs) => r.shuffle(xs), get draws() { return r.draws; },
    fork: (label) => { labels.push(label); return record(r.fork(label)); },
  });
  // a critical (WF draw), then a tie (two WS draws)
  const k = craft({ at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  const d = openDecisions(abaddon, k)[0];
  const r = applyEntry(abaddon, k, { kind: 'answer', seat: 0, decision: d.id, action: { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' } }, record(scriptedRng([0, 5, 0])));
  assert.ok(!isViolation(r), 'critical');
  assert.deepEqual([...new Set(labels)], ['dice', 'deck:wf']);
  labels.length = 0;
  const t = tieReady({ pool: ['T1', 'T2'] });
  const td = openDecisions(abaddon, t)[0];
  const tr = applyEntry(abaddon, t, { kind: 'answer', seat: 0, decision: td.id, action: { type: 'resolve', attack: 1 } }, record(scriptedRng([2, 5, 0])));
  assert.ok(!isViolation(tr), 'tie');
  assert.deepEqual([...new Set(labels)], ['dice', 'deck:ws']);
});

test('2.7 a Wild Fire card with no lasting effect is discarded at once', () => {
  const k = craft({ at: { 'SCS-M1': [4, 4], 'CA-H1': [5, 5] }, active: 0, phase: 'resolve', ordered: ['SCS-M1'] });
  const r = act(k, { type: 'closeCombat', unit: 'SCS-M1', target: 'CA-H1' }, [0, 5, 14]); // WF15: no effect
  assert.deepEqual(r.k.s.wf.discard, ['WF15']);
  assert.deepEqual(r.k.s.retained, []);
  assert.equal(unit(r.k, 'CA-H1').crystals, 5);
});

test('#16 M8: a unit landing on an enemy keeps a "retain" Wild Fire card drawn before it is placed', () => {
  // SCS-M1 lands free; SCS-R1 lands on CA-H1 and draws WF18 (retain, marker WFM01)
  const { k } = start('m8', [2, 0, 4, 4, 17]);
  assert.deepEqual(unit(k, 'SCS-R1').markers, ['WFM01']);
  assert.deepEqual(k.s.retained.map((x) => [x.card, x.unit, x.marker]), [['WF18', 'SCS-R1', 'WFM01']]);
  assert.ok(!k.s.wf.discard.includes('WF18'), 'a retained card is not discarded');
});

test('AMB-11 a played Reboot shuffled back among other cards does not stop the drawing: only a deck of the Reboot alone does', () => {
  // the attacker draws RB (the deck's only card), played; its replacement finds the deck empty and
  // re-forms it from the discard (RB, T1): T1 is drawn. The defender then finds only RB: nothing.
  const r = tie(tieReady({ pool: ['RB'], discard: ['T1'] }), [0, 1]);
  assert.deepEqual(r.k.s.hands, [['T1'], []]);
  assert.equal(evOf(r.events, 'reboot_decks').length, 1);
});

test('5.3 a draw of no cards tells nothing (M16: a company dealt no cards)', () => {
  const { k } = start('m1');
  const ev: GameEvent[] = [];
  new Rules(DATA).drawWS(k.s, 0, 0, scriptedRng([]), ev, 'deal');
  assert.deepEqual(ev, []);
  new Rules(DATA).drawWS(k.s, 0, 1, scriptedRng([0]), ev, 'deal');
  assert.equal(ev.length, 1);
});
