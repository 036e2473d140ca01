// Checklist item #75: platoon coherency and Order Distance (module, §7.20, source p.36-37): the
// option `platoonCoherency` lists each platoon, commander unit first; Order Distance 5 × the
// commander's coherency (or, configurable, 5" + 5 × coherency), +5" all powered armour, +15"
// Recon; an element beyond it tests Command Response with no other trigger; on a natural 1 it must
// move back towards its commander. Dice scripted by value (face = value + 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, fastAndDirty, row, seats, squad, tryAct, unitOf } from './helpers.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';
import { orderDistance } from '../../../src/games/fast-and-dirty/rules/platoon.js';
import { edgeDistance } from '../../../src/engine/mech/geom2d.js';
import { scriptedRng } from '../../../src/engine/rng.js';

const code = (r: unknown) => (r as { code?: string }).code;

/** A1 commands A1 + A2 (+ A3); A2's nearest figure `gap` hundredths (edge to edge) south of A1's first figure; the enemy far off. */
function platoon(name: string, gap: number, o: { formula?: 'times' | 'plus'; a1?: UnitSpec; a2?: UnitSpec; platoons?: string[][] } = {}): S {
  const s = craft({ name, units: [
    { id: 'A1', side: 0, spec: o.a1 ?? squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'A2', side: 0, spec: o.a2 ?? squad('regular', 3), at: row(1000, 500 + 100 + gap, 3) },
    { id: 'A3', side: 0, spec: squad('regular', 3), at: row(3000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(3600, 4400, 3) },
  ] });
  s.options.platoonCoherency = { platoons: o.platoons ?? [['A1', 'A2']], ...(o.formula ? { formula: o.formula } : {}) };
  return s;
}
const activate = (s: S, unit: string, dice: number[]) => act(s, { type: 'activate', unit }, dice);
const hold: Action = { type: 'engage', moves: [], target: null, fireFirst: true };
const north = (s: S, id: string, dy: number): Action => ({ type: 'engage', moves: unitOf(s, id).figures.map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] - dy] as [number, number]] })), target: null, fireFirst: false });

test('#75 Order Distance: 5 × the commander\'s coherency, or 5" + 5 × coherency when configured; +5" all powered armour; +15" for a Recon element (§7.20)', () => {
  const s = platoon('pc-od', 1000);
  assert.equal(orderDistance(s, unitOf(s, 'A2')), 2000, 'Regular commander: 5 × 4"');
  assert.equal(orderDistance(s, unitOf(s, 'A1')), null, 'the commander has none');
  assert.equal(orderDistance(s, unitOf(s, 'A3')), null, 'not in a platoon');
  const plus = platoon('pc-od-plus', 1000, { formula: 'plus', a1: squad('elite', 3) });
  assert.equal(orderDistance(plus, unitOf(plus, 'A2')), 3000, 'Elite commander: 5" + 5 × 5"');
  const pa = squad('regular', 3, { armour: 'heavyPower' });
  const powered = platoon('pc-od-pa', 1000, { a1: pa, a2: pa });
  assert.equal(orderDistance(powered, unitOf(powered, 'A2')), 3500, 'powered: 5 × 6" + 5"');
  const mixed = platoon('pc-od-mixed', 1000, { a1: pa });
  assert.equal(orderDistance(mixed, unitOf(mixed, 'A2')), 3000, 'not every element powered: no +5"');
  const recon = platoon('pc-od-recon', 1000, { a2: { ...squad('regular', 3), traits: ['recon'] } });
  assert.equal(orderDistance(recon, unitOf(recon, 'A2')), 3500, 'Recon element: +15"');
});

test('#75 an element beyond its Order Distance tests Command Response even with no other trigger (and without the Command Response module); within it, or the commander, does not (§7.20)', () => {
  const s20 = platoon('pc-20', 2000);
  assert.equal(edgeDistance(unitOf(s20, 'A1').figures[0].at, 50, unitOf(s20, 'A2').figures[0].at, 50), 2000);
  assert.equal(evOf(activate(s20, 'A2', faces(3)).events, 'command_response').length, 0, 'exactly 20": within');
  const out = activate(platoon('pc-20x', 2001), 'A2', faces(3));
  assert.deepEqual(evOf(out.events, 'command_response')[0], { unit: 'A2', die: 3, mods: {}, total: 3, target: 3, passed: true });
  assert.equal(evOf(activate(platoon('pc-cmd', 3000), 'A1', faces(3)).events, 'command_response').length, 0, 'the commander');
  assert.equal(evOf(activate(platoon('pc-plus', 2400, { formula: 'plus' }), 'A2', faces(3)).events, 'command_response').length, 0, '24" is within 25"');
  const failed = activate(platoon('pc-fail', 2500), 'A2', faces(2));
  assert.equal(unitOf(failed.s, 'A2').hesitant, true, 'a failed test has the usual Command Response limits');
  assert.equal(evOf(failed.events, 'order_recall').length, 0, 'only a 1 recalls');
});

test('#75 on a natural 1 beyond the Order Distance the element must move back nearer its commander: standing still or moving away is refused, the default order rushes back (§7.20)', () => {
  const r = activate(platoon('pc-1', 2500), 'A2', faces(1));
  assert.deepEqual(evOf(r.events, 'order_recall'), [{ unit: 'A2', back: true }]);
  assert.equal(code(tryAct(r.s, hold)), 'order_distance');
  assert.equal(code(tryAct(r.s, north(r.s, 'A2', -300))), 'order_distance', 'moving away');
  assert.equal(code(tryAct(r.s, { type: 'assault', target: 'B1', moves: [] })), 'order_distance');
  assert.equal(code(tryAct(r.s, north(r.s, 'A2', 600))), undefined, 'a Move nearer');
  const d = fastAndDirty.pending(r.s)[0];
  const def = fastAndDirty.defaultAction(r.s, d) as Action;
  assert.equal(def.type, 'rush');
  const after = act(r.s, def).s;
  assert.ok(unitOf(after, 'A2').figures[0].at[1] < unitOf(r.s, 'A2').figures[0].at[1], 'the default moves it towards A1');
  const c = fastAndDirty.candidates(r.s, d.seat, d, 50, null as never).actions as Action[];
  assert.ok(c.length > 0 && c.every((a) => code(tryAct(r.s, a)) === undefined), 'every candidate is legal');
});

test('#75 platoons are checked at setup: known units of one side, each in one platoon (§7.20)', () => {
  const setup = (platoons: string[][]) => fastAndDirty.setup({ scenario: 'firefight', seats, options: { platoonCoherency: { platoons } } }, { seq: 0, rng: scriptedRng([], 'pc-setup') });
  assert.equal(code(setup([['A1', 'Z9']])), 'bad_platoon');
  assert.equal(code(setup([['A1', 'B1']])), 'bad_platoon');
  assert.equal(code(setup([['A1', 'A2'], ['A2', 'A3']])), 'bad_platoon');
  assert.equal(code(setup([['A1', 'A2']])), undefined);
});
