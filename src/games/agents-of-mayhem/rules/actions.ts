// The Action Phase (spec §6.3, §7.1, §7.2): activating a board (Move Up/Down), paying and
// taking Actions, MP per Action (weapon MP before or after, never split), moves, Jumps,
// Dashes, entering the map, group Actions (+N) of Squads.
import { edmksTax } from './ddd.js';
import { checkEvents } from './events.js';
import { discardMayhem } from './mayhem.js';
import { delayAction, delayWhenRemoved, mandatoryTimer, placeUntil } from './timers.js';
import { cardOf, jumpOf } from '../legal.js';
import { CONTENT, type Color, type CompiledAction, type Dir } from '../content.js';
import { jumpLandings, parseKey, pathTo, reachAll } from '../geometry.js';
import { entryEdge, mpLeft, slotOf } from '../legal.js';
import { actOf, actionOf, count, footprintAt, isElite, isFigure, mission, unitAt, unitKey, type PaidAct, type S, type Unit } from '../state.js';
import { instantDef, isSelfInstant, paidWindow } from './instants.js';
import { phaseWindow, stepMove } from './windows.js';
import { gainMayhemStatus, pay, payment, say, type Ev } from './board.js';
import { checkOms, dashAction, selfEffects, startAttack } from './combat.js';
import { trafficCheck, trafficCut } from './traffic.js';

export function activate(s: S, board: string, ev: Ev): void {
  const sl = slotOf(s);
  sl.board = board;
  const fig = isElite(board) ? s.units[board] : null;
  // Move Up: +3 MP on activation; Move Down: −3, taken first from this pool, then from Actions (spec §7.2.1 [P]).
  if (fig) {
    const net = 3 * count(fig, 'MOVE_UP') - 3 * count(fig, 'MOVE_DOWN');
    sl.pool = Math.max(0, net);
    sl.penalty = Math.max(0, -net);
  }
  say(ev, 'activated', { side: s.side, seat: sl.seat, board });
  // Advanced: every Activation gives the board a Permanent Mayhem Status (L1597).
  if (mission(s).rules === 'advanced') gainMayhemStatus(s, board, ev);
  // W-phase (L278): the other Side's Instants in the Action Phase, once a board is activated (after its EDMKS tax).
  const w = phaseWindow(s, 'W-action');
  if (w) s.stack.push(w);
  const tax = edmksTax(s, board, sl.seat);
  if (tax) s.stack.push(tax);
}

/** MP granted by an Action, less any Move Down still owed. */
function grant(s: S, u: Unit, def: CompiledAction, n: number): void {
  const sl = slotOf(s);
  const cut = u.board === sl.board && isFigure(u) ? Math.min(sl.penalty, n) : 0;
  sl.penalty -= cut;
  sl.mp = { unit: u.id, left: n - cut, jump: def.jump ?? null };
}

export function takeAction(s: S, a: PaidAct, ev: Ev): void {
  const sl = slotOf(s);
  const u = s.units[a.unit];
  const def = actOf(u, a)!;
  pay(s.boards[u.board], payment(s.boards[u.board], u, def.cost + (a.aim === true ? 'Y' : ''), a.surcharge)!);
  if (def.type === 'main') sl.main = true;
  if (def.type === 'addon') sl.addons.push(`${unitKey(u)}:${def.base ?? def.id}`);
  // A character use discards its Mayhem card (spec 7.7).
  const card = cardOf(u, def.id);
  if (card) { discardMayhem(s, u.side, card, ev); say(ev, 'mayhem_played', { side: u.side, card, use: 'character', board: u.board, cube: null }); }
  // A new Action ends the previous one: its unused MP and any group extension are lost (spec §7.2.1).
  if (def.kind !== 'jump') { sl.mp = null; sl.group = null; sl.fire = null; }
  say(ev, 'action', { unit: u.id, action: def.id, cost: def.cost, target: a.target ?? null });
  // W-paid: the other Side's Instants after the Action is paid, before any of it is performed (L280).
  const w = paidWindow(s, u, def, a);
  if (w) { s.stack.push(w); return; }
  performPaid(s, a, ev);
}

/** The rest of an Action once paid (and its W-paid window closed). */
export function performPaid(s: S, a: PaidAct, ev: Ev): void {
  const sl = slotOf(s);
  const u = s.units[a.unit];
  // Downed in the W-paid window (an Instant attack of the other Side, rules/instants.ts): the Action, paid, is lost.
  if (u.downed) { say(ev, 'action_lost', { unit: u.id, action: a.action }); return; }
  // A self Instant taken in its own Turn (rules/instants.ts useInstant): its abilities now; the current Action, its MP and allowances stay as they are.
  if (isSelfInstant(s, a)) { selfEffects(s, u, instantDef(u, a.action)!, ev); if (a.timer) placeUntil(s, u, instantDef(u, a.action)!, ev); return; }
  const def = actOf(u, a)!;
  // A delayed Action (aimed by timer, or a mandatory timer): paid now, its allowance used, resolved when the timer comes off (spec 7.8 [P]).
  if (a.aim === 'timer' || (def.kind === 'attack' && mandatoryTimer(s, def))) { delayAction(s, u, def, !!a.aim, ev); return; }
  // An optional Delay Action timer placed (the Golem's Charge): the whole Action waits for it (L1663), aimed if +1 Focus was paid.
  if (a.timer && def.kind === 'attack') { delayWhenRemoved(s, u, def, a.aim === true, ev); return; }
  if (def.group && u.minion) sl.group = { action: def.id, minion: u.minion, used: [u.id], left: def.group };
  performAction(s, u, def, a.target, a.when, ev, !!a.aim, a);
  if (a.timer) placeUntil(s, u, def, ev);
  const f = s.stack[s.stack.length - 1];
  if (a.mayhem && f?.t === 'attack') { discardMayhem(s, u.side, a.mayhem, ev); f.mayhemDie = true; }
}

function performAction(s: S, u: Unit, def: CompiledAction, target: string | undefined, when: 'before' | 'after' | undefined, ev: Ev, aimed = false, dice: { dieUpgrades?: Color[]; dieDowngrades?: Color[] } = {}): void {
  const sl = slotOf(s);
  switch (def.kind) {
    case 'move': grant(s, u, def, def.mp ?? 0); break;
    case 'jump': sl.mp!.jump = def.jump!; break;
    case 'self': selfEffects(s, u, def, ev, target); break;
    case 'attack':
      if (when === 'before') { grant(s, u, def, def.mp ?? 0); sl.fire = { unit: u.id, action: def.id }; break; }
      startAttack(s, sl.seat, u, def, target!, ev, aimed, dice);
      if (def.mp) grant(s, u, def, def.mp);
      break;
    default: break;
  }
}

export function groupAction(s: S, a: { unit: string; target?: string; dieUpgrades?: Color[]; dieDowngrades?: Color[] }, ev: Ev): void {
  const sl = slotOf(s);
  const g = sl.group!;
  g.used.push(a.unit);
  g.left--;
  const u = s.units[a.unit];
  const def = actionOf(u, g.action)!;
  say(ev, 'group_action', { unit: u.id, action: def.id, target: a.target ?? null });
  const keep = g.left > 0 ? g : null;
  sl.mp = null; sl.fire = null;
  performAction(s, u, def, a.target, undefined, ev, false, a);
  sl.group = keep;
}

export function fire(s: S, target: string | null, ev: Ev, dice: { dieUpgrades?: Color[]; dieDowngrades?: Color[] } = {}): void {
  const sl = slotOf(s);
  const f = sl.fire!;
  sl.fire = null;
  // Weapon MP is spent before or after the attack, never split: firing ends the move (L623).
  sl.mp = null;
  if (target === null) { say(ev, 'attack_forgone', { unit: f.unit }); return; }
  const u = s.units[f.unit];
  startAttack(s, sl.seat, u, actionOf(u, f.action)!, target, ev, false, dice);
}

export function spend(s: S, unit: string, n: number): void {
  const sl = slotOf(s);
  if (sl.mp?.unit === unit) { const k = Math.min(sl.mp.left, n); sl.mp.left -= k; n -= k; }
  sl.pool -= n;
}

/**
 * Moves along the cheapest path (ties: first in key order); OMs flip on every space entered (spec
 * §7.11.2 [P]). A path entering a drone's Traffic zone stops there for the Traffic check (spec
 * 7.2.2: it comes first), which goes on with the rest of the move unless the drone rams the unit.
 */
export function move(s: S, a: { unit: string; to: string; facing: Dir }, ev: Ev): void {
  // W-step (option fineGrainedMovementWindows): one MP at a time, a window before each (rules/windows.ts).
  if (stepMove(s, a)) return;
  const u = s.units[a.unit];
  const edge = entryEdge(s, u);
  const all = reachAll(s, u, mpLeft(s, u.id), edge);
  const full = pathTo(all, a.to);
  const from = u.at;
  const cut = trafficCut(s, u, from, full);
  const path = cut < 0 ? full : full.slice(0, cut + 1);
  const to = path[path.length - 1];
  spend(s, u.id, all.get(to)!.cost);
  if (!u.at) { u.entry = null; say(ev, 'entered', { unit: u.id, edge }); }
  // A Large Unit enters every space of its footprint along the path (spec 7.2.6).
  for (const k of path) for (const c of footprintAt(u, k)) checkOms(s, u, c, ev);
  u.at = to;
  if (cut < 0) u.facing = a.facing;
  checkEvents(s, u, path, from);
  say(ev, 'moved', { unit: u.id, path, facing: u.facing });
  if (cut >= 0) trafficCheck(s, u, lastFree(s, u, from, path.slice(0, -1)), to, { to: a.to, facing: a.facing });
}

/** The last space of `path` the unit could stand on (no other unit there), else `from`. */
function lastFree(s: S, u: Unit, from: string | null, path: string[]): string | null {
  const occ = unitAt(s);
  for (let i = path.length - 1; i >= 0; i--) if (path[i] !== from && footprintAt(u, path[i]).every((k) => !occ.get(k) || occ.get(k) === u)) return path[i];
  return from;
}

export function jump(s: S, a: { unit: string; to: string; facing: Dir }, ev: Ev): void {
  const sl = slotOf(s);
  const u = s.units[a.unit];
  const d = jumpLandings(s, u, jumpOf(s, u.id)!, sl.mp!.left).get(a.to)!;
  spend(s, u.id, d);
  sl.mp!.jump = null;
  const from = u.at!;
  u.at = a.to; u.facing = a.facing;
  checkOms(s, u, a.to, ev);
  checkEvents(s, u, [a.to], from);
  say(ev, 'jumped', { unit: u.id, from, to: a.to, levels: parseKey(a.to)[2] - parseKey(from)[2] });
  trafficCheck(s, u, from, a.to);
}

/** Dash: one space on any Turn, paid from the unit's own board (spec §7.2.5, L953). */
export function dash(s: S, a: { unit: string; to: string; facing: Dir; surcharge?: string }, ev: Ev): void {
  const u = s.units[a.unit];
  const d = dashAction(u)!;
  pay(s.boards[u.board], payment(s.boards[u.board], u, d.cost, a.surcharge)!);
  const from = u.at;
  u.at = a.to; u.facing = a.facing;
  checkOms(s, u, a.to, ev);
  checkEvents(s, u, [a.to], from);
  say(ev, 'dashed', { unit: u.id, to: a.to, facing: a.facing });
  trafficCheck(s, u, from, a.to);
}
export { CONTENT };
