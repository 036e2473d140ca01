// The service alone: closed-loop moves through GameService (legal actions, then submitAction
// with expectedVersion) in this process, on the same Postgres as the HTTP rows, without HTTP.
// Between the store alone and the HTTP figure, it shows what the rules, the hash chain and the
// service's own work cost per move, apart from the transport.
import { percentile } from '../lib/common.js';
import { nextSeat, pickMove, type Spec } from './load.js';
import { serve } from './serve.js';

export interface ServiceRate { movesPerSec: number; p50: number; p99: number; cpu: number; usPerMove: number }

export async function serviceMoveRate(databaseUrl: string, spec: Spec, clients: number, seconds: number, games = 200): Promise<ServiceRate> {
  const s = await serve({ databaseUrl });
  const svc = s.rt.service;
  const seats = Array.from({ length: spec.seats }, (_, i) => ({ name: `p${i}` }));
  const create = async () => {
    const g = await svc.createGame({ ruleset: spec.ruleset, scenario: spec.scenario, seats });
    return { id: g.id, seat: g.toAct.seats[0] ?? 0 };
  };
  try {
    // Each game with the seat its last move's `toAct` named (the service's own answer to
    // "whom does the game wait for"), so no legal-action ask finds a seat with nothing to do.
    const idle: { id: string; seat: number }[] = [];
    for (let i = 0; i < games; i++) idle.push(await create());
    const lat: number[] = [];
    let moves = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    await Promise.all(Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const g = idle.shift()!; // games > clients: one is always idle
        const move = pickMove(await svc.legalActions(g.id, g.seat));
        if (!move) throw new Error(`game ${g.id}: seat ${g.seat}, named by toAct, has no legal action`);
        const t = performance.now();
        const { toAct, sealed } = await svc.submitAction(g.id, g.seat, move);
        lat.push(performance.now() - t);
        moves++;
        const seat = nextSeat(toAct.seats, g.seat, !!sealed && !sealed.closed);
        idle.push(toAct.status === 'active' && seat !== undefined ? { id: g.id, seat } : await create());
      }
    }));
    const el = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(cpu0);
    const cpuSec = (c.user + c.system) / 1e6;
    return { movesPerSec: moves / el, p50: percentile(lat, 50), p99: percentile(lat, 99), cpu: (100 * cpuSec) / el, usPerMove: (1e6 * cpuSec) / Math.max(1, moves) };
  } finally {
    await s.close();
  }
}
