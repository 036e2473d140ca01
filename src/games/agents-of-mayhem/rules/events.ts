// Events (spec §7.10, checklist #65): Event Markers placed face down (their Side symbol shows,
// their number is unseen by everyone: drawn from that Side's numbers when triggered), Event
// Boxes printed in each Side's book and kept from the other Side until triggered (the view shows
// a seat its own book only), the Tile trigger (a unit of the marker's Side moving onto its Tile),
// the Area trigger (moving into the Inside Area holding it), the Hack trigger (rules/ddd.ts hacks it),
// resolution (VP, a face-down explosion on the marker's or a named space, an Objective Marker
// placed, Targetable and locking a room, markers that stay) and removal; placement limits for
// Redeploy and Deploy.
import { drawOne, newDeck } from '../../../engine/mech/deck.js';
import type { Rng } from '../../../engine/types.js';
import { CONTENT, cellKey, topMost, type EventBox } from '../content.js';
import { area, inside } from '../geometry.js';
import { footprintAt, map, mission, type Frame, type S, type Side, type Unit } from '../state.js';
import { addVp, say, type Ev } from './board.js';
import { placeExplosion } from './explosions.js';

export function setupEvents(missionId: string): Pick<S, 'eventMarkers' | 'eventNumbers'> {
  const e = CONTENT.missions[missionId].events;
  if (!e) return {};
  const numbers = { MAYHEM: [] as number[], LEGION: [] as number[] };
  for (const side of ['MAYHEM', 'LEGION'] as Side[]) for (const b of e.boxes[side]) if (!b.card) numbers[b.marker].push(b.n);
  return { eventMarkers: e.markers.map((m) => ({ side: m.side, at: m.at.join(','), ...(m.trigger && m.trigger !== 'tile' ? { trigger: m.trigger } : {}) })), eventNumbers: { MAYHEM: numbers.MAYHEM.sort((a, b) => a - b), LEGION: numbers.LEGION.sort((a, b) => a - b) } };
}

/** Event Boxes a seat of `side` may read: its own book (spec 8.1). */
export function eventBook(missionId: string, side: Side | null): (EventBox & { book: Side })[] {
  const e = CONTENT.missions[missionId].events;
  return e && side ? e.boxes[side].map((b) => ({ ...b, book: side })) : [];
}

/**
 * A unit of a marker's Side moving (move, Jump, Dash; A-29: not pushes) onto that marker's Tile
 * from another Tile triggers a Tile marker; into the Inside Area holding it from outside that Area,
 * an Area marker. Hack markers trigger only when Hacked. A Large Unit stands on every space of its
 * 2×2 footprint (L1913-1917), so it is on each Tile and Area any of them is on: a step triggers a
 * marker whose Tile (Area) one of its spaces enters while none stood on it before.
 */
export function checkEvents(s: S, u: Unit, path: string[], from: string | null): void {
  if (!s.eventMarkers?.length) return;
  const m = map(s);
  const cells = (k: string | null) => (k ? footprintAt(u, k).map((x) => m.cells[x]).filter((c) => !!c) : []);
  let tiles = new Set(cells(from).map((c) => c.tile));
  let areas = new Set(cells(from).map((c) => area(m, c)));
  for (const k of path) {
    const now = cells(k);
    if (!now.length) continue;
    const nowTiles = new Set(now.map((c) => c.tile));
    const nowAreas = new Set(now.map((c) => area(m, c)));
    s.eventMarkers.forEach((mk, i) => {
      const at = m.cells[mk.at];
      if (mk.side !== u.side || !at || s.stack.some((f) => f.t === 'event' && f.marker === i)) return;
      const a = area(m, at);
      const hit = mk.trigger === 'area' ? nowAreas.has(a) && !areas.has(a) : !mk.trigger && nowTiles.has(at.tile) && !tiles.has(at.tile);
      if (hit) triggerEvent(s, i, u.id);
    });
    tiles = nowTiles; areas = nowAreas;
  }
}
export function triggerEvent(s: S, marker: number, unit: string): void { s.stack.push({ t: 'event', marker, unit }); }

/** Resolve: the marker's number is drawn now; the Box is read out (public from here on), its effect applies, the marker goes. */
export function resolveEvent(s: S, f: Extract<Frame, { t: 'event' }>, rng: Rng, ev: Ev): void {
  s.stack.splice(s.stack.indexOf(f), 1);
  const mk = s.eventMarkers![f.marker];
  if (!mk) return;
  // A marker left on the map (`stay`) shows its number since it was first triggered: no draw.
  const pool = s.eventNumbers![mk.side];
  const r = mk.n !== undefined ? { card: String(mk.n) } : drawOne({ top: [], pool: pool.map(String), discard: [] }, rng.fork('events'));
  if (!r.card) { removeMarker(s, f.marker); return; }
  const n = Number(r.card);
  if (mk.n === undefined) s.eventNumbers![mk.side] = pool.filter((x, i) => i !== pool.indexOf(n));
  const e = mission(s).events!;
  const book = (['MAYHEM', 'LEGION'] as Side[]).find((side) => e.boxes[side].some((b) => b.marker === mk.side && b.n === n && !b.card))!;
  const box = e.boxes[book].find((b) => b.marker === mk.side && b.n === n && !b.card)!;
  if (box.effect.stay) mk.n = n; else removeMarker(s, f.marker);
  say(ev, 'event_triggered', { marker: mk.side, at: mk.at, n, book, text: box.text, by: f.unit, ...(box.effect.stay ? { stays: true } : {}) });
  boxEffect(s, box, book, mk.at, ev);
}

function removeMarker(s: S, marker: number): void {
  s.eventMarkers = s.eventMarkers!.filter((_, i) => i !== marker);
  // Other triggered markers waiting on the stack keep pointing at theirs.
  for (const g of s.stack) if (g.t === 'event' && g.marker > marker) g.marker--;
}

/**
 * A Box's effect (data vocabulary): VP; a face-down Explosion, placed by the book's Side, on the
 * marker's space or the space the Box names, with any Statuses stacked on it; an Objective Marker
 * placed on the space the Box names or, for a marker's Box, on the top most Level above the marker
 * ("this building"), locking the room the Box names or the marker's own Inside Area ("the room").
 * `at` is the triggered marker's space (null for an Event Card).
 */
function boxEffect(s: S, box: EventBox, book: Side, at: string | null, ev: Ev): void {
  if (box.effect.vp) addVp(s, box.effect.vp.side, box.effect.vp.n, box.text, ev);
  const x = box.effect.explosion;
  if (x) {
    const where = typeof x === 'object' && x.at ? x.at.join(',') : at;
    if (where) placeExplosion(s, where, book, ev, typeof x === 'object' ? x.statuses ?? [] : []);
  }
  const o = box.effect.om;
  if (o && !s.oms.some((y) => y.id === o.id)) {
    const m = map(s);
    const here = at ? m.cells[at] : undefined;
    const top = here ? topMost(m, here) : null;
    const space = o.at ? o.at.join(',') : top ? cellKey(top.x, top.y, top.z) : null;
    const room = o.lock ? (o.lock.room ? m.cells[o.lock.room.join(',')] : here) : undefined;
    // A room no longer Inside (its Level collapsed, spec 7.6.3) has no doors or stairs left to lock.
    const lock = o.lock && room && inside(m, room) ? { side: o.lock.side, room: area(m, room) } : undefined;
    if (!space || !m.cells[space]) return;
    s.oms.push({ id: o.id, at: space, control: o.control, ...(o.hits ? { hits: o.hits } : {}), ...(lock ? { lock } : {}) });
    say(ev, 'om_placed', { om: o.id, at: space, control: o.control, ...(o.hits ? { hits: o.hits } : {}), ...(lock ? { lock } : {}) });
  }
}

// ---------------------------------------------------------------- Event Cards

/** An Event Card in a Refresh deck: `event:<Side>` (its back is a Refresh card's; the card's Side names it). */
export const EVENT_CARD = 'event:';
export const isEventCard = (c: string | null | undefined): boolean => !!c?.startsWith(EVENT_CARD);

/** Event Cards to shuffle into the Refresh decks at setup (no `turn`) or at the start of this Turn. */
export function eventCardsFor(missionId: string, turn: number | null): { card: string; deck: Side }[] {
  return (CONTENT.missions[missionId].events?.cards ?? []).filter((c) => (c.turn ?? null) === turn).map((c) => ({ card: EVENT_CARD + c.card, deck: c.deck }));
}

/** A drawn Event Card triggers: its Box is read out (from whichever book prints it), its effect applies, the card leaves the game (spec 7.10; A-07: the drawer draws again). */
export function resolveEventCard(s: S, card: string, seat: number, ev: Ev): void {
  const side = card.slice(EVENT_CARD.length) as Side;
  const e = mission(s).events!;
  const book = (['MAYHEM', 'LEGION'] as Side[]).find((x) => e.boxes[x].some((b) => b.card && b.marker === side))!;
  const box = e.boxes[book].find((b) => b.card && b.marker === side)!;
  say(ev, 'event_triggered', { card: side, n: box.n, book, text: box.text, seat });
  boxEffect(s, box, book, null, ev);
}

// ---------------------------------------------------------------- the Event deck

/** Setup step G (L1814): the mission's numbered Event Cards shuffled together into their own deck. */
export function setupEventDeck(missionId: string): Pick<S, 'eventDeck'> {
  const d = CONTENT.missions[missionId].events?.deck;
  return d ? { eventDeck: newDeck(d.cards.map((c) => `${EVENT_CARD}${c.card}:${c.n}`)) } : {};
}

/**
 * The Event deck's draw (provisional timing, mission data `rounds`): one card at the start of the
 * Round's first Turn, before its Draw Phase; it is revealed to all, its Box (from whichever book
 * prints it) is resolved and the card leaves the game. An empty deck draws nothing.
 */
export function drawEventDeck(s: S, rng: Rng, ev: Ev): void {
  const d = mission(s).events?.deck;
  if (!d || !s.eventDeck || !d.rounds.includes(s.round) || !s.first.MAYHEM || !s.first.LEGION) return;
  const r = drawOne(s.eventDeck, rng.fork('events'));
  s.eventDeck = r.deck;
  if (!r.card) return;
  const [side, n] = r.card.slice(EVENT_CARD.length).split(':');
  const e = mission(s).events!;
  const book = (['MAYHEM', 'LEGION'] as Side[]).find((x) => e.boxes[x].some((b) => b.card && b.marker === side && b.n === Number(n)))!;
  const box = e.boxes[book].find((b) => b.card && b.marker === side && b.n === Number(n))!;
  say(ev, 'event_triggered', { card: side, n: box.n, book, text: box.text, deck: 'event', round: s.round });
  boxEffect(s, box, book, null, ev);
}

/** Tiles holding an Event Marker of `side`: closed to that Side's Redeploy and Deploy (spec 7.10). */
export function eventTiles(s: S, side: Side): Set<number> {
  const m = map(s);
  return new Set((s.eventMarkers ?? []).filter((x) => x.side === side).map((x) => m.cells[x.at]?.tile).filter((t): t is number => t !== undefined));
}
