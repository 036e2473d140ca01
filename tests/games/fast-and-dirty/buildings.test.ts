// Checklist item #91 (buildings: openings, firing limit per opening, §3.2 item 3, S p.13).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, row, setup, shootAt, squad, tryAct, unitOf } from './helpers.js';
import { firePlan, moveProblem } from '../../../src/games/fast-and-dirty/legal.js';
import { isBuilding } from '../../../src/games/fast-and-dirty/rules/buildings.js';
import type { Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';

const code = (r: unknown) => (r as { code?: string }).code;
type Op = NonNullable<Feature['openings']>[number];
/** A 10" square building (x 10"-20", y 10"-20") with the given openings; hard cover, blocks LOS. */
const house = (openings: Op[]): Feature => ({ id: 'house', kind: 'area', points: [[1000, 1000], [2000, 1000], [2000, 2000], [1000, 2000]], move: 'open', cover: 'hard', los: 'block', height: 300, openings });
/** A window on the south wall (y = 10") from x = `x` to x + `w`. */
const southWindow = (x: number, w = 200): Op => ({ a: [x, 1000], b: [x + w, 1000], kind: 'window' });

function inHouse(name: string, openings: Op[], spec: UnitSpec, at: Pt[], target: Pt[] = [[1500, 300]]): S {
  return craft({ name, active: 'A1', terrain: [house(openings)], units: [
    { id: 'A1', side: 0, spec, at },
    { id: 'B1', side: 1, spec: squad('regular', target.length), at: target },
  ] });
}

test('#91 buildings: figures inside see and are seen only through openings (§3.2 item 3)', () => {
  // A1 stands behind the south window: it fires out through it.
  assert.equal(code(tryAct(inHouse('b-window', [southWindow(1400)], squad('regular', 1), [[1500, 1200]]), shootAt('B1'))), undefined);
  // The same figure with the window on the north wall only: the south wall blocks.
  assert.equal(code(tryAct(inHouse('b-wall', [{ a: [1400, 2000], b: [1600, 2000], kind: 'window' }], squad('regular', 1), [[1500, 1200]]), shootAt('B1'))), 'no_line_of_fire');
  // From outside in: B1 inside behind the window is seen by A1 outside; through the wall it is not.
  const out = (name: string, x: number) => craft({ name, active: 'A1', terrain: [house([southWindow(1400)])], units: [
    { id: 'A1', side: 0, spec: squad('regular', 1), at: [[x, 300]] },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1500, 1200]] },
  ] });
  assert.equal(code(tryAct(out('b-in', 1500), shootAt('B1'))), undefined);
  // From x = 4" the line to B1 crosses the south wall at x ≈ 12.5", outside the window (14"-16").
  assert.equal(code(tryAct(out('b-in-wall', 400), shootAt('B1'))), 'no_line_of_fire');
});

test('#91 buildings: at most 2 small-arms figures fire through one opening (§3.2 item 3)', () => {
  const fire = (name: string, openings: Op[]) => evOf(act(inHouse(name, openings, squad('regular', 4), row(1300, 1200, 4, 150)), shootAt('B1'), Array(20).fill(0)).events, 'shot')[0];
  // The 4 rifles (x 13"-17.5", y 12") fire at B1 (15", 3"): their lines cross the south wall at about 13.4", 14.6", 15.8" and 16.9".
  assert.equal(fire('b-2', [southWindow(1300, 500)]).firers.length, 2, 'one 5" window all four see through: 2 of the 4 rifles fire');
  assert.equal(fire('b-4', [southWindow(1300, 199), southWindow(1501, 299)]).firers.length, 4, 'two windows: all 4');
});

test('#91 buildings: a support weapon takes a whole opening (2 small arms or 1 support weapon) (§3.2 item 3)', () => {
  const fire = (name: string, openings: Op[]) => evOf(act(inHouse(name, openings, squad('regular', 1, { support: 'saw' }), row(1400, 1200, 2, 200)), shootAt('B1'), Array(20).fill(0)).events, 'shot')[0];
  assert.deepEqual(fire('b-sup', [southWindow(1400)]).firers, ['A1.2'], 'one window: the support weapon alone');
  // The rifle (14") and the SAW (16") at y = 12" cross the south wall at about 14.2" and 15.8".
  assert.equal(fire('b-sup2', [southWindow(1400, 99), southWindow(1501, 99)]).firers.length, 2, 'two windows: both');
});

test('#91 buildings: entered only through an opening; a window is a man-high obstacle (3") (§3.2 item 3, S p.13)', () => {
  const s = (name: string, openings: Op[]) => craft({ name, active: 'A1', terrain: [house(openings)], units: [
    { id: 'A1', side: 0, spec: squad('regular', 1), at: [[1500, 800]] },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[500, 5000]] },
  ] });
  const move = (st: S, to: [number, number]) => code(tryAct(st, { type: 'engage', moves: [{ fig: 'A1.1', path: [to] }], target: null, fireFirst: false }));
  assert.equal(move(s('b-enter-wall', []), [1500, 1100]), 'impassable', 'no opening: the wall');
  assert.equal(move(s('b-enter-wall2', [southWindow(1100)]), [1500, 1100]), 'impassable', 'a window elsewhere on the wall');
  // Regular: 6" a move. 2" to the window + 3" to climb through + 1" = 6".
  assert.equal(move(s('b-window-6', [southWindow(1400)]), [1500, 1100]), undefined);
  assert.equal(move(s('b-window-6x', [southWindow(1400)]), [1500, 1101]), 'beyond_allowance');
  // An open door costs nothing extra; a barred door is a man-high obstacle.
  assert.equal(move(s('b-door', [{ a: [1400, 1000], b: [1600, 1000], kind: 'door' }]), [1500, 1400]), undefined, '6" through an open door');
  assert.equal(move(s('b-barred', [{ a: [1400, 1000], b: [1600, 1000], kind: 'door', barred: true }]), [1500, 1400]), 'beyond_allowance');
});

test('#91 buildings: a target figure only a figure left out of the volley sees is not among the visible targets (§3.2 item 3)', () => {
  // Three rifles behind one 6" south window; a wall outside hides B1.2 from A1.1 and A1.2 but not
  // from A1.3, which is the third through the window and does not fire.
  const wall: Feature = { id: 'wall', kind: 'linear', points: [[2000, 550], [2000, 830]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };
  const s = craft({ name: 'b-vis', active: 'A1', terrain: [house([southWindow(1300, 600)]), wall], units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: [[1400, 1200], [1500, 1200], [1700, 1200]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: [[1500, 300], [2300, 500]] },
  ] });
  const plan = firePlan(s, unitOf(s, 'A1'), unitOf(s, 'B1'))!;
  assert.deepEqual(plan.firers.map((f) => f.id), ['A1.1', 'A1.2']);
  assert.deepEqual(plan.visible.map((f) => f.id), ['B1.1']);
  // Without the building limit (window and wall alone, all outside) A1.3 would see B1.2: the wall leaves its line clear.
  const open = craft({ name: 'b-vis-open', active: 'A1', terrain: [wall], units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: [[1400, 1200], [1500, 1200], [1700, 1200]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: [[1500, 300], [2300, 500]] },
  ] });
  assert.deepEqual(firePlan(open, unitOf(open, 'A1'), unitOf(open, 'B1'))!.visible.map((f) => f.id).sort(), ['B1.1', 'B1.2']);
});

test('#91 buildings: a building that is destroyed (the demolition result) collapses: the figures inside roll as passengers of a destroyed transport, 4+ killed, powered armour 5+ (§3.2 item 3, §6.6)', () => {
  const target = (openings?: Op[]): Feature => ({ ...house(openings ?? []), id: 'relay', kind: 'structure', status: 'intact', ...(openings ? {} : { openings: undefined, move: 'impassable' as const }) });
  const mk = (name: string, openings: Op[] | undefined, defender: UnitSpec) => {
    const s = craft({ name, active: 'A1', terrain: [target(openings)], victory: { kind: 'demolition', attacker: 0, target: 'relay' }, units: [
      { id: 'A1', side: 0, spec: { ...squad('regular', 2), demolition: { charges: 1 } }, at: row(1300, 300, 2) },
      { id: 'B1', side: 1, spec: defender, at: [[1300, 1500], [1600, 1500], [1300, 2300]] },
    ] });
    const d = unitOf(s, 'A1').demolition!;
    d.rigged = 'yes';
    d.riggedAt = [1300, 1000];
    return s;
  };
  const boom = { type: 'command' as const, demolition: { act: 'detonate' as const, fig: 'A1.1' }, target: null };
  // Detonation 3D6: two successes (Regular 3+) destroy it; then B1.1 rolls 4 (killed), B1.2 rolls 3 (lives); B1.3 stands outside.
  const r = act(mk('collapse', [southWindow(1400)], squad('regular', 3)), boom, [2, 2, 0, 3, 2]);
  assert.equal(r.s.terrain[0].status, 'destroyed');
  assert.deepEqual(evOf(r.events, 'building_collapsed'), [{ building: 'relay', units: ['B1'] }]);
  assert.deepEqual(evOf(r.events, 'passenger_survival').map((e) => [e.figure, e.roll, e.killed]), [['B1.1', 4, true], ['B1.2', 3, false]]);
  assert.deepEqual(unitOf(r.s, 'B1').figures.map((f) => f.alive), [false, true, true]);
  // Powered armour: killed only on 5+.
  const pa = act(mk('collapse-pa', [southWindow(1400)], squad('regular', 3, { armour: 'heavyPower' })), boom, [2, 2, 0, 3, 4]);
  assert.deepEqual(unitOf(pa.s, 'B1').figures.map((f) => f.alive), [true, false, true]);
  // A structure without openings is no building: nothing collapses on anyone.
  const solid = mk('collapse-solid', undefined, squad('regular', 3));
  unitOf(solid, 'B1').figures.forEach((f, i) => { f.at = [2500 + 220 * i, 2500]; });
  const n = act(solid, boom, [2, 2, 0]);
  assert.equal(n.s.terrain[0].status, 'destroyed');
  assert.equal(evOf(n.events, 'building_collapsed').length, 0);
});

test('#91 buildings on a stock map: Demolition Raid\'s relay station is a building with a barred door, a door and two windows, entered only through them', () => {
  const s = setup('demolition-raid');
  const st = s.terrain.find((f) => f.id === 'relay-station')!;
  assert.ok(isBuilding(st));
  assert.deepEqual(st.openings!.map((o) => o.kind), ['door', 'door', 'window', 'window']);
  const u = s.units.find((x) => x.id === 'B2')!;
  const f = u.figures[0];
  f.at = [2400, 3850];
  u.figures.slice(1).forEach((g, i) => { g.at = [3000 + 220 * i, 4500]; });
  const door = moveProblem(s, u, [{ fig: f.id, path: [[2400, 3600]] }], { mode: 'move' });
  assert.ok('end' in door || door.code === 'incoherent', 'in through the north door');
  const wall = moveProblem(s, u, [{ fig: f.id, path: [[2250, 3850], [2250, 3600]] }], { mode: 'move' });
  assert.ok('code' in wall && wall.code !== 'incoherent', 'not through the wall');
});
