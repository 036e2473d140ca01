// Checklist item #72, personalities Intruder and Tech (§2.7, source p.35). Intruder: "Using a command
// action, an Intruder may interfere with enemy networks … This can be used to either reveal and
// remove a hidden unit marker, or jam a target units communications. The intruder must take a
// quality test to succeed. If he rolls a 1, he's been subjected to a counter attack and may not
// perform either role for the remainder of the battle." Tech: "Some technologies require a tech to
// be present to operate them. Additionally, a unit containing a tech may perform any technological
// task at Expert level." Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, squad, tryAct, unitOf } from './helpers.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
/** Regular A1 whose third member is an Intruder (Quality test 3+). */
const hackers: UnitSpec = { name: 'Hackers', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['intruder'] }] };
/** A wall hiding B2's markers (north-east) from A1. */
const wall: Feature = { id: 'wall', kind: 'area', points: [[1500, 1200], [4800, 1200], [4800, 1400], [1500, 1400]], move: 'impassable', cover: 'hard', los: 'block', height: 300 };
function scene(name: string, spec: UnitSpec = hackers, options: Record<string, unknown> = {}): S {
  const s = craft({ name, active: 'A1', terrain: [wall], options: { hiddenMovement: true, ...options }, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
    { id: 'B2', side: 1, spec: squad('regular', 3), at: row(3500, 3500, 3) },
  ] });
  s.options.hiddenMovement = true;
  unitOf(s, 'B2').hidden = { markers: [{ n: 1, at: [3500, 3500] }, { n: 2, at: [4000, 3500] }, { n: 3, at: [4500, 3500] }] };
  return s;
}
const jam = (target = 'B1', fig = 'A1.3', shoot: string | null = null): Action => ({ type: 'command', demolition: null, target: shoot, intrude: { fig, jam: target } });
const hack = (n = 2, fig = 'A1.3'): Action => ({ type: 'command', demolition: null, target: null, intrude: { fig, marker: { unit: 'B2', n } } });

test('#72 Intruder: a Command action with a Quality test (1D6, Regular 3+) jams an enemy unit\'s communications: it plays without them until the end of its next activation (§2.7, §7.4)', () => {
  const r = act(scene('in-jam'), jam(), faces(3));
  assert.deepEqual(evOf(r.events, 'intrusion')[0], { unit: 'A1', figure: 'A1.3', die: 3, target: 3, success: true, jam: 'B1' });
  assert.equal(unitOf(r.s, 'B1').jammed, true);
  // B1 activates within 24" of A1: without communications it tests Command Response.
  assert.equal(decision(r.s).kind, 'activate');
  const b = act(r.s, { type: 'activate', unit: 'B1' }, faces(4));
  assert.equal(evOf(b.events, 'command_response').length, 1);
  const done = act(b.s, hold);
  assert.equal(unitOf(done.s, 'B1').jammed, undefined, 'its communications are back');
  const miss = act(scene('in-jam-miss'), jam(), faces(2));
  assert.equal(evOf(miss.events, 'intrusion')[0].success, false);
  assert.equal(unitOf(miss.s, 'B1').jammed, undefined);
});

test('#72 Intruder: on a natural 1 it is counter-hacked and may not jam or reveal for the rest of the battle (§2.7)', () => {
  const elite = { ...hackers, quality: 'elite' as const };
  const r = act(scene('in-one', elite), jam(), faces(1));
  assert.equal(evOf(r.events, 'intrusion')[0].counterHacked, true);
  assert.equal(unitOf(r.s, 'A1').figures[2].hacked, true);
  const later = structuredClone(r.s);
  later.phase = 'order'; later.active = 'A1'; later.toAct = 0;
  assert.equal(code(tryAct(later, jam())), 'counter_hacked');
  assert.equal(code(tryAct(later, hack())), 'counter_hacked');
  const two = act(scene('in-two', elite), jam(), faces(2));
  assert.equal(evOf(two.events, 'intrusion')[0].success, true, 'Elite 2+');
  assert.equal(unitOf(two.s, 'A1').figures[2].hacked, undefined);
});

test('#72 Intruder: only an Intruder figure, at an enemy unit; it does nothing else while the rest of the squad may shoot (§2.7, §5.3 [P])', () => {
  const s = scene('in-who');
  assert.equal(code(tryAct(s, jam('B1', 'A1.1'))), 'not_an_intruder');
  assert.equal(code(tryAct(s, jam('A1'))), 'not_an_enemy');
  assert.equal(code(tryAct(s, jam('B2'))), 'hidden_target', 'a hidden unit: its markers instead');
  assert.equal(code(tryAct(s, { type: 'command', demolition: null, target: null, intrude: { fig: 'A1.3', jam: 'B1', marker: { unit: 'B2', n: 1 } } })), 'malformed_action');
  const r = act(s, jam('B1', 'A1.3', 'B1'), [...faces(3), ...Array(40).fill(2)]);
  assert.equal(evOf(r.events, 'intrusion').length, 1, 'jam and fire in one Command action');
  assert.deepEqual(evOf(r.events, 'shot')[0].firers, ['A1.1', 'A1.2'], 'the Intruder is busy');
  assert.equal(code(tryAct(s, { type: 'command', demolition: null, target: null, intrude: { fig: 'A1.3', jam: 'B1' }, task: { fig: 'A1.3', id: 'x' } })), 'unknown_task');
  // The sampled orders include the jam.
  const c = fastAndDirty.candidates(s, 0, decision(s), 50, null as never).actions;
  assert.ok(c.some((a) => a.type === 'command' && a.intrude?.jam === 'B1'));
  assert.ok(c.some((a) => a.type === 'command' && a.intrude?.marker?.unit === 'B2'));
});

test('#72 Intruder: a success reveals a hidden marker: its owner answers real (the unit stands there) or dummy (removed); the last marker is always real (§2.7, §7.10)', () => {
  const r = act(scene('in-mark'), hack(2), faces(4));
  const d = decision(r.s);
  assert.equal(d.kind, 'reveal');
  assert.equal(d.seat, 1);
  assert.deepEqual(d.exposes, { unit: 'B2', marker: 2, markers: 3 });
  const dummy = act(r.s, { type: 'reveal', real: false });
  assert.deepEqual(unitOf(dummy.s, 'B2').hidden!.markers.map((m) => m.n), [1, 3]);
  const real = act(r.s, { type: 'reveal', real: true });
  assert.equal(unitOf(real.s, 'B2').hidden, null);
  assert.equal(evOf(real.events, 'revealed')[0].marker, 2);
  const last = scene('in-last');
  unitOf(last, 'B2').hidden!.markers = [{ n: 2, at: [4000, 3500] }];
  const l = act(last, hack(2), faces(4));
  assert.equal(unitOf(l.s, 'B2').hidden, null, 'the last marker is the unit');
  assert.notEqual(decision(l.s).kind, 'reveal');
  const miss = act(scene('in-mark-miss'), hack(2), faces(2));
  assert.notEqual(decision(miss.s).kind, 'reveal');
  assert.equal(unitOf(miss.s, 'B2').hidden!.markers.length, 3);
  assert.equal(code(tryAct(scene('in-mark-none'), { type: 'command', demolition: null, target: null, intrude: { fig: 'A1.3', marker: { unit: 'B1', n: 1 } } })), 'not_a_marker', 'B1 is not hidden');
});

/** Conscript A1 (4+) at a task 1" north of A1.1; the Tech, if any, is A1.3 (not the one attempting). */
function techField(name: string, task: Record<string, unknown>, tech: boolean): S {
  const spec: UnitSpec = { name: 'Techs', quality: 'conscript', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities: tech ? ['tech'] : [] }] };
  return craft({ name, active: 'A1', options: { tasks: [{ id: 'gate', at: [1000, 600], ...task }] }, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
}
const attempt: Action = { type: 'command', demolition: null, target: null, task: { fig: 'A1.1', id: 'gate' } };

test('#72 Tech: a unit containing a Tech performs any technological task at Expert level (3+), whoever attempts it (§2.7, §7.28)', () => {
  assert.equal(evOf(act(techField('tech-unit', { technological: true }, true), attempt, faces(3, 3, 1)).events, 'task')[0].target, 3);
  assert.equal(evOf(act(techField('tech-none', { technological: true }, false), attempt, faces(3, 3, 1)).events, 'task')[0].target, 4, 'Conscript 4+ without a Tech');
  const dead = techField('tech-dead', { technological: true }, true);
  unitOf(dead, 'A1').figures[2].alive = false;
  assert.equal(evOf(act(dead, attempt, faces(3, 3, 1)).events, 'task')[0].target, 4, 'a dead Tech does not count');
});

test('#72 Tech: some technologies need a Tech present to operate them: without one the task is refused (§2.7)', () => {
  assert.equal(code(tryAct(techField('tech-req-none', { needsTech: true }, false), attempt)), 'tech_required');
  const ok = act(techField('tech-req', { needsTech: true }, true), attempt, faces(4, 4, 1));
  assert.equal(evOf(ok.events, 'task')[0].result, 'accomplished');
});
