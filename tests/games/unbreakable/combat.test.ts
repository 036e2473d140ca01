// Checklist items [core] #26-#45, #50: dice, target size, LOS, beams, bombs, lasers, melee,
// terrain conversion, earthquakes. Spec: shared/rules/unbreakable.md §7-§8.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { beamLos, bombLos, diceFor, pushHexes, targetSize } from '../../../src/games/unbreakable/geometry.js';
import { addQuakeCard, laserBand } from '../../../src/games/unbreakable/rules/combat.js';
import { convert } from '../../../src/games/unbreakable/rules/effects.js';
import { advance } from '../../../src/games/unbreakable/rules/turn.js';
import { activate, apply, board, decision, HIT, MISS, problem, put, rolls, run, terrain } from './helpers.js';

test('#26 combat dice [k/n] and the weapon-vs-target size matrix (§7.1)', () => {
  assert.deepEqual(diceFor('heavy', 'heavy'), { k: 1, n: 1 });
  assert.deepEqual(diceFor('heavy', 'light'), { k: 1, n: 3 });
  assert.deepEqual(diceFor('medium', 'heavy'), { k: 2, n: 2 });
  assert.deepEqual(diceFor('light', 'heavy'), { k: 3, n: 3 });
  assert.deepEqual(diceFor('light', 'medium'), { k: 2, n: 2 });
});

test('#27 effective target size: Down walker heavy, grounded squad by terrain, hovering squad light (§2.4)', () => {
  const s = board();
  const w = put(s, 'W1', 'blue', 'walker', '0405', undefined, { config: 'down' });
  assert.equal(targetSize(s, w), 'heavy');
  const q = put(s, 'S1', 'blue', 'squad', '0308', undefined, { config: 'hover' });
  assert.equal(targetSize(s, q), 'light', 'hovering over a lake');
  q.config = 'ground';
  assert.equal(targetSize(s, q), 'heavy', 'grounded in a lake');
});

test('#28 frozen units cannot be targeted; scattered squads are not beam targets (§7.2)', () => {
  const s = board();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0406', undefined, { frozen: true });
  put(s, 'SA', 'yellow', 'squad', '0404', undefined, { status: 'offline' });
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'fire', unit: 'W1', weapon: 'beam1', target: 'WA' }), 'frozen_target');
  assert.equal(problem(s, { type: 'fire', unit: 'W1', weapon: 'beam1', target: 'SA' }), 'no_los');
});

test('#29 #30 beam LOS checklist: edge and vertex touches block; hill sees over; both in depressions no LOS even adjacent (§7.4, §7.5)', () => {
  const s = board();
  terrain(s, { '0610': 'clear', '0410': 'clear', '0509': 'woods', '0510': 'clear' });
  assert.deepEqual(beamLos(s, { hex: '0610', hover: false }, { hex: '0410', hover: false }), { ok: false, step: 8, reason: 'blocked' });
  terrain(s, { '0110': 'clear', '0513': 'clear', '0212': 'woods', '0412': 'clear' });
  assert.equal(beamLos(s, { hex: '0110', hover: false }, { hex: '0513', hover: false }).ok, false, 'a corner touch of 0212 blocks');
  terrain(s, { '0110': 'hill' });
  assert.equal(beamLos(s, { hex: '0110', hover: false }, { hex: '0513', hover: false }).step, 5);
  terrain(s, { '0308': 'lake', '0309': 'lake' });
  assert.equal(beamLos(s, { hex: '0308', hover: false }, { hex: '0309', hover: false }).step, 6);
  assert.equal(beamLos(s, { hex: '0308', hover: true }, { hex: '0309', hover: false }).step, 5);
});

test('#31 #50 bomb LOS: any ready friendly sighter; clouds in either hex or between block; volcano between blocks (§7.6)', () => {
  const s = board();
  terrain(s, { '0404': 'clear', '0408': 'clear', '0405': 'clear', '0406': 'clear', '0407': 'clear' });
  assert.equal(bombLos(s, '0101', { hex: '0404', hover: false }, '0408').ok, true);
  s.map['0406'].cloud = { size: 'light', turn: 1 };
  assert.equal(bombLos(s, '0101', { hex: '0404', hover: false }, '0408').step, 4);
  delete s.map['0406'].cloud;
  terrain(s, { '0406': 'volcano' });
  assert.equal(bombLos(s, '0101', { hex: '0404', hover: false }, '0408').step, 4);
  s.map['0404'].cloud = { size: 'light', turn: 1 };
  assert.equal(bombLos(s, '0404', { hex: '0404', hover: false }, '0404').step, 1, 'launcher in the target hex: always');
  assert.equal(bombLos(s, '0101', { hex: '0404', hover: false }, '0408').step, 2);
});

test('#32 zero-range bombs are always allowed and immune to lasers (§7.3, §7.9.3)', () => {
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['crust'] });
  put(s, 'WA', 'yellow', 'walker', '0406', { beams: ['laser'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305');
  s.map['0405'].cloud = { size: 'heavy', turn: 1 };
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'fire', unit: 'W1', weapon: 'bomb1', target: '0405' }, [2]).s;
  assert.equal(decision(s).kind, 'activation', 'no laser window');
  assert.ok(s.deck.discard.includes('quake-medium'));
});

test('#33 continuous fire: after a hit the force beam may roll again one size lighter (§7.7)', () => {
  let s = board();
  put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0407', undefined, { config: 'down' });
  activate(s, 'blue', 'crawler');
  s = apply(s, { type: 'fire', unit: 'C1', weapon: 'beam1', target: 'WA' }, [HIT]).s; // heavy vs heavy [1/1]
  assert.equal(decision(s).kind, 'push');
  s = apply(s, { type: 'push', to: null }).s;
  const d = decision(s);
  assert.equal(d.kind, 'continue');
  assert.equal((d.exposes as { size: string }).size, 'medium');
  const r = apply(s, { type: 'continue', go: true }, [MISS, MISS]);
  assert.equal(rolls(r.events)[0].faces.length, 2, 'medium vs heavy [2/2]');
});

test('#34 melee: size as strength; knock-down; none against crawlers; needs LOS (§7.8)', () => {
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405');
  put(s, 'W2', 'blue', 'walker', '0305');
  put(s, 'WA', 'yellow', 'walker', '0405');
  put(s, 'CA', 'yellow', 'crawler', '0305');
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'melee', unit: 'W2', target: 'CA' }), 'no_effect');
  s = apply(s, { type: 'melee', unit: 'W1', target: 'WA' }, [HIT]).s;
  assert.equal(s.units.WA.config, 'down');
});

test('#35 force beam push: away/toward candidates, vertex lines give two; pushed into lava is removed (§7.9.2)', () => {
  assert.deepEqual(pushHexes('0405', '0406'), { away: ['0407'], toward: ['0405'] });
  assert.deepEqual(pushHexes('0405', '0605').away.sort(), ['0704', '0705'], 'a line through a vertex gives two');
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305');
  put(s, 'SA', 'yellow', 'squad', '0406');
  terrain(s, { '0407': 'lava' });
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'fire', unit: 'W1', weapon: 'beam1', target: 'SA' }, [HIT]).s;
  assert.deepEqual((decision(s).exposes as { options: string[] }).options, ['0405', '0407']);
  s = apply(s, { type: 'push', to: '0407' }).s;
  assert.equal(s.units.SA.gone, 'lava');
});

test('#36 force beam terrain mode: woods is a light target, success makes it Rough (§7.9.2)', () => {
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305');
  terrain(s, { '0406': 'woods' });
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'fire', unit: 'W1', weapon: 'beam1', target: '0406' }, [HIT]).s;
  assert.equal(s.map['0406'].terrain, 'rough');
});

test('#37 #57 defensive laser: the defender commits lasers; range bands; any ☺ destroys the bomb (§7.9.3)', () => {
  assert.equal(laserBand('medium', 1), 'heavy');
  assert.equal(laserBand('medium', 4), 'light');
  assert.equal(laserBand('medium', 5), null);
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305');
  put(s, 'WA', 'yellow', 'walker', '0407', { beams: ['laser'], bombs: ['nuke'] });
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'fire', unit: 'W1', weapon: 'bomb1', target: '0407' }).s;
  const d = decision(s);
  assert.equal(d.kind, 'lasers');
  assert.equal(d.seat, 1);
  assert.equal(d.timing, 'reaction');
  const r = apply(s, { type: 'lasers', fire: [{ unit: 'WA', weapon: 'beam1', at: 'target' }] }, [HIT]);
  assert.ok(r.events.some((e) => e.type === 'bomb_destroyed'));
  assert.equal(r.s.units.WA.weapons[0].loaded, false);
  assert.ok(!r.s.map['0407'].cloud);
});

test('#38 neutron bomb: ready units within the radius (own too) roll one die; ☺ → offline/scattered (§7.9.4)', () => {
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['neutron'] });
  put(s, 'W2', 'blue', 'walker', '0310');
  put(s, 'WA', 'yellow', 'walker', '0406', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'WB', 'yellow', 'walker', '0407', { beams: ['force'], bombs: ['nuke'] }, { status: 'buttoned' });
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'fire', unit: 'W1', weapon: 'bomb1', target: '0406' }, [HIT, MISS]).s; // W1 (in radius 1): ☺; WA: blank
  assert.equal(s.units.W1.status, 'offline');
  assert.equal(s.units.WA.status, 'ready');
  assert.equal(s.units.WB.status, 'buttoned', 'buttoned units are immune');
});

test('#39 #40 nuke: rolls per walker/squad, terrain roll vs light, cloud of its size stamped with the turn (§7.9.5, §7.10)', () => {
  let s = board();
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305');
  put(s, 'SA', 'yellow', 'squad', '0407');
  put(s, 'CA', 'yellow', 'crawler', '0407');
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'fire', unit: 'W1', weapon: 'bomb1', target: '0407' }, [HIT, MISS, HIT, MISS, 3]).s; // SA (light) [1/2]: ☺ blank; terrain [1/2]: ☺ blank; border die 3 → green
  assert.equal(s.units.SA.status, 'offline');
  assert.equal(s.map['0407'].terrain, 'crater');
  assert.equal(s.map['0407'].border, 'green');
  assert.deepEqual(s.map['0407'].cloud, { size: 'medium', turn: 1 });
  const t = board();
  terrain(t, { '0405': 'hill' });
  t.map['0405'].epicenter = 'red';
  convert(t, run(), '0405');
  assert.equal(t.map['0405'].terrain, 'rough');
  assert.equal(t.map['0405'].epicenter, 'red', 'Hill → Rough keeps the epicenter');
});

test('#41 #42 volcano creation removes units and seeds epicenters around it; colours from the earthquake die', () => {
  const s = board();
  terrain(s, { '0405': 'lava' });
  put(s, 'W1', 'blue', 'walker', '0405');
  const r = run([0, 1, 2, 3, 4, 5]);
  convert(s, r, '0405');
  assert.equal(s.map['0405'].terrain, 'volcano');
  assert.equal(s.units.W1.gone, 'volcano');
  assert.deepEqual(['0404', '0504', '0505', '0406', '0305', '0304'].map((h) => s.map[h].epicenter), ['red', 'yellow', 'orange', 'green', 'blue', 'white']);
});

test('#43 stasis ray: a marker per hit; freeze at once by the Time Stream count; reverse removes (§7.9.6)', () => {
  let s = board();
  s.ts = 4;
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['stasis'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0305', { beams: ['stasis'], bombs: ['nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0407', undefined, { stasis: 1 });
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'fire', unit: 'W2', weapon: 'beam1', target: 'WA', mode: 'reverse' }, [HIT]).s;
  assert.equal(s.units.WA.stasis, 0);
  s = apply(s, { type: 'fire', unit: 'W1', weapon: 'beam1', target: 'WA' }, [HIT]).s;
  assert.equal(s.units.WA.stasis, 1);
  assert.equal(s.units.WA.frozen, true, 'TS = 4: frozen at 1+');
});

test('#44 #46 crust buster: epicenter, Earthquake card of its size (or lighter) to the discards (§7.9.1)', () => {
  const s = board();
  addQuakeCard(s, run(), 'heavy');
  addQuakeCard(s, run(), 'heavy');
  assert.deepEqual(s.deck.discard, ['quake-heavy', 'quake-medium']);
  assert.deepEqual(s.unusedQuakes, ['quake-light', 'quake-light', 'quake-light', 'quake-medium']);
});

test('#45 earthquake card: lava rolls, colour dice convert matching hexes once, reduce to the next lighter card (§8)', () => {
  const s = board();
  s.unusedQuakes = s.unusedQuakes.filter((q) => q !== 'quake-heavy');
  terrain(s, { '0405': 'lava', '0505': 'crater' });
  s.map['0405'].border = 'green';
  s.map['0505'].border = 'red';
  s.map['0707'].epicenter = 'red';
  put(s, 'W1', 'blue', 'walker', '0405');
  put(s, 'W2', 'blue', 'walker', '0310'); // the next card (Blue Walkers) stops the loop at a decision
  s.stack.push({ f: 'card', card: 'quake-heavy', stage: 'start' });
  s.deck = { top: ['act-blue-walkers'], pool: [], discard: [] };
  const r = run([HIT, 0, 1, 1, 3, 3]); // lava: [1/1] ☺ → removed; colours red, yellow, yellow; new borders green
  advance(s, r);
  assert.equal(s.units.W1.gone, 'lava');
  assert.equal(s.map['0505'].terrain, 'lava');
  assert.equal(s.map['0707'].terrain, 'crater');
  assert.equal(s.map['0405'].terrain, 'lava', 'green was not rolled');
  assert.ok(s.unusedQuakes.includes('quake-heavy'));
});

test('#47 #48 Time Stream: #1 reduces older clouds, thaws, removes a stasis marker; #2 freezes at 4+ (§5.4)', () => {
  const s = board();
  s.map['0405'].cloud = { size: 'heavy', turn: 0 };
  s.map['0406'].cloud = { size: 'light', turn: 1 };
  put(s, 'W1', 'blue', 'walker', '0305', undefined, { frozen: true, stasis: 5 });
  s.deck = { top: ['time-stream', 'time-stream'], pool: [], discard: [] };
  const r = run();
  advance(s, r);
  assert.deepEqual(s.map['0405'].cloud, { size: 'medium', turn: 0 });
  assert.deepEqual(s.map['0406'].cloud, { size: 'light', turn: 1 }, 'a cloud of this turn is not reduced');
  assert.equal(s.units.W1.frozen, false);
  assert.equal(s.units.W1.stasis, 4);
  assert.equal(decision(s).kind, 'status');
});

test('#49 Time Stream status changes are a sealed group of both players; offline → buttoned only', () => {
  const s = board();
  put(s, 'W1', 'blue', 'walker', '0305', undefined, { status: 'offline' });
  put(s, 'WA', 'yellow', 'walker', '0310');
  s.deck = { top: ['time-stream'], pool: [], discard: [] };
  advance(s, run());
  const decs = s.stack.length ? (globalThis as never, []) : [];
  void decs;
  const d0 = decision(s, 0);
  assert.equal(d0.group?.mode, 'sealed');
  assert.equal(decision(s, 1).group?.id, d0.group?.id);
  assert.equal(problem(s, { type: 'status', changes: { W1: 'ready' } }, 0), 'bad_status_change');
  assert.equal(problem(s, { type: 'status', changes: { W1: 'buttoned' } }, 0), null);
  assert.equal(problem(s, { type: 'status', changes: { WA: 'buttoned' } }, 0), 'not_your_unit');
});
