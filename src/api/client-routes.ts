// REST routes for what a client needs beside the game (issue #15): choices, queries and the
// static data of a scenario. Logic in src/service/client-parts.ts (shared with GraphQL).
import type { FastifyInstance } from 'fastify';
import { Type as T } from '@sinclair/typebox';
import type { Runtime } from '../runtime.js';
import { ChoicesArgs, choicesFor, JSON_ARG_MAX, jsonArg, QueryArgs, queryFor, scenarioDataOf } from '../service/client-parts.js';
import { asSeat } from './analysis-routes.js';
import { bearer } from './auth.js';
import { ErrorBody, GameIdParams } from './schemas.js';
import { streamTicketRoutes } from './stream-tickets.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const ChoicesResponse = T.Object({
  version: T.Integer(),
  decision: T.String({ description: 'the decision the choice is for' }),
  kind: T.String(),
  partial: T.Record(T.String(), T.Unknown(), { description: 'the fields chosen so far, as sent' }),
  choice: T.Record(T.String(), T.Unknown(), {
    description: 'the next step: {done:true[, optional]} when `partial` is a whole legal action, else {field, oneOf:[{value,label}]} (or int, subset, step, point)',
  }),
}, { $id: 'Choices', additionalProperties: false });

export const QueryResponse = T.Object({
  version: T.Integer(),
  name: T.String(),
  result: T.Unknown({ description: "the ruleset's answer (null: unknown query or arguments)" }),
}, { $id: 'QueryResult', additionalProperties: false });

export const ScenarioDataResponse = T.Object({
  ruleset: T.String(),
  version: T.String(),
  scenario: T.String(),
  title: T.String(),
  data: T.Record(T.String(), T.Unknown(), { description: "the ruleset's scenarioData: map (grid or spaces with adjacency and elevation), unit and card definitions, set-up" }),
}, { $id: 'ScenarioData', additionalProperties: false });

export async function clientRoutes(app: FastifyInstance, rt: Runtime) {
  const svc = rt.service;
  await streamTicketRoutes(app, rt);
  app.get('/v1/games/:id/choices', {
    schema: {
      tags: ['play'], summary: "Field-by-field building of an action for one of the caller's open decisions (buttons)",
      params: GameIdParams,
      querystring: T.Object({
        decision: T.Optional({ ...ChoicesArgs.properties.decision, description: "the decision (default: the caller's only open one)" }),
        partial: T.Optional(T.String({ maxLength: JSON_ARG_MAX, description: 'JSON object of the fields chosen so far, e.g. {"type":"move"}' })),
      }),
      response: { 200: ChoicesResponse, ...errors },
    },
  }, async (req) => {
    const { id } = req.params as { id: string };
    const q = req.query as { decision?: string; partial?: string };
    const seat = svc.requireSeat(await svc.authenticate(id, bearer(req), asSeat(req))); // X-Seat: a sandbox's analysis token, as every route
    return choicesFor(svc, id, seat, q.decision, jsonArg(q.partial, 'partial'));
  });

  app.get('/v1/games/:id/query/:name', {
    schema: {
      tags: ['play'], summary: "A ruleset query (reach, los, odds, range, ...) answered from the caller's view",
      params: T.Object({ id: GameIdParams.properties.id, name: QueryArgs.properties.name }),
      querystring: T.Object({ args: T.Optional(T.String({ maxLength: JSON_ARG_MAX, description: 'JSON object of the query\'s arguments, e.g. {"unit":"M1"}' })) }),
      response: { 200: QueryResponse, ...errors },
    },
  }, async (req) => {
    const { id, name } = req.params as { id: string; name: string };
    const q = req.query as { args?: string };
    const seat = await svc.authenticate(id, bearer(req), asSeat(req));
    return queryFor(svc, id, seat, name, jsonArg(q.args, 'args'));
  });

  app.get('/v1/rulesets/:id/scenarios/:sid', {
    schema: {
      tags: ['rulesets'], summary: "A scenario's static data: the map, unit and card definitions and the set-up",
      security: [],
      params: T.Object({ id: T.String({ minLength: 1, maxLength: 64 }), sid: T.String({ minLength: 1, maxLength: 64 }) }),
      response: { 200: ScenarioDataResponse, ...errors },
    },
  }, async (req) => {
    const { id, sid } = req.params as { id: string; sid: string };
    return scenarioDataOf(id, sid);
  });
}
