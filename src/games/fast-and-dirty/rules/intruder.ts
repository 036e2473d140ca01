// Personality Intruder (§2.7, source p.35, checklist #72): "Using a command action, an Intruder may
// interfere with enemy networks or attempt to garner information by monitoring communications. This
// can be used to either reveal and remove a hidden unit marker, or jam a target units
// communications. The intruder must take a quality test to succeed. If he rolls a 1, he's been
// subjected to a counter attack and may not perform either role for the remainder of the battle."
// A Command sub-action `intrude: {fig, jam: unitId}` or `intrude: {fig, marker: {unit, n}}`; the
// Quality test is 1D6 against the unit's Quality target [P]; the intruder does nothing else in that
// order [P]. [P] Networks need no line of sight or range. A jammed unit plays without
// communications until the end of its next activation (§7.4, rules/command-response.ts). A marker
// is revealed as if spotted once the order ends: the owner says real (the unit is placed there) or
// dummy (the marker is removed); a unit's last marker is always real (§7.10). At night a marker is
// named by its id, `marker: {id}` (other seats cannot tell whose it is, rules/night-markers.ts),
// and a success reveals the unit there or removes a dummy (rules/night-spotting.ts).
// Primitive (§2.6): "immune to Intruders". By day the Intruder names the unit, so naming a Primitive
// one is refused. At night it cannot tell whose a marker is, so a refusal (or an attempt with no
// effect after a passed test) would tell it the marker is a Primitive unit's. [P] At night the test
// is rolled for every marker named, but its die and result reach only the marker's owner; the other
// seats learn only what happens: the unit revealed or the dummy removed (success), nothing (a failed
// test, or a Primitive unit's marker: the attempt is spent with no effect), and a counter-hack on
// a 1 (the Intruder's own figure, whatever the marker). So a Primitive unit's marker looks to them
// exactly like a unit's marker whose test failed.
import { violation, type Violation } from '../../../engine/types.js';
import { QUALITY_TABLE, inPlay, living, type Action, type S, type Unit } from '../state.js';
import type { Run } from './run.js';
import { luckyMay, pauseForLucky, settledRoll } from './lucky.js';
import { hackProof } from './tech.js';
import { anonymousMarkers, findMarker, nightMarkers, privateEvent } from './night-markers.js';

export type Intrusion = { fig: string; jam?: string; marker?: { unit: string; n: number; id?: undefined } | { id: string; unit?: undefined; n?: undefined } };

export function intrudeProblem(s: S, u: Unit, x: Intrusion): Violation | null {
  if (!x || typeof x.fig !== 'string' || (x.jam === undefined) === (x.marker === undefined)) return violation('malformed_action', 'intrude is {fig, jam: unit} or {fig, marker: {unit, n}} (at night {fig, marker: {id}}) (§2.7)');
  const f = living(u).find((g) => g.id === x.fig);
  if (!f) return violation('not_a_figure', `${x.fig} is not a living figure of ${u.id}`);
  if (!f.personalities?.includes('intruder')) return violation('not_an_intruder', `${f.id} is not an Intruder (§2.7)`);
  if (f.hacked) return violation('counter_hacked', `${f.id} was counter-hacked: it may not intrude for the rest of the battle (§2.7)`);
  if (u.scout === f.id || u.scoutMate === f.id) return violation('scout_busy', 'a figure out scouting does nothing else (§7.24)');
  if (x.marker && nightMarkers(s)) {
    // At night: any enemy marker by its id, a unit's or a dummy (§8.1).
    const id = (x.marker as { id?: unknown }).id;
    if (typeof id !== 'string') return violation('marker_by_id', 'at night name the marker by its id: marker: {id} (§7.10, §8.1)');
    const m = findMarker(s, id);
    if (!m || m.side === u.side) return violation('not_a_marker', `${id} is not an enemy hidden marker (§2.7, §7.10)`);
    return null;
  }
  if (x.marker && typeof x.marker.unit !== 'string') return violation('malformed_action', 'name the marker as {unit, n} (§2.7)');
  const id = x.jam ?? x.marker?.unit;
  const t = s.units.find((v) => v.id === id);
  if (!t || t.side === null || t.side === u.side || !inPlay(t)) return violation('not_an_enemy', `${id} is not an enemy unit in play (§2.7)`);
  // Primitive units have no systems to hack (§2.6).
  if (hackProof(t)) return violation('primitive_immune', `${t.id} is Primitive: immune to Intruders (§2.6)`);
  if (x.marker) {
    const n = x.marker.n;
    if (!t.hidden || !t.hidden.markers.some((m) => m.n === n)) return violation('not_a_marker', `${t.id} has no hidden marker ${n} (§2.7, §7.10)`);
  } else if (t.hidden) return violation('hidden_target', `${t.id} is hidden: an Intruder may reveal one of its markers instead (§2.7 [P])`);
  return null;
}

/** The Quality test: success jams the unit or opens the marker's reveal; a natural 1 counter-hacks the intruder. */
export function intrude(s: S, run: Run, u: Unit, x: Intrusion, lucky = false): boolean {
  const f = u.figures.find((g) => g.id === x.fig)!;
  const target = QUALITY_TABLE[u.quality].target;
  // At night (a marker named by id) only the marker's owner sees the die (§2.6 [P], above).
  const m = x.marker?.id !== undefined ? findMarker(s, x.marker.id) : null;
  const pre = lucky ? settledRoll(s, u, 'intrude') : null;
  const [die] = pre?.faces ?? run.roll('intruder', 1, { unit: u.id, figure: f.id, target }, m ? { seats: [m.side] } : 'all');
  // Personality Lucky (§2.7): a failed test (a natural 1 too) may be re-rolled; not at night, where the
  // die is the marker owner's to see (a window would show it to the Intruder's side).
  if (!pre && !m && (die < target || die === 1) && luckyMay(s, u, lucky)) return pauseForLucky(s, run, u, 'intrude', [die], { roll: 'intrude' }, {}, target);
  const immune = !!m && !('dummy' in m) && hackProof(m.unit);
  const ok = die >= target && die !== 1 && !immune;
  if (die === 1) f.hacked = true;
  const data = { unit: u.id, figure: f.id, die, target, success: ok, ...(x.jam ? { jam: x.jam } : { marker: x.marker }), ...(die === 1 ? { counterHacked: true } : {}) };
  if (m) run.ev.push(privateEvent('intrusion', m.side, { ...data, ...(immune ? { primitive: true } : {}) }, { unit: u.id, figure: f.id, success: ok, marker: x.marker, ...(die === 1 ? { counterHacked: true } : {}) }));
  else run.emit('intrusion', data);
  if (!ok) return false;
  if (x.jam) {
    s.units.find((v) => v.id === x.jam)!.jammed = true;
    run.emit('unit_jammed', { unit: x.jam, by: u.id });
  } else s.intruded = x.marker!.id !== undefined ? { id: x.marker!.id } : { unit: x.marker!.unit!, marker: x.marker!.n! };
  return false;
}

/** The marker an Intruder exposed, taken once (revealed like a spotted marker when the order ends), if it still stands. */
export function takeIntruded(s: S): { unit: string; marker: number } | { id: string } | null {
  const x = s.intruded;
  if (!x) return null;
  s.intruded = null;
  if ('id' in x) return findMarker(s, x.id) ? x : null;
  const t = s.units.find((v) => v.id === x.unit);
  return t?.hidden && inPlay(t) && t.hidden.markers.some((m) => m.n === x.marker) ? x : null;
}

/** Sampled Intruder orders: jam the nearest enemy squad or team in play, and one marker of each hidden enemy unit. */
export function intruderCandidates(s: S, u: Unit): Action[] {
  if (u.kind !== 'infantry' && u.kind !== 'character') return [];
  const f = living(u).find((g) => g.personalities?.includes('intruder') && !g.hacked && u.scout !== g.id && u.scoutMate !== g.id);
  if (!f) return [];
  const out: Action[] = [];
  const c = f.at;
  const d2 = (v: Unit) => Math.min(...living(v).map((g) => (g.at[0] - c[0]) ** 2 + (g.at[1] - c[1]) ** 2));
  const foes = s.units.filter((v) => v.side !== null && v.side !== u.side && inPlay(v) && !v.hidden && !v.jammed && !hackProof(v) && living(v).length && (v.kind === 'infantry' || v.kind === 'weaponTeam'));
  foes.sort((a, b) => d2(a) - d2(b));
  if (foes.length) out.push({ type: 'command', demolition: null, target: null, intrude: { fig: f.id, jam: foes[0].id } });
  // At night the candidates come from what the Intruder's side sees: the enemy's markers by id, units' and dummies' alike.
  if (nightMarkers(s)) {
    const enemy = u.side === 0 ? 1 : 0;
    for (const m of anonymousMarkers(s, enemy).slice(0, 4)) out.push({ type: 'command', demolition: null, target: null, intrude: { fig: f.id, marker: { id: m.id } } });
    return out;
  }
  for (const v of s.units) if (v.side !== null && v.side !== u.side && inPlay(v) && v.hidden?.markers.length && !hackProof(v)) out.push({ type: 'command', demolition: null, target: null, intrude: { fig: f.id, marker: { unit: v.id, n: v.hidden.markers[0].n } } });
  return out;
}
