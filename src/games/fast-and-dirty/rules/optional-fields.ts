// The optional fields of an order that `choices` offers once the required ones are given (the
// kernel's `{done: true, optional}`): lastStand (sampled values only), with (a paired activation), drugs (Combat Drugs), board, carry, medicStays, hero, disembark, shock,
// scoot, land, the vehicle-property fields smoke, cids, callFire, jump, medevac, recover, task. Each lists its allowed values where they are finite: ids of eligible
// units, figure pairings, the automatic placement of a disembarking unit; the values a client sends
// are validated as always (validate is the authority).
import type { Choice } from '../../../engine/types.js';
import { inPlay, living, staysBehind, type S, type Unit } from '../state.js';
import { pairOptions } from './pairs.js';
import { drugsReady } from './drugs.js';
import { boardProblem, autoPlace, cavalryLeader, disembarkProblem, passengersOf } from './transport.js';
import { isVehicle, vdef } from './vehicles.js';
import { isGrav } from './grav.js';
import { recoverProblem, untreated, woundedOf, woundRules } from './wounds.js';
import { taskProblem } from './tasks.js';
import { heroTargets } from './hero.js';

/** The optional fields per action type, in the order they are offered. */
export const OPTIONAL_FIELDS: Record<string, string[]> = {
  activate: ['lastStand', 'with', 'drugs'],
  engage: ['board', 'carry', 'medicStays', 'hero'],
  rush: ['board', 'medicStays'],
  assault: ['medicStays'],
  drive: ['disembark', 'shock', 'scoot', 'land', 'smoke', 'cids', 'callFire', 'jump', 'medevac'],
  command: ['recover', 'task'],
};
export const isOptionalField = (f: string) => Object.values(OPTIONAL_FIELDS).some((l) => l.includes(f));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The allowed values of optional field `field` for unit `u`'s action of type `type` (empty: not offered). */
export function optionalValues(s: S, u: Unit, type: string, field: string): unknown[] {
  switch (field) {
    case 'with': return pairOptions(s, u);
    case 'drugs': return drugsReady(u) ? [true] : [];
    case 'board': {
      // Every friendly transport with room (any friendly vehicle for a Cavalry character, §2.8 [P]); contact with the hull is the move's business.
      return s.units.filter((v) => v.side === u.side && isVehicle(v) && inPlay(v) && ((vdef(v).transport ?? 0) > 0 || cavalryLeader(u)))
        .filter((v) => boardProblem(s, u, v.id, new Map())?.code === 'not_in_contact' || !boardProblem(s, u, v.id, new Map())).map((v) => v.id);
    }
    case 'carry': {
      if (!woundRules(s)) return [];
      // One carrier and one wounded figure each; several pairs are the client's list.
      return woundedOf(u).flatMap((w) => living(u).map((f) => [{ by: f.id, fig: w.id }]));
    }
    // An attached Hero's own target (§2.6): each unit his own fire priority allows; the figure pick is the client's.
    case 'hero': return heroTargets(s, u);
    case 'medicStays': {
      // Each living Medic not already staying, while the unit has untreated wounded it has not yet left (§7.23).
      if (!woundRules(s) || !untreated(u).some((w) => !w.leftBehind)) return [];
      return living(u).filter((f) => f.personalities?.includes('medic') && !staysBehind(u, f)).map((f) => f.id);
    }
    case 'disembark': {
      if (!isVehicle(u)) return [];
      return passengersOf(s, u).flatMap((p) => { const at = autoPlace(s, u, p); return at ? [{ unit: p.id, at }] : []; }).filter((d) => !disembarkProblem(s, u, d));
    }
    case 'shock':
      if (!isVehicle(u) || !vdef(u).properties?.includes('shock')) return [];
      return s.units.filter((t) => inPlay(t) && !t.hidden && t.side !== u.side && t.side !== null && !isVehicle(t)).map((t) => t.id);
    case 'scoot': return isVehicle(u) && isGrav(u) ? [true] : [];
    // Vehicle properties (§2.5): the flags where the vehicle has the property; smoke, callFire and medevac values come from the sampled orders.
    case 'cids': return isVehicle(u) && vdef(u).properties?.includes('closeInDefence') ? [true] : [];
    case 'jump': return isVehicle(u) && vdef(u).properties?.includes('jumpJets') ? [true] : [];
    case 'land': return isVehicle(u) && isGrav(u) ? [true, false] : [];
    case 'recover': {
      if (!woundRules(s)) return [];
      // Each untreated wounded figure with one aid team: a Medic alone, else pairs of healthy figures.
      const figs = living(u);
      const teams = [...figs.filter((f) => f.personalities?.includes('medic')).map((f) => [f.id]),
        ...figs.flatMap((a, i) => figs.slice(i + 1).map((b) => [a.id, b.id]))];
      return untreated(u).flatMap((w) => teams.map((by) => [{ wounded: w.id, by }])).filter((aid) => !recoverProblem(s, u, aid));
    }
    case 'task':
      return (s.tasks ?? []).flatMap((t) => living(u).map((f) => ({ fig: f.id, id: t.id }))).filter((t) => !taskProblem(s, u, t));
    default: return [];
  }
}

const label = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** The first optional field of the partial action not yet given that has allowed values, or null. */
export function optionalChoice(s: S, u: Unit | undefined, p: Record<string, unknown>, sampled: Record<string, unknown>[]): Choice | null {
  if (!u || typeof p.type !== 'string') return null;
  for (const field of OPTIONAL_FIELDS[p.type] ?? []) {
    if (field in p) continue;
    const values = [...sampled.filter((a) => field in a).map((a) => a[field]), ...optionalValues(s, u, p.type, field)];
    const unique = values.filter((v, i) => values.findIndex((w) => same(v, w)) === i);
    if (unique.length) return { field, oneOf: unique.map((value) => ({ value, label: label(value) })) };
  }
  return null;
}
