// The Not Like Us traits of §2.6 (checklist #113, #73) built here: Aerial (with the gravity
// clearance of §7.8, #45), Self Repairing and Regenerate. Hooks: movement cost (geometry.pathCost),
// Recover Wounded (rules/wounds.ts) and the end of an activation (rules/turn.ts).
import type { Figure, S, Unit } from '../state.js';
import type { Run } from './run.js';
import { figureHeight } from './jump.js';

const hasT = (u: Unit, t: string) => !!(u.traits as string[] | undefined)?.includes(t);

/**
 * Aerial (§2.6): the figure hovers while it moves, clearing obstacles up to its own height, twice
 * that in low gravity and half in high (§7.8); 0 for other units. [P] Linear obstacles and area
 * terrain no higher than the clearance cost nothing extra and do not block the path; the end point
 * still takes its terrain (no landing in impassable terrain, cover as usual).
 */
export function aerialClearance(s: S, u: Unit, f: Figure): number {
  if (!hasT(u, 'aerial')) return 0;
  const h = figureHeight(f);
  return s.options.gravity === 'low' ? h * 2 : s.options.gravity === 'high' ? Math.floor(h / 2) : h;
}

/** Self Repairing (§2.6): its Recover Wounded rolls need no aid team (`by: []`). */
export const selfRepairing = (u: Unit) => hasT(u, 'selfRepairing');

/**
 * Regenerate (§2.6): a wounded figure heals fully when its unit stays dormant for an activation: it
 * neither moved nor fired this turn [P: the unit's `actedTurn`; a close assault moves, so it counts].
 * Both wounded and stabilized figures heal. Called as the activation ends.
 */
export function regenerate(s: S, run: Run, u: Unit): void {
  if (!hasT(u, 'regenerate') || u.actedTurn === s.turn) return;
  for (const f of u.figures) {
    // A figure fighting on with Ignore Pain is wounded too (§2.6): it heals as well.
    if (f.alive && f.painWound) { delete f.painWound; run.emit('regenerated', { unit: u.id, figure: f.id }); continue; }
    if (f.alive || !f.wounded || f.exited) continue;
    f.alive = true;
    delete f.wounded;
    run.emit('regenerated', { unit: u.id, figure: f.id });
  }
}
