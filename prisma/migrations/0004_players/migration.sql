-- skyeye 0004_players: players as an identity across games (issue 19). Mirrors prisma/schema.prisma.
-- Keys are stored only as hashes (sha256 of a 192-bit random secret, compared in constant time).

CREATE TABLE "players" (
  "id"                 TEXT PRIMARY KEY,
  "name"               TEXT NOT NULL,
  "discord_id"         TEXT,
  -- Vacation: deadlines of the player's seats are pushed back until this time.
  "vacation_until"     TIMESTAMPTZ(3),
  "vacation_year"      INTEGER,
  "vacation_days_used" INTEGER NOT NULL DEFAULT 0,
  "created_at"         TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE "player_keys" (
  "id"           TEXT PRIMARY KEY,
  "player_id"    TEXT NOT NULL REFERENCES "players" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "hash"         TEXT NOT NULL,
  "label"        TEXT,
  "scopes"       TEXT[] NOT NULL,
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "revoked_at"   TIMESTAMPTZ(3)
);
CREATE INDEX "player_keys_player_id_idx" ON "player_keys" ("player_id");

-- A seat bound to a player (at creation or by a claim): the player's keys act for it.
ALTER TABLE "seats" ADD COLUMN "player_id" TEXT REFERENCES "players" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "seats_player_id_idx" ON "seats" ("player_id", "game_id");

-- Invitation codes (hashed): whoever holds one may claim an open seat of the game.
CREATE TABLE "invitations" (
  "code_hash"  TEXT PRIMARY KEY,
  "game_id"    TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "invitations_game_id_idx" ON "invitations" ("game_id");

-- Glicko-2 ratings per (player, ruleset).
CREATE TABLE "ratings" (
  "player_id"  TEXT NOT NULL REFERENCES "players" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "ruleset"    TEXT NOT NULL,
  "rating"     DOUBLE PRECISION NOT NULL,
  "rd"         DOUBLE PRECISION NOT NULL,
  "vol"        DOUBLE PRECISION NOT NULL,
  "games"      INTEGER NOT NULL DEFAULT 0,
  "wins"       INTEGER NOT NULL DEFAULT 0,
  "losses"     INTEGER NOT NULL DEFAULT 0,
  "draws"      INTEGER NOT NULL DEFAULT 0,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("player_id", "ruleset")
);
CREATE INDEX "ratings_ruleset_rating_idx" ON "ratings" ("ruleset", "rating" DESC);

-- One row per rated game that ended: the rating change is applied once (the primary key).
CREATE TABLE "rated_games" (
  "game_id"    TEXT PRIMARY KEY REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "ruleset"    TEXT NOT NULL,
  "changes"    JSON NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- Player-level webhooks (the player's games), and their coalesced queue of pending messages.
CREATE TABLE "player_webhooks" (
  "id"          TEXT PRIMARY KEY,
  "player_id"   TEXT NOT NULL REFERENCES "players" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "url"         TEXT NOT NULL,
  "events"      TEXT[] NOT NULL,
  "secret"      TEXT NOT NULL,
  "format"      TEXT NOT NULL,
  "last_sent_at" TIMESTAMPTZ(3),
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "player_webhooks_player_id_idx" ON "player_webhooks" ("player_id");

CREATE TABLE "player_notices" (
  "id"         BIGSERIAL PRIMARY KEY,
  "webhook_id" TEXT NOT NULL REFERENCES "player_webhooks" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "key"        TEXT NOT NULL,
  "body"       JSON NOT NULL,
  "sent_at"    TIMESTAMPTZ(3),
  "status"     INTEGER,
  "error"      TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "player_notices_webhook_id_key_key" ON "player_notices" ("webhook_id", "key");
CREATE INDEX "player_notices_pending_idx" ON "player_notices" ("webhook_id", "id") WHERE "sent_at" IS NULL;

-- The player's event feed (GET /v1/me/events with Last-Event-ID replay): one row per event.
CREATE TABLE "player_events" (
  "id"         BIGSERIAL PRIMARY KEY,
  "player_id"  TEXT NOT NULL REFERENCES "players" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "game_id"    TEXT NOT NULL,
  "type"       TEXT NOT NULL,
  "key"        TEXT NOT NULL,
  "data"       JSON NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "player_events_player_id_key_key" ON "player_events" ("player_id", "key");
CREATE INDEX "player_events_player_id_id_idx" ON "player_events" ("player_id", "id");

-- Vacation: a player on vacation pauses the deadlines of all their games (the whole game's
-- clock, as correspondence sites do). A deadline row written while a seated player is away is
-- pushed back by the rest of the vacation, in the statement that writes it (every process,
-- both backends). A new game's rows are handled after creation (its seats are written in the
-- same statement, which this trigger cannot see yet).
CREATE FUNCTION "skyeye_vacation_deadline"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  until TIMESTAMPTZ;
BEGIN
  IF NEW.run_at IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT max(p.vacation_until) INTO until FROM seats s JOIN players p ON p.id = s.player_id
    WHERE s.game_id = NEW.game_id;
  IF until IS NOT NULL AND until > now() THEN
    NEW.run_at := NEW.run_at + (until - now());
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "outbox_vacation_deadline" BEFORE INSERT ON "outbox"
  FOR EACH ROW WHEN (NEW.kind = 'deadline') EXECUTE FUNCTION "skyeye_vacation_deadline"();

-- Game-level webhooks gain a seat filter: null = every seat; else `turn` (and a seat's own
-- `action`) events only for these seats.
ALTER TABLE "webhooks" ADD COLUMN "seats" INTEGER[];
