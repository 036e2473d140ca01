// Abaddon in words (Ruleset.label / describe): every action and event told in the rulebook's
// terms (Heavy/Medium/Recon Link, Infantry Squad, Lock-On Relay, Doomsday Bolt, Anti-Missile
// Missile, Close Combat, Weapon System and Wild Fire cards), sectors as column letter and row
// number, from the viewer's view only: a card the viewer may not see is "a face-down card", a
// hand drawn by another seat is a count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { craft } from './helpers.js';
import { DATA } from '../../../src/games/abaddon/data.js';
import { Rules } from '../../../src/games/abaddon/rules.js';
import { makeDescribe, sector } from '../../../src/games/abaddon/describe.js';
import { makeView } from '../../../src/games/abaddon/view.js';
import type { Action } from '../../../src/games/abaddon/state.js';

const R = new Rules(DATA);
const { label, describe } = makeDescribe(DATA);

function view() {
  const k = craft({ mission: 'm1', active: 0 });
  k.s.dice = [{ face: 'H', use: null }, { face: 'WS', use: 'ws' }, { face: 'C', use: null }, { face: 'R', use: null }];
  k.s.attacks = [{ id: 4, unit: 'SCS-M1', target: 'CA-H1', card: 'T3', kind: 'los', response: null, done: false }];
  return makeView(R, k.s, 1);
}

test('sectors: column letter from A, row number from 1; past Z the columns go on AA, AB; anything else as it is', () => {
  assert.equal(sector([0, 0]), 'A1');
  assert.equal(sector([2, 3]), 'C4');
  assert.equal(sector([25, 9]), 'Z10');
  assert.equal(sector([26, 0]), 'AA1');
  assert.equal(sector([27, 0]), 'AB1');
  assert.equal(sector([52, 0]), 'BA1');
  assert.equal(sector('exit'), 'exit');
  assert.equal(sector([1, 2, 3]), '1,2,3');
  assert.equal(sector(null), 'null');
});

test('action labels name units by type, sectors, dice by face and cards by kind', () => {
  const v = view();
  const cases: [Record<string, unknown>, string][] = [
    [{ type: 'divide', companyA: { H: 1, M: 0, I: 2 }, cardsA: 4 }, 'Divide the forces: Company A takes 1 Heavy Link, 2 Infantry Squad and 4 Weapon System cards'],
    [{ type: 'divide', companyA: {}, cardsA: 0 }, 'Divide the forces: Company A takes no units and 0 Weapon System cards'],
    [{ type: 'divide', cardsA: 2 }, 'Divide the forces: Company A takes no units and 2 Weapon System cards'],
    [{ type: 'deploy', unit: 'SCS-H1', at: [2, 3] }, 'Deploy Heavy Link SCS-H1 at C4'],
    [{ type: 'displace', at: [0, 9] }, 'Displace to A10'],
    [{ type: 'lockOn', at: null }, 'Place no Lock-On Relay'],
    [{ type: 'lockOn', at: [5, 5] }, 'Place the Lock-On Relay on F6'],
    [{ type: 'commandDraw', n: 1 }, 'Command: draw 1 Weapon System card'],
    [{ type: 'commandDraw', n: 2 }, 'Command: draw 2 Weapon System cards'],
    [{ type: 'assign', die: 0, unit: 'SCS-R1' }, 'Place activation die 1 (Heavy Link) on Recon Link SCS-R1'],
    [{ type: 'assign', die: 3, unit: 'SCS-I1' }, 'Place activation die 4 (Recon Link) on Infantry Squad SCS-I1'],
    [{ type: 'assign', die: 9, unit: 'SCS-M1' }, 'Place activation die 10 on Medium Link SCS-M1'],
    [{ type: 'bolt', die: 2, target: 'CA-H1' }, 'Doomsday Bolt with activation die 3 (Command) at Heavy Link CA-H1'],
    [{ type: 'removeMarker', die: 1, unit: 'CA-M1', marker: 'WFM01' }, 'Use activation die 2 (Weapon System) to remove Seized Actuators from Medium Link CA-M1'],
    [{ type: 'removeMarker', die: 2, unit: 'CA-M1', marker: 'X9' }, 'Use activation die 3 (Command) to remove X9 from Medium Link CA-M1'],
    [{ type: 'confirmOrders' }, 'Confirm the orders'],
    [{ type: 'amm' }, 'Play an Anti-Missile Missile card'],
    [{ type: 'pass', unit: 'CA-H1' }, 'Heavy Link CA-H1 raises its shields (no response)'],
    [{ type: 'pass' }, 'Pass'],
    [{ type: 'move', unit: 'SCS-I1', to: 'exit' }, 'Infantry Squad SCS-I1 exits the board'],
    [{ type: 'move', unit: 'SCS-R1', to: [7, 1] }, 'Recon Link SCS-R1 moves to H2'],
    [{ type: 'endMovement' }, 'End movement'],
    [{ type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'T3' }, 'Medium Link SCS-M1 attacks Heavy Link CA-H1 with Target +3'],
    [{ type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'LRB' }, 'Medium Link SCS-M1 attacks Heavy Link CA-H1 with Long Range Bombardment'],
    [{ type: 'attack', unit: 'SCS-M1', target: 'CA-H1', card: 'SB' }, 'Medium Link SCS-M1 attacks Heavy Link CA-H1 with Smart Bombs'],
    [{ type: 'endDeclarations' }, 'End attack declarations'],
    [{ type: 'respond', unit: 'CA-H1', attack: 4, card: 'AMM' }, 'Heavy Link CA-H1 responds to attack 4 (Medium Link SCS-M1 on Heavy Link CA-H1) with Anti-Missile Missile'],
    [{ type: 'respond', unit: 'CA-H1', attack: 5, card: 'T8' }, 'Heavy Link CA-H1 responds to attack 5 with Target +8'],
    [{ type: 'resolve', attack: 4 }, 'Resolve attack 4 (Medium Link SCS-M1 on Heavy Link CA-H1)'],
    [{ type: 'closeCombat', unit: 'SCS-H1', target: 'CA-M1' }, 'Heavy Link SCS-H1 engages Medium Link CA-M1 in Close Combat'],
    [{ type: 'endTurn' }, 'End the turn'],
    [{ type: 'somethingNew' }, 'somethingNew'],
  ];
  for (const [a, text] of cases) assert.equal(label(v, 1, a as unknown as Action), text, JSON.stringify(a));
});

test('event texts: the round and turn, setup, orders, cards, combat and the end, each in the rulebook\'s words', () => {
  const v = view();
  const cases: [string, Record<string, unknown> | undefined, string][] = [
    ['mission', { title: 'Field Exercise' }, 'Mission: Field Exercise'],
    ['first_player', { faction: 'CA' }, 'CA plays first'],
    ['round_started', { round: 2 }, 'Round 2 begins'],
    ['round_ended', { round: 2 }, 'Round 2 ends'],
    ['turn_started', { seat: 1, round: 3 }, 'Turn of seat 1 (round 3)'],
    ['turn_ended', { seat: 0 }, 'seat 0 ends the turn'],
    ['turn_skipped', { seat: 3, reason: 'no_units_left' }, 'seat 3 is skipped (no units left)'],
    ['relay_drawn', { seat: 2, relay: 4 }, 'seat 2 draws Lock-On Relay #4'],
    ['lock_on', { seat: 0, at: [3, 4] }, 'seat 0 places the Lock-On Relay on D5'],
    ['lock_on_skipped', { seat: 1 }, 'seat 1 places no Lock-On Relay'],
    ['unit_deployed', { unit: 'CA-R1', at: [15, 9] }, 'Recon Link CA-R1 deploys at P10'],
    ['unit_displaced', { unit: 'SCS-I1', from: [4, 4], at: [5, 4] }, 'Infantry Squad SCS-I1 is displaced from E5 to F5'],
    ['unit_landed', { unit: 'SCS-I1', at: [4, 4] }, 'Infantry Squad SCS-I1 lands at E5'],
    ['unit_lost', { unit: 'SCS-I1' }, 'Infantry Squad SCS-I1 is lost (no room)'],
    ['unit_moved', { unit: 'SCS-H1', from: [1, 1], to: [2, 2] }, 'Heavy Link SCS-H1 moves from B2 to C3'],
    ['unit_exited', { unit: 'SCS-I1', crystals: 3 }, 'Infantry Squad SCS-I1 exits the board with 3 crystals'],
    ['unit_ordered', { unit: 'SCS-H1', die: 0 }, 'Heavy Link SCS-H1 receives activation die 1 (Heavy Link)'],
    ['unit_destroyed', { unit: 'CA-M1' }, 'Medium Link CA-M1 is destroyed'],
    ['orders_confirmed', { seat: 0 }, 'seat 0 confirms the orders'],
    ['command_draw_declared', { seat: 0, n: 1 }, 'seat 0 draws 1 Weapon System card (Command)'],
    ['command_draw_declared', { seat: 0, n: 0 }, 'seat 0 draws 0 Weapon System cards (Command)'],
    ['ws_drawn', { seat: 1, cards: ['T3', 'DB'] }, 'seat 1 draws Target +3, Doomsday Bolt'],
    ['ws_drawn', { seat: 1, cards: [] }, 'seat 1 draws no card'],
    ['ws_drawn', { seat: 0, count: 1 }, 'seat 0 draws 1 Weapon System card'],
    ['ws_drawn', { seat: 0, count: 3 }, 'seat 0 draws 3 Weapon System cards'],
    ['marker_removed', { marker: 'WFM06', unit: 'CA-H1' }, 'Targeting Array Down is removed from Heavy Link CA-H1'],
    ['marker_removed', { marker: 'X1', unit: 'CA-H1' }, 'X1 is removed from Heavy Link CA-H1'],
    ['doomsday_bolt', { seat: 0, target: 'CA-H1' }, 'seat 0 fires a Doomsday Bolt at Heavy Link CA-H1'],
    ['bolt_missed', { target: 'CA-H1' }, 'The Doomsday Bolt misses Heavy Link CA-H1'],
    ['attack_declared', { unit: 'SCS-M1', target: 'CA-H1' }, 'Medium Link SCS-M1 declares an attack on Heavy Link CA-H1'],
    ['attack_revealed', { attack: 4, card: 'T3', response: 'AMM' }, 'Attack 4 revealed: Target +3 against Anti-Missile Missile'],
    ['attack_revealed', { attack: 4, card: 'T3', response: null }, 'Attack 4 revealed: Target +3'],
    ['attack_revealed', { attack: 4, card: { hidden: 'wsCard' } }, 'Attack 4 revealed: a face-down card'],
    ['attack_revealed', { attack: 4, card: 'RB' }, 'Attack 4 revealed: Reboot'],
    ['attack_revealed', { attack: 4, card: 'ZZ' }, 'Attack 4 revealed: ZZ'],
    ['attack_cancelled', { attack: 2 }, 'Attack 2 is cancelled by an Anti-Missile Missile'],
    ['attack_lapsed', { attack: 2 }, 'Attack 2 lapses'],
    ['anti_missile', { seat: 1 }, 'seat 1 plays an Anti-Missile Missile'],
    ['anti_missile_window', { seat: 1, attack: 2 }, 'seat 1 may play an Anti-Missile Missile against attack 2'],
    ['window_passed', { seat: 1 }, 'seat 1 plays no Anti-Missile Missile'],
    ['response_window', { units: ['CA-H1'] }, 'Targeted units may respond'],
    ['response_placed', { unit: 'CA-H1' }, 'Heavy Link CA-H1 places a response card'],
    ['response_passed', { unit: 'CA-H1' }, 'Heavy Link CA-H1 raises its shields'],
    ['declarations_ended', { seat: 0 }, 'seat 0 ends attack declarations'],
    ['movement_ended', { seat: 0 }, 'seat 0 ends movement'],
    ['close_combat', { unit: 'SCS-H1', target: 'CA-M1' }, 'Heavy Link SCS-H1 engages Medium Link CA-M1 in Close Combat'],
    ['combat_result', { outcome: 'attacker_wins', damage: 2 }, 'The attacker wins the battle roll (2 damage)'],
    ['combat_result', { outcome: 'defender_wins', damage: 1 }, 'The defender wins the battle roll (1 damage)'],
    ['combat_result', { outcome: 'defender_wins', damage: 0 }, 'The defender wins the battle roll'],
    ['combat_result', { outcome: 'critical' }, 'Critical hit (a 1 is rolled)'],
    ['combat_result', { outcome: 'shields_hold' }, 'The shields hold'],
    ['combat_result', { outcome: 'tie' }, 'Tie: no damage'],
    ['crystals_lost', { unit: 'CA-H1', n: 1 }, 'Heavy Link CA-H1 loses 1 crystal'],
    ['crystals_lost', { unit: 'CA-H1', n: 2 }, 'Heavy Link CA-H1 loses 2 crystals'],
    ['crystals_gained', { unit: 'CA-H1', n: 1 }, 'Heavy Link CA-H1 gains 1 crystal'],
    ['crystals_gained', { unit: 'CA-H1', n: 3 }, 'Heavy Link CA-H1 gains 3 crystals'],
    ['wild_fire', { unit: 'SCS-R1', name: 'Mired' }, 'Wild Fire on Recon Link SCS-R1: Mired'],
    ['wild_fire_skipped', { unit: 'SCS-R1' }, 'No Wild Fire for Recon Link SCS-R1'],
    ['wild_fire_cleared', {}, 'Wild Fire cards are cleared'],
    ['forces_divided', { faction: 'SCS' }, 'SCS divides its forces between Companies A and B'],
    ['decks_shuffled', {}, 'The Weapon System and Wild Fire decks are shuffled'],
    ['deck_reshuffled', {}, 'The discards are reshuffled into the deck'],
    ['decks_reshuffled', {}, 'The discards are reshuffled into the deck'],
    ['reboot_decks', { seat: 0 }, 'seat 0 plays Reboot'],
    ['cards_returned', { seat: 1, cards: ['T3', 'AMM'] }, 'seat 1 takes back Target +3, Anti-Missile Missile'],
    ['cards_returned', { seat: 0, count: 1 }, 'seat 0 takes back 1 card'],
    ['cards_returned', { seat: 0, count: 2 }, 'seat 0 takes back 2 cards'],
    ['resigned', { seat: 3 }, 'seat 3 resigns'],
    ['game_over', { winner: 'SCS' }, 'The game is over: SCS wins'],
    ['game_over', { winner: null }, 'The game is over'],
    ['dice_rolled', { purpose: 'activation' }, 'dice rolled'],
    ['round_started', undefined, 'Round undefined begins'],
  ];
  for (const [type, data, text] of cases) assert.equal(describe(v, { type, data }), text, `${type} ${JSON.stringify(data)}`);
  // a unit the view does not hold is named by its id
  assert.equal(describe(v, { type: 'unit_destroyed', data: { unit: 'NOPE' } }), 'NOPE is destroyed');
});
