// Measurements the service layer reports without knowing who collects them: the /metrics
// module (src/api/metrics.ts) listens while an app is open. A plain EventEmitter keeps
// prom-client out of the service and the workers, and costs nothing when nobody listens.
import { EventEmitter } from 'node:events';

export interface ProbeEvents {
  /** A move (or setup) committed: its ruleset and how long the store append took. */
  commit: [{ ruleset: string; kind: string; seconds: number }];
  /** A job ran: its handler name, the time from enqueue to start when known, its run time and outcome. */
  job: [{ name: string; seconds: number; ok: boolean }];
  /** A bot decided: level and thinking time. */
  bot: [{ level: string; seconds: number }];
  /** A webhook delivery attempt ended: 'ok', 'http_error', 'network_error', 'refused'. */
  webhook: [{ outcome: string }];
}

class Probes extends EventEmitter<ProbeEvents> {}

export const probes = new Probes();
probes.setMaxListeners(0);
