// Checklist items #72 the Medic staying behind with the wounded (§7.23, source p.40: "A squad with
// a medic can elect to leave the medic behind with the wounded. If this is the case, no die roll is
// required. The medic may not leave the wounded until they recover, are stabilized, or die from
// their wounds.") and #89 Medevac (§2.5, p.55: "Squads may leave wounded with a Medevac vehicle
// without affecting their resolve").
// Dice are scripted by value: face = value + 1 (`faces` converts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, fastAndDirty, row, squad, tryAct, unitOf, vehicleScene } from './helpers.js';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { applyHurt } from '../../../src/games/fast-and-dirty/rules/wounds.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import { label } from '../../../src/games/fast-and-dirty/describe.js';
import { optionalValues } from '../../../src/games/fast-and-dirty/rules/optional-fields.js';
import { orderCandidates } from '../../../src/games/fast-and-dirty/candidates.js';
import { movers, staysBehind, type Action, type S, type Side, type Unit } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';

const code = (r: unknown) => (r as { code?: string }).code;
const W = { recoverWounded: true };
const fig = (s: S, id: string) => s.units.flatMap((u) => u.figures).find((x) => x.id === id)!;
const wound = (s: S, id: string, state: 'wounded' | 'stabilized' = 'wounded') => { const f = fig(s, id); f.alive = false; f.wounded = state; };

/** Regular A1: A1.1-A1.4 troopers, A1.5 a Medic, in a row at y = 5"; B1 far north. A1.1 lies wounded. */
function medicScene(name: string, options: Record<string, unknown> = W): S {
  const spec: UnitSpec = { name: 'Medic squad', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 4 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['medic'] }] };
  const s = craft({ name, active: 'A1', options, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 4000, 5) },
  ] });
  wound(s, 'A1.1');
  return s;
}
const to = (fig: string, at: Pt) => ({ fig, path: [at] });
/** A1.2-A1.4 move 6" north, out of coherency of the wounded A1.1; the Medic A1.5 goes to A1.3's old place, 3.4" from A1.1. */
const away = [to('A1.2', [1220, 1100]), to('A1.3', [1440, 1100]), to('A1.4', [1660, 1100])];
const medicBeside = to('A1.5', [1440, 500]);
const move = (moves: { fig: string; path: Pt[] }[], medicStays?: string): Action => ({ type: 'engage', moves, target: null, fireFirst: true, ...(medicStays ? { medicStays } : {}) });
/** The next activation of A1, from a state after its order. */
function again(s: S): S {
  const n = structuredClone(s);
  n.phase = 'order'; n.active = 'A1'; n.toAct = 0; n.step++; n.turn++;
  return n;
}

test('#72 Medic stays behind: the owner leaves the Medic with the wounded the move leaves; no Leave No One Behind roll; he is out of the squad\'s coherency (§7.23)', () => {
  const s = medicScene('medic-stay');
  // Without him staying, the squad leaving A1.1 must keep the Medic in coherency …
  assert.equal(code(tryAct(s, move([...away, medicBeside]))), 'incoherent');
  // … and a squad that keeps its Medic with it rolls like any other (the choice is the only way out).
  const keep = act(s, move([...away, to('A1.5', [1880, 1100])]), faces(4));
  assert.deepEqual(evOf(keep.events, 'wounded_left'), [{ unit: 'A1', figures: ['A1.1'], roll: 4, resolveLower: true }]);
  assert.equal(unitOf(keep.s, 'A1').leftWounded, true);
  // Staying: no roll (no die is scripted: a roll would fail the test), the Medic is in charge of A1.1.
  const r = act(s, move([...away, medicBeside], 'A1.5'));
  assert.deepEqual(evOf(r.events, 'medic_stays'), [{ unit: 'A1', medic: 'A1.5', wounded: ['A1.1'] }]);
  assert.equal(evOf(r.events, 'wounded_left').length, 0);
  assert.equal(unitOf(r.s, 'A1').leftWounded, undefined);
  assert.deepEqual(fig(r.s, 'A1.5').staysWith, ['A1.1']);
  assert.equal(fig(r.s, 'A1.1').leftBehind, true);
  assert.equal(staysBehind(unitOf(r.s, 'A1'), fig(r.s, 'A1.5')), true);
  // The Medic may also stay where he stands when he is already beside the wounded.
  const s2 = medicScene('medic-stay-put');
  fig(s2, 'A1.5').at = [1000, 720];
  assert.equal(evOf(act(s2, move(away, 'A1.5')).events, 'medic_stays').length, 1);
  // A Rush and a charge may leave him too (the field belongs to every order that moves the squad).
  const rush = act(s, { type: 'rush', moves: [to('A1.2', [1220, 1700]), to('A1.3', [1440, 1700]), to('A1.4', [1660, 1700]), medicBeside], medicStays: 'A1.5' });
  assert.deepEqual(evOf(rush.events, 'medic_stays')[0].wounded, ['A1.1']);
});

test('#72 Medic stays behind: refused unless a living Medic, not carrying, ends within coherency of every wounded figure the move leaves, and the move leaves one (§7.23 [P])', () => {
  const s = medicScene('medic-refusals');
  assert.equal(code(tryAct(s, move([...away, to('A1.5', [1880, 1100])], 'A1.4'))), 'not_a_medic');
  // Staying where he stands, 8.8" from A1.1: not with the wounded.
  assert.equal(code(tryAct(s, move(away, 'A1.5'))), 'medic_not_with_wounded');
  // A 1" move leaves nobody behind.
  const short = [to('A1.2', [1220, 600]), to('A1.3', [1440, 600]), to('A1.4', [1660, 600])];
  assert.equal(code(tryAct(s, move(short, 'A1.5'))), 'nobody_left');
  // The Medic carrying A1.1 is not staying with it.
  const near = medicScene('medic-carry');
  fig(near, 'A1.5').at = [1000, 720];
  const lift = [to('A1.2', [1220, 750]), to('A1.3', [1440, 750]), to('A1.4', [1660, 750]), to('A1.5', [1000, 1000]), to('A1.1', [1000, 800])];
  const carry = act(near, { ...move(lift), carry: [{ by: 'A1.5', fig: 'A1.1' }] } as Action);
  assert.equal(evOf(carry.events, 'wounded_left').length, 0, 'carrying is allowed: the carried figure is not left');
  assert.equal(code(tryAct(near, { ...move([...away, to('A1.5', [1000, 1000]), to('A1.1', [1000, 800])], 'A1.5'), carry: [{ by: 'A1.5', fig: 'A1.1' }] } as Action)), 'medic_carries');
  // Not on a jump, and not without the wound rules.
  assert.equal(code(tryAct(s, { ...move([...away, medicBeside], 'A1.5'), jump: 'leap' } as Action)), 'medic_jump');
  const plain = medicScene('medic-plain', {});
  assert.equal(code(tryAct(plain, move([...away, medicBeside], 'A1.5'))), 'no_wound_rules');
});

test('#72 a staying Medic may not leave his wounded; the squad moves without him, and its sampled moves leave him in place (§7.23)', () => {
  const first = act(medicScene('medic-leash'), move([...away, medicBeside], 'A1.5'));
  const s = again(first.s);
  const u = unitOf(s, 'A1');
  assert.deepEqual(movers(u).map((f) => f.id), ['A1.2', 'A1.3', 'A1.4']);
  // He may move about beside them, not away.
  assert.equal(code(tryAct(s, move([to('A1.5', [1300, 1000])]))), 'medic_stays');
  assert.equal(code(tryAct(s, move([to('A1.5', [1000, 800])]))), undefined);
  // The squad moves on without him: he is out of its coherency.
  assert.equal(code(tryAct(s, move([to('A1.2', [1220, 1700]), to('A1.3', [1440, 1700]), to('A1.4', [1660, 1700])]))), undefined);
  // Every sampled move leaves him where he is.
  const moving = orderCandidates(s, u).filter((a) => 'moves' in a && a.moves.length);
  assert.ok(moving.length > 0);
  assert.ok(moving.every((a) => !(a as { moves: { fig: string }[] }).moves.some((m) => m.fig === 'A1.5')));
  // He may still treat them: a Command with him as the aid team (no distance required).
  const rec = act(s, { type: 'command', demolition: null, target: null, recover: [{ wounded: 'A1.1', by: ['A1.5'] }] }, faces(4));
  assert.deepEqual(evOf(rec.events, 'recovery').map((x) => [x.figure, x.result]), [['A1.1', 'stabilized']]);
});

test('#72 the Medic rejoins once his wounded recover, are stabilized or die; then he counts for coherency again (§7.23)', () => {
  const first = act(medicScene('medic-release'), move([...away, medicBeside], 'A1.5'));
  // Stabilized by his own treatment: from then on he is free; at the next activation he rejoins.
  const treated = act(again(first.s), { type: 'command', demolition: null, target: null, recover: [{ wounded: 'A1.1', by: ['A1.5'] }] }, faces(5));
  assert.equal(staysBehind(unitOf(treated.s, 'A1'), fig(treated.s, 'A1.5')), false);
  const n = again(treated.s);
  n.phase = 'activate'; n.active = null;
  for (const u of n.units) u.activated = false;
  const on = act(n, { type: 'activate', unit: 'A1' }, faces(6, 6, 6, 6, 6, 6));
  assert.deepEqual(evOf(on.events, 'medic_released'), [{ unit: 'A1', medic: 'A1.5' }]);
  assert.equal(fig(on.s, 'A1.5').staysWith, undefined);
  // Now the squad is incoherent (he stands 5.4" from the rest) and must reform if it moves.
  const s = again(treated.s);
  delete fig(s, 'A1.5').staysWith;
  assert.equal(code(tryAct(s, move([to('A1.2', [1220, 1700]), to('A1.3', [1440, 1700]), to('A1.4', [1660, 1700])]))), 'incoherent');
  // Killed: the wounded figure hit again; the Medic is free too.
  const dead = again(first.s);
  delete fig(dead, 'A1.1').wounded;
  assert.equal(staysBehind(unitOf(dead, 'A1'), fig(dead, 'A1.5')), false);
  // The Medic himself goes down: he stays with no one.
  const hit = again(first.s);
  assert.equal(applyHurt(hit, new Run(null), unitOf(hit, 'A1'), fig(hit, 'A1.5'), 'killed'), true);
  assert.equal(fig(hit, 'A1.5').staysWith, undefined);
});

test('#72 a wounded figure left within coherency of a Medic already staying joins his charge, with no roll (§7.23 [P])', () => {
  const first = act(medicScene('medic-more'), move([...away, medicBeside], 'A1.5'));
  const s = again(first.s);
  // A1.2 comes back beside the Medic and falls wounded there; the squad then moves off again.
  fig(s, 'A1.2').at = [1220, 720];
  wound(s, 'A1.2');
  const r = act(s, move([to('A1.3', [1440, 1700]), to('A1.4', [1660, 1700])]));
  assert.deepEqual(evOf(r.events, 'medic_stays'), [{ unit: 'A1', medic: 'A1.5', wounded: ['A1.2'] }]);
  assert.deepEqual(fig(r.s, 'A1.5').staysWith, ['A1.1', 'A1.2']);
  assert.equal(evOf(r.events, 'wounded_left').length, 0);
});

test('#72 choices offer `medicStays` (each living Medic not already staying) on a Move, Rush or charge while the squad has untreated wounded', () => {
  const s = medicScene('medic-choices');
  const u = unitOf(s, 'A1');
  assert.deepEqual(optionalValues(s, u, 'engage', 'medicStays'), ['A1.5']);
  assert.deepEqual(optionalValues(s, u, 'rush', 'medicStays'), ['A1.5']);
  assert.deepEqual(optionalValues(s, u, 'assault', 'medicStays'), ['A1.5']);
  const none = medicScene('medic-choices-none');
  fig(none, 'A1.1').wounded = 'stabilized';
  assert.deepEqual(optionalValues(none, unitOf(none, 'A1'), 'engage', 'medicStays'), []);
  const first = act(s, move([...away, medicBeside], 'A1.5'));
  assert.deepEqual(optionalValues(first.s, unitOf(first.s, 'A1'), 'engage', 'medicStays'), [], 'he already stays, and A1.1 is left');
  // The label says so.
  assert.match(label(fastAndDirty.view(s, 0), 0, move([...away, medicBeside], 'A1.5')), /A1\.5 stays with the wounded/);
});

// ---------------------------------------------------------------- #89 Medevac and mines against vehicles

function vehicle(id: string, side: Side, at: Pt, type: string, heading = 0): Unit {
  const u = buildVehicle({ name: id, vehicle: type, quality: 'regular' }, id, side, at);
  u.vehicle!.heading = heading;
  return u;
}

/** A1 (4 Regulars, no Medic) north of vehicle M (hull y 7.25"-12.75", x 18.6"-21.4"); A1.4 lies wounded 0.95" from the hull. */
function medevacScene(name: string, type = 'medevacCarrier'): S {
  const s = vehicleScene(name, {
    squads: [{ id: 'A1', side: 0, spec: squad('regular', 4), at: [[1400, 1420], [1620, 1420], [1840, 1420], [2000, 1420]] }, { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4500, 3) }],
    vehicles: [vehicle('M', 0, [2000, 1000], type)], active: 'A1',
  });
  s.options.recoverWounded = true;
  wound(s, 'A1.4');
  return s;
}
const north = [to('A1.1', [1400, 2020]), to('A1.2', [1620, 2020]), to('A1.3', [1840, 2020])];

test('#89 Medevac: a squad leaves wounded with a friendly Medevac vehicle (within 1" of its hull) without a Leave No One Behind roll; the vehicle may then treat them (§2.5)', () => {
  const r = act(medevacScene('mv-leave'), move(north));
  assert.deepEqual(evOf(r.events, 'wounded_left'), [{ unit: 'A1', figures: ['A1.4'], roll: null, medevac: 'M' }]);
  assert.equal(unitOf(r.s, 'A1').leftWounded, undefined);
  assert.equal(fig(r.s, 'A1.4').leftBehind, true);
  // Beside any other vehicle the squad rolls.
  const apc = act(medevacScene('mv-apc', 'apc'), move(north), faces(3));
  assert.deepEqual(evOf(apc.events, 'wounded_left'), [{ unit: 'A1', figures: ['A1.4'], roll: 3, resolveLower: true }]);
  // A Medevac vehicle out of action (System Kill) takes no one.
  const sk = medevacScene('mv-sk');
  unitOf(sk, 'M').vehicle!.status = 'systemKill';
  assert.equal(evOf(act(sk, move(north), faces(5)).events, 'wounded_left')[0].roll, 5);
  // Later the vehicle treats the wounded left in contact with it, though the squad has gone (as two aid teams).
  const s = structuredClone(r.s);
  s.phase = 'order'; s.active = 'M'; s.toAct = 0; s.step++;
  const med = act(s, { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [], medevac: { unit: 'A1', wounded: ['A1.4'] } }, faces(6));
  assert.deepEqual(evOf(med.events, 'recovery').map((e) => [e.figure, e.result]), [['A1.4', 'recovered']]);
});

/** Light tank T (bottom armour 5: Rear 6 − 1) at y = 5", heading north; minefield m1 of side B, marker 1 (real, `mine`) 3" east of its path, marker 2 far away. */
function mineScene(name: string, mine: 'ap' | 'av' = 'av', type = 'lightTank', real = 1): S {
  const s = vehicleScene(name, { squads: [{ id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4500, 3) }], vehicles: [vehicle('T', 0, [2000, 500], type)], active: 'T' });
  s.minefields = [{ id: 'm1', owner: 1, markers: [{ n: 1, at: [2300, 1500] }, { n: 2, at: [4000, 4000] }], real, mine, revealed: false }];
  return s;
}
const drive = (to: Pt, x: Partial<Extract<Action, { type: 'drive' }>> = {}): Action => ({ type: 'drive', speed: 'cautious', path: [to], heading: 0, fire: [], ...x });

test('#89 mines against vehicles: a hull coming within 4" of a marker rolls 1D6, 5+ passes; a real anti-vehicle field scores 1D3 hits on the bottom armour at AT +6 (§7.15, A38 [P])', () => {
  // Mine check 1: the record is checked, marker 1 is real: 1D3 = ⌈4/2⌉ = 2 hits, each 1D6 + 6 against the bottom armour 5.
  // Hit 1: penetration 3 + 6 = 9, results 1 and 3: a System Kill; hit 2: 5 + 6 = 11, results 1 and 1: non-damaging.
  const r = act(mineScene('vm-av'), drive([2000, 1200]), faces(1, 4, 3, 1, 3, 5, 1, 1));
  assert.deepEqual(evOf(r.events, 'mine_real'), [{ unit: 'T', minefield: 'm1', marker: 1, mine: 'av' }]);
  assert.deepEqual(evOf(r.events, 'mine_attack'), [{ unit: 'T', minefield: 'm1', hits: 2, at: 6 }]);
  assert.deepEqual(evOf(r.events, 'penetration').map((e) => [e.weapon, e.facing, e.total, e.armour, e.penetrated]), [['avMine', 'bottom', 9, 5, true], ['avMine', 'bottom', 11, 5, true]]);
  assert.equal(evOf(r.events, 'system_kill').length, 1);
  assert.equal(unitOf(r.s, 'T').vehicle!.status, 'systemKill');
  assert.equal(unitOf(r.s, 'T').vehicle!.moraleDue, true);
  assert.deepEqual(r.s.minefields[0].markers.map((m) => m.n), [1], 'the real field stays, its dummies go');
  // A Vehicle Kill: no die of the results roll a 1.
  const kill = act(mineScene('vm-kill'), drive([2000, 1200]), faces(1, 1, 2, 4, 5));
  assert.equal(unitOf(kill.s, 'T').out, true);
  assert.equal(evOf(kill.events, 'vehicle_kill')[0].unit, 'T');
  // 5+ passes; a dummy is removed; an anti-personnel field does not hurt a vehicle.
  const pass = act(mineScene('vm-pass'), drive([2000, 1200]), faces(5));
  assert.equal(evOf(pass.events, 'mine_passed').length, 1);
  assert.equal(pass.s.minefields[0].markers.length, 2);
  const dummy = act(mineScene('vm-dummy', 'av', 'lightTank', 2), drive([2000, 1200]), faces(2));
  assert.deepEqual(evOf(dummy.events, 'mine_dummy').map((e) => e.marker), [1]);
  const ap = act(mineScene('vm-ap', 'ap'), drive([2000, 1200]), faces(1));
  assert.equal(evOf(ap.events, 'mine_real').length, 1);
  assert.equal(evOf(ap.events, 'penetration').length, 0);
  assert.equal(unitOf(ap.s, 'T').vehicle!.status, 'ok');
  // A move that never comes within 4" of a marker: no roll.
  const wide = act(mineScene('vm-wide'), drive([1200, 900], { heading: 27000 }));
  assert.equal(evOf(wide.events, 'dice_rolled').filter((e) => e.purpose === 'mine_check').length, 0);
});

test('#89 mines against vehicles: a hull already within 4" triggers only by moving closer; Fly/Grav vehicles fly over; a Mine Clearing vehicle disarms them unharmed (§7.15, §2.5)', () => {
  const rolls = (events: { type: string; data: unknown }[]) => events.filter((e) => e.type === 'dice_rolled' && (e.data as { purpose?: string }).purpose === 'mine_check').length;
  const near = mineScene('vm-near');
  near.units.find((u) => u.id === 'T')!.figures[0].at = [2000, 1300];
  assert.equal(rolls(act(near, drive([2000, 800], { heading: 18000 })).events), 0, 'moving away');
  assert.equal(rolls(act(near, drive([2150, 1400])).events), 1, 'moving closer');
  const grav = act(mineScene('vm-grav', 'av', 'gravCarrier'), drive([2000, 1200]));
  assert.equal(rolls(grav.events), 0);
  const clear = act(mineScene('vm-clear', 'av', 'engineerTank'), drive([2000, 1200]));
  assert.equal(rolls(clear.events), 0);
  assert.deepEqual(evOf(clear.events, 'mine_cleared').map((e) => [e.marker, e.real]), [[1, true]]);
});
