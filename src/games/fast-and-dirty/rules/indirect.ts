// Indirect artillery fire (§7.11, checklist #52-#53). A caller (a character or a squad leader)
// spends a Command sub-action to call an off-board section at a point in its LOS; an on-board
// mortar team fires on its own at any point a friendly figure sees. Timing: Quality test on 3D6
// (≥ 2 the strike arrives; 1 garbled; 0 an off-board section is lost for good, a mortar just
// fails). Accuracy: Quality test on 2D6; each failed die scatters the point 1D6", summed into one
// scatter in one random direction (A24). The impact resolves as a blast (§6.7), no ranging test;
// a non-blast weapon's strike hits one vehicle or sentry gun at the point, or nothing [P].
import { along, circlePolygonDistance, dist, edgeDistance, inside, type Pt } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { weapon, type WeaponDef } from '../content.js';
import { segmentBlock } from '../geometry.js';
import { QUALITY_TABLE, hasPersonality, living, inPlay, shiftQuality, type CallFire, type LuckySettled, type Quality, type S, type Side, type Unit } from '../state.js';
import { intercepted } from './pds.js';
import { couldImprove, luckyMay, pauseForLucky, settledRoll } from './lucky.js';
import { blastEffect } from './combat.js';
import { Run, randomDirection, successes } from './run.js';
import { rangeX } from './environment.js';
import { hull, isVehicle, topHit } from './vehicles.js';
import { sentryFootprints, sentryStruck } from './sentry.js';

export { randomDirection };

/** Off-board sections from the game option: `A-1`, `A-2`… for side 0, `B-1`… for side 1. */
export function artilleryOf(o: unknown): S['artillery'] | Violation {
  const out: S['artillery'] = [];
  const given = (o ?? {}) as Record<string, unknown>;
  for (const side of [0, 1] as const) {
    const list = given[side] ?? given[String(side)];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length > 4) return violation('bad_artillery', `side ${side}: artillery is a list of up to 4 weapon ids (§7.11)`);
    list.forEach((id, i) => out.push({ id: `${side === 0 ? 'A' : 'B'}-${i + 1}`, side, weapon: String(id), lost: false, usedTurn: 0 }));
  }
  for (const a of out) {
    const w = weapon(a.weapon);
    // A blast, or a non-blast weapon with an AT rating, whose strike hits one vehicle or sentry gun (§7.11 [P]).
    if (!w || !(w.blast || w.at) || !w.flags?.includes('indirect')) return violation('not_artillery', `${a.weapon} is not an indirect weapon (a blast, or non-blast with an AT rating) in the weapon table (§7.11)`);
  }
  return out;
}

const inTable = (s: S, p: unknown): p is Pt => Array.isArray(p) && p.length === 2 && Number.isInteger(p[0]) && Number.isInteger(p[1]) && p[0] >= 0 && p[1] >= 0 && p[0] <= s.table.w && p[1] <= s.table.h;

/** Why the Call Fire sub-action is not possible (§7.11), or null. */
export function callFireProblem(s: S, u: Unit, c: CallFire): Violation | null {
  const f = living(u).find((x) => x.id === c?.caller);
  if (!f) return violation('not_a_figure', `${c?.caller} is not a living figure of ${u.id}`);
  if (!(f.leader || f.character || u.kind === 'character' || f.id === u.scout || f.personalities?.includes('forwardObserver'))) return violation('not_a_caller', 'indirect fire is called by characters, squad leaders, scouts and forward observers (§7.11, §7.24, §2.7)');
  const a = s.artillery.find((x) => x.id === c.asset);
  if (!a || a.side !== u.side) return violation('no_such_asset', `${c.asset} is not an off-board section of your side`);
  if (a.lost) return violation('asset_lost', `${c.asset} was lost (§7.11)`);
  if (a.usedTurn === s.turn) return violation('asset_used', `${c.asset} has taken its strike call this turn (§7.11)`);
  if (!inTable(s, c.at)) return violation('off_table', 'the target point is off the table');
  if (segmentBlock(s, f.at, c.at, { fire: false, observerUnit: u, targetUnit: null })) return violation('no_line_of_sight', `${c.caller} cannot see the target point (§7.11)`);
  return null;
}

/** An on-board mortar team firing on its own (§7.11 [P]): unmoved, not in woods or a building, at a point a friendly figure sees, within range. */
export function mortarProblem(s: S, u: Unit, at: unknown): Violation | null {
  const figs = living(u);
  const w = figs.length ? weapon(figs[0].weapon) : undefined;
  if (u.kind !== 'weaponTeam' || !w?.flags?.includes('indirect')) return violation('not_a_mortar', `${u.id} has no indirect weapon (§7.11)`);
  if (u.pinned) return violation('pinned', `${u.id} is Pinned: it cannot shoot (§7.19)`);
  if (!inTable(s, at)) return violation('off_table', 'the target point is off the table');
  for (const f of figs) {
    const cover = s.terrain.find((t) => (t.kind === 'structure' || t.los === 'woodsLight' || t.los === 'woodsDense') && inside(f.at, t.points));
    if (cover) return violation('mortar_under_cover', `mortars may not fire from woods or buildings (${cover.id}) (§7.11)`);
  }
  const long = (d: number) => 3 * QUALITY_TABLE[u.quality].base * rangeX(s, u, w, d);
  if (!figs.some((f) => edgeDistance(f.at, f.r, at, 0) <= long(edgeDistance(f.at, f.r, at, 0)))) return violation('out_of_range', `the point is beyond ${w.name}'s long range of ${long(0) / 100}"`);
  const spotted = s.units.some((v) => v.side === u.side && inPlay(v) && !v.hidden && living(v).some((f) => !segmentBlock(s, f.at, at, { fire: false, observerUnit: v, targetUnit: null })));
  if (!spotted) return violation('not_spotted', 'no friendly figure sees the target point (§7.11: any target spotted by the force)');
  return null;
}

/**
 * Timing, accuracy, scatter and impact of one strike. Personality Lucky (§2.7): `luck`, the unit
 * whose own tests these are (an on-board mortar team, or the squad whose figure calls an off-board
 * section), may re-roll one timing die when a 6 would make the strike arrive, or one accuracy die
 * that failed (a 6 passes it, scattering less); `pre`: the dice an answer settled. The scatter dice
 * get no window: a 6 there is never better for the firer (more scatter). The Strike Effect is the
 * mortar's (rules/combat.ts); an off-board section's belongs to no unit on the table.
 */
function strike(s: S, run: Run, q: Quality, weaponId: string, at: Pt, who: Record<string, unknown>, timingBonus = 0, recon = false, lucky = false, luck: Unit | null = null, pre: LuckySettled | null = null): 'arrived' | 'garbled' | 'lost' | 'failed' | 'paused' {
  const target = QUALITY_TABLE[q].target;
  const from = typeof who.unit === 'string' ? s.units.find((x) => x.id === who.unit) : undefined;
  const w = weapon(weaponId);
  if (pre?.roll !== 'accuracy') {
    // Recon: 2D6 plus one automatic success (§2.6).
    const dice = pre?.roll === 'timing' ? pre.faces : run.roll('artillery_timing', recon ? 2 : 3, who);
    const count = (f: number[]) => successes(f.map((d) => d + timingBonus), target) + (recon ? 1 : 0);
    const timing = count(dice);
    if (!pre && timing < 2 && luck && luckyMay(s, luck, true) && couldImprove(dice, (f) => (count(f) >= 2 ? 1 : 0))) {
      pauseForLucky(s, run, luck, 'timing', dice, { roll: 'timing' }, { successes: timing }, target - timingBonus);
      return 'paused';
    }
    if (timing < 2) {
      // An on-board mortar's 0 is just a failure (§7.11).
      const r = timing === 1 ? 'garbled' : who.asset ? 'lost' : 'failed';
      run.emit('artillery_timing', { ...who, successes: timing, result: r });
      return r;
    }
    // The shell is on its way: an enemy point-defence system may destroy it (§7.25: "a blast-weapon shell or an RPG").
    if (w.blast && intercepted(s, run, from?.side ?? null, at, who)) return 'arrived';
  }
  const acc = pre?.roll === 'accuracy' ? pre.faces : run.roll('artillery_accuracy', 2, who);
  const failed = acc.filter((d) => d < target).length;
  if (!pre && failed && luck && luckyMay(s, luck, true)) {
    pauseForLucky(s, run, luck, 'accuracy', acc, { roll: 'accuracy' }, { failed }, target);
    return 'paused';
  }
  let point: Pt = [at[0], at[1]];
  if (failed) {
    const inches = run.roll('artillery_scatter', failed, who).reduce((x, y) => x + y, 0);
    const p = along(at, randomDirection(run), inches * 100);
    point = [Math.max(0, Math.min(s.table.w, p[0])), Math.max(0, Math.min(s.table.h, p[1]))];
  }
  run.emit('artillery_strike', { ...who, weapon: w.id, aimed: at, at: point, scatter: dist(at, point), radius: w.blast });
  if (!w.blast) { nonBlastStrike(s, run, point, w, String(who.asset ?? who.unit)); return 'arrived'; }
  // An on-board mortar's own unit fires the round (its Holy or Unholy weapon counts, §2.6); an off-board section belongs to no unit, of the caller's side (Primitive's future shock).
  if (blastEffect(s, run, point, w, null, undefined, who.asset ? null : from ?? null, from?.side ?? null, lucky && !who.asset)) return 'paused';
  return 'arrived';
}

/** How near the final point a non-blast strike finds its one target: the footprint containing it, or within 1" (§7.11 [P]). */
export const NON_BLAST_REACH = 100;

/**
 * A non-blast strike (§7.11: "Armoured vehicles are only affected by indirect fire from non-blast
 * weapons"; the spec's [P]): it hits the single vehicle whose footprint contains the final point or
 * is within 1" of it, the nearest first (then by id), with 1 hit at the weapon's AT against its top
 * armour; a standing sentry gun, vehicle-like (§7.25 [P]), is such a target too, its armour 6 all
 * round. Anything else (infantry) it misses.
 */
function nonBlastStrike(s: S, run: Run, at: Pt, w: WeaponDef, by: string): void {
  const near: { d: number; id: string; hit: () => void }[] = [];
  for (const v of s.units) if (isVehicle(v) && inPlay(v)) near.push({ d: circlePolygonDistance(at, 0, hull(v)), id: v.id, hit: () => topHit(s, run, v, w) });
  for (const g of sentryFootprints(s)) near.push({ d: Math.max(0, dist(at, g.at) - g.r), id: g.id, hit: () => sentryStruck(s, run, g.id, w, by) });
  const t = near.filter((x) => x.d <= NON_BLAST_REACH).sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1))[0];
  run.emit('indirect_hit', { weapon: w.id, at, target: t?.id ?? null });
  t?.hit();
}

/**
 * A Call Fire sub-action (§7.11). `lucky`: the Command order resumes at the call after a Lucky window
 * on the caller's timing or accuracy dice (§2.7 [P]: the caller's Quality tests are its squad's own
 * rolls); true when one paused it.
 */
export function callFire(s: S, run: Run, u: Unit, c: CallFire, lucky = false): boolean {
  const a = s.artillery.find((x) => x.id === c.asset)!;
  const pre = lucky ? settledRoll(s, u, 'timing') ?? settledRoll(s, u, 'accuracy') : null;
  // Personalities (§2.7): a Forward Observer calls one Quality level higher; Comms in the squad, +1 to each timing die [P].
  const fo = living(u).find((f) => f.id === c.caller)?.personalities?.includes('forwardObserver');
  const comms = hasPersonality(u, 'comms') ? 1 : 0;
  if (!pre) {
    a.usedTurn = s.turn;
    run.emit('fire_called', { unit: u.id, caller: c.caller, asset: a.id, at: c.at });
    if (fo || comms) run.emit('call_modifiers', { unit: u.id, ...(fo ? { forwardObserver: true } : {}), ...(comms ? { comms } : {}) });
  }
  const r = strike(s, run, fo ? shiftQuality(u.quality, 1) : u.quality, a.weapon, c.at, { unit: u.id, asset: a.id }, comms, !!u.traits?.includes('recon'), false, lucky ? u : null, pre);
  if (r === 'lost') { a.lost = true; run.emit('asset_lost', { asset: a.id, side: a.side as Side }); }
  return r === 'paused';
}

/**
 * An on-board mortar team fires at a point (§7.11). `lucky`: the order's step resumes after a Lucky
 * window on the team's Strike Effect dice at an enemy unit (§2.7); true when one paused it.
 */
export function mortarFire(s: S, run: Run, u: Unit, at: Pt, lucky = false): boolean {
  // A Lucky answer runs the order's step again: the strike was finished by the answer, or goes on with its settled timing or accuracy dice.
  if (lucky && settledRoll(s, u, 'fire')?.done) return false;
  const pre = lucky ? settledRoll(s, u, 'timing') ?? settledRoll(s, u, 'accuracy') : null;
  u.actedTurn = s.turn;
  if (!pre) run.emit('mortar_fire', { unit: u.id, at });
  return strike(s, run, u.quality, living(u)[0].weapon, at, { unit: u.id }, 0, false, lucky, lucky ? u : null, pre) === 'paused';
}
