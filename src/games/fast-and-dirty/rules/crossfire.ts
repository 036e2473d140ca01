// Option Crossfires (§7.19, checklist #110): a unit fired upon from opposite directions in one
// turn takes a Quality test on 1D6; on a failure the second attack pins it. [P] "Opposite": the
// angle between the two firers' bearings, measured at the target's centre, is at least 135°
// (compared without trigonometry: cos θ ≤ −√2/2).
import { centroid, type Pt } from '../../../engine/mech/geom2d.js';
import { QUALITY_TABLE, living, troops, type Figure, type S, type Unit } from '../state.js';
import { ignoresPinned } from './traits.js';
import type { Run } from './run.js';
import { luckyMay, pauseForLucky } from './lucky.js';

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
export function crossfire(s: S, run: Run, u: Unit, t: Unit, firers: Figure[], at: (f: Figure) => Pt = (f) => f.at, lucky = false): boolean {
  if (!s.options.crossfires || !troops(t) || t.kind === 'nonCombatant' || !living(t).length || !firers.length) return false;
  const c = centroid(living(t).map((f) => f.at));
  const from = centroid(firers.map(at));
  const bearing: Pt = [from[0] - c[0], from[1] - c[1]];
  const rec = t.firedFrom?.turn === s.turn ? t.firedFrom : { turn: s.turn, bearings: [] as { unit: string; b: Pt }[] };
  const earlier = rec.bearings.find((e) => opposite(e.b, bearing));
  t.firedFrom = { turn: s.turn, bearings: [...rec.bearings, { unit: u.id, b: bearing }] };
  if (!earlier || t.pinned || ignoresPinned(t) || t.lastStand) return false;
  const [d] = run.roll('crossfire', 1, { unit: t.id, from: [earlier.unit, u.id] });
  const target = QUALITY_TABLE[t.quality].target;
  // Personality Lucky (§2.7): the target's own failed test may be re-rolled by its owner.
  if (d < target && luckyMay(s, t, lucky)) return pauseForLucky(s, run, t, 'crossfire', [d], { roll: 'tail', tail: { shooter: u.id, target: t.id, step: 'crossfire', shooters: [earlier.unit, u.id] } }, {}, target);
  crossfireResult(run, t, [earlier.unit, u.id], d);
  return false;
}

/** The crossfire test's die decides (§7.19): a failure pins the target. */
export function crossfireResult(run: Run, t: Unit, shooters: string[], d: number): void {
  const passed = d >= QUALITY_TABLE[t.quality].target;
  run.emit('crossfire', { unit: t.id, shooters, passed });
  if (passed) return;
  t.pinned = true;
  t.underFire = false;
  run.emit('pinned', { unit: t.id, crossfire: true });
}
