// Checklist items #39 (gadget slots: Action / Weapon / Passive, the Weapon gadget opted into at each
// use, the Passive gadget always on) and #83 (gadgets granted for one mission only, returned
// afterwards), from the rulebook's GADGETS page (L1048-1074) and Setup (L2214, L2221).
// Provisional cards (data/gadgets.json): Fortune Flashbang (Action, Add-on B, red 1 to 1, yellow 1
// to 3, SPECIAL = GIVE STUNNED), Ricochet Rounds (Weapon, +B, ALWAYS = RANGE +2), Lucky Charm
// (Passive, TARGET HAS SHIELD = EXTRA DIE, Undiscovered); Hardtack Bulwark Plate (Action, Add-on B,
// GAIN SHIELD), Slug Shells (Weapon, +B, ALWAYS = EXTRA DIE). M2-M4 slot the Starting gadgets; M5
// also slots Lucky Charm, Marine Scope and Dark Matter Aura (not Starting: for that mission only).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { carry } from '../../../src/games/agents-of-mayhem/index.js';
import { GADGETS } from '../../../src/games/agents-of-mayhem/state.js';
import { agentsPosition } from '../../../src/games/agents-of-mayhem/position.js';
import { loadGadgets, startingGadgets } from '../../../src/games/agents-of-mayhem/rules/gadgets.js';
import gadgetsJson from '../../../src/games/agents-of-mayhem/data/gadgets.json' with { type: 'json' };
import { isViolation } from '../../../src/engine/types.js';
import { activeBoard, answer, cands, ev, fresh, only, refused, rs } from './helpers.js';

const acts = (s: S, unit: string, action: string) => cands(s).filter((a) => a.type === 'act' && a.unit === unit && a.action === action) as Extract<ReturnType<typeof cands>[number], { type: 'act' }>[];
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** `board` activated, only `at`'s units on the map, the LEGION Squads without cubes (no Dash or Block in the way). */
function at(mission: string, board: string, units: Record<string, string>, options: unknown = {}): S {
  const s = activeBoard(only(fresh(mission, 2, options), units), board);
  for (const b of ['alpha', 'bravo']) s.boards[b].cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  return s;
}

test('#39 gadget slots: each Elite board slots the mission\'s gadgets, one of each type (Action, Weapon, Passive); each character starts with 2 gadgets', () => {
  const s = fresh('M2');
  assert.deepEqual(s.units.fortune.gadgets, ['gadget-fortune-flashbang', 'gadget-fortune-ricochet']);
  assert.deepEqual(s.units.babylon.gadgets, ['gadget-babylon-teleharpoon', 'gadget-babylon-overcharge']);
  assert.equal(s.units.glory.gadgets, undefined, 'an Ally has no gadgets (L1951)');
  assert.equal(s.units['swarm-1'].gadgets, undefined, 'Squads have no Gadget Slots');
  assert.equal(fresh('M1').units.fortune.gadgets, undefined, 'M1 lists no gadgets');
  for (const e of ['fortune', 'hardtack', 'hollywood', 'babylon']) assert.equal(Object.values(GADGETS).filter((g) => g.character === e && g.starting).length, 2, `${e}: 2 Starting gadgets (L1382)`);
  // The loader refuses two gadgets of one type in a board, another character's gadget, and a body that does not match the type.
  const two = clone(gadgetsJson); (two.missions.M2 as Record<string, string[]>).fortune = ['gadget-fortune-flashbang', 'gadget-fortune-flashbang'];
  assert.throws(() => loadGadgets(two), /one gadget of each type/);
  const other = clone(gadgetsJson); (other.missions.M2 as Record<string, string[]>).hardtack = ['gadget-fortune-ricochet'];
  assert.throws(() => loadGadgets(other), /fortune's/);
  const body = clone(gadgetsJson); (body.gadgets[1] as Record<string, unknown>).passive = ['ALWAYS = RANGE +1'];
  assert.throws(() => loadGadgets(body), /carries only its weapon part/);
});

test('#39 Action gadget: an Action of the figure following the rules of Basic Actions (cost, Add-on once per Turn); Bulwark Plate gains a Shield for B', () => {
  const s = at('M2', 'hardtack', { hardtack: '2,3,1' });
  s.boards.hardtack.shield = 0;
  assert.equal(acts(s, 'hardtack', 'gadget-hardtack-bulwark').length, 1, 'offered');
  const st = answer(s, { type: 'act', unit: 'hardtack', action: 'gadget-hardtack-bulwark' });
  assert.equal(st.s.boards.hardtack.shield, 1);
  assert.equal(st.s.boards.hardtack.cubes.tech, s.boards.hardtack.cubes.tech - 1, 'B paid (Tech: used by Gadgets, L227)');
  assert.equal(st.s.slots[0].main, false, 'an Add-on');
  assert.equal(refused(st.s, { type: 'act', unit: 'hardtack', action: 'gadget-hardtack-bulwark' }).code, 'addon_used');
  // Without the gadget slotted (M1) the Action does not exist.
  const m1 = activeBoard(only(fresh('M1'), { hardtack: '2,3,1' }), 'hardtack');
  assert.equal(refused(m1, { type: 'act', unit: 'hardtack', action: 'gadget-hardtack-bulwark' }).code, 'unknown_action');
  // An attack gadget: Flashbang, red 1 die at range 1, a Special Stuns.
  const f = at('M2', 'fortune', { fortune: '2,1,1', 'shock-1': '3,1,1' });
  f.units['shock-1'].facing = 'W';
  const fl = answer(f, { type: 'act', unit: 'fortune', action: 'gadget-fortune-flashbang', target: '3,1,1' }, [11]);
  assert.deepEqual((ev(fl, 'dice_rolled')[0].dice as string[]).slice(0, 1), ['red']);
  assert.ok(ev(fl, 'status_gained').some((e) => e.unit === 'shock-1' && e.status === 'STUNNED'));
});

test('#39 Weapon gadget: chosen at each use of the Weapon Action (with: its cost and abilities too; without: the printed weapon); one Weapon Action either way', () => {
  // Fortune's pistols: red 3, yellow 6, white 9; Ricochet Rounds (+B): every range +2.
  const s = at('M2', 'fortune', { fortune: '0,0,1', 'shock-1': '10,0,1' });
  s.units['shock-1'].facing = 'W';
  assert.equal(refused(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '10,0,1' }).code, 'out_of_range', 'the printed white band ends at 9');
  const offered = acts(s, 'fortune', 'pistols');
  assert.ok(offered.some((a) => a.gadget === true && a.target === '10,0,1'), 'the gadget variant is asked for');
  assert.ok(!offered.some((a) => a.gadget === undefined && a.target === '10,0,1'));
  const st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '10,0,1', gadget: true }, [0, 0, 0]);
  assert.equal((ev(st, 'dice_rolled')[0].dice as string[])[0], 'white', 'distance 10 is in the white band 9 + 2 = 11');
  const b = s.boards.fortune.cubes;
  assert.deepEqual([st.s.boards.fortune.cubes.speed, st.s.boards.fortune.cubes.focus, st.s.boards.fortune.cubes.tech], [b.speed - 1, b.focus - 1, b.tech - 1], 'GY for the pistols and B for the gadget');
  assert.equal(st.s.slots[0].main, true, 'the pistols\' Main Action');
  const again = clone(st.s); again.stack = [];
  assert.equal(refused(again, { type: 'act', unit: 'fortune', action: 'pistols', target: '10,0,1', gadget: true }).code, 'main_used');
  // Without the gadget: the printed pistols at the printed cost.
  const n = at('M2', 'fortune', { fortune: '0,0,1', 'shock-1': '8,0,1' });
  n.units['shock-1'].facing = 'W';
  const plain = answer(n, { type: 'act', unit: 'fortune', action: 'pistols', target: '8,0,1' }, [0, 0, 0]);
  assert.equal((ev(plain, 'dice_rolled')[0].dice as string[])[0], 'white', 'distance 8: the printed white band');
  assert.equal(plain.s.boards.fortune.cubes.tech, n.boards.fortune.cubes.tech, 'no B without the gadget');
  const withG = answer(n, { type: 'act', unit: 'fortune', action: 'pistols', target: '8,0,1', gadget: true }, [0, 0, 0, 0]);
  assert.equal((ev(withG, 'dice_rolled')[0].dice as string[])[0], 'yellow', 'distance 8 is in the yellow band 6 + 2 = 8 with the gadget');
  // Only a Weapon Action of the board takes it, and only with a Weapon gadget slotted.
  assert.equal(refused(n, { type: 'act', unit: 'fortune', action: 'sprint', gadget: true }).code, 'no_weapon_gadget');
  assert.equal(refused(n, { type: 'act', unit: 'fortune', action: 'pistols+gadget-fortune-ricochet', target: '8,0,1' }).code, 'unknown_action');
  const m1 = activeBoard(only(fresh('M1'), { fortune: '0,0,1', 'shock-1': '8,0,1' }), 'fortune');
  assert.equal(refused(m1, { type: 'act', unit: 'fortune', action: 'pistols', target: '8,0,1', gadget: true }).code, 'no_weapon_gadget');
  // Slug Shells: one extra die on Hardtack's shotgun.
  const h = at('M2', 'hardtack', { hardtack: '2,3,1', 'shock-1': '3,3,1' });
  h.units['shock-1'].facing = 'W';
  const d0 = (ev(answer(h, { type: 'act', unit: 'hardtack', action: 'shotgun', target: '3,3,1' }, Array(8).fill(5)), 'dice_rolled')[0].dice as string[]).length;
  const d1 = (ev(answer(h, { type: 'act', unit: 'hardtack', action: 'shotgun', target: '3,3,1', gadget: true }, Array(8).fill(5)), 'dice_rolled')[0].dice as string[]).length;
  assert.equal(d1, d0 + 1);
});

test('#39 Passive gadget: always in effect, free, on every attack of the figure (Lucky Charm: an extra die against a target with Shield)', () => {
  const dice = (mission: string, action: string, target: string, gadget?: boolean) => {
    const s = at(mission, 'fortune', { fortune: '2,1,1', [target]: '3,1,1' });
    s.units[target].facing = 'W';
    const st = answer(s, { type: 'act', unit: 'fortune', action, target: '3,1,1', ...(gadget ? { gadget } : {}) }, Array(8).fill(5));
    assert.equal(st.s.boards.fortune.cubes.tech, s.boards.fortune.cubes.tech - (action === 'pistols' && !gadget ? 0 : 1), 'nothing paid for the Passive gadget');
    return (ev(st, 'dice_rolled')[0].dice as string[]).length;
  };
  assert.ok(fresh('M5').units.fortune.gadgets!.includes('gadget-fortune-luckycharm'));
  // The Swarm Trooper has a Shield (1).
  assert.equal(dice('M5', 'pistols', 'swarm-1'), dice('M2', 'pistols', 'swarm-1') + 1, 'the Weapon Action');
  assert.equal(dice('M5', 'pistols', 'swarm-1', true), dice('M2', 'pistols', 'swarm-1', true) + 1, 'with the Weapon gadget');
  assert.equal(dice('M5', 'gadget-fortune-flashbang', 'swarm-1'), dice('M2', 'gadget-fortune-flashbang', 'swarm-1') + 1, 'an Action gadget');
  // The Shock Trooper has none: Lucky Charm adds nothing.
  assert.equal(dice('M5', 'pistols', 'shock-1'), dice('M2', 'pistols', 'shock-1'));
});

test('#83 a gadget listed but not yet owned is granted for this mission only and goes back to the Undiscovered deck afterwards; an owned one stays', () => {
  const s = fresh('M5');
  const start = startingGadgets('MAYHEM');
  assert.ok(!start.includes('gadget-fortune-luckycharm'));
  assert.deepEqual(s.gadgets!.temporary, ['gadget-babylon-aura', 'gadget-fortune-luckycharm', 'gadget-hardtack-scope', 'gadget-hollywood-bodydouble']);
  assert.deepEqual(s.gadgets!.discovered.MAYHEM, start);
  // It works in this mission (slotted like any other)...
  assert.ok(s.units.fortune.gadgets!.includes('gadget-fortune-luckycharm'));
  // ...and the next mission gets the Side's Discovered gadgets only (L2221).
  const c = carry(s);
  assert.deepEqual(c.gadgets!.MAYHEM, start);
  assert.ok(!c.gadgets!.MAYHEM.includes('gadget-fortune-luckycharm'));
  assert.deepEqual(c.gadgets!.LEGION, startingGadgets('LEGION'));
  // A Side that has discovered it (carried in) owns it: not temporary, and it is carried on.
  // (With 3 gadgets for Fortune, MAYHEM is first asked whether to reset her board, #88: no.)
  const owned = answer(fresh('M5', 2, { carry: { ...c, gadgets: { MAYHEM: [...start, 'gadget-fortune-luckycharm'], LEGION: c.gadgets!.LEGION } } }), { type: 'resetBoard', board: null }).s;
  assert.deepEqual(owned.gadgets!.temporary, ['gadget-babylon-aura', 'gadget-hardtack-scope', 'gadget-hollywood-bodydouble']);
  assert.ok(carry(owned).gadgets!.MAYHEM.includes('gadget-fortune-luckycharm'));
  // A carried collection is beyond the position format: refused by name.
  const p = agentsPosition.toPosition(owned);
  assert.ok(isViolation(p));
  assert.ok((p.details as { beyond: string[] }).beyond.some((x) => x.startsWith('Discovered gadgets')), JSON.stringify(p.details));
  assert.ok(!isViolation(agentsPosition.toPosition(fresh('M5'))), 'a mission\'s own gadgets are part of the mission: no refusal');
});
