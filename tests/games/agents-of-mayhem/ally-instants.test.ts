// Checklist item [full] #62 (Allies) with #23 (Dash) and #33 (Block): an Ally's Instant Actions.
// "Ally Units ... spend that Board's Resource Cubes to take Actions" (L1953), Instant Actions "by
// any Unit" also on the opponent's Turn (L275-282), Dash one space (L811), Block ignores one Hit
// after the roll, any number of times (L929-933). Glory's Instants are provisional data: Dash YY,
// Block Y, paid from Fortune's board.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { S } from '../../../src/games/agents-of-mayhem/index.js';
import { CONTENT } from '../../../src/games/agents-of-mayhem/content.js';
import { activeBoard, answer, cands, ev, fresh, kind, only, refused, rs } from './helpers.js';

/** LEGION's Turn (Bravo activated): the Shock Trooper adjacent to Glory, who faces it; Fortune far away. */
function attacked(): S {
  const s = activeBoard(only(fresh('M2'), { glory: '2,2,1', 'shock-1': '3,2,1', fortune: '0,7,1', babylon: '17,7,1' }), 'bravo');
  s.units.glory.facing = 'E';
  return s;
}
const smash = { type: 'act' as const, unit: 'shock-1', action: 'smash', target: '2,2,1' };

test('#62 Ally Instants: Glory has Dash and Block (Instant), paid like her other Actions from her host\'s board', () => {
  const kinds = CONTENT.allies.glory.actions.filter((a) => a.type === 'instant').map((a) => `${a.kind}:${a.cost}`);
  assert.deepEqual(kinds.sort(), ['block:Y', 'dash:YY']);
});

test('#62 Ally Dash in the W-preroll window on the other Side\'s Turn: asked of the seat holding Fortune\'s board, paid YY from Fortune, the attack then misses', () => {
  const s = attacked();
  let st = answer(s, smash);
  const d = rs.pending(st.s)[0];
  assert.equal(d.kind, 'dash_window');
  assert.equal(d.seat, 0, 'MAYHEM\'s seat answers for Glory (A-42)');
  assert.equal((d.exposes as { unit: string }).unit, 'glory');
  assert.ok(cands(st.s).some((a) => a.type === 'dash' && a.unit === 'glory' && a.to === '1,2,1'));
  const focus = st.s.boards.fortune.cubes.focus;
  st = answer(st.s, { type: 'dash', unit: 'glory', to: '1,2,1', facing: 'E' });
  assert.equal(st.s.units.glory.at, '1,2,1');
  assert.equal(st.s.boards.fortune.cubes.focus, focus - 2, 'YY from Fortune\'s board');
  assert.equal(ev(st, 'attack_missed').length, 1, 'she left the target space (spec 7.3.2 step 4)');
  assert.equal(st.s.units.glory.damage, undefined);
  // Without the cubes for it, no window opens (spec 8.2: only a legal and affordable response suspends).
  const poor = attacked();
  poor.boards.fortune.cubes = { speed: 3, focus: 1, tech: 2, mayhem: 0 };
  const st2 = answer(poor, smash, [5, 6, 6]);
  assert.equal(kind(st2.s), 'block', 'straight to the roll; the Block (Y) is still affordable');
});

test('#62 Ally Dash on her own Side\'s Turn: any own unit, whatever board is activated (L275)', () => {
  const s = activeBoard(only(fresh('M2'), { glory: '2,2,1', hardtack: '5,5,1', fortune: '0,7,1', babylon: '17,7,1' }), 'hardtack');
  assert.ok(cands(s).some((a) => a.type === 'dash' && a.unit === 'glory'));
  const st = answer(s, { type: 'dash', unit: 'glory', to: '2,3,1', facing: 'S' });
  assert.equal(st.s.units.glory.at, '2,3,1');
  assert.equal(st.s.boards.fortune.cubes.focus, s.boards.fortune.cubes.focus - 2);
  s.boards.fortune.cubes.focus = 1;
  assert.equal(refused(s, { type: 'dash', unit: 'glory', to: '2,3,1', facing: 'S' }).code, 'cannot_pay');
});

test('#62 Ally Block in the W-postroll window: each Block (Y from Fortune) ignores one Hit before the cubes go on her Ally board; the default Blocks the Hits that would Wound her', () => {
  let st = answer(attacked(), smash);
  st = answer(st.s, { type: 'pass' }, [5, 6, 6]);
  assert.equal(kind(st.s), 'block');
  assert.equal(rs.pending(st.s)[0].seat, 0);
  assert.deepEqual(cands(st.s), [0, 1, 2, 3].map((times) => ({ type: 'block', times })), 'Fortune\'s 3 yellow cubes pay up to 3 Blocks');
  // 3 Hits against Shield 1 + Armor 1 still free: one would Wound, so the default Blocks once.
  assert.deepEqual(rs.defaultAction!(st.s, rs.pending(st.s)[0]), { type: 'block', times: 1 });
  const focus = st.s.boards.fortune.cubes.focus;
  const b = answer(st.s, { type: 'block', times: 1 });
  assert.equal(b.s.boards.fortune.cubes.focus, focus - 1);
  assert.deepEqual(b.s.units.glory.damage, { shield: 1, armor: 1, wounds: 0 }, 'two Hits left: Shield, then Armor');
  // Her Shield and Armor used up: every Hit would Wound, so the default Blocks them all (as far as Fortune pays).
  const s2 = attacked();
  s2.units.glory.damage = { shield: 1, armor: 1, wounds: 0 };
  s2.boards.fortune.cubes.focus = 2;
  let t = answer(s2, smash);
  t = answer(t.s, { type: 'pass' }, [5, 6, 6]);
  assert.deepEqual(rs.defaultAction!(t.s, rs.pending(t.s)[0]), { type: 'block', times: 2 });
  t = answer(t.s, { type: 'block', times: 2 });
  assert.deepEqual(t.s.units.glory.damage, { shield: 1, armor: 1, wounds: 1 });
  assert.ok(!t.s.units.glory.downed && t.s.units.glory.at, 'one Wound of Health 2: still on the map');
  assert.equal(refused(answer(answer(attacked(), smash).s, { type: 'pass' }, [5, 6, 6]).s, { type: 'block', times: 4 }).code, 'cannot_block');
});

test('#62 Ally Instants answered by standing orders: never Dash, Block never / max', () => {
  let st = answer(attacked(), smash);
  const win = { ...rs.pending(st.s)[0], id: 'x' };
  const never = { id: 'o1', match: { kind: 'dash_window' }, rule: { dash: 'never' } };
  assert.ok(rs.covers!(rs.view(st.s, 0), win, never));
  assert.deepEqual(rs.answer!(rs.view(st.s, 0), win, never), { type: 'pass' });
  st = answer(st.s, { type: 'pass' }, [5, 6, 6]);
  const blk = { ...rs.pending(st.s)[0], id: 'x' };
  const order = (block: string) => ({ id: 'o2', match: { kind: 'block' }, rule: { block } });
  assert.deepEqual(rs.answer!(rs.view(st.s, 0), blk, order('never')), { type: 'block', times: 0 });
  assert.deepEqual(rs.answer!(rs.view(st.s, 0), blk, order('max')), { type: 'block', times: 3 });
  assert.deepEqual(rs.answer!(rs.view(st.s, 0), blk, order('wounds')), { type: 'block', times: 1 });
});
