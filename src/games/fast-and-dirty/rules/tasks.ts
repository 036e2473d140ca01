// Task system (§7.28, checklist #71) and the Task sub-action of Command (§5.3, #36 [P]).
// Tasks are set for a game by the option `tasks` (the scenario's hook fields, §4.3 [P]): each has a
// point on the table, who may try it, a skill or the unit's Quality, and what 0 successes bring.
// A figure within 1" (edge to edge) of the point rolls 3D6 against the target: 2+ successes
// accomplish it, 1 fails (try again later), 0 fails with the scenario's consequence.
import { edgeDistance, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { QUALITY_TABLE, hasPersonality, living, type Action, type S, type Side, type Unit } from '../state.js';
import { afterCasualties } from './combat.js';
import { ignoresPinned, markUnderFire } from './traits.js';
import { successes, type Run } from './run.js';
import { couldImprove, luckyMay, pauseForLucky, settledRoll } from './lucky.js';

export type Skill = 'marginal' | 'competent' | 'expert' | 'master';
/** §7.28: Marginal 5+, Competent 4+, Expert 3+, Master 2+. */
export const SKILL_TARGET: Record<Skill, number> = { marginal: 5, competent: 4, expert: 3, master: 2 };
export type Consequence = 'none' | 'casualty' | 'underFire' | 'pinned' | 'lost';

export interface TaskDef {
  id: string;
  name?: string;
  /** Disarm, Hack, Jury-rig, Learn, Repair (the book's examples) or any word. */
  kind?: string;
  at: Pt;
  /** The sides that may try it (default both). */
  sides?: Side[];
  /** A skill level; without one, the unit's Quality target (§7.28). */
  skill?: Skill;
  /** Technological: a Tech personality performs it at Expert level (§2.7, §7.28). */
  technological?: boolean;
  /** A technology that needs a Tech present to operate it (§2.7): only a unit with a living Tech may attempt it. */
  needsTech?: boolean;
  /** What 0 successes bring (§7.28 "negative consequences, as defined by the scenario"). */
  onFailure?: Consequence;
  /** Victory points to the side that accomplishes it, added to the final score (§9 [P]). */
  points?: number;
}
export interface TaskState extends TaskDef { done: Side | null; lost: boolean }

export const TASK_REACH = 100;

export const taskOptionSchema = {
  type: 'array', maxItems: 8,
  description: 'Task system (§7.28, checklist #71): tasks a figure within 1" of the point may attempt as a Command sub-action, 3D6 against the skill (marginal 5+ … master 2+) or the unit\'s Quality target (technological: Expert 3+ for a unit with a Tech; needsTech: only a unit with a Tech may try): 2+ successes accomplish it (points to the final score), 1 fails, 0 fails with onFailure (none, casualty: the figure dies, underFire, pinned, lost: no more attempts)',
  items: {
    type: 'object', additionalProperties: false, required: ['id', 'at'],
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 32 },
      name: { type: 'string', maxLength: 64 },
      kind: { type: 'string', maxLength: 32 },
      at: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0, maximum: 20000 } },
      sides: { type: 'array', maxItems: 2, items: { enum: [0, 1] } },
      skill: { enum: ['marginal', 'competent', 'expert', 'master'] },
      technological: { type: 'boolean' },
      needsTech: { type: 'boolean' },
      onFailure: { enum: ['none', 'casualty', 'underFire', 'pinned', 'lost'] },
      points: { type: 'integer', minimum: 0, maximum: 20 },
    },
  },
};

/** The game's tasks from the option, checked at setup. */
export function tasksOf(o: unknown, table: { w: number; h: number }): TaskState[] | Violation {
  if (o === undefined) return [];
  if (!Array.isArray(o)) return violation('bad_tasks', 'tasks is a list of task definitions (§7.28)');
  const out: TaskState[] = [];
  for (const t of o as TaskDef[]) {
    if (!t || typeof t.id !== 'string' || !Array.isArray(t.at) || t.at.length !== 2 || !t.at.every(Number.isInteger)) return violation('bad_tasks', 'each task has an id and a point at: [x, y] in hundredths (§7.28)');
    if (out.some((x) => x.id === t.id)) return violation('bad_tasks', `task id ${t.id} is used twice`);
    if (t.at[0] < 0 || t.at[1] < 0 || t.at[0] > table.w || t.at[1] > table.h) return violation('off_table', `task ${t.id} is off the table`);
    if (t.skill !== undefined && !(t.skill in SKILL_TARGET)) return violation('bad_tasks', `task ${t.id}: skill is marginal, competent, expert or master`);
    out.push({ ...t, at: [t.at[0], t.at[1]], done: null, lost: false });
  }
  return out;
}

/**
 * The target number of an attempt: the task's skill or the unit's Quality; "a unit containing a tech
 * may perform any technological task at Expert level" (§2.7): a living Tech anywhere in the unit.
 */
export function taskTarget(u: Unit, _fig: string, t: TaskDef): number {
  let target = t.skill ? SKILL_TARGET[t.skill] : QUALITY_TABLE[u.quality].target;
  if (t.technological && hasPersonality(u, 'tech')) target = Math.min(target, SKILL_TARGET.expert);
  return target;
}

export function taskProblem(s: S, u: Unit, task: { fig: string; id: string }): Violation | null {
  if (!task || typeof task.fig !== 'string' || typeof task.id !== 'string') return violation('malformed_action', 'task is {fig, id}');
  const t = (s.tasks ?? []).find((x) => x.id === task.id);
  if (!t) return violation('unknown_task', `no task ${task.id} in this game (§7.28)`);
  if (t.done !== null) return violation('task_done', `task ${t.id} is already accomplished`);
  if (t.lost) return violation('task_lost', `task ${t.id} can no longer be attempted (its consequence, §7.28)`);
  if (t.sides && !t.sides.includes(u.side as Side)) return violation('not_your_task', `side ${u.side} may not attempt task ${t.id}`);
  const f = living(u).find((x) => x.id === task.fig);
  if (!f) return violation('not_a_figure', `${task.fig} is not a living figure of ${u.id}`);
  if (t.needsTech && !hasPersonality(u, 'tech')) return violation('tech_required', `task ${t.id} needs a Tech present to operate it (§2.7)`);
  if (u.scout === f.id || u.scoutMate === f.id) return violation('scout_busy', 'a figure out scouting does nothing else (§7.24)');
  if (edgeDistance(f.at, f.r, t.at, 0) > TASK_REACH) return violation('task_out_of_reach', `${f.id} must be within 1" of task ${t.id} to attempt it (§7.28 [P])`);
  return null;
}

/**
 * One attempt: 3D6 against the target; the consequence of 0 successes as the task defines it. `lucky`:
 * the Command order resumes after a Lucky window on a failed attempt's dice (§2.7, rules/lucky.ts).
 */
export function attemptTask(s: S, run: Run, u: Unit, task: { fig: string; id: string }, lucky = false): void {
  const t = s.tasks!.find((x) => x.id === task.id)!;
  const target = taskTarget(u, task.fig, t);
  const pre = lucky ? settledRoll(s, u, 'task') : null;
  const faces = pre?.faces ?? run.roll('task', 3, { unit: u.id, figure: task.fig, task: t.id });
  const n = successes(faces, target);
  if (!pre && luckyMay(s, u, lucky) && couldImprove(faces, (f) => Math.min(2, successes(f, target)))) {
    pauseForLucky(s, run, u, 'task', faces, { roll: 'task' }, { successes: n }, target);
    return;
  }
  const result = n >= 2 ? 'accomplished' : n === 1 ? 'failed' : 'failedBadly';
  if (n >= 2) t.done = u.side as Side;
  run.emit('task', { unit: u.id, figure: task.fig, task: t.id, target, successes: n, result, ...(n === 0 ? { consequence: t.onFailure ?? 'none' } : {}) });
  if (n > 0) return;
  switch (t.onFailure ?? 'none') {
    case 'casualty': {
      const f = u.figures.find((x) => x.id === task.fig)!;
      f.alive = false;
      afterCasualties(s, run, u);
      break;
    }
    // Marked after this activation ends, so the marker lasts until the end of its next one (§6.9, §7.19).
    case 'underFire': u.taskMark = 'underFire'; break;
    case 'pinned': u.taskMark = 'pinned'; break;
    case 'lost': t.lost = true; break;
    default: break;
  }
}

/** The end of the activation: a failed task's Under Fire or Pinned marker goes on now (§7.28). */
export function taskMarkAfterActivation(u: Unit): void {
  const m = u.taskMark;
  if (!m) return;
  delete u.taskMark;
  if (m === 'underFire') { if (!u.pinned) markUnderFire(u); return; }
  if (!ignoresPinned(u)) { u.pinned = true; u.underFire = false; }
}

/** Victory points of accomplished tasks, per side (§9 [P]). */
export function taskPoints(s: S): [number, number] {
  const out: [number, number] = [0, 0];
  for (const t of s.tasks ?? []) if (t.done !== null) out[t.done] += t.points ?? 0;
  return out;
}

/** A Task sub-action for each open task a figure of the unit can reach (the first such figure). */
export function taskCandidates(s: S, u: Unit): Action[] {
  const out: Action[] = [];
  if (u.kind !== 'infantry' && u.kind !== 'character') return out;
  for (const t of s.tasks ?? []) {
    const f = living(u).find((x) => !taskProblem(s, u, { fig: x.id, id: t.id }));
    if (f) out.push({ type: 'command', demolition: null, target: null, task: { fig: f.id, id: t.id } });
  }
  return out;
}
