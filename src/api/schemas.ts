// Request and response schemas for the REST door (TypeBox → JSON Schema → Fastify validation + OpenAPI).
import { Type as T } from '@sinclair/typebox';

// The input contract shared with GraphQL lives in the service layer (one copy for both doors).
export { AfterQuery, ChatBody, ChatQuery, ClaimBody, CreateGameBody, DeadlinePolicy, ListQuery, SeatSpec } from '../service/input.js';

export const ErrorBody = T.Object({
  error: T.Object({ code: T.String(), message: T.String(), details: T.Any() }),
}, { $id: 'Error' });

export const GameIdParams = T.Object({ id: T.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

export const SubmitBody = T.Object({
  expectedVersion: T.Optional(T.Integer({ minimum: 0 })),
  decision: T.Optional(T.String({ minLength: 1, maxLength: 128 })),
  action: T.Object({ type: T.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: true }),
}, { additionalProperties: false });

export const SubmitQuery = T.Object({
  include: T.Optional(T.Literal('legal', { description: "'legal': the response carries `legal`, the caller's open decisions and legal actions after the move" })),
});

export const SeatParams = T.Object({ id: GameIdParams.properties.id, index: T.Integer({ minimum: 0, maximum: 15 }) });
export const VersionParams = T.Object({ id: GameIdParams.properties.id, version: T.Integer({ minimum: 0 }) });
export const OrdersBody = T.Object({
  orders: T.Array(T.Object({
    id: T.String({ minLength: 1, maxLength: 64 }),
    match: T.Object({ kind: T.Optional(T.String({ maxLength: 64 })), context: T.Optional(T.String({ maxLength: 128 })) }, { additionalProperties: false }),
    rule: T.Any({ description: '{"do":"default"} for any ruleset, or a rule of the ruleset\'s ordersSchema' }),
  }, { additionalProperties: false }), { maxItems: 20 }),
}, { additionalProperties: false });
