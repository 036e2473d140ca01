// Checklist item #71, the Task system (§7.28): 3D6 against the unit's Quality target or a skill
// level; 2+ successes accomplish the task, 1 fails (try again later), 0 fails with the scenario's
// negative consequences. The attempt is a Command sub-action (#36, §5.3 [P]).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, row, squad, tryAct, unitOf } from './helpers.js';
import { finalResult } from '../../../src/games/fast-and-dirty/rules/turn.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';

type Task = Record<string, unknown>;
/** Regular A1 (Quality target 3) with A1.1 at (10", 5"); the task's point 1" north of it; B1 far away. */
function field(name: string, task: Task, spec: UnitSpec = squad('regular', 3)) {
  return craft({ name, active: 'A1', options: { tasks: [{ id: 'hack', at: [1000, 600], ...task }] }, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
}
/** B1 holds, then the next turn until A1's order. */
function a1Again(s: S): S {
  let k = s;
  for (let i = 0; i < 8; i++) {
    const d = decision(k);
    if (d.kind === 'order' && k.active === 'A1') return k;
    if (d.kind === 'initiative') k = act(k, { type: 'initiative', first: d.seat === 0 }).s;
    else if (d.kind === 'activate') k = act(k, { type: 'activate', unit: d.seat === 0 ? 'A1' : 'B1' }).s;
    else k = act(k, { type: 'engage', moves: [], target: null, fireFirst: true }).s;
  }
  throw new Error('A1 never got its order');
}
const attempt = (fig = 'A1.1', target: string | null = null): Action => ({ type: 'command', demolition: null, target, task: { fig, id: 'hack' } });

test('#71 Task system: 3D6 against the Quality target, 2 successes accomplish the task (§7.28)', () => {
  const r = act(field('task-ok', { points: 3 }), attempt(), faces(3, 3, 1));
  const ev = evOf(r.events, 'task')[0];
  assert.equal(ev.target, 3, 'Regular: 3+');
  assert.equal(ev.successes, 2);
  assert.equal(ev.result, 'accomplished');
  assert.equal(r.s.tasks![0].done, 0);
  // Accomplished tasks' points go to the final score.
  const end = structuredClone(r.s);
  finalResult(end, new Run(null));
  assert.deepEqual(end.score, [3, 0]);
});

test('#71 Task system: 1 success fails and may be retried on a later activation; the task stays open', () => {
  const r = act(field('task-one', { onFailure: 'casualty' }), attempt(), faces(3, 1, 1));
  assert.equal(evOf(r.events, 'task')[0].result, 'failed');
  assert.equal(r.s.tasks![0].done, null);
  assert.equal(r.s.tasks![0].lost, false);
  assert.equal(unitOf(r.s, 'A1').figures[0].alive, true, 'no consequence on 1 success');
});

test('#71 Task system: 0 successes bring the scenario\'s consequence: casualty, pinned, or the task lost for good', () => {
  const dead = act(field('task-casualty', { onFailure: 'casualty' }), attempt(), faces(1, 2, 2));
  assert.equal(evOf(dead.events, 'task')[0].consequence, 'casualty');
  assert.equal(unitOf(dead.s, 'A1').figures[0].alive, false);
  const pinned = act(field('task-pinned', { onFailure: 'pinned' }), attempt(), faces(1, 2, 2));
  assert.equal(unitOf(pinned.s, 'A1').pinned, true, 'Pinned after the activation, until the end of its next');
  const lost = act(field('task-lost', { onFailure: 'lost' }), attempt(), faces(1, 2, 2));
  assert.equal(lost.s.tasks![0].lost, true);
  const later = a1Again(lost.s);
  assert.equal((tryAct(later, attempt('A1.2')) as { code: string }).code, 'task_lost');
  const none = act(field('task-none', {}), attempt(), faces(1, 2, 2));
  assert.equal(evOf(none.events, 'task')[0].consequence, 'none');
  assert.equal(unitOf(none.s, 'A1').pinned ?? false, false);
});

test('#71 Task system: a skill level replaces the Quality target; a Tech personality performs technological tasks at Expert (§7.28, §2.7)', () => {
  const master = act(field('task-master', { skill: 'master' }), attempt(), faces(2, 2, 1));
  assert.equal(evOf(master.events, 'task')[0].target, 2);
  assert.equal(master.s.tasks![0].done, 0);
  const marginal = act(field('task-marginal', { skill: 'marginal' }), attempt(), faces(5, 4, 1));
  assert.equal(evOf(marginal.events, 'task')[0].result, 'failed', 'Marginal: 5+');
  const techSpec: UnitSpec = { name: 'Techs', quality: 'conscript', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', personalities: ['tech'] }, { weapon: 'assaultRifle', armour: 'light', count: 2 }] };
  const tech = act(field('task-tech', { skill: 'marginal', technological: true }, techSpec), attempt(), faces(3, 3, 1));
  assert.equal(evOf(tech.events, 'task')[0].target, 3, 'Expert 3+ instead of Marginal 5+');
  const plain = act(field('task-tech-plain', { skill: 'marginal' }, techSpec), attempt(), faces(3, 3, 1));
  assert.equal(evOf(plain.events, 'task')[0].target, 5, 'not a technological task');
});

test('#71 #36 Task sub-action: within 1" of the task only, for the allowed sides, not once done; the rest of the squad may shoot, without the figure on the task', () => {
  const s = field('task-rules', { sides: [0] });
  assert.equal((tryAct(s, attempt('A1.3')) as { code: string }).code, 'task_out_of_reach');
  assert.equal((tryAct(s, { type: 'command', demolition: null, target: null, task: { fig: 'A1.1', id: 'nope' } }) as { code: string }).code, 'unknown_task');
  const b = field('task-sides', { sides: [1] });
  assert.equal((tryAct(b, attempt()) as { code: string }).code, 'not_your_task');
  const cands = fastAndDirty.candidates(s, 0, fastAndDirty.pending(s)[0], 10, null as never).actions;
  assert.ok(cands.some((a) => a.type === 'command' && a.task?.id === 'hack'), 'offered among the sampled orders');
  // Task and Shoot: B1 12" away.
  const near = craft({ name: 'task-shoot', active: 'A1', options: { tasks: [{ id: 'hack', at: [1000, 600] }] }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1700, 3) },
  ] });
  const r = act(near, attempt('A1.1', 'B1'), faces(3, 3, 1, 1, 1, 1, 6, 1, 6, 1, 6));
  assert.equal(evOf(r.events, 'task').length, 1);
  assert.deepEqual(evOf(r.events, 'shot')[0].firers, ['A1.2', 'A1.3']);
  assert.equal((tryAct(a1Again(r.s), attempt()) as { code: string }).code, 'task_done');
});
