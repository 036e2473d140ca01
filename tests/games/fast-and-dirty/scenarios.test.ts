// Checklist items #32 (data tables), #93 (built-in scenarios S1-S4), #64 (demolitions), #67
// (non-combatant control), #97 (infantry points calculator)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, fastAndDirty, hold, row, setup, squad, tryAct, unitOf } from './helpers.js';
import { CONTENT, forceProblem, loadContent, squadCost, trooperCost } from '../../../src/games/fast-and-dirty/content.js';
import type { Feature } from '../../../src/games/fast-and-dirty/state.js';
import weaponsJson from '../../../src/games/fast-and-dirty/data/weapons.json' with { type: 'json' };
import armourJson from '../../../src/games/fast-and-dirty/data/armour.json' with { type: 'json' };
import scenariosJson from '../../../src/games/fast-and-dirty/data/scenarios.json' with { type: 'json' };

test('#32 weapon and armour tables are provisional data with the spec\'s values (SAW FE +2, Assault Rifle X5 +2, Heavy armour 3; §2.3-§2.4)', () => {
  assert.equal(CONTENT.dataset, 'fad5-provisional');
  assert.deepEqual([CONTENT.weapons.saw.fe, CONTENT.weapons.saw.x], [2, 6]);
  assert.deepEqual([CONTENT.weapons.assaultRifle.x, CONTENT.weapons.assaultRifle.damage], [5, 2]);
  assert.equal(CONTENT.weapons.flameThrower.feDice, 1, 'FE "+1D6" rolled each use');
  assert.equal(CONTENT.armour.heavy.rating, 3);
  assert.equal(CONTENT.armour.heavyPower.powered, true);
  const bad = JSON.parse(JSON.stringify(scenariosJson));
  bad.scenarios[0].forces[0][0].figures[0].weapon = 'phaser';
  assert.throws(() => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: bad }), /unknown weapon phaser/);
  const badSchema = JSON.parse(JSON.stringify(weaponsJson));
  badSchema.weapons[0].x = 'five';
  assert.throws(() => loadContent({ weapons: badSchema, armour: armourJson, scenarios: scenariosJson }), /weapons\.json/);
});

test('#93 the four built-in scenarios of §4.3: Firefight, Hold the Line, Demolition Raid, Evacuation', () => {
  assert.deepEqual(fastAndDirty.scenarios.map((s) => s.title), ['Firefight', 'Hold the Line', 'Demolition Raid', 'Evacuation']);
  assert.deepEqual(CONTENT.scenarios.map((s) => s.turnLimit), [8, 8, 10, 8]);
  const ev = setup('evacuation');
  const nc = ev.units.filter((u) => u.kind === 'nonCombatant');
  assert.deepEqual(nc.map((u) => [u.figures.length, u.quality]), [[5, 'rabble'], [5, 'rabble']], '2 groups of 5 Rabble in the centre');
  const hl = setup('hold-the-line');
  assert.equal(hl.units.filter((u) => u.side === 0).length, 4, 'the attacker has the extra platoon');
  assert.ok(hl.terrain.filter((f) => f.fortification).length === 2, 'two fortification features');
  const dr = setup('demolition-raid');
  const target = dr.terrain.find((f) => f.id === 'relay-station')!;
  assert.ok(Math.min(...target.points.map((p) => p[1])) >= 1800, 'target ≥ 18" from the attacker\'s edge');
});

test('#93 Hold the Line: the attacker wins with more unbroken infantry figures within 6" of the objective at the end', () => {
  const mk = (att: number, name: string) => {
    const s = craft({ name, victory: { kind: 'holdTheLine', attacker: 0, objective: [2400, 2400], radius: 600 }, units: [
      { id: 'A1', side: 0, spec: squad('regular', 3), at: row(2200, 2000, 3).slice(0, att).concat(row(200, 200, 3).slice(att)) },
      { id: 'B1', side: 1, spec: squad('regular', 2), at: row(2300, 2700, 2) },
    ] });
    s.turn = s.options.turnLimit;
    unitOf(s, 'B1').activated = true;
    return act(act(s, { type: 'activate', unit: 'A1' }).s, hold).s;
  };
  assert.deepEqual(mk(3, 'htl-3').result?.winners, [0], '3 against 2');
  assert.deepEqual(mk(2, 'htl-2').result?.winners, [1], '2 against 2: the defender holds');
});

const station: Feature = { id: 'relay', kind: 'structure', points: [[2200, 2000], [2600, 2000], [2600, 2400], [2200, 2400]], move: 'impassable', cover: 'hard', los: 'block', height: 400, status: 'intact' };

test('#64 demolitions: rig on 2D6 Quality (2 successes rigged), detonate 3D6 from 4" away (2+ destroyed) — Demolition Raid is won (§7.5)', () => {
  const s = craft({ name: 'demo', active: 'A1', terrain: [station], victory: { kind: 'demolition', attacker: 0, target: 'relay' }, units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 2), demolition: { charges: 1 } }, at: [[2300, 1950], [2520, 1950]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: row(500, 4500, 2) },
  ] });
  unitOf(s, 'B1').activated = true;
  const rig = { type: 'command' as const, demolition: { act: 'rig' as const, fig: 'A1.1' }, target: null };
  const r = act(s, rig, faces(3, 4)); // Regular 3+: two successes
  assert.equal(unitOf(r.s, 'A1').demolition?.rigged, 'yes');
  const near = tryAct({ ...r.s, phase: 'order', active: 'A1', step: 200 }, { type: 'command', demolition: { act: 'detonate', fig: 'A1.1' }, target: null });
  assert.equal('code' in near && near.code, 'too_close');
  const away = structuredClone(r.s);
  away.phase = 'order'; away.active = 'A1'; away.step = 300;
  unitOf(away, 'A1').figures[0].at = [2300, 1400];
  unitOf(away, 'A1').figures[1].at = [2520, 1400];
  const boom = act(away, { type: 'command', demolition: { act: 'detonate', fig: 'A1.1' }, target: null }, faces(3, 3, 1));
  assert.equal(boom.s.terrain[0].status, 'destroyed');
  assert.deepEqual(boom.s.result?.winners, [0]);
});

test('#67 non-combatants: a unit ending within 4" passes a Quality test on 1D6 and moves the group; Evacuation scores 3 per figure exited over its own edge (§7.17, §4.3 S4)', () => {
  const s = craft({ name: 'evac', active: 'A1', victory: { kind: 'evacuation' }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: row(1000, 800, 2) },
    { id: 'N1', side: null, spec: { name: 'Colonists', kind: 'nonCombatant', quality: 'rabble', resolve: 'reluctant', figures: [{ weapon: 'unarmed', armour: 'none', count: 2 }] }, at: row(1000, 300, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: row(1000, 4500, 2) },
  ] });
  const r = act(s, hold, faces(3)); // Regular passes on 3+
  assert.equal(evOf(r.events, 'control_test')[0].passed, true);
  assert.equal(r.s.phase, 'control');
  const out = act(r.s, { type: 'control', moves: [{ fig: 'N1.1', path: [[1000, -50]] }, { fig: 'N1.2', path: [[1220, -50]] }] });
  assert.equal(out.s.evacuated[0], 2);
  assert.equal(unitOf(out.s, 'N1').activated, true);
});

test('#97 infantry points: base 4 + armour + weapon, × (Quality factor + Resolve adjustment), in hundredths (book example 57.2, §2.9)', () => {
  assert.equal(trooperCost(CONTENT, 'regular', 'steady', { weapon: 'assaultRifle', armour: 'improved' }), 650);
  assert.equal(trooperCost(CONTENT, 'regular', 'steady', { weapon: 'saw', armour: 'improved', support: true, personalities: ['triggerHappy'] }), 1170);
  assert.equal(trooperCost(CONTENT, 'rabble', 'steady', { weapon: 'assaultRifle', armour: 'improvised' }), 245);
  assert.equal(squadCost(CONTENT, { name: 'book', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'improved', count: 7 }, { weapon: 'saw', armour: 'improved', support: true, personalities: ['triggerHappy'] }] }), 5720);
  assert.equal(forceProblem(CONTENT, [squad('elite', 8), squad('elite', 8), squad('elite', 8)], 100)?.code, 'over_points');
  assert.equal(forceProblem(CONTENT, [squad('regular', 4, { weapon: 'gaussRifle' })], 100)?.code, 'no_points_cost', 'no cost in the source (A8)');
  assert.equal(forceProblem(CONTENT, [{ name: 'x', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'saw', armour: 'light', support: true }] }], 100)?.code, 'no_small_arms');
});


test('#97 a custom force list deploys side by side in its zone, no figure overlapping; one that cannot fit is refused before any roll', () => {
  const list = [squad('regular', 6), squad('conscript', 6), squad('regular', 5, { support: 'saw' }), squad('conscript', 4)];
  const s = setup('firefight', { forces: { 0: list } });
  const figs = s.units.filter((u) => u.side === 0).flatMap((u) => u.figures);
  assert.equal(figs.length, 6 + 6 + 6 + 4);
  for (let i = 0; i < figs.length; i++) for (let j = i + 1; j < figs.length; j++) assert.ok(Math.hypot(figs[i].at[0] - figs[j].at[0], figs[i].at[1] - figs[j].at[1]) >= 100);
  assert.ok(figs.every((f) => f.at[1] <= 1200 && f.at[0] >= 50 && f.at[0] <= 4750), 'within 12" of the home edge');
  const crowd = Array.from({ length: 8 }, () => ({ ...squad('rabble', 12, { resolve: 'reluctant', armour: 'none' }) }));
  assert.throws(() => setup('firefight', { forces: { 0: crowd } }), /deployment_blocked/);
});
