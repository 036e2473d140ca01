// The input contract of both doors. REST hands these schemas to Fastify (validation + the
// OpenAPI document); GraphQL's resolvers reach the service, which checks the same schemas
// here. One copy: a limit changed here changes in both doors (tests/ops/input-parity.test.ts).
// A refusal is 400 `invalid_request` with ajv's errors as details, as Fastify answers REST.
import { Type as T, type Static, type TSchema } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import { ServiceError } from './errors.js';

export const LIMITS = {
  name: 64,
  idempotencyKey: 128,
  decision: 128,
  seats: 8,
  /** One bot decision may think at most this long (ms); the bot pool also caps it (SKYEYE_AI_MAX_BUDGET_MS). */
  budgetMs: { min: 10, max: 60_000 },
  iterations: 1_000_000,
  deadlineSeconds: 30 * 24 * 3600,
  listGames: 200,
  log: 1000,
  chat: 500,
  chatText: 500,
} as const;

export const AI_LEVELS = ['random', 'greedy', 'mcts'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];
export const AiLevelSchema = T.Union([
  ...AI_LEVELS.map((l) => T.Literal(l)),
  // A ruleset's own bot (Undaunted 'house-normal'); the service checks the ruleset offers it.
  T.String({ pattern: '^[a-z][a-z0-9-]{0,40}$', description: "a ruleset's own bot level (e.g. Undaunted 'house-normal')" }),
]);

const Name = T.String({ minLength: 1, maxLength: LIMITS.name });
const Seconds = (min: number) => T.Integer({ minimum: min, maximum: LIMITS.deadlineSeconds });

export const AiSpecSchema = T.Object({
  level: AiLevelSchema,
  budgetMs: T.Optional(T.Integer({ minimum: LIMITS.budgetMs.min, maximum: LIMITS.budgetMs.max, description: 'MCTS thinking time per decision, ms' })),
  iterations: T.Optional(T.Integer({ minimum: 1, maximum: LIMITS.iterations })),
}, { additionalProperties: false });

export const SeatSpec = T.Object({
  name: Name,
  ai: T.Optional(T.Union([T.Null(), AiSpecSchema])),
  open: T.Optional(T.Boolean({ description: 'leave the seat to be claimed later (no token now)' })),
  player: T.Optional(T.String({ pattern: '^p_[A-Za-z0-9]{4,40}$', description: "bind the seat to a player (p_…): no seat token, the player's keys act for it" })),
}, { additionalProperties: false });

export const DeadlinePolicy = T.Object({
  turnSeconds: T.Optional(Seconds(1)),
  reactionSeconds: T.Optional(Seconds(1)),
  sealedSeconds: T.Optional(Seconds(1)),
  bankSeconds: T.Optional(Seconds(0)),
  onTimeout: T.Optional(T.Union([T.Literal('default'), T.Literal('bot')])),
  botLevel: T.Optional(T.Union(AI_LEVELS.map((l) => T.Literal(l)))),
}, { additionalProperties: false });

/** A sandbox game (docs/ANALYSIS.md): never rated, marked everywhere. */
export const SandboxSpec = T.Object({
  position: T.Optional(T.Any({ description: "a position in the ruleset's position format (GET /v1/rulesets/:id/position-schema); absent: the scenario's set-up" })),
  dice: T.Optional(T.Record(T.String(), T.Array(T.Any(), { maxItems: 10_000 }), { description: 'scripted outcomes per random stream (fork label), consumed in order, then the seeded stream' })),
  analysisToken: T.Optional(T.Boolean({ description: 'one token that acts for every seat (X-Seat header picks one)' })),
}, { additionalProperties: false });

/** Takebacks with consent (docs/ANALYSIS.md); off by default. */
export const TakebackSpec = T.Object({
  allow: T.Boolean(),
  ai: T.Optional(T.Union([T.Literal('approve'), T.Literal('refuse')], { description: 'what AI seats answer (default approve)' })),
  seconds: T.Optional(T.Integer({ minimum: 10, maximum: LIMITS.deadlineSeconds, description: 'how long the other seats have to answer (default 86400)' })),
}, { additionalProperties: false });

export const CreateGameBody = T.Object({
  ruleset: T.String({ minLength: 1, maxLength: 64 }),
  scenario: T.Optional(T.String({ minLength: 1, maxLength: 64, description: "a scenario id of GET /v1/rulesets; absent: the ruleset's first scenario played with this many seats" })),
  seats: T.Array(SeatSpec, { minItems: 1, maxItems: LIMITS.seats }),
  options: T.Optional(T.Record(T.String(), T.Any())),
  deadlines: T.Optional(DeadlinePolicy),
  sandbox: T.Optional(SandboxSpec),
  takebacks: T.Optional(TakebackSpec),
  rated: T.Optional(T.Boolean({ description: 'a rated game: Glicko-2 ratings of the seated players change when it ends (every human seat must be bound to a player)' })),
  unlisted: T.Optional(T.Boolean({ description: 'not shown in the lobby (GET /v1/games?open=true): reachable only by id or invitation' })),
  invite: T.Optional(T.Boolean({ description: 'also return an invitation code (shown once) with which a player claims an open seat' })),
}, { additionalProperties: false });
export type CreateGameBody = Static<typeof CreateGameBody>;

export const IdempotencyKey = T.String({ minLength: 1, maxLength: LIMITS.idempotencyKey });

export const SubmitOptions = T.Object({
  expectedVersion: T.Optional(T.Integer({ minimum: 0 })),
  decision: T.Optional(T.String({ minLength: 1, maxLength: LIMITS.decision })),
  idempotencyKey: T.Optional(IdempotencyKey),
});

export const ListQuery = T.Object({
  status: T.Optional(T.Union([T.Literal('active'), T.Literal('finished')])),
  open: T.Optional(T.Boolean({ description: 'the lobby: active listed games with an open seat' })),
  limit: T.Optional(T.Integer({ minimum: 1, maximum: LIMITS.listGames, default: 50 })),
  offset: T.Optional(T.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'older clients: skip this many (a cursor is steadier)' })),
  cursor: T.Optional(T.String({ minLength: 1, maxLength: 512, description: "the previous page's nextCursor" })),
});

export const AfterQuery = T.Object({
  after: T.Optional(T.Integer({ minimum: 0, default: 0 })),
  limit: T.Optional(T.Integer({ minimum: 1, maximum: LIMITS.log, default: 500 })),
});

export const ChatQuery = T.Object({
  after: T.Optional(T.Integer({ minimum: 0, default: 0 })),
  limit: T.Optional(T.Integer({ minimum: 1, maximum: LIMITS.chat, default: 200 })),
});

export const ClaimBody = T.Optional(T.Object({ name: T.Optional(Name) }, { additionalProperties: false }));
export const ChatBody = T.Object({ text: T.String({ minLength: 1, maxLength: LIMITS.chatText }) }, { additionalProperties: false });

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new WeakMap<TSchema, ValidateFunction>();

/**
 * GraphQL passes null for an optional argument given as null: the same as absent here, as
 * in REST where the field is left out. Only the envelope is cleaned (not `options`, whose
 * values belong to the ruleset).
 */
function dropNulls(v: unknown, depth = 0): unknown {
  if (depth > 3 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => dropNulls(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === null && k !== 'ai') continue;
    out[k] = k === 'options' || k === 'position' || k === 'dice' ? x : dropNulls(x, depth + 1);
  }
  return out;
}

/** Checks `value` against `schema`: the value without its nulls, or 400 invalid_request. */
export function checkInput<S extends TSchema>(schema: S, value: unknown, what: string): Static<S> {
  let f = compiled.get(schema);
  if (!f) {
    f = ajv.compile(schema);
    compiled.set(schema, f);
  }
  const v = dropNulls(value);
  if (!f(v)) {
    const e = f.errors ?? [];
    const first = e[0];
    const where = first ? `${what}${first.instancePath.replace(/\//g, '.')}` : what;
    throw new ServiceError(400, 'invalid_request', `${where} ${first?.message ?? 'is invalid'}`, e);
  }
  return v as Static<S>;
}
