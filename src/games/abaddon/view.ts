// Views (what a seat or a spectator may see) and determinization (a full state consistent
// with a view, for information-set search).
import type { Rng, Seat } from '../../engine/types.js';
import type { Rules } from './rules.js';
import type { AbState, Attack } from './state.js';

export interface Hidden {
  hidden: 'wsCard';
  oneOf: string[];
}

export type ViewAttack = Omit<Attack, 'card' | 'response'> & { card: string | Hidden; response: string | Hidden | null };

export interface AbView extends Omit<AbState, 'hands' | 'ws' | 'wf' | 'attacks' | 'relays' | 'order'> {
  viewer: Seat | null;
  /** A hand's cards when the viewer may see them (own and teammates'), else null. */
  hands: (string[] | null)[];
  /** Hand sizes are public. */
  handSizes: number[];
  ws: { size: number; discard: string[] };
  /** Every Wild Fire card drawn is public, so the remaining pool is known (order is not). */
  wf: { pool: string[]; discard: string[] };
  attacks: ViewAttack[];
  /** Relay numbers the viewer knows (3-4 players: own and revealed), else null. */
  relays: (number | null)[];
  /** Turn order as far as it is revealed. */
  order: (Seat | null)[];
  /** The viewer's unseen pool of Weapon System cards (deck, hidden hands, face-down cards). */
  unseen: string[];
}

/** Deep copy of plain JSON data. */
export function clone<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

const TARGET_ONLY: Hidden = { hidden: 'wsCard', oneOf: ['target'] };
const RESPONSE: Hidden = { hidden: 'wsCard', oneOf: ['target', 'amm'] };

export function makeView(R: Rules, s: AbState, viewer: Seat | null): AbView {
  const vf = viewer === null ? null : s.seats[viewer]?.faction ?? null;
  const seesHand = (seat: Seat) => vf !== null && s.seats[seat].faction === vf;
  const unseen: string[] = [...s.ws.pool, ...s.ws.top];
  const hands = s.hands.map((h, i) => {
    if (seesHand(i)) return h.slice();
    unseen.push(...h);
    return null;
  });
  const attacks: ViewAttack[] = s.attacks.map((a) => {
    const atkSide = R.unit(s, a.unit)!.seat;
    const defSide = R.unit(s, a.target)!.seat;
    const revealed = a.done && !a.lapsed;
    let card: string | Hidden = a.card;
    let response: string | Hidden | null = a.response;
    if (a.kind === 'los' && !revealed && !seesHand(atkSide)) {
      card = TARGET_ONLY;
      if (!a.done) unseen.push(a.card);
    }
    if (a.response !== null && !revealed && !seesHand(defSide)) {
      response = RESPONSE;
      if (!a.done) unseen.push(a.response);
    }
    return { ...a, card, response };
  });
  const revealedSeats = new Set(s.order.slice(0, Math.max(0, s.turnIdx + 1)));
  const relays = s.relays.map((n, i) => (s.players === 2 || n === 0 || i === viewer || revealedSeats.has(i) || s.result ? n : null));
  const order = s.order.map((seat, k) => (s.players === 2 || k <= s.turnIdx || s.result ? seat : null));
  // The view is a shallow copy of the state whose every secret field is then replaced: no
  // rest-destructuring and re-spreading of a 40-field object (two thirds of a view's cost), and
  // no deep copy either. States are never modified (apply works on its own copy), so the view
  // shares their public parts; a view is read and serialized, never modified (determinizeView
  // copies what it keeps).
  const v = { ...s } as unknown as AbView;
  v.hands = hands;
  v.ws = { size: s.ws.pool.length + s.ws.top.length, discard: s.ws.discard.slice() };
  v.wf = { pool: [...s.wf.pool, ...s.wf.top].sort(), discard: s.wf.discard.slice() };
  v.attacks = attacks;
  v.relays = relays;
  v.order = order;
  v.viewer = viewer;
  v.handSizes = s.hands.map((h) => h.length);
  v.unseen = unseen.sort();
  return v;
}

/** A full state consistent with the view: hidden hands, face-down cards and relays sampled. */
export function determinizeView(R: Rules, v: AbView, _seat: Seat | null, rng: Rng): AbState {
  const pool = rng.shuffle(v.unseen);
  const takeWhere = (ok: (c: string) => boolean): string => {
    const i = pool.findIndex(ok);
    if (i < 0) throw new Error('determinize: the unseen pool cannot satisfy the view');
    return pool.splice(i, 1)[0];
  };
  const attacks: Attack[] = v.attacks.map((a) => {
    let card = a.card as string;
    let response = a.response as string | null;
    if (typeof a.card !== 'string') card = a.done ? firstOfKind(R, 'target') : takeWhere((c) => R.kind(c) === 'target');
    if (a.response !== null && typeof a.response !== 'string') {
      response = a.done ? firstOfKind(R, 'amm') : takeWhere((c) => R.kind(c) === 'target' || R.kind(c) === 'amm');
    }
    return { ...a, card, response };
  });
  const hands = v.hands.map((h, i) => (h ? h.slice() : pool.splice(0, v.handSizes[i]).sort()));
  // Relays: the unknown numbers are a random permutation of the numbers not yet known.
  const relays = v.relays.slice();
  const known = new Set(relays.filter((n): n is number => n !== null));
  const live = v.order.length;
  const free = rng.shuffle(Array.from({ length: live }, (_, k) => k + 1).filter((n) => !known.has(n)));
  const relaysFull = relays.map((n) => (n === null ? free.shift()! : n));
  const order = v.order.every((x) => x !== null)
    ? (v.order as Seat[])
    : relaysFull.map((n, i) => [n, i]).filter(([n]) => n > 0).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
  const filled: Record<string, unknown> = {
    hands, attacks, relays: relaysFull, order,
    ws: { top: [], pool: pool.sort(), discard: v.ws.discard.slice() },
    wf: { top: [], pool: v.wf.pool.slice(), discard: v.wf.discard.slice() },
  };
  // Fields in the view's order, which is the state's (makeView keeps it): the view of this
  // state is then the given view, key for key.
  const out: Record<string, unknown> = {};
  for (const [key, x] of Object.entries(v)) {
    if (key === 'viewer' || key === 'handSizes' || key === 'unseen') continue;
    out[key] = key in filled ? filled[key] : x === undefined ? undefined : clone(x);
  }
  return out as unknown as AbState;
}

function firstOfKind(R: Rules, kind: string): string {
  return R.data.ws.find((c) => c.kind === kind)?.id ?? R.data.ws[0].id;
}
