// Checklist item #60 (jump packs, §7.12, source p.32) and the jump-pack part of #45 (gravity,
// §7.8, p.29): "The figures may move up to 12" on a Leap, clearing obstacles up to 6" in height.
// Taller obstacles can be crossed, but each 1" added to the height will reduce the jump length by
// 2". A Leap may not be used to enter close assault, and the unit may not perform any other action
// that turn. Bounding troops may move a total of 18", divided into 3 individual bounds of up to 6"
// each. Each bound must be taken in a straight line, and may clear obstacles up to the height of
// the bounding figure, but no higher. Bounding troops may fire, but suffer a -2 penalty to their
// fire effect. Troops may Bound into close assault, but the defending squad is allowed a free shot
// at their attackers. The range will be from the point of the last bound prior to making contact."
// Low gravity: "All Jet Pack operations have double ranges"; high gravity: "halved".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, fastAndDirty, decision, squad, tryAct, unitOf } from './helpers.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';

const code = (r: unknown) => (r as { code?: string }).code;
const jumpers = (n = 1) => ({ ...squad('regular', n), jumpPacks: true });
const wall = (id: string, y: number, height: number, o: Partial<Feature> = {}): Feature => ({ id, kind: 'linear', points: [[0, y], [4800, y]], move: 'open', cover: 'hard', los: 'clear', height, ...o });

/** One jump trooper A1 at (10", 5"); B1 far off at (40", 40") unless given. */
function field(name: string, terrain: Feature[] = [], options: Record<string, unknown> = {}, b: Pt = [4000, 4000]): S {
  return craft({ name, active: 'A1', terrain, options, units: [
    { id: 'A1', side: 0, spec: jumpers(), at: [[1000, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 1), at: [b] },
  ] });
}
const leap = (to: Pt, more: Partial<Extract<Action, { type: 'engage' }>> = {}): Action => ({ type: 'engage', moves: [{ fig: 'A1.1', path: [to] }], target: null, fireFirst: true, jump: 'leap', ...more });
const bound = (path: Pt[], more: Partial<Extract<Action, { type: 'engage' }>> = {}): Action => ({ type: 'engage', moves: [{ fig: 'A1.1', path }], target: null, fireFirst: true, jump: 'bound', ...more });

test('#60 Leap: one straight jump up to 12", clearing 6" obstacles; each 1" taller costs 2"; no terrain costs (§7.12)', () => {
  // A 6" wall (impassable on foot) at y = 10".
  const six = [wall('w6', 1000, 600)];
  assert.equal(code(tryAct(field('lp-12', six), leap([1000, 1700]))), undefined, '12" over a 6" wall');
  assert.equal(code(tryAct(field('lp-12x', six), leap([1000, 1701]))), 'beyond_allowance');
  assert.equal(code(tryAct(field('lp-walk', six), { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1100]] }], target: null, fireFirst: true })), 'impassable', 'on foot the wall stops it');
  // An 8" building: 12" − 2 × 2" = 8".
  const eight = [{ id: 'tower', kind: 'area', points: [[0, 900], [4800, 900], [4800, 1000], [0, 1000]], move: 'impassable', cover: 'hard', los: 'block', height: 800 } as Feature];
  assert.equal(code(tryAct(field('lp-8', eight), leap([1000, 1300]))), undefined);
  assert.equal(code(tryAct(field('lp-8x', eight), leap([1000, 1301]))), 'beyond_allowance');
  assert.equal(code(tryAct(field('lp-in', eight), leap([1000, 950]))), 'impassable', 'it may not land in impassable terrain');
  assert.equal(code(tryAct(field('lp-2pts'), { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 900], [1000, 1300]] }], target: null, fireFirst: true, jump: 'leap' })), 'bad_path', 'a Leap is one straight line');
  // Woods cost nothing to jump into.
  const woods = [{ id: 'woods', kind: 'area', points: [[0, 1000], [4800, 1000], [4800, 2000], [0, 2000]], move: 'veryDifficult', cover: 'soft', los: 'woodsLight', height: 600 } as Feature];
  assert.equal(code(tryAct(field('lp-woods', woods), leap([1000, 1700]))), undefined);
});

test('#60 Leap: no other action that turn: no fire with it, none later in the turn; no Leap into close assault (§7.12)', () => {
  const s = field('lp-fire', [], {}, [1000, 2500]);
  assert.equal(code(tryAct(s, leap([1000, 1200], { target: 'B1' }))), 'leap_no_action');
  const r = act(s, leap([1000, 1200]));
  assert.equal(unitOf(r.s, 'A1').noFireTurn, r.s.turn);
  assert.deepEqual(unitOf(r.s, 'A1').figures[0].at, [1000, 1200]);
  assert.equal(evOf(r.events, 'jump')[0].jump, 'leap');
  const near = field('lp-assault', [], {}, [1000, 1500]);
  assert.equal(code(tryAct(near, { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 1399]] }], jump: 'leap' } as unknown as Action)), 'leap_no_assault');
});

test('#60 Bound: up to 3 straight bounds of up to 6" (18" in all), each clearing obstacles no higher than the figure (1.25") (§7.12)', () => {
  assert.equal(code(tryAct(field('bd-18'), bound([[1000, 1100], [1000, 1700], [1000, 2300]]))), undefined, '3 × 6"');
  assert.equal(code(tryAct(field('bd-6x'), bound([[1000, 1101]]))), 'beyond_allowance', 'a bound over 6"');
  assert.equal(code(tryAct(field('bd-4'), bound([[1000, 1000], [1000, 1500], [1000, 2000], [1000, 2500]]))), 'bad_path', 'a fourth bound');
  assert.equal(code(tryAct(field('bd-waist', [wall('stone', 800, 75)]), bound([[1000, 1100]]))), undefined, 'a waist-high wall is cleared');
  assert.equal(code(tryAct(field('bd-hedge', [wall('hedge', 800, 150)]), bound([[1000, 1100]]))), 'too_high', 'a 1.5" hedge is taller than the figure');
  assert.equal(code(tryAct(field('bd-leap-hedge', [wall('hedge', 800, 150)]), leap([1000, 1100]))), undefined, 'a Leap clears it');
  const pond = [{ id: 'pond', kind: 'area', points: [[0, 700], [4800, 700], [4800, 1000], [0, 1000]], move: 'impassable', cover: 'none', los: 'clear', height: 0 } as Feature];
  assert.equal(code(tryAct(field('bd-pond', pond), bound([[1000, 1100]]))), undefined, 'over a pond, landing beyond it');
  assert.equal(code(tryAct(field('bd-pond-in', pond), bound([[1000, 900], [1000, 1200]]))), 'impassable', 'each bound lands: not in the pond');
  assert.equal(code(tryAct(field('bd-none'), { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1100]] }], target: null, fireFirst: true, jump: 'bound' })), undefined);
  const plain = craft({ name: 'bd-nopack', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('regular', 1), at: [[1000, 500]] }, { id: 'B1', side: 1, spec: squad('regular', 1), at: [[4000, 4000]] }] });
  assert.equal(code(tryAct(plain, bound([[1000, 1100]]))), 'no_jump_packs');
});

test('#60 Bound: the unit may fire, at −2 FE (§7.12, §6.4)', () => {
  const r = act(field('bd-fire', [], {}, [1000, 2500]), bound([[1000, 1000]], { target: 'B1', fireFirst: false }), Array(10).fill(3));
  const shot = evOf(r.events, 'shot')[0];
  assert.equal(shot.mods.bounding, -2);
  const walk = act(field('walk-fire', [], {}, [1000, 2500]), { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 1000]] }], target: 'B1', fireFirst: false }, Array(10).fill(3));
  assert.equal(evOf(walk.events, 'shot')[0].mods.bounding, undefined);
  assert.equal(unitOf(r.s, 'A1').bounding, undefined, 'cleared at the end of the activation');
});

test('#60 Bound into close assault: beyond the 10" charge reach; the defender\'s free shot is measured from the start of the last bound (§7.12, §6.10)', () => {
  // B1 at y = 20": the charger's centre ends at y = 18.99" (in contact), 13.99" of bounds.
  const s = field('bd-assault', [], {}, [1000, 2000]);
  const path: Pt[] = [[1000, 1000], [1000, 1500], [1000, 1899]];
  assert.equal(code(tryAct(s, { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 1899]] }] })), 'beyond_allowance', 'on foot: 6" + 4"');
  const r = act(s, { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path }], jump: 'bound' }, Array(30).fill(2));
  const free = evOf(r.events, 'shot').find((e) => e.defensive);
  assert.ok(free, 'the defender fires');
  assert.equal(free!.unit, 'B1');
  assert.equal(free!.distance, 400, 'from (10", 15"): 5" centre to centre, 4" edge to edge');
  assert.ok(evOf(r.events, 'assault_result').length === 1 || !unitOf(r.s, 'A1').figures[0].alive);
});

test('#45 gravity and jump packs: low gravity doubles (Leap 24" and 12" high, bounds 12"), high gravity halves (Leap 6" and 3" high, bounds 3") (§7.8)', () => {
  assert.equal(code(tryAct(field('g-low', [], { gravity: 'low' }), leap([1000, 2900]))), undefined);
  assert.equal(code(tryAct(field('g-low-x', [], { gravity: 'low' }), leap([1000, 2901]))), 'beyond_allowance');
  assert.equal(code(tryAct(field('g-low-b', [], { gravity: 'low' }), bound([[1000, 1700]]))), undefined);
  assert.equal(code(tryAct(field('g-high', [], { gravity: 'high' }), leap([1000, 1100]))), undefined);
  assert.equal(code(tryAct(field('g-high-x', [], { gravity: 'high' }), leap([1000, 1101]))), 'beyond_allowance');
  assert.equal(code(tryAct(field('g-high-b', [], { gravity: 'high' }), bound([[1000, 801]]))), 'beyond_allowance');
  // Clearance: a 4" wall is over the 3" of high gravity (4" leap left: 6" − 2 × 1"), under the 12" of low gravity.
  assert.equal(code(tryAct(field('g-high-w', [wall('w4', 700, 400)], { gravity: 'high' }), leap([1000, 900]))), undefined);
  assert.equal(code(tryAct(field('g-high-wx', [wall('w4', 700, 400)], { gravity: 'high' }), leap([1000, 901]))), 'beyond_allowance');
});

test('#60 Under Fire takes 2" off a Leap and off the bounds\' total (§6.9 [P]); jump orders are among the sampled candidates', () => {
  const s = field('uf-leap');
  unitOf(s, 'A1').underFire = true;
  assert.equal(code(tryAct(s, leap([1000, 1500]))), undefined);
  assert.equal(code(tryAct(s, leap([1000, 1501]))), 'beyond_allowance');
  const c = fastAndDirty.candidates(field('cands', [], {}, [1000, 2200]), 0, decision(field('cands', [], {}, [1000, 2200])), 10, null as never);
  const jumps = c.actions.filter((a) => (a.type === 'engage' || a.type === 'assault') && a.jump);
  assert.ok(jumps.some((a) => a.type === 'engage' && a.jump === 'leap'));
  assert.ok(jumps.some((a) => a.type === 'engage' && a.jump === 'bound'));
  assert.ok(jumps.some((a) => a.type === 'assault'));
  for (const a of jumps) assert.equal(code(tryAct(field('cands', [], {}, [1000, 2200]), a)), undefined, JSON.stringify(a));
});
