// Every GraphQL error carries `extensions.code` with the code REST would answer (issue #15):
// a ServiceError its own code (not found, forbidden, conflict, rule violation, auth), a
// refused document or variable (syntax, unknown field, a value outside an enum, a wrong type)
// invalid_request as REST's schema validation, an outage store_unavailable, anything else
// internal_error with REST's message (the cause is logged, not shown).
import { GraphQLError } from 'graphql';
import mercurius from 'mercurius';
import { ServiceError } from '../service/errors.js';
import { isStoreUnavailable, STORE_RETRY_AFTER, storeUnavailableBody } from './health.js';

type Formatter = NonNullable<mercurius.MercuriusCommonOptions['errorFormatter']>;
type RawError = { originalError?: (Error & { errors?: unknown[] }) | null; extensions?: Record<string, unknown> };
type OutError = { message: string; extensions?: Record<string, unknown> };

/** The error as the client sees it, given what caused it (undefined: graphql's own refusal of the document). */
function classify(e: OutError, orig: unknown, log: (err: unknown) => void): 'limited' | 'down' | null {
  if (orig instanceof ServiceError) {
    e.extensions = { ...e.extensions, code: orig.code, details: orig.details ?? null };
    return orig.status === 429 ? 'limited' : null;
  }
  if (typeof e.extensions?.code === 'string') return null; // the cost rule's own codes (limits.ts)
  if (isStoreUnavailable(orig)) {
    Object.assign(e, { message: storeUnavailableBody.message, extensions: { code: storeUnavailableBody.code, details: storeUnavailableBody.details } });
    return 'down';
  }
  if (orig === undefined || orig === null) {
    e.extensions = { ...e.extensions, code: 'invalid_request', details: null };
    return null;
  }
  log(orig);
  Object.assign(e, { message: 'internal error', extensions: { code: 'internal_error', details: null } });
  return null;
}

/** What made the error: a resolver's or hook's throw; undefined when graphql itself refused the document. */
function causeOf(e: RawError): unknown {
  let c: unknown = e;
  // graphql wraps a resolver's throw; a GraphQLError at the bottom is graphql's own (a variable's coercion).
  while (c instanceof GraphQLError) c = c.originalError ?? undefined;
  return c;
}

export const errorFormatter: Formatter = (execution, ctx) => {
  const r = mercurius.defaultErrorFormatter(execution, ctx);
  // The default formatter spreads any cause's `errors` into the list: a validation failure's
  // GraphQLErrors, but also an AggregateError's (a connection refused on every address of the
  // database). The same walk here gives each listed error its cause.
  const causes: unknown[] = [];
  for (const e of ((execution as { errors?: readonly RawError[] }).errors ?? [])) {
    const inner = e.originalError?.errors;
    if (!Array.isArray(inner)) causes.push(causeOf(e));
    else if (inner.every((x) => x instanceof GraphQLError)) for (const x of inner) causes.push(causeOf(x as RawError));
    else causes.push(...inner.map(() => e.originalError));
  }
  const c = ctx as { reply?: { log: { error(o: unknown, m: string): void }; header(k: string, v: string): void } };
  const log = (err: unknown) => c.reply?.log.error({ err }, 'unhandled GraphQL error');
  let down = false;
  let limited = false; // a rate limit (limits.ts) refused the request before it ran
  for (const [i, e] of ((r.response.errors ?? []) as OutError[]).entries()) {
    const what = classify(e, causes[i], log);
    if (what === 'limited') limited = true;
    if (what === 'down') down = true;
  }
  if (limited) return { statusCode: 429, response: r.response };
  // A database outage is a 503 with Retry-After in GraphQL too, not a 200 with errors.
  if (down) {
    c.reply?.header('retry-after', String(STORE_RETRY_AFTER));
    return { statusCode: 503, response: r.response };
  }
  return r;
};
