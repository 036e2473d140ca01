// Checklist items [full] #71 (Gravity Dominator) and #69 (Dark Matter Bomb) on Mission 4 (Mission
// 2's map and forces; the Gravity Dominator on 0-1,0-1 Level 1 of Tile 10, the Dark Matter Bomb
// on 15-16,0-1 Level 1 of Tile 2, the 3-Level tower's Tile). Spec 7.15 (L1977-2053).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { activeBoard, answer, cands, ev, fresh, only, refused, rs, until, type Stepped } from './helpers.js';


test('#71 Gravity Dominator: MAYHEM units may not Jump (the Jump Add-on and a move\'s Jump are refused)', () => {
  const s = activeBoard(only(fresh('M4'), { hardtack: '11,3,1', babylon: '17,7,1' }), 'hardtack');
  let st = answer(s, { type: 'act', unit: 'hardtack', action: 'sprint' });
  assert.equal(refused(st.s, { type: 'act', unit: 'hardtack', action: 'jump' }).code, 'gravity_dominator');
  assert.ok(!cands(st.s).some((a) => a.type === 'jump'));
  // Without the device (hacked away is the other test) the same Jump is legal: the M2 map has none.
  const plain = activeBoard(only(fresh('M2'), { hardtack: '11,3,1', babylon: '17,7,1' }), 'hardtack');
  st = answer(answer(plain, { type: 'act', unit: 'hardtack', action: 'sprint' }).s, { type: 'act', unit: 'hardtack', action: 'jump' });
  assert.ok(cands(st.s).some((a) => a.type === 'jump'));
});

test('#71 Gravity Dominator: LEGION units Jump any height and any distance when they move (up to their MP), with no Jump Action', () => {
  const s = activeBoard(only(fresh('M4'), { 'shock-1': '12,0,1', fortune: '0,7,1' }), 'bravo');
  // The Shock Trooper's Advance (4 MP) has no Jump; the roof of the tower (Level 3) is 2 Levels up.
  let st = answer(s, { type: 'act', unit: 'shock-1', action: 'advance' });
  const jumps = cands(st.s).filter((a) => a.type === 'jump').map((a) => (a as { to: string }).to);
  assert.ok(jumps.includes('13,2,3'), 'up 2 Levels, 2 spaces');
  assert.ok(jumps.includes('16,3,3'), '4 spaces: all its MP');
  assert.equal(refused(st.s, { type: 'jump', unit: 'shock-1', to: '12,5,1', facing: 'S' }).code, 'bad_landing', '5 spaces: one beyond its 4 MP');
  st = answer(st.s, { type: 'jump', unit: 'shock-1', to: '13,2,3', facing: 'S' });
  assert.equal(st.s.units['shock-1'].at, '13,2,3');
  assert.equal(st.s.slots[0].mp!.left, 2);
  // Without the device the Shock Trooper cannot Jump at all.
  const plain = answer(activeBoard(only(fresh('M2'), { 'shock-1': '12,0,1', fortune: '0,7,1' }), 'bravo'), { type: 'act', unit: 'shock-1', action: 'advance' });
  assert.ok(!cands(plain.s).some((a) => a.type === 'jump'));
});

test('#71 #64 Hacking the Gravity Dominator (Main, 2 Hits on yellow dice, B per die) swaps the effects: MAYHEM Jumps freely, LEGION cannot', () => {
  const s = activeBoard(only(fresh('M4'), { hardtack: '2,1,1', 'shock-1': '12,0,1' }), 'hardtack');
  assert.equal(refused(s, { type: 'hack', unit: 'hardtack', ddd: 'gravity', dice: 3 }).code, 'cannot_pay', 'Tech 2: two dice at most');
  // Yellow faces 3 (H) and 4 (P): 1 Hit of 2 needed: fails, the Action and cubes are lost.
  let st = answer(s, { type: 'hack', unit: 'hardtack', ddd: 'gravity', dice: 2 }, [3, 4]);
  assert.equal(ev(st, 'hacked')[0].success, false);
  assert.equal(st.s.ddds!.find((d) => d.id === 'gravity')!.hacked, undefined);
  // Faces 3 and 0 (H, AH): exactly 2.
  st = answer(s, { type: 'hack', unit: 'hardtack', ddd: 'gravity', dice: 2 }, [3, 0]);
  assert.equal(st.s.ddds!.find((d) => d.id === 'gravity')!.hacked, 'MAYHEM');
  const m = activeBoard(only(st.s, { hardtack: '11,3,1', 'shock-1': '12,0,1' }), 'hardtack');
  m.slots[0].main = false;
  const sprint = answer(m, { type: 'act', unit: 'hardtack', action: 'sprint' });
  assert.ok(cands(sprint.s).some((a) => a.type === 'jump' && a.to === '13,2,3'), 'MAYHEM now Jumps any height without the Jump Add-on');
  const l = activeBoard(only(st.s, { hardtack: '0,7,1', 'shock-1': '12,0,1', 'swarm-1': '12,1,1' }), 'alpha');
  const charge = answer(l, { type: 'act', unit: 'swarm-1', action: 'charge' });
  assert.equal(refused(charge.s, { type: 'jump', unit: 'swarm-1', to: '13,2,2', facing: 'S' }).code, 'gravity_dominator', 'the Swarm\'s own Jump is barred now');
});

test('#69 Dark Matter Bomb radiation: at the end of each MAYHEM Turn a MAYHEM unit with no Shield cube on its Tile gains 1 Wound (1 Shield: none)', () => {
  const s = activeBoard(only(fresh('M4'), { fortune: '12,7,1', hardtack: '17,7,1', hollywood: '11,7,1', babylon: '0,7,1' }), 'fortune');
  s.boards.fortune.shield = 0; s.boards.hardtack.shield = 1; s.boards.hollywood.shield = 0;
  let st = answer(s, { type: 'end' });
  assert.deepEqual(ev(st, 'radiation').map((x) => x.unit), ['fortune'], 'Hardtack has a Shield; Hollywood is on Tile 7');
  st = until(st.s, (x) => x.side === 'LEGION');
  const w = st.s.boards.fortune.wounds;
  assert.equal(w.speed + w.focus + w.tech + w.mayhem, 1);
  // On a LEGION Turn: no radiation.
  const l = activeBoard(only(fresh('M4'), { fortune: '12,7,1', babylon: '0,7,1' }), 'babylon');
  l.boards.fortune.shield = 0;
  assert.equal(ev(answer(l, { type: 'end' }), 'radiation').length, 0);
});

test('#69 Dark Matter Bomb: LEGION arms it on its Turn with 3 MAYHEM timers; when the last comes off, the Tile\'s building is destroyed and every unit on the Tile, of both Sides, is Downed', () => {
  const s = activeBoard(only(fresh('M4'), { babylon: '14,4,3', 'snipe-1': '13,3,2', fortune: '12,7,1', hardtack: '11,3,1' }), 'babylon');
  s.boards.fortune.shield = 2;
  assert.ok(cands(s).some((a) => a.type === 'arm' && a.ddd === 'bomb'));
  assert.equal(refused(s, { type: 'arm', ddd: 'gravity' }).code, 'not_a_bomb');
  let st = answer(s, { type: 'arm', ddd: 'bomb' });
  assert.equal(refused(st.s, { type: 'arm', ddd: 'bomb' }).code, 'armed');
  const m = activeBoard(only(fresh('M4'), { fortune: '12,7,1', babylon: '0,7,1' }), 'fortune');
  assert.equal(refused(m, { type: 'arm', ddd: 'bomb' }).code, 'legion_only');
  // Keep Fortune's Shields up against the radiation, so only the bomb matters.
  st = until(st.s, (x) => (x.timers?.length ?? 0) === 1);
  assert.equal(st.s.units.fortune.downed, false);
  st.s.boards.fortune.shield = 2;
  st = until(st.s, (x) => !x.timers);
  assert.deepEqual(ev(st, 'bomb_detonated'), [{ ddd: 'bomb' }]);
  for (const u of ['babylon', 'snipe-1', 'fortune']) assert.equal(st.s.units[u].downed, true, `${u} on Tile 2 is Downed`);
  assert.equal(st.s.units.hardtack.downed, false, 'Hardtack is on Tile 7');
  assert.equal(ev(st, 'building_destroyed').length, 1);
  assert.ok(Object.values(st.s.collapsed ?? {}).includes(1), 'the tower is destroyed down to Level 1');
  assert.equal(st.s.ddds!.find((d) => d.id === 'bomb')!.destroyed, true, 'its effects end: no more radiation');
});
