// The reference for the engine benchmark: the kernel's test game Duel (tests/support/duel.ts)
// written for boardgame.io 0.50, played through boardgame.io's own reducer
// (CreateGameReducer + InitializeGame, the code its Master runs per move) with random legal
// moves from `ai.enumerate`, as boardgame.io's RandomBot/Simulate do. Bench-only code.
//
// Same rules: 3 secret cards each from 1..9 x2; both bid a card in secret each round (here:
// simultaneous active players in a `bid` stage); the higher bid scores 1 and rolls a d6 (a 6
// scores 1 more); the loser (seat 0 on a tie) draws a card or passes. First to 4 wins; a seat
// out of cards at a bid ends the game on score.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The CJS builds: boardgame.io's ESM entry points are not loadable by Node directly.
const { CreateGameReducer, InitializeGame } = require('boardgame.io/dist/cjs/internal.js') as {
  CreateGameReducer: (o: { game: unknown }) => (state: BgState, action: unknown) => BgState;
  InitializeGame: (o: { game: unknown; numPlayers: number }) => BgState;
};
const { INVALID_MOVE } = require('boardgame.io/dist/cjs/core.js') as { INVALID_MOVE: string };

export interface G {
  round: number;
  phase: 'bid' | 'choose';
  chooser: string;
  scores: number[];
  hands: number[][];
  deck: number[];
  discard: number[];
  bids: Record<string, number>;
}

export interface BgState {
  G: G;
  ctx: { gameover?: unknown; activePlayers: Record<string, string> | null; currentPlayer: string };
  [k: string]: unknown;
}

interface MoveCtx {
  G: G;
  playerID: string;
  random: { Die(n: number): number; D6(): number; Shuffle<T>(xs: T[]): T[] };
  events: { setActivePlayers(a: unknown): void };
}

const deckCards = () => [1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9];

function result(G: G): { winner?: string; draw?: boolean } | undefined {
  const w = G.scores.findIndex((x) => x >= 4);
  if (w >= 0) return { winner: String(w) };
  if (G.phase === 'bid' && G.hands.some((h) => h.length === 0)) {
    if (G.scores[0] === G.scores[1]) return { draw: true };
    return { winner: G.scores[0] > G.scores[1] ? '0' : '1' };
  }
  return undefined;
}

function drawCard(G: G, random: MoveCtx['random']): number | null {
  if (G.deck.length === 0 && G.discard.length) {
    G.deck = G.discard.slice().sort((a, b) => a - b);
    G.discard = [];
  }
  if (!G.deck.length) return null;
  const i = random.Die(G.deck.length) - 1;
  return G.deck.splice(i, 1)[0];
}

export function bgioDuel(seed: string) {
  return {
    name: 'duel-bgio',
    seed,
    setup: ({ random }: { random: MoveCtx['random'] }): G => {
      const G: G = { round: 1, phase: 'bid', chooser: '0', scores: [0, 0], hands: [[], []], deck: deckCards().sort((a, b) => a - b), discard: [], bids: {} };
      for (const h of G.hands) {
        for (let i = 0; i < 3; i++) h.push(drawCard(G, random)!);
        h.sort((a, b) => a - b);
      }
      return G;
    },
    turn: {
      activePlayers: { all: 'bid' },
      stages: {
        bid: {
          moves: {
            bid: ({ G, playerID, random, events }: MoveCtx, card: number) => {
              if (G.phase !== 'bid' || G.bids[playerID] !== undefined || !G.hands[+playerID].includes(card)) return INVALID_MOVE;
              G.bids[playerID] = card;
              if (Object.keys(G.bids).length < 2) return;
              const bids = [G.bids['0'], G.bids['1']];
              for (const seat of [0, 1]) G.hands[seat].splice(G.hands[seat].indexOf(bids[seat]), 1);
              G.discard.push(...bids);
              if (bids[0] !== bids[1]) {
                const w = bids[0] > bids[1] ? 0 : 1;
                G.scores[w]++;
                if (random.D6() === 6) G.scores[w]++;
                G.chooser = String(1 - w);
              } else G.chooser = '0';
              G.bids = {};
              G.phase = 'choose';
              if (!result(G)) events.setActivePlayers({ value: { [G.chooser]: 'choose' } });
            },
          },
        },
        choose: {
          moves: {
            draw: ({ G, playerID, random, events }: MoveCtx) => {
              if (G.phase !== 'choose' || playerID !== G.chooser) return INVALID_MOVE;
              const c = drawCard(G, random);
              if (c !== null) {
                G.hands[+playerID].push(c);
                G.hands[+playerID].sort((a, b) => a - b);
              }
              G.phase = 'bid';
              G.round++;
              events.setActivePlayers({ all: 'bid' });
            },
            pass: ({ G, playerID, events }: MoveCtx) => {
              if (G.phase !== 'choose' || playerID !== G.chooser) return INVALID_MOVE;
              G.phase = 'bid';
              G.round++;
              events.setActivePlayers({ all: 'bid' });
            },
          },
        },
      },
    },
    endIf: ({ G }: { G: G }) => result(G),
    ai: {
      enumerate: (G: G, _ctx: unknown, playerID: string) => {
        if (G.phase === 'bid') {
          if (G.bids[playerID] !== undefined) return [];
          return [...new Set(G.hands[+playerID])].map((card) => ({ move: 'bid', args: [card] }));
        }
        return playerID === G.chooser ? [{ move: 'draw' }, { move: 'pass' }] : [];
      },
    },
  };
}

/** A small fast PRNG for picking moves (the same kind of pick for both engines). */
export function pickRng(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s % n;
  };
}

export interface BgioRun { games: number; moves: number; invalid: number }

/** Plays random legal games through boardgame.io's reducer until `ms` have passed. */
export function runBgio(ms: number, seedBase = 1, maxGames = Infinity): BgioRun {
  const pick = pickRng(seedBase * 7919);
  const out: BgioRun = { games: 0, moves: 0, invalid: 0 };
  const t0 = performance.now();
  while (out.games < maxGames && (maxGames !== Infinity || performance.now() - t0 < ms)) {
    const game = bgioDuel(`bgio-${seedBase}-${out.games}`);
    const reducer = CreateGameReducer({ game });
    let state = InitializeGame({ game, numPlayers: 2 });
    for (let guard = 0; !state.ctx.gameover && guard < 1000; guard++) {
      const active = state.ctx.activePlayers ? Object.keys(state.ctx.activePlayers) : [state.ctx.currentPlayer];
      const options = active.map((pid) => ({ pid, moves: game.ai.enumerate(state.G, state.ctx, pid) })).filter((o) => o.moves.length);
      if (!options.length) throw new Error(`bgio duel: nobody can move (round ${state.G.round})`);
      const o = options[pick(options.length)];
      const m = o.moves[pick(o.moves.length)] as { move: string; args?: unknown[] };
      const next = reducer(state, { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args ?? [], playerID: o.pid } });
      if (next === state || (next as { _stateID?: number })._stateID === (state as { _stateID?: number })._stateID) out.invalid++;
      state = next;
      out.moves++;
    }
    out.games++;
  }
  return out;
}
