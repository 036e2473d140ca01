// Advanced Setup step 1 (spec 3.3; L2227-2229: "Players can choose to use the Advanced Setup
// options ... that lets them choose which Units to use ... 1. Choose 3 Boards to play.";
// checklist #81): each Side with more than 3 boards to choose from (the mission's and the extra
// ones of data/setup-boards.json, provisional) chooses 3, by its first seat, sealed: a choice is
// hidden from the other Side until every choosing Side has chosen (commit-reveal as step 2), then
// both are applied at once: a board not chosen leaves the game with its units (its figure, its
// Ally, its Minions) and its Mayhem cards; an extra Squad board chosen comes in with empty Minion
// slots (step 3 fills them); an extra Elite board chosen comes in with its figure, off the map
// until step 4 places it, its Upgrades owned, its 3 Mayhem cards in the Side's deck, and its
// gadgets chosen in step 2. Runs before step 2 (gadgets for the Elite boards in play).
import { Type as T, type Static } from '@sinclair/typebox';
import { drawOne, newDeck } from '../../../engine/mech/deck.js';
import { violation, type Rng, type Violation } from '../../../engine/types.js';
import setupBoardsJson from '../data/setup-boards.json' with { type: 'json' };
import { CONTENT, checkDataFile, type Side } from '../content.js';
import { isElite, seatsOf, UPGRADES, type Board, type Frame, type S, type Unit } from '../state.js';
import { say, type Ev } from './board.js';
import { scrapBudget } from './gadgets.js';
import { MAYHEM } from './mayhem.js';
import { elitePlacementOrder } from './advanced-setup.js';

/** Boards chosen in step 1 (L2229). */
export const BOARDS_CHOSEN = 3;

const SetupBoardsFile = T.Object({
  provisional: T.Boolean(), note: T.String(),
  missions: T.Record(T.String(), T.Partial(T.Object({ MAYHEM: T.Array(T.String()), LEGION: T.Array(T.String()) }, { additionalProperties: false }))),
}, { additionalProperties: false });

/** Loads the extra boards: Elite or Squad boards of their Side (L2229), not the mission's own, in a mission with Scrap budgets (Advanced Setup). */
export function loadSetupBoards(raw: unknown): Record<string, Partial<Record<Side, string[]>>> {
  checkDataFile('setup-boards', SetupBoardsFile, raw);
  const f = raw as Static<typeof SetupBoardsFile>;
  for (const [id, sides] of Object.entries(f.missions)) {
    const m = CONTENT.missions[id];
    if (!m) throw new Error(`setup-boards: no mission ${id}`);
    if (!scrapBudget(id, 'MAYHEM')) throw new Error(`setup-boards: ${id} has no Scrap budget (no Advanced Setup)`);
    for (const [side, boards] of Object.entries(sides) as [Side, string[]][]) for (const b of boards) {
      // An Elite board brings its figure, and the loaders of data/mayhem.json, gadgets.json and upgrades.json require its 3 Mayhem cards, 2 Starting gadgets and Upgrades of every Elite.
      const board = CONTENT.squads[b] ?? CONTENT.elites[b];
      if (!board || board.side !== side) throw new Error(`setup-boards ${id}: ${b} is no ${side} Elite or Squad board`);
      if (m.sides[side].boards.some((x) => x.board === b)) throw new Error(`setup-boards ${id}: ${b} is already the mission's`);
      if (new Set(boards).size !== boards.length) throw new Error(`setup-boards ${id}: ${b} listed twice`);
    }
  }
  return f.missions;
}
const EXTRA = loadSetupBoards(setupBoardsJson);

/** The boards a Side may choose from: the mission's (in mission order), then the extra ones. */
export function boardPool(missionId: string, side: Side): string[] {
  return [...CONTENT.missions[missionId].sides[side].boards.map((b) => b.board), ...(EXTRA[missionId]?.[side] ?? [])];
}

/** Step 1 frames, on top of the other Advanced Setup steps: one per Side with more than 3 boards to choose from, MAYHEM's on top. */
export function boardChoiceFrames(s: S): Frame[] {
  return (['LEGION', 'MAYHEM'] as Side[]).flatMap((side) => (boardPool(s.mission, side).length > BOARDS_CHOSEN && seatsOf(s, side).length ? [{ t: 'chooseBoards' as const, seat: seatsOf(s, side)[0], side }] : []));
}

export function boardChoiceProblem(s: S, side: Side, boards: string[]): Violation | null {
  const pool = boardPool(s.mission, side);
  for (const b of boards) if (!pool.includes(b)) return violation('not_choosable', `${b} is not a board ${side} may choose in this mission`);
  if (new Set(boards).size !== boards.length) return violation('board_twice', 'each board once');
  if (boards.length !== BOARDS_CHOSEN) return violation('three_boards', `choose ${BOARDS_CHOSEN} boards (L2229)`);
  return null;
}

/** Every choice: the 3-board subsets of the pool (sorted). */
export function boardChoices(s: S, side: Side): string[][] {
  const pool = [...boardPool(s.mission, side)].sort();
  const out: string[][] = [];
  const go = (i: number, acc: string[]) => {
    if (acc.length === BOARDS_CHOSEN) { out.push(acc); return; }
    for (let k = i; k < pool.length; k++) go(k + 1, [...acc, pool[k]]);
  };
  go(0, []);
  return out;
}

/** Default: the mission's own boards when they are 3, else the first 3 of the pool. */
export function defaultBoards(s: S, side: Side): string[] {
  return boardPool(s.mission, side).slice(0, BOARDS_CHOSEN).sort();
}

/**
 * A Side commits its choice: an event to its own seats, the others learn only that it chose; when
 * no choosing Side is left, both are revealed and applied.
 */
export function commitBoards(s: S, f: Extract<Frame, { t: 'chooseBoards' }>, boards: string[], rng: Rng, ev: Ev, newBoard: (id: string, side: Side) => Board): void {
  s.stack.splice(s.stack.indexOf(f), 1);
  (s.boardChoice ??= {})[f.side] = [...boards].sort();
  ev.push({ type: 'boards_committed', to: { seats: seatsOf(s, f.side) }, data: { side: f.side, boards: [...boards].sort() }, others: { side: f.side } });
  if (s.stack.some((x) => x.t === 'chooseBoards')) return;
  const choice = s.boardChoice;
  delete s.boardChoice;
  for (const side of ['MAYHEM', 'LEGION'] as Side[]) {
    const chosen = choice[side];
    if (!chosen) continue;
    say(ev, 'boards_chosen', { side, boards: chosen });
    for (const b of Object.keys(s.boards).filter((x) => s.boards[x].side === side && !chosen.includes(x))) {
      const gone = Object.values(s.units).filter((u) => u.board === b).map((u) => u.id);
      for (const id of gone) delete s.units[id];
      delete s.boards[b];
      // Their Advanced Setup placements go with them.
      s.stack = s.stack.filter((x) => !((x.t === 'placeUnit' || x.t === 'placeAlly') && gone.includes(x.unit)));
      say(ev, 'board_left', { side, board: b, units: gone });
    }
    for (const b of chosen) {
      if (s.boards[b]) continue;
      s.boards[b] = newBoard(b, side);
      if (isElite(b)) s.units[b] = extraFigure(s, b, side);
    }
    // Step 4: the Elite figures in play are placed (the chosen extra one too, in the usual order).
    placeFigures(s);
    // A Side with no Squad board left buys no Minions (step 3).
    if (!Object.values(s.boards).some((x) => x.side === side && x.kind === 'squad')) s.stack = s.stack.filter((x) => !(x.t === 'buyMinions' && x.side === side));
    // Setup step D for the boards in play: 3 cards per Elite, 1 per Minion type (L2240), the hand drawn again (same size, hidden).
    if (s.mayhem) {
      const owners = new Set([...Object.keys(s.boards).filter((x) => s.boards[x].side === side && isElite(x)), ...Object.values(s.units).filter((u) => u.side === side && u.minion).map((u) => u.minion!)]);
      let deck = newDeck(Object.values(MAYHEM.cards).filter((c) => owners.has(c.unit)).map((c) => c.id));
      const hand: string[] = [];
      const r = rng.fork(`mayhem:${side}`);
      for (let i = 0; i < s.mayhem[side].hand.length; i++) { const d = drawOne(deck, r); deck = d.deck; if (d.card) hand.push(d.card); }
      s.mayhem[side] = { deck, hand };
    }
  }
}

/**
 * The figure of an extra Elite board chosen in step 1: off the map until step 4 places it; it faces
 * as the mission's first unit of its Side (the mission has no space for it); its owned Upgrades
 * (from a campaign) are on it; its gadgets come in step 2.
 */
function extraFigure(s: S, board: string, side: 'MAYHEM' | 'LEGION'): Unit {
  const m = CONTENT.missions[s.mission];
  const u: Unit = { id: board, board, minion: null, side, at: null, facing: m.sides[side].units[0]?.facing ?? 'N', downed: false, hits: 0, statuses: [], entry: null };
  const ups = (s.upgrades?.owned[board] ?? []).filter((x) => UPGRADES[x]);
  if (ups.length) u.upgrades = ups.slice();
  return u;
}

/** Rewrites the step-4 Elite placement frames for the figures now in play (rules/advanced-setup.ts order), where they stood on the stack. */
function placeFigures(s: S): void {
  const elite = (f: Frame) => (f.t === 'placeUnit' && !s.units[f.unit]?.minion) || f.t === 'placeAlly';
  const at = s.stack.findIndex(elite);
  const rest = s.stack.filter((f) => !elite(f));
  const figures = Object.values(s.units).filter((u) => !u.minion && !u.at && !u.entry && !u.downed);
  s.stack = [...rest.slice(0, Math.max(0, at)), ...elitePlacementOrder(s, figures), ...rest.slice(Math.max(0, at))];
}
