// Fly/Grav vehicles (§2.5, checklist #78): airborne unless declared landed; they move over any
// terrain or unit; Scoot redeploys anywhere on the table instead of a move, with no fire; troops
// disembark normally, an airborne vehicle touching down to let them out (it may then be close
// assaulted until its next activation); the Strafing Run lets them fire at Standard speed after a
// straight-line move at targets straight ahead (±22.5° of the heading [P]). Airborne, they cannot
// be assaulted and see and are seen over terrain features.
//
// [P] readings: the path's length counts against the speed's allowance with no terrain cost; the
// hull must stay on the table (each waypoint and the end) and end on no other footprint; a vehicle
// landing (`land: true`) may not end on impassable ground. `land` true lands at the end of the
// order, false takes off, absent keeps the status, but a move always ends airborne unless it lands.
// Scoot is a Standard-speed order with one end point. A strafing run's heading must be the
// direction of travel (within 1°), and its fire is limited by the fire control's Cautious column.
import { bearing, inside, orientedRect, pathLength, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { CONTENT } from '../content.js';
import { living, type Action, type S, type Unit } from '../state.js';
import type { Run } from './run.js';
import { isSentryId, sentryById } from './sentry.js';

type Drive = Extract<Action, { type: 'drive' }>;

/** Half-angle of "straight ahead" for a strafing run, hundredths of a degree [P]. */
export const STRAFE_HALF_ARC = 2250;

export const isGrav = (u: Unit): boolean => !!u.vehicle && CONTENT.vehicles[u.vehicle.type]?.mobility === 'grav';
/** Airborne: a Fly/Grav vehicle neither landed nor touched down (§2.5). */
export const airborne = (u: Unit): boolean => isGrav(u) && !u.vehicle!.landed && !u.vehicle!.touchedDown;

const angleOff = (a: number, b: number) => { const d = Math.abs(a - b) % 36000; return Math.min(d, 36000 - d); };

/** Why the Fly/Grav move (or Scoot) is not legal, or null; `overlap` is the vehicles module's footprint check. */
export function gravMoveProblem(s: S, u: Unit, a: Drive, overlap: (poly: Pt[]) => string | null): Violation | null {
  const d = CONTENT.vehicles[u.vehicle!.type];
  const sp = CONTENT.speeds.grav;
  const k = (d.properties?.includes('supercharged') ? 400 : 0) - (d.properties?.includes('underPowered') ? 400 : 0);
  const full: Pt[] = [u.figures[0].at, ...a.path];
  if (a.scoot) {
    if (a.speed !== 'standard' || a.path.length !== 1) return violation('scoot', 'Scoot is a Standard-speed order with one end point anywhere on the table (§2.5 [P])');
    if (a.fire.length || a.shock !== undefined) return violation('scoot_no_fire', 'a vehicle that Scoots may not fire (§2.5)');
  } else {
    const allowance = (a.speed === 'cautious' ? sp.cautious : sp.standard!) + k;
    const len = pathLength(full);
    if (len > allowance) return violation('beyond_allowance', `the path is ${len / 100}" of a ${allowance / 100}" ${a.speed} allowance (§2.5)`, { cost: len, allowance });
  }
  if (a.path.some((p) => p[0] < 0 || p[1] < 0 || p[0] > s.table.w || p[1] > s.table.h)) return violation('off_table', 'the path leaves the table (§3.2)');
  const end = a.path[a.path.length - 1];
  const poly = orientedRect(end, d.length, d.width, a.heading);
  if (poly.some((c) => c[0] < 0 || c[1] < 0 || c[0] > s.table.w || c[1] > s.table.h)) return violation('off_table', 'the hull would end off the table (§3.2)');
  const o = overlap(poly);
  if (o) return violation('overlap', `the hull would end overlapping ${o} (§3.2)`);
  if (a.land) {
    const rock = rockUnder(s, end);
    if (rock) return violation('impassable', `it may not land on impassable ground (${rock}) [P] (§2.5)`);
  }
  return null;
}

/** The impassable area or structure a Fly/Grav vehicle at `at` may not land on [P], or null. */
export function rockUnder(s: S, at: Pt): string | null {
  return s.terrain.find((f) => (f.kind === 'area' || f.kind === 'structure') && f.move === 'impassable' && inside(at, f.points))?.id ?? null;
}

/**
 * A Strafing Run (§2.5): Standard speed, one straight leg, the heading along it, and every
 * weapon's target with a figure straight ahead of the hull at the end; null when it is one.
 */
export function strafingProblem(s: S, u: Unit, a: Drive): Violation | null {
  const no = (why: string) => violation('strafing_run', `no fire at Standard speed unless a strafing run: ${why} (§2.5)`);
  if (!isGrav(u)) return no('only Fly/Grav vehicles strafe');
  if (a.scoot) return no('a vehicle that Scoots may not fire');
  if (a.path.length !== 1) return no('the move must be one straight line');
  const start = u.figures[0].at, end = a.path[0];
  if (angleOff(bearing(start, end), a.heading) > 100) return no('the heading must be the direction of travel');
  const c = a.fireFirst ? start : end;
  for (const f of a.fire) {
    // A sentry gun is vehicle-like (§7.25 [P]): strafed like a vehicle, by its centre.
    const t = isSentryId(f.target) ? sentryById(s, f.target) : s.units.find((x) => x.id === f.target);
    if (!t || !living(t).some((g) => angleOff(bearing(c, g.at), a.heading) <= STRAFE_HALF_ARC)) return no(`${f.target} is not straight ahead (within 22.5° of the heading)`);
  }
  return null;
}

/** The air status after the order: a move ends airborne unless it lands; `land` sets it; the touch-down ends (§2.5). */
export function afterGravOrder(run: Run, u: Unit, a: Drive): void {
  if (!isGrav(u)) return;
  const v = u.vehicle!;
  const was = !!v.landed;
  v.landed = a.land ?? (a.path.length ? false : was);
  if (v.landed !== was) run.emit(v.landed ? 'landed' : 'took_off', { unit: u.id });
}

/** Troops get out of an airborne Fly/Grav vehicle: it touches down, open to close assault until its next activation (§2.5). */
export function touchDown(run: Run, v: Unit): void {
  if (!airborne(v)) return;
  v.vehicle!.touchedDown = true;
  run.emit('touched_down', { unit: v.id });
}

/** Its next activation: the touch-down ends. */
export function liftOff(u: Unit): void {
  if (u.vehicle?.touchedDown) delete u.vehicle.touchedDown;
}
