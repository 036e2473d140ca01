// Group commit: appends that arrive while earlier ones are being written are gathered and
// written together, in one statement and one transaction (one WAL flush, one round trip), the
// way databases batch commits. Each caller still gets its own outcome, and only after the
// batch has committed, so an acknowledged move is as durable as with one statement per move.
// Under light load every batch holds one item and nothing waits.

export interface GroupCommitOptions {
  /** Batches written at the same time (each takes a pooled connection). */
  maxInFlight: number;
  /** Items per batch at most. */
  maxBatch: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

export class GroupCommit<I, O> {
  private queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Batches written and items in them, for benchmarks and tests. */
  readonly stats = { batches: 0, items: 0, largest: 0 };

  /**
   * `writeBatch` writes 2 or more items in one transaction and returns one outcome per item,
   * in order; a single item goes to `writeOne`. When `writeBatch` throws, nothing of the batch
   * was written: every item is retried alone, so one bad item fails only its own caller.
   */
  constructor(
    private readonly writeOne: (item: I) => Promise<O>,
    private readonly writeBatch: (items: I[]) => Promise<O[]>,
    private readonly o: GroupCommitOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.inFlight < this.o.maxInFlight && !this.scheduled) {
        // Let the requests already parsed in this turn of the event loop join the batch.
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.inFlight < this.o.maxInFlight && this.queue.length) {
      const batch = this.queue.splice(0, this.o.maxBatch);
      this.inFlight++;
      this.stats.batches++;
      this.stats.items += batch.length;
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async write(batch: Waiting<I, O>[]): Promise<void> {
    if (batch.length > 1) {
      let outs: O[] | null = null;
      try {
        outs = await this.writeBatch(batch.map((w) => w.item));
      } catch {
        outs = null; // rolled back as a whole: each item alone below
      }
      if (outs) {
        batch.forEach((w, i) => w.resolve(outs![i]));
        return;
      }
    }
    await Promise.all(batch.map((w) => this.writeOne(w.item).then(w.resolve, w.reject)));
  }
}
