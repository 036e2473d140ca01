// Checklist item #73, unit traits (§2.6, source p.44-51), the ones built so far (data/traits.json):
// Assault Troops +2, Shock Troops +1, Weak −1, No Grenades −2 in close assault; Frenzied +1 kill
// roll per model; Tough +1 armour; Swift +2" / Slow −2" base movement; Agile ignores
// difficult-terrain penalties; Fanatic never checks Resolve; Grizzled checks Resolve one level
// higher; Brave one die fewer and one automatic success, Shaky 2D6 and one automatic failure;
// Gene Troopers test morale only broken and Under Fire; Slow Firing 1D6 FE after moving; Inflexible
// no fire on a turn it moved; Stealth always hides; Obvious Target may not hide and may always be
// targeted. Dice scripted by value (face = value + 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, row, setup, squad, tryAct, unitOf } from './helpers.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { CONTENT, forceProblem } from '../../../src/games/fast-and-dirty/content.js';

const code = (r: unknown) => (r as { code?: string }).code;
const withT = (traits: string[], n = 3, o: Partial<UnitSpec> = {}): UnitSpec => ({ ...squad('regular', n), traits, ...o });
function duel(name: string, spec: UnitSpec, bAt = 1500, b: UnitSpec = squad('regular', 3), terrain: Feature[] = [], options: Record<string, unknown> = {}): S {
  return craft({ name, active: 'A1', terrain, options, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: b, at: row(1000, bAt, 3) },
  ] });
}
const moveAll = (s: S, dy: number, more: Partial<Extract<Action, { type: 'engage' }>> = {}): Action => ({ type: 'engage', moves: unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + dy] as [number, number]] })), target: null, fireFirst: false, ...more });

/** A1 charges B1 5" away; every die a 1 (value 0) unless given. */
function charge(a: UnitSpec, b: UnitSpec = squad('regular', 3), dice = Array(60).fill(0)) {
  const s = duel(`t-charge-${a.name}-${b.name}`, a, 1000, b);
  const moves = unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], 899] as [number, number]] }));
  return act(s, { type: 'assault', target: 'B1', moves }, dice);
}

test('#73 assault traits: Assault Troops +2, Shock Troops +1, Weak −1, No Grenades −2, in all close assaults, stacking; Frenzied +1 kill roll per model', () => {
  const r = charge(withT(['assaultTroops', 'shockTroops']), withT(['weak', 'noGrenades']));
  const res = evOf(r.events, 'assault_result')[0];
  assert.equal(res.attacker.mods.assaultTroops, 2);
  assert.equal(res.attacker.mods.shockTroops, 1);
  assert.equal(res.defender.mods.weak, -1);
  assert.equal(res.defender.mods.noGrenades, -2);
  const f = charge(withT(['frenzied']));
  const fighters = 3 - evOf(f.events, 'damage').filter((d) => d.killed).length;
  assert.equal(evOf(f.events, 'dice_rolled').find((d) => d.purpose === 'kill_dice' && d.unit === 'A1')!.faces.length, 2 * fighters);
});

test('#73 Tough: +1 armour rating against damage', () => {
  const light = CONTENT.armour.light.rating;
  const r = act(duel('t-tough', squad('regular', 3), 1500, withT(['tough'])), { type: 'engage', moves: [], target: 'B1', fireFirst: true }, [...faces(6, 6), ...Array(30).fill(2)]);
  const dmg = evOf(r.events, 'damage');
  assert.ok(dmg.length > 0);
  for (const d of dmg) assert.equal(d.defence, 3 + light + 1);
});

test('#73 Swift +2" and Slow −2" to base movement (Rush doubles it); Agile ignores difficult terrain', () => {
  const swift = duel('t-swift', withT(['swift']), 4000);
  assert.equal(code(tryAct(swift, moveAll(swift, 800))), undefined, '8"');
  assert.equal(code(tryAct(swift, moveAll(swift, 801))), 'beyond_allowance');
  assert.equal(code(tryAct(swift, { type: 'rush', moves: moveAll(swift, 1600).type === 'engage' ? (moveAll(swift, 1600) as Extract<Action, { type: 'engage' }>).moves : [] })), undefined, 'Rush 16"');
  const slow = duel('t-slow', withT(['slow']), 4000);
  assert.equal(code(tryAct(slow, moveAll(slow, 400))), undefined);
  assert.equal(code(tryAct(slow, moveAll(slow, 401))), 'beyond_allowance');
  const mud: Feature = { id: 'mud', kind: 'area', points: [[0, 0], [4800, 0], [4800, 2000], [0, 2000]], move: 'difficult', cover: 'none', los: 'clear', height: 0 };
  const agile = duel('t-agile', withT(['agile']), 4000, squad('regular', 3), [mud]);
  assert.equal(code(tryAct(agile, moveAll(agile, 600))), undefined, '6" through difficult ground');
  const plain = duel('t-plain', squad('regular', 3), 4000, squad('regular', 3), [mud]);
  assert.equal(code(tryAct(plain, moveAll(plain, 600))), 'beyond_allowance', 'costs 12" without Agile');
});

/** A2's activation with `n` casualties of 4 (Steady breaks at half). */
function activation(name: string, spec: UnitSpec, dead: number, o: { broken?: boolean; underFire?: boolean } = {}, dice: number[] = []) {
  const s = craft({ name, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  const a = unitOf(s, 'A1');
  for (let i = 0; i < dead; i++) a.figures[i].alive = false;
  if (o.broken) a.broken = true;
  if (o.underFire) a.underFire = true;
  return act(s, { type: 'activate', unit: 'A1' }, dice);
}

test('#73 Fanatic never checks Resolve; Grizzled checks it one Resolve level higher (Steady → Determined, 3 of 4)', () => {
  assert.equal(evOf(activation('t-norm', squad('regular', 4), 2, {}, faces(6, 6, 6)).events, 'broken').length, 1, 'Steady: 2 of 4 breaks');
  assert.equal(evOf(activation('t-fan', withT(['fanatic'], 4), 3, {}, faces(6, 6, 6)).events, 'broken').length, 0);
  assert.equal(evOf(activation('t-griz', withT(['grizzled'], 4), 2, {}, faces(6, 6, 6)).events, 'broken').length, 0);
  assert.equal(evOf(activation('t-griz3', withT(['grizzled'], 4), 3, {}, faces(6, 6, 6)).events, 'broken').length, 1);
});

test('#73 Brave: one morale die fewer and one automatic success; Shaky: 2D6 and one automatic failure; Gene Troopers test only broken and Under Fire', () => {
  const brave = activation('t-brave', withT(['brave'], 4), 2, { broken: true }, faces(1, 1));
  const roll = evOf(brave.events, 'dice_rolled').find((d) => d.purpose === 'morale')!;
  assert.equal(roll.faces.length, 2);
  assert.equal(evOf(brave.events, 'morale_result')[0].successes, 1, 'two failures and the automatic success: falls back, no rout');
  const shaky = activation('t-shaky', withT(['shaky'], 4), 2, { broken: true }, faces(6, 6));
  assert.equal(evOf(shaky.events, 'dice_rolled').find((d) => d.purpose === 'morale')!.faces.length, 2);
  assert.equal(evOf(shaky.events, 'morale_result')[0].successes, 2, 'at most 2 successes');
  assert.equal(evOf(activation('t-gene', withT(['geneTroopers'], 4), 2, { broken: true }).events, 'dice_rolled').filter((d) => d.purpose === 'morale').length, 0);
  assert.equal(evOf(activation('t-gene-uf', withT(['geneTroopers'], 4), 2, { broken: true, underFire: true }, faces(6, 6, 6)).events, 'dice_rolled').filter((d) => d.purpose === 'morale').length, 1);
});

test('#73 Slow Firing: 1D6 for FE after moving this activation; Inflexible: no fire in an order that moves', () => {
  const sf = duel('t-sf', withT(['slowFiring']), 2000);
  const moved = act(sf, moveAll(sf, 300, { target: 'B1' }), Array(30).fill(2));
  assert.equal(evOf(moved.events, 'dice_rolled').find((d) => d.purpose === 'fire_effect')!.faces.length, 1);
  const still = act(duel('t-sf2', withT(['slowFiring']), 2000), { type: 'engage', moves: [], target: 'B1', fireFirst: true }, Array(30).fill(2));
  assert.equal(evOf(still.events, 'dice_rolled').find((d) => d.purpose === 'fire_effect')!.faces.length, 2);
  const inf = duel('t-inf', withT(['inflexible']), 2000);
  assert.equal(code(tryAct(inf, moveAll(inf, 300, { target: 'B1' }))), 'inflexible');
  assert.equal(code(tryAct(inf, { type: 'engage', moves: [], target: 'B1', fireFirst: true }, Array(30).fill(2))), undefined);
});

test('#73 Stealth always hides; Obvious Target may not hide and may always be targeted regardless of fire priority', () => {
  const far = (name: string, spec: UnitSpec) => craft({ name, active: 'A1', options: { hiddenMovement: true }, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ], terrain: [{ id: 'wall', kind: 'area', points: [[0, 2000], [4800, 2000], [4800, 2100], [0, 2100]], move: 'impassable', cover: 'hard', los: 'block', height: 600 }] });
  const st = act(far('t-stealth', withT(['stealth'])), { type: 'hide' });
  assert.equal(evOf(st.events, 'hide')[0].hidden, true);
  assert.equal(evOf(st.events, 'dice_rolled').filter((d) => d.purpose === 'hide').length, 0, 'no roll');
  assert.equal(code(tryAct(far('t-obvious-hide', withT(['obviousTarget'])), { type: 'hide' })), 'obvious_target');
  // A Rabble shooter may pick only the closest unit; the farther Obvious Target is allowed too.
  const s = craft({ name: 't-obvious', active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('rabble', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1200, 3) },
    { id: 'B2', side: 1, spec: squad('regular', 3), at: row(3000, 1500, 3) },
    { id: 'B3', side: 1, spec: withT(['obviousTarget']), at: row(2000, 1800, 3) },
  ] });
  assert.equal(code(tryAct(s, { type: 'engage', moves: [], target: 'B2', fireFirst: true })), 'fire_priority');
  assert.equal(code(tryAct(s, { type: 'engage', moves: [], target: 'B3', fireFirst: true }, Array(30).fill(2))), undefined);
});

test('#73 traits are data: unknown ones are refused in force lists and scenario data', () => {
  assert.equal(code(forceProblem(CONTENT, [withT(['berserk'])], 500)), 'unknown_trait');
  assert.equal(forceProblem(CONTENT, [withT(['tough', 'swift'])], 500), null);
  assert.ok(setup('firefight', { forces: { 0: [withT(['tough'])] } }).units.find((u) => u.id === 'A1')!.traits!.includes('tough'));
});
