// "Each Attack Bonus allows a Unit to increase a white d6 to a yellow d8 or a yellow d8 to a red
// d12"; "Each Attack Penalty forces a Unit to decrease a red d12 to a yellow d8 or a yellow d8 to a
// white d6" (L765-800): which die, the attacker's choice (spec 7.3.4, A-05), named with the attack
// as dieUpgrades / dieDowngrades; unnamed, the default: the lowest tier upgraded, the highest
// downgraded first (#18).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs, until } from './helpers.js';
import type { Action, S } from '../../../src/games/agents-of-mayhem/index.js';
import { diceChoiceProblem, modifyPool } from '../../../src/games/agents-of-mayhem/rules/combat.js';

/**
 * M2: the Snipe Trooper's mandatory timer came off (spec 7.8); LEGION names the target now. On the
 * roof (15,3,3) it Flanks Fortune 2 spaces away (13,3,3, facing N): its white band, 2 white d6, +2
 * (the Snipe Trooper's bands run white, red, yellow, spec 7.3.3).
 */
let delayedAt: S | null = null;
function snipe(): S {
  if (!delayedAt) {
    const s = activeBoard(only(fresh('M2'), { 'snipe-1': '15,3,3', fortune: '13,3,3' }), 'bravo');
    let st = answer(s, { type: 'act', unit: 'snipe-1', action: 'sniper' });
    st = until(st.s, (x) => x.side === 'MAYHEM' && x.phase === 'activate');
    st = until(st.s, (x) => kind(x) === 'delayed_action', { MAYHEM: 'hardtack' });
    delayedAt = st.s;
  }
  const s = structuredClone(delayedAt);
  for (const u of Object.values(s.units)) if (u.id !== 'snipe-1' && u.id !== 'fortune') u.at = null;
  s.units['snipe-1'].at = '15,3,3';
  s.units.fortune.at = '13,3,3'; s.units.fortune.facing = 'N';
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 }; // no Dash in the window
  return s;
}
/** M1: Fortune (0,3,1) shoots a Swarm behind Protection 3 spaces away: her red band, 2 red d12, -2 (spec 7.3.5). */
function covered(): S {
  const s = activeBoard(only(fresh(), { fortune: '0,3,1', 'swarm-2': '3,3,1' }), 'fortune');
  s.units['swarm-2'].facing = 'W';
  return s;
}
const shot = (extra: Partial<Extract<Action, { type: 'delayed' }>> = {}): Action => ({ type: 'delayed', target: '13,3,3', ...extra });
const pistols = (extra: Partial<Extract<Action, { type: 'act' }>> = {}): Action => ({ type: 'act', unit: 'fortune', action: 'pistols', target: '3,3,1', ...extra });

/** Declares the attack and passes every pre-roll window: the dice the roll used. */
function rolled(s: S, a: Action): { dice: string[]; mods: unknown; events: string } {
  let st = answer(s, a);
  const all = [...st.ev];
  while (kind(st.s) === 'dash_window' || kind(st.s) === 'instant_window') { st = answer(st.s, { type: 'pass' }); all.push(...st.ev); }
  const r = all.filter((e) => e.type === 'dice_rolled').map((e) => e.data as Record<string, unknown>)[0];
  assert.ok(r, `a roll (open: ${kind(st.s)})`);
  return { dice: r.dice as string[], mods: r.mods, events: JSON.stringify(all) };
}

test('Attack Bonus (L765-773): the attacker chooses which die each Bonus upgrades: white then the new yellow makes a red d12 and a white d6', () => {
  const r = rolled(snipe(), shot({ dieUpgrades: ['white', 'yellow'] }));
  assert.deepEqual(r.mods, { flank: 2 });
  assert.deepEqual(r.dice, ['red', 'white']);
});

test('Attack Bonus default (spec 7.3.4, A-05): unnamed, each Bonus upgrades the lowest tier: two yellow d8', () => {
  assert.deepEqual(rolled(snipe(), shot()).dice, ['yellow', 'yellow']);
  assert.deepEqual(rolled(snipe(), shot({ dieUpgrades: ['white'] })).dice, ['yellow', 'yellow'], 'a step not named takes the default');
  assert.deepEqual(rolled(snipe(), shot({ dieUpgrades: ['white', 'white'] })).dice, ['yellow', 'yellow'], 'naming the default is the default');
});

test('Attack Penalty (L788-800): the attacker chooses which die each Penalty downgrades: red then the new yellow keeps a red d12 beside a white d6', () => {
  const r = rolled(covered(), pistols({ dieDowngrades: ['red', 'yellow'] }));
  assert.deepEqual(r.mods, { protection: -2 });
  assert.deepEqual(r.dice, ['red', 'white']);
  assert.deepEqual(rolled(covered(), pistols()).dice, ['yellow', 'yellow'], 'default: the highest tier downgraded first');
});

test('an impossible choice of dice is refused with the rule\'s code (spec 7.3.4)', () => {
  assert.equal(refused(snipe(), shot({ dieUpgrades: ['yellow'] })).code, 'no_such_die', 'the first Bonus finds no yellow d8 in two white d6');
  assert.equal(refused(snipe(), shot({ dieUpgrades: ['white', 'white', 'white'] })).code, 'no_attack_bonus', 'only 2 net Bonuses');
  assert.equal(refused(snipe(), shot({ dieDowngrades: ['red'] })).code, 'no_attack_penalty', 'no Penalty to spend');
  assert.equal(refused(covered(), pistols({ dieDowngrades: ['yellow'] })).code, 'no_such_die', 'the first Penalty finds no yellow d8 in two red d12');
  assert.equal(refused(covered(), pistols({ dieUpgrades: ['white'] })).code, 'no_attack_bonus');
  assert.equal(refused(covered(), { type: 'act', unit: 'fortune', action: 'pistols', when: 'before', dieDowngrades: ['red'] }).code, 'dice_need_target', 'moving first: the dice go with fire');
  assert.equal(refused(snipe(), { type: 'delayed', target: null, dieUpgrades: ['white'] }).code, 'dice_need_target', 'a forgone attack rolls no dice');
});

test('the choice of dice is in the candidates beside the default, so bots explore it; its text names the dice', () => {
  const c = cands(snipe());
  assert.ok(c.some((a) => a.type === 'delayed' && a.target === '13,3,3' && !a.dieUpgrades), 'the default');
  const alt = c.find((a) => a.type === 'delayed' && a.target === '13,3,3' && a.dieUpgrades) as Extract<Action, { type: 'delayed' }>;
  assert.deepEqual(alt?.dieUpgrades, ['white', 'yellow']);
  assert.ok(c.filter((a) => a.type === 'delayed' && a.dieUpgrades).every((a) => !rs.validate(snipe(), rs.pending(snipe())[0].seat, rs.pending(snipe())[0], a)), 'every offered choice is legal');
  const d = cands(covered()).find((a) => a.type === 'act' && a.target === '3,3,1' && a.dieDowngrades) as Extract<Action, { type: 'act' }>;
  assert.deepEqual(d?.dieDowngrades, ['red', 'yellow']);
  const s = snipe();
  assert.match(rs.label!(rs.view(s, 0) as never, 0, alt), /Attack Bonuses upgrade: white die, then yellow die/);
});

test('at the roll the named dice apply where still possible, the rest take the default (positions re-evaluated after the Dash window, spec 7.3.2 step 4 [P])', () => {
  // Declared against two white d6 and +2; rolled with +3 (say an Area target that moved within the area): the third Bonus takes the default.
  assert.deepEqual(modifyPool(['white', 'white'], 3, { up: ['white', 'yellow'] }), ['red', 'yellow']);
  // Rolled with +1: the first named step only.
  assert.deepEqual(modifyPool(['white', 'white'], 1, { up: ['white', 'yellow'] }), ['yellow', 'white']);
  // A named colour no longer in the pool: the default die.
  assert.deepEqual(modifyPool(['red', 'red'], 2, { up: ['white'] }), ['red', 'red', 'yellow']);
  assert.deepEqual(modifyPool(['yellow', 'yellow'], -2, { down: ['red', 'red'] }), ['white', 'white']);
  // All white, a Penalty removes one; all red, a Bonus adds one: no choice there.
  assert.deepEqual(modifyPool(['white', 'white'], -1, { down: ['yellow'] }), ['white']);
  assert.equal(diceChoiceProblem(['red'], 2, { up: ['white'] })?.code, 'no_such_die', 'adding a white d6 is no die to name');
  assert.equal(diceChoiceProblem(['red'], 2, { up: ['red'] })?.code, 'no_such_die');
  assert.equal(diceChoiceProblem(['white', 'white'], 2, { up: ['white', 'yellow'] }), null);
});

test('replay: the same entries with the same dice give the same states and events, choice or not', () => {
  for (const a of [shot({ dieUpgrades: ['white', 'yellow'] }), shot()]) {
    const one = rolled(snipe(), a); const two = rolled(snipe(), a);
    assert.equal(one.events, two.events);
  }
});

test('a group Action\'s figures (Swarm Frenzy +2) each choose their dice: Defense Up twice, the next Swarm Trooper keeps two red d12 beside a white d6', () => {
  const s = activeBoard(only(fresh('M2'), { 'swarm-1': '3,1,1', 'swarm-2': '3,2,1', 'swarm-3': '3,3,1', fortune: '4,2,1' }), 'alpha');
  const m = s.mayhem!.LEGION; m.deck.pool = [...m.deck.pool, ...m.hand].filter((c) => c !== 'swarm-1').sort(); m.hand = ['swarm-1'];
  s.boards.fortune.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 }; // no Dash, no Block
  s.units.fortune.facing = 'W';
  s.units.fortune.statuses = [{ kind: 'DEFENSE_UP', turn: 0 }, { kind: 'DEFENSE_UP', turn: 0 }];
  let st = answer(s, { type: 'act', unit: 'swarm-1', action: 'card-frenzy', target: '4,2,1' }, [11, 7, 7]); // S, blank, blank
  assert.deepEqual(st.ev.filter((e) => e.type === 'dice_rolled').map((e) => (e.data as { dice: string[] }).dice)[0], ['red', 'yellow', 'yellow'], 'the default: the highest downgraded first');
  const alt = cands(st.s).find((a) => a.type === 'group' && a.unit === 'swarm-2' && a.dieDowngrades);
  assert.deepEqual(alt && alt.type === 'group' ? alt.dieDowngrades : null, ['red', 'yellow']);
  assert.equal(refused(st.s, { type: 'group', unit: 'swarm-2', target: '4,2,1', dieDowngrades: ['yellow'] }).code, 'no_such_die');
  st = answer(st.s, { type: 'group', unit: 'swarm-2', target: '4,2,1', dieDowngrades: ['red', 'yellow'] }, [11, 11, 4]); // S, S, blank
  assert.deepEqual(st.ev.filter((e) => e.type === 'dice_rolled').map((e) => (e.data as { dice: string[] }).dice)[0], ['red', 'red', 'white']);
});

/**
 * M2: Hollywood (2,1,1) shoots a Swarm Trooper 3 spaces east (5,1,1, facing E: Hollywood is on its
 * Flank) with Attack Up twice: the Gold Standard's yellow band, 2 yellow d8, +4.
 */
function gold(): S {
  const s = activeBoard(only(fresh('M2'), { hollywood: '2,1,1', 'swarm-1': '5,1,1' }), 'hollywood');
  s.mayhem!.MAYHEM.hand = ['hollywood-1', 'hardtack-1'];
  s.units.hollywood.statuses.push({ kind: 'ATTACK_UP', turn: 0 }, { kind: 'ATTACK_UP', turn: 0 });
  s.units['swarm-1'].facing = 'E';
  return s;
}
const goldShot = (extra: Partial<Extract<Action, { type: 'act' }>> = {}): Action => ({ type: 'act', unit: 'hollywood', action: 'goldstandard', target: '5,1,1', ...extra });

test('extra dice join the pool before the Bonuses (L735-739 "Number of Dice ... / Attack Modifiers: Apply any Attack Bonuses and Attack Penalties before rolling", spec 7.3.4): a Mayhem card\'s die is upgraded too (ruleset 0.3.3)', () => {
  const plain = rolled(gold(), goldShot());
  assert.deepEqual(plain.mods, { flank: 2, attackUp: 2 });
  assert.deepEqual(plain.dice, ['red', 'red', 'yellow'], '2 yellow d8, +4: both red, then a white d6 made yellow');
  // With the card: 3 yellow d8, +4: all three red, then a white d6 (added after the modifiers it was red, red, yellow + yellow).
  assert.deepEqual(rolled(gold(), goldShot({ mayhem: 'hollywood-1' })).dice, ['red', 'red', 'red', 'white']);
  // The named dice are checked against the same pool: a third yellow d8 to upgrade only with the card's die.
  assert.equal(refused(gold(), goldShot({ dieUpgrades: ['yellow', 'yellow', 'yellow'] })).code, 'no_such_die', 'two yellow d8 without the card');
  assert.deepEqual(rolled(gold(), goldShot({ mayhem: 'hollywood-1', dieUpgrades: ['yellow', 'yellow', 'yellow'] })).dice, ['red', 'red', 'red', 'white']);
  assert.equal(refused(gold(), goldShot({ mayhem: 'hollywood-1', dieUpgrades: ['yellow', 'yellow', 'yellow', 'yellow'] })).code, 'no_such_die', 'the fourth Bonus finds three red d12');
  // A red d12 is no die to upgrade, the card's or another.
  assert.equal(refused(gold(), goldShot({ mayhem: 'hollywood-1', dieUpgrades: ['yellow', 'red'] })).code, 'no_such_die');
});

/** M2: Fortune (10,7,1) shoots the empty Explosive space 10,5,1 with Attack Down twice: her red band, 2 red d12, -2 (spec 7.6.1: an object takes the attacker's Attack Up/Down). */
function barrel(): S {
  const s = activeBoard(only(fresh('M2'), { fortune: '10,7,1', 'swarm-1': '0,7,1' }), 'fortune');
  s.mayhem!.MAYHEM.hand = ['hollywood-1'];
  s.units.fortune.statuses.push({ kind: 'ATTACK_DOWN', turn: 0 }, { kind: 'ATTACK_DOWN', turn: 0 });
  return s;
}
const atBarrel = (extra: Partial<Extract<Action, { type: 'act' }>> = {}): Action => ({ type: 'act', unit: 'fortune', action: 'pistols', target: '10,5,1', ...extra });

test('a centre with no enemy unit (an Explosive Object): the named dice are checked at declaration against its pool, and a Mayhem card\'s die goes on its roll, before the Penalties', () => {
  assert.equal(refused(barrel(), atBarrel({ dieDowngrades: ['yellow'] })).code, 'no_such_die', 'two red d12: no yellow d8 to downgrade first');
  assert.equal(refused(barrel(), atBarrel({ dieDowngrades: ['red', 'red', 'red'] })).code, 'no_attack_penalty', 'only 2 net Penalties');
  assert.equal(refused(barrel(), atBarrel({ dieUpgrades: ['red'] })).code, 'no_attack_bonus');
  const plain = answer(barrel(), atBarrel({ dieDowngrades: ['red', 'yellow'] }), [5, 0]);
  assert.deepEqual(ev(plain, 'dice_rolled')[0].dice, ['red', 'white'], 'named: the first Penalty on a red d12, the second on the yellow d8 it made');
  assert.deepEqual(ev(plain, 'dice_rolled')[0].mods, { attackDown: -2 });
  // With the card: 3 red d12, -2.
  const card = answer(barrel(), atBarrel({ mayhem: 'hollywood-1', dieDowngrades: ['red', 'red'] }), [5, 0, 0]);
  assert.deepEqual(ev(card, 'dice_rolled')[0].dice, ['red', 'yellow', 'yellow']);
  assert.deepEqual(card.s.mayhem!.MAYHEM.deck.discard, ['hollywood-1']);
});
