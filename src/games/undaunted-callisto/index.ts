// Undaunted 2200: Callisto as a skyeye ruleset (spec: shared/rules/undaunted-callisto.md).
// Decks and hands, a sealed simultaneous initiative bid, a graph map with elevation, and
// the defender choosing casualty cards during the attacker's turn.
import { actionSchema } from './action-schema.js';
import { render } from './render.js';
import type { Choice, Decision, Entry, OpenDecision, PublicDecision, Result, Rng, Ruleset, Seat, StandingOrder, Step, Violation } from '../../engine/types.js';
import { reach } from '../../engine/mech/graph.js';
import { canEnter, defenceOf, moveGraph, rangeBetween } from './geometry.js';
import { violation } from '../../engine/types.js';
import { CONTENT, FACTIONS } from './content.js';
import {
  applyBids, applyPlay, casualtyOptions, doPush, endTurnAction, finishGame, playCandidates, pushOptions, Run, settle,
  setupState, takeCasualty, validatePlay, type Action, type PlayAction,
} from './rules.js';
import { card, factionSeats, other, sortIds, unitDef, type Frame, type S } from './state.js';
import { copyJson } from '../../engine/mech/json.js';
import { determinizeView, viewOf, type View } from './view.js';
import { evaluate } from './evaluate.js';
import { undauntedPosition } from './position.js';
import { callistoScenarioData } from './scenario-data.js';
import { describe, label } from './describe.js';
import { houseBot, type Level } from './bot.js';

/** A house bot level; `houseBot` is reached at call time (bot.ts imports this module). */
function house(level: Level) {
  return { official: false, act: (v: View, d: Decision, rng: Rng) => houseBot(level).act(v, d, rng) };
}

export type { Action, PlayAction, S, View };
export { evaluate };

type Casualty = Extract<Frame, { t: 'casualty' }>;
type Push = Extract<Frame, { t: 'push' }>;
type Area = Extract<Frame, { t: 'area' }>;

function pending(s: S): OpenDecision[] {
  if (s.result) return [];
  const ctx = [`round:${s.round}`];
  const top = s.stack[s.stack.length - 1];
  if (top) {
    if (top.t === 'casualty') {
      return [{
        key: `cas:${top.id}`, seat: top.seat, kind: 'casualty', blocking: true, timing: 'reaction', context: [...ctx, `attack:${top.id}`],
        exposes: { unit: top.unit, zone: top.zone, attacker: top.by }, prompt: { options: casualtyOptions(s, top) },
      }];
    }
    if (top.t === 'push') {
      return [{
        key: `push:${top.id}`, seat: top.seat, kind: 'pulse_push', blocking: true, timing: 'turn', context: [...ctx, `attack:${top.id}`],
        exposes: { unit: top.unit, options: pushOptions(s, top) },
      }];
    }
    if (top.t === 'area') {
      return [{
        key: `area:${top.c.id}:${top.remaining.length}`, seat: top.c.seat, kind: 'area_target', blocking: true, timing: 'turn',
        context: [...ctx, `attack:${top.c.id}`], exposes: { remaining: top.remaining },
      }];
    }
    return [];
  }
  if (s.phase === 'bid') {
    return s.bidders.map((seat) => ({
      key: `bid:${s.round}:${seat}`, seat, kind: 'bid', blocking: true, timing: 'sealed' as const, context: ctx,
      group: { id: `bid:${s.round}`, mode: 'sealed' as const }, exposes: { round: s.round },
    }));
  }
  const seat = s.order[s.turn];
  return [{
    key: `turn:${s.round}:${s.turn}:${s.plays}`, seat, kind: 'turn', blocking: true, timing: 'turn',
    context: [...ctx, `turn:${s.round}.${s.turn}`], exposes: { round: s.round, plays: s.plays },
  }];
}

/** The frame behind a casualty / push / area decision: always the top of the stack (one decision at a time). */
function frameFor(s: S, _dec: OpenDecision): Frame | null {
  return s.stack[s.stack.length - 1] ?? null;
}

function validate(s: S, seat: Seat, dec: OpenDecision, a: Action): Violation | null {
  if (dec.seat !== seat) return violation('not_your_decision', `decision belongs to seat ${dec.seat}`);
  const live = pending(s).find((d) => d.key === dec.key);
  if (!live) return violation('decision_not_open', 'that decision is not open');
  switch (dec.kind) {
    case 'bid':
      if (a.type !== 'bid') return violation('wrong_action', 'answer a bid with {type:"bid", card}');
      if (typeof a.card !== 'string' || !s.seats[seat].hand.includes(a.card)) return violation('not_in_hand', 'bid a card from your hand');
      return null;
    case 'turn':
      if (a.type === 'end') return Object.keys(a).length === 1 ? null : violation('unknown_field', 'end takes no fields');
      if (a.type !== 'play') return violation('wrong_action', 'play a card or end the turn');
      return validatePlay(s, seat, a);
    case 'casualty': {
      if (a.type !== 'casualty') return violation('wrong_action', 'choose a casualty card');
      const f = frameFor(s, dec) as Casualty;
      if (!casualtyOptions(s, f).includes(a.card)) return violation('not_a_candidate', `choose one of the matching cards in your ${f.zone}`);
      return null;
    }
    case 'pulse_push': {
      if (a.type !== 'push') return violation('wrong_action', 'answer with {type:"push", to}');
      const f = frameFor(s, dec) as Push;
      if (a.to !== null && !pushOptions(s, f).includes(a.to)) return violation('bad_push', 'push into an adjacent enterable space scouted or controlled by the target\'s owner, or null');
      return null;
    }
    case 'area_target': {
      if (a.type !== 'target') return violation('wrong_action', 'answer with {type:"target", target}');
      const f = frameFor(s, dec) as Area;
      if (!f.remaining.includes(a.target)) return violation('not_a_candidate', 'choose one of the remaining targets');
      return null;
    }
  }
  return violation('unknown_decision', dec.kind);
}

function candidates(s: S, seat: Seat, dec: OpenDecision): { actions: Action[]; all: boolean } {
  if (dec.seat !== seat) return { actions: [], all: true };
  switch (dec.kind) {
    case 'bid': return { actions: [...new Set(s.seats[seat].hand)].sort().map((c) => ({ type: 'bid', card: c })), all: true };
    case 'turn': return { actions: [{ type: 'end' }, ...playCandidates(s, seat)], all: true };
    case 'casualty': return { actions: casualtyOptions(s, frameFor(s, dec) as Casualty).map((c) => ({ type: 'casualty', card: c })), all: true };
    case 'pulse_push': return { actions: [{ type: 'push', to: null }, ...pushOptions(s, frameFor(s, dec) as Push).map((to) => ({ type: 'push' as const, to }))], all: true };
    case 'area_target': return { actions: (frameFor(s, dec) as Area).remaining.map((t) => ({ type: 'target', target: t })), all: true };
  }
  return { actions: [], all: true };
}

const byInitiative = (a: string, b: string) => card(a).initiative - card(b).initiative || (a < b ? -1 : a > b ? 1 : 0);

function defaultAction(s: S, dec: OpenDecision): Action {
  switch (dec.kind) {
    case 'bid': return { type: 'bid', card: s.seats[dec.seat].hand.slice().sort(byInitiative)[0] };
    case 'casualty': return { type: 'casualty', card: casualtyOptions(s, frameFor(s, dec) as Casualty).sort(byInitiative)[0] };
    case 'pulse_push': return { type: 'push', to: null };
    case 'area_target': return { type: 'target', target: (frameFor(s, dec) as Area).remaining[0] };
    default: return { type: 'end' };
  }
}

function apply(s0: S, e: Entry<Action>, ctx: { seq: number; rng: Rng }): Step<S> | Violation {
  const s = copyJson(s0);
  const run = new Run(ctx.rng);
  if (e.kind === 'resign') return resign(s0, e.seat, ctx);
  if (e.kind === 'sealed') {
    const decs = pending(s).filter((d) => d.group?.id === e.group);
    if (!decs.length) return violation('group_not_open', e.group);
    for (const d of decs) {
      const a = e.commits[d.seat];
      if (!a) return violation('commit_missing', `seat ${d.seat}`);
      const v = validate(s, d.seat, d, a);
      if (v) return v;
    }
    applyBids(s, e.commits as Record<Seat, { card: string }>, run);
    settle(s, run);
    return { state: s, events: run.ev };
  }
  // Outside the sealed bid exactly one decision is open at a time.
  const decs = pending(s).filter((d) => !d.group);
  if (decs.length !== 1) return violation('decision_not_open', 'no open decision for this entry');
  const d = decs[0];
  if (e.kind === 'answer' && e.seat !== d.seat) return violation('not_your_decision', `decision belongs to seat ${d.seat}`);
  const seat = d.seat;
  const v = validate(s, seat, d, e.action);
  if (v) return v;
  const a = e.action;
  switch (a.type) {
    case 'end': endTurnAction(s, run); break;
    case 'play': applyPlay(s, seat, a, run); break;
    case 'casualty': { const f = s.stack.pop() as Casualty; takeCasualty(s, f, a.card, run); break; }
    case 'push': { const f = s.stack.pop() as Push; doPush(s, f, a.to, run); break; }
    case 'target': {
      const f = s.stack[s.stack.length - 1] as Area;
      f.remaining = f.remaining.filter((t) => t !== a.target);
      s.stack.push({ t: 'strike', c: f.c, target: a.target });
      break;
    }
    default: return violation('wrong_action', 'unexpected action');
  }
  settle(s, run);
  return { state: s, events: run.ev };
}

function resign(s0: S, seat: Seat, _ctx: { seq: number; rng: Rng }): Step<S> {
  const s = copyJson(s0);
  const run = new Run(null);
  const loser = s.seats[seat].faction;
  finishGame(s, run, { winners: factionSeats(s, other(loser)), draw: false, reason: `resignation by seat ${seat} (${loser})` });
  return { state: s, events: run.ev };
}

// ---------------------------------------------------------------- choices, query, standing orders

const FIELD_ORDER = ['type', 'card', 'use', 'action', 'spawn', 'to', 'passengers', 'path', 'unit', 'cards', 'from', 'count', 'seat', 'spaces', 'recon', 'target', 'space', 'door'];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Field-by-field disclosure of the legal set (clients, Discord buttons), in FIELD_ORDER. */
function choices(s: S, seat: Seat, dec: OpenDecision, partial: unknown): Choice {
  const p = (partial ?? {}) as Record<string, unknown>;
  const all = candidates(s, seat, dec).actions as unknown as Record<string, unknown>[];
  const match = all.filter((a) => Object.entries(p).every(([k, v]) => same(a[k], v)));
  const exact = match.some((a) => Object.keys(a).length === Object.keys(p).length);
  const field = FIELD_ORDER.find((f) => !(f in p) && match.some((a) => f in a));
  const next: Choice | undefined = field ? {
    field,
    oneOf: [...new Map(match.filter((a) => field in a).map((a) => [JSON.stringify(a[field]), a[field]])).values()]
      .map((value) => ({ value, label: Array.isArray(value) ? (value.length ? value.join(', ') : '(none)') : String(value) })),
  } : undefined;
  if (exact) return next ? { done: true, optional: next } : { done: true };
  return next ?? { field: 'type', oneOf: [] };
}

/** Exact facts from a view: 'odds' {from, target, dice}, 'range' {from, to}, 'reach' {unit, steps}. */
function query(v: View, name: string, args: unknown): unknown {
  const s = v as unknown as S; // geometry reads public fields only
  const a = (args ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'range': return rangeBetween(s, String(a.from), String(a.to));
    case 'odds': {
      const d = defenceOf(s, String(a.from), String(a.target));
      const p = Math.min(1, Math.max(0, (d.die - d.total + 1) / d.die));
      const dice = Number(a.dice ?? 1);
      return { ...d, pHit: 1 - (1 - p) ** dice };
    }
    case 'reach': {
      const u = s.units[String(a.unit)];
      if (!u?.at) return [];
      const cls = unitDef(u.id).class;
      return reach(moveGraph(s), u.at, Number(a.steps ?? 1), (n) => canEnter(s, n, cls, unitDef(u.id).faction));
    }
  }
  return null;
}

const ordersSchema = {
  type: 'object',
  description: 'rules for standing orders: casualty preferences and PULSE pushes',
  properties: {
    prefer: { type: 'array', items: { type: 'string' }, description: 'casualty: give up the first of these cards that is a candidate, else the lowest initiative' },
    push: { enum: ['never'], description: 'pulse_push: never push' },
  },
};

function covers(_pub: View, d: PublicDecision, o: StandingOrder): boolean {
  const r = (o.rule ?? {}) as { prefer?: unknown; push?: unknown };
  if (d.kind === 'casualty') return Array.isArray(r.prefer);
  if (d.kind === 'pulse_push') return r.push === 'never';
  return false;
}

function answer(_own: View, d: Decision, o: StandingOrder): Action {
  if (d.kind === 'pulse_push') return { type: 'push', to: null };
  const options = ((d.prompt as { options?: string[] })?.options ?? []).slice();
  const prefer = ((o.rule as { prefer?: string[] }).prefer ?? []);
  const pick = prefer.find((c) => options.includes(c)) ?? options.sort(byInitiative)[0];
  return { type: 'casualty', card: pick };
}

export const undauntedCallisto: Ruleset<S, Action, View> = {
  id: 'undaunted-callisto',
  version: '0.1.0',
  title: 'Undaunted 2200: Callisto',
  actionSchema,
  players: { min: 2, max: 4 },
  scenarios: CONTENT.scenarioList.map((sc) => ({
    id: sc.id, title: sc.title, players: sc.players.length === 1 ? sc.players[0] : sc.players.slice().sort(),
    notes: {
      number: sc.number, map: sc.map, provisional: CONTENT.provisional, startingInitiative: sc.initiative, modules: sc.modules,
      specialRules: sc.rules, victory: { breakers: sc.factions.breakers.victory, lfa: sc.factions.lfa.victory },
      seats: sc.players.includes(4) ? '4 players: 0 Breakers force 1, 1 LFA force 1, 2 Breakers force 2, 3 LFA force 2; 2 players: 0 Breakers, 1 LFA' : '0 Breakers, 1 LFA',
    },
  })),
  optionsSchema: {
    type: 'object', additionalProperties: false,
    properties: { roundCap: { type: 'integer', minimum: 1, maximum: 500, default: 30, description: 'service-level round cap: after it the faction with more objective points wins, else a draw' } },
  },
  setup(p, ctx) {
    const r = setupState(p, ctx.rng);
    if ('code' in r) return r;
    return { state: r.s, events: r.ev };
  },
  pending,
  candidates: (s, seat, dec) => candidates(s, seat, dec),
  validate: (s, seat, dec, a) => {
    if (typeof a !== 'object' || a === null || typeof (a as { type?: unknown }).type !== 'string') return violation('malformed_action', 'an action is an object with a string type');
    return validate(s, seat, dec, a);
  },
  apply,
  defaultAction,
  view: viewOf,
  render,
  result: (s): Result | null => s.result,
  determinize: (v, _seat, rng) => determinizeView(v, rng),
  position: undauntedPosition,
  choices,
  query,
  scenarioData: callistoScenarioData,
  label,
  describe,
  ordersSchema,
  covers,
  answer,
  evaluate,
  resign,
  // Card play here swings on one roll; long random rollouts drown evaluate's signal
  // (measured: rollout 25 lost to greedy 2 of 10, rollout 0 won 8 of 10; docs/AI.md).
  botHints: { mcts: { rolloutDepth: 0 } },
  // Checklist #60 #66: the interim house bot (not the Solo Book's procedure) as AI levels.
  soloBots: {
    'house-easy': house('easy'),
    'house-normal': house('normal'),
    'house-hard': house('hard'),
  },
};

export { FACTIONS, sortIds };
