// Checklist items [core] #25-#37: the attack pipeline, dice pools, Hits, Downed, Minion
// Defense, Push, falls, Block, Specials, AoE, no friendly fire.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { areaTargets, poolFor } from '../../../src/games/agents-of-mayhem/rules/combat.js';
import { actionOf } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, ev, fresh, kind, only, refused } from './helpers.js';

/** Fortune at 2,1 (ground) attacks Dr. Babylon adjacent at 3,1, who faces W (Fortune in his Front). */
function duel() {
  const s = activeBoard(only(fresh(), { fortune: '2,1,1', babylon: '3,1,1' }), 'fortune');
  return s;
}

test('#25 attack pipeline: pay, target in Front/LOS/Range, pre-roll Dash window, roll, Block window, apply (spec 7.3.2)', () => {
  let st = answer(duel(), { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' });
  assert.deepEqual(st.s.boards.fortune.cubes, { speed: 2, focus: 2, tech: 2, mayhem: 0 }, 'GY paid first');
  assert.equal(kind(st.s), 'dash_window');
  assert.equal(st.s.units.fortune.facing, 'E', 'free facing change toward the target');
  // Red band (range 1 <= 3): 2 red d12; no modifiers. Faces 5 (H) and 8 (P).
  st = answer(st.s, { type: 'pass' }, [5, 8]);
  assert.deepEqual(ev(st, 'dice_rolled')[0].faces, ['H', 'P']);
  assert.equal(kind(st.s), 'block');
  st = answer(st.s, { type: 'block', times: 0 });
  assert.equal(st.s.boards.babylon.shield, 2, 'the Hit took a Shield cube');
  assert.equal(kind(st.s), 'push');
  const far = refused(duel(), { type: 'act', unit: 'fortune', action: 'pistols', target: '0,0,1' });
  assert.equal(far.code, 'no_enemy');
});

test('#26 dice pool modifiers: Flank +2, Higher +2, Protection -2, statuses ±1; upgrades then extra white dice', () => {
  const s = only(fresh(), { hardtack: '7,4,3', 'swarm-1': '5,4,1', fortune: '0,3,1', 'swarm-2': '3,3,1' });
  const h = s.units.hardtack; const sw = s.units['swarm-1'];
  sw.facing = 'W'; // Hardtack behind it: Flank
  const p = poolFor(s, h, actionOf(h, 'shotgun')!, sw, h.at!, 2)!;
  assert.deepEqual(p.mods, { flank: 2, higher: 2 });
  // Yellow band (2 <= 3): 2 yellow, +4: both to red, then a white d6 added, then upgraded (spec 7.3.4).
  assert.deepEqual(p.dice, ['red', 'red', 'yellow']);
  const f = s.units.fortune; const s2 = s.units['swarm-2']; s2.facing = 'W';
  const q = poolFor(s, f, actionOf(f, 'pistols')!, s2, f.at!, 3)!;
  assert.deepEqual(q.mods, { protection: -2 });
  assert.deepEqual(q.dice, ['yellow', 'yellow'], 'red red: -2 downgrades the highest die each time');
  f.statuses.push({ kind: 'ATTACK_UP', turn: 0 }); s2.statuses.push({ kind: 'DEFENSE_UP', turn: 0 });
  assert.deepEqual(poolFor(s, f, actionOf(f, 'pistols')!, s2, f.at!, 3)!.dice, ['yellow', 'yellow'], 'bonus and penalty negate one for one');
  s2.statuses.push({ kind: 'DEFENSE_UP', turn: 0 }, { kind: 'DEFENSE_UP', turn: 0 }, { kind: 'DEFENSE_UP', turn: 0 });
  assert.deepEqual(poolFor(s, f, actionOf(f, 'pistols')!, s2, f.at!, 3)!.dice, ['white'], 'net -5: all white, then a white die removed');
});

test('#28 Hits on an Elite: Shield, then Armor, then Wounds in a well the target chooses', () => {
  const s = duel();
  s.boards.babylon.shield = 0; s.boards.babylon.armor = 1;
  s.boards.babylon.cubes.focus = 0; // no Dash, no Block
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }, [5, 6]);
  // Two Hits: the Armor cube, then one Wound placed by LEGION's seat.
  assert.equal(kind(st.s), 'wound');
  assert.equal(rsSeat(st.s), 1);
  st = answer(st.s, { type: 'wound', well: 'tech' });
  assert.equal(st.s.boards.babylon.armor, 0);
  assert.equal(st.s.boards.babylon.wounds.tech, 1);
  assert.equal(st.s.boards.babylon.cubes.tech, 3, 'the Wound replaced a cube in the full Tech well');
});
import { rs } from './helpers.js';
function rsSeat(s: Parameters<typeof rs.pending>[0]) { return rs.pending(s)[0].seat; }

test('#29 Downed Elite: figure removed, board cleared, 1 VP immediately to the other Side', () => {
  const s = duel();
  s.boards.babylon.shield = 0; s.boards.babylon.armor = 0; s.boards.babylon.cubes.focus = 0;
  s.boards.babylon.wounds = { speed: 3, focus: 3, tech: 1, mayhem: 0 }; // 7 of 8
  const st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }, [5, 11]);
  // One Hit: the 8th Wound (only Tech and Mayhem wells can take it; a choice).
  const st2 = answer(st.s, { type: 'wound', well: 'mayhem' });
  assert.equal(st2.s.units.babylon.at, null);
  assert.equal(st2.s.units.babylon.downed, true);
  assert.deepEqual(st2.s.boards.babylon.cubes, { speed: 0, focus: 0, tech: 0, mayhem: 0 });
  assert.equal(st2.s.vp.MAYHEM, 1);
});

test('#30 Minion Defense: Hits counted within the Turn, Downed at Defense, reset at the end of the Turn', () => {
  const s = activeBoard(only(fresh(), { fortune: '2,1,1', 'swarm-1': '3,1,1' }), 'fortune');
  s.boards.alpha.cubes.focus = 0; // no Dash
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }, [5, 8]);
  assert.equal(st.s.units['swarm-1'].hits, 1, 'Swarm Trooper: 1 Shield + 1 Health');
  st = answer(st.s, { type: 'push', to: null });
  st = answer(st.s, { type: 'end' });
  assert.equal(st.s.units['swarm-1'].hits, 0, 'full Defense again at the end of the Turn');
  const t = activeBoard(only(fresh(), { fortune: '2,1,1', 'swarm-1': '3,1,1' }), 'fortune');
  t.boards.alpha.cubes.focus = 0;
  const st3 = answer(t, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }, [5, 6]);
  assert.equal(st3.s.units['swarm-1'].downed, true);
  assert.equal(st3.s.vp.MAYHEM, 1, 'a Minion counts as a LEGION unit Downed (A-38)');
});

test('#31 Push: one space farther per result (3 choices straight on), stop, 3 Pushes to cross an obstacle', () => {
  const s = activeBoard(only(fresh(), { fortune: '2,1,1', 'swarm-1': '3,1,1' }), 'fortune');
  s.boards.alpha.cubes.focus = 0;
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }, [8, 9]);
  assert.equal(kind(st.s), 'push');
  const opts = rs.candidates(st.s, 0, rs.pending(st.s)[0], 99, null as never).actions.map((a) => (a as { to: string | null }).to);
  assert.deepEqual(opts, [null, '4,0,1', '4,1,1', '4,2,1']);
  st = answer(st.s, { type: 'push', to: '4,2,1' });
  st = answer(st.s, { type: 'push', to: '5,3,1' });
  assert.equal(st.s.units['swarm-1'].at, '5,3,1');
  assert.equal(kind(st.s), 'turn', 'both Pushes spent');
  const o = activeBoard(only(fresh(), { hardtack: '1,3,1', 'swarm-1': '2,3,1' }), 'hardtack');
  o.boards.alpha.cubes.focus = 0;
  const st2 = answer(o, { type: 'act', unit: 'hardtack', action: 'shotgun', target: '2,3,1' }, [8, 9, 12 - 12]);
  // Faces P, P, AH: 2 Pushes cannot cross the obstacle edge east of 2,3.
  const pushes = rs.candidates(st2.s, 0, rs.pending(st2.s)[0], 99, null as never).actions.map((a) => (a as { to: string | null }).to);
  // No space farther is open (edge and both corner dots are obstacles): the same distance instead.
  assert.deepEqual(pushes, [null, '1,2,1', '1,4,1', '2,2,1', '2,4,1']);
});

test('#32 Uncontrolled Fall: pushed off a roof, 1 red d12 per Level, Hits only; Fall Dash makes it controlled', () => {
  const s = activeBoard(only(fresh(), { hardtack: '8,3,3', babylon: '7,3,3' }), 'hardtack');
  s.boards.babylon.cubes.focus = 0; // no Dash, no Block
  s.boards.babylon.shield = 0; s.boards.babylon.armor = 0;
  let st = answer(s, { type: 'act', unit: 'hardtack', action: 'shotgun', target: '7,3,3' }, [8, 11, 11]);
  assert.equal(kind(st.s), 'push');
  st = answer(st.s, { type: 'push', to: '6,3,1' }, [0, 8]);
  // Two Levels: red faces AH and P: 1 Hit, taken as a Wound.
  assert.deepEqual(ev(st, 'dice_rolled')[0], { purpose: 'fall', faces: ['AH', 'P'], unit: 'babylon', levels: 2 });
  assert.equal(kind(st.s), 'wound');
  const t = activeBoard(only(fresh(), { hardtack: '8,3,3', babylon: '7,3,3' }), 'hardtack');
  t.boards.babylon.cubes.focus = 2; t.boards.babylon.cubes.tech = 0; // Dash (YY) yes, Block (YB) no
  let u = answer(t, { type: 'act', unit: 'hardtack', action: 'shotgun', target: '7,3,3' });
  u = answer(u.s, { type: 'pass' }, [8, 11, 11]);
  u = answer(u.s, { type: 'push', to: '6,3,1' });
  assert.equal(kind(u.s), 'fall_dash');
  u = answer(u.s, { type: 'fallDash', dash: true });
  assert.equal(u.s.boards.babylon.cubes.focus, 0);
  assert.equal(ev(u, 'dice_rolled').length, 0, 'a controlled fall rolls nothing');
});

test('#33 Block: after the roll, each use ignores 1 Hit and is paid from the target\'s own board (L933, L953)', () => {
  let st = answer(duel(), { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' });
  st = answer(st.s, { type: 'pass' }, [5, 6]);
  const max = rs.candidates(st.s, 1, rs.pending(st.s)[0], 99, null as never).actions.length - 1;
  assert.equal(max, 2, 'Block YB twice from Y3 B4');
  st = answer(st.s, { type: 'block', times: 2 });
  assert.equal(st.s.boards.babylon.shield, 3, 'both Hits ignored');
  assert.deepEqual([st.s.boards.babylon.cubes.focus, st.s.boards.babylon.cubes.tech], [1, 2]);
  assert.equal(refused(answer(answer(duel(), { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }).s, { type: 'pass' }, [5, 8]).s, { type: 'block', times: 2 }).code, 'cannot_block');
});

test('#34 Special results: one Special pays for one Special ability once per roll; a Special around a Hit gives both', () => {
  const s = duel(); s.boards.babylon.cubes.focus = 0;
  // Fortune's pistols: "SPECIAL = EXTRA RESULT H". Faces 7 (H+S) and 11 (S): 1 Hit + 1 extra Hit (once per roll).
  const st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }, [7, 11]);
  assert.equal(ev(st, 'attack_result')[0].hits, 2);
});

test('#36 AoE: same Level, walls block, one roll per target (centre rules from the attacker)', () => {
  const s = only(fresh('M1'), { hollywood: '4,1,1', 'swarm-1': '6,1,1', 'swarm-2': '7,0,1', 'swarm-3': '8,3,1', 'hell-1': '6,2,1' });
  const targets = areaTargets(s, s.units.hollywood, '6,1,1', 2).map((u) => u.id);
  assert.deepEqual(targets, ['hell-1', 'swarm-2'], 'swarm-3 is inside the building, behind a wall');
});

test('#37 no friendly fire: AoE hits only enemies; attacks target enemy spaces only', () => {
  const s = only(fresh('M1'), { hollywood: '4,1,1', 'swarm-1': '6,1,1', fortune: '6,2,1' });
  assert.deepEqual(areaTargets(s, s.units.hollywood, '6,1,1', 2).map((u) => u.id), []);
  const t = activeBoard(only(fresh(), { fortune: '2,1,1', hardtack: '3,1,1' }), 'fortune');
  assert.equal(refused(t, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' }).code, 'no_enemy');
});

test('#45 reaction windows answered by standing orders: auto-block Hits that would Wound, never Dash, Wound order', () => {
  let st = answer(duel(), { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' });
  const win = rs.pending(st.s)[0];
  const never = { id: 'o1', match: { kind: 'dash_window' }, rule: { dash: 'never' } };
  assert.ok(rs.covers!(rs.view(st.s, null), { ...win, id: 'x' }, never));
  assert.deepEqual(rs.answer!(rs.view(st.s, 1), { ...win, id: 'x' }, never), { type: 'pass' });
  st = answer(st.s, { type: 'pass' }, [5, 6]);
  const blk = rs.pending(st.s)[0];
  const auto = { id: 'o2', match: { kind: 'block' }, rule: { block: 'wounds' } };
  // 2 Hits against 3 Shields: nothing would Wound, so no Block is paid.
  assert.deepEqual(rs.answer!(rs.view(st.s, 1), { ...blk, id: 'x' }, auto), { type: 'block', times: 0 });
  assert.deepEqual(rs.answer!(rs.view(st.s, 1), { ...blk, id: 'x' }, { ...auto, rule: { block: 'max' } }), { type: 'block', times: 2 });
  assert.ok(!rs.covers!(rs.view(st.s, null), { ...blk, id: 'x' }, never));
});
