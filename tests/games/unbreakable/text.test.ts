// Event texts for objects (§13 A18): the satellite and the flag take stasis hits, freeze, get
// pushed and leave the map; their events carry `object`, not `unit` (a random game in CI once
// showed "undefined: 1 stasis hit(s)").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describe as describeEvent } from '../../../src/games/unbreakable/text.js';
import type { View } from '../../../src/games/unbreakable/view.js';

const say = (type: string, data: Record<string, unknown>) => describeEvent({} as View, { type, data });

test('object events name the object: stasis hits, frozen, pushed, removed', () => {
  assert.equal(say('stasis_changed', { object: 'satellite', stasis: 1 }), 'satellite: 1 stasis hit(s)');
  assert.equal(say('frozen', { object: 'satellite' }), 'satellite is frozen');
  assert.equal(say('pushed', { object: 'flag', from: '0304', to: '0305' }), 'flag is pushed 0304 → 0305');
  assert.equal(say('object_removed', { object: 'flag', reason: 'lava' }), 'flag leaves the map (lava)');
  assert.equal(say('object_removed', { object: 'satellite', reason: 'exit:north', with: 'W1' }), 'satellite leaves the map (exit:north, with W1)');
});

test('unit events keep their unit and stasis count', () => {
  assert.equal(say('stasis_changed', { unit: 'W1', stasis: 2 }), 'W1: 2 stasis hit(s)');
  assert.equal(say('frozen', { unit: 'W1', stasis: 3 }), 'W1 is frozen (3 stasis hits)');
  assert.equal(say('pushed', { unit: 'C2', from: '0101', to: '0102' }), 'C2 is pushed 0101 → 0102');
});
