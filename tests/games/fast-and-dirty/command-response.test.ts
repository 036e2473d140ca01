// Checklist item #47: Command Response (module, §7.3, A49).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, row, shootAt, squad, tryAct, unitOf } from './helpers.js';
import type { Feature, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
const wood: Feature = { id: 'wood', kind: 'area', points: [[400, 300], [800, 300], [800, 700], [400, 700]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 0 };

/** A1: 3 Regulars (target 3+) at y = 5", a wood to their west; B1 `edge` hundredths north, edge to edge. Side 0 to activate. */
function contact(name: string, edge: number, commandResponse = true): S {
  const s = craft({ name, terrain: [wood], options: { commandResponse }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 500 + 100 + edge, 3) },
  ] });
  s.options.commandResponse = commandResponse;
  return s;
}
const activate = (s: S, dice: number[]) => act(s, { type: 'activate', unit: 'A1' }, dice);

test('#47 Command Response: tested when activating within 10" of an enemy (edge to edge), not beyond; only with the module (§7.3)', () => {
  assert.equal(evOf(activate(contact('cr-10', 1000), faces(3)).events, 'command_response').length, 1, 'exactly 10"');
  assert.equal(evOf(activate(contact('cr-10x', 1001), faces(3)).events, 'command_response').length, 0, '10.01"');
  assert.equal(evOf(activate(contact('cr-off', 1000, false), faces(3)).events, 'command_response').length, 0);
  const uf = contact('cr-uf', 3000);
  unitOf(uf, 'A1').underFire = true;
  assert.equal(evOf(activate(uf, faces(3)).events, 'command_response').length, 1, 'Under Fire triggers it at any distance');
});

test('#47 Command Response: 1D6 + modifiers against the Quality target (Regular 3+); squad leader lost −1, casualties since the last activation −1 (§7.3)', () => {
  const pass = activate(contact('cr-3', 1000), faces(3));
  assert.deepEqual(evOf(pass.events, 'command_response')[0], { unit: 'A1', die: 3, mods: {}, total: 3, target: 3, passed: true });
  assert.equal(unitOf(pass.s, 'A1').hesitant, false);
  assert.equal(unitOf(activate(contact('cr-2', 1000), faces(2)).s, 'A1').hesitant, true);
  const lost = contact('cr-lost', 1000);
  const a = unitOf(lost, 'A1');
  a.figures[0].leader = true;
  a.figures[0].alive = false;
  const r = evOf(activate(lost, faces(4)).events, 'command_response')[0];
  assert.deepEqual(r.mods, { casualties: -1, leaderLost: -1 });
  assert.equal(r.passed, false, '4 − 2 = 2 < 3');
  a.casualtiesSeen = 1;
  assert.deepEqual(evOf(activate(lost, faces(4)).events, 'command_response')[0].mods, { leaderLost: -1 }, 'the loss is older than its last activation');
});

test('#47 Command Response failed: it may shoot, Move only to better cover, Rush only away from the enemy, and never assault (§7.3, A49)', () => {
  const k = activate(contact('cr-fail', 1000), faces(1)).s;
  assert.equal(unitOf(k, 'A1').hesitant, true);
  assert.equal(code(tryAct(k, shootAt('B1'))), undefined);
  assert.equal(code(tryAct(k, { type: 'engage', moves: [{ fig: 'A1.3', path: [[1640, 500]] }], target: null, fireFirst: true })), 'hesitant', 'open to open');
  assert.equal(code(tryAct(k, { type: 'engage', moves: [{ fig: 'A1.1', path: [[750, 500]] }], target: null, fireFirst: true })), undefined, 'into the wood');
  assert.equal(code(tryAct(k, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1000, 700]] }, { fig: 'A1.2', path: [[1220, 700]] }, { fig: 'A1.3', path: [[1440, 700]] }] })), 'hesitant', 'toward the enemy');
  assert.equal(code(tryAct(k, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1000, 300]] }, { fig: 'A1.2', path: [[1220, 300]] }, { fig: 'A1.3', path: [[1440, 300]] }] })), undefined, 'away');
  assert.equal(code(tryAct(k, { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 1490]] }] })), 'hesitant');
  const done = act(k, { type: 'engage', moves: [], target: null, fireFirst: true }).s;
  assert.equal(unitOf(done, 'A1').hesitant, false, 'only for this activation');
});

test('#48 communications: a side without them tests Command Response whenever an enemy is within 24" (not beyond), at −1 when a normal trigger applies (§7.4)', () => {
  const jammed = (name: string, edge: number) => {
    const s = contact(name, edge, false);
    s.options.noComms = { 0: true };
    return s;
  };
  assert.deepEqual(evOf(activate(jammed('nc-24', 2400), faces(3)).events, 'command_response')[0]?.mods, {}, 'exactly 24": tested, no normal trigger');
  assert.equal(evOf(activate(jammed('nc-24x', 2401), faces(3)).events, 'command_response').length, 0, '24.01"');
  assert.deepEqual(evOf(activate(jammed('nc-10', 1000), faces(3)).events, 'command_response')[0].mods, { noComms: -1 });
  const other = contact('nc-b', 1000, false);
  other.options.noComms = { 1: true };
  assert.equal(evOf(activate(other, faces(3)).events, 'command_response').length, 0, 'only the side without communications');
});
