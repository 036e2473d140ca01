// Checklist item #61: drop troops (§7.6, source p.27-28). Held in reserve; whenever the owner may
// activate a unit he may instead activate a drop unit to deploy it. The drop point is at least 6"
// from any difficult terrain feature and any enemy figure; a Quality test on 3D6: 3 successes land
// on the point, each failed die scatters 1D6 (summed) in a random direction, 3 failures also land
// Pinned; the defender's AA rolls 2 / 3 / 4 kill dice (Light / Moderate / Heavy), each 5+ kills a
// landing figure, and if it fires at all the unit lands Under Fire; figures landing in woods or on
// buildings roll 1D6 (wounded on 5, killed on 6; powered armour wounded on 6; a wound kills
// without the wound rules). Dice are scripted by value: face = value + 1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, row, seats, squad, tryAct, unitOf } from './helpers.js';
import { inPlay, living, type Feature, type S } from '../../../src/games/fast-and-dirty/state.js';
import { circlePolygonDistance, edgeDistance, dist, type Pt } from '../../../src/engine/mech/geom2d.js';
import { buildVehicle, hull } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { randomPlayout } from '../../../src/engine/playout.js';

const code = (r: unknown) => (r as { code?: string }).code;
const woods: Feature = { id: 'woods', kind: 'area', points: [[3000, 3000], [4000, 3000], [4000, 4000], [3000, 4000]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 600 };

/** A1: 3 Regular drop troops in reserve; B1 3 figures at y = 40". */
function reserve(name: string, options: Record<string, unknown> = {}, terrain: Feature[] = [woods]): S {
  const s = craft({ name, options, terrain, units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 3), drop: true }, at: row(1000, 300, 3) },
    { id: 'A2', side: 0, spec: squad('regular', 2), at: row(1000, 600, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  return s;
}
const activateA1 = (s: S) => act(s, { type: 'activate', unit: 'A1' }).s;
/** Drop, then keep the automatic arrangement (the owner's `arrange` decision, default); the landing rolls come with it. */
function dropKeep(o: S, at: Pt, dice: number[], landing: number[] = []) {
  const d = act(o, { type: 'drop', at }, dice);
  assert.equal(d.s.phase, 'arrange');
  const r = act(d.s, { type: 'arrange', places: [] }, landing);
  return { s: r.s, events: [...d.events, ...r.events] };
}

test('#61 drop troops start in reserve: off the table (no figures to see, target or overlap), in play, activated like any unit', () => {
  const s = reserve('dr-reserve');
  const a = unitOf(s, 'A1');
  assert.equal(a.reserve, true);
  assert.equal(living(a).length, 0);
  assert.ok(inPlay(a));
  const c = fastAndDirty.candidates(s, 0, decision(s), 10, null as never).actions;
  assert.ok(c.some((x) => x.type === 'activate' && x.unit === 'A1'));
  const o = activateA1(s);
  assert.equal(o.phase, 'order');
  const oc = fastAndDirty.candidates(o, 0, decision(o), 10, null as never).actions;
  assert.ok(oc.some((x) => x.type === 'drop'), 'drop points are offered');
  for (const x of oc) assert.equal(code(tryAct(o, x, faces(6, 6, 6, 1, 1))), undefined, JSON.stringify(x));
  assert.equal(code(tryAct(o, { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 900]] }], target: null, fireFirst: true })), 'in_reserve');
});

test('#61 the drop point: at least 6" from any difficult terrain feature and from any enemy figure (§7.6)', () => {
  const o = activateA1(reserve('dr-point'));
  assert.equal(code(tryAct(o, { type: 'drop', at: [2400, 3500] })), undefined, 'exactly 6" from the woods\' edge at x = 30"');
  assert.equal(code(tryAct(o, { type: 'drop', at: [2401, 3500] })), 'near_terrain');
  assert.equal(code(tryAct(o, { type: 'drop', at: [3500, 3500] })), 'near_terrain', 'inside the woods');
  // B1's nearest figure: (10", 40"), 0.5" base: its edge at y = 39.5"; 6" away is y = 33.5".
  assert.equal(code(tryAct(o, { type: 'drop', at: [1000, 3350] })), undefined);
  assert.equal(code(tryAct(o, { type: 'drop', at: [1000, 3351] })), 'near_enemy');
});

test('#61 3 successes: the unit lands on the point, arranged coherently; the defender\'s Light AA rolls 2 kill dice, each 5+ kills; it lands Under Fire; the drop is its activation', () => {
  const o = activateA1(reserve('dr-exact'));
  // Drop test 3D6 (Regular 3+): 4 4 4; AA 2 dice: 5 and 2 → one kill; pick the first figure.
  const r = dropKeep(o, [2000, 2000], [...faces(4, 4, 4, 5, 2), 0]);
  const d = evOf(r.events, 'drop')[0];
  assert.equal(d.successes, 3);
  assert.deepEqual(d.landing, [2000, 2000]);
  assert.equal(evOf(r.events, 'aa_fire')[0].killed.length, 1);
  const a = unitOf(r.s, 'A1');
  assert.equal(a.reserve, false);
  assert.equal(living(a).length, 2);
  for (const f of living(a)) assert.ok(dist(f.at, [2000, 2000]) <= 300, `${f.id} round the point`);
  assert.ok(edgeDistance(living(a)[0].at, 50, living(a)[1].at, 50) <= 400, 'coherent (4")');
  assert.equal(a.underFire, true);
  assert.ok(!a.pinned);
  assert.equal(a.activated, true);
  assert.equal(r.s.phase, 'activate');
  assert.equal(r.s.toAct, 1, 'the other side activates next');
});

test('#61 each failed die scatters 1D6, summed, in a random direction; 3 failures also land Pinned; heavier AA rolls more dice (§7.6)', () => {
  const o = activateA1(reserve('dr-scatter'));
  // 4 1 1: two failures → scatter 3 + 4 = 7"; direction picks (value = x + 1000): (0, +1000) straight up the table.
  const r = dropKeep(o, [2000, 2000], [...faces(4, 1, 1, 3, 4), 1000, 2000, ...faces(1, 1)]);
  const d = evOf(r.events, 'drop')[0];
  assert.equal(d.successes, 1);
  assert.equal(d.scatter, 7);
  assert.deepEqual(d.landing, [2000, 2700]);
  assert.ok(!unitOf(r.s, 'A1').pinned);
  const p = activateA1(reserve('dr-pinned', { antiAircraft: { 1: 'heavy' } }));
  const q = dropKeep(p, [2000, 2000], [...faces(1, 1, 1, 1, 1, 1), 1000, 2000, ...faces(1, 1, 1, 1)]);
  assert.equal(evOf(q.events, 'drop')[0].scatter, 3);
  assert.equal(evOf(q.events, 'dice_rolled').find((e) => e.purpose === 'aa_fire')!.faces.length, 4, 'Heavy: 4 kill dice');
  const a = unitOf(q.s, 'A1');
  assert.equal(a.pinned, true);
  assert.equal(a.underFire, true);
});

test('#61 figures landing in woods roll 1D6: killed on 5+ (a wound kills without the wound rules)', () => {
  const o = activateA1(reserve('dr-woods'));
  // 4 1 1: two failures → scatter 4 + 5 = 9" straight up from (35", 24") into the woods at (35", 33").
  const r = dropKeep(o, [3500, 2400], [...faces(4, 1, 1, 4, 5), 1000, 2000, ...faces(1, 1)], faces(5, 4, 6));
  assert.deepEqual(evOf(r.events, 'drop')[0].landing, [3500, 3300]);
  const rolls = evOf(r.events, 'dice_rolled').filter((e) => e.purpose === 'drop_hazard');
  assert.equal(rolls.length, 3, 'each figure in the woods rolls');
  assert.deepEqual(evOf(r.events, 'drop_casualties')[0].killed.length, 2, '5 and 6 kill, 4 does not');
  assert.equal(living(unitOf(r.s, 'A1')).length, 1);
});

test('#61 a unit held in reserve may hold (stay in reserve); it cannot declare a Last Stand', () => {
  const o = activateA1(reserve('dr-hold'));
  const r = act(o, { type: 'engage', moves: [], target: null, fireFirst: true });
  assert.equal(unitOf(r.s, 'A1').reserve, true);
  assert.equal(unitOf(r.s, 'A1').activated, true);
  assert.equal(code(tryAct(reserve('dr-stand'), { type: 'activate', unit: 'A1', lastStand: true })), 'in_reserve');
});

test('#61 the owner arranges the landed figures: within 6" of the landing point, coherent, not overlapping; the default keeps the automatic arrangement; woods are rolled for where they are arranged (§7.6)', () => {
  const o = activateA1(reserve('dr-arrange'));
  // 3 successes on (20", 20"); AA 2 and 2: no kill.
  const d = act(o, { type: 'drop', at: [2000, 2000] }, faces(4, 4, 4, 2, 2));
  assert.equal(d.s.phase, 'arrange');
  const dec = decision(d.s);
  assert.equal(dec.seat, 0);
  assert.equal(dec.kind, 'arrange');
  assert.deepEqual((dec.exposes as { landing: Pt }).landing, [2000, 2000]);
  assert.equal(evOf(d.events, 'landed').length, 0, 'not landed before the arrangement');
  assert.deepEqual(fastAndDirty.defaultAction!(d.s, dec), { type: 'arrange', places: [] });
  const places = [{ fig: 'A1.1', at: [2000, 2400] as Pt }, { fig: 'A1.2', at: [2000, 2200] as Pt }, { fig: 'A1.3', at: [2000, 2000] as Pt }];
  const r = act(d.s, { type: 'arrange', places });
  assert.deepEqual(living(unitOf(r.s, 'A1')).map((f) => f.at), [[2000, 2400], [2000, 2200], [2000, 2000]]);
  assert.equal(evOf(r.events, 'landed').length, 1);
  assert.equal(unitOf(r.s, 'A1').underFire, true);
  assert.equal(r.s.phase, 'activate');
  assert.equal(code(tryAct(d.s, { type: 'arrange', places: [{ fig: 'A1.1', at: [2000, 2700] }] })), 'too_far');
  assert.equal(code(tryAct(d.s, { type: 'arrange', places: [{ fig: 'A1.1', at: [2000, 2580] }, { fig: 'A1.2', at: [1500, 2000] }] })), 'incoherent');
  assert.equal(code(tryAct(d.s, { type: 'arrange', places: [{ fig: 'A1.1', at: [2000, 2200] }, { fig: 'A1.2', at: [2050, 2200] }] })), 'overlap');
  assert.equal(code(tryAct(d.s, { type: 'arrange', places: [{ fig: 'B1.1', at: [2000, 2000] }] })), 'not_a_figure');
  // Scattered 9" into the woods (landing (35", 33"), woods from y = 30"): figures arranged out of the woods do not roll.
  const w = act(activateA1(reserve('dr-arrange-woods')), { type: 'drop', at: [3500, 2400] }, [...faces(4, 1, 1, 4, 5), 1000, 2000, ...faces(1, 1)]);
  const into = act(w.s, { type: 'arrange', places: [{ fig: 'A1.1', at: [3500, 2900] }, { fig: 'A1.2', at: [3500, 3120] }, { fig: 'A1.3', at: [3500, 2750] }] }, faces(6));
  assert.deepEqual(evOf(into.events, 'dice_rolled').filter((e) => e.purpose === 'drop_hazard').map((e) => e.figure), ['A1.2']);
  assert.deepEqual(evOf(into.events, 'drop_casualties')[0].killed, ['A1.2']);
});

test('bots sample real drop arrangements: random playouts with drop troops answer a landing with a non-empty arrangement at least once over a few seeds', () => {
  const sq = (name: string, extra: Record<string, unknown> = {}) => ({ name, quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 4 }], ...extra });
  const forces = { 0: [sq('Paras', { drop: true }), sq('Rifles')], 1: [sq('Stormers', { drop: true }), sq('Guards')] };
  let arranged = 0;
  for (let i = 0; i < 4 && !arranged; i++) {
    randomPlayout(fastAndDirty, {
      scenario: 'firefight', seats, options: { forces, turnLimit: 3 }, seed: `fad-arrange-${i}`, gameId: 'arr', maxEntries: 400, hashChain: false,
      onEntry: (_k, e) => { if (e && (e as { action?: { type?: string; places?: unknown[] } }).action?.type === 'arrange' && ((e as { action: { places: unknown[] } }).action.places.length)) arranged++; },
    });
  }
  assert.ok(arranged > 0, 'no playout arranged a landing by hand');
});

test('#61 #84 a drop\'s automatic arrangement puts no figure inside a vehicle\'s hull rectangle, and the owner\'s arrangement may not either (§7.6, §3.2)', () => {
  // A's light tank (5.5" × 2.8", heading north) centred at (20", 22"): its hull reaches down to y 19.25", past the inscribed circle
  // (1.4") that a figure at (20", 20") only touches; the automatic line round the drop point (20", 20") would stand one there.
  const mk = (name: string) => {
    const s = reserve(name);
    const t = buildVehicle({ name: 'T', vehicle: 'lightTank', quality: 'regular' }, 'T', 0, [2000, 2200]);
    t.vehicle!.heading = 0;
    s.units.push(t);
    // 3 successes on (20", 20"); AA 2 and 2: no kill.
    const d = act(activateA1(s), { type: 'drop', at: [2000, 2000] }, faces(4, 4, 4, 2, 2));
    assert.equal(d.s.phase, 'arrange');
    return d.s;
  };
  const s = mk('dr-hull');
  const inHull = (p: Pt, r: number) => circlePolygonDistance(p, r - 1, hull(unitOf(s, 'T'))) === 0;
  const figs = living(unitOf(s, 'A1'));
  assert.equal(figs.length, 3);
  assert.deepEqual(figs.filter((f) => inHull(f.at, f.r)).map((f) => f.id), [], 'no automatic place in the hull');
  const kept = act(s, { type: 'arrange', places: [] });
  assert.equal(evOf(kept.events, 'landed').length, 1);
  // The owner's place inside the hull (outside its inscribed circle) is refused.
  assert.equal(code(tryAct(mk('dr-hull-own'), { type: 'arrange', places: [{ fig: 'A1.2', at: [2000, 1990] }] })), 'overlap');
});
