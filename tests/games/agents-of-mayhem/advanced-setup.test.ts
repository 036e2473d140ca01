// Checklist item [full] #81 (in part: step 2, choosing gadgets), Advanced Setup (L2227-2271, spec
// 3.3): "The Advanced Setup will give you a number of green, yellow, and blue Scrap to spend on
// Gadgets. The Scrap Cost is shown on the top left of the Gadget Card"; spec 3.3 [P]: hidden,
// simultaneous commit-reveal. Provisional budgets (data/gadgets.json): M5, MAYHEM GGYYBB, LEGION
// GGGGGYYYYBB (also for its Minions, step 3, advanced-setup-minions.test.ts); Scrap costs: Dr.
// Babylon's Teleharpoon BB, Overcharge Coil YB (together BBB+Y: over LEGION's budget).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { answer, cands, ev, fresh, kind, refused, rs, seats } from './helpers.js';


/** M5 with Advanced Setup, step 1 answered with the mission's own boards (each Side has a fourth to choose from, rules/board-choice.ts). */
function step2() {
  const s = fresh('M5', 2, { advancedSetup: true });
  return answer(answer(s, { type: 'chooseBoards', boards: ['fortune', 'hardtack', 'hollywood'] }).s, { type: 'chooseBoards', boards: ['alpha', 'babylon', 'bravo'] }).s;
}

test('#81 Advanced Setup, choosing gadgets: each Side in turn spends its Scrap budget on its Discovered gadgets (one per type per board), instead of the mission\'s list', () => {
  const s = step2();
  assert.equal(kind(s), 'choose_gadgets');
  assert.equal(rs.pending(s)[0].seat, 0, 'MAYHEM first');
  assert.equal(s.units.fortune.gadgets, undefined, 'nothing slotted before the choice');
  // MAYHEM: GGYYBB. Flashbang (GB) + Ricochet (Y) + Slug Shells (Y) + Stunt Roll (G): G2 Y2 B1, affordable.
  const mine = ['gadget-fortune-flashbang', 'gadget-fortune-ricochet', 'gadget-hardtack-slug', 'gadget-hollywood-stunt'];
  assert.ok(cands(s).some((a) => a.type === 'chooseGadgets' && a.gadgets.join() === [...mine].sort().join()));
  assert.equal(refused(s, { type: 'chooseGadgets', gadgets: ['gadget-fortune-luckycharm'] }).code, 'not_choosable', 'Undiscovered: not to be chosen');
  assert.equal(refused(s, { type: 'chooseGadgets', gadgets: ['gadget-babylon-aura'] }).code, 'not_choosable', 'the other Side\'s');
  assert.equal(refused(s, { type: 'chooseGadgets', gadgets: ['gadget-fortune-flashbang', 'gadget-hardtack-bulwark', 'gadget-hollywood-pyro'] }).code, 'over_budget', 'GB + GB + YB: three B');
  let st = answer(s, { type: 'chooseGadgets', gadgets: mine });
  // LEGION next: its BB buys one of Teleharpoon (BB) and Overcharge Coil (YB), not both.
  assert.equal(kind(st.s), 'choose_gadgets');
  assert.equal(rs.pending(st.s)[0].seat, 1);
  assert.deepEqual(cands(st.s).map((a) => (a as { gadgets: string[] }).gadgets), [[], ['gadget-babylon-overcharge'], ['gadget-babylon-teleharpoon']]);
  assert.equal(refused(st.s, { type: 'chooseGadgets', gadgets: ['gadget-babylon-teleharpoon', 'gadget-babylon-overcharge'] }).code, 'over_budget');
  st = answer(st.s, { type: 'chooseGadgets', gadgets: ['gadget-babylon-overcharge'] });
  // Revealed and slotted together; the mission's list (Body Double, Lucky Charm...) is not used.
  assert.deepEqual(st.s.units.fortune.gadgets, ['gadget-fortune-flashbang', 'gadget-fortune-ricochet']);
  assert.deepEqual(st.s.units.hardtack.gadgets, ['gadget-hardtack-slug']);
  assert.deepEqual(st.s.units.hollywood.gadgets, ['gadget-hollywood-stunt']);
  assert.deepEqual(st.s.units.babylon.gadgets, ['gadget-babylon-overcharge']);
  assert.equal(st.s.gadgetChoice, undefined);
  assert.deepEqual(st.s.gadgets!.temporary, []);
  assert.equal(ev(st, 'gadgets_slotted').length, 4);
  assert.equal(kind(st.s), 'buy_minions', 'then LEGION buys its Minions (step 3)');
  // Standard setup is unchanged, and a mission without a budget refuses the option.
  assert.ok(fresh('M5').units.hollywood.gadgets!.includes('gadget-hollywood-bodydouble'));
  const r = rs.setup({ scenario: 'M2', seats: seats(2), options: { advancedSetup: true } }, { seq: 0, rng: localRng('x') });
  assert.ok(isViolation(r) && r.code === 'no_advanced_setup');
});

test('#81 Advanced Setup is commit-reveal: LEGION cannot see MAYHEM\'s committed choice (view, events) before making its own', () => {
  const s = step2();
  const st = answer(s, { type: 'chooseGadgets', gadgets: ['gadget-fortune-ricochet'] });
  const legion = rs.view(st.s, 1) as S;
  assert.deepEqual(legion.gadgetChoice!.MAYHEM, ['?']);
  assert.equal(legion.units.fortune.gadgets, undefined, 'not slotted yet (the Discovered list is public, the choice is not)');
  assert.deepEqual((rs.view(st.s, 0) as S).gadgetChoice!.MAYHEM, ['gadget-fortune-ricochet'], 'MAYHEM sees its own');
  const chosen = st.ev.find((e) => e.type === 'gadgets_chosen')!;
  assert.deepEqual(chosen.to, { seats: [0] });
  assert.deepEqual(chosen.others, { side: 'MAYHEM' });
  // A determinized state from LEGION's view is a legal state that views the same.
  const d = rs.determinize!(legion as never, 1, localRng('d'));
  assert.deepEqual(rs.view(d as S, 1), legion);
});
