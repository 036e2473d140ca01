// The HTTP door alone: the same server process, the same number of keep-alive connections,
// a POST with a move-sized JSON body to a bench-only route that answers at once (no store, no
// rules, no hashing). What Node and Fastify carry on this machine before a move does any work,
// so the gap between it and the moves/s figure is the per-move work, not the transport.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (o: Record<string, unknown>, cb: (err: Error | null, r: DoorResult) => void) => unknown;
interface DoorResult { requests: { total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }

/** The body of a typical move (decision id, expectedVersion, an Abaddon move). */
export const DOOR_BODY = JSON.stringify({ expectedVersion: 12, decision: '12.0.move', action: { type: 'move', unit: 'CA-H1', to: [7, 9] } });

export interface DoorRate { reqPerSec: number; p50: number; p99: number; errors: number }

export function httpDoorRate(url: string, connections: number, seconds: number): Promise<DoorRate> {
  return new Promise((ok, fail) => {
    autocannon({
      url: `${url}/bench/door`, method: 'POST', connections, pipelining: 1, duration: seconds, timeout: 10,
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk_bench' }, body: DOOR_BODY,
    }, (err, r) => (err ? fail(err) : ok({ reqPerSec: r.requests.total / seconds, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors })));
  });
}
