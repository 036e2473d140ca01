// Characters (§2.8, §7.2): single-figure units that attach to a squad and share its activation.
// An attached character's figure stands in the host's figure list (flagged `character`), so it
// moves, keeps coherency, fires, takes hits and fights in assaults with the squad; its own unit
// keeps `attachedTo` and no figures until it detaches, dies or its host leaves play.
import { edgeDistance } from '../../../engine/mech/geom2d.js';
import { violation, type Violation } from '../../../engine/types.js';
import { coherencyDistance } from '../geometry.js';
import { LEADERSHIP, attachedCharacter, inPlay, living, type S, type Unit } from '../state.js';
import type { Run } from './run.js';
import { bestowOnAttach, bestowOnDetach } from './bestow.js';

/** Why character `id` may not attach to squad `host` at the start of its order, or null (§2.8 [P]). */
export function attachProblem(s: S, host: Unit, id: string): Violation | null {
  const c = s.units.find((x) => x.id === id);
  if (!c || c.kind !== 'character') return violation('not_a_character', `${id} is not a character (§2.8)`);
  if (c.side !== host.side) return violation('not_your_unit', `${id} is not of ${host.id}'s side`);
  if (host.kind !== 'infantry' && host.kind !== 'weaponTeam') return violation('not_a_squad', 'characters attach to squads and weapon teams (§2.8)');
  if (c.out || c.attachedTo || c.embarked || !living(c).length) return violation('not_available', `${id} is not free on the table`);
  if (c.activated) return violation('already_activated', `${id} has acted this turn: a character acts only once per turn (§2.8)`);
  if (attachedCharacter(s, host)) return violation('has_character', `${host.id} already has a character attached [P]`);
  const f = living(c)[0];
  if (!living(host).some((g) => edgeDistance(f.at, f.r, g.at, g.r) <= coherencyDistance(host))) {
    return violation('not_in_coherency', `${id} must be within ${coherencyDistance(host) / 100}" of a figure of ${host.id} to attach (§2.8 [P])`);
  }
  return null;
}

/** The character joins: its figure moves to the host's list, the host's strength counts +1 (§2.8). */
export function attach(s: S, run: Run, host: Unit, id: string): void {
  const c = s.units.find((x) => x.id === id)!;
  const f = c.figures.find((x) => x.alive)!;
  c.figures = c.figures.filter((x) => x !== f);
  host.figures.push({ ...f, character: c.id });
  host.strength++;
  c.attachedTo = host.id;
  c.activated = true;
  run.emit('character_attached', { character: c.id, unit: host.id });
  // Bestow Trait (§2.6): the squad has his trait while he stays.
  bestowOnAttach(run, host, c);
}

/** A weapon team attached to a squad at deployment, for good (§7.9): its crew joins the squad's figure list, strengths combine. */
export function attachTeam(s: S, host: Unit, team: Unit): void {
  host.figures.push(...team.figures.map((f) => ({ ...f, team: team.id })));
  host.strength += team.strength;
  team.figures = [];
  team.attachedTo = host.id;
}

/** The character leaves the squad as its own unit, having acted this turn (§2.8). */
export function detach(s: S, run: Run, host: Unit, why: 'detached' | 'host_gone' = 'detached'): void {
  const c = attachedCharacter(s, host);
  if (!c) return;
  const f = host.figures.find((x) => x.character === c.id)!;
  host.figures = host.figures.filter((x) => x !== f);
  host.strength--;
  const { character: _drop, ...own } = f;
  c.figures.push(own);
  c.attachedTo = null;
  c.activated = true;
  if (!f.alive) c.out = true;
  bestowOnDetach(run, host, c);
  run.emit(f.alive ? 'character_detached' : 'character_killed', { character: c.id, unit: host.id, ...(why === 'host_gone' && f.alive ? { reason: 'its unit left play' } : {}) });
}

/**
 * After casualties: a killed character leaves its host's strength and is out of play; a host
 * that routed or has only the character left sets the character free (a routed host takes it along).
 */
export function syncCharacters(s: S, run: Run): void {
  for (const c of s.units) {
    if (!c.attachedTo) continue;
    if (c.kind === 'weaponTeam') {
      // The team shares its squad's fate: out of play with it.
      const host = s.units.find((x) => x.id === c.attachedTo)!;
      if (host.out && !c.out) c.out = true;
      continue;
    }
    const host = s.units.find((x) => x.id === c.attachedTo)!;
    const f = host.figures.find((x) => x.character === c.id)!;
    if (!f.alive && !f.aside) { detach(s, run, host); continue; }
    if (host.out) {
      detach(s, run, host, 'host_gone');
      c.out = true;
      run.emit('unit_eliminated', { unit: c.id, reason: 'routed with its unit' });
      continue;
    }
    if (!living(host).some((x) => !x.character)) {
      detach(s, run, host, 'host_gone');
      host.out = true;
      run.emit('unit_eliminated', { unit: host.id });
    }
  }
}

/** Leadership rating of the attached character (0 without one). */
export function leadership(s: S, u: Unit): number {
  const c = attachedCharacter(s, u);
  // A generated Platoon HQ's own leader (Advanced Force Generation Leaders QT, §2.10 [P]) while he lives.
  const own = u.hqLeadership && u.figures.some((f) => f.leader && f.alive) ? LEADERSHIP[u.hqLeadership] : 0;
  return Math.max(own, c && inPlay(c) ? LEADERSHIP[c.character!.leadership] : 0);
}

/**
 * + Leadership to FE and close assault when the character's branch matches the unit (§2.8):
 * Infantry squads, Gunnery weapon teams, Cavalry ("for armour") the vehicle it rides in as its
 * commander (rules/transport.ts `cavalryLeader`, [P]).
 */
export function branchBonus(s: S, u: Unit): number {
  if (u.kind === 'vehicle') {
    const cmd = s.units.find((x) => x.embarked === u.id && x.kind === 'character' && x.character?.branch === 'cavalry' && !x.out && x.figures.some((f) => f.alive));
    return cmd ? LEADERSHIP[cmd.character!.leadership] : 0;
  }
  const c = attachedCharacter(s, u);
  if (!c) return 0;
  const match = c.character!.branch === 'infantry' ? u.kind === 'infantry' : c.character!.branch === 'gunnery' ? u.kind === 'weaponTeam' : false;
  return match ? LEADERSHIP[c.character!.leadership] : 0;
}
