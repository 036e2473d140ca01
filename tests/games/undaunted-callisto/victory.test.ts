// Undaunted 2200: Callisto, whose victory counts when both factions meet an objective at once
// (G-29: the acting faction wins), read directly: the acting faction is the attacker's while a
// combat action resolves (an area attack's strikes included), else the seat taking its turn,
// else (the bid) the initiative holder. A finished game is not decided again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actingFaction, checkWin, Run, victoryMet } from '../../../src/games/undaunted-callisto/rules.js';
import { mapOf } from '../../../src/games/undaunted-callisto/geometry.js';
import type { S } from '../../../src/games/undaunted-callisto/state.js';
import { start } from './helpers.js';

const c = (seat: number) => ({ seat, unit: 'x', def: { kind: 'ATTACK' as const, value: 1, targets: ['personnel' as const] }, from: 'C', id: 1 });
const state = (fn: (s: S) => void): S => { const s = structuredClone(start().s); fn(s); return s; };

test('the acting faction: the attacker while its action resolves, else the seat to play, else the initiative', () => {
  // 2 players: seat 0 the Breakers, seat 1 the LFA; the scenario's initiative is given.
  const base = start().s;
  assert.equal(base.seats[0].faction, 'breakers');
  assert.equal(actingFaction(state((s) => { s.phase = 'turns'; s.order = [0, 1]; s.turn = 0; s.stack = [{ t: 'area', c: c(1), remaining: [] }]; })), 'lfa', 'an area attack by seat 1');
  assert.equal(actingFaction(state((s) => { s.phase = 'turns'; s.order = [1, 0]; s.turn = 0; s.stack = [{ t: 'strike', c: c(0), target: 'y' }]; })), 'breakers', 'a strike by seat 0');
  assert.equal(actingFaction(state((s) => { s.phase = 'turns'; s.order = [1, 0]; s.turn = 0; s.stack = [{ t: 'push', id: 1, seat: 0, unit: 'y' }]; })), 'lfa', 'another frame: the seat to play');
  assert.equal(actingFaction(state((s) => { s.phase = 'turns'; s.order = [1, 0]; s.turn = 1; s.stack = []; })), 'breakers', 'the second seat\'s turn');
  assert.equal(actingFaction(state((s) => { s.phase = 'turns'; s.order = [0, 1]; s.turn = 1; s.stack = []; })), 'lfa');
  assert.equal(actingFaction(state((s) => { s.phase = 'turns'; s.order = [1, 0]; s.turn = 2; s.stack = []; })), 'breakers', 'past the last turn: the last seat');
  for (const initiative of ['lfa', 'breakers'] as const) {
    assert.equal(actingFaction(state((s) => { s.phase = 'bid'; s.order = [0, 1]; s.turn = 0; s.initiative = initiative; s.stack = []; })), initiative, 'the bid');
    assert.equal(actingFaction(state((s) => { s.phase = 'turns'; s.order = []; s.turn = 0; s.initiative = initiative; s.stack = []; })), initiative, 'no order');
  }
});

test('a finished game is not decided again', () => {
  // The Breakers control every space (their objective points are met), but the game was over.
  const s = state((x) => { x.result = { winners: [0], draw: false, reason: 'earlier' }; });
  for (const sp of mapOf(s).def.spaces) s.markers[sp.id] = { breakers: 'controlled' };
  assert.ok(victoryMet(s, 'breakers'), 'the Breakers\' objective is met');
  const run = new Run(null);
  checkWin(s, run, 'lfa');
  assert.deepEqual(s.result, { winners: [0], draw: false, reason: 'earlier' });
  assert.deepEqual(run.ev, []);
});
