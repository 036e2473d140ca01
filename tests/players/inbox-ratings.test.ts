// The inbox (GET /v1/me/games?toAct=true) and Glicko-2 ratings (issue 19), over real HTTP on
// a real store: ordering by due time and cursor paging; a rated game changes both players'
// ratings exactly once, in the transaction that ends it (a replayed request changes nothing);
// unrated games change nothing; AI seats anchor at their reference rating.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sqlOf } from '../../src/players/players.js';
import { auth, startServer, type TestServer } from '../support/env.js';

let s: TestServer;
before(async () => { s = await startServer(); });
after(async () => { await s.close(); });

async function newPlayer(name: string) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/players', payload: { name } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; key: string };
}

async function createGame(payload: Record<string, unknown>) {
  const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', ...payload } });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as { id: string; seats: { index: number; token: string | null }[] };
}

async function bid(id: string, token: string) {
  const v = (await s.app.inject({ method: 'GET', url: `/v1/games/${id}`, headers: auth(token) })).json();
  const card = v.view.seats[v.you].hand[0];
  const r = await s.app.inject({ method: 'POST', url: `/v1/games/${id}/actions`, headers: auth(token), payload: { action: { type: 'bid', card } } });
  assert.equal(r.statusCode, 200, r.body);
}

async function inbox(key: string, q: string) {
  const r = await s.app.inject({ method: 'GET', url: `/v1/me/games?${q}`, headers: auth(key) });
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as { games: { id: string; dueAt: string | null; decisions: { kind: string }[]; toAct: boolean }[]; nextCursor: string | null };
}

async function ratingOf(playerId: string, ruleset = 'duel') {
  const r = await s.app.inject({ method: 'GET', url: `/v1/players/${playerId}` });
  assert.equal(r.statusCode, 200, r.body);
  return r.json().ratings.find((x: { ruleset: string }) => x.ruleset === ruleset) as { rating: number; rd: number; games: number; wins: number; losses: number } | undefined;
}

describe('inbox', () => {
  test('toAct lists games waiting for the player, oldest due first (undated last), with decision kinds and dueAt; cursor paging', async () => {
    const p = await newPlayer('Inbox');
    const seats = [{ name: 'P', player: p.id }, { name: 'Opp' }];
    const late = await createGame({ seats, deadlines: { sealedSeconds: 3000 } });
    const none = await createGame({ seats });
    const soon = await createGame({ seats, deadlines: { sealedSeconds: 1000 } });
    const waiting = await createGame({ seats, deadlines: { sealedSeconds: 500 } });
    await bid(waiting.id, p.key); // its bid is held: nothing more to do there until the group closes
    const all = await inbox(p.key, 'toAct=true&limit=10');
    assert.deepEqual(all.games.map((g) => g.id), [soon.id, late.id, none.id]);
    assert.equal(all.games[0].decisions[0].kind, 'bid');
    assert.ok(all.games[0].dueAt && all.games[1].dueAt && Date.parse(all.games[0].dueAt) < Date.parse(all.games[1].dueAt));
    assert.equal(all.games[2].dueAt, null);
    assert.equal(all.nextCursor, null);
    // Paging one by one gives the same order, and ends.
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: Awaited<ReturnType<typeof inbox>> = await inbox(p.key, `toAct=true&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.games.map((g) => g.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    assert.deepEqual(seen, [soon.id, late.id, none.id]);
    // Without toAct: every game of the player, the waiting one included.
    const every = await inbox(p.key, 'limit=50');
    assert.equal(every.games.length, 4);
    assert.equal(every.games.find((g) => g.id === waiting.id)!.toAct, false);
    // Once the opponent bids too, the waiting game's round closes and it leaves/enters by the rules.
    const bad = await s.app.inject({ method: 'GET', url: `/v1/me/games?toAct=true&cursor=garbage`, headers: auth(p.key) });
    assert.equal(bad.statusCode, 400);
  });
});

describe('ratings', () => {
  test('a rated game changes both ratings once, in the ending transaction; the replayed request changes nothing', async () => {
    const a = await newPlayer('Alice');
    const b = await newPlayer('Bruno');
    const g = await createGame({ seats: [{ name: 'A', player: a.id }, { name: 'B', player: b.id }], rated: true });
    const r1 = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: { ...auth(a.key), 'idempotency-key': 'resign-1' } });
    assert.equal(r1.statusCode, 200, r1.body);
    const ra = await ratingOf(a.id);
    const rb = await ratingOf(b.id);
    assert.ok(ra && rb);
    assert.ok(ra.rating < 1500 && rb.rating > 1500, `${ra.rating} ${rb.rating}`);
    assert.equal(ra.games, 1);
    assert.equal(rb.wins, 1);
    assert.equal(ra.losses, 1);
    const r2 = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: { ...auth(a.key), 'idempotency-key': 'resign-1' } });
    // The service answers a retry after the end with 409 game_over (its existing rule); either way nothing is committed.
    assert.ok(r2.statusCode === 200 || (r2.statusCode === 409 && r2.json().error.code === 'game_over'), r2.body);
    assert.equal((await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}` })).json().version, r1.json().version);
    assert.deepEqual(await ratingOf(a.id), ra);
    assert.deepEqual(await ratingOf(b.id), rb);
    const rows = await sqlOf(s.rt).query<{ changes: unknown[] }>(`SELECT changes FROM rated_games WHERE game_id = $1::text`, [g.id]);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].changes.length, 2);
    const board = await s.app.inject({ method: 'GET', url: '/v1/ratings/duel' });
    assert.equal(board.statusCode, 200);
    const ids = board.json().players.map((x: { id: string }) => x.id);
    assert.ok(ids.indexOf(b.id) < ids.indexOf(a.id), 'the winner ranks above the loser');
  });

  test('a rated game played to its end by both players moves the ratings once', async () => {
    const a = await newPlayer('Cat');
    const b = await newPlayer('Dan');
    const g = await createGame({ seats: [{ name: 'C', player: a.id }, { name: 'D', player: b.id }], rated: true });
    for (let i = 0; i < 40; i++) {
      const v = (await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}`, headers: auth(a.key) })).json();
      if (v.status === 'finished') break;
      const dec = v.pending[0] ?? null;
      if (v.pending.some((d: { kind: string; seat: number }) => d.kind === 'bid')) {
        await bid(g.id, a.key);
        await bid(g.id, b.key);
      } else if (dec) {
        const key = dec.seat === 0 ? a.key : b.key;
        const r = await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/actions`, headers: auth(key), payload: { action: { type: 'pass' } } });
        assert.equal(r.statusCode, 200, r.body);
      }
    }
    const end = (await s.app.inject({ method: 'GET', url: `/v1/games/${g.id}` })).json();
    assert.equal(end.status, 'finished');
    const ra = (await ratingOf(a.id))!;
    const rb = (await ratingOf(b.id))!;
    assert.equal(ra.games, 1);
    assert.equal(rb.games, 1);
    if (end.result.draw) assert.equal(Math.round(ra.rating), Math.round(rb.rating));
    else assert.notEqual(ra.rating, rb.rating);
  });

  test('unrated games change no rating; against an AI only the human moves (the AI anchors)', async () => {
    const p = await newPlayer('Solo');
    const g = await createGame({ seats: [{ name: 'S', player: p.id }, { name: 'O' }] });
    assert.equal((await s.app.inject({ method: 'POST', url: `/v1/games/${g.id}/resign`, headers: auth(p.key) })).statusCode, 200);
    assert.equal(await ratingOf(p.id), undefined);
    const ai = await createGame({ seats: [{ name: 'S', player: p.id }, { name: 'Bot', ai: { level: 'random' } }], rated: true });
    assert.equal((await s.app.inject({ method: 'POST', url: `/v1/games/${ai.id}/resign`, headers: auth(p.key) })).statusCode, 200);
    const r = (await ratingOf(p.id))!;
    assert.equal(r.games, 1);
    assert.ok(r.rating < 1500);
    const board = (await s.app.inject({ method: 'GET', url: '/v1/ratings/duel' })).json();
    assert.ok(board.ai.some((x: { level: string; rating: number }) => x.level === 'random' && x.rating > 0));
  });

  test('a rated game needs every human seat to be a player', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/v1/games', payload: { ruleset: 'duel', rated: true, seats: [{ name: 'A' }, { name: 'B' }] } });
    assert.equal(r.statusCode, 422, r.body);
  });
});
