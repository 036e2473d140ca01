// Checklist items [full] #65 (the Area and Hack triggers of Event Markers) and #64 (Hack actions
// on objects other than DDDs), spec 7.9-7.10 (L1766-1858), on Mission 4: a LEGION Area marker
// inside the tower on 14,3,1 (Tile 2's Inside Area on Level 1), a hackable MAYHEM marker on 4,6,1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { activeBoard, answer, cands, ev, fresh, only, refused, rs } from './helpers.js';


test('#65 Area trigger: a unit of the marker\'s Side moving into the Inside Area holding it triggers it; entering its Tile outside the Area does not', () => {
  // Outside on Tile 2 (12,2,1 → 12,6,1): the Tile trigger would not apply (same Tile) and the Area is not entered.
  const s = activeBoard(only(fresh('M4'), { 'swarm-1': '12,2,1', fortune: '0,7,1' }), 'alpha');
  let st = answer(s, { type: 'act', unit: 'swarm-1', action: 'charge' });
  const outside = answer(st.s, { type: 'move', unit: 'swarm-1', to: '12,5,1', facing: 'S' });
  assert.equal(ev(outside, 'event_triggered').length, 0);
  assert.equal(outside.s.eventMarkers!.length, 2);
  // Through the west Opening (13,3,1) into the tower: the LEGION Area marker triggers.
  st = answer(st.s, { type: 'move', unit: 'swarm-1', to: '13,3,1', facing: 'E' });
  const t = ev(st, 'event_triggered')[0];
  assert.deepEqual([t.marker, t.at, t.book, t.by], ['LEGION', '14,3,1', 'LEGION', 'swarm-1']);
  assert.deepEqual(st.s.eventMarkers!.map((m) => m.side), ['MAYHEM']);
  assert.equal(st.s.explosions!.placed.filter((m) => m.at === '14,3,1').length, 1, 'Lockdown: a face-down Explosion marker');
  // A MAYHEM unit entering the Area does not trigger a LEGION marker.
  const m = activeBoard(only(fresh('M4'), { fortune: '12,3,1', babylon: '0,7,1' }), 'fortune');
  const mv = answer(answer(m, { type: 'act', unit: 'fortune', action: 'sprint' }).s, { type: 'move', unit: 'fortune', to: '13,3,1', facing: 'E' });
  assert.equal(ev(mv, 'event_triggered').length, 0);
});

test('#65 #64 Hack trigger: an Elite of the marker\'s Side within 1 space on its Level Hacks it (Add-on, white dice, Y per die, 1 Hit); success triggers the Event, failure keeps the marker', () => {
  const s = activeBoard(only(fresh('M4'), { hardtack: '5,7,1', babylon: '17,7,1' }), 'hardtack');
  assert.deepEqual(cands(s).filter((a) => a.type === 'hack' && a.marker), [
    { type: 'hack', unit: 'hardtack', marker: '4,6,1', dice: 1 }, { type: 'hack', unit: 'hardtack', marker: '4,6,1', dice: 2 },
  ], 'Focus 2: two dice at most');
  assert.equal(refused(s, { type: 'hack', unit: 'hardtack', marker: '4,6,1', dice: 3 }).code, 'cannot_pay');
  assert.equal(refused(s, { type: 'hack', unit: 'hardtack', marker: '4,6,1', ddd: 'gravity', dice: 1 }).code, 'bad_hack');
  // White face 2 (P): no Hit: failure, the Add-on and the cube are spent, the marker stays.
  let st = answer(s, { type: 'hack', unit: 'hardtack', marker: '4,6,1', dice: 1 }, [2]);
  assert.equal(ev(st, 'hacked')[0].success, false);
  assert.equal(st.s.eventMarkers!.length, 2);
  assert.equal(st.s.boards.hardtack.cubes.focus, 1);
  assert.equal(refused(st.s, { type: 'hack', unit: 'hardtack', marker: '4,6,1', dice: 1 }).code, 'addon_used');
  // White face 1 (H): exactly 1 Hit: the MAYHEM book's Box 1 resolves (1 VP) and the marker goes.
  st = answer(s, { type: 'hack', unit: 'hardtack', marker: '4,6,1', dice: 1 }, [1]);
  assert.equal(ev(st, 'hacked')[0].success, true);
  assert.deepEqual(ev(st, 'event_triggered')[0].book, 'MAYHEM');
  assert.equal(st.s.vp.MAYHEM, 1);
  assert.deepEqual(st.s.eventMarkers!.map((m) => m.side), ['LEGION']);
});

test('#64 Hack range and Side: 2 spaces away or on another Level is refused; LEGION cannot Hack a MAYHEM marker; walking onto its Tile does not trigger it', () => {
  const far = activeBoard(only(fresh('M4'), { hardtack: '6,6,1', babylon: '17,7,1' }), 'hardtack');
  assert.equal(refused(far, { type: 'hack', unit: 'hardtack', marker: '4,6,1', dice: 1 }).code, 'not_adjacent');
  const l = activeBoard(only(fresh('M4'), { babylon: '5,6,1', fortune: '0,0,1' }), 'babylon');
  assert.equal(refused(l, { type: 'hack', unit: 'babylon', marker: '4,6,1', dice: 1 }).code, 'not_your_marker');
  const m = activeBoard(only(fresh('M4'), { fortune: '7,6,1', babylon: '17,7,1' }), 'fortune');
  const mv = answer(answer(m, { type: 'act', unit: 'fortune', action: 'sprint' }).s, { type: 'move', unit: 'fortune', to: '5,6,1', facing: 'W' });
  assert.equal(ev(mv, 'event_triggered').length, 0, 'a Hack marker triggers only when Hacked');
});

test('#65 Event Cards: the LEGION Event Card is shuffled into MAYHEM\'s Refresh deck at the start of Turn 3 (not before); drawn, its Box (printed in MAYHEM\'s book) resolves and MAYHEM draws again', () => {
  const s = activeBoard(only(fresh('M4'), { babylon: '17,7,1', fortune: '0,0,1' }), 'babylon');
  assert.equal(s.decks.MAYHEM.pool.some((c) => c.startsWith('event:')), false, 'not in the deck at setup');
  // Only MAYHEM's book prints the card's Box: LEGION cannot read it before it triggers.
  assert.ok(rs.view(s, 0).eventBook!.some((b) => b.card));
  assert.ok(!rs.view(s, 1).eventBook!.some((b) => b.card));
  assert.ok(!JSON.stringify(rs.view(s, 1)).includes('Jammed comms'));
  const p = rs.position!.toPosition({ ...s, phase: 'activate', stack: [] } as never) as { message: string };
  assert.match(p.message, /Event Cards/, 'a position before Turn 3 cannot describe the card still due');
  s.turnNo = 1;
  let st = answer(s, { type: 'end' });
  assert.equal(st.s.turnNo, 2);
  assert.equal(st.s.decks.MAYHEM.pool.includes('event:LEGION'), false, 'Turn 2: not yet');
  // Turn 2 → 3: the sorted pool is MAYHEM's cards then event:LEGION (the last index): drawn, resolved, then the first card.
  const t2 = activeBoard(only(fresh('M4'), { babylon: '17,7,1', fortune: '0,0,1' }), 'babylon');
  t2.turnNo = 2;
  const first = t2.decks.MAYHEM.pool[0];
  st = answer(t2, { type: 'end' }, [t2.decks.MAYHEM.pool.length, 0]);
  assert.equal(st.s.turnNo, 3);
  const e = ev(st, 'event_triggered')[0];
  assert.deepEqual([e.card, e.book, e.text], ['LEGION', 'MAYHEM', 'Jammed comms (printed in MAYHEM\'s book): LEGION\'s orders go astray. MAYHEM scores 1 VP.']);
  assert.equal(st.s.vp.MAYHEM, 1);
  assert.equal(st.s.slots[0].drawn, first);
  assert.equal([...st.s.decks.MAYHEM.pool, ...st.s.decks.MAYHEM.discard].includes('event:LEGION'), false, 'the card leaves the game');
});
