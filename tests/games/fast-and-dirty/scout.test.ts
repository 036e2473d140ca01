// Checklist items #51 (Scout, §7.24) and #36 (Command: two different sub-actions, §5.3).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgeDistance } from '../../../src/engine/mech/geom2d.js';
import { act, craft, decision, evOf, fastAndDirty, row, squad, tryAct, unitOf } from './helpers.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;

/** A1: 3 Regulars (coherency 4", scout reach 12") at y = 5"; B1 far north. */
function patrol(name: string, options: Record<string, unknown> = {}): S {
  return craft({ name, active: 'A1', options, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
}
const scout = (at: [number, number], more: Partial<Extract<Action, { type: 'command' }>> = {}): Action => ({ type: 'command', demolition: null, target: null, scout: { fig: 'A1.3', at }, ...more });

test('#51 Scout: one figure placed within 3 × coherency (Regular 12") of another member, edge to edge, on a free legal spot (§7.24)', () => {
  // A1.2 stands at (12.2", 5"): 12" from its base edge is y = 5" + 1" + 12".
  assert.equal(code(tryAct(patrol('sc-12'), scout([1220, 1800]))), undefined);
  assert.equal(code(tryAct(patrol('sc-12x'), scout([1220, 1801]))), 'out_of_range');
  assert.equal(code(tryAct(patrol('sc-overlap'), scout([1000, 550]))), 'overlap');
  assert.equal(code(tryAct(patrol('sc-off'), scout([1220, 20]))), 'off_table');
  const r = act(patrol('sc-place'), scout([1220, 1800]));
  assert.deepEqual(unitOf(r.s, 'A1').figures[2].at, [1220, 1800]);
  assert.equal(unitOf(r.s, 'A1').scout, 'A1.3');
  assert.equal(evOf(r.events, 'scout').length, 1);
});

test('#51 Scout: the scout does not shoot with the rest (#36 two sub-actions); it returns first at the next activation, within coherency of a member (§7.24)', () => {
  const r = act(patrol('sc-shoot'), scout([1220, 1800], { target: 'B1' }), [0, 0, 0, 0]);
  assert.deepEqual(evOf(r.events, 'shot')[0].firers, ['A1.1', 'A1.2'], 'the scout is busy');
  const s2 = structuredClone(r.s);
  s2.phase = 'activate'; s2.active = null; s2.toAct = 0; s2.step++;
  unitOf(s2, 'A1').activated = false;
  const k = act(s2, { type: 'activate', unit: 'A1' }, [5, 5, 5]);
  const back = evOf(k.events, 'scout_returned');
  assert.equal(back.length, 1);
  const a = unitOf(k.s, 'A1');
  assert.equal(a.scout, null);
  const f3 = a.figures[2];
  assert.ok(a.figures.slice(0, 2).some((g) => edgeDistance(f3.at, f3.r, g.at, g.r) <= 400), 'within 4" coherency of a member');
});

test('#51 Scout: the scout may call indirect fire, which is the squad\'s second sub-action (the rest stay idle); #36 at most two sub-actions (§7.24, §7.11)', () => {
  const opts = { artillery: { 0: ['lightMortar'] } };
  const call = { caller: 'A1.3', asset: 'A-1', at: [1220, 3000] as [number, number] };
  assert.equal(code(tryAct(patrol('sc-call', opts), scout([1220, 1800], { callFire: call }))), undefined, 'the scout calls fire from where it stands');
  assert.equal(code(tryAct(patrol('sc-call-shoot', opts), scout([1220, 1800], { callFire: call, target: 'B1' }))), 'three_sub_actions');
  assert.equal(code(tryAct(patrol('sc-not-caller', opts), scout([1220, 1800], { callFire: { ...call, caller: 'A1.2' } }))), 'not_a_caller', 'another ordinary trooper may not call fire');
  assert.equal(code(tryAct(patrol('sc-only'), { type: 'command', demolition: null, target: 'B1' })), 'no_command');
});

test('#51 Scout: the sampled orders include a Scout toward the enemy, out to 3 × coherency, and validate accepts every one (§7.24)', () => {
  const s = patrol('sc-sampled');
  const acts = fastAndDirty.candidates(s, 0, decision(s), 10, null as never).actions;
  const sc = acts.find((a) => a.type === 'command' && a.scout && !a.scout.second);
  assert.ok(sc && sc.type === 'command' && sc.scout, `a Scout is offered: ${JSON.stringify(acts)}`);
  const f = unitOf(s, 'A1').figures;
  const reach = Math.max(...f.filter((g) => g.id !== sc.scout!.fig).map((g) => 1200 - edgeDistance(sc.scout!.at, 50, g.at, g.r)));
  assert.ok(reach >= 0 && reach < 50, `set down at the edge of the 12" reach, toward B1 (slack ${reach})`);
  for (const a of acts) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
  // A squad with its scout out does not send another until it returns (§7.24).
  unitOf(s, 'A1').scout = 'A1.3';
  assert.ok(!fastAndDirty.candidates(s, 0, decision(s), 10, null as never).actions.some((a) => a.type === 'command' && a.scout), 'no second Scout while one is out');
});
