// Checklist item #66, the rest: sentry guns as targets and RPGs fired at infantry (§7.25, source
// p.41). The book: sentry guns are fixed emplacements with one heavy weapon; the spec's [P]: "a
// single-figure vehicle-like unit with armour 6 that can be attacked". PDS "are only effective
// against blast weapon shells or RPGs. When a location protected by a PDS is targeted, roll 1d6 …
// the incoming shell or RPG has been destroyed." The book gives no RPG profile of its own: the data's
// RPG is the AMAW (flag `rpg`), a squad support weapon whose FE joins the squad's volley at infantry.
// Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, row, squad, tryAct, unitOf } from './helpers.js';
import { CONTENT } from '../../../src/games/fast-and-dirty/content.js';
import { orderCandidates } from '../../../src/games/fast-and-dirty/candidates.js';
import { sentryById, sentryGuns } from '../../../src/games/fast-and-dirty/rules/sentry.js';
import type { Action, Feature, S } from '../../../src/games/fast-and-dirty/state.js';

const code = (r: unknown) => (r as { code?: string }).code;
const atGun = (sentry: string, extra: Partial<Extract<Action, { type: 'engage' }>> = {}): Action => ({ type: 'engage', moves: [], target: null, fireFirst: true, sentry, ...extra });

/**
 * A1 (3 Regulars and an AMAW, AT 4) at y = 5" awaiting the last order of turn 1; B1 far north,
 * already activated; B's gun B-SG-1 at (16.6", 9"), 2.75" from the AMAW A1.4's base (base range); A's own
 * gun A-SG-1 at (30", 9").
 */
function scene(name: string, o: { support?: string; terrain?: Feature[]; gun?: [number, number]; level?: string } = {}): S {
  const s = craft({ name, active: 'A1', terrain: o.terrain, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3, o.support === '' ? {} : { support: o.support ?? 'amaw' }), at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 4500, 3) },
  ] });
  s.options.sentryGuns = { 1: [{ at: o.gun ?? [1660, 900], level: (o.level ?? 'modern') as 'modern' }], 0: [{ at: [3000, 900] }] };
  unitOf(s, 'B1').activated = true;
  s.initiative = { winner: 0, rolls: [4, 2] };
  return s;
}

test('#66 sentry guns as targets: an Engage order fires the squad\'s AT-capable weapons at an enemy gun like at a vehicle, 1D6 + AT against armour 6; a penetration destroys it and it fires no more (§7.25 [P], §6.6)', () => {
  // 2D6 keep 6, base range +2, Regular +1, the AMAW's FE 0: FE 9, no cover, 3 per hit: 3 hits.
  // Hit 1: 1 + AT 4 = 5 < 6; hit 2: 2 + 4 = 6, destroyed (hit 3 is not rolled).
  const r = act(scene('st-kill'), atGun('B-SG-1'), faces(6, 3, 1, 2, ...Array(30).fill(3)));
  const shot = evOf(r.events, 'sentry_shot')[0];
  assert.deepEqual([shot.unit, shot.sentry, shot.firers, shot.band, shot.cover, shot.fe, shot.hits], ['A1', 'B-SG-1', ['A1.4'], 'base', 'none', 9, 3]);
  assert.deepEqual(evOf(r.events, 'penetration').map((p) => [p.sentry, p.weapon, p.total, p.armour, p.penetrated]), [['B-SG-1', 'amaw', 5, 6, false], ['B-SG-1', 'amaw', 6, 6, true]]);
  assert.deepEqual(evOf(r.events, 'sentry_destroyed'), [{ sentry: 'B-SG-1', side: 1, by: 'A1' }]);
  assert.deepEqual(r.s.sentriesDestroyed, ['B-SG-1']);
  assert.deepEqual(sentryGuns(r.s, 1), []);
  // The order ended the turn: the destroyed gun fires no more; A's own gun still does (at nothing in range).
  assert.deepEqual(evOf(r.events, 'sentry_gun').map((e) => e.gun), ['A-SG-1']);
  assert.equal(r.s.turn, 2);
  // It never tests morale and is never Under Fire: no such event names it.
  assert.equal(r.events.some((e) => e.type === 'under_fire' && (e.data as { unit?: string }).unit === 'B-SG-1'), false);
  // Destroyed, it is no target.
  const again = structuredClone(r.s);
  again.phase = 'order'; again.active = 'A1'; again.step++;
  assert.equal(code(tryAct(again, atGun('B-SG-1'))), 'not_a_sentry_gun');
});

test('#66 sentry guns as targets: hits by the gun\'s cover; the firer\'s own modifiers; fire before or after a move', () => {
  // Soft cover round the gun: 4 per hit. FE 6 + 2 + 1 = 9: 2 hits; both fail (1 + 4).
  const woods: Feature = { id: 'scrub', kind: 'area', points: [[1400, 700], [1900, 700], [1900, 1100], [1400, 1100]], move: 'open', cover: 'soft', los: 'clear', height: 0 };
  const soft = act(scene('st-soft', { terrain: [woods] }), atGun('B-SG-1'), faces(6, 1, 1, 1, 1, 1, ...Array(30).fill(3)));
  assert.deepEqual([evOf(soft.events, 'sentry_shot')[0].cover, evOf(soft.events, 'sentry_shot')[0].hits], ['soft', 2]);
  assert.equal(evOf(soft.events, 'sentry_destroyed').length, 0);
  // Under Fire −3 (§6.4): FE 6 + 2 + 1 − 3 = 6: 2 hits.
  const uf = scene('st-uf');
  unitOf(uf, 'A1').underFire = true;
  assert.equal(evOf(act(uf, atGun('B-SG-1'), faces(6, 1, 1, 1, ...Array(30).fill(3))).events, 'sentry_shot')[0].fe, 6);
  // After a move: the gun is measured from where the firers end.
  const moves = [0, 1, 2, 3].map((i) => ({ fig: `A1.${i + 1}`, path: [[1000 + i * 220, 300] as [number, number]] }));
  const after = act(scene('st-after'), atGun('B-SG-1', { moves, fireFirst: false }), faces(6, 1, 1, 1, 1, ...Array(30).fill(3)));
  assert.equal(evOf(after.events, 'sentry_shot')[0].band, 'close');
});

test('#66 sentry guns as targets: refused at one\'s own gun, an unknown or destroyed one, with no AT-capable weapon that sees and reaches it, or beside another target', () => {
  const s = scene('st-refuse');
  assert.equal(code(tryAct(s, atGun('A-SG-1'))), 'not_enemy');
  assert.equal(code(tryAct(s, atGun('B-SG-9'))), 'not_a_sentry_gun');
  assert.equal(code(tryAct(scene('st-noat', { support: '' }), atGun('B-SG-1'))), 'no_at_weapon');
  assert.equal(code(tryAct(s, atGun('B-SG-1', { target: 'B1' }))), 'two_targets');
  const wall: Feature = { id: 'wall', kind: 'area', points: [[900, 650], [1900, 650], [1900, 750], [900, 750]], move: 'impassable', cover: 'hard', los: 'block', height: 800 };
  assert.equal(code(tryAct(scene('st-wall', { terrain: [wall] }), atGun('B-SG-1'))), 'no_at_weapon');
  const pinned = scene('st-pinned');
  unitOf(pinned, 'A1').pinned = true;
  assert.equal(code(tryAct(pinned, atGun('B-SG-1'))), 'pinned');
});

test('#66 sentry guns as targets: no fire priority [P] (an emplacement in plain sight, like an Obvious Target); the sampled orders fire at it', () => {
  // A Rabble squad (priority 1) with B1 much nearer than the gun still fires at the gun.
  const s = scene('st-prio', { gun: [1220, 2500] });
  unitOf(s, 'A1').quality = 'rabble';
  unitOf(s, 'B1').figures.forEach((f, i) => { f.at = [2600 + 220 * i, 900]; });
  assert.equal(code(tryAct(s, atGun('B-SG-1'))), undefined);
  assert.ok(orderCandidates(s, unitOf(s, 'A1')).some((a) => a.type === 'engage' && a.sentry === 'B-SG-1'));
  assert.ok(!orderCandidates(s, unitOf(s, 'A1')).some((a) => a.type === 'engage' && a.sentry === 'A-SG-1'), 'never its own side\'s gun');
});

test('#66 RPGs fired at infantry: the AMAW\'s round at a location an enemy PDS protects (the target\'s figures\' centre within 6") is destroyed on 1D6 ≥ the PDS success number and adds nothing to the volley [P]', () => {
  // The stock AMAW has FE 0, so its round changes no total; give it FE 2 for this test to see it go.
  const amaw = CONTENT.weapons.amaw as { fe: number };
  const fe0 = amaw.fe;
  amaw.fe = 2;
  try {
    const shootB1 = (name: string, pds: S['options']['pds']) => {
      const s = craft({ name, active: 'A1', options: { pds }, units: [
        { id: 'A1', side: 0, spec: squad('regular', 3, { support: 'amaw' }), at: row(1000, 500, 4) },
        { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 1500, 3) },
      ] });
      s.options.pds = pds;
      return s;
    };
    const fire: Action = { type: 'engage', moves: [], target: 'B1', fireFirst: true };
    // B's PDS (modern, 5+) at B1's centre: a 5 destroys the round; weaponFe 1 (3 small arms) and no AMAW.
    const shot = act(shootB1('rpg-inf', { 1: [{ at: [1220, 1500] }] }), fire, faces(1, 1, 5, ...Array(20).fill(3)));
    assert.deepEqual(evOf(shot.events, 'pds_fire').map((p) => [p.pds, p.roll, p.destroyed, p.weapon, p.firer, p.unit]), [['B-PDS-1', 5, true, 'amaw', 'A1.4', 'B1']]);
    assert.equal(evOf(shot.events, 'shot')[0].weaponFe, 1);
    // A 4 misses: the AMAW's FE 2 joins the volley.
    const miss = act(shootB1('rpg-inf-miss', { 1: [{ at: [1220, 1500] }] }), fire, faces(1, 1, 4, ...Array(20).fill(3)));
    assert.equal(evOf(miss.events, 'shot')[0].weaponFe, 3);
    // Not protected (the PDS 6.01" from the target's centre), or the firer's own PDS: no roll.
    const far = act(shootB1('rpg-inf-far', { 1: [{ at: [1220, 2101] }] }), fire, faces(1, 1, ...Array(20).fill(3)));
    assert.equal(evOf(far.events, 'pds_fire').length, 0);
    assert.equal(evOf(far.events, 'shot')[0].weaponFe, 3);
    const own = act(shootB1('rpg-inf-own', { 0: [{ at: [1220, 1500] }] }), fire, faces(1, 1, ...Array(20).fill(3)));
    assert.equal(evOf(own.events, 'pds_fire').length, 0);
  } finally {
    amaw.fe = fe0;
  }
});

test('#66 sentry guns and blast weapons: a blast whose kill zone covers a gun strikes the infantry in it, never the gun (§6.7: "a blast cannot affect any vehicle target"; the gun is vehicle-like [P])', () => {
  // Regular A1 with Rifle Grenades (blast 2"); B1 round (15.5", 13"); B's gun at (15.5", 14.2"), 1.2" from the impact point.
  const s = craft({ name: 'sg-blast', active: 'A1', options: { sentryGuns: { 1: [{ at: [1550, 1420] }] } }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3, { support: 'rifleGrenades' }), at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: [[1400, 1300], [1400, 1450], [1700, 1300]] },
  ] });
  s.options.sentryGuns = { 1: [{ at: [1550, 1420] }] };
  const r = act(s, { type: 'engage', moves: [], target: null, fireFirst: true, blast: { fig: 'A1.4', at: [1550, 1300] } }, faces(3, 4, 4, 6, 1, 6, 1, 6, 1, 6, 1));
  assert.equal(evOf(r.events, 'blast')[0].onTarget, true);
  assert.deepEqual(evOf(r.events, 'strike_effect').map((e) => e.unit), ['B1'], 'one strike effect, against the squad');
  assert.ok(sentryById(r.s, 'B-SG-1'), 'the gun still stands');
  assert.equal(evOf(r.events, 'penetration').length + evOf(r.events, 'sentry_destroyed').length, 0);
});
