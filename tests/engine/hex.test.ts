// src/engine/mech/hex.ts against shared/rules/unbreakable.md §2.1 (geometry checks) and §7.4 (exact LOS).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { between, directionTo, DIRECTIONS, distance, fromLabel, neighbours, parseLabel, pixel, step, toLabel, touches, UNBREAKABLE_LAYOUT, within, type Cube } from '../../src/engine/mech/hex.js';

const L = (c: { q: number; r: number }) => toLabel(c);

test('§2.1 cube conversion: q = x − 1, r = (y − 1) − floor((q + q mod 2) / 2), and back', () => {
  for (let x = 1; x <= 11; x++) {
    for (let y = 1; y <= 15; y++) {
      const l = String(x).padStart(2, '0') + String(y).padStart(2, '0');
      const c = fromLabel(l);
      const q = x - 1;
      assert.deepEqual(c, { q, r: (y - 1) - Math.floor((q + (q % 2)) / 2) }, l);
      assert.equal(toLabel(c), l);
    }
  }
});

test('§2.1 distance(0207, 0406) = 2 (laser example, L780)', () => {
  assert.equal(distance(fromLabel('0207'), fromLabel('0406')), 2);
});

test('§2.1 neighbours of 0503 are 0502 0603 0604 0504 0404 0403 (N..NW)', () => {
  assert.deepEqual(neighbours(fromLabel('0503')).map(L), ['0502', '0603', '0604', '0504', '0404', '0403']);
});

test('§2.1 the line 0814→1009 passes 0813 0910 0911 0912 1010, not 1008 (crust-buster example, L713)', () => {
  const b = between(fromLabel('0814'), fromLabel('1009')).map(L).sort();
  for (const h of ['0813', '0910', '0911', '0912', '1010']) assert.ok(b.includes(h), `${h} in ${b}`);
  assert.ok(!b.includes('1008'));
});

test('§2.9 the line 0610→0410 runs along the edge shared by 0509 and 0510: both between', () => {
  assert.deepEqual(between(fromLabel('0610'), fromLabel('0410')).map(L).sort(), ['0509', '0510']);
});

test('§7.4 pure vertex touches: 0403→0815 touches 0405, 0607, 0611, 0813 at corners; 0110→0513 touches 0212 and 0412', () => {
  const b = between(fromLabel('0403'), fromLabel('0815')).map(L);
  for (const h of ['0405', '0607', '0611', '0813']) assert.ok(b.includes(h), `${h} in ${b}`);
  const c = between(fromLabel('0110'), fromLabel('0513')).map(L);
  for (const h of ['0212', '0412', '0211', '0311', '0312', '0413']) assert.ok(c.includes(h), `${h} in ${c}`);
});

test('between agrees with a fine float sampling on random segments (reference check)', () => {
  let seed = 7;
  const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (let i = 0; i < 200; i++) {
    const a = { q: rnd(11), r: rnd(11) - 5 };
    const b = { q: rnd(11), r: rnd(11) - 5 };
    const K = (c: { q: number; r: number }) => `${c.q},${c.r}`;
    const exact = new Set(between(a, b).map(K));
    // every hex whose interior a sample point falls in must be reported
    for (let k = 1; k < 400; k++) {
      const t = k / 400;
      const q = a.q + t * (b.q - a.q);
      const r = a.r + t * (b.r - a.r);
      for (const c of within({ q: Math.round(q), r: Math.round(r) }, 1)) {
        if ((c.q === a.q && c.r === a.r) || (c.q === b.q && c.r === b.r)) continue;
        const dq = q - c.q; const dr = r - c.r; const ds = -dq - dr;
        if (Math.abs(dq - dr) < 0.999 && Math.abs(dr - ds) < 0.999 && Math.abs(ds - dq) < 0.999) assert.ok(exact.has(K(c)), `${K(a)}→${K(b)} misses ${K(c)}`);
      }
    }
    for (const c of between(a, b)) assert.ok(touches(a, b, c));
  }
});

// The limits below were found by mutation testing (docs/MUTATION.md, hex.ts): each assertion
// fails under a mutant the tests above let live.
const K = (c: Cube) => `${c.q},${c.r}`;
const byDistanceQR = (a: Cube) => (x: Cube, y: Cube) => distance(a, x) - distance(a, y) || x.q - y.q || x.r - y.r;

/**
 * Exact brute force for `touches`: the closed hexagon around c is |dq-dr|, |dr-ds|, |ds-dq| <= 1
 * along d(t) = a + t(b - a) - c; every bound of the intersection is (±1 - alpha)/beta with
 * |beta| <= 2 * 4 on these segments, so if the segment meets the hexagon it does so at some
 * t = k/840 (840 = lcm(1..8)), checked here in integers.
 */
function touchesBrute(a: Cube, b: Cube, c: Cube): boolean {
  const T = 840;
  const d0 = [a.q - c.q, a.r - c.r, (-a.q - a.r) - (-c.q - c.r)];
  const dv = [b.q - a.q, b.r - a.r, (-b.q - b.r) - (-a.q - a.r)];
  for (let k = 0; k <= T; k++) {
    if ([[0, 1], [1, 2], [2, 0]].every(([i, j]) => Math.abs(T * (d0[i] - d0[j]) + k * (dv[i] - dv[j])) <= T)) return true;
  }
  return false;
}

test('touches and between: exactly the hexes an exact brute force finds, for every segment up to 4 hexes from one centre, sorted by distance, q, r', () => {
  const a = { q: 0, r: 0 };
  for (const b of within(a, 4)) {
    const n = distance(a, b);
    const want: Cube[] = [];
    for (const c of within(a, n + 1)) {
      const brute = touchesBrute(a, b, c);
      assert.equal(touches(a, b, c), brute, `touches ${K(a)}→${K(b)} at ${K(c)}`);
      if (brute && K(c) !== K(a) && K(c) !== K(b)) want.push(c);
    }
    want.sort(byDistanceQR(a));
    assert.deepEqual(between(a, b), want, `between ${K(a)}→${K(b)}`);
  }
  // off the origin too: the same shapes shifted
  const a2 = { q: 3, r: -2 };
  assert.deepEqual(between(a2, { q: 6, r: -2 }).map((c) => ({ q: c.q - 3, r: c.r + 2 })), between(a, { q: 3, r: 0 }));
});

test('within: every hex at distance n or less, each once (3n² + 3n + 1), nothing farther', () => {
  for (const c of [{ q: 0, r: 0 }, { q: 4, r: -7 }]) {
    for (let n = 0; n <= 4; n++) {
      const got = within(c, n);
      assert.equal(got.length, 3 * n * n + 3 * n + 1);
      assert.equal(new Set(got.map(K)).size, got.length);
      const want: string[] = [];
      for (let q = c.q - n - 1; q <= c.q + n + 1; q++) for (let r = c.r - n - 1; r <= c.r + n + 1; r++) if (distance(c, { q, r }) <= n) want.push(K({ q, r }));
      assert.deepEqual(got.map(K).sort(), want.sort());
    }
  }
});

test('labels: only four digits parse; a bad label is refused; cube coordinates carry no negative zero', () => {
  assert.deepEqual(parseLabel('0608'), { x: 6, y: 8 });
  for (const bad of ['608', '06080', 'a608', '0608a', '', '06-8']) assert.equal(parseLabel(bad), null, bad);
  assert.throws(() => fromLabel('608'), /not a hex label: 608/);
  for (const l of ['0101', '0102', '0201']) {
    const c = fromLabel(l, UNBREAKABLE_LAYOUT);
    assert.ok(!Object.is(c.q, -0) && !Object.is(c.r, -0), `${l}: ${JSON.stringify(c)}`);
    assert.equal(JSON.stringify(c), JSON.stringify({ q: c.q, r: c.r }));
  }
  assert.deepEqual(UNBREAKABLE_LAYOUT, { lowerColumns: 'odd' });
});

test('directionTo names the step to each neighbour and null for anything else; pixel centres are 1.5 apart in x', () => {
  const c = { q: 2, r: -1 };
  for (const d of DIRECTIONS) assert.equal(directionTo(c, step(c, d)), d);
  assert.equal(directionTo(c, c), null);
  assert.equal(directionTo(c, { q: 4, r: -1 }), null);
  assert.equal(directionTo(c, { q: 3, r: -3 }), null);
  assert.deepEqual(pixel({ q: 0, r: 0 }), { x: 0, y: 0 });
  assert.deepEqual(pixel({ q: 2, r: -1 }), { x: 3, y: 0 });
  assert.deepEqual(pixel({ q: 0, r: 1 }), { x: 0, y: Math.sqrt(3) });
  assert.deepEqual(pixel({ q: 1, r: 0 }), { x: 1.5, y: Math.sqrt(3) / 2 });
});
