// Deadlines made visible (issue #15): when the game has a deadline policy, each pending
// blocking decision carries `dueAt` (when its time limit passes: the moment the entry that
// opened it was committed, plus its class's limit) and, with a time bank, `bankSeconds`: what
// is left of the deciding seat's bank (DeadlinePolicy in src/service/async/deadlines.ts).
// Deadlines are public service data: every viewer sees them.
import type { Runtime } from '../runtime.js';
import { bankUsedMs, limitFor, policyOf } from './async/deadlines.js';
import type { GameService, LoadedGame } from './game-service.js';

type Dec = { id: string; seat: number; blocking: boolean; timing: 'turn' | 'reaction' | 'sealed' | 'setup'; group?: { id: string; mode: 'sealed' | 'parallel' } };

/**
 * `upTo`: the decisions as they stood at that version (a `turn` webhook sent after the game
 * moved on): the bank as it was then; without it, the open decisions of the game now.
 */
export async function withDue<D extends Dec>(svc: GameService, g: Pick<LoadedGame, 'game'>, pending: D[], upTo?: number): Promise<(D & { dueAt?: string; bankSeconds?: number })[]> {
  const p = policyOf(g.game);
  if (!p || (upTo === undefined && g.game.status !== 'active')) return pending;
  const store = svc.storeRef;
  const opened = new Map<number, number | null>();
  const bank = new Map<number, number>();
  const rt = { service: svc, store } as unknown as Runtime; // bankUsedMs reads the game and its log only
  const out: (D & { dueAt?: string; bankSeconds?: number })[] = [];
  for (const d of pending) {
    const secs = d.blocking ? limitFor(p, d) : undefined;
    if (!secs) { out.push(d); continue; }
    const seq = Number.parseInt(d.id, 10);
    if (!opened.has(seq)) opened.set(seq, (await store.actionsAfter(g.game.id, seq - 1, 1))[0]?.createdAt?.getTime() ?? null);
    const at = opened.get(seq);
    const extra: { dueAt?: string; bankSeconds?: number } = {};
    if (at !== null && at !== undefined) extra.dueAt = new Date(at + secs * 1000).toISOString();
    if (p.bankSeconds && d.group?.mode !== 'sealed') {
      if (!bank.has(d.seat)) bank.set(d.seat, Math.max(0, p.bankSeconds * 1000 - (await bankUsedMs(rt, g.game.id, d.seat, upTo))));
      extra.bankSeconds = Math.floor(bank.get(d.seat)! / 1000);
    }
    out.push({ ...d, ...extra });
  }
  return out;
}
