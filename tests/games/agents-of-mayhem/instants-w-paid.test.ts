// Checklist items [core] #46 (one Instant per unit per window) and #45 (reaction windows with
// deadlines, auto-pass and standing orders), with #39 (Instant gadget Actions): the W-paid window.
// "During your opponent's Turns, Instant Actions may be used: ... After an Action is paid for but
// before any part of the action is performed." (L277-280); "Instant Actions may be used ... by any
// Unit" (L275); "Each Unit may only perform one Instant Action before an Action, Movement Point, or
// Attack Roll is completed." (L284). Content: Hollywood's Smoke Bomb (provisional Instant gadget,
// B, ALWAYS = GAIN DEFENSE_UP), slotted in M4.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { randomPlayout } from '../../../src/engine/playout.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, seats } from './helpers.js';

const SMOKE = 'gadget-hollywood-smokebomb';
const smoke = { type: 'act' as const, unit: 'hollywood', action: SMOKE };
const defUp = (s: S) => s.units.hollywood.statuses.filter((x) => x.kind === 'DEFENSE_UP').length;

/** LEGION's Turn (Bravo activated): the Shock Trooper adjacent to Fortune; Hollywood elsewhere, able to pay his Smoke Bomb. */
function legionTurn(players = 2): S {
  const s = activeBoard(only(fresh('M4', players), { fortune: '2,2,1', 'shock-1': '3,2,1', hollywood: '0,7,1', babylon: '17,7,1' }), 'bravo');
  s.units.fortune.facing = 'E';
  return s;
}
const advance = { type: 'act' as const, unit: 'shock-1', action: 'advance' };
const smash = { type: 'act' as const, unit: 'shock-1', action: 'smash', target: '2,2,1' };

test('#46 W-paid: after a LEGION Action is paid and before any of it is performed, a MAYHEM unit that can pay an Instant gadget (not the attacked one) is asked; it may take it once', () => {
  const s = legionTurn();
  const green = s.boards.bravo.cubes.speed;
  let st = answer(s, advance);
  assert.equal(kind(st.s), 'instant_window');
  const d = rs.pending(st.s)[0];
  assert.equal(d.seat, 0, 'MAYHEM answers on LEGION\'s Turn');
  assert.equal(d.timing, 'reaction');
  assert.deepEqual(d.exposes, { unit: 'hollywood', actor: 'shock-1', action: 'advance', window: 'W-paid' });
  assert.equal(st.s.boards.bravo.cubes.speed, green - 1, 'the Action is paid');
  assert.equal(st.s.slots[0].mp, null, 'no part of it performed yet: Advance has granted no MP');
  assert.deepEqual(cands(st.s), [{ type: 'pass' }, smoke]);
  assert.equal(refused(st.s, { type: 'dash', unit: 'hollywood', to: '1,7,1', facing: 'E' }).code, 'wrong_action');
  assert.equal(refused(st.s, { type: 'act', unit: 'shock-1', action: 'advance' }).code, 'wrong_action');
  const tech = st.s.boards.hollywood.cubes.tech;
  st = answer(st.s, smoke);
  assert.equal(defUp(st.s), 1);
  assert.equal(st.s.boards.hollywood.cubes.tech, tech - 1, 'paid from Hollywood\'s own board');
  assert.equal(kind(st.s), 'turn', 'one Instant per unit in the window (L284): not asked again though he could pay again');
  assert.equal(st.s.slots[0].mp?.unit, 'shock-1', 'then the Action is performed: Advance grants its MP');
  // Passing performs the Action just the same, with no Instant.
  const p = answer(answer(legionTurn(), advance).s, { type: 'pass' });
  assert.equal(kind(p.s), 'turn');
  assert.equal(defUp(p.s), 0);
  assert.equal(p.s.slots[0].mp?.unit, 'shock-1');
});

test('#46 W-paid before an attack: the Instant comes before the target is attacked; the attacked unit itself is not asked here (its W-preroll window of the same Action follows)', () => {
  let st = answer(legionTurn(), smash);
  assert.equal(kind(st.s), 'instant_window');
  assert.ok(!st.s.stack.some((f) => f.t === 'attack'), 'the attack has not started');
  assert.deepEqual(ev(st, 'dice_rolled'), []);
  st = answer(st.s, smoke, [5, 6, 6]);
  assert.ok(st.s.stack.some((f) => f.t === 'attack') || ev(st, 'dice_rolled').length > 0, 'the attack on Fortune goes on once the window closes');
  assert.equal(defUp(st.s), 1);
  // Hollywood as the target: no W-paid window, the W-preroll one (dash_window) opens at once.
  const h = activeBoard(only(fresh('M4'), { hollywood: '2,2,1', 'shock-1': '3,2,1', fortune: '0,7,1', babylon: '17,7,1' }), 'bravo');
  h.units.hollywood.facing = 'E';
  assert.equal(kind(answer(h, smash).s), 'dash_window');
});

test('#45 W-paid opens only when a unit of the other Side can pay an Instant; never on the own Side\'s Actions; default and standing order pass', () => {
  const poor = legionTurn();
  poor.boards.hollywood.cubes.tech = 0;
  assert.equal(kind(answer(poor, advance).s), 'turn', 'Smoke Bomb costs B: nobody can answer, no window');
  const down = legionTurn();
  down.units.hollywood.at = null;
  assert.equal(kind(answer(down, advance).s), 'turn', 'a unit off the map takes no Instant');
  // MAYHEM's own Action: Hollywood's Instants are his own Turn's (any time, L275), no window.
  const own = activeBoard(only(fresh('M4'), { hollywood: '2,2,1', fortune: '0,7,1', babylon: '17,7,1' }), 'fortune');
  assert.equal(kind(answer(own, { type: 'act', unit: 'fortune', action: 'sprint' }).s), 'turn');
  // LEGION units never answer W-paid on LEGION's own Turn: no LEGION unit has an Instant gadget; the window is the other Side's.
  const st = answer(legionTurn(), advance);
  const d = rs.pending(st.s)[0];
  assert.deepEqual(rs.defaultAction(st.s, d), { type: 'pass' }, 'deadline default: pass');
  const order = { id: 'o1', match: { kind: 'instant_window' }, rule: { instants: 'never' } };
  const win = { ...d, id: 'x' };
  assert.ok(rs.covers!(rs.view(st.s, 0), win, order));
  assert.deepEqual(rs.answer!(rs.view(st.s, 0), win, order), { type: 'pass' });
  assert.ok(!rs.covers!(rs.view(st.s, 0), win, { id: 'o2', match: { kind: 'instant_window' }, rule: { dash: 'never' } }));
});

test('#46 W-paid with 4 players: the seat Hollywood\'s board is dealt to answers (A-42)', () => {
  const s = legionTurn(4);
  const st = answer(s, advance);
  assert.equal(kind(st.s), 'instant_window');
  const boards = CONTENT.missions.M4.sides.MAYHEM.boards.map((b) => b.board);
  assert.equal(rs.pending(st.s)[0].seat, [0, 2][boards.indexOf('hollywood') % 2]);
  assert.equal(rs.validate(st.s, rs.pending(st.s)[0].seat === 0 ? 2 : 0, rs.pending(st.s)[0], smoke)?.code, 'not_your_decision');
});

test('#46 #23 W-paid Dashes (option paidDash): a Dash "on any Turn" (L811) by any unit of the other Side, an Ally\'s paid from its host (L1953); one Instant per unit; off by default', () => {
  const at = { fortune: '2,2,1', glory: '2,4,1', 'shock-1': '5,2,1', hollywood: '0,7,1', babylon: '17,7,1' };
  const s = activeBoard(only(fresh('M4', 2, { paidDash: true }), at), 'bravo');
  s.boards.fortune.cubes.focus = 4; // two Dashes (YY each): Fortune's and Glory's
  let st = answer(s, advance);
  assert.equal(kind(st.s), 'instant_window');
  assert.equal(rs.pending(st.s)[0].exposes && (rs.pending(st.s)[0].exposes as { unit: string }).unit, 'fortune', 'unit id order: Fortune, Glory, Hollywood');
  const dashes = cands(st.s).filter((a) => a.type === 'dash');
  assert.ok(dashes.length > 0 && dashes.every((a) => a.type === 'dash' && a.unit === 'fortune'));
  const d = dashes[0] as Extract<(typeof dashes)[number], { type: 'dash' }>;
  const focus = st.s.boards.fortune.cubes.focus;
  st = answer(st.s, d);
  assert.equal(st.s.units.fortune.at, d.to);
  assert.ok(st.s.boards.fortune.cubes.focus < focus, 'Dash paid from Fortune\'s board');
  assert.equal((rs.pending(st.s)[0].exposes as { unit: string }).unit, 'glory', 'Fortune took her one Instant; Glory is asked next');
  const gd = cands(st.s).find((a) => a.type === 'dash') as { type: 'dash'; unit: string; to: string; facing: 'N' };
  assert.equal(gd.unit, 'glory');
  assert.equal(refused(st.s, { ...gd, unit: 'fortune' }).code, 'not_the_unit');
  const f2 = st.s.boards.fortune.cubes.focus;
  st = answer(st.s, gd);
  assert.equal(st.s.units.glory.at, gd.to);
  assert.ok(st.s.boards.fortune.cubes.focus < f2, 'Glory\'s Dash paid from her host Fortune');
  assert.equal((rs.pending(st.s)[0].exposes as { unit: string }).unit, 'hollywood');
  st = answer(st.s, { type: 'pass' });
  assert.equal(kind(st.s), 'turn');
  assert.equal(st.s.slots[0].mp?.unit, 'shock-1', 'then Advance is performed');
  // Without the option nobody but a gadget holder is asked, and a Dash is refused in the window.
  const plain = answer(activeBoard(only(fresh('M4'), at), 'bravo'), advance);
  assert.equal((rs.pending(plain.s)[0].exposes as { unit: string }).unit, 'hollywood');
  assert.equal(refused(plain.s, { type: 'dash', unit: 'hollywood', to: '1,7,1', facing: 'E' }).code, 'wrong_action');
});

test('#45 random legal playouts with W-paid Dashes (option paidDash) end, with W-paid windows answered on both Sides\' Turns', () => {
  let windows = 0;
  for (const [m, n] of [['M4', 2], ['M2', 4]] as const) {
    const r = randomPlayout(rs, {
      scenario: m, seats: seats(n), seed: `aom-wpaid-${m}-${n}`, maxEntries: 5000, hashChain: false, options: { paidDash: true },
      onEntry: (ks) => { const d = rs.pending(ks.s as S)[0]; if (d?.kind === 'instant_window') windows++; },
    });
    assert.ok(r.result, `${m} ${n}p ended`);
  }
  assert.ok(windows > 0, 'W-paid windows opened');
});

test('#46 L280 W-paid after a self Instant taken in its own Turn: Hollywood\'s Smoke Bomb is an Action paid like any other, so a LEGION unit that can pay an Instant is asked before it is performed; the current Action\'s MP and allowances stay', () => {
  // Option paidDash: Dr. Babylon's Dash ("on any Turn", L811) is the LEGION Instant that can answer (no LEGION unit has an Instant gadget).
  const at = { fortune: '2,2,1', hollywood: '0,7,1', babylon: '9,5,1' };
  const s = activeBoard(only(fresh('M4', 2, { paidDash: true }), at), 'fortune');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  assert.equal(kind(st.s), 'instant_window', 'the Sprint\'s W-paid window (Babylon can pay a Dash)');
  st = answer(st.s, { type: 'pass' });
  const mp = st.s.slots[0].mp;
  assert.equal(mp?.unit, 'fortune', 'the Sprint performed: Fortune has its MP');
  const tech = st.s.boards.hollywood.cubes.tech;
  st = answer(st.s, smoke);
  assert.equal(kind(st.s), 'instant_window', 'Smoke Bomb paid: W-paid opens as for any other Action (L280)');
  const d = rs.pending(st.s)[0];
  assert.deepEqual([d.seat, d.exposes], [1, { unit: 'babylon', actor: 'hollywood', action: SMOKE, window: 'W-paid' }], 'LEGION\'s seat answers for Babylon');
  assert.equal(st.s.boards.hollywood.cubes.tech, tech - 1, 'the Action is paid (B)');
  assert.equal(defUp(st.s), 0, 'no part of it performed yet: no Defense Up');
  const dash = cands(st.s).find((a) => a.type === 'dash');
  assert.ok(dash && dash.type === 'dash' && dash.unit === 'babylon', 'Babylon\'s Dash is offered');
  st = answer(st.s, dash);
  assert.equal(st.s.units.babylon.at, dash.to, 'Babylon Dashed in the window');
  assert.equal(kind(st.s), 'turn', 'one Instant per unit in the window (L284); back to MAYHEM\'s Turn');
  assert.equal(defUp(st.s), 1, 'then the Smoke Bomb is performed: Defense Up');
  assert.deepEqual(st.s.slots[0].mp, mp, 'the Sprint\'s MP are untouched: a self Instant ends no Action');
  assert.deepEqual([st.s.slots[0].main, st.s.slots[0].addons], [true, []], 'the Sprint\'s Main Action only: the Instant uses no allowance');
  // Passing performs it just the same.
  const p = answer(answer(answer(activeBoard(only(fresh('M4', 2, { paidDash: true }), at), 'fortune'), { type: 'act', unit: 'fortune', action: 'sprint' }).s, { type: 'pass' }).s, smoke);
  assert.equal(defUp(answer(p.s, { type: 'pass' }).s), 1, 'passed: the Smoke Bomb is performed');
  // With nobody on the other Side able to pay an Instant (no paidDash), no window: performed at once, as before.
  const plain = answer(activeBoard(only(fresh('M4'), at), 'fortune'), smoke);
  assert.equal(kind(plain.s), 'turn', 'no LEGION unit can answer: no window');
  assert.equal(defUp(plain.s), 1, 'performed at once');
});

test('#46 L280 W-paid the same for every Instant taken in its own Turn: a self Instant, an Instant attack (Quick Draw) and an Instant move (Grapple Line) each open it when a unit of the other Side can pay', () => {
  const at = { fortune: '2,2,1', hardtack: '2,5,1', 'swarm-1': '4,2,1', babylon: '9,5,1' };
  const turn = () => {
    const s = activeBoard(only(fresh('M3', 2, { paidDash: true }), at), 'hardtack');
    s.boards.alpha.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 }; // the Swarm Trooper takes no Dash: only Babylon can answer
    return s;
  };
  for (const a of [
    { type: 'act' as const, unit: 'fortune', action: 'gadget-fortune-quickdraw', target: '4,2,1' },
    { type: 'act' as const, unit: 'hardtack', action: 'gadget-hardtack-grapple' },
  ]) {
    const st = answer(turn(), a);
    assert.equal(kind(st.s), 'instant_window', `${a.action}: W-paid opens`);
    assert.deepEqual(rs.pending(st.s)[0].exposes, { unit: 'babylon', actor: a.unit, action: a.action, window: 'W-paid' }, `${a.action}: Babylon is asked`);
  }
  const m4 = activeBoard(only(fresh('M4', 2, { paidDash: true }), { hollywood: '0,7,1', babylon: '9,5,1' }), 'hollywood');
  const st = answer(m4, smoke);
  assert.deepEqual(rs.pending(st.s)[0].exposes, { unit: 'babylon', actor: 'hollywood', action: SMOKE, window: 'W-paid' }, 'Smoke Bomb: Babylon is asked too');
  // An Instant character use (Hardtack's Dig In, provisional: B, an Armor cube and Defense Up): the card discarded when paid, its effects after the window.
  const m2 = activeBoard(only(fresh('M2', 2, { paidDash: true }), { hardtack: '2,5,1', fortune: '0,7,1', babylon: '9,5,1' }), 'fortune');
  m2.mayhem!.MAYHEM.deck.pool = [...m2.mayhem!.MAYHEM.deck.pool, ...m2.mayhem!.MAYHEM.hand].filter((c) => c !== 'hardtack-1').sort();
  m2.mayhem!.MAYHEM.hand = ['hardtack-1'];
  m2.boards.hardtack.armor = 0;
  let dig = answer(m2, { type: 'act', unit: 'hardtack', action: 'card-digin' });
  assert.deepEqual(rs.pending(dig.s)[0].exposes, { unit: 'babylon', actor: 'hardtack', action: 'card-digin', window: 'W-paid' }, 'Dig In: Babylon is asked');
  assert.ok(!dig.s.mayhem!.MAYHEM.hand.includes('hardtack-1'), 'the card is discarded when the use is paid');
  assert.equal(dig.s.boards.hardtack.armor, 0, 'not performed yet');
  dig = answer(dig.s, { type: 'pass' });
  assert.equal(kind(dig.s), 'turn');
  assert.equal(dig.s.boards.hardtack.armor, 1, 'performed once the window closes: the Armor cube');
});
