// A test-only ruleset of known length for the hash chain's tests: two seats take turns stepping
// a shared counter (one die roll per step, a public event); the entry that brings the counter to
// `target` (option, default 40) ends the game. Entry n leaves the counter at n.
import type { Ruleset } from '../../src/engine/types.js';
import { violation } from '../../src/engine/types.js';

export interface WalkState { total: number; target: number; last: number; extra?: number }
type A = { type: 'step' };

export const walk: Ruleset<WalkState, A, WalkState> = {
  id: 'test-walk', version: '1', title: 'Walk (test game)', players: { min: 2, max: 2 },
  scenarios: [{ id: 'standard', title: 'Standard', players: 2 }],
  optionsSchema: { type: 'object', properties: { target: { type: 'integer', minimum: 1 } }, additionalProperties: false },
  actionSchema: { type: 'object', properties: { type: { const: 'step' } }, required: ['type'], additionalProperties: false },
  setup: ({ options }) => ({ state: { total: 0, target: (options as { target?: number }).target ?? 40, last: 0 }, events: [{ type: 'begun', to: 'all', data: {} }] }),
  pending: (s) => (s.total >= s.target ? [] : [{ key: `t${s.total}`, seat: s.total % 2, kind: 'step', blocking: true, timing: 'turn', context: [], exposes: null }]),
  candidates: () => ({ actions: [{ type: 'step' }], all: true }),
  validate: (_s, _seat, _d, a) => (a?.type === 'step' ? null : violation('bad', 'step')),
  apply: (s, e, ctx) => {
    if (e.kind !== 'answer' && e.kind !== 'default') return violation('unsupported', 'answers only');
    const d = ctx.rng.fork('dice').int(6) + 1;
    return { state: { ...s, total: s.total + 1, last: d }, events: [{ type: 'stepped', to: 'all', data: { total: s.total + 1, d } }] };
  },
  defaultAction: () => ({ type: 'step' }),
  view: (s) => s,
  result: (s) => (s.total >= s.target ? { winners: [(s.total - 1) % 2], draw: false, reason: 'target' } : null),
};

/**
 * Another version of walk whose states differ from entry `from` on (a field no event shows), or
 * with `events: true` whose events differ from there: what a changed ruleset does to a replay.
 */
export function walkDiverging(from: number, version: string, how: { events?: boolean } = {}): Ruleset<WalkState, A, WalkState> {
  return {
    ...walk, version,
    apply(s, e, ctx) {
      const r = walk.apply(s, e, ctx);
      if (!('state' in r) || r.state.total < from) return r;
      if (how.events) return { ...r, events: [...r.events, { type: 'extra', to: 'all', data: {} }] };
      return { ...r, state: { ...r.state, extra: 1 } };
    },
  };
}
