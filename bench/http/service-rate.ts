// The service alone: closed-loop moves through GameService (legal actions, then submitAction
// with expectedVersion) in this process, on the same Postgres as the HTTP rows, without HTTP.
// Between the store alone and the HTTP figure, it shows what the rules, the hash chain and the
// service's own work cost per move, apart from the transport.
import { percentile } from '../lib/common.js';
import { pickMove, type Spec } from './load.js';
import { serve } from './serve.js';

export interface ServiceRate { movesPerSec: number; p50: number; p99: number; cpu: number; usPerMove: number }

export async function serviceMoveRate(databaseUrl: string, spec: Spec, clients: number, seconds: number, games = 200): Promise<ServiceRate> {
  const s = await serve({ databaseUrl });
  const svc = s.rt.service;
  const seats = Array.from({ length: spec.seats }, (_, i) => ({ name: `p${i}` }));
  const create = async () => (await svc.createGame({ ruleset: spec.ruleset, scenario: spec.scenario, seats })).id as string;
  try {
    const idle: string[] = [];
    for (let i = 0; i < games; i++) idle.push(await create());
    const lat: number[] = [];
    let moves = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    await Promise.all(Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const id = idle.shift()!; // games > clients: one is always idle
        let moved = false;
        for (let seat = 0; seat < spec.seats && !moved; seat++) {
          const move = pickMove(await svc.legalActions(id, seat));
          if (!move) continue;
          const t = performance.now();
          await svc.submitAction(id, seat, move);
          lat.push(performance.now() - t);
          moves++;
          moved = true;
        }
        idle.push(moved ? id : await create()); // no decision left: the game is over
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
