// Checklist item [full] #62: Allies (spec 2.2.3, 7.1.4, 7.14; L1951-1971). Glory, Fortune's Ally
// (provisional board: Shield 1, Armor 1, Health 2; Hover, Add-on G, 4 MP with a Jump; Glory Zap,
// Main Y, red 2 dice to range 1, yellow 1 to 3, SPECIAL = GIVE DISRUPTED), starts within 2
// spaces of Fortune in the Advanced missions (M2-M5).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { CONTENT, loadContent } from '../../../src/games/agents-of-mayhem/content.js';
import boards from '../../../src/games/agents-of-mayhem/data/boards.json' with { type: 'json' };
import dice from '../../../src/games/agents-of-mayhem/data/dice.json' with { type: 'json' };
import refresh from '../../../src/games/agents-of-mayhem/data/refresh.json' with { type: 'json' };
import tiles from '../../../src/games/agents-of-mayhem/data/tiles.json' with { type: 'json' };
import missions from '../../../src/games/agents-of-mayhem/data/missions.json' with { type: 'json' };
import { bombTimer } from '../../../src/games/agents-of-mayhem/rules/ddd.js';
import type { GameEvent } from '../../../src/engine/types.js';
import { activeBoard, answer, cands, ev, fresh, only, refused, rs } from './helpers.js';


test('#62 Ally setup: Glory is on Fortune\'s board, within 2 spaces of her, in every Advanced mission; none in Basic ones; the loader refuses one set up farther', () => {
  for (const id of ['M2', 'M3', 'M4', 'M5']) {
    const s = fresh(id);
    const g = s.units.glory;
    assert.equal(g.board, 'fortune'); assert.equal(g.ally, 'glory');
    const [fx, fy] = s.units.fortune.at!.split(',').map(Number); const [gx, gy] = g.at!.split(',').map(Number);
    assert.ok(Math.max(Math.abs(fx - gx), Math.abs(fy - gy)) <= 2, `${id}: within 2 spaces (L1971)`);
  }
  assert.equal(fresh('M1').units.glory, undefined, 'Allies are Advanced');
  const far = structuredClone(missions) as typeof missions;
  const m2 = far.missions.find((m) => m.id === 'M2')!;
  (m2.sides.MAYHEM.units.find((u) => u.unit === 'glory')!.at as number[]) = [4, 3, 1];
  assert.throws(() => loadContent({ boards, dice, refresh, tiles, missions: far }), /within 2 spaces/);
  assert.equal(CONTENT.allies.glory.host, 'fortune');
});

test('#62 Ally activation: Glory acts when Fortune\'s board is activated (not otherwise), paid from Fortune\'s cubes; the pair takes one Main Action', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '1,2,1', glory: '2,2,1', 'shock-1': '3,2,1', babylon: '17,7,1' }), 'fortune');
  s.boards.bravo.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  s.units['shock-1'].facing = 'W';
  assert.ok(cands(s).some((a) => a.type === 'act' && a.unit === 'glory' && a.action === 'zap' && a.target === '3,2,1'));
  const other = activeBoard(structuredClone(s), 'hardtack');
  assert.equal(refused(other, { type: 'act', unit: 'glory', action: 'hover' }).code, 'not_activated');
  // Hover: Add-on, G from Fortune's board.
  let st = answer(s, { type: 'act', unit: 'glory', action: 'hover' });
  assert.equal(st.s.boards.fortune.cubes.speed, s.boards.fortune.cubes.speed - 1);
  assert.deepEqual(st.s.slots[0].mp, { unit: 'glory', left: 4, jump: { up: 2, spaces: 3 } });
  assert.equal(st.s.slots[0].pool, 0);
  // Glory Zap (Main, Y from Fortune): then Fortune's Main (her pistols) is spent too.
  st = answer(s, { type: 'act', unit: 'glory', action: 'zap', target: '3,2,1' }, [11, 5]);
  assert.equal(st.s.boards.fortune.cubes.focus, s.boards.fortune.cubes.focus - 1);
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['red', 'red']);
  assert.deepEqual(st.s.units['shock-1'].statuses.map((x) => x.kind), ['DISRUPTED'], 'the Special: Disrupted');
  assert.equal(refused(st.s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,2,1' }).code, 'main_used');
  const first = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  assert.equal(refused(first.s, { type: 'act', unit: 'glory', action: 'zap', target: '3,2,1' }).code, 'main_used');
  // No Mayhem cards of its own: Fortune's character uses stay hers.
  const card = activeBoard(structuredClone(s), 'fortune');
  card.mayhem!.MAYHEM.hand = ['fortune-1'];
  assert.equal(refused(card, { type: 'act', unit: 'glory', action: 'card-trickshot', target: '3,2,1' }).code, 'unknown_action');
});

test('#62 Ally hits: each Hit places a cube on the Ally board, Shield while fewer than its Shield value, then Armor, then Wound; Downed at its Health (VP as a MAYHEM unit); Fortune\'s board untouched', () => {
  const s = activeBoard(only(fresh('M2'), { glory: '2,2,1', 'shock-1': '3,2,1', fortune: '0,7,1', babylon: '17,7,1' }), 'bravo');
  s.units.glory.facing = 'E';
  // Fortune's board pays for no Dash or Block of Glory here (her Instants: ally-instants.test.ts).
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  const fortune = structuredClone(s.boards.fortune);
  // Shock Maul at range 1: red ×3 (H, H, H); the Weapon Bonus does not apply (not a weapon).
  let st = answer(s, { type: 'act', unit: 'shock-1', action: 'smash', target: '2,2,1' }, [5, 6, 6]);
  assert.deepEqual(st.s.units.glory.damage, { shield: 1, armor: 1, wounds: 1 });
  assert.equal(rs.pending(st.s)[0].kind, 'turn', 'no Wound decision: the order is fixed');
  assert.deepEqual(st.s.boards.fortune, fortune);
  assert.ok(st.s.units.glory.at);
  // One more Hit: 2 Wounds = Health 2: Downed, and LEGION scores 1 VP (a MAYHEM unit Downed).
  const vp = st.s.vp.LEGION;
  st.s.slots[0].addons = []; st.s.units['shock-1'].hits = 0;
  st = answer(st.s, { type: 'act', unit: 'shock-1', action: 'smash', target: '2,2,1' }, [5, 11, 11]);
  assert.ok(st.s.units.glory.downed);
  assert.equal(st.s.units.glory.at, null);
  assert.equal(st.s.vp.LEGION, vp + 1);
  assert.ok(st.s.units.fortune.at, 'Fortune stays');
});

test('#62 Ally Downed with its host: when Fortune is Downed, Glory is too (its Ally board stays)', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '1,2,1', glory: '0,3,1', babylon: '2,2,1' }), 'babylon');
  s.boards.fortune.shield = 0; s.boards.fortune.armor = 0;
  s.boards.fortune.wounds = { speed: 2, focus: 2, tech: 2, mayhem: 1 };
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  s.units.fortune.facing = 'E';
  // Dark Matter Staff at range 1: red ×2 (H, S) and the Elite Weapon Bonus's white die (blank): one Hit, the 8th Wound.
  let st = answer(s, { type: 'act', unit: 'babylon', action: 'staff', target: '1,2,1' }, [5, 11, 4]);
  while (rs.pending(st.s)[0]?.kind === 'wound') st = answer(st.s, rs.defaultAction!(st.s, rs.pending(st.s)[0]));
  assert.ok(st.s.units.fortune.downed);
  assert.ok(st.s.units.glory.downed, 'Downed with her host (L1967)');
  assert.deepEqual(ev(st, 'downed').map((e) => e.unit), ['fortune', 'glory']);
});

test('#62 Ally refresh: with its host\'s board, a Shield symbol takes a Shield cube off the Ally board and Heal a Wound cube', () => {
  const setup = (card: string) => {
    const s = activeBoard(only(fresh('M2'), { fortune: '1,2,1', glory: '0,3,1', hardtack: '1,4,1', babylon: '17,7,1' }), 'hardtack');
    s.units.glory.damage = { shield: 1, armor: 1, wounds: 1 };
    s.slots[0].drawn = card;
    return answer(s, { type: 'end' });
  };
  // M04: 2 Shield symbols, refreshing the boards not activated (Fortune's): Glory's Shield cube comes off; Armor and Wound stay.
  let st = setup('M04');
  assert.deepEqual(st.s.units.glory.damage, { shield: 0, armor: 1, wounds: 1 });
  // M02: a Heal (Wound) symbol: its Wound cube comes off.
  st = setup('M02');
  assert.deepEqual(st.s.units.glory.damage, { shield: 1, armor: 1, wounds: 0 });
  assert.equal(ev(st, 'ally_refreshed')[0].unit, 'glory');
});

test('#62 #63 a Downed Ally is no Downed Elite: its host on the map is not offered a Redeploy', () => {
  const s = activeBoard(only(fresh('M2'), { fortune: '1,2,1', hardtack: '1,4,1', babylon: '17,7,1' }), 'hardtack');
  s.units.glory.downed = true;
  s.slots[0].drawn = 'M01';
  const st = answer(s, { type: 'end' });
  assert.notEqual(rs.pending(st.s)[0]?.kind, 'redeploy');
  assert.equal(st.s.units.fortune.at, '1,2,1');
});

test('#62 #63 a Downed Ally returns with its redeployed host: its owner places it on a free Outside space within 2 spaces, its damage cleared', () => {
  const s = activeBoard(only(fresh('M2'), { hardtack: '1,4,1', babylon: '17,7,1' }), 'hardtack');
  s.units.fortune.downed = true; s.units.glory.downed = true;
  s.units.glory.damage = { shield: 1, armor: 1, wounds: 2 };
  s.slots[0].drawn = 'M01';
  let st = answer(s, { type: 'end' });
  assert.equal(rs.pending(st.s)[0].kind, 'redeploy');
  st = answer(st.s, { type: 'redeploy', board: 'fortune', to: '2,1,1' });
  const d = rs.pending(st.s)[0];
  assert.equal(d.kind, 'place_ally');
  assert.equal(d.seat, 0);
  const spaces = cands(st.s).map((a) => (a as { to: string }).to);
  assert.ok(spaces.includes('0,3,1') && spaces.includes('4,0,1'));
  assert.ok(!spaces.includes('2,1,1') && !spaces.includes('5,1,1'), 'not the host\'s space, not 3 away');
  assert.ok(!spaces.includes('1,4,1'), 'not a taken space');
  assert.equal(refused(st.s, { type: 'placeAlly', to: '5,1,1' }).code, 'bad_space');
  st = answer(st.s, { type: 'placeAlly', to: '0,3,1' });
  assert.equal(st.s.units.glory.at, '0,3,1');
  assert.equal(st.s.units.glory.downed, false);
  assert.equal(st.s.units.glory.damage, undefined, 'no damage record: an undamaged Ally board, as at setup');
});

test('#62 #69 an Ally on the Dark Matter Bomb\'s Tile with its host is Downed once (with its host), not twice', () => {
  const s = activeBoard(only(fresh('M4'), { fortune: '14,1,1', glory: '13,1,1', babylon: '0,7,1' }), 'babylon');
  const vp = s.vp.LEGION;
  const ev: GameEvent[] = [];
  bombTimer(s, { n: 1, side: 'MAYHEM', holder: 'ddd:bomb', turn: 0, effect: { t: 'bomb', ddd: 'bomb' } }, ev);
  assert.deepEqual(ev.filter((e) => e.type === 'downed').map((e) => (e.data as { unit: string }).unit), ['fortune', 'glory']);
  assert.equal(s.vp.LEGION, vp + 2, 'two MAYHEM units Downed');
});
