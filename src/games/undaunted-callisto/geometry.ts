// Board geometry on top of src/engine/mech/graph.ts: entry filters, reach, range, die size,
// total defence and target eligibility.
import { distance, relativeElevation } from '../../engine/mech/graph.js';
import { CONTENT, type CompiledMap, type Faction, type UnitClass } from './content.js';
import type { ActionDef } from './notation.js';
import { type S, unitDef, other } from './state.js';

export const mapOf = (s: S): CompiledMap => CONTENT.maps[CONTENT.scenarios[s.scenario].map];
export const spaceOf = (s: S, node: string): string => mapOf(s).nodes[node].space;

/** Whether a unit of class `cls` may enter `node`; with `faction`, the space must carry its marker. */
export function canEnter(s: S, node: string, cls: UnitClass, faction: Faction | null): boolean {
  const n = mapOf(s).nodes[node];
  if (!n) return false;
  if (n.impassable === 'all') return false;
  if (n.impassable === 'vehiclesAndMechs' && cls !== 'personnel') return false;
  if (faction && !s.markers[n.space]?.[faction]) return false;
  return true;
}

export const moveGraph = (s: S) => mapOf(s).move(s.doorsOpen);
export const spaceGraph = (s: S) => mapOf(s).spaceGraph(s.doorsOpen);

/** Range between two positions (same space 0), null when no attack is possible (bridge deck vs its foundation, no door-free path). */
export function rangeBetween(s: S, from: string, to: string): number | null {
  const m = mapOf(s);
  const a = m.nodes[from];
  const b = m.nodes[to];
  if (a.space === b.space) return a.deck === b.deck ? 0 : null;
  return distance(m.range, a.space, b.space);
}

/** d8 for a high target, d10 level, d12 low (RB p.19). */
export function dieFor(s: S, from: string, to: string): 8 | 10 | 12 {
  const m = mapOf(s);
  const rel = relativeElevation(m.nodes[from].elevated ? 1 : 0, m.nodes[to].elevated ? 1 : 0);
  return rel === 'higher' ? 8 : rel === 'level' ? 10 : 12;
}

export interface Defence { total: number; die: 8 | 10 | 12; parts: { base: number; cover: number; additional: number; range: number } }

export function structureDef(s: S, id: string) {
  return CONTENT.scenarios[s.scenario].structures.find((x) => x.id === id)!;
}
export function doorDef(s: S, id: string) {
  return mapOf(s).def.doors.find((d) => d.id === id)!;
}

/** Total defence of a target (unit id, `structure:<id>` or `door:<id>`) attacked from `from`. */
export function defenceOf(s: S, from: string, target: string): Defence {
  if (target.startsWith('door:')) {
    return { total: doorDef(s, target.slice(5)).defence, die: 10, parts: { base: doorDef(s, target.slice(5)).defence, cover: 0, additional: 0, range: 0 } };
  }
  if (target.startsWith('structure:')) {
    const st = structureDef(s, target.slice(10));
    const range = rangeBetween(s, from, st.space) ?? 0;
    return { total: st.defence + range, die: dieFor(s, from, st.space), parts: { base: st.defence, cover: 0, additional: 0, range } };
  }
  const u = s.units[target];
  const ud = unitDef(target);
  const m = mapOf(s);
  const node = m.nodes[u.at!];
  const cover = node.cover;
  let additional = 0;
  for (const st of CONTENT.scenarios[s.scenario].structures) {
    if (st.space === node.space && !s.structures[st.id].destroyed && !node.deck) additional += st.cover;
  }
  if (ud.class === 'personnel') {
    for (const o of Object.values(s.units)) {
      if (o.at !== u.at || o.suppressed) continue;
      const od = unitDef(o.id);
      if (od.class !== 'personnel' && od.faction === ud.faction) additional += od.bonus ?? 0;
    }
  }
  const range = rangeBetween(s, from, u.at!) ?? 0;
  return { total: ud.defence + cover + additional + range, die: dieFor(s, from, u.at!), parts: { base: ud.defence, cover, additional, range } };
}

function classOk(def: ActionDef, cls: UnitClass): boolean {
  return cls === 'personnel' ? def.targets!.includes('personnel') : def.targets!.includes('vehicleOrMech');
}

function inRange(def: ActionDef, r: number | null): boolean {
  return r !== null && (def.range === undefined || r <= def.range);
}

/** Why a single target is not eligible (null: eligible). */
export function targetProblem(s: S, faction: Faction, from: string, def: ActionDef, target: string): { code: string; message: string } | null {
  if (target.startsWith('door:')) {
    const id = target.slice(5);
    const d = mapOf(s).def.doors.find((x) => x.id === id);
    if (!d) return { code: 'unknown_target', message: `no door ${id}` };
    if (def.kind !== 'ATTACK' || !def.targets!.includes('structure')) return { code: 'wrong_target_class', message: 'only an ATTACK with the structure icon can destroy a door' };
    if (s.doorsOpen.includes(id)) return { code: 'door_open', message: `door ${id} is already open` };
    const n = mapOf(s).nodes[from];
    if (n.deck || (n.space !== d.a && n.space !== d.b)) return { code: 'out_of_range', message: 'a door is attacked from one of the two spaces it connects' };
    return null;
  }
  if (target.startsWith('structure:')) {
    const id = target.slice(10);
    const st = CONTENT.scenarios[s.scenario].structures.find((x) => x.id === id);
    if (!st) return { code: 'unknown_target', message: `no structure ${id}` };
    if (def.kind !== 'ATTACK' || !def.targets!.includes('structure')) return { code: 'wrong_target_class', message: 'this action cannot target structures' };
    if (s.structures[id].destroyed) return { code: 'target_destroyed', message: `${id} is destroyed` };
    if (st.owner === faction) return { code: 'not_enemy', message: 'a friendly structure' };
    if (!inRange(def, rangeBetween(s, from, st.space))) return { code: 'out_of_range', message: `${id} is out of range` };
    return null;
  }
  const u = s.units[target];
  if (!u) return { code: 'unknown_target', message: `no unit ${target}` };
  if (!u.at) return { code: 'target_not_on_board', message: `${target} is not on the board` };
  const ud = unitDef(target);
  if (ud.faction === faction) return { code: 'not_enemy', message: 'combat actions target enemy units only' };
  if (!classOk(def, ud.class)) return { code: 'wrong_target_class', message: `this action cannot target a ${ud.class}` };
  const r = rangeBetween(s, from, u.at);
  if (r === null) {
    const m = mapOf(s);
    if (m.nodes[from].space === m.nodes[u.at].space) return { code: 'bridge_section', message: 'a bridge deck and its foundation cannot attack each other' };
    return { code: 'no_line', message: 'no door-free path inside the boundary' };
  }
  if (!inRange(def, r)) return { code: 'out_of_range', message: `range ${r} exceeds ${def.range}` };
  return null;
}

export function singleTargets(s: S, faction: Faction, from: string, def: ActionDef): string[] {
  const out: string[] = [];
  for (const id of Object.keys(s.units).sort()) if (!targetProblem(s, faction, from, def, id)) out.push(id);
  if (def.targets!.includes('structure') && def.kind === 'ATTACK') {
    for (const st of CONTENT.scenarios[s.scenario].structures) if (!targetProblem(s, faction, from, def, `structure:${st.id}`)) out.push(`structure:${st.id}`);
    for (const d of mapOf(s).def.doors) if (!targetProblem(s, faction, from, def, `door:${d.id}`)) out.push(`door:${d.id}`);
  }
  return out;
}

/** Every target an area attack on `space` hits: enemy units of the classes and enemy-owned structures. */
export function areaTargets(s: S, faction: Faction, from: string, def: ActionDef, space: string): string[] {
  const m = mapOf(s);
  const out: string[] = [];
  for (const id of Object.keys(s.units).sort()) {
    const u = s.units[id];
    if (!u.at || m.nodes[u.at].space !== space) continue;
    if (!targetProblem(s, faction, from, def, id)) out.push(id);
  }
  if (def.targets!.includes('structure') && def.kind === 'ATTACK') {
    for (const st of CONTENT.scenarios[s.scenario].structures) {
      if (st.space === space && st.owner === other(faction) && !targetProblem(s, faction, from, def, `structure:${st.id}`)) out.push(`structure:${st.id}`);
    }
  }
  return out;
}

export function areaSpaces(s: S, faction: Faction, from: string, def: ActionDef): string[] {
  return Object.keys(mapOf(s).spaces).sort().filter((sp) => areaTargets(s, faction, from, def, sp).length > 0);
}
