// Option Crossfires (§7.19, checklist #110): a unit fired upon from opposite directions in one
// turn takes a Quality test on 1D6; on a failure the second attack pins it. [P] "Opposite": the
// angle between the two firers' bearings, measured at the target's centre, is at least 135°
// (compared without trigonometry: cos θ ≤ −√2/2).
import { centroid, type Pt } from '../../../engine/mech/geom2d.js';
import { QUALITY_TABLE, living, troops, type Figure, type S, type Unit } from '../state.js';
import { ignoresPinned } from './traits.js';
import type { Run } from './run.js';

/** True when the bearings a and b (vectors from the target's centre) are at least 135° apart. */
export function opposite(a: Pt, b: Pt): boolean {
  const dot = a[0] * b[0] + a[1] * b[1];
  if (dot >= 0) return false;
  const la = a[0] * a[0] + a[1] * a[1], lb = b[0] * b[0] + b[1] * b[1];
  if (!la || !lb) return false;
  return 2 * dot * dot >= la * lb;
}

/**
 * After an attack (not the defensive free shot) on `t` by the figures `firers`: record its bearing
 * for this turn, and if an earlier attack this turn came from the opposite direction, test.
 */
export function crossfire(s: S, run: Run, u: Unit, t: Unit, firers: Figure[], at: (f: Figure) => Pt = (f) => f.at): void {
  if (!s.options.crossfires || !troops(t) || t.kind === 'nonCombatant' || !living(t).length || !firers.length) return;
  const c = centroid(living(t).map((f) => f.at));
  const from = centroid(firers.map(at));
  const bearing: Pt = [from[0] - c[0], from[1] - c[1]];
  const rec = t.firedFrom?.turn === s.turn ? t.firedFrom : { turn: s.turn, bearings: [] as { unit: string; b: Pt }[] };
  const earlier = rec.bearings.find((e) => opposite(e.b, bearing));
  t.firedFrom = { turn: s.turn, bearings: [...rec.bearings, { unit: u.id, b: bearing }] };
  if (!earlier || t.pinned || ignoresPinned(t) || t.lastStand) return;
  const [d] = run.roll('crossfire', 1, { unit: t.id, from: [earlier.unit, u.id] });
  const passed = d >= QUALITY_TABLE[t.quality].target;
  run.emit('crossfire', { unit: t.id, shooters: [earlier.unit, u.id], passed });
  if (passed) return;
  t.pinned = true;
  t.underFire = false;
  run.emit('pinned', { unit: t.id, crossfire: true });
}
