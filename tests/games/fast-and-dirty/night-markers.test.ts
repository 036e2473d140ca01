// Checklist items #46 (night fighting, §7.16, with the night changes to hidden movement of §7.10
// p.34) and #92 (deployment, §4.2): each side's 1D6 extra dummy markers at night, which belong to no
// unit (A35), and the spotter's own pick of the marker it tests. The other side must not tell a
// dummy from a hidden unit's marker (§8.1): at night every seat but the owner sees a side's markers
// in one anonymous list, ids given by position, and the events reach it in the same anonymous form.
// Dice are scripted by value: face = value + 1 (`faces` converts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as kernel from '../../../src/engine/kernel.js';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { copyJson } from '../../../src/engine/mech/json.js';
import { localRng, scriptedRng } from '../../../src/engine/rng.js';
import { isViolation, type GameEvent } from '../../../src/engine/types.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, seats, squad, tryAct, unitOf } from './helpers.js';

const rs = fastAndDirty;
const code = (r: unknown) => (r as { code?: string }).code;
const area = (id: string, points: Pt[]): Feature => ({ id, kind: 'area', points, move: 'impassable', cover: 'hard', los: 'block', height: 500 });
/** A long building across the table at y 13-15": side 0's zone is out of sight of side 1's. */
const barracks = area('barracks', [[0, 1300], [4800, 1300], [4800, 1500], [0, 1500]]);

/** Firefight at night with Hidden movement (sealed deployment unless told otherwise) behind the barracks; the set-up's two dummy rolls scripted. */
function nightGame(name: string, dummyRolls: [number, number], options: Record<string, unknown> = { sealedDeployment: true }): S {
  const r = kernel.setupGame(rs, { scenario: 'firefight', seats, options: { night: true, hiddenMovement: true, ...options } }, scriptedRng(faces(...dummyRolls)));
  if (isViolation(r)) throw new Error(r.code);
  const s = copyJson(r.k.s);
  s.scenario = `test:${name}`;
  s.terrain = [barracks];
  return s;
}
const decOf = (s: S, seat: 0 | 1) => rs.pending(s).find((d) => d.seat === seat)!;
function deploy(s: S, c0: Action, c1: Action = { type: 'deploy', placements: [] }) {
  const r = rs.apply(s, { kind: 'sealed', group: 'deploy', commits: { 0: c0, 1: c1 } }, { seq: 1, rng: scriptedRng([], 'night-deploy') });
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
  return { s: r.state, events: r.events };
}
/** The events as a seat (or the public, null) receives them during play. */
const slice = (events: GameEvent[], seat: 0 | 1 | null) => kernel.eventsFor(events, seat, false);

// Five places 8" apart along y = 3" in side 0's zone.
const P: Pt[] = [[600, 300], [1400, 300], [2200, 300], [3000, 300], [3800, 300]];
/** Side 0 deploys A1 hidden at three of the places and dummies at the rest (P3 twice: a unit's marker and a dummy share it). */
const commit = (unit: number[], dummies: number[]): Action => ({ type: 'deploy', placements: [], hidden: [{ unit: 'A1', markers: unit.map((i) => P[i]) as [Pt, Pt, Pt] }], dummies: dummies.map((i) => P[i]) });
const X = commit([0, 1, 2], [2, 3, 4]);
const Y = commit([2, 3, 4], [0, 1, 2]);
const Z = commit([1, 2, 3], [0, 2, 4]);

test('#46 #92 night dummies: each side rolls 1D6 dummy markers at set-up and places them with its deployment, in its zone out of sight of the enemy\'s, at most its roll; by day there are none (§4.2, §7.10 p.34)', () => {
  const s = nightGame('dummies', [3, 2]);
  assert.deepEqual(s.dummiesDue, [3, 2]);
  assert.deepEqual(decOf(s, 0).exposes, { zone: [0, 0, 4800, 1200], dummies: 3 });
  assert.deepEqual(decOf(s, 1).exposes, { zone: [0, 3600, 4800, 4800], dummies: 2 });
  const v = (seat: 0 | 1, a: Action) => rs.validate(s, seat, decOf(s, seat), a)?.code ?? null;
  assert.equal(v(0, { type: 'deploy', placements: [], dummies: [P[0], P[1], P[2]] }), null);
  assert.equal(v(0, { type: 'deploy', placements: [], dummies: [P[0], P[1], P[2], P[3]] }), 'too_many_dummies', 'side 0 rolled 3');
  assert.equal(v(0, { type: 'deploy', placements: [], dummies: [[600, 1250]] }), 'outside_deployment_zone');
  assert.equal(v(0, { type: 'deploy', placements: [], dummies: [[600, 300], [4900, 300]] }), 'off_table');
  const open = copyJson(s);
  open.scenario = 'test:dummies-open';
  open.terrain = [];
  assert.equal(rs.validate(open, 0, decOf(open, 0), { type: 'deploy', placements: [], dummies: [P[0]] })?.code, 'in_enemy_los', 'seen from the enemy zone, as a hidden unit\'s marker would be');
  const r = deploy(s, { type: 'deploy', placements: [], dummies: [P[3], P[0]] });
  assert.deepEqual(r.s.markers, [{ id: 'm1', side: 0, at: P[0], dummy: true }, { id: 'm2', side: 0, at: P[3], dummy: true }], 'belonging to no unit, ids by position');
  assert.equal(r.s.dummiesDue, undefined, 'dummies not placed are forfeit');
  assert.ok(r.s.units.every((u) => !u.hidden));
  // By day (or without Hidden movement) no dummies are rolled and none may be placed.
  const day = kernel.setupGame(rs, { scenario: 'firefight', seats, options: { hiddenMovement: true, sealedDeployment: true } }, scriptedRng([]));
  if (isViolation(day)) throw new Error(day.code);
  assert.equal(day.k.s.dummiesDue, undefined);
  assert.equal(rs.validate(day.k.s, 0, decOf(day.k.s, 0), { type: 'deploy', placements: [], dummies: [P[0]] })?.code, 'no_dummies');
});

test('#92 night dummies without sealed deployment: the deploy group opens for the dummies alone; placing figures or hidden units is refused (§4.2)', () => {
  const s = nightGame('dummies-only', [1, 4], {});
  assert.equal(s.phase, 'deploy');
  assert.deepEqual(decOf(s, 1).exposes, { zone: [0, 3600, 4800, 4800], dummies: 4 });
  assert.equal(rs.validate(s, 0, decOf(s, 0), { type: 'deploy', placements: [{ fig: 'A1.1', at: [650, 500] }] })?.code, 'no_sealed_deployment');
  assert.equal(rs.validate(s, 0, decOf(s, 0), { type: 'deploy', placements: [], hidden: [{ unit: 'A1', markers: [P[0], P[1], P[2]] }] })?.code, 'no_sealed_deployment');
  const r = deploy(s, { type: 'deploy', placements: [], dummies: [P[4]] });
  assert.deepEqual(r.s.markers?.map((m) => m.at), [P[4]]);
  assert.equal(r.s.phase, 'initiative');
  // By day without the option the game starts as before.
  const day = kernel.setupGame(rs, { scenario: 'firefight', seats, options: { hiddenMovement: true } }, scriptedRng([]));
  if (isViolation(day)) throw new Error(day.code);
  assert.equal(day.k.s.phase, 'initiative');
});

test('#46 #92 night markers, no leak: side 1\'s view and log slice are the same whichever of side 0\'s markers are dummies: one anonymous list {id, side, at} ordered by id, ids by position, no unit named, no figure placed (§8.1)', () => {
  const games = [X, Y, Z].map((c) => deploy(nightGame('no-leak', [3, 1]), c));
  const [x, y, z] = games;
  for (const seat of [1, null] as const) {
    const views = games.map((g) => rs.view(g.s, seat));
    assert.deepEqual(views[1], views[0], `seat ${seat}: X and Y look the same`);
    assert.deepEqual(views[2], views[0], `seat ${seat}: X and Z look the same`);
    assert.deepEqual(slice(y.events, seat), slice(x.events, seat), `seat ${seat}: the same log`);
    assert.deepEqual(slice(z.events, seat), slice(x.events, seat), `seat ${seat}: the same log`);
  }
  const theirs = rs.view(x.s, 1);
  assert.deepEqual(theirs.markers!.map((m) => Object.keys(m).sort()), Array(6).fill(['at', 'id', 'side']), 'every marker has the same fields');
  assert.deepEqual(theirs.markers!.map((m) => m.id), ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'], 'ordered by id');
  assert.deepEqual(theirs.markers!.map((m) => m.at), [P[0], P[1], P[2], P[2], P[3], P[4]], 'ids follow the places');
  const a1 = unitOf(theirs, 'A1');
  assert.deepEqual(a1.hidden, { markers: [] }, 'no marker under the unit');
  assert.ok(a1.figures.every((f) => f.at[0] === 0 && f.at[1] === 0), 'no figure position');
  assert.ok(!JSON.stringify(theirs).includes('"dummy"') && !JSON.stringify(slice(x.events, 1)).includes('"dummy'), 'no dummy flag');
  const dep = slice(x.events, 1).find((e) => e.type === 'deployed' && (e.data as { side: number }).side === 0)!.data;
  assert.deepEqual(dep, { side: 0, placed: 0, hidden: ['A1'], markers: theirs.markers!.map((m) => ({ id: m.id, at: m.at })) }, 'which units deployed hidden, and where markers stand');
  // The owner sees its dummies and its unit's markers apart; in Z they interleave in id order.
  const own = (g: { s: S }) => ({ dummies: rs.view(g.s, 0).markers!.filter((m) => m.dummy).map((m) => m.id), unit: unitOf(rs.view(g.s, 0), 'A1').hidden!.markers.map((m) => m.id!) });
  const ox = own(x), oz = own(z);
  assert.equal(ox.dummies.length, 3);
  assert.deepEqual([...ox.dummies, ...ox.unit].sort(), ['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  const num = (ids: string[]) => ids.map((i) => Number(i.slice(1)));
  assert.ok(Math.min(...num(oz.dummies)) < Math.min(...num(oz.unit)) && Math.max(...num(oz.dummies)) > Math.max(...num(oz.unit)), 'ids are not numbered by kind');
  assert.notDeepEqual(rs.view(y.s, 0), rs.view(x.s, 0), 'the owner tells them apart');
  // determinize from side 1's view deals the markers out again and shows side 1 the same view.
  const det = rs.determinize!(structuredClone(theirs), 1, localRng('night-det'));
  assert.deepEqual(rs.view(det, 1), theirs);
  assert.equal(unitOf(det, 'A1').hidden!.markers.length >= 1, true);
});

/** After deployment: walls at x 25.5-26" and 34-34.5" from the edge to the barracks; B1 (Regular) between them at y 9-11.2" sees only P4 (3000, 300). B1 to give its order. */
function spotScene(d: { s: S }, name: string): S {
  const s = copyJson(d.s);
  s.scenario = `test:${name}`;
  s.terrain = [barracks, area('west', [[2550, 0], [2600, 0], [2600, 1300], [2550, 1300]]), area('east', [[3400, 0], [3450, 0], [3450, 1300], [3400, 1300]])];
  unitOf(s, 'B1').figures.forEach((f, i) => { f.at = [2780 + 220 * (i % 3), 900 + 220 * Math.floor(i / 3)]; });
  Object.assign(s, { phase: 'order', active: 'B1', toAct: 1 });
  s.step++;
  return s;
}

test('#46 night markers, no leak: a failed spotting test on a dummy and on a unit\'s marker (of three) reach side 1 alike; a success removes the dummy or reveals the unit (§7.10 p.34, §8.1)', () => {
  // (The terrain caches are keyed by scenario: one name for the deployment, another for the walls.)
  const x = spotScene(deploy(nightGame('spot-deploy', [3, 1]), X), 'spot-walls');
  const y = spotScene(deploy(nightGame('spot-deploy', [3, 1]), Y), 'spot-walls');
  // P4 is m5: a dummy in X, A1's marker 2 in Y. B1 Regular (3+) rolls 1: failed.
  const fx = act(x, hold, faces(1)), fy = act(y, hold, faces(1));
  for (const seat of [1, null] as const) {
    assert.deepEqual(slice(fy.events, seat), slice(fx.events, seat), `seat ${seat}: the same log`);
    assert.deepEqual(rs.view(fy.s, seat), rs.view(fx.s, seat), `seat ${seat}: the same view`);
  }
  const removed = slice(fx.events, 1).filter((e) => e.type === 'marker_removed' || e.type === 'night_spotting').map((e) => e.data);
  assert.deepEqual(removed, [{ unit: 'B1', marker: 'm5', success: false }, { marker: 'm5' }]);
  assert.deepEqual(slice(fx.events, 0).find((e) => e.type === 'marker_removed')!.data, { marker: 'm5', dummy: true }, 'the owner hears it was a dummy');
  assert.deepEqual(slice(fy.events, 0).find((e) => e.type === 'marker_removed')!.data, { unit: 'A1', marker: 2, id: 'm5' });
  assert.deepEqual(unitOf(fy.s, 'A1').hidden!.markers.map((m) => m.id), unitOf(y, 'A1').hidden!.markers.filter((m) => m.id !== 'm5').map((m) => m.id), 'two markers left: no reveal');
  assert.equal(evOf(fy.events, 'revealed').length, 0);
  assert.equal(decision(fx.s).kind, 'activate', 'nothing to pick: one marker seen by one unit');
  // A 6 succeeds: the dummy goes, the unit is revealed there (its owner does not choose).
  const sx = act(x, hold, faces(6)), sy = act(y, hold, faces(6));
  assert.equal(sx.s.markers!.some((m) => m.id === 'm5'), false);
  assert.equal(evOf(sx.events, 'revealed').length, 0);
  assert.deepEqual(evOf(sy.events, 'revealed')[0], { unit: 'A1', marker: 2, at: P[3], why: 'spotted', id: 'm5', removed: unitOf(y, 'A1').hidden!.markers.filter((m) => m.id !== 'm5').map((m) => m.id) });
  assert.equal(unitOf(sy.s, 'A1').hidden, null);
});

/**
 * A1 (3 Regulars) hidden at night behind a wall from x 5" to 16" (markers m1-m3 at its centre,
 * 12.2", 5"), with a dummy m4 at (20", 5"); B1 (3 Rabble, 5+) at y 20" and B2 (3 Elite, 2+) at
 * y 23", both at x 10-14.4". A1 to move its markers.
 */
function hiddenScene(name: string): S {
  const wall: Feature = { ...area('wall', [[500, 900], [1600, 900], [1600, 1000], [500, 1000]]), height: 300 };
  const s = craft({ name, active: 'A1', terrain: [wall], options: { hiddenMovement: true, night: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('rabble', 3), at: row(1000, 2000, 3) },
    { id: 'B2', side: 1, spec: squad('elite', 3), at: row(1000, 2300, 3) },
  ] });
  delete s.dummiesDue;
  const h = act(s, { type: 'hide' }).s;
  h.markers = [{ id: 'm4', side: 0, at: [2000, 500], dummy: true }];
  h.markerSeq = 4;
  return h;
}
/** Marker 1 steps round the end of the wall into both B units' sight (the dummy is in sight already). */
const stepOut: Action = { type: 'markers', moves: [{ marker: 1, path: [[1800, 600]] }] };

test('#46 night spotting: the spotting side picks which spotted marker is tested and which of its units that see it tests (default: the first by id, the first unit); a dummy goes whatever the die; a unit\'s last marker is revealed with no test (§7.10 p.34)', () => {
  const h = hiddenScene('pick');
  assert.deepEqual(h.units.find((u) => u.id === 'A1')!.hidden!.markers.map((m) => m.id), ['m1', 'm2', 'm3']);
  const r = act(h, stepOut);
  // The move reaches side 1 as the one marker that moved with A1; the owner's event lists all three.
  const moved = r.events.find((e) => e.type === 'markers_moved')!;
  assert.deepEqual(moved.others, { unit: 'A1', markers: [{ id: 'm1', at: [1800, 600] }] });
  assert.deepEqual((moved.data as { markers: unknown[] }).markers.length, 3);
  const d = decision(r.s);
  assert.equal(d.kind, 'spot');
  assert.equal(d.seat, 1);
  assert.equal(d.timing, 'reaction');
  assert.deepEqual(d.exposes, { markers: [{ id: 'm1', at: [1800, 600], spotters: ['B1', 'B2'] }, { id: 'm4', at: [2000, 500], spotters: ['B1', 'B2'] }] });
  assert.deepEqual(rs.defaultAction(r.s, d), { type: 'spot', marker: 'm1', by: 'B1' });
  assert.equal(code(tryAct(r.s, { type: 'spot', marker: 'm2' })), 'not_spotted', 'm2 is behind the wall');
  assert.equal(code(tryAct(r.s, { type: 'spot', marker: 'm1', by: 'A1' })), 'not_a_spotter');
  assert.equal(rs.candidates(r.s, 1, d, 20, localRng('c')).actions.length, 4);
  // The dummy first, tested by the Elite B2 (3 ≥ 2): removed; A1 is still hidden; then m1 is left to pick, by B1 or B2.
  const dummy = act(r.s, { type: 'spot', marker: 'm4', by: 'B2' }, faces(3));
  assert.deepEqual(evOf(dummy.events, 'night_spotting')[0], { unit: 'B2', marker: 'm4', success: true, target: null });
  assert.deepEqual(dummy.s.markers, []);
  assert.equal(evOf(dummy.events, 'revealed').length, 0);
  assert.deepEqual(decision(dummy.s).exposes, { markers: [{ id: 'm1', at: [1800, 600], spotters: ['B1', 'B2'] }] });
  // m1 by the Rabble B1: 3 fails (5+), removed as a dummy; A1 keeps m2 and m3 out of sight.
  const fail = act(dummy.s, { type: 'spot', marker: 'm1', by: 'B1' }, faces(3));
  assert.deepEqual(unitOf(fail.s, 'A1').hidden!.markers.map((m) => m.id), ['m2', 'm3']);
  assert.equal(decision(fail.s).kind, 'activate');
  // m1 by the Elite B2: 3 passes: A1 is revealed there.
  const ok = act(dummy.s, { type: 'spot', marker: 'm1', by: 'B2' }, faces(3));
  assert.deepEqual(evOf(ok.events, 'revealed')[0].at, [1800, 600]);
  assert.equal(unitOf(ok.s, 'A1').hidden, null);
  // A unit's last marker: revealed with no test, whoever is named.
  const last = copyJson(h);
  unitOf(last, 'A1').hidden!.markers = unitOf(last, 'A1').hidden!.markers.slice(0, 1);
  last.markers = [];
  const one = act(act(last, stepOut).s, { type: 'spot', marker: 'm1', by: 'B1' });
  assert.equal(evOf(one.events, 'dice_rolled').length, 0);
  assert.equal(unitOf(one.s, 'A1').hidden, null);
});

test('#46 night, Intruder: the marker is named by its id (a unit\'s or a dummy, §8.1); a success reveals the unit there or removes the dummy, even out of every enemy\'s sight (§2.7, §7.10 p.34)', () => {
  const intruder = { name: 'Hackers', quality: 'regular' as const, resolve: 'steady' as const, figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['intruder'] }] };
  const scene = (name: string) => {
    const h = hiddenScene(name);
    h.units.push(...craft({ name: `${name}-b3`, units: [{ id: 'B3', side: 1, spec: intruder, at: row(3600, 4000, 3) }] }).units);
    Object.assign(h, { phase: 'order', active: 'B3', toAct: 1 });
    h.step++;
    return h;
  };
  const hack = (marker: Record<string, unknown>): Action => ({ type: 'command', demolition: null, target: null, intrude: { fig: 'B3.3', marker } as never });
  assert.equal(code(tryAct(scene('in-unit'), hack({ unit: 'A1', n: 1 }))), 'marker_by_id');
  assert.equal(code(tryAct(scene('in-none'), hack({ id: 'm9' }))), 'not_a_marker');
  // m2 stands behind the wall, seen by nobody: the Intruder's 4 (3+) reveals A1 there.
  const r = act(scene('in-m2'), hack({ id: 'm2' }), faces(4));
  assert.deepEqual(evOf(r.events, 'revealed')[0], { unit: 'A1', marker: 2, at: [1220, 500], why: 'spotted', id: 'm2', removed: ['m1', 'm3'] });
  const d = act(scene('in-m4'), hack({ id: 'm4' }), faces(4));
  assert.deepEqual(d.s.markers, []);
  assert.ok(unitOf(d.s, 'A1').hidden);
  const c = rs.candidates(scene('in-c'), 1, decision(scene('in-c')), 50, localRng('c')).actions;
  assert.deepEqual(c.flatMap((a) => (a.type === 'command' && a.intrude?.marker ? [a.intrude.marker] : [])), [{ id: 'm1' }, { id: 'm2' }, { id: 'm3' }, { id: 'm4' }], 'the candidates name markers by id, dummies among them');
});

test('#46 #92 night markers: a random night game with hidden deployment and dummies passes the kernel\'s conformance (replay, candidates, defaults, determinize: every seat\'s view and the public decisions the same)', () => {
  const seen = new Set<string>();
  const spy = { ...rs, apply: (...args: Parameters<typeof rs.apply>) => {
    const r = rs.apply(...args);
    if (args[1].kind === 'answer' && args[1].action.type === 'spot') seen.add('spot');
    if (!isViolation(r)) for (const e of r.events) seen.add(e.type);
    return r;
  } };
  const r = checkPlayout(spy, 'hold-the-line', seats, 'night-markers-10', 3000, { night: true, hiddenMovement: true, sealedDeployment: true, turnLimit: 6 });
  assert.deepEqual(r.problems, []);
  assert.ok(r.ended);
  for (const t of ['deployed', 'spot', 'night_spotting', 'marker_removed', 'revealed']) assert.ok(seen.has(t), `the seed meets ${t}`);
});
