import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../service/errors.js';

/** The bearer token of a request, if any. A malformed Authorization header is an error, not a spectator. */
export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  if (!m) throw new ServiceError(401, 'invalid_token', 'Authorization must be "Bearer <seat token>"');
  return m[1];
}
