// A hidden slot (src/engine/hidden-slot.ts) is a cache on an object that nothing but its owner
// sees: the hash chain's JSON, keys, copies and equality see the object as it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hiddenSlot } from '../../src/engine/hidden-slot.js';

test('a hidden slot: read back as set, invisible to JSON, keys, copies and equality', () => {
  const slot = hiddenSlot<{ n: number }>('test.slot');
  const o = { a: 1, b: [2, 3] };
  assert.equal(slot.get(o), undefined);
  slot.set(o, { n: 1 });
  assert.deepEqual(slot.get(o), { n: 1 });
  assert.equal(JSON.stringify(o), '{"a":1,"b":[2,3]}');
  assert.deepEqual(Object.keys(o), ['a', 'b']);
  const keys: string[] = [];
  for (const k in o) keys.push(k);
  assert.deepEqual(keys, ['a', 'b']);
  assert.deepStrictEqual(o, { a: 1, b: [2, 3] });
  assert.deepStrictEqual(structuredClone(o), { a: 1, b: [2, 3] });
  // copies start without it
  assert.equal(slot.get({ ...o }), undefined);
  assert.equal(slot.get(Object.assign({}, o)), undefined);
  // set again: replaced, still hidden
  slot.set(o, { n: 2 });
  assert.deepEqual(slot.get(o), { n: 2 });
  assert.deepStrictEqual(o, { a: 1, b: [2, 3] });
});

test('two slots of the same name never share a value; each object has its own', () => {
  const s1 = hiddenSlot<number>('same');
  const s2 = hiddenSlot<number>('same');
  const o = {};
  const p = {};
  s1.set(o, 1);
  s2.set(o, 2);
  s1.set(p, 3);
  assert.equal(s1.get(o), 1);
  assert.equal(s2.get(o), 2);
  assert.equal(s1.get(p), 3);
  assert.equal(s2.get(p), undefined);
});
