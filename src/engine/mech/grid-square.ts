// Square grids (game-agnostic): Chebyshev distance, 8-adjacency, the diagonal squeeze rule,
// straight-line line of sight and bounded breadth-first reach. Coordinates are integer [x, y].

export type Cell = readonly [number, number];

export interface GridSize {
  width: number;
  height: number;
}

export const DIRS8: readonly Cell[] = [
  [0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1],
];

export function inBounds(g: GridSize, c: Cell): boolean {
  return c[0] >= 0 && c[1] >= 0 && c[0] < g.width && c[1] < g.height;
}

/** Chebyshev distance: a diagonal step counts 1. */
export function chebyshev(a: Cell, b: Cell): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));
}

export function adjacent(a: Cell, b: Cell): boolean {
  return chebyshev(a, b) === 1;
}

export function sameCell(a: Cell, b: Cell): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

export function neighbours8(g: GridSize, c: Cell): Cell[] {
  const out: Cell[] = [];
  for (const d of DIRS8) {
    const n: Cell = [c[0] + d[0], c[1] + d[1]];
    if (inBounds(g, n)) out.push(n);
  }
  return out;
}

/** On one of the eight straight lines through a (orthogonal or exact diagonal). */
export function straightLine(a: Cell, b: Cell): boolean {
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  return dx === 0 || dy === 0 || dx === dy;
}

/**
 * A diagonal step from `from` to `to` is squeezed when both orthogonal cells beside it are
 * blocked. Orthogonal steps are never squeezed.
 */
export function squeezed(from: Cell, to: Cell, blocked: (c: Cell) => boolean): boolean {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  if (dx === 0 || dy === 0) return false;
  return blocked([from[0] + dx, from[1]]) && blocked([from[0], from[1] + dy]);
}

export type LosResult = { ok: true } | { ok: false; reason: 'not_straight' | 'blocked' | 'corner' };

/**
 * Straight-line LOS between a and b: intermediate cells must be clear, and on a diagonal no
 * step (first and last included) may pass between two blocked corner cells.
 */
export function lineOfSight(a: Cell, b: Cell, blocked: (c: Cell) => boolean): LosResult {
  if (!straightLine(a, b)) return { ok: false, reason: 'not_straight' };
  const n = chebyshev(a, b);
  const sx = Math.sign(b[0] - a[0]);
  const sy = Math.sign(b[1] - a[1]);
  for (let i = 1; i < n; i++) {
    if (blocked([a[0] + i * sx, a[1] + i * sy])) return { ok: false, reason: 'blocked' };
  }
  if (sx !== 0 && sy !== 0) {
    for (let i = 0; i < n; i++) {
      const p: Cell = [a[0] + i * sx, a[1] + i * sy];
      if (blocked([p[0] + sx, p[1]]) && blocked([p[0], p[1] + sy])) return { ok: false, reason: 'corner' };
    }
  }
  return { ok: true };
}

/**
 * Breadth-first king steps from `start`, never entering blocked cells nor squeezing
 * diagonally; stops early when `goal` is reached. One expansion serves reach and paths.
 * Cells are indexed y * width + x in plain arrays (no string key per neighbour); `order`
 * lists the cells in the order they were reached, which fixes the Map order of `reach` and,
 * with `prev` (first discovery wins, frontier order then DIRS8 order), which shortest path
 * is returned: both are part of what rulesets put in their events.
 */
function bfs(g: GridSize, start: Cell, maxSteps: number, blocked: (c: Cell) => boolean, goal?: Cell) {
  const w = g.width;
  const dist: number[] = new Array(w * g.height).fill(-1);
  const prev: number[] = new Array(w * g.height).fill(-1);
  const s0 = start[1] * w + start[0];
  dist[s0] = 0;
  const order: number[] = [s0];
  const goalAt = goal && inBounds(g, goal) ? goal[1] * w + goal[0] : -1;
  let frontier: number[] = [s0];
  for (let step = 1; step <= maxSteps && frontier.length; step++) {
    const next: number[] = [];
    for (const at of frontier) {
      const c: Cell = at === s0 ? start : cellAt(at, w);
      const cx = c[0];
      const cy = c[1];
      for (const d of DIRS8) {
        const x = cx + d[0];
        const y = cy + d[1];
        if (x < 0 || y < 0 || x >= w || y >= g.height) continue;
        const i = y * w + x;
        if (dist[i] >= 0) continue;
        const n: Cell = [x, y];
        if (blocked(n) || squeezed(c, n, blocked)) continue;
        dist[i] = step;
        prev[i] = at;
        order.push(i);
        if (i === goalAt) return { dist, prev, order, w };
        next.push(i);
      }
    }
    frontier = next;
  }
  return { dist, prev, order, w };
}

/**
 * Cells reachable from `start` in at most `maxSteps` king steps without entering blocked cells
 * and without diagonal squeezes. Returns a map "x,y" -> steps (start included at 0), in the
 * order the cells were reached.
 */
export function reach(g: GridSize, start: Cell, maxSteps: number, blocked: (c: Cell) => boolean): Map<string, number> {
  if (!inBounds(g, start)) return new Map([[key(start), 0]]);
  const { dist, order, w } = bfs(g, start, maxSteps, blocked);
  const out = new Map<string, number>();
  for (const i of order) out.set(key(cellAt(i, w)), dist[i]);
  return out;
}

/** A shortest legal path start..goal (both included), or null. */
export function shortestPath(g: GridSize, start: Cell, goal: Cell, maxSteps: number, blocked: (c: Cell) => boolean): Cell[] | null {
  if (sameCell(start, goal)) return [start];
  if (!inBounds(g, start) || !inBounds(g, goal)) return null;
  const { prev, w } = bfs(g, start, maxSteps, blocked, goal);
  const s0 = start[1] * w + start[0];
  let at = goal[1] * w + goal[0];
  if (prev[at] < 0) return null;
  const path: Cell[] = [];
  for (; at !== s0; at = prev[at]) path.unshift(cellAt(at, w));
  path.unshift(start);
  return path;
}

/** The cell of index y * width + x (bfs). */
function cellAt(i: number, width: number): [number, number] {
  const x = i % width;
  return [x, (i - x) / width];
}

export function key(c: Cell): string {
  return `${c[0]},${c[1]}`;
}

export function unkey(k: string): [number, number] {
  // indexOf/slice, not split+map: movement generation unkeys every reachable cell.
  const i = k.indexOf(',');
  return [+k.slice(0, i), +k.slice(i + 1)];
}
