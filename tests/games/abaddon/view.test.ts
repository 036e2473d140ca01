// What each seat may see (spec §7): hands to their owner and teammates only (sizes public), deck
// order to no one (sizes and discards public), a face-down Target card only as "a Target card"
// and a face-down response only as "a card" to the other side until revealed, relay numbers to
// their holder until that holder's turn starts (3-4 players), everything public to all. And the
// determinization: a full state sampled from a view is consistent with it, key for key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { craft, type K } from './helpers.js';
import { DATA } from '../../../src/games/abaddon/data.js';
import { Rules } from '../../../src/games/abaddon/rules.js';
import { makeView, determinizeView, type AbView } from '../../../src/games/abaddon/view.js';
import { localRng } from '../../../src/engine/rng.js';
import type { Attack } from '../../../src/games/abaddon/state.js';

const R = new Rules(DATA);
const TARGET_ONLY = { hidden: 'wsCard', oneOf: ['target'] };
const RESPONSE = { hidden: 'wsCard', oneOf: ['target', 'amm'] };
const atk = (o: Partial<Attack> & Pick<Attack, 'id' | 'unit' | 'target' | 'card' | 'kind'>): Attack => ({ response: null, done: false, ...o });
const sorted = (xs: string[]) => xs.slice().sort();

/** M12: seats 0 and 2 SCS, 1 and 3 CA (checked below); every hand set. */
function m12(): K {
  const k = craft({ mission: 'm12' });
  k.s.hands = [['T1', 'T2'], ['AMM', 'T5'], ['SB'], ['LRB', 'T8', 'T8']];
  return k;
}

test('§7 hands: the owner and teammates see the cards, opponents and spectators only the sizes', () => {
  const k = m12();
  assert.deepEqual(k.s.seats.map((x) => x.faction), ['SCS', 'CA', 'SCS', 'CA']);
  assert.deepEqual(makeView(R, k.s, 0).hands, [['T1', 'T2'], null, ['SB'], null]);
  assert.deepEqual(makeView(R, k.s, 3).hands, [null, ['AMM', 'T5'], null, ['LRB', 'T8', 'T8']]);
  assert.deepEqual(makeView(R, k.s, null).hands, [null, null, null, null], 'a spectator sees no hand');
  assert.deepEqual(makeView(R, k.s, 9 as never).hands, [null, null, null, null], 'nor does a seat that is not in the game');
  for (const viewer of [0, 1, null]) assert.deepEqual(makeView(R, k.s, viewer).handSizes, [2, 2, 1, 3], `sizes public to ${viewer}`);
  assert.equal(makeView(R, k.s, 2).viewer, 2);
  assert.equal(makeView(R, k.s, null).viewer, null);
});

test('§7 decks: the order of neither deck, nor its known top cards, is shown; the sizes, the Wild Fire cards left and both discards are', () => {
  const k = m12();
  k.s.ws.top = [k.s.ws.pool[0]];
  k.s.ws.pool = k.s.ws.pool.slice(1);
  k.s.ws.discard = ['T4', 'AMM'];
  k.s.wf.top = ['WF30'];
  k.s.wf.pool = k.s.wf.pool.filter((c) => c !== 'WF30' && c !== 'WF02');
  k.s.wf.discard = ['WF02'];
  const v = makeView(R, k.s, 0);
  assert.deepEqual(v.ws, { size: k.s.ws.pool.length + 1, discard: ['T4', 'AMM'] });
  assert.deepEqual(v.wf, { pool: sorted([...k.s.wf.pool, 'WF30']), discard: ['WF02'] }, 'Wild Fire cards left, sorted: every drawn one was public');
  assert.equal(v.wf.pool.length, DATA.wf.length - 1);
});

test('§7 the unseen pool is the deck, its known top, the hidden hands and the face-down cards not yet revealed, never the viewer\'s or its teammates\' cards', () => {
  const k = m12();
  k.s.ws.top = ['DB'];
  k.s.attacks = [atk({ id: 1, unit: 'SCS-A-M1', target: 'CA-A-H1', card: 'T6', kind: 'los', response: 'T7' })];
  const deck = [...k.s.ws.pool, 'DB'];
  assert.deepEqual(makeView(R, k.s, 0).unseen, sorted([...deck, 'AMM', 'T5', 'LRB', 'T8', 'T8', 'T7']));
  assert.deepEqual(makeView(R, k.s, 1).unseen, sorted([...deck, 'T1', 'T2', 'SB', 'T6']));
  assert.deepEqual(makeView(R, k.s, null).unseen, sorted([...deck, 'T1', 'T2', 'AMM', 'T5', 'SB', 'LRB', 'T8', 'T8', 'T6', 'T7']));
  k.s.attacks[0].done = true;
  assert.deepEqual(makeView(R, k.s, null).unseen, sorted([...deck, 'T1', 'T2', 'AMM', 'T5', 'SB', 'LRB', 'T8', 'T8']), 'revealed cards are seen');
});

test('§7 a face-down Target card: "a Target card" to the other side until its attack resolves; Smart Bombs and LRBs face up; a lapsed attack\'s cards never shown', () => {
  const k = m12();
  const los = atk({ id: 1, unit: 'SCS-A-M1', target: 'CA-A-H1', card: 'T6', kind: 'los', response: 'AMM' });
  const sb = atk({ id: 2, unit: 'SCS-A-H1', target: 'CA-A-M1', card: 'SB', kind: 'sb' });
  k.s.attacks = [los, sb];
  const enemy = makeView(R, k.s, 1).attacks;
  assert.deepEqual(enemy[0], { ...los, card: TARGET_ONLY, response: 'AMM' }, 'the defender sees its own response');
  assert.deepEqual(enemy[1], sb, 'a Smart Bomb is played face up');
  const friend = makeView(R, k.s, 2).attacks;
  assert.deepEqual(friend[0], { ...los, card: 'T6', response: RESPONSE }, 'the attacker\'s teammate sees the card, not the response');
  const spectator = makeView(R, k.s, null).attacks;
  assert.deepEqual(spectator[0], { ...los, card: TARGET_ONLY, response: RESPONSE });
  los.done = true;
  assert.deepEqual(makeView(R, k.s, null).attacks[0], { ...los, card: 'T6', response: 'AMM' }, 'revealed once resolved');
  los.lapsed = true;
  assert.deepEqual(makeView(R, k.s, null).attacks[0], { ...los, card: TARGET_ONLY, response: RESPONSE }, 'a lapsed attack\'s cards went back unseen');
  assert.deepEqual(makeView(R, k.s, 0).attacks[0], { ...los, card: 'T6', response: RESPONSE });
  // a response to a face-up attack is hidden the same way
  const sbr = atk({ id: 3, unit: 'SCS-A-H1', target: 'CA-A-M1', card: 'SB', kind: 'sb', response: 'AMM' });
  k.s.attacks = [sbr];
  assert.deepEqual(makeView(R, k.s, 0).attacks[0], { ...sbr, response: RESPONSE });
  const amms = (xs: string[]) => xs.filter((c) => c === 'AMM').length;
  assert.equal(amms(makeView(R, k.s, 0).unseen), amms(k.s.ws.pool) + 1 + 1, 'the hidden AMM counts as unseen (with the deck\'s and seat 1\'s)');
});

test('§7 relays (3-4 players): a seat knows its own number and those whose turn has begun; an eliminated seat\'s 0 is public; all known once the game ends; 2 players: all public', () => {
  const k = m12();
  k.s.order = [2, 0, 3, 1];
  k.s.relays = [2, 4, 1, 3];
  k.s.turnIdx = 1; // seats 2 and 0 have started their turns
  assert.deepEqual(makeView(R, k.s, 1).relays, [2, 4, 1, null]);
  assert.deepEqual(makeView(R, k.s, 3).relays, [2, null, 1, 3]);
  assert.deepEqual(makeView(R, k.s, null).relays, [2, null, 1, null]);
  assert.deepEqual(makeView(R, k.s, null).order, [2, 0, null, null], 'the order as far as it is revealed');
  k.s.turnIdx = 0;
  assert.deepEqual(makeView(R, k.s, null).relays, [null, null, 1, null], 'only relay #1 is revealed in the first turn');
  assert.deepEqual(makeView(R, k.s, null).order, [2, null, null, null]);
  k.s.turnIdx = -1;
  assert.deepEqual(makeView(R, k.s, null).relays, [null, null, null, null], 'before the first turn, none');
  assert.deepEqual(makeView(R, k.s, null).order, [null, null, null, null]);
  k.s.relays = [2, 0, 1, 3];
  k.s.order = [2, 0, 3];
  assert.deepEqual(makeView(R, k.s, null).relays, [null, 0, null, null], 'an eliminated seat holds no relay, publicly');
  k.s.result = { winners: [0, 2], draw: false, reason: 'objective', scores: {} } as never;
  assert.deepEqual(makeView(R, k.s, null).relays, [2, 0, 1, 3]);
  assert.deepEqual(makeView(R, k.s, null).order, [2, 0, 3]);
  const two = craft({ mission: 'm1' });
  two.s.turnIdx = -1;
  assert.deepEqual(makeView(R, two.s, null).relays, two.s.relays);
  assert.deepEqual(makeView(R, two.s, null).order, two.s.order);
});

test('§7 everything else is public and the same for every viewer: units, cups, dice, relays placed, retained cards', () => {
  const k = m12();
  k.s.cup = { SCS: 3, CA: 1 };
  k.s.lockons = [{ seat: 1, at: [3, 3] }];
  const views = [0, 1, 2, 3, null].map((seat) => makeView(R, k.s, seat));
  for (const v of views) {
    assert.deepEqual(v.units, k.s.units);
    assert.deepEqual(v.cup, k.s.cup);
    assert.deepEqual(v.lockons, k.s.lockons);
    assert.deepEqual(v.retained, k.s.retained);
    assert.equal(v.phase, k.s.phase);
  }
  // the secret fields are replaced, not passed through
  for (const v of views) {
    assert.ok(!('top' in v.ws) && !('pool' in v.ws), 'no deck order in a view');
    assert.ok(!('top' in v.wf), 'no Wild Fire deck order in a view');
  }
});

test('determinization: a state sampled from a seat\'s view has that seat\'s view, key for key, with hands, face-down cards and relays filled consistently', () => {
  const k = m12();
  k.s.order = [2, 0, 3, 1];
  k.s.relays = [2, 4, 1, 3];
  k.s.turnIdx = 1;
  k.s.ws.top = [k.s.ws.pool[0]];
  k.s.ws.pool = k.s.ws.pool.slice(1);
  k.s.attacks = [
    atk({ id: 1, unit: 'SCS-A-M1', target: 'CA-A-H1', card: 'T6', kind: 'los', response: 'AMM' }),
    atk({ id: 2, unit: 'SCS-A-H1', target: 'CA-A-M1', card: 'T3', kind: 'los', response: 'T2', done: true, lapsed: true }),
  ];
  for (const seat of [0, 1, 2, 3, null]) {
    const v = makeView(R, k.s, seat);
    for (const label of ['a', 'b', 'c']) {
      const d = determinizeView(R, v, seat, localRng(`det-${seat}-${label}`));
      assert.deepEqual(makeView(R, d, seat), v, `seat ${seat}, sample ${label}`);
      assert.deepEqual(Object.keys(d), Object.keys(k.s), 'the state\'s fields, in its order');
      assert.deepEqual(d.hands.map((h) => h.length), k.s.hands.map((h) => h.length));
      assert.deepEqual(sorted(d.relays.map(String)), sorted(k.s.relays.map(String)), 'relays a permutation of the live numbers');
      assert.deepEqual(d.order, d.relays.map((n, i) => [n, i]).filter(([n]) => n > 0).sort((a, b) => a[0] - b[0]).map(([, i]) => i), 'turn order follows the sampled relays');
      const a1 = d.attacks[0];
      assert.equal(R.kind(a1.card), 'target', 'a face-down LOS card is a Target card');
      assert.ok(a1.response !== null && ['target', 'amm'].includes(R.kind(a1.response)!), 'a response is a Target or an AMM');
      // every card of the sample accounted for: the deck (no known top), hands and face-down cards hold what the real state does
      const all = (s: typeof d) => sorted([...s.ws.pool, ...s.ws.top, ...s.hands.flat(), ...s.attacks.filter((a) => !a.done).flatMap((a) => [a.card, ...(a.response ? [a.response] : [])])]);
      assert.deepEqual(all(d), all(k.s), 'the same cards, dealt differently');
      assert.deepEqual(d.ws.top, []);
      assert.deepEqual(d.wf.top, []);
    }
  }
  // the lapsed attack's hidden cards are not in the pool (they went back to hands): placeholders of the right kind
  const d = determinizeView(R, makeView(R, k.s, null), null, localRng('lapsed'));
  assert.equal(R.kind(d.attacks[1].card), 'target');
  assert.equal(R.kind(d.attacks[1].response!), 'amm');
  // the order as known in full is kept as it is
  k.s.result = { winners: [], draw: true, reason: 'x', scores: {} } as never;
  const full = determinizeView(R, makeView(R, k.s, null), null, localRng('over'));
  assert.deepEqual(full.order, [2, 0, 3, 1]);
  assert.deepEqual(full.relays, [2, 4, 1, 3]);
});

test('determinization refuses a view its unseen pool cannot satisfy', () => {
  const k = m12();
  k.s.attacks = [atk({ id: 1, unit: 'SCS-A-M1', target: 'CA-A-H1', card: 'T6', kind: 'los' })];
  const v: AbView = makeView(R, k.s, 1);
  v.unseen = v.unseen.filter((c) => R.kind(c) !== 'target');
  assert.throws(() => determinizeView(R, v, 1, localRng('x')), /cannot satisfy/);
});

test('§7 an attack with no response shows none to anyone (no hidden card is invented)', () => {
  const k = m12();
  const los = atk({ id: 1, unit: 'SCS-A-M1', target: 'CA-A-H1', card: 'T6', kind: 'los' });
  k.s.attacks = [los];
  for (const seat of [0, 1, 2, 3, null]) assert.equal(makeView(R, k.s, seat).attacks[0].response, null, `seat ${seat}`);
  assert.ok(!makeView(R, k.s, 0).unseen.includes(null as never), 'nothing unseen for a missing response');
});

test('§7 the Wild Fire cards left are shown sorted, so known top cards (an analysis position) are not told apart from the rest', () => {
  const k = m12();
  k.s.wf.top = ['WF01'];
  k.s.wf.pool = k.s.wf.pool.filter((c) => c !== 'WF01');
  const v = makeView(R, k.s, null);
  assert.deepEqual(v.wf.pool, sorted(DATA.wf.map((c) => c.id)));
  assert.equal(v.wf.pool[0], 'WF01', 'the top card sorted in among the others, not last');
});

test('determinization keeps the state\'s canonical form: hidden hands and the deck sorted, a missing response missing, an eliminated seat out of the order', () => {
  const k = m12();
  k.s.hands = [['T1', 'T2'], ['AMM', 'T5', 'T8', 'DB'].sort(), ['SB'], ['LRB', 'T8', 'T8']];
  k.s.order = [2, 0, 3];
  k.s.relays = [2, 0, 1, 3];
  for (const x of k.s.units) if (x.seat === 1) { x.status = 'destroyed'; x.at = null; }
  k.s.turnIdx = 0;
  k.s.attacks = [atk({ id: 1, unit: 'SCS-A-M1', target: 'CA-B-H1', card: 'T6', kind: 'los' })];
  for (const label of ['a', 'b', 'c', 'd']) {
    const v = makeView(R, k.s, 0);
    const d = determinizeView(R, v, 0, localRng(`canon-${label}`));
    for (const h of d.hands) assert.deepEqual(h, sorted(h), 'a hand is kept sorted');
    assert.deepEqual(d.ws.pool, sorted(d.ws.pool), 'the deck in its canonical order');
    assert.equal(d.attacks[0].response, null);
    assert.equal(d.relays[1], 0, 'the eliminated seat holds no relay');
    assert.ok(!d.order.includes(1), 'nor a turn');
    assert.equal(d.order.length, 3);
    assert.equal(d.order[0], 2, 'relay #1 is known');
    assert.deepEqual(makeView(R, d, 0), v);
  }
});

test('determinization: a face-down response may be sampled as a Target card or as an AMM (the view says either)', () => {
  const k = m12();
  k.s.attacks = [atk({ id: 1, unit: 'SCS-A-M1', target: 'CA-A-H1', card: 'T6', kind: 'los', response: 'T7' })];
  const v = makeView(R, k.s, 0);
  const kinds = new Set<string>();
  for (let i = 0; i < 80; i++) kinds.add(R.kind(determinizeView(R, v, 0, localRng(`resp-${i}`)).attacks[0].response!)!);
  assert.deepEqual([...kinds].sort(), ['amm', 'target']);
});
