// Night changes to spotting hidden markers (§7.10, §7.16 p.34, checklist #46). "When attempting to
// reveal a hidden unit, after selecting the marker you wish to reveal the unit as, roll a Quality
// test on 1D6. If failed, the marker is removed as a dummy. If this leaves only one hidden marker
// left for the unit, it is then revealed in the position of the remaining marker. This rule is
// ignored if only one hidden marker remains for the unit."
// After every activation the markers in an enemy's LOS are settled one at a time. The spotting side
// picks which spotted marker is tested next and which of its units that see it tests (`spot`
// decision; default: the first marker by id, the first such unit in unit order); with one spotted
// marker seen by one unit there is nothing to pick. Since the spotter cannot tell a unit's marker
// from a night dummy (rules/night-markers.ts), it picks among all the enemy's spotted markers [P]
// (the book's "one of that unit's markers"). The test: a success reveals the unit at that marker
// (its owner does not choose), a failure removes the marker as a dummy and a unit left with one
// marker is revealed at it; a unit's last marker is revealed with no test. A night dummy is rolled
// for like any marker and removed whatever the die (A35: removed when revealed).
import type { Pt } from '../../../engine/mech/geom2d.js';
import { violation, type OpenDecision, type Violation } from '../../../engine/types.js';
import { QUALITY_TABLE, inPlay, other, type Action, type S, type Side, type Unit } from '../state.js';
import { dropMarker, markerSpotted, revealAt } from './hidden.js';
import { anonymousMarkers, byId, findMarker, privateEvent, removeDummy } from './night-markers.js';
import type { Run } from './run.js';

export type SpotAction = Extract<Action, { type: 'spot' }>;
/** A marker in the LOS of enemy units: its id, owner, place, and the enemy units that see it (unit order). */
export type Spotted = { id: string; side: Side; at: Pt; spotters: string[] };

/** The enemy units (of the marker's owner) in play and on the table that spot it: an uninterrupted LOS, or inside its LOS-blocking feature within 6" (§7.10, hidden.ts markerSpotted). */
function spottersOf(s: S, side: Side, at: Pt): string[] {
  return s.units.filter((e) => e.side !== null && e.side !== side && inPlay(e) && markerSpotted(s, side, at, e)).map((e) => e.id);
}

/** Every hidden marker of either side, units' and dummies' alike, that an enemy unit sees; ordered by id. */
export function nightSpotted(s: S): Spotted[] {
  const out: Spotted[] = [];
  for (const side of [0, 1] as const) {
    for (const m of anonymousMarkers(s, side)) {
      const spotters = spottersOf(s, side, m.at);
      if (spotters.length) out.push({ id: m.id, side, at: m.at, spotters });
    }
  }
  return out.sort(byId);
}

/** The markers the deciding side may pick: the enemy's spotted markers (the owner of the first one by id is settled first). */
export function spotChoices(s: S): Spotted[] {
  const all = nightSpotted(s);
  const side = s.spot ? other(s.spot.side) : all[0]?.side;
  return all.filter((m) => m.side === side);
}

/**
 * The sweep's next step at night: settles a spotted marker at once when there is nothing to pick,
 * opens the spotting side's `spot` decision otherwise. Returns 'none' when no marker is spotted.
 */
export function nextNightSpot(s: S, run: Run): 'none' | 'settled' | 'decide' {
  const choices = spotChoices(s);
  if (!choices.length) return 'none';
  if (choices.length === 1 && choices[0].spotters.length === 1) {
    spotMarker(s, run, choices[0].id, choices[0].spotters[0]);
    return 'settled';
  }
  s.spot = { side: other(choices[0].side) };
  s.phase = 'spot';
  s.step++;
  return 'decide';
}

export function spotDecisions(s: S, ctx: string[]): OpenDecision[] {
  const side = s.spot!.side;
  return [{
    key: `spot:${s.step}`, seat: side, kind: 'spot', blocking: true, timing: 'reaction', context: ctx,
    exposes: { markers: spotChoices(s).map((m) => ({ id: m.id, at: m.at, spotters: m.spotters })) },
  }];
}

export function spotProblem(s: S, a: SpotAction): Violation | null {
  if (a.type !== 'spot' || typeof a.marker !== 'string') return violation('wrong_action', 'answer with {type:"spot", marker, by?}: the spotted enemy marker to test, and the unit of yours that sees it to test (§7.10 p.34)');
  const m = spotChoices(s).find((x) => x.id === a.marker);
  if (!m) return violation('not_spotted', `${a.marker} is not an enemy marker your units see: ${spotChoices(s).map((x) => x.id).join(', ')} (§7.10)`);
  if (a.by !== undefined && !m.spotters.includes(a.by)) return violation('not_a_spotter', `${a.by} does not see ${m.id}: ${m.spotters.join(', ')} do (§7.10)`);
  return null;
}

export function spotCandidates(s: S): SpotAction[] {
  return spotChoices(s).flatMap((m) => m.spotters.map((by) => ({ type: 'spot' as const, marker: m.id, by })));
}

export function defaultSpot(s: S): SpotAction {
  const m = spotChoices(s)[0];
  return { type: 'spot', marker: m.id, by: m.spotters[0] };
}

/** The picked marker settled by `by`'s Quality test (a unit's last marker is revealed with no test); `why` for the reveal (a Detection sweep's, rules/detection.ts). */
export function spotMarker(s: S, run: Run, id: string, by: string, why: 'spotted' | 'detected' = 'spotted'): void {
  const f = findMarker(s, id)!;
  if ('dummy' in f) { nightTest(s, run, by, id, null); removeDummy(s, run, id); return; }
  if (f.unit.hidden!.markers.length === 1) { revealAt(s, run, f.unit, f.marker.n, why); return; }
  nightSpot(s, run, f.unit, f.marker.n, by, why);
}

/** The spotter's Quality test on 1D6; the owner's event names the unit (or a dummy), everyone else's only the marker. */
function nightTest(s: S, run: Run, by: string, id: string, target: { unit: Unit; n: number } | null): boolean {
  const spotter = s.units.find((e) => e.id === by)!;
  const owner = (target ? target.unit.side : findMarker(s, id)!.side) as Side;
  const [d] = run.roll('night_spotting', 1, { unit: spotter.id, marker: id });
  const ok = d >= QUALITY_TABLE[spotter.quality].target;
  const shown = { unit: spotter.id, marker: id, success: ok };
  run.ev.push(privateEvent('night_spotting', owner, { ...shown, target: target?.unit.id ?? null, ...(target ? { n: target.n } : {}) }, shown));
  return ok;
}

/** The night procedure for a spotted marker of a unit with two or more markers; `by` tests (default: the first enemy unit, in unit order, that sees it). */
export function nightSpot(s: S, run: Run, u: Unit, marker: number, by?: string, why: 'spotted' | 'detected' = 'spotted'): void {
  const m = u.hidden!.markers.find((x) => x.n === marker)!;
  const spotter = by ?? spottersOf(s, u.side as Side, m.at)[0];
  if (!nightTest(s, run, spotter, m.id ?? '', { unit: u, n: marker })) {
    dropMarker(s, u, run, marker);
    if (u.hidden!.markers.length === 1) revealAt(s, run, u, u.hidden!.markers[0].n, why);
    return;
  }
  revealAt(s, run, u, marker, why);
}

/**
 * A marker an Intruder exposed at night (§2.7): its successful test stands for the spotter's [P], so
 * a unit is revealed there (its owner does not choose) and a dummy is removed.
 */
export function exposeAtNight(s: S, run: Run, id: string): void {
  const f = findMarker(s, id);
  if (!f) return;
  if ('dummy' in f) removeDummy(s, run, id);
  else revealAt(s, run, f.unit, f.marker.n, 'spotted');
}
