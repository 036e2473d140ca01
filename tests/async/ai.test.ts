// AI seats through the server: bot games run to the end by themselves, stale jobs do nothing,
// a crashed job's retry applies exactly one move, and bots only ever see their seat's view.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { decide, type BotInput } from '../../src/ai/bots.js';
import { decisionsFor } from '../../src/engine/kernel.js';
import { aiHooks } from '../../src/service/async/ai-seats.js';
import { duel } from '../support/duel.js';
import { create, game, log, startAsync, until, type AsyncServer } from './helpers.js';

let s: AsyncServer;
before(async () => {
  s = await startAsync();
});
after(async () => {
  aiHooks.afterSubmit = undefined;
  aiHooks.onInput = undefined;
  aiHooks.onJob = undefined;
  await s.close();
});

const finished = (id: string) => until(async () => {
  const g = await game(s, id);
  return g.status === 'finished' ? g : null;
}, 60_000);

test('a duel of two bots (random vs greedy) runs to the end by itself', async () => {
  const g = await create(s, { ruleset: 'duel', seats: [{ name: 'R', ai: { level: 'random' } }, { name: 'G', ai: { level: 'greedy' } }] });
  assert.deepEqual(g.seats.map((x) => x.token), [null, null]);
  const end = await finished(g.id);
  assert.ok(end.result);
  const l = await log(s, g.id);
  assert.equal(l.entries.length, end.version);
  assert.ok(l.entries.some((e) => e.kind === 'sealed'), 'sealed bids were committed and closed');
  const v = await s.app.inject(`/v1/games/${g.id}/verify`);
  assert.equal(v.json().ok, true);
});

test('an mcts bot with a tiny budget plays a duel to the end', async () => {
  const g = await create(s, { ruleset: 'duel', seats: [{ name: 'M', ai: { level: 'mcts', budgetMs: 20 } }, { name: 'R', ai: { level: 'random' } }] });
  await finished(g.id);
});

test('abaddon: two bots play a short mission to the end', async () => {
  const g = await create(s, { ruleset: 'abaddon', scenario: 'm1', options: { maxRounds: 1 }, seats: [{ name: 'A', ai: { level: 'greedy' } }, { name: 'B', ai: { level: 'random' } }] });
  const end = await finished(g.id);
  assert.ok(end.result);
});

test('a bot answers a human in a sealed group with a held commit (the version does not move)', async () => {
  const g = await create(s, { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bot', ai: { level: 'random' } }] });
  const store = s.rt.store;
  const held = await until(async () => (await store.sealedCommits(g.id, 'bid:1')).find((c) => c.seat === 1));
  assert.ok(held);
  assert.equal((await game(s, g.id)).version, 0);
  const me = await game(s, g.id, g.seats[0].token);
  const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: { authorization: `Bearer ${g.seats[0].token}` }, payload: { expectedVersion: 0, action: { type: 'bid', card: me.view.seats[0].hand[0] } } });
  assert.equal(r.statusCode, 200, r.body);
  assert.equal(r.json().sealed.closed, true);
});

test('a stale AI job does nothing', async () => {
  const g = await create(s, { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bot', ai: { level: 'random' } }] });
  await until(async () => (await s.rt.store.sealedCommits(g.id, 'bid:1')).length === 1);
  const loaded = await s.worker.service.load(g.id);
  const dec = decisionsFor(loaded.rs, loaded.k, 1)[0];
  // An old version, and a decision that does not exist: nothing is written.
  await s.worker.handlers.ai({ gameId: g.id, version: 5, decision: dec.id, seat: 1 }, { id: 'x', attempt: 1 });
  await s.worker.handlers.ai({ gameId: g.id, version: 0, decision: '0.1.nope', seat: 1 }, { id: 'y', attempt: 1 });
  // The right version and decision, but the seat already holds its commit: nothing either.
  await s.worker.handlers.ai({ gameId: g.id, version: 0, decision: dec.id, seat: 1 }, { id: 'z', attempt: 1 });
  assert.equal((await game(s, g.id)).version, 0);
  assert.equal((await s.rt.store.sealedCommits(g.id, 'bid:1')).length, 1);
});

test('a worker killed right after its submit: the retry applies no second move', async () => {
  let thrown = 0;
  let retried = 0;
  const crashed = new Set<string>();
  aiHooks.onJob = (job, meta) => {
    if (meta.attempt > 1 && crashed.has(`${job.version}.${job.decision}`)) retried++;
  };
  aiHooks.afterSubmit = (job, meta) => {
    if (meta.attempt === 1 && thrown < 3) {
      crashed.add(`${job.version}.${job.decision}`);
      thrown++;
      throw new Error('worker killed after submit');
    }
  };
  try {
    // Bot vs bot: every bot move's first attempt "crashes" after committing, until 3 have.
    const g = await create(s, { ruleset: 'duel', seats: [{ name: 'A', ai: { level: 'random' } }, { name: 'B', ai: { level: 'random' } }] });
    const end = await finished(g.id);
    assert.equal(thrown, 3);
    const l = await log(s, g.id);
    assert.equal(l.entries.length, end.version);
    // Each entry answers a different decision: no decision was answered twice.
    const decided = l.entries.filter((e) => e.decision).map((e) => e.decision);
    assert.equal(new Set(decided).size, decided.length);
    const v = await s.app.inject(`/v1/games/${g.id}/verify`);
    assert.equal(v.json().ok, true);
    await until(async () => retried >= 3, 10_000); // each crashed job ran again, and found itself stale
  } finally {
    aiHooks.afterSubmit = undefined;
    aiHooks.onJob = undefined;
  }
});

test('the bot entry point gets the seat view, never the state or the seed', async () => {
  const inputs: BotInput[] = [];
  aiHooks.onInput = (i) => inputs.push(structuredClone(i));
  try {
    const g = await create(s, { ruleset: 'duel', seats: [{ name: 'Ann' }, { name: 'Bot', ai: { level: 'greedy' } }] });
    await until(async () => inputs.find((i) => i.decision.id.startsWith('0.')));
    const input = inputs.find((i) => i.decision.id.startsWith('0.'))!;
    const loaded = await s.worker.service.load(g.id);
    assert.deepEqual(input.view, duel.view(loaded.k.s, 1));
    assert.equal((input.view as any).seats[0].hand, null, 'the other hand is hidden');
    const json = JSON.stringify(input);
    assert.ok(!json.includes(loaded.game.seed));
    assert.ok(!('hands' in (input.view as object)) && !('deck' in (input.view as object)));
  } finally {
    aiHooks.onInput = undefined;
  }
});

test('greedy and mcts search only states sampled from the view (determinize gets the view)', () => {
  const seen: unknown[] = [];
  const spy = { ...duel, determinize: (v: any, seat: number | null, rng: any) => {
    seen.push(v);
    // A state consistent with the view: the unknown hand drawn from cards not seen by this seat.
    const hands = v.seats.map((x: any) => x.hand ?? Array.from({ length: x.handSize }, () => 1 + rng.int(9)));
    return { round: v.round, phase: v.phase, chooser: v.chooser, scores: v.scores.slice(), hands, deck: { top: [], pool: [1, 2, 3, 4, 5, 6, 7, 8, 9], discard: v.discard.slice() }, names: v.seats.map((x: any) => x.name) };
  } };
  const view = { round: 1, phase: 'bid', chooser: 0, scores: [0, 0], deckSize: 12, discard: [], seats: [{ name: 'A', handSize: 3, hand: [2, 5, 9] }, { name: 'B', handSize: 3, hand: null }] };
  const dec = { id: '0.0.bid', seat: 0, kind: 'bid', blocking: true, timing: 'sealed' as const, group: { id: 'bid:1', mode: 'sealed' as const }, context: ['round:1'], exposes: null, prompt: { hand: [2, 5, 9] } };
  const legal = [2, 5, 9].map((card) => ({ type: 'bid', card }));
  for (const level of ['greedy', 'mcts'] as const) {
    seen.length = 0;
    const out = decide(spy as any, { ruleset: 'duel', seat: 0, view, decision: dec, legal, version: 0, level, iterations: 30, budgetMs: 200, salt: 't' });
    assert.ok(legal.some((a) => JSON.stringify(a) === JSON.stringify(out.action)));
    assert.ok(seen.length > 0);
    for (const v of seen) assert.deepEqual(v, view);
  }
  // Without determinize/evaluate, greedy and mcts fall back to random (documented).
  const bare = { ...duel, determinize: undefined, evaluate: undefined };
  const out = decide(bare as any, { ruleset: 'duel', seat: 0, view, decision: dec, legal, version: 0, level: 'mcts', salt: 't' });
  assert.equal(out.level, 'random');
  assert.match(out.fallback!, /determinize/);
});

test('an mcts decision respects its time budget', () => {
  const view = { round: 1, phase: 'bid', chooser: 0, scores: [0, 0], deckSize: 12, discard: [], seats: [{ name: 'A', handSize: 3, hand: [2, 5, 9] }, { name: 'B', handSize: 3, hand: null }] };
  const dec = { id: '0.0.bid', seat: 0, kind: 'bid', blocking: true, timing: 'sealed' as const, group: { id: 'bid:1', mode: 'sealed' as const }, context: ['round:1'], exposes: null };
  const spy = { ...duel, determinize: (v: any) => ({ round: v.round, phase: v.phase, chooser: v.chooser, scores: v.scores.slice(), hands: [[2, 5, 9], [1, 4, 7]], deck: { top: [], pool: [3, 6, 8], discard: [] }, names: ['A', 'B'] }) };
  const t0 = Date.now();
  const out = decide(spy as any, { ruleset: 'duel', seat: 0, view, decision: dec, legal: [2, 5, 9].map((card) => ({ type: 'bid', card })), version: 0, level: 'mcts', budgetMs: 100, salt: 'b' });
  const took = Date.now() - t0;
  assert.ok(out.iterations! > 0);
  assert.ok(took >= 90 && took < 400, `took ${took} ms for a 100 ms budget`);
});

test('undaunted: the house bot (checklist #60 #66) is an AI level of its own; two house bots play a game to the end through the service', async () => {
  const refused = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'abaddon', scenario: 'm1', seats: [{ name: 'A', ai: { level: 'house-normal' } }, { name: 'B' }] } });
  assert.equal(refused.statusCode, 400, 'Abaddon has no house bot');
  assert.equal(refused.json().error.code, 'invalid_seat');
  assert.ok(refused.json().error.details.levels.includes('greedy'));
  const outputs = new Map<string, { level: string; fallback?: string; action: string }>();
  aiHooks.onOutput = (input, out) => {
    if (input.ruleset === 'undaunted-callisto') outputs.set(input.decision.id, { level: out.level, fallback: out.fallback, action: JSON.stringify(out.action) });
  };
  try {
    const g = await create(s, { ruleset: 'undaunted-callisto', scenario: 's1-by-force', options: { roundCap: 30 }, seats: [{ name: 'Hard', ai: { level: 'house-hard' } }, { name: 'Easy', ai: { level: 'house-easy' } }] });
    const end = await finished(g.id);
    assert.ok(end.result);
    assert.notEqual(end.result.reason, 'round_cap', 'a rule victory');
    const seatsView = (await game(s, g.id)).seats as { aiLevel: string }[];
    assert.deepEqual(seatsView.map((x) => x.aiLevel), ['house-hard', 'house-easy']);
    const l = await log(s, g.id);
    const answers = l.entries.filter((e) => e.kind === 'answer');
    assert.ok(answers.length > 10);
    for (const e of answers) {
      const o = outputs.get(e.decision!);
      assert.ok(o, `decision ${e.decision} was answered by a bot`);
      assert.equal(o.level, e.seat === 0 ? 'house-hard' : 'house-easy');
      assert.ok(o.fallback === undefined || o.fallback === 'single legal action', o.fallback);
      if (o.action !== JSON.stringify(e.action)) assert.fail(`the logged action is the house bot's own (${e.decision})`);
    }
    assert.equal((await s.app.inject(`/v1/games/${g.id}/verify`)).json().ok, true);
  } finally {
    aiHooks.onOutput = undefined;
  }
});
