// The kernel's side of the contract (DESIGN.md "The kernel contract in detail"), checked with a
// scripted ruleset whose state *is* its open decisions and result: each action carries the
// next state, so a test sets exactly the decisions, seats and groups it needs. What is checked
// is the kernel's own work: decision ids (minted, kept while open, never two alike), seat
// ownership of answers, sealed groups, the action schema, redaction, resignation, and the
// rules that a running game always holds a blocking decision and that a draw is never undone
// by a violation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  actionShapeViolation, applyEntry, decisionForSeat, decisionsFor, eventFor, eventsFor, findDecision, KernelError,
  minted, openDecisions, ownedApplyEntry, ownedMinted, ownedResult, publicPart, resultOf, settleState, setupGame,
  validateAnswer, type KState,
} from '../../src/engine/kernel.js';
import { scriptedRng } from '../../src/engine/rng.js';
import type { Entry, GameEvent, OpenDecision, Result, Ruleset, Violation } from '../../src/engine/types.js';
import { isViolation, violation } from '../../src/engine/types.js';

interface TS {
  pending: OpenDecision[];
  result: Result | null;
  /** The seats the public view lists (absent: the view has no seat list). */
  seats?: number;
  events?: GameEvent[];
}
type TA = { type: 'go'; next?: TS; roll?: boolean; refuse?: boolean } | { type: 'bad' };

const dec = (key: string, seat: number, kind = 'move', extra: Partial<OpenDecision> = {}): OpenDecision => ({
  key, seat, kind, blocking: true, timing: 'turn', context: [], exposes: null, ...extra,
});
const state = (pending: OpenDecision[], more: Partial<TS> = {}): TS => ({ pending, result: null, ...more });
const won = (winners: number[]): Result => ({ winners, draw: false, reason: 'score' });

/** Set up with `options` as the first state; `apply` moves to the action's `next`. */
function scripted(over: Partial<Ruleset<TS, TA, unknown>> = {}): Ruleset<TS, TA, unknown> {
  return {
    id: 'scripted', version: '1', title: 'Scripted', players: { min: 2, max: 3 },
    scenarios: [{ id: 'x', title: 'X', players: 2 }], optionsSchema: {},
    actionSchema: {
      oneOf: [
        { type: 'object', properties: { type: { const: 'go' }, next: { type: 'object' }, roll: { type: 'boolean' }, refuse: { type: 'boolean' } }, required: ['type'], additionalProperties: false },
        { type: 'object', properties: { type: { const: 'bad' } }, required: ['type'], additionalProperties: false },
      ],
    },
    setup: ({ options }) => ({ state: options as TS, events: [] }),
    pending: (s) => s.pending,
    candidates: () => ({ actions: [], all: true }),
    validate: (_s, _seat, _d, a) => (a.type === 'bad' ? violation('bad_action', 'refused by the rules') : null),
    apply(s, e: Entry<TA>, ctx) {
      if (e.kind === 'resign') return violation('unsupported', 'no resign rule');
      const a = (e.kind === 'sealed' ? Object.values(e.commits)[0] : e.action) as Extract<TA, { type: 'go' }>;
      if (a.roll) ctx.rng.fork('dice').int(6);
      if (a.refuse) return violation('refused', 'refused in apply');
      const next = a.next ?? s;
      return { state: next, events: next.events ?? [] };
    },
    defaultAction: () => ({ type: 'go' }),
    view: (s) => (s.seats === undefined ? {} : { seats: Array.from({ length: s.seats }, (_, i) => ({ i })) }),
    result: (s) => s.result,
    ...over,
  };
}

const rs = scripted();
const start = (s: TS, ruleset = rs): KState<TS> => {
  const made = setupGame(ruleset, { scenario: 'x', seats: [{ index: 0, name: 'A' }, { index: 1, name: 'B' }], options: s }, scriptedRng([]));
  assert.ok(!isViolation(made), JSON.stringify(made));
  return made.k;
};
const go = (k: KState<TS>, entry: Entry<TA>, ruleset = rs) => applyEntry(ruleset, k, entry, scriptedRng([1, 1, 1]));
const ok = <T>(x: T | Violation): T => {
  assert.ok(!isViolation(x), JSON.stringify(x));
  return x as T;
};
const code = (x: unknown): string | undefined => (isViolation(x) ? x.code : undefined);

test('decision ids: `${seq}.${seat}.${kind}` from the entry that opened them, kept while the key stays open', () => {
  const k0 = start(state([dec('a', 0), dec('b', 1, 'react')]));
  assert.deepEqual(openDecisions(rs, k0).map((d) => d.id), ['0.0.move', '0.1.react']);
  // entry 1 keeps 'a' open, closes 'b', opens 'c': only 'c' gets an id of entry 1
  const k1 = ok(go(k0, { kind: 'answer', seat: 1, decision: '0.1.react', action: { type: 'go', next: state([dec('a', 0), dec('c', 1, 'react')]) } })).k;
  assert.equal(k1.seq, 1);
  assert.deepEqual(openDecisions(rs, k1).map((d) => d.id), ['0.0.move', '1.1.react']);
  // a key that closes and reopens later is a new decision with a new id
  const k2 = ok(go(k1, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([dec('c', 1, 'react')]) } })).k;
  const k3 = ok(go(k2, { kind: 'answer', seat: 1, decision: '1.1.react', action: { type: 'go', next: state([dec('a', 0)]) } })).k;
  assert.deepEqual(openDecisions(rs, k3).map((d) => d.id), ['3.0.move']);
});

test('decision ids: two open decisions of one seat and kind never share an id', () => {
  const k0 = start(state([dec('a', 0), dec('b', 0), dec('c', 0)]));
  assert.deepEqual(openDecisions(rs, k0).map((d) => d.id), ['0.0.move', '0.0.move.2', '0.0.move.3']);
  // a new key must not take an id still held by an open one
  const k1 = ok(go(k0, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([dec('d', 0), dec('b', 0), dec('e', 0), dec('c', 0)]) } })).k;
  // entry 1 mints for d and e: '1.0.move', then '1.0.move.2'; b and c keep theirs
  assert.deepEqual(openDecisions(rs, k1).map((d) => d.id), ['1.0.move', '0.0.move.2', '1.0.move.2', '0.0.move.3']);
  // an id held from before is not minted again at the same seq: settleState mints at seq 0
  const k = settleState(rs, state([dec('a', 1, 'x'), dec('b', 1, 'x')]), 0);
  assert.deepEqual(openDecisions(rs, k).map((d) => d.id), ['0.1.x', '0.1.x.2']);
});

test('a decision as a client sees it: no ruleset key, the minted id, and the prompt only for its own seat', () => {
  const k = start(state([dec('a', 0, 'move', { prompt: { secret: 7 }, context: ['turn:1'] }), dec('b', 1, 'react', { prompt: { secret: 9 } })]));
  const all = openDecisions(rs, k);
  assert.deepEqual(all[0], { seat: 0, kind: 'move', blocking: true, timing: 'turn', context: ['turn:1'], exposes: null, prompt: { secret: 7 }, id: '0.0.move' });
  assert.ok(all.every((d) => !('key' in d)));
  const as0 = decisionsFor(rs, k, 0);
  assert.deepEqual(as0.map((d) => d.prompt), [{ secret: 7 }, undefined]);
  assert.ok(!('prompt' in as0[1]));
  assert.deepEqual(decisionsFor(rs, k, 1).map((d) => 'prompt' in d), [false, true]);
  assert.deepEqual(decisionsFor(rs, k, null).map((d) => 'prompt' in d), [false, false]);
  assert.deepEqual(publicPart(all[1]), { seat: 1, kind: 'react', blocking: true, timing: 'turn', context: [], exposes: null, id: '0.1.react' });
  // minted keeps the ruleset's own form beside it
  assert.deepEqual(minted(rs, k).map((m) => m.raw.key), ['a', 'b']);
  assert.equal(findDecision(rs, k, '0.1.react')?.raw.key, 'b');
  assert.equal(findDecision(rs, k, '0.1.move'), undefined);
});

test('decisionForSeat: a named decision must be open and the seat\'s own; unnamed, the seat\'s only one', () => {
  const k = start(state([dec('a', 0), dec('b', 1), dec('c', 1, 'react')]));
  assert.equal((decisionForSeat(rs, k, 0) as { dec: { id: string } }).dec.id, '0.0.move');
  assert.equal((decisionForSeat(rs, k, 0, '0.0.move') as { raw: OpenDecision }).raw.key, 'a');
  assert.equal((decisionForSeat(rs, k, 1, '0.1.react') as { raw: OpenDecision }).raw.key, 'c');
  const notOpen = decisionForSeat(rs, k, 0, '9.0.move');
  assert.equal(code(notOpen), 'decision_not_open');
  assert.match((notOpen as Violation).message, /9\.0\.move/);
  const other = decisionForSeat(rs, k, 0, '0.1.move');
  assert.equal(code(other), 'not_your_decision');
  assert.match((other as Violation).message, /belongs to seat 1/);
  const ambiguous = decisionForSeat(rs, k, 1);
  assert.equal(code(ambiguous), 'decision_ambiguous');
  assert.match((ambiguous as Violation).message, /decision/);
  assert.deepEqual((ambiguous as Violation).details, { decisions: ['0.1.move', '0.1.react'] });
  const none = decisionForSeat(rs, k, 2);
  assert.equal(code(none), 'not_your_turn');
  assert.match((none as Violation).message, /seat 2/);
});

test('an answer: only to an open decision, only by its seat, never to a sealed one; `apply` gets its key', () => {
  const keys: (string | undefined)[] = [];
  const spy = scripted({ apply: (s, e, ctx) => { keys.push((e as { key?: string }).key); return rs.apply(s, e, ctx); } });
  const k = start(state([dec('a', 0), dec('b', 1, 'bid', { group: { id: 'g', mode: 'sealed' } })]), spy);
  const next = state([dec('z', 1)]);
  const closed = go(k, { kind: 'answer', seat: 0, decision: '0.0.react', action: { type: 'go' } }, spy);
  assert.equal(code(closed), 'decision_not_open');
  assert.match((closed as Violation).message, /0\.0\.react/);
  assert.equal(code(go(k, { kind: 'answer', seat: 1, decision: '0.0.move', action: { type: 'go' } }, spy)), 'not_your_decision');
  const sealedAnswer = go(k, { kind: 'answer', seat: 1, decision: '0.1.bid', action: { type: 'go' } }, spy);
  assert.equal(code(sealedAnswer), 'sealed_decision');
  assert.match((sealedAnswer as Violation).message, /sealed/);
  assert.equal(code(go(k, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'bad' } }, spy)), 'bad_action');
  assert.equal(code(go(k, { kind: 'answer', seat: 0, decision: '0.0.move', action: 'go' as never }, spy)), 'malformed_action');
  assert.deepEqual(keys, [], 'apply never ran for a refused answer');
  const r = ok(go(k, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next } }, spy));
  assert.deepEqual(keys, ['a']);
  assert.deepEqual(r.k.s, next);
});

test('a default entry answers any seat\'s open decision (the deadline), validated like an answer', () => {
  const k = start(state([dec('a', 0), dec('b', 1, 'bid', { group: { id: 'g', mode: 'sealed' } })]));
  assert.equal(code(go(k, { kind: 'default', decision: '0.0.nope', action: { type: 'go' } })), 'decision_not_open');
  assert.equal(code(go(k, { kind: 'default', decision: '0.0.move', action: { type: 'bad' } })), 'bad_action');
  const r = ok(go(k, { kind: 'default', decision: '0.0.move', action: { type: 'go', next: state([dec('c', 1)]) } }));
  assert.deepEqual(openDecisions(rs, r.k).map((d) => d.id), ['1.1.move']);
});

test('a sealed entry: the group must be open and sealed, and every member seat committed a valid action', () => {
  const sealed = { id: 'g', mode: 'sealed' as const };
  const k = start(state([dec('p', 0, 'bid', { group: sealed }), dec('free', 1, 'react'), dec('q', 1, 'bid', { group: sealed }), dec('r', 0, 'other', { group: { id: 'h', mode: 'parallel' } })]));
  const next = state([dec('z', 0)]);
  const nope = go(k, { kind: 'sealed', group: 'nope', commits: { 0: { type: 'go' }, 1: { type: 'go' } } });
  assert.equal(code(nope), 'group_not_open');
  assert.match((nope as Violation).message, /nope/);
  assert.equal(code(go(k, { kind: 'sealed', group: 'h', commits: { 0: { type: 'go' } } })), 'group_not_open', 'a parallel group is answered, not sealed');
  const missing = go(k, { kind: 'sealed', group: 'g', commits: { 0: { type: 'go' } } });
  assert.equal(code(missing), 'commit_missing');
  assert.match((missing as Violation).message, /seat 1/);
  assert.equal(code(go(k, { kind: 'sealed', group: 'g', commits: { 0: { type: 'go' }, 1: { type: 'bad' } } })), 'bad_action');
  assert.equal(code(go(k, { kind: 'sealed', group: 'g', commits: { 0: { type: 'go' }, 1: null as never } })), 'malformed_action');
  const r = ok(go(k, { kind: 'sealed', group: 'g', commits: { 0: { type: 'go', next }, 1: { type: 'go', next } } }));
  assert.deepEqual(r.k.s, next);
  assert.equal(r.k.seq, 1);
});

test('validateAnswer: an action is an object with a string type; then the ruleset decides', () => {
  const k = start(state([dec('a', 0)]));
  const [m] = minted(rs, k);
  for (const bad of [null, 'go', 3, {}, { type: 3 }, []]) {
    const v = validateAnswer(rs, k, 0, m, bad);
    assert.equal(code(v), 'malformed_action', JSON.stringify(bad));
    assert.match((v as Violation).message, /`type`/);
  }
  assert.equal(validateAnswer(rs, k, 0, m, { type: 'go' }), null);
  assert.equal(code(validateAnswer(rs, k, 0, m, { type: 'bad' })), 'bad_action');
});

test('a finished game takes no entry, resignations included; its result is the ruleset\'s', () => {
  const k0 = start(state([dec('a', 0)]));
  const r = ok(go(k0, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([], { result: won([0]) }) } }));
  assert.deepEqual(resultOf(rs, r.k), won([0]));
  assert.deepEqual(ownedResult(rs, r.k), won([0]));
  assert.deepEqual(openDecisions(rs, r.k), [], 'no decision is open after the end, whatever pending says');
  assert.deepEqual(r.k.open, {});
  const late = go(r.k, { kind: 'resign', seat: 1 });
  assert.equal(code(late), 'game_over');
  assert.match((late as Violation).message, /ended/);
  assert.equal(code(go(r.k, { kind: 'default', decision: '0.0.move', action: { type: 'go' } })), 'game_over');
  // the same from a state settled directly with a result, and with pending still listing one
  const over = settleState(rs, state([dec('a', 0)], { result: won([1]) }), 4);
  assert.deepEqual(openDecisions(rs, over), []);
  assert.deepEqual(over.open, {}, 'no id is minted for a finished game');
  assert.deepEqual(ownedMinted(rs, over), []);
  assert.equal(code(applyEntry(rs, over, { kind: 'answer', seat: 0, decision: '4.0.move', action: { type: 'go' } }, scriptedRng([]))), 'game_over');
});

test('resignation without a rule of the ruleset: every other seat of the view wins, and the game is over', () => {
  const k = start(state([dec('a', 0), dec('b', 2)], { seats: 3 }));
  const r = ok(go(k, { kind: 'resign', seat: 1 }));
  assert.deepEqual(r.k.conceded, { winners: [0, 2], draw: false, reason: 'resignation' });
  assert.deepEqual(resultOf(rs, r.k), r.k.conceded);
  assert.deepEqual(ownedResult(rs, r.k), r.k.conceded);
  assert.deepEqual(r.events, [{ type: 'resigned', to: 'all', data: { seat: 1 } }]);
  assert.equal(r.k.seq, 1);
  assert.deepEqual(r.k.s, k.s, 'the ruleset state is unchanged');
  assert.deepEqual(openDecisions(rs, r.k), []);
  assert.deepEqual(ownedMinted(rs, r.k), []);
  assert.equal(code(go(r.k, { kind: 'resign', seat: 0 })), 'game_over');
  // a view without a seat list (or no view object at all): the ruleset's maximum number of players
  const k2 = start(state([dec('a', 0)]));
  assert.deepEqual(ok(go(k2, { kind: 'resign', seat: 0 })).k.conceded?.winners, [1, 2]);
  const blind = scripted({ view: () => null });
  const k3 = start(state([dec('a', 0)]), blind);
  assert.deepEqual(ok(go(k3, { kind: 'resign', seat: 2 }, blind)).k.conceded?.winners, [0, 1]);
});

test('resignation with a rule of the ruleset: its step is applied like any entry', () => {
  const withRule = scripted({ resign: (_s, seat) => ({ state: state([], { result: won([1 - seat]) }), events: [{ type: 'gave_up', to: 'all', data: seat }] }) });
  const k = start(state([dec('a', 0)]), withRule);
  const r = ok(go(k, { kind: 'resign', seat: 0 }, withRule));
  assert.equal(r.k.conceded, null);
  assert.deepEqual(resultOf(withRule, r.k), won([1]));
  assert.deepEqual(r.events, [{ type: 'gave_up', to: 'all', data: 0 }]);
  assert.equal(r.k.seq, 1);
});

test('a running game always holds a blocking decision: otherwise the kernel (not the player) is at fault', () => {
  const k = start(state([dec('a', 0)]));
  const idle = state([dec('x', 0, 'draw', { blocking: false })]);
  assert.throws(() => go(k, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: idle } }), (e) => e instanceof KernelError && /scripted: a running game has no blocking decision/.test(e.message));
  assert.throws(() => go(k, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([]) } }), KernelError);
  // a non-blocking decision beside a blocking one is fine
  const r = ok(go(k, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([dec('x', 0, 'draw', { blocking: false }), dec('y', 1)]) } }));
  assert.deepEqual(openDecisions(rs, r.k).map((d) => [d.id, d.blocking]), [['1.0.draw', false], ['1.1.move', true]]);
  // an ended game and a conceded one need none
  ok(go(k, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([], { result: won([0]) }) } }));
  // settleState, for positions made outside play, holds the same rule
  assert.throws(() => settleState(rs, idle, 3), (e) => e instanceof KernelError && /a running position has no blocking decision/.test(e.message));
  const settled = settleState(rs, state([dec('x', 0, 'draw', { blocking: false }), dec('y', 1)]), 3);
  assert.equal(settled.seq, 3);
  assert.equal(settled.conceded, null);
  assert.deepEqual(openDecisions(rs, settled).map((d) => d.id), ['3.0.draw', '3.1.move']);
});

test('a violation before any draw is the player\'s; after a draw it is a kernel error, in apply and in setup', () => {
  const k = start(state([dec('a', 0)]));
  const before = JSON.stringify(k);
  assert.equal(code(go(k, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', refuse: true } })), 'refused');
  assert.throws(() => go(k, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', refuse: true, roll: true } }), (e) => e instanceof KernelError && /scripted: violation refused after 1 draws/.test(e.message));
  assert.equal(JSON.stringify(k), before);
  const picky = scripted({ setup: () => violation('no_such_scenario', 'unknown') });
  const seats = [{ index: 0, name: 'A' }, { index: 1, name: 'B' }];
  assert.equal(code(setupGame(picky, { scenario: 'y', seats, options: {} }, scriptedRng([]))), 'no_such_scenario');
  const rolled = scripted({ setup: (_p, ctx) => { ctx.rng.fork('deck').int(6); return violation('late', 'after a draw'); } });
  assert.throws(() => setupGame(rolled, { scenario: 'y', seats, options: {} }, scriptedRng([2])), (e) => e instanceof KernelError && /setup drew before rejecting: late/.test(e.message));
});

test('the setup entry is entry 0 and its events are the ruleset\'s', () => {
  const ev: GameEvent[] = [{ type: 'dealt', to: { seats: [0] }, data: 1 }];
  const withEvents = scripted({ setup: ({ options }) => ({ state: options as TS, events: ev }) });
  const m2 = ok(setupGame(withEvents, { scenario: 'x', seats: [], options: state([dec('a', 1)]) }, scriptedRng([])));
  assert.equal(m2.k.seq, 0);
  assert.equal(m2.k.conceded, null);
  assert.deepEqual(m2.events, ev);
  assert.deepEqual(m2.k.open, { a: '0.1.move' });
});

test('readers see a state\'s decisions afresh; the owned readers may keep what they computed', () => {
  const k = start(state([dec('a', 0)]));
  assert.deepEqual(ownedMinted(rs, k).map((m) => m.dec.id), ['0.0.move']);
  // a caller modifying s in place is seen by the public readers
  k.s.pending = [dec('a', 0), dec('b', 1)];
  k.open = { ...k.open, b: '0.1.move' };
  assert.deepEqual(openDecisions(rs, k).map((d) => d.id), ['0.0.move', '0.1.move']);
  // a decision added in place, with no id minted for it: the id it would get at this seq
  k.s.pending = [...k.s.pending, dec('n', 1, 'react')];
  assert.deepEqual(openDecisions(rs, k).map((d) => d.id), ['0.0.move', '0.1.move', '0.1.react']);
  k.s.result = won([1]);
  assert.deepEqual(resultOf(rs, k), won([1]));
  assert.equal(code(applyEntry(rs, k, { kind: 'resign', seat: 0 }, scriptedRng([]))), 'game_over');
  // owned readers of a state built by the kernel agree with the public ones
  const k2 = start(state([dec('a', 0)]));
  const r = ownedApplyEntry(rs, k2, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([dec('b', 1)]) } }, scriptedRng([]));
  const next = ok(r).k;
  assert.deepEqual(ownedMinted(rs, next).map((m) => m.dec.id), openDecisions(rs, next).map((d) => d.id));
  assert.equal(ownedResult(rs, next), null);
  // another ruleset reading the same state does not get the first one's answers
  const other = scripted({ pending: () => [dec('q', 0, 'other')], result: () => null });
  assert.deepEqual(ownedMinted(other, next).map((m) => m.dec.kind), ['other']);
  assert.deepEqual(ownedMinted(rs, next).map((m) => m.dec.kind), ['move']);
  assert.deepEqual(ownedMinted(other, next).map((m) => m.dec.kind), ['other']);
  assert.equal(code(ownedApplyEntry(rs, next, { kind: 'answer', seat: 0, decision: '1.1.move', action: { type: 'go' } }, scriptedRng([]))), 'not_your_decision');
});

test('a state loaded from storage (JSON, never settled in this process) reads and plays like the one saved', () => {
  const k0 = start(state([dec('a', 0), dec('b', 1)]));
  const k1 = ok(go(k0, { kind: 'answer', seat: 1, decision: '0.1.move', action: { type: 'go', next: state([dec('a', 0), dec('c', 1)]) } })).k;
  const loaded = JSON.parse(JSON.stringify(k1)) as KState<TS>;
  assert.deepEqual(ownedMinted(rs, loaded).map((m) => m.dec.id), ['0.0.move', '1.1.move']);
  assert.equal(ownedResult(rs, loaded), null);
  const r = ok(ownedApplyEntry(rs, loaded, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([dec('c', 1)]) } }, scriptedRng([])));
  assert.deepEqual(openDecisions(rs, r.k).map((d) => d.id), ['1.1.move']);
  // a finished game loaded from storage is finished
  const end = ok(go(k1, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([dec('c', 1)], { result: won([0]) }) } })).k;
  const endLoaded = JSON.parse(JSON.stringify(end)) as KState<TS>;
  assert.deepEqual(ownedResult(rs, endLoaded), won([0]));
  assert.deepEqual(ownedMinted(rs, endLoaded), []);
  assert.equal(code(ownedApplyEntry(rs, endLoaded, { kind: 'answer', seat: 1, decision: '1.1.move', action: { type: 'go' } }, scriptedRng([]))), 'game_over');
});

test('what the kernel keeps on a state is invisible: JSON (the hash), keys, copies and equality see only the state', () => {
  const k0 = start(state([dec('a', 0)]));
  const k1 = ok(ownedApplyEntry(rs, k0, { kind: 'answer', seat: 0, decision: '0.0.move', action: { type: 'go', next: state([dec('b', 1)]) } }, scriptedRng([]))).k;
  ownedMinted(rs, k1);
  ownedResult(rs, k1);
  const plain = JSON.parse(JSON.stringify(k1)) as KState<TS>;
  assert.deepEqual(Object.keys(k1), ['s', 'open', 'seq', 'conceded']);
  assert.equal(JSON.stringify(k1), JSON.stringify(plain));
  assert.deepStrictEqual(k1, plain);
  assert.deepStrictEqual(structuredClone(k1), plain);
  // a copy with another `s` carries nothing over: the owned readers derive it afresh
  const copy = { ...k1, s: state([dec('c', 0)], { result: won([0]) }) };
  assert.deepEqual(ownedResult(rs, copy), won([0]));
  assert.deepEqual(ownedMinted(rs, copy), []);
  assert.deepEqual(ownedMinted(rs, k1).map((m) => m.dec.id), ['1.1.move']);
  const assigned = Object.assign({}, k1, { s: state([dec('d', 1, 'react')]) });
  assert.deepEqual(ownedMinted(rs, assigned).map((m) => m.dec.id), ['1.1.react']);
});

test('the action schema: a wrong field, type or shape is refused before the rules, naming the field', () => {
  assert.equal(actionShapeViolation(rs, { type: 'go' }), null);
  assert.equal(actionShapeViolation(rs, { type: 'go', roll: true }), null);
  const extra = actionShapeViolation(rs, { type: 'go', note: 1 });
  assert.equal(extra?.code, 'invalid_action');
  assert.equal(extra?.message, 'action must NOT have additional properties (note) in a go action');
  const wrong = actionShapeViolation(rs, { type: 'go', roll: 'yes' });
  assert.equal(wrong?.message, 'action.roll must be boolean in a go action');
  assert.equal((wrong?.details as { errors: { instancePath: string }[] }).errors[0].instancePath, '/roll');
  const unknown = actionShapeViolation(rs, { type: 'fly' });
  assert.equal(unknown?.message, 'unknown action type fly');
  assert.ok((unknown?.details as { errors: unknown[] }).errors.length <= 5);
  for (const bad of [null, 'go', 7, []]) {
    const v = actionShapeViolation(rs, bad);
    assert.equal(v?.code, 'invalid_action', JSON.stringify(bad));
    assert.equal(v?.message, 'action must be object', JSON.stringify(bad));
  }
  assert.equal(actionShapeViolation(rs, { kind: 'go' })?.message, "action must have required property 'type'");
  const numbered = actionShapeViolation(rs, { type: 3 });
  assert.equal(numbered?.code, 'invalid_action');
  assert.equal(numbered?.message, 'an action is an object with a string `type`');
  assert.ok((numbered?.details as { errors: unknown[] }).errors.length > 0, 'the schema errors are returned');
  // a ruleset without a schema leaves the shape to validate
  const free = scripted({ actionSchema: undefined });
  assert.equal(actionShapeViolation(free, { type: 'go', anything: 1 }), null);
  assert.equal(actionShapeViolation(free, null), null);
});

test('the action schema outside a union: the message names the path, or the action itself', () => {
  const flat = scripted({ actionSchema: { type: 'object', properties: { type: { type: 'string' }, n: { type: 'integer' }, at: { type: 'object', properties: { x: { type: 'integer' } } } }, required: ['type', 'n'], additionalProperties: false } });
  assert.equal(actionShapeViolation(flat, { type: 'go', n: 1 }), null);
  assert.equal(actionShapeViolation(flat, { type: 'go', n: '1' })?.message, 'action.n must be integer in a go action', 'no coercion: "1" is not 1');
  assert.equal(actionShapeViolation(flat, { type: 'go' })?.message, "action must have required property 'n' in a go action");
  assert.equal(actionShapeViolation(flat, { type: 'go', n: 1, at: { x: 'a' } })?.message, 'action.at.x must be integer in a go action');
  assert.equal(actionShapeViolation(flat, { n: 1 })?.message, "action must have required property 'type'");
  const many = actionShapeViolation(flat, { type: 'go', n: 'a', a: 1, b: 2, c: 3, d: 4, e: 5 });
  assert.equal((many?.details as { errors: unknown[] }).errors.length, 5, 'at most five errors are returned');
});

test('events: each viewer sees its own form; the server\'s only after the end; a spectator sees the public forms', () => {
  const evs: GameEvent[] = [
    { type: 'pub', to: 'all', data: 'p' },
    { type: 'drew', to: { seats: [0, 2] }, data: { card: 5 }, others: { count: 1 } },
    { type: 'secret', to: { seats: [1] }, data: 's' },
    { type: 'audit', to: 'server', data: 'a' },
    { type: 'audit2', to: 'server', data: 'b', others: 'b-public' },
  ];
  assert.deepEqual(eventsFor(evs, 0, false), [{ type: 'pub', data: 'p' }, { type: 'drew', data: { card: 5 } }, { type: 'audit2', data: 'b-public' }]);
  assert.deepEqual(eventsFor(evs, 2, false).map((e) => e.data), ['p', { card: 5 }, 'b-public']);
  assert.deepEqual(eventsFor(evs, 1, false), [{ type: 'pub', data: 'p' }, { type: 'drew', data: { count: 1 } }, { type: 'secret', data: 's' }, { type: 'audit2', data: 'b-public' }]);
  assert.deepEqual(eventsFor(evs, null, false).map((e) => e.type), ['pub', 'drew', 'audit2']);
  assert.deepEqual(eventsFor(evs, null, true).map((e) => e.data), ['p', { card: 5 }, 's', 'a', 'b']);
  assert.deepEqual(eventsFor(evs, 1, true).map((e) => e.data), ['p', { card: 5 }, 's', 'a', 'b']);
  assert.equal(eventFor(evs[2], 0, false), null);
  assert.deepEqual(eventFor(evs[3], null, true), { type: 'audit', data: 'a' });
});

test('the action schema is plain JSON Schema: one that ajv\'s strict mode would reject still applies', () => {
  // `required` without `type: 'object'` is valid JSON Schema (ajv's strictTypes would refuse to compile it)
  const plain = scripted({ actionSchema: { oneOf: [{ properties: { type: { const: 'go' } }, required: ['type'] }] } });
  assert.equal(actionShapeViolation(plain, { type: 'go' }), null);
  assert.equal(actionShapeViolation(plain, { type: 'stop' })?.code, 'invalid_action');
});

test('the action schema as the games write it: many action types, and fields that are unions of literals', () => {
  // TypeBox's form (every game): anyOf over 12 action types, each `type: { const }`; a facing is a union of literals
  const facing = { anyOf: ['N', 'E', 'S', 'W'].map((f) => ({ const: f })) };
  const branches = Array.from({ length: 12 }, (_, i) => ({
    type: 'object', additionalProperties: false, required: ['type'],
    properties: { type: { const: `t${i}` }, n: { type: 'integer' }, ...(i === 11 ? { facing } : {}) },
  }));
  const many = scripted({ actionSchema: { anyOf: branches } });
  assert.equal(actionShapeViolation(many, { type: 't11', n: 2, facing: 'E' }), null);
  // an error in the eleventh branch (index 10 and up: two digits) is the action's own
  assert.equal(actionShapeViolation(many, { type: 't11', n: 'x' })?.message, 'action.n must be integer in a t11 action');
  assert.equal(actionShapeViolation(many, { type: 't10', n: 1.5 })?.message, 'action.n must be integer in a t10 action');
  // a wrong value of a literal union is the field's error, not an unknown action type
  const turn = actionShapeViolation(many, { type: 't11', facing: 'X' });
  assert.equal(turn?.message, 'action.facing must be equal to constant in a t11 action');
  // an unknown type: every branch refused it; at most five of its errors are returned
  const fly = actionShapeViolation(many, { type: 'fly' });
  assert.equal(fly?.code, 'invalid_action');
  assert.equal(fly?.message, 'unknown action type fly');
  assert.equal((fly?.details as { errors: unknown[] }).errors.length, 5);
});
