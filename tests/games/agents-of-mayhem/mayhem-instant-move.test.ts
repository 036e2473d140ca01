// A Mayhem card whose character use is an Instant move (#18, ruleset 0.3.7; checklist #51 with #46
// and #22): "Playing a Mayhem Card requires the Unit to use either a Main, Add-on, or Instant
// Action" (L1622); Instants any number of times in the own Turn by any Unit (L275), on the
// opponent's Turn before an Attack Roll (L281), one per Unit (L284); a Jump with the move's MP
// (L527-537). Provisional card: Dr. Babylon's Dark Step (babylon-1, Armor use), Instant, B, a move
// of 3 MP with a Jump (up 1, 2 spaces), in LEGION's Mayhem deck in every Advanced mission he plays.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { MAYHEM } from '../../../src/games/agents-of-mayhem/rules/mayhem.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { CARD_ACTIONS } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs } from './helpers.js';

const hold = (s: S, hand: string[]): S => {
  const m = s.mayhem!.LEGION;
  m.deck.pool = [...m.deck.pool, ...m.hand].filter((c) => !hand.includes(c)).sort();
  m.hand = hand.slice();
  return s;
};

test('#51 Dark Step is an Instant move with a Jump in the data, in LEGION\'s Mayhem deck of every Advanced mission that fields Dr. Babylon', () => {
  const def = CARD_ACTIONS.babylon.find((a) => a.id === 'card-darkstep')!;
  assert.deepEqual([def.type, def.kind, def.cost, def.mp, def.jump, def.card], ['instant', 'move', 'B', 3, { up: 1, spaces: 2 }, 'babylon-1']);
  assert.equal(MAYHEM.cards['babylon-1'].character!.id, 'card-darkstep');
  const missions = Object.values(CONTENT.missions).filter((m) => m.rules === 'advanced' && MAYHEM.hands[m.id]);
  let fielded = 0;
  for (const m of missions) {
    const s = fresh(m.id);
    if (!s.units.babylon) continue;
    fielded++;
    const d = s.mayhem!.LEGION;
    assert.ok([...d.hand, ...d.deck.pool].includes('babylon-1'), `${m.id}: babylon-1 in LEGION's deck or hand`);
  }
  assert.ok(fielded >= 3, `Dr. Babylon plays in ${fielded} Advanced missions`);
});

test('#51 #46 L275 Dark Step in LEGION\'s own Turn with another board activated: an Action of Dr. Babylon using no allowance, the card discarded; its 3 MP moved or jumped', () => {
  const s = hold(activeBoard(only(fresh('M2'), { babylon: '17,7,1', 'shock-1': '10,3,1', fortune: '0,0,1' }), 'bravo'), ['babylon-1']);
  assert.ok(cands(s).some((a) => a.type === 'act' && a.unit === 'babylon' && a.action === 'card-darkstep'), 'Babylon\'s board is not activated: the Instant is offered');
  const tech = s.boards.babylon.cubes.tech;
  let st = answer(s, { type: 'act', unit: 'babylon', action: 'card-darkstep' });
  while (kind(st.s) === 'instant_window') st = answer(st.s, { type: 'pass' });
  assert.deepEqual(st.s.slots[0].mp, { unit: 'babylon', left: 3, jump: { up: 1, spaces: 2 } });
  assert.deepEqual([st.s.slots[0].main, st.s.slots[0].addons], [false, []], 'no Main or Add-on used');
  assert.equal(st.s.boards.babylon.cubes.tech, tech - 1, 'B paid');
  assert.ok(st.s.mayhem!.LEGION.deck.discard.includes('babylon-1') && !st.s.mayhem!.LEGION.hand.length, 'the card is discarded');
  assert.equal(refused(st.s, { type: 'act', unit: 'babylon', action: 'card-darkstep' }).code, 'not_in_hand');
  assert.ok(cands(st.s).some((a) => a.type === 'jump' && a.unit === 'babylon'), 'its Jump');
  st = answer(st.s, { type: 'move', unit: 'babylon', to: '17,4,1', facing: 'N' });
  assert.equal(st.s.units.babylon.at, '17,4,1');
  assert.equal(st.s.slots[0].mp!.left, 0);
});

test('#51 #46 L281 L284 Dark Step on MAYHEM\'s Turn: Dr. Babylon, attacked, steps out in his W-preroll window (his one Instant), his seat moving the 3 MP; the attack misses', () => {
  const s = hold(activeBoard(only(fresh('M2'), { fortune: '15,7,1', babylon: '17,7,1', hardtack: '0,0,1' }), 'fortune'), ['babylon-1']);
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '17,7,1' });
  assert.deepEqual([kind(st.s), rs.pending(st.s)[0].seat, (rs.pending(st.s)[0].exposes as { unit: string }).unit], ['dash_window', 1, 'babylon']);
  assert.ok(cands(st.s).some((a) => a.type === 'act' && a.unit === 'babylon' && a.action === 'card-darkstep'));
  st = answer(st.s, { type: 'act', unit: 'babylon', action: 'card-darkstep' });
  assert.deepEqual(ev(st, 'action').map((e) => [e.unit, e.action, e.instant, e.card]), [['babylon', 'card-darkstep', true, 'babylon-1']], 'revealed as it is played');
  const d = rs.pending(st.s)[0];
  assert.deepEqual([d.kind, d.seat, d.exposes], ['instant_move', 1, { unit: 'babylon', action: 'card-darkstep', mp: 3, jump: { up: 1, spaces: 2 } }]);
  assert.ok(cands(st.s).some((a) => a.type === 'jump'), 'a Jump offered with the MP');
  assert.equal(refused(st.s, { type: 'act', unit: 'babylon', action: 'card-darkstep' }).code, 'wrong_action', 'one Instant in the window');
  st = answer(st.s, { type: 'move', unit: 'babylon', to: '17,4,1', facing: 'N' });
  assert.deepEqual(ev(st, 'moved').map((e) => [e.unit, e.instant, e.mp]), [['babylon', 'card-darkstep', 0]]);
  assert.deepEqual(ev(st, 'attack_missed'), [{ id: 1, unit: 'babylon' }], 'he left the target space before the roll');
  assert.equal(ev(st, 'dice_rolled').length, 0);
  assert.deepEqual([kind(st.s), st.s.side], ['turn', 'MAYHEM'], 'MAYHEM goes on with its Turn');
});
