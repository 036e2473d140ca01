import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEntry, decisionsFor, eventFor, openDecisions, setupGame } from '../../src/engine/kernel.js';
import { randomPlayout, replay } from '../../src/engine/playout.js';
import { entryRng, localRng, scriptedRng, seedHash } from '../../src/engine/rng.js';
import { isViolation } from '../../src/engine/types.js';
import { duel } from '../support/duel.js';

const seats = [{ index: 0, name: 'A' }, { index: 1, name: 'B' }];

test('rng: same (seed, game, entry, label) gives the same stream; another entry or label differs', () => {
  const a = entryRng('s', 'g', 3).fork('dice');
  const b = entryRng('s', 'g', 3).fork('dice');
  const xs = Array.from({ length: 20 }, () => a.int(6));
  assert.deepEqual(Array.from({ length: 20 }, () => b.int(6)), xs);
  const c = entryRng('s', 'g', 4).fork('dice');
  const d = entryRng('s', 'g', 3).fork('deck');
  assert.notDeepEqual(Array.from({ length: 20 }, () => c.int(6)), xs);
  assert.notDeepEqual(Array.from({ length: 20 }, () => d.int(6)), xs);
});

test('rng: a draw on one fork does not move another fork', () => {
  const r1 = entryRng('s', 'g', 1);
  const r2 = entryRng('s', 'g', 1);
  r1.fork('dice').int(6);
  assert.equal(r1.fork('deck').int(1000), r2.fork('deck').int(1000));
  assert.equal(r1.draws, 2);
});

test('rng: integers are uniform enough (chi-square on d6) and within range', () => {
  const r = localRng('uniform');
  const counts = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 60000; i++) counts[r.int(6)]++;
  const chi = counts.reduce((s, c) => s + (c - 10000) ** 2 / 10000, 0);
  assert.ok(chi < 30, `chi-square ${chi}`);
});


test('replay determinism: the same seed and entries give the same states and hash chain', () => {
  for (let i = 0; i < 30; i++) {
    const o = { scenario: 'standard', seats, seed: `seed-${i}`, gameId: `g${i}` };
    const played = randomPlayout(duel, o);
    assert.ok(played.result, 'every duel ends');
    const again = replay(duel, o, played.entries);
    assert.equal(again.hash, played.hash);
    assert.deepEqual(again.k, played.k);
  }
});

test('a different seed gives a different game', () => {
  const a = randomPlayout(duel, { scenario: 'standard', seats, seed: 'one', gameId: 'g' });
  const b = randomPlayout(duel, { scenario: 'standard', seats, seed: 'two', gameId: 'g' });
  assert.notEqual(a.hash, b.hash);
});

test('decision ids are minted from the entry that opened them and kept while open', () => {
  const made = setupGame(duel, { scenario: 'standard', seats, options: {} }, scriptedRng([0, 0, 0, 0, 0, 0]));
  assert.ok(!isViolation(made));
  const open = openDecisions(duel, made.k);
  assert.deepEqual(open.map((d) => d.id), ['0.0.bid', '0.1.bid']);
  assert.equal(open[0].group?.mode, 'sealed');
});

test('a sealed group is applied as one entry revealing every commit in one event', () => {
  const made = setupGame(duel, { scenario: 'standard', seats, options: {} }, entryRng('s', 'g', 0));
  assert.ok(!isViolation(made));
  const k = made.k;
  const bids = { 0: { type: 'bid', card: k.s.hands[0][0] }, 1: { type: 'bid', card: k.s.hands[1][0] } };
  const r = applyEntry(duel, k, { kind: 'sealed', group: 'bid:1', commits: bids }, entryRng('s', 'g', 1));
  assert.ok(!isViolation(r));
  const reveal = r.events.filter((e) => e.type === 'bids_revealed');
  assert.equal(reveal.length, 1);
  assert.deepEqual((reveal[0].data as { bids: number[] }).bids, [bids[0].card, bids[1].card]);
  assert.equal(r.k.seq, 1);
});

test('answering a sealed decision directly is refused; a missing commit is refused', () => {
  const made = setupGame(duel, { scenario: 'standard', seats, options: {} }, entryRng('s', 'g', 0));
  assert.ok(!isViolation(made));
  const [d0] = openDecisions(duel, made.k);
  const v = applyEntry(duel, made.k, { kind: 'answer', seat: 0, decision: d0.id, action: { type: 'bid', card: made.k.s.hands[0][0] } }, entryRng('s', 'g', 1));
  assert.ok(isViolation(v) && v.code === 'sealed_decision');
  const m = applyEntry(duel, made.k, { kind: 'sealed', group: 'bid:1', commits: { 0: { type: 'bid', card: made.k.s.hands[0][0] } } as never }, entryRng('s', 'g', 1));
  assert.ok(isViolation(m) && m.code === 'commit_missing');
});

test('an illegal action is a typed violation and changes nothing', () => {
  const made = setupGame(duel, { scenario: 'standard', seats, options: {} }, entryRng('s', 'g', 0));
  assert.ok(!isViolation(made));
  const before = JSON.stringify(made.k);
  const v = applyEntry(duel, made.k, { kind: 'sealed', group: 'bid:1', commits: { 0: { type: 'bid', card: 99 }, 1: { type: 'bid', card: 99 } } }, entryRng('s', 'g', 1));
  assert.ok(isViolation(v));
  assert.equal(v.code, 'card_not_in_hand');
  assert.equal(JSON.stringify(made.k), before);
});

test('events are redacted per audience; everything is public after the end', () => {
  const ev = { type: 'drew', to: { seats: [1] }, data: { seat: 1, cards: [7] }, others: { seat: 1, count: 1 } };
  assert.deepEqual(eventFor(ev, 1, false)?.data, { seat: 1, cards: [7] });
  assert.deepEqual(eventFor(ev, 0, false)?.data, { seat: 1, count: 1 });
  assert.deepEqual(eventFor(ev, null, false)?.data, { seat: 1, count: 1 });
  assert.equal(eventFor({ type: 'x', to: 'server', data: 1 }, 0, false), null);
  assert.deepEqual(eventFor(ev, 0, true)?.data, { seat: 1, cards: [7] });
});

test('prompts are shown to the deciding seat only', () => {
  const made = setupGame(duel, { scenario: 'standard', seats, options: {} }, entryRng('s', 'g', 0));
  assert.ok(!isViolation(made));
  const mine = decisionsFor(duel, made.k, 0);
  assert.ok('prompt' in mine[0]);
  assert.ok(!('prompt' in mine[1]));
  assert.ok(decisionsFor(duel, made.k, null).every((d) => !('prompt' in d)));
});

test('a violation after a draw is a kernel error, never a rule verdict', () => {
  const bad = { ...duel, apply: (_s: unknown, _e: unknown, ctx: { rng: { int(n: number): number } }) => { ctx.rng.int(6); return { code: 'late', message: 'after a roll' }; } };
  const made = setupGame(duel, { scenario: 'standard', seats, options: {} }, entryRng('s', 'g', 0));
  assert.ok(!isViolation(made));
  const k = made.k;
  const commits = { 0: { type: 'bid', card: k.s.hands[0][0] }, 1: { type: 'bid', card: k.s.hands[1][0] } };
  assert.throws(() => applyEntry(bad as never, k, { kind: 'sealed', group: 'bid:1', commits }, entryRng('s', 'g', 1)), /violation late after 1 draws/);
});

test('resignation without a ruleset rule ends the game for the other seats', () => {
  const made = setupGame(duel, { scenario: 'standard', seats, options: {} }, entryRng('s', 'g', 0));
  assert.ok(!isViolation(made));
  const r = applyEntry(duel, made.k, { kind: 'resign', seat: 0 }, entryRng('s', 'g', 1));
  assert.ok(!isViolation(r));
  assert.deepEqual(r.k.conceded?.winners, [1]);
  assert.deepEqual(openDecisions(duel, r.k), []);
});

test('seed hash is SHA-256 over the documented prefix', async () => {
  const { createHash } = await import('node:crypto');
  assert.equal(seedHash('abc'), createHash('sha256').update('skyeye/seed/v1|abc').digest('hex'));
});

test('apply receives the ruleset key of the decision answered (several may be open)', () => {
  const seen: (string | undefined)[] = [];
  const spy = { ...duel, apply: (s: never, e: never, ctx: never) => { seen.push((e as { key?: string }).key); return duel.apply(s, e, ctx); } };
  const made = setupGame(spy, { scenario: 'standard', seats, options: {} }, entryRng('s', 'g', 0));
  assert.ok(!isViolation(made));
  const bids = { 0: { type: 'bid', card: made.k.s.hands[0][0] }, 1: { type: 'bid', card: made.k.s.hands[1][0] } };
  const r = applyEntry(spy, made.k, { kind: 'sealed', group: 'bid:1', commits: bids }, entryRng('s', 'g', 1));
  assert.ok(!isViolation(r));
  const [d] = openDecisions(spy, r.k);
  const r2 = applyEntry(spy, r.k, { kind: 'answer', seat: d.seat, decision: d.id, action: { type: 'pass' } }, entryRng('s', 'g', 2));
  assert.ok(!isViolation(r2));
  assert.deepEqual(seen, [undefined, 'choose:1']);
});

test('rng: forking the same label twice in an entry continues the stream, never repeats it', () => {
  const r = entryRng('s', 'g', 1);
  const a = Array.from({ length: 10 }, () => r.fork('dice').int(1000));
  const fresh = entryRng('s', 'g', 1).fork('dice');
  assert.deepEqual(Array.from({ length: 10 }, () => fresh.int(1000)), a, 'one stream per label');
  const r2 = entryRng('s', 'g', 1);
  const x = r2.fork('dice').int(1_000_000);
  const y = r2.fork('dice').int(1_000_000);
  assert.notEqual(x, y);
});

test('rng: the ARC4 port is bit-identical to seedrandom (the library the design names)', async () => {
  const { Arc4 } = await import('../../src/engine/rng.js');
  const seedrandom = (await import('seedrandom')).default;
  for (const key of ['', 'a', 'skyeye', 'f'.repeat(64), '0123456789abcdef'.repeat(20)]) {
    const ours = new Arc4(key);
    const ref = seedrandom(key);
    for (let i = 0; i < 2000; i++) assert.equal(ours.uint32(), ref.int32() >>> 0, `key ${JSON.stringify(key)} draw ${i}`);
  }
});

test('the kernel itself refuses a seat answering another seat\'s decision, even when the ruleset would not', () => {
  // A ruleset that validates an answer for the decision's own seat whoever sends it: only the
  // kernel stands between a seat and another seat's decision.
  const careless = { ...duel, validate: (s: any, _seat: number, dec: any, a: any) => duel.validate(s, dec.seat, dec, a) };
  const made = setupGame(careless, { scenario: 'standard', seats, options: {} }, scriptedRng([0, 0, 0, 0, 0, 0]));
  assert.ok(!isViolation(made));
  let k = made.k;
  // sealed bids: seat 1 may not answer seat 0's bid (nor commit it as an answer)
  const bid0 = openDecisions(careless, k).find((d) => d.seat === 0)!;
  const card = (careless.view(k.s, 0) as any).seats[0].hand[0];
  const wrongBid = applyEntry(careless, k, { kind: 'answer', seat: 1, decision: bid0.id, action: { type: 'bid', card } }, scriptedRng([]));
  assert.ok(isViolation(wrongBid) && wrongBid.code === 'not_your_decision', JSON.stringify(wrongBid));
  // the bids close; the chooser's decision is a plain turn decision
  const hands = [0, 1].map((x) => (careless.view(k.s, x) as any).seats[x].hand[0]);
  const closed = applyEntry(careless, k, { kind: 'sealed', group: bid0.group!.id, commits: { 0: { type: 'bid', card: hands[0] }, 1: { type: 'bid', card: hands[1] } } }, scriptedRng([0, 0, 0]));
  assert.ok(!isViolation(closed), JSON.stringify(closed));
  k = closed.k;
  const choose = openDecisions(careless, k).find((d) => d.kind === 'choose');
  assert.ok(choose, 'a choose decision is open');
  const other = 1 - choose.seat;
  const wrong = applyEntry(careless, k, { kind: 'answer', seat: other, decision: choose.id, action: { type: 'pass' } }, scriptedRng([]));
  assert.ok(isViolation(wrong) && wrong.code === 'not_your_decision', JSON.stringify(wrong));
  assert.match(wrong.message, new RegExp(`belongs to seat ${choose.seat}`));
  const right = applyEntry(careless, k, { kind: 'answer', seat: choose.seat, decision: choose.id, action: { type: 'pass' } }, scriptedRng([]));
  assert.ok(!isViolation(right), 'its own seat may answer');
});
