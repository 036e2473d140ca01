// The Fastify app: REST (/v1, OpenAPI at /docs) and GraphQL (/graphql) over one Runtime.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime.js';
import { ServiceError } from '../service/errors.js';
import { graphqlRoutes } from './graphql.js';
import { restRoutes } from './rest.js';

export async function buildApp(rt: Runtime, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true } },
    bodyLimit: 256 * 1024,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'skyeye', version: '0.1.0', description: 'Asynchronous tactical wargames as a service. Seat tokens go in `Authorization: Bearer <token>`.' },
      components: { securitySchemes: { seatToken: { type: 'http', scheme: 'bearer' } } },
      security: [{ seatToken: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.setErrorHandler((err: Error & { validation?: unknown; statusCode?: number; code?: string }, req, reply) => {
    if (err instanceof ServiceError) {
      if (err.status >= 500) req.log.error({ err }, 'service error');
      return reply.code(err.status).send({ error: err.toJSON() });
    }
    if (err.validation) {
      return reply.code(400).send({ error: { code: 'invalid_request', message: err.message, details: err.validation } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'malformed_json' : (err.code ?? 'bad_request').toLowerCase();
      return reply.code(err.statusCode).send({ error: { code, message: err.message, details: null } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'internal_error', message: 'internal error', details: null } });
  });

  await restRoutes(app, rt);
  await graphqlRoutes(app, rt);
  return app;
}
