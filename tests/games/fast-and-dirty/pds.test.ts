// Checklist item #66 (PDS part; §7.25, source p.41): "When a blast-weapon shell or an RPG targets a
// point within it, roll 1D6. On >= the PDS success number the round is destroyed." [P] protected
// radius 6", success numbers Antiquated 6+, Modern 5+, Enhanced 4+, Advanced 3+ (the book's table is
// lost). Sentry guns are not built. Dice are scripted by value: face = value + 1 (`faces` converts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { act, craft, evOf, faces, row, squad, unitOf } from './helpers.js';

/** Regular A1: 3 rifles and Rifle Grenades; B1 (3) 8" north, round (14", 13"); B's PDS where given. */
function grenade(name: string, pds?: { at: [number, number]; level?: 'antiquated' | 'modern' | 'enhanced' | 'advanced' }[], own = false) {
  return craft({ name, active: 'A1', options: pds ? { pds: { [own ? 0 : 1]: pds } } : {}, units: [
    { id: 'A1', side: 0, spec: squad('regular', 3, { support: 'rifleGrenades' }), at: row(1000, 500, 4) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: [[1400, 1300], [1400, 1450], [1700, 1300]] },
  ] });
}
const blastAt = (at: [number, number]) => ({ type: 'engage' as const, moves: [], target: null, fireFirst: true, blast: { fig: 'A1.4', at } });

test('#66 PDS: an enemy blast round aimed within 6" of a point-defence system is destroyed on 1D6 at or above its success number (§7.25)', () => {
  // Enhanced (4+) at (14", 19"): the point (14", 13") is 6" away. 4: destroyed, no ranging roll, no effect.
  const r = act(grenade('pds-hit', [{ at: [1400, 1900], level: 'enhanced' }]), blastAt([1400, 1300]), faces(4));
  assert.deepEqual(evOf(r.events, 'pds_fire').map((e) => [e.pds, e.roll, e.destroyed]), [['B-PDS-1', 4, true]]);
  assert.equal(evOf(r.events, 'blast').length, 0);
  assert.equal(unitOf(r.s, 'B1').underFire, false);
  // 3 against 4+: the round goes on (ranging 3, Strike Effect 4+4+1 = 9, three hits).
  const m = act(grenade('pds-miss', [{ at: [1400, 1900], level: 'enhanced' }]), blastAt([1400, 1300]), faces(3, 3, 4, 4, 6, 1, 6, 1, 6, 1));
  assert.equal(evOf(m.events, 'pds_fire')[0].destroyed, false);
  assert.equal(evOf(m.events, 'blast')[0].onTarget, true);
  // Modern by default (5+): 4 does not destroy it.
  const d = act(grenade('pds-modern', [{ at: [1400, 1900] }]), blastAt([1400, 1300]), faces(4, 2));
  assert.equal(evOf(d.events, 'pds_fire')[0].destroyed, false);
  // Beyond 6", and a PDS of the firer's own side, do not fire.
  assert.equal(evOf(act(grenade('pds-far', [{ at: [1400, 1901], level: 'advanced' }]), blastAt([1400, 1300]), faces(2)).events, 'pds_fire').length, 0);
  assert.equal(evOf(act(grenade('pds-own', [{ at: [1400, 1500], level: 'advanced' }], true), blastAt([1400, 1300]), faces(2)).events, 'pds_fire').length, 0);
});

test('#66 PDS: an off-board strike that arrives on time can be destroyed before it lands (§7.25, §7.11)', () => {
  const led = { name: 'Led', quality: 'regular' as const, resolve: 'steady' as const, figures: [{ weapon: 'assaultRifle', armour: 'light', leader: true }, { weapon: 'assaultRifle', armour: 'light', count: 2 }] };
  const s = craft({ name: 'pds-strike', active: 'A1', options: { artillery: { 0: ['lightMortar'] }, pds: { 1: [{ at: [1220, 2400], level: 'advanced' }] } }, units: [
    { id: 'A1', side: 0, spec: led, at: row(1000, 500, 3) },
    { id: 'B1', side: 1, spec: squad('regular', 3), at: row(1000, 2000, 3) },
  ] });
  const call = { type: 'command' as const, demolition: null, target: null, callFire: { caller: 'A1.1', asset: 'A-1', at: [1220, 2000] as [number, number] } };
  // Timing 3 3 3 (on time); the Advanced PDS 4" away rolls 3: destroyed, no accuracy roll, no strike.
  const r = act(s, call, faces(3, 3, 3, 3));
  assert.equal(evOf(r.events, 'pds_fire')[0].destroyed, true);
  assert.equal(evOf(r.events, 'artillery_strike').length, 0);
  assert.equal(evOf(r.events, 'dice_rolled').filter((e) => e.purpose === 'artillery_accuracy').length, 0);
  assert.equal(r.s.artillery[0].lost, false);
});
