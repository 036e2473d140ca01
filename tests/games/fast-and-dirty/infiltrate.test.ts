// Checklist item #92 (part): infiltration moves (§4.2: after deployment, Infiltration units make one
// free Rush; [P] sides alternate, side 1 first) and the Infiltration trait's coherency, one Quality
// level higher (§2.6).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, decision, setup, squad, tryAct, unitOf } from './helpers.js';
import { buildUnit, type UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { coherencyDistance } from '../../../src/games/fast-and-dirty/geometry.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
const inf = (q: UnitSpec['quality'] = 'regular', traits: string[] = ['infiltrate']): UnitSpec => ({ ...squad(q, 5), traits });
const rush = (s: S, id: string, dy: number): Action => ({ type: 'infiltrate', unit: id, moves: unitOf(s, id).figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + dy] as [number, number]] })) });

test('#92 Infiltration coherency: one Quality level higher (Regular 5", Elite stays 5", with Recon +1") (§2.6)', () => {
  assert.equal(coherencyDistance(buildUnit(inf('regular'), 'I1', 0, [0, 0])), 500);
  assert.equal(coherencyDistance(buildUnit(inf('rabble'), 'I2', 0, [0, 0])), 300);
  assert.equal(coherencyDistance(buildUnit(inf('elite'), 'I3', 0, [0, 0])), 500);
  assert.equal(coherencyDistance(buildUnit(inf('regular', ['infiltrate', 'recon']), 'I4', 0, [0, 0])), 600);
});

test('#92 infiltration moves: after deployment each Infiltration unit makes one free Rush, sides alternating from side 1; a pass gives up the rest; then the first initiative roll (§4.2)', () => {
  const s = setup('firefight', { forces: { 0: [inf(), inf(), squad('regular', 5)], 1: [squad('regular', 5), inf()] } });
  assert.equal(s.phase, 'infiltrate');
  assert.equal(s.initiative, null);
  const d = decision(s);
  assert.equal(d.kind, 'infiltrate');
  assert.equal(d.seat, 1, 'side 1 first');
  assert.deepEqual(d.exposes, { units: ['B2'] });
  assert.equal(code(tryAct(s, rush(s, 'B1', -600))), 'not_an_infiltrator', 'B1 has no Infiltration');
  assert.equal(code(tryAct(s, rush(s, 'B2', -1201))), 'beyond_allowance', 'a Rush is 12"');
  const b = act(s, rush(s, 'B2', -1000)).s;
  assert.equal(unitOf(b, 'B2').figures[0].at[1], unitOf(s, 'B2').figures[0].at[1] - 1000);
  assert.equal(decision(b).seat, 0);
  const a = act(b, rush(b, 'A1', 1000)).s;
  assert.equal(code(tryAct(a, rush(a, 'A1', 600))), 'not_an_infiltrator', 'one Rush each');
  assert.equal(decision(a).seat, 0, 'side 1 has none left: side 0 goes on');
  const done = act(a, { type: 'infiltrate', unit: null, moves: [] }).s;
  assert.equal(unitOf(done, 'A2').figures[0].at[1], unitOf(s, 'A2').figures[0].at[1], 'A2 gave up its move');
  assert.equal(decision(done).kind, 'initiative');
  assert.equal(setup('firefight', {}).phase, 'initiative', 'no Infiltration unit: no phase');
});
