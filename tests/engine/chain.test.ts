// The hash chain's formats (src/engine/chain.ts): v1's bytes unchanged (stored games must keep
// verifying), v2's bytes as docs/VERIFY.md states them, its checkpoints, and what each format
// catches: a changed entry or event at once, a replay that diverges between checkpoints at the
// next checkpoint (the interval's, or the entry that ends the game).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { CHECKPOINT_EVERY, chainFormat, type ChainFormat, isCheckpoint, loggedJson, nextHash, startChain } from '../../src/engine/chain.js';
import { applyEntry, openDecisions, resultOf, setupGame, type KState } from '../../src/engine/kernel.js';
import { randomPlayout, replay } from '../../src/engine/playout.js';
import { entryRng } from '../../src/engine/rng.js';
import type { Entry, GameEvent, Ruleset } from '../../src/engine/types.js';
import { isViolation } from '../../src/engine/types.js';
import { duel } from '../support/duel.js';
import { walk, walkDiverging } from '../support/walk.js';

const seats = [{ index: 0, name: 'A' }, { index: 1, name: 'B' }];
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

interface Logged { entry: unknown; events: GameEvent[]; k: KState<any> }

/** Setup and `n` entries of a deterministic game (walk: one legal step each time), as logged. */
function play(rs: Ruleset, n: number, options: unknown = {}, seed = 'seed', gameId = 'g'): Logged[] {
  const setup = { kind: 'setup', scenario: 'standard', seats, options };
  const made = setupGame(rs, { scenario: 'standard', seats, options }, entryRng(seed, gameId, 0));
  assert.ok(!isViolation(made));
  const log: Logged[] = [{ entry: setup, events: made.events, k: made.k }];
  let k = made.k;
  for (let i = 1; i <= n && !resultOf(rs, k); i++) {
    const d = openDecisions(rs, k)[0];
    const entry: Entry<any> = { kind: 'answer', seat: d.seat, decision: d.id, action: { type: 'step' } };
    const r = applyEntry(rs, k, entry, entryRng(seed, gameId, i));
    assert.ok(!isViolation(r), JSON.stringify(r));
    k = r.k;
    log.push({ entry, events: r.events, k });
  }
  return log;
}

/** The chain over a log: H_0..H_n. */
function chain(rs: Ruleset, format: ChainFormat, log: Logged[]): string[] {
  const out: string[] = [];
  log.forEach((l, seq) => out.push(nextHash(format, out[seq - 1] ?? '', seq, l.entry, l.events, l.k, resultOf(rs, l.k) !== null)));
  return out;
}

const firstDiff = (a: string[], b: string[]) => a.findIndex((h, i) => h !== b[i]);

test('v1: the bytes of the chain before v2 (H_0 = sha256(genesis | state), H_n = sha256(H_n-1 | state)), bare hex', () => {
  const log = play(walk, 3);
  const h = chain(walk, 'v1', log);
  assert.equal(h[0], sha('skyeye/genesis/v1|' + JSON.stringify(log[0].k)));
  for (let n = 1; n < log.length; n++) assert.equal(h[n], sha(h[n - 1] + '|' + JSON.stringify(log[n].k)));
  assert.ok(h.every((x) => /^[0-9a-f]{64}$/.test(x) && chainFormat(x) === 'v1'));
});

test('v2: the bytes docs/VERIFY.md gives, "v2:" + hex; the state only at checkpoints', () => {
  const log = play(walk, 20);
  const h = chain(walk, 'v2', log);
  const logged = (n: number) => JSON.stringify([n, log[n].entry, log[n].events]);
  assert.equal(h[0], 'v2:' + sha('skyeye/genesis/v2|' + logged(0) + '|' + sha(JSON.stringify(log[0].k))));
  assert.equal(h[1], 'v2:' + sha(h[0] + '|' + logged(1)));
  assert.equal(h[16], 'v2:' + sha(h[15] + '|' + logged(16) + '|' + sha(JSON.stringify(log[16].k))));
  assert.ok(h.every((x) => /^v2:[0-9a-f]{64}$/.test(x) && chainFormat(x) === 'v2'));
  assert.equal(startChain('v2', log[0].entry, log[0].events, log[0].k), h[0]);
});

test('the commit path\'s pre-serialized entry and events (loggedJson) hash to the same bytes as JSON([n, entry, events])', () => {
  const log = play(walk, 17);
  const h = chain(walk, 'v2', log);
  for (const n of [1, 5, 16, 17]) {
    const j = loggedJson(log[n].entry, log[n].events);
    assert.equal(j.entry, JSON.stringify(log[n].entry));
    assert.equal(j.events, JSON.stringify(log[n].events));
    assert.equal(nextHash('v2', h[n - 1], n, log[n].entry, log[n].events, log[n].k, false, j), h[n]);
  }
  // An entry with no events is logged (and hashed) with an empty list, as the store writes it.
  assert.equal(nextHash('v2', h[0], 1, log[1].entry, undefined, log[1].k, false), nextHash('v2', h[0], 1, log[1].entry, [], log[1].k, false));
});

test('checkpoints: v2 at the setup, every 16th entry and the ending entry; v1 at every entry', () => {
  assert.equal(CHECKPOINT_EVERY, 16);
  const at = (f: ChainFormat, ended = (_: number) => false) => Array.from({ length: 50 }, (_, n) => n).filter((n) => isCheckpoint(f, n, ended(n)));
  assert.deepEqual(at('v2'), [0, 16, 32, 48]);
  assert.deepEqual(at('v2', (n) => n === 37), [0, 16, 32, 37, 48]);
  assert.equal(at('v1').length, 50);
  // A state change between checkpoints leaves the hash alone; at a checkpoint it changes it.
  const log = play(walk, 16);
  const other = { ...log[5].k, s: { ...log[5].k.s, extra: 1 } };
  assert.equal(nextHash('v2', 'p', 5, log[5].entry, log[5].events, other, false), nextHash('v2', 'p', 5, log[5].entry, log[5].events, log[5].k, false));
  assert.notEqual(nextHash('v2', 'p', 5, log[5].entry, log[5].events, other, true), nextHash('v2', 'p', 5, log[5].entry, log[5].events, log[5].k, true));
  assert.notEqual(nextHash('v2', 'p', 16, log[16].entry, log[16].events, { ...log[16].k, s: { ...log[16].k.s, extra: 1 } }, false), nextHash('v2', 'p', 16, log[16].entry, log[16].events, log[16].k, false));
});

test('a changed action or event changes that entry\'s hash in v2, between checkpoints too', () => {
  const log = play(walk, 20);
  const h = chain(walk, 'v2', log);
  const action = log.map((l, i) => (i === 5 ? { ...l, entry: { ...(l.entry as object), action: { type: 'step', n: 2 } } } : l));
  assert.equal(firstDiff(chain(walk, 'v2', action), h), 5);
  const event = log.map((l, i) => (i === 7 ? { ...l, events: [{ ...l.events[0], data: { total: 7, d: 0 } }] } : l));
  assert.equal(firstDiff(chain(walk, 'v2', event), h), 7);
  // Every later hash differs: the chain carries the change.
  assert.ok(chain(walk, 'v2', event).slice(7).every((x, i) => x !== h[7 + i]));
});

test('a replay whose states diverge between checkpoints is caught at the next checkpoint (v2) or at once (v1)', () => {
  const honest = play(walk, 40);
  assert.equal(honest.length, 41, 'the game ends at entry 40');
  const fromFive = play(walkDiverging(5, 'x'), 40);
  assert.deepEqual(fromFive.map((l) => JSON.stringify(l.events)), honest.map((l) => JSON.stringify(l.events)), 'the same events');
  assert.equal(firstDiff(chain(walk, 'v2', fromFive), chain(walk, 'v2', honest)), 16, 'the interval checkpoint');
  assert.equal(firstDiff(chain(walk, 'v1', fromFive), chain(walk, 'v1', honest)), 5);
  // Diverging after the last interval checkpoint (32): caught at the entry that ends the game.
  const late = play(walkDiverging(37, 'x'), 40);
  assert.equal(firstDiff(chain(walk, 'v2', late), chain(walk, 'v2', honest)), 40, 'the ending entry');
  // Rules that disagree on whether the game ended at an entry give that entry another hash.
  const neverEnds = { ...walk, result: () => null } as Ruleset;
  assert.equal(firstDiff(chain(neverEnds, 'v2', honest), chain(walk, 'v2', honest)), 40);
});

test('playout and replay give the same chain in each format; the formats differ', () => {
  const o = { scenario: 'standard', seats, seed: 'chain', gameId: 'chain' };
  for (const f of ['v1', 'v2'] as const) {
    const p = randomPlayout(duel, { ...o, chain: f });
    assert.equal(replay(duel, { ...o, chain: f }, p.entries).hash, p.hash);
    assert.equal(chainFormat(p.hash), f);
  }
  assert.equal(randomPlayout(duel, o).hash, randomPlayout(duel, { ...o, chain: 'v2' }).hash, 'v2 is the default');
  // The playout's setup entry is the service's: a v2 chain over a logged game is the playout's.
  const p = randomPlayout(walk, { ...o, options: { target: 20 } });
  const log = play(walk, 20, { target: 20 }, 'chain', 'chain');
  assert.equal(p.hash, chain(walk, 'v2', log).at(-1));
});
