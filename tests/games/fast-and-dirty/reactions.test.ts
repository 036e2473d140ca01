// Checklist items #58 (Opportunity Fire with an interrupt on the enemy move) and #94 (the
// reaction window with standing orders: overwatch / hold fire), spec §7.18, §10, A18.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, row, squad, tryAct, unitOf } from './helpers.js';
import type { Action } from '../../../src/games/fast-and-dirty/state.js';

function overwatch(name: string, on = true) {
  const s = craft({ name, active: 'A1', options: { opportunityFire: on }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 300, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2500, 3) },
    { id: 'B2', side: 1, spec: squad('rabble', 3, { weapon: 'smg' }), at: row(3000, 4500, 3) },
  ] });
  s.options.opportunityFire = on;
  return s;
}
const advance: Action = { type: 'engage', moves: [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 220, 900] as [number, number]] })), target: 'B1', fireFirst: false };

test('#58 opportunity fire: after the enemy moves, an unactivated unit with it among its priority targets may fire, giving up its activation (§7.18, A18)', () => {
  const k = act(overwatch('opp'), advance).s;
  const d = decision(k);
  assert.equal(d.kind, 'opportunity');
  assert.equal(d.seat, 1);
  assert.equal(d.timing, 'reaction');
  assert.deepEqual((d.exposes as { eligible: string[] }).eligible, ['B1'], 'B2 (Rabble with SMGs, long range 12") is out of range');
  assert.equal((tryAct(k, { type: 'opportunity', unit: 'B2' }) as { code: string }).code, 'not_eligible');
  const r = act(k, { type: 'opportunity', unit: 'B1' }, faces(1, 1, 1, 1));
  assert.deepEqual(evOf(r.events, 'shot').map((e) => e.unit), ['B1', 'A1'], 'B1 fires first, then A1 fires after its move');
  assert.equal(unitOf(r.s, 'B1').activated, true, 'the firer loses its activation');
  assert.equal(unitOf(r.s, 'A1').activated, true);
  assert.equal(decision(r.s).kind, 'activate');
});

test('#58 without the module no window opens; a pass lets the mover go on (§7.18 is a module)', () => {
  assert.equal(decision(act(overwatch('no-module', false), advance, faces(1, 1)).s).kind, 'activate');
  const k = act(overwatch('pass'), advance).s;
  const r = act(k, fastAndDirty.defaultAction(k, decision(k)), faces(1, 1));
  assert.deepEqual(evOf(r.events, 'shot').map((e) => e.unit), ['A1'], 'the default is to hold fire');
  assert.equal(unitOf(r.s, 'B1').activated, false);
});

test('#94 standing orders: overwatch within N" answers the window from the public facts; hold fire passes (§10)', () => {
  const k = act(overwatch('orders'), advance).s;
  const d = { ...decision(k), id: 'x' };
  const near = { id: 'o1', match: { kind: 'opportunity' }, rule: { overwatch: 1600 } };
  assert.equal(fastAndDirty.covers!(fastAndDirty.view(k, null), d, near), true);
  assert.deepEqual(fastAndDirty.answer!(fastAndDirty.view(k, 1), d, near), { type: 'opportunity', unit: 'B1' }, 'the mover ended 15" away');
  assert.deepEqual(fastAndDirty.answer!(fastAndDirty.view(k, 1), d, { ...near, rule: { overwatch: 1000 } }), { type: 'opportunity', unit: null });
  assert.deepEqual(fastAndDirty.answer!(fastAndDirty.view(k, 1), d, { ...near, rule: { holdFire: true } }), { type: 'opportunity', unit: null });
  assert.equal(fastAndDirty.covers!(fastAndDirty.view(k, null), d, { ...near, rule: {} }), false);
});
