// Checklist items [core] #19-#27: fire priority, range bands, FE roll and modifiers, support
// weapons, hits by cover, hit allocation, last figure, damage, Under Fire (spec §6.4, §6.5, §6.9);
// options #105 #106 #107 (§6.4, §6.5).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, fastAndDirty, row, shootAt, squad, tryAct, unitOf } from './helpers.js';
import { moveAllowance } from '../../../src/games/fast-and-dirty/legal.js';
import type { Feature } from '../../../src/games/fast-and-dirty/state.js';

/** Regular A1 (5 assault rifles) on y = 5" and B1 (5 assault rifles) 10" north, in the open. */
function volley(o: { target?: number; support?: string; terrain?: Feature[]; name: string; options?: Record<string, unknown>; aCount?: number } ) {
  return craft({
    name: o.name, active: 'A1', terrain: o.terrain, options: o.options,
    units: [
      { id: 'A1', side: 0, spec: squad('regular', o.aCount ?? 5, { support: o.support }), at: row(1000, 500, (o.aCount ?? 5) + (o.support ? 1 : 0)) },
      { id: 'B1', side: 1, spec: squad('regular', o.target ?? 5), at: row(1000, 1600, o.target ?? 5) },
    ],
  });
}

test('#21 FE: a squad rolls 2D6 keeping the highest, + Regular +1, + 1 per 3 small arms; #23 3 points per hit in the open (§6.4)', () => {
  const s = volley({ name: 'fe' });
  // FE dice 2,5 -> 5; +1 Regular; 5 rifles -> +1: FE 7 -> 2 hits. Hit 1: 4+2=6 vs 3+1=4 kills; hit 2: 1+2=3 vs 6+1=7 no effect.
  const r = act(s, shootAt('B1'), faces(2, 5, 4, 3, 1, 6));
  const shot = evOf(r.events, 'shot')[0];
  assert.equal(shot.band, 'close', '10" is beyond base 4" and within close 20" (X5)');
  assert.deepEqual(shot.mods, { band: 0, quality: 1 });
  assert.equal(shot.weaponFe, 1);
  assert.equal(shot.fe, 7);
  assert.equal(shot.hits, 2);
  const dmg = evOf(r.events, 'damage');
  assert.deepEqual(dmg.map((d) => [d.attack, d.defence, d.killed]), [[6, 4, true], [3, 7, false]]);
  assert.equal(unitOf(r.s, 'B1').figures.filter((f) => !f.alive).length, 1);
});

test('#26 damage: 1D6 + damage against 1D6 + armour, equal kills (§6.5)', () => {
  const s = volley({ name: 'dmg-eq' });
  // FE 6+1+1 = 8 -> 2 hits. 2+2=4 vs 3+1=4 kills (equal); 1+2=3 vs 3+1=4 no effect.
  const r = act(s, shootAt('B1'), faces(6, 1, 2, 3, 1, 3));
  assert.deepEqual(evOf(r.events, 'damage').map((d) => d.killed), [true, false]);
});

test('#22 support weapon FE (SAW +2) within its range, plus +1 per 3 small arms; operators are not small arms (§2.3, §6.4)', () => {
  const s = volley({ name: 'saw', aCount: 3, support: 'saw' });
  const r = act(s, shootAt('B1'), faces(1, 1, 6, 6, 6, 6));
  const shot = evOf(r.events, 'shot')[0];
  assert.equal(shot.weaponFe, 2 + 1, 'SAW +2, 3 rifles +1');
  assert.equal(shot.fe, 1 + 1 + 3);
});

test('#20 range bands: base / close / medium / long from base range × X, worst multiplier of the squad (§6.4 step 3)', () => {
  const band = (dy: number, weapon = 'assaultRifle') => {
    const s = craft({ name: `band-${dy}-${weapon}`, active: 'A1', units: [
      { id: 'A1', side: 0, spec: { name: 'mixed', quality: 'regular', resolve: 'steady', figures: [{ weapon, armour: 'light' }, { weapon: 'assaultRifle', armour: 'light' }] }, at: [[1000, 200], [1150, 200]] },
      { id: 'B1', side: 1, spec: squad('regular', 1), at: [[1000, 200 + dy]] },
    ] });
    return (fastAndDirty.query!(s, 'band', { unit: 'A1', target: 'B1' }) as { band: string | null }).band;
  };
  assert.equal(band(500), 'base', '4" edge to edge (Regular base 4")');
  assert.equal(band(501), 'close');
  assert.equal(band(2100), 'close', '20" = 4" × X5');
  assert.equal(band(2101), 'medium');
  assert.equal(band(4101), 'long');
  assert.equal(band(1000, 'smg'), 'medium', 'with an SMG (X2) in the squad its worst multiplier rules: 9" > 8"');
});

test('#19 fire priority: a Regular unit picks among the 3 closest visible units; Under Fire one level lower (§6.4 step 2)', () => {
  const s = craft({ name: 'priority', active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(2000, 500, 3) },
    ...[1, 2, 3, 4].map((k) => ({ id: `B${k}`, side: 1 as const, spec: squad('regular', 1), at: [[600 + k * 700, 500 + k * 500] as [number, number]] })),
  ] });
  const pri = fastAndDirty.query!(s, 'targets', { unit: 'A1' }) as { unit: string }[];
  assert.deepEqual(pri.map((p) => p.unit), ['B1', 'B2', 'B3']);
  const v = tryAct(s, shootAt('B4'));
  assert.equal('code' in v && v.code, 'fire_priority');
  unitOf(s, 'A1').underFire = true;
  assert.equal((fastAndDirty.query!(s, 'targets', { unit: 'A1' }) as unknown[]).length, 2, 'Conscript level: 2');
});

test('#23 hits by cover: 4 points per hit in soft cover, 5 in hard (§6.4 step 8)', () => {
  const wood: Feature = { id: 'wood', kind: 'area', points: [[800, 1400], [2000, 1400], [2000, 1800], [800, 1800]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 600 };
  let r = act(volley({ name: 'soft', terrain: [wood] }), shootAt('B1'), faces(6, 1, 6, 1, 6, 1));
  assert.equal(evOf(r.events, 'shot')[0].cover, 'soft');
  assert.equal(evOf(r.events, 'shot')[0].hits, 2, 'FE 8 / 4');
  r = act(volley({ name: 'hard', terrain: [{ ...wood, cover: 'hard', los: 'clear' }] }), shootAt('B1'), faces(6, 1, 6, 1));
  assert.equal(evOf(r.events, 'shot')[0].hits, 1, 'FE 8 / 5');
});

test('#24 hits go to the closest visible figures, one each before any takes a second (§6.4 step 10)', () => {
  const s = craft({ name: 'alloc', active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 5), at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: [[1300, 1300], [1300, 1700], [1300, 1500]] },
  ] });
  // 7" away, close: FE 6 + 1 Regular + 1 rifles = 8 -> 2 hits: B1.1 (closest), then B1.3 (gaps of 1": not bunched).
  const r = act(s, shootAt('B1'), faces(6, 6, 1, 6, 1, 6));
  assert.deepEqual(evOf(r.events, 'damage').map((d) => d.figure), ['B1.1', 'B1.3']);
});

test('#25 the last surviving figure is a small-arms figure: the support operator dies in its place (§6.4)', () => {
  const s = craft({ name: 'last', active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('elite', 5), at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('regular', 1, { support: 'saw' }), at: [[1300, 1000], [1300, 1600]] },
  ] });
  // Elite +2, +1 rifles, close 0: 6+3 = 9 -> 3 hits on 2 visible: B1.1 (rifle, closest), B1.2, B1.1.
  // B1.1 killed by the first; B1.2 (SAW) survives the second; so the SAW would be last: the rifleman lives, the SAW dies.
  const r = act(s, shootAt('B1'), faces(6, 1, 6, 1, 1, 6, 6, 1));
  const b = unitOf(r.s, 'B1');
  assert.deepEqual(b.figures.map((f) => [f.id, f.support, f.alive]), [['B1.1', false, true], ['B1.2', true, false]]);
});

test('#27 Under Fire: marked by any attack even with no hit; −2" move, −1 to fire against it, one level lower priority; removed at the end of its activation (§6.9)', () => {
  const s = volley({ name: 'uf', aCount: 2 });
  const r = act(s, shootAt('B1'), faces(1, 1)); // 1 + 1 Regular = 2: no hit
  assert.equal(evOf(r.events, 'shot')[0].hits, 0);
  const b = unitOf(r.s, 'B1');
  assert.equal(b.underFire, true);
  assert.equal(moveAllowance(r.s, b, 'move'), 400);
  assert.equal(moveAllowance(r.s, b, 'rush'), 800);
  // B1 activates next; its own fire is at −3.
  let k = act(r.s, { type: 'activate', unit: 'B1' }).s;
  const back = act(k, shootAt('A1'), faces(1, 1));
  assert.equal(evOf(back.events, 'shot')[0].mods.underFire, -3);
  assert.equal(unitOf(back.s, 'B1').underFire, false, 'removed at the end of its activation');
  k = volley({ name: 'uf2' });
  unitOf(k, 'B1').underFire = true;
  assert.equal(evOf(act(k, shootAt('B1'), faces(1, 1)).events, 'shot')[0].mods.targetUnderFire, -1);
});

test('#105 option random hit allocation: each hit picks uniformly among the visible figures (a logged draw; §6.4)', () => {
  const s = volley({ name: 'random', options: { hitAllocation: 'random' } });
  s.options.hitAllocation = 'random';
  // FE 7 -> 2 hits; picks 4 and 4 (B1.5 both), then damage.
  const r = act(s, shootAt('B1'), [...faces(6, 1), 4, 4, ...faces(6, 1, 6, 1)]);
  assert.deepEqual(evOf(r.events, 'damage').map((d) => d.figure), ['B1.5', 'B1.5']);
});

test('#106 option passive damage: the defender always counts as rolling 3 (§6.5)', () => {
  const s = volley({ name: 'passive' });
  s.options.passiveDamage = true;
  const r = act(s, shootAt('B1'), faces(6, 1, 2, 1));
  assert.deepEqual(evOf(r.events, 'damage').map((d) => d.defence), [4, 4], '3 + light armour 1, no defender die');
});

test('#107 option squad-based damage: one attack and one defender roll, each point of excess defence saves a hit (§6.5)', () => {
  const s = volley({ name: 'squad-dmg' });
  s.options.squadDamage = true;
  // FE 8+... : 6+1+1 = 8 -> 2 hits; attack 1+2 = 3, defence 3+1 = 4: 1 saved, 1 killed.
  const r = act(s, shootAt('B1'), faces(6, 1, 1, 3));
  assert.equal(unitOf(r.s, 'B1').figures.filter((f) => !f.alive).length, 1);
});

test('#26 #62 fortifications: hard cover, +3 armour in a trench, ignored when the attack die is a natural 6 (§6.5, §7.7)', () => {
  const trench: Feature = { id: 'trench', kind: 'area', points: [[800, 1500], [2200, 1500], [2200, 1700], [800, 1700]], move: 'open', cover: 'hard', los: 'clear', height: 0, fortification: 'trench' };
  const s = volley({ name: 'trench', terrain: [trench] });
  // FE 6+1+1 = 8 / 5 (hard) = 1 hit. Attack 5+2 = 7 against 3+1+3 = 7: killed (equal).
  let r = act(s, shootAt('B1'), faces(6, 1, 5, 3));
  assert.equal(evOf(r.events, 'shot')[0].cover, 'hard');
  assert.deepEqual(evOf(r.events, 'damage').map((d) => [d.attack, d.defence]), [[7, 7]]);
  // Attack 6+2 = 8 against 6+1: the trench's +3 is ignored on a natural 6.
  r = act(volley({ name: 'trench-6', terrain: [trench] }), shootAt('B1'), faces(6, 1, 6, 6));
  assert.deepEqual(evOf(r.events, 'damage').map((d) => [d.attack, d.defence, d.killed]), [[8, 7, true]]);
});

test('#55 scattered fire: a unit allowed it fires within 10" only, 2D6 with each 6 one hit, no modifiers; the target is Under Fire only if hit (§6.8, A29)', () => {
  const mk = (name: string, y: number) => craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: { name: 'Militia', quality: 'conscript', resolve: 'steady', scatteredFire: true, figures: [{ weapon: 'assaultRifle', armour: 'light', count: 3 }] }, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: { name: 'Target', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 3 }] }, at: row(1000, y, 3) },
  ] });
  const fire = { type: 'engage' as const, moves: [], target: 'B1', fireFirst: true };
  // 6 and 3: one hit; damage 6+2 against 1+1 kills.
  const r = act(mk('scattered', 1400), fire, faces(6, 3, 6, 1));
  const shot = evOf(r.events, 'shot')[0];
  assert.equal(shot.scattered, true);
  assert.equal(shot.hits, 1);
  assert.equal(unitOf(r.s, 'B1').underFire, true);
  const miss = act(mk('scattered-miss', 1400), fire, faces(5, 5));
  assert.equal(evOf(miss.events, 'shot')[0].hits, 0);
  assert.equal(unitOf(miss.s, 'B1').underFire, false, 'no hit, no Under Fire');
  assert.equal((tryAct(mk('scattered-far', 1700), fire) as { code: string }).code, 'out_of_range', '11" away (edge to edge)');
});
