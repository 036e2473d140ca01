// Checklist item #65 (module Mines, §7.15, source p.34): "Any unit that approaches to within 4" of a
// mine must temporarily halt their movement and resolve their encounter with the mine. Roll 1d6.
// If the result is 5+ the unit passes through the minefield without incident and may finish its
// movement. […] If the mine is a dummy it is removed, and the unit may finish its movement. If the
// mine is real, resolve the attack immediately." The markers are met in the order the move reaches
// them; a real field stops the unit (infantry or vehicle) where it came within 4", and the markers
// beyond are not met. Hand-built positions; dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { circlePolygonDistance, dist, type Pt } from '../../../src/engine/mech/geom2d.js';
import { CONTENT } from '../../../src/games/fast-and-dirty/content.js';
import type { GameEvent } from '../../../src/engine/types.js';
import { buildVehicle, hull } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Action, Minefield, S, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, evOf, faces, row, squad, unitOf, vehicleScene } from './helpers.js';

const checks = (r: { events: { type: string; data: unknown }[] }) => r.events.filter((e) => e.type === 'dice_rolled' && (e.data as { purpose?: string }).purpose === 'mine_check').map((e) => (e.data as { minefield: string }).minefield);
/** M2 (listed first) has one marker (11" west of A1.1's line at y 13"), met only where the move ends; M1's real anti-vehicle marker 3" east of A1.3's line at y 11" is met on the way. */
const fields = (): Minefield[] => [
  { id: 'M2', owner: 1, markers: [{ n: 1, at: [700, 1300] }], real: 1, mine: 'ap', revealed: false },
  { id: 'M1', owner: 1, markers: [{ n: 1, at: [1740, 1100] }, { n: 2, at: [4500, 200] }], real: 1, mine: 'av', revealed: false },
];
function road(name: string): S {
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[4500, 4500]] },
  ] });
  s.minefields = fields();
  return s;
}
/** A1 walks 5" north, to y 10". */
const north: Action = { type: 'engage', moves: [1000, 1220, 1440].map((x, i) => ({ fig: `A1.${i + 1}`, path: [[x, 1000]] as Pt[] })), target: null, fireFirst: true };

test('#65 mines: infantry halts where it comes within 4" of a marker; passed (5+) or a dummy, it finishes its move and meets the next marker; a real field stops it there (§7.15)', () => {
  // 5+ twice: M1 is met first (on the way), then M2 (at the end), though M2 is listed first; the move ends at y 10".
  const pass = act(road('mh-pass'), north, faces(5, 6));
  assert.deepEqual(checks(pass), ['M1', 'M2']);
  assert.deepEqual(unitOf(pass.s, 'A1').figures.map((f) => f.at), [[1000, 1000], [1220, 1000], [1440, 1000]]);
  // M1 is real: the unit stops where A1.3 came within 4" of it, every figure as far along its path; M2 is never met.
  const real = act(road('mh-real'), north, faces(1));
  assert.deepEqual(checks(real), ['M1']);
  const figs = unitOf(real.s, 'A1').figures;
  const y = figs[0].at[1];
  assert.ok(y > 500 && y < 1000, `halted on the way (${y})`);
  assert.deepEqual(figs.map((f) => f.at), [[1000, y], [1220, y], [1440, y]]);
  const edge = (at: Pt) => dist(at, [1740, 1100]) - figs[2].r;
  assert.ok(edge(figs[2].at) <= 400 && edge([1440, y - 10]) > 400, 'at the first point within 4"');
  assert.deepEqual(evOf(real.events, 'mine_halt')[0], { unit: 'A1', minefield: 'M1', marker: 1, at: { 'A1.1': [1000, y], 'A1.2': [1220, y], 'A1.3': [1440, y] } });
  // A dummy: removed, the unit finishes its move.
  const d = road('mh-dummy');
  d.minefields[1].real = 2;
  const dummy = act(d, north, faces(2, 5));
  assert.deepEqual(checks(dummy), ['M1', 'M2']);
  assert.equal(unitOf(dummy.s, 'A1').figures[0].at[1], 1000);
});

function vehicle(id: string, side: Side, at: Pt, type: string): Unit {
  const u = buildVehicle({ name: id, vehicle: type, quality: 'regular' }, id, side, at);
  u.vehicle!.heading = 0;
  return u;
}
/** Light tank T at (20", 5") heading north, 7" to (20", 12"); a real anti-vehicle marker 3" east of its path at y 15". */
function tankScene(name: string, real = 1): S {
  const s = vehicleScene(name, { squads: [{ id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4500, 3) }], vehicles: [vehicle('T', 0, [2000, 500], 'lightTank')], active: 'T' });
  s.minefields = [{ id: 'm1', owner: 1, markers: [{ n: 1, at: [2300, 1500] }, { n: 2, at: [4000, 4000] }], real, mine: 'av', revealed: false }];
  return s;
}
const drive: Action = { type: 'drive', speed: 'cautious', path: [[2000, 1200]], heading: 0, fire: [] };

test('#65 #89 mines: a vehicle meeting a real field stops where its hull first came within 4" of the marker, and is attacked there; passed, it finishes its move (§7.15)', () => {
  const r = act(tankScene('vh-real'), drive, faces(1, 4, 3, 1, 3, 5, 1, 1));
  const t = unitOf(r.s, 'T');
  const at = t.figures[0].at;
  assert.equal(at[0], 2000);
  assert.ok(at[1] > 500 && at[1] < 1200, `halted on the way (${at[1]})`);
  assert.ok(circlePolygonDistance([2300, 1500], 0, hull(t)) <= 400);
  assert.ok(circlePolygonDistance([2300, 1500], 0, hull(t, [2000, at[1] - 50], 0)) > 400, 'not 0.5" earlier');
  assert.deepEqual(evOf(r.events, 'mine_halt')[0], { unit: 'T', minefield: 'm1', marker: 1, at, heading: 0 });
  assert.equal(evOf(r.events, 'mine_attack').length, 1, 'attacked there');
  const pass = act(tankScene('vh-pass'), drive, faces(5));
  assert.deepEqual(unitOf(pass.s, 'T').figures[0].at, [2000, 1200]);
  const dummy = act(tankScene('vh-dummy', 2), drive, faces(2));
  assert.deepEqual(unitOf(dummy.s, 'T').figures[0].at, [2000, 1200]);
  assert.equal(evOf(dummy.events, 'mine_halt').length, 0);
});

test('#65 mines: a charge stopped by a real field does not go in: no close assault (§7.15 [P], §6.10)', () => {
  const scene = (name: string) => {
    const s = craft({ name, active: 'A1', units: [
      { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1000, 3) },
    ] });
    s.minefields = [{ id: 'M1', owner: 1, markers: [{ n: 1, at: [1740, 800] }], real: 1, mine: 'av', revealed: false }];
    return s;
  };
  const s = scene('mh-charge');
  const r = unitOf(s, 'A1').figures[0].r + unitOf(s, 'B1').figures[0].r;
  const charge: Action = { type: 'assault', target: 'B1', moves: [1000, 1220, 1440].map((x, i) => ({ fig: `A1.${i + 1}`, path: [[x, 1000 - r]] as Pt[] })) };
  // The defensive free shot (1, 1: one hit, damage 1 against 1, A1.1 killed); the mine check's 1: the real field stops the charge.
  const stopped = act(s, charge, Array(12).fill(0));
  assert.equal(evOf(stopped.events, 'mine_halt').length, 1);
  assert.deepEqual(evOf(stopped.events, 'assault_fizzled')[0], { unit: 'A1', target: 'B1', mine: true });
  assert.equal(stopped.events.filter((e) => e.type === 'dice_rolled' && (e.data as { purpose?: string }).purpose === 'assault').length, 0);
  // The same free shot, then the check's 5 passes: the charge goes in.
  const went = act(scene('mh-charge-pass'), charge, [0, 0, 0, 0, 4, ...Array(40).fill(2)]);
  assert.equal(evOf(went.events, 'mine_passed').length, 1);
  assert.ok(went.events.some((e) => e.type === 'dice_rolled' && (e.data as { purpose?: string }).purpose === 'assault'));
});

test('#65 mines with #43 carrying wounded: a carried wounded figure halts with its carrier, as far along its own path (§7.15, §7.23)', () => {
  // A1 of 4 with A1.4 lying wounded 2.2" east of A1.3, who carries it about 2.5" north (within half the move) to its side; the rest walk 3".
  const s = craft({ name: 'mh-carry', active: 'A1', options: { recoverWounded: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 4), at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[4500, 4500]] },
  ] });
  s.minefields = [{ id: 'M1', owner: 1, markers: [{ n: 1, at: [1660, 1100] }], real: 1, mine: 'ap', revealed: false }];
  const w = unitOf(s, 'A1').figures[3];
  w.alive = false;
  w.wounded = 'wounded';
  const carry: Action = { type: 'engage', target: null, fireFirst: true, carry: [{ by: 'A1.3', fig: 'A1.4' }],
    moves: ([[1000, 800], [1220, 800], [1500, 740], [1640, 740]] as Pt[]).map((at, i) => ({ fig: `A1.${i + 1}`, path: [at] })) };
  const r = act(s, carry, faces(1, 1, 1, 1, 1, 1));
  const figs = unitOf(r.s, 'A1').figures;
  assert.equal(evOf(r.events, 'mine_halt').length, 1);
  const y = figs[2].at[1];
  assert.ok(y > 500 && y < 740, `the carrier halted on the way (${y})`);
  assert.ok(figs[3].at[1] < 740 && dist(figs[3].at, figs[2].at) < 300, `the wounded figure stays beside its carrier, not at the end of its path (${figs[3].at})`);
});

test('#65 #88 mines with shock vehicles: a Shock vehicle halted by a real field short of contact makes no Shock attack; its kill dice would have reached figures within 2" of where it stopped (§7.15, §6.12)', () => {
  // "if the vehicle moves into contact with an infantry squad, it may roll a number of kill dice" (p.22): the attack goes from where the move ended.
  (CONTENT.vehicles as Record<string, unknown>).mhShock = { ...CONTENT.vehicles.lightTank, id: 'mhShock', properties: ['shock'] };
  const scene = (name: string, marker: Pt) => {
    const s = vehicleScene(name, { squads: [{ id: 'B1', side: 1, spec: squad('regular', 3), at: [[1900, 2000], [2010, 2000], [2120, 2000]] }], vehicles: [vehicle('T', 0, [2000, 1000], 'mhShock')], active: 'T' });
    s.minefields = [{ id: 'm1', owner: 1, markers: [{ n: 1, at: marker }], real: 1, mine: 'ap', revealed: false }];
    return s;
  };
  // Driving on to (20", 16.75") puts the hull's front edge on B1's bases; the real anti-personnel field 3" beyond the squad stops it about 0.5" short.
  const go: Action = { type: 'drive', speed: 'cautious', path: [[2000, 1675]], heading: 0, fire: [], shock: 'B1' };
  const r = act(scene('mh-shock', [2000, 2280]), go, faces(1, 6, 6));
  const t = unitOf(r.s, 'T');
  assert.equal(evOf(r.events, 'mine_halt').length, 1);
  const b1 = unitOf(r.s, 'B1').figures;
  const gaps = b1.map((f) => circlePolygonDistance(f.at, f.r, hull(t)));
  assert.ok(gaps.every((g) => g > 5 && g <= 200), `stopped short of contact, B1 within 2" (${gaps})`);
  assert.equal(evOf(r.events, 'shock_attack').length, 0, 'no Shock attack');
  assert.ok(!r.events.some((e) => e.type === 'dice_rolled' && (e.data as { purpose?: string }).purpose === 'shock_kill'));
  assert.ok(b1.every((f) => f.alive));
  // Passed (5+), it ends in contact and attacks: kill dice 6, 6.
  const pass = act(scene('mh-shock-pass', [2000, 2280]), go, faces(5, 6, 6));
  assert.deepEqual(unitOf(pass.s, 'T').figures[0].at, [2000, 1675]);
  assert.equal(evOf(pass.events, 'shock_attack')[0].killed.length, 2);
});

test('#65 #87 #66 mines before contact: infantry charging a vehicle or a sentry gun meets a real field on its way in, before the contact hits; halted short, it scores none (§7.15 [P], §6.11)', () => {
  const fizzled = (r: { events: GameEvent[] }, target: string) => {
    assert.equal(evOf(r.events, 'mine_halt').length, 1);
    assert.deepEqual(evOf(r.events, 'assault_fizzled'), [{ unit: 'A1', target, mine: true }]);
    assert.equal(evOf(r.events, 'assault_hit').length, 0, 'no contact hits');
    assert.equal(evOf(r.events, 'penetration').length, 0);
  };
  // A vehicle: light tank T (B) at (20", 20") heading north, rear toward A1; A1.4 (AMAW) charges from y 14.5" to its rear at y 16.75";
  // a real anti-personnel field just beyond the tank, 4" off where the charge would end, stops A1.4 about 0.75" short.
  const tank = vehicle('T', 1, [2000, 2000], 'lightTank');
  const vs = vehicleScene('mh-av-charge', { squads: [{ id: 'A1', side: 0, spec: squad('regular', 3, { support: 'amaw' }), at: [[1800, 1300], [2000, 1300], [2200, 1300], [2000, 1450]] }], vehicles: [tank], active: 'A1' });
  vs.minefields = [{ id: 'M1', owner: 1, markers: [{ n: 1, at: [2000, 2050] }], real: 1, mine: 'ap', revealed: false }];
  // Nerve 4; the tank's defensive shot (1: one hit on A1.4, damage 1 against 6: it survives); the mine check 1: real;
  // 1D3 1: A1.4 takes the AP attack, 1 against 6: it survives.
  const v = act(vs, { type: 'assault', target: 'T', moves: [{ fig: 'A1.4', path: [[2000, 1675]] }] }, faces(4, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 6));
  fizzled(v, 'T');
  const a4 = unitOf(v.s, 'A1').figures[3];
  assert.ok(a4.at[1] > 1450 && a4.at[1] < 1675 && circlePolygonDistance(a4.at, a4.r, hull(unitOf(v.s, 'T'))) > 5, `halted short of the hull (${a4.at})`);
  assert.equal(unitOf(v.s, 'T').vehicle!.status, 'ok');
  assert.equal(unitOf(v.s, 'T').vehicle!.moraleDue ?? false, false, 'not assaulted: no crew test');
  // A sentry gun: B-SG-1 at (16.6", 9"); A1 (3 Regulars and an AMAW) charges 2.74" north, A1.4 into contact; a real field 3" north of the gun.
  const gs = craft({ name: 'mh-sg-charge', active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3, { support: 'amaw' }), at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4500, 3) },
  ] });
  gs.options.sentryGuns = { 1: [{ at: [1660, 900] }] };
  gs.minefields = [{ id: 'M1', owner: 1, markers: [{ n: 1, at: [1660, 1200] }], real: 1, mine: 'ap', revealed: false }];
  // Nerve 4; the gun's shot (1: one hit on A1.4, saved 6); the mine check 1: real; 1D3 1, 1 against 6.
  const g = act(gs, { type: 'assault', target: 'B-SG-1', moves: [0, 1, 2, 3].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + 220 * i, 774] as Pt] })) }, faces(4, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 6));
  fizzled(g, 'B-SG-1');
  const f4 = unitOf(g.s, 'A1').figures[3];
  assert.ok(f4.at[1] > 500 && f4.at[1] < 774 && dist(f4.at, [1660, 900]) - 75 - f4.r > 5, `halted short of the gun (${f4.at})`);
  assert.deepEqual(g.s.sentriesDestroyed ?? [], []);
  assert.equal(evOf(g.events, 'sentry_assaulted').length, 0);
});
