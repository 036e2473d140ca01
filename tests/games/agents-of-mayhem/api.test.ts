// The ruleset through the API (issue #18 "what must hold"): listed with its tutorials and
// missions and player counts; a game runs; an illegal action is a 422 with the rule's code; a
// vehicle on a roof (a sandbox position) drives, a summon onto a roof is refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { auth, startServer, type TestServer } from '../../support/env.js';
import { isViolation } from '../../../src/engine/types.js';
import { agentsPosition } from '../../../src/games/agents-of-mayhem/position.js';
import type { S } from '../../../src/games/agents-of-mayhem/state.js';
import { fresh } from './helpers.js';

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

test('#73 #75 a vehicle on a roof through the API: the car driven on the Warehouse roof (Level 2) of a Mission 2 sandbox position; a summon onto that roof is 422 bad_space, summons being Level-1 Outside only (L2074, L2118-2120)', async () => {
  // MAYHEM to activate; the car on the Warehouse roof (7,3,2 -> 8,3,2, facing E) with Fortune on it, Hardtack below with a Mayhem cube.
  const base = fresh('M2');
  base.units.fortune.at = '7,3,2'; base.units.hardtack.at = '2,5,1';
  base.boards.hardtack.cubes.mayhem = 1;
  const onRoof = structuredClone(base);
  onRoof.vehicles = [{ id: 'mayhem-car', side: 'MAYHEM', front: '8,3,2', back: '7,3,2', facing: 'E', wounds: 0, driven: true, used: 0, backwards: false, since: null }];
  const create = async (st: S) => {
    const position = agentsPosition.toPosition(st);
    assert.ok(!isViolation(position), JSON.stringify(position));
    const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'agents-of-mayhem', scenario: 'M2', seats: [{ name: 'Mayhem' }, { name: 'Legion' }], sandbox: { position, analysisToken: true } } });
    assert.equal(r.statusCode, 201, r.body);
    const g = r.json() as { id: string; analysisToken: string };
    const post = (action: unknown) => s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: { ...auth(g.analysisToken), 'x-seat': '0' }, payload: { action } });
    const view = async () => (await s.app.inject({ url: `/v1/games/${g.id}`, headers: { ...auth(g.analysisToken), 'x-seat': '0' } })).json().view;
    return { post, view };
  };
  // The car on the roof drives on along it, Fortune riding.
  const roof = await create(onRoof);
  assert.equal((await roof.post({ type: 'activate', board: 'hardtack' })).statusCode, 200);
  const drove = await roof.post({ type: 'drive', vehicle: 'mayhem-car', move: 'forward' });
  assert.equal(drove.statusCode, 200, drove.body);
  const v = await roof.view();
  const car = v.vehicles.find((x: { id: string }) => x.id === 'mayhem-car');
  assert.deepEqual([car.front, car.back], ['9,3,2', '8,3,2'], 'on along the Level-2 roof');
  assert.equal(v.units.fortune.at, '8,3,2');
  // A summon onto the roof, Fortune standing there: refused by the rule, the log unmoved.
  const summon = await create(base);
  assert.equal((await summon.post({ type: 'activate', board: 'hardtack' })).statusCode, 200);
  const before = await summon.view();
  const bad = await summon.post({ type: 'summon', vehicle: 'mayhem-car', front: '8,3,2', facing: 'E', pay: 'BBP' });
  assert.equal(bad.statusCode, 422, bad.body);
  assert.equal(bad.json().error.code, 'bad_space');
  assert.match(bad.json().error.message, /Level-1 Outside/);
  assert.deepEqual(await summon.view(), before, 'nothing changed');
  // Summoned on the ground it is legal (Hardtack on 2,5,1), and then driven only from the next Turn.
  const ok = await summon.post({ type: 'summon', vehicle: 'mayhem-car', front: '2,5,1', facing: 'E', pay: 'BBP' });
  assert.equal(ok.statusCode, 200, ok.body);
});

test('#18 an impossible choice of dice or Stunned surcharge through the API: 422 with the rule\'s code (no_such_die, no_attack_bonus, surcharge_count, cannot_pay_surcharge; a colour outside the schema invalid_action), the game\'s version unchanged', async () => {
  // Mission 1 sandbox: Fortune (0,3,1), Stunned, shoots a Swarm Trooper behind Protection 3 spaces away (3,3,1): her red band, 2 red d12, -2.
  const st = fresh();
  st.units.fortune.at = '0,3,1'; st.units['swarm-2'].at = '3,3,1';
  st.units['swarm-2'].facing = 'W';
  st.units.fortune.statuses.push({ kind: 'STUNNED', turn: 0 });
  st.boards.fortune.cubes = { speed: 3, focus: 3, tech: 0, mayhem: 0 };
  const position = agentsPosition.toPosition(st);
  assert.ok(!isViolation(position), JSON.stringify(position));
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'agents-of-mayhem', scenario: 'M1', seats: [{ name: 'Mayhem' }, { name: 'Legion' }], sandbox: { position, analysisToken: true } } });
  assert.equal(r.statusCode, 201, r.body);
  const g = r.json() as { id: string; analysisToken: string };
  const headers = { ...auth(g.analysisToken), 'x-seat': '0' };
  const post = (action: unknown) => s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers, payload: { action } });
  const version = async () => (await s.app.inject({ url: `/v1/games/${g.id}`, headers })).json().version as number;
  assert.equal((await post({ type: 'activate', board: 'fortune' })).statusCode, 200);
  const v0 = await version();
  const shot = { type: 'act', unit: 'fortune', action: 'pistols', target: '3,3,1' };
  for (const [extra, code] of [
    [{ dieDowngrades: ['yellow'] }, 'no_such_die'], // two red d12: the first Penalty finds no yellow d8
    [{ dieUpgrades: ['white'] }, 'no_attack_bonus'], // Penalties only
    [{ surcharge: 'PP' }, 'invalid_action'], // green, yellow or blue cubes only: the action schema's pattern refuses it first (surcharge_colour in the rules)
    [{ surcharge: 'B' }, 'surcharge_count'], // Stunned once: 2 cubes
    [{ surcharge: 'BB' }, 'cannot_pay_surcharge'], // no blue cube on Fortune's board
    [{ dieDowngrades: ['white'] }, 'invalid_action'], // a white d6 is never downgraded: the schema's colours
  ] as const) {
    const bad = await post({ ...shot, ...extra });
    assert.equal(bad.statusCode, 422, bad.body);
    assert.equal(bad.json().error.code, code, JSON.stringify(extra));
    assert.equal(await version(), v0, 'the log does not move');
  }
  // The same attack with a possible choice is taken.
  const ok = await post({ ...shot, dieDowngrades: ['red', 'yellow'], surcharge: 'GY' });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.ok(await version() > v0);
});
