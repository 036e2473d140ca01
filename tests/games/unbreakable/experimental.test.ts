// Checklist items [chrome] #79-#86: experimental weapons (§9.1) and walker equipment (§9.5), each a
// game option (experimentalWeapons, walkerEquipment). Spec: shared/rules/unbreakable.md; rulebook L1049-L1270.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { beamLos } from '../../../src/games/unbreakable/geometry.js';
import { knockDown } from '../../../src/games/unbreakable/rules/effects.js';
import { loadoutProblem, loadouts } from '../../../src/games/unbreakable/rules/scenario.js';
import { advance } from '../../../src/games/unbreakable/rules/turn.js';
import type { S } from '../../../src/games/unbreakable/state.js';
import { activate, apply, board, decision, HIT, MISS, problem, put, rolls, rs, run, terrain } from './helpers.js';

const EXP = { experimentalWeapons: true };
const EQ = { walkerEquipment: true };
function chrome(scenario = 'industrial-wasteland'): S {
  const s = board(scenario);
  s.options.experimentalWeapons = true;
  s.options.walkerEquipment = true;
  terrain(s, Object.fromEntries(['0403', '0404', '0405', '0406', '0407', '0408', '0409', '0304', '0305', '0306', '0307', '0504', '0505', '0506', '0507'].map((h) => [h, 'clear'])));
  return s;
}

test('#79 multi-gun loadout: replaces a whole beam or bomb set, the heaviest the unit carries; no light multi-gun; never both sets (§9.1, §9.1.1)', () => {
  assert.equal(loadoutProblem('crawler', { beams: ['multigun'], bombs: ['nuke'] }, EXP), null);
  assert.match(loadoutProblem('crawler', { beams: ['multigun'], bombs: ['nuke'] })!, /Chrome option/, 'off by default');
  assert.match(loadoutProblem('crawler', { beams: ['force', 'multigun'], bombs: ['nuke'] }, EXP)!, /whole beam set/);
  assert.match(loadoutProblem('squad', { beams: ['multigun'], bombs: ['nuke'] }, EXP)!, /no light multi-gun/);
  assert.match(loadoutProblem('walker', { beams: ['multigun'], bombs: ['multigun'] }, EXP)!, /both sets/);
  assert.equal(loadoutProblem('walker', { beams: ['multigun'], bombs: ['rocket'] }, EXP), null, 'two different experimental weapons, one per set (§9.1 resolution)');
  assert.ok(loadouts('squad', EXP).some((l) => l.bombs[0] === 'rocket'));
  assert.ok(!loadouts('squad', EXP).some((l) => l.beams[0] === 'multigun'));
});

test('#79 multi-gun fires as any basic type chosen at fire time, one size lower; continuous fire keeps the type; it defends as a laser (§9.1.1, A33)', () => {
  let s = chrome();
  put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['multigun'], bombs: ['nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0407', { beams: ['force'], bombs: ['nuke'] });
  activate(s, 'blue', 'crawler');
  assert.equal(problem(s, { type: 'fire', unit: 'C1', weapon: 'beam1', target: 'WA' }), 'choose_type');
  assert.equal(problem(s, { type: 'fire', unit: 'C1', weapon: 'beam1', target: '0407', as: 'laser' }), 'laser_defensive');
  const v = rs.view(s, 0);
  assert.equal(rs.label!(v, 0, { type: 'fire', unit: 'C1', weapon: 'beam1', target: 'WA', as: 'stasis' }), 'C1 fires its heavy multi-gun as a stasis ray at WA');
  const r = apply(s, { type: 'fire', unit: 'C1', weapon: 'beam1', target: 'WA', as: 'stasis' }, [HIT]); // fires as medium: vs medium [1/1]
  assert.equal(rolls(r.events)[0].faces.length, 1);
  s = r.s;
  assert.equal(s.units.WA.stasis, 1);
  const d = decision(s);
  assert.deepEqual([d.kind, (d.exposes as { size: string }).size], ['continue', 'light']);
  s = apply(s, { type: 'continue', go: true }, [HIT, HIT]).s; // light stasis vs medium [2/2]
  assert.equal(s.units.WA.stasis, 2, 'the re-roll is a stasis ray again');
  assert.equal(problem(s, { type: 'reload', unit: 'C1', weapon: 'beam1' }), 'weapon_action_used', 'a heavy multi-gun counts at its slot size: no second weapon (A33)');
  // defensive laser: a yellow bomb in flight may be shot at with a multi-gun (as a medium laser)
  let t = chrome();
  put(t, 'C1', 'blue', 'crawler', '0405', { beams: ['multigun'], bombs: ['nuke'] });
  put(t, 'WA', 'yellow', 'walker', '0407', { beams: ['force'], bombs: ['nuke'] });
  activate(t, 'yellow', 'walker');
  t = apply(t, { type: 'fire', unit: 'WA', weapon: 'bomb1', target: '0405' }).s;
  const l = decision(t);
  assert.equal(l.kind, 'lasers');
  assert.ok(rs.candidates(t, 0, l, 8, run().fork('c')).actions.some((a) => (a as { fire: { weapon: string }[] }).fire.some((f) => f.weapon === 'beam1')));
});

test('#80 rocket launcher: 4 rockets from a heavy launcher into contiguous hexes, each a light nuke; no lasers; terrain and clouds after the last (§9.1.2, A34)', () => {
  let s = chrome();
  put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['force'], bombs: ['rocket'] });
  put(s, 'WA', 'yellow', 'walker', '0407', { beams: ['laser'], bombs: ['nuke'] });
  put(s, 'SA', 'yellow', 'squad', '0408', { beams: ['laser'], bombs: ['nuke'] });
  activate(s, 'blue', 'crawler');
  let r = apply(s, { type: 'fire', unit: 'C1', weapon: 'bomb1', target: '0407' }, [HIT, HIT]); // light nuke vs medium walker [2/2]
  s = r.s;
  assert.equal(s.units.WA.config, 'down');
  assert.ok(!r.events.some((e) => e.type === 'bomb_launched'), 'rockets cannot be shot down: no laser window');
  assert.equal(s.map['0407'].cloud, undefined, 'clouds wait for the last rocket');
  let d = decision(s);
  assert.equal(d.kind, 'rocket');
  const next = rs.candidates(s, 0, d, 8, run().fork('c')).actions.map((a) => (a as { hex: string }).hex).sort();
  assert.deepEqual(next, ['0306', '0307', '0406', '0407', '0408', '0506', '0507'], 'the same hex or an adjacent one');
  assert.equal(problem(s, { type: 'rocket', hex: '0409' }), 'bad_rocket_hex');
  s = apply(s, { type: 'rocket', hex: '0408' }, [HIT]).s; // light nuke vs light squad in clear [1/1]
  assert.equal(s.units.SA.status, 'offline', 'scattered');
  s = apply(s, { type: 'rocket', hex: '0408' }).s;
  r = apply(s, { type: 'rocket', hex: '0407' }, [MISS, MISS]);
  s = r.s;
  const terr = rolls(r.events).filter((x) => x.purpose === 'nuke vs terrain');
  assert.equal(terr.length, 2, 'one light-nuke conversion roll per distinct hex');
  assert.equal(s.map['0407'].cloud?.size, 'light');
  assert.equal(s.map['0408'].cloud?.size, 'light');
  assert.equal(decision(s).kind, 'activation');
});

test('#81 vortex generator launch: into an adjacent hex without units or hill/industry/volcano/woods, facing away; the launcher rolls 3 dice of stasis on itself (§9.1.3)', () => {
  let s = chrome();
  s.ts = 3;
  put(s, 'SA', 'yellow', 'squad', '0405', { beams: ['force'], bombs: ['vortex'] });
  put(s, 'W1', 'blue', 'walker', '0404');
  terrain(s, { '0305': 'woods' });
  s.deck = { top: ['act-blue-walkers'], pool: [], discard: [] };
  activate(s, 'yellow', 'squad');
  assert.equal(problem(s, { type: 'fire', unit: 'SA', weapon: 'bomb1', target: '0404' }), 'bad_vortex_hex', 'a unit there');
  assert.equal(problem(s, { type: 'fire', unit: 'SA', weapon: 'bomb1', target: '0305' }), 'bad_vortex_hex', 'woods');
  assert.equal(problem(s, { type: 'fire', unit: 'SA', weapon: 'bomb1', target: '0407' }), 'bad_vortex_hex', 'not adjacent');
  s = apply(s, { type: 'fire', unit: 'SA', weapon: 'bomb1', target: '0406' }, [HIT, HIT, MISS]).s;
  assert.equal(s.vortexes?.length, 1);
  assert.deepEqual({ ...s.vortexes![0], id: 'V' }, { id: 'V', hex: '0406', size: 'light', facing: 3 }, 'facing S, away from the launcher');
  assert.equal(s.units.SA.stasis, 2);
  assert.equal(s.units.SA.frozen, true, 'three Time Stream cards drawn: frozen at 2+ (the book\'s example)');
});

function vortexBoard(): S {
  const s = chrome();
  put(s, 'W1', 'blue', 'walker', '0102');
  s.vortexes = [{ id: 'V1', hex: '0405', size: 'light', facing: 3 }];
  s.deck = { top: ['time-stream', 'act-blue-walkers'], pool: [], discard: [] };
  return s;
}

test('#82 vortex on a Time Stream card: stability, then moves straight ahead one hex per ☺; entering a unit\'s hex removes every unit there and stops it (§9.1.3)', () => {
  const s = vortexBoard();
  put(s, 'WA', 'yellow', 'walker', '0407', undefined, { frozen: true });
  advance(s, run([MISS, HIT, HIT, HIT])); // stability: blank (stable); movement: 3 dice, 3 ☺
  assert.equal(s.units.WA.gone, 'vortex', 'even a frozen unit is removed');
  assert.equal(s.vortexes![0].hex, '0407', 'it stops in that hex');
  const t = vortexBoard();
  t.map['0407'].cloud = { size: 'medium', turn: 0 };
  t.vortexes!.push({ id: 'V2', hex: '0505', size: 'heavy', facing: 0 });
  advance(t, run([MISS, HIT, HIT, MISS, MISS, MISS, MISS, MISS])); // light first: stable, 2 ☺ → stops in the cloud (removed); heavy: stable, 0 ☺
  assert.equal(t.vortexes!.find((v) => v.id === 'V1')!.hex, '0407');
  assert.equal(t.map['0407'].cloud, undefined, 'the cloud is removed');
  const u = vortexBoard();
  terrain(u, { '0406': 'woods' });
  advance(u, run([HIT, 2, MISS, HIT, HIT])); // unstable; d6 = 3 → turn 120° clockwise: S → NW; move
  assert.equal(u.vortexes![0].facing, 5);
  const w = vortexBoard();
  advance(w, run([HIT, 0])); // unstable, d6 = 1: explodes as a light nuke in its hex
  assert.equal(w.vortexes!.length, 0);
  assert.equal(w.map['0405'].cloud?.size, 'light');
  const x = vortexBoard();
  x.vortexes!.push({ id: 'V2', hex: '0406', size: 'medium', facing: 0 });
  advance(x, run([MISS, HIT, MISS, MISS])); // V1 (light) first: stable, 1 ☺ → into V2's hex: both explode as one heavy nuke
  assert.equal(x.vortexes!.length, 0);
  assert.equal(x.map['0406'].cloud?.size, 'heavy');
});

test('#82 a vortex entering hill, industry, volcano or woods stops and makes it Rough; off the map it is removed (§9.1.3)', () => {
  const s = vortexBoard();
  terrain(s, { '0406': 'woods' });
  advance(s, run([MISS, HIT, HIT, HIT]));
  assert.equal(s.map['0406'].terrain, 'rough');
  assert.equal(s.vortexes![0].hex, '0406');
  const t = vortexBoard();
  t.vortexes![0].hex = '0415'; // the south edge
  advance(t, run([MISS, HIT, MISS, MISS]));
  assert.equal(t.vortexes!.length, 0);
});

test('#83 a vortex blocks LOS like a mushroom cloud and can never be targeted; no unit enters its hex (§9.1.3, A35)', () => {
  let s = chrome();
  s.vortexes = [{ id: 'V1', hex: '0406', size: 'light', facing: 0 }];
  assert.equal(beamLos(s, { hex: '0405', hover: false }, { hex: '0407', hover: false }).step, 4);
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305');
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'fire', unit: 'W1', weapon: 'bomb1', target: '0406' }), 'vortex_hex');
  assert.equal(problem(s, { type: 'move', unit: 'W1', path: ['0406'] }), 'vortex');
  assert.match(String(rs.render!(rs.view(s, 0), {} as never)), /light vortex facing N/, 'the board picture shows it');
});

test('#84 conversion mechanism: convert while upright; wheeled it moves up to 2 hexes, never into or out of a depression; cannot be knocked down, melee or grab (§9.5, A37)', () => {
  let s = chrome();
  assert.equal(loadoutProblem('walker', { beams: ['conversion'], bombs: ['nuke'] }, EQ), null);
  assert.match(loadoutProblem('walker', { beams: ['conversion', 'force'], bombs: ['nuke'] }, EQ)!, /medium/, 'it replaces a medium card');
  assert.match(loadoutProblem('crawler', { beams: ['conversion'], bombs: ['nuke'] }, EQ)!, /walker/);
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['conversion'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305');
  put(s, 'WA', 'yellow', 'walker', '0405');
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'convert', unit: 'W1' }).s;
  assert.equal(s.units.W1.converted, true);
  s.stack.pop();
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'melee', unit: 'W1', target: 'WA' }), 'converted');
  assert.equal(problem(s, { type: 'configure', unit: 'W1' }), 'converted');
  terrain(s, { '0407': 'crater' });
  assert.equal(problem(s, { type: 'move', unit: 'W1', path: ['0406', '0407'] }), 'depression');
  s = apply(s, { type: 'move', unit: 'W1', path: ['0406', '0506'] }).s;
  assert.equal(s.units.W1.at, '0506');
  knockDown(s, run(), s.units.W1);
  assert.equal(s.units.W1.config, 'up', 'a converted walker cannot be knocked down');
});

test('#85 jump jets: a light weapon action; the walker hovers (counts 0, moves 1-2 hexes) until its next activation begins (§9.5, A36)', () => {
  let s = chrome();
  assert.equal(loadoutProblem('walker', { beams: ['force', 'jets'], bombs: ['nuke'] }, EQ), null);
  assert.match(loadoutProblem('walker', { beams: ['jets'], bombs: ['nuke'] }, EQ)!, /light/);
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force', 'jets'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305');
  put(s, 'WA', 'yellow', 'walker', '0407');
  put(s, 'WB', 'yellow', 'walker', '0407');
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'move', unit: 'W1', path: ['0406', '0407'] }), 'bad_path');
  s = apply(s, { type: 'jets', unit: 'W1', weapon: 'beam2' }).s;
  assert.equal(s.units.W1.jets, true);
  assert.equal(problem(s, { type: 'fire', unit: 'W1', weapon: 'beam1', target: 'WA' }), null, 'jets are light: a second light weapon may follow');
  s = apply(s, { type: 'move', unit: 'W1', path: ['0406', '0407'] }).s;
  assert.equal(s.units.W1.at, '0407', 'hovering, it does not count against stacking');
  // its next activation begins: it lands over-stacked and displaces... a walker cannot displace a walker: knocked down, its owner moves it out
  s.stack = [];
  s.deck = { top: ['act-blue-walkers'], pool: [], discard: [] };
  advance(s, run());
  assert.equal(s.units.W1.jets, false);
  assert.equal(s.units.W1.config, 'down');
  const d = decision(s);
  assert.equal(d.kind, 'displace');
  s = apply(s, { type: 'displace', unit: 'W1', to: '0408' }, [MISS]).s;
  assert.equal(s.units.W1.at, '0408');
});

test('#86 melee weapon: an upright walker with it counts as heavy attacking and defending in melee (§9.5)', () => {
  assert.equal(loadoutProblem('walker', { beams: ['force'], bombs: ['meleeWeapon', 'nuke'] }, EQ), null);
  assert.match(loadoutProblem('walker', { beams: ['force'], bombs: ['meleeWeapon'] }, EQ)!, /light/);
  let s = chrome();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['meleeWeapon', 'nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0405');
  activate(s, 'blue', 'walker');
  const r = apply(s, { type: 'melee', unit: 'W1', target: 'WA' }, [MISS, HIT]); // heavy vs medium [1/2]
  assert.equal(rolls(r.events)[0].faces.length, 2);
  assert.equal(r.s.units.WA.config, 'down');
  s = chrome();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['meleeWeapon', 'nuke'] });
  put(s, 'SA', 'yellow', 'squad', '0405');
  put(s, 'SB', 'yellow', 'squad', '0304');
  activate(s, 'yellow', 'squad');
  const m = apply(s, { type: 'melee', unit: 'SA', target: 'W1' }, [HIT, HIT, HIT]); // light vs heavy [3/3]
  assert.equal(rolls(m.events)[0].faces.length, 3, 'defending as heavy');
});

test('analysis positions: a state holding Chrome experimental weapons, equipment or a vortex is refused by name (the format does not describe them yet)', async () => {
  const { unbreakablePosition } = await import('../../../src/games/unbreakable/position.js');
  const s = chrome();
  put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['multigun'], bombs: ['nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0407', { beams: ['force'], bombs: ['nuke'] });
  activate(s, 'blue', 'crawler');
  const r = unbreakablePosition.toPosition(s) as { code?: string; details?: { beyond?: string[] } };
  assert.equal(r.code, 'not_at_a_position');
  assert.deepEqual(r.details?.beyond, ['experimental weapons or walker equipment']);
});
