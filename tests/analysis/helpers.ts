// Helpers for the analysis tests (issue 21): real HTTP through the app on a real store.
import assert from 'node:assert/strict';
import { auth, type TestServer } from '../support/env.js';

export interface Created {
  id: string;
  version: number;
  sandbox: boolean;
  analysisToken?: string;
  seats: { index: number; token: string | null }[];
}

export async function create(s: TestServer, payload: Record<string, unknown>, status = 201): Promise<Created & { error?: { code: string; message: string } }> {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload });
  assert.equal(r.statusCode, status, r.body);
  return r.json();
}

export async function game(s: TestServer, id: string, token?: string | null, seat?: number) {
  const headers: Record<string, string> = token ? auth(token) : {};
  if (seat !== undefined) headers['x-seat'] = String(seat);
  const r = await s.app.inject({ method: 'GET', url: `/v1/games/${id}`, headers });
  assert.equal(r.statusCode, 200, r.body);
  return r.json();
}

/** A small deterministic generator for picking moves (tests only). */
export function picker(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

/** The token a seat plays with: its own, or the analysis token. */
export type TokenOf = (seat: number) => string;

/**
 * Plays random legal moves (a seat to move, one of its legal actions) until `stop` says so or
 * the game ends; returns the last game read (spectator view). `pick` chooses among actions.
 */
export type Pick = (n: number, actions: any[]) => number;

export async function playUntil(s: TestServer, id: string, tokenOf: TokenOf, stop: (g: any) => boolean, pick: Pick = picker(7), max = 400) {
  for (let i = 0; i < max; i++) {
    const g = await game(s, id);
    if (g.status === 'finished' || stop(g)) return g;
    await playOne(s, id, tokenOf, pick, g);
  }
  return game(s, id);
}

export async function playOne(s: TestServer, id: string, tokenOf: TokenOf, pick: Pick = picker(7), g?: any) {
  g ??= await game(s, id);
  const d = g.pending.find((x: { blocking: boolean }) => x.blocking) ?? g.pending[0];
  // A sealed group closes when every member has committed: answer them all.
  const ds = d.group?.mode === 'sealed' ? g.pending.filter((x: any) => x.group?.id === d.group.id) : [d];
  let out: any;
  for (const x of ds) {
    const headers = { ...auth(tokenOf(x.seat)), 'x-seat': String(x.seat) };
    const la = await s.app.inject({ method: 'GET', url: `/v1/games/${id}/legal-actions`, headers });
    assert.equal(la.statusCode, 200, la.body);
    const dec = la.json().decisions.find((y: { decision: string }) => y.decision === x.id) ?? la.json().decisions[0];
    const action = dec.actions[pick(dec.actions.length, dec.actions)];
    const r = await s.app.inject({ method: 'POST', url: `/v1/games/${id}/actions`, headers, payload: { decision: dec.decision, action } });
    assert.equal(r.statusCode, 200, r.body);
    out = r.json();
  }
  return out;
}

export async function post(s: TestServer, url: string, token: string | null, payload: unknown, seat?: number) {
  const headers: Record<string, string> = token ? auth(token) : {};
  if (seat !== undefined) headers['x-seat'] = String(seat);
  return s.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
}

export async function get(s: TestServer, url: string, token?: string | null) {
  return s.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
}

/** The legal actions of each open decision of a seat (the actions only: decision ids carry the game's version). */
export async function legalActions(s: TestServer, id: string, token: string, seat: number) {
  const r = await s.app.inject({ method: 'GET', url: `/v1/games/${id}/legal-actions`, headers: { ...auth(token), 'x-seat': String(seat) } });
  assert.equal(r.statusCode, 200, r.body);
  return r.json().decisions.map((d: { actions: unknown[] }) => d.actions);
}

/**
 * A sandbox made from a game's position is that game: each seat's view, pending decisions and
 * legal actions, and the spectator's view, are the same.
 */
export async function assertSameGame(s: TestServer, original: { id: string; analysisToken?: string }, copy: Created, seats: number[] = [0, 1]) {
  for (const seat of seats) {
    const a = await game(s, original.id, original.analysisToken, seat);
    const b = await game(s, copy.id, copy.seats[seat].token);
    assert.deepEqual(b.view, a.view, `seat ${seat}`);
    assert.deepEqual(b.pending.map((d: any) => [d.seat, d.kind]), a.pending.map((d: any) => [d.seat, d.kind]));
    assert.deepEqual(await legalActions(s, copy.id, copy.seats[seat].token!, seat), await legalActions(s, original.id, original.analysisToken!, seat), `seat ${seat}'s legal actions`);
  }
  assert.deepEqual((await game(s, copy.id)).view, (await game(s, original.id)).view);
}
