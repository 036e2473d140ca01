// Checklist item [full] #81 (Advanced Setup: choose 3 boards ... secret commit-reveal), step 1:
// "Players can choose to use the Advanced Setup options in the Setup Order that lets them choose
// which Units to use ... 1. Choose 3 Boards to play." (L2227-2229). Content (provisional,
// data/setup-boards.json): in M5 LEGION may also choose the Charlie Squad (a fourth board);
// MAYHEM has exactly its 3 Elite boards, so it is not asked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { localRng } from '../../../src/engine/rng.js';
import { MAYHEM } from '../../../src/games/agents-of-mayhem/rules/mayhem.js';
import { answer, cands, ev, fresh, kind, refused, rs } from './helpers.js';

const adv = () => fresh('M5', 2, { advancedSetup: true });

test('#81 Advanced Setup step 1: LEGION chooses 3 of its 4 boards before the gadgets (MAYHEM, with 3, is not asked); a board not chosen leaves with its units, a chosen extra Squad comes in with empty slots', () => {
  const s = adv();
  assert.equal(kind(s), 'choose_boards');
  const d = rs.pending(s)[0];
  assert.equal(d.seat, 1, 'LEGION\'s first seat');
  assert.deepEqual(d.exposes, { side: 'LEGION', boards: ['babylon', 'alpha', 'bravo', 'charlie'] });
  assert.equal(cands(s).length, 4, 'every 3 of the 4');
  assert.equal(refused(s, { type: 'chooseBoards', boards: ['alpha', 'bravo'] }).code, 'three_boards');
  assert.equal(refused(s, { type: 'chooseBoards', boards: ['alpha', 'bravo', 'fortune'] }).code, 'not_choosable');
  assert.equal(refused(s, { type: 'chooseBoards', boards: ['alpha', 'alpha', 'bravo'] }).code, 'board_twice');
  assert.deepEqual(rs.defaultAction(s, d), { type: 'chooseBoards', boards: ['alpha', 'babylon', 'bravo'] }, 'default: the mission\'s own boards');
  const st = answer(s, { type: 'chooseBoards', boards: ['alpha', 'babylon', 'charlie'] });
  assert.deepEqual(ev(st, 'boards_chosen'), [{ side: 'LEGION', boards: ['alpha', 'babylon', 'charlie'] }]);
  assert.equal(st.s.boards.bravo, undefined, 'Bravo Squad leaves the game');
  assert.ok(!Object.values(st.s.units).some((u) => u.board === 'bravo'), 'with its Minions');
  assert.equal(st.s.boards.charlie.kind, 'squad');
  assert.deepEqual(st.s.boards.charlie.minions, [], 'its slots empty until step 3');
  assert.equal(st.s.boards.charlie.cubes.tech, 3, 'its wells filled (setup step A7)');
  assert.equal(kind(st.s), 'choose_gadgets', 'then step 2');
  // Step 3 buys into the boards in play: Charlie yes, Bravo no.
  let t = answer(st.s, { type: 'chooseGadgets', gadgets: [] }).s;
  t = answer(t, { type: 'chooseGadgets', gadgets: [] }).s;
  assert.equal(kind(t), 'buy_minions');
  const boards = new Set(cands(t).flatMap((a) => (a.type === 'buyMinions' ? a.buy.map((x) => x.board) : [])));
  assert.deepEqual([...boards].sort(), ['alpha', 'charlie']);
  t = answer(t, { type: 'buyMinions', buy: [{ board: 'charlie', minion: 'shock', figures: 1 }] }).s;
  assert.deepEqual(t.boards.charlie.minions, ['shock']);
  assert.equal(t.units['shock-1'].board, 'charlie');
});

test('#81 step 1: leaving out Dr. Babylon takes his figure, his Mayhem cards, his gadgets and his placement out of the game', () => {
  const st = answer(adv(), { type: 'chooseBoards', boards: ['alpha', 'bravo', 'charlie'] });
  assert.equal(st.s.units.babylon, undefined);
  assert.equal(st.s.boards.babylon, undefined);
  const legion = st.s.mayhem!.LEGION;
  const cards = [...legion.deck.pool, ...legion.hand];
  assert.ok(cards.length > 0 && cards.every((c) => MAYHEM.cards[c].unit !== 'babylon'), 'no Dr. Babylon card in the LEGION Mayhem deck or hand');
  assert.equal(legion.hand.length, adv().mayhem!.LEGION.hand.length, 'the hand drawn again, same size');
  assert.ok(!st.s.stack.some((f) => (f.t === 'placeUnit' || f.t === 'placeAlly') && f.unit === 'babylon'), 'not placed in step 4');
  const g = answer(st.s, { type: 'chooseGadgets', gadgets: [] }).s;
  assert.deepEqual(cands(g), [{ type: 'chooseGadgets', gadgets: [] }], 'LEGION has no Elite board left to slot gadgets into');
});

test('#81 step 1 is sealed: a Side\'s committed choice is hidden from the other Side (view, events) until every choosing Side has chosen, then both are revealed', () => {
  // Both Sides choosing (MAYHEM's frame on top, as its data would put it with a fourth board).
  const s = adv();
  s.stack.push({ t: 'chooseBoards', seat: 0, side: 'MAYHEM' });
  assert.equal(kind(s), 'choose_boards');
  const m = answer(s, { type: 'chooseBoards', boards: ['fortune', 'hardtack', 'hollywood'] });
  const c = m.ev.find((e) => e.type === 'boards_committed')!;
  assert.deepEqual(c.to, { seats: [0] });
  assert.deepEqual(c.others, { side: 'MAYHEM' }, 'LEGION learns only that MAYHEM chose');
  assert.deepEqual((rs.view(m.s, 1) as S).boardChoice!.MAYHEM, ['?']);
  assert.deepEqual((rs.view(m.s, 0) as S).boardChoice!.MAYHEM, ['fortune', 'hardtack', 'hollywood']);
  assert.deepEqual(ev(m, 'boards_chosen'), [], 'nothing revealed yet');
  const det = rs.determinize!(rs.view(m.s, 1), 1, localRng('d'));
  assert.deepEqual(det.boardChoice!.MAYHEM, ['fortune', 'hardtack', 'hollywood'], 'a determinized view holds a legal choice');
  const l = answer(m.s, { type: 'chooseBoards', boards: ['alpha', 'babylon', 'bravo'] });
  assert.deepEqual(ev(l, 'boards_chosen').map((x) => x.side), ['MAYHEM', 'LEGION']);
  assert.equal(l.s.boardChoice, undefined);
  assert.equal(kind(l.s), 'choose_gadgets');
});
