// Large Units (#61, spec 7.2.6, L1913-1935) with the Golem of Mission 6: the 2×2 footprint,
// orthogonal and diagonal steps, Outside only, a flat 1 MP, no Protection, one AoE roll, no
// Push, ZoC round the footprint, range and LOS from and to the nearest footprint space; and the
// DDD as a Large Unit in an explosion (#67, L1985).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localRng, scriptedRng } from '../../../src/engine/rng.js';
import { isViolation, type GameEvent, type Violation } from '../../../src/engine/types.js';
import { agentsPosition } from '../../../src/games/agents-of-mayhem/position.js';
import { enemyZoc, inside, jumpLandings, reach } from '../../../src/games/agents-of-mayhem/geometry.js';
import { areaTargets, band, originOf, poolFor, pushOptions, targetProblem, type Attack } from '../../../src/games/agents-of-mayhem/rules/combat.js';
import { advanceBlast, detonate } from '../../../src/games/agents-of-mayhem/rules/explosions.js';
import { redeploySpaces } from '../../../src/games/agents-of-mayhem/rules/turn.js';
import { actionOf, footprint, map, unitAt, type S } from '../../../src/games/agents-of-mayhem/state.js';
import { loadContent } from '../../../src/games/agents-of-mayhem/content.js';
import boards from '../../../src/games/agents-of-mayhem/data/boards.json' with { type: 'json' };
import dice from '../../../src/games/agents-of-mayhem/data/dice.json' with { type: 'json' };
import refresh from '../../../src/games/agents-of-mayhem/data/refresh.json' with { type: 'json' };
import tiles from '../../../src/games/agents-of-mayhem/data/tiles.json' with { type: 'json' };
import missions from '../../../src/games/agents-of-mayhem/data/missions.json' with { type: 'json' };
import { activeBoard, answer, cands, fresh, only, rs } from './helpers.js';

const raw = () => structuredClone({ boards, dice, refresh, tiles, missions });
const golemUnit = (r: ReturnType<typeof raw>) => r.missions.missions.find((m) => m.id === 'M6')!.sides.LEGION.units.find((u) => u.unit === 'golem')!;

const golemAt = (s: S) => footprint(s.units.golem).sort();

test('#61 Large Units: the Golem takes up 2×2 spaces; an orthogonal step enters 2 new spaces and keeps 2, a diagonal one enters 3 and keeps 1, each for 1 MP (L1917-1919, L1933-1935)', () => {
  let s = activeBoard(only(fresh('M6'), { golem: '1,0,1', fortune: '10,7,1' }), 'golem');
  assert.deepEqual(golemAt(s), ['1,0,1', '1,1,1', '2,0,1', '2,1,1']);
  for (const k of golemAt(s)) assert.equal(unitAt(s).get(k)?.id, 'golem', `${k} is taken by the Golem`);
  s = answer(s, { type: 'act', unit: 'golem', action: 'stomp' }).s;
  assert.equal(s.slots[0].mp!.left, 3);
  const before = golemAt(s);
  s = answer(s, { type: 'move', unit: 'golem', to: '2,0,1', facing: 'E' }).s;
  assert.equal(s.slots[0].mp!.left, 2, 'one orthogonal step: 1 MP');
  assert.equal(golemAt(s).filter((k) => !before.includes(k)).length, 2, 'two new spaces');
  const mid = golemAt(s);
  s = answer(s, { type: 'move', unit: 'golem', to: '3,1,1', facing: 'S' }).s;
  assert.equal(s.slots[0].mp!.left, 1, 'one diagonal step: 1 MP');
  assert.equal(golemAt(s).filter((k) => !mid.includes(k)).length, 3, 'three new spaces');
  assert.equal(s.units.golem.facing, 'S', 'it faces a new direction');
  assert.ok(!unitAt(s).get('1,0,1') && !unitAt(s).get('2,0,1'), 'the spaces it left are free');
});

test('#61 Large Units: Obstacles and Zones of Control do not raise the cost: always 1 MP a step (L1923, A-27)', () => {
  // Obstacle edges run between x=2 and x=3 on rows 3 and 4 of Tile 10; Fortune's Zone covers both footprints.
  const s = only(fresh('M6'), { golem: '1,3,1', fortune: '2,5,1', 'swarm-1': '2,0,1' });
  const r = reach(s, s.units.golem, 1);
  assert.equal(r.get('2,3,1')?.cost, 1, 'over the Obstacles and from ZoC to ZoC for 1 MP');
  // A small figure pays 3 for the same Obstacle.
  const t = only(fresh('M6'), { 'swarm-1': '2,3,1', fortune: '10,7,1' });
  assert.ok(!reach(t, t.units['swarm-1'], 1).has('3,3,1'));
  assert.equal(reach(t, t.units['swarm-1'], 3).get('3,3,1')?.cost, 3);
});

test('#61 Large Units: never onto Inside spaces, no Jump (L1921, spec 7.2.6 [P])', () => {
  const s = fresh('M6');
  const m = map(s);
  assert.deepEqual(golemAt(s), ['15,6,1', '15,7,1', '16,6,1', '16,7,1'], 'Mission 6 sets it up south of the tower');
  const r = reach(s, s.units.golem, 3);
  assert.ok(!r.has('15,5,1') && !r.has('14,5,1'), 'a step north would put it Inside the tower');
  assert.ok(r.size > 0);
  for (const k of r.keys()) for (const c of footprint({ ...s.units.golem, at: k })) assert.ok(m.cells[c] && !inside(m, m.cells[c]), `${k}: ${c} is Outside`);
  assert.equal(jumpLandings(s, s.units.golem, { up: 2, spaces: 4 }, 4).size, 0);
});

test('#61 Large Units: no unit enters any of its spaces; it never ends a move on another unit (occupancy)', () => {
  const s = only(fresh('M6'), { golem: '4,6,1', fortune: '3,5,1', babylon: '8,6,1' });
  const f = reach(s, s.units.fortune, 9);
  for (const k of ['4,6,1', '5,6,1', '4,7,1', '5,7,1']) assert.ok(!f.has(k), `Fortune cannot enter ${k}`);
  const g = reach(s, s.units.golem, 3);
  assert.ok(!g.has('3,5,1') && !g.has('2,4,1'), 'not onto Fortune');
  assert.ok(!g.has('7,6,1'), 'its footprint may not end on Dr. Babylon (8,6)');
  assert.ok(g.has('6,6,1'), 'next to him is fine');
  const t = answer(activeBoard(s, 'golem'), { type: 'act', unit: 'golem', action: 'stomp' }).s;
  assert.throws(() => answer(t, { type: 'move', unit: 'golem', to: '7,6,1', facing: 'E' }), /unreachable/);
  assert.equal(answer(t, { type: 'move', unit: 'golem', to: '6,6,1', facing: 'E' }).s.units.golem.at, '6,6,1');
});

test('#61 Large Units: its Zone of Control surrounds the whole footprint (spec 2.1.3, 7.2.6)', () => {
  const s = only(fresh('M6'), { golem: '15,6,1', fortune: '2,2,1' });
  const z = enemyZoc(s, 'MAYHEM');
  for (const k of ['17,6,1', '17,7,1', '14,7,1', '17,5,1']) assert.ok(z.has(k), `${k} is in the Golem's Zone`);
  assert.ok(!z.has('18,6,1') && !z.has('13,6,1'));
});

test('#61 Large Units: range and LOS run from and to the nearest space of the footprint (spec 2.1.5 [P], A-27)', () => {
  const s = only(fresh('M6'), { golem: '15,6,1', fortune: '17,5,1' });
  const fists = actionOf(s.units.golem, 'fists')!;
  assert.equal(originOf(s, s.units.golem, '17,5,1'), '16,6,1');
  assert.equal(targetProblem(s, s.units.golem, fists, '17,5,1'), null, 'in range from 16,6 though 2 from 15,6');
  const pool = poolFor(s, s.units.golem, fists, s.units.fortune, originOf(s, s.units.golem, '17,5,1'), 1)!;
  assert.equal(pool.color, 'red', 'Range 1: the red band');
  // Fortune names any space of the Golem; its candidates list all four.
  const t = activeBoard(only(fresh('M6'), { golem: '15,6,1', fortune: '11,7,1' }), 'fortune');
  const acts = cands(t).filter((a) => a.type === 'act' && a.action === 'pistols' && !('aim' in a) && !('mayhem' in a)).map((a) => (a as { target: string }).target);
  for (const k of ['15,6,1', '15,7,1', '16,6,1', '16,7,1']) assert.ok(acts.includes(k), `Fortune may target ${k}`);
  const pistols = actionOf(t.units.fortune, 'pistols')!;
  assert.equal(band(t, t.units.fortune, pistols, 4, null)?.color, 'yellow', 'the nearest space, 15,7, is 4 away: yellow');
  assert.equal(poolFor(t, t.units.fortune, pistols, t.units.golem, '11,7,1', 4)?.color, 'yellow');
});

test('#61 Large Units: no Protection from Obstacles or Cover (L1925)', () => {
  // The dots at 3,3 and 3,4 are Obstacle dots: a small figure on 3,3 traced from 0,3 has Protection.
  const small = only(fresh('M6'), { fortune: '0,3,1', 'swarm-1': '3,3,1' });
  const pistols = actionOf(small.units.fortune, 'pistols')!;
  assert.equal(poolFor(small, small.units.fortune, pistols, small.units['swarm-1'], '0,3,1', 3)?.protection, true);
  const s = only(fresh('M6'), { fortune: '0,3,1', golem: '3,3,1' });
  const p = poolFor(s, s.units.fortune, pistols, s.units.golem, '0,3,1', 3)!;
  assert.equal(p.protection, false);
  assert.equal(p.mods.protection, undefined);
});

test('#61 Large Units: an AoE covering several of its spaces rolls against it once (L1927)', () => {
  const s = only(fresh('M6'), { golem: '15,6,1', fortune: '11,6,1', hardtack: '14,7,1' });
  const around = areaTargets(s, s.units.fortune, '14,6,1', 1);
  assert.deepEqual(around.map((u) => u.id), ['golem'], 'once, not for 15,6 and 15,7');
  // An explosion on 14,7 (AoE 2 for a Large marker) covers all four of its spaces: one target.
  const t = only(fresh('M6'), { golem: '15,6,1', fortune: '2,2,1' });
  t.explosions!.pile = { ...t.explosions!.pile, pool: ['L1a'] };
  const mk = { n: 99, at: '14,7,1', marker: null, faceUp: false, turn: 0, statuses: [], by: 'MAYHEM' as const };
  t.explosions!.placed.push(mk);
  detonate(t, mk, localRng('blast'), []);
  const f = t.stack[t.stack.length - 1];
  assert.equal(f.t, 'explosion');
  assert.deepEqual((f as Extract<S['stack'][number], { t: 'explosion' }>).targets.filter((x) => x.unit === 'golem').length, 1);
});

test('#61 Large Units: they are never pushed (A-12)', () => {
  const s = only(fresh('M6'), { golem: '4,6,1', 'swarm-1': '4,3,1', fortune: '2,6,1' });
  const frame = (unit: string): Attack => ({ t: 'attack', id: 1, seat: 0, attacker: 'fortune', action: 'pistols', board: 'fortune', centre: s.units[unit].at!, targets: [{ unit, centre: true }], i: 0, stage: 'push', dashed: [], hits: 0, pushes: 2, special: false, wounds: 0, downed: [] });
  assert.ok(pushOptions(s, frame('swarm-1')).length > 0, 'a small figure is pushed');
  assert.deepEqual(pushOptions(s, frame('golem')), []);
});

test('#61 Large Units: a Downed Golem is redeployed with its whole footprint on free Outside spaces (spec 7.13, 7.2.6)', () => {
  const s = only(fresh('M6'), { fortune: '2,2,1' });
  s.units.golem.downed = true;
  const all = redeploySpaces(s, 'LEGION');
  const big = redeploySpaces(s, 'LEGION', s.units.golem);
  assert.ok(big.length > 0 && big.length < all.length);
  for (const k of big) for (const c of footprint({ ...s.units.golem, at: k })) assert.ok(all.includes(c), `${k}: ${c} is a Redeploy space`);
});

test('#61 Large Units: a mission may not set one up on Inside spaces or across another unit (L1921; content check)', () => {
  const bad = raw(); golemUnit(bad).at = [15, 4, 1];
  assert.throws(() => loadContent(bad), /Large Unit golem needs 2×2 Outside spaces/);
  const over = raw(); golemUnit(over).at = [16, 6, 1];
  assert.throws(() => loadContent(over), /two units on 17,7,1/);
  assert.doesNotThrow(() => loadContent(raw()));
});

test('#67 a DDD is a Large Unit in an explosion too: one roll of the 4 dice however many of its spaces the AoE covers, no Protection, Hits are Wounds (L1985, spec 7.6.2)', () => {
  const s = only(fresh('M5'), { fortune: '0,0,1', babylon: '17,0,1' });
  s.explosions!.pile = { ...s.explosions!.pile, pool: ['L1a'] };
  const mk = { n: 99, at: '6,6,1', marker: null, faceUp: false, turn: 0, statuses: [], by: 'MAYHEM' as const };
  s.explosions!.placed.push(mk);
  detonate(s, mk, localRng('blast'), []);
  const f = s.stack[s.stack.length - 1] as Extract<S['stack'][number], { t: 'explosion' }>;
  assert.deepEqual(f.targets.filter((t) => t.ddd), [{ unit: '', centre: false, ddd: 'hellTower' }], 'the Hell Tower on 7-8,6-7: one target');
  const events: GameEvent[] = [];
  advanceBlast(s, f, () => scriptedRng([5, 6, 8, 11]), events);
  const roll = events.find((e) => e.type === 'dice_rolled' && (e.data as { ddd?: string }).ddd === 'hellTower');
  assert.deepEqual((roll!.data as { dice: string[] }).dice, ['red', 'red', 'red', 'red'], 'no Protection or other modifier on the 4 dice');
  assert.equal(s.ddds!.find((d) => d.id === 'hellTower')!.wounds, 2, 'two Hits, two Wounds');
});

test('#61 Large Units: a position (analysis) puts the Golem on 2×2 Outside spaces that no other unit stands on', () => {
  const base = fresh('M6');
  base.eventMarkers = []; // M6's Event Markers are beyond the position format (fromPosition keeps the base's)
  const pos = agentsPosition.toPosition(base) as { units: Record<string, { at: string | null }> };
  assert.ok(!isViolation(pos));
  const ok = agentsPosition.fromPosition(structuredClone(pos), fresh('M6'));
  assert.ok(!isViolation(ok));
  const over = structuredClone(pos); over.units.fortune.at = '16,7,1';
  assert.equal((agentsPosition.fromPosition(over, fresh('M6')) as Violation).code, 'space_taken', 'Fortune on one of its spaces');
  const indoor = structuredClone(pos); indoor.units.golem.at = '15,4,1';
  assert.equal((agentsPosition.fromPosition(indoor, fresh('M6')) as Violation).code, 'large_unit_space');
});

test('#61 board picture: a Large Unit is outlined over its 2×2 footprint (render.ts)', () => {
  const s = fresh('M6');
  const svg = rs.render!(rs.view(s, 0), { seat: 0 } as never);
  assert.match(svg, /<rect data-large="golem"[^>]*width="76"[^>]*height="76"/);
  assert.ok(!svg.includes('data-large="babylon"'));
});

test('#61 #65 Large Units and the Tile trigger: the Golem stepping so that only its east spaces enter a Tile triggers that Tile\'s LEGION marker (every space of the 2×2 footprint is on the map, L1913-1917)', () => {
  // Tile 1 runs x 6-11, Tile 2 x 12-17 on M6's map. A LEGION Tile marker on Tile 2 (13,0,1); LEGION has no Event numbers in M6, so a triggered marker is drawn empty and goes.
  const at = (s: S, golem: string) => { s.eventMarkers = [{ side: 'LEGION', at: '13,0,1' }]; return activeBoard(only(s, { golem, fortune: '0,7,1' }), 'golem'); };
  const stomp = (s: S) => answer(s, { type: 'act', unit: 'golem', action: 'stomp' }).s;
  // From 10,6,1 (footprint x 10-11, Tile 1) one step east: its north-west space 11,6,1 stays on Tile 1, its east spaces 12,6-7,1 enter Tile 2.
  const east = answer(stomp(at(fresh('M6'), '10,6,1')), { type: 'move', unit: 'golem', to: '11,6,1', facing: 'E' }).s;
  assert.deepEqual(golemAt(east), ['11,6,1', '11,7,1', '12,6,1', '12,7,1']);
  assert.equal(east.eventMarkers!.length, 0, 'the marker on Tile 2 was triggered (and, with no LEGION number, removed)');
  // Control: a step north keeps the footprint on Tile 1: no trigger.
  const north = answer(stomp(at(fresh('M6'), '10,6,1')), { type: 'move', unit: 'golem', to: '10,5,1', facing: 'N' }).s;
  assert.equal(north.eventMarkers!.length, 1, 'no space entered Tile 2: the marker stays');
  // Already on Tile 2 with its east spaces: stepping further in enters no new Tile, no trigger.
  const further = answer(stomp(at(fresh('M6'), '11,6,1')), { type: 'move', unit: 'golem', to: '12,6,1', facing: 'E' }).s;
  assert.equal(further.eventMarkers!.length, 1, 'part of the Golem stood on Tile 2 before the step: the marker stays');
});
