// Request and response schemas for the REST door (TypeBox → JSON Schema → Fastify validation + OpenAPI).
import { Type as T } from '@sinclair/typebox';

export const ErrorBody = T.Object({
  error: T.Object({ code: T.String(), message: T.String(), details: T.Any() }),
}, { $id: 'Error' });

export const GameIdParams = T.Object({ id: T.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

export const SeatSpec = T.Object({
  name: T.String({ minLength: 1, maxLength: 64 }),
  ai: T.Optional(T.Union([T.Null(), T.Object({ level: T.Union([T.Literal('random'), T.Literal('greedy'), T.Literal('mcts'), T.String({ pattern: '^[a-z][a-z0-9-]{0,40}$', description: "a ruleset's own bot (e.g. Undaunted 'house-normal')" })]), budgetMs: T.Optional(T.Integer({ minimum: 10, maximum: 60000 })), iterations: T.Optional(T.Integer({ minimum: 1, maximum: 1_000_000 })) })])),
  open: T.Optional(T.Boolean({ description: 'leave the seat to be claimed later (no token now)' })),
}, { additionalProperties: false });

export const DeadlinePolicy = T.Object({
  turnSeconds: T.Optional(T.Integer({ minimum: 1, maximum: 30 * 24 * 3600 })),
  reactionSeconds: T.Optional(T.Integer({ minimum: 1, maximum: 30 * 24 * 3600 })),
  sealedSeconds: T.Optional(T.Integer({ minimum: 1, maximum: 30 * 24 * 3600 })),
  bankSeconds: T.Optional(T.Integer({ minimum: 0, maximum: 30 * 24 * 3600 })),
  onTimeout: T.Optional(T.Union([T.Literal('default'), T.Literal('bot')])),
  botLevel: T.Optional(T.Union([T.Literal('random'), T.Literal('greedy'), T.Literal('mcts')])),
}, { additionalProperties: false });

export const CreateGameBody = T.Object({
  ruleset: T.String({ minLength: 1, maxLength: 64 }),
  scenario: T.Optional(T.String({ minLength: 1, maxLength: 64 })),
  seats: T.Array(SeatSpec, { minItems: 1, maxItems: 8 }),
  options: T.Optional(T.Record(T.String(), T.Any())),
  deadlines: T.Optional(DeadlinePolicy),
}, { additionalProperties: false });

export const SubmitBody = T.Object({
  expectedVersion: T.Optional(T.Integer({ minimum: 0 })),
  decision: T.Optional(T.String({ minLength: 1, maxLength: 128 })),
  action: T.Object({ type: T.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: true }),
}, { additionalProperties: false });

export const SubmitQuery = T.Object({
  include: T.Optional(T.Literal('legal', { description: "'legal': the response carries `legal`, the caller's open decisions and legal actions after the move" })),
});

export const AfterQuery = T.Object({
  after: T.Optional(T.Integer({ minimum: 0, default: 0 })),
  limit: T.Optional(T.Integer({ minimum: 1, maximum: 1000, default: 500 })),
});

export const ListQuery = T.Object({
  status: T.Optional(T.Union([T.Literal('active'), T.Literal('finished')])),
  limit: T.Optional(T.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: T.Optional(T.Integer({ minimum: 0, default: 0 })),
});

export const SeatParams = T.Object({ id: GameIdParams.properties.id, index: T.Integer({ minimum: 0, maximum: 15 }) });
export const VersionParams = T.Object({ id: GameIdParams.properties.id, version: T.Integer({ minimum: 0 }) });
export const ClaimBody = T.Optional(T.Object({ name: T.Optional(T.String({ minLength: 1, maxLength: 64 })) }, { additionalProperties: false }));
export const ChatBody = T.Object({ text: T.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false });
export const ChatQuery = T.Object({
  after: T.Optional(T.Integer({ minimum: 0, default: 0 })),
  limit: T.Optional(T.Integer({ minimum: 1, maximum: 500, default: 200 })),
});
export const OrdersBody = T.Object({
  orders: T.Array(T.Object({
    id: T.String({ minLength: 1, maxLength: 64 }),
    match: T.Object({ kind: T.Optional(T.String({ maxLength: 64 })), context: T.Optional(T.String({ maxLength: 128 })) }, { additionalProperties: false }),
    rule: T.Any({ description: '{"do":"default"} for any ruleset, or a rule of the ruleset\'s ordersSchema' }),
  }, { additionalProperties: false }), { maxItems: 20 }),
}, { additionalProperties: false });
