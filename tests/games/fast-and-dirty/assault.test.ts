// Checklist items [core] #28-#31: close assault declaration, reachability and the defensive free
// shot; the victor roll and its modifiers; overrun; kill dice and the fall-back aftermath (§6.10).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, row, squad, tryAct, unitOf } from './helpers.js';
import type { Action } from '../../../src/games/fast-and-dirty/state.js';
import { living } from '../../../src/games/fast-and-dirty/state.js';

/** Regular A1 (5) on y = 5", Conscript B1 (3) on y = 13", both rows from x = 10" at 2.2" spacing. */
function melee(name: string) {
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 5), at: row(1000, 500, 5) },
    { id: 'B1', side: 1, spec: squad('conscript', 3), at: row(1000, 1300, 3) },
  ] });
}
/** Every attacker moves 7" straight north, three of them into base contact. */
const charge: Action = { type: 'assault', target: 'B1', moves: [0, 1, 2, 3, 4].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 220, 1200] as [number, number]] })) };
// Defensive shot: B1 rolls 1,1 -> FE 1 + 1 (3 rifles) = 2: no hit.
const noDefensiveHits = faces(1, 1);

test('#28 declaration and reachability: contact with Move + 4", the defender shoots first from the start positions with no Under Fire (§6.10)', () => {
  const s = melee('declare');
  const short = tryAct(s, { type: 'assault', target: 'B1', moves: [0, 1, 2, 3, 4].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 220, 1150] as [number, number]] })) });
  assert.equal('code' in short && short.code, 'no_contact', 'no accidental assaults: contact is required');
  const r = act(s, charge, [...noDefensiveHits, ...faces(2, 1, 5, 1, 3, 3, 1, 1, 1, 5, 1, 1)]);
  const shot = evOf(r.events, 'shot')[0];
  assert.equal(shot.unit, 'B1');
  assert.equal(shot.defensive, true);
  assert.equal(shot.distance, 700, 'measured before the attackers move (7")');
  assert.equal(unitOf(r.s, 'A1').underFire, false, 'no Under Fire from the free shot');
  assert.equal(unitOf(r.s, 'B1').underFire, false, 'the melee places no markers (A39)');
});

test('#29 victor: 2D6 keep highest + charging, higher Quality +2 per level, outnumbering +1 per extra participant (§6.10 step 5)', () => {
  const r = act(melee('victor'), charge, [...noDefensiveHits, ...faces(2, 1, 5, 1, 3, 3, 1, 1, 1, 5, 1, 1)]);
  const res = evOf(r.events, 'assault_result')[0];
  assert.deepEqual(res.attacker.mods, { charging: 1, outnumbering: 2, quality: 2 });
  assert.equal(res.attacker.score, 7);
  assert.equal(res.defender.score, 5);
  assert.equal(res.outcome, 'attacker');
});

test('#31 kill dice 3+ for the winner, 5+ for the loser, simultaneous; the loser falls back 6" (§6.10 steps 7-8)', () => {
  // Attacker 7 vs 5 (not double): attacker dice 3,3,1,1,1 -> 2 kills; defender 5,1,1 -> 1 kill.
  const before = melee('kills');
  const r = act(before, charge, [...noDefensiveHits, ...faces(2, 1, 5, 1, 3, 3, 1, 1, 1, 5, 1, 1)]);
  assert.deepEqual(evOf(r.events, 'assault_kills')[0], { A1: 1, B1: 2 });
  assert.equal(living(unitOf(r.s, 'A1')).length, 4);
  const b = living(unitOf(r.s, 'B1'));
  assert.equal(b.length, 1);
  assert.equal(evOf(r.events, 'fell_back')[0].unit, 'B1');
  assert.ok(b[0].at[1] > 1300, 'the survivor moved away, north');
});

test('#31 a draw: kill dice 4+ on both sides and both fall back 3", the attacker first (§6.10 step 8)', () => {
  // 1+5 = 6 against 6: a draw. Attacker 4,1,1,1,1 -> 1 kill; defender 4,4,1 -> 2 kills.
  const r = act(melee('draw'), charge, [...noDefensiveHits, ...faces(1, 1, 6, 1, 4, 1, 1, 1, 1, 4, 4, 1)]);
  assert.equal(evOf(r.events, 'assault_result')[0].outcome, 'draw');
  assert.deepEqual(evOf(r.events, 'assault_kills')[0], { A1: 2, B1: 1 });
  assert.deepEqual(evOf(r.events, 'fell_back').map((e) => [e.unit, e.distance]), [['A1', 300], ['B1', 300]]);
});

test('#30 overrun at double or more: the loser is wiped out, each of its figures rolling a 6 inflicts a casualty (§6.10 step 6)', () => {
  // 5+5 = 10 against 5: overrun. Revenge 6,1,1: one casualty on A1.
  const r = act(melee('overrun'), charge, [...noDefensiveHits, ...faces(5, 1, 5, 1, 6, 1, 1)]);
  assert.equal(evOf(r.events, 'overrun')[0].revenge, 1);
  assert.equal(living(unitOf(r.s, 'B1')).length, 0);
  assert.equal(unitOf(r.s, 'B1').out, true);
  assert.equal(living(unitOf(r.s, 'A1')).length, 4);
});
