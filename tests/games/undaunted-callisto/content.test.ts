// Checklist item #1 and the component list (rulebook L96-L113, spec ~L137 "2-5 combat cards" a
// unit): the provisional content is the full inventory, and a transcription that breaks the
// structural facts is refused with a message naming the card or unit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTENT, loadContent } from '../../../src/games/undaunted-callisto/content.js';
import { randomPlayout } from '../../../src/engine/playout.js';
import { undauntedCallisto as rs } from '../../../src/games/undaunted-callisto/index.js';
import cards from '../../../src/games/undaunted-callisto/data/cards.json' with { type: 'json' };
import maps from '../../../src/games/undaunted-callisto/data/maps.json' with { type: 'json' };
import scenarios from '../../../src/games/undaunted-callisto/data/scenarios.json' with { type: 'json' };

const BOX = { breakers: { cards: 68, personnel: 13, standees: 2 }, lfa: { cards: 67, personnel: 8, standees: 5 } } as const;

test('#1 the provisional content is the whole component list: Breakers 68 cards, 13 personnel counters, 2 standees; LFA 67, 8, 5 (L96-L113)', () => {
  for (const f of ['breakers', 'lfa'] as const) {
    const units = Object.values(CONTENT.units).filter((u) => u.faction === f);
    const n = Object.values(CONTENT.cards).filter((c) => c.faction === f).reduce((a, c) => a + c.copies, 0);
    assert.deepEqual({ cards: n, personnel: units.filter((u) => u.class === 'personnel').length, standees: units.filter((u) => u.class !== 'personnel').length }, BOX[f]);
    assert.deepEqual(CONTENT.inventory[f], BOX[f]);
  }
  // every counter and standee a unit with 2 to 5 cards (~L137)
  for (const u of Object.values(CONTENT.units)) {
    const n = Object.values(CONTENT.cards).filter((c) => c.unit === u.id).reduce((a, c) => a + c.copies, 0);
    assert.ok(n >= 2 && n <= 5, `${u.id} has ${n} cards`);
  }
  // each LFA mech has navigator, gunner and commander cards (~L276)
  for (const u of Object.values(CONTENT.units).filter((x) => x.class === 'mech')) {
    assert.deepEqual(Object.values(CONTENT.cards).filter((c) => c.unit === u.id).map((c) => c.role).sort(), ['commander', 'gunner', 'navigator'], u.id);
  }
});

/** Loads cards.json altered by `f`; returns the error message (or null when accepted). */
function refusal(f: (c: any) => void, sc: unknown = scenarios): string | null {
  const c = structuredClone(cards) as any;
  f(c);
  try {
    loadContent(c, maps, sc);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

test('#1 the loader refuses a unit with fewer than 2 or more than 5 cards, naming the unit', () => {
  assert.equal(refusal(() => {}), null, 'the shipped data loads');
  assert.match(refusal((c) => { c.cards.find((x: any) => x.id === 'brk.medic-c').copies = 1; })!, /unit brk\.medic-c: has 1 combat card; a unit has 2 to 5/);
  assert.match(refusal((c) => { c.cards.find((x: any) => x.id === 'brk.nailgunner-c').copies = 6; })!, /unit brk\.nailgunner-c: has 6 combat cards/);
  assert.equal(refusal((c) => { c.cards.find((x: any) => x.id === 'brk.nailgunner-c').copies = 5; c.cards.find((x: any) => x.id === 'brk.interference').copies -= 1; }), null, '5 is allowed');
  assert.equal(CONTENT.cards['brk.medic-c'].copies, 2, 'the shipped data has a unit of exactly 2 cards, and loads');
  // a unit no card names has 0 cards
  assert.match(refusal((c) => { c.units.push({ id: 'lfa.ghost-q', faction: 'lfa', force: 1, title: 'Ghost', squad: 'Q', class: 'personnel', defence: 5 }); })!, /unit lfa\.ghost-q: has 0 combat cards/);
});

test('#1 the loader refuses a unit id used twice and a card whose unit does not exist, naming them', () => {
  assert.match(refusal((c) => { c.units.push({ ...c.units[0] }); })!, new RegExp(`unit ${c0()}: the id is used twice`));
  assert.match(refusal((c) => { c.cards.find((x: any) => x.id === 'lfa.scout-x').unit = 'lfa.scout-q'; })!, /card lfa\.scout-x: its unit lfa\.scout-q does not exist/);
  assert.match(refusal((c) => { delete c.cards.find((x: any) => x.id === 'lfa.scout-x').unit; })!, /card lfa\.scout-x: a combat card names its unit/);
});
const c0 = () => (cards as any).units[0].id.replace('.', '\\.');

test('#1 the loader refuses a faction beyond its component list (cards, personnel counters, standees)', () => {
  assert.match(refusal((c) => { c.cards.find((x: any) => x.id === 'brk.interference').copies += 1; })!, /breakers: 69 cards, more than the component list's 68/);
  assert.match(refusal((c) => {
    c.units.push({ id: 'lfa.scout-q', faction: 'lfa', force: 1, title: 'Scout', squad: 'Q', class: 'personnel', defence: 5 });
    c.cards.push({ id: 'lfa.scout-q', faction: 'lfa', type: 'combat', title: 'Scout', squad: 'Q', unit: 'lfa.scout-q', initiative: 3, actions: ['SCOUT 1'], copies: 2 });
    c.cards.find((x: any) => x.id === 'lfa.interference').copies -= 2;
  })!, /lfa: 9 personnel counters, more than the component list's 8/);
  assert.match(refusal((c) => { c.units.find((x: any) => x.id === 'brk.medic-c').class = 'vehicle'; })!, /breakers: 3 standees, more than the component list's 2/);
  assert.match(refusal((c) => { c.inventory.lfa.cards = 66; })!, /lfa: 67 cards, more than the component list's 66/);
});

test('#1 a scenario uses no more copies of a card than the box holds, naming the card', () => {
  const sc = structuredClone(scenarios) as any;
  sc.scenarios[0].factions.breakers.forces['1'].supply['brk.nailgunner-c'] += 1;
  assert.match(refusal(() => {}, sc)!, /scenario s1-by-force: uses 5 of card brk\.nailgunner-c, which has 4 copies/);
});

test('#1 the 4-player scenario with the larger forces (s5) fields every counter and standee and plays to the end', () => {
  const s5 = CONTENT.scenarios['s5-ridge-line-full'];
  assert.ok(s5.players.includes(4));
  for (const f of ['breakers', 'lfa'] as const) {
    const fs = s5.factions[f];
    const used = new Set<string>();
    for (const k of ['1', '2']) for (const z of [fs.forces[k].deck, fs.forces[k].supply]) for (const id of Object.keys(z)) if (CONTENT.cards[id].unit) used.add(CONTENT.cards[id].unit!);
    assert.equal(used.size, BOX[f].personnel + BOX[f].standees, `${f}: every unit has cards in play`);
  }
  for (const n of [4, 2]) {
    const r = randomPlayout(rs, { scenario: s5.id, seats: Array.from({ length: n }, (_, i) => ({ index: i, name: `p${i}` })), seed: `s5-${n}`, maxEntries: 3000 });
    assert.ok(r.result, `${n} players: the game ends`);
  }
});
