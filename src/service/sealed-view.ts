// A held sealed commit, shown to the seat that made it only (issue #15): its own pending
// decision says `committed: true` with the held action, so a client knows it is waiting on the
// others instead of re-sending its bid. Other seats and spectators see nothing of it.
import type { Seat } from '../engine/types.js';
import type { Store } from '../store/types.js';

type Dec = { id?: string; decision?: string; seat?: number; group?: { id: string; mode: string } | null };

/** The seat's held commits by decision id, for its open sealed decisions (one read per group). */
export async function heldCommits(store: Store, gameId: string, seat: Seat | null, decisions: Dec[]): Promise<Map<string, unknown>> {
  const held = new Map<string, unknown>();
  if (seat === null) return held;
  const groups = new Set(decisions.filter((d) => d.group?.mode === 'sealed' && (d.seat === undefined || d.seat === seat)).map((d) => d.group!.id));
  for (const group of groups) {
    for (const c of await store.sealedCommits(gameId, group)) if (c.seat === seat) held.set(c.decision, c.action);
  }
  return held;
}

/** The seat's own sealed decisions marked committed (with the held action) or not. */
export function markHeld<D extends Dec>(decisions: D[], seat: Seat | null, held: Map<string, unknown>): (D & { committed?: boolean; held?: unknown })[] {
  if (seat === null) return decisions;
  return decisions.map((d) => {
    const id = d.id ?? d.decision;
    if (d.group?.mode !== 'sealed' || (d.seat !== undefined && d.seat !== seat) || id === undefined) return d;
    return held.has(id) ? { ...d, committed: true, held: held.get(id) } : { ...d, committed: false };
  });
}
