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
