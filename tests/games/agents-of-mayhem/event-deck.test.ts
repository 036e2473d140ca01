// Checklist item [full] #65 (with #44): the Event deck and Event Box effects. "Shuffle Event Cards
// into either Sides Refresh Deck ... or together to form an Event Deck" (L1814); "When an Event
// Card is drawn either from a Refresh Deck or an Event Deck" (L1822); Setup Secretly (L1818);
// "Remove an Event Marker after it is Triggered unless specified not to" (L1856); the sample
// Event places an OM (L1835). Mission 5 (provisional): MAYHEM Event Cards 1 (Supply drop, 1 VP)
// and 2 (OM 5 on the tower roof, 14,3,3, LEGION's), LEGION Event Card 1 (1 VP), one drawn at the
// start of Rounds 2 and 3.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { CONTENT, loadContent } from '../../../src/games/agents-of-mayhem/content.js';
import { drawEventDeck } from '../../../src/games/agents-of-mayhem/rules/events.js';
import { agentsPosition } from '../../../src/games/agents-of-mayhem/position.js';
import boards from '../../../src/games/agents-of-mayhem/data/boards.json' with { type: 'json' };
import dice from '../../../src/games/agents-of-mayhem/data/dice.json' with { type: 'json' };
import refresh from '../../../src/games/agents-of-mayhem/data/refresh.json' with { type: 'json' };
import tiles from '../../../src/games/agents-of-mayhem/data/tiles.json' with { type: 'json' };
import missions from '../../../src/games/agents-of-mayhem/data/missions.json' with { type: 'json' };
import { localRng, scriptedRng } from '../../../src/engine/rng.js';
import { isViolation, type GameEvent } from '../../../src/engine/types.js';
import { activeBoard, answer, ev, fresh, noInstantGadgets, only, rs, until } from './helpers.js';

const DECK = ['event:LEGION:1', 'event:MAYHEM:1', 'event:MAYHEM:2'];
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
type M = { id: string; rounds: number; events?: { cards?: unknown[]; deck?: { cards: { card: string; n: number }[]; rounds: number[] }; boxes: Record<string, { n: number; marker: string; card?: boolean; effect: Record<string, unknown> }[]> } };
const m5 = (all: { missions: unknown[] }) => (all.missions as M[]).find((m) => m.id === 'M5')!;
const load = (all: unknown) => loadContent({ boards, dice, refresh, tiles, missions: all as typeof missions });

/** The start of Round 2's first Turn, drawn with the scripted pick `k` (index into the sorted pool). */
function round2(k: number): { s: S; ev: GameEvent[] } {
  const s = fresh('M5');
  s.round = 2; s.first = { MAYHEM: true, LEGION: true };
  const out: GameEvent[] = [];
  drawEventDeck(s, scriptedRng([k]), out);
  return { s, ev: out };
}

test('#65 Event deck: the mission\'s Event Cards form their own deck at setup (not in the Refresh decks); the loader checks each card has its numbered Box and refuses both ways at once', () => {
  const s = fresh('M5');
  assert.deepEqual(s.eventDeck, { top: [], pool: DECK, discard: [] });
  assert.ok(![...s.decks.MAYHEM.pool, ...s.decks.LEGION.pool].some((c) => c.startsWith('event:')));
  assert.equal(fresh('M4').eventDeck, undefined, 'M4 shuffles its Event Card into a Refresh deck instead');
  const both = clone(missions); m5(both).events!.cards = [{ card: 'LEGION', deck: 'MAYHEM', turn: 3 }];
  assert.throws(() => load(both), /Refresh decks or an Event deck, not both/);
  const nobox = clone(missions); m5(nobox).events!.deck!.cards.push({ card: 'LEGION', n: 2 });
  assert.throws(() => load(nobox), /own numbered Box/);
  const late = clone(missions); m5(late).events!.deck!.rounds = [4];
  assert.throws(() => load(late), /drawn in Round 4 of 3/);
  const taken = clone(missions); (m5(taken).events!.boxes.MAYHEM[1].effect.om as { id: string }).id = '4';
  assert.throws(() => load(taken), /OM 4 is already used/);
  const off = clone(missions); (m5(off).events!.boxes.MAYHEM[1].effect.om as { at: number[] }).at = [0, 0, 3];
  assert.throws(() => load(off), /OM is off the map/);
});

test('#65 Event deck draw: one card at the start of each listed Round (none in Round 1), revealed to all, its Box resolved from the book printing it, the card gone', () => {
  const st = until(fresh('M5'), (x) => x.round === 2);
  const drawn = ev(st, 'event_triggered');
  assert.equal(drawn.length, 1, 'one card for Round 2, none in Round 1');
  assert.equal(drawn[0].deck, 'event'); assert.equal(drawn[0].round, 2);
  assert.equal(st.s.eventDeck!.pool.length, 2);
  assert.ok(!st.s.eventDeck!.pool.includes(`event:${drawn[0].card}:${drawn[0].n}`));
  const e = st.ev.find((x) => x.type === 'event_triggered')!;
  assert.ok([undefined, 'all'].includes((e as { to?: unknown }).to as string), 'public');
  // Scripted picks: MAYHEM 1 (VP to MAYHEM), LEGION 1 (VP to LEGION).
  const a = round2(1);
  assert.deepEqual(ev({ s: a.s, ev: a.ev }, 'event_triggered')[0], { card: 'MAYHEM', n: 1, book: 'MAYHEM', text: CONTENT.missions.M5.events!.boxes.MAYHEM[0].text, deck: 'event', round: 2 });
  assert.equal(a.s.vp.MAYHEM, 1);
  assert.deepEqual(a.s.eventDeck!.pool, ['event:LEGION:1', 'event:MAYHEM:2']);
  const b = round2(0);
  assert.equal(b.s.vp.LEGION, 1);
  assert.equal(ev({ s: b.s, ev: b.ev }, 'event_triggered')[0].book, 'LEGION');
  // Not at a later Turn of the Round, nor in a Round not listed.
  const later = fresh('M5'); later.round = 2; later.first = { MAYHEM: false, LEGION: true };
  drawEventDeck(later, scriptedRng([0]), []); assert.equal(later.eventDeck!.pool.length, 3);
  const r1 = fresh('M5'); drawEventDeck(r1, scriptedRng([0]), []); assert.equal(r1.eventDeck!.pool.length, 3);
  // An empty deck draws nothing.
  const empty = fresh('M5'); empty.round = 3; empty.eventDeck!.pool = [];
  const out: GameEvent[] = []; drawEventDeck(empty, scriptedRng([]), out); assert.equal(out.length, 0);
});

test('#65 Event Box effect: place an Objective Marker (the sample Event, L1835), which is then an OM like the mission\'s (control, Round-end VP)', () => {
  const { s, ev: out } = round2(2);
  // The generator is Targetable (2 Hits) and locks the tower's ground floor to MAYHEM (targetable-oms.test.ts).
  assert.deepEqual(s.oms.find((o) => o.id === '5'), { id: '5', at: '14,3,3', control: 'LEGION', hits: 2, lock: { side: 'MAYHEM', room: 'in:2:1' } });
  assert.deepEqual(out.find((x) => x.type === 'om_placed')!.data, { om: '5', at: '14,3,3', control: 'LEGION', hits: 2, lock: { side: 'MAYHEM', room: 'in:2:1' } });
  const said = out.map((x) => rs.describe!(rs.view(s, null), x));
  assert.ok(said.some((x) => /MAYHEM Event Card 2 drawn from the Event deck/.test(x)), said.join(' | '));
  assert.ok(said.some((x) => /Objective Marker 5 is placed/.test(x)));
  // The position format refuses a state whose OMs or Event deck it cannot rebuild from the mission.
  s.stack = []; s.phase = 'activate';
  const p = agentsPosition.toPosition(s);
  assert.ok(isViolation(p) && /Event deck already drawn from/.test(p.message) && /Objective Markers placed by Events/.test(p.message));
  const whole = agentsPosition.toPosition(fresh('M5'));
  assert.ok(!isViolation(whole), 'a whole Event deck is the mission\'s');
});

test('#65 #44 Event deck hidden: no seat (nor spectator) sees an order, only which cards remain; views and determinize agree; other books\' Boxes stay unread until drawn', () => {
  const s = fresh('M5');
  for (const seat of [0, 1, null]) assert.deepEqual(rs.view(s, seat).eventDeck, { top: [], pool: DECK, discard: [] });
  // Two games from different seeds hold the same deck state: the order is not drawn until the card is.
  const other = rs.setup({ scenario: 'M5', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: {} }, { seq: 0, rng: localRng('another seed') });
  assert.ok(!isViolation(other));
  assert.deepEqual(other.state.eventDeck, s.eventDeck);
  const text = (seat: number | null) => JSON.stringify(rs.view(s, seat));
  assert.ok(text(0).includes('Supply drop') && !text(0).includes('Tower overclock'));
  assert.ok(text(1).includes('Tower overclock') && !text(1).includes('Supply drop'));
  const d = rs.determinize!(rs.view(s, 1), 1, localRng('det'));
  assert.deepEqual(d.eventDeck, s.eventDeck);
});

test('#65 Event Box effect: a marker specified to stay (L1856) is not removed; its number, known once triggered, triggers the same Box again', () => {
  const box = CONTENT.missions.M3.events!.boxes.LEGION[1];
  const saved = clone(box.effect);
  (box.effect as { stay?: true }).stay = true; // "Dug in" (1 VP) stays, for this test
  try {
    const s = activeBoard(noInstantGadgets(only(fresh('M3'), { babylon: '11,4,1', fortune: '0,0,1' })), 'babylon');
    s.eventMarkers = s.eventMarkers!.filter((m) => m.at !== '8,6,1'); // Tile 7's LEGION marker out of the way
    let st = answer(s, { type: 'act', unit: 'babylon', action: 'sprint' });
    st = answer(st.s, { type: 'move', unit: 'babylon', to: '12,7,1', facing: 'E' }, [1]);
    assert.equal(st.s.vp.LEGION, 1);
    assert.deepEqual(st.s.eventMarkers![0], { side: 'LEGION', at: '16,7,1', n: 2 });
    assert.equal(ev(st, 'event_triggered')[0].stays, true);
    assert.deepEqual(st.s.eventNumbers!.LEGION, [1]);
    // Back to Tile 7, then onto Tile 2 again: the same Box, no number drawn.
    st = answer(st.s, { type: 'move', unit: 'babylon', to: '11,7,1', facing: 'W' });
    st = answer(st.s, { type: 'move', unit: 'babylon', to: '12,7,1', facing: 'E' });
    assert.equal(ev(st, 'event_triggered')[0].n, 2);
    assert.equal(st.s.vp.LEGION, 2);
    assert.deepEqual(st.s.eventNumbers!.LEGION, [1]);
  } finally {
    box.effect = saved;
  }
});
