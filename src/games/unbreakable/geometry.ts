// Board questions over src/engine/mech/hex: stacking (§6.5), target size (§2.4), beam and bomb
// line of sight (§7.5, §7.6), the force-beam push hexes (§7.9.2) and the combat matrix (§7.1).
import { between, distance, DIRECTIONS, DIRECTION_VECTORS, toLabel, type Cube } from '../../engine/mech/hex.js';
import { CONTENT } from './content.js';
import { SIZE_RANK, type S, type Size, type Unit, unitsAt, vortexAt } from './state.js';

export const DEPRESSIONS = new Set(['crater', 'lake', 'lava']);
export const BLOCKERS = new Set(['hill', 'industry', 'woods']);

export const cubeOf = (hex: string): Cube => CONTENT.cube[hex];
export const hexDistance = (a: string, b: string) => distance(cubeOf(a), cubeOf(b));
export const onBoard = (hex: string) => hex in CONTENT.terrain;
export const adjacent = (a: string, b: string) => hexDistance(a, b) === 1;

/** On-map hexes strictly between a and b (§7.4: interior, edge or vertex touches). */
const BETWEEN = new Map<string, string[]>();
export function hexesBetween(a: string, b: string): string[] {
  const key = a < b ? a + b : b + a;
  let hit = BETWEEN.get(key);
  if (!hit) { hit = computeBetween(a, b); BETWEEN.set(key, hit); }
  return hit;
}
function computeBetween(a: string, b: string): string[] {
  return between(cubeOf(a), cubeOf(b)).map((c) => (c.q >= 0 ? toLabel(c) : '')).filter((l) => l && onBoard(l));
}

/** Stacking points of a unit (§6.5): crawler 4, walker 2, grounded non-scattered squad 1, else 0. */
export function points(u: Unit): number {
  if (u.type === 'crawler') return 4;
  if (u.type === 'walker') return u.jets ? 0 : 2; // a walker hovering on jump jets counts 0, like a hovering squad (§9.5)
  return u.config === 'hover' || u.status === 'offline' ? 0 : 1;
}

export function load(s: S, hex: string, except: string[] = []): number {
  return unitsAt(s, hex).filter((u) => !except.includes(u.id)).reduce((n, u) => n + points(u), 0);
}

export const terrainOf = (s: S, hex: string) => s.map[hex].terrain;
export const inDepression = (s: S, hex: string) => DEPRESSIONS.has(terrainOf(s, hex));

/** Effective target size (§2.4): crawler heavy; walker heavy if Down or in a depression; squads by configuration and terrain. */
export function targetSize(s: S, u: Unit): Size {
  if (u.type === 'crawler') return 'heavy';
  const t = terrainOf(s, u.at!);
  if (u.type === 'walker') return u.config === 'down' || (DEPRESSIONS.has(t) && !u.jets) ? 'heavy' : 'medium'; // A36: hovering ignores the depression
  if (u.config === 'hover') return 'light';
  if (DEPRESSIONS.has(t)) return 'heavy';
  return t === 'clear' || t === 'road' ? 'light' : 'medium';
}

/** [k/n] of §7.1: weapon size vs target size. */
export function diceFor(weapon: Size, target: Size): { k: number; n: number } {
  const d = SIZE_RANK[weapon] - SIZE_RANK[target];
  if (d === 0) return { k: 1, n: 1 };
  if (d === 1) return { k: 1, n: 2 };
  if (d === 2) return { k: 1, n: 3 };
  if (d === -1) return { k: 2, n: 2 };
  return { k: 3, n: 3 };
}

/** A mushroom cloud, or a vortex, which blocks LOS just like one (§9.1.3, #83). */
export const hasCloud = (s: S, hex: string) => !!s.map[hex].cloud || vortexAt(s, hex);

/** A position for LOS: a hex and whether it counts as hovering (hovering squad, bomb in flight). */
export interface Spot { hex: string; hover: boolean }

export type LosResult = { ok: true; step: number } | { ok: false; step: number; reason: string };

/** Beam LOS checklist (§7.5), first true step decides. `scattered`: the target is a scattered squad. */
export function beamLos(s: S, a: Spot, b: Spot, scattered = false): LosResult {
  if (scattered) return { ok: false, step: 1, reason: 'scattered_target' };
  if (hasCloud(s, a.hex) || hasCloud(s, b.hex)) return { ok: false, step: 2, reason: 'cloud_in_hex' };
  if (a.hex === b.hex) return { ok: true, step: 3 };
  const btw = hexesBetween(a.hex, b.hex);
  if (btw.some((h) => hasCloud(s, h) || terrainOf(s, h) === 'volcano')) return { ok: false, step: 4, reason: 'cloud_or_volcano_between' };
  if (a.hover || b.hover || terrainOf(s, a.hex) === 'hill' || terrainOf(s, b.hex) === 'hill') return { ok: true, step: 5 };
  if (inDepression(s, a.hex) && inDepression(s, b.hex)) return { ok: false, step: 6, reason: 'both_in_depressions' };
  if (adjacent(a.hex, b.hex)) return { ok: true, step: 7 };
  if (btw.some((h) => BLOCKERS.has(terrainOf(s, h)))) return { ok: false, step: 8, reason: 'blocked' };
  if (inDepression(s, a.hex) || inDepression(s, b.hex)) return { ok: false, step: 9, reason: 'depression' };
  return { ok: true, step: 10 };
}

/** Bomb LOS, sighter to target hex (§7.6). */
export function bombLos(s: S, launcherHex: string, sighter: Spot, target: string): LosResult {
  if (launcherHex === target) return { ok: true, step: 1 };
  if (hasCloud(s, sighter.hex) || hasCloud(s, target)) return { ok: false, step: 2, reason: 'cloud_in_hex' };
  if (sighter.hex === target) return { ok: true, step: 3 };
  const btw = hexesBetween(sighter.hex, target);
  if (btw.some((h) => hasCloud(s, h) || terrainOf(s, h) === 'volcano')) return { ok: false, step: 4, reason: 'cloud_or_volcano_between' };
  if (terrainOf(s, target) === 'hill') return { ok: true, step: 5 };
  if (sighter.hover || terrainOf(s, sighter.hex) === 'hill') return { ok: true, step: 6 };
  if (inDepression(s, sighter.hex)) return { ok: false, step: 7, reason: 'depression' };
  if (adjacent(sighter.hex, target)) return { ok: true, step: 8 };
  if (btw.some((h) => BLOCKERS.has(terrainOf(s, h)))) return { ok: false, step: 9, reason: 'blocked' };
  return { ok: true, step: 10 };
}

export const spotOf = (u: Unit): Spot => ({ hex: u.at!, hover: (u.type === 'squad' && u.config === 'hover') || !!u.jets });

/** Force-beam push candidates (§7.9.2, §13 A13): directly away (or toward) from the firer; two when the line leaves through a vertex. */
export function pushHexes(firerHex: string, targetHex: string): { away: string[]; toward: string[] } {
  if (firerHex === targetHex) return { away: [], toward: [] };
  const a = cubeOf(firerHex);
  const b = cubeOf(targetHex);
  const D = [b.q - a.q, b.r - a.r, -(b.q - a.q) - (b.r - a.r)];
  const dirs = (v: number[]) => {
    const abs = v.map(Math.abs);
    const min = Math.min(...abs);
    const out: Cube[] = [];
    for (let i = 0; i < 3; i++) {
      if (abs[i] !== min) continue;
      const d = v.map((x, j) => (j === i ? 0 : Math.sign(x)));
      if (d[0] + d[1] + d[2] !== 0) continue;
      out.push({ q: d[0], r: d[1] });
    }
    return out;
  };
  const to = (dv: Cube[]) => dv.map((d) => {
    const c = { q: b.q + d.q, r: b.r + d.r };
    return c.q >= 0 ? toLabel(c) : '';
  }).filter((l) => l && onBoard(l));
  const away = dirs(D);
  const toward = dirs(D.map((x) => -x));
  // a unit pushed "off the map" is not allowed (§7.9.2): off-map candidates are dropped by `to`.
  return { away: to(away), toward: to(toward) };
}

/** Adjacent on-map hexes in N, NE, SE, S, SW, NW order. */
export function neighboursOf(hex: string): string[] {
  return CONTENT.adj[hex].filter((h): h is string => h !== null);
}

export { DIRECTIONS, DIRECTION_VECTORS };
