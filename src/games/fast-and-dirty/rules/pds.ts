// Point-defence systems (§7.25, checklist #66, PDS only): option `pds` gives each side PDS at
// points on the table, each with an automation level. When an enemy blast shell (a direct blast
// shot, an on-board mortar or an off-board strike) targets a point within 6" of one [P], it rolls
// 1D6: on its PDS success number or more (Antiquated 6+, Modern 5+, Enhanced 4+, Advanced 3+, all
// [P] placeholders: the book's table is lost) the round is destroyed. Each protecting PDS rolls in
// turn until one succeeds. RPGs (weapon flag `rpg`, [P] the AMAW): each hit on a vehicle whose hull
// centre is within 6" of an enemy PDS is rolled for the same way before its penetration roll
// (rules/vehicles.ts vehicleDamage); fired at infantry, its round in the squad's volley is rolled for
// when the centre of the target's visible figures is within 6", and a destroyed round adds no FE
// (rules/combat.ts shoot).
import { dist, type Pt } from '../../../engine/mech/geom2d.js';
import type { S, Side } from '../state.js';
import type { Run } from './run.js';

export type PdsLevel = 'antiquated' | 'modern' | 'enhanced' | 'advanced';
export const PDS_SUCCESS: Record<PdsLevel, number> = { antiquated: 6, modern: 5, enhanced: 4, advanced: 3 };
/** The protected radius [P]: 6" from the PDS to the targeted point. */
export const PDS_RADIUS = 600;

/** The PDS of the option, with ids `A-PDS-1`, `B-PDS-1`, …. */
export function pdsOf(s: S): { id: string; side: Side; at: Pt; level: PdsLevel }[] {
  const out: { id: string; side: Side; at: Pt; level: PdsLevel }[] = [];
  for (const side of [0, 1] as Side[]) {
    (s.options.pds?.[side] ?? []).forEach((p, i) => out.push({ id: `${side === 0 ? 'A' : 'B'}-PDS-${i + 1}`, side, at: p.at, level: p.level ?? 'modern' }));
  }
  return out;
}

/** An enemy round aimed at `at` by `side`: the enemy PDS protecting the point try to destroy it. True if destroyed. */
export function intercepted(s: S, run: Run, side: Side | null, at: Pt, what: Record<string, unknown>): boolean {
  for (const p of pdsOf(s)) {
    if (p.side === side || dist(p.at, at) > PDS_RADIUS) continue;
    const [d] = run.roll('pds', 1, { pds: p.id, ...what });
    const hit = d >= PDS_SUCCESS[p.level];
    run.emit('pds_fire', { pds: p.id, side: p.side, at, roll: d, destroyed: hit, ...what });
    if (hit) return true;
  }
  return false;
}
