// Checklist items [core] #1-#14, #38-#41 and #67 (spec §15).
import { test } from 'node:test';
import { openDecisions, eventsFor } from '../../../src/engine/kernel.js';
import { randomPlayout, replay } from '../../../src/engine/playout.js';
import { CONTENT, loadContent } from '../../../src/games/undaunted-callisto/content.js';
import { parseAction, renderAction } from '../../../src/games/undaunted-callisto/notation.js';
import { act, allCards, assert, bid, decisionOf, edit, ev, isViolation, rs, scriptedRng, setHand, start, tryAct, turnOf } from './helpers.js';
import cards from '../../../src/games/undaunted-callisto/data/cards.json' with { type: 'json' };
import maps from '../../../src/games/undaunted-callisto/data/maps.json' with { type: 'json' };
import scenarios from '../../../src/games/undaunted-callisto/data/scenarios.json' with { type: 'json' };

test('#1 static data loader validates factions, units and cards', () => {
  assert.equal(CONTENT.provisional, true);
  assert.equal(CONTENT.units['lfa.scout-y'].defence, 5);
  assert.equal(CONTENT.cards['lfa.captain'].type, 'command');
  assert.equal(CONTENT.cards['lfa.gunner-v'].unit, 'lfa.mech-v');
  const bad = structuredClone(cards) as any;
  bad.cards[0].initiative = 'high';
  assert.throws(() => loadContent(bad, maps, scenarios), /cards\.json/);
  const bad2 = structuredClone(cards) as any;
  bad2.cards.find((c: any) => c.id === 'brk.supervisor').actions = ['MOVE 1'];
  assert.throws(() => loadContent(bad2, maps, scenarios), /command cards/);
  const bad3 = structuredClone(scenarios) as any;
  bad3.scenarios[0].factions.lfa.units[0].at = 'NOWHERE';
  assert.throws(() => loadContent(cards, maps, bad3), /unknown position/);
  // Box limits (G-2): per scenario at most 68 Breaker and 67 LFA cards, 13+2 / 8+5 counters.
  for (const sc of CONTENT.scenarioList) {
    for (const [f, max] of [['breakers', 68], ['lfa', 67]] as const) {
      const fs = sc.factions[f];
      let n = Object.values(fs.interference).reduce((a, b) => a + b, 0);
      for (const k of ['1', '2']) for (const z of [fs.forces[k].deck, fs.forces[k].supply]) n += Object.values(z).reduce((a, b) => a + b, 0);
      assert.ok(n <= max, `${sc.id} ${f} has ${n} cards`);
    }
  }
});

test('#2 map graph: spaces, edges, elevation, cover, points, spawns, boundaries as missing edges', () => {
  const m = CONTENT.maps['canton-plaza'];
  assert.equal(m.nodes.B.elevated, true);
  assert.equal(m.nodes.C.elevated, false);
  assert.equal(m.nodes.E.cover, 1);
  assert.equal(m.spaces.B.points, 2);
  assert.deepEqual(m.spawns('lfa', 1), ['N1']);
  assert.deepEqual(m.spawns('breakers', 2), ['S2']);
  assert.ok(!m.move([]).adj.S1.includes('N1'), 'no edge across the board');
  assert.deepEqual(m.range.adj.C, ['B', 'F', 'G', 'S1']);
  assert.equal(m.nodes.H.impassable, 'all');
});

test('#3 per-player zones: deck, hand, play area, discard, supply, casualty pile, set-aside, out-of-game', () => {
  const k = start();
  const st = k.s.seats[0];
  for (const z of ['deck', 'hand', 'play', 'supply', 'casualties', 'setAside', 'out'] as const) assert.ok(z in st);
  assert.ok(Array.isArray(st.deck.discard));
  assert.equal(st.hand.length, 4);
  assert.equal(st.deck.pool.length, 9 - 4);
  assert.deepEqual(st.supply.sort(), ['brk.blaster-b', 'brk.blaster-b', 'brk.nailgunner-c', 'brk.nailgunner-c', 'brk.ripper-b', 'brk.surveyor-c']);
});

test('#4 scenario setup places counters and markers, assigns initiative, shuffles decks, lays out supplies', () => {
  const k = start();
  assert.equal(k.s.units['lfa.scout-y'].at, 'N1');
  assert.equal(k.s.units['lfa.mech-v'].at, 'N2');
  assert.equal(k.s.units['lfa.enforcer-x'].at, null);
  assert.equal(k.s.units['brk.nailgunner-c'].suppressed, false);
  assert.deepEqual(k.s.markers.A, { lfa: 'scouted' });
  assert.deepEqual(k.s.markers.S1, { breakers: 'controlled' });
  assert.equal(k.s.initiative, 'breakers');
  assert.equal(k.s.round, 1);
  assert.equal(k.s.phase, 'bid');
  assert.equal(k.s.fac.lfa.interference.length, 6);
  assert.ok(isViolation(rs.setup({ scenario: 's1-by-force', seats: [{ index: 0, name: 'a' }], options: {} }, { seq: 0, rng: scriptedRng([]) })));
  assert.ok(isViolation(rs.setup({ scenario: 'nope', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: {} }, { seq: 0, rng: scriptedRng([]) })));
});

test('#5 seeded deterministic RNG with per-purpose streams; outcomes stored in the event log', () => {
  const o = { scenario: 's1-by-force', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], seed: 'det', maxEntries: 300 };
  const a = randomPlayout(rs, o);
  const b = randomPlayout(rs, o);
  assert.equal(a.hash, b.hash);
  assert.equal(replay(rs, o, a.entries).hash, a.hash);
  const c = randomPlayout(rs, { ...o, seed: 'other' });
  assert.notEqual(a.hash, c.hash);
  // dice faces are in the log
  let rolls = 0;
  randomPlayout(rs, { ...o, onEntry: (_k, _e, evs) => { rolls += ev(evs, 'dice_rolled').filter((x) => Array.isArray((x.data as any).faces)).length; } });
  assert.ok(rolls > 0, 'a playout of 300 entries rolls dice, and each roll is an event with its faces');
});

test('#6 draw phase: 4 cards each; the discard (with the play area cleared into it at turn end, #9) is reshuffled when the deck runs out', () => {
  let k = start();
  assert.equal(k.s.seats[0].hand.length, 4);
  assert.equal(k.s.seats[1].hand.length, 4);
  // Breakers: 2 cards left in deck (1 of them moved to the hand below), 3 in discard, 1 in play
  // area. Ending the turn puts the hand card and the play area into the discard (5 cards); the
  // next round draws the 1, reshuffles the 5 and draws 3 more, leaving 2 in the deck.
  // (Mid-turn draws never touch the play area: #19.)
  k = edit(k, (s) => {
    setHand(s, 0, []);
    const st = s.seats[0];
    st.deck.discard = st.deck.pool.slice(0, 3);
    st.play = [st.deck.pool[3]];
    st.deck.pool = st.deck.pool.slice(4, 6).concat();
    s.seats[0].hand = [];
    s.phase = 'turns'; s.bidders = []; s.order = [1, 0]; s.turn = 1; s.plays = 0; s.started = [1, 0];
    setHand(s, 0, []);
  });
  const keep = k.s.seats[0].play[0];
  const before = allCards(k.s).length;
  // seat 0 has no card: auto-ends at once; here force an end through its decision
  k = edit(k, (s) => { s.seats[0].hand = [s.seats[0].deck.pool.pop()!]; });
  const r = act(k, 0, { type: 'end' });
  assert.equal(r.k.s.round, 2);
  assert.equal(r.k.s.seats[0].hand.length, 4);
  assert.equal(ev(r.events, 'deck_reshuffled').length, 1);
  assert.deepEqual(r.k.s.seats[0].deck.discard, [], 'the whole discard was reshuffled');
  assert.equal(r.k.s.seats[0].deck.pool.length, 2);
  assert.deepEqual(r.k.s.seats[0].play, []);
  assert.ok(r.k.s.seats[0].hand.includes(keep) || r.k.s.seats[0].deck.pool.includes(keep), 'the played card went round through the discard');
  assert.equal(allCards(r.k.s).length, before);
});

test('#7 sealed initiative bid: highest wins, tie keeps the holder, bid cards discarded, one reveal event', () => {
  let k = start();
  const decs = openDecisions(rs, k);
  assert.equal(decs.length, 2);
  assert.ok(decs.every((d) => d.group?.mode === 'sealed' && d.group.id === 'bid:1' && d.timing === 'sealed'));
  k = edit(k, (s) => { setHand(s, 0, ['brk.surveyor-c', 'brk.nailgunner-c', 'brk.supervisor', 'brk.squad-leader-c']); setHand(s, 1, ['lfa.commander-v', 'lfa.scout-y', 'lfa.corp-sec-z', 'lfa.interference']); });
  // an answer (not a commit) to a sealed decision is refused by the kernel
  assert.ok(isViolation(tryAct(k, 0, { type: 'bid', card: 'brk.surveyor-c' })));
  // the service validates and holds each commit outside the log: nothing in the state, views or decisions moves
  const before = JSON.stringify([k.s, rs.view(k.s, 1), openDecisions(rs, k)]);
  const m0 = kernel.findDecision(rs, k, decs.find((d) => d.seat === 0)!.id)!;
  assert.equal(kernel.validateAnswer(rs, k, 0, m0, { type: 'bid', card: 'brk.surveyor-c' }), null);
  const badBid = kernel.validateAnswer(rs, k, 0, m0, { type: 'bid', card: 'brk.ripper-b' });
  assert.ok(badBid && badBid.code === 'not_in_hand');
  assert.equal(JSON.stringify([k.s, rs.view(k.s, 1), openDecisions(rs, k)]), before);
  const r = bid(k, { 0: 'brk.surveyor-c', 1: 'lfa.commander-v' });
  const reveal = ev(r.events, 'bids_revealed');
  assert.equal(reveal.length, 1);
  assert.equal(reveal[0].to, 'all');
  assert.deepEqual((reveal[0].data as any).bids, { 0: { card: 'brk.surveyor-c', initiative: 2 }, 1: { card: 'lfa.commander-v', initiative: 8 } });
  assert.equal(r.k.s.initiative, 'lfa');
  assert.ok(r.k.s.seats[0].deck.discard.includes('brk.surveyor-c'));
  assert.ok(r.k.s.seats[1].deck.discard.includes('lfa.commander-v'));
  assert.equal(decisionOf(r.k, 1).kind, 'turn');
  // tie: the holder (Breakers) keeps it
  const t = bid(edit(k, (s) => setHand(s, 1, ['lfa.corp-sec-z', 'lfa.scout-y', 'lfa.commander-v', 'lfa.interference'])), { 0: 'brk.nailgunner-c', 1: 'lfa.scout-y' });
  assert.equal(t.k.s.initiative, 'breakers');
  // a bid of a card not in hand is refused
  const g = openDecisions(rs, k)[0].group!.id;
  const { applyEntry } = await_import();
  assert.ok(isViolation(applyEntry(rs, k, { kind: 'sealed', group: g, commits: { 0: { type: 'bid', card: 'brk.ripper-b' }, 1: { type: 'bid', card: 'lfa.scout-y' } } }, scriptedRng([]))));
});

import * as kernel from '../../../src/engine/kernel.js';
function await_import() { return kernel; }

test('#8 turn sequencing: initiative player first, explicit end, auto-end on an empty or Interference-only hand', () => {
  let k = start();
  k = edit(k, (s) => { setHand(s, 0, ['brk.surveyor-c', 'brk.nailgunner-c', 'brk.supervisor', 'brk.squad-leader-c']); setHand(s, 1, ['lfa.commander-v', 'lfa.scout-y', 'lfa.corp-sec-z', 'lfa.interference']); });
  let r = bid(k, { 0: 'brk.supervisor', 1: 'lfa.scout-y' });
  assert.equal(r.k.s.initiative, 'breakers');
  assert.equal(decisionOf(r.k, 0).kind, 'turn');
  const wrong = kernel.applyEntry(rs, r.k, { kind: 'answer', seat: 1, decision: decisionOf(r.k, 0).id, action: { type: 'end' } }, scriptedRng([]));
  assert.ok(isViolation(wrong) && wrong.code === 'not_your_decision');
  r = act(r.k, 0, { type: 'end' });
  assert.equal(decisionOf(r.k, 1).kind, 'turn');
  // LFA plays its two non-Interference cards; holding only Interference the turn ends by itself
  r = act(r.k, 1, { type: 'play', card: 'lfa.commander-v', use: 'hunker' });
  r = act(r.k, 1, { type: 'play', card: 'lfa.corp-sec-z', use: 'hunker' });
  const ended = ev(r.events, 'turn_ended');
  assert.equal((ended[0].data as any).reason, 'only_interference');
  assert.equal(r.k.s.round, 2);
});

test('#9 end-of-turn cleanup: hand and play area go face up to the discard pile', () => {
  let k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor', 'brk.interference']);
  k = act(k, 0, { type: 'play', card: 'brk.supervisor', use: 'action', action: 1, count: 0 }).k;
  const r = act(k, 0, { type: 'end' });
  const st = r.k.s.seats[0];
  assert.deepEqual(st.play, []);
  assert.deepEqual(st.hand, []);
  for (const c of ['brk.nailgunner-c', 'brk.supervisor', 'brk.interference']) assert.ok(st.deck.discard.includes(c));
  assert.deepEqual((ev(r.events, 'turn_ended')[0].data as any).discarded, ['brk.interference', 'brk.nailgunner-c', 'brk.supervisor']);
});

test('#10 card play choice: card action, ready or hunker down, with legality checks', () => {
  const k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']);
  const codes = (a: object) => { const r = tryAct(k, 0, a); return isViolation(r) ? r.code : 'ok'; };
  assert.equal(codes({ type: 'play', card: 'brk.nailgunner-c', use: 'ready' }), 'not_suppressed');
  assert.equal(codes({ type: 'play', card: 'brk.supervisor', use: 'ready' }), 'no_unit');
  assert.equal(codes({ type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 7 }), 'bad_action_index');
  assert.equal(codes({ type: 'play', card: 'brk.ripper-b', use: 'hunker' }), 'not_in_hand');
  assert.equal(codes({ type: 'play', card: 'brk.nailgunner-c', use: 'fly' }), 'bad_use');
  assert.equal(codes({ type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 0, to: 'C', extra: 1 }), 'unknown_field');
  assert.equal(codes({ type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 0, to: 'C' }), 'ok');
  assert.equal(codes({ type: 'play', card: 'brk.nailgunner-c', use: 'hunker' }), 'ok');
});

test('#11 Interference: bid-only, unplayable, cannot be hunkered down', () => {
  const k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.interference']);
  for (const use of ['hunker', 'action', 'ready']) {
    const r = tryAct(k, 0, { type: 'play', card: 'brk.interference', use, action: 0 });
    assert.ok(isViolation(r) && r.code === 'interference_unplayable');
  }
  const c = rs.candidates(k.s, 0, rs.pending(k.s)[0] as any, 0, scriptedRng([]));
  assert.ok(!c.actions.some((a: any) => a.card === 'brk.interference'));
});

test('#12 spawn placement of an off-board counter on its first card action; none on hunker down', () => {
  let k = edit(turnOf(start(), 0, ['brk.blaster-b', 'brk.blaster-b', 'brk.supervisor']), (s) => { s.seats[0].supply = s.seats[0].supply.filter((c) => c !== 'brk.blaster-b'); });
  let r = act(k, 0, { type: 'play', card: 'brk.blaster-b', use: 'hunker' });
  assert.equal(r.k.s.units['brk.blaster-b'].at, null);
  r = act(r.k, 0, { type: 'play', card: 'brk.blaster-b', use: 'action', action: 0, to: 'S2' });
  assert.equal(r.k.s.units['brk.blaster-b'].at, 'S2');
  assert.deepEqual(ev(r.events, 'unit_placed')[0].data, { unit: 'brk.blaster-b', at: 'S2' });
  // several spawn spaces (Kepler station, Breakers force 2): the owner chooses
  k = turnOf(start('s3-kepler-station'), 0, ['brk.ripper-b', 'brk.supervisor']);
  const v = tryAct(k, 0, { type: 'play', card: 'brk.ripper-b', use: 'action', action: 2 });
  assert.ok(isViolation(v) && v.code === 'spawn_required');
  r = act(k, 0, { type: 'play', card: 'brk.ripper-b', use: 'action', action: 2, spawn: 'H2' });
  assert.equal(r.k.s.units['brk.ripper-b'].at, 'H2');
});

test('#13 hunker down returns the card to the supply', () => {
  const k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']);
  const r = act(k, 0, { type: 'play', card: 'brk.supervisor', use: 'hunker' });
  assert.ok(r.k.s.seats[0].supply.includes('brk.supervisor'));
  assert.ok(!r.k.s.seats[0].play.includes('brk.supervisor'));
});

test('#14 suppressed units: no actions, only Ready or Hunker down; standee bonus off while suppressed', () => {
  let k = edit(turnOf(start(), 1, ['lfa.navigator-v', 'lfa.corp-sec-z']), (s) => { s.units['lfa.mech-v'].suppressed = true; s.units['lfa.corp-sec-z'].at = 'N2'; });
  const v = tryAct(k, 1, { type: 'play', card: 'lfa.navigator-v', use: 'action', action: 1 });
  assert.ok(isViolation(v) && v.code === 'unit_suppressed');
  const cands = rs.candidates(k.s, 1, rs.pending(k.s)[0] as any, 0, scriptedRng([])).actions.filter((a: any) => a.card === 'lfa.navigator-v');
  assert.deepEqual(cands.map((a: any) => a.use).sort(), ['hunker', 'ready']);
  // Corp-Sec Z next to the suppressed mech: no bonus; ready it: +2
  const { defenceOf } = geometry;
  const d0 = defenceOf(k.s, 'D', 'lfa.corp-sec-z');
  const r = act(k, 1, { type: 'play', card: 'lfa.navigator-v', use: 'ready' });
  assert.equal(r.k.s.units['lfa.mech-v'].suppressed, false);
  const d1 = defenceOf(r.k.s, 'D', 'lfa.corp-sec-z');
  assert.equal(d1.total - d0.total, 2);
});

import * as geometry from '../../../src/games/undaunted-callisto/geometry.js';

test('#38 per-player redacted views: hands, deck order, casualty piles, pending bids', () => {
  let k = start();
  k = edit(k, (s) => { s.seats[1].casualties.push({ card: 'lfa.gunner-v', unit: 'lfa.mech-v' }); s.seats[1].deck.pool = s.seats[1].deck.pool.filter((c) => c !== 'lfa.gunner-v'); });
  const mine = rs.view(k.s, 0);
  const theirs = mine.seats[1];
  assert.equal(theirs.hand, undefined);
  assert.equal(theirs.deck, undefined);
  assert.deepEqual(theirs.casualties, [{ unit: 'lfa.mech-v' }]);
  assert.equal(theirs.handCount, 4);
  assert.deepEqual(mine.seats[0].hand, k.s.seats[0].hand);
  const spectator = rs.view(k.s, null);
  assert.ok(spectator.seats.every((x: any) => x.hand === undefined));
  // the pending bid lives outside the state: committing changes nothing visible (sealed groups are held by the service)
  assert.ok(!('bids' in spectator) && !('commits' in spectator));
  // draw events are redacted for others
  const setup = rs.setup({ scenario: 's1-by-force', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: {} }, { seq: 0, rng: scriptedRng([]) }) as any;
  for (const e of eventsFor(setup.events, 0, false).filter((x) => x.type === 'cards_drawn')) {
    const d = e.data as any;
    if (d.seat === 1) assert.equal(d.cards, undefined);
    else assert.equal(d.cards.length, 4);
  }
});

test('#39 event-sourced log with replay from stored outcomes', () => {
  const o = { scenario: 's2-cargo-span', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], seed: 'replay', maxEntries: 400 };
  const a = randomPlayout(rs, o);
  const b = replay(rs, o, a.entries);
  assert.equal(b.hash, a.hash);
  assert.deepEqual(b.k.s, a.k.s);
});

test('#40 legal-move enumeration: candidates are the complete legal set and all validate', () => {
  let k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor', 'brk.squad-leader-c', 'brk.surveyor-c']);
  const d = rs.pending(k.s)[0] as any;
  const c = rs.candidates(k.s, 0, d, 1, scriptedRng([]));
  assert.equal(c.all, true);
  for (const a of c.actions) assert.equal(rs.validate(k.s, 0, d, a), null, JSON.stringify(a));
  // a few illegal neighbours of legal actions are refused
  assert.ok(rs.validate(k.s, 0, d, { type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 0, to: 'B' } as any));
  assert.ok(!c.actions.some((a: any) => a.to === 'B' && a.card === 'brk.nailgunner-c'));
  assert.ok(c.actions.some((a: any) => a.card === 'brk.nailgunner-c' && a.to === 'C'));
  assert.ok(c.actions.some((a: any) => a.type === 'end'));
});

test('#41 action-notation parser and renderer', () => {
  assert.deepEqual(parseAction('MOVE 1'), { kind: 'MOVE', value: 1 });
  assert.deepEqual(parseAction('BOLSTER 1A'), { kind: 'BOLSTER', value: 1, squad: 'A' });
  assert.deepEqual(parseAction('ATTACK 2 P R2 AREA'), { kind: 'ATTACK', value: 2, targets: ['personnel'], range: 2, area: true });
  assert.deepEqual(parseAction('ATTACK 3 VS R0'), { kind: 'ATTACK', value: 3, targets: ['vehicleOrMech', 'structure'], range: 0 });
  assert.deepEqual(parseAction('CONTROL'), { kind: 'CONTROL', value: 0 });
  for (const t of ['MOVE 1', 'BOLSTER 1A', 'ATTACK 2 P R2 AREA', 'PULSE 1 PV R0', 'RECON', 'DOORS', 'PATHFIND 2B', 'SUPPRESS 2 P R1 AREA']) assert.equal(renderAction(parseAction(t)), t);
  for (const t of ['MOVE', 'MOVE 1A', 'ATTACK 2', 'PULSE 2 S', 'FLY 2', 'CONTROL 1', 'ATTACK 2 Q']) assert.throws(() => parseAction(t), Error, t);
});

test('#67 provisional Scenario 1 replays the example round', () => {
  let k = start('s1-by-force');
  k = edit(k, (s) => {
    setHand(s, 0, ['brk.nailgunner-c', 'brk.squad-leader-c', 'brk.supervisor', 'brk.surveyor-c']);
    setHand(s, 1, ['lfa.commander-v', 'lfa.scout-y', 'lfa.corp-sec-z', 'lfa.interference']);
  });
  let r = bid(k, { 0: 'brk.surveyor-c', 1: 'lfa.commander-v' });
  assert.equal(r.k.s.initiative, 'lfa');
  // Isaac: Scout Y SCOUT 2 into A (already scouted) then B: one marker, one Interference to his discard
  r = act(r.k, 1, { type: 'play', card: 'lfa.scout-y', use: 'action', action: 0, path: ['A', 'B'] });
  assert.deepEqual(r.k.s.markers.B, { lfa: 'scouted' });
  assert.equal(r.k.s.seats[1].deck.discard.filter((c) => c === 'lfa.interference').length, 1);
  assert.equal(r.k.s.fac.lfa.interference.length, 5);
  // Corp-Sec Z MOVE 1 into A; the Interference left in hand ends his turn
  r = act(r.k, 1, { type: 'play', card: 'lfa.corp-sec-z', use: 'action', action: 0, to: 'A' });
  assert.equal(r.k.s.units['lfa.corp-sec-z'].at, 'A');
  assert.equal(decisionOf(r.k, 0).kind, 'turn');
  // Ann: Nailgunner C MOVE 1 into C, Squad Leader C INSPIRE 1 (Nailgunner C), Nailgunner C ATTACK 2 on Scout Y
  r = act(r.k, 0, { type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 0, to: 'C' });
  r = act(r.k, 0, { type: 'play', card: 'brk.squad-leader-c', use: 'action', action: 0, cards: ['brk.nailgunner-c'] });
  assert.ok(r.k.s.seats[0].hand.includes('brk.nailgunner-c'));
  const d = geometry.defenceOf(r.k.s, 'C', 'lfa.scout-y');
  assert.deepEqual(d, { total: 6, die: 8, parts: { base: 5, cover: 0, additional: 0, range: 1 } });
  assert.equal(geometry.defenceOf(r.k.s, 'C', 'lfa.corp-sec-z').die, 10);
  r = act(r.k, 0, { type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 1, target: 'lfa.scout-y' }, [2, 6]);
  const roll = ev(r.events, 'dice_rolled')[0].data as any;
  assert.deepEqual(roll.faces, [3, 7]);
  assert.equal(roll.die, 'd8');
  assert.equal(roll.success, true);
  // Isaac's hand is empty: the Scout Y card comes from his discard, no decision needed
  const cas = ev(r.events, 'casualty')[0];
  assert.deepEqual(cas.data, { seat: 1, unit: 'lfa.scout-y', zone: 'discard', card: 'lfa.scout-y' });
  assert.equal(cas.to, 'all');
  assert.deepEqual(r.k.s.seats[1].casualties, [{ card: 'lfa.scout-y', unit: 'lfa.scout-y' }]);
  // Supervisor BOLSTER 3: two Nailgunner C and a Ripper B from supply to discard; empty hand ends the round
  r = act(r.k, 0, { type: 'play', card: 'brk.supervisor', use: 'action', action: 0, cards: ['brk.nailgunner-c', 'brk.nailgunner-c', 'brk.ripper-b'] });
  assert.equal(r.k.s.round, 2);
  assert.ok(!r.k.s.seats[0].supply.includes('brk.nailgunner-c'));
  assert.equal(r.k.s.seats[0].supply.filter((c) => c === 'brk.ripper-b').length, 0);
});

test('#40 choices disclose a play field by field; query gives odds, range and reach from a view', () => {
  const k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']);
  const d = rs.pending(k.s)[0];
  const c0 = rs.choices!(k.s, 0, d, {}) as any;
  assert.equal(c0.field, 'type');
  assert.deepEqual(c0.oneOf.map((o: any) => o.value).sort(), ['end', 'play']);
  const c1 = rs.choices!(k.s, 0, d, { type: 'play' }) as any;
  assert.deepEqual(c1.oneOf.map((o: any) => o.value), ['brk.nailgunner-c', 'brk.supervisor']);
  const c2 = rs.choices!(k.s, 0, d, { type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 0 }) as any;
  assert.equal(c2.field, 'to');
  assert.deepEqual(c2.oneOf.map((o: any) => o.value), ['C', 'S1', 'S2']);
  assert.deepEqual(rs.choices!(k.s, 0, d, { type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 0, to: 'C' }), { done: true });
  assert.deepEqual(rs.choices!(k.s, 0, d, { type: 'end' }), { done: true });
  const v = rs.view(k.s, null);
  assert.equal(rs.query!(v, 'range', { from: 'C', to: 'A' }), 2);
  const odds = rs.query!(v, 'odds', { from: 'C', target: 'lfa.scout-y', dice: 2 }) as any;
  // Scout Y still in N1: base 5 + cover 1 + range 2 (C-G-N1), level: d10
  assert.equal(odds.die, 10);
  assert.equal(odds.total, 5 + 1 + 2);
  assert.ok(Math.abs(odds.pHit - (1 - (1 - 3 / 10) ** 2)) < 1e-9);
  assert.deepEqual(rs.query!(v, 'reach', { unit: 'brk.nailgunner-c', steps: 1 }), ['C', 'S1', 'S2']);
});

test('#29 standing orders: a casualty preference answers the defender\'s decision', () => {
  const order = { id: 'o1', match: { kind: 'casualty' }, rule: { prefer: ['lfa.navigator-v', 'lfa.gunner-v'] } };
  const d = { id: 'x', seat: 1, kind: 'casualty', blocking: true, timing: 'reaction' as const, context: [], exposes: {}, prompt: { options: ['lfa.commander-v', 'lfa.gunner-v'] } };
  const v = rs.view(start().s, 1);
  assert.equal(rs.covers!(rs.view(start().s, null), d, order), true);
  assert.deepEqual(rs.answer!(v, d, order), { type: 'casualty', card: 'lfa.gunner-v' });
  assert.equal(rs.covers!(v, { ...d, kind: 'turn' }, order), false);
});

test('evaluate (greedy heuristic) and determinize (AI hooks)', () => {
  const k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']);
  const base = rs.evaluate!(k.s, 0);
  assert.equal(typeof base, 'number');
  const better = edit(k, (s) => { s.markers.B = { breakers: 'controlled' }; });
  assert.ok(rs.evaluate!(better.s, 0) > base);
  assert.ok(rs.evaluate!(better.s, 1) < rs.evaluate!(k.s, 1));
  const won = act(edit(k, (s) => { s.units['brk.nailgunner-c'].at = 'B'; s.markers.E = { breakers: 'controlled' }; s.markers.F = { breakers: 'controlled' }; }), 0, { type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 2 });
  assert.equal(rs.evaluate!(won.k.s, 0), 1e6);
  assert.equal(rs.evaluate!(won.k.s, 1), -1e6);
  // determinize: own hand kept, the opponent's hand drawn from its unseen pool with the right size
  const v = rs.view(k.s, 0);
  const det = rs.determinize!(v, 0, scriptedRng([], 'det'));
  assert.deepEqual(det.seats[0].hand, k.s.seats[0].hand);
  assert.equal(det.seats[1].hand.length, k.s.seats[1].hand.length);
  assert.deepEqual([...det.seats[1].hand, ...det.seats[1].deck.pool].sort(), [...k.s.seats[1].hand, ...k.s.seats[1].deck.pool].sort());
  assert.deepEqual(rs.view(det, 0), v);
});
