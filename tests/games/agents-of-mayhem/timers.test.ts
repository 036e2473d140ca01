// Checklist items [full] #54 (timers and delayed Actions), #53 (aiming by timer, the Disrupt Aim
// Bonus) and #80 (the Snipe Trooper's mandatory timer), from spec 7.4 and 7.8 (L1645-1742).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { mandatoryTimer } from '../../../src/games/agents-of-mayhem/rules/timers.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, until, type Stepped } from './helpers.js';


function aimedSetup(): S {
  const s = activeBoard(only(fresh('M2'), { fortune: '2,1,1', 'shock-1': '3,1,1', babylon: '17,7,1' }), 'fortune');
  s.boards.bravo.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 }; // no Dash, no Block
  return s;
}

test('#54 #53 aiming by timer: the Weapon Action is paid now (no +1 Focus), an enemy When-Removed timer goes on the unit, and the target is chosen when it comes off', () => {
  const s = aimedSetup();
  assert.ok(cands(s).some((a) => a.type === 'act' && a.action === 'pistols' && a.aim === 'timer' && a.target === undefined));
  assert.equal(refused(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1', aim: 'timer' }).code, 'target_later');
  assert.equal(refused(s, { type: 'act', unit: 'fortune', action: 'sprint', aim: 'timer' }).code, 'cannot_aim', 'only Weapon Actions aim');
  const st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', aim: 'timer' });
  assert.deepEqual(st.s.boards.fortune.cubes, { speed: 2, focus: 2, tech: 2, mayhem: 0 }, 'GY, the Action\'s cost only');
  assert.equal(st.s.slots[0].main, true, 'the Main Action allowance is used when paid');
  assert.deepEqual(st.s.timers!.map((t) => [t.side, t.holder]), [['LEGION', 'unit:fortune']], 'an enemy (LEGION) timer on the figure');
  assert.equal(refused(st.s, { type: 'act', unit: 'fortune', action: 'pistols', aim: 'timer' }).code, 'main_used');
  // The analysis position format does not describe timers: it refuses them by name (a fork still copies them).
  const later = until(st.s, (x) => x.phase === 'activate' && !x.stack.length).s;
  const p = rs.position!.toPosition(later as never) as { code: string; message: string };
  assert.equal(p.code, 'not_at_a_position');
  assert.match(p.message, /timers/);
});

test('#54 a timer comes off at the start of the next Refresh Phase of the Side it shows, never in the Turn it was placed; the owner then chooses the target (aimed: Aim Bonuses, Disrupt)', () => {
  const s = aimedSetup();
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', aim: 'timer' });
  // MAYHEM's own Refresh Phase: the LEGION timer stays.
  st = until(st.s, (x) => x.side === 'LEGION' && x.phase === 'activate');
  assert.equal(st.s.timers!.length, 1);
  assert.equal(ev(st, 'timer_removed').length, 0);
  // LEGION's Refresh Phase begins: the timer comes off and MAYHEM (seat 0) resolves the delayed attack, on LEGION's Turn.
  st = until(st.s, (x) => kind(x) === 'delayed_action', { LEGION: 'alpha' });
  assert.equal(st.s.side, 'LEGION');
  assert.equal(st.s.timers, undefined);
  assert.equal(rs.pending(st.s)[0].seat, 0);
  assert.deepEqual(cands(st.s).filter((a) => a.type === 'delayed'), [{ type: 'delayed', target: null }, { type: 'delayed', target: '3,1,1' }]);
  assert.ok(refused(st.s, { type: 'delayed', target: '17,7,1' }), 'Babylon is out of range now');
  // Red faces 0 (AH) and 1 (AH): aimed, two Aim Bonuses; Disrupt gives the target a Disrupted status.
  st = answer(st.s, { type: 'delayed', target: '3,1,1' }, [0, 1]);
  assert.equal(kind(st.s), 'aim_bonus');
  assert.ok(cands(st.s).some((a) => a.type === 'aimBonus' && a.bonus === 'disrupt'));
  st = answer(st.s, { type: 'aimBonus', bonus: 'disrupt' });
  assert.equal(refused(st.s, { type: 'aimBonus', bonus: 'disrupt' }).code, 'bad_aim_bonus', 'each bonus once per roll');
  assert.equal(st.s.units['shock-1'].statuses.filter((x) => x.kind === 'DISRUPTED').length, 1);
});

test('#54 the delayed Action is lost when its unit is off the map when the timer comes off, and may be forgone', () => {
  const s = aimedSetup();
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', aim: 'timer' });
  st = until(st.s, (x) => x.side === 'LEGION' && x.phase === 'activate');
  st.s.units.fortune.at = null; st.s.units.fortune.downed = true;
  st = until(st.s, (x) => x.side === 'MAYHEM', { LEGION: 'alpha' });
  assert.equal(ev(st, 'timer_removed').length, 1);
  assert.equal(ev(st, 'delayed_forgone').length, 1);
  assert.equal(ev(st, 'attack_declared').length, 0);
});

test('#80 #54 the Snipe Trooper\'s mandatory timer: paid now, no target; a MAYHEM timer, removed at MAYHEM\'s next Refresh, when LEGION chooses the target', () => {
  const s = activeBoard(only(fresh('M2'), { 'snipe-1': '10,1,1', fortune: '4,1,1' }), 'bravo');
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 }; // no Dash, no Block
  assert.equal(refused(s, { type: 'act', unit: 'snipe-1', action: 'sniper', target: '4,1,1' }).code, 'target_later');
  assert.ok(!cands(s).some((a) => a.type === 'act' && a.action === 'sniper' && a.target !== undefined), 'no immediate shot is offered');
  let st = answer(s, { type: 'act', unit: 'snipe-1', action: 'sniper' });
  assert.deepEqual(st.s.timers!.map((t) => [t.side, t.holder]), [['MAYHEM', 'unit:snipe-1']]);
  // LEGION's own Refresh: nothing; MAYHEM's: the timer comes off, LEGION's seat (1) picks the target.
  st = until(st.s, (x) => x.side === 'MAYHEM' && x.phase === 'activate');
  assert.equal(st.s.timers!.length, 1);
  st = until(st.s, (x) => kind(x) === 'delayed_action', { MAYHEM: 'hardtack' });
  assert.equal(st.s.side, 'MAYHEM');
  assert.equal(rs.pending(st.s)[0].seat, 1);
  // Distance 6: the red band (2 d12), faces 5 and 6 (H, H).
  st = answer(st.s, { type: 'delayed', target: '4,1,1' }, [5, 6]);
  assert.deepEqual(ev(st, 'delayed_resolved')[0], { unit: 'snipe-1', action: 'sniper', target: '4,1,1' });
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['red', 'red']);
  // A Basic mission ignores the timer (spec 4.4 item 9; no Basic mission fields Snipe Troopers yet).
  assert.equal(mandatoryTimer(fresh('M1'), CONTENT.minions.snipe.actions.find((a) => a.id === 'sniper')!), false);
  assert.equal(mandatoryTimer(fresh('M2'), CONTENT.minions.snipe.actions.find((a) => a.id === 'sniper')!), true);
});

test('#54 one timer per holder comes off per Turn: the Dark Matter Bomb\'s 3 MAYHEM timers take 3 MAYHEM Refresh Phases', () => {
  const s = activeBoard(only(fresh('M4'), { babylon: '14,4,3', fortune: '1,2,1', 'swarm-1': '13,0,1' }), 'babylon');
  let st = answer(s, { type: 'arm', ddd: 'bomb' });
  assert.equal(st.s.timers!.filter((t) => t.holder === 'ddd:bomb' && t.side === 'MAYHEM').length, 3);
  let left = 3;
  for (let i = 1; i <= 2; i++) {
    st = until(st.s, (x) => (x.timers?.length ?? 0) < left);
    left--;
    assert.equal(st.s.side, 'MAYHEM');
    assert.equal(st.s.timers!.length, left, `one timer off in MAYHEM Refresh ${i}`);
    assert.equal(st.s.ddds!.find((d) => d.id === 'bomb')!.destroyed, false);
  }
  st = until(st.s, (x) => !x.timers);
  assert.equal(ev(st, 'bomb_detonated').length, 1);
});

/** Fortune's Dual Energy Pistols (3 MP, L1166) aimed by timer, up to the start of LEGION's Refresh Phase when MAYHEM resolves it. */
function delayedPistols(): Stepped {
  const st = answer(aimedSetup(), { type: 'act', unit: 'fortune', action: 'pistols', aim: 'timer' });
  return until(st.s, (x) => kind(x) === 'delayed_action', { LEGION: 'alpha' });
}

test('#54 weapon MP of a delayed Action: "the entire Action is delayed" (L1663, L1669, L1700), so the Weapon Action\'s MP are moved when the timer comes off, before the attack; not split (L623): none are left after it', () => {
  let st = delayedPistols();
  assert.equal((rs.pending(st.s)[0].exposes as { mp: number }).mp, 3, 'the pistols\' 3 MP (L1166), not granted when it was paid');
  assert.ok(cands(st.s).some((a) => a.type === 'move' && a.unit === 'fortune' && a.to === '2,4,1'), 'a 3-space move is offered before the target');
  assert.equal(refused(st.s, { type: 'move', unit: 'fortune', to: '2,5,1', facing: 'S' }).code, 'unreachable', '4 spaces is beyond 3 MP');
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '1,1,1', facing: 'E' });
  assert.equal(st.s.units.fortune.at, '1,1,1');
  assert.equal((rs.pending(st.s)[0].exposes as { mp: number }).mp, 2, '1 MP spent, 2 left before the attack');
  // Shock Trooper A (3,1,1) is 2 spaces away, in the red band: the attack ends the movement; the 2 MP left are lost (not split).
  st = answer(st.s, { type: 'delayed', target: '3,1,1' }, [8, 9]);
  if (kind(st.s) === 'aim_bonus') st = answer(st.s, rs.defaultAction!(st.s, rs.pending(st.s)[0]));
  assert.notEqual(kind(st.s), 'delayed_action', 'no weapon MP after the attack once some were moved before');
  assert.ok(!st.s.stack.some((f) => f.t === 'delayed'), 'the delayed Action is over');
});

test('#54 weapon MP of a delayed Action: attacking first, its MP are moved after the attack (L623 "before or after"); the target cannot be named twice; ending or the default gives up what is left', () => {
  let st = delayedPistols();
  // Two Pushes (red faces 8-9, P): no Aim Bonus to choose, the Shock Trooper is pushed.
  st = answer(st.s, { type: 'delayed', target: '3,1,1' }, [8, 9]);
  while (kind(st.s) !== 'delayed_action') st = answer(st.s, rs.defaultAction!(st.s, rs.pending(st.s)[0]));
  const d = rs.pending(st.s)[0];
  assert.equal(d.seat, 0, 'MAYHEM moves its unit, on LEGION\'s Turn');
  assert.deepEqual(d.exposes, { unit: 'fortune', action: 'pistols', aimed: true, mp: 3, fired: true }, 'the 3 weapon MP after the attack');
  assert.equal(refused(st.s, { type: 'delayed', target: '3,1,1' }).code, 'already_fired');
  assert.deepEqual(rs.defaultAction!(st.s, d), { type: 'delayed', target: null }, 'the default ends without moving');
  assert.ok(cands(st.s).every((a) => a.type === 'move' || (a.type === 'delayed' && a.target === null)), 'only moves, or the end');
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '2,4,1', facing: 'S' });
  assert.equal(st.s.units.fortune.at, '2,4,1', '3 MP moved after the attack');
  assert.ok(!st.s.stack.some((f) => f.t === 'delayed'), 'all MP spent: the delayed Action is over');
  assert.equal(st.s.side, 'LEGION', 'still LEGION\'s Turn');
});

test('#80 #54 a delayed Action whose Weapon grants no MP (the Snipe Trooper\'s rifle) offers no move when its timer comes off', () => {
  const s = activeBoard(only(fresh('M2'), { 'snipe-1': '10,1,1', fortune: '4,1,1' }), 'bravo');
  let st = answer(s, { type: 'act', unit: 'snipe-1', action: 'sniper' });
  st = until(st.s, (x) => kind(x) === 'delayed_action', { MAYHEM: 'fortune' });
  assert.equal((rs.pending(st.s)[0].exposes as { mp?: number }).mp, undefined);
  assert.ok(!cands(st.s).some((a) => a.type === 'move'));
});

test('#54 labels of ending a delayed Action: before its attack `delayed {target: null}` forgoes it; after the attack (its weapon MP left, L623 "before or after") it ends the Action without spending those MP', () => {
  let st = delayedPistols();
  const end = { type: 'delayed' as const, target: null };
  const pistols = CONTENT.elites.fortune.actions.find((a) => a.id === 'pistols')!.name;
  assert.equal(rs.label!(rs.view(st.s, 0), 0, end), 'Forgo the delayed Action', 'before the attack: the delayed Action is forgone (event delayed_forgone)');
  st = answer(st.s, { type: 'delayed', target: '3,1,1' }, [8, 9]);
  while (kind(st.s) !== 'delayed_action') st = answer(st.s, rs.defaultAction!(st.s, rs.pending(st.s)[0]));
  assert.equal((rs.pending(st.s)[0].exposes as { fired?: boolean }).fired, true, 'the attack was made');
  const label = rs.label!(rs.view(st.s, 0), 0, end);
  assert.equal(label, `End the delayed ${pistols} without spending its remaining 3 MP`, 'after the attack: the Action ends, its 3 weapon MP unspent');
  assert.ok(!/forgo/i.test(label), 'nothing is forgone once the attack was made');
  // The labels of the decision are distinct: the moves with those MP, and the end.
  const d = rs.pending(st.s)[0];
  const labels = cands(st.s).map((a) => rs.label!(rs.view(st.s, d.seat), d.seat, a));
  assert.equal(new Set(labels).size, labels.length, 'one label per action');
  assert.ok(labels.includes(label) && labels.some((l) => /^Fortune moves to /.test(l)), 'the end and the moves are offered');
  // Ending does what the label says: the Action is over, Fortune has not moved.
  const at = st.s.units.fortune.at;
  const done = answer(st.s, end);
  assert.ok(!done.s.stack.some((f) => f.t === 'delayed'), 'the delayed Action is over');
  assert.equal(done.s.units.fortune.at, at, 'no MP spent');
  // The end is logged, publicly: the Action, and the MP it leaves unspent.
  assert.deepEqual(ev(done, 'delayed_ended'), [{ unit: 'fortune', action: 'pistols', mpLost: 3 }]);
  assert.ok(done.ev.filter((e) => e.type === 'delayed_ended').every((e) => e.to === 'all'), 'seen by every seat');
  assert.equal(ev(done, 'delayed_forgone').length, 0, 'nothing forgone: the attack was made');
  const text = rs.describe!(rs.view(done.s, 1), done.ev.find((e) => e.type === 'delayed_ended')!);
  assert.equal(text, `Fortune: the delayed ${pistols} ends (3 MP unspent)`);
});

test('#54 a delayed Action ending after its attack with part of its weapon MP moved logs the MP left (event delayed_ended)', () => {
  let st = delayedPistols();
  st = answer(st.s, { type: 'delayed', target: '3,1,1' }, [8, 9]);
  while (kind(st.s) !== 'delayed_action') st = answer(st.s, rs.defaultAction!(st.s, rs.pending(st.s)[0]));
  // One step (1 MP) to a neighbouring space: 2 MP are left.
  const [x, y, z] = st.s.units.fortune.at!.split(',').map(Number);
  const near = new Set([`${x + 1},${y},${z}`, `${x - 1},${y},${z}`, `${x},${y + 1},${z}`, `${x},${y - 1},${z}`]);
  const step = cands(st.s).find((a) => a.type === 'move' && near.has(a.to))!;
  assert.ok(step, 'a step of 1 MP');
  st = answer(st.s, step);
  assert.equal(kind(st.s), 'delayed_action');
  assert.equal((rs.pending(st.s)[0].exposes as { mp: number }).mp, 2);
  const done = answer(st.s, { type: 'delayed', target: null });
  assert.deepEqual(ev(done, 'delayed_ended'), [{ unit: 'fortune', action: 'pistols', mpLost: 2 }]);
});
