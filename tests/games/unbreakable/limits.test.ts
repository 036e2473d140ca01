// Checklist item #68: the optional component-limit mode (spec §13 A3, A4; §2.5 "6 of each basic type").
// Spec: shared/rules/unbreakable.md.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localRng } from '../../../src/engine/rng.js';
import { isViolation, type Step } from '../../../src/engine/types.js';
import { CONTENT } from '../../../src/games/unbreakable/content.js';
import { detonate } from '../../../src/games/unbreakable/rules/combat.js';
import { convert } from '../../../src/games/unbreakable/rules/effects.js';
import { COLOURS, type S } from '../../../src/games/unbreakable/state.js';
import { board, problem, rs, run, seal } from './helpers.js';

function game(options: Record<string, unknown>): S {
  const r = rs.setup({ scenario: 'retrieval', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options }, { rng: localRng('limits'), seq: 0 } as never);
  assert.ok(!isViolation(r));
  return (r as Step<S>).state;
}

test('#68 component limits: 6 cards per weapon type, split 3/3 between the sealed loadouts; later units keep a beam and a bomb (§13 A3)', () => {
  assert.equal(CONTENT.cards.components.weaponCardsPerType, 6);
  const tooBig = rs.setup({ scenario: 'retrieval', seats: [{ index: 0, name: 'a' }, { index: 1, name: 'b' }], options: { componentLimits: true, platoonSize: 10 } }, { rng: localRng('x'), seq: 0 } as never);
  assert.ok(isViolation(tooBig), 'at most 9 units per platoon: 3 cards of each of 3 beam types per side');
  for (const limits of [false, true]) {
    let s = game({ componentLimits: limits, platoonSize: 3 });
    s = seal(s, { 0: { type: 'platoon', crawler: 1, walker: 1, squad: 1 }, 1: { type: 'platoon', crawler: 1, walker: 1, squad: 1 } }).s;
    s = seal(s, { 0: { type: 'loadout', beams: ['force', 'force'], bombs: ['nuke', 'nuke'] }, 1: { type: 'loadout', beams: ['force', 'force'], bombs: ['nuke'] } }).s;
    // Blue's walker: 2 more force beams would be 4 of Blue's 3.
    assert.equal(problem(s, { type: 'loadout', beams: ['force', 'force'], bombs: ['crust'] }, 0), limits ? 'bad_loadout' : null);
    assert.equal(problem(s, { type: 'loadout', beams: ['force'], bombs: ['crust'] }, 0), null, 'a third force beam is within the share');
    const offered = rs.candidates(s, 0, rs.pending(s).find((d) => d.seat === 0)!, 100, localRng('c'));
    const twoForce = offered.actions.some((a) => a.type === 'loadout' && a.beams.join() === 'force,force');
    assert.equal(twoForce, !limits, 'candidates and validate agree');
  }
  // Feasibility: 9 units hold 9 beam cards of each side's 9, so no crawler may take two beams.
  let s = game({ componentLimits: true, platoonSize: 9 });
  s = seal(s, { 0: { type: 'platoon', crawler: 3, walker: 3, squad: 3 }, 1: { type: 'platoon', crawler: 3, walker: 3, squad: 3 } }).s;
  const l = (beams: string[], bomb = 'nuke') => ({ type: 'loadout', beams, bombs: [bomb] }) as never;
  assert.equal(problem(s, l(['force', 'laser']), 0), 'bad_loadout', '2 beams leave 7 for 8 later units');
  s = seal(s, { 0: l(['force']), 1: l(['force']) }).s;
  s = seal(s, { 0: l(['force']), 1: l(['force']) }).s;
  assert.equal(problem(s, l(['force']), 0), null, 'the third force beam');
  s = seal(s, { 0: l(['force']), 1: l(['force']) }).s;
  assert.equal(problem(s, l(['force'], 'crust'), 0), 'bad_loadout', 'a fourth force beam');
  assert.equal(problem(s, l(['laser']), 0), 'bad_loadout', 'a fourth nuke');
  assert.equal(problem(s, l(['laser'], 'crust'), 0), null);
});

test('#68 component limits: colours are re-rolled until a pool has a piece; none available → no epicenter, an uncoloured crater (§13 A3, A4)', () => {
  const s = board();
  s.options.componentLimits = true;
  const per = CONTENT.cards.components.perColour;
  // Fill every colour's crater pool except green.
  const craters = CONTENT.hexIds.filter((h) => s.map[h].terrain === 'clear').slice(0, per.crater * 6 + 2);
  let k = 0;
  for (const c of COLOURS) if (c !== 'green') for (let i = 0; i < per.crater; i++) { s.map[craters[k]].terrain = 'crater'; s.map[craters[k++]].border = c; }
  const target = craters[craters.length - 1];
  const r = run([0, 1, 3]); // red, yellow: full → re-rolled; green
  convert(s, r, target);
  assert.equal(s.map[target].terrain, 'crater');
  assert.equal(s.map[target].border, 'green');
  assert.equal(r.ev.filter((e) => e.type === 'dice_rolled').length, 3);
  // Now green is full too: the next crater gets no colour (A4).
  for (let i = 1; i < per.crater; i++) { s.map[craters[k]].terrain = 'crater'; s.map[craters[k++]].border = 'green'; }
  const last = craters[craters.length - 2];
  const r2 = run();
  convert(s, r2, last);
  assert.equal(s.map[last].terrain, 'crater');
  assert.equal(s.map[last].border, undefined);
  assert.ok(r2.ev.some((e) => e.type === 'no_colour_available'));
  // Epicenter markers: all pools used → a crust buster places no epicenter (A4) but still adds its Earthquake card.
  const clear = CONTENT.hexIds.filter((h) => s.map[h].terrain === 'clear' && !s.map[h].epicenter);
  k = 0;
  for (const c of COLOURS) for (let i = 0; i < per.epicenter; i++) s.map[clear[k++]].epicenter = c;
  const spot = clear[clear.length - 1];
  const r3 = run();
  detonate(s, r3, { owner: 'blue', unit: 'W1', weapon: 'bomb1', kind: 'crust', size: 'light', launch: spot, target: spot });
  assert.equal(s.map[spot].epicenter, undefined);
  assert.ok(!r3.ev.some((e) => e.type === 'epicenter_placed'));
  assert.ok(r3.ev.some((e) => e.type === 'earthquake_card_added' || e.type === 'no_colour_available'));
});

test('#68 without component limits a colour is one earthquake-die roll (§13 A3 default off)', () => {
  const s = board();
  for (const c of COLOURS) for (let i = 0; i < 10; i++) { const h = CONTENT.hexIds.filter((x) => s.map[x].terrain === 'clear')[0]; s.map[h].terrain = 'crater'; s.map[h].border = c; }
  const h = CONTENT.hexIds.find((x) => s.map[x].terrain === 'clear')!;
  convert(s, run([0]), h);
  assert.equal(s.map[h].border, 'red');
});
