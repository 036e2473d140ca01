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
import { act, craft, decision, evOf, faces, fastAndDirty, row, setup, squad, tryAct, unitOf } from './helpers.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { CONTENT, forceProblem } from '../../../src/games/fast-and-dirty/content.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import { resolveAssault } from '../../../src/games/fast-and-dirty/rules/combat.js';
import { scriptedRng } from '../../../src/engine/rng.js';

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
  assert.equal(code(forceProblem(CONTENT, [withT(['noSuchTrait'])], 500)), 'unknown_trait');
  assert.equal(forceProblem(CONTENT, [withT(['tough', 'swift'])], 500), null);
  assert.ok(setup('firefight', { forces: { 0: [withT(['tough'])] } }).units.find((u) => u.id === 'A1')!.traits!.includes('tough'));
});

test('#73 Terrifying: an enemy unit activating within 8" tests morale at once, even unbroken; Fearless ignores it and psionic Terror', () => {
  const near = (name: string, spec: UnitSpec, gap: number) => craft({ name, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: withT(['terrifying']), at: row(1000, 600 + gap, 3) },
  ] });
  // Bases 0.5": centres 9" apart are 8" edge to edge.
  const t = act(near('t-terr', squad('regular', 3), 800), { type: 'activate', unit: 'A1' }, faces(6, 6, 6));
  assert.equal(evOf(t.events, 'dice_rolled').filter((d) => d.purpose === 'morale').length, 1);
  const far = act(near('t-terr-far', squad('regular', 3), 801), { type: 'activate', unit: 'A1' });
  assert.equal(evOf(far.events, 'dice_rolled').filter((d) => d.purpose === 'morale').length, 0);
  const fearless = act(near('t-fearless', withT(['fearless']), 800), { type: 'activate', unit: 'A1' });
  assert.equal(evOf(fearless.events, 'dice_rolled').filter((d) => d.purpose === 'morale').length, 0);
  const terror = near('t-fearless-psi', withT(['fearless']), 3000);
  unitOf(terror, 'A1').terror = true;
  assert.equal(evOf(act(terror, { type: 'activate', unit: 'A1' }).events, 'dice_rolled').filter((d) => d.purpose === 'morale').length, 0);
});

test('#73 Droid Troopers never test morale and are never Elite; attacks on them must exceed the armour roll. Save: 5+ on a D6 negates a hit', () => {
  assert.equal(evOf(activation('t-droid', withT(['droidTroopers'], 4), 3, { broken: true }).events, 'dice_rolled').filter((d) => d.purpose === 'morale').length, 0);
  assert.equal(code(forceProblem(CONTENT, [withT(['droidTroopers'], 3, { quality: 'elite' })], 900)), 'droid_elite');
  // Attack die a, defence die a + 2 − light: attack a + 2 equals defence; equal kills an ordinary trooper, not a droid.
  const light = CONTENT.armour.light.rating;
  const equal = Array.from({ length: 12 }, () => faces(3, 3 + 2 - light)).flat();
  const droid = act(duel('t-droid-shot', squad('regular', 3), 1500, withT(['droidTroopers'])), { type: 'engage', moves: [], target: 'B1', fireFirst: true }, [...faces(6, 6), ...equal]);
  const dd = evOf(droid.events, 'damage');
  assert.ok(dd.length > 0);
  for (const d of dd) assert.equal(d.killed, false);
  const men = act(duel('t-men-shot', squad('regular', 3), 1500), { type: 'engage', moves: [], target: 'B1', fireFirst: true }, [...faces(6, 6), ...equal]);
  assert.ok(evOf(men.events, 'damage').every((d) => d.killed));
  // Save: FE 6 6 → hits; each hit first rolls the save: 5 saves, 4 does not.
  const sv = act(duel('t-save', squad('regular', 3), 1500, withT(['save'])), { type: 'engage', moves: [], target: 'B1', fireFirst: true }, [...faces(6, 6), ...faces(5), ...faces(4), ...Array(30).fill(2)]);
  assert.equal(evOf(sv.events, 'saved').length >= 1, true);
  const saveRolls = evOf(sv.events, 'dice_rolled').filter((d) => d.purpose === 'save');
  assert.equal(saveRolls[0].faces[0], 5);
  assert.equal(evOf(sv.events, 'damage')[0].figure, saveRolls[1].figure, 'the unsaved hit goes to damage');
});

test('#73 Engineer: demolitions roll one die fewer with one automatic success; +2 to minefield rolls. Timid: a Quality test to launch an assault', () => {
  const station: Feature = { id: 'relay', kind: 'structure', points: [[2200, 2000], [2600, 2000], [2600, 2400], [2200, 2400]], move: 'impassable', cover: 'hard', los: 'block', height: 400, status: 'intact' };
  const sapper = (name: string, traits: string[]) => {
    const s = craft({ name, active: 'A1', terrain: [station], victory: { kind: 'demolition', attacker: 0, target: 'relay' }, units: [
      { id: 'A1', side: 0, spec: { ...withT(traits, 2), demolition: { charges: 1 } }, at: [[2300, 1950], [2520, 1950]] },
      { id: 'B1', side: 1, spec: squad('regular', 2), at: row(500, 4500, 2) },
    ] });
    unitOf(s, 'B1').activated = true;
    return s;
  };
  const rig = { type: 'command' as const, demolition: { act: 'rig' as const, fig: 'A1.1' }, target: null };
  const e = act(sapper('t-eng', ['engineer']), rig, faces(3));
  assert.equal(evOf(e.events, 'dice_rolled').find((d) => d.purpose === 'rig_charges')!.faces.length, 1, 'one die fewer');
  assert.equal(unitOf(e.s, 'A1').demolition?.rigged, 'yes', 'one success and the automatic one');
  assert.equal(unitOf(act(sapper('t-noeng', []), rig, faces(3, 1)).s, 'A1').demolition?.rigged, 'pending', 'without: one success only');
  // Timid: all dice 1 — the test fails after the free shot, no assault; the same script with a 6 for the test assaults.
  const timid = charge(withT(['timid']));
  const test0 = evOf(timid.events, 'timid')[0];
  assert.equal(test0.passed, false);
  assert.equal(evOf(timid.events, 'assault_result').length, 0, 'no assault after a failure');
  const rolls = evOf(timid.events, 'dice_rolled');
  const before = rolls.slice(0, rolls.findIndex((d) => d.purpose === 'timid')).reduce((n, d) => n + d.faces.length, 0);
  const dice = Array(60).fill(0);
  dice[before] = 5;
  const bold = charge(withT(['timid']), squad('regular', 3), dice);
  assert.equal(evOf(bold.events, 'timid')[0].passed, true);
  assert.equal(evOf(bold.events, 'assault_result').length, 1);
});

test('#73 Relentless ignores Under Fire and Pinned and never benefits from cover; Hardened ignores Under Fire until its first casualty', () => {
  const woods: Feature = { id: 'woods', kind: 'area', points: [[500, 1300], [2000, 1300], [2000, 1700], [500, 1700]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 600 };
  const shoot: Action = { type: 'engage', moves: [], target: 'B1', fireFirst: true };
  const plain = act(duel('t-rel-plain', squad('regular', 3), 1500, squad('regular', 3), [woods], { pinning: true }), shoot, [...faces(6, 6), ...Array(30).fill(0)]);
  assert.equal(evOf(plain.events, 'shot')[0].cover, 'soft');
  const r = act(duel('t-rel', squad('regular', 3), 1500, withT(['relentless']), [woods], { pinning: true }), shoot, [...faces(6, 6), ...Array(30).fill(0)]);
  assert.equal(evOf(r.events, 'shot')[0].cover, 'none', 'no cover in the woods');
  const b = unitOf(r.s, 'B1');
  assert.equal(b.underFire, false);
  assert.ok(!b.pinned);
  // Low fire, every damage roll saved by a 6 on defence: no casualty.
  const missed = [...faces(1, 1), ...Array.from({ length: 12 }, () => faces(1, 6)).flat()];
  const h = act(duel('t-hard', squad('regular', 3), 1500, withT(['hardened'])), shoot, missed);
  assert.equal(evOf(h.events, 'damage').filter((d) => d.killed).length, 0);
  assert.equal(unitOf(h.s, 'B1').underFire, false, 'no casualty yet: ignored');
  const h2 = duel('t-hard2', squad('regular', 3), 1500, withT(['hardened']));
  unitOf(h2, 'B1').figures[2].alive = false;
  assert.equal(unitOf(act(h2, shoot, missed).s, 'B1').underFire, true, 'after its first casualty it is marked');
});

test('#73 Zombie: Relentless and Fanatic, never Rushes, fires only at close range and at −2; Goon: close range unless returning fire, −1 FE, −1 armour, no Rush', () => {
  // B1 at 25" (edge 24"): medium range for Regular assault rifles (close to 20").
  const z = duel('t-zombie', withT(['zombie']), 3000);
  assert.equal(code(tryAct(z, { type: 'engage', moves: [], target: 'B1', fireFirst: true })), 'close_range_only');
  assert.equal(code(tryAct(z, { type: 'rush', moves: (moveAll(z, 600) as Extract<Action, { type: 'engage' }>).moves })), 'no_rush');
  const zc = act(duel('t-zombie-close', withT(['zombie']), 1500), { type: 'engage', moves: [], target: 'B1', fireFirst: true }, Array(30).fill(2));
  assert.equal(evOf(zc.events, 'shot')[0].mods.zombie, -2);
  assert.equal(evOf(activation('t-zombie-fan', withT(['zombie'], 4), 3, {}, faces(6, 6, 6)).events, 'broken').length, 0, 'Fanatic');
  const g = duel('t-goon', withT(['goon']), 3000);
  assert.equal(code(tryAct(g, { type: 'engage', moves: [], target: 'B1', fireFirst: true })), 'close_range_only');
  unitOf(g, 'A1').firedOnBy = { B1: g.turn };
  const back = act(g, { type: 'engage', moves: [], target: 'B1', fireFirst: true }, Array(30).fill(2));
  assert.equal(evOf(back.events, 'shot')[0].mods.goon, -1, 'returning fire at medium range, at −1');
  const light = CONTENT.armour.light.rating;
  const hit = act(duel('t-goon-armour', squad('regular', 3), 1500, withT(['goon'])), { type: 'engage', moves: [], target: 'B1', fireFirst: true }, [...faces(6, 6), ...Array(30).fill(2)]);
  for (const d of evOf(hit.events, 'damage')) assert.equal(d.defence, 3 + light - 1);
  assert.equal(unitOf(hit.s, 'B1').firedOnBy?.A1, hit.s.turn, 'the Goon remembers who fired at it');
});

test('#73 Slick: each slick model may be engaged by at most 2 opponents, capping the outnumbering bonus and kill rolls', () => {
  const s = craft({ name: 't-slick', active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: [[1000, 800], [800, 1000], [1200, 1000]] },
    { id: 'B1', side: 1, spec: withT(['slick'], 1), at: [[1000, 1000]] },
  ] });
  const moves = [{ fig: 'A1.1', path: [[1000, 899]] }, { fig: 'A1.2', path: [[899, 1000]] }, { fig: 'A1.3', path: [[1101, 1000]] }] as { fig: string; path: [number, number][] }[];
  // The free shot: low dice, each damage roll saved by a 6.
  const r = act(s, { type: 'assault', target: 'B1', moves }, [...faces(1), ...Array.from({ length: 12 }, () => faces(1, 6)).flat()]);
  const res = evOf(r.events, 'assault_result')[0];
  assert.ok(res, JSON.stringify(evOf(r.events, 'assault_fizzled')));
  assert.equal(res.attacker.mods.outnumbering, 1, '2 counted against 1, not 3');
  const kill = evOf(r.events, 'dice_rolled').find((d) => d.purpose === 'kill_dice' && d.unit === 'A1');
  if (kill) assert.equal(kill.faces.length, 2, 'two kill dice, not three');
});

test('#73 Dependent: Command Response +1 more with a character attached, −1 with none and its squad leader lost; Recon: coherency +1", strike timing 2D6 + 1 automatic success', () => {
  const cr = (name: string, leaderDead: boolean) => {
    const spec: UnitSpec = { ...withT(['dependent'], 3), figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 2 }] };
    const s = craft({ name, options: { commandResponse: true }, units: [
      { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1400, 3) },
    ] });
    if (leaderDead) unitOf(s, 'A1').figures[0].alive = false;
    return evOf(act(s, { type: 'activate', unit: 'A1' }, faces(6, 6, 6, 6)).events, 'command_response')[0];
  };
  assert.equal(cr('t-dep-lost', true).mods.dependent, -1);
  assert.equal(cr('t-dep-ok', false).mods.dependent, undefined);
  // Recon coherency: Regular 4" + 1" = 5" edge to edge.
  const spread = (name: string, traits: string[], gap: number) => craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: withT(traits, 2), at: [[1000, 500], [1100, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  const apart = (gap: number): Action => ({ type: 'engage', moves: [{ fig: 'A1.2', path: [[1100 + gap, 500]] }], target: null, fireFirst: true });
  // A1.1 at x = 10": A1.2 moved to x = 16" stands 5" apart edge to edge.
  assert.equal(code(tryAct(spread('t-recon', ['recon'], 0), apart(500))), undefined, '5" apart edge to edge');
  assert.equal(code(tryAct(spread('t-recon-x', ['recon'], 0), apart(501))), 'incoherent');
  assert.equal(code(tryAct(spread('t-norecon', [], 0), apart(400))), undefined, '4" without Recon');
  assert.equal(code(tryAct(spread('t-norecon-x', [], 0), apart(401))), 'incoherent');
  const callSpec: UnitSpec = { ...withT(['recon'], 2), figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light' }] };
  const s = craft({ name: 't-recon-call', active: 'A1', options: { artillery: { 0: ['lightMortar'] } }, units: [
    { id: 'A1', side: 0, spec: callSpec, at: row(1000, 500, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  const r = act(s, { type: 'command', demolition: null, target: null, callFire: { caller: 'A1.1', asset: 'A-1', at: [1220, 2500] } }, [...faces(3, 1), ...Array(20).fill(2)]);
  assert.equal(evOf(r.events, 'dice_rolled').find((d) => d.purpose === 'artillery_timing')!.faces.length, 2);
  assert.equal(evOf(r.events, 'artillery_strike').length, 1, 'one success and the automatic one');
});

test('#73 Huge: 4 kill rolls per model in assault; never benefits from cover', () => {
  // One Huge figure in contact with one trooper; assault rolls 3 (+1 charging) against 4: a draw, both roll kill dice.
  const s = craft({ name: 't-huge', units: [
    { id: 'A1', side: 0, spec: withT(['huge'], 1), at: [[1000, 899]] },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 1000]] },
  ] });
  const run = new Run(scriptedRng([...faces(3, 4), ...Array(20).fill(0)], 't-huge'));
  resolveAssault(s, run, unitOf(s, 'A1'), unitOf(s, 'B1'));
  assert.equal(evOf(run.ev, 'assault_result')[0].outcome, 'draw');
  assert.equal(evOf(run.ev, 'dice_rolled').find((d) => d.purpose === 'kill_dice' && d.unit === 'A1')!.faces.length, 4);
  assert.equal(evOf(run.ev, 'dice_rolled').find((d) => d.purpose === 'kill_dice' && d.unit === 'B1')!.faces.length, 1);
  const woods: Feature = { id: 'woods', kind: 'area', points: [[500, 1300], [2000, 1300], [2000, 1700], [500, 1700]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 600 };
  const h = act(duel('t-huge-cover', squad('regular', 3), 1500, withT(['huge']), [woods]), { type: 'engage', moves: [], target: 'B1', fireFirst: true }, Array(30).fill(2));
  assert.equal(evOf(h.events, 'shot')[0].cover, 'none');
});

test('#73 Aggressive: activated Under Fire, a move must end nearer the enemy; it ignores Command Response limits', () => {
  const s = duel('t-aggr', withT(['aggressive']), 2500);
  unitOf(s, 'A1').underFire = true;
  assert.equal(code(tryAct(s, moveAll(s, -200))), 'aggressive', 'backwards');
  assert.equal(code(tryAct(s, moveAll(s, 300))), undefined, 'forwards');
  assert.equal(code(tryAct(s, { type: 'engage', moves: [], target: 'B1', fireFirst: true }, Array(30).fill(2))), undefined, 'standing still is not moving');
  const calm = duel('t-aggr-calm', withT(['aggressive']), 2500);
  assert.equal(code(tryAct(calm, moveAll(calm, -200))), undefined, 'not Under Fire: free');
  const cr = duel('t-aggr-cr', withT(['aggressive']), 2500);
  unitOf(cr, 'A1').hesitant = true;
  assert.equal(code(tryAct(cr, { type: 'assault', target: 'B1', moves: unitOf(cr, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], 2399] as [number, number]] })) })), 'beyond_allowance', 'a failed Command Response does not forbid the charge (only the distance does)');
});

test('#73 Hesitant: unless within 15" of an enemy or Under Fire, a 1D6 Quality test at activation; on a failure it may only move into cover', () => {
  const hedge: Feature = { id: 'woods', kind: 'area', points: [[800, 700], [1700, 700], [1700, 1000], [800, 1000]], move: 'open', cover: 'soft', los: 'woodsLight', height: 300 };
  const mk = (name: string, bAt: number) => craft({ name, terrain: [hedge], units: [
    { id: 'A1', side: 0, spec: withT(['hesitant']), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, bAt, 3) },
  ] });
  const failed = act(mk('t-hes', 4000), { type: 'activate', unit: 'A1' }, faces(2));
  assert.deepEqual(evOf(failed.events, 'hesitant_test')[0], { unit: 'A1', die: 2, passed: false });
  const s = failed.s;
  assert.equal(code(tryAct(s, { type: 'engage', moves: [], target: 'B1', fireFirst: true })), 'wavering', 'no fire');
  assert.equal(code(tryAct(s, { type: 'rush', moves: (moveAll(s, 1000) as Extract<Action, { type: 'engage' }>).moves })), 'wavering');
  assert.equal(code(tryAct(s, moveAll(s, -100))), 'wavering', 'not into cover');
  assert.equal(code(tryAct(s, moveAll(s, 300))), undefined, 'into the woods');
  assert.equal(code(tryAct(s, { type: 'engage', moves: [], target: null, fireFirst: true })), undefined, 'or stay');
  assert.equal(act(s, moveAll(s, 300)).s.units.find((u) => u.id === 'A1')!.wavering, undefined, 'cleared at the end of the activation');
  const near = act(mk('t-hes-near', 2000), { type: 'activate', unit: 'A1' });
  assert.equal(evOf(near.events, 'hesitant_test').length, 0, 'within 15" of the enemy: no test');
  assert.equal(evOf(act(mk('t-hes-pass', 4000), { type: 'activate', unit: 'A1' }, faces(3)).events, 'hesitant_test')[0].passed, true);
});

test('#73 Droid Troopers acquire Relentless unless programmed for self-preservation (§2.6, p.45): no cover, never Under Fire; selfPreservation keeps them ordinary, only on Droid Troopers', () => {
  const woods: Feature = { id: 'woods', kind: 'area', points: [[500, 1300], [2000, 1300], [2000, 1700], [500, 1700]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 600 };
  const shoot: Action = { type: 'engage', moves: [], target: 'B1', fireFirst: true };
  const dice = [...faces(6, 6), ...Array(30).fill(0)];
  const droid = act(duel('t-droid-rel', squad('regular', 3), 1500, withT(['droidTroopers']), [woods]), shoot, dice);
  assert.equal(evOf(droid.events, 'shot')[0].cover, 'none', 'Relentless: no cover in the woods');
  assert.equal(unitOf(droid.s, 'B1').underFire, false, 'Relentless: never marked Under Fire');
  const kept = act(duel('t-droid-self', squad('regular', 3), 1500, withT(['droidTroopers', 'selfPreservation']), [woods]), shoot, dice);
  assert.equal(evOf(kept.events, 'shot')[0].cover, 'soft', 'self-preservation: the woods cover them');
  assert.equal(unitOf(kept.s, 'B1').underFire, true, 'self-preservation: marked Under Fire like any squad');
  assert.equal(code(forceProblem(CONTENT, [withT(['selfPreservation'], 3)], 900)), 'self_preservation', 'only Droid Troopers');
  assert.equal(forceProblem(CONTENT, [withT(['droidTroopers', 'selfPreservation'], 3)], 900), null);
});

test('#73 Aggressive yields to a morale failure (§2.6, §6.1 p.8: "Other psychological effects are ignored if a unit is subject to a morale failure"): Under Fire and falling back, it moves away, and is offered such moves', () => {
  const s = duel('t-aggr-fb', withT(['aggressive']), 2500);
  const a = unitOf(s, 'A1');
  a.underFire = true;
  a.fallingBack = true;
  assert.equal(code(tryAct(s, moveAll(s, -200))), undefined, 'away, as a falling-back unit must');
  assert.equal(code(tryAct(s, moveAll(s, 300))), 'fall_back_not_away', 'not towards the enemy');
  const acts = fastAndDirty.candidates(s, 0, decision(s), 10, null as never).actions;
  assert.ok(acts.some((x) => x.type === 'engage' && x.moves.length), `fall-back moves are offered: ${JSON.stringify(acts)}`);
  for (const x of acts) assert.equal(fastAndDirty.validate(s, 0, decision(s), x), null, JSON.stringify(x));
});
