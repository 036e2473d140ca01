// Checklist item #73, unit traits (§2.6, source p.47-50), the second share of the last unbuilt ones:
// HQ (a Command Response re-roll once per turn, a decision; no communications, no HQ effect, §7.4),
// Ignore Pain (wounded models fight on; a 1 at activation removes them), Infect (close-assault kills
// infected on 5+), Primitive (future shock, 1D6 FE at advanced units, immune to Intruders),
// Resilient (Resilience Points: a wound 1, a kill 2; wounded at 0, killed below), Tech Reverence
// (Brave and Fearless within 12" of a friendly vehicle; its loss forces a morale test), Unholy (the
// mirror of Holy: weapon +1 damage, armour +2, negated by Holy) and Uplink (no Command Response, no
// fire priority with no enemy within 10"). Dice scripted by value (face = value + 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, row, squad, tryAct, unitOf, vehicleScene } from './helpers.js';
import type { Action, S, Side } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec, VehicleSpec } from '../../../src/games/fast-and-dirty/content.js';
import { CONTENT, forceProblem, traitProblem } from '../../../src/games/fast-and-dirty/content.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import { resolveAssault } from '../../../src/games/fast-and-dirty/rules/combat.js';
import { applyHurt, untreated } from '../../../src/games/fast-and-dirty/rules/wounds.js';
import { buildVehicle, knockOut } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { intrudeProblem } from '../../../src/games/fast-and-dirty/rules/intruder.js';
import { fireProblem } from '../../../src/games/fast-and-dirty/legal.js';
import { casualties } from '../../../src/games/fast-and-dirty/state.js';
import { fastAndDirty } from '../../../src/games/fast-and-dirty/index.js';
import { scriptedRng } from '../../../src/engine/rng.js';

const code = (r: unknown) => (r as { code?: string } | null)?.code;
const withT = (traits: string[], n = 3, o: Partial<UnitSpec> = {}): UnitSpec => ({ ...squad('regular', n), traits, ...o });
const fire = (target: string): Action => ({ type: 'engage', moves: [], target, fireFirst: true });
const run = (dice: number[], name: string) => new Run(scriptedRng(dice, name));
/** A1 (side 0) and B1 (side 1), 3 figures each, 10" apart; `active` awaits its order. */
function duel(name: string, a: UnitSpec, b: UnitSpec, o: { active?: string; options?: Record<string, unknown>; by?: number } = {}): S {
  return craft({ name, active: o.active ?? 'B1', options: o.options ?? {}, units: [
    { id: 'A1', side: 0, spec: a, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: b, at: row(1000, o.by ?? 1500, 3) },
  ] });
}

test('#73 HQ: once per turn any one unit of its side may re-roll a failed Command Response test (a decision); not without communications, not twice, single figure, no HQ with a Command Vehicle', () => {
  const hq: UnitSpec = { name: 'Major', kind: 'character', leadership: 'novice', quality: 'regular', resolve: 'steady', traits: ['hq'], figures: [{ weapon: 'assaultRifle', armour: 'light' }] };
  const mk = (name: string, options: Record<string, unknown> = {}) => {
    const s = craft({ name, options: { commandResponse: true, ...options }, units: [
      { id: 'A1', side: 0, spec: squad('regular', 2), at: row(1000, 1000, 2) },
      { id: 'A2', side: 0, spec: squad('regular', 2), at: row(3000, 1000, 2) },
      { id: 'H', side: 0, spec: hq, at: [[2000, 300]] },
      { id: 'B1', side: 1, spec: squad('regular', 2), at: row(2000, 4500, 2) },
    ] });
    unitOf(s, 'A1').underFire = true;
    unitOf(s, 'A2').underFire = true;
    return s;
  };
  // A failed test (1 against 3+): the owner is asked, the HQ named; re-rolled 5: passed.
  let r = act(mk('hq-reroll'), { type: 'activate', unit: 'A1' }, faces(1));
  assert.equal(r.s.phase, 'commandReroll');
  assert.equal((fastAndDirty.pending(r.s)[0].exposes as { by?: string }).by, 'H');
  r = act(r.s, { type: 'commandReroll', reroll: true }, faces(5));
  assert.equal(r.s.phase, 'order');
  assert.equal(unitOf(r.s, 'A1').hesitant, false);
  assert.deepEqual(evOf(r.events, 'command_reroll'), [{ unit: 'A1', hq: 'H' }]);
  assert.equal(unitOf(r.s, 'H').hqRerollTurn, r.s.turn);
  // Kept: still hesitant, and the re-roll is not spent.
  const kept = act(act(mk('hq-keep'), { type: 'activate', unit: 'A1' }, faces(1)).s, { type: 'commandReroll', reroll: false });
  assert.equal(unitOf(kept.s, 'A1').hesitant, true);
  assert.equal(unitOf(kept.s, 'H').hqRerollTurn, undefined);
  // Once per turn: spent, the next failure is not offered.
  const used = mk('hq-used');
  unitOf(used, 'H').hqRerollTurn = used.turn;
  assert.equal(act(used, { type: 'activate', unit: 'A2' }, faces(1)).s.phase, 'order');
  // No communications, no HQ effect (§7.4): the side jammed, or the HQ itself jammed.
  assert.equal(act(mk('hq-nocomms', { noComms: { 0: true } }), { type: 'activate', unit: 'A1' }, faces(1)).s.phase, 'order');
  const jammed = mk('hq-jammed');
  unitOf(jammed, 'H').jammed = true;
  assert.equal(act(jammed, { type: 'activate', unit: 'A1' }, faces(1)).s.phase, 'order');
  // A single figure only; never in a force with a Command Vehicle (§2.5).
  assert.equal(code(traitProblem(CONTENT, withT(['hq'], 3))), 'hq_single_figure');
  assert.equal(traitProblem(CONTENT, hq), null);
  const cv: VehicleSpec = { name: 'CV', vehicle: 'commandCarrier', quality: 'regular' };
  const lone: UnitSpec = { name: 'Lone', quality: 'regular', resolve: 'steady', traits: ['hq'], figures: [{ weapon: 'assaultRifle', armour: 'light' }] };
  assert.equal(code(forceProblem(CONTENT, [squad('regular', 3), lone, cv], 500)), 'hq_with_command_vehicle');
  assert.equal(forceProblem(CONTENT, [squad('regular', 3), lone], 500), null);
});

test('#73 Ignore Pain: a wounded model keeps moving and fighting; another wound kills it; each activation a 1 on its roll removes it; without the wound rules there are no wounds', () => {
  // B1 fires (6, 6 → 2 hits); every damage die a 3: attack 5 against defence 4, a wound (margin 1).
  const s = duel('ip-fire', withT(['ignorePain']), squad('regular', 3), { options: { recoverWounded: true } });
  const r = act(s, fire('A1'), [...faces(6, 6), ...Array(20).fill(2)]);
  const a = unitOf(r.s, 'A1');
  assert.equal(evOf(r.events, 'wounded').filter((e) => e.ignorePain).length, 2);
  assert.equal(a.figures.filter((f) => f.alive && f.painWound).length, 2, 'still in action');
  assert.equal(casualties(a), 0, 'not casualties');
  assert.equal(untreated(a).length, 0, 'not lying wounded');
  // A plain squad: the same wounds take the figures out of action.
  const p = act(duel('ip-plain', squad('regular', 3), squad('regular', 3), { options: { recoverWounded: true } }), fire('A1'), [...faces(6, 6), ...Array(20).fill(2)]);
  assert.equal(untreated(unitOf(p.s, 'A1')).length, 2);
  // Another wound result kills a wounded model.
  const [w1, w2] = a.figures.filter((f) => f.painWound);
  assert.equal(applyHurt(r.s, run([], 'ip'), a, w1, 'wounded'), true);
  assert.deepEqual([w1.alive, w1.painWound, w1.wounded], [false, undefined, undefined]);
  // At its activation: one die per wounded model, a 1 removes it (w2 rolls 1 here; a 4 keeps it).
  r.s.phase = 'activate'; r.s.active = null; r.s.toAct = 0;
  a.activated = false;
  w1.alive = true; w1.painWound = true;
  const act1 = act(r.s, { type: 'activate', unit: 'A1' }, faces(4, 1));
  assert.deepEqual(evOf(act1.events, 'ignore_pain').map((e) => [e.figure, e.roll, e.removed]), [[w1.id, 4, false], [w2.id, 1, true]]);
  assert.deepEqual(unitOf(act1.s, 'A1').figures.filter((f) => !f.alive).map((f) => f.id), [w2.id]);
  assert.equal(act1.s.phase, 'order');
  // Without the Recover Wounded module a wound kills, Ignore Pain or not.
  const nw = act(duel('ip-nowounds', withT(['ignorePain']), squad('regular', 3)), fire('A1'), [...faces(6, 6), ...Array(20).fill(2)]);
  assert.equal(unitOf(nw.s, 'A1').figures.filter((f) => !f.alive).length, 2);
  assert.equal(unitOf(nw.s, 'A1').figures.some((f) => f.painWound), false);
});

test('#73 Infect: each figure the unit kills in close assault is infected on 1D6 5+; no roll for its fire kills or for a unit without it', () => {
  // In contact; attacker 5,5 (+1 charging) beats 4,4; its kill dice 6,6,1 need 3+: 2 kills; the defender's 1,1,1 none; then the infect rolls 5 and 4.
  const fight = (name: string, traits: string[]) => {
    const s = craft({ name, units: [
      { id: 'A1', side: 0, spec: withT(traits), at: row(1000, 1000, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1101, 3) },
    ] });
    const rr = run(faces(5, 5, 4, 4, 6, 6, 1, 1, 1, 1, 5, 4), name);
    resolveAssault(s, rr, unitOf(s, 'A1'), unitOf(s, 'B1'));
    return { s, ev: rr.ev };
  };
  const f = fight('inf', ['infect']);
  const inf = evOf(f.ev, 'infect');
  assert.deepEqual(inf.map((e) => [e.roll, e.infected]), [[5, true], [4, false]]);
  const dead = unitOf(f.s, 'B1').figures.filter((g) => !g.alive);
  assert.equal(dead.length, 2);
  assert.deepEqual(inf.map((e) => e.figure).sort(), dead.map((g) => g.id).sort());
  assert.equal(dead.filter((g) => g.infected).length, 1);
  // A unit without the trait: no rolls.
  assert.equal(evOf(fight('inf-plain', []).ev, 'infect').length, 0);
  // Kills by its fire are not close-assault kills.
  const shot = act(duel('inf-fire', withT(['infect']), squad('regular', 3), { active: 'A1' }), fire('B1'), [...faces(6, 6), ...Array(20).fill(5)]);
  assert.ok(evOf(shot.events, 'damage').some((e) => e.killed));
  assert.equal(evOf(shot.events, 'infect').length, 0);
});

test('#73 Primitive: the first attack by an advanced weapon is a Quality test or Pinned (once); 1D6 Fire Effect at an advanced unit; immune to Intruders', () => {
  // B1 fires at the Primitive A1; every die a 1: the shock test fails (1 against 3+): Pinned.
  const s = duel('pr-shock', withT(['primitive']), squad('regular', 3));
  const r = act(s, fire('A1'), Array(30).fill(0));
  assert.deepEqual(evOf(r.events, 'future_shock').map((e) => [e.by, e.die, e.passed]), [['B1', 1, false]]);
  assert.deepEqual([unitOf(r.s, 'A1').pinned, unitOf(r.s, 'A1').underFire], [true, false]);
  // Only the first time: a later attack (B1 again) rolls no more.
  const again = duel('pr-again', withT(['primitive']), squad('regular', 3));
  unitOf(again, 'A1').futureShocked = true;
  const r2 = act(again, fire('A1'), Array(30).fill(0));
  assert.equal(evOf(r2.events, 'future_shock').length, 0);
  assert.equal(unitOf(r2.s, 'A1').pinned, undefined);
  // A passed test (a 3): no pin. Fire by another Primitive unit, or by a side the scenario does not mark advanced: no test.
  const pass = act(duel('pr-pass', withT(['primitive']), squad('regular', 3)), fire('A1'), [...Array(4).fill(0), ...Array(30).fill(2)]);
  assert.equal(evOf(pass.events, 'future_shock')[0].passed, true);
  assert.notEqual(unitOf(pass.s, 'A1').pinned, true);
  assert.equal(evOf(act(duel('pr-prim', withT(['primitive']), withT(['primitive'])), fire('A1'), Array(30).fill(0)).events, 'future_shock').length, 0);
  assert.equal(evOf(act(duel('pr-opt', withT(['primitive']), squad('regular', 3), { options: { techAdvanced: { 0: true } } }), fire('A1'), Array(30).fill(0)).events, 'future_shock').length, 0);
  // Its own fire: 1D6 at an advanced unit, 2D6 at a Primitive one or a side not marked advanced.
  const feDice = (b: UnitSpec, options: Record<string, unknown> = {}) => {
    const x = act(duel(`pr-fe-${b.name}-${JSON.stringify(options)}`, withT(['primitive']), b, { active: 'A1', options }), fire('B1'), Array(30).fill(0));
    return evOf(x.events, 'dice_rolled').find((d) => d.purpose === 'fire_effect')!.faces.length;
  };
  assert.equal(feDice(squad('regular', 3)), 1);
  assert.equal(feDice(withT(['primitive'])), 2);
  assert.equal(feDice(squad('regular', 3), { techAdvanced: { 0: true } }), 2);
  assert.equal(feDice(squad('regular', 3), { techAdvanced: { 1: true } }), 1);
  // Immune to Intruders: neither jammed nor its hidden markers hacked.
  const hackers: UnitSpec = { name: 'Hackers', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['intruder'] }] };
  const h = duel('pr-hack', withT(['primitive']), hackers);
  assert.equal(code(intrudeProblem(h, unitOf(h, 'B1'), { fig: 'B1.3', jam: 'A1' })), 'primitive_immune');
  unitOf(h, 'A1').hidden = { markers: [{ n: 1, at: [1000, 500] }, { n: 2, at: [2000, 500] }] };
  assert.equal(code(intrudeProblem(h, unitOf(h, 'B1'), { fig: 'B1.3', marker: { unit: 'A1', n: 1 } })), 'primitive_immune');
  const plain = duel('pr-hack-plain', squad('regular', 3), hackers);
  assert.equal(intrudeProblem(plain, unitOf(plain, 'B1'), { fig: 'B1.3', jam: 'A1' }), null);
});

test('#73 Resilient: a wound result costs 1 RP, a kill 2; at 0 the model is wounded, below 0 killed; close-assault kills spread over the figures; every model must be given its RP', () => {
  const tough = (rp: number, n = 3): UnitSpec => ({ name: `Res${rp}`, quality: 'regular', resolve: 'steady', traits: ['resilient'], figures: [{ weapon: 'assaultRifle', armour: 'light', count: n, resiliencePoints: rp }] });
  // B1 fires (6, 6 → 2 hits), each a kill (attack 6 + 2 against 1 + 1): 2 RP each, 3 → 1, no effect.
  const r = act(duel('res-fire', tough(3), squad('regular', 3)), fire('A1'), [...faces(6, 6), ...Array(10).fill(5).flatMap((_, i) => (i % 2 ? [0] : [5]))]);
  assert.deepEqual(evOf(r.events, 'damage').map((e) => e.killed), [true, true], 'each hit resolved normally');
  assert.deepEqual(evOf(r.events, 'resilience').map((e) => [e.lost, e.left]), [[2, 1], [2, 1]]);
  const a = unitOf(r.s, 'A1');
  assert.deepEqual(a.figures.map((f) => [f.alive, f.resiliencePoints]), [[true, 1], [true, 1], [true, 3]]);
  assert.equal(casualties(a), 0);
  // With the wound rules a wound costs 1: at 0 the model is wounded; a further result kills it (below 0).
  r.s.options.recoverWounded = true;
  const f1 = a.figures[0];
  assert.equal(applyHurt(r.s, run([], 'res'), a, f1, 'wounded'), true);
  assert.deepEqual([f1.alive, f1.wounded, f1.resiliencePoints], [false, 'wounded', 0]);
  applyHurt(r.s, run([], 'res2'), a, f1, 'wounded');
  assert.deepEqual([f1.alive, f1.wounded, f1.resiliencePoints], [false, undefined, -1]);
  // Without the wound rules, 0 RP takes the model out like any wound (a kill), RP never regained.
  r.s.options.recoverWounded = false;
  const f2 = a.figures[1];
  f2.resiliencePoints = 2;
  assert.equal(applyHurt(r.s, run([], 'res3'), a, f2, 'killed'), true);
  assert.deepEqual([f2.alive, f2.wounded], [false, undefined]);
  // Close assault: B1 (6 +1 charging +1 outnumbering) beats A1 (5), no overrun; its 3 kills (6,6,6 need 3+) on A1
  // (2 figures, 3 RP): one each, then the first again.
  const s = craft({ name: 'res-assault', units: [
    { id: 'A1', side: 0, spec: tough(3, 2), at: row(1000, 1000, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1101, 3) },
  ] });
  const rr = run(faces(6, 6, 5, 5, 6, 6, 6, 1, 1), 'res-as');
  resolveAssault(s, rr, unitOf(s, 'B1'), unitOf(s, 'A1'));
  assert.deepEqual(evOf(rr.ev, 'assault_kills')[0], { B1: 0, A1: 3 });
  assert.deepEqual(unitOf(s, 'A1').figures.map((f) => [f.alive, f.resiliencePoints]), [[false, -1], [true, 1]]);
  // Every model must be given its Resilience Points, and only a Resilient one.
  assert.equal(traitProblem(CONTENT, tough(3)), null);
  assert.equal(code(traitProblem(CONTENT, withT(['resilient']))), 'resilience_points');
  assert.equal(code(traitProblem(CONTENT, { ...tough(3), traits: [] })), 'resilience_points');
});

test('#73 Tech Reverence: Brave and Fearless within 12" of a friendly vehicle; a friendly vehicle destroyed within 12" forces a morale test at the next activation, even unbroken', () => {
  const apc = (id: string, side: Side, at: [number, number]) => buildVehicle({ name: id, vehicle: 'apc', quality: 'regular' }, id, side, at);
  const scene = (name: string, vAt: [number, number] | null, o: { broken?: boolean; terrifying?: boolean; side?: Side } = {}) => {
    const s = vehicleScene(name, {
      squads: [
        { id: 'A1', side: 0, spec: withT(['techReverence'], 4), at: row(1000, 1000, 4) },
        { id: 'B1', side: 1, spec: o.terrifying ? withT(['terrifying']) : squad('regular', 3), at: row(1000, o.terrifying ? 1600 : 4500, 3) },
      ],
      vehicles: vAt ? [apc('V', o.side ?? 0, vAt)] : [], active: 'A1',
    });
    s.phase = 'activate'; s.active = null; s.toAct = 0;
    if (o.broken) { const a = unitOf(s, 'A1'); a.figures[2].alive = false; a.figures[3].alive = false; }
    return s;
  };
  const morale = (s: S, dice: number[]) => evOf(act(s, { type: 'activate', unit: 'A1' }, dice).events, 'dice_rolled').find((d) => d.purpose === 'morale');
  // Broken, a vehicle 8" away (beyond the 6" of §6.1's AFV; the APC's hull 5" long): Brave, 2 dice and 1 automatic success.
  const brave = morale(scene('tr-brave', [1300, 2100], { broken: true }), faces(6, 6, 6))!;
  assert.deepEqual([brave.faces.length, brave.automatic], [2, 1]);
  // 14" away, or an enemy vehicle: 3 dice.
  assert.equal(morale(scene('tr-far', [1300, 2700], { broken: true }), faces(6, 6, 6))!.faces.length, 3);
  assert.equal(morale(scene('tr-enemy', [1300, 2100], { broken: true, side: 1 }), faces(6, 6, 6))!.faces.length, 3);
  // Fearless near it: a Terrifying enemy within 8" forces no test; away from it, it does.
  assert.equal(morale(scene('tr-fearless', [3000, 1000], { terrifying: true }), faces(6, 6, 6)), undefined);
  assert.ok(morale(scene('tr-afraid', [4500, 1000], { terrifying: true }), faces(6, 6, 6)));
  // The vehicle knocked out within 12": a morale test at A1's next activation though it is not broken.
  const k = scene('tr-loss', [1300, 2100]);
  const kr = run([], 'tr-k');
  knockOut(k, kr, unitOf(k, 'V'), 'test');
  assert.deepEqual(evOf(kr.ev, 'reverence_shaken'), [{ unit: 'A1', vehicle: 'V' }]);
  const t = act(k, { type: 'activate', unit: 'A1' }, faces(6, 6, 6));
  assert.equal(evOf(t.events, 'reverence_test').length, 1);
  assert.equal(evOf(t.events, 'dice_rolled').find((d) => d.purpose === 'morale')!.faces.length, 3, 'no vehicle left: no Brave');
  assert.equal(unitOf(t.s, 'A1').reverenceTest, undefined, 'one test');
  // Beyond 12", or an enemy vehicle: no test.
  for (const [name, at, side] of [['tr-loss-far', [1300, 2700], 0], ['tr-loss-enemy', [1300, 2100], 1]] as const) {
    const f = scene(name, [at[0], at[1]], { side });
    knockOut(f, run([], name), unitOf(f, 'V'), 'test');
    assert.equal(unitOf(f, 'A1').reverenceTest, undefined, name);
  }
});

test('#73 Unholy: an Unholy weapon +1 damage, Unholy armour +2, each negated by the Holy counterpart; `items` limits it to weapons or armour', () => {
  const hit = (a: UnitSpec, b: UnitSpec) => evOf(act(duel(`uh-${a.name}-${b.name}`, b, a, { by: 1500 }), fire('A1'), [...faces(6, 6), ...Array(10).fill(2)]).events, 'damage')[0];
  const plain = hit(squad('regular', 3), squad('regular', 3));
  // B1 (the firer) Unholy: +1 to the attack; A1 (the target) Unholy: +2 to the defence.
  assert.equal(hit(withT(['unholy']), squad('regular', 3)).attack, plain.attack + 1);
  assert.equal(hit(squad('regular', 3), withT(['unholy'])).defence, plain.defence + 2);
  // Negated by the opposite alignment: the Unholy weapon at Holy armour, a Holy weapon at Unholy armour.
  assert.equal(hit(withT(['unholy']), withT(['holy'])).attack, plain.attack);
  assert.equal(hit(withT(['holy']), withT(['unholy'])).defence, plain.defence);
  // `items`: Unholy weapons only give no armour bonus, Unholy armour only no damage bonus.
  assert.equal(hit(squad('regular', 3), withT(['unholy'], 3, { items: ['weapon'] })).defence, plain.defence);
  assert.equal(hit(withT(['unholy'], 3, { items: ['armour'] }), squad('regular', 3)).attack, plain.attack);
  // One unit is not both: the bonuses would cancel inside it [P].
  assert.equal(traitProblem(CONTENT, withT(['holy', 'unholy']))?.code, 'holy_and_unholy');
  assert.equal(traitProblem(CONTENT, withT(['unholy'])), null);
});

test('#73 Uplink: in communications with no untreated wounded it takes no Command Response test, and ignores fire priority while no enemy is within 10"', () => {
  const mk = (name: string, traits: string[], options: Record<string, unknown> = {}) => {
    const s = craft({ name, options: { commandResponse: true, ...options }, units: [
      { id: 'A1', side: 0, spec: { ...withT(traits, 4), quality: 'conscript' }, at: row(1000, 500, 4) },
      { id: 'B1', side: 1, spec: squad('regular', 2), at: row(1000, 2000, 2) },
      { id: 'B2', side: 1, spec: squad('regular', 2), at: row(1000, 2600, 2) },
      { id: 'B3', side: 1, spec: squad('regular', 2), at: row(1000, 3200, 2) },
    ] });
    unitOf(s, 'A1').underFire = true;
    return s;
  };
  const tested = (s: S) => evOf(act(s, { type: 'activate', unit: 'A1' }, faces(6)).events, 'command_response').length;
  assert.equal(tested(mk('ul-cr', ['uplink'])), 0);
  assert.equal(tested(mk('ul-cr-plain', [])), 1);
  // Not in communications, or with an untreated wounded figure: it tests.
  assert.equal(tested(mk('ul-cr-jammed', ['uplink'], { noComms: { 0: true } })), 1);
  const w = mk('ul-cr-wounded', ['uplink'], { recoverWounded: true });
  Object.assign(unitOf(w, 'A1').figures[3], { alive: false, wounded: 'wounded' });
  assert.equal(tested(w), 1);
  // Fire priority: a Conscript picks among the 2 closest; Uplink at any of them, B3 included.
  const open = (name: string, traits: string[]) => { const s = mk(name, traits); s.phase = 'order'; s.active = 'A1'; unitOf(s, 'A1').underFire = false; return s; };
  const up = open('ul-fp', ['uplink']), plain = open('ul-fp-plain', []);
  assert.equal(fireProblem(up, unitOf(up, 'A1'), 'B3'), null);
  assert.equal(code(tryAct(up, fire('B3'))), undefined);
  assert.equal(code(fireProblem(plain, unitOf(plain, 'A1'), 'B3')), 'fire_priority');
  // An enemy within 10": the priority rules hold again.
  const near = open('ul-fp-near', ['uplink']);
  for (const f of unitOf(near, 'B1').figures) f.at = [f.at[0], 1400];
  assert.equal(code(fireProblem(near, unitOf(near, 'A1'), 'B3')), 'fire_priority');
  assert.equal(code(tryAct(near, fire('B3'))), 'fire_priority');
});
