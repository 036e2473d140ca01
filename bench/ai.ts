// Section 5: AI. Measures what src/ai offers when it exists (MCTS iterations/s per ruleset and
// decision time per level); otherwise says so.
import { existsSync, readdirSync } from 'node:fs';
import { type Args, heading, warn } from './lib/common.js';

export async function aiBench(_a: Args) {
  heading('5. AI: MCTS iterations/s and decision time per level');
  if (!existsSync('src/ai') || !readdirSync('src/ai').some((f) => f.endsWith('.ts'))) {
    warn('src/ai does not exist yet in this checkout: nothing to measure (the bots are being written).');
    return null;
  }
  warn(`src/ai exists (${readdirSync('src/ai').join(', ')}) but this bench does not drive it yet.`);
  return null;
}
