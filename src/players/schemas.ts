// The players' answers (docs/PLAYERS.md) as named response schemas: components.schemas in the
// OpenAPI document and Fastify's serializers (src/api/responses.ts registers them). Open objects
// like the rest of the contract: a field added later is still sent; tests/api/contract.test.ts
// checks every answer against them with unlisted fields refused, so the lists stay whole.
import { Type as T, type TSchema } from '@sinclair/typebox';

const Nullable = <S extends TSchema>(s: S) => T.Union([s, T.Null()]);
const open = { additionalProperties: true };
const ref = (id: string) => ({ $ref: `${id}#` }) as unknown as TSchema;
const DateTime = (description?: string) => T.String({ format: 'date-time', ...(description ? { description } : {}) });
const Scope = T.Union([T.Literal('read'), T.Literal('act')]);
const Outcome = T.Union([T.Literal('win'), T.Literal('loss'), T.Literal('draw')]);
const Record4 = { games: T.Integer(), wins: T.Integer(), losses: T.Integer(), draws: T.Integer() };

export const NewPlayer = T.Object({
  id: T.String(), name: T.String(), discordId: Nullable(T.String()),
  key: T.String({ description: 'the player key (pk_…), shown only here; stored hashed' }),
  kid: T.String({ description: "the key's id (revoke it with DELETE /v1/me/keys/{kid})" }),
  scopes: T.Array(Scope),
}, { $id: 'NewPlayer', ...open });

export const Vacation = T.Object({
  until: Nullable(DateTime('deadlines of the player\'s games are paused until then (null: not on vacation)')),
  daysUsed: T.Integer({ description: 'vacation days taken this calendar year' }),
  daysLeft: T.Integer({ description: 'vacation days left this calendar year' }),
}, { $id: 'Vacation', ...open });

export const Me = T.Object({
  id: T.String(), name: T.String(), discordId: Nullable(T.String()),
  vacation: ref('Vacation'),
  createdAt: DateTime(),
}, { $id: 'Me', ...open });

export const PlayerProfile = T.Object({
  id: T.String(), name: T.String(), createdAt: DateTime(),
  onVacationUntil: Nullable(DateTime()),
  ratings: T.Array(T.Object({
    ruleset: T.String(), rating: T.Number({ description: 'Glicko-2 rating' }), rd: T.Number({ description: 'rating deviation' }), vol: T.Number({ description: 'volatility' }), ...Record4,
  }, open)),
  record: T.Object(Record4, { ...open, description: 'rated games over every ruleset' }),
  recentGames: T.Array(T.Object({
    id: T.String(), ruleset: T.String(), status: T.String(), seats: T.Array(T.Integer(), { description: "the player's seats" }),
    rated: T.Boolean(), outcome: Nullable(Outcome), updatedAt: DateTime(),
  }, open), { description: 'the 20 latest' }),
}, { $id: 'PlayerProfile', ...open });

export const PlayerKeys = T.Object({
  keys: T.Array(T.Object({
    kid: T.String(), label: Nullable(T.String()), scopes: T.Array(Scope), createdAt: DateTime(), revokedAt: Nullable(DateTime()),
  }, open)),
}, { $id: 'PlayerKeys', ...open });

export const NewPlayerKey = T.Object({
  kid: T.String(), key: T.String({ description: 'the new key, shown only here' }), label: Nullable(T.String()), scopes: T.Array(Scope),
}, { $id: 'NewPlayerKey', ...open });

export const Inbox = T.Object({
  games: T.Array(T.Object({
    id: T.String(), ruleset: T.String(), scenario: T.String(), status: T.Union([T.Literal('active'), T.Literal('finished')]), version: T.Integer(),
    seats: T.Array(T.Integer(), { description: "the player's seats in the game" }),
    toAct: T.Boolean({ description: 'one of those seats has an open decision (a held sealed commit does not count)' }),
    decisions: T.Array(T.Object({ id: T.String(), seat: T.Integer(), kind: T.String(), timing: T.String() }, open)),
    dueAt: Nullable(DateTime('the earliest deadline of those decisions')),
    updatedAt: DateTime(),
  }, open)),
  nextCursor: Nullable(T.String({ description: 'pass as `cursor` for the next page; null on the last' })),
}, { $id: 'Inbox', ...open });

export const PlayerSeat = T.Object({
  gameId: T.String(), index: T.Integer(), name: T.String(),
  player: T.String({ description: "the seat is bound to this player: the player's keys act for it (no seat token)" }),
}, { $id: 'PlayerSeat', ...open });

export const GamePlayers = T.Object({
  gameId: T.String(),
  seats: T.Array(T.Object({
    index: T.Integer(), name: T.String(), kind: T.String(),
    player: Nullable(T.Object({ id: T.String(), name: T.String() }, open)),
    vacationUntil: Nullable(DateTime()),
  }, open)),
  deadlinesPausedUntil: Nullable(DateTime('the latest vacation of a seated player: the game\'s deadlines wait until then')),
}, { $id: 'GamePlayers', ...open });

export const Leaderboard = T.Object({
  ruleset: T.String(),
  players: T.Array(T.Object({
    rank: T.Integer(), id: T.String(), name: T.String(), rating: T.Number(), rd: T.Number(), ...Record4,
  }, open)),
  ai: T.Array(T.Object({ level: T.String(), rating: T.Number(), rd: T.Number() }, { ...open, description: 'the fixed reference rating of an AI level' })),
}, { $id: 'Leaderboard', ...open });

export const PlayerWebhook = T.Object({
  id: T.String(), url: T.String(),
  events: T.Array(T.Union([T.Literal('turn'), T.Literal('move'), T.Literal('game_over')])),
  format: T.Union([T.Literal('json'), T.Literal('discord')]),
  createdAt: T.Optional(DateTime()),
  secret: T.Optional(T.String({ description: 'the signing secret, only in the answer that creates the webhook' })),
}, { $id: 'PlayerWebhook', ...open });

export const PlayerWebhookList = T.Object({ webhooks: T.Array(ref('PlayerWebhook')) }, { $id: 'PlayerWebhookList', ...open });

export const PlayerNotices = T.Object({
  deliveries: T.Array(T.Object({
    id: T.String(), key: T.String({ description: 'the event (one message may coalesce several)' }),
    sentAt: Nullable(DateTime('null: waiting')), status: Nullable(T.Integer({ description: "the receiver's HTTP status" })), error: Nullable(T.String()),
  }, open)),
}, { $id: 'PlayerNotices', ...open });

export const PLAYER_SCHEMAS: TSchema[] = [
  NewPlayer, Vacation, Me, PlayerProfile, PlayerKeys, NewPlayerKey, Inbox, PlayerSeat, GamePlayers, Leaderboard, PlayerWebhook, PlayerWebhookList, PlayerNotices,
];
