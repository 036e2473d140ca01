// Player notifications (issue 19): every commit of a game with players' seats writes one
// 'player' outbox row (same transaction) listing the events for each player: `turn` when a
// human seat's turn starts (once per turn: not per sub-decision of a seat acting several times
// in a row, never for an AI seat), `move` for every entry, `game_over`. The handler stores
// them in the player's event feed (GET /v1/me/events replays it) and queues a message for
// each player webhook that listens. Messages are sent one at a time per webhook, at least
// `minGapMs` apart (Discord allows 5 per 2 s per webhook and 30 per minute per channel: one
// per 2.1 s stays under both), a 429 moves the next send to Discord's retry_after, and a
// message is never sent twice (claimed before the POST, unique per turn). The discord format
// folds a burst into one message: the turn's embed carries the last move; turns pending in
// several games go out together (up to 10 embeds), never two turns of one game in one message.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Type as T } from '@sinclair/typebox';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { openDecisions, publicPart } from '../engine/kernel.js';
import type { Decision, Entry, Seat } from '../engine/types.js';
import { jobKey, type JobMeta } from '../jobs/queue.js';
import type { Runtime } from '../runtime.js';
import { boardPicture, checkUrl, webhookSettings } from '../service/async/webhooks.js';
import { notFound, ServiceError } from '../service/errors.js';
import type { CommitContext } from '../service/game-service.js';
import { publicBase } from '../render/urls.js';
import type { OutboxItem } from '../store/types.js';
import { dueFor, Players, sqlOf } from './players.js';

export const PLAYER_EVENTS = ['turn', 'move', 'game_over'] as const;
export type PlayerEventType = (typeof PLAYER_EVENTS)[number];

export const notifySettings = {
  /** Least time between two messages of one webhook (ms). */
  minGapMs: Number(process.env.SKYEYE_PLAYER_HOOK_GAP_MS) || 2100,
  attempts: 6,
  backoffMs: 2000,
  /** Base of the game links in messages: PUBLIC_BASE_URL (SKYEYE_PUBLIC_URL, its older name, still read). */
  get publicUrl(): string {
    return publicBase() ?? (process.env.SKYEYE_PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  },
};

export const PlayerWebhookBody = T.Object({
  url: T.String({ minLength: 8, maxLength: 2048 }),
  events: T.Array(T.Union(PLAYER_EVENTS.map((e) => T.Literal(e))), { minItems: 1, maxItems: 3, uniqueItems: true }),
  format: T.Optional(T.Union([T.Literal('json'), T.Literal('discord')])),
}, { additionalProperties: false });

export interface PlayerEvent {
  player: string;
  type: PlayerEventType;
  /** Unique per player: the feed and the webhooks store an event once. */
  key: string;
  seat?: Seat;
  data: Record<string, unknown>;
}

const seatName = (c: CommitContext, seat: Seat | null | undefined) =>
  seat === null || seat === undefined ? null : c.before.seats.find((s) => s.index === seat)?.name ?? `seat ${seat}`;

/** A line about an entry that anyone at the table may read (no private action). */
export function moveText(c: CommitContext): string {
  const e = c.entry as Entry<any>;
  if (!e) return 'The game began.';
  switch (e.kind) {
    case 'answer': return `${seatName(c, e.seat)} answered ${decisionKind(c, e.decision)}.`;
    case 'resign': return `${seatName(c, e.seat)} resigned.`;
    case 'default': return `A deadline passed: the default was applied to ${decisionKind(c, e.decision)}.`;
    case 'sealed': return 'The sealed choices were revealed.';
    default: return `${(e as { kind: string }).kind}.`;
  }
}

function decisionKind(c: CommitContext, id: string): string {
  const d = openDecisions(c.before.rs, c.before.k).find((x) => x.id === id);
  return d ? `${d.kind} (${seatName(c, d.seat)})` : `decision ${id}`;
}

/** The turns this commit starts: human seats of players with a new decision, that were not already to act and did not just act themselves. */
export function turnStarts(c: CommitContext): Map<Seat, Decision[]> {
  const out = new Map<Seat, Decision[]>();
  if (c.after.status !== 'active') return out;
  const before = c.entry === null ? [] : openDecisions(c.before.rs, c.before.k);
  const beforeIds = new Set(before.map((d) => d.id));
  const afterIds = new Set(c.decisions.map((d) => d.id));
  const e = c.entry as Entry<any> | null;
  const actor = e && (e.kind === 'answer' || e.kind === 'resign') ? e.seat : null;
  for (const s of c.before.seats) {
    if (s.kind !== 'human' || !s.playerId) continue;
    const fresh = c.decisions.filter((d) => d.seat === s.index && !beforeIds.has(d.id));
    if (!fresh.length) continue;
    if (actor === s.index) continue; // the same seat goes on: a sub-decision, not a new turn
    if (before.some((d) => d.seat === s.index && afterIds.has(d.id))) continue; // was already to act
    out.set(s.index, c.decisions.filter((d) => d.seat === s.index));
  }
  return out;
}

export function playerPlanner(c: CommitContext): OutboxItem[] {
  const bound = c.before.seats.filter((s) => s.playerId);
  if (!bound.length) return [];
  const g = c.before.game;
  const v = c.after.version;
  const game = { id: g.id, ruleset: g.ruleset, title: c.before.rs.title, scenario: g.scenario };
  const seats = c.before.seats.map((s) => ({ index: s.index, name: s.name, kind: s.kind, player: s.playerId ?? null }));
  const players = [...new Set(bound.map((s) => s.playerId!))];
  const events: PlayerEvent[] = [];
  const move = moveText(c);
  if (c.entry !== null) {
    for (const p of players) events.push({ player: p, type: 'move', key: `${g.id}.${v}.move`, data: { game, version: v, text: move } });
  }
  for (const [seat, ds] of turnStarts(c)) {
    const player = c.before.seats.find((s) => s.index === seat)!.playerId!;
    events.push({
      player, type: 'turn', seat, key: `${g.id}.${v}.turn.${seat}`,
      data: { game, version: v, seat, seatName: seatName(c, seat), decisions: ds.map(publicPart), lastMove: move, seats, ...boardPicture(c, v) },
    });
  }
  if (c.after.status === 'finished' && c.before.game.status !== 'finished') {
    for (const p of players) events.push({ player: p, type: 'game_over', key: `${g.id}.${v}.game_over`, data: { game, version: v, result: c.after.result, lastMove: move, seats, ...boardPicture(c, v) } });
  }
  if (!events.length) return [];
  return [{ kind: 'player', dedupKey: String(v), payload: { version: v, events } }];
}

/** Handler of the 'player' outbox rows: the feed, then the webhooks' messages. */
export async function playerEvents(rt: Runtime, data: { gameId: string; version: number; events: PlayerEvent[] }): Promise<void> {
  const sql = sqlOf(rt);
  const turns = data.events.filter((e) => e.type === 'turn');
  if (turns.length) {
    // dueAt: the deadline rows the same commit wrote (pushed back by a vacation, if any).
    const due = (await new Players(rt).dueTimes([data.gameId])).get(data.gameId) ?? new Map<string, Date>();
    let all: Decision[] = [];
    try {
      const g = await rt.service.load(data.gameId);
      all = g.game.status === 'active' ? openDecisions(g.rs, g.k) : [];
    } catch { /* keep the decisions of the event */ }
    for (const e of turns) {
      const ds = (e.data.decisions as Decision[]) ?? [];
      e.data.dueAt = dueFor(ds, all.length ? all : ds, due)?.toISOString() ?? null;
    }
  }
  for (const e of data.events) {
    const ins = await sql.query<{ id: string }>(
      `INSERT INTO player_events (player_id, game_id, type, key, data) VALUES ($1::text, $2::text, $3::text, $4::text, $5::json)
       ON CONFLICT (player_id, key) DO NOTHING RETURNING id::text AS id`,
      [e.player, data.gameId, e.type, e.key, JSON.stringify(e.data)],
    );
    if (ins.length) {
      rt.bus.emit({ topic: playerTopic(e.player), payload: { id: Number(ins[0].id), type: e.type, gameId: data.gameId, data: e.data } } as never);
    }
    if (e.type === 'move') continue; // moves reach webhooks only inside the next turn's message
    const hooks = await sql.query<{ id: string }>(
      `SELECT id FROM player_webhooks WHERE player_id = $1::text AND $2::text = ANY(events)`, [e.player, e.type],
    );
    for (const h of hooks) {
      const n = await sql.query<{ id: string }>(
        `INSERT INTO player_notices (webhook_id, key, body) VALUES ($1::text, $2::text, $3::json)
         ON CONFLICT (webhook_id, key) DO NOTHING RETURNING id::text AS id`,
        [h.id, e.key, JSON.stringify({ event: e.type, player: e.player, gameId: data.gameId, ...e.data })],
      );
      if (n.length) await queueFlush(rt, h.id, `n${n[0].id}`, 0);
    }
  }
}

export const playerTopic = (playerId: string) => `skyeye/player/${playerId}`;

/** After the queue lost its data (src/jobs/epoch.ts): a flush for every player webhook with notices waiting. */
export async function requeueWaitingNotices(rt: Runtime): Promise<number> {
  const rows = await sqlOf(rt).query<{ id: string }>(`SELECT DISTINCT webhook_id AS id FROM player_notices WHERE sent_at IS NULL`, []);
  for (const r of rows) await queueFlush(rt, r.id, laterTag(), 0);
  return rows.length;
}

async function queueFlush(rt: Runtime, webhookId: string, tag: string, delayMs: number): Promise<void> {
  await rt.queue.add({
    name: 'player-hook', jobId: jobKey('player-hook', webhookId, tag), data: { webhookId }, delayMs,
    attempts: notifySettings.attempts, backoffMs: notifySettings.backoffMs,
  });
}

/** A fresh job id for "try again later": a time bucket could be the running job's own id,
 * which the queue ignores, and the webhook's last notices would wait for the next game event. */
const laterTag = () => `t${Date.now()}.${randomBytes(4).toString('hex')}`;

interface Notice { id: string; key: string; body: Record<string, any> }

/** Sends the next message of a webhook, if one waits and the gap since the last has passed. */
export async function flush(rt: Runtime, data: { webhookId: string }, meta: JobMeta): Promise<void> {
  const sql = sqlOf(rt);
  const hooks = await sql.query<{ id: string; playerId: string; url: string; secret: string; format: string; lastSentAt: Date | null }>(
    `SELECT id, player_id AS "playerId", url, secret, format, last_sent_at AS "lastSentAt" FROM player_webhooks WHERE id = $1::text`, [data.webhookId],
  );
  const w = hooks[0];
  if (!w) return;
  const wait = w.lastSentAt ? new Date(w.lastSentAt).getTime() + notifySettings.minGapMs - Date.now() : 0;
  if (wait > 0) return queueFlush(rt, w.id, laterTag(), wait);
  // Claim: the oldest waiting notice of each game (at most 10 games for discord, 1 for json),
  // and the webhook's send slot, in one transaction (two workers never send the same message).
  const claimed = await sql.tx(async (tx) => {
    const slot = await tx.query(
      `UPDATE player_webhooks SET last_sent_at = now() WHERE id = $1::text
         AND (last_sent_at IS NULL OR last_sent_at <= now() - make_interval(secs => $2::float8 / 1000)) RETURNING id`,
      [w.id, notifySettings.minGapMs],
    );
    if (!slot.length) return null;
    const rows = await tx.query<Notice & { gameId: string }>(
      `SELECT id::text AS id, key, body, body->>'gameId' AS "gameId" FROM player_notices WHERE webhook_id = $1::text AND sent_at IS NULL ORDER BY player_notices.id LIMIT 50 FOR UPDATE SKIP LOCKED`,
      [w.id],
    );
    const pick: Notice[] = [];
    const games = new Set<string>();
    for (const r of rows) {
      if (games.has(r.gameId)) continue;
      games.add(r.gameId);
      pick.push(r);
      if (pick.length >= (w.format === 'discord' ? 10 : 1)) break;
    }
    if (pick.length) await tx.query(`UPDATE player_notices SET sent_at = now() WHERE id = ANY($1::bigint[])`, [pick.map((p) => p.id)]);
    return { pick, more: rows.length > pick.length };
  });
  if (claimed === null) return queueFlush(rt, w.id, laterTag(), notifySettings.minGapMs);
  if (!claimed.pick.length) return;
  const player = (await new Players(rt).get(w.playerId))!;
  const body = JSON.stringify(w.format === 'discord'
    ? discordMessage(claimed.pick.map((n) => n.body), player?.discordId ?? null)
    : claimed.pick[0].body);
  let status: number | null = null;
  let error: string | null = null;
  let retryAfterMs = 0;
  try {
    const r = await post(w.url, body, {
      'content-type': 'application/json', 'user-agent': 'skyeye-webhooks/1',
      'x-skyeye-signature': 'sha256=' + createHmac('sha256', w.secret).update(body).digest('hex'),
      'x-skyeye-delivery': `${w.id}.${claimed.pick.map((p) => p.id).join('+')}`,
      'x-skyeye-event': claimed.pick.map((p) => p.body.event).join(','),
    });
    status = r.status;
    if (status === 429) retryAfterMs = retryAfter(r.headers, r.body);
    if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (err) {
    error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
  const ids = claimed.pick.map((p) => p.id);
  if (error === null) {
    await sql.query(`UPDATE player_notices SET status = $2::int, error = NULL WHERE id = ANY($1::bigint[])`, [ids, status]);
    if (claimed.more || (await pending(rt, w.id))) await queueFlush(rt, w.id, `n${Number(ids[ids.length - 1]) + 1}`, notifySettings.minGapMs);
    return;
  }
  // Not delivered: back in the queue; a 429 holds the webhook for Discord's retry_after.
  await sql.query(`UPDATE player_notices SET sent_at = NULL, status = $2::int, error = $3::text WHERE id = ANY($1::bigint[])`, [ids, status, error]);
  if (retryAfterMs > 0) {
    await sql.query(`UPDATE player_webhooks SET last_sent_at = now() + make_interval(secs => $2::float8 / 1000) WHERE id = $1::text`, [w.id, retryAfterMs]);
    return queueFlush(rt, w.id, `r${meta.attempt}.${Date.now()}`, retryAfterMs + notifySettings.minGapMs);
  }
  throw new Error(`player webhook ${w.id}: ${error}`); // the queue retries with backoff
}

async function pending(rt: Runtime, webhookId: string): Promise<boolean> {
  const r = await sqlOf(rt).query(`SELECT 1 FROM player_notices WHERE webhook_id = $1::text AND sent_at IS NULL LIMIT 1`, [webhookId]);
  return r.length > 0;
}

function retryAfter(headers: http.IncomingHttpHeaders, body: string): number {
  try {
    const j = JSON.parse(body) as { retry_after?: number };
    if (typeof j.retry_after === 'number') return Math.ceil(j.retry_after * 1000);
  } catch { /* header below */ }
  const h = Number(headers['retry-after']);
  return Number.isFinite(h) && h > 0 ? h * 1000 : 5000;
}

/** Discord's execute-webhook body: the mention in content (embeds do not ping), one embed per game. */
export function discordMessage(bodies: Record<string, any>[], discordId: string | null) {
  const mention = discordId ? `<@${discordId}> ` : '';
  const embeds = bodies.map((b) => {
    const link = `${notifySettings.publicUrl}/v1/games/${b.gameId}`;
    const title = `${b.game?.title ?? 'Game'} ${b.gameId}`;
    if (b.event === 'game_over') {
      const r = b.result as { winners?: number[]; draw?: boolean; reason?: string } | null;
      const names = (s: number) => (b.seats as { index: number; name: string }[] | undefined)?.find((x) => x.index === s)?.name ?? `seat ${s}`;
      return {
        title, url: link.startsWith('http') ? link : undefined, color: 0x808080,
        description: `Game over: ${!r ? 'ended' : r.draw ? 'a draw' : `won by ${(r.winners ?? []).map(names).join(' and ')}`}${r?.reason ? ` (${r.reason})` : ''}.`,
        fields: [{ name: 'Last move', value: String(b.lastMove ?? '-').slice(0, 1024) }],
        ...(b.image ? { image: { url: b.image } } : {}),
      };
    }
    return {
      title, url: link.startsWith('http') ? link : undefined, color: 0x2f80ed,
      description: `It's your turn, **${b.seatName}** (version ${b.version}): ${(b.decisions ?? []).map((d: { kind: string }) => d.kind).join(', ')}.`,
      fields: [
        { name: 'Last move', value: String(b.lastMove ?? '-').slice(0, 1024) },
        ...(b.dueAt ? [{ name: 'Due', value: `<t:${Math.floor(Date.parse(b.dueAt) / 1000)}:R>` }] : []),
        { name: 'Game', value: link },
      ],
      ...(b.dueAt ? { timestamp: b.dueAt } : {}),
      ...(b.image ? { image: { url: b.image } } : {}),
    };
  });
  const turns = bodies.filter((b) => b.event === 'turn').length;
  return {
    content: `${mention}${turns ? `your turn in ${turns} game${turns > 1 ? 's' : ''}` : 'a game ended'}`.trim(),
    embeds,
    allowed_mentions: { users: discordId ? [discordId] : [] },
  };
}

const agents = new Map<string, http.Agent>();
function agentFor(protocol: string): http.Agent {
  const key = `${protocol}${webhookSettings.allowPrivate}`;
  let a = agents.get(key);
  if (!a) {
    const o = { allowPrivateIPAddress: webhookSettings.allowPrivate, keepAlive: true, maxSockets: 16 };
    a = protocol === 'https:' ? new RequestFilteringHttpsAgent(o) : new RequestFilteringHttpAgent(o);
    agents.set(key, a);
  }
  return a;
}

function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const u = new URL(url);
  const request = u.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(u, {
      method: 'POST', agent: agentFor(u.protocol), headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      signal: AbortSignal.timeout(webhookSettings.timeoutMs),
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { if (text.length < 4096) text += c; });
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// ---------- management ----------

export async function addPlayerWebhook(rt: Runtime, playerId: string, input: { url: string; events: PlayerEventType[]; format?: 'json' | 'discord' }) {
  await checkUrl(input.url);
  const events = [...new Set(input.events)];
  if (!events.length || events.some((e) => !PLAYER_EVENTS.includes(e))) throw new ServiceError(400, 'invalid_events', `events are a non-empty subset of ${PLAYER_EVENTS.join(', ')}`);
  const sql = sqlOf(rt);
  const n = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM player_webhooks WHERE player_id = $1::text`, [playerId]);
  if ((n[0]?.n ?? 0) >= 10) throw new ServiceError(409, 'too_many_webhooks', 'a player has at most 10 webhooks');
  const id = `pwh_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const format = input.format ?? 'json';
  await sql.query(`INSERT INTO player_webhooks (id, player_id, url, events, secret, format) VALUES ($1::text, $2::text, $3::text, $4::text[], $5::text, $6::text)`,
    [id, playerId, input.url, events, secret, format]);
  return { id, url: input.url, events, format, secret };
}

export async function listPlayerWebhooks(rt: Runtime, playerId: string) {
  const rows = await sqlOf(rt).query<{ id: string; url: string; events: string[]; format: string; createdAt: Date }>(
    `SELECT id, url, events, format, created_at AS "createdAt" FROM player_webhooks WHERE player_id = $1::text ORDER BY created_at, id`, [playerId],
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}

export async function removePlayerWebhook(rt: Runtime, playerId: string, id: string) {
  const r = await sqlOf(rt).query(`DELETE FROM player_webhooks WHERE id = $1::text AND player_id = $2::text RETURNING id`, [id, playerId]);
  if (!r.length) throw notFound('webhook', id);
}

export async function playerNotices(rt: Runtime, playerId: string, id: string) {
  const sql = sqlOf(rt);
  const own = await sql.query(`SELECT 1 FROM player_webhooks WHERE id = $1::text AND player_id = $2::text`, [id, playerId]);
  if (!own.length) throw notFound('webhook', id);
  const rows = await sql.query<{ id: string; key: string; sentAt: Date | null; status: number | null; error: string | null }>(
    `SELECT id::text AS id, key, sent_at AS "sentAt", status, error FROM player_notices WHERE webhook_id = $1::text ORDER BY player_notices.id`, [id],
  );
  return rows.map((r) => ({ id: r.id, key: r.key, sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null, status: r.status, error: r.error }));
}
