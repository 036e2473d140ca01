-- Queue generations: Redis holds the jobs the outbox dispatcher has handed over (AI turns,
-- webhook deliveries, player notices). A Redis that comes back empty or older (killed without
-- persistence, restored from an older snapshot, a failover to a replica that lagged, a FLUSHALL)
-- has lost some of them, and their outbox rows say "done". Each queue (its key prefix) counts a
-- generation in Redis that only grows (every hand-over and every few seconds); the highest value
-- seen is recorded here. A value in Redis no higher than one seen before means Redis lost data,
-- and the service re-queues from the database what may have been lost (src/jobs/epoch.ts).
-- "losses" counts the losses handled: the process that moves it on is the one that recovers. No
-- row: the first start, with nothing to recover.
CREATE TABLE "queue_epochs" (
  "prefix"     TEXT PRIMARY KEY,
  "generation" BIGINT NOT NULL,
  "losses"     INTEGER NOT NULL DEFAULT 0,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
