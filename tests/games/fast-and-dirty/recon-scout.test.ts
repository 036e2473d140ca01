// Trait Recon, the two-figure Scout (§2.6, source p.49): "When taking the Scout action, a recon
// squad may deploy two figures within twice coherency distance instead of the normal option."
// Scout (§7.24, p.40): "The next time this squad is activated the scout immediately returns to the
// squad and is placed anywhere within coherency distance of any other member."
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgeDistance } from '../../../src/engine/mech/geom2d.js';
import { act, craft, decision, evOf, fastAndDirty, row, squad, tryAct, unitOf } from './helpers.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';

const code = (r: unknown) => (r as { code?: string }).code;

/** A1: 4 Regulars at y = 5" (Recon: coherency 4" + 1" = 5", two scouts reach 10"); B1 far north. */
function patrol(name: string, traits: UnitSpec['traits'] = ['recon']): S {
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 4), traits }, at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
}
type Pt = [number, number];
const pair = (a: Pt, b: Pt, more: Partial<Extract<Action, { type: 'command' }>> = {}): Action => ({ type: 'command', demolition: null, target: null, scout: { fig: 'A1.3', at: a, second: { fig: 'A1.4', at: b } }, ...more });

test('Recon two-figure Scout: two figures, each within 2 × coherency (10") of a member that stays; only Recon squads (§2.6)', () => {
  // A1.1 at (10", 5"), A1.2 at (12.2", 5"), bases 0.5" in radius: 10" edge to edge is y = 16" for a centre.
  assert.equal(code(tryAct(patrol('rs-ok'), pair([1220, 1600], [1000, 1600]))), undefined);
  assert.equal(code(tryAct(patrol('rs-far'), pair([1220, 1601], [1000, 1600]))), 'out_of_range');
  assert.equal(code(tryAct(patrol('rs-far2'), pair([1220, 1600], [1000, 1601]))), 'out_of_range');
  assert.equal(code(tryAct(patrol('rs-plain', []), pair([1220, 1600], [1000, 1600]))), 'not_recon');
  assert.equal(code(tryAct(patrol('rs-twice'), { type: 'command', demolition: null, target: null, scout: { fig: 'A1.3', at: [1220, 1600], second: { fig: 'A1.3', at: [1000, 1600] } } })), 'duplicate_figure');
  assert.equal(code(tryAct(patrol('rs-overlap'), pair([1220, 1600], [1250, 1600]))), 'overlap');
  assert.equal(code(tryAct(patrol('rs-caller'), pair([1220, 1600], [1000, 1600], { callFire: { caller: 'A1.4', asset: 'x', at: [1000, 3000] } }))), 'scout_busy');
  // A single Recon scout keeps the normal 3 × coherency (15").
  assert.equal(code(tryAct(patrol('rs-one'), { type: 'command', demolition: null, target: null, scout: { fig: 'A1.3', at: [1220, 2100] } })), undefined);
});

test('Recon two-figure Scout: both are placed, neither shoots, both return at the next activation (§2.6, §7.24)', () => {
  const r = act(patrol('rs-place'), pair([1220, 1600], [1000, 1600], { target: 'B1' }), Array(10).fill(0));
  const a = unitOf(r.s, 'A1');
  assert.deepEqual([a.figures[2].at, a.figures[3].at], [[1220, 1600], [1000, 1600]]);
  assert.equal(a.scout, 'A1.3');
  assert.equal(a.scoutMate, 'A1.4');
  assert.equal(evOf(r.events, 'scout').length, 2);
  const shot = evOf(r.events, 'shot')[0];
  if (shot) assert.deepEqual(shot.firers, ['A1.1', 'A1.2'], 'the scouts are busy');
  const s2 = structuredClone(r.s);
  s2.phase = 'activate'; s2.active = null; s2.toAct = 0; s2.step++;
  unitOf(s2, 'A1').activated = false;
  const k = act(s2, { type: 'activate', unit: 'A1' }, [5, 5, 5]);
  assert.equal(evOf(k.events, 'scout_returned').length, 2);
  const b = unitOf(k.s, 'A1');
  assert.equal(b.scout, null);
  assert.equal(b.scoutMate, undefined);
  for (const f of b.figures.slice(2)) assert.ok(b.figures.slice(0, 2).some((g) => edgeDistance(f.at, f.r, g.at, g.r) <= 500), `${f.id} within 5" coherency of a member that stayed`);
});

test('Recon two-figure Scout: the sampled orders include the pair, each within 2 × coherency of a member that stays, and validate accepts every one (§2.6)', () => {
  const s = patrol('rs-sampled');
  const acts = fastAndDirty.candidates(s, 0, decision(s), 10, null as never).actions;
  const pairs = acts.filter((a) => a.type === 'command' && a.scout?.second);
  assert.equal(pairs.length, 1, `one pair is offered: ${JSON.stringify(acts)}`);
  const sc = (pairs[0] as Extract<Action, { type: 'command' }>).scout!;
  const stay = unitOf(s, 'A1').figures.filter((f) => f.id !== sc.fig && f.id !== sc.second!.fig);
  for (const at of [sc.at, sc.second!.at]) assert.ok(stay.some((m) => edgeDistance(at, 50, m.at, m.r) <= 1000), `${JSON.stringify(at)} within 10" of a member that stays`);
  for (const a of acts) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
  const plain = patrol('rs-sampled-plain', []);
  assert.ok(!fastAndDirty.candidates(plain, 0, decision(plain), 10, null as never).actions.some((a) => a.type === 'command' && a.scout?.second), 'a squad without Recon is offered no pair');
});
