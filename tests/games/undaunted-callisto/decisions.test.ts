// Undaunted 2200: Callisto's ruleset surface read directly (index.ts): the open decisions of each
// step (the sealed initiative bid of every seat, one seat's turn, the defender's casualty choice,
// the attacker's PULSE push, the order of an area attack's strikes), what each accepts and
// refuses, the defaults (bid and give up the lowest initiative, do not push, end the turn),
// resignation, field-by-field choices, queries and standing orders. Rulebook: the bid is
// simultaneous and secret; the defender chooses which matching card is the casualty; PULSE's
// push is the attacker's option.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scriptedRng } from '../../../src/engine/rng.js';
import { isViolation, type OpenDecision, type Violation } from '../../../src/engine/types.js';
import type { S } from '../../../src/games/undaunted-callisto/state.js';
import { edit, rs, start, turnOf } from './helpers.js';

const cands = (s: S, seat: number, d: OpenDecision) => rs.candidates(s, seat, d, 1000, scriptedRng([]));
const code = (v: unknown) => (isViolation(v) ? v.code : 'ok');
const ctx = { seq: 1, rng: scriptedRng([]) };
const only = (s: S): OpenDecision => {
  const ds = rs.pending(s);
  assert.equal(ds.length, 1, JSON.stringify(ds.map((d) => d.key)));
  return ds[0];
};

const withFrame = (frame: S['stack'][number], fn?: (s: S) => void) => edit(turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']), (s) => { s.stack = [frame]; fn?.(s); }).s;
const casualty = () => withFrame({ t: 'casualty', id: 7, seat: 1, unit: 'lfa.scout-y', zone: 'hand', ask: true, by: 0 }, (s) => {
  s.seats[1].hand = ['lfa.captain', 'lfa.scout-y', 'lfa.scout-y'];
});
const push = () => withFrame({ t: 'push', id: 8, seat: 0, unit: 'lfa.scout-y' });
const ctxC = { seat: 0, unit: 'brk.blaster-b', def: { kind: 'ATTACK' as const, value: 2, targets: ['personnel' as const], range: 2, area: true }, from: 'C', id: 9 };
const area = () => withFrame({ t: 'area', c: ctxC, remaining: ['lfa.scout-y', 'lfa.corp-sec-z'] });

test('the bid: one sealed decision per bidder, in one group', () => {
  const s = start().s;
  const ds = rs.pending(s);
  assert.deepEqual(ds.map((d) => [d.key, d.seat, d.kind, d.timing, d.blocking]), [['bid:1:0', 0, 'bid', 'sealed', true], ['bid:1:1', 1, 'bid', 'sealed', true]]);
  assert.deepEqual(ds[0].group, { id: 'bid:1', mode: 'sealed' });
  assert.deepEqual(ds[0].context, ['round:1']);
  assert.deepEqual(ds[1].exposes, { round: 1 });
  // Candidates: each card of the hand once, sorted; none for another seat.
  const hand = s.seats[0].hand;
  assert.deepEqual(cands(s, 0, ds[0]), { actions: [...new Set(hand)].sort().map((card) => ({ type: 'bid', card })), all: true });
  assert.deepEqual(cands(s, 1, ds[0]), { actions: [], all: true });
  // Refusals.
  assert.equal(code(rs.validate(s, 1, ds[0], { type: 'bid', card: hand[0] })), 'not_your_decision');
  assert.equal((rs.validate(s, 1, ds[0], { type: 'bid', card: hand[0] }) as Violation).message, 'decision belongs to seat 0');
  assert.deepEqual(rs.validate(s, 0, ds[0], { type: 'end' }), { code: 'wrong_action', message: 'answer a bid with {type:"bid", card}' });
  assert.deepEqual(rs.validate(s, 0, ds[0], { type: 'bid', card: 'lfa.captain' }), { code: 'not_in_hand', message: 'bid a card from your hand' });
  assert.equal(code(rs.validate(s, 0, ds[0], { type: 'bid', card: 3 } as never)), 'not_in_hand');
  assert.equal(code(rs.validate(s, 0, ds[0], { type: 'bid', card: hand[0] })), 'ok');
  assert.deepEqual(rs.validate(s, 0, { ...ds[0], key: 'bid:9:0' }, { type: 'bid', card: hand[0] }), { code: 'decision_not_open', message: 'that decision is not open' });
  for (const a of [null, 3, 'bid', {}, { type: 1 }]) assert.equal(code(rs.validate(s, 0, ds[0], a as never)), 'malformed_action', JSON.stringify(a));
  // The default bid: the lowest initiative, then the first id.
  const k = edit(start(), (x) => { x.seats[0].hand = ['brk.interference', 'brk.sapper-b', 'brk.supervisor', 'brk.surveyor-c']; });
  assert.deepEqual(rs.defaultAction(k.s, rs.pending(k.s)[0]), { type: 'bid', card: 'brk.interference' });
  assert.deepEqual(k.s.seats[0].hand, ['brk.interference', 'brk.sapper-b', 'brk.supervisor', 'brk.surveyor-c'], 'the hand is not reordered');
  const k2 = edit(start(), (x) => { x.seats[0].hand = ['brk.surveyor-c', 'brk.supervisor', 'brk.blaster-b']; });
  assert.deepEqual(rs.defaultAction(k2.s, rs.pending(k2.s)[0]), { type: 'bid', card: 'brk.blaster-b' }, 'initiative 2 twice: the first id');
  // The sealed entry: the group open, every bidder's commit, each valid.
  assert.equal(code(rs.apply(s, { kind: 'sealed', group: 'bid:2', commits: {} } as never, ctx)), 'group_not_open');
  const c1 = rs.apply(s, { kind: 'sealed', group: 'bid:1', commits: { 0: { type: 'bid', card: hand[0] } } } as never, ctx);
  assert.equal(code(c1), 'commit_missing');
  assert.equal((c1 as Violation).message, 'seat 1');
  assert.equal(code(rs.apply(s, { kind: 'sealed', group: 'bid:1', commits: { 0: { type: 'bid', card: hand[0] }, 1: { type: 'bid', card: 'nope' } } } as never, ctx)), 'not_in_hand');
  const r = rs.apply(s, { kind: 'sealed', group: 'bid:1', commits: { 0: { type: 'bid', card: hand[0] }, 1: { type: 'bid', card: s.seats[1].hand[0] } } } as never, ctx);
  assert.ok(!isViolation(r));
  assert.equal(r.state.phase, 'turns');
  assert.ok(r.events.some((e) => e.type === 'bids_revealed'));
  assert.equal(s.phase, 'bid', 'the state given is not changed');
  // Outside the bid, the group's entry is refused and an answer needs the one open decision.
  assert.deepEqual(rs.apply(s, { kind: 'answer', seat: 0, decision: 'x', action: { type: 'end' } } as never, ctx), { code: 'decision_not_open', message: 'no open decision for this entry' });
});

test('a turn: one decision for the seat to play; end or play', () => {
  const k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']);
  const s = edit(k, (x) => { x.round = 2; x.plays = 1; }).s;
  const d = only(s);
  assert.deepEqual([d.key, d.seat, d.kind, d.timing, d.blocking, d.group], ['turn:2:0:1', 0, 'turn', 'turn', true, undefined]);
  assert.deepEqual(d.context, ['round:2', 'turn:2.0']);
  assert.deepEqual(d.exposes, { round: 2, plays: 1 });
  assert.deepEqual(cands(s, 0, d).actions[0], { type: 'end' });
  assert.ok(cands(s, 0, d).actions.length > 1, 'plays too');
  assert.deepEqual(cands(s, 1, d), { actions: [], all: true });
  assert.equal(code(rs.validate(s, 0, d, { type: 'end' })), 'ok');
  assert.deepEqual(rs.validate(s, 0, d, { type: 'end', card: 'x' } as never), { code: 'unknown_field', message: 'end takes no fields' });
  assert.deepEqual(rs.validate(s, 0, d, { type: 'bid', card: 'brk.supervisor' }), { code: 'wrong_action', message: 'play a card or end the turn' });
  assert.equal(code(rs.apply(s, { kind: 'sealed', group: 'bid:1', commits: {} } as never, ctx)), 'group_not_open', 'no bid during the turns');
  assert.equal(code(rs.validate(s, 0, d, { type: 'play', card: 'lfa.captain', use: 'hunker' })), 'not_in_hand');
  assert.deepEqual(rs.defaultAction(s, d), { type: 'end' });
  // An answer by another seat; a default entry is the open decision's.
  const other = rs.apply(s, { kind: 'answer', seat: 1, decision: d.key, action: { type: 'end' } } as never, ctx);
  assert.equal(code(other), 'not_your_decision');
  assert.equal((other as Violation).message, 'decision belongs to seat 0');
  const ended = rs.apply(s, { kind: 'default', decision: d.key, action: { type: 'end' } } as never, ctx);
  assert.ok(!isViolation(ended));
  assert.equal(ended.state.order[ended.state.turn], 1, 'the next seat\'s turn');
  assert.equal(code(rs.apply(s, { kind: 'answer', seat: 0, decision: d.key, action: { type: 'casualty', card: 'x' } } as never, ctx)), 'wrong_action');
  // Another kind of decision than the game knows.
  assert.deepEqual(rs.validate(s, 0, { ...d, kind: 'dance' }, { type: 'end' }), { code: 'unknown_decision', message: 'dance' });
  assert.deepEqual(cands(s, 0, { ...d, kind: 'dance' }), { actions: [], all: true });
  assert.deepEqual(rs.defaultAction(s, { ...d, kind: 'dance' }), { type: 'end' });
  // A finished game has no decision.
  assert.deepEqual(rs.pending({ ...s, result: { winners: [0], draw: false, reason: 'x' } }), []);
});

test('a casualty: the defender chooses one of the matching cards', () => {
  const s = casualty();
  const d = only(s);
  assert.deepEqual([d.key, d.seat, d.kind, d.timing, d.blocking], ['cas:7', 1, 'casualty', 'reaction', true]);
  assert.deepEqual(d.context, ['round:1', 'attack:7']);
  assert.deepEqual(d.exposes, { unit: 'lfa.scout-y', zone: 'hand', attacker: 0 });
  assert.deepEqual(d.prompt, { options: ['lfa.scout-y'] });
  assert.deepEqual(cands(s, 1, d), { actions: [{ type: 'casualty', card: 'lfa.scout-y' }], all: true });
  assert.equal(code(rs.validate(s, 1, d, { type: 'casualty', card: 'lfa.scout-y' })), 'ok');
  assert.equal(code(rs.validate(s, 1, d, { type: 'casualty', card: 'lfa.captain' })), 'not_a_candidate');
  assert.equal((rs.validate(s, 1, d, { type: 'casualty', card: 'lfa.captain' }) as Violation).message, 'choose one of the matching cards in your hand');
  assert.deepEqual(rs.validate(s, 1, d, { type: 'end' }), { code: 'wrong_action', message: 'choose a casualty card' });
  assert.deepEqual(rs.defaultAction(s, d), { type: 'casualty', card: 'lfa.scout-y' });
  const r = rs.apply(s, { kind: 'answer', seat: 1, decision: d.key, action: { type: 'casualty', card: 'lfa.scout-y' } } as never, ctx);
  assert.ok(!isViolation(r));
  assert.deepEqual(r.state.seats[1].casualties, [{ card: 'lfa.scout-y', unit: 'lfa.scout-y' }]);
  assert.deepEqual(r.state.seats[1].hand, ['lfa.captain', 'lfa.scout-y']);
  // Several kinds of matching card: the default gives up the lowest initiative.
  const m = withFrame({ t: 'casualty', id: 3, seat: 1, unit: 'lfa.mech-v', zone: 'hand', ask: true, by: 0 }, (x) => { x.seats[1].hand = ['lfa.commander-v', 'lfa.gunner-v', 'lfa.navigator-v']; });
  assert.deepEqual(rs.defaultAction(m, only(m)), { type: 'casualty', card: 'lfa.gunner-v' });
});

test('a PULSE push: the attacker may push into an adjacent space, or not', () => {
  const s = push();
  const d = only(s);
  assert.deepEqual([d.key, d.seat, d.kind, d.timing, d.blocking], ['push:8', 0, 'pulse_push', 'turn', true]);
  assert.deepEqual(d.context, ['round:1', 'attack:8']);
  const opts = (d.exposes as { options: string[] }).options;
  assert.equal((d.exposes as { unit: string }).unit, 'lfa.scout-y');
  assert.ok(opts.length > 0, 'somewhere to push');
  assert.deepEqual(cands(s, 0, d), { actions: [{ type: 'push', to: null }, ...opts.map((to) => ({ type: 'push', to }))], all: true });
  assert.equal(code(rs.validate(s, 0, d, { type: 'push', to: null })), 'ok');
  assert.equal(code(rs.validate(s, 0, d, { type: 'push', to: opts[0] })), 'ok');
  assert.deepEqual(rs.validate(s, 0, d, { type: 'push', to: 'Z9' }), { code: 'bad_push', message: 'push into an adjacent enterable space scouted or controlled by the target\'s owner, or null' });
  assert.deepEqual(rs.validate(s, 0, d, { type: 'end' }), { code: 'wrong_action', message: 'answer with {type:"push", to}' });
  assert.deepEqual(rs.defaultAction(s, d), { type: 'push', to: null });
  const r = rs.apply(s, { kind: 'answer', seat: 0, decision: d.key, action: { type: 'push', to: opts[0] } } as never, ctx);
  assert.ok(!isViolation(r));
  assert.equal(r.state.units['lfa.scout-y'].at, opts[0]);
  assert.ok(!r.state.stack.some((f) => f.t === 'push'), 'the push is over');
});

test('an area attack: the attacker orders the strikes', () => {
  const s = area();
  const d = only(s);
  assert.deepEqual([d.key, d.seat, d.kind, d.timing, d.blocking], ['area:9:2', 0, 'area_target', 'turn', true]);
  assert.deepEqual(d.context, ['round:1', 'attack:9']);
  assert.deepEqual(d.exposes, { remaining: ['lfa.scout-y', 'lfa.corp-sec-z'] });
  assert.deepEqual(cands(s, 0, d), { actions: [{ type: 'target', target: 'lfa.scout-y' }, { type: 'target', target: 'lfa.corp-sec-z' }], all: true });
  assert.equal(code(rs.validate(s, 0, d, { type: 'target', target: 'lfa.corp-sec-z' })), 'ok');
  assert.deepEqual(rs.validate(s, 0, d, { type: 'target', target: 'lfa.mech-v' }), { code: 'not_a_candidate', message: 'choose one of the remaining targets' });
  assert.deepEqual(rs.validate(s, 0, d, { type: 'end' }), { code: 'wrong_action', message: 'answer with {type:"target", target}' });
  assert.deepEqual(rs.defaultAction(s, d), { type: 'target', target: 'lfa.scout-y' });
  // The first strike chosen: the other still to come (a die is rolled for the strike).
  const r = rs.apply(s, { kind: 'answer', seat: 0, decision: d.key, action: { type: 'target', target: 'lfa.corp-sec-z' } } as never, { seq: 1, rng: scriptedRng([1, 1]) });
  assert.ok(!isViolation(r), JSON.stringify(r));
  const rolled = r.events.find((e) => e.type === 'dice_rolled' || e.type === 'strike_skipped');
  assert.equal((rolled?.data as { target: string }).target, 'lfa.corp-sec-z', 'the chosen target struck first');
  // A frame of another kind on top: no decision.
  const odd = withFrame({ t: 'strike', c: ctxC, target: 'lfa.scout-y' });
  assert.deepEqual(rs.pending(odd), []);
});

test('resignation: the other faction wins', () => {
  const s = start().s;
  const r = rs.resign!(s, 0, ctx) as { state: S };
  assert.deepEqual(r.state.result, { winners: [1], draw: false, reason: 'resignation by seat 0 (breakers)' });
  const r4 = rs.resign!(start('s4-ridge-line', 4).s, 3, ctx) as { state: S };
  assert.deepEqual(r4.state.result, { winners: [0, 2], draw: false, reason: 'resignation by seat 3 (lfa)' });
  assert.equal(s.result, null, 'the state given is not changed');
  const viaApply = rs.apply(s, { kind: 'resign', seat: 1 } as never, ctx);
  assert.ok(!isViolation(viaApply));
  assert.deepEqual(viaApply.state.result!.winners, [0]);
});

test('choices: the next field\'s values, labelled', () => {
  const k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']);
  const d = only(k.s);
  const c = rs.choices!(k.s, 0, d, null) as { field: string; oneOf: { value: unknown; label: string }[] };
  assert.equal(c.field, 'type');
  assert.deepEqual(c.oneOf, [{ value: 'end', label: 'end' }, { value: 'play', label: 'play' }], 'each value once');
  assert.deepEqual(rs.choices!(k.s, 0, d, { type: 'bid' }), { field: 'type', oneOf: [] }, 'nothing matches');
  // BOLSTER 3 takes a list of cards: lists labelled joined, the empty one "(none)".
  const b = rs.choices!(k.s, 0, d, { type: 'play', card: 'brk.supervisor', use: 'action', action: 0 }) as { field: string; oneOf: { value: unknown; label: string }[] };
  assert.equal(b.field, 'cards');
  assert.ok(b.oneOf.some((o) => Array.isArray(o.value) && o.value.length === 0 && o.label === '(none)'), JSON.stringify(b.oneOf.slice(0, 3)));
  const two = b.oneOf.find((o) => Array.isArray(o.value) && o.value.length === 2)!;
  assert.equal(two.label, (two.value as string[]).join(', '));
  // Done with an optional field still to give.
  const hunker = rs.choices!(k.s, 0, d, { type: 'play', card: 'brk.supervisor', use: 'hunker' });
  assert.deepEqual(hunker, { done: true });
  const card = rs.choices!(k.s, 0, d, { type: 'play', card: 'brk.nailgunner-c' }) as { field: string; oneOf: { value: unknown }[] };
  assert.equal(card.field, 'use');
});

test('queries: range, odds, reach; anything else null', () => {
  const k = turnOf(start(), 0, ['brk.nailgunner-c', 'brk.supervisor']);
  const v = rs.view(k.s, null);
  const one = rs.query!(v, 'odds', { from: 'C', target: 'lfa.scout-y' }) as { die: number; total: number; pHit: number };
  assert.ok(Math.abs(one.pHit - (one.die - one.total + 1) / one.die) < 1e-9, 'one die by default');
  const sure = rs.query!(v, 'odds', { from: 'C', target: 'lfa.scout-y', dice: 0 }) as { pHit: number };
  assert.equal(sure.pHit, 0, 'no dice, no hit');
  assert.deepEqual(rs.query!(v, 'reach', { unit: 'brk.nailgunner-c' }), ['C', 'S1', 'S2'], 'one step by default');
  assert.deepEqual(rs.query!(v, 'reach', { unit: 'brk.nailgunner-c', steps: 0 }), ['S1'], 'no step: where it stands');
  assert.deepEqual(rs.query!(rs.view(edit(k, (x) => { x.units['brk.nailgunner-c'].at = null; }).s, null), 'reach', { unit: 'brk.nailgunner-c' }), [], 'a unit off the map');
  assert.deepEqual(rs.query!(v, 'reach', { unit: 'nobody' }), [], 'no such unit');
  assert.deepEqual(rs.query!(v, 'reach', null), [], 'no arguments');
  assert.equal(rs.query!(v, 'weather', {}), null);
  // The chance is kept within 0..1 whatever the defence.
  const far = edit(k, (s) => { s.units['lfa.scout-y'].at = 'C'; }).s;
  const p = rs.query!(rs.view(far, null), 'odds', { from: 'C', target: 'lfa.scout-y', dice: 1 }) as { pHit: number; total: number; die: number };
  assert.ok(p.pHit >= 0 && p.pHit <= 1);
  assert.equal(p.pHit, Math.min(1, Math.max(0, (p.die - p.total + 1) / p.die)));
});

test('standing orders: casualty preferences and never pushing', () => {
  const v = rs.view(start().s, 1);
  const cas = { id: 'x', seat: 1, kind: 'casualty', blocking: true, timing: 'reaction' as const, context: [], exposes: {}, prompt: { options: ['lfa.commander-v', 'lfa.navigator-v', 'lfa.gunner-v'] } };
  const pushD = { ...cas, kind: 'pulse_push', prompt: undefined };
  assert.equal(rs.covers!(v, cas, { id: 'o', match: {}, rule: { prefer: [] } } as never), true);
  assert.equal(rs.covers!(v, cas, { id: 'o', match: {}, rule: { prefer: 'x' } } as never), false);
  assert.equal(rs.covers!(v, cas, { id: 'o', match: {} } as never), false);
  assert.equal(rs.covers!(v, pushD, { id: 'o', match: {}, rule: { push: 'never' } } as never), true);
  assert.equal(rs.covers!(v, pushD, { id: 'o', match: {}, rule: { push: 'always' } } as never), false);
  assert.equal(rs.covers!(v, { ...cas, kind: 'bid' }, { id: 'o', match: {}, rule: { prefer: [], push: 'never' } } as never), false);
  assert.deepEqual(rs.answer!(v, pushD, { id: 'o', match: {}, rule: { push: 'never' } } as never), { type: 'push', to: null });
  assert.deepEqual(rs.answer!(v, cas, { id: 'o', match: {}, rule: { prefer: ['lfa.scout-y'] } } as never), { type: 'casualty', card: 'lfa.gunner-v' }, 'no preferred card: the lowest initiative');
  assert.deepEqual(rs.answer!(v, cas, { id: 'o', match: {}, rule: {} } as never), { type: 'casualty', card: 'lfa.gunner-v' });
  assert.deepEqual(rs.answer!(v, cas, { id: 'o', match: {}, rule: { prefer: ['lfa.navigator-v', 'lfa.commander-v'] } } as never), { type: 'casualty', card: 'lfa.navigator-v' });
  assert.deepEqual(cas.prompt.options, ['lfa.commander-v', 'lfa.navigator-v', 'lfa.gunner-v'], 'the prompt is not reordered');
  assert.deepEqual(rs.answer!(v, { ...cas, prompt: undefined }, { id: 'o', match: {}, rule: { prefer: ['x'] } } as never), { type: 'casualty', card: undefined });
});

test('the ruleset\'s card: scenarios, options, seats', () => {
  assert.equal(rs.id, 'undaunted-callisto');
  assert.deepEqual(rs.players, { min: 2, max: 4 });
  const s1 = rs.scenarios.find((x) => x.id === 's1-by-force')!;
  const n = s1.notes as Record<string, unknown>;
  assert.equal(n.provisional, true);
  assert.equal(n.number, 1);
  assert.equal(typeof n.map, 'string');
  for (const sc of rs.scenarios) {
    const notes = sc.notes as { seats: string };
    if (Array.isArray(sc.players)) {
      assert.deepEqual(sc.players, sc.players.slice().sort(), `${sc.id}: players sorted`);
      assert.ok(sc.players.length > 1);
    } else assert.equal(typeof sc.players, 'number');
    const four = Array.isArray(sc.players) ? sc.players.includes(4) : sc.players === 4;
    assert.equal(notes.seats, four ? '4 players: 0 Breakers force 1, 1 LFA force 1, 2 Breakers force 2, 3 LFA force 2; 2 players: 0 Breakers, 1 LFA' : '0 Breakers, 1 LFA', sc.id);
  }
  assert.deepEqual((rs.optionsSchema as { properties: { roundCap: { default: number; minimum: number; maximum: number } } }).properties.roundCap, {
    type: 'integer', minimum: 1, maximum: 500, default: 30, description: 'service-level round cap: after it the faction with more objective points wins, else a draw',
  });
  assert.deepEqual(rs.botHints, { mcts: { rolloutDepth: 0 } });
  assert.deepEqual(Object.keys(rs.soloBots!), ['house-easy', 'house-normal', 'house-hard']);
  assert.equal(rs.soloBots!['house-easy'].official, false);
  assert.equal(rs.result(start().s), null);
});
