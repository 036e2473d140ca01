// Checklist item [core] #39 (gadget slots: Action gadgets "follow all the rules of Basic Actions",
// L1064; Action Type Main, Add-on and Instant, L1058) with #46 (one Instant per unit per window):
// an Instant gadget Action. Instant Actions may be used any number of times in your Turn by any
// Unit whatever board is activated (L275), and on the opponent's Turn before an Attack Roll
// (L277-282), one per Unit before the roll (L284). Provisional card: Hollywood's Smoke Bomb
// (Undiscovered Action gadget, Instant, B, ALWAYS = GAIN DEFENSE_UP), slotted in M4.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { loadGadgets } from '../../../src/games/agents-of-mayhem/rules/gadgets.js';
import gadgetsJson from '../../../src/games/agents-of-mayhem/data/gadgets.json' with { type: 'json' };
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs } from './helpers.js';

const SMOKE = 'gadget-hollywood-smokebomb';
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const smoke = { type: 'act' as const, unit: 'hollywood', action: SMOKE };
const defUp = (s: S) => s.units.hollywood.statuses.filter((x) => x.kind === 'DEFENSE_UP').length;

/** LEGION's Turn (Bravo activated): the Shock Trooper adjacent to Hollywood, who faces it. */
function attacked(): S {
  const s = activeBoard(only(fresh('M4'), { hollywood: '2,2,1', 'shock-1': '3,2,1', fortune: '0,7,1', babylon: '17,7,1' }), 'bravo');
  s.units.hollywood.facing = 'E';
  return s;
}
const smash = { type: 'act' as const, unit: 'shock-1', action: 'smash', target: '2,2,1' };

test('#39 Instant gadget: Smoke Bomb is slotted in M4 (Hollywood\'s Action slot, for this mission only); the loader takes an Instant gadget Action as a self Action (an Until-Removed timer allowed), a move (a Jump allowed), a Jump or an attack (a mandatory timer allowed), never with a group, a delayed move or a Weapon', () => {
  const s = fresh('M4');
  assert.deepEqual(s.units.hollywood.gadgets, [SMOKE, 'gadget-hollywood-pyro']);
  assert.ok(s.gadgets!.temporary.includes(SMOKE), 'Undiscovered: granted for M4 only (L2221)');
  const atk = clone(gadgetsJson);
  const g = atk.gadgets.find((x) => x.id === SMOKE)!.action as Record<string, unknown>;
  Object.assign(g, { kind: 'attack', attack: { bands: [{ color: 'red', range: 1, dice: 1 }] }, abilities: [] });
  assert.doesNotThrow(() => loadGadgets(atk), 'an Instant attack (L275-284 limit when, not what)');
  const timed = clone(gadgetsJson);
  Object.assign(timed.gadgets.find((x) => x.id === SMOKE)!.action as Record<string, unknown>, { timer: { side: 'own' }, abilities: ['UNTIL REMOVED = GAIN DEFENSE_UP'] });
  assert.doesNotThrow(() => loadGadgets(timed), 'an optional Until-Removed timer on a self Instant (L1655, L1665)');
  const jump = clone(gadgetsJson);
  Object.assign(jump.gadgets.find((x) => x.id === SMOKE)!.action as Record<string, unknown>, { kind: 'move', mp: 2, jump: { up: 1, spaces: 2 }, abilities: [] });
  assert.doesNotThrow(() => loadGadgets(jump), 'an Instant move with a Jump (L527-537)');
  const jumpOnly = clone(gadgetsJson);
  Object.assign(jumpOnly.gadgets.find((x) => x.id === SMOKE)!.action as Record<string, unknown>, { kind: 'jump', jump: { up: 1, spaces: 2 }, abilities: [] });
  assert.doesNotThrow(() => loadGadgets(jumpOnly), 'an Instant Jump (L585)');
  const mandatory = clone(gadgetsJson);
  Object.assign(mandatory.gadgets.find((x) => x.id === SMOKE)!.action as Record<string, unknown>, { kind: 'attack', attack: { bands: [{ color: 'red', range: 1, dice: 1 }] }, timer: { side: 'enemy', mandatory: true }, abilities: [] });
  assert.doesNotThrow(() => loadGadgets(mandatory), 'an Instant attack with a mandatory timer (L1669)');
  const group = clone(gadgetsJson);
  Object.assign(group.gadgets.find((x) => x.id === SMOKE)!.action as Record<string, unknown>, { kind: 'move', mp: 2, group: 1, abilities: [] });
  assert.throws(() => loadGadgets(group), /a group \(\+N\) is extra figures of a Minion type \(L996-998\)/);
  const delayedMove = clone(gadgetsJson);
  Object.assign(delayedMove.gadgets.find((x) => x.id === SMOKE)!.action as Record<string, unknown>, { kind: 'move', mp: 2, timer: { side: 'own', mandatory: true }, abilities: [] });
  assert.throws(() => loadGadgets(delayedMove), /a delayed move or Jump is no mechanism/);
});

test('#39 Instant gadget in its own Side\'s Turn: any own unit, whatever board is activated, any number of times; it uses no Main or Add-on and keeps the current Action\'s MP', () => {
  const s = activeBoard(only(fresh('M4'), { hollywood: '2,2,1', fortune: '0,7,1', babylon: '17,7,1' }), 'fortune');
  let st = answer(s, { type: 'act', unit: 'fortune', action: 'sprint' });
  const mp = structuredClone(st.s.slots[0].mp);
  const allowance = structuredClone([st.s.slots[0].main, st.s.slots[0].addons]);
  assert.ok(cands(st.s).some((a) => a.type === 'act' && a.unit === 'hollywood' && a.action === SMOKE), 'offered though Fortune\'s board is the activated one');
  const tech = st.s.boards.hollywood.cubes.tech;
  st = answer(st.s, smoke);
  assert.equal(st.s.boards.hollywood.cubes.tech, tech - 1, 'B from Hollywood\'s board');
  assert.equal(defUp(st.s), 1);
  assert.deepEqual(st.s.slots[0].mp, mp, 'Fortune\'s Sprint MP are still there');
  assert.deepEqual([st.s.slots[0].main, st.s.slots[0].addons], allowance, 'no Main or Add-on used');
  st = answer(st.s, smoke);
  assert.equal(defUp(st.s), 2, 'Instants: any number of times (L275)');
  st.s.boards.hollywood.cubes.tech = 0;
  assert.equal(refused(st.s, smoke).code, 'cannot_pay');
  // The other Side's units are not yours; an Instant gadget takes no target.
  const l = activeBoard(only(fresh('M4'), { hollywood: '2,2,1', babylon: '17,7,1' }), 'babylon');
  assert.equal(refused(l, smoke).code, 'not_your_unit');
  assert.equal(refused(s, { ...smoke, target: '17,7,1' }).code, 'bad_instant');
});

test('#39 Instant gadget on the other Side\'s Turn: in the W-preroll window of an attack on the unit (in place of a Dash, one Instant per window); its Defense Up counts in that roll', () => {
  const s = attacked();
  s.boards.hollywood.cubes.focus = 0; // no Dash (YY): the gadget alone opens the window
  let st = answer(s, smash);
  assert.equal(kind(st.s), 'dash_window');
  assert.equal(rs.pending(st.s)[0].seat, 0);
  assert.deepEqual(cands(st.s), [{ type: 'pass' }, smoke]);
  assert.equal(refused(st.s, { type: 'act', unit: 'fortune', action: 'gadget-fortune-flashbang' }).code, 'wrong_action');
  st = answer(st.s, smoke, [5, 6, 6]);
  assert.equal(defUp(st.s), 1);
  const roll = ev(st, 'dice_rolled')[0];
  assert.ok(roll, 'the window closed and the roll followed (one Instant per unit per window, L284)');
  assert.equal((roll.mods as Record<string, number>).defenseUp, -1, 'the new Defense Up lowers this very roll');
  // Without the B (and no Dash), nothing suspends the attack.
  const poor = attacked();
  poor.boards.hollywood.cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  const p = answer(poor, smash, [5, 6, 6]);
  assert.notEqual(kind(p.s), 'dash_window');
  // With a Dash affordable too, both are offered; after the gadget Hollywood may no longer Dash in this window.
  const both = answer(attacked(), smash);
  assert.ok(cands(both.s).some((a) => a.type === 'dash') && cands(both.s).some((a) => a.type === 'act'));
  const after = answer(both.s, smoke, [5, 6, 6]);
  assert.notEqual(kind(after.s), 'dash_window');
  assert.deepEqual(ev(after, 'dashed'), []);
  const used = answer(answer(attacked(), smash).s, smoke, [5, 6, 6]);
  assert.equal(kind(used.s), 'block', 'Hollywood\'s Block window: the attack frame is still open');
  const g = used.s.stack.find((x) => x.t === 'attack') as { instants?: string[]; dashed: string[] };
  assert.deepEqual([g.instants, g.dashed], [['hollywood'], []], 'the gadget was his Instant of the W-preroll window, not a Dash (a Fall Dash later in this attack stays open)');
});
