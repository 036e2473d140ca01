// Checklist items #73 / #113, the Hero nature's firing (§2.6, source p.47: "Heroes always Shoot
// individually, even when attached to another unit. When firing at close range, they may choose the
// target figure."). Fearless, Shock Troops and the −2 to non-heroes firing at a Hero are in
// nlu-traits.test.ts. Dice scripted by value: face = value + 1 (`faces` converts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, row, squad, tryAct, unitOf } from './helpers.js';
import { attach } from '../../../src/games/fast-and-dirty/rules/characters.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import { optionalValues } from '../../../src/games/fast-and-dirty/rules/optional-fields.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
const character = (traits: string[]): UnitSpec => ({ name: `C-${traits.join('-')}`, kind: 'character', leadership: 'novice', branch: 'cavalry', quality: 'regular', resolve: 'steady', traits, figures: [{ weapon: 'assaultRifle', armour: 'light' }] });
const engage = (target: string | null, x: Partial<Extract<Action, { type: 'engage' }>> = {}): Action => ({ type: 'engage', moves: [], target, fireFirst: true, ...x });
const many = Array(80).fill(2);

/** A1 (4 Regulars) with the character C1 (`traits`) attached, awaiting its order; B1 10" north, B2 further east. */
function attached(name: string, traits = ['hero']): S {
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 4), at: row(1000, 500, 4) },
    { id: 'C1', side: 0, spec: character(traits), at: [[1000, 720]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
    { id: 'B2', side: 1, spec: squad('regular', 3), at: row(2600, 1500, 3) },
  ] });
  attach(s, new Run(null), unitOf(s, 'A1'), 'C1');
  return s;
}

test('#73 Hero: attached to a squad he still shoots individually: the squad fires without him, then his own 1D6 shot (§2.6)', () => {
  const r = act(attached('hero-split'), engage('B1'), many);
  const shots = evOf(r.events, 'shot');
  assert.deepEqual(shots.map((x) => [x.unit, x.target, x.firers]), [['A1', 'B1', ['A1.1', 'A1.2', 'A1.3', 'A1.4']], ['C1', 'B1', ['C1.1']]]);
  const dice = evOf(r.events, 'dice_rolled').filter((d) => d.purpose === 'fire_effect');
  assert.deepEqual(dice.map((d) => [d.unit, d.faces.length]), [['A1', 2], ['C1', 1]]);
  // A character who is no Hero fires with the squad, as before.
  const plain = act(attached('hero-plain', []), engage('B1'), many);
  assert.deepEqual(evOf(plain.events, 'shot').map((x) => [x.unit, x.firers.length]), [['A1', 5]]);
  // Opportunity and other fire made through the squad split the same way: here an attached Legend's own die counts 6 (§2.6).
  const legend = act(attached('hero-legend', ['legend']), engage('B1'), many);
  const own = evOf(legend.events, 'shot').find((x) => x.unit === 'C1')!;
  assert.equal(own.fe, 6 + Object.values(own.mods as Record<string, number>).reduce((a, b) => a + b, 0) + own.weaponFe);
});

test('#73 Hero: his own target (hero.target, by his own fire priority), or he alone fires; refused without a Hero or at a friend', () => {
  const r = act(attached('hero-own'), engage('B1', { hero: { target: 'B2' } }), many);
  assert.deepEqual(evOf(r.events, 'shot').map((x) => [x.unit, x.target]), [['A1', 'B1'], ['C1', 'B2']]);
  const alone = act(attached('hero-alone'), engage(null, { hero: { target: 'B2' } }), many);
  assert.deepEqual(evOf(alone.events, 'shot').map((x) => [x.unit, x.target]), [['C1', 'B2']]);
  assert.equal(code(tryAct(attached('hero-friend'), engage('B1', { hero: { target: 'A1' } }))), 'not_enemy');
  assert.equal(code(tryAct(attached('hero-none', []), engage('B1', { hero: { target: 'B2' } }))), 'no_hero');
  assert.equal(code(tryAct(attached('hero-blast'), engage(null, { hero: { target: 'B2' }, smoke: [[1000, 1000], [1500, 1000]] }))), 'two_targets');
  // The `hero` optional field offers his own priority targets.
  const s = attached('hero-choices');
  assert.deepEqual(optionalValues(s, unitOf(s, 'A1'), 'engage', 'hero'), [{ target: 'B1' }, { target: 'B2' }]);
  const none = attached('hero-choices-none', []);
  assert.deepEqual(optionalValues(none, unitOf(none, 'A1'), 'engage', 'hero'), []);
});

/** The Hero C1 alone (A1 is the character itself here) 9" from B1 (close range: base 4", X5). */
function lone(name: string, by = 1500, terrain: Feature[] = []): S {
  return craft({ name, active: 'A1', terrain, units: [
    { id: 'A1', side: 0, spec: character(['hero']), at: [[1000, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, by, 3) },
  ] });
}

test('#73 Hero: at close range he picks the figure hit; it takes the first hit, the rest go as usual (§2.6 [P])', () => {
  // 1D6 6 + Regular 1 = 7: 2 hits. Hit 1 on his pick B1.3 (6 against 1 + 1: killed), hit 2 on the closest B1.1 (1 against 6 + 1).
  const r = act(lone('hero-aim'), engage('B1', { hero: { fig: 'B1.3' } }), faces(6, 6, 1, 1, 6));
  assert.equal(evOf(r.events, 'shot')[0].band, 'close');
  assert.deepEqual(evOf(r.events, 'hero_aim'), [{ unit: 'A1', target: 'B1', figure: 'B1.3' }]);
  assert.deepEqual(evOf(r.events, 'damage').map((d) => [d.figure, d.killed]), [['B1.3', true], ['B1.1', false]]);
  // Without a pick: the closest first.
  const plain = act(lone('hero-noaim'), engage('B1'), faces(6, 6, 1, 1, 6));
  assert.deepEqual(evOf(plain.events, 'damage').map((d) => d.figure), ['B1.1', 'B1.2']);
  // Attached: the pick is for his own shot.
  const att = act(attached('hero-att-aim'), engage('B1', { hero: { fig: 'B1.3' } }), many);
  assert.deepEqual(evOf(att.events, 'hero_aim'), [{ unit: 'C1', target: 'B1', figure: 'B1.3' }]);
  // Refusals: beyond close range (24" away: medium), a figure he does not see, no target, a lone Hero naming his own target.
  assert.equal(code(tryAct(lone('hero-far', 3000), engage('B1', { hero: { fig: 'B1.3' } }))), 'not_close_range');
  const wall: Feature = { id: 'wall', kind: 'area', points: [[1150, 1000], [1700, 1000], [1700, 1100], [1150, 1100]], move: 'impassable', cover: 'hard', los: 'block', height: 800 };
  assert.equal(code(tryAct(lone('hero-hidden', 1500, [wall]), engage('B1', { hero: { fig: 'B1.3' } }))), 'not_visible');
  assert.equal(code(tryAct(lone('hero-notarget'), engage(null, { hero: { fig: 'B1.3' } }))), 'no_target');
  assert.equal(code(tryAct(lone('hero-lone-target'), engage('B1', { hero: { target: 'B1' } }))), 'not_attached');
});

test('#73 Hero: standing aside from his squad\'s shot, he is not killed by the casualties it causes on the target (he stays attached and fires)', () => {
  // Every die a 3: the squad's hits kill (3 + 2 against 3 + 1); before, the Hero's figure held out of the shot counted as dead.
  const r = act(attached('hero-aside'), engage('B1'), many);
  assert.ok(evOf(r.events, 'damage').some((x) => x.killed));
  assert.equal(evOf(r.events, 'character_killed').length, 0);
  assert.equal(unitOf(r.s, 'C1').out, false);
  assert.equal(unitOf(r.s, 'C1').attachedTo, 'A1');
  assert.equal(unitOf(r.s, 'A1').figures.find((f) => f.character === 'C1')!.alive, true);
  assert.deepEqual(evOf(r.events, 'shot').map((x) => x.unit), ['A1', 'C1']);
});
