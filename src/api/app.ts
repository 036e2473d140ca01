// The Fastify app: REST (/v1, OpenAPI at /docs) and GraphQL (/graphql) over one Runtime.
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Ajv } from 'ajv';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime.js';
import { ServiceError } from '../service/errors.js';
import { securityHeaders } from './security-headers.js';
import { graphqlRoutes } from './graphql.js';
import { healthRoutes, isStoreUnavailable, STORE_RETRY_AFTER, storeUnavailableBody } from './health.js';
import { rateLimits } from './limits.js';
import { metricsRoutes } from './metrics.js';
import { actionComponents, nameOperations, servers } from './operations.js';
import { restRoutes } from './rest.js';
import { playerRoutes } from '../players/routes.js';
import { responseSchemas } from './responses.js';
import { clientRoutes } from './client-routes.js';
import { settingsFromEnv, type AppSettings } from './settings.js';
import { trackStreams } from './streams.js';
import { pictureRoutes } from './pictures.js';
import { campaignRoutes } from './campaigns.js';

export interface AppOptions {
  logger?: boolean;
  /** Overrides of the settings read from the environment (see settings.ts). */
  settings?: Partial<AppSettings>;
  /** Redis for shared rate-limit counts (default: REDIS_URL). */
  redisUrl?: string;
}

export async function buildApp(rt: Runtime, opts: AppOptions = {}): Promise<FastifyInstance> {
  const settings: AppSettings = { ...settingsFromEnv(), ...opts.settings };
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: settings.trustProxy,
    bodyLimit: 256 * 1024,
  });

  // Security headers. The UIs (GraphiQL, Swagger UI) load scripts a strict CSP refuses:
  // CSP only when they are off (production).
  securityHeaders(app, { csp: !settings.ui });
  if (settings.corsOrigins) {
    await app.register(cors, { origin: settings.corsOrigins.includes('*') ? true : settings.corsOrigins, exposedHeaders: ['location', 'retry-after'] });
  }
  nameOperations(app);
  responseSchemas(app); // named response schemas: the document and the serializer (issue #15)
  await rateLimits(app, settings, opts.redisUrl ?? process.env.REDIS_URL);
  trackStreams(app);
  if (settings.metrics) await metricsRoutes(app, rt);

  await app.register(swagger, {
    // Schemas added with addSchema appear under components.schemas by their $id (Game, Error, ...).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    openapi: {
      servers: servers(),
      info: { title: 'skyeye', version: '0.1.0', description: 'Asynchronous tactical wargames as a service. Seat tokens go in `Authorization: Bearer <token>`.' },
      // Each game's action schema (what `action` of submitAction may be), named <Game>Action.
      components: { securitySchemes: { seatToken: { type: 'http', scheme: 'bearer' } }, schemas: actionComponents() as Record<string, never> },
      security: [{ seatToken: [] }],
    },
  });
  await healthRoutes(app, rt); // after swagger, so the probes are in the document
  if (settings.ui) await app.register(swaggerUi, { routePrefix: '/docs' });
  else app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());

  // JSON bodies are taken as typed ("expectedVersion":"0" is a 400, never read as 0); only the
  // path and query string, which are text by nature, are coerced to their schema's types.
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strictAjv : textAjv).compile(schema));
  // Bodies are JSON only: a text/plain body (Fastify parses it by default) is a 415 like any other type.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((err: Error & { validation?: unknown; statusCode?: number; code?: string }, req, reply) => {
    if (err instanceof ServiceError) {
      if (err.status >= 500) req.log.error({ err }, 'service error');
      return reply.code(err.status).send({ error: err.toJSON() });
    }
    if (err.validation) {
      return reply.code(400).send({ error: { code: 'invalid_request', message: err.message, details: err.validation } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code = err instanceof SyntaxError ? 'malformed_json' : (FASTIFY_CODES[err.code ?? ''] ?? (err.code ?? 'bad_request').toLowerCase());
      return reply.code(err.statusCode).send({ error: { code, message: err.message, details: null } });
    }
    if (isStoreUnavailable(err)) {
      req.log.warn({ err: err.message }, 'store unavailable');
      return reply.code(503).header('retry-after', String(STORE_RETRY_AFTER)).send({ error: storeUnavailableBody });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'internal_error', message: 'internal error', details: null } });
  });

  await playerRoutes(app, rt); // first: its scope check of player keys covers every route
  await restRoutes(app, rt);
  await clientRoutes(app, rt); // choices, queries, scenario data (issue #15)
  await graphqlRoutes(app, rt, settings);
  await pictureRoutes(app, rt); // board pictures (issue #20)
  await campaignRoutes(app, rt); // campaigns (issue #18, docs/CAMPAIGNS.md)
  return app;
}

/** Fastify's own refusals under codes a client can read without knowing Fastify. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_content_length',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_NOT_FOUND: 'not_found',
};

const strictAjv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false, strict: false });
const textAjv = new Ajv({ coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false, strict: false });

