// Security headers (helmet's defaults; CSP only when the UIs are off). @fastify/helmet rebuilds
// the helmet middleware from its options on every request (about 4% of a move in profiles,
// issue #22); the headers depend on the options alone, so they are computed once here with
// helmet itself and set on each response's raw socket reply (so hijacked answers such as the
// SSE streams carry them too, as before).
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerResponse, IncomingMessage } from 'node:http';

/** The headers helmet sets for these options, as name/value pairs. */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => { failed = err; });
  if (failed) throw failed;
  return [...headers];
}

export function securityHeaders(app: FastifyInstance, opts: { csp: boolean }): void {
  const headers = helmetHeaders({ contentSecurityPolicy: opts.csp ? undefined : false });
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
