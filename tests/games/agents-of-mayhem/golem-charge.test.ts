// Checklist item #60 (with #54): the Golem's Charge, its Weapon Action's optional Delay Action
// timer (L1655-1663, the Conditional Timer Example L1679-1685): paying GY, the LEGION player may
// place a MAYHEM When-Removed timer on the Action; the whole Action then waits, and when the timer
// comes off at the beginning of MAYHEM's Refresh Phase the LEGION player moves the Golem up to
// 3 MP and performs the Attack with an extra die. Data (provisional board, printed ability):
// Crushing Fists, Main GY, red 3 to range 1 / yellow 2 to 2, `DELAY & WHEN REMOVED = MP 3 &
// EXTRA DIE` with an enemy timer. Mission 6: the Golem is a Large Unit (2×2 from its north-west space).
// Red d12 faces (helpers.ts): 0-3 AH, 4 AH+S, 5-6 H, 7 H+S, 8-10 P, 11 S.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse, render } from '../../../src/games/agents-of-mayhem/abilities.js';
import { loadContent } from '../../../src/games/agents-of-mayhem/content.js';
import boardsJson from '../../../src/games/agents-of-mayhem/data/boards.json' with { type: 'json' };
import diceJson from '../../../src/games/agents-of-mayhem/data/dice.json' with { type: 'json' };
import refreshJson from '../../../src/games/agents-of-mayhem/data/refresh.json' with { type: 'json' };
import tilesJson from '../../../src/games/agents-of-mayhem/data/tiles.json' with { type: 'json' };
import missionsJson from '../../../src/games/agents-of-mayhem/data/missions.json' with { type: 'json' };
import { actionOf, type S } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, until, type Stepped } from './helpers.js';

/** M6, LEGION's Turn with the Golem activated; the Golem at 15,6 (footprint 15-16, 6-7), Fortune at 12,7, 3 spaces west of it. */
function charge(extra: Record<string, string> = {}): S {
  return activeBoard(only(fresh('M6'), { golem: '15,6,1', fortune: '12,7,1', hollywood: '1,6,1', babylon: '14,4,3', ...extra }), 'golem');
}
/** Plays on (LEGION ends, MAYHEM activates Hollywood and ends) until the Charge's timer comes off at the start of MAYHEM's Refresh Phase. */
const toRemoval = (s: S): Stepped => until(s, (x) => kind(x) === 'delayed_action', { MAYHEM: 'hollywood', LEGION: 'golem' });

test('#60 Golem Charge: the Crushing Fists picture an optional enemy When-Removed timer with Delay Action, DELAY & WHEN REMOVED = MP 3 & EXTRA DIE (L1681)', () => {
  const fists = actionOf(fresh('M6').units.golem, 'fists')!;
  assert.deepEqual(fists.timer, { side: 'enemy' });
  assert.equal(fists.cost, 'GY');
  const charge = fists.parsed.find((ab) => ab.conds.some((c) => c.k === 'delay'))!;
  assert.deepEqual(charge, { conds: [{ k: 'delay' }, { k: 'whenRemoved' }], effects: [[{ k: 'mp', n: 3 }], [{ k: 'extraDie' }]] });
  assert.equal(render(parse('DELAY & WHEN REMOVED = MP 3 & EXTRA DIE')), 'DELAY & WHEN REMOVED = MP 3 & EXTRA DIE');
  // The loader takes a Delay Action timer on a Weapon Action only, with MP / EXTRA DIE effects (what the delayed attack resolves).
  const load = (edit: (fists: Record<string, unknown>) => void) => {
    const boards = structuredClone(boardsJson) as { elites: { id: string; actions: Record<string, unknown>[] }[] };
    edit(boards.elites.find((e) => e.id === 'golem')!.actions.find((a) => a.id === 'fists')!);
    return () => loadContent({ boards, dice: diceJson, refresh: refreshJson, tiles: tilesJson, missions: missionsJson });
  };
  assert.throws(load((a) => { delete a.timer; }), /optional timer/);
  assert.throws(load((a) => { a.abilities = ['DELAY & WHEN REMOVED = GIVE STUNNED']; }), /Delay Action timer/);
  assert.throws(load((a) => { a.abilities = ['WHEN REMOVED = EXTRA DIE']; }), /Delay Action timer/);
  assert.throws(load((a) => { a.weapon = false; }), /Delay Action timer/);
});

test('#60 Golem Charge: placing the timer is the player\'s choice (L1655); placed, the Weapon Action is paid now and the whole Action delayed, a MAYHEM When-Removed timer on it (L1663, L1683)', () => {
  const s = charge();
  const listed = cands(s).filter((a) => a.type === 'act' && a.action === 'fists');
  assert.ok(listed.some((a) => a.type === 'act' && a.timer === true && a.target === undefined && a.aim === undefined), 'the Charge is a candidate');
  assert.ok(listed.some((a) => a.type === 'act' && a.timer === true && a.aim === true), 'aimed with +1 Focus too');
  const { speed, focus } = s.boards.golem.cubes;
  const st = answer(s, { type: 'act', unit: 'golem', action: 'fists', timer: true });
  assert.deepEqual(ev(st, 'timer_placed'), [{ timer: ev(st, 'timer_placed')[0].timer, side: 'MAYHEM', holder: 'action:golem:fists', unit: 'golem', action: 'fists' }]);
  assert.deepEqual([st.s.boards.golem.cubes.speed, st.s.boards.golem.cubes.focus], [speed - 1, focus - 1], 'GY paid now');
  assert.equal(st.s.slots[0].main, true, 'its Main Action is used when paid (spec 7.8 [P])');
  assert.equal(ev(st, 'attack_declared').length, 0, 'no attack now');
  assert.equal(st.s.slots[0].mp, null, 'the weapon\'s own MP are not granted now');
  assert.equal(kind(st.s), 'turn');
  // The target comes later; a Charge is not also aimed by another timer.
  const s2 = charge();
  assert.equal(refused(s2, { type: 'act', unit: 'golem', action: 'fists', timer: true, target: '12,7,1' }).code, 'target_later');
  assert.equal(refused(s2, { type: 'act', unit: 'golem', action: 'fists', timer: true, aim: 'timer' }).code, 'already_delayed');
  assert.equal(refused(s2, { type: 'act', unit: 'golem', action: 'stomp', timer: true }).code, 'no_timer');
});

test('#60 Golem Charge: the timer is not removed in LEGION\'s Refresh Phase; at the beginning of MAYHEM\'s the LEGION player moves the Golem up to 3 MP and attacks with an extra die (L1657, L1685)', () => {
  let st = answer(charge(), { type: 'act', unit: 'golem', action: 'fists', timer: true });
  const placed = st.s.turnNo;
  st = toRemoval(st.s);
  assert.equal(st.s.side, 'MAYHEM');
  assert.equal(st.s.phase, 'refresh');
  assert.equal(st.s.turnNo, placed + 1, 'the next Turn: MAYHEM\'s');
  assert.equal(ev(st, 'timer_removed').length, 1);
  assert.equal(st.s.timers, undefined);
  const [d] = rs.pending(st.s);
  assert.equal(d.seat, 1, 'the LEGION player');
  assert.deepEqual(d.exposes, { unit: 'golem', action: 'fists', aimed: false, mp: 3 });
  // Fortune is 3 spaces from the footprint: out of the fists' range 2 until the Golem moves.
  assert.ok(!cands(st.s).some((a) => a.type === 'delayed' && a.target !== null));
  // Its 2×2 steps: the tower (y 2-5) north of it, the map edge south; 12,6 would put it on Fortune.
  assert.deepEqual([...new Set(cands(st.s).flatMap((a) => (a.type === 'move' ? [a.to] : [])))], ['13,6,1', '14,6,1', '16,6,1']);
  assert.equal(refused(st.s, { type: 'move', unit: 'golem', to: '11,6,1', facing: 'W' }).code, 'unreachable', '4 MP');
  assert.equal(refused(st.s, { type: 'move', unit: 'fortune', to: '12,6,1', facing: 'W' }).code, 'not_the_unit');
  // Split: 1 MP, then 1 more; the footprint (13-14, 6-7) is next to Fortune.
  st = answer(st.s, { type: 'move', unit: 'golem', to: '14,6,1', facing: 'W' });
  assert.equal((rs.pending(st.s)[0].exposes as { mp: number }).mp, 2);
  st = answer(st.s, { type: 'move', unit: 'golem', to: '13,6,1', facing: 'W' });
  assert.deepEqual(ev(st, 'moved')[0], { unit: 'golem', path: ['14,6,1', '13,6,1'], facing: 'W', delayed: 'fists', mp: 1 });
  // Range 1, red band: 3 red d12 and the Charge's extra die.
  st = answer(st.s, { type: 'delayed', target: '12,7,1' });
  assert.deepEqual(ev(st, 'delayed_resolved')[0], { unit: 'golem', action: 'fists', target: '12,7,1' });
  if (kind(st.s) === 'dash_window') st = answer(st.s, { type: 'pass' }, [5, 5, 8, 11]);
  const roll = ev(st, 'dice_rolled')[0];
  assert.deepEqual(roll.dice, ['red', 'red', 'red', 'red'], '3 + 1 dice');
  // The same attack made at once rolls its 3 dice only.
  const now = answer(charge({ fortune: '14,7,1' }), { type: 'act', unit: 'golem', action: 'fists', target: '14,7,1' });
  const plain = kind(now.s) === 'dash_window' ? answer(now.s, { type: 'pass' }, [5, 5, 8]) : now;
  assert.deepEqual(ev(plain, 'dice_rolled')[0].dice, ['red', 'red', 'red']);
});

test('#60 Golem Charge: the Golem may attack without moving or forgo; the default attacks the first target and never moves; off the map the Charge is lost', () => {
  let st = answer(charge({ fortune: '14,7,1' }), { type: 'act', unit: 'golem', action: 'fists', timer: true });
  st = toRemoval(st.s);
  const d = rs.pending(st.s)[0];
  assert.deepEqual(rs.defaultAction!(st.s, d), { type: 'delayed', target: '14,7,1' });
  const forgo = answer(st.s, { type: 'delayed', target: null });
  assert.equal(ev(forgo, 'delayed_forgone').length, 1);
  // Nobody in reach even after 3 MP: the LEGION player may still move, then forgo.
  let far = answer(charge({ fortune: '2,2,1' }), { type: 'act', unit: 'golem', action: 'fists', timer: true });
  far = toRemoval(far.s);
  assert.deepEqual(rs.defaultAction!(far.s, rs.pending(far.s)[0]), { type: 'delayed', target: null });
  // Downed before it comes off: the delayed Action is lost, nobody is asked.
  const gone = answer(charge(), { type: 'act', unit: 'golem', action: 'fists', timer: true });
  gone.s.units.golem.at = null; gone.s.units.golem.downed = true;
  const lost = until(gone.s, (x) => x.side === 'MAYHEM' && x.phase === 'refresh' && !x.timers, { MAYHEM: 'hollywood', LEGION: 'babylon' });
  assert.equal(ev(lost, 'delayed_forgone').length, 1);
});

test('#60 Golem Charge aimed with +1 Focus: paid with GYY, the delayed attack is aimed (spec 7.4)', () => {
  const s = charge({ fortune: '14,7,1' });
  const focus = s.boards.golem.cubes.focus;
  let st = answer(s, { type: 'act', unit: 'golem', action: 'fists', timer: true, aim: true });
  assert.equal(st.s.boards.golem.cubes.focus, focus - 2);
  st = toRemoval(st.s);
  assert.equal((rs.pending(st.s)[0].exposes as { aimed: boolean }).aimed, true);
  st = answer(st.s, { type: 'delayed', target: '14,7,1' });
  const f = st.s.stack.find((x) => x.t === 'attack');
  assert.ok(f && f.t === 'attack' && f.aimed && f.whenRemoved);
});

test('#60 Golem Charge: its EXTRA DIE joins the pool before the Penalties (L735-739, spec 7.3.4), so they may downgrade it and the named dice count it', () => {
  let st = answer(charge(), { type: 'act', unit: 'golem', action: 'fists', timer: true });
  st = toRemoval(st.s);
  st = answer(st.s, { type: 'move', unit: 'golem', to: '13,6,1', facing: 'W' });
  // Defense Up four times: -4 on 3 red d12 and the Charge's die, 4 red d12 to downgrade.
  const s = structuredClone(st.s);
  s.units.fortune.statuses = Array.from({ length: 4 }, () => ({ kind: 'DEFENSE_UP' as const, turn: 0 }));
  assert.equal(refused(s, { type: 'delayed', target: '12,7,1', dieDowngrades: ['red', 'red', 'red', 'red', 'red'] }).code, 'no_attack_penalty');
  // Four red d12 named: the fourth is the Charge's die (3 red d12 alone would be no_such_die).
  let r = answer(s, { type: 'delayed', target: '12,7,1', dieDowngrades: ['red', 'red', 'red', 'red'] });
  if (kind(r.s) === 'dash_window') r = answer(r.s, { type: 'pass' }, [1, 2, 3, 4]);
  assert.deepEqual(ev(r, 'dice_rolled')[0].dice, ['yellow', 'yellow', 'yellow', 'yellow'], 'four red d12 downgraded once each');
});
