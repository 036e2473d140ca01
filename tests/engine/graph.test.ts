// The shared graph module (src/engine/mech/graph.ts): walks and connected subsets on a small
// known graph, then on random graphs against brute force.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adjacent, buildGraph, connectedSubsets, distance, distances, isConnected, isWalk, neighbours, reach, relativeElevation, walks, type Graph } from '../../src/engine/mech/graph.js';
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

// The limits below were found by mutation testing (docs/MUTATION.md, graph.ts): each assertion
// fails under a mutant the tests above let live.
test('buildGraph: unknown nodes refused at either end, self-loops and repeated edges dropped, lists sorted, input untouched', () => {
  assert.throws(() => buildGraph(['a', 'b'], [['a', 'x']]), /unknown node/);
  assert.throws(() => buildGraph(['a', 'b'], [['x', 'b']]), /unknown node/);
  const input = ['d', 'b', 'c', 'a'];
  const gr = buildGraph(input, [['a', 'a'], ['a', 'd'], ['a', 'b'], ['b', 'a'], ['d', 'a'], ['c', 'a']]);
  assert.deepEqual(gr.adj, { a: ['b', 'c', 'd'], b: ['a'], c: ['a'], d: ['a'] });
  assert.deepEqual(gr.nodes, ['a', 'b', 'c', 'd']);
  assert.deepEqual(input, ['d', 'b', 'c', 'a'], 'the caller\'s node list is not sorted in place');
  assert.notEqual(gr.nodes, input);
  assert.deepEqual(neighbours(gr, 'zz'), [], 'an unknown node has no neighbours');
  assert.equal(adjacent(gr, 'a', 'a'), false);
});

test('isWalk: a step to a non-neighbour or into a closed node breaks the walk', () => {
  assert.equal(isWalk(g, 'a', ['b', 'c'], () => true), true);
  assert.equal(isWalk(g, 'a', ['c'], () => true), false, 'a and c are not adjacent');
  assert.equal(isWalk(g, 'a', ['b', 'd'], (n) => n !== 'd'), false, 'd is closed');
  assert.equal(isWalk(g, 'a', [], () => false), true, 'standing still is a walk');
});

test('isConnected: the empty set and singletons are connected; two apart are not', () => {
  assert.equal(isConnected(g, []), true);
  assert.equal(isConnected(g, ['c']), true);
  assert.equal(isConnected(g, ['a', 'c']), false);
  assert.equal(isConnected(g, ['a', 'b', 'c']), true);
});

test('connectedSubsets: sets keyed and ordered by their \'|\'-joined names, so multi-letter names never collide', () => {
  // 'a'-'b' adjacent and a lone 'ab': joined without a separator, {a, b} and {ab} would be one key
  const gr = buildGraph(['a', 'b', 'ab'], [['a', 'b']]);
  // anchors in reverse so that discovery order is not the answer's order; '|' sorts after letters
  assert.deepEqual(connectedSubsets(gr, ['b', 'ab', 'a'], 2, () => true), [['a'], ['ab'], ['a', 'b'], ['b']]);
  assert.deepEqual(connectedSubsets(gr, ['b', 'a'], 2, () => true), [['a'], ['a', 'b'], ['b']]);
});

test('distance and relativeElevation: the same node is 0 steps, unreachable is null; higher, lower, level', () => {
  assert.equal(distance(g, 'c', 'c'), 0);
  assert.equal(distance(g, 'a', 'c'), 2);
  assert.equal(distance(g, 'a', 'd', (n) => n !== 'd'), null);
  assert.deepEqual([...distances(g, 'a', () => true, 1).entries()], [['a', 0], ['b', 1]]);
  assert.equal(relativeElevation(1, 2), 'higher');
  assert.equal(relativeElevation(2, 1), 'lower');
  assert.equal(relativeElevation(1, 1), 'level');
});
