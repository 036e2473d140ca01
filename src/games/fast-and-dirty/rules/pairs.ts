// Mechanized and Command Squad paired activations (§2.6, checklist #86).
// Mechanized: a squad paired with a transport at the start (force-list `mechanized`: the
// transport's name); when the squad activates, the transport may also activate if within 12"; one
// unit completes all its actions before the other starts. Command Squad (force-list `commandSquad`:
// up to 5 subordinate units' names): when activated it may also activate one subordinate, which
// uses up that unit's activation early.
// [P] readings: the partner is named when the unit activates (`activate {unit, with}`) and
// activates as soon as the unit's activation ends (the named unit first, then its partner); 12" is
// measured from the squad's nearest living figure to the transport's hull; the partner must be
// unactivated and in play then, else the pairing lapses; no pairing under the card sequences,
// where the cards give the order.
import { circlePolygonDistance, polygonDistance, orientedRect } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT, isVehicleSpec, type UnitSpec, type VehicleSpec } from '../content.js';
import { inPlay, living, type S, type Side, type Unit } from '../state.js';
import type { Run } from './run.js';

export const MECHANIZED_RANGE = 1200;

/** The pairings of a side's force list, from the names in `mechanized` and `commandSquad`; unknown names are ignored (forceProblem refuses them in custom lists). */
export function resolvePairs(s: S, side: Side, specs: (UnitSpec | VehicleSpec)[], ids: string[]): void {
  const byName = new Map<string, string>();
  specs.forEach((sp, i) => { if (!byName.has(sp.name)) byName.set(sp.name, ids[i]); });
  specs.forEach((sp, i) => {
    if (isVehicleSpec(sp)) return;
    const u = s.units.find((x) => x.id === ids[i] && x.side === side);
    if (!u) return;
    const pairs: NonNullable<Unit['pairs']> = [];
    if (sp.mechanized && byName.has(sp.mechanized)) pairs.push({ unit: byName.get(sp.mechanized)!, kind: 'mechanized' });
    for (const n of sp.commandSquad ?? []) if (byName.has(n) && byName.get(n) !== u.id) pairs.push({ unit: byName.get(n)!, kind: 'command' });
    if (pairs.length) u.pairs = pairs;
  });
}

function unitDistance(a: Unit, b: Unit): number {
  const poly = (v: Unit) => { const d = CONTENT.vehicles[v.vehicle!.type]; return orientedRect(v.figures[0].at, d.length, d.width, v.vehicle!.heading); };
  if (a.vehicle && b.vehicle) return polygonDistance(poly(a), poly(b));
  let best = Infinity;
  for (const f of living(a)) {
    best = Math.min(best, b.vehicle ? circlePolygonDistance(f.at, f.r, poly(b)) : Math.min(...living(b).map((g) => Math.hypot(f.at[0] - g.at[0], f.at[1] - g.at[1]) - f.r - g.r)));
  }
  return best;
}

/** Why u may not activate with this partner now, or null (§2.6). */
export function pairProblem(s: S, u: Unit, partner: string): Violation | null {
  if (s.cards) return violation('pairing_with_cards', 'under a card sequence the cards give the order: no paired activations [P] (§2.6, §5.1)');
  const p = u.pairs?.find((x) => x.unit === partner);
  if (!p) return violation('not_paired', `${u.id} is not Mechanized with or in command of ${partner} (§2.6)`);
  const t = s.units.find((x) => x.id === partner);
  if (!t || t.side !== u.side || !inPlay(t) || t.embarked) return violation('out_of_play', `${partner} is not on the table`);
  if (t.activated) return violation('already_activated', `${partner} has activated this turn (§5.1)`);
  if (t.reserve) return violation('in_reserve', `${partner} is held in reserve (§7.6)`);
  if (p.kind === 'mechanized' && unitDistance(u, t) > MECHANIZED_RANGE) return violation('pair_too_far', `Mechanized: the transport ${partner} must be within 12" of ${u.id} (§2.6)`);
  return null;
}

/** The partners u may name now. */
export function pairOptions(s: S, u: Unit): string[] {
  return (u.pairs ?? []).filter((p) => !pairProblem(s, u, p.unit)).map((p) => p.unit);
}

/** The unit's activation has ended: its named partner, if still able to, activates now. */
export function pairedNext(s: S, run: Run, u: Unit): Unit | null {
  const pn = s.pairNext;
  if (!pn || pn.after !== u.id) return null;
  delete s.pairNext;
  const t = s.units.find((x) => x.id === pn.unit);
  if (!t || !inPlay(t) || t.activated || t.embarked || t.reserve) { run.emit('pair_lapsed', { unit: pn.unit, with: u.id }); return null; }
  run.emit('paired_activation', { unit: t.id, with: u.id });
  return t;
}
