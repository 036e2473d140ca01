// Square-grid movement (src/engine/mech/grid-square.ts): reach and shortest paths, checked
// against hand-made boards and, on random boards, against a plain string-keyed breadth-first
// search (the form this module had before it indexed cells): the same cells, the same
// distances, the same Map order and the same path, since rulesets put paths in their events.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adjacent, type Cell, chebyshev, DIRS8, inBounds, key, lineOfSight, neighbours8, reach, sameCell, shortestPath, squeezed, straightLine, unkey } from '../../src/engine/mech/grid-square.js';
import { localRng } from '../../src/engine/rng.js';

const k = (c: Cell) => `${c[0]},${c[1]}`;

function reference(g: { width: number; height: number }, start: Cell, max: number, blocked: (c: Cell) => boolean, goal?: Cell) {
  const dist = new Map<string, number>([[k(start), 0]]);
  const prev = new Map<string, Cell | null>([[k(start), null]]);
  let frontier: Cell[] = [start];
  for (let step = 1; step <= max && frontier.length; step++) {
    const next: Cell[] = [];
    for (const c of frontier) {
      for (const d of DIRS8) {
        const n: Cell = [c[0] + d[0], c[1] + d[1]];
        if (!inBounds(g, n) || dist.has(k(n)) || blocked(n) || squeezed(c, n, blocked)) continue;
        dist.set(k(n), step);
        prev.set(k(n), c);
        if (goal && n[0] === goal[0] && n[1] === goal[1]) return { dist, prev };
        next.push(n);
      }
    }
    frontier = next;
  }
  return { dist, prev };
}

function referencePath(g: { width: number; height: number }, start: Cell, goal: Cell, max: number, blocked: (c: Cell) => boolean): Cell[] | null {
  if (start[0] === goal[0] && start[1] === goal[1]) return [start];
  const { prev } = reference(g, start, max, blocked, goal);
  if (!prev.has(k(goal))) return null;
  const path: Cell[] = [];
  for (let p: Cell | null | undefined = goal; p; p = prev.get(k(p))) path.unshift(p);
  return path;
}

const board = (rows: string[]) => {
  const blocked = new Set<string>();
  rows.forEach((r, y) => [...r].forEach((ch, x) => { if (ch === '#') blocked.add(`${x},${y}`); }));
  return { g: { width: rows[0].length, height: rows.length }, blocked: (c: Cell) => blocked.has(k(c)) };
};

test('reach: king steps, blocked cells never entered, diagonal squeezes refused, bounded by steps', () => {
  const { g, blocked } = board([
    '.#...',
    '#....',
    '.....',
  ]);
  const r = reach(g, [0, 0], 2, blocked);
  assert.equal(r.get('0,0'), 0);
  assert.equal(r.has('1,1'), false, 'squeezed between two blocked cells');
  assert.equal(r.has('1,0'), false);
  assert.equal(r.size, 1, 'boxed in');
  const open = reach(g, [2, 1], 1, blocked);
  assert.deepEqual([...open.keys()], ['2,1', '2,0', '3,0', '3,1', '3,2', '2,2', '1,2', '1,1'], 'discovery order: DIRS8 from north, clockwise');
  assert.equal(reach(g, [2, 1], 2, blocked).get('0,2'), 2);
});

test('shortestPath: the path through the gap, null when out of reach', () => {
  const { g, blocked } = board([
    '.....',
    '.###.',
    '.....',
  ]);
  const p = shortestPath(g, [0, 1], [4, 1], 10, blocked)!;
  assert.equal(p.length, 5);
  assert.deepEqual(p[0], [0, 1]);
  assert.deepEqual(p.at(-1), [4, 1]);
  for (let i = 1; i < p.length; i++) assert.equal(Math.max(Math.abs(p[i][0] - p[i - 1][0]), Math.abs(p[i][1] - p[i - 1][1])), 1);
  assert.equal(shortestPath(g, [0, 1], [4, 1], 3, blocked), null, 'too far');
  assert.deepEqual(shortestPath(g, [0, 1], [0, 1], 0, blocked), [[0, 1]]);
});

test('lineOfSight: straight lines only, blocked cells and diagonal corners stop it', () => {
  const { blocked } = board([
    '.....',
    '..#..',
    '.#...',
  ]);
  assert.deepEqual(lineOfSight([0, 0], [4, 0], blocked), { ok: true });
  assert.deepEqual(lineOfSight([0, 0], [3, 1], blocked), { ok: false, reason: 'not_straight' });
  assert.deepEqual(lineOfSight([2, 0], [2, 2], blocked), { ok: false, reason: 'blocked' });
  assert.deepEqual(lineOfSight([1, 1], [2, 2], blocked), { ok: false, reason: 'corner' });
});

test('reach and shortestPath match a plain breadth-first search on 300 random boards', () => {
  const rng = localRng('grid-square-test');
  for (let t = 0; t < 300; t++) {
    const g = { width: 3 + rng.int(12), height: 3 + rng.int(12) };
    const walls = new Set<string>();
    for (let i = 0; i < (g.width * g.height) / 4; i++) walls.add(`${rng.int(g.width)},${rng.int(g.height)}`);
    const start: Cell = [rng.int(g.width), rng.int(g.height)];
    walls.delete(k(start));
    const blocked = (c: Cell) => walls.has(k(c));
    const max = 1 + rng.int(6);
    assert.deepEqual([...reach(g, start, max, blocked)], [...reference(g, start, max, blocked).dist], `board ${t}`);
    const goal: Cell = [rng.int(g.width), rng.int(g.height)];
    assert.deepEqual(shortestPath(g, start, goal, max, blocked), referencePath(g, start, goal, max, blocked), `path ${t}`);
  }
});

// The helpers on their own (mutation testing found them reached only through other suites).
test('chebyshev and adjacent: a diagonal step counts 1; adjacent is exactly distance 1, never 0 or 2', () => {
  assert.equal(chebyshev([2, 3], [2, 3]), 0);
  assert.equal(chebyshev([2, 3], [3, 4]), 1);
  assert.equal(chebyshev([2, 3], [5, 1]), 3, 'the larger of |dx| = 3 and |dy| = 2');
  assert.equal(chebyshev([5, 1], [2, 3]), 3, 'symmetric');
  assert.equal(chebyshev([0, 0], [1, -4]), 4, 'the larger of |dx| = 1 and |dy| = 4');
  assert.equal(adjacent([2, 3], [3, 4]), true);
  assert.equal(adjacent([2, 3], [2, 2]), true);
  assert.equal(adjacent([2, 3], [2, 3]), false, 'a cell is not adjacent to itself');
  assert.equal(adjacent([2, 3], [4, 3]), false);
  assert.equal(sameCell([1, 2], [1, 2]), true);
  assert.equal(sameCell([1, 2], [2, 1]), false);
  assert.equal(sameCell([1, 2], [1, 3]), false);
});

test('inBounds and neighbours8: the board edges, and neighbours in DIRS8 order (north, then clockwise)', () => {
  const g = { width: 3, height: 2 };
  assert.equal(inBounds(g, [0, 0]), true);
  assert.equal(inBounds(g, [2, 1]), true);
  assert.equal(inBounds(g, [3, 1]), false, 'x = width is off the board');
  assert.equal(inBounds(g, [2, 2]), false, 'y = height is off the board');
  assert.equal(inBounds(g, [-1, 0]), false);
  assert.equal(inBounds(g, [0, -1]), false);
  assert.deepEqual(neighbours8({ width: 3, height: 3 }, [1, 1]), [[1, 0], [2, 0], [2, 1], [2, 2], [1, 2], [0, 2], [0, 1], [0, 0]]);
  assert.deepEqual(neighbours8(g, [0, 0]), [[1, 0], [1, 1], [0, 1]], 'a corner has three');
  assert.deepEqual(neighbours8(g, [2, 1]), [[2, 0], [1, 1], [1, 0]]);
});

test('straightLine and squeezed: the eight lines; a diagonal is squeezed only when both side cells are blocked', () => {
  assert.equal(straightLine([1, 1], [1, 5]), true);
  assert.equal(straightLine([1, 1], [6, 1]), true);
  assert.equal(straightLine([1, 1], [4, 4]), true);
  assert.equal(straightLine([1, 1], [-2, 4]), true, 'the anti-diagonal');
  assert.equal(straightLine([1, 1], [3, 4]), false);
  const walls = (cells: string[]) => (c: Cell) => cells.includes(`${c[0]},${c[1]}`);
  assert.equal(squeezed([1, 1], [2, 2], walls(['2,1', '1,2'])), true);
  assert.equal(squeezed([1, 1], [2, 2], walls(['2,1'])), false, 'one side open');
  assert.equal(squeezed([1, 1], [2, 2], walls(['1,2'])), false, 'the other side open');
  assert.equal(squeezed([1, 1], [0, 0], walls(['0,1', '1,0'])), true, 'north-west');
  assert.equal(squeezed([1, 1], [0, 2], walls(['0,1', '1,2'])), true, 'south-west');
  assert.equal(squeezed([1, 1], [2, 2], walls(['0,1', '1,0'])), false, 'the cells beside another diagonal');
  assert.equal(squeezed([1, 1], [2, 1], walls(['2,0', '2,2', '1,0', '1,2'])), false, 'orthogonal steps never squeeze');
  assert.equal(squeezed([1, 1], [1, 2], walls(['0,1', '2,1', '0,2', '2,2'])), false);
});

test('lineOfSight on a diagonal: the corner rule at the first and the last step, and both directions', () => {
  const walls = (cells: string[]) => (c: Cell) => cells.includes(`${c[0]},${c[1]}`);
  // (0,0) -> (3,3): steps (0,0)->(1,1), (1,1)->(2,2), (2,2)->(3,3).
  assert.deepEqual(lineOfSight([0, 0], [3, 3], walls(['1,0', '0,1'])), { ok: false, reason: 'corner' }, 'the first step');
  assert.deepEqual(lineOfSight([0, 0], [3, 3], walls(['3,2', '2,3'])), { ok: false, reason: 'corner' }, 'the last step');
  assert.deepEqual(lineOfSight([0, 0], [3, 3], walls(['3,2'])), { ok: true }, 'one corner cell alone does not block');
  assert.deepEqual(lineOfSight([0, 0], [3, 3], walls(['2,3'])), { ok: true });
  assert.deepEqual(lineOfSight([3, 3], [0, 0], walls(['1,0', '0,1'])), { ok: false, reason: 'corner' }, 'the same pair seen from the other end');
  assert.deepEqual(lineOfSight([0, 3], [3, 0], walls(['0,2', '1,3'])), { ok: false, reason: 'corner' }, 'the anti-diagonal');
  assert.deepEqual(lineOfSight([0, 0], [3, 3], walls(['4,3', '3,4'])), { ok: true }, 'cells past the target do not count');
  assert.deepEqual(lineOfSight([0, 0], [3, 3], walls(['3,3'])), { ok: true }, 'the target cell itself does not block');
  assert.deepEqual(lineOfSight([0, 0], [3, 3], walls(['0,0'])), { ok: true }, 'nor the viewer cell');
  assert.deepEqual(lineOfSight([0, 0], [0, 3], walls(['1,1', '1,2'])), { ok: true }, 'orthogonal lines have no corner rule');
  assert.deepEqual(lineOfSight([0, 0], [0, 1], walls([])), { ok: true }, 'adjacent cells always see each other orthogonally');
});

test('reach and shortestPath off the board: the start alone, or no path', () => {
  const { g, blocked } = board(['...', '...']);
  assert.deepEqual([...reach(g, [5, 5], 3, blocked)], [['5,5', 0]]);
  assert.equal(shortestPath(g, [5, 5], [0, 0], 9, blocked), null);
  assert.equal(shortestPath(g, [0, 0], [-1, 0], 9, blocked), null);
  assert.deepEqual([...reach(g, [0, 0], 0, blocked)], [['0,0', 0]], 'zero steps: only the start');
});

test('key and unkey: a cell and its key are one another, multi-digit and zero coordinates included', () => {
  for (const c of [[0, 0], [3, 12], [12, 3], [0, 45], [107, 0]] as Cell[]) {
    assert.equal(key(c), `${c[0]},${c[1]}`);
    assert.deepEqual(unkey(key(c)), c);
  }
});

test('lineOfSight along a row and a column: a blocked cell between the ends stops it, the ends themselves do not', () => {
  const wall = new Set(['3,2', '2,5']);
  const blocked = (c: Cell) => wall.has(k(c));
  assert.deepEqual(lineOfSight([0, 2], [5, 2], blocked), { ok: false, reason: 'blocked' });
  assert.deepEqual(lineOfSight([5, 2], [0, 2], blocked), { ok: false, reason: 'blocked' });
  assert.deepEqual(lineOfSight([2, 2], [2, 7], blocked), { ok: false, reason: 'blocked' });
  assert.deepEqual(lineOfSight([0, 2], [3, 2], blocked), { ok: true }, 'a blocked end is the target, not in the way');
  // Orthogonal steps have no corners: blocked ends on both sides never make a corner refusal.
  const all = () => true;
  assert.deepEqual(lineOfSight([1, 1], [2, 1], all), { ok: true });
  assert.deepEqual(lineOfSight([1, 1], [1, 2], all), { ok: true });
  assert.equal(squeezed([1, 1], [2, 1], all), false);
  assert.equal(squeezed([1, 1], [1, 2], all), false);
});
