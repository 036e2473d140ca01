// Checklist #73, unit traits (§2.6, source p.44-51), the eight built in this round: Bestow Trait,
// Bug Hunter, Cautious, Combat Drugs, Detection, Flyer, Hivemind and Holy. Each test checks the
// rule's effect and its limit. Dice scripted by value (face = value + 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, row, squad, tryAct, unitOf } from './helpers.js';
import type { Action, Feature, S, Unit } from '../../../src/games/fast-and-dirty/state.js';
import { CONTENT, traitProblem, type UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { detach } from '../../../src/games/fast-and-dirty/rules/characters.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import { scriptedRng } from '../../../src/engine/rng.js';

const code = (r: unknown) => (r as { code?: string }).code;
const withT = (traits: string[], n = 3, o: Partial<UnitSpec> = {}): UnitSpec => ({ ...squad('regular', n), traits, ...o });
const character = (traits: string[], o: Partial<UnitSpec> = {}): UnitSpec => ({ name: `C-${traits.join('-')}`, kind: 'character', leadership: 'novice', quality: 'regular', resolve: 'steady', traits, figures: [{ weapon: 'assaultRifle', armour: 'light' }], ...o });
function duel(name: string, a: UnitSpec, b: UnitSpec = squad('regular', 3), bAt = 1500, o: { terrain?: Feature[]; options?: Record<string, unknown> } = {}): S {
  return craft({ name, active: 'A1', terrain: o.terrain, options: o.options, units: [
    { id: 'A1', side: 0, spec: a, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: b, at: row(1000, bAt, 3) },
  ] });
}
const moveAll = (s: S, dy: number, id = 'A1'): Action => ({ type: 'engage', moves: unitOf(s, id).figures.filter((f) => f.alive).map((f) => ({ fig: f.id, path: [[f.at[0], f.at[1] + dy] as [number, number]] })), target: null, fireFirst: false });
const hold: Action = { type: 'engage', moves: [], target: null, fireFirst: true };
const fire = (target: string): Action => ({ type: 'engage', moves: [], target, fireFirst: true });
/** The same state with unit `id` awaiting its order. */
function ordering(s0: S, id: string): S {
  const s = structuredClone(s0);
  s.phase = 'order';
  s.active = id;
  s.toAct = unitOf(s, id).side as 0 | 1;
  s.step++;
  return s;
}
const light = CONTENT.armour.light.rating;
const rifle = CONTENT.weapons.assaultRifle.damage;
/** FE 6 6, then every die a 3: each damage roll is 3 + damage against 3 + armour. */
const volley = [...faces(6, 6), ...Array(40).fill(2)];

test('#73 Bestow Trait: the character\'s named trait is the squad\'s while he is attached, and leaves with him; a trait it has already does not stack (§2.6)', () => {
  const scene = (name: string, host: UnitSpec) => craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: host, at: row(1000, 500, 3) },
    { id: 'C1', side: 0, spec: character(['bestowTrait'], { bestow: 'tough' }), at: [[1000, 700]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
  const r = act(scene('bt', squad('regular', 3)), { ...hold, attach: 'C1' });
  assert.deepEqual(evOf(r.events, 'trait_bestowed'), [{ character: 'C1', unit: 'A1', trait: 'tough' }]);
  assert.deepEqual(unitOf(r.s, 'A1').traits, ['tough']);
  // Fired upon while he is attached: Tough's +1 armour on every damage roll.
  const shot = act(ordering(r.s, 'B1'), fire('A1'), volley);
  assert.ok(evOf(shot.events, 'damage').length > 0);
  for (const d of evOf(shot.events, 'damage')) assert.equal(d.defence, 3 + light + 1);
  // He detaches: the trait goes with him.
  const s = structuredClone(r.s);
  const run = new Run(scriptedRng([], 'bt'));
  detach(s, run, unitOf(s, 'A1'));
  assert.equal(unitOf(s, 'A1').traits, undefined);
  assert.deepEqual(evOf(run.ev, 'trait_withdrawn'), [{ character: 'C1', unit: 'A1', trait: 'tough' }]);
  // A squad that is Tough already gains nothing more, and stays Tough when he leaves.
  const t = act(scene('bt-tough', withT(['tough'])), { ...hold, attach: 'C1' });
  assert.equal(evOf(t.events, 'trait_bestowed').length, 0);
  assert.deepEqual(unitOf(t.s, 'A1').traits, ['tough']);
  for (const d of evOf(act(ordering(t.s, 'B1'), fire('A1'), volley).events, 'damage')) assert.equal(d.defence, 3 + light + 1, '+1, not +2');
  const t2 = structuredClone(t.s);
  detach(t2, new Run(scriptedRng([], 'bt2')), unitOf(t2, 'A1'));
  assert.deepEqual(unitOf(t2, 'A1').traits, ['tough']);
  // Data: the trait is named, bestowable, and only a Bestow Trait character names one.
  assert.equal(traitProblem(CONTENT, character(['bestowTrait'], { bestow: 'tough' })), null);
  assert.equal(code(traitProblem(CONTENT, character(['bestowTrait']))), 'bestow_unspecified');
  assert.equal(code(traitProblem(CONTENT, character(['bestowTrait'], { bestow: 'hero' }))), 'not_bestowable');
  // HQ is a one-figure trait and Resilient needs each figure's points: neither goes to a whole squad.
  assert.equal(code(traitProblem(CONTENT, character(['bestowTrait'], { bestow: 'hq' }))), 'not_bestowable');
  assert.equal(code(traitProblem(CONTENT, character(['bestowTrait'], { bestow: 'resilient' }))), 'not_bestowable');
  assert.equal(code(traitProblem(CONTENT, character([], { bestow: 'tough' }))), 'bestow_without_trait');
  assert.equal(code(traitProblem(CONTENT, withT(['bestowTrait'], 3, { bestow: 'tough' }))), 'bestow_not_character');
});

test('#73 Bug Hunter: +1 Fire Effect and +1 in close assault against a side marked alien, nothing against others (§2.6, §4.1)', () => {
  const aliens = { aliens: { 1: true } };
  const shot = (name: string, a: UnitSpec, options: Record<string, unknown>) => evOf(act(duel(name, a, squad('regular', 3), 1500, { options }), fire('B1'), Array(40).fill(2)).events, 'shot')[0].mods;
  assert.equal(shot('bh', withT(['bugHunter']), aliens).bugHunter, 1);
  assert.equal(shot('bh-human', withT(['bugHunter']), {}).bugHunter, undefined, 'the target side is not alien');
  assert.equal(shot('bh-own', withT(['bugHunter']), { aliens: { 0: true } }).bugHunter, undefined, 'only the target\'s side counts');
  assert.equal(shot('bh-plain', squad('regular', 3), aliens).bugHunter, undefined, 'no trait, no bonus');
  const charge = (name: string, options: Record<string, unknown>) => {
    const s = duel(name, withT(['bugHunter']), squad('regular', 3), 1000, { options });
    const moves = unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], 899] as [number, number]] }));
    return evOf(act(s, { type: 'assault', target: 'B1', moves }, Array(60).fill(0)).events, 'assault_result')[0];
  };
  const r = charge('bh-charge', aliens);
  assert.equal(r.attacker.mods.bugHunter, 1);
  assert.equal(r.defender.mods.bugHunter, undefined);
  assert.equal(charge('bh-charge-human', {}).attacker.mods.bugHunter, undefined);
});

test('#73 Cautious: activated Under Fire in cover, a 1D6 Quality test; failed, no move may take it out of cover that activation (§2.6)', () => {
  const hedge: Feature = { id: 'hedge', kind: 'area', points: [[700, 300], [1800, 300], [1800, 700], [700, 700]], move: 'open', cover: 'soft', los: 'clear', height: 100 };
  const scene = (name: string, o: { underFire?: boolean; terrain?: Feature[] } = {}) => {
    const s = craft({ name, terrain: o.terrain ?? [hedge], units: [
      { id: 'A1', side: 0, spec: withT(['cautious']), at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
    ] });
    unitOf(s, 'A1').underFire = o.underFire ?? true;
    return s;
  };
  // Regular: the test passes on 3+.
  const failed = act(scene('ca'), { type: 'activate', unit: 'A1' }, faces(2));
  assert.deepEqual(evOf(failed.events, 'cautious_test'), [{ unit: 'A1', die: 2, passed: false }]);
  assert.equal(code(tryAct(failed.s, moveAll(failed.s, 400))), 'cautious', 'out of the hedge');
  assert.equal(code(tryAct(failed.s, moveAll(failed.s, 150))), undefined, 'still inside it');
  assert.equal(code(tryAct(failed.s, hold)), undefined);
  assert.equal(unitOf(act(failed.s, hold).s, 'A1').cautiousFailed, undefined, 'for that activation only');
  const passed = act(scene('ca-pass'), { type: 'activate', unit: 'A1' }, faces(3));
  assert.equal(evOf(passed.events, 'cautious_test')[0].passed, true);
  assert.equal(code(tryAct(passed.s, moveAll(passed.s, 400))), undefined);
  // No test when not Under Fire, or Under Fire in the open.
  for (const s of [scene('ca-calm', { underFire: false }), scene('ca-open', { terrain: [] })]) {
    const r = act(s, { type: 'activate', unit: 'A1' });
    assert.equal(evOf(r.events, 'cautious_test').length, 0);
    assert.equal(code(tryAct(r.s, moveAll(r.s, 400))), undefined);
  }
});

test('#73 Combat Drugs: one use at activation, Berserk, Fearless and Swift for that activation (a charge at 12", +2), each survivor wounded on a 6 at its end (§2.6)', () => {
  // B1's front edge `gap` from A1's (0.5" bases); B2 far off.
  const scene = (name: string, gap: number, spec: UnitSpec = withT(['combatDrugs']), options: Record<string, unknown> = {}) => craft({ name, options, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 600 + gap, 3) },
    { id: 'B2', side: 1, spec: squad('regular', 3), at: row(3500, 4500, 3) },
  ] });
  const near = act(scene('cd', 1200), { type: 'activate', unit: 'A1', drugs: true });
  assert.deepEqual(evOf(near.events, 'combat_drugs'), [{ unit: 'A1', gained: ['berserk', 'fearless', 'swift'] }]);
  assert.deepEqual(evOf(near.events, 'berserk'), [{ unit: 'A1', target: 'B1' }], 'Swift: Move 8" + 4" reaches 12"');
  assert.equal(code(tryAct(near.s, hold)), 'berserk', 'it must charge the nearest enemy unit');
  const moves = unitOf(near.s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], 1699] as [number, number]] }));
  const c = act(near.s, { type: 'assault', target: 'B1', moves }, Array(80).fill(0));
  assert.equal(evOf(c.events, 'assault_result')[0].attacker.mods.berserk, 2);
  assert.deepEqual(unitOf(c.s, 'A1').traits, ['combatDrugs'], 'the traits wear off at the end of the activation');
  assert.equal(unitOf(c.s, 'A1').drugsUsed, true);
  // 12.01": no Berserk fury, it orders freely; still Swift: 8" but not 8.01".
  const far = act(scene('cd-far', 1201), { type: 'activate', unit: 'A1', drugs: true });
  assert.equal(evOf(far.events, 'berserk').length, 0);
  assert.equal(code(tryAct(far.s, moveAll(far.s, 800))), undefined);
  assert.equal(code(tryAct(far.s, moveAll(far.s, 801))), 'beyond_allowance');
  // At the end: 1D6 per survivor, a 6 wounds (kills without the wound rules).
  const end = act(far.s, hold, faces(6, 1, 1));
  assert.deepEqual(evOf(end.events, 'combat_drugs_wounds'), [{ unit: 'A1', figures: ['A1.1'] }]);
  assert.deepEqual(unitOf(end.s, 'A1').figures.map((f) => f.alive), [false, true, true]);
  const w = act(act(scene('cd-w', 1201, withT(['combatDrugs']), { recoverWounded: true }), { type: 'activate', unit: 'A1', drugs: true }).s, hold, faces(5, 6, 1));
  assert.deepEqual(unitOf(w.s, 'A1').figures.map((f) => f.wounded ?? null), [null, 'wounded', null], 'a 5 does nothing; with the module the 6 wounds');
  // One use only; a unit without the item has none.
  const again = scene('cd-again', 1201);
  unitOf(again, 'A1').drugsUsed = true;
  assert.equal(code(tryAct(again, { type: 'activate', unit: 'A1', drugs: true })), 'drugs_used');
  assert.equal(code(tryAct(scene('cd-none', 1201, squad('regular', 3)), { type: 'activate', unit: 'A1', drugs: true })), 'no_drugs');
  // Already Swift: not gained twice (8", not 10").
  const swift = act(scene('cd-swift', 3000, withT(['combatDrugs', 'swift'])), { type: 'activate', unit: 'A1', drugs: true });
  assert.deepEqual(evOf(swift.events, 'combat_drugs')[0].gained, ['berserk', 'fearless']);
  assert.equal(code(tryAct(swift.s, moveAll(swift.s, 801))), 'beyond_allowance');
  assert.deepEqual(unitOf(act(swift.s, hold, faces(1, 1, 1)).s, 'A1').traits, ['combatDrugs', 'swift'], 'its own Swift stays');
});

test('#73 Detection: at each activation every enemy hidden marker within 12" is revealed or removed, the owner answering; one at 12.01" is not (§2.6, §7.10)', () => {
  const scene = (name: string, traits: string[], markers: [number, number][]) => {
    const s = craft({ name, options: { hiddenMovement: true }, units: [
      { id: 'A1', side: 0, spec: withT(traits), at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(3000, 4000, 3) },
    ] });
    s.options.hiddenMovement = true;
    unitOf(s, 'B1').hidden = { markers: markers.map((at, i) => ({ n: i + 1, at })) };
    return s;
  };
  // Marker 1 is 12" from A1.1's base edge, marker 2 12.01", marker 3 far away.
  const three: [number, number][] = [[1000, 1750], [1000, 1751], [3000, 4000]];
  const r = act(scene('det', ['detection'], three), { type: 'activate', unit: 'A1' });
  let d = decision(r.s);
  assert.equal(d.kind, 'reveal');
  assert.equal(d.seat, 1);
  assert.deepEqual(d.exposes, { unit: 'B1', marker: 1, markers: 3 });
  const dummy = act(r.s, { type: 'reveal', real: false });
  assert.deepEqual(unitOf(dummy.s, 'B1').hidden!.markers.map((m) => m.n), [2, 3], 'marker 2 is beyond 12"');
  d = decision(dummy.s);
  assert.equal(d.kind, 'order', 'then the detecting unit gives its order');
  assert.equal(dummy.s.active, 'A1');
  const real = act(r.s, { type: 'reveal', real: true });
  assert.equal(unitOf(real.s, 'B1').hidden, null);
  assert.equal(evOf(real.events, 'revealed')[0].why, 'detected');
  assert.equal(decision(real.s).kind, 'order');
  // A last marker is the real unit: revealed with no question.
  const last = act(scene('det-last', ['detection'], [[1000, 1750]]), { type: 'activate', unit: 'A1' });
  assert.equal(unitOf(last.s, 'B1').hidden, null);
  assert.equal(decision(last.s).kind, 'order');
  // Without the trait, or with the marker out of range, nothing is revealed.
  for (const s of [scene('det-none', [], three), scene('det-far', ['detection'], [[1000, 1751], [3000, 4000]])]) {
    const x = act(s, { type: 'activate', unit: 'A1' });
    assert.equal(decision(x.s).kind, 'order');
    assert.ok(unitOf(x.s, 'B1').hidden);
  }
});

test('#73 Flyer: always airborne, it moves over every obstacle, sees and is seen over terrain, never has cover and cannot be close assaulted (§2.6, §3.2, §6.10)', () => {
  // A 2" wall is impassable to infantry, Aerial ones included (taller than 1.25").
  const wall: Feature = { id: 'wall', kind: 'linear', points: [[0, 700], [4800, 700]], move: 'difficult', cover: 'hard', los: 'clear', height: 200 };
  const fly = duel('fl-wall', withT(['flyer']), squad('regular', 3), 4000, { terrain: [wall] });
  assert.equal(code(tryAct(fly, moveAll(fly, 400))), undefined);
  assert.equal(code(tryAct(fly, moveAll(fly, 601))), 'beyond_allowance', 'its own 6" still holds');
  for (const t of [[], ['aerial']]) {
    const s = duel(`fl-wall-${t.length}`, withT(t), squad('regular', 3), 4000, { terrain: [wall] });
    assert.equal(code(tryAct(s, moveAll(s, 400))), 'impassable');
  }
  const rocks: Feature = { id: 'rocks', kind: 'area', points: [[0, 650], [4800, 650], [4800, 850], [0, 850]], move: 'impassable', cover: 'hard', los: 'clear', height: 800 };
  const over = duel('fl-rocks', withT(['flyer']), squad('regular', 3), 4000, { terrain: [rocks] });
  assert.equal(code(tryAct(over, moveAll(over, 500))), undefined, 'over the rocks');
  assert.equal(code(tryAct(over, moveAll(over, 250))), 'impassable', 'but not ending in them');
  // Sight over a blocking building-high block, both ways.
  const block: Feature = { id: 'block', kind: 'area', points: [[500, 900], [2000, 900], [2000, 1100], [500, 1100]], move: 'impassable', cover: 'hard', los: 'block', height: 600 };
  assert.equal(code(tryAct(duel('fl-los', withT(['flyer']), squad('regular', 3), 1500, { terrain: [block] }), fire('B1'), Array(40).fill(2))), undefined);
  assert.equal(code(tryAct(duel('fl-los-plain', squad('regular', 3), squad('regular', 3), 1500, { terrain: [block] }), fire('B1'))), 'no_line_of_fire');
  assert.equal(code(tryAct(duel('fl-seen', squad('regular', 3), withT(['flyer']), 1500, { terrain: [block] }), fire('B1'), Array(40).fill(2))), undefined);
  // No cover in woods.
  const woods: Feature = { id: 'woods', kind: 'area', points: [[500, 1300], [2000, 1300], [2000, 1700], [500, 1700]], move: 'difficult', cover: 'soft', los: 'woodsLight', height: 600 };
  const cover = (name: string, b: UnitSpec) => evOf(act(duel(name, squad('regular', 3), b, 1500, { terrain: [woods] }), fire('B1'), Array(40).fill(2)).events, 'shot')[0].cover;
  assert.equal(cover('fl-cover', withT(['flyer'])), 'none');
  assert.equal(cover('fl-cover-plain', squad('regular', 3)), 'soft');
  // No close assault on it; the same charge at ordinary troops is legal.
  const charge = (name: string, b: UnitSpec) => {
    const s = duel(name, squad('regular', 3), b, 1000);
    return code(tryAct(s, { type: 'assault', target: 'B1', moves: unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], 899] as [number, number]] })) }, Array(60).fill(0)));
  };
  assert.equal(charge('fl-charge', withT(['flyer'])), 'airborne');
  assert.equal(charge('fl-charge-plain', squad('regular', 3)), undefined);
});

test('#73 Hivemind: Fanatic and Relentless when it activates with its squad leader or within 12" of a Hivemind character; not at 12.01"; the controller benefits too (§2.6)', () => {
  // Four figures, the leader first; two dead (a Steady squad breaks at half).
  const hive: UnitSpec = { ...withT(['hivemind'], 4), figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 3 }] };
  const scene = (name: string, dead: number[], ctl: [number, number] | null, ctlTraits = ['hivemind']) => {
    const s = craft({ name, units: [
      { id: 'A1', side: 0, spec: hive, at: row(1000, 500, 4) },
      ...(ctl ? [{ id: 'C1', side: 0 as const, spec: character(ctlTraits), at: [ctl] }] : []),
      { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
    ] });
    for (const i of dead) unitOf(s, 'A1').figures[i].alive = false;
    unitOf(s, 'A1').underFire = true;
    return act(s, { type: 'activate', unit: 'A1' }, faces(6, 6, 6));
  };
  const broken = (r: { events: { type: string }[] }) => evOf(r.events as never, 'broken').length;
  // Its own squad leader lives: linked, no Resolve check, its Under Fire dropped.
  const own = scene('hv-leader', [1, 2], null);
  assert.deepEqual(evOf(own.events, 'hivemind'), [{ unit: 'A1', linked: true, controller: 'A1.1' }]);
  assert.equal(broken(own), 0);
  assert.equal(unitOf(own.s, 'A1').underFire, false);
  // Leader dead: a Hivemind character 12" (edge to edge) from A1.3 links it; 12.01" does not.
  const near = scene('hv-near', [0, 1], [1440, 1800]);
  assert.equal(evOf(near.events, 'hivemind')[0].controller, 'C1.1');
  assert.equal(broken(near), 0);
  const far = scene('hv-far', [0, 1], [1440, 1801]);
  assert.equal(evOf(far.events, 'hivemind')[0].linked, false);
  assert.equal(broken(far), 1);
  assert.equal(broken(scene('hv-plain-char', [0, 1], [1440, 1800], [])), 1, 'a character without Hivemind controls nothing');
  // Relentless until its next activation: fire does not mark it Under Fire.
  const after = act(near.s, hold);
  const shot = act(ordering(after.s, 'B1'), { ...fire('A1') }, Array(40).fill(2));
  assert.equal(unitOf(shot.s, 'A1').underFire, false);
  const plainAfter = act(far.s, hold);
  assert.equal(unitOf(act(ordering(plainAfter.s, 'B1'), fire('A1'), Array(40).fill(2)).s, 'A1').underFire, true);
  // The controller also benefits: the character activating is linked.
  const s = craft({ name: 'hv-ctl', units: [
    { id: 'C1', side: 0, spec: character(['hivemind']), at: [[1000, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  assert.deepEqual(evOf(act(s, { type: 'activate', unit: 'C1' }).events, 'hivemind'), [{ unit: 'C1', linked: true, controller: 'C1.1' }]);
});

test('#73 Holy: its weapons +1 damage and its armour +2, each negated by the opposite-aligned Unholy item; `items` limits it to one (§2.6, §6.5)', () => {
  const dmg = (name: string, a: UnitSpec, b: UnitSpec, tweak: (s: S) => void = () => {}) => {
    const s = duel(name, a, b);
    tweak(s);
    const d = evOf(act(s, fire('B1'), volley).events, 'damage');
    assert.ok(d.length > 0);
    return d;
  };
  for (const d of dmg('ho-weapon', withT(['holy']), squad('regular', 3))) assert.deepEqual([d.attack, d.defence], [3 + rifle + 1, 3 + light]);
  for (const d of dmg('ho-armour', squad('regular', 3), withT(['holy']))) assert.deepEqual([d.attack, d.defence], [3 + rifle, 3 + light + 2]);
  for (const d of dmg('ho-plain', squad('regular', 3), squad('regular', 3))) assert.deepEqual([d.attack, d.defence], [3 + rifle, 3 + light]);
  // Items: Holy armour only, so no weapon bonus.
  for (const d of dmg('ho-items', withT(['holy'], 3, { items: ['armour'] }), squad('regular', 3))) assert.equal(d.attack, 3 + rifle);
  // Negated by the Unholy counterpart: a Holy weapon against Unholy armour, Holy armour against an Unholy weapon.
  const unholy = (id: string) => (s: S) => { (unitOf(s, id) as Omit<Unit, 'traits'> & { traits: string[] }).traits = ['unholy']; };
  for (const d of dmg('ho-vs-unholy', withT(['holy']), squad('regular', 3), unholy('B1'))) assert.equal(d.attack, 3 + rifle);
  for (const d of dmg('ho-by-unholy', squad('regular', 3), withT(['holy']), unholy('A1'))) assert.equal(d.defence, 3 + light);
});
