-- Queue epochs: Redis holds the jobs the outbox dispatcher has handed over (AI turns, webhook
-- deliveries, player notices). A Redis that comes back empty (killed without persistence, a
-- failover to a replica that lagged, a FLUSHALL) has lost them, and nothing else would bring
-- them back. Each queue (its key prefix) writes a random epoch id both into Redis and here; an
-- epoch found here but missing in Redis means Redis lost its data, and the service re-queues
-- from the database what may have been lost (src/jobs/epoch.ts). No row: the first start, with
-- nothing to recover.
CREATE TABLE "queue_epochs" (
  "prefix"     TEXT PRIMARY KEY,
  "epoch"      TEXT NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
