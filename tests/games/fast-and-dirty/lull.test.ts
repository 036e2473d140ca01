// Checklist item #69, Lull in the fight (§7.14, source p.33): when both initiative dice come up 1,
// units within 12" of the enemy withdraw at least a basic move, wounded roll to recover, stabilized
// wounded may go to the rear, lost indirect-fire assets come back on 5+, units recover a lost
// support weapon on 6, troops out of enemy LOS may hide, then initiative is rolled again. The
// withdrawals and the hiding are the players' decisions (defaults: the automatic withdrawals, no hiding).
// Dice are scripted by value: face = value + 1 (`faces` converts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, seats, squad, tryAct, unitOf } from './helpers.js';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { living, type Action, type Feature, type S } from '../../../src/games/fast-and-dirty/state.js';
import { isViolation, type GameEvent } from '../../../src/engine/types.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';

/** Turn 1 ends when A1 holds: A1 (5 rifles + SAW, A1.5 wounded, the SAW gunner dead) 10" from B1; A2 far off. */
function table(name: string, options: Record<string, unknown> = { lull: true, recoverWounded: true, artillery: { 0: ['lightMortar'] } }): S {
  const s = craft({ name, active: 'A1', options, units: [
    { id: 'A1', side: 0, spec: squad('regular', 5, { support: 'saw' }), at: row(1000, 1000, 6) },
    { id: 'A2', side: 0, spec: squad('regular', 2), at: row(4000, 100, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 2000, 5) },
  ] });
  const a1 = unitOf(s, 'A1');
  a1.figures[4].alive = false; a1.figures[4].wounded = 'wounded';
  a1.figures[5].alive = false;
  const b1 = unitOf(s, 'B1');
  b1.figures[4].alive = false; b1.figures[4].wounded = 'stabilized';
  unitOf(s, 'A2').activated = true;
  b1.activated = true;
  s.initiative = { winner: 1, rolls: [2, 5] };
  if (s.artillery[0]) s.artillery[0].lost = true;
  return s;
}

/** Answers the lull's open decisions with the defaults; only the last answer rolls dice (recoveries, initiative), so each gets them all. */
function defaults(s0: S, dice: number[]): { s: S; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  for (let i = 0; s.phase === 'lull' && i < 50; i++) {
    const r = act(s, fastAndDirty.defaultAction(s, decision(s)) as Action, dice);
    s = r.s;
    events.push(...r.events);
  }
  return { s, events };
}

test('#69 Lull in the fight: both initiative dice 1: withdrawals within 12" (by default automatic), recovery rolls, stabilized to the rear, lost assets back on 5+, a lost support weapon on 6, then initiative again (§7.14)', () => {
  const s = table('lull');
  const yA = unitOf(s, 'A1').figures[0].at[1], yB = unitOf(s, 'B1').figures[0].at[1];
  // Initiative 1 1: the lull, and the withdrawal decisions, the last winner (side 1) first.
  const l = act(s, hold, faces(1, 1));
  assert.equal(evOf(l.events, 'lull').length, 1);
  const d = decision(l.s);
  assert.equal(d.kind, 'withdraw');
  assert.equal(d.seat, 1);
  assert.deepEqual(d.exposes, { must: ['B1'], may: [] });
  assert.deepEqual(fastAndDirty.defaultAction(l.s, d), { type: 'withdraw', unit: 'B1', moves: [] }, 'the default: the automatic withdrawal');
  // Then A1.5's recovery 5 (stabilized, then to the rear); asset 5 (back); SAW 6 (recovered); initiative again 4 2.
  const r = defaults(l.s, faces(5, 5, 6, 4, 2));
  const fell = evOf(r.events, 'fell_back');
  assert.deepEqual(fell.map((f) => f.unit), ['B1', 'A1'], 'the last initiative winner withdraws first; A2, farther than 12", stays by default');
  assert.equal(evOf(r.events, 'withdrawals_passed').length, 1, 'side 0 declines A2\'s optional withdrawal');
  assert.ok(unitOf(r.s, 'A1').figures[0].at[1] < yA, 'A1 withdrew away from B1');
  assert.ok(unitOf(r.s, 'B1').figures[0].at[1] > yB, 'B1 withdrew away from A1');
  assert.deepEqual(unitOf(r.s, 'A2').figures[0].at, [4000, 100]);
  assert.equal(evOf(r.events, 'recovery')[0].figure, 'A1.5');
  assert.deepEqual(evOf(r.events, 'wounded_to_rear').map((e) => e.figure), ['A1.5', 'B1.5']);
  assert.equal(unitOf(r.s, 'B1').figures[4].exited, true);
  assert.equal(r.s.artillery[0].lost, false);
  const w = evOf(r.events, 'weapon_recovered')[0];
  assert.equal(w.weapon, 'saw');
  assert.equal(unitOf(r.s, 'A1').figures.find((f) => f.id === w.figure)!.support, true);
  // the weapons swap: the fallen operator is left with the bearer's small arm, not an unmanned SAW
  const fallen = unitOf(r.s, 'A1').figures.find((f) => f.id === w.from)!;
  assert.equal(fallen.support, false);
  assert.notEqual(fallen.weapon, 'saw');
  assert.equal(unitOf(r.s, 'A1').figures.filter((f) => f.weapon === 'saw').length, unitOf(l.s, 'A1').figures.filter((f) => f.weapon === 'saw').length, 'no weapon made or lost');
  assert.deepEqual(r.s.initiative!.rolls, [4, 2]);
  assert.equal(r.s.phase, 'initiative');
  assert.equal(r.s.lull, undefined);
  // Misses: asset 4 stays lost, SAW 5 stays lost.
  const m = defaults(act(table('lull-miss'), hold, faces(1, 1)).s, faces(5, 4, 5, 4, 2));
  assert.equal(m.s.artillery[0].lost, true);
  assert.equal(evOf(m.events, 'weapon_recovered').length, 0);
});

test('#69 Lull in the fight: the withdrawals are the players\' decisions: own paths ending farther from the enemy, units within 12" first and compulsory, units beyond 12" may withdraw too (§7.14)', () => {
  const l = act(table('lull-choice'), hold, faces(1, 1)).s;
  const code = (s: S, a: object) => (tryAct(s, { type: 'withdraw', moves: [], ...a } as unknown as Action) as { code?: string }).code;
  assert.equal(code(l, { unit: null }), 'must_withdraw', 'B1 is within 12": side 1 may not pass');
  assert.equal(code(l, { unit: 'A1' }), 'not_withdrawing', 'not side 1\'s unit');
  const b1 = unitOf(l, 'B1');
  const path = (dy: number) => living(b1).map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + dy]] as Pt[] }));
  assert.equal(code(l, { unit: 'B1', moves: path(-300) }), 'withdraw_not_away', 'towards A1');
  assert.equal(code(l, { unit: 'B1', moves: path(700) }), 'beyond_allowance', 'a Move is 6"');
  const b = act(l, { type: 'withdraw', unit: 'B1', moves: path(300) });
  assert.deepEqual(unitOf(b.s, 'B1').figures[0].at, [1000, 2300], 'its own 3" path');
  assert.deepEqual(evOf(b.events, 'withdrew').map((e) => e.unit), ['B1']);
  assert.equal(decision(b.s).seat, 0);
  assert.deepEqual(decision(b.s).exposes, { must: ['A1'], may: ['A2'] });
  assert.equal(code(b.s, { unit: null }), 'must_withdraw', 'A1 first');
  const a = act(b.s, { type: 'withdraw', unit: 'A1', moves: [] });
  assert.equal(evOf(a.events, 'fell_back')[0].unit, 'A1', 'no moves: the automatic withdrawal');
  // Side 1 has nothing left; side 0 may still withdraw A2 (beyond 12"), away from B1.
  assert.equal(decision(a.s).seat, 0);
  assert.deepEqual(decision(a.s).exposes, { must: [], may: ['A2'] });
  const a2 = unitOf(a.s, 'A2');
  const out = act(a.s, { type: 'withdraw', unit: 'A2', moves: living(a2).map((f) => ({ fig: f.id, path: [[f.at[0] + 300, f.at[1]]] as Pt[] })) }, faces(5, 5, 6, 4, 2));
  assert.deepEqual(unitOf(out.s, 'A2').figures[0].at, [4300, 100]);
  assert.equal(out.s.phase, 'initiative', 'every unit has withdrawn: the lull goes on to the rolls and initiative');
});

test('#69 Lull in the fight with Hidden movement: units outside every enemy figure\'s LOS may go hidden with no roll; the default hides none (§7.14, §7.10)', () => {
  const wall: Feature = { id: 'blk', kind: 'structure', points: [[3000, 0], [3400, 0], [3400, 3000], [3000, 3000]], move: 'impassable', cover: 'hard', los: 'block', height: 400 };
  const mk = () => craft({ name: 'lull-hide', active: 'A1', options: { lull: true, hiddenMovement: true }, terrain: [wall], units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 1000, 3) },
    { id: 'A2', side: 0, spec: squad('regular', 2), at: row(4000, 300, 2) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
  ] });
  const prep = (s: S) => { unitOf(s, 'A2').activated = true; unitOf(s, 'B1').activated = true; s.initiative = { winner: 1, rolls: [2, 5] }; return s; };
  let s = act(prep(mk()), hold, faces(1, 1)).s;
  for (let i = 0; s.phase === 'lull' && decision(s).kind === 'withdraw'; i++) s = act(s, fastAndDirty.defaultAction(s, decision(s)) as Action).s;
  const d = decision(s);
  assert.equal(d.kind, 'lullHide', 'side 1 has no unit out of LOS: side 0 decides');
  assert.equal(d.seat, 0);
  assert.deepEqual(d.exposes, { eligible: ['A2'] }, 'A1 is in B1\'s sight, A2 behind the block');
  assert.deepEqual(fastAndDirty.defaultAction(s, d), { type: 'lullHide', units: [] });
  assert.equal((tryAct(s, { type: 'lullHide', units: ['A1'] }) as { code?: string }).code, 'cannot_hide');
  const h = act(s, { type: 'lullHide', units: ['A2'] }, faces(4, 2));
  assert.equal(unitOf(h.s, 'A2').hidden!.markers.length, 3, 'hidden as 3 markers');
  assert.deepEqual(evOf(h.events, 'dice_rolled').map((e) => e.purpose), ['initiative', 'initiative'], 'no hide roll');
  assert.equal(h.s.phase, 'initiative');
  const none = act(s, { type: 'lullHide', units: [] }, faces(4, 2));
  assert.equal(unitOf(none.s, 'A2').hidden ?? null, null);
  // Without the module there is no hiding decision.
  const plain = mk();
  plain.options.hiddenMovement = false;
  let p = act(prep(plain), hold, faces(1, 1)).s;
  for (let i = 0; p.phase === 'lull' && i < 20; i++) p = act(p, fastAndDirty.defaultAction(p, decision(p)) as Action, faces(4, 2)).s;
  assert.equal(p.phase, 'initiative');
});

test('#69 without the module, 1 against 1 is a tie that is simply re-rolled (§5.1)', () => {
  const r = act(table('lull-off', { recoverWounded: true }), hold, faces(1, 1, 4, 2));
  assert.equal(evOf(r.events, 'lull').length, 0);
  assert.equal(evOf(r.events, 'fell_back').length, 0);
  assert.deepEqual(r.s.initiative!.rolls, [4, 2]);
});

test('#69 kernel conformance of a random game with the Lull module, Hidden movement and Recover Wounded (a seed that meets two lulls)', () => {
  const seen: string[] = [];
  const rs = { ...fastAndDirty, apply: (...args: Parameters<typeof fastAndDirty.apply>) => {
    const r = fastAndDirty.apply(...args);
    if (!isViolation(r)) for (const e of r.events) if (e.type === 'lull') seen.push(e.type);
    return r;
  } };
  const r = checkPlayout(rs, 'firefight', seats, 'fad-lull-12', 3000, { lull: true, hiddenMovement: true, recoverWounded: true, turnLimit: 8 });
  assert.deepEqual(r.problems, []);
  assert.ok(r.ended);
  assert.ok(seen.length >= 1, 'the seed meets a lull');
});
