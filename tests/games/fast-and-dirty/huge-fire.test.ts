// Trait Huge (§2.6, source p.47): "A huge model may fire a heavy weapon while moving, but suffers a
// -2 penalty to fire effect." Heavy weapons otherwise fire only unmoved: a weapon team "may shoot
// only if it did not move", and "If the combined squad moves, only the infantry squad members may
// Shoot" (§7.9, p.30).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, row, squad, tryAct, unitOf } from './helpers.js';
import { attachTeam } from '../../../src/games/fast-and-dirty/rules/characters.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
const team = (traits: UnitSpec['traits'] = []): UnitSpec => ({ name: 'HMG team', kind: 'weaponTeam', quality: 'regular', resolve: 'steady', traits, figures: [{ weapon: 'heavyMG', armour: 'light', count: 3 }] });

function teamDuel(name: string, traits: UnitSpec['traits']): S {
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: team(traits), at: row(1000, 500, 3, 150) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
}
const moveFire = { type: 'engage' as const, moves: [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 150, 600]] as [number, number][] })), target: 'B1', fireFirst: false };

test('Huge: a Huge weapon team may fire its heavy weapon after moving, at −2 fire effect (§2.6)', () => {
  assert.equal(code(tryAct(teamDuel('huge-plain', []), moveFire)), 'moved_no_fire', 'not Huge: refused');
  const r = act(teamDuel('huge-team', ['huge']), moveFire, faces(4, ...Array(20).fill(1)));
  const shot = evOf(r.events, 'shot')[0];
  assert.equal(shot.mods.huge, -2);
  const still = act(teamDuel('huge-still', ['huge']), { ...moveFire, moves: [] }, faces(4, ...Array(20).fill(1)));
  assert.equal(evOf(still.events, 'shot')[0].mods.huge, undefined, 'no penalty unmoved');
  assert.equal(evOf(still.events, 'shot')[0].fe - shot.fe, 2);
});

function combined(name: string, traits: UnitSpec['traits']): S {
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 3), traits }, at: row(1000, 500, 3) },
    { id: 'T1', side: 0, spec: team(), at: row(1000, 300, 3, 150) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
    { id: 'B2', side: 1, spec: squad('regular', 3), at: row(2000, 1500, 3) },
  ] });
  attachTeam(s, unitOf(s, 'A1'), unitOf(s, 'T1'));
  return s;
}
const mv = [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 220, 600]] as [number, number][] }));

test('Huge: a moved Huge squad\'s attached heavy weapon still fires, with the squad or at its own target, its shot at −2 (§2.6, §7.9)', () => {
  const order = { type: 'engage' as const, moves: mv, target: 'B1', fireFirst: false };
  assert.equal(code(tryAct(combined('huge-sep-plain', []), { ...order, teamTarget: 'B2' })), 'moved_no_fire');
  const sep = act(combined('huge-sep', ['huge']), { ...order, teamTarget: 'B2' }, Array(40).fill(0));
  const shots = evOf(sep.events, 'shot');
  assert.deepEqual(shots.map((x) => x.target), ['B1', 'B2']);
  assert.equal(shots[0].mods.huge, undefined, 'the infantry part fires as usual');
  assert.equal(shots[1].mods.huge, -2, 'the heavy weapon fires on the move at −2');
  const together = act(combined('huge-together', ['huge']), order, Array(40).fill(0));
  assert.ok(evOf(together.events, 'dice_rolled').some((d) => d.purpose === 'fire_effect_team'), 'combined dice, as unmoved');
  assert.equal(evOf(together.events, 'shot')[0].mods.huge, -2);
});

test('Huge: a Huge weapon team\'s sampled orders include firing its heavy weapon after a move, each accepted by validate; a plain team\'s do not (§2.6, §7.9)', () => {
  const moveThenFire = (a: { type: string; moves?: unknown[]; target?: unknown; fireFirst?: boolean }) => a.type === 'engage' && !!a.moves?.length && a.target !== null && a.fireFirst === false;
  const s = teamDuel('huge-sampled', ['huge']);
  const acts = fastAndDirty.candidates(s, 0, decision(s), 10, null as never).actions;
  assert.ok(acts.some(moveThenFire), `a move then fire is offered: ${JSON.stringify(acts)}`);
  for (const a of acts) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
  assert.ok(!acts.some((a) => a.type === 'assault'), 'a Huge weapon team still never assaults (§7.9 [P])');
  const plain = teamDuel('huge-sampled-plain', []);
  const p = fastAndDirty.candidates(plain, 0, decision(plain), 10, null as never).actions;
  assert.ok(!p.some((a) => a.type === 'engage' && a.moves.length && a.target !== null), 'a plain team is offered no fire on the move');
});
