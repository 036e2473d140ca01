// src/engine/mech/hex.ts against shared/rules/unbreakable.md §2.1 (geometry checks) and §7.4 (exact LOS).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { between, distance, fromLabel, neighbours, toLabel, touches, within } from '../../src/engine/mech/hex.js';

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
