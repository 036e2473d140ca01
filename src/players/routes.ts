// The players' REST door: /v1/players, /v1/me/*, /v1/ratings/:ruleset, invitations, and the
// scope check of player keys on every write (a read-only key never acts, anywhere).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type as T } from '@sinclair/typebox';
import { bearer } from '../api/auth.js';
import { ErrorBody, GameIdParams } from '../api/schemas.js';
import type { Runtime } from '../runtime.js';
import { checkInput } from '../service/input.js';
import { isPlayerKey } from './keys.js';
import { playersOf } from './feature.js';
import { PlayerWebhookBody } from './notify.js';
import { meEventsRoute } from './sse.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
/** A 201 with its named body (src/players/schemas.ts; responses.ts documents and serializes it). */
const created = (schema: string) => ({ 201: { $ref: `${schema}#` }, ...errors });
const Name = T.String({ minLength: 1, maxLength: 64 });
const DiscordId = T.String({ pattern: '^[0-9]{5,25}$', description: 'Discord user id (snowflake), mentioned in discord-format messages' });
const JoinBody = T.Object({ seat: T.Optional(T.Integer({ minimum: 0, maximum: 15 })), name: T.Optional(Name) }, { additionalProperties: false });
const Scopes = T.Array(T.Union([T.Literal('read'), T.Literal('act')]), { minItems: 1, maxItems: 2, uniqueItems: true });

export async function playerRoutes(app: FastifyInstance, rt: Runtime) {
  const players = playersOf(rt);
  const me = (req: FastifyRequest, need: 'read' | 'act' = 'read') => players.authenticate(bearer(req), need);

  // A player key on any write (the game routes included) needs the 'act' scope.
  app.addHook('preHandler', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (req.url.startsWith('/graphql')) return; // checked per operation (graphql hook)
    const h = req.headers.authorization;
    const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
    if (m && isPlayerKey(m[1])) await players.authenticate(m[1], 'act');
  });

  app.post('/v1/players', {
    schema: {
      tags: ['players'], operationId: 'createPlayer', summary: 'Create a player: the key is shown only in this answer (stored hashed)',
      body: T.Object({ name: Name, discordId: T.Optional(DiscordId) }, { additionalProperties: false }), response: created('NewPlayer'),
    },
  }, async (req, reply) => {
    const b = req.body as { name: string; discordId?: string };
    reply.code(201);
    const p = await players.create(b.name, b.discordId);
    reply.header('location', `/v1/players/${p.id}`);
    return p;
  });

  app.get('/v1/players/:id', {
    schema: { tags: ['players'], operationId: 'getPlayer', summary: 'A player\'s profile: ratings, record, recent games (public)', params: T.Object({ id: T.String({ pattern: '^p_[A-Za-z0-9]{4,40}$' }) }), response: errors },
  }, async (req) => rt.service && (await import('./ratings.js')).profile(rt, (req.params as { id: string }).id));

  app.get('/v1/me', { schema: { tags: ['players'], operationId: 'getMe', summary: 'The player behind the key', response: errors } }, async (req) => players.me((await me(req)).playerId));

  app.patch('/v1/me', {
    schema: { tags: ['players'], operationId: 'updateMe', summary: 'Change name or Discord id', body: T.Object({ name: T.Optional(Name), discordId: T.Optional(T.Union([DiscordId, T.Null()])) }, { additionalProperties: false }), response: errors },
  }, async (req) => players.update((await me(req, 'act')).playerId, req.body as { name?: string; discordId?: string | null }));

  app.get('/v1/me/keys', { schema: { tags: ['players'], operationId: 'listKeys', summary: 'The player\'s keys (never the secrets)', response: errors } }, async (req) => ({
    keys: await players.listKeys((await me(req)).playerId),
  }));

  app.post('/v1/me/keys', {
    schema: {
      tags: ['players'], operationId: 'addKey', summary: 'Add a key (rotation: add, switch, revoke the old); shown only in this answer',
      body: T.Optional(T.Object({ label: T.Optional(T.String({ maxLength: 64 })), scopes: T.Optional(Scopes) }, { additionalProperties: false })), response: created('NewPlayerKey'),
    },
  }, async (req, reply) => {
    const c = await me(req, 'act');
    reply.code(201);
    return players.addKey(c.playerId, (req.body ?? {}) as { label?: string; scopes?: ('read' | 'act')[] });
  });

  app.delete('/v1/me/keys/:kid', {
    schema: { tags: ['players'], operationId: 'revokeKey', summary: 'Revoke a key (refused at once, everywhere)', params: T.Object({ kid: T.String({ minLength: 1, maxLength: 32 }) }), response: { 204: { type: 'null' }, ...errors } },
  }, async (req, reply) => {
    const c = await me(req, 'act');
    await players.revokeKey(c.playerId, (req.params as { kid: string }).kid);
    reply.code(204);
    return null;
  });

  app.get('/v1/me/games', {
    schema: {
      tags: ['players'], operationId: 'getInbox', summary: 'The inbox: the player\'s games; toAct=true: those waiting for them, oldest due first (cursor paging)',
      querystring: T.Object({ toAct: T.Optional(T.Boolean()), limit: T.Optional(T.Integer({ minimum: 1, maximum: 100 })), cursor: T.Optional(T.String({ maxLength: 512 })) }),
      response: errors,
    },
  }, async (req) => {
    const q = req.query as { toAct?: boolean; limit?: number; cursor?: string };
    return players.games((await me(req)).playerId, q);
  });

  app.post('/v1/me/vacation', {
    schema: { tags: ['players'], operationId: 'startVacation', summary: 'Pause the deadlines of all the player\'s games for N days (counted against the yearly allowance)', body: T.Object({ days: T.Integer({ minimum: 1, maximum: 366 }) }, { additionalProperties: false }), response: errors },
  }, async (req) => players.startVacation((await me(req, 'act')).playerId, (req.body as { days: number }).days));

  app.post('/v1/games/:id/join', {
    schema: {
      tags: ['players'], operationId: 'joinGame', summary: 'A player takes an open seat (the first, or `seat`): bound to them, no token',
      description: 'Body (optional): {"seat": n, "name": "…"}',
      params: GameIdParams, response: created('PlayerSeat'),
    },
  }, async (req, reply) => {
    const c = await me(req, 'act');
    const b = checkInput(JoinBody, req.body ?? {}, 'body');
    reply.code(201);
    return players.claim(c, (req.params as { id: string }).id, b.seat, b.name);
  });

  app.post('/v1/invitations/:code/accept', {
    schema: {
      tags: ['players'], operationId: 'acceptInvitation', summary: 'Accept an invitation: take an open seat of its game', params: T.Object({ code: T.String({ minLength: 4, maxLength: 64 }) }),
      description: 'Body (optional): {"seat": n}', response: created('PlayerSeat'),
    },
  }, async (req, reply) => {
    const c = await me(req, 'act');
    const b = checkInput(JoinBody, req.body ?? {}, 'body');
    reply.code(201);
    return players.acceptInvitation(c, (req.params as { code: string }).code, b.seat);
  });

  app.get('/v1/games/:id/players', {
    schema: { tags: ['players'], operationId: 'getGamePlayers', summary: 'The players seated in a game and their vacations (deadlines paused until)', params: GameIdParams, response: errors },
  }, async (req) => players.gamePlayers((req.params as { id: string }).id));

  app.get('/v1/ratings/:ruleset', {
    schema: {
      tags: ['players'], operationId: 'getRatings', summary: 'Leaderboard: Glicko-2 ratings of a ruleset, best first',
      params: T.Object({ ruleset: T.String({ minLength: 1, maxLength: 64 }) }),
      querystring: T.Object({ limit: T.Optional(T.Integer({ minimum: 1, maximum: 200 })), offset: T.Optional(T.Integer({ minimum: 0 })) }), response: errors,
    },
  }, async (req) => {
    const q = req.query as { limit?: number; offset?: number };
    return (await import('./ratings.js')).leaderboard(rt, (req.params as { ruleset: string }).ruleset, q.limit ?? 50, q.offset ?? 0);
  });

  // Player-level webhooks.
  const { addPlayerWebhook, listPlayerWebhooks, removePlayerWebhook, playerNotices } = await import('./notify.js');
  app.post('/v1/me/webhooks', {
    schema: { tags: ['players'], operationId: 'addPlayerWebhook', summary: 'A webhook for all the player\'s games (turn, game_over); the secret is shown only here', body: PlayerWebhookBody, response: created('PlayerWebhook') },
  }, async (req, reply) => {
    const c = await me(req, 'act');
    reply.code(201);
    return addPlayerWebhook(rt, c.playerId, req.body as never);
  });
  app.get('/v1/me/webhooks', { schema: { tags: ['players'], operationId: 'listPlayerWebhooks', summary: "The player's webhooks (without secrets)", response: errors } }, async (req) => ({ webhooks: await listPlayerWebhooks(rt, (await me(req)).playerId) }));
  app.delete('/v1/me/webhooks/:wid', {
    schema: { tags: ['players'], operationId: 'removePlayerWebhook', summary: 'Remove a player webhook', params: T.Object({ wid: T.String({ minLength: 1, maxLength: 64 }) }), response: { 204: { type: 'null' }, ...errors } },
  }, async (req, reply) => {
    await removePlayerWebhook(rt, (await me(req, 'act')).playerId, (req.params as { wid: string }).wid);
    reply.code(204);
    return null;
  });
  app.get('/v1/me/webhooks/:wid/deliveries', {
    schema: { tags: ['players'], operationId: 'listPlayerWebhookDeliveries', summary: 'Messages of a player webhook, sent or waiting', params: T.Object({ wid: T.String({ minLength: 1, maxLength: 64 }) }), response: errors },
  }, async (req) => ({ deliveries: await playerNotices(rt, (await me(req)).playerId, (req.params as { wid: string }).wid) }));

  await meEventsRoute(app, rt);
}
