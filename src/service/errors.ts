// One error shape for both doors (REST and GraphQL): { code, message, details } + HTTP status.
import type { Violation } from '../engine/types.js';

export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  toJSON() {
    return { code: this.code, message: this.message, details: this.details ?? null };
  }
  /** What graphql copies into a GraphQL error it makes of this one (a subscription's refusal too). */
  get extensions() {
    return { code: this.code, details: this.details ?? null };
  }
}

export const notFound = (what: string, id: string) => new ServiceError(404, `${what}_not_found`, `${what} ${id} not found`);

/** Decision-routing problems are state conflicts (409); the ruleset's own verdicts are rule violations (422). */
const CONFLICTS = new Set(['not_your_turn', 'decision_not_open', 'game_over', 'group_not_open']);
const FORBIDDEN = new Set(['not_your_decision']);

export function fromViolation(v: Violation): ServiceError {
  if (v.code === 'malformed_action') return new ServiceError(400, v.code, v.message, v.details);
  if (FORBIDDEN.has(v.code)) return new ServiceError(403, v.code, v.message, v.details);
  return new ServiceError(CONFLICTS.has(v.code) ? 409 : 422, v.code, v.message, v.details);
}
