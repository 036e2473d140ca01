// The small reducer around a ruleset: mints decision ids, routes entries, enforces the
// draw-then-violation rule, redacts events (the hash chain is chain.ts). Never imports a game.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type {
  Ctx, Decision, Entry, GameEvent, OpenDecision, PublicDecision, Result, Rng, Ruleset, Seat,
  SeatInfo, Violation,
} from './types.js';
import { isViolation, violation } from './types.js';
import { hiddenSlot } from './hidden-slot.js';

/** The state the kernel keeps around the ruleset's own. */
export interface KState<S = unknown> {
  s: S;
  /** Open decision key -> minted id. */
  open: Record<string, string>;
  /** Entries applied so far (setup is entry 0). */
  seq: number;
  /** Set when a seat resigns and the ruleset has no resign rule of its own. */
  conceded: Result | null;
}

/** A bug in a ruleset or the kernel (e.g. a Violation after a draw): 500, no details. */
export class KernelError extends Error {}

export interface Applied<S> {
  k: KState<S>;
  events: GameEvent[];
}

export function setupGame<S>(
  rs: Ruleset<S>, p: { scenario: string; seats: SeatInfo[]; options: unknown }, rng: Rng,
): Applied<S> | Violation {
  const step = rs.setup(p, { seq: 0, rng });
  if (isViolation(step)) {
    if (rng.draws > 0) throw new KernelError(`setup drew before rejecting: ${step.code}`);
    return step;
  }
  return { k: settle(rs, step.state, {}, 0, null), events: step.events };
}

/** A taken id: among the previous ones, or minted earlier in this call. */
function taken(id: string, prev: Record<string, string>, out: Record<string, string>): boolean {
  for (const key in prev) if (prev[key] === id) return true;
  for (const key in out) if (out[key] === id) return true;
  return false;
}

function mintIds(pending: OpenDecision[], prev: Record<string, string>, seq: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of pending) {
    let id = prev[d.key];
    if (!id) {
      id = `${seq}.${d.seat}.${d.kind}`;
      for (let i = 2; taken(id, prev, out); i++) id = `${seq}.${d.seat}.${d.kind}.${i}`;
    }
    out[d.key] = id;
  }
  return out;
}

/**
 * What the kernel derives from a KState: the ruleset's result and pending decisions, the
 * minted decisions, each computed at most once per holder. The public readers below derive
 * afresh on every call (callers, tests among them, may modify a state's `s` in place). The
 * kernel's own drivers (playout.ts), which never modify the states they play, reuse what
 * `settle` computed for the state it built: see `owned*`. Kept on the state in a hidden slot
 * (hidden-slot.ts: invisible to the hash chain's JSON, copies and equality).
 */
interface Derived {
  rs: Ruleset<any>;
  /** rs.result(k.s), when `hasResult`. */
  result: Result | null;
  hasResult: boolean;
  pending: OpenDecision[] | null;
  minted: Minted[] | null;
}

const derived = hiddenSlot<Derived>('kernel.derived');

const fresh = (rs: Ruleset<any>): Derived => ({ rs, result: null, hasResult: false, pending: null, minted: null });

/** What settle computed for k (a state the caller never modified), else a fresh holder. */
function owned<S>(rs: Ruleset<S>, k: KState<S>): Derived {
  let d = derived.get(k);
  if (d === undefined || d.rs !== rs) {
    d = fresh(rs);
    derived.set(k, d);
  }
  return d;
}

function rulesetResult<S>(rs: Ruleset<S>, k: KState<S>, d: Derived): Result | null {
  if (!d.hasResult) {
    d.result = rs.result(k.s);
    d.hasResult = true;
  }
  return d.result;
}

export function resultOf<S>(rs: Ruleset<S>, k: KState<S>): Result | null {
  return k.conceded ?? rs.result(k.s);
}

/** resultOf for drivers that never modify the states the kernel gives them. */
export function ownedResult<S>(rs: Ruleset<S>, k: KState<S>): Result | null {
  return k.conceded ?? rulesetResult(rs, k, owned(rs, k));
}

export type Minted = { dec: Decision; raw: OpenDecision };

function mintedOf<S>(rs: Ruleset<S>, k: KState<S>, d: Derived): Minted[] {
  if (d.minted) return d.minted;
  if (k.conceded ?? rulesetResult(rs, k, d)) return (d.minted = []);
  const pending = (d.pending ??= rs.pending(k.s));
  const out: Minted[] = [];
  for (const raw of pending) {
    // { ...raw without key, id }: the same fields in the same order, without a rest copy.
    const dec: Record<string, unknown> = {};
    for (const p in raw) if (p !== 'key') dec[p] = raw[p as keyof OpenDecision];
    dec.id = k.open[raw.key] ?? `${k.seq}.${raw.seat}.${raw.kind}`;
    out.push({ raw, dec: dec as unknown as Decision });
  }
  return (d.minted = out);
}

/** Every open decision with the ruleset's raw form (for drivers that need both). Server-side only. */
export function minted<S>(rs: Ruleset<S>, k: KState<S>): Minted[] {
  return mintedOf(rs, k, fresh(rs));
}

/** minted for drivers that never modify the states the kernel gives them (shared: read only). */
export function ownedMinted<S>(rs: Ruleset<S>, k: KState<S>): Minted[] {
  return mintedOf(rs, k, owned(rs, k));
}

/** Every open decision, every seat, with its private prompt. Server-side only. */
export function openDecisions<S>(rs: Ruleset<S>, k: KState<S>): Decision[] {
  return minted(rs, k).map((m) => m.dec);
}

/** The open decisions as a seat (or a spectator, null) may see them: prompts only for the seat's own. */
export function decisionsFor<S>(rs: Ruleset<S>, k: KState<S>, seat: Seat | null): Decision[] {
  return decisionsIn(minted(rs, k), seat);
}

/**
 * decisionsFor over a list already minted, e.g. `ownedMinted` of a state the caller never
 * modifies (the service's loaded games: one `pending` per state, not one per reader).
 */
export function decisionsIn(ms: Minted[], seat: Seat | null): Decision[] {
  return ms.map((m) => (m.dec.seat === seat ? m.dec : publicPart(m.dec)));
}

export function publicPart(d: Decision): PublicDecision {
  const { prompt: _p, ...pub } = d;
  return pub;
}

export function findDecision<S>(rs: Ruleset<S>, k: KState<S>, id: string): Minted | undefined {
  return findIn(minted(rs, k), id);
}

/** findDecision over a list already minted (see decisionsIn). */
export function findIn(ms: Minted[], id: string): Minted | undefined {
  for (const m of ms) if (m.dec.id === id) return m;
  return undefined;
}

/**
 * The decision a seat's submission answers: the given id, else the seat's only open one
 * that is not part of a sealed group handled elsewhere.
 */
export function decisionForSeat<S>(rs: Ruleset<S>, k: KState<S>, seat: Seat, id?: string): Minted | Violation {
  return decisionForSeatIn(minted(rs, k), seat, id);
}

/** decisionForSeat over a list already minted (see decisionsIn). */
export function decisionForSeatIn(all: Minted[], seat: Seat, id?: string): Minted | Violation {
  const mine = all.filter((m) => m.dec.seat === seat);
  if (id) {
    const m = findIn(all, id);
    if (!m) return violation('decision_not_open', `decision ${id} is not open`);
    if (m.dec.seat !== seat) return violation('not_your_decision', `decision ${id} belongs to seat ${m.dec.seat}`);
    return m;
  }
  if (mine.length === 0) return violation('not_your_turn', `seat ${seat} has no open decision`);
  if (mine.length > 1) {
    return violation('decision_ambiguous', 'several decisions are open for this seat: name one with `decision`', {
      decisions: mine.map((m) => m.dec.id),
    });
  }
  return mine[0];
}

function isAction(a: unknown): a is { type: string } {
  return typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string';
}

const shapeChecks = new WeakMap<Ruleset<any>, ValidateFunction | null>();

/**
 * A submitted action against the ruleset's `actionSchema` (ajv, no coercion): an unknown
 * field or a wrong type is refused before the rules run, alike in every game. Checked where a
 * seat submits (answers and sealed commits), not on replay, so logs written before a ruleset
 * had a schema still load.
 */
export function actionShapeViolation(rs: Ruleset<any>, action: unknown): Violation | null {
  let check = shapeChecks.get(rs);
  if (check === undefined) {
    check = rs.actionSchema ? shapeAjv.compile(rs.actionSchema) : null;
    shapeChecks.set(rs, check);
  }
  if (!check || check(action)) return null;
  const errors = check.errors ?? [];
  const type = isAction(action as unknown) ? (action as { type: string }).type : undefined;
  // A union reports every branch: keep those of the branch for the action's own type.
  const branchOf = (e: ErrorObject) => /^#\/(?:anyOf|oneOf)\/(\d+)\//.exec(e.schemaPath)?.[1];
  const wrongType = new Set(errors.filter((e) => e.instancePath === '/type' && e.keyword === 'const').map(branchOf));
  const branches = new Set(errors.map(branchOf).filter((b) => b !== undefined && !wrongType.has(b)));
  const own = errors.filter((e) => branches.has(branchOf(e)) || (branchOf(e) === undefined && !/anyOf|oneOf/.test(e.keyword)));
  if (!own.length) {
    return violation('invalid_action', type ? `unknown action type ${type}` : 'an action is an object with a string `type`', { errors: errors.slice(0, 5) });
  }
  const e = own[0];
  const where = e.instancePath ? `action${e.instancePath.replace(/\//g, '.')}` : 'action';
  const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
  return violation('invalid_action', `${where} ${e.message ?? 'does not match the action schema'}${extra}${type ? ` in a ${type} action` : ''}`, { errors: own.slice(0, 5) });
}

/** Validates an action for a seat's open decision without applying it (no draw). */
export function validateAnswer<S>(rs: Ruleset<S>, k: KState<S>, seat: Seat, m: Minted, action: unknown): Violation | null {
  if (!isAction(action)) return violation('malformed_action', 'an action is an object with a string `type`');
  return rs.validate(k.s, seat, m.raw, action);
}

export function applyEntry<S>(rs: Ruleset<S>, k: KState<S>, entry: Entry<any>, rng: Rng): Applied<S> | Violation {
  return apply(rs, k, entry, rng, fresh(rs));
}

/** applyEntry for drivers that never modify the states the kernel gives them. */
export function ownedApplyEntry<S>(rs: Ruleset<S>, k: KState<S>, entry: Entry<any>, rng: Rng): Applied<S> | Violation {
  return apply(rs, k, entry, rng, owned(rs, k));
}

function apply<S>(rs: Ruleset<S>, k: KState<S>, entry: Entry<any>, rng: Rng, d: Derived): Applied<S> | Violation {
  if (k.conceded ?? rulesetResult(rs, k, d)) return violation('game_over', 'the game has ended');
  const seq = k.seq + 1;
  const ctx: Ctx = { seq, rng };

  if (entry.kind === 'resign') {
    if (rs.resign) {
      const step = rs.resign(k.s, entry.seat, ctx);
      return finish(rs, k, step.state, step.events, seq, null);
    }
    const seats = seatsOf(rs, k);
    const conceded: Result = { winners: seats.filter((x) => x !== entry.seat), draw: false, reason: 'resignation' };
    return finish(rs, k, k.s, [{ type: 'resigned', to: 'all', data: { seat: entry.seat } }], seq, conceded);
  }

  let toApply: Entry<any> = entry;
  if (entry.kind === 'sealed') {
    const members = mintedOf(rs, k, d).filter((m) => m.dec.group?.id === entry.group && m.dec.group.mode === 'sealed');
    if (members.length === 0) return violation('group_not_open', `sealed group ${entry.group} is not open`);
    for (const m of members) {
      const a = entry.commits[m.dec.seat];
      if (a === undefined) return violation('commit_missing', `seat ${m.dec.seat} has not committed to ${entry.group}`);
      const v = validateAnswer(rs, k, m.dec.seat, m, a);
      if (v) return v;
    }
  } else {
    const m = findIn(mintedOf(rs, k, d), entry.decision);
    if (!m) return violation('decision_not_open', `decision ${entry.decision} is not open`);
    toApply = { ...entry, key: m.raw.key };
    if (entry.kind === 'answer') {
      if (m.dec.seat !== entry.seat) return violation('not_your_decision', `decision ${m.dec.id} belongs to seat ${m.dec.seat}`);
      if (m.dec.group?.mode === 'sealed') return violation('sealed_decision', 'a sealed decision is committed, not answered');
    }
    const v = validateAnswer(rs, k, m.dec.seat, m, entry.action);
    if (v) return v;
  }

  const step = rs.apply(k.s, toApply, ctx);
  if (isViolation(step)) {
    if (rng.draws > 0) throw new KernelError(`${rs.id}: violation ${step.code} after ${rng.draws} draws`);
    return step;
  }
  return finish(rs, k, step.state, step.events, seq, null);
}

function finish<S>(rs: Ruleset<S>, k: KState<S>, s: S, events: GameEvent[], seq: number, conceded: Result | null): Applied<S> {
  const next = settle(rs, s, k.open, seq, conceded ?? k.conceded);
  const d = derived.get(next)!;
  if (!next.conceded && !d.result && !d.pending!.some((x) => x.blocking)) {
    throw new KernelError(`${rs.id}: a running game has no blocking decision`);
  }
  return { k: next, events };
}

/**
 * The KState after an entry: decision ids minted from the previous ones. The ruleset's result
 * and pending are asked once each and kept for the state's readers (drivers, the next entry).
 */
function settle<S>(rs: Ruleset<S>, s: S, prev: Record<string, string>, seq: number, conceded: Result | null): KState<S> {
  const result = conceded ? null : rs.result(s);
  const pending = conceded || result ? null : rs.pending(s);
  const k: KState<S> = { s, open: pending ? mintIds(pending, prev, seq) : {}, seq, conceded };
  derived.set(k, { rs, result, hasResult: !conceded, pending, minted: null });
  return k;
}

function seatsOf<S>(rs: Ruleset<S>, k: KState<S>): Seat[] {
  const v = rs.view(k.s, null) as { seats?: unknown[] } | null;
  const n = Array.isArray(v?.seats) ? v!.seats!.length : rs.players.max;
  return Array.from({ length: n }, (_, i) => i);
}

/** The form of an event a viewer may see, or null. After the end everything is public. */
export function eventFor(ev: GameEvent, viewer: Seat | null, ended: boolean): { type: string; data: unknown } | null {
  if (ended || ev.to === 'all') return { type: ev.type, data: ev.data };
  if (ev.to !== 'server' && viewer !== null && ev.to.seats.includes(viewer)) return { type: ev.type, data: ev.data };
  return ev.others === undefined ? null : { type: ev.type, data: ev.others };
}

export function eventsFor(evs: GameEvent[], viewer: Seat | null, ended: boolean): { type: string; data: unknown }[] {
  const out: { type: string; data: unknown }[] = [];
  for (const e of evs) {
    const r = eventFor(e, viewer, ended);
    if (r) out.push(r);
  }
  return out;
}

const shapeAjv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });

/**
 * A KState for a ruleset state made outside setup and apply (analysis: a position or a fork's
 * state), its decision ids minted at `seq`; a running state without a blocking decision is a
 * KernelError, as after any entry.
 */
export function settleState<S>(rs: Ruleset<S>, s: S, seq: number): KState<S> {
  const k = settle(rs, s, {}, seq, null);
  const d = derived.get(k)!;
  if (!d.result && !d.pending!.some((x) => x.blocking)) throw new KernelError(`${rs.id}: a running position has no blocking decision`);
  return k;
}
