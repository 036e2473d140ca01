// The REST door under /v1. Thin: parse, authenticate, call the service, shape errors.
import '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime.js';
import { ServiceError } from '../service/errors.js';
import { bearer } from './auth.js';
import {
  AfterQuery, ChatBody, ChatQuery, ClaimBody, OrdersBody, CreateGameBody, ErrorBody, GameIdParams, ListQuery, SeatParams, SubmitBody, SubmitQuery, VersionParams,
} from './schemas.js';
import { sseRoute } from './sse.js';
import { analysisRoutes, asSeat } from './analysis-routes.js';
import type { SandboxInput, TakebackPolicy } from '../service/analysis.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

export async function restRoutes(app: FastifyInstance, rt: Runtime) {
  const svc = rt.service;
  const seatOf = async (id: string, req: Parameters<typeof bearer>[0]) => svc.authenticate(id, bearer(req), asSeat(req));

  app.get('/v1/rulesets', { schema: { tags: ['rulesets'], summary: 'Installed games and their scenarios' } }, async () => ({
    rulesets: svc.listRulesets(),
  }));

  app.post('/v1/games', {
    schema: { tags: ['games'], summary: 'Create a game; seat tokens are shown only in this answer', body: CreateGameBody, response: { 201: { type: 'object', additionalProperties: true }, ...errors } },
  }, async (req, reply) => {
    const b = req.body as { ruleset: string; scenario?: string; seats: []; options?: unknown; deadlines?: unknown; sandbox?: SandboxInput; takebacks?: TakebackPolicy; rated?: boolean; unlisted?: boolean; invite?: boolean };
    const out = await svc.createGame({
      ruleset: b.ruleset, scenario: b.scenario, seats: b.seats, options: b.options, policy: b.deadlines ? { deadlines: b.deadlines } : null,
      ...(b.sandbox ? { sandbox: b.sandbox } : {}), ...(b.takebacks ? { takebacks: b.takebacks } : {}),
      rated: b.rated, unlisted: b.unlisted, invite: b.invite,
    });
    reply.code(201).header('location', `/v1/games/${out.id}`);
    return out;
  });

  app.get('/v1/games', { schema: { tags: ['games'], querystring: ListQuery, response: { 400: ErrorBody } } }, async (req) => { // 400: invalid_request, invalid_cursor
    const q = req.query as { status?: 'active' | 'finished'; limit?: number; offset?: number; open?: boolean; cursor?: string };
    return svc.listGames(q); // { games, nextCursor, total }
  });

  app.get('/v1/games/:id', {
    schema: { tags: ['games'], summary: "The game as the caller may see it (seat token: that seat's view; none: spectator)", params: GameIdParams, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    return svc.getGame(id, await seatOf(id, req));
  });

  app.post('/v1/games/:id/seats/:index/claim', {
    schema: { tags: ['games'], summary: 'Claim an open seat: returns its token once', params: SeatParams, body: ClaimBody, response: { 201: { type: 'object', additionalProperties: true }, ...errors } },
  }, async (req, reply) => {
    const { id, index } = req.params as { id: string; index: number };
    const b = (req.body ?? {}) as { name?: string };
    reply.code(201);
    return svc.claimSeat(id, index, b.name);
  });

  app.get('/v1/games/:id/legal-actions', {
    schema: { tags: ['play'], summary: "Every legal action of the caller's open decisions", params: GameIdParams, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    return svc.legalActions(id, svc.requireSeat(await seatOf(id, req)));
  });

  app.post('/v1/games/:id/actions', {
    schema: {
      tags: ['play'],
      summary: 'Submit an action (optional Idempotency-Key header); `?include=legal` adds the caller\'s legal actions after it',
      params: GameIdParams, body: SubmitBody, response: errors, querystring: SubmitQuery,
      headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 128 } } },
    },
  }, async (req) => {
    const { id } = req.params as { id: string };
    const seat = svc.requireSeat(await seatOf(id, req));
    const b = req.body as { expectedVersion?: number; decision?: string; action: unknown };
    const key = req.headers['idempotency-key'];
    const out = await svc.submitAction(id, seat, { ...b, idempotencyKey: typeof key === 'string' ? key : undefined });
    // A seat that acts several times in a row (activations, reactions) gets its next choices
    // in the same round trip instead of asking GET /legal-actions again.
    if ((req.query as { include?: string }).include === 'legal') return { ...out, legal: await svc.legalActions(id, seat) };
    return out;
  });

  app.get('/v1/games/:id/actions', {
    schema: { tags: ['play'], summary: 'The action log after version N, redacted for the caller', params: GameIdParams, querystring: AfterQuery, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    const q = req.query as { after?: number; limit?: number };
    return svc.log(id, await seatOf(id, req), q.after ?? 0, q.limit ?? 500);
  });

  app.post('/v1/games/:id/resign', {
    schema: { tags: ['play'], params: GameIdParams, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    const key = req.headers['idempotency-key'];
    return svc.resign(id, svc.requireSeat(await seatOf(id, req)), typeof key === 'string' ? key : undefined);
  });

  app.get('/v1/games/:id/versions/:version', {
    schema: { tags: ['games'], summary: "Replay: the caller's view of the game at version N", params: VersionParams, response: errors },
  }, async (req) => {
    const { id, version } = req.params as { id: string; version: number };
    return svc.replayAt(id, version, await seatOf(id, req));
  });

  app.get('/v1/games/:id/verify', {
    schema: { tags: ['games'], summary: 'After the end: the revealed seed and a full re-run of the log', params: GameIdParams, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    return svc.verify(id);
  });

  app.put('/v1/games/:id/orders', {
    schema: { tags: ['play'], summary: "Replace the caller's standing orders (private); covered decisions are answered at once", params: GameIdParams, body: OrdersBody, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    return svc.setOrders(id, svc.requireSeat(await seatOf(id, req)), (req.body as { orders: unknown[] }).orders);
  });

  app.get('/v1/games/:id/orders', {
    schema: { tags: ['play'], summary: "The caller's standing orders", params: GameIdParams, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    return svc.getOrders(id, svc.requireSeat(await seatOf(id, req)));
  });

  app.post('/v1/games/:id/chat', {
    schema: { tags: ['play'], summary: 'Table talk: a public message from a seat (teammates talk where opponents hear)', params: GameIdParams, body: ChatBody, response: { 201: { type: 'object', additionalProperties: true }, ...errors } },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const seat = svc.requireSeat(await seatOf(id, req));
    reply.code(201);
    return svc.postChat(id, seat, (req.body as { text: string }).text);
  });

  app.get('/v1/games/:id/chat', {
    schema: { tags: ['play'], summary: 'Table talk after message id N', params: GameIdParams, querystring: ChatQuery, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    const q = req.query as { after?: number; limit?: number };
    return svc.chat(id, q.after ?? 0, q.limit ?? 200);
  });

  await analysisRoutes(app, rt, seatOf);
  await sseRoute(app, rt);
  await (await import('./webhooks.js')).webhookRoutes(app, rt);

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: { code: 'route_not_found', message: `no route ${req.method} ${req.url}`, details: null } });
  });
}

export { ServiceError };
