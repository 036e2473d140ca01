// Graphs of spaces (nodes) with elevation: adjacency, bounded walks, reach, distances and
// connected subsets. Game-agnostic: a game builds one graph per purpose (movement with
// per-unit entry filters, range for attacks) and passes predicates. Pure, deterministic
// (neighbour lists are kept sorted), no Rng.

export interface Graph {
  nodes: string[];
  /** Sorted neighbour lists. */
  adj: Record<string, string[]>;
}

export function buildGraph(nodes: readonly string[], edges: readonly (readonly [string, string])[]): Graph {
  const adj: Record<string, string[]> = {};
  for (const n of nodes) adj[n] = [];
  for (const [a, b] of edges) {
    if (!(a in adj) || !(b in adj)) throw new Error(`graph edge ${a}-${b}: unknown node`);
    if (a === b) continue;
    if (!adj[a].includes(b)) adj[a].push(b);
    if (!adj[b].includes(a)) adj[b].push(a);
  }
  for (const n of nodes) adj[n].sort();
  return { nodes: nodes.slice().sort(), adj };
}

export function neighbours(g: Graph, n: string): string[] {
  return g.adj[n] ?? [];
}

export function adjacent(g: Graph, a: string, b: string): boolean {
  return neighbours(g, a).includes(b);
}

/** Shortest path lengths (in steps) from `from` to every node reachable through `canEnter`. */
export function distances(g: Graph, from: string, canEnter: (n: string) => boolean = () => true, max = Infinity): Map<string, number> {
  const dist = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let d = 1; frontier.length && d <= max; d++) {
    const next: string[] = [];
    for (const n of frontier) {
      for (const m of neighbours(g, n)) {
        if (dist.has(m) || !canEnter(m)) continue;
        dist.set(m, d);
        next.push(m);
      }
    }
    frontier = next;
  }
  return dist;
}

export function distance(g: Graph, a: string, b: string, canEnter?: (n: string) => boolean): number | null {
  if (a === b) return 0;
  return distances(g, a, canEnter).get(b) ?? null;
}

/** Nodes reachable from `from` in at most `steps` steps, every entered node passing `canEnter` (from included). */
export function reach(g: Graph, from: string, steps: number, canEnter: (n: string) => boolean): string[] {
  return [...distances(g, from, canEnter, steps).keys()].sort();
}

/** Every walk (nodes may repeat) of 0..steps steps from `from`, entered nodes passing `canEnter`. Excludes `from`. */
export function walks(g: Graph, from: string, steps: number, canEnter: (n: string) => boolean): string[][] {
  const out: string[][] = [[]];
  walksFrom(g, from, [], steps, canEnter, out);
  return out;
}

// Module functions, not closures made per call: tsx's keepNames names each closure (`__name`).
function walksFrom(g: Graph, at: string, path: string[], steps: number, canEnter: (n: string) => boolean, out: string[][]): void {
  if (path.length >= steps) return;
  for (const m of neighbours(g, at)) {
    if (!canEnter(m)) continue;
    const p = path.concat(m);
    out.push(p);
    walksFrom(g, m, p, steps, canEnter, out);
  }
}

/** Whether `path` (entered nodes in order) is a walk from `from`, each entered node passing `canEnter`. */
export function isWalk(g: Graph, from: string, path: readonly string[], canEnter: (n: string) => boolean): boolean {
  let at = from;
  for (const n of path) {
    if (!adjacent(g, at, n) || !canEnter(n)) return false;
    at = n;
  }
  return true;
}

/** Whether a set of nodes is connected in g (the empty set and singletons are). */
export function isConnected(g: Graph, set: readonly string[]): boolean {
  if (set.length <= 1) return true;
  const inSet = new Set(set);
  const seen = new Set([set[0]]);
  const stack = [set[0]];
  while (stack.length) {
    const n = stack.pop()!;
    for (const m of neighbours(g, n)) if (inSet.has(m) && !seen.has(m)) { seen.add(m); stack.push(m); }
  }
  return seen.size === inSet.size;
}

/**
 * Every connected subset of 1..maxSize nodes passing `allowed` that contains at least one
 * node of `anchors` (sorted node lists, each subset once).
 */
export function connectedSubsets(g: Graph, anchors: readonly string[], maxSize: number, allowed: (n: string) => boolean): string[][] {
  const found = new Map<string, string[]>();
  for (const a of anchors) if (allowed(a) && maxSize >= 1) growConnected(g, [a], maxSize, allowed, found);
  return [...found.values()].sort((x, y) => (x.join('|') < y.join('|') ? -1 : x.join('|') > y.join('|') ? 1 : 0));
}

function growConnected(g: Graph, set: string[], maxSize: number, allowed: (n: string) => boolean, found: Map<string, string[]>): void {
  const key = set.join('|');
  if (found.has(key)) return;
  found.set(key, set);
  if (set.length >= maxSize) return;
  const frontier = new Set<string>();
  for (const n of set) for (const m of neighbours(g, n)) if (!set.includes(m) && allowed(m)) frontier.add(m);
  for (const m of frontier) growConnected(g, set.concat(m).sort(), maxSize, allowed, found);
}

/** Relative elevation of a target seen from an attacker: levels are numbers (0 = ground). */
export function relativeElevation(attackerLevel: number, targetLevel: number): 'higher' | 'level' | 'lower' {
  return targetLevel > attackerLevel ? 'higher' : targetLevel < attackerLevel ? 'lower' : 'level';
}
