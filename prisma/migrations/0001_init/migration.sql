-- skyeye 0001_init: the event-sourced game store. Mirrors prisma/schema.prisma.
-- Applied by src/store/migrate.ts inside one transaction, recorded in _skyeye_migrations.
-- JSON columns are `json`, not `jsonb`: the text is kept byte for byte, so objects read back
-- keep their key order and JSON.stringify of a loaded entry/state equals the original
-- (the hash chain hashes JSON.stringify of the state; jsonb would reorder keys).

CREATE TABLE IF NOT EXISTS "_skyeye_migrations" (
  "name"       TEXT PRIMARY KEY,
  "checksum"   TEXT NOT NULL,
  "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE "games" (
  "id"              TEXT PRIMARY KEY,
  "ruleset"         TEXT NOT NULL,
  "ruleset_version" TEXT NOT NULL,
  "scenario"        TEXT NOT NULL,
  "options"         JSON NOT NULL,
  "seed"            TEXT NOT NULL,
  "seed_hash"       TEXT NOT NULL,
  "status"          TEXT NOT NULL,
  "version"         INTEGER NOT NULL,
  "result"          JSON,
  "policy"          JSON,
  "created_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "games_status_created_at_idx" ON "games" ("status", "created_at");

CREATE TABLE "seats" (
  "game_id"    TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "seat_index" INTEGER NOT NULL,
  "name"       TEXT NOT NULL,
  "kind"       TEXT NOT NULL,
  "ai_level"   TEXT,
  "token_hash" TEXT,
  CONSTRAINT "seats_pkey" PRIMARY KEY ("game_id", "seat_index")
);

CREATE TABLE "actions" (
  "game_id"         TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "seq"             INTEGER NOT NULL,
  "seat"            INTEGER,
  "entry"           JSON NOT NULL,
  "events"          JSON NOT NULL,
  "hash"            TEXT NOT NULL,
  "idempotency_key" TEXT,
  "response"        JSON,
  "created_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "actions_pkey" PRIMARY KEY ("game_id", "seq")
);
CREATE UNIQUE INDEX "actions_game_id_idempotency_key_key" ON "actions" ("game_id", "idempotency_key");

CREATE TABLE "snapshots" (
  "game_id"         TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "seq"             INTEGER NOT NULL,
  "ruleset_version" TEXT NOT NULL,
  "state"           JSON NOT NULL,
  "hash"            TEXT NOT NULL,
  "created_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "snapshots_pkey" PRIMARY KEY ("game_id", "seq")
);
CREATE INDEX "snapshots_game_id_ruleset_version_seq_idx" ON "snapshots" ("game_id", "ruleset_version", "seq");

CREATE TABLE "outbox" (
  "id"            BIGSERIAL PRIMARY KEY,
  "game_id"       TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "kind"          TEXT NOT NULL,
  "dedup_key"     TEXT,
  "payload"       JSON NOT NULL,
  "run_at"        TIMESTAMPTZ(3),
  "attempts"      INTEGER NOT NULL DEFAULT 0,
  "status"        TEXT NOT NULL DEFAULT 'pending',
  "last_error"    TEXT,
  "claimed_until" TIMESTAMPTZ(3),
  "created_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "outbox_game_id_kind_dedup_key_key" ON "outbox" ("game_id", "kind", "dedup_key");
CREATE INDEX "outbox_game_id_idx" ON "outbox" ("game_id");
-- The dispatcher's scan: pending rows by due time (not in schema.prisma: partial index).
CREATE INDEX "outbox_pending_due_idx" ON "outbox" ((COALESCE("run_at", "created_at")), "id") WHERE "status" = 'pending';

CREATE TABLE "sealed_commits" (
  "game_id"    TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "group_id"   TEXT NOT NULL,
  "seat"       INTEGER NOT NULL,
  "decision"   TEXT NOT NULL,
  "action"     JSON NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "sealed_commits_pkey" PRIMARY KEY ("game_id", "group_id", "seat")
);

CREATE TABLE "webhooks" (
  "id"         TEXT PRIMARY KEY,
  "game_id"    TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "url"        TEXT NOT NULL,
  "events"     TEXT[],
  "secret"     TEXT NOT NULL,
  "format"     TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "webhooks_game_id_idx" ON "webhooks" ("game_id");

CREATE TABLE "deliveries" (
  "id"         TEXT PRIMARY KEY,
  "webhook_id" TEXT NOT NULL REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "event"      TEXT NOT NULL,
  "attempt"    INTEGER NOT NULL,
  "status"     INTEGER,
  "error"      TEXT,
  "at"         TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "deliveries_webhook_id_at_idx" ON "deliveries" ("webhook_id", "at");
