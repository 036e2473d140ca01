// The bots' sampled vehicle orders include a shock attack (#88, §6.12) and a Fly/Grav Scoot (#78, §2.5),
// each legal and each playable to its effect.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTENT } from '../../../src/games/fast-and-dirty/content.js';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Action, S, Side } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, decision, evOf, fastAndDirty, row, squad, unitOf } from './helpers.js';

function scene(name: string, type: string): S {
  const s = craft({ name, units: [{ id: 'B1', side: 1, spec: squad('regular', 3), at: row(1900, 2200, 3) }] });
  const v = buildVehicle({ name: 'V', vehicle: type, quality: 'regular' }, 'V', 0, [2000, 1000]);
  v.vehicle!.heading = 0;
  s.units.push(v);
  s.phase = 'order'; s.active = 'V'; s.toAct = 0 as Side;
  return s;
}
const sampled = (s: S) => fastAndDirty.candidates(s, 0, decision(s), 200, null as never).actions as (Action & { shock?: string; scoot?: boolean })[];

test('#88 candidates: a Shock vehicle\'s sampled orders include a shock attack on an enemy squad, legal and resolved', () => {
  (CONTENT.vehicles as Record<string, unknown>).candShock = { ...CONTENT.vehicles.lightTank, id: 'candShock', properties: ['shock'] };
  const s = scene('cand-shock', 'candShock');
  const shocks = sampled(s).filter((a) => a.shock === 'B1');
  assert.ok(shocks.length > 0);
  for (const a of shocks) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null);
  const r = act(s, shocks[0], Array(10).fill(5));
  assert.equal(evOf(r.events, 'shock_attack').length, 1);
  assert.ok(!sampled(scene('cand-noshock', 'lightTank')).some((a) => a.shock), 'not without the property');
});

test('#78 candidates: a Fly/Grav vehicle\'s sampled orders include a Scoot, legal, ending where it says', () => {
  const s = scene('cand-scoot', 'gravTank');
  const scoots = sampled(s).filter((a) => a.scoot);
  assert.ok(scoots.length > 0);
  for (const a of scoots) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null);
  const a = scoots[0] as Extract<Action, { type: 'drive' }>;
  const r = act(s, a);
  assert.deepEqual(unitOf(r.s, 'V').figures[0].at, a.path[0]);
  assert.ok(!sampled(scene('cand-noscoot', 'lightTank')).some((x) => x.scoot), 'not a tracked vehicle');
});
