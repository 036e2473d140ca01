// Checklist items #51-#54, #60-#67: objects, elimination, scenario victory, the automated sides.
// Spec: shared/rules/unbreakable.md §4, §12.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { convert } from '../../../src/games/unbreakable/rules/effects.js';
import { initialState, reveal } from '../../../src/games/unbreakable/rules/scenario.js';
import { advance } from '../../../src/games/unbreakable/rules/turn.js';
import { activate, apply, board, decision, HIT, MISS, problem, put, rolls, rs, run, seal, terrain } from './helpers.js';

test('#51 grab and drop by an upright walker; knock-down drops; the object moves with its walker (§6.3)', () => {
  let s = board('retrieval');
  s.objects.satellite = { id: 'satellite', kind: 'satellite', at: '0405', carriedBy: null, gone: null };
  put(s, 'W1', 'blue', 'walker', '0405');
  put(s, 'W2', 'blue', 'walker', '0305', undefined, { config: 'down' });
  put(s, 'W3', 'blue', 'walker', '0310');
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'grab', unit: 'W2', object: 'satellite' }), 'not_upright_walker');
  s = apply(s, { type: 'grab', unit: 'W1', object: 'satellite' }).s;
  assert.equal(s.objects.satellite.carriedBy, 'W1');
  assert.equal(problem(s, { type: 'move', unit: 'W1', path: ['0404'] }), 'actions_used');
});

test('#52 #60 Retrieval: satellite in a crater at 0608; carried off the own entry edge wins; a lost satellite is a draw', () => {
  const s = initialState('retrieval', 2, { platoonSize: 3, turnCap: 10, opportunity: false, rounds: 1 });
  s.setup.blue = { platoon: { crawler: 0, walker: 1, squad: 2 }, loadouts: [0, 1, 2].map(() => ({ beams: ['force'], bombs: ['nuke'] })) as never, places: [], flag: null };
  s.setup.yellow = { ...s.setup.blue, loadouts: s.setup.blue.loadouts.slice() };
  reveal(s, run([2]));
  assert.equal(s.map['0608'].terrain, 'crater');
  assert.equal(s.map['0608'].border, 'orange');
  assert.equal(s.objects.satellite.at, '0608');
  assert.equal(s.units.W1.at, null);
  assert.equal(s.units.W1.edge, 'north');
  let t = board('retrieval');
  put(t, 'W1', 'blue', 'walker', '0601', undefined, { carrying: 'satellite' });
  t.objects.satellite = { id: 'satellite', kind: 'satellite', at: null, carriedBy: 'W1', gone: null };
  activate(t, 'blue', 'walker');
  t = apply(t, { type: 'move', unit: 'W1', path: ['off'] }).s;
  assert.deepEqual(t.result?.winners, [0]);
  const u = board('retrieval');
  u.objects.satellite = { id: 'satellite', kind: 'satellite', at: '0405', carriedBy: null, gone: null };
  terrain(u, { '0405': 'lava' });
  convert(u, run(), '0405');
  assert.equal(u.result?.draw, true);
});

test('#53 #54 Industrial Wasteland: Yellow wins when the 4th industry hex is converted (Time Stream draws recorded)', () => {
  const s = board('industrial-wasteland');
  s.tsTotal = 7;
  for (const h of ['0207', '0504', '0803']) convert(s, run(), h);
  assert.equal(s.result === null, true);
  convert(s, run(), '1005');
  assert.deepEqual(s.result?.winners, [1]);
  assert.equal(s.result?.scores?.timeStreamDraws, 7);
});

test('#61 Capture the Flag: safety zone, no-nuke zone, win when the enemy flag crosses the fold', () => {
  let s = board('capture-the-flag');
  s.objects.blueFlag = { id: 'blueFlag', kind: 'blueFlag', at: '0603', carriedBy: null, gone: null };
  s.objects.yellowFlag = { id: 'yellowFlag', kind: 'yellowFlag', at: '0609', carriedBy: null, gone: null };
  put(s, 'W1', 'blue', 'walker', '0605', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0604');
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'move', unit: 'W1', path: ['0604'] }), 'safety_zone');
  assert.equal(problem(s, { type: 'fire', unit: 'W1', weapon: 'bomb1', target: '0608' }), 'no_nuke_zone');
  assert.equal(problem(s, { type: 'configure', unit: 'W2' }), 'safety_zone', 'in its own zone a unit must move out first');
  s = board('capture-the-flag');
  s.objects.blueFlag = { id: 'blueFlag', kind: 'blueFlag', at: '0603', carriedBy: null, gone: null };
  s.objects.yellowFlag = { id: 'yellowFlag', kind: 'yellowFlag', at: null, carriedBy: 'W1', gone: null };
  put(s, 'W1', 'blue', 'walker', '0108', undefined, { carrying: 'yellowFlag' });
  put(s, 'W2', 'blue', 'walker', '0310');
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'move', unit: 'W1', path: ['0107'] }).s;
  assert.deepEqual(s.result?.winners, [0]);
});

test('#62 Destroy the Flag: destroying the enemy flag wins; both at once is a tie', () => {
  const s = board('destroy-the-flag');
  s.objects.blueFlag = { id: 'blueFlag', kind: 'blueFlag', at: '0603', carriedBy: null, gone: null };
  s.objects.yellowFlag = { id: 'yellowFlag', kind: 'yellowFlag', at: '0609', carriedBy: null, gone: null };
  terrain(s, { '0609': 'lava' });
  convert(s, run(), '0609');
  assert.deepEqual(s.result?.winners, [0]);
});

test('#64 Special Delivery: the crawler enters at 0615, walks north, and wins when activated north of the fold', () => {
  const s = board('special-delivery', 1);
  assert.equal(s.seatOf.yellow, null);
  put(s, 'CA', 'yellow', 'crawler', null, { beams: ['laser', 'laser'], bombs: ['nuke'] });
  put(s, 'W1', 'blue', 'walker', '0102');
  s.deck = { top: ['act-yellow-crawlers', 'act-yellow-crawlers', 'act-blue-walkers'], pool: [], discard: [] };
  advance(s, run([MISS, MISS, MISS]));
  assert.equal(s.units.CA.at, '0614', 'entered 0615, then one hex north');
  assert.equal(decision(s).kind, 'activation');
  const t = board('special-delivery', 1);
  put(t, 'CA', 'yellow', 'crawler', '0607', { beams: ['laser', 'laser'], bombs: ['nuke'] });
  put(t, 'W1', 'blue', 'walker', '0102');
  t.deck = { top: ['act-yellow-crawlers'], pool: [], discard: [] };
  advance(t, run());
  assert.ok(t.result && !t.result.draw && t.result.winners.length === 0, 'the program (Yellow) wins; the Blue seat loses');
});

test('#64 Special Delivery: a volcano north sends the crawler NE or NW by die; magma stops it (Blue wins)', () => {
  const s = board('special-delivery', 1);
  put(s, 'CA', 'yellow', 'crawler', '0610', { beams: ['laser', 'laser'], bombs: ['nuke'] });
  put(s, 'W1', 'blue', 'walker', '0102');
  terrain(s, { '0609': 'volcano' });
  s.deck = { top: ['act-yellow-crawlers', 'act-blue-walkers'], pool: [], discard: [] };
  advance(s, run([HIT]));
  assert.equal(s.units.CA.at, '0709', '☺ → NE');
  terrain(s, { '0709': 'lava' });
  convert(s, run(), '0709');
  assert.deepEqual(s.result?.winners, [0]);
});

test('#64 Special Delivery setup: one seat, Blue 1 walker + 2 squads on the north half; no platoon choice', () => {
  const r = rs.setup({ scenario: 'special-delivery', seats: [{ index: 0, name: 'solo' }], options: {} }, { seq: 0, rng: run().fork('x') });
  assert.ok('state' in r);
  const s = r.state;
  assert.deepEqual(s.setup.blue.platoon, { crawler: 0, walker: 1, squad: 2 });
  assert.equal(rs.pending(s)[0].kind, 'loadout');
  assert.equal(rs.setup({ scenario: 'special-delivery', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: {} }, { seq: 0, rng: run().fork('x') }).constructor, Object);
});

test('#65 #67 Runaway: the neutral crawler acts on Time Stream cards by d6; buttoned → ready first', () => {
  const s = board('runaway');
  put(s, 'RC', 'neutral', 'crawler', '0608', { beams: ['force'], bombs: ['nuke'] }, { status: 'buttoned' });
  put(s, 'W1', 'blue', 'walker', '0102');
  s.deck = { top: ['time-stream', 'act-blue-walkers'], pool: [], discard: [] };
  advance(s, run());
  assert.equal(decision(s).kind, 'status');
  const after = seal(s, { 0: { type: 'status', changes: {} } }).s;
  assert.equal(after.units.RC.status, 'ready', 'program line 2: buttoned → ready');
  const t = board('runaway');
  put(t, 'RC', 'neutral', 'crawler', '0608', { beams: ['force'], bombs: ['nuke'] });
  put(t, 'W1', 'blue', 'walker', '0102');
  put(t, 'WA', 'yellow', 'walker', '0610');
  t.deck = { top: ['time-stream', 'act-blue-walkers'], pool: [], discard: [] };
  advance(t, run());
  // d6 = 3: fire the beam at the nearest unit (WA, 2 hexes) — heavy vs medium [1/2]: ☺ ☺ → push window resolved by the program
  const r = seal(t, { 0: { type: 'status', changes: {} }, 1: { type: 'status', changes: {} } }, [2, HIT, HIT, 0, MISS]);
  assert.ok(r.events.some((e) => e.type === 'dice_rolled' && (e.data as { purpose: string }).purpose === 'force beam'));
  assert.equal(r.s.units.WA.config, 'down', 'knocked down');
});

test('#66 Runaway: a reprogrammed crawler is moved by its controller on Time Stream; off its own edge wins', () => {
  let s = board('runaway');
  put(s, 'RC', 'neutral', 'crawler', '0601', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'S1', 'blue', 'squad', '0601', undefined, { config: 'hover' });
  s.deck = { top: ['opp-reprogram-crawlers', 'act-blue-squads'], pool: [], discard: [] };
  advance(s, run());
  const d = decision(s, 0);
  assert.equal(d.kind, 'reprogram');
  s = rs.apply(s, { kind: 'sealed', group: d.group!.id, commits: { 0: { type: 'reprogram', squad: 'S1' } } }, { seq: 1, rng: run().fork('x') }) as never;
  s = (s as unknown as { state: typeof s }).state;
  assert.equal(s.runawayController, 'blue');
  s.stack = [];
  s.deck = { top: ['time-stream'], pool: [], discard: [] };
  s.units.S1.gone = 'test';
  advance(s, run());
  s = seal(s, { 0: { type: 'status', changes: {} } }).s; // Blue still sets RC's status (A29)
  assert.equal(decision(s).kind, 'runaway_move');
  s = apply(s, { type: 'move', unit: 'RC', path: ['off'] }).s;
  assert.deepEqual(s.result?.winners, [0]);
});

test('#69 turn cap: the game ends as a draw after the capped turn (§12)', () => {
  const s = board('retrieval');
  s.turn = 10;
  s.deck = { top: [], pool: [], discard: ['time-stream'] };
  advance(s, run());
  assert.equal(s.result?.draw, true);
  void HIT;
});

test('#63 objects are light units for weapon effects: a force beam pushes the satellite into lava (draw); stasis freezes a flag (A18)', () => {
  let s = board('retrieval');
  s.objects.satellite = { id: 'satellite', kind: 'satellite', at: '0406', carriedBy: null, gone: null };
  put(s, 'W1', 'blue', 'walker', '0405', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0310');
  terrain(s, { '0407': 'lava' });
  activate(s, 'blue', 'walker');
  s = apply(s, { type: 'fire', unit: 'W1', weapon: 'beam1', target: 'satellite' }, [HIT]).s; // medium vs light [1/2]: ☺
  assert.equal(decision(s).kind, 'push');
  s = apply(s, { type: 'push', to: '0407' }).s;
  assert.equal(s.objects.satellite.gone, 'lava');
  assert.equal(s.result?.draw, true);
  let t = board('capture-the-flag');
  t.ts = 4;
  t.objects.yellowFlag = { id: 'yellowFlag', kind: 'yellowFlag', at: '0406', carriedBy: null, gone: null };
  t.objects.blueFlag = { id: 'blueFlag', kind: 'blueFlag', at: '0102', carriedBy: null, gone: null };
  put(t, 'W1', 'blue', 'walker', '0405', { beams: ['stasis'], bombs: ['nuke'] });
  put(t, 'W2', 'blue', 'walker', '0406');
  activate(t, 'blue', 'walker');
  t = apply(t, { type: 'fire', unit: 'W1', weapon: 'beam1', target: 'yellowFlag' }, [HIT]).s;
  assert.equal(t.objects.yellowFlag.frozen, true);
  assert.equal(problem(t, { type: 'grab', unit: 'W2', object: 'yellowFlag' }), 'frozen_object');
});

test('#59 #70 Industrial Wasteland match: round 2 swaps sides; fewer Time Stream draws as Yellow wins (§4.3, A32)', () => {
  const r = rs.setup({ scenario: 'industrial-wasteland', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: {} }, { seq: 0, rng: run().fork('x') });
  assert.ok('state' in r);
  let s = r.state;
  assert.equal(s.options.rounds, 2);
  // Round 1: seat 1 is Yellow and finishes after 9 Time Stream draws.
  s.phase = 'play'; s.turn = 1; s.tsTotal = 9;
  put(s, 'W1', 'blue', 'walker', '0405');
  put(s, 'WA', 'yellow', 'walker', '0206', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'WB', 'yellow', 'walker', '0310');
  for (const h of ['0504', '0803', '1005']) s.map[h].terrain = 'crater';
  activate(s, 'yellow', 'walker');
  s = apply(s, { type: 'fire', unit: 'WA', weapon: 'beam1', target: '0207' }, [HIT]).s; // medium force beam vs terrain (light) [1/2]
  assert.equal(s.result, null);
  assert.equal(s.round, 2);
  assert.deepEqual(s.rounds, [{ yellow: 1, completed: true, ts: 9 }]);
  assert.deepEqual(s.seatOf, { blue: 1, yellow: 0 });
  assert.equal(s.phase, 'setup');
  assert.equal(s.map['0207'].terrain, 'industry', 'a fresh map');
  // Round 2: seat 0 (now Yellow) needs 12 draws: seat 1 wins the match.
  s.phase = 'play'; s.turn = 1; s.tsTotal = 12;
  put(s, 'WA', 'yellow', 'walker', '0206', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'WB', 'yellow', 'walker', '0310');
  for (const h of ['0504', '0803', '1005']) s.map[h].terrain = 'crater';
  activate(s, 'yellow', 'walker');
  s = apply(s, { type: 'fire', unit: 'WA', weapon: 'beam1', target: '0207' }, [HIT], 0).s;
  assert.deepEqual(s.result?.winners, [1]);
});

test('#65 Runaway: its laser shoots at the first bomb dropped into its hex while loaded (§4.4)', () => {
  let s = board('runaway');
  put(s, 'RC', 'neutral', 'crawler', '0608', { beams: ['laser'], bombs: ['nuke'] });
  put(s, 'W1', 'blue', 'walker', '0606', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W2', 'blue', 'walker', '0310');
  activate(s, 'blue', 'walker');
  const r = apply(s, { type: 'fire', unit: 'W1', weapon: 'bomb1', target: '0608' }, [HIT]); // heavy laser at 0-2 hexes fires as heavy: [1/3] vs the light bomb
  s = r.s;
  assert.ok(r.events.some((e) => e.type === 'bomb_destroyed'));
  assert.equal(s.units.RC.weapons[0].loaded, false);
});

test('A8 option meleeRequiresReady: off by default (buttoned may melee), on refuses a buttoned attacker', () => {
  const s = board();
  put(s, 'W1', 'blue', 'walker', '0405', undefined, { status: 'buttoned' });
  put(s, 'WA', 'yellow', 'walker', '0405');
  activate(s, 'blue', 'walker');
  assert.equal(problem(s, { type: 'melee', unit: 'W1', target: 'WA' }), null);
  s.options.meleeRequiresReady = true;
  assert.equal(problem(s, { type: 'melee', unit: 'W1', target: 'WA' }), 'not_ready');
});

test('labels and descriptions speak the rulebook for every candidate (optional Ruleset parts)', () => {
  const s = board();
  put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['force', 'stasis'], bombs: ['nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0407');
  activate(s, 'blue', 'crawler');
  const v = rs.view(s, 0);
  const d = decision(s);
  for (const a of rs.candidates(s, 0, d, 64, run().fork('c')).actions) assert.ok(rs.label!(v, 0, a).length > 3);
  assert.equal(rs.label!(v, 0, { type: 'fire', unit: 'C1', weapon: 'beam2', target: 'WA' }), 'C1 fires its medium stasis ray at WA');
  assert.equal(rs.describe!(v, { type: 'card_drawn', data: { card: 'time-stream' } }), 'Card drawn: time-stream');
});

test('#63 continuous fire at objects: after a hit on an object the force beam or stasis ray may roll again one size lighter (§7.7 "same target", §13 A18)', () => {
  let s = board('retrieval');
  s.objects.satellite = { id: 'satellite', kind: 'satellite', at: '0406', carriedBy: null, gone: null };
  put(s, 'C1', 'blue', 'crawler', '0405', { beams: ['force'], bombs: ['nuke'] });
  activate(s, 'blue', 'crawler');
  s = apply(s, { type: 'fire', unit: 'C1', weapon: 'beam1', target: 'satellite' }, [HIT, MISS, MISS]).s; // heavy vs light [1/3]
  s = apply(s, { type: 'push', to: '0407' }).s;
  assert.equal(s.objects.satellite.at, '0407');
  let d = decision(s);
  assert.equal(d.kind, 'continue');
  assert.deepEqual(d.exposes, { target: 'satellite', size: 'medium' });
  const r = apply(s, { type: 'continue', go: true }, [MISS, HIT]); // medium vs light [1/2]
  assert.equal(rolls(r.events)[0].faces.length, 2);
  s = r.s;
  assert.equal(decision(s).kind, 'push');
  s = apply(s, { type: 'push', to: '0408' }).s;
  d = decision(s);
  assert.equal(d.kind, 'continue');
  assert.equal((d.exposes as { size: string }).size, 'light');
  s = apply(s, { type: 'continue', go: true }, [HIT]).s; // light vs light [1/1]
  s = apply(s, { type: 'push', to: null }).s;
  assert.equal(decision(s).kind, 'activation', 'a light beam gets no re-roll');
  // stasis: continuous while it hits, and it stops once the object is frozen (§7.9.6 step 5)
  let t = board('capture-the-flag');
  t.ts = 3;
  t.objects.yellowFlag = { id: 'yellowFlag', kind: 'yellowFlag', at: '0406', carriedBy: null, gone: null };
  t.objects.blueFlag = { id: 'blueFlag', kind: 'blueFlag', at: '0102', carriedBy: null, gone: null };
  put(t, 'C1', 'blue', 'crawler', '0405', { beams: ['stasis'], bombs: ['nuke'] });
  activate(t, 'blue', 'crawler');
  t = apply(t, { type: 'fire', unit: 'C1', weapon: 'beam1', target: 'yellowFlag' }, [HIT, MISS, MISS]).s;
  assert.equal(t.objects.yellowFlag.stasis, 1);
  assert.equal(decision(t).kind, 'continue');
  t = apply(t, { type: 'continue', go: true }, [HIT, MISS]).s;
  assert.equal(t.objects.yellowFlag.stasis, 2);
  assert.equal(t.objects.yellowFlag.frozen, true, 'third Time Stream: frozen at 2+');
  assert.equal(decision(t).kind, 'activation', 'no re-roll at a frozen object');
});

test('#67 neutral unit: the runaway crawler threatens both sides (nearest unit of either colour) and both sides may laser its bombs, sealed (§4.4 "nearest hex containing units", A29, §10.4)', () => {
  const s = board('runaway');
  terrain(s, { '0606': 'clear', '0607': 'clear', '0608': 'clear', '0609': 'clear', '0610': 'clear', '0611': 'clear' });
  put(s, 'RC', 'neutral', 'crawler', '0608', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'W1', 'blue', 'walker', '0611', { beams: ['laser'], bombs: ['nuke'] });
  put(s, 'WA', 'yellow', 'walker', '0610', { beams: ['laser'], bombs: ['nuke'] });
  s.deck = { top: ['time-stream', 'act-blue-walkers'], pool: [], discard: [] };
  advance(s, run());
  // d6 = 4: fire the bomb at the nearest hex holding units — Yellow's walker (2 hexes), not Blue's (3)
  const r = seal(s, { 0: { type: 'status', changes: {} }, 1: { type: 'status', changes: {} } }, [3]);
  const launched = r.events.find((e) => e.type === 'bomb_launched')!.data as { owner: string; target: string };
  assert.deepEqual([launched.owner, launched.target], ['neutral', '0610']);
  const l0 = decision(r.s, 0);
  const l1 = decision(r.s, 1);
  assert.equal(l0.kind, 'lasers');
  assert.equal(l1.kind, 'lasers');
  assert.equal(l0.group?.mode, 'sealed', 'the two sides commit their lasers without seeing each other\'s');
  assert.equal(l0.group?.id, l1.group?.id);
  const after = seal(r.s, { 0: { type: 'lasers', fire: [{ unit: 'W1', weapon: 'beam1', at: 'launch' }] }, 1: { type: 'lasers', fire: [{ unit: 'WA', weapon: 'beam1', at: 'target' }] } }, [MISS, MISS, MISS, MISS]);
  assert.equal(after.events.filter((e) => e.type === 'dice_rolled' && (e.data as { purpose: string }).purpose === 'laser').length, 2, 'both sides\' lasers fire at the neutral bomb');
  assert.ok(after.events.some((e) => e.type === 'bomb_detonated'));
  // either side may fire at the neutral crawler
  const t = board('runaway');
  put(t, 'RC', 'neutral', 'crawler', '0608', { beams: ['force'], bombs: ['nuke'] });
  put(t, 'W1', 'blue', 'walker', '0606', { beams: ['force'], bombs: ['nuke'] });
  put(t, 'WA', 'yellow', 'walker', '0610', { beams: ['force'], bombs: ['nuke'] });
  terrain(t, { '0606': 'clear', '0607': 'clear', '0608': 'clear', '0609': 'clear', '0610': 'clear' });
  activate(t, 'blue', 'walker');
  assert.equal(problem(t, { type: 'fire', unit: 'W1', weapon: 'beam1', target: 'RC' }), null);
  t.stack.pop();
  activate(t, 'yellow', 'walker');
  assert.equal(problem(t, { type: 'fire', unit: 'WA', weapon: 'beam1', target: 'RC' }), null);
});

test('#66 A29 a reprogrammed runaway crawler follows the Time Stream status changes, decided by its controller; offline it is not moved (§5.4 step 4)', () => {
  let s = board('runaway');
  put(s, 'RC', 'neutral', 'crawler', '0604', { beams: ['force'], bombs: ['nuke'] });
  put(s, 'S1', 'blue', 'squad', '0102');
  put(s, 'SA', 'yellow', 'squad', '0612');
  s.runawayController = 'blue';
  s.deck = { top: ['time-stream', 'time-stream', 'act-blue-squads'], pool: [], discard: [] };
  advance(s, run());
  const d = decision(s, 0);
  assert.equal(d.kind, 'status');
  const blueStatus = rs.candidates(s, 0, d, 8, run().fork('c')).actions as { changes: Record<string, string> }[];
  assert.ok(blueStatus.some((a) => a.changes.RC === 'offline'), 'the controller is asked about RC');
  const yellowStatus = rs.candidates(s, 1, decision(s, 1), 8, run().fork('c')).actions as { changes: Record<string, string> }[];
  assert.ok(yellowStatus.every((a) => !('RC' in a.changes)), 'the other side is not');
  assert.equal(problem(s, { type: 'status', changes: { RC: 'offline' } }, 1), 'not_your_unit');
  s = seal(s, { 0: { type: 'status', changes: { RC: 'offline' } }, 1: { type: 'status', changes: {} } }).s;
  assert.equal(s.units.RC.status, 'offline');
  assert.equal(decision(s, 0).kind, 'status', 'offline: no runaway move, the next card is drawn');
  s = seal(s, { 0: { type: 'status', changes: { RC: 'buttoned' } }, 1: { type: 'status', changes: {} } }).s;
  assert.equal(s.units.RC.status, 'buttoned');
  assert.equal(decision(s).kind, 'runaway_move');
});
