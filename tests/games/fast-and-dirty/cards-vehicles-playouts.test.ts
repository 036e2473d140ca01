// Issue #17: random legal playouts that combine the card sequences (§5.1, checklist #99-#102) with
// vehicles (§2.5, §6): tanks, a scout car and a transport carrying a squad on both sides, a
// character per side (its Commander card in the expanded sequence) and Reaction cards, on the
// village map (its pond is impassable). Seeded, two games per sequence (FAD_PLAYOUTS raises it).
// Invariants: no refused entry, every game ends, no living figure off the table or in impassable
// terrain unless it exited (a hull's centre and its corners), no passenger figure on the table
// while aboard, and both seats read the same log and the same view (noLeak: nothing is hidden
// without night, hidden set-up or minefields, §8.1). cards-aboard.test.ts plays cards with a
// transport too, but checks only that entries apply and passengers' cards pass. A second test plays
// a crafted table where Cavalry characters board tanks as their commanders (§2.8 [P], 0.3.6).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEntry, resultOf, setupGame, type KState } from '../../../src/engine/kernel.js';
import { randomEntry } from '../../../src/engine/playout.js';
import { entryRng, localRng } from '../../../src/engine/rng.js';
import { isViolation, type GameEvent } from '../../../src/engine/types.js';
import { inImpassable } from '../../../src/games/fast-and-dirty/geometry.js';
import { buildVehicle, hull, isVehicle } from '../../../src/games/fast-and-dirty/rules/vehicles.js';
import { dealCards, drawCard } from '../../../src/games/fast-and-dirty/rules/cards.js';
import { Run } from '../../../src/games/fast-and-dirty/rules/run.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { living, type S } from '../../../src/games/fast-and-dirty/state.js';
import { craft, fastAndDirty, noLeak, row, seats, squad } from './helpers.js';

const N = Number(process.env.FAD_PLAYOUTS ?? 1);

const forces = {
  0: [
    { name: 'Carrier', vehicle: 'apc', quality: 'regular' },
    { ...squad('regular', 5), name: 'Rifles', aboard: 'Carrier' },
    { name: 'Tank', vehicle: 'lightTank', quality: 'regular' },
  ],
  1: [
    { name: 'Car', vehicle: 'scoutCar', quality: 'regular' },
    { name: 'Tank', vehicle: 'mediumTank', quality: 'regular' },
    { ...squad('regular', 4), name: 'Section 1' },
  ],
};

const SEQUENCES: Record<string, unknown>[] = [
  { cardSequence: 'simple' },
  { cardSequence: 'extended', opportunityFire: true },
  { cardSequence: 'expanded', reactionCards: 4 },
  { cardSequence: 'expanded', reactionCards: 2, lull: true, pinning: true },
];

function invariants(s: S, where: string): void {
  for (const u of s.units) {
    for (const f of living(u).filter((g) => !g.exited)) {
      if (u.embarked) continue; // aboard: off the table until it disembarks
      const pts = isVehicle(u) ? [f.at, ...hull(u)] : [f.at];
      for (const p of pts) {
        assert.ok(Number.isInteger(f.at[0]) && Number.isInteger(f.at[1]), `${where}: ${f.id} at an integer position`);
        const r = isVehicle(u) ? 0 : f.r;
        assert.ok(p[0] - r >= -1 && p[1] - r >= -1 && p[0] + r <= s.table.w + 1 && p[1] + r <= s.table.h + 1, `${where}: ${f.id} on the table (${p})`);
      }
      assert.equal(inImpassable(s, f.at), null, `${where}: ${f.id} not in impassable terrain`);
    }
  }
}

test('#17 random legal playouts with card sequences and vehicles (§5.1, §2.5, §6): no refused entry, the games end, figures stay on the table and out of impassable terrain, no leak', () => {
  const seen = new Set<string>();
  for (const [qi, opts] of SEQUENCES.entries()) {
    for (let i = 0; i < Math.max(2, N); i++) {
      const seed = `fad-cards-vehicles-${qi}-${i}`;
      const made = setupGame(fastAndDirty, { scenario: 'firefight', seats, options: { forces, ...opts } }, entryRng(seed, seed, 0));
      assert.ok(!isViolation(made), JSON.stringify(made).slice(0, 300));
      let k: KState<S> = (made as { k: KState<S> }).k;
      assert.ok(k.s.cards, `${seed}: the game is played with cards`);
      assert.ok(k.s.units.filter((u) => isVehicle(u)).length === 4, `${seed}: four vehicles`);
      const rng = localRng(seed);
      let n = 0;
      while (!resultOf(fastAndDirty, k) && n < 3000) {
        const e = randomEntry(fastAndDirty, k, rng);
        const r = applyEntry(fastAndDirty, k, e, entryRng(seed, seed, k.seq + 1));
        assert.ok(!isViolation(r), `${seed} entry ${n}: ${JSON.stringify(r).slice(0, 200)}`);
        const next = r as { k: KState<S>; events: GameEvent[] };
        for (const ev of next.events) seen.add(ev.type);
        const drawn = next.k.s.cards?.drawn;
        if (drawn) seen.add(`card:${'unit' in drawn ? 'unit' : Object.keys(drawn).join('+')}`);
        k = next.k;
        n++;
        if (n % 5 === 0) {
          invariants(k.s, `${seed} entry ${n}`);
          noLeak({ s: k.s, events: next.events });
        }
      }
      assert.ok(resultOf(fastAndDirty, k), `${seed} ended (${n} entries)`);
      invariants(k.s, `${seed} end`);
    }
  }
  console.log('events and cards seen', [...seen].sort().join(' '));
  // The playouts did reach the vehicles' and the cards' own paths.
  for (const t of ['moved', 'card_drawn', 'card:unit', 'reaction', 'penetration', 'disembarked']) assert.ok(seen.has(t), `some ${t} event: ${[...seen].sort().join(' ')}`);
});

const cavalry = (name: string): UnitSpec => ({ name, kind: 'character', quality: 'regular', resolve: 'steady', leadership: 'experienced', branch: 'cavalry', figures: [{ weapon: 'assaultRifle', armour: 'light' }] });

/** A crafted table (characters are not in force lists): per side a Cavalry character beside a tank, a squad and a transport, the expanded card sequence dealt. */
function cavalryTable(name: string): S {
  const s = craft({ name, options: { cardSequence: 'expanded', reactionCards: 2 }, units: [
    { id: 'A1', side: 0, spec: squad('regular', 5), at: row(1000, 800, 5) },
    { id: 'C1', side: 0, spec: cavalry('Maj. Reyes'), at: [[2400, 600]] },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1000, 4000, 5) },
    { id: 'C2', side: 1, spec: cavalry('Col. Brandt'), at: [[2400, 4200]] },
  ] });
  const put = (id: string, type: string, side: 0 | 1, at: [number, number], heading: number) => {
    const v = buildVehicle({ name: id, vehicle: type, quality: 'regular' }, id, side, at);
    v.vehicle!.heading = heading;
    s.units.push(v);
  };
  put('V1', 'lightTank', 0, [2000, 600], 0);
  put('V2', 'apc', 0, [3400, 700], 0);
  put('W1', 'mediumTank', 1, [2000, 4200], 18000);
  put('W2', 'scoutCar', 1, [3400, 4200], 18000);
  s.turn = 1;
  const run = new Run(localRng(`${name}-deal`));
  dealCards(s, run);
  assert.equal(drawCard(s, run), 'activate');
  return s;
}

test('#17 #39 random legal play with card sequences, vehicles and Cavalry characters boarding them (§5.1, §2.8 [P]): no refused answer, the games end, the invariants hold, no leak', () => {
  let boarded = 0;
  let led = 0;
  for (let i = 0; i < Math.max(2, N); i++) {
    const seed = `fad-cavalry-cards-${i}`;
    let s = cavalryTable(seed);
    const rng = localRng(seed);
    let n = 0;
    while (!s.result && n < 3000) {
      const d = fastAndDirty.pending(s)[0];
      assert.ok(d, `${seed} step ${n}: a decision is open`);
      const c = fastAndDirty.candidates(s, d.seat, d, 10, rng).actions;
      assert.ok(c.length > 0, `${seed} step ${n}: ${d.kind} has candidates`);
      // Board when offered (a uniform pick rarely would): the commander's path is what is under test.
      const a = c.find((x) => 'board' in x && x.board && s.units.find((u) => u.id === s.active)?.kind === 'character') ?? c[rng.int(c.length)];
      const r = fastAndDirty.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action: a }, { seq: n + 1, rng: localRng(`${seed}-${n}`) });
      assert.ok(!isViolation(r), `${seed} step ${n}: ${JSON.stringify(r).slice(0, 200)} for ${JSON.stringify(a).slice(0, 200)}`);
      const next = r as { state: S; events: GameEvent[] };
      boarded += next.events.filter((e) => e.type === 'embarked' && (e.data as { unit: string }).unit.startsWith('C')).length;
      led += next.events.filter((e) => e.type === 'shot' && /^[VW]/.test((e.data as { unit: string }).unit) && (e.data as { mods: { leadership?: number } }).mods.leadership === 1).length;
      s = next.state;
      n++;
      if (n % 5 === 0) {
        invariants(s, `${seed} step ${n}`);
        noLeak({ s, events: next.events });
      }
    }
    assert.ok(s.result, `${seed} ended (${n} steps)`);
    invariants(s, `${seed} end`);
  }
  assert.ok(boarded > 0, 'a Cavalry character boarded a vehicle');
  assert.ok(led > 0, 'a vehicle fired with its commander\'s Leadership (Experienced +1)');
});
