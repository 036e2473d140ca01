// A bot thread: runs the search off the API's event loop. Receives BotInputs (views only),
// answers BotOutputs. Loads src/games and any extra ruleset modules it is told about.
import { parentPort } from 'node:worker_threads';
import type { Ruleset } from '../engine/types.js';
import { getRuleset, registerRuleset } from '../games/index.js';
import { decide, type BotInput } from './bots.js';

const loaded = new Set<string>();

function isRuleset(x: unknown): x is Ruleset {
  const r = x as Ruleset;
  return typeof r === 'object' && r !== null && typeof r.id === 'string' && typeof r.pending === 'function' && typeof r.apply === 'function';
}

async function ensure(modules: string[]) {
  for (const m of modules) {
    if (loaded.has(m)) continue;
    const mod = (await import(m)) as Record<string, unknown>;
    for (const v of Object.values(mod)) if (isRuleset(v) && !getRuleset(v.id)) registerRuleset(v);
    loaded.add(m);
  }
}

parentPort!.on('message', async (msg: { id: number; input: BotInput; modules: string[] }) => {
  try {
    await ensure(msg.modules);
    const rs = getRuleset(msg.input.ruleset, msg.input.rulesetVersion);
    if (!rs) throw new Error(`bot thread: no ruleset ${msg.input.ruleset}`);
    parentPort!.postMessage({ id: msg.id, ok: true, out: decide(rs, msg.input) });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
