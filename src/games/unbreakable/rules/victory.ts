// Scenario victory (§4, §12): checked after every atomic event; the game stops at once.
import { CONTENT } from '../content.js';
import type { Result } from '../../../engine/types.js';
import type { Run, S, Side } from '../state.js';

function seatsOf(s: S, side: Side): number[] {
  const seat = s.seatOf[side];
  return seat === null ? [] : [seat];
}

export function finish(s: S, run: Run, r: Result): void {
  if (s.result) return;
  if (matchContinues(s)) {
    // Round 1 of the Industrial Wasteland match: held here, the next round is set up after this entry.
    s.result = r;
    run.all('round_over', { round: s.round, ...r });
    return;
  }
  if (s.scenario === 'industrial-wasteland' && s.options.rounds === 2 && s.round === 2) r = matchResult(s, r);
  s.result = r;
  run.all('game_over', r);
}

export const matchContinues = (s: S) => s.scenario === 'industrial-wasteland' && s.options.rounds === 2 && s.round === 1 && !s.resigned;

export function roundRecord(s: S, r: Result) {
  const yellow = s.seatOf.yellow!;
  return { yellow, completed: r.winners.includes(yellow), ts: s.tsTotal };
}

/** §4.3, A32, §12: fewer Time Stream draws as Yellow wins; a completed round beats a non-completed one; else a tie. */
function matchResult(s: S, r: Result): Result {
  const a = s.rounds[0];
  const b = roundRecord(s, r);
  const scores = { [`seat${a.yellow}TimeStreamDraws`]: a.completed ? a.ts : -1, [`seat${b.yellow}TimeStreamDraws`]: b.completed ? b.ts : -1 };
  if (a.completed && b.completed && a.ts !== b.ts) {
    const w = a.ts < b.ts ? a : b;
    return { winners: [w.yellow], draw: false, reason: `match: seat ${w.yellow} destroyed the industry after fewer Time Stream draws (${a.ts} vs ${b.ts})`, scores };
  }
  if (a.completed !== b.completed) {
    const w = a.completed ? a : b;
    return { winners: [w.yellow], draw: false, reason: `match: only seat ${w.yellow} completed its round as Yellow`, scores };
  }
  return { winners: [], draw: true, reason: 'match tied', scores };
}

const win = (s: S, side: Side, reason: string): Result => ({ winners: seatsOf(s, side), draw: false, reason });
const draw = (reason: string): Result => ({ winners: [], draw: true, reason });

function flagHex(s: S, id: string): string | null | 'gone' {
  const o = s.objects[id];
  if (!o || o.gone) return 'gone';
  return o.carriedBy ? s.units[o.carriedBy].at : o.at;
}

/** Every event calls this; it settles the result the first time a mission completes. */
export function checkVictory(s: S, run: Run): void {
  if (s.result || s.phase !== 'play') return;
  switch (s.scenario) {
    case 'special-delivery': {
      const c = Object.values(s.units).find((u) => u.side === 'yellow');
      if (c?.gone) finish(s, run, win(s, 'blue', `the Yellow crawler was stopped (${c.gone})`));
      return;
    }
    case 'retrieval': {
      const sat = s.objects.satellite;
      if (sat?.gone?.startsWith('exit:')) {
        const edge = sat.gone.slice(5);
        if (edge === 'north') finish(s, run, win(s, 'blue', 'Blue took the satellite off the north edge'));
        else if (edge === 'south') finish(s, run, win(s, 'yellow', 'Yellow took the satellite off the south edge'));
        else finish(s, run, draw('the satellite left the map by a non-scoring edge'));
      } else if (sat?.gone) finish(s, run, draw('the satellite was eliminated'));
      return;
    }
    case 'industrial-wasteland': {
      const left = Object.keys(CONTENT.terrain).filter((h) => CONTENT.terrain[h] === 'industry' && s.map[h].terrain === 'industry');
      if (left.length === 0) finish(s, run, { ...win(s, 'yellow', `Yellow destroyed the 4th industry hex after ${s.tsTotal} Time Stream draws`), scores: { timeStreamDraws: s.tsTotal } });
      return;
    }
    case 'runaway': {
      const rc = s.units.RC;
      if (rc?.gone?.startsWith('exit:') && s.runawayController) {
        const edge = rc.gone.slice(5);
        const own = s.runawayController === 'blue' ? 'north' : 'south';
        if (edge === own) finish(s, run, win(s, s.runawayController, `${s.runawayController} drove the reprogrammed runaway crawler off its own edge`));
        else finish(s, run, draw('the runaway crawler left the map by another edge'));
      } else if (rc?.gone) finish(s, run, draw(`the runaway crawler was eliminated (${rc.gone})`));
      return;
    }
    case 'capture-the-flag': {
      const b = flagHex(s, 'blueFlag');
      const y = flagHex(s, 'yellowFlag');
      if (b === 'gone' && y === 'gone') { finish(s, run, draw('both flags were lost')); return; }
      const yellowWins = b !== 'gone' && b !== null && CONTENT.south.has(b);
      const blueWins = y !== 'gone' && y !== null && CONTENT.north.has(y);
      if (yellowWins && blueWins) finish(s, run, draw('both flags crossed the fold at once'));
      else if (yellowWins) finish(s, run, win(s, 'yellow', 'the Blue flag is south of the fold'));
      else if (blueWins) finish(s, run, win(s, 'blue', 'the Yellow flag is north of the fold'));
      return;
    }
    case 'destroy-the-flag': {
      const b = s.objects.blueFlag?.gone;
      const y = s.objects.yellowFlag?.gone;
      if (b && y) finish(s, run, draw('both flags were destroyed'));
      else if (b) finish(s, run, win(s, 'yellow', 'the Blue flag was destroyed'));
      else if (y) finish(s, run, win(s, 'blue', 'the Yellow flag was destroyed'));
      return;
    }
  }
}

/** The optional turn cap (§12 resolution): a draw; Industrial Wasteland's round is then "not completed" (Blue held). */
export function turnCapResult(s: S): Result {
  if (s.scenario === 'industrial-wasteland') return { ...win(s, 'blue', `turn cap ${s.options.turnCap}: Yellow did not destroy all 4 industry hexes`) };
  return draw(`turn cap ${s.options.turnCap} reached`);
}
