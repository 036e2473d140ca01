// Analysis (issue 21, docs/ANALYSIS.md): sandbox games from a position with scripted dice,
// forks of a game at a version, and takebacks with every other human seat's consent. The log
// stays the truth and is never rewritten: a position is part of the game's policy (its setup),
// scripted outcomes are consumed stream by stream over the replay, and a takeback is an entry.
import { Ajv } from 'ajv';
import { applyEntry, KernelError, openDecisions, ownedApplyEntry, settleState, setupGame, type Applied, type KState } from '../engine/kernel.js';
import { entryRng, localRng } from '../engine/rng.js';
import { cursorsOf, scriptedRng, scriptProblem, ScriptMismatch, type Cursors, type DiceScript } from '../engine/script.js';
import type { Entry, GameEvent, Rng, Ruleset, Seat, SeatInfo, Violation } from '../engine/types.js';
import { isViolation, violation } from '../engine/types.js';
import type { GameRecord, SeatRecord } from '../store/types.js';
import { ServiceError } from './errors.js';

export interface SandboxPolicy {
  /** The position as given (schema-valid, validated by the ruleset). */
  position?: unknown;
  /** A fork's ruleset state (the full state of a finished game, or a caller's determinized view). */
  state?: unknown;
  dice?: DiceScript;
  analysisToken?: boolean;
  forkOf?: { game: string; version: number; from: 'finished' | 'view'; seat: Seat | null };
}

export interface TakebackPolicy {
  allow: boolean;
  /** What AI seats answer (default: approve). */
  ai?: 'approve' | 'refuse';
  /** How long the other seats have to answer (default: one day). */
  seconds?: number;
}

export interface SandboxInput {
  position?: unknown;
  dice?: Record<string, unknown[]>;
  analysisToken?: boolean;
}

type GameLike = Pick<GameRecord, 'id' | 'seed' | 'policy'>;

export function sandboxOf(game: Pick<GameRecord, 'policy'>): SandboxPolicy | null {
  return (game.policy as { sandbox?: SandboxPolicy } | null)?.sandbox ?? null;
}

export function takebacksOf(game: Pick<GameRecord, 'policy'>): TakebackPolicy | null {
  const t = (game.policy as { takebacks?: TakebackPolicy } | null)?.takebacks;
  return t?.allow ? t : null;
}

/** Games replayed from the setup on every load (script cursors, takeback targets): snapshots are not read. */
export function fullReplay(game: Pick<GameRecord, 'policy'>): boolean {
  return sandboxOf(game) !== null || takebacksOf(game) !== null;
}

/** A ruleset version no snapshot has: loadLog then returns the whole log. */
export const NO_SNAPSHOT = 'skyeye/analysis/full-replay';

// ---------------------------------------------------------------- sandbox set-up

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
const positionChecks = new WeakMap<Ruleset, ReturnType<Ajv['compile']>>();

/** A position against the ruleset's schema: 422 invalid_position naming the first field wrong. */
export function positionShapeViolation(rs: Ruleset, p: unknown): Violation | null {
  if (!rs.position) return violation('positions_unsupported', `${rs.id} has no position format yet`);
  let check = positionChecks.get(rs);
  if (!check) positionChecks.set(rs, (check = ajv.compile(rs.position.schema)));
  if (check(p)) return null;
  const e = check.errors![0];
  const where = `position${e.instancePath.replace(/\//g, '.')}`;
  const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
  return violation('invalid_position', `${where} ${e.message ?? 'does not match the position schema'}${extra}`, { errors: check.errors!.slice(0, 5) });
}

/** The sandbox part of a game's policy from the create input; 422 on a bad script or position shape. */
export function sandboxPolicy(rs: Ruleset, input: SandboxInput | undefined): SandboxPolicy | null {
  if (!input) return null;
  const out: SandboxPolicy = {};
  if (input.position !== undefined) {
    const v = positionShapeViolation(rs, input.position);
    if (v) throw new ServiceError(422, v.code, v.message, v.details);
    out.position = input.position;
  }
  if (input.dice !== undefined) {
    const problem = scriptProblem(input.dice);
    if (problem) throw new ServiceError(422, 'invalid_script', problem);
    out.dice = input.dice as DiceScript;
  }
  if (input.analysisToken) out.analysisToken = true;
  return out;
}

const cursors = new WeakMap<KState<any>, Cursors>();

/** The Rng of entry n after state `prev` (null: the setup): the seeded stream, under the script in a sandbox. */
export function gameRng(rs: Ruleset, game: GameLike, prev: KState<any> | null, n: number): Rng {
  const base = entryRng(game.seed, game.id, n);
  const dice = sandboxOf(game)?.dice;
  if (!dice) return base;
  return scriptedRng(base, dice, rs.position?.streams, prev ? cursors.get(prev) ?? {} : {});
}

function noteCursors(rng: Rng, k: KState<any>, prev: KState<any> | null): void {
  const c = cursorsOf(rng) ?? (prev ? cursors.get(prev) : undefined);
  if (c) cursors.set(k, c);
}

/** How far each stream's script was consumed at state k (sandbox games). */
export function scriptUsed(k: KState<any>): Cursors {
  return { ...(cursors.get(k) ?? {}) };
}

/** Entry 0: the scenario's set-up, or in a sandbox the position (or fork state) over it. */
export function setupFor(rs: Ruleset, game: GameLike, e: { scenario: string; seats: SeatInfo[]; options: unknown }): Applied<any> | Violation {
  const sb = sandboxOf(game);
  const rng = gameRng(rs, game, null, 0);
  if (!sb || (sb.position === undefined && sb.state === undefined)) {
    const made = guard(() => setupGame(rs, e, rng));
    if (!isViolation(made)) noteCursors(rng, made.k, null);
    return made;
  }
  // The scenario's set-up for these seats and options, drawn from a stream of its own (the
  // position replaces whatever it drew): the script starts with the first entry after it.
  const base = setupGame(rs, e, localRng(`sandbox-base|${game.id}`));
  if (isViolation(base)) return base;
  let s: unknown;
  if (sb.state !== undefined) s = JSON.parse(JSON.stringify(sb.state));
  else {
    const made = rs.position!.fromPosition(JSON.parse(JSON.stringify(sb.position)), base.k.s);
    if (isViolation(made)) return made;
    s = made;
  }
  let k: KState<any>;
  try {
    k = settleState(rs, s, 0);
  } catch (err) {
    if (err instanceof KernelError) return violation('position_stuck', 'in this position nobody has a decision to make');
    throw err;
  }
  noteCursors(rng, k, null);
  const events: GameEvent[] = [{ type: 'position_set', to: 'all', data: { fork: sb.forkOf ?? null } }];
  return { k, events };
}

function guard<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof ScriptMismatch) throw new ServiceError(422, 'script_mismatch', err.message, { stream: err.stream, index: err.index });
    throw err;
  }
}

// ---------------------------------------------------------------- entries of the log

export type TakebackEntry =
  | { kind: 'takeback_request'; seat: Seat; to: number; deadline: string }
  | { kind: 'takeback_vote'; seat: Seat; approve: boolean }
  | { kind: 'takeback'; seat: Seat; to: number; approvedBy: Seat[] }
  /** Written by the scheduled job (src/service/async/takebacks.ts) when nobody answered in time. */
  | { kind: 'takeback_expired'; request: number };

export interface PendingTakeback {
  seat: Seat;
  to: number;
  deadline: string;
  /** Seats (human, other than the asker) whose approval is needed. */
  voters: Seat[];
  approved: Seat[];
  requestedAt: number;
}

const pendingBy = new WeakMap<KState<any>, PendingTakeback>();
/** The target state of a takeback being committed (the entry object to the state at its version). */
const pinned = new WeakMap<object, KState<any>>();

export function pendingTakeback(k: KState<any>): PendingTakeback | null {
  return pendingBy.get(k) ?? null;
}

function isTakeback(e: { kind: string }): e is TakebackEntry {
  return e.kind === 'takeback_request' || e.kind === 'takeback_vote' || e.kind === 'takeback' || e.kind === 'takeback_expired';
}

/**
 * Applies one logged entry: the kernel's, or a takeback's (the state at the target version,
 * under the next version number). `past(v)`: the state at version v (replays); a takeback being
 * committed carries its target pinned.
 */
export function applyLogged(
  rs: Ruleset, game: GameLike & Pick<GameRecord, 'policy'>, seats: SeatRecord[] | null, k: KState<any>, entry: Entry<any> | TakebackEntry, past?: (v: number) => KState<any> | undefined,
): Applied<any> | Violation {
  const seq = k.seq + 1;
  const rng = gameRng(rs, game, k, seq);
  if (!isTakeback(entry)) {
    // The states a game is replayed through are the kernel's, never modified: what settle
    // derived for k (its open decisions) is reused, not asked of the ruleset again.
    const r = guard(() => ownedApplyEntry(rs, k, entry, rng));
    if (!isViolation(r)) noteCursors(rng, r.k, k);
    return r;
  }
  const prev = pendingBy.get(k);
  if (entry.kind === 'takeback') {
    const t = pinned.get(entry) ?? past?.(entry.to);
    if (!t) throw new KernelError(`takeback to ${entry.to}: the state at that version is not at hand`);
    const next: KState<any> = { s: t.s, open: t.open, seq, conceded: t.conceded };
    noteCursors(rng, next, k);
    return { k: next, events: [{ type: 'taken_back', to: 'all', data: { seat: entry.seat, to: entry.to, approvedBy: entry.approvedBy } }] };
  }
  const next: KState<any> = { s: k.s, open: k.open, seq, conceded: k.conceded };
  noteCursors(rng, next, k);
  if (entry.kind === 'takeback_request') {
    const voters = (seats ?? []).filter((x) => x.kind === 'human' && x.index !== entry.seat).map((x) => x.index);
    pendingBy.set(next, { seat: entry.seat, to: entry.to, deadline: entry.deadline, voters, approved: [], requestedAt: seq });
    return { k: next, events: [{ type: 'takeback_requested', to: 'all', data: { seat: entry.seat, to: entry.to, deadline: entry.deadline } }] };
  }
  if (entry.kind === 'takeback_expired') {
    // The request ends unanswered (the state is unchanged; a new request may be made).
    return { k: next, events: [{ type: 'takeback_expired', to: 'all', data: { request: entry.request, seat: prev?.seat ?? null, to: prev?.to ?? null, deadline: prev?.deadline ?? null } }] };
  }
  if (prev && entry.approve) pendingBy.set(next, { ...prev, approved: [...prev.approved, entry.seat] });
  return { k: next, events: [{ type: 'takeback_answered', to: 'all', data: { seat: entry.seat, approve: entry.approve } }] };
}

/** Replays entries 1.. onto the setup, keeping every state when takebacks may need one. */
export class Replayer {
  private readonly states: KState<any>[] = [];
  constructor(private readonly rs: Ruleset, private readonly game: GameLike & Pick<GameRecord, 'policy'>, private readonly seats: SeatRecord[] | null, public k: KState<any>) {
    if (fullReplay(game)) this.states[k.seq] = k;
  }

  step(entry: Entry<any> | TakebackEntry): Applied<any> | Violation {
    const r = applyLogged(this.rs, this.game, this.seats, this.k, entry, (v) => this.states[v]);
    if (!isViolation(r)) {
      this.k = r.k;
      if (fullReplay(this.game)) this.states[r.k.seq] = r.k;
    }
    return r;
  }

  at(v: number): KState<any> | undefined {
    return this.states[v];
  }
}

// ---------------------------------------------------------------- what games show

export function analysisFields(game: GameRecord, k: KState<any>) {
  const sb = sandboxOf(game);
  const p = pendingTakeback(k);
  return {
    sandbox: sb !== null,
    rated: sb === null,
    takebacks: takebacksOf(game) !== null,
    takeback: p ? { ...p, expired: Date.parse(p.deadline) < Date.now() } : null,
  };
}

/** What `verify` shows of a sandbox instead of its seed. */
export function sandboxReport(game: GameRecord, k: KState<any>) {
  const sb = sandboxOf(game)!;
  return {
    sandbox: true, seed: null,
    position: sb.position ?? null, state: sb.state ?? null, dice: sb.dice ?? null, forkOf: sb.forkOf ?? null, scriptUsed: scriptUsed(k),
  };
}

// ---------------------------------------------------------------- takebacks

/** Why a takeback to `to` is impossible: a draw or hidden information revealed since then. */
export function takebackProblem(
  rs: Ruleset, game: GameRecord, seats: SeatRecord[], rows: { seq: number; entry: unknown; events: unknown }[],
): ((to: number) => { reason: string; at: number } | null) & { at(v: number): KState<any> | undefined } {
  const setup = rows[0].entry as { scenario: string; seats: SeatInfo[]; options: unknown };
  const made = setupFor(rs, game, setup);
  if (isViolation(made)) throw new ServiceError(500, 'replay_failed', `setup of ${game.id} no longer applies`);
  const rep = new Replayer(rs, { ...game, policy: { ...(game.policy as object), takebacks: { allow: true } } }, seats, made.k);
  const bad: { seq: number; reason: string }[] = [];
  for (const row of rows.slice(1)) {
    const before = rep.k;
    const e = row.entry as Entry<any> | TakebackEntry;
    const rng0 = gameRng(rs, game, before, row.seq);
    const r = rep.step(e);
    if (isViolation(r)) throw new ServiceError(500, 'replay_failed', `entry ${row.seq} of ${game.id} no longer applies`);
    if (isTakeback(e)) continue;
    // The draws of this entry, re-run on a counting stream (the entry's own rng was consumed).
    const probe = applyEntry(rs, before, e, rng0);
    if (!isViolation(probe) && rng0.draws > 0) bad.push({ seq: row.seq, reason: 'random_draw' });
    else if (e.kind === 'sealed') bad.push({ seq: row.seq, reason: 'hidden_information' });
    else if ((row.events as GameEvent[]).some((ev) => ev.to !== 'all' || ev.others !== undefined)) bad.push({ seq: row.seq, reason: 'hidden_information' });
    else if (rs.position?.revealed?.(before.s, r.k.s)) bad.push({ seq: row.seq, reason: 'hidden_information' });
  }
  const f = ((to: number) => {
    const b = bad.find((x) => x.seq > to);
    return b ? { reason: b.reason, at: b.seq } : null;
  }) as ((to: number) => { reason: string; at: number } | null) & { at(v: number): KState<any> | undefined };
  f.at = (v: number) => rep.at(v);
  return f;
}

export function pinTarget(entry: TakebackEntry, target: KState<any>): void {
  pinned.set(entry, target);
}

export { openDecisions };
