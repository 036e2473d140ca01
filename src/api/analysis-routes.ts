// REST routes of analysis (docs/ANALYSIS.md): position schemas and exports, forks, takebacks.
import { Type as T, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../runtime.js';
import { positionSchema } from '../service/analysis-ops.js';
import { ErrorBody, GameIdParams } from './schemas.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** `X-Seat: n`: the seat a sandbox's analysis token acts as (default: the seat to move). */
export function asSeat(req: FastifyRequest): number | undefined {
  const h = req.headers['x-seat'];
  if (typeof h !== 'string' || !/^\d{1,2}$/.test(h)) return undefined;
  return Number(h);
}

export const ForkBody = T.Object({ version: T.Integer({ minimum: 0 }) }, { additionalProperties: false });
export const TakebackBody = T.Object({ to: T.Integer({ minimum: 0, description: 'the version to go back to' }) }, { additionalProperties: false });
export const TakebackAnswerBody = T.Object({ approve: T.Boolean() }, { additionalProperties: false });
// Answers (named response schemas, registered by responses.ts; open like the rest of the contract).
const open = { additionalProperties: true };
const ref = (id: string) => ({ $ref: `${id}#` }) as unknown as TSchema;

export const PositionSchema = T.Object({
  ruleset: T.String(), version: T.String({ description: 'the ruleset version' }),
  schema: T.Record(T.String(), T.Unknown(), { description: 'JSON Schema of a position of this ruleset' }),
  streams: T.Record(T.String(), T.Unknown(), { description: 'the random streams a sandbox may script, by fork label' }),
}, { $id: 'PositionSchema', ...open });

export const Position = T.Object({
  ruleset: T.String(), scenario: T.String(), version: T.Integer({ description: 'the game version the position is of' }),
  from: T.Union([T.Literal('finished'), T.Literal('view')], { description: "finished: the full state (ended game or sandbox); view: a state consistent with the caller's own view" }),
  position: T.Unknown({ description: "the position, in the ruleset's position format (GET /v1/rulesets/{id}/position-schema)" }),
}, { $id: 'Position', ...open });

export const PendingTakeback = T.Object({
  seat: T.Integer({ description: 'the seat that asked' }), to: T.Integer({ description: 'the version to go back to' }),
  deadline: T.String({ format: 'date-time' }),
  voters: T.Array(T.Integer(), { description: 'the seats whose approval is needed' }), approved: T.Array(T.Integer()),
  requestedAt: T.Integer({ description: 'the version the request was logged at' }),
  expired: T.Optional(T.Boolean({ description: 'in a game: the deadline has passed (the request may be replaced)' })),
}, { $id: 'PendingTakeback', ...open });

export const TakebackResult = T.Object({
  version: T.Integer(),
  events: T.Array(ref('Event')),
  toAct: ref('ToAct'),
  takeback: T.Union([ref('PendingTakeback'), T.Null()], { description: 'the request still waiting for answers (null once taken back or refused)' }),
  entry: T.Union([T.Literal('takeback_request'), T.Literal('takeback_vote'), T.Literal('takeback')], { description: 'what was logged: the request, a vote, or the takeback itself' }),
}, { $id: 'TakebackResult', ...open });

export const ANALYSIS_SCHEMAS: TSchema[] = [PositionSchema, Position, PendingTakeback, TakebackResult];

const PositionQuery = T.Object({ version: T.Optional(T.Integer({ minimum: 0 })) });
const RulesetParams = T.Object({ id: T.String({ minLength: 1, maxLength: 64 }) });

export async function analysisRoutes(app: FastifyInstance, rt: Runtime, seatOf: (id: string, req: FastifyRequest) => Promise<number | null>) {
  const svc = rt.service;

  app.get('/v1/rulesets/:id/position-schema', {
    schema: { tags: ['analysis'], operationId: 'getPositionSchema', summary: "A ruleset's position format (JSON Schema) and its scriptable random streams", params: RulesetParams, response: errors },
  }, async (req) => positionSchema((req.params as { id: string }).id));

  app.get('/v1/games/:id/position', {
    schema: {
      tags: ['analysis'], operationId: 'getPosition', summary: "The game at a version as a position: the full state once ended (or of a sandbox), else a state consistent with the caller's own view",
      params: GameIdParams, querystring: PositionQuery, response: errors,
    },
  }, async (req) => {
    const { id } = req.params as { id: string };
    return svc.positionAt(id, await seatOf(id, req), (req.query as { version?: number }).version);
  });

  app.post('/v1/games/:id/fork', {
    schema: {
      tags: ['analysis'], operationId: 'forkGame', summary: "A sandbox copy of the game at a version (running game: from the caller's own view only); answers as game creation, with an analysis token",
      params: GameIdParams, body: ForkBody, response: { 201: ref('CreatedGame'), ...errors },
    },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const out = await svc.forkGame(id, await seatOf(id, req), (req.body as { version: number }).version);
    reply.code(201).header('location', `/v1/games/${out.id}`);
    return out;
  });

  app.post('/v1/games/:id/takebacks', {
    schema: { tags: ['analysis'], operationId: 'requestTakeback', summary: 'Ask to take back to an earlier version (when the game allows takebacks); every other human seat must approve', params: GameIdParams, body: TakebackBody, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    return svc.requestTakeback(id, svc.requireSeat(await seatOf(id, req)), (req.body as { to: number }).to);
  });

  app.post('/v1/games/:id/takebacks/answer', {
    schema: { tags: ['analysis'], operationId: 'answerTakeback', summary: "Approve or refuse the pending takeback (the last approval takes it back)", params: GameIdParams, body: TakebackAnswerBody, response: errors },
  }, async (req) => {
    const { id } = req.params as { id: string };
    return svc.answerTakeback(id, svc.requireSeat(await seatOf(id, req)), (req.body as { approve: boolean }).approve);
  });
}
