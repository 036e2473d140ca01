// Checklist item [full] #65: Event Box effects other than VP. The source's sample Event: "Agent,
// It seems you triggered a trap that put force fields on the doors and stairs. You will have to
// destroy the generator on the roof to bring them down. Place a OM on the top most Level of this
// building. Until the OM is destroyed, Agents cannot leave or enter the room. The OM takes 2 Hits
// to destroy." (L1835-1839); "Remove an Event Marker after it is Triggered unless specified not to"
// (L1856). Event content of Mission 6 (provisional data): MAYHEM Area Event Markers inside the
// Warehouse (7,4,1; Tile 7, x 7-9 y 2-4, its door on the north edge of 8,2, stairs 9,4 up to the
// roof) and the tower's ground floor (14,2,1; Tile 2, x 13-16 y 2-5, doors west of 13,3, south of
// 14,5, east of 16,4, stairs 13,2 up); LEGION's book: MAYHEM 1 the force-field trap (OM 5 on the
// top most Level above the marker, LEGION's, 2 Hits, locking the marker's room to MAYHEM) and the
// LEGION Event Card (the Event deck's one card, drawn at the start of Round 2: a face-down
// Explosion with Stunned on the Warehouse roof, 8,3,2); MAYHEM's book: MAYHEM 2 Spare parts (1 VP).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { CONTENT, loadContent } from '../../../src/games/agents-of-mayhem/content.js';
import { area, reachAll } from '../../../src/games/agents-of-mayhem/geometry.js';
import { drawEventDeck } from '../../../src/games/agents-of-mayhem/rules/events.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import { startVehicleTurn } from '../../../src/games/agents-of-mayhem/rules/vehicles.js';
import { map, type Vehicle } from '../../../src/games/agents-of-mayhem/state.js';
import boards from '../../../src/games/agents-of-mayhem/data/boards.json' with { type: 'json' };
import dice from '../../../src/games/agents-of-mayhem/data/dice.json' with { type: 'json' };
import refresh from '../../../src/games/agents-of-mayhem/data/refresh.json' with { type: 'json' };
import tiles from '../../../src/games/agents-of-mayhem/data/tiles.json' with { type: 'json' };
import missions from '../../../src/games/agents-of-mayhem/data/missions.json' with { type: 'json' };
import type { GameEvent } from '../../../src/engine/types.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, rs, until } from './helpers.js';

const WAREHOUSE = ['7', '8', '9'].flatMap((x) => ['2', '3', '4'].map((y) => `${x},${y},1`));
const TOWER = ['13', '14', '15', '16'].flatMap((x) => ['2', '3', '4', '5'].map((y) => `${x},${y},1`));
const NOTHING = [11, 11, 11, 11]; // four red Specials: no Hit, no Push
const to = (s: S) => cands(s).map((a) => (a as { to: string | null }).to);

/**
 * Fortune sprints into the Warehouse (by its door, 8,0,1 to 8,2,1) or the tower (11,3,1 to 13,3,1)
 * on MAYHEM's Turn and triggers that room's marker, its number drawn with the scripted pick
 * `pick` (index into MAYHEM's numbers [1, 2]: 0 the trap); then the other units are put in place.
 */
function trap(at: Record<string, string> = {}, into: '8,2,1' | '13,3,1' = '8,2,1', pick = 0): { s: S; ev: GameEvent[] } {
  const s = activeBoard(only(fresh('M6'), { babylon: '0,7,1', fortune: into === '8,2,1' ? '8,0,1' : '11,3,1' }), 'fortune');
  const sprint = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  const st = answer(sprint.s, { type: 'move', unit: 'fortune', to: into, facing: 'S' }, [pick]);
  st.s.slots[0].mp = null;
  for (const [u, k] of Object.entries(at)) st.s.units[u].at = k;
  return st;
}
const unlocked = (s: S) => { for (const o of s.oms) delete o.lock; return s; };

function withVehicle(s: S, v: Partial<Vehicle> & Pick<Vehicle, 'id' | 'side' | 'front' | 'back' | 'facing'>): S {
  (s.vehicles ??= []).push({ wounds: 0, driven: false, used: 0, backwards: false, since: null, ...v });
  startVehicleTurn(s);
  return s;
}
function faceDown(s: S, at: string, by: 'MAYHEM' | 'LEGION' = 'LEGION'): S {
  const ex = s.explosions!;
  ex.placed.push({ n: ex.next++, at, marker: null, faceUp: false, turn: s.turnNo - 1, statuses: [], by });
  return s;
}
function faceUp(s: S, at: string, marker: string): S {
  const ex = s.explosions!;
  ex.pile = { ...ex.pile, pool: ex.pile.pool.filter((x) => x !== marker) };
  ex.placed.push({ n: ex.next++, at, marker, faceUp: true, turn: s.turnNo - 1, statuses: [], by: 'LEGION' });
  return s;
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
type Box = { n: number; marker: string; card?: boolean; effect: Record<string, unknown> };
type M = { id: string; oms: { at: number[] }[]; events: { markers: { side: string; at: number[]; trigger?: string }[]; boxes: Record<string, Box[]> } };
const m6 = (all: { missions: unknown[] }) => (all.missions as M[]).find((m) => m.id === 'M6')!;
const load = (all: unknown) => loadContent({ boards, dice, refresh, tiles, missions: all as typeof missions });

test('#65 Event Box effect from a marker, the sample Event: its OM goes on the top most Level above the triggered marker ("this building"), Targetable, and locks the marker\'s own room; read out to all, the marker gone', () => {
  const w = trap();
  const said = ev(w, 'event_triggered')[0];
  assert.equal(said.n, 1); assert.equal(said.book, 'LEGION'); assert.equal(said.at, '7,4,1'); assert.equal(said.by, 'fortune');
  assert.deepEqual(ev(w, 'om_placed'), [{ om: '5', at: '7,4,2', control: 'LEGION', hits: 2, lock: { side: 'MAYHEM', room: 'in:1:1' } }], 'the Warehouse roof; its ground floor locked');
  assert.deepEqual(w.s.eventMarkers, [{ side: 'MAYHEM', at: '14,2,1', trigger: 'area' }]);
  assert.ok(w.ev.filter((e) => e.type === 'event_triggered' || e.type === 'om_placed').every((e) => [undefined, 'all'].includes((e as { to?: unknown }).to as string)), 'public once triggered');
  // The same Box from the tower's marker: the tower roof above it, the tower's ground floor locked.
  const t = trap({}, '13,3,1');
  assert.deepEqual(ev(t, 'om_placed'), [{ om: '5', at: '14,2,3', control: 'LEGION', hits: 2, lock: { side: 'MAYHEM', room: 'in:2:1' } }]);
  const inside = [...reachAll(t.s, t.s.units.fortune, 12).keys()];
  assert.ok(inside.length > 1 && inside.every((k) => TOWER.includes(k)), `Fortune is held in the tower's ground floor: ${inside.join(' ')}`);
  // The other number is MAYHEM's own Box (1 VP): no OM, no lock.
  const vp = trap({}, '8,2,1', 1);
  assert.equal(ev(vp, 'event_triggered')[0].book, 'MAYHEM');
  assert.equal(vp.s.vp.MAYHEM, 1);
  assert.ok(!vp.s.oms.some((o) => o.id === '5'));
  // The Box is LEGION's secret until then: MAYHEM's seat never read it.
  const s = fresh('M6');
  assert.ok(!JSON.stringify(rs.view(s, 0)).includes('Force field trap') && JSON.stringify(rs.view(s, 1)).includes('Force field trap'));
  assert.ok(!JSON.stringify(rs.view(s, 0)).includes('Demolition charge') && !JSON.stringify(rs.view(s, 1)).includes('Spare parts'));
});

test('#65 #31 the room lock holds against Pushes: a unit of the locked Side is not pushed out of or into the room (a space across the force field is no space to go to, so the same-distance fallback applies); the other Side is pushed through', () => {
  // Out: the Swarm Trooper inside (8,3,1) knives Fortune at the door (8,2,1): P, P.
  let s = activeBoard(trap({ 'swarm-1': '8,3,1' }).s, 'alpha');
  s.boards.fortune.cubes.focus = 0; // no Dash, no Block
  const out = (x: S) => answer(x, { type: 'act', unit: 'swarm-1', action: 'knives', target: '8,2,1' }, [8, 9]).s;
  assert.equal(kind(out(s)), 'push');
  assert.deepEqual(to(out(s)), [null, '7,2,1', '7,3,1', '9,2,1', '9,3,1'], 'not 8,1,1 through the door: the same distance instead');
  assert.deepEqual(to(out(unlocked(structuredClone(s)))), [null, '8,1,1'], 'with the lock lifted: out through the door');
  // In: Fortune outside the door (8,1,1), the Swarm Trooper north of her (8,0,1).
  s = activeBoard(trap({ fortune: '8,1,1', 'swarm-1': '8,0,1' }).s, 'alpha');
  s.boards.fortune.cubes.focus = 0;
  assert.deepEqual(to(answer(s, { type: 'act', unit: 'swarm-1', action: 'knives', target: '8,1,1' }, [8, 9]).s), [null, '7,0,1', '7,1,1', '9,0,1', '9,1,1']);
  // LEGION units are not held: Fortune, inside, pushes the Swarm Trooper out through the door.
  s = activeBoard(trap({ fortune: '8,3,1', 'swarm-1': '8,2,1' }).s, 'fortune');
  s.boards.alpha.cubes.focus = 0;
  const st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '8,2,1' }, [8, 9]);
  assert.deepEqual(to(st.s), [null, '8,1,1']);
  assert.equal(answer(st.s, { type: 'push', to: '8,1,1' }).s.units['swarm-1'].at, '8,1,1');
});

test('#65 #56 the room lock holds against an explosion\'s Push (chosen by the Side that placed the marker)', () => {
  const s = trap().s;
  s.boards.fortune.cubes.focus = 0;
  faceDown(s, '8,4,1'); // LEGION's, due this Refresh Phase; pile index 0: L1a (4 red d12, AoE 2)
  // The Explosive Object 8,3,1 first (nothing), then Fortune at 8,2,1: one P.
  const st = answer(s, { type: 'end' }, [0, ...NOTHING, 8, 11, 11, 11]);
  assert.equal(kind(st.s), 'push');
  assert.equal(rs.pending(st.s)[0].seat, 1, 'LEGION pushes');
  assert.deepEqual(to(st.s), [null, '7,2,1', '9,2,1'], 'not out through the door (8,1,1): the same distance from 8,4,1');
});

test('#65 #76 vehicles: a rider of the locked Side is not carried across the force field; a Ram does not push a locked unit across it', () => {
  // The MAYHEM car at the door facing south, Fortune riding on its front half: it may not drive in.
  const s = withVehicle(trap({ fortune: '8,1,1' }).s, { id: 'mayhem-car', side: 'MAYHEM', front: '8,1,1', back: '8,0,1', facing: 'S' });
  const fwd = { type: 'drive', vehicle: 'mayhem-car', move: 'forward' } as never;
  assert.equal(rs.validate(s, 0, rs.pending(s)[0], fwd)?.code, 'locked');
  assert.ok(!cands(s).some((a) => a.type === 'drive' && a.move === 'forward'));
  assert.equal(rs.validate(unlocked(structuredClone(s)), 0, rs.pending(s)[0], fwd), null, 'open once the generator is down');
  // The LEGION APC inside, a Swarm Trooper on it, drives north into Fortune at the door: pushed farther from 8,3,1 but not out.
  const r = withVehicle(activeBoard(trap({ 'swarm-1': '8,4,1' }).s, 'alpha'), { id: 'legion-apc', side: 'LEGION', front: '8,3,1', back: '8,4,1', facing: 'N' });
  const ram = answer(r, { type: 'drive', vehicle: 'legion-apc', move: 'forward' } as never);
  assert.equal(kind(ram.s), 'ram_push');
  assert.deepEqual(to(ram.s), ['7,2,1', '7,3,1', '9,2,1', '9,3,1']);
  const open = answer(unlocked(structuredClone(r)), { type: 'drive', vehicle: 'legion-apc', move: 'forward' } as never);
  assert.deepEqual(ev(open, 'pushed'), [{ unit: 'fortune', to: '8,1,1' }], 'with the lock lifted the one space left is out through the door');
});

test('#65 #59 collapse: a room that still stands keeps its lock and the units displaced from the collapsed Level land Outside on the Destroyed Level, never in it; a collapse that takes the room away lifts its lock', () => {
  // The tower trap (lock on the ground floor, OM 5 on the roof 14,2,3); Hardtack on the roof above a Hell Trooper.
  const base = () => {
    const s = trap({ hardtack: '14,3,3', 'hell-1': '14,3,2' }, '13,3,1').s;
    s.boards.hardtack.cubes.focus = 0; s.boards.fortune.cubes.focus = 0; s.boards.alpha.cubes.focus = 0;
    return s;
  };
  const s = base();
  faceUp(s, '13,2,2', 'L3a'); faceUp(s, '16,5,2', 'L3b'); faceUp(s, '15,4,3', 'M3a');
  faceDown(s, '13,5,3'); // L1a (1): 10, the roof goes, 1 left
  let st = answer(s, { type: 'end' }, [0, ...NOTHING, ...NOTHING]);
  assert.deepEqual(ev(st, 'building_collapsed').map((d) => d.level), [3]);
  assert.deepEqual(ev(st, 'lock_lifted'), [], 'the ground floor is still a room (the Destroyed tile is its ceiling)');
  assert.deepEqual(st.s.oms.find((o) => o.id === '5'), { id: '5', at: '14,2,2', control: 'LEGION', hits: 2, lock: { side: 'MAYHEM', room: 'in:2:1' } }, 'the generator came down with the roof');
  assert.equal(kind(st.s), 'displace');
  const m = map(st.s);
  assert.ok(to(st.s).length > 0 && to(st.s).every((k) => k!.endsWith(',2') && area(m, m.cells[k!]) === 'out'), 'Hardtack lands Outside on the Destroyed Level');
  st = answer(st.s, { type: 'displace', to: '13,3,2' }, [...NOTHING, ...NOTHING]);
  assert.ok([...reachAll(st.s, st.s.units.fortune, 12).keys()].every((k) => TOWER.includes(k)), 'Fortune is still held');
  assert.ok(![...reachAll(st.s, st.s.units.hardtack, 12).keys()].some((k) => TOWER.includes(k)), 'Hardtack cannot come down the stairs into it');
  // Cascade to the ground (Fortune alone in the tower): Level 2 goes too, the Destroyed tile lies on the room, open to the sky: the lock is lifted.
  const c = trap({}, '13,3,1').s;
  c.boards.fortune.cubes.focus = 0;
  faceUp(c, '13,2,2', 'L3a'); faceUp(c, '16,5,2', 'L3b'); faceUp(c, '15,4,3', 'M3a'); faceUp(c, '14,4,2', 'M2a'); faceUp(c, '14,5,2', 'M2b'); faceUp(c, '13,4,1', 'S2a');
  faceDown(c, '13,5,3'); // L2a: 17 -> 8 -> Level 2 goes
  const t = answer(c, { type: 'end' }, [1, ...NOTHING]); // nobody on Level 3; Fortune on the Destroyed Level 1: nothing
  assert.deepEqual(ev(t, 'building_collapsed').map((d) => d.level), [3, 2]);
  assert.deepEqual(ev(t, 'lock_lifted'), [{ om: '5', room: 'in:2:1', side: 'MAYHEM' }]);
  assert.ok(rs.describe!(rs.view(t.s, null), t.ev.find((e) => e.type === 'lock_lifted')!).includes('no longer held'));
  assert.equal(t.s.oms.find((o) => o.id === '5')!.lock, undefined);
  assert.ok([...reachAll(t.s, t.s.units.fortune, 12).keys()].some((k) => !TOWER.includes(k)), 'Fortune walks off the rubble');
});

test('#65 #55 Event Box effect from an Event Card: a face-down Explosion on the space the Box names, Statuses stacked on it, placed by the book\'s Side; it goes off at the next Turn\'s Refresh start like any marker', () => {
  // The Event deck's one card is drawn at the start of Round 2 (setup step G, mission data): read out to all, the marker placed face down, unseen.
  const r2 = until(fresh('M6'), (x) => x.round === 2);
  assert.deepEqual(ev(r2, 'event_triggered').map((d) => [d.card, d.n, d.book, d.deck]), [['LEGION', 1, 'LEGION', 'event']]);
  assert.deepEqual(r2.s.explosions!.placed.filter((x) => x.at === '8,3,2').map((x) => [x.faceUp, x.marker, x.statuses, x.by]), [[false, null, ['STUNNED'], 'LEGION']]);
  const s = activeBoard(only(fresh('M6'), { fortune: '0,0,1', hardtack: '8,2,2', 'swarm-3': '9,4,2', babylon: '14,4,3' }), 'fortune');
  s.boards.hardtack.cubes.focus = 0; s.boards.alpha.cubes.focus = 0; // no Block
  s.round = 2; s.first = { MAYHEM: true, LEGION: true };
  const out: GameEvent[] = [];
  drawEventDeck(s, scriptedRng([0]), out);
  s.first = { MAYHEM: false, LEGION: false };
  assert.deepEqual(s.explosions!.placed.map((x) => [x.at, x.faceUp, x.marker, x.statuses, x.by]), [['8,3,2', false, null, ['STUNNED'], 'LEGION']]);
  // Due at the next Refresh start: pile index 4, M1a (4 yellow d8, AoE 1): both units on the roof are Stunned, Hit or not.
  s.explosions!.placed[0].turn = s.turnNo - 1;
  const st = answer(s, { type: 'end' }, [4, 7, 7, 7, 7, 7, 7, 7, 7]);
  assert.equal(ev(st, 'explosion')[0].marker, 'M1a');
  assert.deepEqual(st.s.units.hardtack.statuses.map((x) => x.kind), ['STUNNED']);
  assert.deepEqual(st.s.units['swarm-3'].statuses.map((x) => x.kind), ['STUNNED']);
  assert.deepEqual(st.s.explosions!.placed.map((x) => [x.at, x.marker]), [['8,3,2', 'M1a']], 'it lingers on the Warehouse roof (Building Damage)');
});

test('#65 the loader: an Event Card\'s explosion and OM name their spaces (a card has no marker), a room locked by a marker\'s Box needs every marker of its Side Inside, an OM not on a mission OM\'s space, an explosion on the map', () => {
  assert.doesNotThrow(() => load(clone(missions)));
  const card = clone(missions); (m6(card).events.boxes.LEGION[1].effect as { explosion: unknown }).explosion = true;
  assert.throws(() => load(card), /no space to place an Explosion on/);
  const off = clone(missions); (m6(off).events.boxes.LEGION[1].effect as { explosion: unknown }).explosion = { at: [8, 3, 4] };
  assert.throws(() => load(off), /Explosion is off the map/);
  const cardOm = clone(missions); m6(cardOm).events.boxes.LEGION[1].effect = { om: { id: '6', control: 'LEGION', at: [8, 3, 2], hits: 2, lock: { side: 'MAYHEM' } } };
  assert.throws(() => load(cardOm), /no marker to place an OM or lock a room by/);
  const outside = clone(missions); m6(outside).events.markers.push({ side: 'MAYHEM', at: [3, 3, 1] });
  m6(outside).events.boxes.MAYHEM.push({ n: 3, marker: 'MAYHEM', effect: { vp: { side: 'MAYHEM', n: 1 } }, text: 'x' } as Box);
  assert.throws(() => load(outside), /locked room of OM 5 is no Inside space \(a marker of its Side lies Outside\)/);
  const onOm = clone(missions); m6(onOm).oms[2].at = [7, 4, 2];
  assert.throws(() => load(onOm), /would go on a mission OM's space/);
  // Naming the space and the room keeps the Box valid wherever its markers lie.
  const named = clone(missions); m6(named).events.markers.push({ side: 'MAYHEM', at: [3, 3, 1] });
  m6(named).events.boxes.LEGION[0].effect = { om: { id: '5', at: [14, 2, 3], control: 'LEGION', hits: 2, lock: { side: 'MAYHEM', room: [14, 3, 1] } } };
  m6(named).events.boxes.MAYHEM.push({ n: 3, marker: 'MAYHEM', effect: { vp: { side: 'MAYHEM', n: 1 } }, text: 'x' } as Box);
  assert.doesNotThrow(() => load(named));
  assert.ok(CONTENT.missions.M6.events, 'the mission\'s own data is unchanged');
});
