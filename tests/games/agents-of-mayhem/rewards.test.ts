// Checklist items #84 (end-of-mission rewards: Participation, Victory, Gadget OM, Crystal OM,
// resolved one by one with the gadget shown before the next choice) and #85 (the Undiscovered
// gadget deck per Side, random draws, character ownership), from "Gaining Gadgets and Dark Matter
// Crystals" (L1418-1430) and "Gadgets" (L1376-1384); #86 from a real reward (Crystals spent at
// once, L1408-1410). Provisional data: data/rewards.json names each mission's Gadget and Crystal OM
// (M1: OM 2 and OM 3).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { carry } from '../../../src/games/agents-of-mayhem/index.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { GADGETS } from '../../../src/games/agents-of-mayhem/state.js';
import { finish } from '../../../src/games/agents-of-mayhem/rules/board.js';
import { loadRewards, undiscoveredPool } from '../../../src/games/agents-of-mayhem/rules/rewards.js';
import rewardsJson from '../../../src/games/agents-of-mayhem/data/rewards.json' with { type: 'json' };
import { localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { answer, cands, ev, fresh, kind, refused, rs } from './helpers.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** A finished M1: `winner` by resignation of the other Side, or a tie; OMs controlled as given. */
function ended(winner: 'MAYHEM' | 'LEGION' | null, oms: Record<string, 'MAYHEM' | 'LEGION'> = {}, mission = 'M1'): S {
  let s = fresh(mission);
  for (const o of s.oms) if (oms[o.id]) o.control = oms[o.id];
  if (winner) {
    const r = rs.resign!(s, winner === 'MAYHEM' ? 1 : 0, { seq: 1, rng: localRng('end') });
    if (isViolation(r)) throw new Error(r.code);
    s = r.state;
  } else {
    s.vpStart = { side: 'MAYHEM', value: 0 };
    finish(s, 'test end', []);
  }
  return s;
}

test('#84 a finished mission awards each Side a Participation gain, the winner a Victory gain, the Gadget OM a gadget and the Crystal OM a Crystal', () => {
  // M1: the Gadget OM is OM 2, the Crystal OM OM 3; MAYHEM won and holds the Crystal OM.
  const won = carry(ended('MAYHEM', { 2: 'LEGION', 3: 'MAYHEM' }));
  assert.deepEqual(won.rewards, { MAYHEM: { choices: 2, gadgets: 0, crystals: 1 }, LEGION: { choices: 1, gadgets: 1, crystals: 0 } });
  // A tie: nobody gains the Victory gain.
  const tie = carry(ended(null, { 2: 'MAYHEM', 3: 'LEGION' }));
  assert.deepEqual(tie.rewards, { MAYHEM: { choices: 1, gadgets: 1, crystals: 0 }, LEGION: { choices: 1, gadgets: 0, crystals: 1 } });
  // Nothing before the end, and nothing for a tutorial (its rewards are spent after the Advanced Rules, L1432).
  assert.equal(carry(fresh('M1')).rewards, undefined);
  const t6 = rs.resign!(fresh('T6'), 1, { seq: 1, rng: localRng('end') });
  assert.ok(!isViolation(t6));
  assert.equal(carry(t6.state).rewards, undefined);
  // Story flags: the winner and the OMs' outcome, carried on and added to.
  assert.deepEqual(won.flags, { 'M1:winner': 'MAYHEM', 'M1:gadgetOM': 'LEGION', 'M1:crystalOM': 'MAYHEM' });
  const m2 = fresh('M2', 2, { carry: won });
  assert.deepEqual(carry(m2).flags, won.flags);
  const m2end = rs.resign!(m2, 0, { seq: 1, rng: localRng('end') });
  assert.ok(!isViolation(m2end));
  assert.equal(carry(m2end.state).flags!['M2:winner'], 'LEGION');
  assert.equal(carry(m2end.state).flags!['M1:winner'], 'MAYHEM');
  // The data names OMs the mission places.
  const bad = clone(rewardsJson); bad.oms.M1.gadget = '9';
  assert.throws(() => loadRewards(bad), /places no OM 9/);
});

test('#84 the rewards are resolved one at a time before the next mission: a new gadget is shown before the next choice, then the OM gains', () => {
  const c = carry(ended('MAYHEM', { 2: 'LEGION', 3: 'MAYHEM' }));
  let s = fresh('M2', 2, { carry: c });
  // MAYHEM first (two Gadget-or-Crystal choices), the first seat of the Side decides.
  assert.equal(kind(s), 'rewards');
  assert.equal(rs.pending(s)[0].seat, 0);
  assert.deepEqual(cands(s), [{ type: 'reward', take: 'gadget' }, { type: 'reward', take: 'crystal' }]);
  const before = s.gadgets!.discovered.MAYHEM.slice();
  const g = answer(s, { type: 'reward', take: 'gadget' });
  const drawn = ev(g, 'gadget_discovered')[0];
  assert.ok(drawn, 'the gadget drawn is shown at once');
  assert.equal(GADGETS[String(drawn.gadget)].character, drawn.character);
  assert.equal(CONTENT.elites[String(drawn.character)].side, 'MAYHEM', "it belongs to one of the Side's characters");
  assert.deepEqual(g.s.gadgets!.discovered.MAYHEM, [...before, String(drawn.gadget)].sort());
  assert.equal(kind(g.s), 'rewards', 'the second choice comes after the reveal');
  assert.equal(rs.pending(g.s)[0].seat, 0);
  s = answer(g.s, { type: 'reward', take: 'crystal' }).s;
  // LEGION: one choice, then the Gadget OM's gadget.
  assert.equal(kind(s), 'rewards');
  assert.equal(rs.pending(s)[0].seat, 1);
  const l = answer(s, { type: 'reward', take: 'crystal' });
  const lg = ev(l, 'gadget_discovered');
  assert.equal(lg.length, 1, 'the Gadget OM gives LEGION a gadget without a choice');
  assert.equal(lg[0].gadget, 'gadget-babylon-aura', "LEGION's only Undiscovered gadget");
  assert.deepEqual(ev(l, 'rewards_gained'), [{ side: 'LEGION', gadgets: ['gadget-babylon-aura'], crystals: 1 }]);
  // Then the purchases with the Crystals gained: MAYHEM 1 + the Crystal OM's 1, LEGION 1.
  assert.equal(kind(l.s), 'buy_upgrades');
  assert.deepEqual(rs.pending(l.s)[0].exposes, { side: 'MAYHEM', crystals: 2, boards: ['fortune', 'hardtack', 'hollywood'], bought: [] });
  assert.equal(l.s.undiscovered, undefined, 'the decks go back to the box');
  // What was drawn is Discovered from now on and carried.
  assert.deepEqual(carry(l.s).gadgets!.LEGION, [...fresh('M2').gadgets!.discovered.LEGION, 'gadget-babylon-aura'].sort());
});

test('#85 the Undiscovered deck: the Side\'s characters\' gadgets not Discovered, drawn at random (no order before the draw), an empty deck gives no gadget', () => {
  const c = carry(ended('LEGION', { 2: 'LEGION', 3: 'LEGION' }));
  const s = fresh('M2', 2, { carry: c });
  // Every Advanced gadget of the Side's characters starts Undiscovered; a Starting gadget is Discovered.
  assert.deepEqual(s.undiscovered!.MAYHEM.pool, Object.values(GADGETS).filter((g) => !g.starting && CONTENT.elites[g.character].side === 'MAYHEM').map((g) => g.id).sort());
  assert.deepEqual(s.undiscovered!.LEGION.pool, ['gadget-babylon-aura']);
  assert.deepEqual(s.undiscovered!.MAYHEM.top, [], 'no known order');
  assert.deepEqual(undiscoveredPool(s, 'MAYHEM'), s.undiscovered!.MAYHEM.pool);
  // Random draws: the seed decides which card comes (several seeds give several gadgets).
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    const r = rs.apply(s, { kind: 'answer', seat: 0, decision: 'x', action: { type: 'reward', take: 'gadget' } }, { seq: 1, rng: localRng(`draw-${i}`) });
    assert.ok(!isViolation(r));
    seen.add((r.events.find((e) => e.type === 'gadget_discovered')!.data as { gadget: string }).gadget);
  }
  assert.ok(seen.size > 1, `draws differ by seed: ${[...seen]}`);
  for (const g of seen) assert.ok(s.undiscovered!.MAYHEM.pool.includes(g));
  // LEGION won with both OMs: 2 choices + 1 gadget + 1 Crystal. Its deck holds one card:
  // after it is drawn a gadget can no longer be chosen, and the Gadget OM's gadget is lost.
  let t = answer(s, { type: 'reward', take: 'crystal' }).s;
  t = answer(t, { type: 'reward', take: 'gadget' }).s;
  assert.equal(refused(t, { type: 'reward', take: 'gadget' }).code, 'no_undiscovered');
  assert.deepEqual(cands(t), [{ type: 'reward', take: 'crystal' }]);
  const last = answer(t, { type: 'reward', take: 'crystal' });
  assert.equal(ev(last, 'no_gadget_left').length, 1);
  assert.deepEqual(ev(last, 'rewards_gained'), [{ side: 'LEGION', gadgets: ['gadget-babylon-aura'], crystals: 2 }]);
});

test('#86 Crystals from a real reward buy an upgrade for a board that took part; the rest expire', () => {
  const c = carry(ended('MAYHEM', { 2: 'LEGION', 3: 'MAYHEM' }));
  let s = fresh('M2', 2, { carry: c });
  s = answer(s, { type: 'reward', take: 'crystal' }).s;
  s = answer(s, { type: 'reward', take: 'crystal' }).s;
  s = answer(s, { type: 'reward', take: 'gadget' }).s;
  assert.equal(kind(s), 'buy_upgrades');
  assert.equal((rs.pending(s)[0].exposes as { crystals: number }).crystals, 3);
  assert.ok(cands(s).some((a) => a.type === 'buyUpgrade' && a.upgrade === 'upgrade-fortune-t2'), 'a 3-Crystal tile is affordable');
  const b = answer(s, { type: 'buyUpgrade', board: 'fortune', upgrade: 'upgrade-fortune-d1' });
  assert.deepEqual(ev(b, 'upgrade_bought')[0], { side: 'MAYHEM', board: 'fortune', upgrade: 'upgrade-fortune-d1', crystals: 2, replaced: null, left: 1 });
  const done = answer(b.s, { type: 'buyUpgrade', board: null });
  assert.deepEqual(ev(done, 'upgrades_bought'), [{ side: 'MAYHEM', expired: 1 }]);
  assert.equal(kind(done.s), 'activate', 'LEGION took no Crystal: the mission begins');
  assert.deepEqual(carry(done.s).upgrades, { fortune: ['upgrade-fortune-d1'] });
});
