// Lull in the fight (module `lull`, §7.14, checklist #69): when both initiative dice show 1, the
// fighting pauses before initiative is rolled again. Built [P], all automatic (no decisions yet):
// 1. every unit with an enemy figure within 12" (edge to edge) withdraws its basic Move straight away
//    from the nearest enemy unit, like the assault aftermath's fall back (the longest of 100 / 75 /
//    50 / 25% that is legal), units taking turns side by side, the last initiative winner's first;
//    units farther away stay (the book's "may withdraw" is declined);
// 2. with the module Recover Wounded, each unit's default aid teams roll to recover its untreated
//    wounded (§7.23);
// 3. stabilized wounded are moved to the rear: off the table (`exited`), no longer casualties;
// 4. each lost off-board artillery section comes back on 5+;
// 5. one roll per support weapon lost with its figure: on a 6 a surviving small-arms member takes
//    it up (while two or more small-arms figures live);
// 6. going hidden without a roll is not built.
import { edgeDistance } from '../../../engine/mech/geom2d.js';
import { moveAllowance } from '../legal.js';
import { inPlay, living, other, troops, type S, type Side, type Unit } from '../state.js';
import { autoFallBack } from './combat.js';
import type { Run } from './run.js';
import { defaultAid, recoveryRoll, woundRules } from './wounds.js';

/** Distance within which a unit must withdraw (§7.14). */
export const LULL_RANGE = 1200;

const onTable = (u: Unit) => troops(u) && inPlay(u) && !u.hidden && !u.reserve && !u.attachedTo && !u.out && living(u).length > 0;

function nearEnemy(s: S, u: Unit): boolean {
  return s.units.some((e) => e.side !== null && e.side !== u.side && onTable(e)
    && living(e).some((g) => living(u).some((f) => edgeDistance(f.at, f.r, g.at, g.r) <= LULL_RANGE)));
}

export function lull(s: S, run: Run): void {
  run.emit('lull', { turn: s.turn });
  // 1. Withdrawals, alternating sides, the last initiative winner first.
  const first: Side = s.initiative?.winner ?? 0;
  const must = s.units.filter((u) => u.side !== null && onTable(u) && !u.lastStand && nearEnemy(s, u));
  const queues: [Unit[], Unit[]] = [must.filter((u) => u.side === 0), must.filter((u) => u.side === 1)];
  for (let side = first; queues[0].length || queues[1].length; side = other(side)) {
    const u = queues[side].shift();
    if (u && inPlay(u)) autoFallBack(s, run, u, moveAllowance(s, u, 'move'));
  }
  for (const u of s.units) {
    if (!inPlay(u) || u.reserve) continue;
    // 2. Recovery rolls of the wounded (§7.23), by the unit's default aid teams.
    if (woundRules(s)) for (const a of defaultAid(u)) {
      const f = u.figures.find((x) => x.id === a.wounded)!;
      recoveryRoll(s, run, u, f);
    }
    // 3. Stabilized wounded go to the rear.
    for (const f of u.figures) if (f.wounded === 'stabilized' && !f.exited) {
      f.exited = true;
      run.emit('wounded_to_rear', { unit: u.id, figure: f.id });
    }
  }
  // 4. Lost off-board sections.
  for (const a of s.artillery) {
    if (!a.lost) continue;
    const [d] = run.roll('lull_asset', 1, { asset: a.id });
    if (d >= 5) { a.lost = false; run.emit('asset_recovered', { asset: a.id }); }
  }
  for (const u of s.units) {
    if (!inPlay(u) || u.reserve) continue;
    // 5. Support weapons lost with their figures: one roll each, 6 recovers it.
    if (u.kind !== 'infantry') continue;
    for (const dead of u.figures.filter((f) => !f.alive && !f.wounded && f.support && !f.team && !f.character)) {
      const [d] = run.roll('lull_weapon', 1, { unit: u.id, figure: dead.id, weapon: dead.weapon });
      const bearers = living(u).filter((f) => !f.support && !f.character && !f.team && !f.leader && !f.psi);
      const riflemen = living(u).filter((f) => !f.support && !f.character && !f.team);
      if (d < 6 || !bearers.length || riflemen.length < 2) continue;
      const b = bearers[bearers.length - 1];
      b.weapon = dead.weapon;
      b.support = true;
      dead.support = false;
      run.emit('weapon_recovered', { unit: u.id, weapon: b.weapon, from: dead.id, figure: b.id });
    }
  }
}
