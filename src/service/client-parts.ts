// What a client needs beside the game itself (issue #15): field-by-field `choices` for an open
// decision, the ruleset's `query` (reach, LOS, odds, ...) on the caller's view, and each
// scenario's static data (map, unit and card definitions, set-up). Shared by REST and GraphQL.
import { minted } from '../engine/kernel.js';
import type { Choice, Seat } from '../engine/types.js';
import { getRuleset } from '../games/index.js';
import { Type as T } from '@sinclair/typebox';
import { notFound, ServiceError } from './errors.js';
import { checkInput } from './input.js';
import type { GameService } from './game-service.js';

/** The arguments both doors accept (REST's querystring carries `partial` and `args` as JSON text of at most JSON_ARG_MAX characters). */
export const JSON_ARG_MAX = 4096;
export const ChoicesArgs = T.Object({ decision: T.Optional(T.String({ minLength: 1, maxLength: 128 })), partial: T.Optional(T.Unknown()) });
export const QueryArgs = T.Object({ name: T.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }), args: T.Optional(T.Unknown()) });

/** GraphQL's arguments (JSON values, not text): the same contract, and the same bound on their size. */
export function checkChoicesArgs(a: unknown): { decision?: string; partial?: unknown } {
  const x = checkInput(ChoicesArgs, a, 'input');
  jsonWithin(x.partial, 'partial');
  return x;
}
export function checkQueryArgs(a: unknown): { name: string; args?: unknown } {
  const x = checkInput(QueryArgs, a, 'input');
  jsonWithin(x.args, 'args');
  return x;
}
function jsonWithin(v: unknown, name: string): void {
  if (v !== undefined && JSON.stringify(v).length > JSON_ARG_MAX) throw new ServiceError(400, 'invalid_request', `${name} must be at most ${JSON_ARG_MAX} characters as JSON`);
}

/** `partial` and `args` come as JSON text in a query string: parsed here, 400 when not JSON. */
export function jsonArg(text: string | undefined | null, name: string): unknown {
  if (text === undefined || text === null || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError(400, 'invalid_request', `${name} must be JSON (URL-encoded), e.g. ${name}={"type":"move"}`);
  }
}

/**
 * The next field to fill in for one of the caller's open decisions, given the fields chosen
 * so far (`partial`). Without `decision`, the seat's only open decision.
 */
export async function choicesFor(svc: GameService, gameId: string, seat: Seat, decision?: string, partial?: unknown):
  Promise<{ version: number; decision: string; kind: string; partial: unknown; choice: Choice }> {
  const g = await svc.load(gameId, true);
  if (!g.rs.choices) throw new ServiceError(404, 'not_supported', `${g.rs.id} does not offer choices`);
  if (g.game.status === 'finished') throw new ServiceError(409, 'game_over', 'the game has ended', { version: g.k.seq });
  const mine = minted(g.rs, g.k).filter((m) => m.dec.seat === seat);
  const m = decision ? mine.find((x) => x.dec.id === decision) : mine.length === 1 ? mine[0] : undefined;
  if (!m) {
    if (decision) throw new ServiceError(409, 'decision_not_open', `decision ${decision} is not open for seat ${seat}`, { version: g.k.seq });
    if (!mine.length) throw new ServiceError(409, 'not_your_turn', `seat ${seat} has no open decision`, { version: g.k.seq });
    throw new ServiceError(409, 'decision_ambiguous', 'several decisions are open for this seat: name one with `decision`',
      { version: g.k.seq, decisions: mine.map((x) => x.dec.id) });
  }
  const p = partial ?? {};
  if (typeof p !== 'object' || p === null || Array.isArray(p)) throw new ServiceError(400, 'invalid_request', 'partial must be a JSON object of the fields chosen so far');
  return { version: g.k.seq, decision: m.dec.id, kind: m.dec.kind, partial: p, choice: g.rs.choices(g.k.s, seat, m.raw, p) };
}

/** The ruleset's query `name` on the caller's view (a spectator: the public view): nothing hidden leaks. */
export async function queryFor(svc: GameService, gameId: string, seat: Seat | null, name: string, args?: unknown):
  Promise<{ version: number; name: string; result: unknown }> {
  const g = await svc.load(gameId, true);
  if (!g.rs.query) throw new ServiceError(404, 'not_supported', `${g.rs.id} offers no queries`);
  const v = g.rs.view(g.k.s, seat);
  let result: unknown;
  try {
    result = g.rs.query(v, name, args ?? {});
  } catch {
    result = null; // arguments the ruleset cannot read (an unknown unit, a malformed cell)
  }
  if (result === undefined) result = null;
  return { version: g.k.seq, name, result };
}

/** A scenario's static data (`scenarioData`), with the ruleset and scenario it is for. */
export function scenarioDataOf(rulesetId: string, scenarioId: string): { ruleset: string; version: string; scenario: string; title: string; data: unknown } {
  const rs = getRuleset(rulesetId);
  if (!rs) throw notFound('ruleset', rulesetId);
  const info = rs.scenarios.find((s) => s.id === scenarioId);
  if (!info) throw notFound('scenario', `${rulesetId}/${scenarioId}`);
  if (!rs.scenarioData) throw new ServiceError(404, 'not_supported', `${rs.id} publishes no scenario data`);
  return { ruleset: rs.id, version: rs.version, scenario: info.id, title: info.title, data: rs.scenarioData(info.id) };
}
