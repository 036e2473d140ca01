// Checklist item [full] #68: the Hell Tower DDD (spec 7.15, L2003-2011) on Mission 5 (Mission 2's
// map and forces, the Hell Tower on 7-8,6-7 Level 1 of Tile 7, Outside). "During each LEGION Turn,
// the Hell Turret may make the following Attack"; "When Delaying the Action, place the Timer Marker
// on the DDD Tile"; "When the DDD Attacks or is being Attacked, it is considered to be one Level
// higher than it is". Provisional stats (the printed attack is not in the source): free, red 2 dice
// to range 3, yellow 3 to 7, white 2 to 10, SPECIAL = GIVE DEFENSE_DOWN; Health 7.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, until, type Stepped } from './helpers.js';

const turrets = (s: S) => cands(s).filter((a) => a.type === 'turret');

/** A LEGION Turn (Dr. Babylon activated), Fortune 3 spaces west of the Tower facing it, no cubes (no Dash, no Block). */
function legionTurn(at = '4,6,1'): S {
  const s = activeBoard(only(fresh('M5'), { fortune: at, babylon: '17,7,1' }), 'babylon');
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  s.units.fortune.facing = 'E';
  return s;
}

test('#68 Hell Tower: once in each LEGION Turn the turret attacks (free, no unit or board needed), counting one Level higher: Higher +2 against a Level-1 target', () => {
  const s = legionTurn();
  assert.ok(turrets(s).some((a) => a.type === 'turret' && a.ddd === 'hellTower' && a.target === '4,6,1'));
  const cubes = JSON.stringify(s.boards);
  // Red faces 11 (S), 7 (H+S): the Special gives Defense Down; 1 Hit. Higher +2 adds a white die and upgrades it: a yellow, face 7 (blank).
  const st = answer(s, { type: 'turret', ddd: 'hellTower', target: '4,6,1' }, [11, 7, 7]);
  const roll = ev(st, 'dice_rolled')[0];
  assert.deepEqual((roll.mods as Record<string, number>).higher, 2, 'Level 1 + 1 against Level 1');
  assert.deepEqual(roll.dice, ['red', 'red', 'yellow'], 'distance 3: the red band (2 dice); +2 on an all-red pool: a white die, upgraded');
  assert.deepEqual(st.s.units.fortune.statuses.map((x) => x.kind), ['DEFENSE_DOWN']);
  assert.equal(st.s.boards.fortune.shield, s.boards.fortune.shield - 1, 'the Hit takes a Shield');
  assert.equal(JSON.stringify({ ...st.s.boards, fortune: s.boards.fortune }), cubes, 'no board paid for it');
  assert.equal(st.s.slots[0].main, false, 'not the activated board\'s Main Action');
  assert.equal(refused(st.s, { type: 'turret', ddd: 'hellTower', target: '4,6,1' }).code, 'turret_used');
  assert.equal(turrets(st.s).length, 0);
});

test('#68 Hell Tower: range and LOS from its nearest space; only LEGION, only on LEGION Turns', () => {
  const far = legionTurn('0,0,1');
  assert.ok(turrets(far).some((a) => a.target === '0,0,1'), 'distance 7 from 7,6: the yellow band');
  const mayhem = activeBoard(only(fresh('M5'), { fortune: '4,6,1', babylon: '17,7,1' }), 'fortune');
  assert.equal(refused(mayhem, { type: 'turret', ddd: 'hellTower', target: '17,7,1' }).code, 'legion_turn');
  assert.equal(turrets(mayhem).length, 0);
  const none = legionTurn();
  none.units.fortune.at = '17,0,1';
  assert.equal(refused(none, { type: 'turret', ddd: 'hellTower', target: '17,0,1' }).code, 'no_los', 'distance 9 from 8,6 is in the white band, but the tower building stands between');
});

test('#68 #67 Hell Tower attacked: it counts one Level higher (Lower −2 for a Level-1 attacker); Hits are Wounds, and destroyed at its Health it attacks no more', () => {
  const s = activeBoard(only(fresh('M5'), { hardtack: '6,6,1', babylon: '17,7,1' }), 'hardtack');
  assert.ok(cands(s).some((a) => a.type === 'act' && a.action === 'shotgun' && a.target === '7,6,1'));
  // Distance 1: the red band, 3 dice; Lower −2 downgrades two of them. Faces: red 5 (H), yellow 3 (H), yellow 3 (H).
  const st = answer(s, { type: 'act', unit: 'hardtack', action: 'shotgun', target: '7,6,1' }, [5, 3, 3]);
  const roll = ev(st, 'dice_rolled')[0];
  assert.equal((roll.mods as Record<string, number>).lower, -2, 'the Tower on Level 1 counts as Level 2');
  assert.deepEqual(roll.dice, ['red', 'yellow', 'yellow']);
  assert.equal(st.s.ddds!.find((d) => d.id === 'hellTower')!.wounds, 3);
  // Health 7: 7 Wounds destroy it; its effects end.
  const l = legionTurn();
  l.ddds!.find((d) => d.id === 'hellTower')!.wounds = 6;
  const hit = activeBoard(structuredClone(l), 'hardtack');
  hit.units.hardtack.at = '6,7,1';
  const done = answer(hit, { type: 'act', unit: 'hardtack', action: 'shotgun', target: '7,7,1' }, [5, 3, 7]);
  assert.equal(ev(done, 'ddd_destroyed')[0].ddd, 'hellTower');
  const after = activeBoard(done.s, 'babylon');
  assert.equal(refused(after, { type: 'turret', ddd: 'hellTower', target: '4,6,1' }).code, 'destroyed');
  assert.equal(turrets(after).length, 0);
});

test('#68 #54 Hell Tower delayed: the Timer goes on the DDD tile (a MAYHEM When-Removed timer); when it comes off LEGION picks the target, the attack is aimed (no cube bonuses: it has no board)', () => {
  const s = legionTurn();
  assert.ok(turrets(s).some((a) => a.type === 'turret' && a.aim === 'timer' && a.target === undefined));
  assert.equal(refused(s, { type: 'turret', ddd: 'hellTower', target: '4,6,1', aim: 'timer' }).code, 'target_later');
  let st = answer(s, { type: 'turret', ddd: 'hellTower', aim: 'timer' });
  assert.deepEqual(st.s.timers!.map((t) => [t.side, t.holder]), [['MAYHEM', 'ddd:hellTower']], 'on the DDD tile, showing MAYHEM');
  assert.equal(ev(st, 'attack_declared').length, 0, 'nothing fires now');
  assert.equal(refused(st.s, { type: 'turret', ddd: 'hellTower', target: '4,6,1' }).code, 'turret_used', 'delaying is this Turn\'s attack');
  // LEGION's own Refresh Phase: the MAYHEM timer stays. MAYHEM's Refresh Phase begins: it comes off, LEGION (seat 1) resolves it.
  st = until(st.s, (x) => x.side === 'MAYHEM' && x.phase === 'activate');
  assert.equal(st.s.timers!.length, 1);
  st = until(st.s, (x) => kind(x) === 'delayed_action', { MAYHEM: 'hardtack' });
  assert.equal(st.s.side, 'MAYHEM');
  assert.equal(st.s.timers, undefined);
  assert.equal(rs.pending(st.s)[0].seat, 1, 'LEGION answers for its DDD');
  st.s.units.fortune.at = '4,6,1'; st.s.units.fortune.facing = 'E';
  st.s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  assert.ok(cands(st.s).some((a) => a.type === 'delayed' && a.target === '4,6,1'));
  // Red faces 0 (AH), 1 (AH), yellow 7: two Aimed Hits, two Aim Bonuses.
  st = answer(st.s, { type: 'delayed', target: '4,6,1' }, [0, 1, 7]);
  assert.equal(kind(st.s), 'aim_bonus');
  const bonuses = cands(st.s).map((a) => (a as { bonus: string | null }).bonus);
  assert.ok(bonuses.includes('weakSpot') && bonuses.includes('disrupt'));
  assert.ok(!bonuses.includes('mayhem') && !bonuses.includes('cube:G'), 'no board to gain cubes on');
  assert.equal(refused(st.s, { type: 'aimBonus', bonus: 'mayhem' }).code, 'bad_aim_bonus');
});

test('#68 Hell Tower delayed, then destroyed before its timer comes off: the delayed attack is lost', () => {
  let st = answer(legionTurn(), { type: 'turret', ddd: 'hellTower', aim: 'timer' });
  st = until(st.s, (x) => x.side === 'MAYHEM' && x.phase === 'activate');
  st.s.ddds!.find((d) => d.id === 'hellTower')!.destroyed = true;
  st = until(st.s, (x) => x.side === 'LEGION', { MAYHEM: 'hardtack' });
  assert.equal(ev(st, 'timer_removed').length, 1);
  assert.deepEqual(ev(st, 'delayed_forgone'), [{ unit: 'ddd:hellTower', action: 'hell-cannon' }]);
  assert.equal(ev(st, 'attack_declared').length, 0);
});

test('#68 the analysis position format refuses, by name, a Turn whose Hell Tower attack is used (a second LEGION activation slot)', () => {
  const s = fresh('M5', 4);
  assert.ok(!('code' in (rs.position!.toPosition(s as never) as object)), 'the set-up is a position');
  s.turretUsed = true;
  const p = rs.position!.toPosition(s as never) as { code: string; message: string };
  assert.equal(p.code, 'not_at_a_position');
  assert.match(p.message, /Hell Tower/);
});
