-- Table talk: messages seats post to a game. Public to every seat and spectator (team games
-- allow teammates to talk only where opponents hear it), never part of the game log.
CREATE TABLE "chat_messages" (
  "id"         BIGSERIAL PRIMARY KEY,
  "game_id"    TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "seat"       INTEGER NOT NULL,
  "text"       TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "chat_messages_game_id_id_idx" ON "chat_messages" ("game_id", "id");
