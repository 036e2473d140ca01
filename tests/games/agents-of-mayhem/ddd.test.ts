// Checklist items [full] #67 #70 #72: Doomsday Devices on Mission 3 (Mission 2's map; the EDMKS
// on 10-11,6-7 Level 1 of Tile 7, the Laser Satellite Controls on 3-4,0-1 Level 1 of Tile 10).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBoard, answer, ev, fresh, kind, only, refused, rs, noInstantGadgets } from './helpers.js';

const cands = (s: Parameters<typeof rs.pending>[0]) => { const d = rs.pending(s)[0]; return rs.candidates(s, d.seat, d, 0, null as never).actions; };

test('#67 a DDD is a Large Unit: one roll, no Protection, the Elite Weapon Bonus; Hits are Wounds up to its Health, then it is removed (L1977-1991)', () => {
  const s = activeBoard(only(fresh('M3'), { hollywood: '11,3,1', babylon: '0,7,1' }), 'hollywood');
  // Hollywood's Gold Standard (Weapon Bonus: Elite) at distance 3: yellow band, 2 d8; +1 upgrades one to red: faces 5 (H), 3 (H).
  let st = answer(s, { type: 'act', unit: 'hollywood', action: 'goldstandard', target: '11,6,1' }, [5, 3]);
  const roll = ev(st, 'dice_rolled')[0];
  assert.deepEqual([roll.ddd, roll.dice, roll.mods], ['edmks', ['red', 'yellow'], { weaponBonus: 1 }]);
  assert.deepEqual(ev(st, 'ddd_hit')[0], { ddd: 'edmks', hits: 2, wounds: 2, health: 4 });
  const s2 = activeBoard(only(fresh('M3'), { hollywood: '11,3,1', babylon: '0,7,1' }), 'hollywood');
  s2.ddds!.find((d) => d.id === 'edmks')!.wounds = 3;
  st = answer(s2, { type: 'act', unit: 'hollywood', action: 'goldstandard', target: '10,7,1' }, [5, 7]);
  assert.equal(st.s.ddds!.find((d) => d.id === 'edmks')!.destroyed, true);
  assert.equal(ev(st, 'ddd_destroyed').length, 1);
  // LEGION may not attack its own device.
  const l = activeBoard(only(fresh('M3'), { babylon: '11,3,1', hollywood: '0,7,1' }), 'babylon');
  assert.equal(refused(l, { type: 'act', unit: 'babylon', action: 'staff', target: '11,6,1' }).code, 'no_enemy');
});

test('#67 units move onto a DDD tile at no extra cost; it exerts no Zone of Control (L1981)', () => {
  const s = activeBoard(only(fresh('M3'), { fortune: '9,7,1', babylon: '0,7,1' }), 'fortune');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '11,6,1', facing: 'N' });
  assert.equal(st.s.units.fortune.at, '11,6,1');
  assert.equal(st.s.slots[0].mp!.left, 9 - 2, 'two clear steps, 1 MP each');
});

test('#72 EDMKS: a MAYHEM unit that starts its Activation on the DDD\'s Tile must spend one Action cube, its choice (L2045)', () => {
  const s = only(fresh('M3'), { fortune: '8,6,1', hardtack: '0,0,1', babylon: '17,7,1' });
  let st = answer(s, { type: 'activate', board: 'fortune' });
  assert.equal(kind(st.s), 'edmks_tax');
  assert.deepEqual(cands(st.s), [{ type: 'edmksTax', well: 'speed' }, { type: 'edmksTax', well: 'focus' }, { type: 'edmksTax', well: 'tech' }]);
  st = answer(st.s, { type: 'edmksTax', well: 'focus' });
  assert.equal(st.s.boards.fortune.cubes.focus, 2);
  assert.equal(kind(st.s), 'turn');
  const off = answer(only(fresh('M3'), { fortune: '8,6,1', hardtack: '0,0,1', babylon: '17,7,1' }), { type: 'activate', board: 'hardtack' });
  assert.equal(kind(off.s), 'turn', 'Hardtack starts on Tile 10: no tax');
  assert.equal(off.s.boards.hardtack.cubes.speed, 4);
});

test('#72 EDMKS: one LEGION unit\'s board gains +1 Mayhem cube in each LEGION Refresh Phase, LEGION choosing; none once it is destroyed (L2043, spec 6.4 step 6)', () => {
  const s = activeBoard(noInstantGadgets(only(fresh('M3'), { babylon: '17,7,1', fortune: '0,0,1' })), 'babylon');
  let st = answer(s, { type: 'end' });
  assert.equal(kind(st.s), 'edmks');
  assert.deepEqual(cands(st.s).map((a) => (a as { board: string }).board), ['alpha', 'babylon', 'bravo']);
  st = answer(st.s, { type: 'edmks', board: 'alpha' });
  assert.equal(st.s.boards.alpha.cubes.mayhem, 1);
  assert.equal(st.s.side, 'MAYHEM');
  const gone = activeBoard(noInstantGadgets(only(fresh('M3'), { babylon: '17,7,1', fortune: '0,0,1' })), 'babylon');
  gone.ddds!.find((d) => d.id === 'edmks')!.destroyed = true;
  st = answer(gone, { type: 'end' });
  assert.equal(st.s.side, 'MAYHEM', 'no EDMKS step');
});

test('#70 Laser Satellite Controls: once in each LEGION Turn, LEGION places an Explosion marker face down on any Outside space (L2021-2027)', () => {
  const s = activeBoard(only(fresh('M3'), { babylon: '17,7,1', fortune: '0,0,1' }), 'babylon');
  assert.ok(cands(s).some((a) => a.type === 'laser' && (a as { to: string }).to === '5,5,1'));
  assert.ok(!cands(s).some((a) => a.type === 'laser' && (a as { to: string }).to === '8,3,1'), 'not Inside the Warehouse');
  assert.equal(refused(s, { type: 'laser', to: '8,3,1' }).code, 'not_outside');
  const st = answer(s, { type: 'laser', to: '5,5,1' });
  assert.deepEqual(st.s.explosions!.placed.map((m) => [m.at, m.faceUp, m.by]), [['5,5,1', false, 'LEGION']]);
  assert.equal(refused(st.s, { type: 'laser', to: '5,6,1' }).code, 'laser_used');
  const m = activeBoard(only(fresh('M3'), { babylon: '17,7,1', fortune: '0,0,1' }), 'fortune');
  assert.equal(refused(m, { type: 'laser', to: '5,5,1' }).code, 'not_your_ddd');
  const down = activeBoard(only(fresh('M3'), { babylon: '17,7,1', fortune: '0,0,1' }), 'babylon');
  down.ddds!.find((d) => d.id === 'laser')!.destroyed = true;
  assert.equal(refused(down, { type: 'laser', to: '5,5,1' }).code, 'no_laser');
});

test('#64 #70 Hacking: an Elite within 1 space on the same Level pays per die, rolls the printed colour, succeeds at the difficulty; a hacked Laser Satellite fires on the hacking Side\'s Turns (L1766-1792, L2025)', () => {
  // HACK SATELLITE UPLINK: Add-on, difficulty 2, yellow d8, 1 blue per die. Fortune has 2 Tech cubes.
  const s = activeBoard(only(fresh('M3'), { fortune: '5,1,1', babylon: '17,7,1' }), 'fortune');
  assert.deepEqual(cands(s).filter((a) => a.type === 'hack'), [{ type: 'hack', unit: 'fortune', ddd: 'laser', dice: 1 }, { type: 'hack', unit: 'fortune', ddd: 'laser', dice: 2 }]);
  assert.equal(refused(s, { type: 'hack', unit: 'fortune', ddd: 'laser', dice: 3 }).code, 'cannot_pay');
  assert.equal(refused(s, { type: 'hack', unit: 'fortune', ddd: 'edmks', dice: 1 }).code, 'not_hackable');
  // Failure: faces 7, 7 (blanks): the cubes and the Add-on are spent, nothing else.
  const fail = answer(s, { type: 'hack', unit: 'fortune', ddd: 'laser', dice: 2 }, [7, 7]);
  assert.deepEqual(ev(fail, 'hacked')[0], { unit: 'fortune', ddd: 'laser', action: 'HACK SATELLITE UPLINK', hits: 0, difficulty: 2, success: false });
  assert.equal(fail.s.boards.fortune.cubes.tech, 0);
  assert.equal(fail.s.ddds!.find((d) => d.id === 'laser')!.hacked, undefined);
  // Success: faces 0 (AH), 3 (H): 2 Hits.
  const st = answer(s, { type: 'hack', unit: 'fortune', ddd: 'laser', dice: 2 }, [0, 3]);
  assert.equal(st.s.ddds!.find((d) => d.id === 'laser')!.hacked, 'MAYHEM');
  assert.equal(refused(st.s, { type: 'hack', unit: 'fortune', ddd: 'laser', dice: 1 }).code, 'already_yours');
  assert.equal(refused(fail.s, { type: 'hack', unit: 'fortune', ddd: 'laser', dice: 1 }).code, 'addon_used', 'an Add-on once per Turn');
  const shot = answer(st.s, { type: 'laser', to: '15,7,1' });
  assert.deepEqual(shot.s.explosions!.placed.map((m) => [m.at, m.by]), [['15,7,1', 'MAYHEM']]);
  const l = activeBoard(st.s, 'babylon'); delete l.laserUsed;
  assert.equal(refused(l, { type: 'laser', to: '5,5,1' }).code, 'not_your_ddd');
  // Too far, or not an Elite.
  assert.equal(refused(activeBoard(only(fresh('M3'), { fortune: '6,1,1', babylon: '17,7,1' }), 'fortune'), { type: 'hack', unit: 'fortune', ddd: 'laser', dice: 1 }).code, 'not_adjacent');
  const minion = activeBoard(only(fresh('M3'), { 'hell-1': '5,1,1', fortune: '17,7,1' }), 'alpha');
  minion.ddds!.find((d) => d.id === 'laser')!.hacked = 'MAYHEM';
  assert.equal(refused(minion, { type: 'hack', unit: 'hell-1', ddd: 'laser', dice: 1 }).code, 'elite_only', 'Minions do not Hack');
});

test('board picture: DDDs are drawn with their controller, Explosion markers face down as "?" (render.ts)', () => {
  const s = activeBoard(only(fresh('M3'), { babylon: '17,7,1', fortune: '0,0,1' }), 'babylon');
  const st = answer(s, { type: 'laser', to: '5,5,1' });
  const svg = rs.render!(rs.view(st.s, 1), { seat: 1 } as never);
  assert.ok(svg.includes('data-ddd="laser"') && svg.includes('data-ddd="edmks"'));
  assert.ok(svg.includes('Explosion marker, face down'));
});
