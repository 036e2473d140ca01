// Checklist items #95 (Basic Forces generator) and #96 (Advanced Force Generation with Quantity
// Tests) of §2.10: with the option `generate`, each side's force is rolled at setup with the
// game's seeded dice, every roll public, checked by the §2.9 points rules and deployed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, fastAndDirty, row, seats, shootAt, squad } from './helpers.js';
import { scriptedRng, localRng } from '../../../src/engine/rng.js';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { isViolation } from '../../../src/engine/types.js';
import { QUALITY_TABLE, type S } from '../../../src/games/fast-and-dirty/state.js';
import { coherencyDistance, inImpassable } from '../../../src/games/fast-and-dirty/geometry.js';
import { coherencyProblem } from '../../../src/games/fast-and-dirty/legal.js';
import { rangeX } from '../../../src/games/fast-and-dirty/rules/environment.js';
import { weapon } from '../../../src/games/fast-and-dirty/content.js';
import { GENERATION } from '../../../src/games/fast-and-dirty/rules/generation.js';
import { leadership } from '../../../src/games/fast-and-dirty/rules/characters.js';

function gen(scenario: string, generate: unknown, dice: number[]) {
  const r = fastAndDirty.setup({ scenario, seats, options: { generate } }, { seq: 0, rng: scriptedRng(dice, `gen-${scenario}`) });
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
  return r;
}
const figs = (s: S, id: string) => s.units.find((u) => u.id === id)!.figures;
const count = (s: S, id: string, weapon: string) => figs(s, id).filter((f) => f.weapon === weapon).length;

test('#95 Basic Forces: squad strength once per player, basic weapon once for the force, platoon size, per-squad Quality, Resolve, Armour and support weapon; a command squad per platoon (§2.10)', () => {
  // Side 0: strength 5 (10 figures), basic weapon 6 (Assault Rifles), platoon size 1 (3 squads [P]);
  // squads: Quality/Resolve/Armour/support 1,6,6,1 / 5,2,2,3 / 2,1,1,6.
  const r = gen('firefight', { method: 'basic' }, faces(5, 6, 1, 1, 6, 6, 1, 5, 2, 2, 3, 2, 1, 1, 6));
  const s = r.state;
  const a = s.units.filter((u) => u.side === 0);
  assert.equal(a.length, 4, 'the command squad and 3 squads');
  assert.deepEqual([a[0].quality, a[0].resolve, a[0].figures.length, a[0].figures[0].armour], ['regular', 'steady', 4, 'light'], 'command squad: leader + 3 Regular, Steady, Light');
  assert.ok(a[0].figures.every((f) => f.weapon === 'assaultRifle' && !f.support));
  assert.deepEqual([a[1].quality, a[1].resolve, a[1].figures[0].armour], ['rabble', 'determined', 'improved']);
  assert.deepEqual([a[2].quality, a[2].resolve, a[2].figures[0].armour], ['regular', 'steady', 'light']);
  assert.deepEqual([a[3].quality, a[3].resolve, a[3].figures[0].armour], ['conscript', 'uncertain', 'none']);
  for (const u of a.slice(1)) assert.equal(u.figures.length, 10);
  assert.deepEqual([count(s, 'A2', 'flameThrower'), count(s, 'A3', 'saw'), count(s, 'A4', 'grenadeLauncher')], [1, 1, 1], 'one figure carries the support weapon instead');
  assert.equal(count(s, 'A2', 'assaultRifle'), 9);
  const ev = evOf(r.events, 'force_generated');
  assert.equal(ev.length, 2);
  assert.equal(ev[0].method, 'basic');
  assert.ok(evOf(r.events, 'dice_rolled').some((d) => d.purpose === 'generate_squad_strength'), 'every roll is a public event');
  // Deployed on the own half, off impassable terrain, not overlapping.
  for (const u of s.units.filter((x) => x.side !== null)) for (const f of u.figures) {
    assert.ok(u.side === 0 ? f.at[1] <= s.table.h / 2 : f.at[1] >= s.table.h / 2, f.id);
    assert.equal(inImpassable(s, f.at), null, f.id);
  }
});

test('#95 Basic Forces: a definite attacker gets one more platoon (§2.10)', () => {
  const r = fastAndDirty.setup({ scenario: 'hold-the-line', seats, options: { generate: { method: 'basic' } } }, { seq: 0, rng: localRng('gen-attacker') });
  if (isViolation(r)) throw new Error(r.code);
  const commands = (side: number) => r.state.units.filter((u) => u.side === side && u.name.endsWith('command')).length;
  assert.equal(commands(0), 2, 'the attacker (side 0) rolls two platoons');
  assert.equal(commands(1), 1);
});

test('#96 Advanced Force Generation: priority tables and Quantity Tests (5+ successes) set the force (§2.10)', () => {
  const priorities = { 0: { manpower: 3, firepower: 3, gear: 3, support: 0, training: 0, aggression: 0 } };
  const dice = faces(
    6, // squad strength, Top: 12
    6, 5, 3, 1, // platoon size Top 6: 5 squads; basic weapon Top 5: Gauss; armour Top 3: heavy; resolve Low 1: reluctant
    3, 2, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, // squads: Quality Low 3 conscript, SAW, jet packs 5 (Top: 5+); then rabble, flame thrower, no jet packs
    5, 5, 1, 1, 1, // Fire-power QT (Top, 5D6): 2 rifle grenade launchers, and Top's plasma rifle
    5, 1, 5, // Support QT (Low, 2D6): 1 heavy weapon; its type 5: Heavy MG
    6, 6, // second Support QT: 2 off-board light mortars
    5, 1, // Aggression QT: 1 Hardened
    1, 1, 1, 1, 1, 1, 1, 1, // Training QTs (Low, 2D6): no traits, personalities, leadership or squad-leader levels
  );
  const r = gen('firefight', { method: 'advanced', priorities }, dice);
  const s = r.state;
  const a = s.units.filter((u) => u.side === 0);
  assert.equal(a.length, 7, 'HQ, 5 squads, 1 heavy weapon team');
  assert.equal(a[0].figures.length, 6, 'Default HQ 4, Top Manpower +2');
  const squads = a.slice(1, 6);
  for (const u of squads) assert.equal(u.figures.length, 12);
  assert.ok(squads.every((u) => u.resolve === 'reluctant' && u.figures.every((f) => f.armour === 'heavy')));
  assert.deepEqual(squads.map((u) => u.quality), ['conscript', 'rabble', 'rabble', 'rabble', 'rabble']);
  assert.equal(squads[0].jumpPacks, true);
  assert.equal(squads[1].jumpPacks ?? false, false);
  assert.equal(count(s, 'A2', 'gaussRifle'), 12 - 1 - 1, 'the SAW and a rifle grenade launcher replace troopers');
  assert.equal(count(s, 'A2', 'rifleGrenades') + count(s, 'A3', 'rifleGrenades'), 2);
  assert.equal(count(s, 'A2', 'plasmaRifle') + count(s, 'A3', 'plasmaRifle') + count(s, 'A4', 'plasmaRifle'), 1);
  assert.equal(a[6].kind, 'weaponTeam');
  assert.equal(a[6].figures[0].weapon, 'heavyMG');
  assert.deepEqual(s.artillery.filter((x) => x.side === 0).map((x) => x.weapon), ['lightMortar', 'lightMortar']);
  assert.deepEqual(squads[0].traits, ['hardened']);
  assert.equal(squads[1].traits, undefined);
});

test('#96 Advanced Force Generation: the priorities spend exactly 9 points, 0-3 per category', () => {
  const bad = fastAndDirty.setup({ scenario: 'firefight', seats, options: { generate: { method: 'advanced', priorities: { 1: { manpower: 3, firepower: 3, gear: 3, support: 3, training: 0, aggression: 0 } } } } }, { seq: 0, rng: localRng('gen-bad') });
  assert.ok(isViolation(bad) && bad.code === 'bad_priorities');
});

test('#95 #96 a generated game passes the kernel conformance checks (replay, candidates, defaults, determinize)', () => {
  for (const method of ['basic', 'advanced']) {
    const r = checkPlayout(fastAndDirty, 'firefight', seats, `fad-gen-${method}`, 3000, { generate: { method, squadLeaders: true, unknownResolve: true, heavyWeapons: true, artillerySupport: true, psionics: true, heroicCharacters: true, notLikeUs: true, choices: { 0: { variation: 'moreSupport', enhancements: ['urbanAssault'], limitations: ['militia'] }, 1: { variation: 'energyWeapons', enhancements: ['firePower'], limitations: ['inexperienced'] } } }, turnLimit: 3 });
    assert.deepEqual(r.problems, []);
    assert.ok(r.ended);
  }
});

test('#112 generation options Heavy Weapons and Artillery Support: a weapon team per platoon, an off-board section per side and one more for the attacker (§2.10)', () => {
  for (let i = 0; i < 4; i++) {
    const r = fastAndDirty.setup({ scenario: 'hold-the-line', seats, options: { generate: { method: 'basic', heavyWeapons: true, artillerySupport: true } } }, { seq: 0, rng: localRng(`gen-opts-${i}`) });
    if (isViolation(r)) throw new Error(r.code);
    const s = r.state;
    for (const side of [0, 1] as const) {
      const platoons = s.units.filter((u) => u.side === side && u.name.endsWith('command')).length;
      const teams = s.units.filter((u) => u.side === side && u.kind === 'weaponTeam');
      assert.equal(teams.length, platoons, 'one heavy weapon per platoon');
      for (const t of teams) assert.ok(['lightAutoCannon', 'lightChainGun', 'heavyMG'].includes(t.figures[0].weapon), 'Light Auto Cannon, Light Chain Gun or Heavy MG');
      assert.equal(s.artillery.filter((a) => a.side === side).length, side === 0 ? 2 : 1, 'the attacker (side 0) gets one more');
      for (const a of s.artillery) assert.ok(['lightMortar', 'heavyMortar'].includes(a.weapon));
    }
  }
});

/** A1 (Regular, target 3): leader + 3, two lost, so broken (Steady breaks at half): a morale test at activation. */
function brokenSquad(name: string, rating?: 'inexperienced' | 'experienced' | 'veteran', leaderAlive = true) {
  const spec = { name: 'Led', quality: 'regular' as const, resolve: 'steady' as const, figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 3 }] };
  const s = craft({ name, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4000, 3) },
  ] });
  const u = s.units.find((x) => x.id === 'A1')!;
  u.figures[2].alive = false;
  u.figures[3].alive = false;
  if (!leaderAlive) { u.figures[0].alive = false; u.figures[2].alive = true; }
  if (rating) u.leaderRating = rating;
  return s;
}

test('#112 generation option Squad Leaders: a veteran leader +1, an inexperienced one −1 to each morale die while he lives (§2.10)', () => {
  const morale = (s: S, dice: number[]) => evOf(act(s, { type: 'activate', unit: 'A1' }, faces(...dice)).events, 'morale_result')[0] ?? evOf(act(s, { type: 'activate', unit: 'A1' }, faces(...dice)).events, 'routed')[0];
  assert.equal(morale(brokenSquad('sl-none'), [2, 2, 2]).successes, 0, '2s miss the Regular 3+');
  assert.equal(morale(brokenSquad('sl-vet', 'veteran'), [2, 2, 2]).successes, 3, 'veteran: 2 + 1 makes 3');
  assert.equal(morale(brokenSquad('sl-exp', 'experienced'), [2, 2, 2]).successes, 0);
  assert.equal(morale(brokenSquad('sl-inexp', 'inexperienced'), [3, 3, 4]).successes, 1, 'inexperienced: 3 − 1 misses');
  assert.equal(morale(brokenSquad('sl-dead', 'veteran', false), [2, 2, 2]).successes, 0, 'no bonus once the leader is dead');
  const r = fastAndDirty.setup({ scenario: 'firefight', seats, options: { generate: { method: 'basic', squadLeaders: true } } }, { seq: 0, rng: localRng('gen-sl') });
  if (isViolation(r)) throw new Error(r.code);
  assert.ok(r.state.units.filter((u) => u.side !== null).every((u) => ['inexperienced', 'experienced', 'veteran'].includes(u.leaderRating ?? '')), 'every generated squad leader is rated');
});

test('#112 generation option Unknown Resolve: a squad\'s Resolve is rolled the first time it takes casualties (§2.10)', () => {
  const s = craft({ name: 'unknown-resolve', active: 'A1', units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1200, 3) },
  ] });
  s.units.find((u) => u.id === 'B1')!.resolveUnknown = true;
  // FE 1 + 2 = 3: one hit; damage 1 + 2 against 1 + 1 kills; the Resolve die 6: Determined.
  const r = act(s, shootAt('B1'), faces(1, 1, 1, 1, 6));
  assert.deepEqual(evOf(r.events, 'resolve_revealed'), [{ unit: 'B1', resolve: 'determined' }]);
  const b = r.s.units.find((u) => u.id === 'B1')!;
  assert.equal(b.resolve, 'determined');
  assert.equal(b.resolveUnknown, undefined);
  const g = fastAndDirty.setup({ scenario: 'firefight', seats, options: { generate: { method: 'basic', unknownResolve: true } } }, { seq: 0, rng: localRng('gen-ur') });
  if (isViolation(g)) throw new Error(g.code);
  assert.ok(g.state.units.filter((u) => u.side !== null).every((u) => u.resolveUnknown));
});

test('#113 generation options Heroic Characters, Psionics and Not Like Us (§2.10)', () => {
  // Side 0, Basic Forces: strength 1 (6), basic weapon 5 (Assault Rifles), platoon size 1 (3 squads), the squads 3,2,2,2 each;
  // Psionics: 5 (a psionic), Aptitude 5 (Expert); Heroic Characters 3D6: 5, 6, 1 (two), natures 3 (Hero), 6 (Legend);
  // Not Like Us: Table A 5 (Shock Troops + Tough), Table B 2 (Berserk).
  const dice = faces(1, 5, 1, 3, 2, 2, 2, 3, 2, 2, 2, 3, 2, 2, 2, 5, 5, 5, 6, 1, 3, 6, 5, 2);
  const r = gen('firefight', { method: 'basic', psionics: true, heroicCharacters: true, notLikeUs: true }, dice);
  const a = r.state.units.filter((u) => u.side === 0);
  const psi = a.flatMap((u) => u.figures.filter((f) => f.psi));
  assert.equal(psi.length, 1);
  assert.deepEqual(psi[0].psi, { aptitude: 'expert', strength: 3 });
  const chars = a.filter((u) => u.kind === 'character');
  assert.deepEqual(chars.map((c) => c.name), ['Hero 1', 'Legend 2']);
  assert.ok(chars.every((c) => c.character?.leadership === 'experienced' && c.traits?.includes('agile') && c.figures[0].weapon === 'assaultRifle'));
  assert.deepEqual(evOf(r.events, 'not_like_us')[0], { side: 0, traits: ['shockTroops', 'tough', 'berserk'], notBuilt: [] });
  assert.ok(a.every((u) => u.traits?.includes('shockTroops') && u.traits?.includes('tough')), 'every figure of the force');
});

test('#95 Basic Forces: the side\'s Variation, one Enhancement and one Limitation per platoon (§2.10 steps 7-9)', () => {
  // Side 0: strength 1 (6 figures), Assault Rifles, 3 squads (Resolve Determined, Steady, Uncertain).
  const dice = faces(1, 6, 1, 1, 6, 6, 1, 5, 2, 2, 3, 2, 1, 1, 6);
  const r = gen('firefight', { method: 'basic', choices: { 0: { variation: 'humanWave', enhancements: ['manpower'], limitations: ['warWeary'] } } }, dice);
  const a = r.state.units.filter((u) => u.side === 0);
  for (const u of a.slice(1)) {
    assert.equal(u.figures.length, 6 - 1 + 3 + 2, 'Human Wave: the support weapon for soldiers; Manpower +2');
    assert.ok(u.figures.every((f) => !f.support));
  }
  assert.deepEqual(a.slice(1).map((u) => u.resolve), ['steady', 'uncertain', 'uncertain'], 'War Weary: two squads one Resolve level lower');
  assert.deepEqual(evOf(r.events, 'force_choices')[0], { side: 0, variation: 'humanWave', enhancements: ['manpower'], limitations: ['warWeary'] });
  const recon = gen('firefight', { method: 'basic', choices: { 0: { variation: 'loneLeader', enhancements: ['recon'], limitations: ['noGrenades'] } } }, dice);
  const b = recon.state.units.filter((u) => u.side === 0);
  assert.equal(b[0].figures.length, 1, 'Lone Leader: the command squad is a single leader');
  assert.equal(b[1].figures.length, 7, '+1 soldier to the other squads');
  const rs = b.find((u) => u.name.endsWith('recon'))!;
  assert.equal(rs.figures.length, 5);
  assert.ok(rs.traits?.includes('recon'));
  assert.ok(b.slice(1, 4).every((u) => u.traits?.includes('noGrenades')));
  const bad = fastAndDirty.setup({ scenario: 'firefight', seats, options: { generate: { method: 'basic', choices: { 1: { enhancements: ['manpower'], limitations: ['underStrength'] } } } } }, { seq: 0, rng: localRng('gen-cancel') });
  assert.ok(isViolation(bad) && bad.code === 'limitation_cancels_enhancement');
});

test('#95 Basic Forces: Longer Range (+X1) and Shorter Range (−X1) change the platoon\'s basic weapons\' range multiplier (§2.10)', () => {
  const r = fastAndDirty.setup({ scenario: 'firefight', seats, options: { generate: { method: 'basic', choices: { 0: { enhancements: ['longerRange'] }, 1: { limitations: ['shorterRange'] } } } } }, { seq: 0, rng: localRng('gen-range') });
  if (isViolation(r)) throw new Error(r.code);
  const s = r.state;
  for (const u of s.units.filter((x) => x.side !== null && x.name.includes('squad'))) {
    const f = u.figures.find((x) => !x.support)!;
    const w = weapon(f.weapon);
    assert.equal(rangeX(s, u, w), Math.max(1, w.x + (u.side === 0 ? 1 : -1)), `${u.id} ${w.id}`);
    const sw = u.figures.find((x) => x.support);
    if (sw) assert.equal(rangeX(s, u, weapon(sw.weapon)), weapon(sw.weapon).x, 'support weapons keep theirs');
  }
  const cmd = s.units.find((x) => x.side === 0 && x.name.endsWith('command'))!;
  assert.equal(cmd.rangeShift, undefined, 'the platoon\'s squads, not its command squad [P]');
});

test('#95 Basic Forces: Improved Intel gives +1 to the side\'s initiative rolls until it rolls a natural 1 (§2.10, §5.1)', () => {
  // Each side: strength 1 (6), Assault Rifles, 3 squads, each squad 2,2,2,2; then the initiative dice.
  const side = [1, 5, 1, ...Array(12).fill(2)];
  const intel = { method: 'basic', choices: { 0: { enhancements: ['improvedIntel'] } } };
  // 3 against 3: with the +1 side 0 wins at once (no re-roll).
  const r = gen('firefight', intel, faces(...side, ...side, 3, 3));
  assert.deepEqual(r.state.initiative, { winner: 0, rolls: [3, 3] });
  assert.deepEqual(r.state.improvedIntel, [0]);
  // 3 against 4: 4 against 4 is a tie, rolled again: 2 against 2 gives it to side 0.
  const t = gen('firefight', intel, faces(...side, ...side, 3, 4, 2, 2));
  assert.deepEqual(t.state.initiative, { winner: 0, rolls: [2, 2] });
  // A natural 1 ends the bonus: 1 against 1 is a plain tie, and the next 3 against 3 is a tie again.
  const n = gen('firefight', intel, faces(...side, ...side, 1, 1, 3, 3, 5, 2));
  assert.deepEqual(n.state.initiative, { winner: 0, rolls: [5, 2] });
  assert.deepEqual(n.state.improvedIntel, []);
  assert.equal(evOf(n.events, 'improved_intel_lost').length, 1);
  // Without the enhancement 3 against 3 is a tie.
  const plain = gen('firefight', { method: 'basic' }, faces(...side, ...side, 3, 3, 2, 5));
  assert.deepEqual(plain.state.initiative, { winner: 1, rolls: [2, 5] });
});

test('#95 Basic Forces: the Inflexible limitation sets the platoon\'s squads\' coherency to 2" whatever their Quality (§2.10, §5.4)', () => {
  // Side 0: 3 Regular squads (Quality 5); the command squad keeps its Regular 4".
  const side = [1, 5, 1, ...Array(3).fill([5, 2, 2, 2]).flat()];
  const r = gen('firefight', { method: 'basic', choices: { 0: { limitations: ['inflexible'] } } }, faces(...side, ...side, 3, 4));
  const a = r.state.units.filter((u) => u.side === 0);
  const b = r.state.units.filter((u) => u.side === 1);
  assert.deepEqual(a.map((u) => coherencyDistance(u)), [QUALITY_TABLE.regular.coherency, 200, 200, 200]);
  assert.ok(b.every((u) => coherencyDistance(u) === QUALITY_TABLE[u.quality].coherency), 'the other side is not affected');
  // The last figure stepped to 3" (edge to edge) left of the first: a 4" Regular squad stays coherent, an Inflexible one does not.
  const stepped = (u: (typeof a)[number]) => {
    const first = u.figures[0], last = u.figures[u.figures.length - 1];
    return new Map([[last.id, [first.at[0] - first.r - last.r - 300, first.at[1]] as [number, number]]]);
  };
  assert.equal(coherencyProblem(a[0], stepped(a[0])), null, 'the command squad keeps 4"');
  const p = coherencyProblem(a[1], stepped(a[1]));
  assert.ok(p && p.code === 'incoherent' && p.message.includes('2"'), JSON.stringify(p));
});

test('#96 Advanced Force Generation: the Support roll\'s six heavy weapons are all weapons a team can carry (Light Beam, Light Cannon, Light Chain Gun, Light Rail Gun provisional), none becomes a Heavy MG (§2.10)', () => {
  for (const id of GENERATION.advanced.heavyWeapon) assert.equal(weapon(id).class, 'heavy', id);
  assert.deepEqual(GENERATION.advanced.heavyWeapon.map((id) => weapon(id).name), ['Light Auto Cannon', 'Light Beam', 'Light Cannon', 'Light Chain Gun', 'Heavy Machine Gun', 'Light Rail Gun']);
  const r = gen('firefight', { method: 'advanced', priorities: { 0: ADV_P } }, faces(...advDice(2)));
  const team = r.state.units.find((u) => u.side === 0 && u.kind === 'weaponTeam')!;
  assert.deepEqual(team.figures.map((f) => f.weapon), ['lightBeam', 'lightBeam']);
  assert.equal(evOf(r.events, 'generation_substitute').length, 0);
});

// Priorities Manpower 0, Fire-power 0, Gear 0, Support 3, Training 3, Aggression 3; `heavy` is the Support type roll.
const ADV_P = { manpower: 0, firepower: 0, gear: 0, support: 3, training: 3, aggression: 3 };
const advDice = (heavy: number) => [
  1, // squad strength Low 1: 4
  1, 2, 4, 2, // platoon size Low 1: 2 squads; Low Tech Rifles; Light armour; Resolve Top 2: Determined
  2, 2, 2, 2, // the squads: Quality Top 2 Regular, SAW (no jet-pack roll at Low Gear)
  1, 1, // Fire-power QT (Low, 2D6): none
  5, 1, 1, 1, 1, heavy, // Support QT (Top, 5D6): 1 heavy weapon, its type
  1, 1, 1, 1, 1, // mortars QT: none
  1, 1, 1, 1, 1, // Aggression QT: no Hardened
  5, 6, 1, 1, 1, // Training traits QT: 2
  5, 1, 1, 1, 1, // personalities QT: 1
  5, 5, 1, 1, 1, // Leaders QT: 2 leadership levels
  5, 5, 5, 1, 1, // squad leaders QT: 3 experience levels
];

test('#96 Advanced Force Generation: the Training bonus QTs (traits, personalities), the Leaders QTs and the customisations (§2.10)', () => {
  const advanced = { 0: { traits: ['tough', 'swift'], personalities: ['medic'], customisations: ['independentLeader', 'localMilitia'] } };
  const r = gen('firefight', { method: 'advanced', priorities: { 0: ADV_P }, advanced }, faces(...advDice(5)));
  const s = r.state;
  const [hq, s1, s2] = s.units.filter((u) => u.side === 0);
  // Training bonus: one trait per success, the squads in turn; one personality per success.
  assert.ok(s1.traits?.includes('tough') && !s1.traits?.includes('swift'));
  assert.ok(s2.traits?.includes('swift') && !s2.traits?.includes('tough'));
  assert.deepEqual(s1.figures.filter((f) => f.personalities?.length).map((f) => f.personalities), [['medic']]);
  assert.equal(s2.figures.filter((f) => f.personalities?.length).length, 0);
  assert.deepEqual(evOf(r.events, 'training_bonus')[0].given, [{ unit: 'Platoon 1 squad 1', trait: 'tough' }, { unit: 'Platoon 1 squad 2', trait: 'swift' }, { unit: 'Platoon 1 squad 1', personality: 'medic' }]);
  // Independent Leader: the HQ a single leader, +1 trooper per squad; Local Militia: −1 Quality, Agile, +1 Resolve (Determined stays).
  assert.equal(hq.figures.length, 1);
  assert.ok(hq.figures[0].leader);
  assert.deepEqual([s1.figures.length, s2.figures.length], [5, 5]);
  assert.ok([s1, s2].every((u) => u.quality === 'conscript' && u.resolve === 'determined' && u.traits?.includes('agile')));
  // Leaders: the HQ leader Novice + 2 = Inspiring (2 morale re-rolls while he lives); squad leaders Inexperienced + 3 in turn.
  assert.equal(hq.hqLeadership, 'inspiring');
  assert.equal(leadership(s, hq), 2);
  hq.figures[0].alive = false;
  assert.equal(leadership(s, hq), 0, 'not once the leader is dead');
  assert.deepEqual([s1.leaderRating, s2.leaderRating], ['veteran', 'experienced']);
  // A customisation needs a Force Priority point in its category; traits must be built.
  const none = fastAndDirty.setup({ scenario: 'firefight', seats, options: { generate: { method: 'advanced', priorities: { 0: ADV_P }, advanced: { 0: { customisations: ['moreSupport'] } } } } }, { seq: 0, rng: localRng('gen-custom') });
  assert.ok(isViolation(none) && none.code === 'customisation_needs_priority', JSON.stringify(none));
  const unbuilt = fastAndDirty.setup({ scenario: 'firefight', seats, options: { generate: { method: 'advanced', advanced: { 1: { traits: ['nonsense'] } } } } }, { seq: 0, rng: localRng('gen-custom') });
  assert.ok(isViolation(unbuilt) && unbuilt.code === 'unknown_trait');
});

test('#96 Advanced Force Generation customisations Assault Troops, Human Wave, Improved Armour and More Support (§2.10)', () => {
  const P = { manpower: 1, firepower: 1, gear: 1, support: 1, training: 3, aggression: 2 };
  const run = (customisations: string[]) => {
    const r = fastAndDirty.setup({ scenario: 'firefight', seats, options: { generate: { method: 'advanced', priorities: { 0: P }, advanced: { 0: { customisations } } } } }, { seq: 0, rng: localRng('gen-custom-2') });
    if (isViolation(r)) throw new Error(r.code);
    return r.state.units.filter((u) => u.side === 0 && u.name.includes('squad'));
  };
  const base = run([]);
  const size = (u: (typeof base)[number]) => u.figures.length;
  const at = run(['assaultTroops']);
  assert.ok(at.every((u) => u.traits?.includes('assaultTroops') && u.figures.every((f) => f.support || f.weapon === 'smg')));
  const hw = run(['humanWave']);
  hw.forEach((u, i) => { const had = base[i].figures.filter((f) => f.support).length; assert.equal(u.figures.filter((f) => f.support).length, had - 1); assert.equal(size(u), Math.min(12, size(base[i]) - 1 + 3)); });
  const ia = run(['improvedArmour']);
  const up: Record<string, string> = { none: 'light', light: 'improved', improved: 'heavy' };
  ia.forEach((u, i) => {
    const was = base[i].figures[0].armour;
    assert.equal(size(u), size(base[i]) - (up[was] ? 2 : 0), 'two troopers for the upgrade; none at heavy, the top');
    assert.ok(u.figures.every((f) => f.armour === (up[was] ?? was)));
  });
  const ms = run(['moreSupport']);
  ms.forEach((u, i) => { assert.equal(size(u), size(base[i]) - 1); assert.equal(u.figures.filter((f) => f.weapon === 'saw').length, base[i].figures.filter((f) => f.weapon === 'saw').length + 1); });
});
