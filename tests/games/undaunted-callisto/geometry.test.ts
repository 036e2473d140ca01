// Undaunted 2200: Callisto, target eligibility and defence of structures and doors, read directly
// from geometry.ts on Mission 3's Kepler Station (structures: comms-1 in CR and comms-2 in E owned
// by the LFA, an unowned building in M; doors D1 C1-C2 and D2 K-E). Rulebook: only an ATTACK
// with the structure icon may target a structure or a door; a door is attacked from one of the
// two spaces it connects; a structure's defence adds the range like a unit's; a friendly or
// destroyed structure and an open door cannot be targeted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { areaSpaces, areaTargets, defenceOf, singleTargets, targetProblem } from '../../../src/games/undaunted-callisto/geometry.js';
import type { ActionDef } from '../../../src/games/undaunted-callisto/notation.js';
import type { S } from '../../../src/games/undaunted-callisto/state.js';
import { start } from './helpers.js';

const siege: ActionDef = { kind: 'ATTACK', value: 2, targets: ['personnel', 'vehicleOrMech', 'structure'], range: 3 };
const rifle: ActionDef = { kind: 'ATTACK', value: 2, targets: ['personnel', 'vehicleOrMech'], range: 3 };
const suppress: ActionDef = { kind: 'SUPPRESS', value: 1, targets: ['personnel', 'vehicleOrMech', 'structure'], range: 3 };
const shortSiege: ActionDef = { ...siege, range: 0 };
const blast: ActionDef = { ...siege, area: true };

const k3 = () => start('s3-kepler-station', 2).s;
const code = (s: S, from: string, def: ActionDef, target: string) => targetProblem(s, 'breakers', from, def, target)?.code ?? 'ok';

test('a structure: only an ATTACK with the structure icon, an enemy or unowned one, not destroyed, within range', () => {
  const s = k3();
  assert.equal(code(s, 'C2', siege, 'structure:comms-1'), 'ok', 'enemy comms in range 1');
  assert.equal(code(s, 'C2', rifle, 'structure:comms-1'), 'wrong_target_class', 'no structure icon');
  assert.equal(code(s, 'C2', suppress, 'structure:comms-1'), 'wrong_target_class', 'not an ATTACK');
  assert.equal(code(s, 'C2', siege, 'structure:nope'), 'unknown_target');
  assert.equal(code(s, 'C1', siege, 'structure:building-1'), 'ok', 'an unowned structure may be attacked');
  assert.equal(targetProblem(s, 'lfa', 'C2', siege, 'structure:comms-1')?.code, 'not_enemy', 'its owner may not');
  assert.equal(code(s, 'C2', shortSiege, 'structure:comms-1'), 'out_of_range', 'range 1 > 0');
  assert.equal(code(s, 'CR', shortSiege, 'structure:comms-1'), 'ok', 'range 0 in its own space');
  s.structures['comms-1'].destroyed = true;
  assert.equal(code(s, 'C2', siege, 'structure:comms-1'), 'target_destroyed');
});

test('a door: only an ATTACK with the structure icon, from one of its two spaces, while closed', () => {
  const s = k3();
  assert.equal(code(s, 'C1', siege, 'door:D1'), 'ok', 'from C1');
  assert.equal(code(s, 'C2', siege, 'door:D1'), 'ok', 'from C2');
  assert.equal(code(s, 'M', siege, 'door:D1'), 'out_of_range', 'from a space it does not connect');
  assert.equal(code(s, 'C1', rifle, 'door:D1'), 'wrong_target_class');
  assert.equal(code(s, 'C1', suppress, 'door:D1'), 'wrong_target_class');
  assert.equal(code(s, 'C1', siege, 'door:D9'), 'unknown_target');
  s.doorsOpen = ['D1'];
  assert.equal(code(s, 'C1', siege, 'door:D1'), 'door_open');
});

test('single targets list the eligible structures and doors only for an ATTACK with the structure icon', () => {
  const s = k3();
  const withIcon = singleTargets(s, 'breakers', 'C2', siege);
  assert.ok(withIcon.includes('structure:comms-1') && withIcon.includes('door:D1'), withIcon.join(','));
  assert.ok(!withIcon.includes('door:D2'), 'D2 joins K and E, not C2');
  for (const t of withIcon) assert.equal(code(s, 'C2', siege, t), 'ok', `${t} listed and eligible`);
  const without = singleTargets(s, 'breakers', 'C2', rifle);
  assert.ok(!without.some((t) => t.startsWith('structure:') || t.startsWith('door:')), without.join(','));
  assert.ok(!singleTargets(s, 'breakers', 'C2', suppress).some((t) => t.startsWith('structure:')), 'SUPPRESS never lists structures');
  assert.ok(!singleTargets(s, 'lfa', 'C2', siege).includes('structure:comms-1'), 'not its own');
});

test('an area ATTACK with the structure icon hits the enemy-owned structures of the space, not unowned ones', () => {
  const s = k3();
  assert.ok(areaTargets(s, 'breakers', 'C2', blast, 'E').includes('structure:comms-2'), 'comms-2 in E');
  assert.ok(areaTargets(s, 'breakers', 'C2', blast, 'E').includes('structure:pod-1'), 'the escape pod in E');
  assert.ok(!areaTargets(s, 'breakers', 'C1', blast, 'M').includes('structure:building-1'), 'an unowned building is not hit by an area attack');
  assert.ok(!areaTargets(s, 'breakers', 'C2', { ...rifle, area: true }, 'E').some((t) => t.startsWith('structure:')), 'no icon, no structure');
  assert.ok(!areaTargets(s, 'lfa', 'C2', blast, 'E').some((t) => t.startsWith('structure:')), 'not its own');
  assert.ok(areaSpaces(s, 'breakers', 'C2', blast).includes('E'), 'E is a space to aim at');
  s.structures['comms-2'].destroyed = true;
  assert.ok(!areaTargets(s, 'breakers', 'C2', blast, 'E').includes('structure:comms-2'), 'destroyed');
});

test("defence: a structure's own defence plus the range, a door's own defence on a d10", () => {
  const s = k3();
  const near = defenceOf(s, 'CR', 'structure:comms-1');
  assert.deepEqual(near.parts, { base: 6, cover: 0, additional: 0, range: 0 });
  assert.equal(near.total, 6);
  const far = defenceOf(s, 'C2', 'structure:comms-1');
  assert.equal(far.parts.range, 1);
  assert.equal(far.total, 7, '6 + range 1');
  const door = defenceOf(s, 'C1', 'door:D1');
  assert.deepEqual(door, { total: 6, die: 10, parts: { base: 6, cover: 0, additional: 0, range: 0 } });
  assert.equal(defenceOf(s, 'K', 'door:D2').total, 5);
});

test("a unit's defence: a structure in its space adds its cover unless destroyed", () => {
  const s = k3();
  const corp = 'lfa.corp-sec-z';
  s.units[corp].at = 'CR';
  const withComms = defenceOf(s, 'C2', corp);
  assert.equal(withComms.parts.additional >= 1, true, 'comms-1 gives cover 1');
  s.structures['comms-1'].destroyed = true;
  const without = defenceOf(s, 'C2', corp);
  assert.equal(withComms.parts.additional - without.parts.additional, 1, 'destroyed: its cover is gone');
  assert.equal(withComms.total - without.total, 1);
});
