// Checklist items [full] #65 #44: events on Mission 3. Event Markers: LEGION at 16,7,1 (Tile 2,
// x 12-17) and 8,6,1 (Tile 7, x 6-11), MAYHEM at 4,6,1 (Tile 10, x 0-5). LEGION's book: 1 Booby
// trap (explosion), 2 Dug in (1 VP); MAYHEM's book: 1 Crystal cache (1 VP).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redeploySpaces } from '../../../src/games/agents-of-mayhem/rules/turn.js';
import { localRng } from '../../../src/engine/rng.js';
import { activeBoard, answer, ev, fresh, noInstantGadgets, only, rs } from './helpers.js';

test('#65 #44 Event Boxes are secret: each seat reads its own Side\'s book only; markers show their Side, never their number (spec 7.10, 8.1)', () => {
  const s = fresh('M3', 4);
  const text = (seat: number | null) => JSON.stringify(rs.view(s, seat));
  for (const seat of [0, 2]) { assert.ok(text(seat).includes('Crystal cache')); assert.ok(!text(seat).includes('Booby trap') && !text(seat).includes('Dug in'), `MAYHEM seat ${seat}`); }
  for (const seat of [1, 3]) { assert.ok(text(seat).includes('Booby trap') && text(seat).includes('Dug in')); assert.ok(!text(seat).includes('Crystal cache'), `LEGION seat ${seat}`); }
  assert.ok(!text(null).includes('Crystal cache') && !text(null).includes('Booby trap'), 'spectators read no book');
  assert.deepEqual(rs.view(s, 0).eventMarkers, [{ side: 'LEGION', at: '16,7,1' }, { side: 'LEGION', at: '8,6,1' }, { side: 'MAYHEM', at: '4,6,1' }]);
  // determinize gives back a state without the book; the view of it shows the same book again.
  const d = rs.determinize!(rs.view(s, 1), 1, localRng('det'));
  assert.equal((d as { eventBook?: unknown }).eventBook, undefined);
});

test('#65 a unit of the marker\'s Side moving onto its Tile triggers it: its number is drawn then, the Box is read out to all, its effect applies, the marker goes (L1794-1858)', () => {
  const s = activeBoard(noInstantGadgets(only(fresh('M3'), { babylon: '11,4,1', fortune: '0,0,1' })), 'babylon');
  let st = answer(s, { type: 'act', unit: 'babylon', action: 'sprint' });
  // Numbers left for LEGION markers: [1, 2]; scripted index 1 -> 2 (Dug in).
  st = answer(st.s, { type: 'move', unit: 'babylon', to: '12,7,1', facing: 'E' }, [1]);
  assert.deepEqual(ev(st, 'event_triggered')[0], { marker: 'LEGION', at: '16,7,1', n: 2, book: 'LEGION', text: 'Dug in: LEGION scores 1 VP.', by: 'babylon' });
  assert.equal(st.s.vp.LEGION, 1);
  assert.deepEqual(st.s.eventMarkers!.map((m) => m.at), ['8,6,1', '4,6,1']);
  assert.deepEqual(st.s.eventNumbers!.LEGION, [1]);
  const triggered = st.ev.find((e) => e.type === 'event_triggered')!;
  assert.ok([undefined, 'all'].includes((triggered as { to?: unknown }).to as string), 'public once triggered');
  // The other number: the Booby trap, a face-down Explosion marker on the marker's space.
  const t = answer(answer(activeBoard(noInstantGadgets(only(fresh('M3'), { babylon: '11,4,1', fortune: '0,0,1' })), 'babylon'), { type: 'act', unit: 'babylon', action: 'sprint' }).s, { type: 'move', unit: 'babylon', to: '12,7,1', facing: 'E' }, [0]);
  assert.deepEqual(t.s.explosions!.placed.map((m) => [m.at, m.faceUp, m.by]), [['16,7,1', false, 'LEGION']]);
});

test('#65 markers trigger for their own Side only (default, A-29); Redeploy and Deploy cannot use a Tile with an Event Marker of the placing Side (spec 7.10)', () => {
  const s = activeBoard(only(fresh('M3'), { fortune: '11,4,1', babylon: '0,0,1' }), 'fortune');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  st = answer(st.s, { type: 'move', unit: 'fortune', to: '12,7,1', facing: 'E' });
  assert.equal(ev(st, 'event_triggered').length, 0, 'a MAYHEM unit does not trigger a LEGION marker');
  const free = only(fresh('M3'), {});
  assert.ok(!redeploySpaces(free, 'LEGION').some((k) => Number(k.split(',')[0]) >= 6), 'Tiles 7 and 2 hold LEGION markers');
  assert.ok(!redeploySpaces(free, 'MAYHEM').some((k) => Number(k.split(',')[0]) <= 5), 'Tile 10 holds a MAYHEM marker');
});
