// Hivemind, a trait of §2.6 (checklist #73, source p.47): "Units with this Trait are Fanatic and
// Relentless when they activate within 12" of one of their mind controllers. This controller can be
// the squad leader or an independent figure. The controller also benefits from this trait."
// [P] readings: the mind controllers of a Hivemind unit are its own living squad leader and the
// figure of any friendly character that has the Hivemind trait (an independent figure; attached or
// not); a Hivemind character is its own controller, so it is always linked ("the controller also
// benefits"). Distance is edge to edge from any figure of the unit. The link is decided as the unit
// activates, before its Resolve check (§5.2), and holds until its next activation: Fanatic (no
// Resolve check) and Relentless (never marked Under Fire or Pinned, no cover, rules/traits.ts);
// markers it carries when it links are dropped, as Relentless ignores them. Unlinked, it is an
// ordinary unit. Before its first activation it is not linked.
import { edgeDistance } from '../../../engine/mech/geom2d.js';
import { inPlay, living, type Figure, type S, type Unit } from '../state.js';
import type { Run } from './run.js';

export const HIVE_RANGE = 1200;

const hive = (u: Unit) => !!(u.traits as string[] | undefined)?.includes('hivemind');

/** The figures that control `u`'s mind: its squad leader and the friendly Hivemind characters' figures. */
function controllers(s: S, u: Unit): Figure[] {
  const out = living(u).filter((f) => f.leader);
  for (const c of s.units) {
    if (c.kind !== 'character' || c.side !== u.side || !hive(c) || !inPlay(c)) continue;
    const host = c.attachedTo ? s.units.find((h) => h.id === c.attachedTo) : c;
    const f = host ? living(host).find((g) => (c.attachedTo ? g.character === c.id : true)) : undefined;
    if (f) out.push(f);
  }
  return out;
}

/** At activation: whether a Hivemind unit is within 12" of a mind controller (then Fanatic and Relentless until its next activation). */
export function hiveLink(s: S, run: Run, u: Unit): void {
  if (!hive(u)) return;
  const figs = living(u);
  const ctl = u.kind === 'character' ? figs[0] : controllers(s, u).find((c) => figs.some((f) => f === c || edgeDistance(f.at, f.r, c.at, c.r) <= HIVE_RANGE));
  u.hiveLinked = !!ctl;
  if (ctl) { u.underFire = false; u.pinned = false; }
  run.emit('hivemind', { unit: u.id, linked: !!ctl, ...(ctl ? { controller: ctl.id } : {}) });
}
