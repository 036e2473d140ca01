// Checklist item #66, sentry guns (§7.25, source p.41): fixed emplacements with one heavy weapon;
// "Instead of being activated like ordinary units, sentry guns fire at the end of every game turn.
// Each gun fires once, at a target within range, selecting their target based on the normal rules
// for Fire Priority." The automation table (max range, priority) is lost: [P] placeholders
// antiquated 12", modern 18", enhanced 24", advanced 30". Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scriptedRng } from '../../../src/engine/rng.js';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { act, craft, evOf, faces, fastAndDirty, hold, row, seats, squad, unitOf } from './helpers.js';
import type { S } from '../../../src/games/fast-and-dirty/state.js';
import { CONTENT, loadContent } from '../../../src/games/fast-and-dirty/content.js';
import { SENTRY_ARMOUR, SENTRY_LEVELS, SENTRY_RADIUS, sentryGuns } from '../../../src/games/fast-and-dirty/rules/sentry.js';
import weaponsJson from '../../../src/games/fast-and-dirty/data/weapons.json' with { type: 'json' };
import armourJson from '../../../src/games/fast-and-dirty/data/armour.json' with { type: 'json' };
import scenariosJson from '../../../src/games/fast-and-dirty/data/scenarios.json' with { type: 'json' };
import sentryJson from '../../../src/games/fast-and-dirty/data/sentry.json' with { type: 'json' };

/** A1 (side 0) at y = 5" awaiting its order, B1 already activated at y = `by`; the last order of turn 1. */
function scene(name: string, sentryGuns: Record<string, unknown>, by = 4000, more: { id: string; side: 0 | 1; y: number }[] = []): S {
  const s = craft({ name, active: 'A1', options: { sentryGuns }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3), at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, by, 3) },
    ...more.map((m) => ({ id: m.id, side: m.side, spec: squad('regular', 3), at: row(3000, m.y, 3) })),
  ] });
  s.options.sentryGuns = sentryGuns as S['options']['sentryGuns'];
  for (const u of s.units) if (u.id !== 'A1') u.activated = true;
  s.initiative = { winner: 0, rolls: [4, 2] };
  return s;
}
const endTurn = (s: S) => act(s, hold, Array(40).fill(2));

test('#66 sentry guns: not activated; at the end of the turn each fires once at an enemy within its max range (modern 18", enhanced 24" [P])', () => {
  // B's gun at (12", 25"): A1's nearest figure edge to edge about 19.2" away.
  const modern = endTurn(scene('sg-modern', { 1: [{ at: [1200, 2500], level: 'modern' }] }));
  assert.deepEqual(evOf(modern.events, 'sentry_gun').map((e) => e.target), [null], 'beyond 18": no target');
  assert.equal(evOf(modern.events, 'shot').length, 0);
  const enhanced = endTurn(scene('sg-enh', { 1: [{ at: [1200, 2500], level: 'enhanced' }] }));
  const g = evOf(enhanced.events, 'sentry_gun');
  assert.deepEqual(g.map((e) => [e.gun, e.target]), [['B-SG-1', 'A1']]);
  const shot = evOf(enhanced.events, 'shot');
  assert.equal(shot.length, 1);
  assert.equal(shot[0].unit, 'B-SG-1');
  assert.equal(shot[0].target, 'A1');
  assert.equal(unitOf(enhanced.s, 'A1').underFire, true);
  // One fire-effect die, as a one-figure team, and the Heavy MG's FE 2 (weapon data).
  assert.equal(evOf(enhanced.events, 'dice_rolled').filter((d) => d.purpose === 'fire_effect' && d.unit === 'B-SG-1')[0].faces.length, 1);
  assert.equal(shot[0].weaponFe, 2);
  // Events order: the guns fire before the turn ends; then the next turn's initiative.
  const types = enhanced.events.map((e) => e.type);
  assert.ok(types.indexOf('sentry_gun') < types.indexOf('turn_ended'));
  assert.equal(enhanced.s.turn, 2);
  // Not during the turn: an order that does not end the turn fires no gun.
  const mid = scene('sg-mid', { 1: [{ at: [1200, 2500], level: 'advanced' }] });
  unitOf(mid, 'B1').activated = false;
  assert.equal(evOf(act(mid, hold).events, 'sentry_gun').length, 0);
});

test('#66 sentry guns: the target by normal fire priority, the nearest enemy it may fire at; never its own side', () => {
  // A's gun at (30", 24"): B2 (x 30", y 30") is nearer than B1 (x 10", y 40"); A2 (y 20") is nearer still but friendly.
  const r = endTurn(scene('sg-prio', { 0: [{ at: [3000, 2400], level: 'advanced' }] }, 4000, [{ id: 'B2', side: 1, y: 3000 }, { id: 'A2', side: 0, y: 2000 }]));
  assert.deepEqual(evOf(r.events, 'sentry_gun').map((e) => e.target), ['B2']);
});

test('#66 sentry guns: the initiative winner\'s guns fire first, or the defender\'s in a scenario with an attacker [P]; the gun\'s own weapon', () => {
  const s = scene('sg-order', { 0: [{ at: [1000, 2600], level: 'advanced', weapon: 'lightAutoCannon' }], 1: [{ at: [1400, 2600], level: 'advanced' }] }, 4000);
  s.initiative = { winner: 1, rolls: [2, 5] };
  const r = endTurn(s);
  assert.deepEqual(evOf(r.events, 'sentry_gun').map((e) => e.gun), ['B-SG-1', 'A-SG-1']);
  assert.equal(evOf(r.events, 'shot').find((e) => e.unit === 'A-SG-1')!.weaponFe, 0, 'light auto cannon FE 0');
  const d = scene('sg-def', { 0: [{ at: [1000, 2600], level: 'advanced' }], 1: [{ at: [1400, 2600], level: 'advanced' }] }, 4000);
  d.initiative = { winner: 1, rolls: [2, 5] };
  d.victory = { kind: 'demolition', attacker: 1, target: 'nothing' };
  assert.deepEqual(evOf(endTurn(d).events, 'sentry_gun').map((e) => e.gun), ['A-SG-1', 'B-SG-1'], 'side 0 defends');
});

test('#66 sentry guns: set-up refuses a gun off the table or with an unknown weapon', () => {
  const setup = (sentryGuns: unknown) => fastAndDirty.setup({ scenario: 'firefight', seats, options: { sentryGuns } }, { seq: 0, rng: scriptedRng(faces(4, 2), 'sg') });
  assert.equal((setup({ 0: [{ at: [1000, 99999] }] }) as { code?: string }).code, 'off_table');
  assert.equal((setup({ 0: [{ at: [1000, 1000], weapon: 'phaser' }] }) as { code?: string }).code, 'unknown_weapon');
  assert.equal((setup({ 0: [{ at: [1000, 1000] }] }) as { code?: string }).code, undefined);
});

test('#66 #48 sentry guns and jamming: a random game with guns on both sides and jammed communications passes the kernel\'s conformance checks', () => {
  const r = checkPlayout(fastAndDirty, 'firefight', seats, 'fad-sentry', 3000, { sentryGuns: { 0: [{ at: [1200, 1600], level: 'enhanced' }], 1: [{ at: [3600, 3200], level: 'advanced' }] }, comms: { 0: 1 }, jamming: { 1: 2 }, commandResponse: true, pds: { 0: [{ at: [2400, 800] }] } });
  assert.deepEqual(r.problems, []);
  assert.ok(r.ended);
});

test('#66 sentry guns: the gun\'s size, armour and automation table are provisional data (data/sentry.json), validated at load; the rules read them from there', () => {
  assert.equal(sentryJson.provisional, true);
  assert.equal(CONTENT.sentry.radius, 75, '0.75" footprint [P]');
  assert.equal(SENTRY_RADIUS, sentryJson.radius);
  assert.equal(SENTRY_ARMOUR, sentryJson.armour);
  assert.deepEqual(SENTRY_LEVELS, sentryJson.levels);
  assert.equal(sentryGuns(scene('sg-data', { 1: [{ at: [1200, 2500], level: 'advanced' }] }), 1)[0].gun.quality, 'elite');
  const load = (edit: (j: Record<string, any>) => void) => {
    const bad = JSON.parse(JSON.stringify(sentryJson));
    edit(bad);
    return () => loadContent({ weapons: weaponsJson, armour: armourJson, scenarios: scenariosJson, sentry: bad });
  };
  assert.doesNotThrow(load(() => {}));
  assert.throws(load((j) => { j.levels.modern.range = 'far'; }), /sentry\.json/);
  assert.throws(load((j) => { j.levels.modern.quality = 'veteran'; }), /sentry\.json/);
  assert.throws(load((j) => { delete j.levels.advanced; }), /sentry\.json/);
  assert.throws(load((j) => { j.radius = -5; }), /sentry\.json/);
  assert.throws(load((j) => { j.armour = 0; }), /sentry\.json/);
});

test('#66 sentry guns: the sentryGuns option\'s description points to data/sentry.json and repeats none of its values (ranges, Qualities, armour), which could drift from the data', () => {
  const text = (fastAndDirty.optionsSchema as { properties: { sentryGuns: { description: string } } }).properties.sentryGuns.description;
  assert.match(text, /data\/sentry\.json/);
  for (const [level, l] of Object.entries(sentryJson.levels)) {
    assert.doesNotMatch(text, new RegExp(`\\b${l.range / 100}"`), `${level}'s range`);
    assert.doesNotMatch(text, new RegExp(`\\b${l.quality}\\b`, 'i'), `${level}'s Quality`);
  }
  assert.doesNotMatch(text, new RegExp(`armour ${sentryJson.armour}\\b`), 'the armour');
});

test('#66 sentry guns in the view: each gun of the option is listed among the units (a unit type, §2.1 [S p.4], §7.25 [P]), a destroyed one out of play; determinize takes them out again and the view is unchanged', () => {
  const s = scene('sg-view', { 0: [{ at: [3000, 800] }], 1: [{ at: [1200, 2500], level: 'enhanced', weapon: 'heavyMG' }] });
  s.sentriesDestroyed = ['A-SG-1'];
  for (const seat of [0, 1, null] as const) {
    const v = fastAndDirty.view(s, seat);
    const guns = v.units.filter((u) => u.id.includes('-SG-'));
    assert.deepEqual(guns.map((u) => [u.id, u.side, u.out, u.figures.length, u.figures[0].alive, u.figures[0].weapon, u.activated]),
      [['A-SG-1', 0, true, 1, false, 'heavyMG', true], ['B-SG-1', 1, false, 1, true, 'heavyMG', true]]);
    assert.deepEqual(guns[1].figures[0].at, [1200, 2500]);
  }
  assert.equal(s.units.some((u) => u.id.includes('-SG-')), false, 'the state keeps them in the option');
  const v = fastAndDirty.view(s, 0);
  const d = fastAndDirty.determinize!(structuredClone(v), 0, scriptedRng([], 'sg-view'));
  assert.equal(d.units.some((u) => u.id.includes('-SG-')), false);
  assert.deepEqual(fastAndDirty.view(d, 0), v);
  // The board shows each gun once, as its emplacement.
  const svg = fastAndDirty.render!(v, { seat: 0 } as never) as string;
  assert.equal(svg.split('data-sentry="B-SG-1"').length - 1, 1);
  assert.equal(svg.includes('data-unit="B-SG-1"'), false);
});
