// Reaction windows on the other Side's Turn beyond W-paid and W-preroll (spec 8.2; L277-284):
// W-phase, "during the Draw, Action, or Refresh Phases" (one window at the start of each: after
// the Refresh card is drawn, after each board is activated, before the Refresh Phase's first step),
// and W-step, "before a Unit uses a Movement Point" (game option `fineGrainedMovementWindows`: a
// `move` is then made one space at a time with a window before each MP; off by default, spec 8.2
// async protocol 4; without it, only before the MP where a registered step trigger fires: an enemy
// entering the ZoC or LOS of the trigger's unit, that unit alone asked). Each window is the decision `instant_window`, answered one unit at a time in
// unit id order by the seat its board is dealt to, and opens only when some unit of the
// other Side can pay a response: an Instant gadget Action, a Mayhem card (option `mayhemWindows`,
// rules/instants.ts), or a Dash (W-step always; W-phase with the option `paidDash`, as W-paid). A
// window open for any of them offers the unit's Mayhem plays too. One Instant per unit per window (L284).
import { violation, type Seat, type Violation } from '../../../engine/types.js';
import type { Dir } from '../content.js';
import { los, pathTo, reachAll, unitZoc } from '../geometry.js';
import { mpLeft } from '../legal.js';
import { footprint, footprintAt, map, unitAt, type Frame, type S, type Side, type StepTrigger, type Unit } from '../state.js';
import { say, type Ev } from './board.js';
import { canDash, checkOms, dashSpaces, reactingSeat } from './combat.js';
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

/** Why a seat may not register these step triggers (null: it may): its own units, each trigger once. */
export function stepTriggersProblem(s: S, seat: Seat, triggers: StepTrigger[]): Violation | null {
  if (!Array.isArray(triggers)) return violation('bad_trigger', 'triggers is a list of {unit, when: "zoc" | "los"}');
  const seen = new Set<string>();
  for (const t of triggers) {
    if (t?.when !== 'zoc' && t?.when !== 'los') return violation('bad_trigger', 'a trigger is {unit, when: "zoc" | "los"}');
    const u = s.units[t.unit];
    if (!u) return violation('unknown_unit', `no unit ${t.unit}`);
    if (u.side !== s.seats[seat] || reactingSeat(s, u) !== seat) return violation('not_your_unit', `${t.unit} is not on a board dealt to seat ${seat}`);
    const key = `${t.unit}:${t.when}`;
    if (seen.has(key)) return violation('duplicate_trigger', `${t.unit} ${t.when} is named twice`);
    seen.add(key);
  }
  return null;
}

/** Registers a seat's step triggers, replacing its earlier ones; the event goes to that seat alone (orders are private). */
export function setStepTriggers(s: S, seat: Seat, triggers: StepTrigger[], ev: Ev): void {
  const all = { ...s.stepTriggers };
  if (triggers.length) all[seat] = triggers.map((t) => ({ unit: t.unit, when: t.when }));
  else delete all[seat];
  if (Object.keys(all).length) s.stepTriggers = all; else delete s.stepTriggers;
  ev.push({ type: 'step_triggers', to: { seats: [seat] }, data: { triggers } });
}

/**
 * The units whose step trigger fires when `u` spends an MP from `from` into `to` ("enters" the
 * ZoC or LOS of the unit: in it after the MP, not before), in unit id order, that can respond then.
 */
function firing(s: S, u: Unit, from: string, to: string): string[] {
  if (!s.stepTriggers) return [];
  const m = map(s);
  const before = footprintAt(u, from);
  const after = footprintAt(u, to);
  const fired = new Set<string>();
  for (const [seat, list] of Object.entries(s.stepTriggers)) {
    for (const t of list) {
      const x = s.units[t.unit];
      if (!x?.at || x.downed || x.side === u.side || reactingSeat(s, x) !== Number(seat)) continue;
      if (t.when === 'zoc') {
        const z = unitZoc(x);
        if (after.some((k) => z.has(k)) && !before.some((k) => z.has(k))) fired.add(x.id);
      } else {
        const seen = (ks: string[]) => ks.some((k) => footprint(x).some((o) => o !== k && los(m, o, k).ok));
        if (seen(after) && !seen(before)) fired.add(x.id);
      }
    }
  }
  return responders(s, u.side, true, [...fired].sort());
}

/** Whether a step trigger fires on the move of `u` to `to` along the cheapest path as the map stands. */
function triggeredOnPath(s: S, u: Unit, to: string): boolean {
  if (!s.stepTriggers) return false;
  const path = pathTo(reachAll(s, u, mpLeft(s, u.id), null), to);
  return path.some((k, i) => i > 0 && firing(s, u, path[i - 1], k).length > 0);
}

/**
 * A move of a unit on the map is made one MP at a time (true: the step frame is pushed) with
 * `fineGrainedMovementWindows`, or when a registered step trigger fires on its path; else it is
 * made whole, as if no trigger existed (the mover learns of a trigger only when it fires).
 */
export function stepMove(s: S, a: { unit: string; to: string; facing: Dir }): boolean {
  const u = s.units[a.unit];
  if (!u.at) return false;
  if (!s.stepWindows && !triggeredOnPath(s, u, a.to)) return false;
  s.stack.push({ t: 'step', unit: u.id, to: a.to, facing: a.facing, units: null, path: [u.at], ...(s.stepWindows ? {} : { triggers: true as const }) });
  return true;
}

/**
 * Settles a W-step move: before each MP the other Side's units that can respond are asked (with
 * step triggers only: the units whose trigger this MP fires); then one space of the cheapest path
 * to the destination as the map now stands is entered (OMs flip, events trigger). A response that
 * leaves the destination out of reach (a Dash onto the path, a new ZoC) ends the move where the
 * unit stands, its MP left unspent (event `move_stopped`).
 */
export function stepWaits(s: S, f: StepFrame, ev: Ev): boolean {
  const u = s.units[f.unit];
  if (!u.at || u.downed) { s.stack.pop(); return false; }
  if (f.units !== null) f.units = responders(s, u.side, true, f.units);
  else if (!f.triggers) f.units = responders(s, u.side, true);
  else {
    const p = pathTo(reachAll(s, u, mpLeft(s, u.id), null), f.to);
    f.units = p.length < 2 ? [] : firing(s, u, u.at, p[1]);
  }
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
