// Checklist item #59: the Elusive trait (§2.6, source p.46): "When an elusive unit is fired upon,
// they may fall back 4" before shooting is resolved. Measure range and calculate terrain benefits
// from their new location. If Line of Sight is lost, the shooting unit is free to select another
// target. A squad may only use this trait once per turn."
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, fastAndDirty, row, shootAt, squad, tryAct, unitOf } from './helpers.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';

const code = (r: unknown) => (r as { code?: string }).code;
const elusive = (n = 3) => ({ ...squad('regular', n), elusive: true });
/** Every figure of B1 straight back (north, away from A1) by `d` hundredths. */
const back = (s: S, d: number): Action => ({ type: 'elusive', moves: unitOf(s, 'B1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + d] as Pt] })) });
const wallAcross = (y0: number, y1: number): Feature => ({ id: 'wall', kind: 'area', points: [[0, y0], [4800, y0], [4800, y1], [0, y1]], move: 'open', cover: 'none', los: 'block', height: 300 });

/** A1 (Regular, 4" base, assault rifles X5: close to 20", medium to 40") at y = 5"; Elusive B1 17" away edge to edge. */
function range(name: string, terrain: Feature[] = [], more: { id: string; side: 0 | 1; spec: ReturnType<typeof squad>; at: Pt[] }[] = []): S {
  return craft({ name, active: 'A1', terrain, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: elusive(), at: row(1000, 2300, 3) },
    ...more,
  ] });
}

test('#59 Elusive: fired upon, the target\'s owner is asked before the shot resolves; falling back 4" the range is measured from the new place (§2.6)', () => {
  const r = act(range('el-ask'), shootAt('B1'));
  assert.equal(r.s.phase, 'elusive');
  const d = decision(r.s);
  assert.equal(d.seat, 1, 'the target\'s owner decides');
  assert.equal(d.kind, 'elusive');
  assert.equal(evOf(r.events, 'shot').length, 0, 'nothing is resolved yet');
  const f = act(r.s, back(r.s, 400), Array(20).fill(2));
  const shot = evOf(f.events, 'shot')[0];
  assert.equal(shot.distance, 2100, '17" + 4"');
  assert.equal(shot.band, 'medium', 'beyond close range (20") after the fall back');
  assert.deepEqual(unitOf(f.s, 'B1').figures.map((x) => x.at[1]), [2700, 2700, 2700]);
  assert.equal(unitOf(f.s, 'B1').elusiveTurn, f.s.turn);
  assert.equal(f.s.phase, 'activate', 'the order went on to the end of the activation');
});

test('#59 Elusive: at most 4", falling back (farther from the nearest enemy), coherent; no moves means it stays and the shot resolves as declared (§2.6, §6.1)', () => {
  const s = act(range('el-legal'), shootAt('B1')).s;
  assert.equal(code(tryAct(s, back(s, 401))), 'beyond_allowance');
  assert.equal(code(tryAct(s, back(s, -300))), 'elusive_not_away');
  const one: Action = { type: 'elusive', moves: [{ fig: 'B1.3', path: [[1440, 2700]] }] };
  assert.equal(code(tryAct(s, one)), 'elusive_not_away', 'the unit falls back: its nearest figure must end farther away (§6.1)');
  const stay = act(s, { type: 'elusive', moves: [] }, Array(20).fill(2));
  assert.equal(evOf(stay.events, 'shot')[0].distance, 1700);
  assert.equal(evOf(stay.events, 'elusive_declined').length, 1);
  assert.equal(unitOf(stay.s, 'B1').elusiveTurn, undefined, 'declining does not use the once-per-turn fall back');
});

test('#59 Elusive: once per turn: a second shot in the same turn resolves at once; a new turn allows it again (§2.6)', () => {
  const s = range('el-once');
  unitOf(s, 'B1').elusiveTurn = s.turn;
  const r = act(s, shootAt('B1'), Array(20).fill(2));
  assert.equal(evOf(r.events, 'shot').length, 1, 'no window: the shot resolved');
  const next = range('el-once-next');
  unitOf(next, 'B1').elusiveTurn = next.turn - 1;
  assert.equal(act(next, shootAt('B1')).s.phase, 'elusive');
});

test('#59 Elusive: a Pinned target cannot fall back (it cannot move, §7.19); nor one making a Last Stand (§7.13)', () => {
  const p = range('el-pinned');
  unitOf(p, 'B1').pinned = true;
  assert.equal(evOf(act(p, shootAt('B1'), Array(20).fill(2)).events, 'shot').length, 1);
  const l = range('el-stand');
  unitOf(l, 'B1').lastStand = true;
  assert.equal(evOf(act(l, shootAt('B1'), Array(20).fill(2)).events, 'shot').length, 1);
});

test('#59 Elusive: out of LOS after the fall back, the shooter picks another target (or holds fire) (§2.6)', () => {
  // A blocking wall from y = 24" to 25": B1 (front edge at 24") falls back behind it; B2 stands in the open.
  const s0 = range('el-los', [wallAcross(2400, 2500)], [{ id: 'B2', side: 1, spec: squad('regular', 2), at: row(3500, 1800, 2) }]);
  const r = act(s0, shootAt('B1'));
  const moved = act(r.s, back(r.s, 400));
  assert.equal(moved.s.phase, 'retarget');
  const d = decision(moved.s);
  assert.equal(d.seat, 0, 'the shooter decides');
  assert.deepEqual((d.exposes as { eligible: string[] }).eligible, ['B2']);
  assert.equal(code(tryAct(moved.s, { type: 'retarget', target: 'B1' })), 'no_line_of_fire');
  const shot = act(moved.s, { type: 'retarget', target: 'B2' }, Array(20).fill(2));
  assert.deepEqual(evOf(shot.events, 'shot').map((e) => e.target), ['B2']);
  const held = act(moved.s, { type: 'retarget', target: null });
  assert.equal(evOf(held.events, 'shot').length, 0);
  assert.equal(held.s.phase, 'activate');
});

test('#59 Elusive: fire after a move waits for the answer after the move; the declared move may not be blocked by the fall back', () => {
  const s = range('el-after');
  const order: Action = { type: 'engage', moves: unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + 300] as Pt] })), target: 'B1', fireFirst: false };
  const r = act(s, order);
  assert.equal(r.s.phase, 'elusive');
  assert.deepEqual(unitOf(r.s, 'A1').figures.map((f) => f.at[1]), [800, 800, 800], 'the move is done');
  const f = act(r.s, back(r.s, 400), Array(20).fill(2));
  assert.equal(evOf(f.events, 'shot')[0].distance, 1800);
  // A1 fires first, then moves to (10", 20"); B1 falls back away from its nearest enemy A2 onto that spot: refused.
  const s2 = craft({ name: 'el-block', active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 1500]] },
    { id: 'A2', side: 0, spec: squad('regular', 1), at: [[1000, 2700]] },
    { id: 'B1', side: 1, spec: elusive(1), at: [[1000, 2300]] },
  ] });
  const w = act(s2, { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 2000]] }], target: 'B1', fireFirst: true });
  assert.equal(code(tryAct(w.s, { type: 'elusive', moves: [{ fig: 'B1.1', path: [[1000, 2000]] }] })), 'elusive_blocks_order');
  assert.equal(code(tryAct(w.s, { type: 'elusive', moves: [{ fig: 'B1.1', path: [[1300, 2100]] }] })), undefined);
});

test('#59 Elusive: the decision offers staying and a sampled fall back; the trait is data validated by the force-list schema', () => {
  const s = act(range('el-cands'), shootAt('B1')).s;
  const c = fastAndDirty.candidates(s, 1, decision(s), 10, null as never);
  assert.ok(c.actions.some((a) => a.type === 'elusive' && a.moves.length === 0));
  for (const a of c.actions) assert.equal(code(tryAct(s, a)), undefined);
  assert.ok(c.actions.some((a) => a.type === 'elusive' && a.moves.length === 3));
});
