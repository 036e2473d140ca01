// GraphQL resolvers of campaigns (docs/CAMPAIGNS.md); the types are in schema.graphql.
import { ServiceError } from '../service/errors.js';
import type { GameService } from '../service/game-service.js';
import { campaignsOf } from './campaigns.js';
import { seatsIn } from './graphql-enums.js';

type TokenOf = (ctx: any, token?: string | null) => string | null;
type UserErrors = <T extends object>(run: () => Promise<T>) => Promise<T | { userErrors: unknown[]; version?: number }>;

export function campaignResolvers(svc: GameService, tokenOf: TokenOf, userErrors: UserErrors) {
  const campaigns = () => campaignsOf(svc);
  return {
    Query: {
      campaign: async (_: unknown, a: { id: string }) => {
        try {
          return await campaigns().get(a.id);
        } catch (err) {
          if (err instanceof ServiceError && err.code === 'campaign_not_found') return null;
          throw err;
        }
      },
    },
    Mutation: {
      createCampaign: (_: unknown, a: { input: { seats?: { ai?: { level: string } | null }[] } }) =>
        userErrors(() => campaigns().create({ ...a.input, seats: seatsIn(a.input.seats ?? []) })),
      startCampaignGame: (_: unknown, a: { campaignId: string; token?: string }, ctx: unknown) =>
        userErrors(() => campaigns().startNext(a.campaignId, tokenOf(ctx, a.token))),
    },
  };
}
