// Checklist items #42 Recover Wounded (§7.23, §6.5 step 5; source p.39-40: "a figure is only killed
// when the attacker scores three or more points higher than the defender ... If the attacker scores
// equal to, or one or two points higher ... only wounded"; aid teams of two healthy members, 1D6 per
// team, −1 Under Fire or Pinned, +1 Medic present, 6+ recovered, 4-5 stabilized and no longer a
// casualty, less dies), #44 the atmosphere's damage margins (§7.1, p.24: Hostile kills at 2 points,
// vacuum at any excess), #70 Heal (§7.22, p.39: a wounded friendly figure fully recovers on 4+),
// #72 Medic (§2.7, p.35, p.40: treats 2 wounded without a helper, +1 to recovery).
// Dice are scripted by value: face = value + 1 (`faces` converts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, fastAndDirty, decision, row, seats, setup, shootAt, squad, tryAct, unitOf } from './helpers.js';
import { applyEntry, resultOf, setupGame, type KState } from '../../../src/engine/kernel.js';
import { randomEntry } from '../../../src/engine/playout.js';
import { entryRng, localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { casualties, type Action, type S } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { isBroken } from '../../../src/games/fast-and-dirty/rules/morale.js';

const code = (r: unknown) => (r as { code?: string }).code;
const W = { recoverWounded: true };

/** Regular A1 (5 assault rifles, damage 2) at y = 5", B1 (5, light armour 1) 10" north, in the open. */
function volley(name: string, options: Record<string, unknown> = W, active = 'A1'): S {
  return craft({ name, active, options, units: [
    { id: 'A1', side: 0, spec: squad('regular', 5), at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 1600, 5) },
  ] });
}
const wound = (s: S, id: string, state: 'wounded' | 'stabilized' = 'wounded') => {
  const f = s.units.flatMap((u) => u.figures).find((x) => x.id === id)!;
  f.alive = false;
  f.wounded = state;
};
const fig = (s: S, id: string) => s.units.flatMap((u) => u.figures).find((x) => x.id === id)!;
const recover = (aid: { wounded: string; by: string[] }[], target: string | null = null): Action => ({ type: 'command', demolition: null, target, recover: aid });

test('#42 wound margins: with the module a damage roll beating the defence by 0-2 wounds, by 3 or more kills; without it, any success kills (§6.5, §7.23)', () => {
  // FE 5 + 1 Regular + 1 (5 rifles) = 7: 2 hits. Hit 1 on B1.1: 6+2 = 8 against 1+1 = 2, margin 6, killed.
  // Hit 2 on B1.2: 4+2 = 6 against 3+1 = 4, margin 2, wounded.
  const dice = faces(2, 5, 6, 1, 4, 3);
  const r = act(volley('w-margin'), shootAt('B1'), dice);
  assert.deepEqual(evOf(r.events, 'damage').map((d) => [d.figure, d.killed, !!d.wounded]), [['B1.1', true, false], ['B1.2', false, true]]);
  assert.deepEqual(evOf(r.events, 'wounded'), [{ unit: 'B1', figure: 'B1.2' }]);
  const b = unitOf(r.s, 'B1');
  assert.equal(b.figures[0].wounded, undefined);
  assert.equal(b.figures[1].alive, false, 'a wounded figure is out of action');
  assert.equal(b.figures[1].wounded, 'wounded');
  assert.equal(casualties(b), 2, 'an untreated wounded counts as a casualty for Resolve');
  // Margin 0 (equal) wounds too: 2+2 = 4 against 3+1 = 4.
  const eq = act(volley('w-eq'), shootAt('B1'), faces(2, 5, 2, 3, 1, 6));
  assert.equal(fig(eq.s, 'B1.1').wounded, 'wounded');
  // Without the module the same rolls kill both.
  const off = act(volley('w-off', {}), shootAt('B1'), dice);
  assert.deepEqual(evOf(off.events, 'damage').map((d) => d.killed), [true, true]);
  assert.equal(unitOf(off.s, 'B1').figures[1].wounded, undefined);
});

test('#42 hits go to the closest visible figures, wounded ones included: a wounded figure hit again is killed (§6.5 [P], §7.23)', () => {
  const s = volley('w-again');
  wound(s, 'B1.1');
  // FE 3 + 1 + 1 = 5: 1 hit, on the closest figure, the wounded B1.1 (ties by id); 3+2 = 5 against 3+1 = 4 would wound: it kills.
  const r = act(s, shootAt('B1'), faces(3, 1, 3, 3));
  assert.deepEqual(evOf(r.events, 'damage').map((d) => [d.figure, d.killed]), [['B1.1', true]]);
  assert.deepEqual(evOf(r.events, 'wounded_killed'), [{ unit: 'B1', figure: 'B1.1' }]);
  assert.equal(fig(r.s, 'B1.1').wounded, undefined);
  assert.equal(fig(r.s, 'B1.1').alive, false);
  assert.equal(unitOf(r.s, 'B1').figures.filter((f) => f.alive).length, 4, 'no healthy figure was hit');
});

test('#42 Recover Wounded: an aid team of two healthy figures rolls 1D6: 6+ recovered, 4-5 stabilized (not a casualty, no more attempts), less dies (§7.23)', () => {
  const base = () => { const s = volley('w-rec', W); wound(s, 'A1.4'); wound(s, 'A1.5'); return s; };
  const team = [{ wounded: 'A1.4', by: ['A1.1', 'A1.2'] }];
  const six = act(base(), recover(team), faces(6));
  assert.deepEqual(evOf(six.events, 'recovery')[0], { unit: 'A1', figure: 'A1.4', roll: 6, mods: {}, total: 6, result: 'recovered' });
  assert.equal(fig(six.s, 'A1.4').alive, true, 'it fights again');
  assert.equal(fig(six.s, 'A1.4').wounded, undefined);
  const four = act(base(), recover(team), faces(4));
  assert.equal(fig(four.s, 'A1.4').wounded, 'stabilized');
  assert.equal(casualties(unitOf(four.s, 'A1')), 1, 'the stabilized figure is no longer a casualty; A1.5 still is');
  const three = act(base(), recover(team), faces(3));
  assert.equal(evOf(three.events, 'recovery')[0].result, 'died');
  assert.equal(fig(three.s, 'A1.4').wounded, undefined);
  assert.equal(fig(three.s, 'A1.4').alive, false);
  // Refusals: a stabilized figure, a figure treated twice, a helper in two teams, a single helper without Medic, a wounded helper, no module.
  const st = base();
  wound(st, 'A1.4', 'stabilized');
  assert.equal(code(tryAct(st, recover(team))), 'stabilized');
  assert.equal(code(tryAct(base(), recover([team[0], { wounded: 'A1.4', by: ['A1.3', 'A1.1'] }]))), 'treated_twice');
  assert.equal(code(tryAct(base(), recover([team[0], { wounded: 'A1.5', by: ['A1.3', 'A1.1'] }]))), 'aid_team');
  assert.equal(code(tryAct(base(), recover([{ wounded: 'A1.4', by: ['A1.1'] }]))), 'aid_team');
  assert.equal(code(tryAct(base(), recover([{ wounded: 'A1.4', by: ['A1.1', 'A1.5'] }]))), 'not_healthy');
  assert.equal(code(tryAct(base(), recover([{ wounded: 'A1.1', by: ['A1.2', 'A1.3'] }]))), 'not_wounded');
  const noMod = volley('w-nomod', {});
  assert.equal(code(tryAct(noMod, recover([{ wounded: 'A1.4', by: ['A1.1', 'A1.2'] }]))), 'no_wound_rules');
});

test('#42 Recover Wounded is a Command sub-action: the aid team does not shoot, the rest may; −1 Under Fire or Pinned (§7.23, §5.3)', () => {
  const s = volley('w-cmd');
  wound(s, 'A1.5');
  unitOf(s, 'A1').underFire = true;
  // The rest (A1.3, A1.4) shoot first: FE dice 6, 6 -> 6 + 1 Regular − 3 Under Fire = 4, 1 hit (3 per hit); damage 1 vs 1; then the recovery: 6 − 1 = 5, stabilized.
  const r = act(s, recover([{ wounded: 'A1.5', by: ['A1.1', 'A1.2'] }], 'B1'), faces(6, 6, 1, 6, 6));
  assert.deepEqual(evOf(r.events, 'shot')[0].firers, ['A1.3', 'A1.4']);
  const rec = evOf(r.events, 'recovery')[0];
  assert.deepEqual(rec.mods, { underFire: -1 });
  assert.equal(rec.result, 'stabilized');
  // Three different sub-actions are refused; candidates offer the default aid team when there are wounded.
  assert.equal(code(tryAct(s, { type: 'command', demolition: null, target: 'B1', recover: [{ wounded: 'A1.5', by: ['A1.1', 'A1.2'] }], scout: { fig: 'A1.3', at: [1000, 900] } })), 'three_sub_actions');
  const c = fastAndDirty.candidates(s, 0, decision(s), 10, null as never).actions.filter((a) => a.type === 'command' && a.recover);
  assert.ok(c.length >= 1);
  for (const a of c) assert.equal(code(tryAct(s, a, faces(6, 6, 6, 6, 6, 6, 6))), undefined);
  const none = volley('w-cmd-none');
  assert.equal(fastAndDirty.candidates(none, 0, decision(none), 10, null as never).actions.filter((a) => a.type === 'command' && a.recover).length, 0);
});

test('#72 Medic: treats two wounded without a helper, +1 to the recovery roll (§2.7, §7.23)', () => {
  const medicSquad: UnitSpec = { name: 'Medics', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 4 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['medic'] }] };
  const s = craft({ name: 'w-medic', active: 'A1', options: W, units: [
    { id: 'A1', side: 0, spec: medicSquad, at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 1600, 5) },
  ] });
  wound(s, 'A1.1');
  wound(s, 'A1.2');
  const r = act(s, recover([{ wounded: 'A1.1', by: ['A1.5'] }, { wounded: 'A1.2', by: ['A1.5'] }]), faces(5, 3));
  const rec = evOf(r.events, 'recovery');
  assert.deepEqual(rec.map((x) => [x.figure, x.total, x.result]), [['A1.1', 6, 'recovered'], ['A1.2', 4, 'stabilized']]);
  assert.deepEqual(rec[0].mods, { medic: 1 });
  wound(s, 'A1.3');
  assert.equal(code(tryAct(s, recover([{ wounded: 'A1.1', by: ['A1.5'] }, { wounded: 'A1.2', by: ['A1.5'] }, { wounded: 'A1.3', by: ['A1.5'] }]))), 'aid_team', 'a third wounded is beyond the Medic');
});

test('#44 atmosphere with the wound rules: Hostile kills at a margin of 2, vacuum at any margin over the defence (§7.1, §6.5)', () => {
  // Margin 2 (4+2 = 6 against 3+1 = 4): standard wounds (see above); Hostile for B1's side kills.
  const hostile = act(volley('w-hostile', { ...W, atmosphere: { 1: 'hostile' } }), shootAt('B1'), faces(2, 5, 4, 3, 1, 6));
  assert.deepEqual(evOf(hostile.events, 'damage').map((d) => d.killed), [true, false]);
  // Margin 1 (3+2 = 5 against 3+1 = 4) wounds under Hostile, kills in vacuum; margin 0 still wounds in vacuum.
  const h1 = act(volley('w-hostile1', { ...W, atmosphere: { 1: 'hostile' } }), shootAt('B1'), faces(2, 5, 3, 3, 2, 3));
  assert.deepEqual(evOf(h1.events, 'damage').map((d) => [d.killed, !!d.wounded]), [[false, true], [false, true]]);
  const vac = act(volley('w-vacuum', { ...W, atmosphere: { 1: 'vacuum' } }), shootAt('B1'), faces(2, 5, 3, 3, 2, 3));
  assert.deepEqual(evOf(vac.events, 'damage').map((d) => [d.killed, !!d.wounded]), [[true, false], [false, true]]);
  // The atmosphere is the target side's: Hostile for side 0 changes nothing for B1.
  const mine = act(volley('w-hostile0', { ...W, atmosphere: { 0: 'hostile' } }), shootAt('B1'), faces(2, 5, 4, 3, 1, 6));
  assert.deepEqual(evOf(mine.events, 'damage').map((d) => [d.killed, !!d.wounded]), [[false, true], [false, false]]);
});

test('#70 Heal: one wounded figure of a friendly unit fully recovers on 4+; Harm with the wound rules wounds on 4-5, kills on 6 (§7.22)', () => {
  const psiSquad: UnitSpec = { name: 'Adepts', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', psionic: 'competent' }] };
  const table = (name: string) => craft({ name, active: 'A1', options: W, units: [
    { id: 'A1', side: 0, spec: psiSquad, at: row(1000, 500, 3) },
    { id: 'A2', side: 0, spec: squad('regular', 3), at: row(2500, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
  const heal = (wounded?: string): Action => ({ type: 'engage', moves: [], target: null, fireFirst: true, psionic: { fig: 'A1.3', power: 'heal', target: 'A2', ...(wounded ? { wounded } : {}) } });
  assert.equal(code(tryAct(table('w-heal-none'), heal())), 'no_wounded');
  const s = table('w-heal');
  wound(s, 'A2.2');
  wound(s, 'A2.3', 'stabilized');
  assert.equal(code(tryAct(s, heal('A2.1'))), 'no_wounded');
  const ok = act(s, heal('A2.3'), [...faces(6, 6, 6), ...faces(4)]);
  assert.deepEqual(evOf(ok.events, 'psionic_heal')[0], { unit: 'A2', figure: 'A2.3', recovered: true });
  assert.equal(fig(ok.s, 'A2.3').alive, true);
  assert.equal(fig(ok.s, 'A2.3').wounded, undefined);
  const no = act(s, heal(), [...faces(6, 6, 6), ...faces(3)]);
  assert.deepEqual(evOf(no.events, 'psionic_heal')[0], { unit: 'A2', figure: 'A2.2', recovered: false });
  assert.equal(fig(no.s, 'A2.2').wounded, 'wounded');
  // Harm: 4-5 wounds, 6 kills.
  const harm: Action = { type: 'engage', moves: [], target: null, fireFirst: true, psionic: { fig: 'A1.3', power: 'harm', target: 'B1' } };
  const h = act(table('w-harm'), harm, faces(6, 6, 6));
  const h5 = act(h.s, { type: 'harm', fig: 'B1.2' }, faces(5));
  assert.deepEqual(evOf(h5.events, 'psionic_harm')[0], { unit: 'B1', figure: 'B1.2', killed: false, wounded: true });
  assert.equal(fig(h5.s, 'B1.2').wounded, 'wounded');
  const h6 = act(h.s, { type: 'harm', fig: 'B1.2' }, faces(6));
  assert.equal(evOf(h6.events, 'psionic_harm')[0].killed, true);
  assert.equal(fig(h6.s, 'B1.2').wounded, undefined);
});

test('#42 squad-based damage with the wound rules: half the unsaved hits, rounded up, are wounds (§6.5 option)', () => {
  // FE 6 + 1 + 1 = 8: 2 hits. One attack roll 6+2 = 8 against 1+1 = 2: none saved; 1 wound, 1 kill.
  const r = act(volley('w-squad', { ...W, squadDamage: true }), shootAt('B1'), faces(6, 1, 6, 1));
  const b = unitOf(r.s, 'B1');
  assert.equal(b.figures.filter((f) => f.wounded === 'wounded').length, 1);
  assert.equal(b.figures.filter((f) => !f.alive && !f.wounded).length, 1);
});

// Checklist item #43 (§7.23, source p.40): "For every fit soldier, one wounded may be moved up to
// half the movement rate of the squad. Any members of the squad helping wounded figures move may not
// Shoot." "If a squad without a medic wishes to abandon any unstabilized wounded, they must roll 1d6
// first. If the result is 5 or more, they may leave their wounded behind without penalty ... one
// level less than normal when Checking Resolve for the remainder of the game."
const march = (dy: number, figs = ['A1.1', 'A1.2', 'A1.3', 'A1.4']) => figs.map((id, i) => ({ fig: id, path: [[1000 + i * 220, 500 + dy] as [number, number]] }));

test('#43 carrying wounded: one wounded per fit soldier, both at half the move; the carrier does not shoot (§7.23)', () => {
  const s = volley('w-carry');
  wound(s, 'A1.5');
  const moves = [...march(280, ['A1.1', 'A1.2', 'A1.3']), { fig: 'A1.4', path: [[1760, 780] as [number, number]] }, { fig: 'A1.5', path: [[1880, 780] as [number, number]] }];
  const carry = [{ by: 'A1.4', fig: 'A1.5' }];
  const r = act(s, { type: 'engage', moves, target: null, fireFirst: true, carry });
  assert.deepEqual(fig(r.s, 'A1.5').at, [1880, 780], 'the wounded figure went with its carrier');
  assert.equal(fig(r.s, 'A1.5').wounded, 'wounded');
  assert.equal(evOf(r.events, 'wounded_left').length, 0, 'a carried figure is not left behind');
  // Half of 6": 3.5" is too far for the carried figure and for its carrier.
  const far = [...moves.slice(0, 4), { fig: 'A1.5', path: [[1880, 850] as [number, number]] }];
  assert.equal(code(tryAct(s, { type: 'engage', moves: far, target: null, fireFirst: true, carry })), 'beyond_allowance');
  const farCarrier = [...moves.slice(0, 3), { fig: 'A1.4', path: [[1660, 850] as [number, number]] }, { fig: 'A1.5', path: [[1780, 850] as [number, number]] }];
  assert.equal(code(tryAct(s, { type: 'engage', moves: farCarrier, target: null, fireFirst: true, carry })), 'beyond_allowance');
  // Not beside its carrier; no carrier at all; a carrier that is itself wounded; one carrier for two.
  const apart = [...moves.slice(0, 3), { fig: 'A1.4', path: [[1660, 780] as [number, number]] }, moves[4]];
  assert.equal(code(tryAct(s, { type: 'engage', moves: apart, target: null, fireFirst: true, carry })), 'carried_apart');
  assert.equal(code(tryAct(s, { type: 'engage', moves, target: null, fireFirst: true })), 'not_a_figure');
  assert.equal(code(tryAct(s, { type: 'engage', moves, target: null, fireFirst: true, carry: [{ by: 'A1.5', fig: 'A1.4' }] })), 'not_healthy');
  // The rest fire; the carrier does not (FE dice, then one damage roll pair).
  const fire = act(s, { type: 'engage', moves, target: 'B1', fireFirst: true, carry }, faces(1, 1, 1, 6));
  assert.equal(evOf(fire.events, 'shot')[0].firers.includes('A1.4'), false);
  assert.equal(evOf(fire.events, 'shot')[0].firers.length, 3);
});

test('#43 Leave No One Behind: a squad moving away from untreated wounded rolls 1D6 once per figure; under 5, one Resolve level lower for the game; a squad keeping its Medic rolls too (§7.23)', () => {
  const s = volley('w-leave');
  wound(s, 'A1.5');
  const away = { type: 'engage', moves: march(600), target: null, fireFirst: true } as Action;
  const bad = act(s, away, faces(4));
  assert.deepEqual(evOf(bad.events, 'wounded_left')[0], { unit: 'A1', figures: ['A1.5'], roll: 4, resolveLower: true });
  assert.equal(unitOf(bad.s, 'A1').leftWounded, true);
  const good = act(s, away, faces(5));
  assert.equal(unitOf(good.s, 'A1').leftWounded, undefined);
  assert.equal(evOf(good.events, 'wounded_left')[0].roll, 5);
  // Staying within coherency of the wounded: no roll.
  const near = act(s, { type: 'engage', moves: march(100), target: null, fireFirst: true } as Action);
  assert.equal(evOf(near.events, 'wounded_left').length, 0);
  // Already left: no second roll on the next move.
  const again = structuredClone(good.s);
  again.phase = 'order'; again.active = 'A1'; again.step++;
  const next = act(again, { type: 'engage', moves: march(1000), target: null, fireFirst: true } as Action);
  assert.equal(evOf(next.events, 'wounded_left').length, 0);
  // A stabilized figure may be left with no roll.
  const st = volley('w-leave-st');
  wound(st, 'A1.5', 'stabilized');
  assert.equal(evOf(act(st, away).events, 'wounded_left').length, 0);
  // A squad with a Medic that keeps him rolls too: only leaving him with the wounded spares the roll (medevac.test.ts).
  const medicSquad: UnitSpec = { name: 'Medics', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 4, personalities: ['medic'] }, { weapon: 'assaultRifle', armour: 'light' }] };
  const m = craft({ name: 'w-leave-medic', active: 'A1', options: W, units: [
    { id: 'A1', side: 0, spec: medicSquad, at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 1600, 5) },
  ] });
  wound(m, 'A1.5');
  const mr = act(m, away, faces(4));
  assert.deepEqual(evOf(mr.events, 'wounded_left')[0], { unit: 'A1', figures: ['A1.5'], roll: 4, resolveLower: true });
  assert.equal(unitOf(mr.s, 'A1').leftWounded, true);
});

test('#43 a squad that failed Leave No One Behind checks Resolve one level lower (§7.23, §2.1)', () => {
  const s = volley('w-resolve');
  const a = unitOf(s, 'A1');
  fig(s, 'A1.4').alive = false;
  wound(s, 'A1.5');
  // Steady, 5 strong: 2 casualties are below 50%; Uncertain breaks at 25%.
  assert.equal(isBroken(s, a), false);
  a.leftWounded = true;
  assert.equal(isBroken(s, a), true);
  // A stabilized figure is no longer a casualty.
  fig(s, 'A1.5').wounded = 'stabilized';
  assert.equal(isBroken(s, a), false);
});

test('#42 random legal playouts with the Recover Wounded module: no crash, the game ends, wounded figures are never healthy figures, candidates stay legal', () => {
  for (const sc of ['firefight', 'evacuation']) {
    const seed = `fad-wounds-${sc}`;
    const made = setupGame(fastAndDirty, { scenario: sc, seats, options: { recoverWounded: true, atmosphere: { 1: 'hostile' } } }, entryRng(seed, seed, 0));
    assert.ok(!isViolation(made));
    let k: KState<S> = (made as { k: KState<S> }).k;
    const rng = localRng(seed);
    let n = 0, wounds = 0;
    while (!resultOf(fastAndDirty, k) && n < 2000) {
      const e = randomEntry(fastAndDirty, k, rng);
      const r = applyEntry(fastAndDirty, k, e, entryRng(seed, seed, k.seq + 1));
      assert.ok(!isViolation(r), `${seed} entry ${n}: ${JSON.stringify(r).slice(0, 200)}`);
      wounds += (r as { events: { type: string }[] }).events.filter((x) => x.type === 'wounded').length;
      k = (r as { k: KState<S> }).k;
      for (const u of k.s.units) for (const f of u.figures) assert.ok(!(f.alive && f.wounded), `${f.id} is alive and wounded`);
      n++;
    }
    assert.ok(resultOf(fastAndDirty, k), `${seed} ended`);
    assert.ok(wounds > 0, `${seed}: some figure was wounded`);
  }
});

test('#42 Command Response: a unit with untreated wounded tests at −1 (§7.3 "Untreated wounded -1"); stabilized ones do not count', () => {
  const s = craft({ name: 'w-cr', options: { ...W, commandResponse: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1200, 3) },
  ] });
  wound(s, 'A1.3');
  unitOf(s, 'A1').casualtiesSeen = 1;
  const r = act(s, { type: 'activate', unit: 'A1' }, faces(4));
  assert.deepEqual(evOf(r.events, 'command_response')[0].mods, { untreatedWounded: -1 });
  wound(s, 'A1.3', 'stabilized');
  unitOf(s, 'A1').casualtiesSeen = 0;
  const t = act(s, { type: 'activate', unit: 'A1' }, faces(4));
  assert.deepEqual(evOf(t.events, 'command_response')[0].mods, {});
});

test('#43 carrying wounded on jump packs: two troopers carry each wounded figure; their Leap is 2" shorter, their bounds 4" shorter in total (§7.12, §7.23)', () => {
  const s = craft({ name: 'w-jump', active: 'A1', options: W, units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 4), jumpPacks: true }, at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  wound(s, 'A1.4');
  const carry = [{ by: 'A1.2', fig: 'A1.4' }, { by: 'A1.3', fig: 'A1.4' }];
  const leap = (dy: number, dyCarried = dy): Action => ({ type: 'engage', jump: 'leap', target: null, fireFirst: true, carry, moves: [
    { fig: 'A1.1', path: [[1000, 500 + dy]] }, { fig: 'A1.2', path: [[1220, 500 + dyCarried]] }, { fig: 'A1.3', path: [[1440, 500 + dyCarried]] }, { fig: 'A1.4', path: [[1560, 500 + dyCarried]] },
  ] });
  // The uncarrying A1.1 leaps 12"; the carriers and the carried at most 10".
  const ok = act(s, leap(1200, 980));
  assert.deepEqual(fig(ok.s, 'A1.4').at, [1560, 1480]);
  assert.equal(code(tryAct(s, leap(1200, 1050))), 'beyond_allowance');
  assert.equal(code(tryAct(s, { ...leap(1000), carry: carry.slice(0, 1) } as Action)), 'carriers', 'one carrier is not enough on a jump');
  // Bounds: 18" − 4" = 14" in all for the carriers.
  const bound = (y: [number, number, number]): Action => ({ type: 'engage', jump: 'bound', target: null, fireFirst: true, carry, moves: [
    { fig: 'A1.1', path: y.map((v) => [1000, v] as [number, number]) }, { fig: 'A1.2', path: y.map((v) => [1220, v] as [number, number]) }, { fig: 'A1.3', path: y.map((v) => [1440, v] as [number, number]) },
    { fig: 'A1.4', path: [[1660, y[0]], [1660, y[1]], [1560, y[2]]] },
  ] });
  assert.equal(code(tryAct(s, bound([1000, 1400, 1700]))), undefined, '12" of bounds');
  assert.equal(code(tryAct(s, bound([1100, 1700, 2000]))), 'beyond_allowance', '15" of bounds');
});

test('#42 positions carry the wounded state and Leave No One Behind: export then import keeps them (docs/ANALYSIS.md)', () => {
  const s = setup('firefight', W);
  s.phase = 'activate';
  wound(s, 'B1.5');
  wound(s, 'B1.4', 'stabilized');
  fig(s, 'B1.5').leftBehind = true;
  unitOf(s, 'B1').leftWounded = true;
  const pf = fastAndDirty.position!;
  const p = pf.toPosition(s) as { units: { id: string; leftWounded?: boolean; figures: { id?: string; wounded?: string; leftBehind?: boolean }[] }[] };
  assert.equal(code(p), undefined);
  const b = p.units.find((u) => u.id === 'B1')!;
  assert.equal(b.leftWounded, true);
  assert.deepEqual(['B1.4', 'B1.5'].map((id) => b.figures.find((f) => f.id === id)!).map((f) => [f.wounded ?? null, !!f.leftBehind]), [['stabilized', false], ['wounded', true]]);
  const back = pf.fromPosition(JSON.parse(JSON.stringify(p)), setup('firefight', W)) as S;
  assert.equal(code(back), undefined);
  assert.equal(fig(back, 'B1.5').wounded, 'wounded');
  assert.equal(fig(back, 'B1.5').leftBehind, true);
  assert.equal(fig(back, 'B1.4').wounded, 'stabilized');
  assert.equal(unitOf(back, 'B1').leftWounded, true);
});

test('#43 candidates: a squad with a wounded figure samples a move carrying it, legal, the wounded ending beside its carrier', () => {
  const s = volley('w-carry-cand');
  wound(s, 'A1.5');
  const cands = fastAndDirty.candidates(s, 0, decision(s), 200, null as never).actions as Action[];
  const carries = cands.filter((a) => a.type === 'engage' && a.carry?.length);
  assert.ok(carries.length > 0, 'a carrying move is sampled');
  for (const a of carries) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null);
  const a = carries[0] as Extract<Action, { type: 'engage' }>;
  assert.equal(a.carry![0].fig, 'A1.5');
  const r = act(s, a);
  const w = fig(r.s, 'A1.5'), b = fig(r.s, a.carry![0].by);
  assert.notDeepEqual(w.at, fig(s, 'A1.5').at, 'the wounded figure moved');
  assert.ok(Math.hypot(w.at[0] - b.at[0], w.at[1] - b.at[1]) - w.r - b.r <= 100, 'beside its carrier');
  assert.ok(!(cands.length && (fastAndDirty.candidates(volley('w-carry-none'), 0, decision(volley('w-carry-none')), 200, null as never).actions as Action[]).some((x) => x.type === 'engage' && x.carry)), 'none without wounded');
});

test('#43 candidates: carrying wounded is sampled on the moves that can carry besides a plain Engage: with fire after the move and before it (the carrier holding its fire), and a Leap on jump packs with two carriers to each wounded figure; all legal', () => {
  const s = volley('w-carry-fire');
  wound(s, 'A1.5');
  const cands = fastAndDirty.candidates(s, 0, decision(s), 400, null as never).actions as Extract<Action, { type: 'engage' }>[];
  const carries = cands.filter((a) => a.type === 'engage' && a.carry?.length);
  for (const a of carries) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
  assert.ok(carries.some((a) => a.target === 'B1' && !a.fireFirst), 'carrying, then firing after the move');
  assert.ok(carries.some((a) => a.target === 'B1' && a.fireFirst), 'firing, then carrying');
  // The carrier does not shoot: the shot's firers leave it out.
  const a = carries.find((x) => x.target === 'B1' && !x.fireFirst)!;
  const r = act(s, a, Array(20).fill(2));
  const shot = evOf(r.events, 'shot')[0];
  assert.ok(shot && !shot.firers.includes(a.carry![0].by));
  // Jump packs: a Leap carrying the wounded, two carriers.
  const j = craft({ name: 'w-carry-leap', active: 'A1', options: W, units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 4), jumpPacks: true }, at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  wound(j, 'A1.4');
  const jc = (fastAndDirty.candidates(j, 0, decision(j), 400, null as never).actions as Extract<Action, { type: 'engage' }>[]).filter((x) => x.type === 'engage' && x.jump === 'leap' && x.carry?.length);
  assert.ok(jc.length > 0, 'a carrying Leap is sampled');
  for (const x of jc) {
    assert.equal(x.carry!.length, 2);
    assert.equal(fastAndDirty.validate(j, 0, decision(j), x), null, JSON.stringify(x));
  }
  const leapt = act(j, jc[0]);
  assert.notDeepEqual(fig(leapt.s, 'A1.4').at, fig(j, 'A1.4').at, 'the wounded figure leapt with its carriers');
});

test('#43 candidates: carrying wounded is sampled on a Bound with jump packs (two carriers to each wounded figure, 4" short in all) and under variable movement; validate accepts them, and the carried figure goes with its carriers (§7.12, §7.23, §6.2)', () => {
  // Jump packs: a Bound carrying the wounded, in three bounds.
  const j = craft({ name: 'w-carry-bound', active: 'A1', options: W, units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 4), jumpPacks: true }, at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  wound(j, 'A1.4');
  const jc = (fastAndDirty.candidates(j, 0, decision(j), 400, null as never).actions as Extract<Action, { type: 'engage' }>[]).filter((x) => x.type === 'engage' && x.jump === 'bound' && x.carry?.length);
  assert.ok(jc.length > 0, 'a carrying Bound is sampled');
  for (const x of jc) {
    assert.equal(x.carry!.length, 2);
    assert.ok(x.moves.every((m) => m.path.length === 3), 'three bounds');
    assert.equal(fastAndDirty.validate(j, 0, decision(j), x), null, JSON.stringify(x));
  }
  const bounded = act(j, jc[0]);
  assert.notDeepEqual(fig(bounded.s, 'A1.4').at, fig(j, 'A1.4').at, 'the wounded figure bounded with its carriers');
  // Variable movement: the declared carrying move is sampled and legal; the roll trims it, the
  // carriers and the carried at half the roll (1D6+2 = 4": 2"), the wounded set down with them.
  const v = volley('w-carry-var');
  v.options.variableMovement = true;
  wound(v, 'A1.5');
  const vc = (fastAndDirty.candidates(v, 0, decision(v), 400, null as never).actions as Extract<Action, { type: 'engage' }>[]).filter((x) => x.type === 'engage' && !x.jump && x.carry?.length);
  assert.ok(vc.length > 0, 'a carrying move is sampled under variable movement');
  for (const x of vc) assert.equal(fastAndDirty.validate(v, 0, decision(v), x), null, JSON.stringify(x));
  const a = vc.find((x) => x.target === null)!;
  const by = a.carry![0].by;
  const r = act(v, a, faces(2));
  assert.equal(evOf(r.events, 'variable_movement')[0].allowance, 400);
  const moved = (id: string) => Math.hypot(fig(r.s, id).at[0] - fig(v, id).at[0], fig(r.s, id).at[1] - fig(v, id).at[1]);
  assert.ok(moved(by) > 0 && moved(by) <= 201, `the carrier goes at most half the roll (${moved(by)})`);
  const w = fig(r.s, 'A1.5'), b = fig(r.s, by);
  assert.ok(moved('A1.5') > 0 && Math.hypot(w.at[0] - b.at[0], w.at[1] - b.at[1]) - w.r - b.r <= 100, 'the carried figure set down beside its carrier where it stopped');
});
