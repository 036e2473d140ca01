// The ruleset's words for clients (issue #15): a `label` for each legal action and a `text`
// for each event, computed by the ruleset from the viewer's own view (nothing hidden leaks).
// A ruleset without label/describe gives none; a label that throws is left out, never an error.
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

/** A view computed at most once, on first use. */
export function lazyView(rs: Ruleset, s: unknown, seat: Seat | null): () => unknown {
  let v: unknown;
  let done = false;
  return () => {
    if (!done) { v = rs.view(s, seat); done = true; }
    return v;
  };
}
