// The mission objectives one by one (spec §9.2, the missions' victory lines; AMB-29), each at
// its limit: met exactly at the number, not one short, and only by what the rule names (the
// enemy's units, the right type, exited rather than destroyed). Also how a game ends when an
// objective is met (§9.1): the result, the phase, the public game_over event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { craft, evOf, type K } from './helpers.js';
import { DATA, type Faction } from '../../../src/games/abaddon/data.js';
import { Rules } from '../../../src/games/abaddon/rules.js';
import type { GameEvent } from '../../../src/engine/types.js';

const R = new Rules(DATA);
const units = (k: K, f: Faction, type?: string) => k.s.units.filter((u) => u.faction === f && (!type || u.type === type));
const destroy = (k: K, ids: string[]) => { for (const id of ids) { const u = k.s.units.find((x) => x.id === id)!; u.status = 'destroyed'; u.at = null; } };
const exit = (k: K, ids: string[]) => { for (const id of ids) { const u = k.s.units.find((x) => x.id === id)!; u.status = 'exited'; u.at = null; } };
const objective = (k: K, f: Faction) => R.mission(k.s).objectives[f];
// Read through a function: an assertion on k.s.result would narrow its type for the rest of a test.
const resultOf = (k: K) => k.s.result;

test('destroy N units (M1: 2): met at exactly N enemy units destroyed, not at N - 1', () => {
  const k = craft({ mission: 'm1' });
  const [o] = objective(k, 'SCS');
  assert.deepEqual(o, { type: 'destroyUnits', n: 2 });
  k.s.kills = { SCS: 1, CA: 5 };
  assert.equal(R.objectiveMet(k.s, 'SCS', o), false, 'the other faction\'s kills are not SCS\'s');
  k.s.kills.SCS = 2;
  assert.equal(R.objectiveMet(k.s, 'SCS', o), true);
});

test('destroy unit types (M3: both enemy Heavies): every enemy unit of the type destroyed; one left is not enough; own Heavies never count', () => {
  const k = craft({ mission: 'm3' });
  const types = objective(k, 'SCS').find((o) => o.type === 'destroyTypes')!;
  const caH = units(k, 'CA', 'H').map((u) => u.id);
  assert.equal(caH.length, 2);
  destroy(k, [caH[0]]);
  assert.equal(R.objectiveMet(k.s, 'SCS', types), false, 'one enemy Heavy left');
  destroy(k, units(k, 'SCS', 'H').map((u) => u.id));
  assert.equal(R.objectiveMet(k.s, 'SCS', types), false, 'SCS\'s own Heavies destroyed do not count for SCS');
  destroy(k, [caH[1]]);
  assert.equal(R.objectiveMet(k.s, 'SCS', types), true);
  // an enemy with no unit of the type at all has not had them destroyed
  assert.equal(R.objectiveMet(k.s, 'SCS', { type: 'destroyTypes', types: ['X' as never] }), false);
});

test('destroy the opponent (M5, and always a win, AMB-29): every enemy unit destroyed; an exited unit is not destroyed', () => {
  const k = craft({ mission: 'm4' });
  const ca = units(k, 'CA').map((u) => u.id);
  const scs = units(k, 'SCS').map((u) => u.id);
  destroy(k, ca.slice(0, -1));
  assert.equal(R.objectiveMet(k.s, 'SCS', { type: 'annihilate' }), false, 'one enemy unit left');
  assert.equal(R.met(k.s, 'SCS'), false);
  destroy(k, ca.slice(-1));
  assert.equal(R.objectiveMet(k.s, 'SCS', { type: 'annihilate' }), true);
  assert.equal(R.met(k.s, 'SCS'), true, 'destroying the whole enemy force wins a mission whose objective is an exit (M4)');
  assert.equal(R.met(k.s, 'CA'), false, 'and only for the faction that did it');
  // a force that left the board is not annihilated
  const k2 = craft({ mission: 'm4' });
  exit(k2, scs.slice(0, 1));
  destroy(k2, scs.slice(1));
  assert.equal(R.objectiveMet(k2.s, 'CA', { type: 'annihilate' }), false);
});

test('exit units (M4: one SCS Infantry exited): an exited Infantry counts; a destroyed one or an exited Recon does not', () => {
  const k = craft({ mission: 'm4' });
  const [o] = objective(k, 'SCS');
  assert.deepEqual(o, { type: 'exitUnits', n: 1, types: ['I'] });
  const [i1, i2] = units(k, 'SCS', 'I').map((u) => u.id);
  destroy(k, [i1]);
  exit(k, units(k, 'SCS', 'R').map((u) => u.id));
  assert.equal(R.objectiveMet(k.s, 'SCS', o), false);
  exit(k, [i2]);
  assert.equal(R.objectiveMet(k.s, 'SCS', o), true);
  assert.equal(R.objectiveMet(k.s, 'SCS', { ...o, n: 2 }), false, 'n counts exited units of the type');
  // CA's objective in M4: all SCS Infantry destroyed; an exited one is not destroyed
  const [ca] = objective(k, 'CA');
  assert.equal(R.objectiveMet(k.s, 'CA', ca), false);
});

test('exit crystals (M9: exited SCS units carrying >= 14): the exited units\' crystals, at exactly 14', () => {
  const k = craft({ mission: 'm9' });
  const [o] = objective(k, 'SCS');
  assert.deepEqual(o, { type: 'exitCrystals', n: 14 });
  const scs = units(k, 'SCS');
  const byType = (t: string) => scs.filter((u) => u.type === t).map((u) => u.id);
  exit(k, [...byType('H'), ...byType('M'), byType('R')[0]]); // 5 + 4 + 3 = 12
  assert.equal(R.objectiveMet(k.s, 'SCS', o), false);
  k.s.units.find((u) => u.id === byType('R')[0])!.crystals = 5; // 14
  assert.equal(R.objectiveMet(k.s, 'SCS', o), true);
  k.s.units.find((u) => u.id === byType('R')[0])!.crystals = 4; // 13
  assert.equal(R.objectiveMet(k.s, 'SCS', o), false, 'one short');
  // crystals on board do not count, however many
  assert.equal(R.objectiveMet(craft({ mission: 'm9' }).s, 'SCS', o), false);
});

test('reduce crystals (M9: SCS crystals on board and exited <= 13): destroyed units\' crystals are gone, exited ones still count', () => {
  const k = craft({ mission: 'm9' });
  const [o] = objective(k, 'CA');
  assert.deepEqual(o, { type: 'reduceCrystals', max: 13 });
  const scs = units(k, 'SCS');
  const total = () => scs.filter((u) => u.status !== 'destroyed').reduce((a, u) => a + u.crystals, 0);
  assert.equal(total(), 23);
  assert.equal(R.objectiveMet(k.s, 'CA', o), false);
  destroy(k, scs.filter((u) => u.type === 'H' || u.type === 'M').map((u) => u.id)); // 23 - 9 = 14
  assert.equal(R.objectiveMet(k.s, 'CA', o), false, '14 is one above the limit');
  exit(k, scs.filter((u) => u.type === 'I').map((u) => u.id));
  assert.equal(R.objectiveMet(k.s, 'CA', o), false, 'exited units keep their crystals for this count');
  scs.find((u) => u.type === 'R')!.crystals -= 1; // 13
  assert.equal(R.objectiveMet(k.s, 'CA', o), true);
  // CA's own crystals are not what is counted
  assert.equal(R.objectiveMet(k.s, 'SCS', o), false);
});

test('a VP mission is one whose objective is a VP total (M6: yes; M1, M9: no); VP objectives at exactly their number', () => {
  assert.equal(R.vpMission(craft({ mission: 'm6' }).s), true);
  assert.equal(R.vpMission(craft({ mission: 'm1' }).s), false);
  assert.equal(R.vpMission(craft({ mission: 'm9' }).s), false);
  const k = craft({ mission: 'm6' });
  const [o] = objective(k, 'SCS');
  k.s.cup = { SCS: 19, CA: 30 };
  assert.equal(R.objectiveMet(k.s, 'SCS', o), false);
  k.s.cup.SCS = 20;
  assert.equal(R.objectiveMet(k.s, 'SCS', o), true);
});

test('checking victory: nothing met goes on; one faction\'s objective ends the game for it; the end is public and final', () => {
  const k = craft({ mission: 'm1' });
  const ev: GameEvent[] = [];
  assert.equal(R.checkVictory(k.s, ev as never), false);
  assert.equal(k.s.result, null);
  assert.equal(ev.length, 0);
  k.s.kills = { SCS: 0, CA: 2 };
  assert.equal(R.checkVictory(k.s, ev as never), true);
  const caSeats = k.s.seats.map((x, i) => (x.faction === 'CA' ? i : -1)).filter((i) => i >= 0);
  assert.deepEqual(k.s.result, { winners: caSeats, draw: false, reason: 'objective', scores: { SCS: R.vp(k.s, 'SCS'), CA: R.vp(k.s, 'CA') } });
  assert.equal(k.s.phase, 'over');
  assert.deepEqual(k.s.respond, []);
  assert.equal(k.s.window, null);
  const [over] = evOf(ev, 'game_over');
  assert.equal(over.to, 'all');
  assert.deepEqual(over.data, { winner: 'CA', reason: 'objective', vp: { SCS: R.vp(k.s, 'SCS'), CA: R.vp(k.s, 'CA') }, kills: { SCS: 0, CA: 2 } });
  // once over, checking again changes nothing and tells nothing more
  k.s.kills.SCS = 2;
  assert.equal(R.checkVictory(k.s, ev as never), true);
  assert.equal(ev.length, 1);
  assert.deepEqual(resultOf(k)?.winners, caSeats);
});

test('objectives are checked the instant they are met only with 2 players; with 3-4 players at the round\'s end (§9.1)', () => {
  const k2 = craft({ mission: 'm1' });
  k2.s.kills = { SCS: 2, CA: 0 };
  assert.equal(R.instant(k2.s, [] as never), true);
  assert.equal(k2.s.result?.reason, 'objective');
  const k3 = craft({ mission: 'm9' });
  exit(k3, units(k3, 'SCS').map((u) => u.id));
  assert.equal(R.instant(k3.s, [] as never), false, 'a 3-player mission waits for the round end');
  assert.equal(k3.s.result, null);
  assert.equal(R.checkVictory(k3.s, [] as never), true, 'the round end\'s check finds it');
});

test('exit objectives count the objective\'s own faction\'s units only (M4 "one SCS Infantry", M9 "exited SCS units"): exited enemy units never count', () => {
  // Only SCS may exit in M4 and M9, but the objectives are data: an exit objective names the
  // faction's own units, so an exited enemy unit must not count even where a mission lets it exit.
  const k = craft({ mission: 'm4' });
  const [o] = objective(k, 'SCS');
  assert.deepEqual(o, { type: 'exitUnits', n: 1, types: ['I'] });
  const caI = units(k, 'CA').map((u) => u.id);
  for (const u of k.s.units) if (u.faction === 'CA') u.type = 'I';
  exit(k, caI);
  assert.equal(R.objectiveMet(k.s, 'SCS', o), false, 'exited CA Infantry are not SCS Infantry');
  const k9 = craft({ mission: 'm9' });
  const [o9] = objective(k9, 'SCS');
  exit(k9, units(k9, 'CA').map((u) => u.id)); // CA carries far more than 14 crystals
  assert.ok(units(k9, 'CA').reduce((a, u) => a + u.crystals, 0) >= 14, 'the test needs CA to carry at least 14 crystals');
  assert.equal(R.objectiveMet(k9.s, 'SCS', o9), false, 'crystals on exited CA units are not SCS\'s');
});
