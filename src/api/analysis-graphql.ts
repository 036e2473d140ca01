// GraphQL resolvers of analysis (docs/ANALYSIS.md); the types are in schema.graphql.
import type { Seat } from '../engine/types.js';
import { positionSchema } from '../service/analysis-ops.js';
import type { GameService } from '../service/game-service.js';

type WithSeat = (id: string, ctx: any, token?: string | null) => Promise<Seat | null>;
type UserErrors = <T extends object>(run: () => Promise<T>) => Promise<T | { userErrors: unknown[]; version?: number }>;

/** `X-Seat` of the HTTP request: the seat a sandbox's analysis token acts as. */
export function asSeatOf(ctx: { reply?: { request: { headers: Record<string, string | string[] | undefined> } } }): number | undefined {
  const h = ctx.reply?.request.headers['x-seat'];
  return typeof h === 'string' && /^\d{1,2}$/.test(h) ? Number(h) : undefined;
}

export function analysisResolvers(svc: GameService, withSeat: WithSeat, userErrors: UserErrors) {
  return {
    Query: {
      positionSchema: (_: unknown, a: { ruleset: string }) => positionSchema(a.ruleset),
      position: async (_: unknown, a: { gameId: string; version?: number | null; token?: string }, ctx: unknown) =>
        svc.positionAt(a.gameId, await withSeat(a.gameId, ctx, a.token), a.version ?? undefined),
    },
    Mutation: {
      forkGame: (_: unknown, a: { gameId: string; version: number; token?: string }, ctx: unknown) =>
        userErrors(async () => svc.forkGame(a.gameId, await withSeat(a.gameId, ctx, a.token), a.version)),
      requestTakeback: (_: unknown, a: { gameId: string; to: number; token?: string }, ctx: unknown) =>
        userErrors(async () => svc.requestTakeback(a.gameId, svc.requireSeat(await withSeat(a.gameId, ctx, a.token)), a.to)),
      answerTakeback: (_: unknown, a: { gameId: string; approve: boolean; token?: string }, ctx: unknown) =>
        userErrors(async () => svc.answerTakeback(a.gameId, svc.requireSeat(await withSeat(a.gameId, ctx, a.token)), a.approve)),
    },
  };
}
