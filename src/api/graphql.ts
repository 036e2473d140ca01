// The GraphQL door (Mercurius): the same service calls as REST. Mutations never fail
// silently: a refused call returns userErrors with the code REST would give, and the version.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { Runtime } from '../runtime.js';
import { createWebhook, deliveryRows, listWebhooks, removeWebhook, type WebhookEvent } from '../service/async/webhooks.js';
import { gameTopic, type CommitNotice } from '../service/bus.js';
import { checkChoicesArgs, checkQueryArgs, choicesFor, queryFor } from '../service/client-parts.js';
import { ServiceError } from '../service/errors.js';
import { errorFormatter } from './graphql-errors.js';
import { aiLevelOut, seatsIn, type SeatIn } from './graphql-enums.js';
import { costRule } from './limits.js';
import { SIZE_MAX, SIZE_MIN } from '../render/pictures.js';
import { pictureUrl, type PictureFormat } from '../render/urls.js';
import { playerGraphqlHooks, withPlayerResolvers } from '../players/graphql.js';
import type { AppSettings } from './settings.js';
import { analysisResolvers, asSeatOf } from './analysis-graphql.js';
import { campaignResolvers } from './campaign-graphql.js';

const schema = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');

interface Ctx {
  reply?: { request: { headers: Record<string, string | string[] | undefined> } };
  token?: string | null;
  pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> };
}

function tokenOf(ctx: Ctx, arg?: string | null): string | null {
  if (arg) return arg;
  if (ctx.token) return ctx.token;
  const h = ctx.reply?.request.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? m[1] : null;
}

async function userErrors<T extends object>(run: () => Promise<T>): Promise<T | { userErrors: unknown[]; version?: number }> {
  try {
    return { ...(await run()), userErrors: [] };
  } catch (err) {
    if (!(err instanceof ServiceError) || err.status >= 500) throw err;
    const version = (err.details as { version?: number } | undefined)?.version;
    return { userErrors: [err.toJSON()], version };
  }
}

export async function graphqlRoutes(app: FastifyInstance, rt: Runtime, settings: Pick<AppSettings, 'ui' | 'graphql'>) {
  const svc = rt.service;
  const withSeat = async (id: string, ctx: Ctx, token?: string | null) => svc.authenticate(id, tokenOf(ctx, token), asSeatOf(ctx));
  const analysis = analysisResolvers(svc, withSeat, userErrors);
  const campaign = campaignResolvers(svc, tokenOf, userErrors);

  const resolvers = {
    Query: {
      rulesets: () => svc.listRulesets(),
      game: async (_: unknown, a: { id: string; token?: string }, ctx: Ctx) => {
        const seat = await withSeat(a.id, ctx, a.token);
        return { ...(await svc.getGame(a.id, seat)), _seat: seat };
      },
      games: async (_: unknown, a: { status?: 'active' | 'finished'; limit?: number; offset?: number; open?: boolean }) => (await svc.listGames(a)).games,
      gamePage: (_: unknown, a: { status?: 'active' | 'finished'; limit?: number; cursor?: string; open?: boolean }) => svc.listGames(a),
      ...analysis.Query,
      ...campaign.Query,
    },
    Game: {
      decisions: (g: { pending: unknown[] }) => g.pending,
      legalActions: async (g: { id: string; _seat: number | null }) => (g._seat === null ? null : svc.legalActions(g.id, g._seat)),
      legal: async (g: { id: string; _seat: number | null }) => (g._seat === null ? null : svc.legalActions(g.id, g._seat)),
      log: async (g: { id: string; _seat: number | null }, a: { after?: number; limit?: number }) =>
        (await svc.log(g.id, g._seat, a.after ?? 0, a.limit ?? 500)).entries,
      orders: async (g: { id: string; _seat: number | null }) => (g._seat === null ? null : (await svc.getOrders(g.id, g._seat)).orders),
      chat: async (g: { id: string }, a: { after?: number; limit?: number }) => (await svc.chat(g.id, a.after ?? 0, a.limit ?? 200)).messages,
      // Seats only, as in REST: a webhook makes the server send requests for a player.
      webhooks: async (g: { id: string; _seat: number | null }) => (g._seat === null ? null : listWebhooks(rt, g.id)),
      // As REST's /choices and /query (client-parts.ts): the caller's seat, the caller's view.
      choices: async (g: { id: string; _seat: number | null }, a: unknown) => {
        const x = checkChoicesArgs(a);
        return choicesFor(svc, g.id, svc.requireSeat(g._seat), x.decision, x.partial);
      },
      query: async (g: { id: string; _seat: number | null }, a: unknown) => {
        const x = checkQueryArgs(a);
        return queryFor(svc, g.id, g._seat, x.name, x.args);
      },
      boardUrl: (g: { id: string; version: number }, a: { format?: PictureFormat; version?: number | null; size?: number | null }) =>
        pictureUrl(g.id, { format: a.format ?? 'png', version: a.version ?? g.version, size: checkPictureArgs(a.version, a.size) }),
    },
    SeatPublic: { aiLevel: aiLevelOut },
    SeatToken: { aiLevel: aiLevelOut },
    CampaignSeat: { aiLevel: aiLevelOut },
    CampaignSeatToken: { aiLevel: aiLevelOut },
    Webhook: {
      // Reached only through the game's own list: no second lookup of the webhook.
      deliveries: (w: { id: string }) => deliveryRows(rt, w.id),
    },
    SubmitActionPayload: {
      // Only when asked for, and only after a successful submit (userErrors leave no _gameId).
      legalActions: async (p: { _gameId?: string; _seat?: number }) => (p._gameId === undefined || p._seat === undefined ? null : svc.legalActions(p._gameId, p._seat)),
      legal: async (p: { _gameId?: string; _seat?: number }) => (p._gameId === undefined || p._seat === undefined ? null : svc.legalActions(p._gameId, p._seat)),
    },
    Mutation: {
      createGame: (_: unknown, a: { input: { ruleset: string; scenario?: string; seats: SeatIn[]; options?: unknown; deadlines?: unknown } }) =>
        userErrors(() => svc.createGame({ ...a.input, seats: seatsIn(a.input.seats) as [], policy: a.input.deadlines ? { deadlines: a.input.deadlines } : null })),
      claimSeat: (_: unknown, a: { gameId: string; index: number; name?: string }) => userErrors(() => svc.claimSeat(a.gameId, a.index, a.name)),
      submitAction: (_: unknown, a: { input: { gameId: string; token?: string; expectedVersion?: number; decision?: string; action: unknown; idempotencyKey?: string } }, ctx: Ctx) =>
        userErrors(async () => {
          const seat = svc.requireSeat(await withSeat(a.input.gameId, ctx, a.input.token));
          const { gameId, token: _t, ...rest } = a.input;
          return { ...(await svc.submitAction(gameId, seat, rest)), _gameId: gameId, _seat: seat };
        }),
      resign: (_: unknown, a: { gameId: string; token?: string; idempotencyKey?: string }, ctx: Ctx) =>
        userErrors(async () => svc.resign(a.gameId, svc.requireSeat(await withSeat(a.gameId, ctx, a.token)), a.idempotencyKey)),
      setOrders: (_: unknown, a: { gameId: string; token?: string; orders: unknown }, ctx: Ctx) =>
        userErrors(async () => svc.setOrders(a.gameId, svc.requireSeat(await withSeat(a.gameId, ctx, a.token)), a.orders)),
      addWebhook: (_: unknown, a: { input: { gameId: string; token?: string; url: string; events: WebhookEvent[]; format?: 'json' | 'discord' } }, ctx: Ctx) =>
        userErrors(async () => {
          const { gameId, token, ...hook } = a.input;
          svc.requireSeat(await withSeat(gameId, ctx, token));
          const { secret, ...webhook } = await createWebhook(rt, gameId, hook);
          return { webhook, secret };
        }),
      removeWebhook: (_: unknown, a: { gameId: string; token?: string; id: string }, ctx: Ctx) =>
        userErrors(async () => {
          svc.requireSeat(await withSeat(a.gameId, ctx, a.token));
          await removeWebhook(rt, a.gameId, a.id);
          return { removed: a.id };
        }),
      postChat: (_: unknown, a: { gameId: string; token?: string; text: string }, ctx: Ctx) =>
        userErrors(async () => ({ message: await svc.postChat(a.gameId, svc.requireSeat(await withSeat(a.gameId, ctx, a.token)), a.text) })),
      ...analysis.Mutation,
      ...campaign.Mutation,
    },
    Subscription: {
      gameUpdated: {
        subscribe: async (_: unknown, a: { id: string; token?: string }, ctx: Ctx) => {
          await svc.getGame(a.id, await withSeat(a.id, ctx, a.token)); // 404 / 401 before subscribing
          return newerOnly(await ctx.pubsub.subscribe(gameTopic(a.id)));
        },
        resolve: async (n: CommitNotice, a: { id: string; token?: string }, ctx: Ctx) => {
          const seat = await withSeat(a.id, ctx, a.token);
          return { ...(await svc.getGame(n.gameId, seat, n.version)), _seat: seat };
        },
      },
    },
  };

  await app.register(mercurius, {
    schema,
    resolvers: withPlayerResolvers(resolvers, rt) as never,
    graphiql: settings.ui,
    path: '/graphql',
    // Depth, aliases and estimated cost are checked before the query runs (limits.ts).
    validationRules: [costRule(settings.graphql)],
    subscription: {
      emitter: rt.bus as never,
      onConnect: (data: { payload?: { token?: string; authorization?: string } }) => {
        const p = data.payload ?? {};
        const raw = p.token ?? (p.authorization ? p.authorization.replace(/^Bearer\s+/i, '') : null);
        return { token: raw };
      },
    },
    errorFormatter, // every error with the REST code (graphql-errors.ts)
  });
  playerGraphqlHooks(app, rt);
}

/** boardUrl's arguments within the REST route's bounds (the URL would be refused anyway). */
function checkPictureArgs(version: number | null | undefined, size: number | null | undefined): number | null | undefined {
  if (version !== undefined && version !== null && version < 0) throw new ServiceError(400, 'invalid_request', 'version must be 0 or more');
  if (size !== undefined && size !== null && (size < SIZE_MIN || size > SIZE_MAX)) throw new ServiceError(400, 'invalid_request', `size must be between ${SIZE_MIN} and ${SIZE_MAX}`);
  return size;
}

/**
 * Drops notices of a version the subscriber has had already: after a Redis outage every process
 * re-announces the games it streams (runtime catchUp), which may repeat the last version sent.
 * `return` goes straight to the source, so unsubscribing never waits on a pending `next`.
 */
function newerOnly(src: AsyncIterable<unknown>): AsyncIterableIterator<unknown> {
  const it = src[Symbol.asyncIterator]();
  let last = -1;
  const self: AsyncIterableIterator<unknown> = {
    async next() {
      for (;;) {
        const r = await it.next();
        const v = (r.value as Partial<CommitNotice> | undefined)?.version;
        if (r.done || typeof v !== 'number') return r;
        if (v <= last) continue;
        last = v;
        return r;
      }
    },
    return: (v?: unknown) => it.return ? it.return(v) : Promise.resolve({ done: true, value: v }),
    throw: (e?: unknown) => it.throw ? it.throw(e) : Promise.reject(e),
    [Symbol.asyncIterator]: () => self,
  };
  return self;
}

