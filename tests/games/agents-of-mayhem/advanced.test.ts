// Checklist items [full] #36 #48 #49 #52 #80 on Mission 2 (Advanced Rules): live AoE, Mayhem
// statuses and cubes, the Weapon Bonus, the Snipe Trooper's band order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { band, poolFor } from '../../../src/games/agents-of-mayhem/rules/combat.js';
import { actionOf } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, ev, fresh, only, refused } from './helpers.js';

test('#48 Permanent Mayhem Status on every Activation; a pair becomes 1 Mayhem cube (lost if the well is full)', () => {
  let st = answer(fresh('M2'), { type: 'activate', board: 'fortune' });
  assert.equal(st.s.boards.fortune.mayhemStatus, 1);
  const s = fresh('M2'); s.boards.fortune.mayhemStatus = 1;
  st = answer(s, { type: 'activate', board: 'fortune' });
  assert.deepEqual([st.s.boards.fortune.mayhemStatus, st.s.boards.fortune.cubes.mayhem], [0, 1]);
  const full = fresh('M2'); full.boards.fortune.mayhemStatus = 1; full.boards.fortune.cubes.mayhem = 3;
  st = answer(full, { type: 'activate', board: 'fortune' });
  assert.deepEqual([st.s.boards.fortune.mayhemStatus, st.s.boards.fortune.cubes.mayhem], [0, 3]);
  assert.deepEqual(ev(st, 'mayhem_converted')[0], { board: 'fortune', cube: false });
  const basic = answer(fresh('M1'), { type: 'activate', board: 'fortune' });
  assert.equal(basic.s.boards.fortune.mayhemStatus, 0, 'not in a Basic mission');
});

test('#49 the Refresh Mayhem symbol gives each refreshed board a Permanent Mayhem Status; Mayhem abilities (GAIN P) work in Advanced missions', () => {
  const s = activeBoard(only(fresh('M2'), { hollywood: '2,1,1', 'swarm-1': '3,1,1' }), 'hollywood');
  s.boards.alpha.cubes.focus = 0;
  // Gold Standard: "ROLLED S = GAIN P"; faces 11 (S), 8 (P), 9 (P): one Mayhem cube.
  const st = answer(s, { type: 'act', unit: 'hollywood', action: 'goldstandard', target: '3,1,1' }, [11, 8, 9]);
  assert.equal(st.s.boards.hollywood.cubes.mayhem, 1);
  const r = activeBoard(fresh('M2'), 'fortune');
  r.slots[0].drawn = 'M06'; r.decks.MAYHEM.pool = r.decks.MAYHEM.pool.filter((c) => c !== 'M06');
  const end = answer(r, { type: 'end' });
  assert.deepEqual(['fortune', 'hardtack', 'hollywood'].map((b) => end.s.boards[b].mayhemStatus), [0, 1, 1], 'M06: the two boards not activated');
});

test('#36 AoE in an Advanced mission: Hollywood\'s red band hits the centre and every enemy within 2 on its Level, one roll each', () => {
  const s = activeBoard(only(fresh('M2'), { hollywood: '1,1,1', 'swarm-1': '3,1,1', 'swarm-2': '4,2,1', 'hell-1': '5,0,1' }), 'hollywood');
  s.boards.alpha.cubes.focus = 0;
  const st = answer(s, { type: 'act', unit: 'hollywood', action: 'goldstandard', target: '3,1,1' }, [8, 9, 10, 8, 9, 10, 8, 9, 10]);
  assert.deepEqual(ev(st, 'attack_declared')[0].units, ['swarm-1', 'hell-1', 'swarm-2']);
  assert.equal(ev(st, 'dice_rolled').length >= 1, true);
});

test('#52 Weapon Bonus: +1 once when the target meets the printed condition (Fortune: Shields), only in Advanced missions', () => {
  const s = only(fresh('M2'), { fortune: '0,0,1', babylon: '4,0,1' });
  s.units.babylon.facing = 'W';
  const f = s.units.fortune;
  assert.deepEqual(poolFor(s, f, actionOf(f, 'pistols')!, s.units.babylon, f.at!, 4)!.mods, { weaponBonus: 1 });
  s.boards.babylon.shield = 0;
  assert.deepEqual(poolFor(s, f, actionOf(f, 'pistols')!, s.units.babylon, f.at!, 4)!.mods, {});
  const b = only(fresh('M1'), { fortune: '0,0,1', babylon: '4,0,1' }); b.units.babylon.facing = 'W';
  assert.deepEqual(poolFor(b, b.units.fortune, actionOf(b.units.fortune, 'pistols')!, b.units.babylon, '0,0,1', 4)!.mods, {});
});

test('#80 Snipe Trooper band order: white short, red mid, yellow long (L709)', () => {
  const s = fresh('M2');
  const sn = s.units['snipe-1']; const rifle = actionOf(sn, 'sniper')!;
  assert.equal(band(s, sn, rifle, 2, null)!.color, 'white');
  assert.equal(band(s, sn, rifle, 6, null)!.color, 'red');
  assert.equal(band(s, sn, rifle, 11, null)!.color, 'yellow');
});

import { rs, kind } from './helpers.js';
test('#63 Downed Elites refresh while off the map; Redeploy in the own Refresh Phase on an Outside space of a Tile free of enemies, with no refresh that Turn', () => {
  const setup = () => {
    const s = activeBoard(fresh('M2'), 'hardtack');
    s.units.fortune.at = null; s.units.fortune.downed = true;
    s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 }; s.boards.fortune.shield = 0;
    s.slots[0].drawn = 'M01'; s.decks.MAYHEM.pool = s.decks.MAYHEM.pool.filter((c) => c !== 'M01'); // 2 cubes, 1 Shield
    return s;
  };
  let st = answer(setup(), { type: 'end' });
  assert.equal(kind(st.s), 'redeploy');
  const spaces = rs.candidates(st.s, 0, rs.pending(st.s)[0], 999, null as never).actions.map((a) => (a as { to: string | null }).to);
  assert.ok(spaces.includes('0,0,1') && !spaces.includes('8,3,1') && !spaces.includes('14,4,3'), 'Outside, not on the enemy-held tiles');
  assert.ok(!spaces.some((k) => k && k.startsWith('12,')), 'not on the tower tile (LEGION units there)');
  st = answer(st.s, { type: 'redeploy', board: 'fortune', to: '0,0,1' });
  assert.equal(st.s.units.fortune.at, '0,0,1');
  assert.equal(st.s.boards.fortune.shield, 0, 'no refresh on the Turn it is placed');
  let t = answer(setup(), { type: 'end' });
  t = answer(t.s, { type: 'redeploy', board: 'fortune', to: null });
  assert.equal(t.s.boards.fortune.shield, 1, 'still Downed, the board refreshes');
});

test('#66 LEGION Reinforcement cubes to Squads not activated; Deploy: one board buys available Minions for their cost, on Outside spaces of one Tile free of MAYHEM', () => {
  const s = activeBoard(fresh('M2'), 'babylon');
  s.slots[0].drawn = 'L05'; s.decks.LEGION.pool = s.decks.LEGION.pool.filter((c) => c !== 'L05'); // Reinforcement, 2 cubes
  let st = answer(s, { type: 'end' });
  const dec = rs.pending(st.s)[0];
  assert.equal(dec.kind, 'refresh');
  assert.equal((dec.exposes as { board: string }).board, 'alpha');
  st = answer(st.s, { type: 'refresh', reinforce: 'G', cubes: 'GG', wound: null, positive: null, negative: null });
  assert.deepEqual(st.s.boards.alpha.reinforce, { G: 1, Y: 0, B: 0 });
  const d = activeBoard(fresh('M2'), 'babylon');
  d.slots[0].drawn = 'L06'; d.decks.LEGION.pool = d.decks.LEGION.pool.filter((c) => c !== 'L06'); // Deploy
  d.boards.alpha.reinforce = { G: 3, Y: 0, B: 0 };
  d.units['swarm-1'].at = null; d.units['swarm-1'].downed = true;
  d.units['swarm-2'].at = null; d.units['swarm-2'].downed = true;
  let t = answer(d, { type: 'end' });
  while (kind(t.s) === 'refresh') t = answer(t.s, rs.defaultAction(t.s, rs.pending(t.s)[0]));
  assert.equal(kind(t.s), 'deploy');
  const opts = rs.candidates(t.s, 1, rs.pending(t.s)[0], 999, null as never).actions as { minion?: string; to?: string }[];
  assert.ok(opts.every((o) => !o.minion || o.minion === 'swarm'), 'only Swarm Troopers are free and affordable (GG)');
  assert.ok(!opts.some((o) => o.to?.startsWith('1,')), 'not on the tile where MAYHEM stands');
  t = answer(t.s, { type: 'deploy', board: 'alpha', minion: 'swarm', to: '14,0,1' });
  assert.deepEqual(t.s.boards.alpha.reinforce, { G: 1, Y: 0, B: 0 });
  assert.equal(t.s.units['swarm-1'].at, '14,0,1');
  assert.equal(kind(t.s), 'deploy');
  const more = rs.candidates(t.s, 1, rs.pending(t.s)[0], 999, null as never).actions;
  assert.deepEqual(more, [{ type: 'deploy', board: null }], 'G 1 left: the next Swarm (GG) is unaffordable');
});

test('#53 Aimed attacks (+1 Focus, Weapon Actions only): each Aimed Hit gives one Aim Bonus, each kind once per roll', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '2,1,1', 'shock-1': '3,1,1' }), 'fortune');
  s.boards.bravo.cubes.focus = 0; // no Block
  assert.equal(refused(s, { type: 'act', unit: 'fortune', action: 'sprint', aim: true }).code, 'cannot_aim');
  // Pistols GY + Y for aiming; red faces 0 (AH) and 1 (AH): two Aim Bonuses.
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1', aim: true }, [0, 1]);
  assert.deepEqual(st.s.boards.fortune.cubes, { speed: 2, focus: 1, tech: 2, mayhem: 0 });
  assert.equal(kind(st.s), 'aim_bonus');
  st = answer(st.s, { type: 'aimBonus', bonus: 'weakSpot' });
  assert.equal(refused(st.s, { type: 'aimBonus', bonus: 'weakSpot' }).code, 'bad_aim_bonus');
  st = answer(st.s, { type: 'aimBonus', bonus: 'mayhem' });
  assert.equal(st.s.boards.fortune.cubes.mayhem, 1);
  // 2 Hits + Weak Spot = 3 against the Shock Trooper's Defense 4 (Shield 0, Armor 2, Health 2).
  assert.equal(st.s.units['shock-1'].hits, 3);
  assert.equal(refused(activeBoard(only(fresh('M1'), { fortune: '2,1,1', 'shock-1': '3,1,1' }), 'fortune'), { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1', aim: true }).code, 'cannot_aim', 'Aim is Advanced');
});
