// Checklist item #102 (expanded card sequence, the Reaction card, §5.1): "any opposing unit may react
// to its activation by either firing upon it, taking a normal move directly towards it, towards
// cover or directly away" [S p.5]. A vehicle is such a unit; its normal move is a drive (§2.5, §6.3),
// [P] at Cautious speed (its Engage the Enemy move, §5.3), without fire, not a figure's 6" Move.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newDeck } from '../../../src/engine/mech/deck.js';
import { buildVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import { act, craft, decision, evOf, fastAndDirty, hold, localRng, row, squad, tryAct, unitOf } from './helpers.js';

/** A1 acts and holds; the deck then gives the Reaction card and B1's card: side 0 may react to B1 with A1 or the vehicle V. */
function reacting(name: string, type = 'lightTank', terrain: Feature[] = []): S {
  const s = craft({ name, active: 'A1', terrain, options: { cardSequence: 'expanded' }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 1500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1900, 3000, 3) },
  ] });
  const v = buildVehicle({ name: 'V', vehicle: type, quality: 'regular' }, 'V', 0, [2000, 1000]);
  v.vehicle!.heading = 0;
  s.units.push(v);
  s.cards = { deck: newDeck(['reaction', 'unit:B1']), drawn: null, last: 0, cooler: null };
  const r = act(s, hold, [0, 0]);
  assert.equal(decision(r.s).kind, 'react', 'the Reaction card opens the reaction to B1');
  return r.s;
}
const react = (path: [number, number][], heading?: number): Action => ({ type: 'react', unit: 'V', moves: [{ fig: 'V.1', path }], ...(heading === undefined ? {} : { heading }) });
const code = (r: unknown) => (r as { code?: string }).code ?? null;

test('#102 Reaction card: a vehicle reacts with a normal move, a Cautious drive without fire, up to its Cautious allowance, and keeps its activation (§5.1, §2.5)', () => {
  const s = reacting('vr-move');
  assert.ok((decision(s).exposes as { eligible: string[] }).eligible.includes('V'), 'the vehicle has LOS to B1 and may react');
  // 10" straight at B1: beyond a figure's 6" Move, within the light tank's 12" Cautious speed.
  const r = act(s, react([[2000, 2000]]));
  assert.deepEqual(unitOf(r.s, 'V').figures[0].at, [2000, 2000], 'the hull centre ends where the path ends');
  assert.equal(unitOf(r.s, 'V').vehicle!.heading, 0, 'by default it ends facing along its leg (towards +y)');
  assert.equal(evOf(r.events, 'shot').length, 0, 'a reaction move is made without fire');
  assert.equal(evOf(r.events, 'moved')[0].speed, 'cautious', 'driven at Cautious speed');
  assert.equal(unitOf(r.s, 'V').activated, false, 'the reacting vehicle keeps its own activation');
  assert.equal(decision(r.s).kind, 'activate', 'then the drawn unit activates');
  assert.equal(decision(r.s).seat, 1, 'B1\'s side activates it');
  // Pivots are free: the given heading.
  assert.equal(unitOf(act(s, react([[2000, 1800]], 9000)).s, 'V').vehicle!.heading, 9000, 'the given final heading');
  assert.equal(code(tryAct(s, react([[2000, 2250]]))), 'beyond_allowance', '12.5" is beyond the 12" Cautious speed');
});

test('#102 Reaction card: a vehicle\'s reaction move goes directly towards the drawn unit, to cover or directly away, under the drive\'s rules (§5.1, §2.5, §6.3)', () => {
  const s = reacting('vr-rules');
  // B1's nearest figure is at (1900, 3000): from (1800, 1000) the hull centre is exactly as far as from (2000, 1000).
  assert.equal(code(tryAct(s, react([[1800, 1000]]))), 'reaction_move', 'neither nearer, nor farther, nor to better cover');
  assert.equal(code(tryAct(s, react([[2000, 600]], 0))), null, 'backing directly away, still facing B1');
  assert.equal(code(tryAct(s, { type: 'react', unit: 'V', moves: [{ fig: 'V.1', path: [[2000, 1600]] }, { fig: 'A1.1', path: [[1000, 1700]] }] })), 'bad_path', 'one path, of the hull figure');
  assert.equal(code(tryAct(s, { type: 'react', unit: 'A1', moves: [{ fig: 'A1.1', path: [[1000, 1700]] }, { fig: 'A1.2', path: [[1220, 1700]] }, { fig: 'A1.3', path: [[1440, 1700]] }], heading: 0 })), 'malformed_action', 'a heading is a vehicle\'s');
  // A Wheeled vehicle never enters difficult ground (§2.5): woods beside it, farther from B1.
  const woods: Feature = { id: 'woods', kind: 'area', points: [[2300, 700], [3300, 700], [3300, 1600], [2300, 1600]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 500 };
  const car = reacting('vr-wheel', 'scoutCar', [woods]);
  assert.equal(code(tryAct(car, react([[2700, 1000]], 0))), 'terrain_restricted', 'a scout car does not drive into the woods');
  // An immobilized vehicle may still fire, not move (§6.6).
  const stuck = reacting('vr-stuck');
  unitOf(stuck, 'V').vehicle!.immobilized = true;
  assert.equal(code(tryAct(stuck, react([[2000, 1600]]))), 'immobilized', 'an immobilized vehicle cannot move');
  assert.equal(code(tryAct(stuck, { type: 'react', unit: 'V', moves: [] })), null, 'but may still fire in reaction');
  assert.ok(!fastAndDirty.candidates(stuck, 0, decision(stuck), 50, localRng('st')).actions.some((a) => a.type === 'react' && a.unit === 'V' && a.moves.length), 'no sampled move for an immobilized vehicle');
});

test('#102 Reaction card: the sampled answers include a vehicle\'s reaction moves (towards the drawn unit and away), each accepted by validate and playable (§5.1)', () => {
  const s = reacting('vr-cand');
  const all = fastAndDirty.candidates(s, 0, decision(s), 50, localRng('vr'));
  const moves = all.actions.filter((a) => a.type === 'react' && a.unit === 'V' && a.moves.length) as Extract<Action, { type: 'react' }>[];
  assert.ok(moves.length >= 2, `the vehicle's reaction moves are offered, towards B1 and away: ${JSON.stringify(all.actions)}`);
  for (const a of all.actions) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
  for (const a of moves) {
    const r = act(s, a);
    assert.deepEqual(unitOf(r.s, 'V').figures[0].at, a.moves[0].path[0], `the vehicle drove where the sample says: ${JSON.stringify(a)}`);
    assert.equal(decision(r.s).seat, 1, 'then B1 activates');
  }
});
