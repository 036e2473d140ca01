// The ruleset's words for clients (issue #15): a `label` for each legal action and a `text`
// for each event, computed by the ruleset from the viewer's own view (nothing hidden leaks).
// A ruleset without label/describe gives none; a label that throws is left out, never an error.
import { hiddenSlot } from '../engine/hidden-slot.js';
import type { Ruleset, Seat } from '../engine/types.js';

type Ev = { type: string; data: unknown };

/** The events with a `text` each, when the ruleset describes events. `view`: the viewer's view. */
export function withText<E extends Ev>(rs: Ruleset, view: () => unknown, events: E[]): (E & { text?: string })[] {
  if (!rs.describe || !events.length) return events;
  const v = view();
  return events.map((e) => {
    try {
      return { ...e, text: rs.describe!(v, { type: e.type, data: e.data }) };
    } catch {
      return e;
    }
  });
}

/** A label per action (same order), or undefined when the ruleset has no labels. */
export function labelsOf(rs: Ruleset, view: () => unknown, seat: Seat | null, actions: unknown[]): string[] | undefined {
  if (!rs.label) return undefined;
  const v = view();
  return actions.map((a) => {
    try {
      return rs.label!(v, seat, a as { type: string });
    } catch {
      return (a as { type?: string })?.type ?? '';
    }
  });
}

/**
 * Views read for texts and labels, per state object and seat. A kernel state is never
 * modified, so its view for a seat is the same each time: a move's event texts (the view
 * after it) and the next legal actions' labels (the same state and seat) share one. These
 * views are only read (describe, label), never sent, and go with their state (in a hidden slot
 * on it: invisible to its hash and copies, and no WeakMap keeping old states alive).
 */
const textViews = hiddenSlot<Map<Seat | null, unknown>>('service.textViews');

/** A view computed at most once per state and seat, on first use. */
export function lazyView(rs: Ruleset, s: unknown, seat: Seat | null): () => unknown {
  let v: unknown;
  let done = false;
  return () => {
    if (done) return v;
    done = true;
    if (typeof s !== 'object' || s === null) return (v = rs.view(s, seat));
    let m = textViews.get(s);
    if (!m) textViews.set(s, (m = new Map()));
    if (m.has(seat)) return (v = m.get(seat));
    v = rs.view(s, seat);
    m.set(seat, v);
    return v;
  };
}
