// "Stunned: Each Action costs a Unit an extra two green, yellow, or blue Action Cubes, player's
// choice" (L1134; spec 2.2.6, A-36): the acting player names the colours as `surcharge` (G, Y, B,
// 2 per Stunned marker) on the paying action; not named, the server's default takes them from
// the fullest wells, ties Speed, Focus, Tech, as before (#18).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeBoard, answer, cands, fresh, only, refused, rs } from './helpers.js';
import { surchargeProblem } from '../../../src/games/agents-of-mayhem/rules/board.js';
import type { Action, S } from '../../../src/games/agents-of-mayhem/index.js';

/** Fortune, Stunned `n` times, activated with 2 cubes in each of Speed, Focus and Tech. */
function stunned(n = 1): S {
  const s = activeBoard(only(fresh(), { fortune: '0,0,1' }), 'fortune');
  s.units.fortune.statuses = Array.from({ length: n }, () => ({ kind: 'STUNNED' as const, turn: 0 }));
  s.boards.fortune.cubes = { speed: 2, focus: 2, tech: 2, mayhem: 0 };
  return s;
}
const sprint = (surcharge?: string): Action => ({ type: 'act', unit: 'fortune', action: 'sprint', ...(surcharge === undefined ? {} : { surcharge }) });

test('Stunned (L1134): the player chooses the colours of the 2 extra cubes: Sprint (G) paid with two blue', () => {
  const r = answer(stunned(), sprint('BB'));
  assert.deepEqual(r.s.boards.fortune.cubes, { speed: 1, focus: 2, tech: 0, mayhem: 0 });
  const m = answer(stunned(), sprint('GY'));
  assert.deepEqual(m.s.boards.fortune.cubes, { speed: 0, focus: 1, tech: 2, mayhem: 0 }, 'colours mixed');
});

test('Stunned default (spec 2.2.6): unnamed, the surcharge comes from the fullest wells, ties Speed, Focus, Tech', () => {
  const r = answer(stunned(), sprint());
  // G paid: Speed 1; then Focus (2, the first of the fullest), then Tech (2 > Focus's 1).
  assert.deepEqual(r.s.boards.fortune.cubes, { speed: 1, focus: 1, tech: 1, mayhem: 0 });
});

test('each Stunned marker adds 2 cubes: Stunned twice, 4 named', () => {
  const r = answer(stunned(2), sprint('YYBB'));
  assert.deepEqual(r.s.boards.fortune.cubes, { speed: 1, focus: 0, tech: 0, mayhem: 0 });
});

test('an impossible surcharge is refused with the rule\'s code (spec 2.2.6)', () => {
  assert.equal(refused(stunned(), sprint('B')).code, 'surcharge_count', '2 cubes per marker');
  assert.equal(refused(stunned(2), sprint('BB')).code, 'surcharge_count', '4 with two markers');
  assert.equal(refused(stunned(), sprint('PP')).code, 'surcharge_colour', 'green, yellow or blue, not Mayhem');
  const poor = stunned(); poor.boards.fortune.cubes.tech = 1;
  assert.equal(refused(poor, sprint('BB')).code, 'cannot_pay_surcharge', 'one blue cube only');
  const gg = stunned(); gg.boards.fortune.cubes.speed = 2;
  assert.equal(refused(gg, sprint('GG')).code, 'cannot_pay_surcharge', 'Sprint takes a green cube first: 3 green needed');
  const calm = stunned(); calm.units.fortune.statuses = [];
  assert.equal(refused(calm, sprint('BB')).code, 'not_stunned');
  // Dash, an Instant, pays it too.
  const d = cands(stunned()).find((a) => a.type === 'dash' && a.unit === 'fortune' && !a.surcharge) as Extract<Action, { type: 'dash' }>;
  assert.ok(d, 'Fortune may Dash');
  assert.equal(refused(stunned(), { ...d, surcharge: 'B' }).code, 'surcharge_count');
  // Block: the surcharge of every use, in order.
  const s = stunned();
  assert.equal(surchargeProblem(s.boards.fortune, s.units.fortune, 'Y', 'BB', 2)?.code, 'surcharge_count', 'two Blocks: 4 cubes');
  assert.equal(surchargeProblem(s.boards.fortune, s.units.fortune, 'Y', 'BBGG', 2), null);
  assert.equal(surchargeProblem(s.boards.fortune, s.units.fortune, 'Y', 'BBYY', 2)?.code, 'cannot_pay_surcharge', 'two Y costs and YY: 4 yellow');
});

test('a Dash pays the named surcharge', () => {
  const d = cands(stunned()).find((a) => a.type === 'dash' && a.unit === 'fortune' && !a.surcharge) as Extract<Action, { type: 'dash' }>;
  const before = stunned().boards.fortune.cubes;
  const r = answer(stunned(), { ...d, surcharge: 'BB' });
  assert.equal(r.s.boards.fortune.cubes.tech, before.tech - 2);
});

test('the candidates offer another surcharge beside the default; its text names the colours', () => {
  const c = cands(stunned());
  assert.ok(c.some((a) => a.type === 'act' && a.action === 'sprint' && !a.surcharge), 'the default');
  const alt = c.find((a) => a.type === 'act' && a.action === 'sprint' && a.surcharge) as Extract<Action, { type: 'act' }>;
  assert.ok(alt, 'an alternative');
  assert.notEqual(alt.surcharge, 'YB', 'not the default\'s colours');
  const s = stunned(); const d = rs.pending(s)[0];
  assert.ok(c.filter((a) => 'surcharge' in a && a.surcharge).every((a) => !rs.validate(s, d.seat, d, a)), 'every offered surcharge is legal');
  assert.ok(c.some((a) => a.type === 'dash' && a.surcharge), 'a Dash with another surcharge too');
  assert.match(rs.label!(rs.view(s, 0) as never, 0, sprint('BG')), /Stunned surcharge: blue, green/);
});

test('replay: the same entries give the same states and events, surcharge named or not', () => {
  for (const a of [sprint('BB'), sprint()]) assert.equal(JSON.stringify(answer(stunned(), a)), JSON.stringify(answer(stunned(), a)));
});

test('in the pre-roll Dash window (L806-813) a Stunned target may name its Dash\'s surcharge too', () => {
  const s = activeBoard(only(fresh(), { fortune: '2,1,1', babylon: '3,1,1' }), 'fortune');
  s.units.babylon.statuses = [{ kind: 'STUNNED', turn: 0 }];
  s.boards.babylon.cubes = { speed: 2, focus: 2, tech: 2, mayhem: 0 };
  const st = answer(s, { type: 'act', unit: 'fortune', action: 'pistols', target: '3,1,1' });
  assert.equal(rs.pending(st.s)[0].kind, 'dash_window');
  const c = cands(st.s);
  const alt = c.find((a) => a.type === 'dash' && a.unit === 'babylon' && a.surcharge) as Extract<Action, { type: 'dash' }>;
  assert.ok(alt && c.some((a) => a.type === 'dash' && !a.surcharge), 'the default and another surcharge');
  const cost = s.boards.babylon.cubes;
  const r = answer(st.s, { ...alt, surcharge: 'BB' });
  assert.equal(r.s.boards.babylon.cubes.tech, cost.tech - 2, 'paid in blue as named');
  assert.equal(refused(st.s, { ...alt, surcharge: 'PP' }).code, 'surcharge_colour');
});

const stun = (s: S, unit: string) => { s.units[unit].statuses = [{ kind: 'STUNNED', turn: 0 }]; return s; };

test('Block, Fall Dash, Hack and Instant gadget uses: the candidates offer one single-colour surcharge beside the default, so bots find it (spec 2.2.6)', () => {
  // Block (Babylon's YB) in the W-postroll window: Y 1, G 3, B 3, so no Dash (YY); default GG from the fullest wells, the other BB.
  const b = stun(activeBoard(only(fresh(), { hardtack: '8,3,3', babylon: '7,3,3' }), 'hardtack'), 'babylon');
  b.boards.babylon.cubes = { speed: 3, focus: 1, tech: 3, mayhem: 0 };
  let st = answer(b, { type: 'act', unit: 'hardtack', action: 'shotgun', target: '7,3,3' }, [5, 6, 6]);
  assert.equal(rs.pending(st.s)[0].kind, 'block');
  const blocks = cands(st.s).filter((a) => a.type === 'block');
  assert.deepEqual(blocks.filter((a) => a.type === 'block' && a.times === 1), [{ type: 'block', times: 1 }, { type: 'block', times: 1, surcharge: 'BB' }]);
  assert.ok(blocks.every((a) => !rs.validate(st.s, rs.pending(st.s)[0].seat, rs.pending(st.s)[0], a)), 'every offered Block is legal');
  const paid = answer(st.s, { type: 'block', times: 1, surcharge: 'BB' });
  assert.deepEqual(paid.s.boards.babylon.cubes, { speed: 3, focus: 0, tech: 0, mayhem: 0 }, 'YB and BB');
  // Fall Dash (YY): G 2, Y 4, B 0 (no Block); default GY, the other GG.
  const f = stun(activeBoard(only(fresh(), { hardtack: '8,3,3', babylon: '7,3,3' }), 'hardtack'), 'babylon');
  f.boards.babylon.cubes = { speed: 2, focus: 4, tech: 0, mayhem: 0 };
  st = answer(f, { type: 'act', unit: 'hardtack', action: 'shotgun', target: '7,3,3' });
  st = answer(st.s, { type: 'pass' }, [8, 11, 11]);
  st = answer(st.s, { type: 'push', to: '6,3,1' });
  assert.equal(rs.pending(st.s)[0].kind, 'fall_dash');
  assert.deepEqual(cands(st.s), [{ type: 'fallDash', dash: false }, { type: 'fallDash', dash: true }, { type: 'fallDash', dash: true, surcharge: 'GG' }]);
  assert.deepEqual(answer(st.s, { type: 'fallDash', dash: true, surcharge: 'GG' }).s.boards.babylon.cubes, { speed: 0, focus: 2, tech: 0, mayhem: 0 });
  // Hack (B per die, M3's Satellite Uplink): G 2, Y 2, B 3; one die: default GY, the other GG.
  const h = stun(activeBoard(only(fresh('M3'), { fortune: '5,1,1', babylon: '17,7,1' }), 'fortune'), 'fortune');
  h.boards.fortune.cubes = { speed: 2, focus: 2, tech: 3, mayhem: 0 };
  const hacks = cands(h).filter((a) => a.type === 'hack');
  assert.ok(hacks.some((a) => a.type === 'hack' && a.dice === 1 && a.surcharge === undefined));
  assert.ok(hacks.some((a) => a.type === 'hack' && a.dice === 1 && a.surcharge === 'GG'));
  assert.ok(hacks.every((a) => !rs.validate(h, rs.pending(h)[0].seat, rs.pending(h)[0], a)), 'every offered Hack is legal');
  // Instant gadget (Smoke Bomb, B, M4) in the own Turn: G 2, Y 2, B 2; default GY, the other GG.
  const g = stun(activeBoard(only(fresh('M4'), { hollywood: '2,2,1', fortune: '0,7,1', babylon: '17,7,1' }), 'fortune'), 'hollywood');
  g.boards.hollywood.cubes = { speed: 2, focus: 2, tech: 2, mayhem: 0 };
  const smokes = cands(g).filter((a) => a.type === 'act' && a.action === 'gadget-hollywood-smokebomb');
  assert.deepEqual(smokes, [{ type: 'act', unit: 'hollywood', action: 'gadget-hollywood-smokebomb' }, { type: 'act', unit: 'hollywood', action: 'gadget-hollywood-smokebomb', surcharge: 'GG' }]);
  assert.deepEqual(answer(g, smokes[1]).s.boards.hollywood.cubes, { speed: 0, focus: 2, tech: 1, mayhem: 0 });
});
