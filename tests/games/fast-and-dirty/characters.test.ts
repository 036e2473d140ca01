// Checklist items #39 (characters, §2.8), #40 (Command Disruption, §7.2), #37 (weapon teams, §7.9),
// #57 (snipers, §7.27) and #56 (smoke, §7.26), from the rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, decision, evOf, faces, fastAndDirty, hold, row, shootAt, squad, tryAct, unitOf } from './helpers.js';
import { attach, attachTeam } from '../../../src/games/fast-and-dirty/rules/characters.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';

const holdE = { type: 'engage' as const, moves: [], target: null, fireFirst: true };
const engageAt = (target: string) => ({ ...holdE, target });
const code = (r: unknown) => (r as { code?: string }).code;
const hero = (leadership: UnitSpec['leadership'] = 'inspiring', branch: UnitSpec['branch'] = 'infantry'): UnitSpec => ({
  name: 'Lt. Vasquez', kind: 'character', quality: 'regular', resolve: 'steady', leadership, branch, figures: [{ weapon: 'assaultRifle', armour: 'light' }],
});
const team = (): UnitSpec => ({ name: 'HMG team', kind: 'weaponTeam', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'heavyMG', armour: 'light', count: 3 }] });
const sniper = (): UnitSpec => ({ name: 'Sniper', kind: 'sniper', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'sniperRifle', armour: 'light' }] });
const led = (): UnitSpec => ({ name: 'Led squad', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 2 }] });

function withHero(name: string, heroAt: [number, number] = [1000, 700]): S {
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 4), at: row(1000, 500, 4) },
    { id: 'C1', side: 0, spec: hero(), at: [heroAt] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
}

test('#39 characters: a free character within coherency attaches at the start of the squad\'s order and spends its activation; +Leadership to FE with a matching branch; +1 strength; detaches at will (§2.8)', () => {
  // FE: 1 + close 0 + Regular 1 + Inspiring 2 + 5 small arms 1 = 5 -> 1 hit; damage 1+2 against 6+1: no kill.
  const r = act(withHero('hero-attach'), { ...engageAt('B1'), attach: 'C1' }, faces(1, 1, 1, 6));
  assert.equal(evOf(r.events, 'character_attached').length, 1);
  const shot = evOf(r.events, 'shot')[0];
  assert.equal(shot.mods.leadership, 2);
  assert.equal(shot.fe, 5);
  assert.equal(shot.firers.length, 5, 'the character fires with the squad');
  const a1 = unitOf(r.s, 'A1');
  assert.equal(a1.strength, 5, 'strength +1 while attached');
  assert.equal(unitOf(r.s, 'C1').attachedTo, 'A1');
  assert.equal(unitOf(r.s, 'C1').activated, true, 'it acts only once per turn');
  assert.ok(!fastAndDirty.candidates(r.s, 0, { ...decision(r.s), kind: 'activate', seat: 0 } as never, 10, null as never).actions.some((x) => (x as { unit?: string }).unit === 'C1'), 'an attached character does not activate by itself');
  assert.equal(code(tryAct(withHero('hero-far', [1000, 1200]), { ...holdE, attach: 'C1' })), 'not_in_coherency');
  const done = withHero('hero-done');
  unitOf(done, 'C1').activated = true;
  assert.equal(code(tryAct(done, { ...holdE, attach: 'C1' })), 'already_activated');
  // Detach: next turn the squad's order ends with the character leaving as its own unit.
  const s2 = structuredClone(r.s);
  s2.phase = 'order'; s2.active = 'A1'; unitOf(s2, 'A1').activated = false;
  assert.equal(code(tryAct(withHero('hero-none'), { ...holdE, detach: true })), 'no_character');
  const d = act(s2, { ...holdE, detach: true });
  assert.equal(unitOf(d.s, 'C1').attachedTo, null);
  assert.equal(unitOf(d.s, 'C1').figures.length, 1);
  assert.equal(unitOf(d.s, 'A1').strength, 4);
  assert.equal(fastAndDirty.label!(d.s, 0, { ...engageAt('B1'), attach: 'C1' }).startsWith('Lt. Vasquez (C1) joins'), true);
});

test('#39 characters: a unit with a character re-rolls failed morale dice up to the Leadership rating, and its strength counts +1 for Resolve (§2.8, §6.1)', () => {
  const mk = (name: string, dead: number) => {
    const s = withHero(name);
    attach(s, new Run(null), unitOf(s, 'A1'), 'C1');
    unitOf(s, 'A1').figures.slice(0, dead).forEach((f) => { f.alive = false; });
    s.phase = 'activate'; s.active = null; s.toAct = 0;
    for (const u of s.units) u.activated = u.id !== 'A1';
    return s;
  };
  // Steady breaks at half strength: 2 of 4 would break, 2 of 5 (with the character) does not.
  const two = act(mk('hero-strength', 2), { type: 'activate', unit: 'A1' });
  assert.equal(unitOf(two.s, 'A1').broken, false);
  // 3 of 5: broken; morale 1 1 1 all fail (Regular 3+), Inspiring re-rolls 2 of them: 3 3 -> 2 successes, acts normally.
  const three = act(mk('hero-reroll', 3), { type: 'activate', unit: 'A1' }, faces(1, 1, 1, 3, 3));
  assert.equal(unitOf(three.s, 'A1').broken, true);
  assert.deepEqual(evOf(three.events, 'dice_rolled').map((d) => d.purpose), ['morale', 'leadership_reroll']);
  assert.equal(evOf(three.events, 'morale_result')[0].result, 'normal');
});

test('#40 Command Disruption: when an attack kills a squad\'s leader the squad is Pinned instead of Under Fire (§7.2)', () => {
  const mk = (name: string, commandDisruption: boolean) => {
    const s = craft({ name, active: 'A1', options: { commandDisruption }, units: [
      { id: 'A1', side: 0, spec: squad('regular', 5), at: row(1000, 500, 5) },
      { id: 'B1', side: 1, spec: led(), at: row(1000, 1500, 3) },
    ] });
    s.options.commandDisruption = commandDisruption;
    return s;
  };
  // FE 6 + Regular 1 + 5 rifles 1 = 8 -> 2 hits: B1.1 (the leader) 6+2 against 1+1 killed; B1.2 1+2 against 6+1 saved.
  const dice = faces(6, 1, 6, 1, 1, 6);
  const r = act(mk('cd-on', true), shootAt('B1'), dice);
  assert.equal(unitOf(r.s, 'B1').figures[0].alive, false);
  assert.equal(unitOf(r.s, 'B1').pinned, true);
  assert.equal(unitOf(r.s, 'B1').underFire, false);
  assert.equal(evOf(r.events, 'command_disruption')[0].leader, 'B1.1');
  const off = act(mk('cd-off', false), shootAt('B1'), dice);
  assert.equal(unitOf(off.s, 'B1').pinned ?? false, false);
  assert.equal(unitOf(off.s, 'B1').underFire, true);
});

function teamDuel(name: string, lost = 0): S {
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: team(), at: row(1000, 500, 3, 150) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
  unitOf(s, 'A1').figures.slice(3 - lost).forEach((f) => { f.alive = false; });
  return s;
}

test('#37 weapon teams: never Rush; shoot only if unmoved; 1D6 + the heavy weapon\'s FE; −1 FE and −1" Move per crew member lost; 2" coherency; no assault (§7.9)', () => {
  const mv = (y: number) => ({ type: 'engage' as const, moves: [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 150, y]] as [number, number][] })), target: null, fireFirst: true });
  assert.equal(code(tryAct(teamDuel('team-rush'), { type: 'rush', moves: [{ fig: 'A1.1', path: [[1000, 600]] }] })), 'team_no_rush');
  assert.equal(code(tryAct(teamDuel('team-move-fire'), { ...mv(600), target: 'B1' })), 'moved_no_fire');
  assert.ok(!('code' in tryAct(teamDuel('team-move'), mv(1100))), 'a normal 6" Move');
  assert.equal(code(tryAct(teamDuel('team-assault'), { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 1395]] }] })), 'team_no_assault');
  // One crew lost: Move 5".
  const hurt = { type: 'engage' as const, moves: [0, 1].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 150, 1001]] as [number, number][] })), target: null, fireFirst: true };
  assert.equal(code(tryAct(teamDuel('team-slow', 1), hurt)), 'beyond_allowance');
  // Coherency 2": a crew member 2.5" from the others is out.
  assert.equal(code(tryAct(teamDuel('team-coh'), { type: 'engage', moves: [{ fig: 'A1.3', path: [[1550, 500]] }], target: null, fireFirst: true })), 'incoherent');
  // FE: 1D6 (4) + close 0 + Regular 1 + HMG 2 = 7, no small-arms bonus; with one crew lost 6.
  let r = act(teamDuel('team-fire'), shootAt('B1'), faces(4, 1, 6, 1, 6));
  assert.equal(evOf(r.events, 'dice_rolled')[0].faces.length, 1, 'a weapon team rolls 1D6');
  assert.equal(evOf(r.events, 'shot')[0].fe, 7);
  r = act(teamDuel('team-fire-hurt', 1), shootAt('B1'), faces(4, 1, 6, 1, 6));
  assert.equal(evOf(r.events, 'shot')[0].mods.crewLost, -1);
  assert.equal(evOf(r.events, 'shot')[0].fe, 6);
});

function sniperDuel(name: string): S {
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: sniper(), at: [[1000, 500]] },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
}

test('#57 snipers: aimed shot at any figure it sees (Quality 1D6: 1 hit; failure: no more fire this turn); no shooting after moving; never assault (§7.27)', () => {
  const aim: Action = { type: 'engage', moves: [], target: 'B1', fireFirst: true, aimed: 'B1.3' };
  // Quality 3 passes; damage 6+3 against 1+1 kills the chosen figure, not the closest.
  const r = act(sniperDuel('sniper-aim'), aim, faces(3, 6, 1));
  assert.equal(evOf(r.events, 'aimed_shot')[0].hit, true);
  assert.deepEqual(unitOf(r.s, 'B1').figures.map((f) => f.alive), [true, true, false]);
  assert.equal(unitOf(r.s, 'B1').underFire, true);
  const miss = act(sniperDuel('sniper-miss'), aim, faces(2));
  assert.equal(evOf(miss.events, 'damage').length, 0);
  assert.equal(unitOf(miss.s, 'A1').noFireTurn, miss.s.turn);
  assert.equal(code(tryAct(sniperDuel('sniper-moved'), { ...aim, moves: [{ fig: 'A1.1', path: [[1000, 600]] }] })), 'moved_no_fire');
  assert.equal(code(tryAct(sniperDuel('sniper-assault'), { type: 'assault', target: 'B1', moves: [{ fig: 'A1.1', path: [[1000, 1395]] }] })), 'sniper_no_assault');
  const squadAim = craft({ name: 'squad-aim', active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 2), at: row(1000, 500, 2) }, { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
  assert.equal(code(tryAct(squadAim, aim)), 'not_a_sniper');
  // Target of opportunity: normal fire with 1D6.
  const opp = act(sniperDuel('sniper-opp'), shootAt('B1'), faces(1));
  assert.equal(evOf(opp.events, 'dice_rolled')[0].faces.length, 1);
});

test('#57 snipers: fire at a sniper that did not move in its last activation is −2 (concealed) (§7.27)', () => {
  const mk = (name: string, movedLast: boolean) => {
    const s = craft({ name, active: 'A1', units: [
      { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
      { id: 'B1', side: 1, spec: sniper(), at: [[1000, 1500]] },
    ] });
    unitOf(s, 'B1').movedLast = movedLast;
    return act(s, shootAt('B1'), faces(1, 1));
  };
  assert.equal(evOf(mk('concealed', false).events, 'shot')[0].mods.concealedSniper, -2);
  assert.equal(evOf(mk('seen', true).events, 'shot')[0].mods.concealedSniper, undefined);
  // The sniper's own activation records whether it moved.
  const s = sniperDuel('sniper-moves');
  const r = act(s, { type: 'engage', moves: [{ fig: 'A1.1', path: [[1000, 600]] }], target: null, fireFirst: true });
  assert.equal(unitOf(r.s, 'A1').movedLast, true);
});

function smoky(name: string): S {
  return craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3, { support: 'rifleGrenades' }), at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
  ] });
}
const screen = (a: [number, number], b: [number, number]) => ({ type: 'engage' as const, moves: [], target: null, fireFirst: true, smoke: [a, b] as [[number, number], [number, number]] });

test('#56 smoke: a squad with rifle grenades lays one screen per game, two points ≤ 10" from it and ≤ 12" apart; the line blocks LOS, fire and charges; it clears at the squad\'s next activation (§7.26)', () => {
  assert.equal(code(tryAct(smoky('smoke-far'), screen([1000, 1551], [1400, 1551]))), 'out_of_range');
  assert.equal(code(tryAct(smoky('smoke-wide'), screen([400, 1000], [1601, 1000]))), 'too_far_apart');
  assert.equal(code(tryAct(smoky('smoke-shoot'), { ...screen([500, 1000], [2300, 1000]), target: 'B1' })), 'two_targets');
  const plain = craft({ name: 'smoke-none', active: 'A1', units: [{ id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) }, { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) }] });
  assert.equal(code(tryAct(plain, screen([500, 1000], [1600, 1000]))), 'no_smoke');
  const r = act(smoky('smoke'), screen([500, 1000], [1700, 1000]));
  assert.equal(r.s.smoke.length, 1);
  assert.equal(unitOf(r.s, 'A1').smokeUsed, true);
  // B1's turn: no line of fire through the screen, and no charge through it.
  const b = act(r.s, { type: 'activate', unit: 'B1' }).s;
  assert.equal(code(tryAct(b, shootAt('A1'))), 'no_line_of_fire');
  assert.equal(code(tryAct(b, { type: 'assault', target: 'A1', moves: [{ fig: 'B1.1', path: [[1000, 605]] }] })), 'smoke');
  // A1's next activation clears it; it has no second screen.
  const next = structuredClone(b);
  next.phase = 'activate'; next.active = null; next.toAct = 0; unitOf(next, 'A1').activated = false;
  const again = act(next, { type: 'activate', unit: 'A1' });
  assert.equal(again.s.smoke.length, 0);
  assert.equal(evOf(again.events, 'smoke_cleared').length, 1);
  assert.equal(code(tryAct(again.s, screen([500, 1000], [1700, 1000]))), 'smoke_used');
});

function combined(name: string): S {
  const s = craft({ name, active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'T1', side: 0, spec: team(), at: row(1000, 300, 3, 150) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
    { id: 'B2', side: 1, spec: squad('regular', 3), at: row(2000, 1500, 3) },
  ] });
  attachTeam(s, unitOf(s, 'A1'), unitOf(s, 'T1'));
  return s;
}

test('#38 attached weapon team: one unit with combined strength; unmoved, both parts fire at one target with 2D6 + 1D6 (two highest summed) or at separate targets; moved, only the infantry part fires; no Rush (§7.9)', () => {
  const s = combined('team-attached');
  assert.equal(unitOf(s, 'A1').strength, 6, 'strengths combine for Resolve and morale');
  assert.ok(!fastAndDirty.candidates(s, 0, { ...decision(s), kind: 'activate', seat: 0 } as never, 10, null as never).actions.some((x) => (x as { unit?: string }).unit === 'T1'));
  // Combined: 2D6 (2, 5) + 1D6 (4): 5 + 4 = 9, + Regular 1 + HMG 2 + 3 rifles 1 = 13 -> 4 hits (the crew are not small arms).
  const r = act(s, engageAt('B1'), faces(2, 5, 4, 1, 6, 1, 6, 1, 6, 1, 6));
  const shot = evOf(r.events, 'shot')[0];
  assert.deepEqual(evOf(r.events, 'dice_rolled').slice(0, 2).map((d) => d.purpose), ['fire_effect', 'fire_effect_team']);
  assert.equal(shot.fe, 5 + 4 + 1 + 2 + 1);
  // Separate targets, unmoved: two shots.
  const sep = act(combined('team-separate'), { ...engageAt('B1'), teamTarget: 'B2' }, faces(1, 1, 1));
  assert.deepEqual(evOf(sep.events, 'shot').map((x) => [x.target, x.firers.length]), [['B1', 3], ['B2', 3]]);
  assert.equal(code(tryAct(combined('team-same'), { ...engageAt('B1'), teamTarget: 'B1' })), 'same_target');
  // Moved: only the infantry part fires; the team may not take its own target.
  const mv = [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 220, 600]] as [number, number][] }));
  const moved = act(combined('team-moved'), { ...holdE, moves: mv, target: 'B1', fireFirst: false }, faces(1, 1));
  assert.equal(evOf(moved.events, 'shot')[0].firers.length, 3);
  assert.ok(evOf(moved.events, 'shot')[0].firers.every((f: string) => f.startsWith('A1.')) && !evOf(moved.events, 'dice_rolled').some((d) => d.purpose === 'fire_effect_team'));
  assert.equal(code(tryAct(combined('team-moved-2'), { ...holdE, moves: mv, target: 'B1', teamTarget: 'B2', fireFirst: false })), 'moved_no_fire');
  assert.equal(code(tryAct(combined('team-rush'), { type: 'rush', moves: mv })), 'team_no_rush');
});

test('#68 Last Stand: once per player per game, declared at activation; the unit never moves (only closes up ≤ 1"), takes no Resolve or morale tests, ignores Under Fire and Pinned, and shoots at any enemy unit ignoring fire priority (§7.13)', () => {
  const s = craft({ name: 'last-stand', units: [
    { id: 'A1', side: 0, spec: squad('regular', 5), at: row(1000, 500, 5) },
    { id: 'A2', side: 0, spec: squad('regular', 3), at: row(3000, 500, 3) },
    ...[0, 1, 2, 3].map((i) => ({ id: `B${i + 1}`, side: 1 as const, spec: squad('regular', 2), at: row(1000 + 500 * i, 1500 + 200 * i, 2) })),
  ] });
  const a1 = unitOf(s, 'A1');
  a1.figures.slice(0, 3).forEach((f) => { f.alive = false; });
  a1.underFire = true;
  a1.pinned = true;
  const plain = act(structuredClone(s), { type: 'activate', unit: 'A1' }, faces(6, 6, 6));
  assert.equal(evOf(plain.events, 'dice_rolled')[0].purpose, 'morale', 'without it: broken, a morale test');
  assert.equal(code(tryAct(plain.s, engageAt('B4'))), 'pinned');
  const r = act(s, { type: 'activate', unit: 'A1', lastStand: true });
  assert.equal(evOf(r.events, 'last_stand').length, 1);
  assert.equal(evOf(r.events, 'dice_rolled').length, 0, 'no Resolve or morale test');
  assert.equal(code(tryAct(r.s, { type: 'rush', moves: [{ fig: 'A1.4', path: [[1660, 600]] }] })), 'last_stand');
  assert.equal(code(tryAct(r.s, { ...holdE, moves: [{ fig: 'A1.4', path: [[1660, 650]] }] })), 'beyond_allowance', 'at most a 1" close-up');
  assert.ok(!('code' in tryAct(r.s, { ...holdE, moves: [{ fig: 'A1.4', path: [[1700, 500]] }] })), 'closing up 0.4"');
  const shot = act(r.s, engageAt('B4'), faces(1, 1));
  const ev = evOf(shot.events, 'shot')[0];
  assert.equal(ev.target, 'B4', 'the fourth closest unit: fire priority ignored');
  assert.equal(ev.mods.underFire, undefined, 'Under Fire ignored');
  // The side's Last Stand is spent.
  const next = structuredClone(shot.s);
  next.phase = 'activate'; next.toAct = 0; next.active = null;
  assert.equal(code(tryAct(next, { type: 'activate', unit: 'A2', lastStand: true })), 'last_stand_used');
});

test('#57 an attached character busy calling fire in a Command order is not lost to the casualties the squad\'s shot causes (he stands aside from it, not dead)', () => {
  const ch: UnitSpec = { name: 'C', kind: 'character', leadership: 'novice', branch: 'cavalry', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light' }] };
  const s = craft({ name: 'busy-caller', active: 'A1', options: { artillery: { 0: ['lightMortar'] } }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 4), at: row(1000, 500, 4) }, { id: 'C1', side: 0, spec: ch, at: [[1000, 720]] },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 1500, 5) },
  ] });
  attach(s, new Run(null), unitOf(s, 'A1'), 'C1');
  const caller = unitOf(s, 'A1').figures.find((f) => f.character === 'C1')!.id;
  // Every die a 3: the squad's hit kills (3 + 2 against 3 + 1) while the caller is busy.
  const r = act(s, { type: 'command', demolition: null, target: 'B1', callFire: { caller, asset: 'A-1', at: [3000, 3000] } }, Array(80).fill(2));
  assert.ok(evOf(r.events, 'damage').some((x) => x.killed));
  assert.equal(evOf(r.events, 'character_killed').length, 0);
  assert.equal(unitOf(r.s, 'C1').out, false);
  assert.equal(unitOf(r.s, 'C1').attachedTo, 'A1');
});
