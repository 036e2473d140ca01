// Checklist item #91, building rooms (floor plans, §3.2 item 3, S p.13): figures in the same room see
// each other; between rooms only through an interior opening; moves between rooms only through one;
// the firing limit per opening; units inside identified by room; floor plans checked at load.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, fastAndDirty, localRng, seats, setup, shootAt, squad, tryAct, unitOf } from './helpers.js';
import { applyEntry, resultOf, setupGame, type KState } from '../../../src/engine/kernel.js';
import { randomEntry } from '../../../src/engine/playout.js';
import { entryRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { pathCost, segmentBlock } from '../../../src/games/fast-and-dirty/geometry.js';
import { query } from '../../../src/games/fast-and-dirty/query.js';
import { describe } from '../../../src/games/fast-and-dirty/describe.js';
import { loadContent } from '../../../src/games/fast-and-dirty/content.js';
import { innerWalls, placeOf, roomOf } from '../../../src/games/fast-and-dirty/rules/buildings.js';
import { living, type Feature, type S } from '../../../src/games/fast-and-dirty/state.js';
import { pointSegmentDistance, type Pt } from '../../../src/engine/mech/geom2d.js';
import weaponsJson from '../../../src/games/fast-and-dirty/data/weapons.json' with { type: 'json' };
import armourJson from '../../../src/games/fast-and-dirty/data/armour.json' with { type: 'json' };
import scenariosJson from '../../../src/games/fast-and-dirty/data/scenarios.json' with { type: 'json' };

const code = (r: unknown) => (r as { code?: string }).code;
type Op = NonNullable<Feature['openings']>[number];

/**
 * A 10" square building (x 10"-20", y 10"-20") split into rooms west (x < 15") and east (x > 15"),
 * a window on the south wall of the west room (x 11"-13"), and the given interior openings on the
 * wall x = 15" between them. With `rooms` false: the same building with no floor plan.
 */
function house(inner: Op[], rooms = true): Feature {
  return {
    id: 'house', kind: 'area', points: [[1000, 1000], [2000, 1000], [2000, 2000], [1000, 2000]], move: 'open', cover: 'hard', los: 'block', height: 300,
    openings: [{ a: [1100, 1000], b: [1300, 1000], kind: 'window' }, { a: [2000, 1400], b: [2000, 1600], kind: 'window' }],
    ...(rooms ? {
      rooms: [{ id: 'west', points: [[1000, 1000], [1500, 1000], [1500, 2000], [1000, 2000]] }, { id: 'east', points: [[1500, 1000], [2000, 1000], [2000, 2000], [1500, 2000]] }],
      interiorOpenings: inner,
    } : {}),
  };
}
/** An interior door (or window) on the wall x = 15" from y = 14" to 16". */
const door = (kind: Op['kind'] = 'door', barred = false): Op => ({ a: [1500, 1400], b: [1500, 1600], kind, ...(barred ? { barred } : {}) });

/** Whether p→q meets the line `axis` = c with its other coordinate in [lo, hi] (exact on integers). */
function crossIn(p: Pt, q: Pt, axis: 0 | 1, c: number, lo: number, hi: number): boolean {
  if ((p[axis] - c) * (q[axis] - c) > 0) return false;
  const o = 1 - axis, den = q[axis] - p[axis];
  if (den === 0) return lo <= p[o] && p[o] <= hi || lo <= q[o] && q[o] <= hi;
  const num = p[o] * den + (q[o] - p[o]) * (c - p[axis]);
  return den > 0 ? lo * den <= num && num <= hi * den : hi * den <= num && num <= lo * den;
}

function scene(name: string, terrain: Feature[], a: Pt[], b: Pt[]): S {
  return craft({ name, active: 'A1', terrain, units: [
    { id: 'A1', side: 0, spec: squad('regular', a.length), at: a },
    { id: 'B1', side: 1, spec: squad('regular', b.length), at: b },
  ] });
}

test('#91 building rooms: figures in the same room see each other; in different rooms only through an interior opening on the wall between them (§3.2 item 3)', () => {
  assert.equal(code(tryAct(scene('r-same', [house([])], [[1200, 1200]], [[1400, 1800]]), shootAt('B1'))), undefined, 'same room');
  assert.equal(code(tryAct(scene('r-walled', [house([])], [[1200, 1500]], [[1800, 1500]]), shootAt('B1'))), 'no_line_of_fire', 'west to east, no interior opening');
  assert.equal(code(tryAct(scene('r-door', [house([door()])], [[1200, 1500]], [[1800, 1500]]), shootAt('B1'))), undefined, 'through the interior door');
  // The line from (12", 11") to (18", 11") meets the wall at y = 11", away from the door (14"-16").
  assert.equal(code(tryAct(scene('r-door-miss', [house([door()])], [[1200, 1100]], [[1800, 1100]]), shootAt('B1'))), 'no_line_of_fire', 'the wall beside the door');
  // Out of the west room through the east room's window needs the interior door on the way.
  assert.equal(code(tryAct(scene('r-out-walled', [house([])], [[1200, 1500]], [[2500, 1500]]), shootAt('B1'))), 'no_line_of_fire');
  assert.equal(code(tryAct(scene('r-out-door', [house([door()])], [[1200, 1500]], [[2500, 1500]]), shootAt('B1'))), undefined);
});

test('#91 building rooms: a building without a floor plan is one room, as before (§3.2 item 3)', () => {
  assert.equal(code(tryAct(scene('r-none', [house([], false)], [[1200, 1100]], [[1800, 1100]]), shootAt('B1'))), undefined);
  assert.equal(code(tryAct(scene('r-none-out', [house([], false)], [[1200, 1500]], [[2500, 1500]]), shootAt('B1'))), undefined);
  const s = scene('r-none-move', [house([], false)], [[1200, 1500]], [[4000, 4000]]);
  assert.equal(code(tryAct(s, { type: 'engage', moves: [{ fig: 'A1.1', path: [[1800, 1500]] }], target: null, fireFirst: false })), undefined);
});

test('#91 building rooms: moving from room to room only through an interior opening, a window or barred door a man-high obstacle (§3.2 item 3, S p.13)', () => {
  const move = (name: string, inner: Op[], from: Pt, path: Pt[]) => code(tryAct(scene(name, [house(inner)], [from], [[4000, 4000]]), { type: 'engage', moves: [{ fig: 'A1.1', path }], target: null, fireFirst: false }));
  assert.equal(move('rm-wall', [], [1200, 1500], [[1800, 1500]]), 'impassable', 'no interior opening');
  assert.equal(move('rm-door', [door()], [1200, 1500], [[1800, 1500]]), undefined, '6" through the open door');
  assert.equal(move('rm-beside', [door()], [1200, 1200], [[1800, 1200]]), 'impassable', 'the wall beside the door');
  assert.equal(move('rm-onwall', [door()], [1200, 1200], [[1500, 1200]]), 'impassable', 'onto the wall');
  // Regular: 6". 3" of ground and 3" to climb through the window = 6"; a hundredth more is too far.
  assert.equal(move('rm-window', [door('window')], [1300, 1500], [[1600, 1500]]), undefined);
  assert.equal(move('rm-window-x', [door('window')], [1300, 1500], [[1601, 1500]]), 'beyond_allowance');
  assert.equal(move('rm-barred', [door('door', true)], [1300, 1500], [[1601, 1500]]), 'beyond_allowance');
  assert.equal(move('rm-open', [door()], [1300, 1500], [[1601, 1500]]), undefined);
  assert.equal(move('rm-dogleg', [door()], [1300, 1350], [[1450, 1500], [1700, 1500]]), undefined, 'round to the door');
});

test('#91 building rooms: at most 2 small-arms figures fire through one interior opening (§3.2 item 3)', () => {
  // Four rifles at x = 13" (y 13.35"-16.65") fire at B1 in the east room (18", 15"): every line meets the door (14"-16").
  const a: Pt[] = [[1300, 1335], [1300, 1445], [1300, 1555], [1300, 1665]];
  const fire = (name: string, inner: Op[]) => evOf(act(scene(name, [house(inner)], a, [[1800, 1500]]), shootAt('B1'), Array(20).fill(0)).events, 'shot')[0];
  assert.equal(fire('rf-one', [door()]).firers.length, 2, 'one interior door: 2 of the 4 fire');
  // Two doors, y 13.5"-16" and 16.01"-17": the lowest rifle's lines meet the second as well, and it fires when the first is full.
  assert.equal(fire('rf-two', [{ a: [1500, 1350], b: [1500, 1600], kind: 'door' }, { a: [1500, 1601], b: [1500, 1700], kind: 'door' }]).firers.length, 3);
});

test('#91 building rooms: units inside are identified by room (the los and cover queries, the collapse rolls) ([P] §3.2 item 3)', () => {
  const s = scene('r-place', [house([door()])], [[1200, 1500]], [[1800, 1500]]);
  const v = fastAndDirty.view(s, 0);
  assert.deepEqual(query(v, 'los', { from: 'A1.1', to: 'B1.1' }), { visible: true, fromIn: { building: 'house', room: 'west' }, toIn: { building: 'house', room: 'east' } });
  assert.deepEqual(query(v, 'cover', { fig: 'B1.1' }), { position: 'hard', in: { building: 'house', room: 'east' } });
  const none = scene('r-place-none', [house([], false)], [[1200, 1500]], [[2500, 1500]]);
  assert.deepEqual(query(fastAndDirty.view(none, 0), 'los', { from: 'A1.1', to: 'B1.1' }), { visible: true, fromIn: { building: 'house' } });
  assert.deepEqual(placeOf(none.terrain, [2500, 1500]), null);
});

test('#91 building rooms: a collapse names each figure\'s room in its roll ([P] §3.2 item 3)', () => {
  const relay: Feature = { ...house([door()]), id: 'relay', kind: 'structure', status: 'intact' };
  const s = craft({ name: 'r-collapse', active: 'A1', terrain: [relay], victory: { kind: 'demolition', attacker: 0, target: 'relay' }, units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 2), demolition: { charges: 1 } }, at: [[1300, 300], [1520, 300]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: [[1200, 1500], [1800, 1500]] },
  ] });
  const d = unitOf(s, 'A1').demolition!;
  d.rigged = 'yes';
  d.riggedAt = [1300, 1000];
  const r = act(s, { type: 'command', demolition: { act: 'detonate', fig: 'A1.1' }, target: null }, [2, 2, 0, 3, 2]);
  const rolls = r.events.filter((e) => e.type === 'passenger_survival');
  assert.deepEqual(rolls.map((e) => (e.data as Record<string, unknown>).room), ['west', 'east']);
  assert.deepEqual(rolls.map((e) => describe(fastAndDirty.view(r.s, 0), e)), ['B1.1 in relay, room west rolls 4: killed', 'B1.2 in relay, room east rolls 3: unhurt']);
});

test('#91 building rooms: brute force, the LOS and the moves of a two-room layout against a hand computation (§3.2 item 3)', () => {
  const s = scene('r-brute', [house([door()])], [[4000, 4000]], [[4500, 4500]]);
  const u = unitOf(s, 'A1');
  const xs = [1050, 1230, 1370, 1620, 1810, 1950], ys = [1080, 1310, 1520, 1770, 1930];
  const pts: Pt[] = [...xs.flatMap((x) => ys.map((y) => [x, y] as Pt)), ...[450, 1170, 1640, 2450].flatMap((x) => [[x, 300], [x, 720]] as Pt[])];
  const roomOf = (p: Pt) => (p[1] < 1000 ? 'out' : p[0] < 1500 ? 'west' : 'east');
  const viaDoor = (p: Pt, q: Pt) => crossIn(p, q, 0, 1500, 1400, 1600);
  // In from the south (every outside point is south of the building): by the west room's south
  // window or the east room's east window (the west wall has none), then through the door if the
  // room is the other one.
  const fromOutside = (o: Pt, i: Pt): boolean => {
    const entry = crossIn(o, i, 1, 1000, 1100, 1300) ? 'west' : crossIn(o, i, 0, 2000, 1400, 1600) ? 'east' : null;
    return !!entry && (entry === roomOf(i) || viaDoor(o, i));
  };
  const clear = (p: Pt, q: Pt): boolean => {
    const a = roomOf(p), b = roomOf(q);
    if (a === b) return true;
    if (a === 'out') return fromOutside(p, q);
    if (b === 'out') return fromOutside(q, p);
    return viaDoor(p, q);
  };
  let n = 0;
  for (const p of pts) for (const q of pts) {
    if (p === q) continue;
    const want = clear(p, q);
    assert.equal(segmentBlock(s, p, q, { fire: false, observerUnit: u, targetUnit: null }) === null, want, `LOS ${p} → ${q}`);
    assert.equal(!('blocked' in pathCost(s, [p, q])), want, `move ${p} → ${q}`);
    n++;
  }
  assert.ok(n > 1000);
});

test('#91 building rooms: floor plans are checked at load (rooms inside the outline, not overlapping, filling it, interior openings on a shared wall)', () => {
  const load = (edit: (f: Record<string, any>) => void) => {
    const raw = structuredClone(scenariosJson) as any;
    edit(raw.scenarios.find((x: any) => x.id === 'demolition-raid').extraTerrain.find((f: any) => f.id === 'relay-station'));
    return () => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: raw });
  };
  assert.doesNotThrow(load(() => {}));
  assert.throws(load((f) => { f.rooms[0].points[0] = [2100, 3300]; }), /room hall is not inside the building's outline/);
  assert.throws(load((f) => { f.rooms[0].points[2] = [2600, 3600]; f.rooms[0].points[3] = [2200, 3600]; }), /rooms hall and control overlap/);
  assert.throws(load((f) => { f.rooms[0].points[2] = [2600, 3500]; f.rooms[0].points[3] = [2200, 3500]; }), /the rooms do not fill the building/);
  assert.throws(load((f) => { f.interiorOpenings[0].a = [2350, 3500]; f.interiorOpenings[0].b = [2450, 3500]; }), /interior opening 0 is not on a wall between two rooms/);
  assert.throws(load((f) => { f.interiorOpenings[0].a = [2200, 3350]; f.interiorOpenings[0].b = [2200, 3450]; }), /interior opening 0 is not on a wall between two rooms/, 'on the outline');
  assert.throws(load((f) => { f.rooms[1].id = 'hall'; }), /room ids repeat/);
  assert.throws(load((f) => { delete f.rooms; }), /interiorOpenings without rooms/);
  assert.throws(load((f) => { f.rooms[1].points = [[2200, 3550], [2600, 3550]]; }), /data\/scenarios\.json/, 'a room of two points fails the schema');
});

test('#91 building rooms on a stock map: Demolition Raid\'s relay station has a hall and a control room with a door between', () => {
  const s = setup('demolition-raid');
  const st = s.terrain.find((f) => f.id === 'relay-station')!;
  assert.deepEqual(st.rooms!.map((r) => r.id), ['hall', 'control']);
  assert.deepEqual(placeOf(s.terrain, [2400, 3400]), { building: 'relay-station', room: 'hall' });
  assert.deepEqual(placeOf(s.terrain, [2400, 3650]), { building: 'relay-station', room: 'control' });
  // The board picture draws and names the rooms.
  const svg = String(fastAndDirty.render!(fastAndDirty.view(s, 0), { seat: 0 } as never));
  assert.match(svg, /data-room="relay-station\/hall"[^>]*><title>relay-station, room hall<\/title>/);
  assert.match(svg, /data-room="relay-station\/control"[^>]*><title>relay-station, room control<\/title>/);
});

test('#91 building rooms: random legal playouts of Demolition Raid with a squad in the relay station: no figure stands in an inner wall, and moves go room to room only through the door', () => {
  let inside = 0, changes = 0;
  for (let i = 0; i < 6; i++) {
    const seed = `fad-rooms-${i}`;
    const made = setupGame(fastAndDirty, { scenario: 'demolition-raid', seats, options: {} }, entryRng(seed, seed, 0));
    assert.ok(!isViolation(made));
    let k: KState<S> = (made as { k: KState<S> }).k;
    // The Picket Squad starts in the relay station round the inner door: three in the hall, the others in the control room.
    const spots: Pt[] = [[2300, 3480], [2500, 3480], [2400, 3400], [2300, 3630], [2500, 3630], [2400, 3670]];
    const picket = k.s.units.find((u) => u.name === 'Picket Squad')!;
    living(picket).forEach((f, j) => { f.at = spots[j]; });
    const st = k.s.terrain.find((f) => f.id === 'relay-station')!;
    const walls = innerWalls(st);
    const rng = localRng(seed);
    for (let n = 0; n < 2000 && !resultOf(fastAndDirty, k); n++) {
      const before = new Map(k.s.units.flatMap((u) => living(u).map((f) => [f.id, f.at] as const)));
      const e = randomEntry(fastAndDirty, k, rng);
      const r = applyEntry(fastAndDirty, k, e, entryRng(seed, seed, k.seq + 1));
      assert.ok(!isViolation(r), `${seed} entry ${n}`);
      k = (r as { k: KState<S> }).k;
      const moves = ((e as { action?: { moves?: { fig: string; path: Pt[] }[] } }).action?.moves) ?? [];
      for (const u of k.s.units) for (const f of living(u)) {
        if (f.exited || u.embarked) continue;
        const onWall = walls.some(([c, d]) => pointSegmentDistance(f.at, c, d) === 0);
        assert.ok(!onWall || st.interiorOpenings!.some((op) => pointSegmentDistance(f.at, op.a, op.b) === 0), `${seed} entry ${n}: ${f.id} at ${f.at} stands in a wall`);
        const was = before.get(f.id), now = roomOf(st, f.at);
        if (now) inside++;
        if (!was || !now || !roomOf(st, was) || roomOf(st, was) === now) continue;
        if (moves.some((x) => x.fig === f.id)) changes++;
      }
      // Every ordered path meets the inner wall (y = 35.5", x 22"-26") only at the door (x 23.5"-24.5").
      for (const m of moves) {
        const path = [before.get(m.fig), ...m.path];
        if (!path[0]) continue;
        for (let j = 0; j + 1 < path.length; j++) {
          const [a, b] = [path[j]!, path[j + 1]!];
          if (crossIn(a, b, 1, 3550, 2200, 2600)) assert.ok(crossIn(a, b, 1, 3550, 2350, 2450), `${seed} entry ${n}: ${m.fig} through the wall ${JSON.stringify(path)}`);
        }
      }
    }
  }
  assert.ok(inside > 0, 'figures stood in the relay station');
  assert.ok(changes > 0, 'figures went from room to room');
});
