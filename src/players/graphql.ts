// The players' GraphQL door (issue 19): `me { games(toAct: true) }`, `ratings`, `player`,
// `createPlayer`, subscription `myUpdates`; and the scope rule of player keys: a mutation
// with a read-only key (header, variables or arguments) is refused before it runs.
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime.js';
import { chatTopic } from '../service/bus.js';
import { ServiceError } from '../service/errors.js';
import { playersOf } from './feature.js';
import { isPlayerKey } from './keys.js';
import { playerTopic } from './notify.js';
import { sqlOf } from './players.js';
import { leaderboard, profile } from './ratings.js';

interface Ctx {
  reply?: { request: { headers: Record<string, string | string[] | undefined> } };
  token?: string | null;
  pubsub: { subscribe(topic: string | string[]): Promise<AsyncIterable<unknown>> };
}

function keyOf(ctx: Ctx, arg?: string | null): string | null {
  if (arg) return arg;
  if (ctx.token) return ctx.token;
  const h = ctx.reply?.request.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m ? m[1] : null;
}

export function playerResolvers(rt: Runtime) {
  const players = playersOf(rt);
  return {
    Query: {
      me: async (_: unknown, a: { token?: string }, ctx: Ctx) => {
        const c = await players.authenticate(keyOf(ctx, a.token), 'read');
        return { ...(await players.me(c.playerId)), _player: c.playerId };
      },
      ratings: (_: unknown, a: { ruleset: string; limit?: number; offset?: number }) => leaderboard(rt, a.ruleset, a.limit ?? 50, a.offset ?? 0),
      player: (_: unknown, a: { id: string }) => profile(rt, a.id),
    },
    Me: {
      games: (m: { _player: string }, a: { toAct?: boolean; limit?: number; cursor?: string }) => players.games(m._player, a),
    },
    Mutation: {
      createPlayer: async (_: unknown, a: { name: string; discordId?: string }) => {
        try {
          return { ...(await players.create(a.name, a.discordId)), userErrors: [] };
        } catch (err) {
          if (err instanceof ServiceError && err.status < 500) return { userErrors: [err.toJSON()] };
          throw err;
        }
      },
    },
    Subscription: {
      myUpdates: {
        subscribe: async (_: unknown, a: { token?: string }, ctx: Ctx) => {
          const c = await players.authenticate(keyOf(ctx, a.token), 'read');
          // The feed, and the table talk of the games the player sits in when subscribing.
          const games = await sqlOf(rt).query<{ gameId: string }>(
            `SELECT DISTINCT s.game_id AS "gameId" FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = $1::text AND g.status = 'active' LIMIT 200`, [c.playerId],
          );
          return ctx.pubsub.subscribe([playerTopic(c.playerId), ...games.map((g) => chatTopic(g.gameId))]);
        },
        // A chat notice becomes a `chat` event whose id is the message's (chat ids count apart from the feed's).
        resolve: (e: Record<string, unknown>) => (typeof e.type === 'string' ? e : { id: e.id, type: 'chat', gameId: e.gameId, data: { seat: e.seat, text: e.text, at: e.at } }),
      },
    },
  };
}

/** Merges the players' resolvers into the app's (type by type). */
export function withPlayerResolvers<T extends Record<string, any>>(base: T, rt: Runtime): T {
  const extra = playerResolvers(rt) as Record<string, any>;
  const out: Record<string, any> = { ...base };
  for (const [type, fields] of Object.entries(extra)) out[type] = { ...(out[type] ?? {}), ...fields };
  return out as T;
}

/** A mutation carrying a player key without the 'act' scope is refused (REST does the same per request). */
export function playerGraphqlHooks(app: FastifyInstance, rt: Runtime) {
  const players = playersOf(rt);
  (app as unknown as { graphql: { addHook(name: string, f: (...a: any[]) => Promise<void>): void } }).graphql.addHook('preExecution', async (_schema, document, context, variables) => {
    const ops = (document as { definitions: { kind: string; operation?: string }[] }).definitions.filter((d) => d.kind === 'OperationDefinition');
    if (!ops.some((d) => d.operation === 'mutation')) return;
    const found = new Set<string>();
    const h = (context as Ctx).reply?.request.headers.authorization;
    const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
    if (m && isPlayerKey(m[1])) found.add(m[1]);
    const text = JSON.stringify(document) + JSON.stringify(variables ?? {});
    for (const k of text.match(/pk_k[A-Za-z0-9]{15}\.[A-Za-z0-9_-]{16,64}/g) ?? []) found.add(k);
    for (const k of found) await players.authenticate(k, 'act');
  });
}
