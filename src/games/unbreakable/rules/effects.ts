// Effects on units and terrain shared by weapons, movement and earthquakes: knock-down and scatter
// (§7.8, §13 A19/A23), removal (§6.4.5, §7.10), terrain conversion (§7.10), colours (§2.6), freezing (§7.9.6).
import { rollFaces, rollEvent } from '../../../engine/mech/dice.js';
import { CONTENT } from '../content.js';
import { neighboursOf } from '../geometry.js';
import { COLOURS, type Colour, type Run, type S, type Unit, unitsAt } from '../state.js';
import { checkVictory } from './victory.js';
import { land } from './chrome.js';

/** n combat dice; ☺ = odd face of a d6 (L207). Returns the number of hits. */
export function combatRoll(run: Run, purpose: string, n: number, extra: Record<string, unknown> = {}): number {
  const rng = run.fork('dice');
  const faces: number[] = [];
  for (let i = 0; i < n; i++) faces.push(rng.int(6) + 1);
  const hits = faces.filter((f) => f % 2 === 1).length;
  run.ev.push(rollEvent(purpose, faces, { hits, ...extra }));
  return hits;
}

/** [k/n]: success when at least k of n dice hit. */
export function kOfN(run: Run, purpose: string, k: number, n: number, extra: Record<string, unknown> = {}): boolean {
  return combatRoll(run, purpose, n, { need: k, ...extra }) >= k;
}

/** A d6 (Runaway program, directions). */
export function d6(run: Run, purpose: string): number {
  const f = run.fork('d6').int(6) + 1;
  run.ev.push(rollEvent(purpose, [f]));
  return f;
}

/** An earthquake-die colour (§2.6: 1 red … 6 white). Unlimited supply (§13 A3 componentLimits off). */
export function colourRoll(run: Run, purpose: string): Colour {
  const [c] = rollFaces(run.fork('quake'), COLOURS);
  run.ev.push(rollEvent(purpose, [c]));
  return c;
}

/**
 * A colour for a new epicenter marker or crater / lava tile. Without component limits a single
 * earthquake-die roll (§13 A3); with them the die is re-rolled until a colour whose pool
 * (data/cards.json `components`) still has a piece comes up, and none is taken when no colour is
 * available (§13 A4). The hex being coloured must not hold its old piece any more.
 */
export function pieceColour(s: S, run: Run, purpose: string, pool: 'epicenter' | 'crater' | 'lava'): Colour | null {
  if (!s.options.componentLimits) return colourRoll(run, purpose);
  const limit = CONTENT.cards.components.perColour[pool];
  const used = (c: Colour) => Object.values(s.map).filter((h) => (pool === 'epicenter' ? h.epicenter === c : h.terrain === pool && h.border === c)).length;
  const free = COLOURS.filter((c) => used(c) < limit);
  if (free.length === 0) { run.all('no_colour_available', { pool, purpose }); return null; }
  for (;;) { const c = colourRoll(run, purpose); if (free.includes(c)) return c; }
}

export function removeUnit(s: S, run: Run, u: Unit, reason: string): void {
  if (u.gone) return;
  u.gone = reason;
  const from = u.at;
  u.at = null;
  run.all('unit_removed', { unit: u.id, from, reason });
  if (u.carrying) {
    const o = s.objects[u.carrying];
    o.gone = reason;
    o.carriedBy = null;
    run.all('object_removed', { object: o.id, reason, with: u.id });
    u.carrying = null;
  }
  checkVictory(s, run);
}

export function dropObject(s: S, run: Run, u: Unit): void {
  if (!u.carrying) return;
  const o = s.objects[u.carrying];
  o.carriedBy = null;
  o.at = u.at;
  u.carrying = null;
  run.all('object_dropped', { unit: u.id, object: o.id, at: o.at });
  checkVictory(s, run);
}

/** Knock down a walker (dropping its object) or scatter a squad (grounding it). Crawlers and frozen units are unaffected. */
export function knockDown(s: S, run: Run, u: Unit): void {
  if (u.frozen || u.gone) return;
  if (u.type === 'walker' && u.converted) return; // §9.5: a converted walker cannot be knocked down (A37)
  if (u.type === 'walker' && u.config === 'up') {
    u.config = 'down';
    run.all('knocked_down', { unit: u.id });
    dropObject(s, run, u);
    if (u.jets) land(s, run, u); // A36: being knocked down ends hovering
  } else if (u.type === 'squad' && u.status !== 'offline') {
    u.status = 'offline';
    u.config = 'ground';
    run.all('scattered', { unit: u.id });
  } else return;
  // §13 A20 legacy variant (#87): knocked down or scattered while in lava is lost.
  if (s.options.legacyLavaLoss && u.at !== null && s.map[u.at].terrain === 'lava') removeUnit(s, run, u, 'lava');
}

/** Offline (crawler/walker) or scattered (squad): neutron bombs, Walker Overload. */
export function goOffline(s: S, run: Run, u: Unit): void {
  if (u.type === 'squad') { knockDown(s, run, u); return; }
  if (u.status !== 'offline') { u.status = 'offline'; run.all('status_changed', { unit: u.id, status: 'offline' }); }
}

/** Freeze threshold by Time Stream count (§7.9.6): 2 → 4+, 3 → 2+, 4 → 1+. */
export function freezeThreshold(ts: number): number | null {
  return ts >= 4 ? 1 : ts === 3 ? 2 : ts === 2 ? 4 : null;
}

export function freezeCheck(s: S, run: Run, u: Unit): void {
  const n = freezeThreshold(s.ts);
  if (n !== null && !u.frozen && u.stasis >= n) {
    u.frozen = true;
    run.all('frozen', { unit: u.id, stasis: u.stasis });
  }
}

/** Terrain conversion (§7.10) with its side effects. */
export function convert(s: S, run: Run, hex: string, to?: 'rough'): void {
  const h = s.map[hex];
  const from = h.terrain;
  let next: typeof h.terrain;
  if (to === 'rough') next = 'rough';
  else if (from === 'volcano') return;
  else if (from === 'crater') next = 'lava';
  else if (from === 'hill') next = 'rough';
  else if (from === 'lava') next = 'volcano';
  else next = 'crater';
  h.terrain = next;
  if (next === 'crater' || next === 'lava') {
    delete h.epicenter;
    delete h.border;
    const c = pieceColour(s, run, 'border colour', next);
    if (c) h.border = c;
  } else if (next === 'volcano') {
    delete h.border;
    delete h.epicenter;
  }
  run.all('terrain_converted', { hex, from, to: next, ...(h.border && next !== 'volcano' ? { border: h.border } : {}) });
  if (next === 'volcano') makeVolcano(s, run, hex);
  checkVictory(s, run);
}

function makeVolcano(s: S, run: Run, hex: string): void {
  for (const u of unitsAt(s, hex)) removeUnit(s, run, u, 'volcano');
  if (s.options.volcanicEarthquakes) {
    // §9.4: the heaviest unused Earthquake card to the discards.
    for (const z of ['heavy', 'medium', 'light']) {
      const i = s.unusedQuakes.indexOf(`quake-${z}`);
      if (i >= 0) { s.unusedQuakes.splice(i, 1); s.deck.discard.push(`quake-${z}`); run.all('earthquake_card_added', { card: `quake-${z}`, volcano: hex }); break; }
    }
  }
  for (const o of Object.values(s.objects)) if (!o.gone && o.at === hex) { o.gone = 'volcano'; o.at = null; run.all('object_removed', { object: o.id, reason: 'volcano' }); }
  for (const n of neighboursOf(hex)) {
    const t = s.map[n];
    if (!t.epicenter && !['crater', 'lava', 'volcano'].includes(t.terrain)) {
      const c = pieceColour(s, run, 'epicenter colour', 'epicenter');
      if (c) { t.epicenter = c; run.all('epicenter_placed', { hex: n, colour: c }); }
    }
  }
  checkVictory(s, run);
}

/** Where an object is: its hex, or its carrier's. */
export function objectHex(s: S, id: string): string | null {
  const o = s.objects[id];
  if (!o || o.gone) return null;
  return o.carriedBy ? s.units[o.carriedBy].at : o.at;
}
