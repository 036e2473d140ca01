// Reaction windows on the other Side's Turn beyond W-paid and W-preroll (spec 8.2; L277-284):
// W-phase, "during the Draw, Action, or Refresh Phases" (one window at the start of each: after
// the Refresh card is drawn, after each board is activated, before the Refresh Phase's first step),
// and W-step, "before a Unit uses a Movement Point" (game option `fineGrainedMovementWindows`: a
// `move` is then made one space at a time with a window before each MP; off by default, spec 8.2
// async protocol 4). Each window is the decision `instant_window`, answered one unit at a time in
// unit id order by the seat its board is dealt to, and opens only when some unit of the
// other Side can pay a response: an Instant gadget Action, a Mayhem card (option `mayhemWindows`,
// rules/instants.ts), or a Dash (W-step always; W-phase with the option `paidDash`, as W-paid). A
// window open for any of them offers the unit's Mayhem plays too. One Instant per unit per window (L284).
import type { Dir } from '../content.js';
import { pathTo, reachAll } from '../geometry.js';
import { mpLeft } from '../legal.js';
import { footprintAt, unitAt, type Frame, type S, type Side, type Unit } from '../state.js';
import { say, type Ev } from './board.js';
import { canDash, checkOms, dashSpaces } from './combat.js';
import { checkEvents } from './events.js';
import { canRespondNow, paidDashSpaces } from './instants.js';
import { spend } from './actions.js';
import { trafficCheck } from './traffic.js';

export type PhaseWindow = 'W-draw' | 'W-action' | 'W-refresh';
export type StepFrame = Extract<Frame, { t: 'step' }>;
export type WindowFrame = Extract<Frame, { t: 'paid' | 'phase' | 'step' }>;

/** The open window frame of an `instant_window` decision (W-paid, W-phase or W-step). */
export function windowFrame(s: S): WindowFrame | null {
  const f = s.stack[s.stack.length - 1];
  return f && (f.t === 'paid' || f.t === 'phase' || f.t === 'step') ? f : null;
}

/** Dash spaces of `u` in window `f`: W-paid and W-phase with the option `paidDash`, W-step always. */
export function windowDashSpaces(s: S, f: WindowFrame, u: Unit): string[] {
  if (f.t === 'paid') return paidDashSpaces(s, u, f.act);
  if (f.t === 'phase' && !s.paidDash) return [];
  return canDash(s, u) ? dashSpaces(s, u) : [];
}

function canRespond(s: S, u: Unit, dash: boolean): boolean {
  return canRespondNow(s, u) || (dash && canDash(s, u));
}

/** Units of the Side other than `acting` that can respond now (unit id order); of `ids` when given. */
function responders(s: S, acting: Side, dash: boolean, ids?: string[]): string[] {
  const all = ids ?? Object.values(s.units).filter((u) => u.side !== acting).map((u) => u.id).sort();
  return all.filter((id) => canRespond(s, s.units[id], dash));
}

/** A W-phase window of the other Side in the active Side's `window` phase (null: nobody can respond, no window). */
export function phaseWindow(s: S, window: PhaseWindow): Frame | null {
  const units = responders(s, s.side, !!s.paidDash);
  return units.length ? { t: 'phase', window, units } : null;
}

/** Settles a W-phase window: the units that still can respond are asked in turn, then it closes. */
export function phaseWaits(s: S, f: Extract<Frame, { t: 'phase' }>): boolean {
  f.units = responders(s, s.side, !!s.paidDash, f.units);
  if (f.units.length) return true;
  s.stack.pop();
  return false;
}

/** With `fineGrainedMovementWindows`, a move of a unit on the map is made one MP at a time (true: the step frame is pushed). */
export function stepMove(s: S, a: { unit: string; to: string; facing: Dir }): boolean {
  const u = s.units[a.unit];
  if (!s.stepWindows || !u.at) return false;
  s.stack.push({ t: 'step', unit: u.id, to: a.to, facing: a.facing, units: null, path: [u.at] });
  return true;
}

/**
 * Settles a W-step move: before each MP the other Side's units that can respond are asked; then
 * one space of the cheapest path to the destination as the map now stands is entered (OMs flip,
 * events trigger). A response that leaves the destination out of reach (a Dash onto the path, a
 * new ZoC) ends the move where the unit stands, its MP left unspent (event `move_stopped`).
 */
export function stepWaits(s: S, f: StepFrame, ev: Ev): boolean {
  const u = s.units[f.unit];
  if (!u.at || u.downed) { s.stack.pop(); return false; }
  f.units = f.units === null ? responders(s, u.side, true) : responders(s, u.side, true, f.units);
  if (f.units.length) return true;
  const all = reachAll(s, u, mpLeft(s, u.id), null);
  const path = pathTo(all, f.to);
  if (!all.has(f.to) || path.length < 2) {
    s.stack.pop();
    say(ev, 'move_stopped', { unit: u.id, at: u.at, path: f.path });
    return false;
  }
  const next = path[1];
  spend(s, u.id, all.get(next)!.cost);
  checkOms(s, u, next, ev);
  const from = u.at;
  u.at = next;
  f.path.push(next);
  f.units = null; // the next MP opens a new window
  if (next === f.to) { u.facing = f.facing; s.stack.pop(); }
  checkEvents(s, u, [next], from);
  say(ev, next === f.to ? 'moved' : 'stepped', next === f.to ? { unit: u.id, path: f.path, facing: f.facing } : { unit: u.id, to: next });
  // Into a drone's Traffic zone: the check comes before the next MP (a hit ends the move, rules/traffic.ts);
  // a space only crossed (a friendly unit there) is not stood on: the check waits for the next free one.
  const occ = unitAt(s);
  const free = (k: string) => footprintAt(u, k).every((c) => !occ.get(c) || occ.get(c) === u);
  if (free(next)) trafficCheck(s, u, f.path.slice(0, -1).reverse().find(free) ?? null, next);
  return false;
}
