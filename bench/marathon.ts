// A bench-only ruleset whose games last as long as the benchmark needs (no registered game
// reaches 10,000 actions): two sides of 6 units on a 12x12 grid take turns; a turn is one
// action (move a unit one square, or attack an adjacent enemy: d6, 4+ destroys it and it
// returns to its side's home row). It ends only at `options.turns` (default: never, in practice).
// State is a few KB of JSON like a real game's; apply draws from the entry's Rng like one.
import { rollDie, rollEvent } from '../src/engine/mech/dice.js';
import type { OpenDecision, Ruleset, Violation } from '../src/engine/types.js';
import { violation } from '../src/engine/types.js';

interface Unit { id: string; side: number; x: number; y: number; kills: number; moved: number }
export interface MarathonState { turn: number; active: number; limit: number; units: Unit[]; score: number[]; log: string[] }
type Action = { type: 'move'; unit: string; x: number; y: number } | { type: 'attack'; unit: string; target: string };

const N = 12;
const key = (s: MarathonState) => `turn:${s.turn}`;

function occupied(s: MarathonState, x: number, y: number) {
  return s.units.some((u) => u.x === x && u.y === y);
}

function legal(s: MarathonState): Action[] {
  const out: Action[] = [];
  for (const u of s.units) {
    if (u.side !== s.active) continue;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const x = u.x + dx, y = u.y + dy;
      if (x < 0 || y < 0 || x >= N || y >= N) continue;
      const t = s.units.find((v) => v.x === x && v.y === y);
      if (!t) out.push({ type: 'move', unit: u.id, x, y });
      else if (t.side !== u.side) out.push({ type: 'attack', unit: u.id, target: t.id });
    }
  }
  return out;
}

function check(s: MarathonState, a: Action): Violation | null {
  if (!a || (a.type !== 'move' && a.type !== 'attack')) return violation('wrong_action', 'move or attack');
  if (!legal(s).some((b) => JSON.stringify(b) === JSON.stringify(a))) return violation('illegal', 'not a legal move');
  return null;
}

export const marathon: Ruleset<MarathonState, Action, unknown> = {
  id: 'bench-marathon',
  version: '1',
  title: 'Marathon (bench-only)',
  players: { min: 2, max: 2 },
  scenarios: [{ id: 'standard', title: 'Standard', players: 2 }],
  optionsSchema: { type: 'object', properties: { turns: { type: 'integer', minimum: 1 } }, additionalProperties: false },

  setup({ options }) {
    const units: Unit[] = [];
    for (let side = 0; side < 2; side++) {
      for (let i = 0; i < 6; i++) units.push({ id: `${side}.${i}`, side, x: 1 + 2 * i, y: side ? N - 1 : 0, kills: 0, moved: 0 });
    }
    const limit = (options as { turns?: number }).turns ?? 1_000_000_000;
    return { state: { turn: 1, active: 0, limit, units, score: [0, 0], log: [] }, events: [{ type: 'started', to: 'all', data: { units: units.length } }] };
  },

  pending(s): OpenDecision[] {
    if (s.turn > s.limit) return [];
    return [{ key: key(s), seat: s.active, kind: 'act', blocking: true, timing: 'turn', context: [key(s)], exposes: null }];
  },

  candidates(s) {
    return { actions: legal(s), all: true };
  },

  validate(s, seat, _dec, a) {
    if (seat !== s.active) return violation('not_your_turn', 'not your turn');
    return check(s, a);
  },

  apply(s, e, ctx) {
    if (e.kind !== 'answer' && e.kind !== 'default') return violation('unsupported', 'answers only');
    const a = e.action;
    const v = check(s, a);
    if (v) return v;
    const n: MarathonState = { ...s, units: s.units.map((u) => ({ ...u })), score: s.score.slice(), log: s.log.slice(-15) };
    const u = n.units.find((x) => x.id === a.unit)!;
    const events = [];
    if (a.type === 'move') {
      u.x = a.x; u.y = a.y; u.moved++;
      events.push({ type: 'moved', to: 'all' as const, data: { unit: u.id, x: a.x, y: a.y } });
    } else {
      const t = n.units.find((x) => x.id === a.target)!;
      const d = rollDie(ctx.rng.fork('dice'), 6);
      events.push(rollEvent('attack', [d], { unit: u.id, target: t.id }));
      if (d >= 4) {
        u.kills++;
        n.score[u.side]++;
        const home = t.side ? N - 1 : 0;
        let x = 0;
        while (occupied(n, x, home) && x < N - 1) x++;
        t.x = x; t.y = home;
        events.push({ type: 'destroyed', to: 'all' as const, data: { target: t.id } });
      }
    }
    n.log.push(`${n.turn}:${a.type}:${a.unit}`);
    n.turn++;
    n.active = 1 - n.active;
    return { state: n, events };
  },

  defaultAction(s) {
    return legal(s)[0];
  },

  view(s) {
    return s;
  },

  result(s) {
    if (s.turn <= s.limit) return null;
    const [a, b] = s.score;
    return a === b ? { winners: [], draw: true, reason: 'turns' } : { winners: [a > b ? 0 : 1], draw: false, reason: 'turns' };
  },
};
