-- Campaigns (docs/CAMPAIGNS.md): a series of games of one ruleset with the same seats, where
-- what a finished game carries (the ruleset's pure `carry(final state)`) starts the next one.
-- Kept apart from the games' event logs: a game never reads its campaign, and a campaign row
-- is service data, not game state. Seat tokens are stored as their hash only.
CREATE TABLE "campaigns" (
  "id"         TEXT PRIMARY KEY,
  "ruleset"    TEXT NOT NULL,
  "generator"  TEXT NOT NULL,
  "seats"      JSON NOT NULL,
  "carried"    JSON,
  "status"     TEXT NOT NULL DEFAULT 'active',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- The games of a campaign in play order. `carried_in` is what the game was started from.
CREATE TABLE "campaign_games" (
  "campaign_id" TEXT NOT NULL REFERENCES "campaigns" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "n"           INTEGER NOT NULL,
  "game_id"     TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "scenario"    TEXT NOT NULL,
  "carried_in"  JSON,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "campaign_games_pkey" PRIMARY KEY ("campaign_id", "n")
);
CREATE UNIQUE INDEX "campaign_games_game_id_key" ON "campaign_games" ("game_id");
