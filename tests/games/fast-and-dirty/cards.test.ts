// Checklist items #99 (simple card sequence), #100 (extended: 2 cards per unit), #101 (the Plasma
// Cooler card) and #102 (expanded: Commander cards) of §5.1. The deck is the kernel's draw-late
// deck: no view holds the order of the cards still to come.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, seats, setup, squad, tryAct, unitOf } from './helpers.js';
import { localRng } from '../../../src/engine/rng.js';
import { newDeck } from '../../../src/engine/mech/deck.js';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { dealCards } from '../../../src/games/fast-and-dirty/rules/cards.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import { isViolation, type GameEvent } from '../../../src/engine/types.js';
import type { S } from '../../../src/games/fast-and-dirty/state.js';

/** Plays the defaults (the kernel's default actions) until the turn changes; the events on the way. */
function playTurn(s0: S, seed: string): { s: S; events: GameEvent[] } {
  let s = s0;
  const events: GameEvent[] = [];
  const rng = localRng(seed);
  const turn = s.turn;
  for (let i = 0; i < 400 && s.turn === turn && !s.result; i++) {
    const d = decision(s);
    const r = fastAndDirty.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action: fastAndDirty.defaultAction(s, d) }, { seq: i, rng: rng.fork(`e${i}`) });
    if (isViolation(r)) throw new Error(r.code);
    s = r.state;
    events.push(...r.events);
  }
  return { s, events };
}
const activations = (events: GameEvent[]) => evOf(events, 'activated').map((e) => e.unit as string);

test('#99 simple card sequence: one card per unit, the drawn unit activates, the turn ends with the deck (§5.1)', () => {
  const s = setup('firefight', { cardSequence: 'simple' });
  assert.equal(s.initiative, null, 'no initiative roll');
  assert.equal(s.phase, 'activate');
  const drawn = (s.cards!.drawn as { unit: string }).unit;
  assert.equal(decision(s).seat, unitOf(s, drawn).side, 'the drawn unit\'s side decides');
  assert.equal(s.cards!.deck.pool.length, 5, '6 units, one card drawn');
  // Only the drawn unit may activate.
  const another = s.units.find((u) => u.side === unitOf(s, drawn).side && u.id !== drawn)!;
  assert.equal((tryAct(s, { type: 'activate', unit: another.id }) as { code: string }).code, 'not_drawn');
  const r = playTurn(s, 'cards-simple');
  const acts = activations(r.events);
  assert.equal(acts[0], drawn);
  assert.deepEqual([...acts].sort(), ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'], 'each unit once');
  assert.equal(r.s.turn, 2);
  assert.ok(evOf(r.events, 'cards_dealt').length === 1, 'a new deck for turn 2');
});

test('#99 card sequence: no view holds the order of the cards to come', () => {
  const s = setup('firefight', { cardSequence: 'simple' });
  for (const seat of [0, 1, null]) {
    const v = fastAndDirty.view(s, seat as never);
    assert.deepEqual(v.cards!.deck.top, [], 'no known top card');
    assert.deepEqual(v.cards!.deck.pool, [...v.cards!.deck.pool].sort(), 'the rest is an unordered (sorted) multiset');
  }
  // The next card is drawn from the rng when the activation ends: different seeds draw differently.
  const firsts = new Set<string>();
  for (let i = 0; i < 12; i++) {
    const d = decision(s);
    let k = fastAndDirty.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action: fastAndDirty.defaultAction(s, d) }, { seq: 1, rng: localRng(`a${i}`) });
    if (isViolation(k)) throw new Error(k.code);
    const d2 = decision(k.state);
    k = fastAndDirty.apply(k.state, { kind: 'answer', seat: d2.seat, decision: d2.key, action: fastAndDirty.defaultAction(k.state, d2) }, { seq: 2, rng: localRng(`b${i}`) });
    if (isViolation(k)) throw new Error(k.code);
    const c = evOf(k.events, 'card_drawn')[0];
    if (c) firsts.add(String(c.card));
  }
  assert.ok(firsts.size > 1, 'the draw is not fixed in the state');
});

test('#100 extended card sequence: 2 cards per unit, each unit activates twice in the turn (§5.1)', () => {
  const s = setup('firefight', { cardSequence: 'extended' });
  assert.equal(s.cards!.deck.pool.length, 11);
  const drawn = (s.cards!.drawn as { unit: string }).unit;
  const r = playTurn(s, 'cards-extended');
  const acts = activations(r.events);
  assert.equal(acts.length, 12);
  assert.equal(acts[0], drawn);
  for (const id of ['A1', 'A2', 'A3', 'B1', 'B2', 'B3']) assert.equal(acts.filter((x) => x === id).length, 2, id);
  assert.equal(r.s.turn, 2);
});

test('#101 Plasma Cooler: drawn, the turn ends at once (§5.1)', () => {
  // 'cooler' sorts first in the pool: the scripted draw 0 takes it.
  const s = setup('firefight', { cardSequence: 'simple', plasmaCooler: true }, [0]);
  assert.equal(s.turn, 2, 'no unit within short range of an enemy: the turn is over');
  assert.ok(s.units.every((u) => !u.activated));
});

/** A1 has activated; the deck holds the Cooler, A2, B1 and B2; B1 stands 7" from A1 and A2, B2 far away. */
function coolerField(name: string) {
  const s = craft({ name, active: 'A1', options: { cardSequence: 'simple', plasmaCooler: true }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'A2', side: 0, spec: squad('regular', 3), at: row(1800, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1400, 1200, 3) },
    { id: 'B2', side: 1, spec: squad('regular', 3), at: row(3000, 4500, 3) },
  ] });
  s.cards = { deck: newDeck(['cooler', 'unit:A2', 'unit:B1', 'unit:B2']), drawn: null, last: 0, cooler: null };
  return s;
}

test('#101 Plasma Cooler: units that have not activated fire at targets within short range, one at a time, sides alternating from the last activated unit\'s side', () => {
  const r = act(coolerField('cooler-fire'), hold, [0]);
  assert.ok(evOf(r.events, 'plasma_cooler').length);
  const d = decision(r.s);
  assert.equal(d.kind, 'cooler');
  assert.equal(d.seat, 0, 'A1 (side 0) activated last');
  assert.deepEqual((d.exposes as { eligible: unknown }).eligible, [{ unit: 'A2', targets: ['B1'] }], 'A1 has activated; B2 is beyond short range');
  assert.equal((tryAct(r.s, { type: 'cooler', unit: 'A1', target: 'B1' }) as { code: string }).code, 'not_eligible');
  assert.equal((tryAct(r.s, { type: 'cooler', unit: 'A2', target: 'B2' }) as { code: string }).code, 'out_of_short_range');
  const a = act(r.s, { type: 'cooler', unit: 'A2', target: 'B1' }, faces(1, 1, 1, 6, 1, 6, 1, 6));
  assert.equal(evOf(a.events, 'shot')[0].unit, 'A2');
  assert.equal(decision(a.s).seat, 1, 'then side 1');
  assert.equal(decision(a.s).kind, 'cooler');
  const b = act(a.s, { type: 'cooler', unit: 'B1', target: 'A1' }, faces(1, 1, 1, 6, 1, 6, 1, 6));
  assert.equal(evOf(b.events, 'shot')[0].unit, 'B1');
  assert.equal(b.s.turn, 2, 'nobody left to fire: the turn ends');
  // Passing ends a side's fire for the turn.
  const p = act(r.s, { type: 'cooler', unit: null, target: null });
  assert.equal(decision(p.s).seat, 1);
  assert.equal(act(p.s, { type: 'cooler', unit: null, target: null }).s.turn, 2);
});

test('#102 expanded card sequence: a Commander card lets its side activate any of its units, one that already activated too (§5.1)', () => {
  const leader = { name: 'Lt', kind: 'character' as const, quality: 'regular' as const, resolve: 'steady' as const, character: { leadership: 'experienced' as const, branch: 'infantry' as const }, figures: [{ weapon: 'assaultRifle', armour: 'light' }] };
  const s = craft({ name: 'commander', active: 'A1', options: { cardSequence: 'expanded' }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'A2', side: 0, spec: leader as never, at: [[2000, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  s.cards = { deck: newDeck(['commander:A2', 'cooler', 'unit:A2', 'unit:B1']), drawn: null, last: 0, cooler: null };
  const r = act(s, hold, [0]);
  assert.equal(evOf(r.events, 'card_drawn')[0].card, 'commander:A2');
  const d = decision(r.s);
  assert.equal(d.kind, 'activate');
  assert.equal(d.seat, 0);
  const units = fastAndDirty.candidates(r.s, 0, d, 10, null as never).actions.filter((a) => a.type === 'activate' && !a.lastStand).map((a) => (a as { unit: string }).unit);
  assert.deepEqual(units.sort(), ['A1', 'A2'], 'A1 again, or the commander');
  const again = act(r.s, { type: 'activate', unit: 'A1' });
  assert.equal(again.s.active, 'A1');
  // Without communications the Commander card activates the commander only.
  const nc = structuredClone(r.s);
  nc.options.noComms = { 0: true };
  assert.equal((tryAct(nc, { type: 'activate', unit: 'A1' }) as { code: string }).code, 'not_drawn');
});

test('#99-#102 card sequences: a random game of each plays to its end through the kernel', () => {
  for (const cardSequence of ['simple', 'extended', 'expanded']) {
    let s = fastAndDirty.setup({ scenario: 'firefight', seats, options: { cardSequence, plasmaCooler: true, turnLimit: 3 } }, { seq: 0, rng: localRng(`c-${cardSequence}`) });
    if (isViolation(s)) throw new Error(s.code);
    const r = playTurn(playTurn(playTurn(s.state, `${cardSequence}1`).s, `${cardSequence}2`).s, `${cardSequence}3`);
    assert.ok(r.s.result, `${cardSequence}: ended`);
  }
});

test('#99-#102 #110 #71 kernel conformance (replay, candidates, defaults, determinize) of a random firefight with cards, the Plasma Cooler, crossfires and tasks', () => {
  for (const cardSequence of ['extended', 'expanded']) {
    const r = checkPlayout(fastAndDirty, 'firefight', seats, `fad-cards-${cardSequence}`, 3000, { cardSequence, plasmaCooler: true, reactionCards: 2, crossfires: true, pinning: true, opportunityFire: true, tasks: [{ id: 'relay', at: [2400, 2400], onFailure: 'pinned', points: 2 }] });
    assert.deepEqual(r.problems, []);
    assert.ok(r.ended);
  }
});

test('#102 expanded card sequence: a Reaction card is set aside, and the next unit card lets one opposing unit with LOS fire at that unit before it acts (§5.1)', () => {
  const mk = () => {
    const s = craft({ name: 'reaction', active: 'A1', options: { cardSequence: 'expanded' }, units: [
      { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
      { id: 'A2', side: 0, spec: squad('regular', 3), at: row(1800, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1400, 1400, 3) },
      { id: 'B2', side: 1, spec: squad('regular', 3), at: row(3000, 4500, 3) },
    ] });
    s.cards = { deck: newDeck(['reaction', 'unit:A2', 'unit:B1', 'unit:B2']), drawn: null, last: 0, cooler: null };
    return s;
  };
  // Draw 0: the Reaction card; draw 1 of the rest (A2, B1, B2): B1.
  const r = act(mk(), hold, [0, 1]);
  const d = decision(r.s);
  assert.equal(d.kind, 'react');
  assert.equal(d.seat, 0, 'the opposing side reacts');
  assert.deepEqual((d.exposes as { eligible: string[] }).eligible, ['A1', 'A2'], 'A1 has activated but may react too');
  assert.equal((tryAct(r.s, { type: 'react', unit: 'B2', moves: [] }) as { code: string }).code, 'not_eligible');
  const a = act(r.s, { type: 'react', unit: 'A2', moves: [] }, faces(1, 1, 1, 6, 1, 6, 1, 6));
  assert.equal(evOf(a.events, 'shot')[0].unit, 'A2');
  assert.equal(evOf(a.events, 'shot')[0].target, 'B1');
  assert.equal(unitOf(a.s, 'A2').activated, false, 'the reacting unit keeps its activation');
  const next = decision(a.s);
  assert.equal(next.kind, 'activate');
  assert.equal(next.seat, 1);
  assert.equal(act(a.s, { type: 'activate', unit: 'B1' }).s.active, 'B1');
  // Or a normal move directly towards it (or to cover, or away); not a mix.
  const towards = act(r.s, { type: 'react', unit: 'A2', moves: [{ fig: 'A2.1', path: [[1800, 800]] }, { fig: 'A2.2', path: [[2020, 800]] }, { fig: 'A2.3', path: [[2240, 800]] }] });
  assert.deepEqual(unitOf(towards.s, 'A2').figures[0].at, [1800, 800]);
  assert.equal(evOf(towards.events, 'shot').length, 0, 'no fire with a move');
  assert.equal(decision(towards.s).kind, 'activate');
  assert.equal(decision(towards.s).seat, 1);
  const mixed = tryAct(r.s, { type: 'react', unit: 'A2', moves: [{ fig: 'A2.1', path: [[1800, 800]] }, { fig: 'A2.3', path: [[2240, 300]] }] });
  assert.equal((mixed as { code: string }).code, 'reaction_move');
  // Without the Reaction card the unit card just activates.
  const plain = mk();
  plain.cards!.deck = newDeck(['unit:A2', 'unit:B1', 'unit:B2']);
  assert.equal(decision(act(plain, hold, [1]).s).kind, 'activate');
});

test('#102 expanded card sequence: an Inspiration card per good (veteran) squad leader; its side\'s squad led by one Moves 3", loses Under Fire or will pass its next morale test (§5.1)', () => {
  const led = { name: 'Led', quality: 'regular' as const, resolve: 'steady' as const, figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 2 }] };
  const mk = () => {
    const s = craft({ name: 'inspiration', active: 'A2', options: { cardSequence: 'expanded' }, units: [
      { id: 'A1', side: 0, spec: led, at: row(1000, 500, 3) },
      { id: 'A2', side: 0, spec: squad('regular', 3), at: row(2000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
    ] });
    const a1 = s.units.find((u) => u.id === 'A1')!;
    a1.leaderRating = 'veteran';
    a1.underFire = true;
    s.cards = { deck: newDeck(['inspiration:A1', 'unit:B1']), drawn: null, last: 0, cooler: null };
    return s;
  };
  const deal = mk();
  dealCards(deal, new Run(null));
  assert.deepEqual(deal.cards!.deck.pool.filter((c) => c.startsWith('inspiration:')), ['inspiration:A1'], 'one card for the one veteran leader');
  const r = act(mk(), hold, [0]);
  const d = decision(r.s);
  assert.equal(d.kind, 'inspire');
  assert.equal(d.seat, 0);
  assert.deepEqual((d.exposes as { eligible: string[] }).eligible, ['A1'], 'A2 has no good squad leader');
  assert.equal((tryAct(r.s, { type: 'inspire', unit: 'A2', effect: 'passMorale', moves: [] }) as { code: string }).code, 'not_inspired');
  const uf = act(r.s, { type: 'inspire', unit: 'A1', effect: 'removeUnderFire', moves: [] });
  assert.equal(unitOf(uf.s, 'A1').underFire, false);
  assert.equal(decision(uf.s).seat, 1, 'then the next card (B1)');
  assert.equal(unitOf(act(r.s, { type: 'inspire', unit: 'A1', effect: 'passMorale', moves: [] }).s, 'A1').emboldened, true, 'its next morale test is passed (skipped, like Embolden)');
  const far = [{ fig: 'A1.1', path: [[1000, 900]] as [number, number][] }];
  assert.equal((tryAct(r.s, { type: 'inspire', unit: 'A1', effect: 'move', moves: far }) as { code: string }).code, 'beyond_allowance');
  const mv = act(r.s, { type: 'inspire', unit: 'A1', effect: 'move', moves: [{ fig: 'A1.1', path: [[1000, 800]] }, { fig: 'A1.2', path: [[1220, 800]] }, { fig: 'A1.3', path: [[1440, 800]] }] });
  assert.deepEqual(unitOf(mv.s, 'A1').figures[0].at, [1000, 800], 'Move 3"');
  // Dead leader: no Inspiration.
  const dead = mk();
  dead.units.find((u) => u.id === 'A1')!.figures[0].alive = false;
  assert.equal(decision(act(dead, hold, [0]).s).kind, 'activate', 'the card passes');
});

test('#102 #112 kernel conformance of a random game with the expanded deck and generated squad leaders (Inspiration cards)', () => {
  const r = checkPlayout(fastAndDirty, 'firefight', seats, 'fad-cards-inspire', 3000, { cardSequence: 'expanded', reactionCards: 1, generate: { method: 'basic', squadLeaders: true }, turnLimit: 3 });
  assert.deepEqual(r.problems, []);
  assert.ok(r.ended);
});

test('#102 expanded card sequence: Inspiration\'s "roll to recover 1 wounded trooper" is the Recover Wounded roll of one untreated wounded of the squad, no aid team (§5.1, §7.23)', () => {
  const led = { name: 'Led', quality: 'regular' as const, resolve: 'steady' as const, figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 3 }] };
  const mk = (wounds = true) => {
    const s = craft({ name: 'inspiration-wounded', active: 'A2', options: { cardSequence: 'expanded', ...(wounds ? { recoverWounded: true } : {}) }, units: [
      { id: 'A1', side: 0, spec: led, at: row(1000, 500, 4) },
      { id: 'A2', side: 0, spec: squad('regular', 3), at: row(2400, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
    ] });
    const a1 = s.units.find((u) => u.id === 'A1')!;
    a1.leaderRating = 'veteran';
    if (wounds) for (const i of [2, 3]) { a1.figures[i].alive = false; a1.figures[i].wounded = 'wounded'; }
    s.cards = { deck: newDeck(['inspiration:A1', 'unit:B1']), drawn: null, last: 0, cooler: null };
    return act(s, hold, [0]).s;
  };
  const s = mk();
  assert.equal(decision(s).kind, 'inspire');
  const cands = fastAndDirty.candidates(s, 0, decision(s), 10, null as never).actions as { effect?: string }[];
  assert.ok(cands.some((a) => a.effect === 'recoverWounded'), 'offered to the bots while the squad has wounded');
  const code = (st: S, a: object) => (tryAct(st, { type: 'inspire', unit: 'A1', effect: 'recoverWounded', moves: [], ...a }) as { code?: string }).code;
  assert.equal(code(s, { wounded: 'A1.2' }), 'not_wounded', 'A1.2 is healthy');
  assert.equal(code(mk(false), {}), 'no_wound_rules');
  const none = mk();
  for (const f of unitOf(none, 'A1').figures) { f.alive = true; delete f.wounded; }
  assert.equal(code(none, {}), 'no_wounded');
  // 6: recovered, back in action.
  const up = act(s, { type: 'inspire', unit: 'A1', effect: 'recoverWounded', moves: [], wounded: 'A1.4' }, faces(6));
  assert.equal(unitOf(up.s, 'A1').figures[3].alive, true, 'A1.4 recovered on a 6');
  assert.equal(unitOf(up.s, 'A1').figures[2].wounded, 'wounded', 'only the one trooper is rolled for');
  assert.deepEqual(evOf(up.events, 'recovery').map((e) => [e.figure, e.result]), [['A1.4', 'recovered']]);
  // 4-5 stabilized, 1-3 dies; the default figure is the first untreated one.
  const stab = act(s, { type: 'inspire', unit: 'A1', effect: 'recoverWounded', moves: [] }, faces(4));
  assert.equal(unitOf(stab.s, 'A1').figures[2].wounded, 'stabilized');
  const died = act(s, { type: 'inspire', unit: 'A1', effect: 'recoverWounded', moves: [] }, faces(3));
  assert.equal(unitOf(died.s, 'A1').figures[2].wounded, undefined);
  assert.equal(unitOf(died.s, 'A1').figures[2].alive, false, 'died of the wounds');
  assert.equal(decision(died.s).seat, 1, 'then the next card (B1)');
});

test('#102 Reaction and Inspiration cards: the sampled answers include a reaction move (towards the drawn unit, to cover or away) and an Inspiration\'s 3" move, each accepted by validate (§5.1)', () => {
  const s = craft({ name: 'cards-moves', active: 'A2', options: { cardSequence: 'expanded' }, units: [
    { id: 'A1', side: 0, spec: { ...squad('regular', 3), figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 2 }] }, at: row(1800, 1300, 3) },
    { id: 'A2', side: 0, spec: squad('regular', 1), at: [[4000, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1800, 3200, 3) },
  ] });
  unitOf(s, 'A1').leaderRating = 'veteran';
  s.cards = { deck: newDeck(['inspiration:A1', 'reaction', 'unit:B1']), drawn: null, last: 0, cooler: null };
  const w = act(s, hold, [0]);
  assert.equal(decision(w.s).kind, 'inspire');
  const ins = fastAndDirty.candidates(w.s, 0, decision(w.s), 10, localRng('i')).actions;
  assert.ok(ins.some((a) => a.type === 'inspire' && a.effect === 'move' && a.moves.length), `an Inspiration move is offered: ${JSON.stringify(ins)}`);
  for (const a of ins) assert.equal(fastAndDirty.validate(w.s, 0, decision(w.s), a), null, JSON.stringify(a));
  const r = act(w.s, { type: 'inspire', unit: null, moves: [] }, [0, 0]);
  assert.equal(decision(r.s).kind, 'react');
  const re = fastAndDirty.candidates(r.s, 0, decision(r.s), 10, localRng('r')).actions;
  const moves = re.filter((a) => a.type === 'react' && a.moves.length);
  assert.ok(moves.length >= 2, `reaction moves are offered (towards B1 and away): ${JSON.stringify(re)}`);
  for (const a of re) assert.equal(fastAndDirty.validate(r.s, 0, decision(r.s), a), null, JSON.stringify(a));
});
