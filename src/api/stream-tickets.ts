// Stream tickets (issue #15): browsers cannot send headers on an EventSource, and a long-lived
// seat token must never sit in a URL (logs, history, referrers). A seat asks for a ticket with
// its token (POST /v1/games/:id/stream-tickets) and opens the stream with `?ticket=`: the
// ticket is good for one stream of that game and seat, once, for ticketSettings.seconds.
// Tickets live in the database (src/store/stream-tickets.ts), not in this process: behind a
// load balancer the POST and the stream may reach different instances. The database rather
// than Redis: every deployment has one (Redis is optional), a ticket is one small write per
// stream opened, and a DELETE ... RETURNING makes single use atomic with no second store to
// keep consistent. Only the ticket's hash is stored, like seat tokens.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type as T } from '@sinclair/typebox';
import type { Seat } from '../engine/types.js';
import type { Runtime } from '../runtime.js';
import { ServiceError } from '../service/errors.js';
import { hashToken } from '../service/tokens.js';
import { TicketStore } from '../store/stream-tickets.js';
import { bearer } from './auth.js';
import { GameIdParams } from './schemas.js';

export const ticketSettings = {
  /** How long a ticket stays good (tests shorten it). */
  seconds: 60,
};

export const StreamTicket = T.Object({
  ticket: T.String({ description: 'pass as ?ticket= to GET /v1/games/{id}/events; single use' }),
  expiresAt: T.String({ format: 'date-time' }),
  url: T.String({ description: 'the stream URL with the ticket' }),
}, { $id: 'StreamTicket', additionalProperties: true });

/** The seat a ticket was issued for; a ticket is used up by this call. */
export async function redeemTicket(rt: Runtime, gameId: string, ticket: string): Promise<Seat> {
  const seat = await TicketStore.of(rt.store).redeem(hashToken(ticket), gameId);
  if (seat === null) {
    throw new ServiceError(401, 'invalid_ticket', 'this stream ticket is unknown, used, expired or for another game: ask for a new one (POST /v1/games/{id}/stream-tickets)');
  }
  return seat;
}

export async function streamTicketRoutes(app: FastifyInstance, rt: Runtime) {
  app.post('/v1/games/:id/stream-tickets', {
    schema: { tags: ['play'], summary: 'A short-lived, single-use ticket to open the event stream as your seat (?ticket=), for clients that cannot send headers', params: GameIdParams },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const seat = rt.service.requireSeat(await rt.service.authenticate(id, bearer(req)));
    const ticket = `st_${randomBytes(24).toString('base64url')}`;
    const exp = await TicketStore.of(rt.store).issue(hashToken(ticket), id, seat, ticketSettings.seconds);
    reply.code(201);
    return { ticket, expiresAt: exp.toISOString(), url: `/v1/games/${id}/events?ticket=${ticket}` };
  });
}
