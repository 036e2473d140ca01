// Leaving a bunker (§7.7, source p.28): "Leaving a bunker is treated the same as disembarking from a
// vehicle." Disembarking (§2.5, as built in rules/transport.ts): the unit is placed within 1"
// of the hull, coherent, and may then fire or close assault but not move further.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, fastAndDirty, squad, tryAct, unitOf } from './helpers.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
// A light bunker x 8-14", y 10-14"; A1 (2 Regulars, bases 0.5" in radius) inside; B1 to the south.
const bunker: Feature = { id: 'bunker', kind: 'area', points: [[800, 1000], [1400, 1000], [1400, 1400], [800, 1400]], move: 'difficult', cover: 'hard', los: 'clear', height: 0, fortification: 'bunkerL', status: 'intact' };
function inBunker(name: string): S {
  return craft({ name, active: 'A1', terrain: [bunker], units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: [[1000, 1200], [1200, 1200]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: [[1000, 2800], [1200, 2800]] },
  ] });
}
type Engage = Extract<Action, { type: 'engage' }>;
const exit = (y1: number, y2 = y1, more: Partial<Engage> = {}): Engage => ({ type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, y1]] }, { fig: 'A1.2', path: [[1200, y2]] }], target: null, fireFirst: false, exitBunker: 'bunker', ...more });

test('Leaving a bunker like disembarking: every figure set down within 1" of the bunker, outside it, coherent (§7.7, §2.5)', () => {
  const s = inBunker('bx-place');
  assert.equal(code(tryAct(s, exit(1460))), undefined, '0.1" from the wall');
  assert.equal(code(tryAct(s, exit(1550))), undefined, 'exactly 1" from the wall');
  assert.equal(code(tryAct(s, exit(1551))), 'not_within_1');
  assert.equal(code(tryAct(s, exit(1300))), 'not_within_1', 'still inside');
  assert.equal(code(tryAct(s, { ...exit(1460), moves: [{ fig: 'A1.1', path: [[1000, 1460]] }] } as Action)), 'not_placed', 'the whole unit leaves');
  assert.equal(code(tryAct(s, { ...exit(1460), moves: [{ fig: 'A1.1', path: [[1000, 1300], [1000, 1460]] }, { fig: 'A1.2', path: [[1200, 1460]] }] } as Action)), 'malformed_action');
  const r = act(s, exit(1460));
  assert.deepEqual(unitOf(r.s, 'A1').figures.map((f) => f.at), [[1000, 1460], [1200, 1460]]);
});

test('Leaving a bunker like disembarking: no ordinary Move or Rush out of it; a move inside it is still a move (§7.7)', () => {
  const s = inBunker('bx-move');
  const out: Action = { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1600]] }, { fig: 'A1.2', path: [[1200, 1600]] }], target: null, fireFirst: true };
  assert.equal(code(tryAct(s, out)), 'bunker_exit');
  assert.equal(code(tryAct(s, { type: 'rush', moves: [{ fig: 'A1.1', path: [[1000, 1600]] }, { fig: 'A1.2', path: [[1200, 1600]] }] })), 'bunker_exit');
  assert.equal(code(tryAct(s, { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1300]] }], target: null, fireFirst: true })), undefined);
  const c = fastAndDirty.candidates(s, 0, decision(s), 10, null as never);
  for (const a of c.actions) assert.equal(code(tryAct(s, a)), undefined, JSON.stringify(a));
});

test('Leaving a bunker like disembarking: the unit may then fire from where it was set down, not first (§7.7, §2.5)', () => {
  const s = inBunker('bx-fire');
  assert.equal(code(tryAct(s, exit(1460, 1460, { target: 'B1', fireFirst: true }))), 'bunker_exit');
  const r = act(s, exit(1460, 1460, { target: 'B1' }), Array(20).fill(2));
  const shot = evOf(r.events, 'shot')[0];
  assert.equal(shot.distance, 2800 - 1460 - 100, 'measured from the new places');
});

const offered = (s: S) => fastAndDirty.candidates(s, s.toAct as 0 | 1, decision(s), 10, null as never).actions;

test('Leaving a bunker like disembarking: the sampled orders set the unit down out of it, also firing from there, each accepted by validate (§7.7, §2.5)', () => {
  const s = inBunker('bx-sampled');
  const acts = offered(s);
  const exits = acts.filter((a) => a.type === 'engage' && a.exitBunker === 'bunker');
  assert.ok(exits.length >= 2, `set-downs out of the bunker are offered: ${JSON.stringify(acts)}`);
  assert.ok(exits.some((a) => a.type === 'engage' && a.target === 'B1' && !a.fireFirst), 'one fires at B1 from where it was set down');
  for (const a of acts) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
});

test('Falling back from a bunker (§6.1, §7.7): the sampled orders end farther from the enemy, a set-down out of the bunker among them, each accepted by validate', () => {
  const s = craft({ name: 'bx-fall', active: 'A1', terrain: [bunker], units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: [[1000, 1200], [1200, 1200]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: [[1000, 2000], [1200, 2000]] },
  ] });
  unitOf(s, 'A1').fallingBack = true;
  const acts = offered(s);
  type P = readonly [number, number];
  const near = (pos: (f: { id: string; at: P }) => P) => Math.min(...unitOf(s, 'A1').figures.flatMap((f) => unitOf(s, 'B1').figures.map((g) => Math.hypot(pos(f)[0] - g.at[0], pos(f)[1] - g.at[1]))));
  const before = near((f) => f.at);
  const exit = acts.find((a) => a.type === 'engage' && a.exitBunker === 'bunker');
  assert.ok(exit, `a set-down out of the bunker, away from B1, is offered: ${JSON.stringify(acts)}`);
  for (const a of acts) {
    assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
    if (a.type !== 'engage') continue;
    const end = new Map(a.moves.map((m) => [m.fig, m.path[m.path.length - 1]]));
    assert.ok(near((f) => end.get(f.id) ?? f.at) > before, `every offered order falls back: ${JSON.stringify(a)}`);
  }
  // A set-down toward the enemy is no fall back.
  assert.equal(code(tryAct(s, exit1(1460))), 'fall_back_not_away');
});
const exit1 = (y: number): Action => ({ type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, y]] }, { fig: 'A1.2', path: [[1200, y]] }], target: null, fireFirst: false, exitBunker: 'bunker' });

// Disembarking (§2.5, p.10): "It IS possible for an infantry squad to disembark into close assault,
// rather than firing." Spec §2.5: "an assault move from the disembark position".
/** A1 in the bunker (top wall y = 14"), B1 13.4" north of its figures: out of a charge's 10" from inside, in reach once set down. */
function chargeScene(name: string): S {
  return craft({ name, active: 'A1', terrain: [bunker], units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: [[1000, 1200], [1200, 1200]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: [[1000, 2640], [1200, 2640]] },
  ] });
}
const chargeOut = (more: Partial<Extract<Action, { type: 'assault' }>> = {}): Action => ({ type: 'assault', target: 'B1', exitBunker: 'bunker', moves: [
  { fig: 'A1.1', path: [[1000, 1550], [1000, 2541]] }, { fig: 'A1.2', path: [[1200, 1550], [1200, 2541]] },
], ...more });

test('A charge out of a bunker is a close assault after disembarking: set down within 1", then Move + 4" from there (§7.7, §2.5 [P])', () => {
  const s = chargeScene('bx-charge');
  assert.equal(fastAndDirty.validate(s, 0, decision(s), chargeOut()), null, 'set down at 1", then 9.91" into contact');
  const plain: Action = { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 2541]] }, { fig: 'A1.2', path: [[1200, 2541]] }] };
  assert.equal(code(tryAct(s, plain)), 'bunker_exit', 'an ordinary charge may not leave the bunker');
  assert.equal(code(tryAct(s, { ...chargeOut(), moves: [{ fig: 'A1.1', path: [[1000, 1560], [1000, 2541]] }, { fig: 'A1.2', path: [[1200, 1550], [1200, 2541]] }] } as Action)), 'not_within_1', 'the set-down point is within 1" of the outline');
  assert.equal(code(tryAct(s, { ...chargeOut(), moves: [{ fig: 'A1.1', path: [[1000, 1550], [1000, 2541]] }] } as Action)), 'not_placed', 'the whole unit leaves');
  assert.equal(code(tryAct(s, chargeOut({ jump: 'bound' }))), 'bunker_exit', 'no jump out of a bunker');
  // From 1" beyond the wall the charge reaches 10" and no farther.
  const far = craft({ name: 'bx-charge-far', active: 'A1', terrain: [bunker], units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: [[1000, 1200], [1200, 1200]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: [[1000, 2680], [1200, 2680]] },
  ] });
  assert.notEqual(fastAndDirty.validate(far, 0, decision(far), { ...chargeOut(), moves: [{ fig: 'A1.1', path: [[1000, 1550], [1000, 2581]] }, { fig: 'A1.2', path: [[1200, 1550], [1200, 2581]] }] } as Action), null, '10.31" beyond the set-down point is too far');
  // Played: set down first, then the charge; the defender's free shot from where the chargers were set down.
  const r = act(s, chargeOut(), Array(80).fill(2));
  const moved = evOf(r.events, 'moved');
  assert.deepEqual(moved[0].to, { 'A1.1': [1000, 1550], 'A1.2': [1200, 1550] }, 'set down first');
  assert.equal(evOf(r.events, 'assault_declared')[0].target, 'B1');
  const free = evOf(r.events, 'shot').find((e) => e.unit === 'B1' && e.defensive);
  assert.equal(free?.distance, 2640 - 1550 - 100, 'the free shot measured from the set-down places');
  assert.ok(evOf(r.events, 'assault_result').length === 1, 'the close assault is fought');
});

test('A charge out of a bunker: the sampled orders include one, set down toward the enemy, each accepted by validate (§7.7, §2.5 [P])', () => {
  const s = chargeScene('bx-charge-sampled');
  const acts = offered(s);
  const charges = acts.filter((a) => a.type === 'assault');
  assert.ok(charges.length >= 1 && charges.every((a) => a.type === 'assault' && a.exitBunker === 'bunker'), `a charge out of the bunker is offered, none without the set-down: ${JSON.stringify(charges)}`);
  for (const a of acts) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
});

test('Falling back from a bunker with no way away (§6.1 [P], §7.7): no set-down spot is free and no move ends farther, so the unit stays; hold is offered and legal', () => {
  const wall = (id: string, x0: number, y0: number, x1: number, y1: number): Feature => ({ id, kind: 'area', points: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], move: 'impassable', cover: 'none', los: 'clear', height: 0 });
  // Impassable ground 2" deep all round the bunker; A1 against its south wall, B1 north.
  const s = craft({ name: 'bx-fall-blocked', active: 'A1', terrain: [bunker, wall('s', 600, 800, 1600, 1000), wall('w', 600, 1000, 800, 1600), wall('e', 1400, 1000, 1600, 1600), wall('n', 800, 1400, 1400, 1600)], units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: [[1000, 1060], [1200, 1060]] },
    { id: 'B1', side: 1, spec: squad('regular', 2), at: [[1000, 2400], [1200, 2400]] },
  ] });
  unitOf(s, 'A1').fallingBack = true;
  const acts = offered(s);
  assert.ok(!acts.some((a) => a.type === 'engage' && a.exitBunker), 'no free set-down spot');
  assert.ok(acts.some((a) => a.type === 'engage' && !a.moves.length && a.target === null), `hold is offered: ${JSON.stringify(acts)}`);
  for (const a of acts) assert.equal(fastAndDirty.validate(s, 0, decision(s), a), null, JSON.stringify(a));
});

test('Leaving a bunker: choices asks for exitBunker among the sampled orders, so a client going field by field can build the set-down (§7.7)', () => {
  const s = inBunker('bx-choices');
  const c = fastAndDirty.choices!(s, 0, decision(s), { type: 'engage', target: null, fireFirst: false }) as { field?: string; oneOf?: { value: unknown }[] };
  assert.equal(c.field, 'exitBunker');
  assert.deepEqual(c.oneOf?.map((o) => o.value), ['bunker']);
  const charge = chargeScene('bx-choices-charge');
  const a = fastAndDirty.choices!(charge, 0, decision(charge), { type: 'assault', target: 'B1' }) as { field?: string; oneOf?: { value: unknown }[] };
  assert.equal(a.field, 'exitBunker', 'the charge out of the bunker too');
});
