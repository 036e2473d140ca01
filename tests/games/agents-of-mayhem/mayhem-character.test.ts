// Checklist item [full] #51 (rest): a Mayhem card's character use, spec 7.7 (L1625-1637): only
// the pictured unit uses it, as an Action of the printed type and cost under the Action rules;
// the card is discarded afterwards. Provisional cards: Fortune's Trick Shot (Add-on, Y, a weapon:
// red 2 dice to range 2, yellow 1 die to 5) on fortune-1; Dr. Babylon's Dark Step (Add-on, B, 3 MP) on babylon-1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { activeBoard, answer, ev, fresh, only, refused, rs } from './helpers.js';

const cands = (s: S) => { const d = rs.pending(s)[0]; return rs.candidates(s, d.seat, d, 0, null as never).actions; };

function setup(hand: string[]): S {
  const s = activeBoard(only(fresh('M2'), { fortune: '2,1,1', hardtack: '2,3,1', 'shock-1': '3,1,1' }), 'fortune');
  s.boards.bravo.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  const m = s.mayhem!.MAYHEM;
  m.deck.pool = [...m.deck.pool, ...m.hand].filter((c) => !hand.includes(c)).sort();
  m.hand = hand.slice();
  return s;
}

test('#51 character use: the pictured unit takes the card\'s Action (printed type and cost), the card is discarded; without the card in hand it is refused', () => {
  const s = setup(['fortune-1']);
  assert.ok(cands(s).some((a) => a.type === 'act' && a.action === 'card-trickshot' && a.target === '3,1,1'));
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'card-trickshot', target: '3,1,1' }, [5, 6]);
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['red', 'red'], 'distance 1: the red band, 2 dice');
  assert.equal(st.s.boards.fortune.cubes.focus, 2, 'Y paid');
  assert.deepEqual(st.s.mayhem!.MAYHEM.hand, []);
  assert.ok(st.s.mayhem!.MAYHEM.deck.discard.includes('fortune-1'));
  assert.equal(ev(st, 'mayhem_played')[0].use, 'character');
  // The Main Action is still free (Trick Shot is an Add-on); the card is gone.
  assert.equal(st.s.slots[0].main, false);
  assert.equal(refused(st.s, { type: 'act', unit: 'fortune', action: 'card-trickshot', target: '3,1,1' }).code, 'not_in_hand');
  const none = setup([]);
  assert.ok(!cands(none).some((a) => a.type === 'act' && a.action === 'card-trickshot'));
  assert.equal(refused(none, { type: 'act', unit: 'fortune', action: 'card-trickshot', target: '3,1,1' }).code, 'not_in_hand');
});

test('#51 character use is the pictured unit\'s only: Hardtack cannot use Fortune\'s card; Dr. Babylon\'s Dark Step grants its 3 MP for B', () => {
  const s = activeBoard(setup(['fortune-1']), 'hardtack');
  assert.equal(refused(s, { type: 'act', unit: 'hardtack', action: 'card-trickshot', target: '3,1,1' }).code, 'unknown_action');
  assert.ok(!cands(s).some((a) => a.type === 'act' && a.action === 'card-trickshot'));
  // Dark Step (LEGION, a move Add-on): 3 MP for B.
  const l = activeBoard(only(fresh('M2'), { babylon: '17,7,1', fortune: '0,0,1' }), 'babylon');
  const m = l.mayhem!.LEGION;
  m.deck.pool = [...m.deck.pool, ...m.hand].filter((c) => c !== 'babylon-1').sort();
  m.hand = ['babylon-1'];
  const st = answer(l, { type: 'act', unit: 'babylon', action: 'card-darkstep' });
  assert.equal(st.s.slots[0].mp!.left, 3);
  assert.equal(st.s.boards.babylon.cubes.tech, l.boards.babylon.cubes.tech - 1);
});
