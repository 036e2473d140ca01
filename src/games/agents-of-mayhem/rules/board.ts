// Unit boards: wells and capacities, paying Action costs (with Stunned), gaining cubes and
// statuses, Hits on Elites and Minions, Downed units, VP and the instant win (spec §2.2,
// §7.3.7, §7.11, §7.13).
import type { Status } from '../abilities.js';
import { CONTENT } from '../content.js';
import { LETTER, WELLS, count, isElite, isFigure, seatsOf, other, type Board, type S, type Side, type Unit, type Well } from '../state.js';
import { violation, type GameEvent, type Violation } from '../../../engine/types.js';

export type Ev = GameEvent[];
export const say = (ev: Ev, type: string, data: unknown) => { ev.push({ type, to: 'all', data }); };

export function capacity(b: Board, w: Well | 'shield' | 'armor'): number {
  const e = CONTENT.elites[b.id];
  if (e) return e.wells[w];
  if (w === 'shield' || w === 'armor') return 0;
  return CONTENT.squads[b.id].wells[w];
}
/** Free space of a well = capacity − cubes − wounds − Disrupted reservations (spec §2.2.1). */
export function free(b: Board, w: Well): number {
  return capacity(b, w) - b.cubes[w] - b.wounds[w] - b.disrupted.filter((d) => d === w).length;
}
/** Gain a cube if there is room (no overflow, L324). */
export function gainCube(b: Board, w: Well | 'shield' | 'armor'): boolean {
  if (w === 'shield' || w === 'armor') {
    if (b[w] >= capacity(b, w)) return false;
    b[w]++;
    return true;
  }
  if (free(b, w) <= 0) return false;
  b.cubes[w]++;
  return true;
}

/** Cost letters as well counts; 'FREE' costs nothing. */
export function costOf(cost: string): Record<Well, number> {
  const out: Record<Well, number> = { speed: 0, focus: 0, tech: 0, mayhem: 0 };
  if (cost !== 'FREE') for (const ch of cost) out[LETTER[ch]]++;
  return out;
}

/**
 * The cubes an Action of `u` takes from board `b`: its printed cost plus 2 per Stunned marker,
 * green, yellow or blue, the player's choice (spec §2.2.6): `surcharge` names them (letters G, Y,
 * B); not named, the server's default takes them from the fullest well, ties Speed, Focus, Tech.
 * null: it cannot be paid in full (or the named surcharge is not 2 per marker, spec 2.2.6).
 */
export function payment(b: Board, u: Unit, cost: string, surcharge?: string): Record<Well, number> | null {
  const need = costOf(cost);
  const left = { ...b.cubes };
  for (const w of WELLS) { left[w] -= need[w]; if (left[w] < 0) return null; }
  const extra = 2 * count(u, 'STUNNED');
  if (surcharge !== undefined) {
    if (surcharge.length !== extra || !/^[GYB]*$/.test(surcharge)) return null;
    for (const ch of surcharge) { const w = LETTER[ch]; if (left[w] <= 0) return null; left[w]--; need[w]++; }
    return need;
  }
  for (let i = 0; i < extra; i++) {
    const w = (['speed', 'focus', 'tech'] as Well[]).reduce((a, c) => (left[c] > left[a] ? c : a), 'speed' as Well);
    if (left[w] <= 0) return null;
    left[w]--; need[w]++;
  }
  return need;
}

/**
 * Why the named Stunned surcharge cannot be paid with an Action costing `cost` (null: it can, or
 * none is named): 2 green, yellow or blue cubes per Stunned marker, from the unit's board, beside
 * the cost (spec §2.2.6, A-36). `uses`: an Action taken that many times at once (Block).
 */
export function surchargeProblem(b: Board, u: Unit, cost: string, surcharge: string | undefined, uses = 1): Violation | null {
  if (surcharge === undefined) return null;
  const n = 2 * count(u, 'STUNNED');
  if (!n) return violation('not_stunned', `${u.id} is not Stunned: no surcharge to name (spec 2.2.6)`);
  if (surcharge.length !== n * uses) return violation('surcharge_count', `Stunned ${n / 2} time(s): the surcharge is ${n} cube(s)${uses > 1 ? ` per use, ${n * uses} in all` : ''}, ${surcharge.length} named (spec 2.2.6)`);
  if (!/^[GYB]*$/.test(surcharge)) return violation('surcharge_colour', 'the Stunned surcharge is paid in green, yellow or blue cubes: G, Y, B (spec 2.2.6)');
  const need = costOf(cost.repeat(uses) + surcharge.replace(/[^GYB]/g, ''));
  const short = WELLS.find((w) => need[w] > b.cubes[w]);
  if (short) return violation('cannot_pay_surcharge', `${u.board} has ${b.cubes[short]} ${short} cube(s): ${need[short]} needed for ${cost === 'FREE' ? 'the' : `${cost.repeat(uses)} and the`} named surcharge ${surcharge} (spec 2.2.6)`);
  return null;
}

/** The default surcharge's letters for an Action costing `cost` ('' when not Stunned, null when it cannot be paid). */
export function defaultSurcharge(b: Board, u: Unit, cost: string): string | null {
  const p = payment(b, u, cost);
  if (!p) return null;
  const c = costOf(cost);
  return (['speed', 'focus', 'tech'] as const).map((w) => ({ speed: 'G', focus: 'Y', tech: 'B' } as const)[w].repeat(p[w] - c[w])).join('');
}

/**
 * Another surcharge than the default one can pay (one colour only), for the candidates: null when
 * there is none. `uses`: an Action taken that many times at once (Block), each use's default
 * taken in turn as the payment does, the named one covering them all (spec 2.2.6).
 */
export function altSurcharge(b: Board, u: Unit, cost: string, uses = 1): string | null {
  const n = 2 * count(u, 'STUNNED');
  if (!n || uses < 1) return null;
  const left: Board = { ...b, cubes: { ...b.cubes } };
  let def = '';
  for (let i = 0; i < uses; i++) {
    const p = payment(left, u, cost);
    if (!p) return null;
    def += defaultSurcharge(left, u, cost)!;
    pay(left, p);
  }
  for (const ch of ['G', 'Y', 'B']) { const alt = ch.repeat(n * uses); if (alt !== def && !surchargeProblem(b, u, cost, alt, uses)) return alt; }
  return null;
}
export function pay(b: Board, p: Record<Well, number>): void { for (const w of WELLS) b.cubes[w] -= p[w]; }

export function giveStatus(s: S, u: Unit, k: Status, ev: Ev): void {
  u.statuses.push({ kind: k, turn: s.turnNo });
  say(ev, 'status_gained', { unit: u.id, status: k });
}

/** A Permanent Mayhem Status; a pair is removed for 1 Mayhem cube, lost if the well is full (spec 7.7). */
export function gainMayhemStatus(s: S, boardId: string, ev: Ev): void {
  const b = s.boards[boardId];
  b.mayhemStatus++;
  say(ev, 'mayhem_status', { board: b.id, count: b.mayhemStatus });
  if (b.mayhemStatus >= 2) {
    b.mayhemStatus -= 2;
    const got = gainCube(b, 'mayhem');
    say(ev, 'mayhem_converted', { board: b.id, cube: got });
  }
}

export function lead(s: S): number {
  return (s.vpStart.side === 'MAYHEM' ? s.vpStart.value : -s.vpStart.value) + s.vp.MAYHEM - s.vp.LEGION;
}

/** A Side scores; a lead of 20 on the track wins at once (spec §7.11.1 [P]). */
export function addVp(s: S, side: Side, n: number, why: string, ev: Ev): void {
  s.vp[side] += n;
  say(ev, 'vp', { side, vp: n, why, lead: lead(s) });
  if (!s.result && Math.abs(lead(s)) >= 20) finish(s, `${side} reached a lead of 20 VP`, ev);
}

export function finish(s: S, reason: string, ev: Ev): void {
  const l = lead(s);
  const winner: Side | null = l > 0 ? 'MAYHEM' : l < 0 ? 'LEGION' : null;
  s.result = { winners: winner ? seatsOf(s, winner) : [], draw: !winner, reason: winner ? reason : `${reason}: tie`, scores: { MAYHEM: s.vp.MAYHEM, LEGION: s.vp.LEGION, lead: l } };
  s.stack = [];
  say(ev, 'mission_over', { winner, lead: l, reason });
}

/** Minion Defense total (Shield + Armor + Health). */
export function defense(minion: string): number { const d = CONTENT.minions[minion].defense; return d.shield + d.armor + d.health; }

/** Downed: the figure leaves the map, an Elite's board is cleared, "Downed" VP fire (spec §7.13). */
export function down(s: S, u: Unit, ev: Ev): void {
  // Once only: an Ally Downed with its host is not Downed again by the same cause (e.g. a Tile wiped by the Dark Matter Bomb).
  if (u.downed) return;
  u.at = null; u.downed = true; u.hits = 0; u.statuses = [];
  if (isFigure(u)) {
    const b = s.boards[u.board];
    b.shield = 0; b.armor = 0; b.disrupted = []; b.mayhemStatus = 0;
    for (const w of WELLS) { b.cubes[w] = 0; b.wounds[w] = 0; }
  }
  say(ev, 'downed', { unit: u.id });
  // An Ally is Downed with the Elite it is attached to (L1967); its Ally board stays.
  if (isFigure(u)) for (const a of Object.values(s.units).filter((x) => x.ally && x.board === u.board && x.at).sort((x, y) => (x.id < y.id ? -1 : 1))) down(s, a, ev);
  const scorer = other(u.side);
  for (const wc of CONTENT.missions[s.mission].sides[scorer].winConditions) {
    if (wc.trigger === 'enemyDowned' && wc.when === 'immediately' && !s.result) addVp(s, scorer, wc.vp, wc.text, ev);
  }
}

export function totalWounds(b: Board): number { return WELLS.reduce((n, w) => n + b.wounds[w], 0); }

/** Wells a Wound may go to: not already full of Wounds (a Disrupted space counts as full, [P]). */
export function woundWells(b: Board): Well[] {
  return WELLS.filter((w) => b.wounds[w] + b.disrupted.filter((d) => d === w).length < capacity(b, w));
}

/** Place one Wound in `w`: it replaces an Action or Mayhem cube when the well has no free space. */
export function placeWound(b: Board, w: Well): void {
  if (free(b, w) <= 0 && b.cubes[w] > 0) b.cubes[w]--;
  b.wounds[w]++;
}
