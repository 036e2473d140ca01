// Checklist item #89, the vehicle properties with orders or hooks of their own (§2.5, source
// p.54-56): Smoke, Close-In Defence System, Command Vehicle, Forward Observer, Jump Jets, Medevac,
// Mine Clearing, Cybertank (Amphibious: mobility.test.ts). The vehicles carrying them are the
// provisional ones of data/vehicles.json.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import { CONTENT, forceProblem, loadContent } from '../../../src/games/fast-and-dirty/content.js';
import { buildVehicle, driveCandidates, driveProblem, penetrationResult } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import type { Action, Feature, S, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import weaponsJson from '../../../src/games/fast-and-dirty/data/weapons.json' with { type: 'json' };
import armourJson from '../../../src/games/fast-and-dirty/data/armour.json' with { type: 'json' };
import scenariosJson from '../../../src/games/fast-and-dirty/data/scenarios.json' with { type: 'json' };
import vehiclesJson from '../../../src/games/fast-and-dirty/data/vehicles.json' with { type: 'json' };
import { scriptedRng } from '../../../src/engine/rng.js';
import { act, evOf, faces, squad, tryAct, unitOf, vehicleScene } from './helpers.js';

type Drive = Extract<Action, { type: 'drive' }>;
function vehicle(id: string, side: Side, at: Pt, type: string, heading = 0): Unit {
  const u = buildVehicle({ name: id, vehicle: type, quality: 'regular' }, id, side, at);
  u.vehicle!.heading = heading;
  return u;
}
const hold = (x: Partial<Drive> = {}): Drive => ({ type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [], ...x });
const code = (r: unknown) => (r && typeof r === 'object' && 'code' in r ? (r as { code: string }).code : null);
const enemyAt = (id: string, at: Pt[]) => ({ id, side: 1 as Side, spec: squad('regular', at.length), at });
const building: Feature = { id: 'block', kind: 'area', points: [[2800, 2800], [3400, 2800], [3400, 3400], [2800, 3400]], move: 'impassable', cover: 'hard', los: 'block', height: 800 };

test('#89 Smoke: one screen per game between two points the vehicle sees, at most 12" apart, before or after its move', () => {
  const mk = (name: string, type = 'amphibiousCarrier') => vehicleScene(name, { squads: [enemyAt('B1', [[2000, 4000]])], vehicles: [vehicle('C', 0, [2000, 1000], type)], active: 'C', terrain: [building] });
  const smoke: [Pt, Pt] = [[1500, 2000], [2500, 2000]];
  const r = act(mk('vp-smoke'), hold({ fireFirst: true, smoke }));
  assert.deepEqual(r.s.smoke.map((m) => [m.unit, m.a, m.b]), [['C', [1500, 2000], [2500, 2000]]]);
  assert.equal(evOf(r.events, 'smoke_laid').length, 1);
  const again = mk('vp-smoke2');
  unitOf(again, 'C').smokeUsed = true;
  assert.equal(code(tryAct(again, hold({ smoke }))), 'smoke_used');
  assert.equal(code(tryAct(mk('vp-smoke3', 'lightTank'), hold({ smoke }))), 'no_smoke');
  assert.equal(code(tryAct(mk('vp-smoke4'), hold({ smoke: [[1000, 2000], [2300, 2000]] }))), 'too_far_apart');
  assert.equal(code(tryAct(mk('vp-smoke5'), hold({ smoke: [[3100, 3600], [3100, 3000]] }))), 'no_line_of_sight', 'behind the building');
  // Laid first, then the move: the screen stands where it was laid.
  const moved = act(mk('vp-smoke6'), { type: 'drive', speed: 'cautious', path: [[2000, 1500]], heading: 0, fire: [], fireFirst: true, smoke });
  assert.equal(moved.s.smoke.length, 1);
  assert.deepEqual(unitOf(moved.s, 'C').figures[0].at, [2000, 1500]);
});

test('#89 Close-In Defence System: a 4" blast round the hull at every infantry unit within it, counting as one weapon system', () => {
  const mk = (name: string) => vehicleScene(name, {
    squads: [enemyAt('B1', [[2000, 1700], [2200, 1700]]), enemyAt('B2', [[2000, 2600]])],
    vehicles: [vehicle('E', 0, [2000, 1000], 'engineerTank')], active: 'E',
  });
  // The hull's front edge is at y = 1350: B1 is 3" away, B2 12".
  const r = act(mk('vp-cids'), hold({ cids: true }), faces(6, 6, 1, 1, 1, 1, 1, 1, 1, 1));
  assert.equal(evOf(r.events, 'cids_fired').length, 1);
  assert.deepEqual(evOf(r.events, 'strike_effect').map((e) => e.unit), ['B1']);
  assert.equal(unitOf(r.s, 'B1').underFire, true);
  assert.equal(unitOf(r.s, 'B2').underFire, false);
  // Improved fire control: 1 main weapon + 1 MG; the CIDS and the cannon are two non-MG systems.
  assert.equal(code(tryAct(mk('vp-cids2'), hold({ cids: true, fire: [{ weapon: 0, target: 'B1' }] }))), 'fire_control');
  assert.equal(code(tryAct(vehicleScene('vp-cids3', { vehicles: [vehicle('T', 0, [2000, 1000], 'lightTank')], active: 'T' }), hold({ cids: true }))), 'no_cids');
  // Only on fully enclosed vehicles (checked at load).
  const bad = structuredClone(vehiclesJson) as { vehicles: { id: string; properties?: string[] }[] };
  bad.vehicles.find((v) => v.id === 'lightCarrier')!.properties = ['closeInDefence'];
  assert.throws(() => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: scenariosJson, vehicles: bad }), /fully enclosed/);
});

test('#89 Command Vehicle and Forward Observer: a stationary vehicle calls an off-board section at a point it sees; one Command Vehicle per force', () => {
  const mk = (name: string, type = 'commandCarrier') => {
    const s = vehicleScene(name, { squads: [enemyAt('B1', [[2000, 3000]])], vehicles: [vehicle('C', 0, [2000, 1000], type)], active: 'C' });
    s.artillery = [{ id: 'A-1', side: 0, weapon: 'heavyMortar', lost: false, usedTurn: 0 }];
    return s;
  };
  const call = { asset: 'A-1', at: [2000, 3000] as Pt };
  const r = act(mk('vp-call'), hold({ callFire: call }), faces(6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1));
  assert.deepEqual(evOf(r.events, 'fire_called').map((e) => [e.unit, e.asset]), [['C', 'A-1']]);
  assert.equal(evOf(r.events, 'artillery_strike').length, 1);
  assert.equal(r.s.artillery[0].usedTurn, r.s.turn);
  assert.equal(code(tryAct(mk('vp-call2', 'lightTank'), hold({ callFire: call }))), 'not_a_caller');
  assert.equal(code(tryAct(mk('vp-call3'), { type: 'drive', speed: 'cautious', path: [[2000, 1300]], heading: 0, fire: [], callFire: call })), 'call_fire_stationary');
  assert.ok(CONTENT.vehicles.commandCarrier.properties?.includes('forwardObserver'));
  const cmd = { name: 'Cmd', vehicle: 'commandCarrier', quality: 'regular' as const };
  assert.equal(forceProblem(CONTENT, [cmd], 5000), null);
  assert.equal(forceProblem(CONTENT, [cmd, { ...cmd, name: 'Cmd 2' }], 5000)?.code, 'two_command_vehicles');
});

test('#89 Jump Jets (walkers): a straight jump of up to 10" instead of moving and firing, over obstacles up to 6" high, not ending within 2" of enemy troops', () => {
  const wall: Feature = { id: 'wall', kind: 'linear', points: [[1500, 1500], [2500, 1500]], move: 'open', cover: 'hard', los: 'clear', height: 500 };
  const tower: Feature = { id: 'tower', kind: 'area', points: [[2700, 1200], [2900, 1200], [2900, 1400], [2700, 1400]], move: 'impassable', cover: 'hard', los: 'block', height: 900 };
  const mk = (name: string, type = 'jumpWalker') => vehicleScene(name, { squads: [enemyAt('B1', [[2000, 2300]])], vehicles: [vehicle('W', 0, [2000, 1000], type)], active: 'W', terrain: [wall, tower] });
  const jump = (to: Pt, x: Partial<Drive> = {}): Drive => ({ type: 'drive', speed: 'cautious', path: [to], heading: 0, fire: [], jump: true, ...x });
  const r = act(mk('vp-jump'), jump([2000, 1700]));
  assert.deepEqual(unitOf(r.s, 'W').figures[0].at, [2000, 1700], 'over the 5" wall');
  assert.equal(evOf(r.events, 'moved')[0].jump, true);
  assert.equal(code(tryAct(mk('vp-jump2'), { type: 'drive', speed: 'cautious', path: [[2000, 1900]], heading: 0, fire: [] })), 'beyond_allowance', 'walking: 6" Cautious');
  assert.equal(code(tryAct(mk('vp-jump3'), jump([2950, 1300], { heading: 9000 }))), 'too_high', 'the 9" tower');
  assert.equal(code(tryAct(mk('vp-jump4'), jump([2000, 2110]))), 'beyond_allowance');
  assert.equal(code(tryAct(mk('vp-jump5'), jump([2000, 1950]))), 'too_close', 'within 2" of B1');
  assert.equal(code(tryAct(mk('vp-jump6'), jump([2000, 1700], { fire: [{ weapon: 0, target: 'B1' }] }))), 'jump_no_fire');
  assert.equal(code(tryAct(mk('vp-jump7', 'lightTank'), jump([2000, 1300]))), 'no_jump_jets');
  const bad = structuredClone(vehiclesJson) as { vehicles: { id: string; properties?: string[] }[] };
  bad.vehicles.find((v) => v.id === 'lightTank')!.properties = ['jumpJets'];
  assert.throws(() => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: scenariosJson, vehicles: bad }), /walkers/);
});

test('#89 Medevac: Recover Wounded for a squad in contact, as two aid teams (up to two wounded)', () => {
  const mk = (name: string, type = 'medevacCarrier', y = 1420) => {
    const s = vehicleScene(name, { squads: [{ id: 'A1', side: 0, spec: squad('regular', 4), at: [[1800, y], [2200, y], [2400, y], [2000, y]] }], vehicles: [vehicle('M', 0, [2000, 1000], type)], active: 'M' });
    s.options.recoverWounded = true;
    for (const f of unitOf(s, 'A1').figures.slice(0, 3)) { f.alive = false; f.wounded = 'wounded'; }
    return s;
  };
  const r = act(mk('vp-med'), hold({ medevac: { unit: 'A1', wounded: ['A1.1', 'A1.2'] } }), faces(6, 4));
  assert.deepEqual(evOf(r.events, 'recovery').map((e) => [e.figure, e.result]), [['A1.1', 'recovered'], ['A1.2', 'stabilized']]);
  assert.equal(unitOf(r.s, 'A1').figures[0].alive, true);
  assert.equal(code(tryAct(mk('vp-med2'), hold({ medevac: { unit: 'A1', wounded: ['A1.1', 'A1.2', 'A1.3'] } }))), 'aid_team');
  assert.equal(code(tryAct(mk('vp-med3', 'apc'), hold({ medevac: { unit: 'A1', wounded: ['A1.1'] } }))), 'not_medevac');
  assert.equal(code(tryAct(mk('vp-med4', 'medevacCarrier', 1800), hold({ medevac: { unit: 'A1', wounded: ['A1.1'] } }))), 'no_contact');
});

test('#89 Mine Clearing: a marker the moving hull comes within reach of is disarmed; the real one clears its field', () => {
  const mk = (name: string, type: string) => {
    const s = vehicleScene(name, { vehicles: [vehicle('E', 0, [2000, 500], type)], active: 'E' });
    s.minefields = [{ id: 'm1', owner: 1, markers: [{ n: 1, at: [2300, 1500] }, { n: 2, at: [4000, 4000] }], real: 1, mine: 'av', revealed: false }];
    return s;
  };
  const r = act(mk('vp-mine', 'engineerTank'), { type: 'drive', speed: 'cautious', path: [[2000, 1200]], heading: 0, fire: [] });
  assert.deepEqual(evOf(r.events, 'mine_cleared').map((e) => [e.marker, e.real]), [[1, true]]);
  assert.deepEqual(r.s.minefields[0].markers, []);
  // A tank without the property rolls for the mine instead (a 5: it passes; mines against vehicles in medevac.test.ts).
  const other = act(mk('vp-mine2', 'lightTank'), { type: 'drive', speed: 'cautious', path: [[2000, 1200]], heading: 0, fire: [] }, [4]);
  assert.equal(evOf(other.events, 'mine_passed').length, 1);
  assert.equal(other.s.minefields[0].markers.length, 2);
});

test('#89 Cybertank: immune to morale; System Kill and Non-Damaging results are system hits, the third shuts it down; no transport', () => {
  const s = vehicleScene('vp-cyber', { vehicles: [vehicle('X', 0, [2000, 1000], 'cybertank')], active: 'X' });
  const x = unitOf(s, 'X');
  const run = new Run(scriptedRng(faces(1, 3, 1, 1, 3, 1), 'cyber'));
  penetrationResult(s, run, x);
  assert.equal(x.vehicle!.status, 'ok', 'a System Kill result is a system hit');
  assert.equal(x.vehicle!.moraleDue, undefined, 'no crew morale');
  penetrationResult(s, run, x);
  assert.equal(x.vehicle!.systemHits, 2);
  assert.equal(x.out, false);
  penetrationResult(s, run, x);
  assert.equal(x.vehicle!.status, 'knockedOut');
  assert.deepEqual(run.ev.filter((e) => e.type === 'system_hit').map((e) => (e.data as { result: string }).result), ['systemKill', 'nonDamaging', 'systemKill']);
  assert.equal(run.ev.filter((e) => e.type === 'systems_shut_down').length, 1);
  // Morale: a pending crew test is never rolled.
  const m = vehicleScene('vp-cyber2', { squads: [enemyAt('B1', [[2000, 4500]])], vehicles: [vehicle('X', 0, [2000, 1000], 'cybertank')], active: 'X' });
  m.phase = 'activate'; m.active = null; m.toAct = 0;
  unitOf(m, 'X').vehicle!.moraleDue = true;
  const r = act(m, { type: 'activate', unit: 'X' });
  assert.equal(evOf(r.events, 'crew_morale').length, 0);
  assert.equal(r.s.phase, 'order');
  const bad = structuredClone(vehiclesJson) as { vehicles: { id: string; transport?: number }[] };
  bad.vehicles.find((v) => v.id === 'cybertank')!.transport = 4;
  assert.throws(() => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: scenariosJson, vehicles: bad }), /Cybertank/);
});

test('#89 property orders are sampled for bots and all legal', () => {
  const s: S = vehicleScene('vp-cand', {
    squads: [enemyAt('B1', [[2000, 3500]]), { id: 'A1', side: 0, spec: squad('regular', 2), at: [[900, 1500], [1100, 1420]] }],
    vehicles: [vehicle('C', 0, [2000, 1000], 'commandCarrier'), vehicle('E', 0, [3000, 1000], 'engineerTank'), vehicle('W', 0, [4000, 2000], 'jumpWalker'), vehicle('M', 0, [1000, 1000], 'medevacCarrier')],
    active: 'C',
  });
  s.options.recoverWounded = true;
  unitOf(s, 'A1').figures[0].alive = false; unitOf(s, 'A1').figures[0].wounded = 'wounded';
  s.artillery = [{ id: 'A-1', side: 0, weapon: 'heavyMortar', lost: false, usedTurn: 0 }];
  const memo = new Map<string, Drive[]>();
  const of = (id: string) => memo.get(id) ?? memo.set(id, driveCandidates(s, unitOf(s, id)) as Drive[]).get(id)!;
  assert.ok(of('C').some((a) => a.callFire), 'call fire');
  assert.ok(of('E').some((a) => a.smoke) && of('E').some((a) => a.cids), 'smoke and CIDS');
  assert.ok(of('W').filter((a) => a.jump).length >= 3, 'jumps');
  assert.ok(of('M').some((a) => a.medevac?.unit === 'A1'), 'medevac');
  for (const id of ['C', 'E', 'W', 'M']) for (const a of of(id)) assert.equal(driveProblem(s, unitOf(s, id), a), null);
});

test('#89 Command Vehicle: once per turn one unit of its side may re-roll a failed Command Response test, a decision (default: re-roll)', () => {
  const mk = (name: string, type = 'commandCarrier') => {
    const s = vehicleScene(name, {
      squads: [{ id: 'A1', side: 0, spec: squad('regular', 2), at: [[1000, 1000], [1200, 1000]] }, { id: 'A2', side: 0, spec: squad('regular', 2), at: [[3000, 1000], [3200, 1000]] }, enemyAt('B1', [[2000, 4500]])],
      vehicles: [vehicle('C', 0, [2000, 600], type)], active: 'C',
    });
    s.options.commandResponse = true;
    unitOf(s, 'A1').underFire = true;
    unitOf(s, 'A2').underFire = true;
    s.phase = 'activate'; s.active = null; s.toAct = 0;
    return s;
  };
  // Failed (1 against 3+): the owner is asked; re-rolled 5: passed.
  let r = act(mk('vp-cr'), { type: 'activate', unit: 'A1' }, faces(1));
  assert.equal(r.s.phase, 'commandReroll');
  assert.equal(unitOf(r.s, 'A1').hesitant, true);
  r = act(r.s, { type: 'commandReroll', reroll: true }, faces(5));
  assert.equal(r.s.phase, 'order');
  assert.equal(unitOf(r.s, 'A1').hesitant, false);
  assert.deepEqual(evOf(r.events, 'command_reroll').map((e) => e.vehicle), ['C']);
  assert.equal(unitOf(r.s, 'C').vehicle!.rerollTurn, r.s.turn);
  // Kept: still hesitant.
  const k = act(act(mk('vp-cr2'), { type: 'activate', unit: 'A1' }, faces(1)).s, { type: 'commandReroll', reroll: false });
  assert.equal(unitOf(k.s, 'A1').hesitant, true);
  assert.equal(k.s.phase, 'order');
  // Used this turn: the next failure is not offered.
  const used = mk('vp-cr3');
  unitOf(used, 'C').vehicle!.rerollTurn = used.turn;
  assert.equal(act(used, { type: 'activate', unit: 'A2' }, faces(1)).s.phase, 'order');
  // No Command Vehicle: no decision.
  assert.equal(act(mk('vp-cr4', 'apc'), { type: 'activate', unit: 'A1' }, faces(1)).s.phase, 'order');
});
