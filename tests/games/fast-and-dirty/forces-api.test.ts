// Checklist item #97 over the API: a game created with each side's own force list, validated
// against the points rules (§2.9) with a 422 naming what breaks the list.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { squad } from './helpers.js';
import { startServer, type TestServer } from '../../support/env.js';

let srv: TestServer;
before(async () => { srv = await startServer(); });
after(async () => { await srv.close(); });

test('#97 a game created with each side\'s own force list; a list over the points limit is a 422 naming what breaks it (§2.9)', async () => {
  const mine = [squad('regular', 6, { support: 'saw' }), squad('conscript', 6)];
  const ok = await srv.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'fast-and-dirty', scenario: 'firefight', seats: [{ name: 'A' }, { name: 'B' }], options: { forces: { 0: mine } } } });
  assert.equal(ok.statusCode, 201, ok.body);
  const over = await srv.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'fast-and-dirty', scenario: 'firefight', seats: [{ name: 'A' }, { name: 'B' }], options: { forces: { 1: [squad('elite', 12), squad('elite', 12)] } } } });
  assert.equal(over.statusCode, 422, over.body);
  assert.equal(over.json().error.code, 'over_points');
  assert.match(over.json().error.message, /side 1: the force costs .* over the scenario's limit of 120/);
  const gauss = await srv.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'fast-and-dirty', scenario: 'firefight', seats: [{ name: 'A' }, { name: 'B' }], options: { forces: { 0: [squad('regular', 4, { weapon: 'gaussRifle' })] } } } });
  assert.equal(gauss.statusCode, 422);
  assert.match(gauss.json().error.message, /Gauss Rifle has no points cost/);
});
