// Checklist item #70: psionics (§7.22, source p.37-39; Aptitude and Strength §2.8). As part of an
// Engage the Enemy action the psionic may invoke one power; it then contributes nothing to ranged
// fire that turn. Quality test on 3D6 against its Aptitude: 2+ successes work with no cost, 1 works
// at 1 Strength, 0 fails and costs 1; at 0 Strength no more powers. Powers reach 12" (A36), no LOS.
// Dice are scripted by value: face = value + 1 (`faces` converts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, row, squad, tryAct, unitOf } from './helpers.js';
import type { Action, Feature, Invocation, S } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';

const code = (r: unknown) => (r as { code?: string }).code;
/** A1: two riflemen and a Competent psionic (4+), at y = 5"; A2 friends beside; B1 10" away (edge to edge 9"). */
const psiSquad = (): UnitSpec => ({ name: 'Adepts', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', psionic: 'competent' }] });
function table(name: string, bAt = 1500, terrain: Feature[] = []): S {
  return craft({ name, active: 'A1', terrain, units: [
    { id: 'A1', side: 0, spec: psiSquad(), at: row(1000, 500, 3) },
    { id: 'A2', side: 0, spec: squad('regular', 2), at: row(2500, 500, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, bAt, 3) },
  ] });
}
const invoke = (p: Invocation, more: Partial<Extract<Action, { type: 'engage' }>> = {}): Action => ({ type: 'engage', moves: [], target: null, fireFirst: true, psionic: p, ...more });
const psi = (s: S) => unitOf(s, 'A1').figures[2].psi!;

test('#70 invocation: 3D6 against the Aptitude (Competent 4+): 2+ successes free, 1 costs a Strength point, 0 fails and costs one; none at 0 Strength', () => {
  const two = act(table('ps-2'), invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }), faces(4, 5, 1));
  assert.deepEqual(evOf(two.events, 'psionic_power')[0], { unit: 'A1', figure: 'A1.3', power: 'demoralize', target: 'B1', successes: 2, works: true, strength: 3 });
  const one = act(table('ps-1'), invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }), faces(4, 3, 1));
  assert.equal(evOf(one.events, 'psionic_power')[0].works, true);
  assert.equal(psi(one.s).strength, 2);
  assert.equal(unitOf(one.s, 'B1').underFire, true);
  const none = act(table('ps-0'), invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }), faces(3, 3, 1));
  assert.equal(evOf(none.events, 'psionic_power')[0].works, false);
  assert.equal(psi(none.s).strength, 2);
  assert.equal(unitOf(none.s, 'B1').underFire, false);
  const empty = table('ps-empty');
  psi(empty).strength = 0;
  assert.equal(code(tryAct(empty, invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }))), 'no_strength');
  assert.equal(code(tryAct(table('ps-notpsi'), invoke({ fig: 'A1.1', power: 'demoralize', target: 'B1' }))), 'not_a_psionic');
});

test('#70 reach: 12" to any figure of the target, LOS not required (A36); before the move, or after it from where it ends', () => {
  // B1 at y = 18": 12" edge to edge from A1 at y = 5" is y = 18" centre.
  assert.equal(code(tryAct(table('ps-12', 1800), invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }))), undefined);
  assert.equal(code(tryAct(table('ps-12x', 1801), invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }))), 'out_of_range');
  const wall: Feature = { id: 'wall', kind: 'area', points: [[0, 1000], [4800, 1000], [4800, 1100], [0, 1100]], move: 'impassable', cover: 'hard', los: 'block', height: 600 };
  assert.equal(code(tryAct(table('ps-nolos', 1500, [wall]), invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }))), undefined, 'through a blocking wall');
  const moves = unitOf(table('ps-after', 2200), 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + 400] as [number, number]] }));
  assert.equal(code(tryAct(table('ps-after', 2200), invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }, { moves }))), 'out_of_range', 'before the move: 16" away');
  assert.equal(code(tryAct(table('ps-after', 2200), invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1', after: true }, { moves }))), undefined, 'after the move: 12"');
});

test('#70 the psionic contributes nothing to the unit\'s fire that turn', () => {
  const r = act(table('ps-fire'), invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }, { target: 'B1' }), [...faces(5, 5, 5), ...Array(20).fill(2)]);
  assert.deepEqual(evOf(r.events, 'shot')[0].firers, ['A1.1', 'A1.2']);
});

test('#70 Demoralize marks an enemy Under Fire, or Pinned if it already is; Inspire removes Under Fire, Pinned becomes Under Fire', () => {
  const s = table('ps-demo');
  unitOf(s, 'B1').underFire = true;
  const r = act(s, invoke({ fig: 'A1.3', power: 'demoralize', target: 'B1' }), faces(6, 6, 6));
  assert.equal(unitOf(r.s, 'B1').pinned, true);
  assert.equal(code(tryAct(table('ps-demo-f'), invoke({ fig: 'A1.3', power: 'demoralize', target: 'A2' }))), 'not_enemy');
  const i = table('ps-insp');
  unitOf(i, 'A2').pinned = true;
  const r2 = act(i, invoke({ fig: 'A1.3', power: 'inspire', target: 'A2' }), faces(6, 6, 6));
  assert.equal(unitOf(r2.s, 'A2').pinned, false);
  assert.equal(unitOf(r2.s, 'A2').underFire, true);
  const i2 = table('ps-insp2');
  unitOf(i2, 'A2').underFire = true;
  assert.equal(unitOf(act(i2, invoke({ fig: 'A1.3', power: 'inspire', target: 'A2' }), faces(6, 6, 6)).s, 'A2').underFire, false);
  assert.equal(code(tryAct(table('ps-insp-e'), invoke({ fig: 'A1.3', power: 'inspire', target: 'B1' }))), 'not_friendly');
});

/** After A1's order, B1 is activated and fires at A1 (from a fresh turn state). */
function b1Fires(s: S): ReturnType<typeof act> {
  const t = structuredClone(s);
  t.phase = 'activate'; t.active = null; t.toAct = 1; t.step++;
  unitOf(t, 'B1').activated = false;
  const a = act(t, { type: 'activate', unit: 'B1' });
  return act(a.s, { type: 'engage', moves: [], target: 'A1', fireFirst: true }, Array(30).fill(2));
}

test('#70 Degrade / Enhance: −2 / +2 FE (and assault) in the unit\'s next activation, then they lapse; at most once per turn per unit', () => {
  const r = act(table('ps-degrade'), invoke({ fig: 'A1.3', power: 'degrade', target: 'B1' }), faces(6, 6, 6));
  assert.equal(code(tryAct({ ...structuredClone(r.s), phase: 'order', active: 'A2', step: r.s.step + 1 }, invoke({ fig: 'A1.3', power: 'degrade', target: 'B1' }))), 'not_a_psionic', 'another unit has no psionic');
  unitOf(r.s, 'B1').psiReceived!.degrade = r.s.turn;
  const again = structuredClone(r.s);
  again.phase = 'order'; again.active = 'A1'; again.step++;
  psi(again).usedTurn = undefined;
  assert.equal(code(tryAct(again, invoke({ fig: 'A1.3', power: 'degrade', target: 'B1' }))), 'already_received');
  const fire = b1Fires(r.s);
  assert.equal(evOf(fire.events, 'shot')[0].mods.psionic, -2);
  assert.equal(unitOf(fire.s, 'B1').psi, undefined, 'lapsed at the end of that activation');
  // Enhance on itself during its own activation waits for its next one.
  const self = act(table('ps-enhance'), invoke({ fig: 'A1.3', power: 'enhance', target: 'A1' }, { target: 'B1' }), [...faces(6, 6, 6), ...Array(20).fill(2)]);
  assert.equal(evOf(self.events, 'shot')[0].mods.psionic, undefined, 'not in the activation it was received');
  assert.equal(unitOf(self.s, 'A1').psi?.fe, 2, 'kept for the next one');
});

test('#70 Expose / Shield: −2 / +2 armour until after the unit\'s next activation', () => {
  const r = act(table('ps-shield'), invoke({ fig: 'A1.3', power: 'shield', target: 'A1' }), faces(6, 6, 6));
  assert.equal(unitOf(r.s, 'A1').psi?.armour, 2);
  const fire = b1Fires(r.s);
  // Light armour; the defence is 1D6 + rating + 2.
  const dmg = evOf(fire.events, 'damage');
  assert.ok(dmg.length > 0, 'B1 scored hits');
  const light = (fastAndDirty.scenarioData!('firefight') as { armour: Record<string, { rating: number }> }).armour.light.rating;
  for (const d of dmg) assert.equal(d.defence, 3 + light + 2, 'defence die 3 + light armour + 2');
  const x = act(table('ps-expose'), invoke({ fig: 'A1.3', power: 'expose', target: 'B1' }), faces(6, 6, 6));
  assert.equal(unitOf(x.s, 'B1').psi?.armour, -2);
});

test('#70 Embolden skips the next morale test; Terror makes the unit test morale at its next activation', () => {
  const e = act(table('ps-embolden'), invoke({ fig: 'A1.3', power: 'embolden', target: 'A2' }), faces(6, 6, 6));
  const t1 = structuredClone(e.s);
  t1.phase = 'activate'; t1.active = null; t1.toAct = 0; t1.step++;
  const a2 = unitOf(t1, 'A2');
  a2.broken = true; a2.activated = false;
  const k = act(t1, { type: 'activate', unit: 'A2' });
  assert.equal(evOf(k.events, 'emboldened').length, 1);
  assert.equal(evOf(k.events, 'dice_rolled').filter((d) => d.purpose === 'morale').length, 0);
  assert.equal(unitOf(k.s, 'A2').emboldened, false);
  const t = act(table('ps-terror'), invoke({ fig: 'A1.3', power: 'terror', target: 'B1' }), faces(6, 6, 6));
  const t2 = structuredClone(t.s);
  t2.phase = 'activate'; t2.active = null; t2.toAct = 1; t2.step++;
  unitOf(t2, 'B1').activated = false;
  const m = act(t2, { type: 'activate', unit: 'B1' }, faces(1, 1, 1));
  assert.equal(evOf(m.events, 'terror_test').length, 1);
  assert.equal(evOf(m.events, 'routed').length, 1, 'an unbroken unit tests, and 0 successes rout it');
});

test('#70 Harm: the target\'s owner picks the figure, which rolls 1D6 and is killed on 4+; Heal needs the wound rules', () => {
  const r = act(table('ps-harm'), invoke({ fig: 'A1.3', power: 'harm', target: 'B1' }), faces(6, 6, 6));
  assert.equal(r.s.phase, 'harm');
  const d = decision(r.s);
  assert.equal(d.seat, 1);
  assert.deepEqual((d.exposes as { figures: string[] }).figures, ['B1.1', 'B1.2', 'B1.3']);
  assert.equal(code(tryAct(r.s, { type: 'harm', fig: 'A1.1' })), 'not_a_figure');
  const k = act(r.s, { type: 'harm', fig: 'B1.2' }, faces(4));
  assert.deepEqual(evOf(k.events, 'psionic_harm')[0], { unit: 'B1', figure: 'B1.2', killed: true });
  assert.equal(unitOf(k.s, 'B1').figures[1].alive, false);
  assert.equal(k.s.phase, 'activate', 'the order went on');
  const k3 = act(r.s, { type: 'harm', fig: 'B1.2' }, faces(3));
  assert.equal(unitOf(k3.s, 'B1').figures[1].alive, true);
  assert.equal(code(tryAct(table('ps-heal'), invoke({ fig: 'A1.3', power: 'heal', target: 'A2' }))), 'no_wounded');
  const c = fastAndDirty.candidates(table('ps-cands'), 0, decision(table('ps-cands')), 10, null as never).actions.filter((a) => a.type === 'engage' && a.psionic);
  assert.equal(c.length, 9, 'every power but Heal');
  for (const a of c) assert.equal(code(tryAct(table('ps-cands'), a, faces(6, 6, 6, 1))), undefined);
});
