// The analysis use cases (docs/ANALYSIS.md): forks, positions of a game, takebacks with consent.
// Shared by REST and GraphQL; they reach the service's loading and committing through
// `analysisAccess`, so every write is still one append at the expected version.
import { type KState } from '../engine/kernel.js';
import { localRng } from '../engine/rng.js';
import type { Entry, Ruleset, Seat } from '../engine/types.js';
import { isViolation } from '../engine/types.js';
import { getRuleset } from '../games/index.js';
import {
  pendingTakeback, pinTarget, sandboxOf, takebackProblem, takebacksOf, type SandboxPolicy, type TakebackEntry,
} from './analysis.js';
import { ServiceError } from './errors.js';
import type { GameService, LoadedGame } from './game-service.js';
import { newToken } from './tokens.js';

async function stateAt(svc: GameService, g: LoadedGame, version: number): Promise<KState<any>> {
  if (!Number.isInteger(version) || version < 0 || version > g.k.seq) {
    throw new ServiceError(400, 'bad_version', `version must be between 0 and ${g.k.seq}`);
  }
  return version === g.k.seq ? g.k : (await svc.analysisAccess.rebuild(g, version)).k;
}

/**
 * The ruleset state a caller may take away from a game at `version`: the full state once the
 * game is over (or of a sandbox, which hides nothing from its analyst); of a running game only a
 * state made consistent with the caller's own view by the ruleset's determinize.
 */
async function takeable(svc: GameService, gameId: string, seat: Seat | null, version: number) {
  const g = await svc.analysisAccess.load(gameId);
  const k = await stateAt(svc, g, version);
  const open = g.game.status === 'finished' || (sandboxOf(g.game)?.analysisToken ?? false);
  if (open) return { g, state: k.s as unknown, from: 'finished' as const };
  const rs = g.rs;
  if (!rs.determinize) throw new ServiceError(422, 'fork_unsupported', `${rs.id} cannot make a state from a view (no determinize): fork it once it has ended`);
  const view = rs.view(k.s, seat);
  const state = rs.determinize(view, seat, localRng(`fork|${gameId}|${version}|${newToken()}`));
  return { g, state, from: 'view' as const };
}

export async function forkGame(svc: GameService, gameId: string, seat: Seat | null, version: number) {
  const { g, state, from } = await takeable(svc, gameId, seat, version);
  const forkOf: NonNullable<SandboxPolicy['forkOf']> = { game: gameId, version, from, seat: from === 'view' ? seat : null };
  return svc.createGame({
    ruleset: g.game.ruleset, scenario: g.game.scenario, options: g.game.options,
    seats: g.seats.map((s) => ({ name: s.name })),
    fork: { state, forkOf },
  });
}

export async function positionAt(svc: GameService, gameId: string, seat: Seat | null, version?: number) {
  const g0 = await svc.analysisAccess.load(gameId);
  const v = version ?? g0.k.seq;
  const { g, state, from } = await takeable(svc, gameId, seat, v);
  if (!g.rs.position) throw new ServiceError(422, 'positions_unsupported', `${g.rs.id} has no position format yet`);
  const p = g.rs.position.toPosition(state);
  if (isViolation(p)) throw new ServiceError(422, p.code, p.message, p.details);
  return { ruleset: g.rs.id, scenario: g.game.scenario, version: v, from, position: p };
}

export function positionSchema(rulesetId: string) {
  const rs = getRuleset(rulesetId);
  if (!rs) throw new ServiceError(404, 'ruleset_not_found', `ruleset ${rulesetId} not found`);
  if (!rs.position) throw new ServiceError(422, 'positions_unsupported', `${rs.id} has no position format yet`);
  return { ruleset: rs.id, version: rs.version, schema: rs.position.schema, streams: rs.position.streams ?? {} };
}

// ---------------------------------------------------------------- takebacks

function refuse(reason: string, message: string, details: Record<string, unknown> = {}) {
  return new ServiceError(409, 'takeback_refused', message, { reason, ...details });
}

async function checked(svc: GameService, g: LoadedGame, to: number) {
  const rows = (await svc.analysisAccess.store.actionsAfter(g.game.id, -1, 1_000_000)).filter((r) => r.seq <= g.k.seq);
  const problem = takebackProblem(g.rs as Ruleset, g.game, g.seats, rows);
  const why = problem(to);
  if (why) {
    const words = why.reason === 'random_draw' ? 'a random draw was made' : 'information hidden from a seat was revealed';
    throw refuse(why.reason, `${words} at version ${why.at}, after version ${to}`, { at: why.at, to });
  }
  const target = problem.at(to);
  if (!target) throw new ServiceError(500, 'replay_failed', `the state at version ${to} could not be rebuilt`);
  return target;
}

async function commitTakeback(svc: GameService, g: LoadedGame, entry: TakebackEntry, seat: Seat) {
  const a = svc.analysisAccess;
  const out = await a.commit(g, entry as unknown as Entry<any>, seat);
  if (!out.ok) throw new ServiceError(409, 'version_conflict', `the game is at version ${out.version}`, { version: out.version });
  const moved = await a.afterMove(g.game.id, out.response, seat);
  const now = await a.load(g.game.id);
  return { ...moved, takeback: pendingTakeback(now.k), entry: entry.kind };
}

export async function requestTakeback(svc: GameService, gameId: string, seat: Seat, to: number) {
  const g = await svc.analysisAccess.load(gameId);
  if (sandboxOf(g.game)) throw new ServiceError(409, 'sandbox_game', 'a sandbox is rewound by forking it (POST /v1/games/:id/fork)');
  const tb = takebacksOf(g.game);
  if (!tb) throw new ServiceError(409, 'takebacks_disabled', "this game's options do not allow takebacks");
  if (g.game.status === 'finished') throw new ServiceError(409, 'game_over', 'the game has ended');
  if (!Number.isInteger(to) || to < 0 || to >= g.k.seq) throw new ServiceError(400, 'bad_version', `a takeback goes to a version between 0 and ${g.k.seq - 1}`);
  const p = pendingTakeback(g.k);
  if (p && Date.parse(p.deadline) >= Date.now()) throw new ServiceError(409, 'takeback_pending', `seat ${p.seat} asked to take back to version ${p.to}: answer that first`, p);
  const others = g.seats.filter((s) => s.index !== seat);
  if (others.some((s) => s.kind === 'ai') && tb.ai === 'refuse') throw refuse('ai_refuses', "the game's AI seats refuse takebacks (takebacks.ai = 'refuse')");
  const target = await checked(svc, g, to);
  const voters = others.filter((s) => s.kind === 'human');
  let entry: TakebackEntry;
  if (!voters.length) {
    entry = { kind: 'takeback', seat, to, approvedBy: others.map((s) => s.index) };
    pinTarget(entry, target);
  } else {
    entry = { kind: 'takeback_request', seat, to, deadline: new Date(Date.now() + (tb.seconds ?? 86_400) * 1000).toISOString() };
  }
  return commitTakeback(svc, g, entry, seat);
}

export async function answerTakeback(svc: GameService, gameId: string, seat: Seat, approve: boolean) {
  const g = await svc.analysisAccess.load(gameId);
  const p = pendingTakeback(g.k);
  if (!p) throw new ServiceError(409, 'no_takeback_pending', 'no takeback is waiting for an answer');
  if (Date.parse(p.deadline) < Date.now()) throw new ServiceError(409, 'takeback_expired', `the request to take back to version ${p.to} expired at ${p.deadline}`);
  if (!p.voters.includes(seat)) throw new ServiceError(403, 'not_a_voter', `seat ${seat} does not answer this takeback`);
  if (p.approved.includes(seat)) throw new ServiceError(409, 'already_answered', `seat ${seat} has approved already`);
  const approved = [...p.approved, seat];
  let entry: TakebackEntry;
  if (approve && p.voters.every((v) => approved.includes(v))) {
    const target = await checked(svc, g, p.to);
    const ai = g.seats.filter((s) => s.kind === 'ai' && s.index !== p.seat).map((s) => s.index);
    entry = { kind: 'takeback', seat: p.seat, to: p.to, approvedBy: [...approved, ...ai].sort((a, b) => a - b) };
    pinTarget(entry, target);
  } else {
    entry = { kind: 'takeback_vote', seat, approve };
  }
  return commitTakeback(svc, g, entry, seat);
}

/**
 * The scheduled end of an unanswered request (src/service/async/takebacks.ts): a
 * `takeback_expired` entry once its deadline has passed. Nothing is written when the request
 * already ended (answered, replaced by a new request after the deadline, a move, the game's end):
 * 'stale'. Before the deadline (a job run early): how many milliseconds are left.
 */
export async function expireTakeback(svc: GameService, gameId: string, request: number): Promise<'expired' | 'stale' | { early: number }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const g = await svc.analysisAccess.load(gameId);
    const p = pendingTakeback(g.k);
    if (g.game.status !== 'active' || !p || p.requestedAt !== request) return 'stale';
    const left = Date.parse(p.deadline) - Date.now();
    if (left >= 0) return { early: left + 1 }; // expired means strictly after the deadline (analysisFields)
    const entry: TakebackEntry = { kind: 'takeback_expired', request };
    const out = await svc.analysisAccess.commit(g, entry as unknown as Entry<any>, null);
    if (out.ok) return 'expired';
  }
  return 'stale';
}
