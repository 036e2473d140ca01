// The conformance harness (src/engine/conformance.ts) checked directly: a small clean ruleset
// passes, and each way a ruleset can break the contract (DESIGN.md "AI seats and conformance")
// is reported with its own message. The slow suite that runs the harness over every installed
// game is tests/conformance/rulesets.test.ts; this one checks the harness itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkOwnership, checkPlayout } from '../../src/engine/conformance.js';
import { applyEntry, setupGame } from '../../src/engine/kernel.js';
import { entryRng } from '../../src/engine/rng.js';
import type { OpenDecision, Ruleset } from '../../src/engine/types.js';
import { violation } from '../../src/engine/types.js';

interface S { t: number; end: number; forever: boolean; hidden: number; salt?: number }
type A = { type: 'go'; n?: number; pad?: string };

const dec = (key: string, seat: number, extra: Partial<OpenDecision> = {}): OpenDecision => ({
  key, seat, kind: 'move', blocking: true, timing: 'turn', context: [], exposes: null, ...extra,
});

/**
 * A clean game: `end` entries, seats taking turns; the other seat holds a non-blocking reaction.
 * Each entry draws a hidden number no view shows; determinize resamples it.
 */
function game(over: Partial<Ruleset<S, A, { t: number; end: number; forever: boolean }>> = {}): Ruleset<S, A, { t: number; end: number; forever: boolean }> {
  return {
    id: 'harness', version: '1', title: 'Harness', players: { min: 2, max: 2 },
    scenarios: [{ id: 'x', title: 'X', players: 2 }], optionsSchema: {},
    actionSchema: { oneOf: [{ type: 'object', properties: { type: { const: 'go' }, n: { type: 'number' }, pad: { type: 'string' } }, required: ['type'], additionalProperties: false }] },
    setup({ options }, ctx) {
      const o = options as { end?: number; forever?: boolean; refuse?: boolean };
      if (o.refuse) return violation('no_setup', 'refused');
      return { state: { t: 0, end: o.end ?? 3, forever: !!o.forever, hidden: ctx.rng.int(100) }, events: [{ type: 'began', to: 'all', data: null }] };
    },
    pending: (s) => [dec(`a${s.t}`, s.t % 2), dec(`r${s.t}`, 1 - (s.t % 2), { kind: 'react', blocking: false, timing: 'reaction' })],
    candidates: () => ({ actions: [{ type: 'go' }, { type: 'go', n: 1 }], all: true }),
    validate: () => null,
    apply: (s, _e, ctx) => ({ state: { ...s, t: s.t + 1, hidden: ctx.rng.int(100) }, events: [{ type: 'moved', to: 'all', data: { t: s.t + 1 } }] }),
    defaultAction: () => ({ type: 'go' }),
    view: (s) => ({ t: s.t, end: s.end, forever: s.forever }),
    result: (s) => (!s.forever && s.t >= s.end ? { winners: [0], draw: false, reason: 'done' } : null),
    ...over,
  };
}
const withDeterminize = (over: Partial<Ruleset<S, A, any>> = {}) =>
  game({ determinize: (v, _seat, rng) => ({ t: v.t, end: v.end, forever: v.forever, hidden: 1000 + rng.int(100) }), ...over });

const seats = [{ index: 0, name: 'A' }, { index: 1, name: 'B' }];
const check = (rs: Ruleset, options: unknown = { end: 1 }, max?: number) => checkPlayout(rs, 'x', seats, 'seed', max, options);

test('a clean ruleset: no problems, the game ends after its entries, replay agrees', () => {
  assert.deepEqual(check(game(), { end: 5 }), { entries: 5, ended: true, problems: [] });
  assert.deepEqual(check(withDeterminize(), { end: 5 }), { entries: 5, ended: true, problems: [] });
  // options reach setup; absent, setup gets {}
  assert.deepEqual(checkPlayout(game(), 'x', seats, 'seed'), { entries: 3, ended: true, problems: [] });
  // seeds and entry streams: another seed, the same verdict
  assert.deepEqual(checkPlayout(withDeterminize(), 'x', seats, 'other', 100, { end: 20 }), { entries: 20, ended: true, problems: [] });
});

test('a prompt or key that depends on hidden state is not a public difference', () => {
  const rs = withDeterminize({
    pending: (s) => [dec(`a${s.t}.${s.hidden}`, s.t % 2, { prompt: { h: s.hidden } }), dec(`r${s.t}`, 1 - (s.t % 2), { kind: 'react', blocking: false, timing: 'reaction' })],
  });
  assert.deepEqual(check(rs, { end: 4 }).problems, []);
});

test('setup refused: nothing played, the code reported', () => {
  assert.deepEqual(check(game(), { refuse: true }), { entries: 0, ended: false, problems: ['setup: no_setup'] });
});

test('a game that does not end stops at maxEntries (3000 by default), not ended', () => {
  assert.deepEqual(check(game(), { forever: true }, 10), { entries: 10, ended: false, problems: [] });
  assert.deepEqual(check(game(), { forever: true }), { entries: 3000, ended: false, problems: [] });
});

test('a default the rules refuse is reported for each decision; checking stops at five problems', () => {
  const rs = game({ validate: (_s, _seat, _d, a) => (a.n === -1 ? violation('bad_default', 'no') : null), defaultAction: () => ({ type: 'go', n: -1 }) });
  assert.deepEqual(check(rs).problems, ['entry 0: default for move invalid: bad_default', 'entry 0: default for react invalid: bad_default']);
  const r = check(rs, { forever: true });
  assert.deepEqual(r.problems, [
    'entry 0: default for move invalid: bad_default', 'entry 0: default for react invalid: bad_default',
    'entry 1: default for move invalid: bad_default', 'entry 1: default for react invalid: bad_default',
    'entry 2: default for move invalid: bad_default', 'entry 2: default for react invalid: bad_default',
  ]);
  assert.equal(r.entries, 3);
  assert.equal(r.ended, false);
});

test('a default or a candidate outside the action schema is reported', () => {
  const d = check(game({ defaultAction: () => ({ type: 'go', extra: 1 }) as A }));
  assert.equal(d.problems.length, 2);
  assert.match(d.problems[0], /^entry 0: default for move outside the action schema: action .*\(extra\) in a go action$/);
  assert.match(d.problems[1], /^entry 0: default for react outside the action schema: /);
  // only the reaction (never answered by the driver) offers the bad candidate
  const c = check(game({ candidates: (_s, _seat, dd) => ({ actions: dd.kind === 'react' ? [{ type: 'go' }, { type: 'go', n: 'x' } as unknown as A] : [{ type: 'go' }], all: true }) }));
  assert.equal(c.problems.length, 1);
  assert.match(c.problems[0], /^entry 0: candidate for react outside the action schema: action\.n must be number in a go action \{"type":"go","n":"x"\}$/);
});

test('a candidate the rules refuse is reported with its code and action', () => {
  const rs = game({
    candidates: (_s, _seat, d) => ({ actions: d.kind === 'react' ? [{ type: 'go' }, { type: 'go', n: 7 }] : [{ type: 'go' }], all: true }),
    validate: (_s, _seat, d, a) => (d.kind === 'react' && a.n === 7 ? violation('no_seven', 'no') : null),
  });
  assert.deepEqual(check(rs).problems, ['entry 0: candidate for react invalid: no_seven {"type":"go","n":7}']);
});

test('a decision whose candidates are all of them and none: no legal action; a sample that is empty is not', () => {
  const none = (all: boolean) => game({ candidates: (_s, _seat, d) => ({ actions: d.kind === 'react' ? [] : [{ type: 'go' }], all }) });
  assert.deepEqual(check(none(true)).problems, ['entry 0: decision react has no legal action']);
  assert.deepEqual(check(none(false)).problems, []);
});

test('a running game with no blocking decision is reported', () => {
  // the only decision is a non-blocking sealed one: a driver still commits it
  const rs = game({ pending: (s) => [dec(`a${s.t}`, 0, { blocking: false, timing: 'sealed', group: { id: 'g', mode: 'sealed' } })] });
  assert.deepEqual(check(rs), { entries: 1, ended: true, problems: ['entry 0: running game with no blocking decision'] });
});

test('rules that throw or refuse a candidate stop the playout at that entry', () => {
  const throws = game({ apply: (s) => { if (s.t === 1) throw new Error('boom'); return { state: { ...s, t: s.t + 1 }, events: [] }; } });
  assert.deepEqual(check(throws, { end: 3 }), { entries: 1, ended: false, problems: ['seq 2: Error: boom'] });
  const refuses = game({ apply: (s) => (s.t === 1 ? violation('late', 'no') : { state: { ...s, t: s.t + 1 }, events: [] }) });
  assert.deepEqual(check(refuses, { end: 3 }), {
    entries: 1, ended: false,
    problems: ['seq 2: candidate rejected late: {"kind":"answer","seat":1,"decision":"1.1.move","action":{"type":"go"}}'],
  });
});

test('replay: a setup that differs, an entry refused, events or a state that differ are reported', () => {
  let n = 0;
  const salted = game({ setup: (_p, ctx) => ({ state: { t: 0, end: 2, forever: false, hidden: ctx.rng.int(100) }, events: [{ type: 'began', to: 'all', data: n++ }] }) });
  assert.deepEqual(check(salted).problems, ['replay 0: setup diverged', 'replay 1: diverged']);
  // apply is asked once per entry while playing (another seat's answer never reaches it), then on replay
  let calls = 0;
  const refusesLater = game({ apply: (s) => (++calls === 3 ? violation('flaky', 'no') : { state: { ...s, t: s.t + 1 }, events: [] }) });
  assert.deepEqual(check(refusesLater, { end: 2 }), { entries: 2, ended: true, problems: ['replay 1: flaky'] });
  let e = 0;
  const events = game({ apply: (s) => ({ state: { ...s, t: s.t + 1 }, events: [{ type: 'n', to: 'all', data: e++ }] }) });
  assert.deepEqual(check(events, { end: 2 }).problems, ['replay 1: diverged']);
  // a state that differs where the chain does not fold the state in (not a checkpoint, not the end)
  let st = 0;
  const state = game({ apply: (s) => ({ state: { ...s, t: s.t + 1, salt: st++ }, events: [] }) });
  assert.deepEqual(check(state, { forever: true }, 3).problems, ['replay 1: diverged']);
});

test('determinize: a throw, a seat\'s view that changes, a spectator view that changes', () => {
  const throws = withDeterminize({ determinize: () => { throw new Error('boom'); } });
  assert.deepEqual(check(throws).problems, ['entry 0: determinize(seat 0) threw Error: boom', 'entry 0: determinize(seat 1) threw Error: boom']);
  const moved = withDeterminize({ determinize: (v) => ({ t: v.t + 1, end: v.end, forever: v.forever, hidden: 0 }) });
  assert.deepEqual(check(moved).problems, [
    'entry 0: determinize(view(s, 0)) shows seat 0 a different view', 'entry 0: determinize(view(s, 1)) shows seat 1 a different view',
  ]);
  const leaks = withDeterminize({ view: (s, seat) => (seat === null ? { t: s.t, end: s.end, forever: s.forever, h: s.hidden } : { t: s.t, end: s.end, forever: s.forever }) });
  assert.deepEqual(check(leaks).problems, [
    'entry 0: the spectator view changes with information hidden from seat 0', 'entry 0: the spectator view changes with information hidden from seat 1',
  ]);
});

test('determinize: public decisions or verdicts that depend on hidden state are reported', () => {
  const exposes = withDeterminize({ pending: (s) => [dec(`a${s.t}`, s.t % 2, { exposes: s.hidden })] });
  assert.deepEqual(check(exposes).problems, ['entry 0: public decisions differ in a state seat 0 cannot tell apart']);
  const verdict = withDeterminize({ validate: (s, _seat, _d, a) => (a.n === 1 && s.hidden >= 1000 ? violation('hidden_rule', 'no') : null) });
  assert.deepEqual(check(verdict).problems, [
    'entry 0: verdict on {"type":"go","n":1} depends on hidden state (null vs hidden_rule)',
    'entry 0: verdict on {"type":"go","n":1} depends on hidden state (null vs hidden_rule)',
  ]);
  // a ruleset without determinize skips these checks
  assert.deepEqual(check(game({ validate: (s, _seat, _d, a) => (a.n === 1 && s.hidden >= 1000 ? violation('hidden_rule', 'no') : null) })).problems, []);
});

test('checking stops once five problems are found', () => {
  // one problem an entry: only the move's default is refused
  const rs = game({ validate: (_s, _seat, d, a) => (d.kind === 'move' && a.n === -1 ? violation('bad_default', 'no') : null), defaultAction: () => ({ type: 'go', n: -1 }) });
  const r = check(rs, { forever: true });
  assert.deepEqual(r.problems, [0, 1, 2, 3, 4].map((i) => `entry ${i}: default for move invalid: bad_default`));
  assert.equal(r.entries, 5);
});

test('each seed plays another game: the driver\'s choices come from the seed', () => {
  // the game ends when a seat picks n = 1, so its length follows the choices
  const rs = game({ apply: (s, e) => ({ state: { ...s, t: s.t + 1, end: e.kind === 'answer' && e.action.n === 1 ? s.t + 1 : s.end }, events: [] }) });
  const lengths = Array.from({ length: 8 }, (_, i) => checkPlayout(rs, 'x', seats, `seed-${i}`, 100, { end: 50 }).entries);
  assert.ok(new Set(lengths).size > 1, `lengths ${lengths}`);
  assert.deepEqual(lengths, Array.from({ length: 8 }, (_, i) => checkPlayout(rs, 'x', seats, `seed-${i}`, 100, { end: 50 }).entries));
});

test('a setup that refuses the same seed on replay is reported', () => {
  let n = 0;
  const rs = game({ setup: (_p, ctx) => (n++ === 1 ? violation('flaky_setup', 'no') : { state: { t: 0, end: 1, forever: false, hidden: ctx.rng.int(100) }, events: [] }) });
  assert.deepEqual(check(rs), { entries: 1, ended: true, problems: ['replay 0: setup flaky_setup'] });
});

test('long actions and entries are cut in problem reports (200 characters an action, 300 an entry, 120 in a verdict)', () => {
  const pad = 'p'.repeat(400);
  const schema = check(game({ candidates: (_s, _seat, d) => ({ actions: d.kind === 'react' ? [{ type: 'go', n: pad } as unknown as A] : [{ type: 'go' }], all: true }) }));
  assert.equal(schema.problems.length, 1);
  assert.ok(schema.problems[0].endsWith(` ${JSON.stringify({ type: 'go', n: pad }).slice(0, 200)}`), schema.problems[0]);
  const invalid = check(game({
    candidates: (_s, _seat, d) => ({ actions: d.kind === 'react' ? [{ type: 'go', n: 7, pad }] : [{ type: 'go' }], all: true }),
    validate: (_s, _seat, _d, a) => (a.n === 7 ? violation('no_seven', 'no') : null),
  }));
  assert.deepEqual(invalid.problems, [`entry 0: candidate for react invalid: no_seven ${JSON.stringify({ type: 'go', n: 7, pad }).slice(0, 200)}`]);
  const rejected = check(game({
    candidates: () => ({ actions: [{ type: 'go', pad }], all: true }),
    apply: (s) => (s.t === 1 ? violation('late', 'no') : { state: { ...s, t: s.t + 1 }, events: [] }),
  }), { end: 3 });
  const entry = { kind: 'answer', seat: 1, decision: '1.1.move', action: { type: 'go', pad } };
  assert.deepEqual(rejected.problems, [`seq 2: candidate rejected late: ${JSON.stringify(entry).slice(0, 300)}`]);
  const verdict = check(withDeterminize({
    candidates: () => ({ actions: [{ type: 'go', n: 1, pad }], all: true }),
    validate: (s, _seat, d, a) => (d.kind === 'move' && a.n === 1 && s.hidden >= 1000 ? violation('hidden_rule', 'no') : null),
  }));
  assert.deepEqual(verdict.problems, [`entry 0: verdict on ${JSON.stringify({ type: 'go', n: 1, pad }).slice(0, 120)} depends on hidden state (null vs hidden_rule)`]);
});

test('verdicts are compared decision by decision, each seat\'s own in order', () => {
  // seat 0 holds a move and an extra decision, seat 1 a reaction; each kind offers its own
  // action; only the extra decision's verdict depends on hidden state
  const rs = withDeterminize({
    pending: (s) => [dec(`a${s.t}`, 0), dec(`r${s.t}`, 1, { kind: 'react', blocking: false }), dec(`e${s.t}`, 0, { kind: 'extra', blocking: false })],
    candidates: (_s, _seat, d) => ({ actions: [{ type: 'go', n: d.kind === 'move' ? 1 : d.kind === 'react' ? 2 : 3 }], all: true }),
    validate: (s, _seat, d, a) => (d.kind === 'extra' && (a.n ?? 0) > 0 && s.hidden >= 1000 ? violation('hidden_rule', 'no') : null),
  });
  assert.deepEqual(check(rs).problems, ['entry 0: verdict on {"type":"go","n":3} depends on hidden state (null vs hidden_rule)']);
});

test('a decision missing from the determinized state is reported as a public difference, its verdicts not compared', () => {
  const rs = withDeterminize({
    pending: (s) => [dec(`a${s.t}`, 0), ...(s.hidden < 1000 ? [dec(`e${s.t}`, 0, { kind: 'extra', blocking: false })] : [])],
    validate: (_s, _seat, d) => (d.kind === 'never' ? violation('x', 'x') : null),
  });
  assert.deepEqual(check(rs).problems, ['entry 0: public decisions differ in a state seat 0 cannot tell apart']);
});

test('ownership: each other seat\'s answer to each open decision is tried, and one applied or refused otherwise is reported', () => {
  const rs = game();
  const made = setupGame(rs, { scenario: 'x', seats: [...seats, { index: 2, name: 'C' }], options: { end: 1 } }, entryRng('s', 'g', 0));
  assert.ok(!('code' in made), 'setup');
  const k = (made as { k: Parameters<typeof checkOwnership>[1] }).k;
  const rng = entryRng('s', 'g', 1);
  // the kernel refuses them all
  const fine: string[] = [];
  const tried: string[] = [];
  checkOwnership(rs, k, 3, rng, fine, 0, (r, kk, e, g) => {
    tried.push(`${(e as { seat: number }).seat}>${(e as { decision: string }).decision}`);
    return applyEntry(r, kk, e, g);
  });
  assert.deepEqual(fine, []);
  assert.deepEqual(tried, ['1>0.0.move', '2>0.0.move', '0>0.1.react', '2>0.1.react']);
  // a faulty kernel: one applies the answer, the other refuses it for another reason
  const applied: string[] = [];
  checkOwnership(rs, k, 2, rng, applied, 4, ((_r: unknown, kk: unknown) => ({ k: kk, events: [] })) as unknown as typeof applyEntry);
  assert.deepEqual(applied, ["entry 4: seat 1 answering seat 0's move got applied", "entry 4: seat 0 answering seat 1's react got applied"]);
  const other: string[] = [];
  checkOwnership(rs, k, 2, rng, other, 7, () => violation('bad_action', 'no'));
  assert.deepEqual(other, ["entry 7: seat 1 answering seat 0's move got bad_action", "entry 7: seat 0 answering seat 1's react got bad_action"]);
});
