// Every game's actions are checked against its actionSchema before the rules run: an unknown
// field or a wrong type is a 422 invalid_action naming the field, and nothing is written.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { actionShapeViolation } from '../../src/engine/kernel.js';
import { rulesets } from '../../src/games/index.js';
import { startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

test('every installed ruleset declares an action schema', () => {
  for (const rs of rulesets()) assert.ok(rs.actionSchema, `${rs.id} has an actionSchema`);
});

test('the schema check names the field: an unknown one, a wrong type, a missing one', () => {
  const ab = rulesets().find((r) => r.id === 'abaddon')!;
  assert.equal(actionShapeViolation(ab, { type: 'move', unit: 'H1', to: [3, 4] }), null);
  assert.equal(actionShapeViolation(ab, { type: 'move', unit: 'H1', to: 'exit' }), null);
  const extra = actionShapeViolation(ab, { type: 'move', unit: 'H1', to: [3, 4], note: 'hi' });
  assert.equal(extra?.code, 'invalid_action');
  assert.match(extra!.message, /note/);
  const wrong = actionShapeViolation(ab, { type: 'move', unit: 'H1', to: ['3', 4] });
  assert.match(wrong!.message, /action\.to/);
  const missing = actionShapeViolation(ab, { type: 'attack', unit: 'H1', target: 'M2' });
  assert.match(missing!.message, /card/);
  assert.equal(actionShapeViolation(ab, { type: 'fly' })?.code, 'invalid_action', 'an unknown type');
  const ud = rulesets().find((r) => r.id === 'undaunted-callisto')!;
  assert.equal(actionShapeViolation(ud, { type: 'bid', card: 'x' }), null);
  assert.match(actionShapeViolation(ud, { type: 'bid', card: 3 })!.message, /action\.card/);
});

for (const [ruleset, scenario, seat, action] of [
  ['abaddon', 'm1', 1, { type: 'lockOn', at: null, why: 'hidden' }],
  ['undaunted-callisto', 's1-outpost', 0, { type: 'bid', card: 'x', extra: 1 }],
] as const) {
  test(`${ruleset}: an unknown field is 422 invalid_action and the log does not move`, async () => {
    const sc = scenario === 's1-outpost' ? (rulesets().find((r) => r.id === ruleset)!.scenarios[0].id) : scenario;
    const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset, scenario: sc, seats: [{ name: 'A' }, { name: 'B' }] } })).json() as { id: string; version: number; seats: { token: string }[]; toAct: { seats: number[] } };
    const who = g.toAct.seats.includes(seat) ? seat : g.toAct.seats[0];
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: { authorization: `Bearer ${g.seats[who].token}` }, payload: { action } });
    assert.equal(r.statusCode, 422, r.body);
    assert.equal(r.json().error.code, 'invalid_action');
    assert.match(r.json().error.message, /why|extra/);
    const after = (await s.app.inject(`/v1/games/${g.id}`)).json() as { version: number };
    assert.equal(after.version, g.version, 'nothing written');
  });
}
