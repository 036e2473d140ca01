// Checklist item #72, personalities (§2.7, source p.35), the six with effects outside the wound,
// task, hacking and re-roll rules: Brawler (+1 kill roll in close assault), Knife Fighter (+1 to
// the squad's close-assault roll), Sharpshooter (the squad gets +1 damage), Trigger Happy (the
// squad gets +1 FE), Comms (+1 to Command Response and to indirect fire calls) and Forward
// Observer (counts one Quality level higher when calling artillery). Dice scripted by value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, shaken, craft, decision, evOf, faces, row, squad, tryAct, unitOf } from './helpers.js';
import type { Action, S } from '../../../src/games/fast-and-dirty/state.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';

/** A squad of 3 Regulars whose third member has these personalities. */
const withP = (...personalities: string[]): UnitSpec => ({ name: `P ${personalities.join(' ')}`, quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 2 }, { weapon: 'assaultRifle', armour: 'light', personalities }] });
function duel(name: string, spec: UnitSpec, bAt = 1500, options: Record<string, unknown> = {}): S {
  return craft({ name, active: 'A1', options, units: [
    { id: 'A1', side: 0, spec, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, bAt, 3) },
  ] });
}
const shoot: Action = { type: 'engage', moves: [], target: 'B1', fireFirst: true };

test('#72 Trigger Happy: the squad gets +1 FE while its member lives', () => {
  assert.equal(evOf(act(duel('p-th', withP('triggerHappy')), shoot, Array(20).fill(2)).events, 'shot')[0].mods.triggerHappy, 1);
  const dead = duel('p-th-dead', withP('triggerHappy'));
  unitOf(dead, 'A1').figures[2].alive = false;
  assert.equal(evOf(act(dead, shoot, Array(20).fill(2)).events, 'shot')[0].mods.triggerHappy, undefined);
  assert.equal(evOf(act(duel('p-none', withP()), shoot, Array(20).fill(2)).events, 'shot')[0].mods.triggerHappy, undefined);
});

test('#72 Sharpshooter: the squad gets +1 damage (assault rifles 2 → 3)', () => {
  // FE 6 + ... gives hits; every damage roll is die 3 + damage.
  const r = act(duel('p-ss', withP('sharpshooter')), shoot, [...faces(6, 6), ...Array(30).fill(2)]);
  const dmg = evOf(r.events, 'damage');
  assert.ok(dmg.length > 0);
  for (const d of dmg) assert.equal(d.attack, 3 + 3);
  const plain = act(duel('p-ss-no', withP()), shoot, [...faces(6, 6), ...Array(30).fill(2)]);
  for (const d of evOf(plain.events, 'damage')) assert.equal(d.attack, 3 + 2);
});

/** A1 charges B1 standing 5" away (edge to edge 4"). */
function charge(spec: UnitSpec): ReturnType<typeof act> {
  const s = duel(`p-charge-${spec.name}`, spec, 1000);
  const moves = unitOf(s, 'A1').figures.map((f) => ({ fig: f.id, path: [[f.at[0], 899] as [number, number]] }));
  // All ones: the defender's free shot scores no hit, so the three charge home.
  return act(s, { type: 'assault', target: 'B1', moves }, Array(60).fill(0));
}

test('#72 Knife Fighter: +1 to the squad\'s close-assault roll; Brawler: one more kill roll in close assault', () => {
  const k = charge(withP('knifeFighter'));
  assert.equal(evOf(k.events, 'assault_result')[0].attacker.mods.knifeFighter, 1);
  assert.equal(evOf(k.events, 'assault_result')[0].defender.mods.knifeFighter, undefined);
  const b = charge(withP('brawler'));
  const kill = evOf(b.events, 'dice_rolled').filter((d) => d.purpose === 'kill_dice');
  const mine = kill.find((d) => d.unit === 'A1')!;
  // Those the defender's free shot killed do not fight.
  const shotDead = evOf(b.events, 'damage').filter((d) => d.killed).map((d) => d.figure as string);
  const fighters = 3 - shotDead.length;
  assert.equal(mine.faces.length, fighters + (shotDead.includes('A1.3') ? 0 : 1), 'each fighter rolls, the brawler twice');
  assert.ok(!shotDead.includes('A1.3'), 'the brawler fought in this script');
  const plain = charge(withP());
  const plainDead = evOf(plain.events, 'damage').filter((d) => d.killed).length;
  assert.equal(evOf(plain.events, 'dice_rolled').find((d) => d.purpose === 'kill_dice' && d.unit === 'A1')!.faces.length, 3 - plainDead);
});

test('#72 Comms: +1 to the squad\'s Command Response test', () => {
  const s = duel('p-comms-cr', withP('comms'), 1000, { commandResponse: true });
  s.phase = 'activate'; s.active = null; s.toAct = 0;
  const r = act(s, { type: 'activate', unit: 'A1' }, faces(2));
  const cr = evOf(r.events, 'command_response')[0];
  assert.equal(cr.mods.comms, 1);
  assert.equal(cr.total, 3);
  assert.equal(cr.passed, true, 'a 2 passes the Regular 3+ with Comms');
});

test('#72 Forward Observer: may call fire and calls one Quality level higher (Regular → Elite, 2+); Comms: +1 to each timing die', () => {
  const call = (caller: string): Action => ({ type: 'command', demolition: null, target: null, callFire: { caller, asset: 'A-1', at: [1220, 2500] } });
  const fo = duel('p-fo', withP('forwardObserver'), 4000, { artillery: { 0: ['lightMortar'] } });
  // Timing 2 2 1: Elite 2+ makes 2 successes (the strike comes); Regular 3+ would make none (the section lost).
  const r = act(fo, call('A1.3'), [...faces(2, 2, 1), ...Array(20).fill(2)]);
  assert.equal(evOf(r.events, 'artillery_strike').length, 1);
  assert.equal(r.s.artillery[0].lost, false);
  const ordinary = duel('p-fo-no', withP(), 4000, { artillery: { 0: ['lightMortar'] } });
  assert.equal((tryAct(ordinary, call('A1.3')) as { code?: string }).code, 'not_a_caller', 'an ordinary trooper may not call');
  // A leader calling for a squad with Comms: 2 2 1 count as 3 3 2 against Regular 3+.
  const commsSpec: UnitSpec = { name: 'Comms squad', quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', personalities: ['comms'] }, { weapon: 'assaultRifle', armour: 'light' }] };
  const c = act(duel('p-comms-call', commsSpec, 4000, { artillery: { 0: ['lightMortar'] } }), call('A1.1'), [...faces(2, 2, 1), ...Array(20).fill(2)]);
  assert.equal(evOf(c.events, 'artillery_strike').length, 1);
  const none = act(duel('p-nocomms-call', { ...commsSpec, figures: commsSpec.figures.map((f) => ({ ...f, personalities: undefined })) }, 4000, { artillery: { 0: ['lightMortar'] } }), call('A1.1'), [...faces(2, 2, 1), ...Array(20).fill(2)]);
  assert.equal(none.s.artillery[0].lost, true, 'without Comms: no success, the section is lost');
});

/** A1 activating, with a Motivator among the living unless `none`. */
const shakenMot = (name: string, none = false): S => shaken(name, none ? [] : ['motivator']);

test('#72 Motivator: after a failed morale test the owner decides to re-roll it, once per game (§2.7)', () => {
  const r = act(shakenMot('p-mot'), { type: 'activate', unit: 'A1' }, faces(1, 1, 1));
  assert.equal(r.s.phase, 'motivator');
  const d = decision(r.s);
  assert.equal(d.seat, 0);
  assert.deepEqual(d.exposes, { unit: 'A1', successes: 0 });
  assert.equal(evOf(r.events, 'routed').length, 0, 'nothing applied yet');
  const again = act(r.s, { type: 'motivator', reroll: true }, faces(6, 6, 6));
  assert.equal(evOf(again.events, 'motivator_reroll')[0].successes, 3);
  assert.equal(evOf(again.events, 'morale_result')[0].result, 'normal');
  assert.equal(again.s.phase, 'order');
  assert.equal(unitOf(again.s, 'A1').motivatorUsed, true);
  const keep = act(r.s, { type: 'motivator', reroll: false });
  assert.equal(evOf(keep.events, 'routed').length, 1, 'the kept result routs');
  // Spent: the next failure is final.
  const later = shakenMot('p-mot-used');
  unitOf(later, 'A1').motivatorUsed = true;
  assert.equal(evOf(act(later, { type: 'activate', unit: 'A1' }, faces(1, 1, 1)).events, 'routed').length, 1);
  assert.equal(evOf(act(shakenMot('p-mot-none', true), { type: 'activate', unit: 'A1' }, faces(1, 1, 1)).events, 'routed').length, 1, 'no Motivator: routed at once');
  // A passed test asks nothing.
  assert.equal(act(shakenMot('p-mot-pass'), { type: 'activate', unit: 'A1' }, faces(6, 6, 1)).s.phase, 'order');
});
