// Embedded mode keeps queued jobs in memory: a process that dies loses the AI turns and the
// deadlines already moved from the outbox to its queue. At start, a sweep re-queues them for
// every active game from the log. BullMQ keeps its jobs in Redis, which needs the sweep only
// when it lost its data (src/jobs/epoch.ts). Job ids are the dispatcher's, so a job still
// queued is not doubled; stale ones do nothing anyway.
import { openDecisions } from '../../engine/kernel.js';
import { jobKey } from '../../jobs/queue.js';
import type { Runtime } from '../../runtime.js';
import { limitFor, policyOf } from './deadlines.js';
import { pendingTakeback, takebacksOf } from '../analysis.js';
import { EXPIRY } from './takebacks.js';

export async function recoverJobs(rt: Runtime, pageSize = 200): Promise<{ games: number; ai: number; deadlines: number; takebacks: number }> {
  const out = { games: 0, ai: 0, deadlines: 0, takebacks: 0 };
  for (let offset = 0; ; offset += pageSize) {
    const games = await rt.store.listGames({ status: 'active', limit: pageSize, offset });
    for (const rec of games) {
      const policy = policyOf(rec);
      const row = await rt.store.getGame(rec.id);
      const ai = new Set(row?.seats.filter((s) => s.kind === 'ai').map((s) => s.index) ?? []);
      if (!ai.size && !policy && !takebacksOf(rec)) continue;
      const g = await rt.service.load(rec.id);
      if (g.game.status !== 'active') continue;
      out.games++;
      const groups = new Set<string>();
      for (const d of openDecisions(g.rs, g.k)) {
        if (ai.has(d.seat) && (d.blocking || d.group?.mode === 'sealed')) {
          const key = `${g.k.seq}.${d.id}`;
          await rt.queue.add({ name: 'ai', jobId: jobKey('ai', key), data: { gameId: g.game.id, version: g.k.seq, decision: d.id, seat: d.seat } });
          out.ai++;
        }
        const secs = policy && d.blocking ? limitFor(policy, d) : undefined;
        if (!secs) continue;
        if (d.group?.mode === 'sealed') {
          if (groups.has(d.group.id)) continue;
          groups.add(d.group.id);
        }
        const opened = Number.parseInt(d.id, 10);
        const [at] = await rt.store.actionsAfter(g.game.id, opened - 1, 1);
        const due = (at?.createdAt?.getTime() ?? Date.now()) + secs * 1000;
        await rt.queue.add({ name: 'deadline', jobId: jobKey('deadline', d.id), data: { gameId: g.game.id, decision: d.id, seat: d.seat, phase: 'limit' }, delayMs: Math.max(0, due - Date.now()) });
        out.deadlines++;
      }
      // A takeback request's expiry (the dispatcher's job id: a job still queued is not doubled).
      const p = pendingTakeback(g.k);
      if (p) {
        await rt.queue.add({ name: EXPIRY, jobId: jobKey(EXPIRY, g.game.id, String(p.requestedAt)), data: { gameId: g.game.id, request: p.requestedAt }, delayMs: Math.max(0, Date.parse(p.deadline) + 1 - Date.now()) });
        out.takebacks++;
      }
    }
    if (games.length < pageSize) return out;
  }
}
