// The response contract of the REST door (issue #15): every operation's 2xx body as a named
// schema (components.schemas in the OpenAPI document), and the same schemas drive Fastify's
// serialization (fast-json-stringify), so the document cannot drift from what is sent.
// Routes keep their own definitions; the table RESPONSES below gives each operation its body
// (an `onRoute` hook fills it in), and every inline `Error` schema becomes a reference to the
// one component. Objects that other routes may grow stay open (additionalProperties: true):
// what is listed is checked and typed, a field added later is still sent.
import { Type as T, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ChoicesResponse, QueryResponse, ScenarioDataResponse } from './client-routes.js';
import { ErrorBody } from './schemas.js';
import { StreamTicket } from './stream-tickets.js';

const Nullable = <S extends TSchema>(s: S) => T.Union([s, T.Null()]);
const open = { additionalProperties: true };
const ref = (id: string) => ({ $ref: `${id}#` });
const Any = (description?: string) => T.Unknown(description ? { description } : {});
const Obj = (description?: string) => T.Record(T.String(), T.Unknown(), description ? { description } : {});

export const Result = T.Object({
  winners: T.Array(T.Integer(), { description: 'seats that won; empty with draw=true for a draw' }),
  draw: T.Boolean(),
  reason: T.String(),
  scores: T.Optional(T.Record(T.String(), T.Number())),
}, { $id: 'Result', ...open });

export const ToAct = T.Object({
  version: T.Integer(),
  status: T.Union([T.Literal('active'), T.Literal('finished')]),
  seats: T.Array(T.Integer(), { description: 'seats with an open decision (a sealed group stays listed until it closes)' }),
  waitingOnOthers: T.Optional(T.Boolean({ description: "in the answer to a sealed commit: the caller's commit is held until the others commit" })),
}, { $id: 'ToAct', ...open });

export const Event = T.Object({
  type: T.String(),
  data: Any('the event as this viewer may see it (redacted)'),
  text: T.Optional(T.String({ description: "a short text in the rulebook's words, from the viewer's view" })),
}, { $id: 'Event', ...open });

export const Decision = T.Object({
  id: T.String({ description: 'pass it as `decision` when submitting' }),
  seat: T.Integer(),
  kind: T.String(),
  blocking: T.Boolean(),
  group: T.Optional(T.Object({ id: T.String(), mode: T.Union([T.Literal('sealed'), T.Literal('parallel')]) })),
  timing: T.Union([T.Literal('turn'), T.Literal('reaction'), T.Literal('sealed'), T.Literal('setup')]),
  context: T.Array(T.String()),
  exposes: Any('what every seat may know of the decision'),
  prompt: T.Optional(Any('seen by the deciding seat only')),
  committed: T.Optional(T.Boolean({ description: "the caller's own sealed decision: whether its commit is held (waiting on the others)" })),
  held: T.Optional(Any("the caller's held sealed commit (to that seat only)")),
  dueAt: T.Optional(T.String({ format: 'date-time', description: "when the decision's time limit passes (games with deadlines)" })),
  bankSeconds: T.Optional(T.Integer({ description: "what is left of the deciding seat's time bank (games with a bank)" })),
}, { $id: 'Decision', ...open });

const SeatPublic = T.Object({
  index: T.Integer(), name: T.String(), kind: T.String({ description: "'human' or 'ai'" }), aiLevel: Nullable(T.String()), claimed: T.Boolean(),
}, open);

export const Game = T.Object({
  id: T.String(),
  ruleset: T.String(),
  rulesetVersion: T.String(),
  scenario: T.String(),
  version: T.Integer({ description: 'entries in the log after the setup' }),
  status: T.Union([T.Literal('active'), T.Literal('finished')]),
  you: Nullable(T.Integer({ description: "the caller's seat (null: spectator)" })),
  seats: T.Array(SeatPublic),
  pending: T.Array(ref('Decision') as unknown as TSchema, { description: 'open decisions; prompts only for the caller\'s own' }),
  view: Any("the ruleset's view for the caller (nothing hidden from it)"),
  result: Nullable(ref('Result') as unknown as TSchema),
  seedHash: T.String(),
  seed: Nullable(T.String({ description: 'revealed after the end' })),
  createdAt: T.String({ format: 'date-time' }),
  updatedAt: T.String({ format: 'date-time' }),
}, { $id: 'Game', ...open });

export const CreatedGame = T.Object({
  id: T.String(), ruleset: T.String(), scenario: T.String(), version: T.Integer(), seedHash: T.String(),
  seats: T.Array(T.Object({
    index: T.Integer(), name: T.String(), kind: T.String(), aiLevel: Nullable(T.String()),
    token: Nullable(T.String({ description: 'the seat token, shown only here (null: AI or open seat)' })),
  }, open)),
  toAct: ref('ToAct') as unknown as TSchema,
}, { $id: 'CreatedGame', ...open });

export const GameSummary = T.Object({
  id: T.String(), ruleset: T.String(), scenario: T.String(), status: T.Union([T.Literal('active'), T.Literal('finished')]),
  version: T.Integer(), createdAt: T.String({ format: 'date-time' }),
}, { $id: 'GameSummary', ...open });

export const GameList = T.Object({
  games: T.Array(ref('GameSummary') as unknown as TSchema),
  nextCursor: Nullable(T.String({ description: 'pass as `cursor` for the next page; null on the last' })),
  total: T.Integer({ description: 'how many games the list has in all (with these filters)' }),
}, { $id: 'GameList', ...open });

export const Rulesets = T.Object({
  rulesets: T.Array(T.Object({
    id: T.String(), version: T.String(), title: T.String(),
    players: T.Object({ min: T.Integer(), max: T.Integer() }),
    scenarios: T.Array(T.Object({
      id: T.String(), title: T.String(), players: T.Union([T.Integer(), T.Array(T.Integer())]), notes: Nullable(Obj()),
    }, open)),
    optionsSchema: Obj('JSON Schema of the game options'),
  }, open)),
}, { $id: 'Rulesets', ...open });

export const SeatClaim = T.Object({ index: T.Integer(), name: T.String(), token: T.String({ description: 'the seat token, shown only here' }) }, { $id: 'SeatClaim', ...open });

export const LegalActions = T.Object({
  version: T.Integer(),
  decisions: T.Array(T.Object({
    decision: T.String(), kind: T.String(), timing: T.String(), blocking: T.Boolean(),
    group: Nullable(T.Object({ id: T.String(), mode: T.String() })),
    all: T.Boolean({ description: 'false: the list is a sample of a larger legal set' }),
    actions: T.Array(T.Object({ type: T.String() }, { additionalProperties: true, description: 'a legal action, as it may be submitted' })),
    labels: T.Optional(T.Array(T.String(), { description: "a label per action (same order), in the rulebook's words" })),
    committed: T.Optional(T.Boolean({ description: 'a sealed decision: whether the caller has a commit held (a new one replaces it)' })),
    held: T.Optional(Any("the caller's held sealed commit")),
  }, open)),
}, { $id: 'LegalActions', ...open });

export const ActResult = T.Object({
  version: T.Integer(),
  sealed: T.Optional(T.Object({
    group: T.String(), held: T.Boolean(), closed: T.Boolean(),
    replaced: T.Optional(T.Boolean({ description: 'this commit replaced an earlier one of the same seat' })),
  }, open)),
  events: T.Array(ref('Event') as unknown as TSchema),
  toAct: ref('ToAct') as unknown as TSchema,
  legal: T.Optional(ref('LegalActions') as unknown as TSchema),
}, { $id: 'ActResult', ...open });

export const LogPage = T.Object({
  version: T.Integer(),
  entries: T.Array(T.Object({
    seq: T.Integer(),
    kind: T.String({ description: 'answer, sealed, default, resign' }),
    seat: Nullable(T.Integer()),
    decision: Nullable(T.String()),
    action: Nullable(Any('the action (only the acting seat\'s own, or everything after the end)')),
    events: T.Array(ref('Event') as unknown as TSchema),
    hash: Nullable(T.String()),
    at: Nullable(T.String({ format: 'date-time' })),
  }, open)),
}, { $id: 'LogPage', ...open });

export const Verify = T.Object({
  id: T.String(), seed: Nullable(T.String({ description: 'revealed at the end; null for a sandbox game, whose position and dice script are reported instead' })), seedHash: T.String(), seedHashOk: T.Boolean(), ok: T.Boolean(), entries: T.Integer(),
  finalHash: T.Optional(T.String()), result: T.Optional(Nullable(ref('Result') as unknown as TSchema)),
  mismatches: T.Array(T.Object({ seq: T.Integer(), what: T.String() })),
}, { $id: 'Verify', ...open });

const StandingOrder = T.Object({
  id: T.String(), match: T.Object({ kind: T.Optional(T.String()), context: T.Optional(T.String()) }, open), rule: Any(),
}, open);
export const Orders = T.Object({ orders: T.Array(StandingOrder) }, { $id: 'Orders', ...open });
export const OrdersSet = T.Object({
  orders: T.Array(StandingOrder), applied: T.Integer({ description: 'decisions the orders answered at once' }), version: T.Integer(),
}, { $id: 'OrdersSet', ...open });

export const ChatMessage = T.Object({ id: T.Integer(), seat: T.Integer(), text: T.String(), at: T.String({ format: 'date-time' }) }, { $id: 'ChatMessage', ...open });
export const ChatPage = T.Object({ messages: T.Array(ref('ChatMessage') as unknown as TSchema) }, { $id: 'ChatPage', ...open });

export const Webhook = T.Object({
  id: T.String(), url: T.String(), events: T.Array(T.String()), format: T.String(), createdAt: T.String({ format: 'date-time' }),
  secret: T.Optional(T.String({ description: 'the signing secret, only in the answer that creates the webhook' })),
}, { $id: 'Webhook', ...open });
export const WebhookList = T.Object({ webhooks: T.Array(ref('Webhook') as unknown as TSchema) }, { $id: 'WebhookList', ...open });
export const Deliveries = T.Object({
  deliveries: T.Array(T.Object({
    id: T.String(), delivery: T.String(), event: T.String(), attempt: T.Integer(), status: Nullable(T.Integer()), error: Nullable(T.String()),
    at: T.String({ format: 'date-time' }),
  }, open)),
}, { $id: 'Deliveries', ...open });

export const Health = T.Object({
  ok: T.Optional(T.Boolean()), ready: T.Optional(T.Boolean()),
  status: T.String({ description: 'ok, degraded or unavailable' }),
  store: T.Object({ kind: T.String(), up: T.Boolean() }, open),
  queue: T.Object({ kind: T.String(), up: T.Boolean() }, open),
  bus: T.String(),
  jobs: T.Optional(T.String()),
}, { $id: 'Health', ...open });

/** Every named schema, registered once with app.addSchema (components.schemas in the document). */
export const NAMED: TSchema[] = [
  ErrorBody, Result, ToAct, Event, Decision, Game, CreatedGame, GameSummary, GameList, Rulesets, SeatClaim, LegalActions,
  ActResult, LogPage, Verify, Orders, OrdersSet, ChatMessage, ChatPage, Webhook, WebhookList, Deliveries, Health,
  ChoicesResponse, QueryResponse, ScenarioDataResponse, StreamTicket,
];

/** Each operation's success: status and named body (none: an empty 204, or a stream). */
const RESPONSES: Record<string, { status: number; schema?: string; description: string }> = {
  'GET /v1/rulesets': { status: 200, schema: 'Rulesets', description: 'the installed games' },
  'POST /v1/games': { status: 201, schema: 'CreatedGame', description: 'the game, with each seat token (shown only here)' },
  'GET /v1/games': { status: 200, schema: 'GameList', description: 'a page of games, newest first, with the next page\'s cursor and the total' },
  'GET /v1/games/:id': { status: 200, schema: 'Game', description: 'the game as the caller may see it' },
  'POST /v1/games/:id/seats/:index/claim': { status: 201, schema: 'SeatClaim', description: 'the seat and its token (shown only here)' },
  'GET /v1/games/:id/legal-actions': { status: 200, schema: 'LegalActions', description: "the caller's open decisions and their legal actions" },
  'POST /v1/games/:id/actions': { status: 200, schema: 'ActResult', description: 'the move is committed (or, sealed, held)' },
  'GET /v1/games/:id/actions': { status: 200, schema: 'LogPage', description: 'log entries, redacted for the caller' },
  'POST /v1/games/:id/resign': { status: 200, schema: 'ActResult', description: 'the resignation is committed' },
  'GET /v1/games/:id/versions/:version': { status: 200, schema: 'Game', description: 'the game as it stood at that version' },
  'GET /v1/games/:id/verify': { status: 200, schema: 'Verify', description: 'the seed and the re-run of the log' },
  'PUT /v1/games/:id/orders': { status: 200, schema: 'OrdersSet', description: 'the orders, and how many decisions they answered at once' },
  'GET /v1/games/:id/orders': { status: 200, schema: 'Orders', description: "the caller's standing orders" },
  'POST /v1/games/:id/chat': { status: 201, schema: 'ChatMessage', description: 'the message as stored' },
  'GET /v1/games/:id/chat': { status: 200, schema: 'ChatPage', description: 'messages after the given id' },
  'POST /v1/games/:id/webhooks': { status: 201, schema: 'Webhook', description: 'the webhook, with its signing secret (shown only here)' },
  'GET /v1/games/:id/webhooks': { status: 200, schema: 'WebhookList', description: "the game's webhooks" },
  'DELETE /v1/games/:id/webhooks/:wid': { status: 204, description: 'removed' },
  'GET /v1/games/:id/webhooks/:wid/deliveries': { status: 200, schema: 'Deliveries', description: 'every delivery attempt' },
  'POST /v1/games/:id/stream-tickets': { status: 201, schema: 'StreamTicket', description: 'a single-use ticket for the event stream' },
  'GET /v1/games/:id/choices': { status: 200, schema: 'Choices', description: 'the next field to choose' },
  'GET /v1/games/:id/query/:name': { status: 200, schema: 'QueryResult', description: "the ruleset's answer" },
  'GET /v1/rulesets/:id/scenarios/:sid': { status: 200, schema: 'ScenarioData', description: 'the static data of the scenario' },
  'GET /v1/games/:id/events': { status: 200, description: 'text/event-stream: `update` events (id: the version) and `chat` events' },
  'GET /healthz': { status: 200, schema: 'Health', description: 'the process runs' },
  'GET /readyz': { status: 200, schema: 'Health', description: 'ready to serve (503 with the same body when the store is down)' },
};

const ERROR_TEXT: Record<number, string> = {
  400: 'invalid request (code names the problem)', 401: 'missing or unknown seat token', 403: 'not your decision',
  404: 'not found', 409: 'state conflict: not your turn, version conflict, game over', 413: 'body too large',
  415: 'unsupported media type (JSON only)', 422: 'the rules refuse the action', 429: 'rate limited (see retry-after)',
  503: 'store unavailable (see retry-after)',
};

/**
 * Registers the named schemas and the hook that gives each route its response schemas.
 * Call before any route is added (the hook sees only routes added after it).
 */
/** Success statuses of later routes that answer otherwise than POST 201 / else 200. */
const LATER_STATUS: Record<string, number> = {
  'POST /v1/me/vacation': 200,
};

export function responseSchemas(app: FastifyInstance): void {
  for (const s of NAMED) app.addSchema(s);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema?.hide) return;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (!methods.length) return;
    const op = RESPONSES[`${methods[0]} ${route.url}`];
    const response: Record<string, unknown> = {};
    for (const [code, s] of Object.entries((route.schema?.response ?? {}) as Record<string, { $id?: string }>)) {
      // A named schema written inline (Error, ...) becomes a reference to its component.
      response[code] = s && typeof s.$id === 'string' && NAMED.some((n) => n.$id === s.$id) ? { description: ERROR_TEXT[+code] ?? s.$id, ...ref(s.$id) } : s;
    }
    if (op) {
      response[op.status] = op.schema ? { description: op.description, ...ref(op.schema) }
        : op.status === 204 ? { description: op.description, type: 'null' }
          : { description: op.description, content: { 'text/event-stream': { schema: { type: 'string' } } } };
      if (!route.url.startsWith('/v1/rulesets') && route.url !== '/healthz' && route.url !== '/readyz') {
        for (const c of [400, 401, 404, 429]) response[c] ??= { description: ERROR_TEXT[c], ...ref('Error') };
      }
      if (methods[0] === 'POST' || methods[0] === 'PUT') for (const c of [413, 415]) response[c] ??= { description: ERROR_TEXT[c], ...ref('Error') };
      if (route.url === '/readyz') response[503] = { description: ERROR_TEXT[503], ...ref('Health') };
      else response[503] ??= { description: ERROR_TEXT[503], ...ref('Error') };
    }
    // Routes of later features (players, analysis, campaigns) that name no success answer of
    // their own: documented as an open object under the status they answer with, and with the
    // usual errors, so a generated client still types the call (their fields: docs/*.md).
    if (!op && route.url.startsWith('/v1/') && !Object.keys(response).some((c) => c.startsWith('2'))) {
      const status = LATER_STATUS[`${methods[0]} ${route.url}`] ?? (methods[0] === 'POST' ? 201 : 200);
      response[status] = { description: 'OK (fields: see the feature\'s page under docs/)', type: 'object', additionalProperties: true };
      for (const c of [400, 401, 403, 404, 409, 422, 429, 503]) response[c] ??= { description: ERROR_TEXT[c] ?? 'error', ...ref('Error') };
    }
    if (Object.keys(response).length) route.schema = { ...route.schema, response };
  });
}
