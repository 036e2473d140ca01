// Checklist items [core] #35 (Targetable Objects with hit thresholds within a single Turn) and
// [full] #65 (Event Box effects beyond VP): the sample Event of the source, "Agent, It seems you
// triggered a trap that put force fields on the doors and stairs. You will have to destroy the
// generator on the roof to bring them down. Place a OM on the top most Level of this building.
// Until the OM is destroyed, Agents cannot leave or enter the room. The OM takes 2 Hits to
// destroy." (L1837-1839); "Targetable Objects will specify how many Hits are necessary to destroy
// the Object. All the Hits must be inflicted in a single Turn." (L927). Content: M5's MAYHEM Event
// Card 2 (provisional): OM 5 on the tower roof (14,3,3), 2 Hits, locking the tower's ground floor
// (Inside Area of 13-16,2-5, Level 1) to MAYHEM.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { drawEventDeck } from '../../../src/games/agents-of-mayhem/rules/events.js';
import { reachAll } from '../../../src/games/agents-of-mayhem/geometry.js';
import { dashSpaces } from '../../../src/games/agents-of-mayhem/rules/combat.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import type { GameEvent } from '../../../src/engine/types.js';
import { activeBoard, answer, ev, fresh, only, refused, until } from './helpers.js';

const ROOM = ['13', '14', '15', '16'].flatMap((x) => ['2', '3', '4', '5'].map((y) => `${x},${y},1`));

/** M5 with the MAYHEM Event Card 2 drawn from the Event deck at the start of Round 2 (scripted pick), then the given units placed and `board` activated. */
function generator(at: Record<string, string>, board: string): { s: S; placed: GameEvent[] } {
  const s = fresh('M5');
  s.round = 2;
  const placed: GameEvent[] = [];
  drawEventDeck(s, scriptedRng([2]), placed);
  return { s: activeBoard(only(s, at), board), placed };
}
const pistols = { type: 'act' as const, unit: 'fortune', action: 'pistols', target: '14,3,3' };

test('#35 a Targetable OM: the sample Event\'s generator takes 2 Hits to destroy; it is attacked like an object (its own roll); destroyed, it leaves the map', () => {
  const { s, placed } = generator({ fortune: '14,4,3', babylon: '0,7,1' }, 'fortune');
  assert.deepEqual(s.oms.find((o) => o.id === '5'), { id: '5', at: '14,3,3', control: 'LEGION', hits: 2, lock: { side: 'MAYHEM', room: 'in:2:1' } });
  assert.deepEqual(placed.find((x) => x.type === 'om_placed')!.data, { om: '5', at: '14,3,3', control: 'LEGION', hits: 2, lock: { side: 'MAYHEM', room: 'in:2:1' } });
  // Fortune's Dual Energy Pistols (red band, 2 d12) at the empty OM space: H and S, one Hit.
  let st = answer(s, pistols, [5, 11]);
  assert.deepEqual(ev(st, 'om_hit'), [{ om: '5', at: '14,3,3', hits: 1, total: 1, of: 2 }]);
  assert.ok(st.s.oms.some((o) => o.id === '5'), 'one Hit is not enough');
  // Two Hits in one roll: destroyed.
  st = answer(generator({ fortune: '14,4,3', babylon: '0,7,1' }, 'fortune').s, pistols, [5, 6]);
  assert.deepEqual(ev(st, 'om_destroyed'), [{ om: '5', at: '14,3,3', unlocked: { side: 'MAYHEM', room: 'in:2:1' } }]);
  assert.ok(!st.s.oms.some((o) => o.id === '5'), 'off the map: no control, no VP');
  // A space with no Targetable object and no enemy is no target (the OM gone).
  assert.equal(refused(generator({ fortune: '14,4,3', babylon: '0,7,1' }, 'fortune').s, { ...pistols, target: '15,3,3' }).code, 'no_enemy');
  // A mission's own OM (no Hit threshold) is no target either.
  const plain = activeBoard(only(fresh('M5'), { fortune: '14,4,3', babylon: '0,7,1' }), 'fortune');
  assert.equal(refused(plain, pistols).code, 'no_enemy', 'before the Event no OM stands there');
});

test('#35 all the Hits in a single Turn: a Hit from an earlier Turn does not count towards the 2', () => {
  let st = answer(generator({ fortune: '14,4,3', babylon: '0,7,1' }, 'fortune').s, pistols, [5, 11]);
  assert.equal(st.s.objectHits?.['om:5'], 1);
  st = answer(st.s, { type: 'end' });
  st = until(st.s, (x) => x.side === 'LEGION');
  assert.equal(st.s.objectHits?.['om:5'], undefined, 'the count is reset at the end of the Turn');
  const again = activeBoard(st.s, 'fortune');
  again.units.fortune.at = '14,4,3';
  const hit = answer(again, pistols, [5, 11]);
  assert.deepEqual(ev(hit, 'om_hit'), [{ om: '5', at: '14,3,3', hits: 1, total: 1, of: 2 }]);
  assert.ok(hit.s.oms.some((o) => o.id === '5'), 'standing: 1 Hit this Turn');
});

test('#65 Event Box beyond VP, the room lock: until the generator is destroyed MAYHEM units cannot leave or enter the tower\'s ground floor (doors and stairs); LEGION units can; destroyed, the lock is lifted', () => {
  const { s } = generator({ hardtack: '14,3,1', hollywood: '12,3,1', fortune: '14,4,3', 'shock-1': '15,3,1', babylon: '0,7,1' }, 'hardtack');
  const inside = [...reachAll(s, s.units.hardtack, 12).keys()];
  assert.ok(inside.length > 1 && inside.every((k) => ROOM.includes(k)), `Hardtack stays in the room: ${inside.join(' ')}`);
  const outside = [...reachAll(s, s.units.hollywood, 12).keys()];
  assert.ok(outside.length > 1 && outside.every((k) => !ROOM.includes(k)), 'Hollywood cannot enter it');
  assert.ok([...reachAll(s, s.units['shock-1'], 12).keys()].some((k) => !ROOM.includes(k)), 'LEGION units come and go');
  // The stairs (13,2,1 up to 13,2,2) are closed too, to a move and to a Dash.
  const stairs = structuredClone(s);
  stairs.units.hardtack.at = '13,2,1';
  assert.ok(!reachAll(stairs, stairs.units.hardtack, 12).has('13,2,2'));
  assert.ok(!dashSpaces(stairs, stairs.units.hardtack).includes('13,2,2'));
  const free = structuredClone(stairs);
  free.oms = free.oms.filter((o) => o.id !== '5');
  assert.ok(dashSpaces(free, free.units.hardtack).includes('13,2,2'), 'without the generator the stairs are open');
  // Through the action: Hardtack's move out of the room is refused.
  const out = [...reachAll(free, free.units.hardtack, 12).keys()].find((k) => !ROOM.includes(k))!;
  assert.ok(out);
  const st = answer(s, { type: 'act', unit: 'hardtack', action: 'sprint' });
  assert.equal(st.s.slots[0].mp?.unit, 'hardtack');
  assert.equal(refused(st.s, { type: 'move', unit: 'hardtack', to: out, facing: 'N' }).code, 'unreachable');
  // Destroyed by Fortune (2 Hits), the lock is lifted at once.
  const d = generator({ hardtack: '14,3,1', fortune: '14,4,3', babylon: '0,7,1' }, 'fortune');
  const gone = answer(d.s, pistols, [5, 6]);
  assert.ok([...reachAll(gone.s, gone.s.units.hardtack, 12).keys()].some((k) => !ROOM.includes(k)));
});
