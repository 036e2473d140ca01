// The playout driver (src/engine/playout.ts) checked directly with a small scripted ruleset:
// each step of a plan opens the decisions a test needs (one blocking, two blocking, a sealed
// group, a parallel group, no candidates, a refused candidate). What is checked is what the
// driver promises: random legal entries (only blocking decisions answered, sealed groups filled
// by every member and closed as one entry, the default when a decision has no candidates, the
// `pick` hook), the game's seeded streams (setup and each entry), the limit on entries, the
// `onEntry` hook, the hash chain of a stored game, replay, and the errors it throws.
// Every assert.ok has a message: without one, node reads the failing call's source to word the
// error, which hangs on TypeScript under tsx, so a failing check would time out, not fail.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { CURRENT_CHAIN, nextHash, startChain } from '../../src/engine/chain.js';
import { resultOf, setupGame, type KState } from '../../src/engine/kernel.js';
import { digest, randomEntry, randomPlayout, replay } from '../../src/engine/playout.js';
import { entryRng, localRng } from '../../src/engine/rng.js';
import type { Entry, OpenDecision, Ruleset } from '../../src/engine/types.js';
import { isViolation, violation } from '../../src/engine/types.js';

type Step = 'one' | 'two' | 'sealed' | 'parallel' | 'none' | 'bad';
interface S {
  t: number;
  plan: Step[];
  /** Never ends (plan steps cycle). */
  forever: boolean;
  /** What each entry answered: seat and value, in order. */
  picks: { seat: number; v: number; kind: string }[];
  /** setup's first draw (0..999) and each apply's. */
  setupDraw: number;
  draws: number[];
  options: unknown;
}
type A = { type: 'c'; v: number } | { type: 'x' };

const dec = (key: string, seat: number, extra: Partial<OpenDecision> = {}): OpenDecision => ({
  key, seat, kind: 'move', blocking: true, timing: 'turn', context: [], exposes: null, ...extra,
});

const stepOf = (s: S): Step => s.plan[s.t % s.plan.length];

const toy: Ruleset<S, A, unknown> = {
  id: 'toy', version: '1', title: 'Toy', players: { min: 2, max: 3 },
  scenarios: [{ id: 'x', title: 'X', players: [2, 3] }], optionsSchema: {},
  setup({ options }, ctx) {
    const o = (options ?? {}) as { plan?: Step[]; forever?: boolean; reject?: boolean };
    if (o.reject) return violation('no_setup', 'refused at setup');
    return { state: { t: 0, plan: o.plan ?? ['one'], forever: !!o.forever, picks: [], setupDraw: ctx.rng.int(1000), draws: [], options }, events: [{ type: 'began', to: 'all', data: { n: 0 } }] };
  },
  pending(s) {
    const t = s.t;
    switch (stepOf(s)) {
      case 'one':
        // seat 0 must answer; seat 1 may (non-blocking), and a driver never answers it
        return [dec(`a${t}`, 0), dec(`r${t}`, 1, { kind: 'react', blocking: false, timing: 'reaction' })];
      case 'two':
        return [dec(`a${t}`, 0), dec(`b${t}`, 1)];
      case 'sealed':
        return [
          dec(`a${t}`, 0, { kind: 'bid', timing: 'sealed', group: { id: `g${t}`, mode: 'sealed' } }),
          dec(`r${t}`, 2, { kind: 'react', blocking: false, timing: 'reaction' }),
          dec(`b${t}`, 1, { kind: 'bid', timing: 'sealed', group: { id: `g${t}`, mode: 'sealed' } }),
        ];
      case 'parallel':
        return [
          dec(`a${t}`, 0, { group: { id: `p${t}`, mode: 'parallel' } }),
          dec(`b${t}`, 1, { group: { id: `p${t}`, mode: 'parallel' } }),
        ];
      case 'none':
        return [dec(`a${t}`, 0, { kind: 'none' })];
      case 'bad':
        return [dec(`a${t}`, 0, { kind: 'bad' })];
    }
  },
  candidates(s, seat, d) {
    if (d.kind === 'none') return { actions: [], all: false };
    if (d.kind === 'bad') return { actions: [{ type: 'x' }], all: true };
    // five values, distinct per seat so a test can tell who chose what
    return { actions: [0, 1, 2, 3, 4].map((v) => ({ type: 'c' as const, v: 10 * seat + v })), all: true };
  },
  validate: (_s, _seat, _d, a) => (a.type === 'x' ? violation('refused_x', 'x is never legal') : null),
  apply(s, e, ctx) {
    const one = (seat: number, a: A, kind: string) => ({ seat, v: a.type === 'c' ? a.v : -1, kind });
    const picks = e.kind === 'sealed'
      ? Object.entries(e.commits).map(([seat, a]) => one(Number(seat), a, 'sealed'))
      : e.kind === 'answer' ? [one(e.seat, e.action, e.kind)] : [];
    const draw = ctx.rng.int(1000);
    return { state: { ...s, t: s.t + 1, picks: [...s.picks, ...picks], draws: [...s.draws, draw] }, events: [{ type: 'step', to: 'all', data: { t: s.t + 1 } }] };
  },
  defaultAction: (_s, d) => ({ type: 'c', v: d.seat === 0 ? 99 : 98 }),
  view: () => ({}),
  result: (s) => (!s.forever && s.t >= s.plan.length ? { winners: [0], draw: false, reason: 'done' } : null),
};

const seats2 = [{ index: 0, name: 'A' }, { index: 1, name: 'B' }];
const seats3 = [...seats2, { index: 2, name: 'C' }];
const opts = (plan: Step[], more: Record<string, unknown> = {}) => ({ scenario: 'x', seats: seats2, options: { plan, ...more } });

test('a playout answers the open decision of each step until the game has a result', () => {
  const plan: Step[] = ['one', 'one', 'one', 'one'];
  const p = randomPlayout(toy, { ...opts(plan), seed: 's' });
  assert.equal(p.entries.length, 4);
  assert.deepEqual(p.result, { winners: [0], draw: false, reason: 'done' });
  assert.deepEqual(p.result, resultOf(toy, p.k));
  assert.equal(p.k.seq, 4);
  assert.equal((p.k.s as S).t, 4);
  // only seat 0's blocking decision is ever answered, with one of its candidates
  for (const [i, e] of p.entries.entries()) {
    assert.equal(e.kind, 'answer');
    assert.equal((e as { seat: number }).seat, 0);
    assert.equal((e as { decision: string }).decision, `${i}.0.move`);
    const v = ((e as { action: { v: number } }).action).v;
    assert.ok(v >= 0 && v <= 4, `value ${v}`);
  }
});

test('only blocking decisions are answered; among several, each seat is chosen sometimes', () => {
  const seen = new Set<number>();
  for (let i = 0; i < 8; i++) {
    const one = randomPlayout(toy, { ...opts(['one', 'one', 'one', 'one', 'one']), seed: `b${i}`, hashChain: false });
    assert.ok((one.k.s as S).picks.every((p) => p.seat === 0), 'the non-blocking reaction is never answered');
    const two = randomPlayout(toy, { ...opts(['two', 'two', 'two', 'two', 'two']), seed: `b${i}`, hashChain: false });
    for (const p of (two.k.s as S).picks) seen.add(p.seat);
  }
  assert.deepEqual([...seen].sort(), [0, 1]);
});

test('a parallel group is answered one decision at a time, not committed', () => {
  const p = randomPlayout(toy, { ...opts(['parallel']), seed: 'par', hashChain: false });
  assert.equal(p.entries.length, 1);
  assert.equal(p.entries[0].kind, 'answer');
});

test('a sealed group is committed by every member in one entry; other decisions stay out', () => {
  const p = randomPlayout(toy, { scenario: 'x', seats: seats3, options: { plan: ['sealed', 'sealed'] }, seed: 'seal', hashChain: false });
  assert.equal(p.entries.length, 2);
  for (const [i, e] of p.entries.entries()) {
    assert.equal(e.kind, 'sealed');
    const sealed = e as Extract<Entry<A>, { kind: 'sealed' }>;
    assert.equal(sealed.group, `g${i}`);
    assert.deepEqual(Object.keys(sealed.commits).sort(), ['0', '1']);
    assert.ok((sealed.commits[0] as { v: number }).v <= 4, 'seat 0 commits one of its candidates');
    assert.ok((sealed.commits[1] as { v: number }).v >= 10 && (sealed.commits[1] as { v: number }).v <= 14, 'seat 1 commits one of its candidates');
  }
  // randomEntry gives the same kind of entry from a state
  const made = setupGame(toy, { scenario: 'x', seats: seats3, options: { plan: ['sealed'] } }, entryRng('s', 'g', 0));
  assert.ok(!isViolation(made), 'setup');
  const e = randomEntry(toy, made.k, localRng('r'));
  assert.equal(e.kind, 'sealed');
  assert.deepEqual(Object.keys((e as { commits: object }).commits).sort(), ['0', '1']);
});

test('a decision with no candidates is answered with its default action', () => {
  const p = randomPlayout(toy, { ...opts(['none', 'one', 'none']), seed: 'n', hashChain: false });
  const picks = (p.k.s as S).picks;
  assert.equal(picks[0].v, 99);
  assert.ok(picks[1].v <= 4, 'a decision with candidates takes one');
  assert.equal(picks[2].v, 99);
});

test('`pick` chooses the candidate: it is given their number and the playout stream', () => {
  const asked: number[] = [];
  const p = randomPlayout(toy, {
    ...opts(['one', 'two', 'one']), seed: 'pk', hashChain: false,
    pick: (n, rng) => {
      asked.push(n);
      assert.equal(typeof rng.int, 'function');
      return n - 1;
    },
  });
  assert.deepEqual(asked, [5, 5, 5]);
  assert.deepEqual((p.k.s as S).picks.map((x) => x.v % 10), [4, 4, 4]);
  // randomEntry takes a pick too
  const made = setupGame(toy, { scenario: 'x', seats: seats2, options: { plan: ['one'] } }, entryRng('s', 'g', 0));
  assert.ok(!isViolation(made), 'setup');
  const e = randomEntry(toy, made.k, localRng('r'), () => 2);
  assert.deepEqual((e as { action: unknown }).action, { type: 'c', v: 2 });
});

test('the choices depend on the seed (the playout stream is the seed\'s), and repeat for the same seed', () => {
  const plan = Array.from({ length: 20 }, () => 'one' as Step);
  const vs = (seed: string) => (randomPlayout(toy, { ...opts(plan), seed, hashChain: false }).k.s as S).picks.map((x) => x.v).join(',');
  assert.equal(vs('a'), vs('a'));
  assert.notEqual(vs('a'), vs('b'));
  // the default seed and game id are 'playout-seed' and 'playout'
  const d = randomPlayout(toy, opts(plan));
  const e = randomPlayout(toy, { ...opts(plan), seed: 'playout-seed', gameId: 'playout' });
  assert.deepEqual(d.entries, e.entries);
  assert.equal(d.hash, e.hash);
  assert.deepEqual(d.k.s, e.k.s);
});

test('setup and each entry get the game\'s stream of that seed, game and seq', () => {
  const p = randomPlayout(toy, { ...opts(['one', 'one', 'one']), seed: 'sd', gameId: 'gm', hashChain: false });
  const s = p.k.s as S;
  assert.equal(s.setupDraw, entryRng('sd', 'gm', 0).int(1000));
  assert.deepEqual(s.draws, [1, 2, 3].map((n) => entryRng('sd', 'gm', n).int(1000)));
  const r = replay(toy, { ...opts(['one', 'one', 'one']), seed: 'sd', gameId: 'gm', hashChain: false }, p.entries);
  assert.deepEqual(r.k.s, p.k.s);
  // another game id: other streams
  const q = randomPlayout(toy, { ...opts(['one', 'one', 'one']), seed: 'sd', gameId: 'other', hashChain: false });
  assert.notEqual((q.k.s as S).setupDraw, s.setupDraw);
});

test('options reach setup as given; absent, setup gets {}', () => {
  const p = randomPlayout(toy, { scenario: 'x', seats: seats2, seed: 'o' });
  assert.deepEqual((p.k.s as S).options, {});
  assert.deepEqual((p.k.s as S).plan, ['one']);
});

test('maxEntries stops a game that does not end (5000 by default)', () => {
  const p = randomPlayout(toy, { ...opts(['one'], { forever: true }), seed: 'm', maxEntries: 7, hashChain: false });
  assert.equal(p.entries.length, 7);
  assert.equal(p.result, null);
  const d = randomPlayout(toy, { ...opts(['none'], { forever: true }), seed: 'm', hashChain: false });
  assert.equal(d.entries.length, 5000);
  assert.equal(d.k.seq, 5000);
});

test('onEntry sees setup (no entry, setup events), then every entry with its state and events', () => {
  const seen: { seq: number; entry: Entry<unknown> | null; events: unknown[] }[] = [];
  const p = randomPlayout(toy, {
    ...opts(['one', 'two']), seed: 'on',
    onEntry: (k: KState<any>, entry, events) => seen.push({ seq: k.seq, entry, events }),
  });
  assert.equal(seen.length, 3);
  assert.deepEqual(seen[0], { seq: 0, entry: null, events: [{ type: 'began', to: 'all', data: { n: 0 } }] });
  assert.deepEqual(seen.slice(1).map((x) => x.entry), p.entries);
  assert.deepEqual(seen.slice(1).map((x) => x.seq), [1, 2]);
  assert.deepEqual(seen[2].events, [{ type: 'step', to: 'all', data: { t: 2 } }]);
});

test('the hash is a stored game\'s chain over the playout (setup entry, each entry, the ending one marked); none without a chain', () => {
  const o = { ...opts(['one', 'two', 'none']), seed: 'h', gameId: 'hg' };
  const p = randomPlayout(toy, o);
  // the chain as the service computes it for the same log
  const setup = { kind: 'setup', scenario: 'x', seats: seats2, options: o.options };
  const made = setupGame(toy, { scenario: 'x', seats: seats2, options: o.options }, entryRng('h', 'hg', 0));
  assert.ok(!isViolation(made), 'setup');
  let h = startChain(CURRENT_CHAIN, setup, made.events, made.k);
  let k = made.k;
  const log: { k: KState<any>; events: unknown }[] = [];
  for (const [i, e] of p.entries.entries()) {
    const r = replay(toy, o, p.entries.slice(0, i + 1));
    k = r.k;
    log.push({ k, events: [{ type: 'step', to: 'all', data: { t: i + 1 } }] });
    h = nextHash(CURRENT_CHAIN, h, k.seq, e, log[i].events, k, i === p.entries.length - 1);
  }
  assert.equal(p.hash, h);
  assert.equal(replay(toy, o, p.entries).hash, h);
  // an intermediate hash is the replay's over that prefix
  assert.equal(randomPlayout(toy, { ...o, hashChain: false }).hash, '');
  assert.equal(replay(toy, { ...o, hashChain: false }, p.entries).hash, '');
  assert.equal(randomPlayout(toy, { ...o, hashChain: false }).entries.length, 3);
  // the chain format is chosen by `chain`: v1 is another chain
  assert.notEqual(randomPlayout(toy, { ...o, chain: 'v1' }).hash, p.hash);
  assert.equal(replay(toy, { ...o, chain: 'v1' }, p.entries).hash, randomPlayout(toy, { ...o, chain: 'v1' }).hash);
});

test('the hash covers every entry: a replay of a prefix ends on another hash', () => {
  const o = { ...opts(['one', 'one', 'one']), seed: 'pf' };
  const p = randomPlayout(toy, o);
  const hs = [1, 2, 3].map((n) => replay(toy, o, p.entries.slice(0, n)).hash);
  assert.equal(new Set(hs).size, 3);
  assert.equal(hs[2], p.hash);
  // an ending entry is marked: the same log under rules that never end hashes otherwise
  const endless = { ...toy, result: () => null } as Ruleset;
  assert.notEqual(replay(endless, o, p.entries).hash, p.hash);
});

test('setup refused: the playout and the replay throw with its code and message', () => {
  assert.throws(() => randomPlayout(toy, { scenario: 'x', seats: seats2, options: { reject: true } }), { message: 'setup rejected: no_setup refused at setup' });
  assert.throws(() => replay(toy, { scenario: 'x', seats: seats2, options: { reject: true } }, []), { message: 'setup rejected: no_setup refused at setup' });
});

test('a candidate the rules refuse stops the playout with the seq, code and entry', () => {
  assert.throws(() => randomPlayout(toy, { ...opts(['one', 'bad']), seed: 'bad' }), (e: Error) => {
    assert.match(e.message, /^candidate rejected at seq 2: refused_x x is never legal /);
    assert.ok(e.message.includes(JSON.stringify({ kind: 'answer', seat: 0, decision: '1.0.bad', action: { type: 'x' } })), e.message);
    return true;
  });
});

test('a replay of an entry the rules refuse throws with its code', () => {
  const o = { ...opts(['one', 'one']), seed: 'rr' };
  const p = randomPlayout(toy, o);
  const bad: Entry<A> = { kind: 'answer', seat: 0, decision: '1.0.move', action: { type: 'x' } };
  assert.throws(() => replay(toy, o, [p.entries[0], bad]), { message: 'replay rejected: refused_x' });
  // the replay's state follows the entries given
  const r = replay(toy, o, [p.entries[0]]);
  assert.equal(r.k.seq, 1);
  assert.equal(r.k.s.t, 1);
});

test('digest is the SHA-256 of the value\'s JSON', () => {
  const x = { a: [1, 'two', null], b: { c: true } };
  assert.equal(digest(x), createHash('sha256').update(JSON.stringify(x)).digest('hex'));
  assert.equal(digest('é'), createHash('sha256').update('"é"', 'utf8').digest('hex'));
});
