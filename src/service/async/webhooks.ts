// Webhooks: each commit writes one 'webhook' outbox row per event it produces ('turn' per
// seat with a new decision, 'action', 'game_over'), in the commit's own transaction, carrying
// only public data (spectator-redacted events, public decision parts). A fan-out job turns a
// row into one delivery job per matching webhook; a delivery POSTs the body signed with
// HMAC-SHA256 of the webhook's secret, records every attempt, and throws on failure so the
// queue retries it with exponential backoff.
import { probes } from '../probes.js';
import { createHmac, randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { eventsFor, publicPart } from '../../engine/kernel.js';
import type { Decision, Entry, PublicDecision, Seat } from '../../engine/types.js';
import { jobKey, PermanentJobError, type JobMeta } from '../../jobs/queue.js';
import type { Runtime } from '../../runtime.js';
import type { OutboxItem } from '../../store/types.js';
import { notFound, ServiceError } from '../errors.js';
import type { CommitContext } from '../game-service.js';
import { newDecisions } from './deadlines.js';
import { withDue } from '../due.js';
import { absolutePictureUrl } from '../../render/urls.js';
import { seatPasses, setWebhookSeats, webhookSeats } from '../../players/webhook-seats.js';

export const WEBHOOK_EVENTS = ['turn', 'action', 'game_over'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const webhookSettings = {
  attempts: 6,
  /** First retry after this; doubles each time (BullMQ and in-process alike). */
  backoffMs: 2000,
  timeoutMs: 5000,
  /**
   * Whether webhooks may point at loopback, private, link-local and other non-public
   * addresses (env SKYEYE_WEBHOOK_ALLOW_PRIVATE=1). Off by default: a webhook makes the server
   * send requests for a player, and must not reach the server's own network.
   */
  allowPrivate: /^(1|true|yes)$/i.test(process.env.SKYEYE_WEBHOOK_ALLOW_PRIVATE ?? ''),
};

interface GameRef { id: string; ruleset: string; title: string; scenario: string }

export interface WebhookBody {
  event: WebhookEvent;
  game: GameRef;
  version: number;
  /** turn: the seat that has a new pending decision. */
  seat?: Seat;
  seatName?: string;
  /** turn: the new decisions; with deadlines, each with `dueAt` and (a time bank) `bankSeconds`, as REST's pending. */
  decisions?: (PublicDecision & { dueAt?: string; bankSeconds?: number })[];
  /** action: what every spectator may see of the entry. */
  entry?: { kind: string; seat: Seat | null; decision: string | null; group: string | null };
  events?: { type: string; data: unknown }[];
  result?: unknown;
  seats: { index: number; name: string }[];
  /** turn, game_over: the board picture (PNG, spectator's view) at this version; only with PUBLIC_BASE_URL (absolute). */
  image?: string;
}

export function webhookPlanner(c: CommitContext): OutboxItem[] {
  // Nobody can have registered a webhook before the game exists; without one (as loaded) the
  // rows are left out and the append checks that none was added meanwhile (AppendPlan.webhooks).
  if (c.entry === null || !c.webhookRows) return [];
  const g = c.before.game;
  const game: GameRef = { id: g.id, ruleset: g.ruleset, title: c.before.rs.title, scenario: g.scenario };
  const seats = c.before.seats.map((s) => ({ index: s.index, name: s.name }));
  const v = c.after.version;
  const ended = c.after.status === 'finished';
  const rows: OutboxItem[] = [];
  const row = (key: string, body: WebhookBody) => rows.push({ kind: 'webhook', requires: 'webhook', dedupKey: `${v}.${key}`, payload: { key: `${v}.${key}`, event: body.event, body } });
  const e = c.entry as Entry<any>;
  row('action', {
    event: 'action', game, version: v, seats,
    entry: {
      kind: e.kind,
      seat: e.kind === 'answer' || e.kind === 'resign' ? e.seat : null,
      decision: 'decision' in e ? e.decision : null,
      group: e.kind === 'sealed' ? e.group : null,
    },
    events: eventsFor(c.events, null, ended),
  });
  if (!ended) {
    const bySeat = new Map<Seat, Decision[]>();
    for (const d of newDecisions(c)) bySeat.set(d.seat, [...(bySeat.get(d.seat) ?? []), d]);
    for (const [seat, ds] of bySeat) {
      row(`turn.${seat}`, { event: 'turn', game, version: v, seats, seat, seatName: seats.find((s) => s.index === seat)?.name, decisions: ds.map(publicPart), ...boardPicture(c, v) });
    }
  } else {
    row('game_over', { event: 'game_over', game, version: v, seats, result: c.after.result, ...boardPicture(c, v) });
  }
  return rows;
}

/** The picture's absolute URL for a payload, when the ruleset draws one and PUBLIC_BASE_URL is set. */
export function boardPicture(c: CommitContext, version: number): { image?: string } {
  const url = c.before.rs.render ? absolutePictureUrl(c.before.game.id, { format: 'png', version }) : null;
  return url ? { image: url } : {};
}

/** Fan-out: one delivery job per webhook of the game that listens to this event. */
export async function fanOut(rt: Runtime, data: { gameId: string; key: string; event: WebhookEvent; body: WebhookBody }): Promise<void> {
  const hooks = (await rt.store.listWebhooks(data.gameId)).filter((w) => w.events.includes(data.event));
  const filters = hooks.length ? await webhookSeats(rt, data.gameId) : new Map<string, number[]>();
  // Deadlines: the commit's own time is known only once written, and the bank takes the log.
  if (data.event === 'turn' && hooks.length && data.body.decisions) data = { ...data, body: { ...data.body, decisions: await dueOf(rt, data.gameId, data.body) } };
  const about = data.event === 'turn' ? data.body.seat : data.event === 'action' ? data.body.entry?.seat : null;
  for (const w of hooks) {
    if (!seatPasses(filters.get(w.id), data.event, about)) continue; // the webhook's seat filter (issue 19)
    await rt.queue.add({
      name: 'webhook-delivery',
      jobId: jobKey('webhook-delivery', w.id, data.key),
      data: { gameId: data.gameId, webhookId: w.id, delivery: `${w.id}.${data.key}`, event: data.event, body: data.body },
      attempts: webhookSettings.attempts,
      backoffMs: webhookSettings.backoffMs,
    });
  }
}

/** A turn's decisions with dueAt and bankSeconds as of the turn's version (REST's formula, service/due.ts). */
async function dueOf(rt: Runtime, gameId: string, b: WebhookBody): Promise<NonNullable<WebhookBody['decisions']>> {
  const ds = b.decisions ?? [];
  try {
    return await withDue(rt.service, await rt.service.load(gameId), ds, b.version);
  } catch {
    return ds; // a game this process cannot load: the turn still goes out, without its due time
  }
}

export function sign(secret: string, body: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/** The Discord form: a short message in `content`, and the board picture as an embed when the payload has one. */
export function discordBody(b: WebhookBody): { content: string; embeds?: { image: { url: string } }[] } {
  const msg = discordText(b);
  return b.image ? { ...msg, embeds: [{ image: { url: b.image } }] } : msg;
}

function discordText(b: WebhookBody): { content: string } {
  const game = `${b.game.title} game ${b.game.id}`;
  const name = (seat: Seat | null | undefined) => (seat === null || seat === undefined ? 'the game' : b.seats.find((s) => s.index === seat)?.name ?? `seat ${seat}`);
  switch (b.event) {
    case 'turn': {
      const due = (b.decisions ?? []).map((d) => d.dueAt).filter((d): d is string => !!d).sort()[0];
      // Discord shows <t:unix:R> as a relative time in the reader's own clock ("in 2 hours").
      const by = due ? ` Due <t:${Math.floor(Date.parse(due) / 1000)}:R>.` : '';
      return { content: `It's ${name(b.seat)}'s turn in ${game} (version ${b.version}: ${(b.decisions ?? []).map((d) => d.kind).join(', ')}).${by}` };
    }
    case 'action': {
      const who = b.entry?.kind === 'answer' || b.entry?.kind === 'resign' ? name(b.entry.seat) : b.entry?.kind === 'default' ? 'A deadline' : 'The sealed choices';
      const what = b.entry?.kind === 'resign' ? 'resigned' : b.entry?.kind === 'default' ? 'applied a default' : b.entry?.kind === 'sealed' ? 'were revealed' : 'moved';
      return { content: `${who} ${what} in ${game} (version ${b.version}).` };
    }
    case 'game_over': {
      const r = b.result as { winners?: Seat[]; draw?: boolean; reason?: string } | null;
      const res = !r ? 'over' : r.draw ? 'a draw' : `won by ${(r.winners ?? []).map(name).join(' and ')}`;
      return { content: `${game} is over: ${res}${r?.reason ? ` (${r.reason})` : ''}.` };
    }
  }
}

/** One delivery attempt; throws when it did not get a 2xx so the queue retries it (not when the destination was refused). */
export async function deliver(rt: Runtime, data: { gameId: string; webhookId: string; delivery: string; event: WebhookEvent; body: WebhookBody }, meta: JobMeta): Promise<void> {
  const w = (await rt.store.listWebhooks(data.gameId)).find((x) => x.id === data.webhookId);
  if (!w) return; // deleted since
  // Handed over again after the queue lost its data (src/jobs/epoch.ts): sent once is enough.
  if (await rt.store.deliveredOk(w.id, data.delivery)) return;
  const body = JSON.stringify(w.format === 'discord' ? discordBody(data.body) : data.body);
  let status: number | null = null;
  let error: string | null = null;
  let refused = false;
  try {
    status = await post(w.url, body, {
      'content-type': 'application/json',
      'user-agent': 'skyeye-webhooks/1',
      'x-skyeye-signature': sign(w.secret, body),
      'x-skyeye-delivery': data.delivery,
      'x-skyeye-event': data.event,
    });
    if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (err) {
    error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    refused = refusedDestination(err);
  }
  probes.emit('webhook', { outcome: refused ? 'refused' : error === null ? 'ok' : status !== null ? 'http_error' : 'network_error' });
  await rt.store.recordDelivery({
    id: `${data.delivery}#${meta.attempt}.${randomBytes(3).toString('hex')}`,
    webhookId: w.id, event: data.event, attempt: meta.attempt, status, error, at: new Date(),
  });
  // A destination that is not public now would be refused again: no retries.
  if (refused) throw new PermanentJobError(`webhook delivery ${data.delivery} refused: ${error}`);
  if (error) throw new Error(`webhook delivery ${data.delivery} failed: ${error}`);
}

/**
 * The filtering agents' refusal of a non-public address. They give no error code, only this
 * message ("DNS lookup <address>(...) is not allowed. Because, It is private IP address.").
 */
function refusedDestination(err: unknown): boolean {
  return err instanceof Error && /^DNS lookup .* is not allowed\. Because/.test(err.message);
}

const agents = new Map<string, http.Agent>();
/**
 * The filtering agents check every address a host resolves to when they connect, so a name
 * that resolved to a public address at registration and to a private one now (DNS
 * rebinding) is refused as well.
 */
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let a = agents.get(key);
  if (!a) {
    const o = { allowPrivateIPAddress: allowPrivate, keepAlive: true, maxSockets: 16 };
    a = protocol === 'https:' ? new RequestFilteringHttpsAgent(o) : new RequestFilteringHttpAgent(o);
    agents.set(key, a);
  }
  return a;
}

/** POST the body; resolves with the status. No redirects are followed; the whole exchange is bounded by timeoutMs. */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const u = new URL(url);
  const request = u.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(u, {
      method: 'POST',
      agent: agentFor(u.protocol, webhookSettings.allowPrivate),
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      signal: AbortSignal.timeout(webhookSettings.timeoutMs),
    }, (res) => {
      res.on('error', reject);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('close', () => { if (!res.complete) reject(new Error('the response was cut off')); });
      res.resume(); // the receiver's body is not read
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The rule the agents apply: only public unicast addresses, unless allowPrivate. */
function publicAddress(address: string): boolean {
  try {
    return ipaddr.parse(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/** At registration: refuse a URL whose host is, or resolves to, a non-public address. */
async function checkDestination(u: URL): Promise<void> {
  if (webhookSettings.allowPrivate) return;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new ServiceError(400, 'webhook_host_unresolved', `the webhook host ${host} does not resolve`);
    }
  }
  const bad = addresses.find((a) => !publicAddress(a));
  if (bad !== undefined) {
    throw new ServiceError(400, 'webhook_url_not_allowed',
      `webhooks may only reach public addresses; ${host}${bad === host ? '' : ` resolves to ${bad}, which`} is loopback, private, link-local or reserved`);
  }
}

// ---------------------------------------------------------------- management (REST and GraphQL)

export async function checkUrl(url: string): Promise<void> {
  if (url.length > 2048) throw new ServiceError(400, 'invalid_url', 'webhook URLs are at most 2048 characters');
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ServiceError(400, 'invalid_url', 'url is not a valid absolute URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ServiceError(400, 'invalid_url', 'webhook URLs must be http or https');
  if (u.username || u.password) throw new ServiceError(400, 'invalid_url', 'webhook URLs must not carry credentials');
  await checkDestination(u);
}

export async function createWebhook(rt: Runtime, gameId: string, input: { url: string; events: WebhookEvent[]; format?: 'json' | 'discord'; seats?: number[] }) {
  await checkUrl(input.url);
  const events = [...new Set(input.events)];
  if (!events.length || events.some((e) => !WEBHOOK_EVENTS.includes(e))) {
    throw new ServiceError(400, 'invalid_events', `events must be a non-empty subset of ${WEBHOOK_EVENTS.join(', ')}`);
  }
  const existing = await rt.store.listWebhooks(gameId);
  if (existing.length >= 20) throw new ServiceError(409, 'too_many_webhooks', 'a game has at most 20 webhooks');
  const w = await rt.store.addWebhook({
    id: `wh_${randomBytes(9).toString('base64url')}`, gameId, url: input.url, events,
    secret: `whsec_${randomBytes(24).toString('base64url')}`, format: input.format ?? 'json',
  });
  await setWebhookSeats(rt, w.id, input.seats);
  // Other processes find out at their next append (it checks); this one need not.
  rt.service.webhookAdded(gameId);
  return { ...publicWebhook(w), ...(input.seats ? { seats: input.seats } : {}), secret: w.secret };
}

export async function listWebhooks(rt: Runtime, gameId: string) {
  return (await rt.store.listWebhooks(gameId)).map(publicWebhook);
}

export async function removeWebhook(rt: Runtime, gameId: string, webhookId: string): Promise<void> {
  if (!(await rt.store.deleteWebhook(gameId, webhookId))) throw notFound('webhook', webhookId);
}

export function publicWebhook(w: { id: string; url: string; events: string[]; format: string; createdAt: Date }) {
  return { id: w.id, url: w.url, events: w.events, format: w.format, createdAt: w.createdAt.toISOString() };
}

export async function deliveries(rt: Runtime, gameId: string, webhookId: string) {
  const w = (await rt.store.listWebhooks(gameId)).find((x) => x.id === webhookId);
  if (!w) throw notFound('webhook', webhookId);
  return deliveryRows(rt, webhookId);
}

/** The attempts of a webhook already known to belong to the game (GraphQL's Game.webhooks). */
export async function deliveryRows(rt: Runtime, webhookId: string) {
  const rows = await rt.store.listDeliveries(webhookId);
  return rows.map((d) => ({
    id: d.id, delivery: d.id.split('#')[0], event: d.event, attempt: d.attempt, status: d.status, error: d.error, at: d.at.toISOString(),
  }));
}
