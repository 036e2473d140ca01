// The engines' floor: a game with no rules to speak of ("Counter": two seats alternate adding
// 1 or 2 to a shared total; the one who reaches 20 wins; one die roll per move so the RNG path
// runs), in both engines, to show each engine's own cost per move without a game's logic.
import { createRequire } from 'node:module';
import type { Ruleset } from '../../src/engine/types.js';
import { violation } from '../../src/engine/types.js';
import { pickRng } from './bgio-duel.js';

interface C { total: number; turn: number; last: number }
type A = { type: 'add'; n: 1 | 2 };

export const counter: Ruleset<C, A, C> = {
  id: 'bench-counter', version: '1', title: 'Counter (bench floor)', players: { min: 2, max: 2 },
  scenarios: [{ id: 'standard', title: 'Standard', players: 2 }], optionsSchema: { type: 'object' },
  setup: () => ({ state: { total: 0, turn: 0, last: 0 }, events: [] }),
  pending: (s) => (s.total >= 20 ? [] : [{ key: `t${s.turn}`, seat: s.turn % 2, kind: 'add', blocking: true, timing: 'turn', context: [], exposes: null }]),
  candidates: () => ({ actions: [{ type: 'add', n: 1 }, { type: 'add', n: 2 }], all: true }),
  validate: (_s, _seat, _d, a) => (a?.type === 'add' && (a.n === 1 || a.n === 2) ? null : violation('bad', 'add 1 or 2')),
  apply: (s, e, ctx) => {
    if (e.kind !== 'answer') return violation('unsupported', 'answers only');
    const d = ctx.rng.fork('dice').int(6) + 1;
    return { state: { total: s.total + e.action.n, turn: s.turn + 1, last: d }, events: [{ type: 'added', to: 'all', data: { n: e.action.n, d } }] };
  },
  defaultAction: () => ({ type: 'add', n: 1 }),
  view: (s) => s,
  result: (s) => (s.total >= 20 ? { winners: [(s.turn - 1) % 2], draw: false, reason: 'twenty' } : null),
};

const require = createRequire(import.meta.url);
const { CreateGameReducer, InitializeGame } = require('boardgame.io/dist/cjs/internal.js') as {
  CreateGameReducer: (o: { game: unknown }) => (state: any, action: unknown) => any;
  InitializeGame: (o: { game: unknown; numPlayers: number }) => any;
};

function bgioCounter(seed: string) {
  return {
    name: 'counter-bgio', seed,
    setup: () => ({ total: 0, last: 0 }),
    moves: {
      add: ({ G, random, events }: { G: { total: number; last: number }; random: { D6(): number }; events: { endTurn(): void } }, n: number) => {
        G.total += n;
        G.last = random.D6();
        events.endTurn();
      },
    },
    endIf: ({ G, ctx }: { G: { total: number }; ctx: { currentPlayer: string } }) => (G.total >= 20 ? { winner: ctx.currentPlayer } : undefined),
    ai: { enumerate: () => [{ move: 'add', args: [1] }, { move: 'add', args: [2] }] },
  };
}

export function runBgioCounter(seedBase: number): { games: number; moves: number } {
  const pick = pickRng(seedBase * 31337);
  const game = bgioCounter(`c-${seedBase}`);
  const reducer = CreateGameReducer({ game });
  let state = InitializeGame({ game, numPlayers: 2 });
  let moves = 0;
  while (!state.ctx.gameover && moves < 100) {
    const ms = game.ai.enumerate();
    const m = ms[pick(ms.length)];
    state = reducer(state, { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: state.ctx.currentPlayer } });
    moves++;
  }
  return { games: 1, moves };
}
