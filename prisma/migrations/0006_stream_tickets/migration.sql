-- Stream tickets (issue #15): short-lived, single-use tickets a browser opens a game's event
-- stream with (GET /v1/games/:id/events?ticket=). In the database, not in one process's memory,
-- so behind a load balancer the instance that issued a ticket and the one that serves the
-- stream need not be the same. Stored as the ticket's hash only, like seat tokens. A ticket is
-- used up by one DELETE ... RETURNING (atomic: two instances cannot both redeem it), and
-- expiry is read from the database clock, so instances with skewed clocks agree.
CREATE TABLE "stream_tickets" (
  "ticket_hash" TEXT PRIMARY KEY,
  "game_id"     TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "seat"        INTEGER NOT NULL,
  "expires_at"  TIMESTAMPTZ(3) NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- Expired tickets nobody redeemed are swept by expiry.
CREATE INDEX "stream_tickets_expires_at_idx" ON "stream_tickets" ("expires_at");
