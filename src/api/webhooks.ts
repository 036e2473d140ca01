// Webhook management under /v1/games/:id/webhooks. Any seat of the game (seat token) may add,
// list and delete its webhooks and read their deliveries; spectators may not (a webhook makes
// the server send requests, so it needs a player behind it). The secret is shown once.
import type { FastifyInstance } from 'fastify';
import { Type as T } from '@sinclair/typebox';
import type { Runtime } from '../runtime.js';
import { createWebhook, deliveries, listWebhooks, removeWebhook, WEBHOOK_EVENTS } from '../service/async/webhooks.js';
import { bearer } from './auth.js';
import { ErrorBody, GameIdParams } from './schemas.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const WebhookBody = T.Object({
  url: T.String({ minLength: 8, maxLength: 2048, description: 'http(s) URL that receives POSTs' }),
  events: T.Array(T.Union(WEBHOOK_EVENTS.map((e) => T.Literal(e))), { minItems: 1, maxItems: 3, uniqueItems: true }),
  format: T.Optional(T.Union([T.Literal('json'), T.Literal('discord')])),
  seats: T.Optional(T.Array(T.Integer({ minimum: 0, maximum: 15 }), { minItems: 1, maxItems: 16, uniqueItems: true, description: "only these seats' turn (and own action) events" })),
}, { additionalProperties: false });

const HookParams = T.Object({ id: GameIdParams.properties.id, wid: T.String({ minLength: 1, maxLength: 64 }) });

export async function webhookRoutes(app: FastifyInstance, rt: Runtime) {
  const svc = rt.service;
  const seat = async (id: string, req: Parameters<typeof bearer>[0]) => svc.requireSeat(await svc.authenticate(id, bearer(req)));

  app.post('/v1/games/:id/webhooks', {
    schema: {
      tags: ['webhooks'], summary: 'Add a webhook (seat token). The signing secret is returned only here.',
      params: GameIdParams, body: WebhookBody, response: { 201: { type: 'object', additionalProperties: true }, ...errors },
    },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    await seat(id, req);
    const b = req.body as { url: string; events: ('turn' | 'action' | 'game_over')[]; format?: 'json' | 'discord'; seats?: number[] };
    const out = await createWebhook(rt, id, b);
    reply.code(201).header('location', `/v1/games/${id}/webhooks/${out.id}`);
    return out;
  });

  app.get('/v1/games/:id/webhooks', {
    schema: { tags: ['webhooks'], summary: "The game's webhooks (without secrets)", params: GameIdParams, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    await seat(id, req);
    return { webhooks: await listWebhooks(rt, id) };
  });

  app.delete('/v1/games/:id/webhooks/:wid', {
    schema: { tags: ['webhooks'], summary: 'Remove a webhook', params: HookParams, response: { 204: { type: 'null' }, ...errors } },
  }, async (req, reply) => {
    const { id, wid } = req.params as { id: string; wid: string };
    await seat(id, req);
    await removeWebhook(rt, id, wid);
    reply.code(204);
    return null;
  });

  app.get('/v1/games/:id/webhooks/:wid/deliveries', {
    schema: { tags: ['webhooks'], summary: 'Every delivery attempt of a webhook', params: HookParams, response: errors },
  }, async (req) => {
    const { id, wid } = req.params as { id: string; wid: string };
    await seat(id, req);
    return { deliveries: await deliveries(rt, id, wid) };
  });
}
