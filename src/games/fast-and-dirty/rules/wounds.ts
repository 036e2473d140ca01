// Module Recover Wounded (§7.23, §6.5, checklist #42-#43): with option `recoverWounded`, a damage
// roll that beats the defence by 0-2 wounds instead of killing (Hostile atmosphere: 0-1, vacuum
// without self-sealing armour: 0 only, §7.1). A wounded figure is out of action: `alive` false like
// a dead one (it never moves, fights, shoots or counts for coherency), with `wounded` set. It counts
// as a casualty until stabilized. The Command sub-action Recover Wounded forms aid teams of two
// healthy figures (a Medic treats two wounded alone), one recovery roll each: 1D6, −1 Under Fire or
// Pinned, +1 with a Medic present; 6+ recovered, 4-5 stabilized (no more attempts, no longer a
// casualty), less dies. Leave No One Behind: a squad leaving untreated wounded rolls, unless its
// owner leaves a Medic with them (`medicStays`): he then stays out of its coherency, and may not
// leave them, until they recover, are stabilized or die.
import { violation, type Violation } from '../../../engine/types.js';
import { edgeDistance } from '../../../engine/mech/geom2d.js';
import { armour } from '../content.js';
import { coherencyDistance } from '../geometry.js';
import { hasPersonality, living, movers, staysBehind, type Figure, type S, type Unit } from '../state.js';
import type { Pt } from '../../../engine/mech/geom2d.js';
import type { Run } from './run.js';
import { has, kills } from './traits.js';
import { selfRepairing } from './nlu.js';
import { ignoresPain, resilientResult } from './resilience.js';
import { medevacWith } from './vehicle-properties.js';

export const woundRules = (s: S) => !!s.options.recoverWounded;

/** A figure lying wounded (stabilized or not): out of action, still on the table. */
export const isWounded = (f: Figure) => !f.alive && !!f.wounded;
/** The wounded figures of a unit, untreated or stabilized. */
export const woundedOf = (u: Unit) => (u.reserve ? [] : u.figures.filter((f) => isWounded(f) && !f.exited));
/** Untreated (unstabilized) wounded (§7.23: they count as casualties, Leave No One Behind). */
export const untreated = (u: Unit) => woundedOf(u).filter((f) => f.wounded === 'wounded');

/** The margin that kills (§6.5 step 5, §7.1): 3, Hostile 2, vacuum 1 unless the armour is self-sealing. */
export function killMargin(s: S, t: Unit, f: Figure): number {
  const atm = t.side === null ? 'standard' : s.options.atmosphere?.[t.side] ?? 'standard';
  if (atm === 'vacuum' && !armour(f.armour)?.selfSealing && !f.sealed) return 1;
  return atm === 'hostile' ? 2 : 3;
}

/**
 * The result of one damage roll against a figure (§6.5 steps 4-6): 'killed', 'wounded' or null.
 * Without the module any success kills; Droid Troopers are never wounded (§2.6); a wounded figure
 * that takes another wound or kill result is killed.
 */
export function damageResult(s: S, t: Unit, f: Figure, attack: number, defence: number): 'killed' | 'wounded' | null {
  if (!kills(t, attack, defence)) return null;
  // A figure fighting on with Ignore Pain is wounded already (§2.6).
  if (!woundRules(s) || has(t, 'droidTroopers') || isWounded(f) || f.painWound) return 'killed';
  return attack - defence >= killMargin(s, t, f) ? 'killed' : 'wounded';
}

/**
 * Apply a 'killed' or 'wounded' result (of a damage roll, or of a "wounded on 5, killed on 6" roll:
 * without the module a wound kills). Returns true when a figure that was fighting went down.
 */
export function applyHurt(s: S, run: Run, t: Unit, f: Figure, result0: 'killed' | 'wounded' | null): boolean {
  if (!result0) return false;
  // Resilient (§2.6): the result first costs the model Resilience Points.
  const result = resilientResult(run, t, f, result0);
  if (!result) return false;
  if (isWounded(f)) {
    delete f.wounded;
    run.emit('wounded_killed', { unit: t.id, figure: f.id });
    return false;
  }
  if (!f.alive) return false;
  // Ignore Pain (§2.6): wounded, the figure fights on; another wound or kill result kills it.
  if (f.painWound) {
    delete f.painWound;
    f.alive = false;
    run.emit('wounded_killed', { unit: t.id, figure: f.id, ignorePain: true });
    return true;
  }
  if (result === 'wounded' && woundRules(s) && ignoresPain(t)) {
    f.painWound = true;
    run.emit('wounded', { unit: t.id, figure: f.id, ignorePain: true });
    return false;
  }
  f.alive = false;
  // A Medic who goes down stays with no one (§7.23).
  delete f.staysWith;
  if (result === 'wounded' && woundRules(s)) {
    f.wounded = 'wounded';
    run.emit('wounded', { unit: t.id, figure: f.id });
  }
  return true;
}

/** The `damage` event's outcome fields, before the result is applied: killed, or newly wounded. */
export function hurtLabel(f: Figure, result: 'killed' | 'wounded' | null): { killed: boolean; wounded?: true } {
  if (!result || (!f.alive && !isWounded(f))) return { killed: false };
  if (isWounded(f) || f.painWound || result === 'killed') return { killed: true };
  return { killed: false, wounded: true };
}

/** One aid team's treatment: the wounded figure and its helpers (two healthy figures, or a Medic alone). */
export type Aid = { wounded: string; by: string[] };

/**
 * Why this Recover Wounded sub-action is not legal for the squad, or null (§7.23): each wounded
 * figure (untreated, of this unit) treated once; each helper a healthy figure of the unit in one
 * team, a team being two figures or one Medic, who may treat two wounded [P: two teams of one].
 */
export function recoverProblem(s: S, u: Unit, aid: Aid[]): Violation | null {
  if (!woundRules(s)) return violation('no_wound_rules', 'Recover Wounded needs the Recover Wounded module (option recoverWounded, §7.23)');
  if (!Array.isArray(aid) || !aid.length) return violation('malformed_action', 'recover is a list of {wounded, by}');
  const healthy = new Map(living(u).map((f) => [f.id, f]));
  const treated = new Set<string>();
  const helped = new Map<string, number>();
  for (const a of aid) {
    if (typeof a !== 'object' || a === null || typeof a.wounded !== 'string' || !Array.isArray(a.by)) return violation('malformed_action', 'recover is a list of {wounded, by: [fig, fig]}');
    const w = u.figures.find((f) => f.id === a.wounded);
    if (!w || !isWounded(w)) return violation('not_wounded', `${a.wounded} is not a wounded figure of ${u.id} (§7.23)`);
    if (w.wounded === 'stabilized') return violation('stabilized', `${a.wounded} is stabilized: no further attempts (§7.23)`);
    if (treated.has(a.wounded)) return violation('treated_twice', `${a.wounded} may be treated only once (§7.23)`);
    treated.add(a.wounded);
    const by = [...new Set(a.by)];
    if (by.length !== a.by.length) return violation('aid_team', 'an aid team is two different figures (§7.23)');
    for (const id of by) if (!healthy.has(id)) return violation('not_healthy', `${id} is not a healthy figure of ${u.id} (§7.23)`);
    const medic = by.length === 1 && healthy.get(by[0])!.personalities?.includes('medic');
    // Self Repairing (§2.6): the recovery roll needs no aid team.
    if (by.length === 0 && selfRepairing(u)) continue;
    if (by.length !== 2 && !medic) return violation('aid_team', 'an aid team is two healthy figures; a Medic treats alone (§7.23, §2.7)');
    for (const id of by) helped.set(id, (helped.get(id) ?? 0) + (medic ? 1 : 2));
  }
  // A figure serves one team; a Medic alone treats up to 2 wounded (counted as halves).
  for (const [id, n] of helped) if (n > 2) return violation('aid_team', `${id} already aids another wounded figure (§7.23)`);
  return null;
}

/** The figures a Recover Wounded sub-action keeps busy (they do nothing else, §7.23). */
export const aidBusy = (aid: Aid[] | undefined) => new Set((aid ?? []).flatMap((a) => a.by));

/** The recovery roll of one wounded figure (§7.23); also the Lull in the fight's roll. */
export function recoveryRoll(s: S, run: Run, u: Unit, f: Figure): void {
  const mods: Record<string, number> = {};
  if (u.underFire || u.pinned) mods.underFire = -1;
  if (hasPersonality(u, 'medic')) mods.medic = 1;
  const [d] = run.roll('recovery', 1, { unit: u.id, figure: f.id });
  const total = d + Object.values(mods).reduce((a, b) => a + b, 0);
  const result = total >= 6 ? 'recovered' : total >= 4 ? 'stabilized' : 'died';
  if (result === 'recovered') { f.alive = true; delete f.wounded; }
  else if (result === 'stabilized') f.wounded = 'stabilized';
  else delete f.wounded;
  run.emit('recovery', { unit: u.id, figure: f.id, roll: d, mods, total, result });
}

/** The Recover Wounded sub-action (validated beforehand): one roll per aid team. */
export function recoverWounded(s: S, run: Run, u: Unit, aid: Aid[]): void {
  for (const a of aid) {
    const f = u.figures.find((x) => x.id === a.wounded);
    if (f && f.wounded === 'wounded') recoveryRoll(s, run, u, f);
  }
}

/** Psionic Heal (§7.22): one wounded figure of a friendly unit fully recovers on 4+. */
export function heal(s: S, run: Run, t: Unit, fig: string | undefined): void {
  const f = woundedOf(t).find((x) => fig === undefined || x.id === fig);
  if (!f) return;
  const [d] = run.roll('psionic_heal', 1, { unit: t.id, figure: f.id });
  const ok = d >= 4;
  if (ok) { f.alive = true; delete f.wounded; }
  run.emit('psionic_heal', { unit: t.id, figure: f.id, recovered: ok });
}

/**
 * Why these carry pairs are not legal for the unit's Move, or null (§7.23 "Moving wounded"): each
 * carrier a different healthy figure, each carried figure a different wounded figure of the unit
 * with a path in the order. With variable movement the roll trims the carriers at half its allowance
 * and each carried figure is set down beside its carrier where it stops (turn.ts variableEnd) [P].
 */
export function carryProblem(s: S, u: Unit, carry: { by: string; fig: string }[], moves: { fig: string }[], perWounded = 1): Violation | null {
  if (!woundRules(s)) return violation('no_wound_rules', 'carrying wounded needs the Recover Wounded module (§7.23)');
  if (!Array.isArray(carry)) return violation('malformed_action', 'carry is a list of {by, fig}');
  const by = new Set<string>(), figs = new Map<string, number>();
  for (const c of carry) {
    if (typeof c !== 'object' || c === null || typeof c.by !== 'string' || typeof c.fig !== 'string') return violation('malformed_action', 'carry is a list of {by, fig}');
    if (!living(u).some((f) => f.id === c.by)) return violation('not_healthy', `${c.by} is not a healthy figure of ${u.id} (§7.23)`);
    const w = u.figures.find((f) => f.id === c.fig);
    if (!w || !isWounded(w) || w.exited) return violation('not_wounded', `${c.fig} is not a wounded figure of ${u.id} (§7.23)`);
    if (by.has(c.by)) return violation('one_each', `${c.by} carries one wounded figure (§7.23)`);
    by.add(c.by);
    figs.set(c.fig, (figs.get(c.fig) ?? 0) + 1);
    if (figs.get(c.fig)! > perWounded) return violation('one_each', perWounded === 1 ? `${c.fig} is carried once` : `${c.fig} is carried by ${perWounded} figures`);
    if (!moves.some((m) => m.fig === c.fig)) return violation('carry_no_path', `${c.fig} is carried: give it a path beside its carrier`);
  }
  for (const [f, n] of figs) if (n !== perWounded) return violation('carriers', `${f} needs ${perWounded} carriers (§7.12, §7.23)`);
  return null;
}

/**
 * The untreated wounded figures, not yet left behind, farther than `coherency` (edge to edge) from
 * every figure that moves with the unit (`pos`: positions by figure; the Medic `stay` left out):
 * the ones a move leaves behind (§7.23 [P]).
 */
function abandoned(u: Unit, coherency: number, pos: (f: Figure) => Pt, stay?: string): Figure[] {
  const company = movers(u).filter((f) => f.id !== stay);
  return untreated(u).filter((w) => !w.leftBehind && company.every((f) => edgeDistance(pos(f), f.r, pos(w), w.r) > coherency));
}

/**
 * The Medic rules of a move (§7.23), given its end positions: a Medic staying with wounded figures
 * may not leave them (he ends within the coherency distance of each untreated one [P]); the Medic
 * an order leaves behind (`stay`, the owner's choice) is a living Medic of the unit, not already
 * staying or carrying anyone, the move leaves at least one untreated wounded figure behind, and he
 * ends within the coherency distance of every one it leaves [P].
 */
export function medicMoveProblem(s: S, u: Unit, end: Map<string, Pt>, stay?: string, carriers: string[] = []): Violation | null {
  const coh = coherencyDistance(u);
  const pos = (f: Figure) => end.get(f.id) ?? f.at;
  for (const f of living(u)) {
    if (!end.has(f.id) || !staysBehind(u, f)) continue;
    const far = f.staysWith!.map((id) => u.figures.find((w) => w.id === id)!).filter((w) => w.wounded === 'wounded' && edgeDistance(pos(f), f.r, w.at, w.r) > coh);
    if (far.length) return violation('medic_stays', `${f.id} stays with ${far.map((w) => w.id).join(', ')} until they recover, are stabilized or die: he ends within ${coh / 100}" of them (§7.23 [P])`);
  }
  if (stay === undefined) return null;
  if (!woundRules(s)) return violation('no_wound_rules', 'leaving a Medic with the wounded needs the Recover Wounded module (option recoverWounded, §7.23)');
  const m = living(u).find((f) => f.id === stay);
  if (!m || !m.personalities?.includes('medic')) return violation('not_a_medic', `${stay} is not a living Medic of ${u.id} (§7.23)`);
  if (staysBehind(u, m)) return violation('medic_staying', `${stay} already stays with wounded figures (§7.23)`);
  if (carriers.includes(stay)) return violation('medic_carries', `${stay} carries a wounded figure: he cannot also stay behind (§7.23)`);
  const left = abandoned(u, coh, pos, stay);
  if (!left.length) return violation('nobody_left', `this move leaves no untreated wounded figure of ${u.id} behind: ${stay} has no one to stay with (§7.23)`);
  const far = left.filter((w) => edgeDistance(pos(m), m.r, pos(w), w.r) > coh);
  if (far.length) return violation('medic_not_with_wounded', `${stay} stays with the wounded: he ends within ${coh / 100}" of ${far.map((w) => w.id).join(', ')} (§7.23 [P])`);
  return null;
}

/**
 * Leave No One Behind (§7.23), after a unit's order moved it: an untreated wounded figure farther
 * than the coherency distance from every healthy member that moves with the unit, not carried [P],
 * is left behind. Left within the coherency distance of a Medic the order leaves behind (`stay`)
 * or of one already staying, it joins his charge with no roll (`medic_stays`); left within 1" of a
 * friendly Medevac vehicle's hull, no roll either (§2.5); otherwise a squad
 * that is not Hardened, Relentless or Zombie rolls 1D6 once per such figure (`leftBehind`): under
 * 5 its Resolve is one level lower for the rest of the game (`leftWounded`). [P] A Medic who moves
 * on with the squad does not spare it the roll: the book's only way out for a squad with a Medic is
 * to leave him with the wounded.
 */
export function leaveNoOneBehind(s: S, run: Run, u: Unit, coherency: number, stay?: string): void {
  if (!woundRules(s) || u.out || !living(u).length) return;
  const left = abandoned(u, coherency, (f) => f.at, stay);
  if (!left.length) return;
  for (const w of left) w.leftBehind = true;
  const medics = living(u).filter((f) => f.personalities?.includes('medic') && (f.id === stay || staysBehind(u, f)));
  const kept = new Map<Figure, string[]>();
  const rest = left.filter((w) => {
    const m = medics.find((f) => edgeDistance(f.at, f.r, w.at, w.r) <= coherency);
    if (!m) return true;
    kept.set(m, [...(kept.get(m) ?? []), w.id]);
    return false;
  });
  for (const [m, ids] of kept) {
    m.staysWith = [...(m.staysWith ?? []).filter((id) => u.figures.find((w) => w.id === id)?.wounded === 'wounded'), ...ids];
    run.emit('medic_stays', { unit: u.id, medic: m.id, wounded: ids });
  }
  // Left with a friendly Medevac vehicle: no roll (§2.5).
  const rolled = rest.filter((w) => {
    const v = medevacWith(s, u.side, w);
    if (v) run.emit('wounded_left', { unit: u.id, figures: [w.id], roll: null, medevac: v.id });
    return !v;
  });
  if (!rolled.length) return;
  if (has(u, 'hardened') || has(u, 'relentless') || has(u, 'zombie')) {
    run.emit('wounded_left', { unit: u.id, figures: rolled.map((f) => f.id), roll: null });
    return;
  }
  for (const w of rolled) {
    const [d] = run.roll('leave_no_one_behind', 1, { unit: u.id, figure: w.id });
    const penalty = d < 5 && !u.leftWounded;
    if (d < 5) u.leftWounded = true;
    run.emit('wounded_left', { unit: u.id, figures: [w.id], roll: d, ...(penalty ? { resolveLower: true } : {}) });
  }
}

/** At the unit's activation: a staying Medic whose wounded have all recovered, been stabilized or died rejoins it (§7.23). */
export function releaseMedics(run: Run, u: Unit): void {
  for (const f of u.figures) {
    if (!f.staysWith || staysBehind(u, f)) continue;
    delete f.staysWith;
    run.emit('medic_released', { unit: u.id, medic: f.id });
  }
}

/** The wounded figures a squad's default policy pairs with aid teams (candidates): untreated first come, two healthy non-busy figures each. */
export function defaultAid(u: Unit, busy: Set<string> = new Set()): Aid[] {
  const free = living(u).filter((f) => !busy.has(f.id));
  const out: Aid[] = [];
  const medics = free.filter((f) => f.personalities?.includes('medic'));
  const others = free.filter((f) => !f.personalities?.includes('medic'));
  const medicSlots = medics.flatMap((m) => [m.id, m.id]);
  for (const w of untreated(u)) {
    if (medicSlots.length) { out.push({ wounded: w.id, by: [medicSlots.shift()!] }); continue; }
    if (others.length < 2) break;
    out.push({ wounded: w.id, by: [others.shift()!.id, others.shift()!.id] });
  }
  return out;
}
