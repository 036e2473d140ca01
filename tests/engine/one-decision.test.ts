// answeredDecision (src/engine/one-decision.ts): the checks `apply` starts with in the games that
// have one decision open at a time and no sealed groups (AoM, FAD). It is the ruleset's own
// guard, behind the kernel's: a log entry replayed or applied directly must meet it too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answeredDecision } from '../../src/engine/one-decision.js';
import { isViolation, violation, type OpenDecision, type Violation } from '../../src/engine/types.js';

type S = { open: OpenDecision[] };
type A = { type: string };
const dec = (seat: number, kind = 'act'): OpenDecision => ({ key: `${kind}:${seat}`, seat, kind, blocking: true, timing: 'turn', context: [], exposes: null });
const pending = (s: S) => s.open;
const asked: [number, string, string][] = [];
const validate = (_s: S, seat: number, d: OpenDecision, a: A): Violation | null => {
  asked.push([seat, d.key, a.type]);
  return a.type === 'illegal' ? violation('illegal', 'not allowed') : null;
};
const code = (x: unknown) => (isViolation(x) ? x.code : undefined);

test('the one open decision, answered by its seat with a valid action', () => {
  asked.length = 0;
  const s = { open: [dec(1)] };
  const r = answeredDecision<S, A>(s, { kind: 'answer', seat: 1, decision: 'x', action: { type: 'go' } }, pending, validate);
  assert.deepEqual(r, { d: dec(1), action: { type: 'go' } });
  assert.deepEqual(asked, [[1, 'act:1', 'go']], 'validated once, for the decision\'s seat');
});

test('another seat\'s answer is refused before validation, naming the seat whose decision it is', () => {
  asked.length = 0;
  const r = answeredDecision<S, A>({ open: [dec(1)] }, { kind: 'answer', seat: 0, decision: 'x', action: { type: 'go' } }, pending, validate);
  assert.equal(code(r), 'not_your_decision');
  assert.match((r as Violation).message, /seat 1/);
  assert.deepEqual(asked, []);
});

test('a default entry (the deadline) answers for the decision\'s seat, validated like an answer', () => {
  asked.length = 0;
  const r = answeredDecision<S, A>({ open: [dec(2)] }, { kind: 'default', decision: 'x', action: { type: 'go' } }, pending, validate);
  assert.deepEqual(r, { d: dec(2), action: { type: 'go' } });
  assert.deepEqual(asked, [[2, 'act:2', 'go']]);
  const bad = answeredDecision<S, A>({ open: [dec(2)] }, { kind: 'default', decision: 'x', action: { type: 'illegal' } }, pending, validate);
  assert.equal(code(bad), 'illegal');
});

test('the ruleset\'s verdict is returned as it is', () => {
  const r = answeredDecision<S, A>({ open: [dec(0)] }, { kind: 'answer', seat: 0, decision: 'x', action: { type: 'illegal' } }, pending, validate);
  assert.deepEqual(r, { code: 'illegal', message: 'not allowed' });
});

test('no decision, or more than one, is not a state these games answer; a sealed entry never is', () => {
  for (const open of [[], [dec(0), dec(1)], [dec(0), dec(0, 'other')]]) {
    const r = answeredDecision<S, A>({ open }, { kind: 'answer', seat: 0, decision: 'x', action: { type: 'go' } }, pending, validate);
    assert.equal(code(r), 'decision_not_open', JSON.stringify(open));
    assert.match((r as Violation).message, /open decision/);
  }
  const sealed = answeredDecision<S, A>({ open: [dec(0)] }, { kind: 'sealed', group: 'g', commits: { 0: { type: 'go' } } }, pending, validate);
  assert.equal(code(sealed), 'no_sealed_groups');
  assert.match((sealed as Violation).message, /sealed/);
});
