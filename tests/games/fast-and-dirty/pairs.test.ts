// Mechanized and Command Squad paired activations (spec §2.6, checklist #86).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTENT, forceProblem } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';
import { act, decision, evOf, faces, fastAndDirty, hold, setup, squad, tryAct, unitOf } from './helpers.js';

const code = (r: unknown) => (r && typeof r === 'object' && 'code' in r ? (r as { code: string }).code : null);
const force = () => [
  { ...squad('regular', 3), name: 'Rifles', mechanized: 'Carrier' },
  { name: 'Carrier', vehicle: 'apc', quality: 'regular' as const },
  { ...squad('regular', 3), name: 'HQ', commandSquad: ['Support'] },
  { ...squad('regular', 3), name: 'Support' },
];

/** Side 0 wins the initiative and goes first: its activation decision. */
function start(): S {
  const s = setup('firefight', { forces: { 0: force() } }, faces(5, 2));
  return act(s, { type: 'initiative', first: true }).s;
}
const stay: Action = { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [] };

test('#86 pairings come from the force list: Mechanized names a transport, Command Squad up to 5 subordinates', () => {
  const s = start();
  assert.deepEqual(unitOf(s, 'A1').pairs, [{ unit: 'A2', kind: 'mechanized' }]);
  assert.deepEqual(unitOf(s, 'A3').pairs, [{ unit: 'A4', kind: 'command' }]);
  assert.equal(unitOf(s, 'A4').pairs, undefined);
  assert.equal(forceProblem(CONTENT, [{ ...squad(), name: 'R', mechanized: 'Nothing' }], 1000)?.code, 'unknown_pair');
  assert.equal(forceProblem(CONTENT, [{ ...squad(), name: 'R', mechanized: 'S' }, { ...squad(), name: 'S' }], 1000)?.code, 'unknown_pair', 'not a transport');
  assert.equal(forceProblem(CONTENT, [{ ...squad(), name: 'R', commandSquad: ['X'] }], 1000)?.code, 'unknown_pair');
});

test('#86 Mechanized: the transport within 12" activates right after its squad, one completing all its actions before the other', () => {
  const s = start();
  assert.equal(decision(s).kind, 'activate');
  assert.equal(code(tryAct(s, { type: 'activate', unit: 'A3', with: 'A2' })), 'not_paired');
  const c = fastAndDirty.candidates(s, 0, decision(s), 50, null as never);
  assert.ok(c.actions.some((a) => a.type === 'activate' && a.unit === 'A1' && a.with === 'A2'));
  for (const a of c.actions) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
  let r = act(s, { type: 'activate', unit: 'A1', with: 'A2' });
  assert.equal(r.s.active, 'A1');
  r = act(r.s, hold);
  assert.equal(unitOf(r.s, 'A1').activated, true);
  assert.equal(r.s.active, 'A2', 'the transport activates at once');
  assert.deepEqual(evOf(r.events, 'paired_activation'), [{ unit: 'A2', with: 'A1' }]);
  r = act(r.s, stay);
  assert.equal(unitOf(r.s, 'A2').activated, true);
  assert.equal(r.s.toAct, 1, 'then the other side');
  // Beyond 12", no pairing.
  const far = start();
  unitOf(far, 'A2').figures[0].at = [unitOf(far, 'A1').figures[0].at[0], unitOf(far, 'A1').figures[0].at[1] + 2000];
  assert.equal(code(tryAct(far, { type: 'activate', unit: 'A1', with: 'A2' })), 'pair_too_far');
});

test('#86 Command Squad: one subordinate activates with it, using up its activation early', () => {
  let r = act(start(), { type: 'activate', unit: 'A3', with: 'A4' });
  r = act(r.s, hold);
  assert.equal(r.s.active, 'A4');
  r = act(r.s, hold);
  assert.equal(unitOf(r.s, 'A4').activated, true);
  assert.equal(r.s.toAct, 1);
  // Without naming it, the subordinate activates on its own later.
  let q = act(start(), { type: 'activate', unit: 'A3' });
  q = act(q.s, hold);
  assert.equal(q.s.toAct, 1);
  assert.equal(unitOf(q.s, 'A4').activated, false);
});

test('#86 #78 #79 #111 random legal playouts with paired activations, Fly/Grav, Warp and vehicle formations end without a violation', () => {
  const sq = (name: string, more: Record<string, unknown> = {}) => ({ name, quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'amaw', armour: 'light', support: true }], ...more });
  const forces = {
    0: [sq('Rifles', { mechanized: 'Carrier' }), { name: 'Carrier', vehicle: 'gravCarrier', quality: 'conscript', formation: 'f' }, { name: 'Grav', vehicle: 'gravTank', quality: 'conscript', formation: 'f' }],
    1: [sq('HQ', { commandSquad: ['Second'] }), sq('Second'), { name: 'Warp', vehicle: 'warpTank', quality: 'conscript' }],
  };
  for (const [i, opts] of [{ vehicleFormations: true }, { vehicleFormations: true, opportunityFire: true }].entries()) {
    let s = setup('hold-the-line', { forces, ...opts }, faces(5, 2));
    for (let n = 0; n < 400 && !s.result; n++) {
      const d = decision(s);
      const c = fastAndDirty.candidates(s, d.seat, d, 10, null as never).actions;
      const a = c[(n * 7 + i) % c.length];
      const r = tryAct(s, a);
      assert.ok(!('code' in r), `${i} entry ${n}: ${JSON.stringify(a)} → ${JSON.stringify(r).slice(0, 300)}`);
      s = r.s;
    }
    assert.ok(s.result, 'the game ends');
  }
});
