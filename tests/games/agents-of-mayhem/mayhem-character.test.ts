// Checklist item [full] #51 (rest): a Mayhem card's character use, spec 7.7 (L1625-1637): only
// the pictured unit uses it, as an Action of the printed type and cost under the Action rules;
// the card is discarded afterwards. Provisional cards: Fortune's Trick Shot (Add-on, Y, a weapon:
// red 2 dice to range 2, yellow 1 die to 5) on fortune-1; Dr. Babylon's Dark Step (Instant since 0.3.7, B, 3 MP with a Jump) on babylon-1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { parse } from '../../../src/games/agents-of-mayhem/abilities.js';
import { checkActions, CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { MAYHEM } from '../../../src/games/agents-of-mayhem/rules/mayhem.js';
import { los } from '../../../src/games/agents-of-mayhem/geometry.js';
import { map } from '../../../src/games/agents-of-mayhem/state.js';
import { activeBoard, answer, cands, ev, fresh, only, refused, rs } from './helpers.js';


function setup(hand: string[]): S {
  const s = activeBoard(only(fresh('M2'), { fortune: '2,1,1', hardtack: '2,3,1', 'shock-1': '3,1,1' }), 'fortune');
  s.boards.bravo.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  const m = s.mayhem!.MAYHEM;
  m.deck.pool = [...m.deck.pool, ...m.hand].filter((c) => !hand.includes(c)).sort();
  m.hand = hand.slice();
  return s;
}

test('#51 character use: the pictured unit takes the card\'s Action (printed type and cost), the card is discarded; without the card in hand it is refused', () => {
  const s = setup(['fortune-1']);
  assert.ok(cands(s).some((a) => a.type === 'act' && a.action === 'card-trickshot' && a.target === '3,1,1'));
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'card-trickshot', target: '3,1,1' }, [5, 6]);
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['red', 'red'], 'distance 1: the red band, 2 dice');
  assert.equal(st.s.boards.fortune.cubes.focus, 2, 'Y paid');
  assert.deepEqual(st.s.mayhem!.MAYHEM.hand, []);
  assert.ok(st.s.mayhem!.MAYHEM.deck.discard.includes('fortune-1'));
  assert.equal(ev(st, 'mayhem_played')[0].use, 'character');
  // The Main Action is still free (Trick Shot is an Add-on); the card is gone.
  assert.equal(st.s.slots[0].main, false);
  assert.equal(refused(st.s, { type: 'act', unit: 'fortune', action: 'card-trickshot', target: '3,1,1' }).code, 'not_in_hand');
  const none = setup([]);
  assert.ok(!cands(none).some((a) => a.type === 'act' && a.action === 'card-trickshot'));
  assert.equal(refused(none, { type: 'act', unit: 'fortune', action: 'card-trickshot', target: '3,1,1' }).code, 'not_in_hand');
});

test('#51 character use is the pictured unit\'s only: Hardtack cannot use Fortune\'s card; Dr. Babylon\'s Dark Step grants its 3 MP for B', () => {
  const s = activeBoard(setup(['fortune-1']), 'hardtack');
  assert.equal(refused(s, { type: 'act', unit: 'hardtack', action: 'card-trickshot', target: '3,1,1' }).code, 'unknown_action');
  assert.ok(!cands(s).some((a) => a.type === 'act' && a.action === 'card-trickshot'));
  // Dark Step (LEGION, an Instant move, mayhem-instant-move.test.ts): 3 MP for B.
  const l = activeBoard(only(fresh('M2'), { babylon: '17,7,1', fortune: '0,0,1' }), 'babylon');
  const m = l.mayhem!.LEGION;
  m.deck.pool = [...m.deck.pool, ...m.hand].filter((c) => c !== 'babylon-1').sort();
  m.hand = ['babylon-1'];
  const st = answer(l, { type: 'act', unit: 'babylon', action: 'card-darkstep' });
  assert.equal(st.s.slots[0].mp!.left, 3);
  assert.equal(st.s.boards.babylon.cubes.tech, l.boards.babylon.cubes.tech - 1);
});

// Every card has a character use (spec 4.4 item 4, L1610, L1625-1637). The provisional cards of
// data/mayhem.json, one test each below: what the card prints is what the pictured unit gets.

/** `board` activated, only `at`'s units on the map, `side`'s hand exactly `hand`; squads' cubes cleared (no Dash, no Block) unless kept. */
function withHand(board: string, at: Record<string, string>, hand: string[], keep: string[] = []): S {
  const s = activeBoard(only(fresh('M2'), at), board);
  for (const b of ['alpha', 'bravo']) if (!keep.includes(b)) s.boards[b].cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  const side = s.boards[board].side;
  const m = s.mayhem![side];
  m.deck.pool = [...m.deck.pool, ...m.hand].filter((c) => !hand.includes(c)).sort();
  m.hand = hand.slice();
  return s;
}
const played = (st: { s: S }, side: 'MAYHEM' | 'LEGION', card: string) => !st.s.mayhem![side].hand.includes(card) && st.s.mayhem![side].deck.discard.includes(card);
const statuses = (s: S, unit: string) => s.units[unit].statuses.map((x) => x.kind);

test('#51 character use fortune-2 Acrobatics: Add-on, G, 4 MP with a Jump (up 2, 4 spaces)', () => {
  const s = withHand('fortune', { fortune: '0,0,1', 'shock-1': '9,0,1' }, ['fortune-2']);
  const st = answer(s, { type: 'act', unit: 'fortune', action: 'card-acrobatics' });
  assert.deepEqual(st.s.slots[0].mp, { unit: 'fortune', left: 4, jump: { up: 2, spaces: 4 } });
  assert.equal(st.s.boards.fortune.cubes.speed, s.boards.fortune.cubes.speed - 1, 'G paid');
  assert.equal(st.s.slots[0].main, false, 'an Add-on: the Main Action is still free');
  assert.ok(played(st, 'MAYHEM', 'fortune-2'));
  assert.ok(cands(st.s).some((a) => a.type === 'jump' && a.unit === 'fortune'), 'the Jump is offered while MP last');
});

test('#51 character use fortune-3 Long Shot: Add-on, YY, a weapon whose yellow band reaches 6 + 3 = 9', () => {
  const s = withHand('fortune', { fortune: '0,0,1', 'shock-1': '9,0,1' }, ['fortune-3']);
  assert.ok(cands(s).some((a) => a.type === 'act' && a.action === 'card-longshot' && a.target === '9,0,1'));
  assert.ok(cands(s).some((a) => a.type === 'act' && a.action === 'card-longshot' && a.target === '9,0,1' && a.aim === true), 'a weapon: it may aim');
  const far = withHand('fortune', { fortune: '0,0,1', 'shock-1': '10,0,1' }, ['fortune-3']);
  assert.equal(refused(far, { type: 'act', unit: 'fortune', action: 'card-longshot', target: '10,0,1' }).code, 'out_of_range');
  const st = answer(s, { type: 'act', unit: 'fortune', action: 'card-longshot', target: '9,0,1' }, [7, 7]);
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['yellow', 'yellow']);
  assert.equal(st.s.boards.fortune.cubes.focus, s.boards.fortune.cubes.focus - 2, 'YY paid');
  assert.ok(played(st, 'MAYHEM', 'fortune-3'));
  // fortune-3's universal use is the extra die: the one card cannot be both (it was discarded
  // twice, and the hand copied, when both were asked; a random M2 game in CI found it).
  assert.ok(!cands(s).some((a) => a.type === 'act' && a.action === 'card-longshot' && a.mayhem === 'fortune-3'));
  assert.equal(refused(s, { type: 'act', unit: 'fortune', action: 'card-longshot', target: '9,0,1', mayhem: 'fortune-3' }).code, 'card_in_use');
});

test('#51 character use hardtack-1 Dig In: Instant, B, no target: Hardtack gains an Armor cube and Defense Up, whatever board is activated, using no Main or Add-on (L275, L1622)', () => {
  const s = withHand('fortune', { hardtack: '2,3,1', fortune: '0,0,1' }, ['hardtack-1']);
  s.boards.hardtack.armor = 0;
  assert.ok(cands(s).some((a) => a.type === 'act' && a.unit === 'hardtack' && a.action === 'card-digin' && a.target === undefined), 'Fortune\'s board is activated: Hardtack takes the Instant all the same');
  assert.equal(refused(s, { type: 'act', unit: 'hardtack', action: 'card-digin', target: '3,3,1' }).code, 'bad_instant');
  const st = answer(s, { type: 'act', unit: 'hardtack', action: 'card-digin' });
  assert.equal(st.s.boards.hardtack.armor, 1);
  assert.deepEqual(statuses(st.s, 'hardtack'), ['DEFENSE_UP']);
  assert.equal(st.s.boards.hardtack.cubes.tech, s.boards.hardtack.cubes.tech - 1, 'B paid');
  assert.ok(played(st, 'MAYHEM', 'hardtack-1'));
  assert.deepEqual([st.s.slots[0].main, st.s.slots[0].addons], [false, []], 'no allowance used');
  assert.equal(ev(st, 'action')[0].card, 'hardtack-1', 'the card is revealed as it is played');
  assert.equal(refused(withHand('fortune', { hardtack: '2,3,1', fortune: '0,0,1' }, []), { type: 'act', unit: 'hardtack', action: 'card-digin' }).code, 'not_in_hand');
  // Gains respect the wells (no overflow, spec 2.2.1): a full Armor well stays full.
  const full = withHand('fortune', { hardtack: '2,3,1', fortune: '0,0,1' }, ['hardtack-1']);
  const cap = CONTENT.elites.hardtack.wells.armor;
  full.boards.hardtack.armor = cap;
  assert.equal(answer(full, { type: 'act', unit: 'hardtack', action: 'card-digin' }).s.boards.hardtack.armor, cap);
});

test('#51 character use hardtack-2 Breaching Blast: Main, GG, 4 red dice at range 1, every Push rolled counts twice', () => {
  const s = withHand('hardtack', { hardtack: '2,3,1', 'shock-1': '3,3,1' }, ['hardtack-2']);
  s.units['shock-1'].facing = 'W';
  // Red: P, P, H, S; the Armor Weapon Bonus (the Shock Trooper has Armor) adds a white die: blank.
  const st = answer(s, { type: 'act', unit: 'hardtack', action: 'card-breacher', target: '3,3,1' }, [8, 9, 5, 11, 4]);
  const roll = ev(st, 'dice_rolled')[0];
  assert.deepEqual(roll.dice, ['red', 'red', 'red', 'red', 'white'], '4 red, the Weapon Bonus as a white die');
  assert.equal((roll.mods as Record<string, number>).weaponBonus, 1);
  assert.equal(ev(st, 'attack_result')[0].pushes, 4, '2 Pushes rolled, 2 extra');
  assert.equal(ev(st, 'attack_result')[0].hits, 1);
  assert.equal(st.s.slots[0].main, true);
  assert.ok(played(st, 'MAYHEM', 'hardtack-2'));
});

test('#51 character use hardtack-3 Grappling Hook: a Jump Add-on (up 3, 2 spaces) taken during a move, for G', () => {
  const s = withHand('hardtack', { hardtack: '2,3,1' }, ['hardtack-3']);
  assert.equal(refused(s, { type: 'act', unit: 'hardtack', action: 'card-grapple' }).code, 'no_mp', 'a Jump is taken during a move');
  const moving = answer(s, { type: 'act', unit: 'hardtack', action: 'sprint' }).s;
  const st = answer(moving, { type: 'act', unit: 'hardtack', action: 'card-grapple' });
  assert.deepEqual(st.s.slots[0].mp, { unit: 'hardtack', left: 9, jump: { up: 3, spaces: 2 } }, 'the move goes on, with the card\'s Jump');
  assert.equal(st.s.boards.hardtack.cubes.speed, s.boards.hardtack.cubes.speed - 2, 'G for Sprint, G for the card');
  assert.ok(played(st, 'MAYHEM', 'hardtack-3'));
});

test('#51 character use hollywood-1 Showstopper: Main, GYY, AoE 1 round the target, a Special Stuns', () => {
  const s = withHand('hollywood', { hollywood: '2,1,1', 'shock-1': '4,1,1', 'swarm-1': '5,1,1' }, ['hollywood-1']);
  s.units['shock-1'].facing = 'W'; s.units['swarm-1'].facing = 'W';
  // Shock Trooper (centre): S, H, H; Swarm Trooper: H, H, H.
  const st = answer(s, { type: 'act', unit: 'hollywood', action: 'card-showstopper', target: '4,1,1' }, [11, 5, 6, 5, 5, 6]);
  assert.deepEqual(ev(st, 'attack_declared')[0].units, ['shock-1', 'swarm-1'], 'the AoE takes in the adjacent Swarm Trooper');
  assert.deepEqual(ev(st, 'dice_rolled').map((r) => r.dice), [['red', 'red', 'red'], ['red', 'red', 'red']], 'distance 2: the red band, for each target');
  assert.ok(ev(st, 'status_gained').some((e) => e.unit === 'shock-1' && e.status === 'STUNNED'));
  assert.ok(st.s.units['swarm-1'].downed, '3 Hits Down a Swarm Trooper (Defense 2)');
  assert.equal(st.s.boards.hollywood.cubes.focus, s.boards.hollywood.cubes.focus - 2);
  assert.ok(played(st, 'MAYHEM', 'hollywood-1'));
});

test('#51 character use hollywood-2 Camera Ready: Add-on, Y: Attack Up and a Mayhem cube', () => {
  const s = withHand('hollywood', { hollywood: '2,1,1' }, ['hollywood-2']);
  const st = answer(s, { type: 'act', unit: 'hollywood', action: 'card-cameraready' });
  assert.deepEqual(statuses(st.s, 'hollywood'), ['ATTACK_UP']);
  assert.equal(st.s.boards.hollywood.cubes.mayhem, s.boards.hollywood.cubes.mayhem + 1);
  assert.equal(st.s.boards.hollywood.cubes.focus, s.boards.hollywood.cubes.focus - 1);
  assert.ok(played(st, 'MAYHEM', 'hollywood-2'));
});

test('#51 character use hollywood-3 Fast Exit: Add-on, GG, 5 MP; the Main Action stays free', () => {
  const s = withHand('hollywood', { hollywood: '2,1,1' }, ['hollywood-3']);
  s.boards.hollywood.cubes.speed = 1;
  assert.equal(refused(s, { type: 'act', unit: 'hollywood', action: 'card-fastexit' }).code, 'cannot_pay', 'the printed cost is paid in full');
  s.boards.hollywood.cubes.speed = 2;
  const st = answer(s, { type: 'act', unit: 'hollywood', action: 'card-fastexit' });
  assert.equal(st.s.slots[0].mp!.left, 5);
  assert.equal(st.s.slots[0].main, false);
  assert.equal(st.s.boards.hollywood.cubes.speed, 0);
});

test('#51 character use babylon-2 Dark Matter Lash: Add-on, B, the target gains Move Down, each Special rolled a Mayhem cube', () => {
  const s = withHand('babylon', { babylon: '10,7,1', fortune: '12,7,1' }, ['babylon-2']);
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  s.units.fortune.facing = 'W';
  const st = answer(s, { type: 'act', unit: 'babylon', action: 'card-lash', target: '12,7,1' }, [11, 11]);
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['red', 'red'], 'distance 2: red, 2 dice');
  assert.deepEqual(statuses(st.s, 'fortune'), ['MOVE_DOWN']);
  assert.equal(st.s.boards.babylon.cubes.mayhem, 2, 'two Specials, two Mayhem cubes');
  assert.equal(st.s.boards.babylon.cubes.tech, s.boards.babylon.cubes.tech - 1);
  assert.ok(played(st, 'LEGION', 'babylon-2'));
});

test('#51 character use babylon-3 Dark Matter Shield: Add-on, BB: a Shield cube and Range Up', () => {
  const s = withHand('babylon', { babylon: '10,7,1' }, ['babylon-3']);
  s.boards.babylon.shield = 0;
  const st = answer(s, { type: 'act', unit: 'babylon', action: 'card-darkshield' });
  assert.equal(st.s.boards.babylon.shield, 1);
  assert.deepEqual(statuses(st.s, 'babylon'), ['RANGE_UP']);
  assert.equal(st.s.boards.babylon.cubes.tech, s.boards.babylon.cubes.tech - 2);
});

test('#51 character use swarm-1 Swarm Frenzy: a Swarm Trooper\'s Main, G, +2: two more Swarm Troopers attack for the one cost and the one card', () => {
  const s = withHand('alpha', { 'swarm-1': '3,1,1', 'swarm-2': '3,2,1', 'swarm-3': '3,3,1', 'hell-1': '3,6,1', fortune: '4,2,1' }, ['swarm-1'], ['alpha']);
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  assert.equal(refused(s, { type: 'act', unit: 'hell-1', action: 'card-frenzy', target: '4,2,1' }).code, 'unknown_action', 'only the pictured Minion type');
  s.units.fortune.facing = 'W';
  let st = answer(s, { type: 'act', unit: 'swarm-1', action: 'card-frenzy', target: '4,2,1' }, [11, 11, 11]);
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['red', 'red', 'red'], 'range 1: red, 3 dice (Fortune faces it: no Flank)');
  assert.ok(played(st, 'LEGION', 'swarm-1'));
  const speed = st.s.boards.alpha.cubes.speed;
  assert.equal(speed, s.boards.alpha.cubes.speed - 1);
  assert.ok(cands(st.s).some((a) => a.type === 'group' && a.unit === 'swarm-2' && a.target === '4,2,1'));
  st = answer(st.s, { type: 'group', unit: 'swarm-2', target: '4,2,1' }, [11, 11, 11]);
  st = answer(st.s, { type: 'group', unit: 'swarm-3', target: '4,2,1' }, [11, 11, 11]);
  assert.equal(st.s.boards.alpha.cubes.speed, speed, 'the cost is paid once');
  assert.equal(st.s.slots[0].group, null, '+2 used up');
});

test('#51 character use hell-1 Dark Matter Barrage: Main, YY, places a face-down Explosion marker with a Stunned status on the target\'s space', () => {
  const s = withHand('alpha', { 'hell-1': '2,6,1', fortune: '6,6,1' }, ['hell-1'], ['alpha']);
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  s.units.fortune.facing = 'W';
  const st = answer(s, { type: 'act', unit: 'hell-1', action: 'card-barrage', target: '6,6,1' }, [7, 7]);
  assert.deepEqual(ev(st, 'dice_rolled')[0].dice, ['yellow', 'yellow']);
  const mk = st.s.explosions!.placed.find((x) => x.at === '6,6,1');
  assert.ok(mk, 'a marker on the target\'s space');
  assert.equal(mk!.faceUp, false);
  assert.equal(mk!.marker, null, 'face down: its identity is drawn when it flips');
  assert.deepEqual(mk!.statuses, ['STUNNED']);
  assert.ok(played(st, 'LEGION', 'hell-1'));
});

test('#51 character use shock-1 Shield Wall: a Shock Trooper\'s Add-on, Y: it gains Defense Up', () => {
  const s = withHand('bravo', { 'shock-1': '3,1,1', 'snipe-1': '3,2,1' }, ['shock-1'], ['bravo']);
  const st = answer(s, { type: 'act', unit: 'shock-1', action: 'card-shieldwall' });
  assert.deepEqual(statuses(st.s, 'shock-1'), ['DEFENSE_UP']);
  assert.deepEqual(statuses(st.s, 'snipe-1'), [], 'the figure that took it only');
  assert.equal(st.s.boards.bravo.cubes.focus, s.boards.bravo.cubes.focus - 1);
  assert.ok(st.s.slots[0].addons.includes('shock:card-shieldwall'));
  assert.ok(played(st, 'LEGION', 'shock-1'));
});

test('#51 character use snipe-1 Snap Shot: a Snipe Trooper\'s Add-on, Y, fired at once (no timer), ignoring Protection; the first Aimed Hit gives Defense Down', () => {
  const s = withHand('bravo', { 'snipe-1': '0,0,1', fortune: '3,3,1' }, ['snipe-1'], ['bravo']);
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  s.boards.fortune.shield = 2;
  s.units.fortune.facing = 'N';
  const sight = los(map(s), '0,0,1', '3,3,1');
  assert.ok(sight.ok && sight.protection, 'the line ends on a Cover dot: Protection, were it not ignored');
  const st = answer(s, { type: 'act', unit: 'snipe-1', action: 'card-snapshot', target: '3,3,1' }, [0]);
  assert.deepEqual(st.s.timers ?? [], [], 'no timer');
  const roll = ev(st, 'dice_rolled')[0];
  assert.equal((roll.mods as Record<string, number>).protection, undefined, 'Protection ignored (the space has it from 0,0,1)');
  assert.deepEqual(roll.dice, ['red']);
  assert.deepEqual(statuses(st.s, 'fortune'), ['DEFENSE_DOWN']);
  assert.equal(st.s.boards.fortune.shield, 1, 'the Hit took a Shield');
  assert.ok(played(st, 'LEGION', 'snipe-1'));
});

test('#51 every Mayhem card has a character use, and a self Action is refused at load unless its abilities are plain GAINs (no choice left unasked)', () => {
  assert.equal(Object.values(MAYHEM.cards).filter((c) => !c.character).length, 0);
  const self = (abilities: string[]) => [{ id: 'card-x', name: 'X', type: 'addon' as const, cost: 'G', kind: 'self' as const, abilities, parsed: abilities.map(parse) }];
  assert.doesNotThrow(() => checkActions('test', self(['ALWAYS = GAIN SHIELD'])));
  assert.throws(() => checkActions('test', self(['ALWAYS = GAIN G / GAIN Y'])), /self Action/, 'an alternative is a choice no decision asks for');
  assert.throws(() => checkActions('test', self(['SPECIAL = GAIN SHIELD'])), /self Action/, 'no dice, no Special');
  assert.throws(() => checkActions('test', self(['ALWAYS = GIVE STUNNED'])), /self Action/, 'no target to give to');
  assert.throws(() => checkActions('test', self([])), /self Action/);
});
