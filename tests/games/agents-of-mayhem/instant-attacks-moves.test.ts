// Instant Actions that attack or move (L275-284, spec 6.3 and 8.2; checklist #46 with #39 and #51):
// "Instant Actions may be used any number of times during your Turn by any Unit, no matter which
// Board you Activate" (L275), and on the opponent's Turn in the Draw, Action or Refresh Phase, after
// an Action is paid for, before an Attack Roll and before an MP (L277-282), "one Instant Action
// before an Action, Movement Point, or Attack Roll is completed" per unit (L284). Content: Mission 3
// slots Fortune's Quick Draw (Instant attack, YB, red 1 die to 2, yellow 1 to 4) and Hardtack's
// Grapple Line (Instant move, GB, 2 MP), provisional gadgets. Dice are scripted (helpers.ts: red
// d12 faces 5-6 H, 8-10 P).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionOf, CARD_ACTIONS, type S } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, until } from './helpers.js';

const QUICK = 'gadget-fortune-quickdraw';
const GRAPPLE = 'gadget-hardtack-grapple';

test('#39 #46 Mission 3 slots an Instant attack (Quick Draw) and an Instant move (Grapple Line), Undiscovered gadgets granted for the mission', () => {
  const s = fresh('M3');
  assert.ok(s.units.fortune.gadgets!.includes(QUICK), 'Fortune\'s Action slot');
  assert.ok(s.units.hardtack.gadgets!.includes(GRAPPLE), 'Hardtack\'s Action slot');
  assert.deepEqual([actionOf(s.units.fortune, QUICK)!.type, actionOf(s.units.fortune, QUICK)!.kind], ['instant', 'attack']);
  assert.deepEqual([actionOf(s.units.hardtack, GRAPPLE)!.type, actionOf(s.units.hardtack, GRAPPLE)!.kind, actionOf(s.units.hardtack, GRAPPLE)!.mp], ['instant', 'move', 2]);
});

test('#46 L275 an Instant move in its own Turn: any unit, whatever board is activated, any number of times, no Main or Add-on used; as a new Action it ends the previous Action\'s MP', () => {
  const s = activeBoard(only(fresh('M3'), { fortune: '2,2,1', hardtack: '2,4,1', babylon: '17,7,1' }), 'fortune');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  assert.equal(st.s.slots[0].mp!.unit, 'fortune');
  assert.ok(cands(st.s).some((a) => a.type === 'act' && a.unit === 'hardtack' && a.action === GRAPPLE), 'Hardtack\'s board is not activated, his Instant is offered');
  st = answer(st.s, { type: 'act', unit: 'hardtack', action: GRAPPLE });
  assert.deepEqual(st.s.slots[0].mp && [st.s.slots[0].mp.unit, st.s.slots[0].mp.left], ['hardtack', 2], 'Grapple Line\'s 2 MP; Fortune\'s Sprint MP are over');
  assert.deepEqual([st.s.slots[0].main, st.s.slots[0].addons], [true, []], 'the Sprint\'s Main Action only: the Instant uses no allowance');
  assert.deepEqual([st.s.boards.hardtack.cubes.speed, st.s.boards.hardtack.cubes.tech], [3, 1], 'GB paid from Hardtack\'s own board');
  assert.equal(refused(st.s, { type: 'move', unit: 'fortune', to: '2,3,1', facing: 'S' }).code, 'no_mp');
  const to = cands(st.s).find((a) => a.type === 'move' && a.unit === 'hardtack')!;
  assert.ok(to, 'Hardtack\'s moves are offered though his board is not activated');
  st = answer(st.s, to);
  assert.equal(st.s.units.hardtack.at, (to as { to: string }).to);
  // Again (any number of times), while he can pay; then no more.
  st = answer(st.s, { type: 'act', unit: 'hardtack', action: GRAPPLE });
  assert.equal(st.s.slots[0].mp!.left, 2, 'a second Grapple Line');
  assert.equal(refused(st.s, { type: 'act', unit: 'hardtack', action: GRAPPLE }).code, 'cannot_pay', 'no blue cube left');
  assert.equal(kind(st.s), 'turn', 'still MAYHEM\'s Turn');
});

test('#46 L275 an Instant attack in its own Turn by a unit of a board not activated: the attack pipeline as any Action (target\'s window, roll), no allowance used; none offered with no target in reach', () => {
  const s = activeBoard(only(fresh('M3'), { fortune: '2,2,1', 'swarm-1': '4,2,1', hardtack: '0,7,1', babylon: '17,7,1' }), 'hardtack');
  s.boards.alpha.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 }; // no Dash for the Swarm Trooper
  assert.ok(cands(s).some((a) => a.type === 'act' && a.unit === 'fortune' && a.action === QUICK && a.target === '4,2,1'));
  assert.equal(refused(s, { type: 'act', unit: 'fortune', action: QUICK }).code, 'no_target');
  const st = answer(s, { type: 'act', unit: 'fortune', action: QUICK, target: '4,2,1' }, [5]);
  assert.deepEqual(ev(st, 'attack_declared').map((e) => [e.attacker, e.target]), [['fortune', '4,2,1']]);
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['red'], 'range 2: the red band, 1 die');
  assert.equal(st.s.units['swarm-1'].hits, 1, 'one Hit on the Swarm Trooper');
  assert.deepEqual([st.s.slots[0].main, st.s.slots[0].addons], [false, []], 'Hardtack keeps his Main and Add-on Actions');
  // From 0,7,1 the Swarm Trooper (9,2,1), Babylon and the Explosive Objects (3-4,0-1,1) are all beyond range 4.
  const far = activeBoard(only(fresh('M3'), { fortune: '0,7,1', 'swarm-1': '9,2,1', hardtack: '0,5,1', babylon: '17,7,1' }), 'hardtack');
  assert.ok(!cands(far).some((a) => a.type === 'act' && a.action === QUICK), 'nothing in range 4');
});

test('#46 L280 W-paid: on LEGION\'s Turn Fortune answers a paid Action with her Instant attack before any of it is performed; a unit Downed by it loses its paid Action', () => {
  const s = activeBoard(only(fresh('M3'), { fortune: '2,2,1', 'swarm-1': '4,2,1', babylon: '17,7,1' }), 'alpha');
  s.boards.alpha.cubes.focus = 0; // no Dash
  s.units['swarm-1'].hits = 1; // one Hit taken this Turn: the next Downs it (Shield 1 + Health 1)
  const speed = s.boards.alpha.cubes.speed;
  let st = answer(s, { type: 'act', unit: 'swarm-1', action: 'charge' });
  const d = rs.pending(st.s)[0];
  assert.deepEqual([d.kind, d.seat, d.exposes], ['instant_window', 0, { unit: 'fortune', actor: 'swarm-1', action: 'charge', window: 'W-paid' }]);
  assert.ok(cands(st.s).some((a) => a.type === 'act' && a.action === QUICK && a.target === '4,2,1'), 'the Instant attack at the acting unit');
  assert.equal(refused(st.s, { type: 'act', unit: 'fortune', action: QUICK, target: '4,2,1', aim: true }).code, 'bad_instant', 'no aim in a window');
  // Deadlines and standing orders: the default and {instants: "never"} pass, no attack.
  assert.deepEqual(rs.defaultAction!(st.s, d), { type: 'pass' });
  const order = { id: 'o1', match: { kind: 'instant_window' }, rule: { instants: 'never' } };
  assert.ok(rs.covers!(rs.view(st.s, 0), { ...d, id: 'x' } as never, order));
  assert.deepEqual(rs.answer!(rs.view(st.s, 0), { ...d, id: 'x' } as never, order), { type: 'pass' });
  st = answer(st.s, { type: 'act', unit: 'fortune', action: QUICK, target: '4,2,1' }, [5]);
  assert.equal(st.s.units['swarm-1'].downed, true, 'Downed by the Quick Draw');
  assert.deepEqual(ev(st, 'action_lost'), [{ unit: 'swarm-1', action: 'charge' }], 'the Charge, paid, is not performed');
  assert.equal(st.s.boards.alpha.cubes.speed, speed - 1, 'its G stays paid');
  assert.equal(st.s.slots[0].mp, null, 'no MP granted');
  assert.equal(kind(st.s), 'turn', 'LEGION goes on with its Turn');
  // Not Downed: the window closes and the Charge is performed.
  const live = activeBoard(only(fresh('M3'), { fortune: '2,2,1', 'swarm-1': '4,2,1', babylon: '17,7,1' }), 'alpha');
  live.boards.alpha.cubes.focus = 0;
  let l = answer(live, { type: 'act', unit: 'swarm-1', action: 'charge' });
  l = answer(l.s, { type: 'act', unit: 'fortune', action: QUICK, target: '4,2,1' }, [11]); // S: no Hit, no Push
  assert.deepEqual([l.s.slots[0].mp?.unit, l.s.slots[0].mp?.left], ['swarm-1', 4], 'the Charge\'s 4 MP after the window');
});

test('#46 L281 L284 W-preroll: the attacked unit may answer with its Instant attack in place of the Dash (one Instant a window); the attack then rolls, or is lost if its attacker was Downed', () => {
  const setup = (hits: number) => {
    const s = activeBoard(only(fresh('M3'), { fortune: '2,2,1', 'swarm-1': '3,2,1', babylon: '17,7,1' }), 'alpha');
    s.boards.alpha.cubes.focus = 0; // no Dash for the Swarm Trooper
    s.units['swarm-1'].hits = hits;
    return answer(s, { type: 'act', unit: 'swarm-1', action: 'knives', target: '2,2,1' });
  };
  let st = setup(0);
  assert.equal(kind(st.s), 'dash_window');
  assert.ok(cands(st.s).some((a) => a.type === 'dash') && cands(st.s).some((a) => a.type === 'act' && a.action === QUICK && a.target === '3,2,1'), 'Dash or Quick Draw');
  const w = { ...rs.pending(st.s)[0], id: 'x' } as never;
  assert.deepEqual(rs.answer!(rs.view(st.s, 0), w, { id: 'o1', match: { kind: 'dash_window' }, rule: { dash: 'never' } }), { type: 'pass' }, '{dash: "never"}: no Instant either');
  // Quick Draw: H (1 Hit, the Swarm's Shield); then the Knives roll 2 red: P, P.
  st = answer(st.s, { type: 'act', unit: 'fortune', action: QUICK, target: '3,2,1' }, [5, 8, 9]);
  assert.deepEqual(ev(st, 'attack_declared').map((e) => e.attacker), ['fortune'], 'the nested attack');
  assert.deepEqual(ev(st, 'dice_rolled').map((e) => [e.target, (e.dice as string[]).length]), [['swarm-1', 1], ['fortune', 2]], 'Fortune\'s roll first, then the Knives\'');
  assert.notEqual(kind(st.s), 'dash_window', 'no second Instant for Fortune in this window');
  // The Swarm Trooper already Hit once this Turn: Downed by the Quick Draw, its attack is lost.
  const lost = answer(setup(1).s, { type: 'act', unit: 'fortune', action: QUICK, target: '3,2,1' }, [5]);
  assert.equal(lost.s.units['swarm-1'].downed, true);
  assert.equal(ev(lost, 'attack_lost').length, 1, 'the Knives never roll');
  assert.deepEqual(ev(lost, 'dice_rolled').map((e) => e.target), ['swarm-1']);
});

test('#46 L278 W-phase: Hardtack\'s Instant move on LEGION\'s Turn: its MP are moved in the decision instant_move by MAYHEM\'s seat (pass, the default, ends it); then the window goes on', () => {
  const s = fresh('M3');
  s.units.fortune.gadgets = s.units.fortune.gadgets!.filter((g) => g !== QUICK); // Hardtack alone is asked
  let st = until(s, (x) => x.side === 'LEGION' && kind(x) === 'activate', { MAYHEM: 'hollywood' });
  st = answer(st.s, { type: 'activate', board: 'alpha' });
  let d = rs.pending(st.s)[0];
  assert.deepEqual([d.kind, d.seat, (d.exposes as { unit: string; window: string }).unit, (d.exposes as { window: string }).window], ['instant_window', 0, 'hardtack', 'W-action']);
  const from = st.s.units.hardtack.at;
  st = answer(st.s, { type: 'act', unit: 'hardtack', action: GRAPPLE });
  d = rs.pending(st.s)[0];
  assert.deepEqual([d.kind, d.seat, d.exposes], ['instant_move', 0, { unit: 'hardtack', action: GRAPPLE, mp: 2 }]);
  assert.deepEqual(rs.defaultAction!(st.s, d), { type: 'pass' }, 'default: the unit stays');
  assert.equal(refused(st.s, { type: 'move', unit: 'hollywood', to: '1,7,1', facing: 'S' }).code, 'not_the_unit');
  assert.equal(refused(st.s, { type: 'act', unit: 'hardtack', action: GRAPPLE }).code, 'wrong_action', 'one Instant per unit in the window');
  const mv = cands(st.s).find((a) => a.type === 'move')!;
  st = answer(st.s, mv);
  assert.notEqual(st.s.units.hardtack.at, from, 'Hardtack moved on LEGION\'s Turn');
  assert.equal(ev(st, 'moved')[0].instant, GRAPPLE);
  if (kind(st.s) === 'instant_move') st = answer(st.s, { type: 'pass' });
  assert.equal(st.s.side, 'LEGION');
  assert.equal(kind(st.s), 'turn', 'the window is over: LEGION takes its Actions');
});

test('#45 #46 L282 W-step (option fineGrainedMovementWindows): before an MP of an enemy move Fortune may make her Instant attack on the mover; Downed, its move ends where it stands', () => {
  const s = activeBoard(only(fresh('M3', 2, { fineGrainedMovementWindows: true }), { fortune: '2,2,1', 'swarm-1': '6,2,1', babylon: '17,7,1' }), 'alpha');
  s.boards.alpha.cubes.focus = 0; // no Dash
  s.units['swarm-1'].hits = 1; // the next Hit Downs it
  let st = answer(s, { type: 'act', unit: 'swarm-1', action: 'charge' });
  if (kind(st.s) === 'instant_window') st = answer(st.s, { type: 'pass' }); // W-paid: Fortune waits (6,2,1 is in her yellow band)
  st = answer(st.s, { type: 'move', unit: 'swarm-1', to: '3,2,1', facing: 'W' });
  const d = rs.pending(st.s)[0];
  assert.deepEqual([d.kind, (d.exposes as { window: string }).window, (d.exposes as { unit: string }).unit], ['instant_window', 'W-step', 'fortune']);
  assert.ok(cands(st.s).some((a) => a.type === 'act' && a.action === QUICK && a.target === '6,2,1'), 'the mover is a target before its first MP');
  st = answer(st.s, { type: 'act', unit: 'fortune', action: QUICK, target: '6,2,1' }, [3]); // range 4: the yellow die, face 3 H
  assert.equal(st.s.units['swarm-1'].downed, true);
  assert.equal(ev(st, 'moved').length, 0, 'the move never ends at 3,2,1');
  assert.equal(kind(st.s), 'turn', 'back to LEGION\'s Turn');
});

/** Dig In (Hardtack's Mayhem card hardtack-1, an Instant character use) reshaped for one test as an Instant move of 2 MP: no card in the provisional data moves (L1622 allows it). */
function withMovingDigIn(body: () => void): void {
  const dig = CARD_ACTIONS.hardtack.find((a) => a.id === 'card-digin')!;
  const saved = { kind: dig.kind, mp: dig.mp, parsed: dig.parsed };
  Object.assign(dig, { kind: 'move', mp: 2, parsed: [] });
  try { body(); } finally { Object.assign(dig, saved); if (saved.mp === undefined) delete (dig as { mp?: number }).mp; }
}
const holding = (s: S, hand: string[]): S => {
  const m = s.mayhem!.MAYHEM;
  m.deck.pool = [...m.deck.pool, ...m.hand].filter((c) => !hand.includes(c)).sort();
  m.hand = hand.slice();
  return s;
};

test('#51 #46 L1622 an Instant character use that moves: in the own Turn an Action of the pictured unit whatever board is activated (the card discarded); on the other Side\'s Turn its MP moved in instant_move', () => {
  withMovingDigIn(() => {
    const own = holding(activeBoard(only(fresh('M2'), { fortune: '0,0,1', hardtack: '2,3,1', babylon: '17,7,1' }), 'fortune'), ['hardtack-1']);
    let st = answer(own, { type: 'act', unit: 'hardtack', action: 'card-digin' });
    assert.deepEqual(st.s.slots[0].mp && [st.s.slots[0].mp.unit, st.s.slots[0].mp.left], ['hardtack', 2]);
    assert.deepEqual(st.s.mayhem!.MAYHEM.hand, [], 'the card is discarded');
    assert.equal(refused(st.s, { type: 'act', unit: 'hardtack', action: 'card-digin' }).code, 'not_in_hand');
    // LEGION's Turn (option mayhemWindows: a held card's Instant opens Hardtack's W-action window).
    const s = holding(activeBoard(only(fresh('M2', 2, { mayhemWindows: true }), { fortune: '9,6,1', hardtack: '2,3,1', 'shock-1': '3,2,1', babylon: '17,7,1' }), 'bravo'), ['hardtack-1']);
    s.phase = 'activate'; s.slots[0].board = null as never;
    s.boards.fortune.shield = 0; s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 }; // Fortune cannot take the card
    st = answer(s, { type: 'activate', board: 'bravo' });
    while (kind(st.s) === 'instant_window' && (rs.pending(st.s)[0].exposes as { unit: string }).unit !== 'hardtack') st = answer(st.s, { type: 'pass' });
    assert.equal(kind(st.s), 'instant_window');
    assert.ok(cands(st.s).some((a) => a.type === 'act' && a.action === 'card-digin'));
    st = answer(st.s, { type: 'act', unit: 'hardtack', action: 'card-digin' });
    assert.deepEqual([kind(st.s), rs.pending(st.s)[0].exposes], ['instant_move', { unit: 'hardtack', action: 'card-digin', mp: 2 }]);
    st = answer(st.s, cands(st.s).find((a) => a.type === 'move')!);
    assert.notEqual(st.s.units.hardtack.at, '2,3,1');
  });
});
