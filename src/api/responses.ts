// The response contract of the REST door (issue #15): every operation's 2xx body as a named
// schema (components.schemas in the OpenAPI document), and the same schemas drive Fastify's
// serialization (fast-json-stringify), so the document cannot drift from what is sent.
// Routes keep their own definitions; the table RESPONSES below gives each operation its body
// (an `onRoute` hook fills it in), and every inline `Error` schema becomes a reference to the
// one component. Objects that other routes may grow stay open (additionalProperties: true):
// what is listed is checked and typed, a field added later is still sent.
import { Type as T, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { PLAYER_SCHEMAS } from '../players/schemas.js';
import { ANALYSIS_SCHEMAS } from './analysis-routes.js';
import { CAMPAIGN_SCHEMAS } from './campaigns.js';
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
  sandbox: T.Boolean({ description: 'a sandbox (analysis) game (docs/ANALYSIS.md)' }),
  rated: T.Boolean({ description: 'false for a sandbox: its results never count' }),
  takebacks: T.Boolean({ description: "the game's options allow takebacks with consent" }),
  takeback: Nullable(ref('PendingTakeback') as unknown as TSchema),
}, { $id: 'Game', ...open });

export const CreatedGame = T.Object({
  id: T.String(), ruleset: T.String(), scenario: T.String(), version: T.Integer(), seedHash: T.String(),
  seats: T.Array(T.Object({
    index: T.Integer(), name: T.String(), kind: T.String(), aiLevel: Nullable(T.String()),
    token: Nullable(T.String({ description: "the seat token, shown only here (null: AI, open or a player's seat)" })),
    player: T.Optional(T.String({ description: "the player the seat is bound to (the player's keys act for it)" })),
  }, open)),
  toAct: ref('ToAct') as unknown as TSchema,
  sandbox: T.Boolean({ description: 'a sandbox (analysis) game: never rated, rewound by forking' }),
  analysisToken: T.Optional(T.String({ description: "a sandbox's one token for every human seat (X-Seat picks the seat), shown only here" })),
  invitation: T.Optional(T.String({ description: 'the invitation code (created with invite: true), shown only here' })),
}, { $id: 'CreatedGame', ...open });

export const GameSummary = T.Object({
  id: T.String(), ruleset: T.String(), scenario: T.String(), status: T.Union([T.Literal('active'), T.Literal('finished')]),
  version: T.Integer(), createdAt: T.String({ format: 'date-time' }),
  sandbox: T.Optional(T.Boolean({ description: 'a sandbox (analysis) game' })),
  openSeats: T.Optional(T.Integer({ description: 'with open=true (the lobby): human seats nobody has taken' })),
  rated: T.Optional(T.Boolean({ description: 'with open=true (the lobby): a rated game' })),
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
    actions: T.Array(T.Object({ type: T.String() }, { additionalProperties: T.Unknown(), description: 'a legal action, as it may be submitted (its fields are the game\'s: see <Game>Action)' })),
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
  chain: T.Union([T.Literal('v1'), T.Literal('v2')], { description: "the hash chain's format (docs/VERIFY.md): v1, a state hash per entry (games created before chain v2); v2, entry and events per entry with state checkpoints" }),
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
  ChoicesResponse, QueryResponse, ScenarioDataResponse, StreamTicket, ...PLAYER_SCHEMAS, ...ANALYSIS_SCHEMAS, ...CAMPAIGN_SCHEMAS,
];

/**
 * Each operation's success: status and named body (none: an empty 204, or a stream), or `media`
 * for a body that is not JSON (pictures). Every /v1 route is listed (tests/api/contract.test.ts).
 */
const RESPONSES: Record<string, { status: number; schema?: string; media?: string; description: string }> = {
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
  'GET /v1/games/:id/board.svg': { status: 200, media: 'image/svg+xml', description: 'the picture; ETag, X-Game-Version' },
  'GET /v1/games/:id/board.png': { status: 200, media: 'image/png', description: 'the picture; ETag, X-Game-Version' },
  // Players (docs/PLAYERS.md)
  'POST /v1/players': { status: 201, schema: 'NewPlayer', description: 'the player and its first key (shown only here)' },
  'GET /v1/players/:id': { status: 200, schema: 'PlayerProfile', description: "the player's public profile" },
  'GET /v1/me': { status: 200, schema: 'Me', description: 'the player behind the key' },
  'PATCH /v1/me': { status: 200, schema: 'Me', description: 'the player as changed' },
  'GET /v1/me/keys': { status: 200, schema: 'PlayerKeys', description: "the player's keys, without secrets" },
  'POST /v1/me/keys': { status: 201, schema: 'NewPlayerKey', description: 'the new key (shown only here)' },
  'DELETE /v1/me/keys/:kid': { status: 204, description: 'revoked' },
  'GET /v1/me/games': { status: 200, schema: 'Inbox', description: "a page of the player's games" },
  'POST /v1/me/vacation': { status: 200, schema: 'Vacation', description: 'the vacation as it now stands' },
  'POST /v1/games/:id/join': { status: 201, schema: 'PlayerSeat', description: 'the seat, now bound to the player' },
  'POST /v1/invitations/:code/accept': { status: 201, schema: 'PlayerSeat', description: 'the seat, now bound to the player' },
  'GET /v1/games/:id/players': { status: 200, schema: 'GamePlayers', description: "the game's seats, their players and vacations" },
  'GET /v1/ratings/:ruleset': { status: 200, schema: 'Leaderboard', description: 'a page of the leaderboard, and the AI levels\' reference ratings' },
  'POST /v1/me/webhooks': { status: 201, schema: 'PlayerWebhook', description: 'the webhook, with its signing secret (shown only here)' },
  'GET /v1/me/webhooks': { status: 200, schema: 'PlayerWebhookList', description: "the player's webhooks" },
  'DELETE /v1/me/webhooks/:wid': { status: 204, description: 'removed' },
  'GET /v1/me/webhooks/:wid/deliveries': { status: 200, schema: 'PlayerNotices', description: 'messages of the webhook, sent or waiting' },
  'GET /v1/me/events': { status: 200, description: 'text/event-stream: `turn`, `move`, `game_over` (id: the feed position) and `chat` events' },
  // Analysis (docs/ANALYSIS.md)
  'GET /v1/rulesets/:id/position-schema': { status: 200, schema: 'PositionSchema', description: "the ruleset's position format" },
  'GET /v1/games/:id/position': { status: 200, schema: 'Position', description: 'the game at that version as a position' },
  'POST /v1/games/:id/fork': { status: 201, schema: 'CreatedGame', description: 'the sandbox game, with its analysis token (shown only here)' },
  'POST /v1/games/:id/takebacks': { status: 200, schema: 'TakebackResult', description: 'the request is logged (or, with no one to ask, the takeback)' },
  'POST /v1/games/:id/takebacks/answer': { status: 200, schema: 'TakebackResult', description: 'the answer is logged (the last approval takes back)' },
  // Campaigns (docs/CAMPAIGNS.md)
  'POST /v1/campaigns': { status: 201, schema: 'CreatedCampaign', description: 'the campaign, with each seat token (shown only here)' },
  'POST /v1/campaigns/:id/games': { status: 201, schema: 'CampaignGame', description: "the campaign's next game" },
  'GET /v1/campaigns/:id': { status: 200, schema: 'Campaign', description: 'the campaign' },
  'GET /healthz': { status: 200, schema: 'Health', description: 'the process runs' },
  'GET /readyz': { status: 200, schema: 'Health', description: 'ready to serve (503 with the same body when the store is down)' },
};

const ERROR_TEXT: Record<number, string> = {
  400: 'invalid request (code names the problem)', 401: 'missing or unknown seat token or player key', 403: 'forbidden: not your seat or decision, or the key lacks the scope',
  404: 'not found', 409: 'state conflict: not your turn, version conflict, game over', 413: 'body too large',
  415: 'unsupported media type (JSON only)', 422: 'the rules refuse the action', 429: 'rate limited (see retry-after)',
  503: 'store unavailable (see retry-after)',
};

/**
 * Registers the named schemas and the hook that gives each route its response schemas.
 * Call before any route is added (the hook sees only routes added after it).
 */
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
          : { description: op.description, content: { [op.media ?? 'text/event-stream']: { schema: op.media ? { type: 'string', format: 'binary' } : { type: 'string' } } } };
      if (!route.url.startsWith('/v1/rulesets') && route.url !== '/healthz' && route.url !== '/readyz') {
        for (const c of [400, 401, 404, 429]) response[c] ??= { description: ERROR_TEXT[c], ...ref('Error') };
      }
      if (methods[0] === 'POST' || methods[0] === 'PUT' || methods[0] === 'PATCH') for (const c of [413, 415]) response[c] ??= { description: ERROR_TEXT[c], ...ref('Error') };
      if (route.url === '/readyz') response[503] = { description: ERROR_TEXT[503], ...ref('Health') };
      else response[503] ??= { description: ERROR_TEXT[503], ...ref('Error') };
    }
    if (Object.keys(response).length) route.schema = { ...route.schema, response };
  });
}
