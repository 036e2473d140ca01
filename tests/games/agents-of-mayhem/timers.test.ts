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
  assert.deepEqual(cands(st.s), [{ type: 'delayed', target: null }, { type: 'delayed', target: '3,1,1' }]);
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
