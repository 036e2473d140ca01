// Property test over random legal playouts of every scenario (FAD_PLAYOUTS per scenario, default 1):
// no crash, every game ends, no living figure inside impassable terrain or off the table unless
// it exited, no two bases overlapping, every position an integer, and no view differs between
// seats (the core game hides nothing, §8.1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEntry, resultOf, setupGame, type KState } from '../../../src/engine/kernel.js';
import { randomEntry } from '../../../src/engine/playout.js';
import { entryRng, localRng } from '../../../src/engine/rng.js';
import { isViolation } from '../../../src/engine/types.js';
import { checkPlayout } from '../../../src/engine/conformance.js';
import { inImpassable } from '../../../src/games/fast-and-dirty/geometry.js';
import { overlaps } from '../../../src/engine/mech/geom2d.js';
import { living, type S } from '../../../src/games/fast-and-dirty/state.js';
import { craft, fastAndDirty, row, seats } from './helpers.js';

const N = Number(process.env.FAD_PLAYOUTS ?? 1);

function invariants(s: S, where: string): void {
  const figs = s.units.flatMap((u) => living(u).filter((f) => !f.exited));
  for (const f of figs) {
    assert.ok(Number.isInteger(f.at[0]) && Number.isInteger(f.at[1]), `${where}: ${f.id} at an integer position`);
    assert.ok(f.at[0] - f.r >= 0 && f.at[1] - f.r >= 0 && f.at[0] + f.r <= s.table.w && f.at[1] + f.r <= s.table.h, `${where}: ${f.id} on the table`);
    assert.equal(inImpassable(s, f.at), null, `${where}: ${f.id} not in impassable terrain`);
  }
  for (let i = 0; i < figs.length; i++) for (let j = i + 1; j < figs.length; j++) {
    assert.ok(!overlaps(figs[i].at, figs[i].r, figs[j].at, figs[j].r), `${where}: ${figs[i].id} overlaps ${figs[j].id}`);
  }
}

/** Half the scenarios play with the options that move figures differently (trimmed variable moves, opportunity fire). */
const OPTIONS = [{}, { variableMovement: true, opportunityFire: true, pinning: true }];

for (const [si, sc] of fastAndDirty.scenarios.entries()) {
  test(`random legal playouts of ${sc.title}: no crash, the game ends, figures stay on the table and out of impassable terrain, no leak`, () => {
    for (let i = 0; i < N; i++) {
      const seed = `fad-prop-${sc.id}-${i}`;
      const made = setupGame(fastAndDirty, { scenario: sc.id, seats, options: OPTIONS[si % 2] }, entryRng(seed, seed, 0));
      assert.ok(!isViolation(made));
      let k: KState<S> = (made as { k: KState<S> }).k;
      invariants(k.s, `${seed} setup`);
      const rng = localRng(seed);
      let n = 0;
      while (!resultOf(fastAndDirty, k) && n < 2000) {
        const e = randomEntry(fastAndDirty, k, rng);
        const r = applyEntry(fastAndDirty, k, e, entryRng(seed, seed, k.seq + 1));
        assert.ok(!isViolation(r), `${seed} entry ${n}: ${JSON.stringify(r).slice(0, 200)}`);
        k = (r as { k: KState<S> }).k;
        n++;
        if (n % 5 === 0) {
          invariants(k.s, `${seed} entry ${n}`);
          assert.deepEqual(fastAndDirty.view(k.s, 0), fastAndDirty.view(k.s, 1));
        }
      }
      assert.ok(resultOf(fastAndDirty, k), `${seed} ended`);
      invariants(k.s, `${seed} end`);
    }
  });
}


test('random legal playouts with Elusive, jump-pack, drop and trait squads (#59, #60, #61, #73): the fall-back and re-target windows, jumps and drops keep the invariants', () => {
  const sq = (name: string, extra: Record<string, unknown>) => ({ name, quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 5 }], ...extra });
  const forces = { 0: [sq('Jumpers', { jumpPacks: true, traits: ['swift', 'tough', 'assaultTroops', 'hardened', 'goon', 'slick'] }), sq('Ghosts', { elusive: true, figures: [{ weapon: 'assaultRifle', armour: 'light', count: 4 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['motivator', 'brawler'] }] }), sq('Paras', { drop: true, traits: ['frenzied', 'stealth', 'obviousTarget', 'save', 'terrifying', 'zombie'] })], 1: [sq('Skirmishers', { elusive: true, traits: ['agile', 'slowFiring', 'inflexible', 'brave', 'relentless', 'recon', 'dependent', 'huge'] }), sq('Raiders', { jumpPacks: true, elusive: true }), sq('Stormers', { drop: true, jumpPacks: true, traits: ['shaky', 'geneTroopers', 'grizzled', 'slow', 'weak', 'timid', 'droidTroopers', 'engineer'] })] };
  for (let i = 0; i < Math.max(2, N); i++) {
    const seed = `fad-prop-traits-${i}`;
    const made = setupGame(fastAndDirty, { scenario: 'firefight', seats, options: { forces, opportunityFire: i % 2 === 1 } }, entryRng(seed, seed, 0));
    assert.ok(!isViolation(made), JSON.stringify(made).slice(0, 300));
    let k: KState<S> = (made as { k: KState<S> }).k;
    const rng = localRng(seed);
    let n = 0;
    const kinds = new Set<string>();
    while (!resultOf(fastAndDirty, k) && n < 2000) {
      kinds.add(fastAndDirty.pending(k.s)[0]?.kind ?? '');
      const e = randomEntry(fastAndDirty, k, rng);
      const r = applyEntry(fastAndDirty, k, e, entryRng(seed, seed, k.seq + 1));
      assert.ok(!isViolation(r), `${seed} entry ${n}: ${JSON.stringify(r).slice(0, 200)}`);
      k = (r as { k: KState<S> }).k;
      n++;
      if (n % 5 === 0) invariants(k.s, `${seed} entry ${n}`);
    }
    assert.ok(resultOf(fastAndDirty, k), `${seed} ended`);
    invariants(k.s, `${seed} end`);
    if (i === 0) assert.ok(kinds.has('elusive'), 'an Elusive window opened');
    assert.ok(!k.s.units.some((u) => u.reserve && living(u).length), 'units in reserve have no figures on the table');
  }
});

test('random legal play on a crafted table with psionics (#70): invocations, Harm answers and carried effects keep the invariants', () => {
  const psiSpec = { name: 'Adepts', quality: 'regular' as const, resolve: 'steady' as const, figures: [{ weapon: 'assaultRifle', armour: 'light', count: 3 }, { weapon: 'assaultRifle', armour: 'light', psionic: 'expert' as const }] };
  for (let i = 0; i < Math.max(2, N); i++) {
    let s = craft({ name: `psi-play-${i}`, units: [
      { id: 'A1', side: 0, spec: psiSpec, at: row(1000, 1500, 4) },
      { id: 'A2', side: 0, spec: { ...psiSpec, name: 'Adepts 2' }, at: row(3000, 1500, 4) },
      { id: 'B1', side: 1, spec: psiSpec, at: row(1000, 2800, 4) },
      { id: 'B2', side: 1, spec: { ...psiSpec, name: 'Adepts 3' }, at: row(3000, 2800, 4) },
    ] });
    const rng = localRng(`psi-play-${i}`);
    const kinds = new Set<string>();
    let n = 0;
    while (!s.result && n < 600) {
      const d = fastAndDirty.pending(s)[0];
      const c = fastAndDirty.candidates(s, d.seat, d, 10, rng).actions;
      const a = c[rng.int(c.length)];
      kinds.add(a.type === 'engage' && a.psionic ? `psi:${a.psionic.power}` : a.type);
      const r = fastAndDirty.apply(s, { kind: 'answer', seat: d.seat, decision: d.key, action: a }, { seq: n + 1, rng: localRng(`psi-play-${i}-${n}`) });
      assert.ok(!isViolation(r), `${i} step ${n}: ${JSON.stringify(r).slice(0, 200)} for ${JSON.stringify(a).slice(0, 200)}`);
      s = (r as { state: S }).state;
      n++;
      if (n % 5 === 0) invariants(s, `psi-play-${i} step ${n}`);
    }
    assert.ok(s.result, `psi-play-${i} ended`);
    assert.ok([...kinds].some((k) => k.startsWith('psi:')), 'powers were invoked');
  }
});

test('kernel conformance (replay, candidates, defaults, determinize, ownership) with Elusive, jump-pack, drop, trait and personality squads', () => {
  const sq = (name: string, extra: Record<string, unknown>) => ({ name, quality: 'regular', resolve: 'steady', figures: [{ weapon: 'assaultRifle', armour: 'light', count: 4 }, { weapon: 'assaultRifle', armour: 'light', personalities: ['motivator', 'comms'] }], ...extra });
  const forces = {
    0: [sq('Jumpers', { jumpPacks: true, traits: ['swift', 'terrifying', 'aggressive'] }), sq('Ghosts', { elusive: true, traits: ['goon', 'save'] }), sq('Paras', { drop: true, traits: ['frenzied'] })],
    1: [sq('Skirmishers', { elusive: true, traits: ['relentless', 'slick'] }), sq('Raiders', { jumpPacks: true, traits: ['zombie'] }), sq('Stormers', { drop: true, traits: ['huge', 'timid', 'hesitant'] })],
  };
  for (let i = 0; i < Math.max(2, N); i++) {
    const r = checkPlayout(fastAndDirty, 'firefight', seats, `fad-conf-traits-${i}`, 3000, { forces, opportunityFire: i % 2 === 0, pinning: true });
    assert.deepEqual(r.problems, [], `playout ${i}`);
    assert.ok(r.ended, `playout ${i} did not end in ${r.entries} entries`);
  }
});
