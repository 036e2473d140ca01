// The ruleset through the API (issue #18 "what must hold"): listed with its tutorials and
// missions and player counts; a game runs; an illegal action is a 422 with the rule's code.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

test('GET /v1/rulesets lists agents-of-mayhem with T1-T6, M1-M7 and their player counts', async () => {
  const list = (await s.app.inject('/v1/rulesets')).json() as { id: string; scenarios: { id: string; players: number | number[] }[] }[] | { rulesets: { id: string; scenarios: { id: string; players: number | number[] }[] }[] };
  const all = Array.isArray(list) ? list : list.rulesets;
  const aom = all.find((r) => r.id === 'agents-of-mayhem')!;
  assert.ok(aom);
  assert.deepEqual(aom.scenarios.map((x) => x.id), ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7']);
  assert.deepEqual(aom.scenarios.find((x) => x.id === 'M1')!.players, [2, 3, 4]);
});

test('a Mission 1 game: activate, act, a refused action is 422 with a rule code, the log does not move', async () => {
  const g = (await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'agents-of-mayhem', scenario: 'M1', seats: [{ name: 'Mayhem' }, { name: 'Legion' }] } })).json() as { id: string; version: number; seats: { token: string }[]; toAct: { seats: number[] } };
  assert.deepEqual(g.toAct.seats, [0]);
  const post = (action: unknown, seat = 0) => s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(g.seats[seat].token), payload: { action } });
  assert.equal((await post({ type: 'activate', board: 'fortune' })).statusCode, 200);
  assert.equal((await post({ type: 'act', unit: 'fortune', action: 'sprint' })).statusCode, 200);
  const bad = await post({ type: 'act', unit: 'fortune', action: 'pistols', target: '13,2,1' });
  assert.equal(bad.statusCode, 422, bad.body);
  assert.equal(bad.json().error.code, 'main_used');
  const other = await post({ type: 'end' }, 1);
  assert.equal(other.statusCode >= 400, true, 'not LEGION\'s decision');
  const legal = (await s.app.inject({ url: `/v1/games/${g.id}/legal-actions`, headers: auth(g.seats[0].token) })).json();
  assert.ok(JSON.stringify(legal).includes('"move"'));
});
