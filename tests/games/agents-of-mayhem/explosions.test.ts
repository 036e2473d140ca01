// Checklist items [full] #49 #53 #55-#59: Explosive Objects, the face-down Explosion pile,
// delayed detonation, explosion attacks, lingering markers, Building Damage and collapse.
// Mission 2's map: Tile 10 (x 0-5), Tile 7 the Warehouse rotated 180° (x 6-11; its building
// x 7-9, y 2-4, Levels 1-2; Explosive spaces 10,5,1 outside and 8,3,1 inside), Tile 2 the
// Babylon Tower (x 12-17; building x 13-16, y 2-5, Levels 1-3).
// The pile is drawn by index into its sorted ids: 0 L1a, 1 L2a, 2 L3a, 3 L3b (Large: 4 red d12,
// AoE 2), 4 M1a, 5 M2a, 6 M2b, 7 M3a (Medium: yellow d8, AoE 1), 8 S1a, 9 S1b, 10 S2a, 11 S2b
// (Small: white d6, AoE 0); the digit is the Building Damage.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MARKERS, buildingDamage, topLevel } from '../../../src/games/agents-of-mayhem/rules/explosions.js';
import { targetProblem } from '../../../src/games/agents-of-mayhem/rules/combat.js';
import { actionOf, map, type S } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, ev, fresh, kind, only, refused, rs } from './helpers.js';

/** A marker already on the map, placed face down in an earlier Turn (so due in this Turn's Refresh Phase). */
function faceDown(s: S, at: string, statuses: S['units'][string]['statuses'][number]['kind'][] = [], by: 'MAYHEM' | 'LEGION' = 'MAYHEM'): S {
  const ex = s.explosions!;
  ex.placed.push({ n: ex.next++, at, marker: null, faceUp: false, turn: s.turnNo - 1, statuses, by });
  return s;
}
/** A face-up marker lying in or on a building. */
function faceUp(s: S, at: string, marker: string): S {
  const ex = s.explosions!;
  ex.pile = { ...ex.pile, pool: ex.pile.pool.filter((x) => x !== marker) };
  ex.placed.push({ n: ex.next++, at, marker, faceUp: true, turn: s.turnNo - 1, statuses: [], by: 'LEGION' });
  return s;
}
const NOTHING = [11, 11, 11, 11]; // four red Specials: no Hit, no Push

test('#56 #49 Explosive Objects: 2 Hits in one Turn place a face-down Explosion marker and the attacker gains a Permanent Mayhem Status (L1499-1509, L1608)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '10,7,1', 'swarm-1': '0,7,1' }), 'fortune');
  // Fortune's Dual Energy Pistols at the empty Explosive space 10,5,1 (red band, 2 d12): faces 5 (H), 11 (S).
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '10,5,1' }, [5, 11]);
  assert.deepEqual(ev(st, 'object_hit')[0], { at: '10,5,1', hits: 1, total: 1 });
  assert.equal(st.s.explosions!.placed.length, 0, 'one Hit is not enough');
  assert.equal(st.s.boards.fortune.mayhemStatus, 0);
  // Two Hits in one attack (faces 5, 6: H, H) on a fresh board state.
  const s2 = activeBoard(only(fresh('M2'), { fortune: '10,7,1', 'swarm-1': '0,7,1' }), 'fortune');
  st = answer(s2, { type: 'act', unit: 'fortune', action: 'pistols', target: '10,5,1' }, [5, 6]);
  assert.deepEqual(st.s.explosions!.placed.map((m) => [m.at, m.faceUp, m.marker]), [['10,5,1', false, null]], 'face down, its identity not drawn');
  assert.equal(st.s.boards.fortune.mayhemStatus, 1);
  assert.equal(st.s.explosions!.pile.pool.length, 12, 'nothing taken from the pile yet (drawn when it flips)');
  // Once it holds a marker the space is no Explosive Object: it cannot be attacked on its own.
  const f = st.s.units.fortune;
  assert.equal(targetProblem(st.s, f, actionOf(f, 'pistols')!, '10,5,1')?.code, 'no_enemy');
});

test('#35 #56 Explosive Object Hits count within a single Turn only (spec 7.3.7)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '10,7,1', 'swarm-1': '0,7,1' }), 'fortune');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '10,5,1' }, [5, 11]);
  assert.deepEqual(st.s.objectHits, { '10,5,1': 1 });
  st = answer(st.s, { type: 'end' });
  assert.equal(st.s.objectHits, undefined, 'reset at the end of the Turn');
});

test('#55 a face-down marker never goes off in the Turn it was placed; it goes off at the beginning of the next Turn\'s Refresh Phase (L1505-1509)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '10,7,1', 'swarm-1': '0,7,1' }), 'fortune');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '10,5,1' }, [5, 6]);
  st = answer(st.s, { type: 'end' });
  assert.equal(ev(st, 'explosion').length, 0, 'not in the Refresh Phase of the Turn it was placed');
  assert.equal(st.s.side, 'LEGION');
  // LEGION's Turn: its Refresh Phase starts with the explosion (pile index 8: S1a, white, AoE 0, nobody there).
  st = answer(st.s, { type: 'activate', board: 'babylon' });
  st = answer(st.s, { type: 'end' }, [8]);
  assert.deepEqual(ev(st, 'explosion')[0], { n: 1, at: '10,5,1', marker: 'S1a', size: 'small', dice: 'white', area: 0, damage: 1 });
  const mk = st.s.explosions!.placed[0];
  assert.deepEqual([mk.faceUp, mk.marker], [true, 'S1a'], 'on an Explosive space it lingers face up (L1525)');
  assert.ok(!st.s.explosions!.pile.pool.includes('S1a'));
});

test('#56 an explosion attacks every unit of both Sides in its AoE with 4 dice of its colour; same Level, walls block; Pushes from the explosion (L1511-1527)', () => {
  const s = activeBoard(only(fresh('M2'), {
    fortune: '0,0,1', hardtack: '11,6,1', 'swarm-1': '11,4,1', 'hell-1': '12,6,1', 'hell-2': '9,4,1', 'shock-1': '13,5,1', 'swarm-3': '8,2,2',
  }), 'fortune');
  s.boards.hardtack.cubes.focus = 0; // no Block
  faceDown(s, '10,5,1');
  // Pile index 2: L3a (Large: 4 red d12, AoE 2). Targets in space order: 11,4,1 swarm-1; 11,6,1 hardtack; 12,6,1 hell-1.
  // swarm-1: 5 H, 6 H -> 2 Hits = its Defense (Downed); hardtack: nothing; hell-1: 8 P + Specials -> 1 Push.
  let st = answer(s, { type: 'end' }, [2, 5, 6, 11, 11, ...NOTHING, 8, 11, 11, 11]);
  assert.deepEqual(ev(st, 'explosion')[0].marker, 'L3a');
  assert.equal(kind(st.s), 'push', 'the Side that placed it pushes');
  assert.equal(rs.pending(st.s)[0].seat, 0);
  const opts = rs.candidates(st.s, 0, rs.pending(st.s)[0], 0, null as never).actions.map((a) => (a as { to: string | null }).to);
  assert.deepEqual(opts, [null, '13,6,1', '13,7,1'], 'one space farther from the explosion (13,5 is inside the tower)');
  assert.equal(st.s.units['swarm-1'].downed, true);
  const rolled = ev(st, 'dice_rolled').map((d) => d.target);
  assert.deepEqual(rolled, ['swarm-1', 'hardtack', 'hell-1'], 'not hell-2 inside the Warehouse (walls), shock-1 at 3, swarm-3 on Level 2');
  st = answer(st.s, { type: 'push', to: '13,6,1' });
  assert.equal(st.s.units['hell-1'].at, '13,6,1');
});

test('#56 statuses on a marker go to every unit in the AoE, no Hit needed; chain reaction: 2 Hits on an Explosive Object place a marker that waits for the next Turn', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '0,0,1', 'swarm-1': '11,7,1' }), 'fortune');
  faceDown(s, '10,7,1', ['STUNNED']);
  // Pile index 3: L3b (AoE 2). The Explosive Object 10,5,1 is rolled first: 5 H, 6 H -> marker; swarm-1: nothing.
  const st = answer(s, { type: 'end' }, [3, 5, 6, 11, 11, ...NOTHING]);
  assert.deepEqual(st.s.units['swarm-1'].statuses.map((x) => x.kind), ['STUNNED']);
  const placed = st.s.explosions!.placed;
  assert.deepEqual(placed.map((m) => [m.at, m.faceUp]), [['10,5,1', false]], 'the new marker is face down; the first returned to the pile (Outside, not Explosive)');
  assert.equal(ev(st, 'explosion').length, 1, 'the chained marker waits');
  assert.ok(st.s.explosions!.pile.pool.includes('L3b'), 'L3b went back to the pile (L1527)');
});

test('#57 markers linger face up Inside a building or on its top Level, else return to the pile (L1525-1527)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '0,0,1' }), 'fortune');
  faceDown(s, '8,3,1'); faceDown(s, '15,4,3'); faceDown(s, '3,3,1');
  const st = answer(s, { type: 'end' }, [8, 8, 8]); // S1a, S1b, S2a
  assert.deepEqual(st.s.explosions!.placed.map((m) => [m.at, m.marker]), [['8,3,1', 'S1a'], ['15,4,3', 'S1b']], 'Inside and on the tower roof stay; the street one went back');
  assert.ok(st.s.explosions!.pile.pool.includes('S2a'));
});

test('#53 Trigger Explosion Aim Bonus: a face-down marker on an Explosive space within 1 of the target, and the attacker gains a Permanent Mayhem Status (L1710)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '11,7,1', 'swarm-1': '10,6,1' }), 'fortune');
  s.boards.alpha.cubes.focus = 0;
  // Aimed (+1 Focus): 0 AH, 11 S -> one Aim Bonus.
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '10,6,1', aim: true }, [0, 11]);
  assert.equal(kind(st.s), 'aim_bonus');
  const opts = rs.candidates(st.s, 0, rs.pending(st.s)[0], 0, null as never).actions.map((a) => (a as { bonus: string | null }).bonus);
  assert.ok(opts.includes('explosion:10,5,1'));
  st = answer(st.s, { type: 'aimBonus', bonus: 'explosion:10,5,1' });
  assert.deepEqual(st.s.explosions!.placed.map((m) => [m.at, m.faceUp]), [['10,5,1', false]]);
  assert.equal(st.s.boards.fortune.mayhemStatus, 1);
});

test('#58 Building Damage: the sum of the face-up markers in or on the building; a marker that goes off in it adds its value (L1544-1552)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '0,0,1' }), 'fortune');
  faceUp(s, '8,3,1', 'M2a');
  const tile = map(s).cells['8,3,1'].tile;
  assert.equal(buildingDamage(s, tile), 2);
  faceDown(s, '9,4,2');
  const st = answer(s, { type: 'end' }, [6]); // M3a: 3
  assert.equal(buildingDamage(st.s, tile), 5);
  assert.equal(topLevel(st.s, tile), 2, 'below 7: nothing collapses');
});

test('#59 collapse at 7: the top Level goes, the Destroyed tile lies on the Level below, the 3 highest markers go, units drop to the same space and take 4 red dice (L1554-1583)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '0,0,1', 'swarm-3': '8,2,2', 'hell-1': '9,3,1', 'shock-1': '8,3,1' }), 'fortune');
  s.boards.bravo.cubes.focus = 0; // the Shock Trooper cannot Block
  faceUp(s, '7,2,1', 'L3a'); faceUp(s, '9,2,1', 'M2a'); faceUp(s, '7,4,1', 'S1a');
  faceDown(s, '9,4,2'); // M3a: 3 + 2 + 1 + 3 = 9
  const tile = map(s).cells['8,3,1'].tile;
  // swarm-3 drops from 8,2,2 to 8,2,1; victims in id order: hell-1, shock-1, swarm-3.
  const st = answer(s, { type: 'end' }, [5, ...NOTHING, ...NOTHING, 5, 6, 8, 8]); // pile index 5: M3a
  assert.deepEqual(ev(st, 'building_collapsed')[0], { tile: '7', level: 2, damage: 9, removed: ['M3a', 'L3a', 'M2a'] });
  const m = map(st.s);
  assert.equal(topLevel(st.s, tile), 1);
  assert.ok(!m.cells['8,3,2'] && m.cells['8,3,1'].destroyed, 'Level 2 is gone; the D tile is on Level 1');
  assert.equal(m.edges['1:7,3|7,4'] ?? 'clear', 'clear', 'the Destroyed tile has no walls');
  assert.equal(st.s.units['swarm-3'].at, null, 'swarm-3 fell to 8,2,1 and its 2 Hits Downed it (Push results ignored)');
  assert.equal(st.s.units['swarm-3'].downed, true);
  assert.deepEqual(ev(st, 'dice_rolled').filter((d) => d.purpose === 'collapse').map((d) => d.target), ['hell-1', 'shock-1', 'swarm-3']);
  assert.deepEqual(st.s.explosions!.placed, [], 'completely destroyed: markers not on Explosive spaces removed (the S1a too)');
  assert.equal(st.s.explosions!.pile.pool.length, Object.keys(MARKERS).length);
});

test('#59 a unit from the collapsed Level whose space below is taken goes to an adjacent free space its owner chooses (A-23); cascade while 7 or more', () => {
  // The tower: Levels 1-3 on x 13-16, y 2-5. Babylon on the roof above a Hell Trooper; 9 damage on Level 2 and the roof.
  const s = activeBoard(only(fresh('M2'), { fortune: '0,0,1', babylon: '14,3,3', 'hell-1': '14,3,2' }), 'fortune');
  s.boards.babylon.cubes.focus = 0; s.boards.babylon.cubes.tech = 0;
  faceUp(s, '13,2,2', 'L3a'); faceUp(s, '16,5,2', 'L3b'); faceUp(s, '15,4,3', 'M3a');
  faceDown(s, '13,5,3'); // pile index 0 L1a: 1 -> 10
  const tile = map(s).cells['14,3,3'].tile;
  let st = answer(s, { type: 'end' }, [0, ...NOTHING]); // L1a (AoE 2) also rolls against Babylon on the roof
  assert.equal(kind(st.s), 'displace');
  assert.equal(rs.pending(st.s)[0].seat, 1, 'LEGION places Babylon');
  const opts = rs.candidates(st.s, 1, rs.pending(st.s)[0], 0, null as never).actions.map((a) => (a as { to: string }).to);
  assert.ok(opts.includes('15,4,2') && opts.every((k) => k.endsWith(',2')));
  assert.equal(refused(st.s, { type: 'displace', to: '14,3,2' }).code, 'bad_displace');
  // Removed: M3a, L3b, L3a (highest, most recent first); left: L1a (1) -> no cascade.
  st = answer(st.s, { type: 'displace', to: '15,4,2' }, [...NOTHING, ...NOTHING]);
  assert.equal(st.s.units.babylon.at, '15,4,2');
  assert.equal(topLevel(st.s, tile), 2);
  assert.equal(buildingDamage(st.s, tile), 1);
  // Cascade: the same with more damage left after the three highest go.
  const c = activeBoard(only(fresh('M2'), { fortune: '0,0,1' }), 'fortune');
  faceUp(c, '13,2,2', 'L3a'); faceUp(c, '16,5,2', 'L3b'); faceUp(c, '15,4,3', 'M3a'); faceUp(c, '14,4,2', 'M2a'); faceUp(c, '14,5,2', 'M2b'); faceUp(c, '13,3,1', 'S2a');
  faceDown(c, '13,5,3'); // L2a: 3+3+3+2+2+2+2 = 17 -> remove 3,3,3 -> 8 (still >= 7) -> Level 2 goes too
  st = answer(c, { type: 'end' }, [1]);
  assert.deepEqual(ev(st, 'building_collapsed').map((d) => d.level), [3, 2]);
  assert.equal(topLevel(st.s, tile), 1);
});

test('#55 #40 Place Explosion ability: the Hell Trooper\'s Dark Matter Grenade places a face-down marker on the target\'s space (Advanced only, spec 2.2.9)', () => {
  const s = activeBoard(only(fresh('M2'), { 'hell-1': '3,3,1', fortune: '5,3,1' }), 'alpha');
  s.boards.fortune.cubes.focus = 0; // no Dash, no Block
  // One yellow d8: face 7 (blank).
  const st = answer(s, { type: 'act', unit: 'hell-1', action: 'grenade', target: '5,3,1' }, [7]);
  assert.deepEqual(st.s.explosions!.placed.map((m) => [m.at, m.faceUp, m.by]), [['5,3,1', false, 'LEGION']]);
  assert.equal(st.s.boards.alpha.mayhemStatus, 0, 'not an Explosive space: no Mayhem Status');
  const b = activeBoard(only(fresh('M1'), { 'hell-1': '3,3,1', fortune: '5,3,1' }), 'alpha');
  b.boards.fortune.cubes.focus = 0;
  const basic = answer(b, { type: 'act', unit: 'hell-1', action: 'grenade', target: '5,3,1' }, [7]);
  assert.equal(basic.s.explosions, undefined, 'a Basic mission has no explosions');
  assert.equal(ev(basic, 'explosion_placed').length, 0);
});
