// Stream tickets (issue #15): browsers cannot send headers on an EventSource, and a long-lived
// seat token must never sit in a URL (logs, history, referrers). A seat asks for a ticket with
// its token (POST /v1/games/:id/stream-tickets) and opens the stream with `?ticket=`: the
// ticket is good for one stream of that game and seat, once, for TICKET_SECONDS.
// Tickets live in this process's memory: behind several instances, open the stream on the
// instance that issued it (sticky sessions) or within the same request path.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type as T } from '@sinclair/typebox';
import type { Seat } from '../engine/types.js';
import type { Runtime } from '../runtime.js';
import { ServiceError } from '../service/errors.js';
import { bearer } from './auth.js';
import { GameIdParams } from './schemas.js';

export const TICKET_SECONDS = 60;

export const StreamTicket = T.Object({
  ticket: T.String({ description: 'pass as ?ticket= to GET /v1/games/{id}/events; single use' }),
  expiresAt: T.String({ format: 'date-time' }),
  url: T.String({ description: 'the stream URL with the ticket' }),
}, { $id: 'StreamTicket', additionalProperties: true });

const tickets = new Map<string, { gameId: string; seat: Seat; exp: number }>();

/** The seat a ticket was issued for; a ticket is used up by this call. */
export function redeemTicket(gameId: string, ticket: string): Seat {
  const t = tickets.get(ticket);
  tickets.delete(ticket);
  if (!t || t.gameId !== gameId || t.exp < Date.now()) {
    throw new ServiceError(401, 'invalid_ticket', 'this stream ticket is unknown, used, expired or for another game: ask for a new one (POST /v1/games/{id}/stream-tickets)');
  }
  return t.seat;
}

export async function streamTicketRoutes(app: FastifyInstance, rt: Runtime) {
  app.post('/v1/games/:id/stream-tickets', {
    schema: { tags: ['play'], summary: 'A short-lived, single-use ticket to open the event stream as your seat (?ticket=), for clients that cannot send headers', params: GameIdParams },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const seat = rt.service.requireSeat(await rt.service.authenticate(id, bearer(req)));
    const now = Date.now();
    for (const [k, t] of tickets) if (t.exp < now) tickets.delete(k);
    const ticket = `st_${randomBytes(24).toString('base64url')}`;
    const exp = now + TICKET_SECONDS * 1000;
    tickets.set(ticket, { gameId: id, seat, exp });
    reply.code(201);
    return { ticket, expiresAt: new Date(exp).toISOString(), url: `/v1/games/${id}/events?ticket=${ticket}` };
  });
}
