// Random legal play through the pause points of mines met by moves outside a unit's own order
// (issue #17): module Mines (§7.15, p.33: "Any unit that approaches to within 4" of a mine must
// temporarily halt their movement and resolve their encounter"), met by a Reaction card's move and
// an Inspiration's move (expanded card sequence, §5.1), an Elusive fall back (§2.6), a Lull's
// withdrawals (§7.14) and the unit's own moves; personality Lucky (§2.7) opens its re-roll window
// on the mover's save or defence die there (`mineWalk` and the order's own `mines` stage). Crafted
// tables with one field of side 1 laid across side 0's lines, Lucky troopers in every squad of side
// 0, some Elusive, two led by good (veteran) leaders: no crash, every game ends, every candidate
// offered is legal, and where a window is open on a revealed field both seats read the same log and
// view (noLeak, §8.1). FAD_PLAYOUTS raises the games per table (default 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { craft, fastAndDirty, localRng, noLeak, row, squad, unitOf } from './helpers.js';
import { isViolation, type GameEvent } from '../../../src/engine/types.js';
import { localRng as entryRng, scriptedRng } from '../../../src/engine/rng.js';
import { newDeck } from '../../../src/engine/mech/deck.js';
import type { Pt } from '../../../src/engine/mech/geom2d.js';
import type { UnitSpec } from '../../../src/games/fast-and-dirty/content.js';
import { living, type Minefield, type S } from '../../../src/games/fast-and-dirty/state.js';

const N = Number(process.env.FAD_PLAYOUTS ?? 1);

/** A Regular squad of five, a leader first, its last trooper Lucky. */
const luckySquad = (name: string, extra: Partial<UnitSpec> = {}): UnitSpec => ({
  name, quality: 'regular', resolve: 'steady',
  figures: [
    { weapon: 'assaultRifle', armour: 'light', leader: true },
    { weapon: 'assaultRifle', armour: 'light', count: 3 },
    { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] },
  ],
  ...extra,
});

/** Side 1's anti-personnel field: its markers ahead of side 0's line (y 18"), behind it (y 7") and on a flank; `real` picks one. */
const field = (real: 1 | 2 | 3): Minefield => ({ id: 'M1', owner: 1, markers: [{ n: 1, at: [2400, 1800] }, { n: 2, at: [2400, 700] }, { n: 3, at: [3800, 1200] }], real, mine: 'ap', revealed: false });

/** Side 0 (three Lucky squads, two Elusive, two led by veterans) at y 12" facing side 1 at y 26"; the options under test. */
function table(name: string, real: 1 | 2 | 3, options: Record<string, unknown>): S {
  const s = craft({ name, options, active: 'A3', units: [
    { id: 'A1', side: 0, spec: luckySquad('Scouts', { elusive: true }), at: row(1600, 1200, 5) },
    { id: 'A2', side: 0, spec: luckySquad('Rangers', { elusive: true }), at: row(2700, 1200, 5) },
    { id: 'A3', side: 0, spec: luckySquad('Line'), at: row(1900, 1000, 5) },
    { id: 'B1', side: 1, spec: squad('regular', 5), at: row(1500, 2600, 5) },
    { id: 'B2', side: 1, spec: squad('regular', 5), at: row(2700, 2600, 5) },
  ] });
  for (const id of ['A1', 'A3']) unitOf(s, id).leaderRating = 'veteran';
  s.minefields = [field(real)];
  // A3 gives the first order; the rest of turn 1's deck as the expanded sequence deals it (§5.1).
  if (options.cardSequence) {
    const n = Number(options.reactionCards ?? 0);
    s.cards = { deck: newDeck(['unit:A1', 'unit:A2', 'unit:B1', 'unit:B2', ...Array(n).fill('reaction'), 'inspiration:A1', 'inspiration:A3', 'cooler']), drawn: null, last: 0, cooler: null };
  }
  return s;
}

const TABLES: { real: 1 | 2 | 3; options: Record<string, unknown> }[] = [
  { real: 1, options: { cardSequence: 'expanded', reactionCards: 4, lull: true } },
  { real: 2, options: { cardSequence: 'expanded', reactionCards: 2, lull: true } },
  { real: 1, options: { lull: true, opportunityFire: true } },
  { real: 3, options: { cardSequence: 'expanded', reactionCards: 4 } },
];

const onTable = (s: S, where: string) => {
  for (const f of s.units.flatMap((u) => living(u).filter((g) => !g.exited))) {
    assert.ok(Number.isInteger(f.at[0]) && Number.isInteger(f.at[1]) && f.at[0] - f.r >= 0 && f.at[1] - f.r >= 0 && f.at[0] + f.r <= s.table.w && f.at[1] + f.r <= s.table.h, `${where}: ${f.id} on the table at an integer point`);
  }
};

test('Mines met during movement, random legal play through the pause points (reaction and Inspiration moves, Elusive fall backs, Lull withdrawals, with Lucky): no crash, the games end, no leak (§7.15, §5.1, §2.6, §7.14, §2.7, §8.1)', () => {
  const windows: Record<string, number> = {};
  let encounters = 0;
  for (const [ti, t] of TABLES.entries()) {
    for (let i = 0; i < Math.max(2, N); i++) {
      const seed = `mine-walk-${ti}-${i}`;
      let s = table(seed, t.real, t.options);
      const rng = localRng(seed);
      let n = 0;
      while (!s.result && n < 3000) {
        const d = fastAndDirty.pending(s)[0];
        assert.ok(d, `${seed} step ${n}: a decision is open`);
        const c = fastAndDirty.candidates(s, d.seat, d, 10, rng).actions;
        assert.ok(c.length > 0, `${seed} step ${n}: ${d.kind} has candidates`);
        const a = c[rng.int(c.length)];
        const v = fastAndDirty.validate(s, d.seat, d, a);
        assert.equal(v, null, `${seed} step ${n}: the offered ${JSON.stringify(a).slice(0, 300)} is legal`);
        const r = fastAndDirty.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action: a }, { seq: n + 1, rng: entryRng(`${seed}-${n}`) });
        assert.ok(!isViolation(r), `${seed} step ${n}: ${JSON.stringify(r).slice(0, 200)}`);
        const next = (r as { state: S; events: GameEvent[] });
        if (next.events.some((e) => e.type === 'mine_real')) encounters++;
        const resume = next.state.luckyOrder?.resume;
        if (resume && fastAndDirty.pending(next.state)[0]?.kind === 'lucky' && next.events.some((e) => e.type === 'mine_real')) {
          const key = resume.at === 'mineWalk' ? `mineWalk:${resume.then}` : resume.at;
          windows[key] = (windows[key] ?? 0) + 1;
          // The field is revealed by its hit: nothing is secret any more, both seats read the same (§8.1).
          if (next.state.minefields.every((m) => m.revealed)) noLeak({ s: next.state, events: next.events });
        }
        s = next.state;
        n++;
        if (n % 10 === 0) onTable(s, `${seed} step ${n}`);
      }
      assert.ok(s.result, `${seed} ended (${n} steps)`);
      onTable(s, `${seed} end`);
    }
  }
  console.log('windows on mines', JSON.stringify(windows), 'real encounters', encounters);
  assert.ok(encounters > 0, 'random play meets the real field');
  assert.ok(Object.keys(windows).some((k) => k.startsWith('mineWalk:')), `a window opens at a mineWalk pause: ${JSON.stringify(windows)}`);
});

// --- from each pause point: the window opened by hand (the scenes of lucky-mine-moves.test.ts and
// mine-fallbacks.test.ts), answered both ways, then random legal play to the end ---

/** A Regular squad of `n`, its last trooper Lucky (the first its leader when `led`). */
const small = (n: number, led = false): UnitSpec => ({
  name: 'Lucky', quality: 'regular', resolve: 'steady',
  figures: [
    ...(led ? [{ weapon: 'assaultRifle', armour: 'light', leader: true }] : []),
    { weapon: 'assaultRifle', armour: 'light', count: n - 1 - (led ? 1 : 0) },
    { weapon: 'assaultRifle', armour: 'light', personalities: ['lucky'] },
  ],
});
/** Side `owner`'s field, its real marker 2 at `real`. */
const one = (owner: 0 | 1, real: Pt): Minefield => ({ id: 'M1', owner, markers: [{ n: 1, at: [300, 4500] }, { n: 2, at: real }, { n: 3, at: [4500, 300] }], real: 2, mine: 'ap', revealed: false });
/** A1's three figures 3" north: A1.2 comes within 4" of (20", 20"). The mine's dice then: check 1, 1D3 = 1 hit, attack 4 against defence 2. */
const north = [0, 1, 2].map((i) => ({ fig: `A1.${i + 1}`, path: [[1800 + i * 220, 1600]] as Pt[] }));
const mineDice = [0, 1, 0, 0];
const step = (s: S, action: Parameters<typeof fastAndDirty.validate>[3], dice: number[] = []) => {
  const d = fastAndDirty.pending(s)[0];
  const r = fastAndDirty.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action }, { seq: 1, rng: scriptedRng(dice, 'mine-walk-window') });
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message}`);
  return { s: r.state, events: r.events };
};

const WINDOWS: { then: string; open: () => { s: S; events: GameEvent[] } }[] = [
  { then: 'react', open: () => {
    const s = craft({ name: 'mw-react', active: 'A1', options: { cardSequence: 'expanded' }, units: [
      { id: 'A1', side: 0, spec: small(3), at: row(1800, 1300, 3) },
      { id: 'B1', side: 1, spec: small(3), at: row(1800, 3200, 3) },
    ] });
    s.minefields = [one(1, [2000, 2000])];
    s.cards = { deck: newDeck(['reaction', 'unit:B1']), drawn: null, last: 0, cooler: null };
    return step(step(s, { type: 'engage', moves: [], target: null, fireFirst: true }, [0, 0]).s, { type: 'react', unit: 'A1', moves: north }, mineDice);
  } },
  { then: 'inspire', open: () => {
    const s = craft({ name: 'mw-inspire', active: 'A2', options: { cardSequence: 'expanded' }, units: [
      { id: 'A1', side: 0, spec: small(3, true), at: row(1800, 1300, 3) },
      { id: 'A2', side: 0, spec: small(1), at: [[4000, 500]] },
      { id: 'B1', side: 1, spec: small(3), at: row(1000, 4200, 3) },
    ] });
    s.minefields = [one(1, [2000, 2000])];
    unitOf(s, 'A1').leaderRating = 'veteran';
    s.cards = { deck: newDeck(['inspiration:A1', 'unit:B1']), drawn: null, last: 0, cooler: null };
    return step(step(s, { type: 'engage', moves: [], target: null, fireFirst: true }, [0]).s, { type: 'inspire', unit: 'A1', effect: 'move', moves: north }, mineDice);
  } },
  { then: 'elusive', open: () => {
    const s = craft({ name: 'mw-elusive', active: 'S1', units: [
      { id: 'S1', side: 0, spec: squad('regular', 3), at: row(1800, 200, 3) },
      { id: 'A1', side: 1, spec: { ...small(3), elusive: true } as UnitSpec, at: row(1800, 1300, 3) },
    ] });
    s.minefields = [one(0, [2000, 2000])];
    return step(step(s, { type: 'engage', moves: [], target: 'A1', fireFirst: true }).s, { type: 'elusive', moves: north }, mineDice);
  } },
  { then: 'withdraw', open: () => {
    const s = craft({ name: 'mw-withdraw', active: 'A1', options: { lull: true }, units: [
      { id: 'A1', side: 0, spec: small(3), at: row(1800, 1300, 3) },
      { id: 'A2', side: 0, spec: squad('regular', 2), at: row(4000, 1000, 2) },
      { id: 'B1', side: 1, spec: squad('regular', 1), at: [[2000, 2300]] },
    ] });
    unitOf(s, 'A2').activated = true;
    unitOf(s, 'B1').activated = true;
    s.initiative = { winner: 0, rolls: [5, 2] };
    s.minefields = [one(1, [2000, 700])];
    return step(step(s, { type: 'engage', moves: [], target: null, fireFirst: true }, [0, 0]).s, { type: 'withdraw', unit: 'A1', moves: [] }, mineDice);
  } },
];

for (const w of WINDOWS) {
  test(`Mines met during movement: from the window on a ${w.then} move's mine (mineWalk), each answer, then random legal play to the end: no crash, the game ends, no leak (§7.15, §2.7, §8.1)`, () => {
    const open = w.open();
    const d = fastAndDirty.pending(open.s)[0];
    assert.equal(d.kind, 'lucky', `the ${w.then} move's mine opens the Lucky window`);
    assert.deepEqual(open.s.luckyOrder?.resume, { at: 'mineWalk', unit: 'A1', then: w.then }, 'paused at the mine walk');
    noLeak(open);
    const answers = fastAndDirty.candidates(open.s, d.seat, d, 10, localRng('x')).actions;
    assert.ok(answers.length >= 2, 're-roll or keep');
    for (const [ai, answer] of answers.entries()) {
      const seed = `mine-walk-${w.then}-${ai}`;
      const after = step(open.s, answer);
      noLeak(after);
      let s = after.s;
      const rng = localRng(seed);
      let n = 0;
      while (!s.result && n < 2000) {
        const dd = fastAndDirty.pending(s)[0];
        const c = fastAndDirty.candidates(s, dd.seat, dd, 10, rng).actions;
        assert.ok(c.length > 0, `${seed} step ${n}: ${dd.kind} has candidates`);
        const a = c[rng.int(c.length)];
        assert.equal(fastAndDirty.validate(s, dd.seat, dd, a), null, `${seed} step ${n}: the offered ${JSON.stringify(a).slice(0, 300)} is legal`);
        const r = fastAndDirty.apply(s, { kind: 'answer', seat: dd.seat, decision: dd.key, action: a }, { seq: n + 2, rng: entryRng(`${seed}-${n}`) });
        assert.ok(!isViolation(r), `${seed} step ${n}: ${JSON.stringify(r).slice(0, 200)}`);
        const next = r as { state: S; events: GameEvent[] };
        // Nothing is secret once the only field is revealed (§8.1).
        if (next.state.minefields.every((m) => m.revealed) && !next.state.units.some((u) => u.hidden)) noLeak({ s: next.state, events: next.events });
        s = next.state;
        n++;
        if (n % 10 === 0) onTable(s, `${seed} step ${n}`);
      }
      assert.ok(s.result, `${seed} ended (${n} steps)`);
    }
  });
}
