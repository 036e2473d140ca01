// Checklist items #83 (upgrades granted for one mission only and returned; the gadget half is in
// gadgets.test.ts) and #87 in part (a Minion upgrade is bound to its Minion card: every figure of
// that type carries it), from Upgrades (L1386-1416) and Setup (L2216, L2221). Provisional tiles
// (data/upgrades.json): Fortune's Steady Hands (Skill, pistols ALWAYS = RANGE +1), the Snipe
// Trooper's Spotter Drone (LEGION Tech, sniper ALWAYS = RANGE +1); M5 inserts them and Dr.
// Babylon's Gravity Snare.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { carry } from '../../../src/games/agents-of-mayhem/index.js';
import { actionOf, UPGRADES } from '../../../src/games/agents-of-mayhem/state.js';
import { band } from '../../../src/games/agents-of-mayhem/rules/combat.js';
import { agentsPosition } from '../../../src/games/agents-of-mayhem/position.js';
import { loadUpgrades } from '../../../src/games/agents-of-mayhem/rules/upgrades.js';
import upgradesJson from '../../../src/games/agents-of-mayhem/data/upgrades.json' with { type: 'json' };
import { isViolation } from '../../../src/engine/types.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { activeBoard, answer, ev, fresh, kind, only, refused, rs } from './helpers.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
function at(mission: string, units: Record<string, string>, options: unknown = {}): S {
  const s = activeBoard(only(fresh(mission, 2, options), units), 'fortune');
  for (const b of ['alpha', 'bravo']) s.boards[b].cubes = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  s.units['shock-1'].facing = 'W';
  return s;
}

test('#83 upgrades: spaces per Elite (2 Skill, 3 Dark Matter, 3 LEGION Tech) and per Minion type (1 + 1); the loader holds the data to them', () => {
  for (const e of Object.keys(CONTENT.elites)) {
    const mine = Object.values(UPGRADES).filter((x) => x.unit === e);
    assert.deepEqual([mine.filter((x) => x.type === 'skill').length, mine.filter((x) => x.type === 'darkMatter').length, mine.filter((x) => x.type === 'legionTech').length], [2, 3, 3], e);
  }
  for (const m of Object.keys(CONTENT.minions)) assert.deepEqual(Object.values(UPGRADES).filter((x) => x.unit === m).map((x) => x.type).sort(), ['darkMatter', 'legionTech'], m);
  const skill = clone(upgradesJson); skill.upgrades.push({ ...skill.upgrades[0], id: 'upgrade-fortune-s3' });
  assert.throws(() => loadUpgrades(skill), /3 skill upgrades, not 2/);
  const wrong = clone(upgradesJson); (wrong.missions.M5 as Record<string, string[]>).hardtack = ['upgrade-fortune-s1'];
  assert.throws(() => loadUpgrades(wrong), /fortune's/);
});

test('#83 an upgrade listed but not owned is inserted for this mission only (it improves its Action in play) and goes back afterwards; an owned one stays', () => {
  const s = fresh('M5');
  assert.deepEqual(s.units.fortune.upgrades, ['upgrade-fortune-s1']);
  assert.deepEqual(s.upgrades!.temporary, ['upgrade-babylon-t2', 'upgrade-fortune-s1', 'upgrade-snipe-t1']);
  assert.equal(fresh('M2').units.fortune.upgrades, undefined);
  // In play: Steady Hands, pistols' ranges +1 (white 9 → 10); with Ricochet Rounds too, 9 + 2 + 1 = 12.
  const m5 = at('M5', { fortune: '0,0,1', 'shock-1': '10,0,1' });
  const st = answer(m5, { type: 'act', unit: 'fortune', action: 'pistols', target: '10,0,1' }, [5, 5, 5]);
  assert.equal((ev(st, 'dice_rolled')[0].dice as string[])[0], 'white');
  assert.equal(refused(at('M2', { fortune: '0,0,1', 'shock-1': '10,0,1' }), { type: 'act', unit: 'fortune', action: 'pistols', target: '10,0,1' }).code, 'out_of_range');
  const far = at('M5', { fortune: '0,0,1', 'shock-1': '12,0,1' });
  answer(far, { type: 'act', unit: 'fortune', action: 'pistols', target: '12,0,1', gadget: true }, [5, 5, 5]);
  assert.equal(refused(at('M5', { fortune: '0,0,1', 'shock-1': '13,0,1' }), { type: 'act', unit: 'fortune', action: 'pistols', target: '13,0,1', gadget: true }).code, 'out_of_range');
  // After the mission: nothing owned, the temporary tiles went back to the trays.
  assert.deepEqual(carry(s).upgrades, {});
  // Owned (carried in): kept in its space, not temporary, carried on; the mission's listing of it adds nothing.
  // (Owning upgrades, MAYHEM is first asked whether to reset the board, #88: no.)
  const owned = answer(fresh('M5', 2, { carry: { ...carry(s), upgrades: { fortune: ['upgrade-fortune-s1', 'upgrade-fortune-d2'] } } }), { type: 'resetBoard', board: null }).s;
  assert.deepEqual(owned.units.fortune.upgrades, ['upgrade-fortune-d2', 'upgrade-fortune-s1']);
  assert.deepEqual(owned.upgrades!.temporary, ['upgrade-babylon-t2', 'upgrade-snipe-t1']);
  assert.deepEqual(carry(owned).upgrades, { fortune: ['upgrade-fortune-d2', 'upgrade-fortune-s1'] });
  // Upgrades owned from earlier missions are beyond the position format: refused by name.
  const p = agentsPosition.toPosition(owned);
  assert.ok(isViolation(p));
  assert.ok((p.details as { beyond: string[] }).beyond.includes('Upgrades owned from earlier missions'));
  assert.ok(!isViolation(agentsPosition.toPosition(s)));
});

test('#87 a Minion upgrade is bound to its Minion card: every figure of that type carries it, no other type does', () => {
  const s = fresh('M5');
  assert.deepEqual(s.units['snipe-1'].upgrades, ['upgrade-snipe-t1']);
  assert.deepEqual(s.units['snipe-2'].upgrades, ['upgrade-snipe-t1']);
  assert.equal(s.units['swarm-1'].upgrades, undefined);
  assert.equal(s.units.hardtack.upgrades, undefined);
  // Spotter Drone: the sniper's last (yellow) band 12 → 13.
  for (const id of ['snipe-1', 'snipe-2']) {
    const u = s.units[id];
    assert.equal(band(s, u, actionOf(u, 'sniper')!, 13, null)?.color, 'yellow', id);
    const m2 = fresh('M2').units[id];
    assert.equal(band(s, m2, actionOf(m2, 'sniper')!, 13, null), null);
  }
});

const buys = (s: S) => { const d = rs.pending(s)[0]; return rs.candidates(s, d.seat, d, 0, null as never).actions; };

test('#86 buying upgrades: with the Crystals just gained, each Elite or Squad that took part buys at most one, paying its cost; it is owned and in play at once; unspent Crystals expire', () => {
  const c = carry(fresh('M2'));
  assert.deepEqual(c.participants, { MAYHEM: ['fortune', 'hardtack', 'hollywood'], LEGION: ['alpha', 'babylon', 'bravo'] });
  const s = fresh('M2', 2, { carry: { ...c, crystals: { MAYHEM: 3, LEGION: 2 } } });
  assert.equal(kind(s), 'buy_upgrades');
  assert.equal(rs.pending(s)[0].seat, 0, 'MAYHEM first');
  assert.ok(buys(s).some((a) => a.type === 'buyUpgrade' && a.board === 'fortune' && a.upgrade === 'upgrade-fortune-s1'));
  assert.equal(refused(s, { type: 'buyUpgrade', board: 'fortune', upgrade: 'upgrade-hardtack-s1' }).code, 'not_its_upgrade');
  assert.equal(refused(s, { type: 'buyUpgrade', board: 'fortune', upgrade: 'upgrade-fortune-s1', replace: 'upgrade-fortune-s2' }).code, 'space_free', 'an empty space: nothing to replace');
  let st = answer(s, { type: 'buyUpgrade', board: 'fortune', upgrade: 'upgrade-fortune-s1' });
  assert.deepEqual(st.s.units.fortune.upgrades, ['upgrade-fortune-s1'], 'in play this mission');
  assert.equal(refused(st.s, { type: 'buyUpgrade', board: 'fortune', upgrade: 'upgrade-fortune-s2' }).code, 'already_bought', 'at most one per board (L1410)');
  assert.equal(refused(st.s, { type: 'buyUpgrade', board: 'hardtack', upgrade: 'upgrade-hardtack-t1' }).code, 'cannot_pay', '3 Crystals, 2 left');
  st = answer(st.s, { type: 'buyUpgrade', board: 'hardtack', upgrade: 'upgrade-hardtack-d1' });
  assert.equal(ev(st, 'upgrade_bought')[0].left, 0);
  st = answer(st.s, { type: 'buyUpgrade', board: null });
  // LEGION: a Squad buys for one of its Minion types; every figure of the type has it.
  assert.equal(kind(st.s), 'buy_upgrades');
  assert.equal(rs.pending(st.s)[0].seat, 1);
  st = answer(st.s, { type: 'buyUpgrade', board: 'bravo', upgrade: 'upgrade-snipe-t1' });
  assert.deepEqual([st.s.units['snipe-1'].upgrades, st.s.units['snipe-2'].upgrades], [['upgrade-snipe-t1'], ['upgrade-snipe-t1']]);
  assert.equal(refused(st.s, { type: 'buyUpgrade', board: 'bravo', upgrade: 'upgrade-shock-d1' }).code, 'already_bought', 'one per Squad');
  st = answer(st.s, { type: 'buyUpgrade', board: null });
  assert.equal(ev(st, 'upgrades_bought')[0].expired, 1, 'the Crystal left expires (spec 10.2)');
  assert.equal(kind(st.s), 'activate', 'then the mission begins');
  // Owned from now on: carried to the next mission.
  assert.deepEqual(carry(st.s).upgrades, { fortune: ['upgrade-fortune-s1'], hardtack: ['upgrade-hardtack-d1'], snipe: ['upgrade-snipe-t1'] });
  // Only a board that took part buys.
  const some = fresh('M2', 2, { carry: { ...c, participants: { MAYHEM: ['fortune'], LEGION: [] }, crystals: { MAYHEM: 2 } } });
  assert.equal(refused(some, { type: 'buyUpgrade', board: 'hardtack', upgrade: 'upgrade-hardtack-s1' }).code, 'not_participant');
  // An owned tile is not bought again.
  const fullSkill = answer(fresh('M2', 2, { carry: { ...c, upgrades: { fortune: ['upgrade-fortune-s1', 'upgrade-fortune-s2'] }, crystals: { MAYHEM: 5 } } }), { type: 'resetBoard', board: null }).s;
  assert.equal(kind(fullSkill), 'buy_upgrades', 'the reset question comes before buying');
  assert.equal(refused(fullSkill, { type: 'buyUpgrade', board: 'fortune', upgrade: 'upgrade-fortune-s2' }).code, 'owned');
});

test('#88 board reset: before a chained mission a Side may reset an Elite board: its upgrades go back, all but 2 of its gadgets go back to the Undiscovered deck; unasked when there is nothing to reset', () => {
  const c = carry(fresh('M2'));
  // Nothing to reset (no upgrades, 2 gadgets each): no decision.
  assert.equal(kind(fresh('M2', 2, { carry: c })), 'activate');
  const start = c.gadgets!.MAYHEM;
  const s = fresh('M5', 2, { carry: { ...c, upgrades: { fortune: ['upgrade-fortune-d2'], snipe: ['upgrade-snipe-t1'] }, gadgets: { MAYHEM: [...start, 'gadget-fortune-luckycharm'], LEGION: c.gadgets!.LEGION } } });
  assert.equal(kind(s), 'reset_boards');
  assert.deepEqual(s.units.fortune.upgrades, ['upgrade-fortune-d2', 'upgrade-fortune-s1']);
  const offered = buys(s).filter((a) => a.type === 'resetBoard' && a.board === 'fortune').map((a) => (a as { keep: string[] }).keep);
  assert.equal(offered.length, 3, 'keep any 2 of her 3 gadgets');
  assert.equal(refused(s, { type: 'resetBoard', board: 'fortune', keep: ['gadget-fortune-flashbang'] }).code, 'bad_keep');
  assert.equal(refused(s, { type: 'resetBoard', board: 'hardtack', keep: [] }).code, 'not_resettable');
  let st = answer(s, { type: 'resetBoard', board: 'fortune', keep: ['gadget-fortune-flashbang', 'gadget-fortune-luckycharm'] });
  assert.deepEqual(ev(st, 'board_reset')[0], { side: 'MAYHEM', board: 'fortune', upgrades: ['upgrade-fortune-d2'], gadgetsReturned: ['gadget-fortune-ricochet'] });
  assert.deepEqual(st.s.units.fortune.upgrades, ['upgrade-fortune-s1'], 'only the mission\'s own upgrade is left, for this mission');
  // Ricochet Rounds is still listed by M5: slotted, but now for this mission only.
  assert.ok(st.s.gadgets!.temporary.includes('gadget-fortune-ricochet'));
  st = answer(st.s, { type: 'resetBoard', board: null });
  assert.equal(kind(st.s), 'activate');
  const next = carry(st.s);
  assert.deepEqual(next.upgrades, { snipe: ['upgrade-snipe-t1'] }, 'a Minion upgrade is not on a board reset');
  assert.ok(!next.gadgets!.MAYHEM.includes('gadget-fortune-ricochet'));
  assert.ok(next.gadgets!.MAYHEM.includes('gadget-fortune-luckycharm'));
});
