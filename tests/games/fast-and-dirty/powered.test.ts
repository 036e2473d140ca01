// Checklist item #74, powered armour (§7.21, source p.37, with p.12, p.21, p.27, p.29, p.36):
// coherency always 6"; +3 in infantry close assault; two kill dice per figure; each kill suffered
// negated on 5+; pinning tolerance +2. Dice scripted by value (face = value + 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, row, setup, squad, unitOf } from './helpers.js';
import { buildUnit, CONTENT, forceProblem, trooperCost, type UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { coherencyDistance, coherencyOf } from '../../../src/games/fast-and-dirty/geometry.js';
import { resolveAssault } from '../../../src/games/fast-and-dirty/rules/combat.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import { living } from '../../../src/games/fast-and-dirty/state.js';
import { scriptedRng } from '../../../src/engine/rng.js';

const pa = (q: UnitSpec['quality'] = 'regular', n = 3, o: Partial<UnitSpec> = {}): UnitSpec => ({ ...squad(q, n, { armour: 'heavyPower' }), ...o });

test('#74 powered armour: coherency is always 6", whatever the Quality or Recon; Bio Mech and other armour keep the Quality distance (§7.21, §5.4)', () => {
  assert.equal(coherencyDistance(buildUnit(pa('rabble'), 'P1', 0, [0, 0])), 600);
  assert.equal(coherencyDistance(buildUnit(pa('elite', 3, { traits: ['recon'] }), 'P2', 0, [0, 0])), 600);
  assert.equal(coherencyDistance(buildUnit(squad('rabble', 3, { armour: 'lightPower' }), 'P3', 0, [0, 0])), 600);
  assert.equal(coherencyDistance(buildUnit(squad('rabble', 3, { armour: 'heavy' }), 'N1', 0, [0, 0])), 200);
  const u = buildUnit(pa('regular'), 'P4', 0, [0, 0]);
  // Centres 6.9" apart: 5.64" between the 0.625" bases, coherent at 6" though a Regular's 4" would split it.
  u.figures.forEach((f, i) => { f.at = [1000 + i * 690, 1000]; });
  assert.equal(coherencyOf(u).components.length, 1);
  u.figures.forEach((f, i) => { f.at = [1000 + i * 760, 1000]; });
  assert.equal(coherencyOf(u).components.length, 3, '6.3" gaps (0.625" bases) break it');
});

function melee(name: string, a: UnitSpec, b: UnitSpec, dice: number[]) {
  const s = craft({ name, units: [
    { id: 'A1', side: 0, spec: a, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: b, at: row(1000, 610, 3) },
  ] });
  const run = new Run(scriptedRng(dice, `pa-${name}`));
  resolveAssault(s, run, unitOf(s, 'A1'), unitOf(s, 'B1'));
  return { s, ev: run.ev };
}

test('#74 powered armour in close assault: +3, two kill dice per figure, each kill suffered negated on 5+ (§6.10, §7.21)', () => {
  // A1 (powered): 1 + charging 1 + better armour 1 + powered 3 = 6; B1 (light): 6; a draw, 4+ kills.
  // A1 rolls 6 kill dice (two per figure), all 6: B1 wiped out. B1 rolls 3, all 6; A1 negates on 5, 6, not on 1.
  const { s, ev } = melee('assault', pa('regular'), squad('regular', 3), faces(1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 6, 1));
  const res = evOf(ev, 'assault_result')[0];
  assert.equal(res.attacker.mods.poweredArmour, 3);
  assert.equal(res.defender.mods.poweredArmour, undefined);
  assert.equal(res.outcome, 'draw');
  const kd = evOf(ev, 'dice_rolled').filter((d) => d.purpose === 'kill_dice');
  assert.equal(kd.find((d) => d.unit === 'A1')!.faces.length, 6, 'two kill dice per powered figure');
  assert.equal(kd.find((d) => d.unit === 'B1')!.faces.length, 3, 'one per unpowered figure');
  const defl = evOf(ev, 'kills_deflected');
  assert.deepEqual(defl, [{ unit: 'A1', kills: 3, deflected: 2 }], 'only the powered side rolls, one die per kill');
  assert.equal(living(unitOf(s, 'A1')).length, 2);
  assert.equal(living(unitOf(s, 'B1')).length, 0);
});

test('#74 powered armour: pinning tolerance +2 (Conscript 12 → 14): an FE of 13 pins a plain squad, not a powered one (§7.19, §7.21)', () => {
  const pinDuel = (name: string, b: UnitSpec) => {
    const s = craft({ name, active: 'A1', units: [
      { id: 'A1', side: 0, spec: squad('elite', 5, { support: 'saw' }), at: row(1000, 500, 6) },
      { id: 'B1', side: 1, spec: b, at: row(1000, 1000, 3, 400) },
    ] });
    Object.assign(s.options, { pinning: true });
    return s;
  };
  const misses = Array(8).fill([1, 6]).flat();
  const shoot = { type: 'engage' as const, moves: [], target: 'B1', fireFirst: true };
  // FE: die 6 + base range 2 + Elite 2 + weapons 3 = 13 (B1 spread out, not bunched).
  const plain = act(pinDuel('pa-pin-plain', squad('conscript', 3)), shoot, faces(6, 1, ...misses));
  assert.equal(evOf(plain.events, 'shot')[0].fe, 13);
  assert.equal(unitOf(plain.s, 'B1').pinned, true);
  const power = act(pinDuel('pa-pin-powered', pa('conscript')), shoot, faces(6, 1, ...misses));
  assert.equal(evOf(power.events, 'shot')[0].fe, 13);
  assert.equal(unitOf(power.s, 'B1').pinned ?? false, false, '13 is under 14');
});

test('#74 powered armour in a custom force list: costed like any infantry with its armour cost (Light Power +6, Heavy Power +9; §2.9, p.69, p.72), no longer refused', () => {
  // (4 + 9) × 1.3 = 16.9 points per Heavy Power Regular; (4 + 6) × 1.0 = 10 per Light Power Conscript.
  assert.equal(trooperCost(CONTENT, 'regular', 'steady', { weapon: 'assaultRifle', armour: 'heavyPower' }), 1690);
  assert.equal(trooperCost(CONTENT, 'conscript', 'steady', { weapon: 'assaultRifle', armour: 'lightPower' }), 1000);
  assert.equal(forceProblem(CONTENT, [pa('regular', 5)], 100), null, '5 × 16.9 = 84.5 points fit 100');
  assert.equal(forceProblem(CONTENT, [pa('regular', 6)], 100)?.code, 'over_points', '6 × 16.9 = 101.4');
  const s = setup('firefight', { forces: { 0: [pa('regular', 5)] } });
  assert.ok(s.units.filter((u) => u.side === 0).every((u) => u.figures.every((f) => f.armour === 'heavyPower')));
});
