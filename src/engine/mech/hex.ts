// Hex maps (flat-topped hexes in vertical columns, labels XXYY), shared by hex-map games.
// honeycomb-grid converts offset to cube coordinates; no library type leaves this file.
// Distances and lines are exact integer/rational arithmetic: `between` finds every hex a
// centre-to-centre segment touches (interior, edge or vertex), which a nudged float trace
// misses at pure vertex touches (shared/rules/unbreakable.md §7.4).
import { offsetToCube, Orientation } from 'honeycomb-grid';

/** Cube coordinates as plain JSON; s = -q - r. */
export interface Cube { q: number; r: number }

/**
 * Which columns sit lower: 'odd' means odd-numbered columns (01, 03, …, 1-based) are half a hex
 * further south than even ones (Unbreakable, spec §2.1).
 */
export interface HexLayout { lowerColumns: 'odd' }

export const UNBREAKABLE_LAYOUT: HexLayout = { lowerColumns: 'odd' };

/** Column and row (1-based) of a label like '0608'. */
export function parseLabel(label: string): { x: number; y: number } | null {
  if (!/^\d{4}$/.test(label)) return null;
  return { x: Number(label.slice(0, 2)), y: Number(label.slice(2)) };
}

export function label(x: number, y: number): string {
  return String(x).padStart(2, '0') + String(y).padStart(2, '0');
}

export function fromLabel(l: string, _layout: HexLayout = UNBREAKABLE_LAYOUT): Cube {
  const p = parseLabel(l);
  if (!p) throw new Error(`not a hex label: ${l}`);
  // 1-based odd columns are 0-based even columns; honeycomb's offset 1 puts odd 0-based columns higher.
  const c = offsetToCube({ offset: 1, orientation: Orientation.FLAT }, { col: p.x - 1, row: p.y - 1 });
  return { q: c.q + 0, r: c.r + 0 };
}

export function toLabel(c: Cube, _layout: HexLayout = UNBREAKABLE_LAYOUT): string {
  const x = c.q + 1;
  const y = c.r + Math.floor((c.q + (((c.q % 2) + 2) % 2)) / 2) + 1;
  return label(x, y);
}

export function distance(a: Cube, b: Cube): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

/** The six directions in the order N, NE, SE, S, SW, NW (y grows southward). */
export const DIRECTIONS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTION_VECTORS: Record<Direction, Cube> = {
  N: { q: 0, r: -1 }, NE: { q: 1, r: -1 }, SE: { q: 1, r: 0 }, S: { q: 0, r: 1 }, SW: { q: -1, r: 1 }, NW: { q: -1, r: 0 },
};

export function add(a: Cube, b: Cube): Cube {
  return { q: a.q + b.q, r: a.r + b.r };
}

/** Neighbour in a direction (may be off any map). */
export function step(c: Cube, d: Direction): Cube {
  return add(c, DIRECTION_VECTORS[d]);
}

/** The six neighbours in N, NE, SE, S, SW, NW order. */
export function neighbours(c: Cube): Cube[] {
  return DIRECTIONS.map((d) => step(c, d));
}

/** The direction from a to an adjacent b, or null. */
export function directionTo(a: Cube, b: Cube): Direction | null {
  for (const d of DIRECTIONS) {
    const v = DIRECTION_VECTORS[d];
    if (a.q + v.q === b.q && a.r + v.r === b.r) return d;
  }
  return null;
}

/** A fraction n/d with d > 0. */
interface Frac { n: number; d: number }
const lt = (a: Frac, b: Frac) => a.n * b.d < b.n * a.d;

/**
 * Does the closed hex around `c` meet the segment from the centre of `a` to the centre of `b`?
 * With d(t) = a + t(b − a) − c in cube space the closed hexagon is |dq−dr| ≤ 1, |dr−ds| ≤ 1,
 * |ds−dq| ≤ 1; each bound is linear in t, so the test is an interval intersection over [0, 1].
 */
export function touches(a: Cube, b: Cube, c: Cube): boolean {
  const as = -a.q - a.r;
  const bs = -b.q - b.r;
  const cs = -c.q - c.r;
  const d0 = [a.q - c.q, a.r - c.r, as - cs];
  const dv = [b.q - a.q, b.r - a.r, bs - as];
  let lo: Frac = { n: 0, d: 1 };
  let hi: Frac = { n: 1, d: 1 };
  for (const [i, j] of [[0, 1], [1, 2], [2, 0]]) {
    const alpha = d0[i] - d0[j];
    const beta = dv[i] - dv[j];
    // -1 <= alpha + beta t <= 1
    if (beta === 0) {
      if (Math.abs(alpha) > 1) return false;
      continue;
    }
    let t1: Frac = { n: -1 - alpha, d: beta };
    let t2: Frac = { n: 1 - alpha, d: beta };
    if (beta < 0) {
      t1 = { n: -t1.n, d: -t1.d };
      t2 = { n: -t2.n, d: -t2.d };
      [t1, t2] = [t2, t1];
    }
    if (lt(lo, t1)) lo = t1;
    if (lt(t2, hi)) hi = t2;
    if (lt(hi, lo)) return false;
  }
  return true;
}

/**
 * Every hex strictly between a and b that the centre line touches (interior, edge or vertex),
 * sorted by distance from a, then q, then r. The endpoints are never between.
 */
export function between(a: Cube, b: Cube): Cube[] {
  const n = distance(a, b);
  const out: Cube[] = [];
  for (let dq = -n; dq <= n; dq++) {
    for (let dr = Math.max(-n, -dq - n); dr <= Math.min(n, -dq + n); dr++) {
      const c = { q: a.q + dq, r: a.r + dr };
      if ((c.q === a.q && c.r === a.r) || (c.q === b.q && c.r === b.r)) continue;
      if (distance(c, b) > n) continue;
      if (touches(a, b, c)) out.push(c);
    }
  }
  return out.sort((x, y) => distance(a, x) - distance(a, y) || x.q - y.q || x.r - y.r);
}

/** Hexes within radius n of c (including c). */
export function within(c: Cube, n: number): Cube[] {
  const out: Cube[] = [];
  for (let dq = -n; dq <= n; dq++) {
    for (let dr = Math.max(-n, -dq - n); dr <= Math.min(n, -dq + n); dr++) out.push({ q: c.q + dq, r: c.r + dr });
  }
  return out;
}

/** Pixel centre for drawing (circumradius 1, y grows southward). */
export function pixel(c: Cube): { x: number; y: number } {
  return { x: 1.5 * c.q, y: Math.sqrt(3) * (c.r + c.q / 2) };
}
