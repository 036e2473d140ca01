// The shared graph module (src/engine/mech/graph.ts): walks and connected subsets on a small
// known graph, then on random graphs against brute force.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraph, connectedSubsets, isConnected, isWalk, reach, walks, type Graph } from '../../src/engine/mech/graph.js';
import { localRng } from '../../src/engine/rng.js';

// a - b - c, b - d; d is closed to entry in some tests
const g = buildGraph(['a', 'b', 'c', 'd'], [['a', 'b'], ['b', 'c'], ['b', 'd']]);

test('walks: every walk of up to n steps, nodes may repeat, from excluded, closed nodes never entered', () => {
  assert.deepEqual(walks(g, 'a', 2, () => true), [[], ['b'], ['b', 'a'], ['b', 'c'], ['b', 'd']]);
  assert.deepEqual(walks(g, 'a', 2, (n) => n !== 'd'), [[], ['b'], ['b', 'a'], ['b', 'c']]);
  assert.deepEqual(walks(g, 'a', 0, () => true), [[]]);
  for (const w of walks(g, 'c', 3, () => true)) assert.ok(isWalk(g, 'c', w, () => true));
});

test('connectedSubsets: each connected set once, sorted, containing an anchor, allowed nodes only', () => {
  assert.deepEqual(connectedSubsets(g, ['a'], 2, () => true), [['a'], ['a', 'b']]);
  assert.deepEqual(connectedSubsets(g, ['a'], 3, (n) => n !== 'c'), [['a'], ['a', 'b'], ['a', 'b', 'd']]);
  assert.deepEqual(connectedSubsets(g, ['c'], 0, () => true), []);
  assert.deepEqual(reach(g, 'a', 1, () => true), ['a', 'b']);
});

function randomGraph(seed: string): Graph {
  const rng = localRng(seed);
  const n = 2 + rng.int(6);
  const nodes = Array.from({ length: n }, (_, i) => `n${i}`);
  const edges: [string, string][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (rng.int(3) === 0) edges.push([nodes[i], nodes[j]]);
  return buildGraph(nodes, edges);
}

/** Every sequence of 1..steps nodes, kept when each is adjacent to the one before (brute force). */
function bruteWalks(gr: Graph, from: string, steps: number, open: (n: string) => boolean): string[][] {
  const out: string[][] = [[]];
  let layer: string[][] = [[]];
  for (let k = 0; k < steps; k++) {
    const next: string[][] = [];
    for (const p of layer) for (const m of gr.nodes) if (open(m) && gr.adj[p.length ? p[p.length - 1] : from].includes(m)) next.push([...p, m]);
    out.push(...next);
    layer = next;
  }
  return out;
}

test('on 200 random graphs: walks and connectedSubsets match brute force', () => {
  for (let t = 0; t < 200; t++) {
    const gr = randomGraph(`graph-${t}`);
    const closed = new Set(gr.nodes.filter((_, i) => (i * 7 + t) % 5 === 0));
    const open = (n: string) => !closed.has(n);
    const from = gr.nodes[t % gr.nodes.length];
    const steps = t % 4;
    const key = (ws: string[][]) => ws.map((w) => w.join('>')).sort();
    assert.deepEqual(key(walks(gr, from, steps, open)), key(bruteWalks(gr, from, steps, open)), `walks, graph ${t}`);

    const anchors = gr.nodes.filter((_, i) => i % 2 === 0);
    const max = 1 + (t % 4);
    const want: string[] = [];
    for (let mask = 1; mask < 1 << gr.nodes.length; mask++) {
      const set = gr.nodes.filter((_, i) => mask & (1 << i));
      if (set.length > max || !set.every(open) || !set.some((n) => anchors.includes(n)) || !isConnected(gr, set)) continue;
      want.push(set.join('|'));
    }
    assert.deepEqual(connectedSubsets(gr, anchors, max, open).map((s) => s.join('|')), want.sort(), `connectedSubsets, graph ${t}`);
  }
});
