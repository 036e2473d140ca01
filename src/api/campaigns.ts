// REST routes of campaigns (docs/CAMPAIGNS.md): create, start the next game, read.
import { Type as T, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime.js';
import { CampaignService, CreateCampaignBody } from '../service/campaigns.js';
import type { GameService } from '../service/game-service.js';
import { bearer } from './auth.js';
import { ErrorBody } from './schemas.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const CampaignIdParams = T.Object({ id: T.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

// Answers: named response schemas (registered by responses.ts), open like the rest of the contract.
const open = { additionalProperties: true };
const ref = (id: string) => ({ $ref: `${id}#` }) as unknown as TSchema;
const Nullable = <S extends TSchema>(s: S) => T.Union([s, T.Null()]);
const CampaignSeat = T.Object({ index: T.Integer(), name: T.String(), kind: T.String(), aiLevel: Nullable(T.String()) }, open);

export const CreatedCampaign = T.Object({
  id: T.String(), ruleset: T.String(), generator: T.String(),
  next: T.String({ description: 'the scenario of the first game (POST /v1/campaigns/{id}/games starts it)' }),
  seats: T.Array(T.Object({
    index: T.Integer(), name: T.String(), kind: T.String(), aiLevel: Nullable(T.String()),
    token: Nullable(T.String({ description: 'the campaign seat token, shown only here: it plays this seat in every game of the campaign (null: AI)' })),
  }, open)),
}, { $id: 'CreatedCampaign', ...open });

export const CampaignGame = T.Object({
  campaign: T.String(), n: T.Integer({ minimum: 1, description: "the game's place in the campaign" }),
  carriedIn: T.Unknown({ description: 'what the game was started from (options.carry), null for the first' }),
  game: T.Object({
    id: T.String(), ruleset: T.String(), scenario: T.String(), version: T.Integer(), seedHash: T.String(),
    seats: T.Array(T.Object({ index: T.Integer(), name: T.String(), kind: T.String(), aiLevel: Nullable(T.String()) }, open), { description: "the campaign seat tokens play the game's human seats" }),
    toAct: ref('ToAct'),
    sandbox: T.Boolean(),
  }, open),
}, { $id: 'CampaignGame', ...open });

export const CampaignBody = T.Object({
  id: T.String(),
  ruleset: T.String(),
  generator: T.String(),
  status: T.Union([T.Literal('active'), T.Literal('complete')], { description: 'complete: the generator has no next game' }),
  seats: T.Array(CampaignSeat),
  games: T.Array(T.Object({
    n: T.Integer({ minimum: 1 }), id: T.String(), scenario: T.String(), status: T.String(),
    result: T.Any({ description: "the game's result, null while it runs" }),
    carriedIn: T.Any({ description: 'what the game was started from (options.carry), null for the first' }),
  }, open)),
  carried: T.Any({ description: "the ruleset's carry(final state) of the last finished game: what the next game starts from; null before the first ends" }),
  next: T.Union([T.String(), T.Null()], { description: 'the scenario the generator would start next (null while a game runs or when complete)' }),
  createdAt: T.String({ format: 'date-time' }),
}, { $id: 'Campaign', ...open });

export const CAMPAIGN_SCHEMAS: TSchema[] = [CreatedCampaign, CampaignGame, CampaignBody];

const services = new WeakMap<GameService, CampaignService>();
/** One CampaignService per GameService (REST and GraphQL share it). */
export function campaignsOf(svc: GameService): CampaignService {
  let c = services.get(svc);
  if (!c) services.set(svc, (c = new CampaignService(svc)));
  return c;
}

export async function campaignRoutes(app: FastifyInstance, rt: Runtime) {
  const campaigns = () => campaignsOf(rt.service);

  app.post('/v1/campaigns', {
    schema: {
      tags: ['campaigns'], summary: 'Create a campaign of a ruleset that says what carries (carry); campaign seat tokens are shown only in this answer and play every game of it',
      body: CreateCampaignBody, response: { 201: ref('CreatedCampaign'), ...errors },
    },
  }, async (req, reply) => {
    const out = await campaigns().create(req.body);
    reply.code(201).header('location', `/v1/campaigns/${out.id}`);
    return out;
  });

  app.post('/v1/campaigns/:id/games', {
    schema: {
      tags: ['campaigns'], summary: "Start the campaign's next game from what it carries (campaign seat token); 409 previous_game_not_finished while the last one runs",
      params: CampaignIdParams, response: { 201: ref('CampaignGame'), ...errors },
    },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const out = await campaigns().startNext(id, bearer(req));
    reply.code(201).header('location', `/v1/games/${out.game.id}`);
    return out;
  });

  app.get('/v1/campaigns/:id', {
    schema: { tags: ['campaigns'], summary: 'The campaign: its seats, games in order, carried state and next scenario', params: CampaignIdParams, response: errors },
  }, async (req) => campaigns().get((req.params as { id: string }).id));
}
