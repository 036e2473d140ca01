// Checklist item [full] #54, Until-Removed timers (spec 7.8, L1645-1677): "Timer Conditions are
// optional"; "A Timer Ability with a Until Removed Timer Condition is in effect until the Until
// Removed Timer Marker is removed"; removal at the beginning of the next Refresh Phase of the Side
// pictured, never in the Turn placed. Content (provisional, data/gadgets.json): Hollywood's Body
// Double, an Action gadget slotted in M5: Add-on, B, an own-Side (MAYHEM) timer, UNTIL REMOVED =
// GAIN DEFENSE_UP.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { refreshOptions } from '../../../src/games/agents-of-mayhem/legal.js';
import { activeBoard, answer, cands, ev, fresh, only, refused, rs, until, type Stepped } from './helpers.js';

const BD = 'gadget-hollywood-bodydouble';
const defenseUp = (s: S) => s.units.hollywood.statuses.filter((m) => m.kind === 'DEFENSE_UP').length;

function setup(): S {
  const s = activeBoard(only(fresh('M5'), { hollywood: '2,1,1', 'shock-1': '4,1,1', babylon: '17,7,1' }), 'hollywood');
  for (const b of ['alpha', 'bravo']) s.boards[b].cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  return s;
}

test('#54 Until-Removed timer: optional (the Action is offered with and without it); placed, its ability is in effect: Hollywood has Defense Up, which a Refresh card cannot remove', () => {
  const s = setup();
  const offered = cands(s).filter((a) => a.type === 'act' && a.action === BD);
  assert.deepEqual(offered, [{ type: 'act', unit: 'hollywood', action: BD }, { type: 'act', unit: 'hollywood', action: BD, timer: true }]);
  assert.equal(refused(s, { type: 'act', unit: 'hollywood', action: 'sprint', timer: true }).code, 'no_timer', 'only an Action picturing an optional timer');
  // Without the timer the UNTIL REMOVED ability has nothing to hold it: no status, no timer.
  const bare = answer(s, { type: 'act', unit: 'hollywood', action: BD });
  assert.equal(defenseUp(bare.s), 0);
  assert.equal(bare.s.timers, undefined);
  assert.equal(bare.s.boards.hollywood.cubes.tech, s.boards.hollywood.cubes.tech - 1, 'B paid either way');
  // With it: a MAYHEM timer on the Action, Defense Up while it is there.
  const st = answer(s, { type: 'act', unit: 'hollywood', action: BD, timer: true });
  assert.deepEqual(st.s.timers!.map((t) => [t.side, t.holder, t.effect.t]), [['MAYHEM', `action:hollywood:${BD}`, 'until']]);
  assert.equal(defenseUp(st.s), 1);
  assert.equal(refused(st.s, { type: 'act', unit: 'hollywood', action: BD, timer: true }).code, 'addon_used');
  // An attack on Hollywood counts it (Defense Up: −1).
  const l = activeBoard(structuredClone(st.s), 'babylon');
  l.units.babylon.at = '2,3,1'; l.units.babylon.facing = 'N'; l.units.hollywood.facing = 'S';
  l.boards.hollywood.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 }; // no Dash, no Block
  const hit = answer(l, { type: 'act', unit: 'babylon', action: 'staff', target: '2,1,1' }, Array(8).fill(5));
  assert.equal((ev(hit, 'dice_rolled')[0].mods as Record<string, number>).defenseUp, -1);
  // The Status symbol of a Refresh card cannot take it (a later Turn, when an ordinary status could go).
  const later = structuredClone(st.s); later.turnNo++;
  const frame = { t: 'refresh' as const, seat: 0, board: 'hollywood', reinforce: 0, cubes: 0, wound: 0, positive: true, negative: false, key: 0 };
  assert.deepEqual(refreshOptions(later, frame).positive, [null]);
  later.units.hollywood.statuses.push({ kind: 'DEFENSE_UP', turn: st.s.turnNo });
  assert.deepEqual(refreshOptions(later, frame).positive, ['DEFENSE_UP'], 'an ordinary Defense Up could go');
  const t = until(st.s, (x) => x.side === 'LEGION' && x.phase === 'activate');
  assert.equal(defenseUp(t.s), 1, 'in effect through LEGION\'s Turn');
  assert.equal(t.s.timers!.length, 1);
});

test('#54 Until-Removed timer: it comes off at the start of the next Refresh Phase of the Side shown (MAYHEM\'s next Turn), and the ability ends with it', () => {
  const st = answer(setup(), { type: 'act', unit: 'hollywood', action: BD, timer: true });
  let t = until(st.s, (x) => x.side === 'LEGION' && x.phase === 'activate');
  assert.equal(ev(t, 'timer_removed').length, 0, 'never in the Turn it was placed');
  t = until(t.s, (x) => x.side === 'MAYHEM' && x.phase === 'activate', { LEGION: 'alpha' });
  assert.equal(defenseUp(t.s), 1, 'still there in MAYHEM\'s next Action Phase');
  t = until(t.s, (x) => !x.timers, { MAYHEM: 'fortune' });
  assert.equal(ev(t, 'timer_removed').length, 1);
  assert.equal(defenseUp(t.s), 0, 'gone with the timer');
});
