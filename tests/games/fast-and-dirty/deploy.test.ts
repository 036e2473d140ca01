// Checklist item #92 (part): sealed simultaneous deployment (§4.2 [P]; the source has no deployment
// procedure): with `sealedDeployment` both sides commit their figures' positions within 12" of their
// home edge in one sealed group; the kernel holds the commits, nothing moves until both are in,
// then both are placed and revealed together.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as kernel from '../../../src/engine/kernel.js';
import { scriptedRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { fastAndDirty, seats } from './helpers.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import { copyJson } from '../../../src/engine/mech/json.js';
import { loadContent } from '../../../src/games/fast-and-dirty/content.js';
import weaponsJson from '../../../src/games/fast-and-dirty/data/weapons.json' with { type: 'json' };
import armourJson from '../../../src/games/fast-and-dirty/data/armour.json' with { type: 'json' };
import scenariosJson from '../../../src/games/fast-and-dirty/data/scenarios.json' with { type: 'json' };

const rs = fastAndDirty;
function start(options: Record<string, unknown> = { sealedDeployment: true }) {
  const r = kernel.setupGame(rs, { scenario: 'firefight', seats, options }, scriptedRng([]));
  if (isViolation(r)) throw new Error(r.code);
  return r.k;
}
const fig = (s: S, id: string) => s.units.flatMap((u) => u.figures).find((f) => f.id === id)!;
/** A1 (6 figures, 2.2" apart on y = 6") moved to y = `y`, 3" to the right. */
const a1 = (y: number): Action => ({ type: 'deploy', placements: [1, 2, 3, 4, 5, 6].map((i) => ({ fig: `A1.${i}`, at: [350 + 220 * i, y] as [number, number] })) });
const b1 = (y: number): Action => ({ type: 'deploy', placements: [1, 2, 3, 4, 5, 6].map((i) => ({ fig: `B1.${i}`, at: [350 + 220 * i, y] as [number, number] })) });
const b2 = (y: number): Action => ({ type: 'deploy', placements: [1, 2, 3, 4, 5, 6].map((i) => ({ fig: `B2.${i}`, at: [2000 + 220 * i, y] as [number, number] })) });

test('#92 sealed deployment: both sides\' deploy decisions form one sealed group before the first initiative roll; an answer is refused', () => {
  const k = start();
  const decs = kernel.openDecisions(rs, k);
  assert.equal(decs.length, 2);
  assert.ok(decs.every((d) => d.kind === 'deploy' && d.timing === 'sealed' && d.group?.mode === 'sealed' && d.group.id === 'deploy'));
  assert.equal(k.s.initiative, null, 'no initiative roll yet');
  assert.ok(isViolation(kernel.applyEntry(rs, k, { kind: 'answer', seat: 0, decision: decs[0].id, action: a1(1000) }, scriptedRng([]))), 'a sealed decision is committed, not answered');
  const plain = start({});
  assert.equal(kernel.openDecisions(rs, plain)[0].kind, 'initiative', 'without the option the game starts as before');
});

test('#92 sealed deployment: a commit is validated where it is submitted and changes no state or view; both are revealed together (§4.2)', () => {
  const k = start();
  const decs = kernel.openDecisions(rs, k);
  const m0 = kernel.findDecision(rs, k, decs.find((d) => d.seat === 0)!.id)!;
  const before = JSON.stringify([k.s, rs.view(k.s, 1), kernel.openDecisions(rs, k)]);
  assert.equal(kernel.validateAnswer(rs, k, 0, m0, a1(1000)), null);
  assert.equal(JSON.stringify([k.s, rs.view(k.s, 1), kernel.openDecisions(rs, k)]), before, 'nothing reaches the other side before both commit');
  const r = kernel.applyEntry(rs, k, { kind: 'sealed', group: 'deploy', commits: { 0: a1(1000), 1: b1(3900) } }, scriptedRng([3, 1]));
  if (isViolation(r)) throw new Error(r.code);
  assert.deepEqual(fig(r.k.s, 'A1.1').at, [570, 1000]);
  assert.deepEqual(fig(r.k.s, 'B1.6').at, [1670, 3900]);
  assert.deepEqual(fig(r.k.s, 'A2.1').at, fig(k.s, 'A2.1').at, 'unplaced figures keep the default set-up');
  assert.deepEqual(r.events.filter((e) => e.type === 'deployed').map((e) => e.data), [{ side: 0, placed: 6, hidden: [] }, { side: 1, placed: 6, hidden: [] }]);
  assert.ok(r.k.s.initiative, 'then the initiative roll');
  assert.equal(kernel.openDecisions(rs, r.k)[0].kind, 'initiative');
});

test('#92 sealed deployment: within 12" of the own edge, own figures, off impassable terrain, no overlap, coherent; the default keeps the set-up (§4.2, §5.4)', () => {
  const k = start();
  const m0 = kernel.findDecision(rs, k, kernel.openDecisions(rs, k).find((d) => d.seat === 0)!.id)!;
  const m1 = kernel.findDecision(rs, k, kernel.openDecisions(rs, k).find((d) => d.seat === 1)!.id)!;
  const code = (seat: 0 | 1, a: Action) => kernel.validateAnswer(rs, k, seat, seat === 0 ? m0 : m1, a)?.code;
  assert.equal(code(0, a1(1150)), undefined, 'base edge at 12"');
  assert.equal(code(0, a1(1151)), 'outside_deployment_zone');
  assert.equal(code(1, b2(3650)), undefined);
  assert.equal(code(1, b2(3649)), 'outside_deployment_zone');
  assert.equal(code(1, b1(3650)), 'in_impassable_terrain', 'the pond');
  assert.equal(code(1, a1(1000)), 'not_your_figure');
  assert.equal(code(0, { type: 'deploy', placements: [{ fig: 'A1.1', at: [870, 600] }] }), 'overlap', 'onto A1.2');
  assert.equal(code(0, { type: 'deploy', placements: [{ fig: 'A1.1', at: [650, 1100] }] }), 'incoherent');
  assert.equal(code(0, { type: 'deploy', placements: [{ fig: 'A1.1', at: [650, 600] }, { fig: 'A1.1', at: [650, 600] }] }), 'placed_twice');
  const def = rs.defaultAction(k.s, m0.raw) as Action;
  assert.equal(code(0, def), undefined);
  const r = kernel.applyEntry(rs, k, { kind: 'sealed', group: 'deploy', commits: { 0: def, 1: rs.defaultAction(k.s, m1.raw) as Action } }, scriptedRng([3, 1]));
  if (isViolation(r)) throw new Error(r.code);
  assert.deepEqual(r.k.s.units.map((u) => u.figures.map((f) => f.at)), k.s.units.map((u) => u.figures.map((f) => f.at)));
});

test('#92 hidden deployment (Hidden movement module): a unit out of LOS of the enemy deployment zone may deploy as 3 markers within 12" of each other; other seats see only the markers (§4.2, §7.10)', () => {
  const k = start({ sealedDeployment: true, hiddenMovement: true });
  const markers: [[number, number], [number, number], [number, number]] = [[1000, 800], [1800, 800], [2600, 800]];
  const hide: Action = { type: 'deploy', placements: [], hidden: [{ unit: 'A1', markers }] };
  const dec = (s: S, seat: 0 | 1) => rs.pending(s).find((d) => d.seat === seat)!;
  // The open firefight table: the whole zone is seen from the enemy's.
  assert.equal(rs.validate(k.s, 0, dec(k.s, 0), hide)?.code, 'in_enemy_los');
  // A long blocking building in front of side 0's zone.
  const s = copyJson(k.s);
  s.scenario = 'test:hidden-deploy';
  s.terrain = [{ id: 'barracks', kind: 'area', points: [[0, 1300], [4800, 1300], [4800, 1500], [0, 1500]], move: 'impassable', cover: 'hard', los: 'block', height: 500 } as Feature];
  assert.equal(rs.validate(s, 0, dec(s, 0), hide), null);
  assert.equal(rs.validate(s, 0, dec(s, 0), { ...hide, hidden: [{ unit: 'A1', markers: [[1000, 800], [1800, 800], [3100, 800]] }] })?.code, 'marker_spread', '13" from the nearest');
  assert.equal(rs.validate(s, 0, dec(s, 0), { ...hide, hidden: [{ unit: 'A1', markers: [[1000, 800], [1800, 800], [2600, 1201]] }] })?.code, 'outside_deployment_zone');
  assert.equal(rs.validate(s, 0, dec(s, 0), { ...hide, placements: [{ fig: 'A1.1', at: [650, 500] }] })?.code, 'hidden_and_placed');
  const onto = [1, 2, 3, 4, 5, 6].map((i) => ({ fig: `A2.${i}`, at: fig(s, `A1.${i}`).at }));
  assert.equal(rs.validate(s, 0, dec(s, 0), { type: 'deploy', placements: onto })?.code, 'overlap');
  assert.equal(rs.validate(s, 0, dec(s, 0), { ...hide, placements: onto }), null, 'a unit deploying hidden takes no room');
  assert.equal(rs.validate(s, 1, dec(s, 1), { type: 'deploy', placements: [], hidden: [{ unit: 'A1', markers }] })?.code, 'not_your_unit');
  const off = copyJson(s);
  off.options.hiddenMovement = false;
  assert.equal(rs.validate(off, 0, dec(off, 0), hide)?.code, 'no_module');
  const r = rs.apply(s, { kind: 'sealed', group: 'deploy', commits: { 0: hide, 1: { type: 'deploy', placements: [] } } }, { seq: 1, rng: scriptedRng([3, 1], 'hd') });
  if (isViolation(r)) throw new Error(r.code);
  const a1 = r.state.units.find((u) => u.id === 'A1')!;
  assert.deepEqual(a1.hidden?.markers, [{ n: 1, at: [1000, 800] }, { n: 2, at: [1800, 800] }, { n: 3, at: [2600, 800] }]);
  const theirs = rs.view(r.state, 1).units.find((u) => u.id === 'A1')!;
  assert.ok(theirs.figures.every((f) => f.at[0] === 1000 && f.at[1] === 800), 'side 1 sees the markers, not the figures');
  assert.deepEqual(rs.view(r.state, 0).units.find((u) => u.id === 'A1')!.figures.map((f) => f.at), a1.figures.map((f) => f.at));
});

test('#92 scenario deployment zones: the scenario data\'s zones bound sealed deployment (Hold the Line\'s defender: its half of the table), checked at load (§4.2, §4.3 S2)', () => {
  const hold = (() => { const r = kernel.setupGame(rs, { scenario: 'hold-the-line', seats, options: { sealedDeployment: true } }, scriptedRng([])); if (isViolation(r)) throw new Error(r.code); return r.k; })();
  const ff = start();
  const dec = (k: typeof ff, seat: 0 | 1) => kernel.findDecision(rs, k, kernel.openDecisions(rs, k).find((d) => d.seat === seat)!.id)!;
  assert.deepEqual(kernel.openDecisions(rs, hold).find((d) => d.seat === 1)!.exposes, { zone: [0, 2400, 4800, 4800] });
  assert.deepEqual(kernel.openDecisions(rs, ff).find((d) => d.seat === 1)!.exposes, { zone: [0, 3600, 4800, 4800] });
  const b1h = (y: number): Action => ({ type: 'deploy', placements: hold.s.units.find((u) => u.id === 'B1')!.figures.map((f, i) => ({ fig: f.id, at: [350 + 220 * (i + 1), y] as [number, number] })) });
  const at2500 = b1h(2500);
  const code = (k: typeof ff, a: Action) => kernel.validateAnswer(rs, k, 1, dec(k, 1), a)?.code;
  assert.equal(code(hold, at2500), undefined, 'the defender deploys 23" from its edge in Hold the Line');
  assert.equal(code(hold, b1h(2449)), 'outside_deployment_zone', 'the base crosses the middle line');
  assert.equal(code(ff, b1(2500)), 'outside_deployment_zone', 'in Firefight only 12" deep');
  assert.equal(code(hold, { type: 'deploy', placements: [{ fig: 'A1.1', at: [570, 1000] }] }), 'not_your_figure');
  assert.equal(kernel.validateAnswer(rs, hold, 0, dec(hold, 0), a1(1151))?.code, 'outside_deployment_zone', 'the attacker keeps 12"');
  // Zones are checked when the data loads.
  const bad = copyJson(scenariosJson) as typeof scenariosJson;
  (bad.scenarios[0].zones as number[][])[1] = [0, 3600, 4800, 4700];
  assert.throws(() => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: bad }), /home edge/);
  (bad.scenarios[0].zones as number[][])[1] = [0, 3600, 4900, 4800];
  assert.throws(() => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: bad }), /not a rectangle/);
});
