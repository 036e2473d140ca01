// A thread of `npm run ai:match -- --jobs N`: plays whole games with playGame and posts outcomes.
import { parentPort } from 'node:worker_threads';
import { getRuleset } from '../games/index.js';
import { mctsOverrides, type MctsTuning } from './bots.js';
import { playGame } from './match.js';

parentPort!.on('message', (m: { i: number; ruleset: string; tuning?: Partial<MctsTuning>; game: Omit<Parameters<typeof playGame>[1], never> }) => {
  try {
    if (m.tuning) Object.assign(mctsOverrides, m.tuning as Partial<MctsTuning>);
    const rs = getRuleset(m.ruleset);
    if (!rs) throw new Error(`no ruleset ${m.ruleset}`);
    parentPort!.postMessage({ i: m.i, ok: true, out: playGame(rs, m.game) });
  } catch (err) {
    parentPort!.postMessage({ i: m.i, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
