// Checklist #113 (the Not Like Us traits) and #73 (traits of §2.6): Aerial (p.44: "hovers while
// moving", clears obstacles up to its own height, lands and takes the terrain; §7.8 p.29: twice the
// height in low gravity, half in high, #45), Self Repairing (recovery rolls without aid teams),
// Regenerate (a wounded figure heals fully by staying dormant for its next activation); the heroic
// natures Hero, Villain and Legend (p.47-49).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, fastAndDirty, row, seats, squad, tryAct, unitOf } from './helpers.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import { afterCasualties } from '../../../src/games/fast-and-dirty/rules/combat.js';
import { villainsReturn } from '../../../src/games/fast-and-dirty/rules/natures.js';

const code = (r: unknown) => (r as { code?: string }).code;
const withT = (traits: string[], n = 3): UnitSpec => ({ ...squad('regular', n), traits });
function duel(name: string, spec: UnitSpec, terrain: Feature[] = [], options: Record<string, unknown> = {}, n = 3): S {
  return craft({ name, active: 'A1', terrain, options, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, n) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
}
const moveAll = (s: S, dy: number): Action => ({ type: 'engage', moves: unitOf(s, 'A1').figures.filter((f) => f.alive).map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + dy] as [number, number]] })), target: null, fireFirst: false });
const wall = (height: number): Feature => ({ id: `wall${height}`, kind: 'linear', points: [[0, 700], [4800, 700]], move: 'difficult', cover: 'hard', los: 'clear', height });

test('#113 #73 Aerial: hovers over obstacles no higher than the figure at no cost; taller ones as usual (§2.6)', () => {
  // A man-high wall (1.2") costs 3" to cross: 4" + 3" is beyond a Regular's 6".
  assert.equal(code(tryAct(duel('a-plain', squad('regular', 3), [wall(120)]), moveAll(duel('a-plain', squad('regular', 3), [wall(120)]), 400))), 'beyond_allowance');
  const aer = duel('a-aerial', withT(['aerial']), [wall(120)]);
  assert.equal(code(tryAct(aer, moveAll(aer, 400))), undefined, 'the Aerial squad passes over it');
  assert.equal(code(tryAct(aer, moveAll(aer, 601))), 'beyond_allowance', 'its own allowance still holds');
  // A 2" wall is impassable to infantry and taller than the figure (1.25").
  const tall = duel('a-tall', withT(['aerial']), [wall(200)]);
  assert.equal(code(tryAct(tall, moveAll(tall, 400))), 'impassable');
  // An impassable 1" high rock field can be crossed, not landed in.
  const rocks: Feature = { id: 'rocks', kind: 'area', points: [[0, 650], [4800, 650], [4800, 850], [0, 850]], move: 'impassable', cover: 'hard', los: 'clear', height: 100 };
  const r = duel('a-rocks', withT(['aerial']), [rocks]);
  assert.equal(code(tryAct(r, moveAll(r, 500))), undefined, 'over the rocks');
  assert.equal(code(tryAct(r, moveAll(r, 250))), 'impassable', 'not landing in them');
  assert.equal(code(tryAct(duel('a-rocks-plain', squad('regular', 3), [rocks]), moveAll(duel('a-rocks-plain', squad('regular', 3), [rocks]), 500))), 'impassable');
});

test('#45 #113 Aerial clearance in low gravity is twice the figure\'s height, in high gravity half (§7.8)', () => {
  const low = duel('a-low', withT(['aerial']), [wall(200)], { gravity: 'low' });
  assert.equal(code(tryAct(low, moveAll(low, 400))), undefined, '2" wall cleared at 2.5"');
  const high = duel('a-high', withT(['aerial']), [wall(100)], { gravity: 'high' });
  // High gravity: a 4" move; the 1" wall (crossing 3") is higher than the 0.62" clearance: 3" + 3" is beyond it.
  assert.equal(code(tryAct(high, moveAll(high, 300))), 'beyond_allowance');
  const std = duel('a-std', withT(['aerial']), [wall(100)]);
  assert.equal(code(tryAct(std, moveAll(std, 500))), undefined, 'standard gravity clears the 1" wall');
});

const W = { recoverWounded: true };
const recover = (aid: { wounded: string; by: string[] }[]): Action => ({ type: 'command', demolition: null, target: null, recover: aid });
function woundedSquad(name: string, traits: string[]) {
  const s = duel(name, withT(traits, 4), [], W, 4);
  const f = unitOf(s, 'A1').figures[3];
  f.alive = false;
  f.wounded = 'wounded';
  return s;
}

test('#113 #73 Self Repairing: its Recover Wounded rolls need no aid team (§2.6, §7.23)', () => {
  const r = act(woundedSquad('sr', ['selfRepairing']), recover([{ wounded: 'A1.4', by: [] }]), faces(6));
  assert.equal(evOf(r.events, 'recovery')[0].result, 'recovered');
  assert.equal(unitOf(r.s, 'A1').figures[3].alive, true);
  assert.equal(code(tryAct(woundedSquad('sr-plain', []), recover([{ wounded: 'A1.4', by: [] }]))), 'aid_team', 'others need two helpers');
});

test('#113 #73 Regenerate: a wounded figure heals fully when the unit stays dormant for its activation, not when it moves or fires (§2.6)', () => {
  const hold: Action = { type: 'engage', moves: [], target: null, fireFirst: true };
  const r = act(woundedSquad('rg', ['regenerate']), hold);
  assert.deepEqual(evOf(r.events, 'regenerated'), [{ unit: 'A1', figure: 'A1.4' }]);
  assert.equal(unitOf(r.s, 'A1').figures[3].alive, true);
  assert.equal(unitOf(r.s, 'A1').figures[3].wounded, undefined);
  const moved = act(woundedSquad('rg-move', ['regenerate']), moveAll(woundedSquad('rg-move', ['regenerate']), 200));
  assert.equal(evOf(moved.events, 'regenerated').length, 0);
  assert.equal(unitOf(moved.s, 'A1').figures[3].wounded, 'wounded');
  const plain = act(woundedSquad('rg-plain', []), hold);
  assert.equal(unitOf(plain.s, 'A1').figures[3].wounded, 'wounded', 'no regeneration without the trait');
});

test('#113 Not Like Us: Aerial, Self Repairing, Regenerate and Berserk are given to the force; none is skipped (§2.10)', () => {
  const side = [1, 5, 1, ...Array(12).fill(2)];
  const run = (a: number, b: number) => {
    const r = fastAndDirty.setup({ scenario: 'firefight', seats, options: { generate: { method: 'basic', notLikeUs: true } } }, { seq: 0, rng: scriptedRng(faces(...side, a, b), 'nlu') });
    if (isViolation(r)) throw new Error(r.code);
    return r;
  };
  const one = run(1, 2);
  assert.deepEqual(evOf(one.events, 'not_like_us')[0], { side: 0, traits: ['aerial', 'swift', 'berserk'], notBuilt: [] });
  assert.ok(one.state.units.filter((u) => u.side === 0).every((u) => u.traits?.includes('aerial') && u.traits?.includes('berserk')));
  assert.deepEqual(evOf(run(4, 1).events, 'not_like_us')[0].traits, ['fanatic', 'selfRepairing', 'aggressive']);
  assert.deepEqual(evOf(run(6, 6).events, 'not_like_us')[0].traits, ['regenerate', 'terrifying', 'relentless']);
});

const character = (traits: string[]): UnitSpec => ({ name: `C-${traits.join('-')}`, kind: 'character', leadership: 'experienced', quality: 'regular', resolve: 'steady', traits, figures: [{ weapon: 'assaultRifle', armour: 'light' }] });
function faceOff(name: string, a: UnitSpec, b: UnitSpec): S {
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: a, at: row(1000, 500, a.figures.reduce((k, f) => k + (f.count ?? 1), 0)) },
    { id: 'B1', side: 1, spec: b, at: row(1000, 1500, b.figures.reduce((k, f) => k + (f.count ?? 1), 0)) },
  ] });
}
const fire: Action = { type: 'engage', moves: [], target: 'B1', fireFirst: true };

test('#113 #73 Hero: Fearless and Shock Troops; non-heroes firing at a Hero −2, another Hero not (§2.6)', () => {
  const s = faceOff('h-fire', squad('regular', 3), character(['hero']));
  assert.deepEqual(['hero', 'fearless', 'shockTroops'].map((t) => unitOf(s, 'B1').traits?.includes(t as never)), [true, true, true]);
  const r = act(s, fire, Array(40).fill(0));
  assert.equal(evOf(r.events, 'shot')[0].mods.hero, -2);
  const h = act(faceOff('h-hero', character(['hero']), character(['hero'])), fire, Array(40).fill(0));
  assert.equal(evOf(h.events, 'shot')[0].mods.hero, undefined);
  const plain = act(faceOff('h-plain', squad('regular', 3), character([])), fire, Array(40).fill(0));
  assert.equal(evOf(plain.events, 'shot')[0].mods.hero, undefined);
});

test('#113 #73 Legend: Hero and Villain; its Fire Effect die and close-assault die always count as 6 (§2.6)', () => {
  const s = faceOff('l-fire', character(['legend']), squad('regular', 3));
  assert.ok(['hero', 'villain', 'fearless', 'shockTroops'].every((t) => unitOf(s, 'A1').traits?.includes(t as never)));
  // Every die a 1: the FE is still 6 + the weapon's and modifiers'.
  const legend = evOf(act(s, fire, Array(40).fill(0)).events, 'shot')[0];
  const other = evOf(act(faceOff('l-plain', character([]), squad('regular', 3)), fire, Array(40).fill(0)).events, 'shot')[0];
  assert.equal(Number(legend.fe) - Number(other.fe), 5, 'a 6 instead of the rolled 1');
  const charge = (spec: UnitSpec) => {
    const c = faceOff(`l-charge-${spec.name}`, spec, squad('regular', 1));
    return evOf(act(c, { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 1399]] }] }, Array(40).fill(0)).events, 'assault_result')[0];
  };
  const la = charge(character(['legend'])), pa = charge(character([]));
  assert.equal((la.attacker as { score: number }).score - (pa.attacker as { score: number }).score, 5 + 1, 'the 6 and Shock Troops +1');
});

test('#113 #73 Villain: killed, it stays; as the next turn begins 1D6, 5+ it returns to battle, else it is removed (§2.6)', () => {
  const kill = (name: string) => {
    const s = faceOff(name, squad('regular', 5), character(['villain']));
    const v = unitOf(s, 'B1');
    v.figures[0].alive = false;
    const run = new Run(scriptedRng([], name));
    afterCasualties(s, run, v);
    assert.equal(v.out, true);
    assert.equal(v.villainDown, s.turn);
    return s;
  };
  const s = kill('v-back');
  const run = new Run(scriptedRng(faces(5), 'v'));
  villainsReturn(s, run);
  assert.equal(unitOf(s, 'B1').out, true, 'not in the same turn');
  s.turn++;
  villainsReturn(s, run);
  assert.equal(unitOf(s, 'B1').out, false);
  assert.equal(unitOf(s, 'B1').figures[0].alive, true);
  const g = kill('v-gone');
  g.turn++;
  const run2 = new Run(scriptedRng(faces(4), 'v2'));
  villainsReturn(g, run2);
  assert.equal(unitOf(g, 'B1').out, true);
  assert.equal(unitOf(g, 'B1').villainDown, undefined, 'one roll only');
  // A plain character stays dead.
  const p = faceOff('v-plain', squad('regular', 5), character([]));
  unitOf(p, 'B1').figures[0].alive = false;
  afterCasualties(p, new Run(scriptedRng([], 'vp')), unitOf(p, 'B1'));
  assert.equal(unitOf(p, 'B1').villainDown, undefined);
});

test('#113 #73 Berserk: activating within 10" of an enemy it skips its tests, ignores Under Fire and Pinned, must charge the nearest enemy unit, +2 in that assault (§2.6)', () => {
  const scene = (name: string, by: number) => {
    const s = craft({ name, units: [
      { id: 'A1', side: 0, spec: withT(['berserk']), at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, by, 3) },
      { id: 'B2', side: 1, spec: squad('regular', 3), at: row(3500, 4000, 3) },
    ] });
    Object.assign(unitOf(s, 'A1'), { underFire: true, pinned: true });
    return act(s, { type: 'activate', unit: 'A1' });
  };
  const r = scene('bz', 1000);
  assert.deepEqual(evOf(r.events, 'berserk'), [{ unit: 'A1', target: 'B1' }]);
  assert.equal(evOf(r.events, 'dice_rolled').length, 0, 'no activation tests');
  assert.deepEqual([unitOf(r.s, 'A1').underFire, unitOf(r.s, 'A1').pinned], [false, false]);
  const hold: Action = { type: 'engage', moves: [], target: null, fireFirst: true };
  assert.equal(code(tryAct(r.s, hold)), 'berserk');
  assert.equal(code(tryAct(r.s, { type: 'engage', moves: [], target: 'B1', fireFirst: true })), 'berserk');
  const cands = fastAndDirty.candidates(r.s, 0, fastAndDirty.pending(r.s)[0], 200, null as never).actions as Action[];
  assert.ok(cands.length > 0 && cands.every((a) => a.type === 'assault' && a.target === 'B1'), 'only charges on B1 are offered');
  const dflt = fastAndDirty.defaultAction(r.s, fastAndDirty.pending(r.s)[0]) as Action;
  assert.ok(dflt.type === 'assault' && dflt.target === 'B1', 'the default order is a charge on B1');
  assert.equal(code(tryAct(r.s, dflt)), undefined);
  const moves = unitOf(r.s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], 899] as [number, number]] }));
  const c = act(r.s, { type: 'assault', target: 'B1', moves }, Array(60).fill(0));
  assert.equal((evOf(c.events, 'assault_result')[0].attacker as { mods: Record<string, number> }).mods.berserk, 2);
  // Beyond 10": an ordinary activation.
  const far = scene('bz-far', 2200);
  assert.equal(evOf(far.events, 'berserk').length, 0);
  assert.equal(code(tryAct(far.s, hold)), undefined);
});

test('#73 Gung Ho: Under Fire takes nothing off its charge (6" + 4"), while its other moves still lose 2" (§2.6, §6.9)', () => {
  const charge = (name: string, spec: UnitSpec, dy: number) => {
    const s = craft({ name, active: 'A1', units: [
      { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 500 + dy + 100, 3) },
    ] });
    unitOf(s, 'A1').underFire = true;
    const moves = unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + dy] as [number, number]] }));
    return code(tryAct(s, { type: 'assault', target: 'B1', moves }, Array(60).fill(0)));
  };
  // A 9" charge: beyond an Under Fire squad's 8", within a Gung Ho squad's 10".
  assert.equal(charge('gh-plain', squad('regular', 3), 900), 'beyond_allowance');
  assert.equal(charge('gh', withT(['gungHo']), 900), undefined);
  const s = duel('gh-move', withT(['gungHo']));
  unitOf(s, 'A1').underFire = true;
  assert.equal(code(tryAct(s, moveAll(s, 401))), 'beyond_allowance', 'a plain move is still 4"');
});
