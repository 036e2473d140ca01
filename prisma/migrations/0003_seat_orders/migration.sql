-- Standing orders: per-seat service data, private to the seat, never game state. Replay reads
-- entries, never orders.
CREATE TABLE "seat_orders" (
  "game_id"    TEXT NOT NULL REFERENCES "games" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "seat"       INTEGER NOT NULL,
  "orders"     JSON NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("game_id", "seat")
);
