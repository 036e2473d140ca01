// Undaunted 2200: Callisto in words, read directly (describe.ts): the label of every action and
// the text of every event the rules emit (rules.ts `run.all(...)` data shapes), in the rulebook's
// terms: a card or unit by its title and squad (Nailgunner C, Supervisor), the action by its
// printed notation (MOVE 1, ATTACK 2 P), the factions as the Breakers and the LFA, doors and
// structures by their ids. Unknown ids, missing fields and unknown events are named as they
// are, never thrown on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describe, label } from '../../../src/games/undaunted-callisto/describe.js';
import type { Action } from '../../../src/games/undaunted-callisto/rules.js';
import type { View } from '../../../src/games/undaunted-callisto/view.js';

const v = {} as View;
const L = (a: object) => label(v, 0, a as Action);
const D = (type: string, data?: unknown) => describe(v, { type, data });

test('labels: end, bid, casualty, strike, push', () => {
  assert.equal(L({ type: 'end' }), 'End the turn');
  assert.equal(L({ type: 'bid', card: 'brk.supervisor' }), 'Bid Supervisor (initiative 6)', 'a card without a squad');
  assert.equal(L({ type: 'bid', card: 'lfa.scout-y' }), 'Bid Scout Y (initiative 3)', 'title and squad');
  assert.equal(L({ type: 'bid', card: 'brk.interference' }), 'Bid Interference (initiative 0)', 'initiative 0 shown');
  assert.equal(L({ type: 'bid', card: 'nope' }), 'Bid nope (initiative ?)', 'an unknown card');
  assert.equal(L({ type: 'casualty', card: 'brk.nailgunner-c' }), 'Remove Nailgunner C as a casualty');
  assert.equal(L({ type: 'target', target: 'lfa.corp-sec-z' }), 'Strike Corp-Sec Z');
  assert.equal(L({ type: 'target', target: 'door:D1' }), 'Strike door D1');
  assert.equal(L({ type: 'target', target: 'structure:comms-1' }), 'Strike structure comms-1');
  assert.equal(L({ type: 'target', target: 'nobody' }), 'Strike nobody', 'an unknown unit');
  assert.equal(L({ type: 'target', target: 'a door:D1' }), 'Strike a door:D1', 'door: only as a prefix');
  assert.equal(L({ type: 'push', to: null }), 'Do not push');
  assert.equal(L({ type: 'push', to: 'B4' }), 'Push to B4');
  assert.equal(L({ type: 'mystery' }), 'mystery', 'an unknown action type');
});

test('labels: a card played to hunker down, to ready a unit, for an action or its equipment', () => {
  assert.equal(L({ type: 'play', card: 'brk.nailgunner-c', use: 'hunker' }), 'Nailgunner C: hunker down (return the card to your supply)');
  assert.equal(L({ type: 'play', card: 'lfa.navigator-v', use: 'ready' }), 'Navigator V: ready Mech V', 'the card\'s own unit');
  assert.equal(L({ type: 'play', card: 'lfa.navigator-v', use: 'ready', unit: 'lfa.mech-w' }), 'Navigator V: ready Mech W', 'the unit named');
  assert.equal(L({ type: 'play', card: 'nope', use: 'ready' }), 'nope: ready undefined', 'an unknown card');
  assert.equal(L({ type: 'play', card: 'brk.nailgunner-c', use: 'action' }), 'Nailgunner C: MOVE 1', 'the first action by default');
  assert.equal(L({ type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 1, target: 'lfa.scout-y' }), 'Nailgunner C: ATTACK 2 P at Scout Y');
  assert.equal(L({ type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 2 }), 'Nailgunner C: CONTROL');
  assert.equal(L({ type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 5 }), 'Nailgunner C: action 5', 'an action the card lacks');
  assert.equal(L({ type: 'play', card: 'nope', use: 'action', action: 1 }), 'nope: action 1', 'an unknown card');
  assert.equal(L({ type: 'play', card: 'nope', use: 'action', unit: 'lfa.scout-y' }), 'nope: action undefined with Scout Y', 'an unknown card with a unit');
  assert.equal(L({ type: 'play', card: 'brk.sapper-b', use: 'equipment', door: 'D2' }), 'Sapper B: use the equipment door D2');
  assert.equal(L({ type: 'play', card: 'brk.nailgunner-c', use: 'action', unit: 'brk.nailgunner-c', to: 'A2' }), 'Nailgunner C: MOVE 1 to A2', 'the card\'s own unit not repeated');
  assert.equal(L({ type: 'play', card: 'brk.supervisor', use: 'action', action: 0, cards: [] }), 'Supervisor: BOLSTER 3 cards none', 'no cards');
  assert.equal(L({ type: 'play', card: 'brk.supervisor', use: 'action', action: 1, seat: 0 }), 'Supervisor: COMMAND 1 for seat 0', 'seat 0');
  assert.equal(L({ type: 'play', card: 'brk.squad-leader-b', use: 'action', action: 0, spaces: [] }), 'Squad Leader B: PATHFIND 2B on none', 'no spaces');
  assert.equal(L({ type: 'play', card: 'brk.surveyor-c', use: 'action', action: 0, path: [] }), 'Surveyor C: SCOUT 1 along none', 'an empty path');
  assert.equal(L({ type: 'play', card: 'brk.driver-h', use: 'action', passengers: [] }), 'Driver H: MOVE 2', 'no passengers');
  // Every part, in order.
  assert.equal(
    L({
      type: 'play', card: 'brk.nailgunner-c', use: 'action', action: 0, spawn: 'S1', unit: 'brk.hauler-h', path: ['A1', 'A2'], to: 'A3',
      passengers: ['brk.ripper-b', 'nope'], target: 'structure:x', space: 'B1', spaces: ['B2', 'B3'], door: 'D1',
      cards: ['brk.supervisor', 'lfa.scout-y'], recon: 'brk.interference', seat: 2, from: 0, count: 0,
    }),
    'Nailgunner C: MOVE 1 spawning at S1 with Hauler H along A1, A2 to A3 carrying Ripper B, nope at structure x on B1 on B2, B3 door D1 cards Supervisor, Scout Y setting aside Interference for seat 2 from seat 0 0',
  );
  assert.equal(L({ type: 'play', card: 'lfa.captain', use: 'action', action: 1, from: 1, count: 3 }), 'Captain: COMMAND 2 from seat 1 3');
});

test('events: setup, rounds, bids, initiative, turns, draws', () => {
  assert.equal(D('setup', { title: 'By Force' }), 'Scenario: By Force');
  assert.equal(D('round_started', { round: 2, initiative: 'lfa' }), 'Round 2 begins; the LFA hold the initiative');
  assert.equal(D('round_started', { round: 1, initiative: 'breakers' }), 'Round 1 begins; the Breakers hold the initiative');
  assert.equal(D('round_started', { round: 1, initiative: 'pirates' }), 'Round 1 begins; pirates hold the initiative');
  assert.equal(
    D('bids_revealed', { round: 1, bids: { 0: { card: 'brk.supervisor', initiative: 6 }, 1: { card: 'lfa.scout-y', initiative: 3 } }, initiative: 'breakers' }),
    'Bids revealed: seat 0 Supervisor (6), seat 1 Scout Y (3); the Breakers take the initiative',
  );
  assert.equal(D('bids_revealed', { initiative: 'lfa' }), 'Bids revealed: ; the LFA take the initiative', 'no bids');
  assert.equal(D('bids_revealed', { bids: { 3: null }, initiative: 'lfa' }), 'Bids revealed: seat 3 undefined (undefined); the LFA take the initiative', 'an empty bid');
  assert.equal(D('initiative', { faction: 'lfa', reason: 'no bidder' }), 'the LFA take the initiative (no bidder)');
  assert.equal(D('turn_started', { seat: 1, round: 3 }), 'Turn of seat 1 (round 3)');
  assert.equal(D('turn_ended', { seat: 0 }), 'seat 0 ends the turn');
  assert.equal(D('cards_drawn', { seat: 0, cards: ['brk.supervisor', 'brk.ripper-b'] }), 'seat 0 draws Supervisor, Ripper B', 'the drawer sees the cards');
  assert.equal(D('cards_drawn', { seat: 0, cards: [] }), 'seat 0 draws no card');
  assert.equal(D('cards_drawn', { seat: 1, count: 1 }), 'seat 1 draws 1 card', 'the others see a count');
  assert.equal(D('cards_drawn', { seat: 1, count: 4 }), 'seat 1 draws 4 cards');
  assert.equal(D('cards_drawn', { seat: 1, count: 0 }), 'seat 1 draws 0 cards');
  assert.equal(D('deck_shuffled', { seat: 1 }), 'seat 1 shuffles the deck');
  assert.equal(D('deck_reshuffled', { seat: 0 }), 'seat 0 shuffles the deck');
  assert.equal(D('command_transferred', { from: 0, to: 2, effective: 4 }), 'Command passes from seat 0 to seat 2 from round 4');
  assert.equal(D('interference_taken', { seat: 1, taken: 1 }), 'seat 1 takes 1 Interference card');
  assert.equal(D('interference_taken', { seat: 1, taken: 2 }), 'seat 1 takes 2 Interference cards');
  assert.equal(D('interference_taken', { seat: 1, taken: 0 }), 'seat 1 takes 0 Interference cards');
});

test('events: card plays and their actions', () => {
  assert.equal(D('card_played', { seat: 0, card: 'brk.nailgunner-c', use: 'hunker' }), 'seat 0 hunkers down with Nailgunner C');
  assert.equal(D('card_played', { seat: 1, card: 'lfa.navigator-v', use: 'ready', unit: 'lfa.mech-v' }), 'seat 1 readies Mech V with Navigator V');
  assert.equal(D('card_played', { seat: 0, card: 'brk.sapper-b', use: 'equipment' }), 'seat 0 uses the equipment with Sapper B');
  assert.equal(D('card_played', { seat: 0, card: 'brk.nailgunner-c', use: 'action', action: 'MOVE 1' }), 'seat 0 plays Nailgunner C: MOVE 1');
  assert.equal(D('card_played', { seat: 0, card: 'brk.nailgunner-c', use: 'action' }), 'seat 0 plays Nailgunner C', 'no action text');
  assert.equal(D('card_played', { seat: 0, card: 'brk.nailgunner-c', use: 'equipment', action: 'MOVE 1' }), 'seat 0 uses the equipment with Nailgunner C', 'the action only for an action');
  assert.equal(D('moved', { units: ['lfa.scout-y'], to: 'A3' }), 'Scout Y moves to A3');
  assert.equal(D('moved', { units: ['brk.hauler-h', 'brk.ripper-b'], to: 'B1' }), 'Hauler H, Ripper B move to B1');
  assert.equal(D('moved', { to: 'B1' }), ' move to B1', 'no units');
  assert.equal(D('unit_placed', { unit: 'brk.ripper-b', at: 'S1' }), 'Ripper B is placed on S1');
  assert.equal(D('scouted', { unit: 'lfa.scout-y', path: ['A1', 'A2'] }), 'Scout Y scouts A1, A2');
  assert.equal(D('scouted', { unit: 'lfa.scout-y', path: [] }), 'Scout Y scouts none');
  assert.equal(D('pathfound', { seat: 1, spaces: ['C1'] }), 'seat 1 pathfinds C1');
  assert.equal(D('controlled', { faction: 'breakers', space: 'C2' }), 'the Breakers control C2');
  assert.equal(D('recon', { seat: 0, setAside: 'brk.interference' }), 'seat 0 sets Interference aside (RECON)');
  assert.equal(D('bolstered', { seat: 0, cards: ['brk.ripper-b', 'brk.ripper-b'] }), 'seat 0 bolsters with Ripper B, Ripper B');
  assert.equal(D('bolstered', { seat: 0, cards: [] }), 'seat 0 bolsters with none');
  assert.equal(D('bolstered', { seat: 0 }), 'seat 0 bolsters with none', 'no cards field');
  assert.equal(D('inspired', { seat: 1, cards: ['lfa.scout-y'] }), 'seat 1 inspires Scout Y');
  assert.equal(D('inspired', { seat: 1 }), 'seat 1 inspires none');
  assert.equal(D('door_opened', { door: 'D1' }), 'Door D1 is opened');
});

test('events: combat and the end', () => {
  assert.equal(
    D('dice_rolled', { attacker: 'brk.nailgunner-c', target: 'lfa.scout-y', die: 'd10', defence: 6, faces: [3, 7], success: true }),
    'Nailgunner C rolls d10 against Scout Y (defence 6): 3, 7, a hit',
  );
  assert.equal(
    D('dice_rolled', { attacker: 'brk.sapper-b', target: 'door:D2', die: 'd10', defence: 8, faces: [2], success: false }),
    'Sapper B rolls d10 against door D2 (defence 8): 2, a miss',
  );
  assert.equal(D('strike_skipped', { target: 'structure:comms-2' }), 'No strike at structure comms-2');
  assert.equal(D('suppressed', { unit: 'lfa.corp-sec-z' }), 'Corp-Sec Z is suppressed');
  assert.equal(D('suppressed', { unit: 'lfa.corp-sec-z', already: true }), 'Corp-Sec Z is suppressed (already suppressed)');
  assert.equal(D('neutralised', { unit: 'lfa.mech-v' }), 'Mech V is neutralised');
  assert.equal(D('pushed', { unit: 'lfa.scout-y', to: 'A4' }), 'Scout Y is pushed to A4');
  assert.equal(D('push_declined', { unit: 'lfa.scout-y' }), 'Scout Y is not pushed');
  assert.equal(D('door_destroyed', { door: 'D2' }), 'Door D2 is destroyed');
  assert.equal(D('structure_destroyed', { structure: 'comms-1' }), 'Structure comms-1 is destroyed');
  assert.equal(D('game_over', { winners: [], draw: true, reason: 'time' }), 'The game is over: a draw (time)');
  assert.equal(D('game_over', { winners: [1], draw: false, reason: 'points' }), 'The game is over: seat 1 wins (points)');
  assert.equal(D('game_over', { winners: [0, 2], draw: false, reason: 'neutralised' }), 'The game is over: seats 0, 2 win (neutralised)');
  assert.equal(D('game_over', { draw: false, reason: 'x' }), 'The game is over: seats none win (x)', 'no winners field');
});

test('events: unknown types and missing data', () => {
  assert.equal(D('some_new_event', {}), 'some new event', 'underscores as blanks');
  assert.equal(D('setup'), 'Scenario: undefined', 'no data');
  assert.equal(D('setup', null), 'Scenario: undefined', 'null data');
  assert.equal(D('moved'), ' move to undefined', 'no data for a list');
});
