// The two runtime helpers of the kernel's types: how a rule's refusal is made and recognised.
// Every ruleset's validate/apply returns either a Step ({ state, events }) or a Violation
// ({ code, message, details? }); the kernel and the service branch on isViolation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isViolation, violation } from '../../src/engine/types.js';

test('violation: code and message, details only when given', () => {
  assert.deepEqual(violation('not_your_turn', 'wait'), { code: 'not_your_turn', message: 'wait' });
  assert.ok(!('details' in violation('a', 'b')), 'no details key when none are given (the API omits the field)');
  assert.deepEqual(violation('a', 'b', { max: 3 }), { code: 'a', message: 'b', details: { max: 3 } });
  // Falsy details are still details.
  assert.deepEqual(violation('a', 'b', null), { code: 'a', message: 'b', details: null });
  assert.deepEqual(violation('a', 'b', 0), { code: 'a', message: 'b', details: 0 });
});

test('isViolation: a refusal is an object with a string code and message and no state', () => {
  assert.equal(isViolation(violation('bad', 'no')), true, 'made by violation()');
  assert.equal(isViolation({ code: 'bad', message: 'no', details: 1 }), true, 'with details');
  assert.equal(isViolation(null), false, 'null');
  assert.equal(isViolation(undefined), false, 'undefined');
  assert.equal(isViolation('bad'), false, 'a string');
  assert.equal(isViolation(3), false, 'a number');
  assert.equal(isViolation({ message: 'no' }), false, 'no code');
  assert.equal(isViolation({ code: 'bad' }), false, 'no message');
  assert.equal(isViolation({ code: 1, message: 'no' }), false, 'a code that is not a string');
  assert.equal(isViolation({ code: 'bad', message: 2 }), false, 'a message that is not a string');
  // A Step whose state happens to carry code and message fields is not a refusal.
  assert.equal(isViolation({ code: 'bad', message: 'no', state: {} }), false, 'a step (it has a state)');
  assert.equal(isViolation({ code: 'bad', message: 'no', state: undefined }), false, 'a step even with an undefined state');
  assert.equal(isViolation({ state: {}, events: [] }), false, 'a plain step');
});
