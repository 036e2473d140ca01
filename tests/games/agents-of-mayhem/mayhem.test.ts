// Checklist items [full] #50 #51 on Mission 2: the Mayhem deck (spec 7.7 "Mayhem deck", setup
// step D) and the universal uses of Mayhem cards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localRng } from '../../../src/engine/rng.js';
import { MAYHEM, mayhemDeckList } from '../../../src/games/agents-of-mayhem/rules/mayhem.js';
import { activeBoard, answer, ev, fresh, only, refused, rs } from './helpers.js';

test('#50 Mayhem deck build: 3 cards per Elite and 1 per Minion type in the mission; the mission hand is drawn at setup; none in a Basic mission', () => {
  assert.equal(mayhemDeckList('M2', 'MAYHEM').length, 9, 'fortune, hardtack, hollywood: 3 each');
  assert.equal(mayhemDeckList('M2', 'LEGION').length, 3 + 4, 'babylon 3 + swarm, hell, shock, snipe 1 each');
  const s = fresh('M2');
  for (const side of ['MAYHEM', 'LEGION'] as const) {
    assert.equal(s.mayhem![side].hand.length, MAYHEM.hands.M2[side]);
    assert.equal(s.mayhem![side].hand.length + s.mayhem![side].deck.pool.length, mayhemDeckList('M2', side).length);
  }
  assert.equal(fresh('M1').mayhem, undefined, 'the Mayhem deck is an Advanced rule');
});

test('#50 draw for 2 Mayhem cubes from any boards (1+1 allowed); reshuffle of the discards when the deck is empty; shared hand hidden from the other Side', () => {
  const s = activeBoard(fresh('M2', 4), 'fortune');
  s.boards.fortune.cubes.mayhem = 1;
  s.boards.hardtack.cubes.mayhem = 1;
  assert.equal(refused(s, { type: 'mayhemDraw', pay: ['fortune', 'fortune'] }).code, 'cannot_pay');
  assert.equal(refused(s, { type: 'mayhemDraw', pay: ['fortune', 'babylon'] }).code, 'not_your_board');
  const hand = s.mayhem!.MAYHEM.hand.length;
  const st = answer(s, { type: 'mayhemDraw', pay: ['fortune', 'hardtack'] });
  assert.deepEqual([st.s.boards.fortune.cubes.mayhem, st.s.boards.hardtack.cubes.mayhem, st.s.mayhem!.MAYHEM.hand.length], [0, 0, hand + 1]);
  assert.equal(ev(st, 'mayhem_drawn').length, 1);
  // Empty deck: the discards become the new deck.
  const e = activeBoard(fresh('M2'), 'fortune');
  const m = e.mayhem!.MAYHEM;
  m.deck.discard = m.deck.pool; m.deck.pool = [];
  e.boards.fortune.cubes.mayhem = 2;
  const r = answer(e, { type: 'mayhemDraw', pay: ['fortune', 'fortune'] });
  assert.equal(ev(r, 'mayhem_reshuffled').length, 1);
  assert.equal(r.s.mayhem!.MAYHEM.deck.discard.length, 0);
  // Views: seats 0 and 2 (MAYHEM, 4 players) share the hand; LEGION sees '?' only.
  const v0 = rs.view(st.s, 0), v2 = rs.view(st.s, 2), v1 = rs.view(st.s, 1);
  assert.deepEqual(v0.mayhem!.MAYHEM.hand, st.s.mayhem!.MAYHEM.hand);
  assert.deepEqual(v2.mayhem!.MAYHEM.hand, st.s.mayhem!.MAYHEM.hand);
  assert.ok(v1.mayhem!.MAYHEM.hand.every((c) => c === '?'));
  assert.ok(v0.mayhem!.LEGION.hand.every((c) => c === '?'));
  // determinize resamples the hidden hand from the cards LEGION cannot see (spec 8.1).
  const d = rs.determinize!(v1, 1, localRng('det'));
  const seen = d.mayhem!.MAYHEM.hand.concat(d.mayhem!.MAYHEM.deck.pool, d.mayhem!.MAYHEM.deck.discard).sort();
  assert.deepEqual(seen, st.s.mayhem!.MAYHEM.hand.concat(st.s.mayhem!.MAYHEM.deck.pool, st.s.mayhem!.MAYHEM.deck.discard).sort());
  assert.ok(d.mayhem!.MAYHEM.hand.every((c) => c !== '?'));
});

test('#51 universal uses: a free Instant that gains a Shield, an Armor or a G/Y/B Action cube on any own board; the card is discarded; no overflow', () => {
  const s = activeBoard(fresh('M2'), 'fortune');
  s.mayhem!.MAYHEM.hand = ['fortune-1', 'hardtack-1', 'hollywood-2'];
  s.boards.hardtack.shield = 0; s.boards.hardtack.armor = 0; s.boards.hollywood.cubes.focus = 0;
  assert.equal(refused(s, { type: 'mayhemPlay', card: 'fortune-1', board: 'fortune' }).code, 'well_full', 'Fortune starts with a full Shield well');
  assert.equal(refused(s, { type: 'mayhemPlay', card: 'swarm-1', board: 'fortune' }).code, 'not_in_hand');
  assert.equal(refused(s, { type: 'mayhemPlay', card: 'hollywood-2', board: 'hollywood' }).code, 'choose_cube');
  let st = answer(s, { type: 'mayhemPlay', card: 'fortune-1', board: 'hardtack' });
  st = answer(st.s, { type: 'mayhemPlay', card: 'hardtack-1', board: 'hardtack' });
  st = answer(st.s, { type: 'mayhemPlay', card: 'hollywood-2', board: 'hollywood', cube: 'Y' });
  assert.deepEqual([st.s.boards.hardtack.shield, st.s.boards.hardtack.armor, st.s.boards.hollywood.cubes.focus], [1, 1, 1]);
  assert.deepEqual(st.s.mayhem!.MAYHEM.hand, []);
  assert.deepEqual(st.s.mayhem!.MAYHEM.deck.discard.slice().sort(), ['fortune-1', 'hardtack-1', 'hollywood-2']);
  assert.equal(st.s.slots[0].main, false, 'free Instant: no Main Action spent');
  assert.equal(rs.pending(st.s)[0].kind, 'turn');
});

test('#51 the extra-die universal use: played with an attack, one more die of the band colour on the centre target\'s roll; the card is discarded', () => {
  const base = () => {
    const s = activeBoard(only(fresh('M2'), { hollywood: '2,1,1', 'swarm-1': '3,1,1' }), 'hollywood');
    s.boards.alpha.cubes.focus = 0;
    s.mayhem!.MAYHEM.hand = ['hollywood-1', 'hardtack-1'];
    return s;
  };
  const a = { type: 'act' as const, unit: 'hollywood', action: 'goldstandard', target: '3,1,1' };
  assert.equal(refused(base(), { ...a, mayhem: 'hardtack-1' }).code, 'wrong_use', 'an Armor card gives no die');
  assert.equal(refused(base(), { ...a, mayhem: 'swarm-1' }).code, 'not_in_hand');
  const plain = answer(base(), a, [8, 8, 8, 8, 8, 8]);
  const extra = answer(base(), { ...a, mayhem: 'hollywood-1' }, [8, 8, 8, 8, 8, 8]);
  const d0 = ev(plain, 'dice_rolled')[0], d1 = ev(extra, 'dice_rolled')[0];
  const dice = (d: Record<string, unknown>) => ((d.dice ?? (d.data as Record<string, unknown>)?.dice) as string[]);
  assert.equal(dice(d1).length, dice(d0).length + 1);
  assert.deepEqual(extra.s.mayhem!.MAYHEM.hand, ['hardtack-1']);
  assert.deepEqual(extra.s.mayhem!.MAYHEM.deck.discard, ['hollywood-1']);
});
