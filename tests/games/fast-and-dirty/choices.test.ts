// `choices` offers the optional order fields (rules/optional-fields.ts): with (#86), board and
// disembark (#85), shock (#88), scoot and land (#78), carry and recover (#42-#43), task (#71).
// Every offered value is then checked by validate, the authority.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import { CONTENT } from '../../../src/games/fast-and-dirty/content.js';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { optionalValues } from '../../../src/games/fast-and-dirty/rules/optional-fields.js';
import type { Action, S, Side, Unit } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, decision, faces, fastAndDirty, row, setup, squad, unitOf } from './helpers.js';

type Opt = { field: string; oneOf: { value: unknown }[] } | undefined;
type C = { done?: boolean; optional?: Opt; field?: string; oneOf?: { value: unknown }[] };
const choose = (s: S, p: Record<string, unknown>) => { const d = decision(s); return fastAndDirty.choices!(s, d.seat, d as never, p) as C; };
/** The required fields after the partial `p`, each answered with its first offered value (moves: none), until done. */
function walk(s: S, p: Record<string, unknown>): Record<string, unknown> {
  let q = { ...p };
  for (let c = choose(s, q); !c.done; c = choose(s, q)) {
    assert.ok(c.field && (c.field === 'moves' || c.oneOf?.length), JSON.stringify(c));
    q = { ...q, [c.field!]: c.field === 'moves' ? [] : c.oneOf![0].value };
  }
  return q;
}
/** The optional field offered after the partial action `p` (its required fields walked first). */
function optional(s: S, p: Record<string, unknown>): Opt {
  return choose(s, walk(s, p)).optional;
}
/** The optional fields offered one after the other, each answered with its first value. */
function fields(s: S, p: Record<string, unknown>): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  let q = walk(s, p);
  for (let o = optional(s, q); o; o = optional(s, q)) { out[o.field] = o.oneOf.map((x) => x.value); q = { ...q, [o.field]: o.oneOf[0].value }; }
  return out;
}
const valid = (s: S, a: Record<string, unknown>) => fastAndDirty.validate(s, decision(s).seat, decision(s) as never, a as Action);

function vehicle(id: string, side: Side, at: Pt, type: string): Unit {
  const u = buildVehicle({ name: id, vehicle: type, quality: 'regular' }, id, side, at);
  u.vehicle!.heading = 0;
  return u;
}
function scene(name: string, squads: Parameters<typeof craft>[0]['units'], vehicles: Unit[], active: string, options: Record<string, unknown> = {}): S {
  const s = craft({ units: squads, name, options });
  s.units.push(...vehicles);
  const u = s.units.find((x) => x.id === active)!;
  s.phase = 'order'; s.active = u.id; s.toAct = u.side as Side;
  return s;
}

test('#86 choices: activating a Mechanized or Command squad offers `with`, its partners; an accepted value validates', () => {
  const s = act(setup('firefight', { forces: { 0: [
    { ...squad('regular', 3), name: 'Rifles', mechanized: 'Carrier' },
    { name: 'Carrier', vehicle: 'apc', quality: 'regular' as const },
  ] } }, faces(5, 2)), { type: 'initiative', first: true }).s;
  assert.deepEqual(fields(s, { type: 'activate', unit: 'A1' }).with, ['A2']);
  assert.equal(valid(s, { type: 'activate', unit: 'A1', with: 'A2' }), null);
  assert.equal(fields(s, { type: 'activate', unit: 'A2' }).with, undefined, 'the transport names no partner');
});

test('#85 choices: a squad\'s Move or Rush offers `board` (friendly transports with room); a transport\'s drive offers `disembark` with a placement that validates', () => {
  const sq = [{ id: 'A1', side: 0 as Side, spec: squad('regular', 2), at: row(1900, 1600, 2) }, { id: 'B1', side: 1 as Side, spec: squad(), at: [[4000, 4500]] as Pt[] }];
  const s = scene('ch-board', sq, [vehicle('V', 0, [2000, 2000], 'apc'), vehicle('T', 0, [4000, 2000], 'lightTank'), vehicle('E', 1, [4000, 3000], 'apc')], 'A1');
  assert.deepEqual(optional(s, { type: 'rush' })?.oneOf.map((x) => x.value), ['V'], 'no tank, no enemy transport');
  assert.deepEqual(fields(s, { type: 'engage' }).board, ['V']);
  const d = scene('ch-disembark', sq, [vehicle('V', 0, [2000, 2000], 'apc')], 'V');
  unitOf(d, 'A1').embarked = 'V';
  const o = optional(d, { type: 'drive' });
  assert.equal(o?.field, 'disembark');
  const value = o!.oneOf[0].value as { unit: string };
  assert.equal(value.unit, 'A1');
  assert.equal(valid(d, { type: 'drive', speed: 'stationary', path: [], heading: 0, fire: [], disembark: value }), null);
});

test('#88 choices: a Shock vehicle\'s drive offers `shock`, the enemy squads; another vehicle not', () => {
  (CONTENT.vehicles as Record<string, unknown>).chShock = { ...CONTENT.vehicles.lightTank, id: 'chShock', properties: ['shock'] };
  const sq = [{ id: 'B1', side: 1 as Side, spec: squad('regular', 3), at: row(1900, 2000, 3) }, { id: 'A1', side: 0 as Side, spec: squad('regular', 3), at: row(1900, 300, 3) }];
  const drive = { type: 'drive' };
  const s = scene('ch-shock', sq, [vehicle('T', 0, [2000, 1000], 'chShock'), vehicle('E', 1, [5000, 5000], 'apc')], 'T');
  assert.deepEqual(fields(s, drive).shock, ['B1'], 'not the friendly squad, not the enemy vehicle');
  assert.equal(valid(s, { type: 'drive', speed: 'cautious', path: [[2000, 1675]], heading: 0, fire: [], shock: 'B1' }), null);
  assert.equal(fields(scene('ch-noshock', sq, [vehicle('T', 0, [2000, 1000], 'lightTank')], 'T'), drive).shock, undefined);
});

test('#78 choices: a Fly/Grav vehicle\'s drive offers `scoot` and `land`; a tracked one neither', () => {
  const sq = [{ id: 'B1', side: 1 as Side, spec: squad('regular', 1), at: [[4000, 4500]] as Pt[] }];
  const drive = { type: 'drive' };
  const g = fields(scene('ch-grav', sq, [vehicle('G', 0, [2000, 1000], 'gravTank')], 'G'), drive);
  assert.deepEqual(g.scoot, [true]);
  const s = scene('ch-grav2', sq, [vehicle('G', 0, [2000, 1000], 'gravTank')], 'G');
  assert.deepEqual(g.land, [true, false]);
  assert.equal(valid(s, { type: 'drive', speed: 'standard', path: [[3000, 3000]], heading: 0, fire: [], scoot: true }), null);
  const t = fields(scene('ch-track', sq, [vehicle('T', 0, [2000, 1000], 'lightTank')], 'T'), drive);
  assert.equal(t.scoot, undefined); assert.equal(t.land, undefined);
});

test('#42 #43 choices: with Recover Wounded, a Command offers `recover` (aid teams for each untreated wounded figure) and an Engage offers `carry`', () => {
  const s = craft({ name: 'ch-wounds', active: 'A1', options: { recoverWounded: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  const w = unitOf(s, 'A1').figures[2]; w.alive = false; w.wounded = 'wounded';
  const rec = optional(s, { type: 'command' });
  assert.equal(rec?.field, 'recover');
  assert.deepEqual(rec?.oneOf.map((x) => x.value), [[{ wounded: 'A1.3', by: ['A1.1', 'A1.2'] }]]);
  assert.equal(valid(s, { type: 'command', demolition: null, target: null, recover: [{ wounded: 'A1.3', by: ['A1.1', 'A1.2'] }] }), null);
  assert.deepEqual((fields(s, { type: 'engage' }).carry as { by: string }[][]).slice().sort((a, b) => (a[0].by < b[0].by ? -1 : 1)), [[{ by: 'A1.1', fig: 'A1.3' }], [{ by: 'A1.2', fig: 'A1.3' }]]);
  // Without the module: neither.
  const plain = craft({ name: 'ch-plain', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) }, { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) }] });
  assert.deepEqual(optionalValues(plain, unitOf(plain, 'A1'), 'command', 'recover'), []);
  assert.deepEqual(optionalValues(plain, unitOf(plain, 'A1'), 'engage', 'carry'), []);
});

test('#71 choices: a Command offers `task`, the figures within 1" of a task\'s point', () => {
  const s = craft({ name: 'ch-task', active: 'A1', options: { tasks: [{ id: 'hack', at: [1000, 600] }] }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  const task = fields(s, { type: 'command' }).task;
  assert.deepEqual(task, [{ fig: 'A1.1', id: 'hack' }], 'A1.2 is 2.2" east: beyond 1"');
  assert.equal(valid(s, { type: 'command', demolition: null, target: null, task: { fig: 'A1.1', id: 'hack' } }), null);
});
